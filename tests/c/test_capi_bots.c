/*
 * The C99 test of the bots through the C API: mus_bot_config_default, the levels
 * (mus_bot_config_level, mus_level_name, mus_level_display_name, mus_level_parse),
 * mus_bot_choose (legal, deterministic, the same for every redeal of the hidden cards built with
 * mus_action_from_deal), mus_bot_evaluate, mus_bot_playouts, and every error path.
 *
 * Ends with the line "N passed, M failed"; exits non-zero when anything failed.
 */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "mus/mus.h"

#include "check.h"

static mus_bot_config config_of(int32_t kind) {
  mus_bot_config c;
  memset(&c, 0, sizeof c);
  CHECK_EQ(mus_bot_config_default(kind, &c), MUS_OK);
  /* quick; the method is the same */
  if (kind == MUS_BOT_SEARCH || kind == MUS_BOT_EXPLOITER || kind == MUS_BOT_EXPERT)
    c.playouts = 64;
  return c;
}

static int legal(const mus_state* s, int32_t id) {
  uint64_t mask = 0;
  CHECK_EQ(mus_legal_mask(s, &mask), MUS_OK);
  return id >= 0 && id < 64 && ((mask >> id) & 1u) != 0;
}

/* Whole matches of each kind (the three bots, the pool's five styles, the exploiter of the
 * heuristic and the kinds of the levels): every choice is legal and the match ends. */
static void test_matches(void) {
  int32_t kind;
  for (kind = MUS_BOT_RANDOM; kind <= MUS_BOT_EXPERT; ++kind) {
    mus_rules r;
    mus_state s;
    mus_bot_config c = config_of(kind);
    mus_state_info info;
    uint64_t n = 0;
    int steps = 0;
    int bad = 0;
    CHECK_EQ(mus_rules_preset(&r, "standard"), MUS_OK);
    CHECK_EQ(mus_state_new(&r, 0, &s), MUS_OK);
    memset(&info, 0, sizeof info);
    info.struct_size = sizeof info;
    for (;;) {
      int32_t id = -1;
      CHECK_EQ(mus_state_info_get(&s, &info), MUS_OK);
      if (info.phase == MUS_PHASE_MATCH_OVER || steps++ > 20000) break;
      if (info.phase == MUS_PHASE_SHUFFLE) {
        CHECK_EQ(mus_apply_id(&s, MUS_ACTION_ID_SHUFFLE, ++n, &s), MUS_OK);
        continue;
      }
      if (mus_bot_choose(&s, info.to_act, &c, ++n, &id) != MUS_OK || !legal(&s, id)) bad = 1;
      if (mus_apply_id(&s, id, 0, &s) != MUS_OK) bad = 1;
      if (bad) break;
    }
    CHECK(!bad);
    CHECK_EQ(info.phase, MUS_PHASE_MATCH_OVER);
  }
}

/* A stacked deal: seat 0's hand fixed, the other twelve cards and the stock in two orders. */
static void deal(mus_state* s, const uint8_t* others) {
  mus_rules r;
  mus_action a;
  uint8_t hands[16] = {9, 19, 29, 0}; /* Ko Kc Ke Ao for seat 0 */
  int i;
  CHECK_EQ(mus_rules_preset(&r, "standard"), MUS_OK);
  CHECK_EQ(mus_state_new(&r, 3, s), MUS_OK); /* dealer 3: seat 0 is mano and acts first */
  for (i = 0; i < 12; ++i) hands[4 + i] = others[i];
  CHECK_EQ(mus_action_from_deal(hands, 0, NULL, 0, &a), MUS_OK);
  CHECK_EQ(mus_apply(s, &a, s), MUS_OK);
}

/* The information-hiding promise: the same decision for other deals of the hidden cards. */
static void test_hidden_cards(void) {
  static const uint8_t deal_a[12] = {1, 2, 3, 4, 5, 6, 7, 8, 10, 11, 12, 13};
  static const uint8_t deal_b[12] = {39, 38, 37, 36, 35, 34, 33, 32, 31, 30, 28, 27};
  static const uint8_t deal_c[12] = {14, 24, 34, 15, 25, 35, 16, 26, 36, 17, 27, 37};
  int32_t kind;
  for (kind = MUS_BOT_RANDOM; kind <= MUS_BOT_EXPERT; ++kind) {
    mus_bot_config c = config_of(kind);
    uint64_t seed;
    for (seed = 1; seed <= 8; ++seed) {
      mus_state a, b, cc;
      int32_t ia = -1, ib = -2, ic = -3;
      deal(&a, deal_a);
      deal(&b, deal_b);
      deal(&cc, deal_c);
      CHECK_EQ(mus_bot_choose(&a, 0, &c, seed, &ia), MUS_OK);
      CHECK_EQ(mus_bot_choose(&b, 0, &c, seed, &ib), MUS_OK);
      CHECK_EQ(mus_bot_choose(&cc, 0, &c, seed, &ic), MUS_OK);
      CHECK_EQ(ia, ib);
      CHECK_EQ(ia, ic);
    }
  }
}

static void test_evaluate_and_playouts(void) {
  mus_state s;
  mus_bot_config c = config_of(MUS_BOT_SEARCH);
  mus_bot_config x = config_of(MUS_BOT_EXPERT);
  mus_bot_config h = config_of(MUS_BOT_HEURISTIC);
  mus_state_info info;
  double pts[MUS_ACTION_ID_COUNT];
  uint64_t ids = 0;
  int32_t out[40];
  int32_t again[40];
  uint64_t n = 0;
  int evaluated = 0;
  int i;
  static const uint8_t others[12] = {1, 2, 3, 4, 5, 6, 7, 8, 10, 11, 12, 13};
  deal(&s, others);
  /* Play the hand with the heuristic until the betting; evaluate each betting decision. */
  memset(&info, 0, sizeof info);
  info.struct_size = sizeof info;
  for (i = 0; i < 200; ++i) {
    int32_t id = -1;
    CHECK_EQ(mus_state_info_get(&s, &info), MUS_OK);
    if (info.phase == MUS_PHASE_SHUFFLE || info.phase == MUS_PHASE_MATCH_OVER) break;
    if (info.phase == MUS_PHASE_BETTING) {
      uint64_t mask = 0;
      CHECK_EQ(mus_bot_evaluate(&s, info.to_act, &c, 5, pts, MUS_ACTION_ID_COUNT, &ids), MUS_OK);
      CHECK_EQ(mus_legal_mask(&s, &mask), MUS_OK);
      CHECK(ids != 0);
      CHECK_EQ(ids & ~mask, 0);
      /* The expert estimates its candidates the same way. */
      CHECK_EQ(mus_bot_evaluate(&s, info.to_act, &x, 5, pts, MUS_ACTION_ID_COUNT, &ids), MUS_OK);
      CHECK(ids != 0);
      CHECK_EQ(ids & ~mask, 0);
      ++evaluated;
    }
    CHECK_EQ(mus_bot_choose(&s, info.to_act, &h, ++n, &id), MUS_OK);
    CHECK_EQ(mus_apply_id(&s, id, 0, &s), MUS_OK);
  }
  CHECK(evaluated > 0);
  /* Playouts from a new match: deterministic, non-negative, and something scored. */
  {
    mus_rules r;
    mus_state m;
    long total = 0;
    CHECK_EQ(mus_rules_preset(&r, "standard"), MUS_OK);
    CHECK_EQ(mus_state_new(&r, 1, &m), MUS_OK);
    CHECK_EQ(mus_bot_playouts(&m, &h, 77, 0, 20, MUS_PLAYOUT_HAND, out), MUS_OK);
    CHECK_EQ(mus_bot_playouts(&m, &h, 77, 0, 20, MUS_PLAYOUT_HAND, again), MUS_OK);
    CHECK_EQ(memcmp(out, again, sizeof out), 0);
    for (i = 0; i < 40; ++i) {
      CHECK(out[i] >= 0);
      total += out[i];
    }
    CHECK(total > 0);
    CHECK_EQ(mus_bot_playouts(&m, &h, 77, 0, 2, MUS_PLAYOUT_MATCH, out), MUS_OK);
    CHECK_EQ(mus_bot_playouts(&m, &h, 77, 0, 0, MUS_PLAYOUT_HAND, NULL), MUS_OK);
    /* Playouts 0..19 in two calls, the second starting at number 7: the same points. */
    CHECK_EQ(mus_bot_playouts(&m, &h, 77, 0, 20, MUS_PLAYOUT_HAND, out), MUS_OK);
    CHECK_EQ(mus_bot_playouts(&m, &h, 77, 0, 7, MUS_PLAYOUT_HAND, again), MUS_OK);
    CHECK_EQ(mus_bot_playouts(&m, &h, 77, 7, 13, MUS_PLAYOUT_HAND, again + 14), MUS_OK);
    CHECK_EQ(memcmp(out, again, sizeof out), 0);
  }
}

/* The levels: each one's configuration (a kind that plays), names that parse back, the order
 * weakest first as documented, and the errors. */
static void test_levels(void) {
  static const char* const ids[MUS_LEVELS] = {"beginner", "amateur", "club", "strong",
                                                    "expert"};
  static const char* const shown[MUS_LEVELS] = {"principiante", "aficionado",
                                                     "jugador de club", "fuerte", "experto"};
  static const int32_t kinds[MUS_LEVELS] = {MUS_BOT_BEGINNER, MUS_BOT_AMATEUR,
                                                 MUS_BOT_HEURISTIC, MUS_BOT_SEARCH,
                                                 MUS_BOT_EXPERT};
  int32_t level;
  mus_bot_config c;
  int32_t out = 77;
  for (level = 0; level < MUS_LEVELS; ++level) {
    mus_bot_config d;
    memset(&c, 0xFF, sizeof c);
    CHECK_EQ(mus_bot_config_level(level, &c), MUS_OK);
    CHECK_EQ(c.struct_size, sizeof(mus_bot_config));
    CHECK_EQ(c.kind, kinds[level]);
    CHECK_EQ(mus_bot_config_default(c.kind, &d), MUS_OK);
    /* A level is its kind's default configuration, but for the strong level's smaller
     * search budget. */
    if (level == MUS_LEVEL_STRONG) d.playouts = 80;
    CHECK_EQ(memcmp(&c, &d, sizeof c), 0);
    CHECK(mus_level_name(level) != NULL && strcmp(mus_level_name(level), ids[level]) == 0);
    CHECK(mus_level_display_name(level) != NULL &&
          strcmp(mus_level_display_name(level), shown[level]) == 0);
    CHECK_EQ(mus_level_parse(ids[level], &out), MUS_OK);
    CHECK_EQ(out, level);
    out = -1;
    CHECK_EQ(mus_level_parse(shown[level], &out), MUS_OK);
    CHECK_EQ(out, level);
  }
  CHECK_EQ(MUS_LEVEL_BEGINNER, 0);
  CHECK_EQ(MUS_LEVEL_EXPERT, MUS_LEVELS - 1);
  /* Errors: out-of-range levels, NULL pointers, unknown names (case and spaces matter). */
  memset(&c, 0, sizeof c);
  CHECK_EQ(mus_bot_config_level(MUS_LEVELS, &c), MUS_E_INVALID_ARGUMENT);
  CHECK(strstr(mus_last_error(), "level") != NULL);
  CHECK_EQ(mus_bot_config_level(-1, &c), MUS_E_INVALID_ARGUMENT);
  CHECK_EQ(c.struct_size, 0); /* unchanged */
  CHECK_EQ(mus_bot_config_level(MUS_LEVEL_CLUB, NULL), MUS_E_INVALID_ARGUMENT);
  CHECK(mus_level_name(MUS_LEVELS) == NULL);
  CHECK(mus_level_name(-1) == NULL);
  CHECK(mus_level_display_name(MUS_LEVELS) == NULL);
  out = 77;
  CHECK_EQ(mus_level_parse("Expert", &out), MUS_E_PARSE);
  CHECK(strstr(mus_last_error(), "principiante") != NULL);
  CHECK_EQ(mus_level_parse("jugador  de club", &out), MUS_E_PARSE);
  CHECK_EQ(mus_level_parse("", &out), MUS_E_PARSE);
  CHECK_EQ(out, 77);
  CHECK_EQ(mus_level_parse(NULL, &out), MUS_E_INVALID_ARGUMENT);
  CHECK_EQ(mus_level_parse("club", NULL), MUS_E_INVALID_ARGUMENT);
}

static void test_errors(void) {
  mus_rules r;
  mus_state s;
  mus_bot_config c;
  mus_bot_config bad;
  int32_t id = 12345;
  double pts[MUS_ACTION_ID_COUNT];
  uint64_t ids = 0;
  int32_t out[2];
  mus_state_info info;
  CHECK_EQ(mus_bot_config_default(99, &c), MUS_E_INVALID_ARGUMENT);
  CHECK_EQ(mus_bot_config_default(-1, &c), MUS_E_INVALID_ARGUMENT);
  CHECK_EQ(mus_bot_config_default(MUS_BOT_RANDOM, NULL), MUS_E_INVALID_ARGUMENT);
  CHECK_EQ(mus_bot_config_default(MUS_BOT_SEARCH, &c), MUS_OK);
  CHECK_EQ(c.struct_size, sizeof(mus_bot_config));
  CHECK(c.playouts > 0);
  CHECK_EQ(c.time_ms, 0);
  CHECK_EQ(mus_rules_preset(&r, "standard"), MUS_OK);
  CHECK_EQ(mus_state_new(&r, 0, &s), MUS_OK);
  /* A shuffle is due: no seat acts. */
  CHECK_EQ(mus_bot_choose(&s, 0, &c, 1, &id), MUS_E_WRONG_PHASE);
  CHECK_EQ(mus_apply_id(&s, MUS_ACTION_ID_SHUFFLE, 5, &s), MUS_OK);
  memset(&info, 0, sizeof info);
  info.struct_size = sizeof info;
  CHECK_EQ(mus_state_info_get(&s, &info), MUS_OK);
  CHECK_EQ(mus_bot_choose(&s, (info.to_act + 1) % 4, &c, 1, &id), MUS_E_NOT_YOUR_TURN);
  CHECK_EQ(mus_bot_choose(&s, 4, &c, 1, &id), MUS_E_INVALID_ARGUMENT);
  CHECK_EQ(mus_bot_choose(&s, -1, &c, 1, &id), MUS_E_INVALID_ARGUMENT);
  CHECK_EQ(mus_bot_choose(NULL, info.to_act, &c, 1, &id), MUS_E_INVALID_ARGUMENT);
  CHECK_EQ(mus_bot_choose(&s, info.to_act, NULL, 1, &id), MUS_E_INVALID_ARGUMENT);
  CHECK_EQ(mus_bot_choose(&s, info.to_act, &c, 1, NULL), MUS_E_INVALID_ARGUMENT);
  bad = c;
  bad.struct_size = 8;
  CHECK_EQ(mus_bot_choose(&s, info.to_act, &bad, 1, &id), MUS_E_INVALID_ARGUMENT);
  bad = c;
  bad.kind = 99;
  CHECK_EQ(mus_bot_choose(&s, info.to_act, &bad, 1, &id), MUS_E_INVALID_ARGUMENT);
  bad.kind = MUS_BOT_EXPERT + 1; /* the first number past the kinds */
  CHECK_EQ(mus_bot_choose(&s, info.to_act, &bad, 1, &id), MUS_E_INVALID_ARGUMENT);
  bad = c;
  bad.playouts = -1;
  CHECK_EQ(mus_bot_choose(&s, info.to_act, &bad, 1, &id), MUS_E_INVALID_ARGUMENT);
  bad = c;
  bad.time_ms = -1;
  CHECK_EQ(mus_bot_choose(&s, info.to_act, &bad, 1, &id), MUS_E_INVALID_ARGUMENT);
  bad = c;
  bad.reserved[2] = 1;
  CHECK_EQ(mus_bot_choose(&s, info.to_act, &bad, 1, &id), MUS_E_INVALID_ARGUMENT);
  bad = c;
  bad.target = MUS_BOT_HEURISTIC; /* a target is the exploiter's only */
  CHECK_EQ(mus_bot_choose(&s, info.to_act, &bad, 1, &id), MUS_E_INVALID_ARGUMENT);
  CHECK_EQ(mus_bot_config_default(MUS_BOT_EXPLOITER, &bad), MUS_OK);
  CHECK_EQ(bad.target, MUS_BOT_HEURISTIC); /* the default target */
  CHECK(bad.playouts > 0);
  bad.target = MUS_BOT_EXPLOITER;
  CHECK_EQ(mus_bot_choose(&s, info.to_act, &bad, 1, &id), MUS_E_INVALID_ARGUMENT);
  bad.target = 99;
  CHECK_EQ(mus_bot_choose(&s, info.to_act, &bad, 1, &id), MUS_E_INVALID_ARGUMENT);
  CHECK_EQ(id, 12345); /* untouched by every error */
  bad.target = MUS_BOT_CAREFUL;
  bad.playouts = 16;
  CHECK_EQ(mus_bot_choose(&s, info.to_act, &bad, 1, &id), MUS_OK);
  CHECK(legal(&s, id));
  /* A forged state. */
  {
    mus_state forged = s;
    memset(forged.opaque, 0xAB, 64 * sizeof forged.opaque[0]);
    CHECK_EQ(mus_bot_choose(&forged, info.to_act, &c, 1, &id), MUS_E_INVALID_STATE);
    CHECK_EQ(mus_bot_playouts(&forged, &c, 1, 0, 1, MUS_PLAYOUT_HAND, out), MUS_E_INVALID_STATE);
  }
  /* mus_bot_evaluate: search only, a big enough buffer. */
  CHECK_EQ(mus_bot_evaluate(&s, info.to_act, &c, 1, pts, MUS_ACTION_ID_COUNT - 1, &ids),
           MUS_E_BUFFER_TOO_SMALL);
  CHECK_EQ(mus_bot_evaluate(&s, info.to_act, &c, 1, NULL, MUS_ACTION_ID_COUNT, &ids),
           MUS_E_INVALID_ARGUMENT);
  CHECK_EQ(mus_bot_evaluate(&s, info.to_act, &c, 1, pts, MUS_ACTION_ID_COUNT, NULL),
           MUS_E_INVALID_ARGUMENT);
  bad = c;
  bad.kind = MUS_BOT_HEURISTIC;
  CHECK_EQ(mus_bot_evaluate(&s, info.to_act, &bad, 1, pts, MUS_ACTION_ID_COUNT, &ids),
           MUS_E_INVALID_ARGUMENT);
  CHECK_EQ(mus_bot_evaluate(&s, (info.to_act + 1) % 4, &c, 1, pts, MUS_ACTION_ID_COUNT, &ids),
           MUS_E_NOT_YOUR_TURN);
  /* mus_bot_playouts: n, scope, buffer, config. */
  CHECK_EQ(mus_bot_playouts(&s, &c, 1, 0, -1, MUS_PLAYOUT_HAND, out), MUS_E_INVALID_ARGUMENT);
  CHECK_EQ(mus_bot_playouts(&s, &c, 1, 0, 1, 2, out), MUS_E_INVALID_ARGUMENT);
  CHECK_EQ(mus_bot_playouts(&s, &c, 1, 0, 1, MUS_PLAYOUT_HAND, NULL), MUS_E_INVALID_ARGUMENT);
  CHECK_EQ(mus_bot_playouts(&s, NULL, 1, 0, 1, MUS_PLAYOUT_HAND, out), MUS_E_INVALID_ARGUMENT);
}

/* The one choice without an action id: agreeing (R25a) to a partner's proposed raise of an
   amount off the bet ladder (13), which only a mus_apply() caller can propose. */
static void test_off_ladder_agreement(void) {
  static const uint8_t hands[16] = {9, 19, 29, 8, 39, 38, 37, 36, 0, 1, 2, 4, 3, 14, 25, 6};
  mus_rules r;
  mus_state s;
  mus_action a;
  mus_bot_config c = config_of(MUS_BOT_HEURISTIC);
  mus_state_info info;
  int32_t id = 777;
  CHECK_EQ(mus_rules_preset(&r, "online"), MUS_OK);
  CHECK_EQ(mus_state_new(&r, 3, &s), MUS_OK);
  CHECK_EQ(mus_action_from_deal(hands, 0, NULL, 0, &a), MUS_OK);
  CHECK_EQ(mus_apply(&s, &a, &s), MUS_OK);
  CHECK_EQ(mus_action_parse("0 cut", &a, NULL), MUS_OK);
  CHECK_EQ(mus_apply(&s, &a, &s), MUS_OK);
  CHECK_EQ(mus_action_parse("0 bet 2", &a, NULL), MUS_OK);
  CHECK_EQ(mus_apply(&s, &a, &s), MUS_OK);
  CHECK_EQ(mus_action_parse("1 bet 13", &a, NULL), MUS_OK); /* seat 1 proposes 13 more */
  CHECK_EQ(mus_apply(&s, &a, &s), MUS_OK);
  memset(&info, 0, sizeof info);
  info.struct_size = sizeof info;
  CHECK_EQ(mus_state_info_get(&s, &info), MUS_OK);
  CHECK_EQ(info.to_act, 3);
  CHECK_EQ(mus_bot_choose(&s, 3, &c, 1, &id), MUS_E_NO_ACTION_ID);
  CHECK_EQ(id, 777);
}

int main(void) {
  test_levels();
  test_errors();
  test_matches();
  test_hidden_cards();
  test_evaluate_and_playouts();
  test_off_ladder_agreement();
  return check_summary();
}
