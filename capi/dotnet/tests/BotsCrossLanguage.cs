// The bots' decisions and playouts of tests/transcripts/bots.expected, which C, Python and
// JavaScript reproduce too (format in tests/transcripts/README.md): each "choose" record is the
// id Bot.ChooseId gives, each "playouts" record the digest of Bot.Playouts.
using System;
using System.Collections.Generic;
using System.IO;
using Mus;

internal static partial class BindingTests
{
    private static Bot CrossLanguageBot(string name)
    {
        if (name.StartsWith("search/", StringComparison.Ordinal))
            return new Bot(BotKind.Search, int.Parse(name.Substring(7)));
        return name == "random" ? Bot.Random : Bot.Heuristic;
    }

    private static void BotsCrossLanguageTests(string dir)
    {
        if (dir == null)
        {
            Console.WriteLine("(no --transcripts directory given: bots.expected not checked)");
            return;
        }
        string path = Path.Combine(dir, "bots.expected");
        State state = null;
        int number = 0, checkedRecords = 0;
        foreach (string line in File.ReadAllLines(path))
        {
            ++number;
            if (line.Length == 0 || line.StartsWith("#", StringComparison.Ordinal)) continue;
            string where = "bots.expected:" + number;
            string[] f = line.Split(' ');
            if (f[0] == "state")
            {
                state = State.Parse(line.Substring(6));
                continue;
            }
            if (!Check(state != null, where + ": a state first")) return;
            ++checkedRecords;
            if (f[0] == "choose")
            {
                Eq(CrossLanguageBot(f[2]).ChooseId(state, ulong.Parse(f[3]), int.Parse(f[1])), int.Parse(f[4]),
                   where + ": " + f[2] + " bot's choice");
            }
            else if (f[0] == "playouts")
            {
                int n = int.Parse(f[4]);
                var points = Bot.Playouts(state, CrossLanguageBot(f[1]), ulong.Parse(f[2]), n,
                                          f[5] == "match" ? PlayoutScope.Match : PlayoutScope.Hand, ulong.Parse(f[3]));
                long sum0 = 0, sum1 = 0, weighted = 0;
                for (int i = 0; i < points.Count; ++i)
                {
                    sum0 += points[i][0];
                    sum1 += points[i][1];
                    weighted += (i + 1L) * (64L * points[i][0] + points[i][1]);
                }
                Eq(points.Count, n, where + ": the number of playouts");
                Eq(sum0 + " " + sum1 + " " + weighted, f[6] + " " + f[7] + " " + f[8], where + ": the playouts' digest");
            }
            else
            {
                Check(false, where + ": unknown record " + f[0]);
            }
        }
        Check(checkedRecords > 50, "bots.expected has records (" + checkedRecords + ")");
    }
}
