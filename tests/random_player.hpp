// The random player of the property, serialization and validation tests: it picks from the
// concrete legal list (mus::legal_actions), so it never completes an action by hand; chance
// gets a seed, or now and then an explicit order of exactly the cards to shuffle (R12).
//
// Two ways to choose:
//  - uniform: every listed action alike, as a random agent does;
//  - long: a kind by a weight (mostly mus, small bets, rare órdagos), then one entry of that
//    kind uniformly, bets at most 3 over the minimum. Uniform play calls órdago and cuts so
//    often that hands are short and stock refills never happen; long play reaches several
//    discard rounds, refills, and games won by the count and by dejes.
#ifndef MUS_TESTS_RANDOM_PLAYER_HPP
#define MUS_TESTS_RANDOM_PLAYER_HPP

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "mus/match.hpp"

namespace mus_test {

/// The weight of a kind in long play.
inline int long_play_weight(mus::ActionKind k) {
  switch (k) {
    case mus::ActionKind::mus: return 85;
    case mus::ActionKind::cut: return 15;
    case mus::ActionKind::pass: return 55;
    case mus::ActionKind::bet: return 30;
    case mus::ActionKind::ordago: return 2;
    case mus::ActionKind::accept: return 45;
    case mus::ActionKind::reject: return 45;
    case mus::ActionKind::signal: return 8;
    default: return 50;
  }
}

/// The index of the listed action to play (the list must not be empty).
template <class Rng>
std::size_t pick_listed(const mus::State& s, const mus::ActionList& la, bool uniform, Rng& rng) {
  if (uniform) return static_cast<std::size_t>(rng() % la.size);
  const auto usable = [&](const mus::Action& a) {
    return a.kind != mus::ActionKind::bet || a.amount <= mus::min_bet(s) + 3;
  };
  std::array<long, mus::action_kind_end> count{};
  for (std::size_t i = 0; i < la.size; ++i)
    if (usable(la.items[i])) ++count[static_cast<std::size_t>(la.items[i].kind)];
  // Each entry weighs its kind's weight shared among the kind's entries, scaled by 720720 =
  // lcm(1..16), which every count divides, so the arithmetic stays in integers.
  std::array<long, mus::ActionList::capacity> w{};
  long sum = 0;
  for (std::size_t i = 0; i < la.size; ++i) {
    if (!usable(la.items[i])) continue;
    const auto k = la.items[i].kind;
    w[i] = 720720L * long_play_weight(k) / count[static_cast<std::size_t>(k)];
    sum += w[i];
  }
  long r = static_cast<long>(rng() % static_cast<std::uint64_t>(sum));
  std::size_t pick = 0;
  while (r >= w[pick]) r -= w[pick++];
  return pick;
}

/// A listed action with chance's part filled in: a shuffle gets a seed, or one time in four
/// an explicit order (a random permutation of exactly the cards to shuffle).
template <class Rng>
mus::Action with_chance(const mus::State& s, mus::Action a, Rng& rng) {
  if (a.kind != mus::ActionKind::shuffle) return a;
  if (rng() % 4 != 0) return mus::Action::shuffle_seed(rng());
  std::vector<std::uint8_t> cards;
  const std::uint64_t due = mus::cards_to_shuffle(s);
  for (int id = 0; id < mus::deck_size; ++id)
    if ((due >> id) & 1U) cards.push_back(static_cast<std::uint8_t>(id));
  std::shuffle(cards.begin(), cards.end(), rng);
  return mus::Action::shuffle_order(cards.data(), static_cast<int>(cards.size()));
}

}  // namespace mus_test

#endif  // MUS_TESTS_RANDOM_PLAYER_HPP
