#include "settings.hpp"

#include <algorithm>

#include "fields.hpp"

namespace mus_server {
namespace {

using json = nlohmann::json;

// Whether a table may seat a bot of kind k: the library plays it with a kind alone.
bool seatable(mus::BotKind k) {
  return mus::validate_bot_config(mus::BotConfig{k, 0, 0}) == mus::Errc::ok;
}

// A bot kind by its library name, one a table may seat (refused with unknown_bot_kind).
mus::BotKind bot_kind_of(const std::string& name) {
  const auto k = mus::parse_bot_kind(name);
  if (!k || !seatable(*k))
    refuse("unknown_bot_kind", "no bot kind '" + name.substr(0, 40) + "'; the kinds are " +
                                   json(seatable_bot_kinds()).dump());
  return *k;
}

void read_rules(const json& j, SettingsSource source, TableSettings& s) {
  const std::string text = source == SettingsSource::create
                               ? fields::opt_string(j, "rules").value_or("standard")
                               : fields::need_string(j, "rules");
  if (text.size() > max_rules_text) refuse("bad_rules", "rules text too long");
  const auto rules = mus::parse_rules(text);
  if (!rules) refuse("bad_rules", rules.error().describe());
  s.rules = *rules;
  s.rules_text = mus::format_rules(*rules);
}

void read_seats(const json& j, TableSettings& s) {
  const json* seats = fields::find(j, "seats");
  if (seats == nullptr) refuse("missing_field", "'seats' is required");
  constexpr const char* shape = "'seats' must be an array of four \"human\" or \"bot\"";
  if (!seats->is_array()) refuse("wrong_type", shape);
  if (seats->size() != 4) refuse("bad_value", shape);
  for (std::size_t k = 0; k < 4; ++k) {
    const json& seat = (*seats)[k];
    if (!seat.is_string()) refuse("wrong_type", shape);
    const auto kind = seat.get<std::string>();
    if (kind != "human" && kind != "bot") refuse("bad_value", "a seat is \"human\" or \"bot\"");
    s.bot[k] = kind == "bot";
  }
  if (std::all_of(s.bot.begin(), s.bot.end(), [](bool b) { return b; }))
    refuse("bad_value", "a table needs at least one human seat");
}

// A list of one entry per seat, `key` (`bots`, `levels`): four entries, seat 0 first, each a
// name for a bot seat or null. Gives each seat's name to `take`; returns the seats named.
template <class Take>
std::array<bool, 4> read_seat_names(const json& j, const TableSettings& s, const char* key,
                                    const char* names, Take take) {
  std::array<bool, 4> named{};
  const json* list = fields::find(j, key);
  if (list == nullptr) return named;
  const std::string shape =
      std::string("'") + key + "' must be an array of four " + names + " or null";
  if (!list->is_array()) refuse("wrong_type", shape);
  if (list->size() != 4) refuse("bad_value", shape);
  for (std::size_t k = 0; k < 4; ++k) {
    const json& name = (*list)[k];
    if (name.is_null()) continue;
    if (!name.is_string()) refuse("wrong_type", shape);
    if (!s.bot[k]) refuse("bad_value", std::string("'") + key + "' names a bot for a human seat");
    take(k, name.get<std::string>());
    named[k] = true;
  }
  return named;
}

// `bots`: a kind's name per bot seat (the heuristic for a seat without one).
std::array<bool, 4> read_bots(const json& j, TableSettings& s) {
  return read_seat_names(j, s, "bots", "bot kinds", [&s](std::size_t k, const std::string& name) {
    s.bot_kind[k] = bot_kind_of(name);
  });
}

// `levels`: a level's id or name (mus::parse_level) per bot seat; a seat chosen by level may
// not name a kind in `bots` too.
void read_levels(const json& j, TableSettings& s, const std::array<bool, 4>& kind_named) {
  (void)read_seat_names(j, s, "levels", "level names", [&](std::size_t k, const std::string& name) {
    if (kind_named[k])
      refuse("bad_value", "a bot seat takes a kind in 'bots' or a level in 'levels', not both");
    const auto level = mus::parse_level(name);
    if (!level)
      refuse("bad_value", "'levels': no level '" + name.substr(0, 40) + "'; " +
                              std::string(level.error().message));
    s.level[k] = *level;
    s.bot_kind[k] = mus::level_config(*level).kind;
  });
}

void read_server_fields(const json& j, TableSettings& s) {
  s.code = fields::need_string(j, "code");
  const bool code_ok =
      s.is_private ? s.code.size() == code_length &&
                         s.code.find_first_not_of(code_alphabet) == std::string::npos
                   : s.code.empty();
  if (!code_ok) refuse("bad_value", "'code' is not a join code of this table");
  s.creator = fields::need_string(j, "creator");
  if (s.creator.empty()) refuse("bad_value", "'creator' is empty");
}

}  // namespace

TableSettings read_settings(const json& j, const Limits& limits, SettingsSource source) {
  if (!j.is_object()) refuse("wrong_type", "the settings must be a JSON object");
  const bool stored = source == SettingsSource::stored;
  TableSettings s;
  read_rules(j, source, s);
  read_seats(j, s);
  read_levels(j, s, read_bots(j, s));
  const std::int64_t clock =
      stored ? fields::need_int(j, "clock")
             : fields::opt_int(j, "clock").value_or(limits.clock_seconds);
  if (clock < 1 || clock > limits.max_clock_seconds)
    refuse("bad_value",
           "'clock' must be 1.." + std::to_string(limits.max_clock_seconds) + " seconds");
  s.clock_s = static_cast<int>(clock);
  if (stored && fields::find(j, "private") == nullptr)
    refuse("missing_field", "'private' is required");
  s.is_private = fields::opt_bool(j, "private", false);
  if (stored) read_server_fields(j, s);
  return s;
}

std::string write_settings(const TableSettings& s) {
  json seats = json::array(), bots = json::array(), levels = json::array();
  for (std::size_t k = 0; k < 4; ++k) {
    seats.push_back(s.bot[k] ? "bot" : "human");
    const bool by_kind = s.bot[k] && !s.level[k];
    bots.push_back(by_kind ? json(std::string(mus::bot_kind_name(s.bot_kind[k]))) : json(nullptr));
    levels.push_back(s.level[k] ? json(std::string(mus::level_id(*s.level[k]))) : json(nullptr));
  }
  return json{{"rules", s.rules_text}, {"seats", seats},      {"bots", bots},
              {"levels", levels},      {"clock", s.clock_s},  {"private", s.is_private},
              {"code", s.code},        {"creator", s.creator}}
      .dump();
}

mus::BotConfig seat_bot(const TableSettings& s, std::size_t k) {
  if (!s.bot[k]) return mus::BotConfig{mus::BotKind::heuristic, 0, 0};
  if (s.level[k]) return mus::level_config(*s.level[k]);
  return mus::BotConfig{s.bot_kind[k], 0, 0};
}

json levels_json() {
  json out = json::array();
  for (const mus::Level l : mus::levels)
    out.push_back({{"id", mus::level_id(l)},
                   {"name", mus::level_display_name(l)},
                   {"bot", mus::bot_kind_name(mus::level_config(l).kind)}});
  return out;
}

std::vector<std::string> seatable_bot_kinds() {
  std::vector<std::string> out;
  for (const mus::BotKind k : mus::bot_kinds)
    if (seatable(k)) out.emplace_back(mus::bot_kind_name(k));
  return out;
}

}  // namespace mus_server
