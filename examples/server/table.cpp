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
             Store& store, const Limits& limits, TableHost& host)
    : id_(std::move(id)),
      settings_(std::move(settings)),
      seed_(seed),
      dealer_(dealer),
      store_(store),
      limits_(limits),
      host_(host) {
  state_ = *mus::new_match(settings_.rules, dealer_);
  store_.create_table({id_, write_settings(settings_), seed_, dealer_, {}, {}, false});
}

Table::Table(std::string id, Store& store, const Limits& limits, TableHost& host)
    : id_(std::move(id)), store_(store), limits_(limits), host_(host) {}

std::string Table::restore(const TableRecord& r, const TableSettings& settings, std::int64_t now) {
  settings_ = settings;
  seed_ = r.seed;
  dealer_ = r.dealer;
  if (dealer_ < 0 || dealer_ > 3) return "bad first dealer " + std::to_string(dealer_);
  for (std::size_t s = 0; s < 4; ++s) {
    if (r.seats[s].empty()) continue;
    if (settings_.bot[s]) return "a person sits at bot seat " + std::to_string(s);
    if (!host_.person(r.seats[s]))
      return "unknown player " + r.seats[s] + " at seat " + std::to_string(s);
  }
  player_ = r.seats;
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
  for (const auto& pid : player_)
    if (!pid.empty()) host_.seated(pid, id_, true);
  if (started_) {
    std::vector<Outgoing> none;
    (void)play(nullptr, out::Note::none, now, none);  // nobody is connected yet
  }
  return {};
}

int Table::seat_of(const std::string& p) const {
  for (int s = 0; s < 4; ++s)
    if (player_[static_cast<std::size_t>(s)] == p) return s;
  return -1;
}

bool Table::filled() const {
  for (std::size_t s = 0; s < 4; ++s)
    if (!settings_.bot[s] && player_[s].empty()) return false;
  return true;
}

// Whether the library's bot plays this seat now: a bot seat, or a person who left or whose
// grace window has run out.
bool Table::bot_plays(int seat, std::int64_t now) const {
  const auto s = static_cast<std::size_t>(seat);
  return settings_.bot[s] || left_[s] || player_[s].empty() || gone(player_[s], now);
}

// Whether a person is unknown, or disconnected for longer than the grace window.
bool Table::gone(const std::string& player, std::int64_t now) const {
  const auto p = host_.person(player);
  if (!p) return true;
  return p->conn == 0 && now - p->dropped_at >= std::int64_t{limits_.grace_seconds} * 1000;
}

// An unstarted table whose creator is gone, where no other person sits connected: nobody will
// start it, so it leaves the lobby.
bool Table::abandoned(std::int64_t now) const {
  if (started_ || over_ || !gone(settings_.creator, now)) return false;
  for (int s = 0; s < 4; ++s)
    if (conn_of(s) != 0) return false;
  return true;
}

// The connection of the seat's person, 0 when none (free, a bot's, left, or disconnected).
ConnId Table::conn_of(int seat) const {
  const auto s = static_cast<std::size_t>(seat);
  if (player_[s].empty() || left_[s]) return 0;
  const auto p = host_.person(player_[s]);
  return p ? p->conn : 0;
}

std::optional<std::int64_t> Table::time_left(std::int64_t now) const {
  if (deadline_ <= 0) return std::nullopt;
  return std::max<std::int64_t>(0, deadline_ - now);
}

std::vector<ConnId> Table::watchers() const {
  std::vector<ConnId> out;
  for (const auto& [c, seen] : watchers_) out.push_back(c);
  return out;
}

out::TableOut Table::summary(std::int64_t now) const {
  out::TableOut t;
  t.id = id_;
  t.settings = &settings_;
  for (std::size_t s = 0; s < 4; ++s) {
    out::SeatOut& seat = t.seats[s];
    seat.bot = settings_.bot[s];
    seat.bot_kind = settings_.bot_kind[s];
    if (seat.bot) continue;
    const auto p = player_[s].empty() ? std::nullopt : host_.person(player_[s]);
    seat.taken = p && !left_[s];
    if (seat.taken) {
      seat.player_id = player_[s];
      seat.name = p->name;
    }
    seat.connected = seat.taken && p->conn != 0;
    seat.bot_playing = started_ && bot_plays(static_cast<int>(s), now);
  }
  t.started = started_;
  t.over = over_;
  t.seq = seq();
  t.spectators = watchers_.size();
  if (started_) t.to_act = state_.to_act;
  t.deadline_ms = time_left(now);
  return t;
}

// The view message for a seat (0..3) or a spectator (-1), with the events after `since`.
std::string Table::view_of(int seat, std::uint64_t since, std::int64_t now) const {
  out::ViewOut v;
  v.table = id_;
  v.seq = seq();
  v.seat = seat;
  v.state = &state_;
  v.gestures = seat >= 0 && !bot_plays(seat, now);
  v.legal = v.gestures && state_.to_act == seat;
  if (v.legal) {
    const auto p = host_.person(player_[static_cast<std::size_t>(seat)]);
    v.tips = p && p->tips;
  }
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

// Sends the table message to everyone at the table who is connected.
void Table::send_table(std::int64_t now, std::vector<Outgoing>& out) const {
  const out::TableOut t = summary(now);
  const std::string with_code = out::table(t, true);
  for (int s = 0; s < 4; ++s)
    if (const ConnId c = conn_of(s); c != 0) out.push_back({c, with_code});
  if (watchers_.empty()) return;
  const std::string public_table = out::table(t, false);
  for (const auto& [c, seen] : watchers_) out.push_back({c, public_table});
}

// Sends each seat's and spectator's view (when started) to everyone at the table who is
// connected, after the table message when `seating` (who sits, who is connected) changed.
void Table::broadcast(std::int64_t now, std::vector<Outgoing>& out, bool seating) {
  if (seating) send_table(now, out);
  if (started_) {
    for (int s = 0; s < 4; ++s) {
      const ConnId c = conn_of(s);
      if (c == 0) continue;
      auto& seen = seen_[static_cast<std::size_t>(s)];
      out.push_back({c, view_of(s, seen, now)});
      seen = seq();
    }
    for (auto& [c, seen] : watchers_) {
      out.push_back({c, view_of(-1, seen, now)});
      seen = seq();
    }
  }
  if (over_) {
    const std::string over = out::match_over(id_, state_.scores.match_winner);
    for (int s = 0; s < 4; ++s)
      if (const ConnId c = conn_of(s); c != 0) out.push_back({c, over});
    for (const auto& [c, seen] : watchers_) out.push_back({c, over});
  }
}

// Applies `first` (a person's action, or the bot's for a person out of time) when given,
// then every shuffle and every bot decision until a person is to act or the match is over;
// stores all of them in one transaction, and only then makes them visible. `bot_turn` is a
// person's seat whose clock ran out: the bot plays that seat's turn (its signals and its
// action). Returns the library's reason when it refuses `first` (empty when accepted).
std::string_view Table::play(const mus::Action* first, out::Note first_note, std::int64_t now,
                             std::vector<Outgoing>& out, int bot_turn) {
  mus::State s = state_;
  std::vector<std::string> texts;
  std::vector<std::int8_t> gestures;
  std::vector<out::LogEntry> entries;
  std::uint64_t seq = this->seq();
  bool moved = false;  // an action other than a signal: the clock starts again
  mus::Events events;
  std::string_view why;
  const auto step = [&](const mus::Action& a, out::Note note) {
    const mus::Errc e = mus::apply_in_place(s, a, &events, &why);
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
  };
  if (first != nullptr && !step(*first, first_note)) return why;
  for (int guard = 0; guard < max_steps_per_play && s.phase != mus::Phase::match_over;
       ++guard) {
    mus::Action a;
    out::Note note = out::Note::none;
    if (s.phase == mus::Phase::shuffle) {
      a = mus::Action::shuffle_seed(mus::derive_seed(seed_, 1, seq));
    } else {
      const int seat = s.to_act;
      if (seat != bot_turn) bot_turn = -1;  // the timed-out turn is over
      if (seat != bot_turn && !bot_plays(seat, now)) break;
      // A bot seat's own kind; a person's seat (left, away or out of time) gets the heuristic.
      const auto k = static_cast<std::size_t>(seat);
      const mus::BotConfig bot{settings_.bot[k] ? settings_.bot_kind[k] : mus::BotKind::heuristic,
                               0, 0};
      const auto chosen = mus::bot_choose(s, seat, bot, mus::derive_seed(seed_, 2, seq));
      if (!chosen) {
        host_.log("table " + id_ + ": the bot could not choose: " + chosen.error().describe());
        break;
      }
      a = *chosen;
      if (seat == bot_turn) {
        note = out::Note::timeout;
        host_.log("table " + id_ + ": seat " + std::to_string(seat) +
                  " ran out of time; the bot played " + mus::action_to_text(a));
      } else if (!settings_.bot[k]) {
        note = out::Note::bot_for_away;
      }
    }
    if (!step(a, note)) {
      host_.log("table " + id_ + ": the reducer refused " + mus::action_to_text(a) + ": " +
                std::string(why));
      break;
    }
  }
  const bool over = s.phase == mus::Phase::match_over;
  MatchEnd end;
  if (over) end = results(s, entries);
  store_.append_actions(id_, actions_.size(), texts,
                        over ? &end : nullptr);  // before anybody sees them
  if (over) host_.match_over(end);
  state_ = s;
  actions_.insert(actions_.end(), texts.begin(), texts.end());
  gesture_seat_.insert(gesture_seat_.end(), gestures.begin(), gestures.end());
  log_.insert(log_.end(), entries.begin(), entries.end());
  if (over) {
    deadline_ = 0;
    finish(now);
    host_.log("table " + id_ + ": match over after " + std::to_string(actions_.size()) +
              " actions");
  } else if (state_.to_act < 0) {
    deadline_ = 0;
  } else if (moved || deadline_ == 0) {
    // A signal alone (a partner's gesture) leaves the clock of the seat to act running.
    deadline_ = now + std::int64_t{settings_.clock_s} * 1000;
  }
  broadcast(now, out, false);  // the views carry seq, the seat to act and its clock
  return {};
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
    if (player_[seat].empty()) continue;
    const std::size_t team = seat % 2;
    end.results.push_back({player_[seat], last.scores.match_winner == static_cast<int>(team),
                           games[team], ordagos[team]});
  }
  return end;
}

// The match is over (or the table closed): nobody sits at an unfinished table here any more.
void Table::finish(std::int64_t now) {
  over_ = true;
  over_at_ = now;
  for (const auto& pid : player_)
    if (!pid.empty()) host_.seated(pid, id_, false);
}

void Table::start(std::int64_t now, std::vector<Outgoing>& out) {
  started_ = true;
  host_.log("table " + id_ + ": match starts");
  send_table(now, out);
  (void)play(nullptr, out::Note::none, now, out);
}

void Table::sit(const std::string& player, int seat, std::int64_t now, std::vector<Outgoing>& out) {
  const auto s = static_cast<std::size_t>(seat);
  store_.set_seat(id_, seat, player);
  if (player_[s] != player) seen_[s] = 0;
  player_[s] = player;
  left_[s] = false;
  host_.seated(player, id_, true);
  if (!started_ && filled()) {
    start(now, out);
  } else {
    broadcast(now, out);
  }
}

void Table::join(ConnId c, const std::string& player, std::optional<int> seat, std::int64_t now,
                 std::vector<Outgoing>& out) {
  if (over_) refuse("match_over", "the match at this table is over");
  const int mine = seat_of(player);
  int chosen = -1;
  if (seat) {
    const auto s = static_cast<std::size_t>(*seat);
    if (settings_.bot[s]) refuse("bad_value", "that seat is played by a bot");
    if (mine >= 0 && mine != *seat) refuse("already_seated", "you already sit at this table");
    if (!player_[s].empty() && player_[s] != player) refuse("seat_taken", "that seat is taken");
    chosen = *seat;
  } else if (mine >= 0) {
    chosen = mine;
  } else {
    for (int s = 0; s < 4 && chosen < 0; ++s)
      if (!settings_.bot[static_cast<std::size_t>(s)] &&
          player_[static_cast<std::size_t>(s)].empty())
        chosen = s;
    if (chosen < 0) refuse("table_full", "every seat of this table is taken");
  }
  watchers_.erase(c);
  sit(player, chosen, now, out);
  send_chat_history(c, out);
}

void Table::watch(ConnId c, std::int64_t now, std::vector<Outgoing>& out) {
  watchers_.emplace(c, 0);
  out.push_back({c, out::table(summary(now), false)});
  if (started_) {
    out.push_back({c, view_of(-1, 0, now)});
    watchers_[c] = seq();
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
  const auto who = host_.person(player);
  ChatLine line{chat_count_ + 1, seat, player, who ? std::string(who->name) : std::string(), text,
                wall_ms};
  store_.append_chat(id_, line);  // before anybody sees it
  chat_count_ = line.n;
  times.push_back(now);
  const std::string message = out::chat(id_, line);
  chat_.push_back(std::move(line));
  if (chat_.size() > chat_kept) chat_.pop_front();
  for (int s = 0; s < 4; ++s)
    if (const ConnId c = conn_of(s); c != 0) out.push_back({c, message});
  for (const auto& [c, seen] : watchers_) out.push_back({c, message});
}

void Table::send_chat_history(ConnId c, std::vector<Outgoing>& out) const {
  const std::vector<ChatLine> lines(chat_.begin(), chat_.end());
  out.push_back({c, out::chat_history(id_, lines)});
}

// The seat of a person who may act at this table now (refusals: not_seated, match_over,
// not_started).
int Table::acting_seat(const std::string& player) const {
  const int seat = seat_of(player);
  if (seat < 0 || left_[static_cast<std::size_t>(seat)])
    refuse("not_seated", "you do not sit at this table");
  if (over_) refuse("match_over", "the match at this table is over");
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
    if (started_) {
      left_[static_cast<std::size_t>(seat)] = true;  // a bot plays the seat from now on
      host_.log("table " + id_ + ": seat " + std::to_string(seat) + " left; a bot plays it");
    } else {
      store_.set_seat(id_, seat, "");
      player_[static_cast<std::size_t>(seat)].clear();
      if (std::all_of(player_.begin(), player_.end(),
                      [](const std::string& p) { return p.empty(); })) {
        // Nobody is left at a table that never started: it is closed (and frees its place
        // under the table limits).
        store_.close_table(id_);
        finish(now);
        host_.log("table " + id_ + ": abandoned before the start");
      }
    }
  }
  out.push_back({c, out::left(id_)});
  if (started_ && !over_ && state_.to_act == seat) {
    send_table(now, out);  // who sits changed; then the bot plays the seat's turn
    (void)play(nullptr, out::Note::none, now, out);
  } else {
    broadcast(now, out);
  }
  return spectator;
}

void Table::seating_changed(std::int64_t now, std::vector<Outgoing>& out) { broadcast(now, out); }

void Table::unwatch(ConnId c) { watchers_.erase(c); }

void Table::tick(std::int64_t now, std::vector<Outgoing>& out) {
  if (abandoned(now)) {
    store_.close_table(id_);
    finish(now);
    host_.log("table " + id_ + ": closed before the start: its creator is gone");
    broadcast(now, out);  // the spectators see it closed
    return;
  }
  if (!started_ || over_) return;
  const int seat = state_.to_act;
  if (seat < 0) {
    // A shuffle is due: only after a store failure stopped a run; try again.
    (void)play(nullptr, out::Note::none, now, out);
  } else if (bot_plays(seat, now)) {
    host_.log("table " + id_ + ": seat " + std::to_string(seat) + " is away; the bot plays it");
    send_table(now, out);  // bot_playing changed
    (void)play(nullptr, out::Note::none, now, out);
  } else if (deadline_ > 0 && now >= deadline_) {
    (void)play(nullptr, out::Note::none, now, out, seat);  // the bot plays this turn
  }
}

}  // namespace mus_server
