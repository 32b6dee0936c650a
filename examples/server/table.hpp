// The table unit of mus-server: one match's life. A Table owns its seats, its state, its
// clock, its bots, its spectators and its store calls, and touches no other table. What it
// needs from the server around it (who a player is and whether connected, the player's list
// of tables, the log) it asks through TableHost, a narrow interface, and through the Person
// objects of its seats; its messages go into the list of Outgoing it is given.
//
// Threads: every method but the questions marked "any thread" runs on the table's lane (see
// runtime.hpp), one at a time; the lane is an Asio strand in the server. The bots' decisions
// run apart (Runtime::think) on a copy of the state, and their result comes back to the lane,
// where it is played only if the table has not moved meanwhile. So do a person's tips
// (Runtime::advise): the view goes out without them, and a view of the same seq with them
// follows, only if the table has not moved meanwhile.
//
// The game is the library's: states, legal actions, texts, views and events come from libmus;
// the table checks who may act, keeps the clock and stores every accepted action before
// anybody sees its effect.
#ifndef MUS_SERVER_TABLE_HPP
#define MUS_SERVER_TABLE_HPP

#include <array>
#include <atomic>
#include <cstdint>
#include <deque>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <mus/mus.hpp>

#include "protocol.hpp"
#include "runtime.hpp"
#include "server_types.hpp"
#include "settings.hpp"
#include "store.hpp"

namespace mus_server {

/// A person as the tables see them: the handler and every table where the person sits share
/// it, from any thread (it has a mutex of its own).
class Person {
 public:
  /// The person's connection as it is now.
  struct Link {
    ConnId conn = 0;                  ///< The connection, 0 while disconnected.
    std::int64_t dropped_at = 0;      ///< When the last connection closed (ms).
    ViewForm form = ViewForm::full;   ///< How that connection takes views.
    bool tips = false;                ///< That connection takes tips (`hello.tips`, `tips`).
  };
  /// @param id The player id (never changes).
  /// @param name The display name.
  Person(std::string id, std::string name) : id_(std::move(id)), name_(std::move(name)) {}
  /// @brief The player id.
  [[nodiscard]] const std::string& id() const noexcept { return id_; }
  /// @brief The connection now.
  [[nodiscard]] Link link() const {
    const std::lock_guard lock(m_);
    return link_;
  }
  /// @brief The display name now.
  [[nodiscard]] std::string name() const {
    const std::lock_guard lock(m_);
    return name_;
  }
  /// @brief A new name.
  void rename(std::string name) {
    const std::lock_guard lock(m_);
    name_ = std::move(name);
  }
  /// @brief The person is now on connection `c`, which takes views in `form` (with tips when
  /// `tips`).
  void connect(ConnId c, ViewForm form, bool tips) {
    const std::lock_guard lock(m_);
    link_.conn = c;
    link_.form = form;
    link_.tips = tips;
  }
  /// @brief Connection `c` turns tips on or off. @return Whether `c` is the person's.
  bool set_tips(ConnId c, bool on) {
    const std::lock_guard lock(m_);
    if (link_.conn != c) return false;
    link_.tips = on;
    return true;
  }
  /// @brief Connection `c` closed at `now`. @return Whether it was the person's.
  bool disconnect(ConnId c, std::int64_t now) {
    const std::lock_guard lock(m_);
    if (link_.conn != c) return false;
    link_.conn = 0;
    link_.dropped_at = now;
    return true;
  }
  /// @brief Nobody is connected (a restart): the grace window starts at `now`.
  void dropped(std::int64_t now) {
    const std::lock_guard lock(m_);
    link_.conn = 0;
    link_.dropped_at = now;
  }

 private:
  const std::string id_;
  mutable std::mutex m_;
  std::string name_;
  Link link_;
};

/// What a table may ask of the server around it (from the table's lane: the host's answers
/// must be safe from any thread).
class TableHost {
 public:
  virtual ~TableHost() = default;
  /// @brief A player by id, or null for an unknown id.
  virtual std::shared_ptr<Person> person(const std::string& player) const = 0;
  /// @brief The player now sits at this unfinished table (`at`), or no longer does.
  virtual void seated(const std::string& player, const std::string& table, bool at) = 0;
  /// @brief A match ended and its results were stored: add them to the players' cards.
  virtual void match_over(const MatchEnd& end) = 0;
  /// @brief A line for the server's log.
  virtual void log(std::string line) = 0;
};

/// What a table uses, all of which outlive it.
struct TableEnv {
  Store& store;          ///< Where it stores its match.
  const Limits& limits;  ///< The server's limits.
  TableHost& host;       ///< The server around it.
  Runtime& runtime;      ///< Its lane, and where its bots think.
};

class Table : public std::enable_shared_from_this<Table> {
 public:
  /**
   * @brief A new table, stored at once (Store::create_table).
   * @param id The table id.
   * @param settings Its settings (code and creator set).
   * @param seed The match seed.
   * @param dealer The first dealer.
   * @param env What the table uses.
   */
  Table(std::string id, TableSettings settings, std::uint64_t seed, int dealer,
        const TableEnv& env);
  /// @brief A table to restore into (see restore()).
  Table(std::string id, const TableEnv& env);

  /**
   * @brief Rebuilds the table from its stored record: its actions replayed through the
   *        reducer, then the shuffles and bots that were due played (nobody is connected yet).
   *        The table must be owned by a shared_ptr already.
   * @param record The stored table.
   * @param settings Its settings, read by the codec.
   * @param now The time.
   * @return Empty on success, else why the table cannot be rebuilt.
   */
  std::string restore(const TableRecord& record, const TableSettings& settings, std::int64_t now);

  // ---- the messages about this table; each refuses (a Refusal) or acts ----

  /// @brief A person takes a seat (join, or create with a seat), leaving the spectators.
  void join(ConnId c, const std::string& player, std::optional<int> seat, std::int64_t now,
            std::vector<Outgoing>& out);
  /// @brief A connection that takes views in `form` watches.
  void watch(ConnId c, ViewForm form, std::int64_t now, std::vector<Outgoing>& out);
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
  /// @brief Sends the table message to one connection.
  void send_summary(ConnId c, std::int64_t now, std::vector<Outgoing>& out) const;
  /// @brief A spectator stops watching, or a person leaves the seat.
  /// @return True when it was a spectator.
  bool leave(ConnId c, const std::string& player, std::int64_t now, std::vector<Outgoing>& out);

  // ---- what happens around it ----

  /// @brief A seated person's connection changed (dropped, came back, renamed): everyone is
  ///        told, and the person gets the view with the events missed.
  void seating_changed(std::int64_t now, std::vector<Outgoing>& out);
  /// @brief A seated person's connection turned tips on or off (the `tips` message): when on
  ///        and the person's seat is to act, a view with the tips follows.
  void tips_changed(const std::string& player, std::int64_t now, std::vector<Outgoing>& out);
  /// @brief A connection closed: it watches no more.
  void unwatch(ConnId c);
  /// @brief Clocks and grace windows; an unstarted table whose creator is gone (and where no
  ///        other person sits connected) is closed.
  void tick(std::int64_t now, std::vector<Outgoing>& out);

  // ---- questions ----

  /// @brief The table as the `table` message shows it.
  out::TableOut summary(std::int64_t now) const;
  /// @brief The table as the lobby shows it, as of its last change (any thread).
  [[nodiscard]] std::shared_ptr<const out::TableOut> listing() const;
  /// @brief The id (any thread).
  [[nodiscard]] const std::string& id() const { return id_; }
  /// @brief The settings (any thread: they never change once the table is made).
  [[nodiscard]] const TableSettings& settings() const { return settings_; }
  /// @brief The match is over, or the table closed (any thread).
  [[nodiscard]] bool over() const { return over_.load(std::memory_order_acquire); }
  /// @brief When it ended (any thread; meaningful once over()).
  [[nodiscard]] std::int64_t over_at() const { return over_at_.load(std::memory_order_acquire); }
  /// @brief The lane its jobs run on.
  [[nodiscard]] Lane& lane() const { return *lane_; }

 private:
  // Actions played from a state, not yet stored or shown: what a play adds to the table.
  struct Run {
    mus::State state{};
    std::uint64_t seq = 0;
    std::vector<std::string> texts;
    std::vector<std::int8_t> gestures;  // per action: the seat of a signal, else -1
    std::vector<out::LogEntry> entries;
    std::vector<std::string> log;
    bool moved = false;  // an action other than a signal: the clock starts again
    std::string_view why;
    // Applies `a`; false (and `why`) when the reducer refuses it.
    bool step(const mus::Action& a, out::Note note);
  };
  // What the table plays by itself from a state: the shuffles, and when `bots`, the decisions
  // of the seats in `mask` (bot seats, and persons gone or left) and of `bot_turn` (a person
  // whose clock ran out, for that turn), until a person is to act or the match is over.
  struct Autoplay {
    std::uint64_t seed = 0;
    std::array<mus::BotConfig, 4> config{};
    std::uint8_t mask = 0;
    std::uint8_t bot_seats = 0;  // the table's bot seats (the others' decisions are notes)
    int bot_turn = -1;
    bool bots = true;
  };
  static void autoplay(Run& run, Autoplay plan, const std::string& table_id);

  [[nodiscard]] std::uint64_t seq() const { return actions_.size(); }
  [[nodiscard]] int seat_of(const std::string& p) const;
  [[nodiscard]] bool filled() const;
  [[nodiscard]] bool bot_plays(int seat, std::int64_t now) const;
  [[nodiscard]] std::uint8_t bot_mask(std::int64_t now) const;
  [[nodiscard]] Autoplay plan(std::int64_t now, int bot_turn, bool bots) const;
  [[nodiscard]] ConnId conn_of(int seat) const;
  [[nodiscard]] std::optional<std::int64_t> time_left(std::int64_t now) const;
  [[nodiscard]] bool gone(const Person* p, std::int64_t now) const;
  [[nodiscard]] bool abandoned(std::int64_t now) const;
  [[nodiscard]] std::string player_id(int seat) const;
  std::string view_of(int seat, const mus::SeatView& sv, ViewForm form, const mus::SeatView* base,
                      std::uint64_t since, std::int64_t now, const mus::Tips* tips) const;
  void send_view(int seat, std::int64_t now, std::vector<Outgoing>& out);
  const mus::Tips* tips_for(int seat, std::int64_t now);
  void tips_ready(std::uint64_t asked_at, int seat, std::shared_ptr<const mus::Tips> tips,
                  std::int64_t now, std::vector<Outgoing>& out);
  void send_table(std::int64_t now, std::vector<Outgoing>& out) const;
  void broadcast(std::int64_t now, std::vector<Outgoing>& out, bool seating = true);
  void publish();
  std::string_view play(const mus::Action* first, out::Note note, std::int64_t now,
                        std::vector<Outgoing>& out, int bot_turn = -1);
  void commit(Run&& run, std::int64_t now, std::vector<Outgoing>& out);
  void ask_bots(std::int64_t now);
  void bots_answered(std::uint64_t asked_at, std::uint8_t mask, Run&& run, std::int64_t now,
                     std::vector<Outgoing>& out);
  [[nodiscard]] bool stale(int seat, std::int64_t seq) const;
  int acting_seat(const std::string& player) const;
  void sit(const std::string& player, int seat, std::int64_t now, std::vector<Outgoing>& out);
  void start(std::int64_t now, std::vector<Outgoing>& out);
  void finish(std::int64_t now);
  MatchEnd results(const mus::State& last, const std::vector<out::LogEntry>& entries) const;

  // A spectator: the last seq sent and how it takes views.
  struct Watcher {
    std::uint64_t seen = 0;
    ViewForm form = ViewForm::full;
  };

  std::string id_;
  TableSettings settings_;
  std::uint64_t seed_ = 0;
  int dealer_ = 0;
  std::array<std::shared_ptr<Person>, 4> person_{};  // the seats' persons (null: free or bot)
  std::array<bool, 4> left_{};
  std::array<std::uint64_t, 4> seen_{};  // last seq sent to each seat's person
  // The delta form: the view each seat's connection last received, and which connection.
  std::array<mus::SeatView, 4> base_{};
  std::array<ConnId, 4> base_conn_{};
  // The spectators' view last sent (at spectator_seq_), the base of their deltas.
  mus::SeatView spectator_base_{};
  std::uint64_t spectator_seq_ = UINT64_MAX;
  bool started_ = false;
  std::atomic<bool> over_{false};
  std::atomic<std::int64_t> over_at_{0};
  mus::State state_{};
  std::vector<std::string> actions_;
  std::vector<std::int8_t> gesture_seat_;  // per action: the seat of a signal, else -1
  std::vector<out::LogEntry> log_;
  std::int64_t deadline_ = 0;
  std::map<ConnId, Watcher> watchers_;
  std::deque<ChatLine> chat_;    // the last chat_kept lines
  std::int64_t chat_count_ = 0;  // the number of the last line
  std::map<std::string, std::deque<std::int64_t>> chat_times_;  // player -> recent lines (ms)
  // The bots: thinking for the table at thinking_seq_ (one thinking at a time).
  bool thinking_ = false;
  int timeout_seat_ = -1;  // a person whose clock ran out: the bot plays that turn
  // The tips of the seat to act at tips_seq_ (asked once per seq; null while on their way).
  std::uint64_t tips_seq_ = UINT64_MAX;
  int tips_seat_ = -1;
  std::shared_ptr<const mus::Tips> tips_;
  Store& store_;
  const Limits& limits_;
  TableHost& host_;
  Runtime& runtime_;
  std::unique_ptr<Lane> lane_;
  mutable std::mutex listing_m_;
  std::shared_ptr<const out::TableOut> listing_;
};

}  // namespace mus_server

#endif  // MUS_SERVER_TABLE_HPP
