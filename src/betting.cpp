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

// R25a, the partner's step: when its answer (`kind`, a raise of `amount`) repeats the pending
// proposal it is an agreement, announced before the team's answer. Answers whether it agreed.
bool agree_if_repeated(State& s, int seat, std::uint8_t kind, int amount, Events* ev) {
  if (s.bet.proposal == proposal_none || s.bet.proposal != kind) return false;
  if (kind == proposal_raise && amount != s.bet.proposal_amount) return false;
  emit(ev, EventKind::agree, seat, team_of(seat), static_cast<int>(s.lance), s.bet.proposal_amount,
       s.bet.proposal);
  return true;
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
  switch (a.kind) {
    case ActionKind::pass: play_pass(s, a.seat, ev); return;
    case ActionKind::bet: play_bet(s, a.seat, a.amount, ev); return;
    case ActionKind::ordago: play_ordago(s, a.seat, ev); return;
    case ActionKind::accept: play_accept(s, a.seat, ev); return;
    case ActionKind::reject: play_reject(s, a.seat, ev); return;
    default: return;  // not reached: bet_choices() allows only the kinds above
  }
}

// Passing is allowed only while no bet is open, so no proposal (R25a) is ever pending.
void play_pass(State& s, int seat, Events* ev) {
  const int lance = static_cast<int>(s.lance);
  emit(ev, EventKind::pass, seat, team_of(seat), lance);
  const int next = next_speaker(s, speaking_index(s, seat) + 1);
  if (next >= 0) {
    s.to_act = static_cast<std::int8_t>(next);
    return;
  }
  s.lances[s.lance_index].status = LanceStatus::en_paso;
  emit(ev, EventKind::en_paso, -1, -1, lance);
  next_lance(s, ev);
}

void play_bet(State& s, int seat, int amount, Events* ev) {
  // R25a: the first answerer's raise is only a proposal; the partner's agreed raise counts as
  // made by the proposer.
  if (proposal_step(s)) {
    propose(s, seat, proposal_raise, amount, ev);
    return;
  }
  const int bettor =
      agree_if_repeated(s, seat, proposal_raise, amount, ev) ? s.bet.answer_first : seat;
  s.bet.stake_before = static_cast<std::uint16_t>(deje_if_refused(s));
  s.bet.proposed = static_cast<std::uint16_t>((s.bet.open ? s.bet.proposed : 0) + amount);
  emit(ev, EventKind::bet, bettor, team_of(bettor), static_cast<int>(s.lance), amount,
       s.bet.proposed);
  setup_answer(s, bettor);
}

// An órdago is final at once, also from the first answerer under R25a, and never repeats a
// proposal (proposals are raises, accepts and rejects).
void play_ordago(State& s, int seat, Events* ev) {
  s.bet.stake_before = static_cast<std::uint16_t>(deje_if_refused(s));
  s.bet.ordago = 1;
  emit(ev, EventKind::ordago, seat, team_of(seat), static_cast<int>(s.lance));
  setup_answer(s, seat);
}

void play_accept(State& s, int seat, Events* ev) {
  // R25a: the first answerer's accept is only a proposal, except that accepting an open órdago
  // is final at once.
  if (!s.bet.ordago && proposal_step(s)) {
    propose(s, seat, proposal_accept, 0, ev);
    return;
  }
  agree_if_repeated(s, seat, proposal_accept, 0, ev);
  const int lance = static_cast<int>(s.lance);
  LanceRecord& r = s.lances[s.lance_index];
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
}

void play_reject(State& s, int seat, Events* ev) {
  // R25a: the first answerer's reject is only a proposal.
  if (proposal_step(s)) {
    propose(s, seat, proposal_reject, 0, ev);
    return;
  }
  agree_if_repeated(s, seat, proposal_reject, 0, ev);
  const int lance = static_cast<int>(s.lance);
  emit(ev, EventKind::reject, seat, team_of(seat), lance);
  // R25: the partner may still answer (in R25a a first rejection is a proposal, above).
  if (s.bet.answer_stage == 0 && s.bet.answer_second >= 0) {
    s.bet.answer_stage = 1;
    s.to_act = s.bet.answer_second;
    return;
  }
  // Refused: a deje (R26), scored at once.
  const int team = s.bet.team;
  LanceRecord& r = s.lances[s.lance_index];
  r.status = LanceStatus::refused;
  r.bet_team = static_cast<std::int8_t>(team);
  r.winner_team = static_cast<std::int8_t>(team);
  r.stake = s.bet.stake_before;
  auto& sc = s.scores.points[static_cast<std::size_t>(team)];
  sc = static_cast<std::int16_t>(sc + s.bet.stake_before);
  emit(ev, EventKind::deje, -1, team, lance, s.bet.stake_before);
  close_bet(s);
  if (!check_immediate_points(s, team, ev)) next_lance(s, ev);
}
}  // namespace mus::detail
