using System;
using System.Collections.Generic;
using System.Text;
using Mus.Native;

namespace Mus
{
    /// <summary>
    /// One action, as the reducer takes it (mus_action): an immutable value. Build one with the
    /// static constructors (Mus, Cut, Bet, Shuffle, Discard, ...) or take it from
    /// State.LegalActions().
    /// </summary>
    public sealed class MusAction : IEquatable<MusAction>
    {
        private readonly byte[] order; // SHUFFLE with Amount n > 0: the n cards in dealing order

        /// <summary>
        /// Any action, fields as in mus_action; the reducer checks them (an unknown kind or a
        /// seat outside -1..3 is MUS_E_INVALID_ARGUMENT when applied).
        /// </summary>
        public MusAction(ActionKind kind, int seat, int amount = 0, ulong cards = 0, ulong seed = 0,
                         IEnumerable<Card> order = null)
        {
            Kind = kind;
            Seat = seat;
            Amount = amount;
            CardMask = cards;
            Seed = seed;
            var o = new List<byte>();
            if (order != null)
                foreach (Card c in order) o.Add((byte)c.Id);
            if (o.Count > 40) throw new MusException(MusStatus.BadShuffle, "more than 40 cards in a shuffle order");
            this.order = o.ToArray();
        }

        public ActionKind Kind { get; private set; }

        /// <summary>The acting seat 0..3; -1 for a shuffle.</summary>
        public int Seat { get; private set; }

        /// <summary>BET: points (the bet, or the raise over an open bet); SIGNAL: the signal;
        /// SHUFFLE: 0 = use Seed, n = Order holds n cards; a legal DISCARD: the fewest cards to discard.</summary>
        public int Amount { get; private set; }

        /// <summary>DISCARD: bit i set = card id i (for a legal DISCARD: the cards the seat may discard).</summary>
        public ulong CardMask { get; private set; }

        /// <summary>SHUFFLE with Amount 0: the seed.</summary>
        public ulong Seed { get; private set; }

        /// <summary>The cards of CardMask, in id order.</summary>
        public IReadOnlyList<Card> Cards
        {
            get
            {
                var list = new List<Card>();
                for (int i = 0; i < 40; ++i)
                    if ((CardMask & (1UL << i)) != 0) list.Add(new Card(i));
                return list;
            }
        }

        /// <summary>SHUFFLE with an explicit order: the cards in dealing order (empty otherwise).</summary>
        public IReadOnlyList<Card> Order
        {
            get
            {
                var list = new List<Card>(order.Length);
                foreach (byte b in order) list.Add(new Card(b));
                return list;
            }
        }

        /// <summary>For a SIGNAL action: the signal; null for other kinds.</summary>
        public Signal? SignalMade
        {
            get { return Kind == ActionKind.Signal ? (Signal?)(Signal)Amount : null; }
        }

        // ---- Constructors, one per kind ----------------------------------------------------------

        /// <summary>Chance: a seeded shuffle (a new hand's deal, or a stock refill; R12).</summary>
        public static MusAction Shuffle(ulong seed) { return new MusAction(ActionKind.Shuffle, -1, 0, 0, seed); }

        /// <summary>Chance: an explicit order of exactly the cards being shuffled (40 for a deal).</summary>
        public static MusAction ShuffleOrder(IEnumerable<Card> order)
        {
            var list = new List<Card>(order);
            return new MusAction(ActionKind.Shuffle, -1, list.Count, 0, 0, list);
        }

        /// <summary>
        /// Chance: a stacked deal (mus_action_from_deal): seat s receives hands[s] when mano is the
        /// mano; the stock starts with stock, the other cards following in id order.
        /// </summary>
        public static unsafe MusAction StackedDeal(IList<Hand> hands, int mano, IEnumerable<Card> stock = null)
        {
            if (hands == null || hands.Count != 4)
                throw new MusException(MusStatus.InvalidArgument, "four hands, seat 0's first");
            byte* all = stackalloc byte[16];
            for (int s = 0; s < 4; ++s)
            {
                if (!hands[s].IsComplete) throw new MusException(MusStatus.InvalidCards, "incomplete hand");
                byte[] ids = hands[s].ToIds();
                for (int i = 0; i < 4; ++i) all[s * 4 + i] = ids[i];
            }
            var top = new List<byte>();
            if (stock != null)
                foreach (Card c in stock) top.Add((byte)c.Id);
            byte[] topArray = top.ToArray();
            mus_action a;
            fixed (byte* st = topArray)
                MusException.Check(
                    NativeMethods.mus_action_from_deal(all, mano, topArray.Length == 0 ? null : st,
                                                   (UIntPtr)topArray.Length, &a),
                    "stacked deal");
            return FromNative(a);
        }

        public static MusAction Mus(int seat) { return new MusAction(ActionKind.Mus, seat); }

        public static MusAction Cut(int seat) { return new MusAction(ActionKind.Cut, seat); }

        /// <summary>Discard these cards (R14); replacements follow once every seat has discarded.</summary>
        public static MusAction Discard(int seat, IEnumerable<Card> cards)
        {
            ulong mask = 0;
            if (cards != null)
                foreach (Card c in cards) mask |= 1UL << c.Id;
            return new MusAction(ActionKind.Discard, seat, 0, mask);
        }

        public static MusAction Discard(int seat, params Card[] cards)
        {
            return Discard(seat, (IEnumerable<Card>)cards);
        }

        public static MusAction Pass(int seat) { return new MusAction(ActionKind.Pass, seat); }

        /// <summary>Envido of amount, or a raise of amount more over an open bet (R24, R25).</summary>
        public static MusAction Bet(int seat, int amount) { return new MusAction(ActionKind.Bet, seat, amount); }

        public static MusAction Ordago(int seat) { return new MusAction(ActionKind.Ordago, seat); }

        public static MusAction Accept(int seat) { return new MusAction(ActionKind.Accept, seat); }

        public static MusAction Reject(int seat) { return new MusAction(ActionKind.Reject, seat); }

        /// <summary>A signal to the partner (R33); a false one is MUS_E_FALSE_SIGNAL.</summary>
        public static MusAction Signal(int seat, Signal signal)
        {
            return new MusAction(ActionKind.Signal, seat, (int)signal);
        }

        /// <summary>Declare tío Perete (R32).</summary>
        public static MusAction Perete(int seat) { return new MusAction(ActionKind.Perete, seat); }

        // ---- Conversions ---------------------------------------------------------------------------

        /// <summary>The C struct, reserved fields zero.</summary>
        public unsafe mus_action ToNative()
        {
            var a = new mus_action();
            a.kind = (int)Kind;
            a.seat = Seat;
            a.amount = Amount;
            a.cards = CardMask;
            a.seed = Seed;
            for (int i = 0; i < order.Length; ++i) a.order[i] = order[i];
            return a;
        }

        /// <summary>An action from the C struct (the order is kept for a SHUFFLE with Amount 1..40).</summary>
        public static unsafe MusAction FromNative(mus_action a)
        {
            var order = new List<Card>();
            if (a.kind == NativeMethods.MUS_ACTION_SHUFFLE && a.amount > 0 && a.amount <= 40)
                for (int i = 0; i < a.amount; ++i)
                    if (a.order[i] < 40) order.Add(new Card(a.order[i]));
            return new MusAction((ActionKind)a.kind, a.seat, a.amount, a.cards, a.seed, order);
        }

        /// <summary>
        /// The action's line form (mus_action_format), e.g. "1 bet 2", "0 discard Ko 5c",
        /// "shuffle seed 42"; MusAction.Parse reads it back. Throws MusException for an action
        /// the line cannot express (an unknown kind, a seat outside -1..3, ...); ToString then
        /// gives the raw fields instead.
        /// </summary>
        public unsafe string ToText()
        {
            mus_action a = ToNative();
            return NativeText.Write((buf, cap, len) =>
            {
                mus_action copy = a;
                return NativeMethods.mus_action_format(&copy, buf, cap, len);
            }, NativeMethods.MUS_ACTION_TEXT_MAX, "mus_action_format");
        }

        /// <summary>
        /// The line form (ToText), or for an action it cannot express the raw fields, e.g.
        /// "mus_action(kind 6, seat 7, amount 2)": never throws.
        /// </summary>
        public override string ToString()
        {
            try
            {
                return ToText();
            }
            catch (MusException)
            {
                return "mus_action(kind " + (int)Kind + ", seat " + Seat + ", amount " + Amount + ", cards 0x" +
                       CardMask.ToString("x") + ", seed " + Seed + ", " + order.Length + " cards in order)";
            }
        }

        /// <summary>
        /// An action from its line form (mus_action_parse), e.g. "1 bet 2", "shuffle seed 42".
        /// MUS_E_PARSE (with the error's position in MusException.Position) for bad text,
        /// MUS_E_INVALID_ARGUMENT for null.
        /// </summary>
        public static unsafe MusAction Parse(string text)
        {
            mus_action a;
            int pos = -1;
            int status = NativeMethods.mus_action_parse(text, &a, &pos);
            MusException.Check(status, NativeText.ParseDetail("action", text, pos), pos);
            return FromNative(a);
        }

        public bool Equals(MusAction other)
        {
            if (ReferenceEquals(other, null)) return false;
            if (Kind != other.Kind || Seat != other.Seat || Amount != other.Amount ||
                CardMask != other.CardMask || Seed != other.Seed || order.Length != other.order.Length)
                return false;
            for (int i = 0; i < order.Length; ++i)
                if (order[i] != other.order[i]) return false;
            return true;
        }

        public override bool Equals(object obj) { return Equals(obj as MusAction); }

        public override int GetHashCode()
        {
            return ((int)Kind * 31 + Seat) * 31 + Amount ^ CardMask.GetHashCode() ^ Seed.GetHashCode();
        }
    }
}
