// The command's seeds: every shuffle's and every bot decision's seed is derived from --seed
// here (the library's mus::derive_seed()), so a seed gives the same output on every run and
// platform.
#ifndef MUS_CLI_RNG_HPP
#define MUS_CLI_RNG_HPP

#include <cstdint>

#include "mus/bots.hpp"

namespace muscli {

/// Streams of seeds derived from the user's --seed, one per purpose.
enum class Stream : std::uint64_t {
  shuffle = 1,  ///< The n-th shuffle of a match.
  bot = 2,      ///< The seed of the bot at seat n (and of its n-th decision).
  dealer = 3,   ///< The first dealer.
  match = 4,    ///< The seed of the n-th match of a simulation.
};

/// A seed for item `index` of a stream, mixed from the base seed (independent streams).
constexpr std::uint64_t derive_seed(std::uint64_t base, Stream stream,
                                    std::uint64_t index) noexcept {
  return mus::derive_seed(base, static_cast<std::uint64_t>(stream), index);
}

}  // namespace muscli

#endif  // MUS_CLI_RNG_HPP
