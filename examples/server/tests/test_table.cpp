// The table unit (table.hpp), through the handler: seats, the seq of each act, views, whole
// matches against bots, the clock, the grace window, leaving, a restart, a failing store.
#include <unistd.h>

#include <array>
#include <cmath>
#include <filesystem>
#include <set>
#include <string>
#include <vector>

#include "harness.hpp"
#include "replay.hpp"

using namespace mus_server_test;

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
  CHECK(error_code(
            h.send(other, json{{"type", "act"}, {"table", id}, {"action", id0}, {"seq", seq}})) ==
        "not_your_turn");
  CHECK(error_code(
            h.send(me, json{{"type", "act"}, {"table", id}, {"action", id0}, {"seq", seq - 1}})) ==
        "stale_seq");
  CHECK(error_code(h.send(me, json{{"type", "act"}, {"table", id}, {"action", 0}, {"seq", seq}})) ==
        "illegal_action");  // the shuffle is never a seat's
  CHECK(
      error_code(h.send(me, json{{"type", "act"}, {"table", id}, {"action", 99}, {"seq", seq}})) ==
      "illegal_action");
  CHECK(error_code(h.send(me, json{{"type", "act"}, {"table", id}, {"action", id0}})) ==
        "missing_field");
  CHECK(error_code(
            h.send(me, json{{"type", "act"}, {"table", id}, {"action", "pass"}, {"seq", seq}})) ==
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

TEST_CASE("a person plays a whole match against three bots; its record is the library's "
          "match record, its page the match hand by hand") {
  Harness h;
  const json welcome = h.hello(1, "Ana");
  json create = create_msg({"human", "bot", "bot", "bot"});
  create["levels"] = {nullptr, "beginner", nullptr, nullptr};
  create["bots"] = {nullptr, nullptr, "careful", nullptr};
  h.send(1, create);
  const std::string id = (*last_of(h.inbox[1], "table"))["table"];
  const int played = play_views(h, 1, id);
  CHECK(played > 5);
  REQUIRE(last_of(h.inbox[1], "match_over") != nullptr);
  const json over_message = *last_of(h.inbox[1], "match_over");  // kept: the inbox changes
  const json* over = &over_message;
  CHECK(((*over)["winner"] == 0 || (*over)["winner"] == 1));
  CHECK((*over)["record"] == "/replays/" + id);
  CHECK((*over)["replay"] == (*over)["record"]);  // the older name
  CHECK((*over)["page"] == "/matches/" + id);
  CHECK(error_code(h.send(1, json{{"type", "act"}, {"table", id}, {"action", 1}, {"seq", 0}})) ==
        "match_over");
  CHECK(json::parse(h.handler.lobby())["tables"].empty());
  const auto text = h.handler.match_text(id, Handler::MatchText::record);
  REQUIRE(text);
  CHECK(text->rfind("mus-record 3\n# mus-server table " + id + "\nrules standard target=15\n"
                    "dealer ",
                    0) == 0);
  CHECK(text->ends_with("end over\n"));
  // The library reads it and replays it, each recorded state checked byte for byte.
  mus::MatchRecord record;
  REQUIRE(mus::parse_record(*text, record).ok());
  CHECK(record.version == 3);
  CHECK_FALSE(record.initial_state.empty());
  REQUIRE(record.steps.size() > 20);
  for (const auto& step : record.steps) CHECK_FALSE(step.state.empty());
  mus::State st{};
  REQUIRE(mus::replay(record, st).ok());
  CHECK(st.phase == mus::Phase::match_over);
  CHECK((*over)["winner"] == st.scores.match_winner);
  // The page: the match hand by hand, as mus-cli watch prints it, ending with the winner.
  const auto page = h.handler.match_text(id, Handler::MatchText::page);
  REQUIRE(page);
  CHECK(page->find("Hand 1") != std::string::npos);
  CHECK(page->size() > 1000);
  // The web page's data: each hand's events from its deal, and its count, hand by hand.
  const auto data = h.handler.match_text(id, Handler::MatchText::data);
  REQUIRE(data);
  const json match = json::parse(*data);
  CHECK(match["type"] == "match");
  CHECK(match["table"] == id);
  CHECK(match["rules"] == "standard target=15");
  // Who played, as the lobby lists seats (the page names them so): Ana by her name, each bot
  // by its level where one was chosen, else by its kind; the levels as welcome lists them.
  const json& seats = match["seats"];
  REQUIRE(seats.size() == 4);
  CHECK(seats[0]["kind"] == "human");
  CHECK(seats[0]["player"] == "Ana");
  CHECK(seats[0]["player_id"] == welcome["player"]);
  for (std::size_t s = 1; s < 4; ++s) CHECK(seats[s]["kind"] == "bot");
  CHECK(seats[1]["level"] == "beginner");
  CHECK(seats[1]["bot"] == mus::bot_kind_name(mus::level_config(mus::Level::beginner).kind));
  CHECK_FALSE(seats[2].contains("level"));
  CHECK(seats[2]["bot"] == "careful");
  CHECK(seats[3]["bot"] == "heuristic");
  REQUIRE(match["levels"].size() == mus::levels.size());
  CHECK(match["levels"][1]["id"] == "amateur");
  CHECK(match["levels"][1]["name"] == "aficionado");
  const json& hands = match["hands"];
  REQUIRE(hands.size() == st.last.number);
  std::size_t events = 0;
  for (std::size_t i = 0; i < hands.size(); ++i) {
    REQUIRE_FALSE(hands[i]["events"].empty());
    CHECK(hands[i]["events"][0]["kind"] == static_cast<int>(mus::EventKind::deal));
    CHECK(hands[i]["events"][0]["amount"] == i + 1);
    CHECK(hands[i]["count"]["number"] == i + 1);
    CHECK(hands[i]["count"]["lances"].size() == 4);
    events += hands[i]["events"].size();
  }
  CHECK(hands.back()["events"].back()["kind"] == static_cast<int>(mus::EventKind::match));
  CHECK(hands.back()["count"]["score_after"] == json(st.last.score_after));
  CHECK(events > hands.size() * 10);
  CHECK_FALSE(h.handler.match_text("tnothere", Handler::MatchText::record));
  CHECK_FALSE(h.handler.match_text("tnothere", Handler::MatchText::page));
  CHECK_FALSE(h.handler.match_text("tnothere", Handler::MatchText::data));
}

TEST_CASE("the same test seed and the same choices give the same match") {
  std::string first;
  for (int run = 0; run < 2; ++run) {
    Harness h(relaxed(), 77);
    h.hello(1, "Ana");
    h.send(1, create_msg({"human", "bot", "bot", "bot"}));
    const std::string id = (*last_of(h.inbox[1], "table"))["table"];
    play_views(h, 1, id);
    auto text = h.handler.match_text(id, Handler::MatchText::record);
    REQUIRE(text);
    const std::string body = text->substr(text->find("\nrules "));  // without the id line
    if (run == 0) first = body;
    else CHECK(body == first);
  }
}

TEST_CASE("create takes a bot kind per bot seat: the table shows it, the bot plays it, a "
          "restart keeps it (and a level), and unknown kinds are refused") {
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
  CHECK(create({nullptr, "search"}) == "bad_value");  // a wrong length
  CHECK(create({nullptr, "search", nullptr, nullptr, nullptr}) == "bad_value");
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
    const auto text = m.handler.match_text(id, Handler::MatchText::record);
    REQUIRE(text);
    return text->substr(text->find("\nrules "));  // without the id line
  };
  const std::string by_default = match(nullptr);
  CHECK(match({nullptr, "heuristic", "heuristic", "heuristic"}) == by_default);
  CHECK(match({nullptr, "random", "random", "random"}) != by_default);

  // A restart keeps each seat's kind or level (they are stored with the table's settings).
  const auto db = std::filesystem::temp_directory_path() /
                  ("mus_server_test_bot_kinds_" + std::to_string(::getpid()) + ".sqlite3");
  for (const char* ext : {"", "-wal", "-shm"}) std::filesystem::remove(db.string() + ext);
  std::string token;
  {
    Harness a(relaxed(), 5, db.string());
    token = a.hello(1, "Ana")["token"];
    json msg = create_msg({"human", "bot", "human", "bot"});
    msg["bots"] = {nullptr, "tight", nullptr, nullptr};
    msg["levels"] = {nullptr, nullptr, nullptr, "aficionado"};
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
    CHECK_FALSE((*rt)["seats"][1].contains("level"));
    CHECK((*rt)["seats"][3]["bot"] == "amateur");
    CHECK((*rt)["seats"][3]["level"] == "amateur");
  }
  for (const char* ext : {"", "-wal", "-shm"}) std::filesystem::remove(db.string() + ext);
}

TEST_CASE("create takes a level per bot seat: the welcome lists the library's levels, the "
          "table and the lobby show the level") {
  Harness h;
  const json w = h.hello(1, "Ana");
  REQUIRE(w["levels"].size() == mus::levels.size());
  for (std::size_t i = 0; i < mus::levels.size(); ++i) {
    const mus::Level l = mus::levels[i];
    CHECK(w["levels"][i]["id"] == std::string(mus::level_id(l)));
    CHECK(w["levels"][i]["name"] == std::string(mus::level_display_name(l)));
    CHECK(w["levels"][i]["bot"] == std::string(mus::bot_kind_name(mus::level_config(l).kind)));
  }
  const auto create = [&](const json& levels) {
    json m = create_msg({"human", "bot", "human", "bot"});
    m["levels"] = levels;
    return error_code(h.send(1, m));
  };
  CHECK(create({nullptr, "grandmaster", nullptr, nullptr}) == "bad_value");
  CHECK(create({"club", nullptr, nullptr, nullptr}) == "bad_value");  // a human seat
  CHECK(h.handler.table_count() == 0);
  CHECK(create({nullptr, "jugador de club", nullptr, "expert"}).empty());
  const json* t = last_of(h.inbox[1], "table");
  REQUIRE(t != nullptr);
  CHECK((*t)["seats"][1]["level"] == "club");
  CHECK((*t)["seats"][1]["bot"] == "heuristic");
  CHECK((*t)["seats"][3]["level"] == "expert");
  CHECK((*t)["seats"][3]["bot"] == "expert");
  CHECK_FALSE((*t)["seats"][0].contains("level"));
  const json lobby = json::parse(h.handler.lobby())["tables"][0]["seats"];
  CHECK(lobby[1]["level"] == "club");
  CHECK(lobby[3]["level"] == "expert");
}

TEST_CASE("each bot seat decides as the library's bot of its kind or level, a person's seat "
          "as the heuristic") {
  // Ana leaves her seat as soon as the match starts: from then on the heuristic plays it, and
  // the bot seats their own kinds. Every decision of the stored match is checked against the
  // library's bot of the seat's kind, with the seed the server gives that decision.
  Harness h;
  h.hello(1, "Ana");
  json msg = create_msg({"human", "bot", "bot", "bot"});
  msg["bots"] = {nullptr, "random", "tight", nullptr};
  msg["levels"] = {nullptr, nullptr, nullptr, "aficionado"};  // a level: its configuration
  h.send(1, msg);
  const std::string id = (*last_of(h.inbox[1], "table"))["table"];
  REQUIRE(error_code(h.send(1, json{{"type", "leave"}, {"table", id}})).empty());
  const auto r = h.store.load_table(id);
  REQUIRE(r);
  REQUIRE(r->finished);
  const std::array<mus::BotConfig, 4> configs{
      mus::BotConfig{mus::BotKind::heuristic, 0, 0}, mus::BotConfig{mus::BotKind::random, 0, 0},
      mus::BotConfig{mus::BotKind::tight, 0, 0}, mus::level_config(mus::Level::amateur)};
  mus::State s = *mus::new_match(*mus::parse_rules("standard target=15 vacas=1"), r->dealer);
  std::array<int, 4> decisions{};
  for (std::size_t i = 0; i < r->actions.size(); ++i) {
    if (s.phase != mus::Phase::shuffle) {
      const int seat = s.to_act;
      const auto chosen = mus::bot_choose(s, seat, configs[static_cast<std::size_t>(seat)],
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
  h.send(1, json{{"type", "create"},
                 {"seats", {"human", "bot", "bot", "bot"}},
                 {"seat", 0},
                 {"clock", 2}});
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
  CHECK(std::any_of(log.begin(), log.end(), [](const std::string& l) {
    return l.find("ran out of time") != std::string::npos;
  }));
}

TEST_CASE("a dropped person keeps the seat for the grace window, then a bot plays it "
          "until the person resumes with the token") {
  Limits l = relaxed();
  l.grace_seconds = 10;
  Harness h(l);
  const std::string token = h.hello(1, "Ana")["token"];
  h.send(1, json{{"type", "create"},
                 {"seats", {"human", "human", "bot", "bot"}},
                 {"seat", 0},
                 {"clock", 600}});
  const std::string id = (*last_of(h.inbox[1], "table"))["table"];
  h.hello(5, "Bea");
  h.send(5, json{{"type", "join"}, {"table", id}, {"seat", 1}});
  // Play until it is Ana's turn, then Ana drops.
  for (int i = 0; i < 50 && (*last_of(h.inbox[1], "view"))["legal"].empty(); ++i)
    play_views(h, 5, id, 1);
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
  CHECK(std::any_of(log.begin(), log.end(), [](const std::string& x) {
    return x.find("the bot plays it") != std::string::npos;
  }));
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
  CHECK_FALSE(h.handler.match_text(id, Handler::MatchText::record));  // no match was played
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
  CHECK(h.handler.match_text(id, Handler::MatchText::record));
}

TEST_CASE("a restart rebuilds unfinished matches from the store, the match ends as "
          "without the restart") {
  const auto db = std::filesystem::temp_directory_path() /
                  ("mus_server_test_restore_" + std::to_string(::getpid()) + ".sqlite3");
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
  CHECK(h.handler.match_text(id, Handler::MatchText::record));
  for (const char* ext : {"", "-wal", "-shm"}) std::filesystem::remove(db.string() + ext);
}

namespace {

// The SQLite store, made to fail its next appends on demand (a full disk, say).
class FlakyStore final : public Store {
 public:
  SqliteStore real{":memory:", Durability::normal};
  int failures = 0;  // appends still to refuse
  void put_player(const PlayerRecord& p) override { real.put_player(p); }
  void set_friend(const std::string& p, const std::string& o, bool on) override {
    real.set_friend(p, o, on);
  }
  void create_table(const TableRecord& t) override { real.create_table(t); }
  void set_seat(const std::string& t, int s, const std::string& p) override {
    real.set_seat(t, s, p);
  }
  void append_actions(const std::string& t, std::size_t first, const std::vector<std::string>& a,
                      const MatchEnd* end) override {
    if (failures > 0) {
      --failures;
      throw StoreError("disk full");
    }
    real.append_actions(t, first, a, end);
  }
  void append_chat(const std::string& t, const ChatLine& line) override {
    if (chat_failures > 0) {
      --chat_failures;
      throw StoreError("disk full");
    }
    real.append_chat(t, line);
  }
  int chat_failures = 0;  // chat lines still to refuse
  void close_table(const std::string& t) override { real.close_table(t); }
  std::vector<PlayerRecord> load_players() override { return real.load_players(); }
  std::vector<TableRecord> load_unfinished() override { return real.load_unfinished(); }
  std::optional<TableRecord> load_table(const std::string& id) override {
    return real.load_table(id);
  }
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
    if (json::parse(*o.text)["type"] == "view") view = json::parse(*o.text);
  REQUIRE(view.is_object());
  const std::string id = view["table"];
  const json act = {
      {"type", "act"}, {"table", id}, {"action", view["legal"][0]["id"]}, {"seq", view["seq"]}};
  store.failures = 1;
  out = h.message(1, act.dump(), now);
  REQUIRE(out.size() == 1);
  CHECK(json::parse(*out[0].text)["code"] == "store_failed");
  CHECK(store.real.load_table(id)->actions.size() == view["seq"].get<std::size_t>());
  // The table did not move: the same act, retried, is accepted.
  out = h.message(1, act.dump(), now);
  bool moved = false;
  for (const auto& o : out) {
    const json m = json::parse(*o.text);
    CHECK(m["type"] != "error");
    if (m["type"] == "view") moved = m["seq"].get<std::size_t>() > view["seq"].get<std::size_t>();
  }
  CHECK(moved);
  CHECK(store.real.load_table(id)->actions.size() > view["seq"].get<std::size_t>());
  // A chat line the store refuses is not sent, and takes no number.
  store.chat_failures = 1;
  const json line = {{"type", "chat"}, {"table", id}, {"text", "hola"}};
  out = h.message(1, line.dump(), now);
  REQUIRE(out.size() == 1);
  CHECK(json::parse(*out[0].text)["code"] == "store_failed");
  out = h.message(1, line.dump(), now);
  REQUIRE(out.size() == 1);
  CHECK(json::parse(*out[0].text)["n"] == 1);
  CHECK(store.real.load_table(id)->chat.size() == 1);
}

namespace {

// The table's state at `seq`, rebuilt from its stored actions.
mus::State state_at(Harness& h, const std::string& table, const std::string& rules,
                    std::size_t seq) {
  const auto r = h.store.load_table(table);
  REQUIRE(r);
  REQUIRE(seq <= r->actions.size());
  const std::vector<std::string> actions(r->actions.begin(),
                                         r->actions.begin() + static_cast<std::ptrdiff_t>(seq));
  mus::State s{};
  REQUIRE(replay(*mus::parse_rules(rules), r->dealer, actions, s).empty());
  return s;
}

// A table of two people (connection 1 at seat 0, connection 2 at `bea`: 1 an opponent, 2 the
// partner) and two bots, started, with a spectator (connection 3). Returns the table id.
std::string two_people(Harness& h, const char* rules, int bea = 1) {
  h.hello(1, "Ana");
  h.hello(2, "Bea");
  h.hello(3, "Eve");
  json seats = {"human", "bot", "bot", "bot"};
  seats[static_cast<std::size_t>(bea)] = "human";
  h.send(1, json{{"type", "create"}, {"rules", rules}, {"seats", seats}, {"seat", 0},
                 {"clock", 600}});
  const std::string id = (*last_of(h.inbox[1], "table"))["table"];
  h.send(3, json{{"type", "watch"}, {"table", id}});
  h.send(2, json{{"type", "join"}, {"table", id}, {"seat", bea}});
  return id;
}

// Plays one decision of whichever person is to act; false when neither is.
bool step_once(Harness& h, const std::string& id) {
  for (ConnId c : {ConnId{1}, ConnId{2}})
    if (play_views(h, c, id, 1) > 0) return true;
  return false;
}

std::vector<std::string> names_allowed(const mus::State& s, int seat) {
  std::vector<std::string> out;
  for (int k = 0; k < mus::signal_count; ++k)
    if (s.signal_allowed(seat, static_cast<mus::Signal>(k)))
      out.emplace_back(mus::signal_name(static_cast<mus::Signal>(k)));
  return out;
}

bool has_signal_event(const json& view, int seat, mus::Signal sig) {
  for (const auto& e : view["events"])
    if (e.value("kind", 0) == static_cast<int>(mus::EventKind::signal) && e["seat"] == seat &&
        e["value"] == static_cast<int>(sig))
      return true;
  return false;
}

}  // namespace

TEST_CASE("views: each legal action's kind, amount, signal and cards are the library's; "
          "bet limits and gestures are the state's") {
  const char* rules = "standard target=40";
  std::set<std::string> kinds;
  int checked = 0, with_limits = 0, with_gestures = 0;
  // Matches of two people and two bots, until every kind of action was listed.
  for (std::uint64_t seed = 11; seed < 31 && (kinds.size() < 6 || checked < 300); ++seed) {
    Harness h(relaxed(), seed);
    const std::string id = two_people(h, rules);
    for (int round = 0; round < 3000 && last_of(h.inbox[1], "match_over") == nullptr; ++round) {
      for (ConnId c : {ConnId{1}, ConnId{2}, ConnId{3}}) {
        const json* v = last_of(h.inbox[c], "view");
        if (v == nullptr) continue;
        const int seat = (*v)["seat"];
        const mus::State s = state_at(h, id, rules, (*v)["seq"].get<std::size_t>());
        for (const auto& l : (*v)["legal"]) {
          const auto a = mus::action_from_text(l["text"].get<std::string>());
          REQUIRE(a);
          CHECK(l["kind"] == std::string(mus::action_kind_name(a->kind)));
          kinds.insert(l["kind"]);
          if (a->kind == mus::ActionKind::bet) CHECK(l["amount"] == a->amount);
          if (a->kind == mus::ActionKind::signal)
            CHECK(l["signal"] ==
                  std::string(mus::signal_name(static_cast<mus::Signal>(a->amount))));
          if (a->kind == mus::ActionKind::discard) {
            std::uint64_t mask = 0;
            for (const auto& card : l["cards"]) mask |= std::uint64_t{1} << card.get<int>();
            CHECK(mask == a->cards);
          }
        }
        const auto& limits = (*v)["bet_limits"];
        if (seat >= 0 && s.to_act == seat && mus::min_bet(s) > 0) {
          REQUIRE(limits.is_object());
          CHECK(limits["min"] == mus::min_bet(s));
          CHECK(limits["max"] == mus::max_bet(s));
          CHECK(limits["game"] == s.rules.target - s.scores.points[mus::team_of(seat) & 1] -
                                      (s.bet.open != 0 ? s.bet.proposed : 0));
          ++with_limits;
        } else {
          CHECK(limits.is_null());
        }
        const auto expected = seat >= 0 ? names_allowed(s, seat) : std::vector<std::string>{};
        CHECK((*v)["gestures"] == json(expected));
        if (!expected.empty()) ++with_gestures;
        ++checked;
      }
      if (!step_once(h, id)) h.tick();
    }
    REQUIRE(last_of(h.inbox[1], "match_over") != nullptr);
  }
  CHECK(checked >= 300);
  CHECK(with_limits > 5);
  CHECK(with_gestures > 5);
  for (const char* k : {"mus", "cut", "discard", "pass", "bet", "ordago"}) {
    INFO(k);
    CHECK(kinds.count(k) == 1);
  }
}

TEST_CASE("hello.tips: the seat to act whose person asked gets the library's tips, field "
          "for field; nobody else gets any") {
  const char* rules = "standard target=40";
  std::set<std::string> kinds;
  int with_tips = 0;
  for (std::uint64_t seed = 5; seed < 8; ++seed) {
    Harness h(relaxed(), seed);
    h.hello(1, "Ana", true);  // asks for tips
    h.hello(2, "Bea");        // does not
    h.hello(3, "Eve", true);  // a spectator who asks: spectators get none
    h.send(1, json{{"type", "create"}, {"rules", rules}, {"seats", {"human", "human", "bot", "bot"}},
                   {"seat", 0}, {"clock", 600}});
    const std::string id = (*last_of(h.inbox[1], "table"))["table"];
    h.send(3, json{{"type", "watch"}, {"table", id}});
    h.send(2, json{{"type", "join"}, {"table", id}, {"seat", 1}});
    for (int round = 0; round < 3000 && last_of(h.inbox[1], "match_over") == nullptr; ++round) {
      for (ConnId c : {ConnId{1}, ConnId{2}, ConnId{3}}) {
        const json* v = last_of(h.inbox[c], "view");
        if (v == nullptr) continue;
        if (c != 1 || (*v)["legal"].empty()) {
          CHECK_FALSE(v->contains("tips"));
          continue;
        }
        REQUIRE(v->contains("tips"));
        const mus::State st = state_at(h, id, rules, (*v)["seq"].get<std::size_t>());
        const auto expected = mus::tips(st, 0);
        REQUIRE(expected);
        const json& got = (*v)["tips"];
        REQUIRE(got.size() == expected->size);
        for (std::size_t i = 0; i < expected->size; ++i) {
          const mus::Tip& t = expected->items[i];
          const json& g = got[i];
          INFO(g.dump());
          CHECK(g["kind"] == std::string(mus::tip_kind_name(t.kind)));
          kinds.insert(g["kind"]);
          CHECK(g["score"] == json{t.score[0], t.score[1]});
          CHECK(g["count"] == t.count);
          CHECK(g["amount"] == t.amount);
          for (std::size_t k = 0; k < 4; ++k) CHECK(g["hand_ids"][k] == t.hand[k].id());
          CHECK(g["value"] == t.eval.value);
          if (t.lance >= 0)
            CHECK(g["lance"] == std::string(mus::lance_name(static_cast<mus::Lance>(t.lance))));
          else
            CHECK_FALSE(g.contains("lance"));
          if (t.action != mus::no_tip_action)
            CHECK(g["action"]["text"] == mus::action_to_text(t.action));
          else
            CHECK_FALSE(g.contains("action"));
          if (t.kind == mus::TipKind::search_choice) {
            CHECK(std::abs(g["points"].get<double>() - t.points) < 0.006);  // two decimals
          }
          ++with_tips;
        }
      }
      if (!step_once(h, id)) h.tick();
    }
    REQUIRE(last_of(h.inbox[1], "match_over") != nullptr);
  }
  CHECK(with_tips > 50);
  CHECK(kinds.size() >= 5);
  for (const char* k : {"search_choice", "club_cut", "club_mus"}) {
    INFO(k);
    CHECK(kinds.count(k) == 1);
  }
}

TEST_CASE("tips apart: the view goes out at once and a view of the same seq with the tips "
          "follows; tips of a seq gone by are dropped; the tips message turns them off and on") {
  const char* rules = "standard target=40";
  InlineRuntime rt(false);  // bots and tips wait for run_thinking(), as on the bots' threads
  Harness h(relaxed(), 6, ":memory:", &rt);
  h.hello(1, "Ana", true);  // asks for tips
  h.hello(2, "Bea");        // does not
  h.send(1, json{{"type", "create"}, {"rules", rules}, {"seats", {"human", "human", "bot", "bot"}},
                 {"seat", 0}, {"clock", 600}});
  const std::string id = (*last_of(h.inbox[1], "table"))["table"];
  h.send(2, json{{"type", "join"}, {"table", id}, {"seat", 1}});
  CHECK(error_code(h.send(1, json{{"type", "tips"}})) == "missing_field");
  const auto act = [&](ConnId c, const json& v) {
    const auto seq = v["seq"].get<std::uint64_t>();
    const auto& legal = v["legal"];
    REQUIRE(error_code(h.send(c, json{{"type", "act"}, {"table", id}, {"seq", seq},
                                      {"action", legal[seq % legal.size()]["id"]}}))
                .empty());
  };
  const auto tips_sent = [&](std::uint64_t seq) {  // views of `seq` to Ana with tips
    return std::count_if(h.all[1].begin(), h.all[1].end(), [&](const json& m) {
      return m["type"] == "view" && m["seq"] == seq && m.contains("tips");
    });
  };
  int turns = 0, checked = 0, dropped = 0;
  bool off = false, done = false;
  for (int i = 0; i < 5000 && !done && last_of(h.all[1], "match_over") == nullptr; ++i) {
    const json a = *last_of(h.all[1], "view");
    const auto seq = a["seq"].get<std::uint64_t>();
    if (!a["legal"].empty() && !a.contains("tips")) {
      if (off) {
        // Tips off: none computed. Turned on at her turn: a view with them follows.
        REQUIRE(rt.thinking() == 0);
        REQUIRE(h.send(1, json{{"type", "tips"}, {"on", true}}).empty());
        REQUIRE(rt.thinking() == 1);
        h.take(rt.run_thinking(h.now));
        REQUIRE(tips_sent(seq) == 1);
        done = true;
        continue;
      }
      // Sent at once; her tips are the only thinking asked (no bot is to act).
      REQUIRE(rt.thinking() == 1);
      if (++turns % 3 == 0) {
        act(1, a);  // before the tips come: they are dropped
        REQUIRE(rt.run_thinking(h.now, 1).empty());
        CHECK(tips_sent(seq) == 0);
        ++dropped;
      } else {
        h.take(rt.run_thinking(h.now, 1));
        REQUIRE(tips_sent(seq) == 1);  // the last view now: the same seq, with the tips
      }
      continue;
    }
    if (!a["legal"].empty()) {
      const mus::State st = state_at(h, id, rules, seq);
      const auto expected = mus::tips(st, 0);
      REQUIRE(expected);
      REQUIRE(a["tips"].size() == expected->size);
      for (std::size_t k = 0; k < expected->size; ++k)
        CHECK(a["tips"][k]["kind"] == std::string(mus::tip_kind_name(expected->items[k].kind)));
      CHECK(a["events"].empty());  // the events went with the first view of this seq
      ++checked;
      if (checked >= 6 && dropped >= 2 && !off) {
        REQUIRE(h.send(1, json{{"type", "tips"}, {"on", false}}).empty());
        off = true;
      }
      act(1, a);
      continue;
    }
    const json b = *last_of(h.all[2], "view");
    CHECK_FALSE(b.contains("tips"));
    if (!b["legal"].empty()) {
      act(2, b);
    } else {
      REQUIRE(rt.thinking() > 0);  // a bot is to act
      h.take(rt.run_thinking(h.now, 1));
    }
  }
  CHECK(done);
  CHECK(checked >= 6);
  CHECK(dropped >= 2);
}

TEST_CASE("R24 R25 act.bet: any amount from the limits, on the ladder or not; a refused "
          "amount names its rule") {
  Harness h(relaxed(), 12);
  const char* rules = "standard target=40";
  const std::string id = two_people(h, rules);
  // Play until a person may bet with 11 (off the ladder: 10, 12 are on it) in reach.
  ConnId who = 0;
  json v;
  for (int i = 0; i < 2000 && who == 0; ++i) {
    for (ConnId c : {ConnId{1}, ConnId{2}}) {
      const json* w = last_of(h.inbox[c], "view");
      if (w != nullptr && (*w)["bet_limits"].is_object() && (*w)["bet_limits"]["min"] <= 11 &&
          (*w)["bet_limits"]["max"] >= 11) {
        who = c;
        v = *w;
      }
    }
    if (who == 0) REQUIRE(step_once(h, id));
  }
  REQUIRE(who != 0);
  const int seat = v["seat"];
  const auto seq = v["seq"].get<std::int64_t>();
  const int max = v["bet_limits"]["max"];
  const auto act = [&](const json& extra) {
    json m = {{"type", "act"}, {"table", id}, {"seq", seq}};
    m.update(extra);
    return h.send(who, m);
  };
  CHECK(error_code(act({{"bet", 11}, {"action", v["legal"][0]["id"]}})) == "bad_value");
  CHECK(error_code(act(json::object())) == "bad_value");
  CHECK(error_code(act({{"bet", "11"}})) == "wrong_type");
  CHECK(error_code(act({{"bet", 1LL << 40}})) == "bad_value");
  auto r = act({{"bet", max + 1}});
  REQUIRE(error_code(r) == "illegal_action");
  const std::string why = (*last_of(r, "error"))["message"];
  CHECK(why.rfind("R2", 0) == 0);  // the library's reason, naming its rule (R24..R27)
  r = act({{"bet", 0}});
  CHECK(error_code(r) == "illegal_action");
  CHECK((*last_of(r, "error"))["message"].get<std::string>().rfind("R2", 0) == 0);
  // Nothing changed; 11 is accepted and stored as the seat's bet.
  r = act({{"bet", 11}});
  REQUIRE(error_code(r).empty());
  const auto stored = h.store.load_table(id)->actions;
  CHECK(stored.at(static_cast<std::size_t>(seq)) == std::to_string(seat) + " bet 11");
  bool seen = false;
  for (const auto& e : (*last_of(h.inbox[3], "view"))["events"])
    seen = seen || (e.value("kind", 0) == static_cast<int>(mus::EventKind::bet) &&
                    e["seat"] == seat && e["amount"] == 11);
  CHECK(seen);  // the spectator sees the bet
}

TEST_CASE("R33 gesture: a seat signals out of its turn, everyone sees it, the seat to act "
          "keeps its seq (an opponent's or a partner's gesture); refusals name their rule") {
  // Bea an opponent of Ana (seat 1), then her partner (seat 2).
  for (const int bea : {1, 2}) {
    INFO("Bea at seat " << bea);
    Harness h(relaxed(), 13);
    const char* rules = "standard target=40";
    const std::string id = two_people(h, rules, bea);
    CHECK(
        error_code(h.send(3, json{{"type", "gesture"}, {"table", id}, {"signal", "two_kings"}})) ==
        "not_seated");
    CHECK(error_code(h.send(1, json{{"type", "gesture"}, {"table", id}, {"signal", "nonsense"}})) ==
          "bad_value");
    CHECK(error_code(h.send(1, json{{"type", "gesture"}, {"table", id}})) == "missing_field");
    CHECK(error_code(
              h.send(1, json{{"type", "gesture"}, {"table", "tnothere"}, {"signal", "ciego"}})) ==
          "unknown_table");
    // Play until the person NOT to act may make a signal.
    ConnId idle = 0, acting = 0;
    for (int i = 0; i < 2000 && idle == 0; ++i) {
      for (ConnId c : {ConnId{1}, ConnId{2}}) {
        const ConnId other = c == 1 ? 2 : 1;
        const json* w = last_of(h.inbox[c], "view");
        const json* o = last_of(h.inbox[other], "view");
        if (w != nullptr && o != nullptr && (*w)["legal"].empty() && !(*w)["gestures"].empty() &&
            !(*o)["legal"].empty() && (*o)["seq"] == (*w)["seq"]) {
          idle = c;
          acting = other;
        }
      }
      if (idle == 0) REQUIRE(step_once(h, id));
    }
    REQUIRE(idle != 0);
    const json before = *last_of(h.inbox[acting], "view");
    const json idle_view = *last_of(h.inbox[idle], "view");
    const int seat = idle_view["seat"];
    const std::string name = idle_view["gestures"][0];
    mus::Signal sig{};
    for (int k = 0; k < mus::signal_count; ++k)
      if (mus::signal_name(static_cast<mus::Signal>(k)) == name) sig = static_cast<mus::Signal>(k);
    // A signal the seat may not make now is refused with the library's reason.
    const mus::State s = state_at(h, id, rules, idle_view["seq"].get<std::size_t>());
    for (int k = 0; k < mus::signal_count; ++k) {
      const auto other = static_cast<mus::Signal>(k);
      if (s.signal_allowed(seat, other)) continue;
      const auto r = h.send(idle, json{{"type", "gesture"}, {"table", id},
                                       {"signal", std::string(mus::signal_name(other))}});
      REQUIRE(error_code(r) == "illegal_action");
      CHECK((*last_of(r, "error"))["message"].get<std::string>().rfind("R3", 0) == 0);  // R31, R33
    }
    // The gesture: out of turn, every seat and the spectator get a view with its event.
    for (ConnId c : {ConnId{1}, ConnId{2}, ConnId{3}}) h.inbox[c].clear();
    REQUIRE(error_code(h.send(idle, json{{"type", "gesture"}, {"table", id}, {"signal", name}}))
                .empty());
    for (ConnId c : {ConnId{1}, ConnId{2}, ConnId{3}}) {
      const json* w = last_of(h.inbox[c], "view");
      REQUIRE(w != nullptr);
      CHECK((*w)["seq"] == before["seq"].get<int>() + 1);
      CHECK(has_signal_event(*w, seat, sig));
    }
    const json after = *last_of(h.inbox[idle], "view");
    CHECK(std::find(after["gestures"].begin(), after["gestures"].end(), name) ==
          after["gestures"].end());
    CHECK(error_code(h.send(idle, json{{"type", "gesture"}, {"table", id}, {"signal", name}})) ==
          "illegal_action");  // made already this hand (R33)
    // The clock of the seat to act kept running.
    CHECK((*last_of(h.inbox[acting], "view"))["deadline_ms"] == before["deadline_ms"]);
    // The seat to act answers its older view: accepted, a partner's or opponent's gesture is no
    // reason to resend...
    const json act = {{"type", "act"}, {"table", id}, {"seq", before["seq"]},
                      {"action", before["legal"][0]["id"]}};
    REQUIRE(error_code(h.send(acting, act)).empty());
    // ...but an action after that seq is: the same act again is stale.
    CHECK(error_code(h.send(acting, act)) == "stale_seq");
  }
}

TEST_CASE("R33 gesture: a seat's own gesture makes its older seq stale; not before the start, "
          "not after the end") {
  Harness h(relaxed(), 14);
  h.hello(1, "Ana");
  h.send(1, json{{"type", "create"}, {"rules", "standard target=40"},
                 {"seats", {"human", "human", "bot", "bot"}}, {"seat", 0}});
  const std::string id = (*last_of(h.inbox[1], "table"))["table"];
  CHECK(error_code(h.send(1, json{{"type", "gesture"}, {"table", id}, {"signal", "ciego"}})) ==
        "not_started");
  h.hello(2, "Bea");
  h.send(2, json{{"type", "join"}, {"table", id}, {"seat", 1}});
  // Play until the person to act may signal at its turn.
  ConnId acting = 0;
  for (int i = 0; i < 2000 && acting == 0; ++i) {
    for (ConnId c : {ConnId{1}, ConnId{2}}) {
      const json* w = last_of(h.inbox[c], "view");
      if (w != nullptr && !(*w)["legal"].empty() && !(*w)["gestures"].empty()) acting = c;
    }
    if (acting == 0) REQUIRE(step_once(h, id));
  }
  REQUIRE(acting != 0);
  const json v = *last_of(h.inbox[acting], "view");
  REQUIRE(error_code(h.send(acting, json{{"type", "gesture"}, {"table", id},
                                         {"signal", v["gestures"][0]}})).empty());
  const json after = *last_of(h.inbox[acting], "view");
  CHECK_FALSE(after["legal"].empty());  // still its turn
  CHECK(error_code(h.send(acting, json{{"type", "act"}, {"table", id}, {"seq", v["seq"]},
                                       {"action", v["legal"][0]["id"]}})) == "stale_seq");
  CHECK(error_code(h.send(acting, json{{"type", "act"}, {"table", id}, {"seq", after["seq"]},
                                       {"action", after["legal"][0]["id"]}})).empty());
  for (int i = 0; i < 100000 && last_of(h.inbox[1], "match_over") == nullptr; ++i)
    if (!step_once(h, id)) h.tick();
  REQUIRE(last_of(h.inbox[1], "match_over") != nullptr);
  CHECK(error_code(h.send(1, json{{"type", "gesture"}, {"table", id}, {"signal", "ciego"}})) ==
        "match_over");
}

TEST_CASE("table messages and the lobby name each seat's person by public player id") {
  Harness h;
  const std::string ana = h.hello(1, "Ana")["player"];
  h.send(1, create_msg({"human", "human", "bot", "bot"}));
  const json* t = last_of(h.inbox[1], "table");
  REQUIRE(t != nullptr);
  const std::string id = (*t)["table"];
  CHECK((*t)["seats"][0]["player_id"] == ana);
  CHECK((*t)["seats"][1]["player_id"].is_null());  // free
  CHECK((*t)["seats"][2]["player_id"].is_null());  // a bot's
  const json lobby = json::parse(h.handler.lobby())["tables"][0]["seats"];
  CHECK(lobby[0]["player_id"] == ana);
  CHECK(lobby[1]["player_id"].is_null());
  CHECK(lobby[2]["player_id"].is_null());
  // A person who leaves after the start is no longer named.
  const std::string bea = h.hello(2, "Bea")["player"];
  h.send(2, json{{"type", "join"}, {"table", id}});
  CHECK((*last_of(h.inbox[1], "table"))["seats"][1]["player_id"] == bea);
  h.send(2, json{{"type", "leave"}, {"table", id}});
  CHECK((*last_of(h.inbox[1], "table"))["seats"][1]["player_id"].is_null());
}

namespace {

json chat(const std::string& table, const std::string& text) {
  return {{"type", "chat"}, {"table", table}, {"text", text}};
}

}  // namespace

TEST_CASE("chat: seated players write, every seat and spectator reads, each line numbered, "
          "timed and kept verbatim") {
  Harness h;
  const std::string id = two_people(h, "standard target=15");
  const std::string ana = (*last_of(h.all[1], "welcome"))["player"];
  h.wall = 1733000001234;
  for (ConnId c : {ConnId{1}, ConnId{2}, ConnId{3}}) h.inbox[c].clear();
  const std::string html = "<script>alert(1)</script> &amp; <b>hola</b>";
  REQUIRE(error_code(h.send(1, chat(id, html))).empty());
  for (ConnId c : {ConnId{1}, ConnId{2}, ConnId{3}}) {
    const json* m = last_of(h.inbox[c], "chat");
    REQUIRE(m != nullptr);
    CHECK((*m)["table"] == id);
    CHECK((*m)["n"] == 1);
    CHECK((*m)["seat"] == 0);
    CHECK((*m)["player"] == ana);
    CHECK((*m)["name"] == "Ana");
    CHECK((*m)["text"] == html);  // text, not HTML: kept as written
    CHECK((*m)["at_ms"] == 1733000001234);
  }
  REQUIRE(error_code(h.send(2, chat(id, "\xc2\xa1Vamos!"))).empty());
  CHECK((*last_of(h.inbox[3], "chat"))["n"] == 2);
  CHECK((*last_of(h.inbox[3], "chat"))["seat"] == 1);
  // Spectators read but do not write; strangers neither.
  CHECK(error_code(h.send(3, chat(id, "hola"))) == "not_seated");
  CHECK(error_code(h.send(3, chat("tnothere", "hola"))) == "unknown_table");
  CHECK(error_code(h.send(1, json{{"type", "chat"}, {"table", id}})) == "missing_field");
  CHECK(error_code(h.send(1, json{{"type", "chat"}, {"table", id}, {"text", 7}})) == "wrong_type");
  // A person who left the seat no longer writes.
  REQUIRE(error_code(h.send(2, json{{"type", "leave"}, {"table", id}})).empty());
  CHECK(error_code(h.send(2, chat(id, "adios"))) == "not_seated");
}

TEST_CASE("chat: the limits of a line (length, spaces, control characters, UTF-8) and of a "
          "player's rate") {
  Harness h;
  const std::string id = two_people(h, "standard target=15");
  std::string enes;  // 200 code points in 400 bytes
  for (int i = 0; i < 200; ++i) enes += "\xc3\xb1";
  CHECK(error_code(h.send(1, chat(id, enes))).empty());
  CHECK(error_code(h.send(1, chat(id, enes + "x"))) == "bad_value");
  CHECK(error_code(h.send(1, chat(id, std::string(201, 'x')))) == "bad_value");
  CHECK(error_code(h.send(1, chat(id, ""))) == "bad_value");
  CHECK(error_code(h.send(1, chat(id, "   "))) == "bad_value");
  CHECK(error_code(h.send(1, chat(id, " \xc2\xa0 "))) == "bad_value");  // NBSP is a space too
  for (const char* bad : {"a\tb", "a\nb", "a\rb", "\x1b[31mred", "a\x7f", "a\xc2\x85",
                          "\xc2\x9b"
                          "1m"}) {
    INFO(bad);
    CHECK(error_code(h.send(1, chat(id, bad))) == "bad_value");
  }
  // Invalid UTF-8 never reaches the chat: the JSON is refused first.
  CHECK(error_code(h.send(1, std::string("{\"type\":\"chat\",\"table\":\"") + id +
                                 "\",\"text\":\"a\xff\"}")) == "bad_json");
  // Five lines in 10 s per player (one was written above), then rate_limited...
  for (int i = 0; i < 4; ++i) CHECK(error_code(h.send(1, chat(id, "linea"))).empty());
  CHECK(error_code(h.send(1, chat(id, "una mas"))) == "rate_limited");
  CHECK(error_code(h.send(2, chat(id, "yo si"))).empty());  // another player's own count
  h.now += 9999;
  CHECK(error_code(h.send(1, chat(id, "todavia no"))) == "rate_limited");
  h.now += 1;  // ...until those lines are 10 s old
  for (int i = 0; i < 5; ++i) CHECK(error_code(h.send(1, chat(id, "ya"))).empty());
  CHECK(error_code(h.send(1, chat(id, "y otra"))) == "rate_limited");
  CHECK((*last_of(h.inbox[2], "chat"))["n"] == 11);  // refused lines took no number
}

TEST_CASE("chat_history: after join, watch and a resume, the last 50 lines; a restart keeps "
          "them") {
  const auto db = std::filesystem::temp_directory_path() /
                  ("mus_server_test_chat_" + std::to_string(::getpid()) + ".sqlite3");
  for (const char* ext : {"", "-wal", "-shm"}) std::filesystem::remove(db.string() + ext);
  std::string id, token;
  {
    Harness h(relaxed(), 1, db.string());
    token = h.hello(1, "Ana")["token"];
    h.send(1, json{{"type", "create"}, {"seats", {"human", "human", "bot", "bot"}}, {"seat", 0}});
    id = (*last_of(h.inbox[1], "table"))["table"];
    const json* empty = last_of(h.inbox[1], "chat_history");
    REQUIRE(empty != nullptr);  // the creator's seat: an empty history
    CHECK((*empty)["lines"].empty());
    for (int i = 1; i <= 60; ++i) {
      h.now += 2000;  // within the rate
      h.wall += 1;
      REQUIRE(error_code(h.send(1, chat(id, "linea " + std::to_string(i)))).empty());
    }
    h.hello(2, "Bea");
    const auto r = h.send(2, json{{"type", "join"}, {"table", id}});
    const json* history = last_of(r, "chat_history");
    REQUIRE(history != nullptr);
    REQUIRE((*history)["lines"].size() == 50);
    CHECK((*history)["lines"][0]["n"] == 11);
    CHECK((*history)["lines"][49]["text"] == "linea 60");
    CHECK((*history)["lines"][49]["type"] == "chat");
    h.hello(3, "Eve");
    const auto w = h.send(3, json{{"type", "watch"}, {"table", id}});
    const json* watched = last_of(w, "chat_history");
    REQUIRE(watched != nullptr);
    CHECK(*watched == *history);
  }
  Harness h(relaxed(), 1, db.string());
  REQUIRE(h.handler.restore(h.now).empty());
  h.open(1);
  const auto r = h.send(1, json{{"type", "hello"}, {"v", 1}, {"token", token}});
  const json* history = last_of(r, "chat_history");
  REQUIRE(history != nullptr);
  REQUIRE((*history)["lines"].size() == 50);
  CHECK((*history)["lines"][0]["n"] == 11);
  CHECK((*history)["lines"][49]["text"] == "linea 60");
  CHECK((*history)["lines"][49]["at_ms"] == 1733000000060);
  // Numbering goes on after the restart.
  REQUIRE(error_code(h.send(1, chat(id, "de vuelta"))).empty());
  CHECK((*last_of(h.inbox[1], "chat"))["n"] == 61);
  for (const char* ext : {"", "-wal", "-shm"}) std::filesystem::remove(db.string() + ext);
}
