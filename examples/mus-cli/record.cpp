#include "record.hpp"

#include <array>
#include <cstdint>

#include "text.hpp"

namespace muscli {

namespace {

using mus::Action;
using mus::ActionKind;

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

std::string_view trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r'))
    s.remove_suffix(1);
  return s;
}

// Parses card words into ids (each once); false with a reason on a bad or repeated card.
bool parse_cards(const std::vector<std::string_view>& w, std::size_t first, std::uint8_t* ids,
                 int& n, std::string& reason) {
  std::uint64_t seen = 0;
  n = 0;
  for (std::size_t i = first; i < w.size(); ++i) {
    const auto c = mus::parse_card(w[i]);
    if (!c) {
      reason = "bad card '" + std::string(w[i]) + "': " + std::string(c.error().message);
      return false;
    }
    const std::uint64_t bit = std::uint64_t{1} << c->id();
    if ((seen & bit) != 0) {
      reason = "card " + std::string(w[i]) + " appears twice";
      return false;
    }
    seen |= bit;
    if (n >= mus::deck_size) {
      reason = "more than 40 cards";
      return false;
    }
    ids[n++] = static_cast<std::uint8_t>(c->id());
  }
  return true;
}

constexpr std::string_view action_words =
    "mus, cut, discard, pass, bet, ordago, accept, reject, signal or perete";

}  // namespace

std::string action_line(const Action& a) {
  if (a.kind == ActionKind::shuffle) {
    if (a.amount == 0) return "shuffle seed " + std::to_string(a.seed);
    std::string out = "shuffle order";
    for (int i = 0; i < a.amount && i < mus::deck_size; ++i) {
      out += ' ';
      out += card_id_text(a.order[static_cast<std::size_t>(i)]);
    }
    return out;
  }
  std::string out = std::to_string(a.seat) + " " + std::string(mus::action_kind_name(a.kind));
  std::string arg;
  switch (a.kind) {
    case ActionKind::bet: arg = std::to_string(a.amount); break;
    case ActionKind::discard: arg = cards_text(a.cards); break;
    case ActionKind::signal: arg = mus::signal_name(static_cast<mus::Signal>(a.amount)); break;
    default: break;
  }
  if (!arg.empty()) {
    out += ' ';
    out += arg;
  }
  return out;
}

bool parse_action_line(std::string_view line, Action& out, std::string& reason) {
  const std::vector<std::string_view> w = words(line);
  if (w.empty()) {
    reason = "empty action";
    return false;
  }
  if (w[0] == "shuffle") {
    if (w.size() == 3 && w[1] == "seed") {
      std::uint64_t seed = 0;
      if (!parse_uint(w[2], seed)) {
        reason = "bad seed '" + std::string(w[2]) + "' (expected a number 0..18446744073709551615)";
        return false;
      }
      out = Action::shuffle_seed(seed);
      return true;
    }
    if (w.size() >= 2 && w[1] == "order") {
      std::array<std::uint8_t, mus::deck_size> ids{};
      int n = 0;
      if (!parse_cards(w, 2, ids.data(), n, reason)) return false;
      if (n == 0) {
        reason = "'shuffle order' needs the cards, in order";
        return false;
      }
      out = Action::shuffle_order(ids.data(), n);
      return true;
    }
    reason = "expected 'shuffle seed N' or 'shuffle order CARDS...'";
    return false;
  }
  int seat = 0;
  if (!parse_int_in(w[0], 0, 3, seat)) {
    reason = "expected a seat 0..3 or 'shuffle' at the start, found '" + std::string(w[0]) + "'";
    return false;
  }
  if (w.size() < 2) {
    reason = "missing action after the seat (expected " + std::string(action_words) + ")";
    return false;
  }
  const std::string_view verb = w[1];
  const auto no_args = [&](Action a) {
    if (w.size() != 2) {
      reason.assign(1, '\'').append(verb).append("' takes nothing after it");
      return false;
    }
    out = a;
    return true;
  };
  if (verb == "mus") return no_args(Action::mus(seat));
  if (verb == "cut") return no_args(Action::cut(seat));
  if (verb == "pass") return no_args(Action::pass(seat));
  if (verb == "ordago") return no_args(Action::ordago(seat));
  if (verb == "accept") return no_args(Action::accept(seat));
  if (verb == "reject") return no_args(Action::reject(seat));
  if (verb == "perete") return no_args(Action::perete(seat));
  if (verb == "bet") {
    int amount = 0;
    if (w.size() != 3 || !parse_int_in(w[2], 1, 9999, amount)) {
      reason = "expected 'bet N' with N a number of points";
      return false;
    }
    out = Action::bet(seat, amount);
    return true;
  }
  if (verb == "discard") {
    std::array<std::uint8_t, mus::deck_size> ids{};
    int n = 0;
    if (!parse_cards(w, 2, ids.data(), n, reason)) return false;
    if (n > mus::hand_size) {
      reason = "a discard has at most four cards";
      return false;
    }
    std::uint64_t mask = 0;
    for (int i = 0; i < n; ++i) mask |= std::uint64_t{1} << ids[static_cast<std::size_t>(i)];
    out = Action::discard(seat, mask);
    return true;
  }
  if (verb == "signal") {
    const int s = w.size() == 3 ? parse_signal(w[2]) : -1;
    if (s < 0) {
      reason = "expected 'signal NAME' with NAME one of " + signals_text(0x3FFF);
      return false;
    }
    out = Action::signal(seat, static_cast<mus::Signal>(s));
    return true;
  }
  reason =
      "unknown action '" + std::string(verb) + "' (expected " + std::string(action_words) + ")";
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
  if (explicit_orders_ && action.kind == ActionKind::shuffle && action.amount == 0) {
    // The cards being shuffled: the whole deck for a deal, the discard pile for a refill (R15).
    const std::uint64_t cards = mus::cards_to_shuffle(before);
    std::array<std::uint8_t, mus::deck_size> order{};
    int n = 0;
    for (int id = 0; id < mus::deck_size; ++id)
      if (((cards >> id) & 1U) != 0)
        order[static_cast<std::size_t>(n++)] = static_cast<std::uint8_t>(id);
    mus::seeded_order(order.data(), n, action.seed);
    out_ << action_line(Action::shuffle_order(order.data(), n)) << '\n';
    return;
  }
  out_ << action_line(action) << '\n';
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
      if (text == record_tag) {
        stage = 1;
        continue;
      }
      if (text.substr(0, 11) == "mus-record ")
        return fail("record format '" + std::string(text) + "' is not one this mus-cli reads ('" +
                    std::string(record_tag) + "')");
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
    Action a;
    std::string reason;
    if (!parse_action_line(text, a, reason)) return fail(reason);
    out.actions.push_back(a);
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
