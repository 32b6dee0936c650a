// The protocol handler of mus-server, without sockets: the transport gives it connections, text
// messages and the time; it returns the messages to send. Tests and fuzzers drive it directly.
//
// It only routes: the protocol unit (protocol.hpp) parses each message and writes each reply,
// the table unit (table.hpp) plays each match, the settings codec (settings.hpp) reads and
// writes a table's settings, and the store (store.hpp) keeps everything. The handler itself
// keeps the players, the connections and the lobby, and finds the table a message is about;
// the table's work runs on its lane (runtime.hpp).
//
// Threads: with the server's runtime, every call may come from any thread at once (a
// connection's own calls one at a time): players, connections and tables are kept in
// SharedMaps, each player has a mutex of its own, and a table's state is touched only on its
// lane. With the default InlineRuntime everything runs at once in the caller, on one thread,
// deterministically (tests and the fuzzer).
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

#include "runtime.hpp"
#include "server_types.hpp"
#include "store.hpp"

namespace mus_server {

/// Where randomness comes from: fills the buffer with CSPRNG bytes.
using RandomBytes = std::function<void(void*, std::size_t)>;

/// The operating system's CSPRNG (getrandom(2)); throws std::runtime_error if it fails.
void os_random_bytes(void* out, std::size_t n);

/// Unix time in milliseconds (a chat line's time, when a player was made).
using WallClock = std::function<std::int64_t()>;

/// The system's clock (std::chrono::system_clock) in Unix milliseconds.
std::int64_t system_wall_ms();

/// @brief Whether two strings are equal, in a time that depends only on their lengths.
bool constant_time_equal(std::string_view a, std::string_view b) noexcept;

class Handler {
 public:
  /**
   * @param store Where matches are kept (must outlive the handler).
   * @param limits Limits and defaults.
   * @param random The CSPRNG for tokens, codes, ids and match seeds.
   * @param test_seed When set, match seeds and first dealers come from this number, the
   *        creator's name and how many tables players of that name made on this handler
   *        since it was made, instead of the CSPRNG (tests only: reproducible matches, the
   *        same on any node of a cluster).
   * @param wall The wall clock (only for the times shown to people; the clocks of the game
   *        run on the `now_ms` given to each call).
   * @param runtime Where tables run (must outlive the handler); null: an InlineRuntime of the
   *        handler's own (one thread, deterministic).
   */
  Handler(Store& store, Limits limits, RandomBytes random = os_random_bytes,
          std::optional<std::uint64_t> test_seed = std::nullopt, WallClock wall = system_wall_ms,
          Runtime* runtime = nullptr);
  ~Handler();
  Handler(const Handler&) = delete;
  Handler& operator=(const Handler&) = delete;

  /// Rebuilds the players and unfinished matches of the store (call once, at start).
  /// @return One line per table that could not be rebuilt (left out).
  std::vector<std::string> restore(std::int64_t now_ms);

  /// A new connection.
  void open(ConnId c, std::int64_t now_ms);
  /// One text message from a connection; the replies and broadcasts it causes (with a
  /// threaded runtime, those of the table's work come later, through the runtime).
  std::vector<Outgoing> message(ConnId c, std::string_view text, std::int64_t now_ms);
  /// The connection closed; its player's grace window starts.
  std::vector<Outgoing> close(ConnId c, std::int64_t now_ms);
  /// Clocks and grace windows: call a few times a second.
  std::vector<Outgoing> tick(std::int64_t now_ms);

  /// `GET /tables`: the open public tables, as JSON.
  std::string lobby() const;
  /// What the HTTP paths of a finished match serve.
  enum class MatchText : std::uint8_t {
    record,  ///< `GET /replays/<id>`: the match record (`mus-record 3`, with states).
    page,    ///< `GET /matches/<id>` as text: the match hand by hand, as `mus-cli watch` prints it.
    data,    ///< `GET /matches/<id>.json`: what the match's web page draws (out::match_data).
  };
  /// The finished match's record or page, or nothing (unknown, unfinished, not replayable).
  std::optional<std::string> match_text(const std::string& table_id, MatchText what);

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
