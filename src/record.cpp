// Match records (mus/record.hpp, docs/records.md): the one reader (RecordReader, a line at a
// time), the writer, and replay(), the fold of apply() over a record's actions.
#include "mus/record.hpp"

#include <algorithm>
#include <array>
#include <cstddef>
#include <string>
#include <utility>

#include "mus/serialize.hpp"

namespace mus {

namespace {

// The stages of RecordReader::stage.
enum Stage : int {
  want_tag = 0,
  want_rules = 1,
  want_dealer = 2,
  body = 3,          // after the dealer: a state here is the new match's
  after_action = 4,  // after an action
  after_state = 5,   // after the state of an action
  ended = 6,         // after the end line
};

constexpr bool blank(char c) noexcept { return c == ' ' || c == '\t'; }

// The line without its surrounding blanks and a final '\r'; `offset` receives where it starts.
std::string_view trim(std::string_view s, std::size_t& offset) noexcept {
  offset = 0;
  if (!s.empty() && s.back() == '\r') s.remove_suffix(1);
  while (!s.empty() && blank(s.front())) {
    s.remove_prefix(1);
    ++offset;
  }
  while (!s.empty() && blank(s.back())) s.remove_suffix(1);
  return s;
}

// `word` then one space, at the start of `s`: the rest, or nothing.
bool keyword(std::string_view s, std::string_view word, std::string_view& rest) noexcept {
  if (s.size() <= word.size() || s.substr(0, word.size()) != word || s[word.size()] != ' ')
    return false;
  rest = s.substr(word.size() + 1);
  return true;
}

Error parse_error(std::string_view message, std::size_t position) noexcept {
  return Error{Errc::parse, message, static_cast<std::int32_t>(position)};
}

// A version-1 action line in the library's action text. Version 1 (mus-cli 0.2) differs in two
// things only: words may be separated by several blanks, and a servido is `S discard` with
// nothing after it. The result fits the action text's longest line plus a little; longer
// lines are cut (and then refused by the action parser, as they would be anyway).
struct V1Text {
  std::array<char, 256> buf{};
  std::size_t size = 0;
  std::string_view view() const noexcept { return {buf.data(), size}; }
};

V1Text v1_to_action_text(std::string_view line) noexcept {
  V1Text out;
  int words = 0;
  bool second_is_discard = false;
  std::size_t i = 0;
  while (i < line.size()) {
    while (i < line.size() && blank(line[i])) ++i;
    const std::size_t b = i;
    while (i < line.size() && !blank(line[i])) ++i;
    if (i == b) break;
    const std::string_view word = line.substr(b, i - b);
    if (words > 0 && out.size < out.buf.size()) out.buf[out.size++] = ' ';
    for (const char c : word)
      if (out.size < out.buf.size()) out.buf[out.size++] = c;
    ++words;
    if (words == 2) second_is_discard = word == "discard";
  }
  if (words == 2 && second_is_discard && out.size + 2 <= out.buf.size()) {
    out.buf[out.size++] = ' ';
    out.buf[out.size++] = '-';
  }
  return out;
}

// The first byte where two texts differ (the shorter one's length when one is a prefix).
std::size_t first_difference(std::string_view a, std::string_view b) noexcept {
  const auto m = std::mismatch(a.begin(), a.begin() + static_cast<std::ptrdiff_t>(std::min(a.size(), b.size())), b.begin());
  return static_cast<std::size_t>(m.first - a.begin());
}

}  // namespace

Result<RecordLine> RecordReader::read(std::string_view raw, Action* action,
                                      std::size_t* value) noexcept {
  ++line;
  std::size_t at = 0;
  const std::string_view text = trim(raw, at);
  const auto ok = [&](RecordLine what, std::size_t where) -> Result<RecordLine> {
    if (value != nullptr) *value = where;
    return what;
  };
  if (text.empty() || text.front() == '#') return ok(RecordLine::comment, static_cast<std::size_t>(-1));
  std::string_view rest;
  if (stage == want_tag && keyword(text, "rules", rest)) {
    version = 0;  // the transcript form of libmus 0.2: no tag, the rules line first
    stage = want_rules;
  }
  switch (stage) {
    case want_tag: {
      if (keyword(text, "mus-record", rest)) {
        const std::size_t where = at + static_cast<std::size_t>(rest.data() - text.data());
        if (rest == "1" || rest == "2" || rest == "3") {
          version = rest[0] - '0';
          stage = want_rules;
          return ok(RecordLine::tag, where);
        }
        return parse_error("unknown record format version (this library reads mus-record 1, 2 "
                           "and 3)",
                           where);
      }
      return parse_error("not a match record: the first line must be 'mus-record 3'", at);
    }
    case want_rules: {
      if (!keyword(text, "rules", rest))
        return parse_error("expected 'rules TEXT' (e.g. 'rules standard') after the first line",
                           at);
      const std::size_t where = at + static_cast<std::size_t>(rest.data() - text.data());
      const auto r = parse_rules(rest);
      if (!r) {
        Error e = r.error();
        e.position = e.position < 0 ? static_cast<std::int32_t>(where)
                                    : static_cast<std::int32_t>(where) + e.position;
        return e;
      }
      rules = *r;
      stage = want_dealer;
      return ok(RecordLine::rules, where);
    }
    case want_dealer: {
      if (!keyword(text, "dealer", rest) || rest.size() != 1 || rest[0] < '0' || rest[0] > '3')
        return parse_error("expected 'dealer N' with N the first dealer's seat, 0..3", at);
      dealer = rest[0] - '0';
      stage = body;
      return ok(RecordLine::dealer, at + static_cast<std::size_t>(rest.data() - text.data()));
    }
    case ended: return parse_error("only comments may follow the 'end' line", at);
    default: break;
  }
  // The body: state, action and end lines, as each version allows.
  if (keyword(text, "state", rest)) {
    if (version == 1 || version == 2)
      return parse_error("state lines are not part of mus-record 1 and 2", at);
    if (stage == after_state)
      return parse_error(version == 0 ? "expected an 'action' line"
                                      : "a state line must follow an action line or the dealer "
                                        "line",
                         at);
    const std::size_t where = at + static_cast<std::size_t>(rest.data() - text.data());
    if (rest.size() != state_text_length ||
        rest.substr(0, state_text_tag.size()) != state_text_tag ||
        rest[state_text_tag.size()] != ' ')
      return parse_error("expected a state text of this library (mus-state/2, 407 characters)",
                         where);
    ++states;
    stage = after_state;
    return ok(RecordLine::state, where);
  }
  if (version == 0 && stage != after_state)
    return parse_error(stage == body ? "expected the new match's 'state' line"
                                     : "expected a 'state' line after the action",
                       at);
  if (version == 3 && keyword(text, "end", rest)) {
    const std::size_t where = at + static_cast<std::size_t>(rest.data() - text.data());
    if (rest == "over") {
      end = RecordEnd::over;
    } else if (rest == "stopped") {
      end = RecordEnd::stopped;
    } else {
      return parse_error("expected 'end over' or 'end stopped'", where);
    }
    stage = ended;
    return ok(RecordLine::end, where);
  }
  if (version == 3 && text == "end") return parse_error("expected 'end over' or 'end stopped'", at);
  std::string_view action_text = text;
  std::size_t where = at;
  V1Text v1;
  if (version == 0) {
    if (!keyword(text, "action", rest)) return parse_error("expected an 'action' line", at);
    action_text = rest;
    where = at + static_cast<std::size_t>(rest.data() - text.data());
  } else if (version == 1) {
    v1 = v1_to_action_text(text);
    action_text = v1.view();
  }
  const auto a = action_from_text(action_text);
  if (!a) {
    Error e = a.error();
    e.position = static_cast<std::int32_t>(where) + std::max(e.position, 0);
    return e;
  }
  if (action != nullptr) *action = *a;
  ++actions;
  stage = after_action;
  return ok(RecordLine::action, where);
}

Error RecordReader::finish() const noexcept {
  if (stage < body)
    return Error{Errc::parse,
                 stage == want_tag ? "empty record: no 'mus-record' line"
                                   : "the record ends before its 'rules' and 'dealer' lines",
                 -1};
  if (version == 3 && stage != ended)
    return Error{Errc::parse, "truncated record: it ends without its 'end' line", -1};
  if (version == 0 && stage != after_state)
    return Error{Errc::parse, "truncated transcript: it ends before a 'state' line", -1};
  return Error{};
}

std::string RecordError::describe() const {
  std::string out;
  if (line > 0) {
    out.append("line ").append(std::to_string(line)).append(": ");
  }
  return out.append(error.describe());
}

RecordError parse_record(std::string_view text, MatchRecord& out) {
  RecordReader reader;
  MatchRecord r;
  std::size_t pos = 0;
  while (pos < text.size()) {
    std::size_t nl = text.find('\n', pos);
    if (nl == std::string_view::npos) nl = text.size();
    const std::string_view line = text.substr(pos, nl - pos);
    pos = nl + 1;
    Action a;
    std::size_t value = 0;
    const auto item = reader.read(line, &a, &value);
    if (!item) return RecordError{item.error(), reader.line, -1};
    const std::string_view v = value <= line.size() ? line.substr(value) : std::string_view{};
    switch (*item) {
      case RecordLine::comment:
        if (reader.stage <= want_rules) {  // before the rules line: the header's comment
          std::size_t at = 0;
          std::string_view c = trim(line, at);
          if (!c.empty()) {
            c.remove_prefix(1);
            if (!c.empty() && c.front() == ' ') c.remove_prefix(1);
            if (!r.comment.empty()) r.comment += '\n';
            r.comment += c;
          }
        }
        break;
      case RecordLine::tag: break;
      case RecordLine::rules:
        r.rules = reader.rules;
        break;
      case RecordLine::dealer: r.dealer = reader.dealer; break;
      case RecordLine::action: r.steps.push_back(RecordStep{a, reader.line, {}, 0}); break;
      case RecordLine::state: {
        std::size_t at = 0;
        const std::string_view s = trim(v, at);
        if (r.steps.empty()) {
          r.initial_state = s;
          r.initial_state_line = reader.line;
        } else {
          r.steps.back().state = s;
          r.steps.back().state_line = reader.line;
        }
        break;
      }
      case RecordLine::end:
        r.end = reader.end;
        r.end_line = reader.line;
        break;
    }
  }
  if (const Error e = reader.finish(); !e.ok()) return RecordError{e, reader.line + 1, -1};
  r.version = reader.version;
  out = std::move(r);
  return RecordError{};
}

std::string record_header(const Rules& rules, int dealer, std::string_view comment) {
  std::string out;
  out.append(record_tag).push_back('\n');
  while (!comment.empty()) {
    const std::size_t nl = comment.find('\n');
    const std::string_view c = comment.substr(0, nl);
    out.append(c.empty() ? "#" : "# ").append(c).push_back('\n');
    if (nl == std::string_view::npos) break;
    comment.remove_prefix(nl + 1);
  }
  out.append("rules ").append(format_rules(rules)).append("\ndealer ");
  out.push_back(static_cast<char>('0' + dealer));
  out.push_back('\n');
  return out;
}

std::string record_state_line(const State& s) {
  std::string out("state ");
  out.append(state_to_text(s)).push_back('\n');
  return out;
}

namespace {

// How a match whose last state is `last` ends: over, or stopped before its end.
RecordEnd end_of(const State& last) {
  return last.phase == Phase::match_over ? RecordEnd::over : RecordEnd::stopped;
}

// The end line of a known end (over or stopped), with its line feed.
const char* end_line(RecordEnd end) {
  return end == RecordEnd::over ? "end over\n" : "end stopped\n";
}

}  // namespace

std::string record_end_line(const State& last) { return end_line(end_of(last)); }

std::string record_to_text(const MatchRecord& r) {
  std::string out = record_header(r.rules, r.dealer, r.comment);
  const auto state_line = [&out](const std::string& text) {
    if (!text.empty()) out.append("state ").append(text).push_back('\n');
  };
  state_line(r.initial_state);
  for (const RecordStep& s : r.steps) {
    out.append(action_to_text(s.action)).push_back('\n');
    state_line(s.state);
  }
  RecordEnd end = r.end;
  if (end == RecordEnd::none) {
    // An older record (versions 0 to 2) has no end line, and version 3 requires one: the
    // replay says whether the match is over (a record that does not replay has stopped).
    State last{};
    end = replay(r, last).ok() ? end_of(last) : RecordEnd::stopped;
  }
  out.append(end_line(end));
  return out;
}

RecordError replay(const MatchRecord& r, State& out, ReplayObserver observe) {
  const auto start = new_match(r.rules, r.dealer);
  if (!start) return RecordError{start.error(), 0, -1};
  State s = *start;
  out = s;
  const auto check = [&](const std::string& recorded, int line) {
    if (recorded.empty()) return RecordError{};
    const std::string got = state_to_text(s);
    if (got == recorded) return RecordError{};
    // The position in the line as the writers write it: "state ", then the text.
    const std::size_t column = std::string_view("state ").size() + first_difference(recorded, got);
    return RecordError{Error{Errc::invalid_state, "the recorded state differs from the replayed one",
                             static_cast<std::int32_t>(column)},
                       line, -1};
  };
  if (RecordError e = check(r.initial_state, r.initial_state_line); !e.ok()) return e;
  Events events;
  for (std::size_t i = 0; i < r.steps.size(); ++i) {
    const RecordStep& step = r.steps[i];
    const State before = s;
    std::string_view why;
    if (const Errc e = apply_in_place(s, step.action, &events, &why); e != Errc::ok)
      return RecordError{Error{e, why, -1}, step.line, static_cast<int>(i)};
    out = s;
    if (observe) observe(i, before, step.action, events, s);
    if (RecordError e = check(step.state, step.state_line); !e.ok()) {
      e.step = static_cast<int>(i);
      return e;
    }
  }
  const bool over = s.phase == Phase::match_over;
  if (r.end == RecordEnd::over && !over)
    return RecordError{Error{Errc::invalid_state,
                             "the record says 'end over' but the replayed match is not over", -1},
                       r.end_line, -1};
  if (r.end == RecordEnd::stopped && over)
    return RecordError{
        Error{Errc::invalid_state, "the record says 'end stopped' but the replayed match is over",
              -1},
        r.end_line, -1};
  return RecordError{};
}

RecordError record_match(const Rules& rules, int dealer, std::span<const Action> actions,
                         bool with_states, MatchRecord& out) {
  MatchRecord r;
  r.rules = rules;
  r.dealer = dealer;
  r.steps.reserve(actions.size());
  for (const Action& a : actions) r.steps.push_back(RecordStep{a, 0, {}, 0});
  State last;
  const RecordError e = replay(r, last, [&](std::size_t i, const State&, const Action&,
                                             const Events&, const State& after) {
    if (with_states) r.steps[i].state = state_to_text(after);
  });
  if (!e.ok()) return e;
  if (with_states) {
    const auto start = new_match(rules, dealer);
    r.initial_state = state_to_text(*start);
  }
  r.end = end_of(last);
  out = std::move(r);
  return RecordError{};
}

}  // namespace mus
