/**
 * @file rules.hpp
 * @brief The rules value type: every variant of rules.md, presets, validation and text form.
 */
#ifndef MUS_RULES_HPP
#define MUS_RULES_HPP

#include <array>
#include <cstdint>
#include <string>
#include <string_view>

#include "mus/error.hpp"

namespace mus {

/// Which hands count as 31 real (R21).
enum class Royal31 : std::uint8_t {
  off = 0,                   ///< No 31 real (default).
  jack777 = 1,               ///< Sota and three 7s, any suits.
  figure777 = 2,             ///< Any 10-valued card and three 7s.
  jack777_other_suits = 3,   ///< Sota and the three 7s of the other suits.
  jack_of_coins777 = 4,      ///< Sota de oros and the 7s of copas, espadas and bastos.
  jack_of_coins_any777 = 5,  ///< Sota de oros and any three 7s.
};

/// When the mus corrido variant is played (R31).
enum class MusCorrido : std::uint8_t {
  off = 0,    ///< Never (default).
  match = 1,  ///< On the first hand of the match.
  game = 2,   ///< On the first hand of every game.
};

/// How a team answers a bet (R25, R25a).
enum class Answers : std::uint8_t {
  /// R25 (default): the first answerer's accept or raise settles the team's answer at once;
  /// only a rejection passes the turn to the partner.
  first = 0,
  /// R25a (the online game): when both players of the answering team are eligible, the first
  /// answerer only proposes the team's answer and the partner decides within limits.
  proposal = 1,
};

/// Which signals may be made (R33a).
enum class SignalSet : std::uint8_t {
  full = 0,    ///< The whole R33 catalogue, need_mus excepted (default).
  online = 1,  ///< The online game's faces: need_mus (mus phase only), two_kings, three_kings,
               ///< two_aces, three_aces, duples, medias, juego_31, solomillo.
  off = 2,     ///< No signal at all: the game is played without signals.
};

/// Limits checked by validate().
struct RulesLimits {
  static constexpr int max_target = 999;         ///< Largest game target.
  static constexpr int max_games_per_vaca = 99;  ///< Largest games per vaca.
  static constexpr int max_vacas = 99;           ///< Largest vacas per match.
};

/**
 * @brief The rules a match is played under. A small trivially copyable value.
 *
 * Default-constructed rules are the `standard` preset. Fields may be set freely; validate()
 * says whether the result is playable.
 */
struct Rules {
  std::uint8_t kings = 8;           ///< 8 (3s are kings, 2s aces, R4) or 4.
  std::uint8_t games_per_vaca = 2;  ///< Games that win a vaca (R30).
  std::uint8_t vacas = 1;           ///< Vacas that win the match (R30).
  std::uint8_t min_raise = 2;       ///< Smallest raise over an open bet: 1 or 2 (R25).
  std::uint16_t target = 40;        ///< Points that win a game (R29).
  Royal31 royal31 = Royal31::off;   ///< 31 real option (R21).
  bool zero_discard = false;        ///< A player may discard no card, servido (R14).
  bool deje_ends = true;            ///< A deje ends the game at once (R29); else at hand end.
  MusCorrido mus_corrido = MusCorrido::off;  ///< Mus corrido (R31).
  bool tio_perete = false;                   ///< The tío Perete bonus (R32).
  Answers answers = Answers::first;     ///< How a team answers a bet (R25, R25a).
  SignalSet signals = SignalSet::full;  ///< Which signals are legal (R33a).
  std::array<std::uint8_t, 3> reserved_signals{};  ///< Padding made explicit; zero.

  /// Field-by-field equality.
  friend constexpr bool operator==(const Rules&, const Rules&) noexcept = default;
};

/// @brief The `standard` preset: 8 kings, 40 points, best of three games, dejes end the game at
/// once.
/// @return The rules.
[[nodiscard]] constexpr Rules standard_rules() noexcept { return Rules{}; }

/// @brief The `basque` preset: 4 kings, 40 points, 3 games per vaca, mus corrido each game's
/// first hand. In the Basque Country Mus is played "with four Kings and at 40 points"; by custom
/// the team winning 3 games is champion (@ref rules_presets).
/// @return The rules.
[[nodiscard]] constexpr Rules basque_rules() noexcept {
  Rules r;
  r.kings = 4;
  r.target = 40;
  r.games_per_vaca = 3;
  r.mus_corrido = MusCorrido::game;
  return r;
}

/// @brief The `spain` preset: 8 kings, 30 points, 3 games per vaca, 3 vacas. The "regular rules"
/// of Spain: "three games count as one vaca and three vacas win the match".
/// @return The rules.
[[nodiscard]] constexpr Rules spain_rules() noexcept {
  Rules r;
  r.target = 30;
  r.games_per_vaca = 3;
  r.vacas = 3;
  return r;
}

/// @brief The `online` preset: 8 kings, 40 points, one game, dejes checked at the end of the
/// hand, team answers by proposal and agreement (R25a), the online signal set (R33a).
/// @return The rules.
[[nodiscard]] constexpr Rules online_rules() noexcept {
  Rules r;
  r.games_per_vaca = 1;
  r.deje_ends = false;
  r.answers = Answers::proposal;
  r.signals = SignalSet::online;
  return r;
}

/// A preset's name and rules.
struct RulesPreset {
  std::string_view name;  ///< "standard", "basque", "online" or "spain".
  Rules rules;            ///< The preset's rules.
};

/// Every preset, `standard` first (format_rules() prefers the earlier one on a tie).
inline constexpr std::array<RulesPreset, 4> rules_presets{{
    {"standard", standard_rules()},
    {"basque", basque_rules()},
    {"online", online_rules()},
    {"spain", spain_rules()},
}};

/**
 * @brief Look up a preset by name.
 * @param name "standard", "spain", "basque" or "online".
 * @return The rules, or Errc::parse "unknown preset" for another name.
 */
[[nodiscard]] constexpr Result<Rules> rules_preset(std::string_view name) noexcept {
  for (const auto& p : rules_presets)
    if (p.name == name) return p.rules;
  return Error{Errc::parse, "unknown preset (expected standard, spain, basque or online)", 0};
}

/**
 * @brief Check that rules are playable.
 * @param r The rules.
 * @return An error with code Errc::invalid_rules and a message naming the field, or a
 *         default Error (code ok) when everything is within limits.
 */
[[nodiscard]] constexpr Error validate(const Rules& r) noexcept {
  const auto bad = [](std::string_view m) { return Error{Errc::invalid_rules, m, -1}; };
  if (r.kings != 4 && r.kings != 8) return bad("kings must be 4 or 8");
  if (r.target < 1 || r.target > RulesLimits::max_target) return bad("target must be 1..999");
  if (r.games_per_vaca < 1 || r.games_per_vaca > RulesLimits::max_games_per_vaca)
    return bad("games_per_vaca must be 1..99");
  if (r.vacas < 1 || r.vacas > RulesLimits::max_vacas) return bad("vacas must be 1..99");
  if (r.min_raise != 1 && r.min_raise != 2) return bad("min_raise must be 1 or 2");
  if (static_cast<int>(r.royal31) > static_cast<int>(Royal31::jack_of_coins_any777))
    return bad("royal31 is not a known option");
  if (static_cast<int>(r.mus_corrido) > static_cast<int>(MusCorrido::game))
    return bad("mus_corrido must be off, match or game");
  if (static_cast<int>(r.answers) > static_cast<int>(Answers::proposal))
    return bad("answers must be first or proposal");
  if (static_cast<int>(r.signals) > static_cast<int>(SignalSet::off))
    return bad("signals must be full, online or off");
  return {};
}

/// The text names of the 31 real options, indexed by Royal31 value.
inline constexpr std::array<std::string_view, 6> royal31_names{"off",
                                                               "jack777",
                                                               "figure777",
                                                               "jack777_other_suits",
                                                               "jack_of_coins777",
                                                               "jack_of_coins_any777"};

/// The text names of the mus corrido options, indexed by MusCorrido value.
inline constexpr std::array<std::string_view, 3> mus_corrido_names{"off", "match", "game"};

/// The text names of the answer modes, indexed by Answers value.
inline constexpr std::array<std::string_view, 2> answers_names{"first", "proposal"};

/// The text names of the signal sets, indexed by SignalSet value.
inline constexpr std::array<std::string_view, 3> signal_set_names{"full", "online", "off"};

/// @brief The text name of a signal set, as used by parse_rules(); "?" when out of range.
/// @param v The signal set.
/// @return Static text.
[[nodiscard]] constexpr std::string_view signal_set_name(SignalSet v) noexcept {
  const auto i = static_cast<std::size_t>(v);
  return i < signal_set_names.size() ? signal_set_names[i] : std::string_view{"?"};
}

/// @brief The text name of a 31 real option, as used by parse_rules(); "?" when out of range.
/// @param v The option.
/// @return Static text.
[[nodiscard]] constexpr std::string_view royal31_name(Royal31 v) noexcept {
  const auto i = static_cast<std::size_t>(v);
  return i < royal31_names.size() ? royal31_names[i] : std::string_view{"?"};
}

/// @brief The text name of a mus corrido option, as used by parse_rules(); "?" when out of range.
/// @param v The option.
/// @return Static text.
[[nodiscard]] constexpr std::string_view mus_corrido_name(MusCorrido v) noexcept {
  const auto i = static_cast<std::size_t>(v);
  return i < mus_corrido_names.size() ? mus_corrido_names[i] : std::string_view{"?"};
}

/// @brief The text name of an answer mode, as used by parse_rules(); "?" when out of range.
/// @param v The mode.
/// @return Static text.
[[nodiscard]] constexpr std::string_view answers_name(Answers v) noexcept {
  const auto i = static_cast<std::size_t>(v);
  return i < answers_names.size() ? answers_names[i] : std::string_view{"?"};
}

/**
 * @brief Parse rules: a preset name, then `key=value` overrides separated by blanks.
 *
 * Keys: `kings=4|8 target=N games_per_vaca=N vacas=N min_raise=1|2`,
 * `royal31=off|jack777|figure777|jack777_other_suits|jack_of_coins777|jack_of_coins_any777`,
 * `zero_discard=0|1 deje_ends=0|1 mus_corrido=off|match|game tio_perete=0|1`,
 * `answers=first|proposal signals=full|online|off`. An empty text is `standard`.
 * @param text The text.
 * @return The rules, or Errc::parse with a message (unknown preset or key, malformed value,
 *         or a value outside its limits, e.g. "kings must be 4 or 8") and the byte position of
 *         the offending word's value.
 */
[[nodiscard]] Result<Rules> parse_rules(std::string_view text) noexcept;

/**
 * @brief The canonical text of rules: the nearest preset and the keys that differ from it.
 *
 * parse_rules(format_rules(r)) == r for all valid rules.
 * @param r The rules (valid).
 * @return The text, e.g. "standard target=30".
 */
[[nodiscard]] std::string format_rules(const Rules& r);

}  // namespace mus

#endif  // MUS_RULES_HPP
