// Signals to the partner (R33), not allowed in a mus corrido hand (R31). The rule itself is
// signal_refusal() in reducer.hpp, shared by apply() and State::signal_allowed().
#include <cstdint>

#include "reducer.hpp"

namespace mus {
namespace detail {

Verdict on_signal(State& s, const Action& a, Events* ev) {
  if (const Verdict v = signal_refusal(s, a.seat, a.amount); v != accepted) return v;
  play_signal(s, a.seat, a.amount, ev);
  return accepted;
}

void play_signal(State& s, int seat, int signal, Events* ev) {
  s.signals[static_cast<std::size_t>(seat)] =
      static_cast<std::uint16_t>(s.signals[static_cast<std::size_t>(seat)] | (1U << signal));
  emit(ev, EventKind::signal, seat, team_of(seat), -1, 0, signal);
}

}  // namespace detail

bool State::signal_allowed(int seat, Signal sig) const noexcept {
  if (seat < 0 || seat >= seats) return false;
  return detail::signal_refusal(*this, seat, static_cast<int>(sig)) == detail::accepted;
}

}  // namespace mus
