// `mus-cli eval`: one hand analysed lance by lance, with its exact chances against one random
// opposing hand; or four hands and who wins each lance.
#include <array>
#include <iostream>
#include <string>
#include <vector>

#include "cli.hpp"
#include "text.hpp"

namespace muscli {

namespace {

constexpr std::string_view eval_help = R"(usage: mus-cli eval "HAND" [--rules RULES]
       mus-cli eval "HAND0 | HAND1 | HAND2 | HAND3" [--mano N] [--rules RULES]

One hand, e.g. mus-cli eval "Ko 3c Qe Ab": its strength in each lance (and the share of all
91,390 hands it beats), its pares, its juego or punto and what beats its juego, its name if
it has one, the signals of the rules' signal set (R33a) that are true of it, and its exact
chances in each lance against ONE random opposing hand drawn from the other 36 cards: all
C(36,4) = 58,905 hands are enumerated and counted as win, tie or lose. A tie goes to the
hand nearer the mano (R9), so as mano you win 'win + tie'. Pares and juego are not played
when neither hand has them (then the juego row gives way to punto).

Four hands separated by '|' or ',' (seat 0 first): who wins grande, chica, pares and
juego or punto, and the tantos, with seat N mano.

options:
  --mano N       the mano's seat for four hands (default 0)
  --rules RULES  standard (default: 8 kings), spain, basque (4 kings), online, or
                 parse_rules text such as "standard kings=4 royal31=jack777"
)";

constexpr std::array<mus::Lance, 5> all_lances{
    mus::Lance::grande, mus::Lance::chica, mus::Lance::pares, mus::Lance::juego, mus::Lance::punto};

std::vector<std::string> split_hands(const std::string& text) {
  std::vector<std::string> out(1);
  for (const char c : text) {
    if (c == '|' || c == ',') {
      out.emplace_back();
    } else {
      out.back() += c;
    }
  }
  return out;
}

struct Tally {
  long win = 0, tie = 0, lose = 0, not_played = 0;
};

// Counts, for every opposing hand, how the lance goes between `me` and it.
std::array<Tally, 5> duel_all(const mus::Hand& me, const mus::Rules& rules) {
  std::array<Tally, 5> t{};
  const mus::HandEval a = mus::evaluate(me, rules);
  std::array<std::uint8_t, mus::deck_size> rest{};
  int n = 0;
  for (int id = 0; id < mus::deck_size; ++id)
    if (!me.contains(mus::Card::from_id_unchecked(static_cast<std::uint8_t>(id))))
      rest[static_cast<std::size_t>(n++)] = static_cast<std::uint8_t>(id);
  const auto card = [&rest](int i) {
    return mus::Card::from_id_unchecked(rest[static_cast<std::size_t>(i)]);
  };
  const auto add = [](Tally& x, int mine, int theirs) {
    if (mine > theirs) {
      ++x.win;
    } else if (mine == theirs) {
      ++x.tie;
    } else {
      ++x.lose;
    }
  };
  for (int i = 0; i < n; ++i)
    for (int j = i + 1; j < n; ++j)
      for (int k = j + 1; k < n; ++k)
        for (int l = k + 1; l < n; ++l) {
          const mus::HandEval b = mus::evaluate(
              mus::Hand::from_cards_unchecked({card(i), card(j), card(k), card(l)}), rules);
          add(t[0], a.grande, b.grande);
          add(t[1], a.chica, b.chica);
          // Pares and juego: a hand without them does not play; if one side alone has them,
          // that side takes the lance (R23).
          const auto optional_lance = [&add](Tally& x, bool ma, bool mb, int sa, int sb) {
            if (!ma && !mb) {
              ++x.not_played;
            } else if (!mb) {
              ++x.win;
            } else if (!ma) {
              ++x.lose;
            } else {
              add(x, sa, sb);
            }
          };
          optional_lance(t[2], mus::has_pares(a), mus::has_pares(b), a.pares, b.pares);
          optional_lance(t[3], mus::has_juego(a), mus::has_juego(b), a.juego, b.juego);
          if (mus::has_juego(a) || mus::has_juego(b)) {
            ++t[4].not_played;
          } else {
            add(t[4], a.value, b.value);
          }
        }
  return t;
}

std::string cell(long count, long total) {
  std::string s =
      grouped(count) + " " + percent(static_cast<double>(count) / static_cast<double>(total));
  if (s.size() < 17) s.append(17 - s.size(), ' ');
  return s;
}

int one_hand(const mus::Hand& h, const mus::Rules& rules) {
  const mus::HandEval e = mus::evaluate(h, rules);
  std::cout << "Hand " << mus::to_string(h) << " · rules " << mus::format_rules(rules) << " ("
            << static_cast<int>(rules.kings) << " kings"
            << (rules.kings == 8 ? ": every 3 is a king and every 2 an ace" : "") << ")\n";
  const auto pct = [&](mus::Lance l) {
    std::string p = percent(mus::lance_percentile(e, l, rules.kings));
    p.pop_back();  // "94.8%" -> "94.8": a percentile
    return p;
  };
  std::cout << "  (percentile: the share of hands it beats, ties counted half)\n";
  std::cout << "  Grande   " << ranks_text(e) << "   percentile " << pct(mus::Lance::grande)
            << " of all hands\n";
  std::cout << "  Chica    " << ranks_text(e, true) << "   percentile " << pct(mus::Lance::chica)
            << " of all hands\n";
  std::cout << "  Pares    " << mus::pares_text(e);
  if (mus::has_pares(e))
    std::cout << " (" << mus::pares_tantos(e) << (mus::pares_tantos(e) == 1 ? " tanto" : " tantos")
              << "), percentile " << pct(mus::Lance::pares) << " of the hands with pares";
  std::cout << '\n';
  if (mus::has_juego(e)) {
    std::cout << "  Juego    " << juego_text(e) << " (" << mus::juego_tantos(e)
              << " tantos), percentile " << pct(mus::Lance::juego) << " of the hands with juego; "
              << juego_standing(e, rules) << '\n';
  } else {
    std::cout << "  Juego    no juego: punto " << static_cast<int>(e.value) << ", percentile "
              << pct(mus::Lance::punto) << " of the hands without juego\n";
  }
  const mus::NamedHand name = mus::named_hand(h, rules.kings);
  if (name != mus::NamedHand::none)
    std::cout << "  Name     " << mus::named_hand_name(name) << '\n';
  // Only the signals the rules' signal set allows (R33a): need_mus is a sign of the online
  // set, and signals=off has none.
  const std::uint16_t signals = allowed_true_signals(h, rules);
  std::cout << "  Signals  "
            << (signals != 0 ? signals_text(signals, true)
                : rules.signals == mus::SignalSet::off
                    ? std::string("none: these rules play without signals (signals=off)")
                    : std::string("none of these rules' signals is true of this hand"))
            << '\n';

  const std::array<Tally, 5> t = duel_all(h, rules);
  const long total = t[0].win + t[0].tie + t[0].lose;
  std::cout << "\nAgainst ONE random opposing hand from the other 36 cards (all " << grouped(total)
            << " hands, equally likely):\n";
  std::cout << "  lance    win              tie              lose             not played       win "
               "as mano\n";
  for (std::size_t i = 0; i < all_lances.size(); ++i) {
    const std::string title(lance_title(all_lances[i]));
    const long played = t[i].win + t[i].tie + t[i].lose;
    std::cout << "  " << title << std::string(9 - title.size(), ' ') << cell(t[i].win, total)
              << cell(t[i].tie, total) << cell(t[i].lose, total) << cell(t[i].not_played, total)
              << (played == 0 ? std::string("-")
                              : percent(static_cast<double>(t[i].win + t[i].tie) /
                                        static_cast<double>(played)) +
                                    " of played")
              << '\n';
  }
  std::cout
      << "Ties go to the hand nearer the mano (R9): as mano you win 'win + tie', otherwise only\n"
         "'win'. In pares and juego a hand that alone has them wins; 'not played' counts the\n"
         "hands where neither has them (juego then gives way to punto).\n";
  return 0;
}

int four_hands(const std::array<mus::Hand, 4>& hands, int mano, const mus::Rules& rules) {
  mus::TableEval t{};
  for (std::size_t s = 0; s < 4; ++s) t[s] = mus::evaluate(hands[s], rules);
  std::cout << "Four hands, seat " << mano << " mano · rules " << mus::format_rules(rules) << '\n';
  for (int s = 0; s < mus::seats; ++s) {
    std::string name = seat_text(s) + (s == mano ? " (mano)" : "");
    name.append(16 - name.size(), ' ');
    std::cout << "  " << name << mus::to_string(hands[static_cast<std::size_t>(s)]) << "   "
              << hand_summary(hands[static_cast<std::size_t>(s)], rules) << '\n';
  }
  for (const mus::Lance l : all_lances) {
    std::string title(lance_title(l));
    title.append(9 - title.size(), ' ');
    const int w = mus::lance_winner(t, l, mano);
    std::cout << "  " << title;
    if (w < 0) {
      if (l == mus::Lance::punto) {
        std::cout << "not played: somebody has juego\n";
      } else {
        std::cout << "not played: nobody has " << mus::lance_name(l)
                  << (l == mus::Lance::juego ? " (punto is played)" : "") << '\n';
      }
      continue;
    }
    const int team = mus::team_of(w);
    std::cout << seat_text(w) << " (team " << team << ") wins with "
              << lance_hand_text(t[static_cast<std::size_t>(w)], l);
    if (l == mus::Lance::pares || l == mus::Lance::juego) {
      const int a = mus::hand_tantos(t[static_cast<std::size_t>(team)], l);
      const int b = mus::hand_tantos(t[static_cast<std::size_t>(team + 2)], l);
      std::cout << " · tantos for team " << team << ": " << a + b << " (seat " << team << " " << a
                << ", seat " << team + 2 << " " << b << ")";
    }
    std::cout << '\n';
  }
  return 0;
}

}  // namespace

int cmd_eval(int argc, char** argv) {
  Args args;
  if (const int rc = start_command(args, argc, argv, "eval", eval_help,
                                   {{"mano", true}, {"rules", true}}, true);
      rc >= 0)
    return rc;
  mus::Rules rules;
  long long mano = 0;
  if (!args.rules(rules) || !args.number("mano", 0, 3, 0, mano))
    return usage_error("eval", args.error());
  if (args.positional().size() != 1)
    return usage_error("eval", "expected one argument: a hand, or four hands separated by '|'");
  const std::vector<std::string> parts = split_hands(args.positional()[0]);
  if (parts.size() != 1 && parts.size() != 4)
    return usage_error("eval",
                       "expected one hand or four hands, found " + std::to_string(parts.size()));
  std::array<mus::Hand, 4> hands{};
  std::uint64_t seen = 0;
  for (std::size_t i = 0; i < parts.size(); ++i) {
    const auto h = mus::parse_hand(parts[i]);
    const std::string which =
        parts.size() == 1 ? "the hand"
                          : "hand " + std::to_string(i) + " (seat " + std::to_string(i) + ")";
    if (!h) return usage_error("eval", which + " '" + parts[i] + "': " + h.error().describe());
    if ((seen & h->mask()) != 0)
      return usage_error("eval", which + " repeats a card of another hand");
    seen |= h->mask();
    hands[i] = *h;
  }
  if (parts.size() == 1) return one_hand(hands[0], rules);
  return four_hands(hands, static_cast<int>(mano), rules);
}

}  // namespace muscli
