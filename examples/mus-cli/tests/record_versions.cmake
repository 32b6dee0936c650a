# Record versions: a version-1 record (mus-cli 0.2: servido as `S discard` alone, words
# separated by any blanks) still replays; `replay --record` converts it to version 3, whose
# lines are the library's action text (servido `S discard -`) and which ends with its end line
# (`end stopped`: the match was left unfinished), and the converted record replays to the same
# output. An old mus-server transcript (tests/records/server_transcript.txt, version 0: a real
# one, fetched from /replays/<id>) replays and converts the same way, to `end over`. A record of an unknown
# version is refused, naming the version.
#   cmake -DCLI=path/to/mus-cli -DDIR=tests-dir -DWORK=dir -DSERVER_TRANSCRIPT=file
#         -P record_versions.cmake
include("${CMAKE_CURRENT_LIST_DIR}/run_cli.cmake")
file(MAKE_DIRECTORY "${WORK}")
run_cli(v1_out err rc replay "${DIR}/v1_servido.record" --record "${WORK}/v3.record")
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "replay of the version-1 record exited with ${rc}:\n${err}")
endif()
expect_match("${v1_out}" "seat 0 servido \\(keeps all four\\)" "v1 servido replayed")
expect_match("${v1_out}" "seat 1 servido \\(keeps all four\\)" "v1 servido replayed twice")
expect_match("${v1_out}" "The match stopped after 0 hands, unfinished\\.\n$" "v1 replayed to its end")
file(READ "${WORK}/v3.record" v3)
expect_match("${v3}" "^mus-record 3\n# mus-cli replay [^\n]*v1_servido.record\n" "converted tag")
expect_match("${v3}" "\n0 discard -\n" "servido as the library writes it")
expect_match("${v3}" "\nshuffle seed 17651223873822821436\n3 mus\n0 mus\n1 signal ciego\n" "single spaces")
expect_match("${v3}" "\n0 bet 40\nend stopped\n$" "the end line of an unfinished match")
run_cli(v3_out err rc replay "${WORK}/v3.record")
if(NOT rc EQUAL 0 OR NOT v1_out STREQUAL v3_out)
  message(FATAL_ERROR "the converted record replays otherwise (${rc}):\n${err}")
endif()

# A transcript of mus-server's /replays/<id> before version 3 (no tag; rules, dealer, then
# state and `action TEXT` lines).
run_cli(t_out err rc replay "${SERVER_TRANSCRIPT}" --record "${WORK}/from_server.record")
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "replay of the server transcript exited with ${rc}:\n${err}")
endif()
expect_match("${t_out}" "Match over after [0-9]+ hands" "the server's match replayed to its end")
file(READ "${WORK}/from_server.record" converted)
expect_match("${converted}" "^mus-record 3\n# mus-cli replay [^\n]*server_transcript.txt\nrules [^\n]+\ndealer [0-3]\nshuffle seed [0-9]+\n" "converted header")
expect_match("${converted}" "\nend over\n$" "converted end")
if(converted MATCHES "\n(state|action) ")
  message(FATAL_ERROR "the converted transcript still holds state or action lines")
endif()
run_cli(c_out err rc replay "${WORK}/from_server.record")
if(NOT rc EQUAL 0 OR NOT t_out STREQUAL c_out)
  message(FATAL_ERROR "the converted server transcript replays otherwise (${rc}):\n${err}")
endif()

run_cli(out err rc replay "${DIR}/bad_version.record")
if(NOT rc EQUAL 1)
  message(FATAL_ERROR "a record of version 9 exited with ${rc}, expected 1")
endif()
expect_match("${err}" "line 1: 'mus-record 9': unknown record format version \\(this library reads mus-record 1, 2 and 3\\)"
             "unknown version refused by name")
