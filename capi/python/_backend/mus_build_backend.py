"""A small PEP 517 / PEP 660 build backend for the ``mus`` package, standard library only.

A wheel holds the Python package and libmus.so, the shared C library the package loads with
ctypes. The backend builds that library itself with the system CMake and C++ compiler (the
only things a user needs), so ``pip install ./capi/python`` works alone: offline, in a fresh
venv, with or without build isolation, and with no environment variable. It configures the
libmus sources with only the shared C library target (Release; no tests, examples,
benchmarks, docs or install rules), builds ``mus_c`` in a temporary directory and copies the
library into the wheel's ``mus/`` directory as ``libmus.so.<major>`` (``libmus.<major>.dylib``,
``mus.dll``). The wheel is then tagged for this platform (``py3-none-<platform>``): ctypes needs
no particular Python ABI, but the library is native code.

Where the C++ sources are: in the repository this directory is ``capi/python``, so the sources
are two levels up (``../../CMakeLists.txt``, ``include/``, ``src/``, ``capi/``). An sdist
carries a copy of them under ``libmus/`` and builds from there. Without either, the build
stops with an error saying so.

Why not setuptools: this backend needs nothing installed, so build isolation has nothing to
download and ``--no-build-isolation`` works where setuptools or wheel are missing.

Hooks: build_wheel, build_sdist, build_editable, prepare_metadata_for_build_wheel/_editable and
the get_requires_for_build_* hooks (nothing is required).

Config settings (``pip install --config-settings KEY=VALUE ./capi/python``):

``mus-library=<path>``
    Put this already built shared library into the wheel instead of building one (e.g.
    ``mus-library=$PWD/build/capi/libmus.so.0``).
``cmake=<program>``
    The CMake to run (default: ``cmake`` on the PATH).
``cmake-args=<arguments>``
    Extra arguments for the configure step, split like a shell would (e.g.
    ``cmake-args=-DCMAKE_CXX_COMPILER=clang++``).
``ccache=off``
    Do not use ccache. By default, when ``ccache`` is on the PATH, it is the compiler launcher
    (a rebuild of unchanged sources is then a matter of seconds).
``jobs=<n>``
    Parallel compile jobs (default: the CPUs this process may use).
``progress=off``
    Do not report the build's steps on the terminal. By default, since pip shows a backend's
    output only with ``-v``, the backend writes a one-line account of the build (each file
    compiled, with CMake's percentage) to the controlling terminal, when there is one.

An editable install (``pip install -e``) puts the source directory on ``sys.path`` and builds no
library: point ``MUS_LIBRARY`` at one (see README.md).
"""

import base64
import fnmatch
import hashlib
import io
import os
import re
import shlex
import shutil
import subprocess
import sys
import sysconfig
import tarfile
import tempfile
import time
import zipfile

NAME = "mus"
SUMMARY = "Python binding of libmus, the rules engine for the card game Mus (ctypes over the C API)"
REQUIRES_PYTHON = ">=3.9"
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PACKAGE = "mus"
# The libmus sources: a copy inside an sdist, else the repository two levels up.
SDIST_SOURCES = "libmus"
# What the library build needs of the repository (and what an sdist copies): the top-level
# CMakeLists.txt, the headers, the C++ sources and the C API's sources.
SOURCE_DIRS = ("include", "src", "capi")
SOURCE_SUFFIXES = (".h", ".hpp", ".cpp", ".c", ".txt", ".in", ".cmake")
# Files of the package that go into a wheel (shared libraries only through mus-library).
PACKAGE_FILES = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*\.py$|^py\.typed$")
# Reproducible archives: SOURCE_DATE_EPOCH when set, else 1980-01-01 (the zip epoch).
EPOCH = int(os.environ.get("SOURCE_DATE_EPOCH", "315532800"))


def _version():
    with open(os.path.join(ROOT, PACKAGE, "_version.py"), encoding="utf-8") as f:
        match = re.search(r'^__version__ = "([^"]+)"$', f.read(), re.M)
    if not match:
        raise RuntimeError("no __version__ in mus/_version.py")
    return match.group(1)


def _dist_info():
    return "%s-%s.dist-info" % (NAME, _version())


def _metadata():
    with open(os.path.join(ROOT, "README.md"), encoding="utf-8") as f:
        readme = f.read()
    return ("Metadata-Version: 2.1\n"
            "Name: %s\n"
            "Version: %s\n"
            "Summary: %s\n"
            "Requires-Python: %s\n"
            "Classifier: Programming Language :: Python :: 3\n"
            "Classifier: Topic :: Games/Entertainment\n"
            "Description-Content-Type: text/markdown\n"
            "\n%s" % (NAME, _version(), SUMMARY, REQUIRES_PYTHON, readme))


def _setting(config_settings, key, default=None):
    value = (config_settings or {}).get(key, default)
    if isinstance(value, list):  # pip passes a repeated key as a list: the last one wins
        value = value[-1]
    return value


def _given_library(config_settings):
    path = _setting(config_settings, "mus-library")
    if not path:
        return None
    if not os.path.isfile(path):
        raise FileNotFoundError("mus-library=%s: no such file" % path)
    return path


def source_root():
    """The directory holding libmus's top-level CMakeLists.txt, include/, src/ and capi/."""
    candidates = [os.path.join(ROOT, SDIST_SOURCES), os.path.dirname(os.path.dirname(ROOT))]
    for candidate in candidates:
        if (os.path.isfile(os.path.join(candidate, "CMakeLists.txt"))
                and os.path.isfile(os.path.join(candidate, "include", "mus", "mus.h"))
                and os.path.isfile(os.path.join(candidate, "capi", "CMakeLists.txt"))):
            return candidate
    raise RuntimeError(
        "mus: the C++ sources of libmus are not where this package looks for them: %s (an "
        "sdist's copy) or %s (the repository, two levels above capi/python). Build the package "
        "from a checkout of the libmus repository or from its sdist, or give an already built "
        "library with --config-settings mus-library=/path/to/libmus.so.0."
        % (candidates[0], candidates[1]))


def _library_names():
    """Patterns of the shared library's file names in CMake's build output (the real file, not
    a symlink, is copied)."""
    if sys.platform == "win32":
        return ["mus.dll", "libmus.dll"]
    if sys.platform == "darwin":
        return ["libmus.*.*.*.dylib", "libmus.*.dylib", "libmus.dylib"]
    return ["libmus.so.*.*.*", "libmus.so.*", "libmus.so"]


def default_jobs():
    """The CPUs this process may run on (its affinity, which a container or ``taskset`` may
    limit), else the machine's count."""
    try:
        return len(os.sched_getaffinity(0)) or 1
    except (AttributeError, OSError):
        return os.cpu_count() or 1


class Progress:
    """What the build is doing, on one line of the terminal pip runs in. pip keeps a backend's
    output to itself unless ``-v`` is given, so a build of a few minutes looked like a hang:
    the backend writes to the controlling terminal (``/dev/tty``) instead, when there is one
    and ``progress=off`` was not given. ``stream`` replaces the terminal (tests)."""

    # "[ 45%] Building CXX object ..." (Makefiles) or "[12/27] Building CXX object ..." (Ninja)
    STEP = re.compile(r"^\[\s*(\d+)(%|/(\d+))\] (Building \S+ object|Linking \S+ \S+ library) "
                      r"(\S+)")

    def __init__(self, stream=None, enabled=True):
        self.stream = stream
        self.owned = False
        if stream is None and enabled:
            try:
                self.stream = open("/dev/tty", "w", encoding="utf-8")
                self.owned = True
            except OSError:
                self.stream = None
        self.start = time.monotonic()

    def say(self, text, end="\n"):
        if self.stream is not None:
            self.stream.write("\r\033[K" + text + end if self.stream.isatty() else text + "\n")
            self.stream.flush()

    def line(self, output_line):
        """Reports CMake's "[ 45%] Building CXX object src/bots.cpp.o" lines, shortened."""
        m = self.STEP.match(output_line)
        if m:
            done = int(m.group(1)) * 100 // int(m.group(3)) if m.group(3) else int(m.group(1))
            name = os.path.basename(m.group(5))
            what = name[:-2] if name.endswith(".o") else name
            if m.group(4).startswith("Linking"):
                what = "linking " + what
            self.say("mus: building libmus [%3d%%] %s" % (done, what), end="")

    def done(self, text):
        self.say("%s (%.0f s)" % (text, time.monotonic() - self.start))
        if self.owned:
            self.stream.close()


def _run(command, log, progress=None):
    log.write("+ %s\n" % " ".join(shlex.quote(c) for c in command))
    log.flush()
    tail = []
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    for raw in process.stdout:
        line = raw.decode("utf-8", "replace")
        log.write(line)
        log.flush()
        tail.append(line)
        del tail[:-200]
        if progress is not None:
            progress.line(line)
    process.wait()
    if process.returncode != 0:
        if progress is not None:
            progress.done("mus: building libmus failed")
        raise RuntimeError("mus: building libmus failed (exit status %d) in:\n  %s\n%s"
                           % (process.returncode, " ".join(shlex.quote(c) for c in command),
                              "".join(tail)[-6000:]))


def build_library(directory, config_settings=None, log=None, progress=None):
    """Builds libmus.so (Release) in ``directory`` with CMake; returns the path of the library
    file (a real file, not a symlink). CMake's output goes to ``log`` (stderr); a short account
    of the steps to ``progress`` (a Progress; by default the terminal, see Progress)."""
    log = log or sys.stderr
    if progress is None:
        progress = Progress(enabled=_setting(config_settings, "progress", "on") != "off")
    sources = source_root()
    cmake = _setting(config_settings, "cmake") or shutil.which("cmake")
    if not cmake:
        raise RuntimeError("mus: CMake (3.25 or newer) is needed to build libmus, and `cmake` is "
                           "not on the PATH. Install it (Debian/Ubuntu: apt-get install cmake "
                           "g++), or give one with --config-settings cmake=/path/to/cmake.")
    build = os.path.join(directory, "build")
    output = os.path.join(directory, "lib")
    configure = [cmake, "-S", sources, "-B", build, "-DCMAKE_BUILD_TYPE=Release",
                 "-DMUS_BUILD_TESTS=OFF", "-DMUS_BUILD_EXAMPLES=OFF", "-DMUS_BUILD_BENCH=OFF",
                 "-DMUS_BUILD_DOCS=OFF", "-DMUS_BUILD_FUZZ=OFF", "-DMUS_INSTALL=OFF",
                 "-DMUS_TEST_BINDINGS=OFF", "-DMUS_WARNINGS_AS_ERRORS=OFF",
                 "-DCMAKE_LIBRARY_OUTPUT_DIRECTORY=" + output,
                 "-DCMAKE_RUNTIME_OUTPUT_DIRECTORY=" + output]
    if _setting(config_settings, "ccache", "on") != "off" and shutil.which("ccache"):
        configure += ["-DCMAKE_C_COMPILER_LAUNCHER=ccache",
                      "-DCMAKE_CXX_COMPILER_LAUNCHER=ccache"]
    configure += shlex.split(_setting(config_settings, "cmake-args") or "")
    jobs = str(_setting(config_settings, "jobs") or default_jobs())
    progress.say("mus: building libmus, the C library this package loads, with CMake: its "
                 "target mus_c only, %s parallel jobs; a few minutes (pip install -v shows "
                 "CMake's output)" % jobs)
    _run(configure, log, progress)
    _run([cmake, "--build", build, "--target", "mus_c", "--config", "Release",
          "--parallel", jobs], log, progress)
    progress.done("mus: built libmus")
    patterns = _library_names()
    for dirpath, dirnames, filenames in os.walk(output):
        dirnames.sort()
        for pattern in patterns:
            for name in sorted(fnmatch.filter(filenames, pattern)):
                path = os.path.join(dirpath, name)
                if not os.path.islink(path):
                    return path
    raise RuntimeError("mus: CMake built mus_c but no %s is in %s" % (" or ".join(patterns),
                                                                      output))


def _wheel_library_name():
    """The name the library has inside the wheel: its soname, which the binding's loader looks
    for first (libmus.so.0 for version 0.x)."""
    major = _version().split(".")[0]
    if sys.platform == "win32":
        return "mus.dll"
    if sys.platform == "darwin":
        return "libmus.%s.dylib" % major
    return "libmus.so.%s" % major


def _tag(bundled):
    if not bundled:
        return "py3-none-any"
    return "py3-none-" + re.sub(r"[^A-Za-z0-9]", "_", sysconfig.get_platform())


def _wheel_text(bundled):
    return ("Wheel-Version: 1.0\n"
            "Generator: mus_build_backend\n"
            "Root-Is-Purelib: %s\n"
            "Tag: %s\n" % ("false" if bundled else "true", _tag(bundled)))


class _Wheel:
    """A wheel being written: every file also gets its RECORD line."""

    def __init__(self, path):
        self.zip = zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED)
        self.records = []

    def add(self, name, data, mode=0o644):
        info = zipfile.ZipInfo(name, time.gmtime(max(EPOCH, 315532800))[:6])
        info.external_attr = (0o100000 | mode) << 16
        info.compress_type = zipfile.ZIP_DEFLATED
        self.zip.writestr(info, data)
        digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=")
        self.records.append("%s,sha256=%s,%d" % (name, digest.decode("ascii"), len(data)))

    def close(self, dist_info):
        record = dist_info + "/RECORD"
        text = "\n".join(self.records + [record + ",,"]) + "\n"
        info = zipfile.ZipInfo(record, time.gmtime(max(EPOCH, 315532800))[:6])
        info.external_attr = 0o100644 << 16
        self.zip.writestr(info, text)
        self.zip.close()


def _package_files():
    directory = os.path.join(ROOT, PACKAGE)
    return sorted(n for n in os.listdir(directory)
                  if PACKAGE_FILES.match(n) and os.path.isfile(os.path.join(directory, n)))


def _write_metadata_dir(metadata_directory, bundled):
    dist_info = os.path.join(metadata_directory, _dist_info())
    os.makedirs(dist_info, exist_ok=True)
    for name, text in (("METADATA", _metadata()), ("WHEEL", _wheel_text(bundled)),
                       ("top_level.txt", PACKAGE + "\n")):
        with open(os.path.join(dist_info, name), "w", encoding="utf-8", newline="\n") as f:
            f.write(text)
    return _dist_info()


def _build(wheel_directory, config_settings, editable):
    name = "%s-%s-%s.whl" % (NAME, _version(), _tag(not editable))
    if editable:
        library_data = None
    else:
        library = _given_library(config_settings)
        if library is None:
            with tempfile.TemporaryDirectory(prefix="mus-build-") as directory:
                with open(build_library(directory, config_settings), "rb") as f:
                    library_data = f.read()
        else:
            with open(library, "rb") as f:
                library_data = f.read()
    wheel = _Wheel(os.path.join(wheel_directory, name))
    if editable:
        # A .pth line puts the source directory on sys.path (PEP 660's simplest form).
        wheel.add("__editable__.%s-%s.pth" % (NAME, _version()), (ROOT + "\n").encode("utf-8"))
    else:
        for file_name in _package_files():
            with open(os.path.join(ROOT, PACKAGE, file_name), "rb") as f:
                wheel.add("%s/%s" % (PACKAGE, file_name), f.read())
        wheel.add("%s/%s" % (PACKAGE, _wheel_library_name()), library_data, 0o755)
    dist_info = _dist_info()
    wheel.add(dist_info + "/METADATA", _metadata().encode("utf-8"))
    wheel.add(dist_info + "/WHEEL", _wheel_text(not editable).encode("utf-8"))
    wheel.add(dist_info + "/top_level.txt", (PACKAGE + "\n").encode("utf-8"))
    wheel.close(dist_info)
    return name


# ---- PEP 517 hooks ---------------------------------------------------------------------------


def get_requires_for_build_wheel(config_settings=None):
    return []


def get_requires_for_build_sdist(config_settings=None):
    return []


def get_requires_for_build_editable(config_settings=None):
    return []


def prepare_metadata_for_build_wheel(metadata_directory, config_settings=None):
    _given_library(config_settings)  # a missing file fails here already
    return _write_metadata_dir(metadata_directory, bundled=True)


def prepare_metadata_for_build_editable(metadata_directory, config_settings=None):
    return _write_metadata_dir(metadata_directory, bundled=False)


def build_wheel(wheel_directory, config_settings=None, metadata_directory=None):
    return _build(wheel_directory, config_settings, editable=False)


def build_editable(wheel_directory, config_settings=None, metadata_directory=None):
    return _build(wheel_directory, config_settings, editable=True)


def _source_members():
    """The libmus sources an sdist copies under libmus/: (path in the sdist, file path)."""
    sources = source_root()
    members = [(SDIST_SOURCES + "/CMakeLists.txt", os.path.join(sources, "CMakeLists.txt"))]
    for top in SOURCE_DIRS:
        for dirpath, dirnames, filenames in os.walk(os.path.join(sources, top)):
            # capi/'s bindings (python, dotnet, ...) are not part of the library build.
            relative = os.path.relpath(dirpath, sources)
            if relative == "capi":
                dirnames[:] = []
            dirnames[:] = sorted(d for d in dirnames if d != "__pycache__")
            for file_name in sorted(filenames):
                if file_name.endswith(SOURCE_SUFFIXES):
                    path = os.path.join(dirpath, file_name)
                    members.append((SDIST_SOURCES + "/" + os.path.relpath(path, sources), path))
    return members


def build_sdist(sdist_directory, config_settings=None):
    """The package, its backend and examples, and a copy of the libmus sources under libmus/
    (what build_library needs), so that a wheel builds from the sdist alone."""
    base = "%s-%s" % (NAME, _version())
    name = base + ".tar.gz"
    members = [(m, os.path.join(ROOT, m)) for m in ("pyproject.toml", "README.md")]
    for directory in (PACKAGE, "_backend", "examples"):
        for dirpath, dirnames, filenames in os.walk(os.path.join(ROOT, directory)):
            dirnames[:] = sorted(d for d in dirnames if d != "__pycache__")
            for file_name in sorted(filenames):
                if file_name.endswith((".py", ".typed", ".md")):
                    path = os.path.join(dirpath, file_name)
                    members.append((os.path.relpath(path, ROOT), path))
    members += _source_members()

    def add(tar, arcname, data):
        info = tarfile.TarInfo(base + "/" + arcname.replace(os.sep, "/"))
        info.size = len(data)
        info.mtime = EPOCH
        info.mode = 0o644
        tar.addfile(info, io.BytesIO(data))

    with tarfile.open(os.path.join(sdist_directory, name), "w:gz", format=tarfile.PAX_FORMAT) as tar:
        add(tar, "PKG-INFO", _metadata().encode("utf-8"))
        for arcname, path in members:
            with open(path, "rb") as f:
                add(tar, arcname, f.read())
    return name
