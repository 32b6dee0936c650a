"""Rules: presets, parsing, overrides, the canonical text, fields, equality, errors."""

import pickle
import unittest

import mus
from mus import MusCorrido, Royal31, Rules, SignalSet


class PresetTest(unittest.TestCase):
    def test_presets_match_the_rules_table(self):
        # rules.md "Rule presets": kings, target, games per vaca, vacas; dejes; mus corrido.
        table = {
            "standard": (8, 40, 2, 1, True, MusCorrido.OFF),
            "basque": (4, 40, 3, 1, True, MusCorrido.GAME),
            "online": (8, 40, 1, 1, False, MusCorrido.OFF),
            "spain": (8, 30, 3, 3, True, MusCorrido.OFF),
        }
        for name, (kings, target, gpv, vacas, deje_ends, corrido) in table.items():
            with self.subTest(name):
                r = Rules.preset(name)
                self.assertEqual((r.kings, r.target, r.games_per_vaca, r.vacas),
                                 (kings, target, gpv, vacas))
                self.assertIs(r.deje_ends, deje_ends)
                self.assertIs(r.mus_corrido, corrido)
                self.assertEqual(str(r), name)
                self.assertEqual(Rules.parse(name), r)

    def test_default_is_standard(self):
        self.assertEqual(Rules(), Rules.preset("standard"))
        self.assertEqual(Rules.preset(), Rules.preset("standard"))
        self.assertEqual(Rules("basque"), Rules.preset("basque"))

    def test_field_types(self):
        r = Rules.preset("standard")
        self.assertEqual(r.as_dict(), {
            "kings": 8, "target": 40, "games_per_vaca": 2, "vacas": 1, "min_raise": 2,
            "royal31": Royal31.OFF, "zero_discard": False, "deje_ends": True,
            "mus_corrido": MusCorrido.OFF, "tio_perete": False, "answers": mus.Answers.FIRST,
            "signals": SignalSet.FULL})
        self.assertIs(Rules.preset("online").answers, mus.Answers.PROPOSAL)
        self.assertIsInstance(r.royal31, Royal31)
        self.assertIsInstance(r.mus_corrido, MusCorrido)
        self.assertIsInstance(r.zero_discard, bool)

    def test_fields_are_read_only(self):
        r = Rules.preset("standard")
        with self.assertRaises(AttributeError):
            r.target = 30


class OverrideTest(unittest.TestCase):
    def test_keyword_overrides(self):
        r = Rules.preset("standard", target=30, kings=4)
        self.assertEqual((r.target, r.kings), (30, 4))
        self.assertEqual(str(r), "standard kings=4 target=30")
        self.assertEqual(r, Rules.parse("standard kings=4 target=30"))

    def test_every_field_can_be_overridden(self):
        r = Rules.preset("standard", kings=4, target=999, games_per_vaca=7, vacas=5,
                         min_raise=1, royal31="jack_of_coins777", zero_discard=True,
                         deje_ends=False, mus_corrido=MusCorrido.MATCH, tio_perete=1,
                         answers="proposal", signals="off")
        self.assertEqual(r.as_dict(), {
            "kings": 4, "target": 999, "games_per_vaca": 7, "vacas": 5, "min_raise": 1,
            "royal31": Royal31.JACK_OF_COINS777, "zero_discard": True, "deje_ends": False,
            "mus_corrido": MusCorrido.MATCH, "tio_perete": True,
            "answers": mus.Answers.PROPOSAL, "signals": SignalSet.OFF})
        self.assertEqual(Rules.preset("online").signals, SignalSet.ONLINE)  # R33a
        self.assertEqual(Rules.parse(str(r)), r)

    def test_replace_and_parse_overrides(self):
        base = Rules.preset("basque")
        self.assertEqual(base.replace(target=30).target, 30)
        self.assertEqual(base.target, 40, "replace returns a new value")
        self.assertIs(base.replace(), base)
        self.assertEqual(Rules.parse("online", royal31=Royal31.FIGURE777).royal31,
                         Royal31.FIGURE777)

    def test_option_names(self):
        for option in Royal31:
            with self.subTest(option):
                self.assertIs(Rules.preset("standard", royal31=option.name.lower()).royal31,
                              option)
        for option in MusCorrido:
            with self.subTest(option):
                self.assertIs(Rules.preset("standard", mus_corrido=option.name.lower())
                              .mus_corrido, option)

    def test_out_of_limits_override(self):
        for field, value in (("target", 0), ("target", 1000), ("kings", 5), ("min_raise", 3),
                             ("royal31", 9), ("zero_discard", 2), ("games_per_vaca", 0),
                             ("vacas", 100), ("mus_corrido", -1)):
            with self.subTest(field=field, value=value):
                with self.assertRaises(mus.InvalidRulesError) as cm:
                    Rules.preset("standard", **{field: value})
                self.assertEqual(cm.exception.status, mus.Status.INVALID_RULES)
                self.assertIn("%s=%r" % (field, value), str(cm.exception))

    def test_bad_override_types_and_names(self):
        with self.assertRaises(TypeError):
            Rules.preset("standard", tarjet=30)
        with self.assertRaises(TypeError):
            Rules.preset("standard", target="30")
        with self.assertRaises(mus.ParseError):
            Rules.preset("standard", royal31="jack888")


class TextTest(unittest.TestCase):
    def test_canonical_text(self):
        cases = {
            "standard": "standard",
            "standard target=40": "standard",
            "basque deje_ends=0 target=40": "basque deje_ends=0",
            "standard target=30 games_per_vaca=3 vacas=3": "spain",
            "standard royal31=jack777 kings=4": "standard kings=4 royal31=jack777",
            "online target=30 target=35": "online target=35",  # the last key wins
            "  standard   kings=4 ": "standard kings=4",
        }
        for text, canonical in cases.items():
            with self.subTest(text):
                self.assertEqual(str(Rules.parse(text)), canonical)
                self.assertEqual(repr(Rules.parse(text)), "Rules(%r)" % canonical)

    def test_parse_errors(self):
        # Text with a value outside its limits is a parse error too (mus_rules_parse()); the
        # struct path (keyword overrides) says MUS_E_INVALID_RULES.
        for text in ("nope", "STANDARD", "standard foo=1", "standard target=x",
                     "standard kings", "standard royal31=maybe", "target=30 standard",
                     "standard kings=3", "standard target=0", "standard min_raise=3"):
            with self.subTest(text):
                with self.assertRaises(mus.ParseError) as cm:
                    Rules.parse(text)
                self.assertEqual(cm.exception.name, "MUS_E_PARSE")
                self.assertIsInstance(cm.exception, ValueError)
        with self.assertRaises(mus.ParseError):
            Rules.preset("nope")
        with self.assertRaises(TypeError):
            Rules.parse(40)


class ValueTest(unittest.TestCase):
    def test_equality_and_hash(self):
        a = Rules.preset("standard", target=30)
        b = Rules.parse("standard target=30")
        c = Rules.preset("standard")
        self.assertEqual(a, b)
        self.assertEqual(hash(a), hash(b))
        self.assertNotEqual(a, c)
        self.assertNotEqual(a, "standard target=30")
        self.assertEqual(len({a, b, c}), 2)

    def test_pickle(self):
        r = Rules.preset("basque", tio_perete=True, royal31="jack777")
        self.assertEqual(pickle.loads(pickle.dumps(r)), r)


if __name__ == "__main__":
    unittest.main()
