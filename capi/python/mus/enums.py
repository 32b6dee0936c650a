"""The header's enumerations as :class:`enum.IntEnum` types (values pinned by mus.h)."""

from __future__ import annotations

import enum
from typing import Type, TypeVar, Union

from . import _abi


class Status(enum.IntEnum):
    """Status codes (``MUS_OK``, ``MUS_E_*``)."""
    OK = _abi.MUS_OK
    INVALID_ARGUMENT = _abi.MUS_E_INVALID_ARGUMENT
    PARSE = _abi.MUS_E_PARSE
    BUFFER_TOO_SMALL = _abi.MUS_E_BUFFER_TOO_SMALL
    INVALID_RULES = _abi.MUS_E_INVALID_RULES
    INVALID_CARDS = _abi.MUS_E_INVALID_CARDS
    WRONG_PHASE = _abi.MUS_E_WRONG_PHASE
    NOT_YOUR_TURN = _abi.MUS_E_NOT_YOUR_TURN
    ILLEGAL_ACTION = _abi.MUS_E_ILLEGAL_ACTION
    BET_TOO_SMALL = _abi.MUS_E_BET_TOO_SMALL
    CARD_NOT_IN_HAND = _abi.MUS_E_CARD_NOT_IN_HAND
    BAD_SHUFFLE = _abi.MUS_E_BAD_SHUFFLE
    MATCH_OVER = _abi.MUS_E_MATCH_OVER
    FALSE_SIGNAL = _abi.MUS_E_FALSE_SIGNAL
    INVALID_STATE = _abi.MUS_E_INVALID_STATE
    INTERNAL = _abi.MUS_E_INTERNAL
    NO_ACTION_ID = _abi.MUS_E_NO_ACTION_ID
    SIGNAL_NOT_IN_SET = _abi.MUS_E_SIGNAL_NOT_IN_SET

    @property
    def c_name(self) -> str:
        """The header's name: ``"MUS_OK"``, ``"MUS_E_PARSE"``, ..."""
        return "MUS_OK" if self is Status.OK else "MUS_E_" + self.name


class Lance(enum.IntEnum):
    """``MUS_LANCE_GRANDE`` ... ``MUS_LANCE_PUNTO``."""
    GRANDE = _abi.MUS_LANCE_GRANDE
    CHICA = _abi.MUS_LANCE_CHICA
    PARES = _abi.MUS_LANCE_PARES
    JUEGO = _abi.MUS_LANCE_JUEGO
    PUNTO = _abi.MUS_LANCE_PUNTO


class Royal31(enum.IntEnum):
    """The 31 real option of the rules (R21), ``MUS_ROYAL31_*``."""
    OFF = _abi.MUS_ROYAL31_OFF
    JACK777 = _abi.MUS_ROYAL31_JACK777
    FIGURE777 = _abi.MUS_ROYAL31_FIGURE777
    JACK777_OTHER_SUITS = _abi.MUS_ROYAL31_JACK777_OTHER_SUITS
    JACK_OF_COINS777 = _abi.MUS_ROYAL31_JACK_OF_COINS777
    JACK_OF_COINS_ANY777 = _abi.MUS_ROYAL31_JACK_OF_COINS_ANY777


class MusCorrido(enum.IntEnum):
    """The mus corrido option of the rules (R31), ``MUS_CORRIDO_*``."""
    OFF = _abi.MUS_CORRIDO_OFF
    MATCH = _abi.MUS_CORRIDO_MATCH
    GAME = _abi.MUS_CORRIDO_GAME


class Answers(enum.IntEnum):
    """How a team answers a bet (R25, R25a), ``MUS_ANSWERS_*``."""
    FIRST = _abi.MUS_ANSWERS_FIRST
    PROPOSAL = _abi.MUS_ANSWERS_PROPOSAL


class SignalSet(enum.IntEnum):
    """The signal set of the rules (R33a), ``MUS_SIGNALS_*``."""
    FULL = _abi.MUS_SIGNALS_FULL
    ONLINE = _abi.MUS_SIGNALS_ONLINE
    OFF = _abi.MUS_SIGNALS_OFF


class Phase(enum.IntEnum):
    """``MUS_PHASE_*``."""
    SHUFFLE = _abi.MUS_PHASE_SHUFFLE
    MUS = _abi.MUS_PHASE_MUS
    DISCARD = _abi.MUS_PHASE_DISCARD
    BETTING = _abi.MUS_PHASE_BETTING
    MATCH_OVER = _abi.MUS_PHASE_MATCH_OVER
    PERETE = _abi.MUS_PHASE_PERETE


class ActionKind(enum.IntEnum):
    """``MUS_ACTION_*``."""
    SHUFFLE = _abi.MUS_ACTION_SHUFFLE
    MUS = _abi.MUS_ACTION_MUS
    CUT = _abi.MUS_ACTION_CUT
    DISCARD = _abi.MUS_ACTION_DISCARD
    PASS = _abi.MUS_ACTION_PASS
    BET = _abi.MUS_ACTION_BET
    ORDAGO = _abi.MUS_ACTION_ORDAGO
    ACCEPT = _abi.MUS_ACTION_ACCEPT
    REJECT = _abi.MUS_ACTION_REJECT
    SIGNAL = _abi.MUS_ACTION_SIGNAL
    PERETE = _abi.MUS_ACTION_PERETE


class Signal(enum.IntEnum):
    """``MUS_SIGNAL_*`` (R33)."""
    TWO_KINGS = _abi.MUS_SIGNAL_TWO_KINGS
    THREE_KINGS = _abi.MUS_SIGNAL_THREE_KINGS
    TWO_ACES = _abi.MUS_SIGNAL_TWO_ACES
    THREE_ACES = _abi.MUS_SIGNAL_THREE_ACES
    PAREJA = _abi.MUS_SIGNAL_PAREJA
    MEDIAS = _abi.MUS_SIGNAL_MEDIAS
    DUPLES = _abi.MUS_SIGNAL_DUPLES
    JUEGO_31 = _abi.MUS_SIGNAL_JUEGO_31
    PUNTO_30 = _abi.MUS_SIGNAL_PUNTO_30
    PUNTO_29 = _abi.MUS_SIGNAL_PUNTO_29
    PUNTO_28 = _abi.MUS_SIGNAL_PUNTO_28
    CIEGO = _abi.MUS_SIGNAL_CIEGO
    REAL_31 = _abi.MUS_SIGNAL_REAL_31
    SOLOMILLO = _abi.MUS_SIGNAL_SOLOMILLO
    NEED_MUS = _abi.MUS_SIGNAL_NEED_MUS


class LanceStatus(enum.IntEnum):
    """How a lance was played: ``MUS_LANCE_STATUS_PENDING`` ... ``MUS_LANCE_STATUS_ORDAGO``."""
    PENDING = _abi.MUS_LANCE_STATUS_PENDING
    SKIPPED = _abi.MUS_LANCE_STATUS_SKIPPED
    ONE_TEAM = _abi.MUS_LANCE_STATUS_ONE_TEAM
    EN_PASO = _abi.MUS_LANCE_STATUS_EN_PASO
    ACCEPTED = _abi.MUS_LANCE_STATUS_ACCEPTED
    REFUSED = _abi.MUS_LANCE_STATUS_REFUSED
    ORDAGO = _abi.MUS_LANCE_STATUS_ORDAGO


class HandEnd(enum.IntEnum):
    """How a hand ended, ``MUS_END_*``."""
    NONE = _abi.MUS_END_NONE
    COUNT = _abi.MUS_END_COUNT
    DEJE = _abi.MUS_END_DEJE
    ORDAGO = _abi.MUS_END_ORDAGO


class EventKind(enum.IntEnum):
    """``MUS_EVENT_*``."""
    DEAL = _abi.MUS_EVENT_DEAL
    REFILL = _abi.MUS_EVENT_REFILL
    MUS = _abi.MUS_EVENT_MUS
    CUT = _abi.MUS_EVENT_CUT
    DISCARD = _abi.MUS_EVENT_DISCARD
    REPLACE = _abi.MUS_EVENT_REPLACE
    PERETE = _abi.MUS_EVENT_PERETE
    SIGNAL = _abi.MUS_EVENT_SIGNAL
    DECLARE_PARES = _abi.MUS_EVENT_DECLARE_PARES
    DECLARE_JUEGO = _abi.MUS_EVENT_DECLARE_JUEGO
    LANCE_START = _abi.MUS_EVENT_LANCE_START
    PASS = _abi.MUS_EVENT_PASS
    BET = _abi.MUS_EVENT_BET
    ORDAGO = _abi.MUS_EVENT_ORDAGO
    ACCEPT = _abi.MUS_EVENT_ACCEPT
    REJECT = _abi.MUS_EVENT_REJECT
    DEJE = _abi.MUS_EVENT_DEJE
    EN_PASO = _abi.MUS_EVENT_EN_PASO
    SHOWDOWN = _abi.MUS_EVENT_SHOWDOWN
    COUNT = _abi.MUS_EVENT_COUNT
    GAME = _abi.MUS_EVENT_GAME
    VACA = _abi.MUS_EVENT_VACA
    MATCH = _abi.MUS_EVENT_MATCH
    PROPOSE = _abi.MUS_EVENT_PROPOSE
    AGREE = _abi.MUS_EVENT_AGREE


#: Each enum and the prefix of its constants in mus.h (Status is special: MUS_OK and MUS_E_*).
class BotKind(enum.IntEnum):
    """The library's computer players (``MUS_BOT_*``)."""
    RANDOM = 0     #: uniform over the legal actions (the baseline)
    HEURISTIC = 1  #: a club player's rules of thumb
    SEARCH = 2     #: samples the hidden cards consistent with its view and plays rollouts
    TIGHT = 3      #: pool: bets and accepts only with strong hands
    LOOSE = 4      #: pool: loose-aggressive, bets and raises often, bluffs
    STATION = 5    #: pool: calling station, accepts almost everything, rarely raises
    ORDAGO = 6     #: pool: órdago lover, calls and accepts órdagos far more than others
    CAREFUL = 7    #: pool: thresholds on its chance over sampled consistent deals
    EXPLOITER = 8  #: best response to a known bot (its ``target``), to measure exploitability
    BEGINNER = 9   #: level principiante: mus with good hands, discards for kings, loose calls
    AMATEUR = 10   #: level aficionado: the beginner's mistakes, less often
    EXPERT = 11    #: level experto: the search, sharper on bets and órdagos, bounded cost


class Level(enum.IntEnum):
    """The bots a player chooses by strength, weakest first (``MUS_LEVEL_*``):
    :meth:`mus.Bot.for_level` gives a level's bot, :func:`mus.level_display_name` its name for
    players (Spanish), :func:`mus.level_name` its id."""
    BEGINNER = 0  #: principiante (BotKind.BEGINNER)
    AMATEUR = 1   #: aficionado (BotKind.AMATEUR)
    CLUB = 2      #: jugador de club (BotKind.HEURISTIC)
    STRONG = 3    #: fuerte (BotKind.SEARCH)
    EXPERT = 4    #: experto (BotKind.EXPERT)


class PlayoutScope(enum.IntEnum):
    """How far :func:`mus.playouts` plays (``MUS_PLAYOUT_*``)."""
    HAND = 0   #: to the end of the current hand
    MATCH = 1  #: to the end of the match


ENUM_PREFIXES = {
    BotKind: "MUS_BOT_",
    Level: "MUS_LEVEL_",
    PlayoutScope: "MUS_PLAYOUT_",
    Lance: "MUS_LANCE_",
    Royal31: "MUS_ROYAL31_",
    MusCorrido: "MUS_CORRIDO_",
    Answers: "MUS_ANSWERS_",
    Phase: "MUS_PHASE_",
    ActionKind: "MUS_ACTION_",
    Signal: "MUS_SIGNAL_",
    LanceStatus: "MUS_LANCE_STATUS_",
    HandEnd: "MUS_END_",
    EventKind: "MUS_EVENT_",
}

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
