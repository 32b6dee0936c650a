// The C# bindings' test: the declarations against the manifest of mus.h (Manifest.cs), every
// wrapper class and error path, the R26 worked example through a stacked deal, random self-play
// matches checking invariants at every step, and the transcripts of tests/transcripts replayed
// byte for byte (Transcripts.cs).
//
//   mono BindingTests.exe --manifest <capi/abi/layout.txt> [--transcripts <tests/transcripts>]
//
// Ends with the line "N passed, M failed"; the exit status is non-zero when anything failed
// (a missing --manifest fails too: the declarations are only trusted once checked).
using System;
using System.Collections.Generic;
using System.Diagnostics;
using System.Linq;
using System.Reflection;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;
using Mus;
using Mus.Native;

internal static partial class BindingTests
{
    private const int MaxReported = 200;

    private static int passed;
    private static int failed;

    // ---- A tiny assertion helper ---------------------------------------------------------------

    private static bool Check(bool ok, string what, [CallerLineNumber] int line = 0,
        [CallerFilePath] string file = "")
    {
        if (ok)
        {
            ++passed;
            return true;
        }
        ++failed;
        if (failed <= MaxReported) Console.WriteLine(System.IO.Path.GetFileName(file) + ":" + line + ": CHECK failed: " + what);
        if (failed == MaxReported) Console.WriteLine("(further failures are counted, not printed)");
        return false;
    }

    private static bool Eq<T>(T actual, T expected, string what, [CallerLineNumber] int line = 0,
        [CallerFilePath] string file = "")
    {
        bool ok = EqualityComparer<T>.Default.Equals(actual, expected);
        return Check(ok, what + " (got " + Show(actual) + ", expected " + Show(expected) + ")", line, file);
    }

    private static bool SeqEq<T>(IEnumerable<T> actual, IEnumerable<T> expected, string what,
                                 [CallerLineNumber] int line = 0,
        [CallerFilePath] string file = "")
    {
        var a = actual.ToList();
        var e = expected.ToList();
        return Check(a.SequenceEqual(e),
                     what + " (got [" + string.Join(", ", a) + "], expected [" + string.Join(", ", e) + "])", line, file);
    }

    /// <summary>The body must throw MusException with this status, its name and the library's text.</summary>
    private static void Throws(MusStatus expected, Action body, string what, [CallerLineNumber] int line = 0,
        [CallerFilePath] string file = "")
    {
        try
        {
            body();
            Check(false, what + ": no exception, expected " + MusException.NameOf(expected), line, file);
        }
        catch (MusException e)
        {
            if (!Eq(e.Status, expected, what + ": status", line, file)) return;
            Eq(e.Code, (int)expected, what + ": code", line, file);
            Eq(e.StatusName, MusException.NameOf(expected), what + ": status name", line, file);
            Eq(e.StatusText, MusLibrary.StatusString((int)expected), what + ": status text", line, file);
            Check(e.Message.StartsWith(e.StatusName + ": ", StringComparison.Ordinal),
                  what + ": message starts with the name: " + e.Message, line, file);
        }
        catch (Exception e)
        {
            Check(false, what + ": threw " + e.GetType().Name + " (" + e.Message + "), expected MusException", line, file);
        }
    }

    private static string Show<T>(T value)
    {
        return value == null ? "null" : value.ToString();
    }

    // ---- A deterministic PRNG (SplitMix64) ---------------------------------------------------------

    private sealed class Rng
    {
        private ulong state;

        public Rng(ulong seed) { state = seed; }

        public ulong Next()
        {
            ulong z = state += 0x9E3779B97F4A7C15UL;
            z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9UL;
            z = (z ^ (z >> 27)) * 0x94D049BB133111EBUL;
            return z ^ (z >> 31);
        }

        public int Below(int n) { return (int)(Next() % (ulong)n); }
    }

    // ---- Library, status codes, exceptions --------------------------------------------------------

    private static void LibraryAndStatus()
    {
        Eq(MusLibrary.Version, NativeMethods.MUS_VERSION, "mus_version() is the header's MUS_VERSION");
        Eq(MusLibrary.VersionString, NativeMethods.MUS_VERSION_STRING, "mus_version_string()");
        Check(MusLibrary.IsCompatible, "the loaded library is compatible");
        foreach (MusStatus s in Enum.GetValues(typeof(MusStatus)))
        {
            string text = MusLibrary.StatusString((int)s);
            Check(text.StartsWith(MusException.NameOf(s) + ": ", StringComparison.Ordinal),
                  "mus_status_string(" + (int)s + ") = \"" + text + "\" names " + MusException.NameOf(s));
        }
        Eq(Enum.GetValues(typeof(MusStatus)).Length, 18, "18 status codes, MUS_OK to MUS_E_SIGNAL_NOT_IN_SET");
        Eq(MusLibrary.StatusString(-99), "unknown status", "mus_status_string of an unknown code");
        Eq(MusLibrary.StatusString(1), "unknown status", "mus_status_string(1)");
        Eq(MusException.NameOf((MusStatus)(-99)), "MUS_E_UNKNOWN", "name of an unknown code");

        // The enum values are the header's numbers.
        Eq((int)MusStatus.Parse, NativeMethods.MUS_E_PARSE, "MusStatus.Parse");
        Eq((int)MusStatus.Internal, NativeMethods.MUS_E_INTERNAL, "MusStatus.Internal");
        Eq((int)MusStatus.NoActionId, NativeMethods.MUS_E_NO_ACTION_ID, "MusStatus.NoActionId");
        Eq(MusException.NameOf(MusStatus.NoActionId), "MUS_E_NO_ACTION_ID", "name of MUS_E_NO_ACTION_ID");
        Eq((int)MusStatus.SignalNotInSet, NativeMethods.MUS_E_SIGNAL_NOT_IN_SET, "MusStatus.SignalNotInSet");
        Eq((int)SignalSet.Online, NativeMethods.MUS_SIGNALS_ONLINE, "SignalSet.Online");
        Eq((int)Signal.NeedMus, NativeMethods.MUS_SIGNAL_NEED_MUS, "Signal.NeedMus");
        Eq((int)Lance.Punto, NativeMethods.MUS_LANCE_PUNTO, "Lance.Punto");
        Eq((int)Phase.Perete, NativeMethods.MUS_PHASE_PERETE, "Phase.Perete");
        Eq((int)Phase.MatchOver, NativeMethods.MUS_PHASE_MATCH_OVER, "Phase.MatchOver");
        Eq((int)ActionKind.Perete, NativeMethods.MUS_ACTION_PERETE, "ActionKind.Perete");
        Eq((int)ActionKind.Reject, NativeMethods.MUS_ACTION_REJECT, "ActionKind.Reject");
        Eq((int)Signal.Solomillo, NativeMethods.MUS_SIGNAL_SOLOMILLO, "Signal.Solomillo");
        Eq((int)Signal.Ciego, NativeMethods.MUS_SIGNAL_CIEGO, "Signal.Ciego");
        Eq((int)EventKind.Match, NativeMethods.MUS_EVENT_MATCH, "EventKind.Match");
        Eq((int)EventKind.Deje, NativeMethods.MUS_EVENT_DEJE, "EventKind.Deje");
        Eq((int)LanceStatus.Ordago, NativeMethods.MUS_LANCE_STATUS_ORDAGO, "LanceStatus.Ordago");
        Eq((int)HandEnd.Ordago, NativeMethods.MUS_END_ORDAGO, "HandEnd.Ordago");
        Eq((int)Royal31.JackOfCoins777, NativeMethods.MUS_ROYAL31_JACK_OF_COINS777, "Royal31.JackOfCoins777");
        Eq((int)Royal31.JackOfCoinsAny777, NativeMethods.MUS_ROYAL31_JACK_OF_COINS_ANY777, "Royal31.JackOfCoinsAny777");
        Eq((int)MusCorrido.Game, NativeMethods.MUS_CORRIDO_GAME, "MusCorrido.Game");
        Eq((int)EventKind.Propose, NativeMethods.MUS_EVENT_PROPOSE, "EventKind.Propose");
        Eq((int)EventKind.Agree, NativeMethods.MUS_EVENT_AGREE, "EventKind.Agree");
        Eq((int)Answers.Proposal, NativeMethods.MUS_ANSWERS_PROPOSAL, "Answers.Proposal");
        Eq((int)Answers.First, NativeMethods.MUS_ANSWERS_FIRST, "Answers.First");
        Eq(Enum.GetValues(typeof(EventKind)).Length, 25, "25 event kinds");
        Eq(Enum.GetValues(typeof(Signal)).Length, 15, "15 signals");

        // An exception from the library carries code, name, text and what was being done.
        try
        {
            Rules.Parse("standard bogus=1");
            Check(false, "bad rules text throws");
        }
        catch (MusException e)
        {
            Eq(e.Code, -2, "bad rules: code");
            Eq(e.StatusName, "MUS_E_PARSE", "bad rules: name");
            Eq(e.StatusText, "MUS_E_PARSE: text could not be parsed", "bad rules: text");
            Check(e.Reason.Contains("at position 9"), "bad rules: the reason says where: " + e.Reason);
            Check(e.Message.Contains("standard bogus=1"), "the message names the input: " + e.Message);
        }
    }

    // ---- Rules ---------------------------------------------------------------------------------------

    private static void RulesTests()
    {
        Rules standard = Rules.Preset("standard");
        Eq(standard.Kings, 8, "standard: 8 kings");
        Eq(standard.Target, 40, "standard: target 40");
        Eq(standard.GamesPerVaca, 2, "standard: 2 games per vaca");
        Eq(standard.Vacas, 1, "standard: 1 vaca");
        Eq(standard.MinRaise, 2, "standard: min raise 2");
        Eq(standard.Royal31, Royal31.Off, "standard: no 31 real");
        Eq(standard.ZeroDiscard, false, "standard: no zero discard");
        Eq(standard.DejeEnds, true, "standard: dejes end the game");
        Eq(standard.MusCorrido, MusCorrido.Off, "standard: no mus corrido");
        Eq(standard.TioPerete, false, "standard: no tío Perete");
        Eq(standard.ToString(), "standard", "standard prints as its name");
        Eq(Rules.Preset(null), standard, "the null preset is standard");
        Eq(Rules.Standard, standard, "Rules.Standard");
        Eq(standard.ToNative().struct_size, 76u, "struct_size set by the preset");

        Rules basque = Rules.Preset("basque");
        Eq(basque.Kings, 4, "basque: 4 kings");
        Eq(basque.Target, 40, "basque: target 40 (seed 000: \"four Kings and at 40 points\")");
        Eq(basque.GamesPerVaca, 3, "basque: 3 games per vaca");
        Eq(basque.MusCorrido, MusCorrido.Game, "basque: mus corrido every game");
        Eq(basque.ToString(), "basque", "basque prints as its name");
        Rules online = Rules.Preset("online");
        Eq(online.GamesPerVaca, 1, "online: 1 game per vaca");
        Eq(online.DejeEnds, false, "online: dejes checked at hand end");
        Eq(online.Answers, Answers.Proposal, "online: team proposals (R25a)");
        Eq(standard.Answers, Answers.First, "standard: the first answerer settles (R25)");
        Eq(standard.With(answers: Answers.Proposal).ToString(), "standard answers=proposal",
           "answers=proposal in the text");
        Check(basque != standard && online != standard && !standard.Equals(null), "presets differ");
        Rules spain = Rules.Preset("spain");
        Eq(spain.Kings, 8, "spain: 8 kings");
        Eq(spain.Target, 30, "spain: target 30");
        Eq(spain.GamesPerVaca, 3, "spain: 3 games per vaca");
        Eq(spain.Vacas, 3, "spain: 3 vacas");
        Eq(spain.ToString(), "spain", "spain prints as its name");

        Rules r = Rules.Parse("standard kings=4 target=30 royal31=jack777");
        Eq(r.Kings, 4, "parsed kings");
        Eq(r.Target, 30, "parsed target");
        Eq(r.Royal31, Royal31.Jack777, "parsed royal31");
        Eq(r.ToString(), "standard kings=4 target=30 royal31=jack777", "canonical text");
        Eq(Rules.Parse(r.ToString()), r, "the canonical text parses back");
        Eq(Rules.Parse("standard target=30 target=25").Target, 25, "the last key wins");
        Eq(Rules.Parse("standard target=30").ToString(), "standard target=30", "canonical form, one key");

        Rules all = standard.With(kings: 4, target: 999, gamesPerVaca: 7, vacas: 5, minRaise: 1,
                                  royal31: Royal31.JackOfCoins777, zeroDiscard: true, dejeEnds: false,
                                  musCorrido: MusCorrido.Match, tioPerete: true);
        Eq(all.Kings, 4, "With kings");
        Eq(all.Target, 999, "With target");
        Eq(all.GamesPerVaca, 7, "With games per vaca");
        Eq(all.Vacas, 5, "With vacas");
        Eq(all.MinRaise, 1, "With min raise");
        Eq(all.Royal31, Royal31.JackOfCoins777, "With royal31");
        Eq(all.ZeroDiscard, true, "With zero discard");
        Eq(all.DejeEnds, false, "With deje ends");
        Eq(all.MusCorrido, MusCorrido.Match, "With mus corrido");
        Eq(all.TioPerete, true, "With tío Perete");
        Eq(Rules.Parse(all.ToString()), all, "every field survives the text form: " + all);
        Eq(standard.Target, 40, "With leaves the original alone");
        Eq(Rules.FromNative(all.ToNative()), all, "FromNative(ToNative())");

        Throws(MusStatus.Parse, () => Rules.Parse("standard bogus=1"), "unknown key");
        Throws(MusStatus.Parse, () => Rules.Parse("nonsense"), "unknown preset");
        Throws(MusStatus.Parse, () => Rules.Preset("nonsense"), "unknown preset name");
        Throws(MusStatus.Parse, () => Rules.Parse("standard kings=x"), "malformed value");
        // In text, a value outside its limits is bad text (mus.h: MUS_E_PARSE); through the
        // struct (With, FromNative) it is MUS_E_INVALID_RULES.
        Throws(MusStatus.Parse, () => Rules.Parse("standard target=0"), "target=0 in text");
        Throws(MusStatus.Parse, () => Rules.Parse("standard kings=5"), "kings=5 in text");
        Throws(MusStatus.InvalidArgument, () => Rules.Parse(null), "null rules text");
        Throws(MusStatus.InvalidRules, () => standard.With(kings: 5), "5 kings");
        Throws(MusStatus.InvalidRules, () => standard.With(target: 0), "With target 0");
        Throws(MusStatus.InvalidRules, () => standard.With(royal31: (Royal31)9), "unknown royal31");
        Throws(MusStatus.InvalidRules, () => standard.With(vacas: 100), "100 vacas");
        mus_rules raw = standard.ToNative();
        raw.struct_size = 8;
        Throws(MusStatus.InvalidArgument, () => Rules.FromNative(raw), "small struct_size");
    }

    // ---- Cards and hands -----------------------------------------------------------------------------

    private static void CardTests()
    {
        Eq(new Card(9).ToString(), "Ko", "card 9");
        Eq(new Card(30).ToString(), "Ab", "card 30");
        Eq(new Card(Suit.Copas, Rank.Three).Id, 12, "3c");
        Eq(new Card(39).Suit, Suit.Bastos, "card 39's suit");
        Eq(new Card(39).Rank, Rank.King, "card 39's rank");
        Eq(Card.Parse("Qe").Id, 28, "Qe");
        Eq(Card.Parse("re").Id, 29, "rey de espadas in Spanish letters");
        Eq(Card.Parse("Sc").Id, 17, "sota de copas");
        Eq(Card.Parse("Cc").Id, 18, "caballo de copas");
        Eq(Card.Parse("1o").Id, 0, "1 is the ace");
        Eq(Card.Deck.Count, 40, "40 cards in the deck");
        Throws(MusStatus.InvalidCards, () => new Card(40), "card 40");
        Throws(MusStatus.InvalidCards, () => new Card(-1), "card -1");
        Throws(MusStatus.Parse, () => Card.Parse("K"), "one letter");
        Throws(MusStatus.Parse, () => Card.Parse("8o"), "no 8s");
        Throws(MusStatus.Parse, () => Card.Parse("Kx"), "no suit x");
        Throws(MusStatus.InvalidArgument, () => Card.Parse(null), "null card");

        // mus_seeded_order: the input order does not matter, and a seeded deal deals that order
        // (R11: d[0] to the mano, ..., d[3] to the dealer, d[4] to the mano, ...).
        IReadOnlyList<Card> order = Card.SeededOrder(Card.Deck, 12345);
        Eq(order.Count, 40, "40 cards shuffled");
        Eq(order.Distinct().Count(), 40, "each once");
        SeqEq(Card.SeededOrder(Card.Deck.Reverse(), 12345), order, "the input order does not matter");
        Check(!Card.SeededOrder(Card.Deck, 12346).SequenceEqual(order), "another seed, another order");
        State dealt = State.New(Rules.Standard, 0).Apply(MusAction.Shuffle(12345));
        Eq(dealt.Hand(1), new Hand(order[0], order[4], order[8], order[12]), "the mano gets d[0], d[4], d[8], d[12]");
        Eq(dealt.Hand(0), new Hand(order[3], order[7], order[11], order[15]), "the dealer gets d[3], d[7], ...");
        Eq(Card.SeededOrder(new Card[0], 1).Count, 0, "no cards");
        Throws(MusStatus.InvalidCards, () => Card.SeededOrder(new[] { new Card(1), new Card(1) }, 1), "a card twice");
        // The wrapper's card notation is the library's, for every card.
        for (int i = 0; i < 40; i += 4)
        {
            Hand h = Hand.FromIds(i, i + 1, i + 2, i + 3);
            string[] words = h.ToString().Split(' ');
            for (int k = 0; k < 4; ++k)
            {
                Eq(new Card(i + k).ToString(), words[k], "card " + (i + k) + " prints as the library does");
                Eq(Card.Parse(words[k]).Id, i + k, "card " + words[k] + " parses back");
                Eq(Card.Parse(words[k].ToLowerInvariant()).Id, i + k, "lower case " + words[k]);
            }
        }
    }

    private static void HandTests()
    {
        Rules standard = Rules.Standard;
        Rules four = standard.With(kings: 4);
        Hand h = Hand.Parse("Ko 3c Qe Ab");
        SeqEq(h.ToIds().Select(b => (int)b), new[] { 9, 12, 28, 30 }, "ids of Ko 3c Qe Ab");
        Eq(h.ToString(), "Ko 3c Qe Ab", "canonical text");
        Eq(Hand.Parse("  ro\t3C ce 1B ").ToString(), "Ko 3c Qe Ab", "Spanish letters, blanks, either case");
        Eq(Hand.Parse("Ro 3c Ce 1b"), h, "equality");
        Check(h.IsComplete, "a parsed hand is complete");
        Eq(h.Cards.Count, 4, "four cards");
        Eq(h[1].Value.Id, 12, "slot 1");
        Check(h.Contains(new Card(30)) && !h.Contains(new Card(31)), "Contains");
        Eq(h.Mask, (1UL << 9) | (1UL << 12) | (1UL << 28) | (1UL << 30), "mask");
        Eq(new Hand(new Card(9), new Card(12), new Card(28), new Card(30)), h, "from cards");
        Eq(h.Count(), 4, "enumerates four cards");

        // R6, R18, R19 with 8 kings (3 = king, value 10) and 4 kings (3 = 3).
        Eq(h.Value(standard), 31, "K 3 Q A with 8 kings: 10 + 10 + 10 + 1");
        Eq(h.Value(four), 24, "K 3 Q A with 4 kings: 10 + 3 + 10 + 1");
        Eq(h.Tantos(standard, Lance.Pares), 1, "K and 3 are a pareja of kings with 8 kings");
        Eq(h.Tantos(four, Lance.Pares), 0, "no pares with 4 kings");
        Eq(h.Tantos(standard, Lance.Juego), 3, "31 brings 3");
        Eq(h.Tantos(four, Lance.Juego), 0, "24 is no juego");
        Eq(h.Tantos(standard, Lance.Grande), 0, "grande carries no tantos");
        Eq(Hand.Parse("Ko Kc Qe Qb").Tantos(standard, Lance.Pares), 3, "duples");
        Eq(Hand.Parse("Ko Kc Ke 5b").Tantos(standard, Lance.Pares), 2, "medias");
        Eq(Hand.Parse("Ko Kc Ke 5b").Tantos(standard, Lance.Juego), 2, "35 brings 2");
        Eq(Hand.Parse("4o 5c 6e 7b").Value(standard), 22, "tío Perete is worth 22");
        Hand solomillo = Hand.Parse("Ko Kc Ke Ab");
        Check(solomillo.IsSignalTrue(standard, Signal.Solomillo), "solomillo is true");
        Check(solomillo.IsSignalTrue(standard, Signal.ThreeKings), "three kings is true");
        Check(!solomillo.IsSignalTrue(standard, Signal.TwoKings), "two kings is false");
        Check(solomillo.IsSignalTrue(standard, Signal.Juego31), "K K K A is 31");
        SeqEq(solomillo.TrueSignals(standard), new[] { Signal.ThreeKings, Signal.Medias, Signal.Juego31, Signal.Solomillo, Signal.NeedMus },
              "the true signals of K K K A");
        SeqEq(Hand.Parse("Ko 6c 5e Ab").TrueSignals(standard), new[] { Signal.Ciego, Signal.NeedMus }, "K 6 5 A: ciego (and need_mus, always true)");
        Eq(Rules.Preset("online").Signals, SignalSet.Online, "the online preset plays the online signal set (R33a)");
        Throws(MusStatus.InvalidArgument, () => solomillo.IsSignalTrue(standard, (Signal)15), "signal 15");

        // mus_lance_winner over the R26 example's hands: all worth 22, no pares; mano seat 1.
        var hands = new[]
        {
            Hand.Parse("Ko 6c 5e Ab"), Hand.Parse("Qo 7c 4e Ac"), Hand.Parse("Jo 6e 5b Ae"), Hand.Parse("7o 6b 4c 5c"),
        };
        Eq(Hand.LanceWinner(standard, Lance.Grande, hands, 1), (int?)0, "grande: seat 0's king");
        Eq(Hand.LanceWinner(standard, Lance.Chica, hands, 1), (int?)1, "chica: seat 1's A 4");
        Eq(Hand.LanceWinner(standard, Lance.Pares, hands, 1), (int?)null, "nobody plays pares");
        Eq(Hand.LanceWinner(standard, Lance.Juego, hands, 1), (int?)null, "nobody plays juego");
        Eq(Hand.LanceWinner(standard, Lance.Punto, hands, 1), (int?)1, "punto: 22 all round, the mano wins");
        Eq(Hand.LanceWinner(standard, Lance.Punto, hands, 2), (int?)2, "punto: mano 2 wins the tie");
        var clash = new[] { hands[0], hands[0], hands[2], hands[3] };
        Throws(MusStatus.InvalidCards, () => Hand.LanceWinner(standard, Lance.Grande, clash, 1), "a card twice");
        Throws(MusStatus.InvalidArgument, () => Hand.LanceWinner(standard, Lance.Grande, hands, 4), "mano 4");
        Throws(MusStatus.InvalidArgument, () => Hand.LanceWinner(standard, (Lance)5, hands, 0), "lance 5");
        Throws(MusStatus.InvalidArgument, () => h.Tantos(standard, (Lance)(-1)), "lance -1");
        Throws(MusStatus.InvalidArgument, () => h.Value(null), "null rules");

        // Bad hands.
        Throws(MusStatus.Parse, () => Hand.Parse("Ko 3c Qe"), "three cards");
        Throws(MusStatus.Parse, () => Hand.Parse("Ko 3c Qe Ab 5o"), "five cards");
        Throws(MusStatus.Parse, () => Hand.Parse("Ko Ko Qe Ab"), "a duplicate card");
        Throws(MusStatus.Parse, () => Hand.Parse("Xo 3c Qe Ab"), "rank X");
        Throws(MusStatus.Parse, () => Hand.Parse("Ko 3c Qe Ab!"), "stray text");
        Throws(MusStatus.Parse, () => Hand.Parse(""), "empty text");
        Throws(MusStatus.InvalidArgument, () => Hand.Parse(null), "null text");
        Throws(MusStatus.InvalidCards, () => Hand.FromIds(1, 2, 3, 40), "id 40");
        Throws(MusStatus.InvalidCards, () => Hand.FromIds(1, 2, 3), "three ids");
        Throws(MusStatus.InvalidCards, () => new Hand(new Card(1), new Card(1), new Card(2), new Card(3)), "a card twice");
    }

    // ---- Actions ---------------------------------------------------------------------------------

    private static unsafe void ActionTests()
    {
        MusAction bet = MusAction.Bet(1, 5);
        Eq(bet.Kind, ActionKind.Bet, "Bet kind");
        Eq(bet.Seat, 1, "Bet seat");
        Eq(bet.Amount, 5, "Bet amount");
        Eq(bet.ToString(), "1 bet 5", "Bet text");
        Eq(MusAction.Mus(2).Kind, ActionKind.Mus, "Mus");
        Eq(MusAction.Cut(3).Kind, ActionKind.Cut, "Cut");
        Eq(MusAction.Pass(0).Kind, ActionKind.Pass, "Pass");
        Eq(MusAction.Ordago(0).Kind, ActionKind.Ordago, "Ordago");
        Eq(MusAction.Accept(0).Kind, ActionKind.Accept, "Accept");
        Eq(MusAction.Reject(0).Kind, ActionKind.Reject, "Reject");
        Eq(MusAction.Perete(0).Kind, ActionKind.Perete, "Perete");
        MusAction sig = MusAction.Signal(2, Signal.Duples);
        Eq(sig.Amount, (int)Signal.Duples, "Signal amount");
        Eq(sig.SignalMade, (Signal?)Signal.Duples, "SignalMade");
        Eq(bet.SignalMade, (Signal?)null, "no signal on a bet");
        MusAction shuffle = MusAction.Shuffle(42);
        Eq(shuffle.Seat, -1, "Shuffle seat");
        Eq(shuffle.Seed, 42UL, "Shuffle seed");
        Eq(shuffle.Amount, 0, "Shuffle amount 0: use the seed");
        MusAction discard = MusAction.Discard(0, Card.Parse("Ko"), Card.Parse("5c"));
        Eq(discard.CardMask, (1UL << 9) | (1UL << 14), "Discard mask");
        SeqEq(discard.Cards.Select(c => c.ToString()), new[] { "Ko", "5c" }, "Discard cards");
        Eq(discard.ToString(), "0 discard Ko 5c", "Discard text");
        MusAction ordered = MusAction.ShuffleOrder(Card.Deck.Reverse());
        Eq(ordered.Amount, 40, "ShuffleOrder amount");
        Eq(ordered.Order[0].Id, 39, "ShuffleOrder first card");
        Throws(MusStatus.BadShuffle, () => MusAction.ShuffleOrder(Card.Deck.Concat(Card.Deck)), "80 cards");

        // The C struct round trip, reserved fields zero.
        mus_action n = ordered.ToNative();
        Eq(n.kind, NativeMethods.MUS_ACTION_SHUFFLE, "native kind");
        Eq(n.seat, -1, "native seat");
        Eq(n.amount, 40, "native amount");
        Eq((int)n.order[0], 39, "native order[0]");
        Eq((int)n.order[39], 0, "native order[39]");
        Eq(n.reserved0 | n.reserved[0] | n.reserved[1] | n.reserved[2] | n.reserved[3], 0, "reserved zero");
        Eq(MusAction.FromNative(n), ordered, "FromNative(ToNative())");
        Eq(MusAction.FromNative(discard.ToNative()), discard, "discard round trip");
        Check(!MusAction.Bet(1, 5).Equals(MusAction.Bet(1, 6)), "different amounts differ");

        // mus_stacked_deal: seat 0 is mano, so its first card is dealt first (R11).
        var hands = new Hand[4];
        for (int s = 0; s < 4; ++s) hands[s] = Hand.FromIds(39 - 4 * s, 38 - 4 * s, 37 - 4 * s, 36 - 4 * s);
        MusAction deal = MusAction.StackedDeal(hands, 0);
        Eq(deal.Kind, ActionKind.Shuffle, "stacked deal kind");
        Eq(deal.Amount, 40, "stacked deal amount");
        Eq(deal.Order[0].Id, 39, "seat 0's first card first");
        Eq(deal.Order[1].Id, 35, "then seat 1's first card");
        Eq(deal.Order[16].Id, 0, "the stock: the other cards in id order");
        MusAction stocked = MusAction.StackedDeal(hands, 0, new[] { new Card(5), new Card(2) });
        Eq(stocked.Order[16].Id, 5, "the chosen stock first");
        Eq(stocked.Order[17].Id, 2, "the chosen stock second");
        Eq(stocked.Order[18].Id, 0, "then the rest in id order");
        Throws(MusStatus.InvalidArgument, () => MusAction.StackedDeal(hands, 4), "mano 4");
        var clash = new[] { hands[0], hands[0], hands[2], hands[3] };
        Throws(MusStatus.InvalidCards, () => MusAction.StackedDeal(clash, 0), "a card in two hands");
        Throws(MusStatus.InvalidCards, () => MusAction.StackedDeal(hands, 0, new[] { new Card(39) }), "a dealt card in the stock");
    }

    // ---- The match: basics and every error path ------------------------------------------------------

    // R25a: under answers=proposal the first answerer proposes and the partner decides.
    private static void TeamProposals()
    {
        Rules rules = Rules.Standard.With(answers: Answers.Proposal);
        IReadOnlyList<MusEvent> events;
        State s = State.New(rules, 0).Apply(MusAction.ShuffleOrder(Card.Deck));
        s = s.Apply(MusAction.Cut(1)).Apply(MusAction.Bet(1, 2)); // an opening bet: no proposal
        Eq(s.ToAct, 2, "seat 2 answers first");
        s = s.ApplyWithEvents(MusAction.Accept(2), out events);   // only a proposal
        Eq(events.Count, 1, "one event for a proposal");
        Eq(events[0].Kind, EventKind.Propose, "a propose event");
        Eq(events[0].Value, (int)ActionKind.Accept, "the proposed answer");
        SeatView v = s.View(1);
        Eq(v.Proposal, (ActionKind?)ActionKind.Accept, "the view shows the proposal");
        Eq(v.Proposer, (int?)2, "and its proposer");
        Eq(s.ToAct, 0, "the partner decides");
        Throws(MusStatus.IllegalAction, () => s.Apply(MusAction.Reject(0)), "no reject after a proposed accept");
        s = s.ApplyWithEvents(MusAction.Accept(0), out events);
        Check(events.Any(e => e.Kind == EventKind.Agree && e.Seat == 0), "seat 0 agrees");
        Check(events.Any(e => e.Kind == EventKind.Accept), "the team accepts");
        Eq(s.View(1).Proposal, (ActionKind?)null, "no proposal pending");
    }

    private static void MatchBasics()
    {
        Rules standard = Rules.Standard;
        Throws(MusStatus.InvalidArgument, () => State.New(standard, 4), "first dealer 4");
        Throws(MusStatus.InvalidArgument, () => State.New(standard, -1), "first dealer -1");
        Throws(MusStatus.InvalidArgument, () => State.New(null, 0), "null rules");

        State s = State.New(standard, 0);
        Eq(s.Phase, Phase.Shuffle, "a new match waits for a shuffle");
        Eq(s.ToAct, (int?)null, "chance to act");
        Eq(s.Dealer, 0, "dealer");
        Eq(s.Mano, 1, "the mano is after the dealer");
        Eq(s.Lance, (Lance?)null, "no lance");
        SeqEq(s.Score, new[] { 0, 0 }, "score");
        SeqEq(s.Games, new[] { 0, 0 }, "games");
        SeqEq(s.Vacas, new[] { 0, 0 }, "vacas");
        Eq(s.MatchWinner, (int?)null, "no winner");
        Check(!s.IsOver, "not over");
        Eq(s.Rules, standard, "the state's rules");
        var legal = s.LegalActions();
        Eq(legal.Count, 1, "one legal action");
        Eq(legal[0], MusAction.Shuffle(0), "a shuffle with seed 0");
        Eq(s.BetLimits(), (BetLimits?)null, "no bet before the deal");
        Check(s.LastCount() == null, "no hand counted yet");

        // Refused actions leave the state as it was.
        byte[] before = s.ToBytes();
        Throws(MusStatus.WrongPhase, () => s.Apply(MusAction.Mus(0)), "mus before the deal");
        Throws(MusStatus.InvalidArgument, () => s.Apply(new MusAction((ActionKind)12, 0)), "kind 12");
        Throws(MusStatus.InvalidArgument, () => s.Apply(new MusAction((ActionKind)0, 0)), "kind 0");
        Throws(MusStatus.InvalidArgument, () => s.Apply(new MusAction(ActionKind.Mus, 7)), "seat 7");
        Throws(MusStatus.InvalidArgument, () => s.Apply(null), "null action");
        Throws(MusStatus.BadShuffle, () => s.Apply(MusAction.ShuffleOrder(Card.Deck.Skip(1))), "39 cards");
        var twice = Card.Deck.ToList();
        twice[5] = twice[6];
        Throws(MusStatus.BadShuffle, () => s.Apply(MusAction.ShuffleOrder(twice)), "a card twice in the order");
        Throws(MusStatus.InvalidArgument, () => s.Apply(new MusAction(ActionKind.Shuffle, 0, 0, 0, 1)), "a shuffle by seat 0");
        SeqEq(s.ToBytes(), before, "refused actions leave the state unchanged");

        // The ordered deck deals: mano seat 1 gets d[0], d[4], d[8], d[12] (R11).
        IReadOnlyList<MusEvent> events;
        State dealt = s.ApplyWithEvents(MusAction.ShuffleOrder(Card.Deck), out events);
        SeqEq(s.ToBytes(), before, "Apply leaves the old state unchanged");
        Check(events.Count >= 1, "the deal reports events");
        Eq(events[0].Kind, EventKind.Deal, "first event: the deal");
        Eq(events[0].Seat, (int?)0, "deal: the dealer");
        Eq(events[0].Value, 1, "deal: the mano");
        Eq(events[0].Amount, 1, "deal: hand number 1");
        Eq(dealt, s.Apply(MusAction.ShuffleOrder(Card.Deck)), "Apply and ApplyWithEvents agree");
        Eq(dealt.Hand(1), Hand.FromIds(0, 4, 8, 12), "the mano's cards");
        Eq(dealt.Hand(0), Hand.FromIds(3, 7, 11, 15), "the dealer's cards");
        Throws(MusStatus.InvalidArgument, () => dealt.Hand(4), "hand of seat 4");
        Throws(MusStatus.InvalidArgument, () => dealt.Hand(-1), "hand of seat -1");
        Eq(dealt.Phase, Phase.Mus, "mus phase");
        Eq(dealt.ToAct, (int?)1, "the mano speaks first");
        SeqEq(dealt.LegalActions(), new[] { MusAction.Mus(1), MusAction.Cut(1), MusAction.Signal(1, Signal.Ciego) },
              "legal in the mus phase: mus, cut and the one true signal");

        SeatView v = dealt.View(1);
        Eq(v.Seat, 1, "view seat");
        Eq(v.Hand, dealt.Hand(1), "the view holds the seat's cards");
        Eq(v.StockCount, 24, "24 cards in the stock");
        Eq(v.PileCount, 0, "no discards");
        Eq(v.HandNumber, 1, "hand 1");
        Eq(v.Phase, Phase.Mus, "view phase");
        Eq(v.ToAct, (int?)1, "view to act");
        Check(!v.BetOpen, "no bet open");
        Check(v.LastShown == null, "no showdown before the first count (R28a)");
        Throws(MusStatus.InvalidArgument, () => dealt.View(4), "view of seat 4");

        // R28a: the count shows the four hands to every seat, read from the view.
        State counted = dealt.Apply(MusAction.Cut(1));
        var held = new[] { counted.Hand(0), counted.Hand(1), counted.Hand(2), counted.Hand(3) };
        while (counted.Phase == Phase.Betting) counted = counted.Apply(MusAction.Pass(counted.ToAct.Value));
        for (int seat = 0; seat < 4; ++seat)
        {
            var shown = counted.View(seat).LastShown;
            Check(shown != null, "seat " + seat + " sees the showdown");
            for (int k = 0; k < 4; ++k) Eq(shown[k], held[k], "seat " + seat + " sees hand " + k);
        }
        Eq(counted.LastCount().Shown[2], held[2], "the count holds the showdown");

        // Saved bytes come back; forged bytes do not.
        byte[] bytes = dealt.ToBytes();
        Eq(bytes.Length, 512, "512 bytes");
        Eq(State.FromBytes(bytes), dealt, "FromBytes(ToBytes())");
        Eq(State.FromBytes(bytes).GetHashCode(), dealt.GetHashCode(), "equal hashes");
        byte[] forged = (byte[])bytes.Clone();
        forged[0] ^= 0xFF;
        Throws(MusStatus.InvalidState, () => State.FromBytes(forged), "a wrong tag");
        Throws(MusStatus.InvalidState, () => State.FromBytes(new byte[512]), "zero bytes");
        Throws(MusStatus.InvalidArgument, () => State.FromBytes(new byte[511]), "511 bytes");

        // The turn, the phase, signals.
        Throws(MusStatus.NotYourTurn, () => dealt.Apply(MusAction.Mus(2)), "seat 2 before the mano");
        Throws(MusStatus.WrongPhase, () => dealt.Apply(MusAction.Bet(1, 2)), "a bet in the mus phase");
        // Seat 1 holds Ao 5o Jo 3c: with 8 kings K J 5 A, 26, no pares: ciego is true.
        Throws(MusStatus.FalseSignal, () => dealt.Apply(MusAction.Signal(1, Signal.Duples)), "a false signal");
        State signalled = dealt.ApplyWithEvents(MusAction.Signal(1, Signal.Ciego), out events);
        Eq(events.Count, 1, "one event for a signal");
        Eq(events[0].Kind, EventKind.Signal, "signal event");
        Eq(events[0].Value, (int)Signal.Ciego, "signal event value");
        Eq(signalled.View(3).Signals[1], 1 << (int)Signal.Ciego, "every view sees the signal");
        Throws(MusStatus.IllegalAction, () => signalled.Apply(MusAction.Signal(1, Signal.Ciego)), "the same signal twice");
        Throws(MusStatus.InvalidArgument, () => signalled.Apply(new MusAction(ActionKind.Signal, 1, 15)), "signal 15");
        Throws(MusStatus.SignalNotInSet, () => signalled.Apply(MusAction.Signal(1, Signal.NeedMus)), "need_mus outside the online set (R33a)");

        // Everyone says mus: the discard. Cards not held, no card at all.
        State m = dealt;
        for (int i = 0; i < 4; ++i) m = m.Apply(MusAction.Mus((1 + i) % 4));
        Eq(m.Phase, Phase.Discard, "all said mus: discard");
        Eq(m.ToAct, (int?)1, "the mano discards first");
        // Each non-empty subset of the mano's cards is listed, as a concrete discard (R14).
        var legalDiscards = m.LegalActions().Where(a => a.Kind == ActionKind.Discard).ToList();
        Eq(legalDiscards.Count, 15, "15 discards: every non-empty subset of 4 cards");
        Eq(legalDiscards.Select(a => a.CardMask).Distinct().Count(), 15, "15 different discards");
        Check(legalDiscards.All(a => (a.CardMask & ~m.Hand(1).Mask) == 0 && a.CardMask != 0 && a.Amount == 0),
              "each discards some of the mano's cards");
        Check(legalDiscards.Any(a => a.CardMask == m.Hand(1).Mask), "the whole hand is a discard");
        Throws(MusStatus.CardNotInHand, () => m.Apply(MusAction.Discard(1, new Card(39))), "a card not held");
        Throws(MusStatus.IllegalAction, () => m.Apply(MusAction.Discard(1)), "no card without zero discard");
        Throws(MusStatus.NotYourTurn, () => m.Apply(MusAction.Discard(2, new Card(1))), "seat 2 discards first");
        m = m.Apply(MusAction.Discard(1, new Card(0)));
        m = m.Apply(MusAction.Discard(2, new Card(1)));
        m = m.Apply(MusAction.Discard(3, new Card(2)));
        m = m.ApplyWithEvents(MusAction.Discard(0, new Card(3)), out events);
        Check(events.Any(e => e.Kind == EventKind.Replace && e.Seat == 1 && e.Amount == 1), "seat 1 got one card");
        Eq(m.Phase, Phase.Mus, "the mus question again");
        Eq(m.View(0).StockCount, 20, "four cards left the stock");
        Eq(m.View(0).PileCount, 4, "four cards on the pile");
        Check(!m.Hand(1).Contains(new Card(0)), "the discarded card is gone");

        // Betting: bet sizes, passing while a bet is open.
        m = m.Apply(MusAction.Cut(1));
        Eq(m.Phase, Phase.Betting, "betting");
        Eq(m.Lance, (Lance?)Lance.Grande, "grande first");
        Eq(m.BetLimits().Value.Min, 2, "bets start at 2");
        Eq(m.BetLimits().Value.Max, 999, "any larger amount, up to a total of 999 (mus::max_stake)");
        Throws(MusStatus.BetTooSmall, () => m.Apply(MusAction.Bet(1, 1)), "a bet of 1");
        Throws(MusStatus.IllegalAction, () => m.Apply(MusAction.Bet(1, 1000)), "a bet above 999");
        Throws(MusStatus.WrongPhase, () => m.Apply(MusAction.Mus(1)), "mus while betting");
        State open = m.Apply(MusAction.Bet(1, 2));
        Eq(open.ToAct, (int?)2, "the next opponent answers");
        Check(open.View(0).BetOpen, "a bet is open");
        Eq(open.View(0).BetTeam, (int?)1, "team 1 bet");
        Eq(open.View(0).Proposed, 2, "2 proposed");
        Eq(open.View(0).StakeBefore, 1, "a refusal pays 1 (R26)");
        Eq(open.BetLimits().Value.Min, 2, "raises start at min_raise");
        Eq(open.BetLimits().Value.Max, 997, "the total may not pass 999: 2 + 997");
        Throws(MusStatus.IllegalAction, () => open.Apply(MusAction.Pass(2)), "a pass while a bet is open");
        Throws(MusStatus.BetTooSmall, () => open.Apply(MusAction.Bet(2, 1)), "a raise of 1");
        State ordago = open.Apply(MusAction.Ordago(2));
        Check(ordago.View(1).BetIsOrdago, "an órdago is open");
        Throws(MusStatus.IllegalAction, () => ordago.Apply(MusAction.Bet(3, 2)), "raising an órdago");
        SeqEq(ordago.LegalActions().Select(a => a.Kind).Where(k => k != ActionKind.Signal),
              new[] { ActionKind.Accept, ActionKind.Reject }, "an órdago is accepted or rejected");
    }

    /// <summary>Action ids: the blocks, the round trips, the errors.</summary>
    private static void ActionIds()
    {
        Eq(State.ActionIdCount, 56, "56 action ids");
        var ladder = State.BetLadder;
        Eq(ladder.Count, NativeMethods.MUS_BET_LADDER_SIZE, "a rung per BET id");
        Check(ladder.SequenceEqual(ladder.Distinct().OrderBy(x => x)), "the ladder increases");
        Check(ReferenceEquals(ladder, State.BetLadder), "the ladder is read once");
        unsafe
        {
            int amount;
            Eq(NativeMethods.mus_bet_ladder(NativeMethods.MUS_BET_LADDER_SIZE, &amount),
               NativeMethods.MUS_E_INVALID_ARGUMENT, "mus_bet_ladder past the last rung");
        }

        State s = State.New(Rules.Standard, 0);
        SeqEq(s.LegalActionIds(), new[] { NativeMethods.MUS_ACTION_ID_SHUFFLE }, "the shuffle's id");
        Eq(s.LegalMask(), 1UL, "the shuffle's bit");
        Eq(s.ActionFromId(0), MusAction.Shuffle(0), "the shuffle id: seed 0");
        Eq(s.HandNumber, 0, "no hand dealt");
        Check(!s.RefillDue, "a deal, not a refill");
        Throws(MusStatus.WrongPhase, () => s.ActionFromId(NativeMethods.MUS_ACTION_ID_MUS), "a player's id while chance acts");
        State dealt = s.ApplyId(NativeMethods.MUS_ACTION_ID_SHUFFLE, 2024);
        Eq(dealt, s.Apply(MusAction.Shuffle(2024)), "ApplyId(shuffle, seed) is Shuffle(seed)");
        Eq(dealt.HandNumber, 1, "hand 1");

        State b = dealt.Apply(MusAction.Cut(1));
        Eq(b.ActionId(MusAction.Pass(1)), NativeMethods.MUS_ACTION_ID_PASS, "pass");
        Eq(b.ActionId(MusAction.Ordago(1)), NativeMethods.MUS_ACTION_ID_ORDAGO, "ordago");
        Eq(b.ActionId(MusAction.Perete(1)), NativeMethods.MUS_ACTION_ID_PERETE, "perete");
        Eq(b.ActionId(MusAction.Signal(1, Signal.Ciego)), NativeMethods.MUS_ACTION_ID_SIGNAL + (int)Signal.Ciego, "a signal");
        for (int i = 0; i < ladder.Count; ++i)
        {
            Eq(b.ActionId(MusAction.Bet(1, ladder[i])), NativeMethods.MUS_ACTION_ID_BET + i, "bet " + ladder[i]);
            Eq(b.ActionFromId(NativeMethods.MUS_ACTION_ID_BET + i), MusAction.Bet(1, ladder[i]), "bet id " + i);
        }
        // An id names its action whether or not it is legal; Apply decides.
        Eq(b.ActionFromId(NativeMethods.MUS_ACTION_ID_ACCEPT), MusAction.Accept(1), "accept's id");
        Throws(MusStatus.IllegalAction, () => b.ApplyId(NativeMethods.MUS_ACTION_ID_ACCEPT), "accept with no bet open");
        CheckLegal(b);

        // Errors: an amount off the ladder, bad ids, cards not held.
        int offLadder = Enumerable.Range(1, 40).First(x => !ladder.Contains(x));
        Throws(MusStatus.NoActionId, () => b.ActionId(MusAction.Bet(1, offLadder)), "a bet of " + offLadder + " has no id");
        b.Apply(MusAction.Bet(1, offLadder)); // legal all the same
        foreach (int bad in new[] { -1, State.ActionIdCount, int.MaxValue, int.MinValue })
        {
            Throws(MusStatus.InvalidArgument, () => b.ActionFromId(bad), "ActionFromId(" + bad + ")");
            Throws(MusStatus.InvalidArgument, () => b.ApplyId(bad), "ApplyId(" + bad + ")");
        }
        Card notHeld = Card.Deck.First(c => !b.Hand(1).Contains(c));
        Throws(MusStatus.CardNotInHand, () => b.ActionId(MusAction.Discard(1, notHeld)), "a discard of a card not held");
        Throws(MusStatus.InvalidArgument, () => b.ActionId(new MusAction(ActionKind.Mus, 7)), "seat 7");
        Throws(MusStatus.InvalidArgument, () => b.ActionId(null), "a null action");

        // A hand played by ids alone, checked against the list at every step.
        var rng = new Rng(9);
        State h = dealt;
        int steps = 0;
        while (h.LastCount() == null && steps < 5000)
        {
            CheckLegal(h);
            var ids = h.LegalActionIds();
            int id = ids[rng.Below(ids.Count)];
            ulong seed = rng.Next();
            State next = h.ApplyId(id, seed);
            Eq(next, h.Apply(id == NativeMethods.MUS_ACTION_ID_SHUFFLE ? MusAction.Shuffle(seed) : h.ActionFromId(id)),
               "ApplyId is Apply of ActionFromId");
            h = next;
            ++steps;
        }
        Check(h.LastCount() != null, "the hand played by ids was counted");
    }

    /// <summary>An accepted órdago in the online preset (one game) ends the match (R27, R30).</summary>
    private static void OrdagoEndsMatch()
    {
        Rules online = Rules.Preset("online");
        var hands = new[]
        {
            Hand.Parse("Ko 6c 5e Ab"), Hand.Parse("Qo 7c 4e Ac"), Hand.Parse("Jo 6e 5b Ae"), Hand.Parse("7o 6b 4c 5c"),
        };
        State s = State.New(online, 0).Apply(MusAction.StackedDeal(hands, 1));
        s = s.Apply(MusAction.Cut(1));
        s = s.Apply(MusAction.Ordago(1));
        IReadOnlyList<MusEvent> events;
        s = s.ApplyWithEvents(MusAction.Accept(2), out events);
        // Grande: seat 0's K 6 5 A beats Q 7 4 A, J 6 5 A and 7 6 5 4: team 0 wins the game.
        Check(events.Any(e => e.Kind == EventKind.Showdown && e.Team == 0 && e.Seat == 0 && e.Lance == Lance.Grande),
              "showdown: seat 0's cards win grande for team 0");
        Check(events.Any(e => e.Kind == EventKind.Game && e.Team == 0), "team 0 won the game");
        Check(events.Any(e => e.Kind == EventKind.Vaca && e.Team == 0), "team 0 won the vaca");
        Check(events.Any(e => e.Kind == EventKind.Match && e.Team == 0), "team 0 won the match");
        Check(s.IsOver, "the match is over");
        Eq(s.Phase, Phase.MatchOver, "phase");
        Eq(s.MatchWinner, (int?)0, "winner");
        Eq(s.ToAct, (int?)null, "nobody acts");
        Eq(s.LegalActions().Count, 0, "nothing legal");
        Eq(s.LegalActionIds().Count, 0, "no legal id");
        Eq(s.LegalMask(), 0UL, "an empty mask");
        Throws(MusStatus.MatchOver, () => s.ActionFromId(NativeMethods.MUS_ACTION_ID_PASS), "an id after the end");
        Throws(MusStatus.MatchOver, () => s.ApplyId(NativeMethods.MUS_ACTION_ID_SHUFFLE, 1), "ApplyId after the end");
        SeqEq(s.Vacas, new[] { 1, 0 }, "vacas");
        HandCount c = s.LastCount();
        Eq(c.Number, 1, "hand 1 counted");
        Eq(c.End, HandEnd.Ordago, "ended by the órdago");
        Eq(c.GameWinner, (int?)0, "game winner");
        Eq(c.Lines[0].Status, LanceStatus.Ordago, "grande: órdago");
        Eq(c.Lines[0].WinnerSeat, (int?)0, "grande: seat 0");
        Eq(s.View(2).MatchWinner, (int?)0, "the view knows the winner");
        Throws(MusStatus.MatchOver, () => s.Apply(MusAction.Shuffle(1)), "a shuffle after the end");
        Throws(MusStatus.MatchOver, () => s.Apply(MusAction.Pass(0)), "a pass after the end");
    }

    /// <summary>
    /// R26's worked example: seat 1 (mano) bets 2, seat 2 raises 3 more (to 5), seat 3 raises
    /// 15 more (to 20), seats 0 and 2 reject: team 1 scores 5 at once.
    /// </summary>
    private static void R26WorkedExample()
    {
        Rules standard = Rules.Standard;
        // Nobody has pares or juego (every hand is worth 22).
        var hands = new[]
        {
            Hand.Parse("Ko 6c 5e Ab"), Hand.Parse("Qo 7c 4e Ac"), Hand.Parse("Jo 6e 5b Ae"), Hand.Parse("7o 6b 4c 5c"),
        };
        foreach (Hand h in hands)
        {
            Eq(h.Value(standard), 22, h + " is worth 22");
            Eq(h.Tantos(standard, Lance.Pares), 0, h + " has no pares");
        }
        State s = State.New(standard, 0).Apply(MusAction.StackedDeal(hands, 1));
        for (int seat = 0; seat < 4; ++seat) Eq(s.Hand(seat), hands[seat], "stacked hand of seat " + seat);
        Eq(s.ToAct, (int?)1, "seat 1 is mano");
        s = s.Apply(MusAction.Cut(1));
        Eq(s.Lance, (Lance?)Lance.Grande, "grande");
        s = s.Apply(MusAction.Bet(1, 2));
        Eq(s.ToAct, (int?)2, "seat 2 answers");
        s = s.Apply(MusAction.Bet(2, 3));
        Eq(s.View(0).Proposed, 5, "raised to 5");
        Eq(s.ToAct, (int?)3, "seat 3 answers");
        s = s.Apply(MusAction.Bet(3, 15));
        Eq(s.View(0).Proposed, 20, "raised to 20");
        Eq(s.View(0).StakeBefore, 5, "a refusal now pays 5");
        Eq(s.ToAct, (int?)0, "seat 0 answers first");
        s = s.Apply(MusAction.Reject(0));
        Eq(s.ToAct, (int?)2, "the partner may still answer");
        SeqEq(s.Score, new[] { 0, 0 }, "nothing scored while the partner may answer");
        IReadOnlyList<MusEvent> events;
        s = s.ApplyWithEvents(MusAction.Reject(2), out events);
        Check(events.Any(e => e.Kind == EventKind.Deje && e.Team == 1 && e.Amount == 5 && e.Lance == Lance.Grande),
              "deje: team 1 scores 5 for grande");
        SeqEq(s.Score, new[] { 0, 5 }, "team 1 scores 5 at once");
        Eq(s.Lance, (Lance?)Lance.Chica, "on to chica");
        int passes = 0;
        while (s.Phase == Phase.Betting)
        {
            s = s.Apply(MusAction.Pass(s.ToAct.Value));
            ++passes;
        }
        Eq(passes, 8, "everyone passes chica and punto");
        HandCount c = s.LastCount();
        Eq(c.Number, 1, "hand 1");
        Eq(c.End, HandEnd.Count, "ended at the count");
        Eq(c.Dealer, 0, "count: dealer");
        Eq(c.Mano, 1, "count: mano");
        SeqEq(c.ScoreBefore, new[] { 0, 0 }, "score before");
        SeqEq(c.ScoreAfter, new[] { 0, 7 }, "score after: 5 + chica 1 + punto 1");
        Eq(c.Lines[0].Status, LanceStatus.Refused, "grande refused");
        Eq(c.Lines[0].Stake, 5, "the deje was 5");
        Eq(c.Lines[0].WinnerTeam, (int?)1, "the betting team won grande");
        Eq(c.Lines[0].BetTeam, (int?)1, "team 1 bet last");
        Eq(c.Lines[0].Points, 0, "the deje was all (R28)");
        Eq(c.Lines[1].Status, LanceStatus.EnPaso, "chica en paso");
        Eq(c.Lines[1].WinnerSeat, (int?)1, "chica: seat 1's A 4 7 Q");
        Eq(c.Lines[1].Points, 1, "chica en paso: 1");
        Eq(c.Lines[2].Status, LanceStatus.Skipped, "pares skipped");
        Eq(c.Lines[3].Lance, Lance.Punto, "punto, nobody has juego");
        Eq(c.Lines[3].WinnerSeat, (int?)1, "punto: the mano wins the tie");
        Eq(c.Lines[3].Points, 1, "punto en paso: 1");
        Check(c.Lines.Where(l => l.Status != LanceStatus.Skipped).All(l => l.Counted),
              "the count reached every lance played");
        SeqEq(s.Score, new[] { 0, 7 }, "7 for team 1");
        Eq(s.Phase, Phase.Shuffle, "the next hand's shuffle");
        Eq(s.Dealer, 1, "R10: the mano deals next");
        Eq(s.Mano, 2, "the next mano");
    }

    // ---- Random self-play ----------------------------------------------------------------------

    /// <summary>A random action from the legal ones, as listed; only the shuffle gets a seed.</summary>
    private static MusAction RandomAction(State s, Rng rng)
    {
        var legal = s.LegalActions();
        MusAction a = legal[rng.Below(legal.Count)];
        return a.Kind == ActionKind.Shuffle ? MusAction.Shuffle(rng.Next()) : a;
    }

    /// <summary>
    /// The list, the ids, the mask, ActionId and ActionFromId name the same actions, in
    /// increasing id order; the listed bets are the bet ladder within BetLimits.
    /// </summary>
    private static void CheckLegal(State s)
    {
        var legal = s.LegalActions();
        var ids = s.LegalActionIds();
        if (!Eq(ids.Count, legal.Count, "as many ids as actions")) return;
        Check(legal.Count <= NativeMethods.MUS_MAX_LEGAL_ACTIONS, "at most MUS_MAX_LEGAL_ACTIONS");
        ulong mask = 0;
        for (int i = 0; i < ids.Count; ++i)
        {
            if (i > 0) Check(ids[i - 1] < ids[i], "increasing ids");
            Check(ids[i] >= 0 && ids[i] < State.ActionIdCount, "id in range");
            mask |= 1UL << ids[i];
            Eq(s.ActionId(legal[i]), ids[i], "ActionId(" + legal[i] + ")");
            Eq(s.ActionFromId(ids[i]), legal[i], "ActionFromId(" + ids[i] + ")");
        }
        Eq(s.LegalMask(), mask, "LegalMask is the ids' bits");
        BetLimits? limits = s.BetLimits();
        var bets = legal.Where(a => a.Kind == ActionKind.Bet).Select(a => a.Amount);
        var ladder = limits.HasValue
            ? State.BetLadder.Where(x => x >= limits.Value.Min && x <= limits.Value.Max)
            : Enumerable.Empty<int>();
        SeqEq(bets, ladder, "the listed bets are the ladder within the bet limits");
    }

    private static unsafe void CheckInvariants(State s, Rules rules)
    {
        // 40 cards: the hands, the stock and the pile (R15).
        ulong seen = 0;
        int inHands = 0;
        bool distinct = true;
        for (int seat = 0; seat < 4; ++seat)
            foreach (Card c in s.Hand(seat))
            {
                if ((seen & (1UL << c.Id)) != 0) distinct = false;
                seen |= 1UL << c.Id;
                ++inHands;
            }
        Check(distinct, "no card in two hands");
        SeatView v0 = s.View(0);
        Eq(inHands + v0.StockCount + v0.PileCount, 40, "40 cards accounted for: hands " + inHands +
           ", stock " + v0.StockCount + ", pile " + v0.PileCount);
        // Views: each holds its own seat's cards and only them; the public part is the same.
        for (int seat = 0; seat < 4; ++seat)
        {
            SeatView v = s.View(seat);
            Eq(v.Seat, seat, "view seat");
            Eq(v.Hand, s.Hand(seat), "view " + seat + " holds its own cards");
            for (int other = 0; other < 4; ++other)
                if (other != seat)
                    Check(!v.Hand.Any(c => s.Hand(other).Contains(c)), "view " + seat + " holds no card of seat " + other);
            Eq(v.Phase, s.Phase, "view phase");
            Eq(v.ToAct, s.ToAct, "view to act");
            Eq(v.Lance, s.Lance, "view lance");
            Eq(v.Dealer, s.Dealer, "view dealer");
            Eq(v.Mano, s.Mano, "view mano");
            SeqEq(v.Score, s.Score, "view score");
            Eq(v.StockCount, v0.StockCount, "same stock for all");
            Eq(v.HandNumber, v0.HandNumber, "same hand number for all");
            Eq(v.MatchWinner, s.MatchWinner, "view winner");
        }
        if (rules.DejeEnds && !s.IsOver)
            Check(s.Score[0] < rules.Target && s.Score[1] < rules.Target, "scores below the target");
    }

    /// <summary>Plays random matches under some rules until at least minHands hands were dealt.</summary>
    private static int SelfPlay(string rulesText, int matches, ulong seed)
    {
        Rules rules = Rules.Parse(rulesText);
        var rng = new Rng(seed);
        int hands = 0;
        for (int m = 0; m < matches; ++m)
        {
            State start = State.New(rules, m % 4);
            State s = start;
            var played = new List<MusAction>();
            int matchEvents = -1;
            int steps = 0;
            while (!s.IsOver)
            {
                CheckLegal(s);
                Eq(s.HandNumber, s.View(0).HandNumber, "HandNumber is the view's");
                MusAction a = RandomAction(s, rng);
                // A wrong seat is refused, and the state stays exactly as it was.
                if (a.Kind != ActionKind.Shuffle && a.Kind != ActionKind.Signal)
                {
                    byte[] before = s.ToBytes();
                    var wrong = new MusAction(a.Kind, (a.Seat + 1) % 4, a.Amount, a.CardMask, a.Seed);
                    Throws(MusStatus.NotYourTurn, () => s.Apply(wrong), "a wrong seat");
                    SeqEq(s.ToBytes(), before, "unchanged after a refused action");
                    RawRefusalKeepsOut(s, wrong);
                }
                IReadOnlyList<MusEvent> events;
                State next = s.ApplyWithEvents(a, out events);
                Check(events.Count <= NativeMethods.MUS_MAX_EVENTS, "at most MUS_MAX_EVENTS events");
                if ((steps & 15) == 0) Eq(s.Apply(a), next, "the reducer is pure");
                if (a.Kind == ActionKind.Shuffle)
                {
                    bool held = Enumerable.Range(0, 4).Any(seat => s.Hand(seat).Any());
                    Eq(s.RefillDue, held, "a shuffle due while cards are held is a refill (R15)");
                    Eq(s.ApplyId(NativeMethods.MUS_ACTION_ID_SHUFFLE, a.Seed), next, "ApplyId of the shuffle");
                }
                else
                {
                    Eq(s.ApplyId(s.ActionId(a), 12345), next, "ApplyId of the action's id");
                }
                hands += events.Count(e => e.Kind == EventKind.Deal);
                foreach (MusEvent e in events)
                    if (e.Kind == EventKind.Match) matchEvents = e.Team ?? -1;
                played.Add(a);
                s = next;
                CheckInvariants(s, rules);
                if ((steps & 7) == 0)
                {
                    int seat = steps / 8 % 4;
                    Eq(SeatView.Parse(s.ViewText(seat)), s.View(seat), "the view text reads back as the view");
                    Eq(State.Parse(s.ToText()), s, "the state text reads back as the state");
                    CheckTensor(s, seat);
                }
                if ((steps & 31) == 0) Eq(State.FromBytes(s.ToBytes()), s, "bytes round trip");
                if (++steps > 100000)
                {
                    Check(false, "match did not end");
                    break;
                }
            }
            int w = s.MatchWinner ?? -1;
            Check(w == 0 || w == 1, "winner 0 or 1");
            Eq(matchEvents, w, "the MATCH event names the winner");
            Eq(s.Vacas[w == 1 ? 1 : 0], rules.Vacas, "the winner has the vacas");
            Eq(s.LegalActions().Count, 0, "nothing legal at the end");
            Throws(MusStatus.MatchOver, () => s.Apply(MusAction.Shuffle(1)), "nothing applies at the end");
            // Replay: the final state is a fold of the actions over the start (lager's accumulate).
            State replay = played.Aggregate(start, (st, act) => st.Apply(act));
            Eq(start.ApplyAll(played), s, "ApplyAll replays the match");
            Eq(replay, s, "replaying the actions gives the same state (" + rulesText + ", match " + m + ")");
        }
        return hands;
    }

    /// <summary>At the C level: a refused mus_apply leaves *out untouched.</summary>
    private static unsafe void RawRefusalKeepsOut(State s, MusAction wrong)
    {
        mus_state input = s.ToNative();
        mus_state output = State.New(Rules.Standard, 3).ToNative();
        mus_state copy = output;
        mus_action a = wrong.ToNative();
        Eq(NativeMethods.mus_apply(&input, &a, &output), NativeMethods.MUS_E_NOT_YOUR_TURN, "raw refusal");
        bool same = true;
        for (int i = 0; i < NativeMethods.MUS_STATE_SIZE / 8; ++i)
            if (output.opaque[i] != copy.opaque[i]) same = false;
        Check(same, "mus_apply leaves *out untouched on error");
    }

    /// <summary>
    /// Random matches through State.Step only (ids from the mask it reports): its report
    /// matches the new state, and the points of a hand's steps add up to its count.
    /// </summary>
    private static int StepPlay(string rulesText, int matches, ulong seed)
    {
        Rules rules = Rules.Parse(rulesText);
        var rng = new Rng(seed);
        int hands = 0;
        for (int m = 0; m < matches; ++m)
        {
            State s = State.New(rules, m % 4);
            ulong mask = s.LegalMask();
            var gained = new int[2];
            int steps = 0;
            while (mask != 0)
            {
                var ids = Enumerable.Range(0, 64).Where(i => (mask & (1UL << i)) != 0).ToList();
                int id = ids[rng.Below(ids.Count)];
                ulong shuffleSeed = rng.Next();
                StepInfo info;
                State next = s.Step(id, shuffleSeed, out info);
                if ((steps++ & 7) == 0) Eq(next, s.ApplyId(id, shuffleSeed), "Step is ApplyId");
                Eq(info.Phase, next.Phase, "step: phase");
                Eq(info.ToAct, next.ToAct, "step: to act");
                Eq(info.MatchWinner, next.MatchWinner, "step: match winner");
                Eq(info.LegalMask, next.LegalMask(), "step: legal mask");
                Check(info.Points[0] >= 0 && info.Points[1] >= 0, "step: points are gains");
                gained[0] += info.Points[0];
                gained[1] += info.Points[1];
                if (info.HandOver)
                {
                    ++hands;
                    HandCount c = next.LastCount();
                    Eq(gained[0], c.ScoreAfter[0] - c.ScoreBefore[0], "a hand's step points are its count (team 0)");
                    Eq(gained[1], c.ScoreAfter[1] - c.ScoreBefore[1], "a hand's step points are its count (team 1)");
                    Eq(info.GameWinner, c.GameWinner, "step: the game winner is the count's");
                    gained[0] = gained[1] = 0;
                }
                else
                {
                    Eq(info.GameWinner, (int?)null, "no game won in the middle of a hand");
                }
                s = next;
                mask = info.LegalMask;
            }
            Check(s.IsOver, "the mask empties when the match is over");
            Throws(MusStatus.MatchOver, () => s.Step(NativeMethods.MUS_ACTION_ID_SHUFFLE, 1, out _), "no step after the end");
        }
        return hands;
    }

    private static void RandomStepPlay()
    {
        int hands = StepPlay("standard", 48, 11) + StepPlay("online", 48, 12) +
                    StepPlay("standard tio_perete=1 target=15 deje_ends=0", 48, 13);
        Console.WriteLine("random play through Step: " + hands + " hands");
        Check(hands >= 100, "a hundred hands played through Step (" + hands + ")");
        State s = State.New(Rules.Standard, 0);
        StepInfo info;
        Throws(MusStatus.WrongPhase, () => s.Step(NativeMethods.MUS_ACTION_ID_PASS, 0, out info), "a pass while a shuffle is due");
        Throws(MusStatus.InvalidArgument, () => s.Step(NativeMethods.MUS_ACTION_ID_COUNT, 0, out info), "an id out of range");
        State dealt = s.Step(NativeMethods.MUS_ACTION_ID_SHUFFLE, 9, out info);
        Eq(dealt, s.Apply(MusAction.Shuffle(9)), "the shuffle id with a seed deals as Shuffle(seed)");
        Eq(info.Phase, Phase.Mus, "after the deal: mus");
        SeqEq(info.Points, new[] { 0, 0 }, "a deal scores nothing");
        Check(!info.HandOver, "a deal ends no hand");
    }

    private static void RandomSelfPlay()
    {
        int hands = 0;
        hands += SelfPlay("standard", 32, 1);
        hands += SelfPlay("basque", 16, 2);
        hands += SelfPlay("online", 20, 3);
        hands += SelfPlay("standard tio_perete=1 zero_discard=1 min_raise=1 royal31=jack777 target=15", 30, 4);
        hands += SelfPlay("standard mus_corrido=game deje_ends=0 target=20 vacas=2", 16, 5);
        Console.WriteLine("random self-play: " + hands + " hands");
        Check(hands >= 300, "a few hundred hands played (" + hands + ")");
    }

    private static int Main(string[] args)
    {
        string manifest = null, transcripts = null;
        for (int i = 0; i < args.Length; ++i)
        {
            if (args[i] == "--manifest" && i + 1 < args.Length) manifest = args[++i];
            else if (args[i] == "--transcripts" && i + 1 < args.Length) transcripts = args[++i];
            else
            {
                Console.Error.WriteLine("usage: BindingTests.exe --manifest <layout.txt> [--transcripts <dir>]");
                return 2;
            }
        }
        var sections = new List<KeyValuePair<string, Action>>
        {
            new KeyValuePair<string, Action>("C to C# type mapping", TypeMappingTests),
            new KeyValuePair<string, Action>("manifest", () => ManifestCheck(manifest)),
            new KeyValuePair<string, Action>("library and status codes", LibraryAndStatus),
            new KeyValuePair<string, Action>("errors say why", ReasonTests),
            new KeyValuePair<string, Action>("rules", RulesTests),
            new KeyValuePair<string, Action>("cards", CardTests),
            new KeyValuePair<string, Action>("hands", HandTests),
            new KeyValuePair<string, Action>("actions", ActionTests),
            new KeyValuePair<string, Action>("text forms", TextForms),
            new KeyValuePair<string, Action>("a state from a seat's view", FromViewTests),
            new KeyValuePair<string, Action>("match basics and errors", MatchBasics),
            new KeyValuePair<string, Action>("action ids", ActionIds),
            new KeyValuePair<string, Action>("órdago ends the match", OrdagoEndsMatch),
            new KeyValuePair<string, Action>("R26 worked example", R26WorkedExample),
            new KeyValuePair<string, Action>("R25a team proposals", TeamProposals),
            new KeyValuePair<string, Action>("random self-play", RandomSelfPlay),
            new KeyValuePair<string, Action>("random play through Step", RandomStepPlay),
            new KeyValuePair<string, Action>("observation tensor", TensorTests),
            new KeyValuePair<string, Action>("batch", BatchTests),
            new KeyValuePair<string, Action>("bots", BotTests),
            new KeyValuePair<string, Action>("tips", TipsTests),
            new KeyValuePair<string, Action>("match records", () => RecordTests(transcripts)),
            new KeyValuePair<string, Action>("transcripts", () => TranscriptTests(transcripts)),
            new KeyValuePair<string, Action>("bots across languages", () => BotsCrossLanguageTests(transcripts)),
        };
        foreach (var section in sections)
        {
            int failedBefore = failed;
            var clock = Stopwatch.StartNew();
            try
            {
                section.Value();
            }
            catch (Exception e)
            {
                Check(false, section.Key + ": unexpected " + e);
            }
            Console.WriteLine((failed == failedBefore ? "ok   " : "FAIL ") + section.Key +
                              " (" + clock.ElapsedMilliseconds + " ms)");
        }
        Console.WriteLine(passed + " passed, " + failed + " failed");
        return failed == 0 ? 0 : 1;
    }
}
