"""State.from_view (mus_state_parse_view): the state a program that sees one seat's view
decides from, as a bot playing through a server does."""

import base64
import random
import unittest

import mus
from mus import Action, Bot, State


class StateFromViewTest(unittest.TestCase):
    def test_bots_choose_from_the_view_as_from_the_state(self):
        """Over a bot match, for the seat to act: the state built from its view text has the
        same view, the same legal ids, and the same choice of each bot kind."""
        rng = random.Random(21)
        bots = [Bot("random"), Bot("heuristic"), Bot("search", playouts=24)]
        state = State.new("online", 2)
        decisions = 0
        while not state.is_over and state.hand_number <= 6:
            seat = state.to_act
            if seat is None:
                state = state.apply(Action.shuffle(seed=rng.randrange(2**64)))
                continue
            text = state.view_text(seat)
            built = State.from_view(state.rules, text)
            self.assertEqual(built.view_text(seat), text)
            self.assertEqual(built.legal_action_ids(), state.legal_action_ids())
            for bot in bots:
                seed = rng.randrange(2**64)
                self.assertEqual(bot.choose_id(built, seed, seat), bot.choose_id(state, seed, seat))
                decisions += 1
            state = state.apply(bots[1].choose(state, seed=rng.randrange(2**64)))
        self.assertGreater(decisions, 100)

    def test_bad_views_raise(self):
        state = State.new("standard", 0).apply(Action.shuffle(seed=3))
        text = state.view_text(1)
        with self.assertRaises(mus.ParseError) as caught:
            State.from_view("standard", text[:100])
        self.assertEqual(caught.exception.position, 100)
        # A view of no state: seats 0, 2 and 3 each signalling three aces (nine of the eight
        # aces and twos); the signals are bytes 25..32 of the documented layout.
        tag, payload = text.split(" ")
        data = bytearray(base64.urlsafe_b64decode(payload))
        for seat in (0, 2, 3):
            data[25 + 2 * seat] = 1 << mus.Signal.THREE_ACES
        forged = tag + " " + base64.urlsafe_b64encode(bytes(data)).decode("ascii")
        mus.View.parse(forged)  # a well-formed view...
        with self.assertRaises(mus.InvalidStateError) as caught:
            State.from_view("standard", forged)  # ...of no state
        self.assertIn("no deal of the unseen cards", str(caught.exception))
        with self.assertRaises(TypeError):
            State.from_view("standard", None)


if __name__ == "__main__":
    unittest.main()
