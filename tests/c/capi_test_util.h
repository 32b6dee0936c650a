/*
 * Helpers shared by the C99 test programs of the C API (include after check.h, from exactly one
 * translation unit per program): a small deterministic PRNG for random play, xorshift64*, whose
 * state g_rng a program may reseed (never to 0) before its first draw; and the public summary
 * of a state in a fresh struct.
 */
#ifndef MUS_TESTS_CAPI_TEST_UTIL_H
#define MUS_TESTS_CAPI_TEST_UTIL_H

#include <stdint.h>
#include <string.h>

#include "mus/mus.h"

static uint64_t g_rng = 0x2545F4914F6CDD1DULL;

static uint64_t rnd(void) {
  g_rng ^= g_rng >> 12;
  g_rng ^= g_rng << 25;
  g_rng ^= g_rng >> 27;
  return g_rng * 0x2545F4914F6CDD1DULL;
}

/* mus_state_info_get() into a fresh struct, counted as a check. */
static inline mus_state_info info_of(const mus_state* s) {
  mus_state_info info;
  memset(&info, 0, sizeof info);
  info.struct_size = sizeof info;
  CHECK_EQ(mus_state_info_get(s, &info), MUS_OK);
  return info;
}

#endif /* MUS_TESTS_CAPI_TEST_UTIL_H */
