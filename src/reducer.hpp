// Internal to the library (not installed): what every part of the reducer shares. The
// invariant predicates here state each rule once; the phase handlers (deal.cpp, betting.cpp,
// count.cpp, signals.cpp), the queries and validate_state() all call them, so the reducer and
// the validator cannot disagree on a rule.
#ifndef MUS_SRC_REDUCER_HPP
#define MUS_SRC_REDUCER_HPP

#include <array>
#include <cstddef>
#include <cstdint>

#include "mus/match.hpp"

namespace mus::detail {

// --- seats and speaking order (R8) ----------------------------------------------------------

inline int next_seat(int seat) { return (seat + 1) % seats; }
inline int partner(int seat) { return (seat + 2) % seats; }
// The seat that speaks k-th (0 = mano) in this hand.
inline int speaking_seat(const State& s, int k) { return (s.mano + k) % seats; }
// The speaking index (0 = mano) of a seat in this hand.
inline int speaking_index(const State& s, int seat) { return (seat - s.mano + seats) % seats; }

// The bit mask of the seats of `team` (0: seats 0 and 2; 1: seats 1 and 3).
inline std::uint8_t team_seats(int team) { return team == 0 ? 0x5 : 0xA; }
// Whether a mask of seats holds a seat of `team`.
inline bool team_in(std::uint8_t mask, int team) { return (mask & team_seats(team)) != 0; }

// --- events ---------------------------------------------------------------------------------

inline void emit(Events* ev, EventKind kind, int seat = -1, int team = -1, int lance = -1,
                 int amount = 0, int value = 0) {
  if (ev == nullptr) return;
  Event e;
  e.kind = kind;
  e.seat = static_cast<std::int8_t>(seat);
  e.team = static_cast<std::int8_t>(team);
  e.lance = static_cast<std::int8_t>(lance);
  e.amount = amount;
  e.value = value;
  ev->push(e);
}

// --- hands ----------------------------------------------------------------------------------

inline Hand hand_at(const State& s, int seat) {
  std::array<Card, 4> cards{};
  for (int i = 0; i < hand_size; ++i) {
    const std::uint8_t id = s.deck.hands[static_cast<std::size_t>(seat * 4 + i)];
    cards[static_cast<std::size_t>(i)] = Card::from_id_unchecked(id < deck_size ? id : 0);
  }
  // Built unchecked: the reducer keeps hands distinct, and a hand with an empty slot is
  // never evaluated.
  return Hand::from_cards_unchecked(cards);
}

// The number of empty slots (cards owed) in a seat's hand.
inline int empty_slots(const State& s, int seat) {
  int n = 0;
  for (int i = 0; i < hand_size; ++i)
    if (s.deck.hands[static_cast<std::size_t>(seat * 4 + i)] == no_card) ++n;
  return n;
}

inline bool hand_complete(const State& s, int seat) {
  for (int i = 0; i < hand_size; ++i)
    if (s.deck.hands[static_cast<std::size_t>(seat * 4 + i)] == no_card) return false;
  return true;
}

inline TableEval table_eval(const State& s) {
  TableEval t{};
  for (int seat = 0; seat < seats; ++seat)
    t[static_cast<std::size_t>(seat)] = evaluate(hand_at(s, seat), s.rules);
  return t;
}

inline std::uint64_t hand_mask(const State& s, int seat) {
  std::uint64_t m = 0;
  for (int i = 0; i < hand_size; ++i) {
    const std::uint8_t id = s.deck.hands[static_cast<std::size_t>(seat * 4 + i)];
    if (id != no_card) m |= std::uint64_t{1} << id;
  }
  return m;
}

// Tío Perete (R32): a complete hand of one each of 4, 5, 6 and 7.
inline bool is_perete_hand(const State& s, int seat) {
  int seen = 0;
  for (int i = 0; i < hand_size; ++i) {
    const std::uint8_t id = s.deck.hands[static_cast<std::size_t>(seat * 4 + i)];
    if (id == no_card) return false;
    const int r = id % 10;
    if (r < static_cast<int>(Rank::four) || r > static_cast<int>(Rank::seven)) return false;
    seen |= 1 << r;
  }
  return seen == 0b1111000;  // one each of 4, 5, 6, 7
}

// --- signals (R33) --------------------------------------------------------------------------

// The truth cache of a seat (State::truth): the true signals of its hand when complete, else 0.
inline std::uint16_t truth_of(const State& s, int seat) {
  return hand_complete(s, seat) ? true_signals(hand_at(s, seat), s.rules) : std::uint16_t{0};
}

// Caches the true signals of a seat's hand (R33); called whenever the hand changes.
inline void refresh_truth(State& s, int seat) {
  s.truth[static_cast<std::size_t>(seat)] = truth_of(s, seat);
}

// Whether the phase allows signals at all (R33): the playing phases of a hand.
inline bool signal_phase(const State& s) {
  return s.phase == Phase::mus || s.phase == Phase::discard || s.phase == Phase::betting ||
         s.phase == Phase::perete;
}

// The signals the rules' set allows in the current phase (R33a): signal_set_mask(), with
// need_mus only in the mus phase.
inline unsigned set_signals_now(const State& s) {
  constexpr unsigned need_mus = 1U << static_cast<unsigned>(Signal::need_mus);
  const unsigned set = signal_set_mask(s.rules.signals);
  return s.phase == Phase::mus ? set : set & ~need_mus;
}

// Why seat `seat` (0..3) may not make signal number `signal` now, or Errc::ok (R31, R33, R33a).
// apply() and State::signal_allowed() use it; open_signals() below gives the same rule as a
// mask for the legal list, and the property test checks the two agree at every step.
inline Errc signal_refusal(const State& s, int seat, int signal) {
  if (!signal_phase(s)) return Errc::wrong_phase;
  if (s.no_signals) return Errc::illegal_action;  // mus corrido hand (R31)
  if (signal < 0 || signal >= signal_count) return Errc::invalid_argument;
  const unsigned bit = 1U << static_cast<unsigned>(signal);
  if ((signal_set_mask(s.rules.signals) & bit) == 0) return Errc::signal_not_in_set;
  if ((set_signals_now(s) & bit) == 0) return Errc::wrong_phase;  // need_mus after the mus phase
  if ((s.signals[static_cast<std::size_t>(seat)] & bit) != 0) return Errc::illegal_action;
  if (!hand_complete(s, seat)) return Errc::illegal_action;
  if ((s.truth[static_cast<std::size_t>(seat)] & bit) == 0) return Errc::false_signal;
  return Errc::ok;
}

// The signals seat `seat` may make now, as a mask (bit k = signal k): exactly the k for which
// signal_refusal() is Errc::ok. The truth cache is 0 while a hand is incomplete.
inline unsigned open_signals(const State& s, int seat) {
  if (s.no_signals || !signal_phase(s)) return 0;
  const auto i = static_cast<std::size_t>(seat);
  return static_cast<unsigned>(s.truth[i]) & ~static_cast<unsigned>(s.signals[i]) &
         set_signals_now(s);
}

// --- mus corrido (R31) ----------------------------------------------------------------------

// Whether the hand just dealt is a mus corrido hand: the match's first hand, or each game's
// first hand, as the rules say.
inline bool is_corrido_hand(const Rules& r, std::uint32_t hand_number, int hand_in_game) {
  return (r.mus_corrido == MusCorrido::match && hand_number == 1) ||
         (r.mus_corrido == MusCorrido::game && hand_in_game == 1);
}

// --- declarations and eligibility (R20, R22, R23) -------------------------------------------

// The seats holding pares (l == Lance::pares) or juego (otherwise), as a bit mask.
inline std::uint8_t holders(const TableEval& t, Lance l) {
  std::uint8_t mask = 0;
  for (int seat = 0; seat < seats; ++seat) {
    const bool has = l == Lance::pares ? has_pares(t[static_cast<std::size_t>(seat)])
                                       : has_juego(t[static_cast<std::size_t>(seat)]);
    if (has) mask = static_cast<std::uint8_t>(mask | (1U << seat));
  }
  return mask;
}

// The fourth lance: punto is played instead of juego exactly when nobody has juego (R20).
inline Lance fourth_lance(std::uint8_t juego_mask) {
  return juego_mask == 0 ? Lance::punto : Lance::juego;
}

// Seats that take part in lance `l` (R23), as a bit mask.
inline std::uint8_t eligible_mask(Lance l, const Declarations& d) {
  switch (l) {
    case Lance::pares: return d.pares_mask;
    case Lance::juego: return d.juego_mask;
    default: return 0x0F;
  }
}

// Seats that take part in the current lance (R23), as a bit mask.
inline std::uint8_t eligible_mask(const State& s) { return eligible_mask(s.lance, s.decl); }

inline bool eligible(const State& s, int seat) { return (eligible_mask(s) >> seat) & 1U; }

// --- betting (R24-R27) ----------------------------------------------------------------------

// The first answerer of a bet made by `bettor`: the first eligible seat of the other team
// after it, or -1.
inline int first_answerer(const State& s, int bettor) {
  for (int k = 1; k < seats; ++k) {
    const int seat = (bettor + k) % seats;
    if (team_of(seat) != team_of(bettor) && eligible(s, seat)) return seat;
  }
  return -1;
}

// The second answerer of a bet whose first answerer is `first`: its partner if eligible,
// else -1.
inline int second_answerer(const State& s, int first) {
  const int p = partner(first);
  return eligible(s, p) ? p : -1;
}

// The smallest opening bet (R24): an envido is of 2 or more.
inline constexpr int min_opening_bet = 2;
// What a refusal pays when no bet stood before the refused bet or órdago (R26).
inline constexpr int first_deje = 1;

// What a refusal would pay for a bet or órdago made now (R26): the total proposed that stands,
// or first_deje when none does.
inline int deje_if_refused(const State& s) { return s.bet.open ? s.bet.proposed : first_deje; }

// The bet limits (R24, R25): opening bets from 2, raises from the rules' minimum, and any
// larger amount up to a total proposed of max_stake (a representation limit, far above any
// game target; the órdago is the way to bet the whole game).
// R25a: the kinds of a pending proposal (BetState::proposal).
inline constexpr std::uint8_t proposal_none = 0;
inline constexpr auto proposal_raise = static_cast<std::uint8_t>(ActionKind::bet);
inline constexpr auto proposal_accept = static_cast<std::uint8_t>(ActionKind::accept);
inline constexpr auto proposal_reject = static_cast<std::uint8_t>(ActionKind::reject);

// R25a: the first answerer of the open bet only proposes (answers=proposal and an eligible
// partner to decide).
inline bool proposal_step(const State& s) {
  return s.rules.answers == Answers::proposal && s.bet.open && s.bet.answer_stage == 0 &&
         s.bet.answer_second >= 0;
}

inline int bet_min(const State& s) {
  if (s.bet.open && s.bet.ordago) return 0;
  // R25a: after a proposed raise of X the partner agrees (X) or raises by more.
  const int lo = s.bet.proposal == proposal_raise ? s.bet.proposal_amount
                 : s.bet.open                     ? s.rules.min_raise
                                                  : min_opening_bet;
  const int room = max_stake - (s.bet.open ? s.bet.proposed : 0);
  return room >= lo ? lo : 0;
}

inline int bet_max(const State& s) {
  if (bet_min(s) == 0) return 0;
  return max_stake - (s.bet.open ? s.bet.proposed : 0);
}

// --- the showdown (R28a) ---------------------------------------------------------------------

// Whether a hand that ended so shows its four hands (R28a): a hand that reaches the count or an
// accepted órdago does; a hand cut short by a deje reaching the target (R29's default,
// deje_ends) does not. With deje_ends off a deje ends the hand only at its end, when the count
// would begin, so its cards are shown.
inline bool shows_cards(const Rules& r, HandEnd end) {
  return end == HandEnd::count || end == HandEnd::ordago || (end == HandEnd::deje && !r.deje_ends);
}

// --- the parts of the reducer ---------------------------------------------------------------

// deal.cpp: shuffle, deal, mus, discards, replacements and refills, tío Perete.
void gather_cards(State& s);
Errc on_shuffle(State& s, const Action& a, Events* ev);
Errc on_mus(State& s, const Action& a, Events* ev);
Errc on_discard(State& s, const Action& a, Events* ev);
Errc on_perete(State& s, const Action& a, Events* ev);

// betting.cpp: the lances and their betting.
void start_lance(State& s, int index, Events* ev);
Errc on_betting(State& s, const Action& a, Events* ev);

// signals.cpp: signals to the partner.
Errc on_signal(State& s, const Action& a, Events* ev);

// count.cpp: the count and the end of a hand, game, vaca and match.
void finish_hand(State& s, HandEnd end, int game_winner, Events* ev);
bool check_immediate_points(State& s, int team, Events* ev);
void count_hand(State& s, Events* ev);

}  // namespace mus::detail

#endif  // MUS_SRC_REDUCER_HPP
