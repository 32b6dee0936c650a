/*
 * A legal action id picked from a legal mask (mus_legal_mask(), the masks of mus_batch), for
 * the C99 programs that play batches at random: the batch's test (tests/c/test_capi_batch.c)
 * and its scaling driver (bench/scaling/batch_scaling.c). Header only, no state: the caller
 * brings the random or hashed number that decides.
 */
#ifndef MUS_TESTS_LEGAL_PICK_H
#define MUS_TESTS_LEGAL_PICK_H

#include <stdint.h>

/* SplitMix64: the next number of the sequence in *s (the mixer of mus::derive_seed(), as
   mus/bots.hpp defines it). */
static inline uint64_t splitmix64(uint64_t* s) {
  uint64_t z = (*s += 0x9E3779B97F4A7C15ULL);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
  return z ^ (z >> 31);
}

/* The id of one set bit of mask, chosen by r: the high 32 bits of r scaled to the number of set
   bits (multiply-shift) give its rank, lowest id first, so every legal id is equally likely
   when r is uniform. -1 for an empty mask. */
static inline int32_t pick_legal_id(uint64_t mask, uint64_t r) {
  uint64_t m = mask;
  int32_t n = 0, k;
  for (; m != 0; m &= m - 1) ++n;
  if (n == 0) return -1;
  k = (int32_t)(((r >> 32) * (uint64_t)n) >> 32);
  for (m = mask; k > 0; --k) m &= m - 1;
  for (n = 0; (m & 1u) == 0; m >>= 1) ++n;
  return n;
}

#endif /* MUS_TESTS_LEGAL_PICK_H */
