// Benchmarks of the table-driven evaluator (include/mus/eval.hpp) against a plain sort-based
// baseline written in this file, on the same pre-generated random deals.
//
// Every benchmark processes one item per iteration (one pair of hands, one hand or one table
// of four hands), walking round a fixed array of deals, so the Time column reads directly as
// nanoseconds per item; items_per_second says the same thing the other way round.
//
// Before the first benchmark runs, the data set is built and the baseline and the library are
// checked to agree on the winner of every lance, for every pair and every table of the data
// set, under both kings settings; on a disagreement the program prints the hands and aborts.

#include <benchmark/benchmark.h>

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <string>
#include <vector>

#include "mus/mus.hpp"

namespace {

using mus::Lance;

// -------------------------------------------------------------------------------------------
// The baseline: what an application would write without tables. Everything is computed from
// the four cards at run time by sorting the effective ranks and counting them.
// -------------------------------------------------------------------------------------------
namespace baseline {

// Ranks are R3 rank indices, which are also the grande order (R5): A=0 2=1 3=2 4=3 5=4 6=5
// 7=6 J=7 Q=8 K=9.
constexpr int ace = 0;
constexpr int two = 1;
constexpr int three = 2;
constexpr int king = 9;

// R4: with 8 kings a 3 is a king and a 2 an ace.
int effective_rank(int rank, int kings) {
  if (kings == 8 && rank == three) return king;
  if (kings == 8 && rank == two) return ace;
  return rank;
}

// R6: J, Q, K are worth 10; the rest their face value (A = 1).
int card_value(int rank) { return rank >= 7 ? 10 : rank + 1; }

struct Eval {
  std::array<int, 4> high_to_low{};  // grande key (R16): compare element by element
  std::array<int, 4> low_to_high{};  // chica key (R17): the lower one wins
  int pares_kind = 0;                // 0 none, 1 pareja, 2 medias, 3 duples (R18)
  int pares_high = 0;                // rank of the group (duples: of the higher pair)
  int pares_low = 0;                 // duples: rank of the lower pair
  int value = 0;                     // R6 total
  int juego_order = -1;              // R19 position, 0 = 31 (best); -1 without juego
};

Eval evaluate(const mus::Hand& h, int kings) {
  Eval e;
  std::array<int, 4> ranks{};
  for (int i = 0; i < mus::hand_size; ++i)
    ranks[i] = effective_rank(static_cast<int>(h[i].rank()), kings);

  e.low_to_high = ranks;
  std::sort(e.low_to_high.begin(), e.low_to_high.end());
  std::reverse_copy(e.low_to_high.begin(), e.low_to_high.end(), e.high_to_low.begin());

  for (const int r : ranks) e.value += card_value(r);

  std::array<int, 10> count{};
  for (const int r : ranks) ++count[r];
  int pairs = 0;
  for (int r = king; r >= ace; --r) {
    if (count[r] == 4) {  // four of a kind: duples of that rank twice
      e.pares_kind = 3;
      e.pares_high = e.pares_low = r;
    } else if (count[r] == 3) {
      e.pares_kind = 2;
      e.pares_high = r;
    } else if (count[r] == 2) {
      if (pairs == 0) {
        e.pares_kind = 1;
        e.pares_high = r;
      } else {
        e.pares_kind = 3;
        e.pares_low = r;
      }
      ++pairs;
    }
  }

  constexpr std::array<int, 8> juego_best_first{31, 32, 40, 37, 36, 35, 34, 33};
  const auto it = std::find(juego_best_first.begin(), juego_best_first.end(), e.value);
  if (it != juego_best_first.end()) e.juego_order = static_cast<int>(it - juego_best_first.begin());
  return e;
}

bool has_pares(const Eval& e) { return e.pares_kind > 0; }
bool has_juego(const Eval& e) { return e.juego_order >= 0; }

bool plays(const Eval& e, Lance l) {
  if (l == Lance::pares) return has_pares(e);
  if (l == Lance::juego) return has_juego(e);
  return true;
}

// > 0 when `a` is the stronger hand in the lance, < 0 when `b` is, 0 when they are equal.
int compare(const Eval& a, const Eval& b, Lance l) {
  switch (l) {
    case Lance::grande:
      if (a.high_to_low == b.high_to_low) return 0;
      return a.high_to_low > b.high_to_low ? 1 : -1;
    case Lance::chica:
      if (a.low_to_high == b.low_to_high) return 0;
      return a.low_to_high < b.low_to_high ? 1 : -1;
    case Lance::pares:
      if (a.pares_kind != b.pares_kind) return a.pares_kind - b.pares_kind;
      if (a.pares_high != b.pares_high) return a.pares_high - b.pares_high;
      return a.pares_low - b.pares_low;
    case Lance::juego: return b.juego_order - a.juego_order;
    case Lance::punto: return a.value - b.value;
  }
  return 0;
}

// Two-hand duel: 0 nobody plays the lance, 1 `a` (the mano) wins, 2 `b` wins (R9, R23).
unsigned duel(const Eval& a, const Eval& b, Lance l) {
  const bool pa = plays(a, l);
  const bool pb = plays(b, l);
  if (!pa) return pb ? 2 : 0;
  if (!pb) return 1;
  return compare(a, b, l) >= 0 ? 1 : 2;
}

// The four lances between two hands, `a` being the mano, packed two bits per lance.
unsigned compare4(const mus::Hand& a, const mus::Hand& b, int kings) {
  const Eval ea = baseline::evaluate(a, kings);  // qualified: no ADL to mus::evaluate
  const Eval eb = baseline::evaluate(b, kings);
  const Lance last = has_juego(ea) || has_juego(eb) ? Lance::juego : Lance::punto;
  return duel(ea, eb, Lance::grande) | duel(ea, eb, Lance::chica) << 2 |
         duel(ea, eb, Lance::pares) << 4 | duel(ea, eb, last) << 6;
}

// The winning seat of a lance at a table of four, or -1 when nobody plays it.
int lance_winner(const std::array<Eval, 4>& t, Lance l, int mano) {
  if (l == Lance::punto)
    for (const Eval& e : t)
      if (has_juego(e)) return -1;
  int best = -1;
  for (int k = 0; k < 4; ++k) {
    const int seat = (mano + k) % 4;
    if (!plays(t[seat], l)) continue;
    if (best < 0 || compare(t[seat], t[best], l) > 0) best = seat;  // ties stay with the mano
  }
  return best;
}

}  // namespace baseline

// -------------------------------------------------------------------------------------------
// The same operations through the library.
// -------------------------------------------------------------------------------------------
namespace table {

// The library's branch-free two-hand comparison (mus::duel), from the raw hands.
unsigned compare4(const mus::Hand& a, const mus::Hand& b, int kings) {
  return mus::duel(mus::evaluate(a, kings), mus::evaluate(b, kings));
}

}  // namespace table

// -------------------------------------------------------------------------------------------
// The data set: random deals of four hands of distinct cards, and its check.
// -------------------------------------------------------------------------------------------
using Deal = std::array<mus::Hand, mus::seats>;

constexpr std::size_t deal_count = 4096;  // a power of two: indices wrap with a mask
constexpr std::size_t deal_mask = deal_count - 1;
constexpr std::uint64_t seed = 0x6d75732d62656e63;  // "mus-benc"

std::vector<Deal> make_deals() {
  std::mt19937_64 rng(seed);
  std::vector<Deal> deals(deal_count);
  for (Deal& deal : deals) {
    std::array<std::uint8_t, mus::deck_size> deck{};
    for (int i = 0; i < mus::deck_size; ++i) deck[i] = static_cast<std::uint8_t>(i);
    // The first 16 steps of a Fisher-Yates shuffle: 16 distinct cards, four per seat.
    for (int i = 0; i < mus::seats * mus::hand_size; ++i) {
      const auto j = i + static_cast<int>(rng() % static_cast<std::uint64_t>(mus::deck_size - i));
      std::swap(deck[i], deck[j]);
    }
    for (int s = 0; s < mus::seats; ++s) deal[s] = *mus::Hand::from_ids(&deck[s * mus::hand_size]);
  }
  return deals;
}

constexpr std::array<const char*, 5> lance_names{"grande", "chica", "pares", "juego", "punto"};

[[noreturn]] void disagree(const char* what, const Deal& deal, int kings, const char* lance,
                           int mano, int lib, int base) {
  std::fprintf(stderr,
               "bench_eval: library and baseline disagree (%s; %d kings, %s, mano seat %d): "
               "library %d, baseline %d\n",
               what, kings, lance, mano, lib, base);
  for (int s = 0; s < mus::seats; ++s)
    std::fprintf(stderr, "  seat %d: %s\n", s, mus::to_string(deal[s]).c_str());
  std::abort();
}

// Aborts unless the library and the baseline agree on every lance of every pair and table.
void check_agreement(const std::vector<Deal>& deals) {
  constexpr std::array<Lance, 5> lances{Lance::grande, Lance::chica, Lance::pares, Lance::juego,
                                        Lance::punto};
  for (const int kings : {8, 4}) {
    for (const Deal& deal : deals) {
      const unsigned lib2 = table::compare4(deal[0], deal[1], kings);
      const unsigned base2 = baseline::compare4(deal[0], deal[1], kings);
      for (int k = 0; k < 4; ++k) {  // grande, chica, pares, juego or punto
        const auto lib = static_cast<int>(lib2 >> (2 * k) & 3U);
        const auto base = static_cast<int>(base2 >> (2 * k) & 3U);
        if (lib != base)
          disagree("seats 0 and 1 alone; 1 = seat 0 wins, 2 = seat 1 wins, 0 = nobody plays", deal,
                   kings, k == 3 ? "juego or punto" : lance_names[k], 0, lib, base);
      }

      mus::TableEval lib4{};
      std::array<baseline::Eval, mus::seats> base4{};
      for (int s = 0; s < mus::seats; ++s) {
        lib4[s] = mus::evaluate(deal[s], kings);
        base4[s] = baseline::evaluate(deal[s], kings);
      }
      for (int mano = 0; mano < mus::seats; ++mano)
        for (const Lance l : lances) {
          const int lib = mus::lance_winner(lib4, l, mano);
          const int base = baseline::lance_winner(base4, l, mano);
          if (lib != base)
            disagree("four seats; the winning seat, -1 = nobody plays", deal, kings,
                     lance_names[static_cast<std::size_t>(l)], mano, lib, base);
        }
    }
  }
}

const std::vector<Deal>& deals() {
  static const std::vector<Deal> d = [] {
    auto v = make_deals();
    check_agreement(v);
    return v;
  }();
  return d;
}

// The kings setting as a run-time value, as an application holding Rules would have it.
int runtime_kings() {
  int kings = 8;
  benchmark::DoNotOptimize(kings);
  return kings;
}

// -------------------------------------------------------------------------------------------
// Benchmarks.
// -------------------------------------------------------------------------------------------

// Two hands, four lances (grande, chica, pares, juego or punto), from the raw hands.
template <unsigned (*Compare4)(const mus::Hand&, const mus::Hand&, int)>
void compare4_lances(benchmark::State& state) {
  const std::vector<Deal>& d = deals();
  const int kings = runtime_kings();
  std::size_t i = 0;
  for (auto _ : state) {
    const Deal& deal = d[i];
    const unsigned r = Compare4(deal[0], deal[1], kings);
    benchmark::DoNotOptimize(r);
    i = (i + 1) & deal_mask;
  }
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations()));
  state.SetLabel("ns per two-hand, four-lance comparison");
}

void BM_Compare4Lances_Table(benchmark::State& state) { compare4_lances<table::compare4>(state); }
void BM_Compare4Lances_Sort(benchmark::State& state) { compare4_lances<baseline::compare4>(state); }

// One hand's full evaluation (all lances), with the library or the baseline.
template <auto Evaluate>
void evaluate_hand(benchmark::State& state) {
  const std::vector<Deal>& d = deals();
  const int kings = runtime_kings();
  std::size_t i = 0;
  for (auto _ : state) {
    const auto e = Evaluate(d[i / mus::seats][i % mus::seats], kings);
    benchmark::DoNotOptimize(e);
    i = (i + 1) & (deal_count * mus::seats - 1);
  }
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations()));
  state.SetLabel("ns per hand");
}

mus::HandEval table_evaluate(const mus::Hand& h, int kings) { return mus::evaluate(h, kings); }

void BM_EvaluateHand_Table(benchmark::State& state) { evaluate_hand<&table_evaluate>(state); }
void BM_EvaluateHand_Sort(benchmark::State& state) { evaluate_hand<&baseline::evaluate>(state); }

// The winners of the four lances at a table of four, the mano moving round; packed 3 bits each.
void BM_LanceWinner4Seats_Table(benchmark::State& state) {
  const std::vector<Deal>& d = deals();
  const int kings = runtime_kings();
  std::size_t i = 0;
  for (auto _ : state) {
    const Deal& deal = d[i];
    const int mano = static_cast<int>(i % mus::seats);
    const mus::TableEval t{mus::evaluate(deal[0], kings), mus::evaluate(deal[1], kings),
                           mus::evaluate(deal[2], kings), mus::evaluate(deal[3], kings)};
    const Lance last = mus::anyone_has_juego(t) ? Lance::juego : Lance::punto;
    const unsigned r = static_cast<unsigned>(mus::lance_winner(t, Lance::grande, mano) + 1) |
                       static_cast<unsigned>(mus::lance_winner(t, Lance::chica, mano) + 1) << 3 |
                       static_cast<unsigned>(mus::lance_winner(t, Lance::pares, mano) + 1) << 6 |
                       static_cast<unsigned>(mus::lance_winner(t, last, mano) + 1) << 9;
    benchmark::DoNotOptimize(r);
    i = (i + 1) & deal_mask;
  }
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations()));
  state.SetLabel("ns per table of four, four lances");
}

void BM_LanceWinner4Seats_Sort(benchmark::State& state) {
  const std::vector<Deal>& d = deals();
  const int kings = runtime_kings();
  std::size_t i = 0;
  for (auto _ : state) {
    const Deal& deal = d[i];
    const int mano = static_cast<int>(i % mus::seats);
    const std::array<baseline::Eval, mus::seats> t{
        baseline::evaluate(deal[0], kings), baseline::evaluate(deal[1], kings),
        baseline::evaluate(deal[2], kings), baseline::evaluate(deal[3], kings)};
    bool juego = false;
    for (const baseline::Eval& e : t) juego = juego || baseline::has_juego(e);
    const Lance last = juego ? Lance::juego : Lance::punto;
    const unsigned r =
        static_cast<unsigned>(baseline::lance_winner(t, Lance::grande, mano) + 1) |
        static_cast<unsigned>(baseline::lance_winner(t, Lance::chica, mano) + 1) << 3 |
        static_cast<unsigned>(baseline::lance_winner(t, Lance::pares, mano) + 1) << 6 |
        static_cast<unsigned>(baseline::lance_winner(t, last, mano) + 1) << 9;
    benchmark::DoNotOptimize(r);
    i = (i + 1) & deal_mask;
  }
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations()));
  state.SetLabel("ns per table of four, four lances");
}

}  // namespace

BENCHMARK(BM_Compare4Lances_Table);
BENCHMARK(BM_Compare4Lances_Sort);
BENCHMARK(BM_EvaluateHand_Table);
BENCHMARK(BM_EvaluateHand_Sort);
BENCHMARK(BM_LanceWinner4Seats_Table);
BENCHMARK(BM_LanceWinner4Seats_Sort);
