"""The match records binding: mus.MatchRecord (the library's reader, mus_record_reader_read_line), its
writer (mus_record_format) and its replay (mus_record_replay)."""

import random
import unittest

import mus
from mus import Action, MatchRecord, RecordEnd, State

from _support import REPO


def random_match(rules, dealer, seed):
    rng = random.Random(seed)
    state = State.new(rules, dealer)
    actions = []
    while not state.is_over:
        if state.to_act is None:
            action = Action.shuffle(seed=rng.randrange(2**64))
        else:
            action = rng.choice(state.legal_actions())
        state = state.apply(action)
        actions.append(action)
    return actions, state


class RecordTest(unittest.TestCase):
    def test_write_read_replay(self):
        actions, last = random_match("online target=20", 1, 3)
        text = MatchRecord.format("online target=20", 1, actions, comment="two\nlines")
        self.assertTrue(text.startswith("mus-record 3\n# two\n# lines\nrules online target=20\n"
                                        "dealer 1\n"))
        self.assertTrue(text.endswith("\nend over\n"))
        record = MatchRecord.parse(text)
        self.assertEqual((record.version, str(record.rules), record.dealer, record.end),
                         (3, "online target=20", 1, RecordEnd.OVER))
        self.assertEqual([s.action for s in record.steps], actions)
        self.assertEqual(record.steps[0].line, 6)
        self.assertIsNone(record.initial_state)
        self.assertEqual(record.replay(), last)
        self.assertEqual(mus.replay(text), last)

    def test_states(self):
        actions, last = random_match("standard", 0, 8)
        record = MatchRecord.parse(MatchRecord.format("standard", 0, actions, states=True))
        self.assertEqual(record.initial_state, State.new("standard", 0).to_text())
        self.assertEqual(record.steps[-1].state, last.to_text())
        self.assertEqual(record.steps[-1].state_line, record.steps[-1].line + 1)

    def test_errors_name_the_line(self):
        with self.assertRaises(mus.ParseError) as caught:
            MatchRecord.parse("mus-record 3\nrules standard\ndealer 3\n1 bett 2\nend over\n")
        self.assertTrue(caught.exception.message.startswith("line 4: unknown action"))
        self.assertEqual(caught.exception.position, 2)
        with self.assertRaises(mus.ParseError) as caught:
            MatchRecord.parse("mus-record 3\nrules standard\ndealer 3\n")
        self.assertIn("truncated record", caught.exception.message)
        with self.assertRaises(mus.ParseError):
            MatchRecord.parse("mus-record 9\n")
        with self.assertRaises(mus.BetTooSmallError) as caught:
            mus.replay("mus-record 3\nrules standard\ndealer 3\nshuffle seed 1\n0 cut\n0 pass\n"
                       "1 bet 1\nend stopped\n")
        self.assertTrue(caught.exception.message.startswith("line 7: R24: "))
        with self.assertRaises(mus.WrongPhaseError):
            MatchRecord.format("standard", 3, [Action.mus(0)])

    def test_old_versions_and_a_server_transcript(self):
        record = MatchRecord.parse("mus-record 1\nrules standard\ndealer 3\nshuffle  seed 1\n")
        self.assertEqual((record.version, record.end), (1, RecordEnd.NONE))
        text = (REPO / "tests" / "records" / "server_transcript.txt").read_text(encoding="utf-8")
        old = MatchRecord.parse(text)
        self.assertEqual(old.version, 0)
        self.assertTrue(old.replay().is_over)
        converted = MatchRecord.format(old.rules, old.dealer, [s.action for s in old.steps])
        self.assertEqual(MatchRecord.parse(converted).end, RecordEnd.OVER)


if __name__ == "__main__":
    unittest.main()
