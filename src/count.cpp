// The count (R28, R29) and the end of a hand, a game, a vaca and the match (R10, R30).
#include <cstdint>

#include "reducer.hpp"

namespace mus::detail {
namespace {

void win_game(State& s, int team, Events* ev) {
  emit(ev, EventKind::game, -1, team);
  const auto t = static_cast<std::size_t>(team);
  s.scores.games[t] = static_cast<std::uint8_t>(s.scores.games[t] + 1);
  if (s.scores.games[t] >= s.rules.games_per_vaca) {
    emit(ev, EventKind::vaca, -1, team);
    s.scores.vacas[t] = static_cast<std::uint8_t>(s.scores.vacas[t] + 1);
    s.scores.games = {};
    if (s.scores.vacas[t] >= s.rules.vacas) {
      emit(ev, EventKind::match, -1, team);
      s.scores.match_winner = static_cast<std::int8_t>(team);
    }
  }
  s.scores.points = {};
  s.hand_in_game = 0;
}

}  // namespace

// Closes the hand: records the summary, settles a won game and rotates the deal (R10). The
// state it leaves depends only on the position (rules, scores, deal, hand counters and the
// summary): the test "the state after every count equals one built fresh" holds it to that.
void finish_hand(State& s, HandEnd end, int game_winner, Events* ev) {
  HandSummary& h = s.last;
  h.number = s.hand_number;
  h.dealer = static_cast<std::int8_t>(s.dealer);
  h.mano = static_cast<std::int8_t>(s.mano);
  h.end = end;
  h.game_winner = static_cast<std::int8_t>(game_winner);
  h.score_before = s.scores.hand_start;
  h.score_after = s.scores.points;
  h.lances = s.lances;
  h.shown = shows_cards(s.rules, end) ? s.deck.hands : no_shown_cards;  // before gather_cards()
  if (game_winner >= 0) win_game(s, game_winner, ev);
  s.dealer = s.mano;  // the mano deals next
  s.mano = static_cast<std::uint8_t>(next_seat(s.mano));
  clear_hand(s);  // every part of the hand back to its value between hands
  if (s.scores.match_winner >= 0) {
    s.phase = Phase::match_over;
  } else {
    s.phase = Phase::shuffle;
  }
  s.to_act = -1;
}

// A deje or tío Perete point just scored for `team`: does it end the game (R29)?
// Returns true when the hand is over.
bool check_immediate_points(State& s, int team, Events* ev) {
  if (s.scores.points[static_cast<std::size_t>(team)] < s.rules.target) return false;
  if (s.rules.deje_ends) {
    finish_hand(s, HandEnd::deje, team, ev);
    return true;
  }
  if (s.scores.deje_winner < 0) s.scores.deje_winner = static_cast<std::int8_t>(team);
  return false;
}

// The count (R28, R29): lance by lance, stopping the moment a team reaches the target.
void count_hand(State& s, Events* ev) {
  if (s.scores.deje_winner >= 0) {  // deje_ends off: a deje reached the target earlier in the hand
    finish_hand(s, HandEnd::deje, s.scores.deje_winner, ev);
    return;
  }
  const TableEval t = table_eval(s);
  int game_winner = -1;
  for (int i = 0; i < 4; ++i) {
    LanceRecord& r = s.lances[static_cast<std::size_t>(i)];
    if (r.status == LanceStatus::skipped || r.status == LanceStatus::pending) continue;
    int team = -1;
    if (r.status == LanceStatus::refused) {
      team = r.bet_team;
    } else {
      const int seat = lance_winner(t, r.lance, s.mano);
      r.winner_seat = static_cast<std::int8_t>(seat);
      team = team_of(seat);
    }
    r.winner_team = static_cast<std::int8_t>(team);
    int tantos = 0;
    if (r.lance == Lance::pares || r.lance == Lance::juego) {
      tantos = hand_tantos(t[static_cast<std::size_t>(team)], r.lance) +
               hand_tantos(t[static_cast<std::size_t>(team + 2)], r.lance);
    }
    int points = tantos;
    switch (r.status) {
      case LanceStatus::accepted: points += r.stake; break;
      case LanceStatus::en_paso:
        if (r.lance == Lance::grande || r.lance == Lance::chica) points += 1;
        break;
      default: break;
    }
    if (r.lance == Lance::punto) points += 1;  // punto: S + 1, en paso 1, refused 1
    r.tantos = static_cast<std::uint8_t>(tantos);
    r.points = static_cast<std::uint16_t>(points);
    r.counted = 1;
    emit(ev, EventKind::count, r.winner_seat, team, static_cast<int>(r.lance), points, tantos);
    auto& sc = s.scores.points[static_cast<std::size_t>(team)];
    sc = static_cast<std::int16_t>(sc + points);
    if (sc >= s.rules.target) {
      game_winner = team;
      break;
    }
  }
  finish_hand(s, HandEnd::count, game_winner, ev);
}
}  // namespace mus::detail
