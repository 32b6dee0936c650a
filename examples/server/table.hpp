// The table unit of mus-server: one match's life. A Table owns its seats, its state, its
// clock, its bots, its spectators and its store calls, and touches no other table. What it
// needs from the server around it (who a player is and whether connected, the player's list
// of tables, the log) it asks through TableHost, a narrow interface; its messages go into the
// list of Outgoing it is given. So a table could run on a strand of its own.
//
// The game is the library's: states, legal actions, texts, views and events come from libmus;
// the table checks who may act, keeps the clock and stores every accepted action before
// anybody sees its effect.
#ifndef MUS_SERVER_TABLE_HPP
#define MUS_SERVER_TABLE_HPP

#include <array>
#include <cstdint>
#include <deque>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <mus/mus.hpp>

#include "protocol.hpp"
#include "server_types.hpp"
#include "settings.hpp"
#include "store.hpp"

namespace mus_server {

/// A person as a table sees them: the name, the connection, since when dropped.
struct Person {
  std::string_view name;        ///< The display name (valid until the host changes it).
  ConnId conn = 0;              ///< The connection, 0 while disconnected.
  std::int64_t dropped_at = 0;  ///< When the last connection closed (ms).
  bool tips = false;            ///< The connection asked for tips (`hello.tips`).
};

/// What a table may ask of the server around it.
class TableHost {
 public:
  virtual ~TableHost() = default;
  /// @brief A player by id, or nothing for an unknown id.
  virtual std::optional<Person> person(const std::string& player) const = 0;
  /// @brief The player now sits at this unfinished table (`at`), or no longer does.
  virtual void seated(const std::string& player, const std::string& table, bool at) = 0;
  /// @brief A match ended and its results were stored: add them to the players' cards.
  virtual void match_over(const MatchEnd& end) = 0;
  /// @brief A line for the server's log.
  virtual void log(std::string line) = 0;
};

class Table {
 public:
  /**
   * @brief A new table, stored at once (Store::create_table).
   * @param id The table id.
   * @param settings Its settings (code and creator set).
   * @param seed The match seed.
   * @param dealer The first dealer.
   * @param store, limits, host What the table uses (they outlive it).
   */
  Table(std::string id, TableSettings settings, std::uint64_t seed, int dealer, Store& store,
        const Limits& limits, TableHost& host);

  /**
   * @brief A table rebuilt from its stored record: its actions replayed through the reducer,
   *        then the shuffles and bots that were due played (nobody is connected yet).
   * @param record The stored table.
   * @param settings Its settings, read by the codec.
   * @param now The time.
   * @return Empty on success, else why the table cannot be rebuilt.
   */
  std::string restore(const TableRecord& record, const TableSettings& settings, std::int64_t now);
  /// @brief A table to restore into (see restore()).
  Table(std::string id, Store& store, const Limits& limits, TableHost& host);

  // ---- the messages about this table; each refuses (a Refusal) or acts ----

  /// @brief A person takes a seat (join, or create with a seat), leaving the spectators.
  void join(ConnId c, const std::string& player, std::optional<int> seat, std::int64_t now,
            std::vector<Outgoing>& out);
  /// @brief A connection watches.
  void watch(ConnId c, std::int64_t now, std::vector<Outgoing>& out);
  /// @brief A seat's action (an action id, or a bet amount), answering the view of `seq`.
  void act(const std::string& player, const in::Act& m, std::int64_t now,
           std::vector<Outgoing>& out);
  /// @brief A seat's signal (R33), at its turn or not.
  void gesture(const std::string& player, mus::Signal signal, std::int64_t now,
               std::vector<Outgoing>& out);
  /// @brief A seated person's chat line (`text` checked by the protocol), at `wall_ms` (Unix).
  void chat(const std::string& player, const std::string& text, std::int64_t now,
            std::int64_t wall_ms, std::vector<Outgoing>& out);
  /// @brief Sends the chat's last lines to a connection (after join, watch or resume).
  void send_chat_history(ConnId c, std::vector<Outgoing>& out) const;
  /// @brief A spectator stops watching, or a person leaves the seat.
  /// @return True when it was a spectator.
  bool leave(ConnId c, const std::string& player, std::int64_t now, std::vector<Outgoing>& out);

  // ---- what happens around it ----

  /// @brief A seated person's connection changed (dropped, came back): everyone is told, and
  ///        the person gets the view with the events missed.
  void seating_changed(std::int64_t now, std::vector<Outgoing>& out);
  /// @brief A connection closed: it watches no more.
  void unwatch(ConnId c);
  /// @brief Clocks and grace windows; an unstarted table whose creator is gone (and where no
  ///        other person sits connected) is closed.
  void tick(std::int64_t now, std::vector<Outgoing>& out);

  // ---- questions ----

  /// @brief The table as the `table` message and the lobby show it.
  out::TableOut summary(std::int64_t now) const;
  [[nodiscard]] const std::string& id() const { return id_; }
  [[nodiscard]] const TableSettings& settings() const { return settings_; }
  [[nodiscard]] bool over() const { return over_; }
  [[nodiscard]] std::int64_t over_at() const { return over_at_; }
  [[nodiscard]] bool started() const { return started_; }
  /// @brief The player ids of the seats (empty: free or a bot's).
  [[nodiscard]] const std::array<std::string, 4>& players() const { return player_; }
  /// @brief The connections watching.
  [[nodiscard]] std::vector<ConnId> watchers() const;

 private:
  [[nodiscard]] std::uint64_t seq() const { return actions_.size(); }
  [[nodiscard]] int seat_of(const std::string& p) const;
  [[nodiscard]] bool filled() const;
  [[nodiscard]] bool bot_plays(int seat, std::int64_t now) const;
  [[nodiscard]] ConnId conn_of(int seat) const;
  [[nodiscard]] std::optional<std::int64_t> time_left(std::int64_t now) const;
  [[nodiscard]] bool gone(const std::string& player, std::int64_t now) const;
  [[nodiscard]] bool abandoned(std::int64_t now) const;
  std::string view_of(int seat, std::uint64_t since, std::int64_t now) const;
  void send_table(std::int64_t now, std::vector<Outgoing>& out) const;
  void broadcast(std::int64_t now, std::vector<Outgoing>& out, bool seating = true);
  std::string_view play(const mus::Action* first, out::Note note, std::int64_t now,
                        std::vector<Outgoing>& out, int bot_turn = -1);
  [[nodiscard]] bool stale(int seat, std::int64_t seq) const;
  int acting_seat(const std::string& player) const;
  void sit(const std::string& player, int seat, std::int64_t now, std::vector<Outgoing>& out);
  void start(std::int64_t now, std::vector<Outgoing>& out);
  void finish(std::int64_t now);
  MatchEnd results(const mus::State& last, const std::vector<out::LogEntry>& entries) const;

  std::string id_;
  TableSettings settings_;
  std::uint64_t seed_ = 0;
  int dealer_ = 0;
  std::array<std::string, 4> player_{};
  std::array<bool, 4> left_{};
  std::array<std::uint64_t, 4> seen_{};  // last seq sent to each seat's person
  bool started_ = false, over_ = false;
  std::int64_t over_at_ = 0;
  mus::State state_{};
  std::vector<std::string> actions_;
  std::vector<std::int8_t> gesture_seat_;  // per action: the seat of a signal, else -1
  std::vector<out::LogEntry> log_;
  std::int64_t deadline_ = 0;
  std::map<ConnId, std::uint64_t> watchers_;  // connection -> last seq sent
  std::deque<ChatLine> chat_;                 // the last chat_kept lines
  std::int64_t chat_count_ = 0;               // the number of the last line
  std::map<std::string, std::deque<std::int64_t>> chat_times_;  // player -> recent lines (ms)
  Store& store_;
  const Limits& limits_;
  TableHost& host_;
};

}  // namespace mus_server

#endif  // MUS_SERVER_TABLE_HPP
