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

    def test_a_real_error_names_the_function_and_input(self):
        with self.assertRaises(mus.ParseError) as cm:
            mus.Hand.parse("Ko Kc")
        err = cm.exception
        self.assertEqual((err.status, err.name), (Status.PARSE, "MUS_E_PARSE"))
        self.assertEqual(err.function, "mus_hand_parse")
        self.assertEqual(err.message, mus.status_string(Status.PARSE))
        self.assertIn("'Ko Kc'", str(err))


if __name__ == "__main__":
    unittest.main()
