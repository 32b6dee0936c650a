// Rule-by-rule tests of the evaluator (eval.hpp): every example of rules.md and the cases
// around each rule (R4-R6, R9, R16-R21, R23, R28, R33, named hands). Expected results are
// worked out by hand from rules.md.
#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "catch.hpp"
#include "mus/eval.hpp"

namespace {

using mus::Hand;
using mus::HandEval;
using mus::Lance;
using mus::ParesKind;
using mus::Royal31;

Hand hand(std::string_view text) {
  const auto h = mus::parse_hand(text);
  INFO("hand text: " << text << " (" << h.error().describe() << ")");
  REQUIRE(h.ok());
  return *h;
}

HandEval ev(std::string_view text, int kings = 8, Royal31 royal = Royal31::off) {
  return mus::evaluate(hand(text), kings, royal);
}

// The result of a lance between two hands that both play it, as lance_winner decides it:
// +1 when `a` wins even when `b` is mano, -1 when `b` wins even when `a` is mano, 0 for a tie
// (each wins as mano, R9).
int duel(Lance l, std::string_view a, std::string_view b, int kings = 8,
         Royal31 royal = Royal31::off) {
  const HandEval ea = ev(a, kings, royal);
  const HandEval eb = ev(b, kings, royal);
  REQUIRE(mus::plays_lance(ea, l));
  REQUIRE(mus::plays_lance(eb, l));
  if (l == Lance::punto) REQUIRE_FALSE((mus::has_juego(ea) || mus::has_juego(eb)));
  const mus::TableEval t{ea, eb, eb, eb};
  const int a_as_mano = mus::lance_winner(t, l, 0);  // seat 0 speaks first
  const int b_as_mano = mus::lance_winner(t, l, 1);  // seats 1, 2, 3 speak before seat 0
  if (b_as_mano == 0) return 1;
  if (a_as_mano == 0) return 0;
  return -1;
}

mus::TableEval table(const std::array<std::string_view, 4>& texts, int kings = 8) {
  mus::TableEval t{};
  for (std::size_t i = 0; i < 4; ++i) t[i] = ev(texts[i], kings);
  return t;
}

constexpr std::array<int, 2> both_kings{8, 4};

}  // namespace

// The evaluator is usable at compile time.
static_assert(mus::evaluate(*mus::parse_hand("Ko Kc Qe 7b"), 8).grande >
              mus::evaluate(*mus::parse_hand("Kb Qo Qc 7e"), 8).grande);

TEST_CASE("R4 eight kings: a 3 plays as a king and a 2 as an ace for all purposes", "[eval]") {
  CHECK(mus::effective_rank(mus::Rank::three, 8) == mus::Rank::rey);
  CHECK(mus::effective_rank(mus::Rank::two, 8) == mus::Rank::ace);
  for (const Lance l : {Lance::grande, Lance::chica, Lance::pares, Lance::juego}) {
    INFO("lance " << static_cast<int>(l));
    CHECK(duel(l, "3o 3c Ke Kb", "Ko Kc Ke Kb") == 0);
  }
  for (const Lance l : {Lance::grande, Lance::chica, Lance::pares, Lance::punto}) {
    INFO("lance " << static_cast<int>(l));
    CHECK(duel(l, "2o 2c Ae 7b", "Ao Ac Ae 7b") == 0);
  }
  CHECK(ev("3o 3c 3e 3b").value == 40);
  CHECK(ev("2o 2c 2e 2b").value == 4);
  CHECK(ev("3o 2c 7e 7b").value == 25);
}

TEST_CASE("R4 eight kings: K 3 2 A is duples of kings and aces", "[eval]") {
  const HandEval e = ev("Ko 3c 2e Ab");
  CHECK(mus::pares_kind(e) == ParesKind::duples);
  CHECK(duel(Lance::pares, "Ko 3c 2e Ab", "Kc Ke Ao Ac") == 0);
  CHECK(duel(Lance::pares, "Ko 3c 2e Ab", "Qo Qc Ae Ab") == 1);
}

TEST_CASE("R4 four kings: 3 and 2 are their own ranks with values 3 and 2", "[eval]") {
  CHECK(mus::effective_rank(mus::Rank::three, 4) == mus::Rank::three);
  CHECK(mus::effective_rank(mus::Rank::two, 4) == mus::Rank::two);
  CHECK(mus::card_value(mus::Rank::three, 4) == 3);
  CHECK(mus::card_value(mus::Rank::two, 4) == 2);
  CHECK(mus::pares_kind(ev("Ko 3c 2e Ab", 4)) == ParesKind::none);
  CHECK(ev("3o 2c 7e 7b", 4).value == 19);
  CHECK(duel(Lance::grande, "Ko Kc Ke Kb", "3o 3c 3e 3b", 4) == 1);
  CHECK(duel(Lance::chica, "2o 2c 2e 2b", "Ao Ac Ae Ab", 4) == -1);
  CHECK(duel(Lance::pares, "3o 3c Ae Kb", "2o 2c Ke Ab", 4) == 1);
}

TEST_CASE("R5 grande and chica order K Q J 7 6 5 4 3 2 A", "[eval]") {
  // One card differs; the other three are aces, so that card decides both lances.
  const std::vector<std::string_view> order4{"Ko", "Qo", "Jo", "7o", "6o",
                                             "5o", "4o", "3o", "2o", "Ao"};
  const std::vector<std::string_view> order8{"Ko", "Qo", "Jo", "7o", "6o", "5o", "4o", "Ao"};
  for (const int kings : both_kings) {
    const auto& order = kings == 8 ? order8 : order4;
    for (std::size_t i = 0; i + 1 < order.size(); ++i) {
      const std::string hi = std::string(order[i]) + " Ac Ae Ab";
      const std::string lo = std::string(order[i + 1]) + " Ac Ae Ab";
      INFO("kings=" << kings << ": " << hi << " vs " << lo);
      CHECK(duel(Lance::grande, hi, lo, kings) == 1);
      CHECK(duel(Lance::chica, hi, lo, kings) == -1);
    }
  }
  // With 8 kings the 3 sits with the kings and the 2 with the aces.
  CHECK(duel(Lance::grande, "3o Ac Ae Ab", "Ko Ac Ae Ab", 8) == 0);
  CHECK(duel(Lance::grande, "2o Ac Ae Ab", "Ao Ac Ae Ab", 8) == 0);
}

TEST_CASE("R6 values: figures 10 and A 1 and 7 to 4 face value", "[eval]") {
  using mus::Rank;
  for (const int kings : both_kings) {
    INFO("kings=" << kings);
    CHECK(mus::card_value(Rank::rey, kings) == 10);
    CHECK(mus::card_value(Rank::caballo, kings) == 10);
    CHECK(mus::card_value(Rank::sota, kings) == 10);
    CHECK(mus::card_value(Rank::seven, kings) == 7);
    CHECK(mus::card_value(Rank::six, kings) == 6);
    CHECK(mus::card_value(Rank::five, kings) == 5);
    CHECK(mus::card_value(Rank::four, kings) == 4);
    CHECK(mus::card_value(Rank::ace, kings) == 1);
  }
  CHECK(mus::card_value(Rank::three, 8) == 10);
  CHECK(mus::card_value(Rank::two, 8) == 1);
  CHECK(ev("Ko Qc Je Ab").value == 31);
  CHECK(ev("7o 6c 5e 4b").value == 22);
  CHECK(ev("3o 2c Ae Ab", 8).value == 13);
  CHECK(ev("3o 2c Ae Ab", 4).value == 7);
  CHECK(ev("Ko Kc Ke Kb").value == 40);
  CHECK(ev("Ao Ac Ae Ab").value == 4);
}

TEST_CASE("R6 totals range 4 to 40 and 38 and 39 cannot occur", "[eval]") {
  for (const int kings : both_kings) {
    int lo = 1000;
    int hi = -1;
    bool impossible_seen = false;
    for (int a = 0; a < 40; ++a)
      for (int b = a + 1; b < 40; ++b)
        for (int c = b + 1; c < 40; ++c)
          for (int d = c + 1; d < 40; ++d) {
            const std::array<std::uint8_t, 4> ids{
                static_cast<std::uint8_t>(a), static_cast<std::uint8_t>(b),
                static_cast<std::uint8_t>(c), static_cast<std::uint8_t>(d)};
            const int v = mus::evaluate(*Hand::from_ids(ids.data()), kings).value;
            lo = v < lo ? v : lo;
            hi = v > hi ? v : hi;
            impossible_seen = impossible_seen || v == 38 || v == 39;
          }
    INFO("kings=" << kings);
    CHECK(lo == 4);
    CHECK(hi == 40);
    CHECK_FALSE(impossible_seen);
  }
}

TEST_CASE("R9 ties go to the seat nearer the mano", "[eval]") {
  // Four hands with the same ranks (32 each): every lance is a tie between all who play it.
  const auto t = table({"Ko Kc 7o 5o", "Ke Kb 7c 5c", "3o 3c 7e 5e", "3e 3b 7b 5b"});
  for (const Lance l : {Lance::grande, Lance::chica, Lance::pares, Lance::juego})
    for (int mano = 0; mano < 4; ++mano) {
      INFO("lance " << static_cast<int>(l) << " mano " << mano);
      CHECK(mus::lance_winner(t, l, mano) == mano);
    }
  // Seats 1 and 3 tie for the best grande; which of them wins depends on the mano.
  const auto u = table({"Ao Ac 4e 5b", "Ko Kc Qe 7b", "Ae Ab 4o 5c", "Ke Kb Qo 7c"});
  CHECK(mus::lance_winner(u, Lance::grande, 0) == 1);
  CHECK(mus::lance_winner(u, Lance::grande, 1) == 1);
  CHECK(mus::lance_winner(u, Lance::grande, 2) == 3);
  CHECK(mus::lance_winner(u, Lance::grande, 3) == 3);
  // Seats 0 and 2 tie for the best chica.
  CHECK(mus::lance_winner(u, Lance::chica, 0) == 0);
  CHECK(mus::lance_winner(u, Lance::chica, 1) == 2);
  CHECK(mus::lance_winner(u, Lance::chica, 2) == 2);
  CHECK(mus::lance_winner(u, Lance::chica, 3) == 0);
  // Punto, when nobody has juego (27 each).
  const auto p = table({"Ko 4c 6e 7o", "Kc 4e 6b 7c", "Ke 4b 6o 7e", "Kb 4o 6c 7b"});
  for (int mano = 0; mano < 4; ++mano) CHECK(mus::lance_winner(p, Lance::punto, mano) == mano);
  // beats(): equal strengths go to the hand nearer the mano.
  const HandEval a = ev("Ko Kc Qe 7b");
  const HandEval b = ev("Ke Kb Qo 7c");
  CHECK(mus::beats(a, b, Lance::grande, true));
  CHECK_FALSE(mus::beats(a, b, Lance::grande, false));
}

TEST_CASE("R16 grande: K K Q 7 beats K Q Q 7", "[eval]") {
  CHECK(duel(Lance::grande, "Ko Kc Qe 7b", "Kb Qo Qc 7e") == 1);
  CHECK(duel(Lance::grande, "Kb Qo Qc 7e", "Ko Kc Qe 7b") == -1);
}

TEST_CASE("R16 grande: card by card from the highest", "[eval]") {
  CHECK(duel(Lance::grande, "Ko Ac Ae Ab", "Qo Qc Qe Qb") == 1);  // first card decides
  CHECK(duel(Lance::grande, "Ko Qc Ae Ab", "Kc Jo Je Jb") == 1);  // second card decides
  CHECK(duel(Lance::grande, "Ko Qc 5e Ab", "Kc Qo 4e 4b") == 1);  // third card decides
  CHECK(duel(Lance::grande, "Ko Qc 5e 4b", "Kc Qo 5b Ab") == 1);  // fourth card decides
  CHECK(duel(Lance::grande, "Ko Qc 5e 4b", "Kc Qo 5b 4o") == 0);  // suits never count
  CHECK(duel(Lance::grande, "Ko Kc Ke Kb", "Ko Kc Ke Qb") == 1);  // four kings is the best
}

TEST_CASE("R17 chica: A A 5 Q beats A A 5 K", "[eval]") {
  CHECK(duel(Lance::chica, "Ao Ac 5e Qb", "Ae Ab 5o Kc") == 1);
  CHECK(duel(Lance::chica, "Ae Ab 5o Kc", "Ao Ac 5e Qb") == -1);
}

TEST_CASE("R17 chica: card by card from the lowest", "[eval]") {
  CHECK(duel(Lance::chica, "Ao Kc Ke Kb", "4o 4c 4e 4b") == 1);  // lowest card decides
  CHECK(duel(Lance::chica, "Ao 4c Ke Kb", "Ac 5o 5e 5b") == 1);  // second lowest decides
  CHECK(duel(Lance::chica, "Ao Ac Ae Ab", "Ao Ac Ae 4b") == 1);  // four aces is the best
  CHECK(duel(Lance::chica, "Ao 4c 6e Kb", "Ac 4o 6b Ke") == 0);
}

TEST_CASE("R18 pares: kinds pareja below medias below duples", "[eval]") {
  CHECK(mus::pares_kind(ev("Ko Qc Je Ab")) == ParesKind::none);
  CHECK(mus::pares_kind(ev("Ko Kc Je Ab")) == ParesKind::pareja);
  CHECK(mus::pares_kind(ev("Ko Kc Ke Ab")) == ParesKind::medias);
  CHECK(mus::pares_kind(ev("Ko Kc Je Jb")) == ParesKind::duples);
  CHECK(mus::pares_kind(ev("Ko Kc Ke Kb")) == ParesKind::duples);
  CHECK_FALSE(mus::has_pares(ev("Ko Qc Je Ab")));
  CHECK(duel(Lance::pares, "Ao Ac 4e 5b", "Ko Kc Qe 7b") == -1);  // pareja by rank
  CHECK(duel(Lance::pares, "Ao Ac Ae 5b", "Ko Kc Qe 7b") == 1);   // medias > pareja
  CHECK(duel(Lance::pares, "Ao Ac 4e 4b", "Ko Kc Ke 7b") == 1);   // duples > medias
}

TEST_CASE("R18 pares: Q Q Q 5 beats A A A K", "[eval]") {
  CHECK(duel(Lance::pares, "Qo Qc Qe 5b", "Ao Ac Ae Kb") == 1);
  CHECK(duel(Lance::pares, "Ao Ac Ae Kb", "Qo Qc Qe 5b") == -1);
}

TEST_CASE("R18 pares: K K K K beats K K Q Q", "[eval]") {
  CHECK(duel(Lance::pares, "Ko Kc Ke Kb", "Ko Kc Qe Qb") == 1);
  CHECK(duel(Lance::pares, "Ko Kc Qe Qb", "Ko Kc Ke Kb") == -1);
  // Four of a kind is duples of that rank twice: below duples with a higher top pair.
  CHECK(duel(Lance::pares, "Qo Qc Qe Qb", "Ko Kc Ae Ab") == -1);
}

TEST_CASE("R18 pares: duples compare the higher pair then the lower pair", "[eval]") {
  CHECK(duel(Lance::pares, "Ko Kc Ae Ab", "Qo Qc Je Jb") == 1);
  CHECK(duel(Lance::pares, "Ko Kc Qe Qb", "Ko Kc Je Jb") == 1);
  CHECK(duel(Lance::pares, "Ko Kc Qe Qb", "Ke Kb Qo Qc") == 0);
}

TEST_CASE("R18 pares: other cards never count", "[eval]") {
  CHECK(duel(Lance::pares, "Ko Kc 7e 5b", "Ke Kb 4o Ac") == 0);
  CHECK(duel(Lance::pares, "Jo Jc Je 7b", "Jo Jc Jb Ac") == 0);
}

TEST_CASE("R19 juego: 31 or more", "[eval]") {
  CHECK(mus::has_juego(ev("Ko Qc Je Ab")));        // 31
  CHECK_FALSE(mus::has_juego(ev("Ko Qc 5e 5b")));  // 30
  CHECK(mus::has_juego(ev("Ko Kc Ke Kb")));        // 40
}

TEST_CASE("R19 juego order: 31 > 32 > 40 > 37 > 36 > 35 > 34 > 33", "[eval]") {
  const std::array<std::string_view, 8> best_first{
      "Ko Qc Je Ab",  // 31
      "Ko Qc 6e 6b",  // 32
      "Ko Kc Ke Kb",  // 40
      "Ko Qc Je 7b",  // 37
      "Ko Qc Je 6b",  // 36
      "Ko Qc Je 5b",  // 35
      "Ko Qc Je 4b",  // 34
      "Ko Qc 7e 6b",  // 33
  };
  const std::array<int, 8> values{31, 32, 40, 37, 36, 35, 34, 33};
  for (std::size_t i = 0; i < best_first.size(); ++i) {
    INFO(best_first[i]);
    CHECK(ev(best_first[i]).value == values[i]);
    for (std::size_t j = 0; j < best_first.size(); ++j) {
      INFO("vs " << best_first[j]);
      CHECK(duel(Lance::juego, best_first[i], best_first[j]) == (i < j ? 1 : (i == j ? 0 : -1)));
    }
  }
}

TEST_CASE("R20 punto: the higher total wins and 30 is best", "[eval]") {
  CHECK(duel(Lance::punto, "Ko Qc 5e 5b", "Ko Qc 5e 4b") == 1);   // 30 beats 29
  CHECK(duel(Lance::punto, "Ko Qc 5e 4b", "Ko Qc 4e 4b") == 1);   // 29 beats 28
  CHECK(duel(Lance::punto, "Ko Qc 5e 5b", "Kc Jo 5o 5c") == 0);   // 30 ties 30
  CHECK(duel(Lance::punto, "Ao Ac Ae Ab", "Ao Ac Ae 4b") == -1);  // 4 loses to 7
  const auto t = table({"Ao Ac Ae Ab", "Ko Qc 5e 5b", "7o 7c 7e 6b", "Jo Jc 4e 4o"});
  CHECK(mus::lance_winner(t, Lance::punto, 0) == 1);
  CHECK(mus::lance_winner(t, Lance::punto, 2) == 1);
}

TEST_CASE("R21 31 real off: J 7 7 7 is an ordinary 31", "[eval]") {
  const HandEval e = ev("Jo 7c 7e 7b");
  CHECK(e.value == 31);
  CHECK_FALSE(mus::is_real31(e));
  CHECK_FALSE(mus::real31(hand("Jo 7c 7e 7b"), 8, Royal31::off));
  CHECK(duel(Lance::juego, "Jo 7c 7e 7b", "Ko Qc Je Ab") == 0);
}

TEST_CASE("R21 31 real jack777: sota and three 7s of any suits", "[eval]") {
  const auto o = Royal31::jack777;
  for (const int kings : both_kings) {
    INFO("kings=" << kings);
    CHECK(mus::is_real31(ev("Jo 7c 7e 7b", kings, o)));
    CHECK(mus::is_real31(ev("Jo 7o 7c 7e", kings, o)));  // a 7 of the sota's suit is fine
    CHECK(mus::is_real31(ev("7c Jb 7e 7o", kings, o)));  // any order
    CHECK_FALSE(mus::is_real31(ev("Qo 7c 7e 7b", kings, o)));
    CHECK_FALSE(mus::is_real31(ev("Ko 7c 7e 7b", kings, o)));
    CHECK_FALSE(mus::is_real31(ev("Ko Qc Je Ab", kings, o)));
    CHECK(duel(Lance::juego, "Jo 7c 7e 7b", "Ko Qc Je Ab", kings, o) == 1);
    CHECK(duel(Lance::juego, "Jo 7c 7e 7b", "Jc 7o 7e 7b", kings, o) == 0);
  }
  CHECK_FALSE(mus::is_real31(ev("3o 7c 7e 7b", 8, o)));
}

TEST_CASE("R21 31 real figure777: any 10-valued card and three 7s", "[eval]") {
  const auto o = Royal31::figure777;
  for (const int kings : both_kings) {
    INFO("kings=" << kings);
    CHECK(mus::is_real31(ev("Jo 7c 7e 7b", kings, o)));
    CHECK(mus::is_real31(ev("Qo 7c 7e 7b", kings, o)));
    CHECK(mus::is_real31(ev("Ko 7o 7c 7e", kings, o)));
    CHECK_FALSE(mus::is_real31(ev("Ao 7c 7e 7b", kings, o)));
    CHECK_FALSE(mus::is_real31(ev("Ko Qc Je Ab", kings, o)));
    CHECK(duel(Lance::juego, "Qo 7c 7e 7b", "Ko Qc Je Ab", kings, o) == 1);
  }
  // A 3 is a king under 8 kings (worth 10), but worth 3 under 4 kings.
  CHECK(mus::is_real31(ev("3o 7c 7e 7b", 8, o)));
  CHECK(ev("3o 7c 7e 7b", 4, o).value == 24);
  CHECK_FALSE(mus::is_real31(ev("3o 7c 7e 7b", 4, o)));
}

TEST_CASE("R21 31 real jack777_other_suits: sota and the 7s of the other three suits", "[eval]") {
  const auto o = Royal31::jack777_other_suits;
  CHECK(mus::is_real31(ev("Jo 7c 7e 7b", 8, o)));
  CHECK(mus::is_real31(ev("Jc 7o 7e 7b", 8, o)));
  CHECK(mus::is_real31(ev("7o 7c Jb 7e", 4, o)));
  CHECK_FALSE(mus::is_real31(ev("Jo 7o 7c 7e", 8, o)));  // a 7 of the sota's suit
  CHECK_FALSE(mus::is_real31(ev("Jc 7o 7c 7b", 8, o)));
  CHECK_FALSE(mus::is_real31(ev("Qo 7c 7e 7b", 8, o)));  // not a sota
  CHECK_FALSE(mus::is_real31(ev("3o 7c 7e 7b", 8, o)));
  CHECK(duel(Lance::juego, "Jb 7o 7c 7e", "Jo 7o 7c 7e", 8, o) == 1);
}

TEST_CASE("R21 31 real jack_of_coins777: sota de oros and the 7s of copas espadas bastos",
          "[eval]") {
  const auto o = Royal31::jack_of_coins777;
  CHECK(mus::is_real31(ev("Jo 7c 7e 7b", 8, o)));
  CHECK(mus::is_real31(ev("7b 7e 7c Jo", 4, o)));
  CHECK_FALSE(mus::is_real31(ev("Jc 7o 7e 7b", 8, o)));  // sota of another suit
  CHECK_FALSE(mus::is_real31(ev("Jb 7o 7c 7e", 8, o)));
  CHECK_FALSE(mus::is_real31(ev("Jo 7o 7c 7e", 8, o)));  // the 7 de oros is not one of them
  CHECK_FALSE(mus::is_real31(ev("Jo 7o 7e 7b", 8, o)));
  CHECK_FALSE(mus::is_real31(ev("Qo 7c 7e 7b", 8, o)));
  CHECK(duel(Lance::juego, "Jo 7c 7e 7b", "Jc 7o 7e 7b", 8, o) == 1);
}

// Seed 000: some tables "would require the original Jack-7-7-7 only when the Jack is of a
// specific suit": the sota de oros, with any three 7s.
TEST_CASE("R21 31 real jack_of_coins_any777: sota de oros and any three 7s", "[eval]") {
  const auto o = Royal31::jack_of_coins_any777;
  CHECK(mus::is_real31(ev("Jo 7c 7e 7b", 8, o)));
  CHECK(mus::is_real31(ev("Jo 7o 7c 7e", 8, o)));  // the 7 de oros may be one of them
  CHECK(mus::is_real31(ev("7b 7o 7e Jo", 4, o)));
  CHECK_FALSE(mus::is_real31(ev("Jc 7o 7e 7b", 8, o)));  // sota of another suit
  CHECK_FALSE(mus::is_real31(ev("Qo 7c 7e 7b", 8, o)));  // not a sota
  CHECK_FALSE(mus::is_real31(ev("3o 7c 7e 7b", 8, o)));
  CHECK(duel(Lance::juego, "Jo 7o 7c 7e", "Jc 7o 7e 7b", 8, o) == 1);
  CHECK(mus::royal31_name(o) == "jack_of_coins_any777");
  CHECK(mus::parse_rules("standard royal31=jack_of_coins_any777")->royal31 == o);
}

TEST_CASE("R21 31 real changes only juego", "[eval]") {
  const HandEval off = ev("Jo 7c 7e 7b", 8, Royal31::off);
  const HandEval on = ev("Jo 7c 7e 7b", 8, Royal31::jack777);
  CHECK(on.grande == off.grande);
  CHECK(on.chica == off.chica);
  CHECK(on.pares == off.pares);
  CHECK(on.value == off.value);
  CHECK(on.juego > off.juego);
  CHECK(mus::juego_tantos(on) == 3);
}

TEST_CASE("R23 pares: skipped when nobody has pares and played by those who have", "[eval]") {
  const auto none = table({"Ko Qc Je Ab", "Kc Qo 7e 6b", "Ke Jo 5c 4b", "Kb Jc 7o 6c"});
  for (int mano = 0; mano < 4; ++mano) CHECK(mus::lance_winner(none, Lance::pares, mano) == -1);
  // Only seat 3 has pares (a low pareja): it wins whoever is mano.
  const auto one = table({"Ko Qc Je 4b", "Kc Qo 7e 6b", "Ke Jo 5c 4o", "Ao Ac 6e 5b"});
  for (int mano = 0; mano < 4; ++mano) CHECK(mus::lance_winner(one, Lance::pares, mano) == 3);
  CHECK_FALSE(mus::plays_lance(one[0], Lance::pares));
  CHECK(mus::plays_lance(one[3], Lance::pares));
}

TEST_CASE("R23 juego: skipped when nobody has juego and played by those who have", "[eval]") {
  const auto none = table({"Ko Qc 5e 5b", "Ao Ac Ae Ab", "7o 7c 7e 6b", "Jo Jc 4e 5o"});
  for (int mano = 0; mano < 4; ++mano) CHECK(mus::lance_winner(none, Lance::juego, mano) == -1);
  // Only seat 2 has juego (40, a poor one): it wins juego; punto is not played.
  const auto one = table({"Ko Qc 5e 5b", "Ao Ac Ae Ab", "Kc Ke Kb Qo", "Jo Jc 4e 5o"});
  for (int mano = 0; mano < 4; ++mano) {
    CHECK(mus::lance_winner(one, Lance::juego, mano) == 2);
    CHECK(mus::lance_winner(one, Lance::punto, mano) == -1);
  }
  CHECK(mus::anyone_has_juego(one));
  CHECK_FALSE(mus::anyone_has_juego(none));
  CHECK(mus::lance_winner(none, Lance::punto, 1) == 0);
}

TEST_CASE("R23 grande and chica are played by everyone", "[eval]") {
  const auto t = table({"Ao Ac 4e 5b", "Ko Kc Qe 7b", "Ae Ab 4o 6c", "4c 5o 6e 7o"});
  for (const HandEval& e : t) {
    CHECK(mus::plays_lance(e, Lance::grande));
    CHECK(mus::plays_lance(e, Lance::chica));
    CHECK(mus::plays_lance(e, Lance::punto));
  }
  CHECK(mus::lance_winner(t, Lance::grande, 3) == 1);
  CHECK(mus::lance_winner(t, Lance::chica, 3) == 0);
}

TEST_CASE("R28 tantos: pareja 1 medias 2 duples 3 and juego 31 is 3 other juego 2", "[eval]") {
  CHECK(mus::hand_tantos(ev("Ko Qc Je Ab"), Lance::pares) == 0);
  CHECK(mus::hand_tantos(ev("Ko Kc Je Ab"), Lance::pares) == 1);
  CHECK(mus::hand_tantos(ev("Ko Kc Ke Ab"), Lance::pares) == 2);
  CHECK(mus::hand_tantos(ev("Ko Kc Je Jb"), Lance::pares) == 3);
  CHECK(mus::hand_tantos(ev("Ko Kc Ke Kb"), Lance::pares) == 3);
  CHECK(mus::hand_tantos(ev("Ko Qc Je Ab"), Lance::juego) == 3);  // 31
  CHECK(mus::hand_tantos(ev("Ko Qc 6e 6b"), Lance::juego) == 2);  // 32
  CHECK(mus::hand_tantos(ev("Ko Kc Ke Kb"), Lance::juego) == 2);  // 40
  CHECK(mus::hand_tantos(ev("Ko Qc 7e 6b"), Lance::juego) == 2);  // 33
  CHECK(mus::hand_tantos(ev("Ko Qc 5e 5b"), Lance::juego) == 0);  // 30: no juego
  CHECK(mus::hand_tantos(ev("Jo 7c 7e 7b", 8, Royal31::jack777), Lance::juego) == 3);
  for (const Lance l : {Lance::grande, Lance::chica, Lance::punto}) {
    CHECK(mus::hand_tantos(ev("Ko Kc Ke Kb"), l) == 0);
    CHECK(mus::hand_tantos(ev("Ko Qc Je Ab"), l) == 0);
  }
  CHECK(mus::pares_tantos(ev("Ko Kc Ke Ab")) == 2);
  CHECK(mus::juego_tantos(ev("Ko Qc Je Ab")) == 3);
}

TEST_CASE("R33 signals: the catalogue names and gestures", "[eval][signals]") {
  const std::array<std::array<std::string_view, 2>, 15> catalogue{{
      {"two_kings", "biting the middle of the lower lip"},
      {"three_kings", "biting one side of the lower lip"},
      {"two_aces", "tongue out, centre"},
      {"three_aces", "tongue out to one side"},
      {"pareja", "head tilted to one side"},
      {"medias", "lips pursed to one side"},
      {"duples", "raised eyebrows"},
      {"juego_31", "wink"},
      {"punto_30", "both shoulders raised"},
      {"punto_29", "right shoulder raised"},
      {"punto_28", "left shoulder raised"},
      {"ciego", "eyes closed"},
      {"real_31", "touching the earlobe"},
      {"solomillo", "a kiss"},
      {"need_mus", "the online game's \"Need Mus!\" face"},  // R33a
  }};
  REQUIRE(mus::signal_count == static_cast<int>(catalogue.size()));
  for (int i = 0; i < mus::signal_count; ++i) {
    const auto s = static_cast<mus::Signal>(i);
    CHECK(mus::signal_name(s) == catalogue[static_cast<std::size_t>(i)][0]);
    CHECK(mus::signal_gesture(s) == catalogue[static_cast<std::size_t>(i)][1]);
  }
}

TEST_CASE("R33 signals: each signal is true of a matching hand and false otherwise",
          "[eval][signals]") {
  using mus::Signal;
  struct Case {
    Signal signal;
    std::string_view true_hand;
    std::string_view false_hand;
  };
  const std::array<Case, 14> cases{{
      {Signal::two_kings, "Ko 3c 5e 6b", "Ko 3c 3e 6b"},  // 3s are kings (8 kings)
      {Signal::three_kings, "Ko Kc 3e 6b", "Ko Kc 3e 3b"},
      {Signal::two_aces, "Ao 2c 5e 6b", "Ao 2c 2e 6b"},  // 2s are aces (8 kings)
      {Signal::three_aces, "Ao Ac 2e Kb", "Ao Ac Ke Kb"},
      {Signal::pareja, "Qo Qc 5e 6b", "Qo Qc 5e 5b"},
      {Signal::medias, "Qo Qc Qe 6b", "Qo Qc Qe Qb"},
      {Signal::duples, "Qo Qc Qe Qb", "Qo Qc Qe 6b"},
      {Signal::juego_31, "Ko Qc Je Ab", "Ko Qc 6e 6b"},
      {Signal::punto_30, "Ko Qc 5e 5b", "Ko Qc Je Kb"},
      {Signal::punto_29, "Ko Qc 5e 4b", "Ko Qc 5e 5b"},
      {Signal::punto_28, "Ko Qc 4e 4b", "Ko Qc 5e 4b"},
      {Signal::ciego, "Ko Qc 5e 4b", "Ko Qc Je Ab"},    // false: it has juego
      {Signal::real_31, "Jo 7c 7e 7b", "Ko Qc Je Ab"},  // with royal31=jack777
      {Signal::solomillo, "Ko Kc 3e 2b", "Ko Kc Ke Qb"},
  }};
  mus::Rules rules;
  rules.royal31 = Royal31::jack777;
  for (const Case& c : cases) {
    INFO(mus::signal_name(c.signal) << ": " << c.true_hand << " / " << c.false_hand);
    CHECK(mus::signal_true(c.signal, hand(c.true_hand), rules));
    CHECK_FALSE(mus::signal_true(c.signal, hand(c.false_hand), rules));
  }
  // More false cases: ciego with pares; real_31 with the option off; 4 kings effective ranks.
  CHECK_FALSE(mus::signal_true(Signal::ciego, hand("Ko Kc 5e 4b"), rules));
  CHECK_FALSE(mus::signal_true(Signal::real_31, hand("Jo 7c 7e 7b"), mus::Rules{}));
  mus::Rules four;
  four.kings = 4;
  CHECK_FALSE(mus::signal_true(Signal::two_kings, hand("Ko 3c 5e 6b"), four));
  CHECK(mus::signal_true(Signal::two_kings, hand("Ko Kc 3e 6b"), four));
  CHECK_FALSE(mus::signal_true(Signal::solomillo, hand("Ko Kc 3e 2b"), four));
  CHECK(mus::signal_true(Signal::solomillo, hand("Ko Kc Ke Ab"), four));
}

TEST_CASE("Named hands: the list of rules.md", "[eval][named]") {
  using mus::NamedHand;
  CHECK(mus::named_hand(hand("Ko Kc Ao Ac"), 8) == NamedHand::duples_gallegos);
  CHECK(mus::named_hand(hand("Ko 3c 2o Ac"), 8) == NamedHand::duples_gallegos);
  CHECK(mus::named_hand(hand("Ko Kc Qo Qc"), 8) == NamedHand::duples_castellanos);
  CHECK(mus::named_hand(hand("Ko Kc Jo Jc"), 8) == NamedHand::duples_vascos);
  CHECK(mus::named_hand(hand("Ko Qc Ao Ac"), 8) == NamedHand::josito);
  CHECK(mus::named_hand(hand("Jo 7c 7e 7b"), 8) == NamedHand::real31);
  CHECK(mus::named_hand(hand("7c Jo 7o 7e"), 4) == NamedHand::real31);
  CHECK(mus::named_hand(hand("Ko Kc Ke Ab"), 8) == NamedHand::solomillo_puro);
  CHECK(mus::named_hand(hand("Ko 3c Ke Ab"), 8) == NamedHand::solomillo);
  CHECK(mus::named_hand(hand("Ko Kc Ke 2b"), 8) == NamedHand::solomillo);
  CHECK(mus::named_hand(hand("Ko Kc Ke Ab"), 4) == NamedHand::solomillo);  // purity: 8 kings
  // Seed 000: "la bonita" and "solomillo" are both names of any K K K A.
  CHECK(mus::named_hand_name(NamedHand::solomillo) == "solomillo (la bonita)");
  CHECK(mus::named_hand_name(NamedHand::solomillo_puro) == "solomillo puro (la bonita)");
  CHECK(mus::named_hand(hand("Ko 3c Ke Ab"), 4) == NamedHand::none);
  CHECK(mus::named_hand(hand("Ko Kc Qe Jb"), 8) == NamedHand::ley_del_mus);
  CHECK(mus::named_hand(hand("4o 5c 6e 7b"), 8) == NamedHand::tio_perete);
  CHECK(mus::named_hand(hand("Ko Qc Je Ab"), 8) == NamedHand::none);
  CHECK(mus::named_hand(hand("Ko Kc Ke Kb"), 8) == NamedHand::none);
  CHECK(mus::named_hand_name(NamedHand::duples_gallegos) == "duples gallegos");
  CHECK(mus::named_hand_name(NamedHand::duples_castellanos) == "duples castellanos");
  CHECK(mus::named_hand_name(NamedHand::duples_vascos) == "duples vascos");
  CHECK(mus::named_hand_name(NamedHand::josito) == "la Josito");
  CHECK(mus::named_hand_name(NamedHand::real31) == "31 real");
  CHECK(mus::named_hand_name(NamedHand::ley_del_mus) == "ley del mus");
  CHECK(mus::named_hand_name(NamedHand::none).empty());
}

TEST_CASE("R18 pares_text names the pares in words, by effective ranks", "[eval][R18]") {
  const auto text = [](std::string_view hand, int kings) {
    return mus::pares_text(mus::evaluate(*mus::parse_hand(hand), kings));
  };
  CHECK(text("Ko 6c 5e Ab", 8) == "no pares");
  CHECK(text("Ko Kc 5e Ab", 8) == "pareja of kings");
  CHECK(text("7o 7c 7e Ab", 8) == "medias of sevens");
  CHECK(text("Ko 3c 2e Ab", 8) == "duples of kings and aces");  // R4: 3 is a king, 2 an ace
  CHECK(text("Ko 3c 2e Ab", 4) == "no pares");
  CHECK(text("Ko Kc Ke Kb", 8) == "duples: four kings");
  CHECK(text("Qo Qc Jo Jc", 4) == "duples of knights and jacks");
  CHECK(mus::rank_plural(mus::Rank::two) == "twos");
  CHECK(mus::rank_plural(static_cast<mus::Rank>(10)) == "?");
}
