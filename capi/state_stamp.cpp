// The per-process key of the state stamps (state_stamp.hpp): drawn once from the operating
// system, on first use, by whichever thread gets there first (C++ guarantees a function-local
// static is initialised exactly once, and that other threads wait for it).
#include "state_stamp.hpp"

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <optional>
#include <random>

#if defined(__linux__) && __has_include(<sys/random.h>)
#include <sys/random.h>

#include <cerrno>
#define MUS_STAMP_GETRANDOM 1
#endif

namespace mus::capi {

namespace {

// Fills `n` bytes from the OS's random source; false if it has none to give.
bool os_random(void* out, std::size_t n) noexcept {
  auto* p = static_cast<unsigned char*>(out);
#if defined(MUS_STAMP_GETRANDOM)
  while (n > 0) {
    const ssize_t got = getrandom(p, n, 0);
    if (got < 0) {
      if (errno == EINTR) continue;
      break;  // e.g. ENOSYS on an old kernel: try std::random_device
    }
    p += got;
    n -= static_cast<std::size_t>(got);
  }
  if (n == 0) return true;
#endif
  try {
    std::random_device rd;
    while (n > 0) {
      const std::uint32_t v = rd();
      const std::size_t k = n < sizeof v ? n : sizeof v;
      std::memcpy(p, &v, k);
      p += k;
      n -= k;
    }
    return true;
  } catch (...) {
    return false;
  }
}

std::optional<StampKey> draw_key() noexcept {
  StampKey key;
  if (!os_random(key.nh.data(), sizeof key.nh) || !os_random(key.fin.data(), sizeof key.fin))
    return std::nullopt;
  return key;
}

}  // namespace

const StampKey* stamp_key() noexcept {
  static const std::optional<StampKey> key = draw_key();
  return key ? &*key : nullptr;
}

}  // namespace mus::capi
