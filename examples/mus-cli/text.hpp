// Mus words for the things the library computes: hands, pares, juego, scores in amarracos,
// seats and teams, signals. Shared by the printer, the eval command and the tips.
#ifndef MUS_CLI_TEXT_HPP
#define MUS_CLI_TEXT_HPP

#include <cstdint>
#include <string>
#include <string_view>

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

/// The signals of a mask, "duples, juego_31"; with gestures "duples (raised eyebrows)".
std::string signals_text(std::uint16_t mask, bool gestures = false);

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
