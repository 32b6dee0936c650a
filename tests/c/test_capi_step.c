/*
 * The C99 test of mus_step(): over random whole matches of several presets and variants, every
 * step made by mus_step() agrees with the separate calls it replaces (mus_apply_id(),
 * mus_legal_mask(), mus_state_info_get()); its points agree with the public events of the same
 * step (mus_apply_events(): dejes, tío Perete, the count) and, hand by hand, with the scores'
 * movement of the hand's count (mus_state_last_count()); and every error path leaves the
 * state and the report untouched.
 *
 * Ends with the line "N passed, M failed"; exits non-zero when anything failed.
 */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "mus/mus.h"

#include "check.h"
/* After check.h: */
#include "capi_test_util.h"

static mus_step_info fresh_info(void) {
  mus_step_info info;
  memset(&info, 0x5A, sizeof info);
  info.struct_size = sizeof info;
  return info;
}

static mus_count count_of(const mus_state* s) {
  mus_count c;
  memset(&c, 0, sizeof c);
  c.struct_size = sizeof c;
  CHECK_EQ(mus_state_last_count(s, &c), MUS_OK);
  return c;
}

/* A random legal id of a mask (non-zero). */
static int32_t pick(uint64_t mask) {
  int32_t ids[64];
  int n = 0, i;
  for (i = 0; i < 64; ++i)
    if ((mask >> i) & 1u) ids[n++] = i;
  return ids[rnd() % (uint64_t)n];
}

/* The points the public events of one step give each team: dejes (R26), tío Perete (R32) and
   the lines of the count (R28). */
static void event_points(const mus_event* ev, size_t n, int32_t points[2]) {
  size_t i;
  points[0] = points[1] = 0;
  for (i = 0; i < n; ++i) {
    if (ev[i].kind == MUS_EVENT_DEJE || ev[i].kind == MUS_EVENT_COUNT)
      points[ev[i].team] += ev[i].amount;
    else if (ev[i].kind == MUS_EVENT_PERETE)
      points[ev[i].team] += 1;
  }
}

struct tally {
  long steps, hands, counts, dejes, ordagos, games, nonzero;
};

static void play(const char* rules_text, int matches, struct tally* t) {
  mus_rules rules;
  int m;
  CHECK_EQ(mus_rules_parse(&rules, rules_text), MUS_OK);
  for (m = 0; m < matches; ++m) {
    mus_state s;
    int32_t hand_points[2] = {0, 0};
    int bad = 0;
    uint64_t mask = 0;
    CHECK_EQ(mus_state_new(&rules, m % 4, &s), MUS_OK);
    CHECK_EQ(mus_legal_mask(&s, &mask), MUS_OK);
    while (!bad && mask != 0) {
      const int32_t id = pick(mask);
      const uint64_t seed = rnd();
      mus_state by_step, by_id, by_events;
      mus_step_info info = fresh_info();
      mus_state_info want;
      mus_action a;
      mus_event ev[MUS_MAX_EVENTS];
      size_t n_ev = 0;
      uint64_t want_mask = 0;
      int32_t want_points[2];
      const mus_count before = count_of(&s);

      if (mus_step(&s, id, seed, &by_step, &info) != MUS_OK) {
        bad = 1;
        break;
      }
      /* The separate calls. */
      CHECK_EQ(mus_apply_id(&s, id, seed, &by_id), MUS_OK);
      CHECK(memcmp(&by_step, &by_id, sizeof by_id) == 0);
      CHECK_EQ(mus_legal_mask(&by_id, &want_mask), MUS_OK);
      want = info_of(&by_id);
      if (info.legal_mask != want_mask || info.phase != want.phase || info.to_act != want.to_act ||
          info.match_winner != want.match_winner || info.struct_size != sizeof info)
        bad = 1;
      /* The events of the same step. */
      CHECK_EQ(mus_action_from_id(&s, id, &a), MUS_OK);
      a.seed = seed;
      CHECK_EQ(mus_apply_events(&s, &a, &by_events, ev, MUS_MAX_EVENTS, &n_ev), MUS_OK);
      CHECK(memcmp(&by_events, &by_id, sizeof by_id) == 0);
      event_points(ev, n_ev, want_points);
      if (info.points[0] != want_points[0] || info.points[1] != want_points[1]) {
        printf("  %s: step points %d %d, events %d %d\n", rules_text, info.points[0],
               info.points[1], want_points[0], want_points[1]);
        bad = 1;
      }
      if (info.points[0] < 0 || info.points[1] < 0) bad = 1;
      if (info.points[0] + info.points[1] > 0) ++t->nonzero;
      hand_points[0] += info.points[0];
      hand_points[1] += info.points[1];
      /* A finished hand: its count is new, and the steps' points are its score movement. */
      {
        const mus_count after = count_of(&by_step);
        const int finished = after.number != before.number;
        if (info.hand_over != finished) bad = 1;
        if (finished) {
          ++t->hands;
          if (after.end == MUS_END_COUNT) ++t->counts;
          if (after.end == MUS_END_DEJE) ++t->dejes;
          if (after.end == MUS_END_ORDAGO) ++t->ordagos;
          if (after.game_winner >= 0) ++t->games;
          if (info.game_winner != after.game_winner) bad = 1;
          if (hand_points[0] != after.score_after[0] - after.score_before[0] ||
              hand_points[1] != after.score_after[1] - after.score_before[1]) {
            printf("  %s: hand %d points %d %d, count %d-%d %d-%d\n", rules_text, after.number,
                   hand_points[0], hand_points[1], after.score_after[0], after.score_before[0],
                   after.score_after[1], after.score_before[1]);
            bad = 1;
          }
          hand_points[0] = hand_points[1] = 0;
        } else if (info.game_winner != -1) {
          bad = 1;
        }
        /* Without a finished hand the points are the scores' movement. */
        if (!finished) {
          const mus_state_info was = info_of(&s);
          if (info.points[0] != want.score[0] - was.score[0] ||
              info.points[1] != want.score[1] - was.score[1])
            bad = 1;
        }
      }
      ++t->steps;
      s = by_step;
      mask = info.legal_mask;
    }
    CHECK(!bad);
    CHECK(info_of(&s).match_winner >= 0);
  }
}

static void error_paths(void) {
  mus_rules rules;
  mus_state s, out, before;
  mus_step_info info = fresh_info(), info_before;
  uint64_t mask = 0;
  CHECK_EQ(mus_rules_preset(&rules, "standard"), MUS_OK);
  CHECK_EQ(mus_state_new(&rules, 0, &s), MUS_OK);
  memset(&out, 0x77, sizeof out);
  before = out;
  info_before = info;
  CHECK_EQ(mus_step(NULL, 0, 1, &out, &info), MUS_E_INVALID_ARGUMENT);
  CHECK_EQ(mus_step(&s, 0, 1, NULL, &info), MUS_E_INVALID_ARGUMENT);
  info.struct_size = 4;
  info_before.struct_size = 4;
  CHECK_EQ(mus_step(&s, 0, 1, &out, &info), MUS_E_INVALID_ARGUMENT);
  info = fresh_info();
  info_before = info;
  CHECK_EQ(mus_step(&s, -1, 1, &out, &info), MUS_E_INVALID_ARGUMENT);
  CHECK_EQ(mus_step(&s, MUS_ACTION_ID_COUNT, 1, &out, &info), MUS_E_INVALID_ARGUMENT);
  CHECK_EQ(mus_step(&s, MUS_ACTION_ID_MUS, 1, &out, &info), MUS_E_WRONG_PHASE);
  CHECK(memcmp(&out, &before, sizeof out) == 0);
  CHECK(memcmp(&info, &info_before, sizeof info) == 0);
  {
    mus_state forged = s;
    forged.opaque[0] ^= 0xFFu;
    CHECK_EQ(mus_step(&forged, 0, 1, &out, &info), MUS_E_INVALID_STATE);
  }
  /* An illegal id (mus after the deal is legal; reject is not). */
  CHECK_EQ(mus_step(&s, MUS_ACTION_ID_SHUFFLE, 7, &s, &info), MUS_OK); /* in == out */
  CHECK_EQ(info.phase, MUS_PHASE_MUS);
  CHECK(info.to_act >= 0);
  CHECK_EQ(info.hand_over, 0);
  CHECK_EQ(info.game_winner, -1);
  CHECK_EQ(info.points[0] + info.points[1], 0);
  CHECK_EQ(mus_legal_mask(&s, &mask), MUS_OK);
  CHECK_EQ(info.legal_mask, mask);
  out = s;
  info_before = info;
  CHECK(mus_step(&s, MUS_ACTION_ID_REJECT, 0, &out, &info) != MUS_OK);
  CHECK(memcmp(&out, &s, sizeof out) == 0);
  CHECK(memcmp(&info, &info_before, sizeof info) == 0);
  /* No report asked: the step is made all the same. */
  CHECK_EQ(mus_step(&s, MUS_ACTION_ID_MUS, 0, &out, NULL), MUS_OK);
  CHECK(memcmp(&out, &s, sizeof out) != 0);
  /* A smaller struct_size gets that prefix only. */
  memset(&info, 0x5A, sizeof info);
  info.struct_size = 8;
  CHECK_EQ(mus_step(&s, MUS_ACTION_ID_MUS, 0, &out, &info), MUS_OK);
  CHECK_EQ(info.struct_size, 8);
  CHECK_EQ(info.phase, MUS_PHASE_MUS);
  CHECK_EQ(((const unsigned char*)&info)[8], 0x5A);
}

int main(void) {
  struct tally t;
  g_rng = 0x9E3779B97F4A7C15ULL;
  memset(&t, 0, sizeof t);
  error_paths();
  play("standard", 300, &t);
  play("spain target=15", 200, &t);
  play("basque tio_perete=1", 200, &t);
  play("online target=20", 300, &t);
  play("standard deje_ends=0 zero_discard=1 mus_corrido=game target=20", 300, &t);
  printf(
      "%ld steps, %ld hands (%ld counts, %ld dejes, %ld ordagos), %ld games, %ld scoring "
      "steps\n",
      t.steps, t.hands, t.counts, t.dejes, t.ordagos, t.games, t.nonzero);
  /* The play reached every way a hand ends, so each path of the points was checked. */
  CHECK(t.counts > 0);
  CHECK(t.dejes > 0);
  CHECK(t.ordagos > 0);
  return check_summary();
}
