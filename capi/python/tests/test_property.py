"""Random self-play through the binding, checked against the invariants of the C++ property
test (tests/match/test_match_property.cpp) at every step:

- State.from_bytes(bytes(state)) validates and gives the same state;
- all 40 cards accounted for: the cards in hands plus the view's stock_count and pile_count make
  40, and no card is held twice;
- scores are never negative and stay below the target, except during a hand's betting when
  dejes do not end the game at once (deje_ends=0);
- a seat is to act exactly when no shuffle is due and the match is not over; a shuffle due
  while cards are held is a refill (refill_due), and hand_number is the view's;
- the legal actions are concrete and in increasing action-id order without duplicates, and
  legal_action_ids, legal_mask, action_id and action_from_id name exactly them;
- every listed legal action applies as listed, and apply_id of its id gives the same state;
  the listed BETs are the bet ladder's amounts within bet_limits (whose largest amount applies
  too); the same actions from another seat are refused with NotYourTurnError; kinds not listed
  are refused; random actions either are refused with the state unchanged or are of a listed
  kind;
- apply_with_events gives the same state as apply;
- each seat's view holds its own cards and none of another seat's;
- at the end of each match, replaying the action log from the initial state gives an identical
  state, nothing is legal, and a shuffle raises MatchOverError.

MUS_PY_PROPERTY_HANDS (default 500, split over the rule sets) and MUS_PY_PROPERTY_SEED change
the budget and the seed; a failure names the rules, seed, match, step and action.
"""

import os
import random
import sys
import unittest

import mus
from mus import Action, ActionKind, Phase, State
from mus._abi import MUS_MAX_LEGAL_ACTIONS
from mus._abi import MUS_MAX_EVENTS as MAX_EVENTS

HANDS = int(os.environ.get("MUS_PY_PROPERTY_HANDS", "500"))
SEED = int(os.environ.get("MUS_PY_PROPERTY_SEED", "20240601"))
RULE_SETS = [
    "standard",
    "basque",
    "online",
    "spain signals=off",
    "standard tio_perete=1 zero_discard=1 min_raise=1 royal31=jack777 target=15",
    "standard kings=4 target=20 games_per_vaca=1 vacas=2 mus_corrido=match",
]


class Player:
    def __init__(self, test, rules_text, seed):
        self.t = test
        self.rules = mus.Rules.parse(rules_text)
        self.rng = random.Random(seed)
        self.where = ""
        self.stats = {"hands": 0, "steps": 0, "refused": 0, "matches": 0}
        self.events = {k: 0 for k in (mus.EventKind.REFILL, mus.EventKind.DEJE,
                                      mus.EventKind.SHOWDOWN, mus.EventKind.PERETE,
                                      mus.EventKind.SIGNAL, mus.EventKind.GAME)}

    # -- per-state checks --------------------------------------------------------------------
    def check_state(self, s):
        t = self.t
        t.assertEqual(State.from_bytes(bytes(s)), s)
        hands = [s.hand(seat) for seat in range(4)]
        held = [i for h in hands for i in h.ids if i != mus.NO_CARD]
        t.assertTrue(all(0 <= i < 40 for i in held))
        t.assertEqual(len(set(held)), len(held), "a card held twice")
        view0 = s.view(0)
        t.assertEqual(len(held) + view0.stock_count + view0.pile_count, 40)

        phase = s.phase
        new_hand_due = s.is_over or (phase is Phase.SHUFFLE and not held)
        for score in s.score:
            t.assertGreaterEqual(score, 0)
            if self.rules.deje_ends or new_hand_due or phase in (Phase.MUS, Phase.DISCARD):
                t.assertLess(score, self.rules.target)
        if phase in (Phase.SHUFFLE, Phase.MATCH_OVER):
            t.assertIsNone(s.to_act)
        else:
            t.assertIn(s.to_act, range(4))
        t.assertEqual(s.lance is not None, phase is Phase.BETTING)
        t.assertEqual(s.hand_number, view0.hand_number)
        t.assertEqual(s.refill_due, phase is Phase.SHUFFLE and bool(held), "a refill is due")

        for seat in range(4):
            view = s.view(seat)
            t.assertEqual(view.seat, seat)
            t.assertEqual(view.hand, hands[seat])
            others = {i for h in hands[:seat] + hands[seat + 1:] for i in h.ids} - {mus.NO_CARD}
            t.assertFalse(set(view.hand.ids) & others, "a view shows another seat's card")
            t.assertEqual((view.phase, view.to_act, view.score, view.dealer, view.mano),
                          (phase, s.to_act, s.score, s.dealer, s.mano))
        return hands

    def refused(self, s, action, error=mus.MusError):
        raw = bytes(s)
        with self.t.assertRaises(error, msg=str(action)):
            s.apply(action)
        self.t.assertEqual(bytes(s), raw)
        self.stats["refused"] += 1

    def check_actions(self, s, legal, hands):
        t = self.t
        if s.is_over:
            t.assertEqual(legal, [])
            return
        t.assertTrue(legal)
        t.assertLessEqual(len(legal), MUS_MAX_LEGAL_ACTIONS)
        kinds = {a.kind for a in legal}
        ids = s.legal_action_ids()
        t.assertEqual(len(ids), len(legal))
        t.assertEqual(ids, sorted(set(ids)), "increasing action ids, no duplicates")
        t.assertEqual(s.legal_mask(), sum(1 << i for i in ids))
        for a, action_id in zip(legal, ids):
            t.assertEqual(s.action_id(a), action_id, str(a))
            t.assertEqual(s.action_from_id(action_id), a)
            if a.kind is ActionKind.SHUFFLE:
                t.assertEqual(a, Action.shuffle())  # seed 0: the caller gives the seed
                seed = self.rng.getrandbits(64)
                t.assertEqual(s.apply_id(action_id, seed), s.apply(Action.shuffle(seed=seed)))
                continue
            if a.kind is not ActionKind.SIGNAL:
                t.assertEqual(a.seat, s.to_act)
                self.refused(s, Action(a.kind, (a.seat + 1) % 4, a.amount, a.cards),
                             mus.NotYourTurnError)
            # Raises if a listed action is refused.
            t.assertEqual(s.apply_id(action_id), s.apply(a))
            if a.kind is ActionKind.DISCARD:
                t.assertTrue(set(a.cards) <= set(hands[a.seat].cards), str(a))
        limits = s.bet_limits()
        bets = [a.amount for a in legal if a.kind is ActionKind.BET]
        if limits is None:
            t.assertEqual(bets, [])
        else:
            t.assertLessEqual(limits.min, limits.max)
            t.assertEqual(bets, [x for x in mus.bet_ladder() if limits.min <= x <= limits.max])
            seat = s.to_act
            s.apply(Action.bet(seat, limits.max))
            self.refused(s, Action.bet(seat, limits.max + 1))
            if limits.min > 1:
                self.refused(s, Action.bet(seat, limits.min - 1))
        # Kinds not listed are refused (signals may come from any seat: not probed).
        seat = s.to_act
        some_card = next((c for h in hands for c in h.cards if c is not None), mus.Card(0))
        for kind in ActionKind:
            if kind in kinds or kind is ActionKind.SIGNAL:
                continue
            if kind is ActionKind.SHUFFLE:
                self.refused(s, Action.shuffle(seed=self.rng.getrandbits(64)))
            else:
                self.refused(s, Action(kind, seat, 2, (some_card,)))
        # Random actions: refused with the state unchanged, or of a listed kind.
        for _ in range(3):
            kind = self.rng.randrange(0, 13)
            rnd = Action(kind, self.rng.choice([None, 0, 1, 2, 3, 4]), self.rng.randrange(-1, 46),
                         tuple(mus.Card(i) for i in range(40) if self.rng.random() < 0.1),
                         self.rng.getrandbits(64))
            raw = bytes(s)
            try:
                s.apply(rnd)
            except mus.MusError:
                t.assertEqual(bytes(s), raw)
                self.stats["refused"] += 1
            else:
                t.assertTrue(kind in kinds or kind == ActionKind.SIGNAL, str(rnd))

    # -- choosing ------------------------------------------------------------------------------
    def choose(self, s, legal):
        """A listed action as it is; only the shuffle is given a seed."""
        rng = self.rng
        if self.uniform:
            a = rng.choice(legal)
        else:
            # Each kind alike whatever the number of its entries (bets, discards, signals),
            # mostly mus and rarely órdago: long discard rounds (stock refills, R15) and hands
            # that reach the count.
            weights = {ActionKind.MUS: 6.0, ActionKind.ORDAGO: 0.1}
            per_kind = {}
            for x in legal:
                per_kind[x.kind] = per_kind.get(x.kind, 0) + 1
            a = rng.choices(legal, [weights.get(x.kind, 1.0) / per_kind[x.kind]
                                    for x in legal])[0]
        if a.kind is ActionKind.SHUFFLE:
            seed = rng.getrandbits(64)
            new_hand = all(not h.complete and all(c is None for c in h.cards)
                           for h in (s.hand(seat) for seat in range(4)))
            if new_hand and rng.random() < 0.25:
                # An explicit order equal to the seeded one gives the same state (R12).
                by_order = s.apply(Action.shuffle(order=mus.seeded_order(range(40), seed)))
                self.t.assertEqual(by_order, s.apply(Action.shuffle(seed=seed)))
            return Action.shuffle(seed=seed)
        return a

    # -- a match -------------------------------------------------------------------------------
    def play_match(self, number):
        self.uniform = number % 2 == 1  # every other match: uniform choices
        initial = State.new(self.rules, self.rng.randrange(4))
        s = initial
        log = []
        step = 0
        while True:
            action = None
            self.where = "match %d step %d state %r" % (number, step, s)
            hands = self.check_state(s)
            legal = s.legal_actions()
            self.check_actions(s, legal, hands)
            if s.is_over:
                break
            action = self.choose(s, legal)
            self.where += " action %s" % action
            after, events = s.apply_with_events(action)
            self.t.assertLessEqual(len(events), MAX_EVENTS)
            for event in events:
                if event.kind in self.events:
                    self.events[event.kind] += 1
            self.t.assertEqual(after, s.apply(action))
            log.append(action)
            s = after
            step += 1
            self.t.assertLess(step, 20000, "the match does not end")
        self.t.assertIn(s.match_winner, (0, 1))
        self.t.assertEqual(s.vacas[s.match_winner], self.rules.vacas)
        self.refused(s, Action.shuffle(seed=1), mus.MatchOverError)
        self.t.assertEqual(initial.apply_all(log), s, "replaying the log")
        self.stats["hands"] += s.view(0).hand_number
        self.stats["steps"] += step
        self.stats["matches"] += 1


class RandomSelfPlayTest(unittest.TestCase):
    def play(self, index):
        rules_text = RULE_SETS[index]
        budget = -(-HANDS // len(RULE_SETS))
        player = Player(self, rules_text, SEED + index)
        number = 0
        while player.stats["hands"] < budget:
            try:
                player.play_match(number)
            except AssertionError as exc:
                raise AssertionError("rules %r seed %d: %s: %s"
                                     % (rules_text, SEED + index, player.where, exc)) from None
            number += 1
        self.assertGreater(player.stats["refused"], 0)
        sys.stderr.write("[%s: %s; events %s] " % (rules_text, ", ".join(
            "%d %s" % (v, k) for k, v in player.stats.items()), ", ".join(
            "%d %s" % (v, k.name.lower()) for k, v in player.events.items())))
        return player.stats

    def test_standard(self):
        self.play(0)

    def test_basque(self):
        self.play(1)

    def test_online(self):
        self.play(2)

    def test_variants(self):
        self.play(3)

    def test_four_kings_corrido_two_vacas(self):
        self.play(4)


if __name__ == "__main__":
    unittest.main()
