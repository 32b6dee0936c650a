// The transcripts of tests/transcripts (generated once by the C++ library, replayed in every
// language): each gives a rules text and a first dealer, then one action line per step with the
// state text after it. The C# replay parses the rules and each action with the C API, applies
// it, and must print every state text byte for byte.
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
        string[] files = Directory.Exists(dir) ? Directory.GetFiles(dir, "*.txt") : new string[0];
        Array.Sort(files, StringComparer.Ordinal);
        if (!Check(files.Length > 0, "transcripts in " + dir)) return;
        int steps = 0;
        foreach (string file in files) steps += Replay(file);
        Console.WriteLine("transcripts: " + files.Length + " files, " + steps + " actions replayed");
    }

    /// <summary>Replays one transcript; returns the number of actions, checking every state text.</summary>
    private static int Replay(string file)
    {
        string name = Path.GetFileName(file);
        Rules rules = null;
        int dealer = -1;
        State s = null;
        string pendingAction = null;
        int steps = 0, lineNo = 0, failures = failed;
        foreach (string line in File.ReadAllLines(file))
        {
            ++lineNo;
            if (failed - failures >= 3) break; // one broken file says enough
            string where = name + ":" + lineNo;
            if (line.Length == 0 || line.StartsWith("#", StringComparison.Ordinal)) continue;
            int space = line.IndexOf(' ');
            string key = space < 0 ? line : line.Substring(0, space);
            string value = space < 0 ? "" : line.Substring(space + 1);
            switch (key)
            {
                case "rules":
                    rules = Rules.Parse(value);
                    Eq(rules.ToString(), value, where + ": the rules text is canonical");
                    break;
                case "dealer":
                    dealer = int.Parse(value);
                    break;
                case "action":
                    if (!Check(s != null && pendingAction == null, where + ": an action after a state")) return steps;
                    MusAction a = MusAction.Parse(value);
                    Eq(a.ToText(), value, where + ": the action line prints back the same");
                    s = s.Apply(a);
                    pendingAction = value;
                    ++steps;
                    break;
                case "state":
                    if (s == null)
                    {
                        if (!Check(rules != null && dealer >= 0, where + ": rules and dealer before the first state")) return steps;
                        s = State.New(rules, dealer);
                    }
                    else if (!Check(pendingAction != null, where + ": a state after an action")) return steps;
                    Eq(s.ToText(), value, where + ": the state text after " + (pendingAction ?? "the new match"));
                    if ((steps & 63) == 0) Eq(State.Parse(value), s, where + ": the state text parses to the same state");
                    pendingAction = null;
                    break;
                default:
                    Check(false, where + ": unknown record " + key);
                    break;
            }
        }
        Check(steps > 0, name + ": some actions replayed");
        Check(pendingAction == null, name + ": ends with a state");
        return steps;
    }
}
