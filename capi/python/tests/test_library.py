"""Finding libmus: MUS_LIBRARY, next to the package, the system; and the error listing what was
tried. Library loading happens once per process, so each case runs in a fresh interpreter."""

import ctypes.util
import os
import shutil
import tempfile
import unittest
from pathlib import Path

import mus

from _support import PACKAGE_ROOT, run_python

PROBE = "import mus; print(mus.library_path()); print(mus.Rules.preset('basque'))"


def built_library():
    """The libmus this test run uses (ctest sets MUS_LIBRARY)."""
    return Path(mus.library_path()).resolve()


class LibraryTest(unittest.TestCase):
    def setUp(self):
        self.tmp = Path(tempfile.mkdtemp(prefix="mus-lib-test-"))
        self.addCleanup(shutil.rmtree, self.tmp)

    def copy_package(self, into):
        shutil.copytree(PACKAGE_ROOT / "mus", into / "mus",
                        ignore=shutil.ignore_patterns("__pycache__", "*.so*"))
        return into

    def test_loaded_library_is_the_right_one(self):
        self.assertEqual(mus.library_version(), mus.__version__)
        if os.environ.get("MUS_LIBRARY"):
            self.assertEqual(mus.library_path(), os.environ["MUS_LIBRARY"])

    def test_import_does_not_load_the_library(self):
        result = run_python("import mus; from mus import _lib; print(_lib._lib is None)",
                            {"MUS_LIBRARY": str(self.tmp / "missing.so")})
        self.assertEqual(result.returncode, 0, result.stderr)
        self.assertEqual(result.stdout.strip(), "True")

    def test_missing_mus_library_file(self):
        missing = self.tmp / "libmus.so.0"
        result = run_python(PROBE, {"MUS_LIBRARY": str(missing)})
        self.assertNotEqual(result.returncode, 0)
        self.assertIn("LibraryNotFoundError", result.stderr)
        self.assertIn(str(missing), result.stderr)
        self.assertIn("MUS_LIBRARY is set, so only that file was tried", result.stderr)

    def test_mus_library_that_is_not_libmus(self):
        libc = ctypes.util.find_library("c")
        self.assertIsNotNone(libc)
        result = run_python(PROBE, {"MUS_LIBRARY": libc})
        self.assertNotEqual(result.returncode, 0)
        self.assertIn("LibraryNotFoundError", result.stderr)
        self.assertIn("mus_", result.stderr)  # the missing symbol is named

    def test_library_inside_the_package(self):
        root = self.copy_package(self.tmp)
        shutil.copy(built_library(), root / "mus" / "libmus.so.0")
        result = run_python(PROBE, {"MUS_LIBRARY": None, "PYTHONPATH": str(root)})
        self.assertEqual(result.returncode, 0, result.stderr)
        self.assertEqual(result.stdout.split("\n")[:2],
                         [str(root / "mus" / "libmus.so.0"), "basque"])

    def test_library_beside_the_package(self):
        root = self.copy_package(self.tmp)
        shutil.copy(built_library(), root / "libmus.so")
        result = run_python(PROBE, {"MUS_LIBRARY": None, "PYTHONPATH": str(root)})
        self.assertEqual(result.returncode, 0, result.stderr)
        self.assertEqual(result.stdout.split("\n")[0], str(root / "libmus.so"))

    def test_library_from_the_dynamic_loader(self):
        root = self.copy_package(self.tmp / "pkg")
        libdir = self.tmp / "lib"
        libdir.mkdir()
        shutil.copy(built_library(), libdir / "libmus.so.0")
        result = run_python(PROBE, {"MUS_LIBRARY": None, "PYTHONPATH": str(root),
                                    "LD_LIBRARY_PATH": str(libdir)})
        self.assertEqual(result.returncode, 0, result.stderr)
        self.assertEqual(result.stdout.split("\n")[:2], ["libmus.so.0", "basque"])

    def test_nothing_found_lists_what_was_tried(self):
        root = self.copy_package(self.tmp)
        result = run_python(PROBE, {"MUS_LIBRARY": None, "PYTHONPATH": str(root),
                                    "LD_LIBRARY_PATH": None})
        if ctypes.util.find_library("mus") is not None:
            # A libmus installed on this system is found: that is the system step working.
            self.assertEqual(result.returncode, 0, result.stderr)
            return
        self.assertNotEqual(result.returncode, 0)
        self.assertIn("libmus could not be loaded. Tried:", result.stderr)
        self.assertIn("libmus.so.0:", result.stderr)
        self.assertIn("Set MUS_LIBRARY", result.stderr)

    def test_wrong_major_version_or_state_size_is_refused(self):
        for patch, words in (("_abi.MUS_VERSION_MAJOR = 7", "this binding needs major version 7"),
                             ("_abi.MUS_STATE_SIZE = 256", "this binding needs 256")):
            with self.subTest(patch):
                result = run_python("from mus import _abi, _lib\n%s\n_lib.load()" % patch)
                self.assertNotEqual(result.returncode, 0)
                self.assertIn(words, result.stderr)


if __name__ == "__main__":
    unittest.main()
