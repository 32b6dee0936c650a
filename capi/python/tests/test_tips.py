"""The tips binding: mus.tips and mus.Tip (mus_state_tips), against the C API's own numbers."""

import unittest

import mus
from mus import Action, Lance, State, TipKind

from _support import some_states


class TipsTest(unittest.TestCase):
    def test_a_dealt_hand_in_the_mus_phase(self):
        state = State.new("standard", 3).apply(Action.shuffle(seed=1))
        tips = mus.tips(state)
        self.assertTrue(1 <= len(tips) <= 3)
        self.assertEqual(tips[0].kind, TipKind.GRANDE_KINGS)   # Qo Ko Jc 3b: two kings
        self.assertEqual(tips[0].name, "grande_kings")
        self.assertEqual(tips[0].lance, Lance.GRANDE)
        self.assertEqual(tips[0].count, 2)
        self.assertEqual(tips[0].hand, state.hand(0))
        self.assertEqual(tips[0].ranks, (9, 9, 8, 7))
        self.assertEqual(tips[0].value, 40)
        self.assertEqual(tips[0].score, (0, 0))
        self.assertIn(tips[1].kind, (TipKind.CLUB_CUT, TipKind.CLUB_MUS))
        self.assertEqual(tips[1].action, Action.cut(0) if tips[1].kind == TipKind.CLUB_CUT
                         else Action.mus(0))

    def test_betting_the_search_bot_and_the_chance(self):
        state = State.new("standard", 3).apply(Action.shuffle(seed=1)).apply(Action.cut(0))
        tips = mus.tips(state)
        search = tips[0]
        self.assertEqual(search.kind, TipKind.SEARCH_CHOICE)
        self.assertIn(search.action, state.legal_actions())   # a legal action
        self.assertIsNotNone(search.other)
        self.assertLessEqual(search.other_points, search.points)
        chance = tips[-1]
        self.assertEqual(chance.kind, TipKind.LANCE_CHANCE)
        self.assertEqual(chance.count, round(chance.chance * 100))
        # The same state gives the same tips.
        self.assertEqual(mus.tips(state), tips)

    def test_every_tip_is_one_of_the_table(self):
        for state in some_states(5, 40):
            tips = mus.tips(state)
            self.assertLessEqual(len(tips), 3)
            for tip in tips:
                self.assertIsInstance(tip.kind, TipKind)
                if tip.kind == TipKind.JUEGO:
                    self.assertGreaterEqual(tip.value, 31)
                if tip.kind == TipKind.CLUB_DISCARD:
                    self.assertTrue(set(tip.cards) <= set(tip.hand.cards))
                    state.apply(tip.action)   # legal

    def test_refusals(self):
        state = State.new("standard", 3)
        with self.assertRaises(mus.WrongPhaseError):
            mus.tips(state)
        state = state.apply(Action.shuffle(seed=1))
        with self.assertRaises(mus.NotYourTurnError):
            mus.tips(state, 1)
        with self.assertRaises(mus.InvalidArgumentError):
            mus.tips(state, 4)


if __name__ == "__main__":
    unittest.main()
