"""mus.ratings: the Bradley–Terry fit against known answers, the players of the list, and a short
seeded round robin that puts the expert level above the beginner (python3 -m mus.tournament
--ratings is the full list; this run is small enough for CI). Needs numpy: skipped without it,
except under MUS_REQUIRE_NUMPY=1 (the ctest python_ratings_numpy), where a skip is a failure."""

import contextlib
import io
import math
import os
import tempfile
import unittest

import mus
from mus import Bot, BotKind, Level

try:
    import numpy as np
except ImportError:  # pragma: no cover - depends on the interpreter
    np = None
    if os.environ.get("MUS_REQUIRE_NUMPY") == "1":
        raise

from mus import ratings, tournament


def expected_wins(elo, games):
    """The wins the model expects: wins[i][j] = games * P(i beats j)."""
    n = len(elo)
    w = np.zeros((n, n))
    for i in range(n):
        for j in range(n):
            if i != j:
                w[i, j] = games / (1 + 10 ** ((elo[j] - elo[i]) / 400))
    return w


@unittest.skipIf(np is None, "needs numpy")
class FitTest(unittest.TestCase):
    def test_recovers_the_ratings_that_made_the_results(self):
        truth = [0.0, 150.0, 320.0, 410.0, -80.0]
        f = ratings.fit(expected_wins(truth, 1000), anchor=0, prior_draws=0)
        for got, want in zip(f.ratings, truth):
            self.assertAlmostEqual(float(got), want, places=6)
        self.assertEqual(float(f.ratings[0]), 0.0)
        self.assertLess(f.iterations, 30)

    def test_interval_is_the_inverse_hessian(self):
        # Two players, n matches, even: var(r) = 1 / (n p (1 - p)) logits squared.
        n = 400
        f = ratings.fit(np.array([[0, n / 2], [n / 2, 0]]), anchor=0, prior_draws=0)
        se = ratings.ELO * math.sqrt(1 / (n * 0.25))
        low, high = f.interval(1)
        self.assertAlmostEqual(high - low, 2 * 1.96 * se, places=6)
        self.assertEqual(f.interval(0), (0.0, 0.0))   # the anchor
        d, dlow, dhigh = f.difference(1, 0)
        self.assertAlmostEqual(dhigh - dlow, 2 * 1.96 * se, places=6)

    def test_the_prior_keeps_a_winless_player_finite(self):
        wins = np.array([[0, 0, 0], [20, 0, 8], [20, 12, 0]])
        f = ratings.fit(wins, anchor=0)
        self.assertTrue(np.all(np.isfinite(f.ratings)))
        self.assertGreater(float(f.ratings[1]), 300)   # beat the anchor 20 to 0 (and a half)
        self.assertGreater(float(f.ratings[2]), float(f.ratings[1]))

    def test_bad_input(self):
        with self.assertRaises(ValueError):
            ratings.fit(np.zeros((1, 1)))
        with self.assertRaises(ValueError):
            ratings.fit(np.array([[1, 2], [3, 0]]))      # a diagonal
        with self.assertRaises(ValueError):
            ratings.fit(np.array([[0, -1], [3, 0]]))
        with self.assertRaises(ValueError):
            ratings.fit(np.array([[0, 1], [3, 0]]), anchor=2)


class PlayersTest(unittest.TestCase):
    def test_every_level_then_the_pool_heuristic_and_random_each_bot_once(self):
        everyone = ratings.players()
        ids = [p.id for p in everyone]
        self.assertEqual(ids, ["beginner", "amateur", "club", "strong", "expert", "tight",
                               "loose", "station", "ordago", "careful", "random"])
        club = everyone[2]
        self.assertEqual((club.name, club.also, club.level), ("jugador de club", "heuristic",
                                                              Level.CLUB))
        self.assertEqual(club.bot, Bot("heuristic"))
        self.assertEqual(len({p.bot for p in everyone}), len(everyone))
        self.assertEqual([p.bot.kind for p in everyone[:5]],
                         [BotKind.BEGINNER, BotKind.AMATEUR, BotKind.HEURISTIC, BotKind.SEARCH,
                          BotKind.EXPERT])

    def test_picking_players_by_id_name_or_kind(self):
        picked = ratings.players(["experto", "random", "heuristic"])
        self.assertEqual([p.id for p in picked], ["club", "expert", "random"])
        with self.assertRaises(ValueError) as e:
            ratings.players(["grandmaster"])
        self.assertIn("beginner", str(e.exception))


@unittest.skipIf(np is None, "needs numpy")
class RoundRobinTest(unittest.TestCase):
    def test_the_expert_level_above_the_beginner_on_a_small_seeded_sample(self):
        chosen, wins, f = ratings.run(["principiante", "experto"], matches=2, first_seed=11)
        self.assertEqual([p.id for p in chosen], ["beginner", "expert"])
        self.assertEqual(wins.sum(), 4)   # 2 seeds, each played both ways
        self.assertGreater(wins[1, 0], wins[0, 1])
        self.assertGreater(float(f.ratings[1]), float(f.ratings[0]))
        data = ratings.report(chosen, wins, f)
        self.assertEqual([row["id"] for row in data["players"]], ["expert", "beginner"])
        self.assertEqual(data["ladder"][0]["above"], "expert")
        self.assertEqual(data["ladder"][0]["below"], "beginner")
        again = ratings.round_robin(chosen, 2, first_seed=11)
        self.assertTrue((again == wins).all())   # seeded: the same matches

    def test_the_command_prints_the_list_and_writes_its_files(self):
        with tempfile.TemporaryDirectory() as d:
            table = os.path.join(d, "t.md")
            out = io.StringIO()
            with contextlib.redirect_stdout(out):
                rc = tournament.main(["--ratings", "--players", "random,beginner,amateur",
                                          "--matches", "3", "--table", table, "--results",
                                          os.path.join(d, "r.json")])
            self.assertEqual(rc, 0)
            text = out.getvalue()
            self.assertIn("| rank | player | bot | rating | 95% interval | matches won |", text)
            self.assertIn("amateur over beginner", text)
            with open(table, encoding="utf-8") as f:
                self.assertEqual(f.read(), text)
            self.assertTrue(os.path.exists(os.path.join(d, "r.json")))
        err = io.StringIO()
        with contextlib.redirect_stderr(err):
            self.assertEqual(tournament.main(["--ratings", "--players", "nobody"]), 2)
        self.assertIn("unknown player 'nobody'", err.getvalue())

    def test_the_plot_is_a_png(self):
        try:
            import matplotlib  # noqa: F401
        except ImportError:
            self.skipTest("needs matplotlib")
        chosen, wins, f = ratings.run(["random", "beginner"], matches=3)
        with tempfile.TemporaryDirectory() as d:
            path = os.path.join(d, "r.png")
            ratings.plot(ratings.report(chosen, wins, f), path, 3)
            with open(path, "rb") as png:
                self.assertEqual(png.read(8), b"\x89PNG\r\n\x1a\n")


if __name__ == "__main__":
    unittest.main()
