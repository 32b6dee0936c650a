// mus-server's network side: HTTP and WebSocket on one port with Boost.Beast, its threads and
// its commit thread. The only translation unit that includes Beast.
#ifndef MUS_SERVER_TRANSPORT_HPP
#define MUS_SERVER_TRANSPORT_HPP

#include "handler.hpp"
#include "options.hpp"

#include <cstdint>
#include <memory>
#include <string>

namespace mus_server {

/// A socket bound to the address and port of the options and listening, before anything else
/// starts: a busy port stops the server before it opens (or loads) a database.
class Listening {
 public:
  ~Listening();
  Listening(const Listening&) = delete;
  Listening& operator=(const Listening&) = delete;
  /// The port bound (the one chosen when the options said 0).
  std::uint16_t port() const;

  struct Impl;  ///< The io_context and the acceptor (transport.cpp).
  explicit Listening(std::unique_ptr<Impl> impl);
  Impl& impl() { return *impl_; }

 private:
  std::unique_ptr<Impl> impl_;
};

/**
 * @brief Binds and listens on the options' host and port.
 * @param opt The options.
 * @param error Receives why it failed ("127.0.0.1 port 8080 is in use: ...").
 * @return The listening socket, or null with `error` set.
 */
std::unique_ptr<Listening> listen_on(const Options& opt, std::string& error);

/**
 * @brief The server around the handler: the network threads, the commit thread and the bots'
 *        threads. Made before the handler, which stores through store() and runs its tables
 *        on runtime(); run() serves until SIGINT or SIGTERM.
 *
 * Threads (docs/server.md, "Threads"): `--threads` threads run one io_context; each connection
 * and each table has its own strand on it. The commit thread is the store's one writer: it
 * commits the store calls of everything that waits in one transaction and only then sends the
 * messages they caused. `--bot-threads` threads, at a lower priority, run the bots' decisions.
 * A node of several also has a lease thread (LeaseKeeper) with its own store connection: it
 * renews the node's leases, and the commit thread commits nothing while they have lapsed.
 */
class Service {
 public:
  /**
   * @param listening The socket from listen_on() (its io_context is the server's).
   * @param opt The options (threads, files, origins, connection limit).
   * @param store The store; only the commit thread uses it from now on.
   * @param lease_store Of a node of several (a shared store): a second connection to the same
   *        database, for the lease thread alone, which renews the node's leases every
   *        LeaseKeeper::period_ms() whatever the commits do (null: renewals go through the
   *        commit thread).
   */
  Service(Listening& listening, const Options& opt, Store& store, Store* lease_store = nullptr);
  ~Service();
  Service(const Service&) = delete;
  Service& operator=(const Service&) = delete;
  /// @brief The store as the handler must use it (its writes go through the commit thread).
  Store& store();
  /// @brief Where the handler's tables run (strands, the commit thread, the bots' threads).
  Runtime& runtime();
  /**
   * @brief Serves until SIGINT or SIGTERM.
   * @param handler The protocol handler (made with store() and runtime(), restored already).
   * @return The process exit status (1 when a group's commit failed).
   */
  int run(Handler& handler);

 private:
  void stop_threads();
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace mus_server

#endif  // MUS_SERVER_TRANSPORT_HPP
