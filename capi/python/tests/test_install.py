"""Packaging: ``pip install ./capi/python`` works offline with the standard toolchain.

pip is required: when this interpreter has no pip the tests fail (not skip) and say what to
install. No setuptools or wheel is needed: the package has its own standard-library build
backend (capi/python/_backend), so build isolation has nothing to download. Every pip call
here has --no-index, so nothing can come from the network.
"""

import base64
import hashlib
import os
import shutil
import subprocess
import sys
import tarfile
import tempfile
import unittest
import zipfile
from pathlib import Path

import mus

from _support import PACKAGE_ROOT, run_python

PIP_QUIET = ["--no-index", "--no-cache-dir", "--disable-pip-version-check", "--no-input"]
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

    def check_installed(self, target, library_inside=False):
        package = target / "mus"
        for name in ("__init__.py", "_abi.py", "_lib.py", "cards.py", "enums.py", "errors.py",
                     "match.py", "rules.py", "_version.py", "py.typed"):
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
                     *PIP_QUIET, str(PACKAGE_ROOT))
        self.assertEqual(result.returncode, 0, result.stdout)
        self.check_installed(self.tmp)

    def test_install_with_build_isolation_is_offline_too(self):
        result = pip("install", "--no-deps", "--target", str(self.tmp), *PIP_QUIET,
                     str(PACKAGE_ROOT))
        self.assertEqual(result.returncode, 0, result.stdout)
        self.check_installed(self.tmp)

    def test_install_with_the_library_bundled(self):
        library = mus.library_path()
        result = pip("install", "--no-deps", "--target", str(self.tmp), *PIP_QUIET,
                     "--config-settings", "mus-library=%s" % library, str(PACKAGE_ROOT))
        self.assertEqual(result.returncode, 0, result.stdout)
        self.assertTrue((self.tmp / "mus" / os.path.basename(library)).is_file())
        self.check_installed(self.tmp, library_inside=True)

    def test_install_from_the_sdist(self):
        name = backend("build_sdist", str(self.tmp))
        target = self.tmp / "target"
        result = pip("install", "--no-deps", "--target", str(target), *PIP_QUIET,
                     str(self.tmp / name))
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
        name = backend("build_wheel", str(self.tmp))
        self.assertEqual(name, "mus-%s-py3-none-any.whl" % mus.__version__)
        dist_info = "mus-%s.dist-info" % mus.__version__
        with zipfile.ZipFile(self.tmp / name) as wheel:
            names = wheel.namelist()
            self.assertIn("mus/__init__.py", names)
            self.assertIn("mus/py.typed", names)
            self.assertFalse([n for n in names if "__pycache__" in n or n.endswith(".so")])
            self.assertIn("Tag: py3-none-any", wheel.read(dist_info + "/WHEEL").decode())
            self.assertIn("Root-Is-Purelib: true", wheel.read(dist_info + "/WHEEL").decode())
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
        name = backend("build_wheel", str(first))
        backend("build_wheel", str(second))
        self.assertEqual((first / name).read_bytes(), (second / name).read_bytes())

    def test_metadata_hook_matches_the_wheel(self):
        dist_info = backend("prepare_metadata_for_build_wheel", str(self.tmp))
        self.assertEqual(dist_info, "mus-%s.dist-info" % mus.__version__)
        name = backend("build_wheel", str(self.tmp))
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


if __name__ == "__main__":
    unittest.main()
