// The C API of mus.h, batch part (experimental): mus_batch_*, many independent matches stepped by
// one call for learning. A batch is a handle the library owns: the rules, the configuration, the
// caller's output arrays (bound once, at mus_batch_new), one Game per match and the worker
// threads. A step of a game is the reducer's apply_id_in_place(), then the shuffles due from the
// game's own stream, measured with step_gain.hpp (the one measure mus_step() reports too); the
// observation is mus::view_tensor().
//
// How the threads share the work (measured in docs/learning.md, "Threads"):
// - Each thread owns one contiguous range of games, whole chunks of 64 (so that no cache line of
//   a game or of a per-game output array is written by two threads), and is the only thread that
//   ever touches its games: it constructs them (so their pages are its own) and steps them.
// - A call is one or two phases. The caller publishes a phase by bumping `go`; each thread runs
//   it on its own range and reports in its own Slot (a cache line of its own: nothing on the hot
//   path is written by two threads). A step is two phases: every thread checks its own games'
//   actions, then, only when no thread found a bad one, every thread plays its games; so the
//   check, which used to be a pass of the calling thread over every game's line, is split too,
//   and a refused step still changes nothing.
// - Waiting is busy for a while, then asleep (futex, std::atomic::wait): workers wait for the next
//   call busily for a while longer than the caller took between its last calls (when it took
//   at most 2 ms), so a learner stepping in a loop never pays a wake-up; a caller that thinks
//   longer finds them asleep and wakes them (one system call), a cost small beside its own.
//   Inside a call the caller waits busily for the workers twice as long as its own part took.
// The games share nothing, so the arrays do not depend on how they are split.
#define MUS_EXPERIMENTAL
#include <algorithm>
#include <array>
#include <atomic>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <memory>
#include <new>
#include <span>
#include <string_view>

#include "capi_internal.hpp"
#include "mus/bots.hpp"
#include "mus/match.hpp"
#include "mus/mus.h"
#include "mus/observation.hpp"
#include "step_gain.hpp"

#if defined(__EMSCRIPTEN__) && !defined(__EMSCRIPTEN_PTHREADS__)
#define MUS_BATCH_THREADS 0  // a WebAssembly build without threads: one thread only
#else
#define MUS_BATCH_THREADS 1
#include <thread>
#endif

namespace capi = mus::capi;

namespace {

static_assert(MUS_VIEW_TENSOR_SIZE == mus::view_tensor_size);
constexpr std::size_t tensor_size = mus::view_tensor_size;

// The derive_seed() streams of a batch, documented at mus_batch_new().
constexpr std::uint64_t stream_game = 5;      // seed -> a game's base
constexpr std::uint64_t stream_shuffle = 1;   // base -> the j-th shuffle's seed
constexpr std::uint64_t stream_dealer = 2;    // base -> the m-th match's first dealer

// A cache line, and the pair of lines that adjacent-line prefetchers fetch together.
constexpr std::size_t cache_line = 64;
constexpr std::size_t line_pair = 128;
// Games are handed to threads in whole chunks: 64 games fill whole lines of every output array.
constexpr std::int32_t chunk_games = 64;

// One match of the batch and its stream, in lines of its own.
struct alignas(cache_line) Game {
  mus::State s;                     // waits for a player (chance is always played)
  std::uint64_t base = 0;           // the stream's base
  std::uint64_t shuffles = 0;       // shuffles drawn so far
  std::uint64_t matches = 0;        // matches started so far
  std::uint64_t mask = 0;           // legal_action_mask(s)
  std::int32_t steps = 0;           // player steps in this match
  std::array<std::int32_t, 2> hand{};  // points gained so far in this hand
};

// The caller's arrays, bound at mus_batch_new(); each may be null (not written).
struct Outputs {
  std::int32_t* seat = nullptr;
  std::uint64_t* mask = nullptr;
  float* rewards = nullptr;
  std::uint8_t* done = nullptr;
  std::uint8_t* truncated = nullptr;
  mus_batch_info* info = nullptr;
  float* obs = nullptr;
};

// What the threads do in the phase the caller published.
enum class Phase : std::uint8_t { construct, reset, check, play, stop };

// What one thread reports, written by that thread only, in lines of its own.
struct alignas(line_pair) Slot {
  std::atomic<std::uint32_t> done{0};  // the last phase (its `go` number) this thread finished
  std::int32_t bad_game = -1;          // check: the first game of its range with a bad id
  std::int32_t bad_code = MUS_OK;      // check: that id's status
  std::int32_t status = MUS_OK;        // play, reset: MUS_OK or MUS_E_INTERNAL
  std::int32_t lo = 0;                 // its games, [lo, hi)
  std::int32_t hi = 0;
#if MUS_BATCH_THREADS
  std::thread thread;                  // the worker (none for slot 0, the calling thread)
#endif
};

using Clock = std::chrono::steady_clock;

#if MUS_BATCH_THREADS
// Workers wait busily between calls when the caller's smoothed time between calls is at most
// this: 1.5 times that time, plus 50 us.
constexpr auto max_caller_gap = std::chrono::microseconds(2000);

// Inside a call, a worker waits busily this long for the next phase (the caller publishes it as
// soon as every thread has checked its games); the caller waits busily for the workers twice as
// long as its own part of the phase took plus 50 us, at most 2 ms: a worker that takes longer
// than that is not running (the cores are busy with other work), and spinning would take its
// time.
constexpr auto phase_spin = std::chrono::microseconds(200);

Clock::duration join_spin(Clock::duration own_part) noexcept {
  return std::min(own_part * 2 + Clock::duration(std::chrono::microseconds(50)),
                  Clock::duration(std::chrono::milliseconds(2)));
}

inline void cpu_relax() noexcept {
#if defined(__SSE2__)
  _mm_pause();
#elif defined(__aarch64__)
  asm volatile("yield");
#endif
}

// Spins until pred() holds or `budget` has passed; true when it holds.
template <class Pred>
bool spin_until(Pred pred, Clock::duration budget) noexcept {
  if (pred()) return true;
  if (budget <= Clock::duration::zero()) return false;
  const Clock::time_point deadline = Clock::now() + budget;
  for (;;) {
    for (int i = 0; i < 64; ++i) {
      if (pred()) return true;
      cpu_relax();
    }
    if (Clock::now() >= deadline) return pred();
  }
}
#endif

}  // namespace

// The batch (opaque in mus.h).
struct mus_batch {
  std::array<mus::State, 4> fresh{};  // a new match of the rules by first dealer, unshuffled
  std::int32_t games = 0;
  std::int32_t threads = 1;            // threads in use: min(config.threads, chunks)
  std::int32_t first_dealer = 0;
  std::int32_t reward = MUS_BATCH_REWARD_POINTS;
  std::int32_t max_steps = 0;
  bool started = false;
  Outputs out{};
  Game* game = nullptr;                // `games` games, 64-aligned
  std::unique_ptr<Slot[]> slot;        // one per thread

  // The phase published, read by the workers after they see `go` change.
  Phase phase = Phase::construct;
  std::uint64_t seed = 0;
  const std::int32_t* actions = nullptr;
  Clock::time_point last_return{};     // when the last call returned, to time the caller
  Clock::duration idle_spin{};         // how long workers wait busily for the next call

  alignas(line_pair) std::atomic<std::uint32_t> go{0};  // the phase's number, bumped per phase
  std::atomic<std::int64_t> idle_spin_ns{0};            // idle_spin, for the workers
  alignas(line_pair) std::atomic<std::int32_t> sleepers{0};  // workers asleep on `go`
  alignas(line_pair) std::atomic<bool> caller_asleep{false};  // the caller asleep on a Slot
};

namespace {

std::int32_t bad(mus::Errc code, std::string_view why) noexcept {
  return capi::status(mus::Error{code, why, -1});
}

std::int32_t check_config(const mus_batch_config* c) noexcept {
  if (c == nullptr) return bad(mus::Errc::invalid_argument, "batch config is NULL");
  if (c->struct_size != sizeof(mus_batch_config))
    return bad(mus::Errc::invalid_argument,
               "mus_batch_config.struct_size is not sizeof(mus_batch_config)");
  for (const std::int32_t r : c->reserved)
    if (r != 0) return bad(mus::Errc::invalid_argument, "mus_batch_config.reserved must be zero");
  if (c->games < 1 || c->games > MUS_BATCH_MAX_GAMES)
    return bad(mus::Errc::invalid_argument, "games outside 1..MUS_BATCH_MAX_GAMES");
  if (c->threads < 1 || c->threads > MUS_BATCH_MAX_THREADS)
    return bad(mus::Errc::invalid_argument, "threads outside 1..MUS_BATCH_MAX_THREADS");
  if (c->first_dealer < -1 || c->first_dealer > 3)
    return bad(mus::Errc::invalid_argument, "first_dealer is a seat 0..3 or -1 (drawn)");
  if (c->reward != MUS_BATCH_REWARD_POINTS && c->reward != MUS_BATCH_REWARD_MATCH)
    return bad(mus::Errc::invalid_argument,
               "reward is MUS_BATCH_REWARD_POINTS or MUS_BATCH_REWARD_MATCH");
  if (c->max_steps < 0) return bad(mus::Errc::invalid_argument, "max_steps is 0 or more");
#if !MUS_BATCH_THREADS
  if (c->threads > 1)
    return bad(mus::Errc::invalid_argument, "this build of libmus has no threads: threads is 1");
#endif
  return MUS_OK;
}

// Plays the shuffles due in game `g`, adding what they gain to the hand's points.
void play_chance(Game& g) noexcept {
  while (g.s.to_act < 0 && g.s.phase != mus::Phase::match_over) {
    const capi::StepMark before = capi::step_mark(g.s);
    const std::uint64_t seed = mus::derive_seed(g.base, stream_shuffle, g.shuffles++);
    if (mus::apply_id_in_place(g.s, mus::action_ids::shuffle, seed) != mus::Errc::ok) return;
    const capi::StepGain gain = capi::step_gain(before, g.s);
    g.hand[0] += gain.points[0];
    g.hand[1] += gain.points[1];
  }
}

// Starts game `g`'s next match and plays its first deal.
void start_match(const mus_batch& b, Game& g) noexcept {
  const std::uint64_t m = g.matches++;
  const std::uint64_t dealer = b.first_dealer >= 0
                                   ? static_cast<std::uint64_t>(b.first_dealer)
                                   : mus::derive_seed(g.base, stream_dealer, m) % 4;
  g.s = b.fresh[dealer];
  g.steps = 0;
  g.hand = {0, 0};
  play_chance(g);
  g.mask = mus::legal_action_mask(g.s);
}

// The decision outputs of game `i`.
void write_decision(const Outputs& o, std::size_t i, const Game& g) noexcept {
  if (o.seat != nullptr) o.seat[i] = g.s.to_act;
  if (o.mask != nullptr) o.mask[i] = g.mask;
  if (o.obs != nullptr)
    mus::view_tensor(g.s, g.s.to_act,
                     std::span<float, tensor_size>(o.obs + i * tensor_size, tensor_size));
}

// One step of game `i` with its checked action; MUS_OK or MUS_E_INTERNAL.
std::int32_t step_game(const mus_batch& b, std::size_t i, std::int32_t id) noexcept {
  Game& g = b.game[i];
  const Outputs& o = b.out;
  const capi::StepMark before = capi::step_mark(g.s);
  if (mus::apply_id_in_place(g.s, id, 0) != mus::Errc::ok) return MUS_E_INTERNAL;
  const capi::StepGain gain = capi::step_gain(before, g.s);
  g.hand[0] += gain.points[0];
  g.hand[1] += gain.points[1];
  ++g.steps;
  const bool hand_over = gain.hand_over;  // chance never ends a hand: measured before it
  play_chance(g);
  std::array<float, 2> reward{0.0F, 0.0F};
  if (hand_over) {
    if (b.reward == MUS_BATCH_REWARD_POINTS)
      reward = {static_cast<float>(g.hand[0]), static_cast<float>(g.hand[1])};
    g.hand = {0, 0};
  }
  const std::int32_t winner = g.s.scores.match_winner;
  const bool done = winner >= 0;
  if (done && b.reward == MUS_BATCH_REWARD_MATCH)
    reward = winner == 0 ? std::array<float, 2>{1.0F, -1.0F} : std::array<float, 2>{-1.0F, 1.0F};
  const bool truncated = !done && b.max_steps > 0 && g.steps >= b.max_steps;
  if (o.rewards != nullptr) {
    o.rewards[2 * i] = reward[0];
    o.rewards[2 * i + 1] = reward[1];
  }
  if (o.done != nullptr) o.done[i] = done ? 1 : 0;
  if (o.truncated != nullptr) o.truncated[i] = truncated ? 1 : 0;
  if (o.info != nullptr) o.info[i] = mus_batch_info{hand_over ? 1 : 0, gain.game_winner, winner};
  if (done || truncated)
    start_match(b, g);
  else
    g.mask = mus::legal_action_mask(g.s);
  if (g.s.to_act < 0) return MUS_E_INTERNAL;  // a new match always waits for a player
  write_decision(o, i, g);
  return MUS_OK;
}

// Runs the published phase on thread `t`'s games and reports in its slot (not yet `done`).
void run_phase(mus_batch& b, std::int32_t t) noexcept {
  Slot& me = b.slot[static_cast<std::size_t>(t)];
  const auto lo = static_cast<std::size_t>(me.lo);
  const auto hi = static_cast<std::size_t>(me.hi);
  switch (b.phase) {
    case Phase::construct:
      for (std::size_t i = lo; i < hi; ++i) ::new (static_cast<void*>(b.game + i)) Game{};
      break;
    case Phase::reset:
      me.status = MUS_OK;
      for (std::size_t i = lo; i < hi; ++i) {
        Game& g = b.game[i];
        g.base = mus::derive_seed(b.seed, stream_game, i);
        g.shuffles = 0;
        g.matches = 0;
        start_match(b, g);
        if (g.s.to_act < 0) me.status = MUS_E_INTERNAL;
        write_decision(b.out, i, g);
      }
      break;
    case Phase::check:
      me.bad_game = -1;
      for (std::size_t i = lo; i < hi; ++i) {
        const std::int32_t id = b.actions[i];
        const bool in_space = id >= 0 && id < mus::action_id_count;
        if (in_space && ((b.game[i].mask >> id) & 1U) != 0) continue;
        me.bad_game = static_cast<std::int32_t>(i);
        me.bad_code = in_space ? MUS_E_ILLEGAL_ACTION : MUS_E_INVALID_ARGUMENT;
        break;
      }
      break;
    case Phase::play:
      me.status = MUS_OK;
      for (std::size_t i = lo; i < hi; ++i)
        if (const std::int32_t e = step_game(b, i, b.actions[i]); e != MUS_OK) me.status = e;
      break;
    case Phase::stop:
      break;
  }
}

#if MUS_BATCH_THREADS
// A worker: waits for each phase, busily for a while then asleep, runs it, reports it.
void worker(mus_batch* b, std::int32_t t) noexcept {
  Slot& me = b->slot[static_cast<std::size_t>(t)];
  std::uint32_t seen = 0;
  Phase last = Phase::stop;
  for (;;) {
    // Inside a call (after a check) the next phase follows at once; between calls, for about
    // as long as the caller has been taking.
    const Clock::duration spin =
        last == Phase::check ? Clock::duration(phase_spin)
                             : Clock::duration(std::chrono::nanoseconds(
                                   b->idle_spin_ns.load(std::memory_order_relaxed)));
    if (!spin_until([&] { return b->go.load(std::memory_order_acquire) != seen; }, spin)) {
      b->sleepers.fetch_add(1, std::memory_order_seq_cst);
      while (b->go.load(std::memory_order_seq_cst) == seen)
        b->go.wait(seen, std::memory_order_seq_cst);
      b->sleepers.fetch_sub(1, std::memory_order_relaxed);
    }
    seen = b->go.load(std::memory_order_acquire);
    last = b->phase;
    if (last == Phase::stop) return;
    run_phase(*b, t);
    me.done.store(seen, std::memory_order_seq_cst);
    if (b->caller_asleep.load(std::memory_order_seq_cst)) me.done.notify_one();
  }
}
#endif

// Publishes `phase` and runs it on every thread, the calling thread on range 0; returns when
// every thread has reported it.
void run(mus_batch& b, Phase phase) noexcept {
  b.phase = phase;
#if MUS_BATCH_THREADS
  if (b.threads > 1) {
    const std::uint32_t n = b.go.load(std::memory_order_relaxed) + 1;
    b.go.store(n, std::memory_order_seq_cst);
    if (b.sleepers.load(std::memory_order_seq_cst) > 0) b.go.notify_all();
    const Clock::time_point start = Clock::now();
    run_phase(b, 0);
    const Clock::time_point mine = Clock::now();
    const Clock::time_point deadline = mine + join_spin(mine - start);
    for (std::int32_t t = 1; t < b.threads; ++t) {
      std::atomic<std::uint32_t>& done = b.slot[static_cast<std::size_t>(t)].done;
      const auto finished = [&] { return done.load(std::memory_order_acquire) == n; };
      if (spin_until(finished, deadline - Clock::now())) continue;
      b.caller_asleep.store(true, std::memory_order_seq_cst);
      for (std::uint32_t v = done.load(std::memory_order_seq_cst); v != n;
           v = done.load(std::memory_order_seq_cst))
        done.wait(v, std::memory_order_seq_cst);
      b.caller_asleep.store(false, std::memory_order_relaxed);
    }
    return;
  }
#endif
  run_phase(b, 0);
}

// Starts timing the caller: how long it took since the last call sets how long the workers
// wait busily for the next one: 1.5 times the smoothed time between calls plus 50 us, so that
// they are awake when the call comes; not at all when the caller takes more than
// max_caller_gap (a wake-up is then small beside its time, and spinning would take cores that
// the caller's own work may want).
void caller_arrives(mus_batch& b) noexcept {
#if MUS_BATCH_THREADS
  if (b.threads < 2) return;
  if (b.last_return != Clock::time_point{}) {
    const Clock::duration gap = Clock::now() - b.last_return;
    b.idle_spin = (b.idle_spin * 3 + gap) / 4;  // a smoothed gap
    const Clock::duration use = b.idle_spin <= Clock::duration(max_caller_gap)
                                    ? b.idle_spin + b.idle_spin / 2 + std::chrono::microseconds(50)
                                    : Clock::duration{};
    b.idle_spin_ns.store(std::chrono::duration_cast<std::chrono::nanoseconds>(use).count(),
                         std::memory_order_relaxed);
  }
#else
  (void)b;
#endif
}

void caller_leaves(mus_batch& b) noexcept {
  if (b.threads > 1) b.last_return = Clock::now();
}

std::int32_t status_of_threads(const mus_batch& b) noexcept {
  std::int32_t result = MUS_OK;
  for (std::int32_t t = 0; t < b.threads; ++t)
    if (b.slot[static_cast<std::size_t>(t)].status != MUS_OK)
      result = b.slot[static_cast<std::size_t>(t)].status;
  return result;
}

// Stops and joins the workers started so far.
void stop_workers(mus_batch& b) noexcept {
#if MUS_BATCH_THREADS
  b.phase = Phase::stop;
  b.go.fetch_add(1, std::memory_order_seq_cst);
  b.go.notify_all();
  for (std::int32_t t = 1; t < b.threads; ++t) {
    std::thread& w = b.slot[static_cast<std::size_t>(t)].thread;
    if (w.joinable()) w.join();
  }
#else
  (void)b;
#endif
}

struct GamesDeleter {
  void operator()(Game* g) const noexcept {
    ::operator delete(static_cast<void*>(g), std::align_val_t{alignof(Game)});
  }
};

// Releases a batch whose workers have stopped (or never started).
void destroy(mus_batch* b, bool constructed) noexcept {
  if (b->game != nullptr) {
    if (constructed)
      for (std::int32_t i = 0; i < b->games; ++i) b->game[i].~Game();
    GamesDeleter{}(b->game);
  }
  delete b;
}

}  // namespace

extern "C" {

int32_t mus_batch_config_default(int32_t games, mus_batch_config* out) {
  return capi::guard([&]() -> std::int32_t {
    if (out == nullptr) return bad(mus::Errc::invalid_argument, "out is NULL");
    if (games < 1 || games > MUS_BATCH_MAX_GAMES)
      return bad(mus::Errc::invalid_argument, "games outside 1..MUS_BATCH_MAX_GAMES");
    mus_batch_config c{};
    c.struct_size = sizeof(mus_batch_config);
    c.games = games;
    c.threads = 1;
    c.first_dealer = 0;
    c.reward = MUS_BATCH_REWARD_POINTS;
    c.max_steps = 0;
    *out = c;
    return MUS_OK;
  });
}

int32_t mus_batch_new(const mus_rules* rules, const mus_batch_config* config, int32_t* seat_out,
                      uint64_t* mask_out, float* rewards_out, uint8_t* done_out,
                      uint8_t* truncated_out, mus_batch_info* info_out, float* obs_out,
                      mus_batch** out) {
  return capi::guard([&]() -> std::int32_t {
    if (out == nullptr) return bad(mus::Errc::invalid_argument, "out is NULL");
    if (rules == nullptr) return bad(mus::Errc::invalid_argument, "rules is NULL");
    if (const std::int32_t e = check_config(config); e != MUS_OK) return e;
    const auto r = capi::rules_from_c(rules);
    if (!r) return capi::status(r.error());
    std::array<mus::State, 4> fresh{};
    for (std::size_t dealer = 0; dealer < 4; ++dealer) {
      const auto s = mus::new_match(*r, static_cast<int>(dealer));
      if (!s) return capi::status(s.error());
      fresh[dealer] = *s;
    }
    const std::int32_t chunks = (config->games + chunk_games - 1) / chunk_games;
    const std::int32_t threads = std::min(config->threads, chunks);
    auto* b = new (std::nothrow) mus_batch{};
    if (b == nullptr) return bad(mus::Errc::internal, "out of memory for the batch");
    b->fresh = fresh;
    b->games = config->games;
    b->threads = threads;
    b->first_dealer = config->first_dealer;
    b->reward = config->reward;
    b->max_steps = config->max_steps;
    b->out = Outputs{seat_out, mask_out, rewards_out, done_out, truncated_out, info_out, obs_out};
    b->slot.reset(new (std::nothrow) Slot[static_cast<std::size_t>(threads)]);
    // The games' memory, not touched here: each thread constructs its own range (first touch).
    b->game = static_cast<Game*>(::operator new(static_cast<std::size_t>(config->games) *
                                                    sizeof(Game),
                                                std::align_val_t{alignof(Game)}, std::nothrow));
    if (!b->slot || b->game == nullptr) {
      destroy(b, false);
      return bad(mus::Errc::internal, "out of memory for the batch's games");
    }
    for (std::int32_t t = 0; t < threads; ++t) {
      Slot& s = b->slot[static_cast<std::size_t>(t)];
      s.lo = std::min(config->games, chunks * t / threads * chunk_games);
      s.hi = std::min(config->games, chunks * (t + 1) / threads * chunk_games);
    }
#if MUS_BATCH_THREADS
    try {
      for (std::int32_t t = 1; t < threads; ++t)
        b->slot[static_cast<std::size_t>(t)].thread = std::thread(worker, b, t);
    } catch (...) {
      stop_workers(*b);
      destroy(b, false);
      return bad(mus::Errc::internal, "a worker thread could not be started");
    }
#endif
    run(*b, Phase::construct);
    *out = b;
    return MUS_OK;
  });
}

int32_t mus_batch_reset(mus_batch* batch, uint64_t seed) {
  return capi::guard([&]() -> std::int32_t {
    if (batch == nullptr) return bad(mus::Errc::invalid_argument, "batch is NULL");
    caller_arrives(*batch);
    batch->seed = seed;
    run(*batch, Phase::reset);
    batch->started = true;
    caller_leaves(*batch);
    return status_of_threads(*batch);
  });
}

int32_t mus_batch_step(mus_batch* batch, const int32_t* actions) {
  return capi::guard([&]() -> std::int32_t {
    if (batch == nullptr) return bad(mus::Errc::invalid_argument, "batch is NULL");
    if (actions == nullptr) return bad(mus::Errc::invalid_argument, "actions is NULL");
    if (!batch->started) return bad(mus::Errc::wrong_phase, "call mus_batch_reset() first");
    mus_batch& b = *batch;
    caller_arrives(b);
    b.actions = actions;
    run(b, Phase::check);
    // The lowest bad game: each thread found the first of its range, and the ranges are in order.
    for (std::int32_t t = 0; t < b.threads; ++t) {
      const Slot& s = b.slot[static_cast<std::size_t>(t)];
      if (s.bad_game < 0) continue;
      const std::int32_t id = actions[s.bad_game];
      char why[128];
      std::snprintf(why, sizeof why, "game %d: action id %d is %s", static_cast<int>(s.bad_game),
                    static_cast<int>(id),
                    s.bad_code == MUS_E_ILLEGAL_ACTION ? "not legal there (see its mask)"
                                                       : "outside 0..55");
      caller_leaves(b);
      return bad(s.bad_code == MUS_E_ILLEGAL_ACTION ? mus::Errc::illegal_action
                                                    : mus::Errc::invalid_argument,
                 why);
    }
    run(b, Phase::play);
    caller_leaves(b);
    return status_of_threads(b);
  });
}

int32_t mus_batch_state(const mus_batch* batch, int32_t game, mus_state* out) {
  return capi::guard([&]() -> std::int32_t {
    if (batch == nullptr) return bad(mus::Errc::invalid_argument, "batch is NULL");
    if (out == nullptr) return bad(mus::Errc::invalid_argument, "out is NULL");
    if (game < 0 || game >= batch->games)
      return bad(mus::Errc::invalid_argument, "game outside 0..games - 1");
    if (!batch->started) return bad(mus::Errc::wrong_phase, "call mus_batch_reset() first");
    capi::write_state(batch->game[game].s, out);
    return MUS_OK;
  });
}

void mus_batch_free(mus_batch* batch) {
  if (batch == nullptr) return;
  stop_workers(*batch);
  destroy(batch, true);
}

}  // extern "C"
