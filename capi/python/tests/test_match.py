"""The match reducer through the binding: Action, State, Event, View, Count, errors, R26."""

import copy
import dataclasses
import pickle
import random
import unittest

import mus
from mus import Action, ActionKind, Card, EventKind, Hand, Lance, LanceStatus, Phase, State

STANDARD = mus.Rules.preset("standard")
# Nobody has pares or juego and every hand is worth 22 (the C test's R26 table): grande, chica
# and punto are played, pares is skipped.
R26_HANDS = ["Ko 6c 5e Ab", "Qo 7c 4e Ac", "Jo 6e 5b Ae", "7o 6b 4c 5c"]


def dealt(seed=1, rules=STANDARD, dealer=0):
    return State.new(rules, dealer).apply(Action.shuffle(seed=seed))


class ActionTest(unittest.TestCase):
    def test_constructors(self):
        cases = [
            (Action.mus(1), ActionKind.MUS, 1, 0),
            (Action.cut(2), ActionKind.CUT, 2, 0),
            (Action.pass_(3), ActionKind.PASS, 3, 0),
            (Action.bet(0, 5), ActionKind.BET, 0, 5),
            (Action.ordago(1), ActionKind.ORDAGO, 1, 0),
            (Action.accept(2), ActionKind.ACCEPT, 2, 0),
            (Action.reject(3), ActionKind.REJECT, 3, 0),
            (Action.signal(0, mus.Signal.CIEGO), ActionKind.SIGNAL, 0, 11),
            (Action.perete(1), ActionKind.PERETE, 1, 0),
            (Action.shuffle(seed=99), ActionKind.SHUFFLE, None, 0),
        ]
        for action, kind, seat, amount in cases:
            with self.subTest(str(action)):
                self.assertIs(action.kind, kind)
                self.assertEqual((action.seat, action.amount), (seat, amount))
                self.assertEqual(Action._from_c(action._to_c()), action)
        self.assertEqual(Action.shuffle(seed=99).seed, 99)

    def test_discard(self):
        a = Action.discard(2, ["Kb", 0, Card("7c")])
        self.assertEqual(a.cards, (Card("Ao"), Card("7c"), Card("Kb")))
        c = a._to_c()
        self.assertEqual(c.cards, (1 << 0) | (1 << 16) | (1 << 39))
        self.assertEqual(Action._from_c(c), a)
        self.assertEqual(str(a), "2 discard Ao 7c Kb")

    def test_shuffle_with_order(self):
        a = Action.shuffle(order=range(40))
        self.assertEqual((a.amount, len(a.order), a.order[5]), (40, 40, Card(5)))
        self.assertEqual(Action._from_c(a._to_c()), a)
        with self.assertRaises(ValueError):
            Action.shuffle(seed=3, order=range(40))
        with self.assertRaises(mus.InvalidArgumentError):
            Action.shuffle(seed=-1)
        with self.assertRaises(mus.BadShuffleError):
            Action(ActionKind.SHUFFLE, None, 41, (), 0, tuple(Card(i % 40) for i in range(41)))._to_c()

    def test_stacked_deal(self):
        hands = [[39 - 4 * s - i for i in range(4)] for s in range(4)]  # 39..24
        a = Action.stacked_deal(hands, 0)
        self.assertIs(a.kind, ActionKind.SHUFFLE)
        self.assertEqual(a.amount, 40)
        self.assertEqual((a.order[0].id, a.order[1].id, a.order[16].id), (39, 35, 0))
        stocked = Action.stacked_deal(hands, 0, stock=["Ao", "Kb"[0] + "o"])
        self.assertEqual((stocked.order[16], stocked.order[17]), (Card("Ao"), Card("Ko")))
        with self.assertRaises(mus.InvalidCardsError):
            Action.stacked_deal([hands[0], hands[0], hands[2], hands[3]], 0)
        with self.assertRaises(mus.InvalidArgumentError):
            Action.stacked_deal(hands, 4)
        with self.assertRaises(mus.InvalidCardsError):
            Action.stacked_deal(hands, 0, stock=[39])

    def test_value_semantics(self):
        self.assertEqual(Action.bet(1, 2), Action(ActionKind.BET, 1, 2))
        self.assertEqual(Action(6, 1, 2), Action.bet(1, 2))
        self.assertIs(Action(6, 1, 2).kind, ActionKind.BET)
        self.assertEqual(Action(99, 1).kind, 99)
        self.assertEqual(Action(ActionKind.DISCARD, 0, 0, ["Kb", "Ao"]),
                         Action.discard(0, [Card("Ao"), 39]))
        self.assertEqual(hash(Action(ActionKind.DISCARD, 0, 0, ["Kb", "Ao"])),
                         hash(Action.discard(0, ["Ao", "Kb"])))
        self.assertEqual(dataclasses.replace(Action.bet(1, 2), amount=7), Action.bet(1, 7))
        self.assertEqual(len({Action.bet(1, 2), Action.bet(1, 2), Action.mus(1)}), 2)
        with self.assertRaises(dataclasses.FrozenInstanceError):
            Action.mus(1).seat = 2
        self.assertEqual(str(Action.bet(1, 4)), "1 bet 4")
        self.assertEqual(str(Action.signal(3, mus.Signal.TWO_KINGS)), "3 signal two_kings")
        self.assertEqual(str(Action.shuffle(seed=5)), "shuffle seed 5")


class StateTest(unittest.TestCase):
    def test_new_match(self):
        s = State.new("basque", first_dealer=2)
        self.assertIs(s.phase, Phase.SHUFFLE)
        self.assertEqual((s.dealer, s.mano, s.to_act, s.lance), (2, 3, None, None))
        self.assertEqual((s.score, s.games, s.vacas, s.match_winner), ((0, 0), (0, 0), (0, 0),
                                                                        None))
        self.assertFalse(s.is_over)
        self.assertEqual(s.rules, mus.Rules.preset("basque"))
        self.assertEqual(s.legal_actions(), [Action.shuffle()])
        self.assertIsNone(s.bet_limits())
        self.assertIsNone(s.last_count())
        for seat in range(4):
            self.assertEqual(s.hand(seat).cards, (None,) * 4)
        self.assertIn("SHUFFLE", repr(s))

    def test_new_errors(self):
        with self.assertRaises(mus.InvalidArgumentError):
            State.new(STANDARD, 4)
        with self.assertRaises(mus.InvalidArgumentError):
            State.new(STANDARD, -1)
        with self.assertRaises(mus.ParseError):
            State.new("nope")
        with self.assertRaises(TypeError):
            State.new(8)
        with self.assertRaises(TypeError):
            State()

    def test_deal_and_events(self):
        s0 = State.new(STANDARD, 0)
        s1, events = s0.apply_with_events(Action.shuffle(seed=7))
        self.assertEqual(s1, s0.apply(Action.shuffle(seed=7)))
        self.assertIs(s1.phase, Phase.MUS)
        self.assertEqual(s1.to_act, 1)
        self.assertEqual(events[0], mus.Event(EventKind.DEAL, 0, None, None, 1, 1))
        self.assertTrue(all(h.complete for h in (s1.hand(i) for i in range(4))))
        self.assertEqual(s0.phase, Phase.SHUFFLE, "apply never changes the state it is given")

    def test_values(self):
        a, b, c = dealt(7), dealt(7), dealt(8)
        self.assertEqual(a, b)
        self.assertEqual(hash(a), hash(b))
        self.assertNotEqual(a, c)
        self.assertEqual(len({a, b, c}), 2)
        self.assertNotEqual(a, bytes(a))
        self.assertEqual(len(bytes(a)), mus.State.from_bytes(bytes(a)).__bytes__().__len__())
        self.assertEqual(State.from_bytes(bytes(a)), a)
        self.assertEqual(State.from_bytes(bytearray(bytes(a))), a)
        self.assertEqual(pickle.loads(pickle.dumps(a)), a)
        self.assertIs(copy.copy(a), a)
        self.assertIs(copy.deepcopy(a), a)

    def test_from_bytes_rejects_foreign_bytes(self):
        raw = bytearray(bytes(dealt(3)))
        for bad in (bytes(512), bytes(raw[:511]), bytes(raw) + b"\0"):
            with self.assertRaises(mus.InvalidStateError):
                State.from_bytes(bad)
        raw[0] ^= 0xFF
        with self.assertRaises(mus.InvalidStateError) as cm:
            State.from_bytes(bytes(raw))
        self.assertEqual(cm.exception.function, "mus_state_validate")

    def test_hands_views_and_discards(self):
        s = dealt(11)
        before = [s.hand(seat) for seat in range(4)]
        for seat in range(4):
            view = s.view(seat)
            self.assertEqual(view.seat, seat)
            self.assertEqual(view.hand, before[seat])
            self.assertEqual((view.stock_count, view.pile_count, view.hand_number), (24, 0, 1))
        for _ in range(4):  # everyone says mus
            s = s.apply(Action.mus(s.to_act))
        self.assertIs(s.phase, Phase.DISCARD)
        legal = s.legal_actions()
        # Every non-empty subset of the seat's cards, each a concrete discard (R14).
        discards = [a for a in legal if a.kind == ActionKind.DISCARD]
        self.assertEqual(len(discards), 15)
        self.assertEqual(len(set(discards)), 15)
        self.assertEqual(set(c for a in discards for c in a.cards), set(before[1].cards))
        self.assertIn(Action.discard(1, before[1].cards), discards)
        with self.assertRaises(mus.CardNotInHandError):
            s.apply(Action.discard(1, [c for c in Card.deck() if c not in before[1]][:1]))
        s = s.apply(Action.discard(1, before[1].cards[:2]))
        waiting = s.hand(1)
        if not waiting.complete:  # replacements come when everyone has discarded (R14)
            self.assertEqual(waiting.cards[2:], before[1].cards[2:])
        for _ in range(3):
            seat = s.to_act
            s = s.apply(Action.discard(seat, s.hand(seat).cards[:1]))
        self.assertTrue(all(s.hand(seat).complete for seat in range(4)))
        self.assertEqual(s.view(0).pile_count, 5)
        self.assertEqual(s.view(0).stock_count, 19)
        self.assertIs(s.phase, Phase.MUS)

    def test_views_hide_other_seats_cards(self):
        # The same seat 0 hand with the other seats' hands rotated: seat 0's view is identical.
        hands = [Hand.parse(h) for h in R26_HANDS]
        rotated = [hands[0], hands[2], hands[3], hands[1]]
        a = State.new(STANDARD, 0).apply(Action.stacked_deal(hands, 1))
        b = State.new(STANDARD, 0).apply(Action.stacked_deal(rotated, 1))
        self.assertNotEqual(a, b)
        self.assertEqual(a.view(0), b.view(0))
        self.assertNotEqual(a.view(1), b.view(1))
        for seat in range(4):
            self.assertEqual(a.view(seat).hand, hands[seat])
        with self.assertRaises(mus.InvalidArgumentError):
            a.view(4)
        with self.assertRaises(mus.InvalidArgumentError):
            a.hand(-1)


class ErrorPathTest(unittest.TestCase):
    def assert_refused(self, state, action, error):
        raw = bytes(state)
        with self.assertRaises(error) as cm:
            state.apply(action)
        self.assertEqual(bytes(state), raw)
        self.assertEqual(cm.exception.function, "mus_apply")
        self.assertIs(type(cm.exception), error)
        with self.assertRaises(error):
            state.apply_with_events(action)
        self.assertEqual(bytes(state), raw)
        return cm.exception

    def test_each_refusal(self):
        fresh = State.new(STANDARD, 0)
        self.assert_refused(fresh, Action.mus(0), mus.WrongPhaseError)
        self.assert_refused(fresh, Action.shuffle(order=range(39)), mus.BadShuffleError)
        self.assert_refused(fresh, Action(0, 0), mus.InvalidArgumentError)
        self.assert_refused(fresh, Action(99, 0), mus.InvalidArgumentError)
        self.assert_refused(fresh, Action(ActionKind.MUS, 7), mus.InvalidArgumentError)
        self.assert_refused(fresh, Action(ActionKind.SHUFFLE, 0), mus.InvalidArgumentError)
        s = fresh.apply(Action.shuffle(order=range(40)))
        # Seat 1 (mano) holds ids 0 4 8 12 = Ao 5o Qo 3c: no pares; 26 points: ciego is true.
        self.assertEqual(s.hand(1), Hand.parse("Ao 5o Qo 3c"))
        self.assert_refused(s, Action.mus(2), mus.NotYourTurnError)
        self.assert_refused(s, Action.bet(1, 2), mus.WrongPhaseError)
        self.assert_refused(s, Action.signal(1, mus.Signal.DUPLES), mus.FalseSignalError)
        signalled = s.apply(Action.signal(1, mus.Signal.CIEGO))
        self.assertEqual(signalled.view(3).signals[1], frozenset({mus.Signal.CIEGO}))
        self.assert_refused(signalled, Action.signal(1, mus.Signal.CIEGO),
                            mus.IllegalActionError)
        self.assert_refused(signalled, Action.signal(1, 15), mus.InvalidArgumentError)
        self.assert_refused(signalled, Action.signal(1, mus.Signal.NEED_MUS),  # R33a: online only
                            mus.SignalNotInSetError)
        betting = s.apply(Action.cut(1))
        limits = betting.bet_limits()
        self.assertEqual(limits.min, 2)  # an opening bet is at least 2 (R24)
        betting.apply(Action.bet(1, limits.max))
        self.assert_refused(betting, Action.bet(1, 1), mus.BetTooSmallError)
        self.assert_refused(betting, Action.bet(1, limits.max + 1), mus.IllegalActionError)
        open_bet = betting.apply(Action.bet(1, 2))
        self.assert_refused(open_bet, Action.pass_(2), mus.IllegalActionError)

    def test_match_over(self):
        # Target 1: the first deje wins the game, the vaca and the match (R26, R29, R30).
        rules = mus.Rules.preset("standard", target=1, games_per_vaca=1)
        s = State.new(rules, 0).apply(Action.shuffle(seed=1)).apply(Action.cut(1))
        s = s.apply(Action.ordago(1)).apply(Action.reject(2))
        s, events = s.apply_with_events(Action.reject(0))
        self.assertTrue(s.is_over)
        self.assertIs(s.phase, Phase.MATCH_OVER)
        self.assertEqual((s.match_winner, s.to_act, s.vacas), (1, None, (0, 1)))
        kinds = [e.kind for e in events]
        for kind in (EventKind.DEJE, EventKind.GAME, EventKind.VACA, EventKind.MATCH):
            self.assertIn(kind, kinds)
        self.assertEqual(s.legal_actions(), [])
        self.assertEqual(s.last_count().end, mus.HandEnd.DEJE)
        self.assert_refused(s, Action.shuffle(seed=1), mus.MatchOverError)
        self.assertIn("winner=team1", repr(s))


class ActionIdTest(unittest.TestCase):
    def assert_ids_name_the_list(self, s):
        """legal_actions, legal_action_ids, legal_mask, action_id and action_from_id agree."""
        legal = s.legal_actions()
        ids = s.legal_action_ids()
        self.assertEqual(len(ids), len(legal))
        self.assertEqual(ids, sorted(set(ids)), "increasing, without duplicates")
        self.assertEqual(s.legal_mask(), sum(1 << i for i in ids))
        for action, action_id in zip(legal, ids):
            self.assertIn(action_id, range(mus.ACTION_ID_COUNT))
            self.assertEqual(s.action_id(action), action_id)
            self.assertEqual(s.action_from_id(action_id), action)
        return legal, ids

    def test_round_trip_through_a_hand(self):
        s = State.new(STANDARD, 0)
        self.assertEqual(s.legal_action_ids(), [0])
        self.assertEqual(s.legal_mask(), 1)
        self.assertEqual(s.action_from_id(0), Action.shuffle())
        self.assertEqual((s.hand_number, s.refill_due), (0, False))
        self.assertEqual(s.apply_id(0, seed=7), s.apply(Action.shuffle(seed=7)))
        s = s.apply_id(0, seed=7)
        self.assertEqual((s.hand_number, s.refill_due), (1, False))
        rng = random.Random(3)
        steps = 0
        while s.last_count() is None:
            legal, ids = self.assert_ids_name_the_list(s)
            index = rng.randrange(len(ids))
            if legal[index].kind is ActionKind.SHUFFLE:
                nxt = s.apply_id(ids[index], seed=steps)
                self.assertEqual(nxt, s.apply(Action.shuffle(seed=steps)))
            else:
                nxt = s.apply_id(ids[index])
                self.assertEqual(nxt, s.apply(legal[index]))
            s = nxt
            steps += 1
            self.assertLess(steps, 5000)
        self.assert_ids_name_the_list(s)

    def test_blocks(self):
        s = dealt(7).apply(Action.cut(1))
        self.assertIs(s.phase, Phase.BETTING)
        ladder = mus.bet_ladder()
        self.assertEqual(len(ladder), mus._abi.MUS_BET_LADDER_SIZE)
        self.assertEqual(list(ladder), sorted(set(ladder)))
        self.assertIs(mus.bet_ladder(), ladder)
        self.assertEqual(s.action_id(Action.pass_(1)), mus._abi.MUS_ACTION_ID_PASS)
        self.assertEqual(s.action_id(Action.ordago(1)), mus._abi.MUS_ACTION_ID_ORDAGO)
        self.assertEqual(s.action_id(Action.perete(1)), mus._abi.MUS_ACTION_ID_PERETE)
        self.assertEqual(s.action_id(Action.signal(1, mus.Signal.CIEGO)),
                         mus._abi.MUS_ACTION_ID_SIGNAL + mus.Signal.CIEGO)
        limits = s.bet_limits()
        bets = [a for a in s.legal_actions() if a.kind is ActionKind.BET]
        self.assertEqual([a.amount for a in bets],
                         [x for x in ladder if limits.min <= x <= limits.max])
        for index, amount in enumerate(ladder):
            self.assertEqual(s.action_id(Action.bet(1, amount)),
                             mus._abi.MUS_ACTION_ID_BET + index)
            self.assertEqual(s.action_from_id(mus._abi.MUS_ACTION_ID_BET + index),
                             Action.bet(1, amount))
        # Ids of actions that are not legal here still name them; apply decides.
        self.assertEqual(s.action_from_id(mus._abi.MUS_ACTION_ID_ACCEPT), Action.accept(1))
        with self.assertRaises(mus.IllegalActionError):
            s.apply_id(mus._abi.MUS_ACTION_ID_ACCEPT)

    def test_errors(self):
        s = dealt(7).apply(Action.cut(1))
        off_ladder = next(x for x in range(1, 41) if x not in mus.bet_ladder())
        with self.assertRaises(mus.NoActionIdError) as cm:
            s.action_id(Action.bet(1, off_ladder))
        self.assertEqual(cm.exception.function, "mus_action_id")
        self.assertIsInstance(cm.exception, ValueError)
        s.apply(Action.bet(1, off_ladder))  # legal all the same: it only has no id
        for bad in (-1, mus.ACTION_ID_COUNT, 2**31, -2**40):
            with self.subTest(bad):
                with self.assertRaises(mus.InvalidArgumentError):
                    s.action_from_id(bad)
                with self.assertRaises(mus.InvalidArgumentError):
                    s.apply_id(bad)
        with self.assertRaises(TypeError):
            s.action_from_id("1")
        with self.assertRaises(TypeError):
            s.apply_id(True)
        with self.assertRaises(mus.InvalidArgumentError):
            s.apply_id(mus._abi.MUS_ACTION_ID_PASS, seed=-1)
        with self.assertRaises(mus.WrongPhaseError):
            State.new(STANDARD, 0).action_from_id(mus._abi.MUS_ACTION_ID_MUS)
        with self.assertRaises(mus.CardNotInHandError):
            s.action_id(Action.discard(1, [c for c in Card.deck() if c not in s.hand(1)][:1]))
        with self.assertRaises(mus.InvalidArgumentError):
            s.action_id(Action(ActionKind.MUS, 7))

    def test_match_over(self):
        rules = mus.Rules.preset("standard", target=1, games_per_vaca=1)
        s = State.new(rules, 0).apply(Action.shuffle(seed=1)).apply(Action.cut(1))
        s = s.apply(Action.ordago(1)).apply(Action.reject(2)).apply(Action.reject(0))
        self.assertTrue(s.is_over)
        self.assertEqual((s.legal_action_ids(), s.legal_mask()), ([], 0))
        with self.assertRaises(mus.MatchOverError):
            s.action_from_id(mus._abi.MUS_ACTION_ID_MUS)
        with self.assertRaises(mus.MatchOverError):
            s.apply_id(mus._abi.MUS_ACTION_ID_SHUFFLE, seed=1)


class R26WorkedExampleTest(unittest.TestCase):
    """R26: A bets 2, B raises to 5, A raises to 20, B refuses -> A scores 5 at once."""

    def test_refused_raise_pays_the_previous_stake(self):
        hands = [Hand.parse(h) for h in R26_HANDS]
        s = State.new(STANDARD, 0).apply(Action.stacked_deal(hands, 1))
        self.assertEqual([s.hand(seat) for seat in range(4)], hands)
        self.assertEqual((s.phase, s.to_act), (Phase.MUS, 1))
        s = s.apply(Action.cut(1))
        self.assertEqual((s.phase, s.lance, s.to_act), (Phase.BETTING, Lance.GRANDE, 1))

        s = s.apply(Action.bet(1, 2))        # team 1 bets 2
        v = s.view(0)
        self.assertEqual((v.bet_open, v.bet_team, v.stake_before, v.proposed), (True, 1, 1, 2))
        self.assertEqual(s.to_act, 2)
        s = s.apply(Action.bet(2, 3))        # team 0 raises 3 more: 5
        v = s.view(0)
        self.assertEqual((v.bet_team, v.stake_before, v.proposed), (0, 2, 5))
        self.assertEqual(s.to_act, 3)
        s = s.apply(Action.bet(3, 15))       # team 1 raises 15 more: 20
        v = s.view(0)
        self.assertEqual((v.bet_team, v.stake_before, v.proposed), (1, 5, 20))
        self.assertEqual(s.to_act, 0)
        s = s.apply(Action.reject(0))        # the first answerer refuses; the partner answers
        self.assertEqual((s.to_act, s.score), (2, (0, 0)))
        s, events = s.apply_with_events(Action.reject(2))
        self.assertIn(mus.Event(EventKind.DEJE, None, 1, Lance.GRANDE, 5, 0),
                      [dataclasses.replace(e, value=0) for e in events])
        self.assertEqual(s.score, (0, 5))
        self.assertEqual(s.lance, Lance.CHICA)

        hands = tuple(s.hand(seat) for seat in range(4))
        for seat in range(4):                # before the showdown no view holds it (R28a)
            self.assertIsNone(s.view(seat).last_shown)
        while s.phase is Phase.BETTING:      # chica and punto en paso
            s = s.apply(Action.pass_(s.to_act))
        count = s.last_count()
        self.assertEqual(count.shown, hands)  # R28a: the count shows the four hands
        for seat in range(4):                # to every seat
            self.assertEqual(s.view(seat).last_shown, hands)
        self.assertEqual((count.number, count.end, count.dealer, count.mano),
                         (1, mus.HandEnd.COUNT, 0, 1))
        self.assertEqual((count.score_before, count.score_after), ((0, 0), (0, 7)))
        grande, chica, pares, punto = count.lines
        self.assertEqual((grande.status, grande.bet_team, grande.winner_team, grande.stake,
                          grande.points), (LanceStatus.REFUSED, 1, 1, 5, 0))
        self.assertIsNone(grande.winner_seat)
        self.assertEqual((chica.status, chica.winner_seat, chica.points),
                         (LanceStatus.EN_PASO, 1, 1))
        self.assertIs(pares.status, LanceStatus.SKIPPED)
        self.assertEqual((punto.lance, punto.winner_seat, punto.points),
                         (Lance.PUNTO, 1, 1))
        for line in (grande, chica, punto):
            self.assertTrue(line.counted)
        self.assertEqual((s.score, s.phase, s.dealer, s.mano), ((0, 7), Phase.SHUFFLE, 1, 2))


class R25aProposalTest(unittest.TestCase):
    """R25a (the online preset): the first answerer proposes, the partner decides."""

    def test_proposed_raise_agreed_and_events(self):
        rules = mus.Rules.preset("standard", answers="proposal")
        hands = [Hand.parse(h) for h in R26_HANDS]
        s = State.new(rules, 0).apply(Action.stacked_deal(hands, 1)).apply(Action.cut(1))
        s = s.apply(Action.bet(1, 2))                        # an opening bet: never a proposal
        self.assertEqual(s.to_act, 2)
        s, events = s.apply_with_events(Action.bet(2, 3))    # seat 2 proposes a raise of 3
        self.assertEqual([e.kind for e in events], [EventKind.PROPOSE])
        self.assertEqual((events[0].seat, events[0].amount, events[0].value),
                         (2, 3, ActionKind.BET))
        v = s.view(1)
        self.assertEqual((v.proposal, v.proposer, v.proposal_amount, v.proposed),
                         (ActionKind.BET, 2, 3, 2))
        self.assertEqual(s.to_act, 0)
        self.assertEqual(s.bet_limits(), (3, 997))
        with self.assertRaises(mus.IllegalActionError):
            s.apply(Action.accept(0))
        s, events = s.apply_with_events(Action.bet(0, 3))    # seat 0 agrees
        self.assertEqual([e.kind for e in events], [EventKind.AGREE, EventKind.BET])
        self.assertEqual(events[1].seat, 2)                  # the raise is the proposer's
        self.assertEqual((s.to_act, s.view(0).proposal), (3, None))


if __name__ == "__main__":
    unittest.main()
