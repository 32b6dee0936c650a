// mus-server: the reference multiplayer server of libmus. See docs/server.md.
#include <cstdio>
#include <exception>
#include <string>
#include <vector>

#include "handler.hpp"
#include "options.hpp"
#include "sqlite_store.hpp"
#include "transport.hpp"

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
  try {
    SqliteStore store(opt.db, opt.durability);
    Handler handler(store, opt.limits, os_random_bytes, opt.test_seed);
    for (const auto& p : handler.restore(0)) std::fprintf(stderr, "mus-server: %s\n", p.c_str());
    for (const auto& l : handler.take_log()) std::fprintf(stderr, "mus-server: %s\n", l.c_str());
    if (opt.test_seed) std::fprintf(stderr, "mus-server: --test-seed: match seeds are NOT random\n");
    return run_server(opt, handler, store);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "mus-server: %s\n", e.what());
    return 1;
  }
}
