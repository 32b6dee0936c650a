// The entry points of the reducer: a new match, and apply_in_place(), which checks what every
// action shares and hands it to its phase (deal.cpp, betting.cpp, signals.cpp).
#include "reducer.hpp"

namespace mus {

using detail::accepted;
using detail::clear_hand;
using detail::next_seat;
using detail::on_betting;
using detail::on_discard;
using detail::on_mus;
using detail::on_perete;
using detail::on_shuffle;
using detail::on_signal;
using detail::Refusal;
using detail::Verdict;

namespace {

namespace refuse {
constexpr Refusal match_over{Errc::match_over, "R30: the match is over"};
constexpr Refusal unknown_kind{Errc::invalid_argument,
                               "R13-R33: the action kind is none of the game's (1..11)"};
constexpr Refusal shuffle_not_due{
    Errc::wrong_phase,
    "R12: a shuffle is applied only when one is due: a new hand's deal (R11) or a stock "
    "refill (R15)"};
constexpr Refusal seat_range{Errc::invalid_argument, "R7: the acting seat must be 0..3"};
constexpr Refusal chance_to_act{Errc::wrong_phase,
                                "R12: a shuffle is due: chance acts next, not a seat"};
constexpr Refusal not_your_turn{
    Errc::not_your_turn, "R8: another seat is to speak (seats speak in turn from the mano)"};
constexpr Refusal no_phase{Errc::internal, "the phase handles no action (a library bug)"};
}  // namespace refuse

// The reducer proper: accepted, or the refusal naming its rule.
Verdict step(State& s, const Action& a, Events* events) noexcept {
  if (events != nullptr) events->size = 0;
  if (const Verdict v = detail::precondition_refusal(s); v != accepted) return v;
  if (s.phase == Phase::match_over) return &refuse::match_over;
  const int kind = static_cast<int>(a.kind);
  if (kind < 1 || kind >= action_kind_end) return &refuse::unknown_kind;
  if (a.kind == ActionKind::shuffle) {
    if (s.phase != Phase::shuffle) return &refuse::shuffle_not_due;
    return on_shuffle(s, a, events);
  }
  if (a.seat < 0 || a.seat >= seats) return &refuse::seat_range;
  if (s.phase == Phase::shuffle) return &refuse::chance_to_act;
  if (a.kind == ActionKind::signal) return on_signal(s, a, events);
  if (a.seat != s.to_act) return &refuse::not_your_turn;
  switch (s.phase) {
    case Phase::mus: return on_mus(s, a, events);
    case Phase::discard: return on_discard(s, a, events);
    case Phase::perete: return on_perete(s, a, events);
    case Phase::betting: return on_betting(s, a, events);
    default: return &refuse::no_phase;
  }
}

}  // namespace

Result<State> new_match(const Rules& rules, int first_dealer) noexcept {
  if (const Error e = validate(rules); !e.ok()) return e;
  if (first_dealer < 0 || first_dealer >= seats)
    return Error{Errc::invalid_argument, "first dealer must be a seat 0..3", -1};
  State s;
  s.magic = state_magic;
  s.rules = rules;
  s.dealer = static_cast<std::uint8_t>(first_dealer);
  s.mano = static_cast<std::uint8_t>(next_seat(first_dealer));
  clear_hand(s);
  s.phase = Phase::shuffle;
  s.to_act = -1;
  return s;
}

Errc apply_in_place(State& s, const Action& a, Events* events, std::string_view* why) noexcept {
  const Verdict v = step(s, a, events);
  if (v == accepted) return Errc::ok;
  if (why != nullptr) *why = v->why;
  return v->code;
}

}  // namespace mus
