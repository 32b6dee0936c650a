#include "handler.hpp"

#include <sys/random.h>

#include <algorithm>
#include <array>
#include <atomic>
#include <cerrno>
#include <chrono>
#include <deque>
#include <map>
#include <mutex>
#include <nlohmann/json.hpp>
#include <set>
#include <stdexcept>
#include <utility>
#include <variant>

#include "protocol.hpp"
#include "record_print.hpp"
#include "replay.hpp"
#include "settings.hpp"
#include "shared_map.hpp"
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

// A 64-bit FNV-1a hash of a text: the same on every machine and in every run.
std::uint64_t text_hash(std::string_view text) {
  std::uint64_t h = 0xcbf29ce484222325ULL;
  for (const char ch : text) h = (h ^ static_cast<unsigned char>(ch)) * 0x100000001b3ULL;
  return h;
}

// Ids as map keys: a table id is "t" and a player id "p" followed by 16 hex digits, and the
// handler's maps are keyed by that 64-bit number. Any other id (a store written by hand) is
// keyed by a hash of its text; every lookup compares the id found with the one asked.
std::uint64_t key_of(std::string_view id) {
  if (id.size() == 17) {
    std::uint64_t v = 0;
    bool hex_digits = true;
    for (std::size_t i = 1; i < id.size() && hex_digits; ++i) {
      const char ch = id[i];
      if (ch >= '0' && ch <= '9') {
        v = v << 4 | static_cast<unsigned>(ch - '0');
      } else if (ch >= 'a' && ch <= 'f') {
        v = v << 4 | static_cast<unsigned>(ch - 'a' + 10);
      } else {
        hex_digits = false;
      }
    }
    if (hex_digits) return v;
  }
  return text_hash(id);
}

// A match seed under --test-seed: from the test seed, the creator's name and how many tables
// players of that name made on this node since it started. Not from the node or its order of
// tables, so the same people making the same tables get the same matches on any node of a
// cluster and on one node alone (a test compares the two). A name that makes tables through
// two nodes, or again after a restart, counts from 0 on each: such tables may share a seed.
std::uint64_t test_match_seed(std::uint64_t test_seed, std::string_view creator_name,
                              std::uint64_t made_before) {
  return mus::derive_seed(mus::derive_seed(test_seed, 9, text_hash(creator_name)), 10,
                          made_before);
}

// Another node of the cluster serves the table a message is about: answered with `moved`.
struct Moved {
  std::string table;
  std::string node;
};

// The lobby's entries for the tables that other nodes serve (docs/server.md, "Several
// machines"), read from the store once a second: the entries point into the deques.
struct RemoteLobby {
  std::deque<std::string> ids;
  std::deque<TableSettings> settings;
  std::vector<out::TableOut> tables;
};

}  // namespace

// The router: players, connections and the lobby are its own; every message about a table goes
// to that table's lane.
struct Handler::Impl final : TableHost {
  struct Player {
    explicit Player(PlayerRecord c)
        : person(std::make_shared<Person>(c.id, c.name)), card(std::move(c)) {}
    const std::shared_ptr<Person> person;  // id, name and connection, shared with the tables
    mutable std::mutex m;                  // guards card (id, secret, since never change), tables
    PlayerRecord card;                     // id, name, secret, since, stats, friends: as stored
    std::set<std::string> tables;          // seated at, unfinished
  };
  // A connection: used by that connection's calls only (one at a time).
  struct Conn {
    std::shared_ptr<Player> player;  // after hello (the player while its connection is this)
    double tokens = 0;
    std::int64_t refill_ms = 0;
    std::set<std::string> watching;
    ViewForm form = ViewForm::full;
  };

  Store& store;
  Limits limits;
  RandomBytes random;
  std::optional<std::uint64_t> test_seed;
  WallClock wall;
  std::unique_ptr<InlineRuntime> own_runtime;
  Runtime& runtime;
  TableEnv env;
  std::mutex random_m;  // the random source is called from one thread at a time
  std::mutex create_m;  // counting tables and adding one, together
  // --test-seed: the tables made on this node per creator's name (test_match_seed()).
  std::map<std::string, std::uint64_t, std::less<>> made_by_name;
  std::int64_t next_lease_ms = 0;  // when take_over() next renews the leases (tick's thread)
  static constexpr std::int64_t lease_check_ms = 1000;
  // A node takes tables over while it had a hello this recently.
  static constexpr std::int64_t serving_window_ms = 60000;
  std::atomic<std::int64_t> last_hello_ms{0};
  std::mutex take_m;            // one table taken over at a time (serve_taken())
  mutable std::mutex remote_m;  // guards remote
  std::shared_ptr<const RemoteLobby> remote = std::make_shared<RemoteLobby>();
  SharedMap<Table> tables;
  SharedMap<Player> players;
  SharedMap<Conn> conns;
  std::mutex log_m;
  std::vector<std::string> log_lines;

  Impl(Store& s, Limits l, RandomBytes r, std::optional<std::uint64_t> ts, WallClock w,
       Runtime* rt)
      : store(s),
        limits(l),
        random(std::move(r)),
        test_seed(ts),
        wall(std::move(w)),
        own_runtime(rt == nullptr ? std::make_unique<InlineRuntime>() : nullptr),
        runtime(rt == nullptr ? *own_runtime : *rt),
        env{store, limits, *this, runtime} {}

  // ---- TableHost ----

  std::shared_ptr<Player> player_by_id(std::string_view id) const {
    auto p = players.find(key_of(id));
    return p && p->card.id == id ? p : nullptr;
  }
  std::shared_ptr<Table> find_table(std::string_view id) const {
    auto t = tables.find(key_of(id));
    return t && t->id() == id ? t : nullptr;
  }

  std::shared_ptr<Person> person(const std::string& id) const override {
    const auto p = player_by_id(id);
    return p ? p->person : nullptr;
  }
  void seated(const std::string& player, const std::string& table, bool at) override {
    const auto p = player_by_id(player);
    if (!p) return;
    const std::lock_guard lock(p->m);
    if (at) {
      p->tables.insert(table);
    } else {
      p->tables.erase(table);
    }
  }
  void match_over(const MatchEnd& end) override {
    for (const PlayerResult& r : end.results) {
      const auto p = player_by_id(r.player);
      if (!p) continue;
      const std::lock_guard lock(p->m);
      PlayerStats& s = p->card.stats;
      ++s.matches_played;
      s.matches_won += r.won ? 1 : 0;
      s.games_won += r.games;
      s.ordagos_won += r.ordagos;
    }
  }
  void log(std::string line) override {
    const std::lock_guard lock(log_m);
    log_lines.push_back(std::move(line));
  }

  // ---- randomness ----

  std::string random_hex(std::size_t bytes) {
    std::array<unsigned char, 32> buf{};
    {
      const std::lock_guard lock(random_m);
      random(buf.data(), bytes);
    }
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
    const std::lock_guard lock(random_m);
    random(&v, sizeof v);
    return v;
  }
  std::string random_code() {
    static_assert(code_alphabet.size() == 32);
    std::array<unsigned char, code_length> buf{};
    {
      const std::lock_guard lock(random_m);
      random(buf.data(), buf.size());
    }
    std::string code;
    for (auto b : buf) code += code_alphabet[b & 31];
    return code;
  }

  // ---- running work ----

  // Runs `work`; a refusal or a failure is answered to `c` as an error about `re` (with c 0,
  // only logged).
  template <typename Work>
  void guarded(ConnId c, std::string_view re, std::vector<Outgoing>& out, Work&& work) {
    try {
      work();
    } catch (const Refusal& r) {
      if (c != 0) out.push_back({c, share(out::error(r.code, r.message, re))});
    } catch (const Moved& m) {
      if (c != 0) out.push_back({c, share(out::moved(m.table, m.node, re))});
    } catch (const StoreError& e) {
      log(std::string("store: ") + e.what());
      if (c != 0)
        out.push_back({c, share(out::error("store_failed",
                                           "the server could not store this; try again", re))});
    } catch (const std::exception& e) {
      log(std::string("internal: ") + e.what());
      if (c != 0)
        out.push_back(
            {c, share(out::error("server_error", "the server failed on this message", re))});
    }
  }

  // Runs `work` on the table's lane, guarded for connection `c` (0: nobody to answer).
  void on_table(const std::shared_ptr<Table>& t, ConnId c, std::string_view re,
                std::function<void(Table&, std::int64_t, std::vector<Outgoing>&)> work,
                std::int64_t now, std::vector<Outgoing>& out) {
    runtime.run(
        t->lane(),
        [this, t, c, re = std::string(re), work = std::move(work)](std::int64_t at,
                                                                    std::vector<Outgoing>& o) {
          guarded(c, re, o, [&] { work(*t, at, o); });
        },
        now, out);
  }

  // ---- finding things ----

  static bool is_welcomed(const Conn& conn, ConnId c) {
    return conn.player && conn.player->person->link().conn == c;
  }

  Player& welcomed(const Conn& conn, ConnId c) {
    if (!is_welcomed(conn, c)) refuse("hello_first", "say hello first");
    return *conn.player;
  }

  std::shared_ptr<Player> known_player(const std::string& id) {
    auto p = player_by_id(id);
    if (!p) refuse("unknown_player", "no player " + id.substr(0, 40));
    return p;
  }

  std::vector<std::string> friend_ids(const Player& p) const {
    const std::lock_guard lock(p.m);
    return p.card.friends;
  }

  // The player's friends, by id and name (the names as they are now).
  std::vector<std::pair<std::string, std::string>> friends_of(const Player& p) const {
    std::vector<std::pair<std::string, std::string>> list;
    for (const auto& f : friend_ids(p)) {
      const auto other = player_by_id(f);
      if (other) list.emplace_back(f, other->person->name());
    }
    return list;
  }

  static std::vector<out::FriendOut> friend_out(
      const std::vector<std::pair<std::string, std::string>>& list) {
    std::vector<out::FriendOut> o;
    o.reserve(list.size());
    for (const auto& [id, name] : list) o.push_back({id, name});
    return o;
  }

  // The table with this id: served here, or (of several nodes) taken over now when its owner
  // stopped renewing its lease. Throws Moved when another node serves it; nullptr: no such
  // table.
  std::shared_ptr<Table> locate(const std::string& id, std::int64_t now) {
    if (auto t = find_table(id)) return t;
    if (!store.shared()) return nullptr;
    const auto owner = store.claim_table(id);
    if (!owner) return nullptr;
    if (*owner != store.node()) throw Moved{id, *owner};
    serve_taken(id, now, "taken over for a client: its lease had expired");
    return find_table(id);
  }

  std::shared_ptr<Table> table_by_id(const std::string& id, std::int64_t now) {
    auto t = locate(id, now);
    if (!t) refuse("unknown_table", "no table " + id.substr(0, 40));
    return t;
  }

  std::shared_ptr<Table> table_for(const in::TableRef& ref, std::int64_t now) {
    std::shared_ptr<Table> t;
    if (ref.table) {
      t = table_by_id(*ref.table, now);
    } else {
      for (auto& table : tables.values())
        if (table->settings().is_private && constant_time_equal(table->settings().code, *ref.code))
          t = table;
      if (!t && store.shared())
        if (const auto id = store.table_with_code(*ref.code)) t = locate(*id, now);
      if (!t) refuse("unknown_table", "no private table has this code");
    }
    const TableSettings& s = t->settings();
    if (s.is_private && !(ref.code && constant_time_equal(s.code, *ref.code)))
      refuse("wrong_code", "this table is private: its join code is needed");
    return t;
  }

  // ---- the messages ----

  void on(ConnId c, Conn& conn, const in::Hello& m, std::int64_t now, std::vector<Outgoing>& out) {
    if (is_welcomed(conn, c)) refuse("already_welcomed", "this connection already said hello");
    last_hello_ms = std::max<std::int64_t>(now, 1);
    std::shared_ptr<Player> p;
    bool resumed = false;
    if (m.token) {
      const std::string& token = *m.token;
      const auto dash = token.find('-');
      if (dash != std::string::npos) p = load_player(std::string_view(token).substr(0, dash), now);
      // The secret never changes once the player is made: read without the player's lock.
      if (!p || !constant_time_equal(p->card.secret, std::string_view(token).substr(dash + 1)))
        refuse("unknown_token", "no player has this resume token");
      resumed = true;
      const ConnId old = p->person->link().conn;
      if (old != 0 && old != c)
        out.push_back({old, share(out::error("replaced", "the player resumed on another connection",
                                             ""))});
      if (m.name) {
        const std::lock_guard lock(p->m);
        if (*m.name != p->card.name) {
          PlayerRecord renamed = p->card;
          renamed.name = *m.name;
          store.put_player(renamed);
          p->card.name = *m.name;
          p->person->rename(*m.name);
        }
      }
    } else {
      if (players.size() >= limits.max_players) refuse("server_full", "too many players");
      PlayerRecord card;
      do {
        card.id = random_id('p');
      } while (players.find(key_of(card.id)));
      card.name = *m.name;
      card.secret = random_hex(16);
      card.since_ms = wall();
      store.put_player(card);
      p = std::make_shared<Player>(std::move(card));
      players.insert(key_of(p->card.id), p);
    }
    p->person->connect(c, m.view, m.tips);
    conn.player = p;
    conn.form = m.view;
    // Of several nodes: the player's tables on other nodes are taken over here when their
    // owner died, or named in a `moved` each after the welcome.
    std::vector<Moved> elsewhere;
    if (resumed && store.shared())
      for (const std::string& id : store.seated_tables(p->card.id)) try {
          (void)locate(id, now);
        } catch (const Moved& moved) {
          elsewhere.push_back(moved);
        }
    std::vector<std::string> seated_at;
    std::string name;
    {
      const std::lock_guard lock(p->m);
      seated_at.assign(p->tables.begin(), p->tables.end());
      name = p->card.name;
    }
    for (const Moved& moved : elsewhere) seated_at.push_back(moved.table);
    const auto friends = friends_of(*p);
    out.push_back(
        {c, share(out::welcome({p->card.id, name, p->card.id + "-" + p->card.secret, resumed,
                                seated_at, friend_out(friends), store.node()}))});
    for (const auto& tid : seated_at) {
      const auto t = find_table(tid);
      if (!t) continue;
      on_table(
          t, c, "hello",
          [c](Table& table, std::int64_t at, std::vector<Outgoing>& o) {
            table.seating_changed(at, o);
            table.send_chat_history(c, o);
          },
          now, out);
    }
    for (const Moved& moved : elsewhere)
      out.push_back({c, share(out::moved(moved.table, moved.node, "hello"))});
  }

  void on(ConnId c, Conn&, const in::Ping& m, std::int64_t, std::vector<Outgoing>& out) {
    out.push_back({c, share(out::pong(m.id))});
  }

  void on(ConnId c, Conn& conn, const in::Create& m, std::int64_t now,
          std::vector<Outgoing>& out) {
    const Player& p = welcomed(conn, c);
    const std::string& me = p.person->id();
    std::shared_ptr<Table> placed;
    {
      const std::lock_guard lock(create_m);
      std::size_t open = 0, mine = 0;
      for (const auto& table : tables.values()) {
        if (table->over()) continue;
        ++open;
        if (table->settings().creator == me) ++mine;
      }
      if (open >= limits.max_tables) refuse("too_many_tables", "the server has too many tables");
      if (mine >= limits.max_tables_per_player)
        refuse("too_many_tables", "you have too many unfinished tables");
      TableSettings settings = m.settings;
      std::string id;
      do {
        id = random_id('t');
      } while (tables.find(key_of(id)));
      if (settings.is_private) settings.code = random_code();
      settings.creator = me;
      std::uint64_t seed = 0;
      if (test_seed) {
        const std::string name = p.person->name();
        seed = test_match_seed(*test_seed, name, made_by_name[name]++);
      } else {
        seed = random_u64();
      }
      const int dealer = static_cast<int>(mus::derive_seed(seed, 4, 0) % 4);
      placed = std::make_shared<Table>(id, std::move(settings), seed, dealer, env);
      tables.insert(key_of(id), placed);
    }
    log("table " + placed->id() + " created by " + me + ": " + placed->settings().rules_text);
    if (m.seat) {
      on_table(
          placed, c, "create",
          [c, me, seat = m.seat](Table& t, std::int64_t at, std::vector<Outgoing>& o) {
            t.join(c, me, seat, at, o);
          },
          now, out);
    } else {
      on_table(
          placed, c, "create",
          [c](Table& t, std::int64_t at, std::vector<Outgoing>& o) { t.send_summary(c, at, o); },
          now, out);
    }
  }

  void on(ConnId c, Conn& conn, const in::Join& m, std::int64_t now, std::vector<Outgoing>& out) {
    const std::string& me = welcomed(conn, c).person->id();
    const auto t = table_for(m.where, now);
    conn.watching.erase(t->id());
    on_table(
        t, c, "join",
        [c, me, seat = m.seat](Table& table, std::int64_t at, std::vector<Outgoing>& o) {
          table.join(c, me, seat, at, o);
        },
        now, out);
  }

  void on(ConnId c, Conn& conn, const in::Watch& m, std::int64_t now, std::vector<Outgoing>& out) {
    const auto t = table_for(m.where, now);
    conn.watching.insert(t->id());
    on_table(
        t, c, "watch",
        [c, form = conn.form](Table& table, std::int64_t at, std::vector<Outgoing>& o) {
          table.watch(c, form, at, o);
        },
        now, out);
  }

  void on(ConnId c, Conn& conn, const in::Act& m, std::int64_t now, std::vector<Outgoing>& out) {
    const std::string& me = welcomed(conn, c).person->id();
    on_table(
        table_by_id(m.table, now), c, "act",
        [me, m](Table& t, std::int64_t at, std::vector<Outgoing>& o) { t.act(me, m, at, o); },
        now, out);
  }

  void on(ConnId c, Conn& conn, const in::Gesture& m, std::int64_t now,
          std::vector<Outgoing>& out) {
    const std::string& me = welcomed(conn, c).person->id();
    on_table(
        table_by_id(m.table, now), c, "gesture",
        [me, signal = m.signal](Table& t, std::int64_t at, std::vector<Outgoing>& o) {
          t.gesture(me, signal, at, o);
        },
        now, out);
  }

  void on(ConnId c, Conn& conn, const in::Chat& m, std::int64_t now, std::vector<Outgoing>& out) {
    const std::string& me = welcomed(conn, c).person->id();
    on_table(
        table_by_id(m.table, now), c, "chat",
        [me, text = m.text, wall_ms = wall()](Table& t, std::int64_t at,
                                              std::vector<Outgoing>& o) {
          t.chat(me, text, at, wall_ms, o);
        },
        now, out);
  }

  void on(ConnId c, Conn& conn, const in::PlayerInfo& m, std::int64_t,
          std::vector<Outgoing>& out) {
    const Player& me = welcomed(conn, c);
    const auto p = known_player(m.player);
    const auto f = friend_ids(me);
    PlayerRecord card;
    {
      const std::lock_guard lock(p->m);
      card = p->card;
    }
    out.push_back(
        {c, share(out::player_info(card, std::find(f.begin(), f.end(), card.id) != f.end()))});
  }

  void on(ConnId c, Conn& conn, const in::AddFriend& m, std::int64_t,
          std::vector<Outgoing>& out) {
    Player& me = welcomed(conn, c);
    const auto other = known_player(m.player);
    if (other.get() == &me) refuse("bad_value", "you cannot be your own friend");
    {
      const std::lock_guard lock(me.m);
      auto& f = me.card.friends;
      if (std::find(f.begin(), f.end(), other->card.id) == f.end()) {
        if (f.size() >= max_friends)
          refuse("bad_value", "at most " + std::to_string(max_friends) + " friends");
        store.set_friend(me.card.id, other->card.id, true);
        f.push_back(other->card.id);
      }
    }
    out.push_back({c, share(out::friends(friend_out(friends_of(me))))});
  }

  void on(ConnId c, Conn& conn, const in::RemoveFriend& m, std::int64_t,
          std::vector<Outgoing>& out) {
    Player& me = welcomed(conn, c);
    const auto other = known_player(m.player);
    {
      const std::lock_guard lock(me.m);
      auto& f = me.card.friends;
      if (const auto it = std::find(f.begin(), f.end(), other->card.id); it != f.end()) {
        store.set_friend(me.card.id, other->card.id, false);
        f.erase(it);
      }
    }
    out.push_back({c, share(out::friends(friend_out(friends_of(me))))});
  }

  void on(ConnId c, Conn& conn, const in::Lobby&, std::int64_t, std::vector<Outgoing>& out) {
    const Player& me = welcomed(conn, c);
    const auto f = friend_ids(me);
    const std::set<std::string> mine(f.begin(), f.end());
    const auto open = open_tables();
    std::vector<out::TableOut> list = open.tables;
    for (out::TableOut& t : list)
      t.friends = std::any_of(t.seats.begin(), t.seats.end(), [&](const out::SeatOut& s) {
        return s.taken && mine.count(s.player_id) > 0;
      });
    std::stable_partition(list.begin(), list.end(),
                          [](const out::TableOut& t) { return t.friends; });
    out.push_back({c, share(out::lobby(list))});
  }

  void on(ConnId c, Conn& conn, const in::Tips& m, std::int64_t now, std::vector<Outgoing>& out) {
    const Player& p = welcomed(conn, c);
    if (!p.person->set_tips(c, m.on) || !m.on) return;
    std::vector<std::string> seated_at;
    {
      const std::lock_guard lock(p.m);
      seated_at.assign(p.tables.begin(), p.tables.end());
    }
    for (const auto& tid : seated_at) {
      const auto t = find_table(tid);
      if (!t) continue;
      on_table(
          t, c, "tips",
          [me = p.person->id()](Table& table, std::int64_t at, std::vector<Outgoing>& o) {
            table.tips_changed(me, at, o);
          },
          now, out);
    }
  }

  void on(ConnId c, Conn& conn, const in::Leave& m, std::int64_t now, std::vector<Outgoing>& out) {
    const std::string& me = welcomed(conn, c).person->id();
    const auto t = table_by_id(m.table, now);
    conn.watching.erase(t->id());
    on_table(
        t, c, "leave",
        [c, me](Table& table, std::int64_t at, std::vector<Outgoing>& o) {
          (void)table.leave(c, me, at, o);
        },
        now, out);
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
    const auto conn = conns.find(c);
    if (!conn) return out;
    if (!take_token(*conn, now)) {
      out.push_back({c, share(out::error("rate_limited", "too many messages; slow down", ""))});
      return out;
    }
    if (text.size() > limits.max_message_bytes) {
      out.push_back({c, share(out::error("too_large",
                                         "messages are limited to " +
                                             std::to_string(limits.max_message_bytes) + " bytes",
                                         ""))});
      return out;
    }
    const json m = json::parse(text, nullptr, false);
    if (m.is_discarded()) {
      out.push_back({c, share(out::error("bad_json", "the message is not JSON", ""))});
      return out;
    }
    std::string re;  // the type named in an error's `re`
    if (const auto t = m.is_object() ? m.find("type") : m.end(); t != m.end() && t->is_string())
      re = t->get<std::string>().substr(0, 20);
    guarded(c, re, out, [&] {
      const std::size_t type = in::message_type(m);
      if (in::needs_hello(type)) (void)welcomed(*conn, c);
      const in::Message parsed = in::parse(type, m, limits);
      std::visit([&](const auto& msg) { on(c, *conn, msg, now, out); }, parsed);
    });
    return out;
  }

  std::vector<Outgoing> close(ConnId c, std::int64_t now) {
    std::vector<Outgoing> out;
    const auto conn = conns.erase(c);
    if (!conn) return out;
    for (const auto& tid : conn->watching) {
      const auto t = find_table(tid);
      if (!t) continue;
      on_table(
          t, 0, "", [c](Table& table, std::int64_t, std::vector<Outgoing>&) { table.unwatch(c); },
          now, out);
    }
    const auto& p = conn->player;
    if (!p || !p->person->disconnect(c, now)) return out;
    std::vector<std::string> seated_at;
    {
      const std::lock_guard lock(p->m);
      seated_at.assign(p->tables.begin(), p->tables.end());
    }
    for (const auto& tid : seated_at) {
      const auto t = find_table(tid);
      if (!t) continue;
      on_table(
          t, 0, "",
          [](Table& table, std::int64_t at, std::vector<Outgoing>& o) {
            table.seating_changed(at, o);
          },
          now, out);
    }
    return out;
  }

  std::vector<Outgoing> tick(std::int64_t now) {
    take_over(now);
    std::vector<Outgoing> out;
    for (const auto& t : tables.values()) {
      if (t->over() && now - t->over_at() > finished_kept_ms) {
        // Its spectators' connections keep its id in `watching`: closing finds nothing.
        tables.erase(key_of(t->id()));
        continue;
      }
      if (t->over()) continue;
      on_table(
          t, 0, "",
          [](Table& table, std::int64_t at, std::vector<Outgoing>& o) { table.tick(at, o); }, now,
          out);
    }
    return out;
  }

  std::vector<std::string> restore(std::int64_t now) {
    std::vector<std::string> problems;
    for (auto& r : store.load_players()) {
      const std::uint64_t key = key_of(r.id);
      auto p = std::make_shared<Player>(std::move(r));
      p->person->dropped(now);
      const std::string id = p->card.id;
      if (!players.insert(key, std::move(p)))
        problems.push_back("player " + id.substr(0, 40) + ": its id's key is taken; left out");
    }
    for (auto& r : store.load_unfinished())
      if (std::string err = restore_table(r, now); !err.empty()) problems.push_back(std::move(err));
    return problems;
  }

  // Rebuilds one stored table and serves it; returns the problem, or empty.
  std::string restore_table(const TableRecord& r, std::int64_t now) {
    const std::uint64_t key = key_of(r.id);
    if (tables.find(key))
      return "table " + r.id.substr(0, 40) + ": its id's key is taken; left out";
    TableSettings settings;
    try {
      settings = read_settings(json::parse(r.settings), limits, SettingsSource::stored);
    } catch (const Refusal& e) {
      return "table " + r.id + ": bad settings: " + e.message;
    } catch (const json::exception& e) {
      return "table " + r.id + ": bad settings: " + e.what();
    }
    auto t = std::make_shared<Table>(r.id, env);
    if (const std::string err = t->restore(r, settings, now); !err.empty())
      return "table " + r.id + ": " + err;
    {
      const std::lock_guard lock(create_m);
      tables.insert(key, std::move(t));
    }
    log("table " + r.id + ": restored at seq " + std::to_string(r.actions.size()));
    return {};
  }

  // A player that another node sharing the store made, loaded now (nullptr: nobody).
  std::shared_ptr<Player> load_player(std::string_view id, std::int64_t now) {
    if (auto p = player_by_id(id)) return p;
    auto r = store.load_player(std::string(id));
    if (!r) return nullptr;
    auto p = std::make_shared<Player>(std::move(*r));
    p->person->dropped(now);
    if (!players.insert(key_of(p->card.id), p)) return player_by_id(id);  // loaded meanwhile
    return p;
  }

  // Of several nodes sharing the store: renews this node's leases (every second), reads the
  // other nodes' open tables for the lobby and, while people connect to it, takes the tables
  // of nodes that stopped renewing theirs and serves them (those nobody asks about: locate()
  // takes a table a client asks about). A node nobody connects to takes none: the load
  // balancer sends nobody there (docs/server.md, "Several machines").
  void take_over(std::int64_t now) {
    // A server alone: no read through the commit thread every second for nothing.
    if (!store.shared() || now < next_lease_ms) return;
    next_lease_ms = now + lease_check_ms;
    const std::int64_t hello = last_hello_ms.load();
    const bool serving = hello != 0 && now - hello <= serving_window_ms;
    std::vector<std::string> taken;
    try {
      taken = store.renew_leases(serving);
    } catch (const StoreError& e) {
      // The database is away: the leases run on, and the next second tries again.
      log(std::string("store: renewing the leases: ") + e.what());
      return;
    }
    for (const std::string& id : taken)
      serve_taken(id, now, "taken over from a node that stopped renewing its lease");
    refresh_remote();
  }

  // Loads a table this node just took (claim_table(), renew_leases()) and serves it. Two
  // connections asking for it at once both find it this node's: the second finds it served
  // (a second copy would replay its bots' moves into the store again).
  void serve_taken(const std::string& id, std::int64_t now, const char* why) {
    const std::lock_guard lock(take_m);
    if (find_table(id)) return;
    std::optional<TableRecord> r;
    try {
      r = store.load_table(id);
    } catch (const StoreError& e) {
      log("table " + id + ": not taken over: " + e.what());
      return;
    }
    if (!r) return;
    for (const std::string& seated : r->seats)
      if (!seated.empty()) (void)load_player(seated, now);
    if (std::string err = restore_table(*r, now); !err.empty())
      log(err);
    else
      log("table " + id + ": " + why);
  }

  // The lobby's entries of the tables other nodes serve, read again (of several nodes).
  void refresh_remote() {
    std::vector<OpenTable> open;
    try {
      open = store.load_open_tables();
    } catch (const StoreError& e) {
      log(std::string("store: the other nodes' tables: ") + e.what());
      return;
    }
    auto r = std::make_shared<RemoteLobby>();
    for (const OpenTable& o : open) {
      if (find_table(o.id)) continue;  // taken over here since
      TableSettings settings;
      try {
        settings = read_settings(json::parse(o.settings), limits, SettingsSource::stored);
      } catch (const Refusal&) {
        continue;
      } catch (const json::exception&) {
        continue;
      }
      if (settings.is_private) continue;
      r->ids.push_back(o.id);
      r->settings.push_back(std::move(settings));
      const TableSettings& s = r->settings.back();
      out::TableOut t;
      t.id = r->ids.back();
      t.settings = &s;
      bool filled = true;
      for (std::size_t k = 0; k < 4; ++k) {
        out::SeatOut& seat = t.seats[k];
        seat.bot = s.bot[k];
        seat.bot_kind = s.bot_kind[k];
        if (seat.bot) continue;
        seat.taken = !o.seats[k].empty();
        seat.player_id = o.seats[k];
        seat.name = o.names[k];
        filled = filled && seat.taken;
      }
      // As Table::restore() says: started once it has actions or every person's seat is taken.
      t.started = o.actions > 0 || filled;
      t.seq = o.actions;
      r->tables.push_back(t);
    }
    const std::lock_guard lock(remote_m);
    remote = std::move(r);
  }

  // The public unfinished tables as the lobby shows them, in id order: this node's and (of
  // several nodes) those the others serve, with what the entries point into.
  struct OpenList {
    std::vector<std::shared_ptr<Table>> held;
    std::shared_ptr<const RemoteLobby> remote;
    std::vector<out::TableOut> tables;
  };
  OpenList open_tables() const {
    OpenList r;
    r.held = tables.values();
    for (const auto& t : r.held) {
      const auto l = t->listing();
      if (l && !t->settings().is_private && !l->over) r.tables.push_back(*l);
    }
    {
      const std::lock_guard lock(remote_m);
      r.remote = remote;
    }
    for (const out::TableOut& t : r.remote->tables)
      if (!find_table(t.id)) r.tables.push_back(t);
    std::sort(r.tables.begin(), r.tables.end(),
              [](const out::TableOut& a, const out::TableOut& b) { return a.id < b.id; });
    return r;
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
    if (what == Handler::MatchText::page) return muscli::watch_text(record);
    // The page's data: each hand's events, from its deal, and its count once it is over.
    std::vector<out::MatchHand> hands;
    mus::State state{};
    const auto step = [&](std::size_t i, const mus::Action&, const mus::Events& events,
                          const mus::State& s) {
      for (std::size_t k = 0; k < events.size; ++k) {
        const mus::Event& e = events.items[k];
        if (e.kind == mus::EventKind::deal) hands.emplace_back();
        if (!hands.empty()) hands.back().events.push_back({i + 1, out::Note::none, e});
      }
      const mus::HandSummary last = out::spectator_view(s).last;
      if (last.number >= 1 && last.number <= hands.size()) hands[last.number - 1].count = last;
    };
    replay(settings.rules, r->dealer, r->actions, state, step);
    // Who played: the bots as the settings say, the people by the names they have now.
    std::array<out::SeatOut, 4> seats{};
    for (std::size_t s = 0; s < seats.size(); ++s) {
      seats[s] = out::seat_of_settings(settings, s);
      if (seats[s].bot || r->seats[s].empty()) continue;
      std::optional<std::string> name;
      if (const auto p = player_by_id(r->seats[s])) {
        name = p->person->name();
      } else if (auto card = store.load_player(r->seats[s])) {  // another node's player
        name = std::move(card->name);
      }
      seats[s].taken = name.has_value();
      seats[s].player_id = r->seats[s];
      seats[s].name = name.value_or("");
    }
    return out::match_data(id, settings.rules, seats, hands);
  }
};

Handler::Handler(Store& store, Limits limits, RandomBytes random,
                 std::optional<std::uint64_t> test_seed, WallClock wall, Runtime* runtime)
    : impl_(std::make_unique<Impl>(store, limits, std::move(random), test_seed, std::move(wall),
                                   runtime)) {}
Handler::~Handler() = default;

std::vector<std::string> Handler::restore(std::int64_t now_ms) { return impl_->restore(now_ms); }

void Handler::open(ConnId c, std::int64_t now_ms) {
  auto conn = std::make_shared<Impl::Conn>();
  conn->tokens = impl_->limits.burst;
  conn->refill_ms = now_ms;
  impl_->conns.erase(c);
  impl_->conns.insert(c, std::move(conn));
}

std::vector<Outgoing> Handler::message(ConnId c, std::string_view text, std::int64_t now_ms) {
  return impl_->message(c, text, now_ms);
}
std::vector<Outgoing> Handler::close(ConnId c, std::int64_t now_ms) {
  return impl_->close(c, now_ms);
}
std::vector<Outgoing> Handler::tick(std::int64_t now_ms) { return impl_->tick(now_ms); }
std::string Handler::lobby() const {
  const auto open = impl_->open_tables();
  return out::lobby_http(open.tables);
}
std::optional<std::string> Handler::match_text(const std::string& table_id, MatchText what) {
  return impl_->match_text(table_id, what);
}
std::vector<std::string> Handler::take_log() {
  const std::lock_guard lock(impl_->log_m);
  return std::exchange(impl_->log_lines, {});
}
std::size_t Handler::table_count() const { return impl_->tables.size(); }
std::size_t Handler::connection_count() const { return impl_->conns.size(); }

}  // namespace mus_server
