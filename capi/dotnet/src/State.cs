using System;
using System.Collections.Generic;
using System.Collections.ObjectModel;
using Mus.Native;

namespace Mus
{
    /// <summary>
    /// A whole match as an immutable value (a 512-byte mus_state). Apply returns the next state
    /// and leaves this one as it was; keep as many states as you like. The same state and
    /// action always give the same result (randomness comes only from Shuffle actions).
    /// </summary>
    public sealed class State : IEquatable<State>
    {
        private readonly mus_state raw;
        private readonly mus_state_info info;

        private unsafe State(mus_state raw)
        {
            this.raw = raw;
            mus_state_info i = new mus_state_info();
            i.struct_size = (uint)sizeof(mus_state_info);
            MusException.Check(NativeMethods.mus_state_info_get(&raw, &i), "mus_state_info_get");
            info = i;
        }

        /// <summary>A state the library wrote into a mus_state (Record.Replay and the like).</summary>
        internal static State FromNative(mus_state raw) { return new State(raw); }

        /// <summary>A new match waiting for its first shuffle; the mano is the seat after firstDealer (R10).</summary>
        public static unsafe State New(Rules rules, int firstDealer)
        {
            mus_rules r = Mus.Hand.RulesOf(rules);
            mus_state s;
            MusException.Check(NativeMethods.mus_state_new(&r, firstDealer, &s),
                               "new match, first dealer " + firstDealer);
            return new State(s);
        }

        /// <summary>
        /// A state from bytes saved with ToBytes (mus_state_validate): MUS_E_INVALID_ARGUMENT for
        /// a length other than 512, MUS_E_INVALID_STATE for bytes the library did not produce.
        /// </summary>
        public static unsafe State FromBytes(byte[] bytes)
        {
            if (bytes == null || bytes.Length != NativeMethods.MUS_STATE_SIZE)
                throw new MusException(MusStatus.InvalidArgument, "a state is " + NativeMethods.MUS_STATE_SIZE + " bytes");
            mus_state s;
            byte* dst = (byte*)&s;
            for (int i = 0; i < bytes.Length; ++i) dst[i] = bytes[i];
            MusException.Check(NativeMethods.mus_state_validate(&s), "state bytes");
            return new State(s);
        }

        /// <summary>The state's 512 bytes, for saving; FromBytes reads them back.</summary>
        public unsafe byte[] ToBytes()
        {
            var bytes = new byte[NativeMethods.MUS_STATE_SIZE];
            mus_state s = raw;
            byte* src = (byte*)&s;
            for (int i = 0; i < bytes.Length; ++i) bytes[i] = src[i];
            return bytes;
        }

        /// <summary>The C struct, for calls through Mus.Native.</summary>
        public mus_state ToNative() { return raw; }

        /// <summary>
        /// The state's text form (mus_state_format): "mus-state/2 " and its bytes in base64url,
        /// the same in every process for equal states. It holds every seat's cards: send a
        /// player ViewText(seat) instead. State.Parse reads it back.
        /// </summary>
        public unsafe string ToText()
        {
            mus_state s = raw;
            return NativeText.Write((buf, cap, len) =>
            {
                mus_state copy = s;
                return NativeMethods.mus_state_format(&copy, buf, cap, len);
            }, NativeMethods.MUS_STATE_TEXT_MAX, "mus_state_format");
        }

        /// <summary>
        /// A state from its text form (mus_state_parse), checked as FromBytes checks bytes:
        /// MUS_E_PARSE for malformed text (MusException.Position says where), MUS_E_INVALID_STATE
        /// for well-formed text that is not a state of this library, MUS_E_INVALID_ARGUMENT for null.
        /// </summary>
        public static unsafe State Parse(string text)
        {
            mus_state s;
            int pos = -1;
            int status = NativeMethods.mus_state_parse(text, &s, &pos);
            MusException.Check(status, NativeText.ParseDetail("state", text == null ? null : Abbreviate(text), pos), pos);
            return new State(s);
        }

        /// <summary>
        /// A state whose view for the view's seat is viewText (mus_state_from_view_text): what a
        /// program that sees only one seat's view, such as a bot playing through a server, can
        /// decide from, e.g. with Bot.Choose(state, seed, seat). The cards that seat has not seen
        /// are a deal that agrees with everything public (signals, declarations), so the state is
        /// valid and gives the same legal actions and bot decisions as the real one. MUS_E_PARSE
        /// for malformed text (MusException.Position says where), MUS_E_INVALID_STATE for a view
        /// no state of these rules gives, MUS_E_INVALID_ARGUMENT for null.
        /// </summary>
        public static unsafe State FromView(Rules rules, string viewText)
        {
            if (rules == null) throw new MusException(MusStatus.InvalidArgument, "rules is null");
            mus_rules r = rules.ToNative();
            mus_state s;
            int pos = -1;
            int status = NativeMethods.mus_state_from_view_text(&r, viewText, &s, &pos);
            MusException.Check(status, NativeText.ParseDetail("view", viewText == null ? null : Abbreviate(viewText), pos), pos);
            return new State(s);
        }

        /// <summary>
        /// What one seat may know, as text (mus_view_format): "mus-view/3 " and the view in
        /// base64url. This is what a server sends the player at seat.
        /// </summary>
        public unsafe string ViewText(int seat)
        {
            mus_state s = raw;
            return NativeText.Write((buf, cap, len) =>
            {
                mus_state copy = s;
                return NativeMethods.mus_view_format(&copy, seat, buf, cap, len);
            }, NativeMethods.MUS_STATE_TEXT_MAX, "mus_view_format, seat " + seat);
        }

        /// <summary>The number of floats ViewTensor writes (MUS_VIEW_TENSOR_SIZE).</summary>
        public const int ViewTensorSize = NativeMethods.MUS_VIEW_TENSOR_SIZE;

        /// <summary>
        /// What seat may know, as ViewTensorSize floats in 0..1 (mus_view_tensor): an observation for
        /// game-AI, the same numbers in every language. Its layout (own cards, seats relative to
        /// the observer, phase, mus round, declarations, signals, the open bet, the lance
        /// records, scores) is documented with mus_view_tensor in mus.h and the
        /// MUS_TENSOR_OFF_* constants; the other seats' cards never change it.
        /// </summary>
        public float[] ViewTensor(int seat)
        {
            var values = new float[ViewTensorSize];
            ViewTensor(seat, values);
            return values;
        }

        /// <summary>ViewTensor(seat) into a caller's array of at least ViewTensorSize floats (MUS_E_BUFFER_TOO_SMALL otherwise).</summary>
        public unsafe void ViewTensor(int seat, float[] values)
        {
            if (values == null) throw new MusException(MusStatus.InvalidArgument, "values is null");
            mus_state s = raw;
            fixed (float* p = values)
                MusException.Check(NativeMethods.mus_view_tensor(&s, seat, values.Length == 0 ? null : p,
                                                                 (UIntPtr)values.Length),
                                   "mus_view_tensor, seat " + seat);
        }

        private static string Abbreviate(string text)
        {
            return text.Length <= 40 ? text : text.Substring(0, 37) + "...";
        }

        /// <summary>
        /// The next state (mus_apply). Throws MusException (MUS_E_NOT_YOUR_TURN,
        /// MUS_E_ILLEGAL_ACTION, MUS_E_MATCH_OVER, ...) when the action is refused; this state
        /// is never changed.
        /// </summary>
        public unsafe State Apply(MusAction action)
        {
            mus_action a = ActionOf(action);
            mus_state from = raw;
            mus_state next;
            MusException.Check(NativeMethods.mus_apply(&from, &a, &next), action.ToString());
            return new State(next);
        }

        /// <summary>Apply, also giving the step's public events (mus_apply_events).</summary>
        public unsafe State ApplyWithEvents(MusAction action, out IReadOnlyList<MusEvent> events)
        {
            mus_action a = ActionOf(action);
            mus_state from = raw;
            mus_state next;
            int cap = NativeMethods.MUS_MAX_EVENTS;
            for (;;)
            {
                var buf = new mus_event[cap];
                UIntPtr count;
                int status;
                fixed (mus_event* p = buf)
                    status = NativeMethods.mus_apply_events(&from, &a, &next, p, (UIntPtr)cap, &count);
                if (status == NativeMethods.MUS_E_BUFFER_TOO_SMALL && (int)count.ToUInt64() > cap)
                {
                    cap = (int)count.ToUInt64();
                    continue;
                }
                MusException.Check(status, action.ToString());
                var list = new List<MusEvent>((int)count.ToUInt64());
                for (int i = 0; i < (int)count.ToUInt64(); ++i) list.Add(new MusEvent(buf[i]));
                events = list.AsReadOnly();
                return new State(next);
            }
        }

        /// <summary>The state after applying every action in turn (a replay); throws at the first refused one.</summary>
        public State ApplyAll(IEnumerable<MusAction> actions)
        {
            State s = this;
            foreach (MusAction a in actions) s = s.Apply(a);
            return s;
        }

        /// <summary>
        /// Every action the seat to act may play (mus_legal_actions), each concrete: it applies
        /// exactly as listed, in increasing action-id order. That is Mus and Cut; each Discard
        /// subset the rules allow; Pass, Accept, Reject, Ordago; each Bet of the bet ladder
        /// (BetLadder) from the smallest legal amount to the largest (any other amount within
        /// BetLimits is just as legal, built with MusAction.Bet); Perete; each true Signal the
        /// seat has not made yet. When chance is to act, one Shuffle with seed 0: give it a seed
        /// with MusAction.Shuffle(seed) (or an order). Empty once the match is over. (libmus 0.1
        /// listed one template per kind to be completed by hand; that meaning is retired.)
        /// </summary>
        public unsafe IReadOnlyList<MusAction> LegalActions()
        {
            mus_state s = raw;
            var buf = new mus_action[NativeMethods.MUS_MAX_LEGAL_ACTIONS];
            UIntPtr count;
            fixed (mus_action* p = buf)
                MusException.Check(NativeMethods.mus_legal_actions(&s, p, (UIntPtr)buf.Length, &count),
                                   "mus_legal_actions");
            int n = (int)count.ToUInt64();
            var list = new List<MusAction>(n);
            for (int i = 0; i < n; ++i) list.Add(MusAction.FromNative(buf[i]));
            return list.AsReadOnly();
        }

        /// <summary>The number of action ids (MUS_ACTION_ID_COUNT): every id is 0..ActionIdCount-1.</summary>
        public const int ActionIdCount = NativeMethods.MUS_ACTION_ID_COUNT;

        private static IReadOnlyList<int> betLadder;

        /// <summary>
        /// The bet ladder's amounts, rung by rung (mus_bet_ladder): the Bet action id
        /// MUS_ACTION_ID_BET + i bets BetLadder[i] points.
        /// </summary>
        public static unsafe IReadOnlyList<int> BetLadder
        {
            get
            {
                IReadOnlyList<int> ladder = betLadder;
                if (ladder != null) return ladder;
                var amounts = new int[NativeMethods.MUS_BET_LADDER_SIZE];
                for (int i = 0; i < amounts.Length; ++i)
                {
                    int amount;
                    MusException.Check(NativeMethods.mus_bet_ladder(i, &amount), "mus_bet_ladder, rung " + i);
                    amounts[i] = amount;
                }
                ladder = new ReadOnlyCollection<int>(amounts);
                betLadder = ladder; // computed once; a race computes the same list twice
                return ladder;
            }
        }

        /// <summary>
        /// The action ids of LegalActions(), in increasing order (mus_legal_action_ids): just
        /// MUS_ACTION_ID_SHUFFLE when chance is to act, none once the match is over.
        /// </summary>
        public unsafe IReadOnlyList<int> LegalActionIds()
        {
            mus_state s = raw;
            var buf = new int[NativeMethods.MUS_MAX_LEGAL_ACTIONS];
            UIntPtr count;
            fixed (int* p = buf)
                MusException.Check(NativeMethods.mus_legal_action_ids(&s, p, (UIntPtr)buf.Length, &count),
                                   "mus_legal_action_ids");
            int n = (int)count.ToUInt64();
            var ids = new int[n];
            Array.Copy(buf, ids, n);
            return new ReadOnlyCollection<int>(ids);
        }

        /// <summary>
        /// The legal actions as a bit mask over action ids: bit i set when id i is legal now
        /// (mus_legal_mask); the cheapest form for a simulation or a policy's action mask.
        /// </summary>
        public unsafe ulong LegalMask()
        {
            mus_state s = raw;
            ulong mask;
            MusException.Check(NativeMethods.mus_legal_mask(&s, &mask), "mus_legal_mask");
            return mask;
        }

        /// <summary>
        /// The action id of an action of any seat (mus_action_id); the state matters only for a
        /// Discard, whose id names positions in the seat's cards sorted by id. Throws
        /// MUS_E_NO_ACTION_ID for a bet amount off BetLadder, MUS_E_CARD_NOT_IN_HAND for a
        /// discard of cards the seat does not hold, MUS_E_INVALID_ARGUMENT for a malformed action.
        /// </summary>
        public unsafe int ActionId(MusAction action)
        {
            mus_action a = ActionOf(action);
            mus_state s = raw;
            int id;
            MusException.Check(NativeMethods.mus_action_id(&s, &a, &id), "mus_action_id, " + action);
            return id;
        }

        /// <summary>
        /// The action an id names here, for the seat to act (mus_action_from_id); it need not be
        /// legal (Apply decides). The shuffle id gives a Shuffle with seed 0. Throws
        /// MUS_E_INVALID_ARGUMENT for an id outside 0..ActionIdCount-1 or reserved,
        /// MUS_E_MATCH_OVER once the match is over, MUS_E_WRONG_PHASE for a player's id while a
        /// shuffle is due, MUS_E_CARD_NOT_IN_HAND for a discard of a position the seat does not fill.
        /// </summary>
        public unsafe MusAction ActionFromId(int id)
        {
            mus_state s = raw;
            mus_action a;
            MusException.Check(NativeMethods.mus_action_from_id(&s, id, &a), "mus_action_from_id, id " + id);
            return MusAction.FromNative(a);
        }

        /// <summary>
        /// The next state after the action an id names (mus_apply_id): the fast step of a
        /// simulation. seed is the shuffle's seed (R12), ignored by every other id. Throws as
        /// ActionFromId and Apply; this state is never changed.
        /// </summary>
        public unsafe State ApplyId(int id, ulong seed = 0)
        {
            mus_state from = raw;
            mus_state next;
            MusException.Check(NativeMethods.mus_apply_id(&from, id, seed, &next), "mus_apply_id, id " + id);
            return new State(next);
        }

        /// <summary>
        /// The fast step (mus_step): the next state after the action an id names, with what
        /// follows in info (phase, seat to act, points the step gained, the legal mask next), in
        /// one call. seed is the shuffle's seed, ignored by every other id. Throws as ApplyId;
        /// this state is never changed.
        /// </summary>
        public unsafe State Step(int id, ulong seed, out StepInfo info)
        {
            mus_state from = raw;
            mus_state next;
            mus_step_info i = new mus_step_info();
            i.struct_size = (uint)sizeof(mus_step_info);
            MusException.Check(NativeMethods.mus_step(&from, id, seed, &next, &i), "mus_step, id " + id);
            info = new StepInfo(i);
            return new State(next);
        }

        public Phase Phase { get { return (Phase)info.phase; } }

        /// <summary>The lance being bet, when Phase is Betting; null otherwise.</summary>
        public Lance? Lance { get { return info.lance < 0 ? (Lance?)null : (Lance)info.lance; } }

        /// <summary>The seat to act; null when a shuffle is due or the match is over.</summary>
        public int? ToAct { get { return info.to_act < 0 ? (int?)null : info.to_act; } }

        public int Dealer { get { return info.dealer; } }

        public int Mano { get { return info.mano; } }

        /// <summary>Points of teams 0 and 1 in the current game.</summary>
        public unsafe IReadOnlyList<int> Score { get { mus_state_info i = info; return Pair(i.score); } }

        /// <summary>Games won by teams 0 and 1 in the current vaca.</summary>
        public unsafe IReadOnlyList<int> Games { get { mus_state_info i = info; return Pair(i.games); } }

        /// <summary>Vacas won by teams 0 and 1.</summary>
        public unsafe IReadOnlyList<int> Vacas { get { mus_state_info i = info; return Pair(i.vacas); } }

        /// <summary>The team that won the match, or null.</summary>
        public int? MatchWinner { get { return info.match_winner < 0 ? (int?)null : info.match_winner; } }

        /// <summary>Hands dealt in the match so far (0 before the first deal).</summary>
        public int HandNumber { get { return info.hand_number; } }

        /// <summary>True when the shuffle due is a stock refill (R15), not a new deal.</summary>
        public bool RefillDue { get { return info.refill_due != 0; } }

        public bool IsOver { get { return Phase == Phase.MatchOver; } }

        /// <summary>The rules of the match (mus_state_rules).</summary>
        public unsafe Rules Rules
        {
            get
            {
                mus_state s = raw;
                mus_rules r;
                MusException.Check(NativeMethods.mus_state_rules(&s, &r), "mus_state_rules");
                return Rules.FromNative(r);
            }
        }

        /// <summary>
        /// A seat's cards (mus_state_hand): hidden information, for a server or a referee; a
        /// player should get View(seat).
        /// </summary>
        public unsafe Hand Hand(int seat)
        {
            mus_state s = raw;
            var b = new byte[4];
            fixed (byte* p = b)
                MusException.Check(NativeMethods.mus_state_hand(&s, seat, p), "hand of seat " + seat);
            return Mus.Hand.FromSlots(b);
        }

        /// <summary>What one seat may know: its own cards and the public state (mus_state_view).</summary>
        public unsafe SeatView View(int seat)
        {
            mus_state s = raw;
            mus_view v = new mus_view();
            v.struct_size = (uint)sizeof(mus_view);
            MusException.Check(NativeMethods.mus_state_view(&s, seat, &v), "view of seat " + seat);
            return new SeatView(v);
        }

        /// <summary>
        /// The last finished hand's count, lance by lance (mus_state_last_count); null before
        /// the first hand ends.
        /// </summary>
        public unsafe HandCount LastCount()
        {
            mus_state s = raw;
            mus_count c = new mus_count();
            c.struct_size = (uint)sizeof(mus_count);
            MusException.Check(NativeMethods.mus_state_last_count(&s, &c), "mus_state_last_count");
            return c.number > 0 ? new HandCount(c) : null;
        }

        /// <summary>The legal range of a BET now (mus_bet_limits); null when no bet is possible.</summary>
        public unsafe BetLimits? BetLimits()
        {
            mus_state s = raw;
            int lo, hi;
            MusException.Check(NativeMethods.mus_bet_limits(&s, &lo, &hi), "mus_bet_limits");
            return lo > 0 ? new BetLimits(lo, hi) : (BetLimits?)null;
        }

        /// <summary>The team of a seat: 0 for seats 0 and 2, 1 for seats 1 and 3.</summary>
        public static int TeamOf(int seat) { return seat & 1; }

        /// <summary>Byte for byte the same state.</summary>
        public unsafe bool Equals(State other)
        {
            if (ReferenceEquals(other, null)) return false;
            mus_state a = raw, b = other.raw;
            for (int i = 0; i < NativeMethods.MUS_STATE_SIZE / 8; ++i)
                if (a.opaque[i] != b.opaque[i]) return false;
            return true;
        }

        public override bool Equals(object obj) { return Equals(obj as State); }

        public override unsafe int GetHashCode()
        {
            mus_state a = raw;
            ulong h = 14695981039346656037UL;
            for (int i = 0; i < NativeMethods.MUS_STATE_SIZE / 8; ++i) h = (h ^ a.opaque[i]) * 1099511628211UL;
            return (int)(h ^ (h >> 32));
        }

        /// <summary>A one-line summary, e.g. "Betting grande, seat 1 to act, dealer 0, score 0-5".</summary>
        public override string ToString()
        {
            string where = Phase == Phase.Betting ? "Betting " + Lance.ToString().ToLowerInvariant() : Phase.ToString();
            string who = ToAct.HasValue ? ", seat " + ToAct.Value + " to act" : "";
            string end = MatchWinner.HasValue ? ", team " + MatchWinner.Value + " won" : "";
            return where + who + ", dealer " + Dealer + ", score " + Score[0] + "-" + Score[1] +
                   ", games " + Games[0] + "-" + Games[1] + ", vacas " + Vacas[0] + "-" + Vacas[1] + end;
        }

        internal static unsafe IReadOnlyList<int> Pair(int* p)
        {
            return new ReadOnlyCollection<int>(new[] { p[0], p[1] });
        }

        // The four hands of a showdown's 16 card ids (R28a), or null when all are MUS_NO_CARD.
        internal static unsafe IReadOnlyList<Hand> Showdown(byte* ids)
        {
            if (ids[0] == NativeMethods.MUS_NO_CARD) return null;
            var hands = new Hand[4];
            for (int seat = 0; seat < 4; ++seat)
                hands[seat] = Mus.Hand.FromSlots(new[] { ids[4 * seat], ids[4 * seat + 1], ids[4 * seat + 2], ids[4 * seat + 3] });
            return new ReadOnlyCollection<Hand>(hands);
        }

        private static mus_action ActionOf(MusAction action)
        {
            if (ReferenceEquals(action, null)) throw new MusException(MusStatus.InvalidArgument, "action is null");
            return action.ToNative();
        }
    }

    /// <summary>What State.Step reports about the step it made (mus_step_info).</summary>
    public struct StepInfo
    {
        internal unsafe StepInfo(mus_step_info i)
            : this()
        {
            Phase = (Phase)i.phase;
            ToAct = i.to_act < 0 ? (int?)null : i.to_act;
            HandOver = i.hand_over != 0;
            MatchWinner = i.match_winner < 0 ? (int?)null : i.match_winner;
            Points = State.Pair(i.points);
            GameWinner = i.game_winner < 0 ? (int?)null : i.game_winner;
            LegalMask = i.legal_mask;
        }

        /// <summary>The phase of the new state.</summary>
        public Phase Phase { get; private set; }

        /// <summary>The seat to act next; null when a shuffle is due or the match is over.</summary>
        public int? ToAct { get; private set; }

        /// <summary>True when this step finished a hand: the new state's LastCount() is that hand's.</summary>
        public bool HandOver { get; private set; }

        /// <summary>The team that won the match, or null while it goes on.</summary>
        public int? MatchWinner { get; private set; }

        /// <summary>
        /// The points teams 0 and 1 gained by this step (a deje, tío Perete, the count; measured
        /// before a won game resets the scores), 0 or more.
        /// </summary>
        public IReadOnlyList<int> Points { get; private set; }

        /// <summary>The team that won a game in this step, or null.</summary>
        public int? GameWinner { get; private set; }

        /// <summary>The new state's LegalMask(): bit i for a legal action id i.</summary>
        public ulong LegalMask { get; private set; }
    }

    /// <summary>The legal range of a BET: the bet, or the raise over an open bet.</summary>
    public struct BetLimits
    {
        public BetLimits(int min, int max)
            : this()
        {
            Min = min;
            Max = max;
        }

        /// <summary>The smallest legal amount.</summary>
        public int Min { get; private set; }

        /// <summary>The largest legal amount.</summary>
        public int Max { get; private set; }

        public override string ToString() { return Min + ".." + Max; }
    }

    /// <summary>One public event (mus_event); any seat may see it.</summary>
    public sealed class MusEvent
    {
        internal MusEvent(mus_event e)
        {
            Kind = (EventKind)e.kind;
            Seat = e.seat < 0 ? (int?)null : e.seat;
            Team = e.team < 0 ? (int?)null : e.team;
            Lance = e.lance < 0 ? (Lance?)null : (Lance)e.lance;
            Amount = e.amount;
            Value = e.value;
        }

        public EventKind Kind { get; private set; }

        /// <summary>The seat involved, or null.</summary>
        public int? Seat { get; private set; }

        /// <summary>The team involved, or null.</summary>
        public int? Team { get; private set; }

        /// <summary>The lance involved, or null.</summary>
        public Lance? Lance { get; private set; }

        /// <summary>Points, cards or a number, by kind (see MUS_EVENT_* in mus.h).</summary>
        public int Amount { get; private set; }

        /// <summary>A second number, by kind.</summary>
        public int Value { get; private set; }

        public override string ToString()
        {
            return Kind + "(seat " + (Seat.HasValue ? Seat.Value.ToString() : "-") +
                   ", team " + (Team.HasValue ? Team.Value.ToString() : "-") +
                   ", lance " + (Lance.HasValue ? Lance.Value.ToString() : "-") +
                   ", amount " + Amount + ", value " + Value + ")";
        }
    }

    /// <summary>One lance of a hand's count (mus_count_line): how it was played, what it scored, why.</summary>
    public sealed class CountLine
    {
        internal CountLine(mus_count_line l)
        {
            Lance = (Lance)l.lance;
            Status = (LanceStatus)l.status;
            BetTeam = l.bet_team < 0 ? (int?)null : l.bet_team;
            WinnerTeam = l.winner_team < 0 ? (int?)null : l.winner_team;
            WinnerSeat = l.winner_seat < 0 ? (int?)null : l.winner_seat;
            Stake = l.stake;
            Tantos = l.tantos;
            Points = l.points;
            Counted = l.counted != 0;
        }

        /// <summary>The lance (the fourth line is juego or punto).</summary>
        public Lance Lance { get; private set; }

        public LanceStatus Status { get; private set; }

        /// <summary>Team of the last bet (accepted or refused), or null.</summary>
        public int? BetTeam { get; private set; }

        /// <summary>Team that won the lance, or null.</summary>
        public int? WinnerTeam { get; private set; }

        /// <summary>Seat whose cards won it; null for a refused bet or none.</summary>
        public int? WinnerSeat { get; private set; }

        /// <summary>Accepted stake, or the deje scored for a refused bet.</summary>
        public int Stake { get; private set; }

        /// <summary>The winning team's own tantos counted (pares, juego).</summary>
        public int Tantos { get; private set; }

        /// <summary>Points scored at the count for this lance.</summary>
        public int Points { get; private set; }

        /// <summary>True when the count reached this lance (false when it stopped before, R29).</summary>
        public bool Counted { get; private set; }

        public override string ToString()
        {
            return Lance + ": " + Status + (WinnerTeam.HasValue ? ", team " + WinnerTeam.Value : "") +
                   ", stake " + Stake + ", tantos " + Tantos + ", points " + Points + (Counted ? "" : " (not counted)");
        }
    }

    /// <summary>The last finished hand's count (mus_count).</summary>
    public sealed class HandCount
    {
        internal unsafe HandCount(mus_count c)
        {
            Number = c.number;
            Dealer = c.dealer;
            Mano = c.mano;
            End = (HandEnd)c.end;
            GameWinner = c.game_winner < 0 ? (int?)null : c.game_winner;
            ScoreBefore = State.Pair(c.score_before);
            ScoreAfter = State.Pair(c.score_after);
            var lines = new CountLine[4];
            for (int i = 0; i < 4; ++i) lines[i] = new CountLine(c.lines_at(i));
            Lines = new ReadOnlyCollection<CountLine>(lines);
            Shown = State.Showdown(c.shown);
        }

        /// <summary>Hand number in the match (1 = first); 0 when no hand finished yet.</summary>
        public int Number { get; private set; }

        public int Dealer { get; private set; }

        public int Mano { get; private set; }

        public HandEnd End { get; private set; }

        /// <summary>Team that won the game in that hand, or null.</summary>
        public int? GameWinner { get; private set; }

        /// <summary>Scores when the hand was dealt.</summary>
        public IReadOnlyList<int> ScoreBefore { get; private set; }

        /// <summary>Scores at its end (before a won game resets them).</summary>
        public IReadOnlyList<int> ScoreAfter { get; private set; }

        /// <summary>Grande, chica, pares, juego/punto.</summary>
        public IReadOnlyList<CountLine> Lines { get; private set; }

        /// <summary>
        /// The showdown (R28a): the four hands as they stood at the count or an accepted
        /// órdago, seat 0's first; null when the hand showed no cards (a deje reached the target).
        /// </summary>
        public IReadOnlyList<Hand> Shown { get; private set; }
    }

    /// <summary>What one seat may know (mus_view): its own cards and the public state, nothing else.</summary>
    public sealed class SeatView : IEquatable<SeatView>
    {
        private readonly mus_view raw;

        internal unsafe SeatView(mus_view v)
        {
            raw = v;
            Seat = v.seat;
            Phase = (Phase)v.phase;
            Lance = v.lance < 0 ? (Lance?)null : (Lance)v.lance;
            ToAct = v.to_act < 0 ? (int?)null : v.to_act;
            Dealer = v.dealer;
            Mano = v.mano;
            Hand = Mus.Hand.FromSlots(new[] { v.hand[0], v.hand[1], v.hand[2], v.hand[3] });
            Score = State.Pair(v.score);
            Games = State.Pair(v.games);
            Vacas = State.Pair(v.vacas);
            MatchWinner = v.match_winner < 0 ? (int?)null : v.match_winner;
            HandNumber = v.hand_number;
            StockCount = v.stock_count;
            PileCount = v.pile_count;
            ParesDeclared = v.pares_declared != 0;
            ParesMask = v.pares_mask;
            JuegoDeclared = v.juego_declared != 0;
            JuegoMask = v.juego_mask;
            PereteMask = v.perete_mask;
            Signals = new ReadOnlyCollection<int>(new[] { v.signals[0], v.signals[1], v.signals[2], v.signals[3] });
            BetOpen = v.bet_open != 0;
            BetIsOrdago = v.bet_is_ordago != 0;
            BetTeam = v.bet_team < 0 ? (int?)null : v.bet_team;
            StakeBefore = v.stake_before;
            Proposed = v.proposed;
            Proposal = v.proposal == 0 ? (ActionKind?)null : (ActionKind)v.proposal;
            Proposer = v.proposer < 0 ? (int?)null : v.proposer;
            ProposalAmount = v.proposal_amount;
            var lances = new CountLine[4];
            for (int i = 0; i < 4; ++i) lances[i] = new CountLine(v.lances_at(i));
            Lances = new ReadOnlyCollection<CountLine>(lances);
            LastShown = State.Showdown(v.last_shown);
        }

        /// <summary>
        /// A view from its text form (mus_view_parse), as State.ViewText(seat) writes it and a
        /// server sends it: MUS_E_PARSE for malformed text (MusException.Position says where),
        /// MUS_E_INVALID_STATE for well-formed text holding values no view can hold,
        /// MUS_E_INVALID_ARGUMENT for null.
        /// </summary>
        public static unsafe SeatView Parse(string text)
        {
            mus_view v = new mus_view();
            v.struct_size = (uint)sizeof(mus_view);
            int pos = -1;
            int status = NativeMethods.mus_view_parse(text, &v, &pos);
            string shown = text == null || text.Length <= 40 ? text : text.Substring(0, 37) + "...";
            MusException.Check(status, NativeText.ParseDetail("view", shown, pos), pos);
            return new SeatView(v);
        }

        /// <summary>The C struct, for calls through Mus.Native.</summary>
        public mus_view ToNative() { return raw; }

        /// <summary>Byte for byte the same view.</summary>
        public unsafe bool Equals(SeatView other)
        {
            if (ReferenceEquals(other, null)) return false;
            mus_view a = raw, b = other.raw;
            byte* pa = (byte*)&a;
            byte* pb = (byte*)&b;
            for (int i = 0; i < sizeof(mus_view); ++i)
                if (pa[i] != pb[i]) return false;
            return true;
        }

        public override bool Equals(object obj) { return Equals(obj as SeatView); }

        public override unsafe int GetHashCode()
        {
            mus_view a = raw;
            byte* p = (byte*)&a;
            int h = 17;
            for (int i = 0; i < sizeof(mus_view); ++i) h = h * 31 + p[i];
            return h;
        }

        /// <summary>Whose view.</summary>
        public int Seat { get; private set; }

        public Phase Phase { get; private set; }

        /// <summary>The lance being bet, or null.</summary>
        public Lance? Lance { get; private set; }

        /// <summary>The seat to act, or null.</summary>
        public int? ToAct { get; private set; }

        public int Dealer { get; private set; }

        public int Mano { get; private set; }

        /// <summary>The seat's own cards (a slot may be empty while it waits for a replacement).</summary>
        public Hand Hand { get; private set; }

        public IReadOnlyList<int> Score { get; private set; }

        public IReadOnlyList<int> Games { get; private set; }

        public IReadOnlyList<int> Vacas { get; private set; }

        public int? MatchWinner { get; private set; }

        /// <summary>Hands dealt so far.</summary>
        public int HandNumber { get; private set; }

        /// <summary>Cards in the stock.</summary>
        public int StockCount { get; private set; }

        /// <summary>Cards in the discard pile.</summary>
        public int PileCount { get; private set; }

        /// <summary>True once pares were declared this hand.</summary>
        public bool ParesDeclared { get; private set; }

        /// <summary>Bit s: seat s declared pares.</summary>
        public int ParesMask { get; private set; }

        /// <summary>True once juego was declared this hand.</summary>
        public bool JuegoDeclared { get; private set; }

        /// <summary>Bit s: seat s declared juego.</summary>
        public int JuegoMask { get; private set; }

        /// <summary>Bit s: seat s declared tío Perete.</summary>
        public int PereteMask { get; private set; }

        /// <summary>Signals[s]: bit k set when seat s made signal k this hand.</summary>
        public IReadOnlyList<int> Signals { get; private set; }

        /// <summary>True while a bet waits for an answer.</summary>
        public bool BetOpen { get; private set; }

        public bool BetIsOrdago { get; private set; }

        /// <summary>Team of the open bet, or null.</summary>
        public int? BetTeam { get; private set; }

        /// <summary>What a refusal pays now (R26).</summary>
        public int StakeBefore { get; private set; }

        /// <summary>The stake if accepted.</summary>
        public int Proposed { get; private set; }

        /// <summary>
        /// R25a: the pending proposal of the answering team's first answerer (Bet: a raise of
        /// ProposalAmount; Accept; Reject), or null; the partner decides next.
        /// </summary>
        public ActionKind? Proposal { get; private set; }

        /// <summary>The seat that made the pending proposal, or null.</summary>
        public int? Proposer { get; private set; }

        /// <summary>The proposed raise "more", or 0.</summary>
        public int ProposalAmount { get; private set; }

        /// <summary>This hand's lances so far.</summary>
        public IReadOnlyList<CountLine> Lances { get; private set; }

        /// <summary>
        /// The last finished hand's showdown (R28a), public to every seat: the four hands, seat
        /// 0's first; null when it showed no cards or no hand has finished.
        /// </summary>
        public IReadOnlyList<Hand> LastShown { get; private set; }
    }
}
