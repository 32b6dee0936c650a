// The lances and their betting (R22-R27): declarations, who speaks, bets, raises, órdagos and
// their answers. Which answers are legal is bet_choices() (reducer.hpp), read here and by the
// legal-action mask; on_betting() refuses anything else before it changes the state, so a
// refused action leaves the state as it was.
#include <cstdint>

#include "reducer.hpp"

namespace mus::detail {
namespace {

void next_lance(State& s, Events* ev) { start_lance(s, s.lance_index + 1, ev); }

// Declarations before pares and juego (R22): automatic public events.
void declare(State& s, Lance l, const TableEval& t, Events* ev) {
  const std::uint8_t mask = holders(t, l);
  for (int k = 0; k < seats; ++k) {
    const int seat = speaking_seat(s, k);
    const bool has = ((mask >> seat) & 1U) != 0;
    emit(ev, l == Lance::pares ? EventKind::declare_pares : EventKind::declare_juego, seat,
         team_of(seat), static_cast<int>(l), 0, has ? 1 : 0);
  }
  if (l == Lance::pares) {
    s.decl.pares_mask = mask;
    s.decl.declared |= 1;
  } else {
    s.decl.juego_mask = mask;
    s.decl.declared |= 2;
  }
}

// The first eligible seat at or after speaking index k, or -1.
int next_speaker(const State& s, int k) {
  for (; k < seats; ++k) {
    const int seat = speaking_seat(s, k);
    if (eligible(s, seat)) return seat;
  }
  return -1;
}

void setup_answer(State& s, int bettor) {
  s.bet.open = 1;
  s.bet.team = static_cast<std::int8_t>(team_of(bettor));
  s.bet.answer_first = static_cast<std::int8_t>(first_answerer(s, bettor));
  s.bet.answer_second = static_cast<std::int8_t>(second_answerer(s, s.bet.answer_first));
  s.bet.answer_stage = 0;
  s.bet.proposal = proposal_none;
  s.bet.proposal_amount = 0;
  s.to_act = s.bet.answer_first;
}

// The bet is answered (or the lance begins): nothing waits, and the betting state is the one
// value of "no bet", whatever went before.
void close_bet(State& s) { s.bet = {}; }

// R25a: the first answerer proposes `kind` (raise of `amount`, accept or reject); the partner
// decides next.
void propose(State& s, int seat, std::uint8_t kind, int amount, Events* ev) {
  emit(ev, EventKind::propose, seat, team_of(seat), static_cast<int>(s.lance), amount, kind);
  s.bet.proposal = kind;
  s.bet.proposal_amount = static_cast<std::uint16_t>(amount);
  s.bet.answer_stage = 1;
  s.to_act = s.bet.answer_second;
}

// R25a: the partner's choice repeats the pending proposal: an agreement.
bool agrees(const State& s, const Action& a) {
  switch (s.bet.proposal) {
    case proposal_raise: return a.kind == ActionKind::bet && a.amount == s.bet.proposal_amount;
    case proposal_accept: return a.kind == ActionKind::accept;
    case proposal_reject: return a.kind == ActionKind::reject;
    default: return false;
  }
}

}  // namespace

void start_lance(State& s, int index, Events* ev) {
  for (; index < 4; ++index) {
    s.lance_index = static_cast<std::uint8_t>(index);
    LanceRecord& r = s.lances[static_cast<std::size_t>(index)];
    r = LanceRecord{};
    Lance l = static_cast<Lance>(index);
    if (index >= 2) {
      const TableEval t = table_eval(s);
      if (index == 2) {
        declare(s, Lance::pares, t, ev);
      } else {
        declare(s, Lance::juego, t, ev);
        l = fourth_lance(s.decl.juego_mask);
      }
    }
    s.lance = l;
    r.lance = l;
    const std::uint8_t m = eligible_mask(s);
    const bool team0 = team_in(m, 0);
    const bool team1 = team_in(m, 1);
    if (!team0 && !team1) {
      r.status = LanceStatus::skipped;
    } else if (!team0 || !team1) {
      r.status = LanceStatus::one_team;
      r.winner_team = static_cast<std::int8_t>(team0 ? 0 : 1);
    }
    emit(ev, EventKind::lance_start, -1, r.winner_team, static_cast<int>(l), 0,
         static_cast<int>(r.status));
    if (r.status != LanceStatus::pending) continue;
    s.phase = Phase::betting;
    close_bet(s);
    s.to_act = static_cast<std::int8_t>(next_speaker(s, 0));
    return;
  }
  count_hand(s, ev);
}

Verdict on_betting(State& s, const Action& a, Events* ev) {
  if (const Verdict v = betting_refusal(s, bet_choices(s), a); v != accepted) return v;
  play_betting(s, a, ev);
  return accepted;
}

void play_betting(State& s, const Action& a, Events* ev) {
  const int seat = a.seat;
  const int lance = static_cast<int>(s.lance);
  LanceRecord& r = s.lances[s.lance_index];
  // R25a: the first answerer only proposes; an órdago is final at once, and so is accepting an
  // open órdago.
  if (proposal_step(s)) {
    switch (a.kind) {
      case ActionKind::bet: propose(s, seat, proposal_raise, a.amount, ev); return;
      case ActionKind::accept:
        if (s.bet.ordago) break;
        propose(s, seat, proposal_accept, 0, ev);
        return;
      case ActionKind::reject: propose(s, seat, proposal_reject, 0, ev); return;
      default: break;
    }
  }
  // The partner's decision: agreeing repeats the proposal; an agreed raise counts as made by
  // the proposer.
  int bettor = seat;
  if (s.bet.proposal != proposal_none && agrees(s, a)) {
    emit(ev, EventKind::agree, seat, team_of(seat), lance, s.bet.proposal_amount, s.bet.proposal);
    if (a.kind == ActionKind::bet) bettor = s.bet.answer_first;
  }
  switch (a.kind) {
    case ActionKind::pass: {
      emit(ev, EventKind::pass, seat, team_of(seat), lance);
      const int k = speaking_index(s, seat);
      const int next = next_speaker(s, k + 1);
      if (next < 0) {
        r.status = LanceStatus::en_paso;
        emit(ev, EventKind::en_paso, -1, -1, lance);
        next_lance(s, ev);
      } else {
        s.to_act = static_cast<std::int8_t>(next);
      }
      return;
    }
    case ActionKind::bet: {
      s.bet.stake_before = static_cast<std::uint16_t>(deje_if_refused(s));
      s.bet.proposed = static_cast<std::uint16_t>((s.bet.open ? s.bet.proposed : 0) + a.amount);
      emit(ev, EventKind::bet, bettor, team_of(bettor), lance, a.amount, s.bet.proposed);
      setup_answer(s, bettor);
      return;
    }
    case ActionKind::ordago: {
      s.bet.stake_before = static_cast<std::uint16_t>(deje_if_refused(s));
      s.bet.ordago = 1;
      emit(ev, EventKind::ordago, seat, team_of(seat), lance);
      setup_answer(s, seat);
      return;
    }
    case ActionKind::accept: {
      r.bet_team = s.bet.team;
      if (s.bet.ordago) {  // showdown: the lance decides the game (R27)
        const TableEval t = table_eval(s);
        const int winner = lance_winner(t, s.lance, s.mano);
        r.status = LanceStatus::ordago;
        r.winner_seat = static_cast<std::int8_t>(winner);
        r.winner_team = static_cast<std::int8_t>(team_of(winner));
        emit(ev, EventKind::accept, seat, team_of(seat), lance);
        emit(ev, EventKind::showdown, winner, team_of(winner), lance);
        close_bet(s);
        finish_hand(s, HandEnd::ordago, team_of(winner), ev);
        return;
      }
      r.status = LanceStatus::accepted;
      r.stake = s.bet.proposed;
      emit(ev, EventKind::accept, seat, team_of(seat), lance, 0, s.bet.proposed);
      close_bet(s);
      next_lance(s, ev);
      return;
    }
    case ActionKind::reject: {
      emit(ev, EventKind::reject, seat, team_of(seat), lance);
      // R25: the partner may still answer (in R25a a first rejection is a proposal, above).
      if (s.bet.answer_stage == 0 && s.bet.answer_second >= 0) {
        s.bet.answer_stage = 1;
        s.to_act = s.bet.answer_second;
        return;
      }
      // Refused: a deje (R26), scored at once.
      const int team = s.bet.team;
      r.status = LanceStatus::refused;
      r.bet_team = static_cast<std::int8_t>(team);
      r.winner_team = static_cast<std::int8_t>(team);
      r.stake = s.bet.stake_before;
      auto& sc = s.scores.points[static_cast<std::size_t>(team)];
      sc = static_cast<std::int16_t>(sc + s.bet.stake_before);
      emit(ev, EventKind::deje, -1, team, lance, s.bet.stake_before);
      close_bet(s);
      if (!check_immediate_points(s, team, ev)) next_lance(s, ev);
      return;
    }
    default: return;  // not reached: bet_choices() allows only the kinds above
  }
}
}  // namespace mus::detail
