# Helpers of the docs checks (check_html.cmake, check_markdown.cmake): text split into lines as
# a CMake list, with the characters a list would split on protected.
# Text made safe to split into a CMake list: semicolons become the token below, and square
# brackets too, since a list does not split at the semicolons between brackets.
# _mus_unprotect() turns them back for a message.
set(_SEMI "@MUS_SEMICOLON@")
set(_LB "@MUS_LBRACKET@")
set(_RB "@MUS_RBRACKET@")
function(_mus_protect text out)
  string(REPLACE ";" "${_SEMI}" text "${text}")
  string(REPLACE "[" "${_LB}" text "${text}")
  string(REPLACE "]" "${_RB}" text "${text}")
  set(${out} "${text}" PARENT_SCOPE)
endfunction()
function(_mus_unprotect text out)
  string(REPLACE "${_SEMI}" ";" text "${text}")
  string(REPLACE "${_LB}" "[" text "${text}")
  string(REPLACE "${_RB}" "]" text "${text}")
  set(${out} "${text}" PARENT_SCOPE)
endfunction()

# The lines of a file as a list.
function(_mus_read_lines file out)
  file(READ "${file}" _text)
  _mus_protect("${_text}" _text)
  string(REPLACE "\n" ";" _text "${_text}")
  set(${out} "${_text}" PARENT_SCOPE)
endfunction()


# Whether a Markdown line opens or closes a fenced code block: sets `is_fence` to the answer and,
# on a fence, flips the variable named by `in_code`.
function(_mus_fence line in_code is_fence)
  set(${is_fence} FALSE PARENT_SCOPE)
  if(line MATCHES "^ *(```|~~~)")
    set(${is_fence} TRUE PARENT_SCOPE)
    if(${in_code})
      set(${in_code} FALSE PARENT_SCOPE)
    else()
      set(${in_code} TRUE PARENT_SCOPE)
    endif()
  endif()
endfunction()
