# Record versions: a version-1 record (mus-cli 0.2: servido as `S discard` alone, words
# separated by any blanks) still replays; `replay --record` converts it to version 2, whose
# lines are the library's action text (servido `S discard -`), and the converted record
# replays to the same output; a record of an unknown version is refused, naming the version.
#   cmake -DCLI=path/to/mus-cli -DDIR=tests-dir -DWORK=dir -P record_versions.cmake
include("${CMAKE_CURRENT_LIST_DIR}/run_cli.cmake")
file(MAKE_DIRECTORY "${WORK}")
run_cli(v1_out err rc replay "${DIR}/v1_servido.record" --record "${WORK}/v2.record")
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "replay of the version-1 record exited with ${rc}:\n${err}")
endif()
expect_match("${v1_out}" "seat 0 servido \\(keeps all four\\)" "v1 servido replayed")
expect_match("${v1_out}" "seat 1 servido \\(keeps all four\\)" "v1 servido replayed twice")
expect_match("${v1_out}" "The match stopped after 0 hands, unfinished\\.\n$" "v1 replayed to its end")
file(READ "${WORK}/v2.record" v2)
expect_match("${v2}" "^mus-record 2\n# mus-cli replay [^\n]*v1_servido.record\n" "converted tag")
expect_match("${v2}" "\n0 discard -\n" "servido as the library writes it")
expect_match("${v2}" "\nshuffle seed 17651223873822821436\n3 mus\n0 mus\n1 signal ciego\n" "single spaces")
run_cli(v2_out err rc replay "${WORK}/v2.record")
if(NOT rc EQUAL 0 OR NOT v1_out STREQUAL v2_out)
  message(FATAL_ERROR "the converted record replays otherwise (${rc}):\n${err}")
endif()

run_cli(out err rc replay "${DIR}/bad_version.record")
if(NOT rc EQUAL 1)
  message(FATAL_ERROR "a record of version 9 exited with ${rc}, expected 1")
endif()
expect_match("${err}" "line 1: record format version '9' is not one this mus-cli reads \\(it reads versions 1 and 2\\)"
             "unknown version refused by name")
