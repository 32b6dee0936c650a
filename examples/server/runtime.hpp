// Where mus-server's tables run: each table has a lane, on which its jobs (messages, clock
// ticks, the bots' results) run one at a time, in order; and the bots think apart from them,
// as do the searches behind a person's tips.
//
// The handler and the tables only name lanes and jobs; a Runtime decides where they run. The
// server's runtime (transport.cpp) runs each lane as an Asio strand over N threads, thinks on
// a pool of its own and sends a job's messages once the store has committed what the job
// stored. InlineRuntime runs every job at once in the caller, on one thread: the deterministic
// mode that the tests and the fuzzer drive.
#ifndef MUS_SERVER_RUNTIME_HPP
#define MUS_SERVER_RUNTIME_HPP

#include <cstdint>
#include <deque>
#include <functional>
#include <memory>
#include <utility>
#include <vector>

#include "server_types.hpp"

namespace mus_server {

/// A table's lane: its jobs run one at a time, in the order given (an Asio strand in the
/// server). Only a Runtime knows what is in it.
class Lane {
 public:
  virtual ~Lane() = default;
};

/// A job of a table: it gets the time when it runs and the list for the messages it causes.
using Job = std::function<void(std::int64_t now, std::vector<Outgoing>& out)>;

/// Where lanes, jobs and the bots' thinking run.
class Runtime {
 public:
  virtual ~Runtime() = default;
  /// @brief A new lane (one per table).
  virtual std::unique_ptr<Lane> lane() = 0;
  /**
   * @brief Runs `job` on `lane`, after every job given to that lane before it.
   * @param lane The table's lane.
   * @param job The job.
   * @param now The caller's time.
   * @param out The caller's messages. The inline runtime runs the job at once with `now` and
   *        `out`. A threaded runtime first sends on what `out` holds (so that what the caller
   *        said reaches its receivers before what the job says) and empties it, then runs the
   *        job on the lane's thread with the time then, and sends the job's messages once the
   *        store has committed what the job stored.
   */
  virtual void run(Lane& lane, Job job, std::int64_t now, std::vector<Outgoing>& out) = 0;
  /// @brief Whether a table plays its bots' decisions, and computes its people's tips, inside
  ///        its own job (true), or asks think() and advise() for them.
  [[nodiscard]] virtual bool bots_inline() const = 0;
  /**
   * @brief Runs `work` (bots deciding) off the threads that serve the network, then `done` on
   *        the lane.
   * @param lane The table's lane.
   * @param work The thinking; it touches nothing but what it owns.
   * @param done The job that takes its result.
   */
  virtual void think(Lane& lane, std::function<void()> work, Job done) = 0;
  /**
   * @brief Runs `work` (a person's tips: a search of a few milliseconds) where the bots think,
   *        then `done` on the lane; unlike think(), never slowed on purpose for tests.
   * @param lane The table's lane.
   * @param work The search; it touches nothing but what it owns.
   * @param done The job that takes its result.
   */
  virtual void advise(Lane& lane, std::function<void()> work, Job done) = 0;
};

/// The deterministic runtime: one thread, every job run at once in the caller. Bots decide
/// (and tips are computed) inside their table's job; or, with `bots_inline` false (tests of
/// the threaded path), each thinking (or advice) waits until run_thinking() runs it.
class InlineRuntime final : public Runtime {
 public:
  /// @param bots_inline Whether bots decide inside their table's job.
  explicit InlineRuntime(bool bots_inline = true) : bots_inline_(bots_inline) {}
  std::unique_ptr<Lane> lane() override { return std::make_unique<Lane>(); }
  void run(Lane&, Job job, std::int64_t now, std::vector<Outgoing>& out) override {
    job(now, out);
  }
  [[nodiscard]] bool bots_inline() const override { return bots_inline_; }
  void think(Lane&, std::function<void()> work, Job done) override {
    thinking_.emplace_back(std::move(work), std::move(done));
  }
  void advise(Lane& lane, std::function<void()> work, Job done) override {
    think(lane, std::move(work), std::move(done));
  }
  /// @brief Runs the thinking asked so far (and any it asks for meanwhile), each followed by
  ///        its job; returns their messages.
  /// @param now The time.
  /// @param limit At most this many.
  std::vector<Outgoing> run_thinking(std::int64_t now, std::size_t limit = 100000) {
    std::vector<Outgoing> out;
    for (std::size_t i = 0; i < limit && !thinking_.empty(); ++i) {
      auto [work, done] = std::move(thinking_.front());
      thinking_.pop_front();
      work();
      done(now, out);
    }
    return out;
  }
  /// @brief How many thinkings wait for run_thinking().
  [[nodiscard]] std::size_t thinking() const { return thinking_.size(); }

 private:
  bool bots_inline_;
  std::deque<std::pair<std::function<void()>, Job>> thinking_;
};

}  // namespace mus_server

#endif  // MUS_SERVER_RUNTIME_HPP
