// The enumerations of mus.h, with the header's numbers (pinned within a major version).
namespace Mus
{
    /// <summary>Status codes (MUS_OK, MUS_E_*).</summary>
    public enum MusStatus
    {
        Ok = 0,
        InvalidArgument = -1,
        Parse = -2,
        BufferTooSmall = -3,
        InvalidRules = -4,
        InvalidCards = -5,
        WrongPhase = -6,
        NotYourTurn = -7,
        IllegalAction = -8,
        BetTooSmall = -9,
        CardNotInHand = -10,
        BadShuffle = -11,
        MatchOver = -12,
        FalseSignal = -13,
        InvalidState = -14,
        Internal = -15,
        NoActionId = -16,
        SignalNotInSet = -17,
    }

    /// <summary>The four lances, juego or punto last (MUS_LANCE_*).</summary>
    public enum Lance
    {
        Grande = 0,
        Chica = 1,
        Pares = 2,
        Juego = 3,
        Punto = 4,
    }

    /// <summary>The 31 real option, R21 (MUS_ROYAL31_*).</summary>
    public enum Royal31
    {
        Off = 0,
        Jack777 = 1,
        Figure777 = 2,
        Jack777OtherSuits = 3,
        JackOfCoins777 = 4,
        JackOfCoinsAny777 = 5,
    }

    /// <summary>The mus corrido option, R31 (MUS_CORRIDO_*).</summary>
    public enum MusCorrido
    {
        Off = 0,
        Match = 1,
        Game = 2,
    }

    /// <summary>How a team answers a bet, R25 and R25a (MUS_ANSWERS_*).</summary>
    public enum Answers
    {
        /// <summary>R25: the first answerer's accept or raise settles the team (default).</summary>
        First = 0,
        /// <summary>R25a: the first answerer proposes, the partner decides (the online preset).</summary>
        Proposal = 1,
    }

    /// <summary>The signal set, R33a (MUS_SIGNALS_*).</summary>
    public enum SignalSet
    {
        Full = 0,
        Online = 1,
        Off = 2,
    }

    /// <summary>Match phases (MUS_PHASE_*).</summary>
    public enum Phase
    {
        Shuffle = 1,
        Mus = 2,
        Discard = 3,
        Betting = 4,
        MatchOver = 5,
        Perete = 6,
    }

    /// <summary>Action kinds (MUS_ACTION_*); 0 is never valid.</summary>
    public enum ActionKind
    {
        Shuffle = 1,
        Mus = 2,
        Cut = 3,
        Discard = 4,
        Pass = 5,
        Bet = 6,
        Ordago = 7,
        Accept = 8,
        Reject = 9,
        Signal = 10,
        Perete = 11,
    }

    /// <summary>Signals to the partner, R33 (MUS_SIGNAL_*).</summary>
    public enum Signal
    {
        TwoKings = 0,
        ThreeKings = 1,
        TwoAces = 2,
        ThreeAces = 3,
        Pareja = 4,
        Medias = 5,
        Duples = 6,
        Juego31 = 7,
        Punto30 = 8,
        Punto29 = 9,
        Punto28 = 10,
        Ciego = 11,
        Real31 = 12,
        Solomillo = 13,
        NeedMus = 14,
    }

    /// <summary>How a lance was played (MUS_LANCE_STATUS_PENDING .. MUS_LANCE_STATUS_ORDAGO).</summary>
    public enum LanceStatus
    {
        Pending = 0,
        Skipped = 1,
        OneTeam = 2,
        EnPaso = 3,
        Accepted = 4,
        Refused = 5,
        Ordago = 6,
    }

    /// <summary>How a hand ended (MUS_END_*).</summary>
    public enum HandEnd
    {
        None = 0,
        Count = 1,
        Deje = 2,
        Ordago = 3,
    }

    /// <summary>Public event kinds (MUS_EVENT_*).</summary>
    public enum EventKind
    {
        Deal = 1,
        Refill = 2,
        Mus = 3,
        Cut = 4,
        Discard = 5,
        Replace = 6,
        Perete = 7,
        Signal = 8,
        DeclarePares = 9,
        DeclareJuego = 10,
        LanceStart = 11,
        Pass = 12,
        Bet = 13,
        Ordago = 14,
        Accept = 15,
        Reject = 16,
        Deje = 17,
        EnPaso = 18,
        Showdown = 19,
        Count = 20,
        Game = 21,
        Vaca = 22,
        Match = 23,
        /// <summary>R25a: Seat proposed its team's answer: Value the ActionKind, Amount the raise.</summary>
        Propose = 24,
        /// <summary>R25a: Seat (the partner) agreed to the proposal; the team's answer follows.</summary>
        Agree = 25,
    }

    /// <summary>Card suits, R3: id = suit * 10 + rank.</summary>
    public enum Suit
    {
        Oros = 0,
        Copas = 1,
        Espadas = 2,
        Bastos = 3,
    }

    /// <summary>Card ranks, R3 (Jack = sota, Knight = caballo, King = rey).</summary>
    public enum Rank
    {
        Ace = 0,
        Two = 1,
        Three = 2,
        Four = 3,
        Five = 4,
        Six = 5,
        Seven = 6,
        Jack = 7,
        Knight = 8,
        King = 9,
    }
}
