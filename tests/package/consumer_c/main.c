/* Package test consumer: uses the shared C library (mus::c, libmus.so) from C99.
 * Exits non-zero when a result differs from what the rules say it must be. */
#include <stdio.h>
#include <string.h>

#include "mus/mus.h"

static int failures = 0;

static void check(int ok, const char* what) {
  if (!ok) {
    fprintf(stderr, "consumer_c: FAILED: %s\n", what);
    ++failures;
  }
}

int main(void) {
  /* Seat 0 K K Q A (31), seat 1 J 7 7 7 (31, medias), seat 2 A A 4 5, seat 3 K K Q J (40),
     all under the standard rules, where 3s are kings and 2s are aces. */
  static const char* const texts[4] = {"Ko 3c Qe Ab", "7o 7c 7e Jb", "Ao 2c 4e 5b", "Kb Ke Qo Jo"};
  uint8_t hands[16];
  mus_rules rules;
  int32_t seat = -2;
  int i;

  check(mus_version() == MUS_VERSION, "mus_version() matches the header's MUS_VERSION");
  check(strcmp(mus_version_string(), MUS_VERSION_STRING) == 0, "mus_version_string()");
  printf("libmus %s\n", mus_version_string());

  for (i = 0; i < 4; ++i) check(mus_hand_parse(texts[i], hands + 4 * i) == MUS_OK, texts[i]);
  check(hands[0] == 9 && hands[1] == 12 && hands[3] == 30,
        "card ids follow R3 (Ko 9, 3c 12, Ab 30)");
  {
    uint8_t dup[4];
    check(mus_hand_parse("Ko Ko Qe Ab", dup) == MUS_E_PARSE, "a repeated card is MUS_E_PARSE");
  }

  check(mus_rules_preset(&rules, "standard") == MUS_OK, "mus_rules_preset(standard)");

  check(mus_lance_winner(&rules, MUS_LANCE_GRANDE, hands, 0, &seat) == MUS_OK && seat == 3,
        "grande: K K Q J beats K K Q A");
  check(mus_lance_winner(&rules, MUS_LANCE_CHICA, hands, 0, &seat) == MUS_OK && seat == 2,
        "chica: A A 4 5 is the lowest");
  check(mus_lance_winner(&rules, MUS_LANCE_PARES, hands, 0, &seat) == MUS_OK && seat == 1,
        "pares: medias beat parejas");
  check(mus_lance_winner(&rules, MUS_LANCE_JUEGO, hands, 0, &seat) == MUS_OK && seat == 0,
        "juego: seats 0 and 1 both have 31, the tie goes to the mano, seat 0");
  check(mus_lance_winner(&rules, MUS_LANCE_JUEGO, hands, 1, &seat) == MUS_OK && seat == 1,
        "juego with seat 1 mano: the tie goes to seat 1");
  check(mus_lance_winner(&rules, MUS_LANCE_PUNTO, hands, 0, &seat) == MUS_OK && seat == -1,
        "punto is not played when somebody has juego");
  check(mus_lance_winner(&rules, 7, hands, 0, &seat) == MUS_E_INVALID_ARGUMENT,
        "an unknown lance is MUS_E_INVALID_ARGUMENT");

  printf(failures == 0 ? "consumer_c: ok\n" : "consumer_c: failed\n");
  return failures == 0 ? 0 : 1;
}
