// Internal to the library (not installed): what every part of the reducer shares. The
// invariant predicates here state each rule once; the phase handlers (deal.cpp, betting.cpp,
// count.cpp, signals.cpp), the queries and validate_state() all call them, so the reducer and
// the validator cannot disagree on a rule.
#ifndef MUS_SRC_REDUCER_HPP
#define MUS_SRC_REDUCER_HPP

#include <array>
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "mus/match.hpp"

namespace mus::detail {

// --- refusals -------------------------------------------------------------------------------

// Why an action is refused: the code apply_in_place() returns and a static sentence that names
// the rule (docs/rules.md ids), e.g. "R25a: the partner of a proposed accept may not reject it".
struct Refusal {
  Errc code;
  std::string_view why;
};

// What a phase handler answers: `accepted` (null) when it applied the action, else one of the
// named refusals (static objects below and beside their rules), so that the hot path passes
// one pointer and pays for the sentence only when someone reads it.
using Verdict = const Refusal*;
inline constexpr Verdict accepted = nullptr;

// --- seats and speaking order (R8) ----------------------------------------------------------

inline int next_seat(int seat) { return (seat + 1) % seats; }
inline int partner(int seat) { return (seat + 2) % seats; }
// The seat that speaks k-th (0 = mano) in this hand.
inline int speaking_seat(const State& s, int k) { return (s.mano + k) % seats; }
// The speaking index (0 = mano) of a seat in this hand.
inline int speaking_index(const State& s, int seat) { return (seat - s.mano + seats) % seats; }
// The dealer of a hand whose mano is `mano`: the seat before it (R8, R31).
inline constexpr int dealer_of(int mano) { return (mano + seats - 1) % seats; }

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

// Tío Perete (R32): a hand of one each of 4, 5, 6 and 7.
inline bool is_perete(const Hand& h) {
  int seen = 0;
  for (const Card c : h.cards()) {
    const int r = static_cast<int>(c.rank());
    if (r < static_cast<int>(Rank::four) || r > static_cast<int>(Rank::seven)) return false;
    seen |= 1 << r;
  }
  return seen == 0b1111000;  // one each of 4, 5, 6, 7
}

// Tío Perete (R32) at a seat: its hand is complete and is_perete().
inline bool is_perete_hand(const State& s, int seat) {
  return hand_complete(s, seat) && is_perete(hand_at(s, seat));
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

namespace refuse {
inline constexpr Refusal no_signal_phase{
    Errc::wrong_phase,
    "R33: signals are made only while a hand is played (mus, discard, tio Perete, lances)"};
inline constexpr Refusal corrido_signal{Errc::illegal_action,
                                        "R31: no signals may be made in a mus corrido hand"};
static_assert(signal_count == 15, "the message below names the signal numbers");
inline constexpr Refusal no_such_signal{Errc::invalid_argument,
                                        "R33: no such signal (signal numbers are 0..14)"};
inline constexpr Refusal not_in_full_set{
    Errc::signal_not_in_set,
    "R33a: the signal is not in the rules' signal set (signals=full: every signal but need_mus)"};
inline constexpr Refusal not_in_online_set{
    Errc::signal_not_in_set,
    "R33a: the signal is not in the rules' signal set (signals=online: need_mus, two_kings, "
    "three_kings, two_aces, three_aces, duples, medias, juego_31 and solomillo)"};
inline constexpr Refusal signals_off{
    Errc::signal_not_in_set, "R33a: the rules' signal set allows no signal (signals=off)"};
inline constexpr Refusal need_mus_late{Errc::wrong_phase,
                                       "R33a: need_mus is a signal of the mus phase only"};
inline constexpr Refusal signal_again{Errc::illegal_action,
                                      "R33: a seat makes each signal at most once a hand"};
inline constexpr Refusal signal_incomplete{
    Errc::illegal_action, "R33: a seat signals only while it holds its four cards"};
inline constexpr Refusal false_signal{Errc::false_signal,
                                      "R33: a signal must be true of the seat's hand"};
}  // namespace refuse

// Why seat `seat` (0..3) may not make signal number `signal` now, or accepted (R31, R33, R33a).
// apply() and State::signal_allowed() use it; open_signals() below gives the same rule as a
// mask for the legal list, and the property test checks the two agree at every step.
inline Verdict signal_refusal(const State& s, int seat, int signal) {
  if (!signal_phase(s)) return &refuse::no_signal_phase;
  if (s.no_signals) return &refuse::corrido_signal;  // mus corrido hand (R31)
  if (signal < 0 || signal >= signal_count) return &refuse::no_such_signal;
  const unsigned bit = 1U << static_cast<unsigned>(signal);
  if ((signal_set_mask(s.rules.signals) & bit) == 0) {
    switch (s.rules.signals) {
      case SignalSet::online: return &refuse::not_in_online_set;
      case SignalSet::off: return &refuse::signals_off;
      default: return &refuse::not_in_full_set;
    }
  }
  if ((set_signals_now(s) & bit) == 0) return &refuse::need_mus_late;
  if ((s.signals[static_cast<std::size_t>(seat)] & bit) != 0) return &refuse::signal_again;
  if (!hand_complete(s, seat)) return &refuse::signal_incomplete;
  if ((s.truth[static_cast<std::size_t>(seat)] & bit) == 0) return &refuse::false_signal;
  return accepted;
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

// This hand's lance records at the deal: unplayed, each named by its position (index 3 says
// juego until the declarations decide between juego and punto, R20).
inline constexpr std::array<LanceRecord, 4> unplayed_lances = [] {
  std::array<LanceRecord, 4> r{};
  for (std::size_t i = 0; i < r.size(); ++i) r[i].lance = static_cast<Lance>(i);
  return r;
}();

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

// --- what a seat made public about its hand (R22, R32, R33) ----------------------------------

// Whether the complete hand `h` at `seat` agrees with what the seat made public in `s`: the
// signals it made are true of it (R33), it holds 4-5-6-7 if it declared tío Perete (R32), and
// it has pares and juego exactly as declared once they are (R22). The one statement of what a
// hand the others cannot see must be: the deal behind a seat's view (state_from_view(), the
// bots' views and sampled deals) keeps every hand it places within it.
inline bool hand_agrees(const State& s, int seat, const Hand& h) {
  const auto bit = [seat](std::uint8_t mask) { return ((mask >> seat) & 1U) != 0; };
  const std::uint16_t signals = s.signals[static_cast<std::size_t>(seat)];
  if (signals != 0 && (signals & ~true_signals(h, s.rules)) != 0) return false;
  if (bit(s.decl.perete_mask) && !is_perete(h)) return false;
  if ((s.decl.declared & 3U) == 0) return true;
  const HandEval e = evaluate(h, s.rules);
  if ((s.decl.declared & 1U) != 0 && has_pares(e) != bit(s.decl.pares_mask)) return false;
  return (s.decl.declared & 2U) == 0 || has_juego(e) == bit(s.decl.juego_mask);
}

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


// The choices of the seat to act in a lance being bet (R24-R27, R25a): the one statement of
// betting legality. legal_action_mask() lists them and on_betting() refuses whatever they
// exclude, naming the rule with betting_refusal(). The four answers are bits, in the order of
// their action ids after pass (ordago 36, accept 37, reject 38), so that the mask is two shifts.
struct BetChoices {
  static constexpr unsigned pass = 1U << 0;    // R24: only while no bet waits for an answer (R25)
  static constexpr unsigned ordago = 1U << 1;  // R27: unless an órdago waits for its answer (R25)
  static constexpr unsigned accept = 1U << 2;  // R25: a bet is open; R25a: not after a proposed raise
  static constexpr unsigned reject = 1U << 3;  // R25: a bet is open; R25a: not after a proposed
                                               // accept or raise
  unsigned answers = 0;  // the bits above
  int min = 0;           // the smallest bet or raise "more" (R24, R25, R25a), 0 when none
  int max = 0;           // the largest (max_stake bounds the total), 0 when none

  [[nodiscard]] constexpr bool allows(unsigned answer) const { return (answers & answer) != 0; }
};

inline BetChoices bet_choices(const State& s) {
  BetChoices c;
  const bool open = s.bet.open != 0;
  const std::uint8_t p = s.bet.proposal;
  if (!open) {
    c.answers = BetChoices::pass | BetChoices::ordago;
  } else {
    c.answers = s.bet.ordago ? 0U : BetChoices::ordago;
    if (p != proposal_raise) c.answers |= BetChoices::accept;
    if (p == proposal_none || p == proposal_reject) c.answers |= BetChoices::reject;
  }
  c.min = bet_min(s);
  if (c.min > 0) c.max = max_stake - (open ? s.bet.proposed : 0);
  return c;
}

namespace refuse {
inline constexpr Refusal not_a_bet_action{
    Errc::wrong_phase, "R24: in a lance a seat passes, bets, calls ordago, accepts or rejects"};
inline constexpr Refusal pass_while_open{
    Errc::illegal_action, "R25: nobody may pass while a bet waits for an answer"};
inline constexpr Refusal ordago_only_answered{
    Errc::illegal_action, "R25: an ordago can only be accepted or rejected"};
inline constexpr Refusal stake_exhausted{
    Errc::illegal_action, "R24: no bet may take the total proposed past 999 (max_stake)"};
inline constexpr Refusal bet_past_max{
    Errc::illegal_action, "R24: a bet may not take the total proposed past 999 (max_stake)"};
inline constexpr Refusal opening_too_small{Errc::bet_too_small,
                                           "R24: an opening bet (envido) is of 2 or more"};
inline constexpr Refusal raise_too_small{
    Errc::bet_too_small, "R25: a raise must be at least the rules' min_raise (2, or 1)"};
inline constexpr Refusal below_proposed_raise{
    Errc::bet_too_small,
    "R25a: after a proposed raise the partner agrees to it or raises by more"};
inline constexpr Refusal nothing_to_accept{Errc::illegal_action,
                                           "R25: there is no bet to accept"};
inline constexpr Refusal nothing_to_reject{Errc::illegal_action,
                                           "R25: there is no bet to reject"};
inline constexpr Refusal accept_after_raise{
    Errc::illegal_action, "R25a: the partner of a proposed raise may not accept"};
inline constexpr Refusal reject_after_raise{
    Errc::illegal_action, "R25a: the partner of a proposed raise may not reject it"};
inline constexpr Refusal reject_after_accept{
    Errc::illegal_action, "R25a: the partner of a proposed accept may not reject it"};
}  // namespace refuse

// Why the betting action `a` is not among the choices `c` of state `s`, or accepted. It decides
// nothing on its own: it only names the rule behind a choice bet_choices() left out.
inline Verdict betting_refusal(const State& s, const BetChoices& c, const Action& a) {
  switch (a.kind) {
    case ActionKind::pass: return c.allows(BetChoices::pass) ? accepted : &refuse::pass_while_open;
    case ActionKind::ordago:
      return c.allows(BetChoices::ordago) ? accepted : &refuse::ordago_only_answered;
    case ActionKind::accept:
      if (c.allows(BetChoices::accept)) return accepted;
      return s.bet.open ? &refuse::accept_after_raise : &refuse::nothing_to_accept;
    case ActionKind::reject:
      if (c.allows(BetChoices::reject)) return accepted;
      if (!s.bet.open) return &refuse::nothing_to_reject;
      return s.bet.proposal == proposal_raise ? &refuse::reject_after_raise
                                              : &refuse::reject_after_accept;
    case ActionKind::bet:
      if (c.min == 0)
        return s.bet.open && s.bet.ordago ? &refuse::ordago_only_answered
                                          : &refuse::stake_exhausted;
      if (a.amount < c.min) {
        if (s.bet.proposal == proposal_raise) return &refuse::below_proposed_raise;
        return s.bet.open ? &refuse::raise_too_small : &refuse::opening_too_small;
      }
      return a.amount > c.max ? &refuse::bet_past_max : accepted;
    default: return &refuse::not_a_bet_action;
  }
}

// --- the showdown (R28a) ---------------------------------------------------------------------

// Whether a hand that ended so shows its four hands (R28a): a hand that reaches the count or an
// accepted órdago does; a hand cut short by a deje reaching the target (R29's default,
// deje_ends) does not. With deje_ends off a deje ends the hand only at its end, when the count
// would begin, so its cards are shown.
inline bool shows_cards(const Rules& r, HandEnd end) {
  return end == HandEnd::count || end == HandEnd::ordago || (end == HandEnd::deje && !r.deje_ends);
}

// --- the shape of a state: what validate_state() and the seat-view check both read ----------

inline constexpr bool in_range(int v, int lo, int hi) { return v >= lo && v <= hi; }

// The largest game score: a score passes the target only inside the hand that wins the game,
// and only by the points of that hand: at most target-1 + 4 dejes of at most 998 (deje_ends
// off) + 2 tío Perete points = 4992 < 5 * 999 (the count alone stops at target-1 + 1005).
inline constexpr int max_score = 5 * max_stake;

// The ranges of a lance record as the reducer writes it (any lance name: index 3 is juego or
// punto); at most 6 tantos (two hands of duples, or of 31), a stake up to max_stake and the
// points of a stake plus tantos and punto's 1.
inline constexpr bool record_in_range(const LanceRecord& r) {
  return in_range(static_cast<int>(r.lance), 0, 4) && in_range(static_cast<int>(r.status), 0, 6) &&
         r.reserved == 0 && in_range(r.bet_team, -1, 1) && in_range(r.winner_team, -1, 1) &&
         in_range(r.winner_seat, -1, seats - 1) && r.tantos <= 6 && r.counted <= 1 &&
         r.stake <= max_stake && r.points <= max_stake + 7;
}

// Whether a played lance's status agrees with which teams could play it (R23): skipped when
// neither, one_team when one, betting (en paso, accepted, refused, órdago) only when both.
inline constexpr bool status_fits_teams(LanceStatus st, bool team0, bool team1) {
  const int teams = (team0 ? 1 : 0) + (team1 ? 1 : 0);
  switch (st) {
    case LanceStatus::pending: return true;
    case LanceStatus::skipped: return teams == 0;
    case LanceStatus::one_team: return teams == 1;
    default: return teams == 2;
  }
}

// The declared bits (Declarations::declared) while a hand is played (R22): pares are declared
// when the pares lance starts, juego when the fourth starts; none outside the lances.
inline constexpr std::uint8_t declared_bits(Phase phase, int lance_index) {
  if (phase != Phase::betting || lance_index < 2) return 0;
  return lance_index == 2 ? 1 : 3;
}

// R25a: the shape of a pending proposal (BetState::proposal) with the bet it answers: a raise
// of at least min_raise that keeps the total within max_stake, or an accept or reject with no
// amount; answering an open órdago only a reject goes to the partner.
inline constexpr bool proposal_fits(std::uint8_t proposal, int amount, int proposed, bool ordago,
                                    int min_raise) {
  if (proposal == proposal_none) return amount == 0;
  if (proposal == proposal_raise) return !ordago && amount >= min_raise && proposed + amount <= max_stake;
  if (proposal == proposal_accept) return !ordago && amount == 0;
  return proposal == proposal_reject && amount == 0;
}

// --- the parts of the reducer ---------------------------------------------------------------

// Each phase handler (on_*) checks the action completely before it changes anything, so a
// refused action leaves the state as it was; it answers accepted or the refusal naming the rule.
// Then it plays the action with its play_* function, which checks nothing: apply_id_in_place()
// calls those directly for an id of legal_action_mask(), whose bits are exactly the actions the
// handlers accept (built from the same predicates: bet_choices(), open_signals(), ...).

// deal.cpp: shuffle, deal, mus, discards, replacements and refills, tío Perete.
void gather_cards(State& s);
void clear_play(State& s);
void clear_hand(State& s);
Verdict on_shuffle(State& s, const Action& a, Events* ev);
void play_seeded_shuffle(State& s, std::uint64_t seed, Events* ev);
Verdict on_mus(State& s, const Action& a, Events* ev);
void play_mus(State& s, int seat, bool mus, Events* ev);  // mus, else cut
Verdict on_discard(State& s, const Action& a, Events* ev);
void play_discard(State& s, int seat, std::uint64_t cards, Events* ev);
Verdict on_perete(State& s, const Action& a, Events* ev);
void play_perete(State& s, int seat, bool declare, Events* ev);  // declare, else pass

// betting.cpp: the lances and their betting.
void start_lance(State& s, int index, Events* ev);
Verdict on_betting(State& s, const Action& a, Events* ev);
void play_betting(State& s, const Action& a, Events* ev);  // one of the five below, by kind
void play_pass(State& s, int seat, Events* ev);
void play_bet(State& s, int seat, int amount, Events* ev);
void play_ordago(State& s, int seat, Events* ev);
void play_accept(State& s, int seat, Events* ev);
void play_reject(State& s, int seat, Events* ev);

// signals.cpp: signals to the partner.
Verdict on_signal(State& s, const Action& a, Events* ev);
void play_signal(State& s, int seat, int signal, Events* ev);

// count.cpp: the count and the end of a hand, game, vaca and match.
void finish_hand(State& s, HandEnd end, int game_winner, Events* ev);
bool check_immediate_points(State& s, int team, Events* ev);
void count_hand(State& s, Events* ev);

// prng.cpp: seeded_order() without its first step, for cards already sorted by id (the deck
// in id order, a pile read bit by bit): the same order, without the sorting pass.
void seeded_order_of_sorted(std::uint8_t* cards, int n, std::uint64_t seed) noexcept;

// validate.cpp: whether every field the reducer indexes with is in its range (cheap: the
// checked build's guard of apply_in_place(), and validate_state()'s first check).
bool state_in_bounds(const State& s) noexcept;

// validate.cpp: why validate_state() refuses a state (Errc::invalid_state and the part of the
// state that failed its check), or accepted.
Verdict state_refusal(const State& s) noexcept;

// view_state.cpp: the second step of state_from_view(): places the cards the view's seat has
// not seen in `s`, a state whose public part is the view's (one state_from_view() built), from
// `seed`, so that every other complete hand agrees with its seat's public facts (hand_agrees()).
// The bots' sampled deals re-place the cards of the state behind a view (BotView::hidden) so,
// without building its public part again. An error when no placement agrees. When `tries` is
// not null, adds the hands it tried (drawn at random, or by the exact search) to it: what a
// placement costs varies with the public facts, and the bots' work caps count it. `budget`
// bounds the hands the exact search may try (0: state_from_view()'s bound, a million): a
// placement that runs out is refused as if none agreed.
Error place_unseen(State& s, const SeatView& v, std::uint64_t seed,
                   std::int64_t* tries = nullptr, long budget = 0) noexcept;

// validate.cpp: why a seat view holds values view_of() cannot give (Errc::invalid_state and the
// part that failed its check), or accepted: view_from_text()'s check, which state_from_view()
// makes before it builds a state.
Verdict view_refusal(const SeatView& v) noexcept;

// How much of apply_in_place()'s precondition a build checks on every call (see match.hpp):
// 0 nothing (release builds: the hot path); 1 the ranges the reducer indexes with (the default
// without NDEBUG, as in Debug builds; cheap); 2 the whole of validate_state() (-DMUS_CHECKED_APPLY=2;
// several times the cost of a step). apply_in_place() and apply_id_in_place() both check it
// before anything else reads the state.
#ifndef MUS_CHECKED_APPLY
#ifdef NDEBUG
#define MUS_CHECKED_APPLY 0
#else
#define MUS_CHECKED_APPLY 1
#endif
#endif

namespace refuse {
inline constexpr Refusal out_of_bounds{
    Errc::invalid_state,
    "invalid state: a field out of the range the reducer indexes with (a hand-edited state)"};
}  // namespace refuse

// The build's check of apply_in_place()'s precondition (MUS_CHECKED_APPLY): accepted, or why
// the state may not be given to the reducer.
inline Verdict precondition_refusal([[maybe_unused]] const State& s) noexcept {
#if MUS_CHECKED_APPLY >= 2
  return state_refusal(s);
#elif MUS_CHECKED_APPLY == 1
  return state_in_bounds(s) ? accepted : &refuse::out_of_bounds;
#else
  return accepted;
#endif
}

}  // namespace mus::detail

#endif  // MUS_SRC_REDUCER_HPP
