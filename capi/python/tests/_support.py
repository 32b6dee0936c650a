"""Shared helpers of the binding's tests (not a test module: discovery matches test*.py)."""

import os
import random
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

PACKAGE_ROOT = Path(__file__).resolve().parents[1]   # capi/python
REPO = PACKAGE_ROOT.parents[1]                        # the libmus source tree
HEADER = REPO / "include" / "mus" / "mus.h"
LAYOUT = REPO / "capi" / "abi" / "layout.txt"
GENERATOR = REPO / "capi" / "abi" / "generate.py"


def run_python(code, env_overrides=None, cwd=None, timeout=120):
    """Runs ``python -c code`` in a fresh interpreter (library loading is once per process).

    ``env_overrides`` maps names to values, or to None to remove a variable. It runs in an
    empty directory unless ``cwd`` is given, so ``import mus`` finds the package through
    PYTHONPATH only.
    """
    if cwd is None:
        empty = tempfile.mkdtemp(prefix="mus-cwd-")
        try:
            return run_python(code, env_overrides, empty, timeout)
        finally:
            shutil.rmtree(empty)
    env = dict(os.environ)
    env["PYTHONDONTWRITEBYTECODE"] = "1"
    if env.get("PYTHONPATH"):  # relative entries would not survive the change of directory
        env["PYTHONPATH"] = os.pathsep.join(
            os.path.abspath(p) for p in env["PYTHONPATH"].split(os.pathsep) if p)
    for name, value in (env_overrides or {}).items():
        if value is None:
            env.pop(name, None)
        else:
            env[name] = value
    return subprocess.run([sys.executable, "-c", code], env=env, cwd=cwd, timeout=timeout,
                          stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def some_states(seed, count=30):
    """States where a seat is to act, along seeded random play of the standard preset."""
    import mus
    rng = random.Random(seed)
    state = mus.State.new("standard", 0)
    out = []
    while len(out) < count:
        if state.is_over:
            state = mus.State.new("standard", rng.randrange(4))
        if state.to_act is None:
            state = state.apply_id(0, rng.randrange(2**64))
            continue
        out.append(state)
        state = state.apply_id(rng.choice(state.legal_action_ids()))
    return out
