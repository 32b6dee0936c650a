# Bad records are refused with the line number and the reason, exit status 1.
#   cmake -DCLI=path/to/mus-cli -DDIR=tests-dir -P replay_errors.cmake
include("${CMAKE_CURRENT_LIST_DIR}/run_cli.cmake")
# The parse errors are the library's (mus::action_from_text()): its message and the position
# in the action text; a refused action shows the reducer's error (its message, and its code).
set(cases
  "bad_tag.record|line 1: not a mus-cli match record"
  "bad_version.record|line 1: record format version '9' is not one this mus-cli reads"
  "bad_rules.record|line 2: bad rules: unknown preset"
  "bad_action.record|line 6: bad action '1 bett 2': unknown action \\(expected mus, cut[^\n]* at position 2\n"
  "bad_card.record|line 6: bad action '0 discard Xo Ko': unknown rank [^\n]* at position 10\n"
  "bad_spacing.record|line 5: bad action '0  mus': expected the action word \\(words are separated by one space\\) at position 2\n"
  "illegal.record|line 8: the reducer refused '1 bet 1': [^\n]*MUS_E_BET_TOO_SMALL")
foreach(c IN LISTS cases)
  string(REPLACE "|" ";" parts "${c}")
  list(GET parts 0 file)
  list(GET parts 1 want)
  run_cli(out err rc replay "${DIR}/${file}")
  if(NOT rc EQUAL 1)
    message(FATAL_ERROR "replay ${file}: exit status ${rc}, expected 1")
  endif()
  expect_match("${err}" "${want}" "replay ${file}")
endforeach()
