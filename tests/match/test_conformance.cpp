// Conformance in the style of OpenSpiel's RandomSimTest, and the action-id space.
//
// Random matches over every preset and the variants that change the flow; at every step:
//  - a copy, and the state text parsed back, equal the state (byte for byte);
//  - the listed legal actions are sorted by action id, unique, and each one applies;
//  - the mask, the ids and the list agree; action ids and action texts round-trip and are
//    unique;
//  - every id applied by apply_id_in_place() gives what its action gives through
//    apply_in_place(), refusals included;
//  - scores stay within their bounds;
//  - no hand takes more actions than the documented maximum (docs/state-machine.md).
// The action-id scenario tests below pin the table of ids (include/mus/match.hpp).
#include <algorithm>
#include <bit>
#include <cstdint>
#include <cstring>
#include <random>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "match_test_util.hpp"
#include "mus/serialize.hpp"

namespace {

using mus::Action;
using mus::ActionKind;
using mus::Errc;
using mus::Phase;
using mus::State;
namespace ids = mus::action_ids;

// The documented maximum number of actions in one hand (docs/state-machine.md, "How long a
// hand can be"): the shuffle that deals it; per mus round 4 mus or cut, 4 discards and one
// stock refill; 4 more for the round that ends with the cut; 4 tío Perete answers; per lance
// at most 3 passes, 2 actions per bet, raise or órdago (it, and a rejection by the first
// answerer, or under answers=proposal a proposal and the partner's decision) and a last
// answer, with at most 1 + (999 - 2) / min_raise bets and raises and one
// órdago;
// and every seat's true signals once per set of cards it held (at most signal_count each; the
// largest set, full, has 14).
long max_hand_actions(const mus::Rules& r, long mus_rounds) {
  const long bets = 1 + (mus::max_stake - 2) / r.min_raise + 1;
  const long per_lance = 3 + 2 * bets + 1;
  const long holdings = mus_rounds + 1;
  return 1 + mus_rounds * 9 + 4 + 4 + 4 * per_lance + 4 * mus::signal_count * holdings;
}

struct Named {
  const char* name;
  const char* text;
};

constexpr Named kRuleSets[] = {
    {"standard", "standard"},
    {"basque", "basque"},
    {"online", "online"},
    {"spain", "spain"},
    {"four kings, 30, min_raise 1", "standard kings=4 target=30 min_raise=1"},
    {"zero discard, tio perete", "standard zero_discard=1 tio_perete=1"},
    {"mus corrido every game, 31 real", "standard mus_corrido=game royal31=jack777"},
    {"dejes at the end, short match", "online target=15 games_per_vaca=1"},
    {"no signals (R33a)", "standard signals=off"},
    {"online signals with 4 kings (R33a)", "standard kings=4 signals=online"},
    {"spain, 31 real of the sota de oros", "spain royal31=jack_of_coins_any777"},
};

class Conformance {
 public:
  Conformance(const mus::Rules& rules, std::uint64_t seed) : rules_(rules), rng_(seed) {}

  void play(int matches) {
    for (int m = 0; m < matches; ++m) play_match();
  }
  long steps = 0;
  long hands = 0;
  long proposals = 0;  // R25a: steps that left a proposal for the partner

 private:
  void play_match() {
    State s = *mus::new_match(rules_, static_cast<int>(rng_() % 4));
    long hand_actions = 0;
    long mus_rounds = 0;
    std::uint32_t hand = s.hand_number;
    while (s.phase != Phase::match_over) {
      check_state(s);
      const std::uint64_t mask = mus::legal_action_mask(s);
      REQUIRE(mask != 0);
      const mus::ActionList list = mus::legal_actions(s);
      check_list(s, mask, list);
      check_every_id(s);
      // Choose uniformly among the ids, as a random agent does.
      const int pick = static_cast<int>(rng_() % static_cast<std::uint64_t>(list.size));
      const Action a = list.items[static_cast<std::size_t>(pick)];
      if (a.kind == ActionKind::discard) ++mus_rounds;  // counted once per round below
      const bool pending = s.bet.proposal != 0;
      const Errc e = mus::apply_id_in_place(s, mus::action_id(s, a).value(), rng_());
      REQUIRE(e == Errc::ok);
      if (!pending && s.bet.proposal != 0) ++proposals;
      ++steps;
      ++hand_actions;
      if (s.hand_number != hand || s.phase == Phase::match_over) {
        // A hand ended (or a new one was dealt): check its length, then start counting anew.
        const long rounds = (mus_rounds + 3) / 4;
        REQUIRE(hand_actions <= max_hand_actions(rules_, rounds));
        hand_actions = 0;
        mus_rounds = 0;
        hand = s.hand_number;
        ++hands;
      }
    }
    check_state(s);
    REQUIRE(mus::legal_action_mask(s) == 0);
    REQUIRE(mus::legal_actions(s).size == 0);
  }

  void check_state(const State& s) {
    // Copy and text round trip give equal states, byte for byte.
    State copy;
    std::memcpy(&copy, &s, sizeof s);
    REQUIRE(copy == s);
    const auto back = mus::state_from_text(mus::state_to_text(s));
    REQUIRE(back.ok());
    REQUIRE(std::memcmp(&*back, &s, sizeof s) == 0);
    REQUIRE(mus::validate_state(s) == Errc::ok);
    // Scores are bounded: below the target between hands, never negative.
    for (int t = 0; t < 2; ++t) {
      const auto i = static_cast<std::size_t>(t);
      REQUIRE(s.scores.points[i] >= 0);
      REQUIRE(s.scores.points[i] <= 5 * mus::max_stake);
      REQUIRE(s.scores.games[i] < rules_.games_per_vaca);
      REQUIRE(s.scores.vacas[i] <= rules_.vacas);
      if (s.deal_due() || s.phase == Phase::match_over) REQUIRE(s.scores.points[i] < rules_.target);
    }
  }

  // apply_id_in_place() plays an id of the legal mask without the phase handlers' checks (a
  // fast path). For every id, in range or not, it must do exactly what the checked path does,
  // action_from_id() and then apply_in_place(): the same code, reason, events and bytes.
  void check_every_id(const State& s) {
    for (int id = -1; id <= mus::action_id_count; ++id) {
      INFO("id " << id);
      const auto seed = static_cast<std::uint64_t>(steps * 64 + id + 1);  // any seed
      State by_id = s;
      mus::Events ev_id;
      std::string_view why_id;
      const Errc e_id = mus::apply_id_in_place(by_id, id, seed, &ev_id, &why_id);
      State checked = s;
      mus::Events ev;
      std::string_view why;
      Errc e = Errc::ok;
      const auto a = mus::action_from_id(s, id);
      if (a.ok()) {
        Action b = *a;
        b.seed = seed;
        e = mus::apply_in_place(checked, b, &ev, &why);
      } else {
        e = a.error().code;
        why = a.error().message;
      }
      REQUIRE(e_id == e);
      REQUIRE(why_id == why);
      REQUIRE(std::memcmp(&by_id, &checked, sizeof(State)) == 0);
      REQUIRE(ev_id.size == ev.size);
      for (std::size_t i = 0; i < ev.size; ++i) {
        const mus::Event& x = ev_id.items[i];
        const mus::Event& y = ev.items[i];
        REQUIRE((x.kind == y.kind && x.seat == y.seat && x.team == y.team && x.lance == y.lance &&
                 x.amount == y.amount && x.value == y.value));
      }
    }
  }

  void check_list(const State& s, std::uint64_t mask, const mus::ActionList& list) {
    REQUIRE(list.size == static_cast<std::size_t>(std::popcount(mask)));
    REQUIRE((mask >> mus::action_id_count) == 0);
    std::set<std::string> texts;
    int previous = -1;
    std::uint64_t m = mask;
    for (std::size_t i = 0; i < list.size; ++i) {
      const Action& a = list.items[i];
      const int id = std::countr_zero(m);
      m &= m - 1;
      // Sorted and unique by id, and the id names exactly this action.
      const auto got = mus::action_id(s, a);
      REQUIRE(got.ok());
      REQUIRE(*got == id);
      REQUIRE(id > previous);
      previous = id;
      const auto from = mus::action_from_id(s, id);
      REQUIRE(from.ok());
      REQUIRE(*from == a);
      // The seat to act plays it (chance for the shuffle).
      REQUIRE(a.seat == s.to_act);
      // Action text round-trips, and no two listed actions share a text.
      const std::string text = mus::action_to_text(a);
      const auto parsed = mus::action_from_text(text);
      REQUIRE(parsed.ok());
      REQUIRE(*parsed == a);
      REQUIRE(texts.insert(text).second);
      // It applies exactly as listed (a shuffle with any seed).
      State next = s;
      REQUIRE(mus::apply_in_place(next, a) == Errc::ok);
    }
    // While betting, every id of the betting block (pass .. reject) the list leaves out is
    // refused: the list is exactly the choices, also in the partner's step of R25a.
    if (s.phase == Phase::betting) {
      for (int id = ids::pass; id <= ids::reject; ++id) {
        if (((mask >> id) & 1U) != 0) continue;
        State next = s;
        REQUIRE(mus::apply_id_in_place(next, id, 0) != Errc::ok);
      }
    }
  }

  mus::Rules rules_;
  std::mt19937_64 rng_;
};

mus::Rules rules_of(const char* text) {
  const auto r = mus::parse_rules(text);
  REQUIRE(r.ok());
  return *r;
}

}  // namespace

TEST_CASE("Conformance: random matches over every preset and variant keep every invariant") {
  for (const Named& n : kRuleSets) {
    INFO("rules: " << n.name);
    Conformance c(rules_of(n.text), 0xC0FFEEULL + static_cast<std::uint64_t>(n.name[0]));
    c.play(30);
    INFO(c.hands << " hands, " << c.steps << " steps");
    CHECK(c.hands > 50);
    CHECK(c.steps > c.hands);
    // R25a: proposals occur exactly under answers=proposal (the online preset).
    INFO(c.proposals << " proposals");
    if (rules_of(n.text).answers == mus::Answers::proposal)
      CHECK(c.proposals > 0);
    else
      CHECK(c.proposals == 0);
  }
}

TEST_CASE("Action ids: the table of ids is fixed and covers every kind once") {
  CHECK(mus::action_id_count == 56);
  CHECK(ids::shuffle == 0);
  CHECK(ids::mus == 1);
  CHECK(ids::cut == 2);
  CHECK(ids::discard == 3);
  CHECK(ids::pass == ids::discard + ids::discard_count);
  CHECK(ids::bet == 20);
  CHECK(ids::ordago == ids::bet + ids::bet_count);
  CHECK(ids::accept == 37);
  CHECK(ids::reject == 38);
  CHECK(ids::signal == 39);
  CHECK(ids::perete == ids::signal + ids::signal_count);
  CHECK(ids::perete == mus::action_id_count - 1);
  CHECK(mus::signal_count <= ids::signal_count);
  // The ladder rises strictly and holds both minimums (R24: 2 to open; R25: 1 or 2 to raise).
  CHECK(std::is_sorted(mus::bet_ladder.begin(), mus::bet_ladder.end()));
  CHECK(std::adjacent_find(mus::bet_ladder.begin(), mus::bet_ladder.end()) ==
        mus::bet_ladder.end());
  CHECK(mus::bet_ladder[0] == 1);
  CHECK(mus::bet_ladder[1] == 2);
}

TEST_CASE("Action ids: ids out of range, reserved signals and off-ladder bets are refused") {
  const State s0 = *mus::new_match(mus::standard_rules(), 0);
  CHECK(mus::action_from_id(s0, -1).error().code == Errc::invalid_argument);
  CHECK(mus::action_from_id(s0, mus::action_id_count).error().code == Errc::invalid_argument);
  // Chance is to act: only the shuffle id names an action.
  CHECK(mus::action_from_id(s0, ids::mus).error().code == Errc::wrong_phase);
  CHECK(mus::action_from_id(s0, ids::shuffle)->kind == ActionKind::shuffle);
  CHECK(mus::legal_action_mask(s0) == 1);
  State s = s0;
  REQUIRE(mus::apply_id_in_place(s, ids::shuffle, 7) == Errc::ok);
  const int seat = s.to_act;
  CHECK(mus::action_from_id(s, ids::signal + mus::signal_count).error().code ==
        Errc::invalid_argument);
  CHECK(mus::action_id(s, Action::bet(seat, 11)).error().code == Errc::not_in_action_space);
  CHECK(*mus::action_id(s, Action::bet(seat, 40)) == ids::bet + 15);
  CHECK(*mus::action_id(s, Action::signal(seat, mus::Signal::solomillo)) ==
        ids::signal + static_cast<int>(mus::Signal::solomillo));
  Action bad_signal = Action::make(ActionKind::signal, seat, mus::signal_count);
  CHECK(mus::action_id(s, bad_signal).error().code == Errc::invalid_argument);
  // An error from apply_id leaves the state as it was.
  const State before = s;
  CHECK(mus::apply_id_in_place(s, ids::accept, 0) == Errc::wrong_phase);
  CHECK(s == before);
  CHECK(mus::apply_id_in_place(s, 99, 0) == Errc::invalid_argument);
  CHECK(s == before);
}

TEST_CASE("R14 action ids: discards name positions of the sorted hand, servido only when allowed") {
  // Seat 1 is mano (dealer 0). Everyone says mus, then seat 1 discards.
  const auto cards = mt::table("Ko Kc Qe Ab", "7o 6c 5e 4b", "Jo Jc 2e 3b", "Kb Ke Qo Jb");
  for (const bool zero : {false, true}) {
    mus::Rules r = mus::standard_rules();
    r.zero_discard = zero;
    State s = *mus::new_match(r, 0);
    mt::deal(s, cards);
    for (int k = 0; k < 4; ++k) REQUIRE(mus::apply_id_in_place(s, ids::mus, 0) == Errc::ok);
    REQUIRE(s.phase == Phase::discard);
    REQUIRE(s.to_act == 1);
    const std::uint64_t mask = mus::legal_action_mask(s);
    const std::uint64_t discards = (mask >> ids::discard) & 0xFFFF;
    CHECK(discards == (zero ? 0xFFFFU : 0xFFFEU));
    // Seat 1 holds 7o 6c 5e 4b: ids 6, 15, 24, 33 sorted. Bits 0 and 2 = 7o and 5e.
    const auto a = mus::action_from_id(s, ids::discard + 0b0101);
    REQUIRE(a.ok());
    CHECK(a->kind == ActionKind::discard);
    CHECK(a->cards == ((std::uint64_t{1} << 6) | (std::uint64_t{1} << 24)));
    CHECK(*mus::action_id(s, *a) == ids::discard + 0b0101);
    CHECK(mus::action_id(s, Action::discard(1, std::uint64_t{1} << 0)).error().code ==
          Errc::card_not_in_hand);
    // Every listed discard applies as listed, and the list has one per allowed subset.
    const mus::ActionList la = mus::legal_actions(s);
    int listed = 0;
    for (std::size_t i = 0; i < la.size; ++i)
      if (la.items[i].kind == ActionKind::discard) ++listed;
    CHECK(listed == (zero ? 16 : 15));
  }
}

TEST_CASE("R24 R25 action ids: the bet ladder from the smallest legal amount, no bets past 999") {
  const auto cards = mt::table("Ko Kc Qe Ab", "7o 6c 5e 4b", "Jo Jc 2e 3b", "Kb Ke Qo Jb");
  for (const int min_raise : {1, 2}) {
    mus::Rules r = mus::standard_rules();
    r.min_raise = min_raise;
    State s = *mus::new_match(r, 0);
    mt::deal(s, cards);
    REQUIRE(mus::apply_id_in_place(s, ids::cut, 0) == Errc::ok);
    REQUIRE(s.phase == Phase::betting);
    // Opening: 2 and up (the rung of 1 is never an opening bet).
    std::uint64_t bets = (mus::legal_action_mask(s) >> ids::bet) & 0xFFFF;
    CHECK(bets == 0xFFFEU);
    CHECK(mus::min_bet(s) == 2);
    // An opening bet of 998 leaves a raise of at most 1, which only min_raise=1 allows.
    REQUIRE(mus::apply_in_place(s, Action::bet(s.to_act, 998)) == Errc::ok);
    bets = (mus::legal_action_mask(s) >> ids::bet) & 0xFFFF;
    CHECK(bets == (min_raise == 1 ? 0x1U : 0x0U));
    const std::uint64_t mask = mus::legal_action_mask(s);
    CHECK((mask >> ids::accept) & 1U);
    CHECK((mask >> ids::reject) & 1U);
    CHECK((mask >> ids::ordago) & 1U);
    CHECK(((mask >> ids::pass) & 1U) == 0);
  }
}
