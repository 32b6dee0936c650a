/**
 * @file eval.hpp
 * @brief The table-driven hand evaluator: lance strengths, winners, pares, juego, punto,
 *        tantos, 31 real, named hands and the truth of signals (rules R4–R6, R9, R16–R21, R33).
 *
 * ## How it works
 * A hand's strengths in every lance depend only on the ranks of its four cards (and, for the
 * 31 real, on suits). For each kings setting the library has a table of 55 × 55 = 3,025
 * entries: one per pair of unordered rank pairs. The tables are literal data
 * (`mus/detail/eval_tables.hpp`), generated from the definitions in this header and checked
 * against them at compile time, once, when the library is built. The key of a hand is
 * `pair[c0][c1] * 55 + pair[c2][c3]`, where `pair` maps two card ids to the index of their
 * unordered rank pair (a 40 × 40 byte table). So evaluating a hand is two byte loads and one
 * 8-byte load, with no sorting; the 31 real, a suit question, is checked only for hands worth
 * 31 when the option is on.
 *
 * Every strength is an integer where larger is better, so lances are decided by comparing
 * integers; ties go to the seat nearer the mano (R9).
 */
#ifndef MUS_EVAL_HPP
#define MUS_EVAL_HPP

#include <array>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <utility>

#include "mus/cards.hpp"
#include "mus/rules.hpp"

namespace mus {

/// The lances, numbered as the C API's `MUS_LANCE_*`.
enum class Lance : std::uint8_t {
  grande = 0,  ///< Highest cards win (R16).
  chica = 1,   ///< Lowest cards win (R17).
  pares = 2,   ///< Pairs (R18).
  juego = 3,   ///< 31 or more (R19).
  punto = 4,   ///< Highest total when nobody has juego (R20).
};

/// Number of seats at the table.
inline constexpr int seats = 4;

/// The kinds of pares, low to high (R18).
enum class ParesKind : std::uint8_t {
  none = 0,    ///< No two cards share a rank.
  pareja = 1,  ///< One pair.
  medias = 2,  ///< Three of a kind.
  duples = 3,  ///< Two pairs, or four of a kind.
};

/**
 * @brief The rank a card plays as: with 8 kings every 3 is a king and every 2 an ace (R4).
 * @param r The printed rank.
 * @param kings 8 or 4.
 * @return The rank it plays as.
 */
[[nodiscard]] constexpr Rank effective_rank(Rank r, int kings) noexcept {
  if (kings == 8) {
    if (r == Rank::three) return Rank::rey;
    if (r == Rank::two) return Rank::ace;
  }
  return r;
}

/// @brief The value of a card for juego and punto (R6): figures 10, ace 1, others face value.
/// @param r The printed rank.
/// @param kings 8 or 4 (with 8 a 3 is worth 10 and a 2 is worth 1).
/// @return 1..10.
[[nodiscard]] constexpr int card_value(Rank r, int kings) noexcept {
  constexpr std::array<int, 10> values{1, 2, 3, 4, 5, 6, 7, 10, 10, 10};
  return values[static_cast<std::size_t>(effective_rank(r, kings))];
}

/// Juego strength of a 31 real (above every other juego).
inline constexpr int juego_strength_real31 = 49;

/**
 * @brief The strength of a total in the juego/punto order.
 *
 * Juego (31+) ranks 31 > 32 > 40 > 37 > 36 > 35 > 34 > 33 (R19) as 48 down to 41; a punto
 * total (below 31) is its own value (R20), so every juego beats every punto.
 * @param value A hand's total, 4..40.
 * @return The strength: larger is better.
 */
[[nodiscard]] constexpr int juego_strength(int value) noexcept {
  switch (value) {
    case 31: return 48;
    case 32: return 47;
    case 40: return 46;
    case 37: return 45;
    case 36: return 44;
    case 35: return 43;
    case 34: return 42;
    case 33: return 41;
    default: return value;  // punto; 38 and 39 cannot occur
  }
}

/**
 * @brief A hand's strength in every lance: larger is better in each field. 8 bytes.
 */
struct HandEval {
  /// Grande: effective ranks high to low as four decimal digits (R16).
  std::uint16_t grande = 0;
  /// Chica: effective ranks low to high, each as (9 - rank), four decimal digits (R17).
  std::uint16_t chica = 0;
  /// Pares: kind * 100 + high group rank * 10 + low group rank; 0 without pares (R18).
  std::uint16_t pares = 0;
  /// The total for juego and punto, 4..40 (R6).
  std::uint8_t value = 0;
  /// juego_strength() of the value, or juego_strength_real31 for a 31 real (R19–R21).
  std::uint8_t juego = 0;

  /// Field-by-field equality.
  friend constexpr bool operator==(const HandEval&, const HandEval&) noexcept = default;
};

/// @brief True when the hand has pares (R18).
/// @param e The hand's evaluation.
/// @return Whether it has pares.
[[nodiscard]] constexpr bool has_pares(const HandEval& e) noexcept { return e.pares != 0; }
/// @brief True when the hand has juego, 31 or more (R19).
/// @param e The hand's evaluation.
/// @return Whether it has juego.
[[nodiscard]] constexpr bool has_juego(const HandEval& e) noexcept { return e.value >= 31; }
/// @brief True for a 31 real under the rules the hand was evaluated with (R21).
/// @param e The hand's evaluation.
/// @return Whether it is a 31 real.
[[nodiscard]] constexpr bool is_real31(const HandEval& e) noexcept {
  return e.juego == juego_strength_real31;
}
/// @brief The kind of pares (R18).
/// @param e The hand's evaluation.
/// @return The kind; ParesKind::none without pares.
[[nodiscard]] constexpr ParesKind pares_kind(const HandEval& e) noexcept {
  return static_cast<ParesKind>(e.pares / 100);
}
/// @brief Tantos the hand brings when its team wins pares: pareja 1, medias 2, duples 3 (R28).
/// @param e The hand's evaluation.
/// @return 0..3.
[[nodiscard]] constexpr int pares_tantos(const HandEval& e) noexcept { return e.pares / 100; }
/// @brief Tantos the hand brings when its team wins juego: 31 gives 3, other juego 2 (R28).
/// @param e The hand's evaluation.
/// @return 0 (no juego), 2 or 3.
[[nodiscard]] constexpr int juego_tantos(const HandEval& e) noexcept {
  return e.value == 31 ? 3 : (e.value > 31 ? 2 : 0);
}

/**
 * @brief The juego totals that beat a hand's juego, strongest first, in the order of
 *        juego_strength() (R19): {31, 32, 40, 37, 36} for a juego of 35; none for 31, for a
 *        31 real and for a hand without juego. A 31 real (R21) is not a total and is not
 *        listed: when the rules have one, it beats every juego but another 31 real.
 * @param e The hand's evaluation.
 * @return Up to 7 totals, then zeros.
 */
[[nodiscard]] constexpr std::array<std::uint8_t, 8> juego_totals_above(const HandEval& e) noexcept {
  std::array<std::uint8_t, 8> out{};
  if (!has_juego(e)) return out;
  std::size_t n = 0;
  for (int strength = juego_strength(31); strength > e.juego; --strength)
    for (int total = 31; total <= 40; ++total)
      if (juego_strength(total) == strength && n < out.size())
        out[n++] = static_cast<std::uint8_t>(total);
  return out;
}

/**
 * @brief True when the hand takes part in the lance (R23): everyone in grande, chica and
 *        punto; only hands with pares (juego) in pares (juego).
 * @param e The hand's evaluation.
 * @param l The lance.
 * @return Whether the hand plays the lance.
 */
[[nodiscard]] constexpr bool plays_lance(const HandEval& e, Lance l) noexcept {
  switch (l) {
    case Lance::pares: return has_pares(e);
    case Lance::juego: return has_juego(e);
    case Lance::grande:
    case Lance::chica:
    case Lance::punto: return true;
  }
  return true;
}

/// @brief The hand's strength in a lance; compare two with `>` (ties go to the mano, R9).
/// @param e The hand's evaluation.
/// @param l The lance.
/// @return The strength: larger is better.
[[nodiscard]] constexpr int lance_strength(const HandEval& e, Lance l) noexcept {
  switch (l) {
    case Lance::grande: return e.grande;
    case Lance::chica: return e.chica;
    case Lance::pares: return e.pares;
    case Lance::juego: return e.juego;
    case Lance::punto: return e.value;
  }
  return 0;
}

namespace detail {

// Index of the unordered pair of rank indices {a, b}, 0..54.
constexpr int rank_pair_index(int a, int b) noexcept {
  if (a > b) {
    const int t = a;
    a = b;
    b = t;
  }
  return 10 * a - a * (a - 1) / 2 + (b - a);
}

inline constexpr std::size_t pair_count = 55;

// pair_by_cards[c0][c1] = rank_pair_index(rank(c0), rank(c1)), for card ids, and the same
// premultiplied by pair_count (the key's first half): no multiply at run time.
inline constexpr auto pair_by_cards = [] {
  std::array<std::array<std::uint8_t, 40>, 40> t{};
  for (std::size_t a = 0; a < t.size(); ++a)
    for (std::size_t b = 0; b < t[a].size(); ++b)
      t[a][b] = static_cast<std::uint8_t>(
          rank_pair_index(static_cast<int>(a % 10), static_cast<int>(b % 10)));
  return t;
}();

inline constexpr auto pair_by_cards_x55 = [] {
  std::array<std::array<std::uint16_t, 40>, 40> t{};
  for (std::size_t a = 0; a < t.size(); ++a)
    for (std::size_t b = 0; b < t[a].size(); ++b)
      t[a][b] = static_cast<std::uint16_t>(
          rank_pair_index(static_cast<int>(a % 10), static_cast<int>(b % 10)) * 55);
  return t;
}();

// The strengths of four printed ranks under a kings setting; the definition the table holds.
constexpr HandEval evaluate_ranks(std::array<int, 4> ranks, int kings) noexcept {
  std::array<int, 4> e{};
  int value = 0;
  for (std::size_t i = 0; i < e.size(); ++i) {
    const Rank r = effective_rank(static_cast<Rank>(ranks[i]), kings);
    e[i] = static_cast<int>(r);
    value += card_value(r, kings);
  }
  // Sort high to low (four elements: insertion sort).
  for (std::size_t i = 1; i < e.size(); ++i)
    for (std::size_t j = i; j > 0 && e[j - 1] < e[j]; --j) {
      const int t = e[j];
      e[j] = e[j - 1];
      e[j - 1] = t;
    }
  HandEval h;
  h.grande = static_cast<std::uint16_t>(e[0] * 1000 + e[1] * 100 + e[2] * 10 + e[3]);
  h.chica = static_cast<std::uint16_t>((9 - e[3]) * 1000 + (9 - e[2]) * 100 + (9 - e[1]) * 10 +
                                       (9 - e[0]));
  // Groups of equal ranks in the sorted hand.
  int kind = 0;
  int hi = 0;
  int lo = 0;
  if (e[0] == e[3]) {  // four of a kind: duples of that rank twice
    kind = 3;
    hi = lo = e[0];
  } else if (e[0] == e[2] || e[1] == e[3]) {  // three of a kind
    kind = 2;
    hi = e[1];
  } else if (e[0] == e[1] && e[2] == e[3]) {  // two pairs
    kind = 3;
    hi = e[0];
    lo = e[2];
  } else if (e[0] == e[1] || e[1] == e[2] || e[2] == e[3]) {  // one pair
    kind = 1;
    hi = e[0] == e[1] ? e[0] : (e[1] == e[2] ? e[1] : e[2]);
  }
  h.pares = static_cast<std::uint16_t>(kind == 0 ? 0 : kind * 100 + hi * 10 + lo);
  h.value = static_cast<std::uint8_t>(value);
  h.juego = static_cast<std::uint8_t>(juego_strength(value));
  return h;
}

// The two rank indices of each unordered rank pair index.
struct PairRanks {
  std::array<int, pair_count> first{};
  std::array<int, pair_count> second{};
};

inline constexpr PairRanks pair_ranks = [] {
  PairRanks p;
  for (int a = 0; a < 10; ++a)
    for (int b = a; b < 10; ++b) {
      p.first[static_cast<std::size_t>(rank_pair_index(a, b))] = a;
      p.second[static_cast<std::size_t>(rank_pair_index(a, b))] = b;
    }
  return p;
}();

// One row of a table (first rank pair P, every second pair), each row its own constant
// evaluation so that no single one exceeds a compiler's constexpr step limit (clang's).
template <auto F, int Kings, int P>
inline constexpr auto table_row = [] {
  std::array<decltype(F(std::array<int, 4>{}, 0)), pair_count> row{};
  for (std::size_t q = 0; q < pair_count; ++q)
    row[q] =
        F({pair_ranks.first[P], pair_ranks.second[P], pair_ranks.first[q], pair_ranks.second[q]},
          Kings);
  return row;
}();

// The whole table of F for a kings setting: entry p * 55 + q for rank pairs p and q.
template <auto F, int Kings, std::size_t... P>
constexpr auto make_table(std::index_sequence<P...>) noexcept {
  std::array<decltype(F(std::array<int, 4>{}, 0)), pair_count * pair_count> t{};
  std::size_t i = 0;
  const auto put = [&](const auto& row) {
    for (const auto& e : row) t[i++] = e;
  };
  (put(table_row<F, Kings, static_cast<int>(P)>), ...);
  return t;
}


// With 8 kings only eight effective ranks remain (A 4 5 6 7 J Q K), and a hand's key can be a
// sum of per-card weights that is unique for every multiset of four ranks: one load per card
// and three adds, into a table of 3,425 entries (27 KB, within a first-level cache).
inline constexpr std::array<std::uint16_t, 8> rank8_weights{0, 1, 5, 21, 55, 153, 368, 856};
inline constexpr std::array<int, 8> rank8_printed{0, 3, 4, 5, 6, 7, 8, 9};  // A 4 5 6 7 J Q K
inline constexpr std::size_t weight_keys_8 = 4 * 856 + 1;

constexpr int rank8_index(int printed) noexcept {
  const int r = static_cast<int>(effective_rank(static_cast<Rank>(printed), 8));
  return r == 0 ? 0 : r - 2;  // A → 0, 4 … K → 1 … 7
}

inline constexpr auto weight_by_card_8 = [] {
  std::array<std::uint16_t, 40> t{};
  for (int id = 0; id < 40; ++id)
    t[static_cast<std::size_t>(id)] = rank8_weights[static_cast<std::size_t>(rank8_index(id % 10))];
  return t;
}();

// Every multiset of four of the eight ranks, as its four compact indices, in a fixed order.
template <class Visit>
constexpr void for_each_rank8_multiset(Visit&& visit) {
  for (int a = 0; a < 8; ++a)
    for (int b = a; b < 8; ++b)
      for (int c = b; c < 8; ++c)
        for (int d = c; d < 8; ++d) visit(a, b, c, d);
}

constexpr std::size_t weight_key_8(int a, int b, int c, int d) noexcept {
  return static_cast<std::size_t>(rank8_weights[static_cast<std::size_t>(a)]) +
         rank8_weights[static_cast<std::size_t>(b)] + rank8_weights[static_cast<std::size_t>(c)] +
         rank8_weights[static_cast<std::size_t>(d)];
}

// The weights are only valid if no two multisets share a sum (checked at compile time, in
// src/eval_tables.cpp).
constexpr bool rank8_weights_unique() noexcept {
  std::array<bool, weight_keys_8> used{};
  bool unique = true;
  for_each_rank8_multiset([&](int a, int b, int c, int d) {
    const std::size_t k = weight_key_8(a, b, c, d);
    if (used[k]) unique = false;
    used[k] = true;
  });
  return unique;
}

template <auto F>
constexpr auto make_weight_table_8() noexcept {
  std::array<decltype(F(std::array<int, 4>{}, 0)), weight_keys_8> t{};
  for_each_rank8_multiset([&](int a, int b, int c, int d) {
    const auto p = [](int i) { return rank8_printed[static_cast<std::size_t>(i)]; };
    t[weight_key_8(a, b, c, d)] = F({p(a), p(b), p(c), p(d)}, 8);
  });
  return t;
}

}  // namespace detail

}  // namespace mus

// The tables themselves: literal data, generated from the definitions above (and from
// rank_signals() below) by the target eval_tables_generate. src/eval_tables.cpp checks at
// compile time that they equal what the definitions give. Evaluating the definitions in every
// file that includes this header would cost each of them about two seconds of compile time.
#include "mus/detail/eval_tables.hpp"  // IWYU pragma: export

namespace mus {

/// @brief The pair key of a hand, 0..3024, used with 4 kings: the index of the rank pair of its
///        first two cards times 55 plus that of its last two.
/// @param h The hand.
/// @return The key.
[[nodiscard]] constexpr unsigned hand_key(const Hand& h) noexcept {
  const auto id = [&h](std::size_t i) { return static_cast<std::size_t>(h[i].id()); };
  return static_cast<unsigned>(detail::pair_by_cards_x55[id(0)][id(1)]) +
         detail::pair_by_cards[id(2)][id(3)];
}

/// @brief The table key of a hand under 8 kings, 0..3424: the sum of its cards' rank weights,
///        unique for every multiset of effective ranks (checked at compile time).
/// @param h The hand.
/// @return The key.
[[nodiscard]] constexpr unsigned weight_key_8(const Hand& h) noexcept {
  return static_cast<unsigned>(detail::weight_by_card_8[static_cast<std::size_t>(h[0].id())]) +
         detail::weight_by_card_8[static_cast<std::size_t>(h[1].id())] +
         detail::weight_by_card_8[static_cast<std::size_t>(h[2].id())] +
         detail::weight_by_card_8[static_cast<std::size_t>(h[3].id())];
}

/**
 * @brief True when the hand is a 31 real under the option (R21). Suits matter here.
 * @param h The hand.
 * @param kings 8 or 4 (with 8 kings a 3 is a 10-valued figure for `figure777`).
 * @param option The 31 real option; Royal31::off is never real.
 * @return Whether the hand is a 31 real.
 */
[[nodiscard]] constexpr bool real31(const Hand& h, int kings, Royal31 option) noexcept {
  if (option == Royal31::off) return false;
  int sevens = 0;
  std::size_t other = 0;  // index of the card that is not a 7 (when there are three sevens)
  for (std::size_t i = 0; i < h.cards().size(); ++i) {
    if (h[i].rank() == Rank::seven)
      ++sevens;
    else
      other = i;
  }
  if (sevens != 3) return false;
  const Card c = h[other];
  const Rank r = effective_rank(c.rank(), kings);
  switch (option) {
    case Royal31::off: return false;
    case Royal31::jack777: return c.rank() == Rank::sota;
    case Royal31::figure777: return r == Rank::sota || r == Rank::caballo || r == Rank::rey;
    case Royal31::jack777_other_suits:
      for (std::size_t i = 0; i < h.cards().size(); ++i)
        if (i != other && h[i].suit() == c.suit()) return false;
      return c.rank() == Rank::sota;
    case Royal31::jack_of_coins777:
      for (std::size_t i = 0; i < h.cards().size(); ++i)
        if (i != other && h[i].suit() == Suit::oros) return false;
      return c == Card(Rank::sota, Suit::oros);
    case Royal31::jack_of_coins_any777: return c == Card(Rank::sota, Suit::oros);
  }
  return false;
}

/**
 * @brief Evaluate a hand: its strength in every lance, from the precomputed table.
 * @param h The hand.
 * @param kings 8 or 4 (any other value reads as 8).
 * @param royal The 31 real option (R21).
 * @return The hand's strengths.
 */
[[nodiscard]] constexpr HandEval evaluate(const Hand& h, int kings,
                                          Royal31 royal = Royal31::off) noexcept {
  HandEval e =
      kings == 4 ? detail::eval_table_4[hand_key(h)] : detail::eval_by_weight_8[weight_key_8(h)];
  if (royal != Royal31::off && e.value == 31 && real31(h, kings, royal)) [[unlikely]]
    e.juego = static_cast<std::uint8_t>(juego_strength_real31);
  return e;
}

/// @brief Evaluate a hand under rules (kings and 31 real option).
/// @param h The hand.
/// @param r The rules.
/// @return The hand's strengths.
[[nodiscard]] constexpr HandEval evaluate(const Hand& h, const Rules& r) noexcept {
  return evaluate(h, r.kings, r.royal31);
}

/// Evaluations of the four hands of a table, indexed by seat.
using TableEval = std::array<HandEval, seats>;

/// @brief True when at least one of the four hands has juego (then juego is played, else punto).
/// @param t The four hands' evaluations.
/// @return Whether anybody has juego.
[[nodiscard]] constexpr bool anyone_has_juego(const TableEval& t) noexcept {
  return has_juego(t[0]) || has_juego(t[1]) || has_juego(t[2]) || has_juego(t[3]);
}

/**
 * @brief The seat that wins a lance (R9, R16–R20).
 * @param t The four hands' evaluations, by seat.
 * @param l The lance.
 * @param mano The mano's seat (0..3); ties go to the seat nearer the mano in speaking order.
 * @return The winning seat, or -1 when nobody plays the lance (nobody has pares; nobody has
 *         juego; punto while somebody has juego).
 */
[[nodiscard]] constexpr int lance_winner(const TableEval& t, Lance l, int mano) noexcept {
  if (l == Lance::punto && anyone_has_juego(t)) return -1;
  // Branch-free: the best of (strength + 1) * 4 + priority over the seats that play, where the
  // priority (3 for the mano, down to 0 for the postre) breaks ties in speaking order (R9).
  unsigned best = 0;  // 0: nobody plays
  for (int seat = 0; seat < seats; ++seat) {
    const auto& e = t[static_cast<std::size_t>(seat)];
    const unsigned priority = 3U - static_cast<unsigned>((seat - mano) & 3);
    const unsigned plays = plays_lance(e, l) ? ~0U : 0U;
    const unsigned key =
        plays & (((static_cast<unsigned>(lance_strength(e, l)) + 1U) << 2U) | priority);
    best = key > best ? key : best;
  }
  if (best == 0) return -1;
  return static_cast<int>((static_cast<unsigned>(mano) + 3U - (best & 3U)) & 3U);
}

/**
 * @brief Two hands in all four lances at once, without branches: the fast path for
 *        simulations that pit one hand against another.
 *
 * The fourth lance is juego or punto as a table of these two hands would play it: the juego
 * strength already puts every juego above every punto. Ties go to `a` (R9), so pass the hand
 * nearer the mano as `a`.
 * @param a The evaluation of the hand nearer the mano.
 * @param b The other hand's evaluation.
 * @return Two bits per lance, grande in bits 0–1, chica 2–3, pares 4–5, juego or punto 6–7:
 *         1 when `a` wins, 2 when `b` wins, 0 when neither plays (pares only).
 */
[[nodiscard]] constexpr unsigned duel(const HandEval& a, const HandEval& b) noexcept {
  const auto win = [](unsigned sa, unsigned sb) { return 1U << static_cast<unsigned>(sa < sb); };
  const unsigned pares = static_cast<unsigned>((a.pares | b.pares) != 0)
                         << static_cast<unsigned>(a.pares < b.pares);
  return win(a.grande, b.grande) | win(a.chica, b.chica) << 2U | pares << 4U |
         win(a.juego, b.juego) << 6U;
}

/**
 * @brief Does hand `a` beat hand `b` in a lance? Equal strengths go to `a` when `a_is_nearer_mano`.
 *
 * Both hands are assumed to play the lance (plays_lance()).
 * @param a The first hand's evaluation.
 * @param b The second hand's evaluation.
 * @param l The lance.
 * @param a_is_nearer_mano True when `a` speaks before `b`.
 * @return Whether `a` wins.
 */
[[nodiscard]] constexpr bool beats(const HandEval& a, const HandEval& b, Lance l,
                                   bool a_is_nearer_mano) noexcept {
  const int sa = lance_strength(a, l);
  const int sb = lance_strength(b, l);
  return sa > sb || (sa == sb && a_is_nearer_mano);
}

/// @brief The tantos a hand brings in a lance (pares or juego; 0 in the other lances) (R28).
/// @param e The hand's evaluation.
/// @param l The lance.
/// @return 0..3.
[[nodiscard]] constexpr int hand_tantos(const HandEval& e, Lance l) noexcept {
  if (l == Lance::pares) return pares_tantos(e);
  if (l == Lance::juego) return juego_tantos(e);
  return 0;
}

/// @brief How many cards of an effective rank the hand holds (R4 applies: 3s count as kings with
/// 8).
/// @param h The hand.
/// @param r The effective rank.
/// @param kings 8 or 4.
/// @return 0..4.
[[nodiscard]] constexpr int count_rank(const Hand& h, Rank r, int kings) noexcept {
  int n = 0;
  for (const Card c : h.cards()) n += effective_rank(c.rank(), kings) == r ? 1 : 0;
  return n;
}

/// The signals partners may pass (R33, R33a), in the order of the rules table; which of them
/// are legal depends on the rules' signal set (signal_set_mask()).
enum class Signal : std::uint8_t {
  two_kings = 0,  ///< Exactly two kings.
  three_kings,    ///< Exactly three kings.
  two_aces,       ///< Exactly two aces.
  three_aces,     ///< Exactly three aces.
  pareja,         ///< Pareja as its pares.
  medias,         ///< Medias as its pares.
  duples,         ///< Duples as its pares.
  juego_31,       ///< Value 31.
  punto_30,       ///< Value 30.
  punto_29,       ///< Value 29.
  punto_28,       ///< Value 28.
  ciego,          ///< No pares and no juego.
  real_31,        ///< A 31 real under the active option.
  solomillo,      ///< Three kings and an ace.
  need_mus,       ///< "Need Mus!": a wish for a discard, always true (R33a: `online` set only,
                  ///< mus phase only).
};

/// Number of signals in the catalogue.
inline constexpr int signal_count = 15;

/// @brief The catalogue name of a signal, e.g. "two_kings"; "?" when out of range.
/// @param s The signal.
/// @return Static text.
[[nodiscard]] constexpr std::string_view signal_name(Signal s) noexcept {
  constexpr std::array<std::string_view, signal_count> names{
      "two_kings", "three_kings", "two_aces", "three_aces", "pareja",
      "medias",    "duples",      "juego_31", "punto_30",   "punto_29",
      "punto_28",  "ciego",       "real_31",  "solomillo",  "need_mus"};
  const auto i = static_cast<std::size_t>(s);
  return i < names.size() ? names[i] : std::string_view{"?"};
}

/// @brief The gesture of a signal, e.g. "biting the middle of the lower lip"; "?" when out of
/// range.
/// @param s The signal.
/// @return Static text.
[[nodiscard]] constexpr std::string_view signal_gesture(Signal s) noexcept {
  constexpr std::array<std::string_view, signal_count> gestures{
      "biting the middle of the lower lip",
      "biting one side of the lower lip",
      "tongue out, centre",
      "tongue out to one side",
      "head tilted to one side",
      "lips pursed to one side",
      "raised eyebrows",
      "wink",
      "both shoulders raised",
      "right shoulder raised",
      "left shoulder raised",
      "eyes closed",
      "touching the earlobe",
      "a kiss",
      "the online game's \"Need Mus!\" face"};
  const auto i = static_cast<std::size_t>(s);
  return i < gestures.size() ? gestures[i] : std::string_view{"?"};
}

namespace detail {

// The true signals of a hand from its ranks alone (everything but real_31, which needs suits).
constexpr std::uint16_t rank_signals(std::array<int, 4> ranks, int kings) noexcept {
  const HandEval e = evaluate_ranks(ranks, kings);
  int k = 0;
  int a = 0;
  for (const int r : ranks) {
    const Rank er = effective_rank(static_cast<Rank>(r), kings);
    k += er == Rank::rey ? 1 : 0;
    a += er == Rank::ace ? 1 : 0;
  }
  const int p = e.pares / 100;
  const auto bit = [](Signal s, bool on) {
    return on ? static_cast<std::uint16_t>(1U << static_cast<unsigned>(s)) : std::uint16_t{0};
  };
  return static_cast<std::uint16_t>(
      bit(Signal::two_kings, k == 2) | bit(Signal::three_kings, k == 3) |
      bit(Signal::two_aces, a == 2) | bit(Signal::three_aces, a == 3) |
      bit(Signal::pareja, p == 1) | bit(Signal::medias, p == 2) | bit(Signal::duples, p == 3) |
      bit(Signal::juego_31, e.value == 31) | bit(Signal::punto_30, e.value == 30) |
      bit(Signal::punto_29, e.value == 29) | bit(Signal::punto_28, e.value == 28) |
      bit(Signal::ciego, p == 0 && e.value < 31) | bit(Signal::solomillo, k == 3 && a == 1) |
      bit(Signal::need_mus, true));  // a wish, not a fact: always true (R33a)
}

}  // namespace detail

/**
 * @brief The signals a signal set allows (R33a), as a bit mask (bit k = Signal k).
 *
 * `full`: the R33 catalogue without need_mus; `online`: the online game's faces, need_mus,
 * two_kings, three_kings, two_aces, three_aces, duples, medias, juego_31 and solomillo (need_mus
 * only in the mus phase, which the reducer checks); `off`: none.
 * @param set The signal set.
 * @return The mask (0 for a value outside SignalSet).
 */
[[nodiscard]] constexpr std::uint16_t signal_set_mask(SignalSet set) noexcept {
  const auto bit = [](Signal s) {
    return static_cast<std::uint16_t>(1U << static_cast<unsigned>(s));
  };
  switch (set) {
    case SignalSet::full:
      return static_cast<std::uint16_t>(((1U << signal_count) - 1U) &
                                        ~unsigned{bit(Signal::need_mus)});
    case SignalSet::online:
      return static_cast<std::uint16_t>(
          bit(Signal::need_mus) | bit(Signal::two_kings) | bit(Signal::three_kings) |
          bit(Signal::two_aces) | bit(Signal::three_aces) | bit(Signal::duples) |
          bit(Signal::medias) | bit(Signal::juego_31) | bit(Signal::solomillo));
    case SignalSet::off: return 0;
  }
  return 0;
}

/**
 * @brief Every signal that tells the truth about a hand (R33), as a bit mask: bit k set when
 *        Signal k is true. Table-driven like evaluate(); false signals are illegal.
 * @param h The signaller's hand.
 * @param r The rules (kings for effective ranks; the 31 real option for `real_31`).
 * @return The mask of true signals.
 */
[[nodiscard]] constexpr std::uint16_t true_signals(const Hand& h, const Rules& r) noexcept {
  std::uint16_t m = r.kings == 4 ? detail::signal_table_4[hand_key(h)]
                                 : detail::signal_by_weight_8[weight_key_8(h)];
  if (r.royal31 != Royal31::off && ((m >> static_cast<unsigned>(Signal::juego_31)) & 1U) != 0 &&
      real31(h, r.kings, r.royal31))
    m = static_cast<std::uint16_t>(m | (1U << static_cast<unsigned>(Signal::real_31)));
  return m;
}

/**
 * @brief True when a signal tells the truth about a hand (R33); false signals are illegal.
 * @param s The signal.
 * @param h The signaller's hand.
 * @param r The rules (kings for effective ranks; the 31 real option for `real_31`).
 * @return Whether the signal is true; false for a value outside the catalogue.
 */
[[nodiscard]] constexpr bool signal_true(Signal s, const Hand& h, const Rules& r) noexcept {
  const auto k = static_cast<unsigned>(s);
  return k < static_cast<unsigned>(signal_count) && ((true_signals(h, r) >> k) & 1U) != 0;
}

/// @brief The English plural of a rank, for display: "aces", "twos", …, "jacks", "knights",
/// "kings".
/// @param r The rank (an effective rank for pares, see effective_rank()).
/// @return Static text; "?" when out of range.
[[nodiscard]] constexpr std::string_view rank_plural(Rank r) noexcept {
  constexpr std::array<std::string_view, 10> names{"aces",  "twos",   "threes", "fours",   "fives",
                                                   "sixes", "sevens", "jacks",  "knights", "kings"};
  const auto i = static_cast<std::size_t>(r);
  return i < names.size() ? names[i] : std::string_view{"?"};
}

/**
 * @brief A hand's pares in words, for display (R18): "no pares", "pareja of kings",
 *        "medias of sevens", "duples of kings and aces", or "duples: four kings".
 * @param e The hand's evaluation (its ranks are effective ranks: with 8 kings a 3 is a king).
 * @return The text.
 */
[[nodiscard]] inline std::string pares_text(const HandEval& e) {
  const std::string high(rank_plural(static_cast<Rank>(e.pares / 10 % 10)));
  const std::string low(rank_plural(static_cast<Rank>(e.pares % 10)));
  switch (pares_kind(e)) {
    case ParesKind::none: return "no pares";
    case ParesKind::pareja: return "pareja of " + high;
    case ParesKind::medias: return "medias of " + high;
    case ParesKind::duples:
      return high == low ? "duples: four " + high : "duples of " + high + " and " + low;
  }
  return "?";
}

/// Hands with a name of their own, for display and commentary (rules.md "Named hands").
enum class NamedHand : std::uint8_t {
  none = 0,            ///< No special name.
  duples_gallegos,     ///< K K A A.
  duples_castellanos,  ///< K K Q Q.
  duples_vascos,       ///< K K J J.
  josito,              ///< K Q A A, la Josito (duples palentinos, not really duples).
  real31,              ///< J 7 7 7, 31 real (named whatever the R21 option).
  solomillo,           ///< K K K A: solomillo or la bonita, any three kings and an ace.
  solomillo_puro,      ///< K K K A with 8 kings and no 3 or 2: still solomillo (la bonita), and
                       ///< pure, the hand some tables keep the name "solomillo" for.
  ley_del_mus,         ///< K K Q J.
  tio_perete,          ///< 4 5 6 7, the worst hand.
};

/// @brief The display name of a named hand, e.g. "duples gallegos"; "" for none.
/// @param n The named hand.
/// @return Static text; "?" when out of range.
[[nodiscard]] constexpr std::string_view named_hand_name(NamedHand n) noexcept {
  constexpr std::array<std::string_view, 10> names{"",
                                                   "duples gallegos",
                                                   "duples castellanos",
                                                   "duples vascos",
                                                   "la Josito",
                                                   "31 real",
                                                   "solomillo (la bonita)",
                                                   "solomillo puro (la bonita)",
                                                   "ley del mus",
                                                   "tio Perete"};
  const auto i = static_cast<std::size_t>(n);
  return i < names.size() ? names[i] : std::string_view{"?"};
}

/// @brief The name of a hand, by its effective ranks (R4), or NamedHand::none.
/// @param h The hand.
/// @param kings 8 or 4.
/// @return The name.
[[nodiscard]] constexpr NamedHand named_hand(const Hand& h, int kings) noexcept {
  const std::uint16_t g = evaluate(h, kings).grande;
  // grande is the effective ranks high to low as decimal digits: K=9 Q=8 J=7 7=6 ... A=0.
  switch (g) {
    case 9900: return NamedHand::duples_gallegos;
    case 9988: return NamedHand::duples_castellanos;
    case 9977: return NamedHand::duples_vascos;
    case 9800: return NamedHand::josito;
    case 7666: return NamedHand::real31;
    case 9990:  // any three kings and an ace: solomillo, la bonita
      if (kings == 4) return NamedHand::solomillo;
      for (const Card c : h.cards())
        if (c.rank() == Rank::three || c.rank() == Rank::two) return NamedHand::solomillo;
      return NamedHand::solomillo_puro;  // 8 kings, and no 3 or 2 stands in: pure
    case 9987: return NamedHand::ley_del_mus;
    case 6543: return NamedHand::tio_perete;
    default: return NamedHand::none;
  }
}

}  // namespace mus

#endif  // MUS_EVAL_HPP
