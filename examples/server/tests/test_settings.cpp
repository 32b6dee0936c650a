// The table-settings codec (settings.hpp): one reader for a create message and a stored table,
// one writer; a stored table passes exactly the checks a new one passes.
#include <unistd.h>

#include <filesystem>
#include <string>

#include "harness.hpp"
#include "settings.hpp"

using namespace mus_server_test;

namespace {

// The code of the Refusal that reading `j` throws, or "" when it reads.
std::string refusal(const json& j, SettingsSource source, const Limits& limits = Limits{}) {
  try {
    (void)read_settings(j, limits, source);
  } catch (const Refusal& r) {
    return r.code;
  }
  return "";
}

json stored_settings() {
  return {{"rules", "standard target=15"}, {"seats", {"human", "bot", "human", "bot"}},
          {"bots", {nullptr, "careful", nullptr, nullptr}}, {"clock", 30}, {"private", true},
          {"code", "ABCDEF"}, {"creator", "p0123456789abcdef"}};
}

}  // namespace

TEST_CASE("settings: what is written reads back the same, in canonical rules text") {
  const TableSettings s = read_settings(stored_settings(), Limits{}, SettingsSource::stored);
  CHECK(s.rules_text == "standard target=15");
  CHECK(s.bot == std::array<bool, 4>{false, true, false, true});
  CHECK(s.bot_kind[1] == mus::BotKind::careful);
  CHECK(s.bot_kind[3] == mus::BotKind::heuristic);
  CHECK(s.clock_s == 30);
  CHECK(s.is_private);
  CHECK(s.code == "ABCDEF");
  CHECK(s.creator == "p0123456789abcdef");
  const TableSettings again =
      read_settings(json::parse(write_settings(s)), Limits{}, SettingsSource::stored);
  CHECK(write_settings(again) == write_settings(s));
  CHECK(again.rules == s.rules);
}

TEST_CASE("settings: a create's defaults, and code and creator never come from a client") {
  json m = {{"seats", {"human", "bot", "bot", "bot"}}, {"code", "ZZZZZZ"}, {"creator", "pX"}};
  Limits l;
  l.clock_seconds = 12;
  const TableSettings s = read_settings(m, l, SettingsSource::create);
  CHECK(s.rules_text == "standard");
  CHECK(s.clock_s == 12);
  CHECK_FALSE(s.is_private);
  CHECK(s.code.empty());
  CHECK(s.creator.empty());
  // Stored settings need every field.
  CHECK(refusal(m, SettingsSource::stored) == "missing_field");
}

TEST_CASE("settings: a stored table is refused for what a create is refused for") {
  const auto with = [](const char* key, const json& value) {
    json j = stored_settings();
    j[key] = value;
    return j;
  };
  CHECK(refusal(stored_settings(), SettingsSource::stored).empty());
  for (const auto source : {SettingsSource::create, SettingsSource::stored}) {
    CHECK(refusal(with("rules", "standard kings=5"), source) == "bad_rules");
    CHECK(refusal(with("rules", std::string(500, 'x')), source) == "bad_rules");
    CHECK(refusal(with("seats", {"bot", "bot", "bot", "bot"}), source) == "bad_value");
    CHECK(refusal(with("seats", {"human", "cat", "human", "bot"}), source) == "bad_value");
    CHECK(refusal(with("bots", {"careful", nullptr, nullptr, nullptr}), source) == "bad_value");
    CHECK(refusal(with("bots", {nullptr, "grandmaster", nullptr, nullptr}), source) ==
          "unknown_bot_kind");
    CHECK(refusal(with("clock", 0), source) == "bad_value");
    CHECK(refusal(with("clock", 99999), source) == "bad_value");
    CHECK(refusal(with("clock", "30"), source) == "wrong_type");
    CHECK(refusal(with("private", "yes"), source) == "wrong_type");
  }
  // What only the server sets: a private table's code, the creator.
  CHECK(refusal(with("code", "abc"), SettingsSource::stored) == "bad_value");
  CHECK(refusal(with("creator", ""), SettingsSource::stored) == "bad_value");
  json pub = with("private", false);
  CHECK(refusal(pub, SettingsSource::stored) == "bad_value");  // a public table has no code
  pub["code"] = "";
  CHECK(refusal(pub, SettingsSource::stored).empty());
}

TEST_CASE("settings: a bot seat by level plays the level's bot, is stored by its id, and an "
          "unknown level is bad_value with the names listed") {
  json m = {{"seats", {"human", "bot", "bot", "bot"}},
            {"bots", {nullptr, "careful", nullptr, nullptr}},
            {"levels", {nullptr, nullptr, "experto", "beginner"}}};
  const TableSettings s = read_settings(m, Limits{}, SettingsSource::create);
  CHECK_FALSE(s.level[1]);
  CHECK(s.level[2] == mus::Level::expert);  // the Spanish name reads as the id does
  CHECK(s.level[3] == mus::Level::beginner);
  CHECK(s.bot_kind[2] == mus::level_config(mus::Level::expert).kind);
  // Each seat's bot: the level's configuration (its budget too), the kind's, the heuristic.
  const auto same = [](const mus::BotConfig& a, const mus::BotConfig& b) {
    return a.kind == b.kind && a.playouts == b.playouts && a.time_ms == b.time_ms &&
           a.target == b.target;
  };
  CHECK(same(seat_bot(s, 0), mus::BotConfig{mus::BotKind::heuristic, 0, 0}));
  CHECK(same(seat_bot(s, 1), mus::BotConfig{mus::BotKind::careful, 0, 0}));
  CHECK(same(seat_bot(s, 2), mus::level_config(mus::Level::expert)));
  CHECK(same(seat_bot(s, 3), mus::level_config(mus::Level::beginner)));
  // Stored: the level by its id, and the kind left to it.
  const json stored = json::parse(write_settings(s));
  CHECK(stored["levels"] == json({nullptr, nullptr, "expert", "beginner"}));
  CHECK(stored["bots"] == json({nullptr, "careful", nullptr, nullptr}));
  json back = stored;
  back["code"] = "";
  back["creator"] = "p1";
  const TableSettings again = read_settings(back, Limits{}, SettingsSource::stored);
  CHECK(again.level == s.level);
  CHECK(again.bot_kind == s.bot_kind);
  // A table stored before levels (no `levels` field) still reads.
  back.erase("levels");
  CHECK(refusal(back, SettingsSource::stored).empty());

  const auto with_levels = [&](const json& levels) {
    json j = m;
    j["levels"] = levels;
    return j;
  };
  CHECK(refusal(with_levels("expert"), SettingsSource::create) == "wrong_type");
  CHECK(refusal(with_levels({nullptr, nullptr, "expert"}), SettingsSource::create) == "bad_value");
  CHECK(refusal(with_levels({nullptr, nullptr, 4, nullptr}), SettingsSource::create) ==
        "wrong_type");
  CHECK(refusal(with_levels({"expert", nullptr, nullptr, nullptr}), SettingsSource::create) ==
        "bad_value");  // a human seat
  CHECK(refusal(with_levels({nullptr, "expert", nullptr, nullptr}), SettingsSource::create) ==
        "bad_value");  // seat 1 has a kind in `bots` already
  // An unknown name: bad_value, and the message lists the library's names.
  try {
    (void)read_settings(with_levels({nullptr, nullptr, "grandmaster", nullptr}), Limits{},
                        SettingsSource::create);
    FAIL("an unknown level was read");
  } catch (const Refusal& r) {
    CHECK(r.code == "bad_value");
    CHECK(r.message.find("grandmaster") != std::string::npos);
    for (const mus::Level l : mus::levels) {
      CHECK(r.message.find(std::string(mus::level_id(l))) != std::string::npos);
      CHECK(r.message.find(std::string(mus::level_display_name(l))) != std::string::npos);
    }
  }
  CHECK(refusal(with_levels({nullptr, nullptr, "Expert", nullptr}), SettingsSource::create) ==
        "bad_value");
}

TEST_CASE("settings: a restart leaves out a stored table whose settings a create would refuse") {
  const auto db = std::filesystem::temp_directory_path() /
                  ("mus_server_test_settings_" + std::to_string(::getpid()) + ".sqlite3");
  for (const char* ext : {"", "-wal", "-shm"}) std::filesystem::remove(db.string() + ext);
  {
    SqliteStore s(db.string(), Durability::normal);
    s.put_player({"p1", "Ana", "00112233445566778899aabbccddeeff", 0, {}, {}});
    json good = stored_settings();
    good["creator"] = "p1";
    s.create_table({"tgood", good.dump(), 1, 0, {}, {}, false});
    json clock = good;
    clock["clock"] = 99999;  // over --max-clock
    s.create_table({"tclock", clock.dump(), 1, 0, {}, {}, false});
    json human_bot = good;
    human_bot["bots"] = {"search", nullptr, nullptr, nullptr};  // a bot kind on a human seat
    s.create_table({"thuman", human_bot.dump(), 1, 0, {}, {}, false});
    s.create_table({"tjunk", "{not json", 1, 0, {}, {}, false});
    s.create_table({"tdealer", good.dump(), 1, 7, {}, {}, false});
    s.create_table({"tseat", good.dump(), 1, 0, {}, {}, false});
    s.set_seat("tseat", 1, "p1");  // a person at a bot seat
  }
  Harness h(relaxed(), 1, db.string());
  const auto problems = h.handler.restore(h.now);
  CHECK(problems.size() == 5);
  for (const char* id : {"tclock", "thuman", "tjunk", "tdealer", "tseat"}) {
    INFO(id);
    CHECK(std::any_of(problems.begin(), problems.end(), [&](const std::string& p) {
      return p.rfind(std::string("table ") + id + ":", 0) == 0;
    }));
  }
  CHECK(h.handler.table_count() == 1);
  for (const char* ext : {"", "-wal", "-shm"}) std::filesystem::remove(db.string() + ext);
}
