/* A match driven through the C API, quoted by docs/embedding.md: states are values the caller
 * owns and copies, output structs are sized with struct_size, and every call returns a status.
 * Compiled as C99 and run as the test docs.snippet.match-c; it exits non-zero on any surprise. */
#include <stdio.h>
#include <string.h>

#include <mus/mus.h>

/* The first legal action of a kind, or NULL. */
static const mus_action* find_kind(const mus_action* list, size_t n, int32_t kind) {
  size_t i;
  for (i = 0; i < n; ++i)
    if (list[i].kind == kind) return &list[i];
  return NULL;
}

int main(void) {
  /*! [new] */
  mus_rules rules;
  mus_state state; /* a plain value: on the stack, in an array, in a file; nothing to free */
  if (mus_rules_preset(&rules, "online") != MUS_OK) return 1;
  if (mus_state_new(&rules, 0, &state) != MUS_OK) return 1;
  /*! [new] */

  /*! [loop] */
  mus_state_info info;
  uint64_t seed = 2024;
  int32_t status;
  for (;;) {
    info.struct_size = sizeof info; /* output structs: say how big yours is */
    if (mus_state_info_get(&state, &info) != MUS_OK) return 1;
    if (info.phase == MUS_PHASE_MATCH_OVER) break;

    mus_action legal[MUS_MAX_LEGAL_ACTIONS]; /* always enough */
    size_t n = 0;
    status = mus_legal_actions(&state, legal, MUS_MAX_LEGAL_ACTIONS, &n);
    if (status != MUS_OK || n == 0) return 1;

    /* Chance first, then a simple table: cut, pass, accept any bet, declare tío Perete. */
    mus_action a;
    const mus_action* pick = find_kind(legal, n, MUS_ACTION_SHUFFLE);
    if (pick == NULL) pick = find_kind(legal, n, MUS_ACTION_CUT);
    if (pick == NULL) pick = find_kind(legal, n, MUS_ACTION_PERETE);
    if (pick == NULL) pick = find_kind(legal, n, MUS_ACTION_PASS);
    if (pick == NULL) pick = find_kind(legal, n, MUS_ACTION_ACCEPT);
    if (pick == NULL) return 1;
    a = *pick;
    if (a.kind == MUS_ACTION_SHUFFLE) a.seed = seed++;

    status = mus_apply(&state, &a, &state); /* in == out is allowed */
    if (status != MUS_OK) {
      fprintf(stderr, "mus_apply: %s\n", mus_status_string(status));
      return 1;
    }
  }
  printf("team %d wins the match\n", info.match_winner);
  /*! [loop] */

  /*! [count] */
  /* How the last hand was counted, lance by lance (R28, R29). */
  mus_count count;
  count.struct_size = sizeof count;
  if (mus_state_last_count(&state, &count) != MUS_OK) return 1;
  printf("hand %d: %d-%d before, %d-%d after\n", count.number, count.score_before[0],
         count.score_before[1], count.score_after[0], count.score_after[1]);
  /*! [count] */

  /*! [values] */
  /* A copy is a memcpy; a refused action leaves the output untouched. */
  mus_state copy;
  memcpy(&copy, &state, sizeof state);
  mus_action late;
  memset(&late, 0, sizeof late); /* reserved fields must be zero */
  late.kind = MUS_ACTION_PASS;
  late.seat = 0;
  status = mus_apply(&copy, &late, &copy);
  printf("a pass after the end: %s\n", mus_status_string(status));
  if (status != MUS_E_MATCH_OVER || memcmp(&copy, &state, sizeof state) != 0) return 1;
  /*! [values] */
  return 0;
}
