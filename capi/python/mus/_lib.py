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
from typing import Any, Dict, List, NoReturn, Optional, Tuple

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


_P = ctypes.POINTER
_i32, _u32, _u64, _size = ctypes.c_int32, ctypes.c_uint32, ctypes.c_uint64, ctypes.c_size_t
_u8, _u8p, _charp = ctypes.c_uint8, _P(ctypes.c_uint8), ctypes.c_char_p
_i32p, _u64p, _sizep = _P(_i32), _P(_u64), _P(_size)
_rules, _state, _action = _P(_abi.mus_rules), _P(_abi.mus_state), _P(_abi.mus_action)

#: The prototype of every function of mus.h the binding calls: name -> (restype, argtypes).
#: tests/abi/check_python_layout.py checks it against the manifest (the ``func`` records of
#: tests/abi/abi_layout.c): every function of mus.h is here with its C signature mapped to
#: ctypes, or in :data:`UNBOUND` with the reason.
PROTOTYPES = {
    "mus_version": (_u32, []),
    "mus_version_string": (_charp, []),
    "mus_status_string": (_charp, [_i32]),
    "mus_last_error": (_charp, []),
    "mus_rules_preset": (_i32, [_rules, _charp]),
    "mus_rules_parse": (_i32, [_rules, _charp]),
    "mus_rules_format": (_i32, [_rules, _charp, _size, _sizep]),
    "mus_rules_validate": (_i32, [_rules]),
    "mus_hand_parse": (_i32, [_charp, _u8p]),
    "mus_hand_format": (_i32, [_u8p, _charp, _size, _sizep]),
    "mus_card_parse": (_i32, [_charp, _u8p]),
    "mus_card_format": (_i32, [_u8, _charp, _size, _sizep]),
    "mus_lance_winner": (_i32, [_rules, _i32, _u8p, _i32, _i32p]),
    "mus_hand_tantos": (_i32, [_rules, _i32, _u8p, _i32p]),
    "mus_hand_value": (_i32, [_rules, _u8p, _i32p]),
    "mus_state_size": (_size, []),
    "mus_state_new": (_i32, [_rules, _i32, _state]),
    "mus_apply": (_i32, [_state, _action, _state]),
    "mus_apply_events": (_i32, [_state, _action, _state, _P(_abi.mus_event), _size, _sizep]),
    "mus_legal_actions": (_i32, [_state, _action, _size, _sizep]),
    "mus_legal_mask": (_i32, [_state, _u64p]),
    "mus_legal_action_ids": (_i32, [_state, _i32p, _size, _sizep]),
    "mus_action_id": (_i32, [_state, _action, _i32p]),
    "mus_action_from_id": (_i32, [_state, _i32, _action]),
    "mus_apply_id": (_i32, [_state, _i32, _u64, _state]),
    "mus_bet_ladder": (_i32, [_i32, _i32p]),
    "mus_state_info_get": (_i32, [_state, _P(_abi.mus_state_info)]),
    "mus_state_hand": (_i32, [_state, _i32, _u8p]),
    "mus_state_view": (_i32, [_state, _i32, _P(_abi.mus_view)]),
    "mus_state_last_count": (_i32, [_state, _P(_abi.mus_count)]),
    "mus_state_rules": (_i32, [_state, _rules]),
    "mus_state_validate": (_i32, [_state]),
    "mus_bet_limits": (_i32, [_state, _i32p, _i32p]),
    "mus_stacked_deal": (_i32, [_u8p, _i32, _u8p, _size, _action]),
    "mus_seeded_order": (_i32, [_u8p, _size, _u64]),
    "mus_signal_true": (_i32, [_rules, _i32, _u8p, _i32p]),
    "mus_action_format": (_i32, [_action, _charp, _size, _sizep]),
    "mus_action_parse": (_i32, [_charp, _action, _i32p]),
    "mus_state_format": (_i32, [_state, _charp, _size, _sizep]),
    "mus_state_parse": (_i32, [_charp, _state, _i32p]),
    "mus_view_format": (_i32, [_state, _i32, _charp, _size, _sizep]),
    "mus_view_parse": (_i32, [_charp, _P(_abi.mus_view), _i32p]),
    "mus_step": (_i32, [_state, _i32, _u64, _state, _P(_abi.mus_step_info)]),
    "mus_view_tensor": (_i32, [_state, _i32, _P(ctypes.c_float), _size]),
    "mus_bot_config_default": (_i32, [_i32, _P(_abi.mus_bot_config)]),
    "mus_bot_choose": (_i32, [_state, _i32, _P(_abi.mus_bot_config), _u64, _i32p]),
    "mus_bot_evaluate": (_i32, [_state, _i32, _P(_abi.mus_bot_config), _u64,
                                _P(ctypes.c_double), _size, _u64p]),
    "mus_playouts": (_i32, [_state, _P(_abi.mus_bot_config), _u64, _u64, _i32, _i32, _i32p]),
}

#: Functions of mus.h deliberately not bound, each with the reason (none today: the binding is
#: complete). The manifest check fails on a function that is neither bound nor listed here.
UNBOUND: Dict[str, str] = {}

# C type names of the manifest -> ctypes. Pointers to these, to the structs of mus._abi, and
# char* (c_char_p, also for output buffers) are derived from them.
_SCALARS = {
    "int32_t": ctypes.c_int32, "uint32_t": ctypes.c_uint32, "int64_t": ctypes.c_int64,
    "uint64_t": ctypes.c_uint64, "uint8_t": ctypes.c_uint8, "int8_t": ctypes.c_int8,
    "size_t": ctypes.c_size_t, "float": ctypes.c_float, "double": ctypes.c_double,
    "int": ctypes.c_int,
}


def ctype_of(c_type: str) -> Any:
    """The ctypes type a C type of the manifest maps to (``void`` -> None, ``const char*`` and
    ``char*`` -> c_char_p, ``const T*`` and ``T*`` -> POINTER(T)); KeyError for a type the
    binding does not know."""
    text = c_type.strip()
    if text.startswith("const "):
        text = text[len("const "):].strip()
    if text == "void":
        return None
    if text in ("char*", "void*"):
        return ctypes.c_char_p if text == "char*" else ctypes.c_void_p
    if text.endswith("*"):
        base = text[:-1].strip()
        target = _SCALARS.get(base) or _abi.STRUCTS.get(base)
        if target is None:
            raise KeyError(c_type)
        return ctypes.POINTER(target)
    if text in _SCALARS:
        return _SCALARS[text]
    raise KeyError(c_type)


def _ctype_name(t: Any) -> str:
    return "void" if t is None else t.__name__


def manifest_functions(c_layout: str) -> Dict[str, Tuple[str, List[str]]]:
    """The ``func`` records of a manifest: name -> (return type, [parameter types])."""
    functions: Dict[str, Tuple[str, List[str]]] = {}
    for raw in c_layout.splitlines():
        line = raw.strip()
        if not line.startswith("func "):
            continue
        head, _, rest = line.partition(" (")
        words = head.split(" ", 2)
        if len(words) != 3 or not rest.endswith(")"):
            raise ValueError("malformed func record %r" % line)
        params = rest[:-1].strip()
        types = [] if params == "void" else [p.strip() for p in params.split(",")]
        functions[words[1]] = (words[2], types)
    return functions


def compare_functions(c_layout: str, prototypes: Optional[Dict[str, Any]] = None,
                      unbound: Optional[Dict[str, str]] = None) -> List[str]:
    """Compares :data:`PROTOTYPES` and :data:`UNBOUND` with the manifest's ``func`` records.

    Returns human-readable problems: a function of mus.h neither bound nor listed as unbound
    (or listed without a reason), a bound function whose restype or argtypes differ from its C
    signature mapped by :func:`ctype_of`, a C type the binding cannot map, and a bound or listed
    function mus.h does not declare. Empty when all agree.
    """
    prototypes = PROTOTYPES if prototypes is None else prototypes
    unbound = UNBOUND if unbound is None else unbound
    problems: List[str] = []
    try:
        functions = manifest_functions(c_layout)
    except ValueError as exc:
        return [str(exc)]
    if not functions:
        return ["the manifest has no func records"]
    for name, (ret, params) in sorted(functions.items()):
        if name in prototypes:
            if name in unbound:
                problems.append("function %s: both bound and listed in UNBOUND" % name)
            try:
                want_ret = ctype_of(ret)
                want_args = [ctype_of(p) for p in params]
            except KeyError as exc:
                problems.append("function %s: no ctypes mapping for the C type %s"
                                % (name, exc.args[0]))
                continue
            got_ret, got_args = prototypes[name]
            if got_ret is not want_ret:
                problems.append("function %s: returns %s (ctypes %s), bound as %s"
                                % (name, ret, _ctype_name(want_ret), _ctype_name(got_ret)))
            if list(got_args) != want_args:
                problems.append("function %s: takes (%s) = [%s], bound as [%s]" % (
                    name, ", ".join(params), ", ".join(_ctype_name(a) for a in want_args),
                    ", ".join(_ctype_name(a) for a in got_args)))
        elif name in unbound:
            if not str(unbound[name]).strip():
                problems.append("function %s: listed in UNBOUND without a reason" % name)
        else:
            problems.append("function %s: in mus.h (the manifest) but neither bound in "
                            "mus/_lib.py PROTOTYPES nor listed in UNBOUND with a reason" % name)
    for name in sorted((set(prototypes) | set(unbound)) - set(functions)):
        problems.append("function %s: bound or listed in mus/_lib.py but not in mus.h" % name)
    return problems


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
