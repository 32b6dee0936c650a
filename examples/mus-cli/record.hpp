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

/// The first line of every record this mus-cli writes: format version 2, whose action lines
/// are the library's action text (mus::action_to_text(), mus/serialize.hpp).
inline constexpr std::string_view record_tag = "mus-record 2";
/// The first line of a version-1 record, which mus-cli still reads (RECORD_FORMAT.md says how
/// its action lines differ).
inline constexpr std::string_view record_tag_v1 = "mus-record 1";

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
  int version = 2;                   ///< The format version of the file read (1 or 2).
  mus::Rules rules{};                ///< The rules of the match.
  int dealer = 0;                    ///< The first dealer.
  std::vector<mus::Action> actions;  ///< Every action, in order.
  std::vector<int> lines;            ///< The line number of each action.
};

/// Where and why a record could not be read or replayed.
struct RecordError {
  int line = 0;        ///< 1-based line number (0: not about one line).
  std::string reason;  ///< What is wrong.
  /// "line 7: bad action '1 bett 2': unknown action (...) at position 2".
  std::string describe() const;
};

/// Reads a record; false with `err` set on the first bad line.
bool parse_record(std::istream& in, Record& out, RecordError& err);

}  // namespace muscli

#endif  // MUS_CLI_RECORD_HPP
