/**
 * @file step_gain.hpp
 * @brief What one step of the reducer gained each team, measured the one way the C API does:
 *        mus_step()'s report (mus_step_info) and the batch's rewards (mus_batch_step()) both
 *        come from here. Not installed.
 */
#ifndef MUS_CAPI_STEP_GAIN_HPP
#define MUS_CAPI_STEP_GAIN_HPP

#include <array>
#include <cstddef>
#include <cstdint>

#include "mus/match.hpp"

namespace mus::capi {

/// What a step is measured against: the game scores and the last finished hand's number before
/// the step.
struct StepMark {
  std::array<std::int16_t, 2> points;  ///< Each team's game score before the step.
  std::uint32_t hand;                  ///< HandSummary::number before the step.
};

/// The mark of a state about to be stepped.
[[nodiscard]] constexpr StepMark step_mark(const State& s) noexcept {
  return StepMark{s.scores.points, s.last.number};
}

/// What a step gained (the fields of mus_step_info of the same names).
struct StepGain {
  bool hand_over;                      ///< The step finished a hand.
  std::int32_t game_winner;            ///< The team that won a game in the step, else -1.
  std::array<std::int32_t, 2> points;  ///< Points each team's game score gained, 0 or more.
};

/**
 * @brief What the step from the state marked `before` to `after` gained.
 *
 * finish_hand() numbers the summary with the hand just played: a new number, a new count. A
 * won game has reset the scores by then (R30), so a finished hand is measured on its summary's
 * `score_after`; the points of the steps of one hand add up to `score_after - score_before`.
 */
[[nodiscard]] constexpr StepGain step_gain(const StepMark& before, const State& after) noexcept {
  StepGain g{};
  g.hand_over = after.last.number != before.hand;
  g.game_winner = g.hand_over ? after.last.game_winner : -1;
  const std::array<std::int16_t, 2>& now = g.hand_over ? after.last.score_after
                                                       : after.scores.points;
  for (std::size_t t = 0; t < 2; ++t) g.points[t] = now[t] - before.points[t];
  return g;
}

}  // namespace mus::capi

#endif  // MUS_CAPI_STEP_GAIN_HPP
