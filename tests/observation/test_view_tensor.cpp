// The observation tensor (mus::view_tensor, mus_state_view_tensor): the C and C++ functions give
// the same floats; each block holds what docs/observation.md says, read from the seat view; and
// nothing hidden from the seat changes it: any redeal of the cards the seat cannot see (the
// other seats' hands, the stock, the discard pile) gives the same vector.
#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <random>
#include <vector>

#include "mus/observation.hpp"
#include "observation_test_util.hpp"

namespace {

using Tensor = std::array<float, mus::view_tensor_size>;

Tensor tensor_of(const mus::State& s, int seat) {
  Tensor t;
  t.fill(-1.0F);
  mus::view_tensor(s, seat, t);
  return t;
}

// The same state with every card hidden from `seat` dealt again at random: the other seats'
// cards, the stock and the discard pile keep their sizes but not their cards, and the other
// seats' cached signal truths are scrambled too. Not a state the reducer would accept (the
// declarations may no longer fit the cards), which is the point: the tensor must not look.
mus::State redeal(const mus::State& s, int seat, std::mt19937_64& rng) {
  mus::State t = s;
  std::vector<std::uint8_t*> slots;
  std::vector<std::uint8_t> cards;
  for (int o = 0; o < 4; ++o) {
    if (o == seat) continue;
    for (int i = 0; i < 4; ++i) {
      std::uint8_t& c = t.deck.hands[static_cast<std::size_t>(4 * o + i)];
      if (c == mus::no_card) continue;
      slots.push_back(&c);
      cards.push_back(c);
    }
    t.truth[static_cast<std::size_t>(o)] = static_cast<std::uint16_t>(rng() & 0x7FFF);
  }
  for (int i = t.deck.stock_pos; i < t.deck.stock_end; ++i) {
    slots.push_back(&t.deck.stock[static_cast<std::size_t>(i)]);
    cards.push_back(t.deck.stock[static_cast<std::size_t>(i)]);
  }
  for (std::uint64_t p = t.deck.pile; p != 0; p &= p - 1)
    cards.push_back(static_cast<std::uint8_t>(std::countr_zero(p)));
  std::shuffle(cards.begin(), cards.end(), rng);
  std::size_t k = 0;
  for (; k < slots.size(); ++k) *slots[k] = cards[k];
  t.deck.pile = 0;
  for (; k < cards.size(); ++k) t.deck.pile |= std::uint64_t{1} << cards[k];
  return t;
}

int rel(int seat, int observer) { return (seat - observer + 4) % 4; }

// Each block of the tensor against the seat view (docs/observation.md), or a message.
const char* layout_problem(const mus::State& s, int seat, const Tensor& t) {
  namespace tz = mus::tensor;
  const mus::SeatView v = mus::view_of(s, seat);
  const auto at = [&](int i) { return t[static_cast<std::size_t>(i)]; };
  const auto sum = [&](int from, int n) {
    float x = 0;
    for (int i = from; i < from + n; ++i) x += at(i);
    return x;
  };
  for (const float x : t)
    if (x < 0.0F || x > 1.0F) return "an entry outside 0..1";
  int own_cards = 0;
  for (const std::uint8_t c : v.hand) {
    if (c == mus::no_card) continue;
    ++own_cards;
    if (at(tz::cards + c) != 1.0F) return "an own card missing from the cards block";
  }
  if (sum(tz::cards, 40) != static_cast<float>(own_cards)) return "cards block: other cards";
  if (at(tz::dealer + rel(v.dealer, seat)) != 1.0F || sum(tz::dealer, 4) != 1.0F)
    return "dealer block";
  if (at(tz::mano + rel(v.mano, seat)) != 1.0F || sum(tz::mano, 4) != 1.0F) return "mano block";
  if (v.to_act >= 0 ? at(tz::to_act + rel(v.to_act, seat)) != 1.0F || sum(tz::to_act, 4) != 1.0F
                    : sum(tz::to_act, 4) != 0.0F)
    return "to_act block";
  if (at(tz::phase + static_cast<int>(v.phase) - 1) != 1.0F || sum(tz::phase, 6) != 1.0F)
    return "phase block";
  if (v.phase == mus::Phase::betting
          ? at(tz::lance + static_cast<int>(v.lance)) != 1.0F || sum(tz::lance, 5) != 1.0F
          : sum(tz::lance, 5) != 0.0F)
    return "lance block";
  if (at(tz::deck) * 40.0F != static_cast<float>(v.stock_count) ||
      at(tz::deck + 1) * 40.0F != static_cast<float>(v.pile_count))
    return "deck block";
  for (int o = 0; o < 4; ++o) {
    const int r = rel(o, seat);
    if (at(tz::pares + r) != static_cast<float>((v.pares_mask >> o) & 1U) ||
        at(tz::juego + r) != static_cast<float>((v.juego_mask >> o) & 1U) ||
        at(tz::perete + r) != static_cast<float>((v.perete_mask >> o) & 1U))
      return "declarations by seat";
    for (int k = 0; k < mus::signal_count; ++k)
      if (at(tz::signals + tz::signal_stride * r + k) !=
          static_cast<float>((v.signals[static_cast<std::size_t>(o)] >> k) & 1U))
        return "signals block";
  }
  if (at(tz::bet) != static_cast<float>(v.bet_open) || sum(tz::bet + 2, 2) != (v.bet_open ? 1 : 0))
    return "bet block";
  if (v.bet_team >= 0 && at(tz::bet + 2 + (v.bet_team == mus::team_of(seat) ? 0 : 1)) != 1.0F)
    return "bet team";
  for (int i = 0; i < 4; ++i) {
    const int b = tz::lances + tz::lance_stride * i;
    const auto& r = v.lances[static_cast<std::size_t>(i)];
    if (at(b + static_cast<int>(r.status)) != 1.0F || sum(b, 7) != 1.0F) return "lance status";
    // Won: a refused bet by the betting team (R26), else as the record says (a one-team lance
    // at once, the others at the count).
    const int won = r.status == mus::LanceStatus::refused ? r.bet_team : r.winner_team;
    if (sum(b + 11, 2) != (won >= 0 ? 1.0F : 0.0F)) return "lance won by";
    if (won >= 0 && at(b + 11 + (won == mus::team_of(seat) ? 0 : 1)) != 1.0F)
      return "lance won by the wrong team";
  }
  const int own = mus::team_of(seat);
  const auto scaled = [&](int n) {
    return n >= s.rules.target ? 1.0F : static_cast<float>(n) / static_cast<float>(s.rules.target);
  };
  if (at(tz::scores) != scaled(v.score[static_cast<std::size_t>(own)]) ||
      at(tz::scores + 1) != scaled(v.score[static_cast<std::size_t>(1 - own)]))
    return "scores block";
  return nullptr;
}

}  // namespace

TEST_CASE("Tensor: the C API gives the C++ floats, each block as documented",
          "[observation][tensor]") {
  long failures = 0;
  const long states = obs::play_rule_sets(4, 0x7E45, [&](const char* rules, const mus::State& s) {
    const mus_state c = obs::to_c(s);
    for (int seat = 0; seat < 4; ++seat) {
      const Tensor cpp = tensor_of(s, seat);
      Tensor from_c;
      from_c.fill(-2.0F);
      const bool same = mus_state_view_tensor(&c, seat, from_c.data(), from_c.size()) == MUS_OK &&
                        std::memcmp(from_c.data(), cpp.data(), sizeof cpp) == 0;
      const char* problem = same ? layout_problem(s, seat, cpp) : "C and C++ differ";
      if (problem != nullptr && ++failures <= 5)
        std::printf("%s: seat %d, phase %d: %s\n", rules, seat, static_cast<int>(s.phase), problem);
    }
  });
  std::printf("[tensor layout] %ld states\n", states);
  CHECK(failures == 0);
  CHECK(states > 1000);
}

TEST_CASE("Tensor: any redeal of the cards a seat cannot see leaves its tensor unchanged",
          "[observation][tensor]") {
  std::mt19937_64 rng(99);
  long redeals = 0;
  long moved = 0;  // redeals that did change another seat's hand
  long failures = 0;
  obs::play_rule_sets(4, 0x4EDE, [&](const char* rules, const mus::State& s) {
    for (int seat = 0; seat < 4; ++seat) {
      const Tensor before = tensor_of(s, seat);
      for (int k = 0; k < 3; ++k) {
        const mus::State t = redeal(s, seat, rng);
        ++redeals;
        if (t.deck.hands != s.deck.hands) ++moved;
        if (tensor_of(t, seat) != before && ++failures <= 5)
          std::printf("%s: seat %d, phase %d: a redeal changed the tensor\n", rules, seat,
                      static_cast<int>(s.phase));
      }
    }
  });
  std::printf("[tensor hiding] %ld redeals, %ld moved other seats' cards\n", redeals, moved);
  CHECK(failures == 0);
  CHECK(moved > redeals / 2);
}

TEST_CASE("Tensor: a stacked deal with the same own hand gives the same tensor (C API)",
          "[observation][tensor]") {
  mus_rules rules;
  REQUIRE(mus_rules_preset(&rules, "standard") == MUS_OK);
  mus_state fresh;
  REQUIRE(mus_state_new(&rules, 0, &fresh) == MUS_OK);
  // Seat 0 holds cards 0..3 in both deals; the other seats' cards differ.
  std::array<std::uint8_t, 16> a{};
  std::array<std::uint8_t, 16> b{};
  for (std::uint8_t i = 0; i < 16; ++i) {
    a[i] = i;
    b[i] = static_cast<std::uint8_t>(i < 4 ? i : 36 - i);
  }
  mus_action deal_a;
  mus_action deal_b;
  REQUIRE(mus_action_from_deal(a.data(), 1, nullptr, 0, &deal_a) == MUS_OK);
  REQUIRE(mus_action_from_deal(b.data(), 1, nullptr, 0, &deal_b) == MUS_OK);
  mus_state sa;
  mus_state sb;
  REQUIRE(mus_apply(&fresh, &deal_a, &sa) == MUS_OK);
  REQUIRE(mus_apply(&fresh, &deal_b, &sb) == MUS_OK);
  Tensor ta;
  Tensor tb;
  for (int seat = 0; seat < 4; ++seat) {
    REQUIRE(mus_state_view_tensor(&sa, seat, ta.data(), ta.size()) == MUS_OK);
    REQUIRE(mus_state_view_tensor(&sb, seat, tb.data(), tb.size()) == MUS_OK);
    if (seat == 0)
      CHECK(ta == tb);
    else
      CHECK(ta != tb);  // their own cards differ
  }
}

TEST_CASE("Tensor: the C API's errors write nothing", "[observation][tensor]") {
  mus_rules rules;
  REQUIRE(mus_rules_preset(&rules, "online") == MUS_OK);
  mus_state s;
  REQUIRE(mus_state_new(&rules, 2, &s) == MUS_OK);
  Tensor t;
  t.fill(-3.0F);
  const Tensor untouched = t;
  CHECK(mus_state_view_tensor(nullptr, 0, t.data(), t.size()) == MUS_E_INVALID_ARGUMENT);
  CHECK(mus_state_view_tensor(&s, -1, t.data(), t.size()) == MUS_E_INVALID_ARGUMENT);
  CHECK(mus_state_view_tensor(&s, 4, t.data(), t.size()) == MUS_E_INVALID_ARGUMENT);
  CHECK(mus_state_view_tensor(&s, 0, nullptr, t.size()) == MUS_E_INVALID_ARGUMENT);
  CHECK(mus_state_view_tensor(&s, 0, nullptr, 0) == MUS_E_BUFFER_TOO_SMALL);
  CHECK(mus_state_view_tensor(&s, 0, t.data(), t.size() - 1) == MUS_E_BUFFER_TOO_SMALL);
  mus_state forged = s;
  forged.opaque[0] ^= 0xFF;
  CHECK(mus_state_view_tensor(&forged, 0, t.data(), t.size()) == MUS_E_INVALID_STATE);
  CHECK(t == untouched);
  // A larger buffer: exactly MUS_VIEW_TENSOR_SIZE floats are written.
  std::vector<float> big(MUS_VIEW_TENSOR_SIZE + 4, -5.0F);
  CHECK(mus_state_view_tensor(&s, 0, big.data(), big.size()) == MUS_OK);
  CHECK(big[MUS_VIEW_TENSOR_SIZE] == -5.0F);
  CHECK(big[MUS_TENSOR_OFF_PHASE + MUS_PHASE_SHUFFLE - 1] == 1.0F);
}
