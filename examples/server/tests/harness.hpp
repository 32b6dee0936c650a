// What the server's tests share: a handler over a real SQLite store, a clock the test moves,
// each connection's inbox, and small helpers to read replies and play.
#ifndef MUS_SERVER_TESTS_HARNESS_HPP
#define MUS_SERVER_TESTS_HARNESS_HPP

#include <algorithm>
#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "catch.hpp"
#include "handler.hpp"
#include "sqlite_store.hpp"

namespace mus_server_test {

using json = nlohmann::json;
using namespace mus_server;

// The default limits, but a rate no test reaches (the tests' clock stands still while they
// play); the rate test sets its own.
inline Limits relaxed() {
  Limits l;
  l.rate_per_second = 1e9;
  l.burst = 1e9;
  return l;
}

// A handler over a store, clocks the test moves (the game's and the wall's), and each
// connection's inbox; its tables run on `runtime` when given (else the handler's own).
struct Harness {
  explicit Harness(Limits l = relaxed(), std::optional<std::uint64_t> seed = 1,
                   const std::string& db = ":memory:", Runtime* runtime = nullptr)
      : store(db, Durability::normal),
        handler(store, l, os_random_bytes, seed, [this] { return wall; }, runtime) {}
  std::int64_t wall = 1733000000000;  // Unix ms, for chat lines and player cards
  SqliteStore store;
  Handler handler;
  std::int64_t now = 1000;
  std::map<ConnId, std::vector<json>> inbox;
  std::map<ConnId, std::vector<json>> all;  // every message, never cleared

  void take(const std::vector<Outgoing>& out) {
    for (const auto& o : out) {
      inbox[o.conn].push_back(json::parse(*o.text));
      all[o.conn].push_back(inbox[o.conn].back());
    }
  }
  void open(ConnId c) { handler.open(c, now); }
  // Sends a message; returns what this connection received because of it.
  std::vector<json> send(ConnId c, const std::string& text) {
    inbox[c].clear();
    take(handler.message(c, text, now));
    return inbox[c];
  }
  std::vector<json> send(ConnId c, const json& j) { return send(c, j.dump()); }
  void tick() { take(handler.tick(now)); }
  void close(ConnId c) { take(handler.close(c, now)); }
  // Opens a connection and says hello (asking for tips when `tips`, and for views in `form`,
  // "full", "delta" or "text", when given); returns the welcome.
  json hello(ConnId c, const std::string& name, bool tips = false, const std::string& form = "") {
    open(c);
    json m = {{"type", "hello"}, {"v", 1}, {"name", name}};
    if (tips) m["tips"] = true;
    if (!form.empty()) m["view"] = form;
    const auto r = send(c, m);
    REQUIRE(r.size() == 1);
    REQUIRE(r[0]["type"] == "welcome");
    return r[0];
  }
};

inline std::string error_code(const std::vector<json>& r) {
  for (const auto& m : r)
    if (m["type"] == "error") return m["code"].get<std::string>();
  return "";
}

// The last message of this type (compared as strings: comparing JSON values, inlined, makes
// GCC 12 warn about array bounds).
inline const json* last_of(const std::vector<json>& r, const std::string& type) {
  for (auto it = r.rbegin(); it != r.rend(); ++it) {
    const auto t = it->find("type");
    if (t != it->end() && t->is_string() && t->get_ref<const std::string&>() == type) return &*it;
  }
  return nullptr;
}

// Plays a seat's decisions from the last view in its inbox with a fixed choice (the legal id
// at position seq % size), until no view asks it to act. Returns the number of actions.
inline int play_views(Harness& h, ConnId c, const std::string& table, int limit = 100000) {
  int played = 0;
  for (int i = 0; i < limit; ++i) {
    const json* v = last_of(h.inbox[c], "view");
    if (v == nullptr || (*v)["legal"].empty()) return played;
    const auto& legal = (*v)["legal"];
    const auto seq = (*v)["seq"].get<std::uint64_t>();
    const int id = legal[seq % legal.size()]["id"].get<int>();
    const auto r = h.send(c, json{{"type", "act"}, {"table", table}, {"action", id}, {"seq", seq}});
    INFO((r.empty() ? json() : r.back()).dump());
    REQUIRE(error_code(r).empty());
    ++played;
  }
  return played;
}

// Applies a `view_delta` to the view it follows (docs/protocol.md, "view"): a field given
// replaces the old one, except an object, which is applied field by field to the object it
// follows, or entry by entry (keys "0", "1", ...) to the array it follows.
inline void apply_delta(json& view, const json& delta) {
  for (const auto& [key, d] : delta.items()) {
    json& old = view[key];
    if (d.is_object() && old.is_object()) {
      apply_delta(old, d);
    } else if (d.is_object() && old.is_array()) {
      for (const auto& [i, e] : d.items()) {
        json& entry = old.at(std::stoul(i));
        if (e.is_object() && entry.is_object()) {
          apply_delta(entry, e);
        } else {
          entry = e;
        }
      }
    } else {
      old = d;
    }
  }
}

inline json create_msg(std::vector<std::string> seats, int seat = 0) {
  return {{"type", "create"}, {"rules", "standard target=15 vacas=1"}, {"seats", seats},
          {"seat", seat}, {"clock", 30}};
}

}  // namespace mus_server_test

#endif  // MUS_SERVER_TESTS_HARNESS_HPP
