/*
 * The C99 test of the text functions of mus.h: mus_action_format, mus_action_parse,
 * mus_state_format, mus_state_parse, mus_state_view_format, mus_view_parse and (in the
 * experimental section) mus_state_parse_view. Every error path of each
 * (NULL pointers, small buffers with the length reported, bad text with its byte position, forged
 * states, unknown action words), the documented forms, and round trips over random matches.
 *
 * Ends with the line "N passed, M failed"; exits non-zero when anything failed.
 */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#define MUS_EXPERIMENTAL /* for mus_state_parse_view() */
#include "mus/mus.h"

#include "../c/check.h"
/* After check.h: */
#include "../c/capi_test_util.h"
#define CHECK_STR(actual, expected) \
  check_impl(strcmp((actual), (expected)) == 0, #actual " equals " #expected, __FILE__, __LINE__)

static mus_action make(int32_t kind, int32_t seat, int32_t amount) {
  mus_action a;
  memset(&a, 0, sizeof a);
  a.kind = kind;
  a.seat = seat;
  a.amount = amount;
  return a;
}

static uint8_t card(const char* text) {
  uint8_t id = 255;
  CHECK_EQ(mus_card_parse(text, &id), MUS_OK);
  return id;
}

static mus_state new_dealt_state(void) {
  mus_rules rules;
  mus_state s;
  mus_action deal = make(MUS_ACTION_SHUFFLE, -1, 0);
  deal.seed = 42;
  CHECK_EQ(mus_rules_preset(&rules, "standard"), MUS_OK);
  CHECK_EQ(mus_state_new(&rules, 0, &s), MUS_OK);
  CHECK_EQ(mus_apply(&s, &deal, &s), MUS_OK);
  return s;
}

/* ---- mus_action_format / mus_action_parse ---------------------------------------------- */

static void expect_format(const mus_action* a, const char* text) {
  char buf[MUS_ACTION_TEXT_MAX + 1];
  size_t len = 0;
  mus_action back;
  int32_t pos = 99;
  CHECK_EQ(mus_action_format(a, buf, sizeof buf, &len), MUS_OK);
  if (!CHECK_STR(buf, text)) printf("  got '%s'\n", buf);
  CHECK_EQ(len, strlen(text));
  memset(&back, 0x5A, sizeof back);
  CHECK_EQ(mus_action_parse(text, &back, &pos), MUS_OK);
  CHECK_EQ(pos, -1);
  CHECK(memcmp(&back, a, sizeof back) == 0);
}

static void test_action_forms(void) {
  mus_action a = make(MUS_ACTION_SHUFFLE, -1, 0);
  a.seed = 42;
  expect_format(&a, "shuffle seed 42");
  a.seed = 18446744073709551615ULL;
  expect_format(&a, "shuffle seed 18446744073709551615");
  a = make(MUS_ACTION_SHUFFLE, -1, 3);
  a.order[0] = card("Ko");
  a.order[1] = card("3c");
  a.order[2] = card("Ab");
  expect_format(&a, "shuffle order Ko 3c Ab");
  a = make(MUS_ACTION_MUS, 0, 0);
  expect_format(&a, "0 mus");
  a = make(MUS_ACTION_CUT, 3, 0);
  expect_format(&a, "3 cut");
  a = make(MUS_ACTION_DISCARD, 0, 0);
  a.cards = ((uint64_t)1 << card("3c")) | ((uint64_t)1 << card("Ko"));
  expect_format(&a, "0 discard Ko 3c");
  a = make(MUS_ACTION_DISCARD, 1, 0);
  expect_format(&a, "1 discard -");
  a = make(MUS_ACTION_PASS, 1, 0);
  expect_format(&a, "1 pass");
  a = make(MUS_ACTION_BET, 2, 5);
  expect_format(&a, "2 bet 5");
  a = make(MUS_ACTION_ORDAGO, 2, 0);
  expect_format(&a, "2 ordago");
  a = make(MUS_ACTION_ACCEPT, 3, 0);
  expect_format(&a, "3 accept");
  a = make(MUS_ACTION_REJECT, 0, 0);
  expect_format(&a, "0 reject");
  a = make(MUS_ACTION_SIGNAL, 3, MUS_SIGNAL_DUPLES);
  expect_format(&a, "3 signal duples");
  a = make(MUS_ACTION_PERETE, 2, 0);
  expect_format(&a, "2 perete");
}

static void test_action_format_errors(void) {
  char buf[MUS_ACTION_TEXT_MAX + 1];
  char small[4];
  size_t len = 0;
  mus_action a = make(MUS_ACTION_BET, 2, 15); /* "2 bet 15": 8 characters */
  mus_action b;
  int i;

  CHECK_EQ(mus_action_format(NULL, buf, sizeof buf, &len), MUS_E_INVALID_ARGUMENT);
  CHECK_EQ(mus_action_format(&a, NULL, 5, &len), MUS_E_INVALID_ARGUMENT);
  /* No buffer: the length is reported, nothing else. */
  len = 0;
  CHECK_EQ(mus_action_format(&a, NULL, 0, &len), MUS_E_BUFFER_TOO_SMALL);
  CHECK_EQ(len, 8);
  /* A buffer as long as the text has no room for the NUL: untouched. */
  memset(buf, '#', sizeof buf);
  len = 0;
  CHECK_EQ(mus_action_format(&a, buf, 8, &len), MUS_E_BUFFER_TOO_SMALL);
  CHECK_EQ(len, 8);
  for (i = 0; i < 8; ++i) CHECK_EQ(buf[i], '#');
  memset(small, '#', sizeof small);
  CHECK_EQ(mus_action_format(&a, small, sizeof small, NULL), MUS_E_BUFFER_TOO_SMALL);
  CHECK_EQ(small[0], '#');
  CHECK_EQ(mus_action_format(&a, buf, 9, &len), MUS_OK);
  CHECK_STR(buf, "2 bet 15");
  CHECK_EQ(mus_action_format(&a, buf, 9, NULL), MUS_OK);

  /* Actions the C struct or the line cannot hold. */
  b = make(0, 0, 0);
  CHECK_EQ(mus_action_format(&b, buf, sizeof buf, &len), MUS_E_INVALID_ARGUMENT);
  b = make(12, 0, 0);
  CHECK_EQ(mus_action_format(&b, buf, sizeof buf, &len), MUS_E_INVALID_ARGUMENT);
  b = make(MUS_ACTION_MUS, 4, 0);
  CHECK_EQ(mus_action_format(&b, buf, sizeof buf, &len), MUS_E_INVALID_ARGUMENT);
  b = make(MUS_ACTION_MUS, -1, 0);
  CHECK_EQ(mus_action_format(&b, buf, sizeof buf, &len), MUS_E_INVALID_ARGUMENT);
  b = make(MUS_ACTION_PASS, 0, 0);
  b.reserved0 = 1;
  CHECK_EQ(mus_action_format(&b, buf, sizeof buf, &len), MUS_E_INVALID_ARGUMENT);
  b = make(MUS_ACTION_PASS, 0, 0);
  b.reserved[3] = 1;
  CHECK_EQ(mus_action_format(&b, buf, sizeof buf, &len), MUS_E_INVALID_ARGUMENT);
  b = make(MUS_ACTION_SHUFFLE, 0, 0);
  CHECK_EQ(mus_action_format(&b, buf, sizeof buf, &len), MUS_E_INVALID_ARGUMENT);
  b = make(MUS_ACTION_SHUFFLE, -1, 41);
  CHECK_EQ(mus_action_format(&b, buf, sizeof buf, &len), MUS_E_BAD_SHUFFLE);
  b = make(MUS_ACTION_SHUFFLE, -1, 2);
  b.order[0] = 5;
  b.order[1] = 5;
  CHECK_EQ(mus_action_format(&b, buf, sizeof buf, &len), MUS_E_BAD_SHUFFLE);
  b.order[1] = 40;
  CHECK_EQ(mus_action_format(&b, buf, sizeof buf, &len), MUS_E_BAD_SHUFFLE);
  b = make(MUS_ACTION_DISCARD, 0, 0);
  b.cards = (uint64_t)1 << 45;
  CHECK_EQ(mus_action_format(&b, buf, sizeof buf, &len), MUS_E_INVALID_ARGUMENT);
  b = make(MUS_ACTION_SIGNAL, 0, 15);
  CHECK_EQ(mus_action_format(&b, buf, sizeof buf, &len), MUS_E_INVALID_ARGUMENT);

  /* The longest line fits MUS_ACTION_TEXT_MAX. */
  b = make(MUS_ACTION_SHUFFLE, -1, 40);
  for (i = 0; i < 40; ++i) b.order[i] = (uint8_t)(39 - i);
  CHECK_EQ(mus_action_format(&b, buf, sizeof buf, &len), MUS_OK);
  CHECK_EQ(len, 133);
  CHECK(len <= MUS_ACTION_TEXT_MAX);
}

static void expect_parse_error(const char* text, int32_t pos) {
  mus_action out, before;
  int32_t at = 1234;
  memset(&out, 0x77, sizeof out);
  memcpy(&before, &out, sizeof out);
  CHECK_EQ(mus_action_parse(text, &out, &at), MUS_E_PARSE);
  if (!CHECK_EQ(at, pos)) printf("  text '%s'\n", text);
  CHECK(memcmp(&before, &out, sizeof out) == 0); /* unchanged on error */
  CHECK_EQ(mus_action_parse(text, &out, NULL), MUS_E_PARSE);
}

static void test_action_parse_errors(void) {
  mus_action out;
  int32_t pos = 77;
  CHECK_EQ(mus_action_parse(NULL, &out, &pos), MUS_E_INVALID_ARGUMENT);
  CHECK_EQ(pos, -1);
  pos = 77;
  CHECK_EQ(mus_action_parse("0 mus", NULL, &pos), MUS_E_INVALID_ARGUMENT);
  CHECK_EQ(pos, -1);
  expect_parse_error("", 0);
  expect_parse_error("4 mus", 0);
  expect_parse_error("mus", 0);
  expect_parse_error("0 dance", 2); /* an unknown action word */
  expect_parse_error("0 fold", 2);
  expect_parse_error("1", 1);
  expect_parse_error("0 mus now", 6);
  expect_parse_error("0 bet", 5);
  expect_parse_error("0 bet x", 6);
  expect_parse_error("0 discard", 9);
  expect_parse_error("0 discard Ko Ko", 13);
  expect_parse_error("0 discard Kx", 11);
  expect_parse_error("0 signal nope", 9);
  expect_parse_error("shuffle seed -1", 13);
  expect_parse_error("shuffle order Ao Ao", 17);
  expect_parse_error("shuffle", 7);
  expect_parse_error("invalid", 0);
  /* Fields the line does not hold read back as zero. */
  memset(&out, 0x77, sizeof out);
  CHECK_EQ(mus_action_parse("3 cut", &out, NULL), MUS_OK);
  CHECK_EQ(out.kind, MUS_ACTION_CUT);
  CHECK_EQ(out.seat, 3);
  CHECK_EQ(out.amount, 0);
  CHECK_EQ(out.cards, 0);
  CHECK_EQ(out.seed, 0);
  CHECK_EQ(out.reserved0, 0);
  CHECK_EQ(out.reserved[0], 0);
  CHECK_EQ(out.order[39], 0);
  CHECK_EQ(mus_action_parse("shuffle seed 7", &out, NULL), MUS_OK);
  CHECK_EQ(out.seat, -1);
  CHECK_EQ(out.seed, 7);
}

/* ---- mus_state_format / mus_state_parse ------------------------------------------------- */

static void test_state_text(void) {
  mus_state s = new_dealt_state();
  mus_state forged, out, before;
  char text[MUS_STATE_TEXT_MAX + 1];
  char other[MUS_STATE_TEXT_MAX + 64];
  char small[16];
  size_t len = 0;
  int32_t pos = 5;
  int i;

  CHECK_EQ(mus_state_format(&s, text, sizeof text, &len), MUS_OK);
  CHECK_EQ(len, 407);
  CHECK_EQ(strlen(text), 407);
  CHECK(strncmp(text, "mus-state/2 ", 12) == 0);
  CHECK(len <= MUS_STATE_TEXT_MAX);
  memset(&out, 0x33, sizeof out);
  CHECK_EQ(mus_state_parse(text, &out, &pos), MUS_OK);
  CHECK_EQ(pos, -1);
  CHECK(memcmp(&out, &s, sizeof s) == 0);

  /* mus_state_format errors. */
  CHECK_EQ(mus_state_format(NULL, text, sizeof text, &len), MUS_E_INVALID_ARGUMENT);
  CHECK_EQ(mus_state_format(&s, NULL, 10, &len), MUS_E_INVALID_ARGUMENT);
  len = 0;
  CHECK_EQ(mus_state_format(&s, NULL, 0, &len), MUS_E_BUFFER_TOO_SMALL);
  CHECK_EQ(len, 407);
  memset(small, '#', sizeof small);
  len = 0;
  CHECK_EQ(mus_state_format(&s, small, sizeof small, &len), MUS_E_BUFFER_TOO_SMALL);
  CHECK_EQ(len, 407);
  CHECK_EQ(small[0], '#');
  CHECK_EQ(mus_state_format(&s, text, 407, &len), MUS_E_BUFFER_TOO_SMALL);
  CHECK_EQ(mus_state_format(&s, text, 408, &len), MUS_OK);
  memcpy(&forged, &s, sizeof s);
  forged.opaque[0] ^= 0xFFu; /* the tag */
  CHECK_EQ(mus_state_format(&forged, text, sizeof text, &len), MUS_E_INVALID_STATE);
  memcpy(&forged, &s, sizeof s);
  ((uint8_t*)forged.opaque)[100] ^= 0x01u; /* somewhere in the middle */
  if (mus_state_validate(&forged) != MUS_OK)
    CHECK_EQ(mus_state_format(&forged, text, sizeof text, &len), MUS_E_INVALID_STATE);

  /* mus_state_parse errors: *out unchanged, the position reported. */
  CHECK_EQ(mus_state_format(&s, text, sizeof text, &len), MUS_OK);
  memset(&out, 0x44, sizeof out);
  memcpy(&before, &out, sizeof out);
  pos = 5;
  CHECK_EQ(mus_state_parse(NULL, &out, &pos), MUS_E_INVALID_ARGUMENT);
  CHECK_EQ(pos, -1);
  CHECK_EQ(mus_state_parse(text, NULL, &pos), MUS_E_INVALID_ARGUMENT);
  /* bad tag, bad version */
  memcpy(other, text, sizeof text);
  other[0] = 'M';
  CHECK_EQ(mus_state_parse(other, &out, &pos), MUS_E_PARSE);
  CHECK_EQ(pos, 0);
  memcpy(other, text, sizeof text);
  other[10] = '3';
  CHECK_EQ(mus_state_parse(other, &out, &pos), MUS_E_PARSE);
  CHECK_EQ(pos, 0);
  /* the text of the earlier layout (libmus 0.1) is refused by its version */
  memcpy(other, text, sizeof text);
  other[10] = '1';
  CHECK_EQ(mus_state_parse(other, &out, &pos), MUS_E_PARSE);
  CHECK_EQ(pos, 0);
  CHECK_EQ(mus_state_parse("", &out, &pos), MUS_E_PARSE);
  CHECK_EQ(pos, 0);
  /* truncated */
  memcpy(other, text, sizeof text);
  other[300] = '\0';
  CHECK_EQ(mus_state_parse(other, &out, &pos), MUS_E_PARSE);
  CHECK_EQ(pos, 300);
  CHECK_EQ(mus_state_parse("mus-state/2", &out, &pos), MUS_E_PARSE);
  CHECK_EQ(pos, 11);
  /* too long */
  memcpy(other, text, sizeof text);
  strcat(other, "AAAA");
  CHECK_EQ(mus_state_parse(other, &out, &pos), MUS_E_PARSE);
  CHECK_EQ(pos, 407);
  /* a bad character */
  memcpy(other, text, sizeof text);
  other[250] = '+';
  CHECK_EQ(mus_state_parse(other, &out, &pos), MUS_E_PARSE);
  CHECK_EQ(pos, 250);
  other[250] = '=';
  CHECK_EQ(mus_state_parse(other, &out, &pos), MUS_E_PARSE);
  CHECK_EQ(pos, 250);
  /* forged bytes: the first character holds the top bits of the tag */
  memcpy(other, text, sizeof text);
  other[12] = other[12] == 'B' ? 'C' : 'B';
  CHECK_EQ(mus_state_parse(other, &out, &pos), MUS_E_INVALID_STATE);
  CHECK_EQ(pos, -1);
  /* all zero bytes */
  memcpy(other, "mus-state/2 ", 12);
  for (i = 12; i < 407; ++i) other[i] = 'A';
  other[407] = '\0';
  CHECK_EQ(mus_state_parse(other, &out, &pos), MUS_E_INVALID_STATE);
  CHECK(memcmp(&before, &out, sizeof out) == 0);
  CHECK_EQ(mus_state_parse(other, &out, NULL), MUS_E_INVALID_STATE);
}

/* ---- mus_state_view_format ------------------------------------------------------------------- */

static void test_view_text(void) {
  mus_state s = new_dealt_state();
  mus_state forged;
  char text[MUS_STATE_TEXT_MAX + 1];
  char small[8];
  size_t len = 0;
  int seat;

  for (seat = 0; seat < 4; ++seat) {
    CHECK_EQ(mus_state_view_format(&s, seat, text, sizeof text, &len), MUS_OK);
    CHECK_EQ(len, 251);
    CHECK_EQ(strlen(text), 251);
    CHECK(strncmp(text, "mus-view/3 ", 11) == 0);
  }
  CHECK_EQ(mus_state_view_format(NULL, 0, text, sizeof text, &len), MUS_E_INVALID_ARGUMENT);
  CHECK_EQ(mus_state_view_format(&s, -1, text, sizeof text, &len), MUS_E_INVALID_ARGUMENT);
  CHECK_EQ(mus_state_view_format(&s, 4, text, sizeof text, &len), MUS_E_INVALID_ARGUMENT);
  CHECK_EQ(mus_state_view_format(&s, 0, NULL, 3, &len), MUS_E_INVALID_ARGUMENT);
  len = 0;
  CHECK_EQ(mus_state_view_format(&s, 0, NULL, 0, &len), MUS_E_BUFFER_TOO_SMALL);
  CHECK_EQ(len, 251);
  memset(small, '#', sizeof small);
  CHECK_EQ(mus_state_view_format(&s, 0, small, sizeof small, &len), MUS_E_BUFFER_TOO_SMALL);
  CHECK_EQ(small[0], '#');
  CHECK_EQ(mus_state_view_format(&s, 0, text, 251, &len), MUS_E_BUFFER_TOO_SMALL);
  CHECK_EQ(mus_state_view_format(&s, 0, text, 252, NULL), MUS_OK);
  memcpy(&forged, &s, sizeof s);
  forged.opaque[0] ^= 0xFFu;
  CHECK_EQ(mus_state_view_format(&forged, 0, text, sizeof text, &len), MUS_E_INVALID_STATE);
}

/* ---- mus_view_parse ------------------------------------------------------------------- */

static mus_view sized_view(void) {
  mus_view v;
  memset(&v, 0xAB, sizeof v);
  v.struct_size = sizeof v;
  return v;
}

/* The view text of `s` for `seat` reads back as mus_state_view() gives it, byte for byte. */
static int view_reads_back(const mus_state* s, int seat) {
  char text[MUS_STATE_TEXT_MAX + 1];
  mus_view direct, parsed;
  int32_t pos = 99;
  direct = sized_view();
  parsed = sized_view();
  if (mus_state_view_format(s, seat, text, sizeof text, NULL) != MUS_OK) return 0;
  if (mus_state_view(s, seat, &direct) != MUS_OK) return 0;
  if (mus_view_parse(text, &parsed, &pos) != MUS_OK || pos != -1) return 0;
  return memcmp(&direct, &parsed, sizeof parsed) == 0;
}

static void expect_view_parse_error(const char* text, int32_t status, int32_t position) {
  mus_view out = sized_view();
  const mus_view before = out;
  int32_t pos = 99;
  CHECK_EQ(mus_view_parse(text, &out, &pos), status);
  CHECK_EQ(pos, position);
  CHECK(memcmp(&out, &before, sizeof out) == 0); /* unchanged on error */
}

static void test_view_parse(void) {
  mus_state s = new_dealt_state();
  char text[MUS_STATE_TEXT_MAX + 1];
  char bad[MUS_STATE_TEXT_MAX + 8];
  mus_view out = sized_view(), small;
  int32_t pos = 99;
  int seat;
  uint8_t hand[4];

  for (seat = 0; seat < 4; ++seat) CHECK(view_reads_back(&s, seat));
  /* The parsed view holds the seat's own cards: the text carries them. */
  CHECK_EQ(mus_state_view_format(&s, 2, text, sizeof text, NULL), MUS_OK);
  CHECK_EQ(mus_view_parse(text, &out, NULL), MUS_OK);
  CHECK_EQ(mus_state_hand(&s, 2, hand), MUS_OK);
  CHECK(memcmp(out.hand, hand, 4) == 0);
  CHECK_EQ(out.seat, 2);
  CHECK_EQ(out.struct_size, sizeof out);

  /* Arguments. */
  CHECK_EQ(mus_view_parse(NULL, &out, &pos), MUS_E_INVALID_ARGUMENT);
  CHECK_EQ(pos, -1);
  CHECK_EQ(mus_view_parse(text, NULL, &pos), MUS_E_INVALID_ARGUMENT);
  out.struct_size = 4;
  CHECK_EQ(mus_view_parse(text, &out, &pos), MUS_E_INVALID_ARGUMENT);
  /* A smaller struct_size gets that prefix only. */
  memset(&small, 0x5A, sizeof small);
  small.struct_size = 16;
  CHECK_EQ(mus_view_parse(text, &small, NULL), MUS_OK);
  CHECK_EQ(small.struct_size, 16);
  CHECK_EQ(small.seat, 2);
  CHECK_EQ(((const unsigned char*)&small)[16], 0x5A);

  /* Bad texts: the position of the problem, the output untouched. */
  expect_view_parse_error("", MUS_E_PARSE, 0);
  expect_view_parse_error("mus-view/4", MUS_E_PARSE, 0);
  memcpy(bad, text, strlen(text) + 1);
  memcpy(bad, "mus-view/1", 10);
  expect_view_parse_error(bad, MUS_E_PARSE, 0);      /* the 0.1 layout, refused by name */
  memcpy(bad, "mus-view/2", 10);
  expect_view_parse_error(bad, MUS_E_PARSE, 0);      /* the 0.2 layout, refused by name */
  expect_view_parse_error(text + 1, MUS_E_PARSE, 0); /* "us-view/3 ...": unknown format */
  memcpy(bad, text, 100);
  bad[100] = '\0';
  expect_view_parse_error(bad, MUS_E_PARSE, 100); /* truncated: its end */
  memcpy(bad, text, 251);
  bad[251] = 'A';
  bad[252] = '\0';
  expect_view_parse_error(bad, MUS_E_PARSE, 251); /* too long: the first extra character */
  memcpy(bad, text, 252);
  bad[50] = '*';
  expect_view_parse_error(bad, MUS_E_PARSE, 50); /* outside the alphabet */
  memcpy(bad, text, 252);
  bad[11] = 'D'; /* the seat byte, 3 bits of its first character: seat 12 */
  expect_view_parse_error(bad, MUS_E_INVALID_STATE, -1);
}

/* ---- round trips over random matches ------------------------------------------------ */

static void play_and_round_trip(const char* rules_text, int matches) {
  mus_rules rules;
  int m;
  CHECK_EQ(mus_rules_parse(&rules, rules_text), MUS_OK);
  for (m = 0; m < matches; ++m) {
    mus_state s;
    int bad = 0;
    CHECK_EQ(mus_state_new(&rules, m % 4, &s), MUS_OK);
    for (;;) {
      mus_action legal[MUS_MAX_LEGAL_ACTIONS], a, back;
      mus_state_info info;
      mus_state parsed;
      char text[MUS_STATE_TEXT_MAX + 1];
      char line[MUS_ACTION_TEXT_MAX + 1];
      size_t n = 0, len = 0;
      int seat;
      memset(&info, 0, sizeof info);
      info.struct_size = sizeof info;
      if (mus_state_format(&s, text, sizeof text, &len) != MUS_OK) bad = 1;
      if (mus_state_parse(text, &parsed, NULL) != MUS_OK || memcmp(&parsed, &s, sizeof s) != 0)
        bad = 1;
      for (seat = 0; seat < 4; ++seat) {
        mus_state built;
        char again[MUS_STATE_TEXT_MAX + 1];
        if (mus_state_view_format(&s, seat, text, sizeof text, &len) != MUS_OK || len != 251)
          bad = 1;
        if (!view_reads_back(&s, seat)) bad = 1;
        /* The state built from the view text is valid and has that view. */
        if (mus_state_parse_view(&rules, text, &built, NULL) != MUS_OK ||
            mus_state_validate(&built) != MUS_OK ||
            mus_state_view_format(&built, seat, again, sizeof again, NULL) != MUS_OK ||
            strcmp(again, text) != 0) {
          printf("  seat %d: no state from the view %s\n", seat, text);
          bad = 1;
        }
      }
      if (mus_state_info_get(&s, &info) != MUS_OK) bad = 1;
      if (info.phase == MUS_PHASE_MATCH_OVER) break;
      if (mus_legal_actions(&s, legal, MUS_MAX_LEGAL_ACTIONS, &n) != MUS_OK || n == 0) {
        bad = 1;
        break;
      }
      a = legal[rnd() % n]; /* concrete: only chance needs its seed */
      if (a.kind == MUS_ACTION_SHUFFLE) a.seed = rnd();
      if (mus_action_format(&a, line, sizeof line, &len) != MUS_OK) bad = 1;
      if (mus_action_parse(line, &back, NULL) != MUS_OK || memcmp(&back, &a, sizeof a) != 0) {
        printf("  action '%s' does not read back\n", line);
        bad = 1;
      }
      if (mus_apply(&s, &back, &s) != MUS_OK) {
        bad = 1;
        break;
      }
    }
    CHECK(!bad);
  }
}

/* ---- mus_state_parse_view ---------------------------------------------------------- */

static void test_state_from_view_text(void) {
  mus_state s = new_dealt_state();
  mus_state out, untouched;
  mus_rules rules, broken;
  char text[MUS_STATE_TEXT_MAX + 1];
  char again[MUS_STATE_TEXT_MAX + 1];
  int32_t pos = 7;
  CHECK_EQ(mus_rules_preset(&rules, "standard"), MUS_OK);
  CHECK_EQ(mus_state_view_format(&s, 2, text, sizeof text, NULL), MUS_OK);
  CHECK_EQ(mus_state_parse_view(&rules, text, &out, &pos), MUS_OK);
  CHECK_EQ(pos, -1);
  CHECK_EQ(mus_state_view_format(&out, 2, again, sizeof again, NULL), MUS_OK);
  CHECK_STR(again, text);
  /* Errors: the output untouched, the position of a parse error only. */
  memset(&out, 0x5A, sizeof out);
  memcpy(&untouched, &out, sizeof out);
  CHECK_EQ(mus_state_parse_view(NULL, text, &out, NULL), MUS_E_INVALID_ARGUMENT);
  CHECK_EQ(mus_state_parse_view(&rules, NULL, &out, NULL), MUS_E_INVALID_ARGUMENT);
  CHECK_EQ(mus_state_parse_view(&rules, text, NULL, NULL), MUS_E_INVALID_ARGUMENT);
  broken = rules;
  broken.target = 0;
  CHECK_EQ(mus_state_parse_view(&broken, text, &out, &pos), MUS_E_INVALID_RULES);
  CHECK_EQ(pos, -1);
  text[100] = '\0';
  CHECK_EQ(mus_state_parse_view(&rules, text, &out, &pos), MUS_E_PARSE);
  CHECK_EQ(pos, 100);
  CHECK(memcmp(&out, &untouched, sizeof out) == 0);
  CHECK(strstr(mus_last_error(), "truncated") != NULL);
}

int main(void) {
  g_rng = 0x9E3779B97F4A7C15ULL;
  test_action_forms();
  test_action_format_errors();
  test_action_parse_errors();
  test_state_text();
  test_view_text();
  test_view_parse();
  test_state_from_view_text();
  play_and_round_trip("standard", 20);
  play_and_round_trip("basque tio_perete=1", 20);
  play_and_round_trip("online zero_discard=1 mus_corrido=match target=10", 20);
  return check_summary();
}
