// The match store: what mus-server keeps so that no accepted action is lost.
//
// A match is stored as its table's settings, its seed and first dealer, who sits where, the
// list of its actions in the reducer's text form (mus::action_to_text) and its chat. Nothing
// else: the state is rebuilt by replaying the actions through the library's reducer. A player
// is stored with the resume secret, a public card (since when, matches, games and órdagos
// won) and a list of friends. SqliteStore (one machine) and PgStore (several machines sharing
// one database) implement the interface.
#ifndef MUS_SERVER_STORE_HPP
#define MUS_SERVER_STORE_HPP

#include <array>
#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

namespace mus_server {

/// A store operation failed (disk full, a corrupt file...). The message says what.
struct StoreError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

/// What a player's public card counts, over the matches played to their end.
struct PlayerStats {
  std::int64_t matches_played = 0;  ///< Matches this player sat at, to their end.
  std::int64_t matches_won = 0;     ///< Of them, won by the player's team.
  std::int64_t games_won = 0;       ///< Games the player's team won in them.
  std::int64_t ordagos_won = 0;     ///< Órdagos the player's team won in them (R27).
};

/// A person known to the server: the resume secret lets them take their seats back.
struct PlayerRecord {
  std::string id;                    ///< Public player id.
  std::string name;                  ///< Display name.
  std::string secret;                ///< 32 hex digits of the 128-bit resume secret.
  std::int64_t since_ms = 0;         ///< When the player was made (Unix ms; 0: before it was kept).
  PlayerStats stats{};               ///< The public card's counts (read only: see MatchEnd).
  std::vector<std::string> friends;  ///< The ids of the players it calls friends, oldest first.
};

/// One line of a table's chat.
struct ChatLine {
  std::int64_t n = 0;      ///< Its number at the table, from 1.
  int seat = 0;            ///< The writer's seat.
  std::string player;      ///< The writer's player id.
  std::string name;        ///< The writer's name then.
  std::string text;        ///< The text, as written.
  std::int64_t at_ms = 0;  ///< When (Unix ms).
};

/// One player's part in a finished match, added to its card.
struct PlayerResult {
  std::string player;  ///< The player id.
  bool won = false;    ///< The player's team won the match.
  int games = 0;       ///< Games its team won.
  int ordagos = 0;     ///< Órdagos its team won.
};

/// The end of a match: what each of its people gets on their card.
struct MatchEnd {
  std::vector<PlayerResult> results;  ///< One per person seated at the end.
};

/// A table and its match, as stored.
struct TableRecord {
  std::string id;                       ///< Table id.
  std::string settings;                 ///< The table's settings (JSON written by the handler).
  std::uint64_t seed = 0;               ///< The match seed (shuffles and bot decisions).
  int dealer = 0;                       ///< First dealer.
  std::array<std::string, 4> seats{};   ///< Player id per seat; empty: a bot seat or free.
  std::vector<std::string> actions{};   ///< The match's actions, in order (action_to_text).
  bool finished = false;                ///< The match is over (or was abandoned).
  std::vector<ChatLine> chat{};         ///< The last chat lines (at most 50), oldest first.
};

/// An unfinished table that another node of the cluster serves, as the lobby lists it.
struct OpenTable {
  std::string id;                      ///< Table id.
  std::string settings;                ///< Its settings (JSON written by the handler).
  std::array<std::string, 4> seats{};  ///< Player id per seat; empty: a bot seat or free.
  std::array<std::string, 4> names{};  ///< Those players' names.
  std::size_t actions = 0;             ///< Actions stored so far.
};

/// How long a store shared by several nodes keeps trying to reach its database after it went
/// away (PgStore's default), and how long a node's commits wait for its lapsed leases to be
/// renewed before the node stops: one span, so that a node waits out what its store does.
inline constexpr int store_reconnect_ms = 30000;

/// Whether a --db value names a PostgreSQL database (`postgresql://…` or `postgres://…`)
/// rather than an SQLite file.
inline bool is_postgresql_url(const std::string& db) {
  return db.rfind("postgresql://", 0) == 0 || db.rfind("postgres://", 0) == 0;
}

/// How many chat lines of a table are loaded back (the rest stay stored).
inline constexpr std::size_t chat_kept = 50;

/// Where matches are kept. Every call either completes or throws StoreError.
class Store {
 public:
  virtual ~Store() = default;
  /// Adds a player (its id, name, secret and since_ms), or replaces the name of a known one.
  virtual void put_player(const PlayerRecord& p) = 0;
  /// Adds (`on`) or removes a friend of a player.
  virtual void set_friend(const std::string& player, const std::string& other, bool on) = 0;
  /// Adds a new table (its actions list must be empty).
  virtual void create_table(const TableRecord& t) = 0;
  /// Records who sits on a seat (empty player: the seat is free again).
  virtual void set_seat(const std::string& table, int seat, const std::string& player) = 0;
  /// Appends actions `first`, `first + 1`, ... of a match, all or none, durable on return;
  /// with `end`, the same transaction marks the match finished (as close_table()) and adds
  /// each result to its player's stats.
  virtual void append_actions(const std::string& table, std::size_t first,
                              const std::vector<std::string>& actions, const MatchEnd* end) = 0;
  /// Appends a chat line to a table (its `n` not used before at this table).
  virtual void append_chat(const std::string& table, const ChatLine& line) = 0;
  /// Marks a match finished (or abandoned); load_table() still reads it.
  virtual void close_table(const std::string& table) = 0;
  /// Every player, with stats and friends.
  virtual std::vector<PlayerRecord> load_players() = 0;
  /// Every unfinished table with its seats, actions and last chat lines (of a node sharing
  /// the store: those it owns, after renewing their leases).
  virtual std::vector<TableRecord> load_unfinished() = 0;
  /// One table, finished or not.
  virtual std::optional<TableRecord> load_table(const std::string& id) = 0;

  /// @brief Several nodes sharing one store (PgStore with a node name): renews this node's
  /// table leases and, with `take`, takes the unfinished tables whose lease expired (their
  /// owner died).
  /// @return The ids of the tables taken, for the caller to load (load_table()) and serve. A
  /// store that one server alone uses owns every table: it takes none.
  virtual std::vector<std::string> renew_leases(bool /*take*/) { return {}; }
  /// @brief Several nodes: the tables whose leases this node's earlier renew_leases() renewed
  /// and another node holds now (it took them once this node's lease lapsed: this node
  /// stalled, or could not reach the database), each reported once.
  /// @return Their ids; a node that finds one must stop serving them (mus-server stops).
  virtual std::vector<std::string> lost_leases() { return {}; }
  /// @brief Whether several nodes share this store (leases to renew, others' players): a
  /// server alone skips renew_leases() altogether.
  virtual bool shared() const { return false; }
  /// @brief This node's name among several sharing the store (empty: a server alone).
  virtual std::string node() const { return {}; }
  /// @brief Several nodes: who serves an unfinished table now. When its lease expired (its
  /// owner died) or it has none, this node takes it if `take` (LeaseKeeper::may_take()).
  /// @return The owner's node name (this node's own when it took the table: the caller then
  /// loads and serves it), or nullopt when no unfinished table has this id. A store that one
  /// server alone uses: always nullopt (the server has every table loaded). Without `take`:
  /// the owner of its lease, expired or not (nullopt when it has none).
  virtual std::optional<std::string> claim_table(const std::string& /*id*/, bool /*take*/) {
    return std::nullopt;
  }
  /// @brief Several nodes: the unfinished private table with this join code, on any node.
  virtual std::optional<std::string> table_with_code(const std::string& /*code*/) {
    return std::nullopt;
  }
  /// @brief Several nodes: the unfinished tables where this player sits, on any node.
  virtual std::vector<std::string> seated_tables(const std::string& /*player*/) { return {}; }
  /// @brief Several nodes: the unfinished tables that other nodes own, for the lobby.
  virtual std::vector<OpenTable> load_open_tables() { return {}; }
  /// @brief A player that another node made after this one loaded the players.
  /// A store that one server alone uses has no such player: nullopt.
  virtual std::optional<PlayerRecord> load_player(const std::string& /*id*/) {
    return std::nullopt;
  }

  /// @brief Group commit: the calls until end_group() are made durable together, by
  /// end_group(), instead of one by one. Each call still completes or throws as above (a
  /// failed append_actions() leaves nothing of itself in the group), but nothing of the group
  /// is durable before end_group() returns, so whoever groups must hold back every effect of
  /// the group (the messages to clients) until then. Stores that cannot group keep the
  /// default: every call is durable on return, as without a group.
  virtual void begin_group() {}
  /// @brief Commits the group. Throws StoreError when it cannot; then none of the group may be
  /// stored, and the caller must not show any of its effects (mus-server stops: on restart
  /// it rebuilds every match from what was stored).
  virtual void end_group() {}
};

}  // namespace mus_server

#endif  // MUS_SERVER_STORE_HPP
