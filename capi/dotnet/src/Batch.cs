using System;
using System.Runtime.InteropServices;
using Mus.Native;

namespace Mus
{
    /// <summary>The reward a Batch reports for each team (MUS_BATCH_REWARD_*).</summary>
    public enum BatchReward
    {
        /// <summary>At the step that finishes a hand, each team's points in that hand; 0 at the other steps.</summary>
        Points = NativeMethods.MUS_BATCH_REWARD_POINTS,
        /// <summary>1 to the winner and -1 to the loser at the step that finishes the match; 0 before.</summary>
        Match = NativeMethods.MUS_BATCH_REWARD_MATCH,
    }

    /// <summary>
    /// Many independent matches stepped by one call, for learning (mus_batch_*): Step plays one
    /// action id in every game, plays the chance that follows from each game's own stream, starts
    /// a finished match again (auto-reset) and fills the arrays of this object. Game g's values
    /// are at index g (Rewards at 2g and 2g + 1, Info at 3g .. 3g + 2, Observations at
    /// 216g .. 216g + 215). The arrays are rewritten by every Reset and Step. The batch keeps
    /// unmanaged memory and, with more than one thread, worker threads: Dispose it.
    /// </summary>
    public sealed class Batch : IDisposable
    {
        private IntPtr memory;
        private readonly int games;
        private readonly bool observations;
        private bool started;

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
        /// <summary>Three ints per game: hand finished (1/0), the team that won a game (or -1), the team that won the match (or -1).</summary>
        public int[] Info { get; }
        /// <summary>The observation (State.ViewTensor) of each game's seat to act, or null when not asked for.</summary>
        public float[] Observations { get; }

        /// <summary>The number of games.</summary>
        public int Games { get { return games; } }

        /// <summary>
        /// A batch of games matches of rules (mus_batch_init), stepped on threads threads; the
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
            UIntPtr size;
            MusException.Check(NativeMethods.mus_batch_size(&c, &size), "batch size");
            mus_rules r = Mus.Hand.RulesOf(rules);
            IntPtr mem = Marshal.AllocHGlobal(checked((IntPtr)(long)(ulong)size));
            int status = NativeMethods.mus_batch_init((ulong*)mem, size, &r, &c);
            if (status != NativeMethods.MUS_OK)
            {
                string reason = MusLibrary.LastError;
                Marshal.FreeHGlobal(mem);
                throw new MusException((MusStatus)status, "batch init", reason);
            }
            memory = mem;
            this.games = games;
            this.observations = observations;
            Seat = new int[games];
            Mask = new ulong[games];
            Rewards = new float[2 * games];
            Done = new byte[games];
            Truncated = new byte[games];
            Info = new int[NativeMethods.MUS_BATCH_INFO_SIZE * games];
            Observations = observations ? new float[NativeMethods.MUS_VIEW_TENSOR_SIZE * games] : null;
        }

        /// <summary>Starts a new match in every game, every stream started from seed (mus_batch_reset).</summary>
        public unsafe void Reset(ulong seed)
        {
            ulong* mem = Memory();
            fixed (int* seat = Seat)
            fixed (ulong* mask = Mask)
            fixed (float* obs = Observations)
            {
                MusException.Check(NativeMethods.mus_batch_reset(mem, seed, seat, mask, obs,
                                   (UIntPtr)(observations ? Observations.Length : 0)), "batch reset");
            }
            started = true;
        }

        /// <summary>
        /// Plays actions[g] in every game g (mus_batch_step): an id legal in Mask[g]. Throws a
        /// MusException (MUS_E_ILLEGAL_ACTION naming the game) and changes nothing otherwise.
        /// </summary>
        public unsafe void Step(int[] actions)
        {
            if (actions == null || actions.Length != games)
                throw new MusException(MusStatus.InvalidArgument, "Step takes one action id per game (" + games + ")");
            ulong* mem = Memory();
            fixed (int* a = actions)
            fixed (int* seat = Seat)
            fixed (ulong* mask = Mask)
            fixed (float* rewards = Rewards)
            fixed (byte* done = Done)
            fixed (byte* truncated = Truncated)
            fixed (int* info = Info)
            fixed (float* obs = Observations)
            {
                MusException.Check(NativeMethods.mus_batch_step(mem, a, seat, mask, rewards, done, truncated, info, obs,
                                   (UIntPtr)(observations ? Observations.Length : 0)), "batch step");
            }
        }

        /// <summary>The whole state of one game (every seat's cards: not for its players).</summary>
        public unsafe State StateOf(int game)
        {
            ulong* mem = Memory();
            mus_state s;
            MusException.Check(NativeMethods.mus_batch_state(mem, game, &s), "game " + game);
            var bytes = new byte[NativeMethods.MUS_STATE_SIZE];
            Marshal.Copy((IntPtr)(&s), bytes, 0, bytes.Length);
            return State.FromBytes(bytes);
        }

        /// <summary>True once Reset has been called.</summary>
        public bool Started { get { return started; } }

        /// <summary>Stops the worker threads and frees the memory (mus_batch_close).</summary>
        public unsafe void Dispose()
        {
            if (memory == IntPtr.Zero) return;
            int status = NativeMethods.mus_batch_close((ulong*)memory);
            Marshal.FreeHGlobal(memory);
            memory = IntPtr.Zero;
            GC.SuppressFinalize(this);
            MusException.Check(status, "batch close");
        }

        /// <summary>Closes a batch that was not disposed.</summary>
        ~Batch()
        {
            if (memory == IntPtr.Zero) return;
            unsafe { NativeMethods.mus_batch_close((ulong*)memory); }
            Marshal.FreeHGlobal(memory);
            memory = IntPtr.Zero;
        }

        private unsafe ulong* Memory()
        {
            if (memory == IntPtr.Zero) throw new ObjectDisposedException("Batch");
            return (ulong*)memory;
        }
    }
}
