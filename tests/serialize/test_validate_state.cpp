// validate_state(): every state the reducer reaches passes; a state with any one field forged
// fails (one test case per invariant); states that pass after random byte changes are safe for
// the reducer and stay valid under apply().
#include <array>
#include <cstdio>
#include <functional>

#include "serialize_test_util.hpp"

using namespace st;
using mus::LanceRecord;
using mus::LanceStatus;
using mus::Signal;

namespace {

// Cards from the R2 text, through the library's own parser (not under test here). Runs at
// static initialization, outside any test: a bad text gives 0xFF cards, which stacked_deal()
// then refuses inside the test using them.
std::array<std::uint8_t, 16> table(const char* s0, const char* s1, const char* s2, const char* s3) {
  std::array<std::uint8_t, 16> out{};
  out.fill(0xFF);
  const std::array<const char*, 4> t{s0, s1, s2, s3};
  for (std::size_t seat = 0; seat < 4; ++seat) {
    const auto h = mus::parse_hand(t[seat]);
    if (!h.ok()) continue;
    for (std::size_t i = 0; i < 4; ++i)
      out[seat * 4 + i] = static_cast<std::uint8_t>((*h)[static_cast<int>(i)].id());
  }
  return out;
}

// Deal A: everyone has pares, seats 0 and 1 have juego (37); see tests/match.
const std::array<std::uint8_t, 16> deal_a =
    table("Ko Kc Qo 7o", "Ke Qc Qe 7c", "Ao Ac 5o Kb", "Ae Ab 5c Qb");
// Deal B: seat 0 holds tío Perete (4-5-6-7).
const std::array<std::uint8_t, 16> deal_b =
    table("4o 5c 6e 7b", "Ko Kc Qo Jo", "Ae 4c 6b Jb", "Qb Qe 6o 5o");

State start(const Rules& r = Rules{}, int dealer = 0) {
  const auto m = mus::new_match(r, dealer);
  REQUIRE(m.ok());
  return *m;
}

void must(State& s, const Action& a) {
  INFO("action " << mus::action_to_text(a) << " in phase " << mus::phase_name(s.phase));
  REQUIRE(mus::apply_in_place(s, a) == Errc::ok);
}

void deal(State& s, const std::array<std::uint8_t, 16>& h) {
  const auto a = mus::stacked_deal(h, s.mano);
  REQUIRE(a.ok());
  must(s, *a);
}

// The first state of random play (from a fixed seed) for which `pred` holds.
State find(const Rules& r, const std::function<bool(const State&)>& pred, std::uint64_t seed = 7) {
  Player p(r, seed);
  for (int match = 0; match < 2000; ++match) {
    bool found = false;
    State hit;
    const auto m = mus::new_match(r, static_cast<int>(p.rng()() % 4));
    REQUIRE(m.ok());
    State s = *m;
    while (s.phase != Phase::match_over && !found) {
      if (pred(s)) {
        hit = s;
        found = true;
        break;
      }
      REQUIRE(mus::apply_in_place(s, p.choose(s)) == Errc::ok);
    }
    if (!found && pred(s)) {
      hit = s;
      found = true;
    }
    if (found) {
      REQUIRE(mus::validate_state(hit) == Errc::ok);
      return hit;
    }
  }
  FAIL("no state of random play matched");
  return State{};
}

// The state with one edit must be refused, by validate_state() and by the text form.
template <class Edit>
void refused(const State& base, const char* what, Edit&& edit) {
  INFO("forgery: " << what);
  REQUIRE(mus::validate_state(base) == Errc::ok);
  State t = base;
  edit(t);
  CHECK(mus::validate_state(t) == Errc::invalid_state);
  const auto back = mus::state_from_text(mus::state_to_text(t));
  CHECK(back.error().code == Errc::invalid_state);
}

void set_byte(void* field, unsigned value) {
  *static_cast<unsigned char*>(field) = static_cast<unsigned char>(value);
}

int speaking(const State& s, int k) { return (s.mano + k) % 4; }

State mus_phase() {
  State s = start();
  deal(s, deal_a);
  REQUIRE(s.phase == Phase::mus);
  return s;
}

State betting_open_bet() {
  State s = mus_phase();
  must(s, Action::cut(s.to_act));
  must(s, Action::bet(s.to_act, 2));
  REQUIRE(s.bet.open == 1);
  return s;
}

}  // namespace

TEST_CASE("validate_state: every state reached in random play passes", "[serialize][validate]") {
  const long per_set = env_long("MUS_SERIALIZE_VALIDATE_HANDS", 16000) / 8 + 1;
  long hands = 0;
  long states = 0;
  long failures = 0;
  std::uint64_t salt = 11;
  for (const auto& r : rule_sets()) {
    INFO("rules " << r.name);
    Player p(r.rules, 0xC0FFEE ^ (salt++ * 0x9E3779B97F4A7C15ULL));
    long set_hands = 0;
    while (set_hands < per_set)
      set_hands += p.play_match(
          [&](const State& s) {
            ++states;
            if (mus::validate_state(s) != Errc::ok && failures++ == 0)
              FAIL("validate_state refused a state of random play in phase "
                   << mus::phase_name(s.phase) << ": " << mus::state_to_text(s));
          },
          [](const State&, const Action&, const Events&, const State&) {});
    hands += set_hands;
  }
  std::printf("[validate] %ld hands, %ld states, all valid\n", hands, states);
  CHECK(failures == 0);
}

TEST_CASE("validate_state: stock bytes outside the live range are irrelevant",
          "[serialize][validate]") {
  State s = mus_phase();
  must(s, Action::cut(s.to_act));
  // After the deal the stock is stock[0..24); the 16 bytes after it are left-overs.
  REQUIRE(s.deck.stock_pos == 0);
  REQUIRE(s.deck.stock_end == 24);
  State t = s;
  t.deck.stock[30] = 0xEE;
  t.deck.stock[39] = t.deck.stock[0];
  CHECK(mus::validate_state(t) == Errc::ok);
  const auto back = mus::state_from_text(mus::state_to_text(t));
  REQUIRE(back.ok());
  CHECK(*back == t);
  // Cards dealt from the top leave the prefix [0, stock_pos) irrelevant as well.
  const State r = find(mus::standard_rules(), [](const State& x) {
    return x.phase == Phase::mus && x.deck.stock_pos > 0;
  });
  State u = r;
  u.deck.stock[0] = 0xFF;
  CHECK(mus::validate_state(u) == Errc::ok);
}

TEST_CASE("validate_state refuses a wrong magic tag", "[serialize][validate]") {
  const State s = mus_phase();
  refused(s, "magic 0", [](State& t) { t.magic = 0; });
  refused(s, "magic of another layout", [](State& t) { t.magic = mus::state_magic + 1; });
}

TEST_CASE("validate_state refuses invalid rules", "[serialize][validate]") {
  const State s = mus_phase();
  refused(s, "kings 5", [](State& t) { t.rules.kings = 5; });
  refused(s, "target 0", [](State& t) { t.rules.target = 0; });
  refused(s, "games_per_vaca 0", [](State& t) { t.rules.games_per_vaca = 0; });
  refused(s, "royal31 9", [](State& t) { t.rules.royal31 = static_cast<mus::Royal31>(9); });
  refused(s, "rules.answers", [](State& t) { t.rules.answers = static_cast<mus::Answers>(2); });
  refused(s, "a bool byte of 2", [](State& t) { set_byte(&t.rules.zero_discard, 2); });
  refused(s, "deje_ends byte 255", [](State& t) { set_byte(&t.rules.deje_ends, 255); });
}

TEST_CASE("validate_state refuses non-zero reserved fields", "[serialize][validate]") {
  const State s = mus_phase();
  refused(s, "reserved0", [](State& t) { t.reserved0 = 1; });
  refused(s, "reserved1", [](State& t) { t.reserved1 = 1; });
  refused(s, "reserved2", [](State& t) { t.reserved2 = 1; });
  refused(s, "reserved3", [](State& t) { t.reserved3 = 1; });
  refused(s, "bet.reserved", [](State& t) { t.bet.reserved = 1; });
  refused(s, "deck.reserved", [](State& t) { t.deck.reserved = 1; });
  refused(s, "decl.reserved", [](State& t) { t.decl.reserved = 1; });
  refused(s, "lances[1].reserved", [](State& t) { t.lances[1].reserved = 1; });
  const State b = find(mus::standard_rules(), [](const State& x) { return x.last.number > 0; });
  refused(b, "last.lances[2].reserved", [](State& t) { t.last.lances[2].reserved = 1; });
}

TEST_CASE("validate_state refuses a phase out of range", "[serialize][validate]") {
  const State s = mus_phase();
  refused(s, "phase 0", [](State& t) { t.phase = static_cast<Phase>(0); });
  refused(s, "phase 7", [](State& t) { t.phase = static_cast<Phase>(7); });
  refused(s, "phase 255", [](State& t) { t.phase = static_cast<Phase>(255); });
}

TEST_CASE("validate_state refuses a dealer that is not the seat before the mano",
          "[serialize][validate]") {
  const State s = mus_phase();
  refused(s, "dealer == mano", [](State& t) { t.dealer = t.mano; });
  refused(s, "dealer after the mano",
          [](State& t) { t.dealer = static_cast<std::uint8_t>((t.mano + 1) % 4); });
  refused(s, "mano 4", [](State& t) {
    t.mano = 4;
    t.dealer = 3;
  });
}

TEST_CASE("validate_state refuses cards not accounted for exactly once", "[serialize][validate]") {
  const State s = mus_phase();
  refused(s, "a card twice in hands", [](State& t) { t.deck.hands[1] = t.deck.hands[0]; });
  refused(s, "card id 40", [](State& t) { t.deck.hands[5] = 40; });
  refused(s, "a hand card also in the stock",
          [](State& t) { t.deck.stock[t.deck.stock_pos] = t.deck.hands[0]; });
  refused(s, "a card lost from the stock", [](State& t) { ++t.deck.stock_pos; });
  refused(s, "stock end past the deck", [](State& t) { t.deck.stock_end = 41; });
  refused(s, "stock_pos after stock_end", [](State& t) {
    t.deck.stock_pos = 30;
    t.deck.stock_end = 20;
  });
  refused(s, "a hand card in the pile",
          [](State& t) { t.deck.pile |= std::uint64_t{1} << t.deck.hands[0]; });
  refused(s, "pile bit 45", [](State& t) { t.deck.pile |= std::uint64_t{1} << 45; });
  const State b = find(mus::standard_rules(), [](const State& x) {
    return x.phase == Phase::shuffle && x.deck.refill_pos == 0xFF && x.hand_number > 0;
  });
  refused(b, "gathered stock out of id order",
          [](State& t) { std::swap(t.deck.stock[3], t.deck.stock[4]); });
  refused(b, "a card in a hand between hands", [](State& t) {
    t.deck.hands[0] = t.deck.stock[39];
    t.deck.stock_end = 39;
  });
}

TEST_CASE("validate_state refuses empty slots other than the replacements owed",
          "[serialize][validate]") {
  const State s = mus_phase();
  refused(s, "an empty slot in the mus phase", [](State& t) {
    t.deck.pile |= std::uint64_t{1} << t.deck.hands[6];
    t.deck.hands[6] = mus::no_card;
    t.truth[1] = 0;
  });
  const State d = find(mus::standard_rules(), [](const State& x) {
    return x.phase == Phase::discard && x.discarded >= 1 && x.discarded <= 2;
  });
  const int done = speaking(d, 0);  // discarded: owed need[done] cards
  const int waiting = d.to_act;     // not discarded yet: a full hand
  REQUIRE(d.deck.need[static_cast<std::size_t>(done)] >= 1);
  refused(d, "need larger than the empty slots",
          [&](State& t) { ++t.deck.need[static_cast<std::size_t>(done)]; });
  refused(d, "need for a seat that has not discarded",
          [&](State& t) { t.deck.need[static_cast<std::size_t>(waiting)] = 1; });
  refused(d, "an empty slot before discarding", [&](State& t) {
    const auto slot = static_cast<std::size_t>(waiting * 4);
    t.deck.pile |= std::uint64_t{1} << t.deck.hands[slot];
    t.deck.hands[slot] = mus::no_card;
    t.deck.need[static_cast<std::size_t>(waiting)] = 1;
    t.truth[static_cast<std::size_t>(waiting)] = 0;
    t.signals[static_cast<std::size_t>(waiting)] = 0;
  });
  refused(d, "a seat that discarded nothing without zero_discard", [&](State& t) {
    // Give the discarded cards back from the pile: the seat now owes nothing.
    for (int i = 0; i < 4; ++i) {
      auto& slot = t.deck.hands[static_cast<std::size_t>(done * 4 + i)];
      if (slot != mus::no_card) continue;
      const int id = std::countr_zero(t.deck.pile);
      t.deck.pile &= t.deck.pile - 1;
      slot = static_cast<std::uint8_t>(id);
    }
    t.deck.need[static_cast<std::size_t>(done)] = 0;
    t.truth[static_cast<std::size_t>(done)] = mus::true_signals(mus::hand_of(t, done), t.rules);
  });
  const State f = find(mus::standard_rules(), [](const State& x) {
    return x.phase == Phase::shuffle && x.deck.refill_pos != 0xFF;
  });
  refused(f, "a refill while the stock could serve the seat", [](State& t) {
    const int seat = (t.mano + t.deck.refill_pos) % 4;
    t.deck.need[static_cast<std::size_t>(seat)] = 0;
  });
  refused(f, "deck.refill_pos 4", [](State& t) { t.deck.refill_pos = 4; });
  const State m = mus_phase();
  refused(m, "deck.refill_pos outside the shuffle phase", [](State& t) { t.deck.refill_pos = 0; });
}

TEST_CASE("validate_state refuses a seat to act that does not fit the phase",
          "[serialize][validate]") {
  const State sh = start();
  refused(sh, "a seat to act when chance acts", [](State& t) { t.to_act = 0; });
  const State s = mus_phase();
  refused(s, "no seat to act in the mus phase", [](State& t) { t.to_act = -1; });
  refused(s, "seat 4", [](State& t) { t.to_act = 4; });
  refused(s, "not the next seat in the mus round",
          [](State& t) { t.to_act = static_cast<std::int8_t>((t.to_act + 1) % 4); });
  const State d =
      find(mus::standard_rules(), [](const State& x) { return x.phase == Phase::discard; });
  refused(d, "not the next seat to discard",
          [](State& t) { t.to_act = static_cast<std::int8_t>((t.to_act + 2) % 4); });
  // Pares where some seat has no pares: that seat may not speak.
  const State q = find(mus::standard_rules(), [](const State& x) {
    return x.phase == Phase::betting && x.lance == mus::Lance::pares && !x.bet.open &&
           x.decl.pares_mask != 0xF;
  });
  int ineligible = -1;
  for (int seat = 0; seat < 4; ++seat)
    if (((q.decl.pares_mask >> seat) & 1U) == 0) ineligible = seat;
  refused(q, "a seat without pares speaks in pares",
          [&](State& t) { t.to_act = static_cast<std::int8_t>(ineligible); });
  const State o = betting_open_bet();
  refused(o, "the bettor's team answers",
          [](State& t) { t.to_act = static_cast<std::int8_t>((t.bet.answer_first + 1) % 4); });
  refused(o, "the partner answers before the first answerer",
          [](State& t) { t.to_act = t.bet.answer_second; });
  refused(o, "answer_first of the betting team", [](State& t) {
    t.bet.answer_first = static_cast<std::int8_t>((t.bet.answer_first + 1) % 4);
    t.to_act = t.bet.answer_first;
  });
  refused(o, "answer_second not the partner", [](State& t) { t.bet.answer_second = -1; });
  refused(o, "answer stage 2", [](State& t) { t.bet.answer_stage = 2; });
}

TEST_CASE("validate_state refuses a lance that does not match the lance index",
          "[serialize][validate]") {
  const State o = betting_open_bet();
  refused(o, "lance_index 4", [](State& t) { t.lance_index = 4; });
  refused(o, "lance chica at index 0", [](State& t) { t.lance = mus::Lance::chica; });
  refused(o, "lance 9", [](State& t) { t.lance = static_cast<mus::Lance>(9); });
  const State j = find(mus::standard_rules(), [](const State& x) {
    return x.phase == Phase::betting && x.lance_index == 3;
  });
  refused(j, "index 3 named chica", [](State& t) { t.lance = mus::Lance::chica; });
  refused(j, "juego when nobody has juego (or punto when somebody has)", [](State& t) {
    t.lance = t.lance == mus::Lance::juego ? mus::Lance::punto : mus::Lance::juego;
    t.lances[3].lance = t.lance;
  });
  refused(j, "a lance already played marked pending",
          [](State& t) { t.lances[0].status = LanceStatus::pending; });
  refused(j, "a refused lance without its betting team", [](State& t) {
    t.lances[1].status = LanceStatus::refused;
    t.lances[1].bet_team = -1;
    t.lances[1].winner_team = -1;
    t.lances[1].stake = 1;
  });
  refused(j, "a lance already counted", [](State& t) { t.lances[0].counted = 1; });
  refused(j, "the lance being bet already decided",
          [](State& t) { t.lances[3].status = LanceStatus::en_paso; });
}

TEST_CASE("validate_state refuses scores out of range", "[serialize][validate]") {
  const State s = mus_phase();
  refused(s, "negative score", [](State& t) { t.scores.points[0] = -1; });
  refused(s, "score past the largest reachable", [](State& t) { t.scores.points[1] = 5000; });
  refused(s, "points before the cut",
          [](State& t) { t.scores.points[0] = static_cast<std::int16_t>(t.scores.points[0] + 1); });
  refused(s, "hand start score at the target", [](State& t) { t.scores.hand_start[0] = 40; });
  const State b = find(mus::standard_rules(), [](const State& x) {
    return x.phase == Phase::shuffle && x.last.number > 0 && x.last.game_winner < 0;
  });
  refused(b, "score at the target between hands", [](State& t) { t.scores.points[0] = 40; });
  refused(b, "score not what the last hand left",
          [](State& t) { t.scores.points[1] = static_cast<std::int16_t>(t.scores.points[1] + 1); });
  const State o = betting_open_bet();
  refused(o, "a score at the target with deje_ends on", [](State& t) { t.scores.points[0] = 45; });
}

TEST_CASE("validate_state refuses games and vacas out of range", "[serialize][validate]") {
  const State s = mus_phase();
  refused(s, "games == games_per_vaca", [](State& t) { t.scores.games[0] = 2; });
  refused(s, "vacas > rules.vacas", [](State& t) { t.scores.vacas[1] = 2; });
  refused(s, "vacas == rules.vacas before the match is over",
          [](State& t) { t.scores.vacas[1] = 1; });
}

TEST_CASE("validate_state refuses a match winner that does not fit the phase",
          "[serialize][validate]") {
  const State s = mus_phase();
  refused(s, "a winner while playing", [](State& t) { t.scores.match_winner = 0; });
  refused(s, "winner 2", [](State& t) { t.scores.match_winner = 2; });
  const State over =
      find(mus::standard_rules(), [](const State& x) { return x.phase == Phase::match_over; });
  refused(over, "match over without a winner", [](State& t) { t.scores.match_winner = -1; });
  refused(over, "the other team as winner", [](State& t) {
    t.scores.match_winner = static_cast<std::int8_t>(1 - t.scores.match_winner);
  });
  refused(over, "a seat to act when the match is over", [](State& t) { t.to_act = 0; });
}

TEST_CASE("validate_state refuses stakes out of range", "[serialize][validate]") {
  const State o = betting_open_bet();
  refused(o, "proposed 1000", [](State& t) { t.bet.proposed = 1000; });
  refused(o, "a refusal paying the whole stake",
          [](State& t) { t.bet.stake_before = t.bet.proposed; });
  refused(o, "nothing proposed", [](State& t) { t.bet.proposed = 0; });
  refused(o, "is_ordago 2", [](State& t) { t.bet.ordago = 2; });
  refused(o, "bet_team -1 with a bet open", [](State& t) { t.bet.team = -1; });
  State c = mus_phase();
  must(c, Action::cut(c.to_act));
  refused(c, "a bet team without an open bet", [](State& t) { t.bet.team = 0; });
  refused(c, "a stake without an open bet", [](State& t) { t.bet.stake_before = 1; });
  refused(c, "an órdago without an open bet", [](State& t) { t.bet.ordago = 1; });
  const State m = mus_phase();
  refused(m, "stake_before 1000 outside betting", [](State& t) { t.bet.stake_before = 1000; });
  refused(m, "a bet open outside betting", [](State& t) { t.bet.open = 1; });
  State g = mus_phase();
  must(g, Action::cut(g.to_act));
  must(g, Action::ordago(g.to_act));
  REQUIRE(g.bet.ordago == 1);
  refused(g, "an órdago over nothing paying more than 1", [](State& t) { t.bet.stake_before = 2; });
}

TEST_CASE("validate_state refuses a forged R25a proposal", "[serialize][validate][R25a]") {
  Rules r;
  r.answers = mus::Answers::proposal;
  // Deal A, grande: seat 1 (mano) bets 2; seat 2 proposes a raise of 5; seat 0 decides.
  State p = start(r);
  deal(p, deal_a);
  must(p, Action::cut(p.to_act));
  must(p, Action::bet(1, 2));
  const State open = p;  // seat 2 to propose
  must(p, Action::bet(2, 5));
  REQUIRE(p.bet.proposal == static_cast<std::uint8_t>(mus::ActionKind::bet));
  REQUIRE(p.to_act == 0);
  refused(p, "a proposal of an unknown kind", [](State& t) { t.bet.proposal = 7; });
  refused(p, "a proposed pass", [](State& t) { t.bet.proposal = 5; });
  refused(p, "a proposed raise of nothing", [](State& t) { t.bet.proposal_amount = 0; });
  refused(p, "a proposed raise below min_raise", [](State& t) { t.bet.proposal_amount = 1; });
  refused(p, "a proposed raise past max_stake", [](State& t) { t.bet.proposal_amount = 998; });
  refused(p, "a proposed accept with an amount",
          [](State& t) { t.bet.proposal = static_cast<std::uint8_t>(mus::ActionKind::accept); });
  refused(p, "a proposal under answers=first",
          [](State& t) { t.rules.answers = mus::Answers::first; });
  refused(p, "a proposal with the proposer to act", [](State& t) {
    t.bet.answer_stage = 0;
    t.to_act = t.bet.answer_first;
  });
  refused(p, "the partner to act without a proposal", [](State& t) {
    t.bet.proposal = 0;
    t.bet.proposal_amount = 0;
  });
  refused(p, "a proposed raise over an órdago", [](State& t) {
    t.bet.ordago = 1;
    t.bet.stake_before = t.bet.proposed;
  });
  refused(open, "a proposal before the first answerer spoke",
          [](State& t) { t.bet.proposal = static_cast<std::uint8_t>(mus::ActionKind::reject); });
  refused(open, "a proposal amount without a proposal",
          [](State& t) { t.bet.proposal_amount = 2; });
  State c = mus_phase();
  must(c, Action::cut(c.to_act));
  refused(c, "a proposal without an open bet",
          [](State& t) { t.bet.proposal = static_cast<std::uint8_t>(mus::ActionKind::accept); });
  refused(mus_phase(), "a proposal outside betting",
          [](State& t) { t.bet.proposal = static_cast<std::uint8_t>(mus::ActionKind::reject); });
}

TEST_CASE("validate_state refuses a stale cache of true signals", "[serialize][validate]") {
  const State s = mus_phase();
  refused(s, "one bit more",
          [](State& t) { t.truth[0] = static_cast<std::uint16_t>(t.truth[0] ^ 1U); });
  refused(s, "no truths", [](State& t) { t.truth[2] = 0; });
  const State d = find(mus::standard_rules(), [](const State& x) {
    return x.phase == Phase::discard && x.discarded >= 1;
  });
  refused(d, "truths of an incomplete hand",
          [&](State& t) { t.truth[static_cast<std::size_t>(speaking(t, 0))] = 1; });
}

TEST_CASE("validate_state refuses impossible signals", "[serialize][validate]") {
  State s = mus_phase();
  refused(s, "signal bit 14", [](State& t) { t.signals[0] = 1U << 14; });
  const auto lie = [](const State& t, int seat) {
    for (int k = 0; k < 14; ++k)
      if (((t.truth[static_cast<std::size_t>(seat)] >> k) & 1U) == 0) return k;
    return -1;
  };
  const int k = lie(s, 3);
  REQUIRE(k >= 0);
  refused(s, "a false signal",
          [&](State& t) { t.signals[3] = static_cast<std::uint16_t>(1U << k); });
  Rules r;
  r.mus_corrido = mus::MusCorrido::match;
  State c = start(r, 0);
  deal(c, deal_a);
  REQUIRE(c.no_signals == 1);
  refused(c, "a signal in a mus corrido hand",
          [](State& t) { t.signals[0] = t.truth[0] & (~t.truth[0] + 1U); });
}

TEST_CASE("validate_state refuses hand counters that do not add up", "[serialize][validate]") {
  const State s = mus_phase();
  refused(s, "hand_in_game > hand_number", [](State& t) { t.hand_in_game = 2; });
  refused(s, "hand_in_game 0 inside a hand", [](State& t) { t.hand_in_game = 0; });
  refused(s, "hand_number 0 with cards dealt", [](State& t) {
    t.hand_number = 0;
    t.hand_in_game = 0;
  });
  refused(s, "a last hand that is not the previous one", [](State& t) { t.last.number = 1; });
  const State b = find(mus::standard_rules(), [](const State& x) {
    return x.phase == Phase::shuffle && x.last.number > 1;
  });
  refused(b, "hand_number ahead of the last hand between hands", [](State& t) { ++t.hand_number; });
}

TEST_CASE("validate_state refuses a new match that is not as new_match() made it",
          "[serialize][validate]") {
  const State s = start(mus::basque_rules(), 2);
  refused(s, "a score before the first deal", [](State& t) { t.scores.points[0] = 1; });
  refused(s, "a summary before the first hand", [](State& t) { t.last.end = mus::HandEnd::count; });
  refused(s, "a signal before the first deal", [](State& t) { t.signals[1] = 1; });
  refused(s, "a lance record before the first deal",
          [](State& t) { t.lances[2].lance = mus::Lance::pares; });
}

TEST_CASE("validate_state refuses a last hand's summary out of range", "[serialize][validate]") {
  const State b = find(mus::standard_rules(), [](const State& x) {
    return x.phase == Phase::shuffle && x.last.number > 0 && x.last.end == mus::HandEnd::count &&
           x.last.game_winner < 0;
  });
  refused(b, "end 7", [](State& t) { t.last.end = static_cast<mus::HandEnd>(7); });
  refused(b, "end none", [](State& t) { t.last.end = mus::HandEnd::none; });
  refused(b, "game winner 2", [](State& t) { t.last.game_winner = 2; });
  refused(b, "lance status 9", [](State& t) {
    t.last.lances[0].status = static_cast<LanceStatus>(9);
    t.lances[0].status = t.last.lances[0].status;
  });
  refused(b, "winner seat 4", [](State& t) {
    t.last.lances[1].winner_seat = 4;
    t.lances[1].winner_seat = 4;
  });
  refused(b, "dealer not before the mano", [](State& t) { t.last.dealer = t.last.mano; });
  refused(b, "this hand's dealer is not the last mano", [](State& t) {
    t.last.mano = static_cast<std::int8_t>((t.last.mano + 1) % 4);
    t.last.dealer = static_cast<std::int8_t>((t.last.mano + 3) % 4);
  });
  refused(b, "points of a lance not counted", [](State& t) {
    t.last.lances[3].counted = 0;
    t.lances[3].counted = 0;
  });
  refused(b, "the hand's lances differ from the summary", [](State& t) {
    t.lances[0].points = static_cast<std::uint16_t>(t.lances[0].points + 1);
  });
}

TEST_CASE("validate_state refuses mus corrido flags that do not fit the hand",
          "[serialize][validate]") {
  const State s = mus_phase();
  refused(s, "corrido 2", [](State& t) { t.corrido = 2; });
  refused(s, "a corrido hand without the variant", [](State& t) {
    t.corrido = 1;
    t.no_signals = 1;
  });
  Rules r;
  r.mus_corrido = mus::MusCorrido::match;
  State c = start(r, 0);
  deal(c, deal_a);
  REQUIRE(c.corrido == 1);
  refused(c, "the first hand of a corrido match without it", [](State& t) {
    t.corrido = 0;
    t.no_signals = 0;
  });
  refused(c, "corrido without no_signals", [](State& t) { t.no_signals = 0; });
}

TEST_CASE("validate_state refuses tío Perete fields that do not fit", "[serialize][validate]") {
  Rules r;
  r.tio_perete = true;
  State p = start(r, 3);  // mano 0
  deal(p, deal_b);
  must(p, Action::cut(0));
  REQUIRE(p.phase == Phase::perete);
  REQUIRE(p.to_act == 0);
  refused(p, "a seat asked out of speaking order", [](State& t) { t.to_act = 1; });
  refused(p, "a declaration by a seat without 4-5-6-7", [](State& t) {
    t.decl.perete_asked = 0b0011;
    t.decl.perete_mask = 0b0010;
    t.to_act = 2;
  });
  refused(p, "declared without being asked", [](State& t) { t.decl.perete_mask = 1; });
  refused(p, "the seat to ask already asked", [](State& t) { t.decl.perete_asked = 1; });
  refused(p, "tío Perete without the variant", [](State& t) { t.rules.tio_perete = false; });
  State q = p;
  must(q, Action::perete(0));
  for (const int seat : {1, 2, 3}) must(q, Action::pass(seat));
  REQUIRE(q.phase == Phase::betting);
  refused(q, "the Perete seat not asked before the lances", [](State& t) {
    t.decl.perete_asked = 0;
    t.decl.perete_mask = 0;
  });
  const State m = mus_phase();
  refused(m, "asked before the cut", [](State& t) { t.decl.perete_asked = 1; });
}

TEST_CASE("validate_state refuses declarations that are not the hands'", "[serialize][validate]") {
  const State q = find(mus::standard_rules(), [](const State& x) {
    return x.phase == Phase::betting && x.lance == mus::Lance::pares && x.decl.pares_mask != 0xF;
  });
  refused(q, "pares declared by a seat without pares", [](State& t) { t.decl.pares_mask = 0xF; });
  refused(q, "juego declared before its time", [](State& t) { t.decl.declared = 3; });
  refused(q, "pares not declared at pares", [](State& t) { t.decl.declared = 0; });
  const State m = mus_phase();
  refused(m, "a declaration in the mus phase", [](State& t) { t.decl.declared = 1; });
  refused(m, "a pares mask in the mus phase", [](State& t) { t.decl.pares_mask = 1; });
}

TEST_CASE("validate_state refuses deje winners that do not fit", "[serialize][validate]") {
  const State o = betting_open_bet();
  refused(o, "deje_winner 2", [](State& t) { t.scores.deje_winner = 2; });
  refused(o, "a deje winner with deje_ends on", [](State& t) { t.scores.deje_winner = 0; });
  Rules r = mus::online_rules();
  State s = start(r, 0);
  deal(s, deal_a);
  must(s, Action::cut(s.to_act));
  refused(s, "a deje winner below the target", [](State& t) { t.scores.deje_winner = 1; });
}

TEST_CASE("validate_state refuses mus and discard counters that do not fit",
          "[serialize][validate]") {
  const State s = mus_phase();
  refused(s, "mus_said 5", [](State& t) { t.mus_said = 5; });
  refused(s, "mus_said 4 in the mus phase", [](State& t) { t.mus_said = 4; });
  refused(s, "discarded 2 outside the discard phase", [](State& t) { t.discarded = 2; });
  const State d =
      find(mus::standard_rules(), [](const State& x) { return x.phase == Phase::discard; });
  refused(d, "mus_said 3 in the discard phase", [](State& t) { t.mus_said = 3; });
  refused(d, "discarded 4 in the discard phase", [](State& t) { t.discarded = 4; });
}

TEST_CASE("validate_state accepts scores past 3 x 999 reached by dejes with deje_ends off",
          "[serialize][validate]") {
  // Dejes score at once; with deje_ends off the hand goes on after the target, and every
  // later refused raise scores too (R26, R29). Team 0 wins four dejes of 997 in one hand.
  Rules r = mus::standard_rules();
  r.deje_ends = false;
  r.target = 999;
  State s = start(r, 0);  // mano 1
  deal(s, deal_a);
  must(s, Action::cut(s.to_act));
  must(s, Action::bet(s.to_act, 10));
  must(s, Action::accept(s.to_act));
  while (s.phase == Phase::betting) must(s, Action::pass(s.to_act));
  REQUIRE(s.hand_number == 1);
  REQUIRE(s.scores.points[0] >= 7);
  deal(s, deal_a);
  must(s, Action::cut(s.to_act));
  int max_seen = 0;
  for (int lance = 0; lance < 4; ++lance) {
    REQUIRE(s.phase == Phase::betting);
    while (mus::team_of(s.to_act) == 0) must(s, Action::pass(s.to_act));
    must(s, Action::bet(s.to_act, 997));  // team 1 bets
    must(s, Action::bet(s.to_act, 2));    // team 0 raises to 999
    while (s.phase == Phase::betting && s.bet.open) must(s, Action::reject(s.to_act));
    CHECK(mus::validate_state(s) == Errc::ok);
    max_seen = std::max<int>(
        max_seen, s.phase == Phase::betting ? s.scores.points[0] : s.last.score_after[0]);
  }
  CHECK(max_seen > 3 * 999);
  CHECK(s.last.end == mus::HandEnd::deje);
  CHECK(s.last.score_after[0] > 3 * 999);
  CHECK(mus::validate_state(s) == Errc::ok);
}

TEST_CASE("validate_state accepts a game of more than 255 hands (hand_in_game saturates)",
          "[serialize][validate]") {
  // With a high target and no bets a game takes hundreds of hands; hand_in_game is a byte
  // that stays at 255, so mus corrido (first hand of each game) never comes back mid-game.
  Rules r = mus::standard_rules();
  r.target = 999;
  r.mus_corrido = mus::MusCorrido::game;
  State s = start(r, 0);
  std::uint64_t seed = 1;
  bool saturated = false;
  while (s.scores.games == std::array<std::uint8_t, 2>{0, 0} && s.hand_number < 600) {
    must(s, Action::shuffle_seed(seed++));
    REQUIRE(s.hand_in_game != 0);
    if (s.hand_number > 255) {
      saturated = saturated || s.hand_in_game == 255;
      CHECK(s.corrido == 0);
    }
    REQUIRE(mus::validate_state(s) == Errc::ok);
    must(s, Action::cut(s.to_act));
    while (s.phase == Phase::betting || s.phase == Phase::perete) {
      REQUIRE(mus::validate_state(s) == Errc::ok);
      must(s, Action::pass(s.to_act));
    }
    REQUIRE(mus::validate_state(s) == Errc::ok);
  }
  CHECK(saturated);
}

TEST_CASE("validate_state: states passing after random byte changes are safe and stay valid",
          "[serialize][validate]") {
  // Bytes flipped at random in valid states: what validate_state() lets through must be
  // usable by every reducer function (the sanitizer builds check for undefined behaviour),
  // and whatever apply() makes of it must pass validate_state() again.
  const long budget = env_long("MUS_SERIALIZE_MUTATIONS", 200000);
  std::mt19937_64 rng(0xBADC0DE);
  std::vector<State> bases;
  for (const auto& r : rule_sets()) {
    Player p(r.rules, rng());
    for (int m = 0; m < 4; ++m)
      p.play_match(
          [&](const State& s) {
            if (rng() % 8 == 0) bases.push_back(s);
          },
          [](const State&, const Action&, const Events&, const State&) {});
  }
  REQUIRE(bases.size() > 100);
  long accepted = 0;
  long failures = 0;
  for (long i = 0; i < budget; ++i) {
    State t = bases[static_cast<std::size_t>(rng() % bases.size())];
    auto* bytes = reinterpret_cast<unsigned char*>(&t);
    const int flips = 1 + static_cast<int>(rng() % 3);
    for (int f = 0; f < flips; ++f) {
      const auto at = static_cast<std::size_t>(rng() % sizeof(State));
      bytes[at] = rng() % 2 ? static_cast<unsigned char>(rng())
                            : static_cast<unsigned char>(bytes[at] ^ (1U << (rng() % 8)));
    }
    if (mus::validate_state(t) != Errc::ok) continue;
    ++accepted;
    for (int seat = 0; seat < 4; ++seat) (void)mus::view_to_text(mus::view_of(t, seat));
    (void)mus::min_bet(t);
    (void)mus::max_bet(t);
    const auto la = mus::legal_actions(t);
    std::vector<Action> tries(la.items.begin(), la.items.begin() + static_cast<long>(la.size));
    Action any;
    any.kind = static_cast<ActionKind>(1 + rng() % 11);
    any.seat = static_cast<std::int8_t>(static_cast<int>(rng() % 5) - 1);
    any.amount = static_cast<std::int32_t>(rng() % 20);
    any.cards = rng() & ((std::uint64_t{1} << 40) - 1);
    tries.push_back(any);
    for (int k = 0; k < 14; ++k)
      tries.push_back(Action::signal(static_cast<int>(rng() % 4), static_cast<Signal>(k)));
    for (const Action& a : tries) {
      State n = t;
      if (mus::apply_in_place(n, a) != Errc::ok) continue;
      if (mus::validate_state(n) != Errc::ok && failures++ < 5) {
        FAIL_CHECK("apply() made an invalid state from an accepted mutant: "
                   << mus::state_to_text(t) << " + " << mus::action_to_text(a));
      }
    }
  }
  std::printf("[mutations] %ld changed states, %ld accepted by validate_state\n", budget, accepted);
  CHECK(failures == 0);
}

TEST_CASE("R28a validate_state refuses a forged showdown", "[serialize][validate][R28a]") {
  // A hand counted with Deal A: its showdown is Deal A itself.
  State b = start();
  deal(b, deal_a);
  must(b, Action::cut(b.to_act));
  while (b.phase == Phase::betting) must(b, Action::pass(b.to_act));
  REQUIRE(b.last.end == mus::HandEnd::count);
  REQUIRE(b.last.shown == deal_a);
  refused(b, "no cards shown after a count", [](State& t) { t.last.shown = mus::no_shown_cards; });
  refused(b, "a shown card id 40", [](State& t) { t.last.shown[5] = 40; });
  refused(b, "one shown slot empty", [](State& t) { t.last.shown[15] = mus::no_card; });
  refused(b, "the same card shown twice", [](State& t) { t.last.shown[1] = t.last.shown[0]; });
  refused(b, "other cards than the hand's: the grande winner's hand changed", [](State& t) {
    // Seat 0 won grande with K K Q 7; give it seat 2's A A 5 K instead.
    for (std::size_t i = 0; i < 4; ++i) std::swap(t.last.shown[i], t.last.shown[8 + i]);
  });
  refused(b, "a card from outside the hands", [](State& t) {
    // Ko (seat 0's grande king) swapped for a 4 nobody held: the grande winner changes.
    t.last.shown[0] = 3;   // 4o
    t.last.shown[1] = 13;  // 4c
  });

  refused(b, "pares played by one team though both teams' shown hands have pares", [](State& t) {
    t.last.lances[2].status = LanceStatus::one_team;
    t.lances[2].status = LanceStatus::one_team;
  });

  // A hand ended by a deje reaching the target (deje_ends, the default) shows no cards.
  Rules r;
  r.target = 1;
  State d = start(r);
  deal(d, deal_a);
  must(d, Action::cut(d.to_act));
  must(d, Action::bet(d.to_act, 2));
  must(d, Action::reject(d.to_act));
  must(d, Action::reject(d.to_act));
  REQUIRE(d.last.end == mus::HandEnd::deje);
  REQUIRE(d.last.shown == mus::no_shown_cards);
  refused(d, "cards shown after a deje ended the hand", [](State& t) { t.last.shown = deal_a; });
}

TEST_CASE("validate_state: one position, one value (a closed bet, the lance outside betting)",
          "[serialize][validate]") {
  State s = start();
  deal(s, deal_a);
  must(s, Action::cut(s.to_act));
  REQUIRE(s.phase == Phase::betting);
  REQUIRE(mus::check_state(s).ok());
  // No bet is open: the betting state is BetState{}, so a leftover team or stake is refused.
  State t = s;
  t.bet.team = 1;
  CHECK(mus::validate_state(t) == Errc::invalid_state);
  const mus::Error e = mus::check_state(t);
  CHECK(e.code == Errc::invalid_state);
  CHECK(e.message == "invalid state: the betting of the lance (R24-R27, R25a)");
  t = s;
  t.bet.stake_before = 1;
  CHECK(mus::validate_state(t) == Errc::invalid_state);
  // Between hands every part of the hand is cleared: a leftover lance, bet or signal is refused.
  State b = start();
  deal(b, deal_a);
  must(b, Action::cut(b.to_act));
  while (b.phase == Phase::betting) must(b, Action::pass(b.to_act));
  REQUIRE(b.phase == Phase::shuffle);
  REQUIRE(mus::validate_state(b) == Errc::ok);
  CHECK(b.lance == mus::Lance::grande);
  CHECK(b.lance_index == 0);
  for (const auto& edit : std::initializer_list<std::function<void(State&)>>{
           [](State& x) { x.lance_index = 3; }, [](State& x) { x.bet.proposed = 2; },
           [](State& x) { x.decl.declared = 3; }, [](State& x) { x.scores.deje_winner = 0; }}) {
    State x = b;
    edit(x);
    CHECK(mus::validate_state(x) == Errc::invalid_state);
    CHECK(mus::check_state(x).message.substr(0, 14) == "invalid state:");
  }
}
