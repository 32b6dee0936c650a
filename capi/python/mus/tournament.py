"""Tournaments between the library's bots, in one process or spread over a Dask cluster.

A tournament is many whole matches between two bots (team 0 and team 1), one match per seed in
``range(first_seed, first_seed + matches)``. With ``duplicate`` (the default) each seed is played
twice, the second time with the bots' teams swapped, so the luck of the deals cancels. A match
depends only on its seed, the rules and the two bots (bots are deterministic without a time
cap), so the results are the same however the seeds are split: the runner cuts the seed range
into chunks of ``chunk`` seeds, plays the chunks in this process or as tasks on a Dask cluster,
and puts the results back in seed order. The Dask run's results equal the one-process run's.

Within a match seeded ``s``, a ``random.Random(s)`` draws the first dealer, every shuffle's seed
and every bot decision's seed, in the order of play.

Besides who won, each match reports each team's points raw (what the reducer credits) and
capped at the target (a game won counts the points its winner still needed, so an órdago
counts as what it decides), the órdagos each team called, saw accepted and won, and each
team's bot decisions with their CPU time (the CPU time is not part of a result's equality:
it is the one thing that differs between runs).

Command line (``python3 -m mus.tournament --help``)::

    python3 -m mus.tournament --bots heuristic random --matches 200            # one process
    python3 -m mus.tournament --bots heuristic pool --matches 300   # every style of the pool
    python3 -m mus.tournament --bots search heuristic --matches 2000 --local-workers 2
    python3 -m mus.tournament --bots search heuristic --matches 20000 \\
        --scheduler tcp://scheduler.example:8786
    python3 -m mus.tournament --ratings --matches 100 --local-workers 2 --plot ratings.png

``--ratings`` plays a round robin of the library's levels, the pool's styles, the heuristic and
the random bot (``--players`` picks some) and prints their rating list: Bradley–Terry ratings
by maximum likelihood with 95% intervals (:mod:`mus.ratings`).

A real cluster: start a scheduler (``dask-scheduler``, or ``python3 -m distributed.cli.dask_scheduler``
with Debian's python3-distributed) and workers on each machine (``dask-worker
tcp://scheduler.example:8786 --nthreads 1 --nworkers <cores>``); every worker's Python must be
able to ``import mus`` with the same libmus version (``pip install ./capi/python`` on each
machine, or a shared venv). Then pass ``--scheduler tcp://scheduler.example:8786``, or call
:func:`run_dask` with a ``distributed.Client`` for that address. The package needs Dask only
for :func:`run_dask`; nothing else here imports it.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import math
import random
import sys
import time
from typing import Any, Dict, Iterable, List, Optional, Sequence, Tuple

from . import _abi, _hints
from .bots import Bot
from .match import State
from .rules import as_rules

#: The opponents ``pool`` names: the five styles of the library's opponent pool and the
#: heuristic (docs/bots.md).
POOL = ("tight", "loose", "station", "ordago", "careful", "heuristic")


@dataclasses.dataclass(frozen=True)
class Spec:
    """What a tournament plays: the rules (text), the two bots and the seeds."""

    bots: Tuple[Bot, Bot]
    rules: str = "standard"
    matches: int = 100
    first_seed: int = 0
    duplicate: bool = True
    chunk: int = 10

    def seeds(self) -> range:
        return range(self.first_seed, self.first_seed + self.matches)

    def chunks(self) -> List[Tuple[int, int]]:
        """The seed ranges [start, stop) the runner plays as separate tasks."""
        if self.chunk < 1:
            raise ValueError("chunk must be at least 1")
        seeds = self.seeds()
        return [(start, min(start + self.chunk, seeds.stop))
                for start in range(seeds.start, seeds.stop, self.chunk)]


@dataclasses.dataclass(frozen=True)
class MatchResult:
    """One match: which bot played which team, who won, and the points each team scored."""

    seed: int
    swapped: bool                 #: True for a duplicate's second match (bots' teams swapped)
    bot_of_team: Tuple[str, str]  #: the kinds of the bots of team 0 and team 1
    winner_team: int
    hands: int
    points: Tuple[int, int]       #: points each team's game score gained over the match
    decisions: int                #: bot decisions made
    #: points each team gained, each counted only up to the target, and every game won counted
    #: as the points its winner still needed (an órdago won is worth what it decided)
    capped: Tuple[int, int] = (0, 0)
    #: órdagos of each team: (called, accepted by the other team, won at the showdown)
    ordagos: Tuple[Tuple[int, int, int], Tuple[int, int, int]] = ((0, 0, 0), (0, 0, 0))
    #: decisions of each team's bot and their CPU seconds (not compared: they vary by run)
    team_decisions: Tuple[int, int] = dataclasses.field(default=(0, 0), compare=False)
    team_cpu: Tuple[float, float] = dataclasses.field(default=(0.0, 0.0), compare=False)
    team_cpu_max: Tuple[float, float] = dataclasses.field(default=(0.0, 0.0), compare=False)

    @property
    def winner_bot(self) -> str:
        return self.bot_of_team[self.winner_team]


def play_match(rules: str, bots: Sequence[Bot], seed: int, swapped: bool = False) -> MatchResult:
    """Plays one whole match: team 0's seats by ``bots[0]``, team 1's by ``bots[1]`` (the other
    way round when ``swapped``)."""
    team_bots = (bots[1], bots[0]) if swapped else (bots[0], bots[1])
    rng = random.Random(seed)
    the_rules = as_rules(rules)
    target = the_rules.target
    state = State.new(the_rules, rng.randrange(4))
    points = [0, 0]
    capped = [0, 0]
    score = [0, 0]        # the current game's points, followed from the steps
    ordagos = [[0, 0, 0], [0, 0, 0]]
    caller = None         # the team whose órdago is open
    hands = decisions = 0
    team_decisions = [0, 0]
    cpu = [0.0, 0.0]
    cpu_max = [0.0, 0.0]
    mask = state.legal_mask()
    while True:
        action_id = None
        if mask == 1:  # chance: only the shuffle is legal
            state, info = state.step(0, rng.getrandbits(64))
        else:
            seat = state.to_act
            assert seat is not None
            team = seat % 2
            t0 = time.thread_time()
            action_id = team_bots[team].choose_id(state, rng.getrandbits(64), seat)
            took = time.thread_time() - t0
            cpu[team] += took
            cpu_max[team] = max(cpu_max[team], took)
            team_decisions[team] += 1
            decisions += 1
            if action_id == _abi.MUS_ACTION_ID_ORDAGO:
                ordagos[team][0] += 1
                caller = team
            state, info = state.step(action_id)
        for t in (0, 1):
            gained = info.points[t]
            points[t] += gained
            counted = max(0, min(gained, target - score[t]))
            capped[t] += counted
            score[t] += gained
        if info.game_winner is not None:
            w = info.game_winner
            capped[w] += max(0, target - score[w])  # the game is worth what was still needed
            score = [0, 0]
        if caller is not None and action_id is not None:
            if action_id == _abi.MUS_ACTION_ID_ACCEPT and info.hand_over:
                ordagos[caller][1] += 1  # the showdown ended the hand
                ordagos[caller][2] += int(info.game_winner == caller)
                caller = None
            elif info.hand_over or (action_id == _abi.MUS_ACTION_ID_REJECT
                                    and not state.view(0).bet_open):
                caller = None    # refused (a proposal to refuse leaves the órdago open)
        hands += info.hand_over
        mask = info.legal_mask
        if info.match_winner is not None:
            return MatchResult(seed, swapped, (team_bots[0].kind.name.lower(),
                                               team_bots[1].kind.name.lower()),
                               info.match_winner, hands, (points[0], points[1]), decisions,
                               (capped[0], capped[1]),
                               (tuple(ordagos[0]), tuple(ordagos[1])),  # type: ignore[arg-type]
                               (team_decisions[0], team_decisions[1]), (cpu[0], cpu[1]),
                               (cpu_max[0], cpu_max[1]))


def play_seeds(spec: Spec, start: int, stop: int) -> List[MatchResult]:
    """The matches of seeds ``start`` .. ``stop - 1`` (both orders of a duplicate): one task."""
    results = []
    for seed in range(start, stop):
        results.append(play_match(spec.rules, spec.bots, seed))
        if spec.duplicate:
            results.append(play_match(spec.rules, spec.bots, seed, swapped=True))
    return results


def _ordered(chunks: Iterable[List[MatchResult]]) -> List[MatchResult]:
    out = [r for chunk in chunks for r in chunk]
    out.sort(key=lambda r: (r.seed, r.swapped))
    return out


def run_local(spec: Spec) -> List[MatchResult]:
    """The whole tournament in this process, chunk by chunk (the reference for run_dask)."""
    return _ordered(play_seeds(spec, start, stop) for start, stop in spec.chunks())


def run_dask(spec: Spec, client: Any) -> List[MatchResult]:
    """The tournament on a Dask cluster: one task per chunk of seeds, on ``client`` (a
    ``distributed.Client``), results in seed order. The workers must be able to import mus."""
    futures = client.map(play_seeds, [spec] * len(spec.chunks()),
                         [c[0] for c in spec.chunks()], [c[1] for c in spec.chunks()],
                         pure=False)
    return _ordered(client.gather(futures))


def wilson(wins: int, n: int, z: float = 1.96) -> Tuple[float, float]:
    """The Wilson score interval (95% by default) of a proportion wins/n."""
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (max(0.0, centre - half), min(1.0, centre + half))


def mean_se(xs: Sequence[float]) -> Tuple[float, float]:
    """The mean of a sample and its standard error (sd with n - 1, over sqrt(n); 0 below two
    values)."""
    if not xs:
        return (0.0, 0.0)
    n = len(xs)
    mean = sum(xs) / n
    if n < 2:
        return (mean, 0.0)
    var = sum((x - mean) ** 2 for x in xs) / (n - 1)
    return (mean, math.sqrt(var / n))


def summary(spec: Spec, results: Sequence[MatchResult]) -> Dict[str, Any]:
    """Matches won by the first bot (``spec.bots[0]``), with a Wilson 95% interval (the
    headline); its points per hand minus the other bot's, raw and capped at the target, over
    all hands and as mean ± standard error over the seeds (a duplicate pair's hands together);
    the órdagos each bot called, saw accepted and won; and each bot's CPU ms per decision."""
    first = spec.bots[0].kind.name.lower()
    wins = sum(1 for r in results if r.winner_team == (1 if r.swapped else 0))
    hands = sum(r.hands for r in results)

    def first_team(r: MatchResult) -> int:
        return 1 if r.swapped else 0

    def margin(r: MatchResult, what: str) -> int:
        pts = getattr(r, what)
        t = first_team(r)
        return pts[t] - pts[1 - t]

    by_seed: Dict[int, List[MatchResult]] = {}
    for r in results:
        by_seed.setdefault(r.seed, []).append(r)
    per_seed = {what: [sum(margin(r, what) for r in rs) / max(1, sum(r.hands for r in rs))
                       for rs in by_seed.values()] for what in ("points", "capped")}
    ordagos = [[0, 0, 0], [0, 0, 0]]   # [first bot, second bot] x (called, accepted, won)
    decisions = [0, 0]
    cpu = [0.0, 0.0]
    cpu_max = [0.0, 0.0]
    for r in results:
        for k in (0, 1):
            t = first_team(r) if k == 0 else 1 - first_team(r)
            for i in range(3):
                ordagos[k][i] += r.ordagos[t][i]
            decisions[k] += r.team_decisions[t]
            cpu[k] += r.team_cpu[t]
            cpu_max[k] = max(cpu_max[k], r.team_cpu_max[t])
    low, high = wilson(wins, len(results))
    raw_mean, raw_se = mean_se(per_seed["points"])
    cap_mean, cap_se = mean_se(per_seed["capped"])
    return {"bots": [repr(b) for b in spec.bots], "rules": spec.rules, "matches": len(results),
            "first_bot": first, "first_bot_wins": wins,
            "first_bot_win_rate": wins / len(results) if results else 0.0,
            "wilson95": [low, high], "hands": hands,
            "first_bot_points_per_hand": sum(margin(r, "points") for r in results) / hands
            if hands else 0.0,
            "first_bot_capped_points_per_hand": sum(margin(r, "capped") for r in results) / hands
            if hands else 0.0,
            "per_seed_points_per_hand": {"raw": [raw_mean, raw_se],
                                         "capped": [cap_mean, cap_se]},
            "ordagos_called_accepted_won": {"first_bot": ordagos[0], "second_bot": ordagos[1]},
            "cpu_ms_per_decision": {
                "first_bot": [1000 * cpu[0] / decisions[0] if decisions[0] else 0.0,
                              1000 * cpu_max[0]],
                "second_bot": [1000 * cpu[1] / decisions[1] if decisions[1] else 0.0,
                               1000 * cpu_max[1]]}}


def _parse_args(argv: Sequence[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="python3 -m mus.tournament",
        description="Matches between two libmus bots, split by seed ranges, in this process or "
                    "over a Dask cluster (Debian: python3-distributed).")
    parser.add_argument("--bots", nargs=2, metavar=("BOT0", "BOT1"),
                        default=["heuristic", "random"],
                        help="bot kinds: random, heuristic, search, tight, loose, station, "
                             "ordago, careful, exploiter, beginner, amateur, expert; BOT1 may be "
                             "'pool' (every style of the pool and the heuristic, one report "
                             "each) (default: heuristic random)")
    parser.add_argument("--playouts", type=int, default=None,
                        help="the search bot's budget per decision (default: the library's)")
    parser.add_argument("--rules", default="standard", help="rules text (default: standard)")
    parser.add_argument("--matches", type=int, default=100, help="seeds to play (default 100)")
    parser.add_argument("--first-seed", type=int, default=0)
    parser.add_argument("--no-duplicate", action="store_true",
                        help="play each seed once (default: twice, teams swapped)")
    parser.add_argument("--chunk", type=int, default=10, help="seeds per task (default 10)")
    where = parser.add_mutually_exclusive_group()
    where.add_argument("--scheduler", help="a Dask scheduler's address, e.g. tcp://host:8786")
    where.add_argument("--local-workers", type=int, default=0,
                       help="start a LocalCluster of this many worker processes")
    parser.add_argument("--results", help="write every match's result to this JSON file "
                                             "(with --ratings: the list and the wins as JSON)")
    ratings = parser.add_argument_group(
        "rating list", "--ratings: a round robin of duplicate matches (--matches seeds per "
                       "pairing), rated on one scale (Bradley-Terry, Elo points, random at 0)")
    ratings.add_argument("--ratings", action="store_true",
                         help="play the round robin and print the rating list (needs numpy)")
    ratings.add_argument("--players", help="comma-separated players (levels' ids or names, "
                                           "kinds); default: every level, the pool's styles, "
                                           "the heuristic and random")
    ratings.add_argument("--plot", help="write the list as a PNG plot here (needs matplotlib)")
    ratings.add_argument("--table", help="write the list as Markdown here")
    return parser.parse_args(argv)


def main(argv: Optional[Sequence[str]] = None) -> int:
    """The command line: errors a person can fix (an unknown bot kind, Dask missing, libmus not
    found) end with a message and exit status 2, not a traceback."""
    args = _parse_args(sys.argv[1:] if argv is None else argv)
    try:
        return _main(args)
    except (ValueError, ImportError, OSError) as e:
        print("python3 -m mus.tournament: %s" % e, file=sys.stderr)
        return 2


def _main(args: argparse.Namespace) -> int:
    if not args.ratings:
        for kind in args.bots[:1] if args.bots[1] == "pool" else args.bots:
            Bot(kind)  # an unknown kind is refused before anything runs (ValueError, named)
    if args.scheduler or args.local_workers:
        try:
            import distributed  # noqa: F401 (only for a cluster run)
        except ImportError:
            raise ImportError("--local-workers and --scheduler need Dask: "
                              + _hints.debian_package("distributed", "python3-distributed",
                                                      "distributed")) from None
    if args.ratings:
        return _ratings(args)
    if args.bots[1] == "pool":
        reports = []
        for vs in POOL:
            out = _run(args, (args.bots[0], vs))
            reports.append(out[0])
            if args.results:
                with open("%s.%s.json" % (args.results, vs), "w", encoding="utf-8") as f:
                    json.dump([dataclasses.asdict(r) for r in out[1]], f, indent=1)
                    f.write("\n")
        print(json.dumps(reports, indent=2))
        return 0
    report, results = _run(args, tuple(args.bots))
    print(json.dumps(report, indent=2))
    if args.results:
        with open(args.results, "w", encoding="utf-8") as f:
            json.dump([dataclasses.asdict(r) for r in results], f, indent=1)
            f.write("\n")
    return 0


def _ratings(args: argparse.Namespace) -> int:
    """--ratings: the round robin, its rating list on standard output (Markdown), and the
    files asked for."""
    from . import ratings
    try:
        import numpy  # noqa: F401 (the fit)
    except ImportError:
        raise ImportError("--ratings needs numpy: "
                          + _hints.debian_package("numpy", "python3-numpy", "numpy")) from None
    if args.plot:
        try:
            import matplotlib  # noqa: F401 (the plot)
        except ImportError:
            raise ImportError("--plot needs matplotlib: "
                              + _hints.debian_package("matplotlib", "python3-matplotlib",
                                                      "matplotlib")) from None
    names = None if not args.players else [n.strip() for n in args.players.split(",")]
    ratings.players(names)   # an unknown player is refused before anything runs
    start = time.perf_counter()
    if args.scheduler or args.local_workers:
        from distributed import Client, LocalCluster  # optional: only for a cluster run
        if args.scheduler:
            with Client(args.scheduler) as client:
                chosen, wins, result = ratings.run(names, args.matches, args.rules,
                                                   args.first_seed, args.chunk, client)
        else:
            with LocalCluster(n_workers=args.local_workers, threads_per_worker=1,
                              processes=True, dashboard_address=None) as cluster, \
                    Client(cluster) as client:
                chosen, wins, result = ratings.run(names, args.matches, args.rules,
                                                   args.first_seed, args.chunk, client)
    else:
        chosen, wins, result = ratings.run(names, args.matches, args.rules, args.first_seed,
                                           args.chunk)
    data = ratings.report(chosen, wins, result)
    data["matches_per_pairing"] = 2 * args.matches
    data["rules"] = args.rules
    data["seconds"] = round(time.perf_counter() - start, 1)
    table = ratings.markdown(data, args.matches)
    print(table, end="")
    if args.table:
        with open(args.table, "w", encoding="utf-8") as f:
            f.write(table)
    if args.plot:
        ratings.plot(data, args.plot, args.matches)
    if args.results:
        with open(args.results, "w", encoding="utf-8") as f:
            json.dump(data, f, indent=1)
            f.write("\n")
    return 0


def _run(args: argparse.Namespace, kinds: Tuple[str, ...]) -> Tuple[Dict[str, Any],
                                                                    List[MatchResult]]:
    """One tournament of the command line: its report and its results."""
    bots = tuple(Bot(kind, playouts=args.playouts if kind == "search" else None)
                 for kind in kinds)
    spec = Spec(bots=bots, rules=args.rules, matches=args.matches,  # type: ignore[arg-type]
                first_seed=args.first_seed, duplicate=not args.no_duplicate, chunk=args.chunk)
    start = time.perf_counter()
    if args.scheduler or args.local_workers:
        from distributed import Client, LocalCluster  # optional: only for a cluster run
        if args.scheduler:
            with Client(args.scheduler) as client:
                results = run_dask(spec, client)
            how = "Dask scheduler %s" % args.scheduler
        else:
            with LocalCluster(n_workers=args.local_workers, threads_per_worker=1,
                              processes=True, dashboard_address=None) as cluster, \
                    Client(cluster) as client:
                results = run_dask(spec, client)
            how = "Dask LocalCluster of %d workers" % args.local_workers
    else:
        results = run_local(spec)
        how = "one process"
    elapsed = time.perf_counter() - start
    report = summary(spec, results)
    report["where"] = how
    report["seconds"] = round(elapsed, 3)
    return report, results


if __name__ == "__main__":
    sys.exit(main())
