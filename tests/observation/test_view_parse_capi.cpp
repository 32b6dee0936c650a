// mus_view_parse() through libmus.so: at every step of random matches of every rule set, each
// seat's view text (mus_state_view_format) reads back as exactly the mus_view that mus_state_view()
// gives, and as the C++ view of the same state.
#include <cstdint>
#include <cstdio>
#include <cstring>

#include "observation_test_util.hpp"

namespace {

mus_view sized_view(unsigned char fill) {
  mus_view v;
  std::memset(&v, fill, sizeof v);
  v.struct_size = sizeof v;
  return v;
}

}  // namespace

TEST_CASE("View text read back through the C API equals the view, every seat at every step",
          "[observation][view]") {
  long views = 0;
  long failures = 0;
  const long states = obs::play_rule_sets(6, 0xC0FFEE, [&](const char* rules, const mus::State& s) {
    const mus_state c = obs::to_c(s);
    for (int seat = 0; seat < 4; ++seat) {
      char text[MUS_STATE_TEXT_MAX + 1];
      mus_view direct = sized_view(0x11);
      mus_view parsed = sized_view(0x22);
      std::int32_t pos = 7;
      const bool ok = mus_state_view_format(&c, seat, text, sizeof text, nullptr) == MUS_OK &&
                      mus_state_view(&c, seat, &direct) == MUS_OK &&
                      mus_view_parse(text, &parsed, &pos) == MUS_OK && pos == -1 &&
                      std::memcmp(&direct, &parsed, sizeof parsed) == 0;
      // The C view is the C++ view: its own cards and the public fields.
      const mus::SeatView v = mus::view_of(s, seat);
      const bool same = std::memcmp(parsed.hand, v.hand.data(), 4) == 0 && parsed.seat == seat &&
                        parsed.to_act == v.to_act && parsed.score[0] == v.score[0] &&
                        parsed.score[1] == v.score[1] && parsed.stake_before == v.stake_before &&
                        parsed.hand_number == static_cast<std::int32_t>(v.hand_number) &&
                        std::memcmp(parsed.last_shown, v.last.shown.data(), 16) == 0;
      ++views;
      if (!ok || !same) {
        if (++failures <= 5)
          std::printf("%s: seat %d: view does not read back: %s\n", rules, seat, text);
      }
    }
  });
  std::printf("[view parse] %ld states, %ld views\n", states, views);
  CHECK(failures == 0);
  CHECK(states > 1000);
}
