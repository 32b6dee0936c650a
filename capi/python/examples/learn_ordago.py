#!/usr/bin/env python3
"""Learning one decision by self-play on mus.VecEnv: whether to accept an órdago.

A small policy (logistic, numpy only) decides, for the seat that must answer an órdago, between
quiero (accept) and no quiero (reject), from what that seat knows: its four cards and the lance
being played (its observation tensor). Every other decision of every seat is the random player
of the benchmarks (a kind of action, then one of its ids, uniformly), so órdagos are frequent.
Both teams answer with the same policy (self-play), which is trained by REINFORCE: a decision's
return is its hand's outcome for the team in units of a game, +1 or -1 when the hand decides a
game (an accepted órdago does), else the difference of the hand's points over the target.

Then it shows what it learned on duplicate deals: two batches with the same seed deal the same
cards to the same seats; in one the learned policy answers for team 0 and the heuristic bot
(mus.Bot) for team 1, in the other the other way round, and every other decision is the same
random player fed the same random numbers. The figure is the learned team's mean outcome per
deal (first hand of a match, in games) over both seatings, with its 95% interval, beside the
same figure for "always accept" and "always reject". The learning curve (that figure at each
checkpoint) is saved as a PNG when matplotlib is there.

    python3 capi/python/examples/learn_ordago.py                 # a few minutes
    python3 capi/python/examples/learn_ordago.py --quick         # seconds: the smoke test
    python3 capi/python/examples/learn_ordago.py --plot docs/images/learn_ordago.png
"""

import argparse
import sys
import time

import mus
from mus import _abi
from mus.vecenv import NUMPY_HINT, kind_first_actions

try:
    import numpy as np
except ImportError:
    sys.exit("learn_ordago.py needs numpy: " + NUMPY_HINT)

ACCEPT, REJECT = _abi.MUS_ACTION_ID_ACCEPT, _abi.MUS_ACTION_ID_REJECT
BET = _abi.MUS_TENSOR_OFF_BET                   # +0 a bet waits for an answer, +1 it is an órdago
CARDS, LANCE = _abi.MUS_TENSOR_OFF_CARDS, _abi.MUS_TENSOR_OFF_LANCE
N_FEATURES = 5 * 40 + 5                         # a weight per card and lance, a bias per lance

def features(obs):
    """(n, 205): the seat's cards crossed with the lance one-hot, then the lance one-hot."""
    cards, lance = obs[:, CARDS:CARDS + 40], obs[:, LANCE:LANCE + 5]
    return np.concatenate([(lance[:, :, None] * cards[:, None, :]).reshape(len(obs), 200), lance],
                          axis=1)


def facing_ordago(obs, legal):
    return (obs[:, BET] == 1) & (obs[:, BET + 1] == 1) & legal[:, ACCEPT] & legal[:, REJECT]


def sigmoid(z):
    return 1.0 / (1.0 + np.exp(-z))


def hand_outcome(rewards, info, target):
    """Team 0's outcome of the hands that ended in this step, in games."""
    won = info["game_winner"]
    return np.where(won == 0, 1.0, np.where(won == 1, -1.0, (rewards[:, 0] - rewards[:, 1]) / target))


def train(env, w, steps, rng, lr, target):
    """REINFORCE on `steps` steps of self-play; returns the decisions made."""
    seat, obs, mask = env.reset(int(rng.integers(1 << 62)))
    n = env.num_envs
    hand = np.zeros(n, dtype=np.int64)            # hands finished per game: keys the decisions
    pend_key, pend_x, pend_a, pend_p, pend_team = [], [], [], [], []
    out_key, out_val = [], []
    decisions = 0
    for _ in range(steps):
        legal = env.legal_matrix()
        actions = kind_first_actions(legal, rng.random((n, 11)), rng.random((n, 56)))
        dec = np.flatnonzero(facing_ordago(obs, legal))
        if dec.size:
            x = features(obs[dec])
            p = sigmoid(x @ w)
            a = (rng.random(dec.size) < p).astype(np.float64)
            actions[dec] = np.where(a == 1, ACCEPT, REJECT)
            pend_key.append(dec * 1_000_000 + hand[dec])
            pend_x.append(x)
            pend_a.append(a)
            pend_p.append(p)
            pend_team.append(seat[dec] % 2)
            decisions += dec.size
        seat, obs, mask, rewards, done, info = env.step(actions)
        ended = np.flatnonzero(info["hand_over"])
        if ended.size:
            out_key.append(ended * 1_000_000 + hand[ended])
            out_val.append(hand_outcome(rewards, info, target)[ended])
            hand[ended] += 1
    if not pend_key:
        return 0
    key, x = np.concatenate(pend_key), np.concatenate(pend_x)
    a, p, team = np.concatenate(pend_a), np.concatenate(pend_p), np.concatenate(pend_team)
    okey, oval = np.concatenate(out_key), np.concatenate(out_val)
    order = np.argsort(okey)
    okey, oval = okey[order], oval[order]
    at = np.clip(np.searchsorted(okey, key), 0, len(okey) - 1)
    known = okey[at] == key                        # decisions whose hand has ended
    ret = np.where(team == 0, oval[at], -oval[at])[known]
    x, a, p = x[known], a[known], p[known]
    lance = x[:, 200:]                             # a baseline per lance: the mean return
    base = (lance * ((lance.T @ ret) / np.maximum(lance.sum(axis=0), 1))).sum(axis=1)
    # The gradient of each weight averaged over the decisions whose features hold it (a card
    # shows up in few of them): every weight learns at the same pace.
    grad = ((ret - base) * (a - p)) @ x / np.maximum(x.sum(axis=0), 1.0)
    w += lr * grad
    return decisions


def evaluate(w, answer, games, seed, target, max_steps=400):
    """Duplicate deals: each game's first hand, the policy `answer` ('learned', 'accept',
    'reject') for one team and the heuristic bot's answers for the other, both seatings.
    Returns the per-deal outcomes of the policy's team (in games)."""
    bot = mus.Bot("heuristic")
    results = []
    for ours in (0, 1):
        with mus.VecEnv("standard", num_envs=games, seed=seed) as env:
            seat, obs, mask = env.reset()
            rng = np.random.default_rng(seed)           # the same draws in both seatings
            outcome = np.full(games, np.nan)
            for step in range(max_steps):
                legal = env.legal_matrix()
                actions = kind_first_actions(legal, rng.random((games, 11)),
                                             rng.random((games, 56)))
                dec = facing_ordago(obs, legal)
                mine = np.flatnonzero(dec & (seat % 2 == ours))
                if mine.size:
                    if answer == "learned":
                        acc = sigmoid(features(obs[mine]) @ w) >= 0.5
                    else:
                        acc = np.full(mine.size, answer == "accept")
                    actions[mine] = np.where(acc, ACCEPT, REJECT)
                for g in np.flatnonzero(dec & (seat % 2 != ours)):
                    actions[g] = bot.choose_id(env.state(int(g)), seed=step)
                seat, obs, mask, rewards, done, info = env.step(actions)
                ended = np.flatnonzero(info["hand_over"] & np.isnan(outcome))
                outcome[ended] = hand_outcome(rewards, info, target)[ended]
                if not np.isnan(outcome).any():
                    break
        results.append(outcome if ours == 0 else -outcome)
    per_deal = (results[0] + results[1]) / 2        # one figure per deal, both seatings
    return per_deal[~np.isnan(per_deal)]


def interval(x):
    m = float(np.mean(x))
    half = 1.96 * float(np.std(x, ddof=1)) / np.sqrt(len(x))
    return m, half


def main(argv):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true", help="a few seconds (the smoke test)")
    ap.add_argument("--games", type=int, default=1024, help="games of the training batch")
    ap.add_argument("--rounds", type=int, default=30, help="training rounds")
    ap.add_argument("--steps", type=int, default=100, help="steps per round")
    ap.add_argument("--checkpoints", type=int, default=6)
    ap.add_argument("--eval-games", type=int, default=2048, help="deals per checkpoint")
    ap.add_argument("--final-games", type=int, default=8192, help="deals of the final figure")
    ap.add_argument("--lr", type=float, default=2.0)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--plot", help="save the learning curve here (PNG, needs matplotlib)")
    args = ap.parse_args(argv)
    if args.quick:
        args.games, args.rounds, args.steps = 64, 4, 40
        args.checkpoints, args.eval_games, args.final_games = 2, 64, 128
    target = mus.Rules.preset("standard").target
    rng = np.random.default_rng(args.seed)
    w = np.zeros(N_FEATURES)
    env = mus.VecEnv("standard", num_envs=args.games, seed=args.seed)  # closed below
    start = time.time()
    curve = []                                     # (decisions, mean, half-width)
    decisions = 0
    every = max(1, args.rounds // args.checkpoints)
    for r in range(args.rounds + 1):
        if r % every == 0 or r == args.rounds:
            m, h = interval(evaluate(w, "learned", args.eval_games, 1000 + r, target))
            curve.append((decisions, m, h))
            print("round %3d  %7d decisions  vs heuristic: %+.4f ± %.4f games/deal  (%.0f s)"
                  % (r, decisions, m, h, time.time() - start), flush=True)
        if r < args.rounds:
            decisions += train(env, w, args.steps, rng, args.lr, target)
    env.close()
    print("\nFinal, %d duplicate deals (first hand of a match, both seatings), outcome of the "
          "team that answers órdagos as shown, against the heuristic bot's answers, in games "
          "per deal (95%% interval):" % args.final_games)
    final = {}
    for name in ("learned", "accept", "reject"):
        final[name] = interval(evaluate(w, name, args.final_games, 7, target))
        print("  %-8s %+.4f ± %.4f" % (name, *final[name]))
    grande = w[:40]
    deck = [str(mus.Card(i)) for i in range(40)]
    best = [deck[i] for i in np.argsort(-grande)[:6]]
    print("  cards that most favour accepting in grande:", " ".join(best))
    print("  accept rate of the learned policy by lance, its bias only:",
          " ".join("%.2f" % sigmoid(b) for b in w[200:]))
    if args.plot:
        try:
            import matplotlib
            matplotlib.use("Agg")
            import matplotlib.pyplot as plt
        except ImportError:
            print("matplotlib is not installed: no plot")
            return 0
        d, m, h = (np.array(c) for c in zip(*curve))
        fig, ax = plt.subplots(figsize=(6.4, 3.6))
        ax.plot(d, m, marker="o", label="learned answers")
        ax.fill_between(d, m - h, m + h, alpha=0.25, label="95% interval")
        for name, style in (("accept", "--"), ("reject", ":")):
            ax.axhline(final[name][0], linestyle=style, color="grey", label="always " + name)
        ax.axhline(0, color="black", linewidth=0.5)
        ax.set_xlabel("órdago answers played in training (self-play)")
        ax.set_ylabel("games per deal vs heuristic")
        ax.set_title("Accepting an órdago: learned on mus.VecEnv, duplicate deals")
        ax.legend(fontsize=8)
        fig.tight_layout()
        fig.savefig(args.plot, dpi=100)
        print("plot:", args.plot)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
