// Decisions per second of each bot (mus/bots.hpp): the random, heuristic and search bots
// deciding for the seat to act over a fixed set of states collected from heuristic self-play
// (every phase: mus, discards, signals, bets), and the search bot on the betting states only,
// where it searches (the other phases it plays as the heuristic does). And the cost of one
// call of the tips (mus/tips.hpp) for the seat to act, on the same states, on the betting
// states (one search) and on the discard states (the club player's discard).
#include <benchmark/benchmark.h>

#include <cstdint>
#include <vector>

#include "mus/mus.hpp"

namespace {

// States where a seat is to act, from heuristic matches with fixed seeds: every phase, or one.
std::vector<mus::State> collect(int phase) {
  std::vector<mus::State> out;
  const mus::BotConfig h{mus::BotKind::heuristic, 0, 0};
  std::uint64_t n = 1;
  while (out.size() < 2000) {
    mus::State s = *mus::new_match(mus::standard_rules(), static_cast<int>(n % 4));
    while (s.phase != mus::Phase::match_over && out.size() < 2000) {
      if (s.phase == mus::Phase::shuffle) {
        (void)mus::apply_in_place(s, mus::Action::shuffle_seed(n++));
        continue;
      }
      if (phase == 0 || s.phase == static_cast<mus::Phase>(phase)) out.push_back(s);
      (void)mus::apply_in_place(s, *mus::bot_choose(s, s.to_act, h, n++));
    }
  }
  return out;
}

// States where a seat is to act, from heuristic matches with fixed seeds.
const std::vector<mus::State>& states(bool betting_only) {
  static const std::vector<mus::State> all = collect(0);
  static const std::vector<mus::State> bets = collect(static_cast<int>(mus::Phase::betting));
  return betting_only ? bets : all;
}

// Arg 0: the bot kind; arg 1: 1 for the betting states only.
void BM_BotDecision(benchmark::State& state) {
  const auto kind = static_cast<mus::BotKind>(state.range(0));
  const std::vector<mus::State>& set = states(state.range(1) != 0);
  const mus::BotConfig c{kind, 0, 0};
  std::size_t i = 0;
  std::uint64_t seed = 7;
  for (auto _ : state) {
    const mus::State& s = set[i];
    i = (i + 1) % set.size();
    const auto a = mus::bot_choose(s, s.to_act, c, seed++);
    benchmark::DoNotOptimize(a);
  }
  state.SetItemsProcessed(state.iterations());
  state.SetLabel(std::string(mus::bot_kind_name(kind)) +
                 (state.range(1) != 0 ? ", betting states" : ", all states") +
                 "; items = decisions");
}

// Arg 0: 0 for every phase, else the Phase of the states (4 betting, 3 discard).
void BM_Tips(benchmark::State& state) {
  static const std::vector<mus::State> discards = collect(static_cast<int>(mus::Phase::discard));
  const int which = static_cast<int>(state.range(0));
  const std::vector<mus::State>& set = which == 0 ? states(false) : which == 4 ? states(true) : discards;
  std::size_t i = 0;
  for (auto _ : state) {
    const mus::State& s = set[i];
    i = (i + 1) % set.size();
    const auto t = mus::tips(s, s.to_act);
    benchmark::DoNotOptimize(t);
  }
  state.SetItemsProcessed(state.iterations());
  state.SetLabel(which == 0 ? "tips, all states" : which == 4 ? "tips, betting states"
                                                              : "tips, discard states");
}

}  // namespace

BENCHMARK(BM_Tips)->Arg(0)->Arg(4)->Arg(3)->Unit(benchmark::kMicrosecond);

BENCHMARK(BM_BotDecision)
    ->Args({0, 0})
    ->Args({1, 0})
    ->Args({2, 0})
    ->Args({1, 1})
    ->Args({2, 1})
    ->Unit(benchmark::kMicrosecond);

BENCHMARK_MAIN();
