// Helpers shared by the match reducer tests: card names, stacked deals, and actions that
// must succeed or must be refused without touching the state.
#ifndef MUS_TESTS_MATCH_TEST_UTIL_HPP
#define MUS_TESTS_MATCH_TEST_UTIL_HPP

#if __has_include("../catch.hpp")
#include "../catch.hpp"
#elif __has_include(<catch2/catch_test_macros.hpp>)
#include <catch2/catch_message.hpp>
#include <catch2/catch_test_macros.hpp>
#else
#include <catch2/catch.hpp>
#endif

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>
#include <vector>

#include "mus/match.hpp"

namespace Catch {
template <>
struct StringMaker<mus::Errc> {
  static std::string convert(mus::Errc e) { return std::string(mus::errc_text(e)); }
};
template <>
struct StringMaker<mus::Phase> {
  static std::string convert(mus::Phase p) { return std::string(mus::phase_name(p)); }
};
template <>
struct StringMaker<mus::LanceStatus> {
  static std::string convert(mus::LanceStatus s) { return std::string(mus::lance_status_name(s)); }
};
template <>
struct StringMaker<mus::Lance> {
  static std::string convert(mus::Lance l) { return std::string(mus::lance_name(l)); }
};
template <>
struct StringMaker<mus::HandEnd> {
  static std::string convert(mus::HandEnd e) {
    return "HandEnd(" + std::to_string(static_cast<int>(e)) + ")";
  }
};
template <>
struct StringMaker<mus::EventKind> {
  static std::string convert(mus::EventKind k) {
    return "EventKind(" + std::to_string(static_cast<int>(k)) + ")";
  }
};
}  // namespace Catch

namespace mt {

using mus::Action;
using mus::Errc;
using mus::EventKind;
using mus::Events;
using mus::HandEnd;
using mus::Lance;
using mus::LanceStatus;
using mus::Phase;
using mus::Rules;
using mus::State;

// A card id from its R2 text ("Ko", "7c"), computed here from R3 (id = suit*10 + rank) so the
// tests do not lean on the library's parser. 0xFF for bad text.
constexpr std::uint8_t card(std::string_view t) {
  constexpr std::string_view ranks = "A234567JQK";
  constexpr std::string_view suits = "oceb";
  if (t.size() != 2) return 0xFF;
  const auto r = ranks.find(t[0]);
  const auto s = suits.find(t[1]);
  if (r == std::string_view::npos || s == std::string_view::npos) return 0xFF;
  return static_cast<std::uint8_t>(s * 10 + r);
}
static_assert(card("Ao") == 0 && card("Ko") == 9 && card("Ab") == 30 && card("Kb") == 39);
static_assert(card("7c") == 16 && card("Je") == 27);

// Four cards "Ko Kc Qo 7o" as ids, in slot order.
inline std::array<std::uint8_t, 4> four(std::string_view text) {
  std::array<std::uint8_t, 4> out{};
  std::size_t pos = 0;
  for (auto& c : out) {
    while (pos < text.size() && text[pos] == ' ') ++pos;
    c = card(text.substr(pos, 2));
    pos += 2;
  }
  return out;
}

// The sixteen cards of a deal, seat 0's four first.
inline std::array<std::uint8_t, 16> table(std::string_view s0, std::string_view s1,
                                          std::string_view s2, std::string_view s3) {
  std::array<std::uint8_t, 16> h{};
  const std::array<std::string_view, 4> t{s0, s1, s2, s3};
  for (std::size_t seat = 0; seat < 4; ++seat) {
    const auto f = four(t[seat]);
    for (std::size_t i = 0; i < 4; ++i) h[seat * 4 + i] = f[i];
  }
  return h;
}

// Bit mask of card ids.
inline std::uint64_t mask_of(std::initializer_list<std::uint8_t> ids) {
  std::uint64_t m = 0;
  for (auto id : ids) m |= std::uint64_t{1} << id;
  return m;
}

// The four slots of a seat in the state.
inline std::array<std::uint8_t, 4> slots(const State& s, int seat) {
  std::array<std::uint8_t, 4> out{};
  for (std::size_t i = 0; i < 4; ++i) out[i] = s.deck.hands[static_cast<std::size_t>(seat) * 4 + i];
  return out;
}

inline State start(const Rules& r = Rules{}, int first_dealer = 0) {
  const auto m = mus::new_match(r, first_dealer);
  REQUIRE(m.ok());
  return *m;
}

inline void must(State& s, const Action& a, Events* ev = nullptr) {
  INFO("action " << mus::action_kind_name(a.kind) << " seat " << int(a.seat) << " amount "
                 << a.amount << " in phase " << mus::phase_name(s.phase) << " to_act "
                 << int(s.to_act));
  const Errc e = mus::apply_in_place(s, a, ev);
  REQUIRE(e == Errc::ok);
}

// The action is refused with `expected` and the state stays byte-identical.
inline void refuse(State& s, const Action& a, Errc expected) {
  INFO("action " << mus::action_kind_name(a.kind) << " seat " << int(a.seat) << " amount "
                 << a.amount << " in phase " << mus::phase_name(s.phase));
  std::array<unsigned char, sizeof(State)> before{};
  std::memcpy(before.data(), &s, sizeof(State));
  Events ev;
  const Errc e = mus::apply_in_place(s, a, &ev);
  CHECK(e == expected);
  CHECK(std::memcmp(before.data(), &s, sizeof(State)) == 0);
}

// Deals a stacked hand for the state's mano (stock top optional).
inline void deal(State& s, const std::array<std::uint8_t, 16>& h,
                 const std::vector<std::uint8_t>& stock = {}, Events* ev = nullptr) {
  REQUIRE(s.phase == Phase::shuffle);
  const auto a = mus::stacked_deal(h, s.mano, stock.empty() ? nullptr : stock.data(),
                                   static_cast<int>(stock.size()));
  REQUIRE(a.ok());
  must(s, *a, ev);
  REQUIRE(s.phase == Phase::mus);
}

// The seat to act cuts: the lances begin.
inline void cut(State& s) { must(s, Action::cut(s.to_act)); }

// Everyone to act passes until the current lance is over (the lance index moves on or the
// hand ends).
inline void pass_lance(State& s) {
  REQUIRE(s.phase == Phase::betting);
  const auto idx = s.lance_index;
  const auto hand = s.hand_number;
  while (s.phase == Phase::betting && s.lance_index == idx && s.hand_number == hand && !s.bet.open)
    must(s, Action::pass(s.to_act));
}

// Everyone passes every remaining lance: the hand goes to the count.
inline void pass_all(State& s) {
  while (s.phase == Phase::betting) must(s, Action::pass(s.to_act));
}

// Deal A (8 kings), used by many tests. Facts derived by hand from R4-R6, R16-R19:
//   seat 0: Ko Kc Qo 7o  grande K K Q 7, pareja of kings, 37 (juego)
//   seat 1: Ke Qc Qe 7c  grande K Q Q 7, pareja of caballos, 37 (juego)
//   seat 2: Ao Ac 5o Kb  chica A A 5 K, pareja of aces, 17
//   seat 3: Ae Ab 5c Qb  chica A A 5 Q, pareja of aces, 17
// Grande: seat 0 (K K Q 7 beats K Q Q 7, R16). Chica: seat 3 (A A 5 Q beats A A 5 K, R17).
// Pares: seat 0 (kings); team tantos 1 + 1 = 2 for either team. Juego: seats 0 and 1 tie at
// 37, so the one nearer the mano wins (R9); each team's juego tantos are 2.
inline const std::array<std::uint8_t, 16> deal_a =
    table("Ko Kc Qo 7o", "Ke Qc Qe 7c", "Ao Ac 5o Kb", "Ae Ab 5c Qb");

// Deal P (8 kings): nobody has pares or juego, so pares is skipped and punto is played.
//   seat 0: Ko Qo 6o 4o  30    seat 1: Kc Qc 5c 4c  29
//   seat 2: Ke Qe 6e Ae  27    seat 3: Kb Jb 4b Ab  25
// Grande: seat 0 (K Q 6 4 beats K Q 6 A). Chica: seat 3 (A 4 J K lowest). Punto: seat 0.
inline const std::array<std::uint8_t, 16> deal_p =
    table("Ko Qo 6o 4o", "Kc Qc 5c 4c", "Ke Qe 6e Ae", "Kb Jb 4b Ab");

// Finds the events of a kind.
inline std::vector<mus::Event> events_of(const Events& ev, EventKind k) {
  std::vector<mus::Event> out;
  for (std::size_t i = 0; i < ev.size; ++i)
    if (ev.items[i].kind == k) out.push_back(ev.items[i]);
  return out;
}

inline bool same_lance(const mus::LanceRecord& a, const mus::LanceRecord& b) {
  return a.lance == b.lance && a.status == b.status && a.bet_team == b.bet_team &&
         a.winner_team == b.winner_team && a.winner_seat == b.winner_seat && a.tantos == b.tantos &&
         a.counted == b.counted && a.stake == b.stake && a.points == b.points;
}

inline bool same_summary(const mus::HandSummary& a, const mus::HandSummary& b) {
  if (!(a.number == b.number && a.dealer == b.dealer && a.mano == b.mano && a.end == b.end &&
        a.game_winner == b.game_winner && a.score_before == b.score_before &&
        a.score_after == b.score_after && a.shown == b.shown))
    return false;
  for (std::size_t i = 0; i < 4; ++i)
    if (!same_lance(a.lances[i], b.lances[i])) return false;
  return true;
}

// Field-by-field equality of two seat views (the struct has padding, so no memcmp).
inline bool same_view(const mus::SeatView& a, const mus::SeatView& b) {
  if (!(a.seat == b.seat && a.phase == b.phase && a.to_act == b.to_act && a.dealer == b.dealer &&
        a.mano == b.mano && a.lance == b.lance && a.match_winner == b.match_winner &&
        a.hand == b.hand && a.score == b.score && a.games == b.games && a.vacas == b.vacas &&
        a.stock_count == b.stock_count && a.pile_count == b.pile_count &&
        a.pares_mask == b.pares_mask && a.juego_mask == b.juego_mask && a.declared == b.declared &&
        a.perete_mask == b.perete_mask && a.signals == b.signals && a.bet_open == b.bet_open &&
        a.is_ordago == b.is_ordago && a.bet_team == b.bet_team &&
        a.stake_before == b.stake_before && a.proposed == b.proposed && a.proposal == b.proposal &&
        a.proposer == b.proposer && a.proposal_amount == b.proposal_amount &&
        a.hand_number == b.hand_number))
    return false;
  for (std::size_t i = 0; i < 4; ++i)
    if (!same_lance(a.lances[i], b.lances[i])) return false;
  return same_summary(a.last, b.last);
}

// The state with the cards hidden from `viewer` moved about: the other three seats' hands
// rotated among them, the stock reversed, and one of those seats trading a card with the
// stock. The viewer's own cards, the pile and everything public stay (the last hand's
// showdown, R28a, is public: it stays too). view_of(viewer) of the result must equal
// view_of(viewer) of the original (non-interference).
inline State hide_and_shuffle(const State& s, int viewer) {
  State t = s;
  std::array<int, 3> others{};
  for (int k = 1; k < 4; ++k) others[static_cast<std::size_t>(k - 1)] = (viewer + k) % 4;
  for (std::size_t i = 0; i < 4; ++i) {
    const auto a = static_cast<std::size_t>(others[0]) * 4 + i;
    const auto b = static_cast<std::size_t>(others[1]) * 4 + i;
    const auto c = static_cast<std::size_t>(others[2]) * 4 + i;
    const auto tmp = t.deck.hands[a];
    t.deck.hands[a] = t.deck.hands[b];
    t.deck.hands[b] = t.deck.hands[c];
    t.deck.hands[c] = tmp;
  }
  if (t.deck.stock_pos < t.deck.stock_end && t.deck.stock_end <= 40) {
    for (int lo = t.deck.stock_pos, hi = t.deck.stock_end - 1; lo < hi; ++lo, --hi)
      std::swap(t.deck.stock[static_cast<std::size_t>(lo)],
                t.deck.stock[static_cast<std::size_t>(hi)]);
    auto& h = t.deck.hands[static_cast<std::size_t>(others[0]) * 4];
    if (h != mus::no_card) std::swap(h, t.deck.stock[t.deck.stock_pos]);
  }
  return t;
}

// Every one of the 40 cards is in exactly one place: a hand slot, the live stock, the pile
// (R15). Computed independently of validate_state().
inline bool cards_conserved(const State& s) {
  std::array<int, 40> seen{};
  for (const auto id : s.deck.hands) {
    if (id == mus::no_card) continue;
    if (id >= 40) return false;
    ++seen[id];
  }
  if (s.deck.stock_pos > s.deck.stock_end || s.deck.stock_end > 40) return false;
  for (int i = s.deck.stock_pos; i < s.deck.stock_end; ++i) {
    const auto id = s.deck.stock[static_cast<std::size_t>(i)];
    if (id >= 40) return false;
    ++seen[id];
  }
  if ((s.deck.pile >> 40) != 0) return false;
  for (int id = 0; id < 40; ++id)
    if ((s.deck.pile >> id) & 1U) ++seen[static_cast<std::size_t>(id)];
  for (const int n : seen)
    if (n != 1) return false;
  return true;
}

}  // namespace mt

#endif  // MUS_TESTS_MATCH_TEST_UTIL_HPP
