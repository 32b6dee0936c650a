// The legal actions of a state, and the bet limits.
#include <bit>
#include <cstdint>

#include "reducer.hpp"

namespace mus {

using detail::bet_max;
using detail::bet_min;
using detail::hand_mask;
using detail::is_perete_hand;

int min_bet(const State& s) noexcept { return s.phase == Phase::betting ? bet_min(s) : 0; }

int max_bet(const State& s) noexcept { return s.phase == Phase::betting ? bet_max(s) : 0; }

ActionList legal_actions(const State& s) noexcept {
  ActionList out;
  if (s.phase == Phase::match_over) return out;
  if (s.phase == Phase::shuffle) {
    out.push(Action::shuffle_seed(0));
    return out;
  }
  const int seat = s.to_act;
  switch (s.phase) {
    case Phase::mus:
      out.push(ActionKind::mus, seat);
      out.push(ActionKind::cut, seat);
      break;
    case Phase::discard:
      out.push(ActionKind::discard, seat, s.rules.zero_discard ? 0 : 1, hand_mask(s, seat));
      break;
    case Phase::perete:
      if (is_perete_hand(s, seat)) out.push(ActionKind::perete, seat);
      out.push(ActionKind::pass, seat);
      break;
    case Phase::betting:
      if (s.bet.open) {
        out.push(ActionKind::accept, seat);
        out.push(ActionKind::reject, seat);
      } else {
        out.push(ActionKind::pass, seat);
      }
      if (const int lo = bet_min(s); lo > 0) out.push(ActionKind::bet, seat, lo);
      if (!(s.bet.open && s.bet.ordago)) out.push(ActionKind::ordago, seat);
      break;
    default: break;
  }
  if (!s.no_signals) {
    const auto i = static_cast<std::size_t>(seat);
    const unsigned open = static_cast<unsigned>(s.truth[i]) & ~static_cast<unsigned>(s.signals[i]);
    if (open != 0) out.push(ActionKind::signal, seat, std::countr_zero(open));
  }
  return out;
}

}  // namespace mus
