/**
 * @file match.hpp
 * @brief The match reducer: a whole Mus match as a pure function `apply(state, action)`.
 *
 * A State is a small trivially copyable value holding everything about a match: rules,
 * scores, dealer and mano, the four hands, the stock and discard pile, the betting of the
 * current hand and the last hand's count. apply() takes a state and an action and gives the
 * next state, or an error and leaves the state untouched. Chance is an action too: every
 * shuffle is supplied by the caller as a seed or an explicit order (R12), so the reducer is
 * deterministic, and replaying the same actions from the same initial state gives the same
 * state.
 *
 * The phases of a hand: shuffle and deal (R11) → mus decisions (R13) → discards (R14, with
 * stock refills R15, each a shuffle) → back to mus … → after a cut: tío Perete declarations
 * (R32, when the variant is on: every seat is asked) → the four lances with betting
 * (R22–R27) → the count (R28, R29) → the next hand, game, vaca or the end of the match (R10,
 * R30).
 *
 * Team proposals (R25a, `answers=proposal`, the `online` preset): when both players of the
 * answering team take part in the lance, the first answerer's reject, accept or raise is only
 * a proposal (BetState::proposal, EventKind::propose) and the partner is to act. Design choice:
 * the partner agrees by repeating the proposed action (accept after a proposed accept, a bet
 * of X after a proposed raise of X, reject after a proposed reject; EventKind::agree), so no
 * new action kind or action id is needed; any other choice within the rule's limits is the
 * partner's own answer. legal_actions(), legal_action_mask(), min_bet() and max_bet() give
 * exactly the partner's choices.
 */
#ifndef MUS_MATCH_HPP
#define MUS_MATCH_HPP

#include <array>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string_view>
#include <type_traits>

#include "mus/cards.hpp"
#include "mus/error.hpp"
#include "mus/eval.hpp"
#include "mus/rules.hpp"

namespace mus {

/// Where a match stands; the numbers are the C API's `MUS_PHASE_*`.
enum class Phase : std::uint8_t {
  shuffle = 1,     ///< A shuffle (chance) is due: a new hand's deal, or a stock refill.
  mus = 2,         ///< Players say mus or cut (R13).
  discard = 3,     ///< Players discard (R14).
  betting = 4,     ///< A lance is being bet (R24–R27).
  match_over = 5,  ///< The match has a winner.
  perete = 6,      ///< Tío Perete (R32): every seat is asked in turn; holders may declare.
};

/// Kinds of action; the numbers are the C API's `MUS_ACTION_*` (0 is never valid).
enum class ActionKind : std::uint8_t {
  shuffle = 1,  ///< Chance: deal a new hand or refill the stock (R11, R12, R15).
  mus = 2,      ///< Wants a discard (R13).
  cut = 3,      ///< No hay mus (R13).
  discard = 4,  ///< Discard the cards in `cards` (R14).
  pass = 5,     ///< Paso (R24); in the tío Perete phase, decline to declare.
  bet = 6,      ///< Envido of `amount`, or a raise of `amount` more when a bet is open (R24, R25).
  ordago = 7,   ///< Órdago (R27).
  accept = 8,   ///< Quiero.
  reject = 9,   ///< No quiero.
  signal = 10,  ///< A signal to the partner (R33); `amount` is the Signal number.
  perete = 11,  ///< Declare tío Perete (R32).
};

/// Number of action kinds plus one (kinds are 1..11).
inline constexpr int action_kind_end = 12;

/**
 * @brief One action. A flat value mirroring the C API's `mus_action`.
 *
 * Build them with the named constructors, e.g. `Action::bet(2, 5)`.
 */
struct Action {
  ActionKind kind = ActionKind::pass;  ///< What is done.
  std::int8_t seat = -1;               ///< The acting seat; -1 for a shuffle.
  std::int32_t amount = 0;             ///< Bet points; signal number; shuffle order length.
  std::uint64_t cards = 0;             ///< Discard: bit i set = discard card id i.
  std::uint64_t seed = 0;              ///< Shuffle with amount 0: the seed.
  std::array<std::uint8_t, deck_size> order{};  ///< Shuffle with amount n: the explicit order.

  /// @brief A shuffle from a 64-bit seed.
  /// @param seed The seed (see seeded_order()).
  /// @return The action.
  static constexpr Action shuffle_seed(std::uint64_t seed) noexcept {
    Action a;
    a.kind = ActionKind::shuffle;
    a.seed = seed;
    return a;
  }
  /// @brief A shuffle with an explicit order of `n` cards (exactly the cards being shuffled).
  /// @param cards The card ids, in dealing order.
  /// @param n How many, 1..40.
  /// @return The action.
  static constexpr Action shuffle_order(const std::uint8_t* cards, int n) noexcept {
    Action a;
    a.kind = ActionKind::shuffle;
    a.amount = n;
    for (int i = 0; i < n && i < deck_size; ++i) a.order[static_cast<std::size_t>(i)] = cards[i];
    return a;
  }
  /// @brief A player action of a kind with an amount (bets, signals) and cards (discards).
  /// @param k The kind.
  /// @param seat The acting seat, 0..3.
  /// @param amount Bet points or signal number.
  /// @param cards Discard mask (bit = card id).
  /// @return The action.
  static constexpr Action make(ActionKind k, int seat, std::int32_t amount = 0,
                               std::uint64_t cards = 0) noexcept {
    Action a;
    a.kind = k;
    a.seat = static_cast<std::int8_t>(seat);
    a.amount = amount;
    a.cards = cards;
    return a;
  }
  /// @brief Say mus.
  /// @param seat The acting seat.
  /// @return The action.
  static constexpr Action mus(int seat) noexcept { return make(ActionKind::mus, seat); }
  /// @brief Cut (no hay mus).
  /// @param seat The acting seat.
  /// @return The action.
  static constexpr Action cut(int seat) noexcept { return make(ActionKind::cut, seat); }
  /// @brief Discard the cards of the mask (bit = card id).
  /// @param seat The acting seat.
  /// @param cards The cards to discard.
  /// @return The action.
  static constexpr Action discard(int seat, std::uint64_t cards) noexcept {
    return make(ActionKind::discard, seat, 0, cards);
  }
  /// @brief Pass.
  /// @param seat The acting seat.
  /// @return The action.
  static constexpr Action pass(int seat) noexcept { return make(ActionKind::pass, seat); }
  /// @brief Bet `amount`, or raise `amount` more over an open bet.
  /// @param seat The acting seat.
  /// @param amount The points (see min_bet(), max_bet()).
  /// @return The action.
  static constexpr Action bet(int seat, std::int32_t amount) noexcept {
    return make(ActionKind::bet, seat, amount);
  }
  /// @brief Órdago.
  /// @param seat The acting seat.
  /// @return The action.
  static constexpr Action ordago(int seat) noexcept { return make(ActionKind::ordago, seat); }
  /// @brief Accept (quiero).
  /// @param seat The acting seat.
  /// @return The action.
  static constexpr Action accept(int seat) noexcept { return make(ActionKind::accept, seat); }
  /// @brief Reject (no quiero).
  /// @param seat The acting seat.
  /// @return The action.
  static constexpr Action reject(int seat) noexcept { return make(ActionKind::reject, seat); }
  /// @brief Make a signal.
  /// @param seat The signalling seat.
  /// @param s The signal.
  /// @return The action.
  static constexpr Action signal(int seat, Signal s) noexcept {
    return make(ActionKind::signal, seat, static_cast<std::int32_t>(s));
  }
  /// @brief Declare tío Perete.
  /// @param seat The acting seat.
  /// @return The action.
  static constexpr Action perete(int seat) noexcept { return make(ActionKind::perete, seat); }

  /// Field-by-field equality.
  friend constexpr bool operator==(const Action&, const Action&) noexcept = default;
};

/// How a lance went in the current (or last) hand.
enum class LanceStatus : std::uint8_t {
  pending = 0,   ///< Not reached yet.
  skipped = 1,   ///< Nobody had pares (juego): not played (R23).
  one_team = 2,  ///< Only one team had pares (juego): no betting, that team collects (R23).
  en_paso = 3,   ///< Everyone passed (R24).
  accepted = 4,  ///< A bet was accepted; the cards decide at the count.
  refused = 5,   ///< A bet was refused: a deje (R26); the betting team won the lance.
  ordago = 6,    ///< An órdago was accepted: the showdown decided the game (R27).
};

/**
 * @brief One lance of a hand: how it was played and what it scored at the count.
 *
 * The lance index 3 is juego or punto; `lance` says which.
 */
struct LanceRecord {
  Lance lance = Lance::grande;                ///< The lance (index 3: juego or punto).
  LanceStatus status = LanceStatus::pending;  ///< How it was played.
  std::int8_t bet_team = -1;     ///< Team of the last bet or raise (accepted/refused), else -1.
  std::int8_t winner_team = -1;  ///< Team that won it at the count (or the showdown), else -1.
  std::int8_t winner_seat = -1;  ///< Seat whose cards won it, -1 for a refused bet or none.
  std::uint8_t tantos = 0;       ///< Own tantos of the winning team counted (pares, juego).
  std::uint8_t counted = 0;      ///< 1 when the count reached this lance (R29 may stop it).
  std::uint8_t reserved = 0;     ///< Padding; zero.
  std::uint16_t stake = 0;       ///< Accepted stake; for a refused bet the deje scored.
  std::uint16_t points = 0;      ///< Points scored for this lance at the count.

  /// Field-by-field equality.
  friend constexpr bool operator==(const LanceRecord&, const LanceRecord&) noexcept = default;
};

/// How a hand ended.
enum class HandEnd : std::uint8_t {
  none = 0,    ///< Still being played.
  count = 1,   ///< By the count.
  deje = 2,    ///< A deje (or tío Perete point) reached the target at once (R29).
  ordago = 3,  ///< An accepted órdago decided the game (R27).
};

/// The empty-slot marker in a hand while its replacement cards are not yet dealt.
inline constexpr std::uint8_t no_card = 0xFF;

/// The HandSummary::shown value of a hand that showed no cards: sixteen no_card entries.
inline constexpr std::array<std::uint8_t, 16> no_shown_cards{
    no_card, no_card, no_card, no_card, no_card, no_card, no_card, no_card,
    no_card, no_card, no_card, no_card, no_card, no_card, no_card, no_card};

/// The public record of a finished hand: what a front end shows after the count.
struct HandSummary {
  std::uint32_t number = 0;                    ///< Hand number in the match, from 1; 0: none yet.
  std::int8_t dealer = -1;                     ///< The hand's dealer.
  std::int8_t mano = -1;                       ///< The hand's mano.
  HandEnd end = HandEnd::none;                 ///< How it ended.
  std::int8_t game_winner = -1;                ///< Team that won the game in this hand, or -1.
  std::array<std::int16_t, 2> score_before{};  ///< Scores when the hand was dealt.
  std::array<std::int16_t, 2> score_after{};   ///< Scores at the end (before any reset).
  std::array<LanceRecord, 4> lances{};         ///< Grande, chica, pares, juego/punto.
  /// The showdown (R28a): the four hands as they stood when the hand reached the count or an
  /// órdago was accepted, seat s's cards at `shown[4s..4s+3]`. Public: every seat's view holds
  /// them. no_shown_cards when the hand showed none (it ended by a deje reaching the target,
  /// R29, or no hand has finished yet).
  std::array<std::uint8_t, 16> shown = no_shown_cards;

  /// @brief Whether the hand's cards were shown (R28a).
  /// @return True when `shown` holds the four hands.
  [[nodiscard]] constexpr bool showed_cards() const noexcept { return shown[0] != no_card; }

  /// Field-by-field equality.
  friend constexpr bool operator==(const HandSummary&, const HandSummary&) noexcept = default;
};

/**
 * @brief The largest total a bet may propose (R24: "any larger amount").
 *
 * A representation limit, not a rule: it is far above any game target (at most 999), so it
 * never binds in play, and it keeps every score within 16 bits.
 */
inline constexpr int max_stake = 999;

/// @brief Team of a seat: seats 0 and 2 are team 0, seats 1 and 3 team 1 (R7).
/// @param seat 0..3.
/// @return 0 or 1.
[[nodiscard]] constexpr int team_of(int seat) noexcept { return seat & 1; }

/// The value of DeckState::refill_pos when no replacements are being dealt.
inline constexpr std::uint8_t no_refill = 0xFF;

/// @brief The cards of a hand in play: the four hands, the stock, the discard pile and the
///        replacements owed (R11, R14, R15). Part of State.
struct DeckState {
  std::array<std::uint8_t, 16> hands{};         ///< Seat s holds hands[4s..4s+3] (no_card: empty).
  std::array<std::uint8_t, deck_size> stock{};  ///< Stock cards stock[stock_pos..stock_end).
  std::uint8_t stock_pos = 0;                   ///< Index of the stock's top card.
  std::uint8_t stock_end = 0;                   ///< One past the stock's last card.
  /// While replacements are dealt: the speaking index (0 = mano) of the next seat to serve;
  /// else no_refill.
  std::uint8_t refill_pos = no_refill;
  std::uint8_t reserved = 0;           ///< Padding made explicit; zero.
  std::array<std::uint8_t, 4> need{};  ///< Replacement cards owed to each seat.
  std::uint64_t pile = 0;              ///< Discard pile (bit = card id, R15).

  /// Field-by-field equality.
  friend constexpr bool operator==(const DeckState&, const DeckState&) noexcept = default;
};

/// @brief The scores of the match (R29, R30). Part of State.
struct Scores {
  std::array<std::int16_t, 2> points{};      ///< Points in the current game (R29).
  std::array<std::uint8_t, 2> games{};       ///< Games won in the current vaca (R30).
  std::array<std::uint8_t, 2> vacas{};       ///< Vacas won (R30).
  std::array<std::int16_t, 2> hand_start{};  ///< Points when this hand was dealt.
  /// With deje_ends off: the first team that reached the target by dejes in this hand, or -1.
  std::int8_t deje_winner = -1;
  std::int8_t match_winner = -1;  ///< Team that won the match, or -1.

  /// Field-by-field equality.
  friend constexpr bool operator==(const Scores&, const Scores&) noexcept = default;
};

/// @brief The betting of the current lance (R24–R27). Part of State. While no bet waits for an
///        answer every field has its default value (`BetState{}`).
struct BetState {
  std::uint8_t open = 0;           ///< 1 while a bet waits for an answer.
  std::uint8_t ordago = 0;         ///< 1 when the open bet is an órdago.
  std::int8_t team = -1;           ///< Team that made the open bet or raise.
  std::int8_t answer_first = -1;   ///< First answering seat.
  std::int8_t answer_second = -1;  ///< Its partner if eligible, else -1.
  std::uint8_t answer_stage = 0;   ///< 0: first answerer to speak; 1: the partner.
  std::uint16_t stake_before = 0;  ///< What a refusal pays now (R26).
  std::uint16_t proposed = 0;      ///< The stake if accepted.
  /// R25a (`answers=proposal`): the first answerer's proposal awaiting the partner's decision,
  /// as the ActionKind number of the proposed answer (bet = a raise, accept, reject); 0 when
  /// none is pending. The proposer is `answer_first`, the seat to act `answer_second`.
  std::uint8_t proposal = 0;
  std::uint8_t reserved = 0;          ///< Padding made explicit; zero.
  std::uint16_t proposal_amount = 0;  ///< The proposed raise "more" (proposal bet), else 0.

  /// Field-by-field equality.
  friend constexpr bool operator==(const BetState&, const BetState&) noexcept = default;
};

/// @brief The declarations of the current hand: pares and juego (R22), tío Perete (R32).
///        Part of State.
struct Declarations {
  std::uint8_t pares_mask = 0;    ///< Bit s = seat s has pares (once declared).
  std::uint8_t juego_mask = 0;    ///< Bit s = seat s has juego (once declared).
  std::uint8_t declared = 0;      ///< Bit 0: pares declared; bit 1: juego declared.
  std::uint8_t perete_mask = 0;   ///< Seats that declared tío Perete (R32).
  std::uint8_t perete_asked = 0;  ///< Seats already asked in the tío Perete phase.
  std::uint8_t reserved = 0;      ///< Padding made explicit; zero.

  /// Field-by-field equality.
  friend constexpr bool operator==(const Declarations&, const Declarations&) noexcept = default;
};

/**
 * @brief The whole match as a value: trivially copyable, no pointers, no heap.
 *
 * Read it through the accessors and predicates; change it only through apply(). Fields are
 * public so the type stays an aggregate, but writing them directly can produce a state
 * validate_state() refuses, which apply_in_place() must not be given (see its precondition).
 * Decide rules with the predicates (refill_due(), signal_allowed(), …), not by reading fields.
 *
 * One position has one value: every part of a hand that is over or not begun has its one
 * value (no bet open: `bet` is `BetState{}`; outside the lances `lance` is grande and
 * `lance_index` 0; between hands no declarations, no signals and the cards gathered), so
 * equal positions are equal bytes, equal texts and equal stamps.
 */
struct State {
  std::uint32_t magic = 0;       ///< Tag and layout version (state_magic).
  Rules rules{};                 ///< The rules of the match.
  Phase phase = Phase::shuffle;  ///< The current phase.
  std::int8_t to_act = -1;       ///< Seat to act; -1 when chance acts or the match is over.
  std::uint8_t dealer = 0;       ///< This hand's dealer.
  std::uint8_t mano = 1;         ///< This hand's mano (R8, R31).
  std::uint8_t lance_index = 0;  ///< 0..3 while betting: grande, chica, pares, juego/punto; else 0.
  Lance lance = Lance::grande;   ///< The lance being bet; grande outside the betting phase.
  /// Hands started in the current game (1 = its first; stays at 255).
  std::uint8_t hand_in_game = 0;
  std::uint8_t corrido = 0;       ///< 1 while this hand's mus question is mus corrido (R31).
  std::uint8_t no_signals = 0;    ///< 1 in a mus corrido hand: no signals (R31).
  std::uint8_t mus_said = 0;      ///< Seats that said mus in this round (count, 0..4).
  std::uint8_t discarded = 0;     ///< Seats that discarded this round (count, 0..4).
  std::uint8_t reserved0 = 0;     ///< Padding made explicit; zero.
  std::uint32_t hand_number = 0;  ///< Hands dealt in the match.
  std::uint32_t reserved2 = 0;    ///< Padding made explicit (keeps `deck` 8-aligned); zero.

  DeckState deck{};                        ///< Hands, stock, pile, replacements.
  Scores scores{};                         ///< Points, games, vacas, winners.
  BetState bet{};                          ///< The betting of the current lance.
  Declarations decl{};                     ///< Pares, juego and tío Perete declarations.
  std::array<std::uint16_t, 4> signals{};  ///< Bit k of signals[s]: seat s made signal k (R33).
  std::array<std::uint16_t, 4> truth{};    ///< true_signals() of each seat's full hand (cache).
  std::array<LanceRecord, 4> lances{};     ///< This hand's lances so far.
  std::uint16_t reserved1 = 0;             ///< Padding made explicit; zero.
  HandSummary last{};                      ///< The last finished hand.
  std::uint32_t reserved3 = 0;             ///< Padding made explicit (to 8 bytes); zero.

  /// @brief A stock-refill shuffle is due (R15): the next action is a shuffle of the
  ///        discard pile, in the middle of dealing replacements.
  /// @return True in Phase::shuffle while replacements are being dealt.
  [[nodiscard]] constexpr bool refill_due() const noexcept {
    return phase == Phase::shuffle && deck.refill_pos != no_refill;
  }
  /// @brief A new hand's shuffle and deal is due (R11): the cards are gathered.
  /// @return True in Phase::shuffle when no stock refill is pending.
  [[nodiscard]] constexpr bool deal_due() const noexcept {
    return phase == Phase::shuffle && deck.refill_pos == no_refill;
  }
  /// @brief A bet or órdago waits for an answer (R25–R27): the seat to act may accept or
  ///        reject it (or raise a bet), within the limits of a pending proposal (R25a).
  /// @return True in Phase::betting while a bet is open.
  [[nodiscard]] constexpr bool answer_due() const noexcept {
    return phase == Phase::betting && bet.open != 0;
  }
  /// @brief This hand is a mus corrido hand (R31): no signals may be made in it.
  /// @return True from the deal of such a hand to its end.
  [[nodiscard]] constexpr bool corrido_hand() const noexcept { return no_signals != 0; }
  /// @brief The mus question of this hand is still mus corrido (R31): the first seat to cut
  ///        becomes mano.
  /// @return True until someone cuts or all four say mus in a mus corrido hand.
  [[nodiscard]] constexpr bool corrido_open() const noexcept { return corrido != 0; }
  /// @brief Whether `seat` may make signal `sig` now (R31, R33, R33a): the phase allows
  ///        signals, the hand is not a mus corrido hand, the signal is in the rules' signal set
  ///        (need_mus only in the mus phase), the seat's hand is complete, the signal is true
  ///        of that hand and the seat has not made it yet. Exactly what apply() accepts (which
  ///        refuses a signal outside the set with Errc::signal_not_in_set).
  /// @param seat 0..3 (any other seat: false).
  /// @param sig The signal.
  /// @return True when an Action::signal(seat, sig) would be accepted.
  [[nodiscard]] bool signal_allowed(int seat, Signal sig) const noexcept;

  /// Equality of every field (and so of every byte: the struct has no padding).
  friend bool operator==(const State&, const State&) noexcept = default;
};

static_assert(std::is_trivially_copyable_v<State>, "State must be trivially copyable");
static_assert(std::is_aggregate_v<State>, "State must stay an aggregate");
static_assert(sizeof(State) <= 512, "State must stay within 512 bytes");
static_assert(std::has_unique_object_representations_v<State>,
              "State has no padding: equal states are equal byte for byte");

/// The magic tag of a state produced by this library version's layout.
inline constexpr std::uint32_t state_magic = 0x4D555302;  // "MUS" + layout 2

/**
 * @brief A new match waiting for its first shuffle (Phase::shuffle).
 * @param rules The rules (validated).
 * @param first_dealer The first dealer's seat, 0..3 (R10).
 * @return The state, Errc::invalid_rules or Errc::invalid_argument.
 */
[[nodiscard]] Result<State> new_match(const Rules& rules, int first_dealer) noexcept;

/// Events reported by apply(): what happened, for front ends and logs. All are public.
enum class EventKind : std::uint8_t {
  deal = 1,            ///< A hand was dealt: `seat` dealer, `value` mano, `amount` hand number.
  refill = 2,          ///< The discard pile was shuffled under the stock: `amount` cards.
  mus = 3,             ///< `seat` said mus.
  cut = 4,             ///< `seat` cut (no hay mus); with mus corrido `value` is the new mano.
  discard = 5,         ///< `seat` discarded `amount` cards.
  replace = 6,         ///< `seat` was given `amount` cards.
  perete = 7,          ///< `seat` declared tío Perete; `team` scores 1.
  signal = 8,          ///< `seat` made signal `value`.
  declare_pares = 9,   ///< `seat` declared pares (`value` 1) or not (0) (R22).
  declare_juego = 10,  ///< `seat` declared juego (`value` 1) or not (0) (R22).
  lance_start = 11,    ///< Lance `lance` begins: `value` is its LanceStatus if decided at once.
  pass = 12,           ///< `seat` passed.
  bet = 13,            ///< `seat` bet (or raised by) `amount`; `value` is the total proposed.
  ordago = 14,         ///< `seat` called órdago.
  accept = 15,         ///< `seat` accepted; `value` is the stake.
  reject = 16,         ///< `seat` rejected.
  deje = 17,           ///< `team` scored `amount` for a refused bet in `lance` (R26).
  en_paso = 18,        ///< Everyone passed `lance`.
  showdown = 19,       ///< An accepted órdago in `lance`: `seat` wins it for `team` (R27).
  count = 20,          ///< The count gave `team` `amount` points for `lance` (R28); `value` tantos.
  game = 21,           ///< `team` won a game.
  vaca = 22,           ///< `team` won a vaca.
  match = 23,          ///< `team` won the match.
  /// R25a: `seat`, the first answerer, proposed its team's answer: `value` is the ActionKind
  /// number of the proposed answer (bet = a raise, accept, reject), `amount` the raise "more"
  /// (0 for accept and reject). Not yet an answer: the partner decides next.
  propose = 24,
  /// R25a: `seat`, the partner, agreed to the proposal (`value` and `amount` as in propose).
  /// The team's answer event follows (an agreed raise is a bet event of the proposer).
  agree = 25,
};

/// One event: fields not named by its kind are -1 (seat, team, lance) or 0.
struct Event {
  EventKind kind = EventKind::deal;  ///< What happened.
  std::int8_t seat = -1;             ///< Seat involved, or -1.
  std::int8_t team = -1;             ///< Team involved, or -1.
  std::int8_t lance = -1;            ///< Lance involved (0..4), or -1.
  std::int32_t amount = 0;           ///< Points, cards or a count, by kind.
  std::int32_t value = 0;            ///< A second number, by kind.
};

/// A fixed-capacity list of the events of one apply(); no allocation.
struct Events {
  static constexpr std::size_t capacity = 48;  ///< Maximum events one apply() can report.
  std::array<Event, capacity> items{};         ///< The events, in order.
  std::size_t size = 0;                        ///< How many are valid.
  /// @brief Appends an event (ignored if full, which the reducer never reaches).
  /// @param e The event.
  constexpr void push(const Event& e) noexcept {
    if (size < capacity) items[size++] = e;
  }
};

/**
 * @brief Apply an action: the reducer.
 *
 * **Precondition:** `s` is a state validate_state() accepts, that is one the library produced
 * (new_match(), apply(), state_from_text()) and nobody edited since. apply_in_place() is the
 * hot path of simulations, so a release build does not check it: given a hand-edited state (a
 * `lance_index` above 3, a team number out of range, a card twice…) its behaviour is
 * undefined. How much a build of the library checks, by the macro `MUS_CHECKED_APPLY` it was
 * compiled with:
 * - 0, the default with `NDEBUG` (Release): nothing;
 * - 1, the default without `NDEBUG` (a Debug build): every field the reducer uses as an index
 *   or a shift is in its range (the seats, the lance and its index, the cards, the stock, the
 *   teams of the bet and of the lance records, the rules); a state out of these ranges is
 *   refused with Errc::invalid_state and left unchanged, so no hand-edited state reads or
 *   writes out of bounds. A cheap check: a few comparisons per step;
 * - 2: the whole of validate_state() on every call (about six times the cost of a step).
 *
 * Check a state from elsewhere with validate_state() (or read it with state_from_text(), which
 * does) before applying actions to it; the C API does this for every state it is given.
 *
 * Every refusal names its rule: `why`, when not null, receives a static sentence starting with
 * the rule's id in docs/rules.md, e.g. "R25a: the partner of a proposed accept may not reject
 * it" or "R24: an opening bet (envido) is of 2 or more". Asking for it costs nothing on the
 * accepted path.
 * @param s The state; on success replaced by the next state, on error left unchanged.
 * @param a The action.
 * @param events If not null, cleared and then filled with the step's public events.
 * @param why If not null, set to the reason when the action is refused (static text; left
 *        unchanged on success).
 * @return Errc::ok or the code of the refusal.
 */
[[nodiscard]] Errc apply_in_place(State& s, const Action& a, Events* events = nullptr,
                                  std::string_view* why = nullptr) noexcept;

/// @brief Pure form of apply_in_place(): the next state, or the error.
/// @param s The state (unchanged); apply_in_place()'s precondition applies.
/// @param a The action.
/// @param events If not null, cleared and then filled with the step's public events.
/// @return The next state, or the refusal: its code, and as its message the rule's id and the
///         reason (e.g. "R26: ...").
[[nodiscard]] inline Result<State> apply(const State& s, const Action& a,
                                         Events* events = nullptr) noexcept {
  State next = s;
  std::string_view why;
  const Errc e = apply_in_place(next, a, events, &why);
  if (e != Errc::ok) return Error{e, why, -1};
  return next;
}

/**
 * @name Action ids
 * A stable integer action space, as game-AI frameworks expect (OpenSpiel's "distinct
 * actions"): every action a player can choose from legal_actions() has exactly one id in
 * 0..action_id_count-1, and an id names the same choice in every state. Ids are relative to
 * the seat to act (the seat is not part of the id). The blocks, in increasing id order, are
 * those of the C API: the table is in mus.h, with @ref MUS_ACTION_ID_COUNT and the
 * `MUS_ACTION_ID_*` constants, which equal the action_ids below.
 * @{
 */

/// The number of distinct action ids.
inline constexpr int action_id_count = 56;

/// First id of each block of the action id space (see the table in mus.h).
namespace action_ids {
inline constexpr int shuffle = 0;         ///< Chance: the due shuffle.
inline constexpr int mus = 1;             ///< Mus.
inline constexpr int cut = 2;             ///< Cut.
inline constexpr int discard = 3;         ///< Discard: plus the mask of sorted positions, 0..15.
inline constexpr int pass = 19;           ///< Pass.
inline constexpr int bet = 20;            ///< Bet: plus the ladder index, 0..15.
inline constexpr int ordago = 36;         ///< Órdago.
inline constexpr int accept = 37;         ///< Accept.
inline constexpr int reject = 38;         ///< Reject.
inline constexpr int signal = 39;         ///< Signal: plus the signal number, 0..15.
inline constexpr int perete = 55;         ///< Declare tío Perete.
inline constexpr int discard_count = 16;  ///< Ids in the discard block.
inline constexpr int bet_count = 16;      ///< Ids in the bet block.
inline constexpr int signal_count = 16;   ///< Ids in the signal block (some reserved).
}  // namespace action_ids

/**
 * @brief The bet ladder: the amounts legal_actions() lists as concrete bets.
 *
 * It holds every small amount (so the smallest legal bet, 2 to open and `min_raise` to raise,
 * is always on it) and the usual round amounts up to a whole game of 40. Any other amount from
 * min_bet() to max_bet() is just as legal: build it with Action::bet(); it has no action id.
 */
inline constexpr std::array<std::int16_t, action_ids::bet_count> bet_ladder{
    1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 12, 15, 20, 25, 30, 40};

/// @}

/**
 * @brief A fixed-capacity list of legal actions; no allocation.
 *
 * Only `items[0..size)` are meaningful: the slots past `size` are left unwritten, so that
 * listing legal actions (called at every step of a simulation) costs only what it lists.
 */
struct ActionList {
  /// Enough for every state: at most one action per action id.
  static constexpr std::size_t capacity = static_cast<std::size_t>(action_id_count);
  union {
    std::array<Action, capacity> items;  ///< The actions; valid up to `size`.
  };
  std::size_t size = 0;  ///< How many are valid.

  /// An empty list (the item slots are not written).
  ActionList() noexcept {}  // NOLINT(modernize-use-equals-default): leaves items unwritten
  /// @brief Appends an action (the caller keeps `size < capacity`).
  /// @param a The action.
  void push(const Action& a) noexcept { std::construct_at(&items[size++], a); }
};

/**
 * @brief Every action the seat to act may play now, each one concrete: it applies exactly as
 *        listed, in increasing action-id order, without duplicates.
 *
 * That is: mus and cut; each discard subset the rules allow; pass, accept, reject, órdago;
 * each bet of the bet_ladder from min_bet() to max_bet(); tío Perete for a 4-5-6-7 hand; each
 * true signal the seat has not made yet (R33). When chance is to act the list holds one
 * shuffle entry (seed 0), to be given the caller's seed or order (R12); once the match is
 * over it is empty. Same as the actions of legal_action_mask(), built by action_from_id().
 * @param s The state.
 * @return The actions.
 */
[[nodiscard]] ActionList legal_actions(const State& s) noexcept;

/**
 * @brief The legal actions as a bit mask over action ids: bit i set when id i is legal now.
 *
 * The cheapest way to pick an action (a simulation, an RL policy mask): no action is built.
 * @param s The state.
 * @return The mask (0 once the match is over; only bit 0 when a shuffle is due).
 */
[[nodiscard]] std::uint64_t legal_action_mask(const State& s) noexcept;

/**
 * @brief The action id of an action (see the table of action ids).
 *
 * The state is needed only to read the acting seat's cards for a discard.
 * @param s The state.
 * @param a The action, of any seat.
 * @return The id, or Errc::invalid_argument for an unknown kind or a signal number out of
 *         range, Errc::not_in_action_space for a bet amount off the bet_ladder,
 *         Errc::card_not_in_hand for a discard of cards the seat does not hold.
 */
[[nodiscard]] Result<int> action_id(const State& s, const Action& a) noexcept;

/**
 * @brief The action an id names in this state, for the seat to act.
 *
 * The result need not be legal (apply() decides); every id of legal_action_mask() gives the
 * action legal_actions() lists. For the shuffle id the action has seed 0: set the seed, or
 * an order, before applying it.
 * @param s The state.
 * @param id The action id, 0..action_id_count-1.
 * @return The action, or Errc::invalid_argument for an id out of range or reserved,
 *         Errc::match_over once the match is over, Errc::wrong_phase for a player's id while
 *         chance is to act, Errc::card_not_in_hand for a discard id naming a card position the
 *         seat does not fill.
 */
[[nodiscard]] Result<Action> action_from_id(const State& s, int id) noexcept;

/**
 * @brief Apply the action an id names (action_from_id()), in place.
 *
 * apply_in_place()'s precondition applies.
 * @param s The state; on success replaced by the next state, on error left unchanged.
 * @param id The action id.
 * @param seed The seed, used only by the shuffle id (R12).
 * @param events If not null, cleared and then filled with the step's public events.
 * @param why If not null, set to the reason when the id is refused (static text).
 * @return Errc::ok, or the error of action_from_id() or apply_in_place().
 */
[[nodiscard]] Errc apply_id_in_place(State& s, int id, std::uint64_t seed,
                                     Events* events = nullptr,
                                     std::string_view* why = nullptr) noexcept;

/// @brief The smallest legal bet (or raise "more") now, or 0 when no bet may be made.
/// @param s The state.
/// @return The amount, or 0.
[[nodiscard]] int min_bet(const State& s) noexcept;
/// @brief The largest legal bet (or raise "more") now, or 0 when no bet may be made.
/// @param s The state.
/// @return The amount, or 0.
[[nodiscard]] int max_bet(const State& s) noexcept;

/**
 * @brief The cards the shuffle due now must list (R12): the whole deck for a new hand, the
 *        discard pile for a stock refill (R15).
 * @param s The state.
 * @return A card set (bit = card id); 0 when no shuffle is due.
 */
[[nodiscard]] std::uint64_t cards_to_shuffle(const State& s) noexcept;

/// @brief A seat's hand (its four cards); meaningful while a hand is being played.
/// @param s The state.
/// @param seat 0..3.
/// @return The hand (a default Hand for a seat out of range).
[[nodiscard]] Hand hand_of(const State& s, int seat) noexcept;

/**
 * @brief The order a seed gives to a list of cards: the documented PRNG (R12).
 *
 * The cards are first sorted by id; then a Fisher–Yates shuffle runs from the last position
 * i = n-1 down to 1, swapping position i with position j drawn uniformly from 0..i.
 * Draws are 32-bit numbers taken from SplitMix64 outputs, low half first then high half,
 * with the SplitMix64 state starting at `seed` (each output: state += 0x9E3779B97F4A7C15;
 * z = state; z = (z ^ z >> 30) * 0xBF58476D1CE4E5B9; z = (z ^ z >> 27) * 0x94D049BB133111EB;
 * output z ^ z >> 31). A draw x becomes j by multiply-shift: with the 64-bit product
 * m = x * (i+1), j is m >> 32; when the low 32 bits of m are below (2^32 - (i+1)) mod (i+1)
 * the draw is rejected and the next one is used. This is fixed within a major version, so
 * a seed deals the same cards on every platform.
 * @param cards In: the cards (any order); out: the shuffled order.
 * @param n Number of cards.
 * @param seed The seed.
 */
void seeded_order(std::uint8_t* cards, int n, std::uint64_t seed) noexcept;

/**
 * @brief One step of SplitMix64, the generator behind seeded_order() (R12) and the bots'
 *        decisions: advances `state` and returns the next output.
 * @param state The generator's state.
 * @return The next 64 random bits.
 */
[[nodiscard]] constexpr std::uint64_t splitmix64(std::uint64_t& state) noexcept {
  state += 0x9E3779B97F4A7C15ULL;
  std::uint64_t z = state;
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
  return z ^ (z >> 31);
}

/**
 * @brief A new-hand shuffle action that deals chosen cards (a stacked deck, for tests,
 *        puzzles and replays of real deals).
 *
 * Builds the explicit 40-card order of R11 so that seat s receives
 * `hands[4s..4s+3]` (in that slot order) when `mano` is the mano, and the stock starts with
 * `stock[0..stock_n-1]`, followed by every remaining card in id order.
 * @param hands Sixteen distinct card ids, seat 0's first.
 * @param mano The mano of the hand to be dealt (the state's mano).
 * @param stock Cards for the top of the stock (may be null when stock_n is 0).
 * @param stock_n How many (0..24).
 * @return The shuffle action, or Errc::invalid_cards when a card is out of range or repeated,
 *         Errc::invalid_argument for a bad mano or stock_n.
 */
[[nodiscard]] Result<Action> stacked_deal(const std::array<std::uint8_t, 16>& hands, int mano,
                                          const std::uint8_t* stock = nullptr,
                                          int stock_n = 0) noexcept;

/**
 * @brief What one seat may know: its own cards and the public state, nothing else (R33
 *        signals are public). Trivially copyable.
 */
struct SeatView {
  std::int8_t seat = -1;                   ///< Whose view this is.
  Phase phase = Phase::shuffle;            ///< Current phase.
  std::int8_t to_act = -1;                 ///< Seat to act, -1 for chance or match over.
  std::uint8_t dealer = 0;                 ///< This hand's dealer.
  std::uint8_t mano = 0;                   ///< This hand's mano.
  Lance lance = Lance::grande;             ///< Lance being bet when betting; else grande.
  std::int8_t match_winner = -1;           ///< Match winner team or -1.
  std::array<std::uint8_t, 4> hand{};      ///< The seat's own cards (no_card for empty slots).
  std::array<std::int16_t, 2> score{};     ///< Game scores.
  std::array<std::uint8_t, 2> games{};     ///< Games won in this vaca.
  std::array<std::uint8_t, 2> vacas{};     ///< Vacas won.
  std::uint8_t stock_count = 0;            ///< Cards in the stock.
  std::uint8_t pile_count = 0;             ///< Cards in the discard pile.
  std::uint8_t pares_mask = 0;             ///< Pares declarations so far (bit = seat).
  std::uint8_t juego_mask = 0;             ///< Juego declarations so far (bit = seat).
  std::uint8_t declared = 0;               ///< Bit 0 pares declared, bit 1 juego declared.
  std::uint8_t perete_mask = 0;            ///< Seats that declared tío Perete.
  std::array<std::uint16_t, 4> signals{};  ///< Signals made this hand, by seat.
  std::uint8_t bet_open = 0;               ///< A bet waits for an answer.
  std::uint8_t is_ordago = 0;              ///< The open bet is an órdago.
  std::int8_t bet_team = -1;               ///< Team of the open bet, else -1.
  std::uint16_t stake_before = 0;          ///< What a refusal pays now.
  std::uint16_t proposed = 0;              ///< Stake if accepted.
  /// R25a: the pending proposal of the answering team's first answerer, as the ActionKind
  /// number of the proposed answer (bet = a raise, accept, reject), or 0 when none.
  std::uint8_t proposal = 0;
  std::int8_t proposer = -1;            ///< The seat that made the pending proposal, or -1.
  std::uint16_t proposal_amount = 0;    ///< The proposed raise "more", or 0.
  std::uint32_t hand_number = 0;        ///< Hands dealt so far.
  std::array<LanceRecord, 4> lances{};  ///< This hand's lances so far.
  HandSummary last{};                   ///< The last finished hand.
  /// @name The rest of the public state (view layout 3)
  /// Public facts every player at the table knows, which the state keeps and state_from_view()
  /// needs (each is the State field of the same name; between hands each has its cleared value).
  /// @{
  std::uint8_t hand_in_game = 0;        ///< Hands started in the current game (R31).
  std::uint8_t mus_said = 0;            ///< Seats that said mus in this mus round (R13).
  std::uint8_t discarded = 0;           ///< Seats that discarded in this round (R14).
  std::uint8_t refill_pos = no_refill;  ///< While replacements are dealt (R15): see DeckState.
  std::array<std::uint8_t, 4> need{};   ///< Replacement cards owed to each seat (R14).
  std::int8_t answer_first = -1;        ///< First answering seat of the open bet, else -1.
  std::int8_t deje_winner = -1;         ///< Scores::deje_winner (R29).
  /// @}

  /// Field-by-field equality.
  friend constexpr bool operator==(const SeatView&, const SeatView&) noexcept = default;
};

/// @brief The view of a seat (0..3): its own cards and the public state.
/// @param s The state.
/// @param seat 0..3.
/// @return The view (`seat` -1 for a seat out of range).
[[nodiscard]] SeatView view_of(const State& s, int seat) noexcept;

/**
 * @brief Check a state's structure cheaply: the magic tag, rules, every card accounted for
 *        exactly once, phase and turn consistent, scores in range.
 * @param s The state.
 * @return Errc::ok or Errc::invalid_state.
 */
[[nodiscard]] Errc validate_state(const State& s) noexcept;

/**
 * @brief validate_state() with its reason, for messages and logs.
 * @param s The state.
 * @return An ok Error when validate_state() accepts the state; else Errc::invalid_state with a
 *         static message naming the part that failed its check, e.g. "invalid state: the
 *         betting of the lance (R24-R27, R25a)".
 */
[[nodiscard]] Error check_state(const State& s) noexcept;

/// @brief The text name of an action kind, e.g. "bet"; "?" when unknown.
/// @param k The kind.
/// @return Static text.
[[nodiscard]] std::string_view action_kind_name(ActionKind k) noexcept;
/// @brief The text name of a phase, e.g. "betting"; "?" when unknown.
/// @param p The phase.
/// @return Static text.
[[nodiscard]] std::string_view phase_name(Phase p) noexcept;
/// @brief The text name of a lance, e.g. "grande"; "?" when unknown.
/// @param l The lance.
/// @return Static text.
[[nodiscard]] std::string_view lance_name(Lance l) noexcept;
/// @brief The text name of a lance status, e.g. "en_paso"; "?" when unknown.
/// @param st The status.
/// @return Static text.
[[nodiscard]] std::string_view lance_status_name(LanceStatus st) noexcept;

}  // namespace mus

#endif  // MUS_MATCH_HPP
