"""A rating list of the library's bots: ratings on one scale from a round robin of duplicate
matches, by maximum likelihood.

The model is Bradley–Terry, the model BayesElo and Ordo fit: player i beats player j with
chance ``1 / (1 + 10 ** ((r_j - r_i) / 400))``, ratings ``r`` in Elo points. The ratings are the
ones that make the match results most likely (Newton's method on the log-likelihood), with one
player's rating fixed (the random bot's, at 0); their 95% intervals, and those of the
difference of any two, come from the inverse of the log-likelihood's Hessian (the normal
approximation, as Ordo's and BayesElo's error bars). Each pairing also counts one virtual drawn
match (half a win each way), BayesElo's prior: it keeps a rating finite when one player never
won a match against any other, and weighs nothing beside a few hundred real matches.

The two matches of a duplicate pair (the same deals, the teams swapped) are counted as two
independent matches. Their results are not independent: with the deals shared, the luck of
the cards pulls the two results apart, so the intervals here are if anything too wide.

A round robin (:func:`round_robin`) plays every pairing of the players with
:mod:`mus.tournament`'s runner (one process, or chunks of seeds on a Dask cluster); the
players (:func:`players`) are the library's levels, the pool's five styles, the heuristic and
the random bot, one entry per configuration (the club level is the heuristic bot). The
command line::

    python3 -m mus.tournament --ratings --matches 100 --local-workers 2 \\
        --plot docs/images/ratings.png

Needs numpy (Debian: python3-numpy) for the fit and matplotlib (python3-matplotlib) for the
plot only.
"""

from __future__ import annotations

import dataclasses
import math
from typing import Any, Dict, List, Optional, Sequence, Tuple

from . import _lib
from .bots import Bot, level_display_name, level_name
from .enums import Level

#: Elo points per unit of the logistic scale: 400 / ln 10.
ELO = 400.0 / math.log(10.0)

#: The pool's five styles (docs/bots.md), in the order of their kinds.
POOL_STYLES = ("tight", "loose", "station", "ordago", "careful")


@dataclasses.dataclass(frozen=True)
class Player:
    """One entry of the list: how it is named and the bot it is."""

    id: str        #: what a command line calls it: a level's id or a bot kind's name
    name: str      #: how the list shows it: a level's display name, or the kind's name
    bot: Bot
    level: Optional[Level] = None  #: the level it plays, if any
    also: str = ""                 #: another name of the same bot ("heuristic" for club)


def players(names: Optional[Sequence[str]] = None) -> List[Player]:
    """The players of the rating list, each configuration once: the levels weakest first, then
    the pool's styles, the heuristic and the random bot; a level whose bot is one of these
    (the club level is the heuristic) takes that entry's place. ``names`` (levels' ids or
    display names, kinds' names) picks some of them, in the list's order."""
    out: List[Player] = []
    for level in Level:
        out.append(Player(level_name(level), level_display_name(level), Bot.for_level(level),
                          level))
    for kind in POOL_STYLES + ("heuristic", "random"):
        bot = Bot(kind)
        same = [i for i, p in enumerate(out) if p.bot == bot]
        if same:
            out[same[0]] = dataclasses.replace(out[same[0]], also=kind)
        else:
            out.append(Player(kind, kind, bot))
    if names is None:
        return out
    wanted = list(names)
    chosen = [p for p in out if p.id in wanted or p.name in wanted or (p.also and p.also in wanted)]
    known = {n for p in chosen for n in (p.id, p.name, p.also) if n}
    unknown = [n for n in wanted if n not in known]
    if unknown:
        raise ValueError("unknown player %r (players: %s)" % (
            unknown[0], ", ".join(p.id for p in out)))
    return chosen


@dataclasses.dataclass(frozen=True)
class Fit:
    """Ratings fitted to a matrix of wins: ``ratings[i]`` in Elo points (the anchor at 0) and
    their covariance ``cov`` (Elo points squared; the anchor's row and column are 0)."""

    ratings: Any   #: numpy array of n ratings
    cov: Any       #: numpy n x n covariance
    anchor: int
    iterations: int

    def interval(self, i: int, z: float = 1.96) -> Tuple[float, float]:
        """The 95% interval (by default) of player i's rating."""
        half = z * math.sqrt(max(0.0, float(self.cov[i, i])))
        return (float(self.ratings[i]) - half, float(self.ratings[i]) + half)

    def difference(self, i: int, j: int, z: float = 1.96) -> Tuple[float, float, float]:
        """Player i's rating minus player j's, with its 95% interval (by default):
        ``(difference, low, high)``."""
        d = float(self.ratings[i] - self.ratings[j])
        var = float(self.cov[i, i] + self.cov[j, j] - 2 * self.cov[i, j])
        half = z * math.sqrt(max(0.0, var))
        return (d, d - half, d + half)


def fit(wins: Any, anchor: int = 0, prior_draws: float = 1.0, tol: float = 1e-10,
        max_iter: int = 100) -> Fit:
    """The Bradley–Terry ratings of the players of ``wins`` (``wins[i][j]``: matches i won
    against j) by maximum likelihood, player ``anchor`` fixed at 0, with ``prior_draws``
    virtual drawn matches between every two players who met. Newton's method on the
    log-likelihood; the covariance is the inverse of its negated Hessian."""
    import numpy as np

    w = np.asarray(wins, dtype=float)
    n = w.shape[0]
    if w.shape != (n, n) or n < 2:
        raise ValueError("wins must be a square matrix of at least two players")
    if (w < 0).any() or np.diag(w).any():
        raise ValueError("wins must be non-negative with a zero diagonal")
    if not 0 <= anchor < n:
        raise ValueError("anchor %d is not a player" % anchor)
    games = w + w.T
    met = games > 0
    w = w + 0.5 * prior_draws * met
    games = w + w.T
    free = [i for i in range(n) if i != anchor]
    r = np.zeros(n)   # natural units (logits); Elo = ELO * r
    it = 0
    hessian = np.zeros((n - 1, n - 1))
    for it in range(1, max_iter + 1):
        diff = r[:, None] - r[None, :]
        p = 1.0 / (1.0 + np.exp(-diff))          # p[i, j]: chance that i beats j
        grad = (w - games * p).sum(axis=1)
        info = games * p * (1.0 - p)             # the Fisher information of each pairing
        h = np.diag(info.sum(axis=1)) - info     # the negated Hessian
        hessian = h[np.ix_(free, free)]
        # A Newton step, at most 2 logits a player: the log-likelihood is concave, so the
        # bounded steps climb to its one maximum.
        step = np.clip(np.linalg.solve(hessian, grad[free]), -2.0, 2.0)
        r[free] += step
        if np.max(np.abs(step)) < tol:
            break
    cov = np.zeros((n, n))
    cov[np.ix_(free, free)] = np.linalg.inv(hessian)
    return Fit(ELO * r, ELO * ELO * cov, anchor, it)


def round_robin(chosen: Sequence[Player], matches: int, rules: str = "standard",
                first_seed: int = 0, chunk: int = 5, client: Any = None) -> Any:
    """Plays every pairing of ``chosen``: ``matches`` seeds each, every seed twice with the
    teams swapped (duplicate matches), with :mod:`mus.tournament`'s runner, on a Dask
    ``client`` when given (all pairings' chunks at once) or in this process. Returns the matrix
    of wins (numpy): ``wins[i][j]`` matches player i won against player j."""
    import numpy as np

    from .tournament import Spec, play_seeds

    specs = []
    for i in range(len(chosen)):
        for j in range(i + 1, len(chosen)):
            spec = Spec(bots=(chosen[i].bot, chosen[j].bot), rules=rules, matches=matches,
                        first_seed=first_seed, duplicate=True, chunk=chunk)
            specs.extend((i, j, spec, start, stop) for start, stop in spec.chunks())
    if client is not None:
        # The dearest pairings (the searching bots) first, so that no worker waits for one
        # long task at the end.
        order = sorted(range(len(specs)), key=lambda k: -_cost(specs[k][2]))
        futures = client.map(play_seeds, [specs[k][2] for k in order],
                             [specs[k][3] for k in order], [specs[k][4] for k in order],
                             pure=False)
        results = dict(zip(order, client.gather(futures)))
    else:
        results = {k: play_seeds(s[2], s[3], s[4]) for k, s in enumerate(specs)}
    wins = np.zeros((len(chosen), len(chosen)))
    for k, (i, j, _spec, _start, _stop) in enumerate(specs):
        for r in results[k]:
            first_team = 1 if r.swapped else 0   # the team bots[0] (player i) played
            if r.winner_team == first_team:
                wins[i, j] += 1
            else:
                wins[j, i] += 1
    return wins


def _cost(spec: Any) -> int:
    searching = sum(1 for b in spec.bots if b.kind.name in ("SEARCH", "EXPERT", "EXPLOITER"))
    return searching


def report(chosen: Sequence[Player], wins: Any, result: Fit) -> Dict[str, Any]:
    """The list as data: each player's rating and interval, games and score, best first; each
    level's difference to the level below with its interval; and the matrix of wins."""
    n = len(chosen)
    rows = []
    for i, p in enumerate(chosen):
        games = float(wins[i].sum() + wins[:, i].sum())
        low, high = result.interval(i)
        rows.append({"id": p.id, "name": p.name, "also": p.also,
                     "level": None if p.level is None else int(p.level),
                     "kind": p.bot.kind.name.lower(), "playouts": p.bot.playouts,
                     "rating": round(float(result.ratings[i]), 1),
                     "interval95": [round(low, 1), round(high, 1)],
                     "games": int(games), "wins": int(wins[i].sum()),
                     "score": float(wins[i].sum()) / games if games else 0.0})
    rows.sort(key=lambda row: -row["rating"])
    ladder = []
    levels = sorted((p.level, i) for i, p in enumerate(chosen) if p.level is not None)
    for (lo_level, lo), (hi_level, hi) in zip(levels, levels[1:]):
        d, low, high = result.difference(hi, lo)
        ladder.append({"above": chosen[hi].id, "below": chosen[lo].id,
                       "difference": round(d, 1), "interval95": [round(low, 1), round(high, 1)],
                       "separated": low > 0})
    return {"model": "Bradley-Terry (Elo scale), maximum likelihood, 95% intervals from the "
                     "inverse Hessian, one virtual draw per pairing",
            "anchor": chosen[result.anchor].id, "players": rows, "ladder": ladder,
            "monotone": all(step["separated"] for step in ladder),
            "wins": {chosen[i].id: {chosen[j].id: int(wins[i, j]) for j in range(n) if j != i}
                     for i in range(n)}}


def markdown(data: Dict[str, Any], matches: int) -> str:
    """The list and the ladder's steps as Markdown tables (docs/bots.md)."""
    lines = ["| rank | player | bot | rating | 95% interval | matches won |",
             "|---|---|---|---|---|---|"]
    for k, row in enumerate(data["players"], 1):
        who = row["name"] if row["level"] is None else "**%s** (level `%s`)" % (row["name"],
                                                                              row["id"])
        bot = row["kind"] + ("" if not row["playouts"] else ", %d playouts" % row["playouts"])
        lines.append("| %d | %s | %s | %+.0f | %+.0f to %+.0f | %d of %d (%.1f%%) |" % (
            k, who, bot, row["rating"], row["interval95"][0], row["interval95"][1],
            row["wins"], row["games"], 100.0 * row["score"]))
    lines += ["", "| step of the ladder | difference | 95% interval | above 0 |",
              "|---|---|---|---|"]
    for step in data["ladder"]:
        lines.append("| %s over %s | %+.0f | %+.0f to %+.0f | %s |" % (
            step["above"], step["below"], step["difference"], step["interval95"][0],
            step["interval95"][1], "yes" if step["separated"] else "**no**"))
    lines += ["", "%d seeds per pairing, each played twice with the teams swapped; anchor: %s "
                  "at 0." % (matches, data["anchor"])]
    return "\n".join(lines) + "\n"


def plot(data: Dict[str, Any], path: str, matches: int) -> None:
    """The ratings with their 95% intervals as a PNG: the levels in one colour, the other
    bots in another, best at the top."""
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    rows = list(reversed(data["players"]))
    fig, ax = plt.subplots(figsize=(8, 0.45 * len(rows) + 1.6), dpi=110)
    for y, row in enumerate(rows):
        level = row["level"] is not None
        low, high = row["interval95"]
        colour = "#b03a2e" if level else "#2e4053"
        ax.errorbar(row["rating"], y, xerr=[[row["rating"] - low], [high - row["rating"]]],
                    fmt="o", color=colour, ecolor=colour, capsize=4, markersize=6)
        ax.annotate("%+.0f" % row["rating"], (high, y), xytext=(6, -4),
                    textcoords="offset points", fontsize=8, color=colour)
    ax.set_yticks(range(len(rows)))
    ax.set_yticklabels([row["name"] if row["level"] is None
                        else "%s (%s)" % (row["name"], row["id"]) for row in rows])
    for label, row in zip(ax.get_yticklabels(), rows):
        label.set_color("#b03a2e" if row["level"] is not None else "#2e4053")
        if row["level"] is not None:
            label.set_fontweight("bold")
    ax.axvline(0, color="#999999", linewidth=0.8)
    ax.set_xlabel("rating (Elo points; random = 0), with 95% intervals")
    ax.set_title("libmus bots: Bradley–Terry ratings from a round robin\n"
                 "(%d duplicate match pairs per pairing; levels in red)" % matches, fontsize=10)
    ax.grid(axis="x", color="#eeeeee")
    left, right = ax.get_xlim()
    ax.set_xlim(left, right + 0.08 * (right - left))
    fig.tight_layout()
    fig.savefig(path)
    plt.close(fig)


def run(names: Optional[Sequence[str]], matches: int, rules: str = "standard",
        first_seed: int = 0, chunk: int = 5, client: Any = None) -> Tuple[List[Player], Any, Fit]:
    """The round robin of the chosen players and its fit, anchored at the random bot when it
    plays (else at the first player)."""
    chosen = players(names)
    if len(chosen) < 2:
        raise ValueError("a rating list needs two players or more")
    _lib.load()   # a missing library is reported before anything runs
    wins = round_robin(chosen, matches, rules, first_seed, chunk, client)
    anchor = next((i for i, p in enumerate(chosen) if p.id == "random"), 0)
    return chosen, wins, fit(wins, anchor)
