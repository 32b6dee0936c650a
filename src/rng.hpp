// Internal to the library (not installed): the seeded PRNG of the bots' decisions and of the
// deals drawn behind a seat's view (SplitMix64): the same seed gives the same numbers
// everywhere. The reducer's own shuffles use seeded_order() (prng.cpp), which is documented
// and never changes within a major version; this one may.
#ifndef MUS_SRC_RNG_HPP
#define MUS_SRC_RNG_HPP

#include <cstdint>

#include "mus/match.hpp"

namespace mus::detail {

/// A deterministic PRNG (SplitMix64).
class Rng {
 public:
  explicit constexpr Rng(std::uint64_t seed) noexcept : state_(seed) {}
  /// The next 64 random bits.
  constexpr std::uint64_t next() noexcept { return mus::splitmix64(state_); }
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
  /// A uniform double in [0, 1), from 53 random bits.
  constexpr double uniform() noexcept {
    return static_cast<double>(next() >> 11) * (1.0 / 9007199254740992.0);
  }
  /// True with probability p.
  constexpr bool chance(double p) noexcept { return uniform() < p; }

 private:
  std::uint64_t state_;
};

}  // namespace mus::detail

#endif  // MUS_SRC_RNG_HPP
