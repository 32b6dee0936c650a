// The SQLite store (store.hpp, sqlite_store.cpp): what is kept, in order, all or none, and
// durable only at the end of a group.
#include <unistd.h>

#include <filesystem>
#include <string>
#include <vector>

#include "harness.hpp"

using namespace mus_server_test;

TEST_CASE("the SQLite store: tables, seats, actions in order, finishing, and no action twice") {
  SqliteStore s(":memory:", Durability::full);
  s.put_player({"p1", "Ana", "00112233445566778899aabbccddeeff"});
  s.put_player({"p1", "Ana B", "ignored: the secret never changes"});
  const auto players = s.load_players();
  REQUIRE(players.size() == 1);
  CHECK(players[0].name == "Ana B");
  CHECK(players[0].secret == "00112233445566778899aabbccddeeff");
  s.create_table({"t1", "{}", 0xFFFFFFFFFFFFFFFFULL, 3, {}, {}, false});
  s.set_seat("t1", 2, "p1");
  s.append_actions("t1", 0, {"shuffle seed 1", "0 mus"}, false);
  s.append_actions("t1", 2, {"1 cut"}, false);
  CHECK_THROWS_AS(s.append_actions("t1", 2, {"1 mus"}, false), StoreError);  // index 2 is taken
  auto open = s.load_unfinished();
  REQUIRE(open.size() == 1);
  CHECK(open[0].seed == 0xFFFFFFFFFFFFFFFFULL);  // all 64 bits
  CHECK(open[0].dealer == 3);
  CHECK(open[0].seats[2] == "p1");
  CHECK(open[0].actions == std::vector<std::string>{"shuffle seed 1", "0 mus", "1 cut"});
  s.append_actions("t1", 3, {"2 pass"}, true);
  CHECK(s.load_unfinished().empty());
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
    s.append_actions("t1", 0, {"shuffle seed 1", "0 mus"}, false);
    // A refused append inside the group leaves nothing of itself, and the rest of the group.
    CHECK_THROWS_AS(s.append_actions("t1", 1, {"1 mus", "2 mus"}, false), StoreError);
    s.append_actions("t1", 2, {"1 cut"}, false);
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
    s.append_actions("t1", 3, {"2 pass"}, true);
  }
  SqliteStore again(db.string(), Durability::normal);
  CHECK(again.load_table("t1")->actions.size() == 3);
  CHECK_FALSE(again.load_table("t1")->finished);
  std::filesystem::remove(db);
  std::filesystem::remove(db.string() + "-wal");
  std::filesystem::remove(db.string() + "-shm");
}
