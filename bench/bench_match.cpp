// Random playouts of whole hands under the full rules, against a floor loop that only
// shuffles, deals and evaluates the four hands. Both run in this binary so their ratio is
// measured under the same conditions (the machines are shared: compare ratios, not times).
//
// A playout step takes the legal action ids and applies one picked by random_policy.h (a kind
// of action uniformly, then one of its ids: a discard, a bet of the ladder, a signal; a random
// seed for a shuffle), so shuffles, mus decisions, discards with refills, declarations,
// betting, dejes, órdagos and the count all run as they do in a simulation. bench_capi.cpp
// plays the same way through the C API, in this binary too.
#include <benchmark/benchmark.h>

#include <array>
#include <cstdint>

#include "mus/mus.hpp"
#include "random_policy.h"

namespace {

mus::Rules rules_for(std::int64_t which) {
  switch (which) {
    case 1: return mus::basque_rules();
    case 2: return mus::online_rules();
    default: return mus::standard_rules();
  }
}

// Plays random actions until `hands` hands have been dealt; new matches start as needed. The
// player (random_policy.h) is the C API playout's (capi_playout.c): the same choices.
void BM_RandomPlayout(benchmark::State& state) {
  const mus::Rules rules = rules_for(state.range(0));
  std::uint64_t rng = 42;
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
      const int id = bench_pick_id(mus::legal_action_mask(s), &rng);
      const std::uint64_t seed = id == MUS_ACTION_ID_SHUFFLE ? bench_rng_next(&rng) : 0;
      if (mus::apply_id_in_place(s, id, seed) != mus::Errc::ok) {
        state.SkipWithError("a legal action id was refused");
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
  std::uint64_t rng = 42;
  std::int64_t hands = 0;
  for (auto _ : state) {
    std::array<std::uint8_t, mus::deck_size> deck{};
    for (int i = 0; i < mus::deck_size; ++i)
      deck[static_cast<std::size_t>(i)] = static_cast<std::uint8_t>(i);
    mus::seeded_order(deck.data(), mus::deck_size, bench_rng_next(&rng));
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

// The same loops over a fixed number of hands, for counting instructions: a count does not
// depend on the machine's load, as times do on a shared machine (docs/performance.md, e.g.
// valgrind --tool=callgrind mus_bench_match --benchmark_filter=Fixed). Each runs once.
BENCHMARK(BM_RandomPlayout)->Name("BM_RandomPlayoutFixed")->Arg(0)->Iterations(20000);
BENCHMARK(BM_FloorShuffleDealEvaluate)->Name("BM_FloorFixed")->Arg(0)->Iterations(20000);
