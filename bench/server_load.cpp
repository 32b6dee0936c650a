// mus-server-load: the load and fault benchmark of mus-server (docs/server.md "Load and
// faults"). Not a test: only its short smoke runs are registered with ctest.
//
// It starts the server it is given on a free port of 127.0.0.1 with a fresh database, opens
// WebSocket clients (Boost.Beast, one thread, one io_context) and plays tables through it:
// `--tables` tables of four clients each, or with `--bot-tables K`, K of them with one client
// and three of the server's bots (`--bot-kind`, default search). Each group creates its table,
// joins it and plays random legal actions (from each view's `legal` list) through whole
// matches, one after the other, until the time or the match count is up. Then it reports, as a
// table and with `--json FILE` as JSON:
//   - actions per second (every action of the match: shuffles, bots and people), the server's
//     CPU seconds per 1,000 actions (a figure the machine's load disturbs less), by thread;
//   - the latency of each act to the next view that client receives: p50, p90, p99 and max,
//     of the tables of people and of the tables of bots apart (with `--tips on` the people ask
//     for the library's tips, hello.tips, and the views that carried tips are counted);
//   - errors, by code;
//   - the server's peak RSS (VmHWM), and that peak less its RSS before the clients, per table;
//   - the bytes and messages the clients received per action;
//   - SQLite bytes per action and per finished match; the client's own CPU; the machine.
//
// Closed loop (the default): each act is sent as soon as its view arrives, so a slow server
// slows the load it is offered. Open loop (`--rate N`, acts per second in all): each table's
// acts are due on a fixed schedule (one every tables/N seconds), an act waits for its due time
// when its view came early, and its latency is measured from its due time, not from when it
// could be sent: a server that falls behind shows its queue (wrk2's correction of
// coordinated omission).
//
// With --kills N (the fault run) it also kills the server with SIGKILL at random moments, N
// times, restarts it on the same port and database, and the clients reconnect with their resume
// tokens and go on. A client's act is acknowledged when the client receives a view past it
// (the server stores an action before any view shows it). At the end, with the server stopped,
// every acknowledged act must be in the store at its place, with the text of the action the
// client chose, and every table must hold at least as many actions as the highest seq a client
// saw: the lost count must be 0 (exit status 1 otherwise). The store is read with the server's
// own store code (SqliteStore), and hello carries the server's protocol version.
//
// With --cluster it starts no server: it plays through the cluster that scripts/cluster.sh
// started (run it as that script's --run command, which sets MUS_CLUSTER_URL,
// MUS_CLUSTER_NODES and PG_URL): HAProxy's address, the nodes' processes (their CPU is summed)
// and PostgreSQL (read for the check of acknowledged acts). Its clients follow `moved` to a
// table's node. --kills N then kills a node with SIGKILL N times (node1, node2, ...; none is
// restarted), and reports the takeover (from the kill to the first view of the last table
// that lost its node) and the latency of the acts acknowledged meanwhile (p99 during the
// fault).
//
// Loopback only; every loop is bounded in count and time (--seconds at most 600).
//
//   mus-server-load --server build/examples/server/mus-server --tables 1000 --seconds 30
//   mus-server-load --server ... --tables 1000 --rate 9000 --views delta --json run.json
//   mus-server-load --server ... --tables 200 --seconds 40 --kills 10
//   scripts/cluster.sh --run build/examples/server/mus-server-load --cluster --kills 1
// Boost 1.74's asio/awaitable.hpp uses std::exchange without including <utility>.
#include <utility>

#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <sys/resource.h>
#include <sys/utsname.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <boost/asio.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/websocket.hpp>
#include <charconv>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <deque>
#include <filesystem>
#include <fstream>
#include <functional>
#include <map>
#include <memory>
#include <nlohmann/json.hpp>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "server_types.hpp"
#include "sqlite_store.hpp"
#ifdef MUS_SERVER_POSTGRESQL
#include "pg_store.hpp"
#endif

namespace {

namespace beast = boost::beast;
namespace websocket = beast::websocket;
namespace net = boost::asio;
using tcp = net::ip::tcp;
using json = nlohmann::json;
using Clock = std::chrono::steady_clock;

extern "C" char** environ;

struct Config {
  std::string server;
  std::string workdir = "/tmp/mus-server-load";
  std::string rules = "standard target=15";
  std::vector<std::string> server_args;
  int tables = 100;
  int bot_tables = 0;  // of them, tables of one client and three bots
  std::string bot_kind = "search";
  double seconds = 20;
  int max_matches = 1'000'000;
  int kills = 0;
  int connecting = 256;  // connections being opened at once
  std::uint64_t seed = 1;
  double rate = 0;  // acts per second in all (open loop); 0: closed loop
  std::string views = "full";
  bool tips = false;  // hello.tips: the people ask for the library's tips
  std::string json_path;
  std::string label;
  bool cluster = false;  // through scripts/cluster.sh's HAProxy and nodes
};

// A node of the cluster, from MUS_CLUSTER_NODES ("NAME:PID:PORT" each).
struct Node {
  std::string name;
  pid_t pid = 0;
  bool killed = false;
};

// ---- the server process ----

struct ProcStats {
  double cpu_s = 0;  // utime + stime
  long hwm_kb = 0;   // VmHWM
  long rss_kb = 0;   // VmRSS
};

std::string read_all(const std::string& path) {
  std::ifstream in(path);
  return std::string((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
}

// utime + stime of a /proc/.../stat text.
double stat_cpu(const std::string& all) {
  const auto close = all.rfind(')');
  if (close == std::string::npos) return 0;
  std::istringstream rest(all.substr(close + 2));
  std::string f;
  std::vector<std::string> fields;
  while (rest >> f) fields.push_back(f);
  // After the name: state is field 3 of stat(5), so utime (14) and stime (15) are 11 and 12.
  if (fields.size() <= 12) return 0;
  const double tick = static_cast<double>(sysconf(_SC_CLK_TCK));
  return (std::stod(fields[11]) + std::stod(fields[12])) / tick;
}

ProcStats read_proc(pid_t pid) {
  ProcStats out;
  out.cpu_s = stat_cpu(read_all("/proc/" + std::to_string(pid) + "/stat"));
  std::ifstream status("/proc/" + std::to_string(pid) + "/status");
  std::string line;
  while (std::getline(status, line)) {
    if (line.rfind("VmHWM:", 0) == 0) out.hwm_kb = std::stol(line.substr(6));
    if (line.rfind("VmRSS:", 0) == 0) out.rss_kb = std::stol(line.substr(6));
  }
  return out;
}

// CPU seconds of a process's threads, by thread name (mus-io, mus-commit, mus-bot...).
std::map<std::string, double> thread_cpu(pid_t pid) {
  std::map<std::string, double> out;
  std::error_code ec;
  const std::string dir = "/proc/" + std::to_string(pid) + "/task";
  for (const auto& e : std::filesystem::directory_iterator(dir, ec)) {
    std::string name = read_all(e.path().string() + "/comm");
    while (!name.empty() && name.back() == '\n') name.pop_back();
    out[name] += stat_cpu(read_all(e.path().string() + "/stat"));
  }
  return out;
}

class Server {
 public:
  Server(const Config& c, std::string db) : cfg_(c), db_(std::move(db)) {}

  // Starts the server (port 0 the first time: it picks a free one and prints it). Of a
  // cluster: reads HAProxy's port and the nodes, the first time, and starts nothing.
  void start() {
    if (cfg_.cluster) return start_cluster();
    int fds[2];
    if (pipe(fds) != 0) throw std::runtime_error("pipe failed");
    std::vector<std::string> args = {cfg_.server,           "--host", "127.0.0.1", "--port",
                                     std::to_string(port_), "--db",   db_};
    for (const char* a :
         {"--max-tables", "1000000", "--max-tables-per-player", "1000000", "--max-connections",
          "20000", "--rate", "100000", "--burst", "100000", "--clock", "3600", "--grace", "600"})
      args.emplace_back(a);
    args.insert(args.end(), cfg_.server_args.begin(), cfg_.server_args.end());
    std::vector<char*> argv;
    for (auto& a : args) argv.push_back(a.data());
    argv.push_back(nullptr);
    posix_spawn_file_actions_t fa;
    posix_spawn_file_actions_init(&fa);
    posix_spawn_file_actions_adddup2(&fa, fds[1], 1);
    posix_spawn_file_actions_addclose(&fa, fds[0]);
    const std::string log = cfg_.workdir + "/server.log";
    posix_spawn_file_actions_addopen(&fa, 2, log.c_str(), O_WRONLY | O_CREAT | O_APPEND, 0644);
    const int rc = posix_spawn(&pid_, argv[0], &fa, nullptr, argv.data(), environ);
    posix_spawn_file_actions_destroy(&fa);
    close(fds[1]);
    if (rc != 0) throw std::runtime_error("cannot start " + cfg_.server);
    // The first line says where it listens ("mus-server: listening on http://127.0.0.1:P/").
    std::string line;
    char ch = 0;
    while (read(fds[0], &ch, 1) == 1 && ch != '\n' && line.size() < 400) line += ch;
    close(fds[0]);
    const auto colon = line.rfind(':');
    if (line.find("listening on") == std::string::npos || colon == std::string::npos)
      throw std::runtime_error("the server did not start (see " + log + "): " + line);
    port_ = static_cast<std::uint16_t>(std::stoi(line.substr(colon + 1)));
    base_ = read_proc(pid_);
  }

  // Stops the server (SIGKILL or SIGTERM), adding its CPU time and peak RSS to the totals. Of
  // a cluster: SIGKILL kills the next node still up (the name is returned), SIGTERM nothing
  // (scripts/cluster.sh stops them).
  std::string stop(int sig) {
    if (cfg_.cluster) return sig == SIGKILL ? kill_node() : std::string();
    if (pid_ <= 0) return {};
    sample();
    for (const auto& [name, cpu] : thread_cpu(pid_)) threads_done_[name] += cpu;
    kill(pid_, sig);
    int status = 0;
    waitpid(pid_, &status, 0);
    cpu_done_ += last_.cpu_s;
    last_ = {};
    pid_ = 0;
    return {};
  }

  ProcStats sample() {
    if (cfg_.cluster) {
      // The nodes summed (a killed node's last sample stays in cpu_done_).
      ProcStats sum;
      for (const Node& n : nodes_) {
        if (n.killed) continue;
        const ProcStats p = read_proc(n.pid);
        sum.cpu_s += p.cpu_s;
        sum.rss_kb += p.rss_kb;
        sum.hwm_kb += p.hwm_kb;  // the nodes' peaks summed, as their RSS before the clients
      }
      last_ = sum;
      hwm_kb_ = std::max(hwm_kb_, sum.hwm_kb);
      return last_;
    }
    if (pid_ > 0) {
      last_ = read_proc(pid_);
      hwm_kb_ = std::max(hwm_kb_, last_.hwm_kb);
    }
    return last_;
  }
  double cpu_total() { return cpu_done_ + sample().cpu_s; }
  // CPU seconds by thread name, over every process so far.
  std::map<std::string, double> threads_total() const {
    auto out = threads_done_;
    if (pid_ > 0)
      for (const auto& [name, cpu] : thread_cpu(pid_)) out[name] += cpu;
    for (const Node& n : nodes_)
      if (!n.killed)
        for (const auto& [name, cpu] : thread_cpu(n.pid)) out[name] += cpu;
    return out;
  }
  std::size_t node_count() const { return nodes_.size(); }
  long hwm_kb() const { return hwm_kb_; }
  long base_rss_kb() const { return base_.rss_kb; }
  std::uint16_t port() const { return port_; }

 private:
  const Config& cfg_;
  std::string db_;
  pid_t pid_ = 0;
  std::uint16_t port_ = 0;
  ProcStats base_{}, last_{};
  double cpu_done_ = 0;
  std::map<std::string, double> threads_done_;
  long hwm_kb_ = 0;
  std::vector<Node> nodes_;

  void start_cluster() {
    if (!nodes_.empty()) return;  // the nodes that were killed stay down
    const char* url = std::getenv("MUS_CLUSTER_URL");
    const char* list = std::getenv("MUS_CLUSTER_NODES");
    if (url == nullptr || list == nullptr)
      throw std::runtime_error(
          "--cluster: MUS_CLUSTER_URL and MUS_CLUSTER_NODES are not set: run this as "
          "scripts/cluster.sh --run COMMAND");
    const std::string u(url);  // http://127.0.0.1:PORT/
    const auto colon = u.rfind(':');
    port_ = static_cast<std::uint16_t>(std::stoi(u.substr(colon + 1)));
    std::istringstream in(list);
    std::string item;
    while (in >> item) {
      const auto a = item.find(':'), b = item.rfind(':');
      nodes_.push_back(
          {item.substr(0, a), static_cast<pid_t>(std::stol(item.substr(a + 1, b - a - 1))), false});
    }
    base_ = sample();
  }

  std::string kill_node() {
    for (Node& n : nodes_) {
      if (n.killed) continue;
      for (const auto& [name, cpu] : thread_cpu(n.pid)) threads_done_[name] += cpu;
      cpu_done_ += read_proc(n.pid).cpu_s;
      ::kill(n.pid, SIGKILL);
      n.killed = true;
      return n.name;
    }
    return {};
  }
};
// ---- reading views cheaply ----

// Moves `i` past the JSON value that starts at t[i] (strings, containers and literals; the
// text is the server's, so a malformed one only ends the scan early). False at the end.
bool skip_value(std::string_view t, std::size_t& i) {
  const auto skip_string = [&] {
    for (++i; i < t.size(); ++i) {
      if (t[i] == '\\') {
        ++i;
      } else if (t[i] == '"') {
        ++i;
        return true;
      }
    }
    return false;
  };
  if (i >= t.size()) return false;
  if (t[i] == '"') return skip_string();
  if (t[i] == '{' || t[i] == '[') {
    int depth = 0;
    while (i < t.size()) {
      const char c = t[i];
      if (c == '"') {
        if (!skip_string()) return false;
        continue;
      }
      if (c == '{' || c == '[') ++depth;
      if (c == '}' || c == ']') --depth;
      ++i;
      if (depth == 0) return true;
    }
    return false;
  }
  while (i < t.size() && t[i] != ',' && t[i] != '}' && t[i] != ']' && t[i] != ' ') ++i;
  return true;
}

// Calls f(key, raw value text) for each field of the top-level object, building nothing:
// a view is read for its type, table, seq and legal ids only, and the client must not cost
// more than the server it measures.
template <typename F>
bool top_fields(std::string_view t, F&& f) {
  std::size_t i = 0;
  const auto ws = [&] {
    while (i < t.size() && (t[i] == ' ' || t[i] == '\n' || t[i] == '\t' || t[i] == '\r')) ++i;
  };
  ws();
  if (i >= t.size() || t[i] != '{') return false;
  ++i;
  for (;;) {
    ws();
    if (i < t.size() && t[i] == '}') return true;
    if (i >= t.size() || t[i] != '"') return false;
    const std::size_t k = i + 1;
    if (!skip_value(t, i)) return false;
    const std::string_view key = t.substr(k, i - k - 1);
    ws();
    if (i >= t.size() || t[i] != ':') return false;
    ++i;
    ws();
    const std::size_t v = i;
    if (!skip_value(t, i)) return false;
    f(key, t.substr(v, i - v));
    ws();
    if (i < t.size() && t[i] == ',') {
      ++i;
      continue;
    }
    return i < t.size() && t[i] == '}';
  }
}

// ---- the clients ----

// An act the client sent: the table's seq it answered and the text of the chosen action.
struct Act {
  std::string table;
  std::uint64_t seq = 0;
  std::string text;
};

struct Totals {
  std::uint64_t actions = 0;  // seq advances seen (every action of every match)
  std::uint64_t acts = 0;     // acts sent
  std::uint64_t matches = 0;  // match_over seen by seat 0
  std::uint64_t disconnects = 0;
  std::uint64_t connect_retries = 0;  // connections that failed to open and were tried again
  std::uint64_t bytes = 0;            // message bytes the clients received
  std::uint64_t messages = 0;         // messages the clients received
  std::uint64_t tips_views = 0;       // views that carried tips (--tips)
  std::map<std::string, std::uint64_t> errors;   // refusals and failures, by code
  std::map<std::string, std::uint64_t> retries;  // refusals of acts resent across a restart
  std::vector<std::uint32_t> latency_people_us;  // acts at tables of four clients
  std::vector<std::uint32_t> latency_bots_us;    // acts at tables of one client and three bots
  // Of a cluster's fault run: every acknowledged act (when, its latency), and per client that
  // lost its node, the time from the kill to its next view.
  std::vector<std::pair<Clock::time_point, std::uint32_t>> acks;
  std::vector<double> back_s;
  std::uint64_t moved = 0;  // `moved` answers followed
};

class Client;

struct Group {
  int index = 0;
  bool bots = false;                               // one client and three bots
  std::array<std::shared_ptr<Client>, 4> seats{};  // seat 0 only at a table of bots
  std::string table;                               // the table being played
  std::string started_table;                       // the table whose first view arrived
  std::map<std::string, std::uint64_t> high;       // table -> highest seq seen
  std::vector<Act> acked;                          // acts acknowledged by a later view
  int matches = 0;
  bool started = false;          // a first view arrived
  Clock::time_point next_due{};  // open loop: when the table's next act is due
};

class Bench;

class Client : public std::enable_shared_from_this<Client> {
 public:
  Client(Bench& b, Group& g, int seat, std::uint64_t seed);
  void connect();
  void send(std::string text);
  void stop();
  bool welcomed() const { return welcomed_; }
  void join(const std::string& table);
  void create();

 private:
  void on_message(std::string_view text);
  void on_view(const std::string& table, std::uint64_t seq, std::string_view legal);
  void send_act();
  using Stream = websocket::stream<beast::tcp_stream>;
  void read();
  void write();
  // The connection `ws` failed or closed (calls about an older connection are ignored).
  void dropped(const Stream* ws, const char* why);

  Bench& bench_;
  Group& group_;
  int seat_;
  std::mt19937_64 rng_;
  // Shared with the pending operations' handlers, so that a connection replaced after a drop
  // lives until they have all run.
  std::shared_ptr<Stream> ws_;
  bool dead_ = true;  // ws_ failed or closed (or there is none yet)
  beast::flat_buffer buffer_;
  std::deque<std::string> queue_;
  std::string token_;
  bool open_ = false, welcomed_ = false, stopping_ = false;
  // The act waiting for its view, and the connection it was chosen on. It stays across a drop:
  // a view past its seq after the reconnection acknowledges it too.
  bool waiting_ = false;
  Act pending_{};
  std::string pending_message_;  // the act, until it is sent (open loop: at its due time)
  std::uint64_t generation_ = 0, pending_generation_ = 0;  // connections opened so far
  Clock::time_point due_{};  // when the act was due (closed loop: when it was sent)
  net::steady_timer retry_, act_timer_;
  int backoff_ms_ = 50;
  // Of a cluster: the table and node a `moved` named (the next connection asks HAProxy for
  // them), a connection being closed to follow one, `moved` answers since the last view, and
  // a connection lost to a killed node, until the next view.
  std::string route_table_, route_node_;
  bool moving_ = false;
  int moves_ = 0;
  bool lost_node_ = false;
};

class Bench {
 public:
  Bench(Config c, Server& s) : cfg(std::move(c)), server(s), rng(cfg.seed) {}

  Config cfg;
  Server& server;
  net::io_context ioc{1};
  std::mt19937_64 rng;
  Totals totals;
  std::vector<std::unique_ptr<Group>> groups;
  Clock::time_point start{}, end{}, window_start{};
  bool window_open = false, stopping = false, restarting = false;
  std::uint64_t window_actions = 0, window_bytes = 0, window_messages = 0;
  double window_cpu = 0, window_client_cpu = 0;
  std::map<std::string, double> window_threads;
  int groups_started = 0, connecting = 0;
  std::deque<std::shared_ptr<Client>> to_connect;
  int kills_done = 0;
  Clock::time_point fault_at{};     // of a cluster: the last kill
  std::vector<std::string> killed;  // of a cluster: the nodes killed

  bool time_left() const { return !stopping && Clock::now() < end; }
  bool fault() const { return cfg.kills > 0; }
  bool open_loop() const { return cfg.rate > 0; }
  // Open loop: the time between two acts of one table.
  Clock::duration interval() const {
    return std::chrono::duration_cast<Clock::duration>(
        std::chrono::duration<double>(static_cast<double>(cfg.tables) / cfg.rate));
  }
  bool in_window() const { return window_open && Clock::now() < end; }

  void error(const std::string& code) { ++totals.errors[code]; }

  // Opens waiting connections, a few at a time.
  void pump() {
    while (connecting < cfg.connecting && !to_connect.empty() && !restarting) {
      auto c = to_connect.front();
      to_connect.pop_front();
      ++connecting;
      c->connect();
    }
  }
  void connected() {
    --connecting;
    pump();
  }

  void group_started(Group& g) {
    if (g.started) return;
    g.started = true;
    if (++groups_started == cfg.tables && !window_open) open_window();
  }
  void open_window();

  void run();
};

double process_cpu_s() {
  rusage u{};
  getrusage(RUSAGE_SELF, &u);
  return static_cast<double>(u.ru_utime.tv_sec + u.ru_stime.tv_sec) +
         static_cast<double>(u.ru_utime.tv_usec + u.ru_stime.tv_usec) / 1e6;
}

void Bench::open_window() {
  window_open = true;
  window_start = Clock::now();
  window_actions = totals.actions;
  window_bytes = totals.bytes;
  window_messages = totals.messages;
  window_cpu = server.cpu_total();
  window_threads = server.threads_total();
  window_client_cpu = process_cpu_s();
}

Client::Client(Bench& b, Group& g, int seat, std::uint64_t seed)
    : bench_(b), group_(g), seat_(seat), rng_(seed), retry_(b.ioc), act_timer_(b.ioc) {}

void Client::connect() {
  ws_ = std::make_shared<Stream>(bench_.ioc);
  ++generation_;
  dead_ = false;
  buffer_.clear();
  queue_.clear();
  welcomed_ = false;
  const tcp::endpoint ep(net::ip::make_address("127.0.0.1"), bench_.server.port());
  beast::get_lowest_layer(*ws_).expires_after(std::chrono::seconds(30));
  // Of a cluster, after a `moved`: the table and its node, which HAProxy routes by.
  const std::string target =
      route_node_.empty() ? "/ws" : "/ws?table=" + route_table_ + "&node=" + route_node_;
  beast::get_lowest_layer(*ws_).async_connect(
      ep, [self = shared_from_this(), ws = ws_, target](beast::error_code ec) {
        if (ec) return self->dropped(ws.get(), "connect");
        beast::error_code ignored;
        beast::get_lowest_layer(*ws).socket().set_option(tcp::no_delay(true), ignored);
        ws->async_handshake("127.0.0.1", target, [self, ws](beast::error_code ec2) {
          if (ec2) return self->dropped(ws.get(), "handshake");
          beast::get_lowest_layer(*self->ws_).expires_never();
          self->open_ = true;
          self->backoff_ms_ = 50;
          self->bench_.connected();
          json hello = {{"type", "hello"}, {"v", mus_server::protocol_version}};
          if (self->bench_.cfg.views != "full") hello["view"] = self->bench_.cfg.views;
          if (self->bench_.cfg.tips) hello["tips"] = true;
          if (self->token_.empty()) {
            hello["name"] =
                "g" + std::to_string(self->group_.index) + "s" + std::to_string(self->seat_);
          } else {
            hello["token"] = self->token_;
          }
          self->send(hello.dump());
          self->read();
        });
      });
}

void Client::dropped(const Stream* ws, const char* why) {
  if (ws != ws_.get() || dead_) return;
  dead_ = true;
  beast::error_code ignored;
  beast::get_lowest_layer(*ws_).socket().close(ignored);
  const bool was_open = open_;
  open_ = false;
  welcomed_ = false;
  if (!was_open) bench_.connected();  // a connect attempt ended
  if (stopping_ || bench_.stopping) return;
  if (moving_) {
    // Closed to follow a `moved`: at once the first time, then after a growing pause (the
    // node named may have just died, and its tables wait for their leases to expire).
    moving_ = false;
    const int pause_ms = moves_ <= 1 ? 0 : std::min(2000, 125 << std::min(moves_, 5));
    retry_.expires_after(std::chrono::milliseconds(pause_ms));
    retry_.async_wait([self = shared_from_this()](beast::error_code ec) {
      if (ec || !self->bench_.time_left()) return;
      self->bench_.to_connect.push_back(self);
      self->bench_.pump();
    });
    return;
  }
  if (was_open && bench_.kills_done > 0 && bench_.cfg.cluster) lost_node_ = true;
  if (!was_open) {
    ++bench_.totals.connect_retries;  // the server was slow to accept: try again
  } else {
    ++bench_.totals.disconnects;
    if (!bench_.fault()) {
      bench_.error(std::string("disconnected (") + why + ")");
      return;
    }
  }
  // Come back (with the token once welcomed), after a backoff, while there is time.
  if (!bench_.time_left()) return;
  retry_.expires_after(std::chrono::milliseconds(
      backoff_ms_ / 2 + static_cast<int>(rng_() % static_cast<unsigned>(backoff_ms_))));
  backoff_ms_ = std::min(backoff_ms_ * 2, 1000);
  retry_.async_wait([self = shared_from_this()](beast::error_code ec) {
    if (ec || !self->bench_.time_left()) return;
    self->bench_.to_connect.push_back(self);
    self->bench_.pump();
  });
}

void Client::send(std::string text) {
  if (!open_) return;
  queue_.push_back(std::move(text));
  if (queue_.size() == 1) write();
}

void Client::write() {
  ws_->text(true);
  ws_->async_write(net::buffer(queue_.front()),
                   [self = shared_from_this(), ws = ws_](beast::error_code ec, std::size_t) {
                     if (ec) return self->dropped(ws.get(), "write");
                     if (ws != self->ws_ || self->queue_.empty()) return;
                     self->queue_.pop_front();
                     if (!self->queue_.empty() && self->open_) self->write();
                   });
}

void Client::read() {
  ws_->async_read(
      buffer_, [self = shared_from_this(), ws = ws_](beast::error_code ec, std::size_t) {
        if (ec) return self->dropped(ws.get(), "read");
        const auto data = self->buffer_.cdata();
        self->bench_.totals.bytes += data.size();
        ++self->bench_.totals.messages;
        self->on_message(std::string_view(static_cast<const char*>(data.data()), data.size()));
        self->buffer_.consume(self->buffer_.size());
        if (self->open_) self->read();
      });
}

void Client::stop() {
  stopping_ = true;
  retry_.cancel();
  act_timer_.cancel();
  if (ws_ && !dead_) {
    beast::error_code ec;
    beast::get_lowest_layer(*ws_).socket().close(ec);
  }
}

void Client::create() {
  json m = {{"type", "create"}, {"rules", bench_.cfg.rules}, {"seat", 0}};
  if (group_.bots) {
    m["seats"] = {"human", "bot", "bot", "bot"};
    m["bots"] = {nullptr, bench_.cfg.bot_kind, bench_.cfg.bot_kind, bench_.cfg.bot_kind};
  } else {
    m["seats"] = {"human", "human", "human", "human"};
  }
  send(m.dump());
}

void Client::join(const std::string& table) {
  send(json{{"type", "join"}, {"table", table}, {"seat", seat_}}.dump());
}

void Client::on_message(std::string_view text) {
  // A view (most messages) is scanned for the few fields the client needs; others are parsed.
  std::string_view type, table, seq, legal;
  bool tips = false;
  const bool scanned = top_fields(text, [&](std::string_view k, std::string_view v) {
    if (k == "tips")
      tips = true;
    else if (k == "type")
      type = v;
    else if (k == "table")
      table = v;
    else if (k == "seq")
      seq = v;
    else if (k == "legal")
      legal = v;
  });
  if (scanned && type == "\"view\"" && table.size() >= 2 && !seq.empty()) {
    std::uint64_t n = 0;
    const auto r = std::from_chars(seq.data(), seq.data() + seq.size(), n);
    if (tips) ++bench_.totals.tips_views;
    if (r.ec == std::errc{})
      return on_view(std::string(table.substr(1, table.size() - 2)), n, legal);
  }
  const json m = json::parse(text, nullptr, false);
  if (!m.is_object()) return bench_.error("client: bad JSON");
  const std::string type_text = m.value("type", "");
  if (type_text == "view") return bench_.error("client: a view without table or seq");
  if (type_text == "welcome") {
    const bool first = token_.empty();
    token_ = m.value("token", "");
    welcomed_ = true;
    // Resumed: the server sends the tables and views of the player's seats. A seat that the
    // restart took away (its create or join was not stored yet) is asked for again.
    if (!first && !m.value("tables", json::array()).empty()) return;
    if (seat_ == 0) {
      create();
    } else if (!group_.table.empty()) {
      join(group_.table);
    }
    return;
  }
  if (type_text == "table") {
    // Seat 0 learns the id of the table it created and calls the others to it.
    const std::string id = m.value("table", "");
    if (seat_ == 0 && id != group_.table && !m.value("over", false) && !m.value("started", true)) {
      group_.table = id;
      for (int s = 1; s < 4; ++s) {
        const auto& c = group_.seats[static_cast<std::size_t>(s)];
        if (c && c->welcomed()) c->join(id);
      }
    }
    return;
  }
  if (type_text == "match_over") {
    if (seat_ != 0) return;
    ++bench_.totals.matches;
    ++group_.matches;
    if (bench_.time_left() &&
        bench_.totals.matches < static_cast<std::uint64_t>(bench_.cfg.max_matches))
      create();
    return;
  }
  if (type_text == "moved") {
    // Another node serves the table: connect again, naming it (dropped() reconnects).
    ++bench_.totals.moved;
    ++moves_;
    route_table_ = m.value("table", "");
    route_node_ = m.value("node", "");
    moving_ = true;
    beast::error_code ignored;
    beast::get_lowest_layer(*ws_).socket().close(ignored);
    return;
  }
  if (type_text == "error") {
    const std::string code = m.value("code", "?");
    // After a restart an act may be resent to a seq that moved on (or a match that ended).
    if (bench_.fault() && (code == "stale_seq" || code == "not_your_turn" || code == "match_over" ||
                           code == "unknown_table")) {
      ++bench_.totals.retries[code];
      return;
    }
    bench_.error(code);
    return;
  }
  // The chat's history follows every join and resume; nobody chats here.
  if (type_text == "pong" || type_text == "left" || type_text == "chat_history") return;
  bench_.error("client: unexpected " + type_text);
}

void Client::on_view(const std::string& table, std::uint64_t seq, std::string_view legal_text) {
  const auto now = Clock::now();
  moves_ = 0;
  if (lost_node_) {
    lost_node_ = false;
    bench_.totals.back_s.push_back(std::chrono::duration<double>(now - bench_.fault_at).count());
  }
  auto& high = group_.high[table];
  if (seq > high) {
    bench_.totals.actions += seq - high;
    high = seq;
  }
  bench_.group_started(group_);
  if (group_.started_table != table) {
    // A new match: its first act is due no earlier than now (setting a table up is no act).
    group_.started_table = table;
    group_.next_due = std::max(group_.next_due, now);
  }
  if (waiting_ && pending_.table == table && seq > pending_.seq) {
    // Acknowledged: the view shows the table past the act.
    waiting_ = false;
    if (bench_.in_window()) {
      const auto us = std::chrono::duration_cast<std::chrono::microseconds>(now - due_);
      auto& samples = group_.bots ? bench_.totals.latency_bots_us : bench_.totals.latency_people_us;
      samples.push_back(
          static_cast<std::uint32_t>(std::clamp<std::int64_t>(us.count(), 0, UINT32_MAX)));
      if (bench_.cfg.cluster && bench_.fault())
        bench_.totals.acks.emplace_back(now, samples.back());
    }
    group_.acked.push_back(std::move(pending_));
  }
  if (legal_text.size() <= 2 || !bench_.time_left()) return;  // "[]": not this seat's turn
  // The same view again (another seat came back, say): this connection's act for it is on its
  // way already. A new connection acts again (the server may have lost the first act).
  if (waiting_ && pending_.table == table && pending_.seq == seq &&
      pending_generation_ == generation_)
    return;
  const json legal = json::parse(legal_text, nullptr, false);
  if (!legal.is_array() || legal.empty()) return bench_.error("client: bad legal list");
  // Of a cluster: an act chosen again for the same seq on a new connection (the node died
  // before storing it) is still the one the person waits for since its first due time.
  const bool again = bench_.cfg.cluster && waiting_ && pending_.table == table &&
                     pending_.seq == seq && pending_generation_ != generation_;
  const json& pick = legal[static_cast<std::size_t>(rng_() % legal.size())];
  pending_ = {table, seq, pick["text"].get<std::string>()};
  pending_message_ =
      json{{"type", "act"}, {"table", table}, {"action", pick["id"]}, {"seq", seq}}.dump();
  waiting_ = true;
  pending_generation_ = generation_;
  if (!bench_.open_loop()) {
    if (!again) due_ = now;
    return send_act();
  }
  // Open loop: the table's next due time, wherever this view came; wait for it if it is ahead.
  due_ = group_.next_due;
  group_.next_due += bench_.interval();
  if (due_ <= now) return send_act();
  act_timer_.expires_at(due_);
  act_timer_.async_wait(
      [self = shared_from_this(), generation = generation_](beast::error_code ec) {
        if (ec || generation != self->generation_ || !self->waiting_) return;
        self->send_act();
      });
}

void Client::send_act() {
  ++bench_.totals.acts;
  send(std::move(pending_message_));
  pending_message_.clear();
}

// ---- the run ----

void Bench::run() {
  start = Clock::now();
  end = start + std::chrono::milliseconds(static_cast<std::int64_t>(cfg.seconds * 1000));
  for (int g = 0; g < cfg.tables; ++g) {
    auto group = std::make_unique<Group>();
    group->index = g;
    // The tables of bots are spread among the others.
    group->bots =
        cfg.bot_tables > 0 && (static_cast<long>(g) * cfg.bot_tables) / cfg.tables !=
                                  (static_cast<long>(g + 1) * cfg.bot_tables) / cfg.tables;
    for (int s = 0; s < (group->bots ? 1 : 4); ++s)
      group->seats[static_cast<std::size_t>(s)] = std::make_shared<Client>(
          *this, *group, s, cfg.seed * 7919 + static_cast<std::uint64_t>(g * 4 + s));
    groups.push_back(std::move(group));
  }
  for (auto& g : groups)
    for (auto& c : g->seats)
      if (c) to_connect.push_back(c);
  pump();

  // The end of the run, and the kills of the fault run.
  net::steady_timer end_timer(ioc);
  end_timer.expires_at(end);
  net::steady_timer kill_timer(ioc);
  net::steady_timer window_timer(ioc);
  net::steady_timer progress(ioc);
  end_timer.async_wait([&](beast::error_code) {
    stopping = true;
    kill_timer.cancel();
    window_timer.cancel();
    progress.cancel();
    if (!window_open) {  // some tables never started: the window is the whole run
      window_open = true;
      window_start = start;
      window_actions = 0;
      window_bytes = 0;
      window_messages = 0;
      window_cpu = 0;
      window_threads.clear();
      window_client_cpu = 0;
    }
    for (auto& g : groups)
      for (auto& c : g->seats)
        if (c) c->stop();
    // Whatever is still pending after this is abandoned.
    end_timer.expires_after(std::chrono::seconds(5));
    end_timer.async_wait([this](beast::error_code ec) {
      if (!ec) ioc.stop();
    });
  });
  std::function<void()> schedule_kill = [&] {
    if (kills_done >= cfg.kills) return;
    const double left = std::chrono::duration<double>(end - Clock::now()).count() - 2.0;
    if (left <= 0) return;
    // At most an even share of the time left, so that every kill happens before the end.
    std::uniform_real_distribution<double> d(0.3, std::max(0.4, left / (cfg.kills - kills_done)));
    // Of a cluster: the kills spread evenly over the run (kill k of N at k / (N + 1) of it).
    const double at_s =
        cfg.cluster ? std::max(0.3, cfg.seconds * (kills_done + 1) / (cfg.kills + 1) -
                                        std::chrono::duration<double>(Clock::now() - start).count())
                    : d(rng);
    kill_timer.expires_after(std::chrono::milliseconds(static_cast<std::int64_t>(at_s * 1000)));
    kill_timer.async_wait([&](beast::error_code ec) {
      if (ec || stopping) return;
      const std::string node = server.stop(SIGKILL);
      ++kills_done;
      if (cfg.cluster) {
        fault_at = Clock::now();
        killed.push_back(node);
        std::fprintf(stderr, "mus-server-load: kill %d of %d: %s\n", kills_done, cfg.kills,
                     node.c_str());
        if (killed.size() + 1 >= server.node_count()) return;  // one node stays up
        return schedule_kill();
      }
      server.start();
      std::fprintf(stderr, "mus-server-load: kill %d of %d, restarted\n", kills_done, cfg.kills);
      schedule_kill();
    });
  };
  if (fault()) schedule_kill();
  // Progress on stderr every 5 s.
  std::function<void()> report = [&] {
    progress.expires_after(std::chrono::seconds(5));
    progress.async_wait([&](beast::error_code ec) {
      if (ec || stopping) return;
      std::fprintf(stderr, "mus-server-load: %.0f s: %llu actions, %d of %d tables started\n",
                   std::chrono::duration<double>(Clock::now() - start).count(),
                   static_cast<unsigned long long>(totals.actions), groups_started, cfg.tables);
      report();
    });
  };
  report();
  // A run with fewer tables than planned (connections refused) still opens its window.
  window_timer.expires_after(std::chrono::seconds(10));
  window_timer.async_wait([this](beast::error_code ec) {
    if (!ec && !window_open) open_window();
  });
  ioc.run();
}

struct Percentiles {
  double p50 = 0, p90 = 0, p99 = 0, max = 0;
  std::size_t n = 0;
};

Percentiles percentiles(std::vector<std::uint32_t> v) {
  Percentiles p;
  p.n = v.size();
  if (v.empty()) return p;
  std::sort(v.begin(), v.end());
  const auto at = [&](double q) {
    return v[std::min(v.size() - 1, static_cast<std::size_t>(static_cast<double>(v.size()) * q))] /
           1000.0;
  };
  p.p50 = at(0.5);
  p.p90 = at(0.9);
  p.p99 = at(0.99);
  p.max = v.back() / 1000.0;
  return p;
}

json to_json(const Percentiles& p) {
  return {{"p50", p.p50}, {"p90", p.p90}, {"p99", p.p99}, {"max", p.max}, {"n", p.n}};
}

// What the store holds of the client's tables, read with the server's own store code.
struct StoreCheck {
  std::uint64_t lost = 0, checked = 0, stored_actions = 0, finished = 0, finished_actions = 0;
};

// Checks the store against the acknowledged acts (the server stopped).
StoreCheck check_store(mus_server::Store& store,
                       const std::vector<std::unique_ptr<Group>>& groups) {
  StoreCheck r;
  std::map<std::string, std::vector<std::string>> actions;  // every table's actions, in order
  for (const auto& g : groups) {
    for (const auto& [table, high] : g->high) {
      auto t = store.load_table(table);
      auto& a = actions[table];
      if (t) {
        a = std::move(t->actions);
        r.stored_actions += a.size();
        if (t->finished) {
          ++r.finished;
          r.finished_actions += a.size();
        }
      }
      if (a.size() < high) {
        std::fprintf(stderr, "lost: table %s holds %zu actions, a client saw seq %llu\n",
                     table.c_str(), a.size(), static_cast<unsigned long long>(high));
        r.lost += high - a.size();
      }
    }
    for (const auto& a : g->acked) {
      ++r.checked;
      const auto& have = actions[a.table];
      if (have.size() <= a.seq || have[a.seq] != a.text) {
        std::fprintf(stderr,
                     "lost: table %s action %llu: the client played '%s', the store has '%s'\n",
                     a.table.c_str(), static_cast<unsigned long long>(a.seq), a.text.c_str(),
                     have.size() <= a.seq ? "nothing" : have[a.seq].c_str());
        ++r.lost;
      }
    }
  }
  return r;
}

// The machine the run was made on.
json machine() {
  json m;
  m["cores"] = sysconf(_SC_NPROCESSORS_ONLN);
  std::ifstream cpu("/proc/cpuinfo");
  std::string line;
  while (std::getline(cpu, line))
    if (line.rfind("model name", 0) == 0) {
      m["cpu"] = line.substr(line.find(':') + 2);
      break;
    }
  utsname u{};
  if (uname(&u) == 0) m["kernel"] = std::string(u.sysname) + " " + u.release;
  long mem = 0;
  std::ifstream meminfo("/proc/meminfo");
  while (std::getline(meminfo, line))
    if (line.rfind("MemTotal:", 0) == 0) mem = std::stol(line.substr(9));
  m["memory_gb"] = static_cast<double>(mem) / 1024.0 / 1024.0;
  return m;
}

std::array<double, 3> load_average() {
  std::array<double, 3> l{};
  std::ifstream in("/proc/loadavg");
  in >> l[0] >> l[1] >> l[2];
  return l;
}

int usage(const char* problem) {
  if (problem) std::fprintf(stderr, "mus-server-load: %s\n", problem);
  std::fprintf(
      stderr,
      "usage: mus-server-load --server PATH [--tables N] [--bot-tables K] [--bot-kind KIND]\n"
      "       [--seconds S] [--matches N] [--rate ACTS_PER_S] [--views full|delta|text]\n"
      "       [--tips on|off]\n"
      "       [--kills N] [--rules TEXT] [--workdir DIR] [--seed N] [--connecting N]\n"
      "       [--json FILE] [--label TEXT] [-- server options...]\n"
      "       mus-server-load --cluster [the same options]   (as scripts/cluster.sh --run)\n");
  return 2;
}

}  // namespace

int main(int argc, char** argv) {
  Config cfg;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    if (a == "--") {
      cfg.server_args.assign(argv + i + 1, argv + argc);
      break;
    }
    if (a == "--help" || a == "-h") return usage(nullptr), 0;
    if (a == "--cluster") {
      cfg.cluster = true;
      continue;
    }
    if (i + 1 >= argc) return usage((a + ": needs a value").c_str());
    const std::string v = argv[++i];
    try {
      if (a == "--server")
        cfg.server = v;
      else if (a == "--tables")
        cfg.tables = std::clamp(std::stoi(v), 1, 5000);
      else if (a == "--bot-tables")
        cfg.bot_tables = std::max(0, std::stoi(v));
      else if (a == "--bot-kind")
        cfg.bot_kind = v;
      else if (a == "--seconds")
        cfg.seconds = std::clamp(std::stod(v), 1.0, 600.0);
      else if (a == "--matches")
        cfg.max_matches = std::max(1, std::stoi(v));
      else if (a == "--rate")
        cfg.rate = std::max(0.0, std::stod(v));
      else if (a == "--views")
        cfg.views = v;
      else if (a == "--tips") {
        if (v != "on" && v != "off") return usage("--tips: on or off");
        cfg.tips = v == "on";
      }
      else if (a == "--kills")
        cfg.kills = std::clamp(std::stoi(v), 0, 100);
      else if (a == "--rules")
        cfg.rules = v;
      else if (a == "--workdir")
        cfg.workdir = v;
      else if (a == "--seed")
        cfg.seed = std::stoull(v);
      else if (a == "--connecting")
        cfg.connecting = std::clamp(std::stoi(v), 1, 4096);
      else if (a == "--json")
        cfg.json_path = v;
      else if (a == "--label")
        cfg.label = v;

      else
        return usage((a + ": unknown option").c_str());
    } catch (const std::exception&) {
      return usage((a + ": bad value " + v).c_str());
    }
  }
  if (cfg.server.empty() && !cfg.cluster) return usage("--server is required");
#ifndef MUS_SERVER_POSTGRESQL
  if (cfg.cluster) return usage("--cluster: this build has no PostgreSQL store (libpq-dev)");
#endif
  if (cfg.bot_tables > cfg.tables) return usage("--bot-tables: more than --tables");
  if (cfg.views != "full" && cfg.views != "delta" && cfg.views != "text")
    return usage("--views: full, delta or text");
  // Four sockets per table, and a few more.
  rlimit lim{};
  if (getrlimit(RLIMIT_NOFILE, &lim) == 0 && lim.rlim_cur < lim.rlim_max) {
    lim.rlim_cur = lim.rlim_max;
    setrlimit(RLIMIT_NOFILE, &lim);
  }
  if (static_cast<rlim_t>(cfg.tables) * 4 + 64 > lim.rlim_cur) {
    std::fprintf(stderr, "mus-server-load: %d tables need %d file descriptors; ulimit -n is %llu\n",
                 cfg.tables, cfg.tables * 4 + 64, static_cast<unsigned long long>(lim.rlim_cur));
    return 2;
  }
  std::filesystem::create_directories(cfg.workdir);
  const std::string db = cfg.workdir + "/load.sqlite3";
  for (const char* ext : {"", "-wal", "-shm"}) std::filesystem::remove(db + ext);
  std::filesystem::remove(cfg.workdir + "/server.log");

  const auto load_start = load_average();
  const std::time_t started_at = std::time(nullptr);
  Server server(cfg, db);
  try {
    server.start();
  } catch (const std::exception& e) {
    std::fprintf(stderr, "mus-server-load: %s\n", e.what());
    return 2;
  }
  if (cfg.cluster && static_cast<std::size_t>(cfg.kills) >= server.node_count())
    return usage("--kills: with --cluster, fewer than the nodes (one stays up)");
  Bench bench(cfg, server);
  bench.run();
  const auto stopped = Clock::now();
  const double window_s =
      std::chrono::duration<double>(std::min(stopped, bench.end) - bench.window_start).count();
  const double cpu_end = server.cpu_total();
  const auto threads_end = server.threads_total();
  const double client_cpu = process_cpu_s() - bench.window_client_cpu;
  const std::uint64_t window_actions = bench.totals.actions - bench.window_actions;
  const std::uint64_t window_bytes = bench.totals.bytes - bench.window_bytes;
  const std::uint64_t window_messages = bench.totals.messages - bench.window_messages;
  const auto load_end = load_average();
  server.stop(SIGTERM);

  // The file after the server's clean stop (which checkpoints the WAL into it).
  std::uint64_t db_bytes = 0;
  std::error_code ec;
  if (const auto main_file = std::filesystem::file_size(db, ec); !ec) db_bytes += main_file;
  if (const auto wal = std::filesystem::file_size(db + "-wal", ec); !ec) db_bytes += wal;
  StoreCheck store;
  if (cfg.cluster) {
#ifdef MUS_SERVER_POSTGRESQL
    const char* pg = std::getenv("PG_URL");
    if (pg == nullptr) {
      std::fprintf(stderr, "mus-server-load: --cluster: PG_URL is not set\n");
      return 2;
    }
    mus_server::PgStore pg_store(pg);
    store = check_store(pg_store, bench.groups);
#endif
  } else {
    mus_server::SqliteStore sqlite(db, mus_server::Durability::normal);
    store = check_store(sqlite, bench.groups);
  }
  auto& t = bench.totals;
  std::uint64_t errors = 0;
  for (const auto& [code, n] : t.errors) errors += n;
  const double window_cpu = cpu_end - bench.window_cpu;
  const double per_1000 = [&](double cpu) {
    return window_actions ? cpu * 1000.0 / static_cast<double>(window_actions) : 0.0;
  }(window_cpu);
  const auto per_action = [&](std::uint64_t n) {
    return window_actions ? static_cast<double>(n) / static_cast<double>(window_actions) : 0.0;
  };
  std::vector<std::uint32_t> all = t.latency_people_us;
  all.insert(all.end(), t.latency_bots_us.begin(), t.latency_bots_us.end());
  const Percentiles lat_all = percentiles(all), lat_people = percentiles(t.latency_people_us),
                    lat_bots = percentiles(t.latency_bots_us);

  std::printf(
      "mus-server-load: %d tables (%d of one client and three %s bots), %d clients, "
      "%.1f s (steady window %.1f s), rules '%s', %s loop%s, views %s\n",
      cfg.tables, cfg.bot_tables, cfg.bot_kind.c_str(),
      (cfg.tables - cfg.bot_tables) * 4 + cfg.bot_tables, cfg.seconds, window_s, cfg.rules.c_str(),
      bench.open_loop() ? "open" : "closed", cfg.kills ? ", fault run" : "", cfg.views.c_str());
  if (bench.open_loop())
    std::printf("  offered      %.0f acts/s (each table's acts due every %.1f ms)\n", cfg.rate,
                std::chrono::duration<double, std::milli>(bench.interval()).count());
  std::printf(
      "  actions      %llu in the window: %.0f actions/s; acts sent %llu; matches finished %llu\n",
      static_cast<unsigned long long>(window_actions),
      window_s > 0 ? static_cast<double>(window_actions) / window_s : 0.0,
      static_cast<unsigned long long>(t.acts), static_cast<unsigned long long>(t.matches));
  const auto print_latency = [](const char* what, const Percentiles& p) {
    std::printf("  %-12s p50 %.2f ms, p90 %.2f ms, p99 %.2f ms, max %.2f ms (%zu acts)\n", what,
                p.p50, p.p90, p.p99, p.max, p.n);
  };
  print_latency("act -> view", lat_all);
  if (cfg.bot_tables > 0) {
    print_latency("  people", lat_people);
    print_latency("  bots", lat_bots);
  }
  if (cfg.tips)
    std::printf("  tips         %llu views carried tips\n",
                static_cast<unsigned long long>(t.tips_views));
  std::printf("  errors       %llu (connections tried again: %llu)",
              static_cast<unsigned long long>(errors),
              static_cast<unsigned long long>(t.connect_retries));
  for (const auto& [code, n] : t.errors)
    std::printf("  %s: %llu", code.c_str(), static_cast<unsigned long long>(n));
  std::printf("\n");
  std::printf("  server CPU   %.2f s in all, %.2f s in the window: %.3f CPU s per 1,000 actions\n",
              cpu_end, window_cpu, per_1000);
  json by_thread = json::object();
  for (const auto& [name, cpu] : threads_end) {
    const double in_window =
        cpu - (bench.window_threads.count(name) ? bench.window_threads.at(name) : 0.0);
    by_thread[name] = in_window;
    std::printf("    %-10s %.2f s in the window: %.3f CPU s per 1,000 actions\n", name.c_str(),
                in_window,
                window_actions ? in_window * 1000.0 / static_cast<double>(window_actions) : 0.0);
  }
  std::printf("  client CPU   %.2f s in the window: %.3f CPU s per 1,000 actions\n", client_cpu,
              window_actions ? client_cpu * 1000.0 / static_cast<double>(window_actions) : 0.0);
  std::printf("  received     %.0f bytes and %.2f messages per action\n", per_action(window_bytes),
              per_action(window_messages));
  std::printf("  server RSS   peak %.1f MB, %.1f MB before the clients: %.1f KB per table\n",
              static_cast<double>(server.hwm_kb()) / 1024.0,
              static_cast<double>(server.base_rss_kb()) / 1024.0,
              static_cast<double>(server.hwm_kb() - server.base_rss_kb()) / cfg.tables);
  const double sqlite_per_action =
      store.stored_actions
          ? static_cast<double>(db_bytes) / static_cast<double>(store.stored_actions)
          : 0.0;
  const double finished_match_actions =
      store.finished
          ? static_cast<double>(store.finished_actions) / static_cast<double>(store.finished)
          : 0.0;
  if (!cfg.cluster) {
    std::printf(
        "  SQLite       %llu bytes, %llu actions: %.1f bytes per action, %.0f bytes per "
        "finished match (%.0f actions)\n",
        static_cast<unsigned long long>(db_bytes),
        static_cast<unsigned long long>(store.stored_actions), sqlite_per_action,
        sqlite_per_action * finished_match_actions, finished_match_actions);
  }
  std::uint64_t retried = 0;
  for (const auto& [code, n] : t.retries) retried += n;
  // Of a cluster's fault run: the takeover, and the acts acknowledged from the kill until the
  // last client that lost its node had a view again.
  double takeover_s = 0;
  Percentiles fault_lat{};
  if (cfg.cluster && bench.kills_done > 0) {
    for (const double b : t.back_s) takeover_s = std::max(takeover_s, b);
    const auto back = bench.fault_at + std::chrono::duration_cast<Clock::duration>(
                                           std::chrono::duration<double>(takeover_s));
    std::vector<std::uint32_t> during;
    for (const auto& [at, us] : t.acks)
      if (at >= bench.fault_at && at <= back) during.push_back(us);
    fault_lat = percentiles(during);
    std::printf(
        "  cluster      %zu nodes, killed %s; %zu clients lost their node, the last had a view "
        "again %.2f s after the kill; %llu moved followed\n",
        server.node_count(), bench.killed.empty() ? "none" : bench.killed.back().c_str(),
        t.back_s.size(), takeover_s, static_cast<unsigned long long>(t.moved));
    print_latency("  in fault", fault_lat);
  } else if (cfg.cluster) {
    std::printf("  cluster      %zu nodes; %llu moved followed\n", server.node_count(),
                static_cast<unsigned long long>(t.moved));
  }
  if (cfg.kills) {
    // A cluster's nodes stay down; a server alone is restarted.
    std::printf(
        "  faults       %d %s, %llu disconnects, %llu acts refused after %s (resent), %llu "
        "acknowledged acts checked, lost %llu\n",
        bench.kills_done, cfg.cluster ? "nodes killed" : "kills and restarts",
        static_cast<unsigned long long>(t.disconnects), static_cast<unsigned long long>(retried),
        cfg.cluster ? "the kill" : "a restart", static_cast<unsigned long long>(store.checked),
        static_cast<unsigned long long>(store.lost));
  } else {
    std::printf("  store        %llu acknowledged acts checked, lost %llu\n",
                static_cast<unsigned long long>(store.checked),
                static_cast<unsigned long long>(store.lost));
  }
  std::printf("  load average %.2f at the start, %.2f at the end (1 min)\n", load_start[0],
              load_end[0]);

  if (!cfg.json_path.empty()) {
    json j;
    j["label"] = cfg.label;
    j["server"] = cfg.server;
    j["server_args"] = cfg.server_args;
    j["rules"] = cfg.rules;
    j["loop"] = bench.open_loop() ? "open" : "closed";
    j["offered_acts_per_s"] = cfg.rate;
    j["views"] = cfg.views;
    j["tips"] = cfg.tips;
    j["tips_views"] = t.tips_views;
    j["tables"] = cfg.tables;
    j["bot_tables"] = cfg.bot_tables;
    j["bot_kind"] = cfg.bot_kind;
    j["seconds"] = cfg.seconds;
    j["window_s"] = window_s;
    j["actions"] = window_actions;
    j["actions_per_s"] = window_s > 0 ? static_cast<double>(window_actions) / window_s : 0.0;
    j["acts"] = t.acts;
    j["matches"] = t.matches;
    j["latency_ms"] = {{"all", to_json(lat_all)},
                       {"people_tables", to_json(lat_people)},
                       {"bot_tables", to_json(lat_bots)}};
    j["errors"] = {
        {"total", errors}, {"by_code", t.errors}, {"connections_retried", t.connect_retries}};
    j["server_cpu_s"] = window_cpu;
    j["server_cpu_s_per_1000_actions"] = per_1000;
    j["server_cpu_s_by_thread"] = by_thread;
    j["client_cpu_s"] = client_cpu;
    j["client_cpu_s_per_1000_actions"] =
        window_actions ? client_cpu * 1000.0 / static_cast<double>(window_actions) : 0.0;
    j["bytes_per_action"] = per_action(window_bytes);
    j["messages_per_action"] = per_action(window_messages);
    j["rss_mb"] = {
        {"peak", static_cast<double>(server.hwm_kb()) / 1024.0},
        {"before_clients", static_cast<double>(server.base_rss_kb()) / 1024.0},
        {"per_table_kb", static_cast<double>(server.hwm_kb() - server.base_rss_kb()) / cfg.tables}};
    j["sqlite"] = {{"bytes", db_bytes},
                   {"actions", store.stored_actions},
                   {"bytes_per_action", sqlite_per_action},
                   {"bytes_per_finished_match", sqlite_per_action * finished_match_actions}};
    j["store"] = {{"checked", store.checked}, {"lost", store.lost}};
    j["faults"] = {
        {"kills", bench.kills_done}, {"disconnects", t.disconnects}, {"resent_refused", retried}};
    if (cfg.cluster)
      j["cluster"] = {{"nodes", server.node_count()},
                      {"killed", bench.killed},
                      {"moved", t.moved},
                      {"clients_lost_node", t.back_s.size()},
                      {"takeover_s", takeover_s},
                      {"latency_during_fault_ms", to_json(fault_lat)}};
    json m = machine();
    m["load_average_start"] = load_start;
    m["load_average_end"] = load_end;
    char when[32];
    std::strftime(when, sizeof when, "%Y-%m-%dT%H:%M:%SZ", std::gmtime(&started_at));
    m["started"] = when;
    j["machine"] = m;
    std::ofstream(cfg.json_path) << j.dump(2) << "\n";
  }
  return store.lost > 0 || errors > 0 ? 1 : 0;
}
