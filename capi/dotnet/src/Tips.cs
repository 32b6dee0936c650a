using System;
using System.Collections.Generic;
using System.Collections.ObjectModel;
using Mus.Native;

namespace Mus
{
    /// <summary>
    /// One tip for a person at the table (a mus_tip): a kind and the facts it needs, which the
    /// caller puts into words. Fields a kind does not use are null, 0 or empty.
    /// </summary>
    public sealed class Tip
    {
        private Tip() { }

        /// <summary>What the tip says.</summary>
        public TipKind Kind { get; private set; }

        /// <summary>The kind's name as the library writes it, e.g. "search_choice".</summary>
        public string Name { get; private set; }

        /// <summary>The lance it is about, or null.</summary>
        public Lance? Lance { get; private set; }

        /// <summary>The seat it names (who signalled), or null.</summary>
        public int? Seat { get; private set; }

        /// <summary>By kind: kings, aces, tantos, percent.</summary>
        public int Count { get; private set; }

        /// <summary>By kind: points needed, a stake.</summary>
        public int Amount { get; private set; }

        /// <summary>The game points of the seat's team, then the opponents'.</summary>
        public IReadOnlyList<int> Score { get; private set; }

        /// <summary>The signals made (the signal kinds).</summary>
        public IReadOnlyList<Signal> Signals { get; private set; }

        /// <summary>The seat's four cards (the hand facts), or null.</summary>
        public Hand Hand { get; private set; }

        /// <summary>The ranks the cards play as, high to low (0 ace .. 9 king).</summary>
        public IReadOnlyList<int> Ranks { get; private set; }

        /// <summary>The pares as kind * 100 + high rank * 10 + low rank; 0 without pares.</summary>
        public int Pares { get; private set; }

        /// <summary>The juego or punto total.</summary>
        public int Value { get; private set; }

        /// <summary>The hand is a 31 real.</summary>
        public bool Real31 { get; private set; }

        /// <summary>Juego: a 31 real beats it too (named before BeatenBy).</summary>
        public bool Real31Beats { get; private set; }

        /// <summary>Juego: the totals of the juegos that beat it, best first.</summary>
        public IReadOnlyList<int> BeatenBy { get; private set; }

        /// <summary>ClubDiscard: the cards to throw.</summary>
        public IReadOnlyList<Card> Cards { get; private set; }

        /// <summary>The action a player would choose (SearchChoice, Club*), or null.</summary>
        public MusAction Action { get; private set; }

        /// <summary>SearchChoice: the runner-up, or null.</summary>
        public MusAction Other { get; private set; }

        /// <summary>SearchChoice: the estimate of Action (the team's points minus the opponents' to the end of the hand).</summary>
        public double Points { get; private set; }

        /// <summary>SearchChoice: the estimate of Other.</summary>
        public double OtherPoints { get; private set; }

        /// <summary>LanceChance: the team's chance in the lance, 0..1.</summary>
        public double Chance { get; private set; }

        /// <summary>The kind's name, as the library writes it (its words are the caller's).</summary>
        public override string ToString() { return Name; }

        internal static unsafe Tip FromNative(mus_tip t)
        {
            var signals = new List<Signal>();
            for (int k = 0; k < 16; ++k)
                if (((t.signals >> k) & 1) != 0) signals.Add((Signal)k);
            bool full = true;
            var ids = new int[4];
            var ranks = new int[4];
            for (int i = 0; i < 4; ++i)
            {
                ids[i] = t.hand[i];
                ranks[i] = t.ranks[i];
                if (t.hand[i] >= 40) full = false;
            }
            var beaten = new List<int>();
            for (int i = 0; i < 8; ++i)
                if (t.beaten_by[i] != 0) beaten.Add(t.beaten_by[i]);
            var cards = new List<Card>();
            for (int id = 0; id < 40; ++id)
                if (((t.cards >> id) & 1UL) != 0) cards.Add(new Card(id));
            var kind = (TipKind)t.kind;
            return new Tip
            {
                Kind = kind,
                Name = NameOf(kind),
                Lance = t.lance < 0 ? (Lance?)null : (Lance)t.lance,
                Seat = t.seat < 0 ? (int?)null : t.seat,
                Count = t.count,
                Amount = t.amount,
                Score = new ReadOnlyCollection<int>(new[] { t.score[0], t.score[1] }),
                Signals = signals.AsReadOnly(),
                Hand = full ? Hand.FromIds(ids) : null,
                Ranks = new ReadOnlyCollection<int>(ranks),
                Pares = t.pares,
                Value = t.value,
                Real31 = t.real31 != 0,
                Real31Beats = t.real31_beats != 0,
                BeatenBy = beaten.AsReadOnly(),
                Cards = cards.AsReadOnly(),
                Action = t.action.kind != 0 ? MusAction.FromNative(t.action) : null,
                Other = t.other.kind != 0 ? MusAction.FromNative(t.other) : null,
                Points = t.points,
                OtherPoints = t.other_points,
                Chance = t.chance,
            };
        }

        /// <summary>"SearchChoice" as "search_choice": the library's name of a kind.</summary>
        public static string NameOf(TipKind kind)
        {
            string name = kind.ToString();
            var sb = new System.Text.StringBuilder();
            for (int i = 0; i < name.Length; ++i)
            {
                char c = name[i];
                if (char.IsUpper(c) && i > 0) sb.Append('_');
                sb.Append(char.ToLowerInvariant(c));
            }
            return sb.ToString();
        }
    }

    /// <summary>The tips of the library (mus_state_tips).</summary>
    public static class Tips
    {
        /// <summary>
        /// Up to three tips for the seat to act, the most useful first (mus_state_tips), from what
        /// that seat may know only. MUS_E_WRONG_PHASE when a shuffle is due, MUS_E_MATCH_OVER
        /// once the match is over. In the betting phase it runs the search bot once (a few ms).
        /// </summary>
        public static IReadOnlyList<Tip> For(State s)
        {
            if (ReferenceEquals(s, null)) throw new MusException(MusStatus.InvalidArgument, "state is null");
            return For(s, s.ToAct ?? 0);
        }

        /// <summary>The tips for seat, which must be the seat to act (MUS_E_NOT_YOUR_TURN otherwise).</summary>
        public static unsafe IReadOnlyList<Tip> For(State s, int seat)
        {
            if (ReferenceEquals(s, null)) throw new MusException(MusStatus.InvalidArgument, "state is null");
            mus_state raw = s.ToNative();
            mus_tip* buf = stackalloc mus_tip[NativeMethods.MUS_MAX_TIPS];
            UIntPtr n;
            MusException.Check(NativeMethods.mus_state_tips(&raw, seat, buf, (UIntPtr)NativeMethods.MUS_MAX_TIPS, &n),
                               "mus_state_tips, seat " + seat);
            var list = new List<Tip>();
            for (int i = 0; i < (int)n.ToUInt64(); ++i) list.Add(Tip.FromNative(buf[i]));
            return list.AsReadOnly();
        }
    }
}
