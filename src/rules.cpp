// Text form of the rules: parsing "preset key=value ..." and printing the canonical form.
#include "mus/rules.hpp"

#include <charconv>
#include <cstddef>
#include <span>
#include <string>
#include <string_view>

namespace mus {
namespace {

// One overridable key: how to read it from and write it into a Rules value. Values are
// handled as integers; keys with named values list their names (index = value).
struct Key {
  std::string_view name;
  std::span<const std::string_view> names;  // empty for numeric keys
  int (*get)(const Rules&);
  void (*set)(Rules&, int);
};

constexpr std::span<const std::string_view> no_names{};
constexpr std::span<const std::string_view> royal_names{royal31_names};
constexpr std::span<const std::string_view> corrido_names{mus_corrido_names};
constexpr std::span<const std::string_view> answer_names{answers_names};
constexpr std::span<const std::string_view> set_names{signal_set_names};

// The order here is the order of the canonical text form.
constexpr std::array<Key, 12> keys{{
    {"kings", no_names, [](const Rules& r) { return int{r.kings}; },
     [](Rules& r, int v) { r.kings = static_cast<std::uint8_t>(v); }},
    {"target", no_names, [](const Rules& r) { return int{r.target}; },
     [](Rules& r, int v) { r.target = static_cast<std::uint16_t>(v); }},
    {"games_per_vaca", no_names, [](const Rules& r) { return int{r.games_per_vaca}; },
     [](Rules& r, int v) { r.games_per_vaca = static_cast<std::uint8_t>(v); }},
    {"vacas", no_names, [](const Rules& r) { return int{r.vacas}; },
     [](Rules& r, int v) { r.vacas = static_cast<std::uint8_t>(v); }},
    {"min_raise", no_names, [](const Rules& r) { return int{r.min_raise}; },
     [](Rules& r, int v) { r.min_raise = static_cast<std::uint8_t>(v); }},
    {"royal31", royal_names, [](const Rules& r) { return static_cast<int>(r.royal31); },
     [](Rules& r, int v) { r.royal31 = static_cast<Royal31>(v); }},
    {"zero_discard", no_names, [](const Rules& r) { return int{r.zero_discard}; },
     [](Rules& r, int v) { r.zero_discard = v != 0; }},
    {"deje_ends", no_names, [](const Rules& r) { return int{r.deje_ends}; },
     [](Rules& r, int v) { r.deje_ends = v != 0; }},
    {"mus_corrido", corrido_names, [](const Rules& r) { return static_cast<int>(r.mus_corrido); },
     [](Rules& r, int v) { r.mus_corrido = static_cast<MusCorrido>(v); }},
    {"tio_perete", no_names, [](const Rules& r) { return int{r.tio_perete}; },
     [](Rules& r, int v) { r.tio_perete = v != 0; }},
    {"answers", answer_names, [](const Rules& r) { return static_cast<int>(r.answers); },
     [](Rules& r, int v) { r.answers = static_cast<Answers>(v); }},
    {"signals", set_names, [](const Rules& r) { return static_cast<int>(r.signals); },
     [](Rules& r, int v) { r.signals = static_cast<SignalSet>(v); }},
}};

// The message for a named value that is not one of the key's names.
std::string_view named_values_expected(std::string_view key) {
  if (key == "royal31")
    return "royal31 must be off, jack777, figure777, jack777_other_suits, jack_of_coins777 or "
           "jack_of_coins_any777";
  if (key == "signals") return "signals must be full, online or off";
  if (key == "answers") return "answers must be first or proposal";
  return "mus_corrido must be off, match or game";
}

bool is_blank(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

// Boolean keys accept only 0 and 1, so a typo like zero_discard=2 is not silently "true".
bool is_boolean_key(std::string_view k) {
  return k == "zero_discard" || k == "deje_ends" || k == "tio_perete";
}

// Reads one key=value word into `r`. `at` is the word's byte offset for error positions.
Error apply_override(Rules& r, std::string_view word, std::int32_t at) {
  const auto eq = word.find('=');
  if (eq == std::string_view::npos) return {Errc::parse, "expected key=value", at};
  const auto name = word.substr(0, eq);
  const auto text = word.substr(eq + 1);
  const auto value_at = at + static_cast<std::int32_t>(eq + 1);
  for (const Key& k : keys) {
    if (k.name != name) continue;
    if (!k.names.empty()) {
      for (std::size_t i = 0; i < k.names.size(); ++i) {
        if (k.names[i] == text) {
          k.set(r, static_cast<int>(i));
          return {};
        }
      }
      return {Errc::parse, named_values_expected(k.name), value_at};
    }
    int v = 0;
    const auto* first = text.data();
    const auto* last = text.data() + text.size();
    const auto [ptr, ec] = std::from_chars(first, last, v);
    if (text.empty() || ec != std::errc{} || ptr != last)
      return {Errc::parse, "expected a whole number", value_at};
    if (is_boolean_key(name) && v != 0 && v != 1) return {Errc::parse, "expected 0 or 1", value_at};
    // Out-of-range numbers are well formed but unplayable: validate() names the limit. Values
    // that do not even fit the field are refused here so they cannot wrap into range.
    if (v < 0 || v > 65535) return {Errc::parse, "number out of range", value_at};
    if (name != "target" && v > 255) return {Errc::parse, "number out of range", value_at};
    k.set(r, v);
    return {};
  }
  return {Errc::parse, "unknown key", at};
}

}  // namespace

Result<Rules> parse_rules(std::string_view text) noexcept {
  Rules r;
  std::size_t pos = 0;
  bool first = true;
  std::array<std::int32_t, keys.size()> last_at{};  // value position of each key's last word
  last_at.fill(-1);
  while (true) {
    while (pos < text.size() && is_blank(text[pos])) ++pos;
    if (pos >= text.size()) break;
    std::size_t end = pos;
    while (end < text.size() && !is_blank(text[end])) ++end;
    const auto word = text.substr(pos, end - pos);
    const auto at = static_cast<std::int32_t>(pos);
    if (first && word.find('=') == std::string_view::npos) {
      const auto p = rules_preset(word);
      if (!p) return Error{Errc::parse, p.error().message, at};
      r = *p;
    } else if (const Error e = apply_override(r, word, at); !e.ok()) {
      return e;
    } else {
      const auto name = word.substr(0, word.find('='));
      for (std::size_t k = 0; k < keys.size(); ++k)
        if (keys[k].name == name) last_at[k] = at + static_cast<std::int32_t>(name.size() + 1);
    }
    first = false;
    pos = end;
  }
  if (Error e = validate(r); !e.ok()) {
    // Text that names unplayable rules is bad text: the code is parse (the C contract's
    // MUS_E_PARSE), the message names the limit. Fields are independent: point at the last word
    // that set a field validate() refuses.
    for (std::size_t k = 0; k < keys.size(); ++k) {
      if (last_at[k] < 0) continue;
      Rules one;
      keys[k].set(one, keys[k].get(r));
      if (!validate(one).ok()) {
        e.position = last_at[k];
        break;
      }
    }
    e.code = Errc::parse;
    return e;
  }
  return r;
}

std::string format_rules(const Rules& r) {
  // Choose the preset that needs the fewest overrides (the first wins ties).
  std::size_t best = 0;
  int best_diff = 1 << 30;
  for (std::size_t p = 0; p < rules_presets.size(); ++p) {
    int diff = 0;
    for (const Key& k : keys) diff += k.get(rules_presets[p].rules) != k.get(r) ? 1 : 0;
    if (diff < best_diff) {
      best = p;
      best_diff = diff;
    }
  }
  std::string out(rules_presets[best].name);
  for (const Key& k : keys) {
    const int v = k.get(r);
    if (v == k.get(rules_presets[best].rules)) continue;
    out += ' ';
    out += k.name;
    out += '=';
    if (!k.names.empty() && v >= 0 && static_cast<std::size_t>(v) < k.names.size())
      out += k.names[static_cast<std::size_t>(v)];
    else
      out += std::to_string(v);
  }
  return out;
}

}  // namespace mus
