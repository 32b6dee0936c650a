// Dealing (R11-R15) and tío Perete (R32): the shuffles, the deal of a new hand, the mus
// decisions, the discards, the replacements and the stock refills. Each handler first checks
// the action completely and only then changes the state, so a refused action leaves the state
// as it was.
#include <array>
#include <bit>
#include <cstdint>

#include "reducer.hpp"

namespace mus::detail {
namespace {

// Reads a shuffle action into `out`: exactly the cards of `cards` (a mask), n of them.
Errc shuffle_order(const Action& a, std::uint64_t cards, std::uint8_t* out, int& n) {
  n = std::popcount(cards);
  if (a.amount == 0) {
    int k = 0;
    for (int id = 0; id < deck_size; ++id)
      if ((cards >> id) & 1U) out[k++] = static_cast<std::uint8_t>(id);
    seeded_order(out, n, a.seed);
    return Errc::ok;
  }
  if (a.amount != n) return Errc::bad_shuffle;
  std::uint64_t seen = 0;
  for (int i = 0; i < n; ++i) {
    const std::uint8_t id = a.order[static_cast<std::size_t>(i)];
    if (id >= deck_size) return Errc::bad_shuffle;
    const std::uint64_t bit = std::uint64_t{1} << id;
    if ((cards & bit) == 0 || (seen & bit) != 0) return Errc::bad_shuffle;
    seen |= bit;
    out[i] = id;
  }
  return Errc::ok;
}

// After the mus phase ends with a cut: tío Perete (R32) when the variant is on, then the
// lances. Every seat is asked, holder or not, so that being asked reveals nothing of a hand.
void begin_lances(State& s, Events* ev) {
  s.decl.perete_asked = 0;
  if (s.rules.tio_perete) {
    s.phase = Phase::perete;
    s.to_act = static_cast<std::int8_t>(s.mano);
    return;
  }
  start_lance(s, 0, ev);
}

// The next seat not yet asked about tío Perete, in speaking order, or -1.
int next_perete_seat(const State& s) {
  for (int k = 0; k < seats; ++k) {
    const int seat = speaking_seat(s, k);
    if (((s.decl.perete_asked >> seat) & 1U) == 0) return seat;
  }
  return -1;
}

// --- replacements and refills (R14, R15) ----------------------------------------------------

// Deals replacement cards from the stock, mano first; stops for a refill shuffle when the
// stock cannot serve the next seat.
void deal_replacements(State& s, Events* ev) {
  while (s.deck.refill_pos < seats) {
    const int seat = speaking_seat(s, s.deck.refill_pos);
    const int n = s.deck.need[static_cast<std::size_t>(seat)];
    if (s.deck.stock_end - s.deck.stock_pos < n) {
      s.phase = Phase::shuffle;
      s.to_act = -1;
      return;
    }
    for (int i = 0; i < hand_size; ++i) {
      auto& slot = s.deck.hands[static_cast<std::size_t>(seat * 4 + i)];
      if (slot == no_card) slot = s.deck.stock[s.deck.stock_pos++];
    }
    s.deck.need[static_cast<std::size_t>(seat)] = 0;
    refresh_truth(s, seat);
    emit(ev, EventKind::replace, seat, team_of(seat), -1, n);
    ++s.deck.refill_pos;
  }
  s.deck.refill_pos = no_refill;
  s.phase = Phase::mus;
  s.mus_said = 0;
  s.to_act = static_cast<std::int8_t>(s.mano);
}

}  // namespace

// Takes all cards back into the stock (deck order) between hands.
void gather_cards(State& s) {
  s.deck.hands.fill(no_card);
  for (int i = 0; i < deck_size; ++i)
    s.deck.stock[static_cast<std::size_t>(i)] = static_cast<std::uint8_t>(i);
  s.deck.stock_pos = 0;
  s.deck.stock_end = deck_size;
  s.deck.pile = 0;
  s.deck.need = {};
  s.truth = {};
  s.deck.refill_pos = no_refill;
}

// --- phase handlers -------------------------------------------------------------------------

Errc on_shuffle(State& s, const Action& a, Events* ev) {
  if (a.seat != -1) return Errc::invalid_argument;
  std::array<std::uint8_t, deck_size> order{};
  int n = 0;
  const Errc e = shuffle_order(a, cards_to_shuffle(s), order.data(), n);
  if (e != Errc::ok) return e;
  if (s.refill_due()) {  // stock refill (R15)
    int k = 0;
    for (int i = s.deck.stock_pos; i < s.deck.stock_end; ++i)
      s.deck.stock[static_cast<std::size_t>(k++)] = s.deck.stock[static_cast<std::size_t>(i)];
    for (int i = 0; i < n; ++i)
      s.deck.stock[static_cast<std::size_t>(k++)] = order[static_cast<std::size_t>(i)];
    s.deck.stock_pos = 0;
    s.deck.stock_end = static_cast<std::uint8_t>(k);
    s.deck.pile = 0;
    emit(ev, EventKind::refill, -1, -1, -1, n);
    deal_replacements(s, ev);
    return Errc::ok;
  }
  // A new hand (R11).
  s.hand_number += 1;
  if (s.hand_in_game < 0xFF)
    s.hand_in_game = static_cast<std::uint8_t>(s.hand_in_game + 1);  // saturates
  for (int k = 0; k < hand_size; ++k)
    for (int i = 0; i < seats; ++i)
      s.deck.hands[static_cast<std::size_t>(((s.mano + i) % seats) * 4 + k)] =
          order[static_cast<std::size_t>(4 * k + i)];
  for (int i = 16; i < deck_size; ++i)
    s.deck.stock[static_cast<std::size_t>(i - 16)] = order[static_cast<std::size_t>(i)];
  s.deck.stock_pos = 0;
  s.deck.stock_end = deck_size - 16;
  s.deck.pile = 0;
  s.deck.need = {};
  s.deck.refill_pos = no_refill;
  s.discarded = 0;
  s.mus_said = 0;
  s.decl.pares_mask = s.decl.juego_mask = s.decl.declared = 0;
  s.decl.perete_mask = s.decl.perete_asked = 0;
  s.scores.deje_winner = -1;
  s.signals = {};
  for (int seat = 0; seat < seats; ++seat) refresh_truth(s, seat);
  s.lances = {};
  for (int i = 0; i < 4; ++i)  // named by position until played (index 3: juego or punto)
    s.lances[static_cast<std::size_t>(i)].lance = static_cast<Lance>(i);
  s.bet.open = 0;
  s.bet.ordago = 0;
  s.scores.hand_start = s.scores.points;
  const bool corrido = is_corrido_hand(s.rules, s.hand_number, s.hand_in_game);
  s.corrido = corrido ? 1 : 0;
  s.no_signals = corrido ? 1 : 0;
  s.phase = Phase::mus;
  s.to_act = static_cast<std::int8_t>(s.mano);
  emit(ev, EventKind::deal, s.dealer, -1, -1, static_cast<int>(s.hand_number), s.mano);
  return Errc::ok;
}

Errc on_mus(State& s, const Action& a, Events* ev) {
  const int seat = a.seat;
  if (a.kind == ActionKind::mus) {
    emit(ev, EventKind::mus, seat, team_of(seat));
    if (++s.mus_said == seats) {
      s.corrido = 0;  // all four said mus: ordinary discard, original mano (R31)
      s.phase = Phase::discard;
      s.discarded = 0;
      s.to_act = static_cast<std::int8_t>(s.mano);
    } else {
      s.to_act = static_cast<std::int8_t>(next_seat(seat));
    }
    return Errc::ok;
  }
  if (a.kind != ActionKind::cut) return Errc::wrong_phase;
  if (s.corrido) {  // mus corrido: the first to cut becomes mano (R31)
    s.mano = static_cast<std::uint8_t>(seat);
    s.dealer = static_cast<std::uint8_t>((seat + 3) % seats);
    s.corrido = 0;
  }
  emit(ev, EventKind::cut, seat, team_of(seat), -1, 0, s.mano);
  begin_lances(s, ev);
  return Errc::ok;
}

Errc on_discard(State& s, const Action& a, Events* ev) {
  if (a.kind != ActionKind::discard) return Errc::wrong_phase;
  const int seat = a.seat;
  const std::uint64_t held = hand_mask(s, seat);
  if ((a.cards & ~held) != 0) return Errc::card_not_in_hand;
  const int n = std::popcount(a.cards);
  if (n == 0 && !s.rules.zero_discard) return Errc::illegal_action;
  for (int i = 0; i < hand_size; ++i) {
    auto& slot = s.deck.hands[static_cast<std::size_t>(seat * 4 + i)];
    if ((a.cards >> slot) & 1U) slot = no_card;
  }
  s.deck.pile |= a.cards;
  s.deck.need[static_cast<std::size_t>(seat)] = static_cast<std::uint8_t>(n);
  if (n > 0) s.signals[static_cast<std::size_t>(seat)] = 0;  // they described the old hand
  refresh_truth(s, seat);
  emit(ev, EventKind::discard, seat, team_of(seat), -1, n);
  if (++s.discarded == seats) {
    s.deck.refill_pos = 0;
    deal_replacements(s, ev);
  } else {
    s.to_act = static_cast<std::int8_t>(next_seat(seat));
  }
  return Errc::ok;
}

Errc on_perete(State& s, const Action& a, Events* ev) {
  const int seat = a.seat;
  if (a.kind != ActionKind::perete && a.kind != ActionKind::pass) return Errc::wrong_phase;
  if (a.kind == ActionKind::perete && !is_perete_hand(s, seat)) return Errc::illegal_action;
  s.decl.perete_asked = static_cast<std::uint8_t>(s.decl.perete_asked | (1U << seat));
  if (a.kind == ActionKind::perete) {
    s.decl.perete_mask = static_cast<std::uint8_t>(s.decl.perete_mask | (1U << seat));
    const int team = team_of(seat);
    auto& sc = s.scores.points[static_cast<std::size_t>(team)];
    sc = static_cast<std::int16_t>(sc + 1);
    emit(ev, EventKind::perete, seat, team, -1, 1);
    if (check_immediate_points(s, team, ev)) return Errc::ok;
  } else {
    emit(ev, EventKind::pass, seat, team_of(seat));
  }
  const int next = next_perete_seat(s);
  if (next >= 0) {
    s.to_act = static_cast<std::int8_t>(next);
  } else {
    start_lance(s, 0, ev);
  }
  return Errc::ok;
}
}  // namespace mus::detail
