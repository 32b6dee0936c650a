// The C API of mus.h, core part: version, status texts, rules, cards and hand evaluation.
//
// A thin shim over the C++ library: each function checks its arguments, converts them with
// the helpers of capi_internal.hpp, calls the C++ core and writes its outputs only once
// nothing can fail any more. Bodies run inside capi::guard, so no exception reaches C.
#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>

#include "capi_internal.hpp"
#include "mus/cards.hpp"
#include "mus/error.hpp"
#include "mus/eval.hpp"
#include "mus/mus.h"
#include "mus/rules.hpp"

namespace capi = mus::capi;

namespace {

// mus_status_string() hands out errc_text() as a C string: every text must end in a NUL.
constexpr bool status_texts_are_c_strings() {
  for (std::int32_t code = MUS_E_SIGNAL_NOT_IN_SET - 1; code <= MUS_OK + 1; ++code) {
    const std::string_view text = mus::errc_text(static_cast<mus::Errc>(code));
    if (text.empty() || text.data()[text.size()] != '\0') return false;
  }
  return true;
}
static_assert(status_texts_are_c_strings());

// rules_to_c() and rules_from_c() are inverses over every preset and a value away from all
// of them, so a field forgotten in one direction fails to compile.
constexpr bool rules_round_trip(const mus::Rules& r) {
  const mus_rules c = capi::rules_to_c(r);
  const auto back = capi::rules_from_c(&c);
  return back.ok() && *back == r;
}
constexpr mus::Rules unusual_rules() {
  mus::Rules r;
  r.kings = 4;
  r.target = 999;
  r.games_per_vaca = 7;
  r.vacas = 5;
  r.min_raise = 1;
  r.royal31 = mus::Royal31::jack_of_coins777;
  r.zero_discard = true;
  r.deje_ends = false;
  r.mus_corrido = mus::MusCorrido::match;
  r.tio_perete = true;
  r.answers = mus::Answers::proposal;
  r.signals = mus::SignalSet::off;
  return r;
}
static_assert(rules_round_trip(mus::standard_rules()) && rules_round_trip(mus::basque_rules()) &&
              rules_round_trip(mus::spain_rules()) && rules_round_trip(mus::online_rules()) &&
              rules_round_trip(unusual_rules()));

}  // namespace

// ---- Why the last call failed --------------------------------------------------------------

namespace mus::capi {

LastError& last_error() noexcept {
  thread_local LastError last;
  return last;
}

namespace {

void write_error(LastError& last, std::int32_t code, std::string_view text) noexcept {
  const std::size_t n = std::min(text.size(), sizeof last.text - 1);
  std::memcpy(last.text, text.data(), n);
  last.text[n] = '\0';
  last.code = code;
}

}  // namespace

void record_error(const Error& e) noexcept {
  if (e.ok()) return;
  LastError& last = last_error();
  try {
    write_error(last, status(e.code), e.describe());  // the failure path may allocate
  } catch (...) {
    write_error(last, status(e.code), e.message.empty() ? errc_text(e.code) : e.message);
  }
  last.fresh = true;
}

void record_error_text(std::int32_t code, std::string_view text) noexcept {
  LastError& last = last_error();
  write_error(last, code, text);
  last.fresh = true;
}

void finish_error(std::int32_t code) noexcept {
  LastError& last = last_error();
  if (!last.fresh || last.code != code)
    write_error(last, code, errc_text(static_cast<Errc>(code)));
  last.fresh = false;
}

}  // namespace mus::capi

extern "C" {

// ---- Version and errors --------------------------------------------------------------------

uint32_t mus_version(void) { return static_cast<uint32_t>(MUS_VERSION); }

const char* mus_version_string(void) { return MUS_VERSION_STRING; }

const char* mus_status_string(int32_t status) {
  // The enum has int32_t as its fixed underlying type, so every status converts; unknown ones
  // give errc_text()'s "unknown status".
  return mus::errc_text(static_cast<mus::Errc>(status)).data();
}

const char* mus_last_error(void) { return capi::last_error().text; }

// ---- Rules ---------------------------------------------------------------------------------

int32_t mus_rules_preset(mus_rules* out, const char* name) {
  return capi::guard([&]() -> std::int32_t {
    if (out == nullptr) return MUS_E_INVALID_ARGUMENT;
    const auto r = mus::rules_preset(name == nullptr ? std::string_view{"standard"} : name);
    if (!r) {
      mus::Error e = r.error();
      e.position = -1;  // a preset's name is one word, not a text to point into
      return capi::status(e);
    }
    *out = capi::rules_to_c(*r);
    return MUS_OK;
  });
}

int32_t mus_rules_parse(mus_rules* out, const char* text) {
  return capi::guard([&]() -> std::int32_t {
    if (out == nullptr || text == nullptr) return MUS_E_INVALID_ARGUMENT;
    const auto r = mus::parse_rules(text);
    if (!r) return capi::status(r.error());
    *out = capi::rules_to_c(*r);
    return MUS_OK;
  });
}

int32_t mus_rules_format(const mus_rules* rules, char* buf, size_t cap, size_t* len_out) {
  return capi::guard([&]() -> std::int32_t {
    if (rules == nullptr || !capi::valid_buffer(buf, cap)) return MUS_E_INVALID_ARGUMENT;
    const auto r = capi::rules_from_c(rules);
    if (!r) return capi::status(r.error());
    return capi::write_text(mus::format_rules(*r), buf, cap, len_out);
  });
}

// ---- Cards and hand evaluation -------------------------------------------------------------

int32_t mus_hand_parse(const char* text, uint8_t out[4]) {
  return capi::guard([&]() -> std::int32_t {
    if (text == nullptr || out == nullptr) return MUS_E_INVALID_ARGUMENT;
    const auto h = mus::parse_hand(text);
    if (!h) return capi::status(h.error());
    capi::write_hand(*h, out);
    return MUS_OK;
  });
}

int32_t mus_hand_format(const uint8_t hand[4], char* buf, size_t cap, size_t* len_out) {
  return capi::guard([&]() -> std::int32_t {
    if (hand == nullptr || !capi::valid_buffer(buf, cap)) return MUS_E_INVALID_ARGUMENT;
    const auto h = capi::read_hand(hand);
    if (!h) return capi::status(h.error());
    const auto letters = mus::hand_letters(*h);
    return capi::write_text(std::string_view(letters.data(), letters.size()), buf, cap, len_out);
  });
}

int32_t mus_card_parse(const char* text, uint8_t* out) {
  return capi::guard([&]() -> std::int32_t {
    if (text == nullptr || out == nullptr) return MUS_E_INVALID_ARGUMENT;
    const auto c = mus::parse_card(text);
    if (!c) return capi::status(c.error());
    *out = static_cast<std::uint8_t>(c->id());
    return MUS_OK;
  });
}

int32_t mus_card_format(uint8_t card, char* buf, size_t cap, size_t* len_out) {
  return capi::guard([&]() -> std::int32_t {
    if (!capi::valid_buffer(buf, cap)) return MUS_E_INVALID_ARGUMENT;
    const auto c = mus::Card::from_id(card);
    if (!c) return capi::status(c.error());
    const auto letters = mus::card_letters(*c);
    return capi::write_text(std::string_view(letters.data(), letters.size()), buf, cap, len_out);
  });
}

int32_t mus_rules_validate(const mus_rules* rules) {
  return capi::guard([&]() -> std::int32_t {
    const auto r = capi::rules_from_c(rules);
    return r ? MUS_OK : capi::status(r.error());
  });
}

int32_t mus_lance_winner(const mus_rules* rules, int32_t lance, const uint8_t hands[16],
                         int32_t mano, int32_t* seat_out) {
  return capi::guard([&]() -> std::int32_t {
    if (rules == nullptr || hands == nullptr || seat_out == nullptr) return MUS_E_INVALID_ARGUMENT;
    if (!capi::valid_lance(lance) || !capi::valid_seat(mano)) return MUS_E_INVALID_ARGUMENT;
    const auto r = capi::rules_from_c(rules);
    if (!r) return capi::status(r.error());
    const auto h = capi::read_hands<mus::seats>(hands);
    if (!h) return capi::status(h.error());
    mus::TableEval table{};
    for (std::size_t seat = 0; seat < table.size(); ++seat)
      table[seat] = mus::evaluate((*h)[seat], *r);
    *seat_out = mus::lance_winner(table, capi::to_lance(lance), mano);
    return MUS_OK;
  });
}

int32_t mus_hand_tantos(const mus_rules* rules, int32_t lance, const uint8_t hand[4],
                        int32_t* tantos_out) {
  return capi::guard([&]() -> std::int32_t {
    if (rules == nullptr || hand == nullptr || tantos_out == nullptr) return MUS_E_INVALID_ARGUMENT;
    if (!capi::valid_lance(lance)) return MUS_E_INVALID_ARGUMENT;
    const auto r = capi::rules_from_c(rules);
    if (!r) return capi::status(r.error());
    const auto h = capi::read_hand(hand);
    if (!h) return capi::status(h.error());
    *tantos_out = mus::hand_tantos(mus::evaluate(*h, *r), capi::to_lance(lance));
    return MUS_OK;
  });
}

int32_t mus_hand_value(const mus_rules* rules, const uint8_t hand[4], int32_t* value_out) {
  return capi::guard([&]() -> std::int32_t {
    if (rules == nullptr || hand == nullptr || value_out == nullptr) return MUS_E_INVALID_ARGUMENT;
    const auto r = capi::rules_from_c(rules);
    if (!r) return capi::status(r.error());
    const auto h = capi::read_hand(hand);
    if (!h) return capi::status(h.error());
    *value_out = mus::evaluate(*h, *r).value;
    return MUS_OK;
  });
}

}  // extern "C"
