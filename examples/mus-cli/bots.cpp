#include "bots.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <cmath>
#include <cstddef>

#include "strength.hpp"
#include "text.hpp"

namespace muscli {

namespace {

using mus::Action;
using mus::ActionKind;
using mus::Lance;

const Action* find_kind(const mus::ActionList& legal, ActionKind k) {
  for (std::size_t i = 0; i < legal.size; ++i)
    if (legal.items[i].kind == k) return &legal.items[i];
  return nullptr;
}

// The mask of card ids held at the positions of `positions` (bit i = position i).
std::uint64_t cards_at(const Situation& sit, unsigned positions) {
  std::uint64_t m = 0;
  for (int i = 0; i < mus::hand_size; ++i)
    if (((positions >> i) & 1U) != 0)
      m |= std::uint64_t{1} << sit.view.hand[static_cast<std::size_t>(i)];
  return m;
}

int team_score(const Situation& sit, int team) {
  return sit.view.score[static_cast<std::size_t>(team)];
}

// The order a club player prefers its signals in: the most useful news for the partner first.
constexpr std::array<mus::Signal, mus::signal_count> signal_priority{
    mus::Signal::real_31,    mus::Signal::juego_31,    mus::Signal::solomillo,
    mus::Signal::duples,     mus::Signal::three_kings, mus::Signal::medias,
    mus::Signal::three_aces, mus::Signal::two_kings,   mus::Signal::two_aces,
    mus::Signal::punto_30,   mus::Signal::punto_29,    mus::Signal::ciego,
    mus::Signal::pareja,     mus::Signal::punto_28,    mus::Signal::need_mus};

// The hands a club player bets on by habit: two kings for grande, two aces for chica, medias,
// duples or a pair of kings for pares, 31 or 32 for juego, 29 or 30 for punto.
bool club_hand(const Situation& sit, Lance l) {
  const int kings = sit.rules.kings;
  const mus::HandEval& e = sit.eval;
  switch (l) {
    case Lance::grande: return mus::count_rank(sit.hand, mus::Rank::rey, kings) >= 2;
    case Lance::chica: return mus::count_rank(sit.hand, mus::Rank::ace, kings) >= 2;
    case Lance::pares:
      return mus::pares_kind(e) >= mus::ParesKind::medias ||
             (mus::pares_kind(e) == mus::ParesKind::pareja && e.pares / 10 % 10 == 9);
    case Lance::juego: return e.value == 31 || e.value == 32;
    case Lance::punto: return e.value >= 29;
  }
  return false;
}

}  // namespace

// --- shared judgement ----------------------------------------------------------------------

double hand_value(const mus::HandEval& e, int kings) {
  const Percentiles& p = percentiles(kings);
  const double g = p.grande[e.grande];
  const double c = p.chica[e.chica];
  double v = 1.5 * g * g * g + 1.5 * c * c * c;
  if (mus::has_pares(e)) {
    const double pp = p.pares[e.pares];
    v += (mus::pares_tantos(e) + 1.0) * (0.3 + 0.7 * pp * pp);
  }
  if (mus::has_juego(e)) {
    const double pj = mus::is_real31(e) ? 1.0 : p.juego[e.juego];
    v += (mus::juego_tantos(e) + 1.5) * (0.3 + 0.7 * pj * pj);
  } else {
    const double pt = p.punto[e.value];
    v += 0.8 * pt * pt * pt;
  }
  return v;
}

double lance_chance(const Situation& sit, Lance l) {
  const int kings = sit.rules.kings;
  const int me = sit.seat;
  const int partner = partner_of(me);
  const double mine = lance_percentile(sit.eval, l, kings);
  const auto takes_part = [&sit, l](int seat) {
    if (l == Lance::pares) return ((sit.view.pares_mask >> seat) & 1U) != 0;
    if (l == Lance::juego) return ((sit.view.juego_mask >> seat) & 1U) != 0;
    return true;
  };
  const bool partner_plays = takes_part(partner);
  int opponents = 0;
  for (const int opp : {(me + 1) % mus::seats, (me + 3) % mus::seats})
    opponents += takes_part(opp) ? 1 : 0;
  // What the partner's signals say about this lance: the best mean percentile among them.
  double partner_pct = -1;
  const std::uint16_t said = sit.view.signals[static_cast<std::size_t>(partner)];
  const Percentiles& p = percentiles(kings);
  for (int k = 0; k < mus::signal_count; ++k) {
    if (((said >> k) & 1U) == 0) continue;
    const double m = p.signal_mean[static_cast<std::size_t>(k)][static_cast<std::size_t>(l)];
    partner_pct = std::max(partner_pct, m);
  }
  return team_win_chance(mine, partner_pct, partner_plays, opponents);
}

bool strong_enough_to_cut(const Situation& sit, int mus_rounds) {
  const mus::HandEval& e = sit.eval;
  const int kings = sit.rules.kings;
  const int k = mus::count_rank(sit.hand, mus::Rank::rey, kings);
  const int a = mus::count_rank(sit.hand, mus::Rank::ace, kings);
  const mus::ParesKind pk = mus::pares_kind(e);
  const int pares_rank = e.pares / 10 % 10;
  if (e.value == 31) return true;                 // the best juego
  if (pk == mus::ParesKind::duples) return true;  // duples
  if (pk == mus::ParesKind::medias && (pares_rank >= 7 || mus::has_juego(e))) return true;
  if (k >= 3 || a >= 3) return true;  // grande or chica made
  if (k == 2 && (mus::has_juego(e) || mus::has_pares(e))) return true;
  if (e.value == 32 && mus::has_pares(e)) return true;
  if (mus_rounds >= 3 && (mus::has_pares(e) || mus::has_juego(e) || k >= 2 || a >= 2)) return true;
  return mus_rounds >= 5;  // enough discards: play the hand
}

std::uint64_t suggested_discard(const Situation& sit, Rng& rng, int samples) {
  const bool zero_ok = sit.rules.zero_discard;
  // The cards this seat has not seen: everything but its own hand.
  std::array<std::uint8_t, mus::deck_size> unseen{};
  int n_unseen = 0;
  const std::uint64_t mine = sit.hand.mask();
  for (int id = 0; id < mus::deck_size; ++id)
    if (((mine >> id) & 1U) == 0)
      unseen[static_cast<std::size_t>(n_unseen++)] = static_cast<std::uint8_t>(id);
  // Average value of each set of kept positions (bit i = keep position i) over the same draws.
  std::array<double, 16> total{};
  for (int t = 0; t < samples; ++t) {
    std::array<std::uint8_t, mus::deck_size> deck = unseen;
    for (int i = 0; i < mus::hand_size; ++i) {  // a partial Fisher-Yates: four random cards
      const int j = i + static_cast<int>(rng.below(static_cast<std::uint32_t>(n_unseen - i)));
      std::swap(deck[static_cast<std::size_t>(i)], deck[static_cast<std::size_t>(j)]);
    }
    for (unsigned keep = 0; keep < 16; ++keep) {
      if (keep == 15 && !zero_ok) continue;
      std::array<mus::Card, 4> cards{};
      int drawn = 0;
      for (int i = 0; i < mus::hand_size; ++i)
        cards[static_cast<std::size_t>(i)] =
            ((keep >> i) & 1U) != 0
                ? sit.hand[static_cast<std::size_t>(i)]
                : mus::Card::from_id_unchecked(deck[static_cast<std::size_t>(drawn++)]);
      const mus::HandEval e = mus::evaluate(mus::Hand::from_cards_unchecked(cards), sit.rules);
      total[keep] += hand_value(e, sit.rules.kings);
    }
  }
  unsigned best = 0;
  double best_total = -1;
  for (unsigned keep = 0; keep < 16; ++keep) {
    if (keep == 15 && !zero_ok) continue;
    if (total[keep] > best_total) {
      best_total = total[keep];
      best = keep;
    }
  }
  return cards_at(sit, ~best & 15U);
}

bool is_bot_kind(std::string_view kind) { return kind == "heuristic" || kind == "random"; }

std::unique_ptr<Agent> make_bot(std::string_view kind, std::uint64_t seed) {
  if (kind == "random") return std::make_unique<RandomBot>(seed);
  return std::make_unique<HeuristicBot>(seed);
}

// --- the random bot -------------------------------------------------------------------------

Choice RandomBot::act(const Situation& sit) {
  if (sit.legal.size == 0) return Choice::nothing();
  // The list is concrete (each discard subset, each bet of the ladder, each open signal):
  // a uniform pick over it is the random player, with nothing to complete.
  return Choice::play(sit.legal.items[rng_.below(static_cast<std::uint32_t>(sit.legal.size))]);
}

// --- the heuristic bot ----------------------------------------------------------------------

Choice HeuristicBot::act(const Situation& sit) {
  if (sit.view.hand_number != hand_number_) {
    hand_number_ = sit.view.hand_number;
    mus_rounds_ = 0;
    signals_made_ = 0;
  }
  switch (sit.view.phase) {
    case mus::Phase::mus: return Choice::play(mus_decision(sit));
    case mus::Phase::discard: {
      const Action* d = find_kind(sit.legal, ActionKind::discard);
      if (d == nullptr) break;
      return Choice::play(Action::discard(sit.seat, suggested_discard(sit, rng_)));
    }
    case mus::Phase::perete:  // the point is free: always declare tío Perete (R32)
      return Choice::play(find_kind(sit.legal, ActionKind::perete) != nullptr
                              ? Action::perete(sit.seat)
                              : Action::pass(sit.seat));
    case mus::Phase::betting: return Choice::play(bet_decision(sit));
    default: break;
  }
  return sit.legal.size > 0 ? Choice::play(sit.legal.items[0]) : Choice::nothing();
}

Choice HeuristicBot::signal_round(const Situation& sit) {
  if (sit.view.hand_number != hand_number_) {
    hand_number_ = sit.view.hand_number;
    mus_rounds_ = 0;
    signals_made_ = 0;
  }
  if (sit.open_signals == 0 || signals_made_ >= 2) return Choice::nothing();
  // Usually one sign to the partner, sometimes a second; never every time (the opponents
  // watch too).
  const double p = signals_made_ == 0 ? 0.75 : 0.3;
  if (!rng_.chance(p)) {
    signals_made_ = 2;  // decided: no more signs this hand
    return Choice::nothing();
  }
  for (const mus::Signal s : signal_priority) {
    if (((sit.open_signals >> static_cast<unsigned>(s)) & 1U) == 0) continue;
    ++signals_made_;
    return Choice::play(Action::signal(sit.seat, s));
  }
  return Choice::nothing();
}

Action HeuristicBot::mus_decision(const Situation& sit) {
  ++mus_rounds_;
  return strong_enough_to_cut(sit, mus_rounds_ - 1) ? Action::cut(sit.seat) : Action::mus(sit.seat);
}

Action HeuristicBot::bet_decision(const Situation& sit) {
  const Action own = own_bet_decision(sit);
  const mus::SeatView& v = sit.view;
  // R25a: the partner of a proposal agrees unless its own judgement goes further, within the
  // limits: after a proposed accept no reject; after a proposed raise of X no accept, no
  // reject and no smaller raise (repeating the raise of X is the agreement).
  switch (static_cast<ActionKind>(v.proposal)) {
    case ActionKind::accept: return own.kind == ActionKind::reject ? Action::accept(sit.seat) : own;
    case ActionKind::bet:
      if (own.kind == ActionKind::ordago ||
          (own.kind == ActionKind::bet && own.amount > v.proposal_amount))
        return own;
      return Action::bet(sit.seat, v.proposal_amount);
    default: return own;  // after a proposed reject every answer is open
  }
}

Action HeuristicBot::own_bet_decision(const Situation& sit) {
  const int seat = sit.seat;
  const mus::SeatView& v = sit.view;
  const int us = mus::team_of(seat);
  const int target = sit.rules.target;
  const int need_us = target - team_score(sit, us);
  const int need_them = target - team_score(sit, 1 - us);
  const double p = lance_chance(sit, v.lance);
  const bool can_bet = sit.min_bet > 0;
  const bool can_ordago = find_kind(sit.legal, ActionKind::ordago) != nullptr;
  const auto bet = [&](int amount) {
    return Action::bet(seat, std::clamp(amount, sit.min_bet, sit.max_bet));
  };

  if (v.bet_open == 0) {                                                // opening the lance
    if (can_bet && need_us <= 1 && sit.rules.deje_ends) return bet(2);  // a deje wins the game
    if (can_ordago && p >= 0.93 && (need_them <= 10 || need_us - need_them >= 15))
      return Action::ordago(seat);
    if (can_bet && p >= 0.8) return bet(p >= 0.9 ? 5 : (p >= 0.85 ? 3 : 2));
    if (can_bet && p >= 0.55 && club_hand(sit, v.lance) && rng_.chance(0.8)) return bet(2);
    if (can_bet && p >= 0.65 && rng_.chance(0.35)) return bet(2);
    if (can_bet && rng_.chance(0.04)) return bet(2);  // a farol now and then
    return Action::pass(seat);
  }

  // Answering a bet: the bettors' team probably holds something, so trust our chance less.
  const int refusal = v.stake_before;  // what no quiero gives them now
  const int stake = v.proposed;        // what quiero puts at stake
  const bool refusal_loses = sit.rules.deje_ends && refusal >= need_them;
  if (v.is_ordago != 0) {
    if (refusal_loses) return Action::accept(seat);
    double threshold = 0.75;
    if (need_them <= 8) threshold = 0.45;                  // they are about to win anyway
    if (need_us <= 8 && need_them > 15) threshold = 0.82;  // we are close: no gamble
    return p * 0.92 >= threshold ? Action::accept(seat) : Action::reject(seat);
  }
  const double q = p * 0.9;
  if (refusal_loses) return (can_ordago && q >= 0.55) ? Action::ordago(seat) : Action::accept(seat);
  if (can_ordago && q >= 0.9 && need_them <= 12) return Action::ordago(seat);
  if (can_bet && q >= 0.8 && stake < need_us && rng_.chance(0.6)) return bet(q >= 0.88 ? 3 : 2);
  const double break_even = 0.5 * (1.0 - static_cast<double>(refusal) / std::max(stake, 1));
  return q >= break_even + 0.08 ? Action::accept(seat) : Action::reject(seat);
}

}  // namespace muscli
