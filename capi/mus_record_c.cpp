// The C API of mus.h, match records part: the line reader, the replay and the writer over the
// C++ records of mus/record.hpp (one reader, one replay: the C functions only convert).
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "capi_internal.hpp"
#include "mus/mus.h"
#include "mus/record.hpp"

namespace capi = mus::capi;

namespace {

static_assert(mus::record_version == MUS_RECORD_VERSION);
static_assert(static_cast<int>(mus::RecordLine::comment) == MUS_RECORD_LINE_COMMENT &&
              static_cast<int>(mus::RecordLine::tag) == MUS_RECORD_LINE_TAG &&
              static_cast<int>(mus::RecordLine::rules) == MUS_RECORD_LINE_RULES &&
              static_cast<int>(mus::RecordLine::dealer) == MUS_RECORD_LINE_DEALER &&
              static_cast<int>(mus::RecordLine::action) == MUS_RECORD_LINE_ACTION &&
              static_cast<int>(mus::RecordLine::state) == MUS_RECORD_LINE_STATE &&
              static_cast<int>(mus::RecordLine::end) == MUS_RECORD_LINE_END);
static_assert(static_cast<int>(mus::RecordEnd::none) == MUS_RECORD_END_NONE &&
              static_cast<int>(mus::RecordEnd::over) == MUS_RECORD_END_OVER &&
              static_cast<int>(mus::RecordEnd::stopped) == MUS_RECORD_END_STOPPED);

// The stage after the dealer line: from there on the reader holds rules (RecordReader::stage).
constexpr std::int32_t stage_with_rules = 2;
constexpr std::int32_t last_stage = 6;

// The status of a record's error; mus_last_error() gets "line N: message at position P".
std::int32_t record_status(const mus::RecordError& e) noexcept {
  const std::int32_t code = capi::status(e.error.code);
  try {
    capi::record_error_text(code, e.describe());
  } catch (...) {
    capi::record_error_text(code, e.error.message);
  }
  return code;
}

// The C++ reader a caller's mus_record_reader holds, or MUS_E_INVALID_ARGUMENT (with the
// reason) for one that mus_record_reader_init() and mus_record_reader_read_line() cannot have left.
std::int32_t reader_from_c(const mus_record_reader* in, mus::RecordReader& out) noexcept {
  const auto bad = [](std::string_view why) {
    return capi::status(mus::Error{mus::Errc::invalid_argument, why, -1});
  };
  if (in == nullptr) return bad("reader is NULL");
  if (in->struct_size != sizeof(mus_record_reader))
    return bad("mus_record_reader.struct_size is not sizeof(mus_record_reader): call "
               "mus_record_reader_init()");
  for (const std::int32_t r : in->reserved)
    if (r != 0) return bad("mus_record_reader.reserved must be zero");
  if (in->stage < 0 || in->stage > last_stage || in->version < -1 || in->version > 3 ||
      in->dealer < -1 || in->dealer > 3 || in->end < MUS_RECORD_END_NONE ||
      in->end > MUS_RECORD_END_STOPPED || in->line < 0 || in->actions < 0 || in->states < 0)
    return bad("mus_record_reader holds values no reader has: keep it as the library left it");
  mus::RecordReader r;
  r.version = in->version;
  r.line = in->line;
  r.dealer = in->dealer;
  r.end = static_cast<mus::RecordEnd>(in->end);
  r.actions = in->actions;
  r.states = in->states;
  r.stage = in->stage;
  if (in->stage > stage_with_rules - 1) {
    const auto rules = capi::rules_from_c(&in->rules);
    if (!rules) return bad("mus_record_reader.rules are not rules: keep it as the library left it");
    r.rules = *rules;
  }
  out = r;
  return MUS_OK;
}

mus_record_reader reader_to_c(const mus::RecordReader& r) noexcept {
  mus_record_reader c{};
  c.struct_size = sizeof(mus_record_reader);
  c.version = r.version;
  c.line = r.line;
  c.dealer = r.dealer;
  c.end = static_cast<std::int32_t>(r.end);
  c.actions = r.actions;
  c.states = r.states;
  c.stage = r.stage;
  if (r.stage > stage_with_rules - 1) c.rules = capi::rules_to_c(r.rules);
  return c;
}

}  // namespace

extern "C" {

int32_t mus_record_reader_init(mus_record_reader* reader) {
  return capi::guard([&]() -> std::int32_t {
    if (reader == nullptr) return MUS_E_INVALID_ARGUMENT;
    *reader = reader_to_c(mus::RecordReader{});
    return MUS_OK;
  });
}

int32_t mus_record_reader_read_line(mus_record_reader* reader, const char* line, int32_t* item_out,
                             mus_action* action_out, int32_t* pos_out) {
  return capi::guard([&]() -> std::int32_t {
    if (pos_out != nullptr) *pos_out = -1;
    if (line == nullptr || item_out == nullptr) return MUS_E_INVALID_ARGUMENT;
    mus::RecordReader r;
    if (const std::int32_t e = reader_from_c(reader, r); e != MUS_OK) return e;
    mus::Action a;
    std::size_t value = 0;
    const auto item = r.read(std::string_view(line), &a, &value);
    if (!item) {
      reader->line = r.line;  // the line is counted, the rest stays
      if (pos_out != nullptr && item.error().position >= 0) *pos_out = item.error().position;
      return record_status(mus::RecordError{item.error(), r.line, -1});
    }
    *reader = reader_to_c(r);
    *item_out = static_cast<std::int32_t>(*item);
    if (*item == mus::RecordLine::action && action_out != nullptr)
      *action_out = capi::write_action(a);
    if (pos_out != nullptr)
      *pos_out = *item == mus::RecordLine::comment ? -1 : static_cast<std::int32_t>(value);
    return MUS_OK;
  });
}

int32_t mus_record_reader_finish(const mus_record_reader* reader) {
  return capi::guard([&]() -> std::int32_t {
    mus::RecordReader r;
    if (const std::int32_t e = reader_from_c(reader, r); e != MUS_OK) return e;
    const mus::Error e = r.finish();
    if (e.ok()) return MUS_OK;
    return record_status(mus::RecordError{e, r.line + 1, -1});
  });
}

int32_t mus_record_replay(const char* text, mus_state* out, int32_t* line_out) {
  return capi::guard([&]() -> std::int32_t {
    if (line_out != nullptr) *line_out = 0;
    if (text == nullptr || out == nullptr) return MUS_E_INVALID_ARGUMENT;
    mus::MatchRecord record;
    mus::RecordError e = mus::parse_record(std::string_view(text), record);
    if (e.ok()) {
      // Parsed rules and a dealer 0..3 always make a new match: from here on replay() reaches
      // a state (the last one, or the one before its first problem).
      if (const auto start = mus::new_match(record.rules, record.dealer); !start)
        return capi::status(start.error());
      mus::State last;
      e = mus::replay(record, last);
      capi::write_state(last, out);
    }
    if (e.ok()) return MUS_OK;
    if (line_out != nullptr) *line_out = e.line;
    return record_status(e);
  });
}

int32_t mus_record_format(const mus_rules* rules, int32_t first_dealer, const mus_action* actions,
                          size_t count, int32_t flags, const char* comment, char* buf, size_t cap,
                          size_t* len_out) {
  return capi::guard([&]() -> std::int32_t {
    if (rules == nullptr || !capi::valid_seat(first_dealer) ||
        (actions == nullptr && count > 0) || (flags & ~MUS_RECORD_WITH_STATES) != 0 ||
        !capi::valid_buffer(buf, cap))
      return MUS_E_INVALID_ARGUMENT;
    const auto r = capi::rules_from_c(rules);
    if (!r) return capi::status(r.error());
    std::vector<mus::Action> list;
    list.reserve(count);
    for (std::size_t i = 0; i < count; ++i) {
      const auto a = capi::read_action(&actions[i]);
      if (!a) return capi::status(a.error());
      list.push_back(*a);
    }
    mus::MatchRecord record;
    const mus::RecordError e = mus::record_match(*r, first_dealer, list,
                                                 (flags & MUS_RECORD_WITH_STATES) != 0, record);
    if (!e.ok()) {
      const std::int32_t code = capi::status(e.error.code);
      capi::record_error_text(code, "action " + std::to_string(e.step) + ": " + e.describe());
      return code;
    }
    if (comment != nullptr) record.comment = comment;
    return capi::write_text(mus::record_to_text(record), buf, cap, len_out);
  });
}

}  // extern "C"
