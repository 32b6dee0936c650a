// The observation tensor (State.ViewTensor, mus_state_view_tensor): its size, range and the blocks a C#
// caller can tell from the state (own cards, dealer, mano, seat to act, phase, scores), that the
// other seats' cards never change it, and its errors.
using System;
using System.Linq;
using Mus;
using Mus.Native;

internal static partial class BindingTests
{
    /// <summary>The blocks of seat's tensor that the state says directly.</summary>
    private static void CheckTensor(State s, int seat)
    {
        float[] t = s.ViewTensor(seat);
        if (!Eq(t.Length, NativeMethods.MUS_VIEW_TENSOR_SIZE, "tensor size")) return;
        Check(t.All(x => x >= 0f && x <= 1f), "every tensor entry in 0..1");
        ulong held = s.Hand(seat).Mask;
        bool cards = true;
        for (int id = 0; id < 40; ++id)
            cards &= t[NativeMethods.MUS_TENSOR_OFF_CARDS + id] == ((held >> id & 1) != 0 ? 1f : 0f);
        Check(cards, "the tensor's cards are the seat's own (seat " + seat + ")");
        OneHot(t, NativeMethods.MUS_TENSOR_OFF_DEALER, 4, (s.Dealer - seat + 4) % 4, "dealer, relative");
        OneHot(t, NativeMethods.MUS_TENSOR_OFF_MANO, 4, (s.Mano - seat + 4) % 4, "mano, relative");
        OneHot(t, NativeMethods.MUS_TENSOR_OFF_TO_ACT, 4, s.ToAct.HasValue ? (s.ToAct.Value - seat + 4) % 4 : -1, "seat to act, relative");
        OneHot(t, NativeMethods.MUS_TENSOR_OFF_PHASE, 6, (int)s.Phase - 1, "phase");
        OneHot(t, NativeMethods.MUS_TENSOR_OFF_LANCE, 5, s.Phase == Phase.Betting && s.Lance.HasValue ? (int)s.Lance.Value : -1, "lance");
        Rules rules = s.Rules;
        int own = State.TeamOf(seat);
        Eq(t[NativeMethods.MUS_TENSOR_OFF_SCORES], Math.Min(1f, (float)s.Score[own] / rules.Target), "own points / target");
        Eq(t[NativeMethods.MUS_TENSOR_OFF_SCORES + 1], Math.Min(1f, (float)s.Score[1 - own] / rules.Target), "other points / target");
    }

    private static void OneHot(float[] t, int offset, int n, int hot, string what)
    {
        bool ok = true;
        for (int i = 0; i < n; ++i) ok &= t[offset + i] == (i == hot ? 1f : 0f);
        Check(ok, what + ": one-hot at " + hot + " (got " + string.Join(" ", t.Skip(offset).Take(n)) + ")");
    }

    private static void TensorTests()
    {
        Eq(State.ViewTensorSize, NativeMethods.MUS_VIEW_TENSOR_SIZE, "ViewTensorSize");
        State s = State.New(Rules.Standard, 0);
        for (int seat = 0; seat < 4; ++seat) CheckTensor(s, seat);
        s = s.Apply(MusAction.Shuffle(99));
        for (int seat = 0; seat < 4; ++seat) CheckTensor(s, seat);
        Check(!s.ViewTensor(0).SequenceEqual(s.ViewTensor(1)), "two seats, two observations");
        SeqEq(s.ViewTensor(2), s.ViewTensor(2), "the same state, the same observation");

        // The other seats' cards never change a seat's tensor: seat 0 keeps its hand, the others swap theirs.
        var hands = new[] { Hand.Parse("Ko 6c 5e Ab"), Hand.Parse("Qo 7c 4e Ac"), Hand.Parse("Jo 6e 5b Ae"), Hand.Parse("7o 6b 4c 5c") };
        var swapped = new[] { hands[0], hands[3], hands[1], hands[2] };
        State a = State.New(Rules.Standard, 0).Apply(MusAction.StackedDeal(hands, 1)).Apply(MusAction.Cut(1));
        State b = State.New(Rules.Standard, 0).Apply(MusAction.StackedDeal(swapped, 1)).Apply(MusAction.Cut(1));
        Check(!a.Equals(b), "two different deals");
        SeqEq(a.ViewTensor(0), b.ViewTensor(0), "seat 0's observation ignores the others' cards");
        Check(!a.ViewTensor(1).SequenceEqual(b.ViewTensor(1)), "seat 1's observation shows its own cards");

        var into = new float[NativeMethods.MUS_VIEW_TENSOR_SIZE + 3];
        s.ViewTensor(3, into);
        SeqEq(into.Take(NativeMethods.MUS_VIEW_TENSOR_SIZE), s.ViewTensor(3), "Tensor into a caller's array");
        Throws(MusStatus.BufferTooSmall, () => s.ViewTensor(0, new float[NativeMethods.MUS_VIEW_TENSOR_SIZE - 1]), "a short array");
        Throws(MusStatus.BufferTooSmall, () => s.ViewTensor(0, new float[0]), "an empty array");
        Throws(MusStatus.InvalidArgument, () => s.ViewTensor(0, null), "a null array");
        Throws(MusStatus.InvalidArgument, () => s.ViewTensor(4), "seat 4");
        Throws(MusStatus.InvalidArgument, () => s.ViewTensor(-1), "seat -1");
    }
}
