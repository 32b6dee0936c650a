using System;
using System.Runtime.InteropServices;
using Mus.Native;

namespace Mus
{
    /// <summary>
    /// A libmus call failed: carries the status code, its name ("MUS_E_PARSE"), the library's
    /// text for it (mus_status_string) and why the call failed in the library's words
    /// (mus_last_error, read right after the call: "expected four cards at position 8"). The
    /// wrapper also throws it, with the code the C API uses for the same mistake, when it
    /// refuses an argument itself (a card id above 39, a hand of three cards). Message is
    /// "NAME: reason (detail)".
    /// </summary>
    public sealed class MusException : Exception
    {
        /// <summary>An error of this status; its Reason is the status text.</summary>
        public MusException(MusStatus status)
            : this(status, null)
        {
        }

        /// <summary>An error of this status with what the wrapper was doing; its Reason is the status text.</summary>
        public MusException(MusStatus status, string detail)
            : this(status, detail, null)
        {
        }

        /// <summary>An error of this status, with the library's reason (null: the status text).</summary>
        public MusException(MusStatus status, string detail, string reason)
            : base(Compose(status, detail, reason ?? MusLibrary.StatusString((int)status)))
        {
            Status = status;
            StatusName = NameOf(status);
            StatusText = MusLibrary.StatusString((int)status);
            Reason = reason ?? StatusText;
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

        /// <summary>
        /// Why the call failed, in the library's words (mus_last_error), e.g. "kings must be 4
        /// or 8 at position 15"; the status text when the library has nothing more precise.
        /// </summary>
        public string Reason { get; private set; }

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

        /// <summary>
        /// Throws a MusException unless status is MUS_OK, with the library's reason: call it
        /// right after the C call that returned status, on the same thread.
        /// </summary>
        internal static void Check(int status, string detail)
        {
            if (status != NativeMethods.MUS_OK) throw new MusException((MusStatus)status, detail, MusLibrary.LastError);
        }

        /// <summary>Check(status, detail), with the parse position when it is not -1.</summary>
        internal static void Check(int status, string detail, int position)
        {
            if (status == NativeMethods.MUS_OK) return;
            var e = new MusException((MusStatus)status, detail, MusLibrary.LastError);
            if (position >= 0) e.Position = position;
            throw e;
        }

        private static string Compose(MusStatus status, string detail, string reason)
        {
            // The status texts start with the name already ("MUS_E_PARSE: text could not ...").
            string name = NameOf(status);
            string text = reason.StartsWith(name, StringComparison.Ordinal) ? reason : name + ": " + reason;
            return detail == null ? text : text + " (" + detail + ")";
        }
    }

    /// <summary>The library as a whole: version and status texts.</summary>
    public static class MusLibrary
    {
        /// <summary>mus_version(): MAJOR * 10000 + MINOR * 100 + PATCH of the loaded library.</summary>
        public static int Version { get { return (int)NativeMethods.mus_version(); } }

        /// <summary>mus_version_string(), e.g. "0.3.0".</summary>
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

        /// <summary>
        /// mus_last_error(): why the most recent failed libmus call of this thread failed ("" before any).
        /// </summary>
        public static string LastError
        {
            get { return Marshal.PtrToStringAnsi(NativeMethods.mus_last_error()); }
        }

        /// <summary>mus_state_size(): bytes in a match state (512).</summary>
        public static int StateSize { get { return (int)NativeMethods.mus_state_size().ToUInt64(); } }
    }
}
