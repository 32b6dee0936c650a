// state_from_view(): the one builder of a state behind a seat's view (OpenSpiel's
// ResampleFromInfostate), for a program that sees only that view (a bot playing through a
// server), for bot_view() (seed 0, the canonical placement) and for the search's sampled deals.
//
// The public part of the state is the view's, copied by the field list that view_of() reads
// (view_fields.hpp), plus what validate_state() derives from it. The cards the seat has not seen
// are placed from the seed so that every other complete hand agrees with what its seat made
// public (detail::hand_agrees(): signals, declarations, tío Perete): each such hand is drawn at
// random until it agrees, and when the public facts leave too few hands for that, an exact
// search over the multisets of card kinds places them. The state is checked with
// validate_state() before it is returned; a view no placement agrees with is refused. No
// allocation.
#include <algorithm>
#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <utility>

#include "bits.hpp"
#include "mus/observation.hpp"
#include "reducer.hpp"
#include "rng.hpp"
#include "view_fields.hpp"

namespace mus {
namespace {

using detail::speaking_seat;

constexpr std::uint64_t all_cards = (std::uint64_t{1} << deck_size) - 1;

// The hands the exact search may try (each a few tens of ns): a view of a real state needs a
// handful, and one no deal agrees with is refused within the bound (a few tens of ms at most).
constexpr long search_budget = 1'000'000;

// The hands are first drawn at random: this many rounds, each hand this many times, before the
// exact search places them (which it does when the public facts leave few hands to choose).
constexpr int draw_rounds = 8;
constexpr int draw_tries = 64;

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

constexpr std::size_t idx(int i) { return static_cast<std::size_t>(i); }

// --- the public part ---------------------------------------------------------------------------

// What the state keeps that view_of() does not show because validate_state() fixes it.
void derive_public(State& s) {
  const bool between = s.phase == Phase::match_over || s.deal_due();
  s.lance_index = static_cast<std::uint8_t>(
      s.phase != Phase::betting ? 0 : std::min(static_cast<int>(s.lance), 3));
  // The scores when this hand was dealt: the last hand's, carried on unless a game was won.
  const HandSummary& last = s.last;
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
  if (s.bet.open != 0) {  // R25, R25a: who answers, and who speaks now
    s.bet.answer_second = static_cast<std::int8_t>(detail::second_answerer(s, s.bet.answer_first));
    s.bet.answer_stage = s.to_act == s.bet.answer_first ? 0 : 1;
  }
}

// --- card kinds ---------------------------------------------------------------------------------

// Cards that nothing public about a hand tells apart: a hand's signals, pares, juego and tío
// Perete depend on its effective ranks (R2: with 8 kings a 3 is a king and a 2 an ace), and on
// the suits of its sota and 7s only for a 31 real that names suits (R19). The exact search
// chooses how many cards of each kind a hand holds, never which ones.
struct Kinds {
  static constexpr int max = 16;  // 10 ranks, or 8 ranks and the 8 sotas and 7s by suit
  int count = 0;
  std::array<std::uint8_t, deck_size> of{};  // the kind of each card id
};

Kinds kinds_of(const Rules& r) {
  const bool suits = r.royal31 == Royal31::jack777_other_suits ||
                     r.royal31 == Royal31::jack_of_coins777 ||
                     r.royal31 == Royal31::jack_of_coins_any777;
  // Keys: an effective rank 0..9, or 10 + 4 * (0 sota, 1 seven) + suit.
  std::array<std::int8_t, 18> kind_of_key{};
  kind_of_key.fill(-1);
  Kinds k;
  for (int id = 0; id < deck_size; ++id) {
    const Card c = Card::from_id_unchecked(id);
    const Rank rank = c.rank();
    int key = static_cast<int>(effective_rank(rank, r.kings));
    if (suits && (rank == Rank::sota || rank == Rank::seven))
      key = 10 + (rank == Rank::sota ? 0 : 4) + static_cast<int>(c.suit());
    std::int8_t& kind = kind_of_key[idx(key)];
    if (kind < 0 && k.count < Kinds::max) kind = static_cast<std::int8_t>(k.count++);
    k.of[idx(id)] = static_cast<std::uint8_t>(kind < 0 ? 0 : kind);
  }
  return k;
}

// --- the exact search ---------------------------------------------------------------------------

// The hands of up to three seats (`seat_of`), as counts of each kind, such that every hand
// agrees with its seat's public facts and together they fit in the pool: a depth-first search
// over the seats in order and, for each, over the multisets of kinds, the kinds in the order
// `kind_order` and as many of each as the pool has first. Exact: it finds hands whenever some
// exist, within the budget.
class HandSearch {
 public:
  static constexpr int max_seats = 3;

  HandSearch(const State& s, const Kinds& kinds, const std::array<std::uint8_t, Kinds::max>& order,
             std::uint64_t pool, const std::array<int, max_seats>& seat_of, int n, long budget)
      : s_(s),
        kinds_(kinds),
        order_(order),
        seat_of_(seat_of),
        n_(std::min(n, max_seats)),
        bound_(budget),
        budget_(budget) {
    for (std::uint64_t p = pool; p != 0; p &= p - 1) {
      const int id = std::countr_zero(p);
      const std::size_t k = kinds_.of[idx(id)];
      cards_[k] |= std::uint64_t{1} << id;
      ++avail_[k];
    }
  }

  // Found hands (count_of() gives them), or false: none exist, or the budget ran out first.
  bool run() { return seat(0); }
  [[nodiscard]] bool out_of_budget() const { return budget_ < 0; }
  // The hands tried so far.
  [[nodiscard]] long tried() const { return bound_ - std::max(budget_, 0L); }
  // How many cards of kind k the i-th seat's hand holds.
  [[nodiscard]] int count_of(int i, int k) const {
    if (i < 0 || i >= max_seats || k < 0 || k >= Kinds::max) return 0;
    return picks_[idx(i)][idx(k)];
  }

 private:
  bool seat(int i) { return i >= n_ || fill(i, 0, hand_size); }

  // Chooses the counts of the kinds at positions j.. of the order for seat i's hand, `left`
  // cards still to choose.
  bool fill(int i, int j, int left) {
    if (i < 0 || i >= max_seats || j < 0 || j > Kinds::max) return false;
    auto& pick = picks_[idx(i)];
    if (left == 0) {
      for (int r = j; r < Kinds::max; ++r) pick[order_[idx(r)] % Kinds::max] = 0;
      if (--budget_ < 0 || !agrees(i)) return false;
      return seat(i + 1);
    }
    if (j == Kinds::max || j >= kinds_.count) return false;
    const std::size_t k = order_[idx(j)] % Kinds::max;
    const int most = std::min(left, static_cast<int>(avail_[k]));
    for (int c = most; c >= 0; --c) {
      pick[k] = static_cast<std::uint8_t>(c);
      avail_[k] = static_cast<std::uint8_t>(avail_[k] - c);
      const bool found = fill(i, j + 1, left - c);
      avail_[k] = static_cast<std::uint8_t>(avail_[k] + c);
      if (found) return true;
      if (budget_ < 0) return false;
    }
    return false;
  }

  // Whether seat i's chosen counts make a hand that agrees with its public facts: any cards of
  // the kinds do (kinds are alike for every check), here the lowest of each.
  [[nodiscard]] bool agrees(int i) const {
    std::array<Card, hand_size> cards{};
    std::size_t n = 0;
    for (int k = 0; k < kinds_.count && k < Kinds::max; ++k) {
      std::uint64_t of_kind = cards_[idx(k)];
      for (int c = 0; c < picks_[idx(i)][idx(k)] && of_kind != 0 && n < cards.size(); ++c) {
        cards[n++] = Card::from_id_unchecked(std::countr_zero(of_kind));
        of_kind &= of_kind - 1;
      }
    }
    return n == cards.size() &&
           detail::hand_agrees(s_, seat_of_[idx(i)], Hand::from_cards_unchecked(cards));
  }

  const State& s_;
  const Kinds& kinds_;
  const std::array<std::uint8_t, Kinds::max>& order_;
  std::array<int, max_seats> seat_of_;
  int n_;
  long bound_;   // the hands it may try
  long budget_;  // the hands it may still try
  std::array<std::uint64_t, Kinds::max> cards_{};  // the pool's cards of each kind
  std::array<std::uint8_t, Kinds::max> avail_{};   // how many are not yet in a chosen hand
  std::array<std::array<std::uint8_t, Kinds::max>, max_seats> picks_{};
};

// --- placing the cards --------------------------------------------------------------------------

// The cards the seat has not seen, as ids, and the draws that order them: ids[0..at) are
// placed, ids[at..n) still free.
struct Unseen {
  std::array<std::uint8_t, deck_size> ids{};
  int n = 0;
  int at = 0;

  explicit Unseen(std::uint64_t pool) {
    for (std::uint64_t p = pool; p != 0 && n < deck_size; p &= p - 1)
      ids[idx(n++)] = static_cast<std::uint8_t>(std::countr_zero(p));
  }
  // Moves `count` free cards, uniformly drawn, to ids[at..at+count) (a partial Fisher-Yates).
  void draw(int count, detail::Rng& rng) {
    for (int i = at; i < at + count && i < n; ++i)
      std::swap(ids[idx(i)],
                ids[idx(i + static_cast<int>(rng.below(static_cast<std::uint32_t>(n - i))))]);
  }
  // The next placed card.
  std::uint8_t take() { return at < n ? ids[idx(at++)] : no_card; }
};

// The seats whose complete hands the seat has not seen, the most constrained first.
struct Hidden {
  std::array<int, HandSearch::max_seats> complete{};
  int count = 0;
};

// Draws the complete hands at random until each agrees (seat by seat, in rounds): true when
// they do, each hand written and its cards placed in `u`.
bool draw_hands(State& s, const Hidden& h, Unseen& u, detail::Rng& rng, std::int64_t& tries) {
  for (int round = 0; round < draw_rounds; ++round) {
    u.at = 0;
    bool all = true;
    for (int i = 0; i < h.count && all; ++i) {
      const int o = h.complete[idx(i)];
      bool found = false;
      for (int t = 0; t < draw_tries && !found; ++t) {
        u.draw(hand_size, rng);
        std::array<Card, hand_size> cards{};
        for (int k = 0; k < hand_size; ++k)
          cards[idx(k)] = Card::from_id_unchecked(u.ids[idx(u.at + k)]);
        found = detail::hand_agrees(s, o, Hand::from_cards_unchecked(cards));
        ++tries;
      }
      if (found)
        for (int k = 0; k < hand_size; ++k) s.deck.hands[idx(o * hand_size + k)] = u.take();
      all = found;
    }
    if (all) return true;
  }
  return false;
}

// The complete hands by the exact search, the kinds tried in a random order; each hand's cards
// random cards of its kinds, placed in `u`.
Error search_hands(State& s, const Hidden& h, Unseen& u, detail::Rng& rng, long budget,
                   std::int64_t& tries) {
  const Kinds kinds = kinds_of(s.rules);
  std::array<std::uint8_t, Kinds::max> order{};
  for (int k = 0; k < Kinds::max; ++k) order[idx(k)] = static_cast<std::uint8_t>(k);
  for (int k = kinds.count - 1; k > 0 && k < Kinds::max; --k)
    std::swap(order[idx(k)], order[rng.below(static_cast<std::uint32_t>(k) + 1)]);
  std::uint64_t pool = 0;
  for (int i = 0; i < u.n; ++i) pool |= std::uint64_t{1} << u.ids[idx(i)];
  HandSearch search(s, kinds, order, pool, h.complete, h.count, budget);
  const bool found = search.run();
  tries += search.tried();
  if (!found) return search.out_of_budget() ? no_deal_in_bound : no_deal;
  u.at = 0;
  for (int i = 0; i < h.count; ++i) {
    const int o = h.complete[idx(i)];
    int slot = 0;
    for (int k = 0; k < kinds.count && k < Kinds::max; ++k)
      for (int c = search.count_of(i, k); c > 0; --c) {
        // A random free card of kind k, moved to the placed part.
        int of_kind = 0;
        for (int j = u.at; j < u.n; ++j) of_kind += kinds.of[u.ids[idx(j)]] == k ? 1 : 0;
        auto r = static_cast<int>(rng.below(static_cast<std::uint32_t>(of_kind)));
        for (int j = u.at; j < u.n; ++j)
          if (kinds.of[u.ids[idx(j)]] == k && r-- == 0) {
            std::swap(u.ids[idx(u.at)], u.ids[idx(j)]);
            break;
          }
        if (slot < hand_size) s.deck.hands[idx(o * hand_size + slot++)] = u.take();
      }
  }
  return {};
}

}  // namespace

namespace detail {

// The cards of `s`, whose public part is the view's: the seat's own from the view; the other
// complete hands agreeing with their public facts; then, in a random order, the filled slots of
// the hands owed cards (R14: their first slots), the live stock and the discard pile. Between
// hands the cards are gathered.
Error place_unseen(State& s, const SeatView& v, std::uint64_t seed, std::int64_t* tries,
                   long budget) noexcept {
  if (s.phase == Phase::match_over || s.deal_due()) {
    detail::gather_cards(s);
    return {};
  }
  const int seat = v.seat;
  Hidden h;
  std::uint64_t own = 0;
  int others = 0;
  for (int i = 0; i < hand_size; ++i) {
    const std::uint8_t id = v.hand[idx(i)];
    s.deck.hands[idx(seat * hand_size + i)] = id;
    if (id < deck_size) own |= std::uint64_t{1} << id;
  }
  for (int o = 0; o < seats; ++o) {
    if (o == seat) continue;
    const int filled = hand_size - s.deck.need[idx(o)];
    others += filled;
    for (int i = 0; i < hand_size; ++i) s.deck.hands[idx(o * hand_size + i)] = no_card;
    if (filled == hand_size && h.count < HandSearch::max_seats) h.complete[idx(h.count++)] = o;
  }
  if (detail::popcount64(own) + others + v.stock_count + v.pile_count != deck_size)
    return inconsistent;
  // The seats whose public facts say most first: they have the fewest hands to choose from.
  const auto says = [&s](int o) {
    return 8 * (((s.decl.perete_mask >> o) & 1U) != 0 ? 1 : 0) +
           detail::popcount64(s.signals[idx(o)]);
  };
  for (int i = 1; i < h.count; ++i)  // an insertion sort: stable, no allocation
    for (int j = i; j > 0 && says(h.complete[idx(j - 1)]) < says(h.complete[idx(j)]); --j)
      std::swap(h.complete[idx(j - 1)], h.complete[idx(j)]);
  detail::Rng rng(seed);
  Unseen u(all_cards & ~own);
  std::int64_t tried = 0;
  const bool drawn = draw_hands(s, h, u, rng, tried);
  const Error e =
      drawn ? Error{} : search_hands(s, h, u, rng, budget > 0 ? budget : search_budget, tried);
  if (tries != nullptr) *tries += tried;
  if (!e.ok()) return e;
  u.draw(u.n - u.at, rng);  // the rest in a random order
  // The hands owed cards (R14): their first slots.
  for (int o = 0; o < seats; ++o) {
    const int filled = hand_size - s.deck.need[idx(o)];
    if (o == seat || filled == hand_size) continue;
    for (int i = 0; i < filled; ++i) s.deck.hands[idx(o * hand_size + i)] = u.take();
  }
  // The live stock ends where a hand's deal leaves it (24 cards), the pile holds the rest.
  const int stock = v.stock_count;
  const int end = std::max(deck_size - 16, stock);
  s.deck.stock = {};
  s.deck.stock_pos = static_cast<std::uint8_t>(end - stock);
  s.deck.stock_end = static_cast<std::uint8_t>(end);
  for (int i = end - stock; i < end && i < deck_size; ++i) s.deck.stock[idx(i)] = u.take();
  s.deck.pile = 0;
  while (u.at < u.n) s.deck.pile |= std::uint64_t{1} << u.take();
  for (int o = 0; o < seats; ++o) detail::refresh_truth(s, o);
  return {};
}

}  // namespace detail

Result<State> state_from_view(const Rules& rules, const SeatView& v, std::uint64_t seed) noexcept {
  if (const Error e = validate(rules); !e.ok()) return e;
  if (const detail::Verdict why = detail::view_refusal(v); why != detail::accepted)
    return Error{why->code, why->why, -1};
  Result<State> fresh = new_match(rules, v.dealer);
  if (!fresh) return fresh.error();
  State s = *fresh;
  detail::for_each_public_field(s, v, detail::ToState{});
  derive_public(s);
  if (const Error e = detail::place_unseen(s, v, seed); !e.ok()) return e;
  if (const Error e = check_state(s); !e.ok()) return e;
  if (!(view_of(s, v.seat) == v)) return inconsistent;
  return s;
}

}  // namespace mus
