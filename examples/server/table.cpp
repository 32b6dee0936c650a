#include "table.hpp"

#include <algorithm>
#include <utility>

#include "replay.hpp"

namespace mus_server {
namespace {

constexpr int max_steps_per_play = 100'000;  // bound on one run of shuffles and bots
constexpr std::size_t chat_lines_per_window = 5;  // a player's chat at one table: 5 lines...
constexpr std::int64_t chat_window_ms = 10'000;   // ...per 10 s

}  // namespace

Table::Table(std::string id, TableSettings settings, std::uint64_t seed, int dealer,
             const TableEnv& env)
    : id_(std::move(id)),
      settings_(std::move(settings)),
      seed_(seed),
      dealer_(dealer),
      store_(env.store),
      limits_(env.limits),
      host_(env.host),
      runtime_(env.runtime),
      lane_(env.runtime.lane()) {
  state_ = *mus::new_match(settings_.rules, dealer_);
  store_.create_table({id_, write_settings(settings_), seed_, dealer_, {}, {}, false});
  publish();
}

Table::Table(std::string id, const TableEnv& env)
    : id_(std::move(id)),
      store_(env.store),
      limits_(env.limits),
      host_(env.host),
      runtime_(env.runtime),
      lane_(env.runtime.lane()) {}

std::string Table::restore(const TableRecord& r, const TableSettings& settings, std::int64_t now) {
  settings_ = settings;
  seed_ = r.seed;
  dealer_ = r.dealer;
  if (dealer_ < 0 || dealer_ > 3) return "bad first dealer " + std::to_string(dealer_);
  for (std::size_t s = 0; s < 4; ++s) {
    if (r.seats[s].empty()) continue;
    if (settings_.bot[s]) return "a person sits at bot seat " + std::to_string(s);
    person_[s] = host_.person(r.seats[s]);
    if (!person_[s]) return "unknown player " + r.seats[s] + " at seat " + std::to_string(s);
  }
  actions_ = r.actions;
  chat_.assign(r.chat.begin(), r.chat.end());
  while (chat_.size() > chat_kept) chat_.pop_front();
  chat_count_ = chat_.empty() ? 0 : chat_.back().n;
  const std::string err = replay(
      settings_.rules, dealer_, actions_, state_,
      [&](std::size_t i, const mus::Action& a, const mus::Events& ev, const mus::State&) {
        gesture_seat_.push_back(a.kind == mus::ActionKind::signal ? a.seat : std::int8_t{-1});
        for (std::size_t k = 0; k < ev.size; ++k)
          log_.push_back({i + 1, out::Note::none, ev.items[k]});
      });
  if (!err.empty()) return err;
  started_ = !actions_.empty() || filled();
  for (const auto& p : person_)
    if (p) host_.seated(p->id(), id_, true);
  publish();
  if (started_) {
    std::vector<Outgoing> none;
    (void)play(nullptr, out::Note::none, now, none);  // nobody is connected yet
  }
  return {};
}

int Table::seat_of(const std::string& p) const {
  for (int s = 0; s < 4; ++s) {
    const auto& person = person_[static_cast<std::size_t>(s)];
    if (person && person->id() == p) return s;
  }
  return -1;
}

std::string Table::player_id(int seat) const {
  const auto& p = person_[static_cast<std::size_t>(seat)];
  return p ? p->id() : std::string();
}

bool Table::filled() const {
  for (std::size_t s = 0; s < 4; ++s)
    if (!settings_.bot[s] && !person_[s]) return false;
  return true;
}

// Whether the library's bot plays this seat now: a bot seat, or a person who left or whose
// grace window has run out.
bool Table::bot_plays(int seat, std::int64_t now) const {
  const auto s = static_cast<std::size_t>(seat);
  return settings_.bot[s] || left_[s] || !person_[s] || gone(person_[s].get(), now);
}

std::uint8_t Table::bot_mask(std::int64_t now) const {
  std::uint8_t mask = 0;
  for (int s = 0; s < 4; ++s)
    if (bot_plays(s, now)) mask = static_cast<std::uint8_t>(mask | (1U << s));
  return mask;
}

Table::Autoplay Table::plan(std::int64_t now, int bot_turn, bool bots) const {
  Autoplay p;
  p.seed = seed_;
  p.mask = bot_mask(now);
  p.bot_turn = bot_turn;
  p.bots = bots;
  for (std::size_t s = 0; s < 4; ++s) {
    // A bot seat's own level or kind; a person's seat (left, away or out of time) gets the
    // heuristic.
    p.config[s] = seat_bot(settings_, s);
    if (settings_.bot[s]) p.bot_seats = static_cast<std::uint8_t>(p.bot_seats | (1U << s));
  }
  return p;
}

// Whether a person is unknown, or disconnected for longer than the grace window.
bool Table::gone(const Person* p, std::int64_t now) const {
  if (p == nullptr) return true;
  const Person::Link l = p->link();
  return l.conn == 0 && now - l.dropped_at >= std::int64_t{limits_.grace_seconds} * 1000;
}

// An unstarted table whose creator is gone, where no other person sits connected: nobody will
// start it, so it leaves the lobby.
bool Table::abandoned(std::int64_t now) const {
  if (started_ || over() || !gone(host_.person(settings_.creator).get(), now)) return false;
  for (int s = 0; s < 4; ++s)
    if (conn_of(s) != 0) return false;
  return true;
}

// The connection of the seat's person, 0 when none (free, a bot's, left, or disconnected).
ConnId Table::conn_of(int seat) const {
  const auto s = static_cast<std::size_t>(seat);
  if (!person_[s] || left_[s]) return 0;
  return person_[s]->link().conn;
}

std::optional<std::int64_t> Table::time_left(std::int64_t now) const {
  if (deadline_ <= 0) return std::nullopt;
  return std::max<std::int64_t>(0, deadline_ - now);
}

out::TableOut Table::summary(std::int64_t now) const {
  out::TableOut t;
  t.id = id_;
  t.settings = &settings_;
  for (std::size_t s = 0; s < 4; ++s) {
    out::SeatOut& seat = t.seats[s];
    seat = out::seat_of_settings(settings_, s);
    if (seat.bot) continue;
    const Person* p = person_[s].get();
    seat.taken = p != nullptr && !left_[s];
    if (seat.taken) {
      seat.player_id = p->id();
      seat.name = p->name();
      seat.connected = p->link().conn != 0;
    }
    seat.bot_playing = started_ && bot_plays(static_cast<int>(s), now);
  }
  t.started = started_;
  t.over = over();
  t.seq = seq();
  t.spectators = watchers_.size();
  if (started_) t.to_act = state_.to_act;
  t.deadline_ms = time_left(now);
  return t;
}

std::shared_ptr<const out::TableOut> Table::listing() const {
  const std::lock_guard lock(listing_m_);
  return listing_;
}

// The lobby's copy of the table, made when what the lobby shows changes (seats, spectators,
// start, end), so that the lobby reads it from any thread without touching the table.
void Table::publish() {
  auto t = std::make_shared<const out::TableOut>(summary(0));
  const std::lock_guard lock(listing_m_);
  listing_ = std::move(t);
}

// The view message for a seat (0..3) or a spectator (-1), whose view is `sv`, in the
// receiver's form, with the events after `since` (and `tips` when not null).
std::string Table::view_of(int seat, const mus::SeatView& sv, ViewForm form,
                           const mus::SeatView* base, std::uint64_t since, std::int64_t now,
                           const mus::Tips* tips) const {
  out::ViewOut v;
  v.table = id_;
  v.seq = seq();
  v.seat = seat;
  v.state = &state_;
  v.seat_view = &sv;
  v.form = form;
  v.base = base;
  v.gestures = seat >= 0 && !bot_plays(seat, now);
  v.legal = v.gestures && state_.to_act == seat;
  v.tips = v.legal ? tips : nullptr;
  v.deadline_ms = time_left(now);
  const auto first = std::partition_point(log_.begin(), log_.end(),
                                          [&](const out::LogEntry& e) { return e.seq <= since; });
  auto from = first;
  if (static_cast<std::size_t>(log_.end() - first) > limits_.max_events_per_view) {
    from = log_.end() - static_cast<std::ptrdiff_t>(limits_.max_events_per_view);
    v.events_truncated = true;
  }
  v.events = std::span<const out::LogEntry>(log_.data() + (from - log_.begin()),
                                            static_cast<std::size_t>(log_.end() - from));
  return out::view(v);
}

// Sends the table message to everyone at the table who is connected: one text for the seats
// (with a private table's code) and one for the spectators.
void Table::send_table(std::int64_t now, std::vector<Outgoing>& out) const {
  const out::TableOut t = summary(now);
  Text with_code;
  for (int s = 0; s < 4; ++s) {
    if (const ConnId c = conn_of(s); c != 0) {
      if (!with_code) with_code = share(out::table(t, true));
      out.push_back({c, with_code});
    }
  }
  if (watchers_.empty()) return;
  const Text public_table = share(out::table(t, false));
  for (const auto& [c, w] : watchers_) out.push_back({c, public_table});
}

void Table::send_summary(ConnId c, std::int64_t now, std::vector<Outgoing>& out) const {
  out.push_back({c, share(out::table(summary(now), true))});
}

// Sends each seat's and spectator's view (when started) to everyone at the table who is
// connected, after the table message when `seating` (who sits, who is connected) changed. Each
// seat's view is built once, in its person's form; the spectators who saw the same view share
// one text.
void Table::broadcast(std::int64_t now, std::vector<Outgoing>& out, bool seating) {
  if (seating) send_table(now, out);
  if (started_) {
    for (int s = 0; s < 4; ++s) send_view(s, now, out);
    if (!watchers_.empty()) {
      const mus::SeatView sv = out::spectator_view(state_);
      std::map<std::pair<std::uint64_t, ViewForm>, Text> made;
      for (auto& [c, w] : watchers_) {
        Text& text = made[{w.seen, w.form}];
        if (!text) {
          const mus::SeatView* base = w.seen == spectator_seq_ ? &spectator_base_ : nullptr;
          text = share(view_of(-1, sv, w.form, base, w.seen, now, nullptr));
        }
        out.push_back({c, text});
        w.seen = seq();
      }
      spectator_base_ = sv;
      spectator_seq_ = seq();
    }
  }
  if (over()) {
    const Text over = share(out::match_over(id_, state_.scores.match_winner));
    for (int s = 0; s < 4; ++s)
      if (const ConnId c = conn_of(s); c != 0) out.push_back({c, over});
    for (const auto& [c, w] : watchers_) out.push_back({c, over});
  }
}

// Sends a seat's view to its person, when connected, in the person's form; with the tips
// when the person takes them, is to act and they are known (else they are asked for, and a
// view with them follows: tips_ready).
void Table::send_view(int seat, std::int64_t now, std::vector<Outgoing>& out) {
  const auto k = static_cast<std::size_t>(seat);
  if (!person_[k] || left_[k]) return;
  const Person::Link link = person_[k]->link();
  if (link.conn == 0) return;
  const mus::SeatView sv = mus::view_of(state_, seat);
  const bool delta = link.form == ViewForm::delta;
  const mus::SeatView* base = delta && base_conn_[k] == link.conn ? &base_[k] : nullptr;
  const mus::Tips* tips = link.tips ? tips_for(seat, now) : nullptr;
  out.push_back({link.conn, share(view_of(seat, sv, link.form, base, seen_[k], now, tips))});
  if (delta) {
    base_[k] = sv;
    base_conn_[k] = link.conn;
  }
  seen_[k] = seq();
}

// The tips of `seat` at this seq when its person is to act and they are known; else null.
// The first call for a seq asks for them: computed at once when the runtime plays bots inline,
// else apart, where the bots think (advise), so that the table's view goes out without
// waiting for a search of a few milliseconds.
const mus::Tips* Table::tips_for(int seat, std::int64_t now) {
  if (state_.to_act != seat || bot_plays(seat, now)) return nullptr;
  if (tips_seq_ == seq() && tips_seat_ == seat) return tips_.get();  // known, or on its way
  tips_seq_ = seq();
  tips_seat_ = seat;
  tips_.reset();
  auto result = std::make_shared<mus::Tips>();
  if (runtime_.bots_inline()) {
    if (const auto t = mus::tips(state_, seat)) *result = *t;
    tips_ = std::move(result);
    return tips_.get();
  }
  runtime_.advise(
      *lane_,
      [result, state = state_, seat] {
        if (const auto t = mus::tips(state, seat)) *result = *t;
      },
      [self = shared_from_this(), result, asked_at = seq(), seat](std::int64_t t,
                                                                  std::vector<Outgoing>& out) {
        try {
          self->tips_ready(asked_at, seat, result, t, out);
        } catch (const std::exception& e) {
          self->host_.log("table " + self->id_ + ": " + e.what());
        }
      });
  return nullptr;
}

// The tips of `seat` asked at `asked_at`: kept, and sent in a view of the seat again, only if
// the table is still at that seq (tips of a seq gone by are dropped: the seat has a newer view).
void Table::tips_ready(std::uint64_t asked_at, int seat, std::shared_ptr<const mus::Tips> tips,
                       std::int64_t now, std::vector<Outgoing>& out) {
  if (over() || asked_at != seq() || tips_seq_ != asked_at || tips_seat_ != seat) return;
  tips_ = std::move(tips);
  const auto& p = person_[static_cast<std::size_t>(seat)];
  if (p && p->link().tips && state_.to_act == seat && !bot_plays(seat, now))
    send_view(seat, now, out);
}

void Table::tips_changed(const std::string& player, std::int64_t now,
                         std::vector<Outgoing>& out) {
  const int seat = seat_of(player);
  if (!started_ || over() || seat < 0 || left_[static_cast<std::size_t>(seat)]) return;
  if (!person_[static_cast<std::size_t>(seat)]->link().tips) return;
  if (tips_for(seat, now) != nullptr) send_view(seat, now, out);  // known: at once
}

bool Table::Run::step(const mus::Action& a, out::Note note) {
  mus::Events events;
  const mus::Errc e = mus::apply_in_place(state, a, &events, &why);
  if (e != mus::Errc::ok) {
    if (why.empty()) why = mus::errc_text(e);
    return false;
  }
  ++seq;
  texts.push_back(mus::action_to_text(a));
  const bool signal = a.kind == mus::ActionKind::signal;
  gestures.push_back(signal ? a.seat : std::int8_t{-1});
  moved = moved || !signal;
  if (note != out::Note::none) {
    mus::Event who{};
    who.seat = a.seat;
    entries.push_back({seq, note, who});
  }
  for (std::size_t i = 0; i < events.size; ++i)
    entries.push_back({seq, out::Note::none, events.items[i]});
  return true;
}

void Table::autoplay(Run& run, Autoplay plan, const std::string& table_id) {
  for (int guard = 0; guard < max_steps_per_play && run.state.phase != mus::Phase::match_over;
       ++guard) {
    mus::Action a;
    out::Note note = out::Note::none;
    if (run.state.phase == mus::Phase::shuffle) {
      a = mus::Action::shuffle_seed(mus::derive_seed(plan.seed, 1, run.seq));
    } else {
      const int seat = run.state.to_act;
      if (seat != plan.bot_turn) plan.bot_turn = -1;  // the timed-out turn is over
      const bool bot = seat == plan.bot_turn || (plan.mask >> seat & 1U) != 0;
      if (!bot || !plan.bots) break;
      const auto k = static_cast<std::size_t>(seat);
      const auto chosen =
          mus::bot_choose(run.state, seat, plan.config[k], mus::derive_seed(plan.seed, 2, run.seq));
      if (!chosen) {
        run.log.push_back("table " + table_id +
                          ": the bot could not choose: " + chosen.error().describe());
        break;
      }
      a = *chosen;
      if (seat == plan.bot_turn) {
        note = out::Note::timeout;
        run.log.push_back("table " + table_id + ": seat " + std::to_string(seat) +
                          " ran out of time; the bot played " + mus::action_to_text(a));
      } else if ((plan.bot_seats >> seat & 1U) == 0) {
        note = out::Note::bot_for_away;
      }
    }
    if (!run.step(a, note)) {
      run.log.push_back("table " + table_id + ": the reducer refused " + mus::action_to_text(a) +
                        ": " + std::string(run.why));
      break;
    }
  }
}

// Applies `first` (a person's action) when given, then every shuffle, and when the runtime
// plays bots inline every bot decision, until a person is to act or the match is over; stores
// all of them in one transaction, and only then makes them visible. Otherwise the bots are
// asked to think apart (ask_bots). `bot_turn` is a person's seat whose clock ran out: the bot
// plays that seat's turn (its signals and its action). Returns the library's reason when it
// refuses `first` (empty when accepted).
std::string_view Table::play(const mus::Action* first, out::Note first_note, std::int64_t now,
                             std::vector<Outgoing>& out, int bot_turn) {
  Run run;
  run.state = state_;
  run.seq = seq();
  if (first != nullptr && !run.step(*first, first_note)) return run.why;
  const bool inline_bots = runtime_.bots_inline();
  autoplay(run, plan(now, bot_turn, inline_bots), id_);
  if (!run.texts.empty()) {
    commit(std::move(run), now, out);
  } else {
    for (auto& line : run.log) host_.log(std::move(line));
  }
  if (!inline_bots) {
    if (bot_turn >= 0 && state_.to_act == bot_turn) timeout_seat_ = bot_turn;
    ask_bots(now);
  }
  return {};
}

// Stores a run's actions (with the match's results when it ends), and only then applies them
// to the table and sends the views.
void Table::commit(Run&& run, std::int64_t now, std::vector<Outgoing>& out) {
  const bool over = run.state.phase == mus::Phase::match_over;
  MatchEnd end;
  if (over) end = results(run.state, run.entries);
  store_.append_actions(id_, actions_.size(), run.texts,
                        over ? &end : nullptr);  // before anybody sees them
  if (over) host_.match_over(end);
  for (auto& line : run.log) host_.log(std::move(line));
  state_ = run.state;
  actions_.insert(actions_.end(), std::make_move_iterator(run.texts.begin()),
                  std::make_move_iterator(run.texts.end()));
  gesture_seat_.insert(gesture_seat_.end(), run.gestures.begin(), run.gestures.end());
  log_.insert(log_.end(), run.entries.begin(), run.entries.end());
  if (state_.to_act != timeout_seat_) timeout_seat_ = -1;
  if (over) {
    deadline_ = 0;
    finish(now);
    host_.log("table " + id_ + ": match over after " + std::to_string(actions_.size()) +
              " actions");
  } else if (state_.to_act < 0 || bot_plays(state_.to_act, now)) {
    deadline_ = 0;  // no person is to act
  } else if (run.moved || deadline_ == 0) {
    // A signal alone (a partner's gesture) leaves the clock of the seat to act running.
    deadline_ = now + std::int64_t{settings_.clock_s} * 1000;
  }
  broadcast(now, out, false);  // the views carry seq, the seat to act and its clock
}

// When a bot is to act (or a person out of time), asks the runtime for the bots' decisions:
// they are made apart, on a copy of the state, and come back to the lane (bots_answered). One
// thinking at a time.
void Table::ask_bots(std::int64_t now) {
  if (thinking_ || !started_ || over()) return;
  const int seat = state_.to_act;
  if (seat < 0) return;
  const int bot_turn = timeout_seat_ == seat ? seat : -1;
  if (seat != bot_turn && !bot_plays(seat, now)) return;
  thinking_ = true;
  auto result = std::make_shared<Run>();
  result->state = state_;
  result->seq = seq();
  const Autoplay p = plan(now, bot_turn, true);
  runtime_.think(
      *lane_, [result, p, id = id_] { autoplay(*result, p, id); },
      [self = shared_from_this(), result, asked_at = seq(), mask = p.mask](
          std::int64_t t, std::vector<Outgoing>& out) {
        try {
          self->bots_answered(asked_at, mask, std::move(*result), t, out);
        } catch (const std::exception& e) {
          self->host_.log("table " + self->id_ + ": " + e.what());
        }
      });
}

// The bots' decisions, made from the table as it was at `asked_at` with the bots playing the
// seats of `mask`: played only if the table is still there; else the bots think again.
void Table::bots_answered(std::uint64_t asked_at, std::uint8_t mask, Run&& run,
                          std::int64_t now, std::vector<Outgoing>& out) {
  thinking_ = false;
  if (over()) return;
  if (asked_at != seq() || mask != bot_mask(now)) {
    ask_bots(now);  // somebody moved, came back or went away meanwhile
    return;
  }
  if (run.texts.empty()) {
    for (auto& line : run.log) host_.log(std::move(line));
    return;  // the bot could not choose: the clock's tick tries again
  }
  commit(std::move(run), now, out);
  ask_bots(now);
}

// Each person's part in the match that `last` ends (`entries`: the events not yet in the log):
// the team's games (game events) and órdagos (showdown events, R27) over the whole match.
MatchEnd Table::results(const mus::State& last, const std::vector<out::LogEntry>& entries) const {
  std::array<int, 2> games{}, ordagos{};
  const auto count = [&](const out::LogEntry& e) {
    if (e.note != out::Note::none || e.event.team < 0 || e.event.team > 1) return;
    const auto team = static_cast<std::size_t>(e.event.team);
    if (e.event.kind == mus::EventKind::game) ++games[team];
    if (e.event.kind == mus::EventKind::showdown) ++ordagos[team];
  };
  for (const auto& e : log_) count(e);
  for (const auto& e : entries) count(e);
  MatchEnd end;
  for (std::size_t seat = 0; seat < 4; ++seat) {
    if (!person_[seat]) continue;
    const std::size_t team = seat % 2;
    end.results.push_back({person_[seat]->id(),
                           last.scores.match_winner == static_cast<int>(team), games[team],
                           ordagos[team]});
  }
  return end;
}

// The match is over (or the table closed): nobody sits at an unfinished table here any more.
void Table::finish(std::int64_t now) {
  over_at_.store(now, std::memory_order_release);
  over_.store(true, std::memory_order_release);
  for (const auto& p : person_)
    if (p) host_.seated(p->id(), id_, false);
  publish();
}

void Table::start(std::int64_t now, std::vector<Outgoing>& out) {
  started_ = true;
  publish();
  host_.log("table " + id_ + ": match starts");
  send_table(now, out);
  (void)play(nullptr, out::Note::none, now, out);
}

void Table::sit(const std::string& player, int seat, std::int64_t now, std::vector<Outgoing>& out) {
  const auto s = static_cast<std::size_t>(seat);
  auto p = host_.person(player);
  if (!p) refuse("server_error", "no such player");
  store_.set_seat(id_, seat, player);
  if (!person_[s] || person_[s]->id() != player) seen_[s] = 0;
  person_[s] = std::move(p);
  left_[s] = false;
  base_conn_[s] = 0;  // the seat's next view is whole
  host_.seated(player, id_, true);
  publish();
  if (!started_ && filled()) {
    start(now, out);
  } else {
    broadcast(now, out);
  }
}

void Table::join(ConnId c, const std::string& player, std::optional<int> seat, std::int64_t now,
                 std::vector<Outgoing>& out) {
  if (over()) refuse("match_over", "the match at this table is over");
  const int mine = seat_of(player);
  int chosen = -1;
  if (seat) {
    const auto s = static_cast<std::size_t>(*seat);
    if (settings_.bot[s]) refuse("bad_value", "that seat is played by a bot");
    if (mine >= 0 && mine != *seat) refuse("already_seated", "you already sit at this table");
    if (person_[s] && person_[s]->id() != player) refuse("seat_taken", "that seat is taken");
    chosen = *seat;
  } else if (mine >= 0) {
    chosen = mine;
  } else {
    for (int s = 0; s < 4 && chosen < 0; ++s)
      if (!settings_.bot[static_cast<std::size_t>(s)] && !person_[static_cast<std::size_t>(s)])
        chosen = s;
    if (chosen < 0) refuse("table_full", "every seat of this table is taken");
  }
  watchers_.erase(c);
  sit(player, chosen, now, out);
  send_chat_history(c, out);
}

void Table::watch(ConnId c, ViewForm form, std::int64_t now, std::vector<Outgoing>& out) {
  Watcher& w = watchers_[c];
  w.form = form;
  publish();  // one spectator more
  out.push_back({c, share(out::table(summary(now), false))});
  if (started_) {
    const mus::SeatView sv = out::spectator_view(state_);
    out.push_back({c, share(view_of(-1, sv, form, nullptr, 0, now, nullptr))});
    w.seen = seq();
    if (spectator_seq_ != seq()) {
      spectator_base_ = sv;
      spectator_seq_ = seq();
    }
  }
  send_chat_history(c, out);
}

void Table::chat(const std::string& player, const std::string& text, std::int64_t now,
                 std::int64_t wall_ms, std::vector<Outgoing>& out) {
  const int seat = seat_of(player);
  if (seat < 0 || left_[static_cast<std::size_t>(seat)])
    refuse("not_seated", "only the players seated at a table write in its chat");
  auto& times = chat_times_[player];
  while (!times.empty() && now - times.front() >= chat_window_ms) times.pop_front();
  if (times.size() >= chat_lines_per_window)
    refuse("rate_limited", "at most " + std::to_string(chat_lines_per_window) +
                               " chat lines in " + std::to_string(chat_window_ms / 1000) + " s");
  ChatLine line{chat_count_ + 1, seat, player, person_[static_cast<std::size_t>(seat)]->name(),
                text, wall_ms};
  store_.append_chat(id_, line);  // before anybody sees it
  chat_count_ = line.n;
  times.push_back(now);
  const Text message = share(out::chat(id_, line));
  chat_.push_back(std::move(line));
  if (chat_.size() > chat_kept) chat_.pop_front();
  for (int s = 0; s < 4; ++s)
    if (const ConnId c = conn_of(s); c != 0) out.push_back({c, message});
  for (const auto& [c, w] : watchers_) out.push_back({c, message});
}

void Table::send_chat_history(ConnId c, std::vector<Outgoing>& out) const {
  const std::vector<ChatLine> lines(chat_.begin(), chat_.end());
  out.push_back({c, share(out::chat_history(id_, lines))});
}

// The seat of a person who may act at this table now (refusals: not_seated, match_over,
// not_started).
int Table::acting_seat(const std::string& player) const {
  const int seat = seat_of(player);
  if (seat < 0 || left_[static_cast<std::size_t>(seat)])
    refuse("not_seated", "you do not sit at this table");
  if (over()) refuse("match_over", "the match at this table is over");
  if (!started_) refuse("not_started", "the match has not started");
  return seat;
}

// Whether an act of `seat` answering the view of `seq` comes too late: the table moved on
// since, by anything but other seats' gestures (which never make the seat to act resend).
bool Table::stale(int seat, std::int64_t seq) const {
  if (seq < 0 || seq > static_cast<std::int64_t>(this->seq())) return true;
  for (auto i = static_cast<std::size_t>(seq); i < gesture_seat_.size(); ++i)
    if (gesture_seat_[i] < 0 || gesture_seat_[i] == seat) return true;
  return false;
}

void Table::act(const std::string& player, const in::Act& m, std::int64_t now,
                std::vector<Outgoing>& out) {
  const int seat = acting_seat(player);
  if (stale(seat, m.seq)) refuse("stale_seq", "the table is at seq " + std::to_string(seq()));
  if (state_.to_act != seat) refuse("not_your_turn", "it is not your turn");
  mus::Action a;
  if (m.bet) {
    a = mus::Action::bet(seat, *m.bet);  // any amount: the reducer decides (R24, R25)
  } else {
    const std::int64_t id = *m.action;
    if (id < 0 || id >= mus::action_id_count || (mus::legal_action_mask(state_) >> id & 1U) == 0)
      refuse("illegal_action", "action id " + std::to_string(id) + " is not legal now");
    const auto from_id = mus::action_from_id(state_, static_cast<int>(id));
    if (!from_id) refuse("illegal_action", from_id.error().describe());
    a = *from_id;
  }
  if (const std::string_view why = play(&a, out::Note::none, now, out); !why.empty())
    refuse("illegal_action", std::string(why));
}

void Table::gesture(const std::string& player, mus::Signal signal, std::int64_t now,
                    std::vector<Outgoing>& out) {
  const int seat = acting_seat(player);
  const mus::Action a = mus::Action::signal(seat, signal);
  if (const std::string_view why = play(&a, out::Note::none, now, out); !why.empty())
    refuse("illegal_action", std::string(why));
}

bool Table::leave(ConnId c, const std::string& player, std::int64_t now,
                  std::vector<Outgoing>& out) {
  const int seat = seat_of(player);
  const bool spectator = watchers_.erase(c) > 0;
  if (!spectator) {
    if (seat < 0 || left_[static_cast<std::size_t>(seat)])
      refuse("not_seated", "you neither sit at nor watch this table");
    host_.seated(player, id_, false);
    const auto s = static_cast<std::size_t>(seat);
    base_conn_[s] = 0;
    if (started_) {
      left_[s] = true;  // a bot plays the seat from now on
      host_.log("table " + id_ + ": seat " + std::to_string(seat) + " left; a bot plays it");
    } else {
      store_.set_seat(id_, seat, "");
      person_[s].reset();
      if (std::none_of(person_.begin(), person_.end(),
                       [](const std::shared_ptr<Person>& p) { return p != nullptr; })) {
        // Nobody is left at a table that never started: it is closed (and frees its place
        // under the table limits).
        store_.close_table(id_);
        finish(now);
        host_.log("table " + id_ + ": abandoned before the start");
      }
    }
  }
  publish();
  out.push_back({c, share(out::left(id_))});
  if (started_ && !over() && state_.to_act == seat) {
    send_table(now, out);  // who sits changed; then the bot plays the seat's turn
    (void)play(nullptr, out::Note::none, now, out);
  } else {
    broadcast(now, out);
  }
  return spectator;
}

void Table::seating_changed(std::int64_t now, std::vector<Outgoing>& out) {
  publish();
  broadcast(now, out);
}

void Table::unwatch(ConnId c) {
  if (watchers_.erase(c) > 0) publish();
}

void Table::tick(std::int64_t now, std::vector<Outgoing>& out) {
  if (abandoned(now)) {
    store_.close_table(id_);
    finish(now);
    host_.log("table " + id_ + ": closed before the start: its creator is gone");
    broadcast(now, out);  // the spectators see it closed
    return;
  }
  if (!started_ || over() || thinking_) return;
  const int seat = state_.to_act;
  if (seat < 0) {
    // A shuffle is due: only after a store failure stopped a run; try again.
    (void)play(nullptr, out::Note::none, now, out);
  } else if (bot_plays(seat, now)) {
    if (!settings_.bot[static_cast<std::size_t>(seat)]) {
      host_.log("table " + id_ + ": seat " + std::to_string(seat) +
                " is away; the bot plays it");
      send_table(now, out);  // bot_playing changed
    }
    (void)play(nullptr, out::Note::none, now, out);
  } else if (deadline_ > 0 && now >= deadline_) {
    (void)play(nullptr, out::Note::none, now, out, seat);  // the bot plays this turn
  }
}

}  // namespace mus_server
