// The text forms of serialize.hpp: the documented action lines, the state and view texts
// checked against an independent base64url decoder and the documented view layout, every
// kind of parse error with its position, and round trips of every state, action and view of
// random play across presets and variants.
#include <cstdio>
#include <string>
#include <string_view>

#include "serialize_test_util.hpp"

using namespace st;
using mus::Signal;

#ifndef MUS_SERIALIZE_ROUND_TRIP_HANDS
#define MUS_SERIALIZE_ROUND_TRIP_HANDS 24000
#endif

namespace {

// --- an independent base64url (RFC 4648 §5, no padding), written from the RFC ---------------

std::string b64_encode(const std::vector<std::uint8_t>& in) {
  static const char* abc = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
  std::string out;
  std::uint32_t bits = 0;
  int n = 0;
  for (const std::uint8_t b : in) {
    bits = (bits << 8) | b;
    n += 8;
    while (n >= 6) {
      n -= 6;
      out += abc[(bits >> n) & 63U];
    }
  }
  if (n > 0) out += abc[(bits << (6 - n)) & 63U];
  return out;
}

std::vector<std::uint8_t> b64_decode(std::string_view in) {
  std::vector<std::uint8_t> out;
  std::uint32_t bits = 0;
  int n = 0;
  for (const char c : in) {
    const auto p =
        std::string_view("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
            .find(c);
    REQUIRE(p != std::string_view::npos);
    bits = (bits << 6) | static_cast<std::uint32_t>(p);
    n += 6;
    if (n >= 8) {
      n -= 8;
      out.push_back(static_cast<std::uint8_t>(bits >> n));
    }
  }
  return out;
}

std::vector<std::uint8_t> bytes_of(const State& s) {
  std::vector<std::uint8_t> v(sizeof(State));
  std::memcpy(v.data(), &s, sizeof(State));
  return v;
}

State dealt_state() {
  auto m = mus::new_match(mus::standard_rules(), 0);
  REQUIRE(m.ok());
  State s = *m;
  REQUIRE(mus::apply_in_place(s, Action::shuffle_seed(42)) == Errc::ok);
  return s;
}

// A parse error with its position and (part of) its message.
void parse_fails(const mus::Error& e, std::int32_t pos, std::string_view fragment) {
  CHECK(e.code == Errc::parse);
  CHECK(e.position == pos);
  CHECK(std::string(e.message).find(fragment) != std::string::npos);
}

#define ROUND_TRIP_FAIL(what) \
  FAIL(what << "\n  rules: " << rules_name << "\n  state: " << mus::state_to_text(s))

}  // namespace

TEST_CASE("Action text: the documented forms, both ways", "[serialize][action]") {
  const auto id = [](const char* c) { return static_cast<std::uint8_t>(mus::parse_card(c)->id()); };
  const std::array<std::uint8_t, 3> order{id("Ko"), id("3c"), id("Ab")};
  const std::vector<std::pair<Action, std::string>> cases{
      {Action::shuffle_seed(42), "shuffle seed 42"},
      {Action::shuffle_seed(0), "shuffle seed 0"},
      {Action::shuffle_seed(18446744073709551615ULL), "shuffle seed 18446744073709551615"},
      {Action::shuffle_order(order.data(), 3), "shuffle order Ko 3c Ab"},
      {Action::mus(0), "0 mus"},
      {Action::cut(3), "3 cut"},
      {Action::discard(0, (std::uint64_t{1} << id("3c")) | (std::uint64_t{1} << id("Ko"))),
       "0 discard Ko 3c"},
      {Action::discard(1, 0), "1 discard -"},
      {Action::pass(1), "1 pass"},
      {Action::bet(2, 5), "2 bet 5"},
      {Action::bet(2, -7), "2 bet -7"},
      {Action::ordago(2), "2 ordago"},
      {Action::accept(3), "3 accept"},
      {Action::reject(0), "0 reject"},
      {Action::signal(3, Signal::duples), "3 signal duples"},
      {Action::signal(1, Signal::juego_31), "1 signal juego_31"},
      {Action::perete(2), "2 perete"},
  };
  for (const auto& [a, text] : cases) {
    INFO(text);
    CHECK(mus::action_to_text(a) == text);
    const auto back = mus::action_from_text(text);
    REQUIRE(back.ok());
    CHECK(*back == a);
  }
  // Every signal by its catalogue name.
  for (int k = 0; k < mus::signal_count; ++k) {
    const Action a = Action::signal(0, static_cast<Signal>(k));
    CHECK(mus::action_to_text(a) ==
          "0 signal " + std::string(mus::signal_name(static_cast<Signal>(k))));
    CHECK(*mus::action_from_text(mus::action_to_text(a)) == a);
  }
  // Cards in any order, other letters of parse_card(): the same action, written canonically.
  const auto d = mus::action_from_text("0 discard 3c Ko");
  REQUIRE(d.ok());
  CHECK(mus::action_to_text(*d) == "0 discard Ko 3c");
  const auto sp = mus::action_from_text("0 discard ro Sb 1e");
  REQUIRE(sp.ok());
  CHECK(mus::action_to_text(*sp) == "0 discard Ko Ae Jb");
  // A whole deck as an explicit order is the longest line: 133 characters.
  std::array<std::uint8_t, 40> deck{};
  for (int i = 0; i < 40; ++i)
    deck[static_cast<std::size_t>(i)] = static_cast<std::uint8_t>(39 - i);
  const Action whole = Action::shuffle_order(deck.data(), 40);
  CHECK(mus::action_to_text(whole).size() == 133);
  CHECK(*mus::action_from_text(mus::action_to_text(whole)) == whole);
  CHECK(mus::action_to_text(Action::discard(0, (std::uint64_t{1} << 40) - 1)).size() == 129);
}

TEST_CASE("Action text: fields the kind does not use are normalized away", "[serialize][action]") {
  Action bet = Action::bet(1, 4);
  bet.cards = 0xF0;
  bet.seed = 99;
  Action mus_with_amount = Action::mus(2);
  mus_with_amount.amount = 17;
  Action seeded = Action::shuffle_seed(5);
  seeded.order[0] = 3;
  seeded.cards = 1;
  const std::array<std::uint8_t, 2> two{7, 8};
  Action ordered = Action::shuffle_order(two.data(), 2);
  ordered.order[5] = 9;
  ordered.seed = 1234;
  Action discard = Action::discard(0, 0x3);
  discard.amount = 2;  // legal_actions() lists discards with the fewest cards in `amount`
  for (const Action& a : {bet, mus_with_amount, seeded, ordered, discard}) {
    INFO(mus::action_to_text(a));
    const auto back = mus::action_from_text(mus::action_to_text(a));
    REQUIRE(back.ok());
    CHECK(*back == normalized(a));
    CHECK_FALSE(*back == a);
  }
  // The normalized action is applied exactly as the original.
  State s = dealt_state();
  State t = s;
  Action m = Action::mus(s.to_act);
  m.amount = 3;
  m.cards = 77;
  REQUIRE(mus::apply_in_place(s, m) == Errc::ok);
  REQUIRE(mus::apply_in_place(t, *mus::action_from_text(mus::action_to_text(m))) == Errc::ok);
  CHECK(s == t);
}

TEST_CASE("Action text: actions the form cannot express give 'invalid'", "[serialize][action]") {
  std::vector<Action> bad;
  Action a = Action::mus(0);
  a.kind = static_cast<ActionKind>(0);
  bad.push_back(a);
  a.kind = static_cast<ActionKind>(12);
  bad.push_back(a);
  bad.push_back(Action::mus(-1));
  bad.push_back(Action::pass(4));
  Action sh = Action::shuffle_seed(1);
  sh.seat = 0;
  bad.push_back(sh);
  const std::array<std::uint8_t, 3> dup{5, 6, 5};
  bad.push_back(Action::shuffle_order(dup.data(), 3));
  const std::array<std::uint8_t, 1> forty{40};
  bad.push_back(Action::shuffle_order(forty.data(), 1));
  Action longer = Action::shuffle_seed(0);
  longer.amount = 41;
  bad.push_back(longer);
  longer.amount = -1;
  bad.push_back(longer);
  bad.push_back(Action::discard(1, std::uint64_t{1} << 45));
  bad.push_back(Action::make(ActionKind::signal, 2, 15));
  bad.push_back(Action::make(ActionKind::signal, 2, -1));
  for (const Action& x : bad) {
    INFO("kind " << int(x.kind) << " seat " << int(x.seat) << " amount " << x.amount);
    CHECK(mus::action_to_text(x) == "invalid");
  }
  parse_fails(mus::action_from_text("invalid").error(), 0, "not an action");
}

TEST_CASE("Action text: parse errors name the problem and its byte position",
          "[serialize][action][errors]") {
  struct Case {
    const char* text;
    std::int32_t pos;
    const char* fragment;
  };
  const Case cases[] = {
      {"", 0, "empty action"},
      {"mus", 0, "expected a seat 0..3 or 'shuffle'"},
      {"4 mus", 0, "seat out of range"},
      {"12 mus", 0, "seat out of range"},
      {" 0 mus", 0, "expected a seat"},
      {"0\tmus", 0, "expected a seat"},
      {"0", 1, "missing action"},
      {"0 ", 2, "missing action"},
      {"0 dance", 2, "unknown action (expected mus, cut, discard"},
      {"0 MUS", 2, "unknown action"},
      {"0  mus", 2, "expected the action word"},
      {"0 mus extra", 6, "text after the action"},
      {"0 mus ", 5, "text after the action"},
      {"0 bet", 5, "expected the bet's points"},
      {"0 bet x", 6, "expected the bet's points"},
      {"0 bet 2147483648", 6, "expected the bet's points"},
      {"0 bet -2147483649", 6, "expected the bet's points"},
      {"0 bet 5 6", 8, "text after the action"},
      {"0 discard", 9, "expected the cards discarded, or '-'"},
      {"0 discard Ko Ko", 13, "the same card twice"},
      {"0 discard Kx", 11, "unknown suit"},
      {"0 discard Xo", 10, "unknown rank"},
      {"0 discard Kox", 12, "stray text after card"},
      {"0 discard K", 11, "missing suit"},
      {"0 discard Ko ", 13, "expected a card after the space"},
      {"0 discard Ko  Kc", 13, "expected a card"},
      {"0 discard - Ko", 10, "unknown rank"},
      {"0 signal", 8, "unknown signal"},
      {"0 signal nope", 9, "unknown signal"},
      {"0 signal duples extra", 16, "text after the action"},
      {"shuffle", 7, "expected 'seed' or 'order'"},
      {"shuffle dance", 8, "expected 'seed' or 'order'"},
      {"shuffle seed", 12, "expected a seed"},
      {"shuffle seed -1", 13, "expected a seed"},
      {"shuffle seed 18446744073709551616", 13, "expected a seed"},
      {"shuffle seed 1 2", 15, "text after the action"},
      {"shuffle order", 13, "expected the cards of the order"},
      {"shuffle order Ao Ao", 17, "the same card twice"},
      {"invalid", 0, "not an action"},
  };
  for (const Case& c : cases) {
    INFO("text '" << c.text << "'");
    const auto r = mus::action_from_text(c.text);
    REQUIRE_FALSE(r.ok());
    parse_fails(r.error(), c.pos, c.fragment);
  }
}

TEST_CASE("State text: the tag and the state's bytes in base64url", "[serialize][state]") {
  const State s = dealt_state();
  const std::string text = mus::state_to_text(s);
  CHECK(text.size() == mus::state_text_length);
  CHECK(text.size() == 407);
  CHECK(text.rfind("mus-state/2 ", 0) == 0);
  const std::string payload = text.substr(12);
  CHECK(payload == b64_encode(bytes_of(s)));  // the documented encoding, written again here
  CHECK(b64_decode(payload) == bytes_of(s));
  const auto back = mus::state_from_text(text);
  REQUIRE(back.ok());
  CHECK(*back == s);
  // A new match and a finished one.
  const State fresh = *mus::new_match(mus::basque_rules(), 3);
  CHECK(*mus::state_from_text(mus::state_to_text(fresh)) == fresh);
}

TEST_CASE("State text: the text of the earlier layout is refused by its version",
          "[serialize][state][errors]") {
  // mus-state/1 is the State layout 1 of libmus 0.1: its bytes mean other fields, so it is
  // refused before its payload is read, whatever the payload, with a message naming both.
  const std::string payload = mus::state_to_text(dealt_state()).substr(12);
  for (const std::string& old : {"mus-state/1 " + payload, "mus-state/1 " + std::string(374, 'A'),
                                 std::string("mus-state/1"), std::string("mus-state/1 ")}) {
    const auto r = mus::state_from_text(old);
    REQUIRE_FALSE(r.ok());
    CHECK(r.error().code == Errc::parse);
    CHECK(r.error().position == 0);
    const std::string message(r.error().message);
    CHECK(message == "mus-state/1 is the layout of libmus 0.1; this version reads mus-state/2");
  }
}

TEST_CASE("State text: each kind of bad input is refused with its position and reason",
          "[serialize][state][errors]") {
  const State s = dealt_state();
  const std::string good = mus::state_to_text(s);
  const std::string payload = good.substr(12);
  parse_fails(mus::state_from_text("").error(), 0, "unknown format or version");
  parse_fails(mus::state_from_text("hello").error(), 0, "unknown format or version");
  parse_fails(mus::state_from_text("mus-view/1 " + payload).error(), 0,
              "unknown format or version");
  parse_fails(mus::state_from_text("mus-state/3 " + payload).error(), 0,
              "unknown format or version");
  parse_fails(mus::state_from_text("mus-state/10 " + payload).error(), 0,
              "unknown format or version");
  parse_fails(mus::state_from_text("MUS-STATE/1 " + payload).error(), 0,
              "unknown format or version");
  parse_fails(mus::state_from_text("mus-state/2").error(), 11, "truncated");
  parse_fails(mus::state_from_text("mus-state/2 ").error(), 12, "truncated");
  parse_fails(mus::state_from_text(good.substr(0, 363)).error(), 363, "truncated");
  parse_fails(mus::state_from_text(good.substr(0, 200)).error(), 200, "truncated");
  parse_fails(mus::state_from_text(good + "A").error(), 407, "too long");
  parse_fails(mus::state_from_text(good + "\n").error(), 407, "too long");
  parse_fails(mus::state_from_text(good + good).error(), 407, "too long");
  for (const char bad : {'+', '/', '=', ' ', '\0', '\n', '\xC3'}) {
    std::string t = good;
    t[100] = bad;
    INFO("character " << int(static_cast<unsigned char>(bad)));
    parse_fails(mus::state_from_text(t).error(), 100, "not a base64url character");
  }
  {
    std::string t = good;  // the first bad character is the one reported
    t[300] = '*';
    t[200] = '.';
    parse_fails(mus::state_from_text(t).error(), 200, "not a base64url character");
  }
  // 296 bytes end with 2 bytes in 3 characters: the last one's 2 low bits are unused and
  // must be zero.
  static_assert(mus::state_text_bytes % 3 == 2);
  {
    std::string u = good;
    const auto v =
        std::string_view("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
            .find(u[406]);
    u[406] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"[v | 1U];
    parse_fails(mus::state_from_text(u).error(), 406, "unused bits");
  }
  // Well-formed text whose bytes are not a state of this library.
  State forged = s;
  forged.deck.hands[0] = forged.deck.hands[1];
  const auto f = mus::state_from_text(mus::state_to_text(forged));
  CHECK(f.error().code == Errc::invalid_state);
  CHECK(f.error().position == -1);
  std::string zeros = "mus-state/2 " + std::string(395, 'A');
  CHECK(mus::state_from_text(zeros).error().code == Errc::invalid_state);
  // Random text of the right form never gets through (or crashes).
  std::mt19937_64 rng(3);
  for (int i = 0; i < 2000; ++i) {
    std::string t = "mus-state/2 ";
    for (int k = 0; k < 395; ++k)
      t += "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"[rng() % 64];
    const auto r = mus::state_from_text(t);
    CHECK_FALSE(r.ok());
  }
}

TEST_CASE("View text: the documented byte layout", "[serialize][view]") {
  State s = dealt_state();
  int signaller = 0;
  while (s.truth[static_cast<std::size_t>(signaller)] == 0) ++signaller;
  const auto sig = std::countr_zero(unsigned{s.truth[static_cast<std::size_t>(signaller)]});
  REQUIRE(mus::apply_in_place(s, Action::signal(signaller, static_cast<Signal>(sig))) == Errc::ok);
  for (int seat = 0; seat < 4; ++seat) {
    const mus::SeatView v = mus::view_of(s, seat);
    const std::string text = mus::view_to_text(v);
    CHECK(text.size() == mus::view_text_length);
    CHECK(text.size() == 251);
    CHECK(text.rfind("mus-view/3 ", 0) == 0);
    const auto b = b64_decode(text.substr(11));
    REQUIRE(b.size() == 180);
    CHECK(b[0] == seat);
    CHECK(b[1] == static_cast<int>(Phase::mus));
    CHECK(static_cast<std::int8_t>(b[2]) == s.to_act);
    CHECK(b[3] == s.dealer);
    CHECK(b[4] == s.mano);
    for (std::size_t i = 0; i < 4; ++i)
      CHECK(b[7 + i] == s.deck.hands[static_cast<std::size_t>(seat) * 4 + i]);
    CHECK(b[19] == 24);  // stock count
    CHECK(b[20] == 0);   // pile count
    const auto at = static_cast<std::size_t>(25 + 2 * signaller);
    CHECK((b[at] | (b[at + 1] << 8)) == s.signals[static_cast<std::size_t>(signaller)]);
    CHECK(s.signals[static_cast<std::size_t>(signaller)] != 0);
    CHECK(b[40] == 0);                                                   // no proposal (R25a)
    CHECK(static_cast<std::int8_t>(b[41]) == -1);                        // no proposer
    CHECK((b[42] | b[43]) == 0);                                         // no proposal amount
    CHECK((b[44] | (b[45] << 8) | (b[46] << 16) | (b[47] << 24)) == 1);  // hand number
    CHECK(b[48] == 0);                                                   // lances[0].lance: grande
    CHECK(b[48 + 33] == 3);                                              // lances[3].lance: juego
    CHECK((b[92] | b[93] | b[94] | b[95]) == 0);                         // last.number
    CHECK(static_cast<std::int8_t>(b[96]) == -1);                        // last.dealer
    for (std::size_t i = 152; i < 168; ++i) CHECK(b[i] == 0xFF);         // last.shown: none (R28a)
    CHECK(b[168] == 1);                                                  // hand_in_game
    CHECK((b[169] | b[170]) == 0);                                       // mus_said, discarded
    CHECK(b[171] == 0xFF);                                               // refill_pos: none
    CHECK((b[172] | b[173] | b[174] | b[175]) == 0);                     // need
    CHECK(static_cast<std::int8_t>(b[176]) == -1);                       // answer_first
    CHECK(static_cast<std::int8_t>(b[177]) == -1);                       // deje_winner
    CHECK((b[178] | b[179]) == 0);                                       // reserved
    const auto back = mus::view_from_text(text);
    REQUIRE(back.ok());
    CHECK(same_view(*back, v));
  }
}

TEST_CASE("View text: each kind of bad input is refused with its position and reason",
          "[serialize][view][errors]") {
  const State s = dealt_state();
  const std::string good = mus::view_to_text(mus::view_of(s, 1));
  const std::string payload = good.substr(11);
  parse_fails(mus::view_from_text("").error(), 0, "unknown format or version");
  parse_fails(mus::view_from_text("mus-state/1 " + payload).error(), 0,
              "unknown format or version");
  parse_fails(mus::view_from_text("mus-view/4 " + payload).error(), 0, "unknown format or version");
  // The view texts of libmus 0.1 and 0.2 are refused by name: 0.1's has no R25a proposal fields
  // and no showdown (R28a), 0.2's not the rest of the public state (state_from_view()).
  parse_fails(mus::view_from_text("mus-view/1 " + payload).error(), 0,
              "mus-view/1 is the seat view of libmus 0.1; this version reads mus-view/3");
  parse_fails(mus::view_from_text("mus-view/1").error(), 0, "mus-view/1");
  parse_fails(mus::view_from_text("mus-view/2 " + payload).error(), 0,
              "mus-view/2 is the seat view of libmus 0.2; this version reads mus-view/3");
  parse_fails(mus::view_from_text("mus-view/3").error(), 10, "truncated");
  parse_fails(mus::view_from_text(good.substr(0, 250)).error(), 250, "truncated");
  parse_fails(mus::view_from_text(good + "x").error(), 251, "too long");
  std::string t = good;
  t[50] = '!';
  parse_fails(mus::view_from_text(t).error(), 50, "not a base64url character");
  // 180 bytes are 60 whole groups of 3: no character has unused bits.
  static_assert(mus::view_text_bytes % 3 == 0);
  // Values a view cannot hold: well-formed text, refused as invalid_state.
  const auto forged = [&](std::size_t at, std::uint8_t value) {
    auto b = b64_decode(payload);
    b[at] = value;
    return "mus-view/3 " + b64_encode(b);
  };
  struct Bad {
    const char* what;
    std::size_t at;
    std::uint8_t value;
  };
  const Bad bads[] = {
      {"seat 4", 0, 4},
      {"seat -1", 0, 0xFF},
      {"phase 9", 1, 9},
      {"phase 0", 1, 0},
      {"no seat to act in the mus phase", 2, 0xFF},
      {"seat to act 4", 2, 4},
      {"dealer == mano", 3, 2},
      {"lance 5", 5, 5},
      {"match winner while playing", 6, 0},
      {"card id 45", 7, 45},
      {"a card twice", 8, 0},  // patched below to the first card
      {"games 99", 15, 99},
      {"stock count 41", 19, 41},
      {"too many cards", 20, 30},
      {"pares mask of seat 4", 21, 0x10},
      {"declared 4", 23, 4},
      {"signal bit 15", 26, 0x80},
      {"bet_open 2", 33, 2},
      {"an órdago without a bet", 34, 1},
      {"a bet team without a bet", 35, 0},
      {"a proposal without a bet (R25a)", 40, 8},
      {"a proposer without a proposal", 41, 0},
      {"a proposal amount without a proposal", 42, 2},
      {"lance record status 7", 49, 7},
      {"lance record winner seat 4", 52, 4},
      {"last hand end 4", 98, 4},
      {"last hand dealer without a hand", 96, 0},
      {"shown cards without a finished hand", 152, 5},
      {"an empty slot in the mus phase", 7, 0xFF},
      {"more hands in the game than in the match", 168, 2},
      {"a seat to act that is not the next to speak", 169, 3},
      {"discards in the mus phase of a first round", 170, 2},
      {"a refill position in the mus phase", 171, 0},
      {"cards owed in the mus phase", 172, 1},
      {"cards owed to the seat with a full hand", 173, 2},
      {"a first answerer without a bet", 176, 0},
      {"deje winner team 2", 177, 2},
      {"a reserved byte", 178, 1},
  };
  const auto decoded = b64_decode(payload);
  for (const Bad& bad : bads) {
    INFO(bad.what);
    const std::uint8_t value =
        std::string_view(bad.what) == "a card twice" ? decoded[7] : bad.value;
    const auto r = mus::view_from_text(forged(bad.at, value));
    CHECK(r.error().code == Errc::invalid_state);
    CHECK(r.error().position == -1);
  }
  CHECK(mus::view_from_text(forged(170, 4)).ok());  // the mus phase of a later round
}

TEST_CASE("Round trip: every state, action and view of random play", "[serialize][roundtrip]") {
  const long total = env_long("MUS_SERIALIZE_ROUND_TRIP_HANDS", MUS_SERIALIZE_ROUND_TRIP_HANDS);
  const auto sets = rule_sets();
  const long per_set =
      (total + static_cast<long>(sets.size()) - 1) / static_cast<long>(sets.size());
  long hands = 0;
  long states = 0;
  long actions = 0;
  std::uint64_t salt = 1;
  for (const auto& r : sets) {
    const char* rules_name = r.name;
    Player p(r.rules, 0x5EEDULL * (salt++) + 17);
    long set_hands = 0;
    const auto on_state = [&](const State& s) {
      ++states;
      const std::string text = mus::state_to_text(s);
      if (text.size() != mus::state_text_length)
        ROUND_TRIP_FAIL("state text length " << text.size());
      const auto back = mus::state_from_text(text);
      if (!back.ok() || !(*back == s))
        ROUND_TRIP_FAIL("state text does not read back: " << back.error().describe());
      for (int seat = 0; seat < 4; ++seat) {
        const mus::SeatView v = mus::view_of(s, seat);
        const std::string vt = mus::view_to_text(v);
        const auto vb = mus::view_from_text(vt);
        if (!vb.ok() || !same_view(*vb, v) || mus::view_to_text(*vb) != vt)
          ROUND_TRIP_FAIL("view of seat " << seat << " does not read back: " << vt);
      }
      const auto la = mus::legal_actions(s);
      for (std::size_t i = 0; i < la.size; ++i) {
        const Action& a = la.items[i];
        const auto ab = mus::action_from_text(mus::action_to_text(a));
        if (!ab.ok() || !(*ab == normalized(a)))
          ROUND_TRIP_FAIL("listed action does not read back: " << mus::action_to_text(a));
      }
    };
    const auto on_step = [&](const State& s, const Action& a, const Events&, const State&) {
      ++actions;
      const std::string text = mus::action_to_text(a);
      const auto back = mus::action_from_text(text);
      if (!back.ok() || !(*back == a) || mus::action_to_text(*back) != text || text.size() > 160)
        ROUND_TRIP_FAIL("action does not read back exactly: " << text);
    };
    while (set_hands < per_set) set_hands += p.play_match(on_state, on_step);
    hands += set_hands;
  }
  std::printf("[round trip] %ld hands, %ld states, %ld actions\n", hands, states, actions);
  CHECK(hands >= total);
}
