"""mus.tournament in one process: matches depend on their seed only, chunks do not matter, and
the summary counts right. (The Dask run is compared with this one by the ctest
python_tournament_dask, tournament_dask_check.py.)"""

import dataclasses
import io
import json
import contextlib
import unittest

import mus
from mus import Bot
from mus.tournament import POOL, Spec, main, mean_se, play_match, run_local, summary, wilson


class TournamentTest(unittest.TestCase):
    spec = Spec(bots=(Bot("heuristic"), Bot("random")), matches=6, first_seed=40, chunk=4)

    def test_a_match_is_its_seed(self):
        a = play_match("standard", self.spec.bots, 7)
        self.assertEqual(play_match("standard", self.spec.bots, 7), a)
        self.assertEqual(a.bot_of_team, ("heuristic", "random"))
        swapped = play_match("standard", self.spec.bots, 7, swapped=True)
        self.assertEqual(swapped.bot_of_team, ("random", "heuristic"))
        self.assertIn(a.winner_team, (0, 1))
        self.assertGreater(a.hands, 0)
        self.assertGreater(a.decisions, 0)

    def test_chunks_do_not_change_the_results(self):
        results = run_local(self.spec)
        self.assertEqual(len(results), 12)
        self.assertEqual([(r.seed, r.swapped) for r in results],
                         [(s, w) for s in range(40, 46) for w in (False, True)])
        for chunk in (1, 5, 100):
            self.assertEqual(run_local(dataclasses.replace(self.spec, chunk=chunk)), results)
        self.assertEqual(self.spec.chunks(), [(40, 44), (44, 46)])
        single = run_local(dataclasses.replace(self.spec, duplicate=False))
        self.assertEqual(single, [r for r in results if not r.swapped])

    def test_summary(self):
        results = run_local(self.spec)
        report = summary(self.spec, results)
        wins = sum(r.winner_bot == "heuristic" for r in results)
        self.assertEqual(report["first_bot_wins"], wins)
        self.assertEqual(report["matches"], 12)
        low, high = report["wilson95"]
        self.assertLessEqual(low, wins / 12)
        self.assertGreaterEqual(high, wins / 12)

    def test_wilson(self):
        low, high = wilson(95, 100)
        self.assertAlmostEqual(low, 0.8883, places=3)
        self.assertAlmostEqual(high, 0.9785, places=3)
        self.assertEqual(wilson(0, 0), (0.0, 1.0))

    def test_mean_se(self):
        self.assertEqual(mean_se([]), (0.0, 0.0))
        self.assertEqual(mean_se([7.0]), (7.0, 0.0))
        mean, se = mean_se([1.0, 2.0, 3.0, 4.0])
        self.assertEqual(mean, 2.5)
        self.assertAlmostEqual(se, 0.6454972, places=6)   # sqrt(5/3) / 2

    def test_capped_points_and_ordagos(self):
        # The órdago lover calls many; every accepted one ends a game, so it is counted in the
        # capped points, and the winner of a standard match won two games of 40.
        bots = (Bot("ordago"), Bot("heuristic"))
        called = 0
        for seed in range(3):
            r = play_match("standard", bots, seed)
            for team in (0, 1):
                c, a, w = r.ordagos[team]
                self.assertGreaterEqual(c, a)
                self.assertGreaterEqual(a, w)
                self.assertGreaterEqual(r.capped[team], 0)
            called += r.ordagos[0][0]
            self.assertGreaterEqual(r.capped[r.winner_team], 80)
            self.assertEqual(sum(r.team_decisions), r.decisions)
        self.assertGreater(called, 0)
        report = summary(Spec(bots=bots, matches=2), run_local(Spec(bots=bots, matches=2)))
        self.assertIn("capped", report["per_seed_points_per_hand"])
        self.assertGreater(report["ordagos_called_accepted_won"]["first_bot"][0], 0)
        self.assertEqual(POOL, ("tight", "loose", "station", "ordago", "careful", "heuristic"))

    def test_command_line_in_one_process(self):
        out = io.StringIO()
        with contextlib.redirect_stdout(out):
            self.assertEqual(main(["--bots", "heuristic", "random", "--matches", "3",
                                   "--first-seed", "40", "--chunk", "2"]), 0)
        report = json.loads(out.getvalue())
        self.assertEqual(report["where"], "one process")
        self.assertEqual(report["matches"], 6)
        expected = summary(self.spec, run_local(dataclasses.replace(self.spec, matches=3)))
        self.assertEqual(report["first_bot_wins"], expected["first_bot_wins"])


if __name__ == "__main__":
    unittest.main()
