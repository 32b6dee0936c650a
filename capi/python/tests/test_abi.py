"""The binding and the header cannot drift.

mus/_abi.py (constants, ctypes structs, the prototype of every function) is generated from the
manifest of mus.h, capi/abi/layout.txt, by capi/abi/generate.py: the first test regenerates it
and compares, failing with the command to run when it is stale. The others check what the
generator cannot promise by itself: the ctypes structs have the C numbers (from the abi_layout
program when MUS_ABI_LAYOUT_PROGRAM names it, as ctest does, else from layout.txt, which the
abi_layout ctest keeps equal to the program's output), the loaded library takes the prototypes,
and every function of mus.h is called by the package or listed in _lib.UNBOUND with a reason.
"""

import ctypes
import importlib.util
import json
import os
import re
import subprocess
import unittest

import mus
from mus import _abi, _lib
from mus.enums import ENUMS, Status

from _support import GENERATOR, HEADER, LAYOUT, PACKAGE_ROOT, REPO


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


def load_generator():
    spec = importlib.util.spec_from_file_location("mus_abi_generate", GENERATOR)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def header_constants():
    """Every ``#define MUS_NAME <integer>`` of mus.h."""
    text = HEADER.read_text(encoding="utf-8")
    return {m.group(1): int(m.group(2)) for m in
            re.finditer(r"^#define (MUS_[A-Z0-9_]+) +\(?(-?[0-9]+)\)?", text, re.M)}


def package_sources():
    """The hand-written modules of the package (everything but the generated _abi.py and
    _enums.py)."""
    return {name: (PACKAGE_ROOT / "mus" / name).read_text(encoding="utf-8")
            for name in sorted(os.listdir(PACKAGE_ROOT / "mus"))
            if name.endswith(".py") and name not in ("_abi.py", "_enums.py")}


def unbound_problems(functions, sources, unbound):
    """Every function of the manifest is called by the package (``.name(``, or ``"name"`` as an
    argument of a helper such as ``format_text``) or listed in ``unbound`` with a reason, never
    both; ``unbound`` names only functions of the manifest."""
    text = "\n".join(sources.values())
    problems = []
    for name in functions:
        pattern = r"\.%s\(|[(,]\s*[\"']%s[\"']\s*[,)]" % (name, name)
        called = re.search(pattern, text) is not None
        if called and name in unbound:
            problems.append("function %s: called, and listed in _lib.UNBOUND" % name)
        elif not called and name not in unbound:
            problems.append("function %s: in mus.h (the manifest) but the package neither calls "
                            "it nor lists it in mus/_lib.py UNBOUND with a reason" % name)
        elif name in unbound and len(str(unbound[name]).strip()) < 10:
            problems.append("function %s: listed in _lib.UNBOUND without a real reason" % name)
    for name in sorted(set(unbound) - set(functions)):
        problems.append("function %s: listed in _lib.UNBOUND but not in mus.h" % name)
    return problems


@unittest.skipUnless(GENERATOR.is_file(), "needs the libmus source tree")
class GeneratedLayerTest(unittest.TestCase):
    def setUp(self):
        self.gen = load_generator()
        self.layout = LAYOUT.read_text(encoding="utf-8")

    def test_abi_module_is_what_the_manifest_generates(self):
        stale = self.gen.stale_files(self.layout, ["python"])
        self.assertEqual(stale, [], self.gen.stale_message(stale))

    def test_a_changed_manifest_makes_it_stale_and_names_the_command(self):
        for old, new in (("const MUS_E_PARSE -2", "const MUS_E_PARSE -20"),
                         ("func mus_version uint32_t (void)",
                          "func mus_version uint32_t (void)\nfunc mus_scratch int32_t (int32_t v)"),
                         ("field mus_event value 20 4 int32_t",
                          "field mus_event value 20 4 uint32_t")):
            with self.subTest(new):
                self.assertEqual(self.layout.count(old), 1)
                stale = self.gen.stale_files(self.layout.replace(old, new), ["python"])
                self.assertEqual(stale[0], "capi/python/mus/_abi.py")
                self.assertIn("run `cmake --build <build dir> --target abi_generate`",
                              self.gen.stale_message(stale))

    def test_the_release_record_writes_every_version_the_bindings_state(self):
        major = _abi.MUS_VERSION_MAJOR
        release = "%d.98.7" % major
        layout = re.sub(r"^release .*$", "release " + release, self.layout, count=1, flags=re.M)
        self.assertNotEqual(layout, self.layout)
        everything = ["dotnet", "js", "python"]
        self.assertEqual(sorted(self.gen.stale_files(layout, everything)), [
            "capi/dotnet/src/Mus.csproj", "capi/dotnet/src/NativeMethods.cs",
            "capi/js/package-lock.json", "capi/js/package.json", "capi/python/mus/_version.py"])
        out = self.gen.expected_outputs(self.gen.parse_manifest(layout), everything)
        self.assertIn('__version__ = "%s"' % release, out["capi/python/mus/_version.py"])
        cs = out["capi/dotnet/src/NativeMethods.cs"]
        for line in ("public const int MUS_VERSION_MINOR = 98;",
                     "public const int MUS_VERSION_PATCH = 7;",
                     'public const string MUS_VERSION_STRING = "%s";' % release):
            self.assertIn(line, cs)
        self.assertIn("<Version>%s</Version>" % release, out["capi/dotnet/src/Mus.csproj"])
        package = json.loads(out["capi/js/package.json"])
        lock = json.loads(out["capi/js/package-lock.json"])
        self.assertEqual((package["version"], lock["version"], lock["packages"][""]["version"]),
                         (release, release, release))
        # Only the version values change in a package file.
        for rel in ("capi/dotnet/src/Mus.csproj", "capi/js/package.json",
                    "capi/js/package-lock.json"):
            before = (REPO / rel).read_text(encoding="utf-8").splitlines()
            after = out[rel].splitlines()
            self.assertEqual(len(before), len(after), rel)
            changed = [b for b, a in zip(before, after) if b != a]
            self.assertEqual(len(changed), 2 if rel.endswith("lock.json") else 1, rel)
            self.assertTrue(all(mus.__version__ in line for line in changed), changed)

    def test_a_release_of_another_major_or_none_is_an_error(self):
        other = re.sub(r"^release .*$", "release %d.0.0" % (_abi.MUS_VERSION_MAJOR + 1),
                       self.layout, count=1, flags=re.M)
        none = re.sub(r"^release .*\n", "", self.layout, count=1, flags=re.M)
        for layout in (other, none):
            with self.assertRaises(ValueError):
                self.gen.stale_files(layout, ["python"])

    def test_a_malformed_manifest_is_an_error(self):
        for bad in ("nonsense here", "field mus_x y 0 4 int32_t", "func mus_f int32_t",
                    "release 1.2", "release 0.3.0 beta",
                    "func mus_f int32_t (int32_t)"):  # a parameter without its name
            with self.subTest(bad):
                with self.assertRaises(ValueError):
                    self.gen.parse_manifest(self.layout + bad + "\n")

    def test_header_reader_writes_a_record_for_everything(self):
        header = (GENERATOR.parent / "selftest" / "header.h").read_text(encoding="utf-8")
        self.assertEqual(self.gen.header_records(header).splitlines()[1:], [
            "static void structs(void) {",
            "  STRUCT(mus_a);",
            "  FIELD(mus_a, x, int32_t);",
            "  FIELD(mus_a, y, int32_t);",
            "  OPAQUE(mus_h);",
            "}",
            "static void constants(void) {",
            "  CONST(MUS_X);",
            "  CONST(MUS_E_Y);",
            "}",
            "static void functions(void) {",
            "  FUNC(mus_f, int32_t, (const mus_a* a));",
            "  FUNC(mus_g, const char*, (mus_a* a, const uint8_t* cards, size_t cap));",
            "}",
        ])


class CtypesLayoutTest(unittest.TestCase):
    def test_ctypes_structs_have_the_c_numbers(self):
        records = [line.split(" ") for line in c_layout_text().splitlines()
                   if line.startswith(("struct ", "field "))]
        self.assertTrue(records)
        seen = set()
        for words in records:
            cls = _abi.STRUCTS[words[1]]
            if words[0] == "struct":
                seen.add(words[1])
                self.assertEqual((ctypes.sizeof(cls), ctypes.alignment(cls)),
                                 (int(words[2]), int(words[3])), words[1])
            else:
                desc = getattr(cls, words[2])
                self.assertEqual((desc.offset, desc.size), (int(words[3]), int(words[4])),
                                 "%s.%s" % (words[1], words[2]))
        self.assertEqual(seen, set(_abi.STRUCTS))
        self.assertEqual(ctypes.sizeof(_abi.mus_state), _abi.MUS_STATE_SIZE)

    def test_constants_are_the_c_constants(self):
        c_consts = {w[1]: int(w[2]) for w in (line.split(" ") for line in
                                              c_layout_text().splitlines())
                    if w[0] == "const"}
        self.assertEqual(_abi.constants(), c_consts)


class FunctionManifestTest(unittest.TestCase):
    """Every function of mus.h is prototyped, and called by the package or listed unbound."""

    def manifest_functions(self):
        return [line.split(" ")[1] for line in c_layout_text().splitlines()
                if line.startswith("func ")]

    def test_every_function_has_its_prototype(self):
        self.assertEqual(sorted(_lib.PROTOTYPES), sorted(self.manifest_functions()))
        P = ctypes.POINTER
        self.assertEqual(_lib.PROTOTYPES["mus_apply"],
                         (ctypes.c_int32, [P(_abi.mus_state), P(_abi.mus_action),
                                           P(_abi.mus_state)]))
        self.assertEqual(_lib.PROTOTYPES["mus_status_string"], (ctypes.c_char_p, [ctypes.c_int32]))
        self.assertEqual(_lib.PROTOTYPES["mus_state_view_tensor"][1][2], P(ctypes.c_float))
        self.assertEqual(_lib.PROTOTYPES["mus_state_size"], (ctypes.c_size_t, []))

    def test_the_loaded_library_has_every_function(self):
        lib = _lib.load()
        for name, (restype, argtypes) in _lib.PROTOTYPES.items():
            with self.subTest(name):
                self.assertIs(getattr(lib, name).restype, restype)
                self.assertEqual(getattr(lib, name).argtypes, argtypes)

    def test_every_function_is_called_or_listed_unbound(self):
        problems = unbound_problems(self.manifest_functions(), package_sources(), _lib.UNBOUND)
        self.assertEqual(problems, [], "\n".join(problems))

    def test_the_unbound_check_reports_each_kind_of_problem(self):
        sources = {"a.py": 'lib.mus_f(x)\nformat_text("mus_g", 1)\n'}
        self.assertEqual(unbound_problems(["mus_f", "mus_g"], sources, {}), [])
        self.assertEqual(unbound_problems(["mus_f", "mus_g", "mus_h"], sources, {}),
                         ["function mus_h: in mus.h (the manifest) but the package neither calls "
                          "it nor lists it in mus/_lib.py UNBOUND with a reason"])
        self.assertEqual(unbound_problems(["mus_f", "mus_g", "mus_h"], sources,
                                          {"mus_h": "not useful from Python"}), [])
        self.assertNotEqual(unbound_problems(["mus_f", "mus_g", "mus_h"], sources,
                                             {"mus_h": " "}), [])
        self.assertNotEqual(unbound_problems(["mus_f", "mus_g"], sources,
                                             {"mus_f": "a real reason here"}), [])
        self.assertNotEqual(unbound_problems(["mus_f", "mus_g"], sources,
                                             {"mus_gone": "a real reason here"}), [])
        # A mention in a comment or docstring, or a key of UNBOUND, is not a call.
        self.assertNotEqual(unbound_problems(["mus_h"], {"a.py": "# see mus_h()\n"}, {}), [])
        unbound = 'UNBOUND = {"mus_h": "a reason here"}'
        self.assertEqual(unbound_problems(["mus_h"], {"a.py": unbound},
                                          {"mus_h": "a reason here"}), [])


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
    # The enums are generated from the manifest (mus/_enums.py, checked above with _abi.py):
    # these check the generated members against the constants the library was built with.
    def test_enums_are_the_constants(self):
        consts = _abi.constants()
        for enum_cls in ENUMS:
            for member in enum_cls:
                with self.subTest(enum=enum_cls.__name__, member=member.name):
                    self.assertEqual(consts[member.c_name], member.value)

    def test_the_lances_are_not_their_statuses(self):
        self.assertEqual([m.name for m in mus.Lance],
                         ["GRANDE", "CHICA", "PARES", "JUEGO", "PUNTO"])
        self.assertNotIn("TEXT_MAX", mus.ActionKind.__members__)
        self.assertNotIn("FULL", mus.Signal.__members__)

    def test_status_codes(self):
        consts = _abi.constants()
        codes = {n: v for n, v in consts.items() if n == "MUS_OK" or n.startswith("MUS_E_")}
        self.assertEqual({s.c_name: s.value for s in Status}, codes)


if __name__ == "__main__":
    unittest.main()
