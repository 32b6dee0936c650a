"""The match transcripts of tests/transcripts (match records with every state line, written
once by the C++ library), replayed through the Python binding: each record read by the
library's reader (mus.MatchRecord.parse), then the match made (mus_state_new), each action applied
(mus_apply) and every state text (mus_state_format) compared with the recorded one, byte for
byte. See tests/transcripts/README.md."""

import unittest

import mus

from _support import REPO

TRANSCRIPTS = REPO / "tests" / "transcripts"


class ReplayError(AssertionError):
    pass


def first_difference(expected, got):
    at = next((i for i, (a, b) in enumerate(zip(expected, got)) if a != b),
              min(len(expected), len(got)))
    return "first differing byte at column %d: expected %r, got %r" % (
        at + 1, expected[at:at + 1] or "the end", got[at:at + 1] or "the end")


def replay(path):
    """Replays one transcript; returns the number of actions, raises ReplayError with the file,
    the line and the first differing byte on a difference."""
    with open(path, encoding="utf-8", newline="") as f:
        text = f.read()
    try:
        record = mus.MatchRecord.parse(text)
    except mus.MusError as exc:
        raise ReplayError("%s: %s" % (path.name, exc.message)) from None
    if record.initial_state is None:
        raise ReplayError("%s: no state line after the dealer line" % path.name)
    state = mus.State.new(record.rules, record.dealer)
    if state.to_text() != record.initial_state:
        raise ReplayError("%s: the new match's state text differs, %s"
                          % (path.name, first_difference(record.initial_state, state.to_text())))
    for step in record.steps:
        where = "%s:%d" % (path.name, step.line)
        if step.action.to_text() != text.split("\n")[step.line - 1].strip():
            raise ReplayError("%s: the action text is not canonical" % where)
        try:
            state = state.apply(step.action)
        except mus.MusError as exc:
            raise ReplayError("%s: %r refused: %s" % (where, str(step.action), exc)) from None
        if step.state is None:
            raise ReplayError("%s: no state line after the action" % where)
        got = state.to_text()
        if got != step.state:
            raise ReplayError("%s:%d: state text differs, %s"
                              % (path.name, step.state_line, first_difference(step.state, got)))
    if not state.is_over or record.end != mus.RecordEnd.OVER:
        raise ReplayError("%s: the match is not over at the end" % path.name)
    # The library's own replay agrees.
    if mus.replay(text) != state:
        raise ReplayError("%s: mus.replay() ends elsewhere" % path.name)
    return len(record.steps)


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
        self.assertEqual(str(caught.exception),
                         "changed-byte.txt:8: state text differs, first differing byte at "
                         "column 101: expected 'A', got 'D'")


if __name__ == "__main__":
    unittest.main()
