// Read-only questions about a state: the cards a shuffle must list, a seat's hand and view,
// and the text names of the enums.
#include <array>
#include <cstdint>
#include <string_view>

#include "reducer.hpp"
#include "view_fields.hpp"

namespace mus {

using detail::hand_at;

std::uint64_t cards_to_shuffle(const State& s) noexcept {
  if (s.phase != Phase::shuffle) return 0;
  return s.refill_due() ? s.deck.pile : (std::uint64_t{1} << deck_size) - 1;
}

Hand hand_of(const State& s, int seat) noexcept {
  if (seat < 0 || seat >= seats) return Hand{};
  return hand_at(s, seat);
}

SeatView view_of(const State& s, int seat) noexcept {
  SeatView v;
  if (seat < 0 || seat >= seats) return v;
  v.seat = static_cast<std::int8_t>(seat);
  detail::for_each_public_field(s, v, detail::ToView{});
  for (int i = 0; i < hand_size; ++i)
    v.hand[static_cast<std::size_t>(i)] = s.deck.hands[static_cast<std::size_t>(seat * 4 + i)];
  v.stock_count = static_cast<std::uint8_t>(s.deck.stock_end - s.deck.stock_pos);
  v.pile_count = static_cast<std::uint8_t>(detail::popcount64(s.deck.pile));
  // R25a: the first answerer's proposal, the partner to decide.
  if (s.bet.proposal != 0) v.proposer = s.bet.answer_first;
  return v;
}

namespace {

// The name of an enum value from its table, "?" past the end.
template <class Enum, std::size_t N>
std::string_view name_at(const std::array<std::string_view, N>& names, Enum e) {
  const auto i = static_cast<std::size_t>(e);
  return i < N ? names[i] : std::string_view{"?"};
}

}  // namespace

std::string_view action_kind_name(ActionKind k) noexcept {
  constexpr std::array<std::string_view, action_kind_end> names{
      "?",   "shuffle", "mus",    "cut",    "discard", "pass",
      "bet", "ordago",  "accept", "reject", "signal",  "perete"};
  return name_at(names, k);
}

std::string_view phase_name(Phase p) noexcept {
  constexpr std::array<std::string_view, 7> names{"?",       "shuffle",    "mus",   "discard",
                                                  "betting", "match_over", "perete"};
  return name_at(names, p);
}

std::string_view lance_name(Lance l) noexcept {
  constexpr std::array<std::string_view, 5> names{"grande", "chica", "pares", "juego", "punto"};
  return name_at(names, l);
}

std::string_view lance_status_name(LanceStatus st) noexcept {
  constexpr std::array<std::string_view, 7> names{"pending",  "skipped", "one_team", "en_paso",
                                                  "accepted", "refused", "ordago"};
  return name_at(names, st);
}

}  // namespace mus
