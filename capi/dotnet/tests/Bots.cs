// The bots of the library through Bot: configurations, choices (legal, deterministic, for the
// seat to act only), the search bot's estimates, playouts, and whole matches that the
// heuristic player wins against the random one.
using System;
using System.Collections.Generic;
using System.Linq;
using Mus;
using Mus.Native;

internal static partial class BindingTests
{
    private static void BotTests()
    {
        // Configurations.
        foreach (BotKind kind in Enum.GetValues(typeof(BotKind)))
        {
            var bot = new Bot(kind);
            Eq(bot.Kind, kind, kind + ": kind");
            Eq(bot.ToNative().struct_size, (uint)System.Runtime.InteropServices.Marshal.SizeOf(typeof(mus_bot_config)),
               kind + ": struct_size");
            Eq(bot.TimeMs, 0, kind + ": no time cap by default");
        }
        Check(Bot.Search.PlayoutBudget > 0, "the search bot has a default budget: " + Bot.Search.PlayoutBudget);
        Eq(new Bot(BotKind.Search, playouts: 64).PlayoutBudget, 64, "a search budget");
        Eq(new Bot(BotKind.Search, timeMs: 5).TimeMs, 5, "a time cap");
        Throws(MusStatus.InvalidArgument, () => new Bot((BotKind)99), "an unknown kind");
        Eq(new Bot(BotKind.Exploiter).Target, (BotKind?)BotKind.Heuristic, "the exploiter's default target");
        Eq(new Bot(BotKind.Exploiter, 32, 0, BotKind.Careful).Target, (BotKind?)BotKind.Careful, "an exploiter's target");
        Check(Bot.Search.Target == null, "no target for the search bot");
        Throws(MusStatus.InvalidArgument, () => new Bot(BotKind.Search, playouts: -1), "a negative budget");

        // Levels: weakest first, each its kind's default bot, with names that parse back.
        var levelKinds = new[] { BotKind.Beginner, BotKind.Amateur, BotKind.Heuristic, BotKind.Search, BotKind.Expert };
        var levelIds = new[] { "beginner", "amateur", "club", "strong", "expert" };
        var levelNames = new[] { "principiante", "aficionado", "jugador de club", "fuerte", "experto" };
        Eq(Levels.All.Count, 5, "five levels");
        for (int i = 0; i < Levels.All.Count; ++i)
        {
            Level level = Levels.All[i];
            Eq((int)level, i, "levels weakest first");
            Bot bot = Bot.ForLevel(level);
            Eq(bot.Kind, levelKinds[i], level + ": its kind");
            // The kind's default budget, but for the strong level's smaller search budget.
            Eq(bot.PlayoutBudget, level == Level.Strong ? 80 : new Bot(levelKinds[i]).PlayoutBudget,
               level + ": its budget");
            Eq(Levels.Name(level), levelIds[i], level + ": its id");
            Eq(Levels.DisplayName(level), levelNames[i], level + ": its name for players");
            Eq(Levels.Parse(levelIds[i]), level, level + ": its id parses");
            Eq(Levels.Parse(levelNames[i]), level, level + ": its name parses");
        }
        Throws(MusStatus.InvalidArgument, () => Bot.ForLevel((Level)5), "an unknown level's bot");
        Throws(MusStatus.InvalidArgument, () => Levels.Name((Level)(-1)), "an unknown level's id");
        Throws(MusStatus.InvalidArgument, () => Levels.DisplayName((Level)5), "an unknown level's name");
        Throws(MusStatus.Parse, () => Levels.Parse("Experto"), "names are exact");
        Throws(MusStatus.InvalidArgument, () => Levels.Parse(null), "a null name");

        // Choices: legal, deterministic for a seed, for the seat to act only.
        Rules rules = Rules.Standard;
        State s = State.New(rules, 0).Apply(MusAction.Shuffle(2024));
        var cheap = new Bot(BotKind.Search, playouts: 32);
        foreach (Bot bot in new[] { Bot.Random, Bot.Heuristic, cheap })
        {
            int seat = s.ToAct.Value;
            int id = bot.ChooseId(s, 5);
            Check((s.LegalMask() & (1UL << id)) != 0, bot + ": chooses a legal id (" + id + ")");
            Eq(bot.ChooseId(s, 5), id, bot + ": the same seed, the same choice");
            Eq(bot.ChooseId(s, 5, seat), id, bot + ": the seat to act given explicitly");
            Eq(bot.Choose(s, 5, seat), s.ActionFromId(id), bot + ": Choose with the seat");
            Eq(bot.Choose(s, 5), s.ActionFromId(id), bot + ": Choose is the id's action");
            Throws(MusStatus.NotYourTurn, () => bot.ChooseId(s, 5, (seat + 1) % 4), bot + ": not the seat to act");
            Throws(MusStatus.WrongPhase, () => bot.ChooseId(State.New(rules, 0), 5), bot + ": while a shuffle is due");
            Throws(MusStatus.InvalidArgument, () => bot.ChooseId(null, 5), bot + ": a null state");
        }
        var randomIds = new HashSet<int>(Enumerable.Range(0, 40).Select(seed => Bot.Random.ChooseId(s, (ulong)seed)));
        Check(randomIds.Count > 1, "the random bot's choice depends on the seed");

        // The search bot's estimates: over legal ids; where it searches (its bets and answers;
        // it signals, and plays the mus and discard phases, as the heuristic does), its choice
        // has the best estimate.
        IReadOnlyDictionary<int, double> estimates = cheap.Evaluate(s, 5);
        Check(estimates.Keys.All(id => (s.LegalMask() & (1UL << id)) != 0), "only legal ids are estimated");
        Throws(MusStatus.InvalidArgument, () => Bot.Heuristic.Evaluate(s, 5), "only the search bot estimates");
        int searched = 0;
        State play = s;
        var playRng = new Rng(31);
        for (int step = 0; step < 400 && !play.IsOver && searched < 6; ++step)
        {
            if (!play.ToAct.HasValue)
            {
                play = play.Apply(MusAction.Shuffle(playRng.Next()));
                continue;
            }
            if (play.Phase == Phase.Betting)
            {
                ulong seed = playRng.Next();
                IReadOnlyDictionary<int, double> e = cheap.Evaluate(play, seed);
                int chosen = cheap.ChooseId(play, seed);
                Check(e.Keys.All(id => (play.LegalMask() & (1UL << id)) != 0), "only legal ids are estimated");
                double value;
                if (e.Count > 0 && e.TryGetValue(chosen, out value))
                {
                    ++searched;
                    Eq(value, e.Values.Max(), "the search bot chooses an action of the best estimate (" + play + ")");
                }
            }
            play = play.Apply(Bot.Heuristic.Choose(play, playRng.Next()));
        }
        Check(searched > 0, "the search bot searched some bets (" + searched + ")");

        // A bot decides from its seat's view: other deals of the cards hidden from seat 1 (the
        // mano, to act first in grande) give the same choice for every seed.
        var dealt = new[] { Hand.Parse("Ko 6c 5e Ab"), Hand.Parse("Qo 7c 4e Ac"), Hand.Parse("Jo 6e 5b Ae"), Hand.Parse("7o 6b 4c 5c") };
        var redealt = new[] { dealt[2], dealt[1], dealt[3], dealt[0] };
        State seen = State.New(rules, 0).Apply(MusAction.StackedDeal(dealt, 1)).Apply(MusAction.Cut(1));
        State hidden = State.New(rules, 0).Apply(MusAction.StackedDeal(redealt, 1)).Apply(MusAction.Cut(1));
        Check(!seen.Equals(hidden) && seen.View(1).Equals(hidden.View(1)), "two deals, one view for seat 1");
        foreach (Bot bot in new[] { Bot.Random, Bot.Heuristic, cheap })
        {
            bool same = true;
            for (ulong seed = 0; seed < 8; ++seed) same &= bot.ChooseId(seen, seed) == bot.ChooseId(hidden, seed);
            Check(same, bot + ": the same choice whatever the hidden cards");
        }

        // Playouts.
        Eq(Bot.Playouts(s, Bot.Random, 1, 0, PlayoutScope.Hand).Count, 0, "no playouts");
        IReadOnlyList<IReadOnlyList<int>> hands = Bot.Playouts(s, Bot.Heuristic, 77, 50, PlayoutScope.Hand);
        Eq(hands.Count, 50, "50 hand playouts");
        Check(hands.All(p => p.Count == 2 && p[0] >= 0 && p[1] >= 0), "each gives two gains, 0 or more");
        Check(hands.Any(p => p[0] + p[1] > 0), "hands score points");
        var again = Bot.Playouts(s, Bot.Heuristic, 77, 50, PlayoutScope.Hand);
        Check(hands.Select(p => p[0] * 1000 + p[1]).SequenceEqual(again.Select(p => p[0] * 1000 + p[1])),
              "the same arguments give the same points");
        var other = Bot.Playouts(s, Bot.Heuristic, 78, 50, PlayoutScope.Hand);
        Check(!hands.Select(p => p[0] * 1000 + p[1]).SequenceEqual(other.Select(p => p[0] * 1000 + p[1])),
              "another seed, other deals");
        var matches = Bot.Playouts(State.New(rules, 0), Bot.Random, 3, 4, PlayoutScope.Match);
        Eq(matches.Count, 4, "4 match playouts");
        Check(matches.All(p => p[0] >= 0 && p[1] >= 0), "match playouts gain 0 or more");
        Throws(MusStatus.InvalidArgument, () => Bot.Playouts(s, Bot.Random, 1, -1, PlayoutScope.Hand), "a negative count");
        Throws(MusStatus.InvalidArgument, () => Bot.Playouts(s, Bot.Random, 1, 1, (PlayoutScope)2), "an unknown scope");
        var pieces = Bot.Playouts(s, Bot.Heuristic, 77, 20).Concat(Bot.Playouts(s, Bot.Heuristic, 77, 30, PlayoutScope.Hand, 20));
        Check(pieces.Select(p => p[0] * 1000 + p[1]).SequenceEqual(hands.Select(p => p[0] * 1000 + p[1])),
              "playouts in pieces numbered from first are one series");

        // Whole matches: the heuristic team against the random team, seats by Choose.
        int heuristicWins = 0;
        const int Matches = 12;
        for (int m = 0; m < Matches; ++m)
        {
            var rng = new Rng((ulong)(100 + m));
            State match = State.New(rules, m % 4);
            Bot[] teams = m % 2 == 0 ? new[] { Bot.Heuristic, Bot.Random } : new[] { Bot.Random, Bot.Heuristic };
            int steps = 0;
            while (!match.IsOver && ++steps < 20000)
            {
                if (!match.ToAct.HasValue)
                {
                    match = match.Apply(MusAction.Shuffle(rng.Next()));
                    continue;
                }
                int seat = match.ToAct.Value;
                match = match.Apply(teams[State.TeamOf(seat)].Choose(match, rng.Next()));
            }
            if (!Check(match.IsOver, "match " + m + " ends")) continue;
            if (teams[match.MatchWinner.Value].Kind == BotKind.Heuristic) ++heuristicWins;
        }
        Console.WriteLine("bots: heuristic won " + heuristicWins + " of " + Matches + " matches against random");
        Check(heuristicWins >= 9, "the heuristic bot wins most matches against random (" + heuristicWins + " of " + Matches + ")");
    }
}
