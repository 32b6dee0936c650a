// Read-only questions about a state: the cards a shuffle must list, a seat's hand and view,
// and the text names of the enums.
#include <array>
#include <cstdint>
#include <string_view>

#include "reducer.hpp"

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
  v.phase = s.phase;
  v.to_act = s.to_act;
  v.dealer = s.dealer;
  v.mano = s.mano;
  v.lance = s.lance;
  v.match_winner = s.scores.match_winner;
  for (int i = 0; i < hand_size; ++i)
    v.hand[static_cast<std::size_t>(i)] = s.deck.hands[static_cast<std::size_t>(seat * 4 + i)];
  v.score = s.scores.points;
  v.games = s.scores.games;
  v.vacas = s.scores.vacas;
  v.stock_count = static_cast<std::uint8_t>(s.deck.stock_end - s.deck.stock_pos);
  v.pile_count = static_cast<std::uint8_t>(detail::popcount64(s.deck.pile));
  v.pares_mask = s.decl.pares_mask;
  v.juego_mask = s.decl.juego_mask;
  v.declared = s.decl.declared;
  v.perete_mask = s.decl.perete_mask;
  v.signals = s.signals;
  v.bet_open = s.bet.open;
  v.is_ordago = s.bet.ordago;
  v.bet_team = s.bet.team;  // -1 unless a bet is open: a closed bet is BetState{}
  v.stake_before = s.bet.stake_before;
  v.proposed = s.bet.proposed;
  if (s.bet.proposal != 0) {  // R25a: the first answerer's proposal, the partner to decide
    v.proposal = s.bet.proposal;
    v.proposer = s.bet.answer_first;
    v.proposal_amount = s.bet.proposal_amount;
  }
  v.hand_number = s.hand_number;
  v.lances = s.lances;
  v.last = s.last;
  v.hand_in_game = s.hand_in_game;
  v.mus_said = s.mus_said;
  v.discarded = s.discarded;
  v.refill_pos = s.deck.refill_pos;
  v.need = s.deck.need;
  v.answer_first = s.bet.answer_first;
  v.deje_winner = s.scores.deje_winner;
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
