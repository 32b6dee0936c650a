// Signals to the partner (R33), not allowed in a mus corrido hand (R31). The rule itself is
// signal_refusal() in reducer.hpp, shared by apply() and State::signal_allowed().
#include <cstdint>

#include "reducer.hpp"

namespace mus {
namespace detail {

Verdict on_signal(State& s, const Action& a, Events* ev) {
  const int seat = a.seat;
  if (const Verdict v = signal_refusal(s, seat, a.amount); v != accepted) return v;
  s.signals[static_cast<std::size_t>(seat)] =
      static_cast<std::uint16_t>(s.signals[static_cast<std::size_t>(seat)] | (1U << a.amount));
  emit(ev, EventKind::signal, seat, team_of(seat), -1, 0, a.amount);
  return accepted;
}

}  // namespace detail

bool State::signal_allowed(int seat, Signal sig) const noexcept {
  if (seat < 0 || seat >= seats) return false;
  return detail::signal_refusal(*this, seat, static_cast<int>(sig)) == detail::accepted;
}

}  // namespace mus
