// mus-server's network side: HTTP and WebSocket on one port with Boost.Beast. The only
// translation unit that includes Beast.
#ifndef MUS_SERVER_TRANSPORT_HPP
#define MUS_SERVER_TRANSPORT_HPP

#include "handler.hpp"
#include "options.hpp"

namespace mus_server {

/**
 * @brief Listens and serves until SIGINT or SIGTERM, on one thread and one io_context.
 * @param opt The options (address, files, origins, connection limit).
 * @param handler The protocol handler (restored already).
 * @param store The handler's store: the transport groups its commits (Store::begin_group()).
 * @return The process exit status (1 when a group's commit failed).
 */
int run_server(const Options& opt, Handler& handler, Store& store);

}  // namespace mus_server

#endif  // MUS_SERVER_TRANSPORT_HPP
