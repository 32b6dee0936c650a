// Betting and counting: R24-R29 (R30 is with the rotation tests).
#include "match_test_util.hpp"

using namespace mt;

namespace {

// A match with dealer 0 (mano 1: speaking order 1, 2, 3, 0), Deal A dealt and cut: grande.
State grande_of_deal_a(const Rules& r = Rules{}) {
  State s = start(r, 0);
  deal(s, deal_a);
  cut(s);
  REQUIRE(s.phase == Phase::betting);
  REQUIRE(s.lance == Lance::grande);
  REQUIRE(s.to_act == 1);
  return s;
}

}  // namespace

TEST_CASE("R24 R25 betting order: answers, the partner's second chance, raises",
          "[match][R24][R25]") {
  State s = grande_of_deal_a();
  refuse(s, Action::accept(1), Errc::illegal_action);  // nothing to accept
  refuse(s, Action::reject(1), Errc::illegal_action);
  refuse(s, Action::pass(2), Errc::not_your_turn);
  refuse(s, Action::mus(1), Errc::wrong_phase);
  refuse(s, Action::discard(1, mask_of({card("Ke")})), Errc::wrong_phase);
  refuse(s, Action::perete(1), Errc::wrong_phase);

  SECTION("pass, bet, the first answerer rejects, the partner accepts") {
    must(s, Action::pass(1));
    CHECK(s.to_act == 2);
    Events ev;
    must(s, Action::bet(2, 2), &ev);
    const auto bets = events_of(ev, EventKind::bet);
    REQUIRE(bets.size() == 1);
    CHECK(bets[0].amount == 2);
    CHECK(bets[0].value == 2);
    // The first opponent after seat 2 in playing order answers: seat 3.
    CHECK(s.to_act == 3);
    CHECK(s.bet.open == 1);
    refuse(s, Action::pass(3), Errc::illegal_action);  // no passing while a bet is open
    refuse(s, Action::accept(1), Errc::not_your_turn);
    refuse(s, Action::accept(2), Errc::not_your_turn);
    must(s, Action::reject(3));
    // The rejection passes the turn to the partner, who passed before.
    CHECK(s.to_act == 1);
    CHECK(s.scores.points == std::array<std::int16_t, 2>{0, 0});
    refuse(s, Action::pass(1), Errc::illegal_action);
    must(s, Action::accept(1));
    CHECK(s.lances[0].status == LanceStatus::accepted);
    CHECK(s.lances[0].stake == 2);
    CHECK(s.lance == Lance::chica);
    CHECK(s.to_act == 1);
    pass_all(s);
    // Grande accepted for 2: seat 0 wins by cards (Deal A) -> team 0 scores 2.
    CHECK(s.last.lances[0].winner_seat == 0);
    CHECK(s.last.lances[0].points == 2);
  }
  SECTION("the partner overturns the first no quiero with a raise") {
    must(s, Action::pass(1));
    must(s, Action::bet(2, 2));
    must(s, Action::reject(3));
    must(s, Action::bet(1, 2));  // raise of 2: 4 proposed
    CHECK(s.bet.proposed == 4);
    // Seat 1's raise is answered by the first opponent after seat 1: seat 2.
    CHECK(s.to_act == 2);
    must(s, Action::accept(2));
    CHECK(s.lances[0].status == LanceStatus::accepted);
    CHECK(s.lances[0].stake == 4);
  }
  SECTION("the partner overturns the first no quiero with an órdago") {
    must(s, Action::pass(1));
    must(s, Action::bet(2, 2));
    must(s, Action::reject(3));
    must(s, Action::ordago(1));
    CHECK(s.to_act == 2);
    must(s, Action::reject(2));
    CHECK(s.to_act == 0);  // seat 2's partner may still accept
    must(s, Action::accept(0));
    // Showdown in grande: seat 0's K K Q 7 wins, team 0 wins the game (R27).
    CHECK(s.last.end == HandEnd::ordago);
    CHECK(s.last.game_winner == 0);
  }
  SECTION("both answerers reject: refused, a deje of 1 for the first bet") {
    must(s, Action::pass(1));
    must(s, Action::bet(2, 2));
    must(s, Action::reject(3));
    Events ev;
    must(s, Action::reject(1), &ev);
    const auto dejes = events_of(ev, EventKind::deje);
    REQUIRE(dejes.size() == 1);
    CHECK(dejes[0].team == 0);
    CHECK(dejes[0].amount == 1);
    CHECK(s.scores.points == std::array<std::int16_t, 2>{1, 0});
    CHECK(s.lances[0].status == LanceStatus::refused);
    CHECK(s.lances[0].stake == 1);
    CHECK(s.lance == Lance::chica);
    CHECK(s.to_act == 1);
  }
  SECTION("the first answerer accepts: the partner is not asked") {
    must(s, Action::bet(1, 2));
    CHECK(s.to_act == 2);
    must(s, Action::accept(2));
    CHECK(s.lances[0].status == LanceStatus::accepted);
    CHECK(s.lance == Lance::chica);
  }
  SECTION("the postre's bet is answered by the mano, then the mano's partner") {
    for (int seat : {1, 2, 3}) must(s, Action::pass(seat));
    must(s, Action::bet(0, 2));
    CHECK(s.to_act == 1);
    must(s, Action::reject(1));
    CHECK(s.to_act == 3);
    must(s, Action::reject(3));
    CHECK(s.scores.points == std::array<std::int16_t, 2>{1, 0});
  }
  SECTION("raise and counter-raise go back and forth") {
    must(s, Action::bet(1, 2));
    CHECK(s.to_act == 2);
    must(s, Action::bet(2, 2));
    CHECK(s.bet.proposed == 4);
    CHECK(s.to_act == 3);  // first opponent after seat 2
    must(s, Action::bet(3, 3));
    CHECK(s.bet.proposed == 7);
    CHECK(s.to_act == 0);  // first opponent after seat 3
    must(s, Action::accept(0));
    CHECK(s.lances[0].stake == 7);
  }
  SECTION("all four pass: en paso") {
    Events ev;
    for (int seat : {1, 2, 3}) {
      CHECK(s.to_act == seat);
      must(s, Action::pass(seat));
    }
    must(s, Action::pass(0), &ev);
    CHECK(events_of(ev, EventKind::en_paso).size() == 1);
    CHECK(s.lances[0].status == LanceStatus::en_paso);
    CHECK(s.lance == Lance::chica);
  }
}

TEST_CASE("R25 only eligible players answer: one rejection refuses when the partner is out",
          "[match][R25][R23]") {
  State s = start(Rules{}, 0);
  // Mano 1. Pares: only seat 0 (medias Q) and seat 1 (medias A) have them.
  deal(s, table("Qo Qc Qe 5o", "Ao Ac Ae Ko", "4o 5c 6o 7o", "Jo Kc 6c 4c"));
  cut(s);
  pass_lance(s);
  pass_lance(s);
  REQUIRE(s.lance == Lance::pares);
  CHECK(s.to_act == 1);
  must(s, Action::bet(1, 2));
  CHECK(s.to_act == 0);  // seat 2 has no pares
  refuse(s, Action::accept(2), Errc::not_your_turn);
  Events ev;
  must(s, Action::reject(0), &ev);
  // Seat 2 cannot take over: refused at once, a deje of 1 for team 1.
  const auto dejes = events_of(ev, EventKind::deje);
  REQUIRE(dejes.size() == 1);
  CHECK(dejes[0].team == 1);
  CHECK(dejes[0].amount == 1);
  CHECK(s.last.number == 1);  // juego (one team) and the count followed: the hand is over
  // The count: grande seat 3 (K J 6 4 beats K A A A): team 1, 1; chica seat 1 (A A A K): 1;
  // pares refused (below); juego one team, seat 0's 35: team 0, 2.
  CHECK(s.last.score_after == std::array<std::int16_t, 2>{2, 5});
  CHECK(s.last.lances[2].status == LanceStatus::refused);
  // At the count the refused pares go to the betting team with its own tantos: seat 1's
  // medias, 2 (R28), though seat 0's medias of caballos are better.
  CHECK(s.last.lances[2].winner_team == 1);
  CHECK(s.last.lances[2].tantos == 2);
  CHECK(s.last.lances[2].points == 2);
}

TEST_CASE("R25 raise minimums: opening 2, raise 2 (or 1)", "[match][R24][R25]") {
  SECTION("min_raise 2") {
    State s = grande_of_deal_a();
    CHECK(mus::min_bet(s) == 2);
    refuse(s, Action::bet(1, 1), Errc::bet_too_small);
    refuse(s, Action::bet(1, 0), Errc::bet_too_small);
    refuse(s, Action::bet(1, -5), Errc::bet_too_small);
    must(s, Action::bet(1, 2));
    CHECK(mus::min_bet(s) == 2);
    refuse(s, Action::bet(2, 1), Errc::bet_too_small);
    {
      // The raises listed are the bet ladder's rungs from the minimum, 2, upwards.
      const auto la = mus::legal_actions(s);
      std::vector<int> listed;
      for (std::size_t i = 0; i < la.size; ++i)
        if (la.items[i].kind == mus::ActionKind::bet) listed.push_back(la.items[i].amount);
      REQUIRE(!listed.empty());
      CHECK(listed.front() == 2);
      CHECK(listed.size() == mus::bet_ladder.size() - 1);  // every rung but 1
      CHECK(std::is_sorted(listed.begin(), listed.end()));
    }
    must(s, Action::bet(2, 2));
    CHECK(s.bet.proposed == 4);
    must(s, Action::ordago(3));
    CHECK(s.to_act == 0);
    // An órdago can only be accepted or rejected.
    CHECK(mus::min_bet(s) == 0);
    CHECK(mus::max_bet(s) == 0);
    refuse(s, Action::bet(0, 2), Errc::illegal_action);
    refuse(s, Action::ordago(0), Errc::illegal_action);
    refuse(s, Action::pass(0), Errc::illegal_action);
    const auto la = mus::legal_actions(s);
    for (std::size_t i = 0; i < la.size; ++i) {
      const auto k = la.items[i].kind;
      CHECK((k == mus::ActionKind::accept || k == mus::ActionKind::reject ||
             k == mus::ActionKind::signal));
    }
    must(s, Action::accept(0));
    CHECK(s.last.end == HandEnd::ordago);
    CHECK(s.last.game_winner == 0);  // grande: seat 0
  }
  SECTION("min_raise 1") {
    Rules r;
    r.min_raise = 1;
    State s = grande_of_deal_a(r);
    refuse(s, Action::bet(1, 1), Errc::bet_too_small);  // an opening bet is still at least 2
    CHECK(mus::min_bet(s) == 2);
    must(s, Action::bet(1, 2));
    CHECK(mus::min_bet(s) == 1);
    refuse(s, Action::bet(2, 0), Errc::bet_too_small);
    must(s, Action::bet(2, 1));
    CHECK(s.bet.proposed == 3);
    CHECK(s.to_act == 3);
    must(s, Action::bet(3, 1));
    CHECK(s.bet.proposed == 4);
    must(s, Action::accept(0));
    CHECK(s.lances[0].stake == 4);
  }
}

TEST_CASE("R24 R25 any larger amount: the total proposed may reach max_stake, not more",
          "[match][R24][R25]") {
  // R24: "at least 2 points; any larger amount". The library's only limit is mus::max_stake
  // (999), a representation bound above every target (docs/rules.md).
  REQUIRE(mus::max_stake == 999);
  SECTION("above the target is fine") {
    State s = grande_of_deal_a();
    CHECK(mus::max_bet(s) == 999);
    refuse(s, Action::bet(1, 1000), Errc::illegal_action);
    must(s, Action::bet(1, 41));  // more than the 40-point game: legal
    CHECK(s.bet.proposed == 41);
    CHECK(mus::max_bet(s) == 958);
    refuse(s, Action::bet(2, 959), Errc::illegal_action);
    must(s, Action::bet(2, 958));
    CHECK(s.bet.proposed == 999);
    // Nothing is left to raise: only accept, reject or órdago.
    CHECK(mus::min_bet(s) == 0);
    CHECK(mus::max_bet(s) == 0);
    refuse(s, Action::bet(3, 2), Errc::illegal_action);
    must(s, Action::ordago(3));
  }
  SECTION("a small target does not limit bets") {
    Rules r;
    r.target = 4;
    State s = grande_of_deal_a(r);
    CHECK(mus::max_bet(s) == 999);
    must(s, Action::bet(1, 2));
    must(s, Action::bet(2, 2));
    CHECK(mus::min_bet(s) == 2);
    must(s, Action::bet(3, 10));
    CHECK(s.bet.proposed == 14);
  }
}

TEST_CASE("R26 deje: refused raise pays the previous stake", "[match][R26]") {
  // rules.md: "A bets 2, B raises to 5, A raises to 20, B refuses -> A scores 5".
  // A is team 1 (seat 1, the mano, and seat 3); B is team 0.
  State s = grande_of_deal_a();
  must(s, Action::bet(1, 2));
  CHECK(s.bet.proposed == 2);
  CHECK(s.bet.stake_before == 1);  // a refusal now would pay 1
  CHECK(s.to_act == 2);
  must(s, Action::bet(2, 3));  // raise of 3: to 5
  CHECK(s.bet.proposed == 5);
  CHECK(s.bet.stake_before == 2);
  CHECK(s.to_act == 3);
  must(s, Action::bet(3, 15));  // raise of 15: to 20
  CHECK(s.bet.proposed == 20);
  CHECK(s.bet.stake_before == 5);
  CHECK(s.to_act == 0);
  CHECK(mus::view_of(s, 2).stake_before == 5);
  must(s, Action::reject(0));
  CHECK(s.to_act == 2);
  Events ev;
  must(s, Action::reject(2), &ev);
  const auto dejes = events_of(ev, EventKind::deje);
  REQUIRE(dejes.size() == 1);
  CHECK(dejes[0].team == 1);
  CHECK(dejes[0].amount == 5);
  CHECK(dejes[0].lance == static_cast<int>(Lance::grande));
  CHECK(s.scores.points == std::array<std::int16_t, 2>{0, 5});  // at once
  CHECK(s.lances[0].status == LanceStatus::refused);
  CHECK(s.lances[0].stake == 5);
  CHECK(s.lances[0].bet_team == 1);
  CHECK(s.lances[0].winner_team == 1);
  CHECK(s.lance == Lance::chica);
  CHECK(s.to_act == 1);
  pass_all(s);
  // The count: grande refused 0; chica seat 3 (team 1) 1; pares seat 0 (team 0) 2;
  // juego seat 1 (team 1, the mano in the 37-37 tie) 2. Team 1: 5 + 1 + 2 = 8.
  CHECK(s.last.lances[0].points == 0);
  CHECK(s.last.lances[0].winner_team == 1);
  CHECK(s.last.lances[0].counted == 1);
  CHECK(s.last.score_after == std::array<std::int16_t, 2>{2, 8});
}

TEST_CASE("R26 R27 a refused órdago is an ordinary refused bet", "[match][R26][R27]") {
  State s = grande_of_deal_a();
  SECTION("as the first bet: 1") {
    must(s, Action::ordago(1));
    CHECK(s.to_act == 2);
    must(s, Action::reject(2));
    CHECK(s.to_act == 0);
    must(s, Action::reject(0));
    CHECK(s.scores.points == std::array<std::int16_t, 2>{0, 1});
    CHECK(s.lances[0].status == LanceStatus::refused);
    CHECK(s.lances[0].stake == 1);
    CHECK(s.phase == Phase::betting);
    CHECK(s.lance == Lance::chica);
  }
  SECTION("over a bet of 5: the 5") {
    must(s, Action::bet(1, 5));
    must(s, Action::ordago(2));
    CHECK(s.to_act == 3);  // first opponent after seat 2
    must(s, Action::reject(3));
    CHECK(s.to_act == 1);
    must(s, Action::reject(1));
    CHECK(s.scores.points == std::array<std::int16_t, 2>{5, 0});
    CHECK(s.lances[0].stake == 5);
    CHECK(s.lances[0].bet_team == 0);
  }
}

TEST_CASE("R27 órdago accepted: the lance's cards decide the game at once", "[match][R27]") {
  // The caller is always seat 1 (the mano, team 1); the answer comes from the first
  // eligible opponent after it. Deal A: grande seat 0, chica seat 3, pares seat 0,
  // juego seat 1 (37-37 tie, mano). Deal P: punto seat 0 (30).
  struct Case {
    const char* name;
    bool punto_deal;
    int lance_index;
    Lance lance;
    int answerer;
    int winner_seat;
  };
  const std::array<Case, 5> cases{{
      {"grande", false, 0, Lance::grande, 2, 0},
      {"chica", false, 1, Lance::chica, 2, 3},
      {"pares", false, 2, Lance::pares, 2, 0},
      {"juego", false, 3, Lance::juego, 0, 1},  // seat 2 has no juego
      {"punto", true, 3, Lance::punto, 2, 0},
  }};
  for (const auto& c : cases) {
    INFO("lance " << c.name);
    State s = start(Rules{}, 0);
    deal(s, c.punto_deal ? deal_p : deal_a);
    cut(s);
    while (s.lance_index < c.lance_index) pass_lance(s);
    REQUIRE(s.phase == Phase::betting);
    REQUIRE(s.lance == c.lance);
    REQUIRE(s.to_act == 1);
    must(s, Action::ordago(1));
    CHECK(s.to_act == c.answerer);
    Events ev;
    must(s, Action::accept(c.answerer), &ev);
    const int team = mus::team_of(c.winner_seat);
    const auto shows = events_of(ev, EventKind::showdown);
    REQUIRE(shows.size() == 1);
    CHECK(shows[0].seat == c.winner_seat);
    CHECK(shows[0].team == team);
    CHECK(events_of(ev, EventKind::count).empty());  // the rest is not counted
    CHECK(events_of(ev, EventKind::game).size() == 1);
    CHECK(s.last.end == HandEnd::ordago);
    CHECK(s.last.game_winner == team);
    const auto& l = s.last.lances[static_cast<std::size_t>(c.lance_index)];
    CHECK(l.status == LanceStatus::ordago);
    CHECK(l.winner_seat == c.winner_seat);
    CHECK(l.winner_team == team);
    for (int i = 0; i < 4; ++i) {
      CHECK(s.last.lances[static_cast<std::size_t>(i)].counted == 0);
      CHECK(s.last.lances[static_cast<std::size_t>(i)].points == 0);
      if (i > c.lance_index)
        CHECK(s.last.lances[static_cast<std::size_t>(i)].status == LanceStatus::pending);
    }
    CHECK(s.last.score_after == std::array<std::int16_t, 2>{0, 0});
    CHECK(s.scores.points == std::array<std::int16_t, 2>{0, 0});
    CHECK(s.scores.games[static_cast<std::size_t>(team)] == 1);
    CHECK(s.scores.games[static_cast<std::size_t>(1 - team)] == 0);
    CHECK(s.phase == Phase::shuffle);
    CHECK(s.dealer == 1);
    CHECK(s.mano == 2);
  }
}

TEST_CASE("R28 count table: accepted, refused and punto rows", "[match][R28][R26]") {
  State s = start(Rules{}, 0);

  // Hand 1, Deal A, mano 1 (order 1, 2, 3, 0).
  deal(s, deal_a);
  cut(s);
  must(s, Action::bet(1, 3));  // grande
  must(s, Action::accept(2));
  must(s, Action::bet(1, 4));  // chica
  must(s, Action::accept(2));
  REQUIRE(s.lance == Lance::pares);
  must(s, Action::bet(1, 2));  // pares: team 1 bets, team 0 refuses
  must(s, Action::reject(2));
  CHECK(s.to_act == 0);
  must(s, Action::reject(0));
  CHECK(s.scores.points == std::array<std::int16_t, 2>{0, 1});  // deje 1 at once
  REQUIRE(s.lance == Lance::juego);
  CHECK(s.to_act == 1);
  must(s, Action::bet(1, 2));  // juego
  CHECK(s.to_act == 0);
  must(s, Action::accept(0));
  {
    // grande accepted 3: seat 0 -> team 0 scores S = 3.
    // chica accepted 4: seat 3 -> team 1 scores S = 4.
    // pares refused: team 1 (the bettor) scores its own tantos: seat 1 pareja 1 + seat 3
    //   pareja 1 = 2, though seat 0 had the better pares; the deje was already scored.
    // juego accepted 2: seat 1 wins the 37-37 tie as mano -> S + tantos = 2 + 2 = 4.
    const auto& l = s.last.lances;
    CHECK(l[0].status == LanceStatus::accepted);
    CHECK(l[0].bet_team == 1);  // team of the last bet
    CHECK(l[0].winner_team == 0);
    CHECK(l[0].stake == 3);
    CHECK(l[0].winner_seat == 0);
    CHECK(l[0].points == 3);
    CHECK(l[1].status == LanceStatus::accepted);
    CHECK(l[1].stake == 4);
    CHECK(l[1].winner_seat == 3);
    CHECK(l[1].points == 4);
    CHECK(l[2].status == LanceStatus::refused);
    CHECK(l[2].stake == 1);
    CHECK(l[2].bet_team == 1);
    CHECK(l[2].winner_team == 1);
    CHECK(l[2].winner_seat == -1);
    CHECK(l[2].tantos == 2);
    CHECK(l[2].points == 2);
    CHECK(l[3].status == LanceStatus::accepted);
    CHECK(l[3].stake == 2);
    CHECK(l[3].winner_seat == 1);
    CHECK(l[3].tantos == 2);
    CHECK(l[3].points == 4);
    CHECK(s.last.score_after == std::array<std::int16_t, 2>{3, 11});
  }

  // Hand 2, Deal A, mano 2 (order 2, 3, 0, 1).
  deal(s, deal_a);
  cut(s);
  CHECK(s.to_act == 2);
  must(s, Action::bet(2, 2));  // grande: team 0 bets, team 1 refuses: deje 1
  CHECK(s.to_act == 3);
  must(s, Action::reject(3));
  CHECK(s.to_act == 1);
  must(s, Action::reject(1));
  CHECK(s.scores.points == std::array<std::int16_t, 2>{4, 11});
  REQUIRE(s.lance == Lance::chica);
  must(s, Action::pass(2));  // chica: team 1 bets, team 0 refuses: deje 1
  must(s, Action::bet(3, 2));
  CHECK(s.to_act == 0);  // first opponent after seat 3
  must(s, Action::reject(0));
  CHECK(s.to_act == 2);
  must(s, Action::reject(2));
  CHECK(s.scores.points == std::array<std::int16_t, 2>{4, 12});
  REQUIRE(s.lance == Lance::pares);
  must(s, Action::bet(2, 2));  // pares accepted
  must(s, Action::accept(3));
  REQUIRE(s.lance == Lance::juego);
  CHECK(s.to_act == 0);  // the first with juego in order 2, 3, 0, 1
  must(s, Action::pass(0));
  must(s, Action::bet(1, 2));
  CHECK(s.to_act == 0);  // seat 2 has no juego
  Events ev;
  must(s, Action::reject(0), &ev);  // refused at once (seat 2 cannot answer); then the count
  const auto dejes = events_of(ev, EventKind::deje);
  REQUIRE(dejes.size() == 1);
  CHECK(dejes[0].team == 1);
  CHECK(dejes[0].amount == 1);
  {
    // grande and chica refused: 0 at the count (the dejes of 1 were scored during the
    // betting). pares accepted 2: seat 0 -> 2 + tantos 2 = 4.
    // juego refused: team 1 collects its own tantos, seat 1's 37: 2 (seat 0 would have won
    // the tie as the nearer to mano 2, but a refused lance belongs to the bettor).
    const auto& l = s.last.lances;
    CHECK(l[0].status == LanceStatus::refused);
    CHECK(l[0].winner_team == 0);
    CHECK(l[0].points == 0);
    CHECK(l[1].status == LanceStatus::refused);
    CHECK(l[1].winner_team == 1);
    CHECK(l[1].bet_team == 1);
    CHECK(l[1].stake == 1);
    CHECK(l[1].points == 0);
    CHECK(l[2].status == LanceStatus::accepted);
    CHECK(l[2].winner_seat == 0);
    CHECK(l[2].points == 4);
    CHECK(l[3].status == LanceStatus::refused);
    CHECK(l[3].winner_team == 1);
    CHECK(l[3].tantos == 2);
    CHECK(l[3].points == 2);
    CHECK(s.last.score_before == std::array<std::int16_t, 2>{3, 11});
    CHECK(s.last.score_after == std::array<std::int16_t, 2>{8, 15});
  }

  // Hand 3, Deal P, mano 3 (order 3, 0, 1, 2): punto accepted for 2.
  deal(s, deal_p);
  cut(s);
  pass_lance(s);
  pass_lance(s);
  REQUIRE(s.lance == Lance::punto);
  CHECK(s.to_act == 3);
  must(s, Action::bet(3, 2));
  CHECK(s.to_act == 0);
  must(s, Action::accept(0));
  {
    // grande en paso seat 0: 1; chica en paso seat 3: 1; pares skipped;
    // punto accepted: seat 0's 30 -> S + 1 = 3.
    const auto& l = s.last.lances;
    CHECK(l[3].lance == Lance::punto);
    CHECK(l[3].status == LanceStatus::accepted);
    CHECK(l[3].winner_seat == 0);
    CHECK(l[3].tantos == 0);
    CHECK(l[3].points == 3);
    CHECK(s.last.score_after == std::array<std::int16_t, 2>{12, 16});
  }

  // Hand 4, Deal P, mano 0 (order 0, 1, 2, 3): punto refused.
  deal(s, deal_p);
  cut(s);
  pass_lance(s);
  pass_lance(s);
  REQUIRE(s.lance == Lance::punto);
  must(s, Action::pass(0));
  must(s, Action::bet(1, 2));
  CHECK(s.to_act == 2);
  must(s, Action::reject(2));
  CHECK(s.to_act == 0);
  must(s, Action::reject(0));
  {
    // Deje 1 for team 1; grande seat 0: 1; chica seat 3: 1; punto refused: 1 for team 1.
    const auto& l = s.last.lances;
    CHECK(l[3].status == LanceStatus::refused);
    CHECK(l[3].winner_team == 1);
    CHECK(l[3].stake == 1);
    CHECK(l[3].points == 1);
    CHECK(s.last.score_after == std::array<std::int16_t, 2>{13, 19});
  }
}

TEST_CASE("R29 the count stops the moment a team reaches the target", "[match][R29]") {
  Rules r;
  r.target = 5;
  State s = grande_of_deal_a(r);
  must(s, Action::bet(1, 2));  // grande accepted 2: team 0 (seat 0)
  must(s, Action::accept(2));
  pass_lance(s);               // chica en paso: team 1 (seat 3) 1
  must(s, Action::bet(1, 2));  // pares accepted 2: team 0 (seat 0) 2 + 2 tantos
  must(s, Action::accept(2));
  REQUIRE(s.lance == Lance::juego);
  must(s, Action::bet(1, 3));  // juego accepted 3: team 1 (seat 1) would score 3 + 2
  Events ev;
  must(s, Action::accept(0), &ev);
  // Count: team 0 2, team 1 1, team 0 4 -> 6 >= 5: the game is won at pares. Juego would
  // have taken team 1 from 1 to 6, past team 0's 6 - it is never counted.
  CHECK(events_of(ev, EventKind::count).size() == 3);
  const auto& l = s.last.lances;
  CHECK(l[2].counted == 1);
  CHECK(l[2].points == 4);
  CHECK(l[3].status == LanceStatus::accepted);
  CHECK(l[3].counted == 0);
  CHECK(l[3].points == 0);
  CHECK(s.last.end == HandEnd::count);
  CHECK(s.last.game_winner == 0);
  CHECK(s.last.score_after == std::array<std::int16_t, 2>{6, 1});
  CHECK(s.scores.points == std::array<std::int16_t, 2>{0, 0});
  CHECK(s.scores.games[0] == 1);
  CHECK(s.scores.games[1] == 0);
  CHECK(s.phase == Phase::shuffle);
}

TEST_CASE("R29 a deje reaching the target ends the game at once", "[match][R29][R26]") {
  Rules r;
  r.target = 4;
  State s = grande_of_deal_a(r);
  must(s, Action::bet(1, 2));
  must(s, Action::bet(2, 2));  // 4 proposed
  must(s, Action::ordago(3));  // a refusal pays the 4 that stood
  must(s, Action::reject(0));
  Events ev;
  must(s, Action::reject(2), &ev);
  CHECK(events_of(ev, EventKind::deje).size() == 1);
  CHECK(events_of(ev, EventKind::game).size() == 1);
  CHECK(s.last.end == HandEnd::deje);
  CHECK(s.last.game_winner == 1);
  CHECK(s.last.score_after == std::array<std::int16_t, 2>{0, 4});
  CHECK(s.last.lances[0].status == LanceStatus::refused);
  CHECK(s.last.lances[0].stake == 4);
  CHECK(s.last.lances[1].status == LanceStatus::pending);
  CHECK(s.scores.points == std::array<std::int16_t, 2>{0, 0});
  CHECK(s.scores.games[1] == 1);
  CHECK(s.phase == Phase::shuffle);
  CHECK(s.dealer == 1);
  CHECK(s.mano == 2);
}

TEST_CASE("R29 online preset: a deje is checked at the end of the hand", "[match][R29][R27]") {
  Rules r = mus::online_rules();
  r.target = 4;
  // The scenario answers by R25 (first answerer); team proposals (R25a) are tested on their own.
  r.answers = mus::Answers::first;
  State s = grande_of_deal_a(r);
  // Team 1 reaches the target with a deje of 4 in grande (as in the previous test).
  must(s, Action::bet(1, 2));
  must(s, Action::bet(2, 2));
  must(s, Action::ordago(3));
  must(s, Action::reject(0));
  must(s, Action::reject(2));
  CHECK(s.scores.points == std::array<std::int16_t, 2>{0, 4});
  CHECK(s.phase == Phase::betting);  // the game goes on
  CHECK(s.lance == Lance::chica);
  CHECK(mus::validate_state(s) == Errc::ok);

  SECTION("a later accepted órdago still wins the game") {
    pass_lance(s);  // chica
    REQUIRE(s.lance == Lance::pares);
    must(s, Action::pass(1));
    must(s, Action::ordago(2));
    CHECK(s.to_act == 3);
    must(s, Action::accept(3));
    // Pares showdown: seat 0's kings -> team 0 wins the game, and with one game per vaca
    // and one vaca, the match.
    CHECK(s.last.end == HandEnd::ordago);
    CHECK(s.last.game_winner == 0);
    CHECK(s.phase == Phase::match_over);
    CHECK(s.scores.match_winner == 0);
  }
  SECTION("without one, the deje team wins at the end of the hand") {
    pass_all(s);
    CHECK(s.last.end == HandEnd::deje);
    CHECK(s.last.game_winner == 1);
    CHECK(s.phase == Phase::match_over);
    CHECK(s.scores.match_winner == 1);
  }
  SECTION("when both teams reach it by dejes, the first one wins") {
    REQUIRE(s.to_act == 1);
    must(s, Action::pass(1));
    must(s, Action::bet(2, 2));
    must(s, Action::bet(3, 2));
    must(s, Action::ordago(0));
    CHECK(s.to_act == 1);
    must(s, Action::reject(1));
    must(s, Action::reject(3));
    CHECK(s.scores.points == std::array<std::int16_t, 2>{4, 4});
    CHECK(s.phase == Phase::betting);
    pass_all(s);
    CHECK(s.last.end == HandEnd::deje);
    CHECK(s.last.game_winner == 1);
    CHECK(s.scores.match_winner == 1);
  }
}
