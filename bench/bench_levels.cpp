// The cost of each level's decisions (mus/bots.hpp, mus::levels): the CPU time of every
// decision a level makes in seeded matches against the heuristic and the opponent pool, as
// p50, p90, p99 and the longest, per level. It checks the cost goal of the expert level: at
// most 20 ms of CPU per decision at the 99th percentile (exit status 1 when missed), and
// reports whether its longest decision stays within the same 20 ms (a single decision is
// noisier than a percentile: it does not change the exit status).
//
//   mus_bench_levels [--matches N] [--level ID] [--seed N]
//
// Each level plays N matches (default 12), seats 0 and 2, against heuristic, tight, loose,
// station, ordago and careful in turn (seats 1 and 3). The time is the deciding thread's CPU
// time (CLOCK_THREAD_CPUTIME_ID), what a decision costs on one core however busy the machine
// is; the load average is printed with the figures. A benchmark, not a test: ctest does not
// run it.
#include <time.h>

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>
#include <vector>

#include "mus/mus.hpp"

namespace {

double thread_cpu_ms() {
  timespec ts{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return static_cast<double>(ts.tv_sec) * 1e3 + static_cast<double>(ts.tv_nsec) * 1e-6;
}

// The cost goal of the expert level, in ms of CPU per decision at the 99th percentile.
constexpr double expert_p99_goal_ms = 20.0;

constexpr std::array<mus::BotKind, 6> opponents{mus::BotKind::heuristic, mus::BotKind::tight,
                                                mus::BotKind::loose,     mus::BotKind::station,
                                                mus::BotKind::ordago,    mus::BotKind::careful};

struct Times {
  std::vector<double> all;      // every decision of the level, ms
  std::vector<double> betting;  // its decisions in the betting phase, ms
};

// Plays `matches` matches of the level against the opponents in turn, timing its decisions.
Times measure(mus::Level level, int matches, std::uint64_t seed) {
  Times t;
  const mus::BotConfig mine = mus::level_config(level);
  for (int m = 0; m < matches; ++m) {
    const mus::BotConfig theirs{opponents[static_cast<std::size_t>(m) % opponents.size()], 0, 0};
    const std::uint64_t base = mus::derive_seed(seed, 41, static_cast<std::uint64_t>(m));
    mus::State s = *mus::new_match(mus::standard_rules(), m % mus::seats);
    std::uint64_t n = 0;
    while (s.phase != mus::Phase::match_over) {
      const std::uint64_t r = mus::derive_seed(base, 1, n++);
      if (s.phase == mus::Phase::shuffle) {
        (void)mus::apply_in_place(s, mus::Action::shuffle_seed(r));
        continue;
      }
      const bool own = mus::team_of(s.to_act) == 0;
      const bool betting = s.phase == mus::Phase::betting;
      const double t0 = thread_cpu_ms();
      const auto a = mus::bot_choose(s, s.to_act, own ? mine : theirs, r);
      const double took = thread_cpu_ms() - t0;
      if (!a) {
        std::fprintf(stderr, "mus_bench_levels: %s\n", a.error().describe().c_str());
        std::exit(2);
      }
      if (own) {
        t.all.push_back(took);
        if (betting) t.betting.push_back(took);
      }
      if (mus::apply_in_place(s, *a) != mus::Errc::ok) {
        std::fprintf(stderr, "mus_bench_levels: a bot chose an illegal action\n");
        std::exit(2);
      }
    }
  }
  return t;
}

double quantile(std::vector<double> v, double q) {
  if (v.empty()) return 0;
  std::sort(v.begin(), v.end());
  const auto i = static_cast<std::size_t>(q * static_cast<double>(v.size() - 1) + 0.5);
  return v[std::min(i, v.size() - 1)];
}

double mean(const std::vector<double>& v) {
  double s = 0;
  for (const double x : v) s += x;
  return v.empty() ? 0 : s / static_cast<double>(v.size());
}

void row(std::string_view name, std::string_view which, const std::vector<double>& v) {
  std::printf("| %s | %s | %zu | %.3f | %.3f | %.3f | %.3f | %.3f |\n", std::string(name).c_str(),
              std::string(which).c_str(), v.size(), mean(v), quantile(v, 0.5), quantile(v, 0.9),
              quantile(v, 0.99), v.empty() ? 0.0 : *std::max_element(v.begin(), v.end()));
}

void print_load(const char* when) {
  double load[3] = {0, 0, 0};
  if (getloadavg(load, 3) == 3)
    std::printf("load average %s: %.2f %.2f %.2f\n", when, load[0], load[1], load[2]);
}

}  // namespace

int main(int argc, char** argv) {
  int matches = 12;
  std::uint64_t seed = 1;
  std::string only;
  for (int i = 1; i < argc; ++i) {
    const std::string_view a = argv[i];
    if ((a == "--matches" || a == "--level" || a == "--seed") && i + 1 < argc) {
      const char* value = argv[++i];
      if (a == "--matches") matches = std::max(1, std::atoi(value));
      if (a == "--seed") seed = std::strtoull(value, nullptr, 10);
      if (a == "--level") only = value;
    } else {
      std::fprintf(stderr, "usage: mus_bench_levels [--matches N] [--level ID] [--seed N]\n");
      return 2;
    }
  }
  if (!only.empty() && !mus::parse_level(only)) {
    std::fprintf(stderr, "mus_bench_levels: unknown level '%s'\n", only.c_str());
    return 2;
  }
  print_load("before");
  std::printf("CPU ms per decision, %d matches per level against heuristic, tight, loose, "
              "station, ordago and careful in turn (seed %llu):\n\n",
              matches, static_cast<unsigned long long>(seed));
  std::printf("| level | decisions | n | mean | p50 | p90 | p99 | max |\n");
  std::printf("|---|---|---|---|---|---|---|---|\n");
  bool met = true;
  bool longest_met = true;
  for (const mus::Level l : mus::levels) {
    if (!only.empty() && *mus::parse_level(only) != l) continue;
    const Times t = measure(l, matches, seed);
    row(mus::level_id(l), "all", t.all);
    row(mus::level_id(l), "betting", t.betting);
    if (l == mus::Level::expert) {
      met = quantile(t.all, 0.99) <= expert_p99_goal_ms;
      longest_met =
          t.all.empty() || *std::max_element(t.all.begin(), t.all.end()) <= expert_p99_goal_ms;
    }
  }
  print_load("after");
  std::printf("goal: the expert's p99 at most %.0f ms of CPU per decision: %s\n",
              expert_p99_goal_ms, met ? "met" : "MISSED");
  std::printf("the expert's longest decision at most %.0f ms of CPU: %s\n", expert_p99_goal_ms,
              longest_met ? "yes" : "no");
  return met ? 0 : 1;
}
