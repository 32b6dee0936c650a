/*
 * How the batch scales with threads (bench/scaling/README.md): steps per second of
 * mus_batch_step() for each thread count, without and with the observations, in one run.
 *
 *   batch_scaling [--games N] [--seconds S] [--rounds R] [--threads 1,2,4,8,16]
 *
 * Each game's action is a uniformly random legal id (a set bit of its mask, drawn with
 * splitmix64), picked between the calls: the time counted is the time inside mus_batch_step()
 * only. For each configuration a batch is made, reset, stepped 20 times to warm up, then stepped
 * for S seconds of time inside the call; the rounds go over every configuration in turn, so a
 * disturbance of the machine spreads over all of them, and the table shows each configuration's
 * median over the rounds, its speed-up over 1 thread in the same column, and the CPU time of the
 * process per step (every thread's) against 1 thread's, which shows the cost of waiting.
 * C99 over mus.h and libmus.so; needs clock_gettime (POSIX).
 */
#define _POSIX_C_SOURCE 199309L
#define MUS_EXPERIMENTAL
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "mus/mus.h"

#include "legal_pick.h" /* tests/c: pick_legal_id(), splitmix64() */

enum { MAX_CONFIGS = 16, MAX_ROUNDS = 15 };

static double seconds_of(clockid_t clock) {
  struct timespec t;
  clock_gettime(clock, &t);
  return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

struct arrays {
  int32_t* actions;
  int32_t* seat;
  uint64_t* mask;
  float* rewards;
  uint8_t* done;
  uint8_t* truncated;
  mus_batch_info* info;
  float* obs;
};

static void* must_alloc(size_t bytes) {
  void* p = calloc(bytes, 1);
  if (p == NULL) {
    fprintf(stderr, "out of memory\n");
    exit(2);
  }
  return p;
}

/* Steps per second (time inside the call) of one configuration; *cpu_per_step receives the
   process's CPU seconds per game step inside the call. */
static double measure(const mus_rules* rules, int32_t games, int32_t threads, int obs,
                      double seconds, const struct arrays* a, double* cpu_per_step) {
  mus_batch_config config;
  mus_batch* batch = NULL;
  uint64_t rng = 42;
  double inside = 0, cpu = 0;
  long calls = 0;
  int32_t g, w;
  if (mus_batch_config_default(games, &config) != MUS_OK) exit(2);
  config.threads = threads;
  if (mus_batch_new(rules, &config, a->seat, a->mask, a->rewards, a->done, a->truncated, a->info,
                    obs ? a->obs : NULL, &batch) != MUS_OK ||
      mus_batch_reset(batch, 1) != MUS_OK) {
    fprintf(stderr, "batch: %s\n", mus_last_error());
    exit(1);
  }
  for (w = 0; w < 20 || inside < seconds; ++w) {
    double t0, c0;
    for (g = 0; g < games; ++g) a->actions[g] = pick_legal_id(a->mask[g], splitmix64(&rng));
    c0 = seconds_of(CLOCK_PROCESS_CPUTIME_ID);
    t0 = seconds_of(CLOCK_MONOTONIC);
    if (mus_batch_step(batch, a->actions) != MUS_OK) {
      fprintf(stderr, "step: %s\n", mus_last_error());
      exit(1);
    }
    if (w >= 20) {
      inside += seconds_of(CLOCK_MONOTONIC) - t0;
      cpu += seconds_of(CLOCK_PROCESS_CPUTIME_ID) - c0;
      ++calls;
    }
  }
  mus_batch_free(batch);
  *cpu_per_step = cpu / ((double)calls * games);
  return (double)calls * games / inside;
}

static int cmp_double(const void* x, const void* y) {
  const double a = *(const double*)x, b = *(const double*)y;
  return a < b ? -1 : a > b;
}

int main(int argc, char** argv) {
  int32_t games = 16384, threads[MAX_CONFIGS], nthreads = 0;
  double seconds = 1.0;
  int rounds = 3, i, r, t, obs;
  static double rate[2][MAX_CONFIGS][MAX_ROUNDS], cpu[2][MAX_CONFIGS][MAX_ROUNDS];
  struct arrays a;
  mus_rules rules;
  size_t n;
  for (i = 1; i < argc; ++i) {
    if (strcmp(argv[i], "--games") == 0 && i + 1 < argc) {
      games = atoi(argv[++i]);
    } else if (strcmp(argv[i], "--seconds") == 0 && i + 1 < argc) {
      seconds = atof(argv[++i]);
    } else if (strcmp(argv[i], "--rounds") == 0 && i + 1 < argc) {
      rounds = atoi(argv[++i]);
    } else if (strcmp(argv[i], "--threads") == 0 && i + 1 < argc) {
      char* p = argv[++i];
      while (*p != '\0' && nthreads < MAX_CONFIGS) {
        threads[nthreads++] = (int32_t)strtol(p, &p, 10);
        if (*p == ',') ++p;
      }
    } else {
      fprintf(stderr,
              "usage: %s [--games N] [--seconds S] [--rounds R] [--threads 1,2,4,8,16]\n",
              argv[0]);
      return 2;
    }
  }
  if (nthreads == 0) {
    threads[0] = 1;
    threads[1] = 2;
    nthreads = 2;
  }
  if (games < 1 || games > MUS_BATCH_MAX_GAMES || rounds < 1 || rounds > MAX_ROUNDS ||
      seconds <= 0) {
    fprintf(stderr, "bad arguments\n");
    return 2;
  }
  if (mus_rules_preset(&rules, "standard") != MUS_OK) return 1;
  n = (size_t)games;
  a.actions = (int32_t*)must_alloc(sizeof(int32_t) * n);
  a.seat = (int32_t*)must_alloc(sizeof(int32_t) * n);
  a.mask = (uint64_t*)must_alloc(sizeof(uint64_t) * n);
  a.rewards = (float*)must_alloc(sizeof(float) * 2 * n);
  a.done = (uint8_t*)must_alloc(n);
  a.truncated = (uint8_t*)must_alloc(n);
  a.info = (mus_batch_info*)must_alloc(sizeof(mus_batch_info) * n);
  a.obs = (float*)must_alloc(sizeof(float) * MUS_VIEW_TENSOR_SIZE * n);

  for (r = 0; r < rounds; ++r)
    for (obs = 0; obs < 2; ++obs)
      for (t = 0; t < nthreads; ++t)
        rate[obs][t][r] = measure(&rules, games, threads[t], obs, seconds, &a, &cpu[obs][t][r]);

  printf("libmus %s, %d games, uniformly random legal ids, time inside mus_batch_step(); "
         "median of %d rounds of %.2g s\n\n",
         mus_version_string(), (int)games, rounds, seconds);
  printf("| threads | steps/s | x 1 thread | CPU per step | steps/s, observations | x 1 thread "
         "| CPU per step |\n");
  printf("|---:|---:|---:|---:|---:|---:|---:|\n");
  {
    double median[2][MAX_CONFIGS], cpu_median[2][MAX_CONFIGS];
    for (obs = 0; obs < 2; ++obs)
      for (t = 0; t < nthreads; ++t) {
        qsort(rate[obs][t], (size_t)rounds, sizeof(double), cmp_double);
        qsort(cpu[obs][t], (size_t)rounds, sizeof(double), cmp_double);
        median[obs][t] = rate[obs][t][rounds / 2];
        cpu_median[obs][t] = cpu[obs][t][rounds / 2];
      }
    for (t = 0; t < nthreads; ++t)
      printf("| %d | %.1f M | %.2f | %.2f | %.1f M | %.2f | %.2f |\n", (int)threads[t],
             median[0][t] / 1e6, median[0][t] / median[0][0], cpu_median[0][t] / cpu_median[0][0],
             median[1][t] / 1e6, median[1][t] / median[1][0], cpu_median[1][t] / cpu_median[1][0]);
  }
  free(a.actions);
  free(a.seat);
  free(a.mask);
  free(a.rewards);
  free(a.done);
  free(a.truncated);
  free(a.info);
  free(a.obs);
  return 0;
}
