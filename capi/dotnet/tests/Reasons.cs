// Every MusException says why in the library's words (MusException.Reason, mus_last_error), as
// the terminal does: the reason and position of a parse error, the version of an old state
// text, the presets, the first dealer's range.
using System;
using System.Threading;
using Mus;

internal static partial class BindingTests
{
    /// <summary>The body must throw MusException with this status and exactly this reason, also in its Message.</summary>
    private static void ThrowsBecause(MusStatus expected, Action body, string reason, string what)
    {
        try
        {
            body();
            Check(false, what + ": no exception, expected " + MusException.NameOf(expected));
        }
        catch (MusException e)
        {
            Eq(e.Status, expected, what + ": status");
            Eq(e.Reason, reason, what + ": reason");
            Check(e.Message.Contains(reason), what + ": the message carries the reason: " + e.Message);
        }
    }

    private static void ReasonTests()
    {
        ThrowsBecause(MusStatus.Parse, () => Rules.Parse("standard kings=5"),
                      "kings must be 4 or 8 at position 15", "a rules value outside its limits");
        ThrowsBecause(MusStatus.Parse, () => Hand.Parse("Ko Ko Qe Ab"),
                      "duplicate card at position 3", "a card twice");
        ThrowsBecause(MusStatus.Parse, () => Hand.Parse("Ko 3c Qe"),
                      "expected four cards at position 8", "three cards");
        ThrowsBecause(MusStatus.Parse, () => State.Parse("mus-state/1 AAAA"),
                      "mus-state/1 is the layout of libmus 0.1; this version reads mus-state/2 at position 0",
                      "a state text of 0.1");
        ThrowsBecause(MusStatus.Parse, () => Rules.Preset("basqe"),
                      "unknown preset (expected standard, spain, basque or online)", "a misspelt preset");
        ThrowsBecause(MusStatus.InvalidArgument, () => State.New(Rules.Standard, 4),
                      "first dealer must be a seat 0..3", "dealer 4");
        // Nothing more precise to say: the status text.
        ThrowsBecause(MusStatus.WrongPhase, () => Bot.Random.ChooseId(State.New(Rules.Standard, 0), 1, 0),
                      MusLibrary.StatusString((int)MusStatus.WrongPhase), "a bot while a shuffle is due");
        // The wrapper's own refusals have the status text as their reason.
        ThrowsBecause(MusStatus.InvalidArgument, () => Bot.Playouts(null, Bot.Random, 1, 1),
                      MusLibrary.StatusString((int)MusStatus.InvalidArgument), "a null state");

        // Each thread reads its own reason.
        string fromOther = null;
        var thread = new Thread(() =>
        {
            for (int i = 0; i < 200; ++i)
            {
                try { State.New(Rules.Standard, 7); }
                catch (MusException e) { fromOther = e.Reason; }
            }
        });
        thread.Start();
        string here = null;
        for (int i = 0; i < 200; ++i)
        {
            try { Hand.Parse("Ko"); }
            catch (MusException e) { if (here == null || here == e.Reason) here = e.Reason; else here = "mixed: " + e.Reason; }
        }
        thread.Join();
        Eq(here, "expected four cards at position 2", "this thread's reason");
        Eq(fromOther, "first dealer must be a seat 0..3", "the other thread's reason");
    }
}
