// The search of the search bot and of the exploiter: flat Monte Carlo over determinizations
// with inference. For each sampled deal of the hidden cards (consistent with the declarations,
// the signals made and tío Perete) the other seats are given policies from a model of the
// players, the deal is weighed by how likely the public record of the hand (who bet, passed,
// accepted or refused in each lance) is under those policies with those cards, and every
// candidate action is played to the end of the hand with the same deal and the same random
// numbers (common random numbers). The candidates are compared by their weighed mean value:
// the hand's points weighed by the score. The search bot's model is a mixture of styles that
// answers its órdagos by their own equity; the exploiter's is the target bot's own policy.
#include <algorithm>
#include <array>
#include <chrono>
#include <cmath>
#include <cstddef>

#include "bots_internal.hpp"
#include "reducer.hpp"

namespace mus::bots {

namespace {

constexpr std::uint64_t stream_world = 11;
constexpr std::uint64_t stream_rollout = 12;
constexpr std::uint64_t stream_infer = 13;
constexpr std::uint64_t stream_cautious = 14;

// A rollout ends at the hand's end; this bounds it against a misbehaving policy.
constexpr int max_rollout_steps = 400;

// The budget of a search bot played as a target inside the exploiter's rollouts, and the
// share of its own budget the exploiter of a search bot spends (each of its rollouts runs
// searches of the target): a search in each rollout step would cost a hundred times more.
constexpr int inner_search_playouts = 16;
constexpr int nested_budget_divisor = 8;

// --- the value of a hand's result, weighed by the score ---------------------------------------

// The score model behind the value: a team gains about `mean_gain` points per hand and the
// difference of two teams' gains in a hand has a standard deviation of about `diff_sd`
// (measured with heuristic bots under the standard rules; see docs/bots.md).
constexpr double mean_gain = 6.0;
constexpr double diff_sd = 9.0;
// The searching bot plays as the better team: it expects to gain SearchSettings::edge points
// per hand more than its opponents (about its margin over the heuristic). This is what makes
// it shy of gambles such as an even órdago when it is not behind: a game decided by one
// showdown throws its edge away.

double normal_cdf(double z) { return 0.5 * std::erfc(-z / std::sqrt(2.0)); }

// The chance that a team needing `a` points wins the game against one needing `b`, expecting
// to gain `edge` points per hand more than it.
double game_chance(double a, double b, double edge) {
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

// Shows a sampled deal and the view it was sampled from to the search's watch (tests), if any.
void show(const SearchWatch* watch, const BotView& from, const State& deal) {
  if (watch != nullptr && watch->seen != nullptr) watch->seen(watch->context, from.view, deal);
}

// --- the players' policies ---------------------------------------------------------------------

// The choice of kind k from a view of the seen fields only, without signals: the policy the
// rollouts and the inference play for k. The search bot and the exploiter are read as the
// heuristic (their rollout policy), and the careful style by the percentile chance of its
// style instead of its 48 sampled deals per decision, which are too dear to run at every
// step of every rollout (the rest of its style is its own).
Action model_action(BotKind k, const BotView& v, Rng& rng) {
  switch (k) {
    case BotKind::random: return random_action(v, rng);
    case BotKind::tight:
    case BotKind::loose:
    case BotKind::station:
    case BotKind::ordago: return style_action(v, rng, false, bot_style(k), 0);
    case BotKind::careful: {
      BotStyle st = bot_style(k);
      st.samples = 0;
      return style_action(v, rng, false, st, 0);
    }
    default: return heuristic_action(v, rng, false);
  }
}

// What the work cap counts, in rollout steps' worth (a step, a policy's draw in the
// inference: about 0.5 µs on a 2020s x86-64 core): a seat's view with the state behind it, a
// deal sampled (determinize()), a deal sampled and its four hands evaluated, and a nested
// search's playout.
constexpr std::int64_t view_work = 4;
constexpr std::int64_t deal_work = 3;
constexpr std::int64_t showdown_deal_work = 4;
constexpr std::int64_t nested_playout_work = 12;
// The hands a placement of the unseen cards tries (detail::place_unseen()) per step's worth: a
// hand drawn and checked against its seat's public facts. A deal after many signals and
// declarations may try hundreds, and the dearest decisions are made of such deals.
constexpr std::int64_t placement_tries_per_work = 8;
// The hands the exact search of a sampled deal's placement may try (state_from_view() allows a
// million): a placement almost always takes a few hundred, but the exact search may spend its
// whole bound on a view whose deals are few (it did so once in some 14,000 of the expert's
// decisions against the careful style, 125,000 steps' worth, which made a 22 ms decision). A
// deal not placed within this bound is skipped, as one that cannot be placed is.
constexpr long placement_budget = 50'000;
// A rollout's discard in steps' worth: the policies discard by the heuristic's rule, which
// values each of the 15 sets of cards to keep over 24 random draws (360 hands evaluated, about
// as dear as 48 betting steps: measured by the expert's work per millisecond in each phase).
constexpr std::int64_t discard_work = 48;

// The action of policy `k` for the seat to act in `w` (rollouts: no signals); adds what its
// judgements cost to `work`.
Action policy_action(BotKind k, const State& w, BotView& scratch, Rng& rng,
                     const OpponentModel& m, const SearchWatch* watch, std::int64_t& work) {
  const int seat = w.to_act;
  switch (k) {
    case BotKind::careful:
      if (m.careful_sampled_answers && w.phase == Phase::betting && w.bet.open != 0 &&
          w.bet.ordago != 0) {
        // An órdago decides the game: the careful style answers it as it really does, by its
        // sampled chance from its own view (rare enough in a rollout to afford).
        const BotView full = bot_view(w, seat);
        work += view_work + showdown_deal_work * bot_style(k).samples;
        return style_action(full, rng, false, bot_style(k), rng.next());
      }
      break;
    case BotKind::search:
    case BotKind::expert:
      if (w.phase == Phase::betting) {
        // A search bot or the expert as a target: a search of its own from its own view, with
        // a small budget (the expert's model and settings for the expert).
        const BotView full = bot_view(w, seat);
        const BotConfig inner{k, inner_search_playouts, 0};
        const ActionEstimates e =
            k == BotKind::expert ? expert_estimates(full, inner, rng.next(), watch)
                                 : search_estimates(full, inner, rng.next(), robust_model(), watch);
        work += view_work + nested_playout_work * inner_search_playouts;
        if (e.size > 0) return e.items[0].action;
      }
      break;
    default: break;
  }
  if (w.phase == Phase::discard) work += discard_work;
  fill_seen(scratch, w, seat);
  return model_action(k, scratch, rng);
}

// --- inference ---------------------------------------------------------------------------------

bool plays_in(const SeatView& sv, Lance l, int seat) {
  if (l == Lance::pares) return ((sv.pares_mask >> seat) & 1U) != 0;
  if (l == Lance::juego) return ((sv.juego_mask >> seat) & 1U) != 0;
  return true;
}

// The seats of `team` that play lance l, without the observer.
std::uint8_t team_seats(const SeatView& sv, Lance l, int team, int observer) {
  std::uint8_t m = 0;
  for (int s = team; s < seats; s += 2)
    if (s != observer && plays_in(sv, l, s)) m = static_cast<std::uint8_t>(m | (1U << s));
  return m;
}

// A view of `seat` in `world` at a decision of the kind an observation records: opening lance
// l, or answering a bet (or órdago) of the other team in it.
void decision_view(BotView& dv, const State& world, int seat, const Evidence::Item& it) {
  fill_seen(dv, world, seat);
  SeatView& sv = dv.view;
  sv.phase = Phase::betting;
  sv.lance = it.lance;
  sv.to_act = static_cast<std::int8_t>(seat);
  sv.proposal = 0;
  sv.proposer = -1;
  sv.proposal_amount = 0;
  dv.legal.size = 0;
  dv.max_bet = std::max(2, static_cast<int>(world.rules.target));
  if (it.answering) {
    sv.bet_open = 1;
    sv.is_ordago = it.ordago ? 1 : 0;
    sv.bet_team = static_cast<std::int8_t>(1 - team_of(seat));
    sv.stake_before = 1;
    sv.proposed = it.ordago ? 0 : 2;
    dv.legal.push(Action::accept(seat));
    dv.legal.push(Action::reject(seat));
    dv.min_bet = it.ordago ? 0 : 2;
    if (!it.ordago) {
      dv.legal.push(Action::bet(seat, 2));
      dv.legal.push(Action::ordago(seat));
    }
  } else {
    sv.bet_open = 0;
    sv.is_ordago = 0;
    sv.bet_team = -1;
    sv.stake_before = 0;
    sv.proposed = 0;
    dv.min_bet = 2;
    dv.legal.push(Action::pass(seat));
    dv.legal.push(Action::bet(seat, 2));
    dv.legal.push(Action::ordago(seat));
  }
}

bool matches(ActionKind observed, ActionKind a) {
  switch (observed) {
    case ActionKind::bet: return a == ActionKind::bet || a == ActionKind::ordago;
    case ActionKind::accept:
      return a == ActionKind::accept || a == ActionKind::bet || a == ActionKind::ordago;
    default: return a == observed;
  }
}

// The chance that policy k makes the observed choice at seat's decision in `world`, within
// the model's floors.
double choice_chance(BotKind k, const State& world, int seat, const Evidence::Item& it,
                     const OpponentModel& m, BotView& scratch, Rng& rng) {
  decision_view(scratch, world, seat, it);
  const bool strong = it.kind == ActionKind::bet || it.kind == ActionKind::ordago;
  const double floor = strong && m.strong_floor >= 0 ? m.strong_floor : m.floor;
  const int draws = std::max(1, m.draws);
  int hits = 0;
  for (int d = 0; d < draws; ++d)
    hits += matches(it.kind, model_action(k, scratch, rng).kind) ? 1 : 0;
  return floor + (1.0 - 2.0 * floor) * hits / draws;
}

// The weight of one world under per-seat policies; adds the policy draws it made to `work`.
double weight_with(const Evidence& ev, const State& world, const std::array<BotKind, seats>& pol,
                   const OpponentModel& m, std::uint64_t seed, std::int64_t* work = nullptr) {
  Rng rng(seed);
  BotView scratch;
  double w = 1.0;
  std::int64_t draws = 0;
  for (int i = 0; i < ev.size; ++i) {
    const Evidence::Item& it = ev.items[static_cast<std::size_t>(i)];
    double all = 1.0;   // every seat made the choice
    double none = 1.0;  // no seat made it
    for (int s = 0; s < seats; ++s) {
      if (((it.seats >> s) & 1U) == 0) continue;
      const double p =
          choice_chance(pol[static_cast<std::size_t>(s)], world, s, it, m, scratch, rng);
      draws += std::max(1, m.draws);
      all *= p;
      none *= 1.0 - p;
    }
    w *= it.all_of ? all : 1.0 - none;
  }
  if (work != nullptr) *work += draws;
  return w;
}

// The policies of the seats in one sampled deal: a style drawn for each opponent, the
// partner's policy for the partner.
std::array<BotKind, seats> draw_policies(const OpponentModel& m, int observer, Rng& rng) {
  std::array<BotKind, seats> pol{};
  for (int s = 0; s < seats; ++s) {
    if (team_of(s) == team_of(observer)) {
      pol[static_cast<std::size_t>(s)] = m.partner;
    } else {
      const auto n = static_cast<std::uint32_t>(std::max(1, m.style_count));
      pol[static_cast<std::size_t>(s)] =
          m.style_count > 0 ? m.styles[rng.below(n)] : BotKind::heuristic;
    }
  }
  return pol;
}

// --- candidates and rollouts -------------------------------------------------------------------

// The actions worth comparing: every legal action but signals, with the bets thinned to a few
// amounts (the smallest, 2, 3, 5, 10) plus the heuristic's own choice.
int candidates(const BotView& v, const Action& heuristic, std::array<Action, 16>& out) noexcept {
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

struct RolloutPlan {
  std::array<BotKind, seats> policy{};
  int us = 0;
  const OpponentModel* model = nullptr;
  std::uint64_t cautious_seed = 0;
  const SearchWatch* watch = nullptr;
  // The cautious answers already judged in this deal (the candidates share them): by seat,
  // lance and what a refusal pays, which is all that differs between their situations.
  struct Judged {
    int seat = -1;
    Lance lance = Lance::grande;
    int stake_before = 0;
    bool accepts = false;
  };
  std::array<Judged, 8> judged{};
  int judged_count = 0;
  std::int64_t work = 0;  // what the rollouts of this deal cost, in steps' worth

  bool accepts(const State& w) {
    const int seat = w.to_act;
    for (int i = 0; i < judged_count; ++i) {
      const Judged& j = judged[static_cast<std::size_t>(i)];
      if (j.seat == seat && j.lance == w.lance && j.stake_before == w.bet.stake_before)
        return j.accepts;
    }
    const bool yes =
        cautious_accepts(w, *model,
                         derive(cautious_seed, static_cast<std::uint64_t>(seat),
                                static_cast<std::uint64_t>(w.lance)),
                         watch, &work);
    if (judged_count < static_cast<int>(judged.size()))
      judged[static_cast<std::size_t>(judged_count++)] = {seat, w.lance, w.bet.stake_before, yes};
    return yes;
  }
};

// Plays the hand of `w` to its end with the planned policies; the other team answers an
// órdago of ours by its own equity when the model says so.
void rollout(State& w, RolloutPlan& plan, BotView& scratch, Rng& rng, Events& ev,
             Outcome& o) {
  for (int step = 0; step < max_rollout_steps; ++step) {
    if (w.phase == Phase::match_over || w.deal_due()) return;
    ++plan.work;
    Action a;
    if (w.phase == Phase::shuffle) {
      a = Action::shuffle_seed(rng.next());
    } else {
      const int seat = w.to_act;
      bool chosen = false;
      if (plan.model->cautious_ordago && w.phase == Phase::betting && w.bet.open != 0 &&
          w.bet.ordago != 0 && w.bet.team == plan.us && team_of(seat) != plan.us) {
        a = plan.accepts(w) ? Action::accept(seat) : Action::reject(seat);
        chosen = apply_in_place(w, a, &ev) == Errc::ok;
        if (chosen) {
          tally(ev, o);
          continue;
        }
      }
      a = policy_action(plan.policy[static_cast<std::size_t>(seat)], w, scratch, rng,
                        *plan.model, plan.watch, plan.work);
    }
    if (apply_in_place(w, a, &ev) != Errc::ok) return;
    tally(ev, o);
  }
}

}  // namespace

// --- the models --------------------------------------------------------------------------------

OpponentModel robust_model() noexcept {
  OpponentModel m;
  // The pool and the heuristic, equally likely: nobody's habits are assumed alone.
  for (const BotKind k : {BotKind::heuristic, BotKind::tight, BotKind::loose, BotKind::station,
                          BotKind::ordago, BotKind::careful})
    m.styles[static_cast<std::size_t>(m.style_count++)] = k;
  m.partner = BotKind::heuristic;
  m.cautious_ordago = true;
  m.floor = 0.05;
  return m;
}

OpponentModel exact_model(BotKind target) noexcept {
  OpponentModel m;
  m.styles[0] = target;
  m.style_count = 1;
  m.partner = BotKind::heuristic;
  m.cautious_ordago = false;
  m.floor = 0.02;
  return m;
}

OpponentModel model_of(const BotConfig& c) noexcept {
  return c.kind == BotKind::exploiter ? exact_model(c.target) : robust_model();
}

// --- evidence ------------------------------------------------------------------------------------

Evidence gather_evidence(const BotView& v) noexcept {
  Evidence ev;
  const SeatView& sv = v.view;
  const int me = v.seat;
  const int my_team = team_of(me);
  const auto add = [&ev](std::uint8_t who, bool all_of, Lance l, bool answering, bool ordago,
                         ActionKind kind) {
    if (who == 0 || ev.size >= static_cast<int>(ev.items.size())) return;
    Evidence::Item& it = ev.items[static_cast<std::size_t>(ev.size++)];
    it.seats = who;
    it.all_of = all_of;
    it.lance = l;
    it.answering = answering;
    it.ordago = ordago;
    it.kind = kind;
  };
  if (sv.phase != Phase::betting && sv.phase != Phase::perete && sv.phase != Phase::shuffle)
    return ev;  // the mus and the discards leave no public record of the betting kind
  const int current = sv.phase == Phase::betting ? std::min(static_cast<int>(sv.lance), 3) : -1;
  for (int i = 0; i < 4; ++i) {
    const LanceRecord& r = sv.lances[static_cast<std::size_t>(i)];
    const Lance l = r.lance;
    switch (r.status) {
      case LanceStatus::en_paso: {
        std::uint8_t all = 0;
        for (int t = 0; t < 2; ++t) all = static_cast<std::uint8_t>(all | team_seats(sv, l, t, me));
        add(all, true, l, false, false, ActionKind::pass);
        break;
      }
      case LanceStatus::accepted:
      case LanceStatus::refused: {
        if (r.bet_team < 0) break;
        const int bettors = r.bet_team;
        if (bettors != my_team)
          add(team_seats(sv, l, bettors, me), false, l, false, false, ActionKind::bet);
        const std::uint8_t answerers = team_seats(sv, l, 1 - bettors, me);
        if (r.status == LanceStatus::refused) {
          add(answerers, true, l, true, false, ActionKind::reject);
        } else if (1 - bettors != my_team) {
          add(answerers, false, l, true, false, ActionKind::accept);
        }
        break;
      }
      default: break;
    }
    if (i != current || r.status != LanceStatus::pending) continue;
    // The lance being bet: who has spoken, and the open bet.
    if (sv.bet_open != 0) {
      if (sv.bet_team >= 0 && sv.bet_team != my_team) {
        const bool raise = sv.stake_before > 1;
        add(team_seats(sv, l, sv.bet_team, me), false, sv.lance, raise, false,
            sv.is_ordago != 0 ? ActionKind::ordago : ActionKind::bet);
      }
    } else {
      std::uint8_t spoke = 0;
      for (int k = 0; k < seats; ++k) {
        const int s = (sv.mano + k) % seats;
        if (s == sv.to_act) break;
        if (s != me && plays_in(sv, sv.lance, s)) spoke = static_cast<std::uint8_t>(spoke | (1U << s));
      }
      add(spoke, true, sv.lance, false, false, ActionKind::pass);
    }
  }
  return ev;
}

double evidence_weight(const Evidence& ev, const State& world, const OpponentModel& m,
                       int observer, std::uint64_t seed, std::int64_t* work) noexcept {
  Rng rng(seed);
  const std::array<BotKind, seats> pol = draw_policies(m, observer, rng);
  return weight_with(ev, world, pol, m, rng.next(), work);
}

// --- determinization -------------------------------------------------------------------------

Result<State> determinize(const BotView& v, Rng& rng, std::int64_t* work) noexcept {
  // The state behind the view (state_from_view()'s, in v.hidden) with the unseen cards placed
  // again from a new seed: the builder's second step, its public part being the view's already.
  State w = v.hidden;
  std::int64_t tries = 0;
  const Error e = detail::place_unseen(w, v.view, rng.next(), &tries, placement_budget);
  if (work != nullptr) *work += tries / placement_tries_per_work;
  if (!e.ok()) return e;
  return w;
}

// --- the cautious answer to an órdago ------------------------------------------------------------

bool cautious_accepts(const State& w, const OpponentModel& m, std::uint64_t seed,
                      const SearchWatch* watch, std::int64_t* work) noexcept {
  const int seat = w.to_act;
  if (seat < 0 || seat >= seats) return false;
  const int team = team_of(seat);
  const int need_mine = w.rules.target - w.scores.points[static_cast<std::size_t>(team)];
  const int need_bettors = w.rules.target - w.scores.points[static_cast<std::size_t>(1 - team)] -
                           static_cast<int>(w.bet.stake_before);
  if (w.rules.deje_ends && need_bettors <= 0) return true;  // refusing loses the game at once
  const BotView ov = bot_view(w, seat);
  const Evidence ev = gather_evidence(ov);
  if (work != nullptr) *work += view_work + showdown_deal_work * m.cautious_deals;
  // The answerer reads the others as the model's mixture reads players (partner included).
  OpponentModel reader = robust_model();
  reader.floor = m.floor;
  reader.strong_floor = m.strong_floor;
  reader.draws = m.draws;
  Rng rng(seed);
  double win = 0;
  double total = 0;
  for (int k = 0; k < m.cautious_deals; ++k) {
    const Result<State> deal = determinize(ov, rng, work);
    if (!deal.ok()) continue;  // a view of no state: nothing to sample
    const State& d = *deal;
    show(watch, ov, d);
    const double wt = evidence_weight(ev, d, reader, seat, rng.next(), work);
    TableEval t{};
    for (int s = 0; s < seats; ++s) t[static_cast<std::size_t>(s)] = evaluate(hand_of(d, s), d.rules);
    const int winner = lance_winner(t, d.lance, d.mano);
    if (winner >= 0 && team_of(winner) == team) win += wt;
    total += wt;
  }
  const double p = total > 0 ? win / total : 0.0;
  return p > game_chance(need_mine, need_bettors, 0.0);
}

// --- the search --------------------------------------------------------------------------------

int search_candidates_of(const BotView& v, const Action& heuristic,
                         std::array<Action, 16>& out) noexcept {
  return candidates(v, heuristic, out);
}

ActionEstimates search_estimates(const BotView& v, const BotConfig& c, std::uint64_t seed,
                                 const OpponentModel& m, const SearchWatch* watch) noexcept {
  Rng rng(seed);
  const Action heuristic = heuristic_action(v, rng, false);
  std::array<Action, 16> cand{};
  const int nc = candidates(v, heuristic, cand);
  return search_candidates(v, c, seed, m, SearchSettings{}, cand.data(), nc, watch);
}

ActionEstimates search_candidates(const BotView& v, const BotConfig& c, std::uint64_t seed,
                                  const OpponentModel& m, const SearchSettings& settings,
                                  const Action* cand, int nc, const SearchWatch* watch) noexcept {
  ActionEstimates out;
  nc = std::min(nc, 16);
  if (nc <= 0) return out;
  int budget = c.playouts > 0 ? c.playouts
                              : (c.kind == BotKind::expert ? default_expert_playouts
                                                           : default_search_playouts);
  for (int i = 0; i < m.style_count; ++i) {
    const BotKind k = m.styles[static_cast<std::size_t>(i)];
    if (k == BotKind::search || k == BotKind::expert)
      budget = std::max(1, budget / nested_budget_divisor);
  }
  const int worlds = std::max(1, budget / nc);
  const int us = team_of(v.seat);
  const int target = v.rules.target;
  const double need_us = target - v.view.score[static_cast<std::size_t>(us)];
  const double need_them = target - v.view.score[static_cast<std::size_t>(1 - us)];
  const double scale = points_scale(target);
  const double edge = settings.edge;
  const double before = game_chance(need_us, need_them, edge);
  const Evidence evidence = gather_evidence(v);
  // The deals are the state behind the view with its unseen cards placed again: a view of no
  // state (a hand-made BotView, or one of a state validate_state() refuses) has none to roll
  // out, and no estimates.
  if (validate_state(v.hidden) != Errc::ok || !(view_of(v.hidden, v.seat) == v.view)) return out;
  const auto start = std::chrono::steady_clock::now();

  std::array<double, 16> sum{};
  // Weighed sums of each candidate's difference with the reference (settings.reference), and
  // of its square, for the standard error of the difference.
  std::array<double, 16> diff{};
  std::array<double, 16> diff2{};
  const int ref = settings.reference >= 0 && settings.reference < nc ? settings.reference : -1;
  std::array<double, 16> value{};
  double weights = 0;
  double weights2 = 0;
  int done = 0;
  std::int64_t work = 0;
  BotView scratch;  // reused by every rollout step: no allocation
  Events ev;
  for (int k = 0; k < worlds; ++k) {
    if (c.time_ms > 0 && k > 0 &&
        std::chrono::steady_clock::now() - start >= std::chrono::milliseconds(c.time_ms))
      break;
    if (settings.work_cap > 0 && k > 0 && work >= settings.work_cap) break;
    Rng world_rng(derive(seed, stream_world, static_cast<std::uint64_t>(k)));
    std::int64_t placed = 0;
    const Result<State> deal = determinize(v, world_rng, &placed);
    work += placed;
    if (!deal.ok()) continue;  // a view of no state: nothing to roll out
    const State& world = *deal;
    show(watch, v, world);
    RolloutPlan plan;
    plan.policy = draw_policies(m, v.seat, world_rng);
    plan.us = us;
    plan.model = &m;
    plan.cautious_seed = derive(seed, stream_cautious, static_cast<std::uint64_t>(k));
    plan.watch = watch;
    const double weight =
        evidence.size == 0
            ? 1.0
            : weight_with(evidence, world, plan.policy, m,
                          derive(seed, stream_infer, static_cast<std::uint64_t>(k)), &plan.work);
    plan.work += deal_work;
    const std::uint64_t rollout_seed = derive(seed, stream_rollout, static_cast<std::uint64_t>(k));
    value = {};
    for (int i = 0; i < nc; ++i) {
      State w = world;
      Outcome o;
      if (apply_in_place(w, cand[i], &ev) != Errc::ok) continue;
      tally(ev, o);
      Rng r(rollout_seed);  // the same random numbers for every candidate
      rollout(w, plan, scratch, r, ev, o);
      double chance = 0;
      if (o.game_winner >= 0) {
        chance = o.game_winner == us ? 1.0 : 0.0;
      } else {
        chance = game_chance(need_us - o.gained[static_cast<std::size_t>(us)],
                             need_them - o.gained[static_cast<std::size_t>(1 - us)], edge);
      }
      value[static_cast<std::size_t>(i)] = scale * (chance - before);
      sum[static_cast<std::size_t>(i)] += weight * value[static_cast<std::size_t>(i)];
    }
    if (ref >= 0) {
      for (int i = 0; i < nc; ++i) {
        const double d = value[static_cast<std::size_t>(i)] - value[static_cast<std::size_t>(ref)];
        diff[static_cast<std::size_t>(i)] += weight * d;
        diff2[static_cast<std::size_t>(i)] += weight * d * d;
      }
    }
    work += plan.work;
    weights += weight;
    weights2 += weight * weight;
    ++done;
  }
  if (settings.work_done != nullptr) *settings.work_done = work;
  std::array<double, 16> rank{};  // what the order is by: the mean, less the caution
  for (int i = 0; i < nc; ++i) {
    const auto u = static_cast<std::size_t>(i);
    const Action& a = cand[i];
    ActionEstimate& e = out.items[out.size++];
    e.action = a;
    const auto id = action_id(v.hidden, a);
    e.id = id.ok() ? *id : -1;
    e.points = weights > 0 ? sum[u] / weights : 0.0;
    e.samples = done;
    rank[u] = e.points;
    if (ref >= 0 && i != ref && weights > 0 && weights2 > 0) {
      // The weighed variance of the difference over the deals, and the deals' effective
      // number (Kish): the standard error of the mean difference.
      const double mean = diff[u] / weights;
      const double var = std::max(0.0, diff2[u] / weights - mean * mean);
      const double n_eff = weights * weights / weights2;
      rank[u] -= settings.caution * std::sqrt(var / std::max(1.0, n_eff));
    }
  }
  // Best first, ties in candidate order: an insertion sort (std::stable_sort may allocate).
  for (std::size_t i = 1; i < out.size; ++i)
    for (std::size_t k = i; k > 0 && rank[k - 1] < rank[k]; --k) {
      std::swap(out.items[k - 1], out.items[k]);
      std::swap(rank[k - 1], rank[k]);
    }
  return out;
}

}  // namespace mus::bots
