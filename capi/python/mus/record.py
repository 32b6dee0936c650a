"""Match records (mus_record_*): one text format for a whole match, the rules, the first
dealer and every action (shuffles included), optionally the state after each, and an end line.

The format's contract is the records page of the documentation; the library reads versions
1 to 3 and the transcript form of libmus 0.2 (version 0), and writes version 3::

    text = mus.MatchRecord.format(rules, first_dealer, actions)   # the library's writer
    record = mus.MatchRecord.parse(text)                           # the library's reader
    record.steps[0].action, record.end                        # Action, RecordEnd.OVER
    last = record.replay()                                    # the library's replay
"""

from __future__ import annotations

import ctypes
from dataclasses import dataclass
from typing import Iterable, Optional, Tuple, Union

from . import _abi, _lib
from .enums import RecordEnd, RecordLine
from .match import Action, State
from .rules import Rules, as_rules


@dataclass(frozen=True)
class RecordStep:
    """One action of a record, and the state text recorded after it (None when the record has
    none). ``line`` and ``state_line`` are their line numbers in the text (from 1)."""

    action: Action
    line: int
    state: Optional[str] = None
    state_line: int = 0


@dataclass(frozen=True)
class MatchRecord:
    """A match record read by the library's reader (:meth:`parse`).

    Attributes:
        text: the record's text, as given.
        version: 3, 2, 1, or 0 for the transcript form of libmus 0.2.
        rules: the rules of the match.
        dealer: the first dealer.
        initial_state: the new match's state text, when recorded.
        steps: every action, in order, each with its state text when recorded.
        end: the end line (:attr:`RecordEnd.NONE` in versions 0 to 2).
    """

    text: str
    version: int
    rules: Rules
    dealer: int
    initial_state: Optional[str]
    steps: Tuple[RecordStep, ...]
    end: RecordEnd

    @classmethod
    def parse(cls, text: str) -> "MatchRecord":
        """Reads a record a line at a time with the library's reader (mus_record_reader_read_line()).
        Raises ParseError (or InvalidRulesError) for a bad line or a truncated record: its
        message names the line (``"line 6: unknown action ... at position 2"``), its position
        is the byte in that line."""
        if not isinstance(text, str):
            raise TypeError("expected a record's text (str), not %r" % (text,))
        lib = _lib.load()
        reader = _abi.mus_record_reader()
        _lib.check(lib.mus_record_reader_init(ctypes.byref(reader)), "mus_record_reader_init")
        item = ctypes.c_int32(-1)
        pos = ctypes.c_int32(-1)
        action = _abi.mus_action()
        initial: Optional[str] = None
        steps = []
        lines = text.split("\n")
        if lines and lines[-1] == "":
            lines.pop()
        for line in lines:
            raw = line.encode("utf-8")
            status = lib.mus_record_reader_read_line(ctypes.byref(reader), raw, ctypes.byref(item),
                                              ctypes.byref(action), ctypes.byref(pos))
            if status != _abi.MUS_OK:
                _lib.check(status, "mus_record_reader_read_line", "line %d" % reader.line,
                           pos.value if pos.value >= 0 else None)
            if item.value == RecordLine.ACTION:
                steps.append(RecordStep(Action._from_c(action), reader.line))
            elif item.value == RecordLine.STATE:
                state = raw[pos.value:].decode("ascii").rstrip(" \t\r")
                if steps:
                    last = steps[-1]
                    steps[-1] = RecordStep(last.action, last.line, state, reader.line)
                else:
                    initial = state
        _lib.check(lib.mus_record_reader_finish(ctypes.byref(reader)),
                   "mus_record_reader_finish", "line %d" % (reader.line + 1))
        return cls(text, reader.version, Rules._from_c(reader.rules), reader.dealer, initial,
                   tuple(steps), RecordEnd(reader.end))

    @staticmethod
    def format(rules: Union[Rules, str], first_dealer: int, actions: Iterable[Action],
               states: bool = False, comment: Optional[str] = None) -> str:
        """The version-3 record of the match played from a new match by ``actions``
        (mus_record_format()): with every state line when ``states``, ``comment``'s lines as
        comments after the tag, and the end line the replay gives. Raises the reducer's
        error for an action it refuses (its message gives the action's index)."""
        items = [a._to_c() for a in actions]
        array = (_abi.mus_action * max(1, len(items)))(*items)
        flags = _abi.MUS_RECORD_WITH_STATES if states else 0
        note = comment.encode("utf-8") if comment is not None else None
        cap = 256 + 64 * len(items) + (420 * (len(items) + 1) if states else 0)
        return _lib.format_text("mus_record_format", cap,
                                ctypes.byref(as_rules(rules)._as_c()), int(first_dealer),
                                array, len(items), flags, note)

    def replay(self) -> State:
        """The last state of the record's match (mus_record_replay(): the library's replay,
        every state line checked byte for byte). Raises the reducer's error for a refused
        action, InvalidStateError for a state or end line the replay contradicts; the message
        names the line."""
        return replay(self.text)


def replay(text: str) -> State:
    """The last state of a record's match, read and replayed by the library
    (mus_record_replay()); see :meth:`MatchRecord.replay`."""
    if not isinstance(text, str):
        raise TypeError("expected a record's text (str), not %r" % (text,))
    out = _abi.mus_state()
    line = ctypes.c_int32(0)
    _lib.check(_lib.load().mus_record_replay(text.encode("utf-8"), ctypes.byref(out),
                                             ctypes.byref(line)),
               "mus_record_replay", "line %d" % line.value)
    return State._wrap(out)
