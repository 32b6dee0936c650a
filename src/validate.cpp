// validate_state(): the structural check of a state read from outside (a C blob, a text), as a
// list of small named checks; and view_refusal(), the same for a seat view (view_from_text(),
// state_from_view()), whose checks share the state's predicates wherever a view holds what they
// check. Neither states a rule of its own: wherever they check what the reducer does, they call
// the reducer's predicates in reducer.hpp.
//
// Every check is a comparison or a table lookup over the fixed-size fields: no allocation, no
// loop longer than the deck. The checks run in order, and each may rely on the ones before it
// (e.g. card ids are in range before hands are evaluated).
#include <algorithm>
#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "reducer.hpp"

namespace mus {
namespace detail {
namespace {

// The raw byte of a one-byte field (bool, enum) as stored, whatever the bytes say.
template <class T>
int byte(const T& field) {
  static_assert(sizeof(T) == 1);
  return static_cast<int>(*reinterpret_cast<const unsigned char*>(&field));
}
constexpr std::size_t idx(int i) { return static_cast<std::size_t>(i); }

// Where a state stands, from its phase. "Between" hands: a new hand's shuffle is due, or the
// match is over; the cards are gathered. Every other phase is inside a hand.
struct Where {
  bool over = false;     // the match is over
  bool refill = false;   // a stock refill's shuffle is due (R15)
  bool between = false;  // between hands
  bool dealing = false;  // before the cut: mus, discard, or a refill
};

Where where(const State& s) {
  Where w;
  w.over = s.phase == Phase::match_over;
  w.refill = s.refill_due();
  w.between = w.over || (s.phase == Phase::shuffle && !w.refill);
  w.dealing = s.phase == Phase::mus || s.phase == Phase::discard || w.refill;
  return w;
}

// A refusal of validate_state(), named by what failed.
constexpr Refusal bad(std::string_view why) { return Refusal{Errc::invalid_state, why}; }

// --- the ranges the reducer indexes with ----------------------------------------------------

constexpr Refusal out_of_bounds = bad("invalid state: a field out of the range the reducer indexes with");

// A seat, or -1.
bool seat_or_none(int v) { return in_range(v, -1, seats - 1); }
// A team, or -1.
bool team_or_none(int v) { return in_range(v, -1, 1); }

}  // namespace

// Every field the reducer uses as an index, a shift or a table key is within its range: the
// rules, the phase, the seats, the lance and its index, the cards, the stock bounds, the teams
// of the bet, the scores and the lance records. Cheap (no evaluation), so a checked build runs
// it on every apply_in_place(); validate_state() runs it first.
bool state_in_bounds(const State& s) noexcept {
  if (s.magic != state_magic || !validate(s.rules).ok()) return false;
  if (!in_range(byte(s.phase), 1, 6) || !seat_or_none(s.to_act) || s.mano >= seats ||
      s.dealer >= seats || s.lance_index > 3 || byte(s.lance) > 4)
    return false;
  const DeckState& d = s.deck;
  if (d.stock_pos > d.stock_end || d.stock_end > deck_size || (d.pile >> deck_size) != 0) return false;
  if (d.refill_pos != no_refill && d.refill_pos >= seats) return false;
  for (const std::uint8_t n : d.need)
    if (n > hand_size) return false;
  for (const std::uint8_t id : d.hands)
    if (id >= deck_size && id != no_card) return false;
  for (int i = d.stock_pos; i < d.stock_end; ++i)  // the live stock (the rest is never read)
    if (d.stock[idx(i)] >= deck_size) return false;
  const BetState& b = s.bet;
  if (b.open > 1 || !team_or_none(b.team) || (b.open && b.team < 0) ||
      !seat_or_none(b.answer_first) || !seat_or_none(b.answer_second))
    return false;
  if (!team_or_none(s.scores.deje_winner) || !team_or_none(s.scores.match_winner)) return false;
  for (const LanceRecord& r : s.lances)
    if (byte(r.lance) > 4 || byte(r.status) > 6 || !team_or_none(r.bet_team) ||
        !team_or_none(r.winner_team) || !seat_or_none(r.winner_seat))
      return false;
  return true;
}

namespace {

// --- the tag, the rules, reserved bytes ------------------------------------------------------

constexpr Refusal bad_tag = bad("invalid state: the tag, the rules or a reserved byte");

bool tag_and_rules_ok(const State& s) {
  if (s.magic != state_magic) return false;
  if (byte(s.rules.zero_discard) > 1 || byte(s.rules.deje_ends) > 1 ||
      byte(s.rules.tio_perete) > 1 || byte(s.rules.answers) > 1)
    return false;
  for (const std::uint8_t b : s.rules.reserved_signals)
    if (b != 0) return false;
  if (!validate(s.rules).ok()) return false;
  return s.reserved0 == 0 && s.reserved1 == 0 && s.reserved2 == 0 && s.reserved3 == 0 &&
         s.deck.reserved == 0 && s.decl.reserved == 0 && s.bet.reserved == 0;
}

// --- phase, seats, match winner --------------------------------------------------------------

constexpr Refusal bad_turn = bad("invalid state: the phase, the deal or the seat to act (R8)");

// R8, state and view alike: a phase, no seat to act while chance deals or once the match is
// over (it has a winner exactly then) and a seat in every other phase, the dealer before the
// mano, and replacements dealt (refill_pos) only in a shuffle.
bool turn_fits(int phase, int to_act, int mano, int dealer, int match_winner, int refill_pos) {
  if (!in_range(phase, 1, 6)) return false;
  if (!in_range(mano, 0, seats - 1) || dealer != dealer_of(mano)) return false;
  const auto p = static_cast<Phase>(phase);
  if (refill_pos != no_refill && (p != Phase::shuffle || refill_pos >= seats)) return false;
  const bool over = p == Phase::match_over;
  const bool chance = p == Phase::shuffle || over;
  if (chance ? to_act != -1 : !in_range(to_act, 0, seats - 1)) return false;
  return in_range(match_winner, -1, 1) && over == (match_winner >= 0);
}

bool turn_ok(const State& s) {
  return turn_fits(byte(s.phase), s.to_act, s.mano, s.dealer, s.scores.match_winner,
                   s.deck.refill_pos);
}

// --- scores, games, vacas (R29, R30) ---------------------------------------------------------

constexpr Refusal bad_scores = bad("invalid state: the scores, games or vacas (R29, R30)");

bool scores_ok(const State& s, const Where& w) {
  const Rules& rules = s.rules;
  const int target = rules.target;
  for (int t = 0; t < 2; ++t) {
    const auto i = idx(t);
    if (!in_range(s.scores.points[i], 0, max_score)) return false;
    if (!in_range(s.scores.hand_start[i], 0, target - 1)) return false;
    if (s.scores.games[i] >= rules.games_per_vaca) return false;
    if (s.scores.vacas[i] > rules.vacas ||
        (s.scores.vacas[i] == rules.vacas) != (s.scores.match_winner == t))
      return false;
    if (w.between && s.scores.points[i] >= target) return false;
    if (w.over && (s.scores.points[i] != 0 || s.scores.games[i] != 0)) return false;
    if (w.dealing && s.scores.points[i] != s.scores.hand_start[i]) return false;  // before the cut
    if (s.scores.points[i] < s.scores.hand_start[i] && !w.between) return false;  // points add up
  }
  if (!in_range(s.scores.deje_winner, -1, 1)) return false;
  if (w.between) return true;
  // deje_winner is set only with deje_ends off, by a deje that reached the target (R29).
  if (s.scores.deje_winner >= 0 && (rules.deje_ends || w.dealing)) return false;
  for (int t = 0; t < 2; ++t)
    if (s.scores.points[idx(t)] >= target && s.scores.deje_winner < 0) return false;
  return s.scores.deje_winner < 0 || s.scores.points[idx(s.scores.deje_winner)] >= target;
}

// --- lance records: ranges, names by position ------------------------------------------------

constexpr Refusal bad_records = bad("invalid state: a lance record out of range");

// A record in range and named as its position says (index 3: juego or punto).
bool record_ok(const LanceRecord& r, int position) {
  const bool named = position < 3 ? byte(r.lance) == position
                                  : (r.lance == Lance::juego || r.lance == Lance::punto);
  return named && record_in_range(r);
}

bool records_ok(const State& s) {
  for (int j = 0; j < 4; ++j) {
    if (!record_ok(s.lances[idx(j)], j)) return false;
    if (s.last.number != 0 && !record_ok(s.last.lances[idx(j)], j)) return false;
  }
  return true;
}

// --- the hand counters and the last hand's summary (R10, R28, R29) --------------------------

constexpr Refusal bad_new_match = bad("invalid state: no hand dealt, yet not a new match");
constexpr Refusal bad_last = bad("invalid state: the hand counters or the last hand's summary");

bool last_hand_ok(const State& s, const Where& w) {
  const HandSummary& last = s.last;
  const int target = s.rules.target;
  if (s.hand_in_game > s.hand_number) return false;
  // hand_in_game saturates at 255 (a uint8_t): during a hand it is at least 1.
  if (!w.between && s.hand_in_game == 0) return false;
  if (last.number != (w.between ? s.hand_number : s.hand_number - 1)) return false;
  if (last.number == 0) {  // the first hand: it started from 0 to 0
    return last == HandSummary{} && s.scores.hand_start[0] == 0 && s.scores.hand_start[1] == 0;
  }
  if (!in_range(last.mano, 0, seats - 1) || last.dealer != dealer_of(last.mano)) return false;
  if (!in_range(byte(last.end), 1, 3) || !in_range(last.game_winner, -1, 1)) return false;
  const bool by_count = last.end == HandEnd::count;
  if (!by_count && last.game_winner < 0) return false;
  for (int t = 0; t < 2; ++t) {
    const auto i = idx(t);
    if (!in_range(last.score_before[i], 0, target - 1) ||
        !in_range(last.score_after[i], 0, max_score) || last.score_after[i] < last.score_before[i])
      return false;
    // The count stops the moment a team reaches the target (R29); a deje or tío Perete point
    // ends the game when it gets there (with deje_ends off the other team may get there too
    // before the hand ends); an órdago wins whatever the scores.
    const bool reached = last.score_after[i] >= target;
    if (by_count && reached != (last.game_winner == t)) return false;
    if (last.end == HandEnd::deje && last.game_winner == t && !reached) return false;
    // What the next hand starts from: the scores carry on unless a game was won.
    const int carried = last.game_winner >= 0 ? 0 : last.score_after[i];
    if ((w.between ? s.scores.points[i] : s.scores.hand_start[i]) != carried) return false;
  }
  // The mano deals next (R10), unless a mus corrido cut moved the mano in this hand (R31).
  if ((w.between || !s.no_signals) && s.dealer != last.mano) return false;
  if (w.between && !(s.lances == last.lances)) return false;
  // What was counted: only at a count, and only a lance with a winner.
  for (const LanceRecord& r : last.lances)
    if (r.counted ? (last.end != HandEnd::count || r.winner_team < 0) : r.points != 0) return false;
  return true;
}

// --- the showdown (R28a) ---------------------------------------------------------------------

constexpr Refusal bad_shown = bad("invalid state: the cards shown by the last hand (R28a)");

// The last hand's four hands exactly when it reached the count or an accepted órdago, else none.
// Shown cards are determined by the hand: sixteen distinct cards whose evaluation gives every
// winner, every tantos and the fourth lance recorded.
// R1: cards ids of the deck, no card twice (no_card slots skipped when `empty` allows them).
template <std::size_t N>
bool distinct_cards(const std::array<std::uint8_t, N>& ids, bool empty) {
  std::uint64_t seen = 0;
  for (const std::uint8_t id : ids) {
    if (empty && id == no_card) continue;
    if (id >= deck_size || ((seen >> id) & 1U) != 0) return false;
    seen |= std::uint64_t{1} << id;
  }
  return true;
}

bool showdown_ok(const State& s) {
  const HandSummary& last = s.last;
  if (last.number == 0 || !shows_cards(s.rules, last.end)) return last.shown == no_shown_cards;
  if (!distinct_cards(last.shown, false)) return false;
  TableEval t{};
  for (int seat = 0; seat < seats; ++seat) {
    std::array<Card, hand_size> cards{};
    for (int i = 0; i < hand_size; ++i)
      cards[idx(i)] = Card::from_id_unchecked(last.shown[idx(seat * 4 + i)]);
    t[idx(seat)] = evaluate(Hand::from_cards_unchecked(cards), s.rules);
  }
  if (last.lances[3].status != LanceStatus::pending &&
      last.lances[3].lance != fourth_lance(holders(t, Lance::juego)))
    return false;
  for (const LanceRecord& r : last.lances) {
    if (r.status == LanceStatus::pending) continue;
    if (r.lance == Lance::pares || r.lance == Lance::juego) {  // who held them (R23)
      const std::uint8_t m = holders(t, r.lance);
      if (!status_fits_teams(r.status, team_in(m, 0), team_in(m, 1))) return false;
    }
    if (r.winner_seat >= 0 && r.winner_seat != lance_winner(t, r.lance, last.mano)) return false;
    if (r.counted && r.winner_team >= 0 && (r.lance == Lance::pares || r.lance == Lance::juego) &&
        r.tantos != hand_tantos(t[idx(r.winner_team)], r.lance) +
                        hand_tantos(t[idx(r.winner_team + 2)], r.lance))
      return false;
  }
  return true;
}

// --- the lance being bet ---------------------------------------------------------------------

constexpr Refusal bad_lance = bad("invalid state: the lance or its index");

// 0..3 while betting (index 3: juego or punto); grande, index 0, in every other phase.
bool lance_ok(const State& s) {
  if (s.phase != Phase::betting) return s.lance_index == 0 && s.lance == Lance::grande;
  if (s.lance_index > 3) return false;
  return s.lance_index < 3 ? byte(s.lance) == s.lance_index
                           : (s.lance == Lance::juego || s.lance == Lance::punto);
}

// --- cards (R11, R14, R15) -------------------------------------------------------------------

constexpr Refusal bad_cards = bad("invalid state: the cards (every card exactly once, R1, R15)");

// Every card exactly once across hands, live stock and pile.
bool cards_ok(const State& s) {
  std::uint64_t seen = 0;
  int count = 0;
  const auto take = [&](std::uint8_t id) {
    if (id >= deck_size) return false;
    const std::uint64_t bit = std::uint64_t{1} << id;
    if (seen & bit) return false;
    seen |= bit;
    ++count;
    return true;
  };
  for (const std::uint8_t id : s.deck.hands)
    if (id != no_card && !take(id)) return false;
  if (s.deck.stock_pos > s.deck.stock_end || s.deck.stock_end > deck_size) return false;
  for (int i = s.deck.stock_pos; i < s.deck.stock_end; ++i)
    if (!take(s.deck.stock[idx(i)])) return false;
  if ((s.deck.pile >> deck_size) != 0 || (seen & s.deck.pile) != 0) return false;
  return count + std::popcount(s.deck.pile) == deck_size;
}

constexpr Refusal bad_owed = bad("invalid state: the replacement cards owed (R14, R15)");

// Empty slots only while replacements are owed: their number is what the seat is owed.
// Discards and replacements go in speaking order.
// R14, R15, state and view alike: whether the seat that speaks k-th may be owed cards now: it
// discarded in this discard phase, or it was not served yet while replacements are dealt.
bool may_be_owed(Phase phase, bool refill, int discarded, int refill_pos, int k) {
  if (phase == Phase::discard) return k < discarded;
  return refill && k >= refill_pos;
}

bool replacements_ok(const State& s, const Where& w) {
  for (int k = 0; k < seats; ++k) {
    const int seat = speaking_seat(s, k);
    const int need = s.deck.need[idx(seat)];
    if (need != empty_slots(s, seat)) return false;
    const bool owed = may_be_owed(s.phase, w.refill, s.discarded, s.deck.refill_pos, k);
    if (!owed && need != 0) return false;
    if (owed && need == 0 && !s.rules.zero_discard) return false;
  }
  if (!w.refill) return true;
  // The seat to serve could not be served from the stock.
  const int seat = speaking_seat(s, s.deck.refill_pos);
  return s.deck.need[idx(seat)] > s.deck.stock_end - s.deck.stock_pos;
}

// --- signals and their cache (R31, R33, R33a) ------------------------------------------------

constexpr Refusal bad_signals = bad("invalid state: the signals or their cache (R31, R33, R33a)");

bool signals_ok(const State& s) {
  for (int seat = 0; seat < seats; ++seat) {
    const auto i = idx(seat);
    const std::uint16_t truth = truth_of(s, seat);
    if (s.truth[i] != truth) return false;
    if ((s.signals[i] >> signal_count) != 0) return false;
    if (s.no_signals && s.signals[i] != 0) return false;
    if ((s.signals[i] & ~truth) != 0) return false;  // only true signals (R33)
    if ((s.signals[i] & ~signal_set_mask(s.rules.signals)) != 0) return false;  // the set (R33a)
  }
  return true;
}

// --- the mus talk, the discards, mus corrido (R13, R14, R31) --------------------------------

constexpr Refusal bad_mus = bad("invalid state: the mus talk or the discards (R13, R14, R31)");

// R13, R14, state and view alike, inside a hand: at most four seats said mus and discarded; the
// discards (and replacements) come exactly after four mus, the seat to act is the next to
// speak, and a discard phase's count is the seats that discarded so far.
bool talk_fits(Phase phase, bool refill, int mus_said, int discarded, int to_act, int mano) {
  const auto speaking = [mano](int k) { return (mano + k) % seats; };
  if (mus_said > 4 || (discarded != 0 && discarded != 4 && phase != Phase::discard)) return false;
  if ((phase == Phase::discard || refill) != (mus_said == 4)) return false;
  if (phase == Phase::mus && to_act != speaking(mus_said)) return false;
  if (phase == Phase::discard && (discarded > 3 || to_act != speaking(discarded))) return false;
  return !refill || discarded == 4;
}

bool mus_round_ok(const State& s, const Where& w) {
  if (s.corrido > 1 || s.no_signals > 1) return false;
  if (!talk_fits(s.phase, w.refill, s.mus_said, s.discarded, s.to_act, s.mano)) return false;
  // The deal decided whether this hand is a mus corrido hand (R31).
  if (!w.between && s.no_signals != (is_corrido_hand(s.rules, s.hand_number, s.hand_in_game) ? 1 : 0))
    return false;
  const bool first_round = s.phase == Phase::mus && s.discarded == 0;
  return s.corrido == (first_round ? s.no_signals : 0);
}

// --- tío Perete (R32) ------------------------------------------------------------------------

constexpr Refusal bad_perete = bad("invalid state: the tio Perete declarations (R32)");

bool perete_ok(const State& s, const Where& w) {
  if (s.decl.perete_asked > 0xF || (s.decl.perete_mask & ~s.decl.perete_asked) != 0) return false;
  if (s.decl.perete_asked != 0 && !s.rules.tio_perete) return false;
  if (w.dealing && s.decl.perete_asked != 0) return false;
  if (s.phase != Phase::perete && s.phase != Phase::betting) return true;
  // With the variant every seat is asked in speaking order, each once, before the lances; only
  // a seat holding 4-5-6-7 can have declared.
  if (s.phase == Phase::perete && !s.rules.tio_perete) return false;
  const int turn = s.phase == Phase::perete ? speaking_index(s, s.to_act) : seats;
  for (int k = 0; k < seats; ++k) {
    const int seat = speaking_seat(s, k);
    const bool asked = ((s.decl.perete_asked >> seat) & 1U) != 0;
    if (asked != (s.rules.tio_perete && k < turn)) return false;
    if (((s.decl.perete_mask >> seat) & 1U) != 0 && !is_perete_hand(s, seat)) return false;
  }
  return true;
}

// --- declarations (R20, R22) -----------------------------------------------------------------

constexpr Refusal bad_declared = bad("invalid state: the pares and juego declarations (R20, R22)");

bool declarations_ok(const State& s) {
  if (s.decl.pares_mask > 0xF || s.decl.juego_mask > 0xF) return false;
  const std::uint8_t declared = declared_bits(s.phase, s.lance_index);
  if (s.decl.declared != declared) return false;
  std::uint8_t pares = 0;
  std::uint8_t juego = 0;
  if (declared != 0) {
    const TableEval t = table_eval(s);
    pares = holders(t, Lance::pares);
    juego = holders(t, Lance::juego);
  }
  if (s.decl.pares_mask != ((declared & 1) ? pares : 0)) return false;
  if (s.decl.juego_mask != ((declared & 2) ? juego : 0)) return false;
  // Punto is played instead of juego exactly when nobody has juego (R20).
  return declared != 3 || s.lance == fourth_lance(s.decl.juego_mask);
}

// --- this hand's lances (R23-R27) ------------------------------------------------------------

constexpr Refusal bad_played = bad("invalid state: this hand's lance records (R23-R27)");

bool hand_lances_ok(const State& s) {
  const bool betting = s.phase == Phase::betting;
  for (int j = 0; j < 4; ++j) {
    const LanceRecord& r = s.lances[idx(j)];
    if (!betting || j > s.lance_index) {  // not reached yet
      if (!(r == unplayed_lances[idx(j)])) return false;
      continue;
    }
    if (j == s.lance_index) {  // being bet: fresh, named as the lance
      LanceRecord fresh;
      fresh.lance = s.lance;
      if (!(r == fresh)) return false;
      continue;
    }
    // A lance already played in this hand (j < 3): how it went, before the count.
    if (r.winner_seat != -1 || r.tantos != 0 || r.counted != 0 || r.points != 0) return false;
    const std::uint8_t m = eligible_mask(static_cast<Lance>(j), s.decl);
    const bool team0 = team_in(m, 0);
    const bool team1 = team_in(m, 1);
    if (r.status == LanceStatus::pending || r.status == LanceStatus::ordago) return false;
    if (!status_fits_teams(r.status, team0, team1)) return false;
    switch (r.status) {
      case LanceStatus::one_team:
        if (r.winner_team != (team0 ? 0 : 1) || r.bet_team != -1 || r.stake != 0) return false;
        break;
      case LanceStatus::accepted:  // an órdago accepted ends the hand at once
        if (r.bet_team < 0 || r.winner_team != -1 || r.stake < min_opening_bet) return false;
        break;
      case LanceStatus::refused:
        if (r.bet_team < 0 || r.winner_team != r.bet_team || r.stake < first_deje) return false;
        break;
      default:  // skipped, en paso
        if (r.bet_team != -1 || r.winner_team != -1 || r.stake != 0) return false;
        break;
    }
  }
  return true;
}

// --- the betting of the lance (R24-R27, R25a) ------------------------------------------------

constexpr Refusal bad_bet = bad("invalid state: the betting of the lance (R24-R27, R25a)");

bool bet_ok(const State& s) {
  const BetState& b = s.bet;
  if (b.open == 0) return b == BetState{} && (s.phase != Phase::betting || eligible(s, s.to_act));
  if (b.open > 1 || b.ordago > 1 || b.answer_stage > 1 || s.phase != Phase::betting) return false;
  if (!in_range(b.team, 0, 1) || b.stake_before > max_stake || b.proposed > max_stake) return false;
  if (!proposal_fits(b.proposal, b.proposal_amount, b.proposed, b.ordago != 0, s.rules.min_raise))
    return false;
  // Under answers=proposal the partner speaks exactly after a proposal; otherwise never is
  // there one.
  const bool proposing = s.rules.answers == Answers::proposal;
  if ((b.proposal != proposal_none) != (proposing && b.answer_stage == 1)) return false;
  // The opposing team answers: its first eligible seat, then the partner if eligible.
  const int first = b.answer_first;
  if (!in_range(first, 0, seats - 1) || team_of(first) == b.team || !eligible(s, first))
    return false;
  if (b.answer_second != second_answerer(s, first)) return false;
  if (b.answer_stage == 1 && b.answer_second < 0) return false;
  if (s.to_act != (b.answer_stage == 0 ? first : b.answer_second)) return false;
  if (b.ordago)  // stake_before is what stood before the órdago (1 if nothing)
    return b.proposed != 1 && b.stake_before == (b.proposed == 0 ? first_deje : b.proposed);
  return b.proposed >= min_opening_bet && b.stake_before >= first_deje &&
         b.stake_before < b.proposed;
}

constexpr Refusal bad_unbet = bad("invalid state: a lance bet though one team cannot play it (R23)");

// A lance is bet only when both teams take part in it, else it is settled at once (R23).
bool betting_lance_ok(const State& s) {
  if (s.phase != Phase::betting) return true;
  const std::uint8_t m = eligible_mask(s);
  return team_in(m, 0) && team_in(m, 1);
}

// --- between hands ---------------------------------------------------------------------------

constexpr Refusal bad_between =
    bad("invalid state: between hands, a part of the last hand was not cleared");

// Between hands every part of a hand has its one value (clear_hand()).
bool cleared_ok(const State& s) {
  State c = s;
  clear_hand(c);
  return c == s;
}

// --- seat views (view_from_text(), state_from_view()) ----------------------------------------

// The values view_of() can give: the ranges the builder of a state behind a view reads, and the
// rules above wherever a view holds what they check (the same predicates). A view holds no
// rules, so what the rules bound is checked against RulesLimits; state_from_view() checks the
// rest on the state it builds (validate_state()).

constexpr Refusal bad_view(std::string_view why) { return Refusal{Errc::invalid_state, why}; }

constexpr Refusal bad_view_turn = bad_view(
    "not a seat view this library produced: the seat, the phase, the deal or the seat to act "
    "(R8)");

bool view_turn_ok(const SeatView& v) {
  if (!in_range(v.seat, 0, seats - 1)) return false;
  if (!turn_fits(byte(v.phase), v.to_act, v.mano, v.dealer, v.match_winner, v.refill_pos))
    return false;
  // The lance being bet, grande outside the lances (index 3: juego or punto).
  return v.phase == Phase::betting ? in_range(byte(v.lance), 0, 4) : v.lance == Lance::grande;
}

constexpr Refusal bad_view_cards = bad_view(
    "not a seat view this library produced: the seat's cards or the stock and pile sizes (R1, "
    "R15)");

bool view_cards_ok(const SeatView& v) {
  if (!distinct_cards(v.hand, true)) return false;
  int own = 0;
  for (const std::uint8_t id : v.hand) own += id == no_card ? 0 : 1;
  return v.stock_count <= deck_size && v.pile_count <= deck_size &&
         own + v.stock_count + v.pile_count <= deck_size;
}

constexpr Refusal bad_view_scores =
    bad_view("not a seat view this library produced: the scores, games or vacas (R29, R30)");

bool view_scores_ok(const SeatView& v) {
  for (int t = 0; t < 2; ++t) {
    const auto i = idx(t);
    if (!in_range(v.score[i], 0, max_score)) return false;
    if (v.games[i] >= RulesLimits::max_games_per_vaca || v.vacas[i] > RulesLimits::max_vacas)
      return false;
  }
  return in_range(v.deje_winner, -1, 1);
}

constexpr Refusal bad_view_declared = bad_view(
    "not a seat view this library produced: the pares, juego or tio Perete declarations (R22, "
    "R32)");

// Made as the lances reach pares and juego, each mask only once made.
bool view_declarations_ok(const SeatView& v) {
  const int lance_index = std::min(static_cast<int>(v.lance), 3);
  if (v.declared != declared_bits(v.phase, lance_index)) return false;
  return v.pares_mask <= ((v.declared & 1U) != 0 ? 0xF : 0) &&
         v.juego_mask <= ((v.declared & 2U) != 0 ? 0xF : 0) && v.perete_mask <= 0xF;
}

constexpr Refusal bad_view_signals =
    bad_view("not a seat view this library produced: a signal out of the catalogue (R33)");

bool view_signals_ok(const SeatView& v) {
  for (const std::uint16_t m : v.signals)
    if ((m >> signal_count) != 0) return false;
  return true;
}

constexpr Refusal bad_view_bet = bad_view(
    "not a seat view this library produced: the open bet or its answerers (R24-R27, R25a)");

// None (every field at its default), or a team's bet in a lance, answered by a seat of the other
// team (the seat to act or its partner) and by any pending proposal of that seat (R25a; the
// rules' min_raise is at least 1).
bool view_bet_ok(const SeatView& v) {
  if (v.bet_open == 0)
    return v.is_ordago == 0 && v.bet_team == -1 && v.stake_before == 0 && v.proposed == 0 &&
           v.proposal == proposal_none && v.proposer == -1 && v.proposal_amount == 0 &&
           v.answer_first == -1;
  if (v.bet_open > 1 || v.is_ordago > 1 || v.phase != Phase::betting || !in_range(v.bet_team, 0, 1))
    return false;
  if (v.stake_before > max_stake || v.proposed > max_stake) return false;
  if (!proposal_fits(v.proposal, v.proposal_amount, v.proposed, v.is_ordago != 0, 1)) return false;
  const int first = v.answer_first;
  if (!in_range(first, 0, seats - 1) || team_of(first) == v.bet_team) return false;
  if (v.to_act != first && v.to_act != partner(first)) return false;
  return v.proposal == proposal_none ? v.proposer == -1 : v.proposer == first;
}

constexpr Refusal bad_view_records =
    bad_view("not a seat view this library produced: a lance record (R23-R28)");

// In range, and the pares lance played as the declared holders allow (R23).
bool view_records_ok(const SeatView& v) {
  for (const LanceRecord& r : v.lances)
    if (!record_in_range(r)) return false;
  return (v.declared & 1U) == 0 ||
         status_fits_teams(v.lances[2].status, team_in(v.pares_mask, 0), team_in(v.pares_mask, 1));
}

constexpr Refusal bad_view_last = bad_view(
    "not a seat view this library produced: the hand counters or the last hand's summary (R10, "
    "R28a, R29)");

bool view_last_ok(const SeatView& v) {
  const HandSummary& h = v.last;
  const bool between = v.phase == Phase::match_over || (v.phase == Phase::shuffle && v.refill_pos == no_refill);
  if (v.hand_in_game > v.hand_number || (!between && v.hand_in_game == 0)) return false;
  if (h.number > v.hand_number || !in_range(byte(h.end), 0, 3) || !in_range(h.game_winner, -1, 1))
    return false;
  if (h.number == 0 ? (h.dealer != -1 || h.mano != -1 || h.end != HandEnd::none)
                    : (!in_range(h.mano, 0, seats - 1) || h.dealer != dealer_of(h.mano) ||
                       h.end == HandEnd::none))
    return false;
  for (int t = 0; t < 2; ++t)
    if (!in_range(h.score_before[idx(t)], 0, max_score) ||
        !in_range(h.score_after[idx(t)], 0, max_score))
      return false;
  for (const LanceRecord& r : h.lances)
    if (!record_in_range(r)) return false;
  // The showdown (R28a): none, or sixteen distinct cards of a hand that ended.
  return h.shown == no_shown_cards || (h.end != HandEnd::none && distinct_cards(h.shown, false));
}

constexpr Refusal bad_view_talk = bad_view(
    "not a seat view this library produced: the mus talk, the discards or the cards owed (R13, "
    "R14, R15)");

// Between hands every counter of a hand at its cleared value; inside one the talk and the
// cards owed as the state's checks say, the seat's own empty slots being what it is owed.
bool view_talk_ok(const SeatView& v) {
  const bool refill = v.phase == Phase::shuffle && v.refill_pos != no_refill;
  const bool between = v.phase == Phase::match_over || (v.phase == Phase::shuffle && !refill);
  if (between)
    return v.mus_said == 0 && v.discarded == 0 && v.need == std::array<std::uint8_t, 4>{} &&
           v.answer_first == -1 && v.deje_winner == -1;
  if (!talk_fits(v.phase, refill, v.mus_said, v.discarded, v.to_act, v.mano)) return false;
  int empty = 0;
  for (const std::uint8_t id : v.hand) empty += id == no_card ? 1 : 0;
  if (v.need[idx(v.seat)] != empty) return false;
  for (int k = 0; k < seats; ++k) {
    const std::uint8_t n = v.need[idx((v.mano + k) % seats)];
    if (n > hand_size ||
        (n != 0 && !may_be_owed(v.phase, refill, v.discarded, v.refill_pos, k)))
      return false;
  }
  return true;
}

}  // namespace

Verdict state_refusal(const State& s) noexcept {
  if (!state_in_bounds(s)) return &out_of_bounds;
  if (!tag_and_rules_ok(s)) return &bad_tag;
  const Where w = where(s);
  if (!turn_ok(s)) return &bad_turn;
  if (!scores_ok(s, w)) return &bad_scores;
  if (s.hand_number == 0) {  // nothing dealt yet: exactly what new_match() made
    const Result<State> fresh = new_match(s.rules, s.dealer);
    return fresh.ok() && s == *fresh ? accepted : &bad_new_match;
  }
  if (!records_ok(s)) return &bad_records;
  if (!last_hand_ok(s, w)) return &bad_last;
  if (!showdown_ok(s)) return &bad_shown;
  if (!lance_ok(s)) return &bad_lance;
  if (!cards_ok(s)) return &bad_cards;
  if (w.between) return cleared_ok(s) ? accepted : &bad_between;
  if (!replacements_ok(s, w)) return &bad_owed;
  if (!signals_ok(s)) return &bad_signals;
  if (!mus_round_ok(s, w)) return &bad_mus;
  if (!perete_ok(s, w)) return &bad_perete;
  if (!declarations_ok(s)) return &bad_declared;
  if (!hand_lances_ok(s)) return &bad_played;
  if (!betting_lance_ok(s)) return &bad_unbet;
  if (!bet_ok(s)) return &bad_bet;
  return accepted;
}

Verdict view_refusal(const SeatView& v) noexcept {
  if (!view_turn_ok(v)) return &bad_view_turn;
  if (!view_cards_ok(v)) return &bad_view_cards;
  if (!view_scores_ok(v)) return &bad_view_scores;
  if (!view_declarations_ok(v)) return &bad_view_declared;
  if (!view_signals_ok(v)) return &bad_view_signals;
  if (!view_bet_ok(v)) return &bad_view_bet;
  if (!view_records_ok(v)) return &bad_view_records;
  if (!view_last_ok(v)) return &bad_view_last;
  if (!view_talk_ok(v)) return &bad_view_talk;
  return accepted;
}

}  // namespace detail

Errc validate_state(const State& s) noexcept {
  return detail::state_refusal(s) == detail::accepted ? Errc::ok : Errc::invalid_state;
}

Error check_state(const State& s) noexcept {
  const detail::Verdict v = detail::state_refusal(s);
  return v == detail::accepted ? Error{} : Error{v->code, v->why, -1};
}

}  // namespace mus
