/**
 * @file capi_internal.hpp
 * @brief Internals shared by the translation units of the C API (libmus.so). Not installed.
 *
 * Every exported function follows the same pattern, built from the pieces here:
 * @code
 * int32_t mus_thing(const mus_rules* rules, const uint8_t hand[4], int32_t* out) {
 *   return mus::capi::guard([&]() -> std::int32_t {
 *     if (rules == nullptr || hand == nullptr || out == nullptr) return MUS_E_INVALID_ARGUMENT;
 *     const auto r = mus::capi::rules_from_c(rules);
 *     if (!r) return mus::capi::status(r.error());
 *     const auto h = mus::capi::read_hand(hand);
 *     if (!h) return mus::capi::status(h.error());
 *     *out = ...;  // outputs are written only once nothing can fail any more
 *     return MUS_OK;
 *   });
 * }
 * @endcode
 * Arguments are checked in the order: pointers and plain numbers (MUS_E_INVALID_ARGUMENT),
 * then rules (MUS_E_INVALID_RULES), then cards (MUS_E_INVALID_CARDS).
 *
 * Why a call failed reaches mus_last_error() through the same two pieces, and costs nothing
 * while calls succeed: status(const Error&) records the library's message (and position) for
 * the code it returns, and guard(), seeing a failed status, keeps that message when it belongs
 * to this status, or records the status text otherwise (a bare `return MUS_E_...`). So
 * status(const Error&) is called only to return its result.
 */
#ifndef MUS_CAPI_INTERNAL_HPP
#define MUS_CAPI_INTERNAL_HPP

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string_view>
#include <type_traits>
#include <utility>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include "mus/cards.hpp"
#include "mus/error.hpp"
#include "mus/eval.hpp"
#include "mus/match.hpp"
#include "mus/mus.h"
#include "mus/rules.hpp"
#include "state_stamp.hpp"

namespace mus::capi {

/// The C status code of an error code (the numbers are the same, see error.hpp).
[[nodiscard]] constexpr std::int32_t status(Errc code) noexcept {
  return static_cast<std::int32_t>(code);
}

// ---- Why the last call failed (mus_last_error) ---------------------------------------------

/// What mus_last_error() tells: one per thread (last_error()), written only when a call fails.
struct LastError {
  std::int32_t code = MUS_OK;  ///< The status the text is about.
  bool fresh = false;          ///< Set by record_error(), for guard() to keep the text.
  char text[512] = {};         ///< NUL-terminated, cut to fit.
};

/// The calling thread's LastError (thread-local storage, defined in mus_c.cpp).
[[nodiscard]] LastError& last_error() noexcept;

/// Records why a call fails with `e.code`: Error::describe() (the message and position, or the
/// status text when the message is empty). Nothing for an ok Error.
void record_error(const Error& e) noexcept;

/// Records a text of the caller's making as why a call fails with `code` (for errors whose
/// message is more than a static text, such as a record's line number).
void record_error_text(std::int32_t code, std::string_view text) noexcept;

/// Called by guard() for a failed status: keeps what record_error() wrote for this status in
/// this call, else records mus_status_string(code).
void finish_error(std::int32_t code) noexcept;

/// The C status code of an error; records the error's message for mus_last_error().
[[nodiscard]] inline std::int32_t status(const Error& e) noexcept {
  if (!e.ok()) [[unlikely]]
    record_error(e);
  return status(e.code);
}

// error.hpp writes the Errc numbers as literals (so that C++ users do not get mus.h through it);
// status() relies on them being the C status codes, so any drift between the two lists must
// fail the build here.
static_assert(status(Errc::ok) == MUS_OK);
static_assert(status(Errc::invalid_argument) == MUS_E_INVALID_ARGUMENT);
static_assert(status(Errc::parse) == MUS_E_PARSE);
static_assert(status(Errc::buffer_too_small) == MUS_E_BUFFER_TOO_SMALL);
static_assert(status(Errc::invalid_rules) == MUS_E_INVALID_RULES);
static_assert(status(Errc::invalid_cards) == MUS_E_INVALID_CARDS);
static_assert(status(Errc::wrong_phase) == MUS_E_WRONG_PHASE);
static_assert(status(Errc::not_your_turn) == MUS_E_NOT_YOUR_TURN);
static_assert(status(Errc::illegal_action) == MUS_E_ILLEGAL_ACTION);
static_assert(status(Errc::bet_too_small) == MUS_E_BET_TOO_SMALL);
static_assert(status(Errc::card_not_in_hand) == MUS_E_CARD_NOT_IN_HAND);
static_assert(status(Errc::bad_shuffle) == MUS_E_BAD_SHUFFLE);
static_assert(status(Errc::match_over) == MUS_E_MATCH_OVER);
static_assert(status(Errc::false_signal) == MUS_E_FALSE_SIGNAL);
static_assert(status(Errc::invalid_state) == MUS_E_INVALID_STATE);
static_assert(status(Errc::internal) == MUS_E_INTERNAL);
static_assert(status(Errc::not_in_action_space) == MUS_E_NO_ACTION_ID);
static_assert(status(Errc::signal_not_in_set) == MUS_E_SIGNAL_NOT_IN_SET);

/**
 * @brief Runs the body of an exported function: no C++ exception ever crosses into C, and a
 *        failed status leaves its reason for mus_last_error() (see finish_error()).
 * @param body A callable returning the function's `int32_t` status.
 * @return What `body` returns, or MUS_E_INTERNAL when it throws anything.
 */
template <class Body>
[[nodiscard]] std::int32_t guard(Body&& body) noexcept {
  static_assert(std::is_same_v<std::invoke_result_t<Body>, std::int32_t>,
                "the body of a C API function returns its int32_t status");
  std::int32_t result = MUS_E_INTERNAL;
  try {
    result = std::forward<Body>(body)();
  } catch (...) {
    result = MUS_E_INTERNAL;
  }
  if (result != MUS_OK) [[unlikely]]
    finish_error(result);
  return result;
}

// ---- Plain numbers -------------------------------------------------------------------------

/// True for a seat, 0..3.
[[nodiscard]] constexpr bool valid_seat(std::int32_t seat) noexcept {
  return seat >= 0 && seat < seats;
}

/// True for a `MUS_LANCE_*` value, 0..4.
[[nodiscard]] constexpr bool valid_lance(std::int32_t lance) noexcept {
  return lance >= MUS_LANCE_GRANDE && lance <= MUS_LANCE_PUNTO;
}

/// The lance of a `MUS_LANCE_*` value already checked by valid_lance().
[[nodiscard]] constexpr Lance to_lance(std::int32_t lance) noexcept {
  return static_cast<Lance>(lance);
}

static_assert(static_cast<int>(Lance::grande) == MUS_LANCE_GRANDE &&
              static_cast<int>(Lance::chica) == MUS_LANCE_CHICA &&
              static_cast<int>(Lance::pares) == MUS_LANCE_PARES &&
              static_cast<int>(Lance::juego) == MUS_LANCE_JUEGO &&
              static_cast<int>(Lance::punto) == MUS_LANCE_PUNTO);

// ---- Rules: the one conversion between mus_rules and mus::Rules ---------------------------

/**
 * @brief Stores a C `int32_t` into a narrower C++ field only when it fits the field's type.
 *
 * Checking before narrowing means no value can wrap into range (a `target` of 65,576 must not
 * become 40). Booleans take 0 or 1 only; enums take their underlying type's range, and
 * validate() then checks the named options.
 * @return False, leaving `field` alone, when the value does not fit.
 */
template <class Field>
[[nodiscard]] constexpr bool assign_checked(Field& field, std::int32_t value) noexcept {
  if constexpr (std::is_same_v<Field, bool>) {
    if (value != 0 && value != 1) return false;
    field = value == 1;
  } else if constexpr (std::is_enum_v<Field>) {
    if (!std::in_range<std::underlying_type_t<Field>>(value)) return false;
    field = static_cast<Field>(value);
  } else {
    if (!std::in_range<Field>(value)) return false;
    field = static_cast<Field>(value);
  }
  return true;
}

/**
 * @brief The C++ rules of a C `mus_rules`, validated.
 * @return Errc::invalid_argument for NULL or a `struct_size` smaller than `sizeof(mus_rules)`
 *         (an older or uninitialised struct); Errc::invalid_rules for a field that does not fit
 *         its C++ type, a non-zero reserved field, or a value validate() refuses.
 */
[[nodiscard]] constexpr Result<Rules> rules_from_c(const mus_rules* in) noexcept {
  if (in == nullptr) return Error{Errc::invalid_argument, "rules is NULL", -1};
  if (in->struct_size < sizeof(mus_rules))
    return Error{Errc::invalid_argument, "mus_rules.struct_size is smaller than the struct", -1};
  for (const std::int32_t v : in->reserved)
    if (v != 0) return Error{Errc::invalid_rules, "mus_rules.reserved must be zero", -1};
  Rules r;
  const bool fits =
      assign_checked(r.kings, in->kings) && assign_checked(r.target, in->target) &&
      assign_checked(r.games_per_vaca, in->games_per_vaca) && assign_checked(r.vacas, in->vacas) &&
      assign_checked(r.min_raise, in->min_raise) && assign_checked(r.royal31, in->royal31) &&
      assign_checked(r.zero_discard, in->zero_discard) &&
      assign_checked(r.deje_ends, in->deje_ends) &&
      assign_checked(r.mus_corrido, in->mus_corrido) &&
      assign_checked(r.tio_perete, in->tio_perete) && assign_checked(r.answers, in->answers) &&
      assign_checked(r.signals, in->signals);
  if (!fits) return Error{Errc::invalid_rules, "a mus_rules field is outside its limits", -1};
  if (const Error e = validate(r); !e.ok()) return e;
  return r;
}

/// The C `mus_rules` of C++ rules: `struct_size` set, reserved fields zero.
[[nodiscard]] constexpr mus_rules rules_to_c(const Rules& r) noexcept {
  mus_rules out{};
  out.struct_size = sizeof(mus_rules);
  out.kings = r.kings;
  out.target = r.target;
  out.games_per_vaca = r.games_per_vaca;
  out.vacas = r.vacas;
  out.min_raise = r.min_raise;
  out.royal31 = static_cast<std::int32_t>(r.royal31);
  out.zero_discard = r.zero_discard ? 1 : 0;
  out.deje_ends = r.deje_ends ? 1 : 0;
  out.mus_corrido = static_cast<std::int32_t>(r.mus_corrido);
  out.tio_perete = r.tio_perete ? 1 : 0;
  out.answers = static_cast<std::int32_t>(r.answers);
  out.signals = static_cast<std::int32_t>(r.signals);
  return out;
}

static_assert(static_cast<int>(Royal31::jack777) == MUS_ROYAL31_JACK777 &&
              static_cast<int>(Royal31::figure777) == MUS_ROYAL31_FIGURE777 &&
              static_cast<int>(Royal31::jack777_other_suits) == MUS_ROYAL31_JACK777_OTHER_SUITS &&
              static_cast<int>(Royal31::jack_of_coins777) == MUS_ROYAL31_JACK_OF_COINS777 &&
              static_cast<int>(Royal31::jack_of_coins_any777) == MUS_ROYAL31_JACK_OF_COINS_ANY777 &&
              static_cast<int>(MusCorrido::match) == MUS_CORRIDO_MATCH &&
              static_cast<int>(MusCorrido::game) == MUS_CORRIDO_GAME &&
              static_cast<int>(Answers::first) == MUS_ANSWERS_FIRST &&
              static_cast<int>(Answers::proposal) == MUS_ANSWERS_PROPOSAL &&
              static_cast<int>(SignalSet::full) == MUS_SIGNALS_FULL &&
              static_cast<int>(SignalSet::online) == MUS_SIGNALS_ONLINE &&
              static_cast<int>(SignalSet::off) == MUS_SIGNALS_OFF);

// ---- Text output ---------------------------------------------------------------------------

/// True for a usable (buf, cap) pair: `buf` may be NULL only when `cap` is 0.
[[nodiscard]] constexpr bool valid_buffer(const void* buf, std::size_t cap) noexcept {
  return buf != nullptr || cap == 0;
}

/**
 * @brief Writes a text output the way every C function does.
 *
 * `*len_out` (when not NULL) receives the length without the NUL, also when the buffer is too
 * small. The text and its NUL are written only when `cap > text.size()`, and then exactly
 * `text.size() + 1` bytes: nothing else in `buf` is touched.
 * @pre valid_buffer(buf, cap).
 * @return MUS_OK or MUS_E_BUFFER_TOO_SMALL.
 */
[[nodiscard]] inline std::int32_t write_text(std::string_view text, char* buf, std::size_t cap,
                                             std::size_t* len_out) noexcept {
  if (len_out != nullptr) *len_out = text.size();
  if (cap <= text.size()) return MUS_E_BUFFER_TOO_SMALL;
  if (!text.empty()) std::memcpy(buf, text.data(), text.size());
  buf[text.size()] = '\0';
  return MUS_OK;
}

// ---- Cards ---------------------------------------------------------------------------------

/**
 * @brief The set of `count` card ids as a 40-bit mask (bit `id` set for each card).
 * @return Errc::invalid_cards for an id above 39 or a card listed twice.
 */
[[nodiscard]] constexpr Result<std::uint64_t> card_set(const std::uint8_t* ids,
                                                       std::size_t count) noexcept {
  std::uint64_t set = 0;
  for (std::size_t i = 0; i < count; ++i) {
    if (ids[i] >= deck_size) return Error{Errc::invalid_cards, "card id outside 0..39", -1};
    const std::uint64_t bit = std::uint64_t{1} << ids[i];
    if ((set & bit) != 0) return Error{Errc::invalid_cards, "the same card twice", -1};
    set |= bit;
  }
  return set;
}

/**
 * @brief `N` hands read from `4 * N` card ids (hand 0's four first), all distinct.
 * @return Errc::invalid_cards for an id above 39 or a card repeated anywhere among them.
 */
template <std::size_t N>
[[nodiscard]] constexpr Result<std::array<Hand, N>> read_hands(const std::uint8_t* ids) noexcept {
  if (const auto set = card_set(ids, N * hand_size); !set) return set.error();
  std::array<Hand, N> hands{};
  for (std::size_t i = 0; i < N; ++i) {
    const auto h = Hand::from_ids(ids + i * hand_size);
    if (!h) return h.error();  // cannot happen once card_set() accepted the ids
    hands[i] = *h;
  }
  return hands;
}

/// One hand read from four card ids; Errc::invalid_cards as read_hands().
[[nodiscard]] constexpr Result<Hand> read_hand(const std::uint8_t* ids) noexcept {
  const auto h = read_hands<1>(ids);
  if (!h) return h.error();
  return (*h)[0];
}

/// Writes the four R3 ids of a hand to `out[0..3]`.
constexpr void write_hand(const Hand& h, std::uint8_t* out) noexcept {
  for (int i = 0; i < hand_size; ++i) out[i] = static_cast<std::uint8_t>(h[i].id());
}

// ---- States and actions: the one conversion between the C structs and the reducer's -------

static_assert(sizeof(State) <= MUS_STATE_SIZE, "mus::State must fit in a mus_state");
static_assert(alignof(State) <= alignof(mus_state));

/**
 * @brief Room for a State that read_state() fills: no default member initialisers run (they
 *        would cost as much as the stamp check they precede).
 */
struct StateCopy {
  StateCopy() noexcept {}  // NOLINT: leaves `s` to read_state()
  union {
    State s;  ///< Meaningful once read_state() returned MUS_OK.
  };
};
static_assert(std::is_trivially_destructible_v<State>);

/**
 * @brief Reads and checks a caller's state into `out`: a mus_state holds a mus::State at its
 *        start, zeros, then the stamp of state_stamp.hpp in its last bytes.
 *
 * The bytes are copied once, and everything after is decided on that copy (another thread
 * changing `*in` meanwhile cannot slip anything past the check). The bytes between the State
 * and the stamp must be zero. A State whose stamp matches was written by this process's
 * library and is accepted as it is; any other (written by another process or an older run,
 * the stamp zeroed, or forged) gets the full validate_state(). So the stamp spares the check
 * but never refuses a valid state, and no function ever works on bytes it would refuse.
 * @return MUS_OK; MUS_E_INVALID_ARGUMENT for NULL; MUS_E_INVALID_STATE for bytes the full
 *         check refuses or a non-zero byte between the State and the stamp. `out.s` is
 *         meaningful only on MUS_OK.
 */
[[nodiscard]] inline std::int32_t read_state(const mus_state* in, StateCopy& out) noexcept {
  if (in == nullptr) return MUS_E_INVALID_ARGUMENT;
  const auto* bytes = reinterpret_cast<const unsigned char*>(in->opaque);
  auto* copy = reinterpret_cast<unsigned char*>(&out.s);
  Stamp stamp;
  std::memcpy(stamp.data(), bytes + stamp_offset, stamp_size);
  unsigned char gap = 0;
  for (std::size_t i = sizeof(State); i < stamp_offset; ++i) gap |= bytes[i];
  if (gap != 0) return MUS_E_INVALID_STATE;
  if (const StampKey* key = stamp_key(); key != nullptr) {
    if (stamp_of(bytes, *key, copy) == stamp) return MUS_OK;  // copies and hashes in one pass
  } else {
    std::memcpy(copy, bytes, sizeof(State));
  }
  return validate_state(out.s) == Errc::ok ? MUS_OK : MUS_E_INVALID_STATE;
}

/**
 * @brief Runs `body` on the caller's state once read_state() accepted it: the one way the C
 *        functions that take a state read it.
 * @param in The caller's state.
 * @param body A callable taking `const State&` and returning the function's `int32_t` status.
 * @return read_state()'s error, or what `body` returns.
 */
template <class Body>
[[nodiscard]] std::int32_t with_state(const mus_state* in, Body&& body) {
  StateCopy copy;
  if (const std::int32_t e = read_state(in, copy); e != MUS_OK) return e;
  return std::forward<Body>(body)(static_cast<const State&>(copy.s));
}

/**
 * @brief Writes a state to a caller's mus_state: the State's bytes, zeros, then its stamp.
 *
 * Each byte of `*out` is written once, the State's in the same pass that hashes them. The stamp
 * vouches that the State is valid, so only states that validate_state() accepts may be written:
 * states from new_match(), from apply_in_place() on a state read with read_state(), or from the
 * text parser (which runs the full check). The stamp is all zero when the process has no key (see
 * stamp_key()).
 * @pre `s` does not overlap `*out` (callers pass a local copy, so `in == out` stays allowed).
 */
inline void write_state(const State& s, mus_state* out) noexcept {
  const auto* src = reinterpret_cast<const unsigned char*>(&s);
  auto* bytes = reinterpret_cast<unsigned char*>(out->opaque);
  Stamp stamp{};
  if (const StampKey* key = stamp_key(); key != nullptr)
    stamp = stamp_of(src, *key, bytes);  // copies and hashes in one pass
  else
    std::memcpy(bytes, src, sizeof s);
  // The gap between the State and the stamp is always written: the caller's buffer may hold
  // anything, uninitialised bytes included, and the output must not depend on it.
  // Vector stores where there are some: GCC turns a plain loop or memset of this size into
  // `rep stos`, whose start-up cost is a good part of a whole step.
  static_assert(sizeof s % sizeof(std::uint64_t) == 0 && stamp_offset % sizeof(std::uint64_t) == 0);
  std::size_t i = sizeof s;
#if defined(__SSE2__)
  for (; i + 16 <= stamp_offset; i += 16)
    _mm_storeu_si128(reinterpret_cast<__m128i*>(bytes + i), _mm_setzero_si128());
#endif
  for (; i < stamp_offset; i += sizeof(std::uint64_t)) {
    const std::uint64_t zero = 0;
    std::memcpy(bytes + i, &zero, sizeof zero);
  }
  std::memcpy(bytes + stamp_offset, stamp.data(), stamp_size);
}

/**
 * @brief The C++ action of a C action; checks what the C++ types cannot hold.
 * @return Errc::invalid_argument for NULL, an unknown kind, a seat outside -1..3 or non-zero
 *         reserved fields; Errc::bad_shuffle for a shuffle order length outside 0..40.
 */
[[nodiscard]] inline Result<Action> read_action(const mus_action* in) noexcept {
  const auto bad = [](Errc c, std::string_view m) { return Error{c, m, -1}; };
  if (in == nullptr) return bad(Errc::invalid_argument, "action is NULL");
  if (in->kind < MUS_ACTION_SHUFFLE || in->kind > MUS_ACTION_PERETE)
    return bad(Errc::invalid_argument, "unknown action kind");
  if (in->seat < -1 || in->seat > 3) return bad(Errc::invalid_argument, "seat out of range");
  if (in->reserved0 != 0 || std::any_of(std::begin(in->reserved), std::end(in->reserved),
                                        [](std::int32_t v) { return v != 0; }))
    return bad(Errc::invalid_argument, "reserved fields must be zero");
  if (in->kind == MUS_ACTION_SHUFFLE && (in->amount < 0 || in->amount > deck_size))
    return bad(Errc::bad_shuffle, "shuffle order length outside 0..40");
  Action a;
  a.kind = static_cast<ActionKind>(in->kind);
  a.seat = static_cast<std::int8_t>(in->seat);
  a.amount = in->amount;
  a.cards = in->cards;
  a.seed = in->seed;
  std::memcpy(a.order.data(), in->order, a.order.size());
  return a;
}

/// Writes the C action of a C++ action to `out`, reserved fields zero, each field in place
/// (a temporary copied out costs more than the fields: several are listed per call).
inline void write_action(const Action& a, mus_action& out) noexcept {
  std::memset(&out, 0, sizeof out);
  out.kind = static_cast<std::int32_t>(a.kind);
  out.seat = a.seat;
  out.amount = a.amount;
  out.cards = a.cards;
  out.seed = a.seed;
  std::memcpy(out.order, a.order.data(), a.order.size());
}

/// The C action of a C++ action, reserved fields zero.
[[nodiscard]] inline mus_action write_action(const Action& a) noexcept {
  mus_action out;
  write_action(a, out);
  return out;
}

// ---- Output structs ------------------------------------------------------------------------

/**
 * @brief Writes an output struct the caller sized with `struct_size`: at most that many bytes
 *        (an older caller's smaller struct gets its prefix), `struct_size` set to what was
 *        written.
 * @return MUS_OK; MUS_E_INVALID_ARGUMENT when `out->struct_size` is below 8 bytes.
 */
template <class T>
[[nodiscard]] std::int32_t write_sized(const T& full, T* out) noexcept {
  const std::uint32_t size = out->struct_size;
  if (size < sizeof(std::uint32_t) * 2) return MUS_E_INVALID_ARGUMENT;
  const std::size_t n = std::min<std::size_t>(size, sizeof(T));
  T tmp = full;
  tmp.struct_size = static_cast<std::uint32_t>(n);
  std::memcpy(out, &tmp, n);
  return MUS_OK;
}

/// The C record of one lance (mus_count.lines, mus_view.lances).
[[nodiscard]] constexpr mus_count_line write_line(const LanceRecord& r) noexcept {
  mus_count_line l{};
  l.lance = static_cast<std::int32_t>(r.lance);
  l.status = static_cast<std::int32_t>(r.status);
  l.bet_team = r.bet_team;
  l.winner_team = r.winner_team;
  l.winner_seat = r.winner_seat;
  l.stake = r.stake;
  l.tantos = r.tantos;
  l.points = r.points;
  l.counted = r.counted;
  return l;
}

/// The C view of a seat view (mus_state_view(), mus_view_parse()); `struct_size` left 0 for
/// write_sized().
[[nodiscard]] inline mus_view view_to_c(const SeatView& v) noexcept {
  mus_view c{};
  c.seat = v.seat;
  c.phase = static_cast<std::int32_t>(v.phase);
  c.lance = v.phase == Phase::betting ? static_cast<std::int32_t>(v.lance) : -1;
  c.to_act = v.to_act;
  c.dealer = v.dealer;
  c.mano = v.mano;
  std::memcpy(c.hand, v.hand.data(), sizeof c.hand);
  for (std::size_t t = 0; t < 2; ++t) {
    c.score[t] = v.score[t];
    c.games[t] = v.games[t];
    c.vacas[t] = v.vacas[t];
  }
  c.match_winner = v.match_winner;
  c.hand_number = static_cast<std::int32_t>(v.hand_number);
  c.stock_count = v.stock_count;
  c.pile_count = v.pile_count;
  c.pares_declared = (v.declared & 1U) != 0 ? 1 : 0;
  c.pares_mask = v.pares_mask;
  c.juego_declared = (v.declared & 2U) != 0 ? 1 : 0;
  c.juego_mask = v.juego_mask;
  c.perete_mask = v.perete_mask;
  for (std::size_t i = 0; i < 4; ++i) c.signals[i] = v.signals[i];
  c.bet_open = v.bet_open;
  c.bet_is_ordago = v.is_ordago;
  c.bet_team = v.bet_team;
  c.stake_before = v.stake_before;
  c.proposed = v.proposed;
  c.proposal = v.proposal;
  c.proposer = v.proposer;
  c.proposal_amount = v.proposal_amount;
  for (std::size_t i = 0; i < 4; ++i) c.lances[i] = write_line(v.lances[i]);
  std::memcpy(c.last_shown, v.last.shown.data(), sizeof c.last_shown);
  c.hand_in_game = v.hand_in_game;
  c.mus_said = v.mus_said;
  c.discarded = v.discarded;
  c.refill_pos = v.refill_pos == no_refill ? -1 : v.refill_pos;
  std::memcpy(c.need, v.need.data(), sizeof c.need);
  c.answer_first = v.answer_first;
  c.deje_winner = v.deje_winner;
  return c;
}

}  // namespace mus::capi

#endif  // MUS_CAPI_INTERNAL_HPP
