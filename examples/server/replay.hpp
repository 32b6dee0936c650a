// Rebuilding a stored match through the library's reducer, and writing its transcript.
#ifndef MUS_SERVER_REPLAY_HPP
#define MUS_SERVER_REPLAY_HPP

#include <functional>
#include <string>
#include <vector>

#include <mus/mus.hpp>

namespace mus_server {

/// Called after each replayed action with its index, the action, its events and the new state.
using ReplayStep =
    std::function<void(std::size_t, const mus::Action&, const mus::Events&, const mus::State&)>;

/**
 * @brief Replays action texts from a new match; each is parsed and applied by the library.
 * @param rules The rules.
 * @param dealer The first dealer.
 * @param actions The action texts (mus::action_to_text).
 * @param out Receives the final state.
 * @param step Optional callback after each action.
 * @return Empty on success, else what went wrong and at which action.
 */
std::string replay(const mus::Rules& rules, int dealer, const std::vector<std::string>& actions,
                   mus::State& out, const ReplayStep& step = {});

/**
 * @brief The match as a transcript in the format of tests/transcripts/README.md: `rules`,
 *        `dealer`, `state`, then `action` and `state` pairs, after a comment line.
 * @param comment The first line's text after "# " (no line break).
 * @param rules The rules.
 * @param dealer The first dealer.
 * @param actions The action texts.
 * @param error Receives the problem when the actions do not replay.
 * @return The transcript, or an empty string on error.
 */
std::string transcript(const std::string& comment, const mus::Rules& rules, int dealer,
                       const std::vector<std::string>& actions, std::string& error);

}  // namespace mus_server

#endif  // MUS_SERVER_REPLAY_HPP
