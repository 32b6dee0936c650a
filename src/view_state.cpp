// state_from_view(): a state of the rules whose view for the seat is the given view, for a
// program that sees only that view (a bot playing through a server). The public part of the
// state is read from the view (and derived from it where validate_state() fixes a field); the
// hidden cards are dealt by a bounded search, in increasing card order, so that every other
// complete hand agrees with what its seat made public (signals, declarations, tío Perete).
// The result passes validate_state(): the search uses the reducer's own predicates, and the
// state is checked at the end.
#include <array>
#include <bit>
#include <cstdint>

#include "mus/observation.hpp"
#include "reducer.hpp"

namespace mus {
namespace {

using detail::speaking_seat;

constexpr std::uint64_t all_cards = (std::uint64_t{1} << deck_size) - 1;

// A bound on the hands the deal search tries (about 50 ns each): a view of a real state finds
// its deal after a few thousand, and a view no deal agrees with is refused within the bound.
constexpr long search_budget = 2'000'000;

constexpr Error not_a_view{Errc::invalid_state, "not a seat view this library produced", -1};
constexpr Error no_deal{Errc::invalid_state,
                        "no deal of the unseen cards agrees with the signals and declarations of "
                        "the view (R22, R32, R33)",
                        -1};
constexpr Error no_deal_in_bound{Errc::invalid_state,
                                 "no deal of the unseen cards agreeing with the view was found "
                                 "within the search's bound",
                                 -1};
constexpr Error inconsistent{Errc::invalid_state, "the view is not one of a state of these rules",
                             -1};

// What the state keeps that view_of() does not show because validate_state() fixes it.
void derive_public(State& s, const SeatView& v) {
  const bool between = s.phase == Phase::match_over || s.deal_due();
  const HandSummary& last = v.last;
  // The scores when this hand was dealt: the last hand's, carried on unless a game was won.
  std::array<std::int16_t, 2> start{};
  if (last.number != 0) {
    if (between) {
      start = last.score_before;
    } else if (last.game_winner < 0) {
      start = last.score_after;
    }
  }
  s.scores.hand_start = start;
  if (between) return;
  s.no_signals = detail::is_corrido_hand(s.rules, s.hand_number, s.hand_in_game) ? 1 : 0;
  s.corrido = (s.phase == Phase::mus && s.discarded == 0) ? s.no_signals : 0;
  // Tío Perete (R32): with the variant every seat is asked in speaking order before the lances.
  if (s.rules.tio_perete && (s.phase == Phase::perete || s.phase == Phase::betting)) {
    const int turn = s.phase == Phase::perete ? detail::speaking_index(s, s.to_act) : seats;
    for (int k = 0; k < turn; ++k)
      s.decl.perete_asked =
          static_cast<std::uint8_t>(s.decl.perete_asked | (1U << speaking_seat(s, k)));
  }
  if (v.bet_open != 0) {
    BetState& b = s.bet;
    b.open = 1;
    b.ordago = v.is_ordago;
    b.team = v.bet_team;
    b.answer_first = v.answer_first;
    b.answer_second = static_cast<std::int8_t>(detail::second_answerer(s, v.answer_first));
    b.answer_stage = s.to_act == v.answer_first ? 0 : 1;
    b.stake_before = v.stake_before;
    b.proposed = v.proposed;
    b.proposal = v.proposal;
    b.proposal_amount = v.proposal_amount;
  }
}

// The deal search: the other seats' complete hands, each agreeing with its public facts.
struct Deal {
  State& s;
  std::array<int, 3> seats_to_deal{};  // the other seats with a complete hand
  int count = 0;
  long budget = search_budget;

  // Whether seat `o`'s hand in `s` agrees with what the seat made public: only true signals
  // (R33), its pares and juego as declared (R22), tío Perete only with the hand (R32).
  [[nodiscard]] bool agrees(int o) const {
    const auto bit = [o](std::uint8_t mask) { return ((mask >> o) & 1U) != 0; };
    if ((s.signals[static_cast<std::size_t>(o)] & ~detail::truth_of(s, o)) != 0) return false;
    if (bit(s.decl.perete_mask) && !detail::is_perete_hand(s, o)) return false;
    if ((s.decl.declared & 3U) == 0) return true;
    const HandEval e = evaluate(detail::hand_at(s, o), s.rules);
    if ((s.decl.declared & 1U) != 0 && has_pares(e) != bit(s.decl.pares_mask)) return false;
    return (s.decl.declared & 2U) == 0 || has_juego(e) == bit(s.decl.juego_mask);
  }

  // Deals seats_to_deal[i..] from the cards of `pool`, four each, in increasing card order
  // (the first agreeing hand of the lowest cards); false when none agrees within the budget.
  bool deal(int i, std::uint64_t pool) {
    if (i == count) return true;
    const int o = seats_to_deal[static_cast<std::size_t>(i)];
    std::array<std::uint8_t, deck_size> ids{};
    int n = 0;
    for (std::uint64_t p = pool; p != 0; p &= p - 1)
      ids[static_cast<std::size_t>(n++)] = static_cast<std::uint8_t>(std::countr_zero(p));
    auto* slots = &s.deck.hands[static_cast<std::size_t>(o * hand_size)];
    for (int a = 0; a < n; ++a)
      for (int b = a + 1; b < n; ++b)
        for (int c = b + 1; c < n; ++c)
          for (int d = c + 1; d < n; ++d) {
            if (--budget < 0) return false;
            const std::array<int, 4> pick{a, b, c, d};
            std::uint64_t used = 0;
            for (int k = 0; k < hand_size; ++k) {
              slots[k] = ids[static_cast<std::size_t>(pick[static_cast<std::size_t>(k)])];
              used |= std::uint64_t{1} << slots[k];
            }
            if (agrees(o) && deal(i + 1, pool & ~used)) return true;
            if (budget < 0) return false;
          }
    return false;
  }
};

// The cards: the seat's own from the view, the other seats' filled slots (their first
// 4 - need slots) by the deal search, then the live stock and the discard pile in increasing
// card order. Between hands the cards are gathered.
Error place_cards(State& s, const SeatView& v) {
  if (s.phase == Phase::match_over || s.deal_due()) {
    detail::gather_cards(s);
    return {};
  }
  const int seat = v.seat;
  std::uint64_t own = 0;
  for (int i = 0; i < hand_size; ++i) {
    const std::uint8_t id = v.hand[static_cast<std::size_t>(i)];
    s.deck.hands[static_cast<std::size_t>(seat * hand_size + i)] = id;
    if (id != no_card) own |= std::uint64_t{1} << id;
  }
  Deal deal{s};
  int others = 0;
  for (int o = 0; o < seats; ++o) {
    if (o == seat) continue;
    const int filled = hand_size - s.deck.need[static_cast<std::size_t>(o)];
    others += filled;
    for (int i = 0; i < hand_size; ++i)
      s.deck.hands[static_cast<std::size_t>(o * hand_size + i)] = no_card;
    if (filled == hand_size) deal.seats_to_deal[static_cast<std::size_t>(deal.count++)] = o;
  }
  const int stock = v.stock_count;
  if (std::popcount(own) + others + stock + v.pile_count != deck_size) return inconsistent;
  std::uint64_t rest = all_cards & ~own;
  if (!deal.deal(0, rest)) return deal.budget < 0 ? no_deal_in_bound : no_deal;
  for (int o = 0; o < seats; ++o)
    for (int i = 0; i < hand_size; ++i) {
      const std::uint8_t id = s.deck.hands[static_cast<std::size_t>(o * hand_size + i)];
      if (id != no_card && o != seat) rest &= ~(std::uint64_t{1} << id);
    }
  const auto next_card = [&rest]() {
    const auto id = static_cast<std::uint8_t>(std::countr_zero(rest));
    rest &= rest - 1;
    return id;
  };
  // The incomplete hands (cards owed, R14): any cards.
  for (int o = 0; o < seats; ++o) {
    const int filled = hand_size - s.deck.need[static_cast<std::size_t>(o)];
    if (o == seat || filled == hand_size) continue;
    for (int i = 0; i < filled; ++i)
      s.deck.hands[static_cast<std::size_t>(o * hand_size + i)] = next_card();
  }
  // The live stock ends where a hand's deal leaves it (24 cards), the pile holds the rest.
  const int end = stock <= deck_size - 16 ? deck_size - 16 : stock;
  s.deck.stock = {};
  s.deck.stock_pos = static_cast<std::uint8_t>(end - stock);
  s.deck.stock_end = static_cast<std::uint8_t>(end);
  for (int i = end - stock; i < end; ++i) s.deck.stock[static_cast<std::size_t>(i)] = next_card();
  s.deck.pile = rest;
  for (int o = 0; o < seats; ++o) detail::refresh_truth(s, o);
  return {};
}

}  // namespace

Result<State> state_from_view(const Rules& rules, const SeatView& v) noexcept {
  if (const Error e = validate(rules); !e.ok()) return e;
  if (!detail::view_in_range(v)) return not_a_view;
  Result<State> fresh = new_match(rules, v.dealer);
  if (!fresh) return fresh.error();
  State s = *fresh;
  s.phase = v.phase;
  s.to_act = v.to_act;
  s.dealer = v.dealer;
  s.mano = v.mano;
  if (v.phase == Phase::betting) {
    s.lance = v.lance;
    s.lance_index =
        static_cast<std::uint8_t>(v.lance == Lance::punto ? 3 : static_cast<int>(v.lance));
  }
  s.hand_in_game = v.hand_in_game;
  s.mus_said = v.mus_said;
  s.discarded = v.discarded;
  s.hand_number = v.hand_number;
  s.deck.refill_pos = v.refill_pos;
  s.deck.need = v.need;
  s.scores.points = v.score;
  s.scores.games = v.games;
  s.scores.vacas = v.vacas;
  s.scores.deje_winner = v.deje_winner;
  s.scores.match_winner = v.match_winner;
  s.decl.pares_mask = v.pares_mask;
  s.decl.juego_mask = v.juego_mask;
  s.decl.declared = v.declared;
  s.decl.perete_mask = v.perete_mask;
  s.signals = v.signals;
  s.lances = v.lances;
  s.last = v.last;
  derive_public(s, v);
  if (const Error e = place_cards(s, v); !e.ok()) return e;
  if (const Error e = check_state(s); !e.ok()) return e;
  if (!(view_of(s, v.seat) == v)) return inconsistent;
  return s;
}

}  // namespace mus
