// Many independent matches at once: each thread plays its own seeded random matches, through
// the C API and through the C++ API, with its own states, and every result must equal the same
// matches played on one thread, and the two APIs must agree. The library promises that states
// are plain values and nothing is shared, so this passes only if no function keeps mutable
// global state; scripts/test.sh builds and runs it under ThreadSanitizer (build-tsan/), and
// ctest runs it in the other builds.
//
//   mus_thread_tests [threads [hands_per_thread]]     default: 8 threads x 200 hands
//
// A thread plays hands until it has dealt `hands_per_thread`, starting a new match when one
// ends, choosing uniformly among the concrete legal actions with its own seeded generator. The
// result of a run is a digest
// (FNV-1a) of every state reached, byte for byte, plus counts. Along the way each thread also
// reads views, counts, bet limits and rules, formats and parses hands and rules, and (when the
// C API has the text forms) formats and parses every state, so that all of them run
// concurrently too. First of all, the threads race to draw the C API's stamp key
// (stamp_key_is_shared()).
#include <array>
#include <bit>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <latch>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

#include "mus/match.hpp"
#include "mus/mus.h"
#include "mus/rules.hpp"

namespace {

constexpr std::array<const char*, 4> rule_sets{
    "standard",
    "basque",
    "online",
    "standard tio_perete=1 zero_discard=1 min_raise=1 royal31=jack777 target=15",
};

struct Outcome {
  std::uint64_t digest = 0xCBF29CE484222325ULL;  // FNV-1a offset basis
  std::uint64_t steps = 0;
  std::uint64_t hands = 0;
  std::uint64_t matches = 0;
  std::uint64_t errors = 0;  // API calls that failed where they must not

  void mix(const void* data, std::size_t n) {
    const auto* p = static_cast<const unsigned char*>(data);
    for (std::size_t i = 0; i < n; ++i) {
      digest ^= p[i];
      digest *= 0x100000001B3ULL;
    }
  }
  friend bool operator==(const Outcome&, const Outcome&) = default;
};

// SplitMix64: each thread's own generator.
struct Rng {
  std::uint64_t state;
  std::uint64_t next() {
    state += 0x9E3779B97F4A7C15ULL;
    std::uint64_t z = state;
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
  }
  std::uint32_t below(std::uint32_t n) { return static_cast<std::uint32_t>(next() % n); }
};

// The choices both APIs make the same way from the same generator: which listed action (the
// list is concrete: nothing to complete), and a seed for chance.
struct Choice {
  std::size_t index;
  std::uint64_t seed;
};

Choice choose(Rng& rng, std::size_t n) {
  Choice c{};
  c.index = rng.below(static_cast<std::uint32_t>(n));
  c.seed = rng.next();
  return c;
}

// ---- Through the C API ---------------------------------------------------------------------

Outcome play_c(std::uint64_t seed, std::uint64_t hands) {
  Outcome out;
  Rng rng{seed};
  mus_rules rules;
  if (mus_rules_parse(&rules, rule_sets[seed % rule_sets.size()]) != MUS_OK) ++out.errors;
  char text[128];
  std::size_t len = 0;
  if (mus_rules_format(&rules, text, sizeof text, &len) != MUS_OK) ++out.errors;
  out.mix(text, len);

  mus_state s;
  if (mus_state_new(&rules, static_cast<std::int32_t>(seed % 4), &s) != MUS_OK)
    return ++out.errors, out;
  std::uint64_t finished_hands = 0;
  for (;;) {
    mus_view view{};
    view.struct_size = sizeof view;
    if (mus_state_view(&s, static_cast<std::int32_t>(out.steps % 4), &view) != MUS_OK) ++out.errors;
    out.hands = finished_hands + static_cast<std::uint64_t>(view.hand_number);
    mus_action legal[MUS_MAX_LEGAL_ACTIONS];
    std::size_t n = 0;
    if (mus_legal_actions(&s, legal, MUS_MAX_LEGAL_ACTIONS, &n) != MUS_OK) return ++out.errors, out;
    if (n == 0) {  // the match is over: another one
      ++out.matches;
      finished_hands = out.hands;
      if (mus_state_new(&rules, static_cast<std::int32_t>(rng.below(4)), &s) != MUS_OK)
        return ++out.errors, out;
      continue;
    }
    if (out.hands >= hands && view.phase == MUS_PHASE_SHUFFLE) break;
    std::int32_t lo = 0;
    std::int32_t hi = 0;
    if (mus_bet_limits(&s, &lo, &hi) != MUS_OK) ++out.errors;
    const Choice c = choose(rng, n);
    mus_action a = legal[c.index];
    // The list holds concrete actions (every bet amount and discard of the action-id space):
    // apply the one chosen as it is, with a seed for a shuffle.
    if (a.kind == MUS_ACTION_SHUFFLE) a.seed = c.seed;
    mus_event events[MUS_MAX_EVENTS];
    std::size_t nev = 0;
    if (mus_apply_events(&s, &a, &s, events, MUS_MAX_EVENTS, &nev) != MUS_OK)
      return ++out.errors, out;
    ++out.steps;
    out.mix(s.opaque, sizeof(mus::State));

    // Everything else that reads a state, for the race detector's sake.
    mus_count count{};
    count.struct_size = sizeof count;
    if (mus_state_last_count(&s, &count) != MUS_OK) ++out.errors;
    std::uint8_t hand[4];
    if (mus_state_hand(&s, static_cast<std::int32_t>(out.steps % 4), hand) != MUS_OK) ++out.errors;
    if (hand[0] != 255 && hand[1] != 255 && hand[2] != 255 && hand[3] != 255) {
      char ht[12];
      std::uint8_t back[4];
      std::int32_t value = 0;
      if (mus_hand_format(hand, ht, sizeof ht, nullptr) != MUS_OK ||
          mus_hand_parse(ht, back) != MUS_OK || std::memcmp(back, hand, 4) != 0 ||
          mus_hand_value(&rules, hand, &value) != MUS_OK)
        ++out.errors;
    }
    // mus_last_error() is per thread: a failure here, then everything the other threads do
    // meanwhile, and this thread still reads its own reason (threads fail in two ways).
    if (out.steps % 8 == 0) {
      const bool odd = seed % 2 != 0;
      std::uint8_t h[4];
      mus_state unused;
      const std::int32_t e = odd ? mus_state_new(&rules, 9, &unused) : mus_hand_parse("Ko 3c Qe", h);
      std::this_thread::yield();
      const std::string_view want =
          odd ? "first dealer must be a seat 0..3" : "expected four cards at position 8";
      if (e == MUS_OK || mus_last_error() != want) ++out.errors;
    }
#if defined(MUS_STATE_TEXT_MAX)
    char st[MUS_STATE_TEXT_MAX + 1];
    mus_state parsed;
    if (mus_state_format(&s, st, sizeof st, nullptr) != MUS_OK ||
        mus_state_parse(st, &parsed, nullptr) != MUS_OK || std::memcmp(&parsed, &s, sizeof s) != 0)
      ++out.errors;
#endif
  }
  return out;
}

// ---- Through the C++ API -------------------------------------------------------------------

Outcome play_cpp(std::uint64_t seed, std::uint64_t hands) {
  Outcome out;
  Rng rng{seed};
  const auto rules = mus::parse_rules(rule_sets[seed % rule_sets.size()]);
  if (!rules) return ++out.errors, out;
  const std::string text = mus::format_rules(*rules);
  out.mix(text.data(), text.size());

  auto fresh = mus::new_match(*rules, static_cast<int>(seed % 4));
  if (!fresh) return ++out.errors, out;
  mus::State s = *fresh;
  std::uint64_t finished_hands = 0;
  for (;;) {
    const mus::SeatView view = mus::view_of(s, static_cast<int>(out.steps % 4));
    out.hands = finished_hands + view.hand_number;
    const mus::ActionList list = mus::legal_actions(s);
    if (list.size == 0) {
      ++out.matches;
      finished_hands = out.hands;
      fresh = mus::new_match(*rules, static_cast<int>(rng.below(4)));
      if (!fresh) return ++out.errors, out;
      s = *fresh;
      continue;
    }
    if (out.hands >= hands && s.phase == mus::Phase::shuffle) break;
    const Choice c = choose(rng, list.size);
    mus::Action a = list.items[c.index];
    if (a.kind == mus::ActionKind::shuffle) a.seed = c.seed;
    mus::Events events;
    if (mus::apply_in_place(s, a, &events) != mus::Errc::ok) return ++out.errors, out;
    ++out.steps;
    out.mix(&s, sizeof s);
    if (mus::validate_state(s) != mus::Errc::ok) ++out.errors;
  }
  return out;
}

// Runs body(t) for t = 0..threads-1, each on its own thread, all released at once by a latch so
// that they really overlap; returns when all have finished.
template <class Body>
void run_together(unsigned threads, Body&& body) {
  std::latch start(static_cast<std::ptrdiff_t>(threads));
  std::vector<std::thread> pool;
  pool.reserve(threads);
  for (unsigned t = 0; t < threads; ++t)
    pool.emplace_back([&, t] {
      start.arrive_and_wait();
      body(t);
    });
  for (std::thread& th : pool) th.join();
}

// The C API's state stamp (capi/state_stamp.hpp) uses one key per process, drawn on first use.
// All threads start at once and their first calls race to draw it: each writes the same short
// seeded game, and every thread must end with the same 512 bytes (so they all used one key),
// each accepted by mus_state_validate() on another thread. Run before anything else in main()
// so that no earlier call has drawn the key already.
bool stamp_key_is_shared(unsigned threads) {
  std::vector<std::array<mus_state, 8>> states(threads);
  std::vector<int> errors(threads, 0);
  run_together(threads, [&](unsigned t) {
    mus_rules rules;
    if (mus_rules_preset(&rules, "standard") != MUS_OK) ++errors[t];
    mus_state s;
    if (mus_state_new(&rules, 0, &s) != MUS_OK) ++errors[t];
    for (std::size_t i = 0; i < states[t].size(); ++i) {
      states[t][i] = s;
      mus_action legal[MUS_MAX_LEGAL_ACTIONS];
      std::size_t n = 0;
      if (mus_legal_actions(&s, legal, MUS_MAX_LEGAL_ACTIONS, &n) != MUS_OK || n == 0) {
        ++errors[t];
        break;
      }
      mus_action a = legal[0];
      if (a.kind == MUS_ACTION_SHUFFLE) a.seed = 1234;
      if (mus_apply(&s, &a, &s) != MUS_OK) ++errors[t];
    }
  });
  // Each thread checks another thread's states, all at once again.
  std::vector<int> refused(threads, 0);
  std::vector<std::thread> checkers;
  for (unsigned t = 0; t < threads; ++t) {
    checkers.emplace_back([&, t] {
      for (const mus_state& x : states[(t + 1) % threads])
        if (mus_state_validate(&x) != MUS_OK) ++refused[t];
    });
  }
  for (std::thread& th : checkers) th.join();
  bool ok = true;
  for (unsigned t = 0; t < threads; ++t) {
    const bool same =
        std::memcmp(states[t].data(), states[0].data(), sizeof(mus_state) * states[t].size()) == 0;
    if (errors[t] != 0 || refused[t] != 0 || !same) {
      std::printf("thread %u: %d errors, %d states refused, %s bytes as thread 0\n", t, errors[t],
                  refused[t], same ? "the same" : "NOT the same");
      ok = false;
    }
  }
  return ok;
}

void print(const char* what, unsigned thread, const Outcome& o) {
  std::printf("  %s thread %u: digest %016llx, %llu steps, %llu hands, %llu matches, %llu errors\n",
              what, thread, static_cast<unsigned long long>(o.digest),
              static_cast<unsigned long long>(o.steps), static_cast<unsigned long long>(o.hands),
              static_cast<unsigned long long>(o.matches),
              static_cast<unsigned long long>(o.errors));
}

}  // namespace

int main(int argc, char** argv) {
  const unsigned threads = argc > 1 ? static_cast<unsigned>(std::strtoul(argv[1], nullptr, 10)) : 8;
  const std::uint64_t hands = argc > 2 ? std::strtoull(argv[2], nullptr, 10) : 200;
  if (threads == 0 || hands == 0) {
    std::fprintf(stderr, "usage: %s [threads [hands_per_thread]]\n", argv[0]);
    return 2;
  }
  const auto seed_of = [](unsigned t) { return 0x7E57ULL * 1000 + t; };

  if (!stamp_key_is_shared(threads)) {
    std::printf("the C API's state stamps differ between threads\n");
    return 1;
  }

  // The reference: every thread's matches played one after the other on this thread.
  std::vector<Outcome> ref_c(threads);
  std::vector<Outcome> ref_cpp(threads);
  for (unsigned t = 0; t < threads; ++t) {
    ref_c[t] = play_c(seed_of(t), hands);
    ref_cpp[t] = play_cpp(seed_of(t), hands);
  }

  // The same matches, all at once; half the threads start with the C API, half with the C++ one.
  std::vector<Outcome> got_c(threads);
  std::vector<Outcome> got_cpp(threads);
  run_together(threads, [&](unsigned t) {
    if (t % 2 == 0) {
      got_c[t] = play_c(seed_of(t), hands);
      got_cpp[t] = play_cpp(seed_of(t), hands);
    } else {
      got_cpp[t] = play_cpp(seed_of(t), hands);
      got_c[t] = play_c(seed_of(t), hands);
    }
  });

  int failures = 0;
  std::uint64_t steps = 0;
  for (unsigned t = 0; t < threads; ++t) {
    const bool ok = got_c[t] == ref_c[t] && got_cpp[t] == ref_cpp[t] && ref_c[t].errors == 0 &&
                    ref_cpp[t].errors == 0 && ref_c[t].digest == ref_cpp[t].digest &&
                    ref_c[t].steps == ref_cpp[t].steps && ref_c[t].hands >= hands;
    steps += got_c[t].steps + got_cpp[t].steps;
    if (!ok) {
      ++failures;
      std::printf("thread %u differs:\n", t);
      print("C   reference ", t, ref_c[t]);
      print("C   concurrent", t, got_c[t]);
      print("C++ reference ", t, ref_cpp[t]);
      print("C++ concurrent", t, got_cpp[t]);
    }
  }
  std::printf("%u threads x %llu hands, C and C++ APIs, %llu concurrent steps: %s\n", threads,
              static_cast<unsigned long long>(hands), static_cast<unsigned long long>(steps),
              failures == 0 ? "every result equals the single-threaded one" : "MISMATCH");
  return failures == 0 ? 0 : 1;
}
