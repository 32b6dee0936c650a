"""examples/net_bot.py's resuming: --reconnects bounds the drops in a row, and a view received
starts the count (and the pause before the next try) again. The connections are scripted
stand-ins for the server's WebSocket, so the real session code reads them; the whole match
over real sockets, with a server killed, is the ctest server.net_bot."""

import argparse
import asyncio
import contextlib
import io
import json
import os
import sys
import unittest
from unittest import mock

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "examples"))
import net_bot  # noqa: E402  (the example, imported from its folder)

WELCOME = {"type": "welcome", "token": "tok", "player": "p1", "tables": ["T1"]}
VIEW = {"type": "view", "table": "T1", "seat": 1, "seq": 7, "legal": []}  # nothing to decide
OVER = {"type": "match_over", "winner": 0, "replay": "replays/T1.mus"}


class ScriptedSocket:
    """One connection: the welcome, then `messages`, then the connection drops."""

    def __init__(self, messages):
        self.messages = list(messages)
        self.sent = []

    async def send(self, text):
        self.sent.append(json.loads(text))

    async def recv(self):
        return json.dumps(WELCOME)

    def __aiter__(self):
        return self

    async def __anext__(self):
        if not self.messages:
            raise net_bot.ConnectionClosed("dropped")
        return json.dumps(self.messages.pop(0))

    async def close(self):
        pass


def play(connections, reconnects):
    """Runs NetBot.run() over the scripted connections; returns its exit status, how many
    connections it opened, and the pauses it made before reconnecting."""
    args = argparse.Namespace(url="ws://127.0.0.1:9/ws", table="T1", code=None, create=None,
                              seat=1, seats="human,bot,human,bot", clock=30, private=False,
                              bot="heuristic", level=None, playouts=None, seed=1, name="t",
                              reconnects=reconnects)
    scripts = list(connections)
    opened = []
    pauses = []

    async def connect(url):
        if not scripts:
            raise OSError("no more connections in the script")
        ws = ScriptedSocket(scripts.pop(0))
        opened.append(ws)
        return ws

    async def pause(seconds):
        pauses.append(seconds)

    with mock.patch.object(net_bot.WebSocket, "connect", connect), \
            mock.patch.object(net_bot.asyncio, "sleep", pause), \
            contextlib.redirect_stdout(io.StringIO()):
        status = asyncio.run(net_bot.NetBot(args).run())
    return status, len(opened), pauses


class Reconnects(unittest.TestCase):
    def test_a_view_starts_the_count_again(self):
        # Three drops with one try allowed: each connection got a view before it dropped, so
        # none is a second drop in a row; the fourth connection sees the match end.
        status, opened, pauses = play([[VIEW], [VIEW], [VIEW], [OVER]], reconnects=1)
        self.assertEqual(status, 0)
        self.assertEqual(opened, 4)
        self.assertEqual(pauses, [0.5, 0.5, 0.5])  # the first pause each time, not a longer one

    def test_drops_in_a_row_without_a_view_give_up(self):
        # After a view, three drops in a row with two tries allowed: it gives up at the third,
        # having opened three connections, the pauses growing.
        status, opened, pauses = play([[VIEW], [], [], [OVER]], reconnects=2)
        self.assertEqual(status, 1)
        self.assertEqual(opened, 3)
        self.assertEqual(pauses, [0.5, 1.0])

    def test_the_resume_sends_the_token(self):
        # The first connection says hello by name and joins; the next resumes with the token.
        sent = []
        original = ScriptedSocket.send

        async def record(self, text):
            sent.append(json.loads(text))
            await original(self, text)

        with mock.patch.object(ScriptedSocket, "send", record):
            status, opened, _ = play([[VIEW], [OVER]], reconnects=1)
        self.assertEqual((status, opened), (0, 2))
        hellos = [m for m in sent if m["type"] == "hello"]
        self.assertEqual(hellos[0].get("name"), "t")
        self.assertEqual(hellos[1].get("token"), "tok")
        self.assertEqual([m["type"] for m in sent], ["hello", "join", "hello"])


if __name__ == "__main__":
    unittest.main()
