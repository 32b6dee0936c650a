"""The bots' decisions and playouts of tests/transcripts/bots.expected, which C, C# and
JavaScript reproduce too (format in tests/transcripts/README.md): each ``choose`` record is the
id mus.Bot.choose_id gives, each ``playouts`` record the digest of mus.playouts."""

import unittest

import mus
from _support import REPO

EXPECTED = REPO / "tests" / "transcripts" / "bots.expected"


def bot_of(name):
    if name.startswith("search/"):
        return mus.Bot("search", playouts=int(name[len("search/"):]))
    return mus.Bot(name)


def digest(points):
    """Each team's total and the sum of (i + 1) * (64 * team 0 + team 1) over the playouts."""
    return (sum(a for a, _ in points), sum(b for _, b in points),
            sum((i + 1) * (64 * a + b) for i, (a, b) in enumerate(points)))


class BotsCrossLanguageTest(unittest.TestCase):
    def test_every_record(self):
        state = None
        checked = 0
        for number, line in enumerate(EXPECTED.read_text(encoding="utf-8").splitlines(), 1):
            if not line or line.startswith("#"):
                continue
            word, _, rest = line.partition(" ")
            where = "bots.expected:%d" % number
            if word == "state":
                state = mus.State.parse(rest)
                continue
            self.assertIsNotNone(state, where)
            fields = rest.split(" ")
            with self.subTest(line=where):
                if word == "choose":
                    seat, bot, seed, expected = fields
                    self.assertEqual(bot_of(bot).choose_id(state, int(seed), int(seat)),
                                     int(expected), where)
                elif word == "playouts":
                    bot, seed, first, n, scope = fields[:5]
                    points = mus.playouts(state, bot_of(bot), int(seed), int(n), scope,
                                          first=int(first))
                    self.assertEqual(len(points), int(n))
                    self.assertEqual(digest(points), tuple(int(x) for x in fields[5:]), where)
                else:
                    self.fail("%s: unknown record %r" % (where, word))
            checked += 1
        self.assertGreater(checked, 50)


if __name__ == "__main__":
    unittest.main()
