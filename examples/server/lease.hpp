// The lease thread of a mus-server node (docs/server.md, "Several machines"): it renews the
// node's table leases on a store connection of its own, so that no commit ever delays a
// renewal, and says when the leases lapsed or tables went to another node.
#ifndef MUS_SERVER_LEASE_HPP
#define MUS_SERVER_LEASE_HPP

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <functional>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "store.hpp"

namespace mus_server {

/**
 * @brief Renews a node's leases every period() on its own thread and store connection.
 *
 * The leases are live while the last renewal that succeeded was sent less than a lease ago
 * (the database's expiry is at least that: it counts from the renewal's transaction start).
 * A renewal that finds a table taken by another node (Store::lost_leases()) calls `lost`
 * once; the node must then stop serving those tables. After renewals failed (the database
 * was away), renew() takes nothing for a lease after the first that succeeds again, so
 * that the other nodes, back too, renew their leases before any is taken.
 */
class LeaseKeeper {
 public:
  /// The clock it measures with (a steady one).
  using Clock = std::chrono::steady_clock;
  /**
   * @param store The node's lease connection (a store shared by nodes), used by this thread
   *        only from start() on; its reconnect time should be at most period(), so that a
   *        database away delays the next try, not the lapse.
   * @param lease_ms How long a lease lasts unrenewed.
   * @param log Called (on the lease thread) with a line for the log: a renewal that failed,
   *        the leases lapsed, renewed again.
   * @param lost Called once (on the lease thread) with the tables another node took.
   */
  LeaseKeeper(Store& store, int lease_ms, std::function<void(const std::string&)> log,
              std::function<void(const std::vector<std::string>&)> lost);
  ~LeaseKeeper();
  LeaseKeeper(const LeaseKeeper&) = delete;
  LeaseKeeper& operator=(const LeaseKeeper&) = delete;

  /// @brief How often a lease of `lease_ms` is renewed: three times a lease, at least once a
  /// second.
  static int period_ms(int lease_ms);
  /// @brief Starts the thread; it renews at once, then every period. The leases count as live
  /// from now until a lease has passed without a renewal.
  void start();
  /// @brief Ends the thread (after the renewal in flight, if any).
  void stop();
  /**
   * @brief Renews now (and, with `take`, takes the tables whose lease expired), on the lease
   * thread, and waits for it.
   * @return The tables taken (Store::renew_leases()).
   * @throws StoreError When the renewal failed (the database is away).
   */
  std::vector<std::string> renew(bool take);
  /// @brief Whether the last renewal that succeeded was sent less than a lease ago.
  bool live() const;
  /// @brief Waits while the leases have lapsed, up to `at_most`.
  /// @return True when they are live (and no table was lost); false when they are still
  /// lapsed after `at_most`, a table was lost, or the keeper stopped.
  bool wait_live(std::chrono::milliseconds at_most);

 private:
  struct Request;
  void loop();
  void renew_once(std::vector<Request*>& asked);

  Store& store_;
  const std::chrono::milliseconds lease_, period_;
  std::function<void(const std::string&)> log_;
  std::function<void(const std::vector<std::string>&)> lost_;
  mutable std::mutex m_;
  std::condition_variable cv_;       // the thread: a request, or stopping
  std::condition_variable renewed_;  // wait_live(): a renewal, a loss, or stopping
  std::vector<Request*> requests_;
  bool stopping_ = false;
  bool lost_once_ = false;
  bool lapsed_logged_ = false;
  std::atomic<Clock::rep> last_ok_{0};  // when the last renewal that succeeded was sent
  bool failing_ = false;                // the last renewal failed
  Clock::time_point take_from_{};       // renew() takes nothing before (after failures)
  std::thread thread_;
};

}  // namespace mus_server

#endif  // MUS_SERVER_LEASE_HPP
