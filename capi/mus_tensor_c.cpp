// The C API of mus.h, observation part: mus_state_view_tensor() over mus::view_tensor()
// (include/mus/observation.hpp), whose offsets the header's MUS_TENSOR_OFF_* repeat.
#include <cstddef>
#include <cstdint>
#include <span>

#include "capi_internal.hpp"
#include "mus/mus.h"
#include "mus/observation.hpp"

namespace capi = mus::capi;

static_assert(MUS_VIEW_TENSOR_SIZE == mus::view_tensor_size);
static_assert(
    MUS_TENSOR_OFF_CARDS == mus::tensor::cards && MUS_TENSOR_OFF_DEALER == mus::tensor::dealer &&
    MUS_TENSOR_OFF_MANO == mus::tensor::mano && MUS_TENSOR_OFF_TO_ACT == mus::tensor::to_act &&
    MUS_TENSOR_OFF_PHASE == mus::tensor::phase && MUS_TENSOR_OFF_LANCE == mus::tensor::lance &&
    MUS_TENSOR_OFF_DECK == mus::tensor::deck && MUS_TENSOR_OFF_ROUND == mus::tensor::round &&
    MUS_TENSOR_OFF_DECLARED == mus::tensor::declared &&
    MUS_TENSOR_OFF_PARES == mus::tensor::pares && MUS_TENSOR_OFF_JUEGO == mus::tensor::juego &&
    MUS_TENSOR_OFF_PERETE == mus::tensor::perete &&
    MUS_TENSOR_OFF_SIGNALS == mus::tensor::signals && MUS_TENSOR_OFF_BET == mus::tensor::bet &&
    MUS_TENSOR_OFF_LANCES == mus::tensor::lances && MUS_TENSOR_OFF_SCORES == mus::tensor::scores);

extern "C" {

int32_t mus_state_view_tensor(const mus_state* s, int32_t seat, float* out, size_t cap) {
  return capi::guard([&]() -> std::int32_t {
    if (s == nullptr || !capi::valid_seat(seat) || !capi::valid_buffer(out, cap))
      return MUS_E_INVALID_ARGUMENT;
    return capi::with_state(s, [&](const mus::State& st) -> std::int32_t {
      if (cap < mus::view_tensor_size) return MUS_E_BUFFER_TOO_SMALL;
      mus::view_tensor(st, seat,
                       std::span<float, mus::view_tensor_size>(out, mus::view_tensor_size));
      return MUS_OK;
    });
  });
}

}  // extern "C"
