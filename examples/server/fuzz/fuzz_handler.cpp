// fuzz_handler: the protocol handler (without sockets) driven by arbitrary bytes.
//
// The input is a script, one step a line: the first byte picks the step, the rest is its text.
//   '1'..'3' + text   connection 1..3 sends the text as a message
//   'o' + digit       connection 1..3 opens again (after a close)
//   'c' + digit       connection 1..3 closes
//   't' + digits      the clock moves on by that many seconds (then the handler ticks)
//   anything else     connection 1 sends the whole line
// In a text, $T is replaced by the id of the table set up before the script, $S by its current
// seq, $K by connection 1's resume token and $P by its player id, so that the fuzzer reaches
// the deep paths. Before the script, connection 1 says hello (asking for tips) and creates a
// table (seat 0 human, the others bots).
//
// Checked: no crash or sanitizer report, every reply is a JSON object with a type, and a
// second table that no connection of the script sits at never changes.
//
// Built as a libFuzzer target with MUS_BUILD_FUZZ (clang), and in every build as
// fuzz_handler_replay, which runs the script files of a directory (ctest server.fuzz_corpus).
#include <cstddef>
#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>
#include <vector>

#include "handler.hpp"
#include "sqlite_store.hpp"

namespace {

using json = nlohmann::json;
using namespace mus_server;

// Reproducible "random" bytes: a counter through SplitMix64 (a fuzz input must replay).
RandomBytes counter_random() {
  auto state = std::make_shared<std::uint64_t>(1);
  return [state](void* out, std::size_t n) {
    auto* p = static_cast<unsigned char*>(out);
    for (std::size_t i = 0; i < n; ++i) p[i] = static_cast<unsigned char>(mus::splitmix64(*state));
  };
}

[[noreturn]] void fail(const char* what, const std::string& detail) {
  std::fprintf(stderr, "fuzz_handler: %s: %s\n", what, detail.c_str());
  std::abort();
}

// Every reply must be a JSON object with a string type; returns them parsed (each reply is
// parsed once: parsing is most of the harness's own time).
std::vector<json> check(const std::vector<Outgoing>& out) {
  std::vector<json> parsed;
  parsed.reserve(out.size());
  for (const auto& o : out) {
    json m = json::parse(o.text, nullptr, false);
    if (!m.is_object() || !m.contains("type") || !m["type"].is_string()) fail("bad reply", o.text);
    parsed.push_back(std::move(m));
  }
  return parsed;
}

std::string replace_all(std::string s, std::string_view what, const std::string& with) {
  for (std::size_t at = s.find(what); at != std::string::npos; at = s.find(what, at + with.size()))
    s.replace(at, what.size(), with);
  return s;
}

std::string field(const std::vector<json>& replies, const char* type, const char* key) {
  for (const auto& m : replies) {
    if (m.value("type", "") == type && m.contains(key))
      return m[key].is_string() ? m[key].get<std::string>() : m[key].dump();
  }
  return {};
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size > 16384) return 0;
  SqliteStore store(":memory:", Durability::normal);
  Limits limits;
  limits.max_tables = 4;
  Handler h(store, limits, counter_random(), std::uint64_t{7});
  std::int64_t now = 0;
  // The watched table: connection 9 alone sits there.
  h.open(9, now);
  check(h.message(9, R"({"type":"hello","v":1,"name":"Other"})", now));
  auto out =
      check(h.message(9, R"({"type":"create","seats":["human","bot","bot","bot"],"seat":0})", now));
  const std::string other_view = field(out, "view", "seq");
  const std::string other = field(out, "table", "table");
  // The script's table.
  for (ConnId c = 1; c <= 3; ++c) h.open(c, now);
  out = check(h.message(1, R"({"type":"hello","v":1,"name":"Fuzz","tips":true})", now));
  const std::string token = field(out, "welcome", "token");
  const std::string player = field(out, "welcome", "player");
  out =
      check(h.message(1, R"({"type":"create","seats":["human","bot","bot","bot"],"seat":0})", now));
  const std::string table = field(out, "table", "table");
  std::string seq = field(out, "view", "seq");
  std::vector<bool> open(4, true);

  const std::string_view input(reinterpret_cast<const char*>(data), size);
  std::size_t at = 0;
  for (int steps = 0; at < input.size() && steps < 200; ++steps) {
    const std::size_t end = std::min(input.find('\n', at), input.size());
    const std::string_view line = input.substr(at, end - at);
    at = end + 1;
    if (line.empty()) continue;
    const char op = line[0];
    const std::string_view rest = line.substr(1);
    const auto conn_of = [&](std::string_view r) -> ConnId {
      return r.empty() ? 1 : static_cast<ConnId>((static_cast<unsigned char>(r[0]) % 3) + 1);
    };
    if (op == 'o') {
      const ConnId c = conn_of(rest);
      if (!open[c]) h.open(c, now);
      open[c] = true;
    } else if (op == 'c') {
      const ConnId c = conn_of(rest);
      if (open[c]) check(h.close(c, now));
      open[c] = false;
    } else if (op == 't') {
      std::int64_t seconds = 0;
      for (char ch : rest.substr(0, 6))
        if (ch >= '0' && ch <= '9') seconds = seconds * 10 + (ch - '0');
      now += seconds * 1000;
      check(h.tick(now));
    } else {
      const ConnId c = (op >= '1' && op <= '3') ? static_cast<ConnId>(op - '0') : 1;
      if (!open[c]) continue;
      std::string text(op >= '1' && op <= '3' ? rest : line);
      text = replace_all(replace_all(replace_all(text, "$T", table), "$K", token), "$S", seq);
      text = replace_all(text, "$P", player);
      out = check(h.message(c, text, now));
      if (const std::string s = field(out, "view", "seq"); !s.empty()) seq = s;
    }
  }
  // The other table moved only by its bots' clock, never by the script: connection 9 has not
  // acted, so its seq is where it was unless the clock ran out for it.
  out = check(h.message(9, R"({"type":"watch","table":")" + other + R"("})", now));
  const std::string after = field(out, "view", "seq");
  if (now < std::int64_t{limits.clock_seconds} * 1000 && after != other_view)
    fail("another table changed", other_view + " -> " + after);
  return 0;
}
