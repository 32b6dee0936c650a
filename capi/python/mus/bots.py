"""The library's computer players (mus_bot_*): ask a bot for an action, or play whole hands or
matches inside the library (mus_bot_playouts) for rollouts at native speed.

A bot decides from what its seat may know: its own cards and the public state (the library
hides the other hands before it decides). Without a time cap its choice depends only on the
state, the seat, its configuration and the seed.

::

    bot = mus.Bot("heuristic")
    bot = mus.Bot.for_level("experto")             # or "expert", mus.Level.EXPERT, 4
    action = bot.choose(state, seed=1)             # for the seat to act: an Action
    state = state.apply(action)                    # or bot.choose_id() and state.apply_id()
    mus.playouts(state, mus.Bot("random"), seed=7, n=1000)   # [(team0, team1), ...]
"""

from __future__ import annotations

import ctypes
from typing import Dict, List, Optional, Tuple, Union

from . import _abi, _lib
from .cards import check_seed
from .enums import BotKind, Level, PlayoutScope
from .match import Action, State

BotKindLike = Union[BotKind, int, str]
LevelLike = Union[Level, int, str]


def _level(level: LevelLike) -> Level:
    if isinstance(level, str):
        return parse_level(level)
    if isinstance(level, bool) or not isinstance(level, int) or not 0 <= level < _abi.MUS_LEVELS:
        raise ValueError("unknown level %r (levels: %s)" % (
            level, ", ".join("%d %s" % (int(x), x.name.lower()) for x in Level)))
    return Level(int(level))


def level_name(level: LevelLike) -> str:
    """A level's id for code and files (mus_level_name()): ``"beginner"``, ``"amateur"``,
    ``"club"``, ``"strong"`` or ``"expert"``."""
    return _lib.load().mus_level_name(int(_level(level))).decode("ascii")


def level_display_name(level: LevelLike) -> str:
    """A level's name for players, in Spanish (mus_level_display_name()): ``"principiante"``,
    ``"aficionado"``, ``"jugador de club"``, ``"fuerte"`` or ``"experto"``."""
    return _lib.load().mus_level_display_name(int(_level(level))).decode("utf-8")


def parse_level(name: str) -> Level:
    """The level of an id or a display name, exactly as written (mus_level_parse()); raises
    ParseError (its message lists the names) for another."""
    out = ctypes.c_int32(-1)
    _lib.check(_lib.load().mus_level_parse(name.encode("utf-8"), ctypes.byref(out)),
               "mus_level_parse", "name %r" % (name,))
    return Level(out.value)


def _kind(kind: BotKindLike) -> BotKind:
    if isinstance(kind, str):
        try:
            return BotKind[kind.upper()]
        except KeyError:
            raise ValueError("unknown bot kind %r (kinds: %s)" % (
                kind, ", ".join(k.name.lower() for k in BotKind))) from None
    return BotKind(int(kind))


class Bot:
    """A bot configuration (a ``mus_bot_config``): its kind and, for the search bot, its budget.

    ``Bot("search", playouts=200)``; ``playouts`` and ``time_ms`` left None keep the kind's
    defaults (mus_bot_config_default()). A ``time_ms`` cap makes decisions depend on the
    machine's speed; leave it None (0) for reproducible play.
    """

    __slots__ = ("_c",)

    def __init__(self, kind: BotKindLike = BotKind.HEURISTIC, playouts: Optional[int] = None,
                 time_ms: Optional[int] = None, target: Optional[BotKindLike] = None) -> None:
        c = _abi.mus_bot_config()
        _lib.check(_lib.load().mus_bot_config_default(int(_kind(kind)), ctypes.byref(c)),
                   "mus_bot_config_default", "kind %r" % (kind,))
        if playouts is not None:
            c.playouts = int(playouts)
        if time_ms is not None:
            c.time_ms = int(time_ms)
        if target is not None:
            c.target = int(_kind(target))
        self._c = c

    @classmethod
    def for_level(cls, level: LevelLike) -> "Bot":
        """The bot of a level (mus_bot_config_level()): a :class:`Level`, its number, its id
        (``"expert"``) or its display name (``"experto"``)."""
        c = _abi.mus_bot_config()
        _lib.check(_lib.load().mus_bot_config_level(int(_level(level)), ctypes.byref(c)),
                   "mus_bot_config_level", "level %r" % (level,))
        bot = cls.__new__(cls)
        bot._c = c
        return bot

    @property
    def kind(self) -> BotKind:
        return BotKind(self._c.kind)

    @property
    def target(self) -> Optional[BotKind]:
        """The exploiter's target (the bot whose policy it knows); None for other kinds."""
        return BotKind(self._c.target) if self._c.kind == BotKind.EXPLOITER else None

    @property
    def playouts(self) -> int:
        """Search budget per decision in playouts (0: the kind's default)."""
        return self._c.playouts

    @property
    def time_ms(self) -> int:
        """Wall-clock cap per decision in ms (0: none)."""
        return self._c.time_ms

    def choose_id(self, state: State, seed: int = 0, seat: Optional[int] = None) -> int:
        """The action id this bot chooses for ``seat`` (default: the seat to act), which must be
        the seat to act (mus_bot_choose()). Raises WrongPhaseError when chance is due,
        MatchOverError at the end, NotYourTurnError for another seat, InvalidArgumentError for a
        bad configuration (e.g. a negative budget)."""
        if seat is None:
            seat = state.to_act
            if seat is None:
                seat = 0  # the library says why nobody can act (shuffle due, match over)
        out = ctypes.c_int32(-1)
        _lib.check(_lib.load().mus_bot_choose(ctypes.byref(state._c), int(seat),
                                              ctypes.byref(self._c), check_seed(seed),
                                              ctypes.byref(out)),
                   "mus_bot_choose", "seat %r, %r" % (seat, self))
        return out.value

    def choose(self, state: State, seed: int = 0, seat: Optional[int] = None) -> Action:
        """The action this bot chooses: ``state.action_from_id(self.choose_id(...))``."""
        return state.action_from_id(self.choose_id(state, seed, seat))

    def evaluate(self, state: State, seed: int = 0,
                 seat: Optional[int] = None) -> Dict[int, float]:
        """The search bot's estimate of each action id it considers for ``seat`` (the seat to
        act): the expected points of the seat's team minus the opponents' to the end of the
        hand, score and target weighed in (mus_bot_evaluate()). Only for ``BotKind.SEARCH``,
        ``BotKind.EXPERT`` and ``BotKind.EXPLOITER``."""
        if seat is None:
            seat = state.to_act if state.to_act is not None else 0
        cap = _abi.MUS_ACTION_ID_COUNT
        points = (ctypes.c_double * cap)()
        ids = ctypes.c_uint64(0)
        _lib.check(_lib.load().mus_bot_evaluate(ctypes.byref(state._c), int(seat),
                                                ctypes.byref(self._c), check_seed(seed), points,
                                                cap, ctypes.byref(ids)),
                   "mus_bot_evaluate", "seat %r, %r" % (seat, self))
        return {i: points[i] for i in range(cap) if ids.value >> i & 1}

    def _as_c(self) -> _abi.mus_bot_config:
        return self._c

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Bot):
            return NotImplemented
        return bytes(self._c) == bytes(other._c)

    def __hash__(self) -> int:
        return hash(bytes(self._c))

    def __reduce__(self):
        target = None if self.target is None else int(self.target)
        return (Bot, (int(self.kind), self.playouts, self.time_ms, target))

    def __repr__(self) -> str:
        target = "" if self.target is None else ", target=%r" % self.target.name.lower()
        return "Bot(%r, playouts=%d, time_ms=%d%s)" % (self.kind.name.lower(), self.playouts,
                                                       self.time_ms, target)


def playouts(state: State, bot: Union[Bot, BotKindLike], seed: int, n: int,
             scope: Union[PlayoutScope, int, str] = PlayoutScope.HAND,
             first: int = 0) -> List[Tuple[int, int]]:
    """Plays ``n`` playouts from ``state`` inside the library, every seat played by ``bot``,
    every shuffle drawn from ``seed`` (mus_bot_playouts()), to the end of the hand (``"hand"``) or
    of the match (``"match"``). Returns the points each team gained in each playout.

    The playouts are numbered from ``first``: ``playouts(s, b, seed, 10)`` equals
    ``playouts(s, b, seed, 4) + playouts(s, b, seed, 6, first=4)``."""
    if not isinstance(bot, Bot):
        bot = Bot(bot)
    if isinstance(scope, str):
        scope = PlayoutScope[scope.upper()]
    if isinstance(n, bool) or not isinstance(n, int):
        raise TypeError("n is an int, not %r" % (n,))
    if not 0 <= n < 2**31:
        _lib.raise_error(_abi.MUS_E_INVALID_ARGUMENT, "mus_bot_playouts", "n = %d" % n,
                         "the number of playouts must be 0..2^31-1")
    out = (ctypes.c_int32 * (2 * n if n else 1))()
    _lib.check(_lib.load().mus_bot_playouts(ctypes.byref(state._c), ctypes.byref(bot._as_c()),
                                        check_seed(seed), check_seed(first), n, int(scope), out),
               "mus_bot_playouts", "%r, n=%d" % (bot, n))
    return [(out[2 * i], out[2 * i + 1]) for i in range(n)]
