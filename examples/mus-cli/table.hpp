// The table: runs a match through the reducer. Chance steps (every shuffle, R12) get seeds
// derived from the match seed; every other step is asked of the agent at the seat to act.
// After each accepted action the observers (printer, record writer, statistics) are told.
#ifndef MUS_CLI_TABLE_HPP
#define MUS_CLI_TABLE_HPP

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "agent.hpp"
#include "mus/mus.hpp"
#include "observer.hpp"

namespace muscli {

/// How a run ended.
enum class Outcome : std::uint8_t {
  finished,  ///< The match has a winner.
  quit,      ///< An agent left the table.
  error,     ///< An agent chose an action the reducer refused (a bug in that agent).
};

class Table {
 public:
  /// A table for a match in `initial`, shuffles seeded from `seed`, one agent per seat.
  Table(const mus::State& initial, std::uint64_t seed, const std::array<Agent*, 4>& agents)
      : state_(initial), seed_(seed), agents_(agents) {}

  /// Seats an agent (not owned) at `seat`, replacing the one there.
  void seat(int seat, Agent* agent) { agents_[static_cast<std::size_t>(seat)] = agent; }

  /// Adds an observer (not owned; it must outlive the run).
  void observe(Observer* o) { observers_.push_back(o); }

  /// Plays until the match ends (or, with `one_hand`, until the first hand played is over) or
  /// an agent quits. On error, `error()` says why.
  Outcome run(bool one_hand = false);

  /// The current state.
  const mus::State& state() const { return state_; }
  /// Why the last run() failed.
  const std::string& error() const { return error_; }

 private:
  bool apply(const mus::Action& a, mus::Events& events);
  Outcome signal_round();
  Outcome finish(Outcome o);

  mus::State state_;
  std::uint64_t seed_;
  std::uint64_t shuffles_ = 0;
  std::array<Agent*, 4> agents_;
  std::vector<Observer*> observers_;
  std::string error_;
};

}  // namespace muscli

#endif  // MUS_CLI_TABLE_HPP
