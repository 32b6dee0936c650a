"""The text forms, all from the C API: cards, hands, actions, states, seat views and rules."""

import random
import unittest

import mus
from mus import Action, Card, Hand, State


def random_states(seed, hands=20):
    """States of a randomly played match (each legal action applied), with the actions."""
    rng = random.Random(seed)
    state = State.new("standard", rng.randrange(4))
    out = []
    while not state.is_over and state.hand_number <= hands:
        if state.to_act is None:
            action = Action.shuffle(seed=rng.randrange(2**64))
        else:
            action = rng.choice(state.legal_actions())
        out.append((state, action))
        state = state.apply(action)
    return out


class CardTextTest(unittest.TestCase):
    def test_every_card_round_trips(self):
        texts = [str(Card(i)) for i in range(40)]
        self.assertEqual(len(set(texts)), 40)
        self.assertEqual(texts[9], "Ko")
        self.assertEqual(texts[0], "Ao")
        for i, text in enumerate(texts):
            self.assertEqual(Card.parse(text).id, i)
            self.assertEqual(Card(text).id, i)

    def test_card_parse_accepts_what_mus_card_parse_accepts(self):
        self.assertEqual(Card.parse(" Ko ").id, 9)     # blanks around are ignored
        self.assertEqual(Card.parse("1o"), Card.parse("Ao"))

    def test_bad_card_text_raises_parse_error(self):
        for text in ("", "Zz", "Ko 3c", "K", "Kox"):
            with self.subTest(text=text), self.assertRaises(mus.ParseError) as caught:
                Card.parse(text)
            self.assertEqual(caught.exception.function, "mus_card_parse")

    def test_hand_text(self):
        hand = Hand.parse("Ko 3c Qe Ab")
        self.assertEqual(str(hand), "Ko 3c Qe Ab")
        self.assertEqual(str(Hand(["Ko", 12, Card("Qe"), "Ab"])), "Ko 3c Qe Ab")


class ActionTextTest(unittest.TestCase):
    def test_actions_round_trip_through_their_line_form(self):
        seen = set()
        for state, action in [p for seed in range(12) for p in random_states(seed)]:
            text = action.to_text()
            self.assertEqual(str(action), text)
            back = Action.parse(text)
            seen.add(text.split()[1])
            # The line keeps the fields the kind uses; the parsed action applies alike.
            self.assertEqual(state.apply(back), state.apply(action), text)
            self.assertEqual(back.to_text(), text)
        self.assertTrue({"mus", "cut", "discard", "pass", "bet", "seed"} <= seen, seen)

    def test_known_lines(self):
        self.assertEqual(Action.bet(1, 4).to_text(), "1 bet 4")
        self.assertEqual(Action.shuffle(seed=7).to_text(), "shuffle seed 7")
        self.assertEqual(Action.parse("2 discard Ko 3c"), Action.discard(2, ["Ko", "3c"]))
        self.assertEqual(Action.parse("3 signal duples"), Action.signal(3, mus.Signal.DUPLES))

    def test_bad_lines_raise_parse_error_with_the_position(self):
        with self.assertRaises(mus.ParseError) as caught:
            Action.parse("1 bet x")
        self.assertEqual(caught.exception.position, 6)
        self.assertIn("at position 6", caught.exception.message)
        with self.assertRaises(mus.ParseError):
            Action.parse("")

    def test_an_action_without_a_line_form(self):
        bad = Action(mus.ActionKind.BET, None, 2)   # a player action without a seat
        with self.assertRaises(mus.InvalidArgumentError):
            bad.to_text()
        self.assertEqual(str(bad), repr(bad))


class StateTextTest(unittest.TestCase):
    def test_states_round_trip_through_their_text(self):
        for state, _ in random_states(5)[::7]:
            text = state.to_text()
            self.assertTrue(text.startswith("mus-state/2 "))
            self.assertEqual(State.parse(text), state)
            self.assertEqual(State.parse(text).to_text(), text)

    def test_bad_state_text(self):
        text = State.new().to_text()
        with self.assertRaises(mus.ParseError) as caught:
            State.parse(text[:-3])
        self.assertIsNotNone(caught.exception.position)
        self.assertIn("at position %d" % caught.exception.position, str(caught.exception))
        with self.assertRaises(mus.ParseError):
            State.parse("mus-state/9 AAAA")
        with self.assertRaises(mus.ParseError):
            State.parse(text[:20] + "!" + text[21:])

    def test_view_text_is_what_the_seat_may_know(self):
        state = State.new("standard", 0).apply(Action.shuffle(seed=3))
        texts = [state.view_text(seat) for seat in range(4)]
        for text in texts:
            self.assertTrue(text.startswith("mus-view/3 "))
            self.assertEqual(len(text), 251)
        self.assertEqual(len(set(texts)), 4)   # each seat sees its own cards
        with self.assertRaises(mus.InvalidArgumentError):
            state.view_text(4)

    def test_view_text_reads_back_as_the_view(self):
        for state, _ in [p for seed in range(4) for p in random_states(seed)][::5]:
            for seat in range(4):
                self.assertEqual(mus.View.parse(state.view_text(seat)), state.view(seat))

    def test_bad_view_text(self):
        text = State.new().apply(Action.shuffle(seed=1)).view_text(0)
        with self.assertRaises(mus.ParseError) as caught:
            mus.View.parse(text[:-1])
        self.assertEqual(caught.exception.function, "mus_view_parse")
        self.assertIsNotNone(caught.exception.position)
        self.assertIn("at position %d" % caught.exception.position, str(caught.exception))
        with self.assertRaises(mus.ParseError):
            mus.View.parse(State.new().to_text())


if __name__ == "__main__":
    unittest.main()
