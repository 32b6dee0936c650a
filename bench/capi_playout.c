/* Random playouts of whole hands through the C API alone (mus.h, libmus.so), the way a
 * binding drives the library: list the legal actions, complete the chosen one, apply it.
 * The choice is the same as BM_RandomPlayout's in bench_match.cpp: uniform among the listed
 * actions; a bet takes a random amount from mus_bet_limits() (mostly small), a discard a
 * random non-empty subset of the cards offered, a shuffle a random seed. C99. */
#include "capi_playout.h"

#include <mus/mus.h>
#include <string.h>

/* SplitMix64, as bench_match.cpp: cheap, so it does not hide the library's cost. */
static uint64_t next_random(uint64_t* state) {
  uint64_t z;
  *state += 0x9E3779B97F4A7C15ULL;
  z = *state;
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
  return z ^ (z >> 31);
}

static uint32_t random_below(uint64_t* state, uint32_t n) {
  return (uint32_t)(((uint64_t)(uint32_t)next_random(state) * n) >> 32);
}

int32_t capi_playout_init(capi_playout* p, const char* preset, uint64_t seed) {
  int32_t status;
  memset(p, 0, sizeof *p);
  p->rng = seed;
  status = mus_rules_preset(&p->rules, preset);
  if (status != MUS_OK) return status;
  return mus_state_new(&p->rules, 0, &p->state);
}

int32_t capi_playout_hand(capi_playout* p) {
  mus_action legal[16];
  int dealt = 0;
  for (;;) {
    size_t n = 0;
    mus_action a;
    int32_t status = mus_legal_actions(&p->state, legal, sizeof legal / sizeof legal[0], &n);
    if (status != MUS_OK) return status;
    if (n == 0) { /* the match is over: start another */
      status = mus_state_new(&p->rules, 0, &p->state);
      if (status != MUS_OK) return status;
      p->last_kind = 0;
      continue;
    }
    a = legal[random_below(&p->rng, (uint32_t)n)];
    switch (a.kind) {
      case MUS_ACTION_SHUFFLE:
        /* A shuffle right after a discard refills the stock (R15); any other deals a hand. */
        if (p->last_kind != MUS_ACTION_DISCARD) {
          if (dealt) return MUS_OK;
          dealt = 1;
        }
        a.seed = next_random(&p->rng);
        break;
      case MUS_ACTION_BET: {
        int32_t lo = 0;
        int32_t hi = 0;
        int32_t top;
        status = mus_bet_limits(&p->state, &lo, &hi);
        if (status != MUS_OK) return status;
        /* Mostly small bets, as players make them; now and then any legal amount. */
        top = (next_random(&p->rng) & 7U) == 0 ? hi : (lo + 8 < hi ? lo + 8 : hi);
        a.amount = lo + (int32_t)random_below(&p->rng, (uint32_t)(top - lo + 1));
        break;
      }
      case MUS_ACTION_DISCARD: {
        uint64_t pick = 0;
        while (pick == 0 && a.cards != 0) pick = a.cards & next_random(&p->rng);
        a.cards = pick;
        break;
      }
      default: break;
    }
    status = mus_apply(&p->state, &a, &p->state);
    if (status != MUS_OK) return status;
    p->last_kind = a.kind;
    ++p->steps;
  }
}
