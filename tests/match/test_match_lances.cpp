// Lance winners at the count and the declarations: R9, R16-R23.
#include "match_test_util.hpp"

using namespace mt;

namespace {

// Plays a stacked hand with everybody passing every lance; the hand ends at the count.
void play_en_paso(State& s, const std::array<std::uint8_t, 16>& h) {
  deal(s, h);
  cut(s);
  pass_all(s);
  REQUIRE(s.last.end == HandEnd::count);
}

void check_lance(const mus::LanceRecord& r, Lance lance, LanceStatus status, int winner_seat,
                 int winner_team, int tantos, int points) {
  CHECK(r.lance == lance);
  CHECK(r.status == status);
  CHECK(r.winner_seat == winner_seat);
  CHECK(r.winner_team == winner_team);
  CHECK(r.tantos == tantos);
  CHECK(r.points == points);
  CHECK(r.counted == 1);
  if (status == LanceStatus::en_paso) CHECK(r.bet_team == -1);
}

}  // namespace

TEST_CASE("R16 R17 R19 R9 grande, chica and juego winners at the count, all en paso",
          "[match][R16][R17][R19][R9][R28]") {
  State s = start(Rules{}, 0);
  // Hand 1: mano 1, speaking order 1, 2, 3, 0. Deal A: grande seat 0 (K K Q 7 beats
  // K Q Q 7 although seat 1 is mano), chica seat 3 (A A 5 Q beats A A 5 K although seat 2
  // speaks first), pares seat 0 (2 tantos: seat 0 and seat 2 pareja each), juego: 37 against
  // 37, seat 1 is nearer the mano (R9): 2 tantos (seat 3 has no juego).
  play_en_paso(s, deal_a);
  const auto& l = s.last.lances;
  check_lance(l[0], Lance::grande, LanceStatus::en_paso, 0, 0, 0, 1);
  check_lance(l[1], Lance::chica, LanceStatus::en_paso, 3, 1, 0, 1);
  check_lance(l[2], Lance::pares, LanceStatus::en_paso, 0, 0, 2, 2);
  check_lance(l[3], Lance::juego, LanceStatus::en_paso, 1, 1, 2, 2);
  CHECK(s.last.score_before == std::array<std::int16_t, 2>{0, 0});
  CHECK(s.last.score_after == std::array<std::int16_t, 2>{3, 3});
  CHECK(s.last.game_winner == -1);
  CHECK(s.scores.points == std::array<std::int16_t, 2>{3, 3});

  // Hand 2: the same cards with mano 2 (order 2, 3, 0, 1): the juego tie now goes to seat 0.
  // Team 0: grande 1 + pares 2 + juego 2 = 5 -> 8; team 1: chica 1 -> 4.
  play_en_paso(s, deal_a);
  check_lance(l[0], Lance::grande, LanceStatus::en_paso, 0, 0, 0, 1);
  check_lance(l[1], Lance::chica, LanceStatus::en_paso, 3, 1, 0, 1);
  check_lance(l[2], Lance::pares, LanceStatus::en_paso, 0, 0, 2, 2);
  check_lance(l[3], Lance::juego, LanceStatus::en_paso, 0, 0, 2, 2);
  CHECK(s.last.score_before == std::array<std::int16_t, 2>{3, 3});
  CHECK(s.last.score_after == std::array<std::int16_t, 2>{8, 4});
}

TEST_CASE("R18 pares: kind first, then the ranks, other cards never count", "[match][R18][R9]") {
  State s = start(Rules{}, 0);
  SECTION("medias of caballos beat medias of aces; tantos are the winner team's") {
    // Mano 1. Seat 0 Qo Qc Qe 5o medias Q; seat 1 Ao Ac Ae Ko medias A; seats 2 (4o 5c 6o 7o)
    // and 3 (Jo Kc 6c 4c) have none. Seat 0 wins though seat 1 is mano: medias 2 tantos.
    play_en_paso(s, table("Qo Qc Qe 5o", "Ao Ac Ae Ko", "4o 5c 6o 7o", "Jo Kc 6c 4c"));
    check_lance(s.last.lances[2], Lance::pares, LanceStatus::en_paso, 0, 0, 2, 2);
  }
  SECTION("four kings beat duples of kings and caballos (3s are kings, R4)") {
    // Mano 1 here too. Seat 0: 3o 3c Qo Qc, with 8 kings duples K K / Q Q. Seat 1: the four
    // kings, duples K K / K K. Seat 1 wins by cards and is mano; to show the cards decide,
    // seat 1 holds the four kings at the postre seat in the second hand below.
    play_en_paso(s, table("3o 3c Qo Qc", "Ko Kc Ke Kb", "Ao 4o 5c 6e", "7o Jc 5e 4b"));
    check_lance(s.last.lances[2], Lance::pares, LanceStatus::en_paso, 1, 1, 3, 3);
    // Mano 2 (order 2, 3, 0, 1): seat 0 with K K Q Q is nearer the mano than seat 1.
    play_en_paso(s, table("3o 3c Qo Qc", "Ko Kc Ke Kb", "Ao 4o 5c 6e", "7o Jc 5e 4b"));
    check_lance(s.last.lances[2], Lance::pares, LanceStatus::en_paso, 1, 1, 3, 3);
  }
  SECTION("equal parejas: the mano wins whatever the other cards") {
    // Three hands to reach mano 3 (order 3, 0, 1, 2); the first two are deal A, en paso.
    play_en_paso(s, deal_a);
    play_en_paso(s, deal_a);
    REQUIRE(s.mano == 3);
    // Seat 0 Ko Kc Qo 7o and seat 3 Ke Kb Ao 4o both have a pareja of kings; seat 0's other
    // cards are higher, but they never count: seat 3, the mano, wins; 1 tanto.
    play_en_paso(s, table("Ko Kc Qo 7o", "Jc 6c 5e Ab", "Je 7c 4e Ae", "Ke Kb Ao 4o"));
    check_lance(s.last.lances[2], Lance::pares, LanceStatus::en_paso, 3, 1, 1, 1);
  }
  SECTION("duples beat medias beat pareja; both partners' tantos count") {
    // Mano 1. Seat 1 Ko Kc Ao 5o pareja K; seat 2 4o 4c 4e Ac medias 4; seat 3 Jo Jc 5c 5e
    // duples J / 5; seat 0 Qo 7o 6c Ab none. Seat 3 wins; team 1's tantos: duples 3 +
    // seat 1's pareja 1 = 4.
    play_en_paso(s, table("Qo 7o 6c Ab", "Ko Kc Ao 5o", "4o 4c 4e Ac", "Jo Jc 5c 5e"));
    check_lance(s.last.lances[2], Lance::pares, LanceStatus::en_paso, 3, 1, 4, 4);
  }
  SECTION("with 4 kings a 3 is a 3: 3 3 Q Q is duples of 3s and caballos") {
    Rules r;
    r.kings = 4;
    s = start(r, 0);
    // Mano 1. Seat 0: 3o 3c Qo Qc duples Q / 3; seat 1: Ko Kc Qe 4o pareja K; seat 2 and
    // seat 3 none. Duples beat pareja: seat 0, 3 tantos. (With 8 kings the 3s would be kings.)
    play_en_paso(s, table("3o 3c Qo Qc", "Ko Kc Qe 4o", "Ao 5o 6e 7b", "Jb 5c 6c Ae"));
    check_lance(s.last.lances[2], Lance::pares, LanceStatus::en_paso, 0, 0, 3, 3);
  }
}

TEST_CASE("R19 juego order 31 32 40 37 ... 33: 31 brings 3 tantos, other juego 2", "[match][R19]") {
  State s = start(Rules{}, 0);
  // Hand 1, mano 1. Seat 0 Ko Qo Jo Ao = 31; seat 1 Kc Qc 6c 6o = 32; seat 2 Ke Qe Je Kb = 40;
  // seat 3 7c 5c 4c 4e = 20. 31 beats 32 and 40: seat 0; team 0's tantos 3 (31) + 2 (40) = 5.
  play_en_paso(s, table("Ko Qo Jo Ao", "Kc Qc 6c 6o", "Ke Qe Je Kb", "7c 5c 4c 4e"));
  check_lance(s.last.lances[3], Lance::juego, LanceStatus::en_paso, 0, 0, 5, 5);
  // Hand 2, mano 2 (order 2, 3, 0, 1). Seat 1 32, seat 2 40 (nearer the mano), seat 3 37,
  // seat 0 16. 32 beats 40: seat 1; team 1's tantos 2 + 2 = 4.
  play_en_paso(s, table("Ao 4o 5o 6o", "Kc Qc 6c 6e", "Ke Qe Je Kb", "Ko Qo Jo 7o"));
  check_lance(s.last.lances[3], Lance::juego, LanceStatus::en_paso, 1, 1, 4, 4);
  // Hand 3, mano 3 (order 3, 0, 1, 2). Seat 3 37 (the mano), seat 2 40; no other juego.
  // 40 beats 37: seat 2; team 0's tantos 2.
  play_en_paso(s, table("Ao 4o 5o 6o", "Ac 4c 5c 6c", "Ke Qe Je Kb", "Ko Qo Jo 7o"));
  check_lance(s.last.lances[3], Lance::juego, LanceStatus::en_paso, 2, 0, 2, 2);
  // Hand 4, mano 0. Seat 0 Ko Qo 7o 6o = 33 (the mano), seat 1 Kc Qc Jc 6c = 36,
  // seat 2 Ke Qe 7e 6e = 33, seat 3 Ao Ac 4b 5b = 11. 36 beats 33: seat 1, team 1's tantos 2.
  play_en_paso(s, table("Ko Qo 7o 6o", "Kc Qc Jc 6c", "Ke Qe 7e 6e", "Ao Ac 4b 5b"));
  check_lance(s.last.lances[3], Lance::juego, LanceStatus::en_paso, 1, 1, 2, 2);
}

TEST_CASE("R20 punto: nobody has juego, the higher total wins, ties to the mano",
          "[match][R20][R9][R23]") {
  State s = start(Rules{}, 0);
  // Deal P, mano 1: totals 30 (seat 0), 29, 27, 25. Punto en paso: seat 0, 1 point.
  deal(s, deal_p);
  cut(s);
  pass_lance(s);  // grande
  pass_lance(s);  // chica; pares is skipped (nobody has pares)
  REQUIRE(s.phase == Phase::betting);
  CHECK(s.lance == Lance::punto);
  CHECK(s.lance_index == 3);
  CHECK(s.decl.juego_mask == 0);
  // Everybody plays punto, in speaking order 1, 2, 3, 0.
  for (int seat : {1, 2, 3}) {
    CHECK(s.to_act == seat);
    must(s, Action::pass(seat));
  }
  CHECK(s.to_act == 0);
  must(s, Action::pass(0));
  check_lance(s.last.lances[3], Lance::punto, LanceStatus::en_paso, 0, 0, 0, 1);
  CHECK(s.last.lances[2].status == LanceStatus::skipped);
  CHECK(s.last.lances[2].points == 0);
  // Team 0: grande 1 + punto 1; team 1: chica 1 (seat 3's A 4 J K).
  CHECK(s.last.score_after == std::array<std::int16_t, 2>{2, 1});

  // Mano 2 (order 2, 3, 0, 1): seat 3 Kb Jb 6b 4b = 30 and seat 0 Ko Qo 6o 4o = 30 tie;
  // seat 3 is nearer the mano and wins punto for team 1.
  play_en_paso(s, table("Ko Qo 6o 4o", "Kc Qc 5c 4c", "Ke Qe 6e Ae", "Kb Jb 6b 4b"));
  check_lance(s.last.lances[3], Lance::punto, LanceStatus::en_paso, 3, 1, 0, 1);
}

TEST_CASE("R21 31 real: each option in a juego count", "[match][R21]") {
  // Mano 1. Seat 1 (the mano) holds an ordinary 31, Kc Qc Qe Ac. Seat 0 (the postre) holds a
  // candidate 31 made of three 7s and a figure. Without a 31 real the tie goes to the mano;
  // a 31 real at seat 0 beats it. Seats 2 (Ao 4o 5o 6o) and 3 (4c 5c 6c Ab) have no juego.
  // Which candidates are real under which option, from R21:
  //   R = Jo 7c 7e 7b: sota + three 7s, the sota de oros with the 7s of the other suits
  //   S = Jc 7o 7c 7e: sota + three 7s, but the 7 de copas shares the sota's suit
  //   T = Ko 7c 7e 7b: a king, not a sota
  //   V = Jb 7o 7c 7e: sota de bastos + the 7s of the other suits, not the sota de oros
  //   W = 3o 7c 7e 7b: with 8 kings the 3 is a king worth 10 (R4, R6)
  struct Case {
    const char* hand;
    mus::Royal31 option;
    bool real;
  };
  using mus::Royal31;
  const std::array<Case, 30> cases{{
      {"Jo 7c 7e 7b", Royal31::off, false},
      {"Jo 7c 7e 7b", Royal31::jack777, true},
      {"Jo 7c 7e 7b", Royal31::figure777, true},
      {"Jo 7c 7e 7b", Royal31::jack777_other_suits, true},
      {"Jo 7c 7e 7b", Royal31::jack_of_coins777, true},
      {"Jo 7c 7e 7b", Royal31::jack_of_coins_any777, true},
      {"Jc 7o 7c 7e", Royal31::off, false},
      {"Jc 7o 7c 7e", Royal31::jack777, true},
      {"Jc 7o 7c 7e", Royal31::figure777, true},
      {"Jc 7o 7c 7e", Royal31::jack777_other_suits, false},
      {"Jc 7o 7c 7e", Royal31::jack_of_coins777, false},
      {"Jc 7o 7c 7e", Royal31::jack_of_coins_any777, false},
      {"Ko 7c 7e 7b", Royal31::off, false},
      {"Ko 7c 7e 7b", Royal31::jack777, false},
      {"Ko 7c 7e 7b", Royal31::figure777, true},
      {"Ko 7c 7e 7b", Royal31::jack777_other_suits, false},
      {"Ko 7c 7e 7b", Royal31::jack_of_coins777, false},
      {"Ko 7c 7e 7b", Royal31::jack_of_coins_any777, false},
      {"Jb 7o 7c 7e", Royal31::off, false},
      {"Jb 7o 7c 7e", Royal31::jack777, true},
      {"Jb 7o 7c 7e", Royal31::figure777, true},
      {"Jb 7o 7c 7e", Royal31::jack777_other_suits, true},
      {"Jb 7o 7c 7e", Royal31::jack_of_coins777, false},
      {"Jb 7o 7c 7e", Royal31::jack_of_coins_any777, false},
      {"3o 7c 7e 7b", Royal31::off, false},
      {"3o 7c 7e 7b", Royal31::jack777, false},
      {"3o 7c 7e 7b", Royal31::figure777, true},
      {"3o 7c 7e 7b", Royal31::jack777_other_suits, false},
      {"3o 7c 7e 7b", Royal31::jack_of_coins777, false},
      {"3o 7c 7e 7b", Royal31::jack_of_coins_any777, false},
  }};
  for (const auto& c : cases) {
    INFO("seat 0 " << c.hand << " under option " << mus::royal31_name(c.option));
    Rules r;
    r.royal31 = c.option;
    State s = start(r, 0);
    play_en_paso(s, table(c.hand, "Kc Qc Qe Ac", "Ao 4o 5o 6o", "4c 5c 6c Ab"));
    // Both 31s bring 3 tantos; the partners have no juego.
    const int seat = c.real ? 0 : 1;
    check_lance(s.last.lances[3], Lance::juego, LanceStatus::en_paso, seat, seat, 3, 3);
  }
  {  // With 4 kings the 3 is worth 3: 3 7 7 7 is 24, no juego at all.
    Rules r;
    r.kings = 4;
    r.royal31 = Royal31::figure777;
    State s = start(r, 0);
    play_en_paso(s, table("3o 7c 7e 7b", "Kc Qc Qe Ac", "Ao 4o 5o 6o", "4c 5c 6c Ab"));
    // Only seat 1 has juego: one team, 3 tantos for team 1.
    const auto& j = s.last.lances[3];
    CHECK(j.lance == Lance::juego);
    CHECK(j.status == LanceStatus::one_team);
    CHECK(j.winner_team == 1);
    CHECK(j.points == 3);
  }
}

TEST_CASE("R21 R27 31 real decides an órdago showdown in juego", "[match][R21][R27]") {
  // Seat 0 Jo 7c 7e 7b against the mano's ordinary 31; seat 1 calls órdago in juego, seat 0
  // (the first opponent after seat 1 with juego; seat 2 has none) accepts.
  for (const auto option : {mus::Royal31::off, mus::Royal31::jack777}) {
    INFO("option " << mus::royal31_name(option));
    Rules r;
    r.royal31 = option;
    State s = start(r, 0);
    deal(s, table("Jo 7c 7e 7b", "Kc Qc Qe Ac", "Ao 4o 5o 6o", "4c 5c 6c Ab"));
    cut(s);
    pass_lance(s);
    pass_lance(s);
    pass_lance(s);  // pares: seat 1 (pareja Q) and seat 0 (medias 7)
    REQUIRE(s.lance == Lance::juego);
    REQUIRE(s.to_act == 1);
    must(s, Action::ordago(1));
    CHECK(s.to_act == 0);
    must(s, Action::accept(0));
    const int winner = option == mus::Royal31::off ? 1 : 0;  // the tie goes to the mano
    CHECK(s.last.end == HandEnd::ordago);
    CHECK(s.last.game_winner == winner);
    CHECK(s.last.lances[3].status == LanceStatus::ordago);
    CHECK(s.last.lances[3].winner_seat == winner);
    CHECK(s.scores.games[static_cast<std::size_t>(winner)] == 1);
  }
}

TEST_CASE("R22 declarations of pares and juego are automatic public events", "[match][R22][R23]") {
  State s = start(Rules{}, 0);
  // Mano 1. Seat 0 Qo Qc Qe 5o (medias, 35 juego); seat 1 Ao Ac Ae Ko (medias, 13);
  // seat 2 4o 5c 6o 7o (none, 22); seat 3 Jo Kc 6c 4c (none, 30).
  deal(s, table("Qo Qc Qe 5o", "Ao Ac Ae Ko", "4o 5c 6o 7o", "Jo Kc 6c 4c"));
  cut(s);
  pass_lance(s);  // grande
  CHECK(s.decl.declared == 0);
  // The last pass of chica starts pares: declarations in speaking order 1, 2, 3, 0.
  for (int seat : {1, 2, 3}) must(s, Action::pass(seat));
  Events ev;
  must(s, Action::pass(0), &ev);
  const auto dp = events_of(ev, EventKind::declare_pares);
  REQUIRE(dp.size() == 4);
  const std::array<int, 4> order{1, 2, 3, 0};
  const std::array<int, 4> has_pares{1, 0, 0, 1};
  for (std::size_t i = 0; i < 4; ++i) {
    CHECK(dp[i].seat == order[i]);
    CHECK(dp[i].value == has_pares[i]);
  }
  CHECK(events_of(ev, EventKind::declare_juego).empty());
  CHECK(s.decl.pares_mask == 0b0011);
  CHECK((s.decl.declared & 1) == 1);
  // Public: every seat's view shows the declarations.
  for (int seat = 0; seat < 4; ++seat) CHECK(mus::view_of(s, seat).pares_mask == 0b0011);
  // Only seats 1 and 0 speak in pares.
  CHECK(s.lance == Lance::pares);
  CHECK(s.to_act == 1);
  must(s, Action::pass(1));
  CHECK(s.to_act == 0);
  must(s, Action::pass(0), &ev);
  // Juego declarations: only seat 0 (35). One team: no betting, the hand goes to the count.
  const auto dj = events_of(ev, EventKind::declare_juego);
  REQUIRE(dj.size() == 4);
  const std::array<int, 4> has_juego{0, 0, 0, 1};
  for (std::size_t i = 0; i < 4; ++i) {
    CHECK(dj[i].seat == order[i]);
    CHECK(dj[i].value == has_juego[i]);
  }
  const auto starts = events_of(ev, EventKind::lance_start);
  REQUIRE(starts.size() == 1);
  CHECK(starts[0].lance == static_cast<int>(Lance::juego));
  CHECK(starts[0].value == static_cast<int>(LanceStatus::one_team));
  CHECK(starts[0].team == 0);
  CHECK(s.phase == Phase::shuffle);
  CHECK(s.last.end == HandEnd::count);
}

TEST_CASE("R23 pares and juego held by only one team: no betting, that team collects",
          "[match][R23][R28]") {
  State s = start(Rules{}, 0);
  // Mano 1. Seat 0 Ko Kc 5o 4o pareja K (29); seat 2 Qo Qc Qe 4c medias Q (34, juego);
  // seats 1 (Ao 5c 6c 7e) and 3 (Ac 4e 6e Jb) have no pares and no juego.
  deal(s, table("Ko Kc 5o 4o", "Ao 5c 6c 7e", "Qo Qc Qe 4c", "Ac 4e 6e Jb"));
  cut(s);
  pass_lance(s);  // grande: all four speak
  for (int seat : {1, 2, 3}) must(s, Action::pass(seat));
  Events ev;
  must(s, Action::pass(0), &ev);  // the end of chica: pares and juego are one-team lances
  const auto starts = events_of(ev, EventKind::lance_start);
  REQUIRE(starts.size() == 2);
  CHECK(starts[0].lance == static_cast<int>(Lance::pares));
  CHECK(starts[0].value == static_cast<int>(LanceStatus::one_team));
  CHECK(starts[0].team == 0);
  CHECK(starts[1].lance == static_cast<int>(Lance::juego));
  CHECK(starts[1].value == static_cast<int>(LanceStatus::one_team));
  CHECK(starts[1].team == 0);
  CHECK(s.phase == Phase::shuffle);  // straight to the count: nobody bets
  // Grande seat 0 (K K 5 4 beats Q Q Q 4): 1. Chica seat 3 (A 4 6 J beats A 5 6 7): 1.
  // Pares: team 0's own tantos 1 (pareja) + 2 (medias) = 3. Juego: seat 2's 34, 2 tantos.
  const auto& l = s.last.lances;
  CHECK(l[2].status == LanceStatus::one_team);
  CHECK(l[2].winner_team == 0);
  CHECK(l[2].tantos == 3);
  CHECK(l[2].points == 3);
  CHECK(l[3].lance == Lance::juego);
  CHECK(l[3].status == LanceStatus::one_team);
  CHECK(l[3].winner_team == 0);
  CHECK(l[3].winner_seat == 2);
  CHECK(l[3].tantos == 2);
  CHECK(l[3].points == 2);
  CHECK(s.last.score_after == std::array<std::int16_t, 2>{6, 1});
}

TEST_CASE("R23 nobody with pares: the lance is skipped", "[match][R23]") {
  State s = start(Rules{}, 0);
  deal(s, deal_p);  // nobody has pares (Deal P)
  cut(s);
  pass_lance(s);
  Events ev;
  for (int seat : {1, 2, 3}) must(s, Action::pass(seat));
  must(s, Action::pass(0), &ev);
  const auto starts = events_of(ev, EventKind::lance_start);
  REQUIRE(starts.size() == 2);
  CHECK(starts[0].lance == static_cast<int>(Lance::pares));
  CHECK(starts[0].value == static_cast<int>(LanceStatus::skipped));
  CHECK(starts[1].lance == static_cast<int>(Lance::punto));
  CHECK(starts[1].value == static_cast<int>(LanceStatus::pending));
  CHECK(s.decl.pares_mask == 0);
  CHECK(s.lances[2].status == LanceStatus::skipped);
  CHECK(s.lance == Lance::punto);
  pass_all(s);
  CHECK(s.last.lances[2].status == LanceStatus::skipped);
  CHECK(s.last.lances[2].winner_team == -1);
  CHECK(s.last.lances[2].points == 0);
}
