// Exhaustive checks of the table-driven evaluator (eval.hpp) against the slow reference of
// reference.hpp, over all C(40,4) = 91,390 hands, for both kings settings and every 31 real
// option. Mismatches are counted in plain loops (one Catch assertion per check, not per hand)
// and the first few are printed.
#include <algorithm>
#include <array>
#include <cstdint>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "catch.hpp"
#include "mus/eval.hpp"
#include "reference.hpp"

namespace {

using mus::Card;
using mus::Hand;
using mus::HandEval;
using mus::Lance;
using mus::Royal31;

constexpr std::array<int, 2> kings_settings{8, 4};
constexpr std::array<Royal31, 6> royal_options{Royal31::off,
                                               Royal31::jack777,
                                               Royal31::figure777,
                                               Royal31::jack777_other_suits,
                                               Royal31::jack_of_coins777,
                                               Royal31::jack_of_coins_any777};
constexpr std::array<Lance, 5> lances{Lance::grande, Lance::chica, Lance::pares, Lance::juego,
                                      Lance::punto};

ref::L to_ref(Lance l) { return static_cast<ref::L>(static_cast<int>(l)); }

// Collects mismatches; keeps the first few descriptions for the failure message.
struct Mismatches {
  long count = 0;
  std::vector<std::string> first;

  void add(const std::string& what) {
    ++count;
    if (first.size() < 8) first.push_back(what);
  }
  std::string report() const {
    std::ostringstream out;
    out << count << " mismatches";
    for (const auto& s : first) out << "\n  " << s;
    return out.str();
  }
};

std::string describe(const Hand& h, int kings, Royal31 option) {
  return mus::to_string(h) + " (kings=" + std::to_string(kings) +
         " royal31=" + std::string(mus::royal31_name(option)) + ")";
}

int sign(int x) { return x > 0 ? 1 : (x < 0 ? -1 : 0); }

// The grouping key of a hand: its effective heights sorted high to low (at most 715 distinct
// values), times two, plus one for a 31 real under the option.
int group_key(const Hand& h, int kings, Royal31 option) {
  const auto hs = ref::heights_high_to_low(h, kings);
  const int ranks = ((hs[0] * 10 + hs[1]) * 10 + hs[2]) * 10 + hs[3];
  return ranks * 2 + (ref::real31(h, kings, option) ? 1 : 0);
}

// Whether the reference says a hand takes part in a lance, judging the hand alone (punto: the
// whole table decides; see the lance_winner tests).
bool ref_plays(ref::L l, const Hand& h, int kings) {
  if (l == ref::L::pares) return ref::has_pares(h, kings);
  if (l == ref::L::juego) return ref::has_juego(h, kings);
  return true;
}

// Checks that lance_strength orders the hands of a lance exactly as the reference comparator.
// Hands are grouped by the reference's key; the reference is constant on a group (checked),
// the evaluator must be too, and on every pair of groups the sign of the strength difference
// must equal the reference's verdict. A match means lance_strength is an integer encoding of
// the reference order: total, antisymmetric and transitive.
std::string check_order(Lance l, int kings, Royal31 option, int& groups_out) {
  const ref::L rl = to_ref(l);
  constexpr int no_group = -1;
  std::vector<int> group_of_key(20000, no_group);
  std::vector<Hand> reps;
  std::vector<int> strengths;
  Mismatches m;
  for (const Hand& h : ref::all_hands()) {
    if (!ref_plays(rl, h, kings)) continue;
    const int key = group_key(h, kings, option);
    const int s = mus::lance_strength(mus::evaluate(h, kings, option), l);
    auto& g = group_of_key[static_cast<std::size_t>(key)];
    if (g == no_group) {
      g = static_cast<int>(reps.size());
      reps.push_back(h);
      strengths.push_back(s);
      continue;
    }
    const Hand& rep = reps[static_cast<std::size_t>(g)];
    if (ref::compare(rl, h, rep, kings, option) != 0)
      m.add("reference not constant on a group: " + describe(h, kings, option));
    if (s != strengths[static_cast<std::size_t>(g)])
      m.add("strength " + std::to_string(s) + " of " + describe(h, kings, option) +
            " differs from " + std::to_string(strengths[static_cast<std::size_t>(g)]) + " of " +
            mus::to_string(rep));
  }
  for (std::size_t i = 0; i < reps.size(); ++i)
    for (std::size_t j = i + 1; j < reps.size(); ++j) {
      const int expected = ref::compare(rl, reps[i], reps[j], kings, option);
      const int got = sign(strengths[i] - strengths[j]);
      if (expected != got)
        m.add(mus::to_string(reps[i]) + " vs " + mus::to_string(reps[j]) + ": reference " +
              std::to_string(expected) + ", strengths " + std::to_string(strengths[i]) + " and " +
              std::to_string(strengths[j]) + " (kings=" + std::to_string(kings) +
              " royal31=" + std::string(mus::royal31_name(option)) + ")");
    }
  groups_out = static_cast<int>(reps.size());
  return m.count == 0 ? std::string{} : m.report();
}

}  // namespace

TEST_CASE("Exhaustive: there are C(40 4) = 91390 distinct hands", "[eval][exhaustive]") {
  const auto& hands = ref::all_hands();
  REQUIRE(hands.size() == 91390);
  std::vector<std::uint64_t> masks;
  masks.reserve(hands.size());
  for (const Hand& h : hands) masks.push_back(h.mask());
  std::sort(masks.begin(), masks.end());
  CHECK(std::adjacent_find(masks.begin(), masks.end()) == masks.end());
}

TEST_CASE("Exhaustive R4 R6 R18 R19 R21 R28: evaluate agrees with the reference on every hand",
          "[eval][exhaustive]") {
  for (const int kings : kings_settings) {
    for (const Royal31 option : royal_options) {
      mus::Rules rules;
      rules.kings = static_cast<std::uint8_t>(kings);
      rules.royal31 = option;
      Mismatches m;
      long real_count = 0;
      for (const Hand& h : ref::all_hands()) {
        const HandEval e = mus::evaluate(h, kings, option);
        const int v = ref::value(h, kings);
        const ref::Pares p = ref::pares(h, kings);
        const bool juego = ref::has_juego(h, kings);
        const bool real = ref::real31(h, kings, option);
        real_count += real ? 1 : 0;
        const auto where = [&] { return describe(h, kings, option); };
        if (e.value != v)
          m.add("value " + std::to_string(e.value) + " != " + std::to_string(v) + " for " +
                where());
        if (static_cast<int>(mus::pares_kind(e)) != p.kind)
          m.add("pares kind " + std::to_string(static_cast<int>(mus::pares_kind(e))) +
                " != " + std::to_string(p.kind) + " for " + where());
        if (mus::has_pares(e) != (p.kind != 0)) m.add("has_pares for " + where());
        if (mus::has_juego(e) != juego) m.add("has_juego for " + where());
        if (mus::is_real31(e) != real) m.add("is_real31 for " + where());
        if (mus::real31(h, kings, option) != real) m.add("real31() for " + where());
        if (mus::pares_tantos(e) != ref::tantos(ref::L::pares, h, kings))
          m.add("pares tantos for " + where());
        if (mus::juego_tantos(e) != ref::tantos(ref::L::juego, h, kings))
          m.add("juego tantos for " + where());
        for (const Lance l : lances) {
          if (mus::hand_tantos(e, l) != ref::tantos(to_ref(l), h, kings))
            m.add("hand_tantos lance " + std::to_string(static_cast<int>(l)) + " for " + where());
          if (mus::plays_lance(e, l) != ref_plays(to_ref(l), h, kings))
            m.add("plays_lance " + std::to_string(static_cast<int>(l)) + " for " + where());
        }
        if (!(mus::evaluate(h, rules) == e)) m.add("evaluate(h, rules) differs for " + where());
      }
      INFO("kings=" << kings << " royal31=" << mus::royal31_name(option));
      INFO(m.report());
      CHECK(m.count == 0);
      // Every option has at least one real hand; off has none.
      CHECK((option == Royal31::off) == (real_count == 0));
    }
  }
}

TEST_CASE("Exhaustive R6: totals are 4..40 and 38 and 39 never occur", "[eval][exhaustive]") {
  for (const int kings : kings_settings) {
    std::array<bool, 64> seen_fast{};
    std::array<bool, 64> seen_ref{};
    long out_of_range = 0;
    for (const Hand& h : ref::all_hands()) {
      const int v = mus::evaluate(h, kings).value;
      if (v < 0 || v >= 64) {
        ++out_of_range;
        continue;
      }
      seen_fast[static_cast<std::size_t>(v)] = true;
      seen_ref[static_cast<std::size_t>(ref::value(h, kings))] = true;
    }
    INFO("kings=" << kings);
    CHECK(out_of_range == 0);
    CHECK(seen_fast == seen_ref);
    CHECK(seen_fast[4]);
    CHECK(seen_fast[40]);
    CHECK_FALSE(seen_fast[38]);
    CHECK_FALSE(seen_fast[39]);
    for (int v = 0; v < 4; ++v) CHECK_FALSE(seen_fast[static_cast<std::size_t>(v)]);
    for (int v = 41; v < 64; ++v) CHECK_FALSE(seen_fast[static_cast<std::size_t>(v)]);
  }
}

TEST_CASE("Exhaustive: the order of the cards in a hand never changes its evaluation",
          "[eval][exhaustive]") {
  for (const int kings : kings_settings) {
    Mismatches m;
    for (const Hand& h : ref::all_hands()) {
      const HandEval base = mus::evaluate(h, kings);
      // The 31 real is suit-dependent; check every option only where it can matter.
      const bool is31 = base.value == 31;
      std::array<int, 4> idx{0, 1, 2, 3};
      do {
        const auto p = *Hand::from_cards(
            {h[static_cast<std::size_t>(idx[0])], h[static_cast<std::size_t>(idx[1])],
             h[static_cast<std::size_t>(idx[2])], h[static_cast<std::size_t>(idx[3])]});
        if (!(mus::evaluate(p, kings) == base))
          m.add(mus::to_string(p) + " vs " + mus::to_string(h) + " kings=" + std::to_string(kings));
        if (is31)
          for (const Royal31 option : royal_options)
            if (!(mus::evaluate(p, kings, option) == mus::evaluate(h, kings, option)))
              m.add(describe(p, kings, option) + " vs " + mus::to_string(h));
      } while (std::next_permutation(idx.begin(), idx.end()));
    }
    INFO("kings=" << kings);
    INFO(m.report());
    CHECK(m.count == 0);
  }
}

TEST_CASE("Exhaustive R5 R16: grande order of every hand matches the reference",
          "[eval][exhaustive]") {
  for (const int kings : kings_settings) {
    int groups = 0;
    const auto err = check_order(Lance::grande, kings, Royal31::off, groups);
    INFO("kings=" << kings << " groups=" << groups);
    INFO(err);
    CHECK(err.empty());
    // Multisets of 4 among the effective ranks: 8 ranks with 8 kings, 10 with 4 kings.
    CHECK(groups == (kings == 8 ? 330 : 715));
  }
}

TEST_CASE("Exhaustive R17: chica order of every hand matches the reference", "[eval][exhaustive]") {
  for (const int kings : kings_settings) {
    int groups = 0;
    const auto err = check_order(Lance::chica, kings, Royal31::off, groups);
    INFO("kings=" << kings << " groups=" << groups);
    INFO(err);
    CHECK(err.empty());
    CHECK(groups == (kings == 8 ? 330 : 715));
  }
}

TEST_CASE("Exhaustive R18: pares order of every hand with pares matches the reference",
          "[eval][exhaustive]") {
  for (const int kings : kings_settings) {
    int groups = 0;
    const auto err = check_order(Lance::pares, kings, Royal31::off, groups);
    INFO("kings=" << kings << " groups=" << groups);
    INFO(err);
    CHECK(err.empty());
    CHECK(groups > 0);
  }
}

TEST_CASE("Exhaustive R19 R21: juego order of every hand with juego matches the reference",
          "[eval][exhaustive]") {
  for (const int kings : kings_settings) {
    for (const Royal31 option : royal_options) {
      int groups = 0;
      const auto err = check_order(Lance::juego, kings, option, groups);
      INFO("kings=" << kings << " royal31=" << mus::royal31_name(option) << " groups=" << groups);
      INFO(err);
      CHECK(err.empty());
      CHECK(groups > 0);
    }
  }
}

TEST_CASE("Exhaustive R20: punto order of every hand matches the reference", "[eval][exhaustive]") {
  for (const int kings : kings_settings) {
    int groups = 0;
    const auto err = check_order(Lance::punto, kings, Royal31::off, groups);
    INFO("kings=" << kings << " groups=" << groups);
    INFO(err);
    CHECK(err.empty());
    CHECK(groups > 0);
  }
}

TEST_CASE("Exhaustive R33: every signal's truth matches the reference on every hand",
          "[eval][exhaustive][signals]") {
  for (const int kings : kings_settings) {
    for (const Royal31 option : royal_options) {
      mus::Rules rules;
      rules.kings = static_cast<std::uint8_t>(kings);
      rules.royal31 = option;
      Mismatches m;
      std::array<long, mus::signal_count> true_count{};
      for (const Hand& h : ref::all_hands()) {
        for (int i = 0; i < mus::signal_count; ++i) {
          const auto s = static_cast<mus::Signal>(i);
          // Only real_31 depends on the option; the others are checked with option off.
          if (option != Royal31::off && s != mus::Signal::real_31) continue;
          const bool got = mus::signal_true(s, h, rules);
          const bool want = ref::signal_true(mus::signal_name(s), h, kings, option);
          true_count[static_cast<std::size_t>(i)] += want ? 1 : 0;
          if (got != want)
            m.add(std::string(mus::signal_name(s)) + " for " + describe(h, kings, option));
        }
      }
      INFO("kings=" << kings << " royal31=" << mus::royal31_name(option));
      INFO(m.report());
      CHECK(m.count == 0);
      // Every signal is true of some hand and false of another (real_31 only with an option;
      // need_mus, a wish, is true of every hand).
      for (int i = 0; i < mus::signal_count; ++i) {
        const auto s = static_cast<mus::Signal>(i);
        const long n = true_count[static_cast<std::size_t>(i)];
        INFO("signal " << mus::signal_name(s));
        if (s == mus::Signal::real_31) {
          CHECK((n > 0) == (option != Royal31::off));
        } else if (s == mus::Signal::need_mus) {
          CHECK(n == (option == Royal31::off ? 91390 : 0));
        } else if (option == Royal31::off) {
          CHECK(n > 0);
          CHECK(n < 91390);
        }
      }
    }
  }
}

TEST_CASE("Exhaustive: named hands match the reference list on every hand",
          "[eval][exhaustive][named]") {
  for (const int kings : kings_settings) {
    Mismatches m;
    long named_count = 0;
    for (const Hand& h : ref::all_hands()) {
      const std::string want = ref::named(h, kings);
      const std::string got(mus::named_hand_name(mus::named_hand(h, kings)));
      named_count += want.empty() ? 0 : 1;
      if (got != want)
        m.add(mus::to_string(h) + " kings=" + std::to_string(kings) + ": got '" + got +
              "', want '" + want + "'");
    }
    INFO("kings=" << kings);
    CHECK(named_count > 0);
    INFO(m.report());
    CHECK(m.count == 0);
  }
}

namespace {

// Four disjoint hands drawn from a shuffled deck.
std::array<Hand, 4> random_table(std::mt19937_64& rng) {
  std::array<Card, 40> deck{};
  for (int i = 0; i < 40; ++i) deck[static_cast<std::size_t>(i)] = *Card::from_id(i);
  std::shuffle(deck.begin(), deck.end(), rng);
  std::array<Hand, 4> t{};
  for (std::size_t s = 0; s < 4; ++s)
    t[s] = *Hand::from_cards({deck[4 * s], deck[4 * s + 1], deck[4 * s + 2], deck[4 * s + 3]});
  return t;
}

// A table where all four seats hold the same four printed ranks (each in a different suit),
// so every lance is a tie between everyone who plays it (R9 decides).
std::array<Hand, 4> tied_table(std::mt19937_64& rng) {
  std::array<int, 10> ranks{0, 1, 2, 3, 4, 5, 6, 7, 8, 9};
  std::shuffle(ranks.begin(), ranks.end(), rng);
  std::array<Hand, 4> t{};
  for (int s = 0; s < 4; ++s) {
    std::array<Card, 4> cards{};
    for (int i = 0; i < 4; ++i)
      cards[static_cast<std::size_t>(i)] =
          Card(static_cast<mus::Rank>(ranks[static_cast<std::size_t>(i)]),
               static_cast<mus::Suit>((s + i) % 4));
    t[static_cast<std::size_t>(s)] = *Hand::from_cards(cards);
  }
  return t;
}

// Two seats tie (same printed ranks); the other two hold random cards from the rest.
std::array<Hand, 4> half_tied_table(std::mt19937_64& rng) {
  const auto tied = tied_table(rng);
  std::uint64_t used = tied[0].mask() | tied[1].mask();
  std::vector<Card> rest;
  for (int i = 0; i < 40; ++i)
    if (!((used >> i) & 1U)) rest.push_back(*Card::from_id(i));
  std::shuffle(rest.begin(), rest.end(), rng);
  std::array<Hand, 4> t{tied[0], tied[1], *Hand::from_cards({rest[0], rest[1], rest[2], rest[3]}),
                        *Hand::from_cards({rest[4], rest[5], rest[6], rest[7]})};
  std::shuffle(t.begin(), t.end(), rng);
  return t;
}

// One seat holds three 7s and a 10-valued card (a 31 real under some options); the other
// seats hold random cards from the rest.
std::array<Hand, 4> royal_table(std::mt19937_64& rng) {
  std::array<int, 4> sevens{6, 16, 26, 36};
  std::shuffle(sevens.begin(), sevens.end(), rng);
  // Sotas, caballos, reyes and 3s (kings with 8 kings): ranks 7, 8, 9 and 2 of any suit.
  std::array<int, 16> figures{};
  for (int i = 0; i < 16; ++i) {
    const int rank = std::array<int, 4>{7, 8, 9, 2}[static_cast<std::size_t>(i % 4)];
    figures[static_cast<std::size_t>(i)] = (i / 4) * 10 + rank;
  }
  const int figure = figures[static_cast<std::size_t>(rng() % 16)];
  const Hand royal = *Hand::from_cards({*Card::from_id(sevens[0]), *Card::from_id(sevens[1]),
                                        *Card::from_id(figure), *Card::from_id(sevens[2])});
  std::vector<Card> rest;
  for (int i = 0; i < 40; ++i)
    if (!royal.contains(*Card::from_id(i))) rest.push_back(*Card::from_id(i));
  std::shuffle(rest.begin(), rest.end(), rng);
  std::array<Hand, 4> t{royal, *Hand::from_cards({rest[0], rest[1], rest[2], rest[3]}),
                        *Hand::from_cards({rest[4], rest[5], rest[6], rest[7]}),
                        *Hand::from_cards({rest[8], rest[9], rest[10], rest[11]})};
  std::shuffle(t.begin(), t.end(), rng);
  return t;
}

}  // namespace

TEST_CASE("R9 R23 lance_winner agrees with the reference winner on random tables",
          "[eval][winner]") {
  std::mt19937_64 rng(0x6d75735f7465737aULL);  // fixed seed: reproducible tables
  Mismatches m;
  std::array<long, 5> played{};
  std::array<long, 5> skipped{};
  long ties_to_mano = 0;
  long real_wins = 0;
  constexpr int tables = 12000;
  for (int n = 0; n < tables; ++n) {
    const int kings = kings_settings[static_cast<std::size_t>(n % 2)];
    const Royal31 option = royal_options[static_cast<std::size_t>((n / 2) % 5)];
    // The table kind is independent of the kings and 31 real option (which cycle every 10).
    const int kind = (n / 10) % 4;
    const auto hands = kind == 0   ? random_table(rng)
                       : kind == 1 ? tied_table(rng)
                       : kind == 2 ? half_tied_table(rng)
                                   : royal_table(rng);
    mus::TableEval t{};
    for (std::size_t s = 0; s < 4; ++s) t[s] = mus::evaluate(hands[s], kings, option);
    for (const Lance l : lances) {
      for (int mano = 0; mano < 4; ++mano) {
        const int got = mus::lance_winner(t, l, mano);
        const int want = ref::winner(to_ref(l), hands, mano, kings, option);
        (want < 0 ? skipped : played)[static_cast<std::size_t>(l)] += 1;
        // At a fully tied table the mano wins every lance that is played (R9).
        if (kind == 1 && got >= 0) {
          ties_to_mano += 1;
          if (got != mano)
            m.add("tied table: lance " + std::to_string(static_cast<int>(l)) + " went to seat " +
                  std::to_string(got) + ", not the mano");
        }
        if (got >= 0 && l == Lance::juego && mus::is_real31(t[static_cast<std::size_t>(got)]))
          ++real_wins;
        if (got != want) {
          std::string s = "lance " + std::to_string(static_cast<int>(l)) + " mano " +
                          std::to_string(mano) + " got " + std::to_string(got) + " want " +
                          std::to_string(want) + ":";
          for (const Hand& h : hands) s += " [" + mus::to_string(h) + "]";
          m.add(s + " kings=" + std::to_string(kings) +
                " royal31=" + std::string(mus::royal31_name(option)));
        }
      }
      // beats() against the reference comparator, for every ordered pair of players.
      for (std::size_t a = 0; a < 4; ++a)
        for (std::size_t b = 0; b < 4; ++b) {
          if (a == b || !mus::plays_lance(t[a], l) || !mus::plays_lance(t[b], l)) continue;
          const int c = ref::compare(to_ref(l), hands[a], hands[b], kings, option);
          for (const bool nearer : {false, true})
            if (mus::beats(t[a], t[b], l, nearer) != (c > 0 || (c == 0 && nearer)))
              m.add("beats() lance " + std::to_string(static_cast<int>(l)) + " " +
                    mus::to_string(hands[a]) + " vs " + mus::to_string(hands[b]));
        }
    }
  }
  INFO(m.report());
  CHECK(m.count == 0);
  // The tables exercised both outcomes of every lance that can be skipped, and ties.
  for (const Lance l : lances) CHECK(played[static_cast<std::size_t>(l)] > 0);
  CHECK(skipped[static_cast<std::size_t>(Lance::pares)] > 0);
  CHECK(skipped[static_cast<std::size_t>(Lance::juego)] > 0);
  CHECK(skipped[static_cast<std::size_t>(Lance::punto)] > 0);
  CHECK(ties_to_mano > 0);
  CHECK(real_wins > 0);
}
