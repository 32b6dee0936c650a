// The match reducer. Each phase has one function that first validates the action completely
// and only then changes the state, so a refused action leaves the state as it was.
#include "mus/match.hpp"

#include <bit>
#include <cstdint>
#include <string_view>

namespace mus {
namespace {

constexpr std::uint8_t not_dealing = 0xFF;

// --- small helpers --------------------------------------------------------------------------

int next_seat(int seat) { return (seat + 1) % seats; }
int partner(int seat) { return (seat + 2) % seats; }
int speaking_seat(const State& s, int k) { return (s.mano + k) % seats; }

void emit(Events* ev, EventKind kind, int seat = -1, int team = -1, int lance = -1, int amount = 0,
          int value = 0) {
  if (ev == nullptr) return;
  Event e;
  e.kind = kind;
  e.seat = static_cast<std::int8_t>(seat);
  e.team = static_cast<std::int8_t>(team);
  e.lance = static_cast<std::int8_t>(lance);
  e.amount = amount;
  e.value = value;
  ev->push(e);
}

Hand hand_at(const State& s, int seat) {
  std::array<Card, 4> cards{};
  for (int i = 0; i < hand_size; ++i) {
    const std::uint8_t id = s.hands[static_cast<std::size_t>(seat * 4 + i)];
    cards[static_cast<std::size_t>(i)] = Card::from_id_unchecked(id < deck_size ? id : 0);
  }
  // Built unchecked: the reducer keeps hands distinct, and a hand with an empty slot is
  // never evaluated.
  return Hand::from_cards_unchecked(cards);
}

bool hand_complete(const State& s, int seat) {
  for (int i = 0; i < hand_size; ++i)
    if (s.hands[static_cast<std::size_t>(seat * 4 + i)] == no_card) return false;
  return true;
}

TableEval table_eval(const State& s) {
  TableEval t{};
  for (int seat = 0; seat < seats; ++seat)
    t[static_cast<std::size_t>(seat)] = evaluate(hand_at(s, seat), s.rules);
  return t;
}

std::uint64_t hand_mask(const State& s, int seat) {
  std::uint64_t m = 0;
  for (int i = 0; i < hand_size; ++i) {
    const std::uint8_t id = s.hands[static_cast<std::size_t>(seat * 4 + i)];
    if (id != no_card) m |= std::uint64_t{1} << id;
  }
  return m;
}

bool is_perete_hand(const State& s, int seat) {
  int seen = 0;
  for (int i = 0; i < hand_size; ++i) {
    const std::uint8_t id = s.hands[static_cast<std::size_t>(seat * 4 + i)];
    if (id == no_card) return false;
    const int r = id % 10;
    if (r < static_cast<int>(Rank::four) || r > static_cast<int>(Rank::seven)) return false;
    seen |= 1 << r;
  }
  return seen == 0b1111000;  // one each of 4, 5, 6, 7
}

// Caches the true signals of a seat's hand (R33); called whenever the hand changes.
void refresh_truth(State& s, int seat) {
  s.truth[static_cast<std::size_t>(seat)] =
      hand_complete(s, seat) ? true_signals(hand_at(s, seat), s.rules) : std::uint16_t{0};
}

// Seats that take part in the current lance (R23), as a bit mask.
std::uint8_t eligible_mask(const State& s) {
  switch (s.lance) {
    case Lance::pares: return s.pares_mask;
    case Lance::juego: return s.juego_mask;
    default: return 0x0F;
  }
}

bool eligible(const State& s, int seat) { return (eligible_mask(s) >> seat) & 1U; }

// --- PRNG (documented in match.hpp; never change it within a major version) ----------------

std::uint64_t splitmix_next(std::uint64_t& state) {
  state += 0x9E3779B97F4A7C15ULL;
  std::uint64_t z = state;
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
  return z ^ (z >> 31);
}

// A stream of 32-bit draws: each SplitMix64 output gives two, low half first.
struct Draws {
  std::uint64_t state;
  std::uint64_t buffer = 0;
  bool has_buffer = false;
  std::uint32_t next() {
    if (has_buffer) {
      has_buffer = false;
      return static_cast<std::uint32_t>(buffer >> 32);
    }
    buffer = splitmix_next(state);
    has_buffer = true;
    return static_cast<std::uint32_t>(buffer);
  }
  // A uniform number in 0..bound-1 by multiply-shift with rejection (no division on the
  // common path). Documented in match.hpp: do not change within a major version.
  std::uint32_t below(std::uint32_t bound) {
    std::uint64_t m = std::uint64_t{next()} * bound;
    if (static_cast<std::uint32_t>(m) < bound) {
      const std::uint32_t threshold = (0U - bound) % bound;
      while (static_cast<std::uint32_t>(m) < threshold) m = std::uint64_t{next()} * bound;
    }
    return static_cast<std::uint32_t>(m >> 32);
  }
};

// Reads a shuffle action into `out`: exactly the cards of `cards` (a mask), n of them.
Errc shuffle_order(const Action& a, std::uint64_t cards, std::uint8_t* out, int& n) {
  n = std::popcount(cards);
  if (a.amount == 0) {
    int k = 0;
    for (int id = 0; id < deck_size; ++id)
      if ((cards >> id) & 1U) out[k++] = static_cast<std::uint8_t>(id);
    seeded_order(out, n, a.seed);
    return Errc::ok;
  }
  if (a.amount != n) return Errc::bad_shuffle;
  std::uint64_t seen = 0;
  for (int i = 0; i < n; ++i) {
    const std::uint8_t id = a.order[static_cast<std::size_t>(i)];
    if (id >= deck_size) return Errc::bad_shuffle;
    const std::uint64_t bit = std::uint64_t{1} << id;
    if ((cards & bit) == 0 || (seen & bit) != 0) return Errc::bad_shuffle;
    seen |= bit;
    out[i] = id;
  }
  return Errc::ok;
}

// --- hand, game, vaca and match ends --------------------------------------------------------

// Takes all cards back into the stock (deck order) between hands.
void gather_cards(State& s) {
  s.hands.fill(no_card);
  for (int i = 0; i < deck_size; ++i)
    s.stock[static_cast<std::size_t>(i)] = static_cast<std::uint8_t>(i);
  s.stock_pos = 0;
  s.stock_end = deck_size;
  s.pile = 0;
  s.need = {};
  s.truth = {};
  s.refill_seat = not_dealing;
}

void win_game(State& s, int team, Events* ev) {
  emit(ev, EventKind::game, -1, team);
  const auto t = static_cast<std::size_t>(team);
  s.games[t] = static_cast<std::uint8_t>(s.games[t] + 1);
  if (s.games[t] >= s.rules.games_per_vaca) {
    emit(ev, EventKind::vaca, -1, team);
    s.vacas[t] = static_cast<std::uint8_t>(s.vacas[t] + 1);
    s.games = {};
    if (s.vacas[t] >= s.rules.vacas) {
      emit(ev, EventKind::match, -1, team);
      s.match_winner = static_cast<std::int8_t>(team);
    }
  }
  s.score = {};
  s.hand_in_game = 0;
}

// Closes the hand: records the summary, settles a won game and rotates the deal (R10).
void finish_hand(State& s, HandEnd end, int game_winner, Events* ev) {
  HandSummary& h = s.last;
  h.number = s.hand_number;
  h.dealer = static_cast<std::int8_t>(s.dealer);
  h.mano = static_cast<std::int8_t>(s.mano);
  h.end = end;
  h.game_winner = static_cast<std::int8_t>(game_winner);
  h.score_before = s.hand_start_score;
  h.score_after = s.score;
  h.lances = s.lances;
  if (game_winner >= 0) win_game(s, game_winner, ev);
  s.dealer = s.mano;  // the mano deals next
  s.mano = static_cast<std::uint8_t>(next_seat(s.mano));
  s.bet_open = 0;
  s.is_ordago = 0;
  gather_cards(s);
  if (s.match_winner >= 0) {
    s.phase = Phase::match_over;
  } else {
    s.phase = Phase::shuffle;
  }
  s.to_act = -1;
}

// A deje or tío Perete point just scored for `team`: does it end the game (R29)?
// Returns true when the hand is over.
bool check_immediate_points(State& s, int team, Events* ev) {
  if (s.score[static_cast<std::size_t>(team)] < s.rules.target) return false;
  if (s.rules.deje_ends) {
    finish_hand(s, HandEnd::deje, team, ev);
    return true;
  }
  if (s.deje_winner < 0) s.deje_winner = static_cast<std::int8_t>(team);
  return false;
}

// The count (R28, R29): lance by lance, stopping the moment a team reaches the target.
void count_hand(State& s, Events* ev) {
  if (s.deje_winner >= 0) {  // deje_ends off: a deje reached the target earlier in the hand
    finish_hand(s, HandEnd::deje, s.deje_winner, ev);
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
    auto& sc = s.score[static_cast<std::size_t>(team)];
    sc = static_cast<std::int16_t>(sc + points);
    if (sc >= s.rules.target) {
      game_winner = team;
      break;
    }
  }
  finish_hand(s, HandEnd::count, game_winner, ev);
}

// --- lances ---------------------------------------------------------------------------------

void start_lance(State& s, int index, Events* ev);

void next_lance(State& s, Events* ev) { start_lance(s, s.lance_index + 1, ev); }

// Declarations before pares and juego (R22): automatic public events.
void declare(State& s, Lance l, const TableEval& t, Events* ev) {
  std::uint8_t mask = 0;
  for (int k = 0; k < seats; ++k) {
    const int seat = speaking_seat(s, k);
    const bool has = l == Lance::pares ? has_pares(t[static_cast<std::size_t>(seat)])
                                       : has_juego(t[static_cast<std::size_t>(seat)]);
    if (has) mask = static_cast<std::uint8_t>(mask | (1U << seat));
    emit(ev, l == Lance::pares ? EventKind::declare_pares : EventKind::declare_juego, seat,
         team_of(seat), static_cast<int>(l), 0, has ? 1 : 0);
  }
  if (l == Lance::pares) {
    s.pares_mask = mask;
    s.declared |= 1;
  } else {
    s.juego_mask = mask;
    s.declared |= 2;
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
        if (s.juego_mask == 0) l = Lance::punto;
      }
    }
    s.lance = l;
    r.lance = l;
    const std::uint8_t m = eligible_mask(s);
    const bool team0 = (m & 0x5) != 0;
    const bool team1 = (m & 0xA) != 0;
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
    s.spoken = 0;
    s.bet_open = 0;
    s.is_ordago = 0;
    s.bet_team = -1;
    s.answer_first = s.answer_second = -1;
    s.answer_stage = 0;
    s.stake_before = 0;
    s.proposed = 0;
    s.to_act = static_cast<std::int8_t>(next_speaker(s, 0));
    return;
  }
  count_hand(s, ev);
}

// After the mus phase ends with a cut: tío Perete (R32) when the variant is on, then the
// lances. Every seat is asked, holder or not, so that being asked reveals nothing of a hand.
void begin_lances(State& s, Events* ev) {
  s.perete_asked = 0;
  if (s.rules.tio_perete) {
    s.phase = Phase::perete;
    s.to_act = static_cast<std::int8_t>(s.mano);
    return;
  }
  start_lance(s, 0, ev);
}

// The next seat not yet asked about tío Perete, in speaking order, or -1.
int next_perete_seat(const State& s) {
  for (int k = 0; k < seats; ++k) {
    const int seat = speaking_seat(s, k);
    if (((s.perete_asked >> seat) & 1U) == 0) return seat;
  }
  return -1;
}

void setup_answer(State& s, int bettor) {
  s.bet_open = 1;
  s.bet_team = static_cast<std::int8_t>(team_of(bettor));
  s.answer_first = -1;
  for (int k = 1; k < seats; ++k) {
    const int seat = (bettor + k) % seats;
    if (team_of(seat) != team_of(bettor) && eligible(s, seat)) {
      s.answer_first = static_cast<std::int8_t>(seat);
      break;
    }
  }
  const int p = partner(s.answer_first);
  s.answer_second = static_cast<std::int8_t>(eligible(s, p) ? p : -1);
  s.answer_stage = 0;
  s.to_act = s.answer_first;
}

// --- replacements and refills (R14, R15) ----------------------------------------------------

// Deals replacement cards from the stock, mano first; stops for a refill shuffle when the
// stock cannot serve the next seat.
void deal_replacements(State& s, Events* ev) {
  while (s.refill_seat < seats) {
    const int seat = speaking_seat(s, s.refill_seat);
    const int n = s.need[static_cast<std::size_t>(seat)];
    if (s.stock_end - s.stock_pos < n) {
      s.phase = Phase::shuffle;
      s.to_act = -1;
      return;
    }
    for (int i = 0; i < hand_size; ++i) {
      auto& slot = s.hands[static_cast<std::size_t>(seat * 4 + i)];
      if (slot == no_card) slot = s.stock[s.stock_pos++];
    }
    s.need[static_cast<std::size_t>(seat)] = 0;
    refresh_truth(s, seat);
    emit(ev, EventKind::replace, seat, team_of(seat), -1, n);
    ++s.refill_seat;
  }
  s.refill_seat = not_dealing;
  s.phase = Phase::mus;
  s.mus_said = 0;
  s.to_act = static_cast<std::int8_t>(s.mano);
}

// --- phase handlers -------------------------------------------------------------------------

Errc on_shuffle(State& s, const Action& a, Events* ev) {
  if (a.seat != -1) return Errc::invalid_argument;
  std::array<std::uint8_t, deck_size> order{};
  int n = 0;
  const Errc e = shuffle_order(a, cards_to_shuffle(s), order.data(), n);
  if (e != Errc::ok) return e;
  if (s.refill_seat != not_dealing) {  // stock refill (R15)
    int k = 0;
    for (int i = s.stock_pos; i < s.stock_end; ++i)
      s.stock[static_cast<std::size_t>(k++)] = s.stock[static_cast<std::size_t>(i)];
    for (int i = 0; i < n; ++i)
      s.stock[static_cast<std::size_t>(k++)] = order[static_cast<std::size_t>(i)];
    s.stock_pos = 0;
    s.stock_end = static_cast<std::uint8_t>(k);
    s.pile = 0;
    emit(ev, EventKind::refill, -1, -1, -1, n);
    deal_replacements(s, ev);
    return Errc::ok;
  }
  // A new hand (R11).
  s.hand_number += 1;
  if (s.hand_in_game < 0xFF)
    s.hand_in_game = static_cast<std::uint8_t>(s.hand_in_game + 1);  // saturates
  for (int k = 0; k < hand_size; ++k)
    for (int i = 0; i < seats; ++i)
      s.hands[static_cast<std::size_t>(((s.mano + i) % seats) * 4 + k)] =
          order[static_cast<std::size_t>(4 * k + i)];
  for (int i = 16; i < deck_size; ++i)
    s.stock[static_cast<std::size_t>(i - 16)] = order[static_cast<std::size_t>(i)];
  s.stock_pos = 0;
  s.stock_end = deck_size - 16;
  s.pile = 0;
  s.need = {};
  s.refill_seat = not_dealing;
  s.discarded = 0;
  s.mus_said = 0;
  s.pares_mask = s.juego_mask = s.declared = 0;
  s.perete_mask = s.perete_asked = 0;
  s.deje_winner = -1;
  s.signals = {};
  for (int seat = 0; seat < seats; ++seat) refresh_truth(s, seat);
  s.lances = {};
  for (int i = 0; i < 4; ++i)  // named by position until played (index 3: juego or punto)
    s.lances[static_cast<std::size_t>(i)].lance = static_cast<Lance>(i);
  s.bet_open = 0;
  s.is_ordago = 0;
  s.hand_start_score = s.score;
  const bool corrido = (s.rules.mus_corrido == MusCorrido::match && s.hand_number == 1) ||
                       (s.rules.mus_corrido == MusCorrido::game && s.hand_in_game == 1);
  s.corrido = corrido ? 1 : 0;
  s.no_signals = corrido ? 1 : 0;
  s.phase = Phase::mus;
  s.to_act = static_cast<std::int8_t>(s.mano);
  emit(ev, EventKind::deal, s.dealer, -1, -1, static_cast<int>(s.hand_number), s.mano);
  return Errc::ok;
}

Errc on_mus(State& s, const Action& a, Events* ev) {
  const int seat = a.seat;
  if (a.kind == ActionKind::mus) {
    emit(ev, EventKind::mus, seat, team_of(seat));
    if (++s.mus_said == seats) {
      s.corrido = 0;  // all four said mus: ordinary discard, original mano (R31)
      s.phase = Phase::discard;
      s.discarded = 0;
      s.to_act = static_cast<std::int8_t>(s.mano);
    } else {
      s.to_act = static_cast<std::int8_t>(next_seat(seat));
    }
    return Errc::ok;
  }
  if (a.kind != ActionKind::cut) return Errc::wrong_phase;
  if (s.corrido) {  // mus corrido: the first to cut becomes mano (R31)
    s.mano = static_cast<std::uint8_t>(seat);
    s.dealer = static_cast<std::uint8_t>((seat + 3) % seats);
    s.corrido = 0;
  }
  emit(ev, EventKind::cut, seat, team_of(seat), -1, 0, s.mano);
  begin_lances(s, ev);
  return Errc::ok;
}

Errc on_discard(State& s, const Action& a, Events* ev) {
  if (a.kind != ActionKind::discard) return Errc::wrong_phase;
  const int seat = a.seat;
  const std::uint64_t held = hand_mask(s, seat);
  if ((a.cards & ~held) != 0) return Errc::card_not_in_hand;
  const int n = std::popcount(a.cards);
  if (n == 0 && !s.rules.zero_discard) return Errc::illegal_action;
  for (int i = 0; i < hand_size; ++i) {
    auto& slot = s.hands[static_cast<std::size_t>(seat * 4 + i)];
    if ((a.cards >> slot) & 1U) slot = no_card;
  }
  s.pile |= a.cards;
  s.need[static_cast<std::size_t>(seat)] = static_cast<std::uint8_t>(n);
  if (n > 0) s.signals[static_cast<std::size_t>(seat)] = 0;  // they described the old hand
  refresh_truth(s, seat);
  emit(ev, EventKind::discard, seat, team_of(seat), -1, n);
  if (++s.discarded == seats) {
    s.refill_seat = 0;
    deal_replacements(s, ev);
  } else {
    s.to_act = static_cast<std::int8_t>(next_seat(seat));
  }
  return Errc::ok;
}

Errc on_perete(State& s, const Action& a, Events* ev) {
  const int seat = a.seat;
  if (a.kind != ActionKind::perete && a.kind != ActionKind::pass) return Errc::wrong_phase;
  if (a.kind == ActionKind::perete && !is_perete_hand(s, seat)) return Errc::illegal_action;
  s.perete_asked = static_cast<std::uint8_t>(s.perete_asked | (1U << seat));
  if (a.kind == ActionKind::perete) {
    s.perete_mask = static_cast<std::uint8_t>(s.perete_mask | (1U << seat));
    const int team = team_of(seat);
    auto& sc = s.score[static_cast<std::size_t>(team)];
    sc = static_cast<std::int16_t>(sc + 1);
    emit(ev, EventKind::perete, seat, team, -1, 1);
    if (check_immediate_points(s, team, ev)) return Errc::ok;
  } else {
    emit(ev, EventKind::pass, seat, team_of(seat));
  }
  const int next = next_perete_seat(s);
  if (next >= 0) {
    s.to_act = static_cast<std::int8_t>(next);
  } else {
    start_lance(s, 0, ev);
  }
  return Errc::ok;
}

// The bet limits (R24, R25): opening bets from 2, raises from the rules' minimum, and any
// larger amount up to a total proposed of max_stake (a representation limit, far above any
// game target; the órdago is the way to bet the whole game).
int bet_min(const State& s) {
  if (s.bet_open && s.is_ordago) return 0;
  const int lo = s.bet_open ? s.rules.min_raise : 2;
  const int room = max_stake - (s.bet_open ? s.proposed : 0);
  return room >= lo ? lo : 0;
}

int bet_max(const State& s) {
  if (bet_min(s) == 0) return 0;
  return max_stake - (s.bet_open ? s.proposed : 0);
}

Errc on_betting(State& s, const Action& a, Events* ev) {
  const int seat = a.seat;
  const int lance = static_cast<int>(s.lance);
  LanceRecord& r = s.lances[s.lance_index];
  switch (a.kind) {
    case ActionKind::pass: {
      if (s.bet_open) return Errc::illegal_action;  // no passing while a bet is open (R25)
      emit(ev, EventKind::pass, seat, team_of(seat), lance);
      const int k = (seat - s.mano + seats) % seats;
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
      s.stake_before = s.bet_open ? s.proposed : 1;
      s.proposed = static_cast<std::uint16_t>((s.bet_open ? s.proposed : 0) + a.amount);
      emit(ev, EventKind::bet, seat, team_of(seat), lance, a.amount, s.proposed);
      setup_answer(s, seat);
      return Errc::ok;
    }
    case ActionKind::ordago: {
      if (s.bet_open && s.is_ordago) return Errc::illegal_action;
      s.stake_before = s.bet_open ? s.proposed : 1;
      s.is_ordago = 1;
      emit(ev, EventKind::ordago, seat, team_of(seat), lance);
      setup_answer(s, seat);
      return Errc::ok;
    }
    case ActionKind::accept: {
      if (!s.bet_open) return Errc::illegal_action;
      r.bet_team = s.bet_team;
      if (s.is_ordago) {  // showdown: the lance decides the game (R27)
        const TableEval t = table_eval(s);
        const int winner = lance_winner(t, s.lance, s.mano);
        r.status = LanceStatus::ordago;
        r.winner_seat = static_cast<std::int8_t>(winner);
        r.winner_team = static_cast<std::int8_t>(team_of(winner));
        emit(ev, EventKind::accept, seat, team_of(seat), lance);
        emit(ev, EventKind::showdown, winner, team_of(winner), lance);
        s.bet_open = 0;
        finish_hand(s, HandEnd::ordago, team_of(winner), ev);
        return Errc::ok;
      }
      r.status = LanceStatus::accepted;
      r.stake = s.proposed;
      emit(ev, EventKind::accept, seat, team_of(seat), lance, 0, s.proposed);
      s.bet_open = 0;
      next_lance(s, ev);
      return Errc::ok;
    }
    case ActionKind::reject: {
      if (!s.bet_open) return Errc::illegal_action;
      emit(ev, EventKind::reject, seat, team_of(seat), lance);
      if (s.answer_stage == 0 && s.answer_second >= 0) {  // the partner may still answer
        s.answer_stage = 1;
        s.to_act = s.answer_second;
        return Errc::ok;
      }
      // Refused: a deje (R26), scored at once.
      const int team = s.bet_team;
      r.status = LanceStatus::refused;
      r.bet_team = static_cast<std::int8_t>(team);
      r.winner_team = static_cast<std::int8_t>(team);
      r.stake = s.stake_before;
      auto& sc = s.score[static_cast<std::size_t>(team)];
      sc = static_cast<std::int16_t>(sc + s.stake_before);
      emit(ev, EventKind::deje, -1, team, lance, s.stake_before);
      s.bet_open = 0;
      if (check_immediate_points(s, team, ev)) return Errc::ok;
      next_lance(s, ev);
      return Errc::ok;
    }
    default: return Errc::wrong_phase;
  }
}

Errc on_signal(State& s, const Action& a, Events* ev) {
  const int seat = a.seat;
  if (s.phase != Phase::mus && s.phase != Phase::discard && s.phase != Phase::betting &&
      s.phase != Phase::perete)
    return Errc::wrong_phase;
  if (s.no_signals) return Errc::illegal_action;  // mus corrido hand (R31)
  if (a.amount < 0 || a.amount >= signal_count) return Errc::invalid_argument;
  if ((s.signals[static_cast<std::size_t>(seat)] >> a.amount) & 1U) return Errc::illegal_action;
  if (!hand_complete(s, seat)) return Errc::illegal_action;
  if (((s.truth[static_cast<std::size_t>(seat)] >> a.amount) & 1U) == 0) return Errc::false_signal;
  s.signals[static_cast<std::size_t>(seat)] =
      static_cast<std::uint16_t>(s.signals[static_cast<std::size_t>(seat)] | (1U << a.amount));
  emit(ev, EventKind::signal, seat, team_of(seat), -1, 0, a.amount);
  return Errc::ok;
}

}  // namespace

void seeded_order(std::uint8_t* cards, int n, std::uint64_t seed) noexcept {
  // Sort by id first, so the result depends only on the set of cards and the seed.
  for (int i = 1; i < n; ++i)
    for (int j = i; j > 0 && cards[j - 1] > cards[j]; --j) {
      const std::uint8_t t = cards[j];
      cards[j] = cards[j - 1];
      cards[j - 1] = t;
    }
  Draws draws{seed};
  for (int i = n - 1; i > 0; --i) {
    const auto j = static_cast<int>(draws.below(static_cast<std::uint32_t>(i) + 1));
    const std::uint8_t t = cards[i];
    cards[i] = cards[j];
    cards[j] = t;
  }
}

Result<Action> stacked_deal(const std::array<std::uint8_t, 16>& hands, int mano,
                            const std::uint8_t* stock, int stock_n) noexcept {
  if (mano < 0 || mano >= seats) return Error{Errc::invalid_argument, "mano must be 0..3", -1};
  if (stock_n < 0 || stock_n > deck_size - 16 || (stock_n > 0 && stock == nullptr))
    return Error{Errc::invalid_argument, "stock_n must be 0..24", -1};
  std::array<std::uint8_t, deck_size> order{};
  std::uint64_t used = 0;
  const auto use = [&used](std::uint8_t id) {
    if (id >= deck_size || ((used >> id) & 1U)) return false;
    used |= std::uint64_t{1} << id;
    return true;
  };
  for (int k = 0; k < hand_size; ++k)
    for (int i = 0; i < seats; ++i) {
      const std::uint8_t id = hands[static_cast<std::size_t>(((mano + i) % seats) * 4 + k)];
      if (!use(id)) return Error{Errc::invalid_cards, "card out of range or repeated", -1};
      order[static_cast<std::size_t>(4 * k + i)] = id;
    }
  int n = 16;
  for (int i = 0; i < stock_n; ++i) {
    if (!use(stock[i])) return Error{Errc::invalid_cards, "card out of range or repeated", -1};
    order[static_cast<std::size_t>(n++)] = stock[i];
  }
  for (int id = 0; id < deck_size; ++id)
    if (((used >> id) & 1U) == 0)
      order[static_cast<std::size_t>(n++)] = static_cast<std::uint8_t>(id);
  return Action::shuffle_order(order.data(), deck_size);
}

Result<State> new_match(const Rules& rules, int first_dealer) noexcept {
  if (const Error e = validate(rules); !e.ok()) return e;
  if (first_dealer < 0 || first_dealer >= seats)
    return Error{Errc::invalid_argument, "first dealer must be a seat 0..3", -1};
  State s;
  s.magic = state_magic;
  s.rules = rules;
  s.dealer = static_cast<std::uint8_t>(first_dealer);
  s.mano = static_cast<std::uint8_t>(next_seat(first_dealer));
  gather_cards(s);
  s.phase = Phase::shuffle;
  s.to_act = -1;
  return s;
}

Errc apply_in_place(State& s, const Action& a, Events* events) noexcept {
  if (events != nullptr) events->size = 0;
  if (s.phase == Phase::match_over) return Errc::match_over;
  const int kind = static_cast<int>(a.kind);
  if (kind < 1 || kind >= action_kind_end) return Errc::invalid_argument;
  if (a.kind == ActionKind::shuffle) {
    if (s.phase != Phase::shuffle) return Errc::wrong_phase;
    return on_shuffle(s, a, events);
  }
  if (a.seat < 0 || a.seat >= seats) return Errc::invalid_argument;
  if (s.phase == Phase::shuffle) return Errc::wrong_phase;
  if (a.kind == ActionKind::signal) return on_signal(s, a, events);
  if (a.seat != s.to_act) return Errc::not_your_turn;
  switch (s.phase) {
    case Phase::mus: return on_mus(s, a, events);
    case Phase::discard: return on_discard(s, a, events);
    case Phase::perete: return on_perete(s, a, events);
    case Phase::betting: return on_betting(s, a, events);
    default: return Errc::internal;
  }
}

std::uint64_t cards_to_shuffle(const State& s) noexcept {
  if (s.phase != Phase::shuffle) return 0;
  return s.refill_seat != not_dealing ? s.pile : (std::uint64_t{1} << deck_size) - 1;
}

int min_bet(const State& s) noexcept { return s.phase == Phase::betting ? bet_min(s) : 0; }

int max_bet(const State& s) noexcept { return s.phase == Phase::betting ? bet_max(s) : 0; }

Hand hand_of(const State& s, int seat) noexcept {
  if (seat < 0 || seat >= seats) return Hand{};
  return hand_at(s, seat);
}

// --- action ids and the legal actions --------------------------------------------------------

namespace {

constexpr std::uint64_t id_bit(int id) { return std::uint64_t{1} << id; }

// The bet ids whose amounts are at least a (the first index i with ladder[i] >= a, as bits).
constexpr std::uint64_t ladder_from(int a) {
  std::uint64_t bits = 0;
  for (int i = 0; i < action_ids::bet_count; ++i)
    if (bet_ladder[static_cast<std::size_t>(i)] >= a) bits |= id_bit(action_ids::bet + i);
  return bits;
}

// ladder_upto[h]: the bet ids whose amounts are at most h, for h up to the top rung.
constexpr auto ladder_upto = [] {
  constexpr int top = bet_ladder[action_ids::bet_count - 1];
  std::array<std::uint64_t, top + 1> t{};
  for (int h = 0; h <= top; ++h)
    t[static_cast<std::size_t>(h)] = ~ladder_from(h + 1) & ladder_from(0);
  return t;
}();

// The bits of the bet ladder's amounts from lo to hi (0 < lo <= hi).
std::uint64_t ladder_bits(int lo, int hi) {
  const std::uint64_t upto = hi < static_cast<int>(ladder_upto.size())
                                 ? ladder_upto[static_cast<std::size_t>(hi)]
                                 : ladder_from(0);
  return (lo <= 1 ? ladder_from(1) : ladder_from(2)) & upto & ladder_from(lo);
}

// The seat's cards sorted by id (no_card slots last), and how many it holds.
int sorted_cards(const State& s, int seat, std::array<std::uint8_t, 4>& out) {
  int n = 0;
  for (int i = 0; i < hand_size; ++i) {
    const std::uint8_t id = s.hands[static_cast<std::size_t>(seat * 4 + i)];
    if (id == no_card) continue;
    int j = n++;
    for (; j > 0 && out[static_cast<std::size_t>(j - 1)] > id; --j)
      out[static_cast<std::size_t>(j)] = out[static_cast<std::size_t>(j - 1)];
    out[static_cast<std::size_t>(j)] = id;
  }
  return n;
}

}  // namespace

std::uint64_t legal_action_mask(const State& s) noexcept {
  std::uint64_t m = 0;
  switch (s.phase) {
    case Phase::match_over: return 0;
    case Phase::shuffle: return id_bit(action_ids::shuffle);
    case Phase::mus: m = id_bit(action_ids::mus) | id_bit(action_ids::cut); break;
    case Phase::discard: {
      // Every subset of the four cards; the empty one (servido) only with zero_discard (R14).
      const std::uint64_t all = ((std::uint64_t{1} << action_ids::discard_count) - 1)
                                << action_ids::discard;
      m = s.rules.zero_discard ? all : all & ~id_bit(action_ids::discard);
      break;
    }
    case Phase::perete:
      m = id_bit(action_ids::pass);
      if (is_perete_hand(s, s.to_act)) m |= id_bit(action_ids::perete);
      break;
    case Phase::betting:
      m = s.bet_open ? id_bit(action_ids::accept) | id_bit(action_ids::reject)
                     : id_bit(action_ids::pass);
      if (const int lo = bet_min(s); lo > 0) m |= ladder_bits(lo, bet_max(s));
      if (!(s.bet_open && s.is_ordago)) m |= id_bit(action_ids::ordago);
      break;
  }
  if (!s.no_signals) {
    const auto i = static_cast<std::size_t>(s.to_act);
    const std::uint64_t open =
        static_cast<unsigned>(s.truth[i]) & ~static_cast<unsigned>(s.signals[i]);
    m |= open << action_ids::signal;
  }
  return m;
}

Result<int> action_id(const State& s, const Action& a) noexcept {
  switch (a.kind) {
    case ActionKind::shuffle: return action_ids::shuffle;
    case ActionKind::mus: return action_ids::mus;
    case ActionKind::cut: return action_ids::cut;
    case ActionKind::pass: return action_ids::pass;
    case ActionKind::ordago: return action_ids::ordago;
    case ActionKind::accept: return action_ids::accept;
    case ActionKind::reject: return action_ids::reject;
    case ActionKind::perete: return action_ids::perete;
    case ActionKind::bet:
      for (int i = 0; i < action_ids::bet_count; ++i)
        if (bet_ladder[static_cast<std::size_t>(i)] == a.amount) return action_ids::bet + i;
      return Error{Errc::not_in_action_space, "the bet amount is not on the bet ladder", -1};
    case ActionKind::signal:
      if (a.amount < 0 || a.amount >= signal_count)
        return Error{Errc::invalid_argument, "no such signal", -1};
      return action_ids::signal + a.amount;
    case ActionKind::discard: {
      if (a.seat < 0 || a.seat >= seats)
        return Error{Errc::invalid_argument, "seat out of range", -1};
      std::array<std::uint8_t, 4> cards{};
      const int n = sorted_cards(s, a.seat, cards);
      int mask = 0;
      std::uint64_t covered = 0;
      for (int k = 0; k < n; ++k) {
        const std::uint64_t bit = std::uint64_t{1} << cards[static_cast<std::size_t>(k)];
        if ((a.cards & bit) != 0) {
          mask |= 1 << k;
          covered |= bit;
        }
      }
      if (covered != a.cards)
        return Error{Errc::card_not_in_hand, "a discarded card is not in the seat's hand", -1};
      return action_ids::discard + mask;
    }
  }
  return Error{Errc::invalid_argument, "unknown action kind", -1};
}

namespace {

// The action of an id for the seat to act, into `out` (no Result wrapper: apply_id_in_place
// and legal_actions are hot paths).
Errc action_for_id(const State& s, int id, Action& out, std::string_view& why) {
  if (id < 0 || id >= action_id_count) {
    why = "action id out of range";
    return Errc::invalid_argument;
  }
  if (id == action_ids::shuffle) {
    out = Action::shuffle_seed(0);
    return Errc::ok;
  }
  if (s.phase == Phase::match_over) {
    why = "the match is over";
    return Errc::match_over;
  }
  const int seat = s.to_act;
  if (seat < 0) {
    why = "chance is to act: only the shuffle id applies";
    return Errc::wrong_phase;
  }
  out.kind = ActionKind::pass;
  out.seat = static_cast<std::int8_t>(seat);
  if (id >= action_ids::signal && id < action_ids::signal + action_ids::signal_count) {
    const int k = id - action_ids::signal;
    if (k >= signal_count) {
      why = "reserved signal id";
      return Errc::invalid_argument;
    }
    out.kind = ActionKind::signal;
    out.amount = k;
  } else if (id >= action_ids::bet && id < action_ids::bet + action_ids::bet_count) {
    out.kind = ActionKind::bet;
    out.amount = bet_ladder[static_cast<std::size_t>(id - action_ids::bet)];
  } else if (id >= action_ids::discard && id < action_ids::discard + action_ids::discard_count) {
    std::array<std::uint8_t, 4> cards{};
    const int n = sorted_cards(s, seat, cards);
    const int mask = id - action_ids::discard;
    if ((mask >> n) != 0) {
      why = "the discard names a card position the seat lacks";
      return Errc::card_not_in_hand;
    }
    std::uint64_t set = 0;
    for (int k = 0; k < n; ++k)
      if ((mask >> k) & 1) set |= std::uint64_t{1} << cards[static_cast<std::size_t>(k)];
    out.kind = ActionKind::discard;
    out.cards = set;
  } else {
    switch (id) {
      case action_ids::mus: out.kind = ActionKind::mus; break;
      case action_ids::cut: out.kind = ActionKind::cut; break;
      case action_ids::pass: out.kind = ActionKind::pass; break;
      case action_ids::ordago: out.kind = ActionKind::ordago; break;
      case action_ids::accept: out.kind = ActionKind::accept; break;
      case action_ids::reject: out.kind = ActionKind::reject; break;
      default: out.kind = ActionKind::perete; break;  // action_ids::perete, the last id
    }
  }
  return Errc::ok;
}

}  // namespace

Result<Action> action_from_id(const State& s, int id) noexcept {
  Action a;
  std::string_view why;
  const Errc e = action_for_id(s, id, a, why);
  if (e != Errc::ok) return Error{e, why, -1};
  return a;
}

Errc apply_id_in_place(State& s, int id, std::uint64_t seed, Events* events) noexcept {
  Action a;
  std::string_view why;
  const Errc e = action_for_id(s, id, a, why);
  if (e != Errc::ok) {
    if (events != nullptr) events->size = 0;
    return e;
  }
  a.seed = seed;
  return apply_in_place(s, a, events);
}

ActionList legal_actions(const State& s) noexcept {
  ActionList out;
  for (std::uint64_t m = legal_action_mask(s); m != 0; m &= m - 1) {
    Action a;
    std::string_view why;
    (void)action_for_id(s, std::countr_zero(m), a, why);  // every id of the mask names one
    out.push(a);
  }
  return out;
}

SeatView view_of(const State& s, int seat) noexcept {
  SeatView v;
  if (seat < 0 || seat >= seats) return v;
  v.seat = static_cast<std::int8_t>(seat);
  v.phase = s.phase;
  v.to_act = s.to_act;
  v.dealer = s.dealer;
  v.mano = s.mano;
  v.lance = s.lance;
  v.match_winner = s.match_winner;
  for (int i = 0; i < hand_size; ++i)
    v.hand[static_cast<std::size_t>(i)] = s.hands[static_cast<std::size_t>(seat * 4 + i)];
  v.score = s.score;
  v.games = s.games;
  v.vacas = s.vacas;
  v.stock_count = static_cast<std::uint8_t>(s.stock_end - s.stock_pos);
  v.pile_count = static_cast<std::uint8_t>(std::popcount(s.pile));
  v.pares_mask = s.pares_mask;
  v.juego_mask = s.juego_mask;
  v.declared = s.declared;
  v.perete_mask = s.perete_mask;
  v.signals = s.signals;
  v.bet_open = s.bet_open;
  v.is_ordago = s.is_ordago;
  v.bet_team = s.bet_open ? s.bet_team : std::int8_t{-1};
  v.stake_before = s.stake_before;
  v.proposed = s.proposed;
  v.hand_number = s.hand_number;
  v.lances = s.lances;
  v.last = s.last;
  return v;
}

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
      !in(byte(s.rules.tio_perete), 0, 1) || s.rules.reserved != 0)
    return bad;
  if (!validate(s.rules).ok()) return bad;
  if (s.reserved0 != 0 || s.reserved1 != 0 || s.reserved3 != 0 || s.reserved4 != 0 ||
      s.spoken != 0)  // `spoken` is never set to anything but 0
    return bad;
  for (const std::uint8_t b : s.reserved2)
    if (b != 0) return bad;
  const Rules& rules = s.rules;
  const int target = rules.target;

  // --- phase, seats, match winner ------------------------------------------------------------
  const int phase = byte(s.phase);
  if (!in(phase, 1, 6)) return bad;
  if (s.dealer >= seats || s.mano >= seats || s.dealer != (s.mano + 3) % seats) return bad;
  if (s.refill_seat != not_dealing && (s.phase != Phase::shuffle || s.refill_seat >= seats))
    return bad;
  const bool over = s.phase == Phase::match_over;
  const bool refill = s.phase == Phase::shuffle && s.refill_seat != not_dealing;
  const bool between = over || (s.phase == Phase::shuffle && !refill);
  const bool dealing = s.phase == Phase::mus || s.phase == Phase::discard || refill;
  const bool chance = s.phase == Phase::shuffle || over;
  if (chance != (s.to_act == -1)) return bad;
  if (!chance && !in(s.to_act, 0, seats - 1)) return bad;
  if (!in(s.match_winner, -1, 1) || over != (s.match_winner >= 0)) return bad;

  // --- scores, games, vacas ------------------------------------------------------------------
  for (int t = 0; t < 2; ++t) {
    const auto i = idx(t);
    if (!in(s.score[i], 0, max_score)) return bad;
    if (!in(s.hand_start_score[i], 0, target - 1)) return bad;
    if (s.games[i] >= rules.games_per_vaca) return bad;
    if (s.vacas[i] > rules.vacas || (s.vacas[i] == rules.vacas) != (s.match_winner == t))
      return bad;
    if (between && s.score[i] >= target) return bad;
    if (over && (s.score[i] != 0 || s.games[i] != 0)) return bad;
    if (dealing && s.score[i] != s.hand_start_score[i]) return bad;  // no points before the cut
    if (s.score[i] < s.hand_start_score[i] && !between) return bad;  // points only add up
  }
  if (!in(s.deje_winner, -1, 1)) return bad;
  if (!between) {  // deje_winner is reset at the deal and set only with deje_ends off
    if (s.deje_winner >= 0 && (rules.deje_ends || dealing)) return bad;
    for (int t = 0; t < 2; ++t)
      if (s.score[idx(t)] >= target && s.deje_winner < 0) return bad;
    if (s.deje_winner >= 0 && s.score[idx(s.deje_winner)] < target) return bad;
  }

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
      if (s.hand_start_score[idx(t)] != 0) return bad;
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
      if (between ? s.score[idx(t)] != expect : s.hand_start_score[idx(t)] != expect) return bad;
    }
    if (between && s.dealer != last.mano) return bad;
    if (!between && !s.no_signals && s.dealer != last.mano) return bad;  // no mus corrido cut
    if (between && !(s.lances == last.lances)) return bad;
  }

  // --- lance records: ranges, names by position ----------------------------------------------
  const auto record_ok = [&](const LanceRecord& r, int position) {
    const int lance = byte(r.lance);
    const bool named =
        position < 3 ? lance == position : (r.lance == Lance::juego || r.lance == Lance::punto);
    return named && in(byte(r.status), 0, 6) && r.reserved == 0 && in(r.bet_team, -1, 1) &&
           in(r.winner_team, -1, 1) && in(r.winner_seat, -1, seats - 1) && r.tantos <= 6 &&
           r.counted <= 1 && r.stake <= max_stake && r.points <= max_stake + 7;
  };
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
  for (const std::uint8_t id : s.hands)
    if (id != no_card && !take(id)) return bad;
  if (s.stock_pos > s.stock_end || s.stock_end > deck_size) return bad;
  for (int i = s.stock_pos; i < s.stock_end; ++i)
    if (!take(s.stock[idx(i)])) return bad;
  if ((s.pile >> deck_size) != 0 || (seen & s.pile) != 0) return bad;
  count += std::popcount(s.pile);
  if (count != deck_size) return bad;
  if (between) {  // gathered: no hands, the stock is the deck in id order (gather_cards)
    if (s.stock_pos != 0 || s.stock_end != deck_size) return bad;
    for (int i = 0; i < deck_size; ++i)
      if (s.stock[idx(i)] != i) return bad;
  }

  // Empty slots only while replacements are owed: their number is what the seat is owed.
  // Speaking index k = (seat - mano) mod 4: discards and replacements go in speaking order.
  std::array<int, seats> empty{};
  for (int seat = 0; seat < seats; ++seat)
    for (int i = 0; i < hand_size; ++i)
      if (s.hands[idx(seat * 4 + i)] == no_card) ++empty[idx(seat)];
  for (int k = 0; k < seats; ++k) {
    const int seat = speaking_seat(s, k);
    const int need = s.need[idx(seat)];
    if (between) {
      if (empty[idx(seat)] != hand_size || need != 0) return bad;
      continue;
    }
    if (need != empty[idx(seat)]) return bad;
    bool owed = false;  // may this seat be owed cards now?
    if (s.phase == Phase::discard) owed = k < s.discarded;
    if (refill) owed = k >= s.refill_seat;
    if (!owed && need != 0) return bad;
    if (owed && need == 0 && !rules.zero_discard) return bad;
  }
  if (refill) {  // the seat to serve could not be served from the stock
    const int seat = speaking_seat(s, s.refill_seat);
    if (s.need[idx(seat)] <= s.stock_end - s.stock_pos) return bad;
  }

  // --- signals and their cache ---------------------------------------------------------------
  if (s.corrido > 1 || s.no_signals > 1) return bad;
  for (int seat = 0; seat < seats; ++seat) {
    const auto i = idx(seat);
    const bool complete = empty[i] == 0;
    const std::uint16_t truth = complete ? true_signals(hand_at(s, seat), rules) : 0;
    if (s.truth[i] != truth) return bad;
    if ((s.signals[i] >> signal_count) != 0) return bad;
    if (s.no_signals && s.signals[i] != 0) return bad;
    if (!between && (s.signals[i] & ~truth) != 0) return bad;  // only true signals (R33)
  }

  // --- mus, discards, mus corrido ------------------------------------------------------------
  if (s.mus_said > 4 || (s.discarded != 0 && s.discarded != 4 && s.phase != Phase::discard))
    return bad;
  if ((s.phase == Phase::discard || refill) != (s.mus_said == 4)) return bad;
  if (s.phase == Phase::mus && s.to_act != (s.mano + s.mus_said) % seats) return bad;
  if (s.phase == Phase::discard && (s.discarded > 3 || s.to_act != (s.mano + s.discarded) % seats))
    return bad;
  if (refill && s.discarded != 4) return bad;
  if (!between) {  // the deal decided whether this hand is a mus corrido hand (R31)
    const bool corrido_hand = (rules.mus_corrido == MusCorrido::match && s.hand_number == 1) ||
                              (rules.mus_corrido == MusCorrido::game && s.hand_in_game == 1);
    if (s.no_signals != (corrido_hand ? 1 : 0)) return bad;
  } else if (s.no_signals && rules.mus_corrido == MusCorrido::off) {
    return bad;
  }
  const bool first_round = s.phase == Phase::mus && s.discarded == 0;
  if (s.corrido != (first_round ? s.no_signals : 0)) return bad;

  // --- tío Perete (R32) ----------------------------------------------------------------------
  if (s.perete_asked > 0xF || (s.perete_mask & ~s.perete_asked) != 0) return bad;
  if (s.perete_asked != 0 && !rules.tio_perete) return bad;
  if (dealing && s.perete_asked != 0) return bad;
  if (s.phase == Phase::perete || s.phase == Phase::betting) {
    // With the variant every seat is asked in speaking order, each once, before the lances;
    // only a seat holding 4-5-6-7 can have declared.
    const int turn = s.phase == Phase::perete ? (s.to_act - s.mano + seats) % seats : seats;
    if (s.phase == Phase::perete && !rules.tio_perete) return bad;
    for (int k = 0; k < seats; ++k) {
      const int seat = speaking_seat(s, k);
      const bool asked = ((s.perete_asked >> seat) & 1U) != 0;
      if (asked != (rules.tio_perete && k < turn)) return bad;
      if (((s.perete_mask >> seat) & 1U) != 0 && !is_perete_hand(s, seat)) return bad;
    }
  }

  // --- declarations (R22) --------------------------------------------------------------------
  if (s.pares_mask > 0xF || s.juego_mask > 0xF || s.declared > 3) return bad;
  if (!between) {
    int declared = 0;
    if (s.phase == Phase::betting) declared = s.lance_index >= 3 ? 3 : (s.lance_index == 2 ? 1 : 0);
    if (s.declared != declared) return bad;
    std::uint8_t pares = 0;
    std::uint8_t juego = 0;
    if (declared != 0) {
      const TableEval t = table_eval(s);
      for (int seat = 0; seat < seats; ++seat) {
        if (has_pares(t[idx(seat)])) pares = static_cast<std::uint8_t>(pares | (1U << seat));
        if (has_juego(t[idx(seat)])) juego = static_cast<std::uint8_t>(juego | (1U << seat));
      }
    }
    if (s.pares_mask != ((declared & 1) ? pares : 0)) return bad;
    if (s.juego_mask != ((declared & 2) ? juego : 0)) return bad;
    // Punto is played instead of juego exactly when nobody has juego (R20).
    if (declared == 3 && (s.lance == Lance::juego) != (s.juego_mask != 0)) return bad;
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
      const std::uint8_t m = j == 2 ? s.pares_mask : 0x0F;
      const bool team0 = (m & 0x5) != 0;
      const bool team1 = (m & 0xA) != 0;
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
          if (!team0 || !team1 || r.bet_team < 0 || r.winner_team != -1 || r.stake < 2) return bad;
          break;
        case LanceStatus::refused:
          if (!team0 || !team1 || r.bet_team < 0 || r.winner_team != r.bet_team || r.stake < 1)
            return bad;
          break;
        default: return bad;  // pending, or an órdago (which ends the hand at once)
      }
    }
  }

  // --- betting (R24-R27) ---------------------------------------------------------------------
  if (!in(s.bet_team, -1, 1) || !in(s.answer_first, -1, seats - 1) ||
      !in(s.answer_second, -1, seats - 1) || s.answer_stage > 1 || s.bet_open > 1 ||
      s.is_ordago > 1 || s.stake_before > max_stake || s.proposed > max_stake)
    return bad;
  if (s.is_ordago && !s.bet_open) return bad;
  if (s.phase != Phase::betting) {
    if (s.bet_open) return bad;
  } else {
    const std::uint8_t m = eligible_mask(s);
    if ((m & 0x5) == 0 || (m & 0xA) == 0) return bad;  // else the lance is not bet (R23)
    if (!s.bet_open) {
      if (s.bet_team != -1 || s.answer_first != -1 || s.answer_second != -1 ||
          s.answer_stage != 0 || s.stake_before != 0 || s.proposed != 0 || !eligible(s, s.to_act))
        return bad;
    } else {
      // The opposing team answers: its first eligible seat, then the partner if eligible.
      const int first = s.answer_first;
      if (s.bet_team < 0 || first < 0 || team_of(first) == s.bet_team || !eligible(s, first))
        return bad;
      const int p = partner(first);
      if (s.answer_second != (eligible(s, p) ? p : -1)) return bad;
      if (s.answer_stage == 1 && s.answer_second < 0) return bad;
      if (s.to_act != (s.answer_stage == 0 ? first : s.answer_second)) return bad;
      if (s.is_ordago) {  // stake_before is what stood before the órdago (1 if nothing)
        if (s.proposed == 1 || s.stake_before != (s.proposed == 0 ? 1 : s.proposed)) return bad;
      } else if (s.proposed < 2 || s.stake_before < 1 || s.stake_before >= s.proposed) {
        return bad;
      }
    }
  }
  return Errc::ok;
}

std::string_view action_kind_name(ActionKind k) noexcept {
  constexpr std::array<std::string_view, action_kind_end> names{
      "?",   "shuffle", "mus",    "cut",    "discard", "pass",
      "bet", "ordago",  "accept", "reject", "signal",  "perete"};
  const auto i = static_cast<std::size_t>(k);
  return i < names.size() ? names[i] : std::string_view{"?"};
}

std::string_view phase_name(Phase p) noexcept {
  constexpr std::array<std::string_view, 7> names{"?",       "shuffle",    "mus",   "discard",
                                                  "betting", "match_over", "perete"};
  const auto i = static_cast<std::size_t>(p);
  return i < names.size() ? names[i] : std::string_view{"?"};
}

std::string_view lance_name(Lance l) noexcept {
  constexpr std::array<std::string_view, 5> names{"grande", "chica", "pares", "juego", "punto"};
  const auto i = static_cast<std::size_t>(l);
  return i < names.size() ? names[i] : std::string_view{"?"};
}

std::string_view lance_status_name(LanceStatus st) noexcept {
  constexpr std::array<std::string_view, 7> names{"pending",  "skipped", "one_team", "en_paso",
                                                  "accepted", "refused", "ordago"};
  const auto i = static_cast<std::size_t>(st);
  return i < names.size() ? names[i] : std::string_view{"?"};
}

}  // namespace mus
