// Cards, hands and their text notation (cards.hpp): R1 deck, R2 notation, R3 card ids.
#include <algorithm>
#include <array>
#include <cctype>
#include <cstdint>
#include <random>
#include <set>
#include <string>
#include <string_view>

#include "catch.hpp"
#include "mus/cards.hpp"

namespace {

using mus::Card;
using mus::Errc;
using mus::Hand;
using mus::Rank;
using mus::Suit;

constexpr std::string_view rank_letters = "A234567JQK";  // R2, in R3 rank order
constexpr std::string_view suit_letters = "oceb";        // R2, in R3 suit order

// Every hand as four increasing ids.
template <class F>
void for_each_hand(F&& f) {
  for (int a = 0; a < 40; ++a)
    for (int b = a + 1; b < 40; ++b)
      for (int c = b + 1; c < 40; ++c)
        for (int d = c + 1; d < 40; ++d) f(std::array<int, 4>{a, b, c, d});
}

Hand hand_of(const std::array<int, 4>& ids) {
  return *Hand::from_cards({*Card::from_id(ids[0]), *Card::from_id(ids[1]), *Card::from_id(ids[2]),
                            *Card::from_id(ids[3])});
}

// Checks that parsing fails with Errc::parse at the expected byte position.
void check_parse_error(std::string_view text, std::int32_t position) {
  const auto h = mus::parse_hand(text);
  INFO("text: '" << text << "'");
  REQUIRE_FALSE(h.ok());
  CHECK(h.error().code == Errc::parse);
  CHECK(h.error().position == position);
  CHECK_FALSE(h.error().message.empty());
  CHECK(h.error().describe().find("at position " + std::to_string(position)) != std::string::npos);
}

}  // namespace

static_assert(mus::parse_hand("Ko 3c Qe Ab").ok());
static_assert(mus::parse_card("Ko")->id() == 9);

TEST_CASE("R1 deck: 40 cards of four suits and ranks A to 7 and J Q K", "[cards]") {
  std::set<std::string> names;
  for (int id = 0; id < mus::deck_size; ++id) {
    const auto c = Card::from_id(id);
    REQUIRE(c.ok());
    names.insert(mus::to_string(*c));
  }
  CHECK(mus::deck_size == 40);
  CHECK(names.size() == 40);
  for (const char r : rank_letters)
    for (const char s : suit_letters) CHECK(names.count(std::string{r, s}) == 1);
  // No 8s, 9s or jokers.
  for (const std::string_view t : {"8o", "9c", "0e", "Xb"}) {
    INFO(t);
    CHECK(mus::parse_card(t).error().code == Errc::parse);
  }
}

TEST_CASE("R3 card ids: Ao=0 Ko=9 Ab=30 Kb=39 and id = suit * 10 + rank", "[cards]") {
  CHECK(mus::parse_card("Ao")->id() == 0);
  CHECK(mus::parse_card("Ko")->id() == 9);
  CHECK(mus::parse_card("Ab")->id() == 30);
  CHECK(mus::parse_card("Kb")->id() == 39);
  CHECK(mus::parse_card("7c")->id() == 16);
  CHECK(mus::parse_card("Je")->id() == 27);
  for (int s = 0; s < 4; ++s)
    for (int r = 0; r < 10; ++r) {
      const Card c(static_cast<Rank>(r), static_cast<Suit>(s));
      INFO("suit " << s << " rank " << r);
      CHECK(c.id() == s * 10 + r);
      CHECK(static_cast<int>(c.rank()) == r);
      CHECK(static_cast<int>(c.suit()) == s);
      CHECK(mus::to_string(c) == std::string{rank_letters[static_cast<std::size_t>(r)],
                                             suit_letters[static_cast<std::size_t>(s)]});
      const auto back = Card::from_id(s * 10 + r);
      REQUIRE(back.ok());
      CHECK(*back == c);
    }
  CHECK(Card::from_id(-1).error().code == Errc::invalid_cards);
  CHECK(Card::from_id(40).error().code == Errc::invalid_cards);
  CHECK(Card{}.id() == 0);
}

TEST_CASE("R2 notation: every card prints canonically and parses back", "[cards]") {
  for (int id = 0; id < 40; ++id) {
    const Card c = *Card::from_id(id);
    const std::string text = mus::to_string(c);
    INFO(text);
    CHECK(text.size() == 2);
    const auto back = mus::parse_card(text);
    REQUIRE(back.ok());
    CHECK(*back == c);
  }
  CHECK(mus::to_string(*mus::parse_card("Ko")) == "Ko");
  CHECK(mus::to_string(*mus::parse_card("Qe")) == "Qe");
  CHECK(mus::to_string(*mus::parse_card("Ab")) == "Ab");
  CHECK(mus::to_string(*mus::parse_card("7c")) == "7c");
}

TEST_CASE("R2 notation: Spanish letters and any case parse and print canonically", "[cards]") {
  // Spanish rank letters: S sota, C caballo, R rey.
  CHECK(mus::to_string(*mus::parse_card("So")) == "Jo");
  CHECK(mus::to_string(*mus::parse_card("Cc")) == "Qc");
  CHECK(mus::to_string(*mus::parse_card("Re")) == "Ke");
  CHECK(mus::to_string(*mus::parse_card("sb")) == "Jb");
  CHECK(mus::to_string(*mus::parse_card("cC")) == "Qc");
  CHECK(mus::to_string(*mus::parse_card("rO")) == "Ko");
  // Every card in every case combination of its canonical letters.
  for (int id = 0; id < 40; ++id) {
    const Card c = *Card::from_id(id);
    const std::string canon = mus::to_string(c);
    for (const bool up_rank : {false, true})
      for (const bool up_suit : {false, true}) {
        std::string t = canon;
        t[0] = static_cast<char>(up_rank ? std::toupper(t[0]) : std::tolower(t[0]));
        t[1] = static_cast<char>(up_suit ? std::toupper(t[1]) : std::tolower(t[1]));
        INFO(t);
        const auto back = mus::parse_card(t);
        REQUIRE(back.ok());
        CHECK(*back == c);
        CHECK(mus::to_string(*back) == canon);
      }
  }
  const auto h = mus::parse_hand("ro Cc se ab");
  REQUIRE(h.ok());
  CHECK(mus::to_string(*h) == "Ko Qc Je Ab");
  const auto g = mus::parse_hand("KO 3C QE AB");
  REQUIRE(g.ok());
  CHECK(mus::to_string(*g) == "Ko 3c Qe Ab");
}

TEST_CASE("R2 notation: every hand prints canonically and parses back", "[cards]") {
  std::mt19937_64 rng(20240601);
  long hands = 0;
  long failures = 0;
  for_each_hand([&](std::array<int, 4> ids) {
    // Also vary the order of the cards: the notation keeps it.
    std::shuffle(ids.begin(), ids.end(), rng);
    const Hand h = hand_of(ids);
    const std::string text = mus::to_string(h);
    const auto back = mus::parse_hand(text);
    ++hands;
    const bool ok = text.size() == 11 && back.ok() && *back == h && text[2] == ' ' &&
                    text[5] == ' ' && text[8] == ' ';
    if (!ok) {
      ++failures;
      if (failures <= 5) FAIL_CHECK("round trip failed for " << text);
    }
  });
  CHECK(hands == 91390);
  CHECK(failures == 0);
}

TEST_CASE("R2 notation: hands keep their order and accept extra blanks", "[cards]") {
  const auto h = mus::parse_hand("Ko 3c Qe Ab");
  REQUIRE(h.ok());
  CHECK((*h)[0] == *mus::parse_card("Ko"));
  CHECK((*h)[1] == *mus::parse_card("3c"));
  CHECK((*h)[2] == *mus::parse_card("Qe"));
  CHECK((*h)[3] == *mus::parse_card("Ab"));
  const auto spaced = mus::parse_hand("  Ko   3c\tQe  Ab \t");
  REQUIRE(spaced.ok());
  CHECK(*spaced == *h);
  CHECK(mus::to_string(*spaced) == "Ko 3c Qe Ab");
  CHECK(mus::parse_card("  Ko ").ok());
}

TEST_CASE("R2 notation errors: wrong number of cards", "[cards]") {
  check_parse_error("Ko 3c Qe", 8);
  check_parse_error("Ko", 2);
  check_parse_error("Ko 3c Qe Ab 5o", 12);
  check_parse_error("Ko 3c Qe Ab 5o 6o", 12);
}

TEST_CASE("R2 notation errors: empty input", "[cards]") {
  check_parse_error("", 0);
  const auto blank = mus::parse_hand("    ");
  REQUIRE_FALSE(blank.ok());
  CHECK(blank.error().code == Errc::parse);
  CHECK(mus::parse_card("").error().code == Errc::parse);
  CHECK(mus::parse_card("").error().position == 0);
  CHECK(mus::parse_card("   ").error().code == Errc::parse);
}

TEST_CASE("R2 notation errors: duplicate cards", "[cards]") {
  check_parse_error("Ko 3c Ko Ab", 6);
  check_parse_error("Ko 3c Qe ko", 9);  // same card in another case
  check_parse_error("Ko 3c Re Ke", 9);  // R is the Spanish letter of K
}

TEST_CASE("R2 notation errors: unknown rank", "[cards]") {
  check_parse_error("Ko 3c Qe 8b", 9);
  check_parse_error("Xo 3c Qe Ab", 0);
  check_parse_error("Ko 3c 9e Ab", 6);
  const auto c = mus::parse_card("8o");
  CHECK(c.error().code == Errc::parse);
  CHECK(c.error().position == 0);
}

TEST_CASE("R2 notation errors: unknown or missing suit", "[cards]") {
  check_parse_error("Ko 3c Qx Ab", 7);
  check_parse_error("Ko 3c Qe A", 10);
  check_parse_error("Ko 3 Qe Ab", 4);
  const auto c = mus::parse_card("Kz");
  CHECK(c.error().code == Errc::parse);
  CHECK(c.error().position == 1);
}

TEST_CASE("R2 notation errors: stray text", "[cards]") {
  check_parse_error("Ko 3c Qe Abx", 11);
  check_parse_error("Ko3c Qe Ab", 2);
  check_parse_error("Ko, 3c, Qe, Ab", 2);
  check_parse_error("Ko 3c Qe Ab\n", 11);
  CHECK(mus::parse_card("Kox").error().code == Errc::parse);
  CHECK(mus::parse_card("Kox").error().position == 2);
}

TEST_CASE("R2 notation errors: parse_card takes exactly one card", "[cards]") {
  // cards.hpp: "Leading and trailing blanks are ignored; anything else is an error."
  const auto two = mus::parse_card("Ko 3c");
  CHECK_FALSE(two.ok());
  CHECK(two.error().code == Errc::parse);
}

TEST_CASE("Hands: from_cards and from_ids reject repeated or unknown cards", "[cards]") {
  const std::array<std::uint8_t, 4> good{9, 12, 28, 30};
  const auto h = Hand::from_ids(good.data());
  REQUIRE(h.ok());
  CHECK(mus::to_string(*h) == "Ko 3c Qe Ab");
  const std::array<std::uint8_t, 4> repeated{9, 12, 9, 30};
  CHECK(Hand::from_ids(repeated.data()).error().code == Errc::invalid_cards);
  const std::array<std::uint8_t, 4> out_of_range{9, 12, 40, 30};
  CHECK(Hand::from_ids(out_of_range.data()).error().code == Errc::invalid_cards);
  const std::array<std::uint8_t, 4> big{255, 12, 28, 30};
  CHECK(Hand::from_ids(big.data()).error().code == Errc::invalid_cards);
  const Card ko = *Card::from_id(9);
  CHECK(Hand::from_cards({ko, ko, *Card::from_id(1), *Card::from_id(2)}).error().code ==
        Errc::invalid_cards);
}

TEST_CASE("Hands: mask and contains", "[cards]") {
  const Hand h = *mus::parse_hand("Ko 3c Qe Ab");
  CHECK(h.mask() == ((std::uint64_t{1} << 9) | (std::uint64_t{1} << 12) | (std::uint64_t{1} << 28) |
                     (std::uint64_t{1} << 30)));
  for (int id = 0; id < 40; ++id) {
    const bool held = id == 9 || id == 12 || id == 28 || id == 30;
    CHECK(h.contains(*Card::from_id(id)) == held);
  }
  CHECK(mus::to_string(Hand{}) == "Ao 2o 3o 4o");
}
