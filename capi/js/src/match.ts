// The match: actions, the immutable State, events, seat views and the count. Every rule is the
// library's: the binding copies bytes in and out of the C API and names what comes back.

import { Card, Hand, type CardLike, type HandLike } from './cards.js';
import { HandEnd, Lance, LanceStatus, nameOf } from './enums.js';
import { check, MusError } from './errors.js';
import { C, STRUCTS } from './layout.js';
import { Rules } from './rules.js';
import {
  cBytes,
  cString,
  fn,
  formatted,
  frame,
  i32,
  mod,
  readBytes,
  setI32,
  setU64,
  size,
  u64,
} from './wasm.js';

const STATE_SIZE = STRUCTS.mus_state.size;
const A = STRUCTS.mus_action;

type Alloc = (bytes: number) => number;

function seed64(seed: bigint | number): bigint {
  if (typeof seed === 'number' && !Number.isSafeInteger(seed)) {
    throw new MusError(C.MUS_E_INVALID_ARGUMENT, 'seed', `${seed} is not an integer`);
  }
  return BigInt.asUintN(64, BigInt(seed));
}

function seatList(mask: number): number[] {
  const out: number[] = [];
  for (let s = 0; s < 4; s++) if ((mask >> s) & 1) out.push(s);
  return out;
}

function optional(v: number): number | null {
  return v < 0 ? null : v;
}

function i32Array(ptr: number, n: number): number[] {
  const out: number[] = [];
  for (let i = 0; i < n; i++) out.push(i32(ptr + 4 * i));
  return out;
}

/** The fields of an action (mus_action). */
export interface ActionFields {
  kind: number;
  seat: number;
  amount?: number;
  cards?: bigint;
  seed?: bigint;
  order?: readonly number[];
}

/** One action (mus_action): a value; make one with the static methods or take it from legalActions(). */
export class Action {
  /** ActionKind value. */
  readonly kind: number;
  /** Acting seat 0..3, or -1 for a shuffle. */
  readonly seat: number;
  /** BET: points; SIGNAL: a Signal value; SHUFFLE: 0 (use seed) or the length of order. */
  readonly amount: number;
  /** DISCARD: bit i set = card id i. */
  readonly cards: bigint;
  /** SHUFFLE with amount 0: the seed. */
  readonly seed: bigint;
  /** SHUFFLE with amount n: the cards in dealing order. */
  readonly order: readonly number[];

  constructor(fields: ActionFields) {
    this.kind = fields.kind;
    this.seat = fields.seat;
    this.amount = fields.amount ?? 0;
    this.cards = fields.cards ?? 0n;
    this.seed = fields.seed ?? 0n;
    this.order = Object.freeze([...(fields.order ?? [])]);
    Object.freeze(this);
  }

  /** A shuffle (chance): from a seed, or the exact order of the cards to deal. */
  static shuffle(seed: bigint | number = 0n, order?: readonly CardLike[]): Action {
    const ids = order?.map((c) => Card.of(c).id) ?? [];
    return new Action({ kind: C.MUS_ACTION_SHUFFLE, seat: -1, amount: ids.length, seed: seed64(seed), order: ids });
  }
  /** A shuffle that deals chosen hands (mus_action_from_deal). */
  static stackedDeal(hands: readonly HandLike[], mano: number, stock: readonly CardLike[] = []): Action {
    if (hands.length !== 4) throw new MusError(C.MUS_E_INVALID_ARGUMENT, 'Action.stackedDeal', 'four hands');
    const ids = hands.flatMap((h) => Hand.of(h).ids);
    const stockIds = stock.map((c) => Card.of(c).id);
    return frame((alloc) => {
      const out = alloc(A.size);
      check(
        fn('mus_action_from_deal')(cBytes(alloc, ids), mano, cBytes(alloc, stockIds), stockIds.length, out),
        'Action.stackedDeal',
      );
      return Action.read(out);
    });
  }
  /** Mus. */
  static mus(seat: number): Action { return new Action({ kind: C.MUS_ACTION_MUS, seat }); }
  /** Cut: no hay mus. */
  static cut(seat: number): Action { return new Action({ kind: C.MUS_ACTION_CUT, seat }); }
  /** Discard these cards. */
  static discard(seat: number, cards: readonly CardLike[]): Action {
    let bits = 0n;
    for (const c of cards) bits |= 1n << BigInt(Card.of(c).id);
    return new Action({ kind: C.MUS_ACTION_DISCARD, seat, cards: bits });
  }
  /** Paso. */
  static pass(seat: number): Action { return new Action({ kind: C.MUS_ACTION_PASS, seat }); }
  /** Envido of `amount` (or a raise of `amount` more over an open bet). */
  static bet(seat: number, amount: number): Action { return new Action({ kind: C.MUS_ACTION_BET, seat, amount }); }
  /** Órdago. */
  static ordago(seat: number): Action { return new Action({ kind: C.MUS_ACTION_ORDAGO, seat }); }
  /** Quiero. */
  static accept(seat: number): Action { return new Action({ kind: C.MUS_ACTION_ACCEPT, seat }); }
  /** No quiero. */
  static reject(seat: number): Action { return new Action({ kind: C.MUS_ACTION_REJECT, seat }); }
  /** A signal to the partner (a Signal value). */
  static signal(seat: number, signal: number): Action { return new Action({ kind: C.MUS_ACTION_SIGNAL, seat, amount: signal }); }
  /** Declare tío Perete. */
  static perete(seat: number): Action { return new Action({ kind: C.MUS_ACTION_PERETE, seat }); }

  /** An action from its text (mus_action_parse). */
  static parse(textValue: string): Action {
    return frame((alloc) => {
      const out = alloc(A.size);
      const pos = alloc(4);
      const status = fn('mus_action_parse')(cString(alloc, textValue), out, pos);
      check(status, 'Action.parse', JSON.stringify(textValue), status === C.MUS_E_PARSE ? i32(pos) : undefined);
      return Action.read(out);
    });
  }

  /** @internal Reads a mus_action at `ptr`. */
  static read(ptr: number): Action {
    const f = A.fields;
    const amount = i32(ptr + f.amount[0]);
    const kind = i32(ptr + f.kind[0]);
    const n = kind === C.MUS_ACTION_SHUFFLE && amount > 0 ? Math.min(amount, 40) : 0;
    return new Action({
      kind,
      seat: i32(ptr + f.seat[0]),
      amount,
      cards: u64(ptr + f.cards[0]),
      seed: u64(ptr + f.seed[0]),
      order: Array.from(readBytes(ptr + f.order[0], n)),
    });
  }

  /** @internal Writes the action into the current call frame. */
  toPointer(alloc: Alloc): number {
    const f = A.fields;
    const p = alloc(A.size);
    setI32(p + f.kind[0], this.kind);
    setI32(p + f.seat[0], this.seat);
    setI32(p + f.amount[0], this.amount);
    setU64(p + f.cards[0], this.cards);
    setU64(p + f.seed[0], this.seed);
    mod().HEAPU8.set(this.order.slice(0, 40), p + f.order[0]);
    return p;
  }

  /** The discarded cards of a DISCARD. */
  get discarded(): Card[] {
    const out: Card[] = [];
    for (let i = 0; i < 40; i++) if ((this.cards >> BigInt(i)) & 1n) out.push(Card.of(i));
    return out;
  }

  /** The action's text (mus_action_format); Action.parse() reads it back. */
  toString(): string {
    return frame((alloc) => {
      const p = this.toPointer(alloc);
      return formatted('Action.toString', (b, cap, len) => fn('mus_action_format')(p, b, cap, len), check);
    });
  }

  /** True when both are the same action. */
  equals(other: Action): boolean {
    return (
      this.kind === other.kind &&
      this.seat === other.seat &&
      this.amount === other.amount &&
      this.cards === other.cards &&
      this.seed === other.seed &&
      this.order.length === other.order.length &&
      this.order.every((c, i) => c === other.order[i])
    );
  }
}

/** One public event (mus_event) reported by State.applyWithEvents(). */
export interface Event {
  readonly kind: number;
  readonly seat: number | null;
  readonly team: number | null;
  readonly lance: number | null;
  readonly amount: number;
  readonly value: number;
}

function readEvent(ptr: number): Event {
  const f = STRUCTS.mus_event.fields;
  return Object.freeze({
    kind: i32(ptr + f.kind[0]),
    seat: optional(i32(ptr + f.seat[0])),
    team: optional(i32(ptr + f.team[0])),
    lance: optional(i32(ptr + f.lance[0])),
    amount: i32(ptr + f.amount[0]),
    value: i32(ptr + f.value[0]),
  });
}

/** One lance of a count (mus_count_line): how it was played, what it scored and why. */
export interface CountLine {
  /** The lance (Lance). */
  readonly lance: number;
  /** The lance's name in Lance, e.g. 'GRANDE'. */
  readonly lanceName: string;
  /** How it was played (LanceStatus). */
  readonly status: number;
  /** The status's name in LanceStatus, e.g. 'ACCEPTED'. */
  readonly statusName: string;
  readonly betTeam: number | null;
  readonly winnerTeam: number | null;
  readonly winnerSeat: number | null;
  readonly stake: number;
  readonly tantos: number;
  readonly points: number;
  readonly counted: boolean;
}

function readLine(ptr: number): CountLine {
  const f = STRUCTS.mus_count_line.fields;
  const lance = i32(ptr + f.lance[0]);
  const status = i32(ptr + f.status[0]);
  return Object.freeze({
    lance,
    lanceName: nameOf(Lance, lance),
    status,
    statusName: nameOf(LanceStatus, status),
    betTeam: optional(i32(ptr + f.bet_team[0])),
    winnerTeam: optional(i32(ptr + f.winner_team[0])),
    winnerSeat: optional(i32(ptr + f.winner_seat[0])),
    stake: i32(ptr + f.stake[0]),
    tantos: i32(ptr + f.tantos[0]),
    points: i32(ptr + f.points[0]),
    counted: i32(ptr + f.counted[0]) !== 0,
  });
}

function readLines(ptr: number): CountLine[] {
  const out: CountLine[] = [];
  for (let i = 0; i < 4; i++) out.push(readLine(ptr + i * STRUCTS.mus_count_line.size));
  return out;
}

function readShown(ptr: number): Hand[] | null {
  const ids = readBytes(ptr, 16);
  if (ids.every((b) => b === C.MUS_NO_CARD)) return null;
  return [0, 1, 2, 3].map((s) => Hand.fromIds(ids.subarray(4 * s, 4 * s + 4)));
}

/** A finished hand's count, lance by lance (mus_count). */
export interface Count {
  readonly number: number;
  readonly dealer: number;
  readonly mano: number;
  /** How the hand ended (HandEnd). */
  readonly end: number;
  /** The end's name in HandEnd, e.g. 'COUNT'. */
  readonly endName: string;
  readonly gameWinner: number | null;
  readonly scoreBefore: readonly [number, number];
  readonly scoreAfter: readonly [number, number];
  readonly lines: readonly CountLine[];
  /** The showdown: the four hands as they stood at the count, or null when none was shown. */
  readonly shown: readonly Hand[] | null;
}

/** What one seat may know (mus_view): its own cards and the public state. */
export interface View {
  readonly seat: number;
  readonly phase: number;
  readonly lance: number | null;
  readonly toAct: number | null;
  readonly dealer: number;
  readonly mano: number;
  readonly hand: Hand;
  readonly score: readonly [number, number];
  readonly games: readonly [number, number];
  readonly vacas: readonly [number, number];
  readonly matchWinner: number | null;
  readonly handNumber: number;
  readonly stockCount: number;
  readonly pileCount: number;
  readonly paresDeclared: boolean;
  readonly paresSeats: readonly number[];
  readonly juegoDeclared: boolean;
  readonly juegoSeats: readonly number[];
  readonly pereteSeats: readonly number[];
  /** signals[s]: the Signal values seat s made this hand. */
  readonly signals: readonly (readonly number[])[];
  readonly betOpen: boolean;
  readonly betIsOrdago: boolean;
  readonly betTeam: number | null;
  readonly stakeBefore: number;
  readonly proposed: number;
  readonly lances: readonly CountLine[];
  readonly proposal: number;
  readonly proposer: number | null;
  readonly proposalAmount: number;
  readonly lastShown: readonly Hand[] | null;
}

/** @internal Reads a mus_view at `ptr`. */
export function readView(ptr: number): View {
  const f = STRUCTS.mus_view.fields;
  const at = (k: keyof typeof f, i = 0): number => i32(ptr + f[k][0] + 4 * i);
  const pair = (k: keyof typeof f): readonly [number, number] => Object.freeze([at(k, 0), at(k, 1)] as const);
  const signals = i32Array(ptr + f.signals[0], 4).map((bits) => {
    const out: number[] = [];
    for (let k = 0; k < 31; k++) if ((bits >>> k) & 1) out.push(k);
    return Object.freeze(out);
  });
  return Object.freeze({
    seat: at('seat'),
    phase: at('phase'),
    lance: optional(at('lance')),
    toAct: optional(at('to_act')),
    dealer: at('dealer'),
    mano: at('mano'),
    hand: Hand.fromIds(readBytes(ptr + f.hand[0], 4)),
    score: pair('score'),
    games: pair('games'),
    vacas: pair('vacas'),
    matchWinner: optional(at('match_winner')),
    handNumber: at('hand_number'),
    stockCount: at('stock_count'),
    pileCount: at('pile_count'),
    paresDeclared: at('pares_declared') !== 0,
    paresSeats: seatList(at('pares_mask')),
    juegoDeclared: at('juego_declared') !== 0,
    juegoSeats: seatList(at('juego_mask')),
    pereteSeats: seatList(at('perete_mask')),
    signals: Object.freeze(signals),
    betOpen: at('bet_open') !== 0,
    betIsOrdago: at('bet_is_ordago') !== 0,
    betTeam: optional(at('bet_team')),
    stakeBefore: at('stake_before'),
    proposed: at('proposed'),
    lances: Object.freeze(readLines(ptr + f.lances[0])),
    proposal: at('proposal'),
    proposer: optional(at('proposer')),
    proposalAmount: at('proposal_amount'),
    lastShown: readShown(ptr + f.last_shown[0]),
  });
}

/** A view from its text (mus_view_parse; State.viewText() writes it): what a client reads. */
export function parseView(textValue: string): View {
  return frame((alloc) => {
    const out = alloc(STRUCTS.mus_view.size);
    setI32(out, STRUCTS.mus_view.size);
    const pos = alloc(4);
    const status = fn('mus_view_parse')(cString(alloc, textValue), out, pos);
    check(status, 'parseView', undefined, status === C.MUS_E_PARSE ? i32(pos) : undefined);
    return readView(out);
  });
}

/** What State.step() reports (mus_step_info). */
export interface StepInfo {
  readonly phase: number;
  readonly toAct: number | null;
  readonly handOver: boolean;
  readonly matchWinner: number | null;
  /** Points each team gained by this step. */
  readonly points: readonly [number, number];
  readonly gameWinner: number | null;
  readonly legalMask: bigint;
}

/** The legal range of a bet now. */
export interface BetLimits {
  readonly min: number;
  readonly max: number;
}

/** The bet ladder: the amounts of the BET action ids (mus_bet_ladder). */
export function betLadder(): number[] {
  return frame((alloc) => {
    const out = alloc(4);
    const rungs: number[] = [];
    for (let i = 0; i < C.MUS_BET_LADDER_SIZE; i++) {
      check(fn('mus_bet_ladder')(i, out), 'betLadder');
      rungs.push(i32(out));
    }
    return rungs;
  });
}

/** The public summary of a state (mus_state_info). */
interface Info {
  phase: number;
  lance: number;
  toAct: number;
  dealer: number;
  mano: number;
  score: readonly [number, number];
  games: readonly [number, number];
  vacas: readonly [number, number];
  matchWinner: number;
  handNumber: number;
  refillDue: number;
}

/**
 * A whole match as a value (mus_state): immutable; apply() and the other moves return a new
 * State. Its bytes live in JavaScript; each call copies them into the module for its duration.
 */
export class State {
  private readonly bytes: Uint8Array;
  private info: Info | undefined;

  private constructor(bytes: Uint8Array) {
    this.bytes = bytes;
  }

  /** A new match under `rules` (a Rules or a preset name), `firstDealer` dealing first. */
  static new(rules: Rules | string = 'standard', firstDealer = 0): State {
    const r = typeof rules === 'string' ? Rules.preset(rules) : rules;
    return State.produce('State.new', (alloc, out) => fn('mus_state_new')(r.toPointer(alloc), firstDealer, out));
  }

  /** A state from its text (mus_state_parse; State.toString() writes it). */
  static parse(textValue: string): State {
    return frame((alloc) => {
      const out = alloc(STATE_SIZE);
      const pos = alloc(4);
      const status = fn('mus_state_parse')(cString(alloc, textValue), out, pos);
      check(status, 'State.parse', undefined, status === C.MUS_E_PARSE ? i32(pos) : undefined);
      return new State(readBytes(out, STATE_SIZE));
    });
  }

  /**
   * A state whose view for the view's seat is `viewText` (mus_state_parse_view,
   * experimental until 1.0: a minor release may change it): what a program that sees only
   * one seat's view, such as a bot playing through a server, can decide
   * from, e.g. with `bot.choose(state, seed, seat)`. The cards that seat has not seen are a
   * deal that agrees with everything public (signals, declarations), so the state is valid and
   * gives the same legal actions and bot decisions as the real one. Throws MUS_E_PARSE (with
   * the position) for malformed text, MUS_E_INVALID_STATE for a view no state of these rules
   * gives.
   */
  static fromView(rules: Rules | string, viewText: string): State {
    const r = typeof rules === 'string' ? Rules.parse(rules) : rules;
    return frame((alloc) => {
      const out = alloc(STATE_SIZE);
      const pos = alloc(4);
      const status = fn('mus_state_parse_view')(r.toPointer(alloc), cString(alloc, viewText), out, pos);
      check(status, 'State.fromView', undefined, status === C.MUS_E_PARSE ? i32(pos) : undefined);
      return new State(readBytes(out, STATE_SIZE));
    });
  }

  /** A state from raw bytes (checked by mus_state_validate). Prefer the text across processes. */
  static fromBytes(bytes: Uint8Array): State {
    if (bytes.length !== STATE_SIZE) {
      throw new MusError(C.MUS_E_INVALID_STATE, 'State.fromBytes', `${bytes.length} bytes, not ${STATE_SIZE}`);
    }
    frame((alloc) => check(fn('mus_state_validate')(cBytes(alloc, bytes)), 'State.fromBytes'));
    return new State(bytes.slice());
  }

  private static produce(name: string, call: (alloc: Alloc, out: number) => number, detail?: () => string): State {
    return frame((alloc) => {
      const out = alloc(STATE_SIZE);
      const status = call(alloc, out);
      if (status !== 0) check(status, name, detail?.());
      return new State(readBytes(out, STATE_SIZE));
    });
  }

  /** A copy of the state's bytes. */
  toBytes(): Uint8Array {
    return this.bytes.slice();
  }

  /** @internal Copies the state into the current call frame. */
  toPointer(alloc: Alloc): number {
    return cBytes(alloc, this.bytes);
  }

  /** The state after `action` (mus_apply); throws MusError (e.g. MUS_E_ILLEGAL_ACTION). */
  apply(action: Action): State {
    return State.produce(
      'State.apply',
      (alloc, out) => fn('mus_apply')(this.toPointer(alloc), action.toPointer(alloc), out),
      () => action.toString(),
    );
  }

  /** The state after `action` and the public events it caused (mus_apply_events). */
  applyWithEvents(action: Action): { state: State; events: Event[] } {
    return frame((alloc) => {
      const out = alloc(STATE_SIZE);
      const evSize = STRUCTS.mus_event.size;
      const events = alloc(evSize * C.MUS_MAX_EVENTS);
      const count = alloc(4);
      const status = fn('mus_apply_events')(
        this.toPointer(alloc),
        action.toPointer(alloc),
        out,
        events,
        C.MUS_MAX_EVENTS,
        count,
      );
      if (status !== 0) check(status, 'State.applyWithEvents', action.toString());
      const list: Event[] = [];
      for (let i = 0; i < size(count); i++) list.push(readEvent(events + i * evSize));
      return { state: new State(readBytes(out, STATE_SIZE)), events: list };
    });
  }

  /** Applies the actions in turn. */
  applyAll(actions: Iterable<Action>): State {
    let s: State = this;
    for (const a of actions) s = s.apply(a);
    return s;
  }

  /** The concrete legal actions of the seat to act (a shuffle when chance is due). */
  legalActions(): Action[] {
    return frame((alloc) => {
      const buf = alloc(A.size * C.MUS_MAX_LEGAL_ACTIONS);
      const count = alloc(4);
      check(fn('mus_legal_actions')(this.toPointer(alloc), buf, C.MUS_MAX_LEGAL_ACTIONS, count), 'State.legalActions');
      const out: Action[] = [];
      for (let i = 0; i < size(count); i++) out.push(Action.read(buf + i * A.size));
      return out;
    });
  }

  /** The legal action ids, increasing (mus_legal_action_ids). */
  legalActionIds(): number[] {
    return frame((alloc) => {
      const buf = alloc(4 * C.MUS_ACTION_ID_COUNT);
      const count = alloc(4);
      check(
        fn('mus_legal_action_ids')(this.toPointer(alloc), buf, C.MUS_ACTION_ID_COUNT, count),
        'State.legalActionIds',
      );
      return i32Array(buf, size(count));
    });
  }

  /** The legal action ids as a bit mask: bit i = id i is legal (mus_legal_mask). */
  legalMask(): bigint {
    return frame((alloc) => {
      const out = alloc(8);
      check(fn('mus_legal_mask')(this.toPointer(alloc), out), 'State.legalMask');
      return u64(out);
    });
  }

  /** The id of a legal action (mus_action_id). */
  actionId(action: Action): number {
    return frame((alloc) => {
      const out = alloc(4);
      check(fn('mus_action_id')(this.toPointer(alloc), action.toPointer(alloc), out), 'State.actionId', action.toString());
      return i32(out);
    });
  }

  /** The action an id stands for here (mus_action_from_id). */
  actionFromId(id: number): Action {
    return frame((alloc) => {
      const out = alloc(A.size);
      check(fn('mus_action_from_id')(this.toPointer(alloc), id, out), 'State.actionFromId', `id ${id}`);
      return Action.read(out);
    });
  }

  /** The state after action id `id`; `seed` is the shuffle's seed when id is 0 (mus_apply_id). */
  applyId(id: number, seed: bigint | number = 0n): State {
    const s = seed64(seed);
    return State.produce(
      'State.applyId',
      (alloc, out) => fn('mus_apply_id')(this.toPointer(alloc), id, s, out),
      () => `id ${id}`,
    );
  }

  /** Applies action id `id` and reports what follows, in one call (mus_step). */
  step(id: number, seed: bigint | number = 0n): { state: State; info: StepInfo } {
    const s = seed64(seed);
    return frame((alloc) => {
      const F = STRUCTS.mus_step_info.fields;
      const out = alloc(STATE_SIZE);
      const p = alloc(STRUCTS.mus_step_info.size);
      setI32(p, STRUCTS.mus_step_info.size);
      const status = fn('mus_step')(this.toPointer(alloc), id, s, out, p);
      if (status !== 0) check(status, 'State.step', `id ${id}`);
      const at = (k: keyof typeof F, i = 0): number => i32(p + F[k][0] + 4 * i);
      const info: StepInfo = Object.freeze({
        phase: at('phase'),
        toAct: optional(at('to_act')),
        handOver: at('hand_over') !== 0,
        matchWinner: optional(at('match_winner')),
        points: Object.freeze([at('points'), at('points', 1)] as const),
        gameWinner: optional(at('game_winner')),
        legalMask: u64(p + F.legal_mask[0]),
      });
      return { state: new State(readBytes(out, STATE_SIZE)), info };
    });
  }

  /** The legal range of a BET now, or null when no bet is possible (mus_bet_limits). */
  betLimits(): BetLimits | null {
    return frame((alloc) => {
      const lo = alloc(4);
      const hi = alloc(4);
      check(fn('mus_bet_limits')(this.toPointer(alloc), lo, hi), 'State.betLimits');
      return i32(lo) > 0 ? Object.freeze({ min: i32(lo), max: i32(hi) }) : null;
    });
  }

  private summary(): Info {
    if (this.info === undefined) {
      this.info = frame((alloc) => {
        const F = STRUCTS.mus_state_info.fields;
        const p = alloc(STRUCTS.mus_state_info.size);
        setI32(p, STRUCTS.mus_state_info.size);
        check(fn('mus_state_info_get')(this.toPointer(alloc), p), 'State.info');
        const at = (k: keyof typeof F, i = 0): number => i32(p + F[k][0] + 4 * i);
        return {
          phase: at('phase'),
          lance: at('lance'),
          toAct: at('to_act'),
          dealer: at('dealer'),
          mano: at('mano'),
          score: Object.freeze([at('score'), at('score', 1)] as const),
          games: Object.freeze([at('games'), at('games', 1)] as const),
          vacas: Object.freeze([at('vacas'), at('vacas', 1)] as const),
          matchWinner: at('match_winner'),
          handNumber: at('hand_number'),
          refillDue: at('refill_due'),
        };
      });
    }
    return this.info;
  }

  /** Phase value. */
  get phase(): number { return this.summary().phase; }
  /** The lance being bet, or null outside the betting. */
  get lance(): number | null { return optional(this.summary().lance); }
  /** The seat to act, or null when a shuffle is due or the match is over. */
  get toAct(): number | null { return optional(this.summary().toAct); }
  /** This hand's dealer. */
  get dealer(): number { return this.summary().dealer; }
  /** This hand's mano. */
  get mano(): number { return this.summary().mano; }
  /** Each team's points in the current game. */
  get score(): readonly [number, number] { return this.summary().score; }
  /** Games won in the current vaca. */
  get games(): readonly [number, number] { return this.summary().games; }
  /** Vacas won. */
  get vacas(): readonly [number, number] { return this.summary().vacas; }
  /** The winning team, or null while the match goes on. */
  get matchWinner(): number | null { return optional(this.summary().matchWinner); }
  /** Hands dealt so far. */
  get handNumber(): number { return this.summary().handNumber; }
  /** True when the shuffle due is a stock refill. */
  get refillDue(): boolean { return this.summary().refillDue !== 0; }
  /** True when the match has a winner. */
  get isOver(): boolean { return this.summary().matchWinner >= 0; }

  /** The rules of the match (mus_state_rules). */
  get rules(): Rules {
    return frame((alloc) => {
      const out = alloc(STRUCTS.mus_rules.size);
      check(fn('mus_state_rules')(this.toPointer(alloc), out), 'State.rules');
      return Rules.fromBytes(readBytes(out, STRUCTS.mus_rules.size));
    });
  }

  /** A seat's cards (everything: this is the referee's view; see view() for a player's). */
  hand(seat: number): Hand {
    return frame((alloc) => {
      const out = alloc(4);
      check(fn('mus_state_hand')(this.toPointer(alloc), seat, out), 'State.hand', `seat ${seat}`);
      return Hand.fromIds(readBytes(out, 4));
    });
  }

  /** What `seat` may know (mus_state_view). */
  view(seat: number): View {
    return frame((alloc) => {
      const out = alloc(STRUCTS.mus_view.size);
      setI32(out, STRUCTS.mus_view.size);
      check(fn('mus_state_view')(this.toPointer(alloc), seat, out), 'State.view', `seat ${seat}`);
      return readView(out);
    });
  }

  /** The view of `seat` as text (mus_state_view_format). */
  viewText(seat: number): string {
    return frame((alloc) => {
      const p = this.toPointer(alloc);
      return formatted('State.viewText', (b, cap, len) => fn('mus_state_view_format')(p, seat, b, cap, len), check);
    });
  }

  /**
   * What `seat` may know as MUS_VIEW_TENSOR_SIZE floats for game-AI (mus_state_view_tensor; the
   * layout is documented with it in mus.h and docs/observation.md).
   */
  viewTensor(seat: number): Float32Array {
    return frame((alloc) => {
      const n = C.MUS_VIEW_TENSOR_SIZE;
      const out = alloc(4 * n);
      check(fn('mus_state_view_tensor')(this.toPointer(alloc), seat, out, n), 'State.viewTensor', `seat ${seat}`);
      return new Float32Array(mod().HEAPU8.buffer.slice(out, out + 4 * n));
    });
  }

  /** The last finished hand's count, or null before the first (mus_state_last_count). */
  lastCount(): Count | null {
    return frame((alloc) => {
      const F = STRUCTS.mus_count.fields;
      const p = alloc(STRUCTS.mus_count.size);
      setI32(p, STRUCTS.mus_count.size);
      check(fn('mus_state_last_count')(this.toPointer(alloc), p), 'State.lastCount');
      const at = (k: keyof typeof F, i = 0): number => i32(p + F[k][0] + 4 * i);
      if (at('number') === 0) return null;
      return Object.freeze({
        number: at('number'),
        dealer: at('dealer'),
        mano: at('mano'),
        end: at('end'),
        endName: nameOf(HandEnd, at('end')),
        gameWinner: optional(at('game_winner')),
        scoreBefore: Object.freeze([at('score_before'), at('score_before', 1)] as const),
        scoreAfter: Object.freeze([at('score_after'), at('score_after', 1)] as const),
        lines: Object.freeze(readLines(p + F.lines[0])),
        shown: readShown(p + F.shown[0]),
      });
    });
  }

  /** The state text (mus_state_format): no process-dependent bytes; State.parse() reads it. */
  toString(): string {
    return frame((alloc) => {
      const p = this.toPointer(alloc);
      return formatted('State.toString', (b, cap, len) => fn('mus_state_format')(p, b, cap, len), check);
    });
  }

  /** True when both are the same state (compares the texts, which carry no stamp). */
  equals(other: State): boolean {
    return this.toString() === other.toString();
  }
}
