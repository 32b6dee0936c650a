#!/usr/bin/env python3
"""The mus.VecEnv loop of docs/learning.md: 1,024 matches, random legal actions chosen in numpy,
500 steps; prints the hands and matches finished and each team's points. Needs numpy."""

import sys

import mus

try:
    import numpy as np
except ImportError:
    sys.exit("vecenv_loop.py needs numpy: " + mus.vecenv.NUMPY_HINT)


def main():
    # [loop]
    with mus.VecEnv("standard", num_envs=1024, seed=7) as env:   # threads=2: the same arrays
        rng = np.random.default_rng(0)
        seat, obs, mask = env.reset()                            # (N,), (N, 216), (N,)
        hands = matches = 0
        points = np.zeros(2)
        for _ in range(500):
            legal = env.legal_matrix()                   # (N, 56) bools: PettingZoo's action_mask
            actions = np.where(legal, rng.random(legal.shape), -1).argmax(axis=1)  # the policy
            seat, obs, mask, rewards, done, info = env.step(actions)
            hands += int(info["hand_over"].sum())
            matches += int(done.sum())                   # those games have restarted already
            points += rewards.sum(axis=0)                # (N, 2): team 0, team 1
    # [loop]
    print("%d hands, %d matches, points %d and %d" % (hands, matches, points[0], points[1]))
    assert hands > 10000 and matches > 0 and points.min() > hands


if __name__ == "__main__":
    main()
