/*
 * The C99 test of the batch (mus_batch_*, experimental): the arrays are bit-identical for 1, 2, 3
 * and 4 threads and batch sizes 1, 7, 300 and 1,000 over hundreds of steps; a game of a batch is
 * the match that
 * mus_state_new() and mus_step() play with the shuffle seeds mus_batch_new() documents; the
 * points rewards are each hand's count (mus_state_last_count()), over every preset and the
 * variants that change the flow of a hand; a finished match gives its reward once and starts
 * again (auto-reset); truncation; the handle: made and freed, its arrays bound once and written
 * in place, every bad argument refused with nothing changed (the lowest bad game named, whichever
 * thread checked it). It carries the labels memcheck (valgrind: nothing leaks, no thread's memory
 * is read uninitialised) and threads (the tsan preset runs it under ThreadSanitizer).
 *
 * Ends with the line "N passed, M failed"; exits non-zero when anything failed.
 */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MUS_EXPERIMENTAL
#include "mus/mus.h"

#include "check.h"
/* After check.h: */
#include "capi_test_util.h"
#include "legal_pick.h"

#define T MUS_VIEW_TENSOR_SIZE

/* A batch and its output arrays, all on the heap. */
struct run {
  int32_t n;
  mus_batch* batch;
  int32_t* actions;
  int32_t* seat;
  uint64_t* mask;
  float* rewards;
  uint8_t* done;
  uint8_t* truncated;
  mus_batch_info* info;
  float* obs;
};

static void* zalloc(size_t bytes) {
  void* p = calloc(bytes == 0 ? 1 : bytes, 1);
  if (p == NULL) {
    printf("out of memory\n");
    exit(2);
  }
  return p;
}

/* A batch of n games with every array bound (observations only when `obs`). */
static struct run open_run(const mus_rules* rules, int32_t n, int32_t threads, int32_t reward,
                           int32_t max_steps, int32_t first_dealer, int obs) {
  struct run r;
  mus_batch_config c;
  memset(&r, 0, sizeof r);
  CHECK_EQ(mus_batch_config_default(n, &c), MUS_OK);
  c.threads = threads;
  c.reward = reward;
  c.max_steps = max_steps;
  c.first_dealer = first_dealer;
  r.n = n;
  r.actions = (int32_t*)zalloc(sizeof(int32_t) * (size_t)n);
  r.seat = (int32_t*)zalloc(sizeof(int32_t) * (size_t)n);
  r.mask = (uint64_t*)zalloc(sizeof(uint64_t) * (size_t)n);
  r.rewards = (float*)zalloc(sizeof(float) * 2 * (size_t)n);
  r.done = (uint8_t*)zalloc((size_t)n);
  r.truncated = (uint8_t*)zalloc((size_t)n);
  r.info = (mus_batch_info*)zalloc(sizeof(mus_batch_info) * (size_t)n);
  r.obs = obs ? (float*)zalloc(sizeof(float) * T * (size_t)n) : NULL;
  CHECK_EQ(mus_batch_new(rules, &c, r.seat, r.mask, r.rewards, r.done, r.truncated, r.info, r.obs,
                         &r.batch),
           MUS_OK);
  return r;
}

static void close_run(struct run* r) {
  mus_batch_free(r->batch);
  free(r->actions);
  free(r->seat);
  free(r->mask);
  free(r->rewards);
  free(r->done);
  free(r->truncated);
  free(r->info);
  free(r->obs);
}

/* The action of game g at step k: a legal id chosen by a hash of (g, k), so that a game plays
   the same actions in every batch that holds it. */
static int32_t choose(uint64_t mask, int32_t g, int32_t k) {
  uint64_t h = ((uint64_t)g * 0x9E3779B97F4A7C15ULL) ^ ((uint64_t)k * 0xBF58476D1CE4E5B9ULL);
  h ^= h >> 31;
  h *= 0x94D049BB133111EBULL;
  h ^= h >> 29;
  return pick_legal_id(mask, h);
}

/* FNV-1a over bytes, per game: what game g's outputs were at every step. */
static void fnv(uint64_t* h, const void* p, size_t n) {
  const unsigned char* b = (const unsigned char*)p;
  size_t i;
  for (i = 0; i < n; ++i) {
    *h ^= b[i];
    *h *= 0x100000001B3ULL;
  }
}

static void digest_game(const struct run* r, int32_t g, int with_step, uint64_t* h) {
  fnv(h, &r->seat[g], sizeof r->seat[g]);
  fnv(h, &r->mask[g], sizeof r->mask[g]);
  fnv(h, &r->obs[(size_t)g * T], sizeof(float) * T);
  if (!with_step) return;
  fnv(h, &r->rewards[2 * g], 2 * sizeof(float));
  fnv(h, &r->done[g], 1);
  fnv(h, &r->truncated[g], 1);
  fnv(h, &r->info[g], sizeof r->info[g]);
}

enum { STEPS = 250, SIZES = 4, THREADS = 4, MAX_N = 1000 };

/* Plays STEPS steps and writes each game's digest to digests[g]. */
static void play(const mus_rules* rules, int32_t n, int32_t threads, int32_t max_steps,
                 uint64_t seed, uint64_t* digests, long* dones, long* truncs) {
  struct run r = open_run(rules, n, threads, MUS_BATCH_REWARD_POINTS, max_steps, -1, 1);
  int32_t g, k;
  for (g = 0; g < n; ++g) digests[g] = 0xCBF29CE484222325ULL;
  CHECK_EQ(mus_batch_reset(r.batch, seed), MUS_OK);
  for (g = 0; g < n; ++g) digest_game(&r, g, 0, &digests[g]);
  for (k = 0; k < STEPS; ++k) {
    for (g = 0; g < n; ++g) r.actions[g] = choose(r.mask[g], g, k);
    if (CHECK_EQ(mus_batch_step(r.batch, r.actions), MUS_OK) == 0) break;
    for (g = 0; g < n; ++g) {
      digest_game(&r, g, 1, &digests[g]);
      *dones += r.done[g];
      *truncs += r.truncated[g];
    }
  }
  close_run(&r);
}

/* 1, 2, 3 and 4 threads (a batch uses one per 64 games at most: 300 games split 64 + 64 + 172
   on 3 threads, 1,000 games in four ranges of whole 64-game chunks), 1, 7, 300 and 1,000 games,
   the same seed: game g's digest over every array at every step is the same in every run. */
static void test_bit_identical(void) {
  static uint64_t d[THREADS][SIZES][MAX_N];
  const int32_t sizes[SIZES] = {1, 7, 300, MAX_N};
  mus_rules rules;
  long dones = 0, truncs = 0;
  const uint64_t seed = rnd();
  int t, s, g, differ = 0;
  CHECK_EQ(mus_rules_parse(&rules, "standard target=10"), MUS_OK);
  for (t = 0; t < THREADS; ++t)
    for (s = 0; s < SIZES; ++s) play(&rules, sizes[s], t + 1, 150, seed, d[t][s], &dones, &truncs);
  for (t = 0; t < THREADS; ++t)
    for (s = 0; s < SIZES; ++s)
      for (g = 0; g < sizes[s]; ++g) differ += d[t][s][g] != d[0][SIZES - 1][g];
  CHECK_EQ(differ, 0);
  CHECK(dones > 0);  /* matches ended and restarted along the way */
  CHECK(truncs > 0); /* and some were truncated */
  /* Distinct games play distinct matches. */
  CHECK(d[0][SIZES - 1][0] != d[0][SIZES - 1][1]);
}

/* mus::derive_seed() as mus/bots.hpp defines it, for the seeds the batch documents. */
static uint64_t derive_seed(uint64_t base, uint64_t stream, uint64_t index) {
  uint64_t s = base ^ (stream * 0xD1B54A32D192ED03ULL);
  (void)splitmix64(&s);
  s ^= index * 0xA0761D6478BD642FULL;
  return splitmix64(&s);
}

/* A game of a batch is the match mus_step() plays with the documented seeds, step by step
   (the states equal byte for byte), its points rewards are the sums of mus_step()'s points over
   each hand, and they equal the hand's count. Played with the match reward as well: the same
   states, the rewards only at the match's end. */
static void test_same_as_mus_step(const char* rules_text, int32_t reward) {
  enum { N = 5, G = 3, K = 2000 };
  mus_rules rules;
  struct run r;
  mus_state s, from_batch;
  mus_step_info info;
  uint64_t base = derive_seed(7, 5, G), shuffles = 0, matches = 0;
  int32_t hand[2] = {0, 0}, k, g, ends = 0, hands = 0;
  float total[2] = {0, 0};
  CHECK_EQ(mus_rules_parse(&rules, rules_text), MUS_OK);
  r = open_run(&rules, N, 2, reward, 0, -1, 0);
  CHECK_EQ(mus_batch_reset(r.batch, 7), MUS_OK);
  memset(&info, 0, sizeof info);
  info.struct_size = sizeof info;

#define NEW_MATCH()                                                                          \
  do {                                                                                       \
    CHECK_EQ(mus_state_new(&rules, (int32_t)(derive_seed(base, 2, matches++) % 4), &s),      \
             MUS_OK);                                                                        \
    do                                                                                       \
      CHECK_EQ(mus_step(&s, 0, derive_seed(base, 1, shuffles++), &s, &info), MUS_OK);        \
    while (info.to_act < 0);                                                                 \
  } while (0)

  NEW_MATCH();
  for (k = 0; k < K; ++k) {
    int32_t id = choose(r.mask[G], G, k);
    CHECK_EQ(mus_batch_state(r.batch, G, &from_batch), MUS_OK);
    if (!CHECK(memcmp(&s, &from_batch, sizeof s) == 0)) break;
    for (g = 0; g < N; ++g) r.actions[g] = choose(r.mask[g], g, k);
    CHECK_EQ(mus_batch_step(r.batch, r.actions), MUS_OK);
    CHECK_EQ(mus_step(&s, id, 0, &s, &info), MUS_OK);
    hand[0] += info.points[0];
    hand[1] += info.points[1];
    CHECK_EQ(r.info[G].hand_over, info.hand_over);
    CHECK_EQ(r.info[G].game_winner, info.game_winner);
    CHECK_EQ(r.info[G].match_winner, info.match_winner);
    CHECK_EQ(r.done[G], info.match_winner >= 0);
    CHECK_EQ(r.truncated[G], 0);
    total[0] += r.rewards[2 * G];
    total[1] += r.rewards[2 * G + 1];
    if (info.hand_over) {
      mus_count c;
      ++hands;
      memset(&c, 0, sizeof c);
      c.struct_size = sizeof c;
      CHECK_EQ(mus_state_last_count(&s, &c), MUS_OK);
      CHECK_EQ(hand[0], c.score_after[0] - c.score_before[0]);
      CHECK_EQ(hand[1], c.score_after[1] - c.score_before[1]);
      if (reward == MUS_BATCH_REWARD_POINTS) {
        CHECK_EQ((int32_t)r.rewards[2 * G], hand[0]);
        CHECK_EQ((int32_t)r.rewards[2 * G + 1], hand[1]);
      }
      hand[0] = hand[1] = 0;
    } else if (reward == MUS_BATCH_REWARD_POINTS) {
      CHECK(r.rewards[2 * G] == 0 && r.rewards[2 * G + 1] == 0);
    }
    if (reward == MUS_BATCH_REWARD_MATCH) {
      const float want0 = info.match_winner < 0 ? 0.0f : info.match_winner == 0 ? 1.0f : -1.0f;
      CHECK(r.rewards[2 * G] == want0 && r.rewards[2 * G + 1] == -want0);
    }
    if (info.to_act < 0 && info.match_winner < 0)
      do
        CHECK_EQ(mus_step(&s, 0, derive_seed(base, 1, shuffles++), &s, &info), MUS_OK);
      while (info.to_act < 0);
    if (info.match_winner >= 0) {
      ++ends;
      NEW_MATCH(); /* the batch restarted the game: so does the replay */
    }
    CHECK_EQ(r.seat[G], info.to_act);
    CHECK(r.mask[G] == info.legal_mask);
  }
#undef NEW_MATCH
  CHECK(ends >= 2); /* auto-reset happened, and was followed */
  CHECK(hands > ends);
  if (reward == MUS_BATCH_REWARD_MATCH) {
    /* Each finished match gave +1/-1 once: the totals are wins minus losses, opposite. */
    CHECK(total[0] == -total[1]);
    CHECK(total[0] >= (float)-ends && total[0] <= (float)ends);
  }
  close_run(&r);
}

/* The episode ends: max_steps truncates, the reward and the flag are reported once, and the
   game starts a new match with its first decision in the same call. */
static void test_truncation(void) {
  mus_rules rules;
  struct run r;
  mus_state s;
  mus_state_info si;
  int32_t k, g;
  CHECK_EQ(mus_rules_preset(&rules, "standard"), MUS_OK);
  r = open_run(&rules, 3, 1, MUS_BATCH_REWARD_POINTS, 5, 0, 0);
  CHECK_EQ(mus_batch_reset(r.batch, 1), MUS_OK);
  for (k = 1; k <= 10; ++k) {
    for (g = 0; g < 3; ++g) r.actions[g] = choose(r.mask[g], g, k);
    CHECK_EQ(mus_batch_step(r.batch, r.actions), MUS_OK);
    for (g = 0; g < 3; ++g) {
      CHECK_EQ(r.truncated[g], k % 5 == 0);
      CHECK_EQ(r.done[g], 0);
    }
    if (k % 5 == 0) {
      CHECK_EQ(mus_batch_state(r.batch, 1, &s), MUS_OK);
      si = info_of(&s);
      CHECK_EQ(si.hand_number, 1);
      CHECK_EQ(si.dealer, 0);
      CHECK(si.score[0] == 0 && si.score[1] == 0);
      CHECK_EQ(r.seat[1], si.to_act);
    }
  }
  close_run(&r);
}

/* mus_batch_new() with the arrays of a run and the configuration c; *out gets the batch. */
static int32_t new_batch(const mus_rules* rules, const mus_batch_config* c, struct run* r,
                         mus_batch** out) {
  return mus_batch_new(rules, c, r->seat, r->mask, r->rewards, r->done, r->truncated, r->info,
                       r->obs, out);
}

/* Every refused configuration: MUS_E_INVALID_ARGUMENT (MUS_E_INVALID_RULES for rules that break
   a limit), the reason in mus_last_error(), and *out left as it was. */
static void test_new_refusals(void) {
  mus_rules rules;
  mus_batch_config c;
  struct run r;
  mus_batch* const untouched = (mus_batch*)&rules; /* a marker, never used as a batch */
  mus_batch* b = untouched;
  CHECK_EQ(mus_rules_preset(&rules, "standard"), MUS_OK);
  memset(&r, 0, sizeof r); /* every array NULL: allowed */

  CHECK_EQ(mus_batch_config_default(0, &c), MUS_E_INVALID_ARGUMENT);
  CHECK_EQ(mus_batch_config_default(MUS_BATCH_MAX_GAMES + 1, &c), MUS_E_INVALID_ARGUMENT);
  CHECK_EQ(mus_batch_config_default(4, NULL), MUS_E_INVALID_ARGUMENT);
  CHECK_EQ(mus_batch_config_default(4, &c), MUS_OK);
  CHECK(c.struct_size == sizeof c && c.games == 4 && c.threads == 1 && c.first_dealer == 0 &&
        c.reward == MUS_BATCH_REWARD_POINTS && c.max_steps == 0);

  CHECK_EQ(new_batch(&rules, &c, &r, NULL), MUS_E_INVALID_ARGUMENT);
  CHECK(strstr(mus_last_error(), "out is NULL") != NULL);
  CHECK_EQ(new_batch(NULL, &c, &r, &b), MUS_E_INVALID_ARGUMENT);
  CHECK(strstr(mus_last_error(), "rules") != NULL);
  CHECK_EQ(new_batch(&rules, NULL, &r, &b), MUS_E_INVALID_ARGUMENT);
  CHECK(strstr(mus_last_error(), "config") != NULL);
  c.games = 0;
  CHECK_EQ(new_batch(&rules, &c, &r, &b), MUS_E_INVALID_ARGUMENT);
  CHECK(strstr(mus_last_error(), "games") != NULL);
  c.games = MUS_BATCH_MAX_GAMES + 1;
  CHECK_EQ(new_batch(&rules, &c, &r, &b), MUS_E_INVALID_ARGUMENT);
  c.games = 4;
  c.threads = 0;
  CHECK_EQ(new_batch(&rules, &c, &r, &b), MUS_E_INVALID_ARGUMENT);
  CHECK(strstr(mus_last_error(), "threads") != NULL);
  c.threads = MUS_BATCH_MAX_THREADS + 1;
  CHECK_EQ(new_batch(&rules, &c, &r, &b), MUS_E_INVALID_ARGUMENT);
  c.threads = 1;
  c.first_dealer = 4;
  CHECK_EQ(new_batch(&rules, &c, &r, &b), MUS_E_INVALID_ARGUMENT);
  CHECK(strstr(mus_last_error(), "first_dealer") != NULL);
  c.first_dealer = -2;
  CHECK_EQ(new_batch(&rules, &c, &r, &b), MUS_E_INVALID_ARGUMENT);
  c.first_dealer = 0;
  c.reward = 2;
  CHECK_EQ(new_batch(&rules, &c, &r, &b), MUS_E_INVALID_ARGUMENT);
  CHECK(strstr(mus_last_error(), "reward") != NULL);
  c.reward = 0;
  c.max_steps = -1;
  CHECK_EQ(new_batch(&rules, &c, &r, &b), MUS_E_INVALID_ARGUMENT);
  CHECK(strstr(mus_last_error(), "max_steps") != NULL);
  c.max_steps = 0;
  c.reserved[2] = 1;
  CHECK_EQ(new_batch(&rules, &c, &r, &b), MUS_E_INVALID_ARGUMENT);
  CHECK(strstr(mus_last_error(), "reserved") != NULL);
  c.reserved[2] = 0;
  c.struct_size = 8;
  CHECK_EQ(new_batch(&rules, &c, &r, &b), MUS_E_INVALID_ARGUMENT);
  CHECK(strstr(mus_last_error(), "struct_size") != NULL);
  c.struct_size = sizeof c;
  rules.target = 0;
  CHECK_EQ(new_batch(&rules, &c, &r, &b), MUS_E_INVALID_RULES);
  CHECK_EQ(mus_rules_preset(&rules, "standard"), MUS_OK);
  rules.struct_size = 4;
  CHECK_EQ(new_batch(&rules, &c, &r, &b), MUS_E_INVALID_ARGUMENT);
  CHECK(b == untouched);
  CHECK_EQ(mus_rules_preset(&rules, "standard"), MUS_OK);

  /* Every array may be NULL: the batch then only keeps its games. */
  c.threads = 2;
  c.games = 200;
  CHECK_EQ(new_batch(&rules, &c, &r, &b), MUS_OK);
  CHECK(b != untouched && b != NULL);
  CHECK_EQ(mus_batch_reset(b, 3), MUS_OK);
  {
    mus_state s;
    int32_t* actions = (int32_t*)zalloc(sizeof(int32_t) * 200);
    int32_t g;
    uint64_t legal = 0;
    for (g = 0; g < 200; ++g) {
      CHECK_EQ(mus_batch_state(b, g, &s), MUS_OK);
      CHECK_EQ(mus_legal_mask(&s, &legal), MUS_OK);
      actions[g] = choose(legal, g, 0);
    }
    CHECK_EQ(mus_batch_step(b, actions), MUS_OK);
    free(actions);
  }
  mus_batch_free(b);
  mus_batch_free(NULL); /* ignored, as free(NULL) */
}

/* The calls on a batch: every refusal, and that nothing moved when a step is refused. */
static void test_bad_arguments(void) {
  enum { N = 600 }; /* 4 threads of 2, 3, 2 and 3 chunks of 64 games */
  mus_rules rules;
  struct run r;
  static mus_state before[N], after[N];
  int32_t g, moved = 0;
  CHECK_EQ(mus_rules_preset(&rules, "standard"), MUS_OK);

  CHECK_EQ(mus_batch_reset(NULL, 1), MUS_E_INVALID_ARGUMENT);
  CHECK_EQ(mus_batch_step(NULL, NULL), MUS_E_INVALID_ARGUMENT);
  CHECK(strstr(mus_last_error(), "batch is NULL") != NULL);
  CHECK_EQ(mus_batch_state(NULL, 0, &before[0]), MUS_E_INVALID_ARGUMENT);

  r = open_run(&rules, N, 4, MUS_BATCH_REWARD_POINTS, 0, 0, 1);
  /* Before the first reset. */
  CHECK_EQ(mus_batch_step(r.batch, r.actions), MUS_E_WRONG_PHASE);
  CHECK(strstr(mus_last_error(), "mus_batch_reset") != NULL);
  CHECK_EQ(mus_batch_state(r.batch, 0, &before[0]), MUS_E_WRONG_PHASE);
  CHECK_EQ(mus_batch_reset(r.batch, 5), MUS_OK);
  CHECK_EQ(mus_batch_state(r.batch, N, &before[0]), MUS_E_INVALID_ARGUMENT);
  CHECK_EQ(mus_batch_state(r.batch, -1, &before[0]), MUS_E_INVALID_ARGUMENT);
  CHECK_EQ(mus_batch_state(r.batch, 0, NULL), MUS_E_INVALID_ARGUMENT);
  CHECK_EQ(mus_batch_step(r.batch, NULL), MUS_E_INVALID_ARGUMENT);
  CHECK(strstr(mus_last_error(), "actions is NULL") != NULL);
  for (g = 0; g < N; ++g) {
    CHECK_EQ(mus_batch_state(r.batch, g, &before[g]), MUS_OK);
    r.actions[g] = choose(r.mask[g], g, 0);
  }
  /* Bad ids in games checked by different threads: the lowest game is named, whichever thread
     found it, and no game moves. */
  r.actions[590] = -1;
  r.actions[400] = 0; /* the shuffle id is never a player's */
  CHECK_EQ(mus_batch_step(r.batch, r.actions), MUS_E_ILLEGAL_ACTION);
  CHECK(strstr(mus_last_error(), "game 400") != NULL);
  r.actions[130] = 56;
  CHECK_EQ(mus_batch_step(r.batch, r.actions), MUS_E_INVALID_ARGUMENT);
  CHECK(strstr(mus_last_error(), "game 130") != NULL);
  CHECK(strstr(mus_last_error(), "outside 0..55") != NULL);
  r.actions[0] = 0;
  CHECK_EQ(mus_batch_step(r.batch, r.actions), MUS_E_ILLEGAL_ACTION);
  CHECK(strstr(mus_last_error(), "game 0:") != NULL);
  for (g = 0; g < N; ++g) {
    CHECK_EQ(mus_batch_state(r.batch, g, &after[g]), MUS_OK);
    moved += memcmp(&before[g], &after[g], sizeof before[g]) != 0;
    CHECK_EQ(info_of(&after[g]).to_act, r.seat[g]);
  }
  CHECK_EQ(moved, 0);
  /* Put right, every game moves. */
  r.actions[0] = choose(r.mask[0], 0, 0);
  r.actions[130] = choose(r.mask[130], 130, 0);
  r.actions[400] = choose(r.mask[400], 400, 0);
  r.actions[590] = choose(r.mask[590], 590, 0);
  CHECK_EQ(mus_batch_step(r.batch, r.actions), MUS_OK);
  for (g = 0, moved = 0; g < N; ++g) {
    CHECK_EQ(mus_batch_state(r.batch, g, &after[g]), MUS_OK);
    moved += memcmp(&before[g], &after[g], sizeof before[g]) != 0;
  }
  CHECK_EQ(moved, N);
  close_run(&r);
}

/* The arrays are bound once: every reset and step writes the same arrays in place, each game's
   row what its state says; arrays left NULL stay unwritten (observations only when bound). */
static void test_bound_arrays(void) {
  enum { N = 70 };
  mus_rules rules;
  mus_batch_config c;
  mus_batch* b = NULL;
  static int32_t seat[N], actions[N];
  static uint64_t mask[N];
  static float obs[N * T], view[T];
  int32_t g, k, rows_ok = 0;
  CHECK_EQ(mus_rules_preset(&rules, "basque"), MUS_OK);
  CHECK_EQ(mus_batch_config_default(N, &c), MUS_OK);
  c.threads = 2;
  CHECK_EQ(mus_batch_new(&rules, &c, seat, mask, NULL, NULL, NULL, NULL, obs, &b), MUS_OK);
  for (g = 0; g < N; ++g) seat[g] = -7;
  CHECK_EQ(mus_batch_reset(b, 11), MUS_OK);
  for (k = 0; k < 30; ++k) {
    for (g = 0; g < N; ++g) {
      mus_state s;
      uint64_t legal = 0;
      int32_t to_act;
      CHECK_EQ(mus_batch_state(b, g, &s), MUS_OK);
      to_act = info_of(&s).to_act;
      CHECK_EQ(mus_legal_mask(&s, &legal), MUS_OK);
      CHECK_EQ(mus_state_view_tensor(&s, to_act, view, T), MUS_OK);
      rows_ok += seat[g] == to_act && mask[g] == legal &&
                 memcmp(view, &obs[(size_t)g * T], sizeof view) == 0;
      actions[g] = choose(mask[g], g, k);
    }
    CHECK_EQ(mus_batch_step(b, actions), MUS_OK);
  }
  CHECK_EQ(rows_ok, 30 * N);
  mus_batch_free(b);
}

int main(void) {
  test_bit_identical();
  /* Every preset and the variants that change the flow of a hand (tío Perete, mus corrido,
     dejes at the hand's end, team proposals of the online preset). */
  test_same_as_mus_step("standard target=15", MUS_BATCH_REWARD_POINTS);
  test_same_as_mus_step("standard target=15", MUS_BATCH_REWARD_MATCH);
  test_same_as_mus_step("basque target=15", MUS_BATCH_REWARD_POINTS);
  test_same_as_mus_step("spain target=15", MUS_BATCH_REWARD_MATCH);
  /* online plays one game a match, which random play nearly always ends in its first hand with
     an órdago; two games a match keep hands that do not end the match (hands > ends). */
  test_same_as_mus_step("online target=15 games_per_vaca=2", MUS_BATCH_REWARD_POINTS);
  test_same_as_mus_step(
      "standard tio_perete=1 zero_discard=1 min_raise=1 royal31=jack777 target=15 "
      "mus_corrido=game deje_ends=0",
      MUS_BATCH_REWARD_POINTS);
  test_truncation();
  test_new_refusals();
  test_bad_arguments();
  test_bound_arrays();
  return check_summary();
}
