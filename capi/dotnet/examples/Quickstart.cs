// The tour of the C# bindings quoted in capi/dotnet/README.md. ctest compiles and runs it, so
// the README's code and output cannot drift from the library.
using System;
using System.Collections.Generic;
using Mus;

internal static class Quickstart
{
    private static int Main()
    {
        // Rules: a preset, text, or a variant of either. ToString is the canonical text.
        Rules rules = Rules.Parse("standard target=30");
        Console.WriteLine(rules);                                  // standard target=30
        Console.WriteLine(rules.With(kings: 4));                   // standard kings=4 target=30

        // Hands (R2 notation) and their evaluation.
        Hand hand = Hand.Parse("Ko 3c Qe Ab");
        Console.WriteLine(hand.Value(rules));                      // 31: with 8 kings a 3 is a king
        Console.WriteLine(hand.Tantos(rules, Lance.Pares));        // 1: K and 3 make a pareja

        // A match is an immutable value: Apply returns the next state.
        State s = State.New(rules, 0);                             // seat 0 deals, seat 1 is mano
        s = s.Apply(MusAction.Shuffle(2024));                      // chance: a seeded deal
        Console.WriteLine(s.Phase + ", seat " + s.ToAct + " to act");
        Console.WriteLine("seat 1 sees " + s.View(1).Hand);        // a seat's view: its own cards
        s = s.Apply(MusAction.Cut(1));                             // no hay mus: the lances begin
        IReadOnlyList<MusEvent> events;
        s = s.ApplyWithEvents(MusAction.Bet(1, 2), out events);    // envido of 2 in grande
        foreach (MusEvent e in events) Console.WriteLine(e);
        Console.WriteLine(s);

        // A refused action throws MusException; the state is unchanged.
        try
        {
            s.Apply(MusAction.Pass(3));
        }
        catch (MusException e)
        {
            Console.WriteLine(e.StatusName + " (" + e.Code + "): " + e.Message);
        }

        // Text forms, written and read by the library: an action's line, a seat's view as a
        // server sends it to that player.
        Console.WriteLine(MusAction.Parse("2 bet 5").Kind);          // Bet
        SeatView seen = SeatView.Parse(s.ViewText(2));
        Console.WriteLine("seat 2 reads " + seen.Hand);

        // A bot of the library chooses for the seat to act, from what that seat may know.
        Console.WriteLine("the heuristic bot plays " + Bot.Heuristic.Choose(s, 1));
        return 0;
    }
}
