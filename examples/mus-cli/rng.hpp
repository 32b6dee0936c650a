// The command's own random numbers: a small SplitMix64 generator for the bots and the seeds
// derived from --seed. The library itself never draws random numbers (R12); everything random
// in mus-cli comes from here, so a seed gives the same output on every run and platform.
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

/// A deterministic PRNG (SplitMix64): the same seed gives the same numbers everywhere.
class Rng {
 public:
  explicit constexpr Rng(std::uint64_t seed = 0) noexcept : state_(seed) {}

  /// The next 64 random bits.
  constexpr std::uint64_t next() noexcept { return splitmix64(state_); }

  /// A uniform integer in 0..bound-1 (bound >= 1), by rejection: no modulo bias.
  constexpr std::uint32_t below(std::uint32_t bound) noexcept {
    if (bound <= 1) return 0;
    const std::uint32_t limit = (0U - bound) % bound;  // 2^32 mod bound
    for (;;) {
      const auto x = static_cast<std::uint32_t>(next() >> 32);
      const std::uint64_t m = std::uint64_t{x} * bound;
      if (static_cast<std::uint32_t>(m) >= limit) return static_cast<std::uint32_t>(m >> 32);
    }
  }

  /// A uniform integer in lo..hi (lo <= hi).
  constexpr int between(int lo, int hi) noexcept {
    return lo + static_cast<int>(below(static_cast<std::uint32_t>(hi - lo + 1)));
  }

  /// A uniform double in [0, 1), from 53 random bits.
  constexpr double uniform() noexcept {
    return static_cast<double>(next() >> 11) * (1.0 / 9007199254740992.0);
  }

  /// True with probability p.
  constexpr bool chance(double p) noexcept { return uniform() < p; }

 private:
  std::uint64_t state_;
};

}  // namespace muscli

#endif  // MUS_CLI_RNG_HPP
