// `mus-cli play`: a person at one seat against three bots. The person sees their own cards,
// the public events and the signals; numbered actions, one line per decision; `q` quits and
// the end of input quits cleanly, so it can be driven through a pipe.
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <fstream>
#include <iostream>
#include <memory>
#include <string>
#include <vector>

#include "bots.hpp"
#include "cli.hpp"
#include "printer.hpp"
#include "record.hpp"
#include "rng.hpp"
#include "table.hpp"
#include "text.hpp"
#include "tips.hpp"

namespace muscli {

namespace {

constexpr std::string_view play_help =
    R"(usage: mus-cli play [--seat N] [--seed N] [--rules RULES] [--tips]
                    [--bot KIND | --level LEVEL] [--record FILE] [--record-orders]

You sit at one seat against three bots (your partner is a bot too). Your cards and the
table are shown at each decision, with the legal actions numbered:
  3          play action 3; envido is one entry with its range, and asks how much
             (Enter = the smallest; any amount in the range)
  3 5        when action 3 is envido: envido 5 (or 5 más over an open bet)
  1 3        when discarding: throw the cards at positions 1 and 3
  h          help      t   tips now      q   quit (also at the end of the input)
Each signal that is true of your hand is an entry of its own (R33; when discarding, 's'
lists them), and you see every signal the bots make. The count is shown at the end of each
hand.

options:
  --seat N        your seat, 0..3 (default 0; your partner sits at N+2)
  --seed N        seed for the shuffles and the bots (default: from the clock, printed)
  --rules RULES   standard (default), spain, basque, online, or parse_rules text
  --tips          up to three short tips at each decision; when betting, the first is the
                  search bot's preferred action with its estimated points
  --bot KIND      the three bots: random, heuristic (default), search, a style of the
                  pool (tight, loose, station, ordago, careful), a level's kind (beginner,
                  amateur, expert), a level's id, or exploiter[:KIND], the search that
                  knows KIND's policy (the heuristic's by default)
  --bots KIND     the same as --bot
  --level LEVEL   the three bots by level (id or name), weakest first:
                  @LEVELS@
  --record FILE   save the match as a record (mus-cli replay FILE prints it)
  --record-orders write each shuffle in the record as its card order, not its seed
)";

std::vector<std::string> split_words(const std::string& line) {
  std::vector<std::string> out;
  std::string cur;
  for (const char c : line) {
    if (c == ' ' || c == '\t' || c == ',' || c == '\r') {
      if (!cur.empty()) out.push_back(cur);
      cur.clear();
    } else {
      cur += c;
    }
  }
  if (!cur.empty()) out.push_back(cur);
  return out;
}

// The words of a prompt that wants one number in lo..hi (`range` says it to the player): that
// number, or why not in `why` ("'7 8' is more than one number"). Nothing else is taken: not a
// second word, not a number with letters after it.
bool one_number(const std::vector<std::string>& w, int lo, int hi, const std::string& range,
                int& out, std::string& why) {
  std::uint64_t n = 0;
  if (w.size() == 1 && parse_int_in(w[0], lo, hi, out)) return true;
  if (w.empty()) {
    why = "type a number, " + range;
  } else if (w.size() > 1) {
    std::string all;
    for (const std::string& word : w) {
      if (!all.empty()) all += ' ';
      all += word;
    }
    why = "'" + all + "' is more than one number: type one, " + range;
  } else if (!parse_uint(w[0], n)) {
    why = "'" + w[0] + "' is not a number: type one, " + range;
  } else {
    why = std::to_string(n) + (n < static_cast<std::uint64_t>(lo) ? " is less than " : " is more than ") +
          std::to_string(n < static_cast<std::uint64_t>(lo) ? lo : hi);
  }
  return false;
}

// A bet's range as a player says it: the library's upper bound is far above any game
// ("2 to 999" in a 40-point game), so past the target it is "2 or more".
std::string bet_range_words(int lo, int hi, const mus::Rules& rules) {
  return hi >= rules.target ? std::to_string(lo) + " or more"
                            : std::to_string(lo) + " to " + std::to_string(hi);
}

// The bet that is the game (R28, R29): a lance's stake is scored at the count, so a bet that,
// accepted and won, brings the team to the target takes the game there (unless the other
// team reaches the target first, earlier in the count). For an open bet the stake is the
// proposed one plus the raise.
struct GameBet {
  int amount = 0;    // the smallest bet or raise that is the game; 0: none in range
  int stake = 0;     // the stake it makes
  int own = 0;       // the team's score now
  bool any = false;  // every amount allowed is the game
};

GameBet game_bet(const Situation& sit) {
  GameBet g;
  g.own = sit.view.score[static_cast<std::size_t>(mus::team_of(sit.seat))];
  const int base = sit.view.bet_open != 0 ? sit.view.proposed : 0;
  const int needed = sit.rules.target - g.own - base;
  g.any = needed <= sit.min_bet;
  g.amount = g.any ? sit.min_bet : needed;
  g.stake = base + g.amount;
  if (sit.min_bet <= 0 || g.amount > sit.max_bet) g.amount = 0;
  return g;
}

// The game bet as a player says it, on the line before "How much?".
std::string game_bet_line(const Situation& sit, const GameBet& g) {
  const bool raise = sit.view.bet_open != 0;
  const std::string stake = std::to_string(g.stake);
  std::string what;
  if (g.any)
    what = (raise ? "any raise (a stake of " : "any bet (a stake of ") + stake + " or more)";
  else if (raise)
    what = "raise " + std::to_string(g.amount) + " (a stake of " + stake + ")";
  else
    what = "a bet of " + stake;
  return "  Game: " + what + " takes your team from " + std::to_string(g.own) + " to " +
         std::to_string(sit.rules.target) +
         " at the count, if they say quiero and you win the lance.\n";
}

// How a lance went, in Mus words: "en paso", "quiero 5", "no quiero (deje 1)".
std::string status_words(const mus::LanceRecord& r) {
  switch (r.status) {
    case mus::LanceStatus::en_paso: return "en paso";
    case mus::LanceStatus::accepted: return "quiero " + std::to_string(r.stake);
    case mus::LanceStatus::refused: return "no quiero (deje " + std::to_string(r.stake) + ")";
    case mus::LanceStatus::skipped: return "not played";
    case mus::LanceStatus::one_team: return "team " + std::to_string(r.winner_team) + " only";
    default: return std::string(mus::lance_status_name(r.status));
  }
}

struct MenuEntry {
  mus::Action action;
  std::string text;
};

// A person at the table, reading decisions from `in`.
class Human final : public Agent {
 public:
  Human(std::istream& in, std::ostream& out, Printer& printer, const Table& table, bool tips)
      : in_(in),
        out_(out),
        printer_(printer),
        table_(table),
        tips_(tips),
        echo_(isatty(STDIN_FILENO) == 0) {}

  Choice act(const Situation& sit) override;
  Choice signal_round(const Situation& sit) override;

 private:
  enum class Read : std::uint8_t { line, quit };
  Read ask(const std::string& prompt, std::string& line);
  void show(const Situation& sit);
  void show_tips(const Situation& sit);
  std::vector<MenuEntry> menu(const Situation& sit) const;
  Choice discard(const Situation& sit);
  // Reads a signal number for `w` (or asks); 0 = cancelled, -1 = quit, else signal id + 1.
  int pick_signal(const Situation& sit, const std::string& given);
  bool legal(const mus::Action& a);

  std::istream& in_;
  std::ostream& out_;
  Printer& printer_;
  const Table& table_;
  bool tips_;
  bool echo_;
};

Human::Read Human::ask(const std::string& prompt, std::string& line) {
  out_ << prompt << std::flush;
  if (!std::getline(in_, line)) {
    out_ << "\n(end of input: you leave the table)\n";
    return Read::quit;
  }
  if (!line.empty() && line.back() == '\r') line.pop_back();
  if (echo_) out_ << line << '\n';
  const std::vector<std::string> w = split_words(line);
  if (!w.empty() && (w[0] == "q" || w[0] == "quit")) {
    out_ << "(you leave the table)\n";
    return Read::quit;
  }
  return Read::line;
}

bool Human::legal(const mus::Action& a) {
  const auto next = mus::apply(table_.state(), a);
  if (next) return true;
  out_ << "  Not allowed: " << refusal_text(next.error()) << ". Try again.\n";
  return false;
}

void Human::show_tips(const Situation& sit) {
  const std::vector<std::string> tips = tips_for(sit);
  if (tips.empty()) out_ << "  (no tips here)\n";
  for (const std::string& t : tips) out_ << "  tip: " << t << '\n';
}

void Human::show(const Situation& sit) {
  const mus::SeatView& v = sit.view;
  const int us = mus::team_of(sit.seat);
  out_ << "\n-- your turn: hand " << v.hand_number << ", " << mus::phase_name(v.phase);
  if (v.phase == mus::Phase::betting) out_ << ", " << mus::lance_name(v.lance);
  out_ << " --\n";
  out_ << "  Your cards: ";
  for (int i = 0; i < mus::hand_size; ++i)
    out_ << i + 1 << ":" << card_id_text(v.hand[static_cast<std::size_t>(i)]) << ' ';
  if (sit.complete) out_ << "  (" << hand_summary(sit.hand, sit.rules) << ")";
  out_ << "\n  Score: you (team " << us << ") "
       << points_text(v.score[static_cast<std::size_t>(us)]) << " · them "
       << points_text(v.score[static_cast<std::size_t>(1 - us)]) << " · games "
       << static_cast<int>(v.games[static_cast<std::size_t>(us)]) << "–"
       << static_cast<int>(v.games[static_cast<std::size_t>(1 - us)]) << " · dealer "
       << printer_.label(v.dealer) << ", mano " << printer_.label(v.mano) << '\n';
  if (v.phase == mus::Phase::betting) {
    std::string so_far;
    for (const mus::LanceRecord& r : v.lances) {
      if (r.status == mus::LanceStatus::pending || r.lance == v.lance) continue;
      if (!so_far.empty()) so_far += " · ";
      so_far += std::string(mus::lance_name(r.lance)) + " " + status_words(r);
    }
    if (!so_far.empty()) out_ << "  This hand: " << so_far << '\n';
    if (v.bet_open != 0) {
      if (v.is_ordago != 0) {
        out_ << "  Team " << static_cast<int>(v.bet_team)
             << " called órdago: quiero plays the whole game on " << mus::lance_name(v.lance)
             << "; no quiero gives them " << v.stake_before << ".\n";
      } else {
        out_ << "  Team " << static_cast<int>(v.bet_team) << " bets: quiero puts " << v.proposed
             << " at stake; no quiero gives them " << v.stake_before << ".\n";
      }
      if (v.proposal != 0) {  // R25a: the first answerer proposed, its partner decides
        const auto kind = static_cast<mus::ActionKind>(v.proposal);
        const std::string what = kind == mus::ActionKind::bet
                                     ? "envido " + std::to_string(v.proposal_amount) + " más"
                                 : kind == mus::ActionKind::accept ? std::string("quiero")
                                                                   : std::string("no quiero");
        out_ << "  " << printer_.label(v.proposer) << " proposes " << what
             << (kind == mus::ActionKind::bet      ? ": agree with the same raise, or raise more."
                 : kind == mus::ActionKind::accept ? ": agree, or raise; no quiero is not allowed."
                                                   : ": agree, or choose any other answer.")
             << '\n';
      }
    }
  }
  std::string seen;
  for (int s = 0; s < mus::seats; ++s) {
    if (v.signals[static_cast<std::size_t>(s)] == 0) continue;
    if (!seen.empty()) seen += "; ";
    seen += printer_.label(s) + (s == partner_of(sit.seat) ? " (partner)" : "") + ": " +
            signals_text(v.signals[static_cast<std::size_t>(s)]);
  }
  if (!seen.empty()) out_ << "  Signals made: " << seen << '\n';
  if (tips_) show_tips(sit);
}

// Where an action kind stands in the menu, as a player reads the choices: the calls first,
// the answers, then the bets, the signals last.
int menu_rank(mus::ActionKind k) {
  switch (k) {
    case mus::ActionKind::mus: return 0;
    case mus::ActionKind::cut: return 1;
    case mus::ActionKind::pass: return 2;
    case mus::ActionKind::accept: return 3;
    case mus::ActionKind::reject: return 4;
    case mus::ActionKind::bet: return 5;
    case mus::ActionKind::ordago: return 6;
    case mus::ActionKind::perete: return 7;
    case mus::ActionKind::signal: return 8;
    default: return 9;
  }
}

std::vector<MenuEntry> Human::menu(const Situation& sit) const {
  // One entry per distinct choice: the library lists each bet of its ladder as its own action,
  // but a person makes one choice, "envido", and says how much (any amount from min_bet to
  // max_bet, on the ladder or not); each signal is named.
  std::vector<MenuEntry> m;
  const mus::SeatView& v = sit.view;
  bool bet_listed = false;
  for (std::size_t i = 0; i < sit.legal.size; ++i) {
    const mus::Action& a = sit.legal.items[i];
    std::string text;
    switch (a.kind) {
      case mus::ActionKind::mus: text = "mus (ask for a discard)"; break;
      case mus::ActionKind::cut: text = "no hay mus (cut: play this hand)"; break;
      case mus::ActionKind::pass:
        text = v.phase == mus::Phase::perete ? "do not declare tío Perete" : "paso";
        break;
      case mus::ActionKind::bet:
        if (bet_listed) continue;
        bet_listed = true;
        text = (v.bet_open != 0 ? "envido más: raise by " : "envido: bet ") +
               bet_range_words(sit.min_bet, sit.max_bet, sit.rules) + ", you say how much";
        if (v.proposal == static_cast<std::uint8_t>(mus::ActionKind::bet))
          text += " (" + std::to_string(v.proposal_amount) + " agrees with your partner)";
        break;
      case mus::ActionKind::ordago: text = "órdago (the whole game)"; break;
      case mus::ActionKind::accept:
        text = v.is_ordago != 0 ? "quiero (accept the órdago)"
                                : "quiero (accept " + std::to_string(v.proposed) + ")";
        if (v.proposal == static_cast<std::uint8_t>(mus::ActionKind::accept))
          text += ": agree with your partner";
        break;
      case mus::ActionKind::reject:
        text = "no quiero (they score " + std::to_string(v.stake_before) + ")";
        if (v.proposal == static_cast<std::uint8_t>(mus::ActionKind::reject))
          text += ": agree with your partner";
        break;
      case mus::ActionKind::signal: {
        const auto sig = static_cast<mus::Signal>(a.amount);
        text = "signal " + std::string(signal_title(sig)) + " to your partner (" +
               std::string(mus::signal_gesture(sig)) + ")";
        break;
      }
      case mus::ActionKind::perete: text = "declare tío Perete (1 point)"; break;
      default: text = std::string(mus::action_kind_name(a.kind)); break;
    }
    m.push_back({a, text});
  }
  std::stable_sort(m.begin(), m.end(), [](const MenuEntry& x, const MenuEntry& y) {
    return menu_rank(x.action.kind) < menu_rank(y.action.kind);
  });
  return m;
}

int Human::pick_signal(const Situation& sit, const std::string& given) {
  std::vector<int> ids;
  for (int k = 0; k < mus::signal_count; ++k)
    if (((sit.open_signals >> k) & 1U) != 0) ids.push_back(k);
  if (ids.empty()) {
    out_ << "  No signal left that is true of your hand.\n";
    return 0;
  }
  std::string choice = given;
  for (;;) {
    if (choice.empty()) {
      out_ << "  Signals true of your hand:";
      for (std::size_t i = 0; i < ids.size(); ++i)
        out_ << "  " << i + 1 << ") " << signal_title(static_cast<mus::Signal>(ids[i])) << " ("
             << mus::signal_gesture(static_cast<mus::Signal>(ids[i])) << ")";
      out_ << '\n';
      std::string line;
      if (ask("  Which signal? (number, Enter = none) > ", line) == Read::quit) return -1;
      const std::vector<std::string> w = split_words(line);
      if (w.empty()) return 0;
      if (w.size() > 1) {
        out_ << "  '" << line << "' is more than one signal: type one number, 1.." << ids.size()
             << ".\n";
        continue;
      }
      choice = w[0];
    }
    int n = 0;
    if (parse_int_in(choice, 1, static_cast<int>(ids.size()), n))
      return ids[static_cast<std::size_t>(n - 1)] + 1;
    const int by_name = parse_signal(choice);
    for (const int id : ids)
      if (id == by_name) return id + 1;
    out_ << "  '" << choice << "' is not one of the signals listed: type 1.." << ids.size()
         << ".\n";
    choice.clear();
  }
}

Choice Human::discard(const Situation& sit) {
  const bool zero_ok = sit.rules.zero_discard;
  show(sit);
  for (;;) {
    std::string line;
    if (ask(std::string("Discard which cards? positions 1-4, e.g. '1 3'") +
                (zero_ok ? ", 0 = none" : "") + "; s = signal, h = help > ",
            line) == Read::quit)
      return Choice::quit();
    const std::vector<std::string> w = split_words(line);
    if (w.empty()) {
      out_ << "  Type the positions of the cards to throw, e.g. '1 3'.\n";
      continue;
    }
    if (w[0] == "h" || w[0] == "help" || w[0] == "?") {
      out_ << "  Positions count from 1 at the left of 'Your cards'. You throw at least one card"
           << (zero_ok ? " (or 0 for none, servido)" : "") << "; the dealer gives replacements.\n";
      continue;
    }
    if (w[0] == "t") {
      show_tips(sit);
      continue;
    }
    if (w[0] == "s") {
      if (w.size() > 2) {
        out_ << "  's' takes one signal at most, e.g. 's 1'.\n";
        continue;
      }
      const int s = pick_signal(sit, w.size() > 1 ? w[1] : "");
      if (s < 0) return Choice::quit();
      if (s == 0) continue;
      return Choice::play(mus::Action::signal(sit.seat, static_cast<mus::Signal>(s - 1)));
    }
    std::uint64_t mask = 0;
    bool ok = true;
    const bool none = zero_ok && w.size() == 1 && w[0] == "0";
    for (const std::string& word : none ? std::vector<std::string>{} : w)
      for (const char c : word) {
        if (c < '1' || c > '4') {
          ok = false;
          break;
        }
        const std::uint64_t bit = std::uint64_t{1}
                                  << sit.view.hand[static_cast<std::size_t>(c - '1')];
        if ((mask & bit) != 0) ok = false;
        mask |= bit;
      }
    if (!ok) {
      out_ << "  '" << line << "' is not a list of positions 1-4 (each once), e.g. '1 3'.\n";
      continue;
    }
    const mus::Action a = mus::Action::discard(sit.seat, mask);
    if (legal(a)) return Choice::play(a);
  }
}

Choice Human::act(const Situation& sit) {
  printer_.flush();
  if (sit.view.phase == mus::Phase::discard) return discard(sit);
  show(sit);
  const std::vector<MenuEntry> m = menu(sit);
  for (std::size_t i = 0; i < m.size(); ++i) out_ << "  " << i + 1 << ") " << m[i].text << '\n';
  for (;;) {
    std::string line;
    if (ask("Your choice (number; h help, t tips, q quit) > ", line) == Read::quit)
      return Choice::quit();
    const std::vector<std::string> w = split_words(line);
    if (w.empty()) {
      out_ << "  Type the number of an action, 1.." << m.size() << ".\n";
      continue;
    }
    if (w[0] == "h" || w[0] == "help" || w[0] == "?") {
      out_ << "  Type an action's number. After envido's number you may add the amount ('2 5');\n"
              "  without it you are asked how much. Paso passes; envido bets; quiero accepts,\n"
              "  no quiero refuses (a deje for them); órdago bets the whole game. q quits.\n";
      for (std::size_t i = 0; i < m.size(); ++i) out_ << "  " << i + 1 << ") " << m[i].text << '\n';
      continue;
    }
    if (w[0] == "t") {
      show_tips(sit);
      continue;
    }
    int n = 0;
    if (!parse_int_in(w[0], 1, static_cast<int>(m.size()), n)) {
      out_ << "  '" << w[0] << "' is not one of the actions: type 1.." << m.size() << ".\n";
      continue;
    }
    mus::Action a = m[static_cast<std::size_t>(n - 1)].action;
    if (a.kind == mus::ActionKind::bet) {
      // The one envido entry: the amount comes with it ("2 5") or is asked for, once (not
      // when only one amount is legal), and asked again, saying why, until it is exactly one
      // number in range.
      if (w.size() > 2) {
        out_ << "  '" << line << "': type envido's number and one amount, e.g. '" << n << ' '
             << sit.min_bet << "'.\n";
        continue;
      }
      const std::string range = bet_range_words(sit.min_bet, sit.max_bet, sit.rules);
      std::string why;
      int v = sit.min_bet;
      bool given = w.size() == 2 && one_number({w[1]}, sit.min_bet, sit.max_bet, range, v, why);
      if (w.size() == 2 && !given) out_ << "  The amount: " << why << ".\n";
      if (w.size() == 1 && sit.min_bet == sit.max_bet) given = true;
      const GameBet game = game_bet(sit);
      std::string game_note;
      if (!given && game.amount != 0) {
        out_ << game_bet_line(sit, game);
        game_note = "; game: " + (game.any ? std::string("any") : std::to_string(game.amount));
      }
      while (!given) {
        std::string l2;
        if (ask("  How much? (" + range + ", Enter = " + std::to_string(sit.min_bet) + game_note +
                    ") > ",
                l2) == Read::quit)
          return Choice::quit();
        const std::vector<std::string> w2 = split_words(l2);
        if (w2.empty()) {
          v = sit.min_bet;
          break;
        }
        given = one_number(w2, sit.min_bet, sit.max_bet, range, v, why);
        if (!given) out_ << "  The amount: " << why << ".\n";
      }
      a.amount = v;
    } else if (w.size() > 1) {
      out_ << "  Action " << n << " takes no amount.\n";
      continue;
    }
    if (legal(a)) return Choice::play(a);
  }
}

Choice Human::signal_round(const Situation& sit) {
  if (sit.open_signals == 0) return Choice::nothing();
  printer_.flush();
  out_ << "\n-- signs, before grande -- your cards: " << mus::to_string(sit.hand) << "  ("
       << hand_summary(sit.hand, sit.rules) << ")\n";
  const int s = pick_signal(sit, "");
  if (s < 0) return Choice::quit();
  if (s == 0) return Choice::nothing();
  return Choice::play(mus::Action::signal(sit.seat, static_cast<mus::Signal>(s - 1)));
}

}  // namespace

int cmd_play(int argc, char** argv) {
  Args args;
  if (const int rc = start_command(args, argc, argv, "play", with_levels(play_help),
                                   {{"seat", true},
                                    {"seed", true},
                                    {"rules", true},
                                    {"tips", false},
                                    {"bot", true},
                                    {"bots", true},
                                    {"level", true},
                                    {"record", true},
                                    {"record-orders", false}});
      rc >= 0)
    return rc;
  const auto clock_seed = static_cast<std::uint64_t>(
      std::chrono::system_clock::now().time_since_epoch().count() & 0xFFFFFFFF);
  std::uint64_t seed = 0;
  long long seat = 0;
  mus::Rules rules;
  std::string kind;
  if (!args.seed(clock_seed, seed) || !args.number("seat", 0, 3, 0, seat) || !args.rules(rules) ||
      !args.level_or_bot(args.has("bot") ? "bot" : "bots", "heuristic", kind))
    return usage_error("play", args.error());

  const int dealer = static_cast<int>(derive_seed(seed, Stream::dealer, 0) % mus::seats);
  const auto start = mus::new_match(rules, dealer);
  if (!start) return usage_error("play", start.error().describe());
  // The bots as a player reads them: a level by its name, a kind by its own.
  const bool by_level = args.has("level");
  const std::string bots_words =
      by_level ? "level " + std::string(mus::level_display_name(*mus::parse_level(kind))) + " bot"
               : kind + " bot";
  // What deals the same cards to the same bots again: every option the match depends on.
  const std::string rules_text = mus::format_rules(rules);
  const std::string again = "mus-cli play --seed " + std::to_string(seed) + " --seat " +
                            std::to_string(seat) + (by_level ? " --level " : " --bot ") + kind +
                            " --rules " +
                            (rules_text.find(' ') == std::string::npos ? rules_text
                                                                       : '"' + rules_text + '"');
  std::cout << "You are seat " << seat << " (team " << mus::team_of(static_cast<int>(seat))
            << "); your partner is seat " << partner_of(static_cast<int>(seat)) << " (" << bots_words
            << "). Seed " << seed << ": '" << again << "' deals the same cards again.\n"
            << "Type an action's number at each decision; h for help, q to quit.\n\n";
  Printer printer(std::cout, PrintOptions{static_cast<int>(seat), false});
  std::array<std::unique_ptr<Agent>, 4> bots;
  std::array<Agent*, 4> agents{};
  for (int s = 0; s < mus::seats; ++s)
    if (s != seat) {
      bots[static_cast<std::size_t>(s)] =
          make_bot(kind, derive_seed(seed, Stream::bot, static_cast<std::uint64_t>(s)));
      agents[static_cast<std::size_t>(s)] = bots[static_cast<std::size_t>(s)].get();
    }
  // The table exists before the person sits: the person checks actions against its state.
  Table table(*start, seed, agents);
  Human person(std::cin, std::cout, printer, table, args.has("tips"));
  table.seat(static_cast<int>(seat), &person);
  table.observe(&printer);
  RecordFile record;
  if (args.has("record")) {
    if (!record.open(args.get("record"), "play", args.has("record-orders"), again)) return 1;
    table.observe(record.writer.get());
  }
  const Outcome o = table.run();
  std::cout.flush();
  if (o == Outcome::error) {
    std::cerr << "mus-cli play: " << table.error() << '\n';
    return 1;
  }
  return record.finish("play") ? 0 : 1;
}

}  // namespace muscli
