// Helpers of the observation tests: a C API state from a C++ one (through the state text, as a
// client would receive it), and random play of every rule set of the serialization tests.
#ifndef MUS_TESTS_OBSERVATION_TEST_UTIL_HPP
#define MUS_TESTS_OBSERVATION_TEST_UTIL_HPP

#include <cstdint>
#include <string>

#include "../serialize/serialize_test_util.hpp"
#include "mus/mus.h"
#include "mus/serialize.hpp"

namespace obs {

// The mus_state of a State: its text read back by mus_state_parse (which stamps it).
inline mus_state to_c(const mus::State& s) {
  mus_state c;
  const std::string text = mus::state_to_text(s);
  REQUIRE(mus_state_parse(text.c_str(), &c, nullptr) == MUS_OK);
  return c;
}

// Plays `matches` whole random matches of each rule set, calling `on_state(rules name, state)`
// before every action and at the end. Returns the number of states seen.
template <class OnState>
long play_rule_sets(int matches, std::uint64_t seed, OnState&& on_state) {
  long states = 0;
  for (const auto& r : st::rule_sets()) {
    st::Player p(r.rules, seed++);
    for (int m = 0; m < matches; ++m)
      p.play_match(
          [&](const mus::State& s) {
            ++states;
            on_state(r.name, s);
          },
          [](const mus::State&, const mus::Action&, const mus::Events&, const mus::State&) {});
  }
  return states;
}

}  // namespace obs

#endif  // MUS_TESTS_OBSERVATION_TEST_UTIL_HPP
