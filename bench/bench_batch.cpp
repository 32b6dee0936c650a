// The batch of the C API (mus_batch_step): steps per second of N = 1,024 games, with 1 and 2
// threads, without and with the observation tensors. Each game's action is picked by the
// playout benchmarks' random player (random_policy.h: a kind, then an id) outside the timed
// region: the time counted is the time inside mus_batch_step() (manual timing), as for the
// Python VecEnv's goal. Counters: steps/s (games x calls) and hands/s (hands finished) of that
// wall time; cpu_steps/s and cpu_hands/s of the process's CPU time inside the call (every
// thread's), which a machine busy with other work disturbs less: with 1 thread it is the
// step's own cost, with 2 it is the work per CPU-second (the wall figure shows the speed-up).
#include <benchmark/benchmark.h>

#include <chrono>
#include <ctime>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <vector>

#define MUS_EXPERIMENTAL
#include "mus/mus.h"
#include "random_policy.h"

namespace {

double process_cpu_seconds() {
  timespec t{};
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
  return static_cast<double>(t.tv_sec) + 1e-9 * static_cast<double>(t.tv_nsec);
}

void BM_BatchStep(benchmark::State& state) {
  const auto games = static_cast<std::int32_t>(state.range(0));
  const auto threads = static_cast<std::int32_t>(state.range(1));
  const bool obs = state.range(2) != 0;
  mus_rules rules;
  mus_batch_config config;
  if (mus_rules_preset(&rules, "standard") != MUS_OK ||
      mus_batch_config_default(games, &config) != MUS_OK)
    std::abort();
  config.threads = threads;
  const auto n = static_cast<std::size_t>(games);
  std::vector<std::int32_t> actions(n), seat(n);
  std::vector<std::uint64_t> mask(n);
  std::vector<float> rewards(2 * n), tensors(obs ? n * MUS_VIEW_TENSOR_SIZE : 0);
  std::vector<std::uint8_t> done(n), truncated(n);
  std::vector<mus_batch_info> info(n);
  mus_batch* batch = nullptr;
  if (mus_batch_new(&rules, &config, seat.data(), mask.data(), rewards.data(), done.data(),
                    truncated.data(), info.data(), obs ? tensors.data() : nullptr,
                    &batch) != MUS_OK ||
      mus_batch_reset(batch, 1) != MUS_OK)
    std::abort();
  std::uint64_t rng = 42;
  std::int64_t hands = 0;
  double cpu = 0;
  for (auto _ : state) {
    for (std::size_t g = 0; g < n; ++g) actions[g] = bench_pick_id(mask[g], &rng);
    const double cpu_start = process_cpu_seconds();
    const auto start = std::chrono::steady_clock::now();
    const std::int32_t status = mus_batch_step(batch, actions.data());
    const auto stop = std::chrono::steady_clock::now();
    cpu += process_cpu_seconds() - cpu_start;
    if (status != MUS_OK) std::abort();
    state.SetIterationTime(std::chrono::duration<double>(stop - start).count());
    for (std::size_t g = 0; g < n; ++g) hands += info[g].hand_over;
  }
  mus_batch_free(batch);
  const auto steps = static_cast<double>(state.iterations()) * static_cast<double>(games);
  state.counters["steps/s"] = benchmark::Counter(steps, benchmark::Counter::kIsRate);
  state.counters["hands/s"] =
      benchmark::Counter(static_cast<double>(hands), benchmark::Counter::kIsRate);
  state.counters["cpu_steps/s"] = benchmark::Counter(steps / cpu);
  state.counters["cpu_hands/s"] = benchmark::Counter(static_cast<double>(hands) / cpu);
  state.SetItemsProcessed(static_cast<std::int64_t>(steps));
}

BENCHMARK(BM_BatchStep)
    ->ArgNames({"games", "threads", "obs"})
    ->Args({1024, 1, 0})
    ->Args({1024, 2, 0})
    ->Args({1024, 1, 1})
    ->Args({1024, 2, 1})
    ->UseManualTime();

}  // namespace
