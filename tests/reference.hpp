// An independent, deliberately slow definition of the hand rules, written from rules.md alone
// (R4-R6, R9, R16-R21, R23, R28, R33 and the named hands). It sorts and counts; it uses no
// tables and nothing from eval.hpp, only the Card and Hand types of cards.hpp. The exhaustive
// tests check the fast evaluator against it.
#ifndef MUS_TESTS_REFERENCE_HPP
#define MUS_TESTS_REFERENCE_HPP

#include <algorithm>
#include <array>
#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "mus/cards.hpp"
#include "mus/rules.hpp"

namespace ref {

using mus::Card;
using mus::Hand;

/// The printed rank letter of a card (R2): one of A 2 3 4 5 6 7 J Q K.
inline char printed_letter(Card c) {
  constexpr std::string_view letters = "A234567JQK";
  return letters[static_cast<std::size_t>(c.rank())];
}

/// The suit letter of a card (R2): one of o c e b.
inline char suit_letter(Card c) {
  constexpr std::string_view letters = "oceb";
  return letters[static_cast<std::size_t>(c.suit())];
}

/// The letter a card plays as (R4): with 8 kings a 3 is a king and a 2 an ace.
inline char effective_letter(Card c, int kings) {
  const char l = printed_letter(c);
  if (kings == 8 && l == '3') return 'K';
  if (kings == 8 && l == '2') return 'A';
  return l;
}

/// Height of an effective letter in the grande order of R5 (larger is higher).
inline int height(char letter) {
  // R5, low to high: A < 2 < 3 < 4 < 5 < 6 < 7 < J < Q < K.
  constexpr std::string_view low_to_high = "A234567JQK";
  return static_cast<int>(low_to_high.find(letter));
}

/// The juego/punto value of a card (R6).
inline int card_value(Card c, int kings) {
  switch (effective_letter(c, kings)) {
    case 'K':
    case 'Q':
    case 'J': return 10;
    case '7': return 7;
    case '6': return 6;
    case '5': return 5;
    case '4': return 4;
    case '3': return 3;  // 4 kings only
    case '2': return 2;  // 4 kings only
    case 'A': return 1;
    default: return -1000;
  }
}

/// The hand's total (R6).
inline int value(const Hand& h, int kings) {
  int v = 0;
  for (const Card c : h.cards()) v += card_value(c, kings);
  return v;
}

/// True when the hand has juego (R19).
inline bool has_juego(const Hand& h, int kings) { return value(h, kings) >= 31; }

/// The four heights, sorted high to low.
inline std::array<int, 4> heights_high_to_low(const Hand& h, int kings) {
  std::array<int, 4> out{};
  for (int i = 0; i < 4; ++i) out[i] = height(effective_letter(h[i], kings));
  std::sort(out.begin(), out.end(), std::greater<>());
  return out;
}

/// The four heights, sorted low to high.
inline std::array<int, 4> heights_low_to_high(const Hand& h, int kings) {
  auto out = heights_high_to_low(h, kings);
  std::reverse(out.begin(), out.end());
  return out;
}

/// +1 when `a` beats `b`, -1 when `b` beats `a`, 0 when neither does (R9 then decides).
using Cmp = int;

/// Grande (R16): compare high to low, card by card; higher wins.
inline Cmp compare_grande(const Hand& a, const Hand& b, int kings) {
  const auto x = heights_high_to_low(a, kings);
  const auto y = heights_high_to_low(b, kings);
  for (int i = 0; i < 4; ++i)
    if (x[i] != y[i]) return x[i] > y[i] ? 1 : -1;
  return 0;
}

/// Chica (R17): compare low to high, card by card; lower wins.
inline Cmp compare_chica(const Hand& a, const Hand& b, int kings) {
  const auto x = heights_low_to_high(a, kings);
  const auto y = heights_low_to_high(b, kings);
  for (int i = 0; i < 4; ++i)
    if (x[i] != y[i]) return x[i] < y[i] ? 1 : -1;
  return 0;
}

/// The pares of a hand (R18). kind: 0 none, 1 pareja, 2 medias, 3 duples.
struct Pares {
  int kind = 0;
  int high = -1;  ///< Height of the (higher) group; -1 without pares.
  int low = -1;   ///< Height of the lower pair of duples; -1 otherwise.
};

inline Pares pares(const Hand& h, int kings) {
  std::array<int, 10> count{};
  for (const Card c : h.cards())
    ++count[static_cast<std::size_t>(height(effective_letter(c, kings)))];
  Pares p;
  std::vector<int> pairs;  // heights of pairs, high to low
  for (int r = 9; r >= 0; --r) {
    const int n = count[static_cast<std::size_t>(r)];
    if (n == 4) {
      p.kind = 3;  // four of a kind: duples of that rank twice
      p.high = r;
      p.low = r;
      return p;
    }
    if (n == 3) {
      p.kind = 2;
      p.high = r;
      return p;
    }
    if (n == 2) pairs.push_back(r);
  }
  if (pairs.size() == 2) {
    p.kind = 3;
    p.high = pairs[0];
    p.low = pairs[1];
  } else if (pairs.size() == 1) {
    p.kind = 1;
    p.high = pairs[0];
  }
  return p;
}

/// True when the hand has pares (R18).
inline bool has_pares(const Hand& h, int kings) { return pares(h, kings).kind != 0; }

/// Pares (R18): kind first, then the group (the higher pair, then the lower pair for duples).
inline Cmp compare_pares(const Hand& a, const Hand& b, int kings) {
  const Pares x = pares(a, kings);
  const Pares y = pares(b, kings);
  if (x.kind != y.kind) return x.kind > y.kind ? 1 : -1;
  if (x.high != y.high) return x.high > y.high ? 1 : -1;
  if (x.low != y.low) return x.low > y.low ? 1 : -1;
  return 0;
}

/// True when the hand is a 31 real under the option (R21).
inline bool real31(const Hand& h, int kings, mus::Royal31 option) {
  if (option == mus::Royal31::off) return false;
  std::vector<Card> sevens;
  std::vector<Card> others;
  for (const Card c : h.cards()) (printed_letter(c) == '7' ? sevens : others).push_back(c);
  if (sevens.size() != 3) return false;
  const Card other = others[0];
  switch (option) {
    case mus::Royal31::off: return false;
    case mus::Royal31::jack777: return printed_letter(other) == 'J';
    case mus::Royal31::figure777: return card_value(other, kings) == 10;
    case mus::Royal31::jack777_other_suits: {
      if (printed_letter(other) != 'J') return false;
      for (const Card s : sevens)
        if (suit_letter(s) == suit_letter(other)) return false;
      return true;
    }
    case mus::Royal31::jack_of_coins777: {
      if (printed_letter(other) != 'J' || suit_letter(other) != 'o') return false;
      std::string suits;
      for (const Card s : sevens) suits += suit_letter(s);
      std::sort(suits.begin(), suits.end());
      return suits == "bce";  // the 7s of copas, espadas and bastos
    }
    case mus::Royal31::jack_of_coins_any777:  // the sota de oros and any three 7s
      return printed_letter(other) == 'J' && suit_letter(other) == 'o';
  }
  return false;
}

/// Place of a juego total in the order 31 > 32 > 40 > 37 > 36 > 35 > 34 > 33 (R19); 0 is best.
inline int juego_place(int v) {
  constexpr std::array<int, 8> order{31, 32, 40, 37, 36, 35, 34, 33};
  for (std::size_t i = 0; i < order.size(); ++i)
    if (order[i] == v) return static_cast<int>(i);
  return 1000;
}

/// Juego (R19, R21) between two hands that both have juego: a 31 real beats every other hand.
inline Cmp compare_juego(const Hand& a, const Hand& b, int kings, mus::Royal31 option) {
  const bool ra = ref::real31(a, kings, option);
  const bool rb = ref::real31(b, kings, option);
  if (ra != rb) return ra ? 1 : -1;
  const int pa = juego_place(value(a, kings));
  const int pb = juego_place(value(b, kings));
  if (pa != pb) return pa < pb ? 1 : -1;
  return 0;
}

/// Punto (R20): the higher total wins.
inline Cmp compare_punto(const Hand& a, const Hand& b, int kings) {
  const int va = value(a, kings);
  const int vb = value(b, kings);
  return va == vb ? 0 : (va > vb ? 1 : -1);
}

/// Lance numbers, as rules.md and the C API number them.
enum class L { grande = 0, chica = 1, pares = 2, juego = 3, punto = 4 };

inline Cmp compare(L l, const Hand& a, const Hand& b, int kings, mus::Royal31 option) {
  switch (l) {
    case L::grande: return compare_grande(a, b, kings);
    case L::chica: return compare_chica(a, b, kings);
    case L::pares: return compare_pares(a, b, kings);
    case L::juego: return compare_juego(a, b, kings, option);
    case L::punto: return compare_punto(a, b, kings);
  }
  return 0;
}

/// Tantos of a hand in pares or juego (R28): pareja 1, medias 2, duples 3; 31 gives 3, other
/// juego 2; nothing else counts.
inline int tantos(L l, const Hand& h, int kings) {
  if (l == L::pares) return pares(h, kings).kind;
  if (l == L::juego) {
    const int v = value(h, kings);
    return v == 31 ? 3 : (v > 31 ? 2 : 0);
  }
  return 0;
}

/// The winner of a lance at a table (R9, R23): the eligible seats speak from the mano on and
/// a later seat wins only by beating the best so far; -1 when nobody plays the lance.
inline int winner(L l, const std::array<Hand, 4>& hands, int mano, int kings, mus::Royal31 option) {
  bool someone_has_juego = false;
  for (const Hand& h : hands) someone_has_juego = someone_has_juego || has_juego(h, kings);
  if (l == L::punto && someone_has_juego) return -1;
  int best = -1;
  for (int k = 0; k < 4; ++k) {
    const int seat = (mano + k) % 4;
    const Hand& h = hands[static_cast<std::size_t>(seat)];
    if (l == L::pares && !has_pares(h, kings)) continue;
    if (l == L::juego && !has_juego(h, kings)) continue;
    if (best < 0 || compare(l, h, hands[static_cast<std::size_t>(best)], kings, option) > 0)
      best = seat;
  }
  return best;
}

/// How many cards of an effective letter the hand holds.
inline int count_letter(const Hand& h, char letter, int kings) {
  int n = 0;
  for (const Card c : h.cards()) n += effective_letter(c, kings) == letter ? 1 : 0;
  return n;
}

/// The truth of each signal of R33 (and R33a's need_mus), by its catalogue name.
inline bool signal_true(std::string_view name, const Hand& h, int kings, mus::Royal31 option) {
  const int kind = pares(h, kings).kind;
  const int v = value(h, kings);
  if (name == "two_kings") return count_letter(h, 'K', kings) == 2;
  if (name == "three_kings") return count_letter(h, 'K', kings) == 3;
  if (name == "two_aces") return count_letter(h, 'A', kings) == 2;
  if (name == "three_aces") return count_letter(h, 'A', kings) == 3;
  if (name == "pareja") return kind == 1;
  if (name == "medias") return kind == 2;
  if (name == "duples") return kind == 3;
  if (name == "juego_31") return v == 31;
  if (name == "punto_30") return v == 30;
  if (name == "punto_29") return v == 29;
  if (name == "punto_28") return v == 28;
  if (name == "ciego") return kind == 0 && v < 31;
  if (name == "real_31") return ref::real31(h, kings, option);
  if (name == "solomillo")
    return count_letter(h, 'K', kings) == 3 && count_letter(h, 'A', kings) == 1;
  if (name == "need_mus") return true;  // R33a: a wish, true of every hand
  return false;
}

/// The display name of a hand from the named-hands list of rules.md, or "" when it has none.
inline std::string named(const Hand& h, int kings) {
  std::string s;
  for (const Card c : h.cards()) s += effective_letter(c, kings);
  std::sort(s.begin(), s.end(), [](char x, char y) { return height(x) > height(y); });
  if (s == "KKAA") return "duples gallegos";
  if (s == "KKQQ") return "duples castellanos";
  if (s == "KKJJ") return "duples vascos";
  if (s == "KQAA") return "la Josito";
  if (s == "J777") return "31 real";
  if (s == "KKKA") {  // "la bonita" and "solomillo" both name any K K K A (seed 000)
    if (kings == 4) return "solomillo (la bonita)";
    for (const Card c : h.cards())
      if (printed_letter(c) == '3' || printed_letter(c) == '2') return "solomillo (la bonita)";
    return "solomillo puro (la bonita)";  // with 8 kings, no 3 or 2: the pure one
  }
  if (s == "KKQJ") return "ley del mus";
  if (s == "7654") return "tio Perete";
  return "";
}

/// Every hand of four distinct cards, each once, cards in increasing id order: C(40,4) hands.
inline const std::vector<Hand>& all_hands() {
  static const std::vector<Hand> hands = [] {
    std::vector<Hand> out;
    out.reserve(91390);
    for (int a = 0; a < 40; ++a)
      for (int b = a + 1; b < 40; ++b)
        for (int c = b + 1; c < 40; ++c)
          for (int d = c + 1; d < 40; ++d) {
            const std::array<std::uint8_t, 4> ids{
                static_cast<std::uint8_t>(a), static_cast<std::uint8_t>(b),
                static_cast<std::uint8_t>(c), static_cast<std::uint8_t>(d)};
            out.push_back(*Hand::from_ids(ids.data()));
          }
    return out;
  }();
  return hands;
}

}  // namespace ref

#endif  // MUS_TESTS_REFERENCE_HPP
