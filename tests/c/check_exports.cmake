# Checks that a shared library exports exactly the functions a header declares with MUS_API:
# every declared function is exported, and nothing else is.
#
#   cmake -DNM=<nm> -DLIBRARY=<libmus.so> -DHEADER=<mus/mus.h> -P check_exports.cmake

cmake_minimum_required(VERSION 3.25)

foreach(_var IN ITEMS NM LIBRARY HEADER)
  if("${${_var}}" STREQUAL "")
    message(FATAL_ERROR "check_exports: pass -D${_var}=...")
  endif()
endforeach()

# Declarations: MUS_API, the return type, the name and "(", possibly over several lines. The
# return type holds no ';', '(', '#' or '/', so the match cannot start at the macro's own
# definition or run through a comment.
file(READ "${HEADER}" _header)
string(REGEX MATCHALL "MUS_API[^;(#/]*[ \t\r\n*]mus_[A-Za-z0-9_]+[ \t\r\n]*\\(" _decls
       "${_header}")
set(_declared "")
foreach(_decl IN LISTS _decls)
  string(REGEX MATCH "mus_[A-Za-z0-9_]+[ \t\r\n]*\\($" _name "${_decl}")
  string(REGEX REPLACE "[ \t\r\n]*\\($" "" _name "${_name}")
  list(APPEND _declared "${_name}")
endforeach()
list(REMOVE_DUPLICATES _declared)
list(SORT _declared)
if(NOT "mus_version" IN_LIST _declared)
  message(FATAL_ERROR "check_exports: found no MUS_API declarations in ${HEADER}")
endif()

execute_process(COMMAND "${NM}" -D --defined-only "${LIBRARY}"
                RESULT_VARIABLE _rc
                OUTPUT_VARIABLE _nm_out
                ERROR_VARIABLE _nm_err)
if(NOT _rc EQUAL 0)
  message(FATAL_ERROR "check_exports: ${NM} failed (${_rc}): ${_nm_err}")
endif()
# Lines are "<address> <type> <name>"; a version suffix ("@@...") is kept, so it cannot match.
string(REGEX REPLACE "\r?\n" ";" _lines "${_nm_out}")
set(_exported "")
foreach(_line IN LISTS _lines)
  if(_line MATCHES "^[0-9A-Fa-f]* *[A-Za-z] +([^ ]+)$")
    list(APPEND _exported "${CMAKE_MATCH_1}")
  elseif(NOT _line STREQUAL "")
    message(FATAL_ERROR "check_exports: cannot read nm line: '${_line}'")
  endif()
endforeach()
list(REMOVE_DUPLICATES _exported)
list(SORT _exported)

set(_not_exported ${_declared})
if(_exported)
  list(REMOVE_ITEM _not_exported ${_exported})
endif()
set(_not_declared ${_exported})
list(REMOVE_ITEM _not_declared ${_declared})

list(LENGTH _declared _n)
list(LENGTH _not_exported _n_not_exported)
list(LENGTH _not_declared _n_not_declared)
if(_n_not_exported GREATER 0 OR _n_not_declared GREATER 0)
  string(REPLACE ";" " " _not_exported "${_not_exported}")
  string(REPLACE ";" " " _not_declared "${_not_declared}")
  message(FATAL_ERROR "check_exports: ${LIBRARY} does not export exactly the ${_n} MUS_API "
                      "functions of ${HEADER}\n"
                      "  declared but not exported: ${_not_exported}\n"
                      "  exported but not declared: ${_not_declared}")
endif()
message(STATUS "check_exports: the ${_n} MUS_API functions and nothing else: ${_exported}")
