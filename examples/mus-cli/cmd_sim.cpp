// `mus-cli sim`: many bot matches, on threads. Each match is independent: its own state, its
// own bots, a seed derived from its index, so the results do not depend on the thread count.
#include <unistd.h>

#include <array>
#include <atomic>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <iostream>
#include <memory>
#include <thread>
#include <vector>

#include "bots.hpp"
#include "cli.hpp"
#include "rng.hpp"
#include "table.hpp"
#include "text.hpp"

namespace muscli {

namespace {

constexpr std::string_view sim_help =
    R"(usage: mus-cli sim [--matches N] [--team0 KIND] [--team1 KIND] [--seed N]
                   [--threads T] [--rules RULES]

Plays N matches of bots against bots and prints each team's win rate with its 95%
confidence interval (Wilson score interval), the hands played per second, and the average
points each team scored per hand in each lance (the count and the dejes).

options:
  --matches N    matches to play (default 1000)
  --team0 KIND   bots of seats 0 and 2: heuristic (default) or random
  --team1 KIND   bots of seats 1 and 3: heuristic or random (default random)
  --seed N       base seed (default 1); match i uses a seed derived from it and i, so the
                 results are the same for any --threads
  --threads T    threads (default: the hardware concurrency)
  --rules RULES  standard (default), spain, basque, online, or parse_rules text

A progress line is shown while it runs when standard output is a terminal.
)";

struct MatchResult {
  int winner = -1;
  long hands = 0;
  std::array<long, 2> games{};
  std::array<std::array<long, 6>, 2> points{};  // grande, chica, pares, juego, punto, tío Perete
  std::string error;
};

class Stats final : public Observer {
 public:
  explicit Stats(MatchResult& r) : r_(r) {}
  void on_step(const mus::State& before, const mus::Action& action, const mus::Events& events,
               const mus::State& after) override {
    (void)before;
    (void)action;
    (void)after;
    for (std::size_t i = 0; i < events.size; ++i) {
      const mus::Event& e = events.items[i];
      const auto t = static_cast<std::size_t>(e.team < 0 ? 0 : e.team);
      switch (e.kind) {
        case mus::EventKind::count:
        case mus::EventKind::deje:
          r_.points[t][static_cast<std::size_t>(e.lance)] += e.amount;
          break;
        case mus::EventKind::perete: r_.points[t][5] += e.amount; break;
        case mus::EventKind::game: ++r_.games[t]; break;
        default: break;
      }
    }
  }

 private:
  MatchResult& r_;
};

MatchResult play_match(const mus::Rules& rules, std::uint64_t seed, const std::string (&kinds)[2]) {
  MatchResult r;
  const int dealer = static_cast<int>(derive_seed(seed, Stream::dealer, 0) % mus::seats);
  const auto start = mus::new_match(rules, dealer);
  if (!start) {
    r.error = start.error().describe();
    return r;
  }
  std::array<std::unique_ptr<Agent>, 4> bots;
  std::array<Agent*, 4> agents{};
  for (int seat = 0; seat < mus::seats; ++seat) {
    const auto i = static_cast<std::size_t>(seat);
    bots[i] = make_bot(kinds[mus::team_of(seat)], derive_seed(seed, Stream::bot, i));
    agents[i] = bots[i].get();
  }
  Table table(*start, seed, agents);
  Stats stats(r);
  table.observe(&stats);
  if (table.run() != Outcome::finished) r.error = table.error();
  r.winner = table.state().scores.match_winner;
  r.hands = table.state().hand_number;
  return r;
}

struct Interval {
  double low, high;
};

// The Wilson score interval for `wins` successes in `n` trials at 95% (z = 1.96).
Interval wilson(long wins, long n) {
  if (n == 0) return {0, 1};
  constexpr double z = 1.959963984540054;
  const double p = static_cast<double>(wins) / static_cast<double>(n);
  const double nn = static_cast<double>(n);
  const double denom = 1 + z * z / nn;
  const double centre = (p + z * z / (2 * nn)) / denom;
  const double half = z * std::sqrt(p * (1 - p) / nn + z * z / (4 * nn * nn)) / denom;
  return {std::max(0.0, centre - half), std::min(1.0, centre + half)};
}

std::string fixed(double v, int decimals) {
  std::array<char, 64> buf{};
  std::snprintf(buf.data(), buf.size(), "%.*f", decimals, v);
  return buf.data();
}

std::string column(const std::string& s, std::size_t width) {
  return s.size() >= width ? s + " " : std::string(width - s.size(), ' ') + s;
}

}  // namespace

int cmd_sim(int argc, char** argv) {
  Args args;
  if (const int rc = start_command(args, argc, argv, "sim", sim_help,
                                   {{"matches", true},
                                    {"team0", true},
                                    {"team1", true},
                                    {"seed", true},
                                    {"threads", true},
                                    {"rules", true}});
      rc >= 0)
    return rc;
  const long long hw = std::max(1U, std::thread::hardware_concurrency());
  long long matches = 0;
  long long threads = 0;
  std::uint64_t seed = 0;
  mus::Rules rules;
  std::string kinds[2];
  if (!args.number("matches", 1, 100'000'000, 1000, matches) ||
      !args.number("threads", 1, 256, hw, threads) || !args.seed(1, seed) || !args.rules(rules) ||
      !args.bot_kind("team0", "heuristic", kinds[0]) || !args.bot_kind("team1", "random", kinds[1]))
    return usage_error("sim", args.error());
  threads = std::min(threads, matches);

  std::vector<MatchResult> results(static_cast<std::size_t>(matches));
  std::atomic<long long> next{0};
  std::atomic<long long> done{0};
  const auto t0 = std::chrono::steady_clock::now();
  std::vector<std::thread> workers;
  for (long long t = 0; t < threads; ++t)
    workers.emplace_back([&] {
      for (long long i = next++; i < matches; i = next++) {
        results[static_cast<std::size_t>(i)] = play_match(
            rules, derive_seed(seed, Stream::match, static_cast<std::uint64_t>(i)), kinds);
        ++done;
      }
    });
  const bool tty = isatty(STDOUT_FILENO) != 0;
  if (tty) {
    bool shown = false;  // short runs end before the first update and print nothing
    for (;;) {
      std::this_thread::sleep_for(std::chrono::milliseconds(250));
      const long long d = done.load();
      if (d >= matches) break;
      std::cout << "\r  " << grouped(d) << " / " << grouped(matches) << " matches" << std::flush;
      shown = true;
    }
    if (shown) std::cout << "\r" << std::string(40, ' ') << "\r" << std::flush;
  }
  for (std::thread& w : workers) w.join();
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();

  // Merge in match order: the same totals whatever thread played which match.
  std::array<long, 2> wins{};
  std::array<long, 2> games{};
  std::array<std::array<long, 6>, 2> points{};
  long hands = 0;
  for (std::size_t i = 0; i < results.size(); ++i) {
    const MatchResult& r = results[i];
    if (!r.error.empty()) {
      std::cerr << "mus-cli sim: match " << i << ": " << r.error << '\n';
      return 1;
    }
    ++wins[static_cast<std::size_t>(r.winner)];
    hands += r.hands;
    for (std::size_t t = 0; t < 2; ++t) {
      games[t] += r.games[t];
      for (std::size_t l = 0; l < 6; ++l) points[t][l] += r.points[t][l];
    }
  }
  std::cout << "mus-cli sim: " << grouped(matches) << " matches · rules "
            << mus::format_rules(rules) << " · team 0 " << kinds[0]
            << " (seats 0 & 2) against team 1 " << kinds[1] << " (seats 1 & 3) · seed " << seed
            << '\n';
  for (std::size_t t = 0; t < 2; ++t) {
    const Interval ci = wilson(wins[t], matches);
    std::cout << "team " << t << " (" << kinds[t] << "): won " << grouped(wins[t]) << " of "
              << grouped(matches) << " matches = "
              << percent(static_cast<double>(wins[t]) / static_cast<double>(matches))
              << " (95% confidence interval " << percent(ci.low) << "–" << percent(ci.high)
              << ", Wilson)\n";
  }
  std::cout << "games won: team 0 " << grouped(games[0]) << " · team 1 " << grouped(games[1])
            << '\n';
  std::cout << "hands: " << grouped(hands) << " ("
            << fixed(static_cast<double>(hands) / static_cast<double>(matches), 1)
            << " per match)\n";
  std::cout << "average points per hand, by lance (the count and the dejes):\n";
  std::cout << "          " << column("grande", 8) << column("chica", 8) << column("pares", 8)
            << column("juego", 8) << column("punto", 8) << column("perete", 8) << column("total", 8)
            << '\n';
  for (std::size_t t = 0; t < 2; ++t) {
    std::cout << "  team " << t << "  ";
    long total = 0;
    for (std::size_t l = 0; l < 6; ++l) {
      total += points[t][l];
      std::cout << column(fixed(static_cast<double>(points[t][l]) / static_cast<double>(hands), 3),
                          8);
    }
    std::cout << column(fixed(static_cast<double>(total) / static_cast<double>(hands), 3), 8)
              << '\n';
  }
  std::cout << "speed: " << grouped(hands) << " hands in " << fixed(seconds, 2) << " s = "
            << grouped(static_cast<long long>(static_cast<double>(hands) / std::max(seconds, 1e-9)))
            << " hands/s on " << threads << (threads == 1 ? " thread" : " threads") << '\n';
  return 0;
}

}  // namespace muscli
