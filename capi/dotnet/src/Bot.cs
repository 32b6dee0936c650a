using System;
using System.Collections.Generic;
using System.Collections.ObjectModel;
using System.Runtime.InteropServices;
using Mus.Native;

namespace Mus
{
    /// <summary>The levels' names (mus_level_name, mus_level_display_name, mus_level_parse).</summary>
    public static class Levels
    {
        /// <summary>Every level, weakest first.</summary>
        public static IReadOnlyList<Level> All
        {
            get
            {
                var all = new Level[NativeMethods.MUS_LEVELS];
                for (int i = 0; i < all.Length; ++i) all[i] = (Level)i;
                return new ReadOnlyCollection<Level>(all);
            }
        }

        /// <summary>
        /// The level's id for code and files: "beginner", "amateur", "club", "strong" or
        /// "expert". MUS_E_INVALID_ARGUMENT for a value outside the levels.
        /// </summary>
        public static string Name(Level level)
        {
            return Text(NativeMethods.mus_level_name((int)level), level);
        }

        /// <summary>
        /// The level's name for players, in Spanish: "principiante", "aficionado",
        /// "jugador de club", "fuerte" or "experto". MUS_E_INVALID_ARGUMENT for a value outside
        /// the levels.
        /// </summary>
        public static string DisplayName(Level level)
        {
            return Text(NativeMethods.mus_level_display_name((int)level), level);
        }

        /// <summary>
        /// The level of an id or a display name, exactly as written: MUS_E_PARSE (its message
        /// lists the names) for another, MUS_E_INVALID_ARGUMENT for null.
        /// </summary>
        public static unsafe Level Parse(string name)
        {
            if (name == null) throw new MusException(MusStatus.InvalidArgument, "level name is null");
            int level;
            MusException.Check(NativeMethods.mus_level_parse(name, &level), "level \"" + name + "\"");
            return (Level)level;
        }

        private static string Text(IntPtr p, Level level)
        {
            if (p == IntPtr.Zero)
                throw new MusException(MusStatus.InvalidArgument, "unknown level " + (int)level);
            return Marshal.PtrToStringAnsi(p);
        }
    }

    /// <summary>
    /// A computer player of the library (mus_bot_config): its kind and, for the search bot, its
    /// budget per decision. Immutable; a bot decides only from what its seat may know (its own
    /// cards and the public state), and without a time cap the same state, seat and seed give
    /// the same choice.
    /// </summary>
    public sealed class Bot
    {
        private readonly mus_bot_config config;

        /// <summary>
        /// A bot of this kind with its default budget (mus_bot_config_default); playouts and
        /// timeMs, when not 0, replace the search budget in playouts per decision and the
        /// wall-clock cap per decision in ms. MUS_E_INVALID_ARGUMENT for an unknown kind or a
        /// negative budget.
        /// </summary>
        public unsafe Bot(BotKind kind, int playouts = 0, int timeMs = 0)
            : this(kind, playouts, timeMs, null)
        {
        }

        /// <summary>
        /// An exploiter of <paramref name="target"/> (or a bot of another kind with a null
        /// target): MUS_E_INVALID_ARGUMENT, when it decides, for a target that is the exploiter.
        /// </summary>
        public unsafe Bot(BotKind kind, int playouts, int timeMs, BotKind? target)
        {
            if (playouts < 0 || timeMs < 0)
                throw new MusException(MusStatus.InvalidArgument, "a negative bot budget");
            mus_bot_config c;
            MusException.Check(NativeMethods.mus_bot_config_default((int)kind, &c), "bot kind " + (int)kind);
            if (playouts != 0) c.playouts = playouts;
            if (timeMs != 0) c.time_ms = timeMs;
            if (target.HasValue) c.target = (int)target.Value;
            config = c;
        }

        private Bot(mus_bot_config c)
        {
            config = c;
        }

        /// <summary>
        /// The bot of a level (mus_bot_config_level): its kind and budget (the kind's default,
        /// except the strong level: the search bot at 80 playouts).
        /// MUS_E_INVALID_ARGUMENT for a value outside the levels.
        /// </summary>
        public static unsafe Bot ForLevel(Level level)
        {
            mus_bot_config c;
            MusException.Check(NativeMethods.mus_bot_config_level((int)level, &c), "level " + (int)level);
            return new Bot(c);
        }

        /// <summary>The exploiter's target; null for the other kinds.</summary>
        public BotKind? Target { get { return config.kind == (int)BotKind.Exploiter ? (BotKind?)config.target : null; } }

        /// <summary>The random player.</summary>
        public static Bot Random { get { return new Bot(BotKind.Random); } }

        /// <summary>The heuristic player.</summary>
        public static Bot Heuristic { get { return new Bot(BotKind.Heuristic); } }

        /// <summary>The search player with its default budget.</summary>
        public static Bot Search { get { return new Bot(BotKind.Search); } }

        public BotKind Kind { get { return (BotKind)config.kind; } }

        /// <summary>The search budget per decision in playouts (0: the kind's default).</summary>
        public int PlayoutBudget { get { return config.playouts; } }

        /// <summary>The wall-clock cap per decision in ms; 0 for none (then decisions are deterministic).</summary>
        public int TimeMs { get { return config.time_ms; } }

        /// <summary>The C struct, for calls through Mus.Native.</summary>
        public mus_bot_config ToNative() { return config; }

        /// <summary>
        /// The action id the bot chooses for the seat to act (mus_bot_choose); it is legal in s.
        /// MUS_E_WRONG_PHASE when a shuffle (chance) is due, MUS_E_MATCH_OVER once the match is over.
        /// </summary>
        public int ChooseId(State s, ulong seed)
        {
            if (ReferenceEquals(s, null)) throw new MusException(MusStatus.InvalidArgument, "state is null");
            return ChooseId(s, seed, s.ToAct ?? 0);
        }

        /// <summary>
        /// The action id the bot chooses for seat, which must be the seat to act
        /// (MUS_E_NOT_YOUR_TURN otherwise). The seat comes last, as in every binding.
        /// </summary>
        public unsafe int ChooseId(State s, ulong seed, int seat)
        {
            if (ReferenceEquals(s, null)) throw new MusException(MusStatus.InvalidArgument, "state is null");
            mus_state raw = s.ToNative();
            mus_bot_config c = config;
            int id;
            MusException.Check(NativeMethods.mus_bot_choose(&raw, seat, &c, seed, &id),
                               "mus_bot_choose, " + Kind + " bot, seat " + seat);
            return id;
        }

        /// <summary>The action the bot chooses for the seat to act: s.ActionFromId(ChooseId(s, seed)).</summary>
        public MusAction Choose(State s, ulong seed)
        {
            return s.ActionFromId(ChooseId(s, seed));
        }

        /// <summary>The action the bot chooses for seat, the seat to act: s.ActionFromId(ChooseId(s, seed, seat)).</summary>
        public MusAction Choose(State s, ulong seed, int seat)
        {
            return s.ActionFromId(ChooseId(s, seed, seat));
        }

        /// <summary>
        /// The search bot's estimate of each action it considers for the seat to act
        /// (mus_bot_evaluate): action id to the expected points of the seat's team minus the
        /// opponents' to the end of the hand, with score and target weighed in (what ChooseId
        /// maximises). MUS_E_INVALID_ARGUMENT unless Kind is Search, Expert or Exploiter.
        /// </summary>
        public unsafe IReadOnlyDictionary<int, double> Evaluate(State s, ulong seed)
        {
            if (ReferenceEquals(s, null)) throw new MusException(MusStatus.InvalidArgument, "state is null");
            mus_state raw = s.ToNative();
            mus_bot_config c = config;
            var points = new double[NativeMethods.MUS_ACTION_ID_COUNT];
            ulong ids;
            int seat = s.ToAct ?? 0;
            fixed (double* p = points)
                MusException.Check(
                    NativeMethods.mus_bot_evaluate(&raw, seat, &c, seed, p, (UIntPtr)points.Length, &ids),
                    "mus_bot_evaluate, " + Kind + " bot, seat " + seat);
            var estimates = new Dictionary<int, double>();
            for (int id = 0; id < points.Length; ++id)
                if ((ids & (1UL << id)) != 0) estimates[id] = points[id];
            return new ReadOnlyDictionary<int, double>(estimates);
        }

        /// <summary>
        /// n playouts from state, every seat played by bot from its own view, the shuffles drawn
        /// from seed (mus_bot_playouts): result[i] holds the points teams 0 and 1 gained in playout
        /// first + i, to the end of the hand or of the match. The same arguments give the same
        /// points, and a series played in pieces (each piece's first the playouts before it)
        /// gives the points of one call. The arguments come in the order of every binding:
        /// state, bot, seed, n, scope, first.
        /// </summary>
        public static unsafe IReadOnlyList<IReadOnlyList<int>> Playouts(
            State state, Bot bot, ulong seed, int n, PlayoutScope scope = PlayoutScope.Hand, ulong first = 0)
        {
            if (ReferenceEquals(state, null)) throw new MusException(MusStatus.InvalidArgument, "state is null");
            if (ReferenceEquals(bot, null)) throw new MusException(MusStatus.InvalidArgument, "bot is null");
            if (n < 0) throw new MusException(MusStatus.InvalidArgument, "a negative number of playouts");
            mus_state raw = state.ToNative();
            mus_bot_config c = bot.config;
            var points = new int[Math.Max(2 * n, 1)];
            fixed (int* p = points)
                MusException.Check(NativeMethods.mus_bot_playouts(&raw, &c, seed, first, n, (int)scope, p),
                                   "mus_bot_playouts, " + n + " " + scope + " playouts");
            var result = new IReadOnlyList<int>[n];
            for (int i = 0; i < n; ++i) result[i] = new ReadOnlyCollection<int>(new[] { points[2 * i], points[2 * i + 1] });
            return new ReadOnlyCollection<IReadOnlyList<int>>(result);
        }

        public override string ToString()
        {
            return Kind + " bot" + (PlayoutBudget != 0 ? ", " + PlayoutBudget + " playouts" : "") +
                   (TimeMs != 0 ? ", " + TimeMs + " ms" : "");
        }
    }
}
