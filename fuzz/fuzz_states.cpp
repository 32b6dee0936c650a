// fuzz_states: arbitrary bytes as a mus_state blob through every C function that takes a state
// (mus_apply, mus_apply_events, mus_legal_actions, mus_state_info_get, mus_state_hand,
// mus_state_view, mus_state_last_count, mus_state_rules, mus_state_validate, mus_bet_limits,
// and mus_state_format / mus_state_view_format once serialization is built): nothing may crash or
// trip a sanitizer, a refused state gets MUS_E_INVALID_STATE everywhere with the outputs
// untouched, an accepted one works everywhere (see exercise.hpp).
//
// Input, byte 0 choosing the mode:
//   0: raw: the next 512 bytes (zero-padded) are the blob;
//   1: one byte of a valid state changed: a pool index (2 bytes), a position in the state
//      (2 bytes) and the new value (1 byte), so the fuzzer reaches deep into validation; the
//      forged state is exercised and, when accepted, played on for a few legal steps;
//   2: a valid state as the library produced it, exercised and played on with every promise of
//      a produced state checked (validation, cards conserved, listed actions accepted).
// The rest of the input drives the checks: struct sizes, seats, forged actions, choices.
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <vector>

#include "exercise.hpp"
#include "fuzz_common.hpp"

namespace {

const std::vector<mus_state>& pool() {
  static const std::vector<mus_state> p = mus_fuzz::state_pool();
  return p;
}

}  // namespace

extern "C" int LLVMFuzzerInitialize(int*, char***) {
  (void)pool();
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size > 4096) return -1;  // nothing past a blob and a few hundred choices is read
  mus_fuzz::Input in(data, size);
  const std::uint8_t mode = in.u8() % 3;
  if (mode == 0) {
    mus_state s;
    in.bytes(&s, sizeof s);
    mus_fuzz::exercise_state(s, in, false);
    if (mus_state_validate(&s) == MUS_OK) mus_fuzz::play_on(s, in, in.u8() % 8, false);
    return 0;
  }
  const auto& p = pool();
  mus_state s = p[in.u16() % p.size()];
  if (mode == 1) {
    const std::size_t pos = in.u16() % sizeof(mus::State);
    auto* bytes = reinterpret_cast<std::uint8_t*>(s.opaque);
    bytes[pos] = in.u8();
    mus_fuzz::exercise_state(s, in, false);
    if (mus_state_validate(&s) == MUS_OK) mus_fuzz::play_on(s, in, in.u8() % 16, false);
    return 0;
  }
  mus_fuzz::exercise_state(s, in, true);
  mus_fuzz::play_on(s, in, in.u8() % 16, true);
  return 0;
}
