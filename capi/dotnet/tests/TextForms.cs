// The text forms, all through the C API: cards, actions (mus_action_format/parse), states
// (mus_state_format/parse), seat views (mus_state_view_format), rules validation.
using System;
using System.Collections.Generic;
using System.Linq;
using Mus;
using Mus.Native;

internal static partial class BindingTests
{
    /// <summary>
    /// The body must throw MUS_E_PARSE with MusException.Position at position, named in the
    /// message with the input (when given).
    /// </summary>
    private static void ParseErrorAt(int position, Action body, string input, string what)
    {
        Throws(MusStatus.Parse, body, what);
        try
        {
            body();
        }
        catch (MusException e)
        {
            Eq(e.Position, (int?)position, what);
            Check(e.Message.Contains("position " + position), what + ": the message names the position: " + e.Message);
            if (input != null) Check(e.Message.Contains(input), what + ": the message names the input: " + e.Message);
        }
    }

    private static void TextForms()
    {
        // Actions: every kind prints its line and parses back to an equal action.
        var actions = new[]
        {
            MusAction.Shuffle(42), MusAction.Shuffle(ulong.MaxValue), MusAction.ShuffleOrder(Card.Deck.Reverse()),
            MusAction.Mus(1), MusAction.Cut(2), MusAction.Discard(0, Card.Parse("Ko"), Card.Parse("5c")),
            MusAction.Discard(3), MusAction.Pass(0), MusAction.Bet(1, 5), MusAction.Ordago(2), MusAction.Accept(3),
            MusAction.Reject(0), MusAction.Signal(2, Signal.Duples), MusAction.Perete(1),
        };
        foreach (MusAction a in actions)
        {
            string line = a.ToText();
            Eq(a.ToString(), line, "ToString is the line form");
            Eq(MusAction.Parse(line), a, "\"" + line + "\" parses back");
            Eq(MusAction.Parse(line).ToText(), line, "\"" + line + "\" prints back the same");
        }
        Eq(MusAction.Bet(1, 5).ToText(), "1 bet 5", "a bet's line");
        Eq(MusAction.Shuffle(42).ToText(), "shuffle seed 42", "a seeded shuffle's line");
        Eq(MusAction.Discard(0, Card.Parse("5c"), Card.Parse("Ko")).ToText(), "0 discard Ko 5c", "a discard lists its cards in id order");
        Eq(MusAction.Discard(3).ToText(), "3 discard -", "a discard of no card");
        Eq(MusAction.Signal(2, Signal.Juego31).ToText(), "2 signal juego_31", "a signal by its R33 name");
        Eq(MusAction.Parse("0 discard 5c rO").CardMask, (1UL << 9) | (1UL << 14), "cards in any order and Spanish letters");
        ParseErrorAt(6, () => MusAction.Parse("1 bet x"), "1 bet x", "a malformed bet: the position of the number");
        Throws(MusStatus.Parse, () => MusAction.Parse(""), "an empty line");
        Throws(MusStatus.Parse, () => MusAction.Parse("4 pass"), "seat 4");
        Throws(MusStatus.Parse, () => MusAction.Parse("0 pass now"), "text after the action");
        Throws(MusStatus.Parse, () => MusAction.Parse("0 discard Ko Ko"), "a card twice");
        Throws(MusStatus.InvalidArgument, () => MusAction.Parse(null), "a null line");
        var odd = new MusAction((ActionKind)99, 7, 2);
        Throws(MusStatus.InvalidArgument, () => odd.ToText(), "an action the line cannot express");
        Check(odd.ToString().StartsWith("mus_action(kind 99, seat 7, amount 2", StringComparison.Ordinal),
              "ToString never throws: " + odd);

        // States: the text round trip, and what is refused.
        State s = State.New(Rules.Parse("basque"), 2).Apply(MusAction.Shuffle(7));
        string text = s.ToText();
        Check(text.StartsWith("mus-state/2 ", StringComparison.Ordinal), "the state text's tag: " + text.Substring(0, 12));
        Check(text.Length <= NativeMethods.MUS_STATE_TEXT_MAX, "at most MUS_STATE_TEXT_MAX characters");
        Eq(State.Parse(text), s, "the state text parses back to the same state");
        Eq(State.Parse(text).ToText(), text, "and prints the same text");
        Eq(State.New(Rules.Parse("basque"), 2).Apply(MusAction.Shuffle(7)).ToText(), text, "equal states, equal texts");
        Check(State.New(Rules.Standard, 0).ToText() != text, "another state, another text");
        ParseErrorAt(20, () => State.Parse(text.Substring(0, 20) + "*" + text.Substring(21)), null,
                     "a character outside base64url: its position");
        Throws(MusStatus.Parse, () => State.Parse("mus-state/1 " + text.Substring(12)), "an old version");
        Throws(MusStatus.Parse, () => State.Parse(text + "A"), "a text too long");
        Throws(MusStatus.InvalidState, () => State.Parse("mus-state/2 " + new string('A', text.Length - 12)),
               "well-formed text that is no state");
        Throws(MusStatus.InvalidArgument, () => State.Parse(null), "a null state text");

        // Seat views.
        for (int seat = 0; seat < 4; ++seat)
        {
            string view = s.ViewText(seat);
            Check(view.StartsWith("mus-view/3 ", StringComparison.Ordinal), "the view text's tag");
            Check(view.Length <= NativeMethods.MUS_STATE_TEXT_MAX, "at most MUS_STATE_TEXT_MAX characters");
            for (int other = 0; other < seat; ++other)
                Check(view != s.ViewText(other), "seats " + other + " and " + seat + " see different cards");
        }
        Throws(MusStatus.InvalidArgument, () => s.ViewText(4), "seat 4's view text");
        for (int seat = 0; seat < 4; ++seat)
            Eq(SeatView.Parse(s.ViewText(seat)), s.View(seat), "seat " + seat + "'s view text parses to its view");
        SeatView parsed = SeatView.Parse(s.ViewText(1));
        Eq(parsed.Hand, s.Hand(1), "the parsed view holds the seat's cards");
        Eq(parsed.Seat, 1, "the parsed view's seat");
        string viewText = s.ViewText(2);
        ParseErrorAt(30, () => SeatView.Parse(viewText.Substring(0, 30) + "!" + viewText.Substring(31)), null,
                     "a view text with a bad character: its position");
        Throws(MusStatus.Parse, () => SeatView.Parse("mus-view/1 " + viewText.Substring(11)), "a 0.1 view text");
        Throws(MusStatus.Parse, () => SeatView.Parse(viewText + "A"), "a view text too long");
        Throws(MusStatus.Parse, () => SeatView.Parse(text), "a state text is no view text");
        Throws(MusStatus.InvalidArgument, () => SeatView.Parse(null), "a null view text");

        // Rules validation of a raw struct.
        mus_rules raw = Rules.Standard.ToNative();
        Rules.Validate(raw);
        raw.kings = 5;
        Throws(MusStatus.InvalidRules, () => Rules.Validate(raw), "5 kings");
        raw = Rules.Standard.ToNative();
        raw.struct_size = 4;
        Throws(MusStatus.InvalidArgument, () => Rules.Validate(raw), "a small struct_size");
    }
}
