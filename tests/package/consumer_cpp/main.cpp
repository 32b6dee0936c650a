// Package test consumer: uses the C++ library (mus::mus) as an outside project would.
// Exits non-zero when a result differs from what the rules say it must be.
#include <iostream>
#include <string>
#include <string_view>

#include "mus/mus.hpp"

namespace {

int failures = 0;

void check(bool ok, std::string_view what) {
  if (!ok) {
    std::cerr << "consumer_cpp: FAILED: " << what << '\n';
    ++failures;
  }
}

}  // namespace

int main() {
  // With the standard rules (8 kings) the 3 is a king: K K Q A, worth 10+10+10+1 = 31.
  const auto hand = mus::parse_hand("Ko 3c Qe Ab");
  check(hand.ok(), "parse_hand accepts \"Ko 3c Qe Ab\"");
  if (!hand) return 1;
  check(mus::to_string(*hand) == "Ko 3c Qe Ab", "to_string gives the hand back");

  const mus::Rules rules = mus::standard_rules();
  const mus::HandEval e = mus::evaluate(*hand, rules);
  check(e.value == 31, "the hand is worth 31");
  check(mus::has_juego(e), "31 is juego");
  check(mus::juego_tantos(e) == 3, "a juego of 31 brings 3 tantos");
  check(mus::pares_kind(e) == mus::ParesKind::pareja, "two kings are a pareja");

  // Compiled code from the static library (src/rules.cpp), not only inline headers.
  const auto parsed = mus::parse_rules("standard target=30");
  check(parsed.ok() && parsed->target == 30, "parse_rules reads target=30");
  if (parsed) check(mus::format_rules(*parsed) == "standard target=30", "format_rules");

  std::cout << "hand " << mus::to_string(*hand) << ": value " << int{e.value} << ", pares "
            << mus::pares_tantos(e) << " tantos, juego " << mus::juego_tantos(e) << " tantos\n";
  std::cout << (failures == 0 ? "consumer_cpp: ok\n" : "consumer_cpp: failed\n");
  return failures == 0 ? 0 : 1;
}
