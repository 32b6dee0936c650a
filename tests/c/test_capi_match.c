/*
 * The C99 test of the match reducer through the C API: whole matches played with random
 * legal actions (checking invariants at every step), a scripted hand with a stacked deck
 * whose outcome is worked out by hand from rules.md, and every error path of the reducer
 * functions.
 *
 * Ends with the line "N passed, M failed"; exits non-zero when anything failed.
 */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "mus/mus.h"

#include "check.h"
/* After check.h: */
#include "capi_test_util.h"

static uint32_t rnd_below(uint32_t n) { return (uint32_t)(rnd() % n); }

/* Every card exactly once among the hands, and the rest in stock and pile (R15). */
static void check_cards(const mus_state* s) {
  uint64_t seen = 0;
  int in_hands = 0;
  int seat;
  int bad = 0;
  mus_view v;
  for (seat = 0; seat < 4; ++seat) {
    uint8_t h[4];
    int i;
    CHECK_EQ(mus_state_hand(s, seat, h), MUS_OK);
    for (i = 0; i < 4; ++i) {
      if (h[i] == 255) continue;
      if (h[i] >= 40 || ((seen >> h[i]) & 1u)) bad = 1;
      seen |= (uint64_t)1 << h[i];
      ++in_hands;
    }
  }
  CHECK(!bad);
  memset(&v, 0, sizeof v);
  v.struct_size = sizeof v;
  CHECK_EQ(mus_state_view(s, 0, &v), MUS_OK);
  CHECK_EQ(in_hands + v.stock_count + v.pile_count, 40);
}

/* No seat's view holds another seat's cards. */
static void check_views(const mus_state* s) {
  int seat;
  for (seat = 0; seat < 4; ++seat) {
    mus_view v;
    uint8_t own[4];
    int i;
    memset(&v, 0, sizeof v);
    v.struct_size = sizeof v;
    CHECK_EQ(mus_state_view(s, seat, &v), MUS_OK);
    CHECK_EQ(mus_state_hand(s, seat, own), MUS_OK);
    for (i = 0; i < 4; ++i)
      if (v.hand[i] != own[i]) CHECK_EQ(v.hand[i], own[i]);
  }
}

/* The id path agrees with the list: the mask, the ids, mus_action_id and mus_action_from_id
   name the listed actions, in increasing id order. */
static void check_ids(const mus_state* s, const mus_action* legal, size_t n) {
  uint64_t mask = 0;
  int32_t ids[MUS_MAX_LEGAL_ACTIONS];
  size_t nids = 0, i;
  int32_t previous = -1;
  CHECK_EQ(mus_legal_mask(s, &mask), MUS_OK);
  CHECK_EQ(mus_legal_action_ids(s, ids, MUS_MAX_LEGAL_ACTIONS, &nids), MUS_OK);
  CHECK_EQ(nids, n);
  for (i = 0; i < n && i < nids; ++i) {
    int32_t id = -1;
    mus_action back;
    CHECK_EQ(mus_action_id(s, &legal[i], &id), MUS_OK);
    CHECK_EQ(id, ids[i]);
    CHECK(id > previous);
    CHECK((mask >> id) & 1u);
    previous = id;
    memset(&back, 0xAB, sizeof back);
    CHECK_EQ(mus_action_from_id(s, id, &back), MUS_OK);
    CHECK(memcmp(&back, &legal[i], sizeof back) == 0);
  }
}

static void play_random_matches(const char* rules_text, int matches) {
  mus_rules rules;
  int m;
  CHECK_EQ(mus_rules_parse(&rules, rules_text), MUS_OK);
  for (m = 0; m < matches; ++m) {
    mus_state s;
    int steps = 0;
    CHECK_EQ(mus_state_new(&rules, m % 4, &s), MUS_OK);
    for (;;) {
      mus_action legal[MUS_MAX_LEGAL_ACTIONS];
      size_t n = 0;
      mus_state before, after;
      mus_action a, wrong;
      mus_event events[MUS_MAX_EVENTS];
      size_t nev = 0;
      mus_state_info info = info_of(&s);
      CHECK_EQ(mus_legal_actions(&s, legal, MUS_MAX_LEGAL_ACTIONS, &n), MUS_OK);
      check_ids(&s, legal, n);
      if (info.phase == MUS_PHASE_MATCH_OVER) {
        CHECK_EQ(n, 0);
        CHECK(info.match_winner == 0 || info.match_winner == 1);
        break;
      }
      CHECK(n >= 1);
      if (n == 0) break;
      CHECK(info.score[0] < rules.target || !rules.deje_ends);
      a = legal[rnd_below((uint32_t)n)];
      if (a.kind == MUS_ACTION_SHUFFLE) a.seed = rnd(); /* chance: the caller's seed (R12) */
      /* A wrong seat is refused and nothing changes. */
      if (a.kind != MUS_ACTION_SHUFFLE && a.kind != MUS_ACTION_SIGNAL) {
        wrong = a;
        wrong.seat = (a.seat + 1) % 4;
        memcpy(&before, &s, sizeof s);
        memcpy(&after, &s, sizeof s);
        CHECK_EQ(mus_apply(&s, &wrong, &after), MUS_E_NOT_YOUR_TURN);
        CHECK(memcmp(&before, &after, sizeof s) == 0);
      }
      CHECK_EQ(mus_apply_events(&s, &a, &s, events, MUS_MAX_EVENTS, &nev), MUS_OK);
      CHECK(nev <= MUS_MAX_EVENTS);
      CHECK_EQ(mus_state_validate(&s), MUS_OK);
      check_cards(&s);
      if ((steps & 7) == 0) check_views(&s);
      if (++steps > 200000) {
        CHECK(!"match did not end");
        break;
      }
    }
  }
}

/* R26's worked example through the C API: A bets 2, B raises to 5, A raises to 20, B refuses
   -> A scores 5 at once. Seat 1 is mano (dealer 0). */
static void scripted_deje(void) {
  mus_rules rules;
  mus_state s;
  mus_action a;
  mus_state_info info;
  mus_count count;
  /* Hands chosen so nobody has pares or juego (every hand is worth 22): grande, chica and
     punto are played, pares is skipped. */
  const char* texts[4] = {"Ko 6c 5e Ab", "Qo 7c 4e Ac", "Jo 6e 5b Ae", "7o 6b 4c 5c"};
  uint8_t hands[16];
  int seat;
  CHECK_EQ(mus_rules_preset(&rules, "standard"), MUS_OK);
  CHECK_EQ(mus_state_new(&rules, 0, &s), MUS_OK);
  for (seat = 0; seat < 4; ++seat) CHECK_EQ(mus_hand_parse(texts[seat], hands + 4 * seat), MUS_OK);
  CHECK_EQ(mus_action_from_deal(hands, 1, NULL, 0, &a), MUS_OK);
  CHECK_EQ(mus_apply(&s, &a, &s), MUS_OK);
  for (seat = 0; seat < 4; ++seat) {
    uint8_t h[4];
    CHECK_EQ(mus_state_hand(&s, seat, h), MUS_OK);
    CHECK(memcmp(h, hands + 4 * seat, 4) == 0);
  }
  info = info_of(&s);
  CHECK_EQ(info.phase, MUS_PHASE_MUS);
  CHECK_EQ(info.to_act, 1);
  memset(&a, 0, sizeof a);
  a.kind = MUS_ACTION_CUT;
  a.seat = 1;
  CHECK_EQ(mus_apply(&s, &a, &s), MUS_OK);
  info = info_of(&s);
  CHECK_EQ(info.phase, MUS_PHASE_BETTING);
  CHECK_EQ(info.lance, MUS_LANCE_GRANDE);
  CHECK_EQ(info.to_act, 1);
  /* Seat 1 (team 1) bets 2; seat 2 (team 0, first opponent after 1) raises 3 more (to 5);
     seat 3 (team 1) raises 15 more (to 20); seat 0 rejects, seat 2 rejects: team 1 scores 5. */
  a.kind = MUS_ACTION_BET;
  a.seat = 1;
  a.amount = 2;
  CHECK_EQ(mus_apply(&s, &a, &s), MUS_OK);
  CHECK_EQ(info_of(&s).to_act, 2);
  a.seat = 2;
  a.amount = 3;
  CHECK_EQ(mus_apply(&s, &a, &s), MUS_OK);
  CHECK_EQ(info_of(&s).to_act, 3);
  a.seat = 3;
  a.amount = 15;
  CHECK_EQ(mus_apply(&s, &a, &s), MUS_OK);
  CHECK_EQ(info_of(&s).to_act, 0);
  a.kind = MUS_ACTION_REJECT;
  a.seat = 0;
  a.amount = 0;
  CHECK_EQ(mus_apply(&s, &a, &s), MUS_OK);
  CHECK_EQ(info_of(&s).to_act, 2);
  a.seat = 2;
  CHECK_EQ(mus_apply(&s, &a, &s), MUS_OK);
  info = info_of(&s);
  CHECK_EQ(info.score[1], 5);
  CHECK_EQ(info.score[0], 0);
  CHECK_EQ(info.lance, MUS_LANCE_CHICA);
  /* Everyone passes chica and punto: nobody has pares or juego. */
  while (info_of(&s).phase == MUS_PHASE_BETTING) {
    a.kind = MUS_ACTION_PASS;
    a.seat = info_of(&s).to_act;
    CHECK_EQ(mus_apply(&s, &a, &s), MUS_OK);
  }
  memset(&count, 0, sizeof count);
  count.struct_size = sizeof count;
  CHECK_EQ(mus_state_last_count(&s, &count), MUS_OK);
  CHECK_EQ(count.number, 1);
  CHECK_EQ(count.end, MUS_END_COUNT);
  CHECK_EQ(count.lines[0].status, MUS_LANCE_STATUS_REFUSED);
  CHECK_EQ(count.lines[0].stake, 5);
  CHECK_EQ(count.lines[0].points, 0); /* grande refused: the deje was all (R28) */
  CHECK_EQ(count.lines[1].status, MUS_LANCE_STATUS_EN_PASO);
  CHECK_EQ(count.lines[1].points, 1);
  CHECK_EQ(count.lines[2].status, MUS_LANCE_STATUS_SKIPPED);
  CHECK_EQ(count.lines[3].lance, MUS_LANCE_PUNTO);
  CHECK_EQ(count.lines[3].points, 1);
  /* Chica: lowest cards, A 4 5 7 (seat 3 has 4 5 6 7; seat 1 A 4 7 Q; seat 0 A 5 6 K; seat 2
     A 5 6 J): seat 1's A 4 7 Q is lowest card by card -> team 1. Punto: values 22 (seat 0), 22
     (seat 1), 22 (seat 2), 22 (seat 3): all equal, mano (seat 1) wins -> team 1. */
  CHECK_EQ(count.lines[1].winner_seat, 1);
  CHECK_EQ(count.lines[3].winner_seat, 1);
  info = info_of(&s);
  CHECK_EQ(info.score[1], 7);
  CHECK_EQ(info.phase, MUS_PHASE_SHUFFLE);
  CHECK_EQ(info.dealer, 1); /* R10: the mano deals next */
  CHECK_EQ(info.mano, 2);
}

/* The action-id functions' error paths, from a new match (a shuffle is due). */
static void id_error_paths(const mus_state* fresh) {
  uint64_t mask = 0;
  int32_t ids[2], id = -1, amount = 0;
  size_t n = 0;
  mus_action a;
  mus_state s, bad;
  CHECK_EQ(mus_legal_mask(fresh, &mask), MUS_OK);
  CHECK_EQ(mask, 1);
  CHECK_EQ(mus_legal_mask(fresh, NULL), MUS_E_INVALID_ARGUMENT);
  CHECK_EQ(mus_legal_mask(NULL, &mask), MUS_E_INVALID_ARGUMENT);
  CHECK_EQ(mus_legal_action_ids(fresh, NULL, 0, &n), MUS_E_BUFFER_TOO_SMALL);
  CHECK_EQ(n, 1);
  CHECK_EQ(mus_legal_action_ids(fresh, NULL, 2, &n), MUS_E_INVALID_ARGUMENT);
  CHECK_EQ(mus_legal_action_ids(fresh, ids, 2, NULL), MUS_OK);
  CHECK_EQ(ids[0], MUS_ACTION_ID_SHUFFLE);
  CHECK_EQ(mus_action_from_id(fresh, MUS_ACTION_ID_COUNT, &a), MUS_E_INVALID_ARGUMENT);
  CHECK_EQ(mus_action_from_id(fresh, -1, &a), MUS_E_INVALID_ARGUMENT);
  CHECK_EQ(mus_action_from_id(fresh, MUS_ACTION_ID_MUS, &a), MUS_E_WRONG_PHASE);
  CHECK_EQ(mus_action_from_id(fresh, MUS_ACTION_ID_SHUFFLE, NULL), MUS_E_INVALID_ARGUMENT);
  CHECK_EQ(mus_action_from_id(fresh, MUS_ACTION_ID_SHUFFLE, &a), MUS_OK);
  CHECK_EQ(a.kind, MUS_ACTION_SHUFFLE);
  CHECK_EQ(mus_action_id(fresh, &a, NULL), MUS_E_INVALID_ARGUMENT);
  CHECK_EQ(mus_action_id(fresh, NULL, &id), MUS_E_INVALID_ARGUMENT);
  CHECK_EQ(mus_action_id(fresh, &a, &id), MUS_OK);
  CHECK_EQ(id, MUS_ACTION_ID_SHUFFLE);
  memset(&a, 0, sizeof a);
  a.kind = MUS_ACTION_BET;
  a.seat = 1;
  a.amount = 11; /* not on the ladder */
  CHECK_EQ(mus_action_id(fresh, &a, &id), MUS_E_NO_ACTION_ID);
  a.amount = 40;
  CHECK_EQ(mus_action_id(fresh, &a, &id), MUS_OK);
  CHECK_EQ(id, MUS_ACTION_ID_BET + 15);
  CHECK_EQ(mus_bet_ladder(15, &amount), MUS_OK);
  CHECK_EQ(amount, 40);
  CHECK_EQ(mus_bet_ladder(MUS_BET_LADDER_SIZE, &amount), MUS_E_INVALID_ARGUMENT);
  CHECK_EQ(mus_bet_ladder(-1, &amount), MUS_E_INVALID_ARGUMENT);
  CHECK_EQ(mus_bet_ladder(0, NULL), MUS_E_INVALID_ARGUMENT);
  /* apply by id: a seed deals; an error leaves out untouched; a forged state is refused. */
  memcpy(&s, fresh, sizeof s);
  CHECK_EQ(mus_apply_id(fresh, MUS_ACTION_ID_MUS, 1, &s), MUS_E_WRONG_PHASE);
  CHECK(memcmp(&s, fresh, sizeof s) == 0);
  CHECK_EQ(mus_apply_id(fresh, MUS_ACTION_ID_SHUFFLE, 1, NULL), MUS_E_INVALID_ARGUMENT);
  CHECK_EQ(mus_apply_id(fresh, MUS_ACTION_ID_SHUFFLE, 7, &s), MUS_OK);
  CHECK_EQ(info_of(&s).phase, MUS_PHASE_MUS);
  CHECK_EQ(info_of(&s).hand_number, 1);
  CHECK_EQ(info_of(&s).refill_due, 0);
  memcpy(&bad, fresh, sizeof bad);
  bad.opaque[0] ^= 0xFFu;
  CHECK_EQ(mus_legal_mask(&bad, &mask), MUS_E_INVALID_STATE);
  CHECK_EQ(mus_legal_action_ids(&bad, ids, 2, &n), MUS_E_INVALID_STATE);
  CHECK_EQ(mus_action_from_id(&bad, 0, &a), MUS_E_INVALID_STATE);
  CHECK_EQ(mus_apply_id(&bad, 0, 1, &s), MUS_E_INVALID_STATE);
}

static void error_paths(void) {
  mus_rules rules;
  mus_state s, copy;
  mus_action a, buf[MUS_MAX_LEGAL_ACTIONS];
  size_t n = 99;
  int32_t lo, hi, out;
  mus_state_info info;
  mus_view view;
  mus_count count;
  uint8_t cards[40];
  uint8_t hand[4];
  int i;
  CHECK_EQ(mus_state_size(), sizeof(mus_state));
  CHECK_EQ(mus_state_size(), MUS_STATE_SIZE);
  CHECK_EQ(mus_rules_preset(&rules, NULL), MUS_OK);
  CHECK_EQ(mus_state_new(NULL, 0, &s), MUS_E_INVALID_ARGUMENT);
  CHECK_EQ(mus_state_new(&rules, 4, &s), MUS_E_INVALID_ARGUMENT);
  CHECK_EQ(mus_state_new(&rules, -1, &s), MUS_E_INVALID_ARGUMENT);
  CHECK_EQ(mus_state_new(&rules, 0, NULL), MUS_E_INVALID_ARGUMENT);
  rules.target = 0;
  CHECK_EQ(mus_state_new(&rules, 0, &s), MUS_E_INVALID_RULES);
  rules.target = 40;
  CHECK_EQ(mus_state_new(&rules, 0, &s), MUS_OK);
  CHECK_EQ(mus_state_validate(&s), MUS_OK);
  CHECK_EQ(mus_state_validate(NULL), MUS_E_INVALID_ARGUMENT);

  /* Legal actions: a shuffle is due; a too small buffer writes nothing but the count. */
  CHECK_EQ(mus_legal_actions(&s, buf, MUS_MAX_LEGAL_ACTIONS, &n), MUS_OK);
  CHECK_EQ(n, 1);
  CHECK_EQ(buf[0].kind, MUS_ACTION_SHUFFLE);
  CHECK_EQ(buf[0].seat, -1);
  n = 0;
  CHECK_EQ(mus_legal_actions(&s, NULL, 0, &n), MUS_E_BUFFER_TOO_SMALL);
  CHECK_EQ(n, 1);
  CHECK_EQ(mus_legal_actions(&s, NULL, 3, &n), MUS_E_INVALID_ARGUMENT);
  CHECK_EQ(mus_legal_actions(NULL, buf, MUS_MAX_LEGAL_ACTIONS, &n), MUS_E_INVALID_ARGUMENT);
  id_error_paths(&s);

  /* Actions refused with the state unchanged. */
  memcpy(&copy, &s, sizeof s);
  memset(&a, 0, sizeof a);
  a.kind = 0;
  CHECK_EQ(mus_apply(&s, &a, &s), MUS_E_INVALID_ARGUMENT);
  a.kind = 12;
  CHECK_EQ(mus_apply(&s, &a, &s), MUS_E_INVALID_ARGUMENT);
  a.kind = MUS_ACTION_MUS;
  a.seat = 0;
  CHECK_EQ(mus_apply(&s, &a, &s), MUS_E_WRONG_PHASE);
  a.seat = 7;
  CHECK_EQ(mus_apply(&s, &a, &s), MUS_E_INVALID_ARGUMENT);
  a.kind = MUS_ACTION_SHUFFLE;
  a.seat = -1;
  a.amount = 39;
  CHECK_EQ(mus_apply(&s, &a, &s), MUS_E_BAD_SHUFFLE);
  a.amount = 41;
  CHECK_EQ(mus_apply(&s, &a, &s), MUS_E_BAD_SHUFFLE);
  a.amount = 40;
  for (i = 0; i < 40; ++i) a.order[i] = (uint8_t)i;
  a.order[5] = 6; /* 6 twice, 5 missing */
  CHECK_EQ(mus_apply(&s, &a, &s), MUS_E_BAD_SHUFFLE);
  a.order[5] = 40;
  CHECK_EQ(mus_apply(&s, &a, &s), MUS_E_BAD_SHUFFLE);
  a.order[5] = 5;
  a.reserved[2] = 1;
  CHECK_EQ(mus_apply(&s, &a, &s), MUS_E_INVALID_ARGUMENT);
  a.reserved[2] = 0;
  a.seat = 0;
  CHECK_EQ(mus_apply(&s, &a, &s), MUS_E_INVALID_ARGUMENT);
  CHECK(memcmp(&copy, &s, sizeof s) == 0);
  a.seat = -1;
  CHECK_EQ(mus_apply(NULL, &a, &s), MUS_E_INVALID_ARGUMENT);
  CHECK_EQ(mus_apply(&s, NULL, &s), MUS_E_INVALID_ARGUMENT);
  CHECK_EQ(mus_apply(&s, &a, NULL), MUS_E_INVALID_ARGUMENT);
  CHECK_EQ(mus_apply_events(&s, &a, &copy, NULL, 5, NULL), MUS_E_INVALID_ARGUMENT);
  {
    mus_event ev[1];
    size_t nev = 0;
    memcpy(&copy, &s, sizeof s);
    /* The deal reports more than one event: too small, and the state stays as it was. */
    CHECK_EQ(mus_apply_events(&s, &a, &copy, ev, 0, &nev), MUS_E_BUFFER_TOO_SMALL);
    CHECK(nev >= 1);
    CHECK(memcmp(&copy, &s, sizeof s) == 0);
  }
  CHECK_EQ(mus_apply(&s, &a, &s), MUS_OK); /* the ordered deck deals */
  CHECK_EQ(mus_state_hand(&s, 1, hand), MUS_OK);
  /* R11: mano is seat 1 (dealer 0): d[0], d[4], d[8], d[12] -> 0, 4, 8, 12. */
  CHECK_EQ(hand[0], 0);
  CHECK_EQ(hand[1], 4);
  CHECK_EQ(hand[2], 8);
  CHECK_EQ(hand[3], 12);
  CHECK_EQ(mus_state_hand(&s, 0, hand), MUS_OK); /* the dealer gets d[3], d[7], ... */
  CHECK_EQ(hand[0], 3);
  CHECK_EQ(hand[3], 15);
  CHECK_EQ(mus_state_hand(&s, 4, hand), MUS_E_INVALID_ARGUMENT);
  CHECK_EQ(mus_state_hand(&s, 0, NULL), MUS_E_INVALID_ARGUMENT);

  /* A forged state: wrong tag, or a card twice. */
  memcpy(&copy, &s, sizeof s);
  copy.opaque[0] ^= 0xFFu;
  CHECK_EQ(mus_state_validate(&copy), MUS_E_INVALID_STATE);
  CHECK_EQ(mus_apply(&copy, &a, &copy), MUS_E_INVALID_STATE);
  CHECK_EQ(mus_legal_actions(&copy, buf, MUS_MAX_LEGAL_ACTIONS, &n), MUS_E_INVALID_STATE);
  info.struct_size = sizeof info;
  CHECK_EQ(mus_state_info_get(&copy, &info), MUS_E_INVALID_STATE);
  memset(&copy, 0, sizeof copy);
  CHECK_EQ(mus_state_validate(&copy), MUS_E_INVALID_STATE);

  /* Output structs: struct_size too small is refused; a smaller (older) struct gets only its
     bytes. */
  info.struct_size = 4;
  CHECK_EQ(mus_state_info_get(&s, &info), MUS_E_INVALID_ARGUMENT);
  {
    unsigned char raw[sizeof(mus_state_info) + 8];
    mus_state_info* p = (mus_state_info*)(void*)raw;
    memset(raw, 0xAB, sizeof raw);
    p->struct_size = (uint32_t)offsetof(mus_state_info, mano);
    CHECK_EQ(mus_state_info_get(&s, p), MUS_OK);
    CHECK_EQ(p->phase, MUS_PHASE_MUS);
    CHECK_EQ(raw[offsetof(mus_state_info, mano)], 0xAB);
    CHECK_EQ(raw[sizeof raw - 1], 0xAB);
  }
  view.struct_size = sizeof view;
  CHECK_EQ(mus_state_view(&s, 4, &view), MUS_E_INVALID_ARGUMENT);
  CHECK_EQ(mus_state_view(&s, 1, NULL), MUS_E_INVALID_ARGUMENT);
  CHECK_EQ(mus_state_view(&s, 1, &view), MUS_OK);
  CHECK_EQ(view.seat, 1);
  CHECK_EQ(view.hand[1], 4);
  CHECK_EQ(view.stock_count, 24);
  count.struct_size = sizeof count;
  CHECK_EQ(mus_state_last_count(&s, &count), MUS_OK);
  CHECK_EQ(count.number, 0);
  CHECK_EQ(mus_state_last_count(&s, NULL), MUS_E_INVALID_ARGUMENT);
  {
    mus_rules back;
    CHECK_EQ(mus_state_rules(&s, &back), MUS_OK);
    CHECK_EQ(back.target, 40);
    CHECK_EQ(mus_state_rules(&s, NULL), MUS_E_INVALID_ARGUMENT);
  }

  /* Bet limits outside betting: 0 and 0. */
  CHECK_EQ(mus_bet_limits(&s, &lo, &hi), MUS_OK);
  CHECK_EQ(lo, 0);
  CHECK_EQ(hi, 0);
  CHECK_EQ(mus_bet_limits(&s, NULL, &hi), MUS_E_INVALID_ARGUMENT);

  /* The turn: seat 1 is mano. */
  memset(&a, 0, sizeof a);
  a.kind = MUS_ACTION_MUS;
  a.seat = 2;
  CHECK_EQ(mus_apply(&s, &a, &s), MUS_E_NOT_YOUR_TURN);
  a.kind = MUS_ACTION_BET;
  a.seat = 1;
  CHECK_EQ(mus_apply(&s, &a, &s), MUS_E_WRONG_PHASE);
  /* A false signal: seat 1 holds ids 0 4 8 12 = Ao 5o Qo 3c: with 8 kings, K Q 5 A, no pares. */
  a.kind = MUS_ACTION_SIGNAL;
  a.seat = 1;
  a.amount = MUS_SIGNAL_DUPLES;
  CHECK_EQ(mus_apply(&s, &a, &s), MUS_E_FALSE_SIGNAL);
  a.amount = MUS_SIGNAL_CIEGO; /* 10 + 10 + 5 + 1 = 26, no pares: ciego is true */
  CHECK_EQ(mus_apply(&s, &a, &s), MUS_OK);
  CHECK_EQ(mus_apply(&s, &a, &s), MUS_E_ILLEGAL_ACTION); /* the same signal twice */
  a.amount = MUS_SIGNAL_NEED_MUS;                        /* true, but not in the full set (R33a) */
  CHECK_EQ(mus_apply(&s, &a, &s), MUS_E_SIGNAL_NOT_IN_SET);
  a.amount = 15;
  CHECK_EQ(mus_apply(&s, &a, &s), MUS_E_INVALID_ARGUMENT);

  /* Stacked deal and seeded order. */
  for (i = 0; i < 16; ++i) cards[i] = (uint8_t)(39 - i);
  CHECK_EQ(mus_action_from_deal(cards, 0, NULL, 0, &a), MUS_OK);
  CHECK_EQ(a.kind, MUS_ACTION_SHUFFLE);
  CHECK_EQ(a.amount, 40);
  CHECK_EQ(a.order[0], 39); /* seat 0 is mano: its first card first */
  CHECK_EQ(a.order[1], 35); /* then seat 1's first card */
  CHECK_EQ(a.order[16], 0); /* the stock: the remaining cards in id order */
  cards[3] = cards[2];
  CHECK_EQ(mus_action_from_deal(cards, 0, NULL, 0, &a), MUS_E_INVALID_CARDS);
  CHECK_EQ(mus_action_from_deal(cards, 4, NULL, 0, &a), MUS_E_INVALID_ARGUMENT);
  CHECK_EQ(mus_action_from_deal(cards, 0, NULL, 3, &a), MUS_E_INVALID_ARGUMENT);
  for (i = 0; i < 40; ++i) cards[i] = (uint8_t)i;
  CHECK_EQ(mus_cards_shuffle(cards, 40, 12345u), MUS_OK);
  {
    uint64_t seen = 0;
    uint8_t again[40];
    for (i = 0; i < 40; ++i) seen |= (uint64_t)1 << cards[i];
    CHECK(seen == (((uint64_t)1 << 40) - 1));
    for (i = 0; i < 40; ++i) again[i] = (uint8_t)(39 - i); /* input order does not matter */
    CHECK_EQ(mus_cards_shuffle(again, 40, 12345u), MUS_OK);
    CHECK(memcmp(again, cards, 40) == 0);
  }
  cards[1] = cards[0];
  CHECK_EQ(mus_cards_shuffle(cards, 40, 1u), MUS_E_INVALID_CARDS);
  CHECK_EQ(mus_cards_shuffle(cards, 41, 1u), MUS_E_INVALID_ARGUMENT);
  CHECK_EQ(mus_cards_shuffle(NULL, 3, 1u), MUS_E_INVALID_ARGUMENT);

  /* Signal truth. */
  CHECK_EQ(mus_hand_parse("Ko Kc Ke Ab", hand), MUS_OK);
  CHECK_EQ(mus_signal_is_true(&rules, MUS_SIGNAL_SOLOMILLO, hand, &out), MUS_OK);
  CHECK_EQ(out, 1);
  CHECK_EQ(mus_signal_is_true(&rules, MUS_SIGNAL_TWO_KINGS, hand, &out), MUS_OK);
  CHECK_EQ(out, 0);
  CHECK_EQ(mus_signal_is_true(&rules, MUS_SIGNAL_NEED_MUS, hand, &out), MUS_OK);
  CHECK_EQ(out, 1); /* a wish: always true (R33a) */
  CHECK_EQ(mus_signal_is_true(&rules, 15, hand, &out), MUS_E_INVALID_ARGUMENT);
  hand[1] = hand[0];
  CHECK_EQ(mus_signal_is_true(&rules, 0, hand, &out), MUS_E_INVALID_CARDS);
}

/* The single-card and rules-check helpers. */
static void card_and_rules_helpers(void) {
  uint8_t id = 77;
  char buf[3];
  size_t len = 0;
  mus_rules rules;
  int i;
  CHECK_EQ(mus_card_parse("Ko", &id), MUS_OK);
  CHECK_EQ(id, 9); /* R3: rey de oros */
  CHECK_EQ(mus_card_parse("  ab ", &id), MUS_OK);
  CHECK_EQ(id, 30); /* as de bastos, lower case accepted (R2) */
  CHECK_EQ(mus_card_parse("Sc", &id), MUS_OK);
  CHECK_EQ(id, 17); /* S = sota: 1 * 10 + 7 */
  id = 77;
  CHECK_EQ(mus_card_parse("Ko 3c", &id), MUS_E_PARSE);
  CHECK_EQ(mus_card_parse("Xo", &id), MUS_E_PARSE);
  CHECK_EQ(mus_card_parse("", &id), MUS_E_PARSE);
  CHECK_EQ(id, 77);
  CHECK_EQ(mus_card_parse(NULL, &id), MUS_E_INVALID_ARGUMENT);
  CHECK_EQ(mus_card_parse("Ko", NULL), MUS_E_INVALID_ARGUMENT);
  for (i = 0; i < 40; ++i) {
    uint8_t back = 99;
    CHECK_EQ(mus_card_format((uint8_t)i, buf, sizeof buf, &len), MUS_OK);
    CHECK_EQ(len, 2);
    CHECK_EQ(buf[0], "A234567JQK"[i % 10]);
    CHECK_EQ(buf[1], "oceb"[i / 10]);
    CHECK_EQ(buf[2], '\0');
    CHECK_EQ(mus_card_parse(buf, &back), MUS_OK);
    CHECK_EQ(back, i);
  }
  buf[0] = 'z';
  CHECK_EQ(mus_card_format(5, buf, 2, &len), MUS_E_BUFFER_TOO_SMALL);
  CHECK_EQ(len, 2);
  CHECK_EQ(buf[0], 'z');
  CHECK_EQ(mus_card_format(40, buf, sizeof buf, &len), MUS_E_INVALID_CARDS);
  CHECK_EQ(mus_card_format(5, NULL, 3, &len), MUS_E_INVALID_ARGUMENT);
  CHECK_EQ(mus_rules_preset(&rules, "basque"), MUS_OK);
  CHECK_EQ(mus_rules_validate(&rules), MUS_OK);
  rules.kings = 6;
  CHECK_EQ(mus_rules_validate(&rules), MUS_E_INVALID_RULES);
  rules.kings = 4;
  rules.struct_size = 8;
  CHECK_EQ(mus_rules_validate(&rules), MUS_E_INVALID_ARGUMENT);
  CHECK_EQ(mus_rules_validate(NULL), MUS_E_INVALID_ARGUMENT);
}

int main(void) {
  card_and_rules_helpers();
  error_paths();
  scripted_deje();
  play_random_matches("standard", 40);
  play_random_matches("basque", 20);
  play_random_matches("online", 20);
  play_random_matches("standard tio_perete=1 zero_discard=1 min_raise=1 royal31=jack777 target=15",
                      40);
  return check_summary();
}
