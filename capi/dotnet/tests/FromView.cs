// State.FromView (mus_state_parse_view): the state a program that sees one seat's view
// decides from, as a bot playing through a server does.
using System;
using Mus;

internal static partial class BindingTests
{
    private static void FromViewTests()
    {
        // Over a bot match, for the seat to act: the state built from its view text gives back
        // the text, the legal ids, and each bot kind's choice of the real state.
        var bots = new[] { Bot.Random, Bot.Heuristic, new Bot(BotKind.Search, playouts: 24) };
        State s = State.New(Rules.Preset("online"), 1);
        ulong seed = 11;
        int decisions = 0;
        while (!s.IsOver && s.HandNumber <= 4)
        {
            ++seed;
            if (s.ToAct == null)
            {
                s = s.Apply(MusAction.Shuffle(seed * 7919));
                continue;
            }
            int seat = s.ToAct.Value;
            string text = s.ViewText(seat);
            State built = State.FromView(s.Rules, text);
            Eq(built.ViewText(seat), text, "the built state gives back the view");
            Eq(string.Join(",", built.LegalActionIds()), string.Join(",", s.LegalActionIds()), "the same legal ids");
            foreach (Bot bot in bots)
            {
                Eq(bot.ChooseId(built, seed, seat), bot.ChooseId(s, seed, seat), bot + ": the same choice");
                ++decisions;
            }
            s = s.Apply(Bot.Heuristic.Choose(s, seed));
        }
        Check(decisions > 50, "decisions compared: " + decisions);

        // Bad input: a cut text (with its position), null.
        State dealt = State.New(Rules.Standard, 0).Apply(MusAction.Shuffle(3));
        string good = dealt.ViewText(1);
        ParseErrorAt(100, () => State.FromView(Rules.Standard, good.Substring(0, 100)), null, "a truncated view");
        Throws(MusStatus.InvalidArgument, () => State.FromView(Rules.Standard, null), "a null view");
        Throws(MusStatus.InvalidArgument, () => State.FromView(null, good), "null rules");
    }
}
