// The statistics of `mus-cli sim --duplicate`, apart from the command so that they can be
// tested with known inputs: the Wilson interval, the mean and its standard error, and a ledger
// of each team's points (raw and capped at the target) and órdagos, fed by the reducer's events.
#ifndef MUS_CLI_MEASURE_HPP
#define MUS_CLI_MEASURE_HPP

#include <array>
#include <vector>

#include "mus/mus.hpp"

namespace muscli {

/// A confidence interval.
struct Interval {
  double low = 0;   ///< Lower end.
  double high = 1;  ///< Upper end.
};

/// The Wilson score interval at 95% (z = 1.96) for `wins` successes in `n` trials; [0, 1]
/// when n is 0.
Interval wilson(long wins, long n);

/// A sample's mean and the standard error of the mean.
struct MeanSe {
  double mean = 0;  ///< The mean (0 for an empty sample).
  double se = 0;    ///< sd / sqrt(n), with the n - 1 sd (0 below two values).
};

/// The mean and standard error of `x`.
MeanSe mean_se(const std::vector<double>& x);

/// Órdagos of one team: called, then accepted by the other team, then won at the showdown.
struct Ordagos {
  long called = 0;    ///< Órdagos the team called.
  long accepted = 0;  ///< Of those, the ones the opponents accepted.
  long won = 0;       ///< Of those, the ones the team won.
};

/**
 * Each team's points and órdagos over the steps it is shown.
 *
 * - raw: the points the reducer credits (the count, dejes, tío Perete); a hand an accepted
 *   órdago ends credits none.
 * - capped: the same points, each counted only up to what the team still needed to reach the
 *   target, and a game won credited with whatever it still needed when it won (an órdago won
 *   from 0-0 is worth the target). So a hand is valued by what it did to the game: points past
 *   the target count for nothing, and an órdago counts.
 */
class Ledger {
 public:
  /// Accounts one step: `before` is the state the step was applied to, `events` its events.
  void step(const mus::State& before, const mus::Events& events);
  /// Points credited to `team` (0 or 1).
  [[nodiscard]] long raw(int team) const { return raw_[static_cast<std::size_t>(team)]; }
  /// Points capped at the target, games won included, for `team`.
  [[nodiscard]] long capped(int team) const { return capped_[static_cast<std::size_t>(team)]; }
  /// The órdagos of `team`.
  [[nodiscard]] const Ordagos& ordagos(int team) const {
    return ordagos_[static_cast<std::size_t>(team)];
  }

 private:
  std::array<long, 2> raw_{};
  std::array<long, 2> capped_{};
  std::array<Ordagos, 2> ordagos_{};
  int caller_ = -1;  // the team whose órdago is open
};

}  // namespace muscli

#endif  // MUS_CLI_MEASURE_HPP
