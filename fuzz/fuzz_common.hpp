// Shared by the fuzz harnesses and the seed generator: reading the fuzzer's bytes, seeded random
// legal play through the C API, and the checks every harness makes on a state. A failed check
// prints what failed and aborts, which libFuzzer reports as a crash with the input saved.
#ifndef MUS_FUZZ_COMMON_HPP
#define MUS_FUZZ_COMMON_HPP

#include <algorithm>
#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

#include "mus/match.hpp"
#include "mus/mus.h"
#include "mus/serialize.hpp"
#include "state_stamp.hpp"

namespace mus_fuzz {

[[noreturn]] inline void fail(const char* file, int line, const char* what) {
  std::fprintf(stderr, "%s:%d: fuzz check failed: %s\n", file, line, what);
  std::fflush(stderr);
  std::abort();
}

[[noreturn]] inline void fail_eq(const char* file, int line, const char* what, long long got,
                                 long long expected) {
  std::fprintf(stderr, "%s:%d: fuzz check failed: %s (got %lld, expected %lld)\n", file, line, what,
               got, expected);
  std::fflush(stderr);
  std::abort();
}

#define FUZZ_CHECK(cond) ((cond) ? (void)0 : ::mus_fuzz::fail(__FILE__, __LINE__, #cond))
#define FUZZ_CHECK_EQ(got, expected)                                                             \
  do {                                                                                           \
    const long long fuzz_got_ = static_cast<long long>(got);                                     \
    const long long fuzz_expected_ = static_cast<long long>(expected);                           \
    if (fuzz_got_ != fuzz_expected_)                                                             \
      ::mus_fuzz::fail_eq(__FILE__, __LINE__, #got " == " #expected, fuzz_got_, fuzz_expected_); \
  } while (0)

// ---- The fuzzer's bytes ------------------------------------------------------------------------

/// Reads the input front to back; past its end every read gives zeros.
class Input {
 public:
  Input(const std::uint8_t* data, std::size_t size) noexcept : data_(data), size_(size) {}
  [[nodiscard]] bool empty() const noexcept { return pos_ >= size_; }
  [[nodiscard]] std::size_t left() const noexcept { return empty() ? 0 : size_ - pos_; }
  std::uint8_t u8() noexcept { return empty() ? 0 : data_[pos_++]; }
  std::uint16_t u16() noexcept { return static_cast<std::uint16_t>(u8() | (u8() << 8)); }
  std::uint32_t u32() noexcept { return u16() | (std::uint32_t{u16()} << 16); }
  std::uint64_t u64() noexcept { return u32() | (std::uint64_t{u32()} << 32); }
  /// Copies `n` bytes into `out`, zero-filled past the end of the input.
  void bytes(void* out, std::size_t n) noexcept {
    auto* p = static_cast<std::uint8_t*>(out);
    const std::size_t k = std::min(n, left());
    if (k > 0) std::memcpy(p, data_ + pos_, k);
    if (k < n) std::memset(p + k, 0, n - k);
    pos_ += k;
  }

 private:
  const std::uint8_t* data_;
  std::size_t size_;
  std::size_t pos_ = 0;
};

/// SplitMix64: the harnesses' own deterministic randomness (never the library's).
struct Rng {
  std::uint64_t state;
  std::uint64_t next() noexcept {
    state += 0x9E3779B97F4A7C15ULL;
    std::uint64_t z = state;
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
  }
  std::uint32_t below(std::uint32_t n) noexcept {
    return n == 0 ? 0 : static_cast<std::uint32_t>(next() % n);
  }
};

// ---- Rules and status codes ------------------------------------------------------------------

/// The rule sets seeded matches are played under: every preset and every variant.
inline constexpr std::array<const char*, 11> match_rules{
    "standard",
    "basque",
    "online",
    "spain",
    "standard signals=off",
    "spain royal31=jack_of_coins_any777 signals=online",
    "standard tio_perete=1 zero_discard=1 min_raise=1 royal31=jack777 target=15",
    "basque mus_corrido=match target=10 deje_ends=0",
    "online kings=4 royal31=figure777 tio_perete=1 target=5 vacas=2",
    "standard target=1 games_per_vaca=1 royal31=jack_of_coins777",
    "standard zero_discard=1 mus_corrido=game royal31=jack777_other_suits target=20 vacas=3",
};

inline mus_rules rules_at(std::size_t i) {
  mus_rules r;
  FUZZ_CHECK_EQ(mus_rules_parse(&r, match_rules[i % match_rules.size()]), MUS_OK);
  return r;
}

/// A code mus.h defines at all (MUS_E_INTERNAL is defined but means a library bug).
inline bool known_error(std::int32_t st) noexcept {
  return st <= MUS_E_INVALID_ARGUMENT && st >= MUS_E_SIGNAL_NOT_IN_SET && st != MUS_E_INTERNAL;
}

/// The codes mus.h documents for mus_apply() and mus_apply_events().
inline bool documented_apply_error(std::int32_t st) noexcept {
  switch (st) {
    case MUS_E_INVALID_ARGUMENT:
    case MUS_E_INVALID_STATE:
    case MUS_E_MATCH_OVER:
    case MUS_E_WRONG_PHASE:
    case MUS_E_NOT_YOUR_TURN:
    case MUS_E_ILLEGAL_ACTION:
    case MUS_E_BET_TOO_SMALL:
    case MUS_E_CARD_NOT_IN_HAND:
    case MUS_E_BAD_SHUFFLE:
    case MUS_E_FALSE_SIGNAL:
    case MUS_E_SIGNAL_NOT_IN_SET: return true;
    default: return false;
  }
}

// ---- States --------------------------------------------------------------------------------

inline mus::State cpp_state(const mus_state& s) noexcept {
  mus::State out;
  std::memcpy(&out, s.opaque, sizeof out);
  return out;
}

inline mus_state c_state(const mus::State& s) noexcept {
  mus_state out{};
  std::memcpy(out.opaque, &s, sizeof s);
  return out;
}

/// True when the bytes between the State and the stamp are zero, as in every state the C API
/// writes (capi/state_stamp.hpp: the State, zeros, then the stamp in the last bytes).
inline bool zero_gap(const mus_state& s) noexcept {
  const auto* b = reinterpret_cast<const std::uint8_t*>(s.opaque);
  return std::all_of(b + sizeof(mus::State), b + mus::capi::stamp_offset,
                     [](std::uint8_t x) { return x == 0; });
}

/// The same State bytes, each with a zero gap. The stamps may differ: c_state() has none, and
/// only the library can compute one.
inline bool same_state(const mus_state& a, const mus_state& b) noexcept {
  return std::memcmp(a.opaque, b.opaque, sizeof(mus::State)) == 0 && zero_gap(a) && zero_gap(b);
}

inline mus_state_info info_of(const mus_state& s) {
  mus_state_info info{};
  info.struct_size = sizeof info;
  FUZZ_CHECK_EQ(mus_state_info_get(&s, &info), MUS_OK);
  return info;
}

/// R15 and the state's own promise: every card exactly once in the hands, stock and pile,
/// checked through the C API (hands and counts) and through the C++ state (which cards).
inline void check_cards_conserved(const mus_state& s) {
  std::uint64_t in_hands = 0;
  int hand_cards = 0;
  for (int seat = 0; seat < 4; ++seat) {
    std::uint8_t h[4];
    FUZZ_CHECK_EQ(mus_state_hand(&s, seat, h), MUS_OK);
    for (const std::uint8_t id : h) {
      if (id == 255) continue;
      FUZZ_CHECK(id < 40);
      FUZZ_CHECK(((in_hands >> id) & 1U) == 0);
      in_hands |= std::uint64_t{1} << id;
      ++hand_cards;
    }
  }
  mus_view v{};
  v.struct_size = sizeof v;
  FUZZ_CHECK_EQ(mus_state_view(&s, 0, &v), MUS_OK);
  FUZZ_CHECK_EQ(hand_cards + v.stock_count + v.pile_count, 40);

  const mus::State st = cpp_state(s);
  std::uint64_t seen = in_hands;
  FUZZ_CHECK(st.deck.stock_pos <= st.deck.stock_end && st.deck.stock_end <= 40);
  for (int i = st.deck.stock_pos; i < st.deck.stock_end; ++i) {
    const std::uint8_t id = st.deck.stock[static_cast<std::size_t>(i)];
    FUZZ_CHECK(id < 40 && ((seen >> id) & 1U) == 0);
    seen |= std::uint64_t{1} << id;
  }
  FUZZ_CHECK((seen & st.deck.pile) == 0);
  FUZZ_CHECK_EQ(seen | st.deck.pile, (std::uint64_t{1} << 40) - 1);
}

// ---- Random legal play ---------------------------------------------------------------------

/// A listed action with chance's part filled in: a seed for a shuffle, or one time in four an
/// explicit order of exactly the cards being shuffled. Every other listed action is concrete.
inline mus_action with_chance(const mus_state& s, mus_action a, Rng& rng) {
  if (a.kind != MUS_ACTION_SHUFFLE) return a;
  a.seed = rng.next();
  if (rng.below(4) == 0) {
    const mus::State st = cpp_state(s);
    const std::uint64_t cards = mus::cards_to_shuffle(st);
    std::uint8_t order[40];
    std::size_t n = 0;
    for (int id = 0; id < 40; ++id)
      if ((cards >> id) & 1U) order[n++] = static_cast<std::uint8_t>(id);
    FUZZ_CHECK_EQ(mus_cards_shuffle(order, n, a.seed), MUS_OK);
    std::memcpy(a.order, order, n);
    a.amount = static_cast<std::int32_t>(n);
    a.seed = 0;
  }
  return a;
}

/// One random legal step by seed: false when the match is over. A listed action must be
/// accepted as listed.
inline bool random_step(mus_state& s, Rng& rng) {
  mus_action legal[MUS_MAX_LEGAL_ACTIONS];
  std::size_t n = 0;
  FUZZ_CHECK_EQ(mus_legal_actions(&s, legal, MUS_MAX_LEGAL_ACTIONS, &n), MUS_OK);
  if (n == 0) {
    FUZZ_CHECK_EQ(info_of(s).phase, MUS_PHASE_MATCH_OVER);
    return false;
  }
  // Signals cost a step and change nothing that matters to the play: pick them rarely. Mus is
  // favoured so that discards and stock refills (all four must say mus) come often, and small
  // bets (the ladder's first listed rung) so that games last.
  std::size_t i = rng.below(static_cast<std::uint32_t>(n));
  if (legal[i].kind == MUS_ACTION_SIGNAL && rng.below(4) != 0) i = 0;
  if (legal[0].kind == MUS_ACTION_MUS && rng.below(4) != 0) i = 0;
  if (legal[i].kind == MUS_ACTION_BET && rng.below(4) != 0)
    while (i > 0 && legal[i - 1].kind == MUS_ACTION_BET) --i;
  const mus_action a = with_chance(s, legal[i], rng);
  FUZZ_CHECK_EQ(mus_apply(&s, &a, &s), MUS_OK);
  return true;
}

/// A new match under rule set `rules` with a seeded first dealer.
inline mus_state new_match(std::size_t rules, Rng& rng) {
  const mus_rules r = rules_at(rules);
  mus_state s;
  FUZZ_CHECK_EQ(mus_state_new(&r, static_cast<std::int32_t>(rng.below(4)), &s), MUS_OK);
  return s;
}

/// A new match under the rules of `s`, with a seeded first dealer.
inline mus_state new_match_like(const mus_state& s, Rng& rng) {
  mus_rules r;
  FUZZ_CHECK_EQ(mus_state_rules(&s, &r), MUS_OK);
  mus_state out;
  FUZZ_CHECK_EQ(mus_state_new(&r, static_cast<std::int32_t>(rng.below(4)), &out), MUS_OK);
  return out;
}

/// Valid states from seeded matches under every rule set: `per_rules` snapshots of each, rule
/// set after rule set, taken at random steps so that every phase is represented (shuffle, mus,
/// discard, refill, betting with and without an open bet, match over); then a few tío Perete
/// states from a stacked deck.
inline std::vector<mus_state> state_pool(std::size_t per_rules = 32) {
  std::vector<mus_state> pool;
  for (std::size_t r = 0; r < match_rules.size(); ++r) {
    Rng rng{0x6D7573ULL + r};
    mus_state s = new_match(r, rng);
    pool.push_back(s);
    std::size_t taken = 1;
    std::size_t steps = 0;
    std::size_t next_at = 3;  // snapshots further and further apart: late hands too
    bool match_over_taken = false;
    int perete_taken = 0;
    int refill_taken = 0;
    while (taken < per_rules) {
      if (!random_step(s, rng)) {
        if (!match_over_taken) pool.push_back(s);  // one finished match per rule set
        taken += match_over_taken ? 0 : 1;
        match_over_taken = true;
        s = new_match(r, rng);
        continue;
      }
      ++steps;
      // A few of the rarer phases, whenever they come: tío Perete and stock refills.
      const bool rare = (info_of(s).phase == MUS_PHASE_PERETE && perete_taken < 3) ||
                        (cpp_state(s).refill_due() && refill_taken < 3);
      if (rare) {
        perete_taken += info_of(s).phase == MUS_PHASE_PERETE ? 1 : 0;
        refill_taken += cpp_state(s).refill_due() ? 1 : 0;
      }
      if (steps >= next_at || rare) {
        pool.push_back(s);
        ++taken;
        if (!rare) next_at = steps + 3 + 2 * taken;
      }
    }
  }
  // Tío Perete is rare in random deals (a seat needs one each of 4, 5, 6, 7): stack a deck so
  // that two seats of different teams hold it, and take the states where they are asked.
  for (std::size_t r = 0; r < match_rules.size(); ++r) {
    mus_rules rules = rules_at(r);
    if (!rules.tio_perete) continue;
    Rng rng{0x7065ULL + r};
    mus_state s = new_match(r, rng);
    const std::int32_t mano = info_of(s).mano;
    std::uint8_t hands[16];
    const std::uint8_t perete_a[4] = {3, 4, 5, 6};      // 4o 5o 6o 7o
    const std::uint8_t perete_b[4] = {13, 14, 15, 16};  // 4c 5c 6c 7c
    const std::uint8_t rest[8] = {0, 9, 29, 39, 7, 17, 27, 37};
    for (int seat = 0; seat < 4; ++seat) {
      const std::uint8_t* h = seat == mano             ? perete_a
                              : seat == (mano + 1) % 4 ? perete_b
                              : seat == (mano + 2) % 4 ? rest
                                                       : rest + 4;
      std::memcpy(hands + 4 * seat, h, 4);
    }
    mus_action a;
    FUZZ_CHECK_EQ(mus_action_from_deal(hands, mano, nullptr, 0, &a), MUS_OK);
    FUZZ_CHECK_EQ(mus_apply(&s, &a, &s), MUS_OK);
    a = mus_action{};
    a.kind = MUS_ACTION_CUT;
    a.seat = mano;
    FUZZ_CHECK_EQ(mus_apply(&s, &a, &s), MUS_OK);
    FUZZ_CHECK_EQ(info_of(s).phase, MUS_PHASE_PERETE);
    pool.push_back(s);
    a.kind = MUS_ACTION_PERETE;
    FUZZ_CHECK_EQ(mus_apply(&s, &a, &s), MUS_OK);
    pool.push_back(s);
  }
  return pool;
}

}  // namespace mus_fuzz

#endif  // MUS_FUZZ_COMMON_HPP
