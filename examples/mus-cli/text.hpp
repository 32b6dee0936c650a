// Mus words for the things the library computes: hands, pares, juego, scores in amarracos,
// seats and teams, signals. Shared by the printer, the eval command and the tips.
#ifndef MUS_CLI_TEXT_HPP
#define MUS_CLI_TEXT_HPP

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "mus/mus.hpp"

namespace muscli {

/// The partner of a seat (R7).
constexpr int partner_of(int seat) noexcept { return (seat + 2) % mus::seats; }

/// "seat 2".
std::string seat_text(int seat);
/// "team 0 (seats 0 & 2)".
std::string team_text(int team);

/// A score in points and amarracos (1 amarraco = 5 points): "23 (4 amarracos + 3)", "5 (1
/// amarraco)", "3", "0".
std::string points_text(int points);

/// A number with thousands separators: "58,905".
std::string grouped(long long n);
/// A percentage with one decimal: "87.3%".
std::string percent(double fraction);

/// The four effective ranks (R4), high to low ("K K Q A"), or low to high with `low_first`.
std::string ranks_text(const mus::HandEval& e, bool low_first = false);
/// "31", "juego 33", "punto 27" (R19, R20).
std::string juego_text(const mus::HandEval& e);
/// One line about a hand: "K K Q A · pareja of kings · juego 31 · solomillo".
std::string hand_summary(const mus::Hand& h, const mus::Rules& r);
/// The hand's strength in one lance in words: ranks for grande and chica, the pares, the
/// juego or punto value.
std::string lance_hand_text(const mus::HandEval& e, mus::Lance l);

/// "Grande", "Chica", "Pares", "Juego", "Punto".
std::string_view lance_title(mus::Lance l);

/// A signal as a player names it, in the terminal's words: "two kings", "punto 28", "31 real".
/// (The catalogue id, signal_name(), is for records and typed input.)
std::string_view signal_title(mus::Signal s);

/// The signals of a mask by signal_title(), "duples, juego 31"; with gestures
/// "duples (raised eyebrows)".
std::string signals_text(std::uint16_t mask, bool gestures = false);

/// The signals of a hand that the rules' signal set allows (R33, R33a): true_signals()
/// within signal_set_mask().
std::uint16_t allowed_true_signals(const mus::Hand& h, const mus::Rules& r);

/// What beats a juego in the library's juego order (R19, R21), best first: {"31", "32"},
/// {"31 real", "31", "32", "40"}; empty for the best juego of the rules and for a hand
/// without juego. Derived from the evaluator's juego strengths, not from a list of its own.
std::vector<std::string> juego_beaters(const mus::HandEval& e, const mus::Rules& r);

/// Where a juego stands, from what beats it (best first, as juego_beaters() lists them):
/// "31, 32 and 40 beat it", "only 31 beats it", "the best juego" (nothing beats it).
std::string standing_text(const std::vector<std::string>& better);

/// Where a juego stands, from juego_beaters(): "31, 32, 40, 37 and 36 beat it", "only 31
/// beats it", "the best juego"; "" without juego. For tips and eval.
std::string juego_standing(const mus::HandEval& e, const mus::Rules& r);

/// Why the reducer refused an action, as a person reads it: Error::describe() (the
/// library's message), with the code's name added when the message is not the code's own
/// text, e.g. "R26: a raise must be at least 2 (MUS_E_BET_TOO_SMALL)".
std::string refusal_text(const mus::Error& e);

/// The cards of a mask (bit = card id), in id order: "Ko 3c".
std::string cards_text(std::uint64_t mask);

/// A card id as text, "??" for an empty slot.
std::string card_id_text(std::uint8_t id);

/// Parses a signal name ("duples", "juego_31", ...); -1 when unknown.
int parse_signal(std::string_view name);

/// Parses a whole non-negative decimal number; false on anything else or overflow.
bool parse_uint(std::string_view text, std::uint64_t& out);
/// Parses a whole decimal number in lo..hi; false otherwise.
bool parse_int_in(std::string_view text, int lo, int hi, int& out);

}  // namespace muscli

#endif  // MUS_CLI_TEXT_HPP
