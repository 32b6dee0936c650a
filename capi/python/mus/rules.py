"""Rules: the variants of rules.md a match is played under."""

from __future__ import annotations

import ctypes
from typing import Any, Dict, Optional, Tuple

from . import _abi, _lib
from .enums import Answers, MusCorrido, Royal31, SignalSet, enum_or_int
from .errors import MusError

# Field name -> how a Python value becomes the C int32 (and back: see Rules properties).
_FIELDS: Tuple[str, ...] = ("kings", "target", "games_per_vaca", "vacas", "min_raise",
                            "royal31", "zero_discard", "deje_ends", "mus_corrido", "tio_perete",
                            "answers", "signals")


def _to_c(field: str, value: Any) -> int:
    """A Python value for a rules field as the C int32 (the library validates the number)."""
    for name, enum_cls in (("royal31", Royal31), ("mus_corrido", MusCorrido),
                           ("answers", Answers), ("signals", SignalSet)):
        if field == name and isinstance(value, str):
            try:
                return int(enum_cls[value.upper()])
            except KeyError:
                _lib.raise_error(_abi.MUS_E_PARSE, "Rules",
                                 "%s=%r; one of %s" % (field, value, ", ".join(
                                     m.name.lower() for m in enum_cls)))
    if not isinstance(value, int):  # bool and the IntEnums are ints
        raise TypeError("rules field %s takes an int, not %r" % (field, value))
    return int(value)


class Rules:
    """An immutable set of rules (a ``mus_rules`` value, always valid).

    Make one with :meth:`preset` or :meth:`parse`; change fields with keyword arguments
    (``Rules.preset("standard", target=30, kings=4)``) or :meth:`replace`. ``str(rules)`` is the
    canonical text (``"standard target=30"``), accepted back by :meth:`parse`. Two rules are
    equal when every field is.
    """

    __slots__ = ("_c",)

    def __init__(self, text: str = "standard") -> None:
        """``Rules()`` is the standard preset; ``Rules(text)`` is ``Rules.parse(text)``."""
        c = _abi.mus_rules()
        _lib.check(_lib.load().mus_rules_parse(ctypes.byref(c), _encode(text)),
                   "mus_rules_parse", "text %r" % (text,))
        self._c = c

    @classmethod
    def preset(cls, name: str = "standard", **overrides: Any) -> "Rules":
        """A named preset ("standard", "spain", "basque", "online"), with optional field
        overrides.

        Raises ParseError for an unknown name, InvalidRulesError for an override outside its
        limits and TypeError for an unknown field.
        """
        c = _abi.mus_rules()
        _lib.check(_lib.load().mus_rules_preset(ctypes.byref(c), _encode(name)),
                   "mus_rules_preset", "name %r" % (name,))
        return cls._from_c(c)._with(overrides)

    @classmethod
    def parse(cls, text: str, **overrides: Any) -> "Rules":
        """Rules from text: a preset name then ``key=value`` words (see mus_rules_parse())."""
        return cls(text)._with(overrides)

    @classmethod
    def _from_c(cls, c: _abi.mus_rules) -> "Rules":
        self = cls.__new__(cls)
        self._c = c
        _lib.check(_lib.load().mus_rules_validate(ctypes.byref(c)), "mus_rules_validate")
        return self

    def replace(self, **overrides: Any) -> "Rules":
        """A copy with some fields changed, e.g. ``rules.replace(target=30)``."""
        return self._with(overrides)

    def _with(self, overrides: Dict[str, Any]) -> "Rules":
        if not overrides:
            return self
        c = _abi.mus_rules.from_buffer_copy(self._c)
        for field, value in overrides.items():
            if field not in _FIELDS:
                raise TypeError("unknown rules field %r (fields: %s)"
                                % (field, ", ".join(_FIELDS)))
            setattr(c, field, _to_c(field, value))
        try:
            return Rules._from_c(c)
        except MusError as exc:  # say which overrides, not which C call noticed
            raise type(exc)(exc.status, exc.message, "Rules",
                            ", ".join("%s=%r" % kv for kv in overrides.items())) from None

    # -- fields --------------------------------------------------------------------------------
    @property
    def kings(self) -> int:
        """8 (3s are kings and 2s aces, R4) or 4."""
        return self._c.kings

    @property
    def target(self) -> int:
        """Points that win a game (R29)."""
        return self._c.target

    @property
    def games_per_vaca(self) -> int:
        """Games that win a vaca (R30)."""
        return self._c.games_per_vaca

    @property
    def vacas(self) -> int:
        """Vacas that win the match (R30)."""
        return self._c.vacas

    @property
    def min_raise(self) -> int:
        """Smallest raise over an open bet (R25): 1 or 2."""
        return self._c.min_raise

    @property
    def royal31(self) -> Royal31:
        """The 31 real option (R21)."""
        return enum_or_int(Royal31, self._c.royal31)

    @property
    def zero_discard(self) -> bool:
        """Whether a player may discard no card (R14)."""
        return bool(self._c.zero_discard)

    @property
    def deje_ends(self) -> bool:
        """Whether a deje reaching the target ends the game at once (R29)."""
        return bool(self._c.deje_ends)

    @property
    def mus_corrido(self) -> MusCorrido:
        """The mus corrido option (R31)."""
        return enum_or_int(MusCorrido, self._c.mus_corrido)

    @property
    def tio_perete(self) -> bool:
        """Whether the tío Perete bonus is played (R32)."""
        return bool(self._c.tio_perete)

    @property
    def answers(self) -> Answers:
        """How a team answers a bet: FIRST (R25) or PROPOSAL (R25a, the online preset)."""
        return enum_or_int(Answers, self._c.answers)

    @property
    def signals(self) -> SignalSet:
        """The signal set (R33a): which signals are legal."""
        return enum_or_int(SignalSet, self._c.signals)

    def as_dict(self) -> Dict[str, Any]:
        """Every field by name."""
        return {field: getattr(self, field) for field in _FIELDS}

    # -- value behaviour -----------------------------------------------------------------------
    def _key(self) -> Tuple[int, ...]:
        return tuple(getattr(self._c, field) for field in _FIELDS)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Rules):
            return NotImplemented
        return self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def __str__(self) -> str:
        return _format(self._c)

    def __repr__(self) -> str:
        return "Rules(%r)" % str(self)

    def __reduce__(self):
        return (Rules, (str(self),))

    def _as_c(self) -> _abi.mus_rules:
        """The C struct (callers must not change it)."""
        return self._c


def _encode(text: Optional[str]) -> Optional[bytes]:
    if text is None:
        return None
    if not isinstance(text, str):
        raise TypeError("expected a str, not %r" % (text,))
    return text.encode("utf-8")


def _format(c: _abi.mus_rules) -> str:
    return _lib.format_text("mus_rules_format", 96, ctypes.byref(c))


def as_rules(rules: Any) -> Rules:
    """Accepts a Rules or rules text (``"basque"``, ``"standard target=30"``)."""
    if isinstance(rules, Rules):
        return rules
    if isinstance(rules, str):
        return Rules.parse(rules)
    raise TypeError("expected Rules or rules text, not %r" % (rules,))
