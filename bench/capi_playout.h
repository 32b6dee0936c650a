/* Random playouts through the C API (capi_playout.c), for the benchmarks in C++. */
#ifndef MUS_BENCH_CAPI_PLAYOUT_H
#define MUS_BENCH_CAPI_PLAYOUT_H

#include <mus/mus.h>

#ifdef __cplusplus
extern "C" {
#endif

/* One playout in progress: the match, its rules, the player's randomness and counters. */
typedef struct capi_playout {
  mus_rules rules;
  mus_state state;
  uint64_t rng;    /* SplitMix64 state (random_policy.h) */
  int32_t last_id; /* action id applied last, -1 at the start of a match */
  int64_t steps;   /* actions applied */
  uint64_t mask;   /* legal mask of `state` (capi_playout_hand_step) */
} capi_playout;

/* Starts a playout under the preset `preset` ("standard", ...) with the random seed `seed`.
 * Returns MUS_OK or the status of the first call that failed. */
int32_t capi_playout_init(capi_playout* p, const char* preset, uint64_t seed);

/* Plays one hand: from its shuffle to the next hand's shuffle (a new match starts when one
 * ends). Returns MUS_OK or the failing status. */
int32_t capi_playout_hand(capi_playout* p);

/* Plays one hand as capi_playout_hand() does, with one mus_step() per action (the mask and the
 * end of the hand come from its report): from the hand's shuffle to its end. */
int32_t capi_playout_hand_step(capi_playout* p);

#ifdef __cplusplus
}
#endif

#endif
