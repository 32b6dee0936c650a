// The C API of mus.h, fast stepping part: mus_step(), one call per step for simulations and
// game-AI environments. The state is read once (the stamped fast path of read_state()),
// applied in place on that copy and written once; the report comes from the two states' public
// fields (step_gain.hpp, shared with the batch), as documented at mus_step_info.
#include <array>
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "capi_internal.hpp"
#include "step_gain.hpp"
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
    const capi::StepMark before = capi::step_mark(s);
    std::string_view why;  // the refusal's rule and reason, for status() to pass on
    if (const mus::Errc e = mus::apply_id_in_place(s, id, seed, nullptr, &why); e != mus::Errc::ok)
      return capi::status(mus::Error{e, why, -1});
    capi::write_state(s, out);
    if (info == nullptr) return MUS_OK;

    mus_step_info r{};
    r.phase = static_cast<std::int32_t>(s.phase);
    r.to_act = s.to_act;
    const capi::StepGain gain = capi::step_gain(before, s);
    r.hand_over = gain.hand_over ? 1 : 0;
    r.match_winner = s.scores.match_winner;
    r.game_winner = gain.game_winner;
    for (std::size_t t = 0; t < 2; ++t) r.points[t] = gain.points[t];
    r.legal_mask = mus::legal_action_mask(s);
    return capi::write_sized(r, info);
  });
}

}  // extern "C"
