// mus-server's network side: HTTP and WebSocket on one port with Boost.Beast. The only
// translation unit that includes Beast.
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
 * @brief Serves on a listening socket until SIGINT or SIGTERM, on one thread and one
 *        io_context.
 * @param listening The socket from listen_on().
 * @param opt The options (files, origins, connection limit).
 * @param handler The protocol handler (restored already).
 * @param store The handler's store: the transport groups its commits (Store::begin_group()).
 * @return The process exit status (1 when a group's commit failed).
 */
int run_server(Listening& listening, const Options& opt, Handler& handler, Store& store);

}  // namespace mus_server

#endif  // MUS_SERVER_TRANSPORT_HPP
