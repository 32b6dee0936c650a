/**
 * @file bots.hpp
 * @brief Computer players: a random bot, a heuristic club player, a search bot, a pool of
 *        five playing styles to measure them against, and an exploiter of any of them.
 *
 * A bot decides from what its seat may know, and from nothing else: its own cards, the public
 * state (scores, bets, declarations, the signals made, the last hand's count). The structure
 * makes this hold rather than promising it: bot_view() is the only function that reads the full
 * state, and it keeps of it only the seat's view (view_of()) and the state that
 * state_from_view() builds from that view alone, with a canonical placement of the cards the
 * seat has not seen, the same for every deal of those cards. The decision functions receive
 * that BotView and never the original state.
 *
 * Every decision is a pure function of the view, the configuration and a 64-bit seed (unless a
 * wall-clock cap is set for the search bot): the same inputs give the same action on every
 * platform. Nothing is allocated on the heap while deciding.
 *
 * - BotKind::random plays uniformly over the legal actions.
 * - BotKind::heuristic plays like a sensible club player: cuts with good hands, discards
 *   towards its strengths, bets by its chances in the lance (from its hand's percentile, its
 *   partner's signals and the declarations) and by the score, and signals to its partner.
 * - BotKind::search plays the heuristic's mus, discards and signals, and decides its bets by
 *   search: it deals the hidden cards many times, consistently with the declarations and the
 *   signals made (determinization), draws a policy for each opponent from a mixture of the
 *   heuristic and the pool's styles, weighs each deal by how likely the hand's public betting
 *   record is under those policies with those cards (inference), plays each candidate action
 *   to the end of the hand (its órdagos answered by the opponents' own showdown equity), and
 *   picks the action with the best weighed average value. The value is the hand's points
 *   weighed by the score: points beyond the target count for nothing, and winning the game
 *   counts fully (so an órdago near the end is weighed by what it does to the game, not by its
 *   stake). See docs/bots.md for the method and its strength.
 * - BotKind::exploiter is the same search against one known bot (BotConfig::target): the
 *   target's policy at the target's seats, in the rollouts and in the inference. It measures
 *   how much a player who knew a bot's policy could take from it.
 * - BotKind::tight, loose, station and ordago play the heuristic's rules with another fixed
 *   parameter set (a BotStyle): a tight player, a loose-aggressive one, a calling station and
 *   an órdago lover. BotKind::careful judges each lance by sampling deals consistent with its
 *   view (sampled_lance_chance()) and bets, answers and calls órdagos by fixed thresholds on
 *   that chance. They are the opponent pool the other bots are measured against.
 */
#ifndef MUS_BOTS_HPP
#define MUS_BOTS_HPP

#include <array>
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "mus/cards.hpp"
#include "mus/error.hpp"
#include "mus/eval.hpp"
#include "mus/match.hpp"
#include "mus/rules.hpp"

namespace mus {

/**
 * @brief A seed for item `index` of a purpose `stream`, mixed from a base seed with
 *        SplitMix64: independent seeds for a match's shuffles, its bots' decisions, its
 *        playouts, all from one number.
 * @param base The base seed.
 * @param stream The purpose (any number; different streams give unrelated seeds).
 * @param index The item's number in the stream.
 * @return The seed.
 */
[[nodiscard]] constexpr std::uint64_t derive_seed(std::uint64_t base, std::uint64_t stream,
                                                  std::uint64_t index) noexcept {
  std::uint64_t s = base ^ (stream * 0xD1B54A32D192ED03ULL);
  (void)splitmix64(s);
  s ^= index * 0xA0761D6478BD642FULL;
  return splitmix64(s);
}

/// The kinds of bot; the numbers are the C API's `MUS_BOT_*`.
enum class BotKind : std::uint8_t {
  random = 0,     ///< Uniform over the legal actions.
  heuristic = 1,  ///< A club player's rules of thumb.
  search = 2,     ///< Determinization, inference and rollouts against a model of the players.
  tight = 3,      ///< Bets and accepts only with strong hands.
  loose = 4,      ///< Loose-aggressive: bets and raises often, bluffs.
  station = 5,    ///< Calling station: accepts almost everything, rarely raises.
  ordago = 6,     ///< Órdago lover: calls and accepts órdagos far more than the others.
  careful = 7,    ///< Careful threshold player: thresholds on a sampled chance per lance.
  /// A best response to one known bot (BotConfig::target): it infers the target's cards from
  /// its actions and searches with the target's own policy at the target's seats. It measures
  /// how exploitable a bot is.
  exploiter = 8,
  /// A beginner (the level principiante): the heuristic's rules with a beginner's mistakes:
  /// mus with a good hand, discards that chase kings and pairs, loose calls and órdagos.
  beginner = 9,
  /// An amateur (the level aficionado): the beginner's mistakes, less often.
  amateur = 10,
  /// The expert (the level experto): the search with a sharper reading of bets and órdagos
  /// and a bounded cost per decision.
  expert = 11,
};

/// The bot kinds, in the order of their numbers (random first, expert last).
inline constexpr std::array<BotKind, 12> bot_kinds{
    BotKind::random,  BotKind::heuristic, BotKind::search,    BotKind::tight,
    BotKind::loose,   BotKind::station,   BotKind::ordago,    BotKind::careful,
    BotKind::exploiter, BotKind::beginner, BotKind::amateur,  BotKind::expert};

/// @brief The name of a bot kind: "random", "heuristic", "search", "tight", "loose",
///        "station", "ordago", "careful", "exploiter", "beginner", "amateur" or "expert"
///        ("?" when unknown).
/// @param k The kind.
/// @return Static text.
[[nodiscard]] std::string_view bot_kind_name(BotKind k) noexcept;

/// @brief The bot kind of a name (one of bot_kind_name()'s).
/// @param name The name.
/// @return The kind, or Errc::invalid_argument for another name.
[[nodiscard]] Result<BotKind> parse_bot_kind(std::string_view name) noexcept;

/// A BotStyle threshold that no chance reaches (chances lie in 0..1): the choice it gates is
/// never made.
inline constexpr double style_never = 2.0;

/**
 * @brief The fixed parameters of a playing style: the heuristic's rules of thumb with other
 *        numbers. Every style-based kind (heuristic, tight, loose, station, ordago, careful)
 *        plays the heuristic's mus, discards and signals and its betting rules with its own
 *        set; docs/bots.md lists them.
 *
 * `p` below is the chance that the seat's team wins the lance being bet: lance_chance() (hand
 * percentiles and the partner's signals) or, when `samples` > 0, sampled_lance_chance().
 */
struct BotStyle {
  // Mus.
  double cut_decent = 0.25;  ///< Chance to cut, per mus question, with a decent hand.
  double cut_any = 0.10;     ///< Chance to cut, per mus question, with any other hand.
  /// Chance to cut, per mus question, with a hand a club player cuts with at once
  /// (strong_enough_to_cut()); below 1 the player asks for mus with a good hand.
  double cut_strong = 1.0;
  // Discards.
  /// Chance to discard by a beginner's rule (keep the kings and the pairs, throw the rest)
  /// instead of the club player's sampled best choice (suggested_discard()).
  double naive_discard = 0.0;
  // Opening a lance.
  double ordago_open = 0.93;  ///< Órdago when p >= this and the score calls for one.
  /// Órdago when p >= this, whatever the score (style_never: never).
  double ordago_open_any = style_never;
  double bet_at = 0.80;   ///< Bet 2 when p >= this ...
  double bet3_at = 0.85;  ///< ... 3 when p >= this ...
  double bet5_at = 0.90;  ///< ... and 5 when p >= this.
  double club_at = 0.55;    ///< With a club hand (two kings for grande, ...) and p >= this ...
  double club_rate = 0.80;  ///< ... bet 2 this often.
  double fair_at = 0.65;    ///< With any hand and p >= this ...
  double fair_rate = 0.35;  ///< ... bet 2 this often.
  double bluff_rate = 0.04;  ///< Otherwise bet 2 this often (a farol).
  // Answering a bet.
  double trust = 0.90;  ///< The chance is multiplied by this against a bet (q = p * trust).
  double raise_at = 0.80;    ///< Raise 2 when q >= this (3 when q >= raise3_at) ...
  double raise3_at = 0.88;   ///< ... (the threshold of a raise of 3) ...
  double raise_rate = 0.60;  ///< ... this often, when the stake is below what the team needs.
  double reraise_ordago = 0.90;  ///< Answer with an órdago when q >= this and the opponents
                                 ///< need 12 or fewer points.
  /// Answer with an órdago when q >= this (style_never: never).
  double reraise_ordago_any = style_never;
  double accept_margin = 0.08;  ///< Accept when q >= the break-even chance + this.
  // Answering an órdago: accept when p * ordago_trust >= the threshold of the score.
  double ordago_trust = 0.92;       ///< The chance is multiplied by this against an órdago.
  double accept_ordago = 0.75;      ///< The threshold at most scores.
  double accept_ordago_late = 0.45;  ///< The threshold when the opponents need 8 or fewer.
  double accept_ordago_ahead = 0.82;  ///< The threshold when the team needs 8 or fewer and
                                      ///< the opponents more than 15.
  /// Deals sampled for the chance of a lance (sampled_lance_chance()); 0 = lance_chance().
  int samples = 0;
};

/**
 * @brief The style a kind plays with.
 * @param k The kind.
 * @return Its parameters; the heuristic's for heuristic, search (whose mus, discards and
 *         rollouts are the heuristic's), random and unknown kinds.
 */
[[nodiscard]] const BotStyle& bot_style(BotKind k) noexcept;

/// The search bot's default budget: playouts per decision (a few ms of CPU per betting
/// decision on a 2020s x86-64 core; see docs/bots.md).
inline constexpr int default_search_playouts = 480;

/// The expert's default budget: playouts per decision (see docs/bots.md for its cost).
inline constexpr int default_expert_playouts = 720;

/// The search budget of the strong level (fuerte), in playouts: below the search bot's
/// default, so that each level is stronger than the one below (docs/bots.md, "The rating
/// list").
inline constexpr int strong_level_playouts = 80;

/// The largest budget a configuration may ask for, per decision.
inline constexpr int max_search_playouts = 1'000'000;

/// How a bot plays; mirrors the C API's `mus_bot_config`.
struct BotConfig {
  BotKind kind = BotKind::heuristic;  ///< The kind.
  /// Search budget per decision in playouts (rollouts of one candidate action in one sampled
  /// deal); 0 = default_search_playouts (for the expert, default_expert_playouts). Ignored by
  /// the kinds that do not search.
  std::int32_t playouts = 0;
  /// Optional wall-clock cap per decision in milliseconds, for the search bot; 0 = none. With
  /// a cap the search stops early when time runs out, so its choice may depend on the machine.
  std::int32_t time_ms = 0;
  /// The exploiter's target: the bot whose policy it knows and plays against (any kind but
  /// the exploiter). Ignored by the other kinds.
  BotKind target = BotKind::heuristic;
};

/**
 * @brief A configuration from its name: a kind's name ("search"), or "exploiter:" and the
 *        target's name ("exploiter:heuristic"), with the default budget.
 * @param name The name.
 * @return The configuration, or Errc::invalid_argument for another name.
 */
[[nodiscard]] Result<BotConfig> parse_bot_config(std::string_view name) noexcept;

/// @brief Check a configuration: a known kind, 0 <= playouts <= max_search_playouts,
///        time_ms >= 0, and for the exploiter a known target other than the exploiter.
/// @param c The configuration.
/// @return Errc::ok or Errc::invalid_argument.
[[nodiscard]] Errc validate_bot_config(const BotConfig& c) noexcept;

/// @name Levels: the bots a player chooses by strength
/// @{

/**
 * @brief A level of play: the bots ordered by strength, for a player choosing opponents (the
 *        numbers are the C API's `MUS_LEVEL_*`, weakest first).
 *
 * Each level is one bot configuration (level_config()); docs/bots.md describes each as a
 * player would and rates them. A front end lists them in this order, by level_display_name(),
 * and stores level_id().
 */
enum class Level : std::uint8_t {
  beginner = 0,  ///< "principiante": BotKind::beginner.
  amateur = 1,   ///< "aficionado": BotKind::amateur.
  club = 2,      ///< "jugador de club": BotKind::heuristic.
  strong = 3,    ///< "fuerte": BotKind::search with its default budget.
  expert = 4,    ///< "experto": BotKind::expert with its default budget.
};

/// The levels, weakest first.
inline constexpr std::array<Level, 5> levels{Level::beginner, Level::amateur, Level::club,
                                             Level::strong, Level::expert};

/// @brief A level's id for code, files and command lines: "beginner", "amateur", "club",
///        "strong" or "expert" ("?" when unknown).
/// @param l The level.
/// @return Static ASCII text.
[[nodiscard]] std::string_view level_id(Level l) noexcept;

/// @brief A level's name for players, in Spanish (UTF-8): "principiante", "aficionado",
///        "jugador de club", "fuerte" or "experto" ("?" when unknown).
/// @param l The level.
/// @return Static text.
[[nodiscard]] std::string_view level_display_name(Level l) noexcept;

/// @brief The level of a name: its id (level_id()) or its display name
///        (level_display_name()), exactly.
/// @param name The name.
/// @return The level, or Errc::parse for another name (its message lists the names).
[[nodiscard]] Result<Level> parse_level(std::string_view name) noexcept;

/// @brief The bot configuration of a level: its kind and budget (the kind's default, except
///        the strong level's search at strong_level_playouts), no time cap.
/// @param l The level.
/// @return The configuration; the club level's for an unknown value.
[[nodiscard]] BotConfig level_config(Level l) noexcept;

/// @}

/**
 * @brief What a seat may know when it decides: its own cards, the public state, the actions
 *        it may play, and a state whose hidden cards were replaced.
 *
 * Build it with bot_view(). Every field is a function of the seat's knowledge only.
 */
struct BotView {
  int seat = 0;                    ///< The seat deciding.
  SeatView view{};                 ///< Own cards and the public state.
  Rules rules{};                   ///< The rules of the match.
  ActionList legal;                ///< Legal actions when this seat is to act (else empty).
  int min_bet = 0;                 ///< Smallest bet or raise now (0: none).
  int max_bet = 0;                 ///< Largest bet or raise now.
  bool complete = false;           ///< The seat's hand holds four cards.
  Hand hand{};                     ///< The seat's cards (meaningful when complete).
  HandEval eval{};                 ///< Their evaluation (meaningful when complete).
  std::uint16_t open_signals = 0;  ///< Truthful signals the seat may still make now.
  /// The cards the seat has not seen in this hand: every card but its own.
  std::uint64_t unseen = 0;
  /// A state behind the view: state_from_view() of the view with the canonical placement, so
  /// a function of the view alone, which validate_state() accepts, and in which every hand the
  /// seat cannot see agrees with what its seat made public (signals, declarations, tío
  /// Perete). The search bot draws other placements of the same view before it plays. For a
  /// state validate_state() refuses, which has no such state, it is that state itself.
  State hidden{};
};

/**
 * @brief The view of `seat` in a state: the only function of this header that reads the
 *        full state.
 * @param s The state.
 * @param seat 0..3 (any other value is treated as 0).
 * @return The view; two states that differ only in cards the seat has not seen give equal
 *         views.
 */
[[nodiscard]] BotView bot_view(const State& s, int seat) noexcept;

/**
 * @brief The action a bot chooses from a seat's view (the seat must be the seat to act).
 * @param v The view (bot_view()).
 * @param c The bot.
 * @param seed The decision's random seed.
 * @return A legal action, or Errc::invalid_argument for a bad configuration,
 *         Errc::match_over, Errc::wrong_phase (a shuffle is due) or Errc::not_your_turn.
 */
[[nodiscard]] Result<Action> bot_choose(const BotView& v, const BotConfig& c,
                                        std::uint64_t seed) noexcept;

/**
 * @brief Same as bot_choose(bot_view(s, seat), c, seed), after checking the seat.
 * @param s The state.
 * @param seat The seat to act.
 * @param c The bot.
 * @param seed The decision's random seed.
 * @return A legal action, or Errc::invalid_argument for a seat outside 0..3 or a bad
 *         configuration, Errc::match_over, Errc::wrong_phase or Errc::not_your_turn.
 */
[[nodiscard]] Result<Action> bot_choose(const State& s, int seat, const BotConfig& c,
                                        std::uint64_t seed) noexcept;

/**
 * @brief The signal the heuristic bot makes out of turn, e.g. in a table's signal round right
 *        after the cut, or nothing.
 *
 * The heuristic bot plans how many signals to make in a hand (none about a quarter of the
 * time, one or two otherwise) from its own cards, and makes them, the most useful first, in
 * this call or at its turns in the betting phases.
 * @param v The view (any seat, to act or not).
 * @return The signal action, or Errc::illegal_action when the bot makes none now.
 */
[[nodiscard]] Result<Action> bot_signal(const BotView& v) noexcept;

/// One candidate action and the search bot's estimate of it.
struct ActionEstimate {
  Action action{};    ///< The action.
  int id = -1;        ///< Its action id.
  double points = 0;  ///< Mean value: own team's points minus the opponents', score-weighed.
  int samples = 0;    ///< Rollouts behind the mean.
};

/// The search bot's estimates, best first; no allocation.
struct ActionEstimates {
  std::array<ActionEstimate, static_cast<std::size_t>(action_id_count)> items{};  ///< Estimates.
  std::size_t size = 0;  ///< How many are valid.
};

/**
 * @brief The search bot's estimate of each action it considers (what it maximises).
 *
 * In the betting phase these are the candidate bets and answers; in the other phases, where
 * the search bot plays the heuristic's choice, the one action the heuristic chooses, estimated
 * by rollouts all the same.
 * @param v The view.
 * @param c The budget; an exploiter searches against its target, the expert as the expert,
 *        every other kind as the search bot.
 * @param seed The random seed.
 * @return The estimates, best first (none for a view whose BotView::hidden is not a state
 *         validate_state() accepts: nothing to sample), or the errors of bot_choose(). The
 *         expert ranks a candidate other than the club player's choice by its mean less one
 *         standard error of their difference, so its order may differ from the means'.
 */
[[nodiscard]] Result<ActionEstimates> bot_evaluate(const BotView& v, const BotConfig& c,
                                                   std::uint64_t seed) noexcept;

/// How far playouts() plays; the numbers are the C API's `MUS_PLAYOUT_*`.
enum class PlayoutScope : std::uint8_t {
  hand = 0,   ///< To the end of the current hand.
  match = 1,  ///< To the end of the match.
};

/**
 * @brief Play `n` playouts from a state, every seat played by the bot `c` from its own view.
 *
 * The playouts are numbered `first`, `first + 1`, ..., `first + n - 1` (modulo 2^64): playout
 * number k starts from `s`; its shuffles and decisions draw from seeds derived from `seed` and
 * k: with `base = derive_seed(seed, 3, k)`, its j-th shuffle has the seed
 * `derive_seed(base, 1, j)` and its j-th decision is `bot_choose(..., derive_seed(base, 2, j))`,
 * so a loop of bot_choose() calls reproduces it, and n playouts split into calls of any sizes
 * (each call's `first` the number of playouts before it) give the points of one call.
 * `points[2i]` and `points[2i+1]` receive the points teams 0 and 1 gained in playout
 * `first + i` (the count, dejes and tío Perete). The random bot's playouts pick from the legal
 * mask without building views (the same picks, several times faster).
 * @param s The state (a match already over gains nothing).
 * @param c The bot of every seat.
 * @param seed The seed.
 * @param first The number of the first playout (0 for a single call).
 * @param n Number of playouts, >= 0.
 * @param scope How far to play.
 * @param points Receives 2n entries (may be null when n is 0).
 * @return Errc::ok, Errc::invalid_argument (bad configuration, n < 0, null points) or
 *         Errc::internal if a bot chose an action the reducer refused (a bug).
 */
[[nodiscard]] Errc playouts(const State& s, const BotConfig& c, std::uint64_t seed,
                            std::uint64_t first, int n, PlayoutScope scope,
                            std::int32_t* points) noexcept;

/// @name The heuristic's judgement, for tips and front ends
/// @{

/**
 * @brief A hand's percentile in a lance: the share of all C(40,4) = 91,390 hands that play
 *        the lance (all hands for grande and chica, those with pares, with juego, or without
 *        juego for punto) it beats, ties counted half.
 * @param e The hand's evaluation.
 * @param l The lance.
 * @param kings 8 or 4.
 * @return 0..1; 0 for a lance the hand does not play (pares or juego without them), 1 for
 *         punto with juego and for a 31 real in juego.
 */
[[nodiscard]] double lance_percentile(const HandEval& e, Lance l, int kings) noexcept;

/**
 * @brief The chance (0..1) that the seat's team wins a lance, from the hand's percentile
 *        among all hands, the partner's signals and declarations, and the opponents taking
 *        part.
 * @param v The view (with a complete hand).
 * @param l The lance.
 * @return The chance.
 */
[[nodiscard]] double lance_chance(const BotView& v, Lance l) noexcept;

/**
 * @brief The chance (0..1) that the seat's team wins a lance, estimated by dealing the cards
 *        the seat has not seen `samples` times, each deal consistent with what is public (the
 *        signals made, tío Perete, the pares and juego declarations: the search bot's
 *        determinization), and counting the deals in which a seat of its team wins the lance.
 *
 * The careful bot (BotKind::careful) judges every bet by this chance, with its decision's
 * seed and its style's `samples`.
 * @param v The view (with a complete hand).
 * @param l The lance.
 * @param samples Deals to sample, >= 1 (values below 1 read as 1).
 * @param seed The seed of the deals.
 * @return The share of deals the team wins; deals in which nobody plays the lance count half.
 */
[[nodiscard]] double sampled_lance_chance(const BotView& v, Lance l, int samples,
                                          std::uint64_t seed) noexcept;

/// @brief Whether a club player cuts (no hay mus) with this hand at the first mus question.
/// @param v The view (with a complete hand).
/// @return True for a hand strong enough to play as it is.
[[nodiscard]] bool strong_enough_to_cut(const BotView& v) noexcept;

/**
 * @brief The cards a club player discards: the choice with the best average hand value after
 *        drawing, estimated with `samples` random draws of unseen cards.
 * @param v The view (with a complete hand).
 * @param seed The seed of the draws.
 * @param samples Draws per choice, >= 1.
 * @return The mask of card ids to discard.
 */
[[nodiscard]] std::uint64_t suggested_discard(const BotView& v, std::uint64_t seed,
                                              int samples) noexcept;

/// @}

}  // namespace mus

#endif  // MUS_BOTS_HPP
