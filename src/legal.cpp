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
  // Tested in the order of how often a simulation meets the phases (betting, then mus), with
  // plain branches rather than a jump table: this runs twice a step of a simulation (here and
  // in apply_id_in_place()), and a predictable chain of compares costs less than an indirect
  // jump whose target changes with the phase.
  std::uint64_t m = 0;
  const Phase p = s.phase;
  if (p == Phase::betting) {
    const BetChoices c = bet_choices(s);  // the choices on_betting() accepts
    static_assert(action_ids::accept == action_ids::ordago + 1 &&
                  action_ids::reject == action_ids::ordago + 2);
    m = std::uint64_t{c.answers & BetChoices::pass} << action_ids::pass |
        std::uint64_t{c.answers >> 1} << action_ids::ordago;
    if (c.min > 0) m |= ladder_bits(c.min, c.max);
  } else if (p == Phase::mus) {
    m = id_bit(action_ids::mus) | id_bit(action_ids::cut);
  } else if (p == Phase::shuffle) {
    return id_bit(action_ids::shuffle);
  } else if (p == Phase::discard) {
    // Every subset of the four cards; the empty one (servido) only with zero_discard (R14).
    const std::uint64_t all = ((std::uint64_t{1} << action_ids::discard_count) - 1)
                              << action_ids::discard;
    m = s.rules.zero_discard ? all : all & ~id_bit(action_ids::discard);
  } else if (p == Phase::perete) {
    m = id_bit(action_ids::pass);
    if (is_perete_hand(s, s.to_act)) m |= id_bit(action_ids::perete);
  } else {
    return 0;  // the match is over
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

// What each action id names besides the seat: its kind (0 for the reserved signal id) and its
// amount (the bet ladder's rung, the signal's number; else 0). Discards also need the cards.
struct IdTables {
  std::array<std::uint8_t, action_id_count> kind{};
  std::array<std::int16_t, action_id_count> amount{};
};

constexpr IdTables id_tables = [] {
  IdTables t;
  const auto set = [&t](int first, int count, ActionKind k) {
    for (int i = first; i < first + count; ++i)
      t.kind[static_cast<std::size_t>(i)] = static_cast<std::uint8_t>(k);
  };
  set(action_ids::shuffle, 1, ActionKind::shuffle);
  set(action_ids::mus, 1, ActionKind::mus);
  set(action_ids::cut, 1, ActionKind::cut);
  set(action_ids::discard, action_ids::discard_count, ActionKind::discard);
  set(action_ids::pass, 1, ActionKind::pass);
  set(action_ids::bet, action_ids::bet_count, ActionKind::bet);
  set(action_ids::ordago, 1, ActionKind::ordago);
  set(action_ids::accept, 1, ActionKind::accept);
  set(action_ids::reject, 1, ActionKind::reject);
  set(action_ids::signal, signal_count, ActionKind::signal);  // the ids past them are reserved
  set(action_ids::perete, 1, ActionKind::perete);
  for (int i = 0; i < action_ids::bet_count; ++i)
    t.amount[static_cast<std::size_t>(action_ids::bet + i)] = bet_ladder[static_cast<std::size_t>(i)];
  for (int k = 0; k < signal_count; ++k)
    t.amount[static_cast<std::size_t>(action_ids::signal + k)] = static_cast<std::int16_t>(k);
  return t;
}();
static_assert(action_ids::perete == action_id_count - 1 &&
                  action_ids::signal + action_ids::signal_count == action_ids::perete,
              "the blocks of the id space, in order");

// The cards of the discard id of card positions `positions` (bit k: the k-th card of the seat's
// hand sorted by id), or false when a position is one the seat does not fill.
bool discard_of_positions(const State& s, int seat, int positions, std::uint64_t& out) {
  std::array<std::uint8_t, 4> cards{};
  const int n = sorted_cards(s, seat, cards);
  if ((positions >> n) != 0) return false;
  std::uint64_t set = 0;
  for (int k = 0; k < n; ++k)
    if ((positions >> k) & 1) set |= std::uint64_t{1} << cards[static_cast<std::size_t>(k)];
  out = set;
  return true;
}

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
  const auto i = static_cast<std::size_t>(id);
  if (id_tables.kind[i] == 0) {
    why = "R33: no such signal (a reserved signal id)";
    return Errc::invalid_argument;
  }
  out.kind = static_cast<ActionKind>(id_tables.kind[i]);
  out.seat = static_cast<std::int8_t>(seat);
  out.amount = id_tables.amount[i];
  if (out.kind == ActionKind::discard &&
      !discard_of_positions(s, seat, id - action_ids::discard, out.cards)) {
    why = "R14: the discard names a card position the seat does not fill";
    return Errc::card_not_in_hand;
  }
  return Errc::ok;
}

// Plays id `id`, a bit of legal_action_mask(s), with the play_* functions: the handlers' checks
// would all pass (the mask is built from the same predicates), so none is made again. One
// switch on the id's kind reaches the function that plays it.
void play_id(State& s, int id, std::uint64_t seed, Events* ev) {
  const int seat = s.to_act;
  const auto i = static_cast<std::size_t>(id);
  switch (static_cast<ActionKind>(id_tables.kind[i])) {
    case ActionKind::shuffle: detail::play_seeded_shuffle(s, seed, ev); return;
    case ActionKind::mus: detail::play_mus(s, seat, true, ev); return;
    case ActionKind::cut: detail::play_mus(s, seat, false, ev); return;
    case ActionKind::discard: {
      std::uint64_t cards = 0;
      (void)discard_of_positions(s, seat, id - action_ids::discard, cards);  // a legal id: true
      detail::play_discard(s, seat, cards, ev);
      return;
    }
    case ActionKind::pass:
      if (s.phase == Phase::perete) {
        detail::play_perete(s, seat, false, ev);
      } else {
        detail::play_pass(s, seat, ev);
      }
      return;
    case ActionKind::bet: detail::play_bet(s, seat, id_tables.amount[i], ev); return;
    case ActionKind::ordago: detail::play_ordago(s, seat, ev); return;
    case ActionKind::accept: detail::play_accept(s, seat, ev); return;
    case ActionKind::reject: detail::play_reject(s, seat, ev); return;
    case ActionKind::signal: detail::play_signal(s, seat, id_tables.amount[i], ev); return;
    case ActionKind::perete: detail::play_perete(s, seat, true, ev); return;
  }
}

}  // namespace

Result<Action> action_from_id(const State& s, int id) noexcept {
  Action a;
  std::string_view why;
  const Errc e = action_for_id(s, id, a, why);
  if (e != Errc::ok) return Error{e, why, -1};
  return a;
}

namespace {

// apply_id_in_place() for an id that is not legal now (or a state the build's precondition
// check refuses): refused by action_from_id()'s rules or by apply_in_place()'s. Kept out of
// line so that the hot path keeps a small frame.
[[gnu::noinline]] Errc refuse_id(State& s, int id, std::uint64_t seed, Events* events,
                                 std::string_view* why) {
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

}  // namespace

Errc apply_id_in_place(State& s, int id, std::uint64_t seed, Events* events,
                       std::string_view* why) noexcept {
  // The hot path of simulations: a legal id (the state first passing the build's precondition
  // check, MUS_CHECKED_APPLY) is played at once.
  if (id >= 0 && id < action_id_count && detail::precondition_refusal(s) == detail::accepted &&
      ((legal_action_mask(s) >> id) & 1U) != 0) [[likely]] {
    if (events != nullptr) events->size = 0;
    play_id(s, id, seed, events);
    return Errc::ok;
  }
  return refuse_id(s, id, seed, events, why);
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
