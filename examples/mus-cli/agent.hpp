// Whoever sits at a seat: a bot or a person. An agent sees only what its seat may know (the
// Situation, built from view_of(): its own cards and the public state) and chooses actions.
#ifndef MUS_CLI_AGENT_HPP
#define MUS_CLI_AGENT_HPP

#include <cstdint>

#include "mus/mus.hpp"

namespace muscli {

/// What a seat knows when it chooses: its view, the rules and its legal actions.
struct Situation {
  int seat = 0;                    ///< The seat choosing.
  mus::SeatView view{};            ///< Own cards and the public state.
  mus::Rules rules{};              ///< The rules of the match.
  mus::ActionList legal;           ///< Legal actions when this seat is to act (else empty).
  int min_bet = 0;                 ///< Smallest bet or raise now (0: none).
  int max_bet = 0;                 ///< Largest bet or raise now.
  bool complete = false;           ///< The hand holds four cards (not waiting for replacements).
  mus::Hand hand{};                ///< The seat's cards (meaningful when complete).
  mus::HandEval eval{};            ///< Their evaluation (meaningful when complete).
  std::uint16_t open_signals = 0;  ///< Truthful signals not yet made, if signals are allowed.
};

/// The situation of `seat` in a state (public information plus the seat's own cards).
Situation situation_for(const mus::State& s, int seat);

/// What an agent decided.
struct Choice {
  enum class Kind : std::uint8_t { act, none, quit };
  Kind kind = Kind::none;  ///< act: play `action`; none: nothing (signal round); quit: leave.
  mus::Action action{};    ///< The action, when kind is act.

  static Choice play(const mus::Action& a) { return Choice{Kind::act, a}; }
  static Choice nothing() { return Choice{}; }
  static Choice quit() { return Choice{Kind::quit, {}}; }
};

/// A player at the table.
class Agent {
 public:
  virtual ~Agent() = default;
  /// The action of the seat to act (a signal is allowed too: the seat is then asked again).
  virtual Choice act(const Situation& sit) = 0;
  /// After the cut, before grande: the moment for signals. Return a signal action or nothing.
  virtual Choice signal_round(const Situation& sit) {
    (void)sit;
    return Choice::nothing();
  }
};

}  // namespace muscli

#endif  // MUS_CLI_AGENT_HPP
