# `mus-cli play` driven through a pipe: the scripted input plays the first hand of
# `play --seed 11` to its count (with bad input on the way, which must get a message and a new
# prompt: a prompt for one number takes exactly one number in range, nothing after it), starts
# hand 2 and quits with `q`. The record it saves must replay. Then an empty
# input must end the program cleanly (end of input = quit).
#   cmake -DCLI=path/to/mus-cli -DSCRIPT=play_seed11.txt -DWORK=dir -P play_pipe.cmake
include("${CMAKE_CURRENT_LIST_DIR}/run_cli.cmake")
file(MAKE_DIRECTORY "${WORK}")
set(RUN_INPUT "${SCRIPT}")
run_cli(out err rc play --seed 11 --tips --record "${WORK}/play.record")
file(WRITE "${WORK}/play.out.txt" "${out}")
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "play exited with ${rc}:\n${err}\n${out}")
endif()
expect_match("${out}" "\nHand 1 · game 1 · dealer seat 3 · mano you\n" "hand 1 header")
expect_match("${out}" "\n    you \\(mano\\)[^\n]+Qe 6o Je 4c" "your cards shown")
expect_match("${out}" "\n    seat 3 +\\?\\? \\?\\? \\?\\? \\?\\?\n" "other cards hidden")
expect_match("${out}" "'xyz' is not one of the actions: type 1\\.\\.[0-9]\\.\n" "bad word rejected")
expect_match("${out}" "'9' is not one of the actions" "bad number rejected")
expect_match("${out}" "is not a list of positions 1-4" "bad discard rejected")
expect_match("${out}" "'mus-cli play --seed 11 --seat 0 --bot heuristic --rules standard' deals the same cards again" "the seed hint names every option")
# Discards and draws in the order of the hand (Qe 6o Je 4c, positions 1 and 2 thrown).
expect_match("${out}" "\n  Discards: you Qe 6o · " "your discards in your hand's order")
expect_match("${out}" "\n    you draw Kc 6e +Kc 6e Je 4c " "your draws in your hand's order")
expect_match("${out}" "> 1,2\n  '1,2' is more than one signal: type one number, 1\\.\\.2\\.\n[^\n]*\n  Which signal\\? [^\n]*> 1\n  you signal punto 30"
             "two signals refused, then one taken")
expect_match("${out}" "tip: " "tips shown")
expect_match("${out}" "tip: the search bot plays [^\n]+: about [-+][0-9]+\\.[0-9] points" "the search bot's estimate")
expect_match("${out}" "you signal [a-z0-9 ]+ to seat 2" "your signal made")
expect_match("${out}" "> 2 1000\n  The amount: 1000 is more than 999\\.\n  Game: [^\n]*\n  How much\\? \\(2 or more, Enter = 2; game: 40\\) > 7 8\n  The amount: '7 8' is more than one number: type one, 2 or more\\.\n"
             "an amount out of range, then two numbers, refused")
expect_match("${out}" "> 2 6\n  The amount: '2 6' is more than one number[^\n]*\n[^\n]*> 5x\n  The amount: '5x' is not a number[^\n]*\n  How much\\? [^\n]*> 5\n"
             "the command retyped, and a number with letters, refused")
expect_match("${out}" "Grande: [^\n]*you envido 5" "your bet of 5 after the refused amounts")
expect_match("${out}" "  Count, cards shown:\n" "the count of hand 1")
expect_match("${out}" "  Score: team 0 [0-9]" "the score after hand 1")
expect_match("${out}" "\nHand 2 · game 1 · " "hand 2 starts")
expect_match("${out}" "\\(you leave the table\\)\n" "q quits")
expect_match("${out}" "The match stopped after 1 hand, unfinished\\.\n$" "the closing line")

run_cli(replayed err rc replay "${WORK}/play.record")
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "replay of the play record exited with ${rc}:\n${err}")
endif()
expect_match("${replayed}" "  Count, cards shown:\n" "replayed count")
expect_match("${replayed}" "The match stopped after 1 hand, unfinished\\.\n$" "replayed end")

file(WRITE "${WORK}/empty.txt" "")
set(RUN_INPUT "${WORK}/empty.txt")
run_cli(out err rc play --seed 7)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "play with empty input exited with ${rc}:\n${err}")
endif()
expect_match("${out}" "\\(end of input: you leave the table\\)" "end of input quits")
