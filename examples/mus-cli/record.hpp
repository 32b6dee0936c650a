// Match records: a line-based text format (documented in RECORD_FORMAT.md) holding the rules,
// the first dealer and every action of a match, chance steps included, so that replaying the
// actions through the reducer gives back the same match.
#ifndef MUS_CLI_RECORD_HPP
#define MUS_CLI_RECORD_HPP

#include <istream>
#include <ostream>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "mus/mus.hpp"
#include "observer.hpp"

namespace muscli {

/// The first line of every record of this format version.
inline constexpr std::string_view record_tag = "mus-record 1";

/// The record line of an action: "shuffle seed 42", "2 bet 5", "0 discard Ko 3c".
std::string action_line(const mus::Action& a);

/**
 * @brief Parses the line of one action.
 * @param line The text (no comment, no line break).
 * @param out The action.
 * @param reason Why the line is wrong, when it is.
 */
bool parse_action_line(std::string_view line, mus::Action& out, std::string& reason);

/// Writes a record as the match is played.
class RecordWriter final : public Observer {
 public:
  /// @param explicit_orders Write every shuffle as its card order instead of its seed.
  /// @param comment A comment for the second line (who wrote it, how), or empty.
  RecordWriter(std::ostream& out, bool explicit_orders, std::string comment)
      : out_(out), explicit_orders_(explicit_orders), comment_(std::move(comment)) {}

  void on_begin(const mus::State& initial) override;
  void on_step(const mus::State& before, const mus::Action& action, const mus::Events& events,
               const mus::State& after) override;
  void on_end(const mus::State& last, bool finished) override;

 private:
  std::ostream& out_;
  bool explicit_orders_;
  std::string comment_;
};

/// A parsed record.
struct Record {
  mus::Rules rules{};                ///< The rules of the match.
  int dealer = 0;                    ///< The first dealer.
  std::vector<mus::Action> actions;  ///< Every action, in order.
  std::vector<int> lines;            ///< The line number of each action.
};

/// Where and why a record could not be read or replayed.
struct RecordError {
  int line = 0;        ///< 1-based line number (0: not about one line).
  std::string reason;  ///< What is wrong.
  /// "line 7: unknown action 'bett' (...)".
  std::string describe() const;
};

/// Reads a record; false with `err` set on the first bad line.
bool parse_record(std::istream& in, Record& out, RecordError& err);

}  // namespace muscli

#endif  // MUS_CLI_RECORD_HPP
