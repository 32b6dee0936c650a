// The search bot: flat Monte Carlo over determinizations. For each sampled deal of the hidden
// cards (consistent with the declarations, the signals made and tío Perete), every candidate
// action is played to the end of the hand with the heuristic policy at every seat, with the
// same deal and the same random numbers for every candidate (common random numbers), and the
// candidates are compared by their mean value: the hand's points weighed by the score.
#include <algorithm>
#include <array>
#include <chrono>
#include <cmath>
#include <cstddef>

#include "bots_internal.hpp"

namespace mus::bots {

namespace {

constexpr std::uint64_t stream_world = 11;
constexpr std::uint64_t stream_rollout = 12;

// A rollout ends at the hand's end; this bounds it against a misbehaving policy.
constexpr int max_rollout_steps = 400;

// --- the value of a hand's result, weighed by the score ---------------------------------------

// The score model behind the value: a team gains about `mean_gain` points per hand and the
// difference of two teams' gains in a hand has a standard deviation of about `diff_sd`
// (measured with heuristic bots under the standard rules; see docs/bots.md).
constexpr double mean_gain = 6.0;
constexpr double diff_sd = 9.0;
// The bot plays as the better team: it expects to gain `edge` points per hand more than its
// opponents (about its margin over the heuristic). This is what makes it shy of gambles such as
// an even órdago when it is not behind: a game decided by one showdown throws its edge away.
constexpr double edge = 4.0;

double normal_cdf(double z) { return 0.5 * std::erfc(-z / std::sqrt(2.0)); }

// The chance that a team needing `a` points wins the game against one needing `b`.
double game_chance(double a, double b) {
  if (a <= 0) return 1.0;
  if (b <= 0) return 0.0;
  const double hands = std::max(0.5, (a + b) / (2.0 * mean_gain));
  return normal_cdf((b - a + edge * hands) / (diff_sd * std::sqrt(hands)));
}

// Converts game chances into points: at an even score halfway to the target, one point
// changes the value by about one.
double points_scale(int target) {
  const double half = target / 2.0;
  const double hands = std::max(0.5, half / mean_gain);
  constexpr double density_at_0 = 0.3989422804014327;
  return diff_sd * std::sqrt(hands) / density_at_0;
}

struct Outcome {
  std::array<int, 2> gained{};
  int game_winner = -1;
};

void tally(const Events& ev, Outcome& o) {
  for (std::size_t k = 0; k < ev.size; ++k) {
    const Event& e = ev.items[k];
    if (e.team < 0) continue;
    switch (e.kind) {
      case EventKind::count:
      case EventKind::deje:
      case EventKind::perete: o.gained[static_cast<std::size_t>(e.team)] += e.amount; break;
      case EventKind::game:
        if (o.game_winner < 0) o.game_winner = e.team;
        break;
      default: break;
    }
  }
}

}  // namespace

// --- determinization ---------------------------------------------------------------------------

namespace {

// Whether a seat's sampled hand agrees with what is public about it.
bool consistent(const State& w, int seat, const Hand& h) {
  const auto bit = [seat](std::uint8_t mask) { return ((mask >> seat) & 1U) != 0; };
  const std::uint16_t truth = true_signals(h, w.rules);
  if ((w.signals[static_cast<std::size_t>(seat)] & ~truth) != 0) return false;
  if (bit(w.decl.perete_mask) && named_hand(h, w.rules.kings) != NamedHand::tio_perete)
    return false;
  if ((w.decl.declared & 3U) == 0) return true;
  const HandEval e = evaluate(h, w.rules);
  if ((w.decl.declared & 1U) != 0 && has_pares(e) != bit(w.decl.pares_mask)) return false;
  if ((w.decl.declared & 2U) != 0 && has_juego(e) != bit(w.decl.juego_mask)) return false;
  return true;
}

}  // namespace

// A deal of the hidden cards of v.hidden, consistent with the public facts when one is found.
State determinize(const BotView& v, Rng& rng) noexcept {
  State w = v.hidden;
  std::array<std::uint8_t, deck_size> pool{};
  int n = 0;
  for (int id = 0; id < deck_size; ++id)
    if (((v.unseen >> id) & 1U) != 0)
      pool[static_cast<std::size_t>(n++)] = static_cast<std::uint8_t>(id);
  const auto pick = [&](int from, int count) {  // a partial Fisher-Yates over pool[from..n)
    for (int i = from; i < from + count; ++i) {
      const int j = i + static_cast<int>(rng.below(static_cast<std::uint32_t>(n - i)));
      std::swap(pool[static_cast<std::size_t>(i)], pool[static_cast<std::size_t>(j)]);
    }
  };
  std::array<int, seats> filled{};
  for (int o = 0; o < seats; ++o)
    for (int i = 0; i < hand_size; ++i)
      if (o != v.seat && w.deck.hands[static_cast<std::size_t>(o * hand_size + i)] != no_card)
        ++filled[static_cast<std::size_t>(o)];
  constexpr int attempts = 64;
  for (int attempt = 0; attempt < attempts; ++attempt) {
    int at = 0;
    bool ok = true;
    for (int o = 0; o < seats && ok; ++o) {
      const int k = filled[static_cast<std::size_t>(o)];
      if (o == v.seat || k == 0) continue;
      bool found = false;
      for (int t = 0; t < 32 && !found; ++t) {
        pick(at, k);
        if (k < hand_size || attempt == attempts - 1) {
          found = true;  // an incomplete hand says nothing; the last attempt takes any deal
          break;
        }
        std::array<Card, 4> cards{};
        for (int i = 0; i < hand_size; ++i)
          cards[static_cast<std::size_t>(i)] =
              Card::from_id_unchecked(pool[static_cast<std::size_t>(at + i)]);
        found = consistent(w, o, Hand::from_cards_unchecked(cards));
      }
      ok = found;
      at += k;
    }
    if (!ok) continue;
    pick(at, n - at);  // the stock's order and the pile
    int next = 0;
    for (int o = 0; o < seats; ++o) {
      if (o == v.seat) continue;
      for (int i = 0; i < hand_size; ++i) {
        std::uint8_t& slot = w.deck.hands[static_cast<std::size_t>(o * hand_size + i)];
        if (slot != no_card) slot = pool[static_cast<std::size_t>(next++)];
      }
    }
    for (int i = w.deck.stock_pos; i < w.deck.stock_end; ++i)
      w.deck.stock[static_cast<std::size_t>(i)] = pool[static_cast<std::size_t>(next++)];
    std::uint64_t pile = 0;
    while (next < n) pile |= std::uint64_t{1} << pool[static_cast<std::size_t>(next++)];
    w.deck.pile = pile;
    for (int o = 0; o < seats; ++o)
      if (o != v.seat && filled[static_cast<std::size_t>(o)] == hand_size)
        w.truth[static_cast<std::size_t>(o)] = true_signals(hand_of(w, o), w.rules);
    return w;
  }
  return w;  // not reached: the last attempt always deals
}

namespace {

// --- candidates and rollouts -------------------------------------------------------------------

// The actions worth comparing: every legal action but signals, with the bets thinned to a few
// amounts (the smallest, 2, 3, 5, 10) plus the heuristic's own choice.
int candidates(const BotView& v, const Action& heuristic, std::array<Action, 16>& out) {
  int n = 0;
  const auto add = [&](const Action& a) {
    for (int i = 0; i < n; ++i)
      if (out[static_cast<std::size_t>(i)] == a) return;
    if (n < static_cast<int>(out.size())) out[static_cast<std::size_t>(n++)] = a;
  };
  if (v.view.phase != Phase::betting) {
    add(heuristic);
    return n;
  }
  for (std::size_t i = 0; i < v.legal.size; ++i) {
    const Action& a = v.legal.items[i];
    if (a.kind == ActionKind::signal) continue;
    if (a.kind == ActionKind::bet && a.amount != v.min_bet && a.amount != 2 && a.amount != 3 &&
        a.amount != 5 && a.amount != 10)
      continue;
    add(a);
  }
  add(heuristic);
  return n;
}

// Plays the hand of `w` to its end with the heuristic at every seat.
void rollout(State& w, BotView& scratch, Rng& rng, Events& ev, Outcome& o) {
  for (int step = 0; step < max_rollout_steps; ++step) {
    if (w.phase == Phase::match_over || w.deal_due()) return;
    Action a;
    if (w.phase == Phase::shuffle) {
      a = Action::shuffle_seed(rng.next());
    } else {
      fill_seen(scratch, w, w.to_act);
      a = heuristic_action(scratch, rng, false);
    }
    if (apply_in_place(w, a, &ev) != Errc::ok) return;
    tally(ev, o);
  }
}

}  // namespace

ActionEstimates search_estimates(const BotView& v, const BotConfig& c,
                                 std::uint64_t seed) noexcept {
  ActionEstimates out;
  Rng rng(seed);
  const Action heuristic = heuristic_action(v, rng, false);
  std::array<Action, 16> cand{};
  const int nc = candidates(v, heuristic, cand);
  if (nc == 0) return out;
  const int budget = c.playouts > 0 ? c.playouts : default_search_playouts;
  const int worlds = std::max(1, budget / nc);
  const int us = team_of(v.seat);
  const int target = v.rules.target;
  const double need_us = target - v.view.score[static_cast<std::size_t>(us)];
  const double need_them = target - v.view.score[static_cast<std::size_t>(1 - us)];
  const double scale = points_scale(target);
  const double before = game_chance(need_us, need_them);
  const auto start = std::chrono::steady_clock::now();

  std::array<double, 16> sum{};
  int done = 0;
  BotView scratch;  // reused by every rollout step: no allocation
  Events ev;
  for (int k = 0; k < worlds; ++k) {
    if (c.time_ms > 0 && k > 0 &&
        std::chrono::steady_clock::now() - start >= std::chrono::milliseconds(c.time_ms))
      break;
    Rng world_rng(derive(seed, stream_world, static_cast<std::uint64_t>(k)));
    const State world = determinize(v, world_rng);
    const std::uint64_t rollout_seed = derive(seed, stream_rollout, static_cast<std::uint64_t>(k));
    for (int i = 0; i < nc; ++i) {
      State w = world;
      Outcome o;
      if (apply_in_place(w, cand[static_cast<std::size_t>(i)], &ev) != Errc::ok) continue;
      tally(ev, o);
      Rng r(rollout_seed);  // the same random numbers for every candidate
      rollout(w, scratch, r, ev, o);
      double chance = 0;
      if (o.game_winner >= 0) {
        chance = o.game_winner == us ? 1.0 : 0.0;
      } else {
        chance = game_chance(need_us - o.gained[static_cast<std::size_t>(us)],
                             need_them - o.gained[static_cast<std::size_t>(1 - us)]);
      }
      sum[static_cast<std::size_t>(i)] += scale * (chance - before);
    }
    ++done;
  }
  for (int i = 0; i < nc; ++i) {
    const Action& a = cand[static_cast<std::size_t>(i)];
    ActionEstimate& e = out.items[out.size++];
    e.action = a;
    const auto id = action_id(v.hidden, a);
    e.id = id.ok() ? *id : -1;
    e.points = done > 0 ? sum[static_cast<std::size_t>(i)] / done : 0.0;
    e.samples = done;
  }
  // Best first, ties in candidate order: an insertion sort (std::stable_sort may allocate).
  for (std::size_t i = 1; i < out.size; ++i)
    for (std::size_t k = i; k > 0 && out.items[k - 1].points < out.items[k].points; --k)
      std::swap(out.items[k - 1], out.items[k]);
  return out;
}

}  // namespace mus::bots
