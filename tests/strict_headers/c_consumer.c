/* A C consumer of mus.h for the strict-headers tests: the C API's header alone, compiled as C99
 * (and, by cxx11_consumer.cpp, as C++11), with and without its experimental section
 * (-DMUS_EXPERIMENTAL). Only compiled, never linked. */
#include <mus/mus.h>

#include <stddef.h>
#include <stdint.h>

int main(void) {
  mus_rules rules;
  mus_state state;
  mus_action action;
  mus_count_line line;
  int32_t seat = -1;
  uint8_t hands[16] = {0};
  if (mus_rules_preset(&rules, "standard") != MUS_OK) return 1;
  if (mus_state_new(&rules, 0, &state) != MUS_OK) return 1;
  action.kind = MUS_ACTION_SHUFFLE;
  line.status = MUS_LANCE_STATUS_PENDING;
  if (mus_lance_winner(&rules, MUS_LANCE_JUEGO, hands, 0, &seat) != MUS_OK) return 1;
#if defined(MUS_EXPERIMENTAL)
  {
    mus_batch_config config;
    mus_batch_info info[64];
    mus_batch* batch = NULL;
    if (mus_batch_config_default(64, &config) != MUS_OK) return 1;
    if (mus_batch_new(&rules, &config, NULL, NULL, NULL, NULL, NULL, info, NULL, &batch) != MUS_OK)
      return 1;
    mus_batch_free(batch);
  }
#endif
  return action.kind == line.status;
}
