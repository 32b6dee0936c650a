// validate_state(): the structural check of a state read from outside (a C blob, a text). It
// states no rule of its own: wherever it checks what the reducer does, it calls the reducer's
// predicates in reducer.hpp.
#include <array>
#include <bit>
#include <cstdint>

#include "reducer.hpp"

namespace mus {

using namespace detail;  // NOLINT(google-build-using-namespace): the shared predicates

Errc validate_state(const State& s) noexcept {
  // Every check is a comparison or a table lookup over the fixed-size fields: no allocation,
  // no loop longer than the deck. The order matters only in that each check may rely on the
  // ones before it (e.g. card ids are in range before hands are evaluated). A state between
  // two hands ("between": a new hand's shuffle is due, or the match is over) has its cards
  // gathered; every other phase is inside a hand.
  constexpr Errc bad = Errc::invalid_state;
  // A game score passes the target only inside the hand that wins the game, and only by the
  // points of that hand: at most target-1 + 4 dejes of at most 998 (deje_ends off) + 2 tío
  // Perete points = 4992 < 5 * 999 (the count alone stops at target-1 + 1005).
  constexpr int max_score = 5 * max_stake;
  const auto byte = [](const auto& field) {  // the raw byte of a one-byte field (bool, enum)
    return static_cast<int>(*reinterpret_cast<const unsigned char*>(&field));
  };
  const auto in = [](int v, int lo, int hi) { return v >= lo && v <= hi; };
  const auto idx = [](int i) { return static_cast<std::size_t>(i); };

  // --- the tag, the rules, reserved bytes ----------------------------------------------------
  if (s.magic != state_magic) return bad;
  if (!in(byte(s.rules.zero_discard), 0, 1) || !in(byte(s.rules.deje_ends), 0, 1) ||
      !in(byte(s.rules.tio_perete), 0, 1) || byte(s.rules.answers) > 1)
    return bad;
  for (const std::uint8_t b : s.rules.reserved_signals)
    if (b != 0) return bad;
  if (!validate(s.rules).ok()) return bad;
  if (s.reserved0 != 0 || s.reserved1 != 0 || s.reserved2 != 0 || s.reserved3 != 0 ||
      s.deck.reserved != 0 || s.decl.reserved != 0)
    return bad;
  const Rules& rules = s.rules;
  const int target = rules.target;

  // --- phase, seats, match winner ------------------------------------------------------------
  const int phase = byte(s.phase);
  if (!in(phase, 1, 6)) return bad;
  if (s.dealer >= seats || s.mano >= seats || s.dealer != (s.mano + 3) % seats) return bad;
  if (s.deck.refill_pos != no_refill && (s.phase != Phase::shuffle || s.deck.refill_pos >= seats))
    return bad;
  const bool over = s.phase == Phase::match_over;
  const bool refill = s.refill_due();
  const bool between = over || (s.phase == Phase::shuffle && !refill);
  const bool dealing = s.phase == Phase::mus || s.phase == Phase::discard || refill;
  const bool chance = s.phase == Phase::shuffle || over;
  if (chance != (s.to_act == -1)) return bad;
  if (!chance && !in(s.to_act, 0, seats - 1)) return bad;
  if (!in(s.scores.match_winner, -1, 1) || over != (s.scores.match_winner >= 0)) return bad;

  // --- scores, games, vacas ------------------------------------------------------------------
  for (int t = 0; t < 2; ++t) {
    const auto i = idx(t);
    if (!in(s.scores.points[i], 0, max_score)) return bad;
    if (!in(s.scores.hand_start[i], 0, target - 1)) return bad;
    if (s.scores.games[i] >= rules.games_per_vaca) return bad;
    if (s.scores.vacas[i] > rules.vacas ||
        (s.scores.vacas[i] == rules.vacas) != (s.scores.match_winner == t))
      return bad;
    if (between && s.scores.points[i] >= target) return bad;
    if (over && (s.scores.points[i] != 0 || s.scores.games[i] != 0)) return bad;
    if (dealing && s.scores.points[i] != s.scores.hand_start[i])
      return bad;  // no points before the cut
    if (s.scores.points[i] < s.scores.hand_start[i] && !between) return bad;  // points only add up
  }
  if (!in(s.scores.deje_winner, -1, 1)) return bad;
  if (!between) {  // deje_winner is reset at the deal and set only with deje_ends off
    if (s.scores.deje_winner >= 0 && (rules.deje_ends || dealing)) return bad;
    for (int t = 0; t < 2; ++t)
      if (s.scores.points[idx(t)] >= target && s.scores.deje_winner < 0) return bad;
    if (s.scores.deje_winner >= 0 && s.scores.points[idx(s.scores.deje_winner)] < target)
      return bad;
  }

  // --- lance records: ranges, names by position (checked before any record is used) --------
  const auto record_ok = [&](const LanceRecord& r, int position) {
    const int lance = byte(r.lance);
    const bool named =
        position < 3 ? lance == position : (r.lance == Lance::juego || r.lance == Lance::punto);
    return named && in(byte(r.status), 0, 6) && r.reserved == 0 && in(r.bet_team, -1, 1) &&
           in(r.winner_team, -1, 1) && in(r.winner_seat, -1, seats - 1) && r.tantos <= 6 &&
           r.counted <= 1 && r.stake <= max_stake && r.points <= max_stake + 7;
  };
  // --- hand counters and the last hand's summary ---------------------------------------------
  const HandSummary& last = s.last;
  if (s.hand_in_game > s.hand_number) return bad;
  if (s.hand_number == 0) {  // nothing dealt yet: exactly what new_match() made
    const Result<State> fresh = new_match(rules, s.dealer);
    return fresh.ok() && s == *fresh ? Errc::ok : bad;
  }
  // hand_in_game saturates at 255 (a uint8_t): during a hand it is at least 1.
  if (!between && s.hand_in_game == 0) return bad;
  if (last.number != (between ? s.hand_number : s.hand_number - 1)) return bad;
  if (last.number == 0) {  // the first hand: it started from 0 to 0
    if (!(last == HandSummary{})) return bad;
    for (int t = 0; t < 2; ++t)
      if (s.scores.hand_start[idx(t)] != 0) return bad;
  } else {
    if (!in(last.mano, 0, seats - 1) || last.dealer != (last.mano + 3) % seats) return bad;
    if (!in(byte(last.end), 1, 3) || !in(last.game_winner, -1, 1)) return bad;
    const bool by_count = last.end == HandEnd::count;
    if (!by_count && last.game_winner < 0) return bad;
    for (int t = 0; t < 2; ++t) {
      const auto i = idx(t);
      if (!in(last.score_before[i], 0, target - 1) || !in(last.score_after[i], 0, max_score) ||
          last.score_after[i] < last.score_before[i])
        return bad;
      // The count stops the moment a team reaches the target (R29); a deje or tío Perete
      // point ends the game when it gets there (with deje_ends off the other team may get
      // there too before the hand ends); an órdago wins whatever the scores.
      const bool reached = last.score_after[i] >= target;
      if (by_count && reached != (last.game_winner == t)) return bad;
      if (last.end == HandEnd::deje && last.game_winner == t && !reached) return bad;
    }
    // What the next hand starts from: the mano deals (R10), and the scores carry on unless a
    // game was won.
    const auto carried = [&](int t) {
      return last.game_winner >= 0 ? 0 : static_cast<int>(last.score_after[idx(t)]);
    };
    for (int t = 0; t < 2; ++t) {
      const int expect = carried(t);
      if (between ? s.scores.points[idx(t)] != expect : s.scores.hand_start[idx(t)] != expect)
        return bad;
    }
    if (between && s.dealer != last.mano) return bad;
    if (!between && !s.no_signals && s.dealer != last.mano) return bad;  // no mus corrido cut
    if (between && !(s.lances == last.lances)) return bad;
    // The showdown (R28a): the hand's four hands exactly when it reached the count or an
    // accepted órdago, else none. The cards are determined by the hand: sixteen distinct cards
    // whose evaluation gives every winner, every tantos and the fourth lance recorded.
    if (!shows_cards(rules, last.end)) {
      if (last.shown != no_shown_cards) return bad;
    } else {
      // The records are read below (winner_team indexes the evaluations): ranges first.
      for (int j = 0; j < 4; ++j)
        if (!record_ok(last.lances[idx(j)], j)) return bad;
      std::uint64_t shown = 0;
      for (const std::uint8_t id : last.shown) {
        if (id >= deck_size || ((shown >> id) & 1U) != 0) return bad;
        shown |= std::uint64_t{1} << id;
      }
      TableEval t{};
      for (int seat = 0; seat < seats; ++seat) {
        std::array<Card, hand_size> cards{};
        for (int i = 0; i < hand_size; ++i)
          cards[idx(i)] = Card::from_id_unchecked(last.shown[idx(seat * 4 + i)]);
        t[idx(seat)] = evaluate(Hand::from_cards_unchecked(cards), rules);
      }
      if (last.lances[3].status != LanceStatus::pending &&
          last.lances[3].lance != fourth_lance(holders(t, Lance::juego)))
        return bad;
      for (const LanceRecord& r : last.lances) {
        if (r.status == LanceStatus::pending) continue;
        if (r.lance == Lance::pares || r.lance == Lance::juego) {  // who held them (R23)
          const std::uint8_t m = holders(t, r.lance);
          const int teams = (team_in(m, 0) ? 1 : 0) + (team_in(m, 1) ? 1 : 0);
          if (r.status == LanceStatus::skipped
                  ? teams != 0
                  : (r.status == LanceStatus::one_team ? teams != 1 : teams != 2))
            return bad;
        }
        if (r.winner_seat >= 0 && r.winner_seat != lance_winner(t, r.lance, last.mano)) return bad;
        if (r.counted && r.winner_team >= 0 &&
            (r.lance == Lance::pares || r.lance == Lance::juego) &&
            r.tantos != hand_tantos(t[idx(r.winner_team)], r.lance) +
                            hand_tantos(t[idx(r.winner_team + 2)], r.lance))
          return bad;
      }
    }
  }

  // --- lance records: ranges (record_ok above), what was counted -------------------------
  for (int j = 0; j < 4; ++j) {
    const LanceRecord& r = last.lances[idx(j)];
    if (last.number != 0 && !record_ok(r, j)) return bad;
    if (r.counted ? (last.end != HandEnd::count || r.winner_team < 0) : r.points != 0) return bad;
    if (!record_ok(s.lances[idx(j)], j)) return bad;
  }

  // --- lance and lance index -----------------------------------------------------------------
  if (s.lance_index > 3) return bad;
  if (s.lance_index < 3 ? byte(s.lance) != s.lance_index
                        : (s.lance != Lance::juego && s.lance != Lance::punto))
    return bad;

  // --- cards: every card exactly once across hands, live stock and pile ----------------------
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
    if (id != no_card && !take(id)) return bad;
  if (s.deck.stock_pos > s.deck.stock_end || s.deck.stock_end > deck_size) return bad;
  for (int i = s.deck.stock_pos; i < s.deck.stock_end; ++i)
    if (!take(s.deck.stock[idx(i)])) return bad;
  if ((s.deck.pile >> deck_size) != 0 || (seen & s.deck.pile) != 0) return bad;
  count += std::popcount(s.deck.pile);
  if (count != deck_size) return bad;
  if (between) {  // gathered: no hands, the stock is the deck in id order (gather_cards)
    if (s.deck.stock_pos != 0 || s.deck.stock_end != deck_size) return bad;
    for (int i = 0; i < deck_size; ++i)
      if (s.deck.stock[idx(i)] != i) return bad;
  }

  // Empty slots only while replacements are owed: their number is what the seat is owed.
  // Speaking index k = (seat - mano) mod 4: discards and replacements go in speaking order.
  std::array<int, seats> empty{};
  for (int seat = 0; seat < seats; ++seat) empty[idx(seat)] = empty_slots(s, seat);
  for (int k = 0; k < seats; ++k) {
    const int seat = speaking_seat(s, k);
    const int need = s.deck.need[idx(seat)];
    if (between) {
      if (empty[idx(seat)] != hand_size || need != 0) return bad;
      continue;
    }
    if (need != empty[idx(seat)]) return bad;
    bool owed = false;  // may this seat be owed cards now?
    if (s.phase == Phase::discard) owed = k < s.discarded;
    if (refill) owed = k >= s.deck.refill_pos;
    if (!owed && need != 0) return bad;
    if (owed && need == 0 && !rules.zero_discard) return bad;
  }
  if (refill) {  // the seat to serve could not be served from the stock
    const int seat = speaking_seat(s, s.deck.refill_pos);
    if (s.deck.need[idx(seat)] <= s.deck.stock_end - s.deck.stock_pos) return bad;
  }

  // --- signals and their cache ---------------------------------------------------------------
  if (s.corrido > 1 || s.no_signals > 1) return bad;
  for (int seat = 0; seat < seats; ++seat) {
    const auto i = idx(seat);
    const std::uint16_t truth = truth_of(s, seat);
    if (s.truth[i] != truth) return bad;
    if ((s.signals[i] >> signal_count) != 0) return bad;
    if (s.no_signals && s.signals[i] != 0) return bad;
    if (!between && (s.signals[i] & ~truth) != 0) return bad;  // only true signals (R33)
    if ((s.signals[i] & ~signal_set_mask(rules.signals)) != 0) return bad;  // in the set (R33a)
  }

  // --- mus, discards, mus corrido ------------------------------------------------------------
  if (s.mus_said > 4 || (s.discarded != 0 && s.discarded != 4 && s.phase != Phase::discard))
    return bad;
  if ((s.phase == Phase::discard || refill) != (s.mus_said == 4)) return bad;
  if (s.phase == Phase::mus && s.to_act != speaking_seat(s, s.mus_said)) return bad;
  if (s.phase == Phase::discard && (s.discarded > 3 || s.to_act != speaking_seat(s, s.discarded)))
    return bad;
  if (refill && s.discarded != 4) return bad;
  if (!between) {  // the deal decided whether this hand is a mus corrido hand (R31)
    const bool corrido_hand = is_corrido_hand(rules, s.hand_number, s.hand_in_game);
    if (s.no_signals != (corrido_hand ? 1 : 0)) return bad;
  } else if (s.no_signals && rules.mus_corrido == MusCorrido::off) {
    return bad;
  }
  const bool first_round = s.phase == Phase::mus && s.discarded == 0;
  if (s.corrido != (first_round ? s.no_signals : 0)) return bad;

  // --- tío Perete (R32) ----------------------------------------------------------------------
  if (s.decl.perete_asked > 0xF || (s.decl.perete_mask & ~s.decl.perete_asked) != 0) return bad;
  if (s.decl.perete_asked != 0 && !rules.tio_perete) return bad;
  if (dealing && s.decl.perete_asked != 0) return bad;
  if (s.phase == Phase::perete || s.phase == Phase::betting) {
    // With the variant every seat is asked in speaking order, each once, before the lances;
    // only a seat holding 4-5-6-7 can have declared.
    const int turn = s.phase == Phase::perete ? speaking_index(s, s.to_act) : seats;
    if (s.phase == Phase::perete && !rules.tio_perete) return bad;
    for (int k = 0; k < seats; ++k) {
      const int seat = speaking_seat(s, k);
      const bool asked = ((s.decl.perete_asked >> seat) & 1U) != 0;
      if (asked != (rules.tio_perete && k < turn)) return bad;
      if (((s.decl.perete_mask >> seat) & 1U) != 0 && !is_perete_hand(s, seat)) return bad;
    }
  }

  // --- declarations (R22) --------------------------------------------------------------------
  if (s.decl.pares_mask > 0xF || s.decl.juego_mask > 0xF || s.decl.declared > 3) return bad;
  if (!between) {
    int declared = 0;
    if (s.phase == Phase::betting) declared = s.lance_index >= 3 ? 3 : (s.lance_index == 2 ? 1 : 0);
    if (s.decl.declared != declared) return bad;
    std::uint8_t pares = 0;
    std::uint8_t juego = 0;
    if (declared != 0) {
      const TableEval t = table_eval(s);
      pares = holders(t, Lance::pares);
      juego = holders(t, Lance::juego);
    }
    if (s.decl.pares_mask != ((declared & 1) ? pares : 0)) return bad;
    if (s.decl.juego_mask != ((declared & 2) ? juego : 0)) return bad;
    // Punto is played instead of juego exactly when nobody has juego (R20).
    if (declared == 3 && s.lance != fourth_lance(s.decl.juego_mask)) return bad;
  }

  // --- this hand's lances --------------------------------------------------------------------
  if (!between) {
    const auto fresh = [](int j, Lance named) {
      LanceRecord r;
      r.lance = j < 3 ? static_cast<Lance>(j) : named;
      return r;
    };
    const bool betting = s.phase == Phase::betting;
    for (int j = 0; j < 4; ++j) {
      const LanceRecord& r = s.lances[idx(j)];
      if (!betting || j > s.lance_index) {
        if (!(r == fresh(j, Lance::juego))) return bad;
        continue;
      }
      if (j == s.lance_index) {
        if (!(r == fresh(j, s.lance))) return bad;
        continue;
      }
      // A lance already played in this hand (j < 3): how it went, before the count.
      if (r.winner_seat != -1 || r.tantos != 0 || r.counted != 0 || r.points != 0) return bad;
      const std::uint8_t m = eligible_mask(static_cast<Lance>(j), s.decl);
      const bool team0 = team_in(m, 0);
      const bool team1 = team_in(m, 1);
      switch (r.status) {
        case LanceStatus::skipped:
          if (team0 || team1 || r.bet_team != -1 || r.winner_team != -1 || r.stake != 0) return bad;
          break;
        case LanceStatus::one_team:
          if (team0 == team1 || r.winner_team != (team0 ? 0 : 1) || r.bet_team != -1 ||
              r.stake != 0)
            return bad;
          break;
        case LanceStatus::en_paso:
          if (!team0 || !team1 || r.bet_team != -1 || r.winner_team != -1 || r.stake != 0)
            return bad;
          break;
        case LanceStatus::accepted:
          if (!team0 || !team1 || r.bet_team < 0 || r.winner_team != -1 ||
              r.stake < min_opening_bet)
            return bad;
          break;
        case LanceStatus::refused:
          if (!team0 || !team1 || r.bet_team < 0 || r.winner_team != r.bet_team ||
              r.stake < first_deje)
            return bad;
          break;
        default: return bad;  // pending, or an órdago (which ends the hand at once)
      }
    }
  }

  // --- betting (R24-R27) ---------------------------------------------------------------------
  if (!in(s.bet.team, -1, 1) || !in(s.bet.answer_first, -1, seats - 1) ||
      !in(s.bet.answer_second, -1, seats - 1) || s.bet.answer_stage > 1 || s.bet.open > 1 ||
      s.bet.ordago > 1 || s.bet.stake_before > max_stake || s.bet.proposed > max_stake)
    return bad;
  if (s.bet.ordago && !s.bet.open) return bad;
  // R25a: a pending proposal (the partner to decide) is a raise, an accept or a reject, made
  // under answers=proposal while a bet is open; only a raise has an amount.
  if (s.bet.reserved != 0) return bad;
  if (s.bet.proposal != proposal_none) {
    const bool raise = s.bet.proposal == proposal_raise;
    if ((!raise && s.bet.proposal != proposal_accept && s.bet.proposal != proposal_reject) ||
        s.rules.answers != Answers::proposal || !s.bet.open || s.bet.answer_stage != 1 ||
        (raise ? s.bet.proposal_amount < s.rules.min_raise ||
                     s.bet.proposed + s.bet.proposal_amount > max_stake
               : s.bet.proposal_amount != 0) ||
        (s.bet.ordago && s.bet.proposal != proposal_reject))
      return bad;
  } else if (s.bet.proposal_amount != 0) {
    return bad;
  }
  // Under answers=proposal the partner speaks only after a proposal.
  if (s.rules.answers == Answers::proposal && s.bet.open && s.bet.answer_stage == 1 &&
      s.bet.proposal == proposal_none)
    return bad;
  if (s.phase != Phase::betting) {
    if (s.bet.open) return bad;
  } else {
    const std::uint8_t m = eligible_mask(s);
    if (!team_in(m, 0) || !team_in(m, 1)) return bad;  // else the lance is not bet (R23)
    if (!s.bet.open) {
      if (s.bet.team != -1 || s.bet.answer_first != -1 || s.bet.answer_second != -1 ||
          s.bet.answer_stage != 0 || s.bet.stake_before != 0 || s.bet.proposed != 0 ||
          !eligible(s, s.to_act))
        return bad;
    } else {
      // The opposing team answers: its first eligible seat, then the partner if eligible.
      const int first = s.bet.answer_first;
      if (s.bet.team < 0 || first < 0 || team_of(first) == s.bet.team || !eligible(s, first))
        return bad;
      if (s.bet.answer_second != second_answerer(s, first)) return bad;
      if (s.bet.answer_stage == 1 && s.bet.answer_second < 0) return bad;
      if (s.to_act != (s.bet.answer_stage == 0 ? first : s.bet.answer_second)) return bad;
      if (s.bet.ordago) {  // stake_before is what stood before the órdago (1 if nothing)
        if (s.bet.proposed == 1 ||
            s.bet.stake_before != (s.bet.proposed == 0 ? first_deje : s.bet.proposed))
          return bad;
      } else if (s.bet.proposed < min_opening_bet || s.bet.stake_before < first_deje ||
                 s.bet.stake_before >= s.bet.proposed) {
        return bad;
      }
    }
  }
  return Errc::ok;
}

}  // namespace mus
