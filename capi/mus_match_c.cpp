// The C API of mus.h, match reducer part: states, actions, legal actions, views, events and
// the last hand's count, over the C++ reducer of mus/match.hpp.
//
// A mus_state holds a mus::State at its start, zeros, then a stamp (state_stamp.hpp). Every
// function taking a state copies it out with read_state(), which trusts a matching stamp and
// otherwise checks the copy with validate_state(), so bytes the library would refuse get
// MUS_E_INVALID_STATE, never undefined behaviour.
#include <algorithm>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string_view>

#include "capi_internal.hpp"
#include "mus/match.hpp"
#include "mus/mus.h"

namespace capi = mus::capi;

namespace {

static_assert(sizeof(mus_state) == MUS_STATE_SIZE);
static_assert(MUS_MAX_EVENTS == mus::Events::capacity);
static_assert(static_cast<int>(mus::Phase::match_over) == MUS_PHASE_MATCH_OVER &&
              static_cast<int>(mus::Phase::perete) == MUS_PHASE_PERETE &&
              static_cast<int>(mus::Phase::shuffle) == MUS_PHASE_SHUFFLE);
static_assert(static_cast<int>(mus::ActionKind::perete) == MUS_ACTION_PERETE &&
              static_cast<int>(mus::ActionKind::reject) == MUS_ACTION_REJECT &&
              static_cast<int>(mus::ActionKind::shuffle) == MUS_ACTION_SHUFFLE);
static_assert(static_cast<int>(mus::EventKind::match) == MUS_EVENT_MATCH &&
              static_cast<int>(mus::EventKind::propose) == MUS_EVENT_PROPOSE &&
              static_cast<int>(mus::EventKind::agree) == MUS_EVENT_AGREE &&
              static_cast<int>(mus::EventKind::deal) == MUS_EVENT_DEAL);
static_assert(static_cast<int>(mus::LanceStatus::ordago) == MUS_LANCE_STATUS_ORDAGO &&
              static_cast<int>(mus::HandEnd::ordago) == MUS_END_ORDAGO);
static_assert(static_cast<int>(mus::Signal::solomillo) == MUS_SIGNAL_SOLOMILLO &&
              static_cast<int>(mus::Signal::need_mus) == MUS_SIGNAL_NEED_MUS &&
              mus::signal_count == MUS_SIGNAL_NEED_MUS + 1);
static_assert(mus::action_id_count == MUS_ACTION_ID_COUNT &&
              mus::action_ids::shuffle == MUS_ACTION_ID_SHUFFLE &&
              mus::action_ids::mus == MUS_ACTION_ID_MUS &&
              mus::action_ids::cut == MUS_ACTION_ID_CUT &&
              mus::action_ids::discard == MUS_ACTION_ID_DISCARD &&
              mus::action_ids::pass == MUS_ACTION_ID_PASS &&
              mus::action_ids::bet == MUS_ACTION_ID_BET &&
              mus::action_ids::ordago == MUS_ACTION_ID_ORDAGO &&
              mus::action_ids::accept == MUS_ACTION_ID_ACCEPT &&
              mus::action_ids::reject == MUS_ACTION_ID_REJECT &&
              mus::action_ids::signal == MUS_ACTION_ID_SIGNAL &&
              mus::action_ids::perete == MUS_ACTION_ID_PERETE &&
              mus::action_ids::bet_count == MUS_BET_LADDER_SIZE &&
              mus::ActionList::capacity == MUS_MAX_LEGAL_ACTIONS);

using capi::read_action;
using capi::read_state;
using capi::write_action;
using capi::write_line;
using capi::write_sized;
using capi::write_state;

// apply_in_place() with its events reported to a C caller, as mus_apply_events() promises:
// `*count_out` (when asked) also on a too small buffer, the events only when they all fit.
// Kept out of the path without events, which need not build a mus::Events (larger than a
// state).
[[gnu::noinline]] std::int32_t apply_reporting(mus::State& s, const mus::Action& a,
                                               mus_event* events, std::size_t cap,
                                               std::size_t* count_out) noexcept {
  mus::Events ev;
  std::string_view why;
  if (const mus::Errc e = mus::apply_in_place(s, a, &ev, &why); e != mus::Errc::ok)
    return capi::status(mus::Error{e, why, -1});
  if (count_out != nullptr) *count_out = ev.size;
  if (events == nullptr) return MUS_OK;
  if (cap < ev.size) return MUS_E_BUFFER_TOO_SMALL;
  for (std::size_t i = 0; i < ev.size; ++i) {
    const mus::Event& x = ev.items[i];
    mus_event c{};
    c.kind = static_cast<std::int32_t>(x.kind);
    c.seat = x.seat;
    c.team = x.team;
    c.lance = x.lance;
    c.amount = x.amount;
    c.value = x.value;
    events[i] = c;
  }
  return MUS_OK;
}

}  // namespace

extern "C" {

size_t mus_state_size(void) { return sizeof(mus_state); }

int32_t mus_state_new(const mus_rules* rules, int32_t first_dealer, mus_state* out) {
  return capi::guard([&]() -> std::int32_t {
    if (rules == nullptr || out == nullptr) return MUS_E_INVALID_ARGUMENT;
    // A bad seat is refused before the rules are read, with new_match()'s own reason.
    if (!capi::valid_seat(first_dealer))
      return capi::status(mus::new_match(mus::Rules{}, first_dealer).error());
    const auto r = capi::rules_from_c(rules);
    if (!r) return capi::status(r.error());
    const auto s = mus::new_match(*r, first_dealer);
    if (!s) return capi::status(s.error());
    write_state(*s, out);
    return MUS_OK;
  });
}

int32_t mus_apply_events(const mus_state* in, const mus_action* action, mus_state* out,
                         mus_event* events, size_t cap, size_t* count_out) {
  return capi::guard([&]() -> std::int32_t {
    if (out == nullptr || action == nullptr || !capi::valid_buffer(events, cap))
      return MUS_E_INVALID_ARGUMENT;
    capi::StateCopy next;  // read, applied to and written from this one copy
    if (const std::int32_t e = read_state(in, next); e != MUS_OK) return e;
    const auto a = read_action(action);
    if (!a) return capi::status(a.error());
    if (events == nullptr && count_out == nullptr) {
      std::string_view why;  // the refusal's rule and reason, for status() to pass on
      if (const mus::Errc e = mus::apply_in_place(next.s, *a, nullptr, &why); e != mus::Errc::ok)
        return capi::status(mus::Error{e, why, -1});
    } else if (const std::int32_t e = apply_reporting(next.s, *a, events, cap, count_out);
               e != MUS_OK) {
      return e;
    }
    write_state(next.s, out);
    return MUS_OK;
  });
}

int32_t mus_apply(const mus_state* in, const mus_action* action, mus_state* out) {
  return mus_apply_events(in, action, out, nullptr, 0, nullptr);
}

int32_t mus_legal_actions(const mus_state* s, mus_action* buf, size_t cap, size_t* count_out) {
  return capi::guard([&]() -> std::int32_t {
    if (!capi::valid_buffer(buf, cap)) return MUS_E_INVALID_ARGUMENT;
    return capi::with_state(s, [&](const mus::State& st) -> std::int32_t {
      const mus::ActionList list = mus::legal_actions(st);
      if (count_out != nullptr) *count_out = list.size;
      if (cap < list.size) return MUS_E_BUFFER_TOO_SMALL;
      for (std::size_t i = 0; i < list.size; ++i) capi::write_action(list.items[i], buf[i]);
      return MUS_OK;
    });
  });
}

int32_t mus_legal_mask(const mus_state* s, uint64_t* out) {
  return capi::guard([&]() -> std::int32_t {
    if (out == nullptr) return MUS_E_INVALID_ARGUMENT;
    return capi::with_state(s, [&](const mus::State& st) -> std::int32_t {
      *out = mus::legal_action_mask(st);
      return MUS_OK;
    });
  });
}

int32_t mus_legal_action_ids(const mus_state* s, int32_t* ids, size_t cap, size_t* count_out) {
  return capi::guard([&]() -> std::int32_t {
    if (!capi::valid_buffer(ids, cap)) return MUS_E_INVALID_ARGUMENT;
    return capi::with_state(s, [&](const mus::State& st) -> std::int32_t {
      const std::uint64_t mask = mus::legal_action_mask(st);
      const auto n = static_cast<std::size_t>(std::popcount(mask));
      if (count_out != nullptr) *count_out = n;
      if (cap < n) return MUS_E_BUFFER_TOO_SMALL;
      std::size_t i = 0;
      for (std::uint64_t m = mask; m != 0; m &= m - 1) ids[i++] = std::countr_zero(m);
      return MUS_OK;
    });
  });
}

int32_t mus_action_id(const mus_state* s, const mus_action* action, int32_t* id_out) {
  return capi::guard([&]() -> std::int32_t {
    if (id_out == nullptr || action == nullptr) return MUS_E_INVALID_ARGUMENT;
    return capi::with_state(s, [&](const mus::State& st) -> std::int32_t {
      const auto a = read_action(action);
      if (!a) return capi::status(a.error());
      const auto id = mus::action_id(st, *a);
      if (!id) return capi::status(id.error());
      *id_out = *id;
      return MUS_OK;
    });
  });
}

int32_t mus_action_from_id(const mus_state* s, int32_t id, mus_action* out) {
  return capi::guard([&]() -> std::int32_t {
    if (out == nullptr) return MUS_E_INVALID_ARGUMENT;
    return capi::with_state(s, [&](const mus::State& st) -> std::int32_t {
      const auto a = mus::action_from_id(st, id);
      if (!a) return capi::status(a.error());
      capi::write_action(*a, *out);
      return MUS_OK;
    });
  });
}

int32_t mus_apply_id(const mus_state* in, int32_t id, uint64_t seed, mus_state* out) {
  return capi::guard([&]() -> std::int32_t {
    if (out == nullptr) return MUS_E_INVALID_ARGUMENT;
    capi::StateCopy next;  // read, applied to and written from this one copy
    if (const std::int32_t e = read_state(in, next); e != MUS_OK) return e;
    std::string_view why;
    if (const mus::Errc e = mus::apply_id_in_place(next.s, id, seed, nullptr, &why);
        e != mus::Errc::ok)
      return capi::status(mus::Error{e, why, -1});
    write_state(next.s, out);
    return MUS_OK;
  });
}

int32_t mus_bet_ladder(int32_t index, int32_t* amount_out) {
  return capi::guard([&]() -> std::int32_t {
    if (amount_out == nullptr || index < 0 || index >= MUS_BET_LADDER_SIZE)
      return MUS_E_INVALID_ARGUMENT;
    *amount_out = mus::bet_ladder[static_cast<std::size_t>(index)];
    return MUS_OK;
  });
}

int32_t mus_state_info_get(const mus_state* s, mus_state_info* out) {
  return capi::guard([&]() -> std::int32_t {
    if (out == nullptr) return MUS_E_INVALID_ARGUMENT;
    return capi::with_state(s, [&](const mus::State& st) -> std::int32_t {
      mus_state_info info{};
      info.phase = static_cast<std::int32_t>(st.phase);
      info.lance = st.phase == mus::Phase::betting ? static_cast<std::int32_t>(st.lance) : -1;
      info.to_act = st.to_act;
      info.dealer = st.dealer;
      info.mano = st.mano;
      for (int t = 0; t < 2; ++t) {
        info.score[t] = st.scores.points[static_cast<std::size_t>(t)];
        info.games[t] = st.scores.games[static_cast<std::size_t>(t)];
        info.vacas[t] = st.scores.vacas[static_cast<std::size_t>(t)];
      }
      info.match_winner = st.scores.match_winner;
      info.hand_number = static_cast<std::int32_t>(st.hand_number);
      info.refill_due = st.refill_due() ? 1 : 0;
      return write_sized(info, out);
    });
  });
}

int32_t mus_state_hand(const mus_state* s, int32_t seat, uint8_t out[4]) {
  return capi::guard([&]() -> std::int32_t {
    if (out == nullptr || !capi::valid_seat(seat)) return MUS_E_INVALID_ARGUMENT;
    return capi::with_state(s, [&](const mus::State& st) -> std::int32_t {
      for (int i = 0; i < mus::hand_size; ++i)
        out[i] = st.deck.hands[static_cast<std::size_t>(seat * 4 + i)];
      return MUS_OK;
    });
  });
}

int32_t mus_state_view(const mus_state* s, int32_t seat, mus_view* out) {
  return capi::guard([&]() -> std::int32_t {
    if (out == nullptr || !capi::valid_seat(seat)) return MUS_E_INVALID_ARGUMENT;
    return capi::with_state(s, [&](const mus::State& st) -> std::int32_t {
      return write_sized(capi::view_to_c(mus::view_of(st, seat)), out);
    });
  });
}

int32_t mus_state_last_count(const mus_state* s, mus_count* out) {
  return capi::guard([&]() -> std::int32_t {
    if (out == nullptr) return MUS_E_INVALID_ARGUMENT;
    return capi::with_state(s, [&](const mus::State& st) -> std::int32_t {
      const mus::HandSummary& h = st.last;
      mus_count c{};
      c.number = static_cast<std::int32_t>(h.number);
      c.dealer = h.dealer;
      c.mano = h.mano;
      c.end = static_cast<std::int32_t>(h.end);
      c.game_winner = h.game_winner;
      for (int t = 0; t < 2; ++t) {
        c.score_before[t] = h.score_before[static_cast<std::size_t>(t)];
        c.score_after[t] = h.score_after[static_cast<std::size_t>(t)];
      }
      for (int i = 0; i < 4; ++i) c.lines[i] = write_line(h.lances[static_cast<std::size_t>(i)]);
      std::memcpy(c.shown, h.shown.data(), sizeof c.shown);
      return write_sized(c, out);
    });
  });
}

int32_t mus_state_rules(const mus_state* s, mus_rules* out) {
  return capi::guard([&]() -> std::int32_t {
    if (out == nullptr) return MUS_E_INVALID_ARGUMENT;
    return capi::with_state(s, [&](const mus::State& st) -> std::int32_t {
      *out = capi::rules_to_c(st.rules);
      return MUS_OK;
    });
  });
}

int32_t mus_state_validate(const mus_state* s) {
  return capi::guard([&]() -> std::int32_t {
    capi::StateCopy copy;
    return read_state(s, copy);
  });
}

int32_t mus_bet_limits(const mus_state* s, int32_t* min_out, int32_t* max_out) {
  return capi::guard([&]() -> std::int32_t {
    if (min_out == nullptr || max_out == nullptr) return MUS_E_INVALID_ARGUMENT;
    return capi::with_state(s, [&](const mus::State& st) -> std::int32_t {
      *min_out = mus::min_bet(st);
      *max_out = mus::max_bet(st);
      return MUS_OK;
    });
  });
}

int32_t mus_action_from_deal(const uint8_t hands[16], int32_t mano, const uint8_t* stock,
                             size_t stock_n, mus_action* out) {
  return capi::guard([&]() -> std::int32_t {
    if (hands == nullptr || out == nullptr || (stock == nullptr && stock_n > 0))
      return MUS_E_INVALID_ARGUMENT;
    if (!capi::valid_seat(mano) || stock_n > 24) return MUS_E_INVALID_ARGUMENT;
    std::array<std::uint8_t, 16> h{};
    std::memcpy(h.data(), hands, h.size());
    const auto a = mus::stacked_deal(h, mano, stock, static_cast<int>(stock_n));
    if (!a) return capi::status(a.error());
    *out = write_action(*a);
    return MUS_OK;
  });
}

int32_t mus_cards_shuffle(uint8_t* cards, size_t n, uint64_t seed) {
  return capi::guard([&]() -> std::int32_t {
    if ((cards == nullptr && n > 0) || n > static_cast<std::size_t>(mus::deck_size))
      return MUS_E_INVALID_ARGUMENT;
    if (n == 0) return MUS_OK;
    if (const auto set = capi::card_set(cards, n); !set) return capi::status(set.error());
    mus::seeded_order(cards, static_cast<int>(n), seed);
    return MUS_OK;
  });
}

int32_t mus_signal_is_true(const mus_rules* rules, int32_t signal, const uint8_t hand[4],
                           int32_t* out) {
  return capi::guard([&]() -> std::int32_t {
    if (rules == nullptr || hand == nullptr || out == nullptr) return MUS_E_INVALID_ARGUMENT;
    if (signal < 0 || signal >= mus::signal_count) return MUS_E_INVALID_ARGUMENT;
    const auto r = capi::rules_from_c(rules);
    if (!r) return capi::status(r.error());
    const auto h = capi::read_hand(hand);
    if (!h) return capi::status(h.error());
    *out = mus::signal_true(static_cast<mus::Signal>(signal), *h, *r) ? 1 : 0;
    return MUS_OK;
  });
}

}  // extern "C"
