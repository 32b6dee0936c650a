// The bots of the table: the library's players (mus/bots.hpp) behind the Agent interface.
// Each bot draws its decisions' seeds from its own stream, so a match between bots is
// reproducible.
#ifndef MUS_CLI_BOTS_HPP
#define MUS_CLI_BOTS_HPP

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>

#include "agent.hpp"

namespace muscli {

/// A library bot at a seat: every decision is mus::bot_choose() on the seat's view, with the
/// n-th decision's seed derived from the bot's seed and n.
class LibraryBot final : public Agent {
 public:
  LibraryBot(const mus::BotConfig& config, std::uint64_t seed) : config_(config), seed_(seed) {}
  Choice act(const Situation& sit) override;
  Choice signal_round(const Situation& sit) override;

  /// Decisions made by act() so far.
  std::uint64_t decisions() const { return decisions_; }
  /// CPU seconds (of the deciding thread) spent in those decisions.
  double seconds() const { return seconds_; }
  /// The longest of those decisions, in seconds.
  double longest() const { return longest_; }

 private:
  mus::BotConfig config_;
  std::uint64_t seed_;
  std::uint64_t decisions_ = 0;
  double seconds_ = 0;
  double longest_ = 0;
};

/// Bot names for --bot/--team0/--team1/--bots/--vs: a kind's name (mus::bot_kind_name()),
/// "exploiter:" and its target's name (mus::parse_bot_config()), or a level's id
/// (mus::level_id(): its bot, mus::level_config()).
bool is_bot_kind(std::string_view kind);

/// The names is_bot_kind() accepts, for messages, from the library's lists of kinds and
/// levels: "random, heuristic, ... or exploiter[:KIND] (...); or a level: beginner ... expert".
std::string bot_kinds_text();

/// The levels for messages and help, weakest first, from the library's list:
/// "beginner (principiante), amateur (aficionado), ... or expert (experto)".
std::string levels_text();

/// A new bot of a kind or level (is_bot_kind()) with its seed; `playouts` is the search budget
/// (0: the default).
std::unique_ptr<LibraryBot> make_bot(std::string_view kind, std::uint64_t seed, int playouts = 0);

}  // namespace muscli

#endif  // MUS_CLI_BOTS_HPP
