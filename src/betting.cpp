// The lances and their betting (R22-R27): declarations, who speaks, bets, raises, órdagos and
// their answers. Each handler first checks the action completely and only then changes the
// state, so a refused action leaves the state as it was.
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
  s.to_act = s.bet.answer_first;
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
    s.bet.open = 0;
    s.bet.ordago = 0;
    s.bet.team = -1;
    s.bet.answer_first = s.bet.answer_second = -1;
    s.bet.answer_stage = 0;
    s.bet.stake_before = 0;
    s.bet.proposed = 0;
    s.to_act = static_cast<std::int8_t>(next_speaker(s, 0));
    return;
  }
  count_hand(s, ev);
}

Errc on_betting(State& s, const Action& a, Events* ev) {
  const int seat = a.seat;
  const int lance = static_cast<int>(s.lance);
  LanceRecord& r = s.lances[s.lance_index];
  switch (a.kind) {
    case ActionKind::pass: {
      if (s.bet.open) return Errc::illegal_action;  // no passing while a bet is open (R25)
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
      return Errc::ok;
    }
    case ActionKind::bet: {
      const int lo = bet_min(s);
      if (lo == 0) return Errc::illegal_action;
      if (a.amount < lo) return Errc::bet_too_small;
      if (a.amount > bet_max(s)) return Errc::illegal_action;
      s.bet.stake_before = static_cast<std::uint16_t>(deje_if_refused(s));
      s.bet.proposed = static_cast<std::uint16_t>((s.bet.open ? s.bet.proposed : 0) + a.amount);
      emit(ev, EventKind::bet, seat, team_of(seat), lance, a.amount, s.bet.proposed);
      setup_answer(s, seat);
      return Errc::ok;
    }
    case ActionKind::ordago: {
      if (s.bet.open && s.bet.ordago) return Errc::illegal_action;
      s.bet.stake_before = static_cast<std::uint16_t>(deje_if_refused(s));
      s.bet.ordago = 1;
      emit(ev, EventKind::ordago, seat, team_of(seat), lance);
      setup_answer(s, seat);
      return Errc::ok;
    }
    case ActionKind::accept: {
      if (!s.bet.open) return Errc::illegal_action;
      r.bet_team = s.bet.team;
      if (s.bet.ordago) {  // showdown: the lance decides the game (R27)
        const TableEval t = table_eval(s);
        const int winner = lance_winner(t, s.lance, s.mano);
        r.status = LanceStatus::ordago;
        r.winner_seat = static_cast<std::int8_t>(winner);
        r.winner_team = static_cast<std::int8_t>(team_of(winner));
        emit(ev, EventKind::accept, seat, team_of(seat), lance);
        emit(ev, EventKind::showdown, winner, team_of(winner), lance);
        s.bet.open = 0;
        finish_hand(s, HandEnd::ordago, team_of(winner), ev);
        return Errc::ok;
      }
      r.status = LanceStatus::accepted;
      r.stake = s.bet.proposed;
      emit(ev, EventKind::accept, seat, team_of(seat), lance, 0, s.bet.proposed);
      s.bet.open = 0;
      next_lance(s, ev);
      return Errc::ok;
    }
    case ActionKind::reject: {
      if (!s.bet.open) return Errc::illegal_action;
      emit(ev, EventKind::reject, seat, team_of(seat), lance);
      if (s.bet.answer_stage == 0 && s.bet.answer_second >= 0) {  // the partner may still answer
        s.bet.answer_stage = 1;
        s.to_act = s.bet.answer_second;
        return Errc::ok;
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
      s.bet.open = 0;
      if (check_immediate_points(s, team, ev)) return Errc::ok;
      next_lance(s, ev);
      return Errc::ok;
    }
    default: return Errc::wrong_phase;
  }
}
}  // namespace mus::detail
