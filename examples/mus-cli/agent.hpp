// Whoever sits at a seat: a bot or a person. An agent sees only what its seat may know (the
// Situation, built from view_of(): its own cards and the public state) and chooses actions.
#ifndef MUS_CLI_AGENT_HPP
#define MUS_CLI_AGENT_HPP

#include <cstdint>

#include "mus/mus.hpp"

namespace muscli {

/// What a seat knows when it chooses: the library's bot view (its own cards, the public
/// state, its legal actions, and a state whose hidden cards were replaced), built by
/// mus::bot_view(). People and bots get the same.
using Situation = mus::BotView;

/// The situation of `seat` in a state (public information plus the seat's own cards).
inline Situation situation_for(const mus::State& s, int seat) { return mus::bot_view(s, seat); }

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
