# Bad records are refused with the line number and the reason, exit status 1.
#   cmake -DCLI=path/to/mus-cli -DDIR=tests-dir -P replay_errors.cmake
include("${CMAKE_CURRENT_LIST_DIR}/run_cli.cmake")
# The errors are the library's record reader's (mus::parse_record(), mus::replay()): the line,
# quoted, then the message and the byte position in the line; a refused action shows the
# reducer's error (its rule and reason, and its code).
set(cases
  "bad_tag.record|line 1: 'hello': not a match record: the first line must be 'mus-record 3' at position 0\n"
  "bad_version.record|line 1: 'mus-record 9': unknown record format version \\(this library reads mus-record 1, 2 and 3\\) at position 11\n"
  "bad_rules.record|line 2: 'rules nonsense': unknown preset [^\n]* at position 6\n"
  "bad_action.record|line 6: '1 bett 2': unknown action \\(expected mus, cut[^\n]* at position 2\n"
  "bad_card.record|line 6: '0 discard Xo Ko': unknown rank [^\n]* at position 10\n"
  "bad_spacing.record|line 5: '0  mus': expected the action word \\(words are separated by one space\\) at position 2\n"
  "illegal.record|line 8: the reducer refused '1 bet 1': R24: [^\n]*\\(MUS_E_BET_TOO_SMALL\\)\n"
  "truncated.record|line 7: truncated record: it ends without its 'end' line\n"
  "wrong_state.record|line 6: the recorded state differs from the replayed one at position [0-9]+\n")
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
