#!/usr/bin/python3
"""mus-server nodes sharing one PostgreSQL database (ctest label `cluster`).

    cluster_tests.py SCENARIO --server PATH [--replayer PATH] --workdir DIR

Run inside scripts/pg_temp.sh, which starts a throwaway PostgreSQL and sets PG_DIR.

Scenarios:
  takeover  three nodes, a, b and c (leases of 2 s). Two people and two bots play a table made
            on a; a is killed with SIGKILL mid-match (an act in flight); the people resume with
            their tokens on b, which answers `moved` (naming a) until a's lease expires and
            then takes the table over (c, which nobody connects to, must not take it); a
            restarts, welcomes their token and answers `moved` naming b, and serves the
            finished match's replay. The transcript equals that of the same seed and choices
            on one node without the kill, and the takeover time (kill to the first resumed
            view) is printed.
  haproxy   run inside scripts/cluster.sh (three nodes behind HAProxy, all serving): TABLES
            tables of two people and two bots each are made through HAProxy, so spread over
            the nodes; the second person of each follows `moved` to the table's node; every
            node's own lobby lists every table. With --fault kill, the node with the most
            tables still playing is killed with SIGKILL mid-match; each of its people
            reconnects through HAProxy (naming the dead node) and resumes with the token on
            the node that takes the table, no acknowledged action is lost (each resumed view
            is at or past the last one seen), every match finishes, each transcript replays,
            and a token resumes on every node left and through HAProxy. Prints the takeover
            time (kill to the last person's resumed view). With --fault postgres, PostgreSQL
            restarts instead. With --server and --test-seed N (the nodes' own, given them
            with scripts/cluster.sh --node-args "--test-seed N"), each table's record equals
            that of the same people making the same table on one mus-server with SQLite and
            no fault, which plays them while the cluster does (a seed depends on the test
            seed and the creator's name, not on the node); a table that differs is named.
            The net_bot.py table is left out (that client's choices are its own).

The scripted people choose by their view alone (Client.choice), so the same seed and choices
make the same match however the messages are timed, killed or resumed.
"""
import argparse
import asyncio
import json
import os
import signal
import subprocess
import sys
import time

import websockets

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from socket_tests import Client, Server, check_transcript, fresh, record_body  # noqa: E402

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


def ws_url(base, p):
    """The /ws of a node or of HAProxy, with the table and the node that a `moved` named (the
    query HAProxy routes by; a node does not read it)."""
    route = getattr(p, "route", None)
    return f"{base}?table={p.table}&node={route}" if route else base


async def hello(base, p):
    """Connects p (with its token once it has one) and returns the welcome; p.node is the
    node that answered, p.player the player id."""
    w = await p.connect(ws_url(base, p))
    p.node = w.get("node")
    p.player = w["player"]
    return w


async def until(p, kinds):
    """The next message of one of these types."""
    while True:
        m = await p.recv()
        if m["type"] in kinds:
            return m


async def join(base, p, seat):
    """Joins p.table at seat, following `moved` to the node that serves it."""
    for _ in range(5):
        await p.send({"type": "join", "table": p.table, "seat": seat})
        m = await until(p, ("table", "view", "moved"))
        if m["type"] != "moved":
            return
        assert m["table"] == p.table and m["re"] == "join", m
        p.route = m["node"]
        await p.close()
        await hello(base, p)
    raise AssertionError(f"{p.name}: moved 5 times")


async def seat(base, people):
    """A table made by people[0] (on the node it reached) where people[1] joins (following
    `moved` there); returns the table id once both have a view."""
    await people[0].send({"type": "create", "rules": RULES,
                          "seats": ["human", "human", "bot", "bot"], "seat": 0, "clock": 600})
    table = (await people[0].expect("table"))["table"]
    for p in people:
        p.table = table
        p.route = people[0].node
    await join(base, people[1], 1)
    for p in people:
        if p.view is None:
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
    """Says hello with p's token to node (a node, or HAProxy with the table and the node p last
    knew) until the node that answers serves p's table: its owner, or one that took it over.
    A `moved` names the owner: the next hello asks HAProxy for it."""
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        try:
            w = await hello(node.url, p)
        except (OSError, websockets.exceptions.InvalidStatusCode):
            # No node behind HAProxy yet (502/503), or the node is not up: again.
            await asyncio.sleep(0.1)
            continue
        assert w["resumed"], w
        if w["tables"] == [table]:
            m = await until(p, ("view", "moved"))
            if m["type"] == "view":
                return m
            assert m["table"] == table and m["re"] == "hello", m
            p.route = m["node"]
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
            await hello(nodes["a"].url, p)
        table = await seat(nodes["a"].url, people)
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
                assert v["seq"] >= kill_at and p.node == "b", v
            took = time.monotonic() - killed
            served = nodes["b"]
            # a comes back: it serves again (its tables are b's now, its players still its).
            nodes["a"] = Node(a.server, db, "a", log)
            extra = Client("P0 again")
            extra.token = people[0].token
            w = await extra.connect(nodes["a"].url)
            assert w["resumed"] and w["tables"] == [table] and w["node"] == "a", w
            moved = await until(extra, ("moved",))
            assert moved["table"] == table and moved["node"] == "b", moved
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
    # Early in the match (test seed 2112's has about 30 actions), so that most of it is played
    # after the takeover.
    kill_at = 8
    killed, took = await run(a, "takeover", kill_at)
    clean, _ = await run(a, "clean", None)
    assert record_body(killed) == record_body(clean), "the takeover changed the match"
    print(f"takeover: node a killed at seq {kill_at}; b served the table to both people "
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


async def lobbies_list(nodes, tables, seconds=5):
    """Every node's own lobby (GET /tables, not through HAProxy) lists every table not over
    yet, within seconds (a node reads the others' tables once a second)."""
    end = time.monotonic() + seconds
    while True:
        missing = {}
        for name, (_, port) in nodes.items():
            lobby = json.loads(Url(f"http://127.0.0.1:{port}/").get("/tables"))
            listed = {t["table"] for t in lobby["tables"]}
            lost = [t for t, people in tables if not people[0].over and t not in listed]
            if lost:
                missing[name] = lost
        if not missing:
            return
        if time.monotonic() > end:
            raise AssertionError(f"tables missing from lobbies: {missing}")
        await asyncio.sleep(0.2)


async def net_bot_table(a, front, nodes):
    """A table of one person (made through HAProxy) where net_bot.py takes seat 1, sent first
    to another node than the table's (it must follow `moved`); returns the table, the person
    and the net_bot process."""
    p = Client("NB P0")
    await hello(front.url, p)
    await p.send({"type": "create", "rules": RULES, "seats": ["human", "human", "bot", "bot"],
                  "seat": 0, "clock": 600})
    p.table = (await p.expect("table"))["table"]
    p.route = p.node
    other = next(n for n in sorted(nodes) if n != p.node)
    bot = await asyncio.create_subprocess_exec(
        sys.executable, a.net_bot, "--url", f"{front.url}?table={p.table}&node={other}",
        "--table", p.table, "--seat", "1", "--reconnects", "8", "--name", "NB P1",
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    await p.expect("view")
    return p.table, [p], bot


def table_people(i):
    """The two people of the haproxy scenario's table i (the first makes it): the same names
    in the cluster and in the run without a fault."""
    return [Client(f"T{i}P0"), Client(f"T{i}P1")]


async def without_fault(a):
    """The haproxy scenario's tables played by the same people with the same choices on one
    mus-server (SQLite, the same --test-seed) without a fault: each creator's name to its
    record."""
    server = Server(a.server, fresh(os.path.join(a.workdir, "without-fault.sqlite3")),
                    "--test-seed", str(a.test_seed))
    try:
        tables = []
        for i in range(a.tables):
            people = table_people(i)
            for p in people:
                await hello(server.url, p)
            await seat(server.url, people)
            tables.append(people)
        everyone = [p for people in tables for p in people]
        results = await asyncio.gather(*(p.play() for p in everyone))
        assert results == ["over"] * len(everyone), results
        records = {people[0].name: server.get(people[0].over["replay"]) for people in tables}
        for p in everyone:
            await p.close()
        return records
    finally:
        server.kill()


def compare_tables(a, tables, records, reference, moved):
    """Each table's record (records: table id to text) equals the record of the same creator's
    table without a fault; fails naming the tables that differ and where."""
    differ = []
    for t, people in tables:
        if people[0].name not in reference:
            continue  # the net_bot.py table
        mine, theirs = record_body(records[t]), record_body(reference[people[0].name])
        if mine == theirs:
            continue
        line = next((i for i, (x, y) in enumerate(zip(mine.split("\n"), theirs.split("\n")))
                     if x != y), min(mine.count("\n"), theirs.count("\n")))
        d = os.path.join(a.workdir, t)
        os.makedirs(d, exist_ok=True)
        with open(os.path.join(d, "without-fault.txt"), "w") as f:
            f.write(reference[people[0].name])
        differ.append(f"{t} (made by {people[0].name}{', moved' if t in moved else ''}): "
                      f"line {line + 3} differs")
    assert not differ, (f"{len(differ)} of {len(tables)} tables differ from the run without "
                        "a fault (do the nodes run with the same --test-seed?):\n  "
                        + "\n  ".join(differ) + f"\nthe two records: {a.workdir}/TABLE/"
                        "match.txt and without-fault.txt")
    return sum(1 for _, people in tables if people[0].name in reference)


async def scenario_haproxy(a):
    front = Url(os.environ["MUS_CLUSTER_URL"])
    nodes = {n.split(":")[0]: (int(n.split(":")[1]), int(n.split(":")[2]))
             for n in os.environ["MUS_CLUSTER_NODES"].split()}
    # The same tables without a fault, on one server beside the cluster (while it plays).
    reference = (asyncio.create_task(without_fault(a)) if a.server and a.test_seed is not None
                 else None)
    tables = []
    for i in range(a.tables):
        people = table_people(i)
        for p in people:
            await hello(front.url, p)
        tables.append((await seat(front.url, people), people))
    bot = None
    if a.net_bot:
        table, people, bot = await net_bot_table(a, front, nodes)
        tables.append((table, people))
    # Every node serves (active/active): the tables are spread over them, and each person is
    # on the node of its table (the second one followed `moved` there).
    owners = {t: people[0].node for t, people in tables}
    assert all(p.node == owners[t] for t, people in tables for p in people), owners
    spread = {n: sum(1 for o in owners.values() if o == n) for n in nodes}
    assert sum(1 for k in spread.values() if k > 0) >= min(2, len(nodes)), spread
    await lobbies_list(nodes, tables)
    everyone = [p for _, people in tables for p in people]
    await asyncio.gather(*(p.play(stop_seq=20) for p in everyone))
    await asyncio.gather(*(settle(people) for _, people in tables))
    seen = {p.name: p.view["seq"] for p in everyone}
    if a.fault == "postgres":
        # The database restarts (as after a crash) while the people play on: a node whose
        # commit fails stops, and its tables move to another node.
        subprocess.run([os.path.join(ROOT, "scripts", "pg_temp.sh"), "--restart"], check=True)
        killed = time.monotonic()
        results = await asyncio.gather(*(play_through(front, p, seen, a.lease)
                                          for p in everyone))
        took = time.monotonic() - killed
        what = f"PostgreSQL restarted ({spread})"
    else:
        # The node with the most tables still playing is killed. A short match may be over by
        # now: its table is served by nobody, only its record (checked below). The others wait
        # for a person and must be taken over by the nodes left.
        live = {t: people for t, people in tables if not people[0].over}
        victim = max(nodes, key=lambda n: sum(1 for t in live if owners[t] == n))
        gone = [t for t in live if owners[t] == victim]
        moving = [p for t in gone for p in live[t]]
        assert moving and 2 * len(live) >= len(tables), (len(live), spread)
        for t in gone:  # an act in flight at each table when the node dies
            p = next(p for p in live[t] if p.view["legal"])
            await p.send({"type": "act", "table": t, "action": p.choice(), "seq": p.view["seq"]})
        os.kill(nodes[victim][0], signal.SIGKILL)
        killed = time.monotonic()
        for p in moving:
            p.ws.transport.abort()
            p.view = None
        # Through HAProxy with node=<victim>: while it is down, the table's hash picks a node,
        # which answers `moved` until the lease expires and then takes the table.
        resumed = await asyncio.gather(
            *(resume_on(front, p, p.table, 4 * a.lease + 10) for p in moving))
        took = time.monotonic() - killed
        for p, v in zip(moving, resumed):
            assert v["seq"] >= seen[p.name], f"{p.name}: acknowledged {seen[p.name]}, now {v}"
            assert p.node != victim, p.node
        results = await asyncio.gather(*(p.play() for p in everyone))
        del nodes[victim]
        what = (f"{victim} killed (tables per node {spread}); the {len(moving)} people of its "
                f"{len(gone)} tables still playing resumed through HAProxy "
                f"{took:.2f} s later")
    assert results == ["over"] * len(everyone), results
    if bot is not None:
        said = (await asyncio.wait_for(bot.communicate(), 30))[0].decode()
        assert bot.returncode == 0 and "match over" in said, said
        assert f"is served by node {owners[tables[-1][0]]}" in said, said
    records = {t: front.get(people[0].over["replay"]) for t, people in tables}
    for t, people in tables:
        check_transcript(records[t], a.replayer, a.workdir, t)
    same = ""
    if reference is not None:
        moved = set(gone) if a.fault == "kill" else set()
        n = compare_tables(a, tables, records, await reference, moved)
        same = f"; the {n} records equal those of the same tables without the fault"
    for p in everyone:
        await p.close()
    # A resume token works through any node: the player (made on one node) is welcomed back
    # by each node left, straight and through HAProxy.
    p = everyone[-1]
    for name, (_, port) in sorted(nodes.items()) + [("HAProxy", (0, None))]:
        url = front.url if port is None else f"ws://127.0.0.1:{port}/ws"
        again = Client(f"{p.name} at {name}")
        again.token = p.token
        w = await again.connect(url)
        assert w["resumed"] and w["player"] == p.player and w["tables"] == [], w
        await again.close()
    print(f"haproxy: {a.tables} tables; at seq 20 {what} (leases of {a.lease} s); every "
          f"match finished and replays; every node listed every table; {p.name}'s token "
          f"resumed on {', '.join(sorted(nodes))} and through HAProxy" + same
          + ("; net_bot.py followed `moved` and finished its match" if bot else ""))


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
    p.add_argument("--server", help="mus-server (takeover; haproxy: the run without a fault)")
    p.add_argument("--test-seed", type=int,
                   help="haproxy: the nodes' --test-seed, to compare each table's record to "
                        "the run without a fault")
    p.add_argument("--replayer")
    p.add_argument("--net-bot", help="haproxy: net_bot.py, to take a seat at one more table")
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
