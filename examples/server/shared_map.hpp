// SharedMap: a map from 64-bit ids to shared objects that many threads use at once (the
// handler's tables, players and connections). It is cut into shards, each with its own mutex,
// held only to find, add or remove an entry: threads that look up different ids rarely meet,
// and no lock is held while the object found is used (the shared_ptr keeps it alive).
#ifndef MUS_SERVER_SHARED_MAP_HPP
#define MUS_SERVER_SHARED_MAP_HPP

#include <array>
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <mutex>
#include <unordered_map>
#include <vector>

namespace mus_server {

template <typename Value, std::size_t Shards = 64>
class SharedMap {
  static_assert((Shards & (Shards - 1)) == 0, "a power of two");

 public:
  using Ptr = std::shared_ptr<Value>;

  /// @brief The object of `key`, or null.
  [[nodiscard]] Ptr find(std::uint64_t key) const {
    const Shard& s = shard(key);
    const std::lock_guard lock(s.m);
    const auto it = s.map.find(key);
    return it == s.map.end() ? nullptr : it->second;
  }
  /// @brief Adds `value` under `key`; false (and nothing changes) when the key is taken.
  bool insert(std::uint64_t key, Ptr value) {
    Shard& s = shard(key);
    const std::lock_guard lock(s.m);
    if (!s.map.emplace(key, std::move(value)).second) return false;
    size_.fetch_add(1, std::memory_order_relaxed);
    return true;
  }
  /// @brief Removes `key`; returns its object (null when there was none).
  Ptr erase(std::uint64_t key) {
    Shard& s = shard(key);
    const std::lock_guard lock(s.m);
    const auto it = s.map.find(key);
    if (it == s.map.end()) return nullptr;
    Ptr v = std::move(it->second);
    s.map.erase(it);
    size_.fetch_sub(1, std::memory_order_relaxed);
    return v;
  }
  /// @brief Every object, as it is while each shard is read (a snapshot to use unlocked).
  [[nodiscard]] std::vector<Ptr> values() const {
    std::vector<Ptr> out;
    out.reserve(size());
    for (const Shard& s : shards_) {
      const std::lock_guard lock(s.m);
      for (const auto& [k, v] : s.map) out.push_back(v);
    }
    return out;
  }
  /// @brief The number of entries.
  [[nodiscard]] std::size_t size() const { return size_.load(std::memory_order_relaxed); }

 private:
  struct Shard {
    mutable std::mutex m;
    std::unordered_map<std::uint64_t, Ptr> map;
  };
  // Sequential keys (connection numbers) and random ones (table and player ids) both spread:
  // the shard is taken from the top bits of the key times a large odd constant.
  Shard& shard(std::uint64_t key) { return shards_[index(key)]; }
  const Shard& shard(std::uint64_t key) const { return shards_[index(key)]; }
  static std::size_t index(std::uint64_t key) {
    return static_cast<std::size_t>((key * 0x9E3779B97F4A7C15ULL) >> 32) & (Shards - 1);
  }
  std::array<Shard, Shards> shards_{};
  std::atomic<std::size_t> size_{0};
};

}  // namespace mus_server

#endif  // MUS_SERVER_SHARED_MAP_HPP
