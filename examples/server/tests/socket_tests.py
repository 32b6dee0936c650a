#!/usr/bin/python3
"""mus-server over real sockets on loopback (ctest label `server`).

    socket_tests.py SCENARIO --server PATH [--replayer PATH] [--cli PATH] --workdir DIR
                    [--threads N]

Scenarios:
  four     four scripted clients play a whole match; its record (match_over.record, the
           library's `mus-record 3` with states) is reproduced byte for byte by the C replayer
           (tests/c/replay_transcripts.c) and read by `mus-cli replay`, whose output is the
           match's page (match_over.page)
  resume   a client drops mid-hand and resumes with its token on a new connection
  timeout  a client lets its clock run out: the bot plays for it and the events say so
  http     the HTTP side: the web table's files (and nothing outside them), /tables,
           /replays of an unknown id, the Origin check, binary and oversized frames
  crash    the server is killed with SIGKILL mid-match and restarted; the clients resume, and
           the finished match's transcript equals that of the same seed and choices without
           the crash
  talk     chat, gestures and free raises
  slowbot  a table whose bots are slowed on purpose (--test-bot-delay) delays no other table:
           a table of four people plays on at its own pace while the bots think

--threads N runs the server with N threads (ctest runs every scenario with 1 and with 4).

Each scenario starts its own server on a free port (--port 0) of 127.0.0.1, bounds every wait
in time and every loop in count, and kills the server it started. Needs python3-websockets.
"""
import argparse
import asyncio
import json
import os
import signal
import subprocess
import sys
import time
import urllib.error
import urllib.request

try:
    import websockets
except ImportError:  # ctest reports the test as skipped (SKIP_RETURN_CODE 77)
    print("skipped: python3-websockets is not installed for", sys.executable)
    sys.exit(77)

RULES = "standard target=15"
DEADLINE = 90.0  # seconds for a whole scenario
SERVER_ARGS = []  # options every server of the run gets (--threads N)


def fresh(db):
    """Removes a database left by an earlier run (and its WAL and log)."""
    for ext in ("", "-wal", "-shm", ".log"):
        if os.path.exists(db + ext):
            os.remove(db + ext)
    return db


class Server:
    """A mus-server process on a free port of 127.0.0.1 (its log: `log`, else db + ".log")."""

    def __init__(self, path, db, *extra, log=None):
        self.proc = subprocess.Popen(
            [path, "--host", "127.0.0.1", "--port", "0", "--db", db, *SERVER_ARGS, *extra],
            stdout=subprocess.PIPE, stderr=open(log or db + ".log", "a"), text=True)
        line = self.proc.stdout.readline()  # "mus-server: listening on http://127.0.0.1:N/"
        if "listening on" not in line:
            self.kill()
            raise SystemExit(f"the server did not start: {line!r}")
        self.port = int(line.rsplit(":", 1)[1].strip().rstrip("/"))
        self.url = f"ws://127.0.0.1:{self.port}/ws"

    def get(self, path):
        with urllib.request.urlopen(f"http://127.0.0.1:{self.port}{path}", timeout=10) as r:
            return r.read().decode()

    def kill(self, sig=signal.SIGKILL):
        if self.proc.poll() is None:
            self.proc.send_signal(sig)
            self.proc.wait(timeout=10)


class Client:
    """One person: a WebSocket, the last view per table, and everything received."""

    def __init__(self, name):
        self.name = name
        self.ws = None
        self.token = None
        self.view = None
        self.table = None
        self.got = []
        self.over = None

    async def connect(self, url):
        self.ws = await websockets.connect(url, max_size=1 << 20)
        hello = {"type": "hello", "v": 1}
        hello.update({"token": self.token} if self.token else {"name": self.name})
        await self.send(hello)
        welcome = await self.expect("welcome")
        self.token = welcome["token"]
        return welcome

    async def send(self, m):
        await self.ws.send(json.dumps(m))

    async def recv(self, timeout=20.0):
        m = json.loads(await asyncio.wait_for(self.ws.recv(), timeout))
        self.got.append(m)
        if m["type"] == "error" and m["code"] not in ("stale_seq",):
            raise AssertionError(f"{self.name}: error {m}")
        if m["type"] == "view":
            self.view = m
        if m["type"] == "match_over":
            self.over = m
        return m

    async def expect(self, kind, timeout=20.0):
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            m = await self.recv(end - time.monotonic())
            if m["type"] == kind:
                return m
        raise AssertionError(f"{self.name}: no {kind} in {timeout} s")

    def choice(self):
        """The scripted choice: the legal id at position seq % count (the same in every run)."""
        legal = self.view["legal"]
        return legal[self.view["seq"] % len(legal)]["id"]

    async def play(self, stop_seq=None, limit=5000):
        """Acts on each view that asks it to, until the match is over or a view reaches
        stop_seq. Returns 'over' or 'stopped'."""
        acted_on = -1
        for _ in range(limit):
            if self.over:
                return "over"
            v = self.view
            if v is not None and stop_seq is not None and v["seq"] >= stop_seq:
                return "stopped"
            if v is not None and v["legal"] and v["seq"] != acted_on:
                acted_on = v["seq"]
                await self.send({"type": "act", "table": self.table, "action": self.choice(),
                                 "seq": v["seq"]})
            await self.recv()
        raise AssertionError(f"{self.name}: no end after {limit} messages")

    async def close(self):
        if self.ws is not None:
            await self.ws.close()


async def seat_people(server, n_humans, clock=600):
    """A table of n_humans people (seats 0..n-1) and bots; returns the clients, match started."""
    seats = ["human"] * n_humans + ["bot"] * (4 - n_humans)
    people = [Client(f"P{i}") for i in range(n_humans)]
    for p in people:
        await p.connect(server.url)
    await people[0].send({"type": "create", "rules": RULES, "seats": seats, "seat": 0,
                          "clock": clock})
    table = (await people[0].expect("table"))["table"]
    for i, p in enumerate(people):
        p.table = table
        if i > 0:
            await p.send({"type": "join", "table": table, "seat": i})
    for p in people:
        await p.expect("view")
    return people


def record_body(record):
    """A match record without its first two lines (the format's, and the comment naming the
    table, a random id): what two runs of the same seed and choices must share."""
    return record.split("\n", 2)[2]


def check_transcript(text, replayer, workdir, name):
    """The record is the library's; the C replayer reproduces it byte for byte."""
    assert text.startswith("mus-record 3\n# mus-server table "), text[:80]
    assert "\nrules standard target=15\ndealer " in text
    assert text.endswith("\nend over\n"), text[-80:]
    d = os.path.join(workdir, name)
    os.makedirs(d, exist_ok=True)
    with open(os.path.join(d, "match.txt"), "w") as f:
        f.write(text)
    with open(os.path.join(d, "transcripts.list"), "w") as f:
        f.write("match.txt\n")
    if replayer:
        r = subprocess.run([replayer, d], capture_output=True, text=True, timeout=60)
        print(r.stdout.strip())
        assert r.returncode == 0 and "1 transcripts replayed, 0 failed" in r.stdout, r.stdout


async def scenario_four(a):
    server = Server(a.server, fresh(os.path.join(a.workdir, "four.sqlite3")))
    try:
        people = await seat_people(server, 4)
        lobby = json.loads(server.get("/tables"))
        assert any(t["table"] == people[0].table and t["started"] for t in lobby["tables"]), lobby
        results = await asyncio.gather(*(p.play() for p in people))
        assert results == ["over"] * 4, results
        assert len({json.dumps(p.over, sort_keys=True) for p in people}) == 1
        seqs = [m["seq"] for m in people[0].got if m["type"] == "view"]
        assert seqs == sorted(seqs), "views come in seq order"
        over = people[0].over
        assert over["record"] == over["replay"] == "/replays/" + people[0].table, over
        assert over["page"] == "/matches/" + people[0].table, over
        text = server.get(over["record"])
        check_transcript(text, a.replayer, a.workdir, "four")
        page = server.get(over["page"])
        assert "Hand 1" in page, page[:200]
        if a.cli:
            # The end screen's record opens in mus-cli replay, which prints the page.
            path = os.path.join(a.workdir, "four", "match.txt")
            r = subprocess.run([a.cli, "replay", path], capture_output=True, text=True, timeout=60)
            assert r.returncode == 0, r.stderr
            assert r.stdout == page, "mus-cli replay prints another text than the page"
            print(f"four: mus-cli replay reads the record ({len(text)} bytes) and prints the "
                  f"page ({len(page)} bytes)")
        actions = sum(1 for line in text.splitlines()[1:] if line[:1].isdigit())
        print(f"four: a whole match of {actions} actions, {seqs[-1]} seq")
        for p in people:
            await p.close()
    finally:
        server.kill()


async def scenario_resume(a):
    server = Server(a.server, fresh(os.path.join(a.workdir, "resume.sqlite3")))
    try:
        ana, bea = await seat_people(server, 2)
        # Play a few decisions, then Ana drops without a goodbye.
        await asyncio.gather(ana.play(stop_seq=12), bea.play(stop_seq=12))
        seen = ana.view["seq"]
        ana.ws.transport.abort()
        ana.view = None
        t = await bea.expect("table")
        assert t["seats"][0]["connected"] is False, t
        # Ana comes back on a new connection with her token: same player, her seat, the view.
        welcome = await ana.connect(server.url)
        assert welcome["resumed"] is True and welcome["tables"] == [ana.table], welcome
        v = await ana.expect("view")
        assert v["seq"] >= seen and v["seat"] == 0, v
        assert all(e["seq"] > seen for e in v["events"]), "only the events missed"
        results = await asyncio.gather(ana.play(), bea.play())
        assert results == ["over", "over"], results
        check_transcript(server.get(ana.over["replay"]), a.replayer, a.workdir, "resume")
        print(f"resume: dropped at seq {seen}, resumed at seq {v['seq']}, played to the end")
    finally:
        server.kill()


async def scenario_timeout(a):
    server = Server(a.server, fresh(os.path.join(a.workdir, "timeout.sqlite3")))
    try:
        (ana,) = await seat_people(server, 1, clock=1)
        while not ana.view["legal"]:
            await ana.expect("view")
        first = ana.view["seq"]
        start = time.monotonic()
        # Ana does nothing: after about a second the bot plays for her.
        while True:
            v = await ana.expect("view", timeout=10)
            if v["seq"] > first:
                break
        waited = time.monotonic() - start
        notes = [e for e in v["events"] if e.get("server") == "timeout"]
        assert notes and notes[0]["seat"] == 0 and notes[0]["seq"] == first + 1, v["events"]
        assert waited < 5, waited  # (no lower bound: the view may have been read late)
        print(f"timeout: the bot played for seat 0 after {waited:.2f} s")
        await ana.close()
    finally:
        # A clean stop: the log's lines are written after the commit that follows them, or on
        # the next tick, so a SIGKILL right after the view may come before the line.
        server.kill(signal.SIGTERM)
    with open(os.path.join(a.workdir, "timeout.sqlite3.log")) as f:
        assert "ran out of time" in f.read(), "the log says so"


def http_status(url, **headers):
    req = urllib.request.Request(url, headers=headers)
    try:
        with urllib.request.urlopen(req, timeout=10) as r:
            return r.status, r.read()
    except urllib.error.HTTPError as e:
        return e.code, b""


async def scenario_http(a):
    server = Server(a.server, fresh(os.path.join(a.workdir, "http.sqlite3")),
                    "--web", a.web, "--max-message-bytes", "200")
    base = f"http://127.0.0.1:{server.port}"
    try:
        status, body = http_status(base + "/")
        assert status == 200 and b"<html" in body.lower(), (status, body[:80])
        assert http_status(base + "/app.js")[0] == 200
        for bad in ("/../CMakeLists.txt", "/%2e%2e/CMakeLists.txt", "/.git/config",
                    "/..%2fCMakeLists.txt", "/nothere.js"):
            assert http_status(base + bad)[0] == 404, bad
        # A raw request keeps its dots (urllib would normalize them away).
        import socket
        with socket.create_connection(("127.0.0.1", server.port), timeout=10) as sock:
            sock.sendall(b"GET /../../etc/passwd HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
            answer = b""
            while chunk := sock.recv(4096):
                answer += chunk
        assert answer.startswith(b"HTTP/1.1 404"), answer[:40]
        assert json.loads(server.get("/tables")) == {"tables": []}
        assert http_status(base + "/replays/tnothere")[0] == 404
        assert http_status(base + "/matches/tnothere")[0] == 404
        # Browsers from elsewhere are refused; the server's own origin is allowed.
        try:
            await websockets.connect(server.url, origin="http://evil.example")
            raise AssertionError("a foreign origin was accepted")
        except websockets.exceptions.InvalidStatusCode as e:
            assert e.status_code == 403
        ws = await websockets.connect(server.url, origin=f"http://127.0.0.1:{server.port}")
        await ws.send(b"binary")
        assert json.loads(await asyncio.wait_for(ws.recv(), 10))["code"] == "bad_json"
        await ws.send(json.dumps({"type": "ping", "id": "x" * 300}))
        assert json.loads(await asyncio.wait_for(ws.recv(), 10))["code"] == "too_large"
        await ws.send("x" * 70000)  # over the 64 KB frame limit: the server closes
        try:
            await asyncio.wait_for(ws.recv(), 10)
            raise AssertionError("the connection stayed open")
        except websockets.exceptions.ConnectionClosed:
            pass
        print("http: files, traversal, lobby, replays, origin and frame limits as documented")
    finally:
        server.kill()


async def crash_run(a, name, crash_at):
    """Two people and two bots with --test-seed; with crash_at, SIGKILL once a view reaches it
    (right after the next act is sent), restart, resume. Returns the transcript."""
    db = fresh(os.path.join(a.workdir, name + ".sqlite3"))
    server = Server(a.server, db, "--test-seed", "2112")
    try:
        people = await seat_people(server, 2)
        if crash_at is not None:
            await asyncio.gather(*(p.play(stop_seq=crash_at) for p in people))
            to_act = [p for p in people if p.view["legal"]]
            if to_act:  # an act in flight when the server dies
                await to_act[0].send({"type": "act", "table": to_act[0].table,
                                      "action": to_act[0].choice(), "seq": to_act[0].view["seq"]})
            server.kill(signal.SIGKILL)
            for p in people:
                p.ws.transport.abort()
                p.view = None
            server = Server(a.server, db, "--test-seed", "2112")
            for p in people:
                w = await p.connect(server.url)
                assert w["resumed"] and w["tables"] == [p.table], w
                v = await p.expect("view")
                assert v["seq"] >= crash_at, v
        results = await asyncio.gather(*(p.play() for p in people))
        assert results == ["over", "over"], results
        text = server.get(people[0].over["replay"])
        check_transcript(text, a.replayer, a.workdir, name)
        return text
    finally:
        server.kill()


async def scenario_crash(a):
    # Early in the match (test seed 2112's has about 30 actions), so that most of it is played
    # after the restart.
    crash_at = 8
    crashed = await crash_run(a, "crash", crash_at)
    clean = await crash_run(a, "clean", None)
    assert record_body(crashed) == record_body(clean), "the crash changed the match"
    print(f"crash: killed at seq {crash_at}, resumed; the record ({crashed.count(chr(10))} lines) "
          "equals the run without the crash")


LADDER = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 12, 15, 20, 25, 30, 40}  # the amounts with action ids


async def view_after(p, seq):
    """The first view past seq that p receives."""
    while True:
        v = await p.expect("view")
        if v["seq"] > seq:
            return v


async def scenario_talk(a):
    server = Server(a.server, fresh(os.path.join(a.workdir, "talk.sqlite3")), "--test-seed", "77")
    try:
        ana, bea = await seat_people(server, 2)
        people = (ana, bea)
        text = "hola <b>amigos</b> & \u00f1and\u00fa"
        await ana.send({"type": "chat", "table": ana.table, "text": text})
        for p in people:
            m = await p.expect("chat")
            assert (m["n"], m["seat"], m["name"], m["text"]) == (1, 0, "P0", text), m
        # Play; on the way a person makes a gesture and raises by an amount off the ladder.
        gesture = raise_ = None
        seq = max(p.view["seq"] for p in people)
        for p in people:  # both at the same seq
            if p.view["seq"] < seq:
                await view_after(p, p.view["seq"])
        for _ in range(500):
            if ana.over or (gesture and raise_):
                break
            actor = next((p for p in people if p.view["legal"]), None)
            if actor is None:  # a bot's turn (after a person's gesture or act): its decision
                seq = max(p.view["seq"] for p in people)
                for p in people:
                    await view_after(p, seq)
                continue
            seq = actor.view["seq"]
            signer = next((p for p in people if p.view["gestures"] and not p.view["legal"]), None)
            limits = actor.view["bet_limits"]
            free = [n for n in range(limits["min"], limits["max"] + 1) if n not in LADDER] if limits else []
            if gesture is None and signer is not None:
                gesture = (signer.view["seat"], signer.view["gestures"][0])
                await signer.send({"type": "gesture", "table": signer.table, "signal": gesture[1]})
            elif raise_ is None and free:
                raise_ = (actor.view["seat"], free[0])
                await actor.send({"type": "act", "table": actor.table, "seq": seq, "bet": free[0]})
            else:
                await actor.send({"type": "act", "table": actor.table, "seq": seq,
                                  "action": actor.choice()})
            for p in people:
                await view_after(p, seq)
        assert gesture and raise_, "no gesture or no free raise came in the match"
        events = [[e for m in p.got if m["type"] == "view" for e in m["events"]] for p in people]
        for got in events:
            assert any(e.get("kind") == 8 and e["seat"] == gesture[0] for e in got), "the gesture"
            assert any(e.get("kind") == 13 and e["seat"] == raise_[0] and e["amount"] == raise_[1]
                       for e in got), "the raise"
        # Bea drops and resumes: the chat's history comes with her seat.
        bea.ws.transport.abort()
        await bea.connect(server.url)
        history = await bea.expect("chat_history")
        assert [l["text"] for l in history["lines"]] == [text], history
        print(f"talk: chat line, gesture {gesture[1]} of seat {gesture[0]} out of turn and a "
              f"raise of {raise_[1]} by seat {raise_[0]} seen by both; the history after a resume")
    finally:
        server.kill()


async def scenario_slowbot(a):
    """Every bot decision takes BOT_DELAY s on the bot threads; the people's table beside it
    must not wait for them (before the bots had threads apart, every table did)."""
    bot_delay = 0.4
    server = Server(a.server, fresh(os.path.join(a.workdir, "slowbot.sqlite3")),
                    "--test-bot-delay", str(int(bot_delay * 1000)), "--bot-threads", "1")
    try:
        (ana,) = await seat_people(server, 1)  # Ana and three slow bots
        people = await seat_people(server, 4)
        for p in people:
            p.name += "b"

        async def bots_turns():
            """Ana acts whenever asked; returns how long each of her acts took to come back
            with the bots' next decision in it."""
            waits = []
            acted_on = -1
            end = time.monotonic() + 4
            while time.monotonic() < end and not ana.over:
                v = ana.view
                if v["legal"] and v["seq"] != acted_on:
                    acted_on = v["seq"]
                    await ana.send({"type": "act", "table": ana.table, "action": ana.choice(),
                                    "seq": v["seq"]})
                    sent = time.monotonic()
                    # Her act's view, then a bot's decision (or her own turn again).
                    while time.monotonic() < end and not ana.over and (
                            ana.view["seq"] <= acted_on
                            or (ana.view["seq"] == acted_on + 1 and not ana.view["legal"])):
                        await ana.recv(timeout=10)
                    waits.append(time.monotonic() - sent)
                else:
                    await ana.recv(timeout=10)
            return waits

        async def people_acts(n):
            """The people's table: n acts, each timed from its send to the view past it, spread
            over the seconds the bots think."""
            lat = []
            for _ in range(4 * n):  # (a view on its way takes a turn of this loop)
                if len(lat) == n or people[0].over:  # (a match may end sooner)
                    break
                await asyncio.sleep(0.05)
                p = next((q for q in people if q.view["legal"]), None)
                if p is None:  # a view still on its way
                    await asyncio.gather(*(q.recv(timeout=10) for q in people))
                    continue
                seq = p.view["seq"]
                await p.send({"type": "act", "table": p.table, "action": p.choice(), "seq": seq})
                sent = time.monotonic()
                for q in people:  # every seat sees the table move past the act
                    while q.view["seq"] <= seq:
                        await q.recv(timeout=10)
                lat.append(time.monotonic() - sent)
            return lat

        waits, lat = await asyncio.gather(bots_turns(), people_acts(60))
        lat.sort()
        slow = [w for w in waits if w >= bot_delay]
        print(f"slowbot: the bots' table: {len(waits)} acts of Ana, {len(slow)} waited "
              f">= {bot_delay} s for a bot; the people's table: {len(lat)} acts, "
              f"median {lat[len(lat) // 2] * 1000:.1f} ms, max {lat[-1] * 1000:.1f} ms")
        assert slow, "the bots were slowed (else this test shows nothing)"
        assert len(lat) >= 20, len(lat)
        # One bot decision is 400 ms: a people's act that waited for one would show it.
        assert lat[-1] < bot_delay / 2, lat[-5:]
        for c in [ana, *people]:
            await c.close()
    finally:
        server.kill()


def main():
    global SERVER_ARGS
    p = argparse.ArgumentParser()
    p.add_argument("scenario",
                   choices=["four", "resume", "timeout", "http", "crash", "talk", "slowbot"])
    p.add_argument("--server", required=True)
    p.add_argument("--replayer")
    p.add_argument("--cli", help="mus-cli, to replay the record")
    p.add_argument("--web", help="the web table's directory (for http)")
    p.add_argument("--workdir", required=True)
    p.add_argument("--threads", type=int, help="the server's --threads")
    a = p.parse_args()
    if a.threads:
        SERVER_ARGS = ["--threads", str(a.threads)]
    os.makedirs(a.workdir, exist_ok=True)
    run = {"four": scenario_four, "resume": scenario_resume, "timeout": scenario_timeout,
           "http": scenario_http, "crash": scenario_crash, "talk": scenario_talk,
           "slowbot": scenario_slowbot}[a.scenario]
    asyncio.run(asyncio.wait_for(run(a), DEADLINE))
    print(f"{a.scenario}: ok")


if __name__ == "__main__":
    main()
