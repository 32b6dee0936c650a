// Tips for a person at the table (mus_state_tips): up to three short hints for the seat to act, as
// structured values that the page puts into its own words (the table of tip kinds in mus.h says
// which facts each kind carries).

import { check } from './errors.js';
import { nameOf, TipKind } from './enums.js';
import { C, STRUCTS } from './layout.js';
import { Card, Hand } from './cards.js';
import { Action, type State } from './match.js';
import { fn, frame, i32, mod, readBytes, size, u64 } from './wasm.js';

const T = STRUCTS.mus_tip;

/** One tip (mus_tip). Fields a kind does not use are null, 0 or empty. */
export interface Tip {
  /** A TipKind value. */
  readonly kind: number;
  /** The kind's name as the library writes it, e.g. "search_choice". */
  readonly name: string;
  /** The Lance it is about, or null. */
  readonly lance: number | null;
  /** The seat it names (who signalled), or null. */
  readonly seat: number | null;
  /** By kind: kings, aces, tantos, percent. */
  readonly count: number;
  /** By kind: points needed, a stake. */
  readonly amount: number;
  /** The game points of the seat's team, then the opponents'. */
  readonly score: readonly [number, number];
  /** The Signal values made (the signal kinds). */
  readonly signals: readonly number[];
  /** The seat's four cards (the hand facts), or null. */
  readonly hand: Hand | null;
  /** The ranks the cards play as, high to low (0 ace .. 9 king). */
  readonly ranks: readonly number[];
  /** The pares as kind * 100 + high rank * 10 + low rank; 0 without pares. */
  readonly pares: number;
  /** The juego or punto total. */
  readonly value: number;
  /** The hand is a 31 real. */
  readonly real31: boolean;
  /** JUEGO: a 31 real beats it too (named before beatenBy). */
  readonly real31Beats: boolean;
  /** JUEGO: the totals of the juegos that beat it, best first. */
  readonly beatenBy: readonly number[];
  /** CLUB_DISCARD: the cards to throw. */
  readonly cards: readonly Card[];
  /** The action a player would choose (SEARCH_CHOICE, CLUB_*), or null. */
  readonly action: Action | null;
  /** SEARCH_CHOICE: the runner-up, or null. */
  readonly other: Action | null;
  /** SEARCH_CHOICE: the estimate of `action` (the team's points minus the opponents'). */
  readonly points: number;
  /** SEARCH_CHOICE: the estimate of `other`. */
  readonly otherPoints: number;
  /** LANCE_CHANCE: the team's chance in the lance, 0..1. */
  readonly chance: number;
}

function readTip(ptr: number): Tip {
  const f = T.fields;
  const at = (field: keyof typeof f): number => ptr + f[field][0];
  const view = new DataView(mod().HEAPU8.buffer);
  const hand = Array.from(readBytes(at('hand'), 4));
  const signalsMask = i32(at('signals'));
  const cardsMask = u64(at('cards'));
  const kind = i32(at('kind'));
  const lance = i32(at('lance'));
  const seat = i32(at('seat'));
  const action = i32(at('action')) !== 0 ? Action.read(at('action')) : null;
  const other = i32(at('other')) !== 0 ? Action.read(at('other')) : null;
  const cards: Card[] = [];
  for (let id = 0; id < 40; id++) if ((cardsMask >> BigInt(id)) & 1n) cards.push(Card.of(id));
  const signals: number[] = [];
  for (let k = 0; k < 16; k++) if ((signalsMask >> k) & 1) signals.push(k);
  return Object.freeze({
    kind,
    name: nameOf(TipKind, kind).toLowerCase(),
    lance: lance < 0 ? null : lance,
    seat: seat < 0 ? null : seat,
    count: i32(at('count')),
    amount: i32(at('amount')),
    score: Object.freeze([i32(at('score')), i32(at('score') + 4)]) as readonly [number, number],
    signals: Object.freeze(signals),
    hand: hand.every((c) => c < 40) ? Hand.of(hand) : null,
    ranks: Object.freeze(Array.from(readBytes(at('ranks'), 4))),
    pares: i32(at('pares')),
    value: i32(at('value')),
    real31: i32(at('real31')) !== 0,
    real31Beats: i32(at('real31_beats')) !== 0,
    beatenBy: Object.freeze(Array.from(readBytes(at('beaten_by'), 8)).filter((v) => v !== 0)),
    cards: Object.freeze(cards),
    action,
    other,
    points: view.getFloat64(at('points'), true),
    otherPoints: view.getFloat64(at('other_points'), true),
    chance: view.getFloat64(at('chance'), true),
  });
}

/**
 * Up to three tips for `seat` (default: the seat to act), which must be the seat to act, the
 * most useful first (mus_state_tips), from what that seat may know only. Throws MUS_E_WRONG_PHASE
 * while a shuffle is due, MUS_E_MATCH_OVER at the end, MUS_E_NOT_YOUR_TURN for another seat.
 * In the betting phase it runs the search bot once (a few milliseconds).
 */
export function tips(state: State, seat?: number): Tip[] {
  const who = seat ?? state.toAct ?? 0;
  return frame((alloc) => {
    const out = alloc(T.size * C.MUS_MAX_TIPS);
    const n = alloc(4);
    check(fn('mus_state_tips')(state.toPointer(alloc), who, out, C.MUS_MAX_TIPS, n), 'tips', `seat ${who}`);
    const list: Tip[] = [];
    for (let i = 0; i < size(n); i++) list.push(readTip(out + i * T.size));
    return list;
  });
}
