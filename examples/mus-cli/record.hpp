// Match records as mus-cli writes and reads them: the library's record format (mus/record.hpp,
// docs/records.md), written as the match is played (RecordWriter) and read by the library's
// one reader (mus::parse_record()).
#ifndef MUS_CLI_RECORD_HPP
#define MUS_CLI_RECORD_HPP

#include <fstream>
#include <memory>
#include <ostream>
#include <string>
#include <string_view>
#include <utility>

#include "mus/mus.hpp"
#include "observer.hpp"

namespace muscli {

/// Writes a record of the current version (mus::record_tag) as the match is played: the
/// library's header, one line per action, and the end line.
class RecordWriter final : public Observer {
 public:
  /// @param explicit_orders Write every shuffle as its card order instead of its seed.
  /// @param comment A comment for the lines after the tag (who wrote it, how), or empty.
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

/// A record's problem as mus-cli reports it: "line 6: '1 bett 2': unknown action (...) at
/// position 2" (the line quoted when there is one), or "line 8: the reducer refused '1 bet 1':
/// R24: ... (MUS_E_BET_TOO_SMALL)" for an action the replay refused.
std::string record_problem(std::string_view text, const mus::MatchRecord& record,
                           const mus::RecordError& err);

}  // namespace muscli

#endif  // MUS_CLI_RECORD_HPP
