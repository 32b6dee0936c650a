// `mus-cli watch`: four bots play a match, printed hand by hand; `mus-cli replay`: a saved
// record printed through the same printer, so it reads exactly as `watch` printed it.
#include <fstream>
#include <iostream>
#include <memory>
#include <sstream>
#include <vector>

#include "bots.hpp"
#include "cli.hpp"
#include "printer.hpp"
#include "record.hpp"
#include "record_print.hpp"
#include "rng.hpp"
#include "table.hpp"
#include "text.hpp"

namespace muscli {

namespace {

constexpr std::string_view watch_help =
    R"(usage: mus-cli watch [--seed N] [--rules RULES] [--quiet] [--record FILE]
                     [--record-orders] [--bot KIND | --level LEVEL] [--team0 KIND]
                     [--team1 KIND]

Four bots play a whole match and every hand is printed: the dealer and the mano, each
seat's cards, the mus calls and the discards, the signals, each lance's betting (paso,
envido, más, quiero, no quiero, órdago, deje), the pares and juego declarations, the
count lance by lance with the reason for every point, and the score in points and
amarracos (1 amarraco = 5 points). The output depends only on the seed.

options:
  --seed N          seed for the shuffles, the first dealer and the bots (default 1)
  --rules RULES     standard (default), spain, basque, online, or parse_rules text such as
                    "standard target=30 kings=4"
  --quiet           print only each hand's result and the final result
  --record FILE     also save the match as a record (see docs/records.md)
  --record-orders   write each shuffle in the record as its card order, not its seed
  --bot KIND        the bots of all four seats: random, heuristic (default), search, a
                    style of the pool (tight, loose, station, ordago, careful), a level's
                    kind (beginner, amateur, expert), a level's id, or exploiter[:KIND],
                    the search that knows KIND's policy (the heuristic's by default)
  --level LEVEL     the bots of all four seats by level (id or name), weakest first:
                    @LEVELS@
  --team0 KIND      bots of seats 0 and 2 (default: --bot or --level)
  --team1 KIND      bots of seats 1 and 3 (default: --bot or --level)
)";

constexpr std::string_view replay_help = R"(usage: mus-cli replay FILE [--quiet] [--record OUT]

Replays a match record written with --record by `watch` or `play` and prints it exactly as
`watch` prints a match (every seat's cards shown). FILE '-' reads standard input. Records of
format versions 1 to 3 are read, and the transcripts of libmus 0.2 and of mus-server's
/replays/ (version 0). A bad record is reported with its line number and the reason, and
the exit status is 1.

options:
  --quiet         print only each hand's result and the final result
  --record OUT    write the replayed actions to OUT as a record of the current version
                  (mus-record 3): converts an older record or a transcript
)";

}  // namespace

int cmd_watch(int argc, char** argv) {
  Args args;
  if (const int rc = start_command(args, argc, argv, "watch", with_levels(watch_help),
                                   {{"seed", true},
                                    {"rules", true},
                                    {"quiet", false},
                                    {"record", true},
                                    {"record-orders", false},
                                    {"bot", true},
                                    {"level", true},
                                    {"team0", true},
                                    {"team1", true}});
      rc >= 0)
    return rc;
  std::uint64_t seed = 0;
  mus::Rules rules;
  std::string all;
  std::string kinds[2];
  if (!args.seed(1, seed) || !args.rules(rules) || !args.level_or_bot("bot", "heuristic", all) ||
      !args.bot_kind("team0", all, kinds[0]) || !args.bot_kind("team1", all, kinds[1]))
    return usage_error("watch", args.error());

  const int dealer = static_cast<int>(derive_seed(seed, Stream::dealer, 0) % mus::seats);
  const auto start = mus::new_match(rules, dealer);
  if (!start) return usage_error("watch", start.error().describe());
  std::array<std::unique_ptr<Agent>, 4> bots;
  std::array<Agent*, 4> agents{};
  for (int seat = 0; seat < mus::seats; ++seat) {
    bots[static_cast<std::size_t>(seat)] =
        make_bot(kinds[mus::team_of(seat)],
                 derive_seed(seed, Stream::bot, static_cast<std::uint64_t>(seat)));
    agents[static_cast<std::size_t>(seat)] = bots[static_cast<std::size_t>(seat)].get();
  }
  Table table(*start, seed, agents);
  Printer printer(std::cout, PrintOptions{-1, args.has("quiet")});
  table.observe(&printer);
  RecordFile record;
  if (args.has("record")) {
    if (!record.open(args.get("record"), "watch", args.has("record-orders"),
                     "mus-cli watch --seed " + std::to_string(seed) + " --rules \"" +
                         mus::format_rules(rules) + "\" --team0 " + kinds[0] + " --team1 " +
                         kinds[1]))
      return 1;
    table.observe(record.writer.get());
  }
  const Outcome o = table.run();
  std::cout.flush();
  if (o == Outcome::error) {
    std::cerr << "mus-cli watch: " << table.error() << '\n';
    return 1;
  }
  return record.finish("watch") ? 0 : 1;
}

int cmd_replay(int argc, char** argv) {
  Args args;
  if (const int rc = start_command(args, argc, argv, "replay", replay_help,
                                   {{"quiet", false}, {"record", true}}, true);
      rc >= 0)
    return rc;
  if (args.positional().size() != 1) return usage_error("replay", "expected one record FILE");
  const std::string path = args.positional()[0];
  std::ifstream file;
  std::istream* in = &std::cin;
  if (path != "-") {
    file.open(path, std::ios::binary);
    if (!file) {
      std::cerr << "mus-cli replay: cannot open '" << path << "'\n";
      return 1;
    }
    in = &file;
  }
  std::ostringstream whole;
  whole << in->rdbuf();
  const std::string text = whole.str();
  mus::MatchRecord record;
  if (const mus::RecordError err = mus::parse_record(text, record); !err.ok()) {
    std::cerr << "mus-cli replay: " << path << ": " << record_problem(text, record, err) << '\n';
    return 1;
  }
  RecordFile rewritten;
  std::vector<Observer*> also;
  if (args.has("record")) {
    if (!rewritten.open(args.get("record"), "replay", false, "mus-cli replay " + path)) return 1;
    also.push_back(rewritten.writer.get());
  }
  const mus::RecordError err =
      print_record(record, std::cout, PrintOptions{-1, args.has("quiet")}, also);
  std::cout.flush();
  if (!err.ok()) {
    std::cerr << "mus-cli replay: " << path << ": " << record_problem(text, record, err) << '\n';
    return 1;
  }
  return rewritten.finish("replay") ? 0 : 1;
}

}  // namespace muscli
