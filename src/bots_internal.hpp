// Internals of the bots (src/bots*.cpp); not installed. The seeded PRNG of every decision, the
// percentile tables the heuristic judges hands by, and the decision functions the bot kinds
// share. Everything here reads a BotView, never a full state.
#ifndef MUS_SRC_BOTS_INTERNAL_HPP
#define MUS_SRC_BOTS_INTERNAL_HPP

#include <array>
#include <cstdint>

#include "mus/bots.hpp"

namespace mus::bots {

/// A seed for item `index` of a purpose `stream` (mus::derive_seed()).
constexpr std::uint64_t derive(std::uint64_t base, std::uint64_t stream,
                               std::uint64_t index) noexcept {
  return derive_seed(base, stream, index);
}

/// A deterministic PRNG (SplitMix64): the same seed gives the same numbers everywhere.
class Rng {
 public:
  explicit constexpr Rng(std::uint64_t seed) noexcept : state_(seed) {}
  /// The next 64 random bits.
  constexpr std::uint64_t next() noexcept { return mus::splitmix64(state_); }
  /// A uniform integer in 0..bound-1 (bound >= 1), by rejection: no modulo bias.
  constexpr std::uint32_t below(std::uint32_t bound) noexcept {
    if (bound <= 1) return 0;
    const std::uint32_t limit = (0U - bound) % bound;  // 2^32 mod bound
    for (;;) {
      const auto x = static_cast<std::uint32_t>(next() >> 32);
      const std::uint64_t m = std::uint64_t{x} * bound;
      if (static_cast<std::uint32_t>(m) >= limit) return static_cast<std::uint32_t>(m >> 32);
    }
  }
  /// A uniform double in [0, 1), from 53 random bits.
  constexpr double uniform() noexcept {
    return static_cast<double>(next() >> 11) * (1.0 / 9007199254740992.0);
  }
  /// True with probability p.
  constexpr bool chance(double p) noexcept { return uniform() < p; }

 private:
  std::uint64_t state_;
};

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

/// A deal of the hidden cards of v.hidden, consistent with the public facts (the signals made,
/// tío Perete, the pares and juego declarations) when one is found in a bounded number of
/// tries (the search bot's determinization, src/bots_search.cpp).
State determinize(const BotView& v, Rng& rng) noexcept;

/// The search bot's estimates of its candidate actions (best first); `chosen` receives the
/// best. Used by bot_choose() and bot_evaluate().
ActionEstimates search_estimates(const BotView& v, const BotConfig& c, std::uint64_t seed) noexcept;

}  // namespace mus::bots

#endif  // MUS_SRC_BOTS_INTERNAL_HPP
