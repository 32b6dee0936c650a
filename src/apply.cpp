// The entry points of the reducer: a new match, and apply_in_place(), which checks what every
// action shares and hands it to its phase (deal.cpp, betting.cpp, signals.cpp).
#include "reducer.hpp"

namespace mus {

using detail::gather_cards;
using detail::next_seat;
using detail::on_betting;
using detail::on_discard;
using detail::on_mus;
using detail::on_perete;
using detail::on_shuffle;
using detail::on_signal;

Result<State> new_match(const Rules& rules, int first_dealer) noexcept {
  if (const Error e = validate(rules); !e.ok()) return e;
  if (first_dealer < 0 || first_dealer >= seats)
    return Error{Errc::invalid_argument, "first dealer must be a seat 0..3", -1};
  State s;
  s.magic = state_magic;
  s.rules = rules;
  s.dealer = static_cast<std::uint8_t>(first_dealer);
  s.mano = static_cast<std::uint8_t>(next_seat(first_dealer));
  gather_cards(s);
  s.phase = Phase::shuffle;
  s.to_act = -1;
  return s;
}

Errc apply_in_place(State& s, const Action& a, Events* events) noexcept {
  if (events != nullptr) events->size = 0;
  if (s.phase == Phase::match_over) return Errc::match_over;
  const int kind = static_cast<int>(a.kind);
  if (kind < 1 || kind >= action_kind_end) return Errc::invalid_argument;
  if (a.kind == ActionKind::shuffle) {
    if (s.phase != Phase::shuffle) return Errc::wrong_phase;
    return on_shuffle(s, a, events);
  }
  if (a.seat < 0 || a.seat >= seats) return Errc::invalid_argument;
  if (s.phase == Phase::shuffle) return Errc::wrong_phase;
  if (a.kind == ActionKind::signal) return on_signal(s, a, events);
  if (a.seat != s.to_act) return Errc::not_your_turn;
  switch (s.phase) {
    case Phase::mus: return on_mus(s, a, events);
    case Phase::discard: return on_discard(s, a, events);
    case Phase::perete: return on_perete(s, a, events);
    case Phase::betting: return on_betting(s, a, events);
    default: return Errc::internal;
  }
}

}  // namespace mus
