#include "transport.hpp"

#include <boost/asio.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/websocket.hpp>
#include <chrono>
#include <cstdio>
#include <deque>
#include <fstream>
#include <iterator>
#include <memory>
#include <sstream>
#include <string>
#include <unordered_map>

#include "web_files.hpp"

namespace mus_server {
namespace {

namespace beast = boost::beast;
namespace http = beast::http;
namespace websocket = beast::websocket;
namespace net = boost::asio;
using tcp = net::ip::tcp;

constexpr std::size_t max_queued_messages = 2048;  // a client this far behind is dropped
constexpr std::size_t ws_hard_limit = 65536;       // larger frames close the connection
constexpr std::size_t http_body_limit = 8192;

std::int64_t now_ms() {
  static const auto start = std::chrono::steady_clock::now();
  return std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() -
                                                               start)
      .count();
}

void log_line(const std::string& s) {
  std::fprintf(stderr, "mus-server: %s\n", s.c_str());
}

class WsSession;

// What every session shares: the handler, the store, the options and the open WebSocket
// sessions.
//
// Group commit: the first event that reaches the handler opens a group in the store and posts
// a flush to the io_context; every event that completes before the flush runs (all those the
// reactor found ready, under load) joins the group, and their messages are held. The flush
// commits the group once, then sends the held messages: no client sees an action before it is
// stored, and one commit serves many tables. If the commit fails the server stops without
// sending them (a restart rebuilds every match from what was stored).
struct Hub {
  Handler& handler;
  Store& store;
  const Options& opt;
  net::io_context& ioc;
  std::unordered_map<ConnId, std::weak_ptr<WsSession>> sessions;
  ConnId next = 1;
  bool grouping = false;
  std::vector<Outgoing> held;
  int exit_status = 0;

  // Call before giving the handler anything that may write to the store.
  void begin() {
    if (grouping) return;
    store.begin_group();
    grouping = true;
    net::post(ioc, [this] { flush(); });
  }
  void flush();
  void deliver(std::vector<Outgoing>&& out);
  void send_now(std::vector<Outgoing>& out);  // moves the texts out
  void flush_log() {
    for (const auto& l : handler.take_log()) log_line(l);
  }
};

class WsSession : public std::enable_shared_from_this<WsSession> {
 public:
  WsSession(tcp::socket&& socket, Hub& hub, ConnId id)
      : ws_(std::move(socket)), hub_(hub), id_(id) {}

  void start(http::request<http::string_body> req) {
    ws_.set_option(websocket::stream_base::timeout::suggested(beast::role_type::server));
    ws_.read_message_max(ws_hard_limit);
    ws_.async_accept(req, [self = shared_from_this()](beast::error_code ec) {
      if (ec) return;
      self->hub_.sessions[self->id_] = self;
      self->hub_.begin();
      self->hub_.handler.open(self->id_, now_ms());
      self->open_ = true;
      self->read();
    });
  }

  void send(std::string text) {
    if (closing_) return;
    if (queue_.size() >= max_queued_messages) {
      closing_ = true;
      beast::get_lowest_layer(ws_).close();
      return;
    }
    queue_.push_back(std::move(text));
    if (queue_.size() == 1) write();
  }

 private:
  void read() {
    ws_.async_read(buffer_, [self = shared_from_this()](beast::error_code ec, std::size_t) {
      if (ec) return self->closed();
      if (!self->ws_.got_text()) {
        self->buffer_.consume(self->buffer_.size());
        self->hub_.deliver({{self->id_, R"({"type":"error","code":"bad_json","message":"send text frames"})"}});
        return self->read();
      }
      const auto data = self->buffer_.cdata();
      self->hub_.begin();
      self->hub_.deliver(self->hub_.handler.message(
          self->id_, std::string_view(static_cast<const char*>(data.data()), data.size()),
          now_ms()));
      self->buffer_.consume(self->buffer_.size());
      self->read();
    });
  }

  void write() {
    ws_.text(true);
    ws_.async_write(net::buffer(queue_.front()),
                    [self = shared_from_this()](beast::error_code ec, std::size_t) {
                      if (ec) return self->closed();
                      self->queue_.pop_front();
                      if (!self->queue_.empty()) self->write();
                    });
  }

  void closed() {
    if (!open_) return;
    open_ = false;
    hub_.sessions.erase(id_);
    hub_.begin();
    hub_.deliver(hub_.handler.close(id_, now_ms()));
  }

  websocket::stream<beast::tcp_stream> ws_;
  beast::flat_buffer buffer_;
  std::deque<std::string> queue_;
  Hub& hub_;
  ConnId id_;
  bool open_ = false;
  bool closing_ = false;
};

void Hub::send_now(std::vector<Outgoing>& out) {
  for (auto& o : out) {
    auto it = sessions.find(o.conn);
    if (it == sessions.end()) continue;
    if (auto s = it->second.lock()) s->send(std::move(o.text));
  }
}

void Hub::deliver(std::vector<Outgoing>&& out) {
  if (grouping) {
    if (held.empty()) {
      held = std::move(out);
    } else {
      held.insert(held.end(), std::make_move_iterator(out.begin()),
                  std::make_move_iterator(out.end()));
    }
  } else {
    send_now(out);
  }
  flush_log();
}

void Hub::flush() {
  if (!grouping) return;
  grouping = false;
  try {
    store.end_group();
  } catch (const StoreError& e) {
    log_line(std::string("store: ") + e.what() + "; stopping without sending what it held");
    held.clear();
    exit_status = 1;
    ioc.stop();
    return;
  }
  std::vector<Outgoing> out = std::move(held);
  held.clear();
  send_now(out);
}

class HttpSession : public std::enable_shared_from_this<HttpSession> {
 public:
  HttpSession(tcp::socket&& socket, Hub& hub) : stream_(std::move(socket)), hub_(hub) {}

  void start() { read(); }

 private:
  void read() {
    parser_.emplace();
    parser_->body_limit(http_body_limit);
    parser_->header_limit(8192);
    stream_.expires_after(std::chrono::seconds(30));
    http::async_read(stream_, buffer_, *parser_,
                     [self = shared_from_this()](beast::error_code ec, std::size_t) {
                       if (ec) return self->shutdown();
                       self->handle(self->parser_->release());
                     });
  }

  bool origin_allowed(const http::request<http::string_body>& req) const {
    const auto it = req.find(http::field::origin);
    if (it == req.end()) return true;  // not a browser
    const std::string origin(it->value());
    const std::string port = std::to_string(stream_.socket().local_endpoint().port());
    const std::string host(req[http::field::host]);
    if (!host.empty() && (origin == "http://" + host || origin == "https://" + host)) return true;
    if (origin == "http://127.0.0.1:" + port || origin == "http://localhost:" + port) return true;
    for (const auto& o : hub_.opt.origins)
      if (origin == o) return true;
    return false;
  }

  void handle(http::request<http::string_body> req) {
    const std::string target(req.target());
    if (websocket::is_upgrade(req)) {
      if (target != "/ws") return reply(req, http::status::not_found, "text/plain", "no WebSocket here\n");
      if (!origin_allowed(req)) return reply(req, http::status::forbidden, "text/plain", "origin not allowed\n");
      if (hub_.sessions.size() >= hub_.opt.max_connections)
        return reply(req, http::status::service_unavailable, "text/plain", "too many connections\n");
      stream_.expires_never();
      const ConnId id = hub_.next++;
      std::make_shared<WsSession>(stream_.release_socket(), hub_, id)->start(std::move(req));
      return;
    }
    if (req.method() != http::verb::get && req.method() != http::verb::head)
      return reply(req, http::status::method_not_allowed, "text/plain", "GET only\n");
    const std::string path = target.substr(0, target.find('?'));
    if (path == "/tables") return reply(req, http::status::ok, "application/json", hub_.handler.lobby());
    const bool record = path.rfind("/replays/", 0) == 0;
    if (record || path.rfind("/matches/", 0) == 0) {
      const std::string id = path.substr(9);
      hub_.begin();  // it reads the store: inside the group, so it sees the group's writes
      auto text = id.size() <= 40 ? hub_.handler.match_text(id, record ? Handler::MatchText::record
                                                                        : Handler::MatchText::page)
                                  : std::nullopt;
      hub_.flush_log();
      if (!text) return reply(req, http::status::not_found, "text/plain", "no finished match with this id\n");
      return reply(req, http::status::ok, "text/plain; charset=utf-8", *text);
    }
    std::optional<std::filesystem::path> file;
    if (path.rfind("/libmus/", 0) == 0) {
      if (!hub_.opt.package_dir.empty()) file = resolve_static(hub_.opt.package_dir, path.substr(7));
    } else if (!hub_.opt.web_dir.empty()) {
      file = resolve_static(hub_.opt.web_dir, path);
    }
    if (!file) return reply(req, http::status::not_found, "text/plain", "not found\n");
    std::ifstream in(*file, std::ios::binary);
    std::string body((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    return reply(req, http::status::ok, std::string(content_type(*file)), std::move(body));
  }

  void reply(const http::request<http::string_body>& req, http::status status,
             const std::string& type, std::string body) {
    auto res = std::make_shared<http::response<http::string_body>>(status, req.version());
    res->set(http::field::server, "mus-server");
    res->set(http::field::content_type, type);
    res->set(http::field::cache_control, "no-store");
    res->set("X-Content-Type-Options", "nosniff");
    res->keep_alive(req.keep_alive());
    const bool head = req.method() == http::verb::head;
    res->body() = std::move(body);
    res->prepare_payload();
    if (head) res->body().clear();
    http::async_write(stream_, *res,
                      [self = shared_from_this(), res](beast::error_code ec, std::size_t) {
                        if (ec || !res->keep_alive()) return self->shutdown();
                        self->read();
                      });
  }

  void shutdown() {
    beast::error_code ec;
    stream_.socket().shutdown(tcp::socket::shutdown_send, ec);
  }

  beast::tcp_stream stream_;
  beast::flat_buffer buffer_;
  std::optional<http::request_parser<http::string_body>> parser_;
  Hub& hub_;
};

class Listener : public std::enable_shared_from_this<Listener> {
 public:
  // Takes a bound and listening acceptor (listen_on()).
  Listener(net::io_context& ioc, tcp::acceptor& acceptor, Hub& hub)
      : ioc_(ioc), acceptor_(acceptor), hub_(hub) {}
  void accept() {
    acceptor_.async_accept(net::make_strand(ioc_),
                           [self = shared_from_this()](beast::error_code ec, tcp::socket s) {
                             if (!ec) {
                               self->serve(std::move(s));
                               self->drain();
                             }
                             if (ec != net::error::operation_aborted) self->accept();
                           });
  }

 private:
  // Under load one turn of the loop serves many events, so one accept per turn let new
  // connections wait in the kernel's queue for seconds: take the others waiting too.
  void drain() {
    for (int i = 0; i < max_accepts_per_turn; ++i) {
      tcp::socket s(net::make_strand(ioc_));
      beast::error_code ec;
      acceptor_.accept(s, ec);
      if (ec) return;  // would_block: none is waiting
      serve(std::move(s));
    }
  }
  void serve(tcp::socket s) {
    beast::error_code ignored;
    s.set_option(tcp::no_delay(true), ignored);  // small messages
    std::make_shared<HttpSession>(std::move(s), hub_)->start();
  }

  static constexpr int max_accepts_per_turn = 256;
  net::io_context& ioc_;
  tcp::acceptor& acceptor_;
  Hub& hub_;
};

void schedule_tick(net::steady_timer& timer, Hub& hub) {
  timer.expires_after(std::chrono::milliseconds(200));
  timer.async_wait([&timer, &hub](beast::error_code ec) {
    if (ec) return;
    hub.begin();
    hub.deliver(hub.handler.tick(now_ms()));
    schedule_tick(timer, hub);
  });
}

}  // namespace

struct Listening::Impl {
  net::io_context ioc{1};
  tcp::acceptor acceptor{ioc};
};

Listening::Listening(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}
Listening::~Listening() = default;
std::uint16_t Listening::port() const { return impl_->acceptor.local_endpoint().port(); }

std::unique_ptr<Listening> listen_on(const Options& opt, std::string& error) {
  auto impl = std::make_unique<Listening::Impl>();
  const std::string where = opt.host + " port " + std::to_string(opt.port);
  beast::error_code ec;
  const auto address = net::ip::make_address(opt.host, ec);
  if (ec) {
    error = "--host " + opt.host + ": not an IP address (" + ec.message() + ")";
    return nullptr;
  }
  const tcp::endpoint ep{address, opt.port};
  tcp::acceptor& a = impl->acceptor;
  a.open(ep.protocol(), ec);
  if (!ec) a.set_option(net::socket_base::reuse_address(true), ec);
  if (!ec) a.bind(ep, ec);
  if (ec == net::error::address_in_use) {
    error = "cannot listen on " + where +
            ": it is in use (another mus-server, or another program); stop it, or give "
            "another port with --port N (0: any free one)";
    return nullptr;
  }
  if (!ec) a.listen(4096, ec);
  if (!ec) a.non_blocking(true, ec);  // Listener::drain(): would_block when none is waiting
  if (ec) {
    error = "cannot listen on " + where + ": " + ec.message();
    return nullptr;
  }
  return std::make_unique<Listening>(std::move(impl));
}

int run_server(Listening& listening, const Options& opt, Handler& handler, Store& store) {
  (void)now_ms();  // the handler's clock starts here (restore() used 0)
  net::io_context& ioc = listening.impl().ioc;
  Hub hub{handler, store, opt, ioc, {}, 1, false, {}, 0};
  auto listener = std::make_shared<Listener>(ioc, listening.impl().acceptor, hub);
  listener->accept();
  net::steady_timer timer(ioc);
  schedule_tick(timer, hub);
  net::signal_set signals(ioc, SIGINT, SIGTERM);
  signals.async_wait([&ioc](beast::error_code, int) { ioc.stop(); });
  const std::string host = opt.host.find(':') != std::string::npos ? "[" + opt.host + "]" : opt.host;
  std::printf("mus-server: listening on http://%s:%u/\n", host.c_str(),
              static_cast<unsigned>(listening.port()));
  std::fflush(stdout);
  ioc.run();
  if (hub.exit_status == 0) hub.flush();  // what the last events held
  log_line("stopped");
  return hub.exit_status;
}

}  // namespace mus_server
