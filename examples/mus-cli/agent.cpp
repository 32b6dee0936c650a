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
    // The signals the seat may still make (R31, R33): the library's own rule.
    for (int k = 0; k < mus::signal_count; ++k)
      if (s.signal_allowed(seat, static_cast<mus::Signal>(k)))
        sit.open_signals = static_cast<std::uint16_t>(sit.open_signals | (1U << k));
  }
  return sit;
}

}  // namespace muscli
