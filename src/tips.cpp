// Tips for a person at the table (mus/tips.hpp): candidates in the order of the header's table,
// each a structured value, the first three kept.
#include "mus/tips.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstddef>
#include <cstdint>

namespace mus {

namespace {

// The candidates of one call, in order; at most this many are ever proposed (betting: five).
struct Candidates {
  std::array<Tip, 6> items{};
  std::size_t size = 0;

  void add(const Tip& t) noexcept {
    if (t.kind != TipKind::none && size < items.size()) items[size++] = t;
  }
};

// A tip of `kind` with the facts every tip carries: the seat's hand and the score.
Tip base(const BotView& v, TipKind kind) noexcept {
  Tip t;
  t.kind = kind;
  const int us = team_of(v.seat);
  t.score = {v.view.score[static_cast<std::size_t>(us)],
             v.view.score[static_cast<std::size_t>(1 - us)]};
  t.hand = v.hand;
  t.eval = v.eval;
  return t;
}

Tip lance_tip(const BotView& v, TipKind kind, Lance l) noexcept {
  Tip t = base(v, kind);
  t.lance = static_cast<std::int8_t>(l);
  return t;
}

// Kings in grande, aces in chica: two or more (`some`, with their count), or none (`none`);
// one says nothing.
Tip rank_tip(const BotView& v, Lance l, Rank r, TipKind some, TipKind none) noexcept {
  const int n = count_rank(v.hand, r, v.rules.kings);
  if (n == 1) return Tip{};
  Tip t = lance_tip(v, n >= 2 ? some : none, l);
  t.count = static_cast<std::int16_t>(n);
  return t;
}

// The hand in one lance, or no tip when there is nothing worth saying (one king, one ace).
Tip hand_tip(const BotView& v, Lance l) noexcept {
  const HandEval& e = v.eval;
  switch (l) {
    case Lance::grande: return rank_tip(v, l, Rank::rey, TipKind::grande_kings, TipKind::grande_no_king);
    case Lance::chica: return rank_tip(v, l, Rank::ace, TipKind::chica_aces, TipKind::chica_no_ace);
    case Lance::pares: {
      if (!has_pares(e)) return Tip{};  // only seats with pares bet pares (R23)
      Tip t = lance_tip(v, TipKind::pares, l);
      t.count = static_cast<std::int16_t>(pares_tantos(e));
      return t;
    }
    case Lance::juego: {
      if (!has_juego(e)) return Tip{};  // only seats with juego bet juego (R23)
      Tip t = lance_tip(v, TipKind::juego, l);
      t.count = static_cast<std::int16_t>(juego_tantos(e));
      t.beaten_by = juego_totals_above(e);
      t.real31_beats = v.rules.royal31 != Royal31::off && !is_real31(e);
      return t;
    }
    case Lance::punto: return lance_tip(v, TipKind::punto, l);
  }
  return Tip{};
}

// The most telling feature of the hand, for the mus and discard phases.
Tip headline(const BotView& v) noexcept {
  const HandEval& e = v.eval;
  if (has_juego(e) && e.value <= 32) return hand_tip(v, Lance::juego);
  if (pares_kind(e) >= ParesKind::medias) return hand_tip(v, Lance::pares);
  if (const Tip g = hand_tip(v, Lance::grande); g.kind == TipKind::grande_kings) return g;
  if (const Tip c = hand_tip(v, Lance::chica); c.kind == TipKind::chica_aces) return c;
  if (!has_pares(e) && !has_juego(e)) return base(v, TipKind::ciego);
  return base(v, TipKind::hand);
}

// What the partner signalled, else what the first opponent in playing order signalled.
Tip signals_tip(const BotView& v) noexcept {
  const int partner = (v.seat + 2) % seats;
  for (const int s : {partner, (v.seat + 1) % seats, (v.seat + 3) % seats}) {
    const std::uint16_t said = v.view.signals[static_cast<std::size_t>(s)];
    if (said == 0) continue;
    Tip t = base(v, s == partner ? TipKind::partner_signal : TipKind::opponent_signal);
    t.seat = static_cast<std::int8_t>(s);
    t.signals = said;
    return t;
  }
  return Tip{};
}

// What the score means for the next bet: the first of the header's score kinds that applies.
Tip score_tip(const BotView& v) noexcept {
  const SeatView& sv = v.view;
  const int us = team_of(v.seat);
  const int need_us = v.rules.target - sv.score[static_cast<std::size_t>(us)];
  const int need_them = v.rules.target - sv.score[static_cast<std::size_t>(1 - us)];
  const bool their_bet = sv.bet_open != 0 && sv.bet_team != us;
  const auto tip = [&](TipKind k, int amount) {
    Tip t = base(v, k);
    t.amount = static_cast<std::int16_t>(amount);
    return t;
  };
  if (sv.bet_open == 0 && v.rules.deje_ends && need_us <= 1 && v.min_bet > 0)
    return tip(TipKind::deje_wins_game, need_us);
  if (their_bet && v.rules.deje_ends && sv.stake_before >= need_them)
    return tip(TipKind::reject_loses_game, sv.stake_before);
  if (their_bet && v.rules.deje_ends && v.min_bet > 0 && sv.proposed >= need_us)
    return tip(TipKind::raise_deje_wins, sv.proposed);
  if (need_them <= 5) return tip(TipKind::they_need_little, need_them);
  if (need_us <= 5) return tip(TipKind::we_need_little, need_us);
  return Tip{};
}

// The search bot's preferred bet or answer and its estimate, and the runner-up's. Seeded by
// the seat's cards and the hand number: the same view gives the same estimates.
Tip search_tip(const BotView& v) noexcept {
  const auto est = bot_evaluate(v, BotConfig{BotKind::search, 0, 0, BotKind::heuristic},
                                v.hand.mask() ^ v.view.hand_number);
  if (!est || est->size == 0) return Tip{};
  Tip t = base(v, TipKind::search_choice);
  t.action = est->items[0].action;
  t.points = est->items[0].points;
  if (est->size > 1) {
    t.other = est->items[1].action;
    t.other_points = est->items[1].points;
  }
  return t;
}

Tip chance_tip(const BotView& v, Lance l) noexcept {
  Tip t = lance_tip(v, TipKind::lance_chance, l);
  t.chance = lance_chance(v, l);
  t.count = static_cast<std::int16_t>(std::lround(t.chance * 100));
  return t;
}

}  // namespace

std::string_view tip_kind_name(TipKind k) noexcept {
  constexpr std::array<std::string_view, tip_kind_count> names{
      "none",           "search_choice",   "club_cut",          "club_mus",
      "club_discard",   "grande_kings",    "grande_no_king",    "chica_aces",
      "chica_no_ace",   "pares",           "juego",             "punto",
      "ciego",          "hand",            "partner_signal",    "opponent_signal",
      "deje_wins_game", "reject_loses_game", "raise_deje_wins", "they_need_little",
      "we_need_little", "perete",          "lance_chance"};
  const auto i = static_cast<std::size_t>(k);
  return i < names.size() ? names[i] : std::string_view{"?"};
}

Tips tips(const BotView& v) noexcept {
  Tips out;
  if (!v.complete || v.view.to_act != v.seat) return out;
  Candidates c;
  switch (v.view.phase) {
    case Phase::mus: {
      c.add(headline(v));
      Tip call = base(v, strong_enough_to_cut(v) ? TipKind::club_cut : TipKind::club_mus);
      call.action = call.kind == TipKind::club_cut ? Action::cut(v.seat) : Action::mus(v.seat);
      c.add(call);
      c.add(signals_tip(v));
      break;
    }
    case Phase::discard: {
      // The same advice for the same hand: the draws are seeded by the cards.
      Tip d = base(v, TipKind::club_discard);
      d.cards = suggested_discard(v, v.hand.mask(), 64);
      d.action = Action::discard(v.seat, d.cards);
      c.add(d);
      c.add(headline(v));
      c.add(signals_tip(v));
      break;
    }
    case Phase::perete: c.add(base(v, TipKind::perete)); break;
    case Phase::betting: {
      const Lance l = v.view.lance;
      c.add(search_tip(v));
      c.add(score_tip(v));
      c.add(hand_tip(v, l));
      c.add(signals_tip(v));
      c.add(chance_tip(v, l));
      break;
    }
    default: break;
  }
  out.size = std::min(c.size, max_tips);
  std::copy_n(c.items.begin(), out.size, out.items.begin());
  return out;
}

Result<Tips> tips(const State& s, int seat) noexcept {
  if (seat < 0 || seat >= seats) return Error{Errc::invalid_argument, "seat outside 0..3", -1};
  if (s.phase == Phase::match_over) return Error{Errc::match_over, {}, -1};
  if (s.phase == Phase::shuffle) return Error{Errc::wrong_phase, "a shuffle (chance) is due", -1};
  if (s.to_act != seat) return Error{Errc::not_your_turn, "the seat is not the seat to act", -1};
  return tips(bot_view(s, seat));
}

}  // namespace mus
