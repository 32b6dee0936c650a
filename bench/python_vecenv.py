#!/usr/bin/env python3
"""mus.VecEnv, steps per second counting only the time inside step() (a benchmark, not a test).

N games (default 1,024) of standard rules, one thread, random legal actions chosen in numpy by
the playout benchmarks' random player (bench/random_policy.h: a kind of action uniformly among
the legal kinds, then one of its ids uniformly), outside the timed region. Two rows: without
observations, and with the (N, 216) observation tensor written at every step.

    MUS_LIBRARY=build/capi/libmus.so.0 PYTHONPATH=capi/python python3 bench/python_vecenv.py \
        [--games 1024] [--steps 2000] [--repeat 3] [--threads 1]

Prints, for each row, the median of --repeat runs: steps/s and hands/s of the wall time inside
step(), the share of the wall time spent there, and steps per CPU-second of the process inside
step() (a figure that a loaded machine disturbs less: with one thread it is the step's own
cost). Needs numpy.
"""

import argparse
import statistics
import sys
import time

import numpy as np

import mus
from mus.enums import ACTION_ID_BLOCKS
from mus.vecenv import kind_first_actions


class KindFirst:
    """One id per row of an (N, 56) bool matrix: a legal kind uniformly, then an id of it.
    Float32 draws into buffers made once: a policy that pours megabytes of temporaries through
    the cache between two steps slows the steps themselves (the games' states get evicted)."""

    def __init__(self, games, rng):
        self.rng = rng
        self.u1 = np.empty((games, len(ACTION_ID_BLOCKS)), dtype=np.float32)
        self.u2 = np.empty((games, mus.ACTION_ID_COUNT), dtype=np.float32)

    def __call__(self, legal):
        self.rng.random(out=self.u1, dtype=np.float32)
        self.rng.random(out=self.u2, dtype=np.float32)
        return kind_first_actions(legal, self.u1, self.u2)


def run(games, steps, observations, threads, seed):
    env = mus.VecEnv("standard", num_envs=games, seed=seed, threads=threads,
                     observations=observations)
    policy = KindFirst(games, np.random.default_rng(seed))
    env.reset()
    inside = cpu = 0.0
    hands = 0
    start = time.perf_counter()
    for _ in range(steps):
        actions = policy(env.legal_matrix())
        c0 = time.process_time()
        t0 = time.perf_counter()
        _, _, _, _, _, info = env.step(actions)
        inside += time.perf_counter() - t0
        cpu += time.process_time() - c0
        hands += int(info["hand_over"].sum())
    wall = time.perf_counter() - start
    env.close()
    return games * steps / inside, hands / inside, inside / wall, games * steps / cpu


def main(argv):
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--games", type=int, default=1024)
    p.add_argument("--steps", type=int, default=2000)
    p.add_argument("--repeat", type=int, default=3)
    p.add_argument("--threads", type=int, default=1)
    args = p.parse_args(argv)
    for name, obs in (("vecenv", False), ("vecenv-obs", True)):
        runs = [run(args.games, args.steps, obs, args.threads, 1 + r) for r in range(args.repeat)]
        steps = statistics.median(r[0] for r in runs)
        hands = statistics.median(r[1] for r in runs)
        share = statistics.median(r[2] for r in runs)
        per_cpu = statistics.median(r[3] for r in runs)
        print("%-10s standard: %d steps/s %d hands/s (N=%d, %d thread(s), %.0f%% of the wall "
              "time inside step(); %d steps per CPU-second inside step())"
              % (name, steps, hands, args.games, args.threads, 100 * share, per_cpu))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
