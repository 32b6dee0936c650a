# `mus-cli sim` gives the same results for any number of threads (each match's seed comes
# from its index); only the speed line may differ.
#   cmake -DCLI=path/to/mus-cli -P sim_threads.cmake
include("${CMAKE_CURRENT_LIST_DIR}/run_cli.cmake")
foreach(t IN ITEMS 1 3)
  run_cli(out err rc sim --matches 40 --seed 5 --threads ${t} --team1 heuristic)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "sim --threads ${t} exited with ${rc}:\n${err}")
  endif()
  expect_match("${out}" "95% confidence interval [0-9.]+%–[0-9.]+%, Wilson" "Wilson interval")
  expect_match("${out}" "\nspeed: [0-9,]+ hands in [0-9.]+ s = [0-9,]+ hands/s on ${t} thread" "speed line")
  string(REGEX REPLACE "\nspeed: [^\n]*" "" results_${t} "${out}")
endforeach()
if(NOT results_1 STREQUAL results_3)
  message(FATAL_ERROR "sim results depend on --threads:\n${results_1}\n---\n${results_3}")
endif()

# The same for the duplicate-deal measurement: only the CPU time and the run time may differ.
foreach(t IN ITEMS 1 3)
  run_cli(out err rc sim --duplicate --bot search --vs heuristic --deals 30 --matches 3
          --playouts 60 --seed 5 --threads ${t})
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "sim --duplicate --threads ${t} exited with ${rc}:\n${err}")
  endif()
  expect_match("${out}" "\nCPU ms per decision, search: " "ms per decision")
  string(REGEX REPLACE "\nCPU ms per decision[^\n]*" "" dup_${t} "${out}")
  string(REGEX REPLACE "\ntime: [^\n]*" "" dup_${t} "${dup_${t}}")
endforeach()
if(NOT dup_1 STREQUAL dup_3)
  message(FATAL_ERROR "sim --duplicate results depend on --threads:\n${dup_1}\n---\n${dup_3}")
endif()
