/*
 * The C99 replayer of the match transcripts (tests/transcripts/README.md), through mus.h only:
 *
 *   replay_transcripts <directory>
 *
 * reads <directory>/transcripts.list and replays each transcript it names, a match record read a
 * line at a time by the library's reader (mus_record_reader_read_line, which reads version 3 and the
 * transcript form of libmus 0.2 alike): the rules (mus_rules_format gives their text back), the
 * new match (mus_state_new), then each action (mus_action_format gives its text back) applied
 * with mus_apply, each state text compared byte for byte with mus_state_format, a state line
 * after the dealer line and after every action, and the match over at the end; then the whole
 * text again through the library's replay (mus_record_replay), which must end at that state.
 * The first problem of a file is printed as "file:line: message" (a differing text: its first
 * differing byte); the program ends with "N transcripts replayed, M failed" and exits non-zero
 * when any failed.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
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

/* The whole text of a transcript, kept for mus_record_replay(): a growing buffer. */
struct whole {
  char* text;
  size_t size, cap;
};

static int append(struct whole* w, const char* line, size_t n) {
  if (w->size + n + 2 > w->cap) {
    size_t cap = (w->cap + n + 2) * 2;
    char* more = (char*)realloc(w->text, cap);
    if (more == NULL) return 0;
    w->text = more;
    w->cap = cap;
  }
  memcpy(w->text + w->size, line, n);
  w->size += n;
  w->text[w->size++] = '\n';
  w->text[w->size] = '\0';
  return 1;
}

/* mus_last_error() without its "line N: " (the replayer names the line itself). */
static const char* reason(void) {
  const char* e = mus_last_error();
  const char* colon = strncmp(e, "line ", 5) == 0 ? strstr(e, ": ") : NULL;
  return colon != NULL ? colon + 2 : e;
}

/* Replays one open transcript, read a line at a time by the library's record reader; the
   match made, each action applied and each state text compared here. Then the whole text again
   through the library's replay, mus_record_replay(). Returns 1 when it passes. */
static int replay_file(FILE* f, const char* name) {
  struct replay r;
  struct whole w = {NULL, 0, 0};
  char line[LINE_MAX_BYTES];
  char text[LINE_MAX_BYTES];
  mus_record_reader reader;
  mus_state s, again;
  mus_state_info info;
  long states = 0, actions = 0;
  int32_t line_out = 0;
  r.name = name;
  r.line = 0;
  r.failed = 0;
  mus_record_reader_init(&reader);
  while (!r.failed && fgets(line, sizeof line, f) != NULL) {
    size_t n = strlen(line);
    int32_t item = -1, pos = -1, status;
    mus_action a;
    const char* value;
    ++r.line;
    if (n > 0 && line[n - 1] == '\n') {
      line[--n] = '\0';
    } else if (!feof(f)) {
      fail(&r, "line too long", NULL);
      break;
    }
    if (!append(&w, line, n)) {
      fail(&r, "out of memory", NULL);
      break;
    }
    status = mus_record_reader_read_line(&reader, line, &item, &a, &pos);
    if (status != MUS_OK) {
      fail(&r, "record refused: ", reason());
      break;
    }
    value = pos >= 0 ? line + pos : "";
    switch (item) {
      case MUS_RECORD_LINE_RULES:
        if (mus_rules_format(&reader.rules, text, sizeof text, NULL) == MUS_OK)
          same_text(&r, "rules text not canonical", value, text);
        break;
      case MUS_RECORD_LINE_DEALER:
        if (mus_state_new(&reader.rules, reader.dealer, &s) != MUS_OK)
          fail(&r, "bad dealer: ", value);
        break;
      case MUS_RECORD_LINE_ACTION:
        if (mus_action_format(&a, text, sizeof text, NULL) == MUS_OK &&
            same_text(&r, "action text not canonical", value, text)) {
          status = mus_apply(&s, &a, &s);
          if (status != MUS_OK) {
            sprintf(text, "action refused (%s): ", mus_status_string(status));
            fail(&r, text, value);
          }
        }
        ++actions;
        break;
      case MUS_RECORD_LINE_STATE:
        if (mus_state_format(&s, text, sizeof text, NULL) != MUS_OK)
          fail(&r, "mus_state_format failed", NULL);
        else
          same_text(&r, "state text differs", value, text);
        ++states;
        break;
      default: break;
    }
  }
  if (!r.failed) {
    ++r.line;
    memset(&info, 0, sizeof info);
    info.struct_size = sizeof info;
    if (mus_record_reader_finish(&reader) != MUS_OK) {
      fail(&r, "record refused: ", reason());
    } else if (states != actions + 1) {
      fail(&r, "a transcript holds a state line after the dealer line and after every action",
           NULL);
    } else if (mus_state_info_get(&s, &info) != MUS_OK || info.phase != MUS_PHASE_MATCH_OVER) {
      fail(&r, "the transcript ends before the match is over", NULL);
    } else if (mus_record_replay(w.text, &again, &line_out) != MUS_OK) {
      r.line = line_out;
      fail(&r, "mus_record_replay refused it: ", mus_last_error());
    } else if (mus_state_format(&again, text, sizeof text, NULL) != MUS_OK ||
               mus_state_format(&s, line, sizeof line, NULL) != MUS_OK ||
               strcmp(text, line) != 0) {
      fail(&r, "mus_record_replay ends at another state", NULL);
    }
  }
  free(w.text);
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
