# Record → replay round trip: `mus-cli watch ${ARGS} --record FILE` (the library's record
# format, version 3, ending with `end over`) and `mus-cli replay FILE` must print exactly the
# same text (the same printer reads the same actions), also with
# --quiet, and with --record-orders (shuffles written as card orders instead of seeds). The
# record that `replay FILE --record AGAIN` writes back must hold the same lines (the library's
# action text, mus::action_to_text(), read back by mus::action_from_text()). With
# -DEVERY_KIND=ON the record must hold every kind of action, servido and need_mus included.
#   cmake -DCLI=path/to/mus-cli -DARGS="--seed 2" -DWORK=dir [-DEVERY_KIND=ON] -P roundtrip.cmake
include("${CMAKE_CURRENT_LIST_DIR}/run_cli.cmake")
separate_arguments(args UNIX_COMMAND "${ARGS}")
file(MAKE_DIRECTORY "${WORK}")
foreach(variant IN ITEMS plain quiet orders)
  set(extra)
  if(variant STREQUAL "quiet")
    set(extra --quiet)
  elseif(variant STREQUAL "orders")
    set(extra --record-orders)
  endif()
  set(record "${WORK}/${variant}.record")
  run_cli(watched err rc watch ${args} ${extra} --record "${record}")
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "watch ${ARGS} ${extra} exited with ${rc}:\n${err}")
  endif()
  file(READ "${record}" text)
  expect_match("${text}" "^mus-record 3\n" "${variant}: record tag")
  expect_match("${text}" "\nend over\n$" "${variant}: the end line of a finished match")
  if(variant STREQUAL "orders")
    expect_match("${text}" "\nshuffle order [^\n]+\n" "orders: explicit shuffle lines")
  else()
    expect_match("${text}" "\nshuffle seed [0-9]+\n" "${variant}: seeded shuffle lines")
  endif()
  if(EVERY_KIND)
    foreach(kind IN ITEMS "[0-3] mus" "[0-3] cut" "[0-3] discard [A-Z0-9][ocebA-Z0-9 ]*"
                          "[0-3] discard -" "[0-3] pass" "[0-3] bet [0-9]+" "[0-3] ordago"
                          "[0-3] accept" "[0-3] reject" "[0-3] signal need_mus"
                          "[0-3] signal [a-z_0-9]+" "[0-3] perete")
      expect_match("${text}" "\n${kind}\n" "${variant}: an action line '${kind}'")
    endforeach()
  endif()
  set(replay_extra)
  if(variant STREQUAL "quiet")
    set(replay_extra --quiet)
  endif()
  set(again "${WORK}/${variant}.again.record")
  run_cli(replayed err rc replay "${record}" ${replay_extra} --record "${again}")
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "replay of ${record} exited with ${rc}:\n${err}")
  endif()
  if(NOT watched STREQUAL replayed)
    file(WRITE "${WORK}/${variant}.watch.txt" "${watched}")
    file(WRITE "${WORK}/${variant}.replay.txt" "${replayed}")
    message(FATAL_ERROR "${variant}: replay differs from watch; see ${WORK}/${variant}.*.txt")
  endif()
  # The record written back holds the same lines but for its comment (who wrote it). With
  # --record-orders the seeds became orders, which replay writes as they are.
  file(READ "${again}" again_text)
  string(REGEX REPLACE "\n#[^\n]*" "" a "${text}")
  string(REGEX REPLACE "\n#[^\n]*" "" b "${again_text}")
  if(NOT a STREQUAL b)
    message(FATAL_ERROR "${variant}: 'replay --record' wrote other lines than ${record}: see ${again}")
  endif()
endforeach()
