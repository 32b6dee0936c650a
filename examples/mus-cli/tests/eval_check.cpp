// Checks `mus-cli eval` against a brute force written here from rules.md alone, without the
// library's evaluator: for a few hands, the win/tie/lose/not-played counts of every lance
// against all C(36,4) = 58,905 opposing hands, and for four hands the winner of each lance;
// what beats each juego total, and which signals are listed under each signal set.
//
// usage: mus_cli_eval_check PATH-TO-MUS-CLI
#include <algorithm>
#include <array>
#include <cstdio>
#include <iostream>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

namespace {

// --- the rules, written out directly (R2, R4-R6, R16-R20) -----------------------------------

struct Card {
  int rank;  // 0..9 for A 2 3 4 5 6 7 J Q K (R3)
  int suit;  // 0..3 for o c e b
};

using Hand = std::array<Card, 4>;

Card parse_card(const std::string& t) {
  const std::string ranks = "A234567JQK";
  const std::string suits = "oceb";
  return Card{static_cast<int>(ranks.find(t[0])), static_cast<int>(suits.find(t[1]))};
}

Hand parse_hand(const std::string& text) {
  std::istringstream in(text);
  Hand h{};
  std::string w;
  for (Card& c : h) {
    in >> w;
    c = parse_card(w);
  }
  return h;
}

// R4: with 8 kings a 3 plays as a king and a 2 as an ace.
int eff(int rank, int kings) {
  if (kings == 8 && rank == 2) return 9;
  if (kings == 8 && rank == 1) return 0;
  return rank;
}

// R6: figures 10, ace 1, others their face value.
int value(const Hand& h, int kings) {
  int v = 0;
  for (const Card& c : h) {
    const int r = eff(c.rank, kings);
    v += r >= 7 ? 10 : r + 1;
  }
  return v;
}

std::array<int, 4> ranks_sorted(const Hand& h, int kings, bool high_first) {
  std::array<int, 4> r{};
  for (std::size_t i = 0; i < 4; ++i) r[i] = eff(h[i].rank, kings);
  std::sort(r.begin(), r.end());
  if (high_first) std::reverse(r.begin(), r.end());
  return r;
}

int cmp(int a, int b) { return a > b ? 1 : (a < b ? -1 : 0); }

// +1 when a is better, -1 when b is, 0 for equal strength (R9 then decides by seat).
int grande(const Hand& a, const Hand& b, int kings) {  // R16
  const auto x = ranks_sorted(a, kings, true);
  const auto y = ranks_sorted(b, kings, true);
  for (std::size_t i = 0; i < 4; ++i)
    if (x[i] != y[i]) return cmp(x[i], y[i]);
  return 0;
}

int chica(const Hand& a, const Hand& b, int kings) {  // R17: lower cards win
  const auto x = ranks_sorted(a, kings, false);
  const auto y = ranks_sorted(b, kings, false);
  for (std::size_t i = 0; i < 4; ++i)
    if (x[i] != y[i]) return cmp(y[i], x[i]);
  return 0;
}

// R18: {kind, high group, low group}; kind 0 none, 1 pareja, 2 medias, 3 duples.
std::array<int, 3> pares(const Hand& h, int kings) {
  std::array<int, 10> n{};
  for (const Card& c : h) ++n[static_cast<std::size_t>(eff(c.rank, kings))];
  std::array<int, 2> pairs{};
  int n_pairs = 0;
  for (int r = 9; r >= 0; --r) {
    const int k = n[static_cast<std::size_t>(r)];
    if (k == 4) return {3, r, r};
    if (k == 3) return {2, r, 0};
    if (k == 2) pairs[static_cast<std::size_t>(n_pairs++)] = r;
  }
  if (n_pairs == 2) return {3, pairs[0], pairs[1]};
  if (n_pairs == 1) return {1, pairs[0], 0};
  return {0, 0, 0};
}

int pares_cmp(const Hand& a, const Hand& b, int kings) {
  const auto x = pares(a, kings);
  const auto y = pares(b, kings);
  for (std::size_t i = 0; i < 3; ++i)
    if (x[i] != y[i]) return cmp(x[i], y[i]);
  return 0;
}

// R19: 31 > 32 > 40 > 37 > 36 > 35 > 34 > 33.
int juego_rank(int v) {
  const std::array<int, 8> order{31, 32, 40, 37, 36, 35, 34, 33};
  for (std::size_t i = 0; i < order.size(); ++i)
    if (order[i] == v) return 100 - static_cast<int>(i);
  return 0;
}

struct Tally {
  long win = 0, tie = 0, lose = 0, not_played = 0;
  void add(int c) { c > 0 ? ++win : (c == 0 ? ++tie : ++lose); }
};

std::array<Tally, 5> brute(const Hand& me, int kings) {
  std::array<Tally, 5> t{};
  std::vector<Card> rest;
  for (int s = 0; s < 4; ++s)
    for (int r = 0; r < 10; ++r) {
      bool mine = false;
      for (const Card& c : me) mine = mine || (c.rank == r && c.suit == s);
      if (!mine) rest.push_back(Card{r, s});
    }
  const int my_value = value(me, kings);
  const bool my_pares = pares(me, kings)[0] != 0;
  for (std::size_t i = 0; i < rest.size(); ++i)
    for (std::size_t j = i + 1; j < rest.size(); ++j)
      for (std::size_t k = j + 1; k < rest.size(); ++k)
        for (std::size_t l = k + 1; l < rest.size(); ++l) {
          const Hand o{rest[i], rest[j], rest[k], rest[l]};
          t[0].add(grande(me, o, kings));
          t[1].add(chica(me, o, kings));
          const bool their_pares = pares(o, kings)[0] != 0;
          if (!my_pares && !their_pares) {
            ++t[2].not_played;
          } else if (!their_pares) {
            ++t[2].win;
          } else if (!my_pares) {
            ++t[2].lose;
          } else {
            t[2].add(pares_cmp(me, o, kings));
          }
          const int v = value(o, kings);
          const bool mj = my_value >= 31;
          const bool oj = v >= 31;
          if (!mj && !oj) {
            ++t[3].not_played;
            t[4].add(cmp(my_value, v));  // R20: punto, higher wins
          } else {
            ++t[4].not_played;
            if (!oj) {
              ++t[3].win;
            } else if (!mj) {
              ++t[3].lose;
            } else {
              t[3].add(cmp(juego_rank(my_value), juego_rank(v)));
            }
          }
        }
  return t;
}

// --- running mus-cli -------------------------------------------------------------------------

std::string run(const std::string& command) {
  std::unique_ptr<FILE, int (*)(FILE*)> p(popen(command.c_str(), "r"), pclose);
  if (!p) return {};
  std::string out;
  std::array<char, 4096> buf{};
  std::size_t n = 0;
  while ((n = std::fread(buf.data(), 1, buf.size(), p.get())) > 0) out.append(buf.data(), n);
  return out;
}

// The numbers of a line, commas removed: "  Grande   53,321 90.5% ..." gives 53321, 90, 5, ...
std::vector<long> numbers(const std::string& line) {
  std::vector<long> out;
  long cur = -1;
  for (const char c : line) {
    if (c >= '0' && c <= '9') {
      cur = (cur < 0 ? 0 : cur * 10) + (c - '0');
    } else if (c != ',' && cur >= 0) {
      out.push_back(cur);
      cur = -1;
    }
  }
  if (cur >= 0) out.push_back(cur);
  return out;
}

int failures = 0;

void expect(bool ok, const std::string& what) {
  if (!ok) {
    ++failures;
    std::cerr << "FAIL: " << what << '\n';
  }
}

void check_one(const std::string& cli, const std::string& hand, const std::string& rules,
               int kings) {
  const std::string out = run(cli + " eval \"" + hand + "\" --rules \"" + rules + "\"");
  const std::array<Tally, 5> t = brute(parse_hand(hand), kings);
  const std::array<std::string, 5> titles{"  Grande ", "  Chica ", "  Pares ", "  Juego ",
                                          "  Punto "};
  const std::size_t table = out.find("Against ONE");
  expect(table != std::string::npos, hand + ": no 'Against ONE' table in:\n" + out);
  if (table == std::string::npos) return;
  std::istringstream in(out.substr(table));
  std::string line;
  int rows = 0;
  while (std::getline(in, line)) {
    for (std::size_t i = 0; i < titles.size(); ++i) {
      if (line.rfind(titles[i], 0) != 0) continue;
      ++rows;
      const std::vector<long> n = numbers(line);
      // win count, win %, win tenths, tie count, ..., so counts are at 0, 3, 6, 9.
      const bool ok = n.size() >= 10 && n[0] == t[i].win && n[3] == t[i].tie && n[6] == t[i].lose &&
                      n[9] == t[i].not_played;
      expect(ok, hand + " [" + rules + "]" + titles[i] + ": expected win " +
                     std::to_string(t[i].win) + " tie " + std::to_string(t[i].tie) + " lose " +
                     std::to_string(t[i].lose) + " not played " + std::to_string(t[i].not_played) +
                     ", got: " + line);
    }
  }
  expect(rows == 5, hand + ": expected 5 lance rows, found " + std::to_string(rows));
}

// Four hands: the seat that wins each lance, decided here pairwise in speaking order (R9).
void check_four(const std::string& cli, const std::array<std::string, 4>& hands, int mano) {
  const int kings = 8;
  std::array<Hand, 4> h{};
  for (std::size_t i = 0; i < 4; ++i) h[i] = parse_hand(hands[i]);
  const auto winner = [&](auto better, auto plays) {
    int best = -1;
    for (int k = 0; k < 4; ++k) {
      const int s = (mano + k) % 4;
      if (!plays(h[static_cast<std::size_t>(s)])) continue;
      if (best < 0 || better(h[static_cast<std::size_t>(s)], h[static_cast<std::size_t>(best)]) > 0)
        best = s;
    }
    return best;
  };
  const auto all = [](const Hand&) { return true; };
  const auto has_pares = [&](const Hand& x) { return pares(x, kings)[0] != 0; };
  const auto has_juego = [&](const Hand& x) { return value(x, kings) >= 31; };
  bool any_juego = false;
  for (const Hand& x : h) any_juego = any_juego || has_juego(x);
  const std::array<int, 5> expected{
      winner([&](const Hand& a, const Hand& b) { return grande(a, b, kings); }, all),
      winner([&](const Hand& a, const Hand& b) { return chica(a, b, kings); }, all),
      winner([&](const Hand& a, const Hand& b) { return pares_cmp(a, b, kings); }, has_pares),
      winner(
          [&](const Hand& a, const Hand& b) {
            return cmp(juego_rank(value(a, kings)), juego_rank(value(b, kings)));
          },
          has_juego),
      any_juego ? -1
                : winner([&](const Hand& a,
                             const Hand& b) { return cmp(value(a, kings), value(b, kings)); },
                         all)};
  const std::string out = run(cli + " eval \"" + hands[0] + " | " + hands[1] + " | " + hands[2] +
                              " | " + hands[3] + "\" --mano " + std::to_string(mano));
  const std::array<std::string, 5> titles{"  Grande ", "  Chica ", "  Pares ", "  Juego ",
                                          "  Punto "};
  std::istringstream in(out);
  std::string line;
  int rows = 0;
  while (std::getline(in, line))
    for (std::size_t i = 0; i < titles.size(); ++i) {
      if (line.rfind(titles[i], 0) != 0) continue;
      ++rows;
      const std::string want =
          expected[i] < 0 ? "not played" : "seat " + std::to_string(expected[i]) + " (team";
      expect(line.find(want) != std::string::npos, "four hands, mano " + std::to_string(mano) +
                                                       titles[i] + ": expected '" + want +
                                                       "', got: " + line);
    }
  expect(rows == 5,
         "four hands: expected 5 lance rows, found " + std::to_string(rows) + " in:\n" + out);
}

// The line of `eval` that starts with `title`, or "" when there is none.
std::string eval_line(const std::string& out, const std::string& title) {
  std::istringstream in(out);
  std::string line;
  while (std::getline(in, line))
    if (line.rfind(title, 0) == 0) return line;
  return "";
}

// The juego row says what beats the hand's juego, in the R19 order written above (with a 31
// real above every 31 when the rules have one, R21): every juego value is checked.
void check_juego_standing(const std::string& cli, const std::string& hand, const std::string& rules,
                          bool royal, bool is_real) {
  const int v = value(parse_hand(hand), 8);
  std::vector<std::string> better;
  if (royal && !is_real) better.emplace_back("31 real");
  for (int w = 31; w <= 40; ++w)
    if (juego_rank(w) > juego_rank(v) && !(is_real && w == 31)) better.push_back(std::to_string(w));
  std::sort(better.begin(), better.end(), [](const std::string& a, const std::string& b) {
    const auto rank = [](const std::string& x) {
      return x == "31 real" ? 1000 : juego_rank(std::stoi(x));
    };
    return rank(a) > rank(b);
  });
  std::string want;
  if (better.empty()) {
    want = "; the best juego";
  } else if (better.size() == 1) {
    want = "; only " + better[0] + " beats it";
  } else {
    want = "; ";
    for (std::size_t i = 0; i < better.size(); ++i)
      want += (i == 0 ? "" : i + 1 == better.size() ? " and " : ", ") + better[i];
    want += " beat it";
  }
  const std::string line =
      eval_line(run(cli + " eval \"" + hand + "\" --rules \"" + rules + "\""), "  Juego ");
  const bool ok =
      line.size() >= want.size() && line.compare(line.size() - want.size(), want.size(), want) == 0;
  expect(ok, hand + " [" + rules + "] juego " + std::to_string(v) +
                 ": expected the row to end in '" + want + "', got: " + line);
}

// The signals row lists the true signals of the rules' signal set only (R33a), by their
// readable names: need_mus (the online set's wish) never under the full set.
void check_signals(const std::string& cli, const std::string& hand, const std::string& rules,
                   const std::vector<std::string>& present,
                   const std::vector<std::string>& absent) {
  const std::string line =
      eval_line(run(cli + " eval \"" + hand + "\" --rules \"" + rules + "\""), "  Signals ");
  for (const std::string& p : present)
    expect(line.find(p) != std::string::npos,
           hand + " [" + rules + "]: expected signal '" + p + "' in: " + line);
  for (const std::string& a : absent)
    expect(line.find(a) == std::string::npos,
           hand + " [" + rules + "]: did not expect '" + a + "' in: " + line);
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 2) {
    std::cerr << "usage: " << argv[0] << " PATH-TO-MUS-CLI\n";
    return 2;
  }
  const std::string cli = std::string("\"") + argv[1] + "\"";
  check_one(cli, "Ko 3c Qe Ab", "standard", 8);  // K K Q A: pareja of kings, 31
  check_one(cli, "Ao 2c 7e Jb", "standard", 8);  // A A 7 J: chica hand, punto 19
  check_one(cli, "4o 5c 6e 7b", "standard", 8);  // tío Perete, the worst hand
  check_one(cli, "Ko 3c 3e Kb", "standard", 8);  // four kings: duples, 40
  check_one(cli, "3o 3c 2e Qb", "basque", 4);    // 4 kings: 3 and 2 are their own ranks
  check_four(cli, {"Ko 3c Ab 2e", "Kb Qo Qc 7e", "Jo Jc Je Ac", "5o 6c 7b Ae"}, 0);
  check_four(cli, {"4o 5c 6e Ab", "4c 5e 6b Ao", "2o 7c 7e Jb", "Qe Jo 2c 3b"}, 2);
  // One hand for each juego total of R19 (8 kings: a 3 is a king, a 2 an ace).
  for (const std::string hand : {"Ko Qc Jo Ab", "Ko Qc 5o 7b", "Ko Qc 6o 7b", "Ko Qc Jo 4b",
                                 "Ko Qc Jo 5b", "Ko Qc Jo 6b", "Ko Qc Jo 7b", "Ko Qc Jo Kb"})
    check_juego_standing(cli, hand, "standard", false, false);
  check_juego_standing(cli, "Ko Qc Jo Ab", "standard royal31=jack777", true, false);
  check_juego_standing(cli, "Jo 7c 7e 7b", "standard royal31=jack777", true, true);
  check_juego_standing(cli, "Ko Qc Jo 5b", "standard royal31=jack777", true, false);
  check_signals(cli, "Ko 3c Qe Ab", "standard", {"two kings (", "pareja (", "juego 31 (wink)"},
                {"need", "_"});
  check_signals(cli, "Ko 3c Qe Ab", "online", {"two kings (", "juego 31 (", "need mus ("},
                {"pareja", "_"});
  check_signals(cli, "4o 5c 6e Jb", "standard", {"ciego (eyes closed)"}, {"need"});
  check_signals(cli, "Ko 3c Qe Ab", "standard signals=off", {"none: "}, {"two kings"});
  if (failures == 0) std::cout << "mus-cli eval agrees with the brute force\n";
  return failures == 0 ? 0 : 1;
}
