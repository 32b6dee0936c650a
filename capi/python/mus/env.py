"""A game-AI environment over the match reducer, in the shape OpenSpiel, RLCard and PettingZoo
users know: ``reset()``, then ``step(action_id)`` until ``done``.

::

    env = mus.Env("standard", seed=7)
    seat, obs, mask = env.reset()
    while True:
        action_id = policy(seat, obs, mask)           # any id whose bit is set in mask
        seat, obs, mask, rewards, done, info = env.step(action_id)
        if done:
            break

**Players and chance.** The four seats act in turn; the env asks the seat ``seat`` for an
action id (0 .. :data:`ACTION_ID_COUNT` - 1; bit ``i`` of ``mask`` is set when id ``i`` is
legal, see mus.h's action-id table). Chance (every shuffle: a deal, a stock refill) is played
inside the env, seeded from the env's own random generator, which ``seed`` starts; the same seed
and the same action ids give the same match.

**Rewards**, per team (team 0: seats 0 and 2; team 1: seats 1 and 3), a pair ``(team0,
team1)`` at every step, chosen by ``reward``:

``"points"`` (the default)
    At the step that finishes a hand, each team's points in that hand: everything its game
    score gained in the hand (the count's lances, and the deje of a refused bet or a tío Perete
    declaration made during the hand). That is ``score_after - score_before`` of the hand's
    count (:meth:`State.last_count`), and both are 0 or more. ``(0, 0)`` at every other step.
    An accepted órdago wins the game without points: its hand gives ``(0, 0)`` and
    ``info["game_winner"]`` names the team.
``"match"``
    ``(1, -1)`` or ``(-1, 1)`` at the step that finishes the match (the winning team gets 1),
    ``(0, 0)`` before.

``info`` always has ``hand_over`` (True when the step finished a hand), ``hand_points`` (that
pair of points, ``(0, 0)`` when no hand finished), ``game_winner`` (the team that won a game
in this step, or None) and ``match_winner`` (the team that won the match, or None), so either
reward can be rebuilt from it.

**Observations** are per seat and lazy: an :class:`Observation` computes nothing until asked,
and stays valid after later steps (each step writes a new state). ``obs.view`` is the seat's
:class:`View`; ``obs.tensor()`` is the flat float32 vector of mus_state_view_tensor() (layout in
mus.h and docs/observation.md): an ``array('f')``, or a numpy array sharing that buffer when
numpy is importable (never required).

Each step is one mus_step() call (two or more when chance follows), with its arguments
prepared once.
"""

from __future__ import annotations

import ctypes
import random
from typing import Any, Dict, List, Optional, Tuple

from . import _abi, _lib
from .cards import check_seed
from .match import State, View, _view_tensor
from .rules import Rules, as_rules

#: The number of action ids (``MUS_ACTION_ID_COUNT``); a mask has bit ``i`` for id ``i``.
ACTION_ID_COUNT = _abi.MUS_ACTION_ID_COUNT

_MATCH_OVER = _abi.MUS_PHASE_MATCH_OVER
_OK = _abi.MUS_OK
_NO_POINTS = (0, 0)


def legal_ids(mask: int) -> List[int]:
    """The action ids whose bits are set in ``mask``, in increasing order."""
    ids = []
    while mask:
        low = mask & -mask
        ids.append(low.bit_length() - 1)
        mask ^= low
    return ids


class Observation:
    """What one seat may know at one step, computed when asked (the env keeps the state).

    Attributes computed on demand: :attr:`view` (a :class:`View`), :meth:`view_text`,
    :meth:`tensor`. Equal observations come from equal states and seats.
    """

    __slots__ = ("_c", "seat", "_view")

    def __init__(self, c_state: _abi.mus_state, seat: int) -> None:
        self._c = c_state
        #: The seat whose observation this is.
        self.seat = seat
        self._view: Optional[View] = None

    @property
    def view(self) -> View:
        """The seat's :class:`View` (mus_state_view()): its cards and the public state."""
        if self._view is None:
            out = _abi.mus_view()
            out.struct_size = ctypes.sizeof(out)
            _lib.check(_lib.load().mus_state_view(ctypes.byref(self._c), self.seat,
                                                  ctypes.byref(out)), "mus_state_view")
            self._view = View._from_c(out)
        return self._view

    def view_text(self) -> str:
        """The view as text (mus_state_view_format()), as a server would send it."""
        return _lib.format_text("mus_state_view_format", _abi.MUS_STATE_TEXT_MAX + 1,
                                ctypes.byref(self._c), self.seat)

    def tensor(self, numpy: Optional[bool] = None) -> Any:
        """The flat float32 observation of the seat: :meth:`State.view_tensor` of this step."""
        return _view_tensor(self._c, self.seat, numpy)

    def state(self) -> State:
        """The whole state at this step (every seat's cards: not for the seat's player)."""
        return State._wrap(_abi.mus_state.from_buffer_copy(self._c))

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Observation):
            return NotImplemented
        return self.seat == other.seat and bytes(self._c) == bytes(other._c)

    def __hash__(self) -> int:
        return hash((self.seat, bytes(self._c)))

    def __repr__(self) -> str:
        return "<Observation seat=%d>" % self.seat


class Env:
    """A match as an environment; see the module's documentation for the exact contract.

    Args:
        rules: a :class:`Rules` or rules text (``"basque"``, ``"standard target=30"``).
        seed: starts the env's random generator (Python's ``random.Random``), which draws every
            shuffle's seed and, when ``first_dealer`` is None, each match's first dealer.
        first_dealer: the first dealer's seat of every match, or None to draw it.
        reward: ``"points"`` or ``"match"`` (see the module's documentation).
    """

    def __init__(self, rules: Any = "standard", seed: int = 0,
                 first_dealer: Optional[int] = 0, reward: str = "points") -> None:
        if reward not in ("points", "match"):
            raise ValueError("reward is 'points' or 'match', not %r" % (reward,))
        if first_dealer is not None and first_dealer not in (0, 1, 2, 3):
            raise ValueError("first_dealer is a seat 0..3 or None, not %r" % (first_dealer,))
        self.rules: Rules = as_rules(rules)
        self.first_dealer = first_dealer
        self.reward = reward
        self._rng = random.Random(check_seed(seed))
        lib = _lib.load()
        self._step_fn = lib.mus_step
        self._new_fn = lib.mus_state_new
        self._info = _abi.mus_step_info()
        self._info.struct_size = ctypes.sizeof(self._info)
        self._info_ref = ctypes.byref(self._info)
        self._rules_ref = ctypes.byref(self.rules._as_c())
        self._c: Optional[_abi.mus_state] = None
        self._seat: Optional[int] = None
        self._mask = 0
        self._hand = [0, 0]
        self._done = True

    # -- the loop ------------------------------------------------------------------------------
    def reset(self, seed: Optional[int] = None) -> Tuple[int, Observation, int]:
        """Starts a new match (a new seed restarts the generator): deals the first hand and
        returns ``(seat to act, its observation, legal id mask)``."""
        if seed is not None:
            self._rng.seed(check_seed(seed))
        dealer = self.first_dealer
        if dealer is None:
            dealer = self._rng.randrange(4)
        c = _abi.mus_state()
        _lib.check(self._new_fn(self._rules_ref, dealer, ctypes.byref(c)), "mus_state_new")
        self._c = c
        self._hand = [0, 0]
        self._done = False
        info = self._info
        self._chance(c)
        self._seat = info.to_act
        self._mask = info.legal_mask
        return info.to_act, Observation(self._c, info.to_act), info.legal_mask

    def _chance(self, c: _abi.mus_state) -> None:
        """Plays the shuffles due in ``c`` (in place), accumulating their points."""
        info = self._info
        ref = ctypes.byref(c)
        while True:
            status = self._step_fn(ref, 0, self._rng.getrandbits(64), ref, self._info_ref)
            if status != _OK:
                _lib.check(status, "mus_step", "shuffle")
            if info.to_act >= 0 or info.phase == _MATCH_OVER:
                return

    def step(self, action_id: int) -> Tuple[Optional[int], Optional[Observation], int,
                                            Tuple[int, int], bool, Dict[str, Any]]:
        """Plays ``action_id`` for the seat to act, then any chance that follows.

        Returns ``(seat, observation, mask, rewards, done, info)``: the next seat to act (None
        once the match is over), its observation (None then), the legal id mask (0 then), the
        rewards pair, whether the match is over, and the info dict. Raises the library's
        ActionError for an illegal id (the env does not change then), MatchOverError after the
        end, and InvalidArgumentError for an id outside 0 .. 55."""
        if self._done:
            _lib.raise_error(_abi.MUS_E_MATCH_OVER if self._c is not None
                             else _abi.MUS_E_WRONG_PHASE, "Env.step",
                             "the match is over: call reset()" if self._c is not None
                             else "call reset() first")
        if not 0 <= action_id < ACTION_ID_COUNT:
            _lib.raise_error(_abi.MUS_E_INVALID_ARGUMENT, "Env.step",
                             "action id %r outside 0 .. %d" % (action_id, ACTION_ID_COUNT - 1))
        c = _abi.mus_state()
        ref = ctypes.byref(c)
        info = self._info
        status = self._step_fn(ctypes.byref(self._c), action_id, 0, ref, self._info_ref)
        if status != _OK:
            _lib.check(status, "mus_step", "action id %r" % (action_id,))
        hand = self._hand
        hand[0] += info.points[0]
        hand[1] += info.points[1]
        game_winner = info.game_winner
        hand_over = info.hand_over
        if info.to_act < 0 and info.phase != _MATCH_OVER:
            self._chance(c)  # a new deal or a stock refill: never ends a hand
        self._c = c
        seat = info.to_act
        match_winner = info.match_winner
        if hand_over:
            points = (hand[0], hand[1])
            self._hand = [0, 0]
        else:
            points = _NO_POINTS
        if match_winner >= 0:
            self._done = True
            rewards = points if self.reward == "points" else (
                (1, -1) if match_winner == 0 else (-1, 1))
            self._seat, self._mask = None, 0
            return None, None, 0, rewards, True, {
                "hand_over": bool(hand_over), "hand_points": points,
                "game_winner": None if game_winner < 0 else game_winner,
                "match_winner": match_winner}
        rewards = points if self.reward == "points" else _NO_POINTS
        mask = info.legal_mask
        self._seat, self._mask = seat, mask
        return seat, Observation(c, seat), mask, rewards, False, {
            "hand_over": bool(hand_over), "hand_points": points,
            "game_winner": None if game_winner < 0 else game_winner, "match_winner": None}

    # -- what the env holds --------------------------------------------------------------------
    @property
    def state(self) -> State:
        """The current state (a copy, as an immutable :class:`State`)."""
        if self._c is None:
            _lib.raise_error(_abi.MUS_E_WRONG_PHASE, "Env.state", "call reset() first")
        return State._wrap(_abi.mus_state.from_buffer_copy(self._c))

    @property
    def to_act(self) -> Optional[int]:
        """The seat to act, None once the match is over."""
        return self._seat

    @property
    def legal_mask(self) -> int:
        """The legal id mask of the seat to act (0 once the match is over)."""
        return self._mask

    @property
    def done(self) -> bool:
        return self._done

    def observation(self, seat: int) -> Observation:
        """Any seat's observation of the current state (e.g. for a seat that waits)."""
        if self._c is None:
            _lib.raise_error(_abi.MUS_E_WRONG_PHASE, "Env.observation", "call reset() first")
        if seat not in (0, 1, 2, 3):
            _lib.raise_error(_abi.MUS_E_INVALID_ARGUMENT, "Env.observation", "seat %r" % (seat,))
        return Observation(self._c, seat)
