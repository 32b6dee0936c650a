"""The match transcripts of tests/transcripts (written once by the C++ library), replayed
through the Python binding byte for byte: the rules text parsed (mus_rules_parse), the match
made (mus_state_new), each action parsed (mus_action_parse) and applied (mus_apply), and every
state text (mus_state_format) equal to the recorded one. See tests/transcripts/README.md."""

import unittest

import mus

from _support import REPO

TRANSCRIPTS = REPO / "tests" / "transcripts"


class ReplayError(AssertionError):
    pass


def replay(path):
    """Replays one transcript; returns the number of actions, raises ReplayError with the file,
    the line and the first differing byte on a difference."""
    state = None
    rules = None
    dealer = None
    expect = "rules"
    actions = 0
    with open(path, encoding="utf-8", newline="") as f:
        lines = f.read().split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    for number, line in enumerate(lines, 1):
        where = "%s:%d" % (path.name, number)
        if not line or line.startswith("#"):
            continue
        word, _, rest = line.partition(" ")
        if word != expect and not (expect == "action" and word == "action"):
            raise ReplayError("%s: expected a %r record, found %r" % (where, expect, word))
        if word == "rules":
            rules = mus.Rules.parse(rest)
            if str(rules) != rest:
                raise ReplayError("%s: the rules text is not canonical: %r formats as %r"
                                  % (where, rest, str(rules)))
            expect = "dealer"
        elif word == "dealer":
            dealer = int(rest)
            state = mus.State.new(rules, dealer)
            expect = "state"
        elif word == "state":
            got = state.to_text()
            if got != rest:
                at = next((i for i, (a, b) in enumerate(zip(got, rest)) if a != b),
                          min(len(got), len(rest)))
                raise ReplayError("%s: the state text differs at byte %d:\n  recorded %r\n  "
                                  "replayed %r" % (where, at, rest[at:at + 20], got[at:at + 20]))
            expect = "action"
        elif word == "action":
            action = mus.Action.parse(rest)
            if action.to_text() != rest:
                raise ReplayError("%s: the action text is not canonical: %r formats as %r"
                                  % (where, rest, action.to_text()))
            try:
                state = state.apply(action)
            except mus.MusError as exc:
                raise ReplayError("%s: %r refused: %s" % (where, rest, exc)) from None
            actions += 1
            expect = "state"
        else:
            raise ReplayError("%s: unknown record %r" % (where, word))
    if state is None or expect != "action":
        raise ReplayError("%s: incomplete transcript (expected a %r record)" % (path.name, expect))
    if not state.is_over:
        raise ReplayError("%s: the match is not over at the end" % path.name)
    return actions


def listed():
    """The transcripts tests/transcripts/transcripts.list names."""
    listing = TRANSCRIPTS / "transcripts.list"
    if not listing.is_file():
        raise AssertionError("no %s: the transcripts are missing" % listing)
    names = [l.strip() for l in listing.read_text(encoding="utf-8").splitlines()
             if l.strip() and not l.startswith("#")]
    if not names:
        raise AssertionError("%s names no transcript" % listing)
    return [TRANSCRIPTS / n for n in names]


class TranscriptTest(unittest.TestCase):
    def test_every_transcript_replays_byte_for_byte(self):
        paths = listed()
        self.assertEqual(sorted(p.name for p in paths),
                         sorted(p.name for p in TRANSCRIPTS.glob("*.txt")
                                if p.name != "CMakeLists.txt"),
                         "transcripts.list names every *.txt file")
        total = 0
        for path in paths:
            with self.subTest(path.name):
                total += replay(path)
        self.assertGreater(total, 0)

    def test_a_changed_byte_is_reported(self):
        changed = TRANSCRIPTS / "selftest" / "changed-byte.txt"
        if not changed.is_file():
            self.fail("no %s" % changed)
        with self.assertRaises(ReplayError) as caught:
            replay(changed)
        self.assertIn("differs at byte", str(caught.exception))


if __name__ == "__main__":
    unittest.main()
