/*
 * The C99 replayer of the match transcripts (tests/transcripts/README.md), through mus.h only:
 *
 *   replay_transcripts <directory>
 *
 * reads <directory>/transcripts.list and replays each transcript it names: the rules text
 * (mus_rules_parse, and mus_rules_format gives it back), the new match (mus_state_new), then
 * each action text (mus_action_parse; mus_action_format gives it back) applied with mus_apply,
 * each state text compared byte for byte with mus_state_format, and the match over at the end.
 * The first problem of a file is printed as "file:line: message" (a differing text: its first
 * differing byte); the program ends with "N transcripts replayed, M failed" and exits non-zero
 * when any failed.
 */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "mus/mus.h"

#define LINE_MAX_BYTES 4096

struct replay {
  const char* name;
  long line;
  int failed;
};

static void fail(struct replay* r, const char* message, const char* detail) {
  if (r->failed) return;
  r->failed = 1;
  printf("%s:%ld: %s%s\n", r->name, r->line, message, detail != NULL ? detail : "");
}

/* Compares a text of the transcript with the library's; on a difference reports the first
   differing byte. Returns 1 when equal. */
static int same_text(struct replay* r, const char* what, const char* expected, const char* got) {
  size_t i = 0;
  char detail[160];
  if (strcmp(expected, got) == 0) return 1;
  while (expected[i] != '\0' && expected[i] == got[i]) ++i;
  sprintf(detail, ", first differing byte at column %lu: expected %s%c%s, got %s%c%s",
          (unsigned long)(i + 1), expected[i] ? "'" : "", expected[i] ? expected[i] : '-',
          expected[i] ? "'" : " (the end)", got[i] ? "'" : "", got[i] ? got[i] : '-',
          got[i] ? "'" : " (the end)");
  fail(r, what, detail);
  return 0;
}

/* Replays one open transcript. Returns 1 when it passes. */
static int replay_file(FILE* f, const char* name) {
  struct replay r;
  char line[LINE_MAX_BYTES];
  char text[LINE_MAX_BYTES];
  const char* expect = "rules";
  mus_rules rules;
  mus_state s;
  mus_state_info info;
  r.name = name;
  r.line = 0;
  r.failed = 0;
  while (!r.failed && fgets(line, sizeof line, f) != NULL) {
    size_t n = strlen(line);
    char* value;
    ++r.line;
    if (n > 0 && line[n - 1] == '\n') {
      line[--n] = '\0';
    } else if (!feof(f)) {
      fail(&r, "line too long", NULL);
      break;
    }
    if (n == 0 || line[0] == '#') continue;
    value = strchr(line, ' ');
    if (value == NULL) {
      fail(&r, "a record without a value: ", line);
      break;
    }
    *value++ = '\0';
    if (strcmp(line, expect) != 0) {
      sprintf(text, "expected a '%s' record, found '%.64s'", expect, line);
      fail(&r, text, NULL);
    } else if (strcmp(line, "rules") == 0) {
      if (mus_rules_parse(&rules, value) != MUS_OK) fail(&r, "rules text refused: ", value);
      if (!r.failed && mus_rules_format(&rules, text, sizeof text, NULL) == MUS_OK)
        same_text(&r, "rules text not canonical", value, text);
      expect = "dealer";
    } else if (strcmp(line, "dealer") == 0) {
      if (strlen(value) != 1 || value[0] < '0' || value[0] > '3' ||
          mus_state_new(&rules, value[0] - '0', &s) != MUS_OK)
        fail(&r, "bad dealer: ", value);
      expect = "state";
    } else if (strcmp(line, "state") == 0) {
      if (mus_state_format(&s, text, sizeof text, NULL) != MUS_OK)
        fail(&r, "mus_state_format failed", NULL);
      else
        same_text(&r, "state text differs", value, text);
      expect = "action";
    } else { /* action */
      mus_action a;
      int32_t pos = -1;
      int32_t status = mus_action_parse(value, &a, &pos);
      if (status != MUS_OK) {
        sprintf(text, "action text refused at byte %d: ", (int)pos);
        fail(&r, text, value);
      } else if (mus_action_format(&a, text, sizeof text, NULL) == MUS_OK &&
                 same_text(&r, "action text not canonical", value, text)) {
        status = mus_apply(&s, &a, &s);
        if (status != MUS_OK) {
          sprintf(text, "action refused (%s): ", mus_status_string(status));
          fail(&r, text, value);
        }
      }
      expect = "state";
    }
  }
  if (!r.failed) {
    ++r.line;
    memset(&info, 0, sizeof info);
    info.struct_size = sizeof info;
    if (strcmp(expect, "action") != 0) {
      sprintf(text, "the transcript ends before a '%s' record", expect);
      fail(&r, text, NULL);
    } else if (mus_state_info_get(&s, &info) != MUS_OK || info.phase != MUS_PHASE_MATCH_OVER) {
      fail(&r, "the transcript ends before the match is over", NULL);
    }
  }
  return !r.failed;
}

int main(int argc, char** argv) {
  char name[256]; /* a file name of the list */
  char path[LINE_MAX_BYTES / 2 + sizeof name + 2];
  FILE* list;
  int replayed = 0, failed = 0;
  if (argc != 2) {
    fprintf(stderr, "usage: replay_transcripts <directory>\n");
    return 2;
  }
  if (strlen(argv[1]) > LINE_MAX_BYTES / 2) return 2;
  sprintf(path, "%s/transcripts.list", argv[1]);
  list = fopen(path, "r");
  if (list == NULL) {
    printf("%s: cannot open\n", path);
    return 1;
  }
  while (fgets(name, sizeof name, list) != NULL) {
    FILE* f;
    size_t n = strlen(name);
    while (n > 0 && (name[n - 1] == '\n' || name[n - 1] == '\r')) name[--n] = '\0';
    if (n == 0 || name[0] == '#') continue;
    sprintf(path, "%s/%s", argv[1], name);
    f = fopen(path, "r");
    ++replayed;
    if (f == NULL) {
      printf("%s: cannot open\n", path);
      ++failed;
      continue;
    }
    if (!replay_file(f, name)) ++failed;
    fclose(f);
  }
  fclose(list);
  printf("%d transcripts replayed, %d failed\n", replayed, failed);
  return failed == 0 && replayed > 0 ? 0 : 1;
}
