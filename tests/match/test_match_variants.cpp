// Mus corrido, tío Perete, signals, errors and seat views: R31, R32, R33.
#include "match_test_util.hpp"

using namespace mt;
using mus::Signal;

TEST_CASE("R31 mus corrido: the first to cut becomes mano", "[match][R31]") {
  Rules r;
  r.mus_corrido = mus::MusCorrido::match;
  State s = start(r, 0);  // dealer 0, mano 1
  deal(s, deal_a);
  // Seat 0 holds a pareja of kings: a true signal, but no signals in a mus corrido hand.
  refuse(s, Action::signal(0, Signal::pareja), Errc::illegal_action);
  for (std::size_t i = 0; i < mus::legal_actions(s).size; ++i)
    CHECK(mus::legal_actions(s).items[i].kind != mus::ActionKind::signal);

  SECTION("seat 3 cuts after two mus: seat 3 is mano, seat 2 the dealer") {
    CHECK(s.to_act == 1);  // the question starts after the dealer
    must(s, Action::mus(1));
    refuse(s, Action::signal(0, Signal::pareja), Errc::illegal_action);
    must(s, Action::mus(2));
    Events ev;
    must(s, Action::cut(3), &ev);
    const auto cuts = events_of(ev, EventKind::cut);
    REQUIRE(cuts.size() == 1);
    CHECK(cuts[0].seat == 3);
    CHECK(cuts[0].value == 3);
    CHECK(s.mano == 3);
    CHECK(s.dealer == 2);
    // The hands stay with their seats.
    for (std::size_t i = 0; i < 16; ++i) CHECK(s.deck.hands[i] == deal_a[i]);
    // The lances start with the new mano.
    CHECK(s.phase == Phase::betting);
    CHECK(s.to_act == 3);
    refuse(s, Action::signal(0, Signal::pareja), Errc::illegal_action);
    pass_all(s);
    // The count with mano 3 (order 3, 0, 1, 2): the 37-37 juego tie goes to seat 0.
    CHECK(s.last.mano == 3);
    CHECK(s.last.dealer == 2);
    CHECK(s.last.lances[3].winner_seat == 0);
    // R10: the mano (seat 3) deals the next hand.
    CHECK(s.dealer == 3);
    CHECK(s.mano == 0);
    // The next hand is an ordinary one: a cut by seat 1 leaves seat 0 mano; signals are back.
    deal(s, deal_a);
    must(s, Action::signal(0, Signal::pareja));
    must(s, Action::mus(0));
    must(s, Action::cut(1));
    CHECK(s.mano == 0);
    CHECK(s.dealer == 3);
    CHECK(s.to_act == 0);
  }
  SECTION("the mano cuts: nothing changes") {
    must(s, Action::cut(1));
    CHECK(s.mano == 1);
    CHECK(s.dealer == 0);
    CHECK(s.to_act == 1);
  }
  SECTION("all four say mus: ordinary discard with the original mano, still no signals") {
    for (int seat : {1, 2, 3, 0}) must(s, Action::mus(seat));
    CHECK(s.phase == Phase::discard);
    CHECK(s.mano == 1);
    CHECK(s.to_act == 1);
    refuse(s, Action::signal(2, Signal::pareja), Errc::illegal_action);  // Ao Ac 5o Kb
    must(s, Action::discard(1, mask_of({card("7c")})));
    must(s, Action::discard(2, mask_of({card("5o")})));
    must(s, Action::discard(3, mask_of({card("5c")})));
    must(s, Action::discard(0, mask_of({card("7o")})));
    REQUIRE(s.phase == Phase::mus);
    CHECK(s.to_act == 1);
    must(s, Action::mus(1));
    must(s, Action::cut(2));  // after the discard a cut no longer moves the mano
    CHECK(s.mano == 1);
    CHECK(s.dealer == 0);
    CHECK(s.to_act == 1);
    CHECK(s.deck.hands[0] == card("Ko"));  // seat 0 kept Ko Kc Qo
    refuse(s, Action::signal(0, Signal::two_kings), Errc::illegal_action);
  }
}

TEST_CASE("R31 mus corrido on the first hand of every game (basque preset)", "[match][R31]") {
  SECTION("each game's first hand") {
    Rules r = mus::basque_rules();
    r.target = 1;  // every hand ends a game at the count (grande en paso, 1 point)
    State s = start(r, 0);
    deal(s, deal_a);
    must(s, Action::mus(1));
    must(s, Action::cut(2));
    CHECK(s.mano == 2);
    CHECK(s.dealer == 1);
    pass_all(s);
    REQUIRE(s.last.game_winner == 0);  // seat 0's grande (4 kings: no 3s in Deal A)
    CHECK(s.dealer == 2);
    CHECK(s.mano == 3);
    // A new game: mus corrido again.
    deal(s, deal_a);
    refuse(s, Action::signal(0, Signal::pareja), Errc::illegal_action);
    must(s, Action::mus(3));
    must(s, Action::mus(0));
    must(s, Action::cut(1));
    CHECK(s.mano == 1);
    CHECK(s.dealer == 0);
    CHECK(s.to_act == 1);
  }
  SECTION("not on the second hand of a game") {
    State s = start(mus::basque_rules(), 0);
    deal(s, deal_a);
    must(s, Action::mus(1));
    must(s, Action::cut(2));
    pass_all(s);
    REQUIRE(s.last.game_winner == -1);
    CHECK(s.mano == 3);
    deal(s, deal_a);
    must(s, Action::signal(0, Signal::pareja));
    must(s, Action::mus(3));
    must(s, Action::cut(0));
    CHECK(s.mano == 3);
    CHECK(s.dealer == 2);
  }
  SECTION("the match option: only the match's first hand") {
    Rules r;
    r.mus_corrido = mus::MusCorrido::match;
    r.target = 1;
    State s = start(r, 0);
    deal(s, deal_a);
    must(s, Action::mus(1));
    must(s, Action::cut(2));
    CHECK(s.mano == 2);
    pass_all(s);
    REQUIRE(s.last.game_winner == 0);
    deal(s, deal_a);  // the first hand of game 2, but not of the match
    CHECK(s.mano == 3);
    must(s, Action::mus(3));
    must(s, Action::cut(0));
    CHECK(s.mano == 3);
  }
}

namespace {
// Seat 0 4c 5o 6b 7e and seat 2 4o 5c 6e 7b hold tío Perete (printed 4-5-6-7, any suits);
// seat 1 Ko Kc Qo Jo and seat 3 Ke Kb Qc Jc do not.
const auto perete_deal = table("4c 5o 6b 7e", "Ko Kc Qo Jo", "4o 5c 6e 7b", "Ke Kb Qc Jc");
}  // namespace

// The tío Perete round: every seat is asked in speaking order from the one to act; the seats
// in `declare` declare, the others pass.
static void perete_round(State& s, std::initializer_list<int> declare) {
  while (s.phase == Phase::perete) {
    const int seat = s.to_act;
    bool d = false;
    for (const int x : declare) d = d || x == seat;
    must(s, d ? Action::perete(seat) : Action::pass(seat));
  }
}

TEST_CASE("R32 tío Perete: every seat is asked, holders may declare and score 1 at once",
          "[match][R32]") {
  Rules r;
  r.tio_perete = true;
  State s = start(r, 0);  // mano 1: order 1, 2, 3, 0
  deal(s, perete_deal);
  cut(s);
  REQUIRE(s.phase == Phase::perete);
  // Every seat is asked, from the mano, so being asked tells the table nothing about a hand.
  CHECK(s.to_act == 1);
  refuse(s, Action::perete(1), Errc::illegal_action);  // seat 1 does not hold 4-5-6-7
  refuse(s, Action::perete(0), Errc::not_your_turn);
  refuse(s, Action::bet(1, 2), Errc::wrong_phase);
  refuse(s, Action::mus(1), Errc::wrong_phase);
  refuse(s, Action::cut(1), Errc::wrong_phase);
  refuse(s, Action::shuffle_seed(1), Errc::wrong_phase);
  {
    const auto la = mus::legal_actions(s);
    REQUIRE(la.size >= 1);
    CHECK(la.items[0].kind == mus::ActionKind::pass);  // no perete for a non-holder
    for (std::size_t i = 0; i < la.size; ++i) CHECK(la.items[i].kind != mus::ActionKind::perete);
  }
  must(s, Action::signal(1, Signal::two_kings));  // signals are allowed in this phase
  must(s, Action::pass(1));
  CHECK(s.to_act == 2);
  {
    // A holder: pass first and tío Perete last, in action-id order (signals between).
    const auto la = mus::legal_actions(s);
    REQUIRE(la.size >= 2);
    CHECK(la.items[0].kind == mus::ActionKind::pass);
    CHECK(la.items[la.size - 1].kind == mus::ActionKind::perete);
  }

  SECTION("seat 2 declares, seat 0 passes") {
    Events ev;
    must(s, Action::perete(2), &ev);
    const auto p = events_of(ev, EventKind::perete);
    REQUIRE(p.size() == 1);
    CHECK(p[0].seat == 2);
    CHECK(p[0].team == 0);
    CHECK(p[0].amount == 1);
    CHECK(s.scores.points == std::array<std::int16_t, 2>{1, 0});
    CHECK(s.decl.perete_mask == 0b0100);
    CHECK(s.to_act == 3);
    must(s, Action::pass(3));
    CHECK(s.to_act == 0);
    must(s, Action::pass(0));
    CHECK(s.phase == Phase::betting);
    CHECK(s.lance == Lance::grande);
    CHECK(s.to_act == 1);
    pass_all(s);
    // Grande: K K Q J at seats 1 and 3, seat 1 nearer the mano: team 1, 1.
    // Chica: 4 5 6 7 at seats 2 and 0, seat 2 nearer: team 0, 1.
    // Pares: only team 1 (two parejas of kings): 2. Juego: only team 1 (40 and 40): 4.
    CHECK(s.last.score_after == std::array<std::int16_t, 2>{2, 7});
  }
  SECTION("seat 2 passes, seat 0 declares") {
    must(s, Action::pass(2));
    must(s, Action::pass(3));
    CHECK(s.scores.points == std::array<std::int16_t, 2>{0, 0});
    must(s, Action::perete(0));
    CHECK(s.scores.points == std::array<std::int16_t, 2>{1, 0});
    CHECK(s.phase == Phase::betting);
  }
  SECTION("both declare: 2 points") {
    perete_round(s, {2, 0});
    CHECK(s.scores.points == std::array<std::int16_t, 2>{2, 0});
    CHECK(s.decl.perete_mask == 0b0101);
    CHECK(s.phase == Phase::betting);
  }
}

TEST_CASE("R32 HandSummary.score_before is the score when the hand was dealt", "[match][R32]") {
  // match.hpp documents HandSummary::score_before as "Scores when the hand was dealt", so a
  // tío Perete point (scored after the deal, before the lances) shows between the two.
  Rules r;
  r.tio_perete = true;
  State s = start(r, 0);
  deal(s, perete_deal);
  cut(s);
  perete_round(s, {2});
  CHECK(s.scores.points == std::array<std::int16_t, 2>{1, 0});
  pass_all(s);
  CHECK(s.last.score_before == std::array<std::int16_t, 2>{0, 0});
  CHECK(s.last.score_after == std::array<std::int16_t, 2>{2, 7});
}

TEST_CASE("R32 R29 a tío Perete point counts like a deje for the game", "[match][R32][R29]") {
  Rules r;
  r.tio_perete = true;
  r.target = 1;
  SECTION("dejes end the game at once") {
    State s = start(r, 0);
    deal(s, perete_deal);
    cut(s);
    must(s, Action::pass(1));
    must(s, Action::perete(2));
    CHECK(s.last.end == HandEnd::deje);
    CHECK(s.last.game_winner == 0);
    CHECK(s.scores.games[0] == 1);
    CHECK(s.phase == Phase::shuffle);
  }
  SECTION("dejes checked at the end of the hand") {
    r.deje_ends = false;
    State s = start(r, 0);
    deal(s, perete_deal);
    cut(s);
    must(s, Action::pass(1));
    must(s, Action::perete(2));
    CHECK(s.phase == Phase::perete);
    CHECK(s.scores.points[0] == 1);
    perete_round(s, {});
    pass_all(s);  // team 1 would win grande (1 point) at the count; the perete came first
    CHECK(s.last.end == HandEnd::deje);
    CHECK(s.last.game_winner == 0);
  }
}

TEST_CASE("R32 with the variant every seat is asked, holder or not, and without it no phase",
          "[match][R32]") {
  SECTION("variant on, nobody holds it: asked all the same") {
    Rules r;
    r.tio_perete = true;
    State s = start(r, 0);
    deal(s, deal_a);
    cut(s);
    CHECK(s.phase == Phase::perete);
    refuse(s, Action::perete(1), Errc::illegal_action);
    perete_round(s, {});
    CHECK(s.phase == Phase::betting);
    CHECK(s.decl.perete_asked == 0xF);
    CHECK(s.decl.perete_mask == 0);
  }
  SECTION("variant off") {
    State s = start(Rules{}, 0);
    deal(s, perete_deal);
    cut(s);
    CHECK(s.phase == Phase::betting);
    CHECK(s.lance == Lance::grande);
    refuse(s, Action::perete(1), Errc::wrong_phase);
  }
}

namespace {
// Seat 0 Ko Kc 3o Ao: with 8 kings three kings and an ace (solomillo), medias, 31.
// Seat 1 Qo Qc 2o Ac: with 8 kings two aces, duples Q / A, 22.
// Seat 2 Jo 7o 5c 4e: no pares, 26: ciego.
// Seat 3 Ke Qe 6e 4b: no pares, 30: punto_30 and ciego.
const auto signal_deal = table("Ko Kc 3o Ao", "Qo Qc 2o Ac", "Jo 7o 5c 4e", "Ke Qe 6e 4b");
}  // namespace

TEST_CASE("R33 signals: true ones accepted from any seat, false ones refused", "[match][R33]") {
  State s = start(Rules{}, 0);
  deal(s, signal_deal);
  REQUIRE(s.to_act == 1);
  Events ev;
  must(s, Action::signal(0, Signal::three_kings), &ev);  // seat 0 is not to act
  const auto sig = events_of(ev, EventKind::signal);
  REQUIRE(sig.size() == 1);
  CHECK(sig[0].seat == 0);
  CHECK(sig[0].value == static_cast<int>(Signal::three_kings));
  CHECK(s.to_act == 1);
  CHECK(s.phase == Phase::mus);
  CHECK(s.signals[0] == (1U << static_cast<int>(Signal::three_kings)));
  CHECK(mus::view_of(s, 3).signals[0] == s.signals[0]);  // public
  // The same signal twice in a hand.
  refuse(s, Action::signal(0, Signal::three_kings), Errc::illegal_action);
  // False signals for seat 0.
  for (const auto f :
       {Signal::two_kings, Signal::two_aces, Signal::three_aces, Signal::pareja, Signal::duples,
        Signal::punto_30, Signal::punto_29, Signal::punto_28, Signal::ciego, Signal::real_31})
    refuse(s, Action::signal(0, f), Errc::false_signal);
  // True ones.
  for (const auto t : {Signal::solomillo, Signal::medias, Signal::juego_31})
    must(s, Action::signal(0, t));
  must(s, Action::signal(1, Signal::two_aces));  // 2o counts as an ace (R4)
  must(s, Action::signal(1, Signal::duples));
  refuse(s, Action::signal(1, Signal::pareja), Errc::false_signal);
  must(s, Action::signal(2, Signal::ciego));
  must(s, Action::signal(3, Signal::punto_30));
  must(s, Action::signal(3, Signal::ciego));
  refuse(s, Action::signal(3, Signal::punto_29), Errc::false_signal);
  // Out of the full set (R33a): need_mus is true but belongs to the online set only.
  refuse(s, Action::signal(0, Signal::need_mus), Errc::signal_not_in_set);
  // Out of the catalogue, or from no seat.
  refuse(s, Action::make(mus::ActionKind::signal, 0, 15), Errc::invalid_argument);
  refuse(s, Action::make(mus::ActionKind::signal, 0, -1), Errc::invalid_argument);
  refuse(s, Action::make(mus::ActionKind::signal, 4, 0), Errc::invalid_argument);
  // legal_actions offers the seat to act a true signal not yet made.
  {
    const auto la = mus::legal_actions(s);
    bool found = false;
    for (std::size_t i = 0; i < la.size; ++i)
      if (la.items[i].kind == mus::ActionKind::signal) {
        found = true;
        CHECK(la.items[i].seat == 1);
        const auto k = la.items[i].amount;
        CHECK(k != static_cast<int>(Signal::two_aces));  // already made
        CHECK(k != static_cast<int>(Signal::duples));
      }
    CHECK_FALSE(found);  // seat 1's only true signals (two_aces, duples) are made
  }
}

TEST_CASE("R33 signals in every playing phase, never with a hand missing cards", "[match][R33]") {
  State s = start(Rules{}, 0);  // mano 1
  // Stock top Kb Jb 7b 6b: the replacements after one discard each, in order 1, 2, 3, 0.
  deal(s, signal_deal, {card("Kb"), card("Jb"), card("7b"), card("6b")});
  for (int seat : {1, 2, 3, 0}) must(s, Action::mus(seat));
  REQUIRE(s.phase == Phase::discard);
  must(s, Action::signal(2, Signal::ciego));  // discard phase, seat 2 not to act
  must(s, Action::discard(1, mask_of({card("2o")})));
  // Seat 1 now has an empty slot: no signal, even one its hand had.
  refuse(s, Action::signal(1, Signal::duples), Errc::illegal_action);
  refuse(s, Action::signal(1, Signal::pareja), Errc::illegal_action);
  must(s, Action::signal(3, Signal::punto_30));  // seat 3 still has four cards
  must(s, Action::discard(2, mask_of({card("Jo")})));
  must(s, Action::discard(3, mask_of({card("4b")})));
  must(s, Action::discard(0, mask_of({card("Ao")})));
  REQUIRE(s.phase == Phase::mus);
  // Seat 1: Qo Qc Kb Ac, a pareja now; seat 0: Ko Kc 3o 6b, three kings but no ace.
  CHECK(slots(s, 1) == std::array<std::uint8_t, 4>{card("Qo"), card("Qc"), card("Kb"), card("Ac")});
  CHECK(slots(s, 0) == std::array<std::uint8_t, 4>{card("Ko"), card("Kc"), card("3o"), card("6b")});
  must(s, Action::signal(1, Signal::pareja));
  refuse(s, Action::signal(0, Signal::solomillo), Errc::false_signal);
  must(s, Action::cut(1));
  REQUIRE(s.phase == Phase::betting);
  must(s, Action::signal(0, Signal::three_kings));  // betting phase, seat 0 not to act
  CHECK(s.to_act == 1);
  pass_all(s);
  // Between hands: no signal.
  REQUIRE(s.phase == Phase::shuffle);
  refuse(s, Action::signal(0, Signal::three_kings), Errc::wrong_phase);
  // A new hand: the signals made are forgotten, the same one is legal again.
  deal(s, signal_deal);
  CHECK(s.signals == std::array<std::uint16_t, 4>{0, 0, 0, 0});
  must(s, Action::signal(0, Signal::three_kings));
}

TEST_CASE("R33 a signal is made once per hand held: a discard clears the seat's signals",
          "[match][R33]") {
  // The decision (docs/rules.md): signals speak of the cards held, so the same signal twice
  // is refused while the seat keeps its cards, and a discard clears them.
  State s = start(Rules{}, 0);  // mano 1
  deal(s, signal_deal, {card("Kb"), card("Jb"), card("7b"), card("6b")});
  must(s, Action::signal(2, Signal::ciego));  // Jo 7o 5c 4e: no pares, 26
  refuse(s, Action::signal(2, Signal::ciego), Errc::illegal_action);
  CHECK(mus::view_of(s, 0).signals[2] == (1U << static_cast<int>(Signal::ciego)));
  for (int seat : {1, 2, 3, 0}) must(s, Action::mus(seat));
  must(s, Action::discard(1, mask_of({card("2o")})));
  must(s, Action::discard(2, mask_of({card("Jo")})));
  CHECK(mus::view_of(s, 0).signals[2] == 0);  // cleared at the discard
  must(s, Action::discard(3, mask_of({card("4b")})));
  must(s, Action::discard(0, mask_of({card("Ao")})));
  REQUIRE(s.phase == Phase::mus);
  // Seat 2 now holds Jb 7o 5c 4e: still no pares and 26, so ciego is true of the new hand.
  REQUIRE(slots(s, 2) ==
          std::array<std::uint8_t, 4>{card("Jb"), card("7o"), card("5c"), card("4e")});
  must(s, Action::signal(2, Signal::ciego));
  refuse(s, Action::signal(2, Signal::ciego), Errc::illegal_action);
}

TEST_CASE("R33 R4 signals with 4 kings: 3s and 2s are themselves", "[match][R33][R4]") {
  Rules r;
  r.kings = 4;
  State s = start(r, 0);
  deal(s, signal_deal);
  // Seat 0 Ko Kc 3o Ao: two kings, a pareja, 10 + 10 + 3 + 1 = 24.
  refuse(s, Action::signal(0, Signal::three_kings), Errc::false_signal);
  refuse(s, Action::signal(0, Signal::solomillo), Errc::false_signal);
  refuse(s, Action::signal(0, Signal::medias), Errc::false_signal);
  refuse(s, Action::signal(0, Signal::juego_31), Errc::false_signal);
  must(s, Action::signal(0, Signal::two_kings));
  must(s, Action::signal(0, Signal::pareja));
  // Seat 1 Qo Qc 2o Ac: one ace, a pareja of caballos.
  refuse(s, Action::signal(1, Signal::two_aces), Errc::false_signal);
  refuse(s, Action::signal(1, Signal::duples), Errc::false_signal);
  must(s, Action::signal(1, Signal::pareja));
}

TEST_CASE("Errors leave the state unchanged", "[match][errors]") {
  State s = start(Rules{}, 0);
  deal(s, deal_a);
  cut(s);
  REQUIRE(s.to_act == 1);
  refuse(s, Action::pass(4), Errc::invalid_argument);
  refuse(s, Action::pass(-1), Errc::invalid_argument);
  refuse(s, Action::make(mus::ActionKind::bet, 100, 2), Errc::invalid_argument);
  refuse(s, Action::make(static_cast<mus::ActionKind>(0), 1), Errc::invalid_argument);
  refuse(s, Action::make(static_cast<mus::ActionKind>(12), 1), Errc::invalid_argument);
  refuse(s, Action::make(static_cast<mus::ActionKind>(255), 1), Errc::invalid_argument);
  refuse(s, Action::shuffle_seed(1), Errc::wrong_phase);
  refuse(s, Action::pass(2), Errc::not_your_turn);
  refuse(s, Action::bet(3, 2), Errc::not_your_turn);
  refuse(s, Action::mus(1), Errc::wrong_phase);
  refuse(s, Action::cut(1), Errc::wrong_phase);
  // The pure form reports the error and returns no state.
  const auto r = mus::apply(s, Action::accept(1));
  CHECK_FALSE(r.ok());
  CHECK(r.error().code == Errc::illegal_action);
  const auto ok = mus::apply(s, Action::pass(1));
  REQUIRE(ok.ok());
  CHECK(ok->to_act == 2);
  CHECK(s.to_act == 1);  // apply() does not touch its argument
}

TEST_CASE("validate_state refuses states the library did not produce", "[match][errors]") {
  State s = start(Rules{}, 0);
  deal(s, deal_a);
  REQUIRE(mus::validate_state(s) == Errc::ok);
  const auto broken = [&](auto&& edit) {
    State t = s;
    edit(t);
    return mus::validate_state(t);
  };
  CHECK(broken([](State& t) { t.magic = 0; }) == Errc::invalid_state);
  CHECK(broken([](State& t) { t.deck.hands[1] = t.deck.hands[0]; }) ==
        Errc::invalid_state);  // a card twice
  CHECK(broken([](State& t) { t.deck.hands[1] = 40; }) == Errc::invalid_state);
  CHECK(broken([](State& t) {
          t.deck.stock_pos = static_cast<std::uint8_t>(t.deck.stock_pos + 1);
        }) == Errc::invalid_state);  // a card lost
  CHECK(broken([](State& t) { t.deck.pile |= std::uint64_t{1} << t.deck.hands[0]; }) ==
        Errc::invalid_state);
  CHECK(broken([](State& t) { t.to_act = -1; }) == Errc::invalid_state);
  CHECK(broken([](State& t) { t.to_act = 4; }) == Errc::invalid_state);
  CHECK(broken([](State& t) { t.dealer = 2; }) == Errc::invalid_state);  // not before the mano
  CHECK(broken([](State& t) { t.scores.points[0] = -1; }) == Errc::invalid_state);
  CHECK(broken([](State& t) { t.scores.games[1] = 2; }) == Errc::invalid_state);  // a won vaca
  CHECK(broken([](State& t) { t.rules.kings = 5; }) == Errc::invalid_state);
  CHECK(broken([](State& t) { t.phase = static_cast<Phase>(9); }) == Errc::invalid_state);
}

TEST_CASE("view_of shows a seat its own cards and the public state only", "[match][R33]") {
  State s = start(Rules{}, 0);
  deal(s, deal_a);
  must(s, Action::signal(2, Signal::pareja));
  for (int seat = 0; seat < 4; ++seat) {
    INFO("seat " << seat);
    const auto v = mus::view_of(s, seat);
    CHECK(v.seat == seat);
    CHECK(v.hand == slots(s, seat));
    CHECK(v.phase == Phase::mus);
    CHECK(v.to_act == 1);
    CHECK(v.dealer == 0);
    CHECK(v.mano == 1);
    CHECK(v.stock_count == 24);
    CHECK(v.pile_count == 0);
    CHECK(v.hand_number == 1);
    CHECK(v.signals[2] == (1U << static_cast<int>(Signal::pareja)));
    // Moving the cards this seat cannot see changes nothing in its view.
    CHECK(same_view(v, mus::view_of(hide_and_shuffle(s, seat), seat)));
    // While its own cards do.
    State t = s;
    std::swap(t.deck.hands[static_cast<std::size_t>(seat) * 4], t.deck.stock[t.deck.stock_pos]);
    CHECK_FALSE(same_view(v, mus::view_of(t, seat)));
  }
  CHECK(mus::view_of(s, 4).seat == -1);
  CHECK(mus::view_of(s, -1).seat == -1);
}

// R28a: "a scoring round, where the players show their cards" (seed 000). The four hands as
// they stood become public at the count and at an accepted órdago, in every seat's view; a
// hand cut short by a deje reaching the target shows none.
namespace {
void check_shown_everywhere(const State& s, const std::array<std::uint8_t, 16>& expected) {
  CHECK(s.last.shown == expected);
  for (int seat = 0; seat < 4; ++seat) {
    INFO("seat " << seat);
    CHECK(mus::view_of(s, seat).last.shown == expected);
  }
}
}  // namespace

TEST_CASE("R28a the count shows the four hands to every seat", "[match][R28a]") {
  State s = start();
  CHECK(s.last.shown == mus::no_shown_cards);
  CHECK_FALSE(s.last.showed_cards());
  deal(s, deal_a);
  cut(s);
  // Before the showdown no view holds another seat's cards.
  for (int seat = 0; seat < 4; ++seat)
    CHECK(mus::view_of(s, seat).last.shown == mus::no_shown_cards);
  pass_all(s);
  REQUIRE(s.last.end == mus::HandEnd::count);
  CHECK(s.last.showed_cards());
  check_shown_everywhere(s, deal_a);
  // The showdown stays public through the next hand, until that hand ends.
  deal(s, deal_p);
  cut(s);
  check_shown_everywhere(s, deal_a);
  pass_all(s);
  check_shown_everywhere(s, deal_p);
}

TEST_CASE("R28a an accepted órdago shows the four hands", "[match][R28a][R27]") {
  State s = start();
  deal(s, deal_a);
  cut(s);
  must(s, Action::ordago(s.to_act));
  must(s, Action::accept(s.to_act));
  REQUIRE(s.last.end == mus::HandEnd::ordago);
  check_shown_everywhere(s, deal_a);
}

TEST_CASE("R28a a refused órdago shows nothing until the count", "[match][R28a][R26]") {
  State s = start();
  deal(s, deal_a);
  cut(s);
  must(s, Action::ordago(s.to_act));
  must(s, Action::reject(s.to_act));
  must(s, Action::reject(s.to_act));
  REQUIRE(s.phase == Phase::betting);
  for (int seat = 0; seat < 4; ++seat)
    CHECK(mus::view_of(s, seat).last.shown == mus::no_shown_cards);
  pass_all(s);
  check_shown_everywhere(s, deal_a);
}

TEST_CASE("R28a R29 a deje reaching the target ends the hand with no cards shown",
          "[match][R28a][R29]") {
  Rules r;
  r.target = 1;
  State s = start(r);
  deal(s, deal_a);
  cut(s);
  must(s, Action::bet(s.to_act, 2));
  must(s, Action::reject(s.to_act));
  must(s, Action::reject(s.to_act));
  REQUIRE(s.last.end == mus::HandEnd::deje);
  CHECK_FALSE(s.last.showed_cards());
  check_shown_everywhere(s, mus::no_shown_cards);
}

TEST_CASE("R28a R29 with dejes checked at the hand's end the hand is shown", "[match][R28a][R29]") {
  Rules r;
  r.target = 1;
  r.deje_ends = false;
  State s = start(r);
  deal(s, deal_a);
  cut(s);
  must(s, Action::bet(s.to_act, 2));
  must(s, Action::reject(s.to_act));
  must(s, Action::reject(s.to_act));
  REQUIRE(s.phase == Phase::betting);
  pass_all(s);
  REQUIRE(s.last.end == mus::HandEnd::deje);
  check_shown_everywhere(s, deal_a);
}

// R33a: "with or without signals, as agreed before starting" (seed 003); "not all of these
// signals are accepted in all variations" (seed 000). The set is a rule: signals=full (the R33
// catalogue but need_mus), online (the online game's faces) or off.
namespace {
unsigned listed_signals(const State& s) {
  unsigned m = 0;
  const auto la = mus::legal_actions(s);
  for (std::size_t i = 0; i < la.size; ++i)
    if (la.items[i].kind == mus::ActionKind::signal) m |= 1U << la.items[i].amount;
  return m;
}
constexpr unsigned bit(Signal s) { return 1U << static_cast<unsigned>(s); }
}  // namespace

TEST_CASE("R33a signals=off: no signal is legal", "[match][R33a]") {
  Rules r;
  r.signals = mus::SignalSet::off;
  State s = start(r, 0);
  deal(s, signal_deal);
  CHECK(listed_signals(s) == 0);
  for (int k = 0; k < mus::signal_count; ++k) {
    const auto sig = static_cast<Signal>(k);
    CHECK_FALSE(s.signal_allowed(0, sig));
    refuse(s, Action::signal(0, sig), Errc::signal_not_in_set);
  }
  cut(s);
  CHECK(listed_signals(s) == 0);
  refuse(s, Action::signal(3, Signal::punto_30), Errc::signal_not_in_set);
}

TEST_CASE("R33a signals=online: the online game's faces, need_mus only in the mus phase",
          "[match][R33a]") {
  State s = start(mus::online_rules(), 0);  // the online preset plays the online set
  REQUIRE(s.rules.signals == mus::SignalSet::online);
  deal(s, signal_deal);
  REQUIRE(s.to_act == 1);
  // Seat 1 (Qo Qc 2o Ac): two aces and duples are in the set; need_mus is always true.
  CHECK(listed_signals(s) == (bit(Signal::two_aces) | bit(Signal::duples) | bit(Signal::need_mus)));
  must(s, Action::signal(1, Signal::need_mus));
  refuse(s, Action::signal(1, Signal::need_mus), Errc::illegal_action);  // once
  // Seat 3 (punto 30, ciego): true, but not faces of the online game.
  refuse(s, Action::signal(3, Signal::punto_30), Errc::signal_not_in_set);
  refuse(s, Action::signal(3, Signal::ciego), Errc::signal_not_in_set);
  refuse(s, Action::signal(1, Signal::pareja), Errc::signal_not_in_set);  // false and out of set
  // Seat 0 (Ko Kc 3o Ao, 8 kings): three kings, medias, 31 and solomillo are all faces.
  for (const auto t : {Signal::three_kings, Signal::medias, Signal::juego_31, Signal::solomillo})
    must(s, Action::signal(0, t));
  refuse(s, Action::signal(0, Signal::two_kings), Errc::false_signal);  // in the set, false
  cut(s);
  // After the mus phase need_mus is no longer legal.
  CHECK_FALSE(s.signal_allowed(2, Signal::need_mus));
  refuse(s, Action::signal(2, Signal::need_mus), Errc::wrong_phase);
  CHECK((listed_signals(s) & bit(Signal::need_mus)) == 0);
  // The error names the set.
  const auto e = mus::apply(s, Action::signal(3, Signal::punto_30));
  REQUIRE_FALSE(e.ok());
  CHECK(e.error().code == Errc::signal_not_in_set);
  CHECK(e.error().describe().find("signals=online") != std::string::npos);
}

TEST_CASE("R33a signals=full: every R33 signal but need_mus", "[match][R33a]") {
  State s = start(Rules{}, 0);
  REQUIRE(s.rules.signals == mus::SignalSet::full);
  deal(s, signal_deal);
  CHECK((listed_signals(s) & bit(Signal::need_mus)) == 0);
  refuse(s, Action::signal(1, Signal::need_mus), Errc::signal_not_in_set);
  must(s, Action::signal(3, Signal::punto_30));
}

TEST_CASE("R33a the signal set in the rules text", "[match][R33a]") {
  for (const auto* text : {"standard signals=off", "standard signals=online", "online signals=full",
                           "basque signals=off"}) {
    INFO(text);
    const auto r = mus::parse_rules(text);
    REQUIRE(r.ok());
    CHECK(mus::format_rules(*r) == text);
  }
  CHECK(mus::parse_rules("online")->signals == mus::SignalSet::online);
  CHECK(mus::parse_rules("standard")->signals == mus::SignalSet::full);
  const auto bad = mus::parse_rules("standard signals=some");
  REQUIRE_FALSE(bad.ok());
  CHECK(bad.error().describe().find("signals must be full, online or off") != std::string::npos);
}
