/**
 * @file cards.hpp
 * @brief Cards, hands and their text notation (rules R1–R3).
 *
 * Card ids follow R3: `id = suit * 10 + rank`, so `Ao` = 0, `Ko` = 9, `Ab` = 30, `Kb` = 39.
 * The text notation is a rank letter (`A 2 3 4 5 6 7 J Q K`) and a suit letter (`o c e b`).
 * Everything here is `constexpr`, so hands can be checked at compile time:
 * @code
 * static_assert(mus::parse_hand("Ko 3c Qe Ab").ok());
 * @endcode
 */
#ifndef MUS_CARDS_HPP
#define MUS_CARDS_HPP

#include <array>
#include <compare>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "mus/error.hpp"

namespace mus {

/// The four suits, numbered as in R3.
enum class Suit : std::uint8_t {
  oros = 0,     ///< Coins, letter `o`.
  copas = 1,    ///< Cups, letter `c`.
  espadas = 2,  ///< Swords, letter `e`.
  bastos = 3,   ///< Clubs, letter `b`.
};

/// The ten ranks, numbered as in R3 (the number is also the grande order with 4 kings).
enum class Rank : std::uint8_t {
  ace = 0,      ///< As, letter `A`.
  two = 1,      ///< 2 (an ace with 8 kings).
  three = 2,    ///< 3 (a king with 8 kings).
  four = 3,     ///< 4.
  five = 4,     ///< 5.
  six = 5,      ///< 6.
  seven = 6,    ///< 7.
  sota = 7,     ///< Jack (10), letter `J`.
  caballo = 8,  ///< Knight (11), letter `Q`.
  rey = 9,      ///< King (12), letter `K`.
};

/// Number of cards in the deck (R1).
inline constexpr int deck_size = 40;
/// Number of cards in a hand.
inline constexpr int hand_size = 4;

/// @brief The canonical letter of a suit: `o c e b`.
/// @param s The suit.
/// @return Its letter.
[[nodiscard]] constexpr char suit_letter(Suit s) noexcept { return "oceb"[static_cast<int>(s)]; }
/// @brief The canonical letter of a rank: `A 2 3 4 5 6 7 J Q K`.
/// @param r The rank.
/// @return Its letter.
[[nodiscard]] constexpr char rank_letter(Rank r) noexcept {
  return "A234567JQK"[static_cast<int>(r)];
}

/**
 * @brief One Spanish card, stored as its R3 id (0..39).
 *
 * A default-constructed card is `Ao` (id 0). Build others from a suit and rank, or from an
 * id checked by from_id().
 */
class Card {
 public:
  /// The card with id 0, `Ao`.
  constexpr Card() noexcept = default;
  /// @brief The card of `rank` in `suit`.
  /// @param rank The rank.
  /// @param suit The suit.
  constexpr Card(Rank rank, Suit suit) noexcept
      : id_(static_cast<std::uint8_t>(static_cast<int>(suit) * 10 + static_cast<int>(rank))) {}

  /**
   * @brief The card with a given id.
   * @param id 0..39.
   * @return The card, or Errc::invalid_cards when `id` is out of range.
   */
  [[nodiscard]] static constexpr Result<Card> from_id(int id) noexcept {
    if (id < 0 || id >= deck_size) return Error{Errc::invalid_cards, "card id outside 0..39", -1};
    Card c;
    c.id_ = static_cast<std::uint8_t>(id);
    return c;
  }

  /**
   * @brief The card with a given id, unchecked.
   * @param id Must be 0..39 (the caller guarantees it; no check is made).
   * @return The card.
   */
  [[nodiscard]] static constexpr Card from_id_unchecked(std::uint8_t id) noexcept {
    Card c;
    c.id_ = id;
    return c;
  }

  /// @brief The R3 id.
  /// @return 0..39.
  [[nodiscard]] constexpr int id() const noexcept { return id_; }
  /// @brief The suit.
  /// @return The suit, `id / 10`.
  [[nodiscard]] constexpr Suit suit() const noexcept { return static_cast<Suit>(id_ / 10); }
  /// @brief The printed rank (3s and 2s stay 3s and 2s here; see effective_rank() in eval.hpp).
  /// @return The rank, `id % 10`.
  [[nodiscard]] constexpr Rank rank() const noexcept { return static_cast<Rank>(id_ % 10); }

  /// Cards compare by id.
  friend constexpr auto operator<=>(Card, Card) noexcept = default;

 private:
  std::uint8_t id_ = 0;
};

/// @brief The two-letter canonical text of a card, e.g. "Ko".
/// @param c The card.
/// @return The rank letter and the suit letter, without a terminating NUL.
[[nodiscard]] constexpr std::array<char, 2> card_letters(Card c) noexcept {
  return {rank_letter(c.rank()), suit_letter(c.suit())};
}

/// @brief The canonical text of a card, e.g. "Ko" (R2).
/// @param c The card.
/// @return Two characters.
[[nodiscard]] inline std::string to_string(Card c) {
  const auto l = card_letters(c);
  return std::string(l.data(), l.size());
}

namespace detail {

constexpr int parse_rank_char(char ch) noexcept {
  switch (ch) {
    case 'A':
    case 'a':
    case '1': return 0;
    case '2': return 1;
    case '3': return 2;
    case '4': return 3;
    case '5': return 4;
    case '6': return 5;
    case '7': return 6;
    case 'J':
    case 'j':
    case 'S':
    case 's': return 7;
    case 'Q':
    case 'q':
    case 'C':
    case 'c': return 8;
    case 'K':
    case 'k':
    case 'R':
    case 'r': return 9;
    default: return -1;
  }
}

constexpr int parse_suit_char(char ch) noexcept {
  switch (ch) {
    case 'o':
    case 'O': return 0;
    case 'c':
    case 'C': return 1;
    case 'e':
    case 'E': return 2;
    case 'b':
    case 'B': return 3;
    default: return -1;
  }
}

constexpr bool is_blank(char ch) noexcept { return ch == ' ' || ch == '\t'; }

/// Parses one card starting at `text[pos]`; positions in errors are offsets into `text`.
constexpr Result<Card> parse_card_at(std::string_view text, std::size_t pos) noexcept {
  const auto at = static_cast<std::int32_t>(pos);
  if (pos >= text.size() || is_blank(text[pos])) return Error{Errc::parse, "expected a card", at};
  const int r = parse_rank_char(text[pos]);
  if (r < 0) return Error{Errc::parse, "unknown rank (expected A 2 3 4 5 6 7 J Q K)", at};
  if (pos + 1 >= text.size() || is_blank(text[pos + 1]))
    return Error{Errc::parse, "missing suit (expected o c e b)", at + 1};
  const int s = parse_suit_char(text[pos + 1]);
  if (s < 0) return Error{Errc::parse, "unknown suit (expected o c e b)", at + 1};
  if (pos + 2 < text.size() && !is_blank(text[pos + 2]))
    return Error{Errc::parse, "stray text after card", at + 2};
  return Card(static_cast<Rank>(r), static_cast<Suit>(s));
}

}  // namespace detail

/**
 * @brief Parse one card: rank then suit, e.g. "Ko", "3c", "Sb" (sota de bastos), "ro".
 *
 * Leading and trailing blanks are ignored; anything else is an error.
 * @param text The text of one card.
 * @return The card, or Errc::parse with a message and the byte position of the problem.
 */
[[nodiscard]] constexpr Result<Card> parse_card(std::string_view text) noexcept {
  std::size_t b = 0;
  while (b < text.size() && detail::is_blank(text[b])) ++b;
  std::size_t e = text.size();
  while (e > b && detail::is_blank(text[e - 1])) --e;
  if (b == e) return Error{Errc::parse, "expected a card", static_cast<std::int32_t>(b)};
  const auto c = detail::parse_card_at(text.substr(0, e), b);
  if (c && e - b > 2)
    return Error{Errc::parse, "stray text after card", static_cast<std::int32_t>(b + 2)};
  return c;
}

/**
 * @brief Four distinct cards held by one seat, in the order they were dealt or written.
 *
 * A default-constructed hand is `Ao 2o 3o 4o`. Build others with from_cards(), from_ids() or
 * parse_hand(); each checks that the four cards are distinct.
 */
class Hand {
 public:
  /// The hand `Ao 2o 3o 4o`.
  constexpr Hand() noexcept
      : cards_{Card(Rank::ace, Suit::oros), Card(Rank::two, Suit::oros),
               Card(Rank::three, Suit::oros), Card(Rank::four, Suit::oros)} {}

  /**
   * @brief A hand from four cards.
   * @param cards The four cards, in hand order.
   * @return The hand, or Errc::invalid_cards when a card repeats.
   */
  [[nodiscard]] static constexpr Result<Hand> from_cards(std::array<Card, 4> cards) noexcept {
    for (std::size_t i = 0; i < cards.size(); ++i)
      for (std::size_t j = i + 1; j < cards.size(); ++j)
        if (cards[i] == cards[j]) return Error{Errc::invalid_cards, "duplicate card in hand", -1};
    Hand h;
    h.cards_ = cards;
    return h;
  }

  /**
   * @brief A hand from four cards the caller knows to be distinct; no check is made.
   * @param cards Four distinct cards, in hand order.
   * @return The hand.
   */
  [[nodiscard]] static constexpr Hand from_cards_unchecked(std::array<Card, 4> cards) noexcept {
    Hand h;
    h.cards_ = cards;
    return h;
  }

  /**
   * @brief A hand from four R3 ids.
   * @param ids Pointer to four ids.
   * @return The hand, or Errc::invalid_cards for an id outside 0..39 or a repeated card.
   */
  [[nodiscard]] static constexpr Result<Hand> from_ids(const std::uint8_t* ids) noexcept {
    std::array<Card, 4> cards{};
    for (std::size_t i = 0; i < cards.size(); ++i) {
      const auto c = Card::from_id(ids[i]);
      if (!c) return c.error();
      cards[i] = *c;
    }
    return from_cards(cards);
  }

  /// @brief The card at position `i` (0..3).
  /// @param i The position, 0..3 (not checked).
  /// @return The card.
  [[nodiscard]] constexpr Card operator[](std::size_t i) const noexcept { return cards_[i]; }
  /// @brief The four cards.
  /// @return The cards, in hand order.
  [[nodiscard]] constexpr const std::array<Card, 4>& cards() const noexcept { return cards_; }
  /// @brief The cards as a 40-bit set: bit `id` set for each card held.
  /// @return The mask, with exactly four bits set.
  [[nodiscard]] constexpr std::uint64_t mask() const noexcept {
    std::uint64_t m = 0;
    for (const Card c : cards_) m |= std::uint64_t{1} << c.id();
    return m;
  }
  /// @brief True when the hand holds `c`.
  /// @param c The card.
  /// @return Whether `c` is one of the four cards.
  [[nodiscard]] constexpr bool contains(Card c) const noexcept { return (mask() >> c.id()) & 1U; }

  /// Hands are equal when they hold the same cards in the same order.
  friend constexpr bool operator==(const Hand&, const Hand&) noexcept = default;

 private:
  std::array<Card, 4> cards_;
};

/**
 * @brief Parse a hand, e.g. "Ko 3c Qe Ab" (R2).
 *
 * Cards are separated by one or more spaces or tabs; leading and trailing blanks are ignored.
 * @param text The text of four cards.
 * @return The hand, or Errc::parse with a message ("unknown rank", "duplicate card",
 *         "expected four cards", "more than four cards", ...) and the byte position.
 */
[[nodiscard]] constexpr Result<Hand> parse_hand(std::string_view text) noexcept {
  std::array<Card, 4> cards{};
  std::size_t pos = 0;
  std::size_t n = 0;
  for (;;) {
    while (pos < text.size() && detail::is_blank(text[pos])) ++pos;
    if (pos >= text.size()) break;
    if (n == cards.size())
      return Error{Errc::parse, "more than four cards", static_cast<std::int32_t>(pos)};
    const auto c = detail::parse_card_at(text, pos);
    if (!c) return c.error();
    for (std::size_t i = 0; i < n; ++i)
      if (cards[i] == *c)
        return Error{Errc::parse, "duplicate card", static_cast<std::int32_t>(pos)};
    cards[n++] = *c;
    pos += 2;
  }
  if (n != cards.size())
    return Error{Errc::parse, "expected four cards", static_cast<std::int32_t>(text.size())};
  return *Hand::from_cards(cards);
}

/// @brief The canonical text of a hand, always 11 characters, e.g. "Ko 3c Qe Ab" (R2).
/// @param h The hand.
/// @return The characters, without a terminating NUL.
[[nodiscard]] constexpr std::array<char, 11> hand_letters(const Hand& h) noexcept {
  std::array<char, 11> out{};
  for (std::size_t i = 0; i < h.cards().size(); ++i) {
    const auto l = card_letters(h[i]);
    out[i * 3] = l[0];
    out[i * 3 + 1] = l[1];
    if (i * 3 + 2 < out.size()) out[i * 3 + 2] = ' ';
  }
  return out;
}

/// @brief The canonical text of a hand, e.g. "Ko 3c Qe Ab" (R2).
/// @param h The hand.
/// @return Eleven characters.
[[nodiscard]] inline std::string to_string(const Hand& h) {
  const auto l = hand_letters(h);
  return std::string(l.data(), l.size());
}

}  // namespace mus

#endif  // MUS_CARDS_HPP
