// The C++ replayer of tests/transcripts (replay.hpp, the library's record reader and replay):
// every listed transcript reproduces every state text byte for byte, the list names every
// transcript of the directory, and a changed, cut or reordered transcript is reported with its
// file, line and first differing byte.
#include "../catch.hpp"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "replay.hpp"

namespace {

namespace fs = std::filesystem;

std::vector<std::string> listed(const fs::path& dir) {
  std::ifstream list(dir / "transcripts.list");
  REQUIRE(list.good());
  std::vector<std::string> names;
  std::string line;
  while (std::getline(list, line))
    if (!line.empty() && line[0] != '#') names.push_back(line);
  return names;
}

std::string read_file(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  REQUIRE(in.good());
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

std::string replay_text(const std::string& name, const std::string& text) {
  const auto problem = mus_transcripts::replay(name, text);
  return problem ? *problem : std::string();
}

}  // namespace

TEST_CASE("Every listed transcript replays byte for byte", "[transcripts]") {
  const fs::path dir = mus_transcripts::directory();
  REQUIRE_FALSE(dir.empty());  // run with --transcripts <dir>
  const auto names = listed(dir);
  CHECK(names.size() >= 5);
  // The list is the directory's *.txt files, no more and no fewer.
  std::set<std::string> on_disk;
  for (const auto& e : fs::directory_iterator(dir))
    if (e.path().extension() == ".txt") on_disk.insert(e.path().filename().string());
  CHECK(on_disk == std::set<std::string>(names.begin(), names.end()));
  for (const auto& name : names) {
    const std::string problem = replay_text(name, read_file(dir / name));
    INFO(problem);
    CHECK(problem.empty());
  }
}

TEST_CASE("A changed, cut or misordered transcript is reported with file, line and byte",
          "[transcripts]") {
  const fs::path dir = mus_transcripts::directory();
  REQUIRE_FALSE(dir.empty());
  const auto names = listed(dir);
  REQUIRE_FALSE(names.empty());
  const std::string good = read_file(dir / names[0]);
  REQUIRE(replay_text("t.txt", good).empty());

  // The lines of the transcript, and the text again with line `k` (1-based) replaced.
  std::vector<std::string> lines;
  {
    std::istringstream in(good);
    std::string l;
    while (std::getline(in, l)) lines.push_back(l);
  }
  const auto with_line = [&](std::size_t k, const std::string& replacement) {
    std::string out;
    for (std::size_t i = 0; i < lines.size(); ++i)
      out += (i + 1 == k ? replacement : lines[i]) + "\n";
    return out;
  };
  std::size_t second_state = 0;  // the line of the state after the first action
  for (std::size_t i = 0, states = 0; i < lines.size(); ++i)
    if (lines[i].rfind("state ", 0) == 0 && ++states == 2) second_state = i + 1;
  REQUIRE(second_state > 0);

  // Byte 101 of the state text: byte 107 of its line, after "state " (position 106 from 0).
  std::string changed = lines[second_state - 1];
  changed[106] = changed[106] == 'A' ? 'B' : 'A';
  CHECK(replay_text("t.txt", with_line(second_state, changed)) ==
        "t.txt:" + std::to_string(second_state) +
            ": the recorded state differs from the replayed one at position 106");

  // Cut before its end line: truncated.
  const std::string cut = good.substr(0, good.rfind("end over"));
  CHECK(replay_text("t.txt", cut).find(": truncated record") != std::string::npos);
  // Two state lines in a row (the first action's line replaced by its state line).
  CHECK(replay_text("t.txt", with_line(second_state - 1, lines[second_state - 1]))
            .find("t.txt:" + std::to_string(second_state - 1) +
                  ": a state line must follow an action line") == 0);
  CHECK(replay_text("t.txt", with_line(second_state - 1, "0 bet 0x5"))
            .find("t.txt:" + std::to_string(second_state - 1) + ": ") == 0);
  // A state line left out.
  CHECK(replay_text("t.txt", with_line(second_state, "# no state"))
            .find("t.txt:" + std::to_string(second_state - 1) + ": no state line after the action") == 0);
  // A whole match cut after a state, ended as stopped: every text matches, the match is not over.
  const std::size_t half = good.find("\nstate ", good.size() / 2);
  const std::string early = good.substr(0, good.find('\n', half + 1) + 1) + "end stopped\n";
  CHECK(replay_text("t.txt", early).find("ends before the match is over") != std::string::npos);
}
