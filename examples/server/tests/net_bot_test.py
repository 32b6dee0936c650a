#!/usr/bin/python3
"""capi/python/examples/net_bot.py against a real mus-server on loopback (ctest label `server`).

    net_bot_test.py --server PATH --net-bot PATH --workdir DIR [--replayer PATH]

Starts mus-server on a free port of 127.0.0.1 with a fresh database; one net_bot creates a table
(seats 0 and 2 people, 1 and 3 the server's bots) and sits at seat 0, a second joins seat 2,
both playing with mus.Bot from their seat's view (the first a level's bot, the second a kind's).
Once the match is under way the server is killed with SIGKILL and restarted on the same port:
both bots resume with their tokens. Both
must report the same end and replay, and the replay must be a transcript whose every state the
library reproduces (in Python here, and by the C replayer when given). Every wait is bounded.
Needs the mus package with libmus (PYTHONPATH and MUS_LIBRARY, set by ctest); net_bot.py's
WebSocket client is its own.
"""
import argparse
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.request

RULES = "standard target=30 games_per_vaca=1 vacas=1"
DEADLINE = 50.0  # seconds for the whole test


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start_server(path, db, port):
    # A fixed seed for the shuffles and the server's bots: the match is the same every run (a
    # long one, so that the crash below falls in its middle).
    proc = subprocess.Popen([path, "--host", "127.0.0.1", "--port", str(port), "--db", db,
                             "--test-seed", "7"],
                            stdout=subprocess.PIPE, stderr=open(db + ".log", "a"), text=True)
    line = proc.stdout.readline()
    if "listening on" not in line:
        proc.kill()
        raise SystemExit("the server did not start: %r" % (line,))
    return proc


def read_line(proc, prefix, end):
    """The first line of a bot's output starting with prefix (echoing every line)."""
    while time.monotonic() < end:
        line = proc.stdout.readline()
        if not line:
            break
        print("  %s" % line.rstrip())
        if line.startswith(prefix):
            return line.rstrip()
    raise SystemExit("no %r from the bot" % (prefix,))


def check_transcript(text, workdir, replayer):
    """The record is the library's match record of RULES, with the state after every action
    (mus-record 3), read by the Python binding and replayed with every state checked."""
    import mus
    assert text.startswith("mus-record 3\n# mus-server table "), text[:80]
    record = mus.MatchRecord.parse(text)
    assert record.version == 3 and record.end == mus.RecordEnd.OVER, record.end
    assert str(record.rules) == str(mus.Rules(RULES)), record.rules
    state = mus.State.new(record.rules, record.dealer)
    assert record.initial_state == state.to_text()
    for step in record.steps:
        state = state.apply(step.action)
        assert state.to_text() == step.state, "line %d: another state" % step.state_line
    assert state.is_over and record.replay().to_text() == state.to_text()
    actions = len(record.steps)
    if replayer:
        d = os.path.join(workdir, "replay")
        os.makedirs(d, exist_ok=True)
        with open(os.path.join(d, "match.txt"), "w") as f:
            f.write(text)
        with open(os.path.join(d, "transcripts.list"), "w") as f:
            f.write("match.txt\n")
        r = subprocess.run([replayer, d], capture_output=True, text=True, timeout=30)
        assert r.returncode == 0 and "1 transcripts replayed, 0 failed" in r.stdout, r.stdout
    return actions


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--server", required=True)
    p.add_argument("--net-bot", required=True)
    p.add_argument("--workdir", required=True)
    p.add_argument("--replayer")
    a = p.parse_args()
    os.makedirs(a.workdir, exist_ok=True)
    db = os.path.join(a.workdir, "net_bot.sqlite3")
    for ext in ("", "-wal", "-shm", ".log"):
        if os.path.exists(db + ext):
            os.remove(db + ext)
    end = time.monotonic() + DEADLINE
    port = free_port()
    url = "ws://127.0.0.1:%d/ws" % port
    server = start_server(a.server, db, port)
    bots = []
    try:
        bot = [sys.executable, a.net_bot, "--url", url, "--reconnects", "8"]
        bots.append(subprocess.Popen(bot + ["--create", RULES, "--seats", "human,bot,human,bot",
                                            "--seat", "0", "--name", "north", "--seed", "1",
                                            "--level", "aficionado"],
                                     stdout=subprocess.PIPE, text=True))
        table = read_line(bots[0], "table ", end).split()[1]
        bots.append(subprocess.Popen(bot + ["--table", table, "--seat", "2", "--name", "south",
                                            "--bot", "search", "--playouts", "48", "--seed", "2"],
                                     stdout=subprocess.PIPE, text=True))
        read_line(bots[1], "seat 2", end)
        # Once the match is under way (north's third decision), kill the server and restart it
        # where the bots expect it.
        for _ in range(3):
            read_line(bots[0], "seq ", end)
        server.send_signal(signal.SIGKILL)
        server.wait(timeout=10)
        print("  (server killed; restarting on port %d)" % port)
        server = start_server(a.server, db, port)
        for b in bots:
            read_line(b, "resumed as ", end)
        results = [read_line(b, "match over: ", end) for b in bots]
        for b in bots:
            assert b.wait(timeout=max(1.0, end - time.monotonic())) == 0, "a bot failed"
        replay = {r.rsplit(" ", 1)[1] for r in results}
        winners = {r.split()[3] for r in results}
        assert len(replay) == 1 and len(winners) == 1, results
        path = replay.pop()
        with urllib.request.urlopen("http://127.0.0.1:%d%s" % (port, path), timeout=10) as r:
            text = r.read().decode()
        actions = check_transcript(text, a.workdir, a.replayer)
        # The server was killed at north's third decision: north must have played on after it.
        decided = int(results[0].split("(")[1].split()[0])
        assert decided > 3, "north decided %d times, none after the restart" % decided
        print("net_bot: two bots played a whole match through mus-server (team %s won, %d "
              "actions), resumed after a crash; the replay reproduces" % (winners.pop(), actions))
        return 0
    finally:
        for b in bots:
            if b.poll() is None:
                b.kill()
        if server.poll() is None:
            server.kill()
            server.wait(timeout=10)


if __name__ == "__main__":
    sys.exit(main())
