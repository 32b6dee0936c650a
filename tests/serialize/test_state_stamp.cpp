// The stamp the C API writes at the end of every mus_state (capi/state_stamp.hpp): a state the
// library wrote is accepted on its stamp; the same bytes with the stamp zeroed or changed still
// get the full check and pass; forged bytes carrying a stamp copied from a real state are
// refused by every function taking a state; and any single-byte change of a stamped state is
// either refused or a state that the full check (mus::validate_state) accepts.
#include "../catch.hpp"

#include <array>
#include <cstdint>
#include <cstring>
#include <random>
#include <string>
#include <vector>

#include "mus/match.hpp"
#include "mus/mus.h"
#include "mus/serialize.hpp"
#include "state_stamp.hpp"

namespace {

using mus::capi::stamp_offset;
using mus::capi::stamp_size;

unsigned char* bytes_of(mus_state& s) { return reinterpret_cast<unsigned char*>(s.opaque); }
const unsigned char* bytes_of(const mus_state& s) {
  return reinterpret_cast<const unsigned char*>(s.opaque);
}

mus::State cpp_of(const mus_state& s) {
  mus::State out;
  std::memcpy(&out, s.opaque, sizeof out);
  return out;
}

bool gap_is_zero(const mus_state& s) {
  for (std::size_t i = sizeof(mus::State); i < stamp_offset; ++i)
    if (bytes_of(s)[i] != 0) return false;
  return true;
}

bool stamp_is_zero(const mus_state& s) {
  for (std::size_t i = stamp_offset; i < MUS_STATE_SIZE; ++i)
    if (bytes_of(s)[i] != 0) return false;
  return true;
}

// The verdict the C API must give: the full check on the State, and a zero gap.
bool fully_valid(const mus_state& s) {
  return mus::validate_state(cpp_of(s)) == mus::Errc::ok && gap_is_zero(s);
}

// States written by the library: random play through the C API under a few rule sets, every
// `every`-th state kept (so every phase appears).
std::vector<mus_state> played_states(std::size_t want, std::uint64_t seed, int every = 3) {
  std::vector<mus_state> out;
  std::mt19937_64 rng(seed);
  const std::array<const char*, 3> rules_text{"standard", "basque",
                                              "standard tio_perete=1 zero_discard=1 target=15"};
  std::size_t r = 0;
  mus_rules rules;
  REQUIRE(mus_rules_parse(&rules, rules_text[0]) == MUS_OK);
  mus_state s;
  REQUIRE(mus_state_new(&rules, 0, &s) == MUS_OK);
  long step = 0;
  while (out.size() < want) {
    if (++step % every == 0) out.push_back(s);
    mus_action legal[MUS_MAX_LEGAL_ACTIONS];
    std::size_t n = 0;
    REQUIRE(mus_legal_actions(&s, legal, MUS_MAX_LEGAL_ACTIONS, &n) == MUS_OK);
    if (n == 0) {  // match over: the next rule set
      r = (r + 1) % rules_text.size();
      REQUIRE(mus_rules_parse(&rules, rules_text[r]) == MUS_OK);
      REQUIRE(mus_state_new(&rules, static_cast<std::int32_t>(rng() % 4), &s) == MUS_OK);
      continue;
    }
    mus_action a = legal[rng() % n];
    if (a.kind == MUS_ACTION_SHUFFLE) a.seed = rng();
    if (a.kind == MUS_ACTION_DISCARD) {
      std::uint64_t pick = 0;
      while (pick == 0 && a.cards != 0) pick = a.cards & rng();
      a.cards = pick;
    }
    REQUIRE(mus_apply(&s, &a, &s) == MUS_OK);
  }
  return out;
}

// Every function that takes a state, on `s`: each must answer `expect` (MUS_OK or
// MUS_E_INVALID_STATE) for the state itself.
void every_function_answers(const mus_state& s, std::int32_t expect) {
  CHECK(mus_state_validate(&s) == expect);
  mus_state_info info;
  info.struct_size = sizeof info;
  CHECK(mus_state_info_get(&s, &info) == expect);
  mus_action legal[MUS_MAX_LEGAL_ACTIONS];
  std::size_t n = 0;
  CHECK(mus_legal_actions(&s, legal, MUS_MAX_LEGAL_ACTIONS, &n) == expect);
  std::uint8_t hand[4];
  CHECK(mus_state_hand(&s, 0, hand) == expect);
  mus_view view;
  view.struct_size = sizeof view;
  CHECK(mus_state_view(&s, 1, &view) == expect);
  mus_count count;
  count.struct_size = sizeof count;
  CHECK(mus_state_last_count(&s, &count) == expect);
  mus_rules rules;
  CHECK(mus_state_rules(&s, &rules) == expect);
  std::int32_t lo = 0;
  std::int32_t hi = 0;
  CHECK(mus_bet_limits(&s, &lo, &hi) == expect);
  char text[MUS_STATE_TEXT_MAX + 1];
  CHECK(mus_state_format(&s, text, sizeof text, nullptr) == expect);
  CHECK(mus_state_view_format(&s, 2, text, sizeof text, nullptr) == expect);
  // mus_apply: a legal action of the state when it is valid; refused first on the state else.
  mus_action a{};
  a.kind = MUS_ACTION_PASS;
  a.seat = 0;
  if (expect == MUS_OK && n > 0) a = legal[0];
  mus_state out;
  std::memset(&out, 0x5A, sizeof out);
  const std::int32_t applied = mus_apply(&s, &a, &out);
  if (expect == MUS_OK) {
    // A listed action of a valid state (a shuffle's seed 0 too); nothing after the match.
    CHECK(applied == (n > 0 ? MUS_OK : MUS_E_MATCH_OVER));
  } else {
    CHECK(applied == MUS_E_INVALID_STATE);
    for (std::size_t i = 0; i < sizeof out; ++i) REQUIRE(bytes_of(out)[i] == 0x5A);
  }
}

}  // namespace

TEST_CASE("stamp: a state written by the library passes, with a zero gap and a stamp",
          "[capi][stamp]") {
  const std::vector<mus_state> states = played_states(300, 1);
  int stamped = 0;
  for (const mus_state& s : states) {
    REQUIRE(fully_valid(s));
    REQUIRE(mus_state_validate(&s) == MUS_OK);
    stamped += stamp_is_zero(s) ? 0 : 1;
  }
  CHECK(stamped == static_cast<int>(states.size()));  // this process has a key
  every_function_answers(states.front(), MUS_OK);
  every_function_answers(states.back(), MUS_OK);
}

TEST_CASE("stamp: equal states are equal bytes within one process, stamp included",
          "[capi][stamp]") {
  // The same play twice gives the same 512 bytes; so does a round trip through the text form,
  // which holds the State's bytes only (no stamp) and is restamped when parsed.
  const std::vector<mus_state> a = played_states(60, 2);
  const std::vector<mus_state> b = played_states(60, 2);
  REQUIRE(a.size() == b.size());
  for (std::size_t i = 0; i < a.size(); ++i) {
    REQUIRE(std::memcmp(&a[i], &b[i], sizeof a[i]) == 0);
    char text[MUS_STATE_TEXT_MAX + 1];
    REQUIRE(mus_state_format(&a[i], text, sizeof text, nullptr) == MUS_OK);
    mus_state back;
    std::memset(&back, 0x77, sizeof back);
    REQUIRE(mus_state_parse(text, &back, nullptr) == MUS_OK);
    REQUIRE(std::memcmp(&back, &a[i], sizeof back) == 0);
    // The text of a state without its stamp is the same text.
    mus_state bare = a[i];
    std::memset(bytes_of(bare) + stamp_offset, 0, stamp_size);
    char text2[MUS_STATE_TEXT_MAX + 1];
    REQUIRE(mus_state_format(&bare, text2, sizeof text2, nullptr) == MUS_OK);
    REQUIRE(std::string(text) == std::string(text2));
  }
}

TEST_CASE("stamp: the same bytes with the stamp zeroed or altered pass the full check",
          "[capi][stamp]") {
  const std::vector<mus_state> states = played_states(120, 3);
  for (std::size_t k = 0; k < states.size(); ++k) {
    mus_state zeroed = states[k];
    std::memset(bytes_of(zeroed) + stamp_offset, 0, stamp_size);
    REQUIRE(mus_state_validate(&zeroed) == MUS_OK);
    mus_state altered = states[k];
    bytes_of(altered)[stamp_offset + k % stamp_size] ^= static_cast<unsigned char>(1U << (k % 8));
    REQUIRE(mus_state_validate(&altered) == MUS_OK);
    // A stamp from another state: still the full check, still valid.
    mus_state other = states[k];
    std::memcpy(bytes_of(other) + stamp_offset,
                bytes_of(states[(k + 1) % states.size()]) + stamp_offset, stamp_size);
    REQUIRE(mus_state_validate(&other) == MUS_OK);
    if (k % 20 == 0) {
      every_function_answers(zeroed, MUS_OK);
      every_function_answers(altered, MUS_OK);
    }
    // Applying to an unstamped state writes a stamped one.
    mus_action legal[MUS_MAX_LEGAL_ACTIONS];
    std::size_t n = 0;
    REQUIRE(mus_legal_actions(&zeroed, legal, MUS_MAX_LEGAL_ACTIONS, &n) == MUS_OK);
    if (n > 0) {
      mus_state next;
      REQUIRE(mus_apply(&zeroed, &legal[0], &next) == MUS_OK);
      REQUIRE(fully_valid(next));
      REQUIRE_FALSE(stamp_is_zero(next));
    }
  }
}

TEST_CASE("stamp: a forged state carrying a stamp copied from a real one is refused everywhere",
          "[capi][stamp]") {
  const std::vector<mus_state> states = played_states(60, 4);
  std::mt19937_64 rng(5);
  int forged = 0;
  for (std::size_t k = 0; k < states.size(); ++k) {
    const mus_state& real = states[k];
    // Forgeries of the State part, each keeping the real stamp (so the stamp no longer fits).
    std::vector<mus_state> forgeries;
    mus_state f = real;
    bytes_of(f)[0] ^= 0xFF;  // the magic tag
    forgeries.push_back(f);
    mus::State bad = cpp_of(real);
    bool twice = false;
    for (std::size_t i = 1; i < bad.deck.hands.size() && !twice; ++i)  // a card twice
      if (bad.deck.hands[i] < 40 && bad.deck.hands[0] < 40) {
        bad.deck.hands[i] = bad.deck.hands[0];
        twice = true;
      }
    if (!twice) std::memset(&bad.phase, 0xEE, sizeof bad.phase);  // no cards dealt: a phase
    f = real;
    std::memcpy(bytes_of(f), &bad, sizeof bad);
    forgeries.push_back(f);
    bad = cpp_of(real);
    bad.scores.points[0] = -5;
    f = real;
    std::memcpy(bytes_of(f), &bad, sizeof bad);
    forgeries.push_back(f);
    bad = cpp_of(real);
    bad.reserved0 = 1;
    f = real;
    std::memcpy(bytes_of(f), &bad, sizeof bad);
    forgeries.push_back(f);
    // The stamp of another real state over forged bytes.
    f = forgeries[1];
    std::memcpy(bytes_of(f) + stamp_offset,
                bytes_of(states[(k + 7) % states.size()]) + stamp_offset, stamp_size);
    forgeries.push_back(f);
    // A non-zero byte in the gap between the State and the stamp, with the real stamp.
    f = real;
    bytes_of(f)[sizeof(mus::State) + rng() % (stamp_offset - sizeof(mus::State))] = 1;
    forgeries.push_back(f);
    for (std::size_t i = 0; i < forgeries.size(); ++i) {
      const mus_state& x = forgeries[i];
      INFO("state " << k << ", forgery " << i);
      REQUIRE_FALSE(fully_valid(x));
      REQUIRE(mus_state_validate(&x) == MUS_E_INVALID_STATE);
      if (k % 10 == 0) every_function_answers(x, MUS_E_INVALID_STATE);
      ++forged;
    }
  }
  CHECK(forged == 6 * static_cast<int>(states.size()));
}

TEST_CASE("stamp: every single-byte change of a stamped state is refused or passes the full check",
          "[capi][stamp]") {
  // Over all 512 bytes and a few masks, the C API's verdict equals the full check's
  // (mus::validate_state on the State part, plus the zero gap): the stamp never lets a
  // changed State through unchecked, and never refuses one the full check accepts.
  const std::vector<mus_state> states = played_states(24, 6, 17);
  const std::array<unsigned char, 4> masks{0x01, 0x80, 0xFF, 0x24};
  long accepted = 0;
  long refused = 0;
  for (const mus_state& s : states) {
    for (std::size_t i = 0; i < MUS_STATE_SIZE; ++i) {
      for (const unsigned char m : masks) {
        mus_state t = s;
        bytes_of(t)[i] ^= m;
        const bool expect = fully_valid(t);
        const std::int32_t got = mus_state_validate(&t);
        if ((got == MUS_OK) != expect) {
          INFO("byte " << i << " ^ " << static_cast<int>(m));
          REQUIRE((got == MUS_OK) == expect);
        }
        (got == MUS_OK ? accepted : refused) += 1;
        // In the stamp, the State is untouched: always accepted (by the full check).
        if (i >= stamp_offset) REQUIRE(got == MUS_OK);
      }
    }
  }
  CHECK(refused > 0);
  CHECK(accepted > 0);
}

TEST_CASE("stamp: the hash sees every bit of the State, under any key", "[capi][stamp]") {
  std::mt19937_64 rng(7);
  const std::vector<mus_state> states = played_states(4, 8, 29);
  for (int round = 0; round < 3; ++round) {
    mus::capi::StampKey key;
    for (auto& w : key.nh) w = rng();
    for (auto& w : key.fin) w = rng();
    for (const mus_state& c : states) {
      const mus::State s = cpp_of(c);
      const mus::capi::Stamp base = mus::capi::stamp_of(s, key);
      REQUIRE(mus::capi::stamp_of(s, key) == base);  // deterministic
      // The copying form copies exactly and stamps the same.
      mus::State copy{};
      REQUIRE(mus::capi::stamp_of(reinterpret_cast<const unsigned char*>(&s), key,
                                  reinterpret_cast<unsigned char*>(&copy)) == base);
      REQUIRE(copy == s);
      for (std::size_t bit = 0; bit < sizeof s * 8; ++bit) {
        mus::State t = s;
        reinterpret_cast<unsigned char*>(&t)[bit / 8] ^=
            static_cast<unsigned char>(1U << (bit % 8));
        REQUIRE(mus::capi::stamp_of(t, key) != base);
      }
      mus::capi::StampKey other = key;
      other.nh[0] ^= 1;
      CHECK(mus::capi::stamp_of(s, other) != base);
    }
  }
}

TEST_CASE("stamp: the portable 64 x 64 -> 128 product agrees with the compiler's",
          "[capi][stamp]") {
  std::mt19937_64 rng(9);
  const std::array<std::uint64_t, 6> edges{
      0, 1, 0xFFFFFFFFULL, 0x100000000ULL, 0xFFFFFFFFFFFFFFFFULL, 0x8000000000000000ULL};
  const auto check = [](std::uint64_t a, std::uint64_t b) {
    const mus::capi::detail::U128 p = mus::capi::detail::mul_64x64_portable(a, b);
#if defined(__SIZEOF_INT128__)
    __extension__ typedef unsigned __int128 u128;
    const u128 q = static_cast<u128>(a) * b;
    REQUIRE(p.lo == static_cast<std::uint64_t>(q));
    REQUIRE(p.hi == static_cast<std::uint64_t>(q >> 64));
#endif
    const mus::capi::detail::U128 r = mus::capi::detail::mul_64x64(a, b);
    REQUIRE(p.lo == r.lo);
    REQUIRE(p.hi == r.hi);
  };
  for (const std::uint64_t a : edges)
    for (const std::uint64_t b : edges) check(a, b);
  for (int i = 0; i < 100000; ++i) check(rng(), rng());
}
