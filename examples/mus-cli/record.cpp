#include "record.hpp"

#include <array>
#include <cstdint>
#include <iostream>

#include "text.hpp"

namespace muscli {

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
  out_ << mus::record_header(initial.rules, initial.dealer, comment_);
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
  (void)finished;
  out_ << mus::record_end_line(last);
  out_.flush();
}

std::string record_problem(std::string_view text, const mus::MatchRecord& record,
                           const mus::RecordError& err) {
  if (err.step >= 0 && static_cast<std::size_t>(err.step) < record.steps.size() &&
      err.error.code != mus::Errc::invalid_state) {
    const mus::RecordStep& s = record.steps[static_cast<std::size_t>(err.step)];
    return "line " + std::to_string(s.line) + ": the reducer refused '" +
           mus::action_to_text(s.action) + "': " + refusal_text(err.error);
  }
  std::string quoted;
  if (err.line > 0) {  // the line itself, when the record has it
    std::size_t begin = 0;
    for (int n = 1; n < err.line && begin != std::string_view::npos; ++n) {
      begin = text.find('\n', begin);
      if (begin != std::string_view::npos) ++begin;
    }
    if (begin != std::string_view::npos && begin < text.size()) {
      std::string_view l = text.substr(begin, text.find('\n', begin) - begin);
      if (!l.empty() && l.back() == '\r') l.remove_suffix(1);
      if (l.size() <= 60) {
        quoted = "'";
        quoted.append(l);
        quoted += "': ";
      }
    }
  }
  return err.line > 0 ? "line " + std::to_string(err.line) + ": " + quoted + err.error.describe()
                      : err.describe();
}

}  // namespace muscli
