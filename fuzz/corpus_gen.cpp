// fuzz_corpus_gen: writes seed inputs for the harnesses that depend on the current state layout
// or on serialization, so they never go stale: valid state blobs reached by seeded legal play
// (fuzz_states), forged-action programs (fuzz_actions) and, once serialization is built, the
// texts of states, views and actions (fuzz_parsers).
//
//   fuzz_corpus_gen <dir>    writes <dir>/fuzz_states/gen-*, <dir>/fuzz_actions/gen-*, ...
//
// fuzz/run_fuzzers.sh runs it into its copy of the corpus before fuzzing; fuzz/corpus/ holds
// one run's output next to the hand-written seeds.
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "fuzz_common.hpp"

namespace {

namespace fs = std::filesystem;

void write(const fs::path& dir, const std::string& name, const void* data, std::size_t n) {
  fs::create_directories(dir);
  std::ofstream f(dir / name, std::ios::binary | std::ios::trunc);
  f.write(static_cast<const char*>(data), static_cast<std::streamsize>(n));
  FUZZ_CHECK(f.good());
}

void write(const fs::path& dir, const std::string& name, const std::vector<std::uint8_t>& b) {
  write(dir, name, b.data(), b.size());
}

void put64(std::vector<std::uint8_t>& b, std::uint64_t v) {
  for (int i = 0; i < 8; ++i) b.push_back(static_cast<std::uint8_t>(v >> (8 * i)));
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: %s <corpus directory>\n", argv[0]);
    return 2;
  }
  const fs::path root = argv[1];
  const std::vector<mus_state> pool = mus_fuzz::state_pool();

  // fuzz_states: raw blobs (mode 0) of states in every phase, one-byte forgeries (mode 1) and
  // produced states played on (mode 2).
  int phases_seen[8] = {};
  int raw = 0;
  for (std::size_t i = 0; i < pool.size() && raw < 10; ++i) {
    const int phase = mus_fuzz::info_of(pool[i]).phase;
    if (phases_seen[phase] >= 2) continue;
    ++phases_seen[phase];
    std::vector<std::uint8_t> b{0};
    const auto* p = reinterpret_cast<const std::uint8_t*>(pool[i].opaque);
    b.insert(b.end(), p, p + sizeof(mus_state));
    write(root / "fuzz_states", "gen-raw-" + std::to_string(raw++), b);
  }
  for (int k = 0; k < 6; ++k) {
    const auto idx = static_cast<std::uint16_t>(k * 37 + 5);
    const auto pos = static_cast<std::uint16_t>(k * 45 + 3);
    std::vector<std::uint8_t> forged{1, static_cast<std::uint8_t>(idx),
                                     0, static_cast<std::uint8_t>(pos),
                                     0, static_cast<std::uint8_t>(k * 41)};
    forged.resize(64, static_cast<std::uint8_t>(k));
    write(root / "fuzz_states", "gen-forge-" + std::to_string(k), forged);
    std::vector<std::uint8_t> play{2, static_cast<std::uint8_t>(idx * 3), 0};
    play.resize(96, static_cast<std::uint8_t>(7 * k + 1));
    write(root / "fuzz_states", "gen-play-" + std::to_string(k), play);
  }

  // fuzz_actions: each rule set, a warm-up, then blocks of every forging form.
  for (std::size_t r = 0; r < mus_fuzz::match_rules.size(); ++r) {
    std::vector<std::uint8_t> b;
    put64(b, 0x5EED0000ULL + r);
    const std::size_t start = r * 32 + 3 * r;  // a state of rule set r (the pool has 32 each)
    b.push_back(static_cast<std::uint8_t>(start));
    b.push_back(static_cast<std::uint8_t>(start >> 8));
    b.push_back(static_cast<std::uint8_t>(r * 7));
    for (int form = 0; form < 4; ++form) {
      b.push_back(static_cast<std::uint8_t>(0x80 | (form << 3) | (r & 7)));
      for (int i = 0; i < 24; ++i) b.push_back(static_cast<std::uint8_t>(form * 31 + i * 7 + r));
    }
    write(root / "fuzz_actions", "gen-" + std::to_string(r), b);
  }

  // fuzz_parsers: texts of states, of each seat's view and of the actions listed there.
  for (std::size_t i = 0; i < pool.size(); i += 17) {
    const mus::State s = mus_fuzz::cpp_state(pool[i]);
    const std::string st = mus::state_to_text(s);
    write(root / "fuzz_parsers", "gen-state-" + std::to_string(i), st.data(), st.size());
    const std::string v = mus::view_to_text(mus::view_of(s, static_cast<int>(i % 4)));
    write(root / "fuzz_parsers", "gen-view-" + std::to_string(i), v.data(), v.size());
    const mus::ActionList list = mus::legal_actions(s);
    for (std::size_t k = 0; k < list.size; ++k) {
      const std::string a = mus::action_to_text(list.items[k]);
      write(root / "fuzz_parsers", "gen-action-" + std::to_string(i) + "-" + std::to_string(k),
            a.data(), a.size());
    }
  }
  return 0;
}
