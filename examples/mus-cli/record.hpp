// Match records: a line-based text format (documented in RECORD_FORMAT.md) holding the rules,
// the first dealer and every action of a match, chance steps included, so that replaying the
// actions through the reducer gives back the same match.
#ifndef MUS_CLI_RECORD_HPP
#define MUS_CLI_RECORD_HPP

#include <fstream>
#include <istream>
#include <memory>
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

/// The file of `--record PATH` and the writer that fills it (watch, play and replay).
struct RecordFile {
  std::ofstream file;                    ///< The record being written.
  std::unique_ptr<RecordWriter> writer;  ///< Null until open() succeeds.
  std::string path;                      ///< The file's path, for messages.

  /// Opens `path` for writing and makes the writer. On failure prints "mus-cli COMMAND: cannot
  /// write the record 'PATH'" to std::cerr and returns false.
  bool open(const std::string& path, std::string_view command, bool explicit_orders,
            std::string comment);
  /// After the match: true when no record was opened or all of it was written; otherwise
  /// prints "mus-cli COMMAND: could not write the record 'PATH'" to std::cerr.
  bool finish(std::string_view command);
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
