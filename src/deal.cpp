// Dealing (R11-R15) and tío Perete (R32): the shuffles, the deal of a new hand, the mus
// decisions, the discards, the replacements and the stock refills. Each handler first checks
// the action completely and only then changes the state, so a refused action leaves the state
// as it was.
#include <array>
#include <bit>
#include <cstdint>
#include <cstring>

#include "bits.hpp"
#include "reducer.hpp"

namespace mus::detail {
namespace refuse {
constexpr Refusal shuffle_seat{Errc::invalid_argument,
                               "R12: a shuffle is chance's step: its seat must be -1"};
constexpr Refusal order_length{
    Errc::bad_shuffle,
    "R12: an explicit order lists exactly the cards to shuffle: the whole deck for a deal (R11), "
    "the discard pile for a refill (R15)"};
constexpr Refusal order_card{Errc::bad_shuffle,
                             "R12: an explicit order holds card ids 0..39 (R3)"};
constexpr Refusal order_cards{
    Errc::bad_shuffle,
    "R12: an explicit order lists each card to shuffle once and no other card"};
constexpr Refusal not_mus_action{Errc::wrong_phase,
                                 "R13: in the mus phase a seat says mus or cuts"};
constexpr Refusal not_discard_action{Errc::wrong_phase,
                                     "R14: in the discard phase a seat discards"};
constexpr Refusal discard_not_held{Errc::card_not_in_hand,
                                   "R14: a seat discards only cards it holds"};
constexpr Refusal empty_discard{
    Errc::illegal_action, "R14: a discard is of one to four cards (servido needs zero_discard=1)"};
constexpr Refusal not_perete_action{
    Errc::wrong_phase, "R32: in the tio Perete phase a seat declares tio Perete or passes"};
constexpr Refusal not_perete_hand{
    Errc::illegal_action, "R32: only a hand of one 4, one 5, one 6 and one 7 declares tio Perete"};
}  // namespace refuse

namespace {

// The whole deck in id order: what a new hand's seeded shuffle starts from (R11, R12).
constexpr auto deck_in_id_order = [] {
  std::array<std::uint8_t, deck_size> d{};
  for (std::size_t i = 0; i < d.size(); ++i) d[i] = static_cast<std::uint8_t>(i);
  return d;
}();

// The order a seed gives to the cards of `cards` (a mask) (R12), into `out`; n of them. They
// are listed in id order, so seeded_order()'s sorting pass is skipped.
void seeded_cards(std::uint64_t cards, std::uint64_t seed, std::uint8_t* out, int& n) {
  n = popcount64(cards);
  if (n == deck_size) {  // a new hand's deal: every card (the hot path of simulations)
    std::memcpy(out, deck_in_id_order.data(), deck_in_id_order.size());
  } else {  // a refill: the pile's cards in id order
    int k = 0;
    for (std::uint64_t m = cards; m != 0; m &= m - 1)
      out[k++] = static_cast<std::uint8_t>(std::countr_zero(m));
  }
  seeded_order_of_sorted(out, n, seed);
}

// Reads a shuffle action into `out`: exactly the cards of `cards` (a mask), n of them.
Verdict shuffle_order(const Action& a, std::uint64_t cards, std::uint8_t* out, int& n) {
  if (a.amount == 0) {
    seeded_cards(cards, a.seed, out, n);
    return accepted;
  }
  n = popcount64(cards);
  if (a.amount != n) return &refuse::order_length;
  std::uint64_t seen = 0;
  for (int i = 0; i < n; ++i) {
    const std::uint8_t id = a.order[static_cast<std::size_t>(i)];
    if (id >= deck_size) return &refuse::order_card;
    const std::uint64_t bit = std::uint64_t{1} << id;
    if ((cards & bit) == 0 || (seen & bit) != 0) return &refuse::order_cards;
    seen |= bit;
    out[i] = id;
  }
  return accepted;
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

// The play of a hand back to its value before a deal: no bet, no declarations, no signals, the
// mus talk's counters at 0, the lance at grande, no deje winner. The lance records stay: between
// hands they are the last hand's (HandSummary::lances).
void clear_play(State& s) {
  s.bet = {};
  s.decl = {};
  s.signals = {};
  s.lance_index = 0;
  s.lance = Lance::grande;
  s.corrido = 0;
  s.no_signals = 0;
  s.mus_said = 0;
  s.discarded = 0;
  s.scores.deje_winner = -1;
}

// Every part of a hand back to its value between hands, as new_match() makes it and as every
// hand leaves it: the cards gathered and the play cleared. One definition, so that equal
// positions are equal bytes.
void clear_hand(State& s) {
  gather_cards(s);
  clear_play(s);
}

namespace {

// Where each hand slot's card comes from in a new hand's order (R11: one card at a time, from
// the mano round the table): with mano m, slot 4 * seat + k holds order[4 * k + i], where i is
// the seat's speaking index (seat - m) mod 4. deal_positions[m][slot] is that order index.
constexpr auto deal_positions = [] {
  std::array<std::array<std::uint8_t, 16>, seats> t{};
  for (int m = 0; m < seats; ++m)
    for (int k = 0; k < hand_size; ++k)
      for (int i = 0; i < seats; ++i)
        t[static_cast<std::size_t>(m)][static_cast<std::size_t>(((m + i) % seats) * 4 + k)] =
            static_cast<std::uint8_t>(4 * k + i);
  return t;
}();

// A new hand (R11): the play cleared, the cards of `order` (the whole deck) dealt one at a time
// from the mano, the rest the stock. The deal writes every card slot, so the cards are not
// gathered first (between hands they are, and the deal does not read them).
void begin_hand(State& s, const std::uint8_t* order, Events* ev) {
  clear_play(s);
  s.deck.pile = 0;
  s.deck.need = {};
  s.deck.refill_pos = no_refill;
  s.deck.stock_pos = 0;
  s.hand_number += 1;
  if (s.hand_in_game < 0xFF)
    s.hand_in_game = static_cast<std::uint8_t>(s.hand_in_game + 1);  // saturates
  const auto& from = deal_positions[s.mano & 3U];
  for (std::size_t slot = 0; slot < s.deck.hands.size(); ++slot)
    s.deck.hands[slot] = order[from[slot]];
  std::memcpy(s.deck.stock.data(), order + 16, deck_size - 16);
  s.deck.stock_end = deck_size - 16;
  for (int seat = 0; seat < seats; ++seat)  // every hand is complete: no empty slot to check
    s.truth[static_cast<std::size_t>(seat)] = true_signals(hand_at(s, seat), s.rules);
  s.lances = unplayed_lances;
  s.scores.hand_start = s.scores.points;
  const bool corrido = is_corrido_hand(s.rules, s.hand_number, s.hand_in_game);
  s.corrido = corrido ? 1 : 0;
  s.no_signals = corrido ? 1 : 0;
  s.phase = Phase::mus;
  s.to_act = static_cast<std::int8_t>(s.mano);
  emit(ev, EventKind::deal, s.dealer, -1, -1, static_cast<int>(s.hand_number), s.mano);
}

// A shuffle of the n cards of `order` (checked): a stock refill (R15) or a new hand (R11).
void play_order(State& s, const std::uint8_t* order, int n, Events* ev) {
  if (s.refill_due()) {  // stock refill (R15)
    int k = 0;
    for (int i = s.deck.stock_pos; i < s.deck.stock_end; ++i)
      s.deck.stock[static_cast<std::size_t>(k++)] = s.deck.stock[static_cast<std::size_t>(i)];
    for (int i = 0; i < n; ++i) s.deck.stock[static_cast<std::size_t>(k++)] = order[i];
    s.deck.stock_pos = 0;
    s.deck.stock_end = static_cast<std::uint8_t>(k);
    s.deck.pile = 0;
    emit(ev, EventKind::refill, -1, -1, -1, n);
    deal_replacements(s, ev);
    return;
  }
  begin_hand(s, order, ev);
}

}  // namespace

// --- phase handlers: each checks its action, then plays it with its play_* function ---------

Verdict on_shuffle(State& s, const Action& a, Events* ev) {
  if (a.seat != -1) return &refuse::shuffle_seat;
  std::array<std::uint8_t, deck_size> order;
  int n = 0;
  if (const Verdict v = shuffle_order(a, cards_to_shuffle(s), order.data(), n); v != accepted)
    return v;
  play_order(s, order.data(), n, ev);
  return accepted;
}

void play_seeded_shuffle(State& s, std::uint64_t seed, Events* ev) {
  std::array<std::uint8_t, deck_size> order;
  int n = 0;
  seeded_cards(cards_to_shuffle(s), seed, order.data(), n);
  play_order(s, order.data(), n, ev);
}

Verdict on_mus(State& s, const Action& a, Events* ev) {
  if (a.kind != ActionKind::mus && a.kind != ActionKind::cut) return &refuse::not_mus_action;
  play_mus(s, a.seat, a.kind == ActionKind::mus, ev);
  return accepted;
}

void play_mus(State& s, int seat, bool mus, Events* ev) {
  if (mus) {
    emit(ev, EventKind::mus, seat, team_of(seat));
    if (++s.mus_said == seats) {
      s.corrido = 0;  // all four said mus: ordinary discard, original mano (R31)
      s.phase = Phase::discard;
      s.discarded = 0;
      s.to_act = static_cast<std::int8_t>(s.mano);
    } else {
      s.to_act = static_cast<std::int8_t>(next_seat(seat));
    }
    return;
  }
  if (s.corrido) {  // mus corrido: the first to cut becomes mano (R31)
    s.mano = static_cast<std::uint8_t>(seat);
    s.dealer = static_cast<std::uint8_t>((seat + 3) % seats);
    s.corrido = 0;
  }
  emit(ev, EventKind::cut, seat, team_of(seat), -1, 0, s.mano);
  begin_lances(s, ev);
}

Verdict on_discard(State& s, const Action& a, Events* ev) {
  if (a.kind != ActionKind::discard) return &refuse::not_discard_action;
  const int seat = a.seat;
  const std::uint64_t held = hand_mask(s, seat);
  if ((a.cards & ~held) != 0) return &refuse::discard_not_held;
  if (a.cards == 0 && !s.rules.zero_discard) return &refuse::empty_discard;
  play_discard(s, seat, a.cards, ev);
  return accepted;
}

void play_discard(State& s, int seat, std::uint64_t cards, Events* ev) {
  const int n = popcount64(cards);
  for (int i = 0; i < hand_size; ++i) {
    auto& slot = s.deck.hands[static_cast<std::size_t>(seat * 4 + i)];
    if ((cards >> slot) & 1U) slot = no_card;
  }
  s.deck.pile |= cards;
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
}

Verdict on_perete(State& s, const Action& a, Events* ev) {
  const int seat = a.seat;
  if (a.kind != ActionKind::perete && a.kind != ActionKind::pass) return &refuse::not_perete_action;
  if (a.kind == ActionKind::perete && !is_perete_hand(s, seat)) return &refuse::not_perete_hand;
  play_perete(s, seat, a.kind == ActionKind::perete, ev);
  return accepted;
}

void play_perete(State& s, int seat, bool declare, Events* ev) {
  s.decl.perete_asked = static_cast<std::uint8_t>(s.decl.perete_asked | (1U << seat));
  if (declare) {
    s.decl.perete_mask = static_cast<std::uint8_t>(s.decl.perete_mask | (1U << seat));
    const int team = team_of(seat);
    auto& sc = s.scores.points[static_cast<std::size_t>(team)];
    sc = static_cast<std::int16_t>(sc + 1);
    emit(ev, EventKind::perete, seat, team, -1, 1);
    if (check_immediate_points(s, team, ev)) return;
  } else {
    emit(ev, EventKind::pass, seat, team_of(seat));
  }
  const int next = next_perete_seat(s);
  if (next >= 0) {
    s.to_act = static_cast<std::int8_t>(next);
  } else {
    start_lance(s, 0, ev);
  }
}
}  // namespace mus::detail
