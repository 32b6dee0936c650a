// The PostgreSQL store of mus-server (libpq, one connection), for several nodes sharing one
// database (docs/server.md, "Several machines").
#ifndef MUS_SERVER_PG_STORE_HPP
#define MUS_SERVER_PG_STORE_HPP

#include <set>
#include <string>
#include <vector>

#include "store.hpp"

struct pg_conn;

namespace mus_server {

/// @brief The PostgreSQL store. Not thread-safe: one thread uses it (the server's commit
/// thread; a node's lease thread has a PgStore of its own, a second connection). Every write
/// outside a group is its own transaction; a group is one transaction in which every write is
/// a savepoint, so that a refused write leaves the rest of the group. A connection found
/// broken when a transaction starts (the database restarted) is opened again, for up to
/// `reconnect_ms`; one that breaks inside a transaction fails that transaction.
class PgStore final : public Store {
 public:
  /**
   * @brief Connects and creates or migrates the schema (under an advisory lock, so that nodes
   * starting together migrate once).
   * @param url A libpq connection string or URI (`postgresql://user@host:port/db`).
   * @param reconnect_ms How long to keep trying to reach the database, at start and after it
   *        went away.
   * @throws StoreError When it cannot connect, or the schema is newer than this server knows.
   */
  explicit PgStore(const std::string& url, int reconnect_ms = store_reconnect_ms);
  /**
   * @brief The same, for a node of several sharing the database: it owns a table through a
   * lease row (table, node, expiry) that renew_leases() renews, serves only the tables it
   * owns, and stores actions only at tables it owns.
   * @param url As above.
   * @param node This node's name (unique among the nodes).
   * @param lease_ms How long a lease lasts unrenewed: after that, another node may take the
   *        table.
   * @param reconnect_ms As above.
   */
  PgStore(const std::string& url, std::string node, int lease_ms,
          int reconnect_ms = store_reconnect_ms);
  ~PgStore() override;
  PgStore(const PgStore&) = delete;
  PgStore& operator=(const PgStore&) = delete;

  void put_player(const PlayerRecord& p) override;
  void set_friend(const std::string& player, const std::string& other, bool on) override;
  void create_table(const TableRecord& t) override;
  void set_seat(const std::string& table, int seat, const std::string& player) override;
  void append_actions(const std::string& table, std::size_t first,
                      const std::vector<std::string>& actions, const MatchEnd* end) override;
  void append_chat(const std::string& table, const ChatLine& line) override;
  void close_table(const std::string& table) override;
  std::vector<PlayerRecord> load_players() override;
  std::vector<TableRecord> load_unfinished() override;
  std::optional<TableRecord> load_table(const std::string& id) override;
  std::vector<std::string> renew_leases(bool take) override;
  std::vector<std::string> lost_leases() override;
  bool shared() const override { return !node_.empty(); }
  std::optional<PlayerRecord> load_player(const std::string& id) override;
  std::string node() const override { return node_; }
  std::optional<std::string> claim_table(const std::string& id, bool take) override;
  std::optional<std::string> table_with_code(const std::string& code) override;
  std::vector<std::string> seated_tables(const std::string& player) override;
  std::vector<OpenTable> load_open_tables() override;
  void begin_group() override;
  void end_group() override;

  /// The schema version this server writes (the `mus_schema` table holds the database's).
  static constexpr int schema_version = 2;

 private:
  struct Result;
  // Runs one statement with text parameters; throws StoreError when it fails.
  Result run(const char* sql, const std::vector<std::string>& params = {});
  // Runs `f` all or none: a savepoint inside a group, else a transaction of its own.
  template <typename F>
  void atomic(F&& f);
  // Opens the connection, retrying for reconnect_ms_; throws StoreError when it cannot.
  void connect();
  // Runs `f` (reads, or BEGIN) again on a new connection when the old one broke while idle.
  template <typename F>
  auto retried(F f) -> decltype(f());
  // Starts a transaction, opening the connection again first when it broke while idle.
  void begin();
  void migrate();
  void fill(TableRecord& t);
  // Renews this node's leases; with `take`, takes the unfinished tables without a live
  // lease and returns their ids.
  std::vector<std::string> claim(bool take);
  std::string url_;
  std::string node_;  // empty: the only server, owning every table
  std::string lease_ms_;
  int reconnect_ms_;
  pg_conn* conn_ = nullptr;
  bool in_group_ = false;
  bool broken_ = false;  // the last failed statement found the connection gone
  std::set<std::string> owned_;     // the unfinished tables the last renewal renewed
  std::vector<std::string> lost_;   // of them, those another node took (lost_leases())
};

}  // namespace mus_server

#endif  // MUS_SERVER_PG_STORE_HPP
