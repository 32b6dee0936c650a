// A seat's information state as floats (include/mus/observation.hpp, docs/observation.md):
// built from view_of() and the public counters of the mus round, never from another seat's
// cards, the stock or the discard pile's cards.
#include "mus/observation.hpp"

#include <algorithm>
#include <cstddef>
#include <cstdint>

namespace mus {
namespace {

// The seat `seat` as seen from `observer`: 0 itself, 1 next, 2 partner, 3 previous.
constexpr int relative_seat(int seat, int observer) noexcept { return (seat - observer + 4) % 4; }

// Writes into the vector by block offset; one-hot groups skip values outside their range.
class Writer {
 public:
  explicit Writer(std::span<float, view_tensor_size> out) noexcept : out_(out) {}
  void set(int at, float value) noexcept { out_[static_cast<std::size_t>(at)] = value; }
  void flag(int at, bool on) noexcept { set(at, on ? 1.0F : 0.0F); }
  void one_hot(int at, int index, int n) noexcept {
    if (index >= 0 && index < n) set(at + index, 1.0F);
  }
  // A seat one-hot relative to the observer (nothing for -1).
  void seat(int at, int seat, int observer) noexcept {
    if (seat >= 0 && seat < seats) set(at + relative_seat(seat, observer), 1.0F);
  }
  // A team one-hot relative to the observer's team, own team first (nothing for -1).
  void team(int at, int team, int observer) noexcept {
    if (team == 0 || team == 1) set(at + (team == team_of(observer) ? 0 : 1), 1.0F);
  }
  // Bit s of a seat mask, for each relative seat.
  void seat_mask(int at, unsigned mask, int observer) noexcept {
    for (int s = 0; s < seats; ++s)
      if (((mask >> s) & 1U) != 0) set(at + relative_seat(s, observer), 1.0F);
  }

 private:
  std::span<float, view_tensor_size> out_;
};

// n / of, at most 1: a stake or score at or over the target is worth the whole game.
constexpr float ratio(int n, int of) noexcept {
  if (of <= 0) return 0.0F;
  return n >= of ? 1.0F : static_cast<float>(n) / static_cast<float>(of);
}

}  // namespace

void view_tensor(const State& s, int seat, std::span<float, view_tensor_size> out) noexcept {
  std::fill(out.begin(), out.end(), 0.0F);
  if (seat < 0 || seat >= seats) return;
  const SeatView v = view_of(s, seat);
  Writer w(out);
  const int own = team_of(seat);
  const auto by_team = [&](const auto& pair, std::size_t which) {
    return static_cast<int>(
        pair[which == 0 ? static_cast<std::size_t>(own) : static_cast<std::size_t>(1 - own)]);
  };
  const int target = s.rules.target;

  for (const std::uint8_t c : v.hand)
    if (c < deck_size) w.set(tensor::cards + c, 1.0F);
  w.seat(tensor::dealer, v.dealer, seat);
  w.seat(tensor::mano, v.mano, seat);
  w.seat(tensor::to_act, v.to_act, seat);
  w.one_hot(tensor::phase, static_cast<int>(v.phase) - 1, 6);
  if (v.phase == Phase::betting) w.one_hot(tensor::lance, static_cast<int>(v.lance), 5);

  w.set(tensor::deck, ratio(v.stock_count, deck_size));
  w.set(tensor::deck + 1, ratio(v.pile_count, deck_size));
  // The mus round's public counters: they are in the state, not in the seat view.
  w.set(tensor::round, ratio(s.mus_said, seats));
  w.set(tensor::round + 1, ratio(s.discarded, seats));
  w.flag(tensor::round + 2, s.refill_due());
  w.flag(tensor::round + 3, s.corrido_open());
  w.flag(tensor::round + 4, s.corrido_hand());

  w.flag(tensor::declared, (v.declared & 1U) != 0);
  w.flag(tensor::declared + 1, (v.declared & 2U) != 0);
  w.seat_mask(tensor::pares, v.pares_mask, seat);
  w.seat_mask(tensor::juego, v.juego_mask, seat);
  w.seat_mask(tensor::perete, v.perete_mask, seat);
  for (int s2 = 0; s2 < seats; ++s2) {
    const int at = tensor::signals + tensor::signal_stride * relative_seat(s2, seat);
    for (int k = 0; k < signal_count; ++k)
      w.flag(at + k, ((v.signals[static_cast<std::size_t>(s2)] >> k) & 1U) != 0);
  }

  w.flag(tensor::bet, v.bet_open != 0);
  w.flag(tensor::bet + 1, v.is_ordago != 0);
  w.team(tensor::bet + 2, v.bet_team, seat);
  w.set(tensor::bet + 4, ratio(v.stake_before, target));
  w.set(tensor::bet + 5, ratio(v.proposed, target));
  switch (static_cast<ActionKind>(v.proposal)) {
    case ActionKind::bet: w.set(tensor::bet + 6, 1.0F); break;
    case ActionKind::accept: w.set(tensor::bet + 7, 1.0F); break;
    case ActionKind::reject: w.set(tensor::bet + 8, 1.0F); break;
    default: break;
  }
  w.seat(tensor::bet + 9, v.proposer, seat);
  w.set(tensor::bet + 13, ratio(v.proposal_amount, target));

  for (int i = 0; i < 4; ++i) {
    const LanceRecord& r = v.lances[static_cast<std::size_t>(i)];
    const int at = tensor::lances + tensor::lance_stride * i;
    w.one_hot(at, static_cast<int>(r.status), 7);
    w.flag(at + 7, r.lance == Lance::punto);
    w.team(at + 8, r.bet_team, seat);
    w.set(at + 10, ratio(r.stake, target));
    // Its winner once known: the only team that could play it, the bettor of a refused bet, or
    // the count's winner (the records stay until the next deal).
    const int won_by = r.winner_team >= 0                 ? r.winner_team
                       : r.status == LanceStatus::refused ? r.bet_team
                                                          : -1;
    w.team(at + 11, won_by, seat);
  }

  for (std::size_t t = 0; t < 2; ++t) {
    w.set(tensor::scores + static_cast<int>(t), ratio(by_team(v.score, t), target));
    w.set(tensor::scores + 2 + static_cast<int>(t),
          ratio(by_team(v.games, t), s.rules.games_per_vaca));
    w.set(tensor::scores + 4 + static_cast<int>(t), ratio(by_team(v.vacas, t), s.rules.vacas));
  }
}

}  // namespace mus
