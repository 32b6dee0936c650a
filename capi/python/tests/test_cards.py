"""Cards, hands, their evaluation (R2-R6, R9, R16-R21, R28, R33), lance_winner, seeded_order."""

import pickle
import unittest

import mus
from mus import Card, Hand, Lance, Rank, Rules, Signal, Suit, lance_winner

STANDARD = Rules.preset("standard")          # 8 kings
FOUR_KINGS = Rules.preset("standard", kings=4)


class CardTest(unittest.TestCase):
    def test_ids_ranks_suits(self):
        # R3: id = suit * 10 + rank; Ao 0, Ko 9, Ab 30, Kb 39.
        for text, card_id, rank, suit in (("Ao", 0, Rank.ACE, Suit.OROS),
                                          ("Ko", 9, Rank.KING, Suit.OROS),
                                          ("7c", 16, Rank.SEVEN, Suit.COPAS),
                                          ("Je", 27, Rank.JACK, Suit.ESPADAS),
                                          ("Qb", 38, Rank.KNIGHT, Suit.BASTOS),
                                          ("Ab", 30, Rank.ACE, Suit.BASTOS),
                                          ("Kb", 39, Rank.KING, Suit.BASTOS)):
            with self.subTest(text):
                card = Card.parse(text)
                self.assertEqual(card.id, card_id)
                self.assertIs(card.rank, rank)
                self.assertIs(card.suit, suit)
                self.assertEqual(str(card), text)
                self.assertIs(Card(card_id), card)
                self.assertIs(Card(text), card)
                self.assertIs(Card(card), card)
                self.assertEqual(repr(card), "Card(%r)" % text)

    def test_every_card_prints_as_the_library_does(self):
        deck = Card.deck()
        self.assertEqual([c.id for c in deck], list(range(40)))
        for card in deck:
            others = [c for c in deck if c != card][:3]
            hand = Hand([card] + others)
            with self.subTest(card.id):
                self.assertEqual(str(hand).split(" ")[0], str(card))  # mus_hand_format
                self.assertIs(Card.parse(str(card)), card)

    def test_accepted_spellings(self):
        # R2: Spanish letters S, C, R, the rank 1 and either case are accepted.
        for text, canonical in (("rb", "Kb"), ("Ro", "Ko"), ("Cc", "Qc"), ("Se", "Je"),
                                ("1o", "Ao"), ("kO", "Ko"), (" Ko ", "Ko"), ("Ao", "Ao"),
                                ("4o", "4o"), ("2o", "2o")):
            with self.subTest(text):
                self.assertEqual(str(Card.parse(text)), canonical)

    def test_errors(self):
        for text in ("Zz", "Ko Kc", "", "K", "8o", "Kx"):
            with self.subTest(text):
                with self.assertRaises(mus.ParseError):
                    Card.parse(text)
        for bad in (40, -1, 255):
            with self.subTest(bad):
                with self.assertRaises(mus.InvalidCardsError) as cm:
                    Card(bad)
                self.assertEqual(cm.exception.status, mus.Status.INVALID_CARDS)
        for bad in (True, 1.5, None):
            with self.subTest(bad):
                with self.assertRaises(TypeError):
                    Card(bad)
        with self.assertRaises(TypeError):
            Card.parse(9)

    def test_order_hash_pickle(self):
        cards = [Card("Kb"), Card("Ao"), Card("7c")]
        self.assertEqual([str(c) for c in sorted(cards)], ["Ao", "7c", "Kb"])
        self.assertTrue(Card("Ao") < Card("Kb") <= Card("Kb") and Card("Kb") >= Card("Ao"))
        self.assertEqual(len({Card(9), Card("Ko"), Card(10)}), 2)
        self.assertIs(pickle.loads(pickle.dumps(Card("Qe"))), Card("Qe"))
        self.assertNotEqual(Card(9), 9)


class HandTest(unittest.TestCase):
    def test_parse_and_print(self):
        h = Hand.parse("ko 3C qe aB")
        self.assertEqual(str(h), "Ko 3c Qe Ab")
        self.assertEqual(h.ids, (9, 12, 28, 30))
        self.assertEqual(h.cards, (Card("Ko"), Card("3c"), Card("Qe"), Card("Ab")))
        self.assertEqual(repr(h), "Hand.parse('Ko 3c Qe Ab')")
        self.assertTrue(h.complete)
        self.assertEqual(list(h), list(h.cards))
        self.assertEqual(len(h), 4)
        self.assertEqual(h[1], Card("3c"))
        self.assertIn("Qe", h)
        self.assertIn(Card(30), h)
        self.assertIn(9, h)
        self.assertNotIn("Kb", h)
        self.assertNotIn("nonsense", h)
        self.assertEqual(Hand(["Ko", 12, Card("Qe"), "Ab"]), h)
        self.assertNotEqual(Hand.parse("3c Ko Qe Ab"), h, "order matters")
        self.assertEqual(len({h, Hand.parse("Ko 3c Qe Ab")}), 1)
        self.assertEqual(pickle.loads(pickle.dumps(h)), h)

    def test_parse_errors(self):
        for text in ("Ko 3c Qe", "Ko Ko Qe Ab", "Xo 3c Qe Ab", "Ko 3c Qe Ab 5o", "", "Ko,3c,Qe,Ab"):
            with self.subTest(text):
                with self.assertRaises(mus.ParseError) as cm:
                    Hand.parse(text)
                self.assertEqual(cm.exception.name, "MUS_E_PARSE")
                self.assertEqual(cm.exception.function, "mus_hand_parse")

    def test_construction_errors(self):
        with self.assertRaises(mus.InvalidCardsError):
            Hand(["Ko", "3c", "Qe"])
        with self.assertRaises(mus.InvalidCardsError):
            Hand(["Ko", "Ko", "Qe", "Ab"])
        with self.assertRaises(mus.InvalidCardsError):
            Hand([0, 1, 2, 40])

    def test_partial_hand(self):
        h = Hand(["Ko", None, "Qe", mus.NO_CARD])
        self.assertFalse(h.complete)
        self.assertEqual(h.ids, (9, 255, 28, 255))
        self.assertEqual(h.cards, (Card("Ko"), None, Card("Qe"), None))
        self.assertEqual(str(h), "Ko -- Qe --")
        with self.assertRaises(mus.InvalidCardsError):
            h.value(STANDARD)

    def test_values_r6(self):
        cases = [("Ko 3c Qe Ab", 31, 24), ("Ao 2c 4e 5b", 11, 12), ("Ko Qc Je 7b", 37, 37),
                 ("3o 3c 3e 3b", 40, 12), ("4o 5c 6e 7b", 22, 22)]
        for text, eight_kings, four_kings in cases:
            with self.subTest(text):
                self.assertEqual(Hand.parse(text).value(STANDARD), eight_kings)
                self.assertEqual(Hand.parse(text).value(FOUR_KINGS), four_kings)
                self.assertEqual(Hand.parse(text).value("standard kings=4"), four_kings)

    def test_tantos_r28(self):
        pares = [("Ko 3c Qe Ab", 1, 0), ("Qo Qc Qe 5b", 2, 2), ("Ko Kc Ab Ac", 3, 3),
                 ("Ko Kc Ke Kb", 3, 3), ("Ko 3c 2e Ab", 3, 0), ("4o 5c 6e 7b", 0, 0)]
        for text, eight, four in pares:
            with self.subTest(text):
                self.assertEqual(Hand.parse(text).tantos(STANDARD, Lance.PARES), eight)
                self.assertEqual(Hand.parse(text).tantos(FOUR_KINGS, Lance.PARES), four)
        juego = [("Ko Qc Jb Ao", 3), ("Ko Qc Jb 2o", 3), ("Ko Qc Jb 7o", 2), ("Ko Qc Jb Ke", 2),
                 ("4o 5c 6e 7b", 0)]
        for text, tantos in juego:
            with self.subTest(text):
                self.assertEqual(Hand.parse(text).tantos(STANDARD, Lance.JUEGO), tantos)
        for lance in (Lance.GRANDE, Lance.CHICA, Lance.PUNTO):
            self.assertEqual(Hand.parse("Ko Kc Ke Kb").tantos(STANDARD, lance), 0)
        with self.assertRaises(mus.InvalidArgumentError):
            Hand.parse("Ko Kc Ke Kb").tantos(STANDARD, 5)

    def test_signals_r33(self):
        h = Hand.parse("Ko Kc Ke Ab")
        self.assertTrue(h.signal_true(STANDARD, Signal.SOLOMILLO))
        self.assertTrue(h.signal_true(STANDARD, Signal.THREE_KINGS))
        self.assertFalse(h.signal_true(STANDARD, Signal.TWO_KINGS))
        self.assertEqual(h.true_signals(STANDARD),
                         (Signal.THREE_KINGS, Signal.MEDIAS, Signal.JUEGO_31, Signal.SOLOMILLO,
                          Signal.NEED_MUS))  # need_mus, a wish, is always true (R33a)
        self.assertEqual(Hand.parse("4o 5c 6e 7b").true_signals(STANDARD),
                         (Signal.CIEGO, Signal.NEED_MUS))
        royal = Hand.parse("Jo 7c 7e 7b")
        self.assertFalse(royal.signal_true(STANDARD, Signal.REAL_31))
        self.assertTrue(royal.signal_true(Rules.preset("standard", royal31="jack777"),
                                          Signal.REAL_31))
        with self.assertRaises(mus.InvalidArgumentError):
            h.signal_true(STANDARD, 15)

    def test_rules_argument(self):
        with self.assertRaises(TypeError):
            Hand.parse("Ko 3c Qe Ab").value(8)
        with self.assertRaises(mus.ParseError):
            Hand.parse("Ko 3c Qe Ab").value("eight kings")


def winner(rules, lance, hands, mano=0):
    return lance_winner(rules, lance, [Hand.parse(h) for h in hands], mano)


class LanceWinnerTest(unittest.TestCase):
    def test_grande_r16(self):
        hands = ["Ko Kc Qe 7b", "Kb Qo Qc 7c", "Ab 5o 4c 6e", "4o 5c 6b Ae"]
        self.assertEqual(winner(FOUR_KINGS, Lance.GRANDE, hands, 1), 0)

    def test_chica_r17(self):
        hands = ["Ab Ae 5o Kc", "Ao Ac 5e Qb", "Ko Qc Je 7o", "Kb Qe Jb 7c"]
        self.assertEqual(winner(FOUR_KINGS, Lance.CHICA, hands, 0), 1)

    def test_pares_r18(self):
        self.assertEqual(winner(STANDARD, Lance.PARES,
                                ["Ao Ac Ae Kb", "Qo Qc Qe 5b", "4o 5c 6e 7b", "4e 5e 6b 7o"]),
                         1)
        self.assertEqual(winner(STANDARD, Lance.PARES,
                                ["3o 3c Qo Qc", "4o 5c 6e 7b", "Ko Kc Ke Kb", "4e 5e 6b 7o"]),
                         2)
        self.assertIsNone(winner(STANDARD, Lance.PARES,
                                 ["Ko Qc Je 7b", "4o 5c 6e 7o", "Kb Qe Jb 6o", "4e 5e 6b 7c"]))

    def test_juego_r19_and_punto_r20(self):
        # 31 beats 40 (R19); with nobody at juego, punto is played and 30 is best (R20).
        hands = ["Kc Ke Qo Jo", "Ko Qc Jb Ao", "4o 5c 6e 7b", "4e 5e 6b 7c"]
        self.assertEqual(winner(STANDARD, Lance.JUEGO, hands), 1)
        self.assertIsNone(winner(STANDARD, Lance.PUNTO, hands))
        punto = ["Ko Qc 7b 2o", "Ke Qe 7e 3o", "4o 5c 6e 7c", "Kb Qb 6b Ac"]  # 29 30 22 27
        self.assertIsNone(winner(FOUR_KINGS, Lance.JUEGO, punto))
        self.assertEqual(winner(FOUR_KINGS, Lance.PUNTO, punto), 1)

    def test_ties_go_to_the_mano_r9(self):
        hands = ["Ko Qc Je 7b", "Kc Qe Jb 7c", "4o 5c 6e Ao", "4e 5e 6b Ac"]
        for mano, expected in ((0, 0), (1, 1), (2, 0), (3, 0)):
            with self.subTest(mano=mano):
                self.assertEqual(winner(FOUR_KINGS, Lance.GRANDE, hands, mano), expected)

    def test_errors(self):
        hands = ["Ko Qc Je 7b", "Kc Qe Jb 7c", "4o 5c 6e Ao", "4e 5e 6b Ac"]
        with self.assertRaises(mus.InvalidArgumentError):
            winner(STANDARD, Lance.GRANDE, hands, 4)
        with self.assertRaises(mus.InvalidArgumentError):
            winner(STANDARD, 7, hands)
        with self.assertRaises(mus.InvalidArgumentError):
            winner(STANDARD, Lance.GRANDE, hands[:3])
        with self.assertRaises(mus.InvalidCardsError):
            winner(STANDARD, Lance.GRANDE, ["Ko Qc Je 7b", "Ko Qe Jb 7c"] + hands[2:])


class SeededOrderTest(unittest.TestCase):
    def test_permutation_and_determinism(self):
        order = mus.seeded_order(range(40), 12345)
        self.assertEqual(sorted(c.id for c in order), list(range(40)))
        self.assertEqual(mus.seeded_order(reversed(range(40)), 12345), order)
        self.assertNotEqual(mus.seeded_order(range(40), 12346), order)
        self.assertEqual(mus.seeded_order([], 1), ())
        self.assertEqual(mus.seeded_order(["Ko"], 1), (Card("Ko"),))

    def test_a_seeded_deal_is_dealt_from_seeded_order_r11_r12(self):
        seed = 2**64 - 1
        order = mus.seeded_order(range(40), seed)
        state = mus.State.new(STANDARD, first_dealer=0).apply(mus.Action.shuffle(seed=seed))
        for seat in range(4):
            offset = (seat - 1) % 4  # the mano (seat 1) gets d[0], d[4], ...
            with self.subTest(seat=seat):
                self.assertEqual(state.hand(seat).cards, order[offset:16:4])

    def test_errors(self):
        with self.assertRaises(mus.InvalidCardsError):
            mus.seeded_order([1, 1], 5)
        with self.assertRaises(mus.InvalidArgumentError):
            mus.seeded_order(range(40), -1)
        with self.assertRaises(mus.InvalidArgumentError):
            mus.seeded_order(range(40), 2**64)


if __name__ == "__main__":
    unittest.main()
