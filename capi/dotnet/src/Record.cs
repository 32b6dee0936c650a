using System;
using System.Collections.Generic;
using System.Linq;
using System.Text;
using Mus.Native;

namespace Mus
{
    /// <summary>One action of a record, its line, and the state text recorded after it (or null).</summary>
    public sealed class RecordStep
    {
        internal RecordStep(MusAction action, int line, string state, int stateLine)
        {
            Action = action;
            Line = line;
            State = state;
            StateLine = stateLine;
        }

        /// <summary>The action.</summary>
        public MusAction Action { get; private set; }

        /// <summary>Its line in the text, from 1.</summary>
        public int Line { get; private set; }

        /// <summary>The state text recorded after it, or null.</summary>
        public string State { get; private set; }

        /// <summary>The line of that state, 0 when none.</summary>
        public int StateLine { get; private set; }

        internal RecordStep WithState(string state, int line) { return new RecordStep(Action, Line, state, line); }
    }

    /// <summary>
    /// A match record (the records page of the docs): the rules, the first dealer and every
    /// action, optionally each state, read by the library's reader (Parse), written by its writer
    /// (Format) and replayed by its replay (Replay).
    /// </summary>
    public sealed class MatchRecord
    {
        private MatchRecord() { }

        /// <summary>The text, as given to Parse.</summary>
        public string Text { get; private set; }

        /// <summary>3, 2, 1, or 0 for the transcript form of libmus 0.2.</summary>
        public int Version { get; private set; }

        /// <summary>The rules of the match.</summary>
        public Rules Rules { get; private set; }

        /// <summary>The first dealer.</summary>
        public int Dealer { get; private set; }

        /// <summary>The new match's state text, or null.</summary>
        public string InitialState { get; private set; }

        /// <summary>Every action, in order.</summary>
        public IReadOnlyList<RecordStep> Steps { get; private set; }

        /// <summary>The end line.</summary>
        public RecordEnd End { get; private set; }

        /// <summary>
        /// Reads a record a line at a time with the library's reader (mus_record_reader_read_line):
        /// MUS_E_PARSE (or MUS_E_INVALID_RULES) for a bad line or a truncated record, the
        /// message naming the line and MusException.Position the byte in it.
        /// </summary>
        public static unsafe MatchRecord Parse(string text)
        {
            if (text == null) throw new MusException(MusStatus.InvalidArgument, "record text is null");
            mus_record_reader reader;
            MusException.Check(NativeMethods.mus_record_reader_init(&reader), "mus_record_reader_init");
            string initial = null;
            var steps = new List<RecordStep>();
            string[] lines = text.Split('\n');
            int count = lines.Length > 0 && lines[lines.Length - 1].Length == 0 ? lines.Length - 1 : lines.Length;
            for (int i = 0; i < count; ++i)
            {
                int item, pos;
                mus_action a;
                int status = NativeMethods.mus_record_reader_read_line(&reader, lines[i], &item, &a, &pos);
                MusException.Check(status, "line " + reader.line, pos);
                if (item == (int)RecordLine.Action)
                {
                    steps.Add(new RecordStep(MusAction.FromNative(a), reader.line, null, 0));
                }
                else if (item == (int)RecordLine.State)
                {
                    byte[] bytes = Encoding.UTF8.GetBytes(lines[i]);
                    string state = Encoding.ASCII.GetString(bytes, pos, bytes.Length - pos).TrimEnd(' ', '\t', '\r');
                    if (steps.Count == 0) initial = state;
                    else steps[steps.Count - 1] = steps[steps.Count - 1].WithState(state, reader.line);
                }
            }
            MusException.Check(NativeMethods.mus_record_reader_finish(&reader), "line " + (reader.line + 1));
            return new MatchRecord
            {
                Text = text,
                Version = reader.version,
                Rules = Rules.FromNative(reader.rules),
                Dealer = reader.dealer,
                InitialState = initial,
                Steps = steps.AsReadOnly(),
                End = (RecordEnd)reader.end,
            };
        }

        /// <summary>
        /// The version-3 record of the match played from a new match by actions
        /// (mus_record_format): every state line when states, comment's lines as comments after
        /// the tag, and the end line the replay gives. The reducer's status for an action it
        /// refuses (the message gives the action's index).
        /// </summary>
        public static unsafe string Format(Rules rules, int firstDealer, IEnumerable<MusAction> actions,
                                           bool states = false, string comment = null)
        {
            if (rules == null) throw new MusException(MusStatus.InvalidArgument, "rules is null");
            if (actions == null) throw new MusException(MusStatus.InvalidArgument, "actions is null");
            mus_rules r = rules.ToNative();
            mus_action[] list = actions.Select(a => a.ToNative()).ToArray();
            int flags = states ? NativeMethods.MUS_RECORD_WITH_STATES : 0;
            int cap = 256 + 64 * list.Length + (states ? 420 * (list.Length + 1) : 0);
            for (int attempt = 0; attempt < 2; ++attempt)
            {
                var buf = new byte[cap];
                UIntPtr len;
                int status;
                fixed (mus_action* p = list.Length > 0 ? list : new mus_action[1])
                fixed (byte* b = buf)
                    status = NativeMethods.mus_record_format(&r, firstDealer, p, (UIntPtr)list.Length, flags,
                                                             comment, b, (UIntPtr)buf.Length, &len);
                int n = (int)len.ToUInt64();
                if (status == NativeMethods.MUS_E_BUFFER_TOO_SMALL && n + 1 > cap)
                {
                    cap = n + 1;
                    continue;
                }
                MusException.Check(status, "mus_record_format");
                return Encoding.UTF8.GetString(buf, 0, n);
            }
            throw new MusException(MusStatus.Internal, "mus_record_format: the text grew between two calls");
        }

        /// <summary>The last state of the record's match: MatchRecord.Replay(Text).</summary>
        public State Replay() { return Replay(Text); }

        /// <summary>
        /// The last state of a record's match, read and replayed by the library
        /// (mus_record_replay), every state line checked byte for byte: the reducer's status for
        /// a refused action, MUS_E_INVALID_STATE for a state or end line the replay contradicts,
        /// MUS_E_PARSE for a bad line; the message names the line.
        /// </summary>
        public static unsafe State Replay(string text)
        {
            if (text == null) throw new MusException(MusStatus.InvalidArgument, "record text is null");
            mus_state s;
            int line;
            MusException.Check(NativeMethods.mus_record_replay(text, &s, &line), "mus_record_replay");
            return State.FromNative(s);
        }
    }
}
