/**
 * @file record.hpp
 * @brief Match records: one text format for a whole match (the rules, the first dealer and
 *        every action, shuffles included, optionally the state after each), its one reader,
 *        its writer, and replay, the fold of apply() over a record's actions.
 *
 * The format, version 3 (`mus-record 3`), is documented in docs/records.md, which is its
 * contract. In short, one item a line:
 *
 * ```
 * mus-record 3
 * # comments: blank lines and lines starting with '#', anywhere
 * rules standard target=30
 * dealer 1
 * state mus-state/2 ...        (optional: the new match's state text)
 * shuffle seed 9626026794937781409
 * state mus-state/2 ...        (optional: the state text after the action above)
 * 2 mus
 * ...
 * end over                     (or `end stopped` for a match left unfinished)
 * ```
 *
 * Action lines are the library's action text (action_to_text(), action_from_text()); state
 * lines hold state_to_text(). A record without its `end` line is truncated. The reader also
 * reads the earlier forms: `mus-record 2` (version 3 without state and end lines),
 * `mus-record 1` (mus-cli 0.2: words separated by any blanks, servido as `S discard`), and
 * the transcript form of libmus 0.2 (version 0: no tag, `rules`, `dealer`, then `state` and
 * `action TEXT` lines, as tests/transcripts and mus-server's `/replays/` wrote it).
 *
 * RecordReader is the one parser: parse_record() feeds it a whole text, the C API
 * (mus_record_reader_read_line()) one line at a time. replay() is the one replay, used by every
 * reader of records (mus-cli, the C API's mus_record_replay(), the tests).
 */
#ifndef MUS_RECORD_HPP
#define MUS_RECORD_HPP

#include <cstddef>
#include <cstdint>
#include <memory>
#include <type_traits>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "mus/error.hpp"
#include "mus/match.hpp"
#include "mus/rules.hpp"

namespace mus {

/// The version of the record format this library writes.
inline constexpr int record_version = 3;

/// The first line of every record this library writes.
inline constexpr std::string_view record_tag = "mus-record 3";

/// What one line of a record holds; the numbers are the C API's `MUS_RECORD_LINE_*`.
enum class RecordLine : std::uint8_t {
  comment = 0,  ///< A blank line or a comment (`#`).
  tag = 1,      ///< The first line, `mus-record N`.
  rules = 2,    ///< `rules TEXT`.
  dealer = 3,   ///< `dealer N`.
  action = 4,   ///< An action (the library's action text; `action TEXT` in version 0).
  state = 5,    ///< `state TEXT`: the state after the last action (or the new match's).
  end = 6,      ///< `end over` or `end stopped` (version 3).
};

/// How a record ends; the numbers are the C API's `MUS_RECORD_END_*`.
enum class RecordEnd : std::uint8_t {
  none = 0,     ///< No end line (yet; versions 0 to 2 have none).
  over = 1,     ///< `end over`: the match is over.
  stopped = 2,  ///< `end stopped`: the match was left unfinished.
};

/**
 * @brief The reader of the record format, one line at a time: what it has read so far, and
 *        read() for the next line. A plain value (the C API keeps its fields in a
 *        mus_record_reader); start from a default-constructed one.
 */
struct RecordReader {
  /// The format version: -1 until the line that tells it; 0 for the transcript form of
  /// libmus 0.2 (no tag), else 1, 2 or 3.
  int version = -1;
  int line = 0;                     ///< Lines read so far (the last one's number).
  int dealer = -1;                  ///< The first dealer, -1 until its line.
  Rules rules{};                    ///< The rules, once their line was read.
  RecordEnd end = RecordEnd::none;  ///< The end line's word.
  int actions = 0;                  ///< Action lines read.
  int states = 0;                   ///< State lines read.
  /// Where the reader is (what may come next): 0 before the tag, 1 before the rules, 2 before
  /// the dealer, 3 after the dealer, 4 after an action, 5 after a state, 6 after the end line.
  int stage = 0;

  /**
   * @brief Reads the next line of a record.
   *
   * Leading and trailing spaces and tabs are ignored, and so is a carriage return at the end
   * (a line read from a file with CRLF line ends). Blank lines and comments may come anywhere.
   * @param text The line, without its line feed.
   * @param action Receives the action of an action line; may be null.
   * @param value Receives, on success, the byte offset in `text` where the line's value
   *        starts (the rules text, the dealer, the action text, the state text, the end word;
   *        the version of the tag line; -1 for a comment); may be null.
   * @return What the line holds; or Errc::parse (or Errc::invalid_rules from the rules text)
   *         with a static message and the byte position in `text` of the problem, and the
   *         reader unchanged but for `line`: a first line that is not a tag, an unknown
   *         version, a missing or bad `rules` or `dealer` line, an action text that does not
   *         read, a state line out of place or that is not a state text of this library, a
   *         bad `end` line, anything but a comment after it.
   */
  [[nodiscard]] Result<RecordLine> read(std::string_view text, Action* action = nullptr,
                                        std::size_t* value = nullptr) noexcept;

  /**
   * @brief After the last line: whether the record is whole.
   * @return An ok Error; or Errc::parse (position -1) for a record that ends before its rules
   *         and dealer lines, a version-3 record without its `end` line (truncated), or a
   *         version-0 transcript that ends before the state after its last action.
   */
  [[nodiscard]] Error finish() const noexcept;
};

/// One action of a record, and the state text recorded after it.
struct RecordStep {
  Action action{};    ///< The action.
  int line = 0;       ///< Its line number (0 when the record was not read from text).
  std::string state;  ///< The state text recorded after it, or empty.
  int state_line = 0; ///< The line of that state (0 when none).
};

/// A whole record in memory.
struct MatchRecord {
  int version = record_version;      ///< The version read (parse_record()); writers write 3.
  Rules rules{};                     ///< The rules.
  int dealer = 0;                    ///< The first dealer, 0..3.
  /// The comment lines before the rules line, without their `#` and one space, joined by
  /// line feeds (writers write them after the tag).
  std::string comment;
  std::string initial_state;         ///< The new match's state text, or empty.
  int initial_state_line = 0;        ///< Its line number (0 when none).
  std::vector<RecordStep> steps;     ///< Every action, in order.
  RecordEnd end = RecordEnd::none;   ///< The end line (writers write it from the replay).
  int end_line = 0;                  ///< Its line number (0 when none).
};

/// Why a record could not be read or replayed: the library's error, and where.
struct RecordError {
  Error error{};  ///< The code, a static message, and the byte position in the line (or -1).
  int line = 0;   ///< The line (1-based), or 0 when the problem is not about one line.
  int step = -1;  ///< The index of the action a replay refused, or -1.

  /// @brief True when there is no error.
  /// @return Whether the code is Errc::ok.
  [[nodiscard]] bool ok() const noexcept { return error.ok(); }

  /// @brief "line 6: unknown action (...) at position 2"; without "line N: " when `line` is 0.
  /// @return The text.
  [[nodiscard]] std::string describe() const;
};

/**
 * @brief Reads a whole record (any version; see RecordReader::read()).
 * @param text The record; lines end with a line feed (a final line without one is read too).
 * @param out Receives the record; left as it was on error.
 * @return An ok RecordError, or the first problem with its line (a truncated record: the line
 *         after the last).
 */
[[nodiscard]] RecordError parse_record(std::string_view text, MatchRecord& out);

/// @brief The first lines of a version-3 record: the tag, the comment lines (each line of
///        `comment` after `# `), `rules` and `dealer`, each ending in a line feed.
/// @param rules The rules.
/// @param dealer The first dealer.
/// @param comment Comment text, or empty.
/// @return The lines.
[[nodiscard]] std::string record_header(const Rules& rules, int dealer,
                                        std::string_view comment = {});

/// @brief A state line, `state TEXT` and a line feed.
/// @param s The state.
/// @return The line.
[[nodiscard]] std::string record_state_line(const State& s);

/// @brief The end line of a match whose last state is `last`: `end over` when the match is
///        over, else `end stopped`, and a line feed.
/// @param last The last state.
/// @return The line.
[[nodiscard]] std::string record_end_line(const State& last);

/**
 * @brief The text of a record, version 3: record_header(), the initial state if recorded,
 *        each action line followed by its state line if recorded, and the end line: the
 *        record's own, or for an older record without one (versions 0 to 2) `end over` when its
 *        replay ends the match, else `end stopped`.
 * @param r The record (its `version` is not read: the text is version 3).
 * @return The text; parse_record() of it gives back `r` but for the line numbers, the version
 *         and, for an older record, the end line.
 */
[[nodiscard]] std::string record_to_text(const MatchRecord& r);

/**
 * @brief Told each replayed action: its index, the state before, the action, its events and
 *        the state after. A non-owning reference to any callable of that signature (a lambda,
 *        say), for a parameter: it must not outlive the callable it was made from.
 */
class ReplayObserver {
 public:
  /// No observer.
  constexpr ReplayObserver() noexcept = default;

  /// @brief Refers to `f`, which must outlive every call of this observer.
  /// @param f A callable: `f(index, before, action, events, after)`.
  template <class F>
    requires(!std::is_same_v<std::remove_cvref_t<F>, ReplayObserver>)
  ReplayObserver(F&& f) noexcept  // NOLINT(google-explicit-constructor): a parameter type
      : object_(const_cast<void*>(static_cast<const void*>(std::addressof(f)))),
        call_([](void* o, std::size_t i, const State& b, const Action& a, const Events& e,
                 const State& s) { (*static_cast<std::remove_reference_t<F>*>(o))(i, b, a, e, s); }) {}

  /// @brief Whether it refers to a callable.
  /// @return False for an empty observer.
  [[nodiscard]] constexpr explicit operator bool() const noexcept { return call_ != nullptr; }

  /// @brief Calls the callable (an empty observer does nothing).
  /// @param index The action's index.
  /// @param before The state before it.
  /// @param action The action.
  /// @param events Its events.
  /// @param after The state after it.
  void operator()(std::size_t index, const State& before, const Action& action,
                  const Events& events, const State& after) const {
    if (call_ != nullptr) call_(object_, index, before, action, events, after);
  }

 private:
  void* object_ = nullptr;
  void (*call_)(void*, std::size_t, const State&, const Action&, const Events&,
                const State&) = nullptr;
};

/**
 * @brief Replays a record: the new match of its rules and dealer, then apply() of each action
 *        in turn (a fold), checking every recorded state text byte for byte and the end line.
 * @param r The record.
 * @param out Receives the last state reached (also on error: the state before the problem).
 * @param observe Told after each applied action; may be empty.
 * @return An ok RecordError; or the first problem: the new match refused (the rules or
 *         dealer, line 0), an action the reducer refused (its error with the rule and reason,
 *         the action's line and `step`), a state text that differs from the replayed state's
 *         (Errc::invalid_state, "the recorded state differs from the replayed one", at the
 *         first differing byte, counted in the line as written: `state `, then the text), an `end over` whose match is not over or
 *         an `end stopped` whose match is (Errc::invalid_state, the end line).
 */
[[nodiscard]] RecordError replay(const MatchRecord& r, State& out,
                                 ReplayObserver observe = {});

/**
 * @brief A version-3 record of the match played from a new match by `actions`, with the end
 *        line from the replay and, when `with_states`, every state text.
 * @param rules The rules.
 * @param dealer The first dealer.
 * @param actions The actions, shuffles included.
 * @param with_states Record the new match's state and the state after each action.
 * @param out Receives the record (its `comment` empty).
 * @return As replay() of the record.
 */
[[nodiscard]] RecordError record_match(const Rules& rules, int dealer,
                                       std::span<const Action> actions, bool with_states,
                                       MatchRecord& out);

}  // namespace mus

#endif  // MUS_RECORD_HPP
