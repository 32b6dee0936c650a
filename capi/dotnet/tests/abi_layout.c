/*
 * Prints the size of every struct of mus.h and the offset of every field, one per line:
 *
 *   mus_rules 76            (a struct: name and sizeof)
 *   mus_rules.kings 4       (a field: struct.field and offsetof)
 *   mus_count.lines_0 40    (array-of-struct elements, named as the C# fields are)
 *
 * BindingTests.exe runs it (--abi <this program>) and compares every line with
 * Marshal.SizeOf / Marshal.OffsetOf of the C# declarations, so a header change that the
 * bindings miss fails the test instead of corrupting memory.
 */
#include <stddef.h>
#include <stdio.h>

#include "mus/mus.h"

#define S(type) printf("%s %zu\n", #type, sizeof(type))
#define F(type, field) printf("%s.%s %zu\n", #type, #field, offsetof(type, field))
#define E(type, field, i) printf("%s.%s_%d %zu\n", #type, #field, i, offsetof(type, field[i]))

int main(void) {
  S(mus_rules);
  F(mus_rules, struct_size);
  F(mus_rules, kings);
  F(mus_rules, target);
  F(mus_rules, games_per_vaca);
  F(mus_rules, vacas);
  F(mus_rules, min_raise);
  F(mus_rules, royal31);
  F(mus_rules, zero_discard);
  F(mus_rules, deje_ends);
  F(mus_rules, mus_corrido);
  F(mus_rules, tio_perete);
  F(mus_rules, answers);
  F(mus_rules, signals);
  F(mus_rules, reserved);

  S(mus_state);
  F(mus_state, opaque);

  S(mus_action);
  F(mus_action, kind);
  F(mus_action, seat);
  F(mus_action, amount);
  F(mus_action, reserved0);
  F(mus_action, cards);
  F(mus_action, seed);
  F(mus_action, order);
  F(mus_action, reserved);

  S(mus_state_info);
  F(mus_state_info, struct_size);
  F(mus_state_info, phase);
  F(mus_state_info, lance);
  F(mus_state_info, to_act);
  F(mus_state_info, dealer);
  F(mus_state_info, mano);
  F(mus_state_info, score);
  F(mus_state_info, games);
  F(mus_state_info, vacas);
  F(mus_state_info, match_winner);
  F(mus_state_info, hand_number);
  F(mus_state_info, refill_due);
  F(mus_state_info, reserved);

  S(mus_count_line);
  F(mus_count_line, lance);
  F(mus_count_line, status);
  F(mus_count_line, bet_team);
  F(mus_count_line, winner_team);
  F(mus_count_line, winner_seat);
  F(mus_count_line, stake);
  F(mus_count_line, tantos);
  F(mus_count_line, points);
  F(mus_count_line, counted);
  F(mus_count_line, reserved);

  S(mus_count);
  F(mus_count, struct_size);
  F(mus_count, number);
  F(mus_count, dealer);
  F(mus_count, mano);
  F(mus_count, end);
  F(mus_count, game_winner);
  F(mus_count, score_before);
  F(mus_count, score_after);
  E(mus_count, lines, 0);
  E(mus_count, lines, 1);
  E(mus_count, lines, 2);
  E(mus_count, lines, 3);
  F(mus_count, shown);
  F(mus_count, reserved);

  S(mus_view);
  F(mus_view, struct_size);
  F(mus_view, seat);
  F(mus_view, phase);
  F(mus_view, lance);
  F(mus_view, to_act);
  F(mus_view, dealer);
  F(mus_view, mano);
  F(mus_view, hand);
  F(mus_view, score);
  F(mus_view, games);
  F(mus_view, vacas);
  F(mus_view, match_winner);
  F(mus_view, hand_number);
  F(mus_view, stock_count);
  F(mus_view, pile_count);
  F(mus_view, pares_declared);
  F(mus_view, pares_mask);
  F(mus_view, juego_declared);
  F(mus_view, juego_mask);
  F(mus_view, perete_mask);
  F(mus_view, signals);
  F(mus_view, bet_open);
  F(mus_view, bet_is_ordago);
  F(mus_view, bet_team);
  F(mus_view, stake_before);
  F(mus_view, proposed);
  E(mus_view, lances, 0);
  E(mus_view, lances, 1);
  E(mus_view, lances, 2);
  E(mus_view, lances, 3);
  F(mus_view, proposal);
  F(mus_view, proposer);
  F(mus_view, proposal_amount);
  F(mus_view, last_shown);
  F(mus_view, reserved);

  S(mus_event);
  F(mus_event, kind);
  F(mus_event, seat);
  F(mus_event, team);
  F(mus_event, lance);
  F(mus_event, amount);
  F(mus_event, value);
  F(mus_event, reserved);
  return 0;
}
