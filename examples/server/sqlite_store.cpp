#include "sqlite_store.hpp"

#include <sqlite3.h>

#include <algorithm>
#include <cstdint>
#include <set>
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
    // The public card, added in version 0.4: a file of an older server gets the columns.
    add_columns("players", {"since_ms", "matches_played", "matches_won", "games_won",
                            "ordagos_won"});
    exec("CREATE TABLE IF NOT EXISTS friends(player TEXT NOT NULL REFERENCES players(id),"
         " friend TEXT NOT NULL REFERENCES players(id), PRIMARY KEY(player, friend))");
    exec("CREATE TABLE IF NOT EXISTS tables(id TEXT PRIMARY KEY, settings TEXT NOT NULL,"
         " seed INTEGER NOT NULL, dealer INTEGER NOT NULL, finished INTEGER NOT NULL DEFAULT 0)");
    exec("CREATE TABLE IF NOT EXISTS seats(table_id TEXT NOT NULL REFERENCES tables(id),"
         " seat INTEGER NOT NULL, player TEXT NOT NULL, PRIMARY KEY(table_id, seat))");
    exec("CREATE TABLE IF NOT EXISTS actions(table_id TEXT NOT NULL REFERENCES tables(id),"
         " idx INTEGER NOT NULL, action TEXT NOT NULL, PRIMARY KEY(table_id, idx))");
    exec("CREATE TABLE IF NOT EXISTS chat(table_id TEXT NOT NULL REFERENCES tables(id),"
         " n INTEGER NOT NULL, seat INTEGER NOT NULL, player TEXT NOT NULL, name TEXT NOT NULL,"
         " text TEXT NOT NULL, at_ms INTEGER NOT NULL, PRIMARY KEY(table_id, n))");
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

void SqliteStore::add_columns(const char* table, std::initializer_list<const char*> columns) {
  std::set<std::string> have;
  {
    Stmt info(db_, prepare((std::string("PRAGMA table_info(") + table + ")").c_str()));
    while (info.step()) have.insert(info.text(1));
  }
  for (const char* c : columns)
    if (have.count(c) == 0)
      exec((std::string("ALTER TABLE ") + table + " ADD COLUMN " + c +
            " INTEGER NOT NULL DEFAULT 0").c_str());
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
  Stmt s(db_, prepare("INSERT INTO players(id, name, secret, since_ms) VALUES(?1, ?2, ?3, ?4)"
              " ON CONFLICT(id) DO UPDATE SET name = excluded.name"));
  s.bind(1, p.id).bind(2, p.name).bind(3, p.secret).bind(4, p.since_ms).step();
}

void SqliteStore::set_friend(const std::string& player, const std::string& other, bool on) {
  Stmt s(db_, prepare(on ? "INSERT OR IGNORE INTO friends(player, friend) VALUES(?1, ?2)"
                         : "DELETE FROM friends WHERE player = ?1 AND friend = ?2"));
  s.bind(1, player).bind(2, other).step();
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
                                 const std::vector<std::string>& actions, const MatchEnd* end) {
  if (actions.empty() && end == nullptr) return;
  // All or none: a transaction of its own, or a savepoint inside the group's transaction.
  exec(in_group_ ? "SAVEPOINT append" : "BEGIN IMMEDIATE");
  try {
    Stmt s(db_, prepare("INSERT INTO actions(table_id, idx, action) VALUES(?1, ?2, ?3)"));
    for (std::size_t i = 0; i < actions.size(); ++i) {
      s.bind(1, table).bind(2, static_cast<std::int64_t>(first + i)).bind(3, actions[i]);
      s.step();
      s.reset();
    }
    if (end != nullptr) {
      Stmt f(db_, prepare("UPDATE tables SET finished = 1 WHERE id = ?1"));
      f.bind(1, table).step();
      Stmt card(db_, prepare("UPDATE players SET matches_played = matches_played + 1,"
                             " matches_won = matches_won + ?2, games_won = games_won + ?3,"
                             " ordagos_won = ordagos_won + ?4 WHERE id = ?1"));
      for (const PlayerResult& r : end->results) {
        card.bind(1, r.player).bind(2, std::int64_t{r.won ? 1 : 0});
        card.bind(3, std::int64_t{r.games}).bind(4, std::int64_t{r.ordagos}).step();
        card.reset();
      }
    }
    exec(in_group_ ? "RELEASE append" : "COMMIT");
  } catch (...) {
    sqlite3_exec(db_, in_group_ ? "ROLLBACK TO append; RELEASE append" : "ROLLBACK", nullptr,
                 nullptr, nullptr);
    throw;
  }
}

void SqliteStore::append_chat(const std::string& table, const ChatLine& line) {
  Stmt s(db_, prepare("INSERT INTO chat(table_id, n, seat, player, name, text, at_ms)"
                      " VALUES(?1, ?2, ?3, ?4, ?5, ?6, ?7)"));
  s.bind(1, table).bind(2, line.n).bind(3, std::int64_t{line.seat}).bind(4, line.player);
  s.bind(5, line.name).bind(6, line.text).bind(7, line.at_ms).step();
}

void SqliteStore::close_table(const std::string& table) {
  Stmt s(db_, prepare("UPDATE tables SET finished = 1 WHERE id = ?1"));
  s.bind(1, table).step();
}

std::vector<PlayerRecord> SqliteStore::load_players() {
  std::vector<PlayerRecord> out;
  std::map<std::string, std::size_t> at;
  Stmt s(db_, prepare("SELECT id, name, secret, since_ms, matches_played, matches_won,"
                      " games_won, ordagos_won FROM players ORDER BY rowid"));
  while (s.step()) {
    PlayerRecord p{s.text(0), s.text(1), s.text(2), s.integer(3),
                   {s.integer(4), s.integer(5), s.integer(6), s.integer(7)}, {}};
    at.emplace(p.id, out.size());
    out.push_back(std::move(p));
  }
  Stmt f(db_, prepare("SELECT player, friend FROM friends ORDER BY rowid"));
  while (f.step()) {
    const auto it = at.find(f.text(0));
    if (it != at.end()) out[it->second].friends.push_back(f.text(1));
  }
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
  Stmt chat(db_, prepare("SELECT n, seat, player, name, text, at_ms FROM chat WHERE table_id = ?1"
                         " ORDER BY n DESC LIMIT ?2"));
  chat.bind(1, t.id).bind(2, static_cast<std::int64_t>(chat_kept));
  while (chat.step())
    t.chat.push_back({chat.integer(0), static_cast<int>(chat.integer(1)), chat.text(2),
                      chat.text(3), chat.text(4), chat.integer(5)});
  std::reverse(t.chat.begin(), t.chat.end());
}

std::vector<TableRecord> SqliteStore::load_unfinished() {
  std::vector<TableRecord> out;
  Stmt s(
      db_,
      prepare("SELECT id, settings, seed, dealer FROM tables WHERE finished = 0 ORDER BY rowid"));
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
