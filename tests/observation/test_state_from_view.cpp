// mus::state_from_view(): the state a program that sees only one seat's view decides from. Over
// random play of every rule set of the serialization tests and over bot matches of two presets,
// for every seat at every step: the state built from the view passes validate_state(), gives
// back the same view, the same legal actions and bet limits, the same bot_view() (up to the
// layout no seat sees) and so the same decision of every bot kind. Views that no state has are
// refused, never turned into a state.
#include <array>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <random>
#include <string>
#include <utility>
#include <vector>

#include "mus/bots.hpp"
#include "mus/observation.hpp"
#include "observation_test_util.hpp"

namespace {

using mus::State;

// The layout of a state that no seat sees, made canonical: each hand's filled slots first, and
// the live stock from position 0 (the rest of the stock array zero).
State compact_layout(State s) {
  for (int o = 0; o < 4; ++o) {
    std::array<std::uint8_t, 4> slots{};
    slots.fill(mus::no_card);
    int k = 0;
    for (int i = 0; i < 4; ++i) {
      const std::uint8_t id = s.deck.hands[static_cast<std::size_t>(o * 4 + i)];
      if (id != mus::no_card) slots[static_cast<std::size_t>(k++)] = id;
    }
    for (int i = 0; i < 4; ++i)
      s.deck.hands[static_cast<std::size_t>(o * 4 + i)] = slots[static_cast<std::size_t>(i)];
  }
  std::array<std::uint8_t, mus::deck_size> stock{};
  const int n = s.deck.stock_end - s.deck.stock_pos;
  for (int i = 0; i < n; ++i)
    stock[static_cast<std::size_t>(i)] =
        s.deck.stock[static_cast<std::size_t>(s.deck.stock_pos + i)];
  s.deck.stock = stock;
  s.deck.stock_pos = 0;
  s.deck.stock_end = static_cast<std::uint8_t>(n);
  return s;
}

struct Tally {
  long views = 0;
  long decisions = 0;
  long failures = 0;
  long drawn = 0;     // states drawn from other seeds
  long redealt = 0;   // of those, states whose unseen cards differ from the canonical ones

  void fail(const char* rules, const State& s, int seat, const char* what) {
    if (++failures <= 8)
      std::printf("%s: seat %d: %s\n  state %s\n", rules, seat, what,
                  mus::state_to_text(s).c_str());
  }
};

// Every property for one state and seat; `search` also asks the search bot (slower).
void check_seat(Tally& t, const char* rules, const State& s, int seat, bool search) {
  ++t.views;
  const mus::SeatView v = mus::view_of(s, seat);
  const auto back = mus::view_from_text(mus::view_to_text(v));
  if (!back.ok() || !(*back == v))
    return t.fail(rules, s, seat, "the view text does not read back");
  const auto r = mus::state_from_view(s.rules, v);
  if (!r.ok()) return t.fail(rules, s, seat, r.error().describe().c_str());
  const State& b = *r;
  if (!mus::check_state(b).ok()) return t.fail(rules, s, seat, "the built state is invalid");
  if (!(mus::view_of(b, seat) == v)) return t.fail(rules, s, seat, "another view");
  // Placements drawn from other seeds (R22, R32, R33: every hand agrees with its public facts,
  // which validate_state() checks): valid, the same view, and the same state for the same seed.
  for (const std::uint64_t seed : {std::uint64_t{1}, std::uint64_t{0x9E3779B97F4A7C15}}) {
    const auto d = mus::state_from_view(s.rules, v, seed);
    if (!d.ok()) return t.fail(rules, s, seat, d.error().describe().c_str());
    if (!mus::check_state(*d).ok()) return t.fail(rules, s, seat, "a drawn state is invalid");
    if (!(mus::view_of(*d, seat) == v)) return t.fail(rules, s, seat, "a drawn state's view");
    const auto again = mus::state_from_view(s.rules, v, seed);
    if (!again.ok() || !(*again == *d)) return t.fail(rules, s, seat, "a seed drew two states");
    ++t.drawn;
    t.redealt += *d == b ? 0 : 1;
  }
  const mus::BotView from_s = mus::bot_view(s, seat);
  const mus::BotView from_b = mus::bot_view(b, seat);
  if (!(compact_layout(from_s.hidden) == compact_layout(from_b.hidden)))
    return t.fail(rules, s, seat, "bot_view's hidden state differs");
  if (s.to_act != seat) return;
  if (mus::legal_action_mask(s) != mus::legal_action_mask(b) ||
      mus::min_bet(s) != mus::min_bet(b) || mus::max_bet(s) != mus::max_bet(b))
    return t.fail(rules, s, seat, "other legal actions");
  const auto la = mus::legal_actions(s);
  const auto lb = mus::legal_actions(b);
  for (std::size_t i = 0; i < la.size; ++i)
    if (!(la.items[i] == lb.items[i])) return t.fail(rules, s, seat, "another legal list");
  for (const mus::BotKind kind :
       {mus::BotKind::random, mus::BotKind::heuristic, mus::BotKind::search}) {
    if (kind == mus::BotKind::search && !search) continue;
    mus::BotConfig c;
    c.kind = kind;
    c.playouts = 24;
    const std::uint64_t seed = s.hand_number * 977U + static_cast<unsigned>(seat);
    const auto x = mus::bot_choose(s, seat, c, seed);
    const auto y = mus::bot_choose(b, seat, c, seed);
    ++t.decisions;
    if (!x.ok() || !y.ok() || !(*x == *y)) return t.fail(rules, s, seat, "another decision");
  }
}

}  // namespace

TEST_CASE(
    "state_from_view: a valid state with the same view, legal actions and bot decisions "
    "(random play of every rule set)",
    "[observation][view][bots]") {
  Tally t;
  long n = 0;
  const long states = obs::play_rule_sets(4, 0x5EA7, [&](const char* rules, const State& s) {
    ++n;
    for (int seat = 0; seat < 4; ++seat) check_seat(t, rules, s, seat, n % 16 == 0);
  });
  std::printf("[state_from_view, random play] %ld states, %ld views, %ld decisions, %ld drawn "
              "(%ld other than the canonical state)\n",
              states, t.views, t.decisions, t.drawn, t.redealt);
  CHECK(t.failures == 0);
  CHECK(states > 1000);
  CHECK(t.redealt > t.drawn / 2);  // the seeds really move the unseen cards
}

TEST_CASE(
    "state_from_view: R22 R32 R33 every placement agrees with the public facts under full "
    "signals, tío Perete and each 31 real (random play)",
    "[observation][view]") {
  // Rules whose public facts about a hand reach furthest: every signal, tío Perete, 4 or 8
  // kings, and a 31 real that names the suits of the sota and the 7s (or not).
  std::vector<std::pair<std::string, mus::Rules>> sets;
  for (const mus::Royal31 r31 :
       {mus::Royal31::jack777, mus::Royal31::figure777, mus::Royal31::jack777_other_suits,
        mus::Royal31::jack_of_coins777, mus::Royal31::jack_of_coins_any777})
    for (const int kings : {8, 4}) {
      mus::Rules r = mus::standard_rules();
      r.royal31 = r31;
      r.kings = static_cast<std::uint8_t>(kings);
      r.tio_perete = true;
      r.signals = mus::SignalSet::full;
      sets.emplace_back(mus::format_rules(r), r);
    }
  Tally t;
  long states = 0;
  std::uint64_t seed = 0x51DE;
  for (const auto& [name, rules] : sets) {
    st::Player p(rules, seed++);
    for (int m = 0; m < 2; ++m)
      p.play_match(
          [&](const State& s) {
            ++states;
            for (int seat = 0; seat < 4; ++seat) check_seat(t, name.c_str(), s, seat, false);
          },
          [](const State&, const mus::Action&, const mus::Events&, const State&) {});
  }
  std::printf("[state_from_view, full signals] %ld states, %ld views, %ld drawn\n", states,
              t.views, t.drawn);
  CHECK(t.failures == 0);
  CHECK(states > 1000);
}

TEST_CASE("state_from_view: the same over bot matches of the standard and online presets",
          "[observation][view][bots]") {
  Tally t;
  long states = 0;
  for (const auto& [name, rules] :
       {std::pair{"standard", mus::standard_rules()}, std::pair{"online", mus::online_rules()}}) {
    for (std::uint64_t m = 0; m < 3; ++m) {
      State s = *mus::new_match(rules, static_cast<int>(m % 4));
      mus::BotConfig heuristic;
      std::uint64_t step = 0;
      while (s.phase != mus::Phase::match_over) {
        ++states;
        for (int seat = 0; seat < 4; ++seat) check_seat(t, name, s, seat, states % 8 == 0);
        mus::Action a;
        if (s.phase == mus::Phase::shuffle) {
          a = mus::Action::shuffle_seed(mus::derive_seed(m, 1, step));
        } else {
          const auto c = mus::bot_choose(s, s.to_act, heuristic, mus::derive_seed(m, 2, step));
          REQUIRE(c.ok());
          a = *c;
        }
        ++step;
        REQUIRE(mus::apply_in_place(s, a) == mus::Errc::ok);
      }
      for (int seat = 0; seat < 4; ++seat) check_seat(t, name, s, seat, false);
    }
  }
  std::printf("[state_from_view, bot matches] %ld states, %ld views, %ld decisions\n", states,
              t.views, t.decisions);
  CHECK(t.failures == 0);
  CHECK(t.decisions > 500);
}

TEST_CASE("state_from_view: a view of no state is refused, never made a state",
          "[observation][view][errors]") {
  std::mt19937_64 rng(0xBAD5EED);
  long refused = 0;
  long built = 0;
  long bad = 0;
  obs::play_rule_sets(1, 0xF00D, [&](const char*, const State& s) {
    const int seat = static_cast<int>(rng() % 4);
    const mus::SeatView good = mus::view_of(s, seat);
    // Change one byte of the view's text form (an attacker's text that still parses) or of
    // the struct itself (a program's own view).
    std::string text = mus::view_to_text(good);
    const std::size_t at = mus::view_text_tag.size() + 1 + rng() % (text.size() - 12);
    text[at] = "AQgwBJ_-z9"[rng() % 10];
    mus::SeatView v = good;
    if (const auto parsed = mus::view_from_text(text); parsed.ok()) {
      v = *parsed;
    } else {
      auto* bytes = reinterpret_cast<unsigned char*>(&v);
      bytes[rng() % sizeof v] = static_cast<unsigned char>(rng());
    }
    const auto r = mus::state_from_view(s.rules, v);
    if (!r.ok()) {
      ++refused;
      if (r.error().code != mus::Errc::invalid_state) {
        ++bad;
        std::printf("refused with %s: %s\n", mus::errc_text(r.error().code).data(),
                    r.error().describe().c_str());
      }
      return;
    }
    ++built;
    if (!mus::check_state(*r).ok() || !(mus::view_of(*r, v.seat) == v)) {
      ++bad;
      std::printf("built a bad state from %s\n", mus::view_to_text(v).c_str());
    }
  });
  std::printf("[state_from_view, bad views] %ld refused, %ld built\n", refused, built);
  CHECK(bad == 0);
  CHECK(refused > 100);
  // Rules the library refuses, and a view of seat -1 (a spectator's, or no view).
  mus::Rules broken = mus::standard_rules();
  broken.target = 0;
  const State s = *mus::new_match(mus::standard_rules(), 0);
  CHECK(mus::state_from_view(broken, mus::view_of(s, 0)).error().code == mus::Errc::invalid_rules);
  CHECK(mus::state_from_view(s.rules, mus::view_of(s, -1)).error().code ==
        mus::Errc::invalid_state);
  const auto fresh = mus::state_from_view(s.rules, mus::view_of(s, 2));
  REQUIRE(fresh.ok());
  CHECK(*fresh == s);
}

TEST_CASE("state_from_view: R32 two tío Perete declarations the unseen cards cannot hold are "
          "refused",
          "[observation][view][errors]") {
  // Seat 1 holds three of the four 4s: one 4-5-6-7 hand at most is left for the others, yet
  // seats 0 and 2 say they declared tío Perete. Each claim alone is possible; together not.
  mus::Rules rules = mus::standard_rules();
  rules.tio_perete = true;
  State s = *mus::new_match(rules, 0);
  std::array<std::uint8_t, 16> hands{};
  const std::array<std::uint8_t, 16> by_seat{// seat 0, 1, 2, 3: four cards each
                                             0, 1, 2, 4, 3, 13, 23, 5, 7, 8, 9, 10, 17, 18, 19, 11};
  hands = by_seat;
  REQUIRE(mus::apply_in_place(s, *mus::stacked_deal(hands, s.mano)) == mus::Errc::ok);
  mus::SeatView claimed = mus::view_of(s, 1);
  claimed.perete_mask = 0b0101;
  for (const std::uint64_t seed : {std::uint64_t{0}, std::uint64_t{7}}) {
    const auto r = mus::state_from_view(s.rules, claimed, seed);
    REQUIRE_FALSE(r.ok());
    CHECK(r.error().code == mus::Errc::invalid_state);
    CHECK(std::string(r.error().message).find("no deal of the unseen cards") != std::string::npos);
  }
  // One declaration alone is a deal the search finds (the view is still of no state: nobody
  // has declared in the mus phase, which the state's check then says).
  claimed.perete_mask = 0b0001;
  const auto one = mus::state_from_view(s.rules, claimed);
  REQUIRE_FALSE(one.ok());
  CHECK(std::string(one.error().message).find("no deal") == std::string::npos);
}

TEST_CASE("state_from_view: signals no deal of the unseen cards agrees with are refused",
          "[observation][view][errors]") {
  // After the deal, seat 1's view with each other seat claiming three aces (R33): nine of the
  // eight aces (aces and twos, kings=8). Each claim alone is possible; together they are not.
  State s = *mus::new_match(mus::standard_rules(), 0);
  s = *mus::apply(s, mus::Action::shuffle_seed(7));
  mus::SeatView claimed = mus::view_of(s, 1);
  for (const int o : {0, 2, 3})
    claimed.signals[static_cast<std::size_t>(o)] = 1U << static_cast<int>(mus::Signal::three_aces);
  for (const std::uint64_t seed : {std::uint64_t{0}, std::uint64_t{7}}) {
    const auto r = mus::state_from_view(s.rules, claimed, seed);
    REQUIRE_FALSE(r.ok());
    CHECK(r.error().code == mus::Errc::invalid_state);
    CHECK(std::string(r.error().message).find("no deal of the unseen cards") !=
          std::string::npos);
  }
}
