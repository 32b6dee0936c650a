// mus-cli: a terminal Mus table on libmus. Watch bots play, play against them, simulate many
// matches, analyse hands, and replay saved matches.
#include <iostream>
#include <string_view>

#include "cli.hpp"
#include "mus/mus.h"

namespace {

constexpr std::string_view main_help = R"(usage: mus-cli COMMAND [OPTIONS]

A terminal Mus table on libmus, the Mus rules engine.

commands:
  watch    four bots play a whole match, printed hand by hand   (mus-cli watch --seed 1)
  play     sit at the table against three bots                  (mus-cli play --tips)
  sim      play many bot matches and report win rates           (mus-cli sim --matches 1000)
  eval     analyse one hand, or decide the lances of four       (mus-cli eval "Ko 3c Qe Ab")
  replay   print a saved match record as watch printed it       (mus-cli replay match.txt)

Run 'mus-cli COMMAND --help' for each command's options, 'mus-cli --version' for the
version. Cards are written as a rank
(A 2 3 4 5 6 7 J Q K) and a suit (o c e b): Ko is the rey de oros, 3c the 3 de copas.
Seats 0 and 2 are team 0, seats 1 and 3 team 1. The rules are those of rules.md; the
presets are standard (default), spain, basque and online.
)";

}  // namespace

int main(int argc, char** argv) {
  const std::string_view command = argc > 1 ? argv[1] : "";
  if (command == "watch") return muscli::cmd_watch(argc, argv);
  if (command == "play") return muscli::cmd_play(argc, argv);
  if (command == "sim") return muscli::cmd_sim(argc, argv);
  if (command == "eval") return muscli::cmd_eval(argc, argv);
  if (command == "replay") return muscli::cmd_replay(argc, argv);
  if (command == "--help" || command == "-h" || command == "help") {
    std::cout << main_help;
    return 0;
  }
  if (command == "--version" || command == "-V" || command == "version") {
    std::cout << "mus-cli " MUS_VERSION_STRING " (libmus " MUS_VERSION_STRING
                 ", the Mus rules engine, built in)\n";
    return 0;
  }
  if (command.empty()) {
    std::cerr << main_help;
    return 2;
  }
  std::cerr << "mus-cli: unknown command '" << command << "' (see 'mus-cli --help')\n";
  return 2;
}
