"""Packaging: ``pip install ./capi/python`` works offline with the standard toolchain.

pip is required: when this interpreter has no pip the tests fail (not skip) and say what to
install. No setuptools or wheel is needed: the package has its own standard-library build
backend (capi/python/_backend), so build isolation has nothing to download. Every pip call
here has --no-index, so nothing can come from the network.

The backend builds libmus.so with CMake unless it is given one (``mus-library``). These tests
give it this build's library, so they compile nothing; the build itself is what the ctest
python_fresh_venv_install (venv_install_check.py) checks, in a fresh venv.
"""

import base64
import hashlib
import os
import re
import shutil
import subprocess
import sys
import sysconfig
import tarfile
import tempfile
import unittest
import zipfile
from pathlib import Path

import mus

from _support import PACKAGE_ROOT, REPO, run_python

PIP_QUIET = ["--no-index", "--no-cache-dir", "--disable-pip-version-check", "--no-input"]
LIBRARY_NAME = "libmus.so.%s" % mus.__version__.split(".")[0]


def given_library():
    """pip arguments that hand the backend this build's library instead of building one."""
    return ["--config-settings", "mus-library=%s" % mus.library_path()]
SMOKE = ("import mus, sys\n"
         "s = mus.State.new(mus.Rules.preset('basque'), 0).apply(mus.Action.shuffle(seed=3))\n"
         "print(mus.__file__)\n"
         "print(mus.library_path())\n"
         "print(s.phase.name, len(s.legal_actions()))\n")


def pip(*args, timeout=300):
    env = dict(os.environ, PYTHONDONTWRITEBYTECODE="1", PIP_NO_INPUT="1")
    return subprocess.run([sys.executable, "-m", "pip"] + list(args), env=env, timeout=timeout,
                          stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)


def backend(hook, *args):
    """Calls a hook of the package's build backend in a fresh interpreter, in the source dir."""
    code = ("import sys; sys.path.insert(0, '_backend'); import mus_build_backend as b; "
            "print(b.%s(*%r))" % (hook, args))
    result = run_python(code, cwd=str(PACKAGE_ROOT))
    if result.returncode != 0:
        raise AssertionError("%s failed:\n%s" % (hook, result.stderr))
    return result.stdout.strip()


class PipTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        version = pip("--version")
        if version.returncode != 0:
            raise AssertionError(
                "pip is not available for %s, so the package cannot be installed the standard "
                "way. Install it (Debian/Ubuntu: apt-get install python3-pip; elsewhere: "
                "%s -m ensurepip). pip said:\n%s" % (sys.executable, sys.executable,
                                                     version.stdout))

    def setUp(self):
        self.tmp = Path(tempfile.mkdtemp(prefix="mus-install-test-"))
        self.addCleanup(shutil.rmtree, self.tmp)

    def check_installed(self, target, library_inside=True):
        package = target / "mus"
        for name in ("__init__.py", "_abi.py", "_enums.py", "_lib.py", "cards.py", "enums.py",
                     "errors.py", "match.py", "rules.py", "_version.py", "py.typed", LIBRARY_NAME):
            self.assertTrue((package / name).is_file(), name)
        self.assertFalse((target / "tests").exists())
        self.assertFalse((target / "_backend").exists())
        metadata = (target / ("mus-%s.dist-info" % mus.__version__) / "METADATA").read_text()
        self.assertIn("\nName: mus\n", metadata)
        self.assertIn("\nVersion: %s\n" % mus.__version__, metadata)
        self.assertIn("\nRequires-Python: >=3.9\n", metadata)
        env = {"PYTHONPATH": str(target)}
        if library_inside:
            env["MUS_LIBRARY"] = None
        result = run_python(SMOKE, env)
        self.assertEqual(result.returncode, 0, result.stderr)
        lines = result.stdout.splitlines()
        self.assertEqual(Path(lines[0]), package / "__init__.py")
        if library_inside:
            self.assertEqual(Path(lines[1]).parent, package)
        self.assertEqual(lines[2], "MUS 2")  # basque: mus corrido, so mus or cut only

    def test_install_target_without_build_isolation(self):
        # The documented command: pip install --no-deps --no-build-isolation --target DIR ./capi/python
        result = pip("install", "--no-deps", "--no-build-isolation", "--target", str(self.tmp),
                     *PIP_QUIET, *given_library(), str(PACKAGE_ROOT))
        self.assertEqual(result.returncode, 0, result.stdout)
        self.check_installed(self.tmp)

    def test_install_with_build_isolation_is_offline_too(self):
        result = pip("install", "--no-deps", "--target", str(self.tmp), *PIP_QUIET,
                     *given_library(), str(PACKAGE_ROOT))
        self.assertEqual(result.returncode, 0, result.stdout)
        self.check_installed(self.tmp)

    def test_the_bundled_library_is_the_one_given(self):
        result = pip("install", "--no-deps", "--target", str(self.tmp), *PIP_QUIET,
                     *given_library(), str(PACKAGE_ROOT))
        self.assertEqual(result.returncode, 0, result.stdout)
        with open(mus.library_path(), "rb") as f:
            self.assertEqual((self.tmp / "mus" / LIBRARY_NAME).read_bytes(), f.read())

    def test_mus_library_overrides_the_bundled_library(self):
        result = pip("install", "--no-deps", "--target", str(self.tmp), *PIP_QUIET,
                     *given_library(), str(PACKAGE_ROOT))
        self.assertEqual(result.returncode, 0, result.stdout)
        code = "import mus; print(mus.library_path())"
        bundled = run_python(code, {"PYTHONPATH": str(self.tmp), "MUS_LIBRARY": None})
        self.assertEqual(bundled.returncode, 0, bundled.stderr)
        self.assertEqual(Path(bundled.stdout.strip()), self.tmp / "mus" / LIBRARY_NAME)
        chosen = run_python(code, {"PYTHONPATH": str(self.tmp),
                                   "MUS_LIBRARY": mus.library_path()})
        self.assertEqual(chosen.returncode, 0, chosen.stderr)
        self.assertEqual(chosen.stdout.strip(), mus.library_path())
        missing = run_python(code, {"PYTHONPATH": str(self.tmp),
                                    "MUS_LIBRARY": str(self.tmp / "nowhere.so")})
        self.assertNotEqual(missing.returncode, 0)
        self.assertIn("MUS_LIBRARY is set, so only that file was tried", missing.stderr)

    def test_install_from_the_sdist(self):
        name = backend("build_sdist", str(self.tmp))
        target = self.tmp / "target"
        result = pip("install", "--no-deps", "--target", str(target), *PIP_QUIET,
                     *given_library(), str(self.tmp / name))
        self.assertEqual(result.returncode, 0, result.stdout)
        self.check_installed(target)

    def test_editable_install_in_a_venv(self):
        venv = self.tmp / "venv"
        made = subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)],
                              stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        self.assertEqual(made.returncode, 0, made.stdout)
        python = venv / ("Scripts/python.exe" if os.name == "nt" else "bin/python")
        result = pip("--python", str(python), "install", "--no-deps", "--no-build-isolation",
                     *PIP_QUIET, "--editable", str(PACKAGE_ROOT))
        self.assertEqual(result.returncode, 0, result.stdout)
        # An editable install builds no library: MUS_LIBRARY (kept from this test's
        # environment) names one.
        run = subprocess.run([str(python), "-c", SMOKE], stdout=subprocess.PIPE,
                             stderr=subprocess.PIPE, text=True, cwd=str(self.tmp),
                             env=dict(os.environ, PYTHONPATH="", PYTHONDONTWRITEBYTECODE="1"))
        self.assertEqual(run.returncode, 0, run.stderr)
        self.assertEqual(Path(run.stdout.splitlines()[0]), PACKAGE_ROOT / "mus" / "__init__.py")


class BackendTest(unittest.TestCase):
    def setUp(self):
        self.tmp = Path(tempfile.mkdtemp(prefix="mus-backend-test-"))
        self.addCleanup(shutil.rmtree, self.tmp)

    def test_nothing_is_required(self):
        for hook in ("get_requires_for_build_wheel", "get_requires_for_build_sdist",
                     "get_requires_for_build_editable"):
            self.assertEqual(backend(hook), "[]")

    def test_wheel(self):
        name = backend("build_wheel", str(self.tmp), {"mus-library": mus.library_path()})
        platform = re.sub(r"[^A-Za-z0-9]", "_", sysconfig.get_platform())
        self.assertEqual(name, "mus-%s-py3-none-%s.whl" % (mus.__version__, platform))
        self.assertNotIn("any", name)
        dist_info = "mus-%s.dist-info" % mus.__version__
        with zipfile.ZipFile(self.tmp / name) as wheel:
            names = wheel.namelist()
            self.assertIn("mus/__init__.py", names)
            self.assertIn("mus/py.typed", names)
            self.assertIn("mus/" + LIBRARY_NAME, names)
            self.assertEqual(wheel.getinfo("mus/" + LIBRARY_NAME).external_attr >> 16, 0o100755)
            self.assertFalse([n for n in names if "__pycache__" in n])
            self.assertIn("Tag: py3-none-%s" % platform,
                          wheel.read(dist_info + "/WHEEL").decode())
            self.assertIn("Root-Is-Purelib: false", wheel.read(dist_info + "/WHEEL").decode())
            record = wheel.read(dist_info + "/RECORD").decode().splitlines()
            self.assertEqual(sorted(r.split(",")[0] for r in record), sorted(names))
            for line in record:
                path, digest, size = line.split(",")
                if path.endswith("RECORD"):
                    self.assertEqual((digest, size), ("", ""))
                    continue
                data = wheel.read(path)
                expected = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=")
                self.assertEqual(digest, "sha256=" + expected.decode(), path)
                self.assertEqual(int(size), len(data), path)
            for source in (PACKAGE_ROOT / "mus").glob("*.py"):
                self.assertEqual(wheel.read("mus/" + source.name), source.read_bytes())

    def test_wheels_are_reproducible(self):
        first, second = self.tmp / "1", self.tmp / "2"
        first.mkdir()
        second.mkdir()
        name = backend("build_wheel", str(first), {"mus-library": mus.library_path()})
        backend("build_wheel", str(second), {"mus-library": mus.library_path()})
        self.assertEqual((first / name).read_bytes(), (second / name).read_bytes())

    def test_metadata_hook_matches_the_wheel(self):
        dist_info = backend("prepare_metadata_for_build_wheel", str(self.tmp))
        self.assertEqual(dist_info, "mus-%s.dist-info" % mus.__version__)
        name = backend("build_wheel", str(self.tmp), {"mus-library": mus.library_path()})
        with zipfile.ZipFile(self.tmp / name) as wheel:
            self.assertEqual(wheel.read(dist_info + "/METADATA"),
                             (self.tmp / dist_info / "METADATA").read_bytes())

    def test_bundling_a_missing_library_fails(self):
        code = ("import sys; sys.path.insert(0, '_backend'); import mus_build_backend as b; "
                "b.build_wheel(%r, {'mus-library': '/nonexistent/libmus.so.0'})" % str(self.tmp))
        result = run_python(code, cwd=str(PACKAGE_ROOT))
        self.assertNotEqual(result.returncode, 0)
        self.assertIn("mus-library=/nonexistent/libmus.so.0: no such file", result.stderr)

    def test_sdist(self):
        name = backend("build_sdist", str(self.tmp))
        self.assertEqual(name, "mus-%s.tar.gz" % mus.__version__)
        with tarfile.open(self.tmp / name) as sdist:
            names = set(sdist.getnames())
            base = "mus-%s/" % mus.__version__
            for member in ("PKG-INFO", "pyproject.toml", "README.md", "mus/__init__.py",
                           "_backend/mus_build_backend.py", "examples/play_hand.py"):
                self.assertIn(base + member, names)
            self.assertFalse([n for n in names if "__pycache__" in n])
            pkg_info = sdist.extractfile(base + "PKG-INFO").read().decode()
            self.assertIn("Name: mus", pkg_info)
            # The libmus sources a wheel build needs, and nothing of the other bindings.
            for member in ("CMakeLists.txt", "include/mus/mus.h", "src/apply.cpp",
                           "capi/CMakeLists.txt", "capi/mus_c.cpp"):
                self.assertIn(base + "libmus/" + member, names)
                self.assertEqual(sdist.extractfile(base + "libmus/" + member).read(),
                                 (REPO / member).read_bytes())
            self.assertFalse([n for n in names if n.startswith(base + "libmus/capi/python")
                              or n.startswith(base + "libmus/capi/dotnet")])

    def test_a_wheel_builds_from_the_extracted_sdist(self):
        # The sdist's own copy of the sources is what source_root() finds there.
        name = backend("build_sdist", str(self.tmp))
        with tarfile.open(self.tmp / name) as sdist:
            sdist.extractall(self.tmp / "x")
        unpacked = self.tmp / "x" / ("mus-%s" % mus.__version__)
        code = ("import sys; sys.path.insert(0, '_backend'); import mus_build_backend as b; "
                "print(b.source_root())")
        result = run_python(code, cwd=str(unpacked))
        self.assertEqual(result.returncode, 0, result.stderr)
        self.assertEqual(Path(result.stdout.strip()), unpacked / "libmus")

    def test_building_without_the_sources_says_so(self):
        # The package alone (neither a libmus/ copy nor the repository around it).
        alone = self.tmp / "deep" / "er" / "python"
        for part in ("mus", "_backend"):
            shutil.copytree(PACKAGE_ROOT / part, alone / part,
                            ignore=shutil.ignore_patterns("__pycache__", "*.so*"))
        for part in ("pyproject.toml", "README.md"):
            shutil.copy(PACKAGE_ROOT / part, alone / part)
        code = ("import sys; sys.path.insert(0, '_backend'); import mus_build_backend as b; "
                "b.build_wheel(%r)" % str(self.tmp))
        result = run_python(code, cwd=str(alone))
        self.assertNotEqual(result.returncode, 0)
        self.assertIn("mus: the C++ sources of libmus are not where this package looks for them",
                      result.stderr)
        self.assertIn("mus-library=", result.stderr)
        self.assertEqual(list(self.tmp.glob("*.whl")), [])



class BuildProgressTest(unittest.TestCase):
    """The build's account on the terminal (pip hides the backend's own output without -v):
    CMake's steps shortened to one line each, the end, and a failure that says where."""

    def setUp(self):
        sys.path.insert(0, str(PACKAGE_ROOT / "_backend"))
        import mus_build_backend
        self.b = mus_build_backend
        sys.path.pop(0)

    def run_lines(self, lines, status=0):
        import io
        out, log = io.StringIO(), io.StringIO()
        progress = self.b.Progress(stream=out)
        code = "import sys\nfor l in %r: print(l)\nsys.exit(%d)" % (lines, status)
        try:
            self.b._run([sys.executable, "-c", code], log, progress)
            progress.done("mus: built libmus")
        except RuntimeError as e:
            return out.getvalue(), log.getvalue(), str(e)
        return out.getvalue(), log.getvalue(), None

    def test_each_step_is_reported(self):
        out, log, error = self.run_lines([
            "-- Configuring done",
            "[ 45%] Building CXX object CMakeFiles/mus.dir/src/bots.cpp.o",
            "[3/4] Building CXX object capi/CMakeFiles/mus_c.dir/mus_c.cpp.o",
            "[100%] Linking CXX shared library /tmp/x/lib/libmus.so"])
        self.assertIsNone(error)
        self.assertEqual(out.splitlines(), [
            "mus: building libmus [ 45%] bots.cpp", "mus: building libmus [ 75%] mus_c.cpp",
            "mus: building libmus [100%] linking libmus.so", "mus: built libmus (0 s)"])
        self.assertIn("-- Configuring done", log)  # the whole output still goes to the log

    def test_a_failure_says_so_with_the_output(self):
        out, _, error = self.run_lines(["[ 10%] Building CXX object a.cpp.o", "a.cpp:1: error"],
                                       status=3)
        self.assertIn("mus: building libmus failed", out)
        self.assertIn("exit status 3", error)
        self.assertIn("a.cpp:1: error", error)

    def test_progress_off_and_no_terminal_write_nothing(self):
        self.assertIsNone(self.b.Progress(enabled=False).stream)
        self.b.Progress(enabled=False).say("nothing")  # no stream: no error

    def test_jobs_are_the_cpus_this_process_may_use(self):
        jobs = self.b.default_jobs()
        self.assertGreaterEqual(jobs, 1)
        if hasattr(os, "sched_getaffinity"):
            self.assertEqual(jobs, len(os.sched_getaffinity(0)))


if __name__ == "__main__":
    unittest.main()
