// The hidden-information scan: over whole matches, every message each seat and each spectator
// receives is searched for cards, and each card must be one the receiver may know.
#include <set>
#include <string>
#include <vector>

#include "harness.hpp"

using namespace mus_server_test;

namespace {

// Every card a message names: card texts among its strings (words of action texts too), the
// card ids of its `..._ids` arrays and of a legal discard's `cards`, and the cards of a view
// text (mus-view/3), read back with the library.
void cards_in(const json& j, std::set<std::string>& out) {
  if (j.is_object()) {
    for (const auto& [key, x] : j.items()) {
      const bool ids =
          key == "cards" || (key.size() > 4 && key.compare(key.size() - 4, 4, "_ids") == 0);
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
  std::set<std::string> types;  // the messages scanned
  bool gestures = false;        // a view listed gestures
  int tips = 0;                 // tips in the views of the seats that asked for them
  for (const char* rules : {"standard target=15", "online target=15", "basque target=15",
                            "spain target=15 zero_discard=1"}) {
    Harness h(relaxed(), 100 + static_cast<std::uint64_t>(scanned));
    for (const ConnId c : {ConnId{1}, ConnId{2}, ConnId{3}, ConnId{4}})
      h.hello(c, std::string(1, static_cast<char>('A' + c)), c <= 2);  // tips for two seats
    h.send(1, json{{"type", "create"},
                   {"rules", rules},
                   {"seats", {"human", "human", "human", "human"}},
                   {"seat", 0}});
    const std::string id = (*last_of(h.inbox[1], "table"))["table"];
    h.hello(5, "Spectator");
    h.send(5, json{{"type", "watch"}, {"table", id}});
    for (ConnId c = 2; c <= 4; ++c)
      h.send(c, json{{"type", "join"}, {"table", id}, {"seat", static_cast<int>(c) - 1}});
    // The people play, and besides: gesture when they may, chat now and then, and ask about
    // each other and the lobby; all of it is scanned below.
    std::vector<std::string> ids;
    for (ConnId c = 1; c <= 4; ++c) ids.push_back((*last_of(h.all[c], "welcome"))["player"]);
    int chats = 0;
    // A message besides the play; the connection's last view stays in its inbox.
    const auto aside = [&](ConnId c, const json& m) {
      const json* v = last_of(h.inbox[c], "view");
      const json kept = v != nullptr ? *v : json();
      const auto r = h.send(c, m);
      if (!kept.is_null() && last_of(h.inbox[c], "view") == nullptr)
        h.inbox[c].insert(h.inbox[c].begin(), kept);
      return r;
    };
    for (int round = 0; round < 20000 && last_of(h.inbox[5], "match_over") == nullptr; ++round) {
      for (ConnId c = 1; c <= 4; ++c) {
        const json* v = last_of(h.inbox[c], "view");
        if (v != nullptr && (*v)["legal"].empty() && !(*v)["gestures"].empty())
          REQUIRE(error_code(aside(c, json{{"type", "gesture"}, {"table", id},
                                           {"signal", (*v)["gestures"][0]}})).empty());
        if (round % 7 == 3 && chats < 12) {
          ++chats;  // (the harness's clock stands still: 5 lines per person at most)
          REQUIRE(error_code(aside(c, json{{"type", "chat"}, {"table", id},
                                           {"text", "buena suerte, que tal"}})).empty());
        }
        if (round % 11 == 0) {
          aside(c, json{{"type", "player_info"}, {"player", ids[(c + 1) % 4]}});
          aside(c, json{{"type", "lobby"}});
        }
        play_views(h, c, id, 1);
      }
    }
    REQUIRE(last_of(h.inbox[5], "match_over") != nullptr);
    h.send(5, json{{"type", "watch"}, {"table", id}});  // the chat's history
    for (ConnId c = 1; c <= 5; ++c) h.send(c, json{{"type", "lobby"}});
    for (ConnId c = 1; c <= 5; ++c)
      for (const auto& m : h.all[c]) {
        types.insert(m["type"]);
        gestures = gestures || (m["type"] == "view" && !m["gestures"].empty());
        if (m["type"] != "view") continue;
        // Tips only for a connection that asked (1 and 2), only with its legal actions.
        CHECK((m.contains("tips") == (c <= 2 && !m["legal"].empty())));
        if (m.contains("tips")) tips += static_cast<int>(m["tips"].size());
      }
    // Every state of the match, from its record.
    const auto text = h.handler.match_text(id, Handler::MatchText::record);
    REQUIRE(text);
    mus::MatchRecord record;
    REQUIRE(mus::parse_record(*text, record).ok());
    std::vector<mus::State> states;
    const auto r = mus::parse_rules(rules);
    REQUIRE(r);
    CHECK(mus::format_rules(record.rules) == mus::format_rules(*r));
    mus::State s = *mus::new_match(record.rules, record.dealer);
    states.push_back(s);
    for (const auto& step : record.steps) {
      REQUIRE(mus::apply_in_place(s, step.action) == mus::Errc::ok);
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
      const std::set<std::string> just{foreign};
      json planted = m;
      planted["view"]["hand"][0] = foreign;
      CHECK(leaks(planted, allowed0) == just);
      json planted_id = m;
      planted_id["view"]["hand_ids"][0] = mus::parse_card(foreign)->id();
      CHECK(leaks(planted_id, allowed0) == just);
      json hint = m;
      hint["events"].push_back(
          {{"server", "note"}, {"words", json::array({"1", "discard", foreign})}});
      CHECK_FALSE(leaks(hint, allowed0).empty());
      json discard = m;  // a legal discard naming another seat's card
      discard["legal"] = json::array({{{"id", 5}, {"kind", "discard"},
                                       {"cards", {mus::parse_card(foreign)->id()}}}});
      CHECK(leaks(discard, allowed0) == just);
      const json line = {
          {"type", "chat"}, {"seq", m["seq"]}, {"text", "tengo " + foreign + " y mas"}};
      CHECK(leaks(line, allowed0) == just);
      const json lobby = {{"type", "lobby"}, {"seq", m["seq"]},
                          {"tables", {{{"seats", {{{"player", foreign}}}}}}}};
      CHECK(leaks(lobby, allowed0) == just);
      json spectator = m;
      spectator.erase("text");
      CHECK_FALSE(leaks(spectator, knowable(states, -1)).empty());  // seat 0's own cards
      planted_one = true;
      break;
    }
    CHECK(planted_one);
  }
  CHECK(scanned > 400);
  for (const char* t : {"view", "table", "chat", "chat_history", "player_info", "lobby"}) {
    INFO(t);
    CHECK(types.count(t) == 1);
  }
  CHECK(gestures);
  CHECK(tips > 100);  // scanned with the rest: a tip names the seat's own cards only
}
