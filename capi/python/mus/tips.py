"""Tips for a person at the table (mus_state_tips): up to three short hints for the seat to act, as
structured values that the caller puts into words.

A tip is not a sentence: it has a :class:`TipKind` and the facts that kind needs (a lance, a
number, cards, an action, an estimate); the table of tip kinds in mus.h (and the tips page of
the documentation) says which. The tips come from what the seat may know only, so they are the
same for every deal of the cards it has not seen::

    for tip in mus.tips(state):                 # the seat to act
        print(tip.name, tip.count, tip.action)  # e.g. "grande_kings 2 None"
"""

from __future__ import annotations

import ctypes
from dataclasses import dataclass
from typing import List, Optional, Tuple, Union

from . import _abi, _lib
from .cards import Card, Hand
from .enums import Lance, Signal, TipKind, enum_or_int
from .match import Action, State


def _opt(value: int) -> Optional[int]:
    return None if value < 0 else value


@dataclass(frozen=True)
class Tip:
    """One tip (a ``mus_tip``). Fields a kind does not use are None, 0 or empty.

    Attributes:
        kind: a :class:`TipKind`.
        lance: the :class:`Lance` it is about, or None.
        seat: the seat it names (who signalled), or None.
        count: by kind: kings, aces, tantos, percent.
        amount: by kind: points needed, a stake.
        score: the game points of the seat's team, then the opponents'.
        signals: the signals made (the signal kinds).
        hand: the seat's four cards (the hand facts), or None.
        ranks: the ranks the cards play as, high to low (0 ace .. 9 king).
        pares: the pares as kind * 100 + high rank * 10 + low rank (0: none).
        value: the juego or punto total.
        real31: the hand is a 31 real.
        real31_beats: JUEGO: a 31 real beats it too (before :attr:`beaten_by`).
        beaten_by: JUEGO: the totals of the juegos that beat it, best first.
        cards: CLUB_DISCARD: the cards to throw.
        action: the action a player would choose (SEARCH_CHOICE, CLUB_*), or None.
        other: SEARCH_CHOICE: the runner-up, or None.
        points: SEARCH_CHOICE: the estimate of :attr:`action` (the team's points minus the
            opponents' to the end of the hand, score-weighed).
        other_points: SEARCH_CHOICE: the estimate of :attr:`other`.
        chance: LANCE_CHANCE: the team's chance in the lance, 0..1.
    """

    kind: Union[TipKind, int]
    lance: Optional[Union[Lance, int]]
    seat: Optional[int]
    count: int
    amount: int
    score: Tuple[int, int]
    signals: Tuple[Union[Signal, int], ...]
    hand: Optional[Hand]
    ranks: Tuple[int, ...]
    pares: int
    value: int
    real31: bool
    real31_beats: bool
    beaten_by: Tuple[int, ...]
    cards: Tuple[Card, ...]
    action: Optional[Action]
    other: Optional[Action]
    points: float
    other_points: float
    chance: float

    @property
    def name(self) -> str:
        """The kind's name as the library writes it (``mus::tip_kind_name``), e.g.
        ``"search_choice"``."""
        return self.kind.name.lower() if isinstance(self.kind, TipKind) else str(self.kind)

    @classmethod
    def _from_c(cls, c: _abi.mus_tip) -> "Tip":
        full = all(c.hand[i] < 40 for i in range(4))
        return cls(
            kind=enum_or_int(TipKind, c.kind),
            lance=None if c.lance < 0 else enum_or_int(Lance, c.lance),
            seat=_opt(c.seat),
            count=c.count,
            amount=c.amount,
            score=(c.score[0], c.score[1]),
            signals=tuple(enum_or_int(Signal, k) for k in range(16) if c.signals >> k & 1),
            hand=Hand([Card(c.hand[i]) for i in range(4)]) if full else None,
            ranks=tuple(c.ranks[i] for i in range(4)),
            pares=c.pares,
            value=c.value,
            real31=bool(c.real31),
            real31_beats=bool(c.real31_beats),
            beaten_by=tuple(c.beaten_by[i] for i in range(8) if c.beaten_by[i] != 0),
            cards=tuple(Card(i) for i in range(40) if c.cards >> i & 1),
            action=Action._from_c(c.action) if c.action.kind != 0 else None,
            other=Action._from_c(c.other) if c.other.kind != 0 else None,
            points=c.points,
            other_points=c.other_points,
            chance=c.chance,
        )


def tips(state: State, seat: Optional[int] = None) -> List[Tip]:
    """Up to three tips for ``seat`` (default: the seat to act), which must be the seat to act,
    the most useful first (mus_state_tips()). Raises WrongPhaseError when a shuffle is due,
    MatchOverError at the end, NotYourTurnError for another seat. In the betting phase it runs
    the search bot once (a few milliseconds)."""
    if seat is None:
        seat = state.to_act if state.to_act is not None else 0
    out = (_abi.mus_tip * _abi.MUS_MAX_TIPS)()
    n = ctypes.c_size_t(0)
    _lib.check(_lib.load().mus_state_tips(ctypes.byref(state._c), int(seat), out, _abi.MUS_MAX_TIPS,
                                    ctypes.byref(n)),
               "mus_state_tips", "seat %r" % (seat,))
    return [Tip._from_c(out[i]) for i in range(n.value)]
