// The C++ replayer of the match transcripts (README.md): replay() reads one transcript with the
// library's record reader (mus::parse_record()), replays it with the library's replay
// (mus::replay(), every state line checked byte for byte), and gives its first difference with
// the library as "file:line: message", or nothing.
#ifndef MUS_TESTS_TRANSCRIPTS_REPLAY_HPP
#define MUS_TESTS_TRANSCRIPTS_REPLAY_HPP

#include <optional>
#include <string>
#include <string_view>

#include "mus/match.hpp"
#include "mus/record.hpp"

namespace mus_transcripts {

/// The directory given with --transcripts.
inline std::string& directory() {
  static std::string dir;
  return dir;
}

/// Replays one transcript, the text `text`; `name` prefixes the messages. Returns the first
/// problem as "name:line: message", or nothing when the text is a version-3 record with a state
/// line after the dealer line and after every action, every state is reproduced byte for byte,
/// the match is over at its end, and the text is the one the library writes for the record.
inline std::optional<std::string> replay(const std::string& name, std::string_view text) {
  const auto at = [&](int line, const std::string& message) {
    return name + ":" + std::to_string(line) + ": " + message;
  };
  mus::MatchRecord record;
  if (const mus::RecordError e = mus::parse_record(text, record); !e.ok())
    return at(e.line, e.error.describe());
  if (record.version != mus::record_version)
    return at(1, "a record of version " + std::to_string(record.version) + ", not " +
                     std::to_string(mus::record_version));
  if (record.initial_state.empty()) return at(1, "no state line after the dealer line");
  for (const mus::RecordStep& step : record.steps)
    if (step.state.empty()) return at(step.line, "no state line after the action");
  mus::State last;
  if (const mus::RecordError e = mus::replay(record, last); !e.ok())
    return at(e.line, e.error.describe());
  if (last.phase != mus::Phase::match_over || record.end != mus::RecordEnd::over)
    return at(record.end_line, "the transcript ends before the match is over");
  if (mus::record_to_text(record) != text)
    return at(1, "the text is not the one the library writes for this record");
  return std::nullopt;
}

}  // namespace mus_transcripts

#endif  // MUS_TESTS_TRANSCRIPTS_REPLAY_HPP
