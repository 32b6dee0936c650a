// make_transcripts: writes the seeded match transcripts of tests/transcripts/ (match records,
// version 3, with every state line: mus/record.hpp, docs/records.md) and their list,
// transcripts.list. Each is one whole match played by the
// shared random player (../random_player.hpp) from a fixed seed; now and then a seat other than
// the one to act makes a true signal, as in the serialization tests.
//
//   make_transcripts <directory>
//
// Built as a target (mus_make_transcripts), never run by ctest: the files are checked in, and
// every binding's replayer must reproduce them byte for byte. Regenerate them only on purpose
// (a new state layout or new rules), with libstdc++ (std::shuffle draws explicit shuffle orders,
// and another standard library may draw others).
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <random>
#include <string>
#include <vector>

#include "../random_player.hpp"
#include "mus/match.hpp"
#include "mus/record.hpp"
#include "mus/rules.hpp"
#include "mus/serialize.hpp"

namespace {

struct Plan {
  const char* file;    // file name in the directory
  const char* rules;   // rules text (written back canonical by format_rules)
  int dealer;          // first dealer
  bool uniform;        // uniform random play, else "long" play (mostly mus, small bets)
  std::uint64_t seed;  // the first seed tried
  const char* about;   // a comment line for the file
  int min_hands = 1;   // the seeds tried until the match has this many hands...
  std::vector<const char*> needs{};  // ...and an action line ending with each of these
};

// Five presets and a flow variant; targets lowered where a whole match would be long.
const Plan plans[] = {
    {"standard.txt", "standard vacas=3", 0, true, 1001,
     "standard preset, three vacas to win; uniform random play"},
    {"spain.txt", "spain target=15 vacas=1", 1, false, 2002,
     "spain preset (3 games a vaca), 15 points, one vaca; long play"},
    {"basque.txt", "basque target=20", 2, false, 3003,
     "basque preset (4 kings, mus corrido each game), 20 points; long play"},
    {"online.txt", "online target=30", 3, false, 4004,
     "online preset (team proposals R25a, online signals), 30 points; long play", 6},
    {"variants.txt",
     "standard target=15 deje_ends=0 zero_discard=1 mus_corrido=match tio_perete=1 min_raise=1",
     0,
     false,
     5005,
     "flow variants: dejes checked at the hand's end, servido, mus corrido, tio Perete; long play",
     4,
     {" perete\n", " discard -\n"}},
    {"uniform-online.txt", "online vacas=4", 1, true, 6006,
     "online preset, four vacas to win; uniform random play (ordagos, proposals)"},
};

// The player's choice, with a signal by any seat now and then (as tests/serialize does).
mus::Action choose(const mus::State& s, bool uniform, std::mt19937_64& rng) {
  if (s.phase != mus::Phase::shuffle && !s.corrido_hand() && rng() % 16 == 0) {
    const mus::Action sig = mus::Action::signal(
        static_cast<int>(rng() % 4), static_cast<mus::Signal>(rng() % mus::signal_count));
    mus::State c = s;
    if (mus::apply_in_place(c, sig) == mus::Errc::ok) return sig;
  }
  const auto la = mus::legal_actions(s);
  return mus_test::with_chance(s, la.items[mus_test::pick_listed(s, la, uniform, rng)], rng);
}

// Plays the plan's match from `seed`: its actions, its record's text (written by the library,
// with every state) and its hand count.
struct Played {
  std::vector<mus::Action> actions;
  std::string records;
  unsigned hands = 0;
};

Played play(const Plan& p, const mus::Rules& rules, std::uint64_t seed) {
  Played out;
  mus::State s = *mus::new_match(rules, p.dealer);
  std::mt19937_64 rng(seed);
  while (s.phase != mus::Phase::match_over) {
    const mus::Action a = choose(s, p.uniform, rng);
    if (mus::apply_in_place(s, a) != mus::Errc::ok) {
      std::fprintf(stderr, "%s: the reducer refused %s\n", p.file, mus::action_to_text(a).c_str());
      std::exit(1);
    }
    out.actions.push_back(a);
  }
  out.hands = s.hand_number;
  mus::MatchRecord record;
  if (const mus::RecordError e = mus::record_match(rules, p.dealer, out.actions, true, record);
      !e.ok()) {
    std::fprintf(stderr, "%s: %s\n", p.file, e.describe().c_str());
    std::exit(1);
  }
  out.records = mus::record_to_text(record);
  return out;
}

// The plan's wishes: enough hands, and each needed ending of an action line.
bool enough(const Plan& p, const Played& m) {
  if (m.hands < static_cast<unsigned>(p.min_hands)) return false;
  for (const char* ending : p.needs)
    if (m.records.find(ending) == std::string::npos) return false;
  return true;
}

bool write_transcript(const std::filesystem::path& dir, const Plan& p) {
  const auto rules = mus::parse_rules(p.rules);
  if (!rules || !mus::new_match(*rules, p.dealer)) {
    std::fprintf(stderr, "%s: bad rules '%s'\n", p.file, p.rules);
    return false;
  }
  std::uint64_t seed = p.seed;
  Played m = play(p, *rules, seed);
  while (!enough(p, m)) {
    if (seed - p.seed > 10000) {
      std::fprintf(stderr, "%s: no seed from %llu gives the wished match\n", p.file,
                   static_cast<unsigned long long>(p.seed));
      return false;
    }
    m = play(p, *rules, ++seed);
  }
  // The record again, with its comment after the tag.
  mus::MatchRecord record;
  if (!mus::parse_record(m.records, record).ok()) return false;
  record.comment = std::string("libmus match transcript: ") + p.about + ".\n" +
                   "Written by tests/transcripts/make_transcripts.cpp (seed " +
                   std::to_string(seed) + "); format: docs/records.md, with every state line.";
  std::ofstream out(dir / p.file, std::ios::binary | std::ios::trunc);
  out << mus::record_to_text(record);
  std::printf("%s: seed %llu, %zu actions, %u hands\n", p.file,
              static_cast<unsigned long long>(seed), m.actions.size(), m.hands);
  return out.good();
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: make_transcripts <directory>\n");
    return 2;
  }
  const std::filesystem::path dir(argv[1]);
  std::ofstream list(dir / "transcripts.list", std::ios::binary | std::ios::trunc);
  list << "# The transcripts of this directory, one file name a line (replayers read this list,\n"
       << "# so that a client without directory listing, such as a browser, finds them).\n";
  for (const Plan& p : plans) {
    if (!write_transcript(dir, p)) return 1;
    list << p.file << '\n';
  }
  return list.good() ? 0 : 1;
}
