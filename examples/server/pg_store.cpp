#include "pg_store.hpp"

#include <libpq-fe.h>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <map>
#include <set>
#include <thread>
#include <utility>

namespace mus_server {

namespace {

// The schema, one entry per version: entry i takes a database from version i to i + 1.
// Never edit an entry once released; add one.
constexpr const char* migrations[] = {
    // 1: players with their card, friends, tables, seats, actions, chat.
    "CREATE TABLE players(seq bigserial UNIQUE, id text PRIMARY KEY, name text NOT NULL,"
    " secret text NOT NULL, since_ms bigint NOT NULL DEFAULT 0,"
    " matches_played bigint NOT NULL DEFAULT 0, matches_won bigint NOT NULL DEFAULT 0,"
    " games_won bigint NOT NULL DEFAULT 0, ordagos_won bigint NOT NULL DEFAULT 0);"
    "CREATE TABLE friends(seq bigserial, player text NOT NULL REFERENCES players(id),"
    " friend text NOT NULL REFERENCES players(id), PRIMARY KEY(player, friend));"
    "CREATE TABLE tables(seq bigserial UNIQUE, id text PRIMARY KEY, settings text NOT NULL,"
    " seed bigint NOT NULL, dealer integer NOT NULL, finished boolean NOT NULL DEFAULT false);"
    "CREATE INDEX tables_open ON tables(seq) WHERE NOT finished;"
    "CREATE TABLE seats(table_id text NOT NULL REFERENCES tables(id), seat integer NOT NULL,"
    " player text NOT NULL, PRIMARY KEY(table_id, seat));"
    "CREATE TABLE actions(table_id text NOT NULL REFERENCES tables(id), idx bigint NOT NULL,"
    " action text NOT NULL, PRIMARY KEY(table_id, idx));"
    "CREATE TABLE chat(table_id text NOT NULL REFERENCES tables(id), n bigint NOT NULL,"
    " seat integer NOT NULL, player text NOT NULL, name text NOT NULL, text text NOT NULL,"
    " at_ms bigint NOT NULL, PRIMARY KEY(table_id, n));",
    // 2: which node owns a table, until when (docs/server.md, "Several machines").
    "CREATE TABLE leases(table_id text PRIMARY KEY REFERENCES tables(id), node text NOT NULL,"
    " expires_at timestamptz NOT NULL);"
    "CREATE INDEX leases_node ON leases(node);",
};
static_assert(std::size(migrations) == PgStore::schema_version);

// The key of the advisory lock that migrations hold (any fixed number; "mus!" in ASCII).
constexpr const char* migration_lock = "SELECT pg_advisory_xact_lock(1836413729)";

// The seed is a full 64-bit value; bigint is signed, so it is stored as the same bits.
std::string seed_to_db(std::uint64_t v) { return std::to_string(static_cast<std::int64_t>(v)); }
std::uint64_t seed_from_db(const std::string& v) {
  return static_cast<std::uint64_t>(std::stoll(v));
}

std::string message_of(pg_conn* c) {
  std::string m = c ? PQerrorMessage(c) : "out of memory";
  while (!m.empty() && (m.back() == '\n' || m.back() == ' ')) m.pop_back();
  return m;
}

}  // namespace

// One statement's result, cleared on scope exit.
struct PgStore::Result {
  PGresult* r = nullptr;
  explicit Result(PGresult* p) : r(p) {}
  Result(Result&& o) noexcept : r(std::exchange(o.r, nullptr)) {}
  Result(const Result&) = delete;
  Result& operator=(const Result&) = delete;
  Result& operator=(Result&&) = delete;
  ~Result() { PQclear(r); }
  [[nodiscard]] int rows() const { return PQntuples(r); }
  [[nodiscard]] std::string text(int row, int col) const {
    return {PQgetvalue(r, row, col), static_cast<std::size_t>(PQgetlength(r, row, col))};
  }
  [[nodiscard]] std::int64_t integer(int row, int col) const { return std::stoll(text(row, col)); }
};

PgStore::PgStore(const std::string& url, int reconnect_ms)
    : PgStore(url, std::string(), 0, reconnect_ms) {}

PgStore::PgStore(const std::string& url, std::string node, int lease_ms, int reconnect_ms)
    : url_(url),
      node_(std::move(node)),
      lease_ms_(std::to_string(lease_ms)),
      reconnect_ms_(reconnect_ms) {
  connect();
  try {
    migrate();
  } catch (...) {
    PQfinish(conn_);
    throw;
  }
}

PgStore::~PgStore() { PQfinish(conn_); }

void PgStore::connect() {
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(reconnect_ms_);
  for (;;) {
    PQfinish(conn_);
    conn_ = PQconnectdb(url_.c_str());
    if (conn_ != nullptr && PQstatus(conn_) == CONNECTION_OK) {
      // Notices (an index that exists already...) are not for the server's log.
      PQsetNoticeProcessor(
          conn_, [](void*, const char*) {}, nullptr);
      return;
    }
    if (std::chrono::steady_clock::now() >= deadline) {
      std::string msg = "cannot connect to PostgreSQL: " + message_of(conn_);
      PQfinish(conn_);
      conn_ = nullptr;
      throw StoreError(msg);
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(200));
  }
}

PgStore::Result PgStore::run(const char* sql, const std::vector<std::string>& params) {
  std::vector<const char*> values;
  values.reserve(params.size());
  for (const auto& p : params) values.push_back(p.c_str());
  Result res(PQexecParams(conn_, sql, static_cast<int>(values.size()), nullptr, values.data(),
                          nullptr, nullptr, 0));
  const auto st = PQresultStatus(res.r);
  if (st != PGRES_COMMAND_OK && st != PGRES_TUPLES_OK) {
    // No SQLSTATE (the socket closed), a connection exception (08) or the server going down
    // (57P): the connection is gone, whatever PQstatus() says yet.
    const char* state = res.r ? PQresultErrorField(res.r, PG_DIAG_SQLSTATE) : nullptr;
    const std::string code = state ? state : "";
    broken_ = code.empty() || code.rfind("08", 0) == 0 || code.rfind("57P", 0) == 0 ||
              PQstatus(conn_) != CONNECTION_OK;
    std::string msg = res.r ? PQresultErrorMessage(res.r) : "";
    if (msg.empty()) msg = message_of(conn_);
    while (!msg.empty() && (msg.back() == '\n' || msg.back() == ' ')) msg.pop_back();
    throw StoreError("postgresql: " + msg + " in " + sql);
  }
  return res;
}

template <typename F>
auto PgStore::retried(F f) -> decltype(f()) {
  if (in_group_) return f();
  // `f` changes nothing unless it succeeds (a read, or BEGIN): on a connection that broke
  // while idle (the database restarted), it is made again on a new one, for reconnect_ms_.
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(reconnect_ms_);
  for (;;) {
    try {
      if (conn_ == nullptr || PQstatus(conn_) != CONNECTION_OK) connect();
      return f();
    } catch (const StoreError&) {
      // Only a broken connection is tried again (a refused statement is the caller's).
      const bool broken = conn_ == nullptr || broken_;
      if (!broken || std::chrono::steady_clock::now() >= deadline) throw;
      PQfinish(conn_);
      conn_ = nullptr;
      std::this_thread::sleep_for(std::chrono::milliseconds(200));
    }
  }
}

void PgStore::begin() {
  // Nothing of the transaction is sent before BEGIN succeeds: it may be tried again.
  retried([&] { run("BEGIN"); });
}

void PgStore::migrate() {
  begin();
  try {
    run(migration_lock);
    run("CREATE TABLE IF NOT EXISTS mus_schema(version integer NOT NULL)");
    Result v = run("SELECT version FROM mus_schema");
    int have = 0;
    if (v.rows() == 0)
      run("INSERT INTO mus_schema(version) VALUES(0)");
    else
      have = static_cast<int>(v.integer(0, 0));
    if (have > schema_version)
      throw StoreError("the database's schema is version " + std::to_string(have) +
                       "; this mus-server knows versions up to " + std::to_string(schema_version) +
                       ": run a newer mus-server");
    for (int i = have; i < schema_version; ++i) {
      Result r(PQexec(conn_, migrations[i]));
      if (PQresultStatus(r.r) != PGRES_COMMAND_OK)
        throw StoreError("postgresql: migrating the schema to version " + std::to_string(i + 1) +
                         ": " + message_of(conn_));
    }
    run("UPDATE mus_schema SET version = $1", {std::to_string(schema_version)});
    run("COMMIT");
  } catch (...) {
    PQclear(PQexec(conn_, "ROLLBACK"));
    throw;
  }
}

template <typename F>
void PgStore::atomic(F&& f) {
  // PostgreSQL aborts a whole transaction at its first failed statement; a savepoint keeps a
  // refused write from taking the rest of the group with it.
  if (in_group_)
    run("SAVEPOINT w");
  else
    begin();
  try {
    f();
    run(in_group_ ? "RELEASE w" : "COMMIT");
  } catch (...) {
    if (PQstatus(conn_) == CONNECTION_OK)
      PQclear(PQexec(conn_, in_group_ ? "ROLLBACK TO w; RELEASE w" : "ROLLBACK"));
    throw;
  }
}

void PgStore::begin_group() {
  if (in_group_) return;
  begin();
  in_group_ = true;
}

void PgStore::end_group() {
  if (!in_group_) return;
  in_group_ = false;
  run("COMMIT");
}

void PgStore::put_player(const PlayerRecord& p) {
  atomic([&] {
    run("INSERT INTO players(id, name, secret, since_ms) VALUES($1, $2, $3, $4)"
        " ON CONFLICT(id) DO UPDATE SET name = excluded.name",
        {p.id, p.name, p.secret, std::to_string(p.since_ms)});
  });
}

void PgStore::set_friend(const std::string& player, const std::string& other, bool on) {
  atomic([&] {
    run(on ? "INSERT INTO friends(player, friend) VALUES($1, $2) ON CONFLICT DO NOTHING"
           : "DELETE FROM friends WHERE player = $1 AND friend = $2",
        {player, other});
  });
}

void PgStore::create_table(const TableRecord& t) {
  atomic([&] {
    run("INSERT INTO tables(id, settings, seed, dealer) VALUES($1, $2, $3, $4)",
        {t.id, t.settings, seed_to_db(t.seed), std::to_string(t.dealer)});
    if (!node_.empty())
      run("INSERT INTO leases(table_id, node, expires_at)"
          " VALUES($1, $2, now() + $3 * interval '1 millisecond')",
          {t.id, node_, lease_ms_});
  });
}

std::vector<std::string> PgStore::claim(bool take) {
  std::vector<std::string> taken, lost;
  std::set<std::string> owned;
  atomic([&] {
    // The unfinished tables only: a finished table is never taken, so its lease is left to
    // expire. Rows that another node holds FOR UPDATE (taking them) are waited for briefly;
    // the owner's own commits (FOR KEY SHARE, append_actions()) do not block this update. The
    // rows are locked in the order of their ids, so that two renewals of one node (its lease
    // thread's, and load_unfinished() at start on the commit thread's connection) cannot
    // deadlock.
    const Result renewed =
        run("UPDATE leases SET expires_at = now() + $2 * interval '1 millisecond'"
            " FROM (SELECT l.table_id FROM leases l JOIN tables t ON t.id = l.table_id"
            " WHERE l.node = $1 AND NOT t.finished ORDER BY l.table_id"
            " FOR NO KEY UPDATE OF l) o"
            " WHERE leases.table_id = o.table_id RETURNING leases.table_id",
            {node_, lease_ms_});
    for (int i = 0; i < renewed.rows(); ++i) owned.insert(renewed.text(i, 0));
    // Of the tables this connection renewed last time, those another node holds now (taken
    // once this node's lease lapsed); the others missing finished meanwhile.
    std::string gone;
    for (const std::string& id : owned_)
      if (owned.count(id) == 0) gone += (gone.empty() ? "" : "\n") + id;
    if (!gone.empty()) {
      const Result r = run(
          "SELECT table_id FROM leases WHERE node <> $1"
          " AND table_id = ANY(string_to_array($2, E'\\n'))",
          {node_, gone});
      for (int i = 0; i < r.rows(); ++i) lost.push_back(r.text(i, 0));
    }
    if (!take) return;
    // Tables without a lease (stored before there were nodes), then tables whose lease expired.
    // Two nodes taking the same row: the second one's insert waits for the first to commit,
    // then finds the row and leaves it.
    const Result fresh =
        run("INSERT INTO leases(table_id, node, expires_at)"
            " SELECT id, $1, now() + $2 * interval '1 millisecond' FROM tables t WHERE NOT finished"
            " AND NOT EXISTS (SELECT 1 FROM leases l WHERE l.table_id = t.id)"
            " ON CONFLICT DO NOTHING RETURNING table_id",
            {node_, lease_ms_});
    // An expired row is locked FOR UPDATE before its node changes: that waits for no one (SKIP
    // LOCKED: a row in use is left for the next round) and conflicts with the owner's FOR KEY
    // SHARE, so no owner's commit at the table is in flight while it moves (append_actions()).
    const Result expired =
        run("WITH t AS (SELECT l.table_id FROM leases l JOIN tables tb ON tb.id = l.table_id"
            " WHERE l.expires_at < now() AND l.node <> $1 AND NOT tb.finished"
            " FOR UPDATE OF l SKIP LOCKED)"
            " UPDATE leases SET node = $1, expires_at = now() + $2 * interval '1 millisecond'"
            " FROM t WHERE leases.table_id = t.table_id RETURNING leases.table_id",
            {node_, lease_ms_});
    for (const Result* r : {&fresh, &expired})
      for (int i = 0; i < r->rows(); ++i) taken.push_back(r->text(i, 0));
  });
  owned.insert(taken.begin(), taken.end());
  owned_ = std::move(owned);
  lost_.insert(lost_.end(), lost.begin(), lost.end());
  return taken;
}

std::vector<std::string> PgStore::renew_leases(bool take) {
  if (node_.empty()) return {};
  return retried([&] { return claim(take); });
}

std::vector<std::string> PgStore::lost_leases() { return std::exchange(lost_, {}); }

std::optional<std::string> PgStore::claim_table(const std::string& id) {
  if (node_.empty()) return std::nullopt;
  return retried([&] {
    std::optional<std::string> owner;
    atomic([&] {
      // Taken when it has no lease or an expired one (renewed when it is this node's already);
      // two nodes taking it at once: the second one's update waits for the first and then
      // finds the lease live. The row is locked FOR UPDATE first, as in claim(); one that
      // someone holds now (its owner committing at it or renewing it, another node taking
      // it) is not waited for: its owner is the answer.
      const bool held =
          run("SELECT 1 FROM leases WHERE table_id = $1", {id}).rows() > 0 &&
          run("SELECT 1 FROM leases WHERE table_id = $1 FOR UPDATE SKIP LOCKED", {id}).rows() == 0;
      const Result took =
          held ? Result(nullptr)
               : run("INSERT INTO leases(table_id, node, expires_at)"
                     " SELECT id, $2, now() + $3 * interval '1 millisecond' FROM tables"
                     " WHERE id = $1 AND NOT finished"
                     " ON CONFLICT(table_id) DO UPDATE SET node = excluded.node,"
                     " expires_at = excluded.expires_at"
                     " WHERE leases.expires_at < now() OR leases.node = excluded.node"
                     " RETURNING node",
                     {id, node_, lease_ms_});
      if (took.rows() > 0) {
        owner = node_;
        return;
      }
      const Result other =
          run("SELECT l.node FROM leases l JOIN tables t ON t.id = l.table_id"
              " WHERE l.table_id = $1 AND NOT t.finished",
              {id});
      if (other.rows() > 0) owner = other.text(0, 0);
    });
    return owner;
  });
}

std::optional<std::string> PgStore::table_with_code(const std::string& code) {
  if (node_.empty()) return std::nullopt;
  return retried([&]() -> std::optional<std::string> {
    const Result r =
        run("SELECT id FROM tables WHERE NOT finished AND (settings::jsonb)->>'code' = $1 LIMIT 1",
            {code});
    if (r.rows() == 0) return std::nullopt;
    return r.text(0, 0);
  });
}

std::vector<std::string> PgStore::seated_tables(const std::string& player) {
  if (node_.empty()) return {};
  return retried([&] {
    std::vector<std::string> ids;
    const Result r =
        run("SELECT s.table_id FROM seats s JOIN tables t ON t.id = s.table_id"
            " WHERE s.player = $1 AND NOT t.finished ORDER BY t.seq",
            {player});
    for (int i = 0; i < r.rows(); ++i) ids.push_back(r.text(i, 0));
    return ids;
  });
}

std::vector<OpenTable> PgStore::load_open_tables() {
  if (node_.empty()) return {};
  return retried([&] {
    std::vector<OpenTable> out;
    std::map<std::string, std::size_t> at;
    const Result t =
        run("SELECT t.id, t.settings, (SELECT count(*) FROM actions a WHERE a.table_id = t.id)"
            " FROM tables t JOIN leases l ON l.table_id = t.id"
            " WHERE NOT t.finished AND l.node <> $1 ORDER BY t.seq",
            {node_});
    for (int i = 0; i < t.rows(); ++i) {
      OpenTable o;
      o.id = t.text(i, 0);
      o.settings = t.text(i, 1);
      o.actions = static_cast<std::size_t>(t.integer(i, 2));
      at.emplace(o.id, out.size());
      out.push_back(std::move(o));
    }
    const Result s =
        run("SELECT s.table_id, s.seat, s.player, p.name FROM seats s"
            " JOIN players p ON p.id = s.player JOIN tables t ON t.id = s.table_id"
            " JOIN leases l ON l.table_id = t.id WHERE NOT t.finished AND l.node <> $1",
            {node_});
    for (int i = 0; i < s.rows(); ++i) {
      const auto it = at.find(s.text(i, 0));
      const std::int64_t seat = s.integer(i, 1);
      if (it == at.end() || seat < 0 || seat >= 4) continue;
      out[it->second].seats[static_cast<std::size_t>(seat)] = s.text(i, 2);
      out[it->second].names[static_cast<std::size_t>(seat)] = s.text(i, 3);
    }
    return out;
  });
}

std::optional<PlayerRecord> PgStore::load_player(const std::string& id) {
  return retried([&]() -> std::optional<PlayerRecord> {
    const Result s =
        run("SELECT id, name, secret, since_ms, matches_played, matches_won,"
            " games_won, ordagos_won FROM players WHERE id = $1",
            {id});
    if (s.rows() == 0) return std::nullopt;
    PlayerRecord p{s.text(0, 0),
                   s.text(0, 1),
                   s.text(0, 2),
                   s.integer(0, 3),
                   {s.integer(0, 4), s.integer(0, 5), s.integer(0, 6), s.integer(0, 7)},
                   {}};
    const Result f = run("SELECT friend FROM friends WHERE player = $1 ORDER BY seq", {id});
    for (int i = 0; i < f.rows(); ++i) p.friends.push_back(f.text(i, 0));
    return p;
  });
}

void PgStore::set_seat(const std::string& table, int seat, const std::string& player) {
  atomic([&] {
    if (player.empty())
      run("DELETE FROM seats WHERE table_id = $1 AND seat = $2", {table, std::to_string(seat)});
    else
      run("INSERT INTO seats(table_id, seat, player) VALUES($1, $2, $3)"
          " ON CONFLICT(table_id, seat) DO UPDATE SET player = excluded.player",
          {table, std::to_string(seat), player});
  });
}

void PgStore::append_actions(const std::string& table, std::size_t first,
                             const std::vector<std::string>& actions, const MatchEnd* end) {
  if (actions.empty() && end == nullptr) return;
  atomic([&] {
    // A node stores actions only at a table it owns: one that lost the lease (it stalled past
    // the expiry and another node took the table) fails here instead of forking the match.
    // FOR KEY SHARE holds the row until the group commits: every change of its node locks it
    // FOR UPDATE first (claim(), claim_table()), which conflicts, so the table stays this
    // node's until the commit; the renewal (the lease thread's own connection) updates only
    // expires_at, a FOR NO KEY UPDATE that does not conflict, so a commit held long never
    // delays a renewal (FOR SHARE would: the lease would expire behind a slow commit). A
    // renewal and a commit of one node never wait for each other, so the two connections
    // cannot deadlock.
    if (!node_.empty() &&
        run("SELECT 1 FROM leases WHERE table_id = $1 AND node = $2 FOR KEY SHARE",
            {table, node_})
                .rows() == 0)
      throw StoreError("table " + table + ": another node owns it now (its lease expired)");
    for (std::size_t i = 0; i < actions.size(); ++i)
      run("INSERT INTO actions(table_id, idx, action) VALUES($1, $2, $3)",
          {table, std::to_string(first + i), actions[i]});
    if (end != nullptr) {
      run("UPDATE tables SET finished = true WHERE id = $1", {table});
      for (const PlayerResult& r : end->results)
        run("UPDATE players SET matches_played = matches_played + 1,"
            " matches_won = matches_won + $2, games_won = games_won + $3,"
            " ordagos_won = ordagos_won + $4 WHERE id = $1",
            {r.player, r.won ? "1" : "0", std::to_string(r.games), std::to_string(r.ordagos)});
    }
  });
}

void PgStore::append_chat(const std::string& table, const ChatLine& line) {
  atomic([&] {
    run("INSERT INTO chat(table_id, n, seat, player, name, text, at_ms)"
        " VALUES($1, $2, $3, $4, $5, $6, $7)",
        {table, std::to_string(line.n), std::to_string(line.seat), line.player, line.name,
         line.text, std::to_string(line.at_ms)});
  });
}

void PgStore::close_table(const std::string& table) {
  atomic([&] { run("UPDATE tables SET finished = true WHERE id = $1", {table}); });
}

std::vector<PlayerRecord> PgStore::load_players() {
  return retried([&] {
    std::vector<PlayerRecord> out;
    std::map<std::string, std::size_t> at;
    const Result s =
        run("SELECT id, name, secret, since_ms, matches_played, matches_won,"
            " games_won, ordagos_won FROM players ORDER BY seq");
    for (int i = 0; i < s.rows(); ++i) {
      PlayerRecord p{s.text(i, 0),
                     s.text(i, 1),
                     s.text(i, 2),
                     s.integer(i, 3),
                     {s.integer(i, 4), s.integer(i, 5), s.integer(i, 6), s.integer(i, 7)},
                     {}};
      at.emplace(p.id, out.size());
      out.push_back(std::move(p));
    }
    const Result f = run("SELECT player, friend FROM friends ORDER BY seq");
    for (int i = 0; i < f.rows(); ++i) {
      const auto it = at.find(f.text(i, 0));
      if (it != at.end()) out[it->second].friends.push_back(f.text(i, 1));
    }
    return out;
  });
}

void PgStore::fill(TableRecord& t) {
  const Result seats = run("SELECT seat, player FROM seats WHERE table_id = $1", {t.id});
  for (int i = 0; i < seats.rows(); ++i) {
    const std::int64_t seat = seats.integer(i, 0);
    if (seat >= 0 && seat < 4) t.seats[static_cast<std::size_t>(seat)] = seats.text(i, 1);
  }
  const Result acts = run("SELECT action FROM actions WHERE table_id = $1 ORDER BY idx", {t.id});
  for (int i = 0; i < acts.rows(); ++i) t.actions.push_back(acts.text(i, 0));
  const Result chat =
      run("SELECT n, seat, player, name, text, at_ms FROM chat"
          " WHERE table_id = $1 ORDER BY n DESC LIMIT $2",
          {t.id, std::to_string(chat_kept)});
  for (int i = 0; i < chat.rows(); ++i)
    t.chat.push_back({chat.integer(i, 0), static_cast<int>(chat.integer(i, 1)), chat.text(i, 2),
                      chat.text(i, 3), chat.text(i, 4), chat.integer(i, 5)});
  std::reverse(t.chat.begin(), t.chat.end());
}

std::vector<TableRecord> PgStore::load_unfinished() {
  // A node (re)starting takes back its own tables, whatever their expiry, unless another node
  // took them meanwhile; it takes no other node's (the one people are sent to does that).
  if (!node_.empty()) (void)renew_leases(false);
  return retried([&] {
    std::vector<TableRecord> out;
    const Result s =
        node_.empty()
            ? run("SELECT id, settings, seed, dealer FROM tables WHERE NOT finished ORDER BY seq")
            : run("SELECT t.id, t.settings, t.seed, t.dealer FROM tables t JOIN leases l"
                  " ON l.table_id = t.id WHERE NOT t.finished AND l.node = $1 ORDER BY t.seq",
                  {node_});
    for (int i = 0; i < s.rows(); ++i) {
      TableRecord t;
      t.id = s.text(i, 0);
      t.settings = s.text(i, 1);
      t.seed = seed_from_db(s.text(i, 2));
      t.dealer = static_cast<int>(s.integer(i, 3));
      out.push_back(std::move(t));
    }
    for (auto& t : out) fill(t);
    return out;
  });
}

std::optional<TableRecord> PgStore::load_table(const std::string& id) {
  return retried([&]() -> std::optional<TableRecord> {
    const Result s =
        run("SELECT id, settings, seed, dealer, finished FROM tables WHERE id = $1", {id});
    if (s.rows() == 0) return std::nullopt;
    TableRecord t;
    t.id = s.text(0, 0);
    t.settings = s.text(0, 1);
    t.seed = seed_from_db(s.text(0, 2));
    t.dealer = static_cast<int>(s.integer(0, 3));
    t.finished = s.text(0, 4) == "t";
    fill(t);
    return t;
  });
}

}  // namespace mus_server
