# The menus of `mus-cli play`, walked as a person walks them: play_seed5.txt plays the first
# hand of `play --seed 5 --tips` (a signal before grande, a raise over the bots' envido, a
# quiero, a signal from the menu, an envido of 11, which is off the library's bet ladder, and
# a paso) and quits. Every menu must list each choice once: one envido entry that names its
# range and asks the amount once, and each signal by its readable name.
#   cmake -DCLI=path/to/mus-cli -DSCRIPT=play_seed5.txt -DWORK=dir -P play_menus.cmake
include("${CMAKE_CURRENT_LIST_DIR}/run_cli.cmake")
file(MAKE_DIRECTORY "${WORK}")
set(RUN_INPUT "${SCRIPT}")
run_cli(out err rc play --seed 5 --tips)
file(WRITE "${WORK}/menus.out.txt" "${out}")
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "play exited with ${rc}:\n${err}\n${out}")
endif()

# Each menu is a run of lines "  N) text": numbered 1, 2, ... with no text twice and at most
# one envido entry.
string(REPLACE ";" "<semicolon>" lines "${out}")
string(REPLACE "\n" ";" lines "${lines}")
set(menus 0)
set(entries)
set(expect 1)
list(APPEND lines "")  # ends the last menu
foreach(line IN LISTS lines)
  if(line MATCHES "^  ([0-9]+)\\) (.*)$")
    set(n "${CMAKE_MATCH_1}")
    set(text "${CMAKE_MATCH_2}")
    if(n EQUAL 1)
      set(entries)
      set(expect 1)
      math(EXPR menus "${menus} + 1")
    endif()
    if(NOT n EQUAL expect)
      message(FATAL_ERROR "menu ${menus}: entry ${n} where ${expect} was due: '${line}'")
    endif()
    math(EXPR expect "${expect} + 1")
    list(FIND entries "${text}" seen)
    if(seen GREATER -1)
      message(FATAL_ERROR "menu ${menus} lists '${text}' twice (see ${WORK}/menus.out.txt)")
    endif()
    if(text MATCHES "^envido")
      foreach(e IN LISTS entries)
        if(e MATCHES "^envido")
          message(FATAL_ERROR "menu ${menus} has two envido entries: '${e}', '${text}'")
        endif()
      endforeach()
    endif()
    list(APPEND entries "${text}")
  endif()
endforeach()
if(menus LESS 5)
  message(FATAL_ERROR "expected at least 5 menus, found ${menus} in:\n${out}")
endif()

# The range as a player says it: the library's upper bound (999, far above a 40-point game)
# is "or more".
expect_match("${out}" "\n  3\\) envido más: raise by 2 or more, you say how much\n"
             "one envido más entry with its range")
expect_match("${out}" "\n  2\\) envido: bet 2 or more, you say how much\n"
             "one envido entry with its range")
if(out MATCHES "999|994")
  message(FATAL_ERROR "the library's bound in a menu or prompt: '${CMAKE_MATCH_0}'")
endif()
# Picking the envido entry asks the amount once and plays it, also off the ladder (11).
expect_match("${out}" "> 3\n[^\n]*\n  How much\\? \\(2 or more, Enter = 2; game: 35\\) > 3\n  Grande: you envido 3 más \\(8\\)"
             "the raise asked once and applied")
expect_match("${out}" "> 2\n[^\n]*\n  How much\\? \\(2 or more, Enter = 2; game: 40\\) > 11\n  Pares: you envido 11 "
             "an envido of 11 asked once and applied")
string(REGEX MATCHALL "How much\\?" asked "${out}")
list(LENGTH asked n_asked)
if(NOT n_asked EQUAL 2)
  message(FATAL_ERROR "'How much?' asked ${n_asked} times, expected 2 (one per envido)")
endif()
# Signals are entries of their own, named as a player names them (no catalogue ids).
expect_match("${out}" "\n  5\\) signal pareja to your partner \\(head tilted to one side\\)\n"
             "a signal entry by name")
expect_match("${out}" "> 4\n  you signal pareja to seat 2 \\(head tilted to one side\\)\n"
             "the signal entry played")
expect_match("${out}" "Signals made: you: two kings, pareja; seat 1: two aces;" "signals made, by name")
if(out MATCHES "two_kings|two_aces|juego_31|punto_[0-9]+|need_mus")
  message(FATAL_ERROR "a signal id in play's output: '${CMAKE_MATCH_0}'")
endif()
# The juego tip, from the library's juego order (R19).
expect_match("${out}" "tip: you hold juego 35: 31, 32, 40, 37 and 36 beat it\n" "the juego tip")
expect_match("${out}" "\\(you leave the table\\)\n" "q quits")
