// A match record printed hand by hand, as `mus-cli watch` prints a match: the printer over the
// library's replay. Part of the static library mus_cli_printer (printer, text, this), which
// mus-cli and mus-server link.
#ifndef MUS_CLI_RECORD_PRINT_HPP
#define MUS_CLI_RECORD_PRINT_HPP

#include <ostream>
#include <string>
#include <vector>

#include "mus/mus.hpp"
#include "observer.hpp"
#include "printer.hpp"

namespace muscli {

/**
 * @brief Replays a record (mus::replay()) and prints it through a Printer to `out`, telling
 *        every observer of `also` each step too (a record writer, say).
 *
 * On success the printer and the observers are told the end (finished when the match is
 * over). On a problem what was printed stays, the printer's last line is finished, the end is
 * not told, and the problem is returned.
 * @return The replay's error (ok when the whole record replayed).
 */
mus::RecordError print_record(const mus::MatchRecord& record, std::ostream& out,
                              const PrintOptions& options,
                              const std::vector<Observer*>& also = {});

/**
 * @brief The match of a record as `mus-cli watch` prints it (every seat's cards), or with
 *        `quiet` only each hand's result and the final result: the text of a readable page
 *        of a finished match.
 * @param record The record (mus::parse_record(), or mus::record_match()).
 * @param quiet Only the results.
 * @param error If not null, receives the replay's error (the text then stops before it).
 * @return The text (UTF-8, lines ending in '\n').
 */
std::string watch_text(const mus::MatchRecord& record, bool quiet = false,
                       mus::RecordError* error = nullptr);

}  // namespace muscli

#endif  // MUS_CLI_RECORD_PRINT_HPP
