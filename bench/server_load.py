#!/usr/bin/python3
"""Load and fault benchmark of mus-server (docs/server.md). Loopback only; every loop is
bounded in count and time. Not a ctest.

    bench/server_load.py load  --server build/examples/server/mus-server [--tables 100]
                               [--people 4] [--seconds 20]
    bench/server_load.py fault --server ... [--tables 50] [--people 2] [--kills 10]
                               [--seconds 40]

load: starts a server on a free port of 127.0.0.1 with a fresh database, opens
tables x people WebSocket clients (each table: `people` human seats, the rest bots), and
every client plays random legal actions, table after table, until the time is up. Reports
actions per second (every action: shuffles, bots and people), p50 and p99 latency from a
person's act to that client's next view, errors, the server's CPU time and peak RSS, and
SQLite bytes per finished match.

fault: the same load, while the server is killed with SIGKILL at random moments (`kills`
times) and restarted on the same port and database; clients reconnect with their resume
tokens and go on. A client counts an action as acknowledged when it receives a view past it
(the server stores an action before any view shows it). At the end every acknowledged action
must be in the store: the lost count must be 0.

Needs /usr/bin/python3 with python3-websockets (Debian).
"""
import argparse
import asyncio
import json
import os
import random
import signal
import socket
import sqlite3
import subprocess
import sys
import time

import websockets


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Server:
    def __init__(self, path, db, port):
        self.path, self.db, self.port = path, db, port
        self.proc = None
        self.cpu = 0.0  # CPU seconds of processes already ended
        self.peak_kb = 0

    def start(self):
        self.proc = subprocess.Popen(
            [self.path, "--host", "127.0.0.1", "--port", str(self.port), "--db", self.db,
             "--max-tables", "100000", "--max-tables-per-player", "100000",
             "--max-connections", "20000", "--rate", "100000", "--burst", "100000"],
            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
        line = self.proc.stdout.readline()
        if "listening on" not in line:
            raise SystemExit(f"the server did not start: {line!r}")

    def sample(self):
        """CPU seconds of the running process, and its peak RSS so far (kB)."""
        pid = self.proc.pid
        with open(f"/proc/{pid}/stat") as f:
            fields = f.read().rsplit(")", 1)[1].split()
        cpu = (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
        with open(f"/proc/{pid}/status") as f:
            for line in f:
                if line.startswith("VmHWM:"):
                    self.peak_kb = max(self.peak_kb, int(line.split()[1]))
        return cpu

    def kill(self, sig=signal.SIGKILL):
        if self.proc and self.proc.poll() is None:
            try:
                cpu = self.sample()
            except OSError:
                cpu = 0.0
            self.proc.send_signal(sig)
            self.proc.wait(timeout=20)
            self.cpu += cpu


class Stats:
    def __init__(self):
        self.latencies = []
        self.errors = 0
        self.codes = {}  # error code -> count
        self.matches = 0
        self.actions = 0
        self.acked = {}  # table -> highest acknowledged seq
        self.fault = False  # the server is being killed: resent acts may meet ended matches


class Player:
    """One client: plays random legal actions at its tables until `end`."""

    def __init__(self, url, name, rng, stats):
        self.url, self.name, self.rng, self.stats = url, name, rng, stats
        self.ws = None
        self.token = None

    async def connect(self, end):
        delay = 0.05
        while time.monotonic() < end:
            try:
                self.ws = await websockets.connect(self.url, max_size=1 << 22, open_timeout=5)
                hello = {"type": "hello", "v": 1}
                hello.update({"token": self.token} if self.token else {"name": self.name})
                await self.ws.send(json.dumps(hello))
                m = json.loads(await asyncio.wait_for(self.ws.recv(), 10))
                if m["type"] != "welcome":
                    raise RuntimeError(m)
                self.token = m["token"]
                return True
            except (OSError, websockets.exceptions.WebSocketException, asyncio.TimeoutError):
                await asyncio.sleep(delay)
                delay = min(delay * 2, 1.0)
        return False

    async def play_table(self, end, table_ready, count_actions):
        """Plays views until match over or the time is up; reconnects after a drop."""
        sent = None  # (seq, time) of the last act
        while time.monotonic() < end:
            try:
                raw = await asyncio.wait_for(self.ws.recv(), max(0.1, end - time.monotonic()))
            except asyncio.TimeoutError:
                return
            except websockets.exceptions.ConnectionClosed:
                if not await self.connect(end):
                    return
                sent = None
                continue
            m = json.loads(raw)
            t = m["type"]
            if t == "error":
                if self.stats.fault and m["code"] == "match_over":
                    return  # an act resent after a restart, to a match that ended meanwhile
                if m["code"] not in ("stale_seq", "not_your_turn"):  # a retry after a restart
                    self.stats.errors += 1
                    self.stats.codes[m["code"]] = self.stats.codes.get(m["code"], 0) + 1
                continue
            if t == "match_over":
                self.stats.matches += count_actions
                return
            if t == "table":
                table_ready.set()
            if t != "view":
                continue
            seq = m["seq"]
            tid = m["table"]
            if count_actions:
                prev = self.stats.acked.get(tid, 0)
                self.stats.actions += max(0, seq - prev)
            self.stats.acked[tid] = max(self.stats.acked.get(tid, 0), seq)
            if sent is not None and seq > sent[0]:
                self.stats.latencies.append(time.monotonic() - sent[1])
                sent = None
            if m["legal"] and time.monotonic() < end:
                choice = self.rng.choice(m["legal"])["id"]
                sent = (seq, time.monotonic())
                try:
                    await self.ws.send(json.dumps({"type": "act", "table": tid, "action": choice,
                                                   "seq": seq}))
                except websockets.exceptions.ConnectionClosed:
                    pass


async def run_table_group(url, group, people, stats, end, rules):
    players = [Player(url, f"g{group}p{i}", random.Random(group * 10 + i), stats)
               for i in range(people)]
    for p in players:
        if not await p.connect(end):
            return
    seats = ["human"] * people + ["bot"] * (4 - people)
    rounds = 0
    while time.monotonic() < end and rounds < 10000:
        rounds += 1
        try:
            await players[0].ws.send(json.dumps({"type": "create", "rules": rules,
                                                 "seats": seats, "seat": 0}))
            table = None
            while table is None:
                m = json.loads(await asyncio.wait_for(players[0].ws.recv(), 30))
                if m["type"] == "table":
                    table = m["table"]
            for i, p in enumerate(players[1:], start=1):
                await p.ws.send(json.dumps({"type": "join", "table": table, "seat": i}))
        except (websockets.exceptions.ConnectionClosed, asyncio.TimeoutError):
            for p in players:
                await p.connect(end)
            continue
        ready = asyncio.Event()
        await asyncio.gather(*(p.play_table(end, ready, i == 0) for i, p in enumerate(players)))
    for p in players:
        if p.ws is not None:
            await p.ws.close()


async def killer(server, kills, end):
    rng = random.Random(99)
    for k in range(kills):
        remaining = end - time.monotonic() - 2
        if remaining <= 0:
            return k
        await asyncio.sleep(rng.uniform(0.5, max(0.6, remaining / (kills - k))))
        server.kill(signal.SIGKILL)
        await asyncio.sleep(0.2)
        server.start()
    return kills


def percentile(values, p):
    if not values:
        return float("nan")
    values = sorted(values)
    return values[min(len(values) - 1, int(len(values) * p))]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("mode", choices=["load", "fault"])
    ap.add_argument("--server", required=True)
    ap.add_argument("--tables", type=int, default=100)
    ap.add_argument("--people", type=int, default=4, choices=[1, 2, 3, 4])
    ap.add_argument("--seconds", type=float, default=20)
    ap.add_argument("--kills", type=int, default=10)
    ap.add_argument("--rules", default="standard target=15")
    ap.add_argument("--workdir", default="/tmp/mus-server-bench")
    a = ap.parse_args()
    a.seconds = min(a.seconds, 600)
    os.makedirs(a.workdir, exist_ok=True)
    db = os.path.join(a.workdir, f"{a.mode}.sqlite3")
    for ext in ("", "-wal", "-shm"):
        if os.path.exists(db + ext):
            os.remove(db + ext)
    port = free_port()
    server = Server(a.server, db, port)
    server.start()
    stats = Stats()
    stats.fault = a.mode == "fault"
    url = f"ws://127.0.0.1:{port}/ws"
    t0 = time.monotonic()
    end = t0 + a.seconds

    async def everything():
        jobs = [run_table_group(url, g, a.people, stats, end, a.rules) for g in range(a.tables)]
        if a.mode == "fault":
            jobs.append(killer(server, a.kills, end))
        return await asyncio.gather(*jobs)

    results = asyncio.run(everything())
    elapsed = time.monotonic() - t0
    server.kill(signal.SIGTERM)
    size = sum(os.path.getsize(db + e) for e in ("", "-wal") if os.path.exists(db + e))
    con = sqlite3.connect(db)
    stored = dict(con.execute("SELECT table_id, COUNT(*) FROM actions GROUP BY table_id"))
    finished = con.execute("SELECT COUNT(*) FROM tables WHERE finished = 1").fetchone()[0]
    con.close()
    lost = sum(max(0, seq - stored.get(t, 0)) for t, seq in stats.acked.items())
    print(f"mode {a.mode}: {a.tables} tables x {a.people} people ({a.tables * a.people} "
          f"clients), {elapsed:.1f} s")
    print(f"  actions {stats.actions} ({stats.actions / elapsed:.0f}/s), person acts "
          f"{len(stats.latencies)}, finished matches {finished}, errors {stats.errors} "
          f"{stats.codes if stats.codes else ''}")
    print(f"  act -> next view: p50 {percentile(stats.latencies, 0.5) * 1000:.1f} ms, "
          f"p99 {percentile(stats.latencies, 0.99) * 1000:.1f} ms")
    print(f"  server CPU {server.cpu:.1f} s, peak RSS {server.peak_kb / 1024:.1f} MB "
          f"({server.peak_kb / max(1, a.tables):.0f} kB per concurrent table)")
    print(f"  SQLite {size} bytes, {size / max(1, finished):.0f} bytes per finished match")
    if a.mode == "fault":
        print(f"  kills {results[-1]}, acknowledged actions lost {lost}")
        return 1 if lost else 0
    return 1 if stats.errors else 0


if __name__ == "__main__":
    sys.exit(main())
