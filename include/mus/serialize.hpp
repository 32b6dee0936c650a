/**
 * @file serialize.hpp
 * @brief Text forms of actions, match states and seat views: for logs, storage and the wire.
 *
 * Three forms, each read back exactly by its parser:
 *
 * - **Actions**: one short line, versionless and stable across versions, e.g. `2 bet 5`,
 *   `0 discard Ko 3c`, `shuffle seed 42` (action_to_text(), action_from_text()).
 * - **States**: `mus-state/2 ` and the state's bytes in base64url (state_to_text(),
 *   state_from_text()). The reader checks the bytes with validate_state(), so a text is
 *   accepted only when it holds a state this library could have produced.
 * - **Seat views**: `mus-view/3 ` and a fixed byte layout of a SeatView in base64url
 *   (view_to_text(), view_from_text()): what a server sends to one seat. It holds that seat's
 *   cards and the public state, nothing of the other seats' cards until they are shown at the
 *   count or an accepted órdago (R28a).
 *
 * **base64url** is RFC 4648 §5 without padding: the alphabet `A`–`Z` (0–25), `a`–`z`
 * (26–51), `0`–`9` (52–61), `-` (62), `_` (63); every 3 bytes become 4 characters, most
 * significant bits first; a final 1 byte becomes 2 characters and a final 2 bytes 3, the
 * unused low bits of the last character being zero (anything else is refused, so every
 * accepted text is the one the writer gives). The texts are ASCII, one line, with no
 * leading or trailing blanks and no line break.
 *
 * Parse errors are Errc::parse with a static message and the byte position of the problem
 * in the text (Error::describe() gives "message at position N"); a well-formed text holding
 * bytes the library would not produce is Errc::invalid_state (position -1).
 */
#ifndef MUS_SERIALIZE_HPP
#define MUS_SERIALIZE_HPP

#include <cstddef>
#include <string>
#include <string_view>

#include "mus/error.hpp"
#include "mus/match.hpp"

namespace mus {

/// The first word of a state text: format `mus-state`, version 2 (the State layout 2 of
/// state_magic). A space follows it.
inline constexpr std::string_view state_text_tag = "mus-state/2";
/// The first word of a seat view text: format `mus-view`, version 3 (version 2, of libmus 0.2,
/// added the R25a proposal fields and the R28a showdown; version 3 the rest of the public state
/// that state_from_view() needs; versions 1 and 2 are refused by name). A space follows it.
inline constexpr std::string_view view_text_tag = "mus-view/3";

/// Bytes of a state in its text form (the whole State, as laid out in memory).
inline constexpr std::size_t state_text_bytes = sizeof(State);
/// Bytes of a seat view in its text form (the fixed layout documented at view_to_text()).
inline constexpr std::size_t view_text_bytes = 180;

/// @brief Characters of `n` bytes in base64url without padding.
/// @param n A number of bytes.
/// @return `4 * (n / 3)`, plus 2 or 3 for a final 1 or 2 bytes.
[[nodiscard]] constexpr std::size_t base64url_length(std::size_t n) noexcept {
  return n / 3 * 4 + (n % 3 == 0 ? 0 : n % 3 + 1);
}

/// Length of every state text: the tag, a space and the base64url of the state's bytes (407).
inline constexpr std::size_t state_text_length =
    state_text_tag.size() + 1 + base64url_length(state_text_bytes);
/// Length of every seat view text: the tag, a space and the base64url of its bytes (251).
inline constexpr std::size_t view_text_length =
    view_text_tag.size() + 1 + base64url_length(view_text_bytes);

/**
 * @brief The line form of an action, e.g. `2 bet 5`.
 *
 * The forms, with `S` the acting seat 0..3 and cards in the R2 notation (`Ko`, `3c`, ...):
 *
 * | text | action |
 * |---|---|
 * | `shuffle seed N` | Action::shuffle_seed(N), N a decimal 0..18446744073709551615 |
 * | `shuffle order C1 C2 ... Cn` | Action::shuffle_order() of those n cards (1..40, distinct) |
 * | `S mus`, `S cut`, `S pass`, `S ordago`, `S accept`, `S reject`, `S perete` | that action |
 * | `S discard C1 ... Ck` | Action::discard(S, cards): the cards, written in id order |
 * | `S discard -` | a discard of no card (servido, with `zero_discard`) |
 * | `S bet N` | Action::bet(S, N), N a decimal int32 (the reducer decides what is legal) |
 * | `S signal NAME` | Action::signal(S, sig), NAME as signal_name(), e.g. `duples` |
 *
 * Words are separated by one space. The form is versionless: these lines mean the same in
 * every version (new kinds of action get new words).
 *
 * **Normalization.** The text keeps only the fields the kind uses: the seed of a seeded
 * shuffle; the length and the first `amount` cards of `order` of an explicit shuffle; the
 * seat of a player action; `cards` of a discard; `amount` of a bet or signal. Every other
 * field reads back as in a default Action (seat -1 for a shuffle, 0 elsewhere). The reducer
 * ignores those fields, so the action read back is applied exactly as the original; for
 * actions built with Action's named constructors (and every action legal_actions() lists,
 * once a discard's cards are chosen) action_from_text(action_to_text(a)) == a.
 *
 * An action the form cannot express (a kind outside 1..11, a player action whose seat is
 * not 0..3, a shuffle with a seat, an explicit order whose length is not 1..40 or which
 * repeats a card, a card id above 39, a signal outside the catalogue) gives the text
 * `invalid`, which action_from_text() refuses; the reducer refuses all of those actions too.
 * @param a The action.
 * @return The text, without a line break.
 */
[[nodiscard]] std::string action_to_text(const Action& a);

/**
 * @brief Reads the line form of an action (see action_to_text()).
 *
 * Cards may also be written with the other letters parse_card() accepts (Spanish `S C R`,
 * either case); seats, keywords and signal names are exact. A discard or an explicit order
 * may list its cards in any order but not twice.
 * @param text One line, without its line break.
 * @return The action (normalized as action_to_text() says), or Errc::parse with a message
 *         and the byte position of the offending word: an empty text, an unknown action word,
 *         a seat outside 0..3, a missing or malformed number or card, a card twice, an unknown
 *         signal name, text after a complete action.
 */
[[nodiscard]] Result<Action> action_from_text(std::string_view text) noexcept;

/**
 * @brief The text form of a state: `mus-state/2 `, then the base64url of its 296 bytes.
 *
 * The bytes are the State as it is laid out in memory, on the little-endian platforms libmus
 * builds on. The text is state_text_length (407) characters long. Any state can be written;
 * only one that validate_state() accepts reads back.
 * @param s The state.
 * @return The text.
 */
[[nodiscard]] std::string state_to_text(const State& s);

/**
 * @brief Reads the text form of a state, and checks it with validate_state().
 *
 * state_from_text(state_to_text(s)) == s for every state s that validate_state() accepts,
 * which includes every state the reducer produces.
 * @param text The text: exactly state_text_length characters.
 * @return The state; or Errc::parse with a position: "unknown format or version" (position
 *         0) when the first word is not `mus-state/2` ("mus-state/1 is the layout of libmus
 *         0.1; …" for a text of the earlier layout, which cannot be read), a text too short
 *         (position: its end) or too long (position: the first extra character), a character
 *         outside the base64url alphabet (its position), a last character with non-zero unused
 *         bits (its position); or Errc::invalid_state (position -1) for bytes that are not a
 *         state of this library.
 */
[[nodiscard]] Result<State> state_from_text(std::string_view text) noexcept;

/**
 * @brief The text form of a seat view: `mus-view/3 `, then the base64url of 180 bytes.
 *
 * The bytes are the fields of the SeatView written one after the other, integers of two or
 * four bytes little-endian, with no padding (the struct itself has padding, which is not
 * written): seat, phase, to_act, dealer, mano, lance, match_winner (1 byte each), hand (4),
 * score (2 × 2), games (2 × 1), vacas (2 × 1), stock_count, pile_count, pares_mask,
 * juego_mask, declared, perete_mask (1 each), signals (4 × 2), bet_open, is_ordago, bet_team
 * (1 each), stake_before (2), proposed (2), proposal, proposer (1 each), proposal_amount (2),
 * hand_number (4), lances (4 × 11), last (76). A
 * LanceRecord is written as lance, status, bet_team, winner_team, winner_seat, tantos, counted
 * (1 byte each), stake (2), points (2); a HandSummary as number (4), dealer, mano, end,
 * game_winner (1 each), score_before (2 × 2), score_after (2 × 2), lances (4 × 11), shown
 * (16: the showdown's card ids, 255 each when no cards were shown, R28a); then hand_in_game,
 * mus_said, discarded, refill_pos (1 byte each), need (4 × 1), answer_first, deje_winner (1
 * each) and 2 reserved bytes (zero, so that the bytes are a whole number of base64url groups).
 *
 * The text holds exactly what the view holds: the seat's own cards and the public state,
 * which includes the last hand's showdown once it happened (R28a).
 * @param v The view (from view_of()).
 * @return The text, view_text_length (251) characters.
 */
[[nodiscard]] std::string view_to_text(const SeatView& v);

/**
 * @brief Reads the text form of a seat view, and checks that its values are ones view_of()
 *        can give.
 *
 * view_from_text(view_to_text(v)) gives back every field of v for every view view_of() gives
 * for a seat 0..3. The checks: the seat is 0..3, the phase is known and the seat to act
 * agrees with it (-1 exactly when a shuffle is due or the match is over), dealer and mano are
 * seats with the dealer before the mano, the lance and every lance record's lance and status
 * are known, the hand holds card ids below 40 or 255 (empty slot) with no card twice, flags
 * are 0 or 1, masks name seats only, signals are in the catalogue, teams are -1..1, scores and
 * stakes within their limits, the counts of cards add up to at most 40, and the hand counters,
 * the mus talk, the discards, the cards owed and the first answerer agree with the phase and
 * the seat to act as in a state.
 * @param text The text: exactly view_text_length characters.
 * @return The view; or Errc::parse as for state_from_text() (with `mus-view/3` for the tag; a
 * `mus-view/1` or `mus-view/2` text, the layouts of 0.1 and 0.2, is refused by name at position
 * 0); or Errc::invalid_state
 * (position -1) for values a view cannot hold.
 */
[[nodiscard]] Result<SeatView> view_from_text(std::string_view text) noexcept;

}  // namespace mus

#endif  // MUS_SERIALIZE_HPP
