// A batch of matches stepped by one call (mus_batch_*, experimental until 1.0), for learning and
// simulation.
//
// The library owns the batch (mus_batch_new): a handle, released by free(). Its arrays live on the
// WebAssembly heap from new Batch() to free(), bound to the batch once, and are views of that
// memory, rewritten by every reset() and step(); after free() they must not be read. The module's
// heap is fixed: about 1,700 games with observations, 5,000 without (a full heap is an error,
// MUS_E_INTERNAL, that leaves the module usable). The WebAssembly build has no threads: one
// thread. withBatch() runs a callback with a batch and frees it after.

import { check, MusError } from './errors.js';
import { C, STRUCTS } from './layout.js';
import { State } from './match.js';
import { Rules } from './rules.js';
import { fn, frame, i32, mod, readBytes, setI32 } from './wasm.js';

/** How a batch is made (the fields of mus_batch_config). */
export interface BatchOptions {
  /** Games in the batch (default 64). */
  games?: number;
  /** The first dealer of every match, or null to draw it from the game's stream (default 0). */
  firstDealer?: number | null;
  /** 'points' (default): each hand's points when it ends; 'match': +1/-1 when the match ends. */
  reward?: 'points' | 'match';
  /** 0 (default), or the player steps after which a match is truncated. */
  maxSteps?: number;
  /** Write each game's observation (216 floats) at every step (default true). */
  observations?: boolean;
}

/** What the last step told of one game (mus_batch_info). */
export interface BatchInfo {
  /** 1 when the step finished a hand, else 0. */
  readonly handOver: number;
  /** The team that won a game in the step, else -1. */
  readonly gameWinner: number;
  /** The team that won the match in the step, else -1. */
  readonly matchWinner: number;
}

const REWARDS = { points: C.MUS_BATCH_REWARD_POINTS, match: C.MUS_BATCH_REWARD_MATCH } as const;
const INFO = STRUCTS.mus_batch_info;

/** Byte offsets of the batch's arrays in one heap block, each 8-aligned. */
function layout(games: number, withObs: boolean): { offsets: number[]; bytes: number } {
  const sizes = [4 * games, 8 * games, 8 * games, games, games, INFO.size * games,
    withObs ? 4 * C.MUS_VIEW_TENSOR_SIZE * games : 0, 4 * games];
  const offsets: number[] = [];
  let at = 0;
  for (const s of sizes) {
    offsets.push(at);
    at += (s + 7) & ~7;
  }
  return { offsets, bytes: at };
}

/**
 * A batch of independent matches of the same rules. Game g plays the same whatever the number
 * of games (its chance comes from its own stream of the reset's seed). Call free() when done.
 */
export class Batch {
  readonly games: number;
  /** The seat to act in each game. */
  readonly seat: Int32Array;
  /** The legal action-id mask of each game (bit i for id i). */
  readonly mask: BigUint64Array;
  /** Team 0's and team 1's reward of the last step, two per game. */
  readonly rewards: Float32Array;
  /** 1 where the last step finished the match (the game has started a new one). */
  readonly done: Uint8Array;
  /** 1 where the last step reached maxSteps (the game has started a new match). */
  readonly truncated: Uint8Array;
  /** The observation of each game's seat to act (State.viewTensor), 216 floats a game, or null. */
  readonly obs: Float32Array | null;
  private handle: number;
  private readonly block: number;
  private readonly infoP: number;
  private readonly actionsP: number;

  /** Makes a batch (mus_batch_new); throws MusError for a bad option or rules. */
  constructor(rules: Rules | string, options: BatchOptions = {}) {
    const r = typeof rules === 'string' ? Rules.preset(rules) : rules;
    const games = options.games ?? 64;
    const withObs = options.observations ?? true;
    const reward = REWARDS[options.reward ?? 'points'];
    if (reward === undefined) {
      throw new MusError(C.MUS_E_INVALID_ARGUMENT, 'Batch', `reward is 'points' or 'match', not ${String(options.reward)}`);
    }
    const m = mod();
    const F = STRUCTS.mus_batch_config.fields;
    const made = frame((alloc) => {
      const config = alloc(STRUCTS.mus_batch_config.size);
      check(fn('mus_batch_config_default')(games, config), 'Batch', `${games} games`);
      setI32(config + F.first_dealer[0], options.firstDealer === null ? -1 : options.firstDealer ?? 0);
      setI32(config + F.reward[0], reward);
      setI32(config + F.max_steps[0], options.maxSteps ?? 0);
      const { offsets, bytes } = layout(games, withObs);
      const block = m._malloc(bytes);
      if (block === 0) throw new MusError(C.MUS_E_INTERNAL, 'Batch', `no room for ${games} games on the heap`);
      m.HEAPU8.fill(0, block, block + bytes);
      const at = offsets.map((o) => block + o);
      const out = alloc(4);
      const status = fn('mus_batch_new')(r.toPointer(alloc), config, at[0], at[1], at[2], at[3], at[4], at[5],
        withObs ? at[6] : 0, out);
      if (status !== C.MUS_OK) {
        m._free(block);
        check(status, 'Batch');
      }
      return { handle: i32(out), block, at };
    });
    const buffer = m.HEAPU8.buffer;
    const at = made.at;
    this.games = games;
    this.handle = made.handle;
    this.block = made.block;
    this.seat = new Int32Array(buffer, at[0], games);
    this.mask = new BigUint64Array(buffer, at[1], games);
    this.rewards = new Float32Array(buffer, at[2], 2 * games);
    this.done = new Uint8Array(buffer, at[3], games);
    this.truncated = new Uint8Array(buffer, at[4], games);
    this.infoP = at[5];
    this.obs = withObs ? new Float32Array(buffer, at[6], C.MUS_VIEW_TENSOR_SIZE * games) : null;
    this.actionsP = at[7];
  }

  /** Starts a new match in every game, every stream from `seed` (mus_batch_reset). */
  reset(seed: bigint): void {
    check(fn('mus_batch_reset')(this.live(), BigInt.asUintN(64, seed)), 'Batch.reset');
  }

  /** Plays actions[g] in every game g, an id legal in mask[g] (mus_batch_step); throws, changing nothing, otherwise. */
  step(actions: Int32Array | readonly number[]): void {
    const h = this.live();
    if (actions.length !== this.games) {
      throw new MusError(C.MUS_E_INVALID_ARGUMENT, 'Batch.step', `${this.games} action ids expected, got ${actions.length}`);
    }
    mod().HEAP32.set(actions, this.actionsP >> 2);
    check(fn('mus_batch_step')(h, this.actionsP), 'Batch.step');
  }

  /** What the last step told of game `game` (its mus_batch_info). */
  info(game: number): BatchInfo {
    this.live();
    if (!Number.isInteger(game) || game < 0 || game >= this.games) {
      throw new MusError(C.MUS_E_INVALID_ARGUMENT, 'Batch.info', `game ${game} outside 0..${this.games - 1}`);
    }
    const p = this.infoP + INFO.size * game;
    return {
      handOver: i32(p + INFO.fields.hand_over[0]),
      gameWinner: i32(p + INFO.fields.game_winner[0]),
      matchWinner: i32(p + INFO.fields.match_winner[0]),
    };
  }

  /** The whole state of game `game` (every seat's cards: not for its players). */
  state(game: number): State {
    const h = this.live();
    return frame((a) => {
      const out = a(STRUCTS.mus_state.size);
      check(fn('mus_batch_state')(h, game, out), 'Batch.state', `game ${game}`);
      return State.fromBytes(readBytes(out, STRUCTS.mus_state.size));
    });
  }

  /** True until free(). */
  get alive(): boolean {
    return this.handle !== 0;
  }

  /** Releases the batch and its arrays (mus_batch_free); a second call does nothing. */
  free(): void {
    if (this.handle === 0) return;
    fn('mus_batch_free')(this.handle);
    mod()._free(this.block);
    this.handle = 0;
  }

  private live(): number {
    if (this.handle === 0) throw new MusError(C.MUS_E_INVALID_ARGUMENT, 'Batch', 'the batch was freed');
    return this.handle;
  }
}

/**
 * Makes a batch, runs `body` with it and frees it (also when `body` throws); returns what `body`
 * returns. For a batch that outlives one call (an async learner), use new Batch() and free().
 */
export function withBatch<T>(rules: Rules | string, options: BatchOptions, body: (batch: Batch) => T): T {
  const batch = new Batch(rules, options);
  try {
    return body(batch);
  } finally {
    batch.free();
  }
}
