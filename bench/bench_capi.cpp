// The C API's cost beside the C++ reducer's, in the same binary as bench_match.cpp so the
// ratios are read from one run: random playouts through libmus.so (capi_playout.c, plain C99
// over mus.h), and single calls (checking a state, applying an action) against the C++ call
// they wrap, with a bare 512-byte memcpy for scale.
#include <benchmark/benchmark.h>

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <string>

#include "capi_playout.h"
#include "mus/mus.h"
#include "mus/mus.hpp"

namespace {

const char* preset_name(std::int64_t which) {
  switch (which) {
    case 1: return "basque";
    case 2: return "online";
    default: return "standard";
  }
}

// The C API twin of BM_RandomPlayout: one iteration = one hand, all through mus.h, with
// `play` choosing the calls per step (mus_legal_mask + mus_apply_id, or mus_step).
void capi_random_playout(benchmark::State& state, std::int32_t (*play)(capi_playout*)) {
  capi_playout p;
  if (capi_playout_init(&p, preset_name(state.range(0)), 42) != MUS_OK) {
    state.SkipWithError("capi_playout_init failed");
    return;
  }
  std::int64_t hands = 0;
  for (auto _ : state) {
    if (play(&p) != MUS_OK) {
      state.SkipWithError("a listed legal action was refused");
      return;
    }
    ++hands;
  }
  state.SetItemsProcessed(hands);
  state.counters["actions/hand"] =
      benchmark::Counter(static_cast<double>(p.steps) / static_cast<double>(hands));
  state.SetLabel("items = hands");
}

void BM_CApiRandomPlayout(benchmark::State& state) {
  capi_random_playout(state, capi_playout_hand);
}

// The same playouts with one mus_step() per action: the state read and written once, the mask
// and the end of the hand from its report.
void BM_CApiRandomPlayoutStep(benchmark::State& state) {
  capi_random_playout(state, capi_playout_hand_step);
}

// A mid-hand position: the standard rules, a seeded deal, then the first legal action of each
// step (cutting the mus) until the betting starts. `action` is the first legal action there.
struct Position {
  mus::State cpp;
  mus::Action action;
  mus_state c;
  mus_action c_action;
};

Position betting_position() {
  Position p{};
  p.cpp = *mus::new_match(mus::standard_rules(), 0);
  mus::Action deal = mus::legal_actions(p.cpp).items[0];
  deal.seed = 7;
  (void)mus::apply_in_place(p.cpp, deal);
  for (int step = 0; p.cpp.phase != mus::Phase::betting; ++step) {
    if (step > 64) std::abort();
    const mus::ActionList legal = mus::legal_actions(p.cpp);
    mus::Action a = legal.items[0];
    for (std::size_t i = 0; i < legal.size; ++i)  // no hay mus: straight to the betting
      if (legal.items[i].kind == mus::ActionKind::cut) a = legal.items[i];
    (void)mus::apply_in_place(p.cpp, a);
  }
  p.action = mus::legal_actions(p.cpp).items[0];
  // The same state in the C API, through its text form (public on both sides).
  const std::string text = mus::state_to_text(p.cpp);
  if (mus_state_parse(text.c_str(), &p.c, nullptr) != MUS_OK) std::abort();
  std::memset(&p.c_action, 0, sizeof p.c_action);
  p.c_action.kind = static_cast<std::int32_t>(p.action.kind);
  p.c_action.seat = p.action.seat;
  p.c_action.amount = p.action.amount;
  p.c_action.cards = p.action.cards;
  p.c_action.seed = p.action.seed;
  mus_state check;
  if (mus_apply(&p.c, &p.c_action, &check) != MUS_OK) std::abort();
  return p;
}

// mus_state_validate() on a state as the library wrote it.
void BM_CApiValidate_AsWritten(benchmark::State& state) {
  const Position p = betting_position();
  for (auto _ : state) {
    benchmark::DoNotOptimize(&p.c);
    benchmark::DoNotOptimize(mus_state_validate(&p.c));
  }
}

// mus_state_validate() on the same bytes with everything after the mus::State zeroed (no
// stamp): the full structural check.
void BM_CApiValidate_FullCheck(benchmark::State& state) {
  Position p = betting_position();
  auto* bytes = reinterpret_cast<unsigned char*>(&p.c);
  std::memset(bytes + sizeof(mus::State), 0, sizeof(mus_state) - sizeof(mus::State));
  if (mus_state_validate(&p.c) != MUS_OK) {
    state.SkipWithError("the unstamped state was refused");
    return;
  }
  for (auto _ : state) {
    benchmark::DoNotOptimize(&p.c);
    benchmark::DoNotOptimize(mus_state_validate(&p.c));
  }
}

// mus_apply() of one action to one state (into another mus_state).
void BM_CApiApply(benchmark::State& state) {
  const Position p = betting_position();
  mus_state out;
  for (auto _ : state) {
    benchmark::DoNotOptimize(&p.c);
    benchmark::DoNotOptimize(mus_apply(&p.c, &p.c_action, &out));
    benchmark::ClobberMemory();
  }
}

// The same step in C++: copy the state, apply_in_place() the same action.
void BM_CppApplyInPlace(benchmark::State& state) {
  const Position p = betting_position();
  for (auto _ : state) {
    benchmark::DoNotOptimize(&p.cpp);
    mus::State next = p.cpp;
    benchmark::DoNotOptimize(mus::apply_in_place(next, p.action));
    benchmark::DoNotOptimize(&next);
    benchmark::ClobberMemory();
  }
}

// For scale: copying a whole mus_state.
void BM_Memcpy512(benchmark::State& state) {
  const Position p = betting_position();
  mus_state out;
  for (auto _ : state) {
    benchmark::DoNotOptimize(&p.c);
    std::memcpy(&out, &p.c, sizeof out);
    benchmark::DoNotOptimize(&out);
    benchmark::ClobberMemory();
  }
}

}  // namespace

BENCHMARK(BM_CApiRandomPlayout)->Arg(0)->Arg(1)->Arg(2)->ArgName("preset");
BENCHMARK(BM_CApiRandomPlayoutStep)->Arg(0)->Arg(1)->Arg(2)->ArgName("preset");
BENCHMARK(BM_CApiValidate_AsWritten);
BENCHMARK(BM_CApiValidate_FullCheck);
BENCHMARK(BM_CApiApply);
BENCHMARK(BM_CppApplyInPlace);
BENCHMARK(BM_Memcpy512);
