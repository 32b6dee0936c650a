// Internal to the library (not installed): counting the set bits of a card or action mask.
#ifndef MUS_SRC_BITS_HPP
#define MUS_SRC_BITS_HPP

#include <bit>
#include <cstdint>

namespace mus::detail {

// The number of set bits of x. std::popcount() is one instruction where the target has one
// (AArch64, WebAssembly, x86-64 built with POPCNT), but GCC compiles it for baseline x86-64
// (no -mpopcnt, as distributions build) into a call to libgcc's __popcountdi2, which showed
// up at about 6% of the samples of a random playout. There this branch-free form (the
// classic sum of bit fields, a dozen simple instructions) stays inline instead; the library
// keeps to the baseline instruction set so that one build runs on every x86-64.
constexpr int popcount64(std::uint64_t x) noexcept {
#if (defined(__x86_64__) || defined(__i386__)) && !defined(__POPCNT__)
  x = x - ((x >> 1) & 0x5555555555555555ULL);
  x = (x & 0x3333333333333333ULL) + ((x >> 2) & 0x3333333333333333ULL);
  x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0FULL;
  return static_cast<int>((x * 0x0101010101010101ULL) >> 56);
#else
  return std::popcount(x);
#endif
}

}  // namespace mus::detail

#endif  // MUS_SRC_BITS_HPP
