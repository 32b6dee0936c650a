// A batch of matches stepped by one call (mus_batch_*), for learning and simulation.
//
// The binding allocates nothing on the WebAssembly heap: a batch lives in a frame of the module's
// stack for the length of a callback, withBatch(rules, options, body), and is closed when the
// callback returns or throws. Its arrays are views of that memory, valid inside the callback
// and rewritten by every reset() and step(). The WebAssembly build has no threads: one thread.

import { check, MusError } from './errors.js';
import { C, STRUCTS } from './layout.js';
import { State } from './match.js';
import { Rules } from './rules.js';
import { fn, frame, mod, readBytes, setI32 } from './wasm.js';

/** How withBatch() makes its batch (the fields of mus_batch_config). */
export interface BatchOptions {
  /** Games in the batch (default 64). The batch lives on the module's 1 MB stack: about 700 games with observations, 2,500 without. */
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

/** A batch inside withBatch(): its arrays have one entry per game (rewards two, info three, obs 216). */
export interface Batch {
  readonly games: number;
  /** The seat to act in each game. */
  readonly seat: Int32Array;
  /** The legal action-id mask of each game (bit i for id i). */
  readonly mask: BigUint64Array;
  /** Team 0's and team 1's reward of the last step, per game. */
  readonly rewards: Float32Array;
  /** 1 where the last step finished the match (the game has started a new one). */
  readonly done: Uint8Array;
  /** 1 where the last step reached maxSteps (the game has started a new match). */
  readonly truncated: Uint8Array;
  /** Per game: hand finished (1/0), the team that won a game (or -1), the team that won the match (or -1). */
  readonly info: Int32Array;
  /** The observation of each game's seat to act (State.viewTensor), or null. */
  readonly obs: Float32Array | null;
  /** Starts a new match in every game, every stream from `seed` (mus_batch_reset). */
  reset(seed: bigint): void;
  /** Plays actions[g] in every game g, an id legal in mask[g] (mus_batch_step); throws, changing nothing, otherwise. */
  step(actions: Int32Array | readonly number[]): void;
  /** The whole state of game `game` (every seat's cards: not for its players). */
  state(game: number): State;
}

const REWARDS = { points: C.MUS_BATCH_REWARD_POINTS, match: C.MUS_BATCH_REWARD_MATCH } as const;

/**
 * Makes a batch of independent matches of `rules`, runs `body` with it and closes it (also when
 * `body` throws); returns what `body` returns. Game g of a batch plays the same whatever the
 * number of games (its chance comes from its own stream of the reset's seed).
 */
export function withBatch<T>(rules: Rules | string, options: BatchOptions, body: (batch: Batch) => T): T {
  const r = typeof rules === 'string' ? Rules.preset(rules) : rules;
  const games = options.games ?? 64;
  const withObs = options.observations ?? true;
  const reward = REWARDS[options.reward ?? 'points'];
  if (reward === undefined) {
    throw new MusError(C.MUS_E_INVALID_ARGUMENT, 'withBatch', `reward is 'points' or 'match', not ${String(options.reward)}`);
  }
  return frame((alloc) => {
    const F = STRUCTS.mus_batch_config.fields;
    const config = alloc(STRUCTS.mus_batch_config.size);
    check(fn('mus_batch_config_default')(games, config), 'withBatch', `${games} games`);
    setI32(config + F.first_dealer[0], options.firstDealer === null ? -1 : options.firstDealer ?? 0);
    setI32(config + F.reward[0], reward);
    setI32(config + F.max_steps[0], options.maxSteps ?? 0);
    const sizeOut = alloc(4);
    check(fn('mus_batch_size')(config, sizeOut), 'withBatch');
    const bytes = mod().HEAPU32[sizeOut >> 2] as number;
    const tensor = C.MUS_VIEW_TENSOR_SIZE;
    const mem = alloc(bytes);
    const seatP = alloc(4 * games);
    const maskP = alloc(8 * games);
    const rewardsP = alloc(8 * games);
    const doneP = alloc(games);
    const truncP = alloc(games);
    const infoP = alloc(4 * C.MUS_BATCH_INFO_SIZE * games);
    const obsP = withObs ? alloc(4 * tensor * games) : 0;
    const obsCap = withObs ? tensor * games : 0;
    const actionsP = alloc(4 * games);
    check(fn('mus_batch_init')(mem, bytes, r.toPointer(alloc), config), 'withBatch');
    const buffer = mod().HEAPU8.buffer;
    const batch: Batch = {
      games,
      seat: new Int32Array(buffer, seatP, games),
      mask: new BigUint64Array(buffer, maskP, games),
      rewards: new Float32Array(buffer, rewardsP, 2 * games),
      done: new Uint8Array(buffer, doneP, games),
      truncated: new Uint8Array(buffer, truncP, games),
      info: new Int32Array(buffer, infoP, C.MUS_BATCH_INFO_SIZE * games),
      obs: withObs ? new Float32Array(buffer, obsP, tensor * games) : null,
      reset(seed: bigint): void {
        check(fn('mus_batch_reset')(mem, BigInt.asUintN(64, seed), seatP, maskP, obsP, obsCap), 'Batch.reset');
      },
      step(actions: Int32Array | readonly number[]): void {
        if (actions.length !== games) {
          throw new MusError(C.MUS_E_INVALID_ARGUMENT, 'Batch.step', `${games} action ids expected, got ${actions.length}`);
        }
        mod().HEAP32.set(actions, actionsP >> 2);
        check(
          fn('mus_batch_step')(mem, actionsP, seatP, maskP, rewardsP, doneP, truncP, infoP, obsP, obsCap),
          'Batch.step',
        );
      },
      state(game: number): State {
        return frame((a) => {
          const out = a(STRUCTS.mus_state.size);
          check(fn('mus_batch_state')(mem, game, out), 'Batch.state', `game ${game}`);
          return State.fromBytes(readBytes(out, STRUCTS.mus_state.size));
        });
      },
    };
    try {
      return body(batch);
    } finally {
      fn('mus_batch_close')(mem);
    }
  });
}
