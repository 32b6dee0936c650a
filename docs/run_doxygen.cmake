# Runs Doxygen for the `docs` target and fails on any warning, on Markdown that did not render
# (check_html.cmake), and on Markdown pages that do not read as written on a code host (check_markdown.cmake).
#   cmake -DDOXYGEN=<doxygen> -DDOXYFILE=<Doxyfile> -DWARN_LOG=<file> -DHTML_DIR=<dir>
#         -DSOURCE_DIR=<repository root> -P run_doxygen.cmake
# The Doxyfile sends warnings to WARN_LOG and sets WARN_AS_ERROR = FAIL_ON_WARNINGS, so Doxygen
# finishes the whole site and then exits non-zero. This script does not rely on that alone: it
# also fails when the log is not empty, and it prints the log, so a failure always says why.
foreach(_var IN ITEMS DOXYGEN DOXYFILE WARN_LOG HTML_DIR SOURCE_DIR)
  if(NOT DEFINED ${_var})
    message(FATAL_ERROR "run_doxygen.cmake: -D${_var}=... is required")
  endif()
endforeach()

file(REMOVE "${WARN_LOG}")
execute_process(COMMAND "${DOXYGEN}" "${DOXYFILE}"
                RESULT_VARIABLE _rc
                OUTPUT_VARIABLE _out
                ERROR_VARIABLE _err)

set(_warnings "")
if(EXISTS "${WARN_LOG}")
  file(READ "${WARN_LOG}" _warnings)
endif()
string(STRIP "${_warnings}" _warnings)
string(STRIP "${_err}" _err)

if(NOT _rc EQUAL 0 OR NOT _warnings STREQUAL "" OR NOT _err STREQUAL "")
  set(_report "")
  if(NOT _warnings STREQUAL "")
    string(APPEND _report "Doxygen warnings (${WARN_LOG}):\n${_warnings}\n")
  endif()
  if(NOT _err STREQUAL "")
    string(APPEND _report "Doxygen stderr:\n${_err}\n")
  endif()
  # NOTICE prints the text as it is (FATAL_ERROR would re-wrap the lines), one per warning,
  # each starting with file:line.
  message(NOTICE "${_report}")
  message(FATAL_ERROR "The API documentation has problems (Doxygen exit status ${_rc}): "
                      "fix every warning listed above.")
endif()
# Doxygen does not warn about Markdown it failed to render (a table row printed as text, a
# heading cut short): check_html.cmake looks for those in the HTML and fails on any.
set(TAG_FILE "${HTML_DIR}/libmus.tag")  # DOXYFILE is this script's own argument
include("${CMAKE_CURRENT_LIST_DIR}/check_html.cmake")
# The same pages as a code host shows them: code written in them, not Doxygen commands.
include("${CMAKE_CURRENT_LIST_DIR}/check_markdown.cmake")
message(STATUS "API documentation: ${HTML_DIR}/index.html (no warnings; every table, heading, "
               "code span and link rendered; the Markdown pages read as written)")
