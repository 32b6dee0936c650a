// The tips (Tips.For, mus_state_tips) and the match records (MatchRecord: the library's reader, writer and
// replay) through the C# bindings.
using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using Mus;
using Mus.Native;

internal static partial class BindingTests
{
    private static void TipsTests()
    {
        State s = State.New(Rules.Standard, 3).Apply(MusAction.Shuffle(1));
        IReadOnlyList<Tip> tips = Tips.For(s);
        Check(tips.Count >= 1 && tips.Count <= NativeMethods.MUS_MAX_TIPS, "one to three tips: " + tips.Count);
        Eq(tips[0].Kind, TipKind.GrandeKings, "Qo Ko Jc 3b: two kings first");
        Eq(tips[0].Name, "grande_kings", "the kind's name");
        Eq(tips[0].Lance, (Lance?)Lance.Grande, "about grande");
        Eq(tips[0].Count, 2, "two kings");
        Eq(tips[0].Hand, s.Hand(0), "the seat's cards");
        SeqEq(tips[0].Ranks, new[] { 9, 9, 8, 7 }, "the ranks they play as");
        Eq(tips[0].Value, 40, "the total");
        Check(tips[1].Kind == TipKind.ClubCut || tips[1].Kind == TipKind.ClubMus, "then the club player's call");
        Check(tips[1].Action != null && tips[1].Action.Seat == 0, "with its action");

        State betting = s.Apply(MusAction.Cut(0));
        IReadOnlyList<Tip> b = Tips.For(betting);
        Eq(b[0].Kind, TipKind.SearchChoice, "betting: the search bot first");
        Check(betting.LegalActions().Contains(b[0].Action), "its action is legal: " + b[0].Action);
        Check(b[0].Other != null && b[0].OtherPoints <= b[0].Points, "a runner-up, no better");
        Tip chance = b[b.Count - 1];
        Eq(chance.Kind, TipKind.LanceChance, "the chance last");
        Eq(chance.Count, (int)Math.Round(chance.Chance * 100, MidpointRounding.AwayFromZero), "the percent of the chance");
        SeqEq(Tips.For(betting).Select(t => t.Points), b.Select(t => t.Points), "the same state, the same tips");

        Throws(MusStatus.WrongPhase, () => Tips.For(State.New(Rules.Standard, 3)), "tips while a shuffle is due");
        Throws(MusStatus.NotYourTurn, () => Tips.For(s, 1), "tips for a seat not to act");
        Throws(MusStatus.InvalidArgument, () => Tips.For(s, 4), "tips for seat 4");
        Throws(MusStatus.InvalidArgument, () => Tips.For(null), "tips of a null state");
    }

    private static void RecordTests(string transcripts)
    {
        var rng = new Rng(9);
        Rules rules = Rules.Parse("online target=20");
        State s = State.New(rules, 1);
        var actions = new List<MusAction>();
        while (!s.IsOver)
        {
            MusAction a = s.ToAct.HasValue ? s.LegalActions()[rng.Below(s.LegalActions().Count)]
                                           : MusAction.Shuffle(rng.Next());
            s = s.Apply(a);
            actions.Add(a);
        }
        string text = MatchRecord.Format(rules, 1, actions, false, "a C# test\nórdago in a comment");
        Check(text.StartsWith("mus-record 3\n# a C# test\n# órdago in a comment\nrules online target=20\ndealer 1\n",
                              StringComparison.Ordinal), "the header: " + text.Substring(0, 40));
        Check(text.EndsWith("\nend over\n", StringComparison.Ordinal), "the end line");
        MatchRecord r = MatchRecord.Parse(text);
        Eq(r.Version, 3, "version");
        Eq(r.Rules, rules, "rules");
        Eq(r.Dealer, 1, "dealer");
        Eq(r.End, RecordEnd.Over, "end");
        SeqEq(r.Steps.Select(x => x.Action), actions, "the actions");
        Eq(r.Steps[0].Line, 6, "the first action's line");
        Eq(r.Replay(), s, "the replay ends where the match did");

        MatchRecord withStates = MatchRecord.Parse(MatchRecord.Format(rules, 1, actions, true));
        Eq(withStates.InitialState, State.New(rules, 1).ToText(), "the new match's state");
        Eq(withStates.Steps[withStates.Steps.Count - 1].State, s.ToText(), "the last state");

        try
        {
            MatchRecord.Parse("mus-record 3\nrules standard\ndealer 3\n1 bett 2\nend over\n");
            Check(false, "a bad action line is refused");
        }
        catch (MusException e)
        {
            Eq(e.Status, MusStatus.Parse, "a bad action line: MUS_E_PARSE");
            Check(e.Reason.StartsWith("line 4: unknown action", StringComparison.Ordinal), "the line is named: " + e.Reason);
            Eq(e.Position, (int?)2, "the position in the line");
        }
        Throws(MusStatus.Parse, () => MatchRecord.Parse("mus-record 3\nrules standard\ndealer 3\n"), "a truncated record");
        Throws(MusStatus.BetTooSmall, () => MatchRecord.Replay("mus-record 3\nrules standard\ndealer 3\nshuffle seed 1\n0 cut\n0 pass\n1 bet 1\nend stopped\n"),
               "a refused action");
        Throws(MusStatus.WrongPhase, () => MatchRecord.Format(Rules.Standard, 3, new[] { MusAction.Mus(0) }), "an action out of turn");

        if (transcripts == null) return;
        string server = Path.Combine(Path.GetDirectoryName(Path.GetFullPath(transcripts)), "records", "server_transcript.txt");
        MatchRecord old = MatchRecord.Parse(File.ReadAllText(server));
        Eq(old.Version, 0, "a mus-server transcript of libmus 0.2: version 0");
        Check(old.Replay().IsOver, "it replays to its end");
        Eq(MatchRecord.Parse(MatchRecord.Format(old.Rules, old.Dealer, old.Steps.Select(x => x.Action))).End, RecordEnd.Over,
           "converted to version 3");
    }
}
