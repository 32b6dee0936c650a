// The C++ quick start quoted by the documentation (docs/quickstart.md). It is compiled and run
// as the test docs.snippet.quickstart, and exits non-zero if the library ever disagrees with
// what the page says, so the page cannot drift from the code.
#include <array>
#include <cstdio>
#include <string_view>

#include <mus/mus.hpp>

int main() {
  //! [evaluate]
  const mus::Rules rules = mus::standard_rules();  // 8 kings, 40 points, best of three games

  const mus::Result<mus::Hand> hand = mus::parse_hand("Rc 3e Qo 1b");  // R2; Spanish letters too
  if (!hand) {
    std::fprintf(stderr, "bad hand: %s\n", hand.error().describe().c_str());
    return 1;
  }
  // With 8 kings the 3 plays as a king (R4): K K Q A, worth 10 + 10 + 10 + 1 = 31 (R6).
  const mus::HandEval e = mus::evaluate(*hand, rules);
  std::printf("%s: value %d, juego %s, pares tantos %d\n", mus::to_string(*hand).c_str(),
              int{e.value}, mus::has_juego(e) ? "yes" : "no", mus::pares_tantos(e));
  //! [evaluate]
  if (mus::to_string(*hand) != "Kc 3e Qo Ab" || e.value != 31 || mus::pares_tantos(e) != 1)
    return 1;

  //! [lances]
  // Four hands, seat 0's first; seat 0 is mano, so it wins every tie (R9).
  constexpr std::array<std::string_view, mus::seats> texts{"Kc 3e Qo Ab", "7o 7c 7e Jb",
                                                           "Ko Kb Qc Qe", "4o 5c 6e 7b"};
  mus::TableEval table{};
  for (int seat = 0; seat < mus::seats; ++seat) {
    const auto h = mus::parse_hand(texts[seat]);
    if (!h) return 1;
    table[seat] = mus::evaluate(*h, rules);
  }
  const int mano = 0;
  for (const mus::Lance lance : {mus::Lance::grande, mus::Lance::chica, mus::Lance::pares,
                                 mus::Lance::juego, mus::Lance::punto}) {
    const int winner = mus::lance_winner(table, lance, mano);  // -1: nobody plays it
    const std::string_view name = mus::lance_name(lance);
    if (winner < 0)
      std::printf("%-6.*s not played\n", static_cast<int>(name.size()), name.data());
    else
      std::printf("%-6.*s won by seat %d\n", static_cast<int>(name.size()), name.data(), winner);
  }
  //! [lances]
  // Grande: K K Q Q (seat 2) beats K K Q A. Chica: seat 0's ace is the lowest card. Pares:
  // duples of kings and caballos (seat 2) beat medias and a pareja. Juego: seats 0 and 1 both
  // have 31 and the mano wins the tie (R9). Punto: not played, somebody has juego (R20).
  const std::array<int, 5> expected{2, 0, 2, 0, -1};
  for (int l = 0; l < 5; ++l)
    if (mus::lance_winner(table, static_cast<mus::Lance>(l), mano) != expected[l]) return 1;
  return 0;
}
