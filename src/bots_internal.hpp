// Internals of the bots (src/bots*.cpp); not installed. The seeded PRNG of every decision, the
// percentile tables the heuristic judges hands by, and the decision functions the bot kinds
// share. Everything here reads a BotView, never a full state.
#ifndef MUS_SRC_BOTS_INTERNAL_HPP
#define MUS_SRC_BOTS_INTERNAL_HPP

#include <array>
#include <cstdint>

#include "mus/bots.hpp"
#include "rng.hpp"

namespace mus::bots {

/// A seed for item `index` of a purpose `stream` (mus::derive_seed()).
constexpr std::uint64_t derive(std::uint64_t base, std::uint64_t stream,
                               std::uint64_t index) noexcept {
  return derive_seed(base, stream, index);
}

/// The decisions' PRNG (src/rng.hpp): the same seed gives the same numbers everywhere.
using Rng = detail::Rng;

/// Percentile tables for one kings setting: the share of hands a strength beats (ties half).
struct Percentiles {
  std::array<float, 10000> grande{};  ///< By HandEval::grande, among all hands.
  std::array<float, 10000> chica{};   ///< By HandEval::chica, among all hands.
  std::array<float, 400> pares{};     ///< By HandEval::pares, among hands with pares.
  std::array<float, 50> juego{};      ///< By HandEval::juego, among hands with juego.
  std::array<float, 41> punto{};      ///< By value, among hands without juego.
  /// Mean percentile, per signal and lance (grande..punto), of the hands the signal is true of.
  std::array<std::array<float, 5>, signal_count> signal_mean{};
};

/// The tables for 8 or 4 kings: immutable, built on first use (thread-safe initialisation).
const Percentiles& percentiles(int kings);

/// The chance that a team's best hand beats the opponents' best (percentiles as independent
/// uniform draws); `partner` < 0 means unknown; ignored when the partner does not play.
double team_win_chance(double me, double partner, bool partner_plays, int opponents);

/// Fills every field of `v` but `hidden` and `unseen` for `seat` of `s` (its own cards and
/// the public state): the part of bot_view() the heuristic reads, cheap enough for rollouts.
void fill_seen(BotView& v, const State& s, int seat) noexcept;

/// The random bot's choice: uniform over the legal list.
Action random_action(const BotView& v, Rng& rng) noexcept;

/// The heuristic bot's choice; with `signals` false it never signals (rollouts).
Action heuristic_action(const BotView& v, Rng& rng, bool signals) noexcept;

/// The choice of a style-based bot (the heuristic's rules with the parameters of `st`); a
/// style with `samples` > 0 judges its bets by sampled_lance_chance() with `seed`.
Action style_action(const BotView& v, Rng& rng, bool signals, const BotStyle& st,
                    std::uint64_t seed) noexcept;

/// How the search models the other players: the policies it plays them with in the rollouts
/// and weighs the sampled deals by (inference), and how they answer an órdago of its team.
struct OpponentModel {
  /// The policies of the other team's seats: each sampled deal draws one per seat, and the
  /// inference averages an action's likelihood over them.
  std::array<BotKind, 8> styles{};
  int style_count = 0;
  /// The policy of the partner's seat (rollouts and inference).
  BotKind partner = BotKind::heuristic;
  /// The other team answers an órdago of ours by its own equity (accepts exactly when
  /// accepting is worth more to it than refusing), whatever its style.
  bool cautious_ordago = false;
  /// Chance floor of each modelled action: likelihoods stay within [floor, 1 - floor].
  double floor = 0.05;
  /// The floor of an observed bet or órdago, choices rarer than a pass, which say more about
  /// the hand (below 0: `floor`).
  double strong_floor = -1;
  /// Draws of a policy per seat and observation when the inference estimates a likelihood.
  int draws = 2;
  /// The careful style answers an órdago in the rollouts by its own sampled deals, as it
  /// does (else by its style's percentile chance, which costs far less).
  bool careful_sampled_answers = true;
  /// Deals a cautious answerer samples from its view to judge an órdago.
  int cautious_deals = 16;
};

/// The search bot's model: a mixture of styles and the cautious órdago answer.
OpponentModel robust_model() noexcept;

/// The exploiter's model: the target's own policy at the other team's seats.
OpponentModel exact_model(BotKind target) noexcept;

/// The model a searching configuration plays against: exact_model(c.target) for the
/// exploiter, robust_model() otherwise.
OpponentModel model_of(const BotConfig& c) noexcept;

/// What the public record of the current hand (the lances' betting so far, the open bet) says
/// about the players other than the seat of `v`; built once per decision.
struct Evidence {
  /// One observed choice of one or more seats.
  struct Item {
    std::uint8_t seats = 0;   ///< Bit s: seat s (never the observer).
    bool all_of = true;       ///< Every seat of `seats` made it (else at least one).
    Lance lance = Lance::grande;  ///< The lance.
    bool answering = false;   ///< An answer to a bet of the other team (else an opening).
    bool ordago = false;      ///< The bet answered (answering) or made (else) was an órdago.
    ActionKind kind = ActionKind::pass;  ///< pass, bet (a bet or raise, órdago included),
                                         ///< ordago, accept (or a raise), reject.
  };
  std::array<Item, 16> items{};  ///< The observations.
  int size = 0;                  ///< How many.
};

/// The evidence of the view's public record.
Evidence gather_evidence(const BotView& v) noexcept;

/// The likelihood of the evidence if the hidden cards were those of `world` (a deal
/// consistent with v), under the model: the product, over the observations, of the chance
/// that the modelled policies make those choices with the world's hands. Adds the policy draws
/// it makes to `work` (when not null).
double evidence_weight(const Evidence& ev, const State& world, const OpponentModel& m,
                       int observer, std::uint64_t seed, std::int64_t* work = nullptr) noexcept;

/// A deal of the view's hidden cards consistent with the public facts (declarations, signals,
/// tío Perete): v.hidden, the state state_from_view() built behind the view, with the unseen
/// cards placed again by the builder's placement (detail::place_unseen()) from the next number
/// of `rng`. A state validate_state() accepts when v.hidden is one (bot_view() makes it so for
/// every state validate_state() accepts); refused when no placement agrees, or when the exact
/// search finds none within the bots' bound (50,000 hands: bots_search.cpp's placement_budget,
/// against state_from_view()'s million). When `work` is not null, adds the placement's cost to
/// it in rollout steps' worth (SearchSettings::work_cap): a deal whose public facts leave few
/// hands to choose costs many tries.
Result<State> determinize(const BotView& v, Rng& rng, std::int64_t* work = nullptr) noexcept;

/// A debug callback of the search (tests): `seen` is called with every sampled deal the search
/// rolls out or weighs a showdown in, nested searches included, and the view it was sampled
/// from, before the deal is used.
struct SearchWatch {
  /// The callback.
  void (*seen)(void* context, const SeatView& from, const State& deal) = nullptr;
  void* context = nullptr;  ///< Its first argument.
};

/// How a search weighs and bounds its rollouts.
struct SearchSettings {
  /// The points per hand the searching team expects to gain over its opponents: the edge of
  /// the value's game chance (see docs/bots.md, the search's value). 4 points is about the
  /// search bot's margin over the heuristic.
  double edge = 4.0;
  /// Work (rollout steps, and the deals and views a rollout's judgements build, in steps'
  /// worth) after which no further deal is started; 0: none. Deterministic, unlike a clock.
  std::int64_t work_cap = 0;
  /// When not null, receives the work done (tests and measurements).
  std::int64_t* work_done = nullptr;
  /// The candidate (an index into the candidates) the others are measured against, or -1.
  /// With one, candidates are ranked by their mean less `caution` standard errors of their
  /// paired difference with it over the sampled deals: a choice away from the reference must
  /// win by more than the noise of its estimate (a gamble such as an órdago, whose outcome
  /// swings a whole game, is not chosen for a lucky sample).
  int reference = -1;
  /// How many standard errors (above); 0: by the mean alone.
  double caution = 0.0;
};

/// The search of given candidate actions (their estimates best first) against the model:
/// the core of search_estimates() and of the expert.
ActionEstimates search_candidates(const BotView& v, const BotConfig& c, std::uint64_t seed,
                                  const OpponentModel& m, const SearchSettings& settings,
                                  const Action* cand, int count,
                                  const SearchWatch* watch = nullptr) noexcept;

/// The candidates the search bot compares: every legal bet or answer but signals, the bets
/// thinned to a few amounts, plus `heuristic` (outside the betting phase, `heuristic` alone).
int search_candidates_of(const BotView& v, const Action& heuristic,
                         std::array<Action, 16>& out) noexcept;

/// The work (SearchSettings::work_cap) after which the expert starts no further deal: about
/// 13 ms of CPU on a 2020s x86-64 core in a decision that reaches it, under 18 ms in the
/// dearest ones (their deals' placements, counted too, try many hands). Deterministic, unlike a
/// clock: a seed gives the same choice on any machine.
inline constexpr std::int64_t expert_work_cap = 90'000;

/// The expert's model of the players (the search bot's, read more sharply).
OpponentModel expert_model() noexcept;

/// The expert's search settings: its edge and its work cap.
SearchSettings expert_settings() noexcept;

/// The expert's choice (BotKind::expert).
Action expert_action(const BotView& v, const BotConfig& c, std::uint64_t seed) noexcept;

/// The expert's estimates of the actions it compares, best first (bot_evaluate()); `watch`
/// (tests) sees every sampled deal.
ActionEstimates expert_estimates(const BotView& v, const BotConfig& c, std::uint64_t seed,
                                 const SearchWatch* watch = nullptr) noexcept;

/// The search's estimates of its candidate actions (best first) against the model. Used by
/// bot_choose() and bot_evaluate() (search bot: robust_model(), exploiter: exact_model()).
/// None when v.hidden is not a state validate_state() accepts with the view (nothing to
/// sample). `watch` (tests) sees every sampled deal.
ActionEstimates search_estimates(const BotView& v, const BotConfig& c, std::uint64_t seed,
                                 const OpponentModel& m,
                                 const SearchWatch* watch = nullptr) noexcept;

/// Whether the seat to act in `w`, facing an órdago, accepts by its own equity: the chance of
/// its team winning the lance's showdown over deals sampled from its view (weighed by the
/// inference of `m`) against the game chance after a refusal. Adds what it costs, in the search's
/// work units, to `work` (when not null).
bool cautious_accepts(const State& w, const OpponentModel& m, std::uint64_t seed,
                      const SearchWatch* watch = nullptr, std::int64_t* work = nullptr) noexcept;

/// The estimated value of every set of kept positions (bit i = keep position i) after random
/// draws of unseen cards: the club player's discard judgement (suggested_discard() keeps the
/// best). Sets the rules forbid (all four without zero_discard) get a negative value.
std::array<double, 16> discard_values(const BotView& v, std::uint64_t seed, int samples) noexcept;

}  // namespace mus::bots

#endif  // MUS_SRC_BOTS_INTERNAL_HPP
