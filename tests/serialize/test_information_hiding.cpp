// Information hiding over random play: at every step, for every seat, the seat view and its
// text (decoded back) hold that seat's own cards and nothing of the other seats' cards of the
// hand being played; the last hand's showdown (R28a) is the same in every view, and holds
// exactly the four hands as they stood when that hand reached the count or an accepted órdago
// (none after a hand cut short by a deje); the
// view text does not change when every card hidden from the seat is moved about; and every
// public event of every apply() carries only what its kind documents (seats, teams, counts,
// points, flags), each checked against the public state, so no amount or value can carry a
// card.
//
// Hands: MUS_SERIALIZE_HIDING_HANDS (a CMake cache variable, 100,000 by default in optimized
// builds, fewer in sanitizer builds; see CMakeLists.txt), overridden at run time by the
// environment variable of the same name.
#include <bit>
#include <cstdio>

#include "serialize_test_util.hpp"

#ifndef MUS_SERIALIZE_HIDING_HANDS
#define MUS_SERIALIZE_HIDING_HANDS 100000
#endif

using namespace st;
using mus::Event;
using mus::EventKind;

namespace {

struct Checker {
  const char* rules_name = "";
  long failures = 0;
  std::mt19937_64 rng{0x41D3};

  void fail(const std::string& what, const State& s) {
    if (failures++ < 3)
      FAIL_CHECK(what << "\n  rules: " << rules_name << "\n  state: " << mus::state_to_text(s));
  }

  static std::uint64_t own_cards(const State& s, int seat) {
    std::uint64_t m = 0;
    for (int i = 0; i < 4; ++i) {
      const auto id = s.deck.hands[static_cast<std::size_t>(seat * 4 + i)];
      if (id != mus::no_card) m |= std::uint64_t{1} << id;
    }
    return m;
  }

  // The state with every card `seat` cannot see (the other hands, the stock, the discard
  // pile) dealt again at random into the same places.
  State hide(const State& s, int seat) {
    State h = s;
    std::array<std::uint8_t, 40> ids{};
    std::array<std::size_t, 40> slots{};
    int n = 0;
    int held = 0;
    for (int other = 0; other < 4; ++other) {
      if (other == seat) continue;
      for (int i = 0; i < 4; ++i) {
        const auto at = static_cast<std::size_t>(other * 4 + i);
        if (s.deck.hands[at] == mus::no_card) continue;
        slots[static_cast<std::size_t>(held++)] = at;
        ids[static_cast<std::size_t>(n++)] = s.deck.hands[at];
      }
    }
    for (int i = s.deck.stock_pos; i < s.deck.stock_end; ++i)
      ids[static_cast<std::size_t>(n++)] = s.deck.stock[static_cast<std::size_t>(i)];
    for (int id = 0; id < 40; ++id)
      if ((s.deck.pile >> id) & 1U)
        ids[static_cast<std::size_t>(n++)] = static_cast<std::uint8_t>(id);
    std::shuffle(ids.begin(), ids.begin() + n, rng);
    int k = 0;
    for (int i = 0; i < held; ++i)
      h.deck.hands[slots[static_cast<std::size_t>(i)]] = ids[static_cast<std::size_t>(k++)];
    for (int i = s.deck.stock_pos; i < s.deck.stock_end; ++i)
      h.deck.stock[static_cast<std::size_t>(i)] = ids[static_cast<std::size_t>(k++)];
    h.deck.pile = 0;
    for (; k < n; ++k) h.deck.pile |= std::uint64_t{1} << ids[static_cast<std::size_t>(k)];
    return h;
  }

  void check_views(const State& s) {
    std::uint64_t all_hands = 0;
    for (int seat = 0; seat < 4; ++seat) all_hands |= own_cards(s, seat);
    const int probe = static_cast<int>(rng() % 4);
    for (int seat = 0; seat < 4; ++seat) {
      const std::uint64_t others = all_hands & ~own_cards(s, seat);
      const mus::SeatView v = mus::view_of(s, seat);
      for (int i = 0; i < 4; ++i)
        if (v.hand[static_cast<std::size_t>(i)] !=
            s.deck.hands[static_cast<std::size_t>(seat * 4 + i)])
          fail("the view's hand is not the seat's own", s);
      const std::string text = mus::view_to_text(v);
      const auto back = mus::view_from_text(text);
      if (!back.ok() || !same_view(*back, v)) {
        fail("the view text does not read back", s);
        continue;
      }
      for (const std::uint8_t id : back->hand)
        if (id != mus::no_card && ((others >> id) & 1U) != 0)
          fail("a view holds another seat's card", s);
      if (back->last.shown != s.last.shown)
        fail("a view does not hold the last hand's showdown (R28a)", s);
      // Non-interference: the hidden cards moved about, the text is the same.
      if (seat == probe && mus::view_to_text(mus::view_of(hide(s, seat), seat)) != text)
        fail("the view of seat " + std::to_string(seat) + " depends on cards it cannot see", s);
    }
  }

  static int empties(const State& s, int seat) {
    int n = 0;
    for (int i = 0; i < 4; ++i)
      n += s.deck.hands[static_cast<std::size_t>(seat * 4 + i)] == mus::no_card;
    return n;
  }

  // The showdown of a step that ends a hand (R28a): the hands before the step exactly when
  // the hand reached the count or an accepted órdago; none when a deje cut it short. A step
  // that ends no hand leaves the last showdown alone.
  void check_showdown(const State& b, const State& s) {
    if (s.last.number == b.last.number) {
      if (s.last.shown != b.last.shown) fail("the showdown changed without a hand ending", s);
      return;
    }
    const bool shows = s.last.end == mus::HandEnd::count || s.last.end == mus::HandEnd::ordago ||
                       (s.last.end == mus::HandEnd::deje && !s.rules.deje_ends);
    if (s.last.shown != (shows ? b.deck.hands : mus::no_shown_cards))
      fail("the showdown is not the hands as they stood (R28a)", b);
    if (shows) ++showdowns;
  }
  long showdowns = 0;

  // Every event of the step: what its kind documents, from the public state and the action.
  void check_events(const State& b, const Action& a, const Events& ev, const State& s) {
    check_showdown(b, s);
    const auto bad = [&](const Event& e, const char* why) {
      fail(std::string("event kind ") + std::to_string(static_cast<int>(e.kind)) + " seat " +
               std::to_string(e.seat) + " team " + std::to_string(e.team) + " lance " +
               std::to_string(e.lance) + " amount " + std::to_string(e.amount) + " value " +
               std::to_string(e.value) + ": " + why + " (action " + mus::action_to_text(a) + ")",
           b);
    };
    for (std::size_t i = 0; i < ev.size; ++i) {
      const Event& e = ev.items[i];
      if (e.seat < -1 || e.seat > 3 || e.team < -1 || e.team > 1 || e.lance < -1 || e.lance > 4) {
        bad(e, "seat, team or lance out of range");
        continue;
      }
      const bool by_actor = e.seat == a.seat && e.team == mus::team_of(a.seat);
      const bool empty = e.amount == 0 && e.value == 0;
      switch (e.kind) {
        case EventKind::deal:
          if (e.seat != b.dealer || e.value != b.mano ||
              e.amount != static_cast<int>(s.hand_number))
            bad(e, "a deal reports the dealer, the mano and the hand number");
          break;
        case EventKind::refill:
          if (e.amount != std::popcount(b.deck.pile) || e.value != 0)
            bad(e, "a refill reports the number of cards in the pile");
          break;
        case EventKind::mus:
        case EventKind::pass:
        case EventKind::ordago:
        case EventKind::reject:
          if (!by_actor || !empty) bad(e, "only the acting seat");
          break;
        case EventKind::cut:
          if (!by_actor || e.amount != 0 || e.value != (b.corrido ? a.seat : b.mano))
            bad(e, "a cut reports the mano");
          break;
        case EventKind::discard:
          if (!by_actor || e.amount != std::popcount(a.cards) || e.value != 0)
            bad(e, "a discard reports how many cards, not which");
          break;
        case EventKind::replace: {
          const int owed =
              e.seat < 0 ? -1
                         : empties(b, e.seat) + (a.kind == ActionKind::discard && a.seat == e.seat
                                                     ? std::popcount(a.cards)
                                                     : 0);
          if (e.amount != owed || e.value != 0)
            bad(e, "a replacement reports how many cards, not which");
          break;
        }
        case EventKind::perete:
          if (!by_actor || e.amount != 1 || e.value != 0) bad(e, "tío Perete scores 1");
          break;
        case EventKind::signal:
          if (!by_actor || e.amount != 0 || e.value != a.amount)
            bad(e, "a signal reports its number");
          break;
        case EventKind::declare_pares:
        case EventKind::declare_juego: {
          // The truth of the seat's hand, which a betting step does not change (the state after
          // the step may have cleared the declarations already, when the hand ended in it).
          const mus::HandEval h = mus::evaluate(mus::hand_of(b, e.seat < 0 ? 0 : e.seat), b.rules);
          const bool has =
              e.kind == EventKind::declare_pares ? mus::has_pares(h) : mus::has_juego(h);
          if (e.seat < 0 || e.amount != 0 || e.value != (has ? 1 : 0))
            bad(e, "a declaration reports the public yes or no");
          break;
        }
        case EventKind::lance_start:
          if (e.amount != 0 || e.value < 0 || e.value > 2 || (e.value == 2) != (e.team >= 0))
            bad(e, "a lance start reports its status");
          break;
        case EventKind::propose:  // R25a: the proposal of the acting first answerer
          if (!by_actor || e.value != static_cast<int>(a.kind) ||
              e.amount != (a.kind == mus::ActionKind::bet ? a.amount : 0))
            bad(e, "a proposal reports the proposed answer and amount");
          break;
        case EventKind::agree:  // R25a: the acting partner repeats the proposal
          if (!by_actor || e.value != b.bet.proposal || e.amount != b.bet.proposal_amount)
            bad(e, "an agreement reports the proposal agreed to");
          break;
        case EventKind::bet:
          // An agreed raise (R25a) is reported as the proposer's.
          if (!(by_actor || (b.bet.proposal != 0 && e.seat == b.bet.answer_first &&
                             e.team == mus::team_of(e.seat))) ||
              e.amount != a.amount || e.value != (b.bet.open ? b.bet.proposed : 0) + a.amount)
            bad(e, "a bet reports its points and the total");
          break;
        case EventKind::accept:
          if (!by_actor || e.amount != 0 || e.value != (b.bet.ordago ? 0 : b.bet.proposed))
            bad(e, "an accept reports the stake");
          break;
        case EventKind::deje:
          if (e.seat != -1 || e.team != b.bet.team || e.amount != b.bet.stake_before ||
              e.value != 0)
            bad(e, "a deje reports the stake that stood");
          break;
        case EventKind::en_paso:
          if (e.seat != -1 || !empty) bad(e, "en paso reports nothing more");
          break;
        case EventKind::showdown:
          if (e.seat < 0 || e.team != mus::team_of(e.seat) || !empty)
            bad(e, "a showdown reports the winner");
          break;
        case EventKind::count: {
          bool found = false;
          for (const auto& r : s.last.lances)
            if (static_cast<int>(r.lance) == e.lance && r.counted && r.points == e.amount &&
                r.tantos == e.value && r.winner_team == e.team && r.winner_seat == e.seat)
              found = true;
          if (!found) bad(e, "a count line is the public record of the last hand");
          break;
        }
        case EventKind::game:
        case EventKind::vaca:
        case EventKind::match:
          if (e.seat != -1 || e.team < 0 || !empty) bad(e, "a win reports the team");
          break;
        default: bad(e, "unknown event kind");
      }
    }
  }
};

}  // namespace

TEST_CASE("Information hiding: views, view texts and events carry no other seat's cards",
          "[serialize][hiding]") {
  const long total = env_long("MUS_SERIALIZE_HIDING_HANDS", MUS_SERIALIZE_HIDING_HANDS);
  const auto sets = rule_sets();
  const long per_set =
      (total + static_cast<long>(sets.size()) - 1) / static_cast<long>(sets.size());
  Checker c;
  long hands = 0;
  long steps = 0;
  long events = 0;
  std::uint64_t salt = 101;
  for (const auto& r : sets) {
    c.rules_name = r.name;
    Player p(r.rules, 0xD1CEULL * (salt++));
    long set_hands = 0;
    while (set_hands < per_set)
      set_hands +=
          p.play_match([&](const State& s) { c.check_views(s); },
                       [&](const State& b, const Action& a, const Events& ev, const State& s) {
                         ++steps;
                         events += static_cast<long>(ev.size);
                         c.check_events(b, a, ev, s);
                       });
    hands += set_hands;
  }
  std::printf("[hiding] %ld hands, %ld steps, %ld events\n", hands, steps, events);
  CHECK(c.failures == 0);
  CHECK(hands >= total);
  CHECK(c.showdowns > 0);
}
