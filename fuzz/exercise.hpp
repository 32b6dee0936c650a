// Runs a state blob through every C function that takes a state, checking what mus.h promises:
// a state the library refuses gets MUS_E_INVALID_STATE from every one of them with the outputs
// untouched; a state it accepts works everywhere, output structs are written only up to their
// struct_size, the reducer is pure (separate, in-place, with events and the C++ apply agree)
// and a refused action changes nothing. Used by fuzz_states and by fuzz_parsers (on the states
// mus_state_parse accepts).
#ifndef MUS_FUZZ_EXERCISE_HPP
#define MUS_FUZZ_EXERCISE_HPP

#include <algorithm>
#include <string>
#include <string_view>
#include <vector>

#include "fuzz_common.hpp"

namespace mus_fuzz {

inline constexpr std::uint8_t canary = 0xA5;

template <class T>
T filled() {
  T v;
  std::memset(&v, canary, sizeof v);
  return v;
}

template <class T>
bool all_canary(const T& v, std::size_t from = 0) {
  const auto* p = reinterpret_cast<const std::uint8_t*>(&v);
  for (std::size_t i = from; i < sizeof v; ++i)
    if (p[i] != canary) return false;
  return true;
}

/// Calls a getter of a struct_size-sized output with the full size, a smaller one and one below
/// the minimum of 8, checking what it writes; `full` receives the full-size output.
template <class T, class Get>
bool sized_get(Get&& get, bool valid, Input& in, T& full) {
  T out = filled<T>();
  out.struct_size = sizeof(T);
  std::int32_t st = get(&out);
  FUZZ_CHECK_EQ(st, valid ? MUS_OK : MUS_E_INVALID_STATE);
  if (!valid) FUZZ_CHECK(all_canary(out, sizeof(std::uint32_t)));
  full = out;

  // An older, smaller struct: at most struct_size bytes are written.
  const std::size_t k = 8 + in.u8() % (sizeof(T) - 8 + 1);
  T small = filled<T>();
  small.struct_size = static_cast<std::uint32_t>(k);
  st = get(&small);
  FUZZ_CHECK_EQ(st, valid ? MUS_OK : MUS_E_INVALID_STATE);
  FUZZ_CHECK(all_canary(small, valid ? k : sizeof(std::uint32_t)));
  if (valid) {  // the bytes it did write are the full struct's
    const auto* a = reinterpret_cast<const std::uint8_t*>(&small);
    const auto* b = reinterpret_cast<const std::uint8_t*>(&full);
    FUZZ_CHECK(std::memcmp(a + 4, b + 4, k - 4) == 0);
  }

  // Below the minimum: refused (which check comes first is not promised for a bad state).
  T tiny = filled<T>();
  tiny.struct_size = in.u8() % 8;
  st = get(&tiny);
  FUZZ_CHECK(st == MUS_E_INVALID_ARGUMENT || (!valid && st == MUS_E_INVALID_STATE));
  FUZZ_CHECK(all_canary(tiny, sizeof(std::uint32_t)));
  return valid;
}

/// MUS_FUZZ_STRICT=1 in the environment: also abort when a state the library accepts without
/// having produced it (forged bytes, or read from text) behaves inconsistently, e.g. a listed
/// legal action is then refused, or its view text is refused: a sign that mus_state_validate()
/// lets through a state it should refuse. Off by default, where what is required of such a
/// state is that nothing crashes or trips a sanitizer and every answer is a documented one.
inline bool strict() {
  static const bool on = [] {
    const char* v = std::getenv("MUS_FUZZ_STRICT");
    return v != nullptr && v[0] == '1';
  }();
  return on;
}

/// mus_state_format and mus_state_view_format: a valid state prints and parses back to the same
/// state (and the same text again); each seat's view prints and reads back (mus_view_parse gives
/// the mus_state_view); a bad state is refused.
inline void check_state_text(const mus_state& s, bool valid, bool produced) {
  std::vector<char> buf(MUS_STATE_TEXT_MAX + 1, '\x5A');
  std::size_t len = 0;
  std::int32_t st = mus_state_format(&s, buf.data(), buf.size(), &len);
  if (!valid) {
    FUZZ_CHECK_EQ(st, MUS_E_INVALID_STATE);
    FUZZ_CHECK(buf[0] == '\x5A');
  } else {
    FUZZ_CHECK_EQ(st, MUS_OK);
    FUZZ_CHECK(len <= MUS_STATE_TEXT_MAX);
    FUZZ_CHECK(buf[len] == '\0' && std::strlen(buf.data()) == len);
    mus_state back = filled<mus_state>();
    std::int32_t pos = -7;
    st = mus_state_parse(buf.data(), &back, &pos);
    if (st != MUS_OK) std::fprintf(stderr, "state text refused at %d:\n%s\n", pos, buf.data());
    FUZZ_CHECK_EQ(st, MUS_OK);
    FUZZ_CHECK_EQ(pos, -1);
    FUZZ_CHECK_EQ(mus_state_validate(&back), MUS_OK);
    // The text holds the state's bytes: the same state back, the gap before the stamp zero;
    // a state this process's library wrote comes back with the same stamp too.
    FUZZ_CHECK(std::memcmp(&back, &s, sizeof(mus::State)) == 0);
    FUZZ_CHECK(zero_gap(back));
    if (produced) FUZZ_CHECK(std::memcmp(&back, &s, sizeof s) == 0);
    std::vector<char> again(MUS_STATE_TEXT_MAX + 1);
    std::size_t len2 = 0;
    FUZZ_CHECK_EQ(mus_state_format(&back, again.data(), again.size(), &len2), MUS_OK);
    FUZZ_CHECK(len2 == len && std::memcmp(buf.data(), again.data(), len) == 0);
    // A buffer one byte short: refused with the length reported, nothing written past it.
    std::vector<char> shrt(len, '\x5A');
    std::size_t len3 = 0;
    FUZZ_CHECK_EQ(mus_state_format(&s, shrt.data(), shrt.size(), &len3), MUS_E_BUFFER_TOO_SMALL);
    FUZZ_CHECK_EQ(len3, len);
    FUZZ_CHECK(std::all_of(shrt.begin(), shrt.end(), [](char c) { return c == '\x5A'; }));
  }
  for (std::int32_t seat = 0; seat < 4; ++seat) {
    std::vector<char> v(MUS_STATE_TEXT_MAX + 1, '\x5A');
    std::size_t vlen = 0;
    st = mus_state_view_format(&s, seat, v.data(), v.size(), &vlen);
    FUZZ_CHECK_EQ(st, valid ? MUS_OK : MUS_E_INVALID_STATE);
    if (!valid) continue;
    FUZZ_CHECK(vlen <= MUS_STATE_TEXT_MAX && std::strlen(v.data()) == vlen);
    // view_from_text() checks the values more closely than mus_state_validate() checks a
    // state, so a forged state's view may be refused; a produced state's never.
    const auto view = mus::view_from_text(std::string_view(v.data(), vlen));
    if (!view.ok()) {
      if (produced || strict()) {
        std::fprintf(stderr, "view of seat %d refused: %s\n%s\n", seat,
                     view.error().describe().c_str(), v.data());
        FUZZ_CHECK(view.ok());
      }
      continue;
    }
    FUZZ_CHECK(mus::view_to_text(*view) == std::string_view(v.data(), vlen));
    if (produced)
      FUZZ_CHECK(mus::view_to_text(mus::view_of(cpp_state(s), seat)) ==
                 std::string_view(v.data(), vlen));
    // mus_view_parse() reads the text back as the view mus_state_view() gives.
    mus_view parsed = filled<mus_view>();
    parsed.struct_size = sizeof parsed;
    mus_view direct = filled<mus_view>();
    direct.struct_size = sizeof direct;
    FUZZ_CHECK_EQ(mus_state_view(&s, seat, &direct), MUS_OK);
    const std::int32_t parsed_status = mus_view_parse(v.data(), &parsed, nullptr);
    if (produced) FUZZ_CHECK_EQ(parsed_status, MUS_OK);
    if (parsed_status == MUS_OK) FUZZ_CHECK(std::memcmp(&parsed, &direct, sizeof parsed) == 0);
  }
  for (const std::int32_t bad_seat : {-1, 4}) {
    char small[8] = "xxxxxxx";
    FUZZ_CHECK_EQ(mus_state_view_format(&s, bad_seat, small, sizeof small, nullptr),
                  MUS_E_INVALID_ARGUMENT);
  }
}

/// A listed legal action (made concrete) must be accepted on a state the library produced.
inline bool listed_accepted(std::int32_t st, bool produced) {
  if (st == MUS_OK) return true;
  if (produced || strict()) {
    std::fprintf(stderr, "a listed legal action was refused: %s\n", mus_status_string(st));
    FUZZ_CHECK_EQ(st, MUS_OK);
  }
  return false;
}

/// The C++ reducer on the same state and action: its answer as a C status, `out` the state.
/// Only for an action the C layer passes on (a known kind, a seat -1..3, zero reserved fields,
/// a shuffle length 0..40); returns 1 (not a status) for any other.
inline std::int32_t apply_cpp(const mus_state& s, const mus_action& a, mus_state& out,
                              std::size_t& events) {
  const bool reserved_zero = a.reserved0 == 0 && a.reserved[0] == 0 && a.reserved[1] == 0 &&
                             a.reserved[2] == 0 && a.reserved[3] == 0;
  if (a.kind < MUS_ACTION_SHUFFLE || a.kind > MUS_ACTION_PERETE || a.seat < -1 || a.seat > 3 ||
      !reserved_zero || (a.kind == MUS_ACTION_SHUFFLE && (a.amount < 0 || a.amount > 40)))
    return 1;
  mus::State cpp = cpp_state(s);
  mus::Action ca;
  ca.kind = static_cast<mus::ActionKind>(a.kind);
  ca.seat = static_cast<std::int8_t>(a.seat);
  ca.amount = a.amount;
  ca.cards = a.cards;
  ca.seed = a.seed;
  std::memcpy(ca.order.data(), a.order, sizeof a.order);
  mus::Events ev;
  std::string_view why;
  const mus::Errc e = mus::apply_in_place(cpp, ca, &ev, &why);
  // Every refusal of a valid state names the rule behind it ("R25a: ...", docs/rules.md).
  FUZZ_CHECK(e == mus::Errc::ok || (why.size() > 4 && why[0] == 'R'));
  out = c_state(cpp);
  events = ev.size;
  return static_cast<std::int32_t>(e);
}

/// Applies `a` to `s` every way the API allows and checks they agree. Returns the status.
inline std::int32_t apply_all_ways(const mus_state& s, const mus_action& a, bool valid,
                                   mus_state& next) {
  mus_state out = filled<mus_state>();
  const std::int32_t st = mus_apply(&s, &a, &out);
  FUZZ_CHECK(st == MUS_OK || documented_apply_error(st));
  if (!valid)
    FUZZ_CHECK(st == MUS_E_INVALID_STATE || st == MUS_E_INVALID_ARGUMENT ||
               st == MUS_E_BAD_SHUFFLE);
  if (st != MUS_OK) {
    FUZZ_CHECK(all_canary(out));  // refused: the output is untouched
  }

  // The C++ reducer gives the same answer and the same State bytes (the C API's stamp aside).
  mus_state from_cpp{};
  std::size_t cpp_events = 0;
  const std::int32_t cpp_st = valid ? apply_cpp(s, a, from_cpp, cpp_events) : 1;
  if (cpp_st != 1) FUZZ_CHECK_EQ(cpp_st, st);

  // In place, with events: the same result.
  mus_state inplace = s;
  mus_event events[MUS_MAX_EVENTS];
  std::size_t nev = 999;
  const std::int32_t st2 = mus_apply_events(&inplace, &a, &inplace, events, MUS_MAX_EVENTS, &nev);
  FUZZ_CHECK_EQ(st2, st);
  if (st != MUS_OK) {
    FUZZ_CHECK(std::memcmp(&inplace, &s, sizeof s) == 0);
    return st;
  }
  FUZZ_CHECK(std::memcmp(&inplace, &out, sizeof out) == 0);
  FUZZ_CHECK(nev <= MUS_MAX_EVENTS);
  for (std::size_t i = 0; i < nev; ++i)
    FUZZ_CHECK(events[i].kind >= MUS_EVENT_DEAL && events[i].kind <= MUS_EVENT_AGREE);
  FUZZ_CHECK(cpp_st == MUS_OK);
  FUZZ_CHECK_EQ(cpp_events, nev);
  FUZZ_CHECK(same_state(from_cpp, out));

  // Pure: once more gives the same bytes.
  mus_state again = filled<mus_state>();
  FUZZ_CHECK_EQ(mus_apply(&s, &a, &again), MUS_OK);
  FUZZ_CHECK(std::memcmp(&again, &out, sizeof out) == 0);

  // A too small event buffer: refused, the state untouched, the count still reported.
  if (nev > 0) {
    mus_state tight = filled<mus_state>();
    std::size_t count = 0;
    FUZZ_CHECK_EQ(mus_apply_events(&s, &a, &tight, events, nev - 1, &count),
                  MUS_E_BUFFER_TOO_SMALL);
    FUZZ_CHECK_EQ(count, nev);
    FUZZ_CHECK(all_canary(tight));
  }
  next = out;
  return st;
}

/// The action-id functions on a state: on a bad state every one refuses it and writes nothing;
/// on a good one the mask, the ids and the listed actions agree, each id's action is the listed
/// one, and an id from the input (any number) gets a documented answer.
inline void check_action_ids(const mus_state& s, bool valid, const mus_action* legal, std::size_t n,
                             Input& in) {
  const std::int32_t expect = valid ? MUS_OK : MUS_E_INVALID_STATE;
  std::uint64_t mask = 0xA5A5A5A5A5A5A5A5ULL;
  FUZZ_CHECK_EQ(mus_legal_mask(&s, &mask), expect);
  if (!valid) FUZZ_CHECK_EQ(mask, 0xA5A5A5A5A5A5A5A5ULL);
  std::int32_t ids[MUS_MAX_LEGAL_ACTIONS];
  std::memset(ids, canary, sizeof ids);
  std::size_t nids = 99;
  FUZZ_CHECK_EQ(mus_legal_action_ids(&s, ids, MUS_MAX_LEGAL_ACTIONS, &nids), expect);
  const std::int32_t probe = static_cast<std::int32_t>(in.u8()) - 100;  // -100..155
  mus_action from = filled<mus_action>();
  const std::int32_t fst = mus_action_from_id(&s, probe, &from);
  mus_state next = filled<mus_state>();
  const std::uint64_t seed = in.u64();
  const std::int32_t ast = mus_apply_id(&s, probe, seed, &next);
  // mus_step: the same answer and state as mus_apply_id; a report only on success.
  mus_state stepped = filled<mus_state>();
  mus_step_info report = filled<mus_step_info>();
  report.struct_size = sizeof report;
  const mus_step_info report_before = report;
  FUZZ_CHECK_EQ(mus_step(&s, probe, seed, &stepped, &report), ast);
  if (ast != MUS_OK) {
    FUZZ_CHECK(all_canary(stepped));
    FUZZ_CHECK(std::memcmp(&report, &report_before, sizeof report) == 0);
  } else {
    FUZZ_CHECK(std::memcmp(&stepped, &next, sizeof next) == 0);
    std::uint64_t next_mask = 0;
    FUZZ_CHECK_EQ(mus_legal_mask(&next, &next_mask), MUS_OK);
    FUZZ_CHECK_EQ(report.legal_mask, next_mask);
    FUZZ_CHECK(report.points[0] >= 0 && report.points[1] >= 0);
    FUZZ_CHECK(report.hand_over == 0 || report.hand_over == 1);
    FUZZ_CHECK(report.game_winner >= -1 && report.game_winner <= 1);
  }
  if (!valid) {
    FUZZ_CHECK(all_canary(ids));
    FUZZ_CHECK_EQ(fst, MUS_E_INVALID_STATE);
    FUZZ_CHECK(all_canary(from));
    FUZZ_CHECK_EQ(ast, MUS_E_INVALID_STATE);
    FUZZ_CHECK(all_canary(next));
    mus_action pass{};
    pass.kind = MUS_ACTION_PASS;
    std::int32_t id = -7;
    FUZZ_CHECK_EQ(mus_action_id(&s, &pass, &id), MUS_E_INVALID_STATE);
    FUZZ_CHECK_EQ(id, -7);
    return;
  }
  FUZZ_CHECK_EQ(nids, n);
  FUZZ_CHECK((mask >> MUS_ACTION_ID_COUNT) == 0);
  std::int32_t previous = -1;
  for (std::size_t i = 0; i < n && i < nids; ++i) {
    FUZZ_CHECK(ids[i] > previous && ((mask >> ids[i]) & 1U) != 0);
    previous = ids[i];
    std::int32_t id = -1;
    FUZZ_CHECK_EQ(mus_action_id(&s, &legal[i], &id), MUS_OK);
    FUZZ_CHECK_EQ(id, ids[i]);
    mus_action back{};
    FUZZ_CHECK_EQ(mus_action_from_id(&s, id, &back), MUS_OK);
    FUZZ_CHECK(std::memcmp(&back, &legal[i], sizeof back) == 0);
  }
  // Any id: a documented answer; refused ones write nothing.
  FUZZ_CHECK(fst == MUS_OK || fst == MUS_E_INVALID_ARGUMENT || fst == MUS_E_MATCH_OVER ||
             fst == MUS_E_WRONG_PHASE || fst == MUS_E_CARD_NOT_IN_HAND);
  if (fst != MUS_OK) FUZZ_CHECK(all_canary(from));
  if (ast == MUS_OK) {
    FUZZ_CHECK(probe >= 0 && probe < MUS_ACTION_ID_COUNT && ((mask >> probe) & 1U) != 0);
    FUZZ_CHECK_EQ(mus_state_validate(&next), MUS_OK);
  } else {
    FUZZ_CHECK(all_canary(next));
    if (probe >= 0 && probe < MUS_ACTION_ID_COUNT) FUZZ_CHECK(((mask >> probe) & 1U) == 0);
  }
}

/// Every state-taking function on one blob. `produced`: the library made these bytes (a state
/// reached by legal play), so it must be valid and print back to the same bytes.
inline void exercise_state(const mus_state& s, Input& in, bool produced) {
  const mus_state original = s;
  const std::int32_t v = mus_state_validate(&s);
  FUZZ_CHECK(v == MUS_OK || v == MUS_E_INVALID_STATE);
  const bool valid = v == MUS_OK;
  if (produced) FUZZ_CHECK(valid);
  // The C check is the C++ one plus: the bytes between the State and the stamp are zero.
  // Whatever the stamp bytes hold (a stamp only spares the full check of bytes the library
  // wrote, and forged bytes do not match theirs).
  FUZZ_CHECK_EQ(mus::validate_state(cpp_state(s)) == mus::Errc::ok && zero_gap(s), valid);
  const std::int32_t expect = valid ? MUS_OK : MUS_E_INVALID_STATE;

  mus_state_info info{};
  sized_get<mus_state_info>([&](mus_state_info* o) { return mus_state_info_get(&s, o); }, valid, in,
                            info);
  if (valid) {
    FUZZ_CHECK(info.phase >= MUS_PHASE_SHUFFLE && info.phase <= MUS_PHASE_PERETE);
    FUZZ_CHECK(info.to_act >= -1 && info.to_act <= 3);
    FUZZ_CHECK(info.match_winner >= -1 && info.match_winner <= 1);
  }
  mus_count count{};
  sized_get<mus_count>([&](mus_count* o) { return mus_state_last_count(&s, o); }, valid, in, count);

  for (const std::int32_t seat : {-1, 0, 1, 2, 3, 4, static_cast<std::int32_t>(in.u32())}) {
    const bool seat_ok = seat >= 0 && seat <= 3;
    std::uint8_t hand[4] = {canary, canary, canary, canary};
    std::int32_t st = mus_state_hand(&s, seat, hand);
    FUZZ_CHECK_EQ(st, seat_ok ? expect : MUS_E_INVALID_ARGUMENT);
    if (st != MUS_OK) {
      FUZZ_CHECK(hand[0] == canary && hand[1] == canary && hand[2] == canary && hand[3] == canary);
    } else {
      for (const std::uint8_t id : hand) FUZZ_CHECK(id < 40 || id == 255);
    }
    if (!seat_ok) {
      mus_view view = filled<mus_view>();
      view.struct_size = sizeof view;
      FUZZ_CHECK_EQ(mus_state_view(&s, seat, &view), MUS_E_INVALID_ARGUMENT);
      continue;
    }
    mus_view view{};
    sized_get<mus_view>([&](mus_view* o) { return mus_state_view(&s, seat, o); }, valid, in, view);
    if (valid) {
      FUZZ_CHECK_EQ(view.seat, seat);
      FUZZ_CHECK(std::memcmp(view.hand, hand, 4) == 0);
      FUZZ_CHECK_EQ(view.phase, info.phase);
      FUZZ_CHECK_EQ(view.to_act, info.to_act);
    }
  }

  // The observation tensor: every entry in 0..1 on a valid state, nothing written otherwise.
  for (const std::int32_t seat : {0, 3}) {
    float tensor[MUS_VIEW_TENSOR_SIZE + 1];
    std::memset(tensor, canary, sizeof tensor);
    FUZZ_CHECK_EQ(mus_state_view_tensor(&s, seat, tensor, MUS_VIEW_TENSOR_SIZE), expect);
    FUZZ_CHECK(all_canary(tensor[MUS_VIEW_TENSOR_SIZE]));
    if (valid) {
      for (int i = 0; i < MUS_VIEW_TENSOR_SIZE; ++i)
        FUZZ_CHECK(tensor[i] >= 0.0F && tensor[i] <= 1.0F);
    } else {
      FUZZ_CHECK(all_canary(tensor));
    }
  }

  mus_rules rules = filled<mus_rules>();
  FUZZ_CHECK_EQ(mus_state_rules(&s, &rules), expect);
  if (valid)
    FUZZ_CHECK_EQ(mus_rules_validate(&rules), MUS_OK);
  else
    FUZZ_CHECK(all_canary(rules));

  std::int32_t lo = -7;
  std::int32_t hi = -7;
  FUZZ_CHECK_EQ(mus_bet_limits(&s, &lo, &hi), expect);
  if (valid) {
    FUZZ_CHECK(lo >= 0 && lo <= hi && hi <= 999);
    FUZZ_CHECK((lo == 0) == (hi == 0));
    if (lo > 0) FUZZ_CHECK_EQ(info.phase, MUS_PHASE_BETTING);
  } else {
    FUZZ_CHECK(lo == -7 && hi == -7);
  }
  FUZZ_CHECK_EQ(mus_bet_limits(&s, nullptr, &hi), MUS_E_INVALID_ARGUMENT);

  mus_action legal[MUS_MAX_LEGAL_ACTIONS];
  std::memset(legal, canary, sizeof legal);
  std::size_t n = 99;
  FUZZ_CHECK_EQ(mus_legal_actions(&s, legal, MUS_MAX_LEGAL_ACTIONS, &n), expect);
  if (!valid) {
    FUZZ_CHECK(all_canary(legal));
    n = 0;
  } else {
    FUZZ_CHECK(n <= MUS_MAX_LEGAL_ACTIONS);
    FUZZ_CHECK_EQ(n == 0, info.phase == MUS_PHASE_MATCH_OVER);
    std::size_t counted = 0;
    FUZZ_CHECK_EQ(mus_legal_actions(&s, nullptr, 0, &counted),
                  n == 0 ? MUS_OK : MUS_E_BUFFER_TOO_SMALL);
    FUZZ_CHECK_EQ(counted, n);
    if (n > 0) {
      mus_action few[MUS_MAX_LEGAL_ACTIONS];
      std::memset(few, canary, sizeof few);
      FUZZ_CHECK_EQ(mus_legal_actions(&s, few, n - 1, nullptr), MUS_E_BUFFER_TOO_SMALL);
      FUZZ_CHECK(all_canary(few));
    }
  }
  FUZZ_CHECK_EQ(mus_legal_actions(&s, nullptr, 3, nullptr), MUS_E_INVALID_ARGUMENT);
  check_action_ids(s, valid, legal, n, in);

  check_state_text(s, valid, produced);

  // Every listed action, made concrete: accepted on a valid state; refused on a bad one.
  Rng rng{in.u64()};
  mus_state next{};
  for (std::size_t i = 0; i < n; ++i) {
    const mus_action a = with_chance(s, legal[i], rng);
    if (!listed_accepted(apply_all_ways(s, a, valid, next), produced)) continue;
    if (produced) {
      FUZZ_CHECK_EQ(mus_state_validate(&next), MUS_OK);
      check_cards_conserved(next);
    }
  }
  if (!valid) {
    mus_action pass{};
    pass.kind = MUS_ACTION_PASS;
    pass.seat = 0;
    FUZZ_CHECK_EQ(apply_all_ways(s, pass, valid, next), MUS_E_INVALID_STATE);
    mus_action shuffle{};
    shuffle.kind = MUS_ACTION_SHUFFLE;
    shuffle.seat = -1;
    FUZZ_CHECK_EQ(apply_all_ways(s, shuffle, valid, next), MUS_E_INVALID_STATE);
  }

  // A few forged actions from the input: any documented answer, nothing changed on refusal.
  const int forged = in.u8() % 4;
  for (int i = 0; i < forged; ++i) {
    mus_action a{};
    in.bytes(&a, sizeof a);
    if (in.u8() & 1U) {  // mostly well-formed, so the reducer's own checks are reached
      a.kind = 1 + static_cast<std::int32_t>(static_cast<std::uint32_t>(a.kind) % 11);
      a.seat = static_cast<std::int32_t>(static_cast<std::uint32_t>(a.seat) % 5) - 1;
      a.reserved0 = 0;
      std::memset(a.reserved, 0, sizeof a.reserved);
      if (a.kind == MUS_ACTION_SHUFFLE)
        a.amount = static_cast<std::int32_t>(static_cast<std::uint32_t>(a.amount) % 41);
    }
    apply_all_ways(s, a, valid, next);
  }

  FUZZ_CHECK(std::memcmp(&original, &s, sizeof s) == 0);  // nothing wrote to the input
}

/// Plays up to `steps` legal actions chosen by the input from `s`, exercising every state
/// reached; stops at the end of the match or at a state the library refuses.
inline void play_on(mus_state s, Input& in, int steps, bool produced) {
  for (int k = 0; k < steps && !in.empty(); ++k) {
    if (mus_state_validate(&s) != MUS_OK) return;
    mus_action legal[MUS_MAX_LEGAL_ACTIONS];
    std::size_t n = 0;
    FUZZ_CHECK_EQ(mus_legal_actions(&s, legal, MUS_MAX_LEGAL_ACTIONS, &n), MUS_OK);
    if (n == 0) return;
    Rng rng{in.u64()};
    const mus_action a = with_chance(s, legal[in.u8() % n], rng);
    mus_state next{};
    if (!listed_accepted(apply_all_ways(s, a, true, next), produced)) return;
    s = next;
    if (produced) {
      FUZZ_CHECK_EQ(mus_state_validate(&s), MUS_OK);
      check_cards_conserved(s);
    }
    exercise_state(s, in, produced);
  }
}

}  // namespace mus_fuzz

#endif  // MUS_FUZZ_EXERCISE_HPP
