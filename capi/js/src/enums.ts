// The numbered constants of mus.h grouped by their prefix, built from the mirrored table in
// layout.ts (one definition; the manifest test checks it): Phase.BETTING === C.MUS_PHASE_BETTING.

import { C } from './layout.js';

type Consts = typeof C;
type Group<P extends string> = {
  readonly [K in keyof Consts as K extends `${P}${infer R}` ? R : never]: Consts[K];
};

function group<P extends string>(prefix: P, exclude: readonly string[] = []): Group<P> {
  const out: Record<string, number | bigint> = {};
  for (const [name, value] of Object.entries(C)) {
    if (name.startsWith(prefix) && !exclude.some((e) => name.startsWith(e))) {
      out[name.slice(prefix.length)] = value;
    }
  }
  return Object.freeze(out) as unknown as Group<P>;
}

/** The name of `value` in a group (`nameOf(Phase, 2) === 'MUS'`), or String(value). */
export function nameOf(groupObject: Readonly<Record<string, number | bigint>>, value: number): string {
  for (const [name, v] of Object.entries(groupObject)) if (v === value) return name;
  return String(value);
}

/** Match phases (MUS_PHASE_*). */
export const Phase = group('MUS_PHASE_');
/** Lances (MUS_LANCE_*, not the statuses). */
export const Lance = group('MUS_LANCE_', ['MUS_LANCE_STATUS_']);
/** How a lance was played (MUS_LANCE_STATUS_*). */
export const LanceStatus = group('MUS_LANCE_STATUS_');
/** Action kinds (MUS_ACTION_*, not the ids). */
export const ActionKind = group('MUS_ACTION_', ['MUS_ACTION_ID_', 'MUS_ACTION_TEXT_']);
/** Action id blocks (MUS_ACTION_ID_*). */
export const ActionId = group('MUS_ACTION_ID_');
/** Signals (MUS_SIGNAL_*; the rules option values are SignalSet). */
export const Signal = group('MUS_SIGNAL_', ['MUS_SIGNALS_']);
/** Signal sets of the rules (MUS_SIGNALS_*). */
export const SignalSet = group('MUS_SIGNALS_');
/** Event kinds (MUS_EVENT_*). */
export const EventKind = group('MUS_EVENT_');
/** How a hand ended (MUS_END_*). */
export const HandEnd = group('MUS_END_');
/** 31 real options (MUS_ROYAL31_*). */
export const Royal31 = group('MUS_ROYAL31_');
/** Mus corrido options (MUS_CORRIDO_*). */
export const MusCorrido = group('MUS_CORRIDO_');
/** Answer rules (MUS_ANSWERS_*). */
export const Answers = group('MUS_ANSWERS_');
/** Status codes (MUS_OK and MUS_E_*); MusError.statusName gives the library's name. */
export const Status = group('MUS_E_');
/** Bot kinds (MUS_BOT_*). */
export const BotKind = group('MUS_BOT_');
/** The levels a player chooses bots by, weakest first (MUS_LEVEL_*; Bot.forLevel()). */
export const Level = group('MUS_LEVEL_');
/** How far playouts() plays (MUS_PLAYOUT_*). */
export const PlayoutScope = group('MUS_PLAYOUT_');
