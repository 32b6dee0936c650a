"""Compares the Python binding with the manifest printed by abi_layout (or a recorded copy of it,
e.g. tests/abi/layout.txt): the ctypes structs of capi/python/mus/_abi.py (sizes, alignments,
field names, offsets and sizes), every constant, and every function: each ``func`` record must
be bound in capi/python/mus/_lib.py (PROTOTYPES, its C signature mapped to ctypes argtypes and
restype) or listed in _lib.UNBOUND with a reason. Imports mus._abi and mus._lib, neither of
which loads libmus.

    python3 check_python_layout.py <abi_layout program | recorded layout file>
        (PYTHONPATH=<source>/capi/python)
"""

import os
import subprocess
import sys


def main(argv):
    if len(argv) != 2:
        print("usage: check_python_layout.py <abi_layout program | layout file>",
              file=sys.stderr)
        return 2
    from mus import _abi, _lib  # after the usage check, so a bad PYTHONPATH is the only error

    if os.access(argv[1], os.X_OK) and not argv[1].endswith(".txt"):
        c_layout = subprocess.run([argv[1]], check=True, stdout=subprocess.PIPE, text=True,
                                  timeout=60).stdout
    else:
        with open(argv[1], encoding="utf-8") as f:
            c_layout = f.read()
    problems = _abi.compare_layout(c_layout) + _lib.compare_functions(c_layout)
    if problems:
        print("The Python binding (%s) differs from mus.h:" % os.path.dirname(_abi.__file__))
        for problem in problems:
            print("  " + problem)
        return 1
    print("ctypes layout of %d structs, %d constants and %d functions (%d bound, %d listed "
          "unbound) matches mus.h" % (len(_abi.STRUCTS), len(_abi.constants()),
                                      len(_lib.manifest_functions(c_layout)),
                                      len(_lib.PROTOTYPES), len(_lib.UNBOUND)))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
