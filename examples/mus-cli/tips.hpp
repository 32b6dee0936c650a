// Short tips for a person playing: what the hand is worth in the lance at hand, what the
// partner signalled, what the score means for the next bet. At most three at a time.
#ifndef MUS_CLI_TIPS_HPP
#define MUS_CLI_TIPS_HPP

#include <string>
#include <vector>

#include "agent.hpp"

namespace muscli {

/// Up to three tips for the seat's situation, the most useful first.
std::vector<std::string> tips_for(const Situation& sit);

}  // namespace muscli

#endif  // MUS_CLI_TIPS_HPP
