// The batch allocates nothing once made: a counting global operator new shows allocations while
// mus_batch_new() makes the batch and starts its worker threads (so the counter sees libmus.so's
// allocations) and none in mus_batch_reset() and mus_batch_step(), with observations, on 3
// threads, across matches ending and restarting. Its own program, as test_no_alloc.cpp, because replacing the
// global operator new affects everything linked with it.
#include <atomic>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <new>
#include <vector>

#define MUS_EXPERIMENTAL
#include "mus/mus.h"

#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic ignored "-Wmismatched-new-delete"
#endif

namespace {
std::atomic<long> g_allocations{0};
std::atomic<bool> g_counting{false};
}  // namespace

void* operator new(std::size_t n) {
  if (g_counting.load()) ++g_allocations;
  if (void* p = std::malloc(n == 0 ? 1 : n)) return p;
  throw std::bad_alloc();
}
void operator delete(void* p) noexcept { std::free(p); }
void operator delete(void* p, std::size_t) noexcept { std::free(p); }

int main() {
  constexpr std::int32_t games = 192;  // three 64-game ranges: three threads
  constexpr std::size_t n = games;
  mus_rules rules;
  mus_batch_config config;
  if (mus_rules_parse(&rules, "standard target=10") != MUS_OK ||
      mus_batch_config_default(games, &config) != MUS_OK)
    return 2;
  config.threads = 3;
  std::vector<std::uint64_t> mask(n);
  std::vector<std::int32_t> seat(n), actions(n);
  std::vector<mus_batch_info> info(n);
  std::vector<float> rewards(2 * n), obs(n * MUS_VIEW_TENSOR_SIZE);
  std::vector<std::uint8_t> done(n), truncated(n);
  mus_batch* batch = nullptr;
  g_counting = true;
  const bool made = mus_batch_new(&rules, &config, seat.data(), mask.data(), rewards.data(),
                                  done.data(), truncated.data(), info.data(), obs.data(),
                                  &batch) == MUS_OK;
  const long at_new = g_allocations.exchange(0);
  long matches = 0;
  bool ok = made && mus_batch_reset(batch, 3) == MUS_OK;
  std::uint64_t rng = 1;
  for (int step = 0; ok && step < 2000; ++step) {
    for (std::size_t g = 0; g < n; ++g) {
      rng = rng * 6364136223846793005ULL + 1442695040888963407ULL;
      const std::uint64_t m = mask[g];
      int k = static_cast<int>((rng >> 33) % static_cast<std::uint64_t>(__builtin_popcountll(m)));
      std::uint64_t left = m;
      for (; k > 0; --k) left &= left - 1;
      actions[g] = __builtin_ctzll(left);
    }
    ok = mus_batch_step(batch, actions.data()) == MUS_OK;
    for (std::size_t g = 0; g < n; ++g) matches += done[g];
  }
  const long in_steps = g_allocations.load();
  g_counting = false;
  mus_batch_free(batch);
  std::printf("allocations: %ld in mus_batch_new (3 threads), %ld in reset and 2000 steps; "
              "%ld matches finished\n", at_new, in_steps, matches);
  const bool pass = made && ok && at_new > 0 && in_steps == 0 && matches > 10;
  std::printf("%s\n", pass ? "1 passed, 0 failed" : "0 passed, 1 failed");
  return pass ? 0 : 1;
}
