#include "handler.hpp"

#include <sys/random.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <nlohmann/json.hpp>
#include <stdexcept>
#include <utility>
#include <variant>

#include "protocol.hpp"
#include "record_print.hpp"
#include "replay.hpp"
#include "settings.hpp"
#include "table.hpp"

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

std::int64_t system_wall_ms() {
  return std::chrono::duration_cast<std::chrono::milliseconds>(
             std::chrono::system_clock::now().time_since_epoch())
      .count();
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

std::string hex(const unsigned char* p, std::size_t n) {
  static constexpr char digits[] = "0123456789abcdef";
  std::string out;
  for (std::size_t i = 0; i < n; ++i) {
    out += digits[p[i] >> 4];
    out += digits[p[i] & 15];
  }
  return out;
}

constexpr std::int64_t finished_kept_ms = 300'000;  // a finished table stays this long
constexpr std::size_t max_friends = 200;            // friends per player

}  // namespace

// The router: players, connections and the lobby are its own; every message about a table goes
// to that table.
struct Handler::Impl final : TableHost {
  struct Player {
    PlayerRecord card;  // id, name, secret, since, stats, friends: as stored
    ConnId conn = 0;
    std::int64_t dropped_at = 0;
    std::set<std::string> tables;  // seated at, unfinished
  };
  struct Conn {
    std::string player;
    bool tips = false;  // hello.tips
    double tokens = 0;
    std::int64_t refill_ms = 0;
    std::set<std::string> watching;
  };

  Store& store;
  Limits limits;
  RandomBytes random;
  std::optional<std::uint64_t> test_seed;
  WallClock wall;
  std::uint64_t created = 0;
  std::map<std::string, std::unique_ptr<Table>> tables;
  std::map<std::string, Player> players;
  std::map<ConnId, Conn> conns;
  std::vector<std::string> log_lines;

  Impl(Store& s, Limits l, RandomBytes r, std::optional<std::uint64_t> ts, WallClock w)
      : store(s), limits(l), random(std::move(r)), test_seed(ts), wall(std::move(w)) {}

  // ---- TableHost ----

  std::optional<Person> person(const std::string& id) const override {
    const auto it = players.find(id);
    if (it == players.end()) return std::nullopt;
    const ConnId c = it->second.conn;
    const auto conn = conns.find(c);
    return Person{it->second.card.name, c, it->second.dropped_at,
                  conn != conns.end() && conn->second.tips};
  }
  void seated(const std::string& player, const std::string& table, bool at) override {
    const auto it = players.find(player);
    if (it == players.end()) return;
    if (at) {
      it->second.tables.insert(table);
    } else {
      it->second.tables.erase(table);
    }
  }
  void match_over(const MatchEnd& end) override {
    for (const PlayerResult& r : end.results) {
      const auto it = players.find(r.player);
      if (it == players.end()) continue;
      PlayerStats& s = it->second.card.stats;
      ++s.matches_played;
      s.matches_won += r.won ? 1 : 0;
      s.games_won += r.games;
      s.ordagos_won += r.ordagos;
    }
  }
  void log(std::string line) override { log_lines.push_back(std::move(line)); }

  // ---- randomness ----

  std::string random_hex(std::size_t bytes) {
    std::array<unsigned char, 32> buf{};
    random(buf.data(), bytes);
    return hex(buf.data(), bytes);
  }
  // A random id: the letter, then 16 hex digits (appended: GCC 12 warns about "p" + string).
  std::string random_id(char letter) {
    std::string id(1, letter);
    id += random_hex(8);
    return id;
  }
  std::uint64_t random_u64() {
    std::uint64_t v = 0;
    random(&v, sizeof v);
    return v;
  }
  std::string random_code() {
    static_assert(code_alphabet.size() == 32);
    std::array<unsigned char, code_length> buf{};
    random(buf.data(), buf.size());
    std::string code;
    for (auto b : buf) code += code_alphabet[b & 31];
    return code;
  }

  // ---- finding things ----

  Player& welcomed(ConnId c) {
    Conn& conn = conns.at(c);
    if (conn.player.empty()) refuse("hello_first", "say hello first");
    return players.at(conn.player);
  }

  Player& known_player(const std::string& id) {
    const auto it = players.find(id);
    if (it == players.end()) refuse("unknown_player", "no player " + id.substr(0, 40));
    return it->second;
  }

  std::vector<out::FriendOut> friends_of(const Player& p) const {
    std::vector<out::FriendOut> list;
    for (const auto& f : p.card.friends) {
      const auto it = players.find(f);
      if (it != players.end()) list.push_back({it->second.card.id, it->second.card.name});
    }
    return list;
  }

  Table& table_by_id(const std::string& id) {
    const auto it = tables.find(id);
    if (it == tables.end()) refuse("unknown_table", "no table " + id.substr(0, 40));
    return *it->second;
  }

  Table& table_for(const in::TableRef& ref) {
    Table* t = nullptr;
    if (ref.table) {
      t = &table_by_id(*ref.table);
    } else {
      for (auto& [tid, table] : tables)
        if (table->settings().is_private && constant_time_equal(table->settings().code, *ref.code))
          t = table.get();
      if (t == nullptr) refuse("unknown_table", "no private table has this code");
    }
    const TableSettings& s = t->settings();
    if (s.is_private && !(ref.code && constant_time_equal(s.code, *ref.code)))
      refuse("wrong_code", "this table is private: its join code is needed");
    return *t;
  }

  // ---- the messages ----

  void on(ConnId c, const in::Hello& m, std::int64_t now, std::vector<Outgoing>& out) {
    Conn& conn = conns.at(c);
    if (!conn.player.empty()) refuse("already_welcomed", "this connection already said hello");
    Player* p = nullptr;
    bool resumed = false;
    if (m.token) {
      const std::string& token = *m.token;
      const auto dash = token.find('-');
      const auto it =
          dash == std::string::npos ? players.end() : players.find(token.substr(0, dash));
      if (it == players.end() ||
          !constant_time_equal(it->second.card.secret, token.substr(dash + 1)))
        refuse("unknown_token", "no player has this resume token");
      p = &it->second;
      resumed = true;
      if (p->conn != 0 && p->conn != c) {
        auto old = conns.find(p->conn);
        if (old != conns.end()) {
          old->second.player.clear();
          out.push_back(
              {p->conn, out::error("replaced", "the player resumed on another connection", "")});
        }
      }
      if (m.name && *m.name != p->card.name) {
        PlayerRecord renamed = p->card;
        renamed.name = *m.name;
        store.put_player(renamed);
        p->card.name = *m.name;
      }
    } else {
      if (players.size() >= limits.max_players) refuse("server_full", "too many players");
      Player np;
      np.card.id = random_id('p');
      np.card.name = *m.name;
      np.card.secret = random_hex(16);
      np.card.since_ms = wall();
      store.put_player(np.card);
      p = &players.emplace(np.card.id, np).first->second;
    }
    p->conn = c;
    conn.player = p->card.id;
    conn.tips = m.tips;
    out.push_back({c, out::welcome({p->card.id, p->card.name, p->card.id + "-" + p->card.secret,
                                    resumed,
                                    std::vector<std::string>(p->tables.begin(), p->tables.end()),
                                    friends_of(*p)})});
    for (const auto& tid : p->tables) {
      auto it = tables.find(tid);
      if (it == tables.end()) continue;
      it->second->seating_changed(now, out);
      it->second->send_chat_history(c, out);
    }
  }

  void on(ConnId c, const in::Ping& m, std::int64_t, std::vector<Outgoing>& out) {
    out.push_back({c, out::pong(m.id)});
  }

  void on(ConnId c, const in::Create& m, std::int64_t now, std::vector<Outgoing>& out) {
    Player& p = welcomed(c);
    std::size_t open = 0, mine = 0;
    for (const auto& [id, table] : tables) {
      if (table->over()) continue;
      ++open;
      if (table->settings().creator == p.card.id) ++mine;
    }
    if (open >= limits.max_tables) refuse("too_many_tables", "the server has too many tables");
    if (mine >= limits.max_tables_per_player)
      refuse("too_many_tables", "you have too many unfinished tables");
    TableSettings settings = m.settings;
    std::string id = random_id('t');
    if (settings.is_private) settings.code = random_code();
    settings.creator = p.card.id;
    const std::uint64_t seed = test_seed ? mus::derive_seed(*test_seed, 9, created) : random_u64();
    ++created;
    const int dealer = static_cast<int>(mus::derive_seed(seed, 4, 0) % 4);
    auto table =
        std::make_unique<Table>(id, std::move(settings), seed, dealer, store, limits, *this);
    log("table " + id + " created by " + p.card.id + ": " + table->settings().rules_text);
    Table& placed = *tables.emplace(id, std::move(table)).first->second;
    if (m.seat) {
      placed.join(c, p.card.id, m.seat, now, out);
    } else {
      out.push_back({c, out::table(placed.summary(now), true)});
    }
  }

  void on(ConnId c, const in::Join& m, std::int64_t now, std::vector<Outgoing>& out) {
    const Player& p = welcomed(c);
    Table& t = table_for(m.where);
    t.join(c, p.card.id, m.seat, now, out);
    conns.at(c).watching.erase(t.id());
  }

  void on(ConnId c, const in::Watch& m, std::int64_t now, std::vector<Outgoing>& out) {
    Table& t = table_for(m.where);
    t.watch(c, now, out);
    conns.at(c).watching.insert(t.id());
  }

  void on(ConnId c, const in::Act& m, std::int64_t now, std::vector<Outgoing>& out) {
    const Player& p = welcomed(c);
    table_by_id(m.table).act(p.card.id, m, now, out);
  }

  void on(ConnId c, const in::Gesture& m, std::int64_t now, std::vector<Outgoing>& out) {
    const Player& p = welcomed(c);
    table_by_id(m.table).gesture(p.card.id, m.signal, now, out);
  }

  void on(ConnId c, const in::Chat& m, std::int64_t now, std::vector<Outgoing>& out) {
    const Player& p = welcomed(c);
    table_by_id(m.table).chat(p.card.id, m.text, now, wall(), out);
  }

  void on(ConnId c, const in::PlayerInfo& m, std::int64_t, std::vector<Outgoing>& out) {
    const Player& me = welcomed(c);
    const Player& p = known_player(m.player);
    const auto& f = me.card.friends;
    out.push_back(
        {c, out::player_info(p.card, std::find(f.begin(), f.end(), p.card.id) != f.end())});
  }

  void on(ConnId c, const in::AddFriend& m, std::int64_t, std::vector<Outgoing>& out) {
    Player& me = welcomed(c);
    const Player& other = known_player(m.player);
    if (other.card.id == me.card.id) refuse("bad_value", "you cannot be your own friend");
    auto& f = me.card.friends;
    if (std::find(f.begin(), f.end(), other.card.id) == f.end()) {
      if (f.size() >= max_friends)
        refuse("bad_value", "at most " + std::to_string(max_friends) + " friends");
      store.set_friend(me.card.id, other.card.id, true);
      f.push_back(other.card.id);
    }
    out.push_back({c, out::friends(friends_of(me))});
  }

  void on(ConnId c, const in::RemoveFriend& m, std::int64_t, std::vector<Outgoing>& out) {
    Player& me = welcomed(c);
    const Player& other = known_player(m.player);
    auto& f = me.card.friends;
    if (const auto it = std::find(f.begin(), f.end(), other.card.id); it != f.end()) {
      store.set_friend(me.card.id, other.card.id, false);
      f.erase(it);
    }
    out.push_back({c, out::friends(friends_of(me))});
  }

  void on(ConnId c, const in::Lobby&, std::int64_t now, std::vector<Outgoing>& out) {
    const Player& me = welcomed(c);
    const std::set<std::string> mine(me.card.friends.begin(), me.card.friends.end());
    std::vector<out::TableOut> list = open_tables(now);
    for (out::TableOut& t : list)
      t.friends = std::any_of(t.seats.begin(), t.seats.end(), [&](const out::SeatOut& s) {
        return s.taken && mine.count(std::string(s.player_id)) > 0;
      });
    std::stable_partition(list.begin(), list.end(),
                          [](const out::TableOut& t) { return t.friends; });
    out.push_back({c, out::lobby(list)});
  }

  void on(ConnId c, const in::Leave& m, std::int64_t now, std::vector<Outgoing>& out) {
    const Player& p = welcomed(c);
    Table& t = table_by_id(m.table);
    if (t.leave(c, p.card.id, now, out)) conns.at(c).watching.erase(t.id());
  }

  // Token bucket: false when the connection has used up its rate.
  bool take_token(Conn& conn, std::int64_t now) const {
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
      out.push_back({c, out::error("rate_limited", "too many messages; slow down", "")});
      return out;
    }
    if (text.size() > limits.max_message_bytes) {
      out.push_back({c, out::error("too_large",
                                   "messages are limited to " +
                                       std::to_string(limits.max_message_bytes) + " bytes",
                                   "")});
      return out;
    }
    const json m = json::parse(text, nullptr, false);
    if (m.is_discarded()) {
      out.push_back({c, out::error("bad_json", "the message is not JSON", "")});
      return out;
    }
    std::string re;  // the type named in an error's `re`
    if (const auto t = m.is_object() ? m.find("type") : m.end(); t != m.end() && t->is_string())
      re = t->get<std::string>().substr(0, 20);
    try {
      const std::size_t type = in::message_type(m);
      if (in::needs_hello(type)) (void)welcomed(c);
      const in::Message parsed = in::parse(type, m, limits);
      std::visit([&](const auto& msg) { on(c, msg, now, out); }, parsed);
    } catch (const Refusal& r) {
      out.push_back({c, out::error(r.code, r.message, re)});
    } catch (const StoreError& e) {
      log(std::string("store: ") + e.what());
      out.push_back(
          {c, out::error("store_failed", "the server could not store this; try again", re)});
    } catch (const std::exception& e) {
      log(std::string("internal: ") + e.what());
      out.push_back({c, out::error("server_error", "the server failed on this message", re)});
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
      if (t != tables.end()) t->second->unwatch(c);
    }
    auto p = players.find(conn.player);
    if (p == players.end() || p->second.conn != c) return out;
    p->second.conn = 0;
    p->second.dropped_at = now;
    for (const auto& tid : p->second.tables) {
      auto t = tables.find(tid);
      if (t != tables.end()) t->second->seating_changed(now, out);
    }
    return out;
  }

  std::vector<Outgoing> tick(std::int64_t now) {
    std::vector<Outgoing> out;
    for (auto it = tables.begin(); it != tables.end();) {
      Table& t = *it->second;
      if (t.over() && now - t.over_at() > finished_kept_ms) {
        for (const ConnId c : t.watchers()) {
          auto conn = conns.find(c);
          if (conn != conns.end()) conn->second.watching.erase(t.id());
        }
        it = tables.erase(it);
        continue;
      }
      ++it;
      try {
        t.tick(now, out);
      } catch (const std::exception& e) {
        log("table " + t.id() + ": " + e.what());
      }
    }
    return out;
  }

  std::vector<std::string> restore(std::int64_t now) {
    std::vector<std::string> problems;
    for (auto& r : store.load_players()) {
      Player p;
      p.card = std::move(r);
      p.dropped_at = now;
      players.emplace(p.card.id, std::move(p));
    }
    for (auto& r : store.load_unfinished()) {
      TableSettings settings;
      try {
        settings = read_settings(json::parse(r.settings), limits, SettingsSource::stored);
      } catch (const Refusal& e) {
        problems.push_back("table " + r.id + ": bad settings: " + e.message);
        continue;
      } catch (const json::exception& e) {
        problems.push_back("table " + r.id + ": bad settings: " + e.what());
        continue;
      }
      auto t = std::make_unique<Table>(r.id, store, limits, *this);
      if (const std::string err = t->restore(r, settings, now); !err.empty()) {
        problems.push_back("table " + r.id + ": " + err);
        continue;
      }
      ++created;
      log("table " + r.id + ": restored at seq " + std::to_string(t->summary(now).seq));
      tables.emplace(r.id, std::move(t));
    }
    return problems;
  }

  // The public unfinished tables, in id order.
  std::vector<out::TableOut> open_tables(std::int64_t now) const {
    std::vector<out::TableOut> list;
    for (const auto& [id, t] : tables)
      if (!t->settings().is_private && !t->over()) list.push_back(t->summary(now));
    return list;
  }

  std::optional<std::string> match_text(const std::string& id, Handler::MatchText what) {
    const auto r = store.load_table(id);
    if (!r || !r->finished) return std::nullopt;
    TableSettings settings;
    try {
      settings = read_settings(json::parse(r->settings), limits, SettingsSource::stored);
    } catch (const Refusal&) {
      return std::nullopt;
    } catch (const json::exception&) {
      return std::nullopt;
    }
    mus::MatchRecord record;
    if (const std::string err = record_of("mus-server table " + r->id, settings.rules,
                                          r->dealer, r->actions, record);
        !err.empty()) {
      log("record " + id + ": " + err);
      return std::nullopt;
    }
    if (record.end != mus::RecordEnd::over) return std::nullopt;  // abandoned before its end
    if (what == Handler::MatchText::record) return mus::record_to_text(record);
    return muscli::watch_text(record);
  }
};

Handler::Handler(Store& store, Limits limits, RandomBytes random,
                 std::optional<std::uint64_t> test_seed, WallClock wall)
    : impl_(std::make_unique<Impl>(store, limits, std::move(random), test_seed, std::move(wall))) {}
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
std::vector<Outgoing> Handler::close(ConnId c, std::int64_t now_ms) {
  return impl_->close(c, now_ms);
}
std::vector<Outgoing> Handler::tick(std::int64_t now_ms) { return impl_->tick(now_ms); }
std::string Handler::lobby() const { return out::lobby_http(impl_->open_tables(0)); }
std::optional<std::string> Handler::match_text(const std::string& table_id, MatchText what) {
  return impl_->match_text(table_id, what);
}
std::vector<std::string> Handler::take_log() { return std::exchange(impl_->log_lines, {}); }
std::size_t Handler::table_count() const { return impl_->tables.size(); }
std::size_t Handler::connection_count() const { return impl_->conns.size(); }

}  // namespace mus_server
