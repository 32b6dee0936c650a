// Internal to the library (not installed): the public fields a seat view shares with the state,
// each named once. view_of() copies them from a state into a view, and state_from_view() copies
// them back from a view into a state, so the two directions read one list and cannot drift
// apart. Beside it, each side writes only what is not a plain copy: the view computes the
// seat's own cards, the stock and pile sizes and the proposer; the state derives what
// validate_state() fixes from these fields (view_state.cpp).
#ifndef MUS_SRC_VIEW_FIELDS_HPP
#define MUS_SRC_VIEW_FIELDS_HPP

#include <type_traits>

#include "mus/match.hpp"

namespace mus::detail {

// Calls copy(state_field, view_field) for every field a SeatView holds as the State holds it.
// `S` is State or const State, `V` SeatView or const SeatView; the pairs have the same type.
template <class S, class V, class Copy>
constexpr void for_each_public_field(S& s, V& v, Copy&& copy) {
  static_assert(std::is_same_v<std::remove_const_t<S>, State> &&
                std::is_same_v<std::remove_const_t<V>, SeatView>);
  copy(s.phase, v.phase);
  copy(s.to_act, v.to_act);
  copy(s.dealer, v.dealer);
  copy(s.mano, v.mano);
  copy(s.lance, v.lance);
  copy(s.hand_number, v.hand_number);
  copy(s.hand_in_game, v.hand_in_game);
  copy(s.mus_said, v.mus_said);
  copy(s.discarded, v.discarded);
  copy(s.deck.refill_pos, v.refill_pos);
  copy(s.deck.need, v.need);
  copy(s.scores.points, v.score);
  copy(s.scores.games, v.games);
  copy(s.scores.vacas, v.vacas);
  copy(s.scores.deje_winner, v.deje_winner);
  copy(s.scores.match_winner, v.match_winner);
  copy(s.decl.pares_mask, v.pares_mask);
  copy(s.decl.juego_mask, v.juego_mask);
  copy(s.decl.declared, v.declared);
  copy(s.decl.perete_mask, v.perete_mask);
  copy(s.signals, v.signals);
  copy(s.bet.open, v.bet_open);
  copy(s.bet.ordago, v.is_ordago);
  copy(s.bet.team, v.bet_team);  // -1 unless a bet is open: a closed bet is BetState{}
  copy(s.bet.answer_first, v.answer_first);
  copy(s.bet.stake_before, v.stake_before);
  copy(s.bet.proposed, v.proposed);
  copy(s.bet.proposal, v.proposal);  // R25a: 0 and 0 when no proposal is pending
  copy(s.bet.proposal_amount, v.proposal_amount);
  copy(s.lances, v.lances);
  copy(s.last, v.last);
}

// The two directions of the copy, each checking that the pair has one type.
struct ToView {
  template <class T, class U>
  constexpr void operator()(const T& state_field, U& view_field) const {
    static_assert(std::is_same_v<T, U>, "a public field has one type in State and SeatView");
    view_field = state_field;
  }
};
struct ToState {
  template <class T, class U>
  constexpr void operator()(T& state_field, const U& view_field) const {
    static_assert(std::is_same_v<T, U>, "a public field has one type in State and SeatView");
    state_field = view_field;
  }
};

}  // namespace mus::detail

#endif  // MUS_SRC_VIEW_FIELDS_HPP
