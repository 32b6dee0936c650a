using System;
using System.Runtime.InteropServices;
using Mus.Native;

namespace Mus
{
    /// <summary>
    /// A libmus call failed: carries the status code, its name ("MUS_E_PARSE") and the
    /// library's text for it (mus_status_string). The wrapper also throws it, with the code
    /// the C API uses for the same mistake, when it refuses an argument itself (a card id
    /// above 39, a hand of three cards).
    /// </summary>
    public sealed class MusException : Exception
    {
        public MusException(MusStatus status)
            : this(status, null)
        {
        }

        public MusException(MusStatus status, string detail)
            : base(Compose(status, detail))
        {
            Status = status;
            StatusName = NameOf(status);
            StatusText = MusLibrary.StatusString((int)status);
            Detail = detail;
        }

        /// <summary>
        /// For a parse error: the byte position in the text where parsing failed (the C API's
        /// error_pos_out); null otherwise.
        /// </summary>
        public int? Position { get; private set; }

        /// <summary>The status, e.g. MusStatus.Parse.</summary>
        public MusStatus Status { get; private set; }

        /// <summary>The status as the C API returns it, e.g. -2.</summary>
        public int Code { get { return (int)Status; } }

        /// <summary>The status's name in mus.h, e.g. "MUS_E_PARSE".</summary>
        public string StatusName { get; private set; }

        /// <summary>mus_status_string(code), e.g. "MUS_E_PARSE: text could not be parsed".</summary>
        public string StatusText { get; private set; }

        /// <summary>What the wrapper was doing (the call and its input), or null.</summary>
        public string Detail { get; private set; }

        /// <summary>The name of a status code in mus.h; "MUS_E_UNKNOWN" for a code it does not define.</summary>
        public static string NameOf(MusStatus status)
        {
            switch (status)
            {
                case MusStatus.Ok: return "MUS_OK";
                case MusStatus.InvalidArgument: return "MUS_E_INVALID_ARGUMENT";
                case MusStatus.Parse: return "MUS_E_PARSE";
                case MusStatus.BufferTooSmall: return "MUS_E_BUFFER_TOO_SMALL";
                case MusStatus.InvalidRules: return "MUS_E_INVALID_RULES";
                case MusStatus.InvalidCards: return "MUS_E_INVALID_CARDS";
                case MusStatus.WrongPhase: return "MUS_E_WRONG_PHASE";
                case MusStatus.NotYourTurn: return "MUS_E_NOT_YOUR_TURN";
                case MusStatus.IllegalAction: return "MUS_E_ILLEGAL_ACTION";
                case MusStatus.BetTooSmall: return "MUS_E_BET_TOO_SMALL";
                case MusStatus.CardNotInHand: return "MUS_E_CARD_NOT_IN_HAND";
                case MusStatus.BadShuffle: return "MUS_E_BAD_SHUFFLE";
                case MusStatus.MatchOver: return "MUS_E_MATCH_OVER";
                case MusStatus.FalseSignal: return "MUS_E_FALSE_SIGNAL";
                case MusStatus.InvalidState: return "MUS_E_INVALID_STATE";
                case MusStatus.Internal: return "MUS_E_INTERNAL";
                case MusStatus.NoActionId: return "MUS_E_NO_ACTION_ID";
                case MusStatus.SignalNotInSet: return "MUS_E_SIGNAL_NOT_IN_SET";
                default: return "MUS_E_UNKNOWN";
            }
        }

        /// <summary>Throws a MusException unless status is MUS_OK.</summary>
        internal static void Check(int status, string detail)
        {
            if (status != NativeMethods.MUS_OK) throw new MusException((MusStatus)status, detail);
        }

        /// <summary>Throws a MusException unless status is MUS_OK, with the parse position when it is not -1.</summary>
        internal static void Check(int status, string detail, int position)
        {
            if (status == NativeMethods.MUS_OK) return;
            var e = new MusException((MusStatus)status, detail);
            if (position >= 0) e.Position = position;
            throw e;
        }

        private static string Compose(MusStatus status, string detail)
        {
            string text = MusLibrary.StatusString((int)status);
            return detail == null ? text : text + " (" + detail + ")";
        }
    }

    /// <summary>The library as a whole: version and status texts.</summary>
    public static class MusLibrary
    {
        /// <summary>mus_version(): MAJOR * 10000 + MINOR * 100 + PATCH of the loaded library.</summary>
        public static int Version { get { return (int)NativeMethods.mus_version(); } }

        /// <summary>mus_version_string(), e.g. "0.2.0".</summary>
        public static string VersionString
        {
            get { return Marshal.PtrToStringAnsi(NativeMethods.mus_version_string()); }
        }

        /// <summary>The version of mus.h these bindings were written from (NativeMethods.MUS_VERSION).</summary>
        public static int BindingVersion { get { return NativeMethods.MUS_VERSION; } }

        /// <summary>True when the loaded library has the bindings' major version (the ABI promise).</summary>
        public static bool IsCompatible
        {
            get { return Version / 10000 == NativeMethods.MUS_VERSION_MAJOR && Version >= BindingVersion; }
        }

        /// <summary>mus_status_string(status): static English text, "unknown status" for other codes.</summary>
        public static string StatusString(int status)
        {
            return Marshal.PtrToStringAnsi(NativeMethods.mus_status_string(status));
        }

        /// <summary>mus_state_size(): bytes in a match state (512).</summary>
        public static int StateSize { get { return (int)NativeMethods.mus_state_size().ToUInt64(); } }
    }
}
