using System;
using System.Runtime.InteropServices;
using Mus.Native;

namespace Mus
{
    /// <summary>
    /// Many independent matches stepped by one call, for learning (mus_batch_*, experimental until
    /// 1.0): Step plays one action id in every game, plays the chance that follows from each game's
    /// own stream, starts a finished match again (auto-reset) and writes the arrays of this object,
    /// which the library keeps (pinned) from the constructor to Dispose. Game g's values are at
    /// index g (Rewards at 2g and 2g + 1, Observations at 216g .. 216g + 215); every Reset and Step
    /// rewrites them. The batch owns native memory and, with more than one thread, worker threads:
    /// dispose it (<c>using</c>).
    /// </summary>
    public sealed class Batch : IDisposable
    {
        private unsafe mus_batch* handle;
        private GCHandle[] pins;
        private readonly int games;

        /// <summary>The seat to act in each game.</summary>
        public int[] Seat { get; }
        /// <summary>The legal action-id mask of each game (bit i for id i).</summary>
        public ulong[] Mask { get; }
        /// <summary>Team 0's and team 1's reward of the last step, two per game.</summary>
        public float[] Rewards { get; }
        /// <summary>1 where the last step finished the match (the game has started a new one).</summary>
        public byte[] Done { get; }
        /// <summary>1 where the last step reached the configuration's step limit (the game restarted).</summary>
        public byte[] Truncated { get; }
        /// <summary>What the last step told of each game: hand_over, game_winner, match_winner (mus_batch_info).</summary>
        public mus_batch_info[] Info { get; }
        /// <summary>The observation (State.ViewTensor) of each game's seat to act, or null when not asked for.</summary>
        public float[] Observations { get; }

        /// <summary>The number of games.</summary>
        public int Games { get { return games; } }

        /// <summary>True once Reset has been called.</summary>
        public bool Started { get; private set; }

        /// <summary>
        /// A batch of games matches of rules (mus_batch_new), stepped on up to threads threads; the
        /// arrays are the same for every thread count. firstDealer null draws each match's first
        /// dealer; maxSteps 0 never truncates. Call Reset before the first Step.
        /// </summary>
        public unsafe Batch(Rules rules, int games, int threads = 1, int? firstDealer = 0,
                            BatchReward reward = BatchReward.Points, int maxSteps = 0,
                            bool observations = true)
        {
            mus_batch_config c;
            MusException.Check(NativeMethods.mus_batch_config_default(games, &c), "batch of " + games + " games");
            c.threads = threads;
            c.first_dealer = firstDealer ?? -1;
            c.reward = (int)reward;
            c.max_steps = maxSteps;
            mus_rules r = Mus.Hand.RulesOf(rules);
            this.games = games;
            Seat = new int[games];
            Mask = new ulong[games];
            Rewards = new float[2 * games];
            Done = new byte[games];
            Truncated = new byte[games];
            Info = new mus_batch_info[games];
            Observations = observations ? new float[NativeMethods.MUS_VIEW_TENSOR_SIZE * games] : null;
            object[] arrays = { Seat, Mask, Rewards, Done, Truncated, Info, Observations };
            pins = new GCHandle[arrays.Length];
            for (int i = 0; i < arrays.Length; ++i)
                if (arrays[i] != null) pins[i] = GCHandle.Alloc(arrays[i], GCHandleType.Pinned);
            mus_batch* made = null;
            int status = NativeMethods.mus_batch_new(&r, &c, (int*)Pinned(0), (ulong*)Pinned(1), (float*)Pinned(2),
                                                     (byte*)Pinned(3), (byte*)Pinned(4), (mus_batch_info*)Pinned(5),
                                                     (float*)Pinned(6), &made);
            if (status != NativeMethods.MUS_OK)
            {
                string reason = MusLibrary.LastError;
                Unpin();
                GC.SuppressFinalize(this);
                throw new MusException((MusStatus)status, "batch", reason);
            }
            handle = made;
        }

        /// <summary>Starts a new match in every game, every stream started from seed (mus_batch_reset).</summary>
        public unsafe void Reset(ulong seed)
        {
            MusException.Check(NativeMethods.mus_batch_reset(Handle(), seed), "batch reset");
            Started = true;
        }

        /// <summary>
        /// Plays actions[g] in every game g (mus_batch_step): an id legal in Mask[g]. Throws a
        /// MusException (MUS_E_ILLEGAL_ACTION naming the game) and changes nothing otherwise.
        /// </summary>
        public unsafe void Step(int[] actions)
        {
            if (actions == null || actions.Length != games)
                throw new MusException(MusStatus.InvalidArgument, "Step takes one action id per game (" + games + ")");
            mus_batch* b = Handle();
            fixed (int* a = actions)
            {
                MusException.Check(NativeMethods.mus_batch_step(b, a), "batch step");
            }
        }

        /// <summary>The whole state of one game (every seat's cards: not for its players).</summary>
        public unsafe State StateOf(int game)
        {
            mus_batch* b = Handle();
            mus_state s;
            MusException.Check(NativeMethods.mus_batch_state(b, game, &s), "game " + game);
            var bytes = new byte[NativeMethods.MUS_STATE_SIZE];
            Marshal.Copy((IntPtr)(&s), bytes, 0, bytes.Length);
            return State.FromBytes(bytes);
        }

        /// <summary>Stops the worker threads and releases the batch (mus_batch_free), then unpins the arrays, which stay readable.</summary>
        public void Dispose()
        {
            Release();
            GC.SuppressFinalize(this);
        }

        /// <summary>Releases a batch that was not disposed.</summary>
        ~Batch()
        {
            Release();
        }

        private unsafe void Release()
        {
            if (handle == null) return;
            NativeMethods.mus_batch_free(handle);
            handle = null;
            Unpin();
        }

        private IntPtr Pinned(int i)
        {
            return pins[i].IsAllocated ? pins[i].AddrOfPinnedObject() : IntPtr.Zero;
        }

        private void Unpin()
        {
            for (int i = 0; i < pins.Length; ++i)
                if (pins[i].IsAllocated) pins[i].Free();
        }

        private unsafe mus_batch* Handle()
        {
            if (handle == null) throw new ObjectDisposedException("Batch");
            return handle;
        }
    }
}
