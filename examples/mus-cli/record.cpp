#include "record.hpp"

#include <array>
#include <cstdint>
#include <iostream>

#include "text.hpp"

namespace muscli {

namespace {

std::string_view trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r'))
    s.remove_suffix(1);
  return s;
}

std::vector<std::string_view> words(std::string_view line) {
  std::vector<std::string_view> out;
  std::size_t i = 0;
  while (i < line.size()) {
    while (i < line.size() && (line[i] == ' ' || line[i] == '\t')) ++i;
    const std::size_t b = i;
    while (i < line.size() && line[i] != ' ' && line[i] != '\t') ++i;
    if (i > b) out.push_back(line.substr(b, i - b));
  }
  return out;
}

// A version-1 action line in the library's action text. Version 1 differs in two things only:
// words may be separated by several blanks or tabs, and a servido is `S discard` with nothing
// after it (the library writes `S discard -`). Everything else reads the same.
std::string v1_to_action_text(std::string_view line) {
  const std::vector<std::string_view> w = words(line);
  std::string out;
  for (const std::string_view word : w) {
    if (!out.empty()) out += ' ';
    out += word;
  }
  if (w.size() == 2 && w[1] == "discard") out += " -";
  return out;
}

}  // namespace

bool RecordFile::open(const std::string& to, std::string_view command, bool explicit_orders,
                      std::string comment) {
  path = to;
  file.open(path);
  if (!file) {
    std::cerr << "mus-cli " << command << ": cannot write the record '" << path << "'\n";
    return false;
  }
  writer = std::make_unique<RecordWriter>(file, explicit_orders, std::move(comment));
  return true;
}

bool RecordFile::finish(std::string_view command) {
  if (writer == nullptr || file.flush()) return true;
  std::cerr << "mus-cli " << command << ": could not write the record '" << path << "'\n";
  return false;
}

void RecordWriter::on_begin(const mus::State& initial) {
  out_ << record_tag << '\n';
  if (!comment_.empty()) out_ << "# " << comment_ << '\n';
  out_ << "rules " << mus::format_rules(initial.rules) << '\n';
  out_ << "dealer " << static_cast<int>(initial.dealer) << '\n';
}

void RecordWriter::on_step(const mus::State& before, const mus::Action& action,
                           const mus::Events& events, const mus::State& after) {
  (void)events;
  (void)after;
  if (explicit_orders_ && action.kind == mus::ActionKind::shuffle && action.amount == 0) {
    // The cards being shuffled: the whole deck for a deal, the discard pile for a refill (R15).
    const std::uint64_t cards = mus::cards_to_shuffle(before);
    std::array<std::uint8_t, mus::deck_size> order{};
    int n = 0;
    for (int id = 0; id < mus::deck_size; ++id)
      if (((cards >> id) & 1U) != 0)
        order[static_cast<std::size_t>(n++)] = static_cast<std::uint8_t>(id);
    mus::seeded_order(order.data(), n, action.seed);
    out_ << mus::action_to_text(mus::Action::shuffle_order(order.data(), n)) << '\n';
    return;
  }
  out_ << mus::action_to_text(action) << '\n';
}

void RecordWriter::on_end(const mus::State& last, bool finished) {
  (void)last;
  out_ << (finished ? "# the match is over\n" : "# the match stopped here, unfinished\n");
  out_.flush();
}

std::string RecordError::describe() const {
  return line > 0 ? "line " + std::to_string(line) + ": " + reason : reason;
}

bool parse_record(std::istream& in, Record& out, RecordError& err) {
  std::string raw;
  int number = 0;
  int stage = 0;  // 0: tag, 1: rules, 2: dealer, 3: actions
  const auto fail = [&](std::string reason) {
    err.line = number;
    err.reason = std::move(reason);
    return false;
  };
  while (std::getline(in, raw)) {
    ++number;
    const std::string_view text = trim(raw);
    if (stage == 0) {
      if (text == record_tag || text == record_tag_v1) {
        out.version = text == record_tag ? 2 : 1;
        stage = 1;
        continue;
      }
      if (text.substr(0, 11) == "mus-record ") {
        std::string reason = "record format version '";
        reason.append(trim(text.substr(11)));
        reason += "' is not one this mus-cli reads (it reads versions 1 and 2)";
        return fail(reason);
      }
      return fail("not a mus-cli match record: the first line must be '" + std::string(record_tag) +
                  "'");
    }
    if (text.empty() || text.front() == '#') continue;
    if (stage == 1) {
      if (text.substr(0, 6) != "rules " && text != "rules")
        return fail("expected 'rules TEXT' (e.g. 'rules standard') after the first line");
      const auto r = mus::parse_rules(trim(text.substr(5)));
      if (!r) return fail("bad rules: " + r.error().describe());
      out.rules = *r;
      stage = 2;
      continue;
    }
    if (stage == 2) {
      const std::vector<std::string_view> w = words(text);
      if (w.size() != 2 || w[0] != "dealer" || !parse_int_in(w[1], 0, 3, out.dealer))
        return fail("expected 'dealer N' with N the first dealer's seat, 0..3");
      stage = 3;
      continue;
    }
    // The action lines are the library's action text; version 1 is first brought to it.
    const std::string action_text = out.version == 1 ? v1_to_action_text(text) : std::string(text);
    const auto a = mus::action_from_text(action_text);
    if (!a) return fail("bad action '" + action_text + "': " + a.error().describe());
    out.actions.push_back(*a);
    out.lines.push_back(number);
  }
  if (stage < 3) {
    ++number;
    return fail(stage == 0 ? "empty file: not a mus-cli match record"
                           : "the record ends before its 'rules' and 'dealer' lines");
  }
  return true;
}

}  // namespace muscli
