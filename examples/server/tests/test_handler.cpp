// The handler, the router (handler.hpp): hello and players, the limits, creating and finding
// tables, the lobby, junk input; and the server's static files and options.
#include <algorithm>
#include <array>
#include <cstdio>
#include <utility>
#include <filesystem>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "harness.hpp"
#include "options.hpp"
#include "web_files.hpp"

using namespace mus_server_test;

TEST_CASE("hello gives a player id and a 128-bit resume token, the token resumes") {
  Harness h;
  const json w = h.hello(1, "Ana");
  const std::string token = w["token"];
  const std::string player = w["player"];
  REQUIRE(token.rfind(player + "-", 0) == 0);
  REQUIRE(token.size() == player.size() + 1 + 32);  // 16 bytes as hex
  CHECK(w["resumed"] == false);
  CHECK(error_code(h.send(1, json{{"type", "hello"}, {"v", 1}, {"name", "Ana"}})) ==
        "already_welcomed");
  h.open(2);
  h.inbox[1].clear();
  const auto r = h.send(2, json{{"type", "hello"}, {"v", 1}, {"token", token}});
  REQUIRE(r.size() == 1);
  CHECK(r[0]["resumed"] == true);
  CHECK(r[0]["player"] == player);
  CHECK(error_code(h.inbox[1]) == "replaced");  // the old connection lost the player
  h.open(3);
  std::string forged = token;
  forged.back() = forged.back() == '0' ? '1' : '0';
  CHECK(error_code(h.send(3, json{{"type", "hello"}, {"v", 1}, {"token", forged}})) ==
        "unknown_token");
  CHECK(error_code(h.send(3, json{{"type", "hello"}, {"v", 1}, {"token", "nonsense"}})) ==
        "unknown_token");
  // Two players never share a token.
  CHECK(h.hello(4, "Bea")["token"] != token);
}

TEST_CASE("constant_time_equal compares whole strings") {
  CHECK(constant_time_equal("abc", "abc"));
  CHECK_FALSE(constant_time_equal("abc", "abd"));
  CHECK_FALSE(constant_time_equal("abc", "ab"));
  CHECK(constant_time_equal("", ""));
}

TEST_CASE("limits: message size and rate per connection") {
  Limits l;  // the default rate, lowered
  l.max_message_bytes = 100;
  l.rate_per_second = 2;
  l.burst = 3;
  Harness h(l);
  h.open(1);
  const std::string big = json{{"type", "ping"}, {"id", std::string(200, 'x')}}.dump();
  CHECK(error_code(h.send(1, big)) == "too_large");
  CHECK(h.send(1, json{{"type", "ping"}})[0]["type"] == "pong");
  CHECK(h.send(1, json{{"type", "ping"}})[0]["type"] == "pong");
  CHECK(error_code(h.send(1, json{{"type", "ping"}})) == "rate_limited");
  h.now += 1000;  // two more tokens
  CHECK(h.send(1, json{{"type", "ping"}})[0]["type"] == "pong");
  CHECK(h.send(1, json{{"type", "ping"}})[0]["type"] == "pong");
  CHECK(error_code(h.send(1, json{{"type", "ping"}})) == "rate_limited");
}

TEST_CASE("create refuses bad rules, seat plans and clocks, and counts tables") {
  Limits l = relaxed();
  l.max_tables_per_player = 2;
  l.max_tables = 3;
  Harness h(l);
  h.hello(1, "Ana");
  const auto create = [&](json extra) {
    json m = {{"type", "create"}, {"seats", {"human", "bot", "human", "bot"}}};
    m.update(extra);
    return error_code(h.send(1, m));
  };
  CHECK(create({{"rules", "standard kings=5"}}) == "bad_rules");
  CHECK(create({{"rules", "chess"}}) == "bad_rules");
  CHECK(create({{"rules", 3}}) == "wrong_type");
  CHECK(create({{"seats", nullptr}}) == "missing_field");
  CHECK(create({{"seats", {"human", "bot"}}}) == "bad_value");  // a wrong length
  CHECK(create({{"seats", {"human", "bot", "bot", "bot", "bot"}}}) == "bad_value");
  CHECK(create({{"seats", "human"}}) == "wrong_type");
  CHECK(create({{"seats", {"human", "bot", "cat", "bot"}}}) == "bad_value");
  CHECK(create({{"seats", {"bot", "bot", "bot", "bot"}}}) == "bad_value");
  CHECK(create({{"clock", 0}}) == "bad_value");
  CHECK(create({{"clock", 1.5}}) == "wrong_type");
  CHECK(create({{"seat", 1}}) == "bad_value");  // a bot seat
  CHECK(create({{"private", "yes"}}) == "wrong_type");
  CHECK(create(json::object()).empty());
  const json* t = last_of(h.inbox[1], "table");
  REQUIRE(t != nullptr);
  CHECK((*t)["rules"] == "standard");
  CHECK((*t)["started"] == false);
  CHECK(create(json::object()).empty());
  CHECK(create(json::object()) == "too_many_tables");  // per player
  h.hello(2, "Bea");
  CHECK(error_code(h.send(2, json{{"type", "create"}, {"seats", {"human", "bot", "bot", "bot"}}})).empty());
  CHECK(error_code(h.send(2, json{{"type", "create"}, {"seats", {"human", "bot", "bot", "bot"}}})) ==
        "too_many_tables");  // on the server
}

TEST_CASE("private tables are joined and watched by code, public ones are in the lobby") {
  Harness h;
  h.hello(1, "Ana");
  auto r = h.send(1, json{{"type", "create"}, {"seats", {"human", "human", "bot", "bot"}},
                          {"private", true}, {"seat", 0}});
  const json* t = last_of(r, "table");
  REQUIRE(t != nullptr);
  const std::string id = (*t)["table"], code = (*t)["code"];
  CHECK(code.size() == 6);
  CHECK(json::parse(h.handler.lobby())["tables"].empty());
  h.hello(2, "Bea");
  CHECK(error_code(h.send(2, json{{"type", "join"}, {"table", id}})) == "wrong_code");
  CHECK(error_code(h.send(2, json{{"type", "watch"}, {"table", id}})) == "wrong_code");
  CHECK(error_code(h.send(2, json{{"type", "join"}, {"code", "ZZZZZZ"}})) == "unknown_table");
  CHECK(error_code(h.send(2, json{{"type", "join"}, {"table", "tnothere"}})) == "unknown_table");
  CHECK(error_code(h.send(2, json{{"type", "join"}})) == "missing_field");
  r = h.send(2, json{{"type", "join"}, {"code", code}});
  CHECK(error_code(r).empty());
  REQUIRE(last_of(r, "view") != nullptr);  // every human seat filled: the match started
  CHECK((*last_of(r, "view"))["seat"] == 1);
  // The public table of another player is listed.
  h.send(2, json{{"type", "create"}, {"seats", {"human", "bot", "human", "bot"}}});
  const json lobby = json::parse(h.handler.lobby());
  REQUIRE(lobby["tables"].size() == 1);
  CHECK(lobby["tables"][0]["seats"][0]["kind"] == "human");
  CHECK(lobby["tables"][0]["seats"][1]["kind"] == "bot");
}

TEST_CASE("join refuses taken seats, bot seats, full tables and a second seat") {
  Harness h;
  h.hello(1, "Ana");
  auto r = h.send(1, json{{"type", "create"}, {"seats", {"human", "human", "human", "bot"}}, {"seat", 0}});
  const std::string id = (*last_of(r, "table"))["table"];
  h.hello(2, "Bea");
  CHECK(error_code(h.send(2, json{{"type", "join"}, {"table", id}, {"seat", 0}})) == "seat_taken");
  CHECK(error_code(h.send(2, json{{"type", "join"}, {"table", id}, {"seat", 3}})) == "bad_value");
  CHECK(error_code(h.send(2, json{{"type", "join"}, {"table", id}, {"seat", 7}})) == "bad_value");
  CHECK(error_code(h.send(2, json{{"type", "join"}, {"table", id}, {"seat", "1"}})) == "wrong_type");
  CHECK(error_code(h.send(2, json{{"type", "join"}, {"table", id}, {"seat", 1}})).empty());
  CHECK(error_code(h.send(2, json{{"type", "join"}, {"table", id}, {"seat", 2}})) == "already_seated");
  CHECK(error_code(h.send(2, json{{"type", "act"}, {"table", id}, {"action", 1}, {"seq", 0}})) ==
        "not_started");
  h.hello(3, "Cris");
  CHECK(error_code(h.send(3, json{{"type", "join"}, {"table", id}})).empty());  // seat 2: starts
  h.hello(4, "Dani");
  CHECK(error_code(h.send(4, json{{"type", "join"}, {"table", id}})) == "table_full");
  CHECK(error_code(h.send(4, json{{"type", "act"}, {"table", id}, {"action", 1}, {"seq", 0}})) ==
        "not_seated");
  CHECK(error_code(h.send(4, json{{"type", "leave"}, {"table", id}})) == "not_seated");
  CHECK(error_code(h.send(4, json{{"type", "leave"}, {"table", "tnothere"}})) == "unknown_table");
  CHECK(error_code(h.send(4, json{{"type", "act"}, {"table", "tnothere"}, {"action", 1}, {"seq", 0}})) ==
        "unknown_table");
}

TEST_CASE("no sequence of bad input crashes the handler or changes another table") {
  Harness h;
  h.hello(1, "Ana");
  h.send(1, create_msg({"human", "bot", "bot", "bot"}));
  const std::string id = (*last_of(h.inbox[1], "table"))["table"];
  const json before = *last_of(h.inbox[1], "view");
  h.hello(2, "Mallory");
  const std::vector<std::string> junk = {
      "", " ", "null", "1", "\"x\"", "{\"type\":null}", "{\"type\":\"act\"}",
      "{\"type\":\"act\",\"table\":\"" + id + "\",\"action\":1,\"seq\":0}",
      "{\"type\":\"act\",\"table\":\"" + id + "\",\"action\":-1,\"seq\":99999999999999}",
      "{\"type\":\"join\",\"table\":\"" + id + "\",\"seat\":0}",
      "{\"type\":\"leave\",\"table\":\"" + id + "\"}",
      "{\"type\":\"hello\",\"v\":1,\"token\":\"-\"}",
      "{\"type\":\"create\",\"seats\":[[],{},1,null]}",
      "{\"type\":\"create\",\"rules\":\"" + std::string(500, 'k') + "\",\"seats\":[]}",
      std::string(3000, '['), "{\"type\":\"ping\",\"id\":{\"a\":[1,2]}}", "\xff\xfe{}"};
  for (const auto& j : junk) {
    h.inbox[1].clear();
    const auto r = h.send(2, j);
    CHECK(r.size() == 1);
    CHECK(h.inbox[1].empty());  // nothing reached the other table's player
  }
  h.inbox[1].clear();
  h.open(3);
  const auto r = h.send(3, json{{"type", "hello"}, {"v", 1}, {"name", "Eve"}});
  h.send(3, json{{"type", "watch"}, {"table", id}});
  CHECK((*last_of(h.inbox[3], "view"))["seq"] == before["seq"]);
}

TEST_CASE("static files are served from the root only") {
  const auto root = std::filesystem::temp_directory_path() / ("mus_server_web_test_" + std::to_string(::getpid()));
  std::filesystem::create_directories(root / "sub");
  { std::FILE* f = std::fopen((root / "index.html").c_str(), "w"); std::fputs("x", f); std::fclose(f); }
  { std::FILE* f = std::fopen((root / "sub" / "a.js").c_str(), "w"); std::fputs("x", f); std::fclose(f); }
  CHECK(resolve_static(root, "/"));
  CHECK(resolve_static(root, "/index.html?v=2"));
  CHECK(resolve_static(root, "/sub/a.js"));
  CHECK_FALSE(resolve_static(root, "/sub"));  // a directory
  CHECK_FALSE(resolve_static(root, "/../etc/passwd"));
  CHECK_FALSE(resolve_static(root, "/sub/../../x"));
  CHECK_FALSE(resolve_static(root, "/%2e%2e/x"));
  CHECK_FALSE(resolve_static(root, "//etc/passwd"));
  CHECK_FALSE(resolve_static(root, "/.hidden"));
  CHECK_FALSE(resolve_static(root, "/sub\\a.js"));
  CHECK_FALSE(resolve_static(root, "index.html"));
  CHECK(content_type("a.wasm") == "application/wasm");
  std::filesystem::remove_all(root);
}

TEST_CASE("options: defaults, values and errors") {
  Options o;
  CHECK(parse_options({}, o).empty());
  CHECK(o.host == "127.0.0.1");
  CHECK(o.port == 8080);
  CHECK(o.db == "mus.sqlite3");
  CHECK(o.limits.clock_seconds == 30);
  CHECK(o.limits.grace_seconds == 60);
  CHECK(parse_options({"--port", "0", "--clock", "5", "--grace", "1", "--sync", "full"}, o).empty());
  CHECK(o.port == 0);
  CHECK(o.durability == Durability::full);
  Options bad;
  CHECK_FALSE(parse_options({"--port", "70000"}, bad).empty());
  CHECK_FALSE(parse_options({"--port"}, bad).empty());
  CHECK_FALSE(parse_options({"--frobnicate", "1"}, bad).empty());
  CHECK_FALSE(parse_options({"--sync", "maybe"}, bad).empty());
  CHECK(usage().find("--max-message-bytes") != std::string::npos);
}

TEST_CASE("limits: players on the server, and events per view") {
  Limits l = relaxed();
  l.max_players = 1;
  l.max_events_per_view = 1;
  Harness h(l);
  const std::string token = h.hello(1, "Ana")["token"];
  h.open(2);
  CHECK(error_code(h.send(2, json{{"type", "hello"}, {"v", 1}, {"name", "Bea"}})) == "server_full");
  h.send(1, create_msg({"human", "bot", "bot", "bot"}));
  const json* v = last_of(h.inbox[1], "view");
  REQUIRE(v != nullptr);
  // The cut and the bots' first decisions (one event each, this test seed's match has at
  // least two before Ana's turn) are more than one event: the oldest are left out.
  CHECK((*v)["events"].size() <= 1);
  REQUIRE((*v)["seq"].get<int>() > 1);
  CHECK((*v)["events_truncated"] == true);
  // A resumed player still fits.
  CHECK(h.send(2, json{{"type", "hello"}, {"v", 1}, {"token", token}})[0]["type"] == "welcome");
}

namespace {

// The stored seed of a table that connection c of h creates (seat 0, three bots).
std::uint64_t created_seed(Harness& h, ConnId c) {
  const auto r = h.send(c, create_msg({"human", "bot", "bot", "bot"}));
  const json* t = last_of(r, "table");
  REQUIRE(t != nullptr);
  const auto stored = h.store.load_table((*t)["table"].get<std::string>());
  REQUIRE(stored.has_value());
  return stored->seed;
}

}  // namespace

TEST_CASE("test seed: a table's seed comes from its creator's name and count, not the node's "
          "other tables") {
  // Two handlers (two nodes, or a cluster and one server) with the same test seed: on the
  // first, Bea and Carla make tables before Ana; on the second, Ana is the first.
  Harness first(relaxed(), 7), second(relaxed(), 7), other(relaxed(), 8);
  first.hello(1, "Bea");
  first.hello(2, "Carla");
  first.hello(3, "Ana");
  const std::uint64_t bea = created_seed(first, 1);
  const std::uint64_t carla = created_seed(first, 2);
  const std::uint64_t ana_first = created_seed(first, 3);
  second.hello(1, "Ana");
  CHECK(created_seed(second, 1) == ana_first);
  // Another name, another count, another test seed: another seed.
  const std::uint64_t ana_again = created_seed(second, 1);
  CHECK(std::set<std::uint64_t>{bea, carla, ana_first, ana_again}.size() == 4);
  other.hello(1, "Ana");
  CHECK(created_seed(other, 1) != ana_first);
  // Another player of the same name on the same node counts on from the first one's tables.
  second.hello(2, "Ana");
  const std::uint64_t third = created_seed(second, 2);
  CHECK(third != ana_first);
  CHECK(third != ana_again);
}

namespace {

json about(const std::string& player) { return {{"type", "player_info"}, {"player", player}}; }
json befriend(const std::string& player) { return {{"type", "add_friend"}, {"player", player}}; }

}  // namespace

TEST_CASE("player_info: a stored public card, counted when a match ends, kept over a restart") {
  const auto db = std::filesystem::temp_directory_path() /
                  ("mus_server_test_card_" + std::to_string(::getpid()) + ".sqlite3");
  for (const char* ext : {"", "-wal", "-shm"}) std::filesystem::remove(db.string() + ext);
  std::string ana, bea, id;
  json card;
  {
    Harness h(relaxed(), 21, db.string());
    h.wall = 1733000000000;
    ana = h.hello(1, "Ana")["player"];
    h.wall = 1733000009999;
    bea = h.hello(2, "Bea")["player"];
    CHECK(error_code(h.send(1, about("pnothere"))) == "unknown_player");
    CHECK(error_code(h.send(1, json{{"type", "player_info"}})) == "missing_field");
    auto r = h.send(1, about(bea));
    REQUIRE(r.size() == 1);
    CHECK(r[0]["type"] == "player_info");
    CHECK(r[0]["player"] == bea);
    CHECK(r[0]["name"] == "Bea");
    CHECK(r[0]["since_ms"] == 1733000009999);
    CHECK(r[0]["matches_played"] == 0);
    CHECK(r[0]["friend"] == false);
    // Ana and Bea play a match as partners... no: Ana at seat 0, Bea at seat 1 (opponents).
    h.send(1, json{{"type", "create"}, {"rules", "standard target=15"},
                   {"seats", {"human", "human", "bot", "bot"}}, {"seat", 0}});
    id = (*last_of(h.inbox[1], "table"))["table"];
    h.send(2, json{{"type", "join"}, {"table", id}, {"seat", 1}});
    for (int i = 0; i < 100000 && last_of(h.inbox[1], "match_over") == nullptr; ++i) {
      play_views(h, 1, id, 1);
      play_views(h, 2, id, 1);
    }
    const json* over = last_of(h.inbox[1], "match_over");
    REQUIRE(over != nullptr);
    const int winner = (*over)["winner"];
    // The match's games and órdagos, counted from its transcript by the library.
    std::array<int, 2> games{}, ordagos{};
    const auto stored = h.store.load_table(id);
    mus::State s = *mus::new_match(*mus::parse_rules("standard target=15"), stored->dealer);
    for (const auto& a : stored->actions) {
      mus::Events ev;
      REQUIRE(mus::apply_in_place(s, *mus::action_from_text(a), &ev) == mus::Errc::ok);
      for (std::size_t k = 0; k < ev.size; ++k) {
        const auto& e = ev.items[k];
        if (e.kind == mus::EventKind::game) ++games[static_cast<std::size_t>(e.team)];
        if (e.kind == mus::EventKind::showdown) ++ordagos[static_cast<std::size_t>(e.team)];
      }
    }
    for (const auto& [c, seat] : {std::pair{ConnId{1}, 0}, std::pair{ConnId{2}, 1}}) {
      r = h.send(2, about(c == 1 ? ana : bea));
      INFO("seat " << seat);
      CHECK(r[0]["matches_played"] == 1);
      CHECK(r[0]["matches_won"] == (winner == seat % 2 ? 1 : 0));
      CHECK(r[0]["games_won"] == games[static_cast<std::size_t>(seat % 2)]);
      CHECK(r[0]["ordagos_won"] == ordagos[static_cast<std::size_t>(seat % 2)]);
    }
    CHECK(games[static_cast<std::size_t>(winner)] > 0);
    card = h.send(1, about(bea))[0];
  }
  Harness h(relaxed(), 21, db.string());
  REQUIRE(h.handler.restore(h.now).empty());
  h.hello(5, "Cris");
  json again = h.send(5, about(bea))[0];
  CHECK(again == card);
  for (const char* ext : {"", "-wal", "-shm"}) std::filesystem::remove(db.string() + ext);
}

TEST_CASE("friends: added and removed, listed in welcome and player_info, stored, bounded") {
  const auto db = std::filesystem::temp_directory_path() /
                  ("mus_server_test_friends_" + std::to_string(::getpid()) + ".sqlite3");
  for (const char* ext : {"", "-wal", "-shm"}) std::filesystem::remove(db.string() + ext);
  std::string token, bea, cris;
  {
    Harness h(relaxed(), 1, db.string());
    const json w = h.hello(1, "Ana");
    token = w["token"];
    CHECK(w["friends"].empty());
    bea = h.hello(2, "Bea")["player"];
    cris = h.hello(3, "Cris")["player"];
    CHECK(error_code(h.send(1, befriend("pnothere"))) == "unknown_player");
    CHECK(error_code(h.send(1, befriend(w["player"]))) == "bad_value");  // yourself
    CHECK(error_code(h.send(1, json{{"type", "remove_friend"}, {"player", "pnothere"}})) ==
          "unknown_player");
    auto r = h.send(1, befriend(cris));
    REQUIRE(r.size() == 1);
    CHECK(r[0]["type"] == "friends");
    CHECK(r[0]["friends"] == json::array({{{"player", cris}, {"name", "Cris"}}}));
    r = h.send(1, befriend(bea));
    r = h.send(1, befriend(cris));  // again: no change
    CHECK(r[0]["friends"].size() == 2);
    CHECK(r[0]["friends"][1]["player"] == bea);
    CHECK(h.send(1, about(bea))[0]["friend"] == true);
    CHECK(h.send(2, about(w["player"]))[0]["friend"] == false);  // one way only
    r = h.send(1, json{{"type", "remove_friend"}, {"player", cris}});
    CHECK(r[0]["friends"] == json::array({{{"player", bea}, {"name", "Bea"}}}));
    r = h.send(1, json{{"type", "remove_friend"}, {"player", cris}});  // not a friend: no change
    CHECK(r[0]["friends"].size() == 1);
  }
  Harness h(relaxed(), 1, db.string());
  REQUIRE(h.handler.restore(h.now).empty());
  h.open(1);
  const auto r = h.send(1, json{{"type", "hello"}, {"v", 1}, {"token", token}});
  CHECK(r[0]["friends"] == json::array({{{"player", bea}, {"name", "Bea"}}}));
  // At most 200 friends (Bea and 199 more).
  for (ConnId c = 10; c < 210; ++c) {
    std::string name = "P";  // (appended: GCC 12 warns about "P" + string)
    name += std::to_string(c);
    const std::string p = h.hello(c, name)["player"];
    if (c == 209) break;
    const auto added = h.send(1, befriend(p));
    INFO(c);
    REQUIRE(error_code(added).empty());
    if (c == 208) CHECK(added[0]["friends"].size() == 200);
  }
  CHECK(error_code(h.send(1, befriend((*last_of(h.all[209], "welcome"))["player"]))) ==
        "bad_value");
  CHECK(error_code(h.send(1, befriend(bea))).empty());  // one already a friend: no change
  for (const char* ext : {"", "-wal", "-shm"}) std::filesystem::remove(db.string() + ext);
}

TEST_CASE("lobby: the public open tables as GET /tables lists them, friends' tables first") {
  Harness h;
  h.hello(1, "Ana");
  const std::string bea = h.hello(2, "Bea")["player"];
  h.hello(3, "Cris");
  CHECK(error_code(h.send(1, json{{"type", "lobby"}})).empty());
  CHECK(h.send(1, json{{"type", "lobby"}})[0]["tables"].empty());
  std::vector<std::string> ids;
  for (ConnId c : {ConnId{3}, ConnId{2}, ConnId{3}}) {
    h.send(c, json{{"type", "create"}, {"seats", {"human", "human", "bot", "bot"}}, {"seat", 0}});
    ids.push_back((*last_of(h.inbox[c], "table"))["table"]);
  }
  h.send(2, json{{"type", "create"}, {"seats", {"human", "human", "bot", "bot"}}, {"seat", 0},
                 {"private", true}});  // never listed
  h.send(1, befriend(bea));
  const json lobby = h.send(1, json{{"type", "lobby"}})[0];
  CHECK(lobby["type"] == "lobby");
  REQUIRE(lobby["tables"].size() == 3);
  CHECK(lobby["tables"][0]["table"] == ids[1]);  // Bea's
  CHECK(lobby["tables"][0]["friends"] == true);
  CHECK(lobby["tables"][0]["seats"][0]["player_id"] == bea);
  CHECK(lobby["tables"][1]["friends"] == false);
  CHECK(lobby["tables"][2]["friends"] == false);
  // Each entry is GET /tables's entry, with `friends`.
  const json http = json::parse(h.handler.lobby())["tables"];
  REQUIRE(http.size() == 3);
  for (const auto& e : lobby["tables"]) {
    json plain = e;
    plain.erase("friends");
    CHECK(std::find(http.begin(), http.end(), plain) != http.end());
  }
  // Without friends, the same order as GET /tables.
  const json cris = h.send(3, json{{"type", "lobby"}})[0];
  for (std::size_t i = 0; i < 3; ++i) CHECK(cris["tables"][i]["table"] == http[i]["table"]);
  h.open(9);
  CHECK(error_code(h.send(9, json{{"type", "lobby"}})) == "hello_first");
}

TEST_CASE("an unstarted table whose creator is gone past the grace window leaves the lobby and "
          "is closed in the store, also after a restart") {
  Limits l = relaxed();
  l.grace_seconds = 10;
  const auto db = std::filesystem::temp_directory_path() /
                  ("mus_server_test_abandoned_" + std::to_string(::getpid()) + ".sqlite3");
  for (const char* ext : {"", "-wal", "-shm"}) std::filesystem::remove(db.string() + ext);
  std::string kept, restored;
  {
    Harness h(l, 1, db.string());
    h.hello(1, "Ana");
    h.hello(2, "Bea");
    h.hello(3, "Eve");
    h.send(1, json{{"type", "create"}, {"seats", {"human", "human", "human", "bot"}}, {"seat", 0}});
    const std::string gone = (*last_of(h.inbox[1], "table"))["table"];
    h.send(3, json{{"type", "watch"}, {"table", gone}});
    // Ana's second table: Bea sits there, connected; it stays after Ana is gone.
    h.send(1, json{{"type", "create"}, {"seats", {"human", "human", "human", "bot"}}, {"seat", 0}});
    kept = (*last_of(h.inbox[1], "table"))["table"];
    h.send(2, json{{"type", "join"}, {"table", kept}, {"seat", 1}});
    // Bea's table: nobody connected will stay, and it is left for the restart.
    h.send(2, json{{"type", "create"}, {"seats", {"human", "human", "bot", "bot"}}, {"seat", 0}});
    restored = (*last_of(h.inbox[2], "table"))["table"];
    h.close(1);
    h.now += 9999;
    h.tick();
    CHECK(json::parse(h.handler.lobby())["tables"].size() == 3);  // within the window
    h.now += 1;
    h.tick();
    const json lobby = json::parse(h.handler.lobby())["tables"];
    REQUIRE(lobby.size() == 2);
    for (const auto& t : lobby) CHECK(t["table"] != gone);
    const json* closed = last_of(h.inbox[3], "table");
    REQUIRE(closed != nullptr);
    CHECK((*closed)["over"] == true);  // the spectator sees it closed
    CHECK(error_code(h.send(2, json{{"type", "join"}, {"table", gone}})) == "match_over");
    CHECK_FALSE(h.handler.match_text(gone, Handler::MatchText::record));
    const auto open = h.store.load_unfinished();
    CHECK(
        std::none_of(open.begin(), open.end(), [&](const TableRecord& t) { return t.id == gone; }));
    const auto log = h.handler.take_log();
    CHECK(std::any_of(log.begin(), log.end(), [&](const std::string& x) {
      return x.find(gone) != std::string::npos && x.find("creator is gone") != std::string::npos;
    }));
  }
  // After a restart nobody is connected: once the grace window has passed, both tables go.
  Harness h(l, 1, db.string());
  REQUIRE(h.handler.restore(h.now).empty());
  CHECK(json::parse(h.handler.lobby())["tables"].size() == 2);
  h.now += 10000;
  h.tick();
  CHECK(json::parse(h.handler.lobby())["tables"].empty());
  CHECK(h.store.load_unfinished().empty());
  for (const char* ext : {"", "-wal", "-shm"}) std::filesystem::remove(db.string() + ext);
}

TEST_CASE("a creator who comes back within the grace window keeps an unstarted table") {
  Limits l = relaxed();
  l.grace_seconds = 10;
  Harness h(l);
  const std::string token = h.hello(1, "Ana")["token"];
  h.send(1, json{{"type", "create"}, {"seats", {"human", "human", "bot", "bot"}}, {"seat", 0}});
  h.close(1);
  h.now += 5000;
  h.open(2);
  h.send(2, json{{"type", "hello"}, {"v", 1}, {"token", token}});
  h.now += 60000;
  h.tick();
  CHECK(json::parse(h.handler.lobby())["tables"].size() == 1);
}

namespace {

// One match of four people and a spectator, each connection asking for views in its form
// (`forms[c - 1]`, connections 1..5; 5 watches); seat 0 drops at seq 30 and resumes on
// connection 6 in its form. The same seed and choices give the same match in every form.
Harness& compact_match(Harness& h, const std::array<std::string, 5>& forms) {
  for (ConnId c = 1; c <= 5; ++c)
    h.hello(c, std::string(1, static_cast<char>('A' + c)), false, forms[c - 1]);
  h.send(1, create_msg({"human", "human", "human", "human"}));
  const std::string id = (*last_of(h.inbox[1], "table"))["table"];
  h.send(5, json{{"type", "watch"}, {"table", id}});
  for (ConnId c = 2; c <= 4; ++c)
    h.send(c, json{{"type", "join"}, {"table", id}, {"seat", static_cast<int>(c) - 1}});
  const std::string token = (*last_of(h.all[1], "welcome"))["token"];
  std::array<ConnId, 4> seat_conn{1, 2, 3, 4};
  for (int round = 0; round < 20000 && last_of(h.inbox[5], "match_over") == nullptr; ++round) {
    const json* v = last_of(h.all[5], "view");
    if (seat_conn[0] == 1 && v != nullptr && (*v)["seq"].get<int>() >= 30) {
      h.close(1);
      h.open(6);
      json hello{{"type", "hello"}, {"v", 1}, {"token", token}};
      if (!forms[0].empty()) hello["view"] = forms[0];
      h.send(6, hello);
      seat_conn[0] = 6;
    }
    for (const ConnId c : seat_conn) play_views(h, c, id, 1);
  }
  REQUIRE(last_of(h.inbox[5], "match_over") != nullptr);
  return h;
}

std::vector<json> views_of(const std::vector<json>& all) {
  std::vector<json> out;
  for (const auto& m : all)
    if (m["type"] == "view") out.push_back(m);
  return out;
}

std::size_t bytes_of(const std::vector<json>& ms) {
  std::size_t n = 0;
  for (const auto& m : ms) n += m.dump().size();
  return n;
}

}  // namespace

TEST_CASE("compact views: a delta rebuilds every full view, the text form carries the text; a "
          "new connection's first delta is whole") {
  Harness full_h(relaxed(), 7), compact_h(relaxed(), 7);
  compact_match(full_h, {"", "full", "", "", ""});
  compact_match(compact_h, {"delta", "text", "full", "delta", "delta"});
  for (ConnId c = 1; c <= 6; ++c) {
    const auto full = views_of(full_h.all[c]);
    const auto compact = views_of(compact_h.all[c]);
    INFO("connection " << c);
    REQUIRE(full.size() == compact.size());
    REQUIRE(!full.empty());
    const std::string form = c == 6 ? "delta" : std::array<const char*, 5>{
        "delta", "text", "full", "delta", "delta"}[c - 1];
    json rebuilt;
    for (std::size_t i = 0; i < full.size(); ++i) {
      const json& f = full[i];
      const json& m = compact[i];
      INFO("view " << i << ": " << m.dump().substr(0, 300));
      CHECK(m["seq"] == f["seq"]);
      CHECK(m["seat"] == f["seat"]);
      CHECK(m["legal"] == f["legal"]);
      CHECK(m["events"] == f["events"]);
      CHECK(m.contains("view") == (form == "full"));
      CHECK(m.contains("view_delta") == (form == "delta"));
      CHECK(m.contains("text") == (form != "delta" && f["seat"] != -1));
      if (form == "text" || form == "full") CHECK(m["text"] == f["text"]);
      if (form == "full") CHECK(m["view"] == f["view"]);
      if (form == "delta") {
        if (i == 0) {
          CHECK(m["view_delta"] == f["view"]);  // a connection's first delta is whole
          rebuilt = m["view_delta"];
        } else {
          apply_delta(rebuilt, m["view_delta"]);
        }
        CHECK(rebuilt == f["view"]);
      }
    }
    if (form != "full") CHECK(bytes_of(compact) * 2 < bytes_of(full));
  }
}

TEST_CASE("compact views: hello refuses an unknown form") {
  Harness h;
  h.open(1);
  const auto r = h.send(1, json{{"type", "hello"}, {"v", 1}, {"name", "Ana"}, {"view", "zip"}});
  CHECK(error_code(r) == "bad_value");
}

namespace {

// Two nodes of a cluster over one store, without PostgreSQL: the leases are a map both see,
// and a test expires one by hand (its owner died). What PgStore's leases do, the PostgreSQL
// cases of test_store.cpp check; here, what the handler does with them.
struct Leases {
  std::map<std::string, std::string> owner;  // table -> node
  std::set<std::string> expired;
};

class NodeStore final : public Store {
 public:
  NodeStore(SqliteStore& s, Leases& l, std::string node) : s_(s), l_(l), node_(std::move(node)) {}
  void put_player(const PlayerRecord& p) override { s_.put_player(p); }
  void set_friend(const std::string& p, const std::string& o, bool on) override {
    s_.set_friend(p, o, on);
  }
  void create_table(const TableRecord& t) override {
    s_.create_table(t);
    l_.owner[t.id] = node_;
  }
  void set_seat(const std::string& t, int seat, const std::string& p) override {
    s_.set_seat(t, seat, p);
  }
  void append_actions(const std::string& t, std::size_t first, const std::vector<std::string>& a,
                      const MatchEnd* end) override {
    if (l_.owner[t] != node_) throw StoreError("another node owns " + t);
    s_.append_actions(t, first, a, end);
  }
  void append_chat(const std::string& t, const ChatLine& line) override { s_.append_chat(t, line); }
  void close_table(const std::string& t) override { s_.close_table(t); }
  std::vector<PlayerRecord> load_players() override { return s_.load_players(); }
  std::vector<TableRecord> load_unfinished() override {
    auto all = s_.load_unfinished();
    std::erase_if(all, [&](const TableRecord& t) { return l_.owner[t.id] != node_; });
    return all;
  }
  std::optional<TableRecord> load_table(const std::string& id) override {
    return s_.load_table(id);
  }
  bool shared() const override { return true; }
  std::string node() const override { return node_; }
  std::optional<PlayerRecord> load_player(const std::string& id) override {
    for (auto& p : s_.load_players())
      if (p.id == id) return p;
    return std::nullopt;
  }
  std::optional<std::string> claim_table(const std::string& id) override {
    const auto t = s_.load_table(id);
    if (!t || t->finished) return std::nullopt;
    if (l_.expired.erase(id) > 0) l_.owner[id] = node_;
    return l_.owner[id];
  }
  std::optional<std::string> table_with_code(const std::string& code) override {
    for (const auto& t : s_.load_unfinished())
      if (json::parse(t.settings).value("code", "") == code) return t.id;
    return std::nullopt;
  }
  std::vector<std::string> seated_tables(const std::string& player) override {
    std::vector<std::string> ids;
    for (const auto& t : s_.load_unfinished())
      if (std::find(t.seats.begin(), t.seats.end(), player) != t.seats.end()) ids.push_back(t.id);
    return ids;
  }
  std::vector<OpenTable> load_open_tables() override {
    std::map<std::string, std::string> names;
    for (const auto& p : s_.load_players()) names[p.id] = p.name;
    std::vector<OpenTable> open;
    for (const auto& t : s_.load_unfinished()) {
      if (l_.owner[t.id] == node_) continue;
      OpenTable o{t.id, t.settings, t.seats, {}, t.actions.size()};
      for (std::size_t k = 0; k < 4; ++k) o.names[k] = names[t.seats[k]];
      open.push_back(o);
    }
    return open;
  }

 private:
  SqliteStore& s_;
  Leases& l_;
  std::string node_;
};

// One node: its store, its handler and what each of its connections received.
struct ClusterNode {
  ClusterNode(SqliteStore& s, Leases& l, const std::string& name)
      : store(s, l, name), handler(store, relaxed(), os_random_bytes, 1) {}
  NodeStore store;
  Handler handler;
  std::int64_t now = 1000;
  std::vector<json> send(ConnId c, const json& m) {
    std::vector<json> got;
    for (const auto& o : handler.message(c, m.dump(), now))
      if (o.conn == c) got.push_back(json::parse(*o.text));
    return got;
  }
  std::vector<json> hello(ConnId c, const json& who) {
    handler.open(c, now);
    json m = {{"type", "hello"}, {"v", 1}};
    m.update(who);
    return send(c, m);
  }
};

}  // namespace

TEST_CASE(
    "a node of a cluster sends a client to the node of its table (moved), takes a table whose "
    "lease expired, and lists the other nodes' tables") {
  SqliteStore shared(":memory:", Durability::normal);
  Leases leases;
  ClusterNode a(shared, leases, "a"), b(shared, leases, "b");
  // Ana makes a table on a; the welcome names the node.
  auto w = a.hello(1, {{"name", "Ana"}});
  REQUIRE(w.size() == 1);
  CHECK(w[0]["node"] == "a");
  auto r =
      a.send(1, {{"type", "create"}, {"seats", {"human", "human", "bot", "bot"}}, {"seat", 0}});
  REQUIRE(last_of(r, "table") != nullptr);
  const std::string id = (*last_of(r, "table"))["table"];
  // Bea, on b, asks to join it: b sends her to a, and nothing changes.
  w = b.hello(2, {{"name", "Bea"}});
  const std::string bea = w[0]["token"];
  r = b.send(2, {{"type", "join"}, {"table", id}, {"seat", 1}});
  REQUIRE(r.size() == 1);
  CHECK(r[0] == json{{"type", "moved"}, {"table", id}, {"node", "a"}, {"re", "join"}});
  CHECK(b.handler.table_count() == 0);
  // On a (her token, made on b), she sits and the match starts.
  w = a.hello(3, {{"token", bea}});
  CHECK(w[0]["resumed"] == true);
  r = a.send(3, {{"type", "join"}, {"table", id}, {"seat", 1}});
  CHECK(error_code(r).empty());
  REQUIRE(last_of(r, "view") != nullptr);
  // b's lobby lists a's table (read at its next lease check), with its people.
  b.now += 1000;
  (void)b.handler.tick(b.now);
  const json lobby = json::parse(b.handler.lobby());
  REQUIRE(lobby["tables"].size() == 1);
  CHECK(lobby["tables"][0]["table"] == id);
  CHECK(lobby["tables"][0]["started"] == true);
  CHECK(lobby["tables"][0]["seats"][0]["player"] == "Ana");
  CHECK(lobby["tables"][0]["seats"][1]["player"] == "Bea");
  // An act, and a resumed hello, on b: moved too (the welcome names the table).
  r = b.send(2, {{"type", "act"}, {"table", id}, {"action", 0}, {"seq", 0}});
  REQUIRE(r.size() == 1);
  CHECK(r[0]["type"] == "moved");
  CHECK(r[0]["re"] == "act");
  w = b.hello(4, {{"token", bea}});
  REQUIRE(w.size() == 2);
  CHECK(w[0]["tables"] == json::array({id}));
  CHECK(w[1] == json{{"type", "moved"}, {"table", id}, {"node", "a"}, {"re", "hello"}});
  // A private table of a, joined by its code on b: moved, naming the table.
  r = a.send(1, {{"type", "create"},
                 {"seats", {"human", "human", "bot", "bot"}},
                 {"private", true},
                 {"seat", 0}});
  const std::string code = (*last_of(r, "table"))["code"];
  const std::string secret = (*last_of(r, "table"))["table"];
  r = b.send(4, {{"type", "join"}, {"code", code}});
  REQUIRE(r.size() == 1);
  CHECK(r[0]["type"] == "moved");
  CHECK(r[0]["table"] == secret);
  // a dies (its lease expires): Bea's hello on b takes the table, and b serves it.
  leases.expired.insert(id);
  w = b.hello(5, {{"token", bea}});
  CHECK(w[0]["tables"] == json::array({id}));
  CHECK(last_of(w, "moved") == nullptr);
  REQUIRE(last_of(w, "view") != nullptr);
  CHECK(leases.owner[id] == "b");
  CHECK(b.handler.table_count() == 1);
  // A node alone sends no node name.
  Harness alone;
  CHECK_FALSE(alone.hello(1, "Ana").contains("node"));
}
