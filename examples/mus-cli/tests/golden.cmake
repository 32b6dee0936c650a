# Runs `mus-cli ${ARGS}` and compares its standard output byte for byte with ${GOLDEN}.
#   cmake -DCLI=path/to/mus-cli -DARGS="watch --seed 1" -DGOLDEN=watch_seed1.golden
#         -DOUT=out.txt -P golden.cmake
#
# The golden file is the output of `watch --seed 1`: the bots and the shuffles are seeded, so
# it never changes unless the printer, the bots, the seed derivation or the library change.
# After an intended change, read the difference this test prints, then regenerate the file
# from the top of the source tree (BUILD is your build directory):
#   BUILD/examples/mus-cli/mus-cli watch --seed 1 > examples/mus-cli/tests/watch_seed1.golden
separate_arguments(args UNIX_COMMAND "${ARGS}")
execute_process(COMMAND "${CLI}" ${args} OUTPUT_FILE "${OUT}" ERROR_VARIABLE err
                RESULT_VARIABLE rc)
if(NOT rc EQUAL 0 OR NOT err STREQUAL "")
  message(FATAL_ERROR "mus-cli ${ARGS} exited with ${rc}:\n${err}")
endif()
execute_process(COMMAND "${CMAKE_COMMAND}" -E compare_files "${OUT}" "${GOLDEN}"
                RESULT_VARIABLE differ)
if(differ)
  set(d "")
  find_program(DIFF diff)
  if(DIFF)
    execute_process(COMMAND "${DIFF}" -u "${GOLDEN}" "${OUT}" OUTPUT_VARIABLE d)
    string(SUBSTRING "${d}" 0 4000 d)
  endif()
  message(FATAL_ERROR "mus-cli ${ARGS} differs from ${GOLDEN} (output kept in ${OUT}):\n${d}")
endif()
