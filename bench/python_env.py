#!/usr/bin/env python3
"""Random self-play from Python, hands per second, three ways (a benchmark, not a test):

env       mus.Env: reset()/step(action_id) with chance inside, the observation objects made
          (lazy: no view or tensor computed), rewards and info checked by nobody;
env-unif  the same with a player uniform over the legal ids (longer hands);
raw       the binding's State.step(): one mus_step per action through immutable States;
playouts  mus.playouts(): whole hands played inside the library by its random bot, one call
          for the whole batch (helper B's mus_playouts), when the library has it.

Players pick like the C benchmarks' random player (bench/random_policy.h): a kind of action
uniformly among the legal kinds, then one of that kind's ids uniformly, so hands have the same
length as in mus_bench_match's playouts (about 11 actions a hand, standard rules) and the
figures can be put beside its C figure (BM_CApiRandomPlayoutStep; docs/performance.md).

    MUS_LIBRARY=build/capi/libmus.so.0 PYTHONPATH=capi/python python3 bench/python_env.py \
        [--hands N] [--preset standard] [--repeat 3]

Prints the median of --repeat runs of each, in hands per second.
"""

import argparse
import random
import statistics
import sys
import time

import mus
from mus.enums import ACTION_ID_BLOCKS

# The blocks of the action-id space as masks, one per kind of action (generated from mus.h).
_BLOCKS = [((1 << n) - 1) << first for first, n in ACTION_ID_BLOCKS]


class KindFirstPlayer:
    """The random player of bench/random_policy.h in Python (Python's own generator): the ids of
    each legal kind are worked out once per distinct mask and kept."""

    def __init__(self, seed):
        self._random = random.Random(seed).random
        self._kinds = {}

    def __call__(self, mask):
        kinds = self._kinds.get(mask)
        if kinds is None:
            kinds = tuple(tuple(mus.legal_ids(mask & block)) for block in _BLOCKS
                          if mask & block)
            self._kinds[mask] = kinds
        r = self._random
        ids = kinds[int(r() * len(kinds))]
        return ids[int(r() * len(ids))] if len(ids) > 1 else ids[0]


class UniformPlayer:
    """Uniform over the legal ids (hands are about twice as long: mostly signals, discards)."""

    def __init__(self, seed):
        self._random = random.Random(seed).random
        self._ids = {}

    def __call__(self, mask):
        ids = self._ids.get(mask)
        if ids is None:
            ids = self._ids[mask] = tuple(mus.legal_ids(mask))
        return ids[int(self._random() * len(ids))]


STEPS = {}


def bench_env(preset, hands, seed, player=KindFirstPlayer):
    env = mus.Env(preset, seed=seed)
    pick = player(seed)
    seat, obs, mask = env.reset()
    done_hands = steps = 0
    start = time.perf_counter()
    while done_hands < hands:
        seat, obs, mask, rewards, done, info = env.step(pick(mask))
        steps += 1
        if info["hand_over"]:
            done_hands += 1
        if done:
            seat, obs, mask = env.reset()
    elapsed = time.perf_counter() - start
    STEPS[player.__name__] = steps / done_hands
    return done_hands / elapsed


def bench_env_uniform(preset, hands, seed):
    return bench_env(preset, hands, seed, UniformPlayer)


def bench_raw(preset, hands, seed):
    rules = mus.Rules.preset(preset)
    pick = KindFirstPlayer(seed)
    rng = random.Random(seed)
    state = mus.State.new(rules, 0)
    mask = state.legal_mask()
    done_hands = 0
    start = time.perf_counter()
    while done_hands < hands:
        if mask == 1:
            state, info = state.step(0, rng.getrandbits(64))
        else:
            state, info = state.step(pick(mask))
        mask = info.legal_mask
        if info.hand_over:
            done_hands += 1
        if info.match_winner is not None:
            state = mus.State.new(rules, 0)
            mask = state.legal_mask()
    return done_hands / (time.perf_counter() - start)


def bench_playouts(preset, hands, seed):
    state = mus.State.new(preset, 0)
    bot = mus.Bot("random")
    start = time.perf_counter()
    points = mus.playouts(state, bot, seed, hands, scope="hand")
    elapsed = time.perf_counter() - start
    assert len(points) == hands
    return hands / elapsed


def main(argv):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=50000)
    parser.add_argument("--preset", default="standard")
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv[1:])
    print("libmus %s (%s), Python %s" % (mus.library_version(), mus.library_path(),
                                         sys.version.split()[0]))
    runs = [("env", bench_env), ("env-unif", bench_env_uniform), ("raw", bench_raw)]
    if hasattr(mus, "playouts"):
        runs.append(("playouts", bench_playouts))
    else:
        print("playouts: this binding has no mus.playouts (no bots API): skipped")
    for name, fn in runs:
        figures = [fn(args.preset, args.hands, args.seed + i) for i in range(args.repeat)]
        print("%-9s %s: %9.0f hands/s (median of %d runs of %d hands: %s)"
              % (name, args.preset, statistics.median(figures), args.repeat, args.hands,
                 ", ".join("%.0f" % f for f in figures)))
    for player, steps in STEPS.items():
        print("Env with %s: %.1f player actions a hand (chance inside the env)" % (player, steps))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
