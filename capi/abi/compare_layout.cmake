# Runs abi_layout and checks its output (the real layout of mus.h, as compiled, and the signature
# of every function: the manifest) against the checked-in layout.txt. Also checks, reading the
# header on its own (independently of generate.py, which wrote the program's record list), that
# the program covers the header (every public struct, every integer constant but
# MUS_VERSION_MINOR/_PATCH, every MUS_API function, each record spelling its declaration) and
# that no struct has implicit padding (every byte belongs to a listed field), so a new field,
# constant or function cannot be missed. The release record is compared apart: a new release is
# not an ABI change.
#
#   cmake -DPROGRAM=<abi_layout> -DEXPECTED=<layout.txt> -DHEADER=<mus/mus.h> -P compare_layout.cmake
cmake_minimum_required(VERSION 3.25)

#   (-DOUTPUT_FILE=<file> instead of PROGRAM reads a recorded output: the self-tests use it.)
foreach(_var IN ITEMS EXPECTED HEADER)
  if(NOT DEFINED ${_var})
    message(FATAL_ERROR "compare_layout.cmake: pass -D${_var}=...")
  endif()
endforeach()

if(DEFINED OUTPUT_FILE)
  file(READ "${OUTPUT_FILE}" _out)
elseif(DEFINED PROGRAM)
  execute_process(COMMAND "${PROGRAM}" RESULT_VARIABLE _rc OUTPUT_VARIABLE _out
                  ERROR_VARIABLE _err)
  if(NOT _rc EQUAL 0)
    message(FATAL_ERROR "${PROGRAM} failed (${_rc}): ${_err}")
  endif()
else()
  message(FATAL_ERROR "compare_layout.cmake: pass -DPROGRAM=... or -DOUTPUT_FILE=...")
endif()
string(REPLACE "\n" ";" _actual "${_out}")
list(FILTER _actual EXCLUDE REGEX "^$")

file(STRINGS "${EXPECTED}" _expected)
list(FILTER _expected EXCLUDE REGEX "^#|^[ \t]*$")

set(_problems "")

# 0. The release record (the header's MUS_VERSION_STRING) changes with each release and is not
#    ABI: it is compared on its own, and a new one only asks for the one command.
set(_release_actual ${_actual})
list(FILTER _release_actual INCLUDE REGEX "^release ")
set(_release_expected ${_expected})
list(FILTER _release_expected INCLUDE REGEX "^release ")
list(FILTER _actual EXCLUDE REGEX "^release ")
list(FILTER _expected EXCLUDE REGEX "^release ")
if(NOT _release_actual STREQUAL _release_expected)
  string(REPLACE "release " "" _now "${_release_actual}")
  string(REPLACE "release " "" _was "${_release_expected}")
  string(APPEND _problems
    "The release is ${_now}, ${EXPECTED} records ${_was}: a new\n"
    "  release, not an ABI change. Run `cmake --build <build dir> --target abi_generate` (it\n"
    "  rewrites layout.txt, the bindings' version constants and their package versions) and\n"
    "  commit the result with the version change.\n")
endif()
foreach(_line IN LISTS _release_actual)
  if(NOT _line MATCHES "^release [0-9]+\\.[0-9]+\\.[0-9]+([-+][0-9A-Za-z.+-]+)?$")
    string(APPEND _problems "not a release: ${_line}\n")
  endif()
endforeach()

# 1. The layout as compiled is the recorded one.
if(NOT _actual STREQUAL _expected)
  set(_only_actual ${_actual})
  set(_only_expected ${_expected})
  if(_expected)
    list(REMOVE_ITEM _only_actual ${_expected})
  endif()
  if(_actual)
    list(REMOVE_ITEM _only_expected ${_actual})
  endif()
  string(APPEND _problems "The compiled layout differs from ${EXPECTED}.\n")
  foreach(_line IN LISTS _only_expected)
    string(APPEND _problems "  recorded, now gone or changed: ${_line}\n")
  endforeach()
  foreach(_line IN LISTS _only_actual)
    string(APPEND _problems "  compiled, not recorded:        ${_line}\n")
  endforeach()
  if(NOT _only_actual AND NOT _only_expected)
    string(APPEND _problems "  the same records in another order (fields or structs moved)\n")
  endif()
  string(APPEND _problems
    "  A changed or removed record breaks the ABI within a major version. If the change is an\n"
    "  intended addition (a new struct, constant, or a field carved out of reserved space),\n"
    "  run `cmake --build <build dir> --target abi_generate` (it rewrites layout.txt and the\n"
    "  binding layers) and commit the result with the change.\n")
endif()

# 2. The program covers the header.
file(STRINGS "${HEADER}" _defines REGEX "^#define MUS_[A-Z0-9_]+ +\\(?-?[0-9]+\\)?")
foreach(_line IN LISTS _defines)
  string(REGEX MATCH "^#define (MUS_[A-Z0-9_]+)" _ "${_line}")
  set(_name "${CMAKE_MATCH_1}")
  if(_name MATCHES "^MUS_VERSION_(MINOR|PATCH)$")
    continue()
  endif()
  set(_found ${_actual})
  list(FILTER _found INCLUDE REGEX "^const ${_name} ")
  if(NOT _found)
    string(APPEND _problems "${HEADER} defines ${_name}; the program prints no CONST(${_name}) "
                            "(capi/abi/generate.py did not read it from the header)\n")
  endif()
endforeach()
# Every struct (`typedef struct mus_x {`) has a struct record, and every opaque type
# (`typedef struct mus_x mus_x;`, a handle the library owns) an opaque record.
file(STRINGS "${HEADER}" _typedefs REGEX "^typedef struct mus_[a-z0-9_]+ ({|mus_[a-z0-9_]+;)")
foreach(_line IN LISTS _typedefs)
  string(REGEX MATCH "^typedef struct (mus_[a-z0-9_]+)" _ "${_line}")
  set(_name "${CMAKE_MATCH_1}")
  if(_line MATCHES "{")
    set(_record "^struct ${_name} ")
    set(_what "struct ${_name}; the program prints no record of it")
  else()
    set(_record "^opaque ${_name}$")
    set(_what "the opaque type ${_name}; the program prints no OPAQUE(${_name})")
  endif()
  set(_found ${_actual})
  list(FILTER _found INCLUDE REGEX "${_record}")
  if(NOT _found)
    string(APPEND _problems "${HEADER} declares ${_what} "
                            "(capi/abi/generate.py did not read it from the header)\n")
  endif()
endforeach()

# Every function: a declaration starts its line with MUS_API and has its name before the "(".
#    (A line ending with ";" is split into two list items; the second never matches.)
file(STRINGS "${HEADER}" _functions REGEX "^MUS_API")
foreach(_line IN LISTS _functions)
  if(_line STREQUAL "")
    continue()
  endif()
  if(NOT _line MATCHES "^MUS_API [^(]*[ *](mus_[a-z0-9_]+)\\(")
    string(APPEND _problems
      "${HEADER}: cannot read the function name of \"${_line}\" (write MUS_API, the return "
      "type and the name on one line)\n")
    continue()
  endif()
  set(_name "${CMAKE_MATCH_1}")
  set(_found ${_actual})
  list(FILTER _found INCLUDE REGEX "^func ${_name} ")
  if(NOT _found)
    string(APPEND _problems
      "${HEADER} declares function ${_name}; the program prints no FUNC(${_name}, ...) "
      "(capi/abi/generate.py did not read it from the header)\n")
  endif()
endforeach()

# Every func record is the header's declaration, spelled the manifest's way: `T* name`, arrays
# as pointers, one space after each comma. (The compile-time check in
# abi_layout.c sees types, and cannot tell typedefs of one type apart, e.g. size_t and uint64_t
# on LP64; this check reads the words.)
file(READ "${HEADER}" _header_text)
string(REGEX MATCHALL "\nMUS_API [^;#]*\\)" _declarations "${_header_text}")
foreach(_decl IN LISTS _declarations)
  string(REGEX REPLACE "[ \t\r\n]+" " " _decl "${_decl}")
  string(STRIP "${_decl}" _decl)
  if(NOT _decl MATCHES "^MUS_API (.*[ *])(mus_[a-z0-9_]+)\\((.*)\\)$")
    string(APPEND _problems "${HEADER}: cannot read the declaration \"${_decl}\"\n")
    continue()
  endif()
  string(STRIP "${CMAKE_MATCH_1}" _ret)
  set(_name "${CMAKE_MATCH_2}")
  string(REPLACE "," ";" _params "${CMAKE_MATCH_3}")
  set(_types "")
  foreach(_param IN LISTS _params)
    string(STRIP "${_param}" _param)
    if(NOT _param STREQUAL "void")
      set(_pointer "")
      if(_param MATCHES "\\[[0-9]*\\]$")
        string(REGEX REPLACE " *\\[[0-9]*\\]$" "" _param "${_param}")
        set(_pointer "*")
      endif()
      string(REGEX MATCH "[A-Za-z_][A-Za-z0-9_]*$" _param_name "${_param}")
      string(REGEX REPLACE "([ *])[A-Za-z_][A-Za-z0-9_]*$" "\\1" _param "${_param}")
      string(STRIP "${_param}" _param)
      string(REGEX REPLACE " *\\*" "*" _param "${_param}")
      set(_param "${_param}${_pointer} ${_param_name}")
    endif()
    list(APPEND _types "${_param}")
  endforeach()
  list(JOIN _types ", " _types)
  set(_want "func ${_name} ${_ret} (${_types})")
  set(_found ${_actual})
  list(FILTER _found INCLUDE REGEX "^func ${_name} ")
  if(_found AND NOT _found STREQUAL _want)
    string(APPEND _problems "${HEADER} declares ${_want}, the program prints ${_found}\n")
  endif()
endforeach()

# 3. No implicit padding: each field starts where the previous one ended, the last ends at
#    sizeof. A gap is padding (non-portable) or a field missing from abi_layout.c.
set(_struct "")
macro(_finish_struct)
  if(_struct AND NOT _next EQUAL _size)
    string(APPEND _problems
      "struct ${_struct}: fields end at ${_next} but sizeof is ${_size} (trailing padding, or "
      "a field missing from the program)\n")
  endif()
endmacro()
foreach(_line IN LISTS _actual)
  if(_line MATCHES "^struct ([a-z0-9_]+) ([0-9]+) ([0-9]+)$")
    _finish_struct()
    set(_struct "${CMAKE_MATCH_1}")
    set(_size "${CMAKE_MATCH_2}")
    set(_next 0)
  elseif(_line MATCHES "^field ([a-z0-9_]+) ([a-z0-9_]+) ([0-9]+) ([0-9]+) [A-Za-z_][A-Za-z0-9_]*(\\[[0-9]+\\])?$")
    if(NOT CMAKE_MATCH_1 STREQUAL _struct)
      string(APPEND _problems "field outside its struct: ${_line}\n")
    elseif(NOT CMAKE_MATCH_3 EQUAL _next)
      string(APPEND _problems
        "struct ${_struct}: ${CMAKE_MATCH_2} starts at ${CMAKE_MATCH_3}, the previous field "
        "ends at ${_next} (padding, or a field missing from the program)\n")
    endif()
    math(EXPR _next "${CMAKE_MATCH_3} + ${CMAKE_MATCH_4}")
  elseif(NOT _line MATCHES "^const MUS_[A-Z0-9_]+ -?[0-9]+$"
         AND NOT _line MATCHES "^opaque mus_[a-z0-9_]+$"
         AND NOT _line MATCHES "^func mus_[a-z0-9_]+ [^(]+ \\([^()]+\\)$")
    string(APPEND _problems "unknown record: ${_line}\n")
  endif()
endforeach()
_finish_struct()

if(_problems)
  message(FATAL_ERROR "ABI check failed:\n${_problems}")
endif()
list(LENGTH _actual _n)
message(STATUS "ABI layout matches ${EXPECTED} (${_n} records)")
