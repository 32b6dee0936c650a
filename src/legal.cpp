// The legal actions of a state as concrete actions and as action ids, and the bet limits.
#include <array>
#include <bit>
#include <cstdint>
#include <string_view>

#include "reducer.hpp"

namespace mus {

using detail::bet_choices;
using detail::BetChoices;
using detail::hand_mask;
using detail::is_perete_hand;

int min_bet(const State& s) noexcept { return s.phase == Phase::betting ? bet_choices(s).min : 0; }

int max_bet(const State& s) noexcept { return s.phase == Phase::betting ? bet_choices(s).max : 0; }

// --- action ids and the legal actions --------------------------------------------------------

namespace {

constexpr std::uint64_t id_bit(int id) { return std::uint64_t{1} << id; }

// The bet ids whose amounts are at least a.
constexpr std::uint64_t ladder_from(int a) {
  std::uint64_t bits = 0;
  for (int i = 0; i < action_ids::bet_count; ++i)
    if (bet_ladder[static_cast<std::size_t>(i)] >= a) bits |= id_bit(action_ids::bet + i);
  return bits;
}

// ladder_from() for every a from 0 to one past the top rung, so that listing bets (a hot path)
// looks the bits up instead of walking the ladder: at_least[a] = ladder_from(a).
constexpr int ladder_top = bet_ladder[action_ids::bet_count - 1];
constexpr auto at_least = [] {
  std::array<std::uint64_t, ladder_top + 2> t{};
  for (int a = 0; a <= ladder_top + 1; ++a) t[static_cast<std::size_t>(a)] = ladder_from(a);
  return t;
}();

// The bet ids whose amounts are at least a, for any a >= 0.
std::uint64_t ladder_at_least(int a) {
  return at_least[static_cast<std::size_t>(a <= ladder_top ? a : ladder_top + 1)];
}

// The bits of the bet ladder's amounts from lo to hi (0 < lo <= hi).
std::uint64_t ladder_bits(int lo, int hi) { return ladder_at_least(lo) & ~ladder_at_least(hi + 1); }

// The seat's cards sorted by id (no_card slots last), and how many it holds.
int sorted_cards(const State& s, int seat, std::array<std::uint8_t, 4>& out) {
  int n = 0;
  for (int i = 0; i < hand_size; ++i) {
    const std::uint8_t id = s.deck.hands[static_cast<std::size_t>(seat * 4 + i)];
    if (id == no_card) continue;
    int j = n++;
    for (; j > 0 && out[static_cast<std::size_t>(j - 1)] > id; --j)
      out[static_cast<std::size_t>(j)] = out[static_cast<std::size_t>(j - 1)];
    out[static_cast<std::size_t>(j)] = id;
  }
  return n;
}

}  // namespace

std::uint64_t legal_action_mask(const State& s) noexcept {
  std::uint64_t m = 0;
  switch (s.phase) {
    case Phase::match_over: return 0;
    case Phase::shuffle: return id_bit(action_ids::shuffle);
    case Phase::mus: m = id_bit(action_ids::mus) | id_bit(action_ids::cut); break;
    case Phase::discard: {
      // Every subset of the four cards; the empty one (servido) only with zero_discard (R14).
      const std::uint64_t all = ((std::uint64_t{1} << action_ids::discard_count) - 1)
                                << action_ids::discard;
      m = s.rules.zero_discard ? all : all & ~id_bit(action_ids::discard);
      break;
    }
    case Phase::perete:
      m = id_bit(action_ids::pass);
      if (is_perete_hand(s, s.to_act)) m |= id_bit(action_ids::perete);
      break;
    case Phase::betting: {
      const BetChoices c = bet_choices(s);  // the choices on_betting() accepts
      static_assert(action_ids::accept == action_ids::ordago + 1 &&
                    action_ids::reject == action_ids::ordago + 2);
      m = std::uint64_t{c.answers & BetChoices::pass} << action_ids::pass |
          std::uint64_t{c.answers >> 1} << action_ids::ordago;
      if (c.min > 0) m |= ladder_bits(c.min, c.max);
      break;
    }
  }
  m |= std::uint64_t{detail::open_signals(s, s.to_act)} << action_ids::signal;
  return m;
}

Result<int> action_id(const State& s, const Action& a) noexcept {
  switch (a.kind) {
    case ActionKind::shuffle: return action_ids::shuffle;
    case ActionKind::mus: return action_ids::mus;
    case ActionKind::cut: return action_ids::cut;
    case ActionKind::pass: return action_ids::pass;
    case ActionKind::ordago: return action_ids::ordago;
    case ActionKind::accept: return action_ids::accept;
    case ActionKind::reject: return action_ids::reject;
    case ActionKind::perete: return action_ids::perete;
    case ActionKind::bet:
      for (int i = 0; i < action_ids::bet_count; ++i)
        if (bet_ladder[static_cast<std::size_t>(i)] == a.amount) return action_ids::bet + i;
      return Error{Errc::not_in_action_space, "the bet amount is not on the bet ladder", -1};
    case ActionKind::signal:
      if (a.amount < 0 || a.amount >= signal_count)
        return Error{Errc::invalid_argument, "no such signal", -1};
      return action_ids::signal + a.amount;
    case ActionKind::discard: {
      if (a.seat < 0 || a.seat >= seats)
        return Error{Errc::invalid_argument, "seat out of range", -1};
      std::array<std::uint8_t, 4> cards{};
      const int n = sorted_cards(s, a.seat, cards);
      int mask = 0;
      std::uint64_t covered = 0;
      for (int k = 0; k < n; ++k) {
        const std::uint64_t bit = std::uint64_t{1} << cards[static_cast<std::size_t>(k)];
        if ((a.cards & bit) != 0) {
          mask |= 1 << k;
          covered |= bit;
        }
      }
      if (covered != a.cards)
        return Error{Errc::card_not_in_hand, "a discarded card is not in the seat's hand", -1};
      return action_ids::discard + mask;
    }
  }
  return Error{Errc::invalid_argument, "unknown action kind", -1};
}

namespace {

// The action of an id for the seat to act, into `out` (no Result wrapper: apply_id_in_place
// and legal_actions are hot paths).
Errc action_for_id(const State& s, int id, Action& out, std::string_view& why) {
  if (id < 0 || id >= action_id_count) {
    why = "the action id is out of range (0..55, docs/actions.md)";
    return Errc::invalid_argument;
  }
  if (s.phase == Phase::match_over) {
    why = "R30: the match is over";
    return Errc::match_over;
  }
  if (id == action_ids::shuffle) {
    out = Action::shuffle_seed(0);
    return Errc::ok;
  }
  const int seat = s.to_act;
  if (seat < 0) {
    why = "R12: a shuffle is due: chance acts next, and only the shuffle id applies";
    return Errc::wrong_phase;
  }
  out.kind = ActionKind::pass;
  out.seat = static_cast<std::int8_t>(seat);
  if (id >= action_ids::signal && id < action_ids::signal + action_ids::signal_count) {
    const int k = id - action_ids::signal;
    if (k >= signal_count) {
      why = "R33: no such signal (a reserved signal id)";
      return Errc::invalid_argument;
    }
    out.kind = ActionKind::signal;
    out.amount = k;
  } else if (id >= action_ids::bet && id < action_ids::bet + action_ids::bet_count) {
    out.kind = ActionKind::bet;
    out.amount = bet_ladder[static_cast<std::size_t>(id - action_ids::bet)];
  } else if (id >= action_ids::discard && id < action_ids::discard + action_ids::discard_count) {
    std::array<std::uint8_t, 4> cards{};
    const int n = sorted_cards(s, seat, cards);
    const int mask = id - action_ids::discard;
    if ((mask >> n) != 0) {
      why = "R14: the discard names a card position the seat does not fill";
      return Errc::card_not_in_hand;
    }
    std::uint64_t set = 0;
    for (int k = 0; k < n; ++k)
      if ((mask >> k) & 1) set |= std::uint64_t{1} << cards[static_cast<std::size_t>(k)];
    out.kind = ActionKind::discard;
    out.cards = set;
  } else {
    switch (id) {
      case action_ids::mus: out.kind = ActionKind::mus; break;
      case action_ids::cut: out.kind = ActionKind::cut; break;
      case action_ids::pass: out.kind = ActionKind::pass; break;
      case action_ids::ordago: out.kind = ActionKind::ordago; break;
      case action_ids::accept: out.kind = ActionKind::accept; break;
      case action_ids::reject: out.kind = ActionKind::reject; break;
      default: out.kind = ActionKind::perete; break;  // action_ids::perete, the last id
    }
  }
  return Errc::ok;
}

}  // namespace

Result<Action> action_from_id(const State& s, int id) noexcept {
  Action a;
  std::string_view why;
  const Errc e = action_for_id(s, id, a, why);
  if (e != Errc::ok) return Error{e, why, -1};
  return a;
}

Errc apply_id_in_place(State& s, int id, std::uint64_t seed, Events* events,
                       std::string_view* why) noexcept {
  Action a;
  std::string_view not_an_action;
  const Errc e = action_for_id(s, id, a, not_an_action);
  if (e != Errc::ok) {
    if (events != nullptr) events->size = 0;
    if (why != nullptr) *why = not_an_action;
    return e;
  }
  a.seed = seed;
  return apply_in_place(s, a, events, why);
}

ActionList legal_actions(const State& s) noexcept {
  ActionList out;
  for (std::uint64_t m = legal_action_mask(s); m != 0; m &= m - 1) {
    Action a;
    std::string_view why;
    (void)action_for_id(s, std::countr_zero(m), a, why);  // every id of the mask names one
    out.push(a);
  }
  return out;
}

}  // namespace mus
