#include "transport.hpp"

#include <pthread.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <boost/asio.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/websocket.hpp>
#include <cerrno>
#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <deque>
#include <fstream>
#include <future>
#include <iterator>
#include <memory>
#include <mutex>
#include <sstream>
#include <string>
#include <thread>

#include "lease.hpp"
#include "shared_map.hpp"
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

// The thread's name as `top -H` and /proc/<pid>/task/<tid>/comm show it (15 bytes at most).
void name_thread(const char* name) { pthread_setname_np(pthread_self(), name); }

}  // namespace

// ---- the commit thread ----------------------------------------------------------------------

// The one writer of the store. Every store call of every table and player, and every message to
// send, joins one queue, in the order they are made; the commit thread takes all that waits
// (a group), applies the store calls in one transaction (Store::begin_group()), commits once,
// and only then sends the group's messages. So no client sees an action before it is stored,
// one commit serves every table that moved meanwhile, and a connection's messages leave in the
// order they were made. The queue's mutex is held only to append or to take the whole queue.
//
// A store call that fails here cannot be refused to its client any more (its table has moved
// on): the commit thread stops storing and sending, and the server stops; nobody saw the
// group's effects, and a restart rebuilds every match from what was stored.
class Committer {
 public:
  using Op = std::function<void(Store&)>;
  using Send = std::function<void(std::vector<Outgoing>&)>;

  Committer(Store& store, Send send, std::function<void()> failed, std::function<void()> after)
      : store_(store), send_(std::move(send)), failed_(std::move(failed)), after_(std::move(after)) {}
  ~Committer() { stop(); }

  // Of a node of several: `live` is asked before each group, and may wait (the leases
  // lapsed: the node then neither commits nor sends anything, not even a view of a table that
  // another node may be taking); false fails the group as a failed commit does.
  void hold_with(std::function<bool()> live) { live_ = std::move(live); }

  void start() {
    thread_ = std::thread([this] {
      name_thread("mus-commit");
      loop();
    });
  }
  // Commits and sends what waits, then ends the thread.
  void stop() {
    {
      const std::lock_guard lock(m_);
      stopping_ = true;
    }
    cv_.notify_one();
    if (thread_.joinable()) thread_.join();
  }

  // A store call (a write), made in the next group.
  void write(Op op) { push({std::move(op), false, {}}); }
  // A store read, made after the next group's commit (so it sees it).
  void read(Op op) { push({std::move(op), true, {}}); }
  // Messages, sent once everything queued before them is committed.
  void deliver(std::vector<Outgoing>&& out) {
    if (!out.empty()) push({{}, false, std::move(out)});
  }

  // The store it writes (for what never changes, such as Store::shared()).
  Store& store() const { return store_; }
  // Counts, for the log at the end.
  std::uint64_t groups() const { return groups_.load(); }
  std::uint64_t writes() const { return writes_.load(); }

 private:
  struct Entry {
    Op op;
    bool read = false;
    std::vector<Outgoing> out;
  };

  void push(Entry e) {
    bool wake = false;
    {
      const std::lock_guard lock(m_);
      queue_.push_back(std::move(e));
      wake = waiting_;
      waiting_ = false;
    }
    if (wake) cv_.notify_one();
  }

  void loop() {
    std::vector<Entry> group;
    std::vector<Outgoing> out;
    for (;;) {
      {
        std::unique_lock lock(m_);
        while (queue_.empty() && !stopping_) {
          waiting_ = true;
          cv_.wait(lock);
        }
        waiting_ = false;
        if (queue_.empty()) return;  // stopping, and nothing left
        group.swap(queue_);
      }
      std::size_t writes = 0;
      for (const Entry& e : group) writes += e.op && !e.read ? 1 : 0;
      if (!failed_once_ && live_ && !live_()) {
        log_line(
            "store: the table leases lapsed and were not renewed in time, or another node took "
            "a table of this node; stopping without sending what it held");
        failed_once_ = true;
        failed_();
      }
      if (writes > 0 && !failed_once_) {
        try {
          store_.begin_group();
          for (Entry& e : group)
            if (e.op && !e.read) e.op(store_);
          store_.end_group();
          ++groups_;
          writes_ += writes;
        } catch (const std::exception& e) {
          log_line(std::string("store: ") + e.what() + "; stopping without sending what it held");
          failed_once_ = true;
          failed_();
        }
      }
      for (Entry& e : group) {
        if (e.read) e.op(store_);  // a read's promise is kept even after a failure
        if (!failed_once_ && !e.out.empty())
          out.insert(out.end(), std::make_move_iterator(e.out.begin()),
                     std::make_move_iterator(e.out.end()));
      }
      group.clear();
      if (!out.empty()) send_(out);
      out.clear();
      after_();
    }
  }

  Store& store_;
  Send send_;
  std::function<void()> failed_, after_;
  std::function<bool()> live_;
  std::mutex m_;
  std::condition_variable cv_;
  std::vector<Entry> queue_;
  bool waiting_ = false, stopping_ = false;
  bool failed_once_ = false;  // the commit thread's own
  std::atomic<std::uint64_t> groups_{0}, writes_{0};
  std::thread thread_;
};

namespace {

// The store as the handler and the tables see it in the server: each write joins the commit
// thread's queue (and so never fails here: see Committer), each read waits for the commit
// thread to make it.
class QueuedStore final : public Store {
 public:
  explicit QueuedStore(Committer& c) : c_(c) {}
  void put_player(const PlayerRecord& p) override {
    c_.write([p](Store& s) { s.put_player(p); });
  }
  void set_friend(const std::string& player, const std::string& other, bool on) override {
    c_.write([player, other, on](Store& s) { s.set_friend(player, other, on); });
  }
  void create_table(const TableRecord& t) override {
    c_.write([t](Store& s) { s.create_table(t); });
  }
  void set_seat(const std::string& table, int seat, const std::string& player) override {
    c_.write([table, seat, player](Store& s) { s.set_seat(table, seat, player); });
  }
  void append_actions(const std::string& table, std::size_t first,
                      const std::vector<std::string>& actions, const MatchEnd* end) override {
    std::optional<MatchEnd> e;
    if (end != nullptr) e = *end;
    c_.write([table, first, actions, e](Store& s) {
      s.append_actions(table, first, actions, e ? &*e : nullptr);
    });
  }
  void append_chat(const std::string& table, const ChatLine& line) override {
    c_.write([table, line](Store& s) { s.append_chat(table, line); });
  }
  void close_table(const std::string& table) override {
    c_.write([table](Store& s) { s.close_table(table); });
  }
  std::vector<PlayerRecord> load_players() override {
    return read([](Store& s) { return s.load_players(); });
  }
  std::vector<TableRecord> load_unfinished() override {
    return read([](Store& s) { return s.load_unfinished(); });
  }
  std::optional<TableRecord> load_table(const std::string& id) override {
    return read([&id](Store& s) { return s.load_table(id); });
  }
  // Of a node of several, on the lease thread's own connection, never behind a commit.
  std::vector<std::string> renew_leases(bool take) override {
    if (lease != nullptr) return lease->renew(take);
    return read([take](Store& s) { return s.renew_leases(take); });
  }
  std::optional<PlayerRecord> load_player(const std::string& id) override {
    return read([&id](Store& s) { return s.load_player(id); });
  }
  bool shared() const override { return c_.store().shared(); }
  std::string node() const override { return c_.store().node(); }
  // Of a node of several: takes an expired table only when its lease thread may
  // (LeaseKeeper::may_take(): not just after its renewals failed).
  std::optional<std::string> claim_table(const std::string& id, bool take) override {
    take = take && (lease == nullptr || lease->may_take());
    return read([&id, take](Store& s) { return s.claim_table(id, take); });
  }
  std::optional<std::string> table_with_code(const std::string& code) override {
    return read([&code](Store& s) { return s.table_with_code(code); });
  }
  std::vector<std::string> seated_tables(const std::string& player) override {
    return read([&player](Store& s) { return s.seated_tables(player); });
  }
  std::vector<OpenTable> load_open_tables() override {
    return read([](Store& s) { return s.load_open_tables(); });
  }

 private:
  template <typename F>
  auto read(F f) -> decltype(f(std::declval<Store&>())) {
    using T = decltype(f(std::declval<Store&>()));
    std::promise<T> promise;
    auto result = promise.get_future();
    c_.read([&](Store& s) {
      try {
        promise.set_value(f(s));
      } catch (...) {
        promise.set_exception(std::current_exception());
      }
    });
    return result.get();
  }
  Committer& c_;

 public:
  LeaseKeeper* lease = nullptr;  // a node's lease thread (set before the handler is made)
};

class WsSession;

// A table's lane in the server: a strand of the io_context.
struct StrandLane final : Lane {
  explicit StrandLane(net::io_context& ioc) : strand(net::make_strand(ioc)) {}
  net::strand<net::io_context::executor_type> strand;
};

// Where the handler's tables run in the server: each on its strand over the io threads, their
// messages through the commit thread, their bots (and the searches behind people's tips) on
// threads of their own (at a lower priority, so that a bot thinking never slows the tables of
// people).
class ServerRuntime final : public Runtime {
 public:
  ServerRuntime(net::io_context& ioc, net::io_context& bots, Committer& committer,
                std::chrono::milliseconds bot_delay)
      : ioc_(ioc), bots_(bots), committer_(committer), bot_delay_(bot_delay) {}
  std::unique_ptr<Lane> lane() override { return std::make_unique<StrandLane>(ioc_); }
  void run(Lane& lane, Job job, std::int64_t, std::vector<Outgoing>& out) override {
    committer_.deliver(std::move(out));  // what the caller said first goes first
    out.clear();
    net::post(static_cast<StrandLane&>(lane).strand, [this, job = std::move(job)] { finish(job); });
  }
  [[nodiscard]] bool bots_inline() const override { return false; }
  void think(Lane& lane, std::function<void()> work, Job done) override {
    apart(lane, std::move(work), std::move(done), bot_delay_);
  }
  void advise(Lane& lane, std::function<void()> work, Job done) override {
    apart(lane, std::move(work), std::move(done), std::chrono::milliseconds(0));
  }

 private:
  // Runs `work` on the bots' threads (after `delay`), then `done` on the lane.
  void apart(Lane& lane, std::function<void()> work, Job done, std::chrono::milliseconds delay) {
    net::post(bots_, [this, strand = static_cast<StrandLane&>(lane).strand, delay,
                      work = std::move(work), done = std::move(done)]() mutable {
      if (delay.count() > 0) std::this_thread::sleep_for(delay);
      work();
      net::post(strand, [this, done = std::move(done)] { finish(done); });
    });
  }
  void finish(const Job& job) {
    std::vector<Outgoing> out;
    job(now_ms(), out);
    committer_.deliver(std::move(out));
  }
  net::io_context& ioc_;
  net::io_context& bots_;
  Committer& committer_;
  std::chrono::milliseconds bot_delay_;
};

// What every session shares: the handler, the options and the open WebSocket sessions.
struct Hub {
  // Set once by Service::run() while the commit thread may already read it (flush_log()).
  std::atomic<Handler*> handler = nullptr;
  const Options& opt;
  net::io_context& ioc;
  Committer& committer;
  struct Entry {
    std::weak_ptr<WsSession> session;
  };
  SharedMap<Entry> sessions;
  std::atomic<ConnId> next{1};

  void deliver(std::vector<Outgoing>&& out) { committer.deliver(std::move(out)); }
  void send(std::vector<Outgoing>& out);  // the commit thread's: to each session's strand
  void flush_log() {
    if (Handler* h = handler.load(); h != nullptr)
      for (const auto& l : h->take_log()) log_line(l);
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
      self->hub_.sessions.insert(self->id_, std::make_shared<Hub::Entry>(Hub::Entry{self}));
      self->hub_.handler.load()->open(self->id_, now_ms());
      self->open_ = true;
      self->read();
    });
  }

  // From any thread: sends on the session's strand.
  void post_send(Text text) {
    net::post(ws_.get_executor(),
              [self = shared_from_this(), text = std::move(text)]() mutable { self->send(std::move(text)); });
  }

 private:
  void send(Text text) {
    if (closing_) return;
    if (queue_.size() >= max_queued_messages) {
      closing_ = true;
      beast::get_lowest_layer(ws_).close();
      return;
    }
    queue_.push_back(std::move(text));
    if (queue_.size() == 1) write();
  }

  void read() {
    ws_.async_read(buffer_, [self = shared_from_this()](beast::error_code ec, std::size_t) {
      if (ec) return self->closed();
      if (!self->ws_.got_text()) {
        self->buffer_.consume(self->buffer_.size());
        self->hub_.deliver(
            {{self->id_,
              share(R"({"type":"error","code":"bad_json","message":"send text frames"})")}});
        return self->read();
      }
      const auto data = self->buffer_.cdata();
      self->hub_.deliver(self->hub_.handler.load()->message(
          self->id_, std::string_view(static_cast<const char*>(data.data()), data.size()),
          now_ms()));
      self->buffer_.consume(self->buffer_.size());
      self->read();
    });
  }

  void write() {
    ws_.text(true);
    ws_.async_write(net::buffer(*queue_.front()),
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
    hub_.deliver(hub_.handler.load()->close(id_, now_ms()));
  }

  websocket::stream<beast::tcp_stream> ws_;
  beast::flat_buffer buffer_;
  std::deque<Text> queue_;
  Hub& hub_;
  ConnId id_;
  bool open_ = false;
  bool closing_ = false;
};

void Hub::send(std::vector<Outgoing>& out) {
  for (auto& o : out) {
    const auto entry = sessions.find(o.conn);
    if (!entry) continue;
    if (auto s = entry->session.lock()) s->post_send(std::move(o.text));
  }
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
    const std::string path = target.substr(0, target.find('?'));
    if (websocket::is_upgrade(req)) {
      // Its query (a cluster's ?table=...&node=..., for HAProxy's routing) is not read here.
      if (path != "/ws") return reply(req, http::status::not_found, "text/plain", "no WebSocket here\n");
      if (!origin_allowed(req)) return reply(req, http::status::forbidden, "text/plain", "origin not allowed\n");
      if (hub_.sessions.size() >= hub_.opt.max_connections)
        return reply(req, http::status::service_unavailable, "text/plain", "too many connections\n");
      stream_.expires_never();
      const ConnId id = hub_.next.fetch_add(1);
      std::make_shared<WsSession>(stream_.release_socket(), hub_, id)->start(std::move(req));
      return;
    }
    if (req.method() != http::verb::get && req.method() != http::verb::head)
      return reply(req, http::status::method_not_allowed, "text/plain", "GET only\n");
    if (path == "/tables")
      return reply(req, http::status::ok, "application/json", hub_.handler.load()->lobby());
    const bool record = path.rfind("/replays/", 0) == 0;
    if (record || path.rfind("/matches/", 0) == 0) {
      std::string id = path.substr(9);
      // /matches/<id>: the page (match.html, which draws /matches/<id>.json in the person's
      // language) for a browser, when the server has the web table; else the text.
      auto what = record ? Handler::MatchText::record : Handler::MatchText::page;
      std::string type = "text/plain; charset=utf-8";
      if (!record && id.ends_with(".json")) {
        id.resize(id.size() - 5);
        what = Handler::MatchText::data;
        type = "application/json";
      }
      std::optional<std::filesystem::path> html;
      if (what == Handler::MatchText::page && !hub_.opt.web_dir.empty() &&
          req[http::field::accept].find("text/html") != std::string_view::npos)
        html = resolve_static(hub_.opt.web_dir, "/match.html");
      // It reads the store through the commit thread, after the group it is in is committed.
      auto text = id.size() <= 40 ? hub_.handler.load()->match_text(id, what) : std::nullopt;
      hub_.flush_log();
      if (!text) return reply(req, http::status::not_found, "text/plain", "no finished match with this id\n");
      if (html) return send_file(req, *html);
      return reply(req, http::status::ok, type, *text);
    }
    std::optional<std::filesystem::path> file;
    if (path.rfind("/libmus/", 0) == 0) {
      if (!hub_.opt.package_dir.empty()) file = resolve_static(hub_.opt.package_dir, path.substr(7));
    } else if (!hub_.opt.web_dir.empty()) {
      file = resolve_static(hub_.opt.web_dir, path);
    }
    if (!file) return reply(req, http::status::not_found, "text/plain", "not found\n");
    send_file(req, *file);
  }

  void send_file(const http::request<http::string_body>& req, const std::filesystem::path& file) {
    std::ifstream in(file, std::ios::binary);
    std::string body((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    reply(req, http::status::ok, std::string(content_type(file)), std::move(body));
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
  // One accept waits at a time, so the acceptor is used by one thread at a time.
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

// The clock: every 200 ms each table's clock and grace windows are checked, on its lane.
void schedule_tick(net::steady_timer& timer, Hub& hub) {
  timer.expires_after(std::chrono::milliseconds(200));
  timer.async_wait([&timer, &hub](beast::error_code ec) {
    if (ec) return;
    hub.deliver(hub.handler.load()->tick(now_ms()));
    hub.flush_log();
    schedule_tick(timer, hub);
  });
}

// Runs an io_context on this thread until it is stopped; a handler that throws is logged and
// the thread goes on.
void run_loop(net::io_context& ioc) {
  for (;;) {
    try {
      ioc.run();
      return;
    } catch (const std::exception& e) {
      log_line(std::string("internal: ") + e.what());
    }
  }
}

}  // namespace

// ---- listening ------------------------------------------------------------------------------

struct Listening::Impl {
  explicit Impl(int threads) : ioc(threads) {}
  net::io_context ioc;
  tcp::acceptor acceptor{ioc};
};

Listening::Listening(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}
Listening::~Listening() = default;
std::uint16_t Listening::port() const { return impl_->acceptor.local_endpoint().port(); }

std::unique_ptr<Listening> listen_on(const Options& opt, std::string& error) {
  auto impl = std::make_unique<Listening::Impl>(opt.threads);
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

// ---- the service ----------------------------------------------------------------------------

// How long a node's commits wait for its lapsed leases to be renewed before it stops: as long
// as the store waits for PostgreSQL to come back.
constexpr std::chrono::milliseconds lease_wait{store_reconnect_ms};

struct Service::Impl {
  Impl(Listening& l, const Options& o, Store& s)
      : listening(l),
        opt(o),
        ioc(l.impl().ioc),
        bots(o.bot_threads),
        committer(
            s, [this](std::vector<Outgoing>& out) { hub.send(out); },
            [this] {
              exit_status = 1;
              ioc.stop();
            },
            [this] { hub.flush_log(); }),
        store(committer),
        runtime(ioc, bots, committer, std::chrono::milliseconds(o.test_bot_delay_ms)),
        hub{nullptr, o, ioc, committer, {}, {1}} {}

  Listening& listening;
  const Options& opt;
  net::io_context& ioc;
  net::io_context bots;
  std::optional<net::executor_work_guard<net::io_context::executor_type>> bots_work;
  std::vector<std::thread> bot_threads;
  Committer committer;
  QueuedStore store;
  ServerRuntime runtime;
  Hub hub;
  std::atomic<int> exit_status{0};
  std::unique_ptr<LeaseKeeper> lease;
};

Service::Service(Listening& listening, const Options& opt, Store& store, Store* lease_store)
    : impl_(std::make_unique<Impl>(listening, opt, store)) {
  (void)now_ms();  // the handler's clock starts here
  if (lease_store != nullptr && store.shared()) {
    Impl& s = *impl_;
    s.lease = std::make_unique<LeaseKeeper>(
        *lease_store, opt.lease_seconds * 1000, [](const std::string& l) { log_line(l); },
        [&s](const std::vector<std::string>& lost) {
          std::string ids;
          for (const auto& id : lost) ids += (ids.empty() ? "" : ", ") + id;
          log_line("another node took table(s) " + ids +
                   " while this node could not renew its leases: stopping (their people "
                   "resume on the new owner)");
          s.exit_status = 1;
          s.ioc.stop();
        });
    s.committer.hold_with([&s] { return s.lease->wait_live(lease_wait); });
    s.store.lease = s.lease.get();
    s.lease->start();
  }
  impl_->committer.start();
  impl_->bots_work.emplace(net::make_work_guard(impl_->bots));
  for (int i = 0; i < opt.bot_threads; ++i) {
    impl_->bot_threads.emplace_back([this] {
      name_thread("mus-bot");
      // People first: a bot thinking takes the CPU only when the network threads leave it.
      const auto tid = static_cast<id_t>(syscall(SYS_gettid));
      errno = 0;
      const int nice = getpriority(PRIO_PROCESS, tid);
      if (errno == 0) (void)setpriority(PRIO_PROCESS, tid, std::min(19, nice + 10));
      run_loop(impl_->bots);
    });
  }
}

Service::~Service() { stop_threads(); }

void Service::stop_threads() {
  if (impl_->bots_work) impl_->bots_work.reset();
  impl_->bots.stop();
  for (auto& t : impl_->bot_threads)
    if (t.joinable()) t.join();
  impl_->bot_threads.clear();
  impl_->committer.stop();
  if (impl_->lease) impl_->lease->stop();
}

Store& Service::store() { return impl_->store; }
Runtime& Service::runtime() { return impl_->runtime; }

int Service::run(Handler& handler) {
  Impl& s = *impl_;
  s.hub.handler = &handler;
  s.hub.flush_log();
  auto listener = std::make_shared<Listener>(s.ioc, s.listening.impl().acceptor, s.hub);
  listener->accept();
  net::steady_timer timer(net::make_strand(s.ioc));
  schedule_tick(timer, s.hub);
  net::signal_set signals(s.ioc, SIGINT, SIGTERM);
  signals.async_wait([&s](beast::error_code, int) { s.ioc.stop(); });
  const std::string host =
      s.opt.host.find(':') != std::string::npos ? "[" + s.opt.host + "]" : s.opt.host;
  std::printf("mus-server: listening on http://%s:%u/\n", host.c_str(),
              static_cast<unsigned>(s.listening.port()));
  std::fflush(stdout);
  std::vector<std::thread> threads;
  for (int i = 1; i < s.opt.threads; ++i)
    threads.emplace_back([&s] {
      name_thread("mus-io");
      run_loop(s.ioc);
    });
  name_thread("mus-io");
  run_loop(s.ioc);
  for (auto& t : threads) t.join();
  // What the last events queued is committed (their messages go nowhere: the loop stopped).
  stop_threads();
  s.hub.flush_log();
  log_line("stopped (" + std::to_string(s.committer.groups()) + " commits of " +
           std::to_string(s.committer.writes()) + " store calls)");
  return s.exit_status.load();
}

}  // namespace mus_server
