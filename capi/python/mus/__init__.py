"""libmus for Python: the Mus rules engine through its C API (ctypes, standard library only).

Quick tour (``mus.Env`` is the game-AI environment, ``mus.VecEnv`` a batch of them for
learning (numpy), ``mus.Bot`` the library's players, ``mus.tips`` hints for a person at the
table, ``mus.MatchRecord`` match records, ``mus.tournament`` a tournament runner over Dask)::

    import mus
    rules = mus.Rules.preset("standard", target=30)
    hand = mus.Hand.parse("Ko 3c Qe Ab")
    hand.value(rules), hand.tantos(rules, mus.Lance.PARES)
    state = mus.State.new(rules, first_dealer=0).apply(mus.Action.shuffle(seed=42))
    state.legal_actions()          # [Action(kind=<ActionKind.MUS: 2>, seat=1, ...), ...]
    state.legal_action_ids()       # [1, 2, ...]: the same actions as stable action ids
    state = state.apply(mus.Action.cut(state.to_act))

The shared library is found through ``MUS_LIBRARY``, inside the package (``pip install`` builds
it there), beside the package, or on the system (see :func:`library_path`); it is loaded on
first use and a :class:`LibraryNotFoundError` lists what was tried. Every error status of the C API raises a :class:`MusError` subclass.
"""

from ._version import __version__
from .cards import NO_CARD, Card, Hand, Rank, Suit, lance_winner, seeded_order
from .enums import (ActionKind, Answers, BotKind, EventKind, HandEnd, Lance, LanceStatus, Level,
                    MusCorrido, Phase, PlayoutScope, RecordEnd, RecordLine, Royal31, Signal,
                    SignalSet, Status, TipKind)
from .errors import (ActionError, BadShuffleError, BetTooSmallError, BufferTooSmallError,
                     CardNotInHandError, FalseSignalError, IllegalActionError, InternalError,
                     InvalidArgumentError, InvalidCardsError, InvalidRulesError,
                     InvalidStateError, LibraryNotFoundError, MatchOverError, MusError,
                     NoActionIdError, NotYourTurnError, ParseError, SignalNotInSetError,
                     WrongPhaseError)
from .match import (ACTION_ID_COUNT, Action, BetLimits, Count, CountLine, Event, State,
                    StepInfo, View, bet_ladder)
from .rules import Rules
from .env import Env, Observation, legal_ids
from .bots import Bot, level_display_name, level_name, parse_level, playouts
from .tips import Tip, tips
from .record import MatchRecord, RecordStep, replay
from .vecenv import VecEnv


def library_path() -> str:
    """The path (or soname) of the libmus that was loaded, loading it if need be."""
    from . import _lib
    return _lib.path()


def library_version() -> str:
    """The loaded libmus's version text (mus_version_string()), e.g. ``"0.3.0"``."""
    from . import _lib
    return _lib.load().mus_version_string().decode("ascii")


def last_error() -> str:
    """Why the most recent failed libmus call of this thread failed (mus_last_error()); ""
    before any. Every MusError already carries it as its ``message``."""
    from . import _lib
    return _lib.last_error()


def status_string(status: int) -> str:
    """The library's text for a status code (mus_status_string())."""
    from . import _lib
    return _lib.load().mus_status_string(int(status)).decode("utf-8", "replace")


__all__ = [
    "__version__", "last_error", "library_path", "library_version", "status_string",
    "NO_CARD", "Card", "Hand", "Rank", "Suit", "lance_winner", "seeded_order",
    "ActionKind", "Answers", "EventKind", "HandEnd", "Lance", "LanceStatus", "MusCorrido", "Phase",
    "Royal31", "Signal", "SignalSet", "Status",
    "MusError", "ActionError", "BadShuffleError", "BetTooSmallError", "BufferTooSmallError",
    "CardNotInHandError", "FalseSignalError", "IllegalActionError", "InternalError",
    "InvalidArgumentError", "InvalidCardsError", "InvalidRulesError", "InvalidStateError",
    "LibraryNotFoundError", "MatchOverError", "NoActionIdError", "NotYourTurnError",
    "ParseError", "SignalNotInSetError", "WrongPhaseError",
    "ACTION_ID_COUNT", "Action", "BetLimits", "Count", "CountLine", "Event", "State", "StepInfo",
    "View", "bet_ladder",
    "Rules",
    "Env", "Observation", "legal_ids", "VecEnv",
    "Bot", "BotKind", "PlayoutScope", "playouts",
    "Level", "level_display_name", "level_name", "parse_level",
    "Tip", "TipKind", "tips",
    "MatchRecord", "RecordEnd", "RecordLine", "RecordStep", "replay",
]
