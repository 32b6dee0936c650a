// The heuristic's judgement of hands: each strength's percentile among all C(40,4) = 91,390
// hands, what each signal says about each lance, and the chance that a team wins a lance.
#include "bots_internal.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstddef>
#include <cstdint>

namespace mus::bots {

namespace {

// The nodes of team_win_chance()'s midpoint rule, x_i = (i + 0.5) / steps.
constexpr int steps = 64;

// Sums over the nodes from i to the last, of x_i (first[i]) and of x_i squared (second[i]).
struct NodeSums {
  std::array<double, steps + 1> first{};
  std::array<double, steps + 1> second{};
};

constexpr NodeSums sum_nodes() {
  NodeSums s;
  for (int i = steps - 1; i >= 0; --i) {
    const double x = (i + 0.5) / steps;
    const auto u = static_cast<std::size_t>(i);
    s.first[u] = s.first[u + 1] + x;
    s.second[u] = s.second[u + 1] + x * x;
  }
  return s;
}

constexpr NodeSums node_sums = sum_nodes();

// Turns counts by strength into percentiles: (weaker + half of equal) / total.
template <std::size_t N>
void to_percentiles(const std::array<long, N>& counts, std::array<float, N>& out) {
  long total = 0;
  for (const long c : counts) total += c;
  if (total == 0) return;
  long below = 0;
  for (std::size_t i = 0; i < N; ++i) {
    out[i] =
        static_cast<float>((static_cast<double>(below) + 0.5 * static_cast<double>(counts[i])) /
                           static_cast<double>(total));
    below += counts[i];
  }
}

// Calls f(hand) for each of the C(40,4) = 91,390 hands, without storing them.
template <class F>
void for_each_hand(F&& f) {
  const auto card = [](int id) { return Card::from_id_unchecked(static_cast<std::uint8_t>(id)); };
  for (int a = 0; a < deck_size; ++a)
    for (int b = a + 1; b < deck_size; ++b)
      for (int c = b + 1; c < deck_size; ++c)
        for (int d = c + 1; d < deck_size; ++d)
          f(Hand::from_cards_unchecked({card(a), card(b), card(c), card(d)}));
}

Percentiles build(int kings) {
  Percentiles p;
  std::array<long, 10000> grande{};
  std::array<long, 10000> chica{};
  std::array<long, 400> pares{};
  std::array<long, 50> juego{};
  std::array<long, 41> punto{};
  for_each_hand([&](const Hand& h) {
    const HandEval e = evaluate(h, kings);
    ++grande[e.grande];
    ++chica[e.chica];
    if (has_pares(e)) {
      ++pares[e.pares];
    }
    if (has_juego(e)) {
      ++juego[e.juego];
    } else {
      ++punto[e.value];
    }
  });
  to_percentiles(grande, p.grande);
  to_percentiles(chica, p.chica);
  to_percentiles(pares, p.pares);
  to_percentiles(juego, p.juego);
  to_percentiles(punto, p.punto);

  // What a signal says about each lance: the mean percentile of the hands it is true of.
  Rules rules;
  rules.kings = static_cast<std::uint8_t>(kings);
  std::array<std::array<double, 5>, signal_count> sum{};
  std::array<std::array<long, 5>, signal_count> n{};
  for_each_hand([&](const Hand& h) {
    const HandEval e = evaluate(h, kings);
    const std::uint16_t truth = true_signals(h, rules);
    const std::array<double, 5> pct{
        p.grande[e.grande], p.chica[e.chica], has_pares(e) ? p.pares[e.pares] : -1.0,
        has_juego(e) ? p.juego[e.juego] : -1.0, has_juego(e) ? -1.0 : p.punto[e.value]};
    for (int k = 0; k < signal_count; ++k) {
      if (((truth >> k) & 1U) == 0) continue;
      for (std::size_t l = 0; l < 5; ++l) {
        if (pct[l] < 0) continue;
        sum[static_cast<std::size_t>(k)][l] += pct[l];
        ++n[static_cast<std::size_t>(k)][l];
      }
    }
  });
  for (std::size_t k = 0; k < sum.size(); ++k)
    for (std::size_t l = 0; l < 5; ++l)
      p.signal_mean[k][l] =
          n[k][l] == 0 ? -1.0F : static_cast<float>(sum[k][l] / static_cast<double>(n[k][l]));
  return p;
}

}  // namespace

const Percentiles& percentiles(int kings) {
  static const Percentiles eight = build(8);
  static const Percentiles four = build(4);
  return kings == 4 ? four : eight;
}

double team_win_chance(double me, double partner, bool partner_plays, int opponents) {
  if (opponents <= 0) return 1.0;
  const auto beat_all = [opponents](double x) {  // x^opponents by products (pow is dear)
    const double c = std::clamp(x, 0.0, 1.0);
    double r = c;
    for (int i = 1; i < opponents; ++i) r *= c;
    return r;
  };
  if (!partner_plays) return beat_all(me);
  if (partner >= 0) return beat_all(std::max(me, partner));
  // Partner unknown: the average over a uniform percentile x of beat_all(max(me, x)), by the
  // midpoint rule over `steps` nodes. The nodes at or below me give beat_all(me); the others
  // their own power, summed once for all (node_sums): the heuristic asks this at every step of
  // every rollout, and the sum node by node was a quarter of the expert's CPU.
  const double m = std::clamp(me, 0.0, 1.0);
  const int below = std::clamp(static_cast<int>(std::floor(m * steps + 0.5)), 0, steps);
  double above = 0;
  if (opponents == 1) {
    above = node_sums.first[static_cast<std::size_t>(below)];
  } else if (opponents == 2) {
    above = node_sums.second[static_cast<std::size_t>(below)];
  } else {
    for (int i = below; i < steps; ++i) above += beat_all((i + 0.5) / steps);
  }
  return (below * beat_all(m) + above) / steps;
}

}  // namespace mus::bots

namespace mus {

double lance_percentile(const HandEval& e, Lance l, int kings) noexcept {
  const bots::Percentiles& p = bots::percentiles(kings);
  switch (l) {
    case Lance::grande: return p.grande[e.grande];
    case Lance::chica: return p.chica[e.chica];
    case Lance::pares: return has_pares(e) ? p.pares[e.pares] : 0.0;
    case Lance::juego:
      if (is_real31(e)) return 1.0;
      return has_juego(e) ? p.juego[e.juego] : 0.0;
    case Lance::punto: return has_juego(e) ? 1.0 : p.punto[e.value];
  }
  return 0.0;
}

}  // namespace mus
