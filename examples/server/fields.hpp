// Typed access to the fields of a JSON object, refusing with the protocol's codes: a field
// absent or null is missing (`missing_field` when required), one of another JSON type is
// `wrong_type`. Used by the protocol's parser and the table-settings codec alike.
#ifndef MUS_SERVER_FIELDS_HPP
#define MUS_SERVER_FIELDS_HPP

#include <cstdint>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>

#include "server_types.hpp"

namespace mus_server::fields {

/// The field, or null when absent or JSON null.
inline const nlohmann::json* find(const nlohmann::json& m, const char* key) {
  const auto it = m.find(key);
  return it == m.end() || it->is_null() ? nullptr : &*it;
}

/// A string field, when present; wrong_type when not a string.
inline std::optional<std::string> opt_string(const nlohmann::json& m, const char* key) {
  const nlohmann::json* f = find(m, key);
  if (f == nullptr) return std::nullopt;
  if (!f->is_string()) refuse("wrong_type", std::string("'") + key + "' must be a string");
  return f->get<std::string>();
}

/// A required string field.
inline std::string need_string(const nlohmann::json& m, const char* key) {
  auto s = opt_string(m, key);
  if (!s) refuse("missing_field", std::string("'") + key + "' is required");
  return *s;
}

/// An integer field, when present; wrong_type when not an integer (1.5, "1").
inline std::optional<std::int64_t> opt_int(const nlohmann::json& m, const char* key) {
  const nlohmann::json* f = find(m, key);
  if (f == nullptr) return std::nullopt;
  if (!f->is_number_integer())
    refuse("wrong_type", std::string("'") + key + "' must be an integer");
  if (f->is_number_unsigned() && f->get<std::uint64_t>() > INT64_MAX)
    refuse("bad_value", std::string("'") + key + "' is out of range");
  return f->get<std::int64_t>();
}

/// A required integer field.
inline std::int64_t need_int(const nlohmann::json& m, const char* key) {
  auto v = opt_int(m, key);
  if (!v) refuse("missing_field", std::string("'") + key + "' is required");
  return *v;
}

/// A boolean field, `fallback` when absent.
inline bool opt_bool(const nlohmann::json& m, const char* key, bool fallback) {
  const nlohmann::json* f = find(m, key);
  if (f == nullptr) return fallback;
  if (!f->is_boolean()) refuse("wrong_type", std::string("'") + key + "' must be true or false");
  return f->get<bool>();
}

/// A required boolean field.
inline bool need_bool(const nlohmann::json& m, const char* key) {
  if (find(m, key) == nullptr) refuse("missing_field", std::string("'") + key + "' is required");
  return opt_bool(m, key, false);
}

}  // namespace mus_server::fields

#endif  // MUS_SERVER_FIELDS_HPP
