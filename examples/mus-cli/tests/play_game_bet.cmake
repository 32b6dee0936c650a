# The amount that is the game, named where `mus-cli play` asks how much to bet (R28, R29): a
# lance's stake is scored at the count, so the game bet is the one whose stake, accepted and
# won, brings the player's team to the target. Three runs:
#   seed 1, target 20, no signals, always the second entry (no hay mus, envido 2, no quiero):
#     at 0 points the game is a bet of 20; after the team's deje of 1, a bet of 19;
#   play_seed5.txt, target 40: a raise over the bots' open 5 is the game at 35 (a stake of 40);
#   play_seed5.txt, target 5: every raise over the open 5 is the game ("any").
#   cmake -DCLI=path/to/mus-cli -DSCRIPT=play_seed5.txt -DWORK=dir -P play_game_bet.cmake
include("${CMAKE_CURRENT_LIST_DIR}/run_cli.cmake")
file(MAKE_DIRECTORY "${WORK}")

string(REPEAT "2\n" 60 twos)
file(WRITE "${WORK}/twos.txt" "${twos}q\n")
set(RUN_INPUT "${WORK}/twos.txt")
run_cli(out err rc play --seed 1 --rules "standard target=20 signals=off")
file(WRITE "${WORK}/seed1.out.txt" "${out}")
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "play exited with ${rc}:\n${err}\n${out}")
endif()
expect_match("${out}" "> 2\n  Game: a bet of 20 takes your team from 0 to 20 at the count, if they say quiero and you win the lance\\.\n  How much\\? \\(2 or more, Enter = 2; game: 20\\) > 2\n"
             "the game bet at 0 of 20")
expect_match("${out}" "deje: team 0 scores 1 now \\(1\\)\n" "the team's deje of 1")
expect_match("${out}" "Score: you \\(team 0\\) 1 · them 0 [^\n]*\n[^>]*> 2\n  Game: a bet of 19 takes your team from 1 to 20 [^\n]*\n  How much\\? \\(2 or more, Enter = 2; game: 19\\) > "
             "the game bet at 1 of 20: the team's own score")

set(RUN_INPUT "${SCRIPT}")
run_cli(out err rc play --seed 5 --tips)
file(WRITE "${WORK}/seed5.out.txt" "${out}")
expect_match("${out}" "Team 1 bets: quiero puts 5 at stake[^>]*> 3\n  Game: raise 35 \\(a stake of 40\\) takes your team from 0 to 40 at the count, if they say quiero and you win the lance\\.\n  How much\\? \\(2 or more, Enter = 2; game: 35\\) > 3\n"
             "a raise that is the game: the open stake counts")

run_cli(out err rc play --seed 5 --rules "standard target=5")
file(WRITE "${WORK}/seed5-target5.out.txt" "${out}")
expect_match("${out}" "> 3\n  Game: any raise \\(a stake of 7 or more\\) takes your team from 0 to 5 at the count, if they say quiero and you win the lance\\.\n  How much\\? \\(2 or more, Enter = 2; game: any\\) > 3\n"
             "every raise is the game when the open stake is near the target")
