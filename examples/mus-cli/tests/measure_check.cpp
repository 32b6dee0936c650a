// The statistics of `mus-cli sim --duplicate` (measure.hpp) with known inputs: the Wilson
// interval against published values, the mean and standard error, and the ledger's raw and
// capped points and órdago counters fed with hand-made events.
#include <vector>

#include "../measure.hpp"
#include "catch.hpp"

namespace {

using muscli::Ledger;

mus::Event event(mus::EventKind kind, int team, int amount = 0) {
  mus::Event e;
  e.kind = kind;
  e.team = static_cast<std::int8_t>(team);
  e.amount = amount;
  return e;
}

// A state with the standard rules (target 40) and the given game scores.
mus::State scored(int points0, int points1) {
  mus::State s;
  s.rules = mus::standard_rules();
  s.scores.points = {static_cast<std::int16_t>(points0), static_cast<std::int16_t>(points1)};
  return s;
}

void step(Ledger& l, const mus::State& before, std::initializer_list<mus::Event> events) {
  mus::Events ev;
  for (const mus::Event& e : events) ev.push(e);
  l.step(before, ev);
}

}  // namespace

TEST_CASE("sim statistics: the Wilson 95% interval has its published values") {
  // 0 of 10: [0, 0.2775] (Wilson 1927; Newcombe 1998, method 3).
  const muscli::Interval none = muscli::wilson(0, 10);
  CHECK(none.low == 0.0);
  CHECK(none.high > 0.27752);
  CHECK(none.high < 0.27754);
  const muscli::Interval all = muscli::wilson(10, 10);
  CHECK(all.low > 0.72246);
  CHECK(all.low < 0.72248);
  CHECK(all.high > 0.9999999);
  CHECK(all.high <= 1.0);
  // 893 of 1,000: 87.23%–91.07% (docs/bots.md's search vs heuristic).
  const muscli::Interval i = muscli::wilson(893, 1000);
  CHECK(i.low > 0.87231);
  CHECK(i.low < 0.87232);
  CHECK(i.high > 0.91067);
  CHECK(i.high < 0.91068);
  // Symmetric around one half, and the whole range without trials.
  const muscli::Interval half = muscli::wilson(1, 2);
  CHECK(half.low + half.high > 0.9999999);
  CHECK(half.low + half.high < 1.0000001);
  CHECK(muscli::wilson(0, 0).low == 0.0);
  CHECK(muscli::wilson(0, 0).high == 1.0);
}

TEST_CASE("sim statistics: mean and standard error of known samples") {
  const muscli::MeanSe m = muscli::mean_se({1, 2, 3, 4});
  CHECK(m.mean == 2.5);
  // sd = sqrt(5/3), se = sd / 2.
  CHECK(m.se > 0.645497);
  CHECK(m.se < 0.645498);
  CHECK(muscli::mean_se({7}).se == 0.0);
  CHECK(muscli::mean_se({}).mean == 0.0);
}

TEST_CASE("sim statistics: raw points are credited points, capped ones stop at the target") {
  Ledger l;
  // Team 0 at 35 scores a count of 10 and the game: raw 10, capped 5 (what it needed).
  step(l, scored(35, 20),
       {event(mus::EventKind::count, 0, 3), event(mus::EventKind::count, 1, 4),
        event(mus::EventKind::count, 0, 7), event(mus::EventKind::game, 0)});
  CHECK(l.raw(0) == 10);
  CHECK(l.capped(0) == 5);
  CHECK(l.raw(1) == 4);
  CHECK(l.capped(1) == 4);
  // A deje and tío Perete are credited too; points below the target count in full.
  step(l, scored(0, 0), {event(mus::EventKind::deje, 1, 2), event(mus::EventKind::perete, 0, 1)});
  CHECK(l.raw(0) == 11);
  CHECK(l.capped(0) == 6);
  CHECK(l.raw(1) == 6);
  CHECK(l.capped(1) == 6);
}

TEST_CASE("sim statistics: an órdago is called, accepted and won, or refused") {
  Ledger l;
  // Team 1 calls an órdago at 12-30; team 0 accepts and team 1 wins the showdown: it credits
  // no points, and the game is worth the 28 points team 1 still needed.
  step(l, scored(30, 12), {event(mus::EventKind::ordago, 1)});
  step(l, scored(30, 12),
       {event(mus::EventKind::accept, 0), event(mus::EventKind::showdown, 1),
        event(mus::EventKind::game, 1)});
  CHECK(l.ordagos(1).called == 1);
  CHECK(l.ordagos(1).accepted == 1);
  CHECK(l.ordagos(1).won == 1);
  CHECK(l.ordagos(0).called == 0);
  CHECK(l.raw(1) == 0);
  CHECK(l.capped(1) == 28);
  CHECK(l.capped(0) == 0);
  // Team 0 calls one that is refused (the deje is credited), then one it loses.
  step(l, scored(0, 0), {event(mus::EventKind::ordago, 0)});
  step(l, scored(0, 0), {event(mus::EventKind::reject, 1), event(mus::EventKind::deje, 0, 1)});
  step(l, scored(1, 0), {event(mus::EventKind::ordago, 0)});
  step(l, scored(1, 0),
       {event(mus::EventKind::accept, 1), event(mus::EventKind::showdown, 1),
        event(mus::EventKind::game, 1)});
  CHECK(l.ordagos(0).called == 2);
  CHECK(l.ordagos(0).accepted == 1);
  CHECK(l.ordagos(0).won == 0);
  CHECK(l.ordagos(1).called == 1);
  CHECK(l.ordagos(1).won == 1);
  CHECK(l.raw(0) == 1);
  CHECK(l.capped(0) == 1);
  CHECK(l.capped(1) == 28 + 40);
}
