#include "lease.hpp"

#include <pthread.h>

#include <algorithm>
#include <exception>
#include <utility>

namespace mus_server {

// A renewal asked for by renew(), answered by the lease thread.
struct LeaseKeeper::Request {
  bool take = false;
  bool done = false;
  std::vector<std::string> taken;
  std::exception_ptr error;
};

LeaseKeeper::LeaseKeeper(Store& store, int lease_ms, std::function<void(const std::string&)> log,
                         std::function<void(const std::vector<std::string>&)> lost)
    : store_(store),
      lease_(lease_ms),
      period_(period_ms(lease_ms)),
      log_(std::move(log)),
      lost_(std::move(lost)) {}

LeaseKeeper::~LeaseKeeper() { stop(); }

int LeaseKeeper::period_ms(int lease_ms) { return std::max(1, std::min(1000, lease_ms / 3)); }

void LeaseKeeper::start() {
  last_ok_ = Clock::now().time_since_epoch().count();
  thread_ = std::thread([this] {
    pthread_setname_np(pthread_self(), "mus-lease");
    loop();
  });
}

void LeaseKeeper::stop() {
  {
    const std::lock_guard lock(m_);
    stopping_ = true;
  }
  cv_.notify_one();
  if (thread_.joinable()) thread_.join();
  renewed_.notify_all();
}

bool LeaseKeeper::live() const {
  return Clock::now() < Clock::time_point(Clock::duration(last_ok_.load())) + lease_;
}

bool LeaseKeeper::wait_live(std::chrono::milliseconds at_most) {
  std::unique_lock lock(m_);
  renewed_.wait_for(lock, at_most, [this] { return stopping_ || lost_once_ || live(); });
  return live() && !lost_once_;
}

std::vector<std::string> LeaseKeeper::renew(bool take) {
  Request r;
  r.take = take;
  std::unique_lock lock(m_);
  if (stopping_ || !thread_.joinable()) throw StoreError("the lease thread is not running");
  requests_.push_back(&r);
  cv_.notify_one();
  renewed_.wait(lock, [&r] { return r.done; });
  if (r.error) std::rethrow_exception(r.error);
  return std::move(r.taken);
}

void LeaseKeeper::loop() {
  std::unique_lock lock(m_);
  auto next = Clock::now();  // the first renewal at once
  while (!stopping_) {
    cv_.wait_until(lock, next, [this] { return stopping_ || !requests_.empty(); });
    if (stopping_) break;
    if (requests_.empty() && Clock::now() < next) continue;
    std::vector<Request*> asked;
    asked.swap(requests_);
    const auto sent = Clock::now();
    lock.unlock();
    renew_once(asked);
    lock.lock();
    next = sent + period_;
  }
  for (Request* r : requests_) {
    r->error = std::make_exception_ptr(StoreError("the lease thread stopped"));
    r->done = true;
  }
  requests_.clear();
  renewed_.notify_all();
}

void LeaseKeeper::renew_once(std::vector<Request*>& asked) {
  // After renewals that failed (the database was away for every node, as a rule), nothing is
  // taken for a lease: the other live nodes renew theirs first.
  const bool take =
      Clock::now() >= take_from_ &&
      std::any_of(asked.begin(), asked.end(), [](const Request* r) { return r->take; });
  std::vector<std::string> taken, lost;
  std::exception_ptr error;
  std::string failure, line;
  // Sent now: the database's new expiry counts from a moment after this one.
  const auto sent = Clock::now();
  try {
    taken = store_.renew_leases(take);
    lost = store_.lost_leases();
  } catch (const std::exception& e) {
    error = std::current_exception();
    failure = std::string("store: renewing the leases: ") + e.what();
  }
  {
    const std::lock_guard lock(m_);
    // The log says when renewals start failing, when the leases lapse, and when they are
    // renewed again (the handler logs each failure of its own requests).
    if (error) {
      if (!failing_) line = failure;
      failing_ = true;
      if (!live() && !lapsed_logged_) {
        lapsed_logged_ = true;
        line = failure + "; the table leases lapsed (no renewal for " +
               std::to_string(lease_.count()) + " ms): nothing is committed until they are renewed";
      }
    } else {
      if (failing_ || lapsed_logged_) line = "the table leases are renewed again";
      if (failing_) take_from_ = sent + lease_;
      failing_ = false;
      lapsed_logged_ = false;
      last_ok_ = sent.time_since_epoch().count();
    }
    if (!lost.empty()) lost_once_ = true;
    for (Request* r : asked) {
      if (r->take) r->taken = taken;
      r->error = error;
      r->done = true;
    }
  }
  renewed_.notify_all();
  if (!line.empty()) log_(line);
  if (!lost.empty()) lost_(lost);
}

}  // namespace mus_server
