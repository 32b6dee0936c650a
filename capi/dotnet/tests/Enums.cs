// The enums of Mus against the constants of NativeMethods (which Manifest.cs checks against
// mus.h): each member equals the constant of the same name under its prefix (names compared
// without underscores and case: Royal31.JackOfCoinsAny777 is MUS_ROYAL31_JACK_OF_COINS_ANY777),
// and each constant under the prefix has its member.
using System;
using System.Collections.Generic;
using System.Linq;
using System.Reflection;
using Mus;
using Mus.Native;

internal static partial class BindingTests
{
    private sealed class EnumPrefix
    {
        public Type Enum;
        public string Prefix;
        public string[] Except; // longer prefixes under Prefix that belong to something else
    }

    private static readonly EnumPrefix[] EnumPrefixes =
    {
        new EnumPrefix { Enum = typeof(MusStatus), Prefix = "MUS_E_", Except = new string[0] },
        new EnumPrefix { Enum = typeof(Lance), Prefix = "MUS_LANCE_", Except = new[] { "MUS_LANCE_STATUS_" } },
        new EnumPrefix { Enum = typeof(Royal31), Prefix = "MUS_ROYAL31_", Except = new string[0] },
        new EnumPrefix { Enum = typeof(MusCorrido), Prefix = "MUS_CORRIDO_", Except = new string[0] },
        new EnumPrefix { Enum = typeof(Answers), Prefix = "MUS_ANSWERS_", Except = new string[0] },
        new EnumPrefix { Enum = typeof(SignalSet), Prefix = "MUS_SIGNALS_", Except = new string[0] },
        new EnumPrefix { Enum = typeof(Phase), Prefix = "MUS_PHASE_", Except = new string[0] },
        new EnumPrefix { Enum = typeof(ActionKind), Prefix = "MUS_ACTION_", Except = new[] { "MUS_ACTION_ID_", "MUS_ACTION_TEXT_MAX" } },
        new EnumPrefix { Enum = typeof(Signal), Prefix = "MUS_SIGNAL_", Except = new string[0] },
        new EnumPrefix { Enum = typeof(LanceStatus), Prefix = "MUS_LANCE_STATUS_", Except = new string[0] },
        new EnumPrefix { Enum = typeof(HandEnd), Prefix = "MUS_END_", Except = new string[0] },
        new EnumPrefix { Enum = typeof(EventKind), Prefix = "MUS_EVENT_", Except = new string[0] },
        new EnumPrefix { Enum = typeof(BotKind), Prefix = "MUS_BOT_", Except = new string[0] },
        new EnumPrefix { Enum = typeof(Level), Prefix = "MUS_LEVEL_", Except = new string[0] },
        new EnumPrefix { Enum = typeof(PlayoutScope), Prefix = "MUS_PLAYOUT_", Except = new string[0] },
    };

    private static string Normalized(string name)
    {
        return name.Replace("_", "").ToUpperInvariant();
    }

    private static void EnumsAgainstConstants()
    {
        FieldInfo[] consts = typeof(NativeMethods).GetFields(BindingFlags.Public | BindingFlags.Static)
                                                  .Where(f => f.IsLiteral && f.FieldType == typeof(int)).ToArray();
        foreach (EnumPrefix e in EnumPrefixes)
        {
            var mine = consts.Where(f => f.Name.StartsWith(e.Prefix, StringComparison.Ordinal) &&
                                         !e.Except.Any(x => f.Name.StartsWith(x, StringComparison.Ordinal)))
                             .ToDictionary(f => Normalized(f.Name.Substring(e.Prefix.Length)), f => (int)f.GetRawConstantValue());
            if (e.Enum == typeof(MusStatus)) mine["OK"] = NativeMethods.MUS_OK;
            var members = new HashSet<string>();
            foreach (string member in Enum.GetNames(e.Enum))
            {
                string key = Normalized(member);
                members.Add(key);
                int value;
                if (!Check(mine.TryGetValue(key, out value), e.Enum.Name + "." + member + " has a constant " + e.Prefix + "*"))
                    continue;
                Eq(Convert.ToInt32(Enum.Parse(e.Enum, member)), value, e.Enum.Name + "." + member);
            }
            foreach (string key in mine.Keys)
                Check(members.Contains(key), e.Prefix + key + " (without underscores) has a member in " + e.Enum.Name);
        }
    }
}
