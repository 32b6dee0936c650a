/*
 * The random player of the playout benchmarks, written once in C99 so that the C++ playout
 * (bench_match.cpp) and the C API playout (capi_playout.c) choose exactly alike.
 *
 * It picks a kind of action uniformly among the kinds that are legal, then one of that kind's
 * action ids uniformly: "mus or cut", then "which discard", "which bet of the ladder", "which
 * signal". Picking uniformly among all ids instead would make most steps signals and discards
 * and double the length of a hand, which measures the player, not the reducer; a kind-first
 * player also keeps hands as long as the benchmark's figures before action ids existed.
 */
#ifndef MUS_BENCH_RANDOM_POLICY_H
#define MUS_BENCH_RANDOM_POLICY_H

#include <stdint.h>

#include "mus/mus.h"

/* The benchmark's own randomness (SplitMix64): cheap, so it does not hide the library's cost. */
static inline uint64_t bench_rng_next(uint64_t* state) {
  uint64_t z;
  *state += 0x9E3779B97F4A7C15ULL;
  z = *state;
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
  return z ^ (z >> 31);
}

/* A number in 0..n-1 from a 32-bit draw, by multiply-shift. */
static inline uint32_t bench_below(uint64_t* state, uint32_t n) {
  return (uint32_t)(((uint64_t)(uint32_t)bench_rng_next(state) * n) >> 32);
}

/* Set bits of a 64-bit word, without a library call on CPUs the compiler does not assume. */
static inline uint32_t bench_popcount(uint64_t x) {
  x = x - ((x >> 1) & 0x5555555555555555ULL);
  x = (x & 0x3333333333333333ULL) + ((x >> 2) & 0x3333333333333333ULL);
  x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0FULL;
  return (uint32_t)((x * 0x0101010101010101ULL) >> 56);
}

/* The index of the lowest set bit of m (m not 0). */
static inline int32_t bench_lowest_bit(uint64_t m) {
#if defined(__GNUC__) || defined(__clang__)
  return (int32_t)__builtin_ctzll(m);
#else
  int32_t id = 0;
  while ((m & 1u) == 0) {
    m >>= 1;
    ++id;
  }
  return id;
#endif
}

/* The id of the k-th set bit of m (k from 0; m has more than k bits set). */
static inline int32_t bench_nth_bit(uint64_t m, uint32_t k) {
  for (; k > 0; --k) m &= m - 1;
  return bench_lowest_bit(m);
}

/* A legal action id from a non-zero legal mask (mus_legal_mask()): a kind, then an id. */
static inline int32_t bench_pick_id(uint64_t mask, uint64_t* rng) {
  /* The blocks of the action-id space, one per kind of action (MUS_ACTION_ID_*). */
  static const uint64_t blocks[11] = {
      1ULL << MUS_ACTION_ID_SHUFFLE, 1ULL << MUS_ACTION_ID_MUS,      1ULL << MUS_ACTION_ID_CUT,
      0xFFFFULL << MUS_ACTION_ID_DISCARD, 1ULL << MUS_ACTION_ID_PASS, 0xFFFFULL << MUS_ACTION_ID_BET,
      1ULL << MUS_ACTION_ID_ORDAGO,  1ULL << MUS_ACTION_ID_ACCEPT,   1ULL << MUS_ACTION_ID_REJECT,
      0xFFFFULL << MUS_ACTION_ID_SIGNAL, 1ULL << MUS_ACTION_ID_PERETE};
  uint64_t kinds[11];
  uint32_t n = 0, i;
  uint64_t m;
  for (i = 0; i < 11; ++i)
    if ((mask & blocks[i]) != 0) kinds[n++] = mask & blocks[i];
  m = kinds[bench_below(rng, n)];
  if ((m & (m - 1)) == 0) return bench_nth_bit(m, 0);
  return bench_nth_bit(m, bench_below(rng, bench_popcount(m)));
}

#endif /* MUS_BENCH_RANDOM_POLICY_H */
