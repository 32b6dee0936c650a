// The expert (BotKind::expert, the level experto): the search bot's method with a sharper
// reading of the bets and órdagos it has seen and a bounded cost per decision.
#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>

#include "bots_internal.hpp"

namespace mus::bots {

// The expert's model of the players: the search bot's mixture, read more sharply. A bet or an
// órdago is a rare choice, so a deal in which the bettor would not have made it keeps a
// weight of 1% (the search bot keeps 5%, which leaves half the weight of an órdago's deals on
// hands that would not call one); each likelihood is estimated from 4 draws of the policy. A
// cautious answerer judges an órdago from 12 sampled deals, and the careful style answers the
// expert's órdagos in the rollouts by percentile chances (its own 48 sampled deals, in every
// deal, would cost tens of milliseconds).
OpponentModel expert_model() noexcept {
  OpponentModel m = robust_model();
  m.strong_floor = 0.01;
  m.draws = 4;
  m.careful_sampled_answers = false;
  m.cautious_deals = 12;
  return m;
}

// The edge of the search bot; the work cap of bots_internal.hpp; a choice away from the club
// player's must beat it by one standard error of their difference over the sampled deals.
// Without that margin the largest of a dozen noisy means was often an órdago's (its value
// swings a whole game from deal to deal), and against the careful style the órdagos it
// accepted were won only 47% of the time (see docs/bots.md).
SearchSettings expert_settings() noexcept {
  SearchSettings s;
  s.edge = 4.0;
  s.work_cap = expert_work_cap;
  s.caution = 1.0;
  return s;
}

namespace {

constexpr std::uint64_t stream_discard = 31;

// The expert searches the mus decision and the discards too (the club player's choice being
// the reference of the margin against noise), with 720 playouts and a work cap of 90,000
// rather than 480 and 60,000. Against the careful style on seeds 11 and 12 (600 matches
// for each configuration, docs/bots.md): 71.7% of matches with both, 69.5% with the longer
// look alone, 68.8% with the search of the mus and discards alone, 68.0% with neither.

// How many discards the expert compares by search: the club player's best few.
constexpr int discard_candidates = 4;

// The candidates the expert compares in this phase, or 0 where it plays `heuristic` as it is.
int expert_candidates(const BotView& v, const Action& heuristic, std::uint64_t seed,
                      std::array<Action, 16>& out) {
  int n = 0;
  const auto add = [&](const Action& a) {
    for (int i = 0; i < n; ++i)
      if (out[static_cast<std::size_t>(i)] == a) return;
    for (std::size_t i = 0; i < v.legal.size; ++i)
      if (v.legal.items[i] == a && n < static_cast<int>(out.size())) {
        out[static_cast<std::size_t>(n++)] = a;
        return;
      }
  };
  switch (v.view.phase) {
    case Phase::betting: return search_candidates_of(v, heuristic, out);
    case Phase::mus:
      if (!v.complete) return 0;
      for (std::size_t i = 0; i < v.legal.size; ++i) {
        const ActionKind k = v.legal.items[i].kind;
        if (k == ActionKind::mus || k == ActionKind::cut) add(v.legal.items[i]);
      }
      return n >= 2 ? n : 0;
    case Phase::discard: {
      if (!v.complete) return 0;
      add(heuristic);
      const std::array<double, 16> value = discard_values(v, derive(seed, stream_discard, 0), 24);
      std::array<unsigned, 16> order{};
      for (unsigned k = 0; k < 16; ++k) order[k] = k;
      // Best first; an insertion sort (no allocation).
      for (std::size_t i = 1; i < order.size(); ++i)
        for (std::size_t k = i; k > 0 && value[order[k - 1]] < value[order[k]]; --k)
          std::swap(order[k - 1], order[k]);
      for (const unsigned keep : order) {
        if (n >= discard_candidates || value[keep] < 0) break;
        std::uint64_t cards = 0;
        for (int i = 0; i < hand_size; ++i)
          if (((keep >> i) & 1U) == 0)
            cards |= std::uint64_t{1} << v.view.hand[static_cast<std::size_t>(i)];
        add(Action::discard(v.seat, cards));
      }
      return n >= 2 ? n : 0;
    }
    default: return 0;
  }
}

// The expert's search of its candidates, each measured against the club player's choice
// `heuristic` (the reference of expert_settings()' margin, when it is among them).
ActionEstimates expert_search(const BotView& v, const BotConfig& c, std::uint64_t seed,
                              const Action& heuristic, const std::array<Action, 16>& cand, int nc,
                              const SearchWatch* watch) noexcept {
  SearchSettings st = expert_settings();
  for (int i = 0; i < nc && st.reference < 0; ++i)
    if (cand[static_cast<std::size_t>(i)] == heuristic) st.reference = i;
  return search_candidates(v, c, seed, expert_model(), st, cand.data(), nc, watch);
}

}  // namespace

ActionEstimates expert_estimates(const BotView& v, const BotConfig& c, std::uint64_t seed,
                                 const SearchWatch* watch) noexcept {
  Rng rng(seed);
  const Action heuristic = heuristic_action(v, rng, false);
  std::array<Action, 16> cand{};
  int nc = expert_candidates(v, heuristic, seed, cand);
  if (nc == 0) {
    cand[0] = heuristic;
    nc = 1;
  }
  return expert_search(v, c, seed, heuristic, cand, nc, watch);
}

Action expert_action(const BotView& v, const BotConfig& c, std::uint64_t seed) noexcept {
  if (const auto s = bot_signal(v); s.ok()) return *s;
  Rng rng(seed);
  const Action heuristic = heuristic_action(v, rng, true);
  std::array<Action, 16> cand{};
  const int nc = expert_candidates(v, heuristic, seed, cand);
  if (nc == 0) return heuristic;
  const ActionEstimates e = expert_search(v, c, seed, heuristic, cand, nc, nullptr);
  return e.size > 0 ? e.items[0].action : heuristic;
}

}  // namespace mus::bots
