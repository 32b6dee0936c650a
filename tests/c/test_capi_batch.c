/*
 * The C99 test of the batch (mus_batch_*): the arrays are bit-identical for 1 and 2 threads and
 * batch sizes 1, 7 and 1,024 over several hundred steps; a game of a batch is the match that
 * mus_state_new() and mus_step() play with the shuffle seeds mus_batch_init() documents; the
 * points rewards are each hand's count (mus_state_last_count()), over every preset and the
 * variants that change the flow of a hand; a finished match gives its reward once and starts
 * again (auto-reset); truncation; every bad argument is refused with nothing changed. It
 * carries the label threads too: scripts/test.sh runs it under ThreadSanitizer (build-tsan/).
 *
 * Ends with the line "N passed, M failed"; exits non-zero when anything failed.
 */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mus/mus.h"

#include "check.h"
/* After check.h: */
#include "capi_test_util.h"

#define T MUS_VIEW_TENSOR_SIZE

/* A batch and its output arrays, all on the heap. */
struct run {
  int32_t n;
  uint64_t* mem;
  int32_t* actions;
  int32_t* seat;
  uint64_t* mask;
  float* rewards;
  uint8_t* done;
  uint8_t* truncated;
  int32_t* info;
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

static struct run open_run(const mus_rules* rules, int32_t n, int32_t threads, int32_t reward,
                           int32_t max_steps, int32_t first_dealer) {
  struct run r;
  mus_batch_config c;
  size_t size = 0;
  memset(&r, 0, sizeof r);
  CHECK_EQ(mus_batch_config_default(n, &c), MUS_OK);
  c.threads = threads;
  c.reward = reward;
  c.max_steps = max_steps;
  c.first_dealer = first_dealer;
  CHECK_EQ(mus_batch_size(&c, &size), MUS_OK);
  r.n = n;
  r.mem = (uint64_t*)zalloc(size);
  r.actions = (int32_t*)zalloc(sizeof(int32_t) * (size_t)n);
  r.seat = (int32_t*)zalloc(sizeof(int32_t) * (size_t)n);
  r.mask = (uint64_t*)zalloc(sizeof(uint64_t) * (size_t)n);
  r.rewards = (float*)zalloc(sizeof(float) * 2 * (size_t)n);
  r.done = (uint8_t*)zalloc((size_t)n);
  r.truncated = (uint8_t*)zalloc((size_t)n);
  r.info = (int32_t*)zalloc(sizeof(int32_t) * MUS_BATCH_INFO_SIZE * (size_t)n);
  r.obs = (float*)zalloc(sizeof(float) * T * (size_t)n);
  CHECK_EQ(mus_batch_init(r.mem, size, rules, &c), MUS_OK);
  return r;
}

static void close_run(struct run* r) {
  CHECK_EQ(mus_batch_close(r->mem), MUS_OK);
  free(r->mem);
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
  int32_t ids[64];
  int n = 0, i;
  h ^= h >> 31;
  h *= 0x94D049BB133111EBULL;
  h ^= h >> 29;
  for (i = 0; i < 64; ++i)
    if ((mask >> i) & 1u) ids[n++] = i;
  return n == 0 ? -1 : ids[h % (uint64_t)n];
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
  fnv(h, &r->info[MUS_BATCH_INFO_SIZE * g], MUS_BATCH_INFO_SIZE * sizeof(int32_t));
}

enum { STEPS = 400, SIZES = 3, MAX_N = 1024 };

/* Plays STEPS steps and writes each game's digest to digests[g]. */
static void play(const mus_rules* rules, int32_t n, int32_t threads, int32_t max_steps,
                 uint64_t seed, uint64_t* digests, long* dones, long* truncs) {
  struct run r = open_run(rules, n, threads, MUS_BATCH_REWARD_POINTS, max_steps, -1);
  int32_t g, k;
  for (g = 0; g < n; ++g) digests[g] = 0xCBF29CE484222325ULL;
  CHECK_EQ(mus_batch_reset(r.mem, seed, r.seat, r.mask, r.obs, (size_t)n * T), MUS_OK);
  for (g = 0; g < n; ++g) digest_game(&r, g, 0, &digests[g]);
  for (k = 0; k < STEPS; ++k) {
    for (g = 0; g < n; ++g) r.actions[g] = choose(r.mask[g], g, k);
    if (CHECK_EQ(mus_batch_step(r.mem, r.actions, r.seat, r.mask, r.rewards, r.done, r.truncated,
                                r.info, r.obs, (size_t)n * T),
                 MUS_OK) == 0)
      break;
    for (g = 0; g < n; ++g) {
      digest_game(&r, g, 1, &digests[g]);
      *dones += r.done[g];
      *truncs += r.truncated[g];
    }
  }
  close_run(&r);
}

/* 1 and 2 threads, 1, 7 and 1,024 games: game g's digest is the same in every run. */
static void test_bit_identical(void) {
  static uint64_t d[2][SIZES][MAX_N];
  const int32_t sizes[SIZES] = {1, 7, MAX_N};
  mus_rules rules;
  long dones = 0, truncs = 0;
  const uint64_t seed = rnd();
  int t, s, g, differ = 0;
  CHECK_EQ(mus_rules_parse(&rules, "standard target=10"), MUS_OK);
  for (t = 0; t < 2; ++t)
    for (s = 0; s < SIZES; ++s) play(&rules, sizes[s], t + 1, 150, seed, d[t][s], &dones, &truncs);
  for (t = 0; t < 2; ++t)
    for (s = 0; s < SIZES; ++s)
      for (g = 0; g < sizes[s]; ++g) differ += d[t][s][g] != d[0][SIZES - 1][g];
  CHECK_EQ(differ, 0);
  CHECK(dones > 0);  /* matches ended and restarted along the way */
  CHECK(truncs > 0); /* and some were truncated */
  /* Distinct games play distinct matches. */
  CHECK(d[0][SIZES - 1][0] != d[0][SIZES - 1][1]);
}

/* mus::derive_seed() as mus/bots.hpp defines it, for the seeds the batch documents. */
static uint64_t splitmix64(uint64_t* s) {
  uint64_t z = (*s += 0x9E3779B97F4A7C15ULL);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
  return z ^ (z >> 31);
}

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
  r = open_run(&rules, N, 2, reward, 0, -1);
  CHECK_EQ(mus_batch_reset(r.mem, 7, r.seat, r.mask, NULL, 0), MUS_OK);
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
    CHECK_EQ(mus_batch_state(r.mem, G, &from_batch), MUS_OK);
    if (!CHECK(memcmp(&s, &from_batch, sizeof s) == 0)) break;
    for (g = 0; g < N; ++g) r.actions[g] = choose(r.mask[g], g, k);
    CHECK_EQ(mus_batch_step(r.mem, r.actions, r.seat, r.mask, r.rewards, r.done, r.truncated,
                            r.info, NULL, 0),
             MUS_OK);
    CHECK_EQ(mus_step(&s, id, 0, &s, &info), MUS_OK);
    hand[0] += info.points[0];
    hand[1] += info.points[1];
    CHECK_EQ(r.info[MUS_BATCH_INFO_SIZE * G], info.hand_over);
    CHECK_EQ(r.info[MUS_BATCH_INFO_SIZE * G + 1], info.game_winner);
    CHECK_EQ(r.info[MUS_BATCH_INFO_SIZE * G + 2], info.match_winner);
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
  r = open_run(&rules, 3, 1, MUS_BATCH_REWARD_POINTS, 5, 0);
  CHECK_EQ(mus_batch_reset(r.mem, 1, r.seat, r.mask, NULL, 0), MUS_OK);
  for (k = 1; k <= 10; ++k) {
    for (g = 0; g < 3; ++g) r.actions[g] = choose(r.mask[g], g, k);
    CHECK_EQ(mus_batch_step(r.mem, r.actions, r.seat, r.mask, r.rewards, r.done, r.truncated,
                            r.info, NULL, 0),
             MUS_OK);
    for (g = 0; g < 3; ++g) {
      CHECK_EQ(r.truncated[g], k % 5 == 0);
      CHECK_EQ(r.done[g], 0);
    }
    if (k % 5 == 0) {
      CHECK_EQ(mus_batch_state(r.mem, 1, &s), MUS_OK);
      si = info_of(&s);
      CHECK_EQ(si.hand_number, 1);
      CHECK_EQ(si.dealer, 0);
      CHECK(si.score[0] == 0 && si.score[1] == 0);
      CHECK_EQ(r.seat[1], si.to_act);
    }
  }
  close_run(&r);
}

static void test_bad_arguments(void) {
  mus_rules rules;
  mus_batch_config c;
  struct run r;
  size_t size = 0;
  mus_state before, after;
  uint64_t small[16];
  int32_t g;
  CHECK_EQ(mus_rules_preset(&rules, "standard"), MUS_OK);

  CHECK_EQ(mus_batch_config_default(0, &c), MUS_E_INVALID_ARGUMENT);
  CHECK_EQ(mus_batch_config_default(MUS_BATCH_MAX_GAMES + 1, &c), MUS_E_INVALID_ARGUMENT);
  CHECK_EQ(mus_batch_config_default(4, NULL), MUS_E_INVALID_ARGUMENT);
  CHECK_EQ(mus_batch_config_default(4, &c), MUS_OK);
  CHECK_EQ(mus_batch_size(NULL, &size), MUS_E_INVALID_ARGUMENT);
  CHECK_EQ(mus_batch_size(&c, NULL), MUS_E_INVALID_ARGUMENT);
  c.threads = 0;
  CHECK_EQ(mus_batch_size(&c, &size), MUS_E_INVALID_ARGUMENT);
  c.threads = MUS_BATCH_MAX_THREADS + 1;
  CHECK_EQ(mus_batch_size(&c, &size), MUS_E_INVALID_ARGUMENT);
  c.threads = 1;
  c.first_dealer = 4;
  CHECK_EQ(mus_batch_size(&c, &size), MUS_E_INVALID_ARGUMENT);
  c.first_dealer = 0;
  c.reward = 2;
  CHECK_EQ(mus_batch_size(&c, &size), MUS_E_INVALID_ARGUMENT);
  c.reward = 0;
  c.max_steps = -1;
  CHECK_EQ(mus_batch_size(&c, &size), MUS_E_INVALID_ARGUMENT);
  c.max_steps = 0;
  c.reserved[2] = 1;
  CHECK_EQ(mus_batch_size(&c, &size), MUS_E_INVALID_ARGUMENT);
  CHECK(strstr(mus_last_error(), "reserved") != NULL);
  c.reserved[2] = 0;
  c.struct_size = 8;
  CHECK_EQ(mus_batch_size(&c, &size), MUS_E_INVALID_ARGUMENT);
  c.struct_size = sizeof c;
  CHECK_EQ(mus_batch_size(&c, &size), MUS_OK);
  CHECK(size > 4 * sizeof(mus_state));

  /* init: NULL memory or rules, too little memory, bad rules. */
  CHECK_EQ(mus_batch_init(NULL, size, &rules, &c), MUS_E_INVALID_ARGUMENT);
  CHECK_EQ(mus_batch_init(small, sizeof small, &rules, &c), MUS_E_INVALID_ARGUMENT);
  CHECK(strstr(mus_last_error(), "mus_batch_size") != NULL);
  CHECK_EQ(mus_batch_init(small, sizeof small, NULL, &c), MUS_E_INVALID_ARGUMENT);
  rules.target = 0;
  {
    uint64_t* mem = (uint64_t*)zalloc(size);
    CHECK_EQ(mus_batch_init(mem, size, &rules, &c), MUS_E_INVALID_RULES);
    /* Memory that holds no batch is refused everywhere. */
    CHECK_EQ(mus_batch_reset(mem, 1, NULL, NULL, NULL, 0), MUS_E_INVALID_ARGUMENT);
    CHECK(strstr(mus_last_error(), "no batch") != NULL);
    CHECK_EQ(mus_batch_close(mem), MUS_E_INVALID_ARGUMENT);
    free(mem);
  }
  CHECK_EQ(mus_rules_preset(&rules, "standard"), MUS_OK);

  r = open_run(&rules, 4, 2, MUS_BATCH_REWARD_POINTS, 0, 0);
  /* Before the first reset. */
  CHECK_EQ(mus_batch_step(r.mem, r.actions, NULL, NULL, NULL, NULL, NULL, NULL, NULL, 0),
           MUS_E_WRONG_PHASE);
  CHECK_EQ(mus_batch_state(r.mem, 0, &before), MUS_E_WRONG_PHASE);
  CHECK_EQ(mus_batch_reset(r.mem, 5, r.seat, r.mask, r.obs, 4 * T - 1), MUS_E_BUFFER_TOO_SMALL);
  CHECK_EQ(mus_batch_reset(r.mem, 5, r.seat, r.mask, r.obs, 4 * T), MUS_OK);
  CHECK_EQ(mus_batch_state(r.mem, 4, &before), MUS_E_INVALID_ARGUMENT);
  CHECK_EQ(mus_batch_state(r.mem, -1, &before), MUS_E_INVALID_ARGUMENT);
  CHECK_EQ(mus_batch_state(r.mem, 0, NULL), MUS_E_INVALID_ARGUMENT);
  CHECK_EQ(mus_batch_state(r.mem, 3, &before), MUS_OK);
  for (g = 0; g < 4; ++g) r.actions[g] = choose(r.mask[g], g, 0);
  CHECK_EQ(mus_batch_step(NULL, r.actions, NULL, NULL, NULL, NULL, NULL, NULL, NULL, 0),
           MUS_E_INVALID_ARGUMENT);
  CHECK_EQ(mus_batch_step(r.mem, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, 0),
           MUS_E_INVALID_ARGUMENT);
  CHECK_EQ(mus_batch_step(r.mem, r.actions, NULL, NULL, NULL, NULL, NULL, NULL, r.obs, 10),
           MUS_E_BUFFER_TOO_SMALL);
  /* An illegal id in the last game: refused, naming the game, nothing moved. */
  r.actions[3] = 0; /* the shuffle id is never a player's */
  CHECK_EQ(mus_batch_step(r.mem, r.actions, NULL, NULL, NULL, NULL, NULL, NULL, NULL, 0),
           MUS_E_ILLEGAL_ACTION);
  CHECK(strstr(mus_last_error(), "game 3") != NULL);
  r.actions[3] = 56;
  CHECK_EQ(mus_batch_step(r.mem, r.actions, NULL, NULL, NULL, NULL, NULL, NULL, NULL, 0),
           MUS_E_INVALID_ARGUMENT);
  r.actions[3] = -1;
  CHECK_EQ(mus_batch_step(r.mem, r.actions, NULL, NULL, NULL, NULL, NULL, NULL, NULL, 0),
           MUS_E_INVALID_ARGUMENT);
  CHECK_EQ(mus_batch_state(r.mem, 3, &after), MUS_OK);
  CHECK(memcmp(&before, &after, sizeof before) == 0);
  CHECK_EQ(mus_batch_state(r.mem, 0, &after), MUS_OK);
  CHECK_EQ(info_of(&after).to_act, r.seat[0]);
  /* Every output may be NULL. */
  r.actions[3] = choose(r.mask[3], 3, 0);
  CHECK_EQ(mus_batch_step(r.mem, r.actions, NULL, NULL, NULL, NULL, NULL, NULL, NULL, 0), MUS_OK);
  CHECK_EQ(mus_batch_state(r.mem, 3, &after), MUS_OK);
  CHECK(memcmp(&before, &after, sizeof before) != 0);
  /* A copy of a batch's memory is not a batch; closing twice is refused. */
  {
    uint64_t* copy;
    CHECK_EQ(mus_batch_config_default(4, &c), MUS_OK);
    CHECK_EQ(mus_batch_size(&c, &size), MUS_OK);
    copy = (uint64_t*)zalloc(size);
    memcpy(copy, r.mem, size);
    CHECK_EQ(mus_batch_step(copy, r.actions, NULL, NULL, NULL, NULL, NULL, NULL, NULL, 0),
             MUS_E_INVALID_ARGUMENT);
    free(copy);
  }
  close_run(&r);
  {
    /* close_run() closed it: a second close is refused. */
    uint64_t* mem;
    CHECK_EQ(mus_batch_config_default(2, &c), MUS_OK);
    c.threads = 2;
    CHECK_EQ(mus_batch_size(&c, &size), MUS_OK);
    mem = (uint64_t*)zalloc(size);
    CHECK_EQ(mus_batch_init(mem, size, &rules, &c), MUS_OK);
    CHECK_EQ(mus_batch_init(mem, size, &rules, &c), MUS_E_INVALID_ARGUMENT); /* not twice */
    CHECK(strstr(mus_last_error(), "close it first") != NULL);
    CHECK_EQ(mus_batch_close(mem), MUS_OK);
    CHECK_EQ(mus_batch_close(mem), MUS_E_INVALID_ARGUMENT);
    CHECK_EQ(mus_batch_close(NULL), MUS_E_INVALID_ARGUMENT);
    free(mem);
  }
}

int main(void) {
  test_bit_identical();
  /* Every preset and the variants that change the flow of a hand (tío Perete, mus corrido,
     dejes at the hand's end, team proposals of the online preset). */
  test_same_as_mus_step("standard target=15", MUS_BATCH_REWARD_POINTS);
  test_same_as_mus_step("standard target=15", MUS_BATCH_REWARD_MATCH);
  test_same_as_mus_step("basque target=15", MUS_BATCH_REWARD_POINTS);
  test_same_as_mus_step("spain target=15", MUS_BATCH_REWARD_MATCH);
  test_same_as_mus_step("online target=15", MUS_BATCH_REWARD_POINTS);
  test_same_as_mus_step(
      "standard tio_perete=1 zero_discard=1 min_raise=1 royal31=jack777 target=15 "
      "mus_corrido=game deje_ends=0",
      MUS_BATCH_REWARD_POINTS);
  test_truncation();
  test_bad_arguments();
  return check_summary();
}
