// The random and the heuristic bots (moved from mus-cli into the library). The heuristic plays
// like a sensible club player: cuts with good hands, discards towards its strengths, bets by
// its chances and the score, signals to its partner and reads its partner's signals. It reads
// a BotView only: its own cards and the public state.
#include <algorithm>
#include <array>
#include <bit>
#include <cstddef>

#include "bots_internal.hpp"

namespace mus {

namespace {

using bots::Rng;

const Action* find_kind(const ActionList& legal, ActionKind k) {
  for (std::size_t i = 0; i < legal.size; ++i)
    if (legal.items[i].kind == k) return &legal.items[i];
  return nullptr;
}

int partner_of(int seat) { return (seat + 2) % seats; }

// The mask of card ids held at the positions of `positions` (bit i = position i).
std::uint64_t cards_at(const BotView& v, unsigned positions) {
  std::uint64_t m = 0;
  for (int i = 0; i < hand_size; ++i)
    if (((positions >> i) & 1U) != 0)
      m |= std::uint64_t{1} << v.view.hand[static_cast<std::size_t>(i)];
  return m;
}

int team_score(const BotView& v, int team) { return v.view.score[static_cast<std::size_t>(team)]; }

// The order a club player prefers its signals in: the most useful news for the partner first.
constexpr std::array<Signal, signal_count> signal_priority{
    Signal::real_31,  Signal::juego_31,   Signal::solomillo, Signal::duples,   Signal::three_kings,
    Signal::medias,   Signal::three_aces, Signal::two_kings, Signal::two_aces, Signal::punto_30,
    Signal::punto_29, Signal::ciego,      Signal::pareja,    Signal::punto_28, Signal::need_mus};

// The hands a club player bets on by habit: two kings for grande, two aces for chica, medias,
// duples or a pair of kings for pares, 31 or 32 for juego, 29 or 30 for punto.
bool club_hand(const BotView& v, Lance l) {
  const int kings = v.rules.kings;
  const HandEval& e = v.eval;
  switch (l) {
    case Lance::grande: return count_rank(v.hand, Rank::rey, kings) >= 2;
    case Lance::chica: return count_rank(v.hand, Rank::ace, kings) >= 2;
    case Lance::pares:
      return pares_kind(e) >= ParesKind::medias ||
             (pares_kind(e) == ParesKind::pareja && e.pares / 10 % 10 == 9);
    case Lance::juego: return e.value == 31 || e.value == 32;
    case Lance::punto: return e.value >= 29;
  }
  return false;
}

// The value a club player gives to a hand (grande, chica, pares and juego chances weighed).
double hand_value(const HandEval& e, int kings) {
  const bots::Percentiles& p = bots::percentiles(kings);
  const double g = p.grande[e.grande];
  const double c = p.chica[e.chica];
  double val = 1.5 * g * g * g + 1.5 * c * c * c;
  if (has_pares(e)) {
    const double pp = p.pares[e.pares];
    val += (pares_tantos(e) + 1.0) * (0.3 + 0.7 * pp * pp);
  }
  if (has_juego(e)) {
    const double pj = is_real31(e) ? 1.0 : p.juego[e.juego];
    val += (juego_tantos(e) + 1.5) * (0.3 + 0.7 * pj * pj);
  } else {
    const double pt = p.punto[e.value];
    val += 0.8 * pt * pt * pt;
  }
  return val;
}

// A hand a club player cuts with at once; `decent` a hand it cuts with after a few rounds.
bool strong_hand(const BotView& v, bool& decent) {
  const HandEval& e = v.eval;
  const int kings = v.rules.kings;
  const int k = count_rank(v.hand, Rank::rey, kings);
  const int a = count_rank(v.hand, Rank::ace, kings);
  const ParesKind pk = pares_kind(e);
  const int pares_rank = e.pares / 10 % 10;
  decent = has_pares(e) || has_juego(e) || k >= 2 || a >= 2;
  if (e.value == 31) return true;            // the best juego
  if (pk == ParesKind::duples) return true;  // duples
  if (pk == ParesKind::medias && (pares_rank >= 7 || has_juego(e))) return true;
  if (k >= 3 || a >= 3) return true;  // grande or chica made
  if (k == 2 && (has_juego(e) || has_pares(e))) return true;
  return e.value == 32 && has_pares(e);
}

// How many signals the heuristic makes in this hand: 0 a quarter of the time, else 1 or 2 (a
// second one 30% of the time). Drawn from the seat's own cards and the hand number, so the
// plan is the same at every moment of the hand and depends on nothing hidden.
int signal_plan(const BotView& v) {
  std::uint64_t h = v.hand.mask() ^ (std::uint64_t{v.view.hand_number} << 40U) ^
                    (static_cast<std::uint64_t>(v.seat) << 60U);
  Rng rng(splitmix64(h));
  if (!rng.chance(0.75)) return 0;
  return rng.chance(0.3) ? 2 : 1;
}

// The next signal of the plan, or nullptr-like: kind pass with seat -1.
bool next_signal(const BotView& v, Action& out) {
  if (!v.complete || v.open_signals == 0) return false;
  const int made =
      std::popcount(static_cast<unsigned>(v.view.signals[static_cast<std::size_t>(v.seat)]));
  if (made >= signal_plan(v)) return false;
  for (const Signal s : signal_priority) {
    if (((v.open_signals >> static_cast<unsigned>(s)) & 1U) == 0) continue;
    out = Action::signal(v.seat, s);
    return true;
  }
  return false;
}

Action mus_decision(const BotView& v, Rng& rng, const BotStyle& st) {
  bool decent = false;
  if (strong_hand(v, decent))  // a club player cuts; a beginner may still ask for mus
    return st.cut_strong >= 1.0 || rng.chance(st.cut_strong) ? Action::cut(v.seat)
                                                              : Action::mus(v.seat);
  // Without a memory of the rounds already played, a club player's "cut after a few rounds"
  // becomes a chance per round: the heuristic plays a decent hand a quarter of the time, any
  // hand one time in ten (about the three and five rounds a player waits).
  return rng.chance(decent ? st.cut_decent : st.cut_any) ? Action::cut(v.seat)
                                                         : Action::mus(v.seat);
}

// A beginner's discard: keep the kings and any card that pairs with another, throw the rest
// (chica, punto and juego forgotten); keep at least the highest card, and when every card is
// kept and the rules want a discard, throw the lowest.
std::uint64_t naive_discard(const BotView& v) {
  const int kings = v.rules.kings;
  std::array<int, hand_size> rank{};
  for (int i = 0; i < hand_size; ++i)
    rank[static_cast<std::size_t>(i)] =
        static_cast<int>(effective_rank(v.hand[static_cast<std::size_t>(i)].rank(), kings));
  unsigned keep = 0;
  for (int i = 0; i < hand_size; ++i) {
    const int r = rank[static_cast<std::size_t>(i)];
    bool paired = false;
    for (int j = 0; j < hand_size; ++j) paired = paired || (j != i && rank[static_cast<std::size_t>(j)] == r);
    if (r == static_cast<int>(Rank::rey) || paired) keep |= 1U << i;
  }
  const auto extreme = [&rank](bool highest) {
    int at = 0;
    for (int i = 1; i < hand_size; ++i) {
      const int r = rank[static_cast<std::size_t>(i)];
      const int best = rank[static_cast<std::size_t>(at)];
      if (highest ? r > best : r < best) at = i;
    }
    return at;
  };
  if (keep == 0) keep = 1U << extreme(true);
  if (keep == 15U && !v.rules.zero_discard) keep &= ~(1U << extreme(false));
  return cards_at(v, ~keep & 15U);
}

// The threshold an órdago's chance must reach to be accepted, by the score.
double ordago_threshold(const BotStyle& st, int need_us, int need_them) {
  double threshold = st.accept_ordago;
  if (need_them <= 8) threshold = st.accept_ordago_late;  // they are about to win anyway
  if (need_us <= 8 && need_them > 15) threshold = st.accept_ordago_ahead;  // no gamble
  return threshold;
}

Action own_bet_decision(const BotView& v, Rng& rng, const BotStyle& st, std::uint64_t seed) {
  const int seat = v.seat;
  const SeatView& sv = v.view;
  const int us = team_of(seat);
  const int target = v.rules.target;
  const int need_us = target - team_score(v, us);
  const int need_them = target - team_score(v, 1 - us);
  const double p = st.samples > 0 ? sampled_lance_chance(v, sv.lance, st.samples, seed)
                                  : lance_chance(v, sv.lance);
  const bool can_bet = v.min_bet > 0;
  const bool can_ordago = find_kind(v.legal, ActionKind::ordago) != nullptr;
  const auto bet = [&](int amount) {
    return Action::bet(seat, std::clamp(amount, v.min_bet, v.max_bet));
  };

  if (sv.bet_open == 0) {                                             // opening the lance
    if (can_bet && need_us <= 1 && v.rules.deje_ends) return bet(2);  // a deje wins the game
    if (can_ordago && ((p >= st.ordago_open && (need_them <= 10 || need_us - need_them >= 15)) ||
                       p >= st.ordago_open_any))
      return Action::ordago(seat);
    if (can_bet && p >= st.bet_at)
      return bet(p >= st.bet5_at ? 5 : (p >= st.bet3_at ? 3 : 2));
    if (can_bet && p >= st.club_at && club_hand(v, sv.lance) && rng.chance(st.club_rate))
      return bet(2);
    if (can_bet && p >= st.fair_at && rng.chance(st.fair_rate)) return bet(2);
    if (can_bet && rng.chance(st.bluff_rate)) return bet(2);  // a farol now and then
    return Action::pass(seat);
  }

  // Answering a bet: the bettors' team probably holds something, so trust our chance less.
  const int refusal = sv.stake_before;  // what no quiero gives them now
  const int stake = sv.proposed;        // what quiero puts at stake
  const bool refusal_loses = v.rules.deje_ends && refusal >= need_them;
  if (sv.is_ordago != 0) {
    if (refusal_loses) return Action::accept(seat);
    return p * st.ordago_trust >= ordago_threshold(st, need_us, need_them) ? Action::accept(seat)
                                                                           : Action::reject(seat);
  }
  const double q = p * st.trust;
  if (refusal_loses) return (can_ordago && q >= 0.55) ? Action::ordago(seat) : Action::accept(seat);
  if (can_ordago && ((q >= st.reraise_ordago && need_them <= 12) || q >= st.reraise_ordago_any))
    return Action::ordago(seat);
  if (can_bet && q >= st.raise_at && stake < need_us && rng.chance(st.raise_rate))
    return bet(q >= st.raise3_at ? 3 : 2);
  const double break_even = 0.5 * (1.0 - static_cast<double>(refusal) / std::max(stake, 1));
  return q >= break_even + st.accept_margin ? Action::accept(seat) : Action::reject(seat);
}

Action bet_decision(const BotView& v, Rng& rng, const BotStyle& st, std::uint64_t seed) {
  const Action own = own_bet_decision(v, rng, st, seed);
  const SeatView& sv = v.view;
  // R25a: the partner of a proposal agrees unless its own judgement goes further, within the
  // limits: after a proposed accept no reject; after a proposed raise of X no accept, no
  // reject and no smaller raise (repeating the raise of X is the agreement).
  switch (static_cast<ActionKind>(sv.proposal)) {
    case ActionKind::accept: return own.kind == ActionKind::reject ? Action::accept(v.seat) : own;
    case ActionKind::bet:
      if (own.kind == ActionKind::ordago ||
          (own.kind == ActionKind::bet && own.amount > sv.proposal_amount))
        return own;
      return Action::bet(v.seat, sv.proposal_amount);
    default: return own;  // after a proposed reject every answer is open
  }
}

}  // namespace

// --- the judgement ---------------------------------------------------------------------------

double lance_chance(const BotView& v, Lance l) noexcept {
  const int kings = v.rules.kings;
  const int me = v.seat;
  const int partner = partner_of(me);
  const double mine = lance_percentile(v.eval, l, kings);
  const auto takes_part = [&v, l](int seat) {
    if (l == Lance::pares) return ((v.view.pares_mask >> seat) & 1U) != 0;
    if (l == Lance::juego) return ((v.view.juego_mask >> seat) & 1U) != 0;
    return true;
  };
  const bool partner_plays = takes_part(partner);
  int opponents = 0;
  for (const int opp : {(me + 1) % seats, (me + 3) % seats}) opponents += takes_part(opp) ? 1 : 0;
  // What the partner's signals say about this lance: the best mean percentile among them.
  double partner_pct = -1;
  const std::uint16_t said = v.view.signals[static_cast<std::size_t>(partner)];
  const bots::Percentiles& p = bots::percentiles(kings);
  for (int k = 0; k < signal_count; ++k) {
    if (((said >> k) & 1U) == 0) continue;
    const double m = p.signal_mean[static_cast<std::size_t>(k)][static_cast<std::size_t>(l)];
    partner_pct = std::max(partner_pct, m);
  }
  return bots::team_win_chance(mine, partner_pct, partner_plays, opponents);
}

bool strong_enough_to_cut(const BotView& v) noexcept {
  bool decent = false;
  return strong_hand(v, decent);
}

std::uint64_t suggested_discard(const BotView& v, std::uint64_t seed, int samples) noexcept {
  const std::array<double, 16> total = bots::discard_values(v, seed, samples);
  unsigned best = 0;
  double best_total = -1;
  for (unsigned keep = 0; keep < 16; ++keep) {
    if (total[keep] > best_total) {
      best_total = total[keep];
      best = keep;
    }
  }
  return cards_at(v, ~best & 15U);
}

namespace bots {

std::array<double, 16> discard_values(const BotView& v, std::uint64_t seed, int samples) noexcept {
  Rng rng(seed);
  const bool zero_ok = v.rules.zero_discard;
  // The cards this seat has not seen: everything but its own hand.
  std::array<std::uint8_t, deck_size> unseen{};
  int n_unseen = 0;
  const std::uint64_t mine = v.hand.mask();
  for (int id = 0; id < deck_size; ++id)
    if (((mine >> id) & 1U) == 0)
      unseen[static_cast<std::size_t>(n_unseen++)] = static_cast<std::uint8_t>(id);
  // Average value of each set of kept positions (bit i = keep position i) over the same draws.
  std::array<double, 16> total{};
  for (int t = 0; t < std::max(samples, 1); ++t) {
    std::array<std::uint8_t, deck_size> deck = unseen;
    for (int i = 0; i < hand_size; ++i) {  // a partial Fisher-Yates: four random cards
      const int j = i + static_cast<int>(rng.below(static_cast<std::uint32_t>(n_unseen - i)));
      std::swap(deck[static_cast<std::size_t>(i)], deck[static_cast<std::size_t>(j)]);
    }
    for (unsigned keep = 0; keep < 16; ++keep) {
      if (keep == 15 && !zero_ok) continue;
      std::array<Card, 4> cards{};
      int drawn = 0;
      for (int i = 0; i < hand_size; ++i)
        cards[static_cast<std::size_t>(i)] =
            ((keep >> i) & 1U) != 0
                ? v.hand[static_cast<std::size_t>(i)]
                : Card::from_id_unchecked(deck[static_cast<std::size_t>(drawn++)]);
      const HandEval e = evaluate(Hand::from_cards_unchecked(cards), v.rules);
      total[keep] += hand_value(e, v.rules.kings);
    }
  }
  if (!zero_ok) total[15] = -1;
  return total;
}

}  // namespace bots

Result<Action> bot_signal(const BotView& v) noexcept {
  Action a;
  if (!next_signal(v, a)) return Error{Errc::illegal_action, "no signal now", -1};
  return a;
}

namespace bots {

Action random_action(const BotView& v, Rng& rng) noexcept {
  // The list is concrete (each discard subset, each bet of the ladder, each open signal):
  // a uniform pick over it is the random player, with nothing to complete.
  return v.legal.items[rng.below(static_cast<std::uint32_t>(v.legal.size))];
}

Action heuristic_action(const BotView& v, Rng& rng, bool signals) noexcept {
  return style_action(v, rng, signals, bot_style(BotKind::heuristic), 0);
}

Action style_action(const BotView& v, Rng& rng, bool signals, const BotStyle& st,
                    std::uint64_t seed) noexcept {
  switch (v.view.phase) {
    case Phase::mus: return mus_decision(v, rng, st);
    case Phase::discard:
      if (find_kind(v.legal, ActionKind::discard) == nullptr) break;
      if (st.naive_discard > 0 && rng.chance(st.naive_discard)) {
        const Action a = Action::discard(v.seat, naive_discard(v));
        for (std::size_t i = 0; i < v.legal.size; ++i)
          if (v.legal.items[i] == a) return a;
      }
      return Action::discard(v.seat, suggested_discard(v, rng.next(), 24));
    case Phase::perete: {  // the point is free: always declare tío Perete (R32)
      Action s;
      if (signals && next_signal(v, s)) return s;
      return find_kind(v.legal, ActionKind::perete) != nullptr ? Action::perete(v.seat)
                                                               : Action::pass(v.seat);
    }
    case Phase::betting: {
      Action s;
      if (signals && next_signal(v, s)) return s;
      return bet_decision(v, rng, st, seed);
    }
    default: break;
  }
  return v.legal.items[0];
}

}  // namespace bots

}  // namespace mus
