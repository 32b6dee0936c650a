#!/usr/bin/python3
"""mus-server's command line, as a person meets it (ctest server.command_line).

    command_line.py --server PATH --workdir DIR

- an unknown option is named as such, with or without a value after it; a known one without
  its value "needs a value"; each exits with status 2;
- --web and --package naming a directory without the web table or the package are refused
  (status 2), where they used to start a server that answered 404s;
- a port in use stops the server with status 1 and a message that says so, before it opens
  the database: no database file appears (a second server used to load the first one's);
- a free port starts it; it says where it stores the matches, and explains the default package
  directory when it is not built (and says nothing of it when --package gives one).
Standard library only.
"""

import argparse
import os
import shutil
import socket
import subprocess
import sys


def run(server, args, cwd, timeout=20):
    return subprocess.run([server] + args, cwd=cwd, capture_output=True, text=True,
                          timeout=timeout)


def expect(result, status, text, what):
    if result.returncode != status or text not in result.stderr:
        raise SystemExit("FAILED: %s: expected status %d and %r, got %d:\n%s%s" % (
            what, status, text, result.returncode, result.stdout, result.stderr))
    print("ok: %s: %s" % (what, result.stderr.strip().splitlines()[-1]))


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--server", required=True)
    p.add_argument("--workdir", required=True)
    a = p.parse_args()
    shutil.rmtree(a.workdir, ignore_errors=True)
    os.makedirs(a.workdir)
    w = a.workdir

    expect(run(a.server, ["--bogus"], w), 2, "--bogus: unknown option", "an unknown option, last")
    expect(run(a.server, ["--bogus", "1"], w), 2, "--bogus: unknown option",
           "an unknown option with a value")
    expect(run(a.server, ["--port"], w), 2, "--port: needs a value", "a known option, no value")
    expect(run(a.server, ["--web", "/nonexistent"], w), 2,
           "--web /nonexistent: no web table there", "--web naming nothing")
    empty = os.path.join(w, "empty")
    os.makedirs(empty)
    expect(run(a.server, ["--web", empty], w), 2, "no web table there (no index.html",
           "--web naming an empty directory")
    expect(run(a.server, ["--package", empty], w), 2, "no libmus npm package there",
           "--package naming an empty directory")

    # A port in use: nothing else happens, the database is not created.
    held = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    held.bind(("127.0.0.1", 0))
    held.listen(1)
    port = held.getsockname()[1]
    db = os.path.join(w, "second.sqlite3")
    busy = run(a.server, ["--port", str(port), "--db", db], w)
    expect(busy, 1, "cannot listen on 127.0.0.1 port %d: it is in use" % port, "a port in use")
    held.close()
    if len(busy.stderr.strip().splitlines()) != 1:
        raise SystemExit("FAILED: a busy port should be the only thing said:\n" + busy.stderr)
    if os.path.exists(db):
        raise SystemExit("FAILED: the server opened its database (%s) before finding its port "
                         "in use" % db)
    print("ok: no database opened on a busy port")

    # A free port: it starts, says where, and explains an unbuilt default package.
    server = subprocess.Popen([a.server, "--port", "0", "--db", os.path.join(w, "ok.sqlite3")],
                              cwd=w, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        line = server.stdout.readline()
        if not line.startswith("mus-server: listening on http://127.0.0.1:"):
            raise SystemExit("FAILED: no listening line: %r" % line)
        print("ok: %s" % line.strip())
    finally:
        server.terminate()
        _, err = server.communicate(timeout=20)
    if "loads libmus from" in err and "--target js_package" not in err:
        raise SystemExit("FAILED: the note on the package does not say how to build it:\n" + err)

    # A package given with --package: no note that it is not built (serve.sh used to print
    # one whatever was given).
    package = os.path.join(w, "package")
    os.makedirs(package)
    open(os.path.join(package, "package.json"), "w").close()
    server = subprocess.Popen([a.server, "--port", "0", "--package", package, "--db",
                               os.path.join(w, "given.sqlite3")],
                              cwd=w, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        server.stdout.readline()
    finally:
        server.terminate()
        _, given = server.communicate(timeout=20)
    if "loads libmus from" in given:
        raise SystemExit("FAILED: a note on the package although --package gave one:\n" + given)
    print("ok: no note on the package when --package gives one")
    if "mus-server: matches are stored in %s" % os.path.join(os.path.realpath(w), "ok.sqlite3") \
            not in err.replace(w, os.path.realpath(w)):
        raise SystemExit("FAILED: the server does not say where it stores matches:\n" + err)
    print("ok: it says where it stores the matches")
    return 0


if __name__ == "__main__":
    sys.exit(main())
