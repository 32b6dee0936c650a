// The C API of mus.h, batch part: mus_batch_*, many independent matches stepped by one call
// for learning. The batch lives in caller memory: a header (the rules, the configuration, the
// worker pool) then one Game per match. A step of a game is the reducer's apply_id_in_place(),
// then the shuffles due from the game's own stream, measured with step_gain.hpp (the one
// measure mus_step() reports too); the observation is mus::view_tensor(). Worker threads, kept
// for the batch's life, each step one contiguous part of the games: the games share nothing,
// so the arrays do not depend on how they are split.
#include <array>
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstring>
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

// The derive_seed() streams of a batch, documented at mus_batch_init().
constexpr std::uint64_t stream_game = 5;      // seed -> a game's base
constexpr std::uint64_t stream_shuffle = 1;   // base -> the j-th shuffle's seed
constexpr std::uint64_t stream_dealer = 2;    // base -> the m-th match's first dealer

constexpr std::uint64_t batch_magic = 0x4D55534241544348ULL;  // "MUSBATCH"
constexpr std::size_t header_align = 64;

// One match of the batch and its stream.
struct Game {
  mus::State s;                     // waits for a player (chance is always played)
  std::uint64_t base = 0;           // the stream's base
  std::uint64_t shuffles = 0;       // shuffles drawn so far
  std::uint64_t matches = 0;        // matches started so far
  std::uint64_t mask = 0;           // legal_action_mask(s)
  std::int32_t steps = 0;           // player steps in this match
  std::array<std::int32_t, 2> hand{};  // points gained so far in this hand
};

// What one call asks every thread to do, each on its part of the games.
struct Job {
  bool reset = false;
  std::uint64_t seed = 0;
  const std::int32_t* actions = nullptr;
  std::int32_t* seat = nullptr;
  std::uint64_t* mask = nullptr;
  float* rewards = nullptr;
  std::uint8_t* done = nullptr;
  std::uint8_t* truncated = nullptr;
  std::int32_t* info = nullptr;
  float* obs = nullptr;
};

struct alignas(header_align) Batch {
  std::uint64_t magic = 0;
  const Batch* self = nullptr;  // where it was made: a moved or copied batch is refused
  std::array<mus::State, 4> fresh{};  // a new match of the rules by first dealer, unshuffled
  std::int32_t games = 0;
  std::int32_t threads = 1;
  std::int32_t first_dealer = 0;
  std::int32_t reward = MUS_BATCH_REWARD_POINTS;
  std::int32_t max_steps = 0;
  bool started = false;
  Game* game = nullptr;
  Job job{};
  std::array<std::int32_t, MUS_BATCH_MAX_THREADS> status{};  // each thread's result
#if MUS_BATCH_THREADS
  alignas(header_align) std::atomic<std::uint32_t> go{0};   // a new job's generation
  alignas(header_align) std::atomic<std::int32_t> pending{0};  // workers still at the job
  bool stop = false;
  std::array<std::thread, MUS_BATCH_MAX_THREADS - 1> workers{};
#endif
};

std::int32_t bad(mus::Errc code, std::string_view why) noexcept {
  return capi::status(mus::Error{code, why, -1});
}

// The configuration checks of mus_batch_size() and mus_batch_init().
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
  return MUS_OK;
}

constexpr std::size_t bytes_for(std::int32_t games) noexcept {
  // Room to align the header, the header, then the games.
  return header_align + sizeof(Batch) + static_cast<std::size_t>(games) * sizeof(Game);
}

Batch* header_at(void* mem) noexcept {
  std::size_t space = header_align + sizeof(Batch);
  void* p = mem;
  return static_cast<Batch*>(std::align(header_align, sizeof(Batch), p, space));
}

// The batch in `mem`, or null when `mem` holds none (never made, closed, moved or copied).
Batch* batch_in(const std::uint64_t* mem) noexcept {
  if (mem == nullptr) return nullptr;
  Batch* b = header_at(const_cast<std::uint64_t*>(mem));
  if (b == nullptr || b->magic != batch_magic || b->self != b) return nullptr;
  return b;
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
void start_match(const Batch& b, Game& g) noexcept {
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
void write_decision(const Job& j, std::size_t i, const Game& g) noexcept {
  if (j.seat != nullptr) j.seat[i] = g.s.to_act;
  if (j.mask != nullptr) j.mask[i] = g.mask;
  if (j.obs != nullptr)
    mus::view_tensor(g.s, g.s.to_act,
                     std::span<float, tensor_size>(j.obs + i * tensor_size, tensor_size));
}

// One step of game `i` (the action already checked legal); MUS_OK or MUS_E_INTERNAL.
std::int32_t step_game(const Batch& b, const Job& j, std::size_t i) noexcept {
  Game& g = b.game[i];
  const capi::StepMark before = capi::step_mark(g.s);
  if (mus::apply_id_in_place(g.s, j.actions[i], 0) != mus::Errc::ok) return MUS_E_INTERNAL;
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
  if (j.rewards != nullptr) {
    j.rewards[2 * i] = reward[0];
    j.rewards[2 * i + 1] = reward[1];
  }
  if (j.done != nullptr) j.done[i] = done ? 1 : 0;
  if (j.truncated != nullptr) j.truncated[i] = truncated ? 1 : 0;
  if (j.info != nullptr) {
    std::int32_t* info = j.info + MUS_BATCH_INFO_SIZE * i;
    info[0] = hand_over ? 1 : 0;
    info[1] = gain.game_winner;
    info[2] = winner;
  }
  if (done || truncated)
    start_match(b, g);
  else
    g.mask = mus::legal_action_mask(g.s);
  if (g.s.to_act < 0) return MUS_E_INTERNAL;  // a new match always waits for a player
  write_decision(j, i, g);
  return MUS_OK;
}

// Runs the batch's job on part `part` of the games.
std::int32_t run_part(Batch& b, std::int32_t part) noexcept {
  const auto n = static_cast<std::int64_t>(b.games);
  const auto lo = static_cast<std::size_t>(n * part / b.threads);
  const auto hi = static_cast<std::size_t>(n * (part + 1) / b.threads);
  const Job& j = b.job;
  std::int32_t result = MUS_OK;
  for (std::size_t i = lo; i < hi; ++i) {
    if (j.reset) {
      Game& g = b.game[i];
      g.base = mus::derive_seed(j.seed, stream_game, i);
      g.shuffles = 0;
      g.matches = 0;
      start_match(b, g);
      if (g.s.to_act < 0) result = MUS_E_INTERNAL;
      write_decision(j, i, g);
    } else if (const std::int32_t e = step_game(b, j, i); e != MUS_OK) {
      result = e;
    }
  }
  return result;
}

#if MUS_BATCH_THREADS
// Waits until `a` no longer holds `old`: a bounded spin first (a step of a few hundred games
// takes tens of microseconds, about what a sleeping thread takes to wake up), then sleeps.
template <class T>
void await_change(const std::atomic<T>& a, T old) noexcept {
  for (int i = 0; i < 2000; ++i) {
    if (a.load(std::memory_order_acquire) != old) return;
#if defined(__SSE2__)
    _mm_pause();
#endif
  }
  a.wait(old, std::memory_order_acquire);
}

void worker(Batch* b, std::int32_t part) noexcept {
  std::uint32_t seen = 0;
  for (;;) {
    await_change(b->go, seen);
    seen = b->go.load(std::memory_order_acquire);
    if (b->stop) return;
    b->status[static_cast<std::size_t>(part)] = run_part(*b, part);
    if (b->pending.fetch_sub(1, std::memory_order_acq_rel) == 1) b->pending.notify_one();
  }
}
#endif

// Runs b.job on every part, on the workers and the calling thread.
std::int32_t run(Batch& b) noexcept {
#if MUS_BATCH_THREADS
  if (b.threads > 1) {
    b.pending.store(b.threads - 1, std::memory_order_relaxed);
    b.go.fetch_add(1, std::memory_order_release);
    b.go.notify_all();
  }
#endif
  std::int32_t result = run_part(b, 0);
#if MUS_BATCH_THREADS
  if (b.threads > 1) {
    for (std::int32_t left = b.pending.load(std::memory_order_acquire); left != 0;
         left = b.pending.load(std::memory_order_acquire))
      await_change(b.pending, left);
    for (std::int32_t t = 1; t < b.threads; ++t)
      if (b.status[static_cast<std::size_t>(t)] != MUS_OK)
        result = b.status[static_cast<std::size_t>(t)];
  }
#endif
  return result;
}

#if MUS_BATCH_THREADS
// Stops and joins the workers started so far.
void stop_workers(Batch& b) noexcept {
  b.stop = true;
  b.go.fetch_add(1, std::memory_order_release);
  b.go.notify_all();
  for (std::thread& t : b.workers)
    if (t.joinable()) t.join();
}
#endif

std::int32_t check_obs(const Batch& b, const float* obs, std::size_t cap) noexcept {
  if (obs == nullptr) return MUS_OK;
  if (cap / tensor_size < static_cast<std::size_t>(b.games))
    return bad(mus::Errc::buffer_too_small, "obs_cap is below games * MUS_VIEW_TENSOR_SIZE");
  return MUS_OK;
}

constexpr std::string_view no_batch = "mem holds no batch (never made with mus_batch_init, or closed)";

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

int32_t mus_batch_size(const mus_batch_config* config, size_t* size_out) {
  return capi::guard([&]() -> std::int32_t {
    if (const std::int32_t e = check_config(config); e != MUS_OK) return e;
    if (size_out == nullptr) return bad(mus::Errc::invalid_argument, "size_out is NULL");
    *size_out = bytes_for(config->games);
    return MUS_OK;
  });
}

int32_t mus_batch_init(uint64_t* mem, size_t size, const mus_rules* rules,
                       const mus_batch_config* config) {
  return capi::guard([&]() -> std::int32_t {
    if (mem == nullptr) return bad(mus::Errc::invalid_argument, "mem is NULL");
    if (const std::int32_t e = check_config(config); e != MUS_OK) return e;
    if (size < bytes_for(config->games))
      return bad(mus::Errc::invalid_argument, "size is below mus_batch_size()");
    if (batch_in(mem) != nullptr)
      return bad(mus::Errc::invalid_argument, "mem already holds a batch: close it first");
#if !MUS_BATCH_THREADS
    if (config->threads > 1)
      return bad(mus::Errc::invalid_argument, "this build of libmus has no threads: threads is 1");
#endif
    const auto r = capi::rules_from_c(rules);
    if (!r) return capi::status(r.error());
    std::array<mus::State, 4> fresh{};
    for (std::size_t dealer = 0; dealer < 4; ++dealer) {
      const auto s = mus::new_match(*r, static_cast<int>(dealer));
      if (!s) return capi::status(s.error());
      fresh[dealer] = *s;
    }
    Batch* b = ::new (static_cast<void*>(header_at(mem))) Batch{};
    b->fresh = fresh;
    b->games = config->games;
    b->threads = config->threads;
    b->first_dealer = config->first_dealer;
    b->reward = config->reward;
    b->max_steps = config->max_steps;
    auto* games = reinterpret_cast<unsigned char*>(b) + sizeof(Batch);
    static_assert(sizeof(Batch) % alignof(Game) == 0);
    b->game = ::new (static_cast<void*>(games)) Game[static_cast<std::size_t>(config->games)];
#if MUS_BATCH_THREADS
    try {
      for (std::int32_t t = 1; t < b->threads; ++t)
        b->workers[static_cast<std::size_t>(t - 1)] = std::thread(worker, b, t);
    } catch (...) {
      stop_workers(*b);
      b->~Batch();
      return bad(mus::Errc::internal, "a worker thread could not be started");
    }
#endif
    b->self = b;
    b->magic = batch_magic;
    return MUS_OK;
  });
}

int32_t mus_batch_reset(uint64_t* mem, uint64_t seed, int32_t* seat_out, uint64_t* mask_out,
                        float* obs_out, size_t obs_cap) {
  return capi::guard([&]() -> std::int32_t {
    Batch* b = batch_in(mem);
    if (b == nullptr) return bad(mus::Errc::invalid_argument, no_batch);
    if (const std::int32_t e = check_obs(*b, obs_out, obs_cap); e != MUS_OK) return e;
    Job j{};
    j.reset = true;
    j.seed = seed;
    j.seat = seat_out;
    j.mask = mask_out;
    j.obs = obs_out;
    b->job = j;
    b->started = true;
    return run(*b);
  });
}

int32_t mus_batch_step(uint64_t* mem, const int32_t* actions, int32_t* seat_out,
                       uint64_t* mask_out, float* rewards_out, uint8_t* done_out,
                       uint8_t* truncated_out, int32_t* info_out, float* obs_out,
                       size_t obs_cap) {
  return capi::guard([&]() -> std::int32_t {
    Batch* b = batch_in(mem);
    if (b == nullptr) return bad(mus::Errc::invalid_argument, no_batch);
    if (actions == nullptr) return bad(mus::Errc::invalid_argument, "actions is NULL");
    if (!b->started) return bad(mus::Errc::wrong_phase, "call mus_batch_reset() first");
    if (const std::int32_t e = check_obs(*b, obs_out, obs_cap); e != MUS_OK) return e;
    for (std::int32_t i = 0; i < b->games; ++i) {
      const std::int32_t id = actions[i];
      const bool in_space = id >= 0 && id < mus::action_id_count;
      if (in_space && ((b->game[i].mask >> id) & 1U) != 0) continue;
      char why[128];
      std::snprintf(why, sizeof why, "game %d: action id %d is %s", static_cast<int>(i),
                    static_cast<int>(id),
                    in_space ? "not legal there (see its mask)" : "outside 0..55");
      return bad(in_space ? mus::Errc::illegal_action : mus::Errc::invalid_argument, why);
    }
    Job j{};
    j.actions = actions;
    j.seat = seat_out;
    j.mask = mask_out;
    j.rewards = rewards_out;
    j.done = done_out;
    j.truncated = truncated_out;
    j.info = info_out;
    j.obs = obs_out;
    b->job = j;
    return run(*b);
  });
}

int32_t mus_batch_state(const uint64_t* mem, int32_t game, mus_state* out) {
  return capi::guard([&]() -> std::int32_t {
    const Batch* b = batch_in(mem);
    if (b == nullptr) return bad(mus::Errc::invalid_argument, no_batch);
    if (out == nullptr) return bad(mus::Errc::invalid_argument, "out is NULL");
    if (game < 0 || game >= b->games)
      return bad(mus::Errc::invalid_argument, "game outside 0..games - 1");
    if (!b->started) return bad(mus::Errc::wrong_phase, "call mus_batch_reset() first");
    capi::write_state(b->game[game].s, out);
    return MUS_OK;
  });
}

int32_t mus_batch_close(uint64_t* mem) {
  return capi::guard([&]() -> std::int32_t {
    Batch* b = batch_in(mem);
    if (b == nullptr) return bad(mus::Errc::invalid_argument, no_batch);
#if MUS_BATCH_THREADS
    stop_workers(*b);
#endif
    b->magic = 0;
    b->self = nullptr;
    b->~Batch();
    return MUS_OK;
  });
}

}  // extern "C"
