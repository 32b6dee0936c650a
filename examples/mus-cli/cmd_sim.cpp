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
#include "measure.hpp"
#include "rng.hpp"
#include "table.hpp"
#include "text.hpp"

namespace muscli {

namespace {

constexpr std::string_view sim_help =
    R"(usage: mus-cli sim [--matches N] [--team0 KIND | --level LEVEL] [--team1 KIND]
                   [--seed N] [--threads T] [--rules RULES] [--playouts N]
       mus-cli sim --duplicate [--bot KIND | --level LEVEL] [--vs KIND] [--deals N]
                   [--matches N] [--seed N] [--threads T] [--rules RULES] [--playouts N]

Plays N matches of bots against bots and prints each team's win rate with its 95%
confidence interval (Wilson score interval), the hands played per second, and the average
points each team scored per hand in each lance (the count and the dejes).

With --duplicate it measures one bot against another on duplicate deals, so that the luck
of the cards cancels: every deal is played twice with the same seeds (the same cards, the
same first dealer, the same seeds for the bot at each seat), once with --bot in seats 0 & 2
and once with --bot in seats 1 & 3. It prints --bot's points per hand minus --vs's over
--deals deal pairs (single hands from 0-0), raw (the points credited) and capped at the
target (a game won counts the points it still needed, so an órdago counts), each with its
standard error and 95% interval; its match win rate over --matches match pairs (each match
also played both ways) with the Wilson 95% interval; the órdagos each side called, saw
accepted and won; and each bot's CPU milliseconds per decision (the deciding thread's CPU
time: what a decision costs on one core, however busy the machine). With several opponents
(--vs a,b,c or --vs pool) it prints one table row per opponent.

options:
  --matches N    matches to play (default 1000; with --duplicate: match pairs, default 200)
  --team0 KIND   bots of seats 0 and 2: random, heuristic (default), search, a style of
                 the opponent pool (tight, loose, station, ordago, careful), a level's kind
                 (beginner, amateur, expert), a level's id, or exploiter[:KIND], the search
                 that knows KIND's policy (the heuristic's by default)
  --team1 KIND   bots of seats 1 and 3 (default random; the same kinds)
  --bot KIND     --duplicate: the bot measured (default search); else the same as --team0
  --level LEVEL  instead of --bot, a level (id or name), weakest first:
                 @LEVELS@
  --vs KIND      --duplicate: its opponent (default heuristic), a comma-separated list of
                 kinds or levels' ids, or pool (tight,loose,station,ordago,careful,
                 heuristic); else the same as --team1
  --duplicate    duplicate deals, as above
  --deals N      --duplicate: deal pairs for the points per hand (default 2000)
  --playouts N   the search bot's playouts per decision (default: the library's)
  --seed N       base seed (default 1); match i uses a seed derived from it and i, so the
                 results are the same for any --threads
  --threads T    threads (default: the hardware concurrency)
  --rules RULES  standard (default), spain, basque, online, or parse_rules text

A progress line is shown while it runs when standard output is a terminal.
)";

struct MatchResult {
  int winner = -1;
  long hands = 0;
  std::array<std::uint64_t, 2> decisions{};  // by team: bot decisions made
  std::array<double, 2> seconds{};           // by team: time spent in them
  std::array<double, 2> longest{};           // by team: the longest decision
  std::array<long, 2> games{};
  std::array<std::array<long, 6>, 2> points{};  // grande, chica, pares, juego, punto, tío Perete
  Ledger ledger;  // raw and capped points, órdagos
  std::string error;
};

class Stats final : public Observer {
 public:
  explicit Stats(MatchResult& r) : r_(r) {}
  void on_step(const mus::State& before, const mus::Action& action, const mus::Events& events,
               const mus::State& after) override {
    (void)action;
    (void)after;
    r_.ledger.step(before, events);
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

MatchResult play_match(const mus::Rules& rules, std::uint64_t seed, const std::string (&kinds)[2],
                       int playouts, bool one_hand = false) {
  MatchResult r;
  const int dealer = static_cast<int>(derive_seed(seed, Stream::dealer, 0) % mus::seats);
  const auto start = mus::new_match(rules, dealer);
  if (!start) {
    r.error = start.error().describe();
    return r;
  }
  std::array<std::unique_ptr<LibraryBot>, 4> bots;
  std::array<Agent*, 4> agents{};
  for (int seat = 0; seat < mus::seats; ++seat) {
    const auto i = static_cast<std::size_t>(seat);
    bots[i] = make_bot(kinds[mus::team_of(seat)], derive_seed(seed, Stream::bot, i), playouts);
    agents[i] = bots[i].get();
  }
  Table table(*start, seed, agents);
  Stats stats(r);
  table.observe(&stats);
  if (table.run(one_hand) != Outcome::finished) r.error = table.error();
  r.winner = table.state().scores.match_winner;
  r.hands = table.state().hand_number;
  for (int seat = 0; seat < mus::seats; ++seat) {
    const auto t = static_cast<std::size_t>(mus::team_of(seat));
    r.decisions[t] += bots[static_cast<std::size_t>(seat)]->decisions();
    r.seconds[t] += bots[static_cast<std::size_t>(seat)]->seconds();
    r.longest[t] = std::max(r.longest[t], bots[static_cast<std::size_t>(seat)]->longest());
  }
  return r;
}

std::string fixed(double v, int decimals) {
  std::array<char, 64> buf{};
  std::snprintf(buf.data(), buf.size(), "%.*f", decimals, v);
  return buf.data();
}

std::string column(const std::string& s, std::size_t width) {
  return s.size() >= width ? s + " " : std::string(width - s.size(), ' ') + s;
}

// Runs job(i) for i in 0..count-1 on `threads` threads, with a progress line on a terminal.
template <class Job>
void run_parallel(long long count, long long threads, const char* unit, Job job) {
  std::atomic<long long> next{0};
  std::atomic<long long> done{0};
  std::vector<std::thread> workers;
  for (long long t = 0; t < std::min(threads, std::max(count, 1LL)); ++t)
    workers.emplace_back([&] {
      for (long long i = next++; i < count; i = next++) {
        job(static_cast<std::size_t>(i));
        ++done;
      }
    });
  if (isatty(STDOUT_FILENO) != 0) {
    bool shown = false;  // short runs end before the first update and print nothing
    for (;;) {
      std::this_thread::sleep_for(std::chrono::milliseconds(250));
      const long long d = done.load();
      if (d >= count) break;
      std::cout << "\r  " << grouped(d) << " / " << grouped(count) << ' ' << unit << std::flush;
      shown = true;
    }
    if (shown) std::cout << "\r" << std::string(40, ' ') << "\r" << std::flush;
  }
  for (std::thread& w : workers) w.join();
}

// What one --duplicate measurement of `bot` against `vs` found.
struct Measured {
  std::string vs;
  MeanSe raw, capped;                 // points per hand, bot minus vs, over the deal pairs
  long wins = 0, played = 0;          // matches the bot won, of those played
  std::array<Ordagos, 2> ordagos{};   // [0] the bot's, [1] its opponent's, over every play
  std::array<std::uint64_t, 2> decisions{};
  std::array<double, 2> busy{}, longest{};
  double seconds = 0;
  std::string error;
  [[nodiscard]] double ms(std::size_t k) const {
    return decisions[k] == 0 ? 0.0 : 1000.0 * busy[k] / static_cast<double>(decisions[k]);
  }
};

Measured measure(const mus::Rules& rules, std::uint64_t seed, long long deals, long long matches,
                 long long threads, int playouts, const std::string& bot, const std::string& vs) {
  // Plays i-th item both ways: `bot` as team 0, then as team 1, on the same seeds.
  const std::string as0[2] = {bot, vs};
  const std::string as1[2] = {vs, bot};
  std::vector<std::array<MatchResult, 2>> hands(static_cast<std::size_t>(deals));
  std::vector<std::array<MatchResult, 2>> games(static_cast<std::size_t>(matches));
  const auto t0 = std::chrono::steady_clock::now();
  run_parallel(deals, threads, "deal pairs", [&](std::size_t i) {
    const std::uint64_t s = derive_seed(seed, Stream::match, i);
    hands[i] = {play_match(rules, s, as0, playouts, true),
                play_match(rules, s, as1, playouts, true)};
  });
  run_parallel(matches, threads, "match pairs", [&](std::size_t i) {
    const std::uint64_t s = derive_seed(seed ^ 0x6D61746368ULL, Stream::match, i);
    games[i] = {play_match(rules, s, as0, playouts), play_match(rules, s, as1, playouts)};
  });
  Measured m;
  m.vs = vs;
  m.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();

  // Everything of one play: its CPU time and órdagos, by the bot's team.
  const auto account = [&m](const MatchResult& r, int bot_team) {
    for (std::size_t k = 0; k < 2; ++k) {
      const auto t = static_cast<std::size_t>(k == 0 ? bot_team : 1 - bot_team);
      m.decisions[k] += r.decisions[t];
      m.busy[k] += r.seconds[t];
      m.longest[k] = std::max(m.longest[k], r.longest[t]);
      const Ordagos& o = r.ledger.ordagos(static_cast<int>(t));
      m.ordagos[k].called += o.called;
      m.ordagos[k].accepted += o.accepted;
      m.ordagos[k].won += o.won;
    }
  };
  std::vector<double> raw;     // the bot's margin per hand, averaged over the two plays
  std::vector<double> capped;  // the same with points capped at the target
  for (std::size_t i = 0; i < hands.size(); ++i) {
    for (const MatchResult& r : hands[i])
      if (!r.error.empty()) {
        m.error = "deal " + std::to_string(i) + ": " + r.error;
        return m;
      }
    const Ledger& a = hands[i][0].ledger;  // the bot as team 0
    const Ledger& b = hands[i][1].ledger;  // the bot as team 1
    raw.push_back(0.5 * static_cast<double>(a.raw(0) - a.raw(1) + b.raw(1) - b.raw(0)));
    capped.push_back(
        0.5 * static_cast<double>(a.capped(0) - a.capped(1) + b.capped(1) - b.capped(0)));
    account(hands[i][0], 0);
    account(hands[i][1], 1);
  }
  for (std::size_t i = 0; i < games.size(); ++i) {
    for (const MatchResult& r : games[i])
      if (!r.error.empty()) {
        m.error = "match " + std::to_string(i) + ": " + r.error;
        return m;
      }
    m.wins += (games[i][0].winner == 0 ? 1 : 0) + (games[i][1].winner == 1 ? 1 : 0);
    account(games[i][0], 0);
    account(games[i][1], 1);
  }
  m.played = 2 * static_cast<long>(matches);
  m.raw = mean_se(raw);
  m.capped = mean_se(capped);
  return m;
}

std::string signed_fixed(double v, int decimals) {
  const std::string s = fixed(v, decimals);
  return v >= 0 && s != fixed(0.0, decimals) ? "+" + s : s;
}

std::string ordago_text(const Ordagos& o) {
  return grouped(o.called) + "/" + grouped(o.accepted) + "/" + grouped(o.won);
}

void print_method(const std::string& bot) {
  std::cout << "method: duplicate deals. Each deal is played twice from the same seeds (the same\n"
               "shuffles, first dealer and bot seeds per seat), once with "
            << bot
            << " in seats 0 & 2\nand once in seats 1 & 3, so the luck of the cards "
               "cancels. Points per hand: single\nhands from 0-0, "
            << bot
            << "'s points minus its opponent's, averaged over each pair; the\nstandard "
               "error is over the pairs. Raw points are the points credited (the count,\n"
               "dejes, tío Perete: an órdago credits none); capped points count each team's "
               "points\nonly up to the target and a game won as the points it still needed "
               "(an órdago won\nis worth the target). Matches: each match is played both ways "
               "too; the win rate\nhas a Wilson 95% interval. Órdagos (every play, hands and "
               "matches): called /\naccepted by the other side / won at the showdown.\n";
}

// One opponent, in full.
void print_one(const Measured& m, const std::string& bot, long long deals, long long matches,
               long long threads) {
  const std::string& vs = m.vs;
  const auto points = [&](const char* what, const MeanSe& x) {
    std::cout << "points per hand" << what << " (" << bot << " - " << vs
              << "): " << fixed(x.mean, 3) << " ± " << fixed(x.se, 3)
              << " (standard error; 95% interval " << fixed(x.mean - 1.96 * x.se, 3) << " to "
              << fixed(x.mean + 1.96 * x.se, 3) << ") over " << grouped(deals) << " deal pairs\n";
  };
  points("", m.raw);
  points(", capped at the target", m.capped);
  const Interval ci = wilson(m.wins, m.played);
  std::cout << "matches won by " << bot << ": " << grouped(m.wins) << " of " << grouped(m.played)
            << " = "
            << percent(m.played == 0 ? 0.0
                                     : static_cast<double>(m.wins) / static_cast<double>(m.played))
            << " (95% interval " << percent(ci.low) << "–" << percent(ci.high) << ", Wilson) over "
            << grouped(matches) << " match pairs\n";
  for (std::size_t k = 0; k < 2; ++k)
    std::cout << "órdagos called/accepted/won, " << (k == 0 ? bot : vs) << ": "
              << ordago_text(m.ordagos[k]) << '\n';
  for (std::size_t k = 0; k < 2; ++k)
    std::cout << "CPU ms per decision, " << (k == 0 ? bot : vs) << ": " << fixed(m.ms(k), 3)
              << " on average, " << fixed(1000.0 * m.longest[k], 3) << " at most ("
              << grouped(static_cast<long long>(m.decisions[k])) << " decisions, " << threads
              << (threads == 1 ? " thread" : " threads") << ")\n";
  std::cout << "time: " << fixed(m.seconds, 1) << " s\n";
}

constexpr std::string_view table_header =
    "| pairing | matches won (Wilson 95%) | points per hand, capped ± s.e. | raw ± s.e. | "
    "órdagos called/accepted/won: bot · opponent | CPU ms per decision, mean/max: bot · "
    "opponent |\n|---|---|---|---|---|---|\n";

// One opponent as a table row, in a stable format fit for docs.
void print_row(const Measured& m, const std::string& bot) {
  const Interval ci = wilson(m.wins, m.played);
  const double rate =
      m.played == 0 ? 0.0 : static_cast<double>(m.wins) / static_cast<double>(m.played);
  std::cout << "| " << bot << " vs " << m.vs << " | " << fixed(100.0 * rate, 1) << "% ["
            << fixed(100.0 * ci.low, 1) << ", " << fixed(100.0 * ci.high, 1) << "] | "
            << signed_fixed(m.capped.mean, 2) << " ± " << fixed(m.capped.se, 2) << " | "
            << signed_fixed(m.raw.mean, 2) << " ± " << fixed(m.raw.se, 2) << " | "
            << ordago_text(m.ordagos[0]) << " · " << ordago_text(m.ordagos[1]) << " | "
            << fixed(m.ms(0), 3) << "/" << fixed(1000.0 * m.longest[0], 3) << " · "
            << fixed(m.ms(1), 3) << "/" << fixed(1000.0 * m.longest[1], 3) << " |\n"
            << std::flush;
}

int duplicate(const mus::Rules& rules, std::uint64_t seed, long long deals, long long matches,
              long long threads, int playouts, const std::string& bot,
              const std::vector<std::string>& opponents) {
  std::cout << "mus-cli sim --duplicate: " << bot << " against ";
  for (std::size_t i = 0; i < opponents.size(); ++i)
    std::cout << (i == 0 ? "" : ", ") << opponents[i];
  std::cout << " · rules " << mus::format_rules(rules) << " · seed " << seed << '\n';
  print_method(bot);
  if (opponents.size() > 1)
    std::cout << grouped(deals) << " deal pairs and " << grouped(matches)
              << " match pairs per opponent, " << threads
              << (threads == 1 ? " thread" : " threads") << "\n\n"
              << table_header;
  for (const std::string& vs : opponents) {
    const Measured m = measure(rules, seed, deals, matches, threads, playouts, bot, vs);
    if (!m.error.empty()) {
      std::cerr << "mus-cli sim: " << vs << ": " << m.error << '\n';
      return 1;
    }
    if (opponents.size() > 1) {
      print_row(m, bot);
    } else {
      print_one(m, bot, deals, matches, threads);
    }
  }
  return 0;
}

// The opponents of --vs: one kind, a comma-separated list, or "pool" (the five styles of the
// opponent pool and the heuristic). Empty (with `error` set) for an unknown name.
std::vector<std::string> opponents_of(const std::string& text, std::string& error) {
  std::vector<std::string> out;
  std::string rest = text == "pool" ? "tight,loose,station,ordago,careful,heuristic" : text;
  for (;;) {
    const std::size_t comma = rest.find(',');
    const std::string name = rest.substr(0, comma);
    if (!is_bot_kind(name)) {
      error = "--vs must be a bot kind (" + bot_kinds_text() +
              "), a comma-separated list of them, or 'pool', not '" + text + "'";
      return {};
    }
    out.push_back(name);
    if (comma == std::string::npos) break;
    rest = rest.substr(comma + 1);
  }
  return out;
}

}  // namespace

int cmd_sim(int argc, char** argv) {
  Args args;
  if (const int rc = start_command(args, argc, argv, "sim", with_levels(sim_help),
                                   {{"matches", true},
                                    {"team0", true},
                                    {"team1", true},
                                    {"bot", true},
                                    {"level", true},
                                    {"vs", true},
                                    {"duplicate", false},
                                    {"deals", true},
                                    {"playouts", true},
                                    {"seed", true},
                                    {"threads", true},
                                    {"rules", true}});
      rc >= 0)
    return rc;
  const long long hw = std::max(1U, std::thread::hardware_concurrency());
  const bool dup = args.has("duplicate");
  long long matches = 0;
  long long threads = 0;
  long long deals = 0;
  long long playouts = 0;
  std::uint64_t seed = 0;
  mus::Rules rules;
  std::string kinds[2];
  if (!args.number("matches", dup ? 0 : 1, 100'000'000, dup ? 200 : 1000, matches) ||
      !args.number("deals", 0, 100'000'000, 2000, deals) ||
      !args.number("playouts", 0, mus::max_search_playouts, 0, playouts) ||
      !args.number("threads", 1, 256, hw, threads) || !args.seed(1, seed) || !args.rules(rules))
    return usage_error("sim", args.error());
  if (dup) {
    if (!args.level_or_bot("bot", "search", kinds[0])) return usage_error("sim", args.error());
    std::string error;
    const auto opponents = opponents_of(args.get("vs", "heuristic"), error);
    if (opponents.empty()) return usage_error("sim", error);
    return duplicate(rules, seed, deals, matches, threads, static_cast<int>(playouts), kinds[0],
                     opponents);
  }
  if (!args.level_or_bot(args.has("team0") ? "team0" : "bot", "heuristic", kinds[0]) ||
      !args.bot_kind(args.has("team1") ? "team1" : "vs", "random", kinds[1]))
    return usage_error("sim", args.error());
  threads = std::min(threads, matches);

  std::vector<MatchResult> results(static_cast<std::size_t>(matches));
  const auto t0 = std::chrono::steady_clock::now();
  run_parallel(matches, threads, "matches", [&](std::size_t i) {
    results[i] =
        play_match(rules, derive_seed(seed, Stream::match, i), kinds, static_cast<int>(playouts));
  });
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
