// Rebuilding a stored match through the library's reducer, and its match record.
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
 * @brief The match as the library's match record (mus::record_match(), `mus-record 3`, with
 *        the state after every action), the format `mus-cli replay` reads.
 * @param comment The record's comment (after the tag).
 * @param rules The rules.
 * @param dealer The first dealer.
 * @param actions The action texts.
 * @param out Receives the record.
 * @return Empty on success, else what went wrong and at which action.
 */
std::string record_of(const std::string& comment, const mus::Rules& rules, int dealer,
                      const std::vector<std::string>& actions, mus::MatchRecord& out);

}  // namespace mus_server

#endif  // MUS_SERVER_REPLAY_HPP
