// Seats, dealing, rotation, shuffles, the mus question, discards and stock refills:
// R7, R8, R10, R11, R12, R13, R14, R15.
#include <algorithm>
#include <bit>
#include <numeric>

#include "match_test_util.hpp"

using namespace mt;

namespace {

// R12's documented PRNG, written again here from the text of match.hpp (seeded_order) so
// the expected deal does not come from the code under test: cards sorted by id, then a
// Fisher-Yates shuffle from the last position down; each j comes from a 32-bit draw x (the
// SplitMix64 outputs split low half first, then high half) as (x * (i+1)) >> 32, rejecting a
// draw when the low 32 bits of the product are below (2^32 - (i+1)) mod (i+1).
std::uint64_t splitmix(std::uint64_t& state) {
  state += 0x9E3779B97F4A7C15ULL;
  std::uint64_t z = state;
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
  return z ^ (z >> 31);
}

std::array<std::uint8_t, 40> reference_order(std::uint64_t seed) {
  std::array<std::uint8_t, 40> d{};
  std::iota(d.begin(), d.end(), std::uint8_t{0});
  std::uint64_t state = seed;
  std::uint64_t word = 0;
  bool high_half_left = false;
  const auto draw = [&]() -> std::uint32_t {
    if (high_half_left) {
      high_half_left = false;
      return static_cast<std::uint32_t>(word >> 32);
    }
    word = splitmix(state);
    high_half_left = true;
    return static_cast<std::uint32_t>(word);
  };
  for (int i = 39; i > 0; --i) {
    const std::uint32_t bound = static_cast<std::uint32_t>(i) + 1;
    const std::uint32_t threshold = (std::uint32_t{0} - bound) % bound;  // 2^32 mod bound
    std::uint64_t m = 0;
    do {
      m = std::uint64_t{draw()} * bound;
    } while (static_cast<std::uint32_t>(m) < threshold);
    std::swap(d[static_cast<std::size_t>(i)], d[static_cast<std::size_t>(m >> 32)]);
  }
  return d;
}

// Seat s's hand under R11 for an order d: d[4k + i] goes to seat mano+i, slot k.
std::array<std::uint8_t, 4> r11_hand(const std::array<std::uint8_t, 40>& d, int mano, int seat) {
  const int i = (seat - mano + 4) % 4;
  return {d[static_cast<std::size_t>(i)], d[static_cast<std::size_t>(4 + i)],
          d[static_cast<std::size_t>(8 + i)], d[static_cast<std::size_t>(12 + i)]};
}

// A fixed deal where seat 0 holds the four kings of the printed rank (no 3s anywhere), so
// seat 0 wins grande by cards whoever is mano (R16). No two seats share anything that
// matters for these tests.
const auto kings_deal = table("Ko Kc Ke Kb", "Qo Qc Jo 7o", "Qe Qb Jc 7c", "Je Jb 7e 7b");

}  // namespace

TEST_CASE("R7 R8 teams, dealer and mano of a new match", "[match][R7][R8]") {
  // R7: partners sit opposite, team 0 = seats 0 and 2, team 1 = seats 1 and 3.
  CHECK(mus::team_of(0) == 0);
  CHECK(mus::team_of(2) == 0);
  CHECK(mus::team_of(1) == 1);
  CHECK(mus::team_of(3) == 1);

  // R8: the mano is the seat after the dealer; a new match waits for the first shuffle.
  for (int dealer = 0; dealer < 4; ++dealer) {
    const State s = start(Rules{}, dealer);
    CHECK(s.phase == Phase::shuffle);
    CHECK(s.to_act == -1);
    CHECK(s.dealer == dealer);
    CHECK(s.mano == (dealer + 1) % 4);
    CHECK(s.scores.points[0] == 0);
    CHECK(s.scores.points[1] == 0);
    CHECK(s.scores.match_winner == -1);
    CHECK(mus::validate_state(s) == Errc::ok);
  }
  CHECK(mus::new_match(Rules{}, 4).error().code == Errc::invalid_argument);
  CHECK(mus::new_match(Rules{}, -1).error().code == Errc::invalid_argument);
  Rules bad;
  bad.kings = 5;
  CHECK(mus::new_match(bad, 0).error().code == Errc::invalid_rules);
}

TEST_CASE("R11 deal order: mano first, dealer last, stock from d[16]", "[match][R11]") {
  // Dealer 2, so mano 3 and speaking order 3, 0, 1, 2. The explicit order d[i] = i deals
  // d[0]=0 to seat 3, d[1]=1 to seat 0, d[2]=2 to seat 1, d[3]=3 to seat 2, d[4]=4 to seat 3...
  State s = start(Rules{}, 2);
  std::array<std::uint8_t, 40> d{};
  std::iota(d.begin(), d.end(), std::uint8_t{0});
  Events ev;
  must(s, Action::shuffle_order(d.data(), 40), &ev);
  CHECK(slots(s, 3) == std::array<std::uint8_t, 4>{0, 4, 8, 12});
  CHECK(slots(s, 0) == std::array<std::uint8_t, 4>{1, 5, 9, 13});
  CHECK(slots(s, 1) == std::array<std::uint8_t, 4>{2, 6, 10, 14});
  CHECK(slots(s, 2) == std::array<std::uint8_t, 4>{3, 7, 11, 15});
  // The stock is d[16..39], dealt from the front.
  REQUIRE(s.deck.stock_end - s.deck.stock_pos == 24);
  for (int i = 0; i < 24; ++i)
    CHECK(s.deck.stock[static_cast<std::size_t>(s.deck.stock_pos + i)] == 16 + i);
  CHECK(s.deck.pile == 0);
  CHECK(cards_conserved(s));
  // The mus question starts with the mano (R13).
  CHECK(s.phase == Phase::mus);
  CHECK(s.to_act == 3);
  CHECK(s.hand_number == 1);
  const auto deals = events_of(ev, EventKind::deal);
  REQUIRE(deals.size() == 1);
  CHECK(deals[0].seat == 2);    // dealer
  CHECK(deals[0].value == 3);   // mano
  CHECK(deals[0].amount == 1);  // hand number
  CHECK(mus::view_of(s, 0).stock_count == 24);
}

TEST_CASE("R11 stacked_deal gives each seat its chosen cards and the stock its top",
          "[match][R11]") {
  const auto h = table("Ko Kc Qo 7o", "Ke Qc Qe 7c", "Ao Ac 5o Kb", "Ae Ab 5c Qb");
  const std::vector<std::uint8_t> top{card("Jo"), card("4b"), card("6e")};
  for (int dealer = 0; dealer < 4; ++dealer) {
    State s = start(Rules{}, dealer);
    deal(s, h, top);
    for (int seat = 0; seat < 4; ++seat)
      for (int k = 0; k < 4; ++k)
        CHECK(s.deck.hands[static_cast<std::size_t>(seat * 4 + k)] ==
              h[static_cast<std::size_t>(seat * 4 + k)]);
    // Stock: the three chosen cards, then every remaining card in id order.
    std::vector<std::uint8_t> expected = top;
    for (std::uint8_t id = 0; id < 40; ++id)
      if (std::find(h.begin(), h.end(), id) == h.end() &&
          std::find(top.begin(), top.end(), id) == top.end())
        expected.push_back(id);
    REQUIRE(expected.size() == 24);
    REQUIRE(s.deck.stock_end - s.deck.stock_pos == 24);
    for (std::size_t i = 0; i < 24; ++i) CHECK(s.deck.stock[s.deck.stock_pos + i] == expected[i]);
  }
  auto dup = h;
  dup[5] = dup[0];
  CHECK(mus::stacked_deal(dup, 1).error().code == Errc::invalid_cards);
  auto big = h;
  big[3] = 40;
  CHECK(mus::stacked_deal(big, 1).error().code == Errc::invalid_cards);
  CHECK(mus::stacked_deal(h, 4).error().code == Errc::invalid_argument);
  const std::uint8_t dup_stock[1] = {h[0]};
  CHECK(mus::stacked_deal(h, 1, dup_stock, 1).error().code == Errc::invalid_cards);
  std::array<std::uint8_t, 25> many{};
  CHECK(mus::stacked_deal(h, 1, many.data(), 25).error().code == Errc::invalid_argument);
}

TEST_CASE("R12 a seed always gives the same deal, the documented PRNG's", "[match][R12]") {
  for (const std::uint64_t seed : {0ULL, 1ULL, 12345ULL, 0xFFFFFFFFFFFFFFFFULL}) {
    INFO("seed " << seed);
    State a = start(Rules{}, 0);
    State b = start(Rules{}, 0);
    must(a, Action::shuffle_seed(seed));
    must(b, Action::shuffle_seed(seed));
    CHECK(a == b);
    // The expected hands come from the reference PRNG above and R11 (mano 1).
    const auto d = reference_order(seed);
    for (int seat = 0; seat < 4; ++seat) CHECK(slots(a, seat) == r11_hand(d, 1, seat));
    for (int i = 0; i < 24; ++i)
      CHECK(a.deck.stock[static_cast<std::size_t>(a.deck.stock_pos + i)] ==
            d[static_cast<std::size_t>(16 + i)]);
    // An explicit order equal to the seed's gives the same state.
    State c = start(Rules{}, 0);
    must(c, Action::shuffle_order(d.data(), 40));
    CHECK(c == a);
  }
  // Different seeds give different deals (the reference orders differ, and so do the states).
  State x = start(Rules{}, 0);
  State y = start(Rules{}, 0);
  must(x, Action::shuffle_seed(7));
  must(y, Action::shuffle_seed(8));
  REQUIRE(reference_order(7) != reference_order(8));
  CHECK(x.deck.hands != y.deck.hands);
}

TEST_CASE("R12 bad shuffle orders are refused and leave the state unchanged", "[match][R12]") {
  State s = start(Rules{}, 0);
  std::array<std::uint8_t, 40> d{};
  std::iota(d.begin(), d.end(), std::uint8_t{0});

  SECTION("wrong count") {
    refuse(s, Action::shuffle_order(d.data(), 39), Errc::bad_shuffle);
    Action a = Action::shuffle_order(d.data(), 40);
    a.amount = 41;
    refuse(s, a, Errc::bad_shuffle);
    a.amount = -1;
    refuse(s, a, Errc::bad_shuffle);
    a.amount = 1;
    refuse(s, a, Errc::bad_shuffle);
  }
  SECTION("a duplicate card") {
    auto dup = d;
    dup[39] = dup[0];
    refuse(s, Action::shuffle_order(dup.data(), 40), Errc::bad_shuffle);
  }
  SECTION("a card id of 40 or more") {
    auto big = d;
    big[17] = 40;
    refuse(s, Action::shuffle_order(big.data(), 40), Errc::bad_shuffle);
    big[17] = 0xFF;
    refuse(s, Action::shuffle_order(big.data(), 40), Errc::bad_shuffle);
  }
  SECTION("a seat other than -1") {
    Action a = Action::shuffle_seed(3);
    a.seat = 0;
    refuse(s, a, Errc::invalid_argument);
  }
  SECTION("a shuffle outside the shuffle phase") {
    must(s, Action::shuffle_seed(3));
    refuse(s, Action::shuffle_seed(3), Errc::wrong_phase);
    refuse(s, Action::shuffle_order(d.data(), 40), Errc::wrong_phase);
  }
  SECTION("player actions before the deal") {
    refuse(s, Action::mus(1), Errc::wrong_phase);
    refuse(s, Action::cut(1), Errc::wrong_phase);
    refuse(s, Action::signal(1, mus::Signal::ciego), Errc::wrong_phase);
  }
  // After all the refusals the good order is still accepted.
  if (s.phase == Phase::shuffle) {
    must(s, Action::shuffle_order(d.data(), 40));
    CHECK(slots(s, 1) == std::array<std::uint8_t, 4>{0, 4, 8, 12});  // mano 1 gets d[0], d[4]...
  }
}

TEST_CASE("R10 rotation: the mano deals the next hand", "[match][R10]") {
  // Dealer 3 first, so mano 0. All pass every hand. Each hand (kings_deal, all en paso) gives
  // team 0 grande 1 (seat 0's four kings), pares 3 + 1 (seat 0 duples of kings, seat 2 pareja)
  // and juego 2 + 2 (seat 0's 40 beats the 37s and 34, seat 2 has 37): 9; team 1 chica 1
  // (seat 3's 7 7 J J is lowest). After four hands 36-4; the fifth reaches 41 at pares and
  // wins the game, and the rotation carries on.
  State s = start(Rules{}, 3);
  const std::array<int, 6> dealers{3, 0, 1, 2, 3, 0};
  for (int hand = 0; hand < 5; ++hand) {
    INFO("hand " << hand + 1);
    REQUIRE(s.phase == Phase::shuffle);
    CHECK(s.dealer == dealers[static_cast<std::size_t>(hand)]);
    CHECK(s.mano == (dealers[static_cast<std::size_t>(hand)] + 1) % 4);
    deal(s, kings_deal);
    CHECK(s.to_act == s.mano);
    cut(s);
    CHECK(s.to_act == s.mano);  // grande starts with the mano
    pass_all(s);
    CHECK(s.last.number == static_cast<std::uint32_t>(hand + 1));
    CHECK(s.last.dealer == dealers[static_cast<std::size_t>(hand)]);
    CHECK(s.last.mano == (dealers[static_cast<std::size_t>(hand)] + 1) % 4);
    CHECK(s.last.end == HandEnd::count);
    CHECK(s.last.game_winner == (hand == 4 ? 0 : -1));
    CHECK(s.scores.games[0] == (hand == 4 ? 1 : 0));
    CHECK(s.last.score_after[0] == (hand == 4 ? 41 : 9 * (hand + 1)));
    CHECK(s.last.score_after[1] == hand + 1);
    CHECK(s.dealer == dealers[static_cast<std::size_t>(hand + 1)]);
    CHECK(s.mano == (dealers[static_cast<std::size_t>(hand + 1)] + 1) % 4);
  }
}

TEST_CASE("R10 R30 rotation across games: games per vaca, vacas per match, match over",
          "[match][R10][R30]") {
  // Target 1: the count's first lance, grande en paso (1 point, R28), ends every game, won
  // by team 0 because seat 0 holds four kings. 2 games make a vaca, 2 vacas the match.
  Rules r;
  r.target = 1;
  r.games_per_vaca = 2;
  r.vacas = 2;
  State s = start(r, 0);
  struct Expect {
    int dealer, mano;
    std::array<int, 2> games, vacas;
    bool vaca;
  };
  const std::array<Expect, 4> expect{{
      {0, 1, {1, 0}, {0, 0}, false},
      {1, 2, {0, 0}, {1, 0}, true},  // the second game wins a vaca; games start again
      {2, 3, {1, 0}, {1, 0}, false},
      {3, 0, {0, 0}, {2, 0}, true},  // the second vaca wins the match
  }};
  for (std::size_t hand = 0; hand < expect.size(); ++hand) {
    INFO("hand " << hand + 1);
    const auto& e = expect[hand];
    CHECK(s.dealer == e.dealer);
    CHECK(s.mano == e.mano);
    deal(s, kings_deal);
    cut(s);
    Events ev;
    while (s.phase == Phase::betting) must(s, Action::pass(s.to_act), &ev);
    // The count stopped at grande: 1 point reached the target.
    CHECK(s.last.end == HandEnd::count);
    CHECK(s.last.game_winner == 0);
    CHECK(s.last.score_after[0] == 1);
    CHECK(s.last.score_after[1] == 0);
    CHECK(s.last.lances[0].counted == 1);
    CHECK(s.last.lances[0].winner_seat == 0);
    CHECK(s.last.lances[1].counted == 0);
    CHECK(s.last.lances[3].counted == 0);
    CHECK(s.scores.points[0] == 0);  // scores reset for the new game
    CHECK(s.scores.points[1] == 0);
    CHECK(s.scores.games[0] == e.games[0]);
    CHECK(s.scores.games[1] == e.games[1]);
    CHECK(s.scores.vacas[0] == e.vacas[0]);
    CHECK(s.scores.vacas[1] == e.vacas[1]);
    CHECK(events_of(ev, EventKind::game).size() == 1);
    CHECK(events_of(ev, EventKind::vaca).size() == (e.vaca ? 1U : 0U));
    // The dealer rotation carries on across games (R30, R10).
    CHECK(s.dealer == e.mano);
    CHECK(s.mano == (e.mano + 1) % 4);
  }
  CHECK(s.phase == Phase::match_over);
  CHECK(s.scores.match_winner == 0);
  CHECK(s.to_act == -1);
  CHECK(mus::validate_state(s) == Errc::ok);
  CHECK(mus::legal_actions(s).size == 0);
  refuse(s, Action::shuffle_seed(1), Errc::match_over);
  refuse(s, Action::cut(0), Errc::match_over);
  refuse(s, Action::pass(1), Errc::match_over);
  refuse(s, Action::signal(0, mus::Signal::ciego), Errc::match_over);
  refuse(s, Action::make(static_cast<mus::ActionKind>(0), 0), Errc::match_over);
}

TEST_CASE("R13 mus or cut: the first cut starts the lances, four mus a discard", "[match][R13]") {
  State s = start(Rules{}, 0);  // mano 1: speaking order 1, 2, 3, 0
  deal(s, kings_deal);
  CHECK(s.to_act == 1);
  refuse(s, Action::mus(2), Errc::not_your_turn);
  refuse(s, Action::cut(0), Errc::not_your_turn);
  refuse(s, Action::pass(1), Errc::wrong_phase);
  refuse(s, Action::bet(1, 2), Errc::wrong_phase);
  refuse(s, Action::discard(1, mask_of({card("Qo")})), Errc::wrong_phase);
  refuse(s, Action::perete(1), Errc::wrong_phase);

  SECTION("a cut by the third speaker") {
    Events ev;
    must(s, Action::mus(1), &ev);
    REQUIRE(events_of(ev, EventKind::mus).size() == 1);
    CHECK(s.to_act == 2);
    must(s, Action::mus(2));
    CHECK(s.to_act == 3);
    must(s, Action::cut(3), &ev);
    const auto cuts = events_of(ev, EventKind::cut);
    REQUIRE(cuts.size() == 1);
    CHECK(cuts[0].seat == 3);
    CHECK(cuts[0].value == 1);  // no mus corrido: the mano stays seat 1
    CHECK(s.mano == 1);
    CHECK(s.dealer == 0);
    CHECK(s.phase == Phase::betting);
    CHECK(s.lance == Lance::grande);
    CHECK(s.lance_index == 0);
    CHECK(s.to_act == 1);  // the lances start with the mano
  }
  SECTION("the mano cuts at once") {
    must(s, Action::cut(1));
    CHECK(s.phase == Phase::betting);
    CHECK(s.to_act == 1);
  }
  SECTION("four mus: a discard, mano first") {
    for (int seat : {1, 2, 3, 0}) must(s, Action::mus(seat));
    CHECK(s.phase == Phase::discard);
    CHECK(s.to_act == 1);
  }
}

TEST_CASE("R14 discard: speaking order, replacements mano first into the empty slots",
          "[match][R14]") {
  State s = start(Rules{}, 0);  // mano 1
  const auto h = table("Ko Kc Ke Kb", "Qo Qc Jo 7o", "Qe Qb Jc 7c", "Je Jb 7e 7b");
  // Stock top: ten known cards (the rest follow in id order).
  const std::vector<std::uint8_t> top{card("Ao"), card("Ac"), card("Ae"), card("Ab"), card("4o"),
                                      card("4c"), card("4e"), card("4b"), card("5o"), card("5c")};
  deal(s, h, top);
  for (int seat : {1, 2, 3, 0}) must(s, Action::mus(seat));
  REQUIRE(s.phase == Phase::discard);
  REQUIRE(s.to_act == 1);

  // Errors first; none may change the state.
  refuse(s, Action::discard(2, mask_of({card("Qe")})), Errc::not_your_turn);
  refuse(s, Action::discard(1, 0), Errc::illegal_action);  // 0 cards: only with zero_discard
  refuse(s, Action::discard(1, mask_of({card("Qe")})), Errc::card_not_in_hand);  // seat 2's
  refuse(s, Action::discard(1, mask_of({card("Qo"), card("Ao")})), Errc::card_not_in_hand);
  refuse(s, Action::discard(1, std::uint64_t{1} << 45), Errc::card_not_in_hand);
  refuse(s, Action::mus(1), Errc::wrong_phase);
  refuse(s, Action::cut(1), Errc::wrong_phase);
  refuse(s, Action::pass(1), Errc::wrong_phase);
  {
    // Every non-empty subset of the four cards, each one a concrete discard (R14: 1 to 4).
    const auto la = mus::legal_actions(s);
    const std::uint64_t held = mask_of({card("Qo"), card("Qc"), card("Jo"), card("7o")});
    std::vector<std::uint64_t> subsets;
    for (std::size_t i = 0; i < la.size; ++i)
      if (la.items[i].kind == mus::ActionKind::discard) {
        CHECK(la.items[i].seat == 1);
        CHECK(la.items[i].cards != 0);
        CHECK((la.items[i].cards & ~held) == 0);
        subsets.push_back(la.items[i].cards);
      }
    std::sort(subsets.begin(), subsets.end());
    CHECK(subsets.size() == 15);
    CHECK(std::adjacent_find(subsets.begin(), subsets.end()) == subsets.end());
  }

  // Seat 1 discards slots 0 and 2; seat 2 slot 3; seat 3 all four; seat 0 slots 1..3.
  must(s, Action::discard(1, mask_of({card("Qo"), card("Jo")})));
  CHECK(s.to_act == 2);
  CHECK(slots(s, 1)[0] == mus::no_card);
  must(s, Action::discard(2, mask_of({card("7c")})));
  CHECK(s.to_act == 3);
  must(s, Action::discard(3, mask_of({card("Je"), card("Jb"), card("7e"), card("7b")})));
  CHECK(s.to_act == 0);
  CHECK(cards_conserved(s));
  Events ev;
  must(s, Action::discard(0, mask_of({card("Kc"), card("Ke"), card("Kb")})), &ev);

  // Replacements from the stock top, mano first, each seat in one go, slots in order:
  // seat 1 gets Ao, Ac in slots 0 and 2; seat 2 gets Ae in slot 3; seat 3 Ab 4o 4c 4e;
  // seat 0 4b 5o 5c in slots 1..3.
  CHECK(slots(s, 1) == std::array<std::uint8_t, 4>{card("Ao"), card("Qc"), card("Ac"), card("7o")});
  CHECK(slots(s, 2) == std::array<std::uint8_t, 4>{card("Qe"), card("Qb"), card("Jc"), card("Ae")});
  CHECK(slots(s, 3) == std::array<std::uint8_t, 4>{card("Ab"), card("4o"), card("4c"), card("4e")});
  CHECK(slots(s, 0) == std::array<std::uint8_t, 4>{card("Ko"), card("4b"), card("5o"), card("5c")});
  CHECK(s.deck.stock_end - s.deck.stock_pos == 14);
  CHECK(s.deck.pile == mask_of({card("Qo"), card("Jo"), card("7c"), card("Je"), card("Jb"),
                                card("7e"), card("7b"), card("Kc"), card("Ke"), card("Kb")}));
  CHECK(cards_conserved(s));
  const auto replaced = events_of(ev, EventKind::replace);
  REQUIRE(replaced.size() == 4);
  CHECK(replaced[0].seat == 1);
  CHECK(replaced[0].amount == 2);
  CHECK(replaced[1].seat == 2);
  CHECK(replaced[1].amount == 1);
  CHECK(replaced[2].seat == 3);
  CHECK(replaced[2].amount == 4);
  CHECK(replaced[3].seat == 0);
  CHECK(replaced[3].amount == 3);
  // Back to the mus question, from the mano.
  CHECK(s.phase == Phase::mus);
  CHECK(s.to_act == 1);
  CHECK(mus::validate_state(s) == Errc::ok);
}

TEST_CASE("R14 zero_discard variant: a seat may discard no card", "[match][R14]") {
  Rules r;
  r.zero_discard = true;
  State s = start(r, 0);  // mano 1
  const auto h = table("Ko Kc Ke Kb", "Qo Qc Jo 7o", "Qe Qb Jc 7c", "Je Jb 7e 7b");
  deal(s, h, {card("Ao"), card("Ac")});
  for (int seat : {1, 2, 3, 0}) must(s, Action::mus(seat));
  const auto la = mus::legal_actions(s);
  REQUIRE(la.size >= 1);
  CHECK(la.items[0].amount == 0);
  refuse(s, Action::discard(1, mask_of({card("Ko")})), Errc::card_not_in_hand);
  Events ev;
  must(s, Action::discard(1, 0), &ev);  // servido
  const auto d = events_of(ev, EventKind::discard);
  REQUIRE(d.size() == 1);
  CHECK(d[0].amount == 0);
  must(s, Action::discard(2, 0));
  must(s, Action::discard(3, mask_of({card("7b")})));
  must(s, Action::discard(0, 0));
  // Only seat 3 is served: Ao (the stock top) into its slot 3; the others keep their cards.
  for (int seat : {0, 1, 2})
    for (int k = 0; k < 4; ++k)
      CHECK(s.deck.hands[static_cast<std::size_t>(seat * 4 + k)] ==
            h[static_cast<std::size_t>(seat * 4 + k)]);
  CHECK(slots(s, 3) == std::array<std::uint8_t, 4>{card("Je"), card("Jb"), card("7e"), card("Ao")});
  CHECK(s.phase == Phase::mus);
  CHECK(s.to_act == 1);
  CHECK(cards_conserved(s));
}

TEST_CASE("R15 stock refill: the discard pile goes under the remaining stock", "[match][R15]") {
  State s = start(Rules{}, 0);  // mano 1: discards and replacements in order 1, 2, 3, 0
  // Seat 0 holds ids 0-3, seat 1 4-7, seat 2 8-11, seat 3 12-15; the stock is 16..39.
  std::array<std::uint8_t, 16> h{};
  std::iota(h.begin(), h.end(), std::uint8_t{0});
  deal(s, h);
  const auto seat_mask = [&](int seat) {
    std::uint64_t m = 0;
    for (const auto id : slots(s, seat)) m |= std::uint64_t{1} << id;
    return m;
  };

  // Round 1: everyone discards four. Seat 1 gets 16-19, seat 2 20-23, seat 3 24-27,
  // seat 0 28-31; 32-39 stay in the stock and 0-15 are in the pile.
  for (int seat : {1, 2, 3, 0}) must(s, Action::mus(seat));
  for (int seat : {1, 2, 3, 0}) must(s, Action::discard(seat, seat_mask(seat)));
  CHECK(slots(s, 1) == std::array<std::uint8_t, 4>{16, 17, 18, 19});
  CHECK(slots(s, 2) == std::array<std::uint8_t, 4>{20, 21, 22, 23});
  CHECK(slots(s, 3) == std::array<std::uint8_t, 4>{24, 25, 26, 27});
  CHECK(slots(s, 0) == std::array<std::uint8_t, 4>{28, 29, 30, 31});
  CHECK(s.deck.stock_end - s.deck.stock_pos == 8);
  CHECK(s.deck.pile == 0xFFFFULL);
  CHECK(cards_conserved(s));

  // Round 2: everyone keeps slot 0 and discards three. Seat 1 gets 32-34, seat 2 35-37;
  // seat 3 needs three but only 38 and 39 are left: a refill is due.
  for (int seat : {1, 2, 3, 0}) must(s, Action::mus(seat));
  for (int seat : {1, 2, 3}) {
    must(s, Action::discard(seat, seat_mask(seat) & ~(std::uint64_t{1} << slots(s, seat)[0])));
    CHECK(s.phase == Phase::discard);
  }
  Events ev;
  must(s, Action::discard(0, mask_of({29, 30, 31})), &ev);
  CHECK(events_of(ev, EventKind::replace).size() == 2);
  CHECK(s.phase == Phase::shuffle);
  CHECK(s.to_act == -1);
  CHECK(slots(s, 1) == std::array<std::uint8_t, 4>{16, 32, 33, 34});
  CHECK(slots(s, 2) == std::array<std::uint8_t, 4>{20, 35, 36, 37});
  CHECK(slots(s, 3) == std::array<std::uint8_t, 4>{24, mus::no_card, mus::no_card, mus::no_card});
  CHECK(slots(s, 0) == std::array<std::uint8_t, 4>{28, mus::no_card, mus::no_card, mus::no_card});
  CHECK(s.deck.stock_end - s.deck.stock_pos == 2);
  // The pile: round 1's 0-15 and this round's discards, 28 cards.
  const std::uint64_t pile = 0xFFFFULL | mask_of({17, 18, 19, 21, 22, 23, 25, 26, 27, 29, 30, 31});
  CHECK(s.deck.pile == pile);
  CHECK(mus::cards_to_shuffle(s) == pile);  // R15: the refill shuffles the pile, nothing else
  CHECK(cards_conserved(s));
  CHECK(mus::validate_state(s) == Errc::ok);
  CHECK(mus::view_of(s, 2).pile_count == 28);
  CHECK(mus::view_of(s, 2).stock_count == 2);

  // The refill order must be exactly the pile's 28 cards.
  std::vector<std::uint8_t> order;
  for (int id = 39; id >= 0; --id)
    if ((pile >> id) & 1U) order.push_back(static_cast<std::uint8_t>(id));
  REQUIRE(order.size() == 28);
  refuse(s, Action::shuffle_order(order.data(), 27), Errc::bad_shuffle);
  {
    auto bad = order;
    bad[5] = 38;  // in the stock, not the pile
    refuse(s, Action::shuffle_order(bad.data(), 28), Errc::bad_shuffle);
    bad[5] = 16;  // in seat 1's hand
    refuse(s, Action::shuffle_order(bad.data(), 28), Errc::bad_shuffle);
    bad[5] = bad[6];  // a duplicate
    refuse(s, Action::shuffle_order(bad.data(), 28), Errc::bad_shuffle);
  }
  {
    std::array<std::uint8_t, 40> all{};
    std::iota(all.begin(), all.end(), std::uint8_t{0});
    refuse(s, Action::shuffle_order(all.data(), 40), Errc::bad_shuffle);
    Action a = Action::shuffle_order(order.data(), 28);
    a.seat = 3;
    refuse(s, a, Errc::invalid_argument);
  }
  refuse(s, Action::mus(1), Errc::wrong_phase);

  // Order 31, 30, 29, 27, ... goes under 38, 39: seat 3 gets 38, 39, 31 in slots 1-3,
  // seat 0 gets 30, 29, 27.
  must(s, Action::shuffle_order(order.data(), 28), &ev);
  const auto refills = events_of(ev, EventKind::refill);
  REQUIRE(refills.size() == 1);
  CHECK(refills[0].amount == 28);
  CHECK(slots(s, 3) == std::array<std::uint8_t, 4>{24, 38, 39, 31});
  CHECK(slots(s, 0) == std::array<std::uint8_t, 4>{28, 30, 29, 27});
  REQUIRE(s.deck.stock_end - s.deck.stock_pos == 24);
  for (std::size_t i = 0; i < 24; ++i) CHECK(s.deck.stock[s.deck.stock_pos + i] == order[4 + i]);
  CHECK(s.deck.pile == 0);
  CHECK(s.phase == Phase::mus);
  CHECK(s.to_act == 1);
  CHECK(cards_conserved(s));

  // Many more rounds of four-card discards, refilling from seeds: the cards stay conserved
  // and the state valid at every step.
  int refill_count = 0;
  std::uint64_t seed = 99;
  for (int round = 0; round < 12; ++round) {
    for (int k = 0; k < 4; ++k) {
      must(s, Action::mus(s.to_act));
      REQUIRE(cards_conserved(s));
    }
    REQUIRE(s.phase == Phase::discard);
    for (int k = 0; k < 4; ++k) {
      must(s, Action::discard(s.to_act, seat_mask(s.to_act)));
      REQUIRE(cards_conserved(s));
      REQUIRE(mus::validate_state(s) == Errc::ok);
    }
    while (s.phase == Phase::shuffle) {
      const int pile_cards = std::popcount(s.deck.pile);
      must(s, Action::shuffle_seed(seed++), &ev);
      REQUIRE(events_of(ev, EventKind::refill).size() == 1);
      CHECK(events_of(ev, EventKind::refill)[0].amount == pile_cards);
      ++refill_count;
      REQUIRE(cards_conserved(s));
      REQUIRE(mus::validate_state(s) == Errc::ok);
    }
    REQUIRE(s.phase == Phase::mus);
    for (int seat = 0; seat < 4; ++seat)
      for (const auto id : slots(s, seat)) REQUIRE(id != mus::no_card);
  }
  // Each round moves 16 cards through a 24-card stock: a refill is needed at least every
  // other round, so 12 rounds need at least 6.
  CHECK(refill_count >= 6);
}

TEST_CASE("R12 cards_to_shuffle: the whole deck for a new hand, nothing between shuffles",
          "[match][R12]") {
  State s = start(Rules{}, 0);
  CHECK(mus::cards_to_shuffle(s) == (std::uint64_t{1} << 40) - 1);
  must(s, Action::shuffle_seed(7));
  CHECK(s.phase == Phase::mus);
  CHECK(mus::cards_to_shuffle(s) == 0);
}
