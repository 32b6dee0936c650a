/* Random playouts of whole hands through the C API alone (mus.h, libmus.so), the way a
 * binding drives the library: the legal action ids (mus_legal_mask), one picked by the
 * benchmarks' random player (random_policy.h, the same as BM_RandomPlayout's), applied by id
 * (mus_apply_id); or both in one call per step (mus_step). C99. */
#include "capi_playout.h"

#include <mus/mus.h>
#include <string.h>

#include "random_policy.h"

int32_t capi_playout_init(capi_playout* p, const char* preset, uint64_t seed) {
  int32_t status;
  memset(p, 0, sizeof *p);
  p->rng = seed;
  p->last_id = -1;
  status = mus_rules_preset(&p->rules, preset);
  if (status != MUS_OK) return status;
  return mus_state_new(&p->rules, 0, &p->state);
}

/* A shuffle due right after a discard refills the stock (R15); any other deals a new hand. */
static int refill_due(int32_t last_id) {
  return last_id >= MUS_ACTION_ID_DISCARD && last_id < MUS_ACTION_ID_DISCARD + 16;
}

int32_t capi_playout_hand(capi_playout* p) {
  int dealt = 0;
  for (;;) {
    uint64_t mask = 0;
    uint64_t seed = 0;
    int32_t id;
    int32_t status = mus_legal_mask(&p->state, &mask);
    if (status != MUS_OK) return status;
    if (mask == 0) { /* the match is over: start another */
      status = mus_state_new(&p->rules, 0, &p->state);
      if (status != MUS_OK) return status;
      p->last_id = -1;
      continue;
    }
    if (mask == (1ULL << MUS_ACTION_ID_SHUFFLE) && !refill_due(p->last_id)) {
      if (dealt) return MUS_OK;
      dealt = 1;
    }
    id = bench_pick_id(mask, &p->rng);
    if (id == MUS_ACTION_ID_SHUFFLE) seed = bench_rng_next(&p->rng);
    status = mus_apply_id(&p->state, id, seed, &p->state);
    if (status != MUS_OK) return status;
    p->last_id = id;
    ++p->steps;
  }
}

int32_t capi_playout_hand_step(capi_playout* p) {
  mus_step_info info;
  info.struct_size = sizeof info;
  for (;;) {
    uint64_t seed = 0;
    int32_t id;
    int32_t status;
    if (p->last_id < 0) { /* a new match: its mask once, then each step reports the next */
      status = mus_legal_mask(&p->state, &p->mask);
      if (status != MUS_OK) return status;
    }
    if (p->mask == 0) { /* the match is over: start another */
      status = mus_state_new(&p->rules, 0, &p->state);
      if (status != MUS_OK) return status;
      p->last_id = -1;
      continue;
    }
    id = bench_pick_id(p->mask, &p->rng);
    if (id == MUS_ACTION_ID_SHUFFLE) seed = bench_rng_next(&p->rng);
    status = mus_step(&p->state, id, seed, &p->state, &info);
    if (status != MUS_OK) return status;
    p->last_id = id;
    p->mask = info.legal_mask;
    ++p->steps;
    if (info.hand_over) return MUS_OK;
  }
}
