// How good a hand is in each lance, as a percentile among all C(40,4) = 91,390 hands, and the
// chance that a team wins a lance given its members' percentiles. Used by the heuristic bot and
// by the tips of `play`. Computed once per kings setting (thread-safe static tables).
#ifndef MUS_CLI_STRENGTH_HPP
#define MUS_CLI_STRENGTH_HPP

#include <array>

#include "mus/mus.hpp"

namespace muscli {

/// Percentile tables for one kings setting: the share of hands a strength beats (ties half).
struct Percentiles {
  std::array<float, 10000> grande{};  ///< By HandEval::grande, among all hands.
  std::array<float, 10000> chica{};   ///< By HandEval::chica, among all hands.
  std::array<float, 400> pares{};     ///< By HandEval::pares, among hands with pares.
  std::array<float, 50> juego{};      ///< By HandEval::juego, among hands with juego.
  std::array<float, 41> punto{};      ///< By value, among hands without juego.
  float share_pares = 0;              ///< Share of all hands that have pares.
  float share_juego = 0;              ///< Share of all hands that have juego.
  /// Mean percentile, per signal and lance (grande..punto), of the hands the signal is true of.
  std::array<std::array<float, 5>, mus::signal_count> signal_mean{};
};

/// The tables for 8 or 4 kings (built on first use).
const Percentiles& percentiles(int kings);

/// A hand's percentile in a lance (among the hands that play that lance).
double lance_percentile(const mus::HandEval& e, mus::Lance l, int kings);

/**
 * @brief The chance that a team's best hand beats the opponents' best, treating percentiles
 *        as independent uniform draws.
 * @param me My percentile.
 * @param partner Partner's percentile estimate, or a negative number when unknown (uniform),
 *                or when `partner_plays` is false, ignored.
 * @param partner_plays Whether the partner takes part in the lance.
 * @param opponents How many opponents take part (0..2).
 */
double team_win_chance(double me, double partner, bool partner_plays, int opponents);

}  // namespace muscli

#endif  // MUS_CLI_STRENGTH_HPP
