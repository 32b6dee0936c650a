/* The batch of docs/learning.md: 256 matches stepped together by random legal action ids for
   500 steps, on 2 threads; counts the hands and matches finished and checks that the two
   teams' points add up to what every hand scored. Built and run as the test
   docs.snippet.batch-c. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#define MUS_EXPERIMENTAL /* the batch is in the header's experimental section until 1.0 */
#include <mus/mus.h>

/* A random set bit of a non-zero mask (xorshift64* draws). */
static int32_t random_id(uint64_t mask, uint64_t* rng) {
  int32_t ids[64], n = 0, i;
  for (i = 0; i < 64; ++i)
    if ((mask >> i) & 1u) ids[n++] = i;
  *rng ^= *rng >> 12;
  *rng ^= *rng << 25;
  *rng ^= *rng >> 27;
  return ids[(*rng * 0x2545F4914F6CDD1DULL >> 33) % (uint64_t)n];
}

int main(void) {
  //! [batch]
  enum { GAMES = 256 };
  mus_rules rules;
  mus_batch_config config;
  mus_batch* batch = NULL;
  static int32_t seat[GAMES], actions[GAMES];
  static uint64_t mask[GAMES];
  static float rewards[2 * GAMES], obs[GAMES * MUS_VIEW_TENSOR_SIZE];
  static uint8_t done[GAMES], truncated[GAMES];
  static mus_batch_info info[GAMES];
  uint64_t rng = 0x9E3779B97F4A7C15ULL;
  long hands = 0, matches = 0;
  double points[2] = {0, 0};
  int step, g;

  if (mus_rules_preset(&rules, "standard") != MUS_OK) return 1;
  mus_batch_config_default(GAMES, &config);
  config.threads = 2;                       /* the same arrays with any thread count */
  /* The arrays are bound once: every reset and step writes them, until mus_batch_free(). */
  if (mus_batch_new(&rules, &config, seat, mask, rewards, done, truncated, info, obs, &batch) !=
      MUS_OK)
    return 1;
  mus_batch_reset(batch, 42);
  for (step = 0; step < 500; ++step) {
    for (g = 0; g < GAMES; ++g) actions[g] = random_id(mask[g], &rng);  /* a policy goes here */
    if (mus_batch_step(batch, actions) != MUS_OK) {
      printf("step: %s\n", mus_last_error());
      return 1;
    }
    for (g = 0; g < GAMES; ++g) {
      hands += info[g].hand_over;           /* 1 when the step finished a hand */
      matches += done[g];                   /* the game has restarted by itself */
      points[0] += rewards[2 * g];
      points[1] += rewards[2 * g + 1];
    }
  }
  mus_batch_free(batch);                    /* stops the workers; the arrays are ours again */
  //! [batch]
  printf("%ld hands, %ld matches, %.0f and %.0f points\n", hands, matches, points[0], points[1]);
  /* Every hand scores something or decides a game by an órdago: points, and many hands. */
  return hands > 5000 && matches > 0 && points[0] > hands && points[1] > hands ? 0 : 1;
}
