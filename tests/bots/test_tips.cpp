// Tests of the tips (include/mus/tips.hpp): every tip kind on a constructed situation, their
// order and their facts; the refusals; and information hiding: the tips of a seat are the same
// for every redeal of the cards it has not seen (and for the state rebuilt from its view).
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <string>
#include <vector>

#include "../match/match_test_util.hpp"
#include "bots_test_util.hpp"
#include "mus/mus.hpp"

namespace {

using mus::Action;
using mus::Errc;
using mus::Lance;
using mus::Phase;
using mus::State;
using mus::Tip;
using mus::TipKind;
using mus::Tips;

std::string kinds_of(const Tips& t) {
  std::string out;
  for (std::size_t i = 0; i < t.size; ++i)
    out += std::string(i > 0 ? " " : "") + std::string(mus::tip_kind_name(t.items[i].kind));
  return out;
}

// The tips of the seat to act.
Tips tips_now(const State& s) {
  const auto t = mus::tips(s, s.to_act);
  REQUIRE(t.ok());
  INFO(kinds_of(*t));
  return *t;
}

const Tip* find(const Tips& t, TipKind k) {
  for (std::size_t i = 0; i < t.size; ++i)
    if (t.items[i].kind == k) return &t.items[i];
  return nullptr;
}

bool legal(const State& s, const Action& a) { return mus::apply(s, a).ok(); }

// A match of `rules` dealt by seat 3 (seat 0 is mano and speaks first), with these hands.
State dealt(const mus::Rules& rules, std::string_view s0, std::string_view s1, std::string_view s2,
            std::string_view s3) {
  State s = mt::start(rules, 3);
  mt::deal(s, mt::table(s0, s1, s2, s3));
  return s;
}

// The other seats' cards, none of which the hands of seat 0 below use.
const char* const others1 = "Qc Qe 6c 7e";
const char* const others2 = "Jc 6b 5o 4b";
const char* const others3 = "Qb Je 5b Ab";

// The first tip of seat 0 in the mus phase, with these cards.
Tips mus_state_tips(std::string_view hand) {
  return tips_now(dealt(mus::standard_rules(), hand, others1, others2, others3));
}

}  // namespace

TEST_CASE("Tips: in the mus phase, the hand's headline comes first") {
  // Juego up to 32: the juego, with what beats it (nothing beats 31).
  Tips t = mus_state_tips("Ko Kc Jo Ao");
  REQUIRE(t.size >= 2);
  CHECK(t.items[0].kind == TipKind::juego);
  CHECK(t.items[0].lance == static_cast<int>(Lance::juego));
  CHECK(t.items[0].count == 3);  // 31 brings 3 tantos
  CHECK(t.items[0].eval.value == 31);
  CHECK(t.items[0].beaten_by == std::array<std::uint8_t, 8>{});
  CHECK(!t.items[0].real31_beats);
  // 32: only 31 beats it.
  t = mus_state_tips("Ko Kc Jo Ac");
  CHECK(t.items[0].kind == TipKind::juego);
  CHECK(t.items[0].eval.value == 31);
  t = mus_state_tips("Ko Kc Jo 2o");  // a 2 is an ace with 8 kings: 31 again
  CHECK(t.items[0].eval.value == 31);
  // Medias or duples: the pares, with their tantos.
  t = mus_state_tips("Ko Kc Ke 4o");
  CHECK(t.items[0].kind == TipKind::pares);
  CHECK(t.items[0].count == 2);
  CHECK(mus::pares_kind(t.items[0].eval) == mus::ParesKind::medias);
  // Two or more kings.
  t = mus_state_tips("Ko Kc 4o 5c");
  CHECK(t.items[0].kind == TipKind::grande_kings);
  CHECK(t.items[0].count == 2);
  CHECK(t.items[0].lance == static_cast<int>(Lance::grande));
  // Two or more aces (no king).
  t = mus_state_tips("Ao Ac 4o 5c");
  CHECK(t.items[0].kind == TipKind::chica_aces);
  CHECK(t.items[0].count == 2);
  // No pares and no juego.
  t = mus_state_tips("4o 5c 6e Jb");
  CHECK(t.items[0].kind == TipKind::ciego);
  // Anything else: the hand at a glance, with its cards and evaluation.
  t = mus_state_tips("Ko 7o 7c 4e");
  CHECK(t.items[0].kind == TipKind::hand);
  CHECK(t.items[0].hand == *mus::parse_hand("Ko 7o 7c 4e"));
  CHECK(t.items[0].eval == mus::evaluate(t.items[0].hand, mus::standard_rules()));
}

TEST_CASE("Tips: in the mus phase, the club player's call follows the headline") {
  Tips strong = mus_state_tips("Ko Kc Ke Ao");  // solomillo: 31, medias of kings
  REQUIRE(strong.size >= 2);
  CHECK(strong.items[1].kind == TipKind::club_cut);
  CHECK(strong.items[1].action == Action::cut(0));
  Tips weak = mus_state_tips("4o 5c 6e Jb");
  REQUIRE(weak.size >= 2);
  CHECK(weak.items[1].kind == TipKind::club_mus);
  CHECK(weak.items[1].action == Action::mus(0));
}

TEST_CASE("Tips: what the partner signalled, else what an opponent signalled") {
  State s = dealt(mus::standard_rules(), "4o 5c 6e Jb", "Kc Ke 6c 5e", "Ao Ae 6b 3c", others3);
  mt::must(s, Action::signal(1, mus::Signal::two_kings));  // an opponent
  Tips t = tips_now(s);
  REQUIRE(t.size == 3);
  CHECK(t.items[2].kind == TipKind::opponent_signal);
  CHECK(t.items[2].seat == 1);
  CHECK(t.items[2].signals == 1U << static_cast<unsigned>(mus::Signal::two_kings));
  mt::must(s, Action::signal(2, mus::Signal::two_aces));  // the partner comes first
  t = tips_now(s);
  REQUIRE(t.size == 3);
  CHECK(t.items[2].kind == TipKind::partner_signal);
  CHECK(t.items[2].seat == 2);
  CHECK(t.items[2].signals == 1U << static_cast<unsigned>(mus::Signal::two_aces));
}

TEST_CASE("Tips: in the discard phase, the club player's discard comes first") {
  State s = dealt(mus::standard_rules(), "4o 5c 6e Jb", others1, others2, others3);
  for (int i = 0; i < 4; ++i) mt::must(s, Action::mus(s.to_act));
  REQUIRE(s.phase == Phase::discard);
  const Tips t = tips_now(s);
  REQUIRE(t.size >= 2);
  const Tip& d = t.items[0];
  CHECK(d.kind == TipKind::club_discard);
  CHECK(d.cards != 0);
  CHECK((d.cards & ~d.hand.mask()) == 0);
  CHECK(d.action == Action::discard(s.to_act, d.cards));
  CHECK(legal(s, d.action));
  CHECK(t.items[1].kind == TipKind::ciego);  // the headline next
}

TEST_CASE("Tips: tío Perete") {
  State s = dealt(*mus::parse_rules("standard tio_perete=1"), "4o 5c 6e 7b", others1, others2,
                  others3);
  mt::cut(s);
  REQUIRE(s.phase == Phase::perete);
  const Tips t = tips_now(s);
  REQUIRE(t.size == 1);
  CHECK(t.items[0].kind == TipKind::perete);
}

TEST_CASE("Tips: when betting, the search bot's choice, the hand in the lance and the chance") {
  State s = dealt(mus::standard_rules(), "Ko Kc 4o 5c", others1, others2, others3);
  mt::cut(s);
  REQUIRE(s.phase == Phase::betting);
  REQUIRE(s.lance == Lance::grande);
  Tips t = tips_now(s);
  REQUIRE(t.size == 3);
  const Tip& search = t.items[0];
  CHECK(search.kind == TipKind::search_choice);
  CHECK(legal(s, search.action));
  CHECK(std::isfinite(search.points));
  CHECK(search.other.kind != mus::no_tip_action.kind);  // several bets are legal: a runner-up
  CHECK(legal(s, search.other));
  CHECK(search.other_points <= search.points);
  CHECK(t.items[1].kind == TipKind::grande_kings);
  const Tip& chance = t.items[2];
  CHECK(chance.kind == TipKind::lance_chance);
  CHECK(chance.lance == static_cast<int>(Lance::grande));
  CHECK(chance.chance >= 0.0);
  CHECK(chance.chance <= 1.0);
  CHECK(chance.count == std::lround(chance.chance * 100));
  // The search bot's choice is its estimate's best (mus::bot_evaluate with the same seed).
  const auto est = mus::bot_evaluate(mus::bot_view(s, 0), mus::BotConfig{mus::BotKind::search},
                                     search.hand.mask() ^ s.hand_number);
  REQUIRE(est.ok());
  CHECK(est->items[0].action == search.action);
  CHECK(est->items[0].points == search.points);

  // No king: grande is not the seat's lance. Then chica: no ace.
  s = dealt(mus::standard_rules(), "4o 5c 6e Jb", others1, others2, others3);
  mt::cut(s);
  t = tips_now(s);
  REQUIRE(t.size == 3);
  CHECK(t.items[1].kind == TipKind::grande_no_king);
  mt::pass_lance(s);
  REQUIRE(s.lance == Lance::chica);
  t = tips_now(s);
  CHECK(t.items[1].kind == TipKind::chica_no_ace);
  CHECK(t.items[2].kind == TipKind::lance_chance);
  CHECK(t.items[2].lance == static_cast<int>(Lance::chica));

  // Two aces in chica.
  s = dealt(mus::standard_rules(), "Ao Ac 4o 5c", others1, others2, others3);
  mt::cut(s);
  mt::pass_lance(s);
  CHECK(tips_now(s).items[1].kind == TipKind::chica_aces);
}

TEST_CASE("Tips: when betting pares, juego and punto, the hand in that lance") {
  // Every seat has pares and juego (8 kings): pares and juego are played.
  State s = dealt(mus::standard_rules(), "Ko Kc Qo 7o", "Ke Qc Qe 7c", "Jo Jc Kb Ab",
                  "Je Jb Qb Ae");
  mt::cut(s);
  mt::pass_lance(s);
  mt::pass_lance(s);
  REQUIRE(s.lance == Lance::pares);
  REQUIRE(s.to_act == 0);
  Tips t = tips_now(s);
  const Tip* p = find(t, TipKind::pares);
  REQUIRE(p != nullptr);
  CHECK(p->count == 1);
  CHECK(p->lance == static_cast<int>(Lance::pares));
  mt::pass_lance(s);
  REQUIRE(s.lance == Lance::juego);
  REQUIRE(s.to_act == 0);
  t = tips_now(s);
  const Tip* j = find(t, TipKind::juego);
  REQUIRE(j != nullptr);
  CHECK(j->eval.value == 37);
  CHECK(j->count == 2);
  // 37 is beaten by 31, 32 and 40, in that order (R19).
  CHECK(j->beaten_by == std::array<std::uint8_t, 8>{31, 32, 40, 0, 0, 0, 0, 0});

  // Nobody has juego: punto.
  s = mt::start(mus::standard_rules(), 3);
  mt::deal(s, mt::deal_p);
  mt::cut(s);
  mt::pass_lance(s);
  mt::pass_lance(s);
  REQUIRE(s.lance == Lance::punto);
  REQUIRE(s.to_act == 0);
  t = tips_now(s);
  const Tip* pt = find(t, TipKind::punto);
  REQUIRE(pt != nullptr);
  CHECK(pt->eval.value == 30);
}

TEST_CASE("Tips: a 31 real beats a juego when the rules have one") {
  State s = dealt(*mus::parse_rules("standard royal31=jack777"), "Ko Kc Jo Ao", others1, others2,
                  others3);
  const Tips t = tips_now(s);
  CHECK(t.items[0].kind == TipKind::juego);
  CHECK(t.items[0].real31_beats);
}

TEST_CASE("Tips: the score tips, each when it applies") {
  // Seat 0 (team 0) bets 2 in grande and team 1 refuses: team 0 scores a deje of 1.
  const auto team0_deje = [](State& s) {
    mt::must(s, Action::bet(0, 2));
    while (s.bet.open != 0) mt::must(s, Action::reject(s.to_act));
  };
  // Seat 0 passes, seat 1 bets 2, team 0 refuses: team 1 scores a deje of 1.
  const auto team1_deje = [](State& s) {
    mt::must(s, Action::pass(0));
    mt::must(s, Action::bet(1, 2));
    while (s.bet.open != 0) mt::must(s, Action::reject(s.to_act));
  };
  const auto score_tip = [](const State& s) {
    const Tips t = tips_now(s);
    REQUIRE(t.size >= 2);
    CHECK(t.items[0].kind == TipKind::search_choice);
    return t.items[1];
  };
  const auto hand = [](const char* rules) {
    State s = dealt(*mus::parse_rules(rules), "Ko 7o 4c 5e", others1, others2, others3);
    mt::cut(s);
    return s;
  };

  SECTION("they need little") {
    const State s = hand("standard target=5");
    const Tip t = score_tip(s);
    CHECK(t.kind == TipKind::they_need_little);
    CHECK(t.amount == 5);
    CHECK(t.score == std::array<std::int16_t, 2>{0, 0});
  }
  SECTION("we need little") {
    State s = hand("standard target=6");
    team0_deje(s);
    REQUIRE(s.lance == Lance::chica);
    const Tip t = score_tip(s);
    CHECK(t.kind == TipKind::we_need_little);
    CHECK(t.amount == 5);
    CHECK(t.score == std::array<std::int16_t, 2>{1, 0});
  }
  SECTION("a deje wins the game") {
    State s = hand("standard target=2");
    team0_deje(s);
    const Tip t = score_tip(s);
    CHECK(t.kind == TipKind::deje_wins_game);
    CHECK(t.amount == 1);
  }
  SECTION("no quiero gives them the game") {
    State s = hand("standard target=2");
    team1_deje(s);
    REQUIRE(s.lance == Lance::chica);
    mt::must(s, Action::pass(0));
    mt::must(s, Action::bet(1, 2));
    REQUIRE(s.to_act == 2);
    const Tip t = score_tip(s);
    CHECK(t.kind == TipKind::reject_loses_game);
    CHECK(t.amount == 1);
    CHECK(t.score == std::array<std::int16_t, 2>{0, 1});
  }
  SECTION("raise: their refusal would win the game") {
    State s = hand("standard target=5");
    mt::must(s, Action::pass(0));
    mt::must(s, Action::bet(1, 5));
    REQUIRE(s.to_act == 2);
    const Tip t = score_tip(s);
    CHECK(t.kind == TipKind::raise_deje_wins);
    CHECK(t.amount == 5);
  }
  SECTION("with dejes counted at the hand's end, no deje tip") {
    State s = hand("standard target=2 deje_ends=0");
    team0_deje(s);
    const Tip t = score_tip(s);
    CHECK(t.kind == TipKind::they_need_little);
  }
}

TEST_CASE("Tips: refused for a bad seat, a seat not to act, a due shuffle and a match over") {
  State s = mt::start(mus::standard_rules(), 3);
  CHECK(mus::tips(s, 0).error().code == Errc::wrong_phase);
  mt::deal(s, mt::deal_a);
  CHECK(mus::tips(s, 4).error().code == Errc::invalid_argument);
  CHECK(mus::tips(s, -1).error().code == Errc::invalid_argument);
  CHECK(mus::tips(s, 1).error().code == Errc::not_your_turn);
  CHECK(mus::tips(s, 0).ok());
  // The view form gives nothing for a seat not to act.
  CHECK(mus::tips(mus::bot_view(s, 1)).size == 0);
  State over = mt::start(*mus::parse_rules("standard target=1 games_per_vaca=1 vacas=1"), 3);
  mt::deal(over, mt::deal_a);
  mt::cut(over);
  mt::must(over, Action::bet(0, 2));
  while (over.phase != Phase::match_over) mt::must(over, Action::reject(over.to_act));
  CHECK(mus::tips(over, 0).error().code == Errc::match_over);
}

TEST_CASE("Tips: every kind has a name") {
  for (int k = 0; k < mus::tip_kind_count; ++k) {
    const std::string_view name = mus::tip_kind_name(static_cast<TipKind>(k));
    CHECK(!name.empty());
    CHECK(name != "?");
  }
  CHECK(mus::tip_kind_name(TipKind::search_choice) == "search_choice");
  CHECK(mus::tip_kind_name(TipKind::lance_chance) == "lance_chance");
  CHECK(mus::tip_kind_name(static_cast<TipKind>(mus::tip_kind_count)) == "?");
}

TEST_CASE("Tips: the tips of a view are the same for every redeal of the hidden cards, and for "
          "the state rebuilt from the view") {
  int checked = 0;
  int changed = 0;
  std::array<int, mus::tip_kind_count> seen{};
  for (const char* name : {"standard", "online"}) {
    const auto states = bots_test::decision_states(bots_test::preset(name), 23, 4, 4);
    for (std::size_t i = 0; i < states.size(); ++i) {
      const State& s = states[i];
      const int seat = s.to_act;
      const auto base = mus::tips(s, seat);
      REQUIRE(base.ok());
      for (std::size_t k = 0; k < base->size; ++k)
        ++seen[static_cast<std::size_t>(base->items[k].kind)];
      INFO(name << " state " << i << ": " << kinds_of(*base));
      State other;
      if (bots_test::redeal(s, seat, bots_test::mix(i * 17 + 3), other)) {
        ++checked;
        changed += bots_test::others_differ(s, other, seat) ? 1 : 0;
        const auto again = mus::tips(other, seat);
        REQUIRE(again.ok());
        CHECK(*again == *base);
      }
      const auto rebuilt = mus::state_from_view(s.rules, mus::view_of(s, seat));
      REQUIRE(rebuilt.ok());
      const auto from_view = mus::tips(*rebuilt, seat);
      REQUIRE(from_view.ok());
      CHECK(*from_view == *base);
    }
  }
  CHECK(checked > 50);
  CHECK(changed > checked / 2);  // the redeals really moved the other seats' cards
  // The matches met the common kinds.
  CHECK(seen[static_cast<std::size_t>(TipKind::search_choice)] > 0);
  CHECK(seen[static_cast<std::size_t>(TipKind::club_cut)] +
            seen[static_cast<std::size_t>(TipKind::club_mus)] >
        0);
  CHECK(seen[static_cast<std::size_t>(TipKind::lance_chance)] > 0);
}
