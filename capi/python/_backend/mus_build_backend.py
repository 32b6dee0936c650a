"""A small PEP 517 / PEP 660 build backend for the ``mus`` package, standard library only.

Why not setuptools: the package is pure Python, and this backend needs nothing installed, so
``pip install ./capi/python`` works offline with any pip (build isolation has nothing to
download), and ``--no-build-isolation`` works where setuptools or wheel are missing.

Hooks: build_wheel, build_sdist, build_editable, prepare_metadata_for_build_wheel/_editable and
the get_requires_for_build_* hooks (nothing is required).

Config setting ``mus-library=<path>`` (``pip install --config-settings mus-library=$PWD/build/
capi/libmus.so.0 ./capi/python``) copies that shared library into the package, where the binding
finds it first; the wheel is then tagged for this platform instead of ``py3-none-any``.
"""

import base64
import hashlib
import io
import os
import re
import sysconfig
import tarfile
import time
import zipfile

NAME = "mus"
SUMMARY = "Python binding of libmus, the rules engine for the card game Mus (ctypes over the C API)"
REQUIRES_PYTHON = ">=3.9"
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PACKAGE = "mus"
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


def _library(config_settings):
    path = (config_settings or {}).get("mus-library")
    if not path:
        return None
    if not os.path.isfile(path):
        raise FileNotFoundError("mus-library=%s: no such file" % path)
    return path


def _tag(library):
    if library is None:
        return "py3-none-any"
    return "py3-none-" + re.sub(r"[^A-Za-z0-9]", "_", sysconfig.get_platform())


def _wheel_text(library):
    return ("Wheel-Version: 1.0\n"
            "Generator: mus_build_backend\n"
            "Root-Is-Purelib: %s\n"
            "Tag: %s\n" % ("true" if library is None else "false", _tag(library)))


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


def _write_metadata_dir(metadata_directory, library=None):
    dist_info = os.path.join(metadata_directory, _dist_info())
    os.makedirs(dist_info, exist_ok=True)
    for name, text in (("METADATA", _metadata()), ("WHEEL", _wheel_text(library)),
                       ("top_level.txt", PACKAGE + "\n")):
        with open(os.path.join(dist_info, name), "w", encoding="utf-8", newline="\n") as f:
            f.write(text)
    return _dist_info()


def _build(wheel_directory, config_settings, editable):
    library = None if editable else _library(config_settings)
    name = "%s-%s-%s.whl" % (NAME, _version(), _tag(library))
    wheel = _Wheel(os.path.join(wheel_directory, name))
    if editable:
        # A .pth line puts the source directory on sys.path (PEP 660's simplest form).
        wheel.add("__editable__.%s-%s.pth" % (NAME, _version()), (ROOT + "\n").encode("utf-8"))
    else:
        for file_name in _package_files():
            with open(os.path.join(ROOT, PACKAGE, file_name), "rb") as f:
                wheel.add("%s/%s" % (PACKAGE, file_name), f.read())
        if library is not None:
            with open(library, "rb") as f:
                wheel.add("%s/%s" % (PACKAGE, os.path.basename(library)), f.read(), 0o755)
    dist_info = _dist_info()
    wheel.add(dist_info + "/METADATA", _metadata().encode("utf-8"))
    wheel.add(dist_info + "/WHEEL", _wheel_text(library).encode("utf-8"))
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
    return _write_metadata_dir(metadata_directory, _library(config_settings))


def prepare_metadata_for_build_editable(metadata_directory, config_settings=None):
    return _write_metadata_dir(metadata_directory)


def build_wheel(wheel_directory, config_settings=None, metadata_directory=None):
    return _build(wheel_directory, config_settings, editable=False)


def build_editable(wheel_directory, config_settings=None, metadata_directory=None):
    return _build(wheel_directory, config_settings, editable=True)


def build_sdist(sdist_directory, config_settings=None):
    base = "%s-%s" % (NAME, _version())
    name = base + ".tar.gz"
    members = ["pyproject.toml", "README.md"]
    for directory in (PACKAGE, "_backend", "examples"):
        for dirpath, dirnames, filenames in os.walk(os.path.join(ROOT, directory)):
            dirnames[:] = sorted(d for d in dirnames if d != "__pycache__")
            for file_name in sorted(filenames):
                if file_name.endswith((".py", ".typed", ".md")):
                    members.append(os.path.relpath(os.path.join(dirpath, file_name), ROOT))

    def add(tar, arcname, data):
        info = tarfile.TarInfo(base + "/" + arcname.replace(os.sep, "/"))
        info.size = len(data)
        info.mtime = EPOCH
        info.mode = 0o644
        tar.addfile(info, io.BytesIO(data))

    with tarfile.open(os.path.join(sdist_directory, name), "w:gz", format=tarfile.PAX_FORMAT) as tar:
        add(tar, "PKG-INFO", _metadata().encode("utf-8"))
        for member in members:
            with open(os.path.join(ROOT, member), "rb") as f:
                add(tar, member, f.read())
    return name
