"""Finding and loading libmus, and the prototypes of its functions.

The library is loaded once, the first time it is needed, from the first of:

1. the file named by the environment variable ``MUS_LIBRARY`` (a full path; when it is set
   nothing else is tried);
2. a ``libmus.so*`` (``libmus*.dylib``, ``mus.dll``) inside this package's directory (where
   ``pip install`` puts the library its build backend built, ``libmus.so.0``), then in the
   directory holding the package;
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
from typing import Any, Dict, List, NoReturn, Optional

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


#: The prototype of every function of mus.h: name -> (restype, argtypes). Generated into
#: mus._abi from the manifest (capi/abi/layout.txt) by capi/abi/generate.py.
PROTOTYPES = _abi.PROTOTYPES

#: Functions of mus.h the package deliberately does not call, each with the reason (none today).
#: tests/test_abi.py fails on a function of the manifest that the package neither calls nor
#: lists here.
UNBOUND: Dict[str, str] = {}


def _declare(lib: ctypes.CDLL) -> None:
    """Sets argtypes and restype of every function of :data:`PROTOTYPES`, once per library."""
    for name, (restype, argtypes) in PROTOTYPES.items():
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


def last_error() -> str:
    """mus_last_error(): why the most recent failed call of this thread failed ("" before any)."""
    return load().mus_last_error().decode("utf-8", "replace")


def check(status: int, function: str, detail: Optional[str] = None,
          position: Optional[int] = None) -> None:
    """Raises the MusError subclass for a non-zero status, with the library's reason
    (mus_last_error(), read at once: call it right after the C call that returned ``status``)."""
    if status != _abi.MUS_OK:
        raise error_class(status)(status, last_error(), function, detail, position)


def raise_error(status: int, function: str, detail: Optional[str] = None,
                reason: Optional[str] = None) -> NoReturn:
    """Raises the MusError for ``status`` (for checks the binding makes before calling C); its
    message is ``reason``, else mus_status_string(status)."""
    raise error_class(status)(status, reason or status_message(status), function, detail)


def format_text(function: str, cap: int, *args: Any) -> str:
    """Calls a text-writing function of mus.h, ``fn(*args, buf, cap, &len)``, with a buffer of
    ``cap`` bytes (grown once if the library says it needs more) and returns the text."""
    fn = getattr(load(), function)
    length = ctypes.c_size_t(0)
    buf = ctypes.create_string_buffer(cap)
    status = fn(*args, buf, cap, ctypes.byref(length))
    if status == _abi.MUS_E_BUFFER_TOO_SMALL and length.value >= cap:
        cap = length.value + 1
        buf = ctypes.create_string_buffer(cap)
        status = fn(*args, buf, cap, ctypes.byref(length))
    check(status, function)
    return buf.raw[:length.value].decode("utf-8")


def parse_text(function: str, text: str, out: Any) -> Any:
    """Calls a text-reading function of mus.h, ``fn(text, &out, &error_pos)``, and returns
    ``out``; a ParseError's detail says at which byte the parser stopped."""
    if not isinstance(text, str):
        raise TypeError("expected a str, not %r" % (text,))
    pos = ctypes.c_int32(-1)
    status = getattr(load(), function)(text.encode("utf-8"), ctypes.byref(out), ctypes.byref(pos))
    if status != _abi.MUS_OK:
        check(status, function, "text %r" % (text,), pos.value if pos.value >= 0 else None)
    return out
