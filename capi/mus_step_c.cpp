// The C API of mus.h, fast stepping part: mus_step(), one call per step for simulations and
// game-AI environments. The state is read once (the stamped fast path of read_state()),
// applied in place on that copy and written once; the report comes from the two states' public
// fields, as documented at mus_step_info.
#include <array>
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "capi_internal.hpp"
#include "mus/match.hpp"
#include "mus/mus.h"

namespace capi = mus::capi;

extern "C" {

int32_t mus_step(const mus_state* in, int32_t id, uint64_t seed, mus_state* out,
                 mus_step_info* info) {
  return capi::guard([&]() -> std::int32_t {
    if (out == nullptr) return MUS_E_INVALID_ARGUMENT;
    if (info != nullptr && info->struct_size < sizeof(std::uint32_t) * 2)
      return MUS_E_INVALID_ARGUMENT;
    capi::StateCopy next;  // read, applied to and written from this one copy
    if (const std::int32_t e = capi::read_state(in, next); e != MUS_OK) return e;
    mus::State& s = next.s;
    const std::array<std::int16_t, 2> before = s.scores.points;
    const std::uint32_t last_hand = s.last.number;
    std::string_view why;  // the refusal's rule and reason, for status() to pass on
    if (const mus::Errc e = mus::apply_id_in_place(s, id, seed, nullptr, &why); e != mus::Errc::ok)
      return capi::status(mus::Error{e, why, -1});
    capi::write_state(s, out);
    if (info == nullptr) return MUS_OK;

    mus_step_info r{};
    r.phase = static_cast<std::int32_t>(s.phase);
    r.to_act = s.to_act;
    // finish_hand() numbers the summary with the hand just played: a new number, a new count.
    const bool hand_over = s.last.number != last_hand;
    r.hand_over = hand_over ? 1 : 0;
    r.match_winner = s.scores.match_winner;
    r.game_winner = hand_over ? s.last.game_winner : -1;
    // A won game has reset the scores by now: the hand's end is measured on its summary.
    const std::array<std::int16_t, 2>& after = hand_over ? s.last.score_after : s.scores.points;
    for (std::size_t t = 0; t < 2; ++t) r.points[t] = after[t] - before[t];
    r.legal_mask = mus::legal_action_mask(s);
    return capi::write_sized(r, info);
  });
}

}  // extern "C"
