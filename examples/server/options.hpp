// mus-server's command line.
#ifndef MUS_SERVER_OPTIONS_HPP
#define MUS_SERVER_OPTIONS_HPP

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "handler.hpp"
#include "sqlite_store.hpp"

namespace mus_server {

/// The machine's cores (std::thread::hardware_concurrency(), at least 1).
int machine_cores();

/// Everything the command line sets.
struct Options {
  std::string host = "127.0.0.1";           ///< Address to listen on.
  std::uint16_t port = 8080;                ///< Port (0: any free port, printed at start).
  std::string db = "mus.sqlite3";           ///< The SQLite file.
  Durability durability = Durability::normal;
  std::string node;                         ///< This node's name (--node; PostgreSQL only).
  int lease_seconds = 5;                    ///< How long a table lease lasts unrenewed.
  std::string web_dir;                      ///< Served at `/` (the web table).
  std::string package_dir;                  ///< Served at `/libmus/` (the npm package).
  std::vector<std::string> origins;         ///< Extra allowed Origin values.
  std::size_t max_connections = 5000;       ///< Open WebSocket connections.
  Limits limits{};                          ///< The handler's limits.
  int threads = machine_cores();            ///< Network threads.
  int bot_threads = machine_cores();        ///< Threads for the bots' decisions.
  std::optional<std::uint64_t> test_seed;   ///< Reproducible matches (tests only).
  int test_bot_delay_ms = 0;                ///< Bots wait this long before deciding (tests only).
  bool help = false;                        ///< --help was given.
};

/// The --help text.
std::string usage();

/**
 * @brief Reads the command line.
 * @param args The arguments after the program name.
 * @param out Receives the options (defaults for those not given).
 * @return Empty on success, else the problem ("--port: not a number").
 */
std::string parse_options(const std::vector<std::string>& args, Options& out);

}  // namespace mus_server

#endif  // MUS_SERVER_OPTIONS_HPP
