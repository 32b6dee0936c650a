"""ctest python_fresh_venv_install: what a new user does, checked end to end.

1. ``<python> -m venv`` makes a fresh venv (with its own pip);
2. ``pip install --no-index <capi/python>``: the package's build backend runs the system CMake,
   builds libmus.so and puts it inside the package (no environment variable: MUS_LIBRARY and
   PYTHONPATH are removed from the environment of every step). It runs in a terminal (through
   ``script``, where installed) and must show the build's progress there: pip hides the
   backend's output without -v, and a build of minutes must not look like a hang;
3. from a directory outside the source tree, the venv's Python imports ``mus`` (which must come
   from the venv, with the bundled library) and plays seeded matches to their end;
4. each match's end (score, games, vacas, winner, hands, steps) must equal what the C API gives
   for the same match: the program seeded_match (seeded_match.c, built against this build's
   libmus) plays it with the same choices.

    venv_install_check.py <python> <capi/python dir> <seeded_match program> <work dir>
"""

import os
import shlex
import shutil
import subprocess
import sys
import tempfile
import time

# The Python side of seeded_match.c: the same generator and the same choices.
PLAY = r'''
import os, sys
import mus
print(os.path.realpath(mus.__file__))
print(os.path.realpath(mus.library_path()))
MASK64 = (1 << 64) - 1
for preset, dealer, seed in MATCHES:
    state = mus.State.new(mus.Rules.preset(preset), dealer)
    x = seed
    steps = 0
    while not state.is_over:
        x = (x * 6364136223846793005 + 1442695040888963407) & MASK64
        action_id = 0
        if state.to_act is not None:
            ids = state.legal_action_ids()
            action_id = ids[(x >> 33) % len(ids)]
        state = state.apply_id(action_id, x)
        steps += 1
    print("score %d %d games %d %d vacas %d %d winner %d hands %d steps %d" % (
        state.score + state.games + state.vacas
        + (state.match_winner, state.hand_number, steps)))
'''
MATCHES = [("standard", 0, 1), ("basque", 3, 20261201), ("online", 1, 2**64 - 1)]


def run(command, env, cwd=None, timeout=900):
    print("+ " + " ".join(command), flush=True)
    result = subprocess.run(command, env=env, cwd=cwd, timeout=timeout, stdout=subprocess.PIPE,
                            stderr=subprocess.STDOUT, text=True)
    if result.returncode != 0:
        print(result.stdout)
        raise SystemExit("FAILED (exit status %d): %s" % (result.returncode, " ".join(command)))
    return result.stdout


def main(argv):
    if len(argv) != 5:
        print(__doc__, file=sys.stderr)
        return 2
    python, source, reference, work = argv[1:]
    env = {k: v for k, v in os.environ.items()
           if k not in ("MUS_LIBRARY", "PYTHONPATH", "PYTHONHOME", "VIRTUAL_ENV")}
    env["PIP_NO_INPUT"] = "1"
    env["PIP_DISABLE_PIP_VERSION_CHECK"] = "1"
    os.makedirs(work, exist_ok=True)
    tmp = tempfile.mkdtemp(prefix="fresh-venv-", dir=work)
    try:
        venv = os.path.join(tmp, "venv")
        run([python, "-m", "venv", venv], env)
        vpython = os.path.join(venv, "Scripts" if os.name == "nt" else "bin",
                               "python.exe" if os.name == "nt" else "python")
        install = [vpython, "-m", "pip", "install", "--no-index", "--no-cache-dir", source]
        script = shutil.which("script")
        start = time.monotonic()
        if script:  # a terminal for pip, as a person has: the progress must show there
            shown = run([script, "-qec", " ".join(shlex.quote(c) for c in install), os.devnull],
                        env)
            for text in ("mus: building libmus, the C library", "mus: building libmus [",
                         "mus: built libmus ("):
                if text not in shown:
                    print(shown)
                    raise SystemExit("FAILED: pip install did not show %r on the terminal"
                                     % text)
            print("pip install showed the build's progress on the terminal")
        else:
            run(install, env)
        print("pip install took %.0f s" % (time.monotonic() - start))
        outside = os.path.join(tmp, "elsewhere")
        os.makedirs(outside)
        code = "MATCHES = %r\n%s" % (MATCHES, PLAY)
        lines = run([vpython, "-c", code], env, cwd=outside).splitlines()
        package = os.path.dirname(lines[0])
        if not package.startswith(os.path.realpath(venv) + os.sep):
            raise SystemExit("FAILED: mus was imported from %s, not from the venv" % lines[0])
        if os.path.dirname(lines[1]) != package:
            raise SystemExit("FAILED: the library loaded is %s, not the one inside the package "
                             "(%s)" % (lines[1], package))
        print("imported %s with %s" % (lines[0], lines[1]))
        failed = False
        for (preset, dealer, seed), got in zip(MATCHES, lines[2:]):
            expected = run([reference, preset, str(dealer), str(seed)], env).strip()
            status = "ok" if got == expected else "DIFFERENT"
            failed |= got != expected
            print("%s dealer %d seed %d: Python: %s; C: %s: %s"
                  % (preset, dealer, seed, got, expected, status))
        if len(lines) != 2 + len(MATCHES):
            raise SystemExit("FAILED: expected %d result lines:\n%s"
                             % (len(MATCHES), "\n".join(lines)))
        if failed:
            return 1
        print("fresh venv: pip install built the library, and %d seeded matches end as in C"
              % len(MATCHES))
        return 0
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main(sys.argv))
