#!/usr/bin/env python3
"""Plays one hand of Mus with random choices and prints what happens and the count.

    python3 play_hand.py [--seed N] [--rules "standard target=30"]

The seed drives both the deal (a seeded shuffle, R12) and the random choices, so the same seed
always plays the same hand. Needs the ``mus`` package (pip install ./capi/python, or
PYTHONPATH=capi/python) and libmus (MUS_LIBRARY=<build>/capi/libmus.so.0).
"""

import argparse
import random

import mus


def choose(state, rng):
    """A random legal action: each listed action is concrete (a discard of chosen cards, a bet
    of one amount of the bet ladder) and applies as it is; only a shuffle (a stock refill, R15)
    is given a seed. Signals to the partner (R33) are left out to keep the output short, bets
    above 10 and the órdago are rare, so that most hands reach the count."""
    legal = state.legal_actions()
    if legal[0].kind == mus.ActionKind.SHUFFLE:
        return mus.Action.shuffle(seed=rng.getrandbits(64))
    rare = rng.random() < 0.05
    choices = [a for a in legal if a.kind != mus.ActionKind.SIGNAL and (rare or not (
        a.kind == mus.ActionKind.ORDAGO or (a.kind == mus.ActionKind.BET and a.amount > 10)))]
    return rng.choice(choices or legal)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--rules", default="standard")
    args = parser.parse_args()
    rng = random.Random(args.seed)

    rules = mus.Rules.parse(args.rules)
    state = mus.State.new(rules, first_dealer=0)
    print("libmus %s, rules: %s" % (mus.library_version(), rules))

    # The deal is a chance step: a shuffle with a seed.
    state = state.apply(mus.Action.shuffle(seed=args.seed))
    print("Dealer seat %d, mano seat %d" % (state.dealer, state.mano))
    for seat in range(4):
        hand = state.hand(seat)
        print("  seat %d (team %d): %s   value %d" % (seat, seat % 2, hand, hand.value(rules)))

    print("Legal actions for seat %d now:" % state.to_act)
    for action in state.legal_actions():
        print("  " + str(action))

    # Play until the hand is counted: its number appears in last_count().
    while state.last_count() is None and not state.is_over:
        action = choose(state, rng)
        state, events = state.apply_with_events(action)
        print("%-26s %s" % (action, ", ".join(describe(e) for e in events)))

    count = state.last_count()
    print()
    print("Count of hand %d (%s): score %d-%d -> %d-%d" % (
        count.number, count.end.name.lower(), *count.score_before, *count.score_after))
    for position, line in enumerate(count.lines):
        # A lance the hand never reached is PENDING; its line says nothing more about it.
        if line.status == mus.LanceStatus.PENDING:
            name = ("grande", "chica", "pares", "juego/punto")[position]
            print("  %-11s not reached" % name)
            continue
        winner = "-" if line.winner_team is None else "team %d" % line.winner_team
        print("  %-11s %-9s %-7s stake %2d tantos %d points %d%s" % (
            line.lance.name.lower(), line.status.name.lower(), winner, line.stake, line.tantos,
            line.points, "" if line.counted else " (not counted)"))
    # The showdown (R28a) is public: any seat's view holds the four hands as they were shown.
    shown = state.view(0).last_shown
    if shown is not None:
        print("Cards shown: " + " · ".join("seat %d %s" % (seat, hand)
                                           for seat, hand in enumerate(shown)))
    if count.game_winner is not None:
        print("Team %d won the game" % count.game_winner)
    print("Now: score %d-%d, games %d-%d" % (*state.score, *state.games))


def describe(event):
    """A short text for an event."""
    kind = event.kind.name.lower() if isinstance(event.kind, mus.EventKind) else str(event.kind)
    parts = [kind]
    if event.seat is not None:
        parts.append("seat %d" % event.seat)
    if event.team is not None:
        parts.append("team %d" % event.team)
    if event.lance is not None:
        parts.append(event.lance.name.lower())
    if event.kind in (mus.EventKind.DECLARE_PARES, mus.EventKind.DECLARE_JUEGO):
        parts.append("yes" if event.value else "no")
    elif event.amount:
        parts.append("amount %d" % event.amount)
    return " ".join(parts)


if __name__ == "__main__":
    main()
