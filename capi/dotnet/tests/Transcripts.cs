// The transcripts of tests/transcripts (generated once by the C++ library, replayed in every
// language; format in tests/transcripts/README.md): a rules text and a first dealer, then one
// action line per step with the state text after it. The C# replay parses the rules and each
// action with the C API, applies it, and must print every state text byte for byte; the match
// must be over at the end. A difference is reported with the file, the line and the first
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
            Eq(error, "changed-byte.txt:7: state text differs, first differing byte at column 101: expected 'A', got 'D'",
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
    /// Replays one transcript: null when every state text is reproduced and the match is over,
    /// else "file:line: what" (the first problem). steps receives the actions applied.
    /// </summary>
    private static string Replay(string file, out int steps)
    {
        string name = Path.GetFileName(file);
        steps = 0;
        Rules rules = null;
        int dealer = -1;
        State s = null;
        string expect = "rules";
        int lineNo = 0;
        try
        {
            foreach (string line in File.ReadAllLines(file))
            {
                ++lineNo;
                if (line.Length == 0 || line.StartsWith("#", StringComparison.Ordinal)) continue;
                int space = line.IndexOf(' ');
                string key = space < 0 ? line : line.Substring(0, space);
                string value = space < 0 ? "" : line.Substring(space + 1);
                bool order = key == expect || (expect == "action or end" && key == "action");
                if (!order) return name + ":" + lineNo + ": expected a " + expect + " record, found " + key;
                switch (key)
                {
                    case "rules":
                        rules = Rules.Parse(value);
                        if (rules.ToString() != value) return name + ":" + lineNo + ": rules text not canonical: " + rules;
                        expect = "dealer";
                        break;
                    case "dealer":
                        dealer = int.Parse(value);
                        s = State.New(rules, dealer);
                        expect = "state";
                        break;
                    case "action":
                        MusAction a = MusAction.Parse(value);
                        if (a.ToText() != value) return name + ":" + lineNo + ": action text not canonical: " + a.ToText();
                        s = s.Apply(a);
                        ++steps;
                        expect = "state";
                        break;
                    case "state":
                        string text = s.ToText();
                        if (text != value) return name + ":" + lineNo + ": state text differs, " + FirstDifference(value, text);
                        expect = "action or end";
                        break;
                }
            }
        }
        catch (MusException e)
        {
            return name + ":" + lineNo + ": " + e.Message;
        }
        if (expect != "action or end") return name + ": ends before a " + expect + " record";
        if (!s.IsOver) return name + ": the match is not over at the end (" + s + ")";
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
