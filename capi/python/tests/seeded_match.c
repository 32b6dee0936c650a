/* The reference side of the fresh-venv install test (venv_install_check.py): plays one seeded
 * match through the C API and prints how it ended. The Python side plays the same match with the
 * same choices through the installed package; the two outputs must be equal.
 *
 * Choices: a 64-bit linear congruential generator x' = x * 6364136223846793005 +
 * 1442695040888963407 (mod 2^64), started at the seed. At each step, x advances once; a shuffle
 * uses x as its seed; a seat plays the legal id number (x >> 33) % n, counting the n set bits
 * of the legal mask from bit 0.
 *
 *     seeded_match <rules preset> <first dealer> <seed>
 * prints: score A B games A B vacas A B winner W hands H steps N
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>

#include "mus/mus.h"

static int fail(const char* what, int32_t status) {
  fprintf(stderr, "seeded_match: %s: %s\n", what, mus_status_string(status));
  return 1;
}

int main(int argc, char** argv) {
  if (argc != 4) {
    fprintf(stderr, "usage: seeded_match <rules preset> <first dealer> <seed>\n");
    return 2;
  }
  mus_rules rules;
  int32_t status = mus_rules_preset(&rules, argv[1]);
  if (status != MUS_OK) return fail("mus_rules_preset", status);
  mus_state state;
  status = mus_state_new(&rules, (int32_t)atoi(argv[2]), &state);
  if (status != MUS_OK) return fail("mus_state_new", status);
  uint64_t x = strtoull(argv[3], NULL, 10);
  mus_state_info info;
  info.struct_size = sizeof info;
  long steps = 0;
  for (;;) {
    status = mus_state_info_get(&state, &info);
    if (status != MUS_OK) return fail("mus_state_info_get", status);
    if (info.phase == MUS_PHASE_MATCH_OVER) break;
    x = x * 6364136223846793005ULL + 1442695040888963407ULL;
    int32_t id = MUS_ACTION_ID_SHUFFLE;
    if (info.to_act >= 0) {
      uint64_t mask = 0;
      status = mus_legal_mask(&state, &mask);
      if (status != MUS_OK) return fail("mus_legal_mask", status);
      int n = 0;
      for (int bit = 0; bit < 64; ++bit) n += (int)((mask >> bit) & 1u);
      int pick = (int)((x >> 33) % (uint64_t)n);
      for (id = 0; id < 64; ++id) {
        if (((mask >> id) & 1u) && pick-- == 0) break;
      }
    }
    status = mus_apply_id(&state, id, x, &state);
    if (status != MUS_OK) return fail("mus_apply_id", status);
    ++steps;
  }
  printf("score %d %d games %d %d vacas %d %d winner %d hands %d steps %ld\n", info.score[0],
         info.score[1], info.games[0], info.games[1], info.vacas[0], info.vacas[1],
         info.match_winner, info.hand_number, steps);
  return 0;
}
