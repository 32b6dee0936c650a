// The C API of mus.h, a state from a seat's view: mus_state_parse_view() over
// mus::view_from_text() and mus::state_from_view() (include/mus/observation.hpp). It reads the
// view's text form, which holds the whole SeatView (a mus_view leaves the last hand's count to
// mus_count), and which is what a client of a server receives. It is in mus.h's experimental
// section.
#define MUS_EXPERIMENTAL
#include <cstdint>
#include <string_view>

#include "capi_internal.hpp"
#include "mus/mus.h"
#include "mus/observation.hpp"
#include "mus/serialize.hpp"

namespace capi = mus::capi;

extern "C" {

int32_t mus_state_parse_view(const mus_rules* rules, const char* text, mus_state* out,
                             int32_t* error_pos_out) {
  return capi::guard([&]() -> std::int32_t {
    if (error_pos_out != nullptr) *error_pos_out = -1;
    if (rules == nullptr || text == nullptr || out == nullptr) return MUS_E_INVALID_ARGUMENT;
    const auto r = capi::rules_from_c(rules);
    if (!r) return capi::status(r.error());
    const auto v = mus::view_from_text(std::string_view(text));
    if (!v) {
      if (error_pos_out != nullptr && v.error().code == mus::Errc::parse)
        *error_pos_out = v.error().position;
      return capi::status(v.error());
    }
    const auto s = mus::state_from_view(*r, *v);
    if (!s) return capi::status(s.error());
    capi::write_state(*s, out);
    return MUS_OK;
  });
}

}  // extern "C"
