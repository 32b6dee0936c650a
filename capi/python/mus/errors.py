"""Exceptions: every non-zero status of the C API becomes a :class:`MusError`.

Each status code has its own subclass (``ParseError`` for ``MUS_E_PARSE``, ...), so callers
can catch exactly what they expect; all of them carry ``status`` (a :class:`mus.Status`),
``name`` (the header's name, e.g. ``"MUS_E_PARSE"``) and ``message``, the library's reason
(``mus_last_error()``, e.g. ``"expected four cards at position 8"``). Errors about bad input
also derive from :class:`ValueError`.
"""

from __future__ import annotations

from typing import Dict, Optional, Type, Union

from .enums import Status


class MusError(Exception):
    """A libmus call failed.

    Attributes:
        status: the status code, a :class:`mus.Status` (a plain int for a code this binding
            does not know).
        name: the header's name of the code, e.g. ``"MUS_E_PARSE"``.
        message: why the call failed, in the library's words (``mus_last_error()`` read right
            after the failed call), e.g. ``"kings must be 4 or 8 at position 15"``; the status
            text ``mus_status_string(status)`` when there is nothing more precise.
        function: the C function that failed (or the binding's operation), if known.
        detail: what the binding was doing, e.g. the text it tried to parse, if known.
        position: for text the library could not read, the byte where it went wrong (the C
            API's ``error_pos_out``); None otherwise.

    ``str(error)`` is ``"<function>: <NAME>: <message> (<detail>)"``.
    """

    #: The status this class stands for (``None`` for the base class).
    code: Optional[Status] = None

    def __init__(self, status: Union[Status, int], message: str = "",
                 function: Optional[str] = None, detail: Optional[str] = None,
                 position: Optional[int] = None) -> None:
        try:
            self.status: Union[Status, int] = Status(status)
            self.name: str = self.status.c_name
        except ValueError:
            self.status = status
            self.name = "MUS_E_UNKNOWN(%d)" % status
        self.message = message or self.name
        self.function = function
        self.detail = detail
        self.position = position
        # The status texts start with the name already ("MUS_E_PARSE: text could not ...").
        text = self.message
        if not text.startswith(self.name):
            text = "%s: %s" % (self.name, text)
        if function:
            text = "%s: %s" % (function, text)
        if detail:
            text = "%s (%s)" % (text, detail)
        super().__init__(text)

    def __reduce__(self):
        return (_rebuild, (self.status, self.message, self.function, self.detail, self.position))


def _rebuild(status, message, function, detail, position=None):
    return error_class(status)(status, message, function, detail, position)


class InvalidArgumentError(MusError, ValueError):
    """``MUS_E_INVALID_ARGUMENT``: a NULL pointer, an out-of-range number, a bad struct_size."""
    code = Status.INVALID_ARGUMENT


class ParseError(MusError, ValueError):
    """``MUS_E_PARSE``: text that could not be parsed."""
    code = Status.PARSE


class BufferTooSmallError(MusError):
    """``MUS_E_BUFFER_TOO_SMALL`` (the binding sizes its buffers, so this means a library bug)."""
    code = Status.BUFFER_TOO_SMALL


class InvalidRulesError(MusError, ValueError):
    """``MUS_E_INVALID_RULES``: a rules value outside its limits."""
    code = Status.INVALID_RULES


class InvalidCardsError(MusError, ValueError):
    """``MUS_E_INVALID_CARDS``: a card id outside 0..39, or the same card twice."""
    code = Status.INVALID_CARDS


class ActionError(MusError):
    """Base of the errors of an action the reducer refuses (the state is left as it was)."""


class WrongPhaseError(ActionError):
    """``MUS_E_WRONG_PHASE``: the action does not belong to the current phase."""
    code = Status.WRONG_PHASE


class NotYourTurnError(ActionError):
    """``MUS_E_NOT_YOUR_TURN``: the acting seat is not the seat to act."""
    code = Status.NOT_YOUR_TURN


class IllegalActionError(ActionError):
    """``MUS_E_ILLEGAL_ACTION``: the action is against the rules here."""
    code = Status.ILLEGAL_ACTION


class BetTooSmallError(ActionError):
    """``MUS_E_BET_TOO_SMALL``: a bet or raise below the minimum."""
    code = Status.BET_TOO_SMALL


class CardNotInHandError(ActionError):
    """``MUS_E_CARD_NOT_IN_HAND``: a discard names a card the seat does not hold."""
    code = Status.CARD_NOT_IN_HAND


class BadShuffleError(ActionError):
    """``MUS_E_BAD_SHUFFLE``: a shuffle order that is not exactly the cards to shuffle."""
    code = Status.BAD_SHUFFLE


class MatchOverError(ActionError):
    """``MUS_E_MATCH_OVER``: the match has ended; nothing more can be applied."""
    code = Status.MATCH_OVER


class FalseSignalError(ActionError):
    """``MUS_E_FALSE_SIGNAL``: a signal that does not match the signaller's hand (R33)."""
    code = Status.FALSE_SIGNAL


class InvalidStateError(MusError, ValueError):
    """``MUS_E_INVALID_STATE``: bytes that are not a state this library produced."""
    code = Status.INVALID_STATE


class InternalError(MusError):
    """``MUS_E_INTERNAL``: an unexpected failure inside libmus (a bug: please report it)."""
    code = Status.INTERNAL


class NoActionIdError(MusError, ValueError):
    """``MUS_E_NO_ACTION_ID``: an action that has no action id (a bet amount off the ladder)."""
    code = Status.NO_ACTION_ID


class SignalNotInSetError(ActionError):
    """``MUS_E_SIGNAL_NOT_IN_SET``: a signal outside the rules' signal set (R33a)."""
    code = Status.SIGNAL_NOT_IN_SET


class LibraryNotFoundError(OSError):
    """libmus could not be loaded; the message lists every place that was tried."""


_BY_STATUS: Dict[int, Type[MusError]] = {
    cls.code: cls
    for cls in (InvalidArgumentError, ParseError, BufferTooSmallError, InvalidRulesError,
                InvalidCardsError, WrongPhaseError, NotYourTurnError, IllegalActionError,
                BetTooSmallError, CardNotInHandError, BadShuffleError, MatchOverError,
                FalseSignalError, InvalidStateError, InternalError, NoActionIdError,
                SignalNotInSetError)
}


def error_class(status: int) -> Type[MusError]:
    """The exception class for a status code (:class:`MusError` for an unknown code)."""
    return _BY_STATUS.get(status, MusError)
