"""A batch of matches as one environment, for learning: ``num_envs`` independent matches stepped
by one call into the library (mus_batch_step()), with numpy arrays that the library writes in
place (zero copy).

::

    import numpy as np
    import mus

    env = mus.VecEnv("standard", num_envs=1024, seed=7)
    seat, obs, mask = env.reset()                  # arrays: (N,), (N, 216), (N,)
    for _ in range(1000):
        actions = policy(seat, obs, mask)          # (N,) int32 legal ids, one per game
        seat, obs, mask, rewards, done, info = env.step(actions)

**The contract is mus.Env's**, game by game (see :mod:`mus.env`): seat ``seat[g]`` of game
``g`` must play an action id whose bit is set in ``mask[g]``; chance is played inside, each
game from its own stream of the seed (mus_batch_new() in mus.h documents it), so a game plays
the same whatever ``num_envs`` and ``threads``; ``rewards[g]`` is the pair ``(team 0, team 1)``
of the ``reward`` chosen, ``"points"`` (each hand's points at the step that finishes it) or
``"match"`` (+1/-1 at the step that finishes the match). A finished match starts again at once
(auto-reset): ``done[g]`` (or ``info["truncated"][g]``, after ``max_steps`` player steps)
flags the step whose reward was the episode's last, and ``seat``, ``obs`` and ``mask`` of that
game are already the new match's.

**Arrays.** Every array returned is the VecEnv's own buffer, bound to the library's batch when
the VecEnv is made and written in place at every ``reset()`` and ``step()``: copy what you keep. ``seat`` int32 (N,); ``obs`` float32 (N, 216)
(mus_view_tensor() of each game's seat to act; None when ``observations=False``); ``mask``
uint64 (N,); ``rewards`` float32 (N, 2); ``done`` bool (N,); ``info`` a dict of arrays:
``truncated`` bool (N,) and the fields of mus.h's ``mus_batch_info`` as int32 (N,) views:
``hand_over`` (1 when the step finished a hand), ``game_winner`` (the team that won a game in
the step, else -1) and ``match_winner`` (else -1). :meth:`legal_matrix` unpacks ``mask`` to
(N, 56) bools.

**Lifetime.** The batch, its games and its worker threads belong to the library until
:meth:`close`, which ``with`` calls::

    with mus.VecEnv("standard", num_envs=1024, threads=4) as env:
        ...

A VecEnv that is not closed is released when it is collected, or at the latest when Python
exits (``weakref.finalize``): one release, whichever comes first.

**PettingZoo and Pgx.** Game ``g`` is one PettingZoo classic (AEC) environment: its
``agent_selection`` is ``seat[g]``, its ``observation`` / ``action_mask`` pair is ``obs[g]`` /
``legal_matrix()[g]``, an agent's reward is ``rewards[g, seat % 2]`` (its team's), and
termination / truncation are ``done[g]`` / ``info["truncated"][g]``. In Pgx's terms the arrays
are the batched ``current_player``, ``observation``, ``legal_action_mask``, ``terminated`` and
``truncated``; Pgx's per-player ``rewards`` are ``rewards[:, [0, 1, 0, 1]]``. docs/learning.md
has both tables.

It needs numpy (Debian's ``python3-numpy``); the rest of the package does not.
"""

from __future__ import annotations

import ctypes
import weakref
from typing import Any, Dict, Optional, Tuple

from . import _abi, _hints, _lib
from .cards import check_seed
from .enums import ACTION_ID_BLOCKS
from .match import State
from .rules import Rules, as_rules

#: Floats in one observation (``MUS_VIEW_TENSOR_SIZE``).
TENSOR_SIZE = _abi.MUS_VIEW_TENSOR_SIZE

_REWARDS = {"points": _abi.MUS_BATCH_REWARD_POINTS, "match": _abi.MUS_BATCH_REWARD_MATCH}

#: How to get numpy, which VecEnv needs: Debian's python3-numpy for /usr/bin/python3 or a venv
#: made with ``--system-site-packages``, else pip. Programs that need numpy print it too.
NUMPY_HINT = _hints.debian_package("numpy", "python3-numpy", "numpy")


def _numpy() -> Any:
    try:
        import numpy
    except ImportError as e:  # pragma: no cover - depends on the system
        raise ImportError("mus.VecEnv needs numpy: " + NUMPY_HINT) from e
    return numpy


def _ptr(array: Any, ctype: Any) -> Any:
    return array.ctypes.data_as(ctypes.POINTER(ctype))


_kind_tables: Dict[str, Any] = {}


def kind_first_actions(legal: Any, u1: Any, u2: Any) -> Any:
    """The kind-first random player of the benchmarks (bench/random_policy.h) over a batch: for
    each row of ``legal`` (an (N, 56) bool matrix, :meth:`VecEnv.legal_matrix`), a legal kind of
    action uniformly (the blocks of :data:`mus.enums.ACTION_ID_BLOCKS`), then one of its legal ids
    uniformly. ``u1`` (N, 11) and ``u2`` (N, 56) are the caller's uniform draws in [0, 1); they
    are overwritten (no temporaries the size of ``u2`` are made). Returns (N,) int32 ids."""
    np = _numpy()
    if not _kind_tables:
        kind = np.zeros(_abi.MUS_ACTION_ID_COUNT, dtype=np.int64)
        for k, (first, n) in enumerate(ACTION_ID_BLOCKS):
            kind[first:first + n] = k
        _kind_tables["kind"] = kind
        _kind_tables["onehot"] = np.eye(len(ACTION_ID_BLOCKS), dtype=np.float32)[kind]
    kind, onehot = _kind_tables["kind"], _kind_tables["onehot"]
    u1[(legal.astype(np.float32) @ onehot) <= 0] = -1.0
    k = u1.argmax(axis=1)
    u2[~(legal & (kind[None, :] == k[:, None]))] = -1.0
    return u2.argmax(axis=1).astype(np.int32)


class VecEnv:
    """``num_envs`` matches stepped together; see the module's documentation for the contract.

    Args:
        rules: a :class:`Rules` or rules text.
        num_envs: the number of games, 1 .. 1,048,576.
        seed: the seed of every game's stream (``reset(seed)`` starts them anew).
        threads: threads stepping the games: the calling thread and up to ``threads - 1``
            workers of the library's batch (one thread per 64 games at most), kept until
            :meth:`close`; the arrays are the same for every count.
        first_dealer: the first dealer of every match, or None to draw it from the game's
            stream.
        reward: ``"points"`` or ``"match"``.
        max_steps: 0, or the player steps after which a match is truncated.
        observations: write the (N, 216) observation at every step (False saves its cost).
    """

    def __init__(self, rules: Any = "standard", num_envs: int = 1024, seed: int = 0,
                 threads: int = 1, first_dealer: Optional[int] = 0, reward: str = "points",
                 max_steps: int = 0, observations: bool = True) -> None:
        np = _numpy()
        if reward not in _REWARDS:
            raise ValueError("reward is 'points' or 'match', not %r" % (reward,))
        self.rules: Rules = as_rules(rules)
        self.num_envs = int(num_envs)
        self.reward = reward
        self._seed = check_seed(seed)
        lib = _lib.load()
        self._lib = lib
        config = _abi.mus_batch_config()
        _lib.check(lib.mus_batch_config_default(self.num_envs, ctypes.byref(config)),
                   "mus_batch_config_default", "num_envs %r" % (num_envs,))
        config.threads = int(threads)
        config.first_dealer = -1 if first_dealer is None else int(first_dealer)
        config.reward = _REWARDS[reward]
        config.max_steps = int(max_steps)
        n = self.num_envs
        self.threads = config.threads
        self.first_dealer = first_dealer
        self.max_steps = config.max_steps
        self._actions = np.zeros(n, dtype=np.int32)
        self.seat = np.zeros(n, dtype=np.int32)
        self.mask = np.zeros(n, dtype=np.uint64)
        self.rewards = np.zeros((n, 2), dtype=np.float32)
        self.done = np.zeros(n, dtype=np.bool_)
        self.truncated = np.zeros(n, dtype=np.bool_)
        self._info = np.zeros(n, dtype=np.dtype(_abi.mus_batch_info))
        self.obs = np.zeros((n, TENSOR_SIZE), dtype=np.float32) if observations else None
        self.info: Dict[str, Any] = {"truncated": self.truncated}
        self.info.update((name, self._info[name]) for name, _ in _abi.mus_batch_info._fields_)
        self._bits = np.arange(_abi.MUS_ACTION_ID_COUNT, dtype=np.uint64)
        handle = ctypes.POINTER(_abi.mus_batch)()
        _lib.check(lib.mus_batch_new(
            ctypes.byref(self.rules._as_c()), ctypes.byref(config),
            _ptr(self.seat, ctypes.c_int32), _ptr(self.mask, ctypes.c_uint64),
            _ptr(self.rewards, ctypes.c_float), _ptr(self.done, ctypes.c_uint8),
            _ptr(self.truncated, ctypes.c_uint8), _ptr(self._info, _abi.mus_batch_info),
            _ptr(self.obs, ctypes.c_float) if observations else None,
            ctypes.byref(handle)), "mus_batch_new")
        self._handle = handle
        # The one release of the batch: close(), ``with``, collection or exit, whichever first.
        # It holds the arrays, so they outlive the batch that writes them.
        self._release = weakref.finalize(self, _free, lib, handle,
                                         (self.seat, self.mask, self.rewards, self.done,
                                          self.truncated, self._info, self.obs))
        self._actions_p = _ptr(self._actions, ctypes.c_int32)
        self._step_fn = lib.mus_batch_step
        self._np = np

    # -- the loop ------------------------------------------------------------------------------
    def reset(self, seed: Optional[int] = None) -> Tuple[Any, Any, Any]:
        """Starts a new match in every game (a new seed restarts every stream; else the seed
        given last) and returns ``(seat, obs, mask)``."""
        self._check_open()
        if seed is not None:
            self._seed = check_seed(seed)
        _lib.check(self._lib.mus_batch_reset(self._handle, self._seed), "mus_batch_reset")
        return self.seat, self.obs, self.mask

    def step(self, actions: Any) -> Tuple[Any, Any, Any, Any, Any, Dict[str, Any]]:
        """Plays ``actions[g]`` in every game ``g`` (a sequence or array of N legal ids) and
        returns ``(seat, obs, mask, rewards, done, info)``. Raises IllegalActionError (naming
        the game) for an id not legal in its game and InvalidArgumentError for one outside
        0 .. 55; nothing moves then."""
        self._check_open()
        np = self._np
        if isinstance(actions, np.ndarray) and actions.dtype == np.int32 and \
                actions.shape == (self.num_envs,) and actions.flags.c_contiguous:
            actions_p = actions.ctypes.data_as(ctypes.POINTER(ctypes.c_int32))
        else:
            a = np.asarray(actions)
            if a.shape != (self.num_envs,):
                raise ValueError("actions: %d ids expected, got shape %r"
                                 % (self.num_envs, a.shape))
            if a.dtype.kind not in "iu":
                raise TypeError("actions are integer action ids, not %s" % (a.dtype,))
            if a.size and (int(a.min()) < -2**31 or int(a.max()) >= 2**31):
                _lib.raise_error(_abi.MUS_E_INVALID_ARGUMENT, "VecEnv.step",
                                 "an action id outside 0 .. 55")
            self._actions[...] = a
            actions_p = self._actions_p
        status = self._step_fn(self._handle, actions_p)
        if status != _abi.MUS_OK:
            _lib.check(status, "mus_batch_step")
        return self.seat, self.obs, self.mask, self.rewards, self.done, self.info

    # -- helpers -------------------------------------------------------------------------------
    def legal_matrix(self, mask: Any = None) -> Any:
        """``mask`` (default: the current one) as an (N, 56) bool array: ``[g, i]`` is True when
        id ``i`` is legal in game ``g``, the ``action_mask`` of PettingZoo's classic envs."""
        m = self.mask if mask is None else mask
        return ((m[:, None] >> self._bits) & self._np.uint64(1)).astype(self._np.bool_)

    def random_actions(self, rng: Any) -> Any:
        """One uniformly random legal id per game, drawn with ``rng`` (a numpy Generator)."""
        legal = self.legal_matrix()
        scores = rng.random(legal.shape, dtype=self._np.float32)
        scores[~legal] = -1.0
        return scores.argmax(axis=1).astype(self._np.int32)

    def state(self, game: int) -> State:
        """The whole state of game ``game`` (every seat's cards: not for its players)."""
        self._check_open()
        out = _abi.mus_state()
        _lib.check(self._lib.mus_batch_state(self._handle, int(game), ctypes.byref(out)),
                   "mus_batch_state", "game %r" % (game,))
        return State._wrap(out)

    def close(self) -> None:
        """Stops the worker threads and releases the batch (mus_batch_free); the VecEnv cannot
        be used after, and its arrays keep their last values. Closing twice does nothing."""
        self._release()

    def __enter__(self) -> "VecEnv":
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()

    def _check_open(self) -> None:
        if not self._release.alive:
            _lib.raise_error(_abi.MUS_E_INVALID_ARGUMENT, "VecEnv", None, "the VecEnv is closed")


def _free(lib: Any, handle: Any, arrays: Tuple[Any, ...]) -> None:
    """Releases a batch (the finalizer of a VecEnv); ``arrays`` are kept alive until then."""
    del arrays
    lib.mus_batch_free(handle)
