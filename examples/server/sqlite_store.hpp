// The SQLite store of mus-server (WAL journal, one connection, prepared statements).
#ifndef MUS_SERVER_SQLITE_STORE_HPP
#define MUS_SERVER_SQLITE_STORE_HPP

#include <initializer_list>
#include <map>
#include <string>

#include "store.hpp"

struct sqlite3;
struct sqlite3_stmt;

namespace mus_server {

/// How hard a commit waits for the disk (SQLite's `synchronous` pragma, in WAL mode).
enum class Durability {
  normal,  ///< A commit survives a crash of the process; the last ones may be lost on power loss.
  full,    ///< A commit survives power loss too (an fsync per commit).
};

/// The SQLite store. Not thread-safe: one thread uses it (the server's io thread).
class SqliteStore final : public Store {
 public:
  /// Opens (creating if needed) the database file; ":memory:" for a private in-memory one.
  SqliteStore(const std::string& path, Durability durability);
  ~SqliteStore() override;
  SqliteStore(const SqliteStore&) = delete;
  SqliteStore& operator=(const SqliteStore&) = delete;

  void put_player(const PlayerRecord& p) override;
  void set_friend(const std::string& player, const std::string& other, bool on) override;
  void create_table(const TableRecord& t) override;
  void set_seat(const std::string& table, int seat, const std::string& player) override;
  void append_actions(const std::string& table, std::size_t first,
                      const std::vector<std::string>& actions, const MatchEnd* end) override;
  void append_chat(const std::string& table, const ChatLine& line) override;
  void close_table(const std::string& table) override;
  std::vector<PlayerRecord> load_players() override;
  std::vector<TableRecord> load_unfinished() override;
  std::optional<TableRecord> load_table(const std::string& id) override;
  /// One transaction (BEGIN IMMEDIATE ... COMMIT) for the whole group; each append_actions()
  /// in it is a savepoint, still all or none.
  void begin_group() override;
  void end_group() override;

 private:
  void exec(const char* sql);
  // Adds the integer columns (default 0) a table of an older file lacks.
  void add_columns(const char* table, std::initializer_list<const char*> columns);
  void fill(TableRecord& t);
  // The statement for this SQL text, prepared at its first use and kept.
  sqlite3_stmt* prepare(const char* sql);
  sqlite3* db_ = nullptr;
  std::map<std::string, sqlite3_stmt*> statements_;
  bool in_group_ = false;
};

}  // namespace mus_server

#endif  // MUS_SERVER_SQLITE_STORE_HPP
