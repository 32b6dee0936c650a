/*
 * Prints the binary layout of the public C API: for every struct of mus/mus.h its size and
 * alignment and the offset and size of every field, then the value of every integer constant.
 * compare_layout.cmake checks the output against the checked-in layout.txt, and the Python
 * binding's ctypes structures are checked against it (check_python_layout.py), so neither the
 * header nor a binding can change the ABI by accident.
 *
 * Output, one record a line, fields separated by single spaces:
 *   struct <name> <sizeof> <alignof>
 *   field <struct> <field> <offset> <sizeof>
 *   const <NAME> <value>
 *   func <name> <return type> (<param type>, <param type>, ...)
 * A func record writes types without parameter names, pointers as `T*` (`const T*`), array
 * parameters as the pointers they are (`const uint8_t hand[4]` as `const uint8_t*`), and `(void)`
 * for no parameters. Its text is the same tokens the program assigns the function to (a pointer
 * of that type; a mismatch is an incompatible-pointer error), so a record cannot differ from the
 * declaration in mus.h. The func records are the manifest the bindings are checked against.
 *
 * C99 (no _Alignof): the alignment is the offset of the struct after a char in a wrapper.
 * Exits non-zero, after printing a message to stderr, when mus_state_size() (the library) and
 * sizeof(mus_state) (the header) disagree.
 */
#include <stddef.h>
#include <stdio.h>

#include "mus/mus.h"

#define ALIGN_OF(type) \
  offsetof(            \
      struct {         \
        char c;        \
        type t;        \
      },               \
      t)
#define STRUCT(type) \
  printf("struct %s %lu %lu\n", #type, (unsigned long)sizeof(type), (unsigned long)ALIGN_OF(type))
#define FIELD(type, field)                                                             \
  printf("field %s %s %lu %lu\n", #type, #field, (unsigned long)offsetof(type, field), \
         (unsigned long)sizeof(((type*)0)->field))
#define CONST(name) printf("const %s %ld\n", #name, (long)(name))
/* ret and params are written in the record's canonical form; the preprocessor's stringizing
   keeps their tokens with single spaces. The pointer's initialization checks the signature. */
#define FUNC(name, ret, params)                      \
  do {                                               \
    ret(*const checked_) params = name;              \
    printf("func %s %s %s\n", #name, #ret, #params); \
    (void)checked_;                                  \
  } while (0)

static void structs(void) {
  STRUCT(mus_rules);
  FIELD(mus_rules, struct_size);
  FIELD(mus_rules, kings);
  FIELD(mus_rules, target);
  FIELD(mus_rules, games_per_vaca);
  FIELD(mus_rules, vacas);
  FIELD(mus_rules, min_raise);
  FIELD(mus_rules, royal31);
  FIELD(mus_rules, zero_discard);
  FIELD(mus_rules, deje_ends);
  FIELD(mus_rules, mus_corrido);
  FIELD(mus_rules, tio_perete);
  FIELD(mus_rules, answers);
  FIELD(mus_rules, signals);
  FIELD(mus_rules, reserved);

  STRUCT(mus_state);
  FIELD(mus_state, opaque);

  STRUCT(mus_action);
  FIELD(mus_action, kind);
  FIELD(mus_action, seat);
  FIELD(mus_action, amount);
  FIELD(mus_action, reserved0);
  FIELD(mus_action, cards);
  FIELD(mus_action, seed);
  FIELD(mus_action, order);
  FIELD(mus_action, reserved);

  STRUCT(mus_state_info);
  FIELD(mus_state_info, struct_size);
  FIELD(mus_state_info, phase);
  FIELD(mus_state_info, lance);
  FIELD(mus_state_info, to_act);
  FIELD(mus_state_info, dealer);
  FIELD(mus_state_info, mano);
  FIELD(mus_state_info, score);
  FIELD(mus_state_info, games);
  FIELD(mus_state_info, vacas);
  FIELD(mus_state_info, match_winner);
  FIELD(mus_state_info, hand_number);
  FIELD(mus_state_info, refill_due);
  FIELD(mus_state_info, reserved);

  STRUCT(mus_count_line);
  FIELD(mus_count_line, lance);
  FIELD(mus_count_line, status);
  FIELD(mus_count_line, bet_team);
  FIELD(mus_count_line, winner_team);
  FIELD(mus_count_line, winner_seat);
  FIELD(mus_count_line, stake);
  FIELD(mus_count_line, tantos);
  FIELD(mus_count_line, points);
  FIELD(mus_count_line, counted);
  FIELD(mus_count_line, reserved);

  STRUCT(mus_count);
  FIELD(mus_count, struct_size);
  FIELD(mus_count, number);
  FIELD(mus_count, dealer);
  FIELD(mus_count, mano);
  FIELD(mus_count, end);
  FIELD(mus_count, game_winner);
  FIELD(mus_count, score_before);
  FIELD(mus_count, score_after);
  FIELD(mus_count, lines);
  FIELD(mus_count, shown);
  FIELD(mus_count, reserved);

  STRUCT(mus_view);
  FIELD(mus_view, struct_size);
  FIELD(mus_view, seat);
  FIELD(mus_view, phase);
  FIELD(mus_view, lance);
  FIELD(mus_view, to_act);
  FIELD(mus_view, dealer);
  FIELD(mus_view, mano);
  FIELD(mus_view, hand);
  FIELD(mus_view, score);
  FIELD(mus_view, games);
  FIELD(mus_view, vacas);
  FIELD(mus_view, match_winner);
  FIELD(mus_view, hand_number);
  FIELD(mus_view, stock_count);
  FIELD(mus_view, pile_count);
  FIELD(mus_view, pares_declared);
  FIELD(mus_view, pares_mask);
  FIELD(mus_view, juego_declared);
  FIELD(mus_view, juego_mask);
  FIELD(mus_view, perete_mask);
  FIELD(mus_view, signals);
  FIELD(mus_view, bet_open);
  FIELD(mus_view, bet_is_ordago);
  FIELD(mus_view, bet_team);
  FIELD(mus_view, stake_before);
  FIELD(mus_view, proposed);
  FIELD(mus_view, lances);
  FIELD(mus_view, proposal);
  FIELD(mus_view, proposer);
  FIELD(mus_view, proposal_amount);
  FIELD(mus_view, last_shown);
  FIELD(mus_view, reserved);

  STRUCT(mus_event);
  FIELD(mus_event, kind);
  FIELD(mus_event, seat);
  FIELD(mus_event, team);
  FIELD(mus_event, lance);
  FIELD(mus_event, amount);
  FIELD(mus_event, value);
  FIELD(mus_event, reserved);

  STRUCT(mus_step_info);
  FIELD(mus_step_info, struct_size);
  FIELD(mus_step_info, phase);
  FIELD(mus_step_info, to_act);
  FIELD(mus_step_info, hand_over);
  FIELD(mus_step_info, match_winner);
  FIELD(mus_step_info, points);
  FIELD(mus_step_info, game_winner);
  FIELD(mus_step_info, legal_mask);

  STRUCT(mus_bot_config);
  FIELD(mus_bot_config, struct_size);
  FIELD(mus_bot_config, kind);
  FIELD(mus_bot_config, playouts);
  FIELD(mus_bot_config, time_ms);
  FIELD(mus_bot_config, reserved);
}

/* Every integer constant of mus.h but MUS_VERSION_MINOR and _PATCH (which change with each
   release). compare_layout.cmake fails when the header defines one that is not listed here. */
static void constants(void) {
  CONST(MUS_VERSION_MAJOR);

  CONST(MUS_OK);
  CONST(MUS_E_INVALID_ARGUMENT);
  CONST(MUS_E_PARSE);
  CONST(MUS_E_BUFFER_TOO_SMALL);
  CONST(MUS_E_INVALID_RULES);
  CONST(MUS_E_INVALID_CARDS);
  CONST(MUS_E_WRONG_PHASE);
  CONST(MUS_E_NOT_YOUR_TURN);
  CONST(MUS_E_ILLEGAL_ACTION);
  CONST(MUS_E_BET_TOO_SMALL);
  CONST(MUS_E_CARD_NOT_IN_HAND);
  CONST(MUS_E_BAD_SHUFFLE);
  CONST(MUS_E_MATCH_OVER);
  CONST(MUS_E_FALSE_SIGNAL);
  CONST(MUS_E_INVALID_STATE);
  CONST(MUS_E_INTERNAL);
  CONST(MUS_E_NO_ACTION_ID);
  CONST(MUS_E_SIGNAL_NOT_IN_SET);

  CONST(MUS_LANCE_GRANDE);
  CONST(MUS_LANCE_CHICA);
  CONST(MUS_LANCE_PARES);
  CONST(MUS_LANCE_JUEGO);
  CONST(MUS_LANCE_PUNTO);

  CONST(MUS_ROYAL31_OFF);
  CONST(MUS_ROYAL31_JACK777);
  CONST(MUS_ROYAL31_FIGURE777);
  CONST(MUS_ROYAL31_JACK777_OTHER_SUITS);
  CONST(MUS_ROYAL31_JACK_OF_COINS777);
  CONST(MUS_ROYAL31_JACK_OF_COINS_ANY777);
  CONST(MUS_CORRIDO_OFF);
  CONST(MUS_CORRIDO_MATCH);
  CONST(MUS_CORRIDO_GAME);
  CONST(MUS_ANSWERS_FIRST);
  CONST(MUS_ANSWERS_PROPOSAL);
  CONST(MUS_SIGNALS_FULL);
  CONST(MUS_SIGNALS_ONLINE);
  CONST(MUS_SIGNALS_OFF);

  CONST(MUS_PHASE_SHUFFLE);
  CONST(MUS_PHASE_MUS);
  CONST(MUS_PHASE_DISCARD);
  CONST(MUS_PHASE_BETTING);
  CONST(MUS_PHASE_MATCH_OVER);
  CONST(MUS_PHASE_PERETE);

  CONST(MUS_ACTION_SHUFFLE);
  CONST(MUS_ACTION_MUS);
  CONST(MUS_ACTION_CUT);
  CONST(MUS_ACTION_DISCARD);
  CONST(MUS_ACTION_PASS);
  CONST(MUS_ACTION_BET);
  CONST(MUS_ACTION_ORDAGO);
  CONST(MUS_ACTION_ACCEPT);
  CONST(MUS_ACTION_REJECT);
  CONST(MUS_ACTION_SIGNAL);
  CONST(MUS_ACTION_PERETE);

  CONST(MUS_SIGNAL_TWO_KINGS);
  CONST(MUS_SIGNAL_THREE_KINGS);
  CONST(MUS_SIGNAL_TWO_ACES);
  CONST(MUS_SIGNAL_THREE_ACES);
  CONST(MUS_SIGNAL_PAREJA);
  CONST(MUS_SIGNAL_MEDIAS);
  CONST(MUS_SIGNAL_DUPLES);
  CONST(MUS_SIGNAL_JUEGO_31);
  CONST(MUS_SIGNAL_PUNTO_30);
  CONST(MUS_SIGNAL_PUNTO_29);
  CONST(MUS_SIGNAL_PUNTO_28);
  CONST(MUS_SIGNAL_CIEGO);
  CONST(MUS_SIGNAL_REAL_31);
  CONST(MUS_SIGNAL_SOLOMILLO);
  CONST(MUS_SIGNAL_NEED_MUS);

  CONST(MUS_STATE_SIZE);

  CONST(MUS_LANCE_STATUS_PENDING);
  CONST(MUS_LANCE_STATUS_SKIPPED);
  CONST(MUS_LANCE_STATUS_ONE_TEAM);
  CONST(MUS_LANCE_STATUS_EN_PASO);
  CONST(MUS_LANCE_STATUS_ACCEPTED);
  CONST(MUS_LANCE_STATUS_REFUSED);
  CONST(MUS_LANCE_STATUS_ORDAGO);

  CONST(MUS_END_NONE);
  CONST(MUS_END_COUNT);
  CONST(MUS_END_DEJE);
  CONST(MUS_END_ORDAGO);

  CONST(MUS_EVENT_DEAL);
  CONST(MUS_EVENT_REFILL);
  CONST(MUS_EVENT_MUS);
  CONST(MUS_EVENT_CUT);
  CONST(MUS_EVENT_DISCARD);
  CONST(MUS_EVENT_REPLACE);
  CONST(MUS_EVENT_PERETE);
  CONST(MUS_EVENT_SIGNAL);
  CONST(MUS_EVENT_DECLARE_PARES);
  CONST(MUS_EVENT_DECLARE_JUEGO);
  CONST(MUS_EVENT_LANCE_START);
  CONST(MUS_EVENT_PASS);
  CONST(MUS_EVENT_BET);
  CONST(MUS_EVENT_ORDAGO);
  CONST(MUS_EVENT_ACCEPT);
  CONST(MUS_EVENT_REJECT);
  CONST(MUS_EVENT_DEJE);
  CONST(MUS_EVENT_EN_PASO);
  CONST(MUS_EVENT_SHOWDOWN);
  CONST(MUS_EVENT_COUNT);
  CONST(MUS_EVENT_GAME);
  CONST(MUS_EVENT_VACA);
  CONST(MUS_EVENT_MATCH);
  CONST(MUS_EVENT_PROPOSE);
  CONST(MUS_EVENT_AGREE);

  CONST(MUS_MAX_EVENTS);

  CONST(MUS_ACTION_ID_COUNT);
  CONST(MUS_ACTION_ID_SHUFFLE);
  CONST(MUS_ACTION_ID_MUS);
  CONST(MUS_ACTION_ID_CUT);
  CONST(MUS_ACTION_ID_DISCARD);
  CONST(MUS_ACTION_ID_PASS);
  CONST(MUS_ACTION_ID_BET);
  CONST(MUS_ACTION_ID_ORDAGO);
  CONST(MUS_ACTION_ID_ACCEPT);
  CONST(MUS_ACTION_ID_REJECT);
  CONST(MUS_ACTION_ID_SIGNAL);
  CONST(MUS_ACTION_ID_PERETE);
  CONST(MUS_BET_LADDER_SIZE);
  CONST(MUS_MAX_LEGAL_ACTIONS);

  CONST(MUS_STATE_TEXT_MAX);
  CONST(MUS_ACTION_TEXT_MAX);

  CONST(MUS_BOT_RANDOM);
  CONST(MUS_BOT_HEURISTIC);
  CONST(MUS_BOT_SEARCH);
  CONST(MUS_PLAYOUT_HAND);
  CONST(MUS_PLAYOUT_MATCH);
  CONST(MUS_VIEW_TENSOR_SIZE);
  CONST(MUS_TENSOR_OFF_CARDS);
  CONST(MUS_TENSOR_OFF_DEALER);
  CONST(MUS_TENSOR_OFF_MANO);
  CONST(MUS_TENSOR_OFF_TO_ACT);
  CONST(MUS_TENSOR_OFF_PHASE);
  CONST(MUS_TENSOR_OFF_LANCE);
  CONST(MUS_TENSOR_OFF_DECK);
  CONST(MUS_TENSOR_OFF_ROUND);
  CONST(MUS_TENSOR_OFF_DECLARED);
  CONST(MUS_TENSOR_OFF_PARES);
  CONST(MUS_TENSOR_OFF_JUEGO);
  CONST(MUS_TENSOR_OFF_PERETE);
  CONST(MUS_TENSOR_OFF_SIGNALS);
  CONST(MUS_TENSOR_OFF_BET);
  CONST(MUS_TENSOR_OFF_LANCES);
  CONST(MUS_TENSOR_OFF_SCORES);
}

/* Every function of mus.h, in the header's order. compare_layout.cmake fails when the header
   declares a MUS_API function that is not listed here. */
static void functions(void) {
  FUNC(mus_version, uint32_t, (void));
  FUNC(mus_version_string, const char*, (void));
  FUNC(mus_status_string, const char*, (int32_t));
  FUNC(mus_last_error, const char*, (void));
  FUNC(mus_rules_preset, int32_t, (mus_rules*, const char*));
  FUNC(mus_rules_parse, int32_t, (mus_rules*, const char*));
  FUNC(mus_rules_format, int32_t, (const mus_rules*, char*, size_t, size_t*));
  FUNC(mus_hand_parse, int32_t, (const char*, uint8_t*));
  FUNC(mus_hand_format, int32_t, (const uint8_t*, char*, size_t, size_t*));
  FUNC(mus_card_parse, int32_t, (const char*, uint8_t*));
  FUNC(mus_card_format, int32_t, (uint8_t, char*, size_t, size_t*));
  FUNC(mus_rules_validate, int32_t, (const mus_rules*));
  FUNC(mus_lance_winner, int32_t, (const mus_rules*, int32_t, const uint8_t*, int32_t, int32_t*));
  FUNC(mus_hand_tantos, int32_t, (const mus_rules*, int32_t, const uint8_t*, int32_t*));
  FUNC(mus_hand_value, int32_t, (const mus_rules*, const uint8_t*, int32_t*));
  FUNC(mus_state_size, size_t, (void));
  FUNC(mus_state_new, int32_t, (const mus_rules*, int32_t, mus_state*));
  FUNC(mus_apply, int32_t, (const mus_state*, const mus_action*, mus_state*));
  FUNC(mus_apply_events, int32_t,
       (const mus_state*, const mus_action*, mus_state*, mus_event*, size_t, size_t*));
  FUNC(mus_legal_actions, int32_t, (const mus_state*, mus_action*, size_t, size_t*));
  FUNC(mus_legal_mask, int32_t, (const mus_state*, uint64_t*));
  FUNC(mus_legal_action_ids, int32_t, (const mus_state*, int32_t*, size_t, size_t*));
  FUNC(mus_action_id, int32_t, (const mus_state*, const mus_action*, int32_t*));
  FUNC(mus_action_from_id, int32_t, (const mus_state*, int32_t, mus_action*));
  FUNC(mus_apply_id, int32_t, (const mus_state*, int32_t, uint64_t, mus_state*));
  FUNC(mus_bet_ladder, int32_t, (int32_t, int32_t*));
  FUNC(mus_state_info_get, int32_t, (const mus_state*, mus_state_info*));
  FUNC(mus_state_hand, int32_t, (const mus_state*, int32_t, uint8_t*));
  FUNC(mus_state_view, int32_t, (const mus_state*, int32_t, mus_view*));
  FUNC(mus_state_last_count, int32_t, (const mus_state*, mus_count*));
  FUNC(mus_state_rules, int32_t, (const mus_state*, mus_rules*));
  FUNC(mus_state_validate, int32_t, (const mus_state*));
  FUNC(mus_bet_limits, int32_t, (const mus_state*, int32_t*, int32_t*));
  FUNC(mus_stacked_deal, int32_t, (const uint8_t*, int32_t, const uint8_t*, size_t, mus_action*));
  FUNC(mus_seeded_order, int32_t, (uint8_t*, size_t, uint64_t));
  FUNC(mus_signal_true, int32_t, (const mus_rules*, int32_t, const uint8_t*, int32_t*));
  FUNC(mus_action_format, int32_t, (const mus_action*, char*, size_t, size_t*));
  FUNC(mus_action_parse, int32_t, (const char*, mus_action*, int32_t*));
  FUNC(mus_state_format, int32_t, (const mus_state*, char*, size_t, size_t*));
  FUNC(mus_state_parse, int32_t, (const char*, mus_state*, int32_t*));
  FUNC(mus_view_format, int32_t, (const mus_state*, int32_t, char*, size_t, size_t*));
  FUNC(mus_view_parse, int32_t, (const char*, mus_view*, int32_t*));
  FUNC(mus_step, int32_t, (const mus_state*, int32_t, uint64_t, mus_state*, mus_step_info*));
  FUNC(mus_bot_config_default, int32_t, (int32_t, mus_bot_config*));
  FUNC(mus_bot_choose, int32_t,
       (const mus_state*, int32_t, const mus_bot_config*, uint64_t, int32_t*));
  FUNC(mus_bot_evaluate, int32_t,
       (const mus_state*, int32_t, const mus_bot_config*, uint64_t, double*, size_t, uint64_t*));
  FUNC(mus_playouts, int32_t,
       (const mus_state*, const mus_bot_config*, uint64_t, uint64_t, int32_t, int32_t, int32_t*));
  FUNC(mus_view_tensor, int32_t, (const mus_state*, int32_t, float*, size_t));
}

int main(void) {
  if (mus_state_size() != sizeof(mus_state)) {
    fprintf(stderr, "mus_state_size() is %lu but sizeof(mus_state) is %lu\n",
            (unsigned long)mus_state_size(), (unsigned long)sizeof(mus_state));
    return 1;
  }
  structs();
  constants();
  functions();
  return 0;
}
