"""mus.Env: the RL-shaped loop, its rewards checked against the C API's count, determinism,
errors and observations."""

import array
import random
import unittest

import mus
from mus import Env, legal_ids


def play(env, rng, hands, on_step=None):
    """Random self-play (uniform over the legal ids) for ``hands`` hands, across matches."""
    seat, obs, mask = env.reset()
    done_hands = 0
    while done_hands < hands:
        action_id = rng.choice(legal_ids(mask))
        before = env.state
        seat, obs, mask, rewards, done, info = env.step(action_id)
        if on_step:
            on_step(before, action_id, seat, obs, mask, rewards, done, info)
        if info["hand_over"]:
            done_hands += 1
        if done:
            seat, obs, mask = env.reset()
    return done_hands


class EnvRewardsTest(unittest.TestCase):
    def test_thousands_of_hands_rewards_are_the_counts(self):
        # Every hand's rewards are the points of its count (mus_state_last_count); every other
        # step gives (0, 0); the next seat, mask and observation are the state's.
        checked = {"hands": 0, "ordagos": 0, "matches": 0}

        def on_step(before, action_id, seat, obs, mask, rewards, done, info):
            state = obs.state() if obs is not None else None
            self.assertEqual(info["hand_points"], rewards)
            if info["hand_over"]:
                count = (state or env_state_after(before, action_id)).last_count()
                self.assertIsNotNone(count)
                expected = (count.score_after[0] - count.score_before[0],
                            count.score_after[1] - count.score_before[1])
                self.assertEqual(rewards, expected)
                checked["hands"] += 1
                if count.end == mus.HandEnd.ORDAGO:
                    checked["ordagos"] += 1
                    self.assertIsNotNone(info["game_winner"])
            else:
                self.assertEqual(rewards, (0, 0))
            if done:
                checked["matches"] += 1
                self.assertIsNone(seat)
                self.assertEqual(mask, 0)
                self.assertIn(info["match_winner"], (0, 1))
            else:
                self.assertEqual(seat, state.to_act)
                self.assertEqual(mask, state.legal_mask())
                self.assertEqual(obs.seat, seat)
                self.assertEqual(info["match_winner"], None)

        def env_state_after(before, action_id):
            return before.apply_id(action_id)

        for preset, seed in (("standard", 1), ("basque", 2), ("online", 3)):
            env = Env(preset, seed=seed)
            self.assertEqual(play(env, random.Random(seed), 1000, on_step), 1000)
        self.assertEqual(checked["hands"], 3000)
        self.assertGreater(checked["ordagos"], 0)
        self.assertGreater(checked["matches"], 0)

    def test_points_add_up_to_the_scores(self):
        # With a target out of reach in 150 hands without bets (no game won), the rewards of
        # all hands sum to the state's scores.
        env = Env(mus.Rules.preset("standard", target=999), seed=9)
        totals = [0, 0]

        def on_step(before, action_id, seat, obs, mask, rewards, done, info):
            totals[0] += rewards[0]
            totals[1] += rewards[1]

        rng = random.Random(9)
        seat, obs, mask = env.reset()
        hands = 0
        while hands < 150 and not env.done:
            ids = [i for i in legal_ids(mask)  # no bet, no órdago
                   if not mus._abi.MUS_ACTION_ID_BET <= i <= mus._abi.MUS_ACTION_ID_ORDAGO]
            seat, obs, mask, rewards, done, info = env.step(rng.choice(ids))
            on_step(None, None, seat, obs, mask, rewards, done, info)
            hands += info["hand_over"]
        self.assertEqual(hands, 150)
        self.assertEqual(tuple(totals), env.state.score)

    def test_match_reward(self):
        env = Env("standard", seed=4, reward="match")
        rng = random.Random(4)
        seat, obs, mask = env.reset()
        while True:
            seat, obs, mask, rewards, done, info = env.step(rng.choice(legal_ids(mask)))
            if done:
                break
            self.assertEqual(rewards, (0, 0))
        winner = info["match_winner"]
        self.assertEqual(rewards, (1, -1) if winner == 0 else (-1, 1))
        self.assertEqual(env.state.match_winner, winner)


class EnvBehaviourTest(unittest.TestCase):
    def trajectory(self, seed, steps=400):
        env = Env("standard", seed=seed, first_dealer=None)
        rng = random.Random(0)
        out = [env.reset()[2]]
        for _ in range(steps):
            seat, obs, mask, rewards, done, info = env.step(rng.choice(legal_ids(env.legal_mask)))
            out.append((seat, mask, rewards, done, env.state.to_text()))
            if done:
                out.append(env.reset()[2])
        return out

    def test_the_seed_decides_everything(self):
        self.assertEqual(self.trajectory(5), self.trajectory(5))
        self.assertNotEqual(self.trajectory(5), self.trajectory(6))

    def test_reset_with_a_seed_restarts_the_generator(self):
        env = Env("standard", seed=1)
        first = env.reset(seed=77)
        env.step(legal_ids(first[2])[0])
        again = env.reset(seed=77)
        self.assertEqual(first[0], again[0])
        self.assertEqual(first[1], again[1])
        self.assertEqual(first[2], again[2])

    def test_reset_deals_and_asks_a_seat(self):
        env = Env("standard", seed=3)
        seat, obs, mask = env.reset()
        state = env.state
        self.assertEqual(state.phase, mus.Phase.MUS)
        self.assertEqual(seat, state.to_act)
        self.assertEqual(mask, state.legal_mask())
        self.assertEqual(obs.view, state.view(seat))
        self.assertEqual(obs.view.hand, state.hand(seat))
        self.assertEqual(obs.view_text(), state.view_text(seat))

    def test_illegal_ids_raise_and_change_nothing(self):
        env = Env("standard", seed=3)
        seat, obs, mask = env.reset()
        before = env.state
        illegal = next(i for i in range(mus.ACTION_ID_COUNT) if not mask >> i & 1 and i != 0)
        with self.assertRaises(mus.ActionError):
            env.step(illegal)
        with self.assertRaises(mus.WrongPhaseError):
            env.step(0)  # the shuffle is chance's, inside the env
        for bad in (-1, mus.ACTION_ID_COUNT, 2**40):
            with self.assertRaises(mus.InvalidArgumentError):
                env.step(bad)
        self.assertEqual(env.state, before)
        self.assertEqual(env.legal_mask, mask)

    def test_step_before_reset_and_after_the_end(self):
        env = Env("standard", seed=8)
        with self.assertRaises(mus.WrongPhaseError):
            env.step(1)
        rng = random.Random(8)
        seat, obs, mask = env.reset()
        done = False
        while not done:
            seat, obs, mask, rewards, done, info = env.step(rng.choice(legal_ids(mask)))
        with self.assertRaises(mus.MatchOverError):
            env.step(1)

    def test_observations_stay_valid_after_later_steps(self):
        env = Env("standard", seed=2)
        seat, obs, mask = env.reset()
        state = env.state
        env.step(legal_ids(mask)[0])
        self.assertEqual(obs.view, state.view(seat))
        self.assertEqual(obs.state(), state)
        self.assertEqual(env.observation((seat + 1) % 4).view, env.state.view((seat + 1) % 4))

    def test_tensor_is_the_c_observation(self):
        env = Env("standard", seed=12)
        seat, obs, mask = env.reset()
        t = obs.tensor(numpy=False)
        self.assertIsInstance(t, array.array)
        self.assertEqual(t.typecode, "f")
        self.assertEqual(len(t), mus._abi.MUS_VIEW_TENSOR_SIZE)
        # The own-cards block: one float per card id, set for the seat's four cards.
        cards = [i for i in range(40) if t[mus._abi.MUS_TENSOR_OFF_CARDS + i]]
        self.assertEqual(cards, sorted(obs.view.hand.ids))
        self.assertEqual(obs.tensor(numpy=False), t)     # the same state, the same numbers
        self.assertEqual(env.state.view_tensor(seat, numpy=False), t)   # State's, the same
        # What another seat sees differs (its own cards).
        other = env.observation((seat + 1) % 4).tensor(numpy=False)
        self.assertNotEqual(other, t)

    def test_tensor_as_numpy_shares_the_buffer(self):
        try:
            import numpy
        except ImportError:
            env = Env("standard", seed=12)
            obs = env.reset()[1]
            self.assertIsInstance(obs.tensor(), array.array)   # no numpy: array('f')
            with self.assertRaises(ImportError):
                obs.tensor(numpy=True)
            return
        env = Env("standard", seed=12)
        obs = env.reset()[1]
        t = obs.tensor()
        self.assertIsInstance(t, numpy.ndarray)
        self.assertEqual(t.dtype, numpy.float32)
        self.assertIsInstance(t.base.obj, array.array)   # a view of the array("f"), no copy
        self.assertFalse(t.flags.owndata)
        self.assertEqual(list(t), list(obs.tensor(numpy=False)))

    def test_bad_arguments(self):
        with self.assertRaises(ValueError):
            Env("standard", reward="money")
        with self.assertRaises(ValueError):
            Env("standard", first_dealer=4)
        with self.assertRaises(mus.InvalidRulesError):
            Env(mus.Rules.preset("standard").replace(target=0))

    def test_legal_ids(self):
        self.assertEqual(legal_ids(0), [])
        self.assertEqual(legal_ids(0b10110), [1, 2, 4])
        self.assertEqual(legal_ids(1 << 55), [55])


if __name__ == "__main__":
    unittest.main()
