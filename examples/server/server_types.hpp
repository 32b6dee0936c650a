// What every unit of mus-server shares: connection ids, the messages to send, the limits.
#ifndef MUS_SERVER_SERVER_TYPES_HPP
#define MUS_SERVER_SERVER_TYPES_HPP

#include <cstddef>
#include <cstdint>
#include <string>
#include <utility>

namespace mus_server {

/// The protocol version this server speaks (the `v` of hello and welcome).
inline constexpr int protocol_version = 1;

/// A connection's number, given by the transport (never 0).
using ConnId = std::uint64_t;

/// A message to send: to one connection.
struct Outgoing {
  ConnId conn = 0;   ///< The receiver.
  std::string text;  ///< One JSON message.
};

/// Limits and defaults; every one is a command-line option of mus-server.
struct Limits {
  std::size_t max_message_bytes = 4096;  ///< Larger messages are refused (too_large).
  double rate_per_second = 20;           ///< Messages a connection may send per second...
  double burst = 40;                     ///< ...with this many at once.
  std::size_t max_tables = 1000;         ///< Unfinished tables on the server.
  std::size_t max_tables_per_player = 4; ///< Unfinished tables one player may have created.
  std::size_t max_players = 100000;      ///< Players known (hello without token makes one).
  int clock_seconds = 30;                ///< Default per-decision clock.
  int max_clock_seconds = 3600;          ///< Largest clock a table may ask for.
  int grace_seconds = 60;                ///< A dropped person keeps the seat this long.
  std::size_t max_events_per_view = 400; ///< Older missed events are left out of a view.
};

/// A refused message: one of the documented error codes (docs/protocol.md) and a message.
/// Thrown by the unit that finds the problem; the handler answers it as an `error` message.
struct Refusal {
  std::string code;     ///< The error code, e.g. "bad_value".
  std::string message;  ///< What was wrong, for people.
};

/// @brief Throws a Refusal.
/// @param code The error code.
/// @param message What was wrong.
[[noreturn]] inline void refuse(std::string code, std::string message) {
  throw Refusal{std::move(code), std::move(message)};
}

}  // namespace mus_server

#endif  // MUS_SERVER_SERVER_TYPES_HPP
