// The match store: what mus-server keeps so that no accepted action is lost.
//
// A match is stored as its table's settings, its seed and first dealer, who sits where, and the
// list of its actions in the reducer's text form (mus::action_to_text). Nothing else: the state
// is rebuilt by replaying the actions through the library's reducer. The interface is small so
// that another store (PostgreSQL) can follow; SqliteStore is the one that exists now.
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

/// A person known to the server: the resume secret lets them take their seats back.
struct PlayerRecord {
  std::string id;      ///< Public player id.
  std::string name;    ///< Display name.
  std::string secret;  ///< 32 hex digits of the 128-bit resume secret.
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
};

/// Where matches are kept. Every call either completes or throws StoreError.
class Store {
 public:
  virtual ~Store() = default;
  /// Adds a player (or replaces its name).
  virtual void put_player(const PlayerRecord& p) = 0;
  /// Adds a new table (its actions list must be empty).
  virtual void create_table(const TableRecord& t) = 0;
  /// Records who sits on a seat (empty player: the seat is free again).
  virtual void set_seat(const std::string& table, int seat, const std::string& player) = 0;
  /// Appends actions `first`, `first + 1`, ... of a match, all or none, durable on return;
  /// with `finishes`, the same transaction marks the match finished (as close_table()).
  virtual void append_actions(const std::string& table, std::size_t first,
                              const std::vector<std::string>& actions, bool finishes) = 0;
  /// Marks a match finished (or abandoned); load_table() still reads it.
  virtual void close_table(const std::string& table) = 0;
  /// Every player.
  virtual std::vector<PlayerRecord> load_players() = 0;
  /// Every unfinished table with its seats and actions.
  virtual std::vector<TableRecord> load_unfinished() = 0;
  /// One table, finished or not.
  virtual std::optional<TableRecord> load_table(const std::string& id) = 0;

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
