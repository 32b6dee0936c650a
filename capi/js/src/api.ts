// Everything the package exports besides init(): the same in every entry point.
export { lastError, MusError, statusString } from './errors.js';
export { C, STRUCTS } from './layout.js';
export {
  ACTION_ID_BLOCKS,
  ActionId,
  ActionKind,
  BatchReward,
  BotKind,
  Level,
  PlayoutScope,
  RecordEnd,
  RecordLine,
  TipKind,
  Answers,
  EventKind,
  HandEnd,
  Lance,
  LanceStatus,
  MusCorrido,
  nameOf,
  Phase,
  Royal31,
  Signal,
  SignalSet,
  Status,
} from './enums.js';
export { Card, Hand, lanceWinner, seededOrder, type CardLike, type HandLike } from './cards.js';
export { PRESETS, Rules, type RulesOptions } from './rules.js';
export {
  Action,
  betLadder,
  parseView,
  State,
  type ActionFields,
  type BetLimits,
  type Count,
  type CountLine,
  type Event,
  type StepInfo,
  type View,
} from './match.js';
export { Bot, levelDisplayName, levelName, parseLevel, playouts, type BotOptions } from './bots.js';
export { tips, type Tip } from './tips.js';
export { MatchRecord, replay, type RecordStep } from './record.js';
export { Batch, withBatch, type BatchInfo, type BatchOptions } from './batch.js';
export { isLoaded, SIGNATURES, UNBOUND, type ModuleOptions, type MusModule } from './wasm.js';
import { fn, frame, mod, text, type MusModule } from './wasm.js';

/**
 * Low-level access for hot loops (simulation, training): the Emscripten module, whose `_mus_*`
 * functions are the C API, and `frame()`, which hands out stack memory for their arguments,
 * valid until the callback returns. Everything else in the package is built on these.
 */
export const lowLevel: {
  module(): MusModule;
  frame<T>(body: (alloc: (bytes: number) => number) => T): T;
} = Object.freeze({ module: mod, frame });

/** The library's version number, MAJOR * 10000 + MINOR * 100 + PATCH (mus_version). */
export function version(): number {
  return fn('mus_version')();
}

/** The library's version text, e.g. "0.3.0" (mus_version_string). */
export function versionString(): string {
  return text(fn('mus_version_string')());
}
