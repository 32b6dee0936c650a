/* The native figures for bench/js_playout.mjs, with the same work as its WebAssembly runs:
 *   native_playouts step <n>   n hands by a mus_step loop, the random player of bench/
 *                              (random_policy.h: a legal kind of action, then one of its ids);
 *   native_playouts bot <n>    n hands by mus_bot_playouts with the random bot.
 * Prints "<n> <seconds>". */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "mus/mus.h"
#include "random_policy.h" /* the project's random player, kind first then id */

static double now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

static int step_loop(const mus_state* start, int32_t n) {
  mus_state a, b;
  mus_step_info info;
  uint64_t rng = 12345u;
  for (int32_t h = 0; h < n; h++) {
    info.struct_size = sizeof info;
    if (mus_step(start, 0, (uint64_t)h, &a, &info) != MUS_OK) return 1;
    mus_state* cur = &a;
    mus_state* next = &b;
    while (!info.hand_over) {
      const int32_t id = bench_pick_id(info.legal_mask, &rng);
      if (mus_step(cur, id, 0, next, &info) != MUS_OK) return 1;
      mus_state* t = cur;
      cur = next;
      next = t;
    }
  }
  return 0;
}

int main(int argc, char** argv) {
  if (argc != 3) {
    fprintf(stderr, "usage: native_playouts step|bot <hands>\n");
    return 2;
  }
  const int32_t n = atoi(argv[2]);
  mus_rules rules;
  mus_state s;
  mus_bot_config bot;
  if (mus_rules_preset(&rules, "standard") != MUS_OK || mus_state_new(&rules, 0, &s) != MUS_OK ||
      mus_bot_config_default(MUS_BOT_RANDOM, &bot) != MUS_OK)
    return 1;
  const double t0 = now();
  int rc = 0;
  if (strcmp(argv[1], "step") == 0) {
    rc = step_loop(&s, n);
  } else {
    int32_t* points = malloc(sizeof(int32_t) * 2 * (size_t)n);
    if (points == NULL) return 1;
    rc = mus_bot_playouts(&s, &bot, 12345u, 0, n, MUS_PLAYOUT_HAND, points) != MUS_OK;
    free(points);
  }
  const double t1 = now();
  if (rc != 0) return 1;
  printf("%d %.6f\n", n, t1 - t0);
  return 0;
}
