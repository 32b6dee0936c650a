// P/Invoke declarations of include/mus/mus.h, one for one: the same names, the same fields in
// the same order, the same numbers. Everything here is blittable, so the runtime passes
// pointers straight through without copying or converting anything.
//
// Type mapping: int32_t -> int, uint32_t -> uint, uint64_t -> ulong, uint8_t -> byte,
// size_t -> UIntPtr, const char* in -> string (ASCII text), static const char* out -> IntPtr
// (never freed), T* -> T*, fixed-size arrays -> fixed buffers (arrays of structs -> one
// field per element, named field_0, field_1, ...).
//
// The Mus namespace wraps these in idiomatic classes; use this layer only to reach the C API
// directly. BindingTests checks every struct layout, constant and function signature against
// the manifest of mus.h (tests/abi/layout.txt, printed by a C program compiled with the header).
using System;
using System.Collections.Generic;
using System.Collections.ObjectModel;
using System.Runtime.InteropServices;

namespace Mus.Native
{
    /// <summary>mus_rules: the rules a match is played under (76 bytes).</summary>
    [StructLayout(LayoutKind.Sequential)]
    public unsafe struct mus_rules
    {
        public uint struct_size;
        public int kings;
        public int target;
        public int games_per_vaca;
        public int vacas;
        public int min_raise;
        public int royal31;
        public int zero_discard;
        public int deje_ends;
        public int mus_corrido;
        public int tio_perete;
        public int answers;
        public int signals;
        public fixed int reserved[6];
    }

    /// <summary>mus_state: a whole match as 512 opaque bytes (MUS_STATE_SIZE), 8-aligned.</summary>
    [StructLayout(LayoutKind.Sequential)]
    public unsafe struct mus_state
    {
        public fixed ulong opaque[NativeMethods.MUS_STATE_SIZE / 8];
    }

    /// <summary>mus_action: one action as the reducer takes it (88 bytes).</summary>
    [StructLayout(LayoutKind.Sequential)]
    public unsafe struct mus_action
    {
        public int kind;
        public int seat;
        public int amount;
        public int reserved0;
        public ulong cards;
        public ulong seed;
        public fixed byte order[40];
        public fixed int reserved[4];
    }

    /// <summary>mus_state_info: the public summary of a state (116 bytes).</summary>
    [StructLayout(LayoutKind.Sequential)]
    public unsafe struct mus_state_info
    {
        public uint struct_size;
        public int phase;
        public int lance;
        public int to_act;
        public int dealer;
        public int mano;
        public fixed int score[2];
        public fixed int games[2];
        public fixed int vacas[2];
        public int match_winner;
        public int hand_number;   // hands dealt in the match so far (since 0.2)
        public int refill_due;    // 1 when the shuffle due is a stock refill, R15 (since 0.2)
        public fixed int reserved[14];
    }

    /// <summary>mus_count_line: one lance of a hand's count (48 bytes).</summary>
    [StructLayout(LayoutKind.Sequential)]
    public unsafe struct mus_count_line
    {
        public int lance;
        public int status;
        public int bet_team;
        public int winner_team;
        public int winner_seat;
        public int stake;
        public int tantos;
        public int points;
        public int counted;
        public fixed int reserved[3];
    }

    /// <summary>mus_count: the last finished hand's count (264 bytes).</summary>
    [StructLayout(LayoutKind.Sequential)]
    public unsafe struct mus_count
    {
        public uint struct_size;
        public int number;
        public int dealer;
        public int mano;
        public int end;
        public int game_winner;
        public fixed int score_before[2];
        public fixed int score_after[2];
        public mus_count_line lines_0; // mus_count_line lines[4]
        public mus_count_line lines_1;
        public mus_count_line lines_2;
        public mus_count_line lines_3;
        public fixed byte shown[16];
        public fixed int reserved[4];

        /// <summary>lines[i], i in 0..3.</summary>
        public mus_count_line line(int i)
        {
            switch (i)
            {
                case 0: return lines_0;
                case 1: return lines_1;
                case 2: return lines_2;
                case 3: return lines_3;
                default: throw new ArgumentOutOfRangeException("i");
            }
        }
    }

    /// <summary>mus_view: what one seat may know (384 bytes).</summary>
    [StructLayout(LayoutKind.Sequential)]
    public unsafe struct mus_view
    {
        public uint struct_size;
        public int seat;
        public int phase;
        public int lance;
        public int to_act;
        public int dealer;
        public int mano;
        public fixed byte hand[4];
        public fixed int score[2];
        public fixed int games[2];
        public fixed int vacas[2];
        public int match_winner;
        public int hand_number;
        public int stock_count;
        public int pile_count;
        public int pares_declared;
        public int pares_mask;
        public int juego_declared;
        public int juego_mask;
        public int perete_mask;
        public fixed int signals[4];
        public int bet_open;
        public int bet_is_ordago;
        public int bet_team;
        public int stake_before;
        public int proposed;
        public mus_count_line lances_0; // mus_count_line lances[4]
        public mus_count_line lances_1;
        public mus_count_line lances_2;
        public mus_count_line lances_3;
        public int proposal;
        public int proposer;
        public int proposal_amount;
        public fixed byte last_shown[16];
        public fixed int reserved[9];

        /// <summary>lances[i], i in 0..3.</summary>
        public mus_count_line lance_line(int i)
        {
            switch (i)
            {
                case 0: return lances_0;
                case 1: return lances_1;
                case 2: return lances_2;
                case 3: return lances_3;
                default: throw new ArgumentOutOfRangeException("i");
            }
        }
    }

    /// <summary>mus_event: one public event reported by mus_apply_events (32 bytes).</summary>
    [StructLayout(LayoutKind.Sequential)]
    public unsafe struct mus_event
    {
        public int kind;
        public int seat;
        public int team;
        public int lance;
        public int amount;
        public int value;
        public fixed int reserved[2];
    }

    /// <summary>mus_step_info: what mus_step reports about the step it made (40 bytes).</summary>
    [StructLayout(LayoutKind.Sequential)]
    public unsafe struct mus_step_info
    {
        public uint struct_size;
        public int phase;
        public int to_act;
        public int hand_over;
        public int match_winner;
        public fixed int points[2];
        public int game_winner;
        public ulong legal_mask;
    }

    /// <summary>mus_bot_config: how a bot plays, its kind and budget (32 bytes).</summary>
    [StructLayout(LayoutKind.Sequential)]
    public unsafe struct mus_bot_config
    {
        public uint struct_size;
        public int kind;
        public int playouts;
        public int time_ms;
        public fixed int reserved[4];
    }

    /// <summary>The functions and constants of mus.h.</summary>
    public static unsafe class NativeMethods
    {
        /// <summary>The library name: libmus.so (Linux), libmus.dylib (macOS), mus.dll (Windows).</summary>
        public const string Library = "mus";

        /// <summary>
        /// The functions of mus.h these declarations leave out on purpose, each with the reason.
        /// The tests check every function of the manifest (tests/abi/layout.txt) is declared
        /// here with a matching signature or listed in this table.
        /// </summary>
        public static readonly IReadOnlyDictionary<string, string> DeliberatelyUnbound =
            new ReadOnlyDictionary<string, string>(new Dictionary<string, string>
            {
                // Empty: every function of mus.h is bound.
            });

        // Version of the header these declarations were written from.
        public const int MUS_VERSION_MAJOR = 0;
        public const int MUS_VERSION_MINOR = 2;
        public const int MUS_VERSION_PATCH = 0;
        public const string MUS_VERSION_STRING = "0.2.0";
        public const int MUS_VERSION = MUS_VERSION_MAJOR * 10000 + MUS_VERSION_MINOR * 100 + MUS_VERSION_PATCH;

        // Status codes.
        public const int MUS_OK = 0;
        public const int MUS_E_INVALID_ARGUMENT = -1;
        public const int MUS_E_PARSE = -2;
        public const int MUS_E_BUFFER_TOO_SMALL = -3;
        public const int MUS_E_INVALID_RULES = -4;
        public const int MUS_E_INVALID_CARDS = -5;
        public const int MUS_E_WRONG_PHASE = -6;
        public const int MUS_E_NOT_YOUR_TURN = -7;
        public const int MUS_E_ILLEGAL_ACTION = -8;
        public const int MUS_E_BET_TOO_SMALL = -9;
        public const int MUS_E_CARD_NOT_IN_HAND = -10;
        public const int MUS_E_BAD_SHUFFLE = -11;
        public const int MUS_E_MATCH_OVER = -12;
        public const int MUS_E_FALSE_SIGNAL = -13;
        public const int MUS_E_INVALID_STATE = -14;
        public const int MUS_E_INTERNAL = -15;
        public const int MUS_E_NO_ACTION_ID = -16;
        public const int MUS_E_SIGNAL_NOT_IN_SET = -17;

        // Lances.
        public const int MUS_LANCE_GRANDE = 0;
        public const int MUS_LANCE_CHICA = 1;
        public const int MUS_LANCE_PARES = 2;
        public const int MUS_LANCE_JUEGO = 3;
        public const int MUS_LANCE_PUNTO = 4;

        // Rules option values.
        public const int MUS_ROYAL31_OFF = 0;
        public const int MUS_ROYAL31_JACK777 = 1;
        public const int MUS_ROYAL31_FIGURE777 = 2;
        public const int MUS_ROYAL31_JACK777_OTHER_SUITS = 3;
        public const int MUS_ROYAL31_JACK_OF_COINS777 = 4;
        public const int MUS_ROYAL31_JACK_OF_COINS_ANY777 = 5;
        public const int MUS_CORRIDO_OFF = 0;
        public const int MUS_CORRIDO_MATCH = 1;
        public const int MUS_CORRIDO_GAME = 2;
        public const int MUS_ANSWERS_FIRST = 0;
        public const int MUS_ANSWERS_PROPOSAL = 1;
        public const int MUS_SIGNALS_FULL = 0;
        public const int MUS_SIGNALS_ONLINE = 1;
        public const int MUS_SIGNALS_OFF = 2;

        // Match phases.
        public const int MUS_PHASE_SHUFFLE = 1;
        public const int MUS_PHASE_MUS = 2;
        public const int MUS_PHASE_DISCARD = 3;
        public const int MUS_PHASE_BETTING = 4;
        public const int MUS_PHASE_MATCH_OVER = 5;
        public const int MUS_PHASE_PERETE = 6;

        // Action kinds.
        public const int MUS_ACTION_SHUFFLE = 1;
        public const int MUS_ACTION_MUS = 2;
        public const int MUS_ACTION_CUT = 3;
        public const int MUS_ACTION_DISCARD = 4;
        public const int MUS_ACTION_PASS = 5;
        public const int MUS_ACTION_BET = 6;
        public const int MUS_ACTION_ORDAGO = 7;
        public const int MUS_ACTION_ACCEPT = 8;
        public const int MUS_ACTION_REJECT = 9;
        public const int MUS_ACTION_SIGNAL = 10;
        public const int MUS_ACTION_PERETE = 11;

        // Signals.
        public const int MUS_SIGNAL_TWO_KINGS = 0;
        public const int MUS_SIGNAL_THREE_KINGS = 1;
        public const int MUS_SIGNAL_TWO_ACES = 2;
        public const int MUS_SIGNAL_THREE_ACES = 3;
        public const int MUS_SIGNAL_PAREJA = 4;
        public const int MUS_SIGNAL_MEDIAS = 5;
        public const int MUS_SIGNAL_DUPLES = 6;
        public const int MUS_SIGNAL_JUEGO_31 = 7;
        public const int MUS_SIGNAL_PUNTO_30 = 8;
        public const int MUS_SIGNAL_PUNTO_29 = 9;
        public const int MUS_SIGNAL_PUNTO_28 = 10;
        public const int MUS_SIGNAL_CIEGO = 11;
        public const int MUS_SIGNAL_REAL_31 = 12;
        public const int MUS_SIGNAL_SOLOMILLO = 13;
        public const int MUS_SIGNAL_NEED_MUS = 14;

        /// <summary>Size in bytes of a match state.</summary>
        public const int MUS_STATE_SIZE = 512;

        // Lance statuses.
        public const int MUS_LANCE_STATUS_PENDING = 0;
        public const int MUS_LANCE_STATUS_SKIPPED = 1;
        public const int MUS_LANCE_STATUS_ONE_TEAM = 2;
        public const int MUS_LANCE_STATUS_EN_PASO = 3;
        public const int MUS_LANCE_STATUS_ACCEPTED = 4;
        public const int MUS_LANCE_STATUS_REFUSED = 5;
        public const int MUS_LANCE_STATUS_ORDAGO = 6;

        // Hand ends.
        public const int MUS_END_NONE = 0;
        public const int MUS_END_COUNT = 1;
        public const int MUS_END_DEJE = 2;
        public const int MUS_END_ORDAGO = 3;

        // Event kinds.
        public const int MUS_EVENT_DEAL = 1;
        public const int MUS_EVENT_REFILL = 2;
        public const int MUS_EVENT_MUS = 3;
        public const int MUS_EVENT_CUT = 4;
        public const int MUS_EVENT_DISCARD = 5;
        public const int MUS_EVENT_REPLACE = 6;
        public const int MUS_EVENT_PERETE = 7;
        public const int MUS_EVENT_SIGNAL = 8;
        public const int MUS_EVENT_DECLARE_PARES = 9;
        public const int MUS_EVENT_DECLARE_JUEGO = 10;
        public const int MUS_EVENT_LANCE_START = 11;
        public const int MUS_EVENT_PASS = 12;
        public const int MUS_EVENT_BET = 13;
        public const int MUS_EVENT_ORDAGO = 14;
        public const int MUS_EVENT_ACCEPT = 15;
        public const int MUS_EVENT_REJECT = 16;
        public const int MUS_EVENT_DEJE = 17;
        public const int MUS_EVENT_EN_PASO = 18;
        public const int MUS_EVENT_SHOWDOWN = 19;
        public const int MUS_EVENT_COUNT = 20;
        public const int MUS_EVENT_GAME = 21;
        public const int MUS_EVENT_VACA = 22;
        public const int MUS_EVENT_MATCH = 23;
        public const int MUS_EVENT_PROPOSE = 24;
        public const int MUS_EVENT_AGREE = 25;

        /// <summary>The most events one mus_apply_events call can report.</summary>
        public const int MUS_MAX_EVENTS = 48;

        // Action ids: a stable integer action space (the table is in mus.h).
        public const int MUS_ACTION_ID_COUNT = 56;
        public const int MUS_ACTION_ID_SHUFFLE = 0;
        public const int MUS_ACTION_ID_MUS = 1;
        public const int MUS_ACTION_ID_CUT = 2;
        public const int MUS_ACTION_ID_DISCARD = 3;
        public const int MUS_ACTION_ID_PASS = 19;
        public const int MUS_ACTION_ID_BET = 20;
        public const int MUS_ACTION_ID_ORDAGO = 36;
        public const int MUS_ACTION_ID_ACCEPT = 37;
        public const int MUS_ACTION_ID_REJECT = 38;
        public const int MUS_ACTION_ID_SIGNAL = 39;
        public const int MUS_ACTION_ID_PERETE = 55;
        public const int MUS_BET_LADDER_SIZE = 16;

        /// <summary>The most actions mus_legal_actions can list.</summary>
        public const int MUS_MAX_LEGAL_ACTIONS = 56;

        // Bot kinds and playout scopes.
        public const int MUS_BOT_RANDOM = 0;
        public const int MUS_BOT_HEURISTIC = 1;
        public const int MUS_BOT_SEARCH = 2;
        public const int MUS_PLAYOUT_HAND = 0;
        public const int MUS_PLAYOUT_MATCH = 1;

        // The observation tensor (mus_view_tensor): its size in floats and each block's offset.
        public const int MUS_VIEW_TENSOR_SIZE = 216;
        public const int MUS_TENSOR_OFF_CARDS = 0;
        public const int MUS_TENSOR_OFF_DEALER = 40;
        public const int MUS_TENSOR_OFF_MANO = 44;
        public const int MUS_TENSOR_OFF_TO_ACT = 48;
        public const int MUS_TENSOR_OFF_PHASE = 52;
        public const int MUS_TENSOR_OFF_LANCE = 58;
        public const int MUS_TENSOR_OFF_DECK = 63;
        public const int MUS_TENSOR_OFF_ROUND = 65;
        public const int MUS_TENSOR_OFF_DECLARED = 70;
        public const int MUS_TENSOR_OFF_PARES = 72;
        public const int MUS_TENSOR_OFF_JUEGO = 76;
        public const int MUS_TENSOR_OFF_PERETE = 80;
        public const int MUS_TENSOR_OFF_SIGNALS = 84;
        public const int MUS_TENSOR_OFF_BET = 144;
        public const int MUS_TENSOR_OFF_LANCES = 158;
        public const int MUS_TENSOR_OFF_SCORES = 210;

        /// <summary>The longest text mus_state_format and mus_view_format write, without the NUL.</summary>
        public const int MUS_STATE_TEXT_MAX = 512;

        /// <summary>The longest text mus_action_format writes, without the NUL.</summary>
        public const int MUS_ACTION_TEXT_MAX = 160;

        // ---- Version and errors ----------------------------------------------------------------

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern uint mus_version();

        /// <summary>Returns a static string: read it with Marshal.PtrToStringAnsi, never free it.</summary>
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern IntPtr mus_version_string();

        /// <summary>Returns a static string: read it with Marshal.PtrToStringAnsi, never free it.</summary>
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern IntPtr mus_status_string(int status);

        /// <summary>
        /// Why the most recent failed call of this thread failed; thread-local storage of the
        /// library: read it with Marshal.PtrToStringAnsi right after the call, never free it.
        /// </summary>
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern IntPtr mus_last_error();

        // ---- Rules -----------------------------------------------------------------------------

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern int mus_rules_preset(
            mus_rules* @out, [MarshalAs(UnmanagedType.LPStr)] string name);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern int mus_rules_parse(
            mus_rules* @out, [MarshalAs(UnmanagedType.LPStr)] string text);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern int mus_rules_format(
            mus_rules* rules, byte* buf, UIntPtr cap, UIntPtr* len_out);

        // ---- Cards and hand evaluation ---------------------------------------------------------

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern int mus_hand_parse(
            [MarshalAs(UnmanagedType.LPStr)] string text, byte* @out);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern int mus_hand_format(byte* hand, byte* buf, UIntPtr cap, UIntPtr* len_out);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern int mus_card_parse([MarshalAs(UnmanagedType.LPStr)] string text, byte* @out);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern int mus_card_format(byte card, byte* buf, UIntPtr cap, UIntPtr* len_out);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern int mus_rules_validate(mus_rules* rules);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern int mus_lance_winner(
            mus_rules* rules, int lance, byte* hands, int mano, int* seat_out);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern int mus_hand_tantos(mus_rules* rules, int lance, byte* hand, int* tantos_out);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern int mus_hand_value(mus_rules* rules, byte* hand, int* value_out);

        // ---- The match reducer -----------------------------------------------------------------

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern UIntPtr mus_state_size();

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern int mus_state_new(mus_rules* rules, int first_dealer, mus_state* @out);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern int mus_apply(mus_state* @in, mus_action* action, mus_state* @out);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern int mus_apply_events(
            mus_state* @in, mus_action* action, mus_state* @out,
            mus_event* events, UIntPtr cap, UIntPtr* count_out);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern int mus_legal_actions(
            mus_state* s, mus_action* buf, UIntPtr cap, UIntPtr* count_out);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern int mus_legal_mask(mus_state* s, ulong* @out);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern int mus_legal_action_ids(
            mus_state* s, int* ids, UIntPtr cap, UIntPtr* count_out);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern int mus_action_id(mus_state* s, mus_action* action, int* id_out);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern int mus_action_from_id(mus_state* s, int id, mus_action* @out);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern int mus_apply_id(mus_state* @in, int id, ulong seed, mus_state* @out);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern int mus_bet_ladder(int index, int* amount_out);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern int mus_state_info_get(mus_state* s, mus_state_info* @out);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern int mus_state_hand(mus_state* s, int seat, byte* @out);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern int mus_state_view(mus_state* s, int seat, mus_view* @out);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern int mus_state_last_count(mus_state* s, mus_count* @out);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern int mus_state_rules(mus_state* s, mus_rules* @out);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern int mus_state_validate(mus_state* s);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern int mus_bet_limits(mus_state* s, int* min_out, int* max_out);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern int mus_stacked_deal(
            byte* hands, int mano, byte* stock, UIntPtr stock_n, mus_action* @out);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern int mus_seeded_order(byte* cards, UIntPtr n, ulong seed);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern int mus_signal_true(mus_rules* rules, int signal, byte* hand, int* @out);

        // ---- Text forms: actions, states and seat views ------------------------------------------

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern int mus_action_format(mus_action* action, byte* buf, UIntPtr cap, UIntPtr* len_out);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern int mus_action_parse(
            [MarshalAs(UnmanagedType.LPStr)] string text, mus_action* @out, int* error_pos_out);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern int mus_state_format(mus_state* s, byte* buf, UIntPtr cap, UIntPtr* len_out);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern int mus_state_parse(
            [MarshalAs(UnmanagedType.LPStr)] string text, mus_state* @out, int* error_pos_out);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern int mus_view_format(
            mus_state* s, int seat, byte* buf, UIntPtr cap, UIntPtr* len_out);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern int mus_view_parse(
            [MarshalAs(UnmanagedType.LPStr)] string text, mus_view* @out, int* error_pos_out);

        // ---- Fast stepping -------------------------------------------------------------------------

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern int mus_step(mus_state* @in, int id, ulong seed, mus_state* @out, mus_step_info* info);

        // ---- Observation tensor ----------------------------------------------------------------------

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern int mus_view_tensor(mus_state* s, int seat, float* @out, UIntPtr cap);

        // ---- Bots ------------------------------------------------------------------------------------

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern int mus_bot_config_default(int kind, mus_bot_config* @out);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern int mus_bot_choose(
            mus_state* s, int seat, mus_bot_config* config, ulong seed, int* id_out);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern int mus_bot_evaluate(
            mus_state* s, int seat, mus_bot_config* config, ulong seed, double* points_out, UIntPtr cap,
            ulong* ids_out);

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        public static extern int mus_playouts(
            mus_state* s, mus_bot_config* config, ulong seed, ulong first, int n, int scope,
            int* points_out);
    }
}
