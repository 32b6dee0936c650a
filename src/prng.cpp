// The documented PRNG (R12) and stacked deals: the only source of chance the library offers.
// Never change seeded_order() within a major version: a seed deals the same cards everywhere.
#include <array>
#include <cstdint>

#include "reducer.hpp"

namespace mus {
namespace {

// --- PRNG (documented in match.hpp; never change it within a major version) ----------------

// A stream of 32-bit draws: each SplitMix64 output gives two, low half first.
struct Draws {
  std::uint64_t state;
  std::uint64_t buffer = 0;
  bool has_buffer = false;
  std::uint32_t next() {
    if (has_buffer) {
      has_buffer = false;
      return static_cast<std::uint32_t>(buffer >> 32);
    }
    buffer = splitmix64(state);
    has_buffer = true;
    return static_cast<std::uint32_t>(buffer);
  }
  // A uniform number in 0..bound-1 by multiply-shift with rejection (no division on the
  // common path). Documented in match.hpp: do not change within a major version.
  std::uint32_t below(std::uint32_t bound) {
    std::uint64_t m = std::uint64_t{next()} * bound;
    if (static_cast<std::uint32_t>(m) < bound) {
      const std::uint32_t threshold = (0U - bound) % bound;
      while (static_cast<std::uint32_t>(m) < threshold) m = std::uint64_t{next()} * bound;
    }
    return static_cast<std::uint32_t>(m >> 32);
  }
};

// The Fisher-Yates shuffle of seeded_order(), after its sorting pass (inline in both callers).
inline void shuffle_sorted(std::uint8_t* cards, int n, std::uint64_t seed) {
  Draws draws{seed};
  for (int i = n - 1; i > 0; --i) {
    const auto j = static_cast<int>(draws.below(static_cast<std::uint32_t>(i) + 1));
    const std::uint8_t t = cards[i];
    cards[i] = cards[j];
    cards[j] = t;
  }
}

}  // namespace

namespace detail {

// seeded_order() of cards already sorted by id (the reducer's shuffles list them so).
void seeded_order_of_sorted(std::uint8_t* cards, int n, std::uint64_t seed) noexcept {
  shuffle_sorted(cards, n, seed);
}

}  // namespace detail

void seeded_order(std::uint8_t* cards, int n, std::uint64_t seed) noexcept {
  // Sort by id first, so the result depends only on the set of cards and the seed.
  for (int i = 1; i < n; ++i)
    for (int j = i; j > 0 && cards[j - 1] > cards[j]; --j) {
      const std::uint8_t t = cards[j];
      cards[j] = cards[j - 1];
      cards[j - 1] = t;
    }
  shuffle_sorted(cards, n, seed);
}

Result<Action> stacked_deal(const std::array<std::uint8_t, 16>& hands, int mano,
                            const std::uint8_t* stock, int stock_n) noexcept {
  if (mano < 0 || mano >= seats) return Error{Errc::invalid_argument, "mano must be 0..3", -1};
  if (stock_n < 0 || stock_n > deck_size - 16 || (stock_n > 0 && stock == nullptr))
    return Error{Errc::invalid_argument, "stock_n must be 0..24", -1};
  std::array<std::uint8_t, deck_size> order{};
  std::uint64_t used = 0;
  const auto use = [&used](std::uint8_t id) {
    if (id >= deck_size || ((used >> id) & 1U)) return false;
    used |= std::uint64_t{1} << id;
    return true;
  };
  for (int k = 0; k < hand_size; ++k)
    for (int i = 0; i < seats; ++i) {
      const std::uint8_t id = hands[static_cast<std::size_t>(((mano + i) % seats) * 4 + k)];
      if (!use(id)) return Error{Errc::invalid_cards, "card out of range or repeated", -1};
      order[static_cast<std::size_t>(4 * k + i)] = id;
    }
  int n = 16;
  for (int i = 0; i < stock_n; ++i) {
    if (!use(stock[i])) return Error{Errc::invalid_cards, "card out of range or repeated", -1};
    order[static_cast<std::size_t>(n++)] = stock[i];
  }
  for (int id = 0; id < deck_size; ++id)
    if (((used >> id) & 1U) == 0)
      order[static_cast<std::size_t>(n++)] = static_cast<std::uint8_t>(id);
  return Action::shuffle_order(order.data(), deck_size);
}
}  // namespace mus
