#!/usr/bin/env python3
"""A bot that plays at a mus-server table over the network, from its seat's view only.

    python net_bot.py [--url ws://127.0.0.1:8080/ws] --create RULES [--seats human,bot,human,bot]
                      [--seat 0]
    python net_bot.py [--url ws://127.0.0.1:8080/ws] --table ID [--seat N]
    python net_bot.py [--url ws://127.0.0.1:8080/ws] --code CODE

An external bot uses the same socket and protocol as a person (docs/protocol.md): ``hello``
(asking for the views' text form),
``join`` (or ``create``), then for each ``view`` in which its seat is to act it reads the view's
text (the library's ``mus-view`` form), builds the state the seat can decide from
(``mus.State.from_view``: the public state, and a deal of the unseen cards that agrees with
everything public), asks ``mus.Bot`` for an action id and sends ``act`` with the view's
``seq``. It never sees another seat's cards, and neither does the bot. While a person's seat is
free it says which and how to fill it. Errors are printed; a dropped connection is resumed with
the resume token (``--reconnects`` tries in a row, counted again from the next view); at the end it prints the result and the replay's
path and exits. Behind a cluster's load balancer (several mus-server nodes), a ``moved`` answer
names the node that serves the table: it connects again through the same address with
``?table=ID&node=NAME`` (which the balancer routes by) and resumes there.

It needs only the ``mus`` package: run it with the venv of capi/python/README.md's quick start
(``.venv/bin/python capi/python/examples/net_bot.py ...``), or from a source tree with
``PYTHONPATH=capi/python MUS_LIBRARY=<build>/capi/libmus.so.0``. Its WebSocket client is the
small one below, on the standard library (ws:// and wss://), so no websockets package is needed.
"""

import argparse
import asyncio
import base64
import hashlib
import json
import os
import shutil
import ssl
import sys
import urllib.parse

try:
    import mus
except ImportError:
    sys.exit("net_bot.py needs the mus package, which %s cannot import. From the root of the "
             "libmus source tree, either install it into a venv (capi/python/README.md):\n"
             "  python3 -m venv .venv && .venv/bin/python -m pip install ./capi/python\n"
             "  .venv/bin/python capi/python/examples/net_bot.py ...\n"
             "or use the source tree with a library you built (cmake --build build --target "
             "mus_c):\n"
             "  PYTHONPATH=capi/python MUS_LIBRARY=$PWD/build/capi/libmus.so.0 python3 "
             "capi/python/examples/net_bot.py ..." % sys.executable)


class ConnectionClosed(Exception):
    """The WebSocket connection ended (a close frame, or the socket closed)."""


class WebSocket:
    """A WebSocket client (RFC 6455) on asyncio streams: what this bot needs and no more. It sends
    masked text frames, reads text frames (fragmented or not), answers pings, and ends with
    ConnectionClosed. Messages longer than ``max_size`` bytes close the connection."""

    GUID = b"258EAFA5-E914-47DA-95CA-C5AB0DC85B11"

    def __init__(self, reader, writer, max_size):
        self.reader, self.writer, self.max_size = reader, writer, max_size

    @classmethod
    async def connect(cls, url, max_size=1 << 20):
        u = urllib.parse.urlsplit(url)
        if u.scheme not in ("ws", "wss") or not u.hostname:
            raise ValueError("--url %s: not a ws:// or wss:// address" % url)
        port = u.port or (443 if u.scheme == "wss" else 80)
        context = ssl.create_default_context() if u.scheme == "wss" else None
        reader, writer = await asyncio.open_connection(u.hostname, port, ssl=context)
        key = base64.b64encode(os.urandom(16))
        host = u.hostname if u.port is None else "%s:%d" % (u.hostname, u.port)
        writer.write(b"GET %s HTTP/1.1\r\nHost: %s\r\nUpgrade: websocket\r\n"
                     b"Connection: Upgrade\r\nSec-WebSocket-Key: %s\r\n"
                     b"Sec-WebSocket-Version: 13\r\n\r\n"
                     % ((u.path or "/").encode() + (b"?" + u.query.encode() if u.query else b""),
                        host.encode(), key))
        await writer.drain()
        try:
            head = await reader.readuntil(b"\r\n\r\n")
        except asyncio.IncompleteReadError as e:
            writer.close()
            raise ConnectionClosed("the server closed the connection during the handshake") from e
        lines = head.decode("latin-1").split("\r\n")
        headers = {k.strip().lower(): v.strip()
                   for k, _, v in (line.partition(":") for line in lines[1:] if line)}
        accept = base64.b64encode(hashlib.sha1(key + cls.GUID).digest()).decode()
        if lines[0].split(" ")[1:2] != ["101"] or headers.get("sec-websocket-accept") != accept:
            writer.close()
            raise ConnectionClosed("no WebSocket at %s: %s" % (url, lines[0]))
        return cls(reader, writer, max_size)

    async def _frame(self, opcode, payload):
        mask = os.urandom(4)
        n = len(payload)
        head = bytes([0x80 | opcode])
        if n < 126:
            head += bytes([0x80 | n])
        elif n < 1 << 16:
            head += bytes([0x80 | 126]) + n.to_bytes(2, "big")
        else:
            head += bytes([0x80 | 127]) + n.to_bytes(8, "big")
        keys = (mask * (n // 4 + 1))[:n]
        masked = (int.from_bytes(payload, "big") ^ int.from_bytes(keys, "big")).to_bytes(n, "big")
        self.writer.write(head + mask + masked)
        await self.writer.drain()

    async def send(self, text):
        await self._frame(0x1, text.encode("utf-8"))

    async def recv(self):
        message = b""
        try:
            while True:
                b0, b1 = await self.reader.readexactly(2)
                n = b1 & 0x7F
                if n == 126:
                    n = int.from_bytes(await self.reader.readexactly(2), "big")
                elif n == 127:
                    n = int.from_bytes(await self.reader.readexactly(8), "big")
                if len(message) + n > self.max_size:
                    raise ConnectionClosed("a message over %d bytes" % self.max_size)
                mask = await self.reader.readexactly(4) if b1 & 0x80 else b""
                payload = await self.reader.readexactly(n)
                if mask:
                    keys = (mask * (n // 4 + 1))[:n]
                    payload = (int.from_bytes(payload, "big")
                               ^ int.from_bytes(keys, "big")).to_bytes(n, "big")
                opcode = b0 & 0x0F
                if opcode == 0x8:
                    raise ConnectionClosed("closed by the server")
                if opcode == 0x9:
                    await self._frame(0xA, payload)  # pong
                elif opcode in (0x0, 0x1, 0x2):
                    message += payload
                    if b0 & 0x80:
                        return message.decode("utf-8")
        except (asyncio.IncompleteReadError, ConnectionError) as e:
            raise ConnectionClosed("the connection dropped") from e

    def __aiter__(self):
        return self

    async def __anext__(self):
        try:
            return await self.recv()
        except ConnectionClosed:
            raise StopAsyncIteration from None

    async def close(self):
        try:
            await self._frame(0x8, b"")
        except (OSError, ConnectionError):
            pass
        self.writer.close()


def log(*args):
    print(*args, flush=True)


class NetBot:
    """One seat at one table: the connection, the resume token and the bot."""

    def __init__(self, args):
        self.args = args
        # A level's bot (mus_bot_config_level), or a kind's.
        self.bot = (mus.Bot.for_level(args.level) if args.level is not None
                    else mus.Bot(args.bot, playouts=args.playouts))
        self.token = None
        self.table = args.table
        self.seat = args.seat
        self.seated = False    # a view of the seat arrived
        self.rules = None      # mus.Rules, from the table message
        self.acted_seq = -1    # the seq of the last view answered
        self.decisions = 0
        self.waiting = None    # the free human seats last announced
        self.code = args.code  # a private table's join code
        self.route = None      # the node that serves the table, as a `moved` named it
        self.moves = 0         # `moved` answers since the last view
        self.drops = 0         # connections lost since the last view

    def url(self):
        """The server's address, with the table and its node once a `moved` named them."""
        if self.route is None:
            return self.args.url
        return "%s?%s" % (self.args.url.split("?")[0],
                          urllib.parse.urlencode({"table": self.table, "node": self.route}))

    async def send(self, ws, message):
        await ws.send(json.dumps(message))

    async def start(self, ws):
        """hello, then (first connection only) create or join; returns the welcome."""
        # The text form: each view carries the seat's view as text only (not the view object),
        # which is all a bot reads; about a third of the full view's bytes (docs/protocol.md).
        hello = {"type": "hello", "v": 1, "view": "text"}
        hello.update({"token": self.token} if self.token else {"name": self.args.name})
        await self.send(ws, hello)
        welcome = json.loads(await ws.recv())
        if welcome.get("type") != "welcome":
            raise SystemExit("no welcome: %s" % (welcome,))
        resumed = self.token is not None
        self.token = welcome["token"]
        # Seated already (the welcome lists the table), or the table is its own: resume. Not
        # seated yet (a `moved` answered the join): join again, on this node.
        if resumed and (self.args.create is not None or self.table in welcome.get("tables", [])):
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
            # After a `moved`, the table's id (and the code of a private one).
            if self.table:
                message["table"] = self.table
            if self.code:
                message["code"] = self.code
            if self.seat is not None:
                message["seat"] = self.seat
            await self.send(ws, message)

    def announce_free_seats(self, m):
        """Before the start, says which human seats are free and how to fill them (the match
        starts when every human seat has a person), each time that changes."""
        free = [] if m.get("started") else [
            s["seat"] for s in m.get("seats", []) if s.get("kind") == "human" and not s.get("player")]
        if free == self.waiting:
            return
        self.waiting = free
        if not free:
            return
        u = urllib.parse.urlsplit(self.args.url)
        page = "%s://%s/online.html#%s" % ("https" if u.scheme == "wss" else "http", u.netloc,
                                           "code=" + self.code if self.code else "t=" + m["table"])
        python = sys.executable  # as typed: a venv's path relative to here, or a name on PATH
        if os.path.commonpath([os.path.abspath(python), os.getcwd()]) == os.getcwd():
            python = os.path.relpath(python)
        elif shutil.which("python3") and os.path.samefile(shutil.which("python3"), python):
            python = "python3"
        url = "" if self.args.url == DEFAULT_URL else " --url " + self.args.url
        where = "--code " + self.code if self.code else "--table " + m["table"]
        log("waiting for a person at seat%s %s: the match starts when every human seat is "
            "taken. Take %s in a browser at %s, or seat another bot from a second terminal:"
            % ("s" if len(free) > 1 else "", ", ".join(map(str, free)),
               "them" if len(free) > 1 else "it", page))
        for seat in free:
            log("  %s %s%s %s --seat %d" % (python, sys.argv[0], url, where, seat))

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
        """Plays on one connection; returns the match_over message, "moved" when another node
        serves the table, or None when dropped."""
        await self.start(ws)
        async for raw in ws:
            m = json.loads(raw)
            kind = m.get("type")
            if kind == "table":
                if self.table is None:
                    self.table = m["table"]
                    log("table %s%s" % (m["table"],
                                         " code %s" % m["code"] if m.get("code") else ""))
                if m.get("code"):
                    self.code = m["code"]
                self.rules = mus.Rules(m["rules"])
                self.announce_free_seats(m)
            elif kind == "moved":
                # Another node serves the table: connect there (run()) and resume.
                if self.table is None or m["table"] == self.table:
                    self.table = m["table"]
                    self.route = m["node"]
                    log("table %s is served by node %s: connecting there" % (m["table"], m["node"]))
                    return "moved"
            elif kind == "view":
                self.moves = 0
                self.drops = 0  # resumed: the next drop starts the count again
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
        while True:
            try:
                ws = await WebSocket.connect(self.url())
                try:
                    over = await self.session(ws)
                finally:
                    await ws.close()
                if over == "moved":
                    # At once the first time; then (the node named may have just died, and the
                    # table waits for its lease to expire) after a growing pause.
                    self.moves += 1
                    await asyncio.sleep(0 if self.moves == 1 else min(0.25 * 2 ** self.moves, 2.0))
                    continue
                if over is not None:
                    log("match over: team %d won (%d decisions); replay %s" % (
                        over["winner"], self.decisions, over["replay"]))
                    return 0
                log("connection lost: closed")
            except (OSError, ConnectionClosed) as e:
                log("connection lost: %s" % (e,))
            self.drops += 1
            if self.drops > self.args.reconnects:
                log("gave up after %d reconnections without a view" % self.args.reconnects)
                return 1
            await asyncio.sleep(min(0.25 * 2 ** self.drops, 5.0))


DEFAULT_URL = "ws://127.0.0.1:8080/ws"  # mus-server's default address


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--url", default=DEFAULT_URL,
                   help="the server's WebSocket (default %s, scripts/serve.sh's)" % DEFAULT_URL)
    where = p.add_mutually_exclusive_group(required=True)
    where.add_argument("--table", help="the table id to join")
    where.add_argument("--code", help="the join code of a private table")
    where.add_argument("--create", metavar="RULES", help="create a table with these rules")
    p.add_argument("--seat", type=int, help="the seat, 0..3 (default: the first free one)")
    p.add_argument("--seats", default="human,bot,human,bot",
                   help="with --create: the seat plan, four of human and bot")
    p.add_argument("--clock", type=int, default=30, help="with --create: seconds per decision")
    p.add_argument("--private", action="store_true", help="with --create: a private table")
    decides = p.add_mutually_exclusive_group()
    decides.add_argument("--bot", default="heuristic", choices=[k.name.lower() for k in mus.BotKind],
                         help="the library's bot kind that decides (default heuristic)")
    decides.add_argument("--level",
                         help="instead of --bot, the library's level of play that decides: its "
                              "id (%s) or its name for players (principiante ... experto)"
                              % ", ".join(x.name.lower() for x in mus.Level))
    p.add_argument("--playouts", type=int, help="the search bot's budget per decision")
    p.add_argument("--seed", type=int, default=1, help="seeds the bot's decisions")
    p.add_argument("--name", default="net_bot", help="the player's name")
    p.add_argument("--reconnects", type=int, default=5,
                   help="how often to try to resume when dropped before a view comes back "
                        "(a view starts the count again)")
    args = p.parse_args()
    if urllib.parse.urlsplit(args.url).scheme not in ("ws", "wss"):
        p.error("--url %s: not a ws:// or wss:// address" % args.url)
    try:
        if args.level is not None:
            try:
                args.level = mus.parse_level(args.level)  # an id or a name for players
            except mus.ParseError as e:
                p.error("--level %s: %s" % (args.level, e.message))
        return asyncio.run(NetBot(args).run())
    except mus.LibraryNotFoundError as e:
        sys.exit("net_bot.py: %s" % e)
    except KeyboardInterrupt:
        return 130


if __name__ == "__main__":
    sys.exit(main())
