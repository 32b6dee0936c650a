using System;
using System.Collections;
using System.Collections.Generic;
using Mus.Native;

namespace Mus
{
    /// <summary>Card suits, R3: id = suit * 10 + rank.</summary>
    public enum Suit
    {
        Oros = 0,
        Copas = 1,
        Espadas = 2,
        Bastos = 3,
    }

    /// <summary>Card ranks, R3 (Jack = sota, Knight = caballo, King = rey).</summary>
    public enum Rank
    {
        Ace = 0,
        Two = 1,
        Three = 2,
        Four = 3,
        Five = 4,
        Six = 5,
        Seven = 6,
        Jack = 7,
        Knight = 8,
        King = 9,
    }

    /// <summary>
    /// One of the 40 cards, by its R3 id: <c>id = suit * 10 + rank</c> (Ao = 0, Ko = 9, Kb = 39).
    /// Printed and parsed in the R2 notation: a rank letter A 2 3 4 5 6 7 J Q K and a suit
    /// letter o c e b ("Ko", "3c", "Ab").
    /// </summary>
    public struct Card : IEquatable<Card>, IComparable<Card>
    {
        private readonly byte id;

        /// <summary>The card with this id; MUS_E_INVALID_CARDS outside 0..39.</summary>
        public Card(int id)
        {
            if (id < 0 || id > 39)
                throw new MusException(MusStatus.InvalidCards, "card id " + id + " outside 0..39");
            this.id = (byte)id;
        }

        public Card(Suit suit, Rank rank)
            : this(CheckedId(suit, rank))
        {
        }

        /// <summary>All 40 cards in id order.</summary>
        public static IReadOnlyList<Card> Deck
        {
            get
            {
                var all = new Card[40];
                for (int i = 0; i < 40; ++i) all[i] = new Card(i);
                return all;
            }
        }

        public int Id { get { return id; } }

        public Suit Suit { get { return (Suit)(id / 10); } }

        public Rank Rank { get { return (Rank)(id % 10); } }

        /// <summary>
        /// One card in the R2 notation (mus_card_parse), either case, also with the Spanish
        /// letters S (sota), C (caballo), R (rey) and 1 for the ace: "Ko", "rc", "1b"; blanks
        /// around it are ignored. MUS_E_PARSE otherwise, MUS_E_INVALID_ARGUMENT for null.
        /// </summary>
        public static unsafe Card Parse(string text)
        {
            byte id;
            MusException.Check(NativeMethods.mus_card_parse(text, &id), "card \"" + text + "\"");
            return new Card(id);
        }

        /// <summary>
        /// The cards in the order a seeded SHUFFLE deals them (mus_seeded_order, R12): sorted
        /// by id, then shuffled by the library's documented PRNG. Distinct cards only
        /// (MUS_E_INVALID_CARDS), at most 40.
        /// </summary>
        public static unsafe IReadOnlyList<Card> SeededOrder(IEnumerable<Card> cards, ulong seed)
        {
            var ids = new List<byte>();
            if (cards != null)
                foreach (Card c in cards) ids.Add(c.id);
            if (ids.Count > 40) throw new MusException(MusStatus.InvalidArgument, "more than 40 cards");
            byte[] buf = ids.ToArray();
            if (buf.Length == 0) return new List<Card>(); // the C call refuses a NULL pointer even for 0 cards
            fixed (byte* p = buf)
                MusException.Check(NativeMethods.mus_seeded_order(p, (UIntPtr)buf.Length, seed), "seeded order");
            var order = new List<Card>(buf.Length);
            foreach (byte b in buf) order.Add(new Card(b));
            return order;
        }

        /// <summary>The R2 notation (mus_card_format), e.g. "Ko".</summary>
        public override unsafe string ToString()
        {
            byte card = id;
            return NativeText.Write((buf, cap, len) => NativeMethods.mus_card_format(card, buf, cap, len), 2,
                                    "card " + card);
        }

        public bool Equals(Card other) { return id == other.id; }

        public override bool Equals(object obj) { return obj is Card && Equals((Card)obj); }

        public override int GetHashCode() { return id; }

        public int CompareTo(Card other) { return id.CompareTo(other.id); }

        public static bool operator ==(Card a, Card b) { return a.id == b.id; }

        public static bool operator !=(Card a, Card b) { return a.id != b.id; }

        private static int CheckedId(Suit suit, Rank rank)
        {
            if ((int)suit < 0 || (int)suit > 3 || (int)rank < 0 || (int)rank > 9)
                throw new MusException(MusStatus.InvalidCards, "suit " + (int)suit + ", rank " + (int)rank);
            return (int)suit * 10 + (int)rank;
        }
    }

    /// <summary>
    /// A player's four cards, in the order dealt or written. A hand read from a match state may
    /// have empty slots while the seat waits for replacement cards (the C API's MUS_NO_CARD); such a
    /// hand is not complete, prints "--" for the empty slot, and cannot be evaluated
    /// (MUS_E_INVALID_CARDS).
    /// </summary>
    public sealed class Hand : IEquatable<Hand>, IEnumerable<Card>
    {
        /// <summary>The id of an empty slot in the C API.</summary>
        public const byte EmptySlot = NativeMethods.MUS_NO_CARD;

        private readonly byte[] ids; // always 4

        /// <summary>A hand of four distinct cards; MUS_E_INVALID_CARDS otherwise.</summary>
        public Hand(params Card[] cards)
            : this(IdsOf(cards), false)
        {
        }

        private Hand(byte[] ids, bool allowEmpty)
        {
            if (ids.Length != 4)
                throw new MusException(MusStatus.InvalidCards, "a hand has four cards, not " + ids.Length);
            ulong seen = 0;
            foreach (byte b in ids)
            {
                if (b == EmptySlot && allowEmpty) continue;
                if (b > 39 || (seen & (1UL << b)) != 0)
                    throw new MusException(MusStatus.InvalidCards, "hand ids " + string.Join(" ", ids));
                seen |= 1UL << b;
            }
            this.ids = ids;
        }

        /// <summary>A hand from four distinct card ids 0..39; MUS_E_INVALID_CARDS otherwise.</summary>
        public static Hand FromIds(params int[] ids)
        {
            if (ids == null || ids.Length != 4)
                throw new MusException(MusStatus.InvalidCards, "a hand has four cards");
            var b = new byte[4];
            for (int i = 0; i < 4; ++i)
            {
                if (ids[i] < 0 || ids[i] > 39)
                    throw new MusException(MusStatus.InvalidCards, "card id " + ids[i] + " outside 0..39");
                b[i] = (byte)ids[i];
            }
            return new Hand(b, false);
        }

        /// <summary>Four slots as the C API gives them: ids 0..39, or 255 for an empty slot.</summary>
        internal static Hand FromSlots(byte[] slots) { return new Hand(slots, true); }

        /// <summary>
        /// Parse four cards (mus_hand_parse), e.g. "Ko 3c Qe Ab"; Spanish letters and either
        /// case accepted. MUS_E_PARSE for bad text, a duplicate card or a count other than four.
        /// </summary>
        public static unsafe Hand Parse(string text)
        {
            if (text == null) throw new MusException(MusStatus.InvalidArgument, "hand text is null");
            var b = new byte[4];
            fixed (byte* p = b)
                MusException.Check(NativeMethods.mus_hand_parse(text, p), "hand \"" + text + "\"");
            return new Hand(b, false);
        }

        /// <summary>True unless a slot waits for a replacement card.</summary>
        public bool IsComplete { get { return Array.IndexOf(ids, EmptySlot) < 0; } }

        /// <summary>The cards held (four when complete), in slot order.</summary>
        public IReadOnlyList<Card> Cards
        {
            get
            {
                var list = new List<Card>(4);
                foreach (byte b in ids)
                    if (b != EmptySlot) list.Add(new Card(b));
                return list;
            }
        }

        /// <summary>The card in slot i (0..3), or null for an empty slot.</summary>
        public Card? this[int i]
        {
            get { return ids[i] == EmptySlot ? (Card?)null : new Card(ids[i]); }
        }

        /// <summary>The four slots as C ids (255 for an empty slot); a copy.</summary>
        public byte[] ToIds() { return (byte[])ids.Clone(); }

        /// <summary>The cards as a 40-bit mask (bit id set), as mus_action.cards takes them.</summary>
        public ulong Mask
        {
            get
            {
                ulong m = 0;
                foreach (byte b in ids)
                    if (b != EmptySlot) m |= 1UL << b;
                return m;
            }
        }

        public bool Contains(Card card) { return Array.IndexOf(ids, (byte)card.Id) >= 0; }

        /// <summary>The total for juego and punto, 4..40 (R6; mus_hand_value).</summary>
        public unsafe int Value(Rules rules)
        {
            mus_rules r = RulesOf(rules);
            int value;
            fixed (byte* h = ids)
                MusException.Check(NativeMethods.mus_hand_value(&r, h, &value), "value of " + this);
            return value;
        }

        /// <summary>
        /// The tantos this hand brings its team when the team wins the lance (R28;
        /// mus_hand_tantos): pares 0/1/2/3, juego 0/2/3, other lances 0.
        /// </summary>
        public unsafe int Tantos(Rules rules, Lance lance)
        {
            mus_rules r = RulesOf(rules);
            int tantos;
            fixed (byte* h = ids)
                MusException.Check(NativeMethods.mus_hand_tantos(&r, (int)lance, h, &tantos),
                                   "tantos of " + this);
            return tantos;
        }

        /// <summary>Whether a signal tells the truth about this hand (R33; mus_signal_true).</summary>
        public unsafe bool IsSignalTrue(Rules rules, Signal signal)
        {
            mus_rules r = RulesOf(rules);
            int truth;
            fixed (byte* h = ids)
                MusException.Check(NativeMethods.mus_signal_true(&r, (int)signal, h, &truth),
                                   "signal " + signal + " on " + this);
            return truth != 0;
        }

        /// <summary>Every signal that is true of this hand (R33).</summary>
        public IReadOnlyList<Signal> TrueSignals(Rules rules)
        {
            var list = new List<Signal>();
            foreach (Signal s in Enum.GetValues(typeof(Signal)))
                if (IsSignalTrue(rules, s)) list.Add(s);
            return list;
        }

        /// <summary>
        /// The seat (0..3) whose hand wins a lance among four, ties to the seat nearer the mano
        /// (mus_lance_winner); null when nobody plays it (no pares, no juego, punto when
        /// somebody has juego). The sixteen cards must be distinct.
        /// </summary>
        public static unsafe int? LanceWinner(Rules rules, Lance lance, IList<Hand> hands, int mano)
        {
            if (hands == null || hands.Count != 4)
                throw new MusException(MusStatus.InvalidArgument, "four hands, seat 0's first");
            mus_rules r = RulesOf(rules);
            byte* all = stackalloc byte[16];
            for (int s = 0; s < 4; ++s)
                for (int i = 0; i < 4; ++i) all[s * 4 + i] = hands[s].ids[i];
            int seat;
            MusException.Check(NativeMethods.mus_lance_winner(&r, (int)lance, all, mano, &seat),
                               "winner of " + lance);
            return seat < 0 ? (int?)null : seat;
        }

        /// <summary>
        /// The canonical notation (mus_hand_format), e.g. "Ko 3c Qe Ab"; a hand waiting for a
        /// replacement prints its cards (mus_card_format) with "--" for the empty slot.
        /// </summary>
        public override unsafe string ToString()
        {
            if (!IsComplete)
            {
                var parts = new string[4];
                for (int i = 0; i < 4; ++i)
                    parts[i] = ids[i] == EmptySlot ? "--" : new Card(ids[i]).ToString();
                return string.Join(" ", parts);
            }
            byte[] hand = ids;
            return NativeText.Write((buf, cap, len) =>
            {
                fixed (byte* h = hand) return NativeMethods.mus_hand_format(h, buf, cap, len);
            }, 11, "format hand");
        }

        /// <summary>Same cards in the same slots.</summary>
        public bool Equals(Hand other)
        {
            if (ReferenceEquals(other, null)) return false;
            for (int i = 0; i < 4; ++i)
                if (ids[i] != other.ids[i]) return false;
            return true;
        }

        public override bool Equals(object obj) { return Equals(obj as Hand); }

        public override int GetHashCode()
        {
            return ids[0] | ids[1] << 8 | ids[2] << 16 | ids[3] << 24;
        }

        public IEnumerator<Card> GetEnumerator() { return Cards.GetEnumerator(); }

        IEnumerator IEnumerable.GetEnumerator() { return GetEnumerator(); }

        internal static mus_rules RulesOf(Rules rules)
        {
            if (ReferenceEquals(rules, null)) throw new MusException(MusStatus.InvalidArgument, "rules is null");
            return rules.ToNative();
        }

        private static byte[] IdsOf(Card[] cards)
        {
            if (cards == null || cards.Length != 4)
                throw new MusException(MusStatus.InvalidCards, "a hand has four cards");
            var b = new byte[4];
            for (int i = 0; i < 4; ++i) b[i] = (byte)cards[i].Id;
            return b;
        }
    }
}
