"""The binding and the header cannot drift: ctypes structs and constants against the C numbers.

The C numbers come from tests/abi/abi_layout.c, a C99 program printing sizeof/offsetof of every
struct of mus.h and every constant. When MUS_ABI_LAYOUT_PROGRAM names that program (ctest sets it
in tests/abi), its output is used; otherwise the checked-in tests/abi/layout.txt, which the
abi_layout ctest keeps equal to the program's output. The header's #defines are also read
directly, and the enums checked against the constants.
"""

import ctypes
import os
import re
import subprocess
import unittest

import mus
from mus import _abi, _lib
from mus.enums import ENUM_PREFIXES, Status

from _support import HEADER, LAYOUT


def c_layout_text():
    program = os.environ.get("MUS_ABI_LAYOUT_PROGRAM")
    if program:
        return subprocess.run([program], check=True, stdout=subprocess.PIPE, text=True,
                              timeout=60).stdout
    if not LAYOUT.is_file():
        raise AssertionError("neither MUS_ABI_LAYOUT_PROGRAM nor %s: run the tests from the "
                             "libmus source tree or point MUS_ABI_LAYOUT_PROGRAM at the "
                             "abi_layout program" % LAYOUT)
    return LAYOUT.read_text(encoding="utf-8")


def header_constants():
    """Every ``#define MUS_NAME <integer>`` of mus.h."""
    text = HEADER.read_text(encoding="utf-8")
    return {m.group(1): int(m.group(2)) for m in
            re.finditer(r"^#define (MUS_[A-Z0-9_]+) +\(?(-?[0-9]+)\)?", text, re.M)}


class CtypesLayoutTest(unittest.TestCase):
    def test_ctypes_structs_and_constants_match_c(self):
        problems = _abi.compare_layout(c_layout_text())
        self.assertEqual(problems, [], "\n".join(problems))

    def test_layout_covers_every_struct_and_field(self):
        text = c_layout_text()
        c_structs = set(re.findall(r"^struct (\w+) ", text, re.M))
        self.assertEqual(c_structs, set(_abi.STRUCTS))
        self.assertEqual(ctypes.sizeof(_abi.mus_state), _abi.MUS_STATE_SIZE)

    def test_comparison_reports_each_kind_of_drift(self):
        good = c_layout_text()
        self.assertEqual(_abi.compare_layout(good), [])
        cases = {
            "sizeof": (r"^struct mus_view 384 4$", "struct mus_view 388 4"),
            "offset": (r"^field mus_action seed 24 8$", "field mus_action seed 28 8"),
            "field": (r"^field mus_event value 20 4$", "field mus_event worth 20 4"),
            "constant": (r"^const MUS_E_PARSE -2$", "const MUS_E_PARSE -20"),
            "new constant": (r"^const MUS_MAX_EVENTS 48$",
                             "const MUS_MAX_EVENTS 48\nconst MUS_NEW_THING 1"),
            "new struct": (r"^struct mus_event 32 4$", "struct mus_event 32 4\nstruct mus_x 4 4"),
        }
        for what, (pattern, replacement) in cases.items():
            with self.subTest(what):
                bad, n = re.subn(pattern, replacement, good, flags=re.M)
                self.assertEqual(n, 1, "the pattern must match the layout once")
                self.assertNotEqual(_abi.compare_layout(bad), [], what)
        self.assertNotEqual(_abi.compare_layout(good + "\nnonsense here\n"), [])

    def test_layout_lines_are_the_c_records(self):
        struct_lines = [l for l in c_layout_text().splitlines()
                        if l.startswith(("struct ", "field "))]
        self.assertEqual(_abi.layout_lines(), struct_lines)


class FunctionManifestTest(unittest.TestCase):
    """Every function of mus.h is bound with its C signature, or listed unbound with a reason."""

    def test_every_manifest_function_is_bound_with_its_signature(self):
        problems = _lib.compare_functions(c_layout_text())
        self.assertEqual(problems, [], "\n".join(problems))
        self.assertTrue(_lib.manifest_functions(c_layout_text()))

    def test_the_loaded_library_has_every_bound_function(self):
        lib = _lib.load()
        for name, (restype, argtypes) in _lib.PROTOTYPES.items():
            with self.subTest(name):
                self.assertIs(getattr(lib, name).restype, restype)
                self.assertEqual(getattr(lib, name).argtypes, argtypes)

    def test_comparison_reports_each_kind_of_drift(self):
        good = c_layout_text()
        cases = {
            # A function added to mus.h without a binding.
            "new function": ("func mus_version uint32_t (void)",
                             "func mus_version uint32_t (void)\n"
                             "func mus_scratch_extra int32_t (const mus_state*, int32_t*)"),
            "changed parameter": ("func mus_apply_id int32_t (const mus_state*, int32_t, "
                                  "uint64_t, mus_state*)",
                                  "func mus_apply_id int32_t (const mus_state*, uint32_t, "
                                  "uint64_t, mus_state*)"),
            "changed return": ("func mus_state_size size_t (void)",
                               "func mus_state_size uint32_t (void)"),
            "unmappable type": ("func mus_state_validate int32_t (const mus_state*)",
                                "func mus_state_validate int32_t (const mus_thing*)"),
            "removed function": ("func mus_bet_ladder int32_t (int32_t, int32_t*)\n", ""),
        }
        for what, (old, new) in cases.items():
            with self.subTest(what):
                self.assertEqual(good.count(old), 1, "the record must be in the manifest once")
                problems = _lib.compare_functions(good.replace(old, new))
                self.assertNotEqual(problems, [], what)
        problems = _lib.compare_functions(good.replace(
            "func mus_version uint32_t (void)",
            "func mus_version uint32_t (void)\nfunc mus_scratch_extra int32_t (int32_t)"))
        self.assertEqual(problems, ["function mus_scratch_extra: in mus.h (the manifest) but "
                                    "neither bound in mus/_lib.py PROTOTYPES nor listed in "
                                    "UNBOUND with a reason"])
        # Listing it as unbound with a reason is the other way to pass; an empty reason is not.
        extra = good + "\nfunc mus_scratch_extra int32_t (int32_t)\n"
        self.assertEqual(_lib.compare_functions(extra, unbound={"mus_scratch_extra": "why"}), [])
        self.assertNotEqual(_lib.compare_functions(extra, unbound={"mus_scratch_extra": " "}),
                            [])
        self.assertEqual(_lib.compare_functions("const MUS_OK 0\n"),
                         ["the manifest has no func records"])

    def test_c_types_map_to_ctypes(self):
        self.assertIs(_lib.ctype_of("const mus_state*"), ctypes.POINTER(_abi.mus_state))
        self.assertIs(_lib.ctype_of("mus_view*"), ctypes.POINTER(_abi.mus_view))
        self.assertIs(_lib.ctype_of("const char*"), ctypes.c_char_p)
        self.assertIs(_lib.ctype_of("char*"), ctypes.c_char_p)
        self.assertIs(_lib.ctype_of("float*"), ctypes.POINTER(ctypes.c_float))
        self.assertIs(_lib.ctype_of("uint64_t"), ctypes.c_uint64)
        self.assertIsNone(_lib.ctype_of("void"))
        with self.assertRaises(KeyError):
            _lib.ctype_of("struct nothing*")


@unittest.skipUnless(HEADER.is_file(), "needs the libmus source tree")
class HeaderConstantsTest(unittest.TestCase):
    # The version's minor and patch numbers change with each release; they are not ABI.
    NOT_ABI = {"MUS_VERSION_MINOR", "MUS_VERSION_PATCH"}

    def test_every_header_constant_is_in_the_binding(self):
        header = header_constants()
        ours = _abi.constants()
        for name, value in header.items():
            if name in self.NOT_ABI:
                continue
            with self.subTest(name):
                self.assertIn(name, ours)
                self.assertEqual(ours[name], value)
        self.assertEqual(set(ours) - set(header), set(), "constants the header does not define")

    def test_binding_version_is_the_header_version(self):
        text = HEADER.read_text(encoding="utf-8")
        version = re.search(r'^#define MUS_VERSION_STRING "([^"]+)"', text, re.M).group(1)
        self.assertEqual(mus.__version__, version)


class EnumsTest(unittest.TestCase):
    def test_enums_are_the_constants(self):
        consts = _abi.constants()
        for enum_cls, prefix in ENUM_PREFIXES.items():
            for member in enum_cls:
                with self.subTest(enum=enum_cls.__name__, member=member.name):
                    self.assertEqual(consts[prefix + member.name], member.value)

    def test_every_constant_of_an_enum_family_has_a_member(self):
        consts = _abi.constants()
        families = {
            "MUS_PHASE_": mus.Phase, "MUS_ACTION_": mus.ActionKind, "MUS_SIGNAL_": mus.Signal,
            "MUS_EVENT_": mus.EventKind, "MUS_END_": mus.HandEnd, "MUS_ROYAL31_": mus.Royal31,
            "MUS_CORRIDO_": mus.MusCorrido, "MUS_LANCE_STATUS_": mus.LanceStatus,
        }
        # Sizes that share a family's prefix but are not values of it.
        not_members = {"MUS_ACTION_TEXT_MAX"} | {
            n for n in consts if n.startswith("MUS_ACTION_ID_")}  # action ids, not kinds
        for prefix, enum_cls in families.items():
            for name in consts:
                if name.startswith(prefix) and name not in not_members:
                    with self.subTest(name):
                        self.assertIn(name[len(prefix):], enum_cls.__members__)
        # The lances are MUS_LANCE_*; the statuses have their own prefix, MUS_LANCE_STATUS_*.
        lance_names = {n[len("MUS_LANCE_"):] for n in consts
                       if n.startswith("MUS_LANCE_") and not n.startswith("MUS_LANCE_STATUS_")}
        self.assertEqual(lance_names, set(mus.Lance.__members__))

    def test_status_codes(self):
        consts = _abi.constants()
        codes = {n: v for n, v in consts.items() if n == "MUS_OK" or n.startswith("MUS_E_")}
        self.assertEqual({s.c_name: s.value for s in Status}, codes)


if __name__ == "__main__":
    unittest.main()
