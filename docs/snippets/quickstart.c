/* The C quick start quoted by the documentation (docs/quickstart.md and docs/embedding.md).
 * Compiled as C99 and run as the test docs.snippet.quickstart-c; it exits non-zero if the
 * library ever disagrees with what the pages say. */
#include <stdio.h>
#include <stdlib.h>

#include <mus/mus.h>

/* Prints a failed call and leaves main. */
#define CHECK(call)                                                         \
  do {                                                                      \
    const int32_t check_status_ = (call);                                   \
    if (check_status_ != MUS_OK) {                                          \
      fprintf(stderr, "%s: %s\n", #call, mus_status_string(check_status_)); \
      return 1;                                                             \
    }                                                                       \
  } while (0)

int main(void) {
  /*! [version] */
  /* The headers and the library must share their major version (the ABI promise). */
  if (mus_version() / 10000 != MUS_VERSION_MAJOR) {
    fprintf(stderr, "libmus %s does not match the headers %s\n", mus_version_string(),
            MUS_VERSION_STRING);
    return 1;
  }
  /*! [version] */

  /*! [rules] */
  mus_rules rules;
  CHECK(mus_rules_parse(&rules, "standard target=30"));
  rules.royal31 = MUS_ROYAL31_JACK777; /* fields may be changed after a preset or a parse */
  /*! [rules] */

  /*! [format] */
  /* Text comes back in the caller's buffer. A first call with no buffer asks for the length;
   * MUS_E_BUFFER_TOO_SMALL is the expected answer to it. */
  size_t len = 0;
  int32_t status = mus_rules_format(&rules, NULL, 0, &len);
  if (status != MUS_E_BUFFER_TOO_SMALL) return 1;
  char* text = malloc(len + 1);
  if (text == NULL) return 1;
  CHECK(mus_rules_format(&rules, text, len + 1, &len));
  printf("rules: %s\n", text); /* "standard target=30 royal31=jack777" */
  free(text);
  /*! [format] */

  /*! [hands] */
  const char* seats[4] = {"Kc 3e Qo Ab", "7o 7c 7e Jb", "Ko Kb Qc Qe", "4o 5c 6e 7b"};
  uint8_t hands[16]; /* the four hands of the table, seat 0's cards first */
  int i;
  for (i = 0; i < 4; ++i) CHECK(mus_hand_parse(seats[i], &hands[4 * i]));

  int32_t value = 0, tantos = 0, winner = -1;
  CHECK(mus_hand_value(&rules, &hands[4], &value));                    /* 7 + 7 + 7 + 10 = 31 */
  CHECK(mus_hand_tantos(&rules, MUS_LANCE_JUEGO, &hands[4], &tantos)); /* 31 brings 3 tantos */
  CHECK(mus_lance_winner(&rules, MUS_LANCE_JUEGO, hands, 0, &winner));
  printf("seat 1: %d, juego tantos %d; juego is won by seat %d\n", value, tantos, winner);
  /*! [hands] */
  /* J 7 7 7 is a 31 real under jack777 (R21): it beats seat 0's 31 despite the mano. */
  if (value != 31 || tantos != 3 || winner != 1) return 1;

  /*! [errors] */
  uint8_t bad[4];
  status = mus_hand_parse("Ko Ko Qe Ab", bad); /* the same card twice */
  printf("\"Ko Ko Qe Ab\": %s\n", mus_status_string(status));
  /*! [errors] */
  return status == MUS_E_PARSE ? 0 : 1;
}
