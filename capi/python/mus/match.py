"""The match reducer: immutable states, actions, events, seat views and counts.

A :class:`State` wraps the 512 bytes of a ``mus_state``. It never changes: :meth:`State.apply`
returns the next state and leaves the old one as it was, so states can be kept, compared,
hashed, pickled and replayed freely. Randomness comes only from the caller (R12): a shuffle is
an action carrying a seed or an explicit order.

Seats are 0..3 and teams 0 (seats 0 and 2) and 1 (seats 1 and 3). Where the C API says -1 for
"no seat", "no team" or "no lance", this module says ``None``.
"""

from __future__ import annotations

import array
import ctypes
import dataclasses
import functools
from typing import (Any, FrozenSet, Iterable, List, NamedTuple, Optional, Sequence, Tuple,
                    Union)

from . import _abi, _lib
from .cards import Card, CardLike, Hand, HandLike, as_card, check_seed, table_ids
from .enums import (ActionKind, EventKind, HandEnd, Lance, LanceStatus, Phase, Signal,
                    enum_or_int)
from .errors import MusError
from .rules import Rules, as_rules


def _opt(value: int) -> Optional[int]:
    return None if value < 0 else value


def _opt_lance(value: int) -> Optional[Union[Lance, int]]:
    return None if value < 0 else enum_or_int(Lance, value)


def _name(value: Union[int, Any]) -> str:
    """An enum member's lower-case name, or the number (IntEnum's str() is the number)."""
    return value.name.lower() if hasattr(value, "name") else str(value)


def _seats(mask: int) -> FrozenSet[int]:
    return frozenset(s for s in range(4) if mask & (1 << s))


# ---- Actions -------------------------------------------------------------------------------


@dataclasses.dataclass(frozen=True)
class Action:
    """One action, as the reducer takes it (a ``mus_action``).

    Make one with the constructors (``Action.bet(1, 2)``, ``Action.shuffle(seed=7)``,
    ``Action.discard(0, ["Ko", "3c"])``, ...), take one from :meth:`State.legal_actions` (each
    listed action applies as it is; only a SHUFFLE wants its seed) or from an action id with
    :meth:`State.action_from_id`; ``dataclasses.replace(action, amount=5)`` changes a field.

    Attributes:
        kind: an :class:`ActionKind`.
        seat: the acting seat 0..3; ``None`` for a shuffle.
        amount: BET: points (the bet, or the raise "more" when a bet is open); SIGNAL: a
            :class:`Signal`; SHUFFLE: 0 for a seeded shuffle, else ``len(order)``.
        cards: DISCARD: the cards discarded, in id order.
        seed: SHUFFLE with amount 0: the seed (R12).
        order: SHUFFLE with an explicit order: exactly the cards being shuffled, in dealing order.
    """

    kind: Union[ActionKind, int]
    seat: Optional[int] = None
    amount: int = 0
    cards: Tuple[Card, ...] = ()
    seed: int = 0
    order: Tuple[Card, ...] = ()

    def __post_init__(self) -> None:
        # Normal forms, so that equal actions compare and hash equal whatever was passed in.
        object.__setattr__(self, "kind", enum_or_int(ActionKind, int(self.kind)))
        object.__setattr__(self, "cards", tuple(sorted(as_card(c) for c in self.cards)))
        object.__setattr__(self, "order", tuple(as_card(c) for c in self.order))

    # -- constructors ----------------------------------------------------------------------------
    @classmethod
    def shuffle(cls, seed: int = 0, order: Optional[Iterable[CardLike]] = None) -> "Action":
        """A chance step (R11, R12, R15): a seeded shuffle, or the cards in an explicit order."""
        if order is None:
            return cls(ActionKind.SHUFFLE, None, 0, (), check_seed(seed))
        cards = tuple(as_card(c) for c in order)
        if seed:
            raise ValueError("a shuffle takes a seed or an order, not both")
        return cls(ActionKind.SHUFFLE, None, len(cards), (), 0, cards)

    @classmethod
    def stacked_deal(cls, hands: Sequence[HandLike], mano: int,
                     stock: Iterable[CardLike] = ()) -> "Action":
        """A SHUFFLE that deals chosen hands (seat 0's first) with ``mano`` as the mano, and
        puts ``stock`` on top of the stock (mus_action_from_deal())."""
        ids = [as_card(c).id for c in stock]
        out = _abi.mus_action()
        stock_buf = (ctypes.c_uint8 * len(ids))(*ids) if ids else None
        _lib.check(_lib.load().mus_action_from_deal(table_ids(hands), int(mano), stock_buf,
                                                len(ids), ctypes.byref(out)),
                   "mus_action_from_deal")
        return cls._from_c(out)

    @classmethod
    def mus(cls, seat: int) -> "Action":
        """Wants a discard (R13)."""
        return cls(ActionKind.MUS, seat)

    @classmethod
    def cut(cls, seat: int) -> "Action":
        """No hay mus (R13)."""
        return cls(ActionKind.CUT, seat)

    @classmethod
    def discard(cls, seat: int, cards: Iterable[CardLike]) -> "Action":
        """Discards these cards (R14); ``cards`` may be Cards, ids, texts or a Hand's cards."""
        return cls(ActionKind.DISCARD, seat, 0, tuple(cards))

    @classmethod
    def pass_(cls, seat: int) -> "Action":
        """Paso (R24); in the tío Perete phase, declines to declare."""
        return cls(ActionKind.PASS, seat)

    @classmethod
    def bet(cls, seat: int, amount: int) -> "Action":
        """Envido of ``amount``, or a raise of ``amount`` more over an open bet (R24, R25)."""
        return cls(ActionKind.BET, seat, amount)

    @classmethod
    def ordago(cls, seat: int) -> "Action":
        """Órdago (R27)."""
        return cls(ActionKind.ORDAGO, seat)

    @classmethod
    def accept(cls, seat: int) -> "Action":
        """Quiero."""
        return cls(ActionKind.ACCEPT, seat)

    @classmethod
    def reject(cls, seat: int) -> "Action":
        """No quiero."""
        return cls(ActionKind.REJECT, seat)

    @classmethod
    def signal(cls, seat: int, signal: Union[Signal, int]) -> "Action":
        """A signal to the partner (R33); it must be true of the seat's hand."""
        return cls(ActionKind.SIGNAL, seat, int(signal))

    @classmethod
    def perete(cls, seat: int) -> "Action":
        """Declares tío Perete (R32)."""
        return cls(ActionKind.PERETE, seat)

    # -- conversion ----------------------------------------------------------------------------
    def _to_c(self) -> _abi.mus_action:
        c = _abi.mus_action()
        c.kind = int(self.kind)
        c.seat = -1 if self.seat is None else int(self.seat)
        c.amount = int(self.amount)
        mask = 0
        for card in self.cards:
            mask |= 1 << as_card(card).id
        c.cards = mask
        c.seed = check_seed(self.seed)
        if len(self.order) > 40:
            _lib.raise_error(_abi.MUS_E_BAD_SHUFFLE, "Action", "%d cards" % len(self.order))
        for i, card in enumerate(self.order):
            c.order[i] = as_card(card).id
        return c

    @classmethod
    def _from_c(cls, c: _abi.mus_action) -> "Action":
        kind = enum_or_int(ActionKind, c.kind)
        order: Tuple[Card, ...] = ()
        if kind == ActionKind.SHUFFLE and 0 < c.amount <= 40:
            order = tuple(Card(c.order[i]) for i in range(c.amount))
        return cls(kind, _opt(c.seat), c.amount,
                   tuple(Card(i) for i in range(40) if c.cards & (1 << i)), c.seed, order)

    @classmethod
    def parse(cls, text: str) -> "Action":
        """An action from its line form (mus_action_parse()), e.g. ``"2 bet 5"``,
        ``"0 discard Ko 3c"``, ``"shuffle seed 7"``. Raises ParseError (its detail says where)."""
        return cls._from_c(_lib.parse_text("mus_action_parse", text, _abi.mus_action()))

    def to_text(self) -> str:
        """The line form of the action (mus_action_format()), e.g. ``"1 bet 2"``: what
        :meth:`parse` reads back. Raises InvalidArgumentError or BadShuffleError for an action
        the line cannot express (a player action without a seat, ...)."""
        return _lib.format_text("mus_action_format", _abi.MUS_ACTION_TEXT_MAX + 1,
                                ctypes.byref(self._to_c()))

    def __str__(self) -> str:
        """The line form (:meth:`to_text`), or the field-by-field repr when the action has
        none."""
        try:
            return self.to_text()
        except (MusError, ValueError, TypeError):
            return repr(self)


# ---- What a state tells ------------------------------------------------------------------


@dataclasses.dataclass(frozen=True)
class Event:
    """One public event of a step (mus_apply_events()); see ``MUS_EVENT_*`` in mus.h for what
    ``amount`` and ``value`` mean for each kind."""

    kind: Union[EventKind, int]
    seat: Optional[int]
    team: Optional[int]
    lance: Optional[Union[Lance, int]]
    amount: int
    value: int

    @classmethod
    def _from_c(cls, c: _abi.mus_event) -> "Event":
        return cls(enum_or_int(EventKind, c.kind), _opt(c.seat), _opt(c.team),
                   _opt_lance(c.lance), c.amount, c.value)


@dataclasses.dataclass(frozen=True)
class CountLine:
    """One lance of a hand's count (a ``mus_count_line``)."""

    lance: Union[Lance, int]
    status: Union[LanceStatus, int]
    bet_team: Optional[int]     #: team of the last bet (accepted or refused)
    winner_team: Optional[int]  #: team that won the lance
    winner_seat: Optional[int]  #: seat whose cards won it (None for a refused bet)
    stake: int                  #: accepted stake, or the deje of a refused bet
    tantos: int                 #: the winning team's own tantos (pares, juego)
    points: int                 #: points scored at the count for this lance
    counted: bool               #: False when the count stopped before this lance (R29)

    @classmethod
    def _from_c(cls, c: _abi.mus_count_line) -> "CountLine":
        return cls(enum_or_int(Lance, c.lance), enum_or_int(LanceStatus, c.status),
                   _opt(c.bet_team), _opt(c.winner_team), _opt(c.winner_seat), c.stake,
                   c.tantos, c.points, bool(c.counted))


@dataclasses.dataclass(frozen=True)
class Count:
    """A finished hand's count, lance by lance (R28, R29; mus_state_last_count())."""

    number: int                     #: hand number in the match, 1 for the first
    dealer: int
    mano: int
    end: Union[HandEnd, int]        #: how the hand ended
    game_winner: Optional[int]      #: team that won the game in that hand
    score_before: Tuple[int, int]   #: scores when the hand was dealt
    score_after: Tuple[int, int]    #: scores at its end (before a won game resets them)
    lines: Tuple[CountLine, ...]    #: grande, chica, pares, juego or punto
    #: The showdown (R28a): the four hands as they stood at the count or an accepted órdago,
    #: seat 0's first; None when the hand showed no cards (a deje reached the target).
    shown: Optional[Tuple[Hand, ...]]

    @classmethod
    def _from_c(cls, c: _abi.mus_count) -> "Count":
        return cls(c.number, c.dealer, c.mano, enum_or_int(HandEnd, c.end), _opt(c.game_winner),
                   tuple(c.score_before), tuple(c.score_after),
                   tuple(CountLine._from_c(line) for line in c.lines), _shown(c.shown))


def _shown(ids: Sequence[int]) -> Optional[Tuple[Hand, ...]]:
    """The four hands of a showdown's 16 card ids (R28a), or None when all are MUS_NO_CARD."""
    ids = tuple(ids)
    if ids[0] == _abi.MUS_NO_CARD:
        return None
    return tuple(Hand._from_ids(ids[4 * seat:4 * seat + 4]) for seat in range(4))


@dataclasses.dataclass(frozen=True)
class View:
    """What one seat may know: its own cards and the public state (mus_state_view())."""

    seat: int
    phase: Union[Phase, int]
    lance: Optional[Union[Lance, int]]
    to_act: Optional[int]
    dealer: int
    mano: int
    hand: Hand                          #: the seat's own cards
    score: Tuple[int, int]
    games: Tuple[int, int]
    vacas: Tuple[int, int]
    match_winner: Optional[int]
    hand_number: int                    #: hands dealt so far
    stock_count: int                    #: cards in the stock
    pile_count: int                     #: cards in the discard pile
    pares_declared: bool
    pares_seats: FrozenSet[int]         #: seats that declared pares
    juego_declared: bool
    juego_seats: FrozenSet[int]         #: seats that declared juego
    perete_seats: FrozenSet[int]        #: seats that declared tío Perete
    signals: Tuple[FrozenSet[Union[Signal, int]], ...]  #: signals each seat made this hand
    bet_open: bool
    bet_is_ordago: bool
    bet_team: Optional[int]
    stake_before: int                   #: what a refusal pays now (R26)
    proposed: int                       #: the stake if accepted
    lances: Tuple[CountLine, ...]       #: this hand's lances so far
    #: R25a: the pending proposal of the answering team's first answerer (ActionKind BET, a
    #: raise of ``proposal_amount``; ACCEPT; REJECT), or None; the partner decides next
    proposal: Optional[Union[ActionKind, int]]
    proposer: Optional[int]             #: the seat that made the pending proposal
    proposal_amount: int                #: the proposed raise "more", or 0
    #: The last finished hand's showdown (R28a), public to every seat: the four hands, seat 0's
    #: first, or None when it showed no cards (or no hand has finished).
    last_shown: Optional[Tuple[Hand, ...]]

    @classmethod
    def _from_c(cls, c: _abi.mus_view) -> "View":
        return cls(
            c.seat, enum_or_int(Phase, c.phase), _opt_lance(c.lance), _opt(c.to_act), c.dealer,
            c.mano, Hand._from_ids(tuple(c.hand)), tuple(c.score), tuple(c.games),
            tuple(c.vacas), _opt(c.match_winner), c.hand_number, c.stock_count, c.pile_count,
            bool(c.pares_declared), _seats(c.pares_mask), bool(c.juego_declared),
            _seats(c.juego_mask), _seats(c.perete_mask),
            tuple(frozenset(enum_or_int(Signal, k) for k in range(31) if mask & (1 << k))
                  for mask in c.signals),
            bool(c.bet_open), bool(c.bet_is_ordago), _opt(c.bet_team), c.stake_before,
            c.proposed, tuple(CountLine._from_c(line) for line in c.lances),
            enum_or_int(ActionKind, c.proposal) if c.proposal else None, _opt(c.proposer),
            c.proposal_amount, _shown(c.last_shown))


    @classmethod
    def parse(cls, text: str) -> "View":
        """A seat's view from its text form (mus_view_parse(); what :meth:`State.view_text`
        writes), e.g. on a client that receives it from a server. Raises ParseError (with the
        position) or InvalidStateError."""
        out = _abi.mus_view()
        out.struct_size = ctypes.sizeof(out)
        return cls._from_c(_lib.parse_text("mus_view_parse", text, out))


class StepInfo(NamedTuple):
    """What :meth:`State.step` reports about its step (a ``mus_step_info``)."""
    phase: Union[Phase, int]        #: phase of the new state
    to_act: Optional[int]           #: seat to act next; None when chance is due or it is over
    hand_over: bool                 #: the step finished a hand (its count was made)
    match_winner: Optional[int]     #: the team that won the match, or None
    points: Tuple[int, int]         #: points each team's game score gained by this step
    game_winner: Optional[int]      #: the team that won a game in this step, or None
    legal_mask: int                 #: legal id mask of the new state (0 once it is over)


class BetLimits(NamedTuple):
    """The legal range of a BET amount now (mus_bet_limits())."""
    min: int
    max: int


# ---- Action ids ----------------------------------------------------------------------------

#: The number of action ids (``MUS_ACTION_ID_COUNT``): every action id is 0 .. ACTION_ID_COUNT-1.
ACTION_ID_COUNT = _abi.MUS_ACTION_ID_COUNT


@functools.lru_cache(maxsize=None)
def bet_ladder() -> Tuple[int, ...]:
    """The amounts of the bet ladder, rung by rung (mus_bet_ladder()): the BET action id
    ``_abi.MUS_ACTION_ID_BET + i`` bets ``bet_ladder()[i]`` points, and the concrete BETs
    :meth:`State.legal_actions` lists are these amounts between the bet limits."""
    lib = _lib.load()
    amounts = []
    for index in range(_abi.MUS_BET_LADDER_SIZE):
        amount = ctypes.c_int32(0)
        _lib.check(lib.mus_bet_ladder(index, ctypes.byref(amount)), "mus_bet_ladder",
                   "rung %d" % index)
        amounts.append(amount.value)
    return tuple(amounts)


def _as_id(action_id: int, function: str) -> int:
    """An action id as a C int32_t (InvalidArgumentError outside it; the library checks the
    range of ids)."""
    if isinstance(action_id, bool) or not isinstance(action_id, int):
        raise TypeError("an action id is an int, not %r" % (action_id,))
    if not -2**31 <= action_id < 2**31:
        _lib.raise_error(_abi.MUS_E_INVALID_ARGUMENT, function, "action id %d" % action_id)
    return action_id


# ---- The state ---------------------------------------------------------------------------


_numpy: Any = None  # the numpy module once imported, False when it is not installed


def _import_numpy() -> Any:
    global _numpy
    if _numpy is None:
        try:
            import numpy  # noqa: PLC0415 (optional, imported on first use)
            _numpy = numpy
        except ImportError:
            _numpy = False
    return _numpy


def _view_tensor(c_state: _abi.mus_state, seat: int, numpy: Optional[bool]) -> Any:
    """mus_state_view_tensor() of a C state: State.view_tensor() and Observation.tensor()."""
    size = _abi.MUS_VIEW_TENSOR_SIZE
    out = array.array("f", bytes(4 * size))
    buf = (ctypes.c_float * size).from_buffer(out)
    _lib.check(_lib.load().mus_state_view_tensor(ctypes.byref(c_state), int(seat), buf, size),
               "mus_state_view_tensor", "seat %r" % (seat,))
    del buf  # release the export, so the array may be resized by its owner
    if numpy is False:
        return out
    np = _import_numpy()
    if not np:
        if numpy:
            raise ImportError("numpy is not installed")
        return out
    return np.frombuffer(out, dtype=np.float32)


class State:
    """A whole match as an immutable value (the 512 bytes of a ``mus_state``).

    ``State.new(rules, first_dealer)`` starts a match waiting for its first shuffle; ``apply``
    returns the next state or raises the :class:`MusError` subclass saying why the action was
    refused (the state itself never changes). States are equal when their bytes are; ``bytes()``
    and :meth:`from_bytes` (which validates) round-trip, and so does pickling.
    """

    __slots__ = ("_c", "_raw", "_info")

    def __init__(self) -> None:
        raise TypeError("use State.new(rules, first_dealer) or State.from_bytes(data)")

    @classmethod
    def _wrap(cls, c: _abi.mus_state) -> "State":
        self = object.__new__(cls)
        self._c = c
        self._raw = bytes(c)
        self._info: Optional[_abi.mus_state_info] = None
        return self

    @classmethod
    def new(cls, rules: Union[Rules, str] = "standard", first_dealer: int = 0) -> "State":
        """A new match under ``rules`` (Rules or rules text), waiting for its first shuffle.
        ``first_dealer`` is the first dealer's seat; the mano is the next seat (R8, R10)."""
        out = _abi.mus_state()
        _lib.check(_lib.load().mus_state_new(ctypes.byref(as_rules(rules)._as_c()),
                                             int(first_dealer), ctypes.byref(out)),
                   "mus_state_new")
        return cls._wrap(out)

    @classmethod
    def from_bytes(cls, data: Union[bytes, bytearray, memoryview]) -> "State":
        """A state from its bytes; raises InvalidStateError unless libmus produced them."""
        data = bytes(data)
        if len(data) != _abi.MUS_STATE_SIZE:
            _lib.raise_error(_abi.MUS_E_INVALID_STATE, "State.from_bytes",
                             "%d bytes; a state has %d" % (len(data), _abi.MUS_STATE_SIZE))
        c = _abi.mus_state.from_buffer_copy(data)
        _lib.check(_lib.load().mus_state_validate(ctypes.byref(c)), "mus_state_validate")
        return cls._wrap(c)

    @classmethod
    def from_view(cls, rules: Union[Rules, str], view_text: str) -> "State":
        """A state whose view for the view's seat is ``view_text`` (mus_state_parse_view(),
        experimental until 1.0: a minor release may change it): what a program that sees
        only one seat's view, such as a bot playing through a server,
        can decide from, e.g. with ``Bot.choose(state, seed, seat)``. The cards that seat has
        not seen are a deal that agrees with everything public (signals, declarations), so the
        state is valid and gives the same legal actions and bot decisions as the real one.
        Raises ParseError for a malformed text, InvalidStateError for a view no state of these
        rules gives."""
        if not isinstance(view_text, str):
            raise TypeError("expected a view text (str), not %r" % (view_text,))
        out = _abi.mus_state()
        pos = ctypes.c_int32(-1)
        status = _lib.load().mus_state_parse_view(
            ctypes.byref(as_rules(rules)._as_c()), view_text.encode("utf-8"), ctypes.byref(out),
            ctypes.byref(pos))
        if status != _abi.MUS_OK:
            _lib.check(status, "mus_state_parse_view", "view %r" % (view_text,),
                       pos.value if pos.value >= 0 else None)
        return cls._wrap(out)

    def __bytes__(self) -> bytes:
        return self._raw

    @classmethod
    def parse(cls, text: str) -> "State":
        """A state from its text form (mus_state_parse(); see :meth:`to_text`), checked as
        :meth:`from_bytes` checks bytes. Raises ParseError (with the position) or
        InvalidStateError."""
        return cls._wrap(_lib.parse_text("mus_state_parse", text, _abi.mus_state()))

    def to_text(self) -> str:
        """The text form of the state (mus_state_format()): ``mus-state/2`` and the state in
        base64url, the same in every process for equal states. It holds every seat's cards: a
        client should get :meth:`view_text` instead."""
        return _lib.format_text("mus_state_format", _abi.MUS_STATE_TEXT_MAX + 1,
                                ctypes.byref(self._c))

    def view_text(self, seat: int) -> str:
        """What ``seat`` may know as text (mus_state_view_format()): ``mus-view/3`` and the view's
        fields in base64url; what a server sends that seat's player."""
        return _lib.format_text("mus_state_view_format", _abi.MUS_STATE_TEXT_MAX + 1,
                                ctypes.byref(self._c), int(seat))

    # -- stepping ------------------------------------------------------------------------------
    def apply(self, action: Action) -> "State":
        """The next state after ``action``; raises an ActionError (or InvalidArgumentError)
        when the action is refused."""
        out = _abi.mus_state()
        _lib.check(_lib.load().mus_apply(ctypes.byref(self._c), ctypes.byref(action._to_c()),
                                         ctypes.byref(out)), "mus_apply", str(action))
        return State._wrap(out)

    def apply_with_events(self, action: Action) -> Tuple["State", List[Event]]:
        """Like :meth:`apply`, also returning the step's public events."""
        lib = _lib.load()
        out = _abi.mus_state()
        c_action = action._to_c()
        cap = _abi.MUS_MAX_EVENTS
        while True:
            events = (_abi.mus_event * cap)()
            count = ctypes.c_size_t(0)
            status = lib.mus_apply_events(ctypes.byref(self._c), ctypes.byref(c_action),
                                          ctypes.byref(out), events, cap, ctypes.byref(count))
            if status != _abi.MUS_E_BUFFER_TOO_SMALL or count.value <= cap:
                break
            cap = count.value
        _lib.check(status, "mus_apply_events", str(action))
        return State._wrap(out), [Event._from_c(events[i]) for i in range(count.value)]

    def apply_all(self, actions: Iterable[Action]) -> "State":
        """The state after applying every action in turn (a replay)."""
        state = self
        for action in actions:
            state = state.apply(action)
        return state

    def legal_actions(self) -> List[Action]:
        """Every action the seat to act may play now, each concrete: it applies exactly as
        listed, in increasing action-id order (mus_legal_actions()).

        That is MUS and CUT; each DISCARD subset the rules allow; PASS, ACCEPT, REJECT, ORDAGO;
        each BET of :func:`bet_ladder` from the smallest legal amount to the largest (any other
        amount within :meth:`bet_limits` is just as legal, built by hand); PERETE; each true
        SIGNAL the seat has not made yet. When chance is to act, one SHUFFLE with seed 0: give
        it a seed (``Action.shuffle(seed=...)``) or an order. Empty once the match is over.
        (libmus 0.1 listed one template per kind to be completed; that meaning is retired.)"""
        cap = _abi.MUS_MAX_LEGAL_ACTIONS
        buf = (_abi.mus_action * cap)()
        count = ctypes.c_size_t(0)
        _lib.check(_lib.load().mus_legal_actions(ctypes.byref(self._c), buf, cap,
                                                 ctypes.byref(count)), "mus_legal_actions")
        return [Action._from_c(buf[i]) for i in range(count.value)]

    def legal_action_ids(self) -> List[int]:
        """The action ids of :meth:`legal_actions`, in increasing order (mus_legal_action_ids());
        ``[0]`` (the shuffle) when chance is to act, empty once the match is over."""
        cap = _abi.MUS_MAX_LEGAL_ACTIONS
        buf = (ctypes.c_int32 * cap)()
        count = ctypes.c_size_t(0)
        _lib.check(_lib.load().mus_legal_action_ids(ctypes.byref(self._c), buf, cap,
                                                    ctypes.byref(count)), "mus_legal_action_ids")
        return list(buf[:count.value])

    def legal_mask(self) -> int:
        """The legal actions as a bit mask over action ids: bit ``i`` is set when id ``i`` is
        legal now (mus_legal_mask()); the cheapest form for a simulation or a policy's mask."""
        out = ctypes.c_uint64(0)
        _lib.check(_lib.load().mus_legal_mask(ctypes.byref(self._c), ctypes.byref(out)),
                   "mus_legal_mask")
        return out.value

    def action_id(self, action: Action) -> int:
        """The action id of ``action``, of any seat (mus_action_id()). The state matters only
        for a DISCARD, whose id names positions in the seat's cards sorted by id. Raises
        NoActionIdError for a BET amount off :func:`bet_ladder`, CardNotInHandError for a
        discard of cards the seat does not hold, InvalidArgumentError for a malformed action."""
        out = ctypes.c_int32(0)
        _lib.check(_lib.load().mus_action_id(ctypes.byref(self._c), ctypes.byref(action._to_c()),
                                             ctypes.byref(out)), "mus_action_id", str(action))
        return out.value

    def action_from_id(self, action_id: int) -> Action:
        """The action ``action_id`` names here, for the seat to act (mus_action_from_id()); it
        need not be legal (:meth:`apply` decides). The shuffle id gives a SHUFFLE with seed 0.
        Raises InvalidArgumentError for an id outside 0 .. ACTION_ID_COUNT - 1 or reserved,
        MatchOverError once the match is over, WrongPhaseError for a player's id while a shuffle
        is due, CardNotInHandError for a discard of a position the seat does not fill."""
        out = _abi.mus_action()
        _lib.check(_lib.load().mus_action_from_id(
            ctypes.byref(self._c), _as_id(action_id, "mus_action_from_id"), ctypes.byref(out)),
            "mus_action_from_id", "action id %d" % action_id)
        return Action._from_c(out)

    def apply_id(self, action_id: int, seed: int = 0) -> "State":
        """The next state after the action ``action_id`` names (mus_apply_id()): the fast step
        of a simulation. ``seed`` is the shuffle's seed (R12), ignored by every other id. Raises
        as :meth:`action_from_id` and :meth:`apply`."""
        out = _abi.mus_state()
        _lib.check(_lib.load().mus_apply_id(ctypes.byref(self._c),
                                            _as_id(action_id, "mus_apply_id"), check_seed(seed),
                                            ctypes.byref(out)),
                   "mus_apply_id", "action id %d" % action_id)
        return State._wrap(out)

    def step(self, action_id: int, seed: int = 0) -> Tuple["State", StepInfo]:
        """:meth:`apply_id` and what follows, in one library call (mus_step()): the next state
        and a :class:`StepInfo` (its phase, the seat to act, the points the step gained, the
        game and match winners, the next legal mask). Raises as :meth:`apply_id`."""
        out = _abi.mus_state()
        info = _abi.mus_step_info()
        info.struct_size = ctypes.sizeof(info)
        status = _lib.load().mus_step(ctypes.byref(self._c), action_id, seed, ctypes.byref(out),
                                      ctypes.byref(info))
        if status != _abi.MUS_OK:
            _lib.check(status, "mus_step", "action id %r" % (action_id,))
        return State._wrap(out), StepInfo(
            enum_or_int(Phase, info.phase), _opt(info.to_act), bool(info.hand_over),
            _opt(info.match_winner), (info.points[0], info.points[1]), _opt(info.game_winner),
            info.legal_mask)

    def view_tensor(self, seat: int, numpy: Optional[bool] = None) -> Any:
        """What ``seat`` may know as the flat float32 vector of mus_state_view_tensor()
        (``MUS_VIEW_TENSOR_SIZE`` floats; layout in docs/observation.md).

        A new ``array('f')`` each call, or, when ``numpy`` is true or None and numpy is
        importable, a numpy float32 array over that same buffer (no copy). ``numpy=False``
        always gives the ``array('f')``; ``numpy=True`` raises ImportError without numpy.
        """
        return _view_tensor(self._c, seat, numpy)

    def bet_limits(self) -> Optional[BetLimits]:
        """The legal range of a BET now, or None when no bet is possible."""
        lo, hi = ctypes.c_int32(0), ctypes.c_int32(0)
        _lib.check(_lib.load().mus_bet_limits(ctypes.byref(self._c), ctypes.byref(lo),
                                              ctypes.byref(hi)), "mus_bet_limits")
        return BetLimits(lo.value, hi.value) if lo.value > 0 else None

    # -- the public summary (mus_state_info) ---------------------------------------------------
    def _summary(self) -> _abi.mus_state_info:
        if self._info is None:
            info = _abi.mus_state_info()
            info.struct_size = ctypes.sizeof(info)
            _lib.check(_lib.load().mus_state_info_get(ctypes.byref(self._c), ctypes.byref(info)),
                       "mus_state_info_get")
            self._info = info
        return self._info

    @property
    def phase(self) -> Union[Phase, int]:
        return enum_or_int(Phase, self._summary().phase)

    @property
    def lance(self) -> Optional[Union[Lance, int]]:
        """The lance being bet in the betting phase, else None."""
        return _opt_lance(self._summary().lance)

    @property
    def to_act(self) -> Optional[int]:
        """The seat to act; None when a shuffle is due or the match is over."""
        return _opt(self._summary().to_act)

    @property
    def dealer(self) -> int:
        return self._summary().dealer

    @property
    def mano(self) -> int:
        return self._summary().mano

    @property
    def score(self) -> Tuple[int, int]:
        """Points of each team in the current game."""
        return tuple(self._summary().score)  # type: ignore[return-value]

    @property
    def games(self) -> Tuple[int, int]:
        """Games each team won in the current vaca."""
        return tuple(self._summary().games)  # type: ignore[return-value]

    @property
    def vacas(self) -> Tuple[int, int]:
        """Vacas each team won in the match."""
        return tuple(self._summary().vacas)  # type: ignore[return-value]

    @property
    def match_winner(self) -> Optional[int]:
        """The team that won the match, or None."""
        return _opt(self._summary().match_winner)

    @property
    def hand_number(self) -> int:
        """Hands dealt in the match so far (0 before the first deal)."""
        return self._summary().hand_number

    @property
    def refill_due(self) -> bool:
        """True when the shuffle due is a stock refill (R15), not a new deal."""
        return bool(self._summary().refill_due)

    @property
    def is_over(self) -> bool:
        """True once the match has a winner."""
        return self._summary().phase == _abi.MUS_PHASE_MATCH_OVER

    @property
    def rules(self) -> Rules:
        """The rules the match is played under."""
        out = _abi.mus_rules()
        _lib.check(_lib.load().mus_state_rules(ctypes.byref(self._c), ctypes.byref(out)),
                   "mus_state_rules")
        return Rules._from_c(out)

    # -- what seats hold and see ---------------------------------------------------------------
    def hand(self, seat: int) -> Hand:
        """A seat's cards (hidden information: a server's call; a client wants :meth:`view`).
        Empty slots are None while a discard waits for replacements, and between hands."""
        out = (ctypes.c_uint8 * 4)()
        _lib.check(_lib.load().mus_state_hand(ctypes.byref(self._c), int(seat), out),
                   "mus_state_hand", "seat %r" % (seat,))
        return Hand._from_ids(tuple(out))

    def view(self, seat: int) -> View:
        """What ``seat`` may know: its own cards and the public state."""
        out = _abi.mus_view()
        out.struct_size = ctypes.sizeof(out)
        _lib.check(_lib.load().mus_state_view(ctypes.byref(self._c), int(seat),
                                              ctypes.byref(out)),
                   "mus_state_view", "seat %r" % (seat,))
        return View._from_c(out)

    def last_count(self) -> Optional[Count]:
        """The last finished hand's count, or None before the first hand ends."""
        out = _abi.mus_count()
        out.struct_size = ctypes.sizeof(out)
        _lib.check(_lib.load().mus_state_last_count(ctypes.byref(self._c), ctypes.byref(out)),
                   "mus_state_last_count")
        return Count._from_c(out) if out.number > 0 else None

    # -- value behaviour -----------------------------------------------------------------------
    def __eq__(self, other: object) -> bool:
        if not isinstance(other, State):
            return NotImplemented
        return self._raw == other._raw

    def __hash__(self) -> int:
        return hash(self._raw)

    def __reduce__(self):
        return (State.from_bytes, (self._raw,))

    def __copy__(self) -> "State":
        return self

    def __deepcopy__(self, memo: Any) -> "State":
        return self

    def __repr__(self) -> str:
        phase = self.phase
        text = "<State %s" % (phase.name if isinstance(phase, Phase) else phase)
        if self.lance is not None:
            text += " %s" % getattr(self.lance, "name", self.lance)
        text += " to_act=%s dealer=%d mano=%d score=%d-%d games=%d-%d vacas=%d-%d" % (
            self.to_act, self.dealer, self.mano, *self.score, *self.games, *self.vacas)
        if self.match_winner is not None:
            text += " winner=team%d" % self.match_winner
        return text + ">"
