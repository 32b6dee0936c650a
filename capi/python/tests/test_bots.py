"""The bots binding: mus.Bot, mus.playouts (mus_bot_*, mus_bot_playouts)."""

import pickle
import unittest

import mus
from mus import Bot, BotKind, State

from _support import some_states


class BotTest(unittest.TestCase):
    def test_kinds_and_defaults(self):
        self.assertEqual(Bot("random").kind, BotKind.RANDOM)
        self.assertEqual(Bot(BotKind.HEURISTIC).kind, BotKind.HEURISTIC)
        search = Bot("search", playouts=64)
        self.assertEqual((search.kind, search.playouts, search.time_ms),
                         (BotKind.SEARCH, 64, 0))
        self.assertGreater(Bot("search").playouts, 0)   # the library's default budget
        self.assertEqual(pickle.loads(pickle.dumps(search)), search)
        with self.assertRaises(ValueError):
            Bot("clever")
        with self.assertRaises(ValueError):
            Bot(99)

    def test_exploiter_target(self):
        exploiter = Bot("exploiter", playouts=32, target="careful")
        self.assertEqual((exploiter.kind, exploiter.target), (BotKind.EXPLOITER, BotKind.CAREFUL))
        self.assertEqual(Bot("exploiter").target, BotKind.HEURISTIC)   # the default target
        self.assertIsNone(Bot("search").target)
        self.assertEqual(pickle.loads(pickle.dumps(exploiter)), exploiter)
        self.assertIn("target='careful'", repr(exploiter))
        state = some_states(3, 1)[0]
        with self.assertRaises(mus.InvalidArgumentError):   # an exploiter of an exploiter
            Bot("exploiter", target="exploiter").choose_id(state)
        with self.assertRaises(mus.InvalidArgumentError):   # a target for another kind
            Bot("search", target="heuristic").choose_id(state)

    def test_every_kind_chooses_a_legal_action_deterministically(self):
        bots = [Bot("random"), Bot("heuristic"), Bot("search", playouts=32), Bot("tight"),
                Bot("loose"), Bot("station"), Bot("ordago"), Bot("careful"),
                Bot("exploiter", playouts=32), Bot("exploiter", playouts=32, target="loose"),
                Bot("beginner"), Bot("amateur"), Bot("expert", playouts=32)]
        for state in some_states(1, 25):
            legal = set(state.legal_action_ids())
            for bot in bots:
                with self.subTest(bot=bot, state=state):
                    choice = bot.choose_id(state, seed=5)
                    self.assertIn(choice, legal)
                    self.assertEqual(bot.choose_id(state, seed=5), choice)
                    action = bot.choose(state, seed=5)   # the same choice, as an Action
                    self.assertIsInstance(action, mus.Action)
                    self.assertEqual(state.action_id(action), choice)
                    self.assertEqual(state.apply(action), state.apply_id(choice))

    def test_levels_weakest_first_with_their_names_and_bots(self):
        self.assertEqual([int(x) for x in mus.Level], list(range(5)))
        self.assertEqual([mus.level_name(x) for x in mus.Level],
                         ["beginner", "amateur", "club", "strong", "expert"])
        self.assertEqual([mus.level_display_name(x) for x in mus.Level],
                         ["principiante", "aficionado", "jugador de club", "fuerte", "experto"])
        for level in mus.Level:
            self.assertEqual(mus.parse_level(mus.level_name(level)), level)
            self.assertEqual(mus.parse_level(mus.level_display_name(level)), level)
        kinds = [BotKind.BEGINNER, BotKind.AMATEUR, BotKind.HEURISTIC, BotKind.SEARCH,
                 BotKind.EXPERT]
        self.assertEqual([Bot.for_level(x).kind for x in mus.Level], kinds)
        # A level's bot is its kind's default bot, however the level is named.
        self.assertEqual(Bot.for_level("experto"), Bot("expert"))
        self.assertEqual(Bot.for_level("club"), Bot("heuristic"))
        self.assertEqual(Bot.for_level(3), Bot("search", playouts=80))
        self.assertEqual(pickle.loads(pickle.dumps(Bot.for_level("expert"))), Bot("expert"))
        state = some_states(2, 1)[0]
        self.assertIn(Bot.for_level("principiante").choose_id(state, seed=1),
                      state.legal_action_ids())

    def test_level_errors(self):
        with self.assertRaises(mus.ParseError) as e:
            mus.parse_level("Experto")       # exactly as written
        self.assertIn("principiante", str(e.exception))
        with self.assertRaises(mus.ParseError):
            Bot.for_level("grandmaster")
        for bad in (5, -1, True, 2.0):
            with self.subTest(bad=bad):
                with self.assertRaises(ValueError):
                    Bot.for_level(bad)
                with self.assertRaises(ValueError):
                    mus.level_name(bad)
                with self.assertRaises(ValueError):
                    mus.level_display_name(bad)

    def test_errors(self):
        new = State.new()
        with self.assertRaises(mus.WrongPhaseError):
            Bot().choose(new)        # a shuffle is due
        state = new.apply(mus.Action.shuffle(seed=2))
        with self.assertRaises(mus.NotYourTurnError):
            Bot().choose(state, seat=(state.to_act + 1) % 4)
        with self.assertRaises(mus.InvalidArgumentError):
            Bot("search", playouts=-1).choose(state)
        with self.assertRaises(mus.InvalidArgumentError):
            Bot("heuristic").evaluate(state)

    def test_search_evaluates_legal_ids(self):
        for bot in (Bot("search", playouts=64), Bot("expert", playouts=64)):
            for state in some_states(3, 8):
                estimates = bot.evaluate(state, seed=1)
                self.assertTrue(estimates)
                self.assertLessEqual(set(estimates), set(state.legal_action_ids()))
                self.assertEqual(bot.evaluate(state, seed=1), estimates)


class PlayoutsTest(unittest.TestCase):
    def test_playouts_are_reproducible_points(self):
        state = State.new("standard", 0).apply(mus.Action.shuffle(seed=4))
        points = mus.playouts(state, Bot("heuristic"), seed=9, n=200)
        self.assertEqual(len(points), 200)
        self.assertEqual(mus.playouts(state, "heuristic", seed=9, n=200), points)
        self.assertTrue(all(a >= 0 and b >= 0 for a, b in points))
        self.assertTrue(any(a or b for a, b in points))
        self.assertEqual(mus.playouts(state, "random", seed=9, n=0), [])

    def test_playouts_in_pieces_are_one_series(self):
        state = State.new("standard", 1)
        whole = mus.playouts(state, "random", seed=11, n=50)
        pieces = (mus.playouts(state, "random", seed=11, n=20)
                  + mus.playouts(state, "random", seed=11, n=30, first=20))
        self.assertEqual(pieces, whole)
        self.assertEqual(mus.playouts(state, "random", seed=11, n=49, first=1), whole[1:])

    def test_match_scope_and_errors(self):
        state = State.new("standard", 0)
        self.assertEqual(len(mus.playouts(state, "random", seed=1, n=5, scope="match")), 5)
        with self.assertRaises(mus.InvalidArgumentError):
            mus.playouts(state, "random", seed=1, n=-1)
        with self.assertRaises(KeyError):
            mus.playouts(state, "random", seed=1, n=1, scope="game")


if __name__ == "__main__":
    unittest.main()
