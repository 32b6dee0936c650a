// Tests of the match record format (include/mus/record.hpp, docs/records.md): every format
// rule, every error with its line and position, round trips over whole matches, the earlier
// versions (1 and 2, and the transcript form of libmus 0.2, with a real mus-server transcript),
// and replay as the fold of apply() over a record's actions.
#include <cstdint>
#include <fstream>
#include <numeric>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "../catch.hpp"
#include "../random_player.hpp"
#include "mus/mus.hpp"

namespace {

using mus::Action;
using mus::Errc;
using mus::MatchRecord;
using mus::RecordEnd;
using mus::RecordError;
using mus::RecordLine;
using mus::State;

std::string read_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  REQUIRE(in.good());
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

// The actions of a whole seeded random match, and its last state.
std::vector<Action> random_match(const mus::Rules& rules, int dealer, std::uint64_t seed,
                                 State& last) {
  std::mt19937_64 rng(seed);
  State s = *mus::new_match(rules, dealer);
  std::vector<Action> out;
  while (s.phase != mus::Phase::match_over) {
    const auto la = mus::legal_actions(s);
    const Action a =
        mus_test::with_chance(s, la.items[mus_test::pick_listed(s, la, (seed & 1U) != 0, rng)], rng);
    REQUIRE(mus::apply_in_place(s, a) == Errc::ok);
    out.push_back(a);
  }
  last = s;
  return out;
}

// A short record's text: a standard match dealt by seat 3, two actions in.
const std::string short_v3 =
    "mus-record 3\nrules standard\ndealer 3\nshuffle seed 1\n0 mus\nend stopped\n";

RecordError parse(const std::string& text) {
  MatchRecord r;
  return mus::parse_record(text, r);
}

// The error of a text: its line, code, message and position.
void expect_error(const std::string& text, int line, Errc code, const std::string& message,
                  int position) {
  INFO(text);
  const RecordError e = parse(text);
  INFO(e.describe());
  CHECK(e.line == line);
  CHECK(e.error.code == code);
  CHECK(std::string(e.error.message).find(message) != std::string::npos);
  CHECK(e.error.position == position);
}

}  // namespace

TEST_CASE("Records: a version-3 record reads back its tag, comments, rules, dealer, actions, "
          "states and end line") {
  State last;
  const auto rules = *mus::parse_rules("standard target=15");
  const auto actions = random_match(rules, 2, 7, last);
  MatchRecord made;
  REQUIRE(mus::record_match(rules, 2, actions, true, made).ok());
  made.comment = "first comment\nsecond comment";
  const std::string text = mus::record_to_text(made);
  CHECK(text.rfind("mus-record 3\n# first comment\n# second comment\nrules standard target=15\n"
                   "dealer 2\nstate mus-state/2 ",
                   0) == 0);
  CHECK(text.size() > 9);
  CHECK(text.substr(text.size() - 9) == "end over\n");

  MatchRecord r;
  REQUIRE(mus::parse_record(text, r).ok());
  CHECK(r.version == 3);
  CHECK(r.rules == rules);
  CHECK(r.dealer == 2);
  CHECK(r.comment == "first comment\nsecond comment");
  CHECK(r.end == RecordEnd::over);
  REQUIRE(r.steps.size() == actions.size());
  CHECK(r.initial_state == mus::state_to_text(*mus::new_match(rules, 2)));
  CHECK(r.initial_state_line == 6);
  for (std::size_t i = 0; i < actions.size(); ++i) {
    CHECK(r.steps[i].action == actions[i]);
    CHECK(r.steps[i].line == static_cast<int>(7 + 2 * i));  // each action, then its state
    CHECK(r.steps[i].state_line == r.steps[i].line + 1);
  }
  CHECK(r.steps.back().state == mus::state_to_text(last));
  CHECK(r.end_line == static_cast<int>(7 + 2 * actions.size()));
  // Written again, the text is the same.
  CHECK(mus::record_to_text(r) == text);
}

TEST_CASE("Records: state lines are optional, each after its action or the dealer line") {
  const std::string with_some =
      "mus-record 3\nrules standard\ndealer 3\nshuffle seed 1\n0 mus\nend stopped\n";
  MatchRecord r;
  REQUIRE(mus::parse_record(with_some, r).ok());
  CHECK(r.initial_state.empty());
  REQUIRE(r.steps.size() == 2);
  CHECK(r.steps[0].state.empty());
  // The state after the shuffle only.
  State s = *mus::new_match(mus::standard_rules(), 3);
  REQUIRE(mus::apply_in_place(s, Action::shuffle_seed(1)) == Errc::ok);
  const std::string one_state = "mus-record 3\nrules standard\ndealer 3\nshuffle seed 1\n" +
                                mus::record_state_line(s) + "0 mus\nend stopped\n";
  REQUIRE(mus::parse_record(one_state, r).ok());
  CHECK(r.steps[0].state == mus::state_to_text(s));
  CHECK(r.steps[0].state_line == 5);
  CHECK(r.steps[1].state.empty());
  State out;
  CHECK(mus::replay(r, out).ok());
}

TEST_CASE("Records: blank lines and comments come anywhere, and blanks around a line and a CR at "
          "its end are ignored") {
  const std::string text =
      "# before the tag\n\nmus-record 3\r\n  # indented comment\n\trules standard \r\n\n"
      "dealer 3\n# between actions\n  shuffle seed 1\t\n0 mus\r\nend stopped\n# after the end\n\n";
  MatchRecord r;
  REQUIRE(mus::parse_record(text, r).ok());
  CHECK(r.steps.size() == 2);
  CHECK(r.steps[0].line == 9);
  CHECK(r.steps[1].line == 10);
  CHECK(r.end_line == 11);
  CHECK(r.comment == "before the tag\nindented comment");
  // A final line without its line break is read too.
  REQUIRE(mus::parse_record(short_v3.substr(0, short_v3.size() - 1), r).ok());
  CHECK(r.end == RecordEnd::stopped);
}

TEST_CASE("Records: written and read back, whole matches of every preset replay to the same "
          "state, with and without state lines") {
  for (const char* name : {"standard", "spain", "basque", "online"}) {
    const auto rules = *mus::rules_preset(name);
    for (std::uint64_t seed = 1; seed <= 4; ++seed) {
      INFO(name << " seed " << seed);
      State last;
      const auto actions = random_match(rules, static_cast<int>(seed % 4), seed, last);
      for (const bool states : {false, true}) {
        MatchRecord made;
        REQUIRE(mus::record_match(rules, static_cast<int>(seed % 4), actions, states, made).ok());
        const std::string text = mus::record_to_text(made);
        MatchRecord back;
        REQUIRE(mus::parse_record(text, back).ok());
        CHECK(mus::record_to_text(back) == text);
        State end;
        REQUIRE(mus::replay(back, end).ok());
        CHECK(end == last);
      }
    }
  }
}

TEST_CASE("Records: replay is the fold of apply over the actions") {
  const auto rules = *mus::rules_preset("online");
  State last;
  const auto actions = random_match(rules, 1, 11, last);
  MatchRecord r;
  REQUIRE(mus::record_match(rules, 1, actions, false, r).ok());
  const State folded = std::accumulate(actions.begin(), actions.end(), *mus::new_match(rules, 1),
                                       [](const State& s, const Action& a) {
                                         const auto next = mus::apply(s, a);
                                         REQUIRE(next.ok());
                                         return *next;
                                       });
  State replayed;
  std::size_t told = 0;
  REQUIRE(mus::replay(r, replayed,
                      [&](std::size_t i, const State& before, const Action& a,
                          const mus::Events& events, const State& after) {
                        CHECK(i == told++);
                        CHECK(a == actions[i]);
                        CHECK(*mus::apply(before, a) == after);
                        (void)events;
                      })
              .ok());
  CHECK(told == actions.size());
  CHECK(replayed == folded);
  CHECK(replayed == last);
}

TEST_CASE("Records: version 2 reads the action lines of version 3, without state or end lines") {
  MatchRecord r;
  REQUIRE(mus::parse_record("mus-record 2\nrules standard\ndealer 3\nshuffle seed 1\n0 mus\n", r)
              .ok());
  CHECK(r.version == 2);
  CHECK(r.end == RecordEnd::none);
  REQUIRE(r.steps.size() == 2);
  CHECK(r.steps[1].action == Action::mus(0));
  // Converted, it is version 3 with its end line from the replay.
  MatchRecord v3;
  std::vector<Action> actions;
  for (const auto& s : r.steps) actions.push_back(s.action);
  REQUIRE(mus::record_match(r.rules, r.dealer, actions, false, v3).ok());
  CHECK(mus::record_to_text(v3) == short_v3);
  expect_error("mus-record 2\nrules standard\ndealer 3\nshuffle seed 1\nstate x\n", 5, Errc::parse,
               "state lines are not part of mus-record 1 and 2", 0);
  expect_error("mus-record 2\nrules standard\ndealer 3\nend over\n", 4, Errc::parse,
               "expected a seat 0..3 or 'shuffle'", 0);
}

TEST_CASE("Records: version 1 reads words separated by any blanks and a servido without '-'") {
  MatchRecord r;
  REQUIRE(mus::parse_record("mus-record 1\nrules standard zero_discard=1\ndealer 3\n"
                            "shuffle   seed\t1\n0 mus\n1 mus\n2 mus\n3 mus\n0   discard\n",
                            r)
              .ok());
  CHECK(r.version == 1);
  REQUIRE(r.steps.size() == 6);
  CHECK(r.steps[0].action == Action::shuffle_seed(1));
  CHECK(r.steps[5].action == Action::discard(0, 0));
  State s;
  CHECK(mus::replay(r, s).ok());
  CHECK(s.phase == mus::Phase::discard);
  // Version 2 is strict: one space, and a servido is `S discard -`.
  expect_error("mus-record 2\nrules standard\ndealer 3\nshuffle  seed 1\n", 4, Errc::parse,
               "expected 'seed' or 'order' after 'shuffle'", 8);
}

TEST_CASE("Records: the transcript form of libmus 0.2 reads, and a real mus-server transcript "
          "replays and converts to version 3") {
  const std::string text = read_file(std::string(MUS_RECORDS_DIR) + "/server_transcript.txt");
  MatchRecord r;
  const RecordError e = mus::parse_record(text, r);
  INFO(e.describe());
  REQUIRE(e.ok());
  CHECK(r.version == 0);
  CHECK(r.comment.rfind("libmus match transcript: mus-server table ", 0) == 0);
  CHECK(r.end == RecordEnd::none);
  CHECK(!r.initial_state.empty());
  REQUIRE(r.steps.size() > 10);
  for (const auto& step : r.steps) CHECK(!step.state.empty());
  State last;
  REQUIRE(mus::replay(r, last).ok());  // every state line checked byte for byte
  CHECK(last.phase == mus::Phase::match_over);
  // To version 3: the same actions and states, the end line added.
  r.end = RecordEnd::over;
  const std::string v3 = mus::record_to_text(r);
  CHECK(v3.rfind("mus-record 3\n# libmus match transcript: mus-server table ", 0) == 0);
  MatchRecord back;
  REQUIRE(mus::parse_record(v3, back).ok());
  CHECK(back.steps.size() == r.steps.size());
  State again;
  REQUIRE(mus::replay(back, again).ok());
  CHECK(again == last);
  // The transcript form wants a state after the dealer and after every action.
  expect_error("rules standard\ndealer 0\naction shuffle seed 1\n", 3, Errc::parse,
               "expected the new match's 'state' line", 0);
  const std::string initial = "state " + mus::state_to_text(*mus::new_match(mus::standard_rules(), 0));
  expect_error("rules standard\ndealer 0\n" + initial + "\naction shuffle seed 1\naction 1 mus\n", 5,
               Errc::parse, "expected a 'state' line after the action", 0);
  expect_error("rules standard\ndealer 0\n" + initial + "\n" + initial + "\n", 4, Errc::parse,
               "expected an 'action' line", 0);
  expect_error("rules standard\ndealer 0\n" + initial + "\n1 mus\n", 4, Errc::parse,
               "expected an 'action' line", 0);
}

TEST_CASE("Records error: a first line that is not a tag") {
  expect_error("hello\n", 1, Errc::parse, "not a match record: the first line must be 'mus-record 3'",
               0);
  expect_error("  mus-record\n", 1, Errc::parse, "not a match record", 2);
  expect_error("# only a comment\nmus_record 3\n", 2, Errc::parse, "not a match record", 0);
}

TEST_CASE("Records error: an unknown version names its position") {
  expect_error("mus-record 9\nrules standard\n", 1, Errc::parse, "unknown record format version", 11);
  expect_error("mus-record 30\n", 1, Errc::parse, "unknown record format version", 11);
  expect_error("mus-record 0\n", 1, Errc::parse, "unknown record format version", 11);
}

TEST_CASE("Records error: a missing or bad rules line") {
  expect_error("mus-record 3\ndealer 0\n", 2, Errc::parse, "expected 'rules TEXT'", 0);
  expect_error("mus-record 3\nrules nonsense\n", 2, Errc::parse, "unknown preset", 6);
  // A rules error's own position is moved to its place in the line.
  const RecordError e = parse("mus-record 3\nrules standard kings=5\n");
  CHECK(e.line == 2);
  CHECK(e.error.code != Errc::ok);
  CHECK(e.error.position >= 15);
}

TEST_CASE("Records error: a missing or bad dealer line") {
  for (const char* bad : {"dealer 4", "dealer", "dealer -1", "dealer 01", "shuffle seed 1"})
    expect_error(std::string("mus-record 3\nrules standard\n") + bad + "\n", 3, Errc::parse,
                 "expected 'dealer N'", 0);
}

TEST_CASE("Records error: a bad action line names its line and the position in the line") {
  expect_error("mus-record 3\nrules standard\ndealer 3\nshuffle seed 1\n0 mus\n1 bett 2\n", 6,
               Errc::parse, "unknown action", 2);
  expect_error("mus-record 3\nrules standard\ndealer 3\n  0 discard Xo Ko\n", 4, Errc::parse,
               "unknown rank", 12);
  expect_error("mus-record 3\nrules standard\ndealer 3\n0  mus\n", 4, Errc::parse,
               "one space", 2);
}

TEST_CASE("Records error: a state line out of place, or not a state text of this library") {
  State s = *mus::new_match(mus::standard_rules(), 3);
  const std::string state = mus::record_state_line(s);
  expect_error("mus-record 3\nrules standard\ndealer 3\n" + state + state, 5, Errc::parse,
               "a state line must follow an action line or the dealer line", 0);
  expect_error("mus-record 3\nrules standard\ndealer 3\nstate mus-state/1 AAAA\n", 4, Errc::parse,
               "expected a state text of this library", 6);
  std::string longer = state;
  longer.pop_back();  // the line break
  longer += "A\n";
  expect_error("mus-record 3\nrules standard\ndealer 3\n" + longer, 4, Errc::parse,
               "expected a state text of this library", 6);
}

TEST_CASE("Records error: a bad end line, and anything but comments after it") {
  expect_error("mus-record 3\nrules standard\ndealer 3\nend\n", 4, Errc::parse,
               "expected 'end over' or 'end stopped'", 0);
  expect_error("mus-record 3\nrules standard\ndealer 3\nend later\n", 4, Errc::parse,
               "expected 'end over' or 'end stopped'", 4);
  expect_error(short_v3 + "1 mus\n", 7, Errc::parse, "only comments may follow the 'end' line", 0);
  CHECK(parse(short_v3 + "# a comment\n\n").ok());
}

TEST_CASE("Records error: a truncated record") {
  // No end line: the error is on the line after the last.
  expect_error("mus-record 3\nrules standard\ndealer 3\nshuffle seed 1\n0 mus\n", 6, Errc::parse,
               "truncated record: it ends without its 'end' line", -1);
  expect_error("mus-record 3\nrules standard\n", 3, Errc::parse,
               "the record ends before its 'rules' and 'dealer' lines", -1);
  expect_error("mus-record 2\n", 2, Errc::parse,
               "the record ends before its 'rules' and 'dealer' lines", -1);
  expect_error("", 1, Errc::parse, "empty record", -1);
  expect_error("# nothing but a comment\n", 2, Errc::parse, "empty record", -1);
  // A transcript that ends after an action, before its state.
  const std::string initial = "state " + mus::state_to_text(*mus::new_match(mus::standard_rules(), 0));
  expect_error("rules standard\ndealer 0\n" + initial + "\naction shuffle seed 1\n", 5, Errc::parse,
               "truncated transcript", -1);
  // Version 2 has no end line: it may stop anywhere.
  CHECK(parse("mus-record 2\nrules standard\ndealer 3\nshuffle seed 1\n").ok());
}

TEST_CASE("Records replay error: an action the reducer refuses names its rule, line and step") {
  MatchRecord r;
  REQUIRE(mus::parse_record("mus-record 3\n# a comment\nrules standard\ndealer 3\nshuffle seed 1\n"
                            "0 cut\n0 pass\n1 bet 1\nend stopped\n",
                            r)
              .ok());
  State s;
  const RecordError e = mus::replay(r, s);
  CHECK(e.error.code == Errc::bet_too_small);
  CHECK(std::string(e.error.message).rfind("R24: ", 0) == 0);
  CHECK(e.line == 8);
  CHECK(e.step == 3);
  CHECK(e.describe().rfind("line 8: R24: ", 0) == 0);
  // `out` is the state before the refused action.
  CHECK(s.phase == mus::Phase::betting);
  CHECK(s.to_act == 1);
}

TEST_CASE("Records replay error: a state line that differs names its line and first differing "
          "byte") {
  State s = *mus::new_match(mus::standard_rules(), 3);
  State after = s;
  REQUIRE(mus::apply_in_place(after, Action::shuffle_seed(1)) == Errc::ok);
  State later = after;
  REQUIRE(mus::apply_in_place(later, Action::mus(0)) == Errc::ok);
  MatchRecord r;
  // The state after the shuffle is recorded as the one a step later.
  REQUIRE(mus::parse_record("mus-record 3\nrules standard\ndealer 3\n" + mus::record_state_line(s) +
                                "shuffle seed 1\n" + mus::record_state_line(later) +
                                "end stopped\n",
                            r)
              .ok());
  State out;
  const RecordError e = mus::replay(r, out);
  CHECK(e.error.code == Errc::invalid_state);
  CHECK(e.line == 6);
  CHECK(e.step == 0);
  const std::string a = mus::state_to_text(later);
  const std::string b = mus::state_to_text(after);
  std::size_t d = 0;
  while (a[d] == b[d]) ++d;
  CHECK(e.error.position == static_cast<int>(6 + d));
  CHECK(out == after);
  // The new match's state line is checked too.
  REQUIRE(mus::parse_record("mus-record 3\nrules standard\ndealer 2\n" + mus::record_state_line(s) +
                                "end stopped\n",
                            r)
              .ok());
  CHECK(mus::replay(r, out).line == 4);
}

TEST_CASE("Records replay error: an end line the replay contradicts") {
  MatchRecord r;
  REQUIRE(mus::parse_record("mus-record 3\nrules standard\ndealer 3\nshuffle seed 1\nend over\n", r)
              .ok());
  State s;
  RecordError e = mus::replay(r, s);
  CHECK(e.error.code == Errc::invalid_state);
  CHECK(e.line == 5);
  CHECK(std::string(e.error.message).find("'end over'") != std::string::npos);
  // A whole match written with `end stopped`.
  State last;
  const auto rules = mus::standard_rules();
  const auto actions = random_match(rules, 0, 3, last);
  REQUIRE(mus::record_match(rules, 0, actions, false, r).ok());
  r.end = RecordEnd::stopped;
  REQUIRE(mus::parse_record(mus::record_to_text(r), r).ok());
  e = mus::replay(r, s);
  CHECK(e.error.code == Errc::invalid_state);
  CHECK(std::string(e.error.message).find("'end stopped'") != std::string::npos);
  CHECK(e.line == r.end_line);
}

TEST_CASE("Records: record_match refuses an action the reducer refuses, with its index") {
  const std::vector<Action> actions{Action::shuffle_seed(1), Action::bet(0, 2)};
  MatchRecord r;
  const RecordError e = mus::record_match(mus::standard_rules(), 3, actions, false, r);
  CHECK(e.error.code == Errc::wrong_phase);
  CHECK(e.step == 1);
  CHECK(e.line == 0);
}

TEST_CASE("Records: the reader line by line says what each line holds and where its value "
          "starts") {
  mus::RecordReader reader;
  const auto read = [&](const std::string& line, RecordLine want, std::size_t value) {
    INFO(line);
    Action a;
    std::size_t v = 99;
    const auto item = reader.read(line, &a, &v);
    REQUIRE(item.ok());
    CHECK(*item == want);
    CHECK(v == value);
    return a;
  };
  read("# hello", RecordLine::comment, static_cast<std::size_t>(-1));
  read("mus-record 3", RecordLine::tag, 11);
  CHECK(reader.version == 3);
  read("rules standard", RecordLine::rules, 6);
  read(" dealer 1", RecordLine::dealer, 8);
  CHECK(reader.dealer == 1);
  CHECK(read("shuffle seed 5", RecordLine::action, 0) == Action::shuffle_seed(5));
  CHECK(read("\t2 mus", RecordLine::action, 1) == Action::mus(2));
  CHECK(reader.actions == 2);
  CHECK(reader.line == 6);
  // An error counts the line and leaves the rest.
  const mus::RecordReader before = reader;
  CHECK(reader.read("2 mus 3").error().code == Errc::parse);
  CHECK(reader.line == before.line + 1);
  CHECK(reader.stage == before.stage);
  CHECK(!reader.finish().ok());
  read("end stopped", RecordLine::end, 4);
  CHECK(reader.end == RecordEnd::stopped);
  CHECK(reader.finish().ok());
}

TEST_CASE("Records: describe() names the line") {
  RecordError e{mus::Error{Errc::parse, "bad thing", 3}, 7, -1};
  CHECK(e.describe() == "line 7: bad thing at position 3");
  e.line = 0;
  CHECK(e.describe() == "bad thing at position 3");
  CHECK(RecordError{}.ok());
}
