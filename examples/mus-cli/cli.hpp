// Command-line plumbing shared by the subcommands: a small option parser, the common options
// (--seed, --rules) and the entry points of the subcommands.
#ifndef MUS_CLI_CLI_HPP
#define MUS_CLI_CLI_HPP

#include <cstdint>
#include <initializer_list>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "mus/mus.hpp"

namespace muscli {

/// One option a subcommand accepts: `--name VALUE` (or `--name=VALUE`), or a flag `--name`.
struct OptionSpec {
  std::string_view name;  ///< Without the dashes.
  bool takes_value;       ///< True for `--name VALUE`.
};

/// Parsed command line of a subcommand.
class Args {
 public:
  /// Parses argv[first..argc); false with `error()` set on an unknown or incomplete option.
  bool parse(int argc, char** argv, int first, std::initializer_list<OptionSpec> specs);

  bool has(std::string_view name) const { return values_.count(std::string(name)) != 0; }
  /// The value of an option, or `fallback`.
  std::string get(std::string_view name, std::string_view fallback = {}) const;
  const std::vector<std::string>& positional() const { return positional_; }
  const std::string& error() const { return error_; }

  /// --seed N (default `fallback`); false with an error for a bad number.
  bool seed(std::uint64_t fallback, std::uint64_t& out);
  /// --rules TEXT (preset or parse_rules text; default standard); false with an error.
  bool rules(mus::Rules& out);
  /// A whole number option in lo..hi; false with an error.
  bool number(std::string_view name, long long lo, long long hi, long long fallback,
              long long& out);
  /// A bot option (a name is_bot_kind() accepts); false with an error.
  bool bot_kind(std::string_view name, std::string_view fallback, std::string& out);
  /// --level LEVEL (a level's id or display name; `out` receives its id), or else the bot
  /// option `bot` as bot_kind() reads it; false with an error, also when both are given.
  bool level_or_bot(std::string_view bot, std::string_view fallback, std::string& out);

 private:
  std::map<std::string, std::string> values_;
  std::vector<std::string> positional_;
  std::string error_;
};

/// A help text with its line "<indent>@LEVELS@" replaced by the library's levels
/// (levels_text()), wrapped at 90 columns with the same indent.
std::string with_levels(std::string_view help);

/// Prints "mus-cli CMD: MESSAGE (see 'mus-cli CMD --help')" to stderr; returns exit status 2.
int usage_error(std::string_view command, std::string_view message);

/// Parses a subcommand's command line and deals with --help and stray words, the same way for
/// every subcommand: returns the exit status to stop with (0 after printing `help`, 2 after a
/// usage error), or -1 when the command should go on. `positional` says whether the command
/// takes words besides its options (it then checks them itself).
int start_command(Args& args, int argc, char** argv, std::string_view command,
                  std::string_view help, std::initializer_list<OptionSpec> specs,
                  bool positional = false);

int cmd_watch(int argc, char** argv);
int cmd_replay(int argc, char** argv);
int cmd_play(int argc, char** argv);
int cmd_sim(int argc, char** argv);
int cmd_eval(int argc, char** argv);

}  // namespace muscli

#endif  // MUS_CLI_CLI_HPP
