"""The header's enumerations as :class:`enum.IntEnum` types (values pinned by mus.h).

The enums and the action-id blocks are generated from the manifest of mus.h into
:mod:`mus._enums` by capi/abi/generate.py (as every binding's are); this module re-exports them
and adds what is written by hand.
"""

from __future__ import annotations

import enum
from typing import Type, TypeVar, Union

from ._enums import (ACTION_ID_BLOCKS, ENUMS, ActionKind, Answers, BatchReward, BotKind,
                     EventKind, HandEnd, Lance, LanceStatus, Level, MusCorrido, Phase,
                     PlayoutScope, RecordEnd, RecordLine, Royal31, Signal, SignalSet, Status,
                     TipKind)

__all__ = [
    "ACTION_ID_BLOCKS", "ENUMS", "ActionKind", "Answers", "BatchReward", "BotKind", "EventKind",
    "HandEnd", "Lance", "LanceStatus", "Level", "MusCorrido", "Phase", "PlayoutScope",
    "RecordEnd", "RecordLine", "Royal31", "Signal", "SignalSet", "Status", "TipKind",
    "enum_or_int",
]

E = TypeVar("E", bound=enum.IntEnum)


def enum_or_int(cls: Type[E], value: int) -> Union[E, int]:
    """The enum member for ``value``, or the plain int when this binding does not know it yet.

    A newer libmus may add enum values within a major version (an addition, not a break); an
    older binding then passes the number through instead of failing.
    """
    try:
        return cls(value)
    except ValueError:
        return value
