#include "record_print.hpp"

#include <sstream>

namespace muscli {

mus::RecordError print_record(const mus::MatchRecord& record, std::ostream& out,
                              const PrintOptions& options, const std::vector<Observer*>& also) {
  const auto start = mus::new_match(record.rules, record.dealer);
  if (!start) return mus::RecordError{start.error(), 0, -1};
  Printer printer(out, options);
  std::vector<Observer*> observers{&printer};
  observers.insert(observers.end(), also.begin(), also.end());
  for (Observer* o : observers) o->on_begin(*start);
  mus::State last = *start;
  const mus::RecordError err =
      mus::replay(record, last,
                  [&](std::size_t, const mus::State& before, const mus::Action& a,
                      const mus::Events& events, const mus::State& after) {
                    for (Observer* o : observers) o->on_step(before, a, events, after);
                  });
  if (!err.ok()) {
    printer.flush();
    return err;
  }
  for (Observer* o : observers) o->on_end(last, last.phase == mus::Phase::match_over);
  return err;
}

std::string watch_text(const mus::MatchRecord& record, bool quiet, mus::RecordError* error) {
  std::ostringstream out;
  const mus::RecordError err = print_record(record, out, PrintOptions{-1, quiet});
  if (error != nullptr) *error = err;
  return out.str();
}

}  // namespace muscli
