#include "sqlite_store.hpp"

#include <sqlite3.h>

#include <cstdint>
#include <utility>

namespace mus_server {
namespace {

// One use of a prepared statement (kept by the store, prepared once), reset on scope exit;
// every step checked.
class Stmt {
 public:
  Stmt(sqlite3* db, sqlite3_stmt* s) : db_(db), s_(s) {}
  ~Stmt() { reset(); }
  Stmt(const Stmt&) = delete;
  Stmt& operator=(const Stmt&) = delete;

  Stmt& bind(int i, const std::string& v) {
    if (sqlite3_bind_text(s_, i, v.data(), static_cast<int>(v.size()), SQLITE_TRANSIENT) !=
        SQLITE_OK)
      fail("bind");
    return *this;
  }
  Stmt& bind(int i, std::int64_t v) {
    if (sqlite3_bind_int64(s_, i, v) != SQLITE_OK) fail("bind");
    return *this;
  }
  // True while a row is available.
  bool step() {
    const int rc = sqlite3_step(s_);
    if (rc == SQLITE_ROW) return true;
    if (rc != SQLITE_DONE) fail("step");
    return false;
  }
  void reset() {
    sqlite3_reset(s_);
    sqlite3_clear_bindings(s_);
  }
  [[nodiscard]] std::string text(int col) const {
    const auto* p = sqlite3_column_text(s_, col);
    return p == nullptr ? std::string{}
                        : std::string(reinterpret_cast<const char*>(p),
                                      static_cast<std::size_t>(sqlite3_column_bytes(s_, col)));
  }
  [[nodiscard]] std::int64_t integer(int col) const { return sqlite3_column_int64(s_, col); }

 private:
  [[noreturn]] void fail(const char* what) const {
    throw StoreError(std::string("sqlite ") + what + ": " + sqlite3_errmsg(db_));
  }
  // Its own pointer: the store owns (and finalizes) the statement.
  sqlite3* db_;
  sqlite3_stmt* s_ = nullptr;
};

// The seed is a full 64-bit value; SQLite integers are signed, so it is stored as the same bits.
std::int64_t to_db(std::uint64_t v) { return static_cast<std::int64_t>(v); }
std::uint64_t from_db(std::int64_t v) { return static_cast<std::uint64_t>(v); }

}  // namespace

SqliteStore::SqliteStore(const std::string& path, Durability durability) {
  if (sqlite3_open_v2(path.c_str(), &db_, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, nullptr) !=
      SQLITE_OK) {
    std::string msg = "cannot open " + path + ": " + (db_ ? sqlite3_errmsg(db_) : "out of memory");
    sqlite3_close(db_);
    db_ = nullptr;
    throw StoreError(msg);
  }
  try {
    exec("PRAGMA journal_mode=WAL");
    exec(durability == Durability::full ? "PRAGMA synchronous=FULL" : "PRAGMA synchronous=NORMAL");
    exec("PRAGMA foreign_keys=ON");
    exec("CREATE TABLE IF NOT EXISTS players(id TEXT PRIMARY KEY, name TEXT NOT NULL,"
         " secret TEXT NOT NULL)");
    exec("CREATE TABLE IF NOT EXISTS tables(id TEXT PRIMARY KEY, settings TEXT NOT NULL,"
         " seed INTEGER NOT NULL, dealer INTEGER NOT NULL, finished INTEGER NOT NULL DEFAULT 0)");
    exec("CREATE TABLE IF NOT EXISTS seats(table_id TEXT NOT NULL REFERENCES tables(id),"
         " seat INTEGER NOT NULL, player TEXT NOT NULL, PRIMARY KEY(table_id, seat))");
    exec("CREATE TABLE IF NOT EXISTS actions(table_id TEXT NOT NULL REFERENCES tables(id),"
         " idx INTEGER NOT NULL, action TEXT NOT NULL, PRIMARY KEY(table_id, idx))");
  } catch (...) {
    sqlite3_close(db_);
    throw;
  }
}

SqliteStore::~SqliteStore() {
  for (auto& [sql, stmt] : statements_) sqlite3_finalize(stmt);
  if (in_group_) sqlite3_exec(db_, "ROLLBACK", nullptr, nullptr, nullptr);
  sqlite3_close(db_);
}

sqlite3_stmt* SqliteStore::prepare(const char* sql) {
  auto& stmt = statements_[sql];
  if (stmt == nullptr && sqlite3_prepare_v2(db_, sql, -1, &stmt, nullptr) != SQLITE_OK) {
    stmt = nullptr;
    throw StoreError(std::string("sqlite prepare: ") + sqlite3_errmsg(db_));
  }
  return stmt;
}

void SqliteStore::begin_group() {
  if (in_group_) return;
  exec("BEGIN IMMEDIATE");
  in_group_ = true;
}

void SqliteStore::end_group() {
  if (!in_group_) return;
  in_group_ = false;
  // SQLite may have rolled the transaction back by itself (an I/O error): then COMMIT fails,
  // and so does the group.
  exec("COMMIT");
}

void SqliteStore::exec(const char* sql) {
  char* err = nullptr;
  if (sqlite3_exec(db_, sql, nullptr, nullptr, &err) != SQLITE_OK) {
    std::string msg = std::string("sqlite: ") + (err ? err : "error") + " in " + sql;
    sqlite3_free(err);
    throw StoreError(msg);
  }
}

void SqliteStore::put_player(const PlayerRecord& p) {
  Stmt s(db_, prepare("INSERT INTO players(id, name, secret) VALUES(?1, ?2, ?3)"
              " ON CONFLICT(id) DO UPDATE SET name = excluded.name"));
  s.bind(1, p.id).bind(2, p.name).bind(3, p.secret).step();
}

void SqliteStore::create_table(const TableRecord& t) {
  Stmt s(db_, prepare("INSERT INTO tables(id, settings, seed, dealer) VALUES(?1, ?2, ?3, ?4)"));
  s.bind(1, t.id).bind(2, t.settings).bind(3, to_db(t.seed)).bind(4, std::int64_t{t.dealer});
  s.step();
}

void SqliteStore::set_seat(const std::string& table, int seat, const std::string& player) {
  if (player.empty()) {
    Stmt s(db_, prepare("DELETE FROM seats WHERE table_id = ?1 AND seat = ?2"));
    s.bind(1, table).bind(2, std::int64_t{seat}).step();
    return;
  }
  Stmt s(db_, prepare("INSERT OR REPLACE INTO seats(table_id, seat, player) VALUES(?1, ?2, ?3)"));
  s.bind(1, table).bind(2, std::int64_t{seat}).bind(3, player).step();
}

void SqliteStore::append_actions(const std::string& table, std::size_t first,
                                 const std::vector<std::string>& actions, bool finishes) {
  if (actions.empty() && !finishes) return;
  // All or none: a transaction of its own, or a savepoint inside the group's transaction.
  exec(in_group_ ? "SAVEPOINT append" : "BEGIN IMMEDIATE");
  try {
    Stmt s(db_, prepare("INSERT INTO actions(table_id, idx, action) VALUES(?1, ?2, ?3)"));
    for (std::size_t i = 0; i < actions.size(); ++i) {
      s.bind(1, table).bind(2, static_cast<std::int64_t>(first + i)).bind(3, actions[i]);
      s.step();
      s.reset();
    }
    if (finishes) {
      Stmt f(db_, prepare("UPDATE tables SET finished = 1 WHERE id = ?1"));
      f.bind(1, table).step();
    }
    exec(in_group_ ? "RELEASE append" : "COMMIT");
  } catch (...) {
    sqlite3_exec(db_, in_group_ ? "ROLLBACK TO append; RELEASE append" : "ROLLBACK", nullptr,
                 nullptr, nullptr);
    throw;
  }
}

void SqliteStore::close_table(const std::string& table) {
  Stmt s(db_, prepare("UPDATE tables SET finished = 1 WHERE id = ?1"));
  s.bind(1, table).step();
}

std::vector<PlayerRecord> SqliteStore::load_players() {
  std::vector<PlayerRecord> out;
  Stmt s(db_, prepare("SELECT id, name, secret FROM players"));
  while (s.step()) out.push_back({s.text(0), s.text(1), s.text(2)});
  return out;
}

void SqliteStore::fill(TableRecord& t) {
  Stmt seats(db_, prepare("SELECT seat, player FROM seats WHERE table_id = ?1"));
  seats.bind(1, t.id);
  while (seats.step()) {
    const std::int64_t seat = seats.integer(0);
    if (seat >= 0 && seat < 4) t.seats[static_cast<std::size_t>(seat)] = seats.text(1);
  }
  Stmt acts(db_, prepare("SELECT action FROM actions WHERE table_id = ?1 ORDER BY idx"));
  acts.bind(1, t.id);
  while (acts.step()) t.actions.push_back(acts.text(0));
}

std::vector<TableRecord> SqliteStore::load_unfinished() {
  std::vector<TableRecord> out;
  Stmt s(db_, prepare("SELECT id, settings, seed, dealer FROM tables WHERE finished = 0 ORDER BY rowid"));
  while (s.step()) {
    TableRecord t;
    t.id = s.text(0);
    t.settings = s.text(1);
    t.seed = from_db(s.integer(2));
    t.dealer = static_cast<int>(s.integer(3));
    out.push_back(std::move(t));
  }
  for (auto& t : out) fill(t);
  return out;
}

std::optional<TableRecord> SqliteStore::load_table(const std::string& id) {
  Stmt s(db_, prepare("SELECT id, settings, seed, dealer, finished FROM tables WHERE id = ?1"));
  s.bind(1, id);
  if (!s.step()) return std::nullopt;
  TableRecord t;
  t.id = s.text(0);
  t.settings = s.text(1);
  t.seed = from_db(s.integer(2));
  t.dealer = static_cast<int>(s.integer(3));
  t.finished = s.integer(4) != 0;
  fill(t);
  return t;
}

}  // namespace mus_server
