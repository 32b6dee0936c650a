// Refusals that say why: every refusal path of the reducer (the dispatcher, shuffles, mus,
// discards, tío Perete, betting, signals) gives its code and a reason that starts with the id
// of the rule in docs/rules.md. One row per path, each from a state reached by play.
#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "match_test_util.hpp"

using namespace mt;  // NOLINT(google-build-using-namespace): the test helpers

namespace {

using mus::Signal;

// --- states reached by play ----------------------------------------------------------------

// Deal A (8 kings) under `r`, dealer 0: seat 1 is mano and speaks first.
State dealt(const Rules& r = Rules{}) {
  State s = start(r, 0);
  deal(s, deal_a);
  return s;
}

// All four said mus: the discard, seat 1 first.
State discarding(const Rules& r = Rules{}) {
  State s = dealt(r);
  for (int k = 0; k < 4; ++k) must(s, Action::mus(s.to_act));
  REQUIRE(s.phase == Phase::discard);
  return s;
}

// Grande being bet, seat 1 to speak.
State grande(const Rules& r = Rules{}) {
  State s = dealt(r);
  cut(s);
  REQUIRE(s.phase == Phase::betting);
  REQUIRE(s.lance == Lance::grande);
  return s;
}

// Seat 1 bet `amount` in grande: seat 2 answers.
State bet_open(int amount = 2, const Rules& r = Rules{}) {
  State s = grande(r);
  must(s, Action::bet(1, amount));
  REQUIRE(s.to_act == 2);
  return s;
}

// Seat 1 called órdago in grande: seat 2 answers.
State ordago_open() {
  State s = grande();
  must(s, Action::ordago(1));
  return s;
}

// R25a (the online preset): seat 1 bet 2, seat 2 proposed `proposal`; seat 0 decides.
State proposed(const Action& proposal) {
  State s = bet_open(2, mus::online_rules());
  must(s, proposal);
  REQUIRE(s.bet.proposal != 0);
  REQUIRE(s.to_act == 0);
  return s;
}

// A signal true of the seat's hand and in the set (the test needs one), or need_mus.
Signal true_signal(const State& s, int seat) {
  for (int k = 0; k < mus::signal_count; ++k)
    if (s.signal_allowed(seat, static_cast<Signal>(k))) return static_cast<Signal>(k);
  FAIL("no true signal for seat " << seat);
  return Signal::need_mus;
}

// A signal of the set that is false of the seat's hand.
Signal false_signal(const State& s, int seat) {
  for (int k = 0; k < mus::signal_count; ++k) {
    const auto sig = static_cast<Signal>(k);
    if (sig == Signal::need_mus) continue;
    if (!mus::signal_true(sig, mus::hand_of(s, seat), s.rules)) return sig;
  }
  FAIL("no false signal for seat " << seat);
  return Signal::need_mus;
}

Action kind_zero(int seat) {
  Action a = Action::pass(seat);
  a.kind = static_cast<mus::ActionKind>(0);
  return a;
}

Action shuffle_of(std::vector<std::uint8_t> order) {
  return Action::shuffle_order(order.data(), static_cast<int>(order.size()));
}

std::vector<std::uint8_t> whole_deck() {
  std::vector<std::uint8_t> d;
  for (int i = 0; i < mus::deck_size; ++i) d.push_back(static_cast<std::uint8_t>(i));
  return d;
}

// The match is over: one game of one vaca, won by an accepted órdago.
State over() {
  Rules r;
  r.games_per_vaca = 1;
  State s = grande(r);
  must(s, Action::ordago(1));
  must(s, Action::accept(2));
  REQUIRE(s.phase == Phase::match_over);
  return s;
}

struct Row {
  const char* path;                 // what is refused
  std::function<State()> state;     // where
  std::function<Action(const State&)> action;
  Errc code;
  std::string_view rule;  // the id the reason starts with, e.g. "R25a:"
};

Rules with_perete() {
  Rules r;
  r.tio_perete = true;
  return r;
}

Rules corrido() {
  Rules r;
  r.mus_corrido = mus::MusCorrido::match;
  return r;
}

Rules signals_off() {
  Rules r;
  r.signals = mus::SignalSet::off;
  return r;
}

const std::vector<Row>& rows() {
  static const std::vector<Row> table{
      // The dispatcher (apply.cpp).
      {"an action once the match is over", over, [](const State&) { return Action::pass(0); },
       Errc::match_over, "R30:"},
      {"an unknown action kind", [] { return dealt(); },
       [](const State&) { return kind_zero(1); }, Errc::invalid_argument, "R13-R33:"},
      {"a shuffle when none is due", [] { return dealt(); },
       [](const State&) { return Action::shuffle_seed(1); }, Errc::wrong_phase, "R12:"},
      {"a seat out of range", [] { return dealt(); },
       [](const State&) { return Action::mus(4); }, Errc::invalid_argument, "R7:"},
      {"a seat's action while a shuffle is due", [] { return start(); },
       [](const State&) { return Action::mus(1); }, Errc::wrong_phase, "R12:"},
      {"another seat's turn", [] { return dealt(); },
       [](const State&) { return Action::mus(2); }, Errc::not_your_turn, "R8:"},
      // Shuffles (deal.cpp).
      {"a shuffle with a seat", [] { return start(); },
       [](const State&) {
         Action a = Action::shuffle_seed(1);
         a.seat = 0;
         return a;
       },
       Errc::invalid_argument, "R12:"},
      {"an order of too few cards", [] { return start(); },
       [](const State&) { return shuffle_of({0, 1, 2}); }, Errc::bad_shuffle, "R12:"},
      {"an order with a card id out of range", [] { return start(); },
       [](const State&) {
         auto d = whole_deck();
         d[5] = 45;
         return shuffle_of(d);
       },
       Errc::bad_shuffle, "R12:"},
      {"an order with a card twice", [] { return start(); },
       [](const State&) {
         auto d = whole_deck();
         d[5] = d[6];
         return shuffle_of(d);
       },
       Errc::bad_shuffle, "R12:"},
      // Mus and discards.
      {"a pass in the mus phase", [] { return dealt(); },
       [](const State&) { return Action::pass(1); }, Errc::wrong_phase, "R13:"},
      {"mus in the discard phase", [] { return discarding(); },
       [](const State&) { return Action::mus(1); }, Errc::wrong_phase, "R14:"},
      {"a discard of a card not held", [] { return discarding(); },
       [](const State& s) {
         return Action::discard(1, std::uint64_t{1} << s.deck.hands[0]);  // seat 0's card
       },
       Errc::card_not_in_hand, "R14:"},
      {"a discard of no card without zero_discard", [] { return discarding(); },
       [](const State&) { return Action::discard(1, 0); }, Errc::illegal_action, "R14:"},
      // Tío Perete.
      {"a bet in the tio Perete phase", [] {
         State s = dealt(with_perete());
         cut(s);
         REQUIRE(s.phase == Phase::perete);
         return s;
       },
       [](const State& s) { return Action::bet(s.to_act, 2); }, Errc::wrong_phase, "R32:"},
      {"tio Perete without a 4-5-6-7 hand", [] {
         State s = dealt(with_perete());
         cut(s);
         return s;
       },
       [](const State& s) { return Action::perete(s.to_act); }, Errc::illegal_action, "R32:"},
      // Betting (bet_choices() and betting_refusal()).
      {"mus in a lance", [] { return grande(); },
       [](const State&) { return Action::mus(1); }, Errc::wrong_phase, "R24:"},
      {"a pass while a bet is open", [] { return bet_open(); },
       [](const State&) { return Action::pass(2); }, Errc::illegal_action, "R25:"},
      {"an órdago over an órdago", ordago_open,
       [](const State&) { return Action::ordago(2); }, Errc::illegal_action, "R25:"},
      {"a raise over an órdago", ordago_open,
       [](const State&) { return Action::bet(2, 2); }, Errc::illegal_action, "R25:"},
      {"a raise when the stakes are exhausted", [] {
         State s = bet_open(2);
         must(s, Action::bet(2, mus::max_stake - 2));  // 999 proposed in all
         return s;
       },
       [](const State& s) { return Action::bet(s.to_act, 2); }, Errc::illegal_action, "R24:"},
      {"a bet past the largest stake", [] { return grande(); },
       [](const State&) { return Action::bet(1, mus::max_stake + 1); }, Errc::illegal_action,
       "R24:"},
      {"an opening bet of 1", [] { return grande(); },
       [](const State&) { return Action::bet(1, 1); }, Errc::bet_too_small, "R24:"},
      {"a raise below min_raise", [] { return bet_open(); },
       [](const State&) { return Action::bet(2, 1); }, Errc::bet_too_small, "R25:"},
      {"an accept with no bet", [] { return grande(); },
       [](const State&) { return Action::accept(1); }, Errc::illegal_action, "R25:"},
      {"a reject with no bet", [] { return grande(); },
       [](const State&) { return Action::reject(1); }, Errc::illegal_action, "R25:"},
      {"a raise below a proposed raise", [] { return proposed(Action::bet(2, 5)); },
       [](const State&) { return Action::bet(0, 4); }, Errc::bet_too_small, "R25a:"},
      {"an accept after a proposed raise", [] { return proposed(Action::bet(2, 5)); },
       [](const State&) { return Action::accept(0); }, Errc::illegal_action, "R25a:"},
      {"a reject after a proposed raise", [] { return proposed(Action::bet(2, 5)); },
       [](const State&) { return Action::reject(0); }, Errc::illegal_action, "R25a:"},
      {"a reject after a proposed accept", [] { return proposed(Action::accept(2)); },
       [](const State&) { return Action::reject(0); }, Errc::illegal_action, "R25a:"},
      // Signals (signal_refusal()).
      {"a signal in a mus corrido hand", [] { return dealt(corrido()); },
       [](const State&) { return Action::signal(0, Signal::need_mus); }, Errc::illegal_action,
       "R31:"},
      {"a signal number out of range", [] { return dealt(); },
       [](const State&) {
         Action a = Action::signal(0, Signal::need_mus);
         a.amount = 99;
         return a;
       },
       Errc::invalid_argument, "R33:"},
      {"need_mus outside the full set", [] { return dealt(); },
       [](const State&) { return Action::signal(0, Signal::need_mus); },
       Errc::signal_not_in_set, "R33a:"},
      {"any signal with signals=off", [] { return dealt(signals_off()); },
       [](const State&) { return Action::signal(0, Signal::duples); }, Errc::signal_not_in_set,
       "R33a:"},
      {"need_mus after the mus phase", [] { return grande(mus::online_rules()); },
       [](const State&) { return Action::signal(0, Signal::need_mus); }, Errc::wrong_phase,
       "R33a:"},
      {"a signal made twice", [] {
         State s = dealt();
         must(s, Action::signal(0, true_signal(s, 0)));
         return s;
       },
       [](const State& s) {
         // The signal seat 0 just made: the lowest bit of its signals.
         int k = 0;
         while (((s.signals[0] >> k) & 1U) == 0) ++k;
         return Action::signal(0, static_cast<Signal>(k));
       },
       Errc::illegal_action, "R33:"},
      {"a signal while cards are owed", [] {
         State s = discarding();
         must(s, Action::discard(1, std::uint64_t{1} << s.deck.hands[4]));  // seat 1's first card
         return s;
       },
       [](const State&) { return Action::signal(1, Signal::duples); }, Errc::illegal_action,
       "R33:"},
      {"a false signal", [] { return dealt(); },
       [](const State& s) { return Action::signal(2, false_signal(s, 2)); }, Errc::false_signal,
       "R33:"},
  };
  return table;
}

}  // namespace

TEST_CASE("R7-R33 every refusal names its rule and leaves the state as it was",
          "[match][refusal]") {
  for (const Row& row : rows()) {
    INFO(row.path);
    State s = row.state();
    const State before = s;
    const Action a = row.action(s);
    std::string_view why;
    Events ev;
    CHECK(mus::apply_in_place(s, a, &ev, &why) == row.code);
    CHECK(s == before);
    INFO("reason: " << why);
    CHECK(why.substr(0, row.rule.size()) == row.rule);
    CHECK(why.size() > row.rule.size() + 10);  // a reason follows the id
    // apply() gives the same code and reason in its Error.
    const auto r = mus::apply(before, a);
    REQUIRE_FALSE(r.ok());
    CHECK(r.error().code == row.code);
    CHECK(r.error().message == why);
    CHECK(r.error().describe() == std::string(why));
  }
}

TEST_CASE("R25a the partner of a proposed accept may not reject it: the exact reason",
          "[match][refusal][R25a]") {
  const State s = proposed(Action::accept(2));
  const auto r = mus::apply(s, Action::reject(0));
  REQUIRE_FALSE(r.ok());
  CHECK(r.error().message == "R25a: the partner of a proposed accept may not reject it");
  std::string_view why = "unchanged";
  State t = s;
  CHECK(mus::apply_in_place(t, Action::accept(0), nullptr, &why) == Errc::ok);
  CHECK(why == "unchanged");  // an accepted action leaves `why` alone
}

TEST_CASE("R24 the refusals of a lance are the complement of its legal mask",
          "[match][refusal][R24]") {
  // One statement of betting legality (bet_choices): every id in a lance is either in the mask
  // and applies, or out of it and is refused with a rule's reason.
  for (const State& s : {grande(), bet_open(), ordago_open(), proposed(Action::bet(2, 5)),
                         proposed(Action::accept(2)), proposed(Action::reject(2))}) {
    const std::uint64_t mask = mus::legal_action_mask(s);
    for (int id = mus::action_ids::pass; id < mus::action_ids::signal; ++id) {
      INFO("id " << id << " to act " << int(s.to_act));
      State t = s;
      std::string_view why;
      const Errc e = mus::apply_id_in_place(t, id, 0, nullptr, &why);
      CHECK((e == Errc::ok) == (((mask >> id) & 1U) != 0));
      if (e != Errc::ok) {
        CHECK(t == s);
        CHECK((why.substr(0, 4) == "R24:" || why.substr(0, 4) == "R25:" ||
               why.substr(0, 5) == "R25a:"));
      }
    }
  }
}

TEST_CASE("apply_in_place refuses a hand-edited state in a checked build", "[match][precondition]") {
  State s = grande();
  s.lance_index = 7;  // hand-edited past the four lances: s.lances[7] does not exist
  CHECK(mus::validate_state(s) == Errc::invalid_state);
#ifndef NDEBUG
  // The library of this build is a checked one (built without NDEBUG, as these tests are): it
  // checks the ranges of the state before it reads s.lances[s.lance_index].
  const State before = s;
  std::string_view why;
  CHECK(mus::apply_in_place(s, Action::pass(1), nullptr, &why) == Errc::invalid_state);
  CHECK(s == before);
  CHECK(why.substr(0, 14) == "invalid state:");
  State t = bet_open();
  t.bet.team = 5;  // a team that would index the scores out of range when the bet is refused
  CHECK(mus::apply_in_place(t, Action::reject(2)) == Errc::invalid_state);
  State u = grande();
  u.deck.hands[3] = 200;  // neither a card nor an empty slot: a shift past 64 bits
  CHECK(mus::apply_in_place(u, Action::pass(1)) == Errc::invalid_state);
#endif
}
