/**
 * @file state_stamp.hpp
 * @brief The stamp the C API writes after the mus::State in every mus_state. Not installed.
 *
 * Checking a state in full (validate_state()) costs about as much as applying an action, and
 * every C function that takes a state must refuse bytes the library did not write. So
 * write_state() (capi_internal.hpp) ends each mus_state with a stamp: a keyed hash of the
 * State's bytes under a secret key drawn once per process. read_state() trusts a State whose
 * stamp matches and runs the full check on any other, so a stamp can only spare a check,
 * never refuse a valid state.
 *
 * The hash is **not a cryptographic MAC**. It is NH (the universal hash of UMAC: sums of
 * products of key-offset 64-bit words, 128-bit products) followed by a keyed nonlinear
 * finaliser. Without the key, bytes changed in any way (by a bug, a disk, a network or a
 * fuzzer) match their stamp with probability about 2^-64. It does not resist an attacker
 * who can read the process's memory (the key is there) or who studies many stamped states to
 * recover the key: docs/embedding.md says what to send to an untrusted party instead.
 *
 * The mus_state layout: bytes [0, sizeof(State)) the State, [sizeof(State), stamp_offset)
 * zero, [stamp_offset, MUS_STATE_SIZE) the stamp.
 */
#ifndef MUS_CAPI_STATE_STAMP_HPP
#define MUS_CAPI_STATE_STAMP_HPP

#include <array>
#include <cstddef>
#include <cstdint>
#include <cstring>

#include "mus/match.hpp"
#include "mus/mus.h"

namespace mus::capi {

/// Size of the stamp in bytes, at the end of a mus_state.
inline constexpr std::size_t stamp_size = 16;
/// Offset of the stamp in a mus_state.
inline constexpr std::size_t stamp_offset = MUS_STATE_SIZE - stamp_size;
static_assert(sizeof(State) <= stamp_offset, "the State and the stamp must fit in a mus_state");

/// 64-bit words hashed: the State's bytes, zero-padded to an even number of words.
inline constexpr std::size_t stamp_words = ((sizeof(State) + 15) / 16) * 2;

/// The stamp's bytes.
using Stamp = std::array<unsigned char, stamp_size>;

/// A stamp key: one word per hashed word for NH, and four for the finaliser.
struct StampKey {
  std::array<std::uint64_t, stamp_words> nh{};
  std::array<std::uint64_t, 4> fin{};
};

namespace detail {

/// The 128-bit product of two 64-bit words, as (low, high).
struct U128 {
  std::uint64_t lo;
  std::uint64_t hi;
};

/// The 128-bit product from 32-bit halves, for compilers without a 128-bit integer type.
[[nodiscard]] constexpr U128 mul_64x64_portable(std::uint64_t a, std::uint64_t b) noexcept {
  const std::uint64_t a0 = a & 0xFFFFFFFFU, a1 = a >> 32, b0 = b & 0xFFFFFFFFU, b1 = b >> 32;
  const std::uint64_t p00 = a0 * b0, p01 = a0 * b1, p10 = a1 * b0, p11 = a1 * b1;
  const std::uint64_t mid = (p00 >> 32) + (p01 & 0xFFFFFFFFU) + (p10 & 0xFFFFFFFFU);
  return {(mid << 32) | (p00 & 0xFFFFFFFFU), p11 + (p01 >> 32) + (p10 >> 32) + (mid >> 32)};
}

// WebAssembly has no 64x64->128 multiply: there unsigned __int128 becomes a call to
// compiler-rt (__multi3), and the 32-bit halves are faster (about 15% of a stamped state read).
[[nodiscard]] inline U128 mul_64x64(std::uint64_t a, std::uint64_t b) noexcept {
#if defined(__SIZEOF_INT128__) && !defined(__wasm__)
  __extension__ typedef unsigned __int128 u128;
  const u128 p = static_cast<u128>(a) * b;
  return {static_cast<std::uint64_t>(p), static_cast<std::uint64_t>(p >> 64)};
#else
  return mul_64x64_portable(a, b);
#endif
}

/// Murmur3's 64-bit finaliser: a bijection that spreads every bit over the word.
[[nodiscard]] constexpr std::uint64_t fmix64(std::uint64_t x) noexcept {
  x ^= x >> 33;
  x *= 0xFF51AFD7ED558CCDULL;
  x ^= x >> 33;
  x *= 0xC4CEB9FE1A85EC53ULL;
  x ^= x >> 33;
  return x;
}

}  // namespace detail

/**
 * @brief The stamp of a State's bytes under `key`, optionally copying the bytes on the way.
 *
 * NH: for each pair of words (m[2i], m[2i+1]), the 128-bit product
 * (m[2i] + k[2i]) * (m[2i+1] + k[2i+1]) (additions mod 2^64), summed mod 2^128; two inputs
 * that differ collide with probability at most 2^-64 over the key. Then a keyed finaliser that
 * is not linear in the sum: one more 128-bit product of the two halves offset by key words, and
 * Murmur3's mixer on each half of the result. About 20 multiplications for a 272-byte State.
 * @param src `sizeof(State)` bytes (read as little-endian-agnostic words: the stamp only has to
 *        agree with itself within one process).
 * @param key The key.
 * @param copy_to If not NULL, receives a copy of the `sizeof(State)` bytes, made in the same
 *        pass: the stamp is then exactly that of the copy.
 */
[[nodiscard]] inline Stamp stamp_of(const unsigned char* src, const StampKey& key,
                                    unsigned char* copy_to = nullptr) noexcept {
  constexpr std::size_t n = sizeof(State);
  const auto word = [&](std::size_t i) noexcept {
    std::uint64_t w = 0;
    const std::size_t at = i * 8;
    if (at + 8 <= n) {
      std::memcpy(&w, src + at, 8);
      if (copy_to != nullptr) std::memcpy(copy_to + at, &w, 8);
    } else if (at < n) {  // the last, partial word (when sizeof(State) % 8 != 0): zero-padded
      std::memcpy(&w, src + at, n - at);
      if (copy_to != nullptr) std::memcpy(copy_to + at, &w, n - at);
    }
    return w;
  };
  std::uint64_t lo = 0;
  std::uint64_t hi = 0;
  for (std::size_t i = 0; i < stamp_words; i += 2) {
    const detail::U128 p = detail::mul_64x64(word(i) + key.nh[i], word(i + 1) + key.nh[i + 1]);
    lo += p.lo;
    hi += p.hi + (lo < p.lo ? 1U : 0U);  // the carry of the low half
  }
  const detail::U128 f = detail::mul_64x64(lo + key.fin[0], hi + key.fin[1]);
  const std::uint64_t out0 = detail::fmix64(f.lo ^ hi ^ key.fin[2]);
  const std::uint64_t out1 = detail::fmix64(f.hi ^ lo ^ key.fin[3]);
  Stamp st;
  std::memcpy(st.data(), &out0, 8);
  std::memcpy(st.data() + 8, &out1, 8);
  return st;
}

/// The stamp of a State under `key`.
[[nodiscard]] inline Stamp stamp_of(const State& s, const StampKey& key) noexcept {
  return stamp_of(reinterpret_cast<const unsigned char*>(&s), key);
}

/**
 * @brief This process's stamp key, drawn from the operating system on first use (thread-safe:
 *        a function-local static), or NULL when the system gave no randomness; then nothing is
 *        stamped and every state gets the full check.
 */
[[nodiscard]] const StampKey* stamp_key() noexcept;

}  // namespace mus::capi

#endif  // MUS_CAPI_STATE_STAMP_HPP
