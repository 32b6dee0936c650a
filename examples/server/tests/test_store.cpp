// The SQLite store (store.hpp, sqlite_store.cpp): what is kept, in order, all or none, and
// durable only at the end of a group.
#include <unistd.h>

#include <sqlite3.h>

#include <filesystem>
#include <string>
#include <vector>

#include "harness.hpp"

using namespace mus_server_test;

TEST_CASE("the SQLite store: tables, seats, actions in order, finishing, and no action twice") {
  SqliteStore s(":memory:", Durability::full);
  s.put_player({"p1", "Ana", "00112233445566778899aabbccddeeff", 0, {}, {}});
  s.put_player({"p1", "Ana B", "ignored: the secret never changes", 0, {}, {}});
  const auto players = s.load_players();
  REQUIRE(players.size() == 1);
  CHECK(players[0].name == "Ana B");
  CHECK(players[0].secret == "00112233445566778899aabbccddeeff");
  s.create_table({"t1", "{}", 0xFFFFFFFFFFFFFFFFULL, 3, {}, {}, false});
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
  CHECK_THROWS_AS(SqliteStore("/nonexistent-dir/x.sqlite3", Durability::normal), StoreError);
}

TEST_CASE("the SQLite store's group commit: one transaction, each append all or none, "
          "nothing durable before end_group") {
  const auto db = std::filesystem::temp_directory_path() /
                  ("mus_server_test_group_" + std::to_string(::getpid()) + ".sqlite3");
  std::filesystem::remove(db);
  {
    SqliteStore s(db.string(), Durability::normal);
    s.create_table({"t1", "{}", 1, 0, {}, {}, false});
    s.begin_group();
    s.append_actions("t1", 0, {"shuffle seed 1", "0 mus"}, nullptr);
    // A refused append inside the group leaves nothing of itself, and the rest of the group.
    CHECK_THROWS_AS(s.append_actions("t1", 1, {"1 mus", "2 mus"}, nullptr), StoreError);
    s.append_actions("t1", 2, {"1 cut"}, nullptr);
    CHECK(s.load_table("t1")->actions.size() == 3);  // the group reads its own writes
    {
      // Another connection sees nothing of the group before its commit.
      SqliteStore other(db.string(), Durability::normal);
      CHECK(other.load_table("t1")->actions.empty());
    }
    s.end_group();
    SqliteStore other(db.string(), Durability::normal);
    CHECK(other.load_table("t1")->actions ==
          std::vector<std::string>{"shuffle seed 1", "0 mus", "1 cut"});
    // A group that never ends (the process dies) stores nothing.
    s.begin_group();
    const MatchEnd end{};
    s.append_actions("t1", 3, {"2 pass"}, &end);
    s.append_chat("t1", {1, 0, "p1", "Ana", "hola", 5});
  }
  SqliteStore again(db.string(), Durability::normal);
  CHECK(again.load_table("t1")->actions.size() == 3);
  CHECK_FALSE(again.load_table("t1")->finished);
  CHECK(again.load_table("t1")->chat.empty());
  std::filesystem::remove(db);
  std::filesystem::remove(db.string() + "-wal");
  std::filesystem::remove(db.string() + "-shm");
}

TEST_CASE("the SQLite store: a player's card and friends, a table's chat (the last 50 loaded)") {
  SqliteStore s(":memory:", Durability::normal);
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

TEST_CASE("the SQLite store opens a file of an older server: its players get a card") {
  const auto db = std::filesystem::temp_directory_path() /
                  ("mus_server_test_old_" + std::to_string(::getpid()) + ".sqlite3");
  for (const char* ext : {"", "-wal", "-shm"}) std::filesystem::remove(db.string() + ext);
  {
    // The players table as servers before the card made it.
    SqliteStore s(db.string(), Durability::normal);
  }
  {
    sqlite3* raw = nullptr;
    REQUIRE(sqlite3_open(db.c_str(), &raw) == SQLITE_OK);
    REQUIRE(sqlite3_exec(raw,
                         "DROP TABLE friends; DROP TABLE players; CREATE TABLE players(id TEXT "
                         "PRIMARY KEY, name TEXT NOT NULL, secret TEXT NOT NULL); INSERT INTO "
                         "players VALUES('p1', 'Ana', 'x')",
                         nullptr, nullptr, nullptr) == SQLITE_OK);
    sqlite3_close(raw);
  }
  SqliteStore s(db.string(), Durability::normal);
  const auto players = s.load_players();
  REQUIRE(players.size() == 1);
  CHECK(players[0].name == "Ana");
  CHECK(players[0].since_ms == 0);  // unknown
  CHECK(players[0].stats.matches_played == 0);
  for (const char* ext : {"", "-wal", "-shm"}) std::filesystem::remove(db.string() + ext);
}
