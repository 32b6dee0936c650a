// The protocol handler of mus-server: every rule of the protocol (docs/protocol.md), without
// sockets. The transport gives it connections, text messages and the time; it returns the
// messages to send. Tests and fuzzers drive it directly.
//
// The game itself is the library's: states, legal action ids, action texts, views and events
// all come from libmus, and the handler only routes them, checks who may act, keeps the clocks
// and stores every accepted action before anybody sees its effect.
#ifndef MUS_SERVER_HANDLER_HPP
#define MUS_SERVER_HANDLER_HPP

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <mus/mus.hpp>

#include "store.hpp"

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

/// Where randomness comes from: fills the buffer with CSPRNG bytes.
using RandomBytes = std::function<void(void*, std::size_t)>;

/// The operating system's CSPRNG (getrandom(2)); throws std::runtime_error if it fails.
void os_random_bytes(void* out, std::size_t n);

/// @brief Whether two strings are equal, in a time that depends only on their lengths.
bool constant_time_equal(std::string_view a, std::string_view b) noexcept;

class Handler {
 public:
  /**
   * @param store Where matches are kept (must outlive the handler).
   * @param limits Limits and defaults.
   * @param random The CSPRNG for tokens, codes, ids and match seeds.
   * @param test_seed When set, match seeds and first dealers come from this number and the
   *        table's creation order instead of the CSPRNG (tests only: reproducible matches).
   */
  Handler(Store& store, Limits limits, RandomBytes random = os_random_bytes,
          std::optional<std::uint64_t> test_seed = std::nullopt);
  ~Handler();
  Handler(const Handler&) = delete;
  Handler& operator=(const Handler&) = delete;

  /// Rebuilds the players and unfinished matches of the store (call once, at start).
  /// @return One line per table that could not be rebuilt (left out).
  std::vector<std::string> restore(std::int64_t now_ms);

  /// A new connection.
  void open(ConnId c, std::int64_t now_ms);
  /// One text message from a connection; the replies and broadcasts it causes.
  std::vector<Outgoing> message(ConnId c, std::string_view text, std::int64_t now_ms);
  /// The connection closed; its player's grace window starts.
  std::vector<Outgoing> close(ConnId c, std::int64_t now_ms);
  /// Clocks and grace windows: call a few times a second.
  std::vector<Outgoing> tick(std::int64_t now_ms);

  /// `GET /tables`: the open public tables, as JSON.
  std::string lobby() const;
  /// `GET /replays/<id>`: the finished match's transcript, or nothing.
  std::optional<std::string> replay_transcript(const std::string& table_id);

  /// Log lines (timeouts, bots taking seats, restore problems) since the last call.
  std::vector<std::string> take_log();

  /// Counts for tests and the log.
  std::size_t table_count() const;
  std::size_t connection_count() const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace mus_server

#endif  // MUS_SERVER_HANDLER_HPP
