#!/usr/bin/python3
"""mus-server nodes sharing one PostgreSQL database (ctest label `cluster`).

    cluster_tests.py SCENARIO --server PATH [--replayer PATH] --workdir DIR

Run inside scripts/pg_temp.sh, which starts a throwaway PostgreSQL and sets PG_DIR.

Scenarios:
  takeover  three nodes, a, b and c (leases of 2 s). Two people and two bots play a table made
            on a; a is killed with SIGKILL mid-match (an act in flight); the people resume with
            their tokens on b, which takes the table over once a's lease expires (c, which
            nobody connects to, must not take it: it is a standby); a restarts
            and welcomes them too, and serves the finished match's replay. The transcript
            equals that of the same seed and choices on one node without the kill, and the
            takeover time (kill to the first resumed view) is printed.
  haproxy   run inside scripts/cluster.sh (three nodes behind HAProxy): TABLES tables of two
            people and two bots each play through HAProxy; the node serving them is killed
            with SIGKILL mid-match; every person whose match is not over yet (most)
            reconnects through HAProxy and resumes with the token, no acknowledged action is lost (each resumed view is at or past the
            last one seen), every match finishes, and each transcript replays. Prints the
            takeover time (kill to the last person's resumed view).
"""
import argparse
import asyncio
import os
import signal
import subprocess
import sys
import time

import websockets

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from socket_tests import Client, Server, check_transcript  # noqa: E402

DEADLINE = 120.0
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(
    os.path.abspath(__file__)))))
LEASE_SECONDS = 2
RULES = "standard target=15"


def database(name):
    """A new database in the throwaway PostgreSQL; returns its URL."""
    pg = os.environ["PG_DIR"]
    subprocess.run(["psql", "-h", pg, "-p", "5432", "-U", "mus", "-d", "postgres", "-q",
                    "-c", f"DROP DATABASE IF EXISTS {name}", "-c", f"CREATE DATABASE {name}"],
                   check=True, capture_output=True)
    return f"postgresql:///{name}?host={pg}&port=5432&user=mus"


def Node(path, db, name, log):
    """A mus-server node on a free port of 127.0.0.1."""
    return Server(path, db, "--node", name, "--lease-seconds", str(LEASE_SECONDS),
                  "--test-seed", "2112", log=log)


async def seat(node, people):
    await people[0].send({"type": "create", "rules": RULES,
                          "seats": ["human", "human", "bot", "bot"], "seat": 0, "clock": 600})
    table = (await people[0].expect("table"))["table"]
    people[0].table = people[1].table = table
    await people[1].send({"type": "join", "table": table, "seat": 1})
    for p in people:
        await p.expect("view")
    return table


async def settle(people, limit=1000):
    """Reads until the table waits for one of these people, or their match is over. The bots
    act on their own: stopping the people at a seq does not stop the table, and a match the
    bots finish just before a kill is over, not taken over. After this, nothing moves on."""
    for _ in range(limit):
        if all(p.over for p in people):
            return
        if any(p.over for p in people):
            await next(p for p in people if not p.over).recv()
            continue
        seqs = {p.view["seq"] for p in people}
        if len(seqs) == 1 and any(p.view["legal"] for p in people):
            return
        await min(people, key=lambda p: p.view["seq"]).recv()
    raise AssertionError(f"{people[0].name}: the table did not settle in {limit} messages")


async def resume_on(node, p, table, seconds):
    """Says hello with p's token to node until it serves p's table (it took it over)."""
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        try:
            w = await p.connect(node.url)
        except (OSError, websockets.exceptions.InvalidStatusCode):
            # No node behind HAProxy yet (502/503), or the node is not up: again.
            await asyncio.sleep(0.1)
            continue
        assert w["resumed"], w
        if w["tables"] == [table]:
            return await p.expect("view")
        await p.close()
        await asyncio.sleep(0.1)
    raise AssertionError(f"{node.url} did not take table {table} over in {seconds} s")


async def run(a, name, kill_at):
    db = database(name)
    log = os.path.join(a.workdir, name + ".log")
    nodes = {"a": Node(a.server, db, "a", log)}
    try:
        people = [Client("P0"), Client("P1")]
        for p in people:
            await p.connect(nodes["a"].url)
        table = await seat(nodes["a"], people)
        served = nodes["a"]
        took = None
        if kill_at is not None:
            nodes["b"] = Node(a.server, db, "b", log)
            nodes["c"] = Node(a.server, db, "c", log)  # a standby nobody connects to
            await asyncio.gather(*(p.play(stop_seq=kill_at) for p in people))
            await settle(people)
            to_act = [p for p in people if p.view["legal"]]
            if to_act:  # an act in flight when the node dies
                p = to_act[0]
                await p.send({"type": "act", "table": p.table, "action": p.choice(),
                              "seq": p.view["seq"]})
            nodes["a"].kill(signal.SIGKILL)
            killed = time.monotonic()
            for p in people:
                p.ws.transport.abort()
                p.view = None
            for p in people:
                v = await resume_on(nodes["b"], p, table, 4 * LEASE_SECONDS + 5)
                assert v["seq"] >= kill_at, v
            took = time.monotonic() - killed
            served = nodes["b"]
            # a comes back: it serves again (its tables are b's now, its players still its).
            nodes["a"] = Node(a.server, db, "a", log)
            extra = Client("P0 again")
            extra.token = people[0].token
            w = await extra.connect(nodes["a"].url)
            assert w["resumed"] and w["tables"] == [], w
            await extra.close()
        results = await asyncio.gather(*(p.play() for p in people))
        assert results == ["over", "over"], results
        text = served.get(people[0].over["replay"])
        if kill_at is not None:
            assert nodes["a"].get(people[0].over["replay"]) == text, "a's replay differs"
        check_transcript(text, a.replayer, a.workdir, name)
        for p in people:
            await p.close()
        return text, took
    finally:
        for n in nodes.values():
            n.kill()


async def scenario_takeover(a):
    killed, took = await run(a, "takeover", 25)
    clean, _ = await run(a, "clean", None)
    # The record without its first two lines (the format's and the table's id, which differ).
    body = lambda t: t.split("\n", 2)[2]
    assert body(killed) == body(clean), "the takeover changed the match"
    print(f"takeover: node a killed at seq 25; b served the table to both people "
          f"{took:.2f} s later (leases of {LEASE_SECONDS} s); the transcript equals the run "
          "without the kill")


class Url:
    """HAProxy's address, as resume_on() wants a node."""

    def __init__(self, http):
        self.http = http.rstrip("/")
        self.url = self.http.replace("http://", "ws://") + "/ws"

    def get(self, path):
        import urllib.request
        with urllib.request.urlopen(self.http + path, timeout=10) as r:
            return r.read().decode()


async def scenario_haproxy(a):
    front = Url(os.environ["MUS_CLUSTER_URL"])
    nodes = {n.split(":")[0]: (int(n.split(":")[1]), int(n.split(":")[2]))
             for n in os.environ["MUS_CLUSTER_NODES"].split()}
    tables = []
    for i in range(a.tables):
        people = [Client(f"T{i}P0"), Client(f"T{i}P1")]
        for p in people:
            await p.connect(front.url)
        tables.append((await seat(front, people), people))
    # Everyone is on the first node (active/standby): its own lobby lists every table.
    pid, port = nodes["node1"]
    lobby = Url(f"http://127.0.0.1:{port}/").get("/tables")
    assert all(t in lobby for t, _ in tables), "node1 does not serve every table"
    everyone = [p for _, people in tables for p in people]
    await asyncio.gather(*(p.play(stop_seq=20) for p in everyone))
    await asyncio.gather(*(settle(people) for _, people in tables))
    seen = {p.name: p.view["seq"] for p in everyone}
    if a.fault == "postgres":
        # The database restarts (as after a crash) while the people play on: a node whose
        # commit fails stops, and HAProxy's next node takes its tables.
        subprocess.run([os.path.join(ROOT, "scripts", "pg_temp.sh"), "--restart"], check=True)
        killed = time.monotonic()
        results = await asyncio.gather(*(play_through(front, p, seen, a.lease)
                                          for p in everyone))
        took = time.monotonic() - killed
        what = "PostgreSQL restarted"
    else:
        # A short match may be over by now: its table is served by nobody, only its record
        # (checked below). The others, most of them, wait for a person and must be taken over.
        live = [p for p in everyone if not p.over]
        assert 2 * len(live) >= len(everyone), f"only {len(live)} people still playing"
        os.kill(pid, signal.SIGKILL)
        killed = time.monotonic()
        for p in everyone:
            p.ws.transport.abort()
        for p in live:
            p.view = None
        resumed = await asyncio.gather(
            *(resume_on(front, p, p.table, 4 * a.lease + 10) for p in live))
        took = time.monotonic() - killed
        for p, v in zip(live, resumed):
            assert v["seq"] >= seen[p.name], f"{p.name}: acknowledged {seen[p.name]}, now {v}"
        results = await asyncio.gather(*(p.play() for p in everyone))
        what = (f"node1 killed; the {len(live)} people still playing resumed through HAProxy "
                f"{took:.2f} s later")
    assert results == ["over"] * len(everyone), results
    for t, people in tables:
        check_transcript(front.get(people[0].over["replay"]), a.replayer, a.workdir, t)
    for p in everyone:
        await p.close()
    print(f"haproxy: {a.tables} tables; at seq 20 {what} (leases of {a.lease} s); every "
          f"match finished and replays")


async def play_through(front, p, seen, lease):
    """Plays to the end, resuming through HAProxy whenever the connection drops; no
    resumed view may be behind one already seen."""
    for _ in range(20):
        try:
            return await p.play()
        except (websockets.exceptions.ConnectionClosed, OSError):
            seen[p.name] = max(seen[p.name], p.view["seq"] if p.view else 0)
            p.view = None
            v = await resume_on(front, p, p.table, 4 * lease + 10)
            assert v["seq"] >= seen[p.name], f"{p.name}: acknowledged {seen[p.name]}, now {v}"
    raise AssertionError(f"{p.name}: dropped 20 times")


def main():
    p = argparse.ArgumentParser()
    p.add_argument("scenario", choices=["takeover", "haproxy"])
    p.add_argument("--tables", type=int, default=6)
    p.add_argument("--fault", choices=["kill", "postgres"], default="kill",
                   help="haproxy: kill the serving node, or restart PostgreSQL")
    p.add_argument("--lease", type=int, default=2, help="the nodes' --lease-seconds")
    p.add_argument("--server", help="mus-server (takeover)")
    p.add_argument("--replayer")
    p.add_argument("--workdir", required=True)
    a = p.parse_args()
    os.makedirs(a.workdir, exist_ok=True)
    if "PG_DIR" not in os.environ:
        raise SystemExit("PG_DIR is not set: run this through scripts/pg_temp.sh or "
                         "scripts/cluster.sh")
    run = {"takeover": scenario_takeover, "haproxy": scenario_haproxy}[a.scenario]
    try:
        asyncio.run(asyncio.wait_for(run(a), DEADLINE))
    except BaseException:
        # The nodes' logs (takeover; scripts/cluster.sh prints its own nodes' logs).
        for name in sorted(os.listdir(a.workdir)):
            if name.endswith(".log"):
                with open(os.path.join(a.workdir, name)) as f:
                    tail = f.readlines()[-30:]
                print(f"==== {name} (last {len(tail)} lines)\n" + "".join(tail), end="")
        raise
    print(f"{a.scenario}: ok")


if __name__ == "__main__":
    main()
