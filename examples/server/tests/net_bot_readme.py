#!/usr/bin/python3
"""The net_bot commands of capi/python/README.md, run as a new user runs them (ctest
server.net_bot_readme).

    net_bot_readme.py --server PATH --source DIR --library PATH --workdir DIR

The commands are read from the README (the ```sh block after the comment naming this file), so
the test fails when the README drifts. As the README's quick start does, a fresh venv of the
`python3` on the PATH gets the package with pip (the library built by this build is handed to
the backend, `-C mus-library=...`, to spare a second compile; python_fresh_venv_install builds
it). The venv has nothing else: it cannot import websockets. A mus-server runs on a port it
picks itself (--port 0; server_process.py).
Then, from the source root and with neither PYTHONPATH nor MUS_LIBRARY set, the README's first
command creates a table and must say it waits for a person at seat 2 and how to take the seat;
the second, with the id the first printed, takes it; both must play the match to its end.
Three substitutions only: `.venv` becomes the test's venv, the server's port is added with
`--url`, and the README's example table id becomes the real one.
"""

import argparse
import os
import re
import shlex
import shutil
import subprocess
import sys
import time

from server_process import Lines, start_server

MARK = "<!-- examples/server/tests/net_bot_readme.py runs the next block"
EXAMPLE_TABLE = "t0123456789abcdef"
DEADLINE = 240.0


def readme_commands(source):
    with open(os.path.join(source, "capi", "python", "README.md"), encoding="utf-8") as f:
        text = f.read()
    at = text.find(MARK)
    if at < 0:
        raise SystemExit("FAILED: capi/python/README.md has no block marked %r" % MARK)
    block = re.search(r"```sh\n(.*?)```", text[at:], re.S)
    if not block:
        raise SystemExit("FAILED: no ```sh block after the mark")
    joined = block.group(1).replace("\\\n", " ")
    return [re.sub(r"\s+#.*$", "", line).strip() for line in joined.splitlines()
            if line.strip() and not line.strip().startswith("#")]


def run(command, env, cwd=None, timeout=600):
    print("+ " + " ".join(command), flush=True)
    r = subprocess.run(command, env=env, cwd=cwd, stdout=subprocess.PIPE,
                       stderr=subprocess.STDOUT, text=True, timeout=timeout)
    if r.returncode != 0:
        raise SystemExit("FAILED (exit status %d): %s\n%s" % (r.returncode, " ".join(command),
                                                             r.stdout))
    return r.stdout


def localise(command, python, port, table):
    words = shlex.split(command)
    if words[0] != ".venv/bin/python" or not words[1].endswith("net_bot.py"):
        raise SystemExit("FAILED: not a net_bot.py command with the quick start's venv: %s"
                         % command)
    words = [python, words[1], "--url", "ws://127.0.0.1:%d/ws" % port] + words[2:]
    return [table if w == EXAMPLE_TABLE else w for w in words]


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--server", required=True)
    p.add_argument("--source", required=True)
    p.add_argument("--library", required=True)
    p.add_argument("--workdir", required=True)
    a = p.parse_args()
    commands = readme_commands(a.source)
    if len(commands) != 2:
        raise SystemExit("FAILED: expected two commands, got %r" % commands)
    shutil.rmtree(a.workdir, ignore_errors=True)
    os.makedirs(a.workdir)
    env = {k: v for k, v in os.environ.items()
           if k not in ("MUS_LIBRARY", "PYTHONPATH", "PYTHONHOME", "VIRTUAL_ENV")}
    env.update(PIP_NO_INPUT="1", PIP_DISABLE_PIP_VERSION_CHECK="1", PYTHONUNBUFFERED="1")

    python3 = shutil.which("python3", path=env.get("PATH"))
    venv = os.path.join(a.workdir, "venv")
    run([python3, "-m", "venv", venv], env)
    vpython = os.path.join(venv, "bin", "python")
    run([vpython, "-m", "pip", "install", "--no-index", "--no-cache-dir",
         "-C", "mus-library=" + a.library, "./capi/python"], env, cwd=a.source)
    probe = subprocess.run([vpython, "-c", "import websockets"], env=env, capture_output=True)
    if probe.returncode == 0:
        raise SystemExit("FAILED: the venv can import websockets; it must have only mus")

    end = time.monotonic() + DEADLINE
    db = os.path.join(a.workdir, "mus.sqlite3")
    server, port = start_server([a.server, "--db", db], db + ".log", end)
    bots = []
    try:
        first = localise(commands[0], vpython, port, EXAMPLE_TABLE)
        print("$ " + " ".join(shlex.quote(w) for w in first), flush=True)
        bots.append(subprocess.Popen(first, cwd=a.source, env=env, stdout=subprocess.PIPE,
                                     stderr=subprocess.STDOUT, text=True))
        out0 = Lines(bots[0], echo="  | ")
        table = out0.until(r"^table (t[0-9a-f]{16})", end).group(1)
        out0.until(r"^waiting for a person at seat 2: .*online\.html#t=%s" % table, end)
        out0.until(r"--table %s --seat 2$" % table, end)
        second = localise(commands[1], vpython, port, table)
        print("$ " + " ".join(shlex.quote(w) for w in second), flush=True)
        bots.append(subprocess.Popen(second, cwd=a.source, env=env, stdout=subprocess.PIPE,
                                     stderr=subprocess.STDOUT, text=True))
        out1 = Lines(bots[1], echo="  | ")
        out1.until(r"^seat 2$", end)
        over = [out1.until(r"^match over: team [01] won", end).group(0),
                out0.until(r"^match over: team [01] won", end).group(0)]
        for bot in bots:
            bot.wait(timeout=max(1.0, end - time.monotonic()))
            if bot.returncode != 0:
                raise SystemExit("FAILED: a bot exited with status %d" % bot.returncode)
        if over[0] != over[1]:
            raise SystemExit("FAILED: the bots saw different ends: %r" % over)
        print("net_bot_readme: the README's two commands played a match through mus-server "
              "(%s)" % over[0])
        return 0
    finally:
        for proc in bots + [server]:
            if proc.poll() is None:
                proc.kill()
                proc.wait()


if __name__ == "__main__":
    sys.exit(main())
