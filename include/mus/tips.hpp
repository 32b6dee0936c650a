/**
 * @file tips.hpp
 * @brief Tips for a person at the table: up to three short hints about the decision at hand,
 *        as structured values that each front end puts into its own words.
 *
 * A tip says what the seat's hand is worth in the lance being played, what a club player or
 * the search bot would do, what the partner signalled, or what the score means for the next
 * bet. tips() gives at most three, the most useful first, for the seat to act, from what that
 * seat may know only: it reads a BotView (bots.hpp), whose hidden cards are a canonical
 * placement, so every deal of the cards the seat has not seen gives the same tips.
 *
 * A Tip is not a sentence: it carries a TipKind and the facts the kind needs (a lance, a
 * number, cards, an action, an estimate). The table of kinds below is the contract for every
 * front end that renders them (mus-cli in English, the web tables in Spanish and English);
 * docs/tips.md gives an example sentence for each.
 *
 * | kind | phase | fields besides `kind`, `score` | meaning |
 * |---|---|---|---|
 * | search_choice | betting | `action`, `points`; `other`, `other_points` (`other` is no_tip_action when there is no runner-up) | the search bot (BotKind::search, default budget) plays `action`, worth about `points` for the seat's team to the end of the hand (own points minus the opponents', score-weighed); the runner-up is `other` |
 * | club_cut | mus | `action` (a cut) | a club player (the heuristic bot) would cut here: no hay mus |
 * | club_mus | mus | `action` (mus) | a weak hand for a club player: ask for mus and discard |
 * | club_discard | discard | `action` (the discard), `cards` (the cards to throw), `hand` | a club player would throw `cards` and keep the rest of `hand` |
 * | grande_kings | mus, discard, betting | `lance` grande, `count` (2 to 4 kings), hand facts | strong in grande |
 * | grande_no_king | betting | `lance` grande, hand facts | no king: grande is not the seat's lance |
 * | chica_aces | mus, discard, betting | `lance` chica, `count` (2 to 4 aces), hand facts | strong in chica |
 * | chica_no_ace | betting | `lance` chica, hand facts | no ace: chica is not the seat's lance |
 * | pares | mus, discard, betting | `lance` pares, `count` (tantos: 1 pareja, 2 medias, 3 duples), hand facts | the seat holds these pares, worth `count` tantos if its team wins pares |
 * | juego | mus, discard, betting | `lance` juego, `count` (tantos: 3 for 31, else 2), hand facts, `beaten_by`, `real31_beats` | the seat holds juego `eval.value`; the juegos listed beat it (none: the best juego) |
 * | punto | betting | `lance` punto, hand facts | the seat holds punto `eval.value` (30 is the best) |
 * | ciego | mus, discard | hand facts | a hand with no pares and no juego |
 * | hand | mus, discard | hand facts | the hand at a glance (its ranks, pares and juego or punto) |
 * | partner_signal | mus, discard, betting | `seat` (the partner), `signals` | the partner signalled these (bit k = Signal k) |
 * | opponent_signal | mus, discard, betting | `seat` (an opponent), `signals` | that opponent signalled these (only when the partner made none) |
 * | deje_wins_game | betting | `amount` (points the team needs, at most 1) | with `deje_ends`, a bet the opponents refuse wins the game: bet and make them accept |
 * | reject_loses_game | betting | `amount` (what no quiero gives them) | with `deje_ends`, refusing their bet gives them the game |
 * | raise_deje_wins | betting | `amount` (the stake now proposed) | with `deje_ends`, raise: if they refuse, that deje wins the game |
 * | they_need_little | betting | `amount` (points the opponents need, at most 5) | an órdago costs the team little |
 * | we_need_little | betting | `amount` (points the team needs, at most 5) | no need to gamble on an órdago |
 * | perete | tío Perete | none | declaring tío Perete scores 1 point at once |
 * | lance_chance | betting | `lance`, `count` (percent 0..100), `chance` (0..1) | from what the seat knows, its team wins the lance about that often (lance_chance()) |
 *
 * "Hand facts" are `hand` (the seat's four cards) and `eval` (their evaluation: `eval.pares`
 * encodes the pares as kind × 100 + high rank × 10 + low rank, `eval.value` is the juego or
 * punto total, is_real31(eval) a 31 real, `eval.grande` the four effective ranks high to low
 * as decimal digits); every tip of a seat with a complete hand carries them. `score` is the
 * game score, the seat's team first, in every tip.
 *
 * **Order.** In the mus phase: the hand's headline (its best juego up to 32, else medias or
 * duples, else two or more kings, else two or more aces, else ciego, else the hand), the club
 * player's call, the signals. In the discard phase: the club player's discard, the headline,
 * the signals. In the betting phase: search_choice, then a score tip (the first that applies,
 * in the table's order), the hand in the lance being bet, the signals, lance_chance. Only the
 * first three that apply are given.
 *
 * **Cost.** One call in the betting phase runs the search bot once (bot_evaluate() with
 * default_search_playouts playouts: about 4 ms of CPU, see docs/tips.md); in the discard
 * phase it estimates the club player's discard (suggested_discard() with 64 draws per choice,
 * about 10 µs); otherwise it costs microseconds. It allocates nothing. The seeds of
 * the search and of the draws come from the seat's cards and the hand number, so the same
 * view always gives the same tips.
 */
#ifndef MUS_TIPS_HPP
#define MUS_TIPS_HPP

#include <array>
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "mus/bots.hpp"
#include "mus/cards.hpp"
#include "mus/error.hpp"
#include "mus/eval.hpp"
#include "mus/match.hpp"

namespace mus {

/// The kinds of tip (the table in tips.hpp); the numbers are the C API's `MUS_TIP_*`.
enum class TipKind : std::uint8_t {
  none = 0,               ///< Not a tip (an empty slot).
  search_choice = 1,      ///< The search bot's choice and estimate.
  club_cut = 2,           ///< A club player would cut.
  club_mus = 3,           ///< A club player would ask for mus.
  club_discard = 4,       ///< The club player's discard.
  grande_kings = 5,       ///< Two or more kings.
  grande_no_king = 6,     ///< No king.
  chica_aces = 7,         ///< Two or more aces.
  chica_no_ace = 8,       ///< No ace.
  pares = 9,              ///< The hand's pares and their tantos.
  juego = 10,             ///< The hand's juego and what beats it.
  punto = 11,             ///< The hand's punto.
  ciego = 12,             ///< No pares and no juego.
  hand = 13,              ///< The hand at a glance.
  partner_signal = 14,    ///< What the partner signalled.
  opponent_signal = 15,   ///< What an opponent signalled.
  deje_wins_game = 16,    ///< A refused bet wins the game.
  reject_loses_game = 17, ///< No quiero gives them the game.
  raise_deje_wins = 18,   ///< Raise: their refusal wins the game.
  they_need_little = 19,  ///< They need little: an órdago costs little.
  we_need_little = 20,    ///< We need little: no órdago needed.
  perete = 21,            ///< Tío Perete scores 1 point.
  lance_chance = 22,      ///< The team's chance in the lance.
};

/// The number of tip kinds, none included (kinds are 0..tip_kind_count - 1).
inline constexpr int tip_kind_count = 23;

/// The most tips one call gives.
inline constexpr std::size_t max_tips = 3;

/// @brief The name of a tip kind: "search_choice", "club_cut", ... (the enumerator's name;
///        "none" for none, "?" when out of range). For JSON and logs.
/// @param k The kind.
/// @return Static text.
[[nodiscard]] std::string_view tip_kind_name(TipKind k) noexcept;

/// The action of a Tip that advises none: kind 0, which no real action has.
inline constexpr Action no_tip_action = [] {
  Action a;
  a.kind = ActionKind{};
  return a;
}();

/**
 * @brief One tip: a kind and the facts it needs (see the table of kinds in tips.hpp). Fields a
 *        kind does not use keep the values below.
 */
struct Tip {
  TipKind kind = TipKind::none;   ///< What the tip says.
  std::int8_t lance = -1;         ///< The Lance it is about (its number), or -1.
  std::int8_t seat = -1;          ///< The seat it names (who signalled), or -1.
  std::int16_t count = 0;         ///< By kind: kings, aces, tantos, percent.
  std::int16_t amount = 0;        ///< By kind: points needed, a stake.
  std::array<std::int16_t, 2> score{};  ///< Game points: the seat's team, then the opponents.
  std::uint16_t signals = 0;      ///< Signals made (bit k = Signal k), for the signal kinds.
  bool real31_beats = false;      ///< juego: a 31 real beats it too (named before beaten_by).
  /// juego: the totals (31..40) of the juegos that beat it, best first, 0 after the last.
  std::array<std::uint8_t, 8> beaten_by{};
  Hand hand{};                    ///< The seat's cards (hand facts).
  HandEval eval{};                ///< Their evaluation (hand facts).
  std::uint64_t cards = 0;        ///< club_discard: the cards to throw (bit = card id).
  Action action = no_tip_action;  ///< The action a player would choose (advice kinds).
  Action other = no_tip_action;   ///< search_choice: the runner-up (no_tip_action when none).
  double points = 0;              ///< search_choice: the estimate of `action`.
  double other_points = 0;        ///< search_choice: the estimate of `other`.
  double chance = 0;              ///< lance_chance: the team's chance, 0..1.

  /// Field-by-field equality.
  friend constexpr bool operator==(const Tip&, const Tip&) noexcept = default;
};

/// Up to max_tips tips, the most useful first; no allocation.
struct Tips {
  std::array<Tip, max_tips> items{};  ///< The tips; the first `size` are valid.
  std::size_t size = 0;               ///< How many.

  /// Field-by-field equality.
  friend constexpr bool operator==(const Tips&, const Tips&) noexcept = default;
};

/**
 * @brief The tips for a seat's decision, from its view (the table and order in tips.hpp).
 * @param v The view (bot_view()).
 * @return Up to three tips; none when the seat is not to act, its hand is not complete, or
 *         the phase has no tips (a shuffle is due, the match is over).
 */
[[nodiscard]] Tips tips(const BotView& v) noexcept;

/**
 * @brief Same as tips(bot_view(s, seat)), after checking that `seat` is the seat to act.
 * @param s The state.
 * @param seat The seat to act, 0..3.
 * @return The tips; or Errc::invalid_argument for a seat outside 0..3, Errc::match_over,
 *         Errc::wrong_phase (a shuffle is due) or Errc::not_your_turn.
 */
[[nodiscard]] Result<Tips> tips(const State& s, int seat) noexcept;

}  // namespace mus

#endif  // MUS_TIPS_HPP
