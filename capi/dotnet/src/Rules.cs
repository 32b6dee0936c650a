using System;
using Mus.Native;

namespace Mus
{
    /// <summary>
    /// The rules a match is played under (rules.md): an immutable, always valid value. Get one
    /// from Preset or Parse and derive variants with With; ToString gives the canonical text,
    /// which Parse accepts back.
    /// </summary>
    public sealed class Rules : IEquatable<Rules>
    {
        private readonly mus_rules raw;
        private readonly string text;

        private Rules(mus_rules raw, string detail)
        {
            this.raw = raw;
            text = Format(raw, detail); // validates: MUS_E_INVALID_RULES
        }

        /// <summary>A named preset: "standard" (also null), "spain", "basque" or "online". MUS_E_PARSE for other names.</summary>
        public static unsafe Rules Preset(string name)
        {
            mus_rules r;
            MusException.Check(NativeMethods.mus_rules_preset(&r, name), "preset \"" + name + "\"");
            return new Rules(r, null);
        }

        /// <summary>The standard preset: 8 kings, 40 points, best of three games.</summary>
        public static Rules Standard { get { return Preset("standard"); } }

        /// <summary>
        /// Rules from text: a preset name, then key=value overrides, e.g.
        /// "standard kings=4 target=30 royal31=jack777". MUS_E_PARSE for unknown words, malformed
        /// values and values outside their limits (target=0, kings=5).
        /// </summary>
        public static unsafe Rules Parse(string text)
        {
            if (text == null) throw new MusException(MusStatus.InvalidArgument, "rules text is null");
            mus_rules r;
            MusException.Check(NativeMethods.mus_rules_parse(&r, text), "rules \"" + text + "\"");
            return new Rules(r, null);
        }

        /// <summary>8 (default: 3s are kings, 2s aces, R4) or 4.</summary>
        public int Kings { get { return raw.kings; } }

        /// <summary>Points that win a game (R29).</summary>
        public int Target { get { return raw.target; } }

        /// <summary>Games that win a vaca (R30).</summary>
        public int GamesPerVaca { get { return raw.games_per_vaca; } }

        /// <summary>Vacas that win the match (R30).</summary>
        public int Vacas { get { return raw.vacas; } }

        /// <summary>Smallest raise over an open bet (R25): 1 or 2.</summary>
        public int MinRaise { get { return raw.min_raise; } }

        /// <summary>The 31 real option (R21).</summary>
        public Royal31 Royal31 { get { return (Royal31)raw.royal31; } }

        /// <summary>A player may discard no card (R14).</summary>
        public bool ZeroDiscard { get { return raw.zero_discard != 0; } }

        /// <summary>A deje ends the game at once (R29); false: checked at hand end.</summary>
        public bool DejeEnds { get { return raw.deje_ends != 0; } }

        /// <summary>Mus corrido (R31).</summary>
        public MusCorrido MusCorrido { get { return (MusCorrido)raw.mus_corrido; } }

        /// <summary>The tío Perete bonus is played (R32).</summary>
        public bool TioPerete { get { return raw.tio_perete != 0; } }

        /// <summary>How a team answers a bet: First (R25) or Proposal (R25a, the online preset).</summary>
        public Answers Answers { get { return (Answers)raw.answers; } }

        /// <summary>The signal set (R33a): which signals are legal.</summary>
        public SignalSet Signals { get { return (SignalSet)raw.signals; } }

        /// <summary>
        /// These rules with some fields changed, e.g. <c>rules.With(target: 30)</c>.
        /// MUS_E_INVALID_RULES when a value breaks a limit.
        /// </summary>
        public Rules With(int? kings = null, int? target = null, int? gamesPerVaca = null,
                          int? vacas = null, int? minRaise = null, Royal31? royal31 = null,
                          bool? zeroDiscard = null, bool? dejeEnds = null,
                          MusCorrido? musCorrido = null, bool? tioPerete = null,
                          Answers? answers = null, SignalSet? signals = null)
        {
            mus_rules r = raw;
            if (kings.HasValue) r.kings = kings.Value;
            if (target.HasValue) r.target = target.Value;
            if (gamesPerVaca.HasValue) r.games_per_vaca = gamesPerVaca.Value;
            if (vacas.HasValue) r.vacas = vacas.Value;
            if (minRaise.HasValue) r.min_raise = minRaise.Value;
            if (royal31.HasValue) r.royal31 = (int)royal31.Value;
            if (zeroDiscard.HasValue) r.zero_discard = zeroDiscard.Value ? 1 : 0;
            if (dejeEnds.HasValue) r.deje_ends = dejeEnds.Value ? 1 : 0;
            if (musCorrido.HasValue) r.mus_corrido = (int)musCorrido.Value;
            if (tioPerete.HasValue) r.tio_perete = tioPerete.Value ? 1 : 0;
            if (answers.HasValue) r.answers = (int)answers.Value;
            if (signals.HasValue) r.signals = (int)signals.Value;
            return new Rules(r, "Rules.With");
        }

        /// <summary>The C struct, for calls through Mus.Native.</summary>
        public mus_rules ToNative() { return raw; }

        /// <summary>Rules from a C struct, validated (MUS_E_INVALID_ARGUMENT, MUS_E_INVALID_RULES).</summary>
        public static Rules FromNative(mus_rules raw) { return new Rules(raw, "Rules.FromNative"); }

        /// <summary>The canonical text (mus_rules_format), e.g. "standard target=30" or "basque".</summary>
        public override string ToString() { return text; }

        public bool Equals(Rules other)
        {
            return !ReferenceEquals(other, null) && text == other.text;
        }

        public override bool Equals(object obj) { return Equals(obj as Rules); }

        public override int GetHashCode() { return text.GetHashCode(); }

        public static bool operator ==(Rules a, Rules b)
        {
            return ReferenceEquals(a, null) ? ReferenceEquals(b, null) : a.Equals(b);
        }

        public static bool operator !=(Rules a, Rules b) { return !(a == b); }

        /// <summary>
        /// Checks a rules value as every function taking rules does (mus_rules_validate):
        /// MUS_E_INVALID_ARGUMENT for a small struct_size, MUS_E_INVALID_RULES for a value out
        /// of its limits. A Rules object is always valid; this is for raw structs.
        /// </summary>
        public static unsafe void Validate(mus_rules raw)
        {
            MusException.Check(NativeMethods.mus_rules_validate(&raw), "mus_rules_validate");
        }

        private static unsafe string Format(mus_rules r, string detail)
        {
            Validate(r, detail);
            return NativeText.Write((buf, cap, len) =>
            {
                mus_rules copy = r;
                return NativeMethods.mus_rules_format(&copy, buf, cap, len);
            }, 127, detail);
        }

        private static unsafe void Validate(mus_rules r, string detail)
        {
            MusException.Check(NativeMethods.mus_rules_validate(&r), detail);
        }
    }
}
