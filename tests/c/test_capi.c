/*
 * The C99 test of the libmus C API (include/mus/mus.h): every function, and every error each
 * one documents. Expected results come from the rules (rules.md) and the header's own
 * documentation, worked out here by hand or by small independent definitions in this file
 * (card ids, hand values, pares), never from the library under test.
 *
 * Each failed CHECK prints file:line; the program ends with the line "N passed, M failed" and
 * exits non-zero when anything failed.
 */
#include <limits.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "mus/mus.h"

/* ---- The check macros ------------------------------------------------------------------- */

#include "check.h"

/* ---- Cards, worked out independently of the library (rules.md R2, R3, R4, R6, R18) ------- */

static const char k_ranks[] = "A234567JQK"; /* rank index 0..9 */
static const char k_suits[] = "oceb";       /* suit index 0..3 */

/* R3: id = suit * 10 + rank, from canonical letters; -1 for anything else. */
static int card_id(char rank, char suit) {
  const char* r = rank != '\0' ? strchr(k_ranks, rank) : NULL;
  const char* s = suit != '\0' ? strchr(k_suits, suit) : NULL;
  if (r == NULL || s == NULL) return -1;
  return (int)(s - k_suits) * 10 + (int)(r - k_ranks);
}

/* Reads canonical cards separated by single spaces ("Ko 3c Qe Ab") into ids[0..n-1]; returns
   1 when exactly n cards were read. For building test inputs only. */
static int read_ids(const char* text, uint8_t* ids, int n) {
  int i;
  for (i = 0; i < n; ++i) {
    const int id = card_id(text[0], text[1]);
    if (id < 0) return 0;
    ids[i] = (uint8_t)id;
    text += 2;
    if (i < n - 1) {
      if (*text != ' ') return 0;
      ++text;
    }
  }
  return *text == '\0';
}

/* A hand from canonical text; counts a failure when the test's own text is malformed. */
static void hand_of(const char* text, uint8_t out[4]) {
  memset(out, 0, 4);
  if (!read_ids(text, out, 4)) check_impl(0, text, __FILE__, __LINE__);
}

/* The four hands of a table, seat 0 first. */
static void table_of(const char* s0, const char* s1, const char* s2, const char* s3,
                     uint8_t out[16]) {
  hand_of(s0, out);
  hand_of(s1, out + 4);
  hand_of(s2, out + 8);
  hand_of(s3, out + 12);
}

/* R4: the rank index a card plays as (with 8 kings a 3 is a king and a 2 an ace). */
static int effective_rank(int id, int kings) {
  const int r = id % 10;
  if (kings == 8 && r == 2) return 9;
  if (kings == 8 && r == 1) return 0;
  return r;
}

/* R6: K Q J = 10, 7..4 face value, A = 1 (after R4). */
static int card_value(int id, int kings) {
  const int r = effective_rank(id, kings);
  return r >= 7 ? 10 : r + 1;
}

static int hand_value(const uint8_t h[4], int kings) {
  return card_value(h[0], kings) + card_value(h[1], kings) + card_value(h[2], kings) +
         card_value(h[3], kings);
}

/* R18 and R28: pareja 1, medias 2, duples (two pairs or four of a kind) 3, none 0. */
static int pares_tantos(const uint8_t h[4], int kings) {
  int count[10] = {0};
  int pairs = 0;
  int i;
  for (i = 0; i < 4; ++i) ++count[effective_rank(h[i], kings)];
  for (i = 0; i < 10; ++i) {
    if (count[i] == 4) return 3;
    if (count[i] == 3) return 2;
    if (count[i] == 2) ++pairs;
  }
  return pairs == 2 ? 3 : pairs;
}

/* R28: juego 31 brings 3 tantos, other juego 2, no juego 0. */
static int juego_tantos(int value) { return value == 31 ? 3 : (value > 31 ? 2 : 0); }

/* The canonical text of a hand (R2), built here from the letter tables. */
static void hand_text(const uint8_t h[4], char out[12]) {
  int i;
  for (i = 0; i < 4; ++i) {
    out[i * 3] = k_ranks[h[i] % 10];
    out[i * 3 + 1] = k_suits[h[i] / 10];
    out[i * 3 + 2] = i < 3 ? ' ' : '\0';
  }
}

/* ---- Rules helpers ---------------------------------------------------------------------- */

/* A mus_rules value built field by field, reserved fields zero. */
static mus_rules make_rules(int32_t kings, int32_t target, int32_t games_per_vaca, int32_t vacas,
                            int32_t min_raise, int32_t royal31, int32_t zero_discard,
                            int32_t deje_ends, int32_t mus_corrido, int32_t tio_perete) {
  mus_rules r;
  memset(&r, 0, sizeof r);
  r.struct_size = (uint32_t)sizeof(mus_rules);
  r.kings = kings;
  r.target = target;
  r.games_per_vaca = games_per_vaca;
  r.vacas = vacas;
  r.min_raise = min_raise;
  r.royal31 = royal31;
  r.zero_discard = zero_discard;
  r.deje_ends = deje_ends;
  r.mus_corrido = mus_corrido;
  r.tio_perete = tio_perete;
  return r;
}

/* The presets of rules.md ("Rule presets" table; R25 minimum raise 2; R29 dejes end the game
   at once except in online). */
static mus_rules standard_rules(void) {
  return make_rules(8, 40, 2, 1, 2, MUS_ROYAL31_OFF, 0, 1, MUS_CORRIDO_OFF, 0);
}
static mus_rules basque_rules(void) {
  return make_rules(4, 40, 3, 1, 2, MUS_ROYAL31_OFF, 0, 1, MUS_CORRIDO_GAME, 0);
}
static mus_rules spain_rules(void) {
  return make_rules(8, 30, 3, 3, 2, MUS_ROYAL31_OFF, 0, 1, MUS_CORRIDO_OFF, 0);
}
static mus_rules online_rules(void) {
  mus_rules r = make_rules(8, 40, 1, 1, 2, MUS_ROYAL31_OFF, 0, 0, MUS_CORRIDO_OFF, 0);
  r.answers = MUS_ANSWERS_PROPOSAL; /* team proposals, R25a */
  r.signals = MUS_SIGNALS_ONLINE; /* R33a: the online game's faces */
  return r;
}
static mus_rules four_kings_rules(void) {
  mus_rules r = standard_rules();
  r.kings = 4;
  return r;
}

static int same_rules(const mus_rules* a, const mus_rules* b) {
  return memcmp(a, b, sizeof(mus_rules)) == 0;
}

/* A value no call may write: every byte 0xA5. */
static mus_rules sentinel_rules(void) {
  mus_rules r;
  memset(&r, 0xA5, sizeof r);
  return r;
}

static void set_field(mus_rules* r, size_t offset, int32_t value) {
  memcpy((char*)r + offset, &value, sizeof value);
}

/* ---- Version and errors ----------------------------------------------------------------- */

static void test_version(void) {
  char expected[32];
  const char* s = mus_version_string();
  CHECK_EQ(mus_version(), MUS_VERSION);
  CHECK_EQ(mus_version(), MUS_VERSION_MAJOR * 10000 + MUS_VERSION_MINOR * 100 + MUS_VERSION_PATCH);
  sprintf(expected, "%d.%d.%d", MUS_VERSION_MAJOR, MUS_VERSION_MINOR, MUS_VERSION_PATCH);
  if (CHECK(s != NULL)) {
    CHECK(strcmp(s, MUS_VERSION_STRING) == 0);
    CHECK(strcmp(s, expected) == 0);
    CHECK(mus_version_string() == s); /* static */
  }
}

struct status_name {
  int32_t code;
  const char* name;
};
#define STATUS(code) \
  { code, #code }

static void test_status_strings(void) {
  static const struct status_name codes[] = {
      STATUS(MUS_OK),
      STATUS(MUS_E_INVALID_ARGUMENT),
      STATUS(MUS_E_PARSE),
      STATUS(MUS_E_BUFFER_TOO_SMALL),
      STATUS(MUS_E_INVALID_RULES),
      STATUS(MUS_E_INVALID_CARDS),
      STATUS(MUS_E_WRONG_PHASE),
      STATUS(MUS_E_NOT_YOUR_TURN),
      STATUS(MUS_E_ILLEGAL_ACTION),
      STATUS(MUS_E_BET_TOO_SMALL),
      STATUS(MUS_E_CARD_NOT_IN_HAND),
      STATUS(MUS_E_BAD_SHUFFLE),
      STATUS(MUS_E_MATCH_OVER),
      STATUS(MUS_E_FALSE_SIGNAL),
      STATUS(MUS_E_INVALID_STATE),
      STATUS(MUS_E_INTERNAL),
  };
  static const int32_t unknown[] = {1, 2, 100, -100, -1000, INT32_MAX, INT32_MIN};
  const size_t n = sizeof codes / sizeof codes[0];
  size_t i;
  size_t j;
  /* The codes are pinned: 0, then -1 down to -15 in the header's order. */
  for (i = 0; i < n; ++i) CHECK_EQ(codes[i].code, -(int32_t)i);
  for (i = 0; i < n; ++i) {
    const char* s = mus_status_string(codes[i].code);
    const size_t len = strlen(codes[i].name);
    if (!CHECK(s != NULL)) continue;
    /* "MUS_E_PARSE: text could not be parsed": the code's name, a colon, a description. */
    if (!CHECK(strncmp(s, codes[i].name, len) == 0)) printf("  status text: %s\n", s);
    CHECK(s[len] == ':' && s[len + 1] == ' ' && s[len + 2] != '\0');
    CHECK(mus_status_string(codes[i].code) == s); /* static */
    for (j = 0; j < i; ++j) CHECK(strcmp(s, mus_status_string(codes[j].code)) != 0);
  }
  for (i = 0; i < sizeof unknown / sizeof unknown[0]; ++i) {
    const char* s = mus_status_string(unknown[i]);
    CHECK(s != NULL && strcmp(s, "unknown status") == 0);
  }
}

/* ---- mus_last_error --------------------------------------------------------------------- */

/* True when the last error of this thread is exactly `text`; prints it otherwise. */
static int last_error_is(const char* text) {
  const char* got = mus_last_error();
  if (got != NULL && strcmp(got, text) == 0) return 1;
  printf("  mus_last_error(): \"%s\", expected \"%s\"\n", got == NULL ? "(NULL)" : got, text);
  return 0;
}

static void test_last_error(void) {
  mus_rules r;
  uint8_t hand[4];
  mus_state s;
  const char* before;
  /* Each failure says why, with the position in the text when there is one. */
  CHECK_EQ(mus_rules_parse(&r, "standard kings=5"), MUS_E_PARSE);
  CHECK(last_error_is("kings must be 4 or 8 at position 15"));
  CHECK_EQ(mus_hand_parse("Ko 3c Qe", hand), MUS_E_PARSE);
  CHECK(last_error_is("expected four cards at position 8"));
  CHECK_EQ(mus_hand_parse("Ko Ko Qe Ab", hand), MUS_E_PARSE);
  CHECK(last_error_is("duplicate card at position 3"));
  CHECK_EQ(mus_rules_preset(&r, "basqe"), MUS_E_PARSE);
  CHECK(last_error_is("unknown preset (expected standard, spain, basque or online)"));
  CHECK_EQ(mus_rules_preset(&r, "standard"), MUS_OK);
  CHECK_EQ(mus_state_new(&r, 4, &s), MUS_E_INVALID_ARGUMENT);
  CHECK(last_error_is("first dealer must be a seat 0..3"));
  /* A failure with nothing more precise to say gives the status text. */
  CHECK_EQ(mus_state_new(&r, 0, NULL), MUS_E_INVALID_ARGUMENT);
  CHECK(last_error_is(mus_status_string(MUS_E_INVALID_ARGUMENT)));
  /* Successful calls leave it alone; the pointer stays the same storage. */
  before = mus_last_error();
  CHECK_EQ(mus_hand_parse("Ko 3c Qe Ab", hand), MUS_OK);
  CHECK_EQ(mus_state_new(&r, 0, &s), MUS_OK);
  CHECK(mus_last_error() == before);
  CHECK(last_error_is(mus_status_string(MUS_E_INVALID_ARGUMENT)));
  /* A later failure replaces the text, even with the same status. */
  CHECK_EQ(mus_state_new(&r, -1, &s), MUS_E_INVALID_ARGUMENT);
  CHECK(last_error_is("first dealer must be a seat 0..3"));
  CHECK_EQ(mus_card_format(40, NULL, 0, NULL), MUS_E_INVALID_CARDS);
  CHECK(last_error_is("card id outside 0..39"));
}

/* ---- mus_rules_preset ------------------------------------------------------------------- */

static void test_rules_preset(void) {
  static const char* const bad_names[] = {
      "", "bogus", "basq", "onlinex", "standard kings=4", "standard_"};
  const mus_rules standard = standard_rules();
  const mus_rules basque = basque_rules();
  const mus_rules online = online_rules();
  mus_rules r;
  size_t i;

  r = sentinel_rules();
  CHECK_EQ(mus_rules_preset(&r, "standard"), MUS_OK);
  CHECK(same_rules(&r, &standard));
  CHECK_EQ(r.struct_size, sizeof(mus_rules));

  r = sentinel_rules();
  CHECK_EQ(mus_rules_preset(&r, NULL), MUS_OK);
  CHECK(same_rules(&r, &standard));

  r = sentinel_rules();
  CHECK_EQ(mus_rules_preset(&r, "basque"), MUS_OK);
  CHECK(same_rules(&r, &basque));

  r = sentinel_rules();
  CHECK_EQ(mus_rules_preset(&r, "online"), MUS_OK);
  CHECK(same_rules(&r, &online));

  r = sentinel_rules();
  CHECK_EQ(mus_rules_preset(&r, "spain"), MUS_OK);
  {
    const mus_rules spain = spain_rules();
    CHECK(same_rules(&r, &spain));
  }

  CHECK_EQ(mus_rules_preset(NULL, "standard"), MUS_E_INVALID_ARGUMENT);
  CHECK_EQ(mus_rules_preset(NULL, NULL), MUS_E_INVALID_ARGUMENT);
  for (i = 0; i < sizeof bad_names / sizeof bad_names[0]; ++i) {
    const mus_rules sentinel = sentinel_rules();
    r = sentinel;
    if (!CHECK_EQ(mus_rules_preset(&r, bad_names[i]), MUS_E_PARSE))
      printf("  name: %s\n", bad_names[i]);
    CHECK(same_rules(&r, &sentinel));
  }
}

/* ---- mus_rules_parse -------------------------------------------------------------------- */

struct key_case {
  const char* text;
  size_t field; /* offsetof the field that differs from the preset named first */
  int32_t value;
};

/* Every key with every value it takes (or its limits and a middle value). */
static const struct key_case k_valid_keys[] = {
    {"standard kings=4", offsetof(mus_rules, kings), 4},
    {"standard kings=8", offsetof(mus_rules, kings), 8},
    {"standard target=1", offsetof(mus_rules, target), 1},
    {"standard target=30", offsetof(mus_rules, target), 30},
    {"standard target=999", offsetof(mus_rules, target), 999},
    {"standard games_per_vaca=1", offsetof(mus_rules, games_per_vaca), 1},
    {"standard games_per_vaca=5", offsetof(mus_rules, games_per_vaca), 5},
    {"standard games_per_vaca=99", offsetof(mus_rules, games_per_vaca), 99},
    {"standard vacas=1", offsetof(mus_rules, vacas), 1},
    {"standard vacas=3", offsetof(mus_rules, vacas), 3},
    {"standard vacas=99", offsetof(mus_rules, vacas), 99},
    {"standard min_raise=1", offsetof(mus_rules, min_raise), 1},
    {"standard min_raise=2", offsetof(mus_rules, min_raise), 2},
    {"standard royal31=off", offsetof(mus_rules, royal31), MUS_ROYAL31_OFF},
    {"standard royal31=jack777", offsetof(mus_rules, royal31), MUS_ROYAL31_JACK777},
    {"standard royal31=figure777", offsetof(mus_rules, royal31), MUS_ROYAL31_FIGURE777},
    {"standard royal31=jack777_other_suits", offsetof(mus_rules, royal31),
     MUS_ROYAL31_JACK777_OTHER_SUITS},
    {"standard royal31=jack_of_coins777", offsetof(mus_rules, royal31),
     MUS_ROYAL31_JACK_OF_COINS777},
    {"standard royal31=jack_of_coins_any777", offsetof(mus_rules, royal31),
     MUS_ROYAL31_JACK_OF_COINS_ANY777},
    {"standard zero_discard=0", offsetof(mus_rules, zero_discard), 0},
    {"standard zero_discard=1", offsetof(mus_rules, zero_discard), 1},
    {"standard deje_ends=0", offsetof(mus_rules, deje_ends), 0},
    {"standard deje_ends=1", offsetof(mus_rules, deje_ends), 1},
    {"standard mus_corrido=off", offsetof(mus_rules, mus_corrido), MUS_CORRIDO_OFF},
    {"standard mus_corrido=match", offsetof(mus_rules, mus_corrido), MUS_CORRIDO_MATCH},
    {"standard mus_corrido=game", offsetof(mus_rules, mus_corrido), MUS_CORRIDO_GAME},
    {"standard tio_perete=0", offsetof(mus_rules, tio_perete), 0},
    {"standard tio_perete=1", offsetof(mus_rules, tio_perete), 1},
    {"standard answers=first", offsetof(mus_rules, answers), MUS_ANSWERS_FIRST},
    {"standard answers=proposal", offsetof(mus_rules, answers), MUS_ANSWERS_PROPOSAL},
    {"standard signals=full", offsetof(mus_rules, signals), MUS_SIGNALS_FULL},
    {"standard signals=online", offsetof(mus_rules, signals), MUS_SIGNALS_ONLINE},
    {"standard signals=off", offsetof(mus_rules, signals), MUS_SIGNALS_OFF},
};

struct status_case {
  const char* text;
  int32_t status;
};

static const struct status_case k_invalid_texts[] = {
    /* unknown preset, misplaced words */
    {"bogus", MUS_E_PARSE},
    {"bogus kings=4", MUS_E_PARSE},
    {"standard basque", MUS_E_PARSE},
    {"kings=4 standard", MUS_E_PARSE},
    {"standard kings=4 online", MUS_E_PARSE},
    /* unknown keys, missing or malformed values */
    {"standard bogus=1", MUS_E_PARSE},
    {"standard Kings=4", MUS_E_PARSE},
    {"standard =4", MUS_E_PARSE},
    {"standard kings", MUS_E_PARSE},
    {"standard kings=", MUS_E_PARSE},
    {"standard kings=four", MUS_E_PARSE},
    {"standard kings=4x", MUS_E_PARSE},
    {"standard kings=4.0", MUS_E_PARSE},
    {"standard target=", MUS_E_PARSE},
    {"standard target=forty", MUS_E_PARSE},
    {"standard games_per_vaca=two", MUS_E_PARSE},
    {"standard vacas=", MUS_E_PARSE},
    {"standard min_raise=x", MUS_E_PARSE},
    {"standard royal31=", MUS_E_PARSE},
    {"standard royal31=bogus", MUS_E_PARSE},
    {"standard royal31=1", MUS_E_PARSE},
    {"standard zero_discard=", MUS_E_PARSE},
    {"standard zero_discard=yes", MUS_E_PARSE},
    {"standard zero_discard=2", MUS_E_PARSE},
    {"standard deje_ends=2", MUS_E_PARSE},
    {"standard deje_ends=true", MUS_E_PARSE},
    {"standard mus_corrido=", MUS_E_PARSE},
    {"standard mus_corrido=bogus", MUS_E_PARSE},
    {"standard answers=both", MUS_E_PARSE},
    {"standard answers=1", MUS_E_PARSE},
    {"standard mus_corrido=1", MUS_E_PARSE},
    {"standard tio_perete=2", MUS_E_PARSE},
    {"standard tio_perete=no", MUS_E_PARSE},
    {"standard signals=", MUS_E_PARSE},
    {"standard signals=none", MUS_E_PARSE},
    {"standard signals=1", MUS_E_PARSE},
    {"standard target=30 bogus", MUS_E_PARSE},
    /* well-formed values outside their limits: still MUS_E_PARSE (capi-contract.md) */
    {"standard kings=5", MUS_E_PARSE},
    {"standard kings=0", MUS_E_PARSE},
    {"standard kings=-8", MUS_E_PARSE},
    {"standard kings=264", MUS_E_PARSE}, /* 256 + 8 must not wrap to 8 */
    {"standard target=0", MUS_E_PARSE},
    {"standard target=-40", MUS_E_PARSE},
    {"standard target=1000", MUS_E_PARSE},
    {"standard target=65576", MUS_E_PARSE}, /* 65536 + 40 must not wrap to 40 */
    {"standard games_per_vaca=0", MUS_E_PARSE},
    {"standard games_per_vaca=100", MUS_E_PARSE},
    {"standard games_per_vaca=258", MUS_E_PARSE},
    {"standard vacas=0", MUS_E_PARSE},
    {"standard vacas=100", MUS_E_PARSE},
    {"standard vacas=257", MUS_E_PARSE},
    {"standard min_raise=0", MUS_E_PARSE},
    {"standard min_raise=3", MUS_E_PARSE},
    {"standard min_raise=258", MUS_E_PARSE},
    /* a repeated key: the last one wins, so the result is judged on it */
    {"standard kings=4 kings=5", MUS_E_PARSE},
    {"basque target=30 target=0", MUS_E_PARSE},
};

static void test_rules_parse(void) {
  static const char* const preset_names[] = {"standard", "basque", "online", "spain"};
  const mus_rules presets[] = {standard_rules(), basque_rules(), online_rules(), spain_rules()};
  mus_rules r;
  mus_rules expected;
  size_t i;

  for (i = 0; i < 4; ++i) {
    r = sentinel_rules();
    CHECK_EQ(mus_rules_parse(&r, preset_names[i]), MUS_OK);
    CHECK(same_rules(&r, &presets[i]));
  }

  for (i = 0; i < sizeof k_valid_keys / sizeof k_valid_keys[0]; ++i) {
    expected = standard_rules();
    set_field(&expected, k_valid_keys[i].field, k_valid_keys[i].value);
    r = sentinel_rules();
    if (!CHECK_EQ(mus_rules_parse(&r, k_valid_keys[i].text), MUS_OK))
      printf("  text: %s\n", k_valid_keys[i].text);
    if (!CHECK(same_rules(&r, &expected))) printf("  text: %s\n", k_valid_keys[i].text);
  }

  /* Overrides on top of the other presets, several keys at once, blanks, repeated keys. */
  expected = basque_rules();
  expected.kings = 8;
  expected.tio_perete = 1;
  r = sentinel_rules();
  CHECK_EQ(mus_rules_parse(&r, "basque kings=8 tio_perete=1"), MUS_OK);
  CHECK(same_rules(&r, &expected));

  expected = online_rules();
  expected.deje_ends = 1;
  expected.vacas = 2;
  r = sentinel_rules();
  CHECK_EQ(mus_rules_parse(&r, "online  vacas=2   deje_ends=1"), MUS_OK);
  CHECK(same_rules(&r, &expected));

  expected = make_rules(4, 30, 2, 1, 2, MUS_ROYAL31_JACK777, 0, 1, MUS_CORRIDO_OFF, 0);
  r = sentinel_rules();
  CHECK_EQ(mus_rules_parse(&r, "standard kings=4 target=30 royal31=jack777"), MUS_OK);
  CHECK(same_rules(&r, &expected));

  expected = make_rules(4, 25, 7, 3, 1, MUS_ROYAL31_FIGURE777, 1, 0, MUS_CORRIDO_MATCH, 1);
  expected.answers = MUS_ANSWERS_PROPOSAL; /* from the online preset */
  expected.signals = MUS_SIGNALS_ONLINE;
  r = sentinel_rules();
  CHECK_EQ(mus_rules_parse(&r,
                           "online tio_perete=1 mus_corrido=match deje_ends=0 "
                           "zero_discard=1 royal31=figure777 min_raise=1 vacas=3 "
                           "games_per_vaca=7 target=25 kings=4"),
           MUS_OK);
  CHECK(same_rules(&r, &expected));

  expected = standard_rules();
  expected.kings = 4;
  r = sentinel_rules();
  CHECK_EQ(mus_rules_parse(&r, "standard kings=5 kings=4"), MUS_OK); /* the last wins */
  CHECK(same_rules(&r, &expected));

  /* Errors: *out is left unchanged. */
  for (i = 0; i < sizeof k_invalid_texts / sizeof k_invalid_texts[0]; ++i) {
    const mus_rules sentinel = sentinel_rules();
    r = sentinel;
    if (!CHECK_EQ(mus_rules_parse(&r, k_invalid_texts[i].text), k_invalid_texts[i].status))
      printf("  text: %s\n", k_invalid_texts[i].text);
    if (!CHECK(same_rules(&r, &sentinel))) printf("  text: %s\n", k_invalid_texts[i].text);
  }
  /* A number too large for any integer is bad text too. */
  {
    const mus_rules sentinel = sentinel_rules();
    int32_t status;
    r = sentinel;
    status = mus_rules_parse(&r, "standard target=99999999999999999999");
    CHECK_EQ(status, MUS_E_PARSE);
    CHECK(same_rules(&r, &sentinel));
  }
  {
    const mus_rules sentinel = sentinel_rules();
    r = sentinel;
    CHECK_EQ(mus_rules_parse(&r, NULL), MUS_E_INVALID_ARGUMENT);
    CHECK(same_rules(&r, &sentinel));
    CHECK_EQ(mus_rules_parse(NULL, "standard"), MUS_E_INVALID_ARGUMENT);
    CHECK_EQ(mus_rules_parse(NULL, NULL), MUS_E_INVALID_ARGUMENT);
  }
}

/* ---- mus_rules_format ------------------------------------------------------------------- */

/* format -> parse gives back the identical struct; returns 1 when it does. */
static int format_round_trip(const mus_rules* rules) {
  char buf[256];
  size_t len = 0;
  mus_rules back = sentinel_rules();
  if (mus_rules_format(rules, buf, sizeof buf, &len) != MUS_OK) return 0;
  if (len != strlen(buf)) return 0;
  if (mus_rules_parse(&back, buf) != MUS_OK) return 0;
  return same_rules(&back, rules);
}

static void check_format(const char* text, const char* expected) {
  char buf[256];
  size_t len = 0;
  mus_rules r = sentinel_rules();
  if (!CHECK_EQ(mus_rules_parse(&r, text), MUS_OK)) return;
  memset(buf, 0x5A, sizeof buf);
  CHECK_EQ(mus_rules_format(&r, buf, sizeof buf, &len), MUS_OK);
  CHECK_EQ(len, strlen(expected));
  if (!CHECK(strcmp(buf, expected) == 0)) printf("  got \"%s\", expected \"%s\"\n", buf, expected);
}

static void test_rules_format(void) {
  const mus_rules presets[] = {standard_rules(), basque_rules(), online_rules(), spain_rules()};
  static const int32_t kings[] = {4, 8};
  static const int32_t targets[] = {1, 30, 40, 999};
  static const int32_t games[] = {1, 2, 3, 99};
  static const int32_t vacas[] = {1, 99};
  mus_rules r;
  size_t i;
  size_t a, b, c, d, e, f, g, h;
  int failures = 0;
  int tried = 0;

  /* The canonical form: the nearest preset, then the keys that differ, in the listed order. */
  check_format("standard", "standard");
  check_format("basque", "basque");
  check_format("spain", "spain");
  check_format("standard target=30 games_per_vaca=3 vacas=3", "spain");
  check_format("online", "online");
  check_format("standard target=30", "standard target=30");
  check_format("standard tio_perete=1 kings=4", "standard kings=4 tio_perete=1");
  check_format("basque kings=8", "basque kings=8");
  check_format("online target=30 tio_perete=1", "online target=30 tio_perete=1");
  check_format("standard deje_ends=0 games_per_vaca=1 answers=proposal signals=online", "online");
  check_format("standard deje_ends=0 games_per_vaca=1", "standard games_per_vaca=1 deje_ends=0");
  check_format("standard answers=proposal", "standard answers=proposal");
  check_format("standard signals=off", "standard signals=off");
  check_format("standard royal31=jack_of_coins777 mus_corrido=match",
               "standard royal31=jack_of_coins777 mus_corrido=match");

  for (i = 0; i < 4; ++i) CHECK(format_round_trip(&presets[i]));
  for (i = 0; i < sizeof k_valid_keys / sizeof k_valid_keys[0]; ++i) {
    size_t p;
    for (p = 0; p < 3; ++p) {
      r = presets[p];
      set_field(&r, k_valid_keys[i].field, k_valid_keys[i].value);
      if (!CHECK(format_round_trip(&r))) printf("  override: %s\n", k_valid_keys[i].text);
    }
  }
  /* A sweep over combinations of every field. */
  for (a = 0; a < 2; ++a)
    for (b = 0; b < 4; ++b)
      for (c = 0; c < 4; ++c)
        for (d = 0; d < 2; ++d)
          for (e = 1; e <= 2; ++e)
            for (f = 0; f <= 4; ++f)
              for (g = 0; g < 8; ++g)
                for (h = 0; h <= 2; ++h) {
                  r = make_rules(kings[a], targets[b], games[c], vacas[d], (int32_t)e, (int32_t)f,
                                 (int32_t)(g & 1), (int32_t)((g >> 1) & 1), (int32_t)h,
                                 (int32_t)((g >> 2) & 1));
                  ++tried;
                  if (!format_round_trip(&r)) ++failures;
                }
  CHECK_EQ(tried, 2 * 4 * 4 * 2 * 2 * 5 * 8 * 3);
  CHECK_EQ(failures, 0);

  /* Buffer sizes: the length first, then exactly big enough, then guard bytes. */
  {
    const char* expected = "standard kings=4 target=30 royal31=jack777";
    const size_t n = strlen(expected);
    char buf[64];
    size_t len = 12345;
    size_t cap;
    CHECK_EQ(mus_rules_parse(&r, expected), MUS_OK);

    CHECK_EQ(mus_rules_format(&r, NULL, 0, &len), MUS_E_BUFFER_TOO_SMALL);
    CHECK_EQ(len, n);
    CHECK_EQ(mus_rules_format(&r, NULL, 0, NULL), MUS_E_BUFFER_TOO_SMALL);
    for (cap = 1; cap <= n; ++cap) {
      size_t k;
      int untouched = 1;
      memset(buf, 0x5A, sizeof buf);
      len = 0;
      CHECK_EQ(mus_rules_format(&r, buf, cap, &len), MUS_E_BUFFER_TOO_SMALL);
      CHECK_EQ(len, n);
      for (k = 0; k < sizeof buf; ++k) untouched = untouched && buf[k] == 0x5A;
      CHECK(untouched);
    }
    memset(buf, 0x5A, sizeof buf);
    len = 0;
    CHECK_EQ(mus_rules_format(&r, buf, n + 1, &len), MUS_OK);
    CHECK_EQ(len, n);
    CHECK(memcmp(buf, expected, n) == 0);
    CHECK(buf[n] == '\0');
    CHECK(buf[n + 1] == 0x5A);
    memset(buf, 0x5A, sizeof buf);
    CHECK_EQ(mus_rules_format(&r, buf, sizeof buf, NULL), MUS_OK);
    CHECK(strcmp(buf, expected) == 0);
    CHECK(buf[n + 1] == 0x5A && buf[sizeof buf - 1] == 0x5A);
  }

  /* NULL pointers; len_out and buf untouched on error. */
  {
    char buf[8];
    size_t len = 777;
    r = standard_rules();
    memset(buf, 0x5A, sizeof buf);
    CHECK_EQ(mus_rules_format(NULL, buf, sizeof buf, &len), MUS_E_INVALID_ARGUMENT);
    CHECK_EQ(mus_rules_format(&r, NULL, 16, &len), MUS_E_INVALID_ARGUMENT);
    CHECK_EQ(mus_rules_format(NULL, NULL, 0, &len), MUS_E_INVALID_ARGUMENT);
    CHECK_EQ(len, 777);
    CHECK(buf[0] == 0x5A);
  }
}

/* ---- Invalid rules, for every function that takes rules --------------------------------- */

struct bad_rules_case {
  size_t field;
  int32_t value;
};

/* One field of the standard rules changed to a value outside its limits, or that would wrap
   into range if narrowed (rules.md limits, as documented in mus_rules). */
static const struct bad_rules_case k_bad_fields[] = {
    {offsetof(mus_rules, kings), 0},
    {offsetof(mus_rules, kings), 5},
    {offsetof(mus_rules, kings), 7},
    {offsetof(mus_rules, kings), 9},
    {offsetof(mus_rules, kings), -8},
    {offsetof(mus_rules, kings), 264},
    {offsetof(mus_rules, kings), INT32_MIN},
    {offsetof(mus_rules, kings), INT32_MAX},
    {offsetof(mus_rules, target), 0},
    {offsetof(mus_rules, target), -40},
    {offsetof(mus_rules, target), 1000},
    {offsetof(mus_rules, target), 65576},
    {offsetof(mus_rules, target), INT32_MIN},
    {offsetof(mus_rules, target), INT32_MAX},
    {offsetof(mus_rules, games_per_vaca), 0},
    {offsetof(mus_rules, games_per_vaca), -2},
    {offsetof(mus_rules, games_per_vaca), 100},
    {offsetof(mus_rules, games_per_vaca), 258},
    {offsetof(mus_rules, vacas), 0},
    {offsetof(mus_rules, vacas), -1},
    {offsetof(mus_rules, vacas), 100},
    {offsetof(mus_rules, vacas), 257},
    {offsetof(mus_rules, min_raise), 0},
    {offsetof(mus_rules, min_raise), 3},
    {offsetof(mus_rules, min_raise), -2},
    {offsetof(mus_rules, min_raise), 258},
    {offsetof(mus_rules, royal31), -1},
    {offsetof(mus_rules, royal31), 6},
    {offsetof(mus_rules, royal31), 7},
    {offsetof(mus_rules, royal31), 256},
    {offsetof(mus_rules, zero_discard), 2},
    {offsetof(mus_rules, zero_discard), -1},
    {offsetof(mus_rules, zero_discard), 256},
    {offsetof(mus_rules, deje_ends), 2},
    {offsetof(mus_rules, deje_ends), -1},
    {offsetof(mus_rules, deje_ends), 257},
    {offsetof(mus_rules, mus_corrido), 3},
    {offsetof(mus_rules, mus_corrido), -1},
    {offsetof(mus_rules, mus_corrido), 256},
    {offsetof(mus_rules, tio_perete), 2},
    {offsetof(mus_rules, tio_perete), -1},
    {offsetof(mus_rules, tio_perete), 256},
    {offsetof(mus_rules, answers), 2},
    {offsetof(mus_rules, answers), -1},
    {offsetof(mus_rules, answers), 256},
    {offsetof(mus_rules, signals), 3},
    {offsetof(mus_rules, signals), -1},
    {offsetof(mus_rules, signals), 256},
    /* reserved fields must stay zero ("keep zero") */
    {offsetof(mus_rules, reserved), 1},
    {offsetof(mus_rules, reserved) + 4 * sizeof(int32_t), -1},
    {offsetof(mus_rules, reserved) + 5 * sizeof(int32_t), 1},
};

/* Calls every function taking rules with `bad` and expects `status`, outputs untouched. */
static void expect_rules_refused(const mus_rules* bad, int32_t status, const char* what) {
  uint8_t table[16];
  uint8_t hand[4];
  char buf[64];
  size_t len = 777;
  int32_t out = 77;
  int ok = 1;
  table_of("Ko Kc Qo 7o", "Ke Qc Qe 7c", "Jo Jc 6o 5o", "Ao Ac 4o 5c", table);
  hand_of("Ko Kc Qo 7o", hand);
  memset(buf, 0x5A, sizeof buf);
  ok &= CHECK_EQ(mus_rules_format(bad, buf, sizeof buf, &len), status);
  ok &= CHECK(len == 777 && buf[0] == 0x5A);
  ok &= CHECK_EQ(mus_lance_winner(bad, MUS_LANCE_GRANDE, table, 0, &out), status);
  ok &= CHECK_EQ(mus_hand_tantos(bad, MUS_LANCE_PARES, hand, &out), status);
  ok &= CHECK_EQ(mus_hand_value(bad, hand, &out), status);
  ok &= CHECK_EQ(out, 77);
  if (!ok) printf("  case: %s\n", what);
}

static void test_invalid_rules(void) {
  static const uint32_t short_sizes[] = {0, 4, (uint32_t)sizeof(mus_rules) - 4,
                                         (uint32_t)sizeof(mus_rules) - 1};
  mus_rules r;
  size_t i;
  char what[64];

  /* The limits themselves are accepted. */
  {
    uint8_t hand[4];
    int32_t value = 0;
    hand_of("Ko Qo Jo 7o", hand);
    r = make_rules(4, 999, 99, 99, 1, MUS_ROYAL31_JACK_OF_COINS777, 1, 0, MUS_CORRIDO_GAME, 1);
    CHECK_EQ(mus_hand_value(&r, hand, &value), MUS_OK);
    CHECK_EQ(value, 37);
    r = make_rules(8, 1, 1, 1, 2, MUS_ROYAL31_OFF, 0, 1, MUS_CORRIDO_OFF, 0);
    CHECK_EQ(mus_hand_value(&r, hand, &value), MUS_OK);
  }

  for (i = 0; i < sizeof k_bad_fields / sizeof k_bad_fields[0]; ++i) {
    r = standard_rules();
    set_field(&r, k_bad_fields[i].field, k_bad_fields[i].value);
    sprintf(what, "field at offset %u = %ld", (unsigned)k_bad_fields[i].field,
            (long)k_bad_fields[i].value);
    expect_rules_refused(&r, MUS_E_INVALID_RULES, what);
  }
  /* struct_size smaller than the struct: an argument error. */
  for (i = 0; i < sizeof short_sizes / sizeof short_sizes[0]; ++i) {
    r = standard_rules();
    r.struct_size = short_sizes[i];
    sprintf(what, "struct_size %u", (unsigned)short_sizes[i]);
    expect_rules_refused(&r, MUS_E_INVALID_ARGUMENT, what);
  }
}

/* ---- mus_hand_parse and mus_hand_format ------------------------------------------------- */

static void expect_parse(const char* text, const char* canonical) {
  uint8_t got[4] = {0xEE, 0xEE, 0xEE, 0xEE};
  uint8_t expected[4];
  hand_of(canonical, expected);
  if (!CHECK_EQ(mus_hand_parse(text, got), MUS_OK)) printf("  text: \"%s\"\n", text);
  if (!CHECK(memcmp(got, expected, 4) == 0)) printf("  text: \"%s\"\n", text);
}

static void test_hand_parse(void) {
  static const char* const bad[] = {
      "",
      "   ",
      "Ko",
      "Ko 3c Qe",
      "Ko 3c Qe Ab 7o",
      "Ko Ko Qe Ab", /* the same card twice */
      "Ko 3c Qe ko", /* the same card twice, another case */
      "Ko 3c Qe Ro", /* rey de oros twice, Spanish letter */
      "Xo 3c Qe Ab", /* unknown rank */
      "8o 3c Qe Ab", /* no 8s in the deck (R1) */
      "9o 3c Qe Ab",
      "Kx 3c Qe Ab", /* unknown suit */
      "K 3c Qe Ab",  /* missing suit */
      "Ko3c Qe Ab",  /* stray text */
      "Ko 3c Qe Ab x",
      "Ko, 3c, Qe, Ab",
      "10o 3c Qe Ab",
      "Ko 3c Qe Abb",
  };
  const uint8_t sentinel[4] = {0xEE, 0xEE, 0xEE, 0xEE};
  uint8_t out[4];
  size_t i;

  /* R3's examples. */
  memcpy(out, sentinel, 4);
  CHECK_EQ(mus_hand_parse("Ao Ko Ab Kb", out), MUS_OK);
  CHECK_EQ(out[0], 0);
  CHECK_EQ(out[1], 9);
  CHECK_EQ(out[2], 30);
  CHECK_EQ(out[3], 39);
  CHECK_EQ(mus_hand_parse("Ko 3c Qe Ab", out), MUS_OK);
  CHECK_EQ(out[0], 9);
  CHECK_EQ(out[1], 12);
  CHECK_EQ(out[2], 28);
  CHECK_EQ(out[3], 30);

  expect_parse("Ko 3c Qe Ab", "Ko 3c Qe Ab");
  expect_parse("Ab Qe 3c Ko", "Ab Qe 3c Ko"); /* the order written is kept */
  expect_parse("ko 3C qE aB", "Ko 3c Qe Ab"); /* either case */
  expect_parse("KO 3C QE AB", "Ko 3c Qe Ab");
  expect_parse("1o 1c 1e 1b", "Ao Ac Ae Ab"); /* 1 for the ace */
  expect_parse("So Cc Re Sb", "Jo Qc Ke Jb"); /* Spanish sota, caballo, rey */
  expect_parse("so cc re sb", "Jo Qc Ke Jb");
  expect_parse("  Ko\t3c  Qe \t Ab  ", "Ko 3c Qe Ab"); /* spaces and tabs */
  expect_parse("\tKo 3c Qe Ab\t", "Ko 3c Qe Ab");
  expect_parse("2o 4c 5e 6b", "2o 4c 5e 6b");
  expect_parse("7o Jc Qe Kb", "7o Jc Qe Kb");

  for (i = 0; i < sizeof bad / sizeof bad[0]; ++i) {
    memcpy(out, sentinel, 4);
    if (!CHECK_EQ(mus_hand_parse(bad[i], out), MUS_E_PARSE)) printf("  text: \"%s\"\n", bad[i]);
    CHECK(memcmp(out, sentinel, 4) == 0);
  }
  memcpy(out, sentinel, 4);
  CHECK_EQ(mus_hand_parse(NULL, out), MUS_E_INVALID_ARGUMENT);
  CHECK(memcmp(out, sentinel, 4) == 0);
  CHECK_EQ(mus_hand_parse("Ko 3c Qe Ab", NULL), MUS_E_INVALID_ARGUMENT);
  CHECK_EQ(mus_hand_parse(NULL, NULL), MUS_E_INVALID_ARGUMENT);
}

static void test_hand_format(void) {
  uint8_t hand[4];
  char buf[32];
  size_t len;
  size_t cap;
  size_t k;

  hand_of("Ko 3c Qe Ab", hand);
  memset(buf, 0x5A, sizeof buf);
  len = 0;
  CHECK_EQ(mus_hand_format(hand, buf, sizeof buf, &len), MUS_OK);
  CHECK_EQ(len, 11);
  CHECK(strcmp(buf, "Ko 3c Qe Ab") == 0);
  for (k = 12; k < sizeof buf; ++k) CHECK(buf[k] == 0x5A); /* only the text and its NUL */

  /* Sizing call, every too-small size, then exactly 12. */
  len = 0;
  CHECK_EQ(mus_hand_format(hand, NULL, 0, &len), MUS_E_BUFFER_TOO_SMALL);
  CHECK_EQ(len, 11);
  CHECK_EQ(mus_hand_format(hand, NULL, 0, NULL), MUS_E_BUFFER_TOO_SMALL);
  for (cap = 1; cap <= 11; ++cap) {
    int untouched = 1;
    memset(buf, 0x5A, sizeof buf);
    len = 0;
    CHECK_EQ(mus_hand_format(hand, buf, cap, &len), MUS_E_BUFFER_TOO_SMALL);
    CHECK_EQ(len, 11);
    for (k = 0; k < sizeof buf; ++k) untouched = untouched && buf[k] == 0x5A;
    CHECK(untouched);
  }
  memset(buf, 0x5A, sizeof buf);
  CHECK_EQ(mus_hand_format(hand, buf, 12, NULL), MUS_OK);
  CHECK(memcmp(buf, "Ko 3c Qe Ab", 12) == 0);
  CHECK(buf[12] == 0x5A);

  /* Errors: nothing written. */
  {
    static const uint8_t bad_cards[][4] = {
        {40, 1, 2, 3}, {0, 1, 2, 41}, {0, 255, 2, 3}, {9, 9, 2, 3}, {9, 1, 2, 9}, {0, 0, 0, 0},
    };
    size_t i;
    for (i = 0; i < sizeof bad_cards / sizeof bad_cards[0]; ++i) {
      memset(buf, 0x5A, sizeof buf);
      len = 777;
      CHECK_EQ(mus_hand_format(bad_cards[i], buf, sizeof buf, &len), MUS_E_INVALID_CARDS);
      CHECK(len == 777 && buf[0] == 0x5A);
    }
    memset(buf, 0x5A, sizeof buf);
    len = 777;
    CHECK_EQ(mus_hand_format(NULL, buf, sizeof buf, &len), MUS_E_INVALID_ARGUMENT);
    CHECK_EQ(mus_hand_format(hand, NULL, 12, &len), MUS_E_INVALID_ARGUMENT);
    CHECK(len == 777 && buf[0] == 0x5A);
  }
}

/* Every hand of four distinct cards (in increasing id order, and reversed): format gives the
   canonical text built here, and parse gives the ids back. */
static void test_hand_round_trip(void) {
  int a, b, c, d;
  long hands = 0;
  long failures = 0;
  for (a = 0; a < 40; ++a)
    for (b = a + 1; b < 40; ++b)
      for (c = b + 1; c < 40; ++c)
        for (d = c + 1; d < 40; ++d) {
          const uint8_t forward[4] = {(uint8_t)a, (uint8_t)b, (uint8_t)c, (uint8_t)d};
          const uint8_t reverse[4] = {(uint8_t)d, (uint8_t)c, (uint8_t)b, (uint8_t)a};
          const uint8_t* hs[2];
          int k;
          hs[0] = forward;
          hs[1] = reverse;
          for (k = 0; k < 2; ++k) {
            char expected[12];
            char buf[12];
            size_t len = 0;
            uint8_t back[4] = {0xEE, 0xEE, 0xEE, 0xEE};
            int ok;
            hand_text(hs[k], expected);
            ok = mus_hand_format(hs[k], buf, sizeof buf, &len) == MUS_OK && len == 11 &&
                 strcmp(buf, expected) == 0 && mus_hand_parse(buf, back) == MUS_OK &&
                 memcmp(back, hs[k], 4) == 0;
            if (!ok && failures++ == 0) printf("  round trip failed for \"%s\"\n", expected);
            ++hands;
          }
        }
  CHECK_EQ(hands, 2L * 91390L);
  CHECK_EQ(failures, 0);
}

/* ---- mus_lance_winner ------------------------------------------------------------------- */

/* The winner of `lance` for each mano 0..3 must be expected[mano]. */
static void expect_winners(const mus_rules* rules, int32_t lance, const uint8_t table[16],
                           const int32_t expected[4], int line) {
  int32_t mano;
  for (mano = 0; mano < 4; ++mano) {
    int32_t seat = 77;
    const int32_t status = mus_lance_winner(rules, lance, table, mano, &seat);
    if (!check_eq_impl(status, MUS_OK, "mus_lance_winner status", __FILE__, line) ||
        !check_eq_impl(seat, expected[mano], "winning seat", __FILE__, line))
      printf("  lance %d, mano %d\n", (int)lance, (int)mano);
  }
}

/* The same winner whoever is mano. */
static void expect_winner(const mus_rules* rules, int32_t lance, const uint8_t table[16],
                          int32_t seat, int line) {
  const int32_t expected[4] = {seat, seat, seat, seat};
  expect_winners(rules, lance, table, expected, line);
}

/* A juego hand of a given value (8 kings) from one family of suits: family 0 uses oros and
   copas, family 1 espadas and bastos, so a hand of each family never share a card. */
static void juego_hand(int value, int family, uint8_t out[4]) {
  static const struct {
    int value;
    const char* text; /* in family 0's suits */
  } hands[] = {
      {31, "Jo Qo Ko Ao"}, {32, "Jo Qo 5o 7o"}, {40, "Jo Qo Ko Kc"}, {37, "Jo Qo Ko 7o"},
      {36, "Jo Qo Ko 6o"}, {35, "Jo Qo Ko 5o"}, {34, "Jo Qo 7o 7c"}, {33, "Jo Qo 6o 7o"},
  };
  size_t i;
  for (i = 0; i < sizeof hands / sizeof hands[0]; ++i) {
    if (hands[i].value == value) {
      int k;
      hand_of(hands[i].text, out);
      if (family == 1)
        for (k = 0; k < 4; ++k) out[k] = (uint8_t)(out[k] + 20); /* o -> e, c -> b */
      return;
    }
  }
  check_impl(0, "juego_hand: no hand for the value", __FILE__, __LINE__);
}

static void test_lance_winner(void) {
  const mus_rules standard = standard_rules();
  const mus_rules four_kings = four_kings_rules();
  uint8_t t[16];

  /* R16 example K K Q 7 > K Q Q 7; R17 A A 4 5 lowest; R18 highest pareja; R19 31 best. */
  table_of("Ko Kc Qo 7o", "Ke Qc Qe 7c", "Jo Jc 6o 5o", "Ao Ac 4o 5c", t);
  expect_winner(&standard, MUS_LANCE_GRANDE, t, 0, __LINE__);
  expect_winner(&standard, MUS_LANCE_CHICA, t, 3, __LINE__);
  expect_winner(&standard, MUS_LANCE_PARES, t, 0, __LINE__);
  expect_winner(&standard, MUS_LANCE_JUEGO, t, 2, __LINE__);  /* 37, 37, 31, 11 */
  expect_winner(&standard, MUS_LANCE_PUNTO, t, -1, __LINE__); /* somebody has juego */

  /* R17 example A A 5 Q beats A A 5 K; pares Q Q beats A A and J J; juego 37 beats 33. */
  table_of("Ao Ac 5o Qo", "Ae Ab 5c Ko", "Qc Qe Jo 7o", "Jc Je 7c 6o", t);
  expect_winner(&standard, MUS_LANCE_CHICA, t, 0, __LINE__);
  expect_winner(&standard, MUS_LANCE_GRANDE, t, 1, __LINE__);
  expect_winner(&standard, MUS_LANCE_PARES, t, 2, __LINE__);
  expect_winner(&standard, MUS_LANCE_JUEGO, t, 2, __LINE__);

  /* R18 examples: Q Q Q 5 beats A A A K; K K K K beats K K Q Q (3s are kings with 8). */
  table_of("Qo Qc Qe 5o", "Ao Ac Ae Ko", "4o 4c 6o 7o", "Jo 7c 6c 5c", t);
  expect_winner(&standard, MUS_LANCE_PARES, t, 0, __LINE__);
  table_of("Ko Kc Ke Kb", "3o 3c Qo Qc", "Ao Ac Ae Ab", "Jo Jc 7o 7c", t);
  expect_winner(&standard, MUS_LANCE_PARES, t, 0, __LINE__);
  expect_winner(&four_kings, MUS_LANCE_PARES, t, 0, __LINE__);

  /* R4: with 8 kings 3 3 A A is duples of kings and aces; with 4 kings it is 3s and aces. */
  table_of("3o 3c Ao Ac", "Qo Qc Jo Jc", "4e 5e 6e 7e", "4b 5b 6b 7b", t);
  expect_winner(&standard, MUS_LANCE_GRANDE, t, 0, __LINE__);
  expect_winner(&four_kings, MUS_LANCE_GRANDE, t, 1, __LINE__);
  expect_winner(&standard, MUS_LANCE_PARES, t, 0, __LINE__);
  expect_winner(&four_kings, MUS_LANCE_PARES, t, 1, __LINE__);
  table_of("Ko 3c 2o Ab", "Qo Jo 7o 6o", "Qc Jc 7c 6c", "Qe Je 7e 6e", t);
  expect_winner(&standard, MUS_LANCE_PARES, t, 0, __LINE__);
  expect_winner(&four_kings, MUS_LANCE_PARES, t, -1, __LINE__); /* nobody has pares */

  /* R9 ties go to the seat nearer the mano in speaking order (R8). */
  {
    const int32_t seats_1_or_3[4] = {1, 1, 3, 3};
    const int32_t seats_0_or_2[4] = {0, 2, 2, 0};
    table_of("Ae 4e 5e 6e", "Ko Qo Jo 7o", "Ab 4b 5b 6b", "Kc Qc Jc 7c", t);
    expect_winners(&standard, MUS_LANCE_GRANDE, t, seats_1_or_3, __LINE__);
    expect_winners(&standard, MUS_LANCE_CHICA, t, seats_0_or_2, __LINE__);
    expect_winners(&standard, MUS_LANCE_JUEGO, t, seats_1_or_3, __LINE__);
    table_of("4o 5o 6o 7o", "Ko Kc Ao Ac", "4c 5c 6c 7c", "Ke Kb Ae Ab", t);
    expect_winners(&standard, MUS_LANCE_PARES, t, seats_1_or_3, __LINE__);
  }
  {
    const int32_t mano_wins[4] = {0, 1, 2, 3};
    /* Four equal hands of 37 and no pares: the mano wins grande, chica and juego. */
    table_of("Ko Qo Jo 7o", "Kc Qc Jc 7c", "Ke Qe Je 7e", "Kb Qb Jb 7b", t);
    expect_winners(&standard, MUS_LANCE_GRANDE, t, mano_wins, __LINE__);
    expect_winners(&standard, MUS_LANCE_CHICA, t, mano_wins, __LINE__);
    expect_winners(&standard, MUS_LANCE_JUEGO, t, mano_wins, __LINE__);
    expect_winner(&standard, MUS_LANCE_PARES, t, -1, __LINE__);
    expect_winner(&standard, MUS_LANCE_PUNTO, t, -1, __LINE__);
    /* Four equal hands of 16: nobody has juego, the mano wins punto. */
    table_of("Ao 4o 5o 6o", "Ac 4c 5c 6c", "Ae 4e 5e 6e", "Ab 4b 5b 6b", t);
    expect_winners(&standard, MUS_LANCE_GRANDE, t, mano_wins, __LINE__);
    expect_winners(&standard, MUS_LANCE_CHICA, t, mano_wins, __LINE__);
    expect_winners(&standard, MUS_LANCE_PUNTO, t, mano_wins, __LINE__);
    expect_winner(&standard, MUS_LANCE_PARES, t, -1, __LINE__);
    expect_winner(&standard, MUS_LANCE_JUEGO, t, -1, __LINE__);
  }

  /* R20 punto: 30 > 29 > 28 > 4. With 4 kings 2e is worth 2: 29 ties 29, 30 still wins. */
  table_of("Ao Ac Ae Ab", "Ko Qo 6o 4o", "Kc Qc 5c 4c", "Ke Qe 7e 2e", t);
  expect_winner(&standard, MUS_LANCE_PUNTO, t, 1, __LINE__);
  expect_winner(&four_kings, MUS_LANCE_PUNTO, t, 1, __LINE__);
  expect_winner(&standard, MUS_LANCE_JUEGO, t, -1, __LINE__);

  /* R19 juego order 31 > 32 > 40 > 37 > 36 > 35 > 34 > 33, over every pair of values. The
     other two seats hold 10 points each. */
  {
    static const int order[8] = {31, 32, 40, 37, 36, 35, 34, 33};
    int i, j;
    for (i = 0; i < 8; ++i) {
      for (j = 0; j < 8; ++j) {
        int32_t value = 0;
        const int32_t better_is_1[4] = {1, 1, 1, 1};
        const int32_t better_is_0[4] = {0, 0, 0, 0};
        const int32_t tie[4] = {0, 1, 0, 0}; /* seats 0 and 1: 0 speaks first unless mano 1 */
        hand_of("4o 4c 2o 2c", t + 8);
        hand_of("4e 4b 2e 2b", t + 12);
        juego_hand(order[i], 0, t);
        juego_hand(order[j], 1, t + 4);
        CHECK(mus_hand_value(&standard, t, &value) == MUS_OK && value == order[i]);
        CHECK(mus_hand_value(&standard, t + 4, &value) == MUS_OK && value == order[j]);
        expect_winners(&standard, MUS_LANCE_JUEGO, t,
                       i < j ? better_is_0 : (i > j ? better_is_1 : tie), __LINE__);
      }
    }
  }

  /* R21 31 real: J 7 7 7 beats a 31 nearer the mano under the options that make it real. */
  {
    const int32_t tie_to_mano0[4] = {0, 1, 0, 0};
    mus_rules r = standard_rules();
    table_of("Ko Qo Jo Ao", "Jc 7o 7e 7b", "4o 4c 2o 2c", "4e 4b 2e 2b", t);
    expect_winners(&r, MUS_LANCE_JUEGO, t, tie_to_mano0, __LINE__); /* off: two equal 31s */
    r.royal31 = MUS_ROYAL31_JACK777;
    expect_winner(&r, MUS_LANCE_JUEGO, t, 1, __LINE__);
    r.royal31 = MUS_ROYAL31_FIGURE777;
    expect_winner(&r, MUS_LANCE_JUEGO, t, 1, __LINE__);
    r.royal31 = MUS_ROYAL31_JACK777_OTHER_SUITS; /* sota de copas, 7s of the other suits */
    expect_winner(&r, MUS_LANCE_JUEGO, t, 1, __LINE__);
    r.royal31 = MUS_ROYAL31_JACK_OF_COINS777; /* needs the sota de oros */
    expect_winners(&r, MUS_LANCE_JUEGO, t, tie_to_mano0, __LINE__);

    /* K 7 7 7 is real only with figure777; J 7 7 7 with a 7 of its own suit is not
       jack777_other_suits. */
    table_of("Ko Qo Jo Ao", "Kc 7o 7e 7b", "4o 4c 2o 2c", "4e 4b 2e 2b", t);
    r.royal31 = MUS_ROYAL31_FIGURE777;
    expect_winner(&r, MUS_LANCE_JUEGO, t, 1, __LINE__);
    r.royal31 = MUS_ROYAL31_JACK777;
    expect_winners(&r, MUS_LANCE_JUEGO, t, tie_to_mano0, __LINE__);
    table_of("Ko Qo Jo Ao", "Jc 7c 7e 7b", "4o 4c 2o 2c", "4e 4b 2e 2b", t);
    r.royal31 = MUS_ROYAL31_JACK777_OTHER_SUITS;
    expect_winners(&r, MUS_LANCE_JUEGO, t, tie_to_mano0, __LINE__);
    r.royal31 = MUS_ROYAL31_JACK777;
    expect_winner(&r, MUS_LANCE_JUEGO, t, 1, __LINE__);
    /* With the sota de oros the last option holds too. */
    table_of("Ko Qo Jc Ao", "Jo 7c 7e 7b", "4o 4c 2o 2c", "4e 4b 2e 2b", t);
    r.royal31 = MUS_ROYAL31_JACK_OF_COINS777;
    expect_winner(&r, MUS_LANCE_JUEGO, t, 1, __LINE__);
  }

  /* Errors: seat_out untouched. */
  {
    static const int32_t bad_lances[] = {-1, 5, 100, INT32_MIN, INT32_MAX};
    static const int32_t bad_manos[] = {-1, 4, 100, INT32_MIN, INT32_MAX};
    /* Positions and ids of bad cards: out of range, repeated within a hand and across hands. */
    static const struct {
      int pos;
      uint8_t id;
    } bad_cards[] = {{0, 40}, {15, 41}, {7, 255}, {1, 9}, {12, 9}, {15, 0}, {4, 6}};
    int32_t seat = 77;
    size_t i;
    table_of("Ko Kc Qo 7o", "Ke Qc Qe 7c", "Jo Jc 6o 5o", "Ao Ac 4o 5c", t);
    CHECK_EQ(mus_lance_winner(NULL, 0, t, 0, &seat), MUS_E_INVALID_ARGUMENT);
    CHECK_EQ(mus_lance_winner(&standard, 0, NULL, 0, &seat), MUS_E_INVALID_ARGUMENT);
    CHECK_EQ(mus_lance_winner(&standard, 0, t, 0, NULL), MUS_E_INVALID_ARGUMENT);
    for (i = 0; i < sizeof bad_lances / sizeof bad_lances[0]; ++i)
      CHECK_EQ(mus_lance_winner(&standard, bad_lances[i], t, 0, &seat), MUS_E_INVALID_ARGUMENT);
    for (i = 0; i < sizeof bad_manos / sizeof bad_manos[0]; ++i)
      CHECK_EQ(mus_lance_winner(&standard, 0, t, bad_manos[i], &seat), MUS_E_INVALID_ARGUMENT);
    for (i = 0; i < sizeof bad_cards / sizeof bad_cards[0]; ++i) {
      uint8_t bad[16];
      memcpy(bad, t, 16);
      bad[bad_cards[i].pos] = bad_cards[i].id;
      if (!CHECK_EQ(mus_lance_winner(&standard, 0, bad, 0, &seat), MUS_E_INVALID_CARDS))
        printf("  card %d at position %d\n", bad_cards[i].id, bad_cards[i].pos);
    }
    CHECK_EQ(seat, 77);
  }
}

/* ---- mus_hand_tantos and mus_hand_value ------------------------------------------------- */

static void expect_tantos(const mus_rules* rules, int32_t lance, const char* hand_text_,
                          int32_t expected, int line) {
  uint8_t h[4];
  int32_t tantos = 77;
  hand_of(hand_text_, h);
  if (!check_eq_impl(mus_hand_tantos(rules, lance, h, &tantos), MUS_OK, "mus_hand_tantos status",
                     __FILE__, line) ||
      !check_eq_impl(tantos, expected, "tantos", __FILE__, line))
    printf("  hand %s, lance %d\n", hand_text_, (int)lance);
}

static void expect_value(const mus_rules* rules, const char* hand_text_, int32_t expected,
                         int line) {
  uint8_t h[4];
  int32_t value = 77;
  hand_of(hand_text_, h);
  if (!check_eq_impl(mus_hand_value(rules, h, &value), MUS_OK, "mus_hand_value status", __FILE__,
                     line) ||
      !check_eq_impl(value, expected, "value", __FILE__, line))
    printf("  hand %s\n", hand_text_);
}

static void test_tantos_and_value(void) {
  const mus_rules standard = standard_rules();
  const mus_rules four_kings = four_kings_rules();
  mus_rules royal = standard_rules();
  royal.royal31 = MUS_ROYAL31_JACK777;

  /* R28 pares tantos: pareja 1, medias 2, duples 3 (four of a kind too), none 0. */
  expect_tantos(&standard, MUS_LANCE_PARES, "Ko Qo Jo 7o", 0, __LINE__);
  expect_tantos(&standard, MUS_LANCE_PARES, "Ko Kc Jo 7o", 1, __LINE__);
  expect_tantos(&standard, MUS_LANCE_PARES, "Ko Kc Ke 7o", 2, __LINE__);
  expect_tantos(&standard, MUS_LANCE_PARES, "Ko Kc Jo Jc", 3, __LINE__);
  expect_tantos(&standard, MUS_LANCE_PARES, "Ko Kc Ke Kb", 3, __LINE__);
  expect_tantos(&standard, MUS_LANCE_PARES, "Ko 3c 2o Ab", 3, __LINE__); /* R18 example */
  expect_tantos(&four_kings, MUS_LANCE_PARES, "Ko 3c 2o Ab", 0, __LINE__);
  expect_tantos(&standard, MUS_LANCE_PARES, "3o 3c 3e Ko", 3, __LINE__);
  expect_tantos(&four_kings, MUS_LANCE_PARES, "3o 3c 3e Ko", 2, __LINE__);
  /* R28 juego tantos: 31 gives 3, other juego 2, no juego 0. */
  expect_tantos(&standard, MUS_LANCE_JUEGO, "Jo Qo Ko Ao", 3, __LINE__);
  expect_tantos(&standard, MUS_LANCE_JUEGO, "Jo Qo 5o 7o", 2, __LINE__);
  expect_tantos(&standard, MUS_LANCE_JUEGO, "Ko Kc Ke Kb", 2, __LINE__);
  expect_tantos(&standard, MUS_LANCE_JUEGO, "Jo Qo 6o 7o", 2, __LINE__);
  expect_tantos(&standard, MUS_LANCE_JUEGO, "Ko Qo 6o 4o", 0, __LINE__);   /* 30 */
  expect_tantos(&standard, MUS_LANCE_JUEGO, "3o 3c 3e Ao", 3, __LINE__);   /* 31 with 8 kings */
  expect_tantos(&four_kings, MUS_LANCE_JUEGO, "3o 3c 3e Ao", 0, __LINE__); /* 10 */
  expect_tantos(&royal, MUS_LANCE_JUEGO, "Jo 7c 7e 7b", 3, __LINE__);      /* 31 real is 31 */
  /* No per-hand tantos in grande, chica and punto. */
  expect_tantos(&standard, MUS_LANCE_GRANDE, "Ko Kc Ke Ao", 0, __LINE__);
  expect_tantos(&standard, MUS_LANCE_CHICA, "Ko Kc Ke Ao", 0, __LINE__);
  expect_tantos(&standard, MUS_LANCE_PUNTO, "Ko Kc Ke Ao", 0, __LINE__);
  expect_tantos(&standard, MUS_LANCE_PUNTO, "Ko Qo 6o 4o", 0, __LINE__);

  /* R6 values. */
  expect_value(&standard, "Ko Qo Jo 7o", 37, __LINE__);
  expect_value(&standard, "Ao Ac Ae Ab", 4, __LINE__);
  expect_value(&standard, "Ko Kc Ke Kb", 40, __LINE__);
  expect_value(&standard, "Ao 2o 3o 4o", 16, __LINE__);   /* 1 + 1 + 10 + 4 */
  expect_value(&four_kings, "Ao 2o 3o 4o", 10, __LINE__); /* 1 + 2 + 3 + 4 */
  expect_value(&standard, "4o 5o 6o 7o", 22, __LINE__);
  expect_value(&royal, "Jo 7c 7e 7b", 31, __LINE__);

  /* Every hand, both kings settings, against this file's own R6 and R18 definitions. */
  {
    const mus_rules* rules[2];
    int a, b, c, d, k;
    long failures = 0;
    long hands = 0;
    rules[0] = &standard;
    rules[1] = &four_kings;
    for (k = 0; k < 2; ++k) {
      const int kings = k == 0 ? 8 : 4;
      for (a = 0; a < 40; ++a)
        for (b = a + 1; b < 40; ++b)
          for (c = b + 1; c < 40; ++c)
            for (d = c + 1; d < 40; ++d) {
              const uint8_t h[4] = {(uint8_t)a, (uint8_t)b, (uint8_t)c, (uint8_t)d};
              const int value = hand_value(h, kings);
              int32_t got_value = -1;
              int32_t got_pares = -1;
              int32_t got_juego = -1;
              int ok = mus_hand_value(rules[k], h, &got_value) == MUS_OK &&
                       mus_hand_tantos(rules[k], MUS_LANCE_PARES, h, &got_pares) == MUS_OK &&
                       mus_hand_tantos(rules[k], MUS_LANCE_JUEGO, h, &got_juego) == MUS_OK;
              ok = ok && got_value == value && got_pares == pares_tantos(h, kings) &&
                   got_juego == juego_tantos(value);
              if (!ok && failures++ == 0) {
                char text[12];
                hand_text(h, text);
                printf("  first mismatch: %s with %d kings\n", text, kings);
              }
              ++hands;
            }
    }
    CHECK_EQ(hands, 2L * 91390L);
    CHECK_EQ(failures, 0);
  }

  /* Errors: outputs untouched. */
  {
    static const uint8_t bad_cards[][4] = {
        {40, 1, 2, 3}, {0, 1, 2, 41}, {0, 255, 2, 3}, {9, 9, 2, 3}, {9, 1, 2, 9},
    };
    uint8_t h[4];
    int32_t out = 77;
    size_t i;
    hand_of("Ko Kc Ke Ao", h);
    CHECK_EQ(mus_hand_tantos(NULL, MUS_LANCE_PARES, h, &out), MUS_E_INVALID_ARGUMENT);
    CHECK_EQ(mus_hand_tantos(&standard, MUS_LANCE_PARES, NULL, &out), MUS_E_INVALID_ARGUMENT);
    CHECK_EQ(mus_hand_tantos(&standard, MUS_LANCE_PARES, h, NULL), MUS_E_INVALID_ARGUMENT);
    CHECK_EQ(mus_hand_tantos(&standard, -1, h, &out), MUS_E_INVALID_ARGUMENT);
    CHECK_EQ(mus_hand_tantos(&standard, 5, h, &out), MUS_E_INVALID_ARGUMENT);
    CHECK_EQ(mus_hand_tantos(&standard, INT32_MIN, h, &out), MUS_E_INVALID_ARGUMENT);
    CHECK_EQ(mus_hand_value(NULL, h, &out), MUS_E_INVALID_ARGUMENT);
    CHECK_EQ(mus_hand_value(&standard, NULL, &out), MUS_E_INVALID_ARGUMENT);
    CHECK_EQ(mus_hand_value(&standard, h, NULL), MUS_E_INVALID_ARGUMENT);
    for (i = 0; i < sizeof bad_cards / sizeof bad_cards[0]; ++i) {
      CHECK_EQ(mus_hand_tantos(&standard, MUS_LANCE_JUEGO, bad_cards[i], &out),
               MUS_E_INVALID_CARDS);
      CHECK_EQ(mus_hand_value(&standard, bad_cards[i], &out), MUS_E_INVALID_CARDS);
    }
    CHECK_EQ(out, 77);
  }
}

int main(void) {
  CHECK(last_error_is("")); /* no call has failed yet on this thread */
  test_version();
  test_status_strings();
  test_last_error();
  test_rules_preset();
  test_rules_parse();
  test_rules_format();
  test_invalid_rules();
  test_hand_parse();
  test_hand_format();
  test_hand_round_trip();
  test_lance_winner();
  test_tantos_and_value();
  return check_summary();
}
