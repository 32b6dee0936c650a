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

/// Bot kinds for --bot/--team0/--team1/--bots/--vs: a kind's name (mus::bot_kind_name()) or
/// "exploiter:" and its target's name (mus::parse_bot_config()).
bool is_bot_kind(std::string_view kind);

/// Every name is_bot_kind() accepts, for messages, from the library's list of kinds:
/// "random, heuristic, ..., careful, exploiter or exploiter:KIND (...)".
std::string bot_kinds_text();

/// A new bot of a kind with its seed; `playouts` is the search budget (0: the default).
std::unique_ptr<LibraryBot> make_bot(std::string_view kind, std::uint64_t seed, int playouts = 0);

}  // namespace muscli

#endif  // MUS_CLI_BOTS_HPP
