// fuzz_actions: forged mus_action structs applied to valid states reached by random legal play.
//
// Input: a seed (8 bytes), a starting state (2 bytes: one of fuzz_common.hpp's pool of valid
// states, every rule set and phase) and a number of random legal warm-up steps from it (1 byte,
// 0..63), then blocks, each a control byte and the bytes of one forged action:
//   control bits 0-2: random legal steps to play before the forged action;
//   control bits 3-4: how the action is forged:
//     0: raw: every byte of the struct from the input (every field arbitrary);
//     1: a listed legal action with the fields chosen by a mask byte replaced by input bytes;
//     2: a listed legal action nudged: seat, amount, cards or order off by a little;
//     3: well-formed but random: a known kind, a seat -1..3, zero reserved fields;
//   control bit 7: when the action is accepted, play on from the new state.
// Checks: a refused action leaves the output untouched and answers a code mus.h documents for
// mus_apply (never MUS_E_INVALID_STATE on these valid states, never MUS_E_INTERNAL); an accepted
// one gives a state mus_state_validate accepts, with every card still there exactly once, and
// was legal: the seat to act played an action mus_legal_actions listed (a bet of any amount
// within mus_bet_limits), or any seat a true signal. The separate, in-place, with-events
// and C++ paths all agree (exercise.hpp's apply_all_ways). Once serialization is built, the
// action's line form (mus_action_format / mus_action_parse) must apply exactly as the action.
#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <vector>

#include "exercise.hpp"
#include "fuzz_common.hpp"

namespace {

using mus_fuzz::Input;
using mus_fuzz::Rng;

mus_action forge(const mus_state& s, Input& in, int form) {
  mus_action legal[MUS_MAX_LEGAL_ACTIONS];
  std::size_t n = 0;
  FUZZ_CHECK_EQ(mus_legal_actions(&s, legal, MUS_MAX_LEGAL_ACTIONS, &n), MUS_OK);
  mus_action a{};
  if (form == 0 || n == 0) {
    in.bytes(&a, sizeof a);
    return a;
  }
  Rng rng{in.u64()};
  if (form == 3) {
    a.kind = 1 + static_cast<std::int32_t>(in.u8() % 11);
    a.seat = static_cast<std::int32_t>(in.u8() % 5) - 1;
    a.amount = static_cast<std::int8_t>(in.u8());
    a.cards = in.u64() & ((std::uint64_t{1} << 40) - 1);
    a.seed = rng.next();
    if (in.u8() & 1U) {
      std::uint8_t order[40];
      for (int i = 0; i < 40; ++i) order[i] = static_cast<std::uint8_t>(i);
      FUZZ_CHECK_EQ(mus_cards_shuffle(order, 40, a.seed), MUS_OK);
      std::memcpy(a.order, order, sizeof order);
    }
    return a;
  }
  a = mus_fuzz::with_chance(s, legal[in.u8() % n], rng);
  if (form == 1) {
    const std::uint8_t mask = in.u8();
    if (mask & 0x01) a.kind = static_cast<std::int32_t>(in.u32());
    if (mask & 0x02) a.seat = static_cast<std::int32_t>(in.u32());
    if (mask & 0x04) a.amount = static_cast<std::int32_t>(in.u32());
    if (mask & 0x08) a.reserved0 = static_cast<std::int32_t>(in.u32());
    if (mask & 0x10) a.cards = in.u64();
    if (mask & 0x20) a.seed = in.u64();
    if (mask & 0x40) in.bytes(a.order, sizeof a.order);
    if (mask & 0x80) in.bytes(a.reserved, sizeof a.reserved);
    return a;
  }
  switch (in.u8() % 5) {
    case 0: a.seat = (a.seat + 1 + in.u8() % 3) % 4; break;
    case 1: a.amount += static_cast<std::int8_t>(in.u8()); break;
    case 2: a.cards ^= std::uint64_t{1} << (in.u8() % 64); break;
    case 3: std::swap(a.order[in.u8() % 40], a.order[in.u8() % 40]); break;
    default: a.order[in.u8() % 40] = in.u8(); break;
  }
  return a;
}

// What an accepted action must have been: legal for the state it was applied to.
void check_was_legal(const mus_state& s, const mus_action& a) {
  const mus_state_info info = mus_fuzz::info_of(s);
  if (a.kind == MUS_ACTION_SHUFFLE) {
    FUZZ_CHECK_EQ(info.phase, MUS_PHASE_SHUFFLE);
    FUZZ_CHECK_EQ(a.seat, -1);
    return;
  }
  FUZZ_CHECK(a.seat >= 0 && a.seat <= 3);
  std::uint8_t hand[4];
  FUZZ_CHECK_EQ(mus_state_hand(&s, a.seat, hand), MUS_OK);
  if (a.kind == MUS_ACTION_SIGNAL) {  // any seat may signal, only the truth (R33)
    mus_rules rules;
    FUZZ_CHECK_EQ(mus_state_rules(&s, &rules), MUS_OK);
    std::int32_t truth = -1;
    FUZZ_CHECK_EQ(mus_signal_is_true(&rules, a.amount, hand, &truth), MUS_OK);
    FUZZ_CHECK_EQ(truth, 1);
    return;
  }
  FUZZ_CHECK_EQ(a.seat, info.to_act);
  mus_action legal[MUS_MAX_LEGAL_ACTIONS];
  std::size_t n = 0;
  FUZZ_CHECK_EQ(mus_legal_actions(&s, legal, MUS_MAX_LEGAL_ACTIONS, &n), MUS_OK);
  if (a.kind == MUS_ACTION_BET) {  // any amount within the limits, on the ladder or not
    std::int32_t lo = 0;
    std::int32_t hi = 0;
    FUZZ_CHECK_EQ(mus_bet_limits(&s, &lo, &hi), MUS_OK);
    FUZZ_CHECK(a.amount >= lo && a.amount <= hi);
    return;
  }
  // Every other accepted action is one of the listed ones (the list is concrete).
  bool listed = false;
  for (std::size_t i = 0; i < n; ++i)
    listed = listed || (legal[i].kind == a.kind && legal[i].seat == a.seat &&
                        (a.kind != MUS_ACTION_DISCARD || legal[i].cards == a.cards));
  FUZZ_CHECK(listed);
}

// The line form of a forged action: any action the reducer accepts has one; an action that has
// one reads back as an action the reducer applies exactly as the original (same answer, same
// next state), and prints to the same line again.
void check_action_text(const mus_state& s, const mus_action& a, std::int32_t st,
                       const mus_state& next) {
  char buf[MUS_ACTION_TEXT_MAX + 1];
  std::size_t len = 0;
  const std::int32_t f = mus_action_format(&a, buf, sizeof buf, &len);
  FUZZ_CHECK(f == MUS_OK || f == MUS_E_INVALID_ARGUMENT || f == MUS_E_BAD_SHUFFLE);
  if (st == MUS_OK) FUZZ_CHECK_EQ(f, MUS_OK);
  if (f != MUS_OK) return;
  FUZZ_CHECK(len <= MUS_ACTION_TEXT_MAX && std::strlen(buf) == len);
  mus_action back{};
  std::int32_t pos = 0;
  const std::int32_t p = mus_action_parse(buf, &back, &pos);
  if (p != MUS_OK) std::fprintf(stderr, "action line refused at %d: %s\n", pos, buf);
  FUZZ_CHECK_EQ(p, MUS_OK);
  mus_state again = mus_fuzz::filled<mus_state>();
  const std::int32_t st2 = mus_apply(&s, &back, &again);
  if (st2 != st) std::fprintf(stderr, "line \"%s\" applies differently\n", buf);
  FUZZ_CHECK_EQ(st2, st);
  if (st == MUS_OK) FUZZ_CHECK(std::memcmp(&again, &next, sizeof next) == 0);
  char buf2[MUS_ACTION_TEXT_MAX + 1];
  std::size_t len2 = 0;
  FUZZ_CHECK_EQ(mus_action_format(&back, buf2, sizeof buf2, &len2), MUS_OK);
  FUZZ_CHECK(len2 == len && std::memcmp(buf, buf2, len) == 0);
}

}  // namespace

namespace {

const std::vector<mus_state>& pool() {
  static const std::vector<mus_state> p = mus_fuzz::state_pool();
  return p;
}

}  // namespace

extern "C" int LLVMFuzzerInitialize(int*, char***) {
  (void)pool();
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size > 8192) return -1;
  Input in(data, size);
  Rng rng{in.u64()};
  mus_state s = pool()[in.u16() % pool().size()];
  const int warmup = in.u8() % 64;
  for (int i = 0; i < warmup; ++i)
    if (!mus_fuzz::random_step(s, rng)) s = mus_fuzz::new_match_like(s, rng);

  // NULL pointers are refused with MUS_E_INVALID_ARGUMENT.
  mus_action any{};
  any.kind = MUS_ACTION_PASS;
  mus_state out = s;
  FUZZ_CHECK_EQ(mus_apply(nullptr, &any, &out), MUS_E_INVALID_ARGUMENT);
  FUZZ_CHECK_EQ(mus_apply(&s, nullptr, &out), MUS_E_INVALID_ARGUMENT);
  FUZZ_CHECK_EQ(mus_apply(&s, &any, nullptr), MUS_E_INVALID_ARGUMENT);
  FUZZ_CHECK_EQ(mus_apply_events(&s, &any, &out, nullptr, 4, nullptr), MUS_E_INVALID_ARGUMENT);

  for (int block = 0; block < 64 && !in.empty(); ++block) {
    const std::uint8_t ctl = in.u8();
    for (int i = 0; i < (ctl & 7); ++i)
      if (!mus_fuzz::random_step(s, rng)) s = mus_fuzz::new_match_like(s, rng);
    const mus_action a = forge(s, in, (ctl >> 3) & 3);
    mus_state next{};
    const std::int32_t st = mus_fuzz::apply_all_ways(s, a, true, next);
    FUZZ_CHECK(st != MUS_E_INVALID_STATE);
    check_action_text(s, a, st, next);
    if (st != MUS_OK) continue;
    FUZZ_CHECK_EQ(mus_state_validate(&next), MUS_OK);
    mus_fuzz::check_cards_conserved(next);
    check_was_legal(s, a);
    if (ctl & 0x80) s = next;
  }
  return 0;
}
