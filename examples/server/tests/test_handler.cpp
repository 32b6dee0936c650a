// The handler, the router (handler.hpp): hello and players, the limits, creating and finding
// tables, the lobby, junk input; and the server's static files and options.
#include <cstdio>
#include <filesystem>
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
  l.max_events_per_view = 3;
  Harness h(l);
  const std::string token = h.hello(1, "Ana")["token"];
  h.open(2);
  CHECK(error_code(h.send(2, json{{"type", "hello"}, {"v", 1}, {"name", "Bea"}})) == "server_full");
  h.send(1, create_msg({"human", "bot", "bot", "bot"}));
  const json* v = last_of(h.inbox[1], "view");
  REQUIRE(v != nullptr);
  // The deal and the bots' first decisions are more than three events: the oldest are left out.
  CHECK((*v)["events"].size() <= 3);
  if ((*v)["seq"].get<int>() > 1) CHECK((*v)["events_truncated"] == true);
  // A resumed player still fits.
  CHECK(h.send(2, json{{"type", "hello"}, {"v", 1}, {"token", token}})[0]["type"] == "welcome");
}
