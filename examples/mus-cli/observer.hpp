// Something that follows a match step by step: the printer, the record writer, the statistics
// of `sim`. The table calls it after every action the reducer accepted.
#ifndef MUS_CLI_OBSERVER_HPP
#define MUS_CLI_OBSERVER_HPP

#include "mus/mus.hpp"

namespace muscli {

class Observer {
 public:
  virtual ~Observer() = default;
  /// The match is about to start from `initial`.
  virtual void on_begin(const mus::State& initial) { (void)initial; }
  /// `action` took `before` to `after` and the reducer reported `events`.
  virtual void on_step(const mus::State& before, const mus::Action& action,
                       const mus::Events& events, const mus::State& after) = 0;
  /// The match ended, or stopped early (`finished` false: a quit, or a record that stops).
  virtual void on_end(const mus::State& last, bool finished) {
    (void)last;
    (void)finished;
  }
};

}  // namespace muscli

#endif  // MUS_CLI_OBSERVER_HPP
