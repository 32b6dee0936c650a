// The opponent pool: the fixed parameter sets (styles) of the bots that play the heuristic's
// rules with other numbers, and the sampled chance of a lance the careful bot judges by. The
// rules themselves are the heuristic's (src/bots_heuristic.cpp); the deals are the search
// bot's determinization (src/bots_search.cpp).
#include <algorithm>
#include <cstddef>

#include "bots_internal.hpp"

namespace mus {

namespace {

constexpr std::uint64_t stream_chance = 21;

// The heuristic: a sensible club player (the defaults of BotStyle).
constexpr BotStyle heuristic_style{};

// Tight: cuts only with good hands, bets only strong ones, trusts its chance less against a
// bet and accepts only with a clear margin; never bluffs.
constexpr BotStyle tight_style{
    .cut_decent = 0.15,
    .cut_any = 0.05,
    .ordago_open = 0.96,
    .ordago_open_any = style_never,
    .bet_at = 0.88,
    .bet3_at = 0.92,
    .bet5_at = 0.96,
    .club_at = 0.75,
    .club_rate = 0.5,
    .fair_at = 0.85,
    .fair_rate = 0.2,
    .bluff_rate = 0.0,
    .trust = 0.85,
    .raise_at = 0.88,
    .raise3_at = 0.94,
    .raise_rate = 0.5,
    .reraise_ordago = 0.95,
    .reraise_ordago_any = style_never,
    .accept_margin = 0.2,
    .ordago_trust = 0.85,
    .accept_ordago = 0.8,
    .accept_ordago_late = 0.6,
    .accept_ordago_ahead = 0.85,
    .samples = 0,
};

// Loose-aggressive: plays more hands, bets and raises from middling chances, bluffs often,
// calls an órdago with a very strong hand whatever the score.
constexpr BotStyle loose_style{
    .cut_decent = 0.4,
    .cut_any = 0.2,
    .ordago_open = 0.88,
    .ordago_open_any = 0.95,
    .bet_at = 0.6,
    .bet3_at = 0.7,
    .bet5_at = 0.8,
    .club_at = 0.4,
    .club_rate = 0.9,
    .fair_at = 0.45,
    .fair_rate = 0.7,
    .bluff_rate = 0.3,
    .trust = 1.0,
    .raise_at = 0.6,
    .raise3_at = 0.75,
    .raise_rate = 0.8,
    .reraise_ordago = 0.8,
    .reraise_ordago_any = 0.93,
    .accept_margin = -0.02,
    .ordago_trust = 0.95,
    .accept_ordago = 0.7,
    .accept_ordago_late = 0.45,
    .accept_ordago_ahead = 0.8,
    .samples = 0,
};

// Calling station: accepts nearly every bet whatever its hand, rarely bets or raises itself,
// and accepts órdagos more readily than the heuristic.
constexpr BotStyle station_style{
    .cut_decent = 0.25,
    .cut_any = 0.1,
    .ordago_open = 0.96,
    .ordago_open_any = style_never,
    .bet_at = 0.85,
    .bet3_at = 0.92,
    .bet5_at = style_never,
    .club_at = 0.7,
    .club_rate = 0.5,
    .fair_at = style_never,
    .fair_rate = 0.0,
    .bluff_rate = 0.02,
    .trust = 1.0,
    .raise_at = 0.97,
    .raise3_at = style_never,
    .raise_rate = 0.2,
    .reraise_ordago = style_never,
    .reraise_ordago_any = style_never,
    .accept_margin = -0.35,
    .ordago_trust = 1.0,
    .accept_ordago = 0.5,
    .accept_ordago_late = 0.35,
    .accept_ordago_ahead = 0.65,
    .samples = 0,
};

// Órdago lover: bets like the heuristic but calls an órdago from a good chance whatever the
// score, answers bets with one, and accepts órdagos with ordinary hands.
constexpr BotStyle ordago_style{
    .cut_decent = 0.25,
    .cut_any = 0.1,
    .ordago_open = 0.8,
    .ordago_open_any = 0.7,
    .bet_at = 0.8,
    .bet3_at = 0.85,
    .bet5_at = 0.9,
    .club_at = 0.55,
    .club_rate = 0.8,
    .fair_at = 0.65,
    .fair_rate = 0.35,
    .bluff_rate = 0.04,
    .trust = 0.9,
    .raise_at = 0.8,
    .raise3_at = 0.88,
    .raise_rate = 0.6,
    .reraise_ordago = 0.7,
    .reraise_ordago_any = 0.7,
    .accept_margin = 0.08,
    .ordago_trust = 1.0,
    .accept_ordago = 0.35,
    .accept_ordago_late = 0.25,
    .accept_ordago_ahead = 0.5,
    .samples = 0,
};

// Careful threshold player: its chance is the share of sampled consistent deals its team wins
// (taken as it is: no distrust against a bet), and it acts by fixed thresholds on it; it
// accepts an órdago only above 0.72, above 0.55 when the opponents need 8 or fewer; never
// bluffs.
constexpr BotStyle careful_style{
    .cut_decent = 0.25,
    .cut_any = 0.1,
    .ordago_open = 0.9,
    .ordago_open_any = style_never,
    .bet_at = 0.75,
    .bet3_at = 0.82,
    .bet5_at = 0.9,
    .club_at = style_never,
    .club_rate = 0.0,
    .fair_at = 0.62,
    .fair_rate = 1.0,
    .bluff_rate = 0.0,
    .trust = 1.0,
    .raise_at = 0.8,
    .raise3_at = 0.88,
    .raise_rate = 1.0,
    .reraise_ordago = 0.88,
    .reraise_ordago_any = style_never,
    .accept_margin = 0.05,
    .ordago_trust = 1.0,
    .accept_ordago = 0.72,
    .accept_ordago_late = 0.55,
    .accept_ordago_ahead = 0.8,
    .samples = 48,
};

// Beginner (the level principiante): asks for mus with a good hand half the time and cuts
// early with poor ones, discards by "keep the kings and the pairs" more often than not, bets
// and stays in bets from middling chances, bluffs, and calls and accepts órdagos a careful
// player would not.
constexpr BotStyle beginner_style{
    .cut_decent = 0.5,
    .cut_any = 0.35,
    .cut_strong = 0.4,
    .naive_discard = 0.85,
    .ordago_open = 0.93,
    .ordago_open_any = 2.0,
    .bet_at = 0.7,
    .bet3_at = 0.8,
    .bet5_at = 0.9,
    .club_at = 0.45,
    .club_rate = 0.9,
    .fair_at = 0.55,
    .fair_rate = 0.5,
    .bluff_rate = 0.08,
    .trust = 1.0,
    .raise_at = 0.75,
    .raise3_at = 0.85,
    .raise_rate = 0.5,
    .reraise_ordago = 0.9,
    .reraise_ordago_any = 2.0,
    .accept_margin = -0.2,
    .ordago_trust = 1.0,
    .accept_ordago = 0.45,
    .accept_ordago_late = 0.3,
    .accept_ordago_ahead = 0.55,
    .samples = 0,
};

// Amateur (the level aficionado): the beginner's habits, less often: a good hand is played
// as it is most of the time, the discards are a club player's two times in three, the bets a
// little loose, an órdago called only with a strong hand, accepted a little too readily.
constexpr BotStyle amateur_style{
    .cut_decent = 0.35,
    .cut_any = 0.15,
    .cut_strong = 0.8,
    .naive_discard = 0.35,
    .ordago_open = 0.93,
    .ordago_open_any = 2.0,
    .bet_at = 0.75,
    .bet3_at = 0.83,
    .bet5_at = 0.9,
    .club_at = 0.5,
    .club_rate = 0.85,
    .fair_at = 0.6,
    .fair_rate = 0.45,
    .bluff_rate = 0.08,
    .trust = 0.95,
    .raise_at = 0.78,
    .raise3_at = 0.88,
    .raise_rate = 0.5,
    .reraise_ordago = 0.88,
    .reraise_ordago_any = 2.0,
    .accept_margin = -0.06,
    .ordago_trust = 0.95,
    .accept_ordago = 0.6,
    .accept_ordago_late = 0.4,
    .accept_ordago_ahead = 0.7,
    .samples = 0,
};

}  // namespace

const BotStyle& bot_style(BotKind k) noexcept {
  switch (k) {
    case BotKind::tight: return tight_style;
    case BotKind::loose: return loose_style;
    case BotKind::station: return station_style;
    case BotKind::ordago: return ordago_style;
    case BotKind::careful: return careful_style;
    case BotKind::beginner: return beginner_style;
    case BotKind::amateur: return amateur_style;
    default: return heuristic_style;
  }
}

double sampled_lance_chance(const BotView& v, Lance l, int samples, std::uint64_t seed) noexcept {
  if (!v.complete) return 0.5;
  const int n = std::max(samples, 1);
  const int us = team_of(v.seat);
  double won = 0;
  for (int k = 0; k < n; ++k) {
    bots::Rng rng(bots::derive(seed, stream_chance, static_cast<std::uint64_t>(k)));
    const Result<State> deal = bots::determinize(v, rng);
    if (!deal.ok()) return lance_chance(v, l);  // a view of no state: judge by percentiles
    const State& w = *deal;
    TableEval t{};
    bool full = true;
    for (int seat = 0; seat < seats && full; ++seat) {
      for (int i = 0; i < hand_size; ++i)
        full = full && w.deck.hands[static_cast<std::size_t>(seat * hand_size + i)] < deck_size;
      if (full) t[static_cast<std::size_t>(seat)] = evaluate(hand_of(w, seat), w.rules);
    }
    if (!full) return lance_chance(v, l);  // hands still being dealt: judge by percentiles
    const int winner = lance_winner(t, l, w.mano);
    won += winner < 0 ? 0.5 : (team_of(winner) == us ? 1.0 : 0.0);
  }
  return won / n;
}

}  // namespace mus
