"""Finding and loading libmus, and the prototypes of its functions.

The library is loaded once, the first time it is needed, from the first of:

1. the file named by the environment variable ``MUS_LIBRARY`` (a full path; when it is set
   nothing else is tried);
2. a ``libmus.so*`` (``libmus*.dylib``, ``mus.dll``) inside this package's directory, then in
   the directory holding the package;
3. the system: ``ctypes.util.find_library("mus")``, then the platform's soname
   (``libmus.so.0``) as the dynamic loader finds it (``LD_LIBRARY_PATH``, ``ldconfig``).

It must be the major version this binding was written for (:data:`mus._abi.MUS_VERSION_MAJOR`)
with the state size of mus.h.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import glob
import os
import sys
import threading
from typing import List, NoReturn, Optional

from . import _abi
from .errors import LibraryNotFoundError, error_class

_lock = threading.Lock()
_lib: Optional[ctypes.CDLL] = None
_path: Optional[str] = None


def _package_candidates() -> List[str]:
    here = os.path.dirname(os.path.abspath(__file__))
    if sys.platform == "win32":
        patterns = ["mus.dll", "libmus.dll"]
    elif sys.platform == "darwin":
        patterns = ["libmus.*.dylib", "libmus.dylib"]
    else:
        patterns = ["libmus.so.%d" % _abi.MUS_VERSION_MAJOR, "libmus.so", "libmus.so.*"]
    found: List[str] = []
    for directory in (here, os.path.dirname(here)):
        for pattern in patterns:
            for path in sorted(glob.glob(os.path.join(directory, pattern))):
                if path not in found:
                    found.append(path)
    return found


def _system_candidates() -> List[str]:
    names = []
    found = ctypes.util.find_library("mus")
    if found:
        names.append(found)
    if sys.platform == "win32":
        soname = "mus.dll"
    elif sys.platform == "darwin":
        soname = "libmus.%d.dylib" % _abi.MUS_VERSION_MAJOR
    else:
        soname = "libmus.so.%d" % _abi.MUS_VERSION_MAJOR
    if soname not in names:
        names.append(soname)
    return names


def _declare(lib: ctypes.CDLL) -> None:
    """Sets argtypes and restype of the functions of mus.h the binding calls: all but the text
    forms (mus_card_*, mus_action_parse/format, mus_state_parse/format, mus_view_format) and
    mus_rules_validate."""
    P = ctypes.POINTER
    i32, u32, u64, size_t = ctypes.c_int32, ctypes.c_uint32, ctypes.c_uint64, ctypes.c_size_t
    u8p, charp, i32p, sizep = P(ctypes.c_uint8), ctypes.c_char_p, P(i32), P(size_t)
    rules, state, action = P(_abi.mus_rules), P(_abi.mus_state), P(_abi.mus_action)
    protos = {
        "mus_version": (u32, []),
        "mus_version_string": (charp, []),
        "mus_status_string": (charp, [i32]),
        "mus_rules_preset": (i32, [rules, charp]),
        "mus_rules_parse": (i32, [rules, charp]),
        "mus_rules_format": (i32, [rules, charp, size_t, sizep]),
        "mus_hand_parse": (i32, [charp, u8p]),
        "mus_hand_format": (i32, [u8p, charp, size_t, sizep]),
        "mus_lance_winner": (i32, [rules, i32, u8p, i32, i32p]),
        "mus_hand_tantos": (i32, [rules, i32, u8p, i32p]),
        "mus_hand_value": (i32, [rules, u8p, i32p]),
        "mus_state_size": (size_t, []),
        "mus_state_new": (i32, [rules, i32, state]),
        "mus_apply": (i32, [state, action, state]),
        "mus_apply_events": (i32, [state, action, state, P(_abi.mus_event), size_t, sizep]),
        "mus_legal_actions": (i32, [state, action, size_t, sizep]),
        "mus_legal_mask": (i32, [state, P(u64)]),
        "mus_legal_action_ids": (i32, [state, i32p, size_t, sizep]),
        "mus_action_id": (i32, [state, action, i32p]),
        "mus_action_from_id": (i32, [state, i32, action]),
        "mus_apply_id": (i32, [state, i32, u64, state]),
        "mus_bet_ladder": (i32, [i32, i32p]),
        "mus_state_info_get": (i32, [state, P(_abi.mus_state_info)]),
        "mus_state_hand": (i32, [state, i32, u8p]),
        "mus_state_view": (i32, [state, i32, P(_abi.mus_view)]),
        "mus_state_last_count": (i32, [state, P(_abi.mus_count)]),
        "mus_state_rules": (i32, [state, rules]),
        "mus_state_validate": (i32, [state]),
        "mus_bet_limits": (i32, [state, i32p, i32p]),
        "mus_stacked_deal": (i32, [u8p, i32, u8p, size_t, action]),
        "mus_seeded_order": (i32, [u8p, size_t, u64]),
        "mus_signal_true": (i32, [rules, i32, u8p, i32p]),
    }
    for name, (restype, argtypes) in protos.items():
        fn = getattr(lib, name)  # AttributeError names a function the library lacks
        fn.restype = restype
        fn.argtypes = argtypes


def _open(path: str) -> ctypes.CDLL:
    lib = ctypes.CDLL(path)
    _declare(lib)
    major = lib.mus_version() // 10000
    if major != _abi.MUS_VERSION_MAJOR:
        raise OSError("it is libmus %s (major version %d), this binding needs major version %d"
                      % (lib.mus_version_string().decode(), major, _abi.MUS_VERSION_MAJOR))
    if lib.mus_state_size() != _abi.MUS_STATE_SIZE:
        raise OSError("its mus_state_size() is %d, this binding needs %d"
                      % (lib.mus_state_size(), _abi.MUS_STATE_SIZE))
    return lib


def load() -> ctypes.CDLL:
    """The loaded library (loading it the first time). Raises LibraryNotFoundError."""
    global _lib, _path
    if _lib is not None:
        return _lib
    with _lock:
        if _lib is not None:
            return _lib
        tried: List[str] = []
        explicit = os.environ.get("MUS_LIBRARY")
        if explicit:
            candidates = [explicit]
        else:
            candidates = _package_candidates() + _system_candidates()
        for candidate in candidates:
            try:
                lib = _open(candidate)
            except (OSError, AttributeError) as exc:
                tried.append("  %s: %s" % (candidate, exc))
                continue
            _path = candidate
            _lib = lib
            return lib
        if explicit:
            how = ("MUS_LIBRARY is set, so only that file was tried; unset it to search the "
                   "package directory and the system.")
        else:
            how = ("Set MUS_LIBRARY to the full path of libmus.so.%d (built by CMake in "
                   "<build>/capi/), put the library next to the package, or install it where "
                   "the dynamic loader finds it." % _abi.MUS_VERSION_MAJOR)
        raise LibraryNotFoundError("libmus could not be loaded. Tried:\n%s\n%s"
                                   % ("\n".join(tried), how))


def path() -> str:
    """Where the loaded library came from (as given to the loader)."""
    load()
    assert _path is not None
    return _path


def status_message(status: int) -> str:
    """mus_status_string(status); the header's name alone when the library cannot be loaded."""
    try:
        lib = load()
    except LibraryNotFoundError:
        return ""  # MusError falls back to the code's name
    return lib.mus_status_string(status).decode("utf-8", "replace")


def check(status: int, function: str, detail: Optional[str] = None) -> None:
    """Raises the MusError subclass for a non-zero status."""
    if status != _abi.MUS_OK:
        raise error_class(status)(status, status_message(status), function, detail)


def raise_error(status: int, function: str, detail: Optional[str] = None) -> NoReturn:
    """Raises the MusError for ``status`` (for checks the binding makes before calling C)."""
    raise error_class(status)(status, status_message(status), function, detail)
