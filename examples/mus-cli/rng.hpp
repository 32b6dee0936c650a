// The command's seeds: every shuffle's and every bot decision's seed is derived from --seed
// here (SplitMix64 mixing), so a seed gives the same output on every run and platform.
#ifndef MUS_CLI_RNG_HPP
#define MUS_CLI_RNG_HPP

#include <cstdint>

namespace muscli {

/// One SplitMix64 step: advances `state` and returns the next output.
constexpr std::uint64_t splitmix64(std::uint64_t& state) noexcept {
  state += 0x9E3779B97F4A7C15ULL;
  std::uint64_t z = state;
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
  return z ^ (z >> 31);
}

/// Streams of seeds derived from the user's --seed, one per purpose.
enum class Stream : std::uint64_t {
  shuffle = 1,  ///< The n-th shuffle of a match.
  bot = 2,      ///< The PRNG of the bot at seat n.
  dealer = 3,   ///< The first dealer.
  match = 4,    ///< The seed of the n-th match of a simulation.
};

/// A seed for item `index` of a stream, mixed from the base seed (independent streams).
constexpr std::uint64_t derive_seed(std::uint64_t base, Stream stream,
                                    std::uint64_t index) noexcept {
  std::uint64_t s = base ^ (static_cast<std::uint64_t>(stream) * 0xD1B54A32D192ED03ULL);
  splitmix64(s);
  s ^= index * 0xA0761D6478BD642FULL;
  return splitmix64(s);
}

}  // namespace muscli

#endif  // MUS_CLI_RNG_HPP
