# The test docs.readme_commands: the commands that build the documentation, as README.md gives
# them, run in order from the repository root, as a new user on a clean clone runs them. They
# are read from README.md (the ```sh block after the comment naming this file), so the test
# fails when the README drifts. One substitution: the build directory `build-docs` becomes
# WORK/build-docs (emptied first), so the test leaves the source tree as it was.
#   cmake -DSOURCE_DIR=<repository root> -DWORK=<dir> -P readme_commands.cmake
foreach(_var IN ITEMS SOURCE_DIR WORK)
  if(NOT DEFINED ${_var})
    message(FATAL_ERROR "readme_commands.cmake: -D${_var}=... is required")
  endif()
endforeach()

file(READ "${SOURCE_DIR}/README.md" _readme)
set(_mark "<!-- docs/readme_commands.cmake runs the next block")
string(FIND "${_readme}" "${_mark}" _at)
if(_at EQUAL -1)
  message(FATAL_ERROR "README.md has no block marked '${_mark} ...'")
endif()
string(SUBSTRING "${_readme}" ${_at} -1 _rest)
if(NOT _rest MATCHES "```sh\n([^`]*)```")
  message(FATAL_ERROR "README.md: no ```sh block after '${_mark}'")
endif()
string(REPLACE "\n" ";" _lines "${CMAKE_MATCH_1}")

file(REMOVE_RECURSE "${WORK}")
file(MAKE_DIRECTORY "${WORK}")
set(_count 0)
foreach(_line IN LISTS _lines)
  string(REGEX REPLACE "[ \t]+#.*$" "" _command "${_line}")
  string(STRIP "${_command}" _command)
  if(_command STREQUAL "" OR _command MATCHES "^#")
    continue()
  endif()
  string(REGEX REPLACE "(^|[ \t=])build-docs(/|[ \t]|$)" "\\1${WORK}/build-docs\\2" _command
         "${_command}")
  message(STATUS "$ ${_command}")
  execute_process(COMMAND sh -c "${_command}" WORKING_DIRECTORY "${SOURCE_DIR}"
                  RESULT_VARIABLE _rc OUTPUT_VARIABLE _out ERROR_VARIABLE _out)
  if(NOT _rc EQUAL 0)
    message(FATAL_ERROR "README.md's command failed (exit status ${_rc}): ${_line}\n${_out}")
  endif()
  math(EXPR _count "${_count} + 1")
endforeach()
if(_count LESS 2)
  message(FATAL_ERROR "README.md's docs block has ${_count} commands, expected the configure "
                      "and the build")
endif()
if(NOT EXISTS "${WORK}/build-docs/docs/html/index.html")
  message(FATAL_ERROR "README.md's commands ran, but there is no "
                      "build-docs/docs/html/index.html to open")
endif()
message(STATUS "README.md's ${_count} docs commands built build-docs/docs/html/index.html")
