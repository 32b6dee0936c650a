#include "table.hpp"

#include <cstddef>
#include <string>

#include "rng.hpp"
#include "text.hpp"

namespace muscli {

namespace {

// A bound on the steps of one match, so a misbehaving agent cannot loop for ever. Real
// matches take a few thousand steps.
constexpr long max_steps = 2'000'000;

bool has_event(const mus::Events& ev, mus::EventKind k) {
  for (std::size_t i = 0; i < ev.size; ++i)
    if (ev.items[i].kind == k) return true;
  return false;
}

}  // namespace

bool Table::apply(const mus::Action& a, mus::Events& events) {
  const mus::State before = state_;
  if (mus::apply_in_place(state_, a, &events) != mus::Errc::ok) {
    // The state is unchanged; the pure apply() gives the refusal with its message (the rule
    // and the reason, where the reducer gives them).
    error_ = "the reducer refused '" + mus::action_to_text(a) +
             "': " + refusal_text(mus::apply(state_, a).error());
    return false;
  }
  for (Observer* o : observers_) o->on_step(before, a, events, state_);
  return true;
}

Outcome Table::finish(Outcome o) {
  for (Observer* obs : observers_) obs->on_end(state_, o == Outcome::finished);
  return o;
}

Outcome Table::signal_round() {
  // Right after the cut the hands are final: each seat, in speaking order, may sign to its
  // partner (R33) before grande is bet.
  for (int k = 0; k < mus::seats; ++k) {
    const int seat = (state_.mano + k) % mus::seats;
    for (int n = 0; n < mus::signal_count; ++n) {
      if (state_.phase != mus::Phase::betting && state_.phase != mus::Phase::perete)
        return Outcome::finished;
      const Choice c =
          agents_[static_cast<std::size_t>(seat)]->signal_round(situation_for(state_, seat));
      if (c.kind == Choice::Kind::quit) return Outcome::quit;
      if (c.kind == Choice::Kind::none) break;
      mus::Events events;
      if (!apply(c.action, events)) return Outcome::error;
    }
  }
  return Outcome::finished;
}

Outcome Table::run(bool one_hand) {
  for (Observer* o : observers_) o->on_begin(state_);
  mus::Events events;
  bool played = false;  // a seat has acted: the next deal due ends a one-hand run
  for (long step = 0; state_.phase != mus::Phase::match_over; ++step) {
    if (one_hand && played && state_.deal_due()) break;
    if (step >= max_steps) {
      error_ = "the match did not end after " + std::to_string(max_steps) + " steps";
      return finish(Outcome::error);
    }
    if (state_.phase == mus::Phase::shuffle) {
      const std::uint64_t seed = derive_seed(seed_, Stream::shuffle, shuffles_++);
      if (!apply(mus::Action::shuffle_seed(seed), events)) return finish(Outcome::error);
      continue;
    }
    const int seat = state_.to_act;
    played = true;
    const Choice c = agents_[static_cast<std::size_t>(seat)]->act(situation_for(state_, seat));
    if (c.kind == Choice::Kind::quit) return finish(Outcome::quit);
    if (c.kind == Choice::Kind::none) {
      error_ = "the agent at seat " + std::to_string(seat) + " chose nothing";
      return finish(Outcome::error);
    }
    if (!apply(c.action, events)) return finish(Outcome::error);
    if (has_event(events, mus::EventKind::cut) && !state_.corrido_hand()) {
      const Outcome o = signal_round();
      if (o != Outcome::finished) return finish(o);
    }
  }
  return finish(Outcome::finished);
}

}  // namespace muscli
