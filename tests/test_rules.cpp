// The rules value (rules.hpp, src/rules.cpp): presets, validation and the text form
// (R4, R14, R21, R25, R29-R32 as fields; the presets table of rules.md).
#include <cstdint>
#include <set>
#include <span>
#include <string>
#include <string_view>

#include "catch.hpp"
#include "mus/rules.hpp"

namespace {

using mus::Errc;
using mus::MusCorrido;
using mus::Royal31;
using mus::Rules;

Rules parsed(std::string_view text) {
  const auto r = mus::parse_rules(text);
  INFO("text: '" << text << "' (" << r.error().describe() << ")");
  REQUIRE(r.ok());
  return *r;
}

// Parsing `text` fails with `code`, pointing into the word that starts at `word`.
void check_rejected(std::string_view text, Errc code, std::size_t word) {
  const auto r = mus::parse_rules(text);
  INFO("text: '" << text << "'");
  REQUIRE_FALSE(r.ok());
  CHECK(r.error().code == code);
  CHECK_FALSE(r.error().message.empty());
  std::size_t end = word;
  while (end < text.size() && text[end] != ' ') ++end;
  INFO("position " << r.error().position << ", word " << word << ".." << end);
  CHECK(r.error().position >= static_cast<std::int32_t>(word));
  CHECK(r.error().position <= static_cast<std::int32_t>(end));
}

}  // namespace

TEST_CASE("standard preset: 8 kings, 40 points, best of three games", "[rules][preset][standard]") {
  const Rules r = mus::standard_rules();
  CHECK(r.kings == 8);
  CHECK(r.target == 40);
  CHECK(r.games_per_vaca == 2);
  CHECK(r.vacas == 1);
  CHECK(r.deje_ends);  // dejes end the game at once
  CHECK(r.mus_corrido == MusCorrido::off);
  CHECK(r.royal31 == Royal31::off);
  CHECK_FALSE(r.zero_discard);
  CHECK_FALSE(r.tio_perete);
  CHECK(r.min_raise == 2);
  CHECK(Rules{} == r);  // standard is the default
}

// Seed 000: the Basque Country plays "four Kings and at 40 points"; seed 003: a team winning 3
// games is champion.
TEST_CASE("basque preset: 4 kings, 40 points, 3 games per vaca (seed 000, seed 003)",
          "[rules][preset][basque]") {
  const Rules r = mus::basque_rules();
  CHECK(r.kings == 4);
  CHECK(r.target == 40);
  CHECK(r.games_per_vaca == 3);
  CHECK(r.vacas == 1);
  CHECK(r.mus_corrido == MusCorrido::game);  // mus corrido on the first hand of each game
  CHECK(r.deje_ends);
  CHECK(r.royal31 == Royal31::off);
  CHECK_FALSE(r.zero_discard);
  CHECK_FALSE(r.tio_perete);
  CHECK(r.min_raise == 2);
}

// Seed 000's "regular rules" of Spain: "three games count as one vaca and three vacas win the
// match", at 30 points with 8 kings.
TEST_CASE("spain preset: 8 kings, 30 points, 3 games per vaca, 3 vacas (seed 000)",
          "[rules][preset][spain]") {
  const Rules r = mus::spain_rules();
  CHECK(r.kings == 8);
  CHECK(r.target == 30);
  CHECK(r.games_per_vaca == 3);
  CHECK(r.vacas == 3);
  CHECK(r.deje_ends);
  CHECK(r.mus_corrido == MusCorrido::off);
  CHECK(r.royal31 == Royal31::off);
  CHECK(r.signals == mus::SignalSet::full);
  CHECK_FALSE(r.zero_discard);
  CHECK_FALSE(r.tio_perete);
  CHECK(r.min_raise == 2);
  CHECK(*mus::rules_preset("spain") == r);
  CHECK(mus::format_rules(r) == "spain");
}

TEST_CASE("online preset: one game, dejes at the hand's end, the online signals (seed 002)",
          "[rules][preset][online]") {
  const Rules r = mus::online_rules();
  CHECK(r.kings == 8);
  CHECK(r.target == 40);
  CHECK(r.games_per_vaca == 1);
  CHECK(r.vacas == 1);
  CHECK_FALSE(r.deje_ends);                    // dejes checked at the end of the hand
  CHECK(r.signals == mus::SignalSet::online);  // R33a
  CHECK(r.mus_corrido == MusCorrido::off);
  CHECK(r.royal31 == Royal31::off);
  CHECK_FALSE(r.zero_discard);
  CHECK_FALSE(r.tio_perete);
  CHECK(r.min_raise == 2);
}

TEST_CASE("Presets: looked up by name and valid", "[rules]") {
  REQUIRE(mus::rules_presets.size() == 4);
  CHECK(mus::rules_presets[0].name == "standard");
  CHECK(mus::rules_presets[1].name == "basque");
  CHECK(mus::rules_presets[2].name == "online");
  CHECK(mus::rules_presets[3].name == "spain");
  CHECK(*mus::rules_preset("spain") == mus::spain_rules());
  CHECK(*mus::rules_preset("standard") == mus::standard_rules());
  CHECK(*mus::rules_preset("basque") == mus::basque_rules());
  CHECK(*mus::rules_preset("online") == mus::online_rules());
  CHECK(mus::rules_preset("casual").error().code == Errc::parse);
  CHECK(mus::rules_preset("").error().code == Errc::parse);
  for (const auto& p : mus::rules_presets) {
    INFO(p.name);
    CHECK(mus::validate(p.rules).ok());
    CHECK(parsed(p.name) == p.rules);
    CHECK(mus::format_rules(p.rules) == p.name);
  }
  CHECK(parsed("") == mus::standard_rules());
  CHECK(parsed("   ") == mus::standard_rules());
}

TEST_CASE("Rules validate: rejects values outside the limits with invalid_rules", "[rules]") {
  const auto rejected = [](Rules r) {
    const mus::Error e = mus::validate(r);
    CHECK(e.code == Errc::invalid_rules);
    CHECK_FALSE(e.message.empty());
  };
  Rules r;
  r.kings = 5;
  rejected(r);
  r = Rules{};
  r.kings = 0;
  rejected(r);
  r = Rules{};
  r.target = 0;
  rejected(r);
  r = Rules{};
  r.target = 1000;
  rejected(r);
  r = Rules{};
  r.games_per_vaca = 0;
  rejected(r);
  r = Rules{};
  r.games_per_vaca = 100;
  rejected(r);
  r = Rules{};
  r.vacas = 0;
  rejected(r);
  r = Rules{};
  r.vacas = 100;
  rejected(r);
  r = Rules{};
  r.min_raise = 3;
  rejected(r);
  r = Rules{};
  r.min_raise = 0;
  rejected(r);
  r = Rules{};
  r.royal31 = static_cast<Royal31>(6);
  rejected(r);
  r = Rules{};
  r.mus_corrido = static_cast<MusCorrido>(3);
  rejected(r);
}

TEST_CASE("Rules validate: accepts the limits themselves", "[rules]") {
  Rules r;
  r.target = 1;
  CHECK(mus::validate(r).ok());
  r.target = 999;
  r.games_per_vaca = 99;
  r.vacas = 99;
  r.min_raise = 1;
  r.kings = 4;
  CHECK(mus::validate(r).ok());
}

TEST_CASE("R4 kings as a rules field: kings=4 and kings=8", "[rules]") {
  CHECK(parsed("standard kings=4").kings == 4);
  CHECK(parsed("basque kings=8").kings == 8);
  check_rejected("standard kings=four", Errc::parse, 9);
}

TEST_CASE("R14 zero_discard as a rules field", "[rules]") {
  CHECK_FALSE(parsed("standard zero_discard=0").zero_discard);
  CHECK(parsed("standard zero_discard=1").zero_discard);
  check_rejected("standard zero_discard=2", Errc::parse, 9);
  check_rejected("standard zero_discard=yes", Errc::parse, 9);
}

TEST_CASE("R21 royal31 as a rules field: every option by name", "[rules]") {
  CHECK(parsed("standard royal31=off").royal31 == Royal31::off);
  CHECK(parsed("standard royal31=jack777").royal31 == Royal31::jack777);
  CHECK(parsed("standard royal31=figure777").royal31 == Royal31::figure777);
  CHECK(parsed("standard royal31=jack777_other_suits").royal31 == Royal31::jack777_other_suits);
  CHECK(parsed("standard royal31=jack_of_coins777").royal31 == Royal31::jack_of_coins777);
  CHECK(parsed("standard royal31=jack_of_coins_any777").royal31 == Royal31::jack_of_coins_any777);
  CHECK(mus::royal31_name(Royal31::figure777) == "figure777");
  CHECK_FALSE(mus::validate([] {
                Rules r;
                r.royal31 = static_cast<Royal31>(6);
                return r;
              }())
                  .ok());
  CHECK(mus::royal31_name(static_cast<Royal31>(9)) == "?");
  check_rejected("standard royal31=bogus", Errc::parse, 9);
  check_rejected("standard royal31=1", Errc::parse, 9);
}

TEST_CASE("R25 min_raise as a rules field: 1 or 2", "[rules]") {
  CHECK(parsed("standard min_raise=1").min_raise == 1);
  CHECK(parsed("standard min_raise=2").min_raise == 2);
}

TEST_CASE("R29 target and deje_ends as rules fields", "[rules]") {
  CHECK(parsed("standard").target == 40);
  CHECK(parsed("standard target=30").target == 30);
  CHECK(parsed("standard target=57").target == 57);  // any value
  CHECK(parsed("standard target=999").target == 999);
  CHECK(parsed("standard").deje_ends);
  CHECK_FALSE(parsed("standard deje_ends=0").deje_ends);
  CHECK(parsed("online deje_ends=1").deje_ends);
  check_rejected("standard target=", Errc::parse, 9);
  check_rejected("standard target=40x", Errc::parse, 9);
  check_rejected("standard target=4 0", Errc::parse, 18);
  check_rejected("standard deje_ends=2", Errc::parse, 9);
}

TEST_CASE("R30 games_per_vaca and vacas as rules fields", "[rules]") {
  const Rules r = parsed("standard games_per_vaca=5 vacas=3");
  CHECK(r.games_per_vaca == 5);
  CHECK(r.vacas == 3);
  const Rules o = parsed("online games_per_vaca=2");
  CHECK(o.games_per_vaca == 2);
  CHECK_FALSE(o.deje_ends);  // the rest of the preset stays
}

TEST_CASE("R31 mus_corrido as a rules field: off match game", "[rules]") {
  CHECK(parsed("standard mus_corrido=off").mus_corrido == MusCorrido::off);
  CHECK(parsed("standard mus_corrido=match").mus_corrido == MusCorrido::match);
  CHECK(parsed("standard mus_corrido=game").mus_corrido == MusCorrido::game);
  CHECK(parsed("basque mus_corrido=off").mus_corrido == MusCorrido::off);
  CHECK(mus::mus_corrido_name(MusCorrido::match) == "match");
  CHECK(mus::mus_corrido_name(static_cast<MusCorrido>(7)) == "?");
  check_rejected("standard mus_corrido=yes", Errc::parse, 9);
  check_rejected("standard mus_corrido=1", Errc::parse, 9);
}

TEST_CASE("R32 tio_perete as a rules field", "[rules]") {
  CHECK_FALSE(parsed("standard").tio_perete);
  CHECK(parsed("standard tio_perete=1").tio_perete);
  CHECK_FALSE(parsed("standard tio_perete=0").tio_perete);
  check_rejected("standard tio_perete=-1", Errc::parse, 9);
}

TEST_CASE("Rules text: the contract's example and blanks between words", "[rules]") {
  Rules want = mus::standard_rules();
  want.kings = 4;
  want.target = 30;
  want.royal31 = Royal31::jack777;
  CHECK(parsed("standard kings=4 target=30 royal31=jack777") == want);
  CHECK(parsed("  standard\tkings=4   target=30  royal31=jack777 ") == want);
  // Without a preset name the overrides apply to standard.
  CHECK(parsed("kings=4 target=30 royal31=jack777") == want);
  // A later override of the same key wins.
  CHECK(parsed("standard kings=4 kings=8") == mus::standard_rules());
}

TEST_CASE("Rules text: unknown presets keys and malformed words are parse errors", "[rules]") {
  check_rejected("bogus", Errc::parse, 0);
  check_rejected("standard foo=1", Errc::parse, 9);
  check_rejected("standard target=30 colour=red", Errc::parse, 19);
  check_rejected("standard kings", Errc::parse, 9);
  check_rejected("standard =4", Errc::parse, 9);
  check_rejected("kings=4 standard", Errc::parse, 8);
  check_rejected("standard basque", Errc::parse, 9);
}

TEST_CASE("Rules text: values outside the limits are parse errors (C contract: MUS_E_PARSE)",
          "[rules]") {
  for (const std::string_view text :
       {"standard kings=5", "standard target=0", "standard target=1000",
        "standard games_per_vaca=0", "standard vacas=0", "standard min_raise=3",
        "standard target=70000"}) {
    const auto r = mus::parse_rules(text);
    INFO(text);
    REQUIRE_FALSE(r.ok());
    CHECK(r.error().code == Errc::parse);
  }
}

TEST_CASE("Rules text: a bad named value is refused naming its key and every allowed value",
          "[rules]") {
  struct Case {
    std::string_view key;
    std::span<const std::string_view> names;
  };
  for (const Case& c : {Case{"royal31", mus::royal31_names}, Case{"mus_corrido", mus::mus_corrido_names},
                        Case{"answers", mus::answers_names},
                        Case{"signals", mus::signal_set_names}}) {
    const std::string text = "standard " + std::string(c.key) + "=nonsense";
    const auto r = mus::parse_rules(text);
    INFO(text);
    REQUIRE_FALSE(r.ok());
    CHECK(r.error().code == Errc::parse);
    CHECK(r.error().position == static_cast<std::int32_t>(10 + c.key.size()));
    const std::string message(r.error().message);
    CHECK(message.starts_with(std::string(c.key) + " must be "));
    for (const std::string_view name : c.names) CHECK(message.find(name) != std::string::npos);
  }
}

TEST_CASE("Rules text: out-of-limit errors carry the position of the word", "[rules]") {
  // rules.hpp documents parse_rules errors "with the byte position of the word".
  check_rejected("standard kings=5", Errc::parse, 9);
  check_rejected("standard target=0", Errc::parse, 9);
  check_rejected("standard target=1000", Errc::parse, 9);
  check_rejected("standard games_per_vaca=0", Errc::parse, 9);
  check_rejected("standard vacas=0", Errc::parse, 9);
  check_rejected("standard min_raise=3", Errc::parse, 9);
  check_rejected("standard target=70000", Errc::parse, 9);
}

TEST_CASE("Rules text: format_rules and parse_rules round trip over many rules", "[rules]") {
  long combos = 0;
  long failures = 0;
  std::set<std::string> texts;
  for (const int kings : {4, 8})
    for (const int target : {1, 30, 40, 255, 256, 999})
      for (const int gpv : {1, 2, 3, 99})
        for (const int vacas : {1, 2, 99})
          for (const int min_raise : {1, 2})
            for (int royal = 0; royal <= 5; ++royal)
              for (const bool zero : {false, true})
                for (const bool deje : {false, true})
                  for (int corrido = 0; corrido <= 2; ++corrido)
                    for (const bool perete : {false, true}) {
                      Rules r;
                      r.kings = static_cast<std::uint8_t>(kings);
                      r.target = static_cast<std::uint16_t>(target);
                      r.games_per_vaca = static_cast<std::uint8_t>(gpv);
                      r.vacas = static_cast<std::uint8_t>(vacas);
                      r.min_raise = static_cast<std::uint8_t>(min_raise);
                      r.royal31 = static_cast<Royal31>(royal);
                      r.zero_discard = zero;
                      r.deje_ends = deje;
                      r.mus_corrido = static_cast<MusCorrido>(corrido);
                      r.tio_perete = perete;
                      r.signals = static_cast<mus::SignalSet>(combos % 3);  // R33a, in turn
                      ++combos;
                      const std::string text = mus::format_rules(r);
                      const auto back = mus::parse_rules(text);
                      const bool ok = mus::validate(r).ok() && back.ok() && *back == r &&
                                      mus::format_rules(*back) == text;
                      texts.insert(text);
                      if (!ok && ++failures <= 5) FAIL_CHECK("round trip failed: " << text);
                    }
  CHECK(combos == 2L * 6 * 4 * 3 * 2 * 6 * 2 * 2 * 3 * 2);
  CHECK(failures == 0);
  CHECK(static_cast<long>(texts.size()) == combos);  // distinct rules, distinct texts
}
