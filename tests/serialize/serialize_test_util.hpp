// Helpers shared by the serialization and state validation tests: a random player that drives
// whole matches through the reducer (with a callback at every step), field-by-field equality
// of seat views, and small state builders.
#ifndef MUS_TESTS_SERIALIZE_TEST_UTIL_HPP
#define MUS_TESTS_SERIALIZE_TEST_UTIL_HPP

#include "../catch.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <random>
#include <string>
#include <vector>

#include "../random_player.hpp"
#include "mus/match.hpp"
#include "mus/serialize.hpp"

namespace Catch {
template <>
struct StringMaker<mus::Errc> {
  static std::string convert(mus::Errc e) { return std::string(mus::errc_text(e)); }
};
}  // namespace Catch

namespace st {

using mus::Action;
using mus::ActionKind;
using mus::Errc;
using mus::Events;
using mus::Phase;
using mus::Rules;
using mus::State;

// A number from the environment (a non-negative decimal), or the fallback.
inline long env_long(const char* name, long fallback) {
  const char* v = std::getenv(name);
  if (v == nullptr || *v == '\0') return fallback;
  char* end = nullptr;
  const long n = std::strtol(v, &end, 10);
  return (end != nullptr && *end == '\0' && n >= 0) ? n : fallback;
}

struct NamedRules {
  const char* name;
  Rules rules;
};

inline Rules with(Rules r, void (*f)(Rules&)) {
  f(r);
  return r;
}

// Presets and the variants that change the flow or the state's fields: every flag of Rules
// and every mus corrido option, small targets (many games and vacas) and a large one.
inline std::vector<NamedRules> rule_sets() {
  return {
      {"standard", mus::standard_rules()},
      {"basque", mus::basque_rules()},
      {"online", mus::online_rules()},
      {"spain", mus::spain_rules()},
      {"standard tio_perete=1 zero_discard=1", with(mus::standard_rules(),
                                                    [](Rules& r) {
                                                      r.tio_perete = true;
                                                      r.zero_discard = true;
                                                    })},
      {"online tio_perete=1 min_raise=1 royal31=jack777", with(mus::online_rules(),
                                                               [](Rules& r) {
                                                                 r.tio_perete = true;
                                                                 r.min_raise = 1;
                                                                 r.royal31 = mus::Royal31::jack777;
                                                               })},
      {"standard mus_corrido=match kings=4", with(mus::standard_rules(),
                                                  [](Rules& r) {
                                                    r.mus_corrido = mus::MusCorrido::match;
                                                    r.kings = 4;
                                                  })},
      {"basque target=10 games_per_vaca=2 vacas=2", with(mus::basque_rules(),
                                                         [](Rules& r) {
                                                           r.target = 10;
                                                           r.games_per_vaca = 2;
                                                           r.vacas = 2;
                                                         })},
      {"online target=5 vacas=3 zero_discard=1", with(mus::online_rules(),
                                                      [](Rules& r) {
                                                        r.target = 5;
                                                        r.vacas = 3;
                                                        r.zero_discard = true;
                                                      })},
  };
}

// Plays whole matches with random legal actions. Odd matches choose uniformly among the
// listed actions (short hands, órdagos, bets of any size); even matches play "long" (mostly
// mus, so several discard rounds and stock refills; small bets). Shuffles are seeds or,
// one time in four, explicit orders; now and then a seat other than the one to act makes a
// true signal.
class Player {
 public:
  Player(const Rules& rules, std::uint64_t seed) : rules_(rules), rng_(seed) {}

  std::mt19937_64& rng() { return rng_; }

  // Plays one match to the end: `on_state(s)` before each action, then
  // `on_step(before, action, events, after)`. Returns the number of hands dealt.
  template <class OnState, class OnStep>
  long play_match(OnState&& on_state, OnStep&& on_step) {
    uniform_ = !uniform_;
    const auto m = mus::new_match(rules_, static_cast<int>(rng_() % 4));
    REQUIRE(m.ok());
    State s = *m;
    long hands = 0;
    while (s.phase != Phase::match_over) {
      on_state(s);
      const Action a = choose(s);
      Events ev;
      const State before = s;
      const Errc e = mus::apply_in_place(s, a, &ev);
      if (e != Errc::ok) {
        FAIL("the reducer refused a chosen action: " << mus::errc_text(e) << " for "
                                                     << mus::action_to_text(a));
      }
      if (a.kind == ActionKind::shuffle && before.deal_due()) ++hands;
      on_step(before, a, ev, s);
    }
    on_state(s);
    return hands;
  }

  // A legal action for the state (which must not be over).
  Action choose(const State& s) {
    if (s.phase != Phase::shuffle && !s.corrido_hand() && rng_() % 16 == 0) {
      const Action sig =
          mus::Action::signal(static_cast<int>(rng_() % 4), static_cast<mus::Signal>(rng_() % 14));
      State c = s;
      if (mus::apply_in_place(c, sig) == Errc::ok) return sig;
    }
    const auto la = mus::legal_actions(s);
    if (la.size == 0) FAIL("no legal action in phase " << mus::phase_name(s.phase));
    return mus_test::with_chance(s, la.items[mus_test::pick_listed(s, la, uniform_, rng_)], rng_);
  }

 private:
  Rules rules_;
  std::mt19937_64 rng_;
  bool uniform_ = false;
};

inline bool same_record(const mus::LanceRecord& a, const mus::LanceRecord& b) {
  return a.lance == b.lance && a.status == b.status && a.bet_team == b.bet_team &&
         a.winner_team == b.winner_team && a.winner_seat == b.winner_seat && a.tantos == b.tantos &&
         a.counted == b.counted && a.stake == b.stake && a.points == b.points;
}

// Every field of two seat views.
inline bool same_view(const mus::SeatView& a, const mus::SeatView& b) { return a == b; }

// The action with only the fields its kind uses (what the line form keeps).
inline Action normalized(const Action& a) {
  Action n;
  n.kind = a.kind;
  switch (a.kind) {
    case ActionKind::shuffle:
      n.seat = -1;
      n.amount = a.amount;
      if (a.amount == 0) n.seed = a.seed;
      for (int i = 0; i < a.amount && i < 40; ++i)
        n.order[static_cast<std::size_t>(i)] = a.order[static_cast<std::size_t>(i)];
      break;
    case ActionKind::discard:
      n.seat = a.seat;
      n.cards = a.cards;
      break;
    case ActionKind::bet:
    case ActionKind::signal:
      n.seat = a.seat;
      n.amount = a.amount;
      break;
    default: n.seat = a.seat; break;
  }
  return n;
}

}  // namespace st

#endif  // MUS_TESTS_SERIALIZE_TEST_UTIL_HPP
