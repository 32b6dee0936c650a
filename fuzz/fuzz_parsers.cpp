// fuzz_parsers: arbitrary bytes as text through every text parser, C and C++, with the round
// trips of everything they accept.
//
// The C parsers (mus_card_parse, mus_hand_parse, mus_rules_parse, and mus_action_parse,
// mus_state_parse and mus_view_parse once serialization is built) get the input as a
// NUL-terminated string, so
// they see it up to its first NUL; the C++ parsers (parse_card, parse_hand, parse_rules, and
// action_from_text, state_from_text, view_from_text) get every byte. For each:
//   - the answer is MUS_OK or MUS_E_PARSE (C), ok or Errc::parse (C++), with an error position
//     inside the text (states and views: also MUS_E_INVALID_STATE / Errc::invalid_state for
//     well-formed text holding bad values, position -1); on error the C output is untouched;
//   - the C and the C++ parser agree on the same text (accept both or refuse both, same value);
//   - accepted text round-trips: parse(format(parse(t))) == parse(t), and the canonical text is
//     a fixed point, format(parse(format(x))) == format(x); a too small buffer is refused with
//     the length reported;
//   - an accepted state is valid and goes through every state function (exercise.hpp);
//   - an accepted view gives a valid state with that view (state_from_view), or invalid_state;
//   - a match record (parse_record, the one reader of mus/record.hpp): refused with a line and
//     a position inside that line, or read, written back to a text that reads to the same text
//     (a fixed point), and replayed by mus::replay and by mus_record_replay with the same
//     verdict.
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>
#include <vector>

#include "exercise.hpp"
#include "fuzz_common.hpp"
#include "mus/cards.hpp"
#include "mus/observation.hpp"
#include "mus/record.hpp"
#include "mus/rules.hpp"

namespace {

using mus_fuzz::canary;

// Inputs longer than this are not looked at (the parsers are linear; this keeps runs fast).
constexpr std::size_t max_input = MUS_STATE_TEXT_MAX * 2 > 4096 ? MUS_STATE_TEXT_MAX * 2 : 4096;

// A refusal is Errc::parse with a position inside the text; the readers of states and views
// also answer Errc::invalid_state (position -1) for well-formed text holding bad values.
template <class T>
void check_position(const mus::Result<T>& r, std::string_view text, bool state_like = false) {
  if (r.ok()) return;
  if (state_like && r.error().code == mus::Errc::invalid_state) {
    FUZZ_CHECK_EQ(r.error().position, -1);
    return;
  }
  FUZZ_CHECK(r.error().code == mus::Errc::parse);
  FUZZ_CHECK(r.error().position >= 0 &&
             r.error().position <= static_cast<std::int32_t>(text.size()));
}

void cards(const char* c_text, std::string_view full) {
  const std::string_view c_view(c_text);
  std::uint8_t id = canary;
  const std::int32_t st = mus_card_parse(c_text, &id);
  FUZZ_CHECK(st == MUS_OK || st == MUS_E_PARSE);
  const auto cpp = mus::parse_card(c_view);
  check_position(cpp, c_view);
  FUZZ_CHECK_EQ(cpp.ok(), st == MUS_OK);
  if (st != MUS_OK) {
    FUZZ_CHECK_EQ(id, canary);
  } else {
    FUZZ_CHECK_EQ(cpp->id(), id);
    char buf[3] = {'x', 'x', 'x'};
    std::size_t len = 0;
    FUZZ_CHECK_EQ(mus_card_format(id, buf, sizeof buf, &len), MUS_OK);
    FUZZ_CHECK(len == 2 && buf[2] == '\0');
    FUZZ_CHECK(mus::to_string(*cpp) == std::string_view(buf, len));
    std::uint8_t back = canary;
    FUZZ_CHECK_EQ(mus_card_parse(buf, &back), MUS_OK);
    FUZZ_CHECK_EQ(back, id);
    char small[2] = {'y', 'y'};
    FUZZ_CHECK_EQ(mus_card_format(id, small, sizeof small, &len), MUS_E_BUFFER_TOO_SMALL);
    FUZZ_CHECK_EQ(len, 2);
  }
  const auto all = mus::parse_card(full);
  check_position(all, full);
  if (all.ok()) {
    const auto back = mus::parse_card(mus::to_string(*all));
    FUZZ_CHECK(back.ok() && *back == *all);
  }
}

void hands(const char* c_text, std::string_view full) {
  const std::string_view c_view(c_text);
  std::uint8_t h[4] = {canary, canary, canary, canary};
  const std::int32_t st = mus_hand_parse(c_text, h);
  FUZZ_CHECK(st == MUS_OK || st == MUS_E_PARSE);
  const auto cpp = mus::parse_hand(c_view);
  check_position(cpp, c_view);
  FUZZ_CHECK_EQ(cpp.ok(), st == MUS_OK);
  if (st != MUS_OK) {
    FUZZ_CHECK(h[0] == canary && h[1] == canary && h[2] == canary && h[3] == canary);
  } else {
    for (int i = 0; i < 4; ++i) FUZZ_CHECK_EQ((*cpp)[static_cast<std::size_t>(i)].id(), h[i]);
    char buf[12];
    std::memset(buf, 'x', sizeof buf);
    std::size_t len = 0;
    FUZZ_CHECK_EQ(mus_hand_format(h, buf, sizeof buf, &len), MUS_OK);
    FUZZ_CHECK(len == 11 && buf[11] == '\0');
    FUZZ_CHECK(mus::to_string(*cpp) == std::string_view(buf, len));
    std::uint8_t back[4];
    FUZZ_CHECK_EQ(mus_hand_parse(buf, back), MUS_OK);
    FUZZ_CHECK(std::memcmp(back, h, 4) == 0);
    std::vector<char> small(11, 'y');
    FUZZ_CHECK_EQ(mus_hand_format(h, small.data(), small.size(), &len), MUS_E_BUFFER_TOO_SMALL);
    FUZZ_CHECK_EQ(len, 11);
  }
  const auto all = mus::parse_hand(full);
  check_position(all, full);
  if (all.ok()) {
    const auto back = mus::parse_hand(mus::to_string(*all));
    FUZZ_CHECK(back.ok() && *back == *all);
  }
}

std::string format_c(const mus_rules& r) {
  std::size_t len = 0;
  FUZZ_CHECK_EQ(mus_rules_format(&r, nullptr, 0, &len), MUS_E_BUFFER_TOO_SMALL);
  std::vector<char> buf(len + 1, 'x');
  std::size_t len2 = 0;
  FUZZ_CHECK_EQ(mus_rules_format(&r, buf.data(), buf.size(), &len2), MUS_OK);
  FUZZ_CHECK(len2 == len && buf[len] == '\0' && std::strlen(buf.data()) == len);
  std::vector<char> small(len, 'y');  // one byte short: nothing but the length is written
  FUZZ_CHECK_EQ(mus_rules_format(&r, small.data(), small.size(), &len2), MUS_E_BUFFER_TOO_SMALL);
  FUZZ_CHECK_EQ(len2, len);
  for (const char c : small) FUZZ_CHECK(c == 'y');
  return std::string(buf.data(), len);
}

void rules(const char* c_text, std::string_view full) {
  const std::string_view c_view(c_text);
  mus_rules r = mus_fuzz::filled<mus_rules>();
  const std::int32_t st = mus_rules_parse(&r, c_text);
  FUZZ_CHECK(st == MUS_OK || st == MUS_E_PARSE);
  const auto cpp = mus::parse_rules(c_view);
  check_position(cpp, c_view);
  FUZZ_CHECK_EQ(cpp.ok(), st == MUS_OK);
  if (st != MUS_OK) {
    FUZZ_CHECK(mus_fuzz::all_canary(r));
  } else {
    FUZZ_CHECK_EQ(mus_rules_validate(&r), MUS_OK);
    FUZZ_CHECK(mus::validate(*cpp).ok());
    const std::string text = format_c(r);
    FUZZ_CHECK(text == mus::format_rules(*cpp));
    mus_rules back = mus_fuzz::filled<mus_rules>();
    FUZZ_CHECK_EQ(mus_rules_parse(&back, text.c_str()), MUS_OK);
    FUZZ_CHECK(std::memcmp(&back, &r, sizeof r) == 0);
    FUZZ_CHECK(format_c(back) == text);
  }
  const auto all = mus::parse_rules(full);
  check_position(all, full);
  if (all.ok()) {
    FUZZ_CHECK(mus::validate(*all).ok());
    const std::string text = mus::format_rules(*all);
    const auto back = mus::parse_rules(text);
    FUZZ_CHECK(back.ok() && *back == *all);
    FUZZ_CHECK(mus::format_rules(*back) == text);
  }
}

void cpp_serialized(std::string_view full) {
  const auto a = mus::action_from_text(full);
  check_position(a, full);
  if (a.ok()) {
    const std::string text = mus::action_to_text(*a);
    const auto back = mus::action_from_text(text);
    FUZZ_CHECK(back.ok() && *back == *a);
    FUZZ_CHECK(mus::action_to_text(*back) == text);
  }
  const auto s = mus::state_from_text(full);
  check_position(s, full, true);
  if (s.ok()) {
    FUZZ_CHECK(mus::validate_state(*s) == mus::Errc::ok);
    const std::string text = mus::state_to_text(*s);
    const auto back = mus::state_from_text(text);
    FUZZ_CHECK(back.ok() && *back == *s);
    FUZZ_CHECK(mus::state_to_text(*back) == text);
  }
  const auto v = mus::view_from_text(full);
  check_position(v, full, true);
  if (v.ok()) {
    const std::string text = mus::view_to_text(*v);
    const auto back = mus::view_from_text(text);
    FUZZ_CHECK(back.ok());
    FUZZ_CHECK(mus::view_to_text(*back) == text);
    // A state from the view: refused as invalid_state, or valid with that view.
    for (const mus::Rules& rules : {mus::standard_rules(), mus::online_rules()}) {
      const auto s = mus::state_from_view(rules, *v);
      FUZZ_CHECK(s.ok() || s.error().code == mus::Errc::invalid_state);
      if (s.ok()) FUZZ_CHECK(mus::check_state(*s).ok() && mus::view_of(*s, v->seat) == *v);
    }
  }
}

void c_actions(const char* c_text) {
  mus_action a = mus_fuzz::filled<mus_action>();
  std::int32_t pos = -7;
  const std::int32_t st = mus_action_parse(c_text, &a, &pos);
  FUZZ_CHECK(st == MUS_OK || st == MUS_E_PARSE);
  const std::size_t n = std::strlen(c_text);
  if (st != MUS_OK) {
    FUZZ_CHECK(mus_fuzz::all_canary(a));
    FUZZ_CHECK(pos >= 0 && pos <= static_cast<std::int32_t>(n));
  } else {
    FUZZ_CHECK_EQ(pos, -1);
    FUZZ_CHECK(a.reserved0 == 0 && a.reserved[0] == 0 && a.reserved[1] == 0 && a.reserved[2] == 0 &&
               a.reserved[3] == 0);
  }
  const auto cpp = mus::action_from_text(std::string_view(c_text, n));
  FUZZ_CHECK_EQ(cpp.ok(), st == MUS_OK);
  if (cpp.ok()) {
    FUZZ_CHECK_EQ(static_cast<int>(cpp->kind), a.kind);
    FUZZ_CHECK_EQ(cpp->seat, a.seat);
    FUZZ_CHECK_EQ(cpp->amount, a.amount);
    FUZZ_CHECK(cpp->cards == a.cards && cpp->seed == a.seed);
    FUZZ_CHECK(std::memcmp(cpp->order.data(), a.order, sizeof a.order) == 0);
  }
  if (st != MUS_OK) return;
  std::vector<char> buf(MUS_ACTION_TEXT_MAX + 1, 'x');
  std::size_t len = 0;
  FUZZ_CHECK_EQ(mus_action_format(&a, buf.data(), buf.size(), &len), MUS_OK);
  FUZZ_CHECK(len <= MUS_ACTION_TEXT_MAX && std::strlen(buf.data()) == len);
  mus_action back = mus_fuzz::filled<mus_action>();
  FUZZ_CHECK_EQ(mus_action_parse(buf.data(), &back, nullptr), MUS_OK);
  FUZZ_CHECK(std::memcmp(&back, &a, sizeof a) == 0);
  std::vector<char> again(MUS_ACTION_TEXT_MAX + 1);
  std::size_t len2 = 0;
  FUZZ_CHECK_EQ(mus_action_format(&back, again.data(), again.size(), &len2), MUS_OK);
  FUZZ_CHECK(len2 == len && std::memcmp(buf.data(), again.data(), len) == 0);
  std::vector<char> small(len);
  FUZZ_CHECK_EQ(mus_action_format(&a, small.data(), small.size(), &len2), MUS_E_BUFFER_TOO_SMALL);
  FUZZ_CHECK_EQ(len2, len);
}

void c_states(const char* c_text, mus_fuzz::Input& in) {
  mus_state s = mus_fuzz::filled<mus_state>();
  std::int32_t pos = -7;
  const std::int32_t st = mus_state_parse(c_text, &s, &pos);
  FUZZ_CHECK(st == MUS_OK || st == MUS_E_PARSE || st == MUS_E_INVALID_STATE);
  const std::size_t n = std::strlen(c_text);
  if (st != MUS_OK) FUZZ_CHECK(mus_fuzz::all_canary(s));
  if (st == MUS_E_PARSE)
    FUZZ_CHECK(pos >= 0 && pos <= static_cast<std::int32_t>(n));
  else
    FUZZ_CHECK_EQ(pos, -1);
  const auto cpp = mus::state_from_text(std::string_view(c_text, n));
  FUZZ_CHECK_EQ(cpp.ok(), st == MUS_OK);
  if (cpp.ok()) {
    const mus_state from_cpp = mus_fuzz::c_state(*cpp);
    FUZZ_CHECK(mus_fuzz::same_state(from_cpp, s));
  }
  if (st != MUS_OK) return;
  FUZZ_CHECK_EQ(mus_state_validate(&s), MUS_OK);
  // Text can describe states the library would never reach: exercise it as a forged one
  // (mus_state_format / mus_view_format and their round trips are checked in there).
  mus_fuzz::exercise_state(s, in, false);
}

// mus_view_parse: the documented answers, the output untouched on error (struct_size
// included), the C++ reader's verdict on the same text, and a view read back is the C++ view
// field for field, its text canonical (the C++ writer gives it back).
void c_views(const char* c_text) {
  mus_view v = mus_fuzz::filled<mus_view>();
  v.struct_size = sizeof v;
  const mus_view before = v;
  std::int32_t pos = -7;
  const std::int32_t st = mus_view_parse(c_text, &v, &pos);
  FUZZ_CHECK(st == MUS_OK || st == MUS_E_PARSE || st == MUS_E_INVALID_STATE);
  const std::size_t n = std::strlen(c_text);
  if (st != MUS_OK) FUZZ_CHECK(std::memcmp(&v, &before, sizeof v) == 0);
  if (st == MUS_E_PARSE)
    FUZZ_CHECK(pos >= 0 && pos <= static_cast<std::int32_t>(n));
  else
    FUZZ_CHECK_EQ(pos, -1);
  if (st == MUS_OK) {
    FUZZ_CHECK_EQ(v.struct_size, sizeof v);
    for (const std::int32_t r : v.reserved) FUZZ_CHECK_EQ(r, 0);
  }
  const auto cpp = mus::view_from_text(std::string_view(c_text, n));
  FUZZ_CHECK_EQ(cpp.ok(), st == MUS_OK);
  if (cpp.ok()) {
    FUZZ_CHECK(mus::view_to_text(*cpp) == std::string_view(c_text, n));
    FUZZ_CHECK_EQ(cpp->seat, v.seat);
    FUZZ_CHECK_EQ(static_cast<int>(cpp->phase), v.phase);
    FUZZ_CHECK_EQ(cpp->to_act, v.to_act);
    FUZZ_CHECK(std::memcmp(cpp->hand.data(), v.hand, sizeof v.hand) == 0);
    FUZZ_CHECK(cpp->score[0] == v.score[0] && cpp->score[1] == v.score[1]);
    FUZZ_CHECK_EQ(cpp->hand_number, static_cast<std::uint32_t>(v.hand_number));
    FUZZ_CHECK(std::memcmp(cpp->last.shown.data(), v.last_shown, sizeof v.last_shown) == 0);
  }
}

// The bytes as a match record.
void records(const char* c_text, std::string_view full) {
  mus::MatchRecord r;
  const mus::RecordError e = mus::parse_record(full, r);
  if (!e.ok()) {
    FUZZ_CHECK(e.error.code == mus::Errc::parse || e.error.code == mus::Errc::invalid_rules);
    FUZZ_CHECK(e.line >= 1);
    FUZZ_CHECK(e.error.position >= -1 && e.error.position <= static_cast<std::int32_t>(full.size()));
    return;
  }
  const std::string text = mus::record_to_text(r);
  mus::MatchRecord back;
  FUZZ_CHECK(mus::parse_record(text, back).ok());
  FUZZ_CHECK(mus::record_to_text(back) == text);
  mus::State last;
  const mus::RecordError replayed = mus::replay(r, last);
  FUZZ_CHECK(mus::validate_state(last) == mus::Errc::ok);
  if (std::string_view(c_text).size() == full.size()) {  // no NUL inside: C sees it all
    mus_state out;
    std::int32_t line = -1;
    const std::int32_t st = mus_record_replay(c_text, &out, &line);
    FUZZ_CHECK_EQ(st, static_cast<std::int32_t>(replayed.error.code));
    FUZZ_CHECK_EQ(line, replayed.ok() ? 0 : replayed.line);
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size > max_input) return -1;
  const std::string text(reinterpret_cast<const char*>(data), size);  // NUL-terminated copy
  const std::string_view full(text);
  cards(text.c_str(), full);
  hands(text.c_str(), full);
  rules(text.c_str(), full);
  cpp_serialized(full);
  c_actions(text.c_str());
  mus_fuzz::Input in(data, size);  // the checks' choices, from the same bytes
  c_states(text.c_str(), in);
  c_views(text.c_str());
  records(text.c_str(), full);
  return 0;
}
