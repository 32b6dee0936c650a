#include "measure.hpp"

#include <algorithm>
#include <cmath>

namespace muscli {

Interval wilson(long wins, long n) {
  if (n <= 0) return {0, 1};
  constexpr double z = 1.959963984540054;
  const double p = static_cast<double>(wins) / static_cast<double>(n);
  const double nn = static_cast<double>(n);
  const double denom = 1 + z * z / nn;
  const double centre = (p + z * z / (2 * nn)) / denom;
  const double half = z * std::sqrt(p * (1 - p) / nn + z * z / (4 * nn * nn)) / denom;
  return {std::max(0.0, centre - half), std::min(1.0, centre + half)};
}

MeanSe mean_se(const std::vector<double>& x) {
  MeanSe m;
  if (x.empty()) return m;
  const auto n = static_cast<double>(x.size());
  for (const double v : x) m.mean += v;
  m.mean /= n;
  double ss = 0;
  for (const double v : x) ss += (v - m.mean) * (v - m.mean);
  m.se = x.size() > 1 ? std::sqrt(ss / (n - 1) / n) : 0.0;
  return m;
}

void Ledger::step(const mus::State& before, const mus::Events& events) {
  const long target = before.rules.target;
  // What each team still needs, updated as the step's events credit points.
  std::array<long, 2> need{target - before.scores.points[0], target - before.scores.points[1]};
  for (std::size_t i = 0; i < events.size; ++i) {
    const mus::Event& e = events.items[i];
    if (e.team < 0 || e.team > 1) continue;
    const auto t = static_cast<std::size_t>(e.team);
    switch (e.kind) {
      case mus::EventKind::count:
      case mus::EventKind::deje:
      case mus::EventKind::perete: {
        raw_[t] += e.amount;
        const long counted = std::clamp<long>(e.amount, 0, std::max(0L, need[t]));
        capped_[t] += counted;
        need[t] -= counted;
        break;
      }
      case mus::EventKind::game:
        capped_[t] += std::max(0L, need[t]);  // the game is worth what was still needed
        need = {target, target};              // the next game starts from 0-0
        break;
      case mus::EventKind::ordago:
        ++ordagos_[t].called;
        caller_ = e.team;
        break;
      case mus::EventKind::showdown:
        if (caller_ >= 0) {
          auto& o = ordagos_[static_cast<std::size_t>(caller_)];
          ++o.accepted;
          o.won += e.team == caller_ ? 1 : 0;
        }
        caller_ = -1;
        break;
      case mus::EventKind::reject:
      case mus::EventKind::deal: caller_ = -1; break;
      default: break;
    }
  }
}

}  // namespace muscli
