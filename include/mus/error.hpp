/**
 * @file error.hpp
 * @brief Error codes and the small result type used by the C++ API.
 */
#ifndef MUS_ERROR_HPP
#define MUS_ERROR_HPP

#include <cstdint>
#include <string>
#include <string_view>

namespace mus {

/**
 * @brief Error codes; the same numbers as the C API's `MUS_OK` and `MUS_E_*`.
 *
 * The numbers are written here as literals so that C++ users do not get the C declarations
 * of mus.h; the C API's sources check with static_asserts that both lists agree.
 */
enum class Errc : std::int32_t {
  ok = 0,                     ///< Success.
  invalid_argument = -1,      ///< A bad argument (range, null, size).
  parse = -2,                 ///< Text that could not be parsed.
  buffer_too_small = -3,      ///< An output buffer is too small.
  invalid_rules = -4,         ///< Rules outside their limits.
  invalid_cards = -5,         ///< A card id out of range or repeated.
  wrong_phase = -6,           ///< An action from another phase.
  not_your_turn = -7,         ///< The seat is not the one to act.
  illegal_action = -8,        ///< Against the rules here.
  bet_too_small = -9,         ///< A bet or raise below the minimum.
  card_not_in_hand = -10,     ///< A discard of a card not held.
  bad_shuffle = -11,          ///< A shuffle order that is not the right cards.
  match_over = -12,           ///< The match has ended.
  false_signal = -13,         ///< A signal the hand does not match.
  invalid_state = -14,        ///< A state the library did not produce.
  internal = -15,             ///< A bug.
  not_in_action_space = -16,  ///< An action with no action id (a bet amount off the ladder).
  signal_not_in_set = -17,    ///< A signal outside the rules' signal set (R33a).
};

/**
 * @brief The name and meaning of an error code, e.g. "MUS_E_PARSE: text could not be parsed".
 * @param code Any value; unknown ones give "unknown status".
 * @return Static text.
 */
[[nodiscard]] constexpr std::string_view errc_text(Errc code) noexcept {
  switch (code) {
    case Errc::ok: return "MUS_OK: success";
    case Errc::invalid_argument: return "MUS_E_INVALID_ARGUMENT: invalid argument";
    case Errc::parse: return "MUS_E_PARSE: text could not be parsed";
    case Errc::buffer_too_small: return "MUS_E_BUFFER_TOO_SMALL: buffer too small";
    case Errc::invalid_rules: return "MUS_E_INVALID_RULES: rules outside their limits";
    case Errc::invalid_cards: return "MUS_E_INVALID_CARDS: card id out of range or repeated";
    case Errc::wrong_phase: return "MUS_E_WRONG_PHASE: action does not belong to this phase";
    case Errc::not_your_turn: return "MUS_E_NOT_YOUR_TURN: not this seat's turn";
    case Errc::illegal_action: return "MUS_E_ILLEGAL_ACTION: action not allowed here";
    case Errc::bet_too_small: return "MUS_E_BET_TOO_SMALL: bet or raise below the minimum";
    case Errc::card_not_in_hand: return "MUS_E_CARD_NOT_IN_HAND: card not in the seat's hand";
    case Errc::bad_shuffle: return "MUS_E_BAD_SHUFFLE: shuffle order is not the cards to shuffle";
    case Errc::match_over: return "MUS_E_MATCH_OVER: the match is over";
    case Errc::false_signal: return "MUS_E_FALSE_SIGNAL: signal does not match the hand";
    case Errc::invalid_state: return "MUS_E_INVALID_STATE: state not produced by the library";
    case Errc::internal: return "MUS_E_INTERNAL: internal error";
    case Errc::not_in_action_space:
      return "MUS_E_NO_ACTION_ID: the action has no action id (a bet amount off the ladder)";
    case Errc::signal_not_in_set:
      return "MUS_E_SIGNAL_NOT_IN_SET: the signal is not in the rules' signal set (R33a): "
             "signals=full allows every signal but need_mus, signals=online only need_mus, "
             "two_kings, three_kings, two_aces, three_aces, duples, medias, juego_31 and "
             "solomillo, signals=off none";
  }
  return "unknown status";
}

/**
 * @brief An error: a code, a static message saying what was wrong, and where in the input.
 */
struct Error {
  Errc code = Errc::ok;           ///< What kind of error.
  std::string_view message = {};  ///< Static text naming the problem, e.g. "duplicate card".
  std::int32_t position = -1;     ///< Byte offset in the parsed text, or -1 when not textual.

  /// @brief True when this is no error (code is Errc::ok), as Result::ok().
  /// @return Whether `code` is Errc::ok.
  [[nodiscard]] constexpr bool ok() const noexcept { return code == Errc::ok; }

  /// @brief "message at position N" or just the message; for logs and exceptions.
  /// @return The text; errc_text() of the code when there is no message.
  [[nodiscard]] std::string describe() const {
    std::string out(message.empty() ? errc_text(code) : message);
    if (position >= 0) {
      out += " at position ";
      out += std::to_string(position);
    }
    return out;
  }
};

/**
 * @brief A value or an error (a minimal `std::expected` for C++20).
 * @tparam T A default-constructible value type.
 */
template <class T>
class [[nodiscard]] Result {
 public:
  /// @brief A successful result holding `value`.
  /// @param value The value.
  constexpr Result(T value) noexcept : value_(value) {}  // NOLINT(google-explicit-constructor)
  /// @brief A failed result; `error.code` must not be ok.
  /// @param error The error.
  constexpr Result(Error error) noexcept : error_(error) {}  // NOLINT(google-explicit-constructor)

  /// @brief True when the result holds a value.
  /// @return Whether the error code is Errc::ok.
  [[nodiscard]] constexpr bool ok() const noexcept { return error_.code == Errc::ok; }
  /// @brief Same as ok().
  /// @return Whether the result holds a value.
  [[nodiscard]] constexpr explicit operator bool() const noexcept { return ok(); }
  /// @brief The value (meaningful only when ok()).
  /// @return The value.
  [[nodiscard]] constexpr const T& value() const noexcept { return value_; }
  /// @brief The value (meaningful only when ok()).
  /// @return The value.
  [[nodiscard]] constexpr const T& operator*() const noexcept { return value_; }
  /// @brief Member access to the value (meaningful only when ok()).
  /// @return A pointer to the value.
  [[nodiscard]] constexpr const T* operator->() const noexcept { return &value_; }
  /// @brief The error (code ok when the result holds a value).
  /// @return The error.
  [[nodiscard]] constexpr const Error& error() const noexcept { return error_; }

 private:
  T value_{};
  Error error_{};
};

}  // namespace mus

#endif  // MUS_ERROR_HPP
