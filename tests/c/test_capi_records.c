/*
 * The C99 test of the tips and the match records through mus.h: mus_state_tips() on a seeded match
 * (every tip a kind of the table, the same for every call, the refusals), the record reader a
 * line at a time, mus_record_replay() and mus_record_format() (round trips, every error they
 * document, the line of each problem).
 *
 * Each failed CHECK prints file:line; the program ends with "N passed, M failed".
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mus/mus.h"

#include "check.h"
#include "capi_test_util.h"

/* ---- A seeded match: its actions, played by the heuristic bot ---------------------------- */

#define MAX_ACTIONS 4000

static mus_action g_actions[MAX_ACTIONS];
static size_t g_count = 0;

/* Plays a whole match of `rules_text` from first dealer `dealer`, recording every action. */
static mus_state play_match(const char* rules_text, int32_t dealer, uint64_t seed) {
  mus_rules rules;
  mus_state s;
  mus_bot_config bot;
  g_rng = seed;
  g_count = 0;
  CHECK_EQ(mus_rules_parse(&rules, rules_text), MUS_OK);
  CHECK_EQ(mus_state_new(&rules, dealer, &s), MUS_OK);
  CHECK_EQ(mus_bot_config_default(MUS_BOT_HEURISTIC, &bot), MUS_OK);
  for (;;) {
    mus_state_info info = info_of(&s);
    mus_action a;
    int32_t id = -1;
    if (info.phase == MUS_PHASE_MATCH_OVER || g_count >= MAX_ACTIONS) break;
    if (info.phase == MUS_PHASE_SHUFFLE) {
      memset(&a, 0, sizeof a);
      a.kind = MUS_ACTION_SHUFFLE;
      a.seat = -1;
      a.seed = rnd();
    } else {
      CHECK_EQ(mus_bot_choose(&s, info.to_act, &bot, rnd(), &id), MUS_OK);
      CHECK_EQ(mus_action_from_id(&s, id, &a), MUS_OK);
    }
    if (mus_apply(&s, &a, &s) != MUS_OK) {
      CHECK(0);
      break;
    }
    g_actions[g_count++] = a;
  }
  return s;
}

/* The text of a record of the played match (malloc'd), written by mus_record_format(). */
static char* format_match(const char* rules_text, int32_t dealer, int32_t flags,
                          const char* comment) {
  mus_rules rules;
  size_t len = 0;
  char* text;
  CHECK_EQ(mus_rules_parse(&rules, rules_text), MUS_OK);
  CHECK_EQ(mus_record_format(&rules, dealer, g_actions, g_count, flags, comment, NULL, 0, &len),
           MUS_E_BUFFER_TOO_SMALL);
  text = (char*)malloc(len + 1);
  if (text == NULL) exit(2);
  CHECK_EQ(mus_record_format(&rules, dealer, g_actions, g_count, flags, comment, text, len + 1,
                             &len),
           MUS_OK);
  CHECK_EQ(strlen(text), len);
  return text;
}

static int same_state_text(const mus_state* a, const mus_state* b) {
  char ta[MUS_STATE_TEXT_MAX + 1], tb[MUS_STATE_TEXT_MAX + 1];
  if (mus_state_format(a, ta, sizeof ta, NULL) != MUS_OK) return 0;
  if (mus_state_format(b, tb, sizeof tb, NULL) != MUS_OK) return 0;
  return strcmp(ta, tb) == 0;
}

/* ---- Tips --------------------------------------------------------------------------------- */

static void test_tips(void) {
  mus_rules rules;
  mus_state s;
  mus_tip tips[MUS_MAX_TIPS], again[MUS_MAX_TIPS];
  mus_bot_config bot;
  size_t n = 99, m = 0, i;
  int decisions = 0, betting_searched = 0;
  g_rng = 77;
  CHECK_EQ(mus_rules_preset(&rules, "standard"), MUS_OK);
  CHECK_EQ(mus_state_new(&rules, 3, &s), MUS_OK);
  CHECK_EQ(mus_bot_config_default(MUS_BOT_HEURISTIC, &bot), MUS_OK);
  /* A shuffle is due. */
  CHECK_EQ(mus_state_tips(&s, 0, tips, MUS_MAX_TIPS, &n), MUS_E_WRONG_PHASE);
  while (decisions < 60) {
    mus_state_info info = info_of(&s);
    mus_action a;
    int32_t id = -1;
    if (info.phase == MUS_PHASE_MATCH_OVER) break;
    if (info.phase == MUS_PHASE_SHUFFLE) {
      memset(&a, 0, sizeof a);
      a.kind = MUS_ACTION_SHUFFLE;
      a.seat = -1;
      a.seed = rnd();
      CHECK_EQ(mus_apply(&s, &a, &s), MUS_OK);
      continue;
    }
    ++decisions;
    n = 99;
    CHECK_EQ(mus_state_tips(&s, info.to_act, tips, MUS_MAX_TIPS, &n), MUS_OK);
    CHECK(n <= MUS_MAX_TIPS);
    for (i = 0; i < n; ++i) {
      CHECK(tips[i].kind >= MUS_TIP_SEARCH_CHOICE && tips[i].kind <= MUS_TIP_LANCE_CHANCE);
      CHECK(tips[i].lance >= -1 && tips[i].lance <= MUS_LANCE_PUNTO);
      CHECK(tips[i].reserved[0] == 0 && tips[i].reserved[7] == 0);
      if (tips[i].kind == MUS_TIP_SEARCH_CHOICE) {
        mus_state next;
        ++betting_searched;
        CHECK_EQ(info.phase, MUS_PHASE_BETTING);
        CHECK_EQ(mus_apply(&s, &tips[i].action, &next), MUS_OK); /* a legal action */
        CHECK_EQ(i, 0);
      }
      if (tips[i].kind == MUS_TIP_LANCE_CHANCE) {
        CHECK(tips[i].chance >= 0.0 && tips[i].chance <= 1.0);
        CHECK(tips[i].count >= 0 && tips[i].count <= 100);
      }
    }
    /* The same state and seat: the same tips, byte for byte. */
    CHECK_EQ(mus_state_tips(&s, info.to_act, again, MUS_MAX_TIPS, &m), MUS_OK);
    CHECK_EQ(m, n);
    CHECK(memcmp(tips, again, n * sizeof tips[0]) == 0);
    /* Too small a buffer: only the count. */
    if (n > 0) {
      m = 0;
      CHECK_EQ(mus_state_tips(&s, info.to_act, again, n - 1, &m), MUS_E_BUFFER_TOO_SMALL);
      CHECK_EQ(m, n);
    }
    /* Another seat is not to act. */
    CHECK_EQ(mus_state_tips(&s, (info.to_act + 1) % 4, tips, MUS_MAX_TIPS, &n), MUS_E_NOT_YOUR_TURN);
    CHECK_EQ(mus_bot_choose(&s, info.to_act, &bot, rnd(), &id), MUS_OK);
    CHECK_EQ(mus_apply_id(&s, id, 0, &s), MUS_OK);
  }
  CHECK(decisions == 60);
  CHECK(betting_searched > 0);
  /* The argument errors. */
  CHECK_EQ(mus_state_tips(NULL, 0, tips, MUS_MAX_TIPS, &n), MUS_E_INVALID_ARGUMENT);
  CHECK_EQ(mus_state_tips(&s, 4, tips, MUS_MAX_TIPS, &n), MUS_E_INVALID_ARGUMENT);
  CHECK_EQ(mus_state_tips(&s, -1, tips, MUS_MAX_TIPS, &n), MUS_E_INVALID_ARGUMENT);
  CHECK_EQ(mus_state_tips(&s, 0, NULL, 1, &n), MUS_E_INVALID_ARGUMENT);
  {
    mus_state bad = s;
    bad.opaque[0] ^= 0xFF; /* the layout tag */
    CHECK_EQ(mus_state_tips(&bad, 0, tips, MUS_MAX_TIPS, &n), MUS_E_INVALID_STATE);
  }
  /* Once the match is over. */
  {
    mus_state over = play_match("standard target=10 games_per_vaca=1 vacas=1", 0, 5);
    CHECK_EQ(mus_state_tips(&over, 0, tips, MUS_MAX_TIPS, &n), MUS_E_MATCH_OVER);
  }
}

/* ---- The record reader, a line at a time -------------------------------------------------- */

/* Reads a whole text line by line; returns the status of the first failing call (the line in
   *line_out), or of mus_record_reader_finish(). */
static int32_t read_all(const char* text, mus_record_reader* r, int32_t* line_out) {
  char line[1024];
  const char* p = text;
  int32_t status = MUS_OK;
  CHECK_EQ(mus_record_reader_init(r), MUS_OK);
  *line_out = 0;
  while (*p != '\0') {
    const char* nl = strchr(p, '\n');
    size_t n = nl != NULL ? (size_t)(nl - p) : strlen(p);
    int32_t item = -1, pos = -2;
    mus_action a;
    if (n >= sizeof line) n = sizeof line - 1;
    memcpy(line, p, n);
    line[n] = '\0';
    status = mus_record_reader_read_line(r, line, &item, &a, &pos);
    if (status != MUS_OK) {
      *line_out = r->line;
      return status;
    }
    p = nl != NULL ? nl + 1 : p + n;
  }
  status = mus_record_reader_finish(r);
  if (status != MUS_OK) *line_out = r->line + 1;
  return status;
}

static void test_reader(void) {
  mus_record_reader r;
  int32_t item = -1, pos = -2, line = 0;
  mus_action a;
  mus_rules standard;
  CHECK_EQ(mus_rules_preset(&standard, "standard"), MUS_OK);
  CHECK_EQ(mus_record_reader_init(&r), MUS_OK);
  CHECK_EQ(r.struct_size, sizeof r);
  CHECK_EQ(r.version, -1);
  CHECK_EQ(r.dealer, -1);
  CHECK_EQ(r.line, 0);
  CHECK_EQ(mus_record_reader_read_line(&r, "# a comment", &item, NULL, &pos), MUS_OK);
  CHECK_EQ(item, MUS_RECORD_LINE_COMMENT);
  CHECK_EQ(pos, -1);
  CHECK_EQ(mus_record_reader_read_line(&r, "mus-record 3", &item, NULL, &pos), MUS_OK);
  CHECK_EQ(item, MUS_RECORD_LINE_TAG);
  CHECK_EQ(r.version, 3);
  CHECK_EQ(pos, 11);
  CHECK_EQ(mus_record_reader_finish(&r), MUS_E_PARSE); /* no rules yet */
  CHECK_EQ(mus_record_reader_read_line(&r, "rules standard", &item, NULL, &pos), MUS_OK);
  CHECK_EQ(item, MUS_RECORD_LINE_RULES);
  CHECK_EQ(pos, 6);
  CHECK(memcmp(&r.rules, &standard, sizeof standard) == 0);
  CHECK_EQ(mus_record_reader_read_line(&r, "dealer 2", &item, NULL, &pos), MUS_OK);
  CHECK_EQ(item, MUS_RECORD_LINE_DEALER);
  CHECK_EQ(r.dealer, 2);
  CHECK_EQ(mus_record_reader_read_line(&r, "shuffle seed 42\r", &item, &a, &pos), MUS_OK);
  CHECK_EQ(item, MUS_RECORD_LINE_ACTION);
  CHECK_EQ(a.kind, MUS_ACTION_SHUFFLE);
  CHECK(a.seed == 42);
  CHECK_EQ(pos, 0);
  CHECK_EQ(mus_record_reader_read_line(&r, "  3 mus", &item, &a, &pos), MUS_OK);
  CHECK_EQ(a.kind, MUS_ACTION_MUS);
  CHECK_EQ(a.seat, 3);
  CHECK_EQ(pos, 2);
  CHECK_EQ(r.actions, 2);
  /* A bad line: MUS_E_PARSE, the position in the line, the line counted, the rest unchanged. */
  CHECK_EQ(mus_record_reader_read_line(&r, "3 bett 2", &item, &a, &pos), MUS_E_PARSE);
  CHECK_EQ(pos, 2);
  CHECK_EQ(r.line, 7);
  CHECK_EQ(r.actions, 2);
  CHECK(strstr(mus_last_error(), "line 7: ") == mus_last_error());
  CHECK(strstr(mus_last_error(), "at position 2") != NULL);
  CHECK_EQ(mus_record_reader_finish(&r), MUS_E_PARSE); /* truncated: no end line */
  CHECK(strstr(mus_last_error(), "truncated record") != NULL);
  CHECK_EQ(mus_record_reader_read_line(&r, "end over", &item, &a, &pos), MUS_OK);
  CHECK_EQ(item, MUS_RECORD_LINE_END);
  CHECK_EQ(r.end, MUS_RECORD_END_OVER);
  CHECK_EQ(mus_record_reader_finish(&r), MUS_OK);
  CHECK_EQ(mus_record_reader_read_line(&r, "1 mus", &item, &a, &pos), MUS_E_PARSE);

  /* Rules outside their limits: MUS_E_PARSE or MUS_E_INVALID_RULES, with the position. */
  CHECK_EQ(mus_record_reader_init(&r), MUS_OK);
  CHECK_EQ(mus_record_reader_read_line(&r, "mus-record 3", &item, NULL, NULL), MUS_OK);
  CHECK(mus_record_reader_read_line(&r, "rules standard target=0", &item, NULL, &pos) < 0);
  CHECK(pos >= 6);

  /* The argument errors. */
  CHECK_EQ(mus_record_reader_init(NULL), MUS_E_INVALID_ARGUMENT);
  CHECK_EQ(mus_record_reader_read_line(NULL, "x", &item, NULL, NULL), MUS_E_INVALID_ARGUMENT);
  CHECK_EQ(mus_record_reader_read_line(&r, NULL, &item, NULL, NULL), MUS_E_INVALID_ARGUMENT);
  CHECK_EQ(mus_record_reader_read_line(&r, "x", NULL, NULL, NULL), MUS_E_INVALID_ARGUMENT);
  CHECK_EQ(mus_record_reader_finish(NULL), MUS_E_INVALID_ARGUMENT);
  {
    mus_record_reader bad = r;
    bad.struct_size = 4;
    CHECK_EQ(mus_record_reader_read_line(&bad, "x", &item, NULL, NULL), MUS_E_INVALID_ARGUMENT);
    bad = r;
    bad.stage = 9;
    CHECK_EQ(mus_record_reader_read_line(&bad, "x", &item, NULL, NULL), MUS_E_INVALID_ARGUMENT);
    bad = r;
    bad.reserved[2] = 1;
    CHECK_EQ(mus_record_reader_finish(&bad), MUS_E_INVALID_ARGUMENT);
    bad = r;
    bad.stage = 3; /* after the dealer: it must hold rules */
    memset(&bad.rules, 0, sizeof bad.rules);
    CHECK_EQ(mus_record_reader_read_line(&bad, "x", &item, NULL, NULL), MUS_E_INVALID_ARGUMENT);
  }

  /* Whole texts: an unknown version, a first line that is not a tag, a truncated record. */
  CHECK_EQ(read_all("mus-record 9\n", &r, &line), MUS_E_PARSE);
  CHECK_EQ(line, 1);
  CHECK_EQ(read_all("# x\nhello\n", &r, &line), MUS_E_PARSE);
  CHECK_EQ(line, 2);
  CHECK_EQ(read_all("mus-record 3\nrules standard\ndealer 3\nshuffle seed 1\n", &r, &line),
           MUS_E_PARSE);
  CHECK_EQ(line, 5);
  CHECK_EQ(read_all("mus-record 2\nrules standard\ndealer 3\nshuffle seed 1\n", &r, &line),
           MUS_OK);
  CHECK_EQ(r.version, 2);
  CHECK_EQ(r.actions, 1);
}

/* ---- Writing and replaying whole records -------------------------------------------------- */

static void test_format_and_replay(void) {
  const char* rules_text = "online target=20";
  mus_state played = play_match(rules_text, 1, 31), replayed;
  mus_record_reader r;
  int32_t line = -1;
  char* text = format_match(rules_text, 1, 0, "a C test\nof mus_record_format");
  char* with_states = format_match(rules_text, 1, MUS_RECORD_WITH_STATES, NULL);
  CHECK(g_count > 20);
  {
    const char* head = "mus-record 3\n# a C test\n# of mus_record_format\nrules online target=20\n"
                       "dealer 1\n";
    CHECK(strncmp(text, head, strlen(head)) == 0);
  }
  CHECK(strcmp(text + strlen(text) - 9, "end over\n") == 0);
  CHECK(strstr(text, "\nstate ") == NULL);
  CHECK(strstr(with_states, "\ndealer 1\nstate mus-state/2 ") != NULL);

  /* Read back a line at a time: the actions, and as many states as actions plus one. */
  CHECK_EQ(read_all(text, &r, &line), MUS_OK);
  CHECK_EQ(r.actions, (int32_t)g_count);
  CHECK_EQ(r.states, 0);
  CHECK_EQ(r.end, MUS_RECORD_END_OVER);
  CHECK_EQ(read_all(with_states, &r, &line), MUS_OK);
  CHECK_EQ(r.states, (int32_t)g_count + 1);

  /* Replayed whole: the same last state. */
  CHECK_EQ(mus_record_replay(text, &replayed, &line), MUS_OK);
  CHECK_EQ(line, 0);
  CHECK(same_state_text(&played, &replayed));
  CHECK_EQ(mus_record_replay(with_states, &replayed, &line), MUS_OK);
  CHECK(same_state_text(&played, &replayed));

  /* A changed state line: MUS_E_INVALID_STATE at its line, the state reached so far in out. */
  {
    char* changed = (char*)malloc(strlen(with_states) + 1);
    char* second;
    if (changed == NULL) exit(2);
    strcpy(changed, with_states);
    second = strstr(strstr(changed, "\nstate ") + 1, "\nstate "); /* before line 6's state */
    second[100] = second[100] == 'A' ? 'B' : 'A';
    CHECK_EQ(mus_record_replay(changed, &replayed, &line), MUS_E_INVALID_STATE);
    CHECK_EQ(line, 6);
    CHECK(strstr(mus_last_error(), "line 6: the recorded state differs") == mus_last_error());
    CHECK(strstr(mus_last_error(), "at position 99") != NULL);
    CHECK_EQ(info_of(&replayed).phase, MUS_PHASE_MUS); /* after the first shuffle */
    free(changed);
  }
  /* A refused action: the reducer's status and rule, at its line. */
  CHECK_EQ(mus_record_replay("mus-record 3\nrules standard\ndealer 3\nshuffle seed 1\n0 cut\n"
                             "0 pass\n1 bet 1\nend stopped\n",
                             &replayed, &line),
           MUS_E_BET_TOO_SMALL);
  CHECK_EQ(line, 7);
  CHECK(strstr(mus_last_error(), "line 7: R24: ") == mus_last_error());
  /* A bad line and a truncated record: MUS_E_PARSE, out untouched. */
  memset(&replayed, 0x5A, sizeof replayed);
  CHECK_EQ(mus_record_replay("mus-record 3\nrules standard\ndealer 3\n1 bett 2\n", &replayed,
                             &line),
           MUS_E_PARSE);
  CHECK_EQ(line, 4);
  CHECK_EQ(mus_record_replay("mus-record 3\nrules standard\ndealer 3\nshuffle seed 1\n",
                             &replayed, &line),
           MUS_E_PARSE);
  CHECK_EQ(line, 5);
  CHECK(((unsigned char*)&replayed)[0] == 0x5A);
  /* An end line the replay contradicts. */
  CHECK_EQ(mus_record_replay("mus-record 3\nrules standard\ndealer 3\nshuffle seed 1\nend over\n",
                             &replayed, &line),
           MUS_E_INVALID_STATE);
  CHECK_EQ(line, 5);
  CHECK_EQ(mus_record_replay(NULL, &replayed, &line), MUS_E_INVALID_ARGUMENT);
  CHECK_EQ(mus_record_replay(text, NULL, &line), MUS_E_INVALID_ARGUMENT);
  CHECK_EQ(mus_record_replay(text, &replayed, NULL), MUS_OK);

  /* mus_record_format's errors. */
  {
    mus_rules rules;
    char buf[64];
    size_t len = 0;
    mus_action bad = g_actions[1];
    CHECK_EQ(mus_rules_parse(&rules, rules_text), MUS_OK);
    CHECK_EQ(mus_record_format(NULL, 1, g_actions, g_count, 0, NULL, NULL, 0, &len),
             MUS_E_INVALID_ARGUMENT);
    CHECK_EQ(mus_record_format(&rules, 4, g_actions, g_count, 0, NULL, NULL, 0, &len),
             MUS_E_INVALID_ARGUMENT);
    CHECK_EQ(mus_record_format(&rules, 1, NULL, 3, 0, NULL, NULL, 0, &len),
             MUS_E_INVALID_ARGUMENT);
    CHECK_EQ(mus_record_format(&rules, 1, g_actions, g_count, 2, NULL, NULL, 0, &len),
             MUS_E_INVALID_ARGUMENT);
    CHECK_EQ(mus_record_format(&rules, 1, g_actions, g_count, 0, NULL, NULL, 5, &len),
             MUS_E_INVALID_ARGUMENT);
    rules.target = 0;
    CHECK_EQ(mus_record_format(&rules, 1, g_actions, g_count, 0, NULL, NULL, 0, &len),
             MUS_E_INVALID_RULES);
    CHECK_EQ(mus_rules_parse(&rules, rules_text), MUS_OK);
    /* The second action played first: a player's action while the shuffle is due. */
    CHECK_EQ(mus_record_format(&rules, 1, &bad, 1, 0, NULL, buf, sizeof buf, &len),
             MUS_E_WRONG_PHASE);
    CHECK(strstr(mus_last_error(), "action 0: ") == mus_last_error());
    bad.reserved0 = 1;
    CHECK_EQ(mus_record_format(&rules, 1, &bad, 1, 0, NULL, buf, sizeof buf, &len),
             MUS_E_INVALID_ARGUMENT);
    /* No action: a new match, stopped. */
    CHECK_EQ(mus_record_format(&rules, 1, NULL, 0, 0, NULL, buf, sizeof buf, &len), MUS_OK);
    CHECK(strcmp(buf, "mus-record 3\nrules online target=20\ndealer 1\nend stopped\n") == 0);
    CHECK_EQ(mus_record_format(&rules, 1, NULL, 0, 0, NULL, buf, 10, &len),
             MUS_E_BUFFER_TOO_SMALL);
    CHECK_EQ(len, strlen("mus-record 3\nrules online target=20\ndealer 1\nend stopped\n"));
  }
  free(text);
  free(with_states);
}

int main(void) {
  test_tips();
  test_reader();
  test_format_and_replay();
  return check_summary();
}
