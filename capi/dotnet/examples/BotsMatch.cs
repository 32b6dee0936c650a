// A whole match between two bots through the C# bindings: team 0 plays random legal actions,
// team 1 a simple rule of thumb. Each bot sees only its seat's view (its own cards and the
// public state), the legal actions and the bet limits; the table shuffles with seeds drawn
// from the match seed, so a seed always gives the same match.
//
//   mono BotsMatch.exe [seed] [rules text]      e.g.  mono BotsMatch.exe 7 basque
//
// Prints each game's result and the match's, plays the match a second time to check that it
// comes out the same, checks that the final state is consistent, and exits non-zero if not.
using System;
using System.Collections.Generic;
using System.Linq;
using System.Text;
using Mus;

internal static class BotsMatch
{
    /// <summary>SplitMix64: a tiny PRNG that gives the same numbers under every .NET runtime.</summary>
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

    private interface IBot
    {
        string Name { get; }

        MusAction Choose(SeatView view, IReadOnlyList<MusAction> legal, BetLimits? limits, Rules rules);
    }

    /// <summary>
    /// Any legal action, as listed (each listed action is concrete: one bet amount, one set of
    /// cards to discard): a kind at random, then one action of that kind.
    /// </summary>
    private sealed class RandomBot : IBot
    {
        private readonly Rng rng;

        public RandomBot(ulong seed) { rng = new Rng(seed); }

        public string Name { get { return "random bot"; } }

        public MusAction Choose(SeatView view, IReadOnlyList<MusAction> legal, BetLimits? limits, Rules rules)
        {
            var kinds = legal.Select(a => a.Kind).Distinct().ToList();
            ActionKind kind = kinds[rng.Below(kinds.Count)];
            var ofKind = legal.Where(a => a.Kind == kind).ToList();
            return ofKind[rng.Below(ofKind.Count)];
        }
    }

    /// <summary>
    /// Cuts with a good hand, keeps its kings, bets and accepts where its cards are strong,
    /// rejects otherwise; declares tío Perete; never signals or calls órdago.
    /// </summary>
    private sealed class SimpleBot : IBot
    {
        public string Name { get { return "simple bot"; } }

        public MusAction Choose(SeatView view, IReadOnlyList<MusAction> legal, BetLimits? limits, Rules rules)
        {
            int seat = view.ToAct.Value;
            Func<ActionKind, MusAction> find = k => legal.FirstOrDefault(a => a.Kind == k);
            Hand hand = view.Hand;
            if (find(ActionKind.Perete) != null) return MusAction.Perete(seat);
            if (!hand.IsComplete) return legal.First(a => a.Kind != ActionKind.Signal);

            int kings = hand.Count(c => Effective(c.Rank, rules) == Rank.King);
            int aces = hand.Count(c => Effective(c.Rank, rules) == Rank.Ace);
            int pares = hand.Tantos(rules, Lance.Pares);
            int value = hand.Value(rules);

            if (view.Phase == Phase.Mus)
            {
                bool good = kings >= 3 || pares >= 2 || value == 31 || (pares == 1 && kings >= 2);
                return good ? MusAction.Cut(seat) : MusAction.Mus(seat);
            }
            if (view.Phase == Phase.Discard)
            {
                // Throw every card but the kings, if the rules list that discard; else the first listed.
                ulong drop = 0;
                foreach (Card c in hand)
                    if (Effective(c.Rank, rules) != Rank.King) drop |= 1UL << c.Id;
                return legal.FirstOrDefault(a => a.Kind == ActionKind.Discard && a.CardMask == drop) ??
                       find(ActionKind.Discard);
            }
            if (view.Phase == Phase.Betting && view.Lance.HasValue)
            {
                int strength = Strength(view.Lance.Value, kings, aces, pares, value);
                if (find(ActionKind.Accept) != null)
                {
                    bool take = strength >= 2 || (strength == 1 && !view.BetIsOrdago);
                    // Team proposals (R25a): after a proposed accept the partner may not reject.
                    if (find(ActionKind.Reject) == null) take = true;
                    return take ? MusAction.Accept(seat) : MusAction.Reject(seat);
                }
                var bets = legal.Where(a => a.Kind == ActionKind.Bet).ToList();
                if (bets.Count > 0 && strength >= 1)
                {
                    // The smallest listed bet; with a very good hand, the largest up to 3 more.
                    int most = bets[0].Amount + (strength >= 2 ? 3 : 0);
                    return bets.Last(a => a.Amount <= most);
                }
                if (find(ActionKind.Pass) != null) return MusAction.Pass(seat);
            }
            return legal.First(a => a.Kind != ActionKind.Signal);
        }

        /// <summary>0 weak, 1 good, 2 very good, for a lance.</summary>
        private static int Strength(Lance lance, int kings, int aces, int pares, int value)
        {
            switch (lance)
            {
                case Lance.Grande: return kings >= 3 ? 2 : kings >= 2 ? 1 : 0;
                case Lance.Chica: return aces >= 3 ? 2 : aces >= 2 ? 1 : 0;
                case Lance.Pares: return pares >= 2 ? 2 : pares == 1 && kings >= 2 ? 1 : 0;
                case Lance.Juego: return value == 31 ? 2 : value == 32 ? 1 : 0;
                default: return value >= 30 ? 2 : value >= 28 ? 1 : 0;
            }
        }

        /// <summary>With 8 kings every 3 is a king and every 2 an ace (R4).</summary>
        private static Rank Effective(Rank r, Rules rules)
        {
            if (rules.Kings == 8 && r == Rank.Three) return Rank.King;
            if (rules.Kings == 8 && r == Rank.Two) return Rank.Ace;
            return r;
        }
    }

    private sealed class Outcome
    {
        public State Final;
        public string Transcript;
        public int Hands;
        public int Actions;
        public int[] GamesWon = new int[2];
        public int[] VacasWon = new int[2];
        public int MatchEventTeam = -1;
    }

    private static Outcome Play(ulong seed, Rules rules)
    {
        var table = new Rng(seed);
        IBot[] bots = { new RandomBot(seed ^ 0x5EED), new SimpleBot() };
        var outcome = new Outcome();
        var log = new StringBuilder();
        State s = State.New(rules, (int)(seed % 4));
        int game = 0;
        while (!s.IsOver)
        {
            MusAction action;
            if (!s.ToAct.HasValue)
            {
                action = MusAction.Shuffle(table.Next()); // chance: the table shuffles
            }
            else
            {
                int seat = s.ToAct.Value;
                action = bots[State.TeamOf(seat)].Choose(s.View(seat), s.LegalActions(), s.BetLimits(), rules);
            }
            IReadOnlyList<MusEvent> events;
            s = s.ApplyWithEvents(action, out events);
            ++outcome.Actions;
            foreach (MusEvent e in events)
            {
                if (e.Kind == EventKind.Deal) ++outcome.Hands;
                if (e.Kind == EventKind.Vaca) ++outcome.VacasWon[e.Team.Value];
                if (e.Kind == EventKind.Match) outcome.MatchEventTeam = e.Team.Value;
                if (e.Kind == EventKind.Game)
                {
                    ++outcome.GamesWon[e.Team.Value];
                    HandCount c = s.LastCount();
                    int won = e.Team.Value;
                    // The winner's points first. An accepted órdago wins the game whatever the
                    // points (R27), so they are told as they stood, not as a winning score.
                    if (c.End == HandEnd.Ordago)
                        log.AppendFormat("game {0}: team {1} wins in hand {2} by an accepted órdago (the points stood at {3} to {4})\n",
                                         ++game, won, c.Number, c.ScoreAfter[won], c.ScoreAfter[1 - won]);
                    else
                        log.AppendFormat("game {0}: team {1} wins in hand {2}, {3} points to {4} ({5})\n",
                                         ++game, won, c.Number, c.ScoreAfter[won], c.ScoreAfter[1 - won], Describe(c.End));
                }
            }
        }
        outcome.Final = s;
        outcome.Transcript = log.ToString();
        return outcome;
    }

    private static string Describe(HandEnd end)
    {
        switch (end)
        {
            case HandEnd.Deje: return "a deje reached the target";
            default: return "at the count";
        }
    }

    private static int Main(string[] args)
    {
        ulong seed = 1;
        if (args.Length > 0 && !ulong.TryParse(args[0], out seed))
        {
            Console.Error.WriteLine("usage: BotsMatch.exe [seed] [rules text]");
            return 2;
        }
        Rules rules;
        try
        {
            rules = Rules.Parse(args.Length > 1 ? string.Join(" ", args.Skip(1)) : "standard");
        }
        catch (MusException e)
        {
            Console.Error.WriteLine("bad rules: " + e.Message);
            return 2;
        }

        Console.WriteLine("libmus " + MusLibrary.VersionString + ", seed " + seed + ", rules \"" + rules + "\"");
        Console.WriteLine("team 0 (seats 0 and 2): random bot; team 1 (seats 1 and 3): simple bot");
        Outcome o = Play(seed, rules);
        Console.Write(o.Transcript);
        State s = o.Final;
        int w = s.MatchWinner ?? -1;
        Console.WriteLine("match winner: team " + w + " (" + (w == 1 ? "simple" : "random") + " bot); games " +
                          o.GamesWon[0] + "-" + o.GamesWon[1] + ", vacas " + s.Vacas[0] + "-" + s.Vacas[1] +
                          "; " + o.Hands + " hands, " + o.Actions + " actions");

        // The result must be consistent, and the same seed must give the same match.
        var problems = new List<string>();
        Action<bool, string> expect = (ok, what) => { if (!ok) problems.Add(what); };
        expect(s.IsOver && s.Phase == Phase.MatchOver, "the match is over");
        expect(w == 0 || w == 1, "the winner is team 0 or 1");
        if (w == 0 || w == 1)
        {
            expect(o.MatchEventTeam == w, "the MATCH event names the winner");
            expect(s.Vacas[w] == rules.Vacas && s.Vacas[1 - w] < rules.Vacas, "the winner, only, has the vacas");
            expect(o.VacasWon[w] == rules.Vacas, "VACA events add up to the winner's vacas");
            expect(o.GamesWon[w] >= rules.Vacas * rules.GamesPerVaca, "the winner won enough games");
            expect(s.LastCount().GameWinner == w, "the last hand's game went to the winner");
        }
        expect(s.LegalActions().Count == 0, "nothing is legal after the match");
        for (int seat = 0; seat < 4; ++seat)
        {
            SeatView v = s.View(seat);
            expect(v.MatchWinner == s.MatchWinner, "seat " + seat + "'s view shows the winner");
            expect(v.HandNumber == o.Hands, "seat " + seat + "'s view counts " + o.Hands + " hands");
            HandCount last = s.LastCount();
            expect((v.LastShown == null) == (last == null || last.Shown == null),
                   "seat " + seat + "'s view holds the last hand's showdown (R28a)");
        }
        try
        {
            s.Apply(MusAction.Shuffle(1));
            problems.Add("a shuffle after the match is refused");
        }
        catch (MusException e)
        {
            expect(e.Status == MusStatus.MatchOver, "a shuffle after the match is MUS_E_MATCH_OVER");
        }
        Outcome again = Play(seed, rules);
        expect(again.Final.Equals(s) && again.Transcript == o.Transcript && again.Actions == o.Actions,
               "the same seed replays the same match");

        foreach (string p in problems) Console.WriteLine("INCONSISTENT: " + p);
        Console.WriteLine(problems.Count == 0 ? "consistent; the same seed replays the same match" : "FAILED");
        return problems.Count == 0 ? 0 : 1;
    }
}
