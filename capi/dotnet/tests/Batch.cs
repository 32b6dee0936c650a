// The batch (Mus.Batch, mus_batch_*): the same arrays for 1, 2 and 3 threads and for a small
// batch and the first games of larger ones; the rewards of each finished hand equal its count; the
// seat and mask agree with each game's state; an illegal id is refused naming its game, with
// nothing changed; Dispose releases the batch once and leaves the arrays readable.
using System;
using System.Linq;
using Mus;
using Mus.Native;

internal static partial class BindingTests
{
    /// <summary>A legal id of mask chosen by a hash of (game, step): the same in every batch.</summary>
    private static int PickId(ulong mask, int game, int step)
    {
        int n = 0;
        for (int i = 0; i < 64; ++i) n += (int)((mask >> i) & 1);
        ulong h = ((ulong)game * 0x9E3779B97F4A7C15UL) ^ ((ulong)step * 0xBF58476D1CE4E5B9UL);
        h ^= h >> 31;
        int k = (int)(h % (ulong)n);
        for (int i = 0; i < 64; ++i)
            if (((mask >> i) & 1) != 0 && k-- == 0) return i;
        return -1;
    }

    /// <summary>Plays steps steps; every array of the first `keep` games, in order.</summary>
    private static float[] BatchRun(int games, int threads, int steps, int keep)
    {
        var log = new System.Collections.Generic.List<float>();
        using (var b = new Batch(Rules.Parse("standard target=10"), games, threads, null, BatchReward.Points, 100))
        {
            b.Reset(77);
            var actions = new int[games];
            for (int k = 0; k < steps; ++k)
            {
                for (int g = 0; g < games; ++g) actions[g] = PickId(b.Mask[g], g, k);
                b.Step(actions);
                for (int g = 0; g < keep; ++g)
                {
                    log.Add(b.Seat[g]);
                    log.Add(b.Mask[g] & 0xFFFFFF);
                    log.Add(b.Mask[g] >> 24);
                    log.Add(b.Rewards[2 * g]);
                    log.Add(b.Rewards[2 * g + 1]);
                    log.Add(b.Done[g]);
                    log.Add(b.Truncated[g]);
                    log.Add(b.Info[g].hand_over);
                    log.Add(b.Info[g].game_winner);
                    log.Add(b.Info[g].match_winner);
                    for (int i = 0; i < State.ViewTensorSize; ++i) log.Add(b.Observations[State.ViewTensorSize * g + i]);
                }
            }
        }
        return log.ToArray();
    }

    private static void BatchTests()
    {
        float[] small = BatchRun(7, 1, 200, 7);
        Check(small.Length == 200 * 7 * (10 + State.ViewTensorSize), "every array logged");
        Check(BatchRun(7, 2, 200, 7).SequenceEqual(small), "7 games: 1 and 2 threads give the same arrays");
        Check(BatchRun(1024, 2, 200, 7).SequenceEqual(small), "the first 7 of 1,024 games on 2 threads: the same arrays");
        Check(BatchRun(300, 3, 200, 7).SequenceEqual(small), "the first 7 of 300 games on 3 threads: the same arrays");
        Check(small.Skip(200 * 7 * 3).Any(x => x != 0), "the arrays are not all zero");

        using (var b = new Batch(Rules.Standard, 16, 2))
        {
            b.Reset(5);
            var actions = new int[16];
            int hands = 0;
            for (int k = 0; k < 300; ++k)
            {
                for (int g = 0; g < 16; ++g) actions[g] = PickId(b.Mask[g], g, k);
                b.Step(actions);
                for (int g = 0; g < 16; ++g)
                {
                    State s = b.StateOf(g);
                    Eq(s.ToAct ?? -1, b.Seat[g], "seat to act of game " + g);
                    if (b.Info[g].hand_over != 1 || b.Done[g] != 0) continue;
                    ++hands;
                    HandCount c = s.LastCount();
                    Eq((int)b.Rewards[2 * g], c.ScoreAfter[0] - c.ScoreBefore[0], "team 0's reward is its hand's points");
                    Eq((int)b.Rewards[2 * g + 1], c.ScoreAfter[1] - c.ScoreBefore[1], "team 1's reward is its hand's points");
                }
            }
            Check(hands > 20, "hands finished (" + hands + ")");

            State before = b.StateOf(3);
            for (int g = 0; g < 16; ++g) actions[g] = PickId(b.Mask[g], g, 999);
            actions[3] = 0;  // the shuffle id is never a player's
            Throws(MusStatus.IllegalAction, () => b.Step(actions), "an illegal id");
            try { b.Step(actions); } catch (MusException e) { Check(e.Message.Contains("game 3"), "the error names the game: " + e.Message); }
            Check(b.StateOf(3).Equals(before), "nothing moved");
            Throws(MusStatus.InvalidArgument, () => b.Step(new int[3]), "one id per game");
        }
        var unstarted = new Batch(Rules.Standard, 2, 1, 0, BatchReward.Match, 0, false);
        Throws(MusStatus.WrongPhase, () => unstarted.Step(new[] { 1, 1 }), "a step before Reset");
        unstarted.Reset(1);
        Check(unstarted.Observations == null, "no observations asked, none kept");
        int seat0 = unstarted.Seat[0];
        unstarted.Dispose();
        unstarted.Dispose(); // a second Dispose does nothing
        Eq(unstarted.Seat[0], seat0, "the arrays stay readable after Dispose");
        try
        {
            unstarted.Reset(2);
            Check(false, "Reset after Dispose throws");
        }
        catch (ObjectDisposedException)
        {
            Check(true, "Reset after Dispose throws ObjectDisposedException");
        }
        Throws(MusStatus.InvalidArgument, () => new Batch(Rules.Standard, 0), "a batch of no games");
        Throws(MusStatus.InvalidArgument, () => new Batch(Rules.Standard, 4, 65), "65 threads");
        Eq(ActionIdBlocks.First(ActionKind.Bet), NativeMethods.MUS_ACTION_ID_BET, "the bet block starts at MUS_ACTION_ID_BET");
        Eq(ActionIdBlocks.Count(ActionKind.Bet), NativeMethods.MUS_BET_LADDER_SIZE, "a bet id per rung of the ladder");
    }
}
