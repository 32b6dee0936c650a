// The C API's header compiled as C++11 for the strict-headers tests: mus.h promises to be
// usable from C++ code that is not C++20. Only compiled, never linked.
#include <mus/mus.h>

#include <cstdint>

int main() {
  mus_rules rules;
  if (mus_rules_preset(&rules, "standard") != MUS_OK) return 1;
  mus_state state;
  if (mus_state_new(&rules, 0, &state) != MUS_OK) return 1;
  std::int32_t seat = -1;
  const std::uint8_t hands[16] = {};
  if (mus_lance_winner(&rules, MUS_LANCE_JUEGO, hands, 0, &seat) != MUS_OK) return 1;
  return seat == MUS_LANCE_STATUS_PENDING ? 0 : 1;
}
