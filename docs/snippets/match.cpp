// A whole match driven through the C++ reducer, quoted by docs/state-machine.md. Compiled and
// run as the test docs.snippet.match; it exits non-zero on any surprise.
#include <cstdint>
#include <cstdio>
#include <numeric>
#include <vector>

#include <mus/mus.hpp>

namespace {

//! [policy]
// A very simple table: everybody cuts at once, declares tío Perete when they can, accepts
// every bet, and bets the minimum in juego with a 31. Chance gets a new seed for every shuffle.
mus::Action choose(const mus::State& s, std::uint64_t& next_seed) {
  const int seat = s.to_act;
  switch (s.phase) {
    case mus::Phase::shuffle: return mus::Action::shuffle_seed(next_seed++);
    case mus::Phase::mus: return mus::Action::cut(seat);
    case mus::Phase::perete: return mus::Action::perete(seat);
    case mus::Phase::betting: {
      if (s.answer_due()) return mus::Action::accept(seat);
      const mus::HandEval e = mus::evaluate(mus::hand_of(s, seat), s.rules);
      if (s.lance == mus::Lance::juego && e.value == 31)
        return mus::Action::bet(seat, mus::min_bet(s));
      return mus::Action::pass(seat);
    }
    default: return mus::Action::pass(seat);  // not reached: the loop stops at match_over
  }
}
//! [policy]

}  // namespace

int main() {
  //! [play]
  const mus::Result<mus::State> start = mus::new_match(mus::standard_rules(), /*first_dealer=*/3);
  if (!start) return 1;

  mus::State s = *start;
  std::vector<mus::Action> history;
  std::uint64_t next_seed = 1;
  mus::Events events;
  while (s.phase != mus::Phase::match_over) {
    const mus::Action a = choose(s, next_seed);
    const mus::Errc e = mus::apply_in_place(s, a, &events);  // s is unchanged on an error
    if (e != mus::Errc::ok) {
      std::fprintf(stderr, "refused: %s\n", mus::errc_text(e).data());
      return 1;
    }
    history.push_back(a);
    for (std::size_t i = 0; i < events.size; ++i)
      if (events.items[i].kind == mus::EventKind::game)
        std::printf("hand %u: team %d wins a game\n", s.last.number, int{events.items[i].team});
  }
  std::printf("team %d wins the match after %u hands\n", int{s.scores.match_winner}, s.hand_number);
  //! [play]

  //! [replay]
  // The reducer is a pure function: replaying the same actions gives the same state, byte for
  // byte. This is how a server, a log or a test reproduces any position.
  const mus::State replayed = std::accumulate(
      history.begin(), history.end(), *start,
      [](const mus::State& st, const mus::Action& a) { return *mus::apply(st, a); });
  if (!(replayed == s)) return 1;
  //! [replay]
  return s.scores.match_winner == 0 || s.scores.match_winner == 1 ? 0 : 1;
}
