// The protocol handler without sockets (docs/protocol.md): every message type, every error
// code, every limit, and whole matches against the library's bots, through a real SQLite store.
#include <unistd.h>

#include <algorithm>
#include <array>
#include <cstdio>
#include <filesystem>
#include <map>
#include <nlohmann/json.hpp>
#include <set>
#include <string>
#include <vector>

#include "catch.hpp"
#include "handler.hpp"
#include "json_out.hpp"
#include "replay.hpp"
#include "sqlite_store.hpp"
#include "web_files.hpp"
#include "options.hpp"

using json = nlohmann::json;
using namespace mus_server;

namespace {

// The default limits, but a rate no test reaches (the tests' clock stands still while they
// play); the rate test sets its own.
Limits relaxed() {
  Limits l;
  l.rate_per_second = 1e9;
  l.burst = 1e9;
  return l;
}

// A handler over a store, a clock the test moves, and each connection's inbox.
struct Harness {
  explicit Harness(Limits l = relaxed(), std::optional<std::uint64_t> seed = 1,
                   const std::string& db = ":memory:")
      : store(db, Durability::normal), handler(store, l, os_random_bytes, seed) {}
  SqliteStore store;
  Handler handler;
  std::int64_t now = 1000;
  std::map<ConnId, std::vector<json>> inbox;
  std::map<ConnId, std::vector<json>> all;  // every message, never cleared

  void take(const std::vector<Outgoing>& out) {
    for (const auto& o : out) {
      inbox[o.conn].push_back(json::parse(o.text));
      all[o.conn].push_back(inbox[o.conn].back());
    }
  }
  void open(ConnId c) { handler.open(c, now); }
  // Sends a message; returns what this connection received because of it.
  std::vector<json> send(ConnId c, const std::string& text) {
    inbox[c].clear();
    take(handler.message(c, text, now));
    return inbox[c];
  }
  std::vector<json> send(ConnId c, const json& j) { return send(c, j.dump()); }
  void tick() { take(handler.tick(now)); }
  void close(ConnId c) { take(handler.close(c, now)); }
  // Opens a connection and says hello; returns the welcome.
  json hello(ConnId c, const std::string& name) {
    open(c);
    const auto r = send(c, json{{"type", "hello"}, {"v", 1}, {"name", name}});
    REQUIRE(r.size() == 1);
    REQUIRE(r[0]["type"] == "welcome");
    return r[0];
  }
};

std::string error_code(const std::vector<json>& r) {
  for (const auto& m : r)
    if (m["type"] == "error") return m["code"].get<std::string>();
  return "";
}

const json* last_of(const std::vector<json>& r, const std::string& type) {
  for (auto it = r.rbegin(); it != r.rend(); ++it)
    if ((*it)["type"] == type) return &*it;
  return nullptr;
}

// Plays a seat's decisions from the last view in its inbox with a fixed choice (the legal id
// at position seq % size), until no view asks it to act. Returns the number of actions.
int play_views(Harness& h, ConnId c, const std::string& table, int limit = 100000) {
  int played = 0;
  for (int i = 0; i < limit; ++i) {
    const json* v = last_of(h.inbox[c], "view");
    if (v == nullptr || (*v)["legal"].empty()) return played;
    const auto& legal = (*v)["legal"];
    const auto seq = (*v)["seq"].get<std::uint64_t>();
    const int id = legal[seq % legal.size()]["id"].get<int>();
    const auto r = h.send(c, json{{"type", "act"}, {"table", table}, {"action", id}, {"seq", seq}});
    INFO((r.empty() ? json() : r.back()).dump());
    REQUIRE(error_code(r).empty());
    ++played;
  }
  return played;
}

json create_msg(std::vector<std::string> seats, int seat = 0) {
  return {{"type", "create"}, {"rules", "standard target=15 vacas=1"}, {"seats", seats},
          {"seat", seat}, {"clock", 30}};
}

}  // namespace

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

TEST_CASE("malformed messages get their documented error codes") {
  Harness h;
  h.open(1);
  CHECK(error_code(h.send(1, std::string("{not json"))) == "bad_json");
  CHECK(error_code(h.send(1, std::string("[1,2]"))) == "bad_message");
  CHECK(error_code(h.send(1, std::string("{}"))) == "missing_field");
  CHECK(error_code(h.send(1, json{{"type", 5}})) == "wrong_type");
  CHECK(error_code(h.send(1, json{{"type", "dance"}})) == "unknown_type");
  CHECK(error_code(h.send(1, json{{"type", "create"}, {"seats", {"human", "bot", "bot", "bot"}}})) ==
        "hello_first");
  CHECK(error_code(h.send(1, json{{"type", "hello"}, {"name", "Ana"}})) == "missing_field");
  CHECK(error_code(h.send(1, json{{"type", "hello"}, {"v", "1"}, {"name", "Ana"}})) ==
        "wrong_type");
  CHECK(error_code(h.send(1, json{{"type", "hello"}, {"v", 2}, {"name", "Ana"}})) ==
        "unsupported_version");
  CHECK(error_code(h.send(1, json{{"type", "hello"}, {"v", 1}, {"name", ""}})) == "bad_value");
  CHECK(error_code(h.send(1, json{{"type", "hello"}, {"v", 1}, {"name", "a\tb"}})) == "bad_value");
  CHECK(error_code(h.send(1, json{{"type", "hello"}, {"v", 1}})) == "missing_field");
  // The error names the refused message's type.
  const auto r = h.send(1, json{{"type", "join"}, {"table", "x"}});
  REQUIRE(r.size() == 1);
  CHECK(r[0]["code"] == "hello_first");
  CHECK(r[0]["re"] == "join");
  CHECK(r[0]["message"].is_string());
}

TEST_CASE("ping answers pong with its id, before hello too") {
  Harness h;
  h.open(1);
  const auto r = h.send(1, json{{"type", "ping"}, {"id", 42}});
  REQUIRE(r.size() == 1);
  CHECK(r[0]["type"] == "pong");
  CHECK(r[0]["id"] == 42);
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
  CHECK(create({{"seats", {"human", "bot"}}}) == "wrong_type");
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

TEST_CASE("a seat's act: stale and repeated seq, wrong turn and illegal ids change nothing") {
  Harness h;
  h.hello(1, "Ana");
  h.send(1, create_msg({"human", "human", "bot", "bot"}));
  const std::string id = (*last_of(h.inbox[1], "table"))["table"];
  h.hello(2, "Bea");
  h.send(2, json{{"type", "join"}, {"table", id}});
  // Whoever is to act has legal ids; the other has none.
  ConnId me = 0, other = 0;
  for (ConnId c : {ConnId{1}, ConnId{2}}) {
    const json* v = last_of(h.inbox[c], "view");
    REQUIRE(v != nullptr);
    ((*v)["legal"].empty() ? other : me) = c;
  }
  REQUIRE(me != 0);
  REQUIRE(other != 0);
  const json view = *last_of(h.inbox[me], "view");
  const auto seq = view["seq"].get<std::int64_t>();
  const int id0 = view["legal"][0]["id"];
  CHECK(view["legal"][0]["text"].is_string());
  CHECK(error_code(h.send(other, json{{"type", "act"}, {"table", id}, {"action", id0}, {"seq", seq}})) ==
        "not_your_turn");
  CHECK(error_code(h.send(me, json{{"type", "act"}, {"table", id}, {"action", id0}, {"seq", seq - 1}})) ==
        "stale_seq");
  CHECK(error_code(h.send(me, json{{"type", "act"}, {"table", id}, {"action", 0}, {"seq", seq}})) ==
        "illegal_action");  // the shuffle is never a seat's
  CHECK(error_code(h.send(me, json{{"type", "act"}, {"table", id}, {"action", 99}, {"seq", seq}})) ==
        "illegal_action");
  CHECK(error_code(h.send(me, json{{"type", "act"}, {"table", id}, {"action", id0}})) == "missing_field");
  CHECK(error_code(h.send(me, json{{"type", "act"}, {"table", id}, {"action", "pass"}, {"seq", seq}})) ==
        "wrong_type");
  // Nothing above changed the table: the same act is still accepted...
  auto r = h.send(me, json{{"type", "act"}, {"table", id}, {"action", id0}, {"seq", seq}});
  CHECK(error_code(r).empty());
  REQUIRE(last_of(r, "view") != nullptr);
  CHECK((*last_of(r, "view"))["seq"].get<std::int64_t>() > seq);
  // ...once: repeating it is stale and has no effect.
  const auto after = (*last_of(r, "view"))["seq"];
  r = h.send(me, json{{"type", "act"}, {"table", id}, {"action", id0}, {"seq", seq}});
  CHECK(error_code(r) == "stale_seq");
  h.open(9);
  h.send(9, json{{"type", "hello"}, {"v", 1}, {"name", "Eve"}});
  r = h.send(9, json{{"type", "watch"}, {"table", id}});
  CHECK((*last_of(r, "view"))["seq"] == after);
}

TEST_CASE("views hold the seat's own cards only, spectators see no hand") {
  Harness h;
  h.hello(1, "Ana");
  h.send(1, create_msg({"human", "bot", "bot", "bot"}));
  const std::string id = (*last_of(h.inbox[1], "table"))["table"];
  h.hello(2, "Eve");
  const auto r = h.send(2, json{{"type", "watch"}, {"table", id}});
  const json* sv = last_of(r, "view");
  REQUIRE(sv != nullptr);
  CHECK((*sv)["seat"] == -1);
  for (const auto& c : (*sv)["view"]["hand"]) CHECK(c.is_null());
  CHECK((*sv)["legal"].empty());
  CHECK_FALSE(sv->contains("text"));
  const json* v = last_of(h.inbox[1], "view");
  REQUIRE(v != nullptr);
  // The seat's view is the library's: the JSON hand and the view text agree with mus::view_of.
  const auto parsed = mus::view_from_text((*v)["text"].get<std::string>());
  REQUIRE(parsed);
  for (std::size_t k = 0; k < 4; ++k) {
    CHECK((*v)["view"]["hand"][k] == mus::to_string(mus::Card::from_id_unchecked(parsed->hand[k])));
    CHECK((*v)["view"]["hand_ids"][k] == parsed->hand[k]);  // the library's card ids too
  }
  // A spectator's ids are mus::no_card, like its null texts; no hand showed its cards yet.
  for (const auto& c : (*sv)["view"]["hand_ids"]) CHECK(c == mus::no_card);
  CHECK((*v)["view"]["last"]["shown_ids"].is_null());
}

TEST_CASE("a person plays a whole match against three bots, the replay is a transcript") {
  Harness h;
  h.hello(1, "Ana");
  h.send(1, create_msg({"human", "bot", "bot", "bot"}));
  const std::string id = (*last_of(h.inbox[1], "table"))["table"];
  const int played = play_views(h, 1, id);
  CHECK(played > 5);
  const json* over = last_of(h.inbox[1], "match_over");
  REQUIRE(over != nullptr);
  CHECK(((*over)["winner"] == 0 || (*over)["winner"] == 1));
  CHECK((*over)["replay"] == "/replays/" + id);
  CHECK(error_code(h.send(1, json{{"type", "act"}, {"table", id}, {"action", 1}, {"seq", 0}})) ==
        "match_over");
  CHECK(json::parse(h.handler.lobby())["tables"].empty());
  const auto text = h.handler.replay_transcript(id);
  REQUIRE(text);
  CHECK(text->rfind("# libmus match transcript: mus-server table " + id + ".\nrules standard target=15\ndealer ", 0) == 0);
  // Every state line is the library's state after the action line before it.
  std::vector<std::string> lines;
  for (std::size_t a = 0, b; a < text->size(); a = b + 1) {
    b = text->find('\n', a);
    REQUIRE(b != std::string::npos);
    lines.push_back(text->substr(a, b - a));
  }
  auto rules = mus::parse_rules(lines[1].substr(6));
  REQUIRE(rules);
  auto s = mus::new_match(*rules, std::stoi(lines[2].substr(7)));
  REQUIRE(s);
  CHECK(lines[3] == "state " + mus::state_to_text(*s));
  mus::State st = *s;
  for (std::size_t i = 4; i + 1 < lines.size(); i += 2) {
    REQUIRE(lines[i].rfind("action ", 0) == 0);
    const auto a = mus::action_from_text(lines[i].substr(7));
    REQUIRE(a);
    REQUIRE(mus::apply_in_place(st, *a) == mus::Errc::ok);
    REQUIRE(lines[i + 1] == "state " + mus::state_to_text(st));
  }
  CHECK(st.phase == mus::Phase::match_over);
  CHECK_FALSE(h.handler.replay_transcript("tnothere"));
}

TEST_CASE("the same test seed and the same choices give the same match") {
  std::string first;
  for (int run = 0; run < 2; ++run) {
    Harness h(relaxed(), 77);
    h.hello(1, "Ana");
    h.send(1, create_msg({"human", "bot", "bot", "bot"}));
    const std::string id = (*last_of(h.inbox[1], "table"))["table"];
    play_views(h, 1, id);
    auto text = h.handler.replay_transcript(id);
    REQUIRE(text);
    const std::string body = text->substr(text->find('\n') + 1);  // without the id line
    if (run == 0) first = body;
    else CHECK(body == first);
  }
}

TEST_CASE("create takes a bot kind per bot seat: the table shows it, the bot plays it, a "
          "restart keeps it, and unknown kinds are refused") {
  // The welcome lists the library's kinds, by their library names.
  Harness h;
  const json w = h.hello(1, "Ana");
  REQUIRE(w["bot_kinds"].size() == mus::bot_kinds.size());
  for (std::size_t i = 0; i < mus::bot_kinds.size(); ++i)
    CHECK(w["bot_kinds"][i] == std::string(mus::bot_kind_name(mus::bot_kinds[i])));
  const auto create = [&](const json& bots) {
    json m = create_msg({"human", "bot", "human", "bot"});
    m["bots"] = bots;
    return error_code(h.send(1, m));
  };
  CHECK(create("search") == "wrong_type");
  CHECK(create({nullptr, "search"}) == "wrong_type");
  CHECK(create({nullptr, 2, nullptr, nullptr}) == "wrong_type");
  CHECK(create({nullptr, "grandmaster", nullptr, nullptr}) == "unknown_bot_kind");
  CHECK(create({nullptr, "Search", nullptr, nullptr}) == "unknown_bot_kind");
  CHECK(create({"search", nullptr, nullptr, nullptr}) == "bad_value");  // a human seat
  CHECK(h.handler.table_count() == 0);
  // Seat 1's kind as asked, seat 3's the default; the table message and the lobby say so.
  CHECK(create({nullptr, "careful", nullptr, nullptr}).empty());
  const json* t = last_of(h.inbox[1], "table");
  REQUIRE(t != nullptr);
  CHECK((*t)["seats"][1]["bot"] == "careful");
  CHECK((*t)["seats"][3]["bot"] == "heuristic");
  CHECK_FALSE((*t)["seats"][0].contains("bot"));
  const json lobby = json::parse(h.handler.lobby())["tables"][0]["seats"];
  CHECK(lobby[1]["bot"] == "careful");
  CHECK(lobby[3]["bot"] == "heuristic");

  // The kind plays: with one test seed and one policy for the person, three random bots play
  // another match than three heuristic ones, and "heuristic" named is the default.
  const auto match = [](const json& bots) {
    Harness m(relaxed(), 77);
    m.hello(1, "Ana");
    json msg = create_msg({"human", "bot", "bot", "bot"});
    if (!bots.is_null()) msg["bots"] = bots;
    m.send(1, msg);
    const std::string id = (*last_of(m.inbox[1], "table"))["table"];
    play_views(m, 1, id);
    const auto text = m.handler.replay_transcript(id);
    REQUIRE(text);
    return text->substr(text->find('\n') + 1);  // without the id line
  };
  const std::string by_default = match(nullptr);
  CHECK(match({nullptr, "heuristic", "heuristic", "heuristic"}) == by_default);
  CHECK(match({nullptr, "random", "random", "random"}) != by_default);

  // A restart keeps each seat's kind (it is stored with the table's settings).
  const auto db = std::filesystem::temp_directory_path() /
                  ("mus_server_test_bot_kinds_" + std::to_string(::getpid()) + ".sqlite3");
  for (const char* ext : {"", "-wal", "-shm"}) std::filesystem::remove(db.string() + ext);
  std::string token;
  {
    Harness a(relaxed(), 5, db.string());
    token = a.hello(1, "Ana")["token"];
    json msg = create_msg({"human", "bot", "human", "bot"});
    msg["bots"] = {nullptr, "tight", nullptr, "loose"};
    REQUIRE(error_code(a.send(1, msg)).empty());
  }
  {
    Harness b(relaxed(), 5, db.string());
    CHECK(b.handler.restore(b.now).empty());
    b.open(1);
    const auto r = b.send(1, json{{"type", "hello"}, {"v", 1}, {"token", token}});
    const json* rt = last_of(r, "table");
    REQUIRE(rt != nullptr);
    CHECK((*rt)["seats"][1]["bot"] == "tight");
    CHECK((*rt)["seats"][3]["bot"] == "loose");
  }
  for (const char* ext : {"", "-wal", "-shm"}) std::filesystem::remove(db.string() + ext);
}

TEST_CASE("each bot seat decides as the library's bot of its kind, a person's seat as the "
          "heuristic") {
  // Ana leaves her seat as soon as the match starts: from then on the heuristic plays it, and
  // the bot seats their own kinds. Every decision of the stored match is checked against the
  // library's bot of the seat's kind, with the seed the server gives that decision.
  Harness h;
  h.hello(1, "Ana");
  json msg = create_msg({"human", "bot", "bot", "bot"});
  msg["bots"] = {nullptr, "random", "tight", "loose"};
  h.send(1, msg);
  const std::string id = (*last_of(h.inbox[1], "table"))["table"];
  REQUIRE(error_code(h.send(1, json{{"type", "leave"}, {"table", id}})).empty());
  const auto r = h.store.load_table(id);
  REQUIRE(r);
  REQUIRE(r->finished);
  const std::array<mus::BotKind, 4> kinds{mus::BotKind::heuristic, mus::BotKind::random,
                                          mus::BotKind::tight, mus::BotKind::loose};
  mus::State s = *mus::new_match(*mus::parse_rules("standard target=15 vacas=1"), r->dealer);
  std::array<int, 4> decisions{};
  for (std::size_t i = 0; i < r->actions.size(); ++i) {
    if (s.phase != mus::Phase::shuffle) {
      const int seat = s.to_act;
      const auto k = kinds[static_cast<std::size_t>(seat)];
      const auto chosen = mus::bot_choose(s, seat, mus::BotConfig{k, 0, 0},
                                          mus::derive_seed(r->seed, 2, i));
      REQUIRE(chosen);
      INFO("action " << i << " of seat " << seat);
      CHECK(mus::action_to_text(*chosen) == r->actions[i]);
      ++decisions[static_cast<std::size_t>(seat)];
    }
    REQUIRE(mus::apply_in_place(s, *mus::action_from_text(r->actions[i])) == mus::Errc::ok);
  }
  CHECK(s.phase == mus::Phase::match_over);
  for (const int d : decisions) CHECK(d > 0);
}

TEST_CASE("on timeout the heuristic bot plays for the seat and the events say so") {
  Harness h;
  h.hello(1, "Ana");
  h.send(1, json{{"type", "create"}, {"seats", {"human", "bot", "bot", "bot"}}, {"seat", 0}, {"clock", 2}});
  const std::string id = (*last_of(h.inbox[1], "table"))["table"];
  const json v = *last_of(h.inbox[1], "view");
  REQUIRE_FALSE(v["legal"].empty());
  CHECK(v["deadline_ms"] == 2000);
  h.now += 1999;
  h.inbox[1].clear();
  h.tick();
  CHECK(h.inbox[1].empty());
  h.now += 1;
  h.tick();
  const json* nv = last_of(h.inbox[1], "view");
  REQUIRE(nv != nullptr);
  CHECK((*nv)["seq"].get<int>() > v["seq"].get<int>());
  bool said = false;
  for (const auto& e : (*nv)["events"])
    if (e.value("server", "") == "timeout" && e["seat"] == 0) said = true;
  CHECK(said);
  const auto log = h.handler.take_log();
  CHECK(std::any_of(log.begin(), log.end(),
                    [](const std::string& l) { return l.find("ran out of time") != std::string::npos; }));
}

TEST_CASE("a dropped person keeps the seat for the grace window, then a bot plays it "
          "until the person resumes with the token") {
  Limits l = relaxed();
  l.grace_seconds = 10;
  Harness h(l);
  const std::string token = h.hello(1, "Ana")["token"];
  h.send(1, json{{"type", "create"}, {"seats", {"human", "human", "bot", "bot"}}, {"seat", 0}, {"clock", 600}});
  const std::string id = (*last_of(h.inbox[1], "table"))["table"];
  h.hello(5, "Bea");
  h.send(5, json{{"type", "join"}, {"table", id}, {"seat", 1}});
  // Play until it is Ana's turn, then Ana drops.
  for (int i = 0; i < 50 && (*last_of(h.inbox[1], "view"))["legal"].empty(); ++i) play_views(h, 5, id, 1);
  REQUIRE_FALSE((*last_of(h.inbox[1], "view"))["legal"].empty());
  const auto seq0 = (*last_of(h.inbox[1], "view"))["seq"].get<int>();
  h.close(1);
  const json* t = last_of(h.inbox[5], "table");
  REQUIRE(t != nullptr);
  CHECK((*t)["seats"][0]["connected"] == false);
  CHECK((*t)["seats"][0]["bot_playing"] == false);
  h.now += 9999;
  h.tick();
  h.open(2);
  // Within the window nothing was played for the seat; the view comes back with the token.
  auto r = h.send(2, json{{"type", "hello"}, {"v", 1}, {"token", token}});
  REQUIRE(last_of(r, "view") != nullptr);
  CHECK((*last_of(r, "view"))["seq"] == seq0);
  CHECK_FALSE((*last_of(r, "view"))["legal"].empty());
  CHECK((*last_of(r, "table"))["seats"][0]["connected"] == true);
  h.close(2);
  h.now += 10000;
  h.tick();  // the window ran out: the bot plays the seat until Bea is to act
  const auto log = h.handler.take_log();
  CHECK(std::any_of(log.begin(), log.end(),
                    [](const std::string& x) { return x.find("the bot plays it") != std::string::npos; }));
  h.open(3);
  r = h.send(3, json{{"type", "hello"}, {"v", 1}, {"token", token}});
  CHECK(r[0]["resumed"] == true);
  const json* v = last_of(r, "view");
  REQUIRE(v != nullptr);
  CHECK((*v)["seq"].get<int>() > seq0);
  bool away = false;
  for (const auto& e : (*v)["events"]) away = away || e.value("server", "") == "bot_for_away";
  CHECK(away);
  // Back in the seat: both people play to the end.
  for (int i = 0; i < 100000 && last_of(h.inbox[3], "match_over") == nullptr; ++i) {
    play_views(h, 3, id, 1);
    play_views(h, 5, id, 1);
  }
  CHECK(last_of(h.inbox[3], "match_over") != nullptr);
}

TEST_CASE("leave frees a seat before the start and hands it to a bot after") {
  Harness h;
  h.hello(1, "Ana");
  h.send(1, create_msg({"human", "human", "bot", "bot"}));
  std::string id = (*last_of(h.inbox[1], "table"))["table"];
  auto r = h.send(1, json{{"type", "leave"}, {"table", id}});
  CHECK(last_of(r, "left") != nullptr);
  CHECK(json::parse(h.handler.lobby())["tables"].empty());  // nobody left: the table closed
  CHECK(error_code(h.send(1, json{{"type", "join"}, {"table", id}})) == "match_over");
  CHECK_FALSE(h.handler.replay_transcript(id));  // no match was played
  // A table of three people: Ana leaves before the start, Bea keeps it open, Cris takes seat 0.
  h.send(1, create_msg({"human", "human", "human", "bot"}));
  id = (*last_of(h.inbox[1], "table"))["table"];
  h.hello(2, "Bea");
  CHECK(error_code(h.send(2, json{{"type", "join"}, {"table", id}, {"seat", 1}})).empty());
  CHECK(error_code(h.send(1, json{{"type", "leave"}, {"table", id}})).empty());
  CHECK(json::parse(h.handler.lobby())["tables"].size() == 1);
  h.hello(3, "Cris");
  CHECK(error_code(h.send(3, json{{"type", "join"}, {"table", id}, {"seat", 0}})).empty());
  r = h.send(1, json{{"type", "join"}, {"table", id}});  // seat 2, the last: the match starts
  REQUIRE(last_of(r, "view") != nullptr);
  CHECK((*last_of(r, "view"))["seat"] == 2);
  h.send(1, json{{"type", "leave"}, {"table", id}});  // after the start: a bot plays seat 2
  h.hello(4, "Eve");
  h.send(4, json{{"type", "watch"}, {"table", id}});
  CHECK(error_code(h.send(4, json{{"type", "leave"}, {"table", id}})).empty());
  // Bea and Cris play on; the bot plays seat 2 to the end.
  for (int i = 0; i < 100000 && last_of(h.inbox[2], "match_over") == nullptr; ++i) {
    play_views(h, 2, id, 1);
    play_views(h, 3, id, 1);
  }
  CHECK(last_of(h.inbox[2], "match_over") != nullptr);
  CHECK(h.handler.replay_transcript(id));
}

TEST_CASE("a restart rebuilds unfinished matches from the store, the match ends as "
          "without the restart") {
  const auto db = std::filesystem::temp_directory_path() / ("mus_server_test_restore_" + std::to_string(::getpid()) + ".sqlite3");
  for (const char* ext : {"", "-wal", "-shm"}) std::filesystem::remove(db.string() + ext);
  std::string token, id;
  int seq_before = 0;
  {
    Harness h(relaxed(), 5, db.string());
    token = h.hello(1, "Ana")["token"];
    h.send(1, create_msg({"human", "bot", "human", "bot"}));
    id = (*last_of(h.inbox[1], "table"))["table"];
    h.hello(2, "Bea");
    h.send(2, json{{"type", "join"}, {"table", id}});
    play_views(h, 1, id, 3);
    play_views(h, 2, id, 3);
    seq_before = (*last_of(h.inbox[1], "view"))["seq"].get<int>();
  }
  Harness h(relaxed(), 5, db.string());
  CHECK(h.handler.restore(h.now).empty());
  CHECK(h.handler.table_count() == 1);
  h.open(1);
  auto r = h.send(1, json{{"type", "hello"}, {"v", 1}, {"token", token}});
  REQUIRE(last_of(r, "view") != nullptr);
  CHECK((*last_of(r, "view"))["seq"].get<int>() >= seq_before);
  for (int round = 0; round < 10000 && last_of(h.inbox[1], "match_over") == nullptr; ++round) {
    // Bea resumes too (by her connection 2's player); both play until the end.
    if (round == 0) {
      h.open(2);
    }
    play_views(h, 1, id, 1);
    h.tick();
    h.now += 61000;  // Bea never resumes: after the grace window a bot plays her seat
  }
  CHECK(last_of(h.inbox[1], "match_over") != nullptr);
  CHECK(h.handler.replay_transcript(id));
  for (const char* ext : {"", "-wal", "-shm"}) std::filesystem::remove(db.string() + ext);
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

namespace {

// The SQLite store, made to fail its next appends on demand (a full disk, say).
class FlakyStore final : public Store {
 public:
  SqliteStore real{":memory:", Durability::normal};
  int failures = 0;  // appends still to refuse
  void put_player(const PlayerRecord& p) override { real.put_player(p); }
  void create_table(const TableRecord& t) override { real.create_table(t); }
  void set_seat(const std::string& t, int s, const std::string& p) override { real.set_seat(t, s, p); }
  void append_actions(const std::string& t, std::size_t first, const std::vector<std::string>& a,
                      bool finishes) override {
    if (failures > 0) {
      --failures;
      throw StoreError("disk full");
    }
    real.append_actions(t, first, a, finishes);
  }
  void close_table(const std::string& t) override { real.close_table(t); }
  std::vector<PlayerRecord> load_players() override { return real.load_players(); }
  std::vector<TableRecord> load_unfinished() override { return real.load_unfinished(); }
  std::optional<TableRecord> load_table(const std::string& id) override { return real.load_table(id); }
};

}  // namespace

TEST_CASE("an action the store refuses is not applied and nobody sees it (store_failed)") {
  FlakyStore store;
  Handler h(store, Limits{}, os_random_bytes, 3);
  std::int64_t now = 0;
  h.open(1, now);
  (void)h.message(1, json{{"type", "hello"}, {"v", 1}, {"name", "Ana"}}.dump(), now);
  auto out = h.message(1, create_msg({"human", "bot", "bot", "bot"}).dump(), now);
  json view;
  for (const auto& o : out)
    if (json::parse(o.text)["type"] == "view") view = json::parse(o.text);
  REQUIRE(view.is_object());
  const std::string id = view["table"];
  const json act = {{"type", "act"}, {"table", id}, {"action", view["legal"][0]["id"]}, {"seq", view["seq"]}};
  store.failures = 1;
  out = h.message(1, act.dump(), now);
  REQUIRE(out.size() == 1);
  CHECK(json::parse(out[0].text)["code"] == "store_failed");
  CHECK(store.real.load_table(id)->actions.size() == view["seq"].get<std::size_t>());
  // The table did not move: the same act, retried, is accepted.
  out = h.message(1, act.dump(), now);
  bool moved = false;
  for (const auto& o : out) {
    const json m = json::parse(o.text);
    CHECK(m["type"] != "error");
    if (m["type"] == "view") moved = m["seq"].get<std::size_t>() > view["seq"].get<std::size_t>();
  }
  CHECK(moved);
  CHECK(store.real.load_table(id)->actions.size() > view["seq"].get<std::size_t>());
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

namespace {

// Every card a message names: card texts among its strings (words of action texts too), the
// card ids of its `..._ids` arrays, and the cards of a view text (mus-view/3), read back with
// the library.
void cards_in(const json& j, std::set<std::string>& out) {
  if (j.is_object()) {
    for (const auto& [key, x] : j.items()) {
      const bool ids = key.size() > 4 && key.compare(key.size() - 4, 4, "_ids") == 0;
      if (ids && x.is_array()) {
        for (const auto& id : x)
          if (id.is_number_integer() && id.get<std::int64_t>() >= 0 &&
              id.get<std::int64_t>() < mus::deck_size)
            out.insert(mus::to_string(mus::Card::from_id_unchecked(id.get<std::uint8_t>())));
      } else {
        cards_in(x, out);
      }
    }
    return;
  }
  if (j.is_array()) {
    for (const auto& x : j) cards_in(x, out);
    return;
  }
  if (!j.is_string()) return;
  const std::string s = j.get<std::string>();
  if (s.rfind("mus-view/", 0) == 0) {
    const auto v = mus::view_from_text(s);
    REQUIRE(v);
    for (auto c : v->hand)
      if (c < mus::deck_size) out.insert(mus::to_string(mus::Card::from_id_unchecked(c)));
    for (auto c : v->last.shown)
      if (c < mus::deck_size) out.insert(mus::to_string(mus::Card::from_id_unchecked(c)));
    return;
  }
  std::size_t a = 0;
  while (a <= s.size()) {
    const std::size_t b = std::min(s.find(' ', a), s.size());
    const std::string word = s.substr(a, b - a);
    if (word.size() == 2) {
      if (const auto c = mus::parse_card(word)) out.insert(mus::to_string(*c));
    }
    a = b + 1;
  }
}

// What a seat (0..3) or a spectator (-1) may know at each seq of a match: for a seat, every
// card it has held so far; for everyone, the cards shown at the count (R28a).
std::vector<std::set<std::string>> knowable(const std::vector<mus::State>& states, int seat) {
  std::vector<std::set<std::string>> out;
  std::set<std::string> known;
  for (const auto& s : states) {
    if (seat >= 0) {
      for (auto c : mus::view_of(s, seat).hand)
        if (c < mus::deck_size) known.insert(mus::to_string(mus::Card::from_id_unchecked(c)));
    }
    for (auto c : s.last.shown)
      if (c < mus::deck_size) known.insert(mus::to_string(mus::Card::from_id_unchecked(c)));
    out.push_back(known);
  }
  return out;
}

// The cards of a message that its receiver may not know at its seq.
std::set<std::string> leaks(const json& m, const std::vector<std::set<std::string>>& allowed) {
  std::set<std::string> named, bad;
  cards_in(m, named);
  const auto seq = m.value("seq", std::size_t{0});
  const auto& ok = allowed.at(std::min(seq, allowed.size() - 1));
  for (const auto& c : named)
    if (ok.count(c) == 0) bad.insert(c);
  return bad;
}

}  // namespace

TEST_CASE("hidden information: over whole matches no seat and no spectator receives a card it "
          "may not see, and a planted leak is found") {
  int scanned = 0;
  for (const char* rules : {"standard target=15", "online target=15", "basque target=15",
                            "spain target=15 zero_discard=1"}) {
    Harness h(relaxed(), 100 + static_cast<std::uint64_t>(scanned));
    for (const ConnId c : {ConnId{1}, ConnId{2}, ConnId{3}, ConnId{4}})
      h.hello(c, std::string(1, static_cast<char>('A' + c)));
    h.send(1, json{{"type", "create"}, {"rules", rules}, {"seats", {"human", "human", "human", "human"}},
                   {"seat", 0}});
    const std::string id = (*last_of(h.inbox[1], "table"))["table"];
    h.hello(5, "Spectator");
    h.send(5, json{{"type", "watch"}, {"table", id}});
    for (ConnId c = 2; c <= 4; ++c)
      h.send(c, json{{"type", "join"}, {"table", id}, {"seat", static_cast<int>(c) - 1}});
    for (int round = 0; round < 20000 && last_of(h.inbox[5], "match_over") == nullptr; ++round)
      for (ConnId c = 1; c <= 4; ++c) play_views(h, c, id, 1);
    REQUIRE(last_of(h.inbox[5], "match_over") != nullptr);
    // Every state of the match, from its transcript.
    const auto text = h.handler.replay_transcript(id);
    REQUIRE(text);
    std::vector<mus::State> states;
    const auto r = mus::parse_rules(rules);
    REQUIRE(r);
    std::vector<std::string> actions;
    std::size_t at = 0;
    while ((at = text->find("\naction ", at)) != std::string::npos) {
      at += 8;
      actions.push_back(text->substr(at, text->find('\n', at) - at));
    }
    const auto dealer_at = text->find("\ndealer ") + 8;
    const int dealer = (*text)[dealer_at] - '0';
    mus::State s = *mus::new_match(*r, dealer);
    states.push_back(s);
    for (const auto& a : actions) {
      REQUIRE(mus::apply_in_place(s, *mus::action_from_text(a)) == mus::Errc::ok);
      states.push_back(s);
    }
    for (int seat = -1; seat < 4; ++seat) {
      const auto allowed = knowable(states, seat);
      const ConnId c = seat < 0 ? 5 : static_cast<ConnId>(seat + 1);
      for (const auto& m : h.all[c]) {
        const auto bad = leaks(m, allowed);
        INFO("seat " << seat << " " << m.dump().substr(0, 300));
        CHECK(bad.empty());
        ++scanned;
      }
    }
    // A planted leak: another seat's card in seat 0's view, and a seat's card in the spectator's.
    bool planted_one = false;
    for (const auto& m : h.all[1]) {
      if (m["type"] != "view" || m["seq"].get<std::size_t>() >= states.size()) continue;
      const auto& st = states[m["seq"].get<std::size_t>()];
      if (st.phase == mus::Phase::shuffle) continue;
      const auto allowed0 = knowable(states, 0);
      std::string foreign;
      for (auto c : mus::view_of(st, 1).hand) {
        if (c >= mus::deck_size) continue;
        const std::string t = mus::to_string(mus::Card::from_id_unchecked(c));
        if (allowed0.at(m["seq"].get<std::size_t>()).count(t) == 0) foreign = t;
      }
      if (foreign.empty()) continue;
      json planted = m;
      planted["view"]["hand"][0] = foreign;
      CHECK(leaks(planted, allowed0) == std::set<std::string>{foreign});
      json planted_id = m;
      planted_id["view"]["hand_ids"][0] = mus::parse_card(foreign)->id();
      CHECK(leaks(planted_id, allowed0) == std::set<std::string>{foreign});
      json hint = m;
      hint["events"].push_back({{"server", "note"}, {"words", json::array({"1", "discard", foreign})}});
      CHECK_FALSE(leaks(hint, allowed0).empty());
      json spectator = m;
      spectator.erase("text");
      CHECK_FALSE(leaks(spectator, knowable(states, -1)).empty());  // seat 0's own cards
      planted_one = true;
      break;
    }
    CHECK(planted_one);
  }
  CHECK(scanned > 400);
}

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

TEST_CASE("JsonOut writes JSON that reads back: nesting, commas, numbers, escapes") {
  std::string text;
  JsonOut o(text);
  const std::string tricky = std::string("a\"b\\c\nd\te") + '\x01' + "f\xc3\xb1";
  o.begin_object()
      .key("s").value(tricky)
      .key("lit").value("view")
      .key("n").value(std::int64_t{-42})
      .key("b").value(false)
      .key("z").null()
      .key("a").numbers(std::array<std::uint8_t, 3>{1, 2, 255})
      .key("e").begin_array().end_array()
      .key("o").begin_object().key("x").begin_array().begin_object().end_object().null()
      .end_array().end_object()
      .end_object();
  const auto j = nlohmann::json::parse(text);
  CHECK(j["s"] == tricky);
  CHECK(j["lit"] == "view");
  CHECK(j["n"] == -42);
  CHECK(j["b"] == false);
  CHECK(j["z"].is_null());
  CHECK(j["a"] == nlohmann::json::array({1, 2, 255}));
  CHECK(j["e"].empty());
  CHECK(j["o"]["x"].size() == 2);
  CHECK(j.size() == 8);
}
