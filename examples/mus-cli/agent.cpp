#include "agent.hpp"

namespace muscli {

Situation situation_for(const mus::State& s, int seat) {
  Situation sit;
  sit.seat = seat;
  sit.view = mus::view_of(s, seat);
  sit.rules = s.rules;
  if (s.to_act == seat) {
    sit.legal = mus::legal_actions(s);
    sit.min_bet = mus::min_bet(s);
    sit.max_bet = mus::max_bet(s);
  }
  sit.complete = true;
  for (const std::uint8_t id : sit.view.hand) sit.complete = sit.complete && id < mus::deck_size;
  if (sit.complete) {
    sit.hand = mus::hand_of(s, seat);
    sit.eval = mus::evaluate(sit.hand, s.rules);
    const bool phase_ok = s.phase == mus::Phase::mus || s.phase == mus::Phase::discard ||
                          s.phase == mus::Phase::betting || s.phase == mus::Phase::perete;
    // Signals are public and allowed while a hand is played, except in a mus corrido hand (R31).
    if (phase_ok && s.no_signals == 0)
      sit.open_signals = static_cast<std::uint16_t>(
          mus::true_signals(sit.hand, s.rules) & ~sit.view.signals[static_cast<std::size_t>(seat)]);
  }
  return sit;
}

}  // namespace muscli
