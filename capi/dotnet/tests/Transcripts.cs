// The transcripts of tests/transcripts (generated once by the C++ library, replayed in every
// language; tests/transcripts/README.md): match records with the state text after every
// action. The C# replay reads each with the library's record reader (MatchRecord.Parse), applies
// every action, and must print every state text byte for byte; the match must be over at the
// end. A difference is reported with the file, the line and the first
// differing byte, as the C replayer does; its self-test (selftest/changed-byte.txt, one byte
// changed) must be reported so.
using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using Mus;

internal static partial class BindingTests
{
    private static void TranscriptTests(string dir)
    {
        if (dir == null)
        {
            Console.WriteLine("(no --transcripts directory given: transcripts not replayed)");
            return;
        }
        List<string> names = TranscriptList(dir);
        if (!Check(names.Count > 0, "transcripts listed in " + dir + "/transcripts.list")) return;
        // The list names every transcript of the directory.
        var onDisk = Directory.GetFiles(dir, "*.txt").Select(Path.GetFileName).OrderBy(n => n, StringComparer.Ordinal);
        SeqEq(names.OrderBy(n => n, StringComparer.Ordinal), onDisk, "transcripts.list names every *.txt");
        int steps = 0;
        foreach (string name in names)
        {
            int n;
            string error = Replay(Path.Combine(dir, name), out n);
            Check(error == null, error ?? "");
            steps += n;
        }
        Console.WriteLine("transcripts: " + names.Count + " files, " + steps + " actions replayed");

        // The self-test: a transcript with one changed byte is reported exactly.
        string selftest = Path.Combine(dir, "selftest");
        foreach (string name in TranscriptList(selftest))
        {
            int n;
            string error = Replay(Path.Combine(selftest, name), out n);
            Eq(error, "changed-byte.txt:8: state text differs, first differing byte at column 101: expected 'A', got 'D'",
               "the replay reports the changed byte of " + name);
        }
    }

    /// <summary>The file names of dir/transcripts.list, comments left out.</summary>
    private static List<string> TranscriptList(string dir)
    {
        string list = Path.Combine(dir, "transcripts.list");
        if (!File.Exists(list)) return new List<string>();
        return File.ReadAllLines(list).Select(l => l.Trim())
                   .Where(l => l.Length > 0 && !l.StartsWith("#", StringComparison.Ordinal)).ToList();
    }

    /// <summary>
    /// Replays one transcript, read by the library's record reader (MatchRecord.Parse): null when
    /// every state text is reproduced and the match is over, else "file:line: what" (the first
    /// problem). steps receives the actions applied.
    /// </summary>
    private static string Replay(string file, out int steps)
    {
        string name = Path.GetFileName(file);
        steps = 0;
        string text = File.ReadAllText(file);
        MatchRecord r;
        try
        {
            r = MatchRecord.Parse(text);
        }
        catch (MusException e)
        {
            return name + ": " + e.Reason;
        }
        if (r.InitialState == null) return name + ": no state line after the dealer line";
        State s = State.New(r.Rules, r.Dealer);
        if (s.ToText() != r.InitialState) return name + ": the new match's state text differs, " + FirstDifference(r.InitialState, s.ToText());
        foreach (RecordStep step in r.Steps)
        {
            try
            {
                s = s.Apply(step.Action);
            }
            catch (MusException e)
            {
                return name + ":" + step.Line + ": " + e.Message;
            }
            ++steps;
            if (step.State == null) return name + ":" + step.Line + ": no state line after the action";
            string got = s.ToText();
            if (got != step.State) return name + ":" + step.StateLine + ": state text differs, " + FirstDifference(step.State, got);
        }
        if (!s.IsOver || r.End != RecordEnd.Over) return name + ": the match is not over at the end (" + s + ")";
        if (!MatchRecord.Replay(text).Equals(s)) return name + ": MatchRecord.Replay ends elsewhere";
        return null;
    }

    /// <summary>"first differing byte at column N: expected 'x', got 'y'" (columns from 1, in the state text).</summary>
    private static string FirstDifference(string expected, string got)
    {
        int i = 0;
        while (i < expected.Length && i < got.Length && expected[i] == got[i]) ++i;
        return "first differing byte at column " + (i + 1) + ": expected " +
               (i < expected.Length ? "'" + expected[i] + "'" : "the end") + ", got " +
               (i < got.Length ? "'" + got[i] + "'" : "the end");
    }
}
