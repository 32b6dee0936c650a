"""Compares the Python binding's ctypes declarations (capi/python/mus/_abi.py) with the C
layout printed by abi_layout: struct sizes, alignments, field names, offsets and sizes, and
every constant. Imports only mus._abi, which never loads libmus.

    python3 check_python_layout.py <abi_layout program>     (PYTHONPATH=<source>/capi/python)
"""

import subprocess
import sys


def main(argv):
    if len(argv) != 2:
        print("usage: check_python_layout.py <abi_layout program>", file=sys.stderr)
        return 2
    from mus import _abi  # after the usage check, so a bad PYTHONPATH is the only import error

    c_layout = subprocess.run([argv[1]], check=True, stdout=subprocess.PIPE, text=True,
                              timeout=60).stdout
    problems = _abi.compare_layout(c_layout)
    if problems:
        print("The ctypes declarations of %s differ from mus.h:" % _abi.__file__)
        for problem in problems:
            print("  " + problem)
        return 1
    print("ctypes layout of %d structs and %d constants matches mus.h"
          % (len(_abi.STRUCTS), len(_abi.constants())))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
