#include "handler.hpp"

#include <sys/random.h>

#include <algorithm>
#include <array>
#include <cerrno>
#include <map>
#include <nlohmann/json.hpp>
#include <set>
#include <stdexcept>
#include <utility>

#include "json_out.hpp"
#include "replay.hpp"

namespace mus_server {

using json = nlohmann::json;

void os_random_bytes(void* out, std::size_t n) {
  auto* p = static_cast<unsigned char*>(out);
  while (n > 0) {
    const ssize_t got = getrandom(p, n, 0);
    if (got < 0) {
      if (errno == EINTR) continue;
      throw std::runtime_error("getrandom failed");
    }
    p += got;
    n -= static_cast<std::size_t>(got);
  }
}

bool constant_time_equal(std::string_view a, std::string_view b) noexcept {
  if (a.size() != b.size()) return false;
  unsigned char diff = 0;
  for (std::size_t i = 0; i < a.size(); ++i)
    diff |= static_cast<unsigned char>(static_cast<unsigned char>(a[i]) ^
                                       static_cast<unsigned char>(b[i]));
  return diff == 0;
}

namespace {

// A refusal: one of the documented error codes (docs/protocol.md) and a message.
struct Refusal {
  std::string code;
  std::string message;
};

[[noreturn]] void refuse(std::string code, std::string message) {
  throw Refusal{std::move(code), std::move(message)};
}

std::string dump(const json& j) { return j.dump(-1, ' ', false, json::error_handler_t::replace); }

json error_json(const std::string& code, const std::string& message, const std::string& re) {
  json e = {{"type", "error"}, {"code", code}, {"message", message}};
  if (!re.empty()) e["re"] = re;
  return e;
}

// Typed access to the fields of a message, refusing with missing_field or wrong_type.
const json* find(const json& m, const char* key) {
  const auto it = m.find(key);
  return it == m.end() || it->is_null() ? nullptr : &*it;
}
std::optional<std::string> opt_string(const json& m, const char* key) {
  const json* f = find(m, key);
  if (f == nullptr) return std::nullopt;
  if (!f->is_string()) refuse("wrong_type", std::string("'") + key + "' must be a string");
  return f->get<std::string>();
}
std::string need_string(const json& m, const char* key) {
  auto s = opt_string(m, key);
  if (!s) refuse("missing_field", std::string("'") + key + "' is required");
  return *s;
}
std::optional<std::int64_t> opt_int(const json& m, const char* key) {
  const json* f = find(m, key);
  if (f == nullptr) return std::nullopt;
  if (!f->is_number_integer()) refuse("wrong_type", std::string("'") + key + "' must be an integer");
  return f->get<std::int64_t>();
}
std::int64_t need_int(const json& m, const char* key) {
  auto v = opt_int(m, key);
  if (!v) refuse("missing_field", std::string("'") + key + "' is required");
  return *v;
}
bool opt_bool(const json& m, const char* key, bool fallback) {
  const json* f = find(m, key);
  if (f == nullptr) return fallback;
  if (!f->is_boolean()) refuse("wrong_type", std::string("'") + key + "' must be true or false");
  return f->get<bool>();
}

std::string hex(const unsigned char* p, std::size_t n) {
  static constexpr char digits[] = "0123456789abcdef";
  std::string out;
  for (std::size_t i = 0; i < n; ++i) {
    out += digits[p[i] >> 4];
    out += digits[p[i] & 15];
  }
  return out;
}

// A display name: 1..32 bytes of text without control characters.
bool good_name(const std::string& s) {
  if (s.empty() || s.size() > 32) return false;
  return std::none_of(s.begin(), s.end(),
                      [](char ch) { return static_cast<unsigned char>(ch) < 0x20 || ch == 0x7f; });
}

void write_card(JsonOut& o, std::uint8_t id) {
  if (id >= mus::deck_size) {
    o.null();
  } else {
    o.value(mus::to_string(mus::Card::from_id_unchecked(id)));
  }
}

// Cards as the library's ids (0..39, mus::no_card for an empty or hidden slot), written beside
// their texts so that a client draws them without reading the texts.
template <std::size_t N>
void write_card_ids(JsonOut& o, const std::array<std::uint8_t, N>& cards) {
  o.begin_array();
  for (auto c : cards) o.value(std::int64_t{c < mus::deck_size ? c : mus::no_card});
  o.end_array();
}

void write_lances(JsonOut& o, const std::array<mus::LanceRecord, 4>& ls) {
  o.begin_array();
  for (const auto& l : ls) {
    o.begin_object()
        .key("lance").value(mus::lance_name(l.lance))
        .key("status").value(mus::lance_status_name(l.status))
        .key("bet_team").value(std::int64_t{l.bet_team})
        .key("winner_team").value(std::int64_t{l.winner_team})
        .key("winner_seat").value(std::int64_t{l.winner_seat})
        .key("tantos").value(std::int64_t{l.tantos})
        .key("counted").value(l.counted != 0)
        .key("stake").value(std::int64_t{l.stake})
        .key("points").value(std::int64_t{l.points})
        .end_object();
  }
  o.end_array();
}

// A SeatView as JSON, field by field (names as in mus/match.hpp); `seat` is the view's seat,
// or -1 for a spectator's copy.
void write_view(JsonOut& o, const mus::SeatView& v, int seat) {
  o.begin_object()
      .key("seat").value(std::int64_t{seat})
      .key("phase").value(mus::phase_name(v.phase))
      .key("to_act").value(std::int64_t{v.to_act})
      .key("dealer").value(std::int64_t{v.dealer})
      .key("mano").value(std::int64_t{v.mano})
      .key("lance").value(mus::lance_name(v.lance))
      .key("match_winner").value(std::int64_t{v.match_winner})
      .key("hand").begin_array();
  for (auto c : v.hand) write_card(o, c);
  o.end_array().key("hand_ids");
  write_card_ids(o, v.hand);
  o
      .key("score").numbers(v.score)
      .key("games").numbers(v.games)
      .key("vacas").numbers(v.vacas)
      .key("stock_count").value(std::int64_t{v.stock_count})
      .key("pile_count").value(std::int64_t{v.pile_count})
      .key("pares_mask").value(std::int64_t{v.pares_mask})
      .key("juego_mask").value(std::int64_t{v.juego_mask})
      .key("declared").value(std::int64_t{v.declared})
      .key("perete_mask").value(std::int64_t{v.perete_mask})
      .key("signals").numbers(v.signals)
      .key("bet_open").value(v.bet_open != 0)
      .key("is_ordago").value(v.is_ordago != 0)
      .key("bet_team").value(std::int64_t{v.bet_team})
      .key("stake_before").value(std::int64_t{v.stake_before})
      .key("proposed").value(std::int64_t{v.proposed})
      .key("proposal").value(std::int64_t{v.proposal})
      .key("proposer").value(std::int64_t{v.proposer})
      .key("proposal_amount").value(std::int64_t{v.proposal_amount})
      .key("hand_number").value(std::int64_t{v.hand_number})
      .key("lances");
  write_lances(o, v.lances);
  o.key("last").begin_object()
      .key("number").value(std::int64_t{v.last.number})
      .key("dealer").value(std::int64_t{v.last.dealer})
      .key("mano").value(std::int64_t{v.last.mano})
      .key("end").value(static_cast<std::int64_t>(v.last.end))
      .key("game_winner").value(std::int64_t{v.last.game_winner})
      .key("score_before").numbers(v.last.score_before)
      .key("score_after").numbers(v.last.score_after)
      .key("lances");
  write_lances(o, v.last.lances);
  o.key("shown");
  if (v.last.showed_cards()) {
    o.begin_array();
    for (auto c : v.last.shown) write_card(o, c);
    o.end_array().key("shown_ids");
    write_card_ids(o, v.last.shown);
  } else {
    o.null().key("shown_ids").null();
  }
  o.end_object().end_object();
}

// Whether a table may seat a bot of kind k: the library plays it with a kind alone.
bool seatable(mus::BotKind k) {
  return mus::validate_bot_config(mus::BotConfig{k, 0, 0}) == mus::Errc::ok;
}

// The names of the library's bot kinds a table may seat (mus::bot_kinds), in the order of
// their numbers.
json bot_kinds_json() {
  json a = json::array();
  for (const mus::BotKind k : mus::bot_kinds)
    if (seatable(k)) a.push_back(std::string(mus::bot_kind_name(k)));
  return a;
}

// A bot kind by its library name, one a table may seat (refused with unknown_bot_kind).
mus::BotKind bot_kind_of(const std::string& name) {
  const auto k = mus::parse_bot_kind(name);
  if (!k || !seatable(*k))
    refuse("unknown_bot_kind", "no bot kind '" + name.substr(0, 40) + "'; the kinds are " +
                                   bot_kinds_json().dump());
  return *k;
}

constexpr std::int64_t finished_kept_ms = 300'000;  // a finished table stays this long
constexpr int max_steps_per_play = 100'000;         // bound on one run of shuffles and bots

}  // namespace

struct Handler::Impl {
  // What the server itself says in a view's events (besides the library's events).
  enum class Note : std::uint8_t { none, timeout, bot_for_away };
  // One entry of a table's event log, kept compact (JSON is made when a view is sent).
  struct LogEntry {
    std::uint64_t seq = 0;   // the action (1-based) that caused it
    Note note = Note::none;  // a server note (seat in event.seat), or a library event
    mus::Event event{};
  };
  static void write_log_entry(JsonOut& o, const LogEntry& e) {
    o.begin_object().key("seq").value(static_cast<std::int64_t>(e.seq));
    if (e.note == Note::none) {
      o.key("kind").value(static_cast<std::int64_t>(e.event.kind))
          .key("seat").value(std::int64_t{e.event.seat})
          .key("team").value(std::int64_t{e.event.team})
          .key("lance").value(std::int64_t{e.event.lance})
          .key("amount").value(std::int64_t{e.event.amount})
          .key("value").value(std::int64_t{e.event.value});
    } else {
      o.key("server").value(e.note == Note::timeout ? "timeout" : "bot_for_away")
          .key("seat").value(std::int64_t{e.event.seat});
    }
    o.end_object();
  }
  struct Table {
    std::string id, code, creator, rules_text;
    bool is_private = false;
    mus::Rules rules{};
    std::array<bool, 4> bot{};
    // The kind of each bot seat's bot (a person's seat, away or timed out, gets the heuristic).
    std::array<mus::BotKind, 4> bot_kind{mus::BotKind::heuristic, mus::BotKind::heuristic,
                                         mus::BotKind::heuristic, mus::BotKind::heuristic};
    std::array<std::string, 4> player{};
    std::array<bool, 4> left{};
    int clock_s = 30;
    std::uint64_t seed = 0;
    int dealer = 0;
    bool started = false, over = false;
    std::int64_t over_at = 0;
    mus::State state{};
    std::vector<std::string> actions;
    std::vector<LogEntry> log;
    std::int64_t deadline = 0;
    std::map<ConnId, std::uint64_t> watchers;  // connection -> last seq sent
    [[nodiscard]] std::uint64_t seq() const { return actions.size(); }
    [[nodiscard]] int seat_of(const std::string& p) const {
      for (int s = 0; s < 4; ++s)
        if (player[static_cast<std::size_t>(s)] == p) return s;
      return -1;
    }
    [[nodiscard]] bool filled() const {
      for (std::size_t s = 0; s < 4; ++s)
        if (!bot[s] && player[s].empty()) return false;
      return true;
    }
    [[nodiscard]] std::string settings() const {
      return dump({{"rules", rules_text}, {"seats", seats_kinds()}, {"bots", bots_json()},
                   {"clock", clock_s}, {"private", is_private}, {"code", code},
                   {"creator", creator}});
    }
    [[nodiscard]] json seats_kinds() const {
      json a = json::array();
      for (bool b : bot) a.push_back(b ? "bot" : "human");
      return a;
    }
    // Each seat's bot kind by name, null for a person's seat.
    [[nodiscard]] json bots_json() const {
      json a = json::array();
      for (std::size_t s = 0; s < 4; ++s)
        a.push_back(bot[s] ? json(std::string(mus::bot_kind_name(bot_kind[s]))) : json(nullptr));
      return a;
    }
  };
  struct Player {
    std::string id, name, secret;
    ConnId conn = 0;
    std::int64_t dropped_at = 0;
    std::map<std::string, std::uint64_t> seen;  // table -> last seq sent to this player
    std::set<std::string> tables;               // seated at, unfinished
  };
  struct Conn {
    std::string player;
    double tokens = 0;
    std::int64_t refill_ms = 0;
    std::set<std::string> watching;
  };

  Store& store;
  Limits limits;
  RandomBytes random;
  std::optional<std::uint64_t> test_seed;
  std::uint64_t created = 0;
  std::map<std::string, Table> tables;
  std::map<std::string, Player> players;
  std::map<ConnId, Conn> conns;
  std::vector<std::string> log_lines;

  Impl(Store& s, Limits l, RandomBytes r, std::optional<std::uint64_t> ts)
      : store(s), limits(l), random(std::move(r)), test_seed(ts) {}

  std::string random_hex(std::size_t bytes) {
    std::array<unsigned char, 32> buf{};
    random(buf.data(), bytes);
    return hex(buf.data(), bytes);
  }
  std::uint64_t random_u64() {
    std::uint64_t v = 0;
    random(&v, sizeof v);
    return v;
  }
  std::string random_code() {
    static constexpr char alphabet[] = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";  // 32 letters
    std::array<unsigned char, 6> buf{};
    random(buf.data(), buf.size());
    std::string code;
    for (auto b : buf) code += alphabet[b & 31];
    return code;
  }

  // Whether the library's bot plays this seat now: a bot seat, or a person who left or whose
  // grace window has run out.
  bool bot_plays(const Table& t, int seat, std::int64_t now) const {
    const auto s = static_cast<std::size_t>(seat);
    if (t.bot[s] || t.left[s] || t.player[s].empty()) return true;
    const auto it = players.find(t.player[s]);
    if (it == players.end()) return true;
    const Player& p = it->second;
    return p.conn == 0 && now - p.dropped_at >= std::int64_t{limits.grace_seconds} * 1000;
  }

  // ---- messages out ----

  json table_json(const Table& t, std::int64_t now, bool with_code) const {
    json seats = json::array();
    for (std::size_t s = 0; s < 4; ++s) {
      json seat = {{"seat", s}, {"kind", t.bot[s] ? "bot" : "human"}};
      if (t.bot[s]) seat["bot"] = std::string(mus::bot_kind_name(t.bot_kind[s]));
      if (!t.bot[s]) {
        const auto it = players.find(t.player[s]);
        const bool taken = it != players.end() && !t.left[s];
        seat["player"] = taken ? json(it->second.name) : json(nullptr);
        seat["connected"] = taken && it->second.conn != 0;
        seat["bot_playing"] = t.started && bot_plays(t, static_cast<int>(s), now);
      }
      seats.push_back(seat);
    }
    json j = {{"type", "table"},     {"table", t.id},        {"rules", t.rules_text},
              {"private", t.is_private}, {"clock", t.clock_s}, {"seats", seats},
              {"started", t.started}, {"over", t.over},      {"seq", t.seq()},
              {"spectators", t.watchers.size()}};
    j["to_act"] = t.started ? json(t.state.to_act) : json(nullptr);
    j["deadline_ms"] = t.deadline > 0 ? json(std::max<std::int64_t>(0, t.deadline - now))
                                      : json(nullptr);
    if (with_code && t.is_private) j["code"] = t.code;
    return j;
  }

  // The view message for a seat (0..3) or a spectator (-1), with the events after `since`.
  // Written with JsonOut: it is the message the server sends most.
  std::string view_message(const Table& t, int seat, std::uint64_t since, std::int64_t now) const {
    std::string text;
    text.reserve(4096);
    JsonOut o(text);
    o.begin_object()
        .key("type").value("view")
        .key("table").value(t.id)
        .key("seq").value(static_cast<std::int64_t>(t.seq()))
        .key("seat").value(std::int64_t{seat})
        .key("view");
    if (seat >= 0) {
      const mus::SeatView v = mus::view_of(t.state, seat);
      write_view(o, v, seat);
      o.key("text").value(mus::view_to_text(v));
    } else {
      // A spectator sees the public state: a seat's view without that seat's cards.
      mus::SeatView v = mus::view_of(t.state, 0);
      v.hand = {mus::no_card, mus::no_card, mus::no_card, mus::no_card};
      write_view(o, v, -1);
    }
    o.key("legal").begin_array();
    if (seat >= 0 && t.state.to_act == seat && !bot_plays(t, seat, now)) {
      const std::uint64_t mask = mus::legal_action_mask(t.state);
      for (int id = 0; id < mus::action_id_count; ++id) {
        if ((mask >> id & 1U) == 0) continue;
        const auto a = mus::action_from_id(t.state, id);
        if (a) {
          o.begin_object()
              .key("id").value(std::int64_t{id})
              .key("text").value(mus::action_to_text(*a))
              .end_object();
        }
      }
    }
    o.end_array().key("deadline_ms");
    if (t.deadline > 0) {
      o.value(std::max<std::int64_t>(0, t.deadline - now));
    } else {
      o.null();
    }
    const auto first = std::partition_point(t.log.begin(), t.log.end(),
                                            [&](const LogEntry& e) { return e.seq <= since; });
    const auto count = static_cast<std::size_t>(t.log.end() - first);
    auto from = first;
    if (count > limits.max_events_per_view) {
      from = t.log.end() - static_cast<std::ptrdiff_t>(limits.max_events_per_view);
      o.key("events_truncated").value(true);
    }
    o.key("events").begin_array();
    for (auto it = from; it != t.log.end(); ++it) write_log_entry(o, *it);
    o.end_array().end_object();
    return text;
  }

  void send(std::vector<Outgoing>& out, ConnId c, const json& j) { out.push_back({c, dump(j)}); }
  void send(std::vector<Outgoing>& out, ConnId c, std::string text) {
    out.push_back({c, std::move(text)});
  }

  // Sends the table message to everyone at the table who is connected.
  void send_table(const Table& t, std::int64_t now, std::vector<Outgoing>& out) {
    const json table = table_json(t, now, true);
    for (std::size_t s = 0; s < 4; ++s) {
      if (t.player[s].empty() || t.left[s]) continue;
      auto it = players.find(t.player[s]);
      if (it != players.end() && it->second.conn != 0) send(out, it->second.conn, table);
    }
    const json public_table = table_json(t, now, false);
    for (const auto& [c, seen] : t.watchers) send(out, c, public_table);
  }

  // Sends each seat's and spectator's view (when started) to everyone at the table who is
  // connected, after the table message when `seating` (who sits, who is connected) changed.
  void broadcast(Table& t, std::int64_t now, std::vector<Outgoing>& out, bool seating = true) {
    if (seating) send_table(t, now, out);
    for (int s = 0; s < 4; ++s) {
      const auto& pid = t.player[static_cast<std::size_t>(s)];
      if (pid.empty() || t.left[static_cast<std::size_t>(s)]) continue;
      auto it = players.find(pid);
      if (it == players.end() || it->second.conn == 0) continue;
      if (t.started) {
        auto& seen = it->second.seen[t.id];
        send(out, it->second.conn, view_message(t, s, seen, now));
        seen = t.seq();
      }
    }
    for (auto& [c, seen] : t.watchers) {
      if (t.started) {
        send(out, c, view_message(t, -1, seen, now));
        seen = t.seq();
      }
    }
    if (t.over) {
      const int winner = t.state.scores.match_winner;
      json over = {{"type", "match_over"}, {"table", t.id}, {"winner", winner},
                   {"replay", "/replays/" + t.id}};
      for (const auto& pid : t.player) {
        auto it = players.find(pid);
        if (it != players.end() && it->second.conn != 0) send(out, it->second.conn, over);
      }
      for (const auto& [c, seen] : t.watchers) send(out, c, over);
    }
  }

  // ---- play ----

  // Applies `first` (a person's action, or the bot's for a person out of time) when given,
  // then every shuffle and every bot decision until a person is to act or the match is over;
  // stores all of them in one transaction, and only then makes them visible. Returns the
  // library's refusal of `first` (Errc::ok when accepted).
  mus::Errc play(Table& t, const mus::Action* first, Note first_note, std::int64_t now,
                 std::vector<Outgoing>& out) {
    mus::State s = t.state;
    std::vector<std::string> texts;
    std::vector<LogEntry> entries;
    std::uint64_t seq = t.seq();
    mus::Events events;
    const auto step = [&](const mus::Action& a, Note note) {
      const mus::Errc e = mus::apply_in_place(s, a, &events);
      if (e != mus::Errc::ok) return e;
      ++seq;
      texts.push_back(mus::action_to_text(a));
      if (note != Note::none) {
        mus::Event who{};
        who.seat = a.seat;
        entries.push_back({seq, note, who});
      }
      for (std::size_t i = 0; i < events.size; ++i)
        entries.push_back({seq, Note::none, events.items[i]});
      return mus::Errc::ok;
    };
    if (first != nullptr) {
      const mus::Errc e = step(*first, first_note);
      if (e != mus::Errc::ok) return e;
    }
    for (int guard = 0; guard < max_steps_per_play && s.phase != mus::Phase::match_over;
         ++guard) {
      mus::Action a;
      Note note = Note::none;
      if (s.phase == mus::Phase::shuffle) {
        a = mus::Action::shuffle_seed(mus::derive_seed(t.seed, 1, seq));
      } else {
        const int seat = s.to_act;
        if (!bot_plays(t, seat, now)) break;
        // A bot seat's own kind; a person's seat (left or away) gets the heuristic.
        const auto k = static_cast<std::size_t>(seat);
        const mus::BotConfig bot{t.bot[k] ? t.bot_kind[k] : mus::BotKind::heuristic, 0, 0};
        const auto chosen = mus::bot_choose(s, seat, bot, mus::derive_seed(t.seed, 2, seq));
        if (!chosen) {
          log_lines.push_back("table " + t.id + ": the bot could not choose: " +
                              chosen.error().describe());
          break;
        }
        a = *chosen;
        if (!t.bot[static_cast<std::size_t>(seat)]) note = Note::bot_for_away;
      }
      if (step(a, note) != mus::Errc::ok) {
        log_lines.push_back("table " + t.id + ": the reducer refused " + mus::action_to_text(a));
        break;
      }
    }
    const bool over = s.phase == mus::Phase::match_over;
    store.append_actions(t.id, t.actions.size(), texts, over);  // before anybody sees them
    t.state = s;
    t.actions.insert(t.actions.end(), texts.begin(), texts.end());
    t.log.insert(t.log.end(), entries.begin(), entries.end());
    t.deadline = 0;
    if (over) {
      t.over = true;
      t.over_at = now;
      for (const auto& pid : t.player) {
        auto it = players.find(pid);
        if (it != players.end()) it->second.tables.erase(t.id);
      }
      log_lines.push_back("table " + t.id + ": match over after " +
                          std::to_string(t.actions.size()) + " actions");
    } else if (t.state.to_act >= 0) {
      t.deadline = now + std::int64_t{t.clock_s} * 1000;
    }
    broadcast(t, now, out, false);  // the views carry seq, the seat to act and its clock
    return mus::Errc::ok;
  }

  void start(Table& t, std::int64_t now, std::vector<Outgoing>& out) {
    t.started = true;
    log_lines.push_back("table " + t.id + ": match starts");
    send_table(t, now, out);
    (void)play(t, nullptr, Note::none, now, out);
  }

  // ---- the messages ----

  Player& welcomed(ConnId c) {
    Conn& conn = conns.at(c);
    if (conn.player.empty()) refuse("hello_first", "say hello first");
    return players.at(conn.player);
  }

  Table& table_for(const json& m, bool need_code_for_private) {
    const auto id = opt_string(m, "table");
    const auto code = opt_string(m, "code");
    if (!id && !code) refuse("missing_field", "'table' or 'code' is required");
    Table* t = nullptr;
    if (id) {
      const auto it = tables.find(*id);
      if (it == tables.end()) refuse("unknown_table", "no table " + id->substr(0, 40));
      t = &it->second;
    } else {
      for (auto& [tid, table] : tables)
        if (table.is_private && constant_time_equal(table.code, *code)) t = &table;
      if (t == nullptr) refuse("unknown_table", "no private table has this code");
    }
    if (need_code_for_private && t->is_private && !(code && constant_time_equal(t->code, *code)))
      refuse("wrong_code", "this table is private: its join code is needed");
    return *t;
  }

  void on_hello(ConnId c, const json& m, std::int64_t now, std::vector<Outgoing>& out) {
    Conn& conn = conns.at(c);
    if (!conn.player.empty()) refuse("already_welcomed", "this connection already said hello");
    const std::int64_t v = need_int(m, "v");
    if (v != protocol_version)
      refuse("unsupported_version", "this server speaks version " + std::to_string(protocol_version));
    const auto name = opt_string(m, "name");
    if (name && !good_name(*name))
      refuse("bad_value", "'name' must be 1 to 32 bytes without control characters");
    const auto token = opt_string(m, "token");
    Player* p = nullptr;
    bool resumed = false;
    if (token) {
      const auto dash = token->find('-');
      const auto it = dash == std::string::npos ? players.end() : players.find(token->substr(0, dash));
      if (it == players.end() || !constant_time_equal(it->second.secret, token->substr(dash + 1)))
        refuse("unknown_token", "no player has this resume token");
      p = &it->second;
      resumed = true;
      if (p->conn != 0 && p->conn != c) {
        auto old = conns.find(p->conn);
        if (old != conns.end()) {
          old->second.player.clear();
          send(out, p->conn, error_json("replaced", "the player resumed on another connection", ""));
        }
      }
      if (name && *name != p->name) {
        p->name = *name;
        store.put_player({p->id, p->name, p->secret});
      }
    } else {
      if (!name) refuse("missing_field", "'name' is required without a token");
      if (players.size() >= limits.max_players) refuse("server_full", "too many players");
      Player np;
      np.id = "p" + random_hex(8);
      np.name = *name;
      np.secret = random_hex(16);
      store.put_player({np.id, np.name, np.secret});
      p = &players.emplace(np.id, np).first->second;
    }
    p->conn = c;
    conn.player = p->id;
    send(out, c,
         {{"type", "welcome"}, {"v", protocol_version}, {"player", p->id}, {"name", p->name},
          {"token", p->id + "-" + p->secret}, {"resumed", resumed},
          {"tables", std::vector<std::string>(p->tables.begin(), p->tables.end())},
          {"bot_kinds", bot_kinds_json()}});
    for (const auto& tid : p->tables) {
      auto it = tables.find(tid);
      if (it != tables.end()) broadcast(it->second, now, out);
    }
  }

  void on_create(ConnId c, const json& m, std::int64_t now, std::vector<Outgoing>& out) {
    Player& p = welcomed(c);
    const std::string rules_text = opt_string(m, "rules").value_or("standard");
    const auto rules = mus::parse_rules(rules_text.substr(0, 400));
    if (rules_text.size() > 400 || !rules)
      refuse("bad_rules", rules_text.size() > 400 ? "rules text too long" : rules.error().describe());
    const json* seats = find(m, "seats");
    if (seats == nullptr) refuse("missing_field", "'seats' is required");
    if (!seats->is_array() || seats->size() != 4)
      refuse("wrong_type", "'seats' must be an array of four \"human\" or \"bot\"");
    Table t;
    int humans = 0;
    for (std::size_t s = 0; s < 4; ++s) {
      const json& k = (*seats)[s];
      if (!k.is_string()) refuse("wrong_type", "'seats' must be an array of four \"human\" or \"bot\"");
      const auto kind = k.get<std::string>();
      if (kind != "human" && kind != "bot") refuse("bad_value", "a seat is \"human\" or \"bot\"");
      t.bot[s] = kind == "bot";
      humans += t.bot[s] ? 0 : 1;
    }
    if (humans == 0) refuse("bad_value", "a table needs at least one human seat");
    if (const json* bots = find(m, "bots")) {
      if (!bots->is_array() || bots->size() != 4)
        refuse("wrong_type", "'bots' must be an array of four bot kinds or null");
      for (std::size_t s = 0; s < 4; ++s) {
        const json& k = (*bots)[s];
        if (k.is_null()) continue;
        if (!k.is_string()) refuse("wrong_type", "'bots' must be an array of four bot kinds or null");
        if (!t.bot[s]) refuse("bad_value", "'bots' names a bot kind for a human seat");
        t.bot_kind[s] = bot_kind_of(k.get<std::string>());
      }
    }
    const std::int64_t clock = opt_int(m, "clock").value_or(limits.clock_seconds);
    if (clock < 1 || clock > limits.max_clock_seconds)
      refuse("bad_value", "'clock' must be 1.." + std::to_string(limits.max_clock_seconds) + " seconds");
    const auto seat = opt_int(m, "seat");
    if (seat && (*seat < 0 || *seat > 3 || t.bot[static_cast<std::size_t>(*seat)]))
      refuse("bad_value", "'seat' must be one of the table's human seats");
    std::size_t open = 0, mine = 0;
    for (const auto& [id, table] : tables) {
      if (table.over) continue;
      ++open;
      if (table.creator == p.id) ++mine;
    }
    if (open >= limits.max_tables) refuse("too_many_tables", "the server has too many tables");
    if (mine >= limits.max_tables_per_player)
      refuse("too_many_tables", "you have too many unfinished tables");
    t.id = "t" + random_hex(8);
    t.rules = *rules;
    t.rules_text = mus::format_rules(*rules);
    t.is_private = opt_bool(m, "private", false);
    if (t.is_private) t.code = random_code();
    t.creator = p.id;
    t.clock_s = static_cast<int>(clock);
    t.seed = test_seed ? mus::derive_seed(*test_seed, 9, created) : random_u64();
    ++created;
    t.dealer = static_cast<int>(mus::derive_seed(t.seed, 4, 0) % 4);
    t.state = *mus::new_match(t.rules, t.dealer);
    store.create_table({t.id, t.settings(), t.seed, t.dealer, {}, {}, false});
    log_lines.push_back("table " + t.id + " created by " + p.id + ": " + t.rules_text);
    Table& placed = tables.emplace(t.id, t).first->second;
    if (seat) {
      sit(placed, p, static_cast<int>(*seat), now, out);
    } else {
      send(out, c, table_json(placed, now, true));
    }
  }

  void sit(Table& t, Player& p, int seat, std::int64_t now, std::vector<Outgoing>& out) {
    const auto s = static_cast<std::size_t>(seat);
    store.set_seat(t.id, seat, p.id);
    t.player[s] = p.id;
    t.left[s] = false;
    p.tables.insert(t.id);
    if (!t.started && t.filled()) {
      start(t, now, out);
    } else {
      broadcast(t, now, out);
    }
  }

  void on_join(ConnId c, const json& m, std::int64_t now, std::vector<Outgoing>& out) {
    Player& p = welcomed(c);
    Table& t = table_for(m, true);
    if (t.over) refuse("match_over", "the match at this table is over");
    const auto seat = opt_int(m, "seat");
    const int mine = t.seat_of(p.id);
    int chosen = -1;
    if (seat) {
      if (*seat < 0 || *seat > 3) refuse("bad_value", "'seat' must be 0..3");
      const auto s = static_cast<std::size_t>(*seat);
      if (t.bot[s]) refuse("bad_value", "that seat is played by a bot");
      if (mine >= 0 && mine != *seat) refuse("already_seated", "you already sit at this table");
      if (!t.player[s].empty() && t.player[s] != p.id) refuse("seat_taken", "that seat is taken");
      chosen = static_cast<int>(*seat);
    } else if (mine >= 0) {
      chosen = mine;
    } else {
      for (int s = 0; s < 4 && chosen < 0; ++s)
        if (!t.bot[static_cast<std::size_t>(s)] && t.player[static_cast<std::size_t>(s)].empty())
          chosen = s;
      if (chosen < 0) refuse("table_full", "every seat of this table is taken");
    }
    t.watchers.erase(c);
    conns.at(c).watching.erase(t.id);
    sit(t, p, chosen, now, out);
  }

  void on_watch(ConnId c, const json& m, std::int64_t now, std::vector<Outgoing>& out) {
    (void)welcomed(c);
    Table& t = table_for(m, true);
    t.watchers.emplace(c, 0);
    conns.at(c).watching.insert(t.id);
    send(out, c, table_json(t, now, false));
    if (t.started) {
      send(out, c, view_message(t, -1, 0, now));
      t.watchers[c] = t.seq();
    }
  }

  void on_act(ConnId c, const json& m, std::int64_t now, std::vector<Outgoing>& out) {
    Player& p = welcomed(c);
    const std::string id = need_string(m, "table");
    const std::int64_t action = need_int(m, "action");
    const std::int64_t seq = need_int(m, "seq");
    auto it = tables.find(id);
    if (it == tables.end()) refuse("unknown_table", "no table " + id.substr(0, 40));
    Table& t = it->second;
    const int seat = t.seat_of(p.id);
    if (seat < 0 || t.left[static_cast<std::size_t>(seat)])
      refuse("not_seated", "you do not sit at this table");
    if (t.over) refuse("match_over", "the match at this table is over");
    if (!t.started) refuse("not_started", "the match has not started");
    if (seq != static_cast<std::int64_t>(t.seq()))
      refuse("stale_seq", "the table is at seq " + std::to_string(t.seq()));
    if (t.state.to_act != seat) refuse("not_your_turn", "it is not your turn");
    if (action < 0 || action >= mus::action_id_count ||
        (mus::legal_action_mask(t.state) >> action & 1U) == 0)
      refuse("illegal_action", "action id " + std::to_string(action) + " is not legal now");
    const auto a = mus::action_from_id(t.state, static_cast<int>(action));
    if (!a) refuse("illegal_action", a.error().describe());
    const mus::Errc e = play(t, &*a, Note::none, now, out);
    if (e != mus::Errc::ok) refuse("illegal_action", std::string(mus::errc_text(e)));
  }

  void on_leave(ConnId c, const json& m, std::int64_t now, std::vector<Outgoing>& out) {
    Player& p = welcomed(c);
    const std::string id = need_string(m, "table");
    auto it = tables.find(id);
    if (it == tables.end()) refuse("unknown_table", "no table " + id.substr(0, 40));
    Table& t = it->second;
    const int seat = t.seat_of(p.id);
    if (t.watchers.erase(c) > 0) {
      conns.at(c).watching.erase(t.id);
    } else if (seat >= 0 && !t.left[static_cast<std::size_t>(seat)]) {
      p.tables.erase(t.id);
      if (t.started) {
        t.left[static_cast<std::size_t>(seat)] = true;  // a bot plays the seat from now on
        log_lines.push_back("table " + t.id + ": seat " + std::to_string(seat) + " left; a bot plays it");
      } else {
        store.set_seat(t.id, seat, "");
        t.player[static_cast<std::size_t>(seat)].clear();
        if (std::all_of(t.player.begin(), t.player.end(),
                        [](const std::string& id) { return id.empty(); })) {
          // Nobody is left at a table that never started: it is closed (and frees its place
          // under the table limits).
          store.close_table(t.id);
          t.over = true;
          t.over_at = now;
          log_lines.push_back("table " + t.id + ": abandoned before the start");
        }
      }
    } else {
      refuse("not_seated", "you neither sit at nor watch this table");
    }
    send(out, c, {{"type", "left"}, {"table", t.id}});
    if (t.started && !t.over && t.state.to_act == seat) {
      (void)play(t, nullptr, Note::none, now, out);
    } else {
      broadcast(t, now, out);
    }
  }

  void dispatch(ConnId c, const json& m, const std::string& type, std::int64_t now,
                std::vector<Outgoing>& out) {
    if (type == "hello") return on_hello(c, m, now, out);
    if (type == "ping") {
      json pong = {{"type", "pong"}};
      if (const json* id = find(m, "id"); id != nullptr && (id->is_number() || id->is_string()))
        pong["id"] = *id;
      return send(out, c, pong);
    }
    if (type == "create") return on_create(c, m, now, out);
    if (type == "join") return on_join(c, m, now, out);
    if (type == "watch") return on_watch(c, m, now, out);
    if (type == "act") return on_act(c, m, now, out);
    if (type == "leave") return on_leave(c, m, now, out);
    refuse("unknown_type", "unknown message type");
  }

  // Token bucket: false when the connection has used up its rate.
  bool take_token(Conn& conn, std::int64_t now) {
    const double elapsed = static_cast<double>(std::max<std::int64_t>(0, now - conn.refill_ms));
    conn.tokens = std::min(limits.burst, conn.tokens + elapsed * limits.rate_per_second / 1000.0);
    conn.refill_ms = now;
    if (conn.tokens < 1.0) return false;
    conn.tokens -= 1.0;
    return true;
  }

  std::vector<Outgoing> message(ConnId c, std::string_view text, std::int64_t now) {
    std::vector<Outgoing> out;
    auto cit = conns.find(c);
    if (cit == conns.end()) return out;
    if (!take_token(cit->second, now)) {
      send(out, c, error_json("rate_limited", "too many messages; slow down", ""));
      return out;
    }
    if (text.size() > limits.max_message_bytes) {
      send(out, c, error_json("too_large", "messages are limited to " +
                                              std::to_string(limits.max_message_bytes) + " bytes", ""));
      return out;
    }
    const json m = json::parse(text, nullptr, false);
    if (m.is_discarded()) {
      send(out, c, error_json("bad_json", "the message is not JSON", ""));
      return out;
    }
    std::string type;
    try {
      if (!m.is_object()) refuse("bad_message", "a message is a JSON object");
      type = need_string(m, "type");
      dispatch(c, m, type, now, out);
    } catch (const Refusal& r) {
      send(out, c, error_json(r.code, r.message, type.substr(0, 20)));
    } catch (const StoreError& e) {
      log_lines.push_back(std::string("store: ") + e.what());
      send(out, c, error_json("store_failed", "the server could not store this; try again", type.substr(0, 20)));
    } catch (const std::exception& e) {
      log_lines.push_back(std::string("internal: ") + e.what());
      send(out, c, error_json("server_error", "the server failed on this message", type.substr(0, 20)));
    }
    return out;
  }

  std::vector<Outgoing> close(ConnId c, std::int64_t now) {
    std::vector<Outgoing> out;
    auto it = conns.find(c);
    if (it == conns.end()) return out;
    Conn conn = std::move(it->second);
    conns.erase(it);
    for (const auto& tid : conn.watching) {
      auto t = tables.find(tid);
      if (t != tables.end()) t->second.watchers.erase(c);
    }
    auto p = players.find(conn.player);
    if (p == players.end() || p->second.conn != c) return out;
    p->second.conn = 0;
    p->second.dropped_at = now;
    for (const auto& tid : p->second.tables) {
      auto t = tables.find(tid);
      if (t != tables.end()) broadcast(t->second, now, out);
    }
    return out;
  }

  std::vector<Outgoing> tick(std::int64_t now) {
    std::vector<Outgoing> out;
    for (auto it = tables.begin(); it != tables.end();) {
      Table& t = it->second;
      if (t.over && now - t.over_at > finished_kept_ms) {
        for (const auto& pid : t.player) {
          auto p = players.find(pid);
          if (p != players.end()) p->second.seen.erase(t.id);
        }
        for (const auto& [c, seen] : t.watchers) {
          auto conn = conns.find(c);
          if (conn != conns.end()) conn->second.watching.erase(t.id);
        }
        it = tables.erase(it);
        continue;
      }
      ++it;
      if (!t.started || t.over) continue;
      const int seat = t.state.to_act;
      try {
        if (seat < 0) {
          // A shuffle is due: only after a store failure stopped a run; try again.
          (void)play(t, nullptr, Note::none, now, out);
        } else if (bot_plays(t, seat, now)) {
          log_lines.push_back("table " + t.id + ": seat " + std::to_string(seat) +
                              " is away; the bot plays it");
          send_table(t, now, out);  // bot_playing changed
          (void)play(t, nullptr, Note::none, now, out);
        } else if (t.deadline > 0 && now >= t.deadline) {
          const auto a = mus::bot_choose(t.state, seat, mus::BotConfig{},
                                         mus::derive_seed(t.seed, 2, t.seq()));
          if (!a) continue;
          log_lines.push_back("table " + t.id + ": seat " + std::to_string(seat) +
                              " ran out of time; the bot played " + mus::action_to_text(*a));
          (void)play(t, &*a, Note::timeout, now, out);
        }
      } catch (const std::exception& e) {
        log_lines.push_back("table " + t.id + ": " + e.what());
      }
    }
    return out;
  }

  std::vector<std::string> restore(std::int64_t now) {
    std::vector<std::string> problems;
    for (auto& r : store.load_players()) {
      Player p;
      p.id = r.id;
      p.name = r.name;
      p.secret = r.secret;
      p.dropped_at = now;
      players.emplace(p.id, p);
    }
    for (auto& r : store.load_unfinished()) {
      const json settings = json::parse(r.settings, nullptr, false);
      Table t;
      t.id = r.id;
      try {
        t.rules_text = settings.at("rules").get<std::string>();
        const auto rules = mus::parse_rules(t.rules_text);
        if (!rules) throw std::runtime_error(rules.error().describe());
        t.rules = *rules;
        const json& seats = settings.at("seats");
        for (std::size_t s = 0; s < 4; ++s) t.bot[s] = seats.at(s).get<std::string>() == "bot";
        if (const auto bots = settings.find("bots"); bots != settings.end()) {  // else all heuristic
          for (std::size_t s = 0; s < 4; ++s) {
            const json& k = bots->at(s);
            if (k.is_null()) continue;
            const auto kind = mus::parse_bot_kind(k.get<std::string>());
            if (!kind) throw std::runtime_error("unknown bot kind " + k.get<std::string>());
            t.bot_kind[s] = *kind;
          }
        }
        t.clock_s = settings.at("clock").get<int>();
        t.is_private = settings.at("private").get<bool>();
        t.code = settings.at("code").get<std::string>();
        t.creator = settings.at("creator").get<std::string>();
      } catch (const std::exception& e) {
        problems.push_back("table " + r.id + ": bad settings: " + e.what());
        continue;
      }
      t.seed = r.seed;
      t.dealer = r.dealer;
      t.player = r.seats;
      t.actions = r.actions;
      const std::string err = replay(
          t.rules, t.dealer, t.actions, t.state,
          [&](std::size_t i, const mus::Action&, const mus::Events& ev, const mus::State&) {
            for (std::size_t k = 0; k < ev.size; ++k)
              t.log.push_back({i + 1, Note::none, ev.items[k]});
          });
      if (!err.empty()) {
        problems.push_back("table " + r.id + ": " + err);
        continue;
      }
      t.started = !t.actions.empty() || t.filled();
      ++created;
      for (const auto& pid : t.player) {
        auto p = players.find(pid);
        if (p != players.end()) p->second.tables.insert(t.id);
      }
      Table& placed = tables.emplace(t.id, std::move(t)).first->second;
      if (placed.started) {
        std::vector<Outgoing> none;
        (void)play(placed, nullptr, Note::none, now, none);  // nobody is connected yet
      }
      log_lines.push_back("table " + placed.id + ": restored at seq " + std::to_string(placed.seq()));
    }
    return problems;
  }

  std::string lobby() const {
    json list = json::array();
    for (const auto& [id, t] : tables) {
      if (t.is_private || t.over) continue;
      json seats = json::array();
      for (std::size_t s = 0; s < 4; ++s) {
        const auto p = players.find(t.player[s]);
        json seat = {{"kind", t.bot[s] ? "bot" : "human"},
                     {"player", !t.bot[s] && p != players.end() && !t.left[s]
                                    ? json(p->second.name) : json(nullptr)}};
        if (t.bot[s]) seat["bot"] = std::string(mus::bot_kind_name(t.bot_kind[s]));
        seats.push_back(seat);
      }
      list.push_back({{"table", t.id}, {"rules", t.rules_text}, {"clock", t.clock_s},
                      {"seats", seats}, {"started", t.started}, {"spectators", t.watchers.size()}});
    }
    return dump({{"tables", list}});
  }

  std::optional<std::string> replay_transcript(const std::string& id) {
    const auto r = store.load_table(id);
    if (!r || !r->finished) return std::nullopt;
    const json settings = json::parse(r->settings, nullptr, false);
    if (!settings.is_object() || !settings.contains("rules") || !settings["rules"].is_string())
      return std::nullopt;
    const auto rules = mus::parse_rules(settings["rules"].get<std::string>());
    if (!rules) return std::nullopt;
    mus::State last{};
    if (const std::string err = replay(*rules, r->dealer, r->actions, last);
        !err.empty() || last.phase != mus::Phase::match_over)
      return std::nullopt;  // abandoned before its end, or not replayable
    std::string error;
    std::string text = transcript("libmus match transcript: mus-server table " + r->id + ".",
                                  *rules, r->dealer, r->actions, error);
    if (!error.empty()) {
      log_lines.push_back("replay " + id + ": " + error);
      return std::nullopt;
    }
    return text;
  }
};

Handler::Handler(Store& store, Limits limits, RandomBytes random,
                 std::optional<std::uint64_t> test_seed)
    : impl_(std::make_unique<Impl>(store, limits, std::move(random), test_seed)) {}
Handler::~Handler() = default;

std::vector<std::string> Handler::restore(std::int64_t now_ms) { return impl_->restore(now_ms); }

void Handler::open(ConnId c, std::int64_t now_ms) {
  Impl::Conn conn;
  conn.tokens = impl_->limits.burst;
  conn.refill_ms = now_ms;
  impl_->conns[c] = conn;
}

std::vector<Outgoing> Handler::message(ConnId c, std::string_view text, std::int64_t now_ms) {
  return impl_->message(c, text, now_ms);
}
std::vector<Outgoing> Handler::close(ConnId c, std::int64_t now_ms) { return impl_->close(c, now_ms); }
std::vector<Outgoing> Handler::tick(std::int64_t now_ms) { return impl_->tick(now_ms); }
std::string Handler::lobby() const { return impl_->lobby(); }
std::optional<std::string> Handler::replay_transcript(const std::string& table_id) {
  return impl_->replay_transcript(table_id);
}
std::vector<std::string> Handler::take_log() { return std::exchange(impl_->log_lines, {}); }
std::size_t Handler::table_count() const { return impl_->tables.size(); }
std::size_t Handler::connection_count() const { return impl_->conns.size(); }

}  // namespace mus_server
