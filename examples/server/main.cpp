// mus-server: the reference multiplayer server of libmus. See docs/server.md.
#include <cstdio>
#include <exception>
#include <filesystem>
#include <memory>
#include <string>
#include <system_error>
#include <vector>

#include "handler.hpp"
#include "lease.hpp"
#include "options.hpp"
#include "sqlite_store.hpp"
#ifdef MUS_SERVER_POSTGRESQL
#include "pg_store.hpp"
#endif
#include "transport.hpp"

namespace {

// The store --db names: a PostgreSQL database for a postgresql:// URL, else an SQLite file.
std::unique_ptr<mus_server::Store> open_store(const mus_server::Options& opt) {
  const std::string& db = opt.db;
  if (mus_server::is_postgresql_url(db)) {
#ifdef MUS_SERVER_POSTGRESQL
    auto store = opt.node.empty() ? std::make_unique<mus_server::PgStore>(db)
                                  : std::make_unique<mus_server::PgStore>(db, opt.node,
                                                                          opt.lease_seconds * 1000);
    std::fprintf(stderr, "mus-server: matches are stored in PostgreSQL (schema version %d)\n",
                 mus_server::PgStore::schema_version);
    if (!opt.node.empty())
      std::fprintf(stderr, "mus-server: node %s, table leases of %d s\n", opt.node.c_str(),
                   opt.lease_seconds);
    return store;
#else
    throw mus_server::StoreError("--db " + db +
                                 ": this mus-server was built without PostgreSQL (install "
                                 "libpq-dev and build again)");
#endif
  }
  auto store = std::make_unique<mus_server::SqliteStore>(db, opt.durability);
  std::error_code ec;
  std::fprintf(stderr, "mus-server: matches are stored in %s\n",
               std::filesystem::absolute(db, ec).string().c_str());
  return store;
}

// Of a node of several (--node with a PostgreSQL --db): the lease thread's own connection,
// which gives up reconnecting within a renewal period (the thread tries again at the next).
std::unique_ptr<mus_server::Store> open_lease_store(const mus_server::Options& opt) {
#ifdef MUS_SERVER_POSTGRESQL
  if (!opt.node.empty() && mus_server::is_postgresql_url(opt.db)) {
    const int lease_ms = opt.lease_seconds * 1000;
    return std::make_unique<mus_server::PgStore>(opt.db, opt.node, lease_ms,
                                                 mus_server::LeaseKeeper::period_ms(lease_ms));
  }
#endif
  (void)opt;
  return nullptr;
}

// What --web and --package name is refused when it is missing; the defaults (the source and
// build trees of this binary) may be missing too, and then the server says what that means.
void say_what_is_missing(const mus_server::Options& opt) {
  std::error_code ec;
  if (!std::filesystem::is_regular_file(std::filesystem::path(opt.web_dir) / "index.html", ec))
    std::fprintf(stderr,
                 "mus-server: warning: no web table at %s (no index.html): / answers 404; "
                 "give the source tree's examples/web with --web DIR\n",
                 opt.web_dir.c_str());
  if (!std::filesystem::is_regular_file(std::filesystem::path(opt.package_dir) / "package.json",
                                        ec)) {
    const std::string tail = "/capi/js/package";
    const std::string& pkg = opt.package_dir;
    const std::string build = pkg.size() > tail.size() &&
                                      pkg.compare(pkg.size() - tail.size(), tail.size(), tail) == 0
                                  ? pkg.substr(0, pkg.size() - tail.size())
                                  : "<build>";
    std::fprintf(stderr,
                 "mus-server: note: the web table at / loads libmus from %s, which is not built: "
                 "build it with `cmake --build %s --target js_package` (needs emscripten and "
                 "nodejs, see README.md) or give a built package with --package DIR; the online "
                 "table at /online.html does not need it\n",
                 pkg.c_str(), build.c_str());
  }
}

}  // namespace

int main(int argc, char** argv) {
  using namespace mus_server;
  Options opt;
#ifdef MUS_SERVER_WEB_DIR
  opt.web_dir = MUS_SERVER_WEB_DIR;
#endif
#ifdef MUS_SERVER_PACKAGE_DIR
  opt.package_dir = MUS_SERVER_PACKAGE_DIR;
#endif
  const std::string problem = parse_options(std::vector<std::string>(argv + 1, argv + argc), opt);
  if (!problem.empty()) {
    std::fprintf(stderr, "mus-server: %s\n", problem.c_str());
    return 2;
  }
  if (opt.help) {
    std::fputs(usage().c_str(), stdout);
    return 0;
  }
  // The port first: a second server on a busy port stops here, before it opens (or loads)
  // the database of the first.
  std::string not_listening;
  const auto listening = listen_on(opt, not_listening);
  if (!listening) {
    std::fprintf(stderr, "mus-server: %s\n", not_listening.c_str());
    return 1;
  }
  say_what_is_missing(opt);
  try {
    const auto store_owner = open_store(opt);
    Store& store = *store_owner;
    const auto lease_store = open_lease_store(opt);
    // The service first: the handler stores through its commit thread and runs its tables on
    // its threads (restoring the tables already uses both).
    Service service(*listening, opt, store, lease_store.get());
    Handler handler(service.store(), opt.limits, os_random_bytes, opt.test_seed, system_wall_ms,
                    &service.runtime());
    for (const auto& p : handler.restore(0)) std::fprintf(stderr, "mus-server: %s\n", p.c_str());
    for (const auto& l : handler.take_log()) std::fprintf(stderr, "mus-server: %s\n", l.c_str());
    if (opt.test_seed) std::fprintf(stderr, "mus-server: --test-seed: match seeds are NOT random\n");
    if (opt.test_bot_delay_ms > 0)
      std::fprintf(stderr, "mus-server: --test-bot-delay: bots are slowed on purpose\n");
    std::fprintf(stderr, "mus-server: %d threads, %d bot threads\n", opt.threads, opt.bot_threads);
    return service.run(handler);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "mus-server: %s\n", e.what());
    return 1;
  }
}
