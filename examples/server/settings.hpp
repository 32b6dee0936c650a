// The table-settings codec: one reader and one writer of a table's settings, used by `create`
// (the client's fields), by restore (the stored record) and by the replays alike, so that a
// stored table passes exactly the checks a new one passes.
//
// The stored form is the create message's fields (`rules`, `seats`, `bots`, `levels`, `clock`,
// `private`) plus what the server sets (`code`, `creator`), as one JSON object.
#ifndef MUS_SERVER_SETTINGS_HPP
#define MUS_SERVER_SETTINGS_HPP

#include <array>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include <mus/mus.hpp>

#include "server_types.hpp"

namespace mus_server {

/// A table's settings: what its creator chose, and what the server set at its creation.
struct TableSettings {
  std::string rules_text = "standard";  ///< The canonical rules text (mus::format_rules).
  mus::Rules rules{};                   ///< The rules it names.
  std::array<bool, 4> bot{};            ///< Which seats bots play.
  /// The kind of each bot seat's bot (a person's seat, away or timed out, gets the heuristic).
  std::array<mus::BotKind, 4> bot_kind{mus::BotKind::heuristic, mus::BotKind::heuristic,
                                       mus::BotKind::heuristic, mus::BotKind::heuristic};
  /// The level of each bot seat chosen by level (its bot_kind is then the level's kind).
  std::array<std::optional<mus::Level>, 4> level{};
  int clock_s = 30;         ///< Seconds per decision.
  bool is_private = false;  ///< Not listed; joined by its code.
  std::string code;         ///< A private table's join code (empty for a public one).
  std::string creator;      ///< The id of the player who created it.
};

/// Where settings are read from.
enum class SettingsSource {
  create,  ///< A client's create message: `code` and `creator` are not read (the server sets them).
  stored,  ///< A stored table: every field, `code` and `creator` included, is required.
};

/// The characters of a private table's join code (no 0/O, 1/I).
inline constexpr std::string_view code_alphabet = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";
/// The length of a join code.
inline constexpr std::size_t code_length = 6;
/// The longest rules text a table may have.
inline constexpr std::size_t max_rules_text = 400;

/**
 * @brief Reads and checks a table's settings. Throws a Refusal with the code a create gets:
 *        `missing_field`, `wrong_type`, `bad_value` (an unknown level among them), `bad_rules`,
 *        `unknown_bot_kind`.
 * @param j The create message, or the stored settings object.
 * @param limits The server's clock default and largest clock.
 * @param source What `j` is.
 * @return The settings (from a create: without code and creator).
 */
TableSettings read_settings(const nlohmann::json& j, const Limits& limits, SettingsSource source);

/// @brief The stored form of settings (read back by read_settings with SettingsSource::stored).
/// @param s The settings.
/// @return One JSON object as text.
std::string write_settings(const TableSettings& s);

/// @brief The bot that plays seat `k`: its level's configuration (mus::level_config), else its
///        kind's defaults; a person's seat (away or out of time) gets the heuristic.
/// @param s The settings.
/// @param k The seat, 0..3.
/// @return The configuration.
mus::BotConfig seat_bot(const TableSettings& s, std::size_t k);

/// @brief The library's levels as `welcome.levels` lists them, weakest first: each level's id
///        (mus::level_id), its name for players (mus::level_display_name) and its bot's kind.
/// @return A JSON array.
nlohmann::json levels_json();

/// @brief The names of the library's bot kinds a table may seat (mus::bot_kinds), in the order
///        of their numbers.
/// @return The names.
std::vector<std::string> seatable_bot_kinds();

}  // namespace mus_server

#endif  // MUS_SERVER_SETTINGS_HPP
