"""Cards and hands (rules.md R1-R6, R16-R23, R33)."""

from __future__ import annotations

import ctypes
import enum
from typing import Any, Iterable, Iterator, List, Optional, Sequence, Tuple, Union

from . import _abi, _lib
from .enums import Lance, Signal

#: The id of an empty slot in a hand (a card given back in a discard, not yet replaced).
NO_CARD = _abi.MUS_NO_CARD


class Rank(enum.IntEnum):
    """A card's rank index (R3): ``id % 10``."""
    ACE = 0
    TWO = 1
    THREE = 2
    FOUR = 3
    FIVE = 4
    SIX = 5
    SEVEN = 6
    JACK = 7    # sota
    KNIGHT = 8  # caballo
    KING = 9    # rey


class Suit(enum.IntEnum):
    """A card's suit index (R3): ``id // 10``."""
    OROS = 0
    COPAS = 1
    ESPADAS = 2
    BASTOS = 3


class Card:
    """One of the 40 cards, by its id 0..39 (``id = suit * 10 + rank``, R3).

    ``Card(9)``, ``Card("Ko")`` and ``Card.parse("Ko")`` are the same card; ``str()`` gives the
    canonical notation (R2). Cards compare and sort by id.
    """

    __slots__ = ("_id",)
    _all: List["Card"] = []
    _texts: List[str] = []  # mus_card_format() of each id, filled on first use

    def __new__(cls, card: Union[int, str, "Card"]) -> "Card":
        if isinstance(card, Card):
            return card
        if isinstance(card, str):
            return cls.parse(card)
        if isinstance(card, bool) or not isinstance(card, int):
            raise TypeError("a card is an id 0..39, a text like 'Ko' or a Card, not %r"
                            % (card,))
        if not 0 <= card < 40:
            _lib.raise_error(_abi.MUS_E_INVALID_CARDS, "Card", "id %d outside 0..39" % card)
        return cls._all[card]

    @classmethod
    def parse(cls, text: str) -> "Card":
        """One card in the notation mus_card_parse() accepts (``"Ko"``, ``"rb"``, ``"1o"``).
        Raises ParseError."""
        if not isinstance(text, str):
            raise TypeError("expected a str, not %r" % (text,))
        out = ctypes.c_uint8(0)
        _lib.check(_lib.load().mus_card_parse(text.encode("utf-8"), ctypes.byref(out)),
                   "mus_card_parse", "text %r" % (text,))
        return cls._all[out.value]

    @classmethod
    def deck(cls) -> Tuple["Card", ...]:
        """All 40 cards in id order."""
        return tuple(cls._all)

    @property
    def id(self) -> int:
        return self._id

    @property
    def rank(self) -> Rank:
        return Rank(self._id % 10)

    @property
    def suit(self) -> Suit:
        return Suit(self._id // 10)

    def __str__(self) -> str:
        """The canonical notation (mus_card_format()), e.g. ``"Ko"``."""
        if not Card._texts:
            Card._texts = [_lib.format_text("mus_card_format", 3, i) for i in range(40)]
        return Card._texts[self._id]

    def __repr__(self) -> str:
        return "Card(%r)" % str(self)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self._id == other._id

    def __lt__(self, other: "Card") -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self._id < other._id

    def __le__(self, other: "Card") -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self._id <= other._id

    def __gt__(self, other: "Card") -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self._id > other._id

    def __ge__(self, other: "Card") -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self._id >= other._id

    def __hash__(self) -> int:
        return hash(self._id)

    def __reduce__(self):
        return (Card, (self._id,))


for _id in range(40):
    _card = object.__new__(Card)
    _card._id = _id
    Card._all.append(_card)
del _id, _card

CardLike = Union[Card, int, str]


def as_card(card: CardLike) -> Card:
    """A Card from a Card, an id or a text."""
    return Card(card)


class Hand:
    """Four cards in the order dealt (a ``uint8_t[4]``).

    A hand read from a match state may have empty slots (``None`` in :attr:`cards`,
    :data:`NO_CARD` in :attr:`ids`) while a discard waits for its replacements; the evaluation
    methods need a complete hand. Hands compare equal when they hold the same cards in the same
    order.
    """

    __slots__ = ("_ids",)

    def __init__(self, cards: Iterable[Optional[CardLike]]) -> None:
        ids: List[int] = []
        for card in cards:
            ids.append(NO_CARD if card is None or card == NO_CARD else as_card(card).id)
        if len(ids) != 4:
            _lib.raise_error(_abi.MUS_E_INVALID_CARDS, "Hand",
                             "%d cards; a hand has 4" % len(ids))
        held = [i for i in ids if i != NO_CARD]
        if len(set(held)) != len(held):
            _lib.raise_error(_abi.MUS_E_INVALID_CARDS, "Hand", "the same card twice")
        self._ids: Tuple[int, ...] = tuple(ids)

    @classmethod
    def parse(cls, text: str) -> "Hand":
        """A hand from text, e.g. ``"Ko 3c Qe Ab"`` (mus_hand_parse()). Raises ParseError."""
        if not isinstance(text, str):
            raise TypeError("expected a str, not %r" % (text,))
        out = (ctypes.c_uint8 * 4)()
        _lib.check(_lib.load().mus_hand_parse(text.encode("utf-8"), out), "mus_hand_parse",
                   "text %r" % (text,))
        return cls._from_ids(tuple(out))

    @classmethod
    def _from_ids(cls, ids: Sequence[int]) -> "Hand":
        self = cls.__new__(cls)
        self._ids = tuple(int(i) for i in ids)
        return self

    @property
    def ids(self) -> Tuple[int, ...]:
        """The four card ids (:data:`NO_CARD` for an empty slot)."""
        return self._ids

    @property
    def cards(self) -> Tuple[Optional[Card], ...]:
        """The four cards (``None`` for an empty slot)."""
        return tuple(None if i == NO_CARD else Card._all[i] for i in self._ids)

    @property
    def complete(self) -> bool:
        """True when no slot is empty."""
        return NO_CARD not in self._ids

    def _c(self) -> "ctypes.Array[ctypes.c_uint8]":
        return (ctypes.c_uint8 * 4)(*self._ids)

    # -- evaluation (R4-R6, R18, R19, R33) --------------------------------------------------------
    def value(self, rules: Any) -> int:
        """The total for juego and punto (R6): 4..40."""
        from .rules import as_rules
        out = ctypes.c_int32(0)
        _lib.check(_lib.load().mus_hand_value(ctypes.byref(as_rules(rules)._as_c()), self._c(),
                                              ctypes.byref(out)), "mus_hand_value", str(self))
        return out.value

    def tantos(self, rules: Any, lance: Union[Lance, int]) -> int:
        """Tantos this hand brings its team in a lance (R28): pares 0-3, juego 0/2/3, else 0."""
        from .rules import as_rules
        out = ctypes.c_int32(0)
        _lib.check(_lib.load().mus_hand_tantos(ctypes.byref(as_rules(rules)._as_c()),
                                               int(lance), self._c(), ctypes.byref(out)),
                   "mus_hand_tantos", str(self))
        return out.value

    def signal_true(self, rules: Any, signal: Union[Signal, int]) -> bool:
        """Whether a signal tells the truth about this hand (R33)."""
        from .rules import as_rules
        out = ctypes.c_int32(0)
        _lib.check(_lib.load().mus_signal_is_true(ctypes.byref(as_rules(rules)._as_c()),
                                               int(signal), self._c(), ctypes.byref(out)),
                   "mus_signal_is_true", str(self))
        return bool(out.value)

    def true_signals(self, rules: Any) -> Tuple[Signal, ...]:
        """Every signal that is true of this hand."""
        return tuple(s for s in Signal if self.signal_true(rules, s))

    # -- value behaviour -----------------------------------------------------------------------
    def __str__(self) -> str:
        if not self.complete:
            return " ".join("--" if c is None else str(c) for c in self.cards)
        return _lib.format_text("mus_hand_format", 12, self._c())

    def __repr__(self) -> str:
        if self.complete:
            return "Hand.parse(%r)" % str(self)
        return "Hand(%r)" % ([None if c is None else str(c) for c in self.cards],)

    def __iter__(self) -> Iterator[Optional[Card]]:
        return iter(self.cards)

    def __len__(self) -> int:
        return 4

    def __getitem__(self, index: int) -> Optional[Card]:
        return self.cards[index]

    def __contains__(self, card: object) -> bool:
        try:
            return as_card(card).id in self._ids  # type: ignore[arg-type]
        except (TypeError, ValueError):
            return False

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Hand):
            return NotImplemented
        return self._ids == other._ids

    def __hash__(self) -> int:
        return hash(self._ids)

    def __reduce__(self):
        return (Hand._from_ids, (self._ids,))


HandLike = Union[Hand, str, Iterable[Optional[CardLike]]]


def as_hand(hand: HandLike) -> Hand:
    """A Hand from a Hand, a text like ``"Ko 3c Qe Ab"`` or four cards."""
    if isinstance(hand, Hand):
        return hand
    if isinstance(hand, str):
        return Hand.parse(hand)
    return Hand(hand)


def table_ids(hands: Sequence[HandLike]) -> "ctypes.Array[ctypes.c_uint8]":
    """Four hands as the C ``uint8_t[16]``, seat 0's first."""
    hands = [as_hand(h) for h in hands]
    if len(hands) != 4:
        _lib.raise_error(_abi.MUS_E_INVALID_ARGUMENT, "hands",
                         "%d hands; a table has 4" % len(hands))
    return (ctypes.c_uint8 * 16)(*[i for h in hands for i in h.ids])


def lance_winner(rules: Any, lance: Union[Lance, int], hands: Sequence[HandLike],
                 mano: int) -> Optional[int]:
    """The seat whose hand wins a lance, ties going nearer the mano (R9, R16-R21).

    ``hands`` are the four seats' hands, seat 0's first. Returns ``None`` when nobody plays the
    lance (no pares; no juego; punto when somebody has juego).
    """
    from .rules import as_rules
    out = ctypes.c_int32(0)
    _lib.check(_lib.load().mus_lance_winner(ctypes.byref(as_rules(rules)._as_c()), int(lance),
                                            table_ids(hands), int(mano), ctypes.byref(out)),
               "mus_lance_winner")
    return None if out.value < 0 else out.value


def check_seed(seed: int) -> int:
    """A seed as the C uint64_t; InvalidArgumentError outside 0 .. 2**64 - 1."""
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise TypeError("a seed is an int, not %r" % (seed,))
    if not 0 <= seed < 2**64:
        _lib.raise_error(_abi.MUS_E_INVALID_ARGUMENT, "seed", "%d outside 0 .. 2**64 - 1" % seed)
    return seed


def seeded_order(cards: Iterable[CardLike], seed: int) -> Tuple[Card, ...]:
    """The order a seeded shuffle puts these cards in (R12; mus_cards_shuffle())."""
    ids = [as_card(c).id for c in cards]
    buf = (ctypes.c_uint8 * max(len(ids), 1))(*ids)
    _lib.check(_lib.load().mus_cards_shuffle(buf, len(ids), check_seed(seed)),
               "mus_cards_shuffle")
    return tuple(Card._all[buf[i]] for i in range(len(ids)))
