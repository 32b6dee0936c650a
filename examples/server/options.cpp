#include "options.hpp"

#include <algorithm>
#include <charconv>
#include <filesystem>
#include <limits>
#include <system_error>
#include <thread>

namespace mus_server {

int machine_cores() {
  return static_cast<int>(std::max(1U, std::thread::hardware_concurrency()));
}

namespace {

template <typename T>
bool number(const std::string& text, T& out, T lo, T hi) {
  T v{};
  const auto* end = text.data() + text.size();
  const auto r = std::from_chars(text.data(), end, v);
  if (r.ec != std::errc{} || r.ptr != end || v < lo || v > hi) return false;
  out = v;
  return true;
}

// Whether `dir` is a directory holding `file`: a directory given on the command line that
// lacks what is served from it would only answer 404s.
bool holds(const std::string& dir, const char* file) {
  std::error_code ec;
  return std::filesystem::is_directory(dir, ec) &&
         std::filesystem::is_regular_file(std::filesystem::path(dir) / file, ec);
}

}  // namespace

std::string usage() {
  return R"(usage: mus-server [options]

Serves Mus matches played with libmus: the web table at /, the lobby at /tables,
finished matches at /replays/<table id>, and the game protocol (docs/protocol.md)
as a WebSocket at /ws.

  --host ADDR               address to listen on (default 127.0.0.1)
  --port N                  port, 0 for any free one (default 8080)
  --db FILE                 the SQLite file of matches (default mus.sqlite3)
  --db postgresql://URL     a PostgreSQL database instead (libpq URI, for example
                            postgresql://mus@127.0.0.1:5432/mus); several servers may
                            share it (docs/server.md, "Several machines")
  --node NAME               with a PostgreSQL --db: this server is one node of several
                            sharing it, named NAME (unique); it serves the tables it
                            owns and takes over those of nodes that stopped
  --lease-seconds N         how long a node owns a table without renewing (renewed
                            every third of it, at most every second) before another
                            node may take it (default 5, at least 2)
  --sync normal|full        SQLite durability: normal survives a crash of the server,
                            full survives power loss too (default normal; PostgreSQL
                            commits are always durable)
  --web DIR                 files served at / (default: examples/web of the source tree);
                            refused without an index.html
  --package DIR             the libmus npm package served at /libmus/ (default:
                            capi/js/package of the build tree); refused without a
                            package.json
  --allow-origin ORIGIN     a browser Origin allowed besides the server's own address
                            (repeatable; clients that send no Origin are allowed)
  --clock SECONDS           default per-decision clock (default 30)
  --max-clock SECONDS       largest clock a table may ask for (default 3600)
  --grace SECONDS           how long a dropped person keeps the seat before a bot plays
                            it (default 60)
  --max-message-bytes N     largest message accepted (default 4096)
  --rate N                  messages per second per connection (default 20)
  --burst N                 messages at once per connection (default 40)
  --max-connections N       open WebSocket connections (default 5000)
  --max-tables N            unfinished tables (default 1000)
  --max-tables-per-player N unfinished tables one player may create (default 4)
  --max-players N           players the server knows (default 100000)
  --threads N               threads serving connections and tables (default: the
                            machine's cores)
  --bot-threads N           threads for the bots' decisions, at a lower priority
                            (default: the machine's cores)
  --test-seed N             derive every match seed from N instead of the OS's CSPRNG:
                            reproducible matches for tests; never in production. A
                            table's seed comes from N, its creator's name and how many
                            tables players of that name made on this node since it
                            started, so it does not depend on which node of a cluster
                            made it
  --test-bot-delay MS       bots wait MS milliseconds each time they are asked to decide:
                            slow bots for tests; never in production
  --help                    this text
)";
}

std::string parse_options(const std::vector<std::string>& args, Options& out) {
  for (std::size_t i = 0; i < args.size(); ++i) {
    const std::string& a = args[i];
    if (a == "--help" || a == "-h") {
      out.help = true;
      continue;
    }
    // The option is looked up before its value: "--bogus" is an unknown option even last.
    const bool has_value = i + 1 < args.size();
    const std::string v = has_value ? args[i + 1] : std::string();
    bool ok = true;
    Limits& l = out.limits;
    std::size_t big = std::numeric_limits<std::uint32_t>::max();
    if (a == "--host") {
      out.host = v;
    } else if (a == "--port") {
      ok = number<std::uint16_t>(v, out.port, 0, 65535);
    } else if (a == "--db") {
      out.db = v;
    } else if (a == "--node") {
      out.node = v;
      ok = !v.empty();
    } else if (a == "--lease-seconds") {
      ok = number(v, out.lease_seconds, 2, 3600);
    } else if (a == "--sync") {
      ok = v == "normal" || v == "full";
      out.durability = v == "full" ? Durability::full : Durability::normal;
    } else if (a == "--web") {
      out.web_dir = v;
      if (has_value && !holds(v, "index.html"))
        return a + " " + v + ": no web table there (no index.html; the source tree's is examples/web)";
    } else if (a == "--package") {
      out.package_dir = v;
      if (has_value && !holds(v, "package.json"))
        return a + " " + v + ": no libmus npm package there (no package.json; the build's target "
               "js_package writes one to <build>/capi/js/package)";
    } else if (a == "--allow-origin") {
      out.origins.push_back(v);
    } else if (a == "--clock") {
      ok = number(v, l.clock_seconds, 1, 86400);
    } else if (a == "--max-clock") {
      ok = number(v, l.max_clock_seconds, 1, 86400);
    } else if (a == "--grace") {
      ok = number(v, l.grace_seconds, 0, 86400);
    } else if (a == "--max-message-bytes") {
      ok = number<std::size_t>(v, l.max_message_bytes, 64, 65536);
    } else if (a == "--rate") {
      int r = 0;
      ok = number(v, r, 1, 100000);
      l.rate_per_second = r;
    } else if (a == "--burst") {
      int b = 0;
      ok = number(v, b, 1, 100000);
      l.burst = b;
    } else if (a == "--max-connections") {
      ok = number<std::size_t>(v, out.max_connections, 1, big);
    } else if (a == "--max-tables") {
      ok = number<std::size_t>(v, l.max_tables, 1, big);
    } else if (a == "--max-tables-per-player") {
      ok = number<std::size_t>(v, l.max_tables_per_player, 1, big);
    } else if (a == "--max-players") {
      ok = number<std::size_t>(v, l.max_players, 1, big);
    } else if (a == "--threads") {
      ok = number(v, out.threads, 1, 1024);
    } else if (a == "--bot-threads") {
      ok = number(v, out.bot_threads, 1, 1024);
    } else if (a == "--test-bot-delay") {
      ok = number(v, out.test_bot_delay_ms, 0, 60000);
    } else if (a == "--test-seed") {
      std::uint64_t s = 0;
      ok = number<std::uint64_t>(v, s, 0, std::numeric_limits<std::uint64_t>::max());
      out.test_seed = s;
    } else {
      return a + ": unknown option (see --help)";
    }
    if (!has_value) return a + ": needs a value";
    ++i;
    if (!ok) return a + ": bad value '" + v + "'";
  }
  if (!out.node.empty() && !is_postgresql_url(out.db))
    return "--node: needs a PostgreSQL --db (postgresql://...)";
  if (out.limits.clock_seconds > out.limits.max_clock_seconds)
    return "--clock: larger than --max-clock";
  return {};
}

}  // namespace mus_server
