// Property test: random self-play over presets and variants (OpenSpiel's RandomSimTest idea).
// At every step: cards conserved, validate_state ok, score bounds, every listed legal action
// applies, random and wrong-seat actions are refused with the state byte-identical, seat
// views show nothing of the other seats' cards; at the end of each match, replaying the
// action log from the initial state gives the same state.
//
// The number of hands is MUS_MATCH_PROPERTY_HANDS (a compile definition set by CMake, CI
// default there), overridden at run time by the environment variable of the same name; it is
// split evenly over the test cases below and over the rule sets of each. The seed is fixed
// (MUS_MATCH_PROPERTY_SEED in the environment changes it).
#include <bit>
#include <cstdio>
#include <cstdlib>
#include <numeric>
#include <random>
#include <stdexcept>
#include <string>
#include <string_view>

#include "../random_player.hpp"
#include "match_test_util.hpp"

#ifndef MUS_MATCH_PROPERTY_HANDS
#define MUS_MATCH_PROPERTY_HANDS 120000
#endif

using namespace mt;
using mus::ActionKind;

namespace {

constexpr int property_cases = 4;  // the TEST_CASEs below share the hand budget

long env_long(const char* name, long fallback) {
  const char* v = std::getenv(name);
  if (v == nullptr || *v == '\0') return fallback;
  char* end = nullptr;
  const long n = std::strtol(v, &end, 10);
  return (end != nullptr && *end == '\0' && n >= 0) ? n : fallback;
}

long total_hands() { return env_long("MUS_MATCH_PROPERTY_HANDS", MUS_MATCH_PROPERTY_HANDS); }

std::uint64_t base_seed() {
  return static_cast<std::uint64_t>(env_long("MUS_MATCH_PROPERTY_SEED", 20240601));
}

struct NamedRules {
  const char* name;
  Rules rules;
};

struct Stats {
  long hands = 0;
  long matches = 0;
  long steps = 0;
  long refills = 0;
  long games = 0;
  long ordagos = 0;
  long dejes = 0;
  long peretes = 0;
  long refused_probes = 0;
  long proposals = 0;   // R25a propose events
  long agreements = 0;  // R25a agree events
  long deals = 0;       // deal events (a count independent of State::hand_number)
  long fresh_checks = 0;  // hands ended whose state was compared with a fresh one
};

// A copy made byte by byte, so a refused action can be checked with memcmp.
State byte_copy(const State& s) {
  State c;
  std::memcpy(&c, &s, sizeof(State));
  return c;
}

// Hot-path check: costs only the test when it passes (Catch's REQUIRE and INFO do work on
// every call, which matters over millions of steps under the sanitizers). A failure reports
// the expression with the rules, match, step and action being checked.
#define PROP(...)                                     \
  do {                                                \
    if (!(__VA_ARGS__)) fail(#__VA_ARGS__, __LINE__); \
  } while (false)

// Whether a refusal's reason starts with a rule id of docs/rules.md ("R25a: ...", "R12: ...",
// or a range "R13-R33: ...").
bool names_rule(std::string_view why) {
  if (why.size() < 3 || why[0] != 'R') return false;
  std::size_t i = 1;
  while (i < why.size() && why[i] >= '0' && why[i] <= '9') ++i;
  if (i == 1 || i >= why.size()) return false;
  if (why[i] == 'a') ++i;
  return i < why.size() && (why[i] == ':' || why[i] == '-');
}

// The state between hands built fresh from the position alone: a new match of the rules with
// the deal, the scores, the hand counters and the last hand's summary (its lance records are
// the hand's, and its first score the start of that hand) of `s`; every other field is
// new_match()'s.
State fresh_between_hands(const State& s) {
  const auto m = mus::new_match(s.rules, s.dealer);
  if (!m.ok()) return State{};
  State f = *m;
  f.phase = s.phase;  // shuffle, or match_over
  f.hand_number = s.hand_number;
  f.hand_in_game = s.hand_in_game;
  f.scores.points = s.scores.points;
  f.scores.games = s.scores.games;
  f.scores.vacas = s.scores.vacas;
  f.scores.match_winner = s.scores.match_winner;
  f.scores.hand_start = s.last.score_before;
  f.last = s.last;
  f.lances = s.last.lances;
  return f;
}

std::string describe(const Action& a) {
  std::string out(mus::action_kind_name(a.kind));
  out += " seat " + std::to_string(a.seat) + " amount " + std::to_string(a.amount) + " cards " +
         std::to_string(a.cards) + " seed " + std::to_string(a.seed);
  return out;
}

class Player {
 public:
  Player(const NamedRules& r, std::uint64_t seed, Stats& st)
      : name_(r.name), rules_(r.rules), rng_(seed), st_(st) {}

  void play_match() {
    uniform_ = (st_.matches % 2) == 1;
    const int dealer = static_cast<int>(rng_() % 4);
    const State initial = start(rules_, dealer);
    State s = initial;
    std::vector<Action> log;
    long steps = 0;
    while (s.phase != Phase::match_over) {
      step_ = steps;
      phase_ = s.phase;
      to_act_ = s.to_act;
      current_ = Action{};
      current_.kind = static_cast<ActionKind>(0);  // "?": checking the state itself
      check_state(s);
      const auto la = mus::legal_actions(s);
      PROP(la.size > 0);
      check_listed_apply(s, la);
      check_list_complete(s, la);
      probe_wrong_seat(s, la);
      probe_random(s, la);
      probe_signal(s, la);
      probe_targeted(s);
      const Action a = choose(s, la);
      step(s, a);
      log.push_back(a);
      ++steps;
      PROP(steps < 200000);  // the match ends
    }
    check_state(s);
    REQUIRE(mus::legal_actions(s).size == 0);
    {
      State c = byte_copy(s);
      CHECK(mus::apply_in_place(c, Action::shuffle_seed(1)) == Errc::match_over);
    }
    REQUIRE(s.scores.match_winner >= 0);
    CHECK(s.scores.vacas[static_cast<std::size_t>(s.scores.match_winner)] == rules_.vacas);
    // Replay: the same actions from the same initial state give the same state.
    const State replayed =
        std::accumulate(log.begin(), log.end(), initial, [](State acc, const Action& a) {
          const auto r = mus::apply(acc, a);
          if (!r.ok()) FAIL("replay refused " << describe(a));
          return *r;
        });
    CHECK(replayed == s);
    CHECK(std::memcmp(&replayed, &s, sizeof(State)) == 0);
    st_.hands += s.hand_number;
    st_.steps += steps;
    ++st_.matches;
  }

 private:
  // --- checks of one state --------------------------------------------------------------
  void check_state(const State& s) {
    PROP(mus::validate_state(s) == Errc::ok);
    PROP(cards_conserved(s));
    const bool new_hand_due =
        s.phase == Phase::match_over ||
        (s.phase == Phase::shuffle && std::all_of(s.deck.hands.begin(), s.deck.hands.end(),
                                                  [](auto id) { return id == mus::no_card; }));
    for (int t = 0; t < 2; ++t) {
      const int sc = s.scores.points[static_cast<std::size_t>(t)];
      PROP(sc >= 0);
      // Points only come after the cut; with dejes ending the game at once a score never
      // stands at the target, and between hands it never does in any variant.
      if (rules_.deje_ends || new_hand_due || s.phase == Phase::mus || s.phase == Phase::discard)
        PROP(sc < rules_.target);
    }
    if (s.phase != Phase::betting) PROP(mus::min_bet(s) == 0 && mus::max_bet(s) == 0);
    // The predicates: a due shuffle is either a deal (the cards gathered) or a refill (a seat
    // owed cards, the pile to shuffle), and a bet waits for an answer exactly when accept is
    // listed.
    PROP((s.deal_due() || s.refill_due()) == (s.phase == Phase::shuffle));
    PROP(!(s.deal_due() && s.refill_due()));
    if (s.deal_due()) PROP(new_hand_due && s.deck.pile == 0);
    if (s.refill_due()) {
      int owed = 0;
      for (const auto n : s.deck.need) owed += n;
      PROP(owed > 0);
      PROP(mus::cards_to_shuffle(s) == s.deck.pile);
    }
    if (s.phase != Phase::match_over && s.phase != Phase::shuffle) {
      const mus::ActionList la = mus::legal_actions(s);
      bool accept_listed = false;
      for (std::size_t i = 0; i < la.size; ++i)
        accept_listed = accept_listed || la.items[i].kind == ActionKind::accept;
      // An answer is due exactly when accept is listed, except after a proposed raise (R25a),
      // when the partner may only agree with the raise or raise more.
      const bool raise_proposed = s.bet.proposal == static_cast<std::uint8_t>(ActionKind::bet);
      PROP(s.answer_due() == (accept_listed || raise_proposed));
      if (raise_proposed) PROP(!accept_listed);
    } else {
      PROP(!s.answer_due());
    }
    if (s.phase == Phase::match_over) {
      PROP(s.to_act == -1);
    } else if (s.phase == Phase::shuffle) {
      PROP(s.to_act == -1);
    } else {
      PROP(s.to_act >= 0);
      PROP(s.to_act < 4);
    }
    // Seat views: the own hand, and nothing of the cards the seat cannot see.
    for (int seat = 0; seat < 4; ++seat) {
      const auto v = mus::view_of(s, seat);
      PROP(v.seat == seat);
      PROP(v.hand == slots(s, seat));
      PROP(v.stock_count == s.deck.stock_end - s.deck.stock_pos);
      PROP(v.pile_count == std::popcount(s.deck.pile));
      PROP(v.score == s.scores.points);
      PROP(v.phase == s.phase);
      PROP(v.to_act == s.to_act);
      PROP(v.last.shown == s.last.shown);  // the showdown is public (R28a)
      PROP(same_view(v, mus::view_of(hide_and_shuffle(s, seat), seat)));
    }
  }

  // --- every listed action applies --------------------------------------------------------
  void check_listed_apply(const State& s, const mus::ActionList& la) {
    for (std::size_t i = 0; i < la.size; ++i) {
      const Action& a = la.items[i];
      if (a.kind != ActionKind::shuffle && a.kind != ActionKind::signal) PROP(a.seat == s.to_act);
      current_ = a;
      State c = byte_copy(s);
      PROP(mus::apply_in_place(c, a) == Errc::ok);
      if (a.kind == ActionKind::bet) {
        PROP(a.amount >= mus::min_bet(s));
        PROP(a.amount <= mus::max_bet(s));
        PROP(mus::min_bet(s) >= (s.bet.open ? rules_.min_raise : 2));
        // The largest bet applies too (one more is probed in probe_targeted).
        State m = byte_copy(s);
        PROP(mus::apply_in_place(m, Action::bet(a.seat, mus::max_bet(s))) == Errc::ok);
      }
      if (a.kind == ActionKind::discard) PROP(a.cards != 0 || rules_.zero_discard);
    }
  }

  // The list is complete: every rung of the bet ladder between the bet limits, every allowed
  // discard subset, every true signal not yet made (R14, R24, R25, R33).
  void check_list_complete(const State& s, const mus::ActionList& la) {
    int bets = 0, discards = 0;
    unsigned signals = 0;
    for (std::size_t i = 0; i < la.size; ++i) {
      const Action& a = la.items[i];
      if (a.kind == ActionKind::bet) ++bets;
      if (a.kind == ActionKind::discard) ++discards;
      if (a.kind == ActionKind::signal) signals |= 1U << a.amount;
    }
    int rungs = 0;
    if (mus::min_bet(s) > 0)
      for (const int amount : mus::bet_ladder)
        if (amount >= mus::min_bet(s) && amount <= mus::max_bet(s)) ++rungs;
    PROP(bets == rungs);
    PROP(discards == (s.phase == Phase::discard ? (rules_.zero_discard ? 16 : 15) : 0));
    unsigned open = 0;
    if (s.to_act >= 0)
      for (int k = 0; k < mus::signal_count; ++k)
        if (s.signal_allowed(s.to_act, static_cast<mus::Signal>(k))) open |= 1U << k;
    PROP(signals == open);
  }

  // Refusal must leave the state byte-identical.
  void expect_refused(const State& s, const Action& a, Errc expected) {
    current_ = a;
    State c = byte_copy(s);
    std::string_view why;
    const Errc e = mus::apply_in_place(c, a, nullptr, &why);
    PROP(e == expected);
    PROP(names_rule(why));
    PROP(std::memcmp(&c, &s, sizeof(State)) == 0);
    ++st_.refused_probes;
  }

  // --- actions from the wrong seat ---------------------------------------------------------
  void probe_wrong_seat(const State& s, const mus::ActionList& la) {
    if (s.phase == Phase::shuffle) return;
    for (std::size_t i = 0; i < la.size; ++i) {
      Action a = la.items[i];
      if (a.kind == ActionKind::signal) continue;  // any seat may signal
      a.seat = static_cast<std::int8_t>((s.to_act + 1 + static_cast<int>(rng_() % 3)) % 4);
      expect_refused(s, a, Errc::not_your_turn);
    }
  }

  // --- random actions: refused untouched, or legal by the list ---------------------------
  void probe_random(const State& s, const mus::ActionList& la) {
    for (int k = 0; k < 3; ++k) {
      Action a;
      a.kind = static_cast<ActionKind>(rng_() % 14);  // 0 and 12, 13 are not kinds
      const int r = static_cast<int>(rng_() % 8);
      a.seat = static_cast<std::int8_t>(r < 4 ? s.to_act : r - 2);  // -2..5
      a.amount = static_cast<std::int32_t>(rng_() % 50) - 5;
      a.cards = (rng_() % 2) ? (rng_() & ((std::uint64_t{1} << 40) - 1)) : rng_();
      if (a.kind == ActionKind::shuffle && rng_() % 2) a.seat = -1;
      if (a.kind == ActionKind::shuffle && a.amount > 0) {
        for (auto& o : a.order) o = static_cast<std::uint8_t>(rng_() % 42);
      }
      current_ = a;
      State c = byte_copy(s);
      std::string_view why;
      const Errc e = mus::apply_in_place(c, a, nullptr, &why);
      if (e != Errc::ok) {
        PROP(names_rule(why));  // every refusal says which rule refused it
        PROP(std::memcmp(&c, &s, sizeof(State)) == 0);
        ++st_.refused_probes;
        continue;
      }
      // Accepted: it must be one of the listed kinds, within the listed bounds.
      if (a.kind == ActionKind::signal) {
        PROP(s.no_signals == 0);
        PROP(a.seat >= 0);
        PROP(a.seat < 4);
        const auto bit = 1U << a.amount;
        PROP((s.signals[static_cast<std::size_t>(a.seat)] & bit) == 0);
        for (const auto id : slots(s, a.seat)) PROP(id != mus::no_card);
        PROP(
            mus::signal_true(static_cast<mus::Signal>(a.amount), mus::hand_of(s, a.seat), s.rules));
        continue;
      }
      bool listed = false;
      for (std::size_t i = 0; i < la.size; ++i) {
        const Action& l = la.items[i];
        if (l.kind != a.kind || l.seat != a.seat) continue;
        if (a.kind == ActionKind::bet) {
          // Any amount within the limits, on the ladder or not.
          listed = a.amount >= mus::min_bet(s) && a.amount <= mus::max_bet(s);
        } else if (a.kind == ActionKind::discard) {
          listed = listed || l.cards == a.cards;  // exactly one listed subset
        } else {
          listed = true;
        }
      }
      PROP(listed);
    }
  }

  // --- a random signal from a random seat, against an oracle -------------------------------
  // R33a by the rules alone: the signal sets of rules.md, need_mus only in the mus phase.
  static bool in_set(mus::SignalSet set, mus::Signal sig) {
    using mus::Signal;
    switch (set) {
      case mus::SignalSet::full: return sig != Signal::need_mus;
      case mus::SignalSet::online:
        for (const Signal x : {Signal::need_mus, Signal::two_kings, Signal::three_kings,
                               Signal::two_aces, Signal::three_aces, Signal::duples, Signal::medias,
                               Signal::juego_31, Signal::solomillo})
          if (sig == x) return true;
        return false;
      case mus::SignalSet::off: return false;
    }
    return false;
  }
  static bool usable_now(const State& s, mus::Signal sig) {
    return in_set(s.rules.signals, sig) && (sig != mus::Signal::need_mus || s.phase == Phase::mus);
  }

  // R33, R33a and R31 by the rules alone: no signals outside the playing phases or in a mus
  // corrido hand, none outside the rules' set (need_mus only in the mus phase), none twice,
  // none with a card missing, and the hand must match (eval's signal_true).
  void probe_signal(const State& s, const mus::ActionList& la) {
    const int seat = static_cast<int>(rng_() % 4);
    const int k = static_cast<int>(rng_() % mus::signal_count);
    const auto sig = static_cast<mus::Signal>(k);
    bool complete = true;
    for (const auto id : slots(s, seat)) complete = complete && id != mus::no_card;
    const bool playing = s.phase == Phase::mus || s.phase == Phase::discard ||
                         s.phase == Phase::betting || s.phase == Phase::perete;
    Errc expected = Errc::ok;
    if (!playing) {
      expected = Errc::wrong_phase;
    } else if (s.no_signals) {
      expected = Errc::illegal_action;
    } else if (!in_set(s.rules.signals, sig)) {
      expected = Errc::signal_not_in_set;
    } else if (!usable_now(s, sig)) {
      expected = Errc::wrong_phase;
    } else if (((s.signals[static_cast<std::size_t>(seat)] >> k) & 1U) || !complete) {
      expected = Errc::illegal_action;
    } else if (!mus::signal_true(sig, mus::hand_of(s, seat), s.rules)) {
      expected = Errc::false_signal;
    }
    const Action a = Action::signal(seat, sig);
    current_ = a;
    State c = byte_copy(s);
    const Errc e = mus::apply_in_place(c, a);
    PROP(e == expected);
    PROP(s.signal_allowed(seat, sig) == (expected == Errc::ok));  // the same rule, asked
    PROP(!s.signal_allowed(-1, sig) && !s.signal_allowed(4, sig));
    PROP(s.corrido_hand() == (s.no_signals != 0));
    if (e != Errc::ok) PROP(std::memcmp(&c, &s, sizeof(State)) == 0);
    // The listed signals are every true signal the seat to act has not made yet.
    if (playing && s.to_act >= 0) {
      unsigned expect = 0;
      bool full = true;
      for (const auto id : slots(s, s.to_act)) full = full && id != mus::no_card;
      if (!s.no_signals && full)
        for (int j = 0; j < mus::signal_count; ++j)
          if (((s.signals[static_cast<std::size_t>(s.to_act)] >> j) & 1U) == 0 &&
              usable_now(s, static_cast<mus::Signal>(j)) &&
              mus::signal_true(static_cast<mus::Signal>(j), mus::hand_of(s, s.to_act), s.rules))
            expect |= 1U << j;
      unsigned listed = 0;
      for (std::size_t i = 0; i < la.size; ++i)
        if (la.items[i].kind == ActionKind::signal) listed |= 1U << la.items[i].amount;
      PROP(listed == expect);
    }
  }

  // --- actions refused for a known reason ---------------------------------------------------
  void probe_targeted(const State& s) {
    const int seat = s.to_act;
    switch (s.phase) {
      case Phase::shuffle: {
        // Player actions, a shuffle with a seat, and a duplicated explicit order.
        expect_refused(s, Action::mus(static_cast<int>(rng_() % 4)), Errc::wrong_phase);
        Action a = Action::shuffle_seed(rng_());
        a.seat = static_cast<std::int8_t>(rng_() % 4);
        expect_refused(s, a, Errc::invalid_argument);
        const bool refill = std::any_of(s.deck.hands.begin(), s.deck.hands.end(),
                                        [](auto id) { return id != mus::no_card; });
        std::array<std::uint8_t, 40> bad{};
        if (!refill) {
          bad.fill(static_cast<std::uint8_t>(rng_() % 40));  // 40 times the same card
          expect_refused(s, Action::shuffle_order(bad.data(), 40), Errc::bad_shuffle);
        } else {
          // The right count, but a card held by a seat instead of the pile's.
          const int n = std::popcount(s.deck.pile);
          std::uint8_t held = mus::no_card;
          for (const auto id : s.deck.hands)
            if (id != mus::no_card) held = id;
          bad.fill(held);
          expect_refused(s, Action::shuffle_order(bad.data(), n), Errc::bad_shuffle);
        }
        break;
      }
      case Phase::mus:
        expect_refused(s, Action::pass(seat), Errc::wrong_phase);
        expect_refused(s, Action::shuffle_seed(1), Errc::wrong_phase);
        break;
      case Phase::discard: {
        const std::uint64_t own = [&] {
          std::uint64_t m = 0;
          for (const auto id : slots(s, seat)) m |= std::uint64_t{1} << id;
          return m;
        }();
        const std::uint64_t foreign = ((std::uint64_t{1} << 40) - 1) & ~own;
        // One card of someone else (or of the stock or pile) makes the discard illegal.
        const int pick = static_cast<int>(rng_() % 36);
        std::uint64_t f = foreign;
        for (int i = 0; i < pick; ++i) f &= f - 1;
        expect_refused(s, Action::discard(seat, own | (f & (~f + 1))), Errc::card_not_in_hand);
        if (!rules_.zero_discard) expect_refused(s, Action::discard(seat, 0), Errc::illegal_action);
        expect_refused(s, Action::mus(seat), Errc::wrong_phase);
        break;
      }
      case Phase::betting: {
        if (s.bet.open) {
          expect_refused(s, Action::pass(seat), Errc::illegal_action);
          // R25a: the partner's limits after a proposed accept or raise.
          if (s.bet.proposal == static_cast<std::uint8_t>(mus::ActionKind::accept))
            expect_refused(s, Action::reject(seat), Errc::illegal_action);
          if (s.bet.proposal == static_cast<std::uint8_t>(mus::ActionKind::bet)) {
            expect_refused(s, Action::accept(seat), Errc::illegal_action);
            expect_refused(s, Action::reject(seat), Errc::illegal_action);
            PROP(mus::min_bet(s) == s.bet.proposal_amount);
          }
        } else {
          expect_refused(s, Action::accept(seat), Errc::illegal_action);
          expect_refused(s, Action::reject(seat), Errc::illegal_action);
        }
        const int lo = mus::min_bet(s);
        const int hi = mus::max_bet(s);
        if (lo > 0) {
          expect_refused(s, Action::bet(seat, lo - 1), Errc::bet_too_small);
          expect_refused(s, Action::bet(seat, hi + 1), Errc::illegal_action);
        } else {
          expect_refused(s, Action::bet(seat, 2), Errc::illegal_action);
        }
        if (s.bet.open && s.bet.ordago)
          expect_refused(s, Action::ordago(seat), Errc::illegal_action);
        expect_refused(s, Action::mus(seat), Errc::wrong_phase);
        break;
      }
      case Phase::perete: expect_refused(s, Action::bet(seat, 2), Errc::wrong_phase); break;
      default: break;
    }
  }

  // --- the random choice ----------------------------------------------------------------
  // Odd matches choose uniformly among the listed actions, even ones play "long" (mostly mus,
  // small bets, rare órdagos): see tests/random_player.hpp.
  Action choose(const State& s, const mus::ActionList& la) {
    return mus_test::with_chance(s, la.items[mus_test::pick_listed(s, la, uniform_, rng_)], rng_);
  }

  // --- one step, with the checks of its outcome --------------------------------------------
  void step(State& s, const Action& a) {
    const State before = s;
    Events ev;
    current_ = a;
    PROP(mus::apply_in_place(s, a, &ev) == Errc::ok);
    PROP(ev.size < Events::capacity);  // a full list may have dropped events
    // The running score of the hand, from the public events alone: tío Perete points, dejes
    // and the count's points, added to the score at the deal.
    std::array<int, 2> counted{0, 0};
    for (std::size_t i = 0; i < ev.size; ++i) {
      const auto& e = ev.items[i];
      const auto team = static_cast<std::size_t>(e.team < 0 ? 0 : e.team);
      switch (e.kind) {
        case EventKind::deal:
          running_ = {s.scores.points[0], s.scores.points[1]};
          ++st_.deals;
          break;
        case EventKind::refill: ++st_.refills; break;
        case EventKind::game: ++st_.games; break;
        case EventKind::deje:
          ++st_.dejes;
          PROP(e.team >= 0);
          running_[team] += e.amount;
          break;
        case EventKind::showdown: ++st_.ordagos; break;
        case EventKind::propose:  // R25a: only a proposal, nothing else happens in the step
          ++st_.proposals;
          PROP(rules_.answers == mus::Answers::proposal);
          PROP(ev.size == 1);
          PROP(before.bet.answer_stage == 0 && before.bet.answer_second >= 0);
          PROP(s.bet.proposal == e.value && s.to_act == before.bet.answer_second);
          PROP(s.bet.proposed == before.bet.proposed && s.scores.points == before.scores.points);
          break;
        case EventKind::agree:
          ++st_.agreements;
          PROP(before.bet.proposal == e.value && e.seat == before.bet.answer_second);
          break;
        case EventKind::perete:
          ++st_.peretes;
          PROP(e.team >= 0);
          running_[team] += e.amount;
          break;
        case EventKind::count:
          PROP(e.team >= 0);
          running_[team] += e.amount;
          counted[team] += e.amount;
          break;
        default: break;
      }
    }
    const bool game_won = !events_of(ev, EventKind::game).empty();
    if (game_won) {
      PROP(s.scores.points == std::array<std::int16_t, 2>{0, 0});
      PROP(s.last.game_winner >= 0);
    }
    if (s.last.number == before.last.number) {
      PROP(std::array<int, 2>{s.scores.points[0], s.scores.points[1]} == running_);
    } else {
      // A hand ended: its summary is consistent.
      const auto& h = s.last;
      PROP(h.number == before.hand_number);
      PROP(h.end != HandEnd::none);
      PROP(s.dealer == h.mano);  // R10: the mano deals next
      PROP(s.mano == (h.mano + 1) % 4);
      PROP(game_won == (h.game_winner >= 0));
      // R28a: the count and an accepted órdago show the four hands as they stood; a deje that
      // ends the game at once (deje_ends) shows none.
      const bool shows = h.end == HandEnd::count || h.end == HandEnd::ordago ||
                         (h.end == HandEnd::deje && !rules_.deje_ends);
      PROP(h.shown == (shows ? before.deck.hands : mus::no_shown_cards));
      const auto gw = static_cast<std::size_t>(h.game_winner);
      switch (h.end) {
        case HandEnd::count:
          if (h.game_winner >= 0) {
            PROP(h.score_after[gw] >= rules_.target);
          } else {
            PROP(h.score_after[0] < rules_.target);
            PROP(h.score_after[1] < rules_.target);
            PROP(s.scores.points == h.score_after);
          }
          break;
        case HandEnd::deje:
          PROP(h.game_winner >= 0);
          PROP(h.score_after[gw] >= rules_.target);
          break;
        case HandEnd::ordago: {
          PROP(h.game_winner >= 0);
          int showdowns = 0;
          for (const auto& l : h.lances)
            if (l.status == LanceStatus::ordago) {
              ++showdowns;
              PROP(l.winner_team == h.game_winner);
            }
          PROP(showdowns == 1);
          break;
        }
        default: fail("a hand end of none", __LINE__);
      }
      // The summary's final score is the running score, and the lances' recorded points
      // are what the count events gave.
      PROP(std::array<int, 2>{h.score_after[0], h.score_after[1]} == running_);
      if (!game_won) PROP(std::array<int, 2>{s.scores.points[0], s.scores.points[1]} == running_);
      std::array<int, 2> recorded{0, 0};
      for (const auto& l : h.lances) {
        if (!l.counted) {
          PROP(l.points == 0);
          continue;
        }
        PROP(h.end == HandEnd::count);
        PROP(l.winner_team >= 0);
        recorded[static_cast<std::size_t>(l.winner_team)] += l.points;
        if (l.status == LanceStatus::refused) PROP(l.winner_team == l.bet_team);
      }
      PROP(recorded == counted);
      // One position, one value: the state the hand left is the one built fresh for where the
      // match stands, so nothing of the hand rides into the next one.
      const State fresh = fresh_between_hands(s);
      PROP(fresh == s);
      PROP(std::memcmp(&fresh, &s, sizeof(State)) == 0);
      ++st_.fresh_checks;
    }
  }

  [[noreturn]] void fail(const char* what, int line) {
    std::string msg = std::string("property check failed at line ") + std::to_string(line) + ": " +
                      what + "\n  rules: " + name_ + "\n  match " + std::to_string(st_.matches) +
                      ", step " + std::to_string(step_) + ", phase " +
                      std::string(mus::phase_name(phase_)) + ", to_act " + std::to_string(to_act_) +
                      "\n  action: " + describe(current_);
    FAIL(msg);
    throw std::logic_error(msg);  // not reached: FAIL throws
  }

  const char* name_;
  Action current_{};
  long step_ = 0;
  Phase phase_ = Phase::shuffle;
  int to_act_ = -1;
  std::array<int, 2> running_{0, 0};
  bool uniform_ = true;

  Rules rules_;
  std::mt19937_64 rng_;
  Stats& st_;
};

void run_property(const char* label, const std::vector<NamedRules>& sets, std::uint64_t salt) {
  const long per_case = (total_hands() + property_cases - 1) / property_cases;
  const long per_set =
      (per_case + static_cast<long>(sets.size()) - 1) / static_cast<long>(sets.size());
  Stats all;
  for (std::size_t i = 0; i < sets.size(); ++i) {
    INFO("rules " << sets[i].name);
    REQUIRE(mus::validate(sets[i].rules).ok());
    Stats st;
    Player p(sets[i], base_seed() ^ (salt * 0x9E3779B97F4A7C15ULL) ^ (i * 0x1000193ULL), st);
    while (st.hands < per_set) p.play_match();
    // Two counts of the hands dealt: the states' hand numbers and the deal events.
    CHECK(st.deals == st.hands);
    CHECK(st.fresh_checks == st.hands);  // every hand ended, and was compared
    all.hands += st.hands;
    all.matches += st.matches;
    all.steps += st.steps;
    all.refills += st.refills;
    all.games += st.games;
    all.ordagos += st.ordagos;
    all.dejes += st.dejes;
    all.peretes += st.peretes;
    all.refused_probes += st.refused_probes;
    all.proposals += st.proposals;
    all.agreements += st.agreements;
    // R25a: proposals happen exactly under answers=proposal (the online preset).
    if (sets[i].rules.answers == mus::Answers::first) CHECK(st.proposals == 0);
    if (sets[i].rules.answers == mus::Answers::proposal && per_set >= 500) {
      CHECK(st.proposals > 0);
      CHECK(st.agreements > 0);
    }
  }
  std::printf(
      "[property %s] hands %ld, matches %ld, steps %ld, games %ld, refills %ld, showdowns %ld, "
      "dejes %ld, peretes %ld, refused probes %ld, proposals %ld, agreements %ld\n",
      label, all.hands, all.matches, all.steps, all.games, all.refills, all.ordagos, all.dejes,
      all.peretes, all.refused_probes, all.proposals, all.agreements);
  std::fflush(stdout);
  // The random play reaches the interesting places (with a meaningful budget).
  if (per_case >= 2000) {
    CHECK(all.games > 0);
    CHECK(all.refills > 0);
    CHECK(all.ordagos > 0);
    CHECK(all.dejes > 0);
  }
}

Rules with(Rules r, void (*f)(Rules&)) {
  f(r);
  return r;
}

}  // namespace

TEST_CASE("Property: random self-play, presets standard basque online spain", "[match][property]") {
  run_property("presets",
               {{"standard", mus::standard_rules()},
                {"basque", mus::basque_rules()},
                {"online", mus::online_rules()},
                {"spain", mus::spain_rules()}},
               1);
}

TEST_CASE(
    "Property: random self-play, variants tio_perete zero_discard min_raise mus_corrido "
    "signals",
    "[match][property]") {
  run_property(
      "variants",
      {{"standard tio_perete=1",
        with(mus::standard_rules(), [](Rules& r) { r.tio_perete = true; })},
       {"standard zero_discard=1",
        with(mus::standard_rules(), [](Rules& r) { r.zero_discard = true; })},
       {"standard min_raise=1", with(mus::standard_rules(), [](Rules& r) { r.min_raise = 1; })},
       {"standard mus_corrido=match",
        with(mus::standard_rules(), [](Rules& r) { r.mus_corrido = mus::MusCorrido::match; })},
       {"online tio_perete=1 zero_discard=1", with(mus::online_rules(),
                                                   [](Rules& r) {
                                                     r.tio_perete = true;
                                                     r.zero_discard = true;
                                                   })},
       {"standard signals=off",
        with(mus::standard_rules(), [](Rules& r) { r.signals = mus::SignalSet::off; })},
       {"standard signals=online",
        with(mus::standard_rules(), [](Rules& r) { r.signals = mus::SignalSet::online; })}},
      2);
}

TEST_CASE("Property: random self-play, 31 real options", "[match][property]") {
  run_property(
      "royal31",
      {{"standard royal31=jack777",
        with(mus::standard_rules(), [](Rules& r) { r.royal31 = mus::Royal31::jack777; })},
       {"standard royal31=figure777",
        with(mus::standard_rules(), [](Rules& r) { r.royal31 = mus::Royal31::figure777; })},
       {"basque royal31=jack777_other_suits",
        with(mus::basque_rules(), [](Rules& r) { r.royal31 = mus::Royal31::jack777_other_suits; })},
       {"online royal31=jack_of_coins777",
        with(mus::online_rules(), [](Rules& r) { r.royal31 = mus::Royal31::jack_of_coins777; })},
       {"spain royal31=jack_of_coins_any777",
        with(mus::spain_rules(),
             [](Rules& r) { r.royal31 = mus::Royal31::jack_of_coins_any777; })}},
      3);
}

TEST_CASE("Property: random self-play, small targets", "[match][property]") {
  run_property(
      "small targets",
      {{"standard target=10", with(mus::standard_rules(), [](Rules& r) { r.target = 10; })},
       {"online target=10 tio_perete=1", with(mus::online_rules(),
                                              [](Rules& r) {
                                                r.target = 10;
                                                r.tio_perete = true;
                                              })},
       {"basque target=10 games_per_vaca=2 vacas=2", with(mus::basque_rules(),
                                                          [](Rules& r) {
                                                            r.target = 10;
                                                            r.games_per_vaca = 2;
                                                            r.vacas = 2;
                                                          })},
       {"standard target=3 min_raise=1 vacas=3", with(mus::standard_rules(),
                                                      [](Rules& r) {
                                                        r.target = 3;
                                                        r.min_raise = 1;
                                                        r.vacas = 3;
                                                      })}},
      4);
}
