"""Every error status becomes a MusError subclass with status, name and the library's message."""

import pickle
import unittest

import mus
from mus import Status
from mus.errors import error_class


class ErrorClassTest(unittest.TestCase):
    def test_one_class_per_status(self):
        classes = set()
        for status in Status:
            if status is Status.OK:
                continue
            with self.subTest(status.c_name):
                cls = error_class(status)
                classes.add(cls)
                self.assertTrue(issubclass(cls, mus.MusError))
                self.assertIs(cls.code, status)
                self.assertIs(getattr(mus, cls.__name__), cls, "exported from mus")
                message = mus.status_string(status)
                self.assertTrue(message.startswith(status.c_name + ": "), message)
                err = cls(status, message, "mus_something", "detail")
                self.assertIs(err.status, status)
                self.assertEqual(err.name, status.c_name)
                self.assertEqual(err.message, message)
                self.assertEqual(str(err), "mus_something: %s (detail)" % message)
                self.assertIsNone(err.position)
                back = pickle.loads(pickle.dumps(err))
                self.assertIs(type(back), cls)
                self.assertEqual((back.status, back.message, back.function, back.detail),
                                 (err.status, err.message, err.function, err.detail))
        self.assertEqual(len(classes), len(Status) - 1)

    def test_groups(self):
        for cls in (mus.InvalidArgumentError, mus.ParseError, mus.InvalidRulesError,
                    mus.InvalidCardsError, mus.InvalidStateError, mus.NoActionIdError):
            self.assertTrue(issubclass(cls, ValueError), cls)
        for cls in (mus.WrongPhaseError, mus.NotYourTurnError, mus.IllegalActionError,
                    mus.BetTooSmallError, mus.CardNotInHandError, mus.BadShuffleError,
                    mus.MatchOverError, mus.FalseSignalError, mus.SignalNotInSetError):
            self.assertTrue(issubclass(cls, mus.ActionError), cls)
        self.assertTrue(issubclass(mus.LibraryNotFoundError, OSError))

    def test_unknown_status(self):
        self.assertIs(error_class(-99), mus.MusError)
        self.assertEqual(mus.status_string(-99), "unknown status")
        err = mus.MusError(-99, mus.status_string(-99))
        self.assertEqual(err.status, -99)
        self.assertEqual(err.name, "MUS_E_UNKNOWN(-99)")
        self.assertEqual(mus.status_string(0), mus.status_string(Status.OK))

    def test_a_real_error_names_the_function_input_and_reason(self):
        with self.assertRaises(mus.ParseError) as cm:
            mus.Hand.parse("Ko Kc")
        err = cm.exception
        self.assertEqual((err.status, err.name), (Status.PARSE, "MUS_E_PARSE"))
        self.assertEqual(err.function, "mus_hand_parse")
        self.assertEqual(err.message, "expected four cards at position 5")
        self.assertEqual(str(err), "mus_hand_parse: MUS_E_PARSE: expected four cards at "
                                   "position 5 (text 'Ko Kc')")


class ReasonTest(unittest.TestCase):
    """Each exception says why, in the library's words (mus_last_error()), as the terminal does."""

    def assertReason(self, cls, call, reason):
        with self.assertRaises(cls) as cm:
            call()
        self.assertEqual(cm.exception.message, reason)
        self.assertIn(reason, str(cm.exception))
        return cm.exception

    def test_rules_text(self):
        self.assertReason(mus.ParseError, lambda: mus.Rules.parse("standard kings=5"),
                          "kings must be 4 or 8 at position 15")

    def test_hand_text(self):
        self.assertReason(mus.ParseError, lambda: mus.Hand.parse("Ko Ko Qe Ab"),
                          "duplicate card at position 3")
        self.assertReason(mus.ParseError, lambda: mus.Hand.parse("Ko 3c Qe"),
                          "expected four cards at position 8")

    def test_state_text_of_version_1(self):
        self.assertReason(mus.ParseError, lambda: mus.State.parse("mus-state/1 AAAA"),
                          "mus-state/1 is the layout of libmus 0.1; this version reads "
                          "mus-state/2 at position 0")

    def test_view_text_of_version_1(self):
        self.assertReason(mus.ParseError, lambda: mus.View.parse("mus-view/1 AAAA"),
                          "mus-view/1 is the seat view of libmus 0.1; this version reads "
                          "mus-view/3 at position 0")

    def test_unknown_preset_lists_the_presets(self):
        self.assertReason(mus.ParseError, lambda: mus.Rules.preset("basqe"),
                          "unknown preset (expected standard, spain, basque or online)")

    def test_first_dealer(self):
        self.assertReason(mus.InvalidArgumentError, lambda: mus.State.new("standard", 4),
                          "first dealer must be a seat 0..3")
        self.assertEqual(mus.last_error(), "first dealer must be a seat 0..3")
        mus.State.new("standard", 0)   # a successful call leaves it alone
        self.assertEqual(mus.last_error(), "first dealer must be a seat 0..3")

    def test_bare_status_gives_the_status_text(self):
        bot = mus.Bot("random")
        state = mus.State.new("standard", 0)
        self.assertReason(mus.WrongPhaseError, lambda: bot.choose(state, seat=1),
                          mus.status_string(Status.WRONG_PHASE))

    def test_each_thread_reads_its_own_reason(self):
        import threading
        seen = {}

        def fail(name, call):
            for _ in range(200):
                try:
                    call()
                except mus.MusError as err:
                    seen.setdefault(name, set()).add(err.message)
        threads = [threading.Thread(target=fail, args=("hand", lambda: mus.Hand.parse("Ko"))),
                   threading.Thread(target=fail, args=("new", lambda: mus.State.new(
                       "standard", 7)))]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        self.assertEqual(seen, {"hand": {"expected four cards at position 2"},
                                "new": {"first dealer must be a seat 0..3"}})


if __name__ == "__main__":
    unittest.main()
