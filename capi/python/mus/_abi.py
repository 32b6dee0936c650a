"""The C ABI of mus/mus.h as ctypes declarations: every constant and every struct.

This module never loads libmus: it only describes the binary interface, so it can be checked
against the header without the library (tests/abi/check_python_layout.py compares it with the
output of tests/abi/abi_layout.c, a C99 program that prints the header's real numbers).

Names are the header's, unchanged. Everything else in the package is built on this module.
"""

from __future__ import annotations

import ctypes
from typing import Dict, List, Tuple

# ---- Version (only the major version is part of the ABI) -------------------------------------
MUS_VERSION_MAJOR = 0

# ---- Status codes --------------------------------------------------------------------------
MUS_OK = 0
MUS_E_INVALID_ARGUMENT = -1
MUS_E_PARSE = -2
MUS_E_BUFFER_TOO_SMALL = -3
MUS_E_INVALID_RULES = -4
MUS_E_INVALID_CARDS = -5
MUS_E_WRONG_PHASE = -6
MUS_E_NOT_YOUR_TURN = -7
MUS_E_ILLEGAL_ACTION = -8
MUS_E_BET_TOO_SMALL = -9
MUS_E_CARD_NOT_IN_HAND = -10
MUS_E_BAD_SHUFFLE = -11
MUS_E_MATCH_OVER = -12
MUS_E_FALSE_SIGNAL = -13
MUS_E_INVALID_STATE = -14
MUS_E_INTERNAL = -15
MUS_E_NO_ACTION_ID = -16
MUS_E_SIGNAL_NOT_IN_SET = -17

# ---- Lances --------------------------------------------------------------------------------
MUS_LANCE_GRANDE = 0
MUS_LANCE_CHICA = 1
MUS_LANCE_PARES = 2
MUS_LANCE_JUEGO = 3
MUS_LANCE_PUNTO = 4

# ---- Rules option values -------------------------------------------------------------------
MUS_ROYAL31_OFF = 0
MUS_ROYAL31_JACK777 = 1
MUS_ROYAL31_FIGURE777 = 2
MUS_ROYAL31_JACK777_OTHER_SUITS = 3
MUS_ROYAL31_JACK_OF_COINS777 = 4
MUS_ROYAL31_JACK_OF_COINS_ANY777 = 5
MUS_CORRIDO_OFF = 0
MUS_CORRIDO_MATCH = 1
MUS_CORRIDO_GAME = 2
MUS_ANSWERS_FIRST = 0
MUS_ANSWERS_PROPOSAL = 1
MUS_SIGNALS_FULL = 0
MUS_SIGNALS_ONLINE = 1
MUS_SIGNALS_OFF = 2

# ---- Match phases --------------------------------------------------------------------------
MUS_PHASE_SHUFFLE = 1
MUS_PHASE_MUS = 2
MUS_PHASE_DISCARD = 3
MUS_PHASE_BETTING = 4
MUS_PHASE_MATCH_OVER = 5
MUS_PHASE_PERETE = 6

# ---- Action kinds --------------------------------------------------------------------------
MUS_ACTION_SHUFFLE = 1
MUS_ACTION_MUS = 2
MUS_ACTION_CUT = 3
MUS_ACTION_DISCARD = 4
MUS_ACTION_PASS = 5
MUS_ACTION_BET = 6
MUS_ACTION_ORDAGO = 7
MUS_ACTION_ACCEPT = 8
MUS_ACTION_REJECT = 9
MUS_ACTION_SIGNAL = 10
MUS_ACTION_PERETE = 11

# ---- Signals -------------------------------------------------------------------------------
MUS_SIGNAL_TWO_KINGS = 0
MUS_SIGNAL_THREE_KINGS = 1
MUS_SIGNAL_TWO_ACES = 2
MUS_SIGNAL_THREE_ACES = 3
MUS_SIGNAL_PAREJA = 4
MUS_SIGNAL_MEDIAS = 5
MUS_SIGNAL_DUPLES = 6
MUS_SIGNAL_JUEGO_31 = 7
MUS_SIGNAL_PUNTO_30 = 8
MUS_SIGNAL_PUNTO_29 = 9
MUS_SIGNAL_PUNTO_28 = 10
MUS_SIGNAL_CIEGO = 11
MUS_SIGNAL_REAL_31 = 12
MUS_SIGNAL_SOLOMILLO = 13
MUS_SIGNAL_NEED_MUS = 14

MUS_STATE_SIZE = 512

# ---- Lance statuses (mus_count_line.status) ------------------------------------------------
MUS_LANCE_STATUS_PENDING = 0
MUS_LANCE_STATUS_SKIPPED = 1
MUS_LANCE_STATUS_ONE_TEAM = 2
MUS_LANCE_STATUS_EN_PASO = 3
MUS_LANCE_STATUS_ACCEPTED = 4
MUS_LANCE_STATUS_REFUSED = 5
MUS_LANCE_STATUS_ORDAGO = 6

# ---- Hand ends (mus_count.end) -------------------------------------------------------------
MUS_END_NONE = 0
MUS_END_COUNT = 1
MUS_END_DEJE = 2
MUS_END_ORDAGO = 3

# ---- Event kinds ---------------------------------------------------------------------------
MUS_EVENT_DEAL = 1
MUS_EVENT_REFILL = 2
MUS_EVENT_MUS = 3
MUS_EVENT_CUT = 4
MUS_EVENT_DISCARD = 5
MUS_EVENT_REPLACE = 6
MUS_EVENT_PERETE = 7
MUS_EVENT_SIGNAL = 8
MUS_EVENT_DECLARE_PARES = 9
MUS_EVENT_DECLARE_JUEGO = 10
MUS_EVENT_LANCE_START = 11
MUS_EVENT_PASS = 12
MUS_EVENT_BET = 13
MUS_EVENT_ORDAGO = 14
MUS_EVENT_ACCEPT = 15
MUS_EVENT_REJECT = 16
MUS_EVENT_DEJE = 17
MUS_EVENT_EN_PASO = 18
MUS_EVENT_SHOWDOWN = 19
MUS_EVENT_COUNT = 20
MUS_EVENT_GAME = 21
MUS_EVENT_VACA = 22
MUS_EVENT_MATCH = 23
MUS_EVENT_PROPOSE = 24
MUS_EVENT_AGREE = 25

MUS_MAX_EVENTS = 48

# ---- Action ids (a stable integer action space; see mus.h for the table) ------------------
MUS_ACTION_ID_COUNT = 56
MUS_ACTION_ID_SHUFFLE = 0
MUS_ACTION_ID_MUS = 1
MUS_ACTION_ID_CUT = 2
MUS_ACTION_ID_DISCARD = 3
MUS_ACTION_ID_PASS = 19
MUS_ACTION_ID_BET = 20
MUS_ACTION_ID_ORDAGO = 36
MUS_ACTION_ID_ACCEPT = 37
MUS_ACTION_ID_REJECT = 38
MUS_ACTION_ID_SIGNAL = 39
MUS_ACTION_ID_PERETE = 55
MUS_BET_LADDER_SIZE = 16
MUS_MAX_LEGAL_ACTIONS = 56

# ---- Text forms (mus_action_format, mus_state_format, mus_view_format) ---------------------
MUS_STATE_TEXT_MAX = 512
MUS_ACTION_TEXT_MAX = 160

# ---- Bots ------------------------------------------------------------------------------------
MUS_BOT_RANDOM = 0
MUS_BOT_HEURISTIC = 1
MUS_BOT_SEARCH = 2
MUS_PLAYOUT_HAND = 0
MUS_PLAYOUT_MATCH = 1
# ---- Observation tensor layout (mus_view_tensor) -------------------------------------------
MUS_VIEW_TENSOR_SIZE = 216
MUS_TENSOR_OFF_CARDS = 0
MUS_TENSOR_OFF_DEALER = 40
MUS_TENSOR_OFF_MANO = 44
MUS_TENSOR_OFF_TO_ACT = 48
MUS_TENSOR_OFF_PHASE = 52
MUS_TENSOR_OFF_LANCE = 58
MUS_TENSOR_OFF_DECK = 63
MUS_TENSOR_OFF_ROUND = 65
MUS_TENSOR_OFF_DECLARED = 70
MUS_TENSOR_OFF_PARES = 72
MUS_TENSOR_OFF_JUEGO = 76
MUS_TENSOR_OFF_PERETE = 80
MUS_TENSOR_OFF_SIGNALS = 84
MUS_TENSOR_OFF_BET = 144
MUS_TENSOR_OFF_LANCES = 158
MUS_TENSOR_OFF_SCORES = 210

# ---- Structs -------------------------------------------------------------------------------
_i32 = ctypes.c_int32
_u32 = ctypes.c_uint32
_u64 = ctypes.c_uint64
_u8 = ctypes.c_uint8


class mus_rules(ctypes.Structure):  # noqa: N801 (the header's names)
    _fields_ = [
        ("struct_size", _u32),
        ("kings", _i32),
        ("target", _i32),
        ("games_per_vaca", _i32),
        ("vacas", _i32),
        ("min_raise", _i32),
        ("royal31", _i32),
        ("zero_discard", _i32),
        ("deje_ends", _i32),
        ("mus_corrido", _i32),
        ("tio_perete", _i32),
        ("answers", _i32),
        ("signals", _i32),
        ("reserved", _i32 * 6),
    ]


class mus_state(ctypes.Structure):  # noqa: N801
    _fields_ = [("opaque", _u64 * (MUS_STATE_SIZE // 8))]


class mus_action(ctypes.Structure):  # noqa: N801
    _fields_ = [
        ("kind", _i32),
        ("seat", _i32),
        ("amount", _i32),
        ("reserved0", _i32),
        ("cards", _u64),
        ("seed", _u64),
        ("order", _u8 * 40),
        ("reserved", _i32 * 4),
    ]


class mus_state_info(ctypes.Structure):  # noqa: N801
    _fields_ = [
        ("struct_size", _u32),
        ("phase", _i32),
        ("lance", _i32),
        ("to_act", _i32),
        ("dealer", _i32),
        ("mano", _i32),
        ("score", _i32 * 2),
        ("games", _i32 * 2),
        ("vacas", _i32 * 2),
        ("match_winner", _i32),
        ("hand_number", _i32),
        ("refill_due", _i32),
        ("reserved", _i32 * 14),
    ]


class mus_count_line(ctypes.Structure):  # noqa: N801
    _fields_ = [
        ("lance", _i32),
        ("status", _i32),
        ("bet_team", _i32),
        ("winner_team", _i32),
        ("winner_seat", _i32),
        ("stake", _i32),
        ("tantos", _i32),
        ("points", _i32),
        ("counted", _i32),
        ("reserved", _i32 * 3),
    ]


class mus_count(ctypes.Structure):  # noqa: N801
    _fields_ = [
        ("struct_size", _u32),
        ("number", _i32),
        ("dealer", _i32),
        ("mano", _i32),
        ("end", _i32),
        ("game_winner", _i32),
        ("score_before", _i32 * 2),
        ("score_after", _i32 * 2),
        ("lines", mus_count_line * 4),
        ("shown", _u8 * 16),
        ("reserved", _i32 * 4),
    ]


class mus_view(ctypes.Structure):  # noqa: N801
    _fields_ = [
        ("struct_size", _u32),
        ("seat", _i32),
        ("phase", _i32),
        ("lance", _i32),
        ("to_act", _i32),
        ("dealer", _i32),
        ("mano", _i32),
        ("hand", _u8 * 4),
        ("score", _i32 * 2),
        ("games", _i32 * 2),
        ("vacas", _i32 * 2),
        ("match_winner", _i32),
        ("hand_number", _i32),
        ("stock_count", _i32),
        ("pile_count", _i32),
        ("pares_declared", _i32),
        ("pares_mask", _i32),
        ("juego_declared", _i32),
        ("juego_mask", _i32),
        ("perete_mask", _i32),
        ("signals", _i32 * 4),
        ("bet_open", _i32),
        ("bet_is_ordago", _i32),
        ("bet_team", _i32),
        ("stake_before", _i32),
        ("proposed", _i32),
        ("lances", mus_count_line * 4),
        ("proposal", _i32),
        ("proposer", _i32),
        ("proposal_amount", _i32),
        ("last_shown", _u8 * 16),
        ("reserved", _i32 * 9),
    ]


class mus_event(ctypes.Structure):  # noqa: N801
    _fields_ = [
        ("kind", _i32),
        ("seat", _i32),
        ("team", _i32),
        ("lance", _i32),
        ("amount", _i32),
        ("value", _i32),
        ("reserved", _i32 * 2),
    ]


class mus_step_info(ctypes.Structure):  # noqa: N801
    _fields_ = [
        ("struct_size", _u32),
        ("phase", _i32),
        ("to_act", _i32),
        ("hand_over", _i32),
        ("match_winner", _i32),
        ("points", _i32 * 2),
        ("game_winner", _i32),
        ("legal_mask", _u64),
    ]


class mus_bot_config(ctypes.Structure):  # noqa: N801
    _fields_ = [
        ("struct_size", _u32),
        ("kind", _i32),
        ("playouts", _i32),
        ("time_ms", _i32),
        ("reserved", _i32 * 4),
    ]


#: Every public struct of mus.h, by its C name.
STRUCTS = {
    cls.__name__: cls
    for cls in (mus_rules, mus_state, mus_action, mus_state_info, mus_count_line, mus_count,
                mus_view, mus_event, mus_step_info, mus_bot_config)
}


def constants() -> Dict[str, int]:
    """Every ``MUS_*`` integer constant this module declares, by name."""
    return {name: value for name, value in globals().items()
            if name.startswith("MUS_") and isinstance(value, int)}


def layout_lines() -> List[str]:
    """This module's structs in the record format of tests/abi/abi_layout.c."""
    lines = []
    for name, cls in STRUCTS.items():
        lines.append("struct %s %d %d" % (name, ctypes.sizeof(cls), ctypes.alignment(cls)))
        for field in cls._fields_:
            desc = getattr(cls, field[0])
            lines.append("field %s %s %d %d" % (name, field[0], desc.offset, desc.size))
    return lines


def compare_layout(c_layout: str) -> List[str]:
    """Compares this module with the output of tests/abi/abi_layout.c (or tests/abi/layout.txt).

    Returns a list of human-readable differences; empty when the ctypes structs have the C sizes,
    alignments, field names, field order, offsets and field sizes, and the constants are the C
    constants, none missing and none extra. Blank lines and lines starting with ``#`` are ignored.
    """
    problems: List[str] = []
    c_structs: Dict[str, Tuple[int, int]] = {}
    c_fields: Dict[str, List[Tuple[str, int, int]]] = {}
    c_consts: Dict[str, int] = {}
    for number, raw in enumerate(c_layout.splitlines(), 1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        words = line.split()
        try:
            if words[0] == "struct" and len(words) == 4:
                c_structs[words[1]] = (int(words[2]), int(words[3]))
                c_fields.setdefault(words[1], [])
            elif words[0] == "field" and len(words) == 5:
                c_fields.setdefault(words[1], []).append(
                    (words[2], int(words[3]), int(words[4])))
            elif words[0] == "const" and len(words) == 3:
                c_consts[words[1]] = int(words[2])
            elif words[0] == "func":
                pass  # functions: mus._lib.compare_functions checks them
            elif words[0] == "func" and len(words) >= 4:
                continue  # function signatures: the manifest check of the bound functions
            else:
                problems.append("line %d: unknown record %r" % (number, line))
        except ValueError:
            problems.append("line %d: bad number in %r" % (number, line))

    for name in sorted(set(c_structs) - set(STRUCTS)):
        problems.append("struct %s: in the C header but not in mus._abi" % name)
    for name in sorted(set(STRUCTS) - set(c_structs)):
        problems.append("struct %s: in mus._abi but not in the C layout" % name)
    for name in sorted(set(c_structs) & set(STRUCTS)):
        cls = STRUCTS[name]
        size, align = c_structs[name]
        if ctypes.sizeof(cls) != size:
            problems.append("struct %s: sizeof is %d in C, %d in ctypes"
                            % (name, size, ctypes.sizeof(cls)))
        if ctypes.alignment(cls) != align:
            problems.append("struct %s: alignment is %d in C, %d in ctypes"
                            % (name, align, ctypes.alignment(cls)))
        py_fields = [(f[0], getattr(cls, f[0]).offset, getattr(cls, f[0]).size)
                     for f in cls._fields_]
        c_names = [f[0] for f in c_fields[name]]
        py_names = [f[0] for f in py_fields]
        if c_names != py_names:
            problems.append("struct %s: fields are %s in C, %s in ctypes"
                            % (name, c_names, py_names))
        for (c_name, c_off, c_size) in c_fields[name]:
            for (p_name, p_off, p_size) in py_fields:
                if p_name == c_name and (p_off, p_size) != (c_off, c_size):
                    problems.append(
                        "field %s.%s: offset %d size %d in C, offset %d size %d in ctypes"
                        % (name, c_name, c_off, c_size, p_off, p_size))

    ours = constants()
    for name in sorted(set(c_consts) - set(ours)):
        problems.append("constant %s: in the C header but not in mus._abi" % name)
    for name in sorted(set(ours) - set(c_consts)):
        problems.append("constant %s: in mus._abi but not in the C header" % name)
    for name in sorted(set(c_consts) & set(ours)):
        if c_consts[name] != ours[name]:
            problems.append("constant %s: %d in C, %d in mus._abi"
                            % (name, c_consts[name], ours[name]))
    return problems
