// The C++ replayer of the match transcripts (README.md): replay() reads one transcript and
// gives its first difference with the library as "file:line: message", or nothing.
#ifndef MUS_TESTS_TRANSCRIPTS_REPLAY_HPP
#define MUS_TESTS_TRANSCRIPTS_REPLAY_HPP

#include <cstddef>
#include <istream>
#include <optional>
#include <sstream>
#include <string>
#include <string_view>

#include "mus/match.hpp"
#include "mus/rules.hpp"
#include "mus/serialize.hpp"

namespace mus_transcripts {

/// The directory given with --transcripts.
inline std::string& directory() {
  static std::string dir;
  return dir;
}

/// Where two texts first differ: "byte N: expected 'x', got 'y'" (or the shorter one's end).
inline std::string first_difference(std::string_view expected, std::string_view got) {
  std::size_t i = 0;
  while (i < expected.size() && i < got.size() && expected[i] == got[i]) ++i;
  std::ostringstream m;
  m << "first differing byte at column " << i + 1 << ": expected ";
  if (i < expected.size())
    m << "'" << expected[i] << "'";
  else
    m << "the end";
  m << ", got ";
  if (i < got.size())
    m << "'" << got[i] << "'";
  else
    m << "the end";
  return m.str();
}

/// Replays one transcript read from `in`; `name` prefixes the messages. Returns the first
/// problem as "name:line: message", or nothing when every state text is reproduced byte for
/// byte and the match is over at the end.
inline std::optional<std::string> replay(const std::string& name, std::istream& in) {
  std::optional<mus::State> s;
  std::optional<mus::Rules> rules;
  std::string line;
  std::string expect = "rules";  // the record due next: rules, dealer, state, then action/state
  int number = 0;
  const auto fail = [&](const std::string& message) {
    return name + ":" + std::to_string(number) + ": " + message;
  };
  while (std::getline(in, line)) {
    ++number;
    if (line.empty() || line[0] == '#') continue;
    const std::size_t space = line.find(' ');
    const std::string word = line.substr(0, space);
    const std::string text = space == std::string::npos ? std::string() : line.substr(space + 1);
    if (word != expect) return fail("expected a '" + expect + "' record, found '" + word + "'");
    if (word == "rules") {
      const auto r = mus::parse_rules(text);
      if (!r) return fail("rules text refused: " + r.error().describe());
      if (mus::format_rules(*r) != text)
        return fail("rules text not canonical: " + first_difference(text, mus::format_rules(*r)));
      rules = *r;
      expect = "dealer";
    } else if (word == "dealer") {
      if (text.size() != 1 || text[0] < '0' || text[0] > '3') return fail("dealer not 0..3");
      const auto m = mus::new_match(*rules, text[0] - '0');
      if (!m) return fail("new match refused: " + m.error().describe());
      s = *m;
      expect = "state";
    } else if (word == "state") {
      const std::string got = mus::state_to_text(*s);
      if (got != text) return fail("state text differs, " + first_difference(text, got));
      expect = "action";
    } else {  // action
      const auto a = mus::action_from_text(text);
      if (!a) return fail("action text refused: " + a.error().describe());
      if (mus::action_to_text(*a) != text)
        return fail("action text not canonical: " +
                    first_difference(text, mus::action_to_text(*a)));
      if (const mus::Errc e = mus::apply_in_place(*s, *a); e != mus::Errc::ok)
        return fail("action refused: " + std::string(mus::errc_text(e)));
      expect = "state";
    }
  }
  ++number;
  if (expect != "action") return fail("the transcript ends before a '" + expect + "' record");
  if (s->phase != mus::Phase::match_over)
    return fail("the transcript ends before the match is over");
  return std::nullopt;
}

}  // namespace mus_transcripts

#endif  // MUS_TESTS_TRANSCRIPTS_REPLAY_HPP
