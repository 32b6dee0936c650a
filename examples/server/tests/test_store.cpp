// The stores (store.hpp): SQLite (sqlite_store.cpp) and PostgreSQL (pg_store.cpp) keep the same
// things, in order, all or none, and durable only at the end of a group. Every behaviour is one
// function run against both; the PostgreSQL cases (tag [postgresql]) need a server, which
// scripts/pg_temp.sh starts for them (ctest: server.store_postgresql).
#include <unistd.h>

#include <sqlite3.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <future>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "harness.hpp"
#ifdef MUS_SERVER_POSTGRESQL
#include <libpq-fe.h>

#include "lease.hpp"
#include "pg_store.hpp"
#endif

using namespace mus_server_test;

namespace {

// A fresh, empty database of one kind; open() gives another connection to it each time.
class Backend {
 public:
  virtual ~Backend() = default;
  virtual std::unique_ptr<Store> open() = 0;
};

// An SQLite file in the temporary directory, removed at the end.
class SqliteBackend final : public Backend {
 public:
  explicit SqliteBackend(const std::string& name)
      : path_((std::filesystem::temp_directory_path() /
               ("mus_server_test_" + name + "_" + std::to_string(::getpid()) + ".sqlite3"))
                  .string()) {
    remove();
  }
  ~SqliteBackend() override { remove(); }
  std::unique_ptr<Store> open() override {
    return std::make_unique<SqliteStore>(path_, Durability::normal);
  }
  [[nodiscard]] const std::string& path() const { return path_; }

 private:
  void remove() {
    for (const char* ext : {"", "-wal", "-shm"}) std::filesystem::remove(path_ + ext);
  }
  std::string path_;
};

#ifdef MUS_SERVER_POSTGRESQL
// A new database in the PostgreSQL server that MUS_TEST_POSTGRES names (libpq key=value form,
// without dbname), dropped at the end.
class PgBackend final : public Backend {
 public:
  explicit PgBackend(const std::string& name) {
    const char* base = std::getenv("MUS_TEST_POSTGRES");
    if (base == nullptr)
      FAIL(
          "MUS_TEST_POSTGRES is not set: run the [postgresql] cases through "
          "scripts/pg_temp.sh (ctest runs them as server.store_postgresql)");
    base_ = base;
    db_ = "mus_test_" + name + "_" + std::to_string(::getpid());
    admin("DROP DATABASE IF EXISTS " + db_);
    admin("CREATE DATABASE " + db_);
  }
  ~PgBackend() override { admin("DROP DATABASE IF EXISTS " + db_ + " WITH (FORCE)"); }
  std::unique_ptr<Store> open() override { return std::make_unique<PgStore>(url()); }
  // A node's connection: it owns tables through leases of `lease_ms`.
  std::unique_ptr<Store> node(const std::string& name, int lease_ms) const {
    return std::make_unique<PgStore>(url(), name, lease_ms);
  }
  [[nodiscard]] std::string url() const { return base_ + " dbname=" + db_; }
  // A node's lease thread's connection, which gives up reconnecting within a renewal period.
  std::unique_ptr<Store> lease_connection(const std::string& name, int lease_ms) const {
    return std::make_unique<PgStore>(url(), name, lease_ms, LeaseKeeper::period_ms(lease_ms));
  }
  // Ends every other connection to this database, as a database restart would.
  bool drop_connections() const {
    return sql(
        "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = "
        "current_database() AND pid <> pg_backend_pid()");
  }
  // The number of rows a query returns in this test's database (-1: it failed).
  int rows(const std::string& query) const {
    PGconn* c = PQconnectdb(url().c_str());
    int n = -1;
    if (PQstatus(c) == CONNECTION_OK) {
      PGresult* r = PQexec(c, query.c_str());
      if (PQresultStatus(r) == PGRES_TUPLES_OK) n = PQntuples(r);
      PQclear(r);
    }
    PQfinish(c);
    return n;
  }
  // Runs SQL in this test's database (or, with `maintenance`, in `postgres`); true if it worked.
  bool sql(const std::string& text, bool maintenance = false) const {
    PGconn* c = PQconnectdb((base_ + " dbname=" + (maintenance ? "postgres" : db_)).c_str());
    bool ok = PQstatus(c) == CONNECTION_OK;
    if (ok) {
      PGresult* r = PQexec(c, text.c_str());
      ok = PQresultStatus(r) == PGRES_COMMAND_OK || PQresultStatus(r) == PGRES_TUPLES_OK;
      PQclear(r);
    }
    PQfinish(c);
    return ok;
  }

 private:
  void admin(const std::string& text) const { REQUIRE(sql(text, true)); }
  std::string base_, db_;
};
#endif

void tables_seats_actions(Backend& b) {
  auto owner = b.open();
  Store& s = *owner;
  s.put_player({"p1", "Ana", "00112233445566778899aabbccddeeff", 0, {}, {}});
  s.put_player({"p1", "Ana B", "ignored: the secret never changes", 0, {}, {}});
  const auto players = s.load_players();
  REQUIRE(players.size() == 1);
  CHECK(players[0].name == "Ana B");
  CHECK(players[0].secret == "00112233445566778899aabbccddeeff");
  s.create_table({"t1", "{}", 0xFFFFFFFFFFFFFFFFULL, 3, {}, {}, false});
  CHECK_THROWS_AS(s.create_table({"t1", "{}", 1, 0, {}, {}, false}), StoreError);  // id taken
  s.set_seat("t1", 2, "p1");
  s.append_actions("t1", 0, {"shuffle seed 1", "0 mus"}, nullptr);
  s.append_actions("t1", 2, {"1 cut"}, nullptr);
  CHECK_THROWS_AS(s.append_actions("t1", 2, {"1 mus"}, nullptr), StoreError);  // index 2 is taken
  auto open = s.load_unfinished();
  REQUIRE(open.size() == 1);
  CHECK(open[0].seed == 0xFFFFFFFFFFFFFFFFULL);  // all 64 bits
  CHECK(open[0].dealer == 3);
  CHECK(open[0].seats[2] == "p1");
  CHECK(open[0].actions == std::vector<std::string>{"shuffle seed 1", "0 mus", "1 cut"});
  const MatchEnd end{{{"p1", true, 2, 1}}};
  s.append_actions("t1", 3, {"2 pass"}, &end);
  CHECK(s.load_unfinished().empty());
  const auto card = s.load_players().at(0).stats;  // the same transaction counted the match
  CHECK(card.matches_played == 1);
  CHECK(card.matches_won == 1);
  CHECK(card.games_won == 2);
  CHECK(card.ordagos_won == 1);
  const auto t = s.load_table("t1");
  REQUIRE(t);
  CHECK(t->finished);
  CHECK(t->actions.size() == 4);
  s.set_seat("t1", 2, "");
  CHECK(s.load_table("t1")->seats[2].empty());
  CHECK_FALSE(s.load_table("t2"));
}

void group_commit(Backend& b) {
  {
    auto s = b.open();
    s->create_table({"t1", "{}", 1, 0, {}, {}, false});
    s->create_table({"t2", "{}", 2, 1, {}, {}, false});
    s->begin_group();
    s->append_actions("t1", 0, {"shuffle seed 1", "0 mus"}, nullptr);
    // A refused write inside the group leaves nothing of itself, and the rest of the group.
    CHECK_THROWS_AS(s->append_actions("t1", 1, {"1 mus", "2 mus"}, nullptr), StoreError);
    CHECK_THROWS_AS(s->create_table({"t2", "{}", 1, 0, {}, {}, false}), StoreError);
    s->append_actions("t1", 2, {"1 cut"}, nullptr);
    s->append_actions("t2", 0, {"shuffle seed 2"}, nullptr);
    CHECK(s->load_table("t1")->actions.size() == 3);  // the group reads its own writes
    // Another connection sees nothing of the group before its commit.
    CHECK(b.open()->load_table("t1")->actions.empty());
    s->end_group();
    CHECK(b.open()->load_table("t1")->actions ==
          std::vector<std::string>{"shuffle seed 1", "0 mus", "1 cut"});
    CHECK(b.open()->load_table("t2")->actions.size() == 1);
    // A group that never ends (the process dies) stores nothing.
    s->begin_group();
    const MatchEnd end{};
    s->append_actions("t1", 3, {"2 pass"}, &end);
    s->append_chat("t1", {1, 0, "p1", "Ana", "hola", 5});
  }
  auto again = b.open();
  CHECK(again->load_table("t1")->actions.size() == 3);
  CHECK_FALSE(again->load_table("t1")->finished);
  CHECK(again->load_table("t1")->chat.empty());
}

void cards_friends_chat(Backend& b) {
  auto owner = b.open();
  Store& s = *owner;
  s.put_player({"p1", "Ana", "00112233445566778899aabbccddeeff", 1733000000000, {}, {}});
  s.put_player({"p2", "Bea", "ffeeddccbbaa99887766554433221100", 1733000000500, {}, {}});
  s.put_player({"p3", "Cris", "0123456789abcdef0123456789abcdef", 1733000000900, {}, {}});
  s.put_player({"p1", "Ana B", "ignored", 42, {}, {}});  // only the name changes
  s.set_friend("p1", "p3", true);
  s.set_friend("p1", "p2", true);
  s.set_friend("p1", "p3", true);  // again: kept once, in its place
  s.set_friend("p2", "p1", true);
  s.set_friend("p2", "p1", false);
  auto players = s.load_players();
  REQUIRE(players.size() == 3);
  CHECK(players[0].name == "Ana B");
  CHECK(players[0].since_ms == 1733000000000);
  CHECK(players[0].friends == std::vector<std::string>{"p3", "p2"});
  CHECK(players[1].friends.empty());
  CHECK(players[1].stats.matches_played == 0);
  CHECK_THROWS_AS(s.set_friend("p1", "nobody", true), StoreError);  // players only
  s.create_table({"t1", "{}", 1, 0, {}, {}, false});
  for (int n = 1; n <= 60; ++n)
    s.append_chat("t1",
                  {n, n % 4, "p1", "Ana", "line " + std::to_string(n) + " <b>&amp;", 1000 + n});
  CHECK_THROWS_AS(s.append_chat("t1", {60, 0, "p1", "Ana", "again", 0}), StoreError);  // n is taken
  const auto t = s.load_table("t1");
  REQUIRE(t);
  REQUIRE(t->chat.size() == chat_kept);
  CHECK(t->chat.front().n == 11);
  CHECK(t->chat.back().n == 60);
  CHECK(t->chat.back().text == "line 60 <b>&amp;");
  CHECK(t->chat.back().seat == 0);
  CHECK(t->chat.back().at_ms == 1060);
  CHECK(s.load_unfinished().at(0).chat.size() == chat_kept);
}

// Runs `test` against an SQLite file.
template <typename F>
void on_sqlite(const char* name, F test) {
  SqliteBackend b(name);
  test(b);
}

// Runs `test` against a new PostgreSQL database.
template <typename F>
void on_postgresql([[maybe_unused]] const char* name, [[maybe_unused]] F test) {
#ifdef MUS_SERVER_POSTGRESQL
  PgBackend b(name);
  test(b);
#else
  FAIL("this build has no PostgreSQL store (libpq-dev was not found)");
#endif
}

}  // namespace

TEST_CASE("the SQLite store: tables, seats, actions in order, finishing, and no action twice") {
  on_sqlite("basics", tables_seats_actions);
  CHECK_THROWS_AS(SqliteStore("/nonexistent-dir/x.sqlite3", Durability::normal), StoreError);
}

TEST_CASE(
    "the SQLite store's group commit: one transaction, each write all or none, "
    "nothing durable before end_group") {
  on_sqlite("group", group_commit);
}

TEST_CASE("the SQLite store: a player's card and friends, a table's chat (the last 50 loaded)") {
  on_sqlite("cards", cards_friends_chat);
}

TEST_CASE(
    "the SQLite store opens a file of an older server: its players get a card, the file "
    "a schema version, and a newer schema is refused") {
  SqliteBackend b("old");
  b.open();  // the tables of today's server
  {
    sqlite3* raw = nullptr;
    REQUIRE(sqlite3_open(b.path().c_str(), &raw) == SQLITE_OK);
    // The players table as servers before the card made it, and no schema version.
    REQUIRE(sqlite3_exec(raw,
                         "DROP TABLE friends; DROP TABLE players; CREATE TABLE players(id TEXT "
                         "PRIMARY KEY, name TEXT NOT NULL, secret TEXT NOT NULL); INSERT INTO "
                         "players VALUES('p1', 'Ana', 'x'); PRAGMA user_version=0",
                         nullptr, nullptr, nullptr) == SQLITE_OK);
    sqlite3_close(raw);
  }
  {
    const auto s = b.open();
    const auto players = s->load_players();
    REQUIRE(players.size() == 1);
    CHECK(players[0].name == "Ana");
    CHECK(players[0].since_ms == 0);  // unknown
    CHECK(players[0].stats.matches_played == 0);
  }
  sqlite3* raw = nullptr;
  REQUIRE(sqlite3_open(b.path().c_str(), &raw) == SQLITE_OK);
  sqlite3_stmt* v = nullptr;
  REQUIRE(sqlite3_prepare_v2(raw, "PRAGMA user_version", -1, &v, nullptr) == SQLITE_OK);
  REQUIRE(sqlite3_step(v) == SQLITE_ROW);
  CHECK(sqlite3_column_int(v, 0) == SqliteStore::schema_version);
  sqlite3_finalize(v);
  REQUIRE(sqlite3_exec(raw, "PRAGMA user_version=99", nullptr, nullptr, nullptr) == SQLITE_OK);
  sqlite3_close(raw);
  try {
    b.open();
    FAIL("a schema newer than the server's was opened");
  } catch (const StoreError& e) {
    CHECK(std::string(e.what()).find("schema is version 99") != std::string::npos);
  }
}

TEST_CASE("the PostgreSQL store: tables, seats, actions in order, finishing, and no action twice",
          "[postgresql]") {
  on_postgresql("basics", tables_seats_actions);
}

TEST_CASE(
    "the PostgreSQL store's group commit: one transaction, each write all or none, "
    "nothing durable before end_group",
    "[postgresql]") {
  on_postgresql("group", group_commit);
}

TEST_CASE(
    "the PostgreSQL store: a player's card and friends, a table's chat (the last 50 "
    "loaded)",
    "[postgresql]") {
  on_postgresql("cards", cards_friends_chat);
}

#ifdef MUS_SERVER_POSTGRESQL
TEST_CASE(
    "the PostgreSQL store: a versioned schema, made once, a newer one refused, a server "
    "that cannot be reached is an error",
    "[postgresql]") {
  PgBackend b("schema");
  {
    auto first = b.open();
    first->put_player({"p1", "Ana", "x", 0, {}, {}});
  }
  CHECK(b.open()->load_players().size() == 1);  // opened again: migrated once, nothing lost
  CHECK(
      b.sql("SELECT 1 FROM mus_schema WHERE version = " + std::to_string(PgStore::schema_version)));
  REQUIRE(b.sql("UPDATE mus_schema SET version = 99"));
  try {
    b.open();
    FAIL("a schema newer than the server's was opened");
  } catch (const StoreError& e) {
    CHECK(std::string(e.what()).find("schema is version 99") != std::string::npos);
  }
  CHECK_THROWS_AS(PgStore("host=/nonexistent-dir port=1 user=mus dbname=mus", 300), StoreError);
}

TEST_CASE(
    "the PostgreSQL store: a connection that the server dropped while idle is opened "
    "again, and the group goes on",
    "[postgresql]") {
  PgBackend b("reconnect");
  auto s = b.open();
  s->create_table({"t1", "{}", 1, 0, {}, {}, false});
  // Every other connection to this database is ended, as a database restart would.
  REQUIRE(b.drop_connections());
  s->begin_group();
  s->append_actions("t1", 0, {"shuffle seed 1"}, nullptr);
  s->end_group();
  REQUIRE(b.drop_connections());
  CHECK(s->load_table("t1")->actions.size() == 1);  // a read, again on a new connection
}
#endif

#ifdef MUS_SERVER_POSTGRESQL
TEST_CASE(
    "the PostgreSQL store's nodes: a table is served and stored by its owner only, an "
    "expired lease is taken over once, players are seen by every node",
    "[postgresql]") {
  PgBackend b("leases");
  const int lease_ms = 400;
  auto a = b.node("a", lease_ms);
  auto c = b.node("c", lease_ms);
  b.open()->create_table({"t0", "{}", 1, 0, {}, {}, false});  // stored before there were nodes
  a->put_player({"p1", "Ana", "00112233445566778899aabbccddeeff", 0, {}, {}});
  a->create_table({"t1", "{}", 1, 0, {}, {}, false});
  a->append_actions("t1", 0, {"shuffle seed 1"}, nullptr);
  // t0 had no lease: the first node to take it has it; t1 is a's.
  CHECK(a->renew_leases(true) == std::vector<std::string>{"t0"});
  const auto a_tables = a->load_unfinished();
  REQUIRE(a_tables.size() == 2);
  CHECK(a_tables[0].id == "t0");
  CHECK(a_tables[1].id == "t1");
  CHECK(c->load_unfinished().empty());
  CHECK(c->renew_leases(true).empty());
  // c may not store at a's table: it fails instead of forking the match.
  CHECK_THROWS_AS(c->append_actions("t1", 1, {"0 mus"}, nullptr), StoreError);
  // Renewing without taking takes nothing, whatever expired.
  CHECK(c->renew_leases(false).empty());
  // a renews for longer than a lease: nothing moves.
  for (int i = 0; i < 4; ++i) {
    std::this_thread::sleep_for(std::chrono::milliseconds(lease_ms / 2));
    CHECK(a->renew_leases(true).empty());
    CHECK(c->renew_leases(true).empty());
  }
  // a stops renewing (it died): once the lease expired, c takes both, once.
  std::this_thread::sleep_for(std::chrono::milliseconds(lease_ms + 100));
  CHECK(c->renew_leases(false).empty());  // a standby renews its own only
  auto taken = c->renew_leases(true);
  std::sort(taken.begin(), taken.end());
  CHECK(taken == std::vector<std::string>{"t0", "t1"});
  CHECK(c->renew_leases(true).empty());
  CHECK(a->renew_leases(true).empty());  // a, back, does not take them back
  CHECK_THROWS_AS(a->append_actions("t1", 1, {"0 mus"}, nullptr), StoreError);
  c->append_actions("t1", 1, {"0 mus"}, nullptr);
  CHECK(c->load_table("t1")->actions == std::vector<std::string>{"shuffle seed 1", "0 mus"});
  CHECK(c->load_unfinished().size() == 2);
  CHECK(a->load_unfinished().empty());
  // A player made through a is known to c by id, with its secret; an unknown id is not.
  const auto p = c->load_player("p1");
  REQUIRE(p);
  CHECK(p->secret == "00112233445566778899aabbccddeeff");
  CHECK_FALSE(c->load_player("p2"));
}
#endif

#ifdef MUS_SERVER_POSTGRESQL
TEST_CASE(
    "the PostgreSQL store's nodes: any node finds a table's owner (and takes it once its lease "
    "expired), a player's tables, a private table by its code, the others' open tables",
    "[postgresql]") {
  PgBackend b("owners");
  const int lease_ms = 400;
  auto a = b.node("a", lease_ms);
  auto c = b.node("c", lease_ms);
  CHECK(a->node() == "a");
  CHECK(b.open()->node().empty());
  a->put_player({"p1", "Ana", "00112233445566778899aabbccddeeff", 0, {}, {}});
  a->put_player({"p2", "Bea", "00112233445566778899aabbccddeef0", 0, {}, {}});
  a->create_table({"t1", R"({"code":""})", 1, 0, {}, {}, false});
  a->create_table({"t2", R"({"code":"K7PQ2M"})", 1, 0, {}, {}, false});
  a->set_seat("t1", 0, "p1");
  a->set_seat("t1", 2, "p2");
  a->set_seat("t2", 1, "p1");
  a->append_actions("t1", 0, {"shuffle seed 1"}, nullptr);
  c->create_table({"t3", R"({"code":""})", 1, 0, {}, {}, false});
  // The owner, asked on either node; the owner renews its own; no such unfinished table.
  CHECK(c->claim_table("t1") == std::optional<std::string>("a"));
  CHECK(a->claim_table("t1") == std::optional<std::string>("a"));
  CHECK(c->claim_table("t3") == std::optional<std::string>("c"));
  CHECK_FALSE(c->claim_table("t9"));
  // The player's unfinished tables and the private table's code, from any node.
  CHECK(c->seated_tables("p1") == std::vector<std::string>{"t1", "t2"});
  CHECK(c->seated_tables("p2") == std::vector<std::string>{"t1"});
  CHECK(c->table_with_code("K7PQ2M") == std::optional<std::string>("t2"));
  CHECK_FALSE(c->table_with_code("K7PQ2N"));
  // The other nodes' open tables, with their seats' players and names and their actions.
  const auto open = c->load_open_tables();
  REQUIRE(open.size() == 2);
  CHECK(open[0].id == "t1");
  CHECK(open[0].seats == std::array<std::string, 4>{"p1", "", "p2", ""});
  CHECK(open[0].names == std::array<std::string, 4>{"Ana", "", "Bea", ""});
  CHECK(open[0].actions == 1);
  CHECK(open[1].id == "t2");
  CHECK(open[1].actions == 0);
  CHECK(a->load_open_tables().size() == 1);  // t3
  // a dies: once its lease expired, the first node asked takes the table, once.
  std::this_thread::sleep_for(std::chrono::milliseconds(lease_ms + 100));
  CHECK(c->claim_table("t1") == std::optional<std::string>("c"));
  CHECK(a->claim_table("t1") == std::optional<std::string>("c"));
  CHECK_THROWS_AS(a->append_actions("t1", 1, {"0 mus"}, nullptr), StoreError);
  c->append_actions("t1", 1, {"0 mus"}, nullptr);
  // A finished table has no owner to ask for, and leaves the lists.
  c->close_table("t1");
  CHECK_FALSE(a->claim_table("t1"));
  CHECK(a->seated_tables("p1") == std::vector<std::string>{"t2"});
  CHECK(a->load_open_tables().size() == 1);
}
#endif

#ifdef MUS_SERVER_POSTGRESQL
// The lease of table t1 is node a's and live, in the database's own clock.
constexpr const char* a_holds_t1 =
    "SELECT 1 FROM leases WHERE table_id = 't1' AND node = 'a' AND expires_at > now()";

namespace {

// Another node, on a thread: takes what it may, then asks who owns t1.
std::future<std::pair<std::vector<std::string>, std::optional<std::string>>> other_node_asks(
    Store& c) {
  return std::async(std::launch::async, [&c] {
    auto taken = c.renew_leases(true);
    return std::make_pair(taken, c.claim_table("t1"));
  });
}

// Locks the leases (no renewal can land) for two leases, then runs `then` and lets go.
std::future<bool> leases_locked(const PgBackend& b, int lease_ms, const std::string& then) {
  return std::async(std::launch::async, [&b, lease_ms, then] {
    return b.sql("BEGIN; LOCK TABLE leases IN EXCLUSIVE MODE; SELECT pg_sleep(" +
                 std::to_string(2 * lease_ms / 1000.0) + "); " + then + " COMMIT");
  });
}

// A node's lease connection that fails every call while `away` (the database unreachable).
class Away final : public Store {
 public:
  explicit Away(Store& s) : s_(s) {}
  std::atomic<bool> away = false;
  void put_player(const PlayerRecord& p) override { at().put_player(p); }
  void set_friend(const std::string& p, const std::string& o, bool on) override {
    at().set_friend(p, o, on);
  }
  void create_table(const TableRecord& t) override { at().create_table(t); }
  void set_seat(const std::string& t, int seat, const std::string& p) override {
    at().set_seat(t, seat, p);
  }
  void append_actions(const std::string& t, std::size_t first, const std::vector<std::string>& a,
                      const MatchEnd* end) override {
    at().append_actions(t, first, a, end);
  }
  void append_chat(const std::string& t, const ChatLine& l) override { at().append_chat(t, l); }
  void close_table(const std::string& t) override { at().close_table(t); }
  std::vector<PlayerRecord> load_players() override { return at().load_players(); }
  std::vector<TableRecord> load_unfinished() override { return at().load_unfinished(); }
  std::optional<TableRecord> load_table(const std::string& id) override {
    return at().load_table(id);
  }
  std::vector<std::string> renew_leases(bool take) override { return at().renew_leases(take); }
  std::vector<std::string> lost_leases() override { return at().lost_leases(); }
  bool shared() const override { return s_.shared(); }

 private:
  Store& at() {
    if (away) throw StoreError("postgresql: could not connect (the test says it is away)");
    return s_;
  }
  Store& s_;
};

}  // namespace

TEST_CASE(
    "the PostgreSQL store's nodes: the lease thread renews on its own connection while a commit "
    "holds the table for longer than a lease, and the table stays its owner's",
    "[postgresql]") {
  PgBackend b("busy");
  const int lease_ms = 600;
  auto a = b.node("a", lease_ms);  // node a's commit thread's connection
  auto a_lease = b.lease_connection("a", lease_ms);  // its lease thread's
  auto c = b.node("c", lease_ms);
  a->create_table({"t1", "{}", 1, 0, {}, {}, false});
  a->append_actions("t1", 0, {"shuffle seed 1"}, nullptr);
  std::atomic<bool> lost = false;
  LeaseKeeper keeper(
      *a_lease, lease_ms, [](const std::string&) {},
      [&lost](const std::vector<std::string>&) { lost = true; });
  keeper.start();
  // A slow group commit: its check that a owns t1 holds the row for three leases.
  a->begin_group();
  a->append_actions("t1", 1, {"0 mus"}, nullptr);
  for (int i = 0; i < 6; ++i) {
    std::this_thread::sleep_for(std::chrono::milliseconds(lease_ms / 2));
    CHECK(b.rows(a_holds_t1) == 1);  // renewed meanwhile
    CHECK(keeper.live());
  }
  // Another node neither waits for that commit nor takes the table.
  auto other = other_node_asks(*c);
  CHECK(other.wait_for(std::chrono::milliseconds(lease_ms)) == std::future_status::ready);
  a->end_group();
  const auto [taken, owner] = other.get();
  CHECK(taken.empty());
  CHECK(owner == std::optional<std::string>("a"));
  CHECK(keeper.renew(true).empty());  // asked by the handler: on the lease thread, at once
  keeper.stop();
  CHECK_FALSE(lost);
  CHECK(c->load_table("t1")->actions == std::vector<std::string>{"shuffle seed 1", "0 mus"});
}

TEST_CASE(
    "the PostgreSQL store's nodes: an expired table is not taken while its owner's commit at it "
    "is in flight, and is taken once it is done",
    "[postgresql]") {
  PgBackend b("inflight");
  const int lease_ms = 300;
  auto a = b.node("a", lease_ms);
  auto c = b.node("c", lease_ms);
  a->create_table({"t1", "{}", 1, 0, {}, {}, false});
  // a stalls: its commit at t1 is in flight while its lease expires.
  a->begin_group();
  a->append_actions("t1", 0, {"shuffle seed 1"}, nullptr);
  std::this_thread::sleep_for(std::chrono::milliseconds(lease_ms + 100));
  CHECK(b.rows(a_holds_t1) == 0);  // expired
  auto other = other_node_asks(*c);
  CHECK(other.wait_for(std::chrono::milliseconds(1000)) == std::future_status::ready);
  a->end_group();  // stored while a owned t1
  const auto [taken, owner] = other.get();
  CHECK(taken.empty());
  CHECK(owner == std::optional<std::string>("a"));
  // Done: the expired table is taken, and a stores at it no more.
  CHECK(c->renew_leases(true) == std::vector<std::string>{"t1"});
  CHECK_THROWS_AS(a->append_actions("t1", 1, {"0 mus"}, nullptr), StoreError);
  CHECK(c->load_table("t1")->actions == std::vector<std::string>{"shuffle seed 1"});
}

TEST_CASE(
    "the PostgreSQL store's nodes: the lease thread opens its dropped connection again; leases "
    "that lapse hold commits, and a table taken meanwhile is reported lost",
    "[postgresql]") {
  PgBackend b("lapse");
  const int lease_ms = 500;
  auto a = b.node("a", lease_ms);
  auto a_lease = b.lease_connection("a", lease_ms);  // its lease thread's
  a->create_table({"t1", "{}", 1, 0, {}, {}, false});
  a->create_table({"t2", "{}", 1, 0, {}, {}, false});
  std::mutex m;
  std::vector<std::string> lost;
  LeaseKeeper keeper(
      *a_lease, lease_ms, [](const std::string&) {},
      [&](const std::vector<std::string>& ids) {
        const std::lock_guard lock(m);
        lost.insert(lost.end(), ids.begin(), ids.end());
      });
  keeper.start();
  std::this_thread::sleep_for(std::chrono::milliseconds(lease_ms / 2));
  // Every connection of a is dropped: the lease thread opens its own again at its next renewal.
  REQUIRE(b.drop_connections());
  std::this_thread::sleep_for(std::chrono::milliseconds(2 * lease_ms));
  CHECK(keeper.live());
  CHECK(b.rows(a_holds_t1) == 1);
  // The renewals cannot land for longer than a lease (the leases are locked): the leases lapse
  // and commits wait; meanwhile another node takes t1: the renewal after finds it lost, and
  // commits stay held (the node stops).
  auto blocked = leases_locked(b, lease_ms, "UPDATE leases SET node = 'c' WHERE table_id = 't1';");
  std::this_thread::sleep_for(std::chrono::milliseconds(3 * lease_ms / 2));
  CHECK_FALSE(keeper.live());
  CHECK_FALSE(keeper.wait_live(std::chrono::milliseconds(10)));
  CHECK(blocked.get());
  CHECK_FALSE(keeper.wait_live(std::chrono::milliseconds(2 * lease_ms)));
  keeper.stop();
  const std::lock_guard lock(m);
  CHECK(lost == std::vector<std::string>{"t1"});
}

TEST_CASE(
    "the PostgreSQL store's nodes: while the lease thread cannot reach the database its leases "
    "lapse and commits wait; back, it takes nothing for a lease, then takes what expired",
    "[postgresql]") {
  PgBackend b("away");
  const int lease_ms = 500;
  auto a_lease = b.lease_connection("a", lease_ms);
  b.node("d", lease_ms)->create_table({"t1", "{}", 1, 0, {}, {}, false});  // d dies at once
  Away a(*a_lease);
  std::mutex m;
  std::vector<std::string> lines;
  LeaseKeeper keeper(
      a, lease_ms,
      [&](const std::string& l) {
        const std::lock_guard lock(m);
        lines.push_back(l);
      },
      [](const std::vector<std::string>&) {});
  keeper.start();
  a.away = true;
  std::this_thread::sleep_for(std::chrono::milliseconds(lease_ms + lease_ms / 2));
  CHECK_FALSE(keeper.live());
  CHECK_FALSE(keeper.wait_live(std::chrono::milliseconds(10)));
  CHECK_THROWS_AS(keeper.renew(true), StoreError);
  a.away = false;
  CHECK(keeper.wait_live(std::chrono::milliseconds(2 * lease_ms)));
  // t1's lease expired long ago, but the other nodes may be coming back too: not yet.
  CHECK(keeper.renew(true).empty());
  std::this_thread::sleep_for(std::chrono::milliseconds(lease_ms + 100));
  CHECK(keeper.renew(true) == std::vector<std::string>{"t1"});
  keeper.stop();
  const std::lock_guard lock(m);
  const auto said = [&lines](const std::string& what) {
    return std::any_of(lines.begin(), lines.end(), [&what](const std::string& l) {
      return l.find(what) != std::string::npos;
    });
  };
  CHECK(said("the table leases lapsed"));
  CHECK(said("renewed again"));
}
#endif
