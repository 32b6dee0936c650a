"""mus.VecEnv: the batch through numpy arrays shared with the library: shapes and zero copy,
bit-identical arrays for every thread count and batch size, rewards equal to each hand's count
and to mus.Env's definitions, the auto-reset, and errors. Needs numpy: skipped without it,
unless MUS_REQUIRE_NUMPY=1 (the ctest python_vecenv_numpy runs it with a Python that has it)."""

import os
import unittest

import mus

try:
    import numpy as np
except ImportError:  # pragma: no cover - depends on the system
    np = None
    if os.environ.get("MUS_REQUIRE_NUMPY") == "1":
        raise


def play(env, steps, seed):
    """Random legal actions for ``steps`` steps; a copy of every array at every step."""
    rng = np.random.default_rng(seed)
    seat, obs, mask = env.reset()
    frames = [(seat.copy(), None if obs is None else obs.copy(), mask.copy())]
    for _ in range(steps):
        actions = env.random_actions(rng)
        out = env.step(actions)
        seat, obs, mask, rewards, done, info = out
        frames.append((seat.copy(), None if obs is None else obs.copy(), mask.copy(),
                       rewards.copy(), done.copy(), {k: v.copy() for k, v in info.items()}))
    return frames


def game_rows(frames, games):
    """Only the first ``games`` rows of every array of every frame."""
    out = []
    for f in frames:
        row = []
        for x in f:
            if isinstance(x, dict):
                row.append({k: v[:games] for k, v in x.items()})
            else:
                row.append(None if x is None else x[:games])
        out.append(row)
    return out


def assert_frames_equal(test, a, b):
    test.assertEqual(len(a), len(b))
    for fa, fb in zip(a, b):
        for xa, xb in zip(fa, fb):
            if isinstance(xa, dict):
                for k in xa:
                    test.assertTrue(np.array_equal(xa[k], xb[k]), k)
            elif xa is None:
                test.assertIsNone(xb)
            else:
                test.assertEqual(xa.tobytes(), xb.tobytes())


@unittest.skipIf(np is None, "mus.VecEnv needs numpy, which this Python does not have")
class VecEnvTest(unittest.TestCase):
    def test_arrays_are_shared_and_typed(self):
        with mus.VecEnv("standard", num_envs=5, seed=3) as env:
            seat, obs, mask = env.reset()
            self.assertEqual((seat.dtype, seat.shape), (np.int32, (5,)))
            self.assertEqual((obs.dtype, obs.shape), (np.float32, (5, mus.vecenv.TENSOR_SIZE)))
            self.assertEqual((mask.dtype, mask.shape), (np.uint64, (5,)))
            out = env.step(env.random_actions(np.random.default_rng(1)))
            self.assertIs(out[0], seat)        # the same buffers, written in place
            self.assertIs(out[1], obs)
            self.assertIs(out[2], mask)
            rewards, done, info = out[3], out[4], out[5]
            self.assertEqual((rewards.dtype, rewards.shape), (np.float32, (5, 2)))
            self.assertEqual(done.dtype, np.bool_)
            self.assertEqual(sorted(info), ["game_winner", "hand_over", "match_winner",
                                            "truncated"])
            for g in range(5):
                s = env.state(g)
                self.assertEqual(s.to_act, int(seat[g]))
                self.assertEqual(s.legal_mask(), int(mask[g]))
                self.assertEqual(list(s.view_tensor(int(seat[g]), numpy=True)), list(obs[g]))
            legal = env.legal_matrix()
            self.assertEqual(legal.shape, (5, mus.ACTION_ID_COUNT))
            for g in range(5):
                self.assertEqual([i for i in range(56) if legal[g, i]],
                                 env.state(g).legal_action_ids())

    def test_bit_identical_for_threads_and_batch_sizes(self):
        # Game g plays the same whatever the batch and the threads: the smaller batches replay
        # the first games' actions of the large one, and every array must be the same.
        steps = 300
        big = mus.VecEnv("standard target=10", num_envs=1024, seed=11, first_dealer=None,
                         max_steps=120)
        rng = np.random.default_rng(5)
        seat, obs, mask = big.reset()
        actions_log = []
        frames = [(seat.copy(), obs.copy(), mask.copy())]
        for _ in range(steps):
            a = big.random_actions(rng)
            actions_log.append(a.copy())
            seat, obs, mask, rewards, done, info = big.step(a)
            frames.append((seat.copy(), obs.copy(), mask.copy(), rewards.copy(), done.copy(),
                           {k: v.copy() for k, v in info.items()}))
        big.close()
        self.assertTrue(any(f[4].any() for f in frames[1:]))       # matches ended
        self.assertTrue(any(f[5]["truncated"].any() for f in frames[1:]))
        for n, threads in ((1, 1), (7, 1), (7, 2), (300, 3), (1024, 2), (1024, 4)):
            with self.subTest(n=n, threads=threads):
                env = mus.VecEnv("standard target=10", num_envs=n, seed=11, threads=threads,
                                 first_dealer=None, max_steps=120)
                seat, obs, mask = env.reset()
                mine = [(seat.copy(), obs.copy(), mask.copy())]
                for a in actions_log:
                    seat, obs, mask, rewards, done, info = env.step(a[:n])
                    mine.append((seat.copy(), obs.copy(), mask.copy(), rewards.copy(),
                                 done.copy(), {k: v.copy() for k, v in info.items()}))
                env.close()
                assert_frames_equal(self, mine, game_rows(frames, n))

    def test_points_rewards_are_the_counts(self):
        env = mus.VecEnv("standard", num_envs=64, seed=2)
        rng = np.random.default_rng(0)
        env.reset()
        hands = 0
        for _ in range(400):
            seat, obs, mask, rewards, done, info = env.step(env.random_actions(rng))
            for g in range(64):
                if not info["hand_over"][g]:
                    self.assertEqual(tuple(rewards[g]), (0.0, 0.0))
                    continue
                hands += 1
                if done[g]:
                    continue       # the game restarted: its count is gone with the match
                c = env.state(g).last_count()
                self.assertEqual(tuple(rewards[g]),
                                 (c.score_after[0] - c.score_before[0],
                                  c.score_after[1] - c.score_before[1]))
        self.assertGreater(hands, 100)
        env.close()

    def test_match_reward_is_reported_once_then_the_game_restarts(self):
        env = mus.VecEnv("standard target=5", num_envs=16, seed=9, reward="match")
        rng = np.random.default_rng(4)
        env.reset()
        ends = 0
        was_done = np.zeros(16, dtype=bool)
        for _ in range(600):
            seat, obs, mask, rewards, done, info = env.step(env.random_actions(rng))
            for g in range(16):
                if done[g]:
                    ends += 1
                    w = int(info["match_winner"][g])
                    self.assertIn(w, (0, 1))
                    self.assertEqual(tuple(rewards[g]), (1.0, -1.0) if w == 0 else (-1.0, 1.0))
                    s = env.state(g)       # already the next match, at its first decision
                    self.assertEqual((s.hand_number, s.score, s.games), (1, (0, 0), (0, 0)))
                    self.assertEqual(s.to_act, int(seat[g]))
                else:
                    self.assertEqual(tuple(rewards[g]), (0.0, 0.0))
                    self.assertEqual(int(info["match_winner"][g]), -1)
                    if was_done[g]:
                        self.assertEqual(env.state(g).hand_number, 1)
            was_done = done.copy()
        self.assertGreater(ends, 5)
        env.close()

    def test_errors(self):
        env = mus.VecEnv("standard", num_envs=3, seed=1, threads=2)
        with self.assertRaises(mus.WrongPhaseError):
            env.step([1, 1, 1])                 # before reset()
        seat, obs, mask = env.reset()
        before = [env.state(g) for g in range(3)]
        legal = env.random_actions(np.random.default_rng(0))
        bad = legal.copy()
        bad[2] = 0                              # the shuffle id is never a player's
        with self.assertRaises(mus.IllegalActionError) as e:
            env.step(bad)
        self.assertIn("game 2", str(e.exception))
        bad[2] = 56
        with self.assertRaises(mus.InvalidArgumentError):
            env.step(bad)
        with self.assertRaises(ValueError):
            env.step(legal[:2])
        with self.assertRaises(TypeError):
            env.step(np.zeros(3, dtype=np.float32))
        self.assertEqual([env.state(g) for g in range(3)], before)   # nothing moved
        with self.assertRaises(mus.InvalidArgumentError):
            env.state(3)
        env.step(legal)
        with self.assertRaises(mus.InvalidArgumentError):
            mus.VecEnv("standard", num_envs=0)
        with self.assertRaises(mus.InvalidArgumentError):
            mus.VecEnv("standard", num_envs=2, threads=65)
        with self.assertRaises(ValueError):
            mus.VecEnv("standard", num_envs=2, reward="score")
        with self.assertRaises(mus.ParseError):
            mus.VecEnv("standard target=0", num_envs=2)
        env.close()
        env.close()                             # closing twice does nothing
        with self.assertRaises(mus.InvalidArgumentError):
            env.reset()
        self.assertEqual(len(env.seat), 3)      # the arrays stay, with their last values

    def test_lifetime_one_release(self):
        # `with` closes; a VecEnv dropped without close() is released when collected.
        import gc
        with mus.VecEnv("standard", num_envs=130, seed=1, threads=3) as env:
            env.reset()
            release = env._release
            self.assertTrue(release.alive)
        self.assertFalse(release.alive)
        env = mus.VecEnv("standard", num_envs=130, seed=1, threads=3)
        release = env._release
        del env
        gc.collect()
        self.assertFalse(release.alive)

    def test_info_is_the_batch_info_record(self):
        from mus import _abi
        with mus.VecEnv("standard target=5", num_envs=32, seed=4) as env:
            env.reset()
            rng = np.random.default_rng(1)
            finished = 0
            for _ in range(300):
                seat, obs, mask, rewards, done, info = env.step(env.random_actions(rng))
                self.assertEqual([k for k, _ in _abi.mus_batch_info._fields_],
                                 ["hand_over", "game_winner", "match_winner"])
                for name in ("hand_over", "game_winner", "match_winner"):
                    self.assertEqual(info[name].dtype, np.int32)
                self.assertTrue(np.isin(info["hand_over"], (0, 1)).all())
                self.assertTrue(np.isin(info["game_winner"], (-1, 0, 1)).all())
                self.assertTrue(((info["match_winner"] >= 0) == done).all())
                finished += int(info["hand_over"].sum())
            self.assertGreater(finished, 50)

    def test_kind_first_actions(self):
        from mus import _abi
        from mus.vecenv import kind_first_actions
        # The blocks (generated from the manifest) tile the action-id space in ActionKind order.
        blocks = mus.enums.ACTION_ID_BLOCKS
        self.assertEqual([first for first, _ in blocks],
                         [getattr(_abi, "MUS_ACTION_ID_" + k.name) for k in mus.ActionKind])
        self.assertEqual(sum(n for _, n in blocks), mus.ACTION_ID_COUNT)
        bet = blocks[mus.ActionKind.BET - 1]
        self.assertEqual(bet, (_abi.MUS_ACTION_ID_BET, _abi.MUS_BET_LADDER_SIZE))
        rng = np.random.default_rng(3)
        n = 4000
        legal = np.zeros((n, mus.ACTION_ID_COUNT), dtype=bool)
        legal[:, _abi.MUS_ACTION_ID_PASS] = True
        legal[:, _abi.MUS_ACTION_ID_BET:_abi.MUS_ACTION_ID_BET + 16] = True
        legal[:n // 2, _abi.MUS_ACTION_ID_ORDAGO] = True
        ids = kind_first_actions(legal, rng.random((n, 11)), rng.random((n, 56)))
        self.assertEqual(ids.dtype, np.int32)
        self.assertTrue(legal[np.arange(n), ids].all())
        # A kind first: pass is half the choices where it competes with the bets only, a third
        # where the órdago is legal too (uniform over ids would give 1/17 and 1/18).
        first, second = ids[:n // 2], ids[n // 2:]
        self.assertAlmostEqual(float((first == _abi.MUS_ACTION_ID_PASS).mean()), 1 / 3, delta=0.04)
        self.assertAlmostEqual(float((second == _abi.MUS_ACTION_ID_PASS).mean()), 1 / 2, delta=0.04)
        self.assertAlmostEqual(float((first == _abi.MUS_ACTION_ID_ORDAGO).mean()), 1 / 3,
                               delta=0.04)

    def test_without_observations(self):
        env = mus.VecEnv("basque", num_envs=4, seed=1, observations=False)
        seat, obs, mask = env.reset()
        self.assertIsNone(obs)
        out = env.step(env.random_actions(np.random.default_rng(2)))
        self.assertIsNone(out[1])
        env.close()


if __name__ == "__main__":
    unittest.main()
