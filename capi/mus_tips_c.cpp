// The C API of mus.h, tips part: mus_state_tips over the C++ tips of mus/tips.hpp.
#include <cstddef>
#include <cstdint>
#include <cstring>

#include "capi_internal.hpp"
#include "mus/mus.h"
#include "mus/tips.hpp"

namespace capi = mus::capi;

namespace {

static_assert(static_cast<int>(mus::TipKind::search_choice) == MUS_TIP_SEARCH_CHOICE &&
              static_cast<int>(mus::TipKind::club_cut) == MUS_TIP_CLUB_CUT &&
              static_cast<int>(mus::TipKind::club_mus) == MUS_TIP_CLUB_MUS &&
              static_cast<int>(mus::TipKind::club_discard) == MUS_TIP_CLUB_DISCARD &&
              static_cast<int>(mus::TipKind::grande_kings) == MUS_TIP_GRANDE_KINGS &&
              static_cast<int>(mus::TipKind::grande_no_king) == MUS_TIP_GRANDE_NO_KING &&
              static_cast<int>(mus::TipKind::chica_aces) == MUS_TIP_CHICA_ACES &&
              static_cast<int>(mus::TipKind::chica_no_ace) == MUS_TIP_CHICA_NO_ACE &&
              static_cast<int>(mus::TipKind::pares) == MUS_TIP_PARES &&
              static_cast<int>(mus::TipKind::juego) == MUS_TIP_JUEGO &&
              static_cast<int>(mus::TipKind::punto) == MUS_TIP_PUNTO &&
              static_cast<int>(mus::TipKind::ciego) == MUS_TIP_CIEGO &&
              static_cast<int>(mus::TipKind::hand) == MUS_TIP_HAND &&
              static_cast<int>(mus::TipKind::partner_signal) == MUS_TIP_PARTNER_SIGNAL &&
              static_cast<int>(mus::TipKind::opponent_signal) == MUS_TIP_OPPONENT_SIGNAL &&
              static_cast<int>(mus::TipKind::deje_wins_game) == MUS_TIP_DEJE_WINS_GAME &&
              static_cast<int>(mus::TipKind::reject_loses_game) == MUS_TIP_REJECT_LOSES_GAME &&
              static_cast<int>(mus::TipKind::raise_deje_wins) == MUS_TIP_RAISE_DEJE_WINS &&
              static_cast<int>(mus::TipKind::they_need_little) == MUS_TIP_THEY_NEED_LITTLE &&
              static_cast<int>(mus::TipKind::we_need_little) == MUS_TIP_WE_NEED_LITTLE &&
              static_cast<int>(mus::TipKind::perete) == MUS_TIP_PERETE &&
              static_cast<int>(mus::TipKind::lance_chance) == MUS_TIP_LANCE_CHANCE &&
              mus::tip_kind_count == MUS_TIP_LANCE_CHANCE + 1 &&
              mus::max_tips == MUS_MAX_TIPS);

// The C tip of a C++ tip.
mus_tip tip_to_c(const mus::Tip& t) noexcept {
  mus_tip c{};
  c.kind = static_cast<std::int32_t>(t.kind);
  c.lance = t.lance;
  c.seat = t.seat;
  c.count = t.count;
  c.amount = t.amount;
  c.score[0] = t.score[0];
  c.score[1] = t.score[1];
  c.signals = t.signals;
  c.pares = t.eval.pares;
  c.value = t.eval.value;
  c.real31 = mus::is_real31(t.eval) ? 1 : 0;
  c.real31_beats = t.real31_beats ? 1 : 0;
  capi::write_hand(t.hand, c.hand);
  for (int i = 0; i < mus::hand_size; ++i) {  // grande holds the ranks high to low as digits
    constexpr int place[4] = {1000, 100, 10, 1};
    c.ranks[i] = static_cast<std::uint8_t>(t.eval.grande / place[i] % 10);
  }
  std::memcpy(c.beaten_by, t.beaten_by.data(), sizeof c.beaten_by);
  c.cards = t.cards;
  if (t.action.kind != mus::ActionKind{}) capi::write_action(t.action, c.action);
  if (t.other.kind != mus::ActionKind{}) capi::write_action(t.other, c.other);
  c.points = t.points;
  c.other_points = t.other_points;
  c.chance = t.chance;
  return c;
}

}  // namespace

extern "C" {

int32_t mus_state_tips(const mus_state* s, int32_t seat, mus_tip* out, size_t cap, size_t* count_out) {
  return capi::guard([&]() -> std::int32_t {
    if (s == nullptr || !capi::valid_seat(seat) || !capi::valid_buffer(out, cap))
      return MUS_E_INVALID_ARGUMENT;
    return capi::with_state(s, [&](const mus::State& st) -> std::int32_t {
      const auto t = mus::tips(st, seat);
      if (!t) return capi::status(t.error());
      if (count_out != nullptr) *count_out = t->size;
      if (cap < t->size) return MUS_E_BUFFER_TOO_SMALL;
      for (std::size_t i = 0; i < t->size; ++i) out[i] = tip_to_c(t->items[i]);
      return MUS_OK;
    });
  });
}

}  // extern "C"
