// The library's tips (mus/tips.hpp) in the terminal's words: what the hand is worth in the
// lance at hand, what a club player or the search bot would do, what the partner signalled,
// what the score means for the next bet. At most three at a time.
#ifndef MUS_CLI_TIPS_HPP
#define MUS_CLI_TIPS_HPP

#include <string>
#include <vector>

#include "agent.hpp"

namespace muscli {

/// One tip in words, for the seat of `sit` (the view the tip was made from).
std::string tip_text(const Situation& sit, const mus::Tip& tip);

/// Up to three tips for the seat's situation (mus::tips()), the most useful first.
std::vector<std::string> tips_for(const Situation& sit);

}  // namespace muscli

#endif  // MUS_CLI_TIPS_HPP
