// The library's bots (mus_bot_config, mus_bot_choose, mus_bot_evaluate, mus_bot_playouts): a bot
// decides from what its seat may know only; playouts play every seat with one bot.

import { check, MusError } from './errors.js';
import { C, STRUCTS } from './layout.js';
import type { Action, State } from './match.js';
import { cString, frame, fn, i32, mod, setI32, text, u64 } from './wasm.js';

const B = STRUCTS.mus_bot_config;

/** Options of a bot beyond its kind. */
export interface BotOptions {
  /** Search budget per decision in playouts; 0 = the kind's default. */
  playouts?: number;
  /** Wall-clock cap per decision in ms; 0 = none (then the bot is deterministic). */
  timeMs?: number;
  /** The exploiter's target (a BotKind other than EXPLOITER); ignored by other kinds. */
  target?: number;
}

function seed64(seed: bigint | number): bigint {
  return BigInt.asUintN(64, BigInt(seed));
}

/** A bot: its kind (BotKind) and budget, filled from the kind's defaults (mus_bot_config_default). */
export class Bot {
  readonly kind: number;
  readonly playouts: number;
  readonly timeMs: number;
  /** The exploiter's target (0 for the other kinds). */
  readonly target: number;

  constructor(kind: number, options: BotOptions = {}) {
    const defaults = frame((alloc) => {
      const p = alloc(B.size);
      setI32(p, B.size);
      check(fn('mus_bot_config_default')(kind, p), 'Bot', `kind ${kind}`);
      return {
        playouts: i32(p + B.fields.playouts[0]),
        timeMs: i32(p + B.fields.time_ms[0]),
        target: i32(p + B.fields.target[0]),
      };
    });
    this.kind = kind;
    this.playouts = options.playouts ?? defaults.playouts;
    this.timeMs = options.timeMs ?? defaults.timeMs;
    this.target = defaults.target === 0 ? 0 : (options.target ?? defaults.target);
    Object.freeze(this);
  }

  /**
   * The bot of a level (mus_bot_config_level): `Level.EXPERT` (a number) or a level's id or
   * display name (`'expert'`, `'experto'`); its kind and budget (the kind's default, except
   * the strong level: the search bot at 80 playouts).
   */
  static forLevel(level: number | string): Bot {
    const number = typeof level === 'string' ? parseLevel(level) : level;
    const c = frame((alloc) => {
      const p = alloc(B.size);
      check(fn('mus_bot_config_level')(number, p), 'Bot.forLevel', `level ${number}`);
      return {
        kind: i32(p + B.fields.kind[0]),
        playouts: i32(p + B.fields.playouts[0]),
        timeMs: i32(p + B.fields.time_ms[0]),
        target: i32(p + B.fields.target[0]),
      };
    });
    return new Bot(c.kind, { playouts: c.playouts, timeMs: c.timeMs, target: c.target });
  }

  /** @internal Writes the configuration into the current call frame. */
  toPointer(alloc: (n: number) => number): number {
    const p = alloc(B.size);
    setI32(p + B.fields.struct_size[0], B.size);
    setI32(p + B.fields.kind[0], this.kind);
    setI32(p + B.fields.playouts[0], this.playouts);
    setI32(p + B.fields.time_ms[0], this.timeMs);
    setI32(p + B.fields.target[0], this.target);
    return p;
  }

  /**
   * The action id the bot chooses for `seat` (default: the seat to act), which must be the seat
   * to act (mus_bot_choose): MUS_E_NOT_YOUR_TURN for another seat, MUS_E_WRONG_PHASE when a
   * shuffle (chance) is due, MUS_E_MATCH_OVER once the match is over.
   */
  chooseId(state: State, seed: bigint | number = 0n, seat?: number): number {
    // With nobody to act the library says why (a shuffle is due, or the match is over).
    const who = seat ?? state.toAct ?? 0;
    return frame((alloc) => {
      const out = alloc(4);
      check(
        fn('mus_bot_choose')(state.toPointer(alloc), who, this.toPointer(alloc), seed64(seed), out),
        'Bot.choose',
        `seat ${who}`,
      );
      return i32(out);
    });
  }

  /** The action the bot chooses: state.actionFromId(this.chooseId(state, seed, seat)). */
  choose(state: State, seed: bigint | number = 0n, seat?: number): Action {
    return state.actionFromId(this.chooseId(state, seed, seat));
  }

  /**
   * The search bot's estimate of each action it considers for the seat to act: a map from
   * action id to the expected points for the seat's team (mus_bot_evaluate).
   */
  evaluate(state: State, seed: bigint | number = 0n): Map<number, number> {
    const seat = state.toAct ?? -1;
    return frame((alloc) => {
      const n = C.MUS_ACTION_ID_COUNT;
      const points = alloc(8 * n);
      const ids = alloc(8);
      check(
        fn('mus_bot_evaluate')(state.toPointer(alloc), seat, this.toPointer(alloc), seed64(seed), points, n, ids),
        'Bot.evaluate',
      );
      const mask = u64(ids);
      const heap = new Float64Array(mod().HEAPU8.buffer, points, n);
      const out = new Map<number, number>();
      for (let i = 0; i < n; i++) if ((mask >> BigInt(i)) & 1n) out.set(i, heap[i] as number);
      return out;
    });
  }
}

function levelText(ptr: number, level: number, where: string): string {
  if (ptr === 0) throw new MusError(C.MUS_E_INVALID_ARGUMENT, where, `unknown level ${level}`);
  return text(ptr);
}

/** A level's id for code and files: 'beginner', 'amateur', 'club', 'strong' or 'expert' (mus_level_name). */
export function levelName(level: number): string {
  return levelText(fn('mus_level_name')(level), level, 'levelName');
}

/**
 * A level's name for players, in Spanish: 'principiante', 'aficionado', 'jugador de club',
 * 'fuerte' or 'experto' (mus_level_display_name).
 */
export function levelDisplayName(level: number): string {
  return levelText(fn('mus_level_display_name')(level), level, 'levelDisplayName');
}

/** The level (a Level number) of an id or a display name, exactly as written (mus_level_parse). */
export function parseLevel(name: string): number {
  return frame((alloc) => {
    const out = alloc(4);
    check(fn('mus_level_parse')(cString(alloc, name), out), 'parseLevel', JSON.stringify(name));
    return i32(out);
  });
}

/**
 * `n` playouts from `state`, every seat played by `bot`, chance drawn from `seed` (mus_bot_playouts):
 * the points each team gained in each, as [team 0, team 1] pairs, for the playouts numbered
 * `first` to `first + n - 1`. The work is split into calls of 16384 playouts (to keep the
 * module's stack small), each given the number of its first playout, so any `n` gives the
 * points of one C call mus_bot_playouts(state, bot, seed, first, n, ...).
 */
export function playouts(
  state: State,
  bot: Bot,
  seed: bigint | number,
  n: number,
  scope: number = C.MUS_PLAYOUT_HAND,
  first: bigint | number = 0n,
): Int32Array {
  if (!Number.isInteger(n) || n < 0) throw new MusError(C.MUS_E_INVALID_ARGUMENT, 'playouts', `n = ${n}`);
  const out = new Int32Array(2 * n);
  const chunk = 1 << 14; // playouts per call: keeps the stack frame small
  const start = seed64(first);
  for (let done = 0; done < n; done += chunk) {
    const k = Math.min(chunk, n - done);
    frame((alloc) => {
      const p = alloc(8 * k);
      check(
        fn('mus_bot_playouts')(
          state.toPointer(alloc),
          bot.toPointer(alloc),
          seed64(seed),
          BigInt.asUintN(64, start + BigInt(done)),
          k,
          scope,
          p,
        ),
        'playouts',
      );
      out.set(new Int32Array(mod().HEAPU8.buffer, p, 2 * k), 2 * done);
    });
  }
  return out;
}
