// Random playouts of whole hands under the full rules, against a floor loop that only
// shuffles, deals and evaluates the four hands. Both run in this binary so their ratio is
// measured under the same conditions (the machines are shared: compare ratios, not times).
//
// A playout step lists the legal actions and applies one chosen uniformly at random (bets
// with a random amount between the minimum and the maximum, discards a random non-empty
// subset, shuffles a random seed), so shuffles, mus decisions, discards with refills,
// declarations, betting, dejes, órdagos and the count all run as they do in a simulation.
#include <benchmark/benchmark.h>

#include <array>
#include <cstdint>

#include "mus/mus.hpp"

namespace {

// The benchmark's own randomness (SplitMix64): cheap, so it does not hide the library's cost.
struct Rng {
  std::uint64_t state;
  std::uint64_t next() {
    state += 0x9E3779B97F4A7C15ULL;
    std::uint64_t z = state;
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
  }
  std::uint32_t below(std::uint32_t n) {
    return static_cast<std::uint32_t>(
        (static_cast<std::uint64_t>(static_cast<std::uint32_t>(next())) * n) >> 32);
  }
};

mus::Rules rules_for(std::int64_t which) {
  switch (which) {
    case 1: return mus::basque_rules();
    case 2: return mus::online_rules();
    default: return mus::standard_rules();
  }
}

// Plays random actions until `hands` hands have been dealt; new matches start as needed.
void BM_RandomPlayout(benchmark::State& state) {
  const mus::Rules rules = rules_for(state.range(0));
  Rng rng{42};
  mus::State s = *mus::new_match(rules, 0);
  std::int64_t hands = 0;
  std::int64_t steps = 0;
  for (auto _ : state) {
    // One iteration = one hand: from its shuffle to the next hand's shuffle (or match end).
    bool dealt = false;
    for (;;) {
      if (s.phase == mus::Phase::match_over) s = *mus::new_match(rules, 0);
      if (s.deal_due()) {
        if (dealt) break;
        dealt = true;
      }
      const mus::ActionList legal = mus::legal_actions(s);
      mus::Action a = legal.items[rng.below(static_cast<std::uint32_t>(legal.size))];
      switch (a.kind) {
        case mus::ActionKind::shuffle: a.seed = rng.next(); break;
        case mus::ActionKind::bet: {
          const int lo = mus::min_bet(s);
          const int hi = mus::max_bet(s);
          // Mostly small bets, as players make them; now and then any legal amount.
          const int top = (rng.next() & 7U) == 0 ? hi : (lo + 8 < hi ? lo + 8 : hi);
          a.amount = lo + static_cast<int>(rng.below(static_cast<std::uint32_t>(top - lo + 1)));
          break;
        }
        case mus::ActionKind::discard: {
          std::uint64_t pick = 0;
          while (pick == 0 && a.cards != 0) pick = a.cards & rng.next();
          a.cards = pick;
          break;
        }
        default: break;
      }
      const mus::Errc e = mus::apply_in_place(s, a);
      if (e != mus::Errc::ok) {
        state.SkipWithError("a listed legal action was refused");
        return;
      }
      ++steps;
    }
    ++hands;
  }
  state.SetItemsProcessed(hands);
  state.counters["actions/hand"] =
      benchmark::Counter(static_cast<double>(steps) / static_cast<double>(hands));
  state.SetLabel("items = hands");
}

// The floor: shuffle (the reducer's documented PRNG), deal four hands and evaluate them.
void BM_FloorShuffleDealEvaluate(benchmark::State& state) {
  const mus::Rules rules = rules_for(state.range(0));
  Rng rng{42};
  std::int64_t hands = 0;
  for (auto _ : state) {
    std::array<std::uint8_t, mus::deck_size> deck{};
    for (int i = 0; i < mus::deck_size; ++i)
      deck[static_cast<std::size_t>(i)] = static_cast<std::uint8_t>(i);
    mus::seeded_order(deck.data(), mus::deck_size, rng.next());
    mus::TableEval t{};
    for (int seat = 0; seat < mus::seats; ++seat) {
      const auto c = [&](int k) {
        return mus::Card::from_id_unchecked(deck[static_cast<std::size_t>(4 * k + seat)]);
      };
      t[static_cast<std::size_t>(seat)] =
          mus::evaluate(mus::Hand::from_cards_unchecked({c(0), c(1), c(2), c(3)}), rules);
    }
    benchmark::DoNotOptimize(t);
    ++hands;
  }
  state.SetItemsProcessed(hands);
  state.SetLabel("items = hands");
}

}  // namespace

BENCHMARK(BM_RandomPlayout)->Arg(0)->Arg(1)->Arg(2)->ArgName("preset");
BENCHMARK(BM_FloorShuffleDealEvaluate)->Arg(0)->ArgName("preset");
