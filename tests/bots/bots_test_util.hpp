// Helpers shared by the bots' tests and the tips' tests: decision states along bot matches, and
// redeals of the cards a seat has not seen that keep every public fact.
#ifndef MUS_TESTS_BOTS_TEST_UTIL_HPP
#define MUS_TESTS_BOTS_TEST_UTIL_HPP

#include <algorithm>
#include <array>
#include <cstdint>
#include <vector>

#include "../catch.hpp"
#include "mus/mus.hpp"

namespace bots_test {

using mus::Action;
using mus::BotConfig;
using mus::BotKind;
using mus::Errc;
using mus::Phase;
using mus::State;

// Every kind: the three bots, the five styles of the opponent pool, the exploiter (of the
// heuristic, its default target) and the kinds of the levels (beginner, amateur, expert).
inline constexpr auto kinds = mus::bot_kinds;

inline bool searches(BotKind k) {
  return k == BotKind::search || k == BotKind::exploiter || k == BotKind::expert;
}

// A small search budget keeps the tests quick; the method is the same at any budget.
inline BotConfig config(BotKind k) { return BotConfig{k, searches(k) ? 48 : 0, 0}; }

inline std::uint64_t mix(std::uint64_t x) {
  x += 0x9E3779B97F4A7C15ULL;
  x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ULL;
  x = (x ^ (x >> 27)) * 0x94D049BB133111EBULL;
  return x ^ (x >> 31);
}

inline mus::Rules preset(const char* name) {
  const auto r = mus::rules_preset(name);
  REQUIRE(r.ok());
  return *r;
}

// States where a seat is to act, collected along bot matches of a preset (the seats play
// heuristic and random by turns, so every phase and many betting situations appear).
inline std::vector<State> decision_states(const mus::Rules& rules, std::uint64_t seed, int matches,
                                   int every) {
  std::vector<State> out;
  for (int m = 0; m < matches; ++m) {
    auto start = mus::new_match(rules, m % 4);
    REQUIRE(start.ok());
    State s = *start;
    std::uint64_t n = 0;
    for (int step = 0; step < 5000 && s.phase != Phase::match_over; ++step) {
      const std::uint64_t r = mix(seed ^ (static_cast<std::uint64_t>(m) << 32) ^ n++);
      if (s.phase == Phase::shuffle) {
        REQUIRE(mus::apply_in_place(s, Action::shuffle_seed(r)) == Errc::ok);
        continue;
      }
      if (r % static_cast<std::uint64_t>(every) == 0) out.push_back(s);
      const BotKind k = (step / 7) % 2 == 0 ? BotKind::heuristic : BotKind::random;
      const auto a = mus::bot_choose(s, s.to_act, config(k), r);
      REQUIRE(a.ok());
      REQUIRE(mus::apply_in_place(s, *a) == Errc::ok);
    }
  }
  return out;
}

// Whether a hand agrees with what is public about `seat` in `s`: the signals it made, its
// tío Perete declaration, and its pares and juego declarations once made. Written from the
// rules here, apart from the library's bots.
inline bool agrees(const State& s, int seat, const mus::Hand& h) {
  const auto bit = [seat](unsigned mask) { return ((mask >> seat) & 1U) != 0; };
  if ((s.signals[static_cast<std::size_t>(seat)] & ~mus::true_signals(h, s.rules)) != 0)
    return false;
  if (bit(s.decl.perete_mask) && mus::named_hand(h, s.rules.kings) != mus::NamedHand::tio_perete)
    return false;
  const mus::HandEval e = mus::evaluate(h, s.rules);
  if ((s.decl.declared & 1U) != 0 && mus::has_pares(e) != bit(s.decl.pares_mask)) return false;
  if ((s.decl.declared & 2U) != 0 && mus::has_juego(e) != bit(s.decl.juego_mask)) return false;
  return true;
}

// A redeal of the cards `seat` has not seen: the other hands' cards, the live stock and the
// discard pile are permuted among those places, keeping every public fact (sizes, signals,
// declarations). Returns false when no such redeal was found in a few tries.
inline bool redeal(const State& s, int seat, std::uint64_t seed, State& out) {
  std::vector<std::uint8_t*> places;
  std::vector<std::uint8_t> cards;
  out = s;
  for (int o = 0; o < mus::seats; ++o) {
    if (o == seat) continue;
    for (int i = 0; i < mus::hand_size; ++i) {
      std::uint8_t& c = out.deck.hands[static_cast<std::size_t>(o * 4 + i)];
      if (c == mus::no_card) continue;
      places.push_back(&c);
      cards.push_back(c);
    }
  }
  for (int i = out.deck.stock_pos; i < out.deck.stock_end; ++i) {
    places.push_back(&out.deck.stock[static_cast<std::size_t>(i)]);
    cards.push_back(out.deck.stock[static_cast<std::size_t>(i)]);
  }
  for (int id = 0; id < mus::deck_size; ++id)
    if (((s.deck.pile >> id) & 1U) != 0) cards.push_back(static_cast<std::uint8_t>(id));
  for (int attempt = 0; attempt < 2000; ++attempt) {
    std::vector<std::uint8_t> perm = cards;
    std::uint64_t r = seed + static_cast<std::uint64_t>(attempt) * 7919;
    for (std::size_t i = perm.size(); i > 1; --i)
      std::swap(perm[i - 1], perm[static_cast<std::size_t>(mix(r++) % i)]);
    for (std::size_t i = 0; i < places.size(); ++i) *places[i] = perm[i];
    std::uint64_t pile = 0;
    for (std::size_t i = places.size(); i < perm.size(); ++i) pile |= std::uint64_t{1} << perm[i];
    out.deck.pile = pile;
    bool ok = true;
    for (int o = 0; o < mus::seats && ok; ++o) {
      if (o == seat) continue;
      const auto* h = &out.deck.hands[static_cast<std::size_t>(o * 4)];
      const bool full = std::none_of(h, h + 4, [](std::uint8_t c) { return c == mus::no_card; });
      out.truth[static_cast<std::size_t>(o)] = 0;
      if (!full) continue;
      const mus::Hand hand = mus::hand_of(out, o);
      out.truth[static_cast<std::size_t>(o)] = mus::true_signals(hand, out.rules);
      ok = agrees(out, o, hand);
    }
    if (ok && mus::validate_state(out) == Errc::ok) return true;
  }
  return false;
}

inline bool others_differ(const State& a, const State& b, int seat) {
  for (int o = 0; o < mus::seats; ++o)
    if (o != seat && mus::hand_of(a, o).mask() != mus::hand_of(b, o).mask()) return true;
  return false;
}

}  // namespace bots_test

#endif  // MUS_TESTS_BOTS_TEST_UTIL_HPP
