// The protocol unit (protocol.hpp): every client message parsed once, refused there with its
// documented code; every server message written by one function.
#include <array>
#include <string>

#include "harness.hpp"
#include "json_out.hpp"

using namespace mus_server_test;

TEST_CASE("malformed messages get their documented error codes") {
  Harness h;
  h.open(1);
  CHECK(error_code(h.send(1, std::string("{not json"))) == "bad_json");
  CHECK(error_code(h.send(1, std::string("[1,2]"))) == "bad_message");
  CHECK(error_code(h.send(1, std::string("{}"))) == "missing_field");
  CHECK(error_code(h.send(1, json{{"type", 5}})) == "wrong_type");
  CHECK(error_code(h.send(1, json{{"type", "dance"}})) == "unknown_type");
  CHECK(error_code(h.send(1, json{{"type", "create"}, {"seats", {"human", "bot", "bot", "bot"}}})) ==
        "hello_first");
  CHECK(error_code(h.send(1, json{{"type", "hello"}, {"name", "Ana"}})) == "missing_field");
  CHECK(error_code(h.send(1, json{{"type", "hello"}, {"v", "1"}, {"name", "Ana"}})) ==
        "wrong_type");
  CHECK(error_code(h.send(1, json{{"type", "hello"}, {"v", 2}, {"name", "Ana"}})) ==
        "unsupported_version");
  CHECK(error_code(h.send(1, json{{"type", "hello"}, {"v", 1}, {"name", ""}})) == "bad_value");
  CHECK(error_code(h.send(1, json{{"type", "hello"}, {"v", 1}, {"name", "a\tb"}})) == "bad_value");
  CHECK(error_code(h.send(1, json{{"type", "hello"}, {"v", 1}})) == "missing_field");
  // The error names the refused message's type.
  const auto r = h.send(1, json{{"type", "join"}, {"table", "x"}});
  REQUIRE(r.size() == 1);
  CHECK(r[0]["code"] == "hello_first");
  CHECK(r[0]["re"] == "join");
  CHECK(r[0]["message"].is_string());
}

TEST_CASE("ping answers pong with its id, before hello too") {
  Harness h;
  h.open(1);
  const auto r = h.send(1, json{{"type", "ping"}, {"id", 42}});
  REQUIRE(r.size() == 1);
  CHECK(r[0]["type"] == "pong");
  CHECK(r[0]["id"] == 42);
}

TEST_CASE("JsonOut writes JSON that reads back: nesting, commas, numbers, escapes") {
  std::string text;
  JsonOut o(text);
  const std::string tricky = std::string("a\"b\\c\nd\te") + '\x01' + "f\xc3\xb1";
  o.begin_object()
      .key("s").value(tricky)
      .key("lit").value("view")
      .key("n").value(std::int64_t{-42})
      .key("b").value(false)
      .key("z").null()
      .key("a").numbers(std::array<std::uint8_t, 3>{1, 2, 255})
      .key("e").begin_array().end_array()
      .key("o").begin_object().key("x").begin_array().begin_object().end_object().null()
      .end_array().end_object()
      .end_object();
  const auto j = nlohmann::json::parse(text);
  CHECK(j["s"] == tricky);
  CHECK(j["lit"] == "view");
  CHECK(j["n"] == -42);
  CHECK(j["b"] == false);
  CHECK(j["z"].is_null());
  CHECK(j["a"] == nlohmann::json::array({1, 2, 255}));
  CHECK(j["e"].empty());
  CHECK(j["o"]["x"].size() == 2);
  CHECK(j.size() == 8);
}
