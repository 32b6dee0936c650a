/*
 * The bots' decisions and playouts that every language must reproduce (C99, mus.h only):
 *
 *   bots_crosslang check <file>    recompute every record of <file>; exit non-zero on a difference
 *   bots_crosslang write <file>    write the records anew (after a deliberate change of the bots)
 *
 * The file is tests/transcripts/bots.expected; its format is described in
 * tests/transcripts/README.md ("Bot decisions and playouts"). Python, C# and JavaScript check the
 * same file in their own tests, so a binding that passes its arguments in another order, seeds a
 * chunk of playouts differently or maps a bot kind wrongly fails there.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mus/mus.h"

#define LINE_MAX_BYTES 2048

/* A bot named as the file names it: "random", "heuristic" or "search/<playouts>". */
static int bot_of(const char* name, mus_bot_config* out) {
  if (strcmp(name, "random") == 0) return mus_bot_config_default(MUS_BOT_RANDOM, out) == MUS_OK;
  if (strcmp(name, "heuristic") == 0)
    return mus_bot_config_default(MUS_BOT_HEURISTIC, out) == MUS_OK;
  if (strncmp(name, "search/", 7) == 0) {
    if (mus_bot_config_default(MUS_BOT_SEARCH, out) != MUS_OK) return 0;
    out->playouts = (int32_t)atoi(name + 7);
    return out->playouts > 0;
  }
  return 0;
}

/* The three numbers the file keeps of n playouts: each team's total, and the sum over playouts
   of (i + 1) * (64 * team 0's points + team 1's), which changes when any playout does. */
struct digest {
  long long sum0, sum1, weighted;
};

static int playouts_digest(const mus_state* s, const char* bot, uint64_t seed, uint64_t first,
                           int32_t n, int32_t scope, struct digest* out) {
  mus_bot_config c;
  int32_t* points;
  int32_t i;
  int status;
  if (!bot_of(bot, &c)) return 0;
  points = (int32_t*)malloc(sizeof(int32_t) * (size_t)(2 * n + 1));
  if (points == NULL) return 0;
  status = mus_bot_playouts(s, &c, seed, first, n, scope, points);
  out->sum0 = out->sum1 = out->weighted = 0;
  for (i = 0; status == MUS_OK && i < n; ++i) {
    out->sum0 += points[2 * i];
    out->sum1 += points[2 * i + 1];
    out->weighted += (long long)(i + 1) * (64LL * points[2 * i] + points[2 * i + 1]);
  }
  free(points);
  if (status != MUS_OK) printf("mus_bot_playouts: %s\n", mus_last_error());
  return status == MUS_OK;
}

static int choose_id(const mus_state* s, int32_t seat, const char* bot, uint64_t seed,
                     int32_t* id) {
  mus_bot_config c;
  if (!bot_of(bot, &c)) return 0;
  if (mus_bot_choose(s, seat, &c, seed, id) != MUS_OK) {
    printf("mus_bot_choose: %s\n", mus_last_error());
    return 0;
  }
  return 1;
}

/* ---- Writing -------------------------------------------------------------------------------- */

static uint64_t g_rng = 0x9E3779B97F4A7C15ULL;
static uint64_t next_random(void) {
  g_rng ^= g_rng << 13;
  g_rng ^= g_rng >> 7;
  g_rng ^= g_rng << 17;
  return g_rng;
}

/* The states of the file: for each preset, a new match, then random legal steps; a state is kept
   each time a seat is to act after `every` steps. */
static int write_file(const char* path) {
  static const char* const presets[] = {"standard", "online", "basque"};
  static const char* const bots[] = {"random", "heuristic", "search/48"};
  FILE* f = fopen(path, "w");
  size_t p;
  if (f == NULL) return 0;
  fprintf(f, "# Bot decisions and playouts every language must reproduce (tests/transcripts/"
             "README.md).\n# Written by tests/c/bots_crosslang.c (write); checked by it, by "
             "Python, C# and JavaScript.\n");
  for (p = 0; p < sizeof presets / sizeof presets[0]; ++p) {
    mus_rules rules;
    mus_state s;
    int kept = 0;
    int steps = 0;
    if (mus_rules_preset(&rules, presets[p]) != MUS_OK) return 0;
    if (mus_state_new(&rules, (int32_t)p, &s) != MUS_OK) return 0;
    while (kept < 4 && steps < 2000) {
      mus_state_info info;
      int32_t ids[MUS_ACTION_ID_COUNT];
      size_t n = 0;
      info.struct_size = sizeof info;
      if (mus_state_info_get(&s, &info) != MUS_OK) return 0;
      if (info.phase == MUS_PHASE_MATCH_OVER) break;
      if (info.to_act >= 0 && steps >= 3 + 9 * kept) {
        char text[MUS_STATE_TEXT_MAX + 1];
        size_t b;
        if (mus_state_format(&s, text, sizeof text, NULL) != MUS_OK) return 0;
        fprintf(f, "state %s\n", text);
        for (b = 0; b < sizeof bots / sizeof bots[0]; ++b) {
          uint64_t seed;
          for (seed = 1; seed <= 2; ++seed) {
            int32_t id;
            if (!choose_id(&s, info.to_act, bots[b], seed + 10 * (uint64_t)kept, &id)) return 0;
            fprintf(f, "choose %d %s %llu %d\n", (int)info.to_act, bots[b],
                    (unsigned long long)(seed + 10 * (uint64_t)kept), (int)id);
          }
        }
        if (kept == 0) {
          /* Beyond one chunk of the JavaScript binding (16,384), from the start and from later. */
          static const struct {
            const char* bot;
            uint64_t first;
            int32_t n;
            int32_t scope;
          } runs[] = {{"random", 0, 20000, MUS_PLAYOUT_HAND},
                      {"random", 16000, 1000, MUS_PLAYOUT_HAND},
                      {"heuristic", 0, 300, MUS_PLAYOUT_HAND},
                      {"heuristic", 7, 5, MUS_PLAYOUT_MATCH},
                      {"random", 3, 40, MUS_PLAYOUT_MATCH},
                      {"search/8", 0, 3, MUS_PLAYOUT_HAND}};
          size_t r;
          for (r = 0; r < sizeof runs / sizeof runs[0]; ++r) {
            struct digest d;
            const uint64_t seed = 100 + p;
            if (!playouts_digest(&s, runs[r].bot, seed, runs[r].first, runs[r].n, runs[r].scope,
                                 &d))
              return 0;
            fprintf(f, "playouts %s %llu %llu %d %s %lld %lld %lld\n", runs[r].bot,
                    (unsigned long long)seed, (unsigned long long)runs[r].first, (int)runs[r].n,
                    runs[r].scope == MUS_PLAYOUT_HAND ? "hand" : "match", d.sum0, d.sum1,
                    d.weighted);
          }
        }
        ++kept;
      }
      if (mus_legal_action_ids(&s, ids, MUS_ACTION_ID_COUNT, &n) != MUS_OK || n == 0) return 0;
      if (mus_apply_id(&s, ids[next_random() % n], next_random(), &s) != MUS_OK) return 0;
      ++steps;
    }
  }
  return fclose(f) == 0;
}

/* ---- Checking ------------------------------------------------------------------------------- */

static int check_file(const char* path) {
  FILE* f = fopen(path, "r");
  char line[LINE_MAX_BYTES];
  long number = 0;
  int have_state = 0;
  int checked = 0;
  int failed = 0;
  mus_state s;
  if (f == NULL) {
    printf("%s: cannot open\n", path);
    return 0;
  }
  while (fgets(line, sizeof line, f) != NULL) {
    char bot[64];
    char scope[16];
    unsigned long long seed, first;
    long long sum0, sum1, weighted;
    int seat, id, n;
    size_t len = strlen(line);
    ++number;
    if (len > 0 && line[len - 1] == '\n') line[--len] = '\0';
    if (len == 0 || line[0] == '#') continue;
    if (strncmp(line, "state ", 6) == 0) {
      have_state = mus_state_parse(line + 6, &s, NULL) == MUS_OK;
      if (!have_state) {
        printf("%s:%ld: state text refused: %s\n", path, number, mus_last_error());
        ++failed;
      }
      continue;
    }
    if (!have_state) {
      printf("%s:%ld: a record before any state\n", path, number);
      ++failed;
      continue;
    }
    ++checked;
    if (sscanf(line, "choose %d %63s %llu %d", &seat, bot, &seed, &id) == 4) {
      int32_t got = -1;
      if (!choose_id(&s, seat, bot, seed, &got) || got != id) {
        printf("%s:%ld: %s bot chose %d, expected %d\n", path, number, bot, (int)got, id);
        ++failed;
      }
    } else if (sscanf(line, "playouts %63s %llu %llu %d %15s %lld %lld %lld", bot, &seed, &first,
                      &n, scope, &sum0, &sum1, &weighted) == 8) {
      struct digest d;
      const int32_t sc = strcmp(scope, "match") == 0 ? MUS_PLAYOUT_MATCH : MUS_PLAYOUT_HAND;
      if (!playouts_digest(&s, bot, seed, first, n, sc, &d) || d.sum0 != sum0 || d.sum1 != sum1 ||
          d.weighted != weighted) {
        printf("%s:%ld: playouts gave %lld %lld %lld, expected %lld %lld %lld\n", path, number,
               d.sum0, d.sum1, d.weighted, sum0, sum1, weighted);
        ++failed;
      }
    } else {
      printf("%s:%ld: unknown record\n", path, number);
      ++failed;
    }
  }
  fclose(f);
  printf("%d records checked, %d failed\n", checked, failed);
  return failed == 0 && checked > 0;
}

int main(int argc, char** argv) {
  if (argc == 3 && strcmp(argv[1], "write") == 0) return write_file(argv[2]) ? 0 : 1;
  if (argc == 3 && strcmp(argv[1], "check") == 0) return check_file(argv[2]) ? 0 : 1;
  fprintf(stderr, "usage: bots_crosslang check|write <file>\n");
  return 2;
}
