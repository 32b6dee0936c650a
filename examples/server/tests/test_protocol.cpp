// The protocol unit (protocol.hpp): every client message parsed once, refused there with its
// documented code; every server message written by one function.
#include <array>
#include <string>

#include "harness.hpp"
#include "json_out.hpp"
#include "protocol.hpp"

using namespace mus_server_test;

TEST_CASE("malformed messages get their documented error codes") {
  Harness h;
  h.open(1);
  CHECK(error_code(h.send(1, std::string("{not json"))) == "bad_json");
  CHECK(error_code(h.send(1, std::string("[1,2]"))) == "bad_message");
  CHECK(error_code(h.send(1, std::string("{}"))) == "missing_field");
  CHECK(error_code(h.send(1, json{{"type", 5}})) == "wrong_type");
  CHECK(error_code(h.send(1, json{{"type", "dance"}})) == "unknown_type");
  CHECK(error_code(h.send(1, json{{"type", "create"},
                                  {"seats", {"human", "bot", "bot", "bot"}}})) == "hello_first");
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

TEST_CASE("text: strict UTF-8, code points counted, control characters (Cc, C1 too) and "
          "spaces found") {
  bool control = false, spaces = false;
  CHECK(read_text("hola", control, spaces) == 4u);
  CHECK_FALSE(control);
  CHECK_FALSE(spaces);
  CHECK(read_text("\xc3\xb1" "and\xc3\xba \xe2\x82\xac \xf0\x9f\x82\xa1", control, spaces) == 9u);
  CHECK_FALSE(control);
  CHECK(read_text("  \xc2\xa0\xe3\x80\x80", control, spaces) == 4u);  // spaces, NBSP, ideographic
  CHECK(spaces);
  CHECK(read_text("", control, spaces) == 0u);
  CHECK(spaces);
  for (const char* c : {"a\tb", "a\nb", "\x7f", "\xc2\x80", "x\xc2\x85", "\xc2\x9f"}) {
    INFO(c);
    REQUIRE(read_text(c, control, spaces));
    CHECK(control);
  }
  CHECK(read_text("\xc2\xa0x", control, spaces));
  CHECK_FALSE(control);  // U+00A0 is past the C1 block
  for (const char* bad : {"\xff", "\xc3", "\x80", "\xc0\xaf", "\xe0\x80\xaf", "\xed\xa0\x80",
                          "\xf4\x90\x80\x80", "\xf8\x88\x80\x80\x80", "a\xe2\x82"}) {
    INFO(bad);
    CHECK_FALSE(read_text(bad, control, spaces));
  }
}

TEST_CASE("names: 1 to 32 bytes of UTF-8, no control character of C0, DEL or C1") {
  CHECK(good_name("Ana"));
  CHECK(good_name("I\xc3\xb1" "aki"));
  CHECK(good_name(std::string(32, 'x')));
  CHECK_FALSE(good_name(std::string(33, 'x')));
  std::string enes;
  for (int i = 0; i < 15; ++i) enes += "\xc3\xb1";
  CHECK(good_name(enes + "ab"));        // 32 bytes, 17 letters
  CHECK_FALSE(good_name(enes + "abc"));  // 33 bytes
  CHECK_FALSE(good_name(""));
  for (const char* bad : {"a\tb", "a\x1b[31m", "a\x7f", "a\xc2\x85" "b", "a\xc2\x9b" "b", "\xff"}) {
    INFO(bad);
    CHECK_FALSE(good_name(bad));
  }
  // Over the wire: a C1 character written as a JSON escape is refused as bad_value.
  Harness h;
  h.open(1);
  CHECK(error_code(h.send(1, std::string(R"({"type":"hello","v":1,"name":"a\u0085b"})"))) ==
        "bad_value");
  CHECK(error_code(h.send(1, std::string(R"({"type":"hello","v":1,"name":"a\u009bb"})"))) ==
        "bad_value");
  CHECK(h.send(1, std::string(R"({"type":"hello","v":1,"name":"\u00d1o\u00f1o"})"))[0]["name"] ==
        "\xc3\x91o\xc3\xb1o");
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
