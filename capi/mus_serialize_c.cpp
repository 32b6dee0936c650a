// The C API of mus.h, text forms part: actions, states and seat views as text and back, over
// include/mus/serialize.hpp. States are read with read_state() (checked) like everywhere
// else; the text form holds the State's bytes only, never the stamp; texts are read by the C++
// parsers, which report the byte position of a parse error.
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "capi_internal.hpp"
#include "mus/match.hpp"
#include "mus/mus.h"
#include "mus/serialize.hpp"

namespace capi = mus::capi;

namespace {

// The longest action line: an explicit order of the whole deck, "shuffle order" and 40
// cards of two letters after a space each (a discard of every card is shorter).
constexpr std::size_t longest_action_text = 13 + 3 * mus::deck_size;
static_assert(longest_action_text <= MUS_ACTION_TEXT_MAX);
static_assert(mus::state_text_length <= MUS_STATE_TEXT_MAX);
static_assert(mus::view_text_length <= MUS_STATE_TEXT_MAX);

// Stores the byte position of a parse error (or -1) where the caller asked for it.
void set_position(std::int32_t* out, const mus::Error& e) noexcept {
  if (out != nullptr) *out = e.code == mus::Errc::parse ? e.position : -1;
}

}  // namespace

extern "C" {

int32_t mus_action_format(const mus_action* action, char* buf, size_t cap, size_t* len_out) {
  return capi::guard([&]() -> std::int32_t {
    if (action == nullptr || !capi::valid_buffer(buf, cap)) return MUS_E_INVALID_ARGUMENT;
    const auto a = capi::read_action(action);
    if (!a) return capi::status(a.error());
    const std::string text = mus::action_to_text(*a);
    // "invalid" is what action_to_text() writes for an action the line cannot express.
    if (!mus::action_from_text(text))
      return a->kind == mus::ActionKind::shuffle && a->seat == -1 ? MUS_E_BAD_SHUFFLE
                                                                  : MUS_E_INVALID_ARGUMENT;
    return capi::write_text(text, buf, cap, len_out);
  });
}

int32_t mus_action_parse(const char* text, mus_action* out, int32_t* error_pos_out) {
  return capi::guard([&]() -> std::int32_t {
    if (error_pos_out != nullptr) *error_pos_out = -1;
    if (text == nullptr || out == nullptr) return MUS_E_INVALID_ARGUMENT;
    const auto a = mus::action_from_text(std::string_view(text));
    if (!a) {
      set_position(error_pos_out, a.error());
      return capi::status(a.error());
    }
    *out = capi::write_action(*a);
    return MUS_OK;
  });
}

int32_t mus_state_format(const mus_state* s, char* buf, size_t cap, size_t* len_out) {
  return capi::guard([&]() -> std::int32_t {
    if (s == nullptr || !capi::valid_buffer(buf, cap)) return MUS_E_INVALID_ARGUMENT;
    return capi::with_state(s, [&](const mus::State& st) -> std::int32_t {
      return capi::write_text(mus::state_to_text(st), buf, cap, len_out);
    });
  });
}

int32_t mus_state_parse(const char* text, mus_state* out, int32_t* error_pos_out) {
  return capi::guard([&]() -> std::int32_t {
    if (error_pos_out != nullptr) *error_pos_out = -1;
    if (text == nullptr || out == nullptr) return MUS_E_INVALID_ARGUMENT;
    const auto st = mus::state_from_text(std::string_view(text));
    if (!st) {
      set_position(error_pos_out, st.error());
      return capi::status(st.error());
    }
    capi::write_state(*st, out);
    return MUS_OK;
  });
}

int32_t mus_state_view_format(const mus_state* s, int32_t seat, char* buf, size_t cap,
                              size_t* len_out) {
  return capi::guard([&]() -> std::int32_t {
    if (s == nullptr || !capi::valid_seat(seat) || !capi::valid_buffer(buf, cap))
      return MUS_E_INVALID_ARGUMENT;
    return capi::with_state(s, [&](const mus::State& st) -> std::int32_t {
      return capi::write_text(mus::view_to_text(mus::view_of(st, seat)), buf, cap, len_out);
    });
  });
}

// Converted to the C struct by the same capi::view_to_c() as mus_state_view(), so the text and
// the direct view cannot disagree.
int32_t mus_view_parse(const char* text, mus_view* out, int32_t* error_pos_out) {
  return capi::guard([&]() -> std::int32_t {
    if (error_pos_out != nullptr) *error_pos_out = -1;
    if (text == nullptr || out == nullptr || out->struct_size < sizeof(std::uint32_t) * 2)
      return MUS_E_INVALID_ARGUMENT;
    const auto v = mus::view_from_text(std::string_view(text));
    if (!v) {
      set_position(error_pos_out, v.error());
      return capi::status(v.error());
    }
    return capi::write_sized(capi::view_to_c(*v), out);
  });
}

}  // extern "C"
