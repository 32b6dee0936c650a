#!/usr/bin/python3
"""A bot that plays at a mus-server table over the network, from its seat's view only.

    python3 net_bot.py --url ws://127.0.0.1:8080/ws --table ID [--seat N]
    python3 net_bot.py --url ws://127.0.0.1:8080/ws --code CODE
    python3 net_bot.py --url ws://127.0.0.1:8080/ws --create "standard target=15" \\
        --seats human,bot,human,bot [--seat 0]

An external bot uses the same socket and protocol as a person (docs/protocol.md): ``hello``,
``join`` (or ``create``), then for each ``view`` in which its seat is to act it reads the view's
text (the library's ``mus-view`` form), builds the state the seat can decide from
(``mus.State.from_view``: the public state, and a deal of the unseen cards that agrees with
everything public), asks ``mus.Bot`` for an action id and sends ``act`` with the view's
``seq``. It never sees another seat's cards, and neither does the bot. Errors are printed; a
dropped connection is resumed with the resume token (a bounded number of times); at the end it
prints the result and the replay's path and exits.

Needs the ``websockets`` package (Debian: python3-websockets, seen by /usr/bin/python3), the
``mus`` package (pip install ./capi/python, or PYTHONPATH=capi/python) and libmus
(MUS_LIBRARY=<build>/capi/libmus.so.0).
"""

import argparse
import asyncio
import json
import sys

import mus

try:
    import websockets
except ImportError:
    sys.exit("net_bot.py needs the websockets package (Debian: python3-websockets)")


def log(*args):
    print(*args, flush=True)


class NetBot:
    """One seat at one table: the connection, the resume token and the bot."""

    def __init__(self, args):
        self.args = args
        self.bot = mus.Bot(args.bot, playouts=args.playouts)
        self.token = None
        self.table = args.table
        self.seat = args.seat
        self.seated = False    # a view of the seat arrived
        self.rules = None      # mus.Rules, from the table message
        self.acted_seq = -1    # the seq of the last view answered
        self.decisions = 0

    async def send(self, ws, message):
        await ws.send(json.dumps(message))

    async def start(self, ws):
        """hello, then (first connection only) create or join; returns the welcome."""
        hello = {"type": "hello", "v": 1}
        hello.update({"token": self.token} if self.token else {"name": self.args.name})
        await self.send(ws, hello)
        welcome = json.loads(await ws.recv())
        if welcome.get("type") != "welcome":
            raise SystemExit("no welcome: %s" % (welcome,))
        resumed = self.token is not None
        self.token = welcome["token"]
        if resumed:
            # An act in flight when the connection dropped may not have been applied: answer
            # the current view again (a repeated act is refused as stale, without effect).
            self.acted_seq = -1
            log("resumed as %s" % welcome["player"])
            return
        if self.args.create is not None:
            message = {"type": "create", "rules": self.args.create,
                       "seats": self.args.seats.split(","), "clock": self.args.clock,
                       "private": self.args.private, "seat": self.seat if self.seat is not None
                       else self.args.seats.split(",").index("human")}
            await self.send(ws, message)
        else:
            message = {"type": "join"}
            message.update({"table": self.table} if self.table else {"code": self.args.code})
            if self.seat is not None:
                message["seat"] = self.seat
            await self.send(ws, message)

    async def on_view(self, ws, m):
        legal = m.get("legal") or []
        if not legal or m["seq"] <= self.acted_seq or m.get("text") is None:
            return
        seat = m["seat"]
        state = mus.State.from_view(self.rules, m["text"])
        seed = (self.args.seed * 0x9E3779B97F4A7C15 + m["seq"]) % (1 << 64)
        action = self.bot.choose_id(state, seed, seat)
        if action not in {entry["id"] for entry in legal}:
            raise SystemExit("the bot chose %d, not a legal id of the view %s" % (action, legal))
        self.acted_seq = m["seq"]
        self.decisions += 1
        log("seq %d: %s" % (m["seq"], next(e["text"] for e in legal if e["id"] == action)))
        await self.send(ws, {"type": "act", "table": m["table"], "action": action,
                             "seq": m["seq"]})

    async def session(self, ws):
        """Plays on one connection; returns the match_over message, or None when dropped."""
        await self.start(ws)
        async for raw in ws:
            m = json.loads(raw)
            kind = m.get("type")
            if kind == "table":
                if self.table is None:
                    self.table = m["table"]
                    log("table %s%s" % (m["table"],
                                         " code %s" % m["code"] if m.get("code") else ""))
                self.rules = mus.Rules(m["rules"])
            elif kind == "view":
                if m["seat"] >= 0 and not self.seated:
                    self.seat = m["seat"]
                    self.seated = True
                    log("seat %d" % self.seat)
                await self.on_view(ws, m)
            elif kind == "error":
                log("error %s: %s (re %s)" % (m.get("code"), m.get("message"), m.get("re")))
                if m.get("code") in ("unknown_table", "wrong_code", "seat_taken", "table_full",
                                     "bad_rules", "bad_value", "unknown_token", "replaced"):
                    raise SystemExit(1)
            elif kind == "match_over":
                return m
        return None

    async def run(self):
        attempts = 0
        while True:
            try:
                async with websockets.connect(self.args.url, max_size=1 << 20) as ws:
                    over = await self.session(ws)
                    if over is not None:
                        log("match over: team %d won (%d decisions); replay %s" % (
                            over["winner"], self.decisions, over["replay"]))
                        return 0
            except (OSError, websockets.exceptions.ConnectionClosed) as e:
                log("connection lost: %s" % (e,))
            attempts += 1
            if attempts > self.args.reconnects:
                log("gave up after %d reconnections" % self.args.reconnects)
                return 1
            await asyncio.sleep(min(0.25 * 2 ** attempts, 5.0))


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--url", default="ws://127.0.0.1:8080/ws", help="the server's WebSocket")
    where = p.add_mutually_exclusive_group(required=True)
    where.add_argument("--table", help="the table id to join")
    where.add_argument("--code", help="the join code of a private table")
    where.add_argument("--create", metavar="RULES", help="create a table with these rules")
    p.add_argument("--seat", type=int, help="the seat, 0..3 (default: the first free one)")
    p.add_argument("--seats", default="human,bot,human,bot",
                   help="with --create: the seat plan, four of human and bot")
    p.add_argument("--clock", type=int, default=30, help="with --create: seconds per decision")
    p.add_argument("--private", action="store_true", help="with --create: a private table")
    p.add_argument("--bot", default="heuristic", choices=("random", "heuristic", "search"))
    p.add_argument("--playouts", type=int, help="the search bot's budget per decision")
    p.add_argument("--seed", type=int, default=1, help="seeds the bot's decisions")
    p.add_argument("--name", default="net_bot", help="the player's name")
    p.add_argument("--reconnects", type=int, default=5, help="how often to resume when dropped")
    args = p.parse_args()
    return asyncio.run(NetBot(args).run())


if __name__ == "__main__":
    sys.exit(main())
