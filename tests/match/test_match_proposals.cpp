// Team proposals (R25a, answers=proposal): the first answerer proposes, the partner decides
// within the rule's limits. Deal A (dealer 0, mano 1: speaking order 1, 2, 3, 0) at grande,
// where all four play, and at juego, where only seats 0 and 1 do.
#include <bit>

#include "match_test_util.hpp"
#include "mus/serialize.hpp"

using namespace mt;
using mus::ActionKind;
using mus::action_ids::accept;
using mus::action_ids::bet;
using mus::action_ids::ordago;
using mus::action_ids::reject;

namespace {

Rules proposal_rules() {
  Rules r;
  r.answers = mus::Answers::proposal;
  return r;
}

// Grande of Deal A under answers=proposal, seat 1 (mano) has bet 2: seat 2 answers first,
// seat 0 is its partner.
State grande_bet_2() {
  State s = start(proposal_rules(), 0);
  deal(s, deal_a);
  cut(s);
  REQUIRE(s.to_act == 1);
  Events ev;
  must(s, Action::bet(1, 2), &ev);
  REQUIRE(s.to_act == 2);
  REQUIRE(s.bet.answer_second == 0);
  return s;
}

// The legal ids of the betting block (pass .. reject), signals left out.
std::uint64_t betting_ids(const State& s) {
  const std::uint64_t block =
      ((std::uint64_t{1} << (reject + 1)) - 1) & ~((std::uint64_t{1} << mus::action_ids::pass) - 1);
  return mus::legal_action_mask(s) & block;
}

constexpr std::uint64_t id(int i) { return std::uint64_t{1} << i; }

// The bet ids of the ladder amounts from lo to 40.
std::uint64_t bets_from(int lo) {
  std::uint64_t m = 0;
  for (int i = 0; i < mus::action_ids::bet_count; ++i)
    if (mus::bet_ladder[static_cast<std::size_t>(i)] >= lo) m |= id(bet + i);
  return m;
}

// Checks the one propose event of a step.
void proposed(const Events& ev, int seat, ActionKind kind, int amount) {
  const auto p = events_of(ev, EventKind::propose);
  REQUIRE(p.size() == 1);
  CHECK(p[0].seat == seat);
  CHECK(p[0].value == static_cast<int>(kind));
  CHECK(p[0].amount == amount);
  CHECK(ev.size == 1);  // nothing else happens: the team has not answered yet
}

}  // namespace

TEST_CASE("R25a opening bets are never proposals", "[match][R25a]") {
  State s = start(proposal_rules(), 0);
  deal(s, deal_a);
  cut(s);
  Events ev;
  must(s, Action::pass(1), &ev);
  must(s, Action::bet(2, 2), &ev);
  CHECK(events_of(ev, EventKind::propose).empty());
  CHECK(events_of(ev, EventKind::bet).size() == 1);
  CHECK(s.bet.proposal == 0);
  CHECK(s.to_act == 3);  // the opponents answer; seat 3 first, its partner seat 1 decides
}

TEST_CASE("R25a proposed reject: the partner may reject, accept, raise or órdago",
          "[match][R25a]") {
  State s = grande_bet_2();
  Events ev;
  must(s, Action::reject(2), &ev);
  proposed(ev, 2, ActionKind::reject, 0);
  CHECK(s.to_act == 0);
  CHECK(s.scores.points == std::array<std::int16_t, 2>{0, 0});
  CHECK(betting_ids(s) == (id(accept) | id(reject) | id(ordago) | bets_from(2)));
  CHECK(mus::min_bet(s) == 2);
  const mus::SeatView v = mus::view_of(s, 3);
  CHECK(v.proposal == static_cast<std::uint8_t>(ActionKind::reject));
  CHECK(v.proposer == 2);

  SECTION("agree: the bet is refused, a deje of 1") {
    must(s, Action::reject(0), &ev);
    REQUIRE(events_of(ev, EventKind::agree).size() == 1);
    CHECK(events_of(ev, EventKind::agree)[0].seat == 0);
    CHECK(s.lances[0].status == LanceStatus::refused);
    CHECK(s.scores.points == std::array<std::int16_t, 2>{0, 1});
  }
  SECTION("accept instead") {
    must(s, Action::accept(0), &ev);
    CHECK(events_of(ev, EventKind::agree).empty());
    CHECK(s.lances[0].status == LanceStatus::accepted);
    CHECK(s.lances[0].stake == 2);
  }
  SECTION("raise instead: made by the partner") {
    must(s, Action::bet(0, 3), &ev);
    const auto b = events_of(ev, EventKind::bet);
    REQUIRE(b.size() == 1);
    CHECK(b[0].seat == 0);
    CHECK(s.bet.proposed == 5);
    CHECK(s.to_act == 1);  // the first opponent after seat 0
    CHECK(s.bet.proposal == 0);
  }
  SECTION("órdago instead") {
    must(s, Action::ordago(0), &ev);
    CHECK(s.bet.ordago == 1);
    CHECK(s.to_act == 1);
  }
}

TEST_CASE("R25a proposed accept: the partner accepts, raises or órdago, never rejects",
          "[match][R25a]") {
  State s = grande_bet_2();
  Events ev;
  must(s, Action::accept(2), &ev);
  proposed(ev, 2, ActionKind::accept, 0);
  CHECK(s.lances[0].status == LanceStatus::pending);
  CHECK(s.to_act == 0);
  refuse(s, Action::reject(0), Errc::illegal_action);
  refuse(s, Action::accept(2), Errc::not_your_turn);
  CHECK(betting_ids(s) == (id(accept) | id(ordago) | bets_from(2)));

  SECTION("agree") {
    must(s, Action::accept(0), &ev);
    REQUIRE(events_of(ev, EventKind::agree).size() == 1);
    REQUIRE(events_of(ev, EventKind::accept).size() == 1);
    CHECK(s.lances[0].status == LanceStatus::accepted);
    CHECK(s.lances[0].stake == 2);
    CHECK(s.lance == Lance::chica);
  }
  SECTION("raise instead") {
    must(s, Action::bet(0, 2), &ev);
    CHECK(events_of(ev, EventKind::agree).empty());
    CHECK(events_of(ev, EventKind::bet)[0].seat == 0);
    CHECK(s.bet.proposed == 4);
    CHECK(s.to_act == 1);
  }
  SECTION("órdago instead") {
    must(s, Action::ordago(0), &ev);
    CHECK(s.bet.ordago == 1);
    CHECK(s.to_act == 1);
  }
}

TEST_CASE("R25a proposed raise of X: the partner agrees or raises by more", "[match][R25a]") {
  State s = grande_bet_2();
  Events ev;
  must(s, Action::bet(2, 5), &ev);
  proposed(ev, 2, ActionKind::bet, 5);
  CHECK(s.bet.proposed == 2);  // nothing raised yet
  CHECK(s.to_act == 0);
  CHECK(mus::min_bet(s) == 5);
  CHECK(mus::max_bet(s) == mus::max_stake - 2);
  refuse(s, Action::accept(0), Errc::illegal_action);
  refuse(s, Action::reject(0), Errc::illegal_action);
  refuse(s, Action::bet(0, 4), Errc::bet_too_small);
  refuse(s, Action::bet(0, 2), Errc::bet_too_small);
  CHECK(betting_ids(s) == (id(ordago) | bets_from(5)));
  const mus::SeatView v = mus::view_of(s, 1);
  CHECK(v.proposal == static_cast<std::uint8_t>(ActionKind::bet));
  CHECK(v.proposer == 2);
  CHECK(v.proposal_amount == 5);
  const auto back = mus::view_from_text(mus::view_to_text(v));
  REQUIRE(back.ok());
  CHECK(back->proposal_amount == 5);
  CHECK(back->proposer == 2);
  const auto st = mus::state_from_text(mus::state_to_text(s));
  REQUIRE(st.ok());
  CHECK(*st == s);

  SECTION("agree: the raise counts as made by the proposer") {
    must(s, Action::bet(0, 5), &ev);
    const auto a = events_of(ev, EventKind::agree);
    REQUIRE(a.size() == 1);
    CHECK(a[0].seat == 0);
    CHECK(a[0].amount == 5);
    const auto b = events_of(ev, EventKind::bet);
    REQUIRE(b.size() == 1);
    CHECK(b[0].seat == 2);
    CHECK(b[0].value == 7);
    CHECK(s.bet.proposed == 7);
    CHECK(s.to_act == 3);  // the first opponent after seat 2
    CHECK(s.bet.answer_second == 1);
  }
  SECTION("raise by more instead: made by the partner") {
    must(s, Action::bet(0, 8), &ev);
    CHECK(events_of(ev, EventKind::agree).empty());
    CHECK(events_of(ev, EventKind::bet)[0].seat == 0);
    CHECK(s.bet.proposed == 10);
    CHECK(s.to_act == 1);  // the first opponent after seat 0
  }
  SECTION("órdago instead") {
    must(s, Action::ordago(0), &ev);
    CHECK(events_of(ev, EventKind::ordago)[0].seat == 0);
    CHECK(s.to_act == 1);
  }
}

TEST_CASE("R25a a proposed órdago is final at once", "[match][R25a]") {
  State s = grande_bet_2();
  Events ev;
  must(s, Action::ordago(2), &ev);
  CHECK(events_of(ev, EventKind::propose).empty());
  CHECK(events_of(ev, EventKind::ordago)[0].seat == 2);
  CHECK(s.bet.ordago == 1);
  CHECK(s.bet.team == 0);
  CHECK(s.to_act == 3);  // the other team answers it
}

TEST_CASE("R25a answering an órdago: a proposed accept is final, a proposed reject goes on",
          "[match][R25a]") {
  State s = start(proposal_rules(), 0);
  deal(s, deal_a);
  cut(s);
  must(s, Action::ordago(1));
  REQUIRE(s.to_act == 2);
  CHECK(betting_ids(s) == (id(accept) | id(reject)));
  Events ev;
  SECTION("a proposed accept is final: the showdown") {
    must(s, Action::accept(2), &ev);
    CHECK(events_of(ev, EventKind::propose).empty());
    CHECK(events_of(ev, EventKind::showdown).size() == 1);
    CHECK(s.last.end == HandEnd::ordago);
    CHECK(s.last.game_winner == 0);  // Deal A: seat 0 wins grande
  }
  SECTION("a proposed reject goes to the partner") {
    must(s, Action::reject(2), &ev);
    proposed(ev, 2, ActionKind::reject, 0);
    CHECK(s.to_act == 0);
    CHECK(betting_ids(s) == (id(accept) | id(reject)));
    refuse(s, Action::bet(0, 2), Errc::illegal_action);
    refuse(s, Action::ordago(0), Errc::illegal_action);
    SECTION("who accepts") {
      must(s, Action::accept(0), &ev);
      CHECK(events_of(ev, EventKind::showdown).size() == 1);
      CHECK(s.last.end == HandEnd::ordago);
    }
    SECTION("or rejects: a deje of 1") {
      must(s, Action::reject(0), &ev);
      CHECK(events_of(ev, EventKind::agree).size() == 1);
      CHECK(s.lances[0].status == LanceStatus::refused);
      CHECK(s.scores.points == std::array<std::int16_t, 2>{0, 1});
    }
  }
}

TEST_CASE("R25a a single eligible answerer's answer is final at once", "[match][R25a]") {
  // Deal A at juego: only seats 0 and 1 have juego, one per team.
  State s = start(proposal_rules(), 0);
  deal(s, deal_a);
  cut(s);
  pass_lance(s);
  pass_lance(s);
  pass_lance(s);
  REQUIRE(s.lance == Lance::juego);
  REQUIRE(s.to_act == 1);
  must(s, Action::bet(1, 2));
  REQUIRE(s.to_act == 0);
  CHECK(s.bet.answer_second == -1);
  CHECK(betting_ids(s) == (id(accept) | id(reject) | id(ordago) | bets_from(2)));
  Events ev;
  SECTION("accept") {
    must(s, Action::accept(0), &ev);
    CHECK(events_of(ev, EventKind::propose).empty());
    CHECK(s.last.lances[3].status == LanceStatus::accepted);  // the hand went to the count
  }
  SECTION("raise") {
    must(s, Action::bet(0, 3), &ev);
    CHECK(events_of(ev, EventKind::propose).empty());
    CHECK(s.bet.proposed == 5);
    CHECK(s.to_act == 1);
  }
  SECTION("reject") {
    must(s, Action::reject(0), &ev);
    CHECK(events_of(ev, EventKind::propose).empty());
    CHECK(events_of(ev, EventKind::deje).size() == 1);
  }
}

TEST_CASE("R25a the deje and the stake count the team's final answer, never a proposal",
          "[match][R25a][R26]") {
  State s = grande_bet_2();
  Events ev;
  SECTION("a proposed accept overturned by a raise, then refused: the deje is the 2 that stood") {
    must(s, Action::accept(2));
    must(s, Action::bet(0, 3));  // 5 proposed, by team 0
    REQUIRE(s.to_act == 1);
    must(s, Action::bet(1, 10), &ev);  // team 1 proposes a raise of 10 ...
    proposed(ev, 1, ActionKind::bet, 10);
    must(s, Action::ordago(3));  // ... seat 3 calls órdago instead
    REQUIRE(s.to_act == 0);      // team 0 answers: seat 0 proposes reject, seat 2 agrees
    must(s, Action::reject(0));
    must(s, Action::reject(2), &ev);
    const auto d = events_of(ev, EventKind::deje);
    REQUIRE(d.size() == 1);
    CHECK(d[0].team == 1);
    CHECK(d[0].amount == 5);  // what stood before the órdago; the proposed 10 never did
    CHECK(s.lances[0].stake == 5);
    CHECK(s.scores.points == std::array<std::int16_t, 2>{0, 5});
  }
  SECTION("an agreed raise, refused: the deje is the bet before it") {
    must(s, Action::bet(2, 3));
    must(s, Action::bet(0, 3));  // agreed: 5 proposed by seat 2
    REQUIRE(s.to_act == 3);
    must(s, Action::reject(3));
    must(s, Action::reject(1));
    CHECK(s.lances[0].status == LanceStatus::refused);
    CHECK(s.lances[0].stake == 2);
    CHECK(s.scores.points == std::array<std::int16_t, 2>{2, 0});
  }
}

TEST_CASE("R25a rules: answers=first|proposal, the online preset proposes", "[match][R25a]") {
  CHECK(mus::standard_rules().answers == mus::Answers::first);
  CHECK(mus::basque_rules().answers == mus::Answers::first);
  CHECK(mus::online_rules().answers == mus::Answers::proposal);
  const auto r = mus::parse_rules("standard answers=proposal");
  REQUIRE(r.ok());
  CHECK(r->answers == mus::Answers::proposal);
  CHECK(mus::format_rules(*r) == "standard answers=proposal");
  CHECK(mus::format_rules(mus::online_rules()) == "online");
  const auto o = mus::parse_rules("online answers=first");
  REQUIRE(o.ok());
  CHECK(o->answers == mus::Answers::first);
  CHECK(mus::parse_rules("standard answers=both").error().code == Errc::parse);
}
