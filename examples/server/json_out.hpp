// JsonOut: writes one JSON text straight into a string, for the messages mus-server sends most
// (a view per seat after every action). Building them as nlohmann::json trees cost most of the
// server's time in allocations, map lookups and frees (docs/server.md, "Load and faults"); the
// rarer messages still use nlohmann::json.
//
// The writer keeps only which containers are open; keys and values must come in a valid order
// (the handler's code is the only caller). Strings are escaped as JSON requires: quote,
// backslash and control characters; other bytes pass through, so a caller that writes text
// from outside (a player's name) must use nlohmann::json, which also replaces invalid UTF-8.
#ifndef MUS_SERVER_JSON_OUT_HPP
#define MUS_SERVER_JSON_OUT_HPP

#include <array>
#include <charconv>
#include <cstdint>
#include <string>
#include <string_view>

namespace mus_server {

class JsonOut {
 public:
  /// Appends to `s`.
  explicit JsonOut(std::string& s) noexcept : s_(s) {}

  JsonOut& begin_object() { return open('{'); }
  JsonOut& end_object() { return close('}'); }
  JsonOut& begin_array() { return open('['); }
  JsonOut& end_array() { return close(']'); }

  /// The key of the next value in the open object.
  JsonOut& key(std::string_view k) {
    separate();
    quoted(k);
    s_ += ':';
    after_key_ = true;
    return *this;
  }
  JsonOut& value(std::int64_t v) {
    separate();
    std::array<char, 24> buf{};
    const auto r = std::to_chars(buf.data(), buf.data() + buf.size(), v);
    s_.append(buf.data(), r.ptr);
    return *this;
  }
  JsonOut& value(bool v) {
    separate();
    s_ += v ? "true" : "false";
    return *this;
  }
  JsonOut& value(std::string_view v) {
    separate();
    quoted(v);
    return *this;
  }
  // Without this, a string literal would convert to bool rather than to string_view.
  JsonOut& value(const char* v) { return value(std::string_view(v)); }
  JsonOut& null() {
    separate();
    s_ += "null";
    return *this;
  }
  /// A JSON text written elsewhere (nlohmann::json::dump()), as the next value.
  JsonOut& raw(std::string_view json) {
    separate();
    s_ += json;
    return *this;
  }
  /// Each element of an array of integers.
  template <typename Array>
  JsonOut& numbers(const Array& a) {
    begin_array();
    for (const auto& x : a) value(static_cast<std::int64_t>(x));
    return end_array();
  }

 private:
  static constexpr std::size_t max_depth = 16;

  JsonOut& open(char c) {
    separate();
    s_ += c;
    first_[++depth_] = true;
    return *this;
  }
  JsonOut& close(char c) {
    s_ += c;
    --depth_;
    return *this;
  }
  // The comma before a value or key, unless it is the first of its container or a key's value.
  void separate() {
    if (after_key_) {
      after_key_ = false;
      return;
    }
    if (depth_ == 0) return;
    if (!first_[depth_]) s_ += ',';
    first_[depth_] = false;
  }
  void quoted(std::string_view v) {
    static constexpr char digits[] = "0123456789abcdef";
    s_ += '"';
    // Runs of bytes that need no escape are appended at once.
    std::size_t run = 0;
    for (std::size_t i = 0; i < v.size(); ++i) {
      const auto u = static_cast<unsigned char>(v[i]);
      if (u >= 0x20 && u != '"' && u != '\\') continue;
      s_.append(v.data() + run, i - run);
      run = i + 1;
      if (u == '"' || u == '\\') {
        s_ += '\\';
        s_ += v[i];
      } else if (u == '\n') {
        s_ += "\\n";
      } else {
        s_ += "\\u00";
        s_ += digits[u >> 4];
        s_ += digits[u & 15];
      }
    }
    s_.append(v.data() + run, v.size() - run);
    s_ += '"';
  }

  std::string& s_;
  std::array<bool, max_depth + 1> first_{};
  std::size_t depth_ = 0;
  bool after_key_ = false;
};

}  // namespace mus_server

#endif  // MUS_SERVER_JSON_OUT_HPP
