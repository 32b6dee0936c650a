// mus-eval-demo: four fixed hands, what each holds in Mus terms, and who wins each lance.
//
// Everything printed comes from the library: the hands are parsed from text (rules R2), each
// is evaluated once (R4-R6, R16-R21) and the four lances are decided with seat 0 as mano (R9).
// Nothing is random, so the output is the same on every run.
#include <array>
#include <cstddef>
#include <cstdio>
#include <string>
#include <string_view>

#include "mus/mus.h"
#include "mus/mus.hpp"

namespace {

// The four effective ranks, high to low ("K K A A" for Ko 3c Ab 2e with 8 kings) or low to high,
// read from the grande strength, whose decimal digits are those ranks.
std::string effective_ranks(const mus::HandEval& e, bool low_first = false) {
  constexpr std::array<int, mus::hand_size> place{1000, 100, 10, 1};  // highest rank first
  std::string out;
  for (int i = 0; i < mus::hand_size; ++i) {
    if (!out.empty()) out += ' ';
    const int p = place[static_cast<std::size_t>(low_first ? mus::hand_size - 1 - i : i)];
    out += mus::rank_letter(static_cast<mus::Rank>(e.grande / p % 10));
  }
  return out;
}

// "juego of 31", "juego of 40", "no juego (punto 22)" (R19, R20).
std::string juego_text(const mus::HandEval& e) {
  const int v = e.value;
  std::string out = mus::has_juego(e) ? "juego of " + std::to_string(v)
                                      : "no juego (punto " + std::to_string(v) + ")";
  if (mus::is_real31(e)) out += ", a 31 real";
  return out;
}

constexpr int team_of(int seat) { return seat % 2; }

constexpr std::array<std::string_view, 5> lance_names{"Grande", "Chica", "Pares", "Juego", "Punto"};

}  // namespace

int main() {
  // Seat 0's hand first; seats follow the playing order (R7).
  constexpr std::array<std::string_view, mus::seats> texts{"Ko 3c Ab 2e", "Jo 7c 7e 7b",
                                                           "Kc Qe Jb Ke", "4o 5c 6e 7o"};
  const mus::Rules rules = mus::standard_rules();
  const int mano = 0;

  std::array<mus::Hand, mus::seats> hands{};
  mus::TableEval table{};
  for (int seat = 0; seat < mus::seats; ++seat) {
    const auto parsed = mus::parse_hand(texts[seat]);
    if (!parsed) {
      std::fprintf(stderr, "cannot parse \"%.*s\": %s\n", static_cast<int>(texts[seat].size()),
                   texts[seat].data(), parsed.error().describe().c_str());
      return 1;
    }
    hands[seat] = *parsed;
    table[seat] = mus::evaluate(*parsed, rules);
  }

  std::printf("libmus %s: four hands under the rules \"%s\"\n", MUS_VERSION_STRING,
              mus::format_rules(rules).c_str());
  std::printf("With %d kings every 3 plays as a king and every 2 as an ace.\n", int{rules.kings});
  std::printf("Team 0 is seats 0 and 2, team 1 is seats 1 and 3; seat %d is mano.\n\n", mano);

  for (int seat = 0; seat < mus::seats; ++seat) {
    const mus::HandEval& e = table[seat];
    const auto name = mus::named_hand_name(mus::named_hand(hands[seat], rules.kings));
    std::printf("Seat %d (team %d)%s: %s\n", seat, team_of(seat), seat == mano ? ", mano" : "",
                mus::to_string(hands[seat]).c_str());
    std::printf("  plays as  %s\n", effective_ranks(e).c_str());
    std::printf("  pares     %s\n", mus::pares_text(e).c_str());
    std::printf("  juego     %s\n", juego_text(e).c_str());
    if (!name.empty())
      std::printf("  named     %.*s\n", static_cast<int>(name.size()), name.data());
  }

  std::printf("\nWho wins each lance (ties go to the seat nearer the mano):\n");
  for (int l = 0; l < static_cast<int>(lance_names.size()); ++l) {
    const auto lance = static_cast<mus::Lance>(l);
    const int winner = mus::lance_winner(table, lance, mano);
    std::printf("  %-7.*s ", static_cast<int>(lance_names[l].size()), lance_names[l].data());
    if (winner < 0) {
      if (lance == mus::Lance::pares)
        std::printf("not played: nobody has pares\n");
      else if (lance == mus::Lance::juego)
        std::printf("not played: nobody has juego, so punto is played instead\n");
      else
        std::printf("not played: somebody has juego\n");
      continue;
    }
    const mus::HandEval& w = table[winner];
    std::string detail;
    switch (lance) {
      case mus::Lance::grande: detail = effective_ranks(w); break;
      case mus::Lance::chica: detail = effective_ranks(w, true); break;
      case mus::Lance::pares: detail = mus::pares_text(w); break;
      case mus::Lance::juego:
      case mus::Lance::punto: detail = juego_text(w); break;
    }
    std::printf("seat %d (team %d) with %s", winner, team_of(winner), detail.c_str());

    // Equal hands that lost only because the winner speaks first.
    for (int k = 0; k < mus::seats; ++k) {
      const int other = (mano + k) % mus::seats;
      if (other != winner && mus::plays_lance(table[other], lance) &&
          mus::lance_strength(table[other], lance) == mus::lance_strength(w, lance))
        std::printf("; ties with seat %d and wins as nearer the mano", other);
    }

    // Pares and juego pay each partner's tantos to the winning team at the count (R28).
    if (lance == mus::Lance::pares || lance == mus::Lance::juego) {
      const int partner = (winner + 2) % mus::seats;
      const int own = mus::hand_tantos(w, lance);
      const int partners = mus::hand_tantos(table[partner], lance);
      std::printf("\n          worth %d tantos to team %d at the count (seat %d: %d, seat %d: %d)",
                  own + partners, team_of(winner), winner, own, partner, partners);
    }
    std::printf("\n");
  }
  return 0;
}
