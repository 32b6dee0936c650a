// The rules a match is played under (mus_rules): presets, the rules text, and options.
// Validation, parsing and formatting are the library's (mus_rules_validate/_parse/_format).

import { check } from './errors.js';
import { STRUCTS } from './layout.js';
import { cBytes, cString, fn, formatted, frame, readBytes } from './wasm.js';

const F = STRUCTS.mus_rules.fields;

/** The rules' options, by the binding's names (camelCase of the mus_rules fields). */
export interface RulesOptions {
  kings: number;
  target: number;
  gamesPerVaca: number;
  vacas: number;
  minRaise: number;
  royal31: number;
  zeroDiscard: boolean;
  dejeEnds: boolean;
  musCorrido: number;
  tioPerete: boolean;
  answers: number;
  signals: number;
}

const FIELDS: Readonly<Record<keyof RulesOptions, keyof typeof F>> = {
  kings: 'kings',
  target: 'target',
  gamesPerVaca: 'games_per_vaca',
  vacas: 'vacas',
  minRaise: 'min_raise',
  royal31: 'royal31',
  zeroDiscard: 'zero_discard',
  dejeEnds: 'deje_ends',
  musCorrido: 'mus_corrido',
  tioPerete: 'tio_perete',
  answers: 'answers',
  signals: 'signals',
};
const BOOLEAN = new Set<keyof RulesOptions>(['zeroDiscard', 'dejeEnds', 'tioPerete']);

/** The preset names of mus_rules_preset(). */
export const PRESETS = ['standard', 'spain', 'basque', 'online'] as const;

/** Rules as a value: immutable; `with()` gives a changed copy, validated by the library. */
export class Rules implements Readonly<RulesOptions> {
  private readonly bytes: Uint8Array;

  private constructor(bytes: Uint8Array, fnName: string) {
    this.bytes = bytes;
    frame((alloc) => check(fn('mus_rules_validate')(cBytes(alloc, bytes)), fnName));
    Object.freeze(this);
  }

  /** A named preset ("standard", "spain", "basque", "online"), with optional changes. */
  static preset(name: string = 'standard', overrides: Partial<RulesOptions> = {}): Rules {
    const bytes = frame((alloc) => {
      const out = alloc(STRUCTS.mus_rules.size);
      check(fn('mus_rules_preset')(out, cString(alloc, name)), 'Rules.preset', JSON.stringify(name));
      return readBytes(out, STRUCTS.mus_rules.size);
    });
    return new Rules(bytes, 'Rules.preset').with(overrides);
  }

  /** Rules from their text (as toString() writes it), with optional changes. */
  static parse(text: string, overrides: Partial<RulesOptions> = {}): Rules {
    const bytes = frame((alloc) => {
      const out = alloc(STRUCTS.mus_rules.size);
      check(fn('mus_rules_parse')(out, cString(alloc, text)), 'Rules.parse', JSON.stringify(text));
      return readBytes(out, STRUCTS.mus_rules.size);
    });
    return new Rules(bytes, 'Rules.parse').with(overrides);
  }

  /** @internal Rules from the bytes of a mus_rules (checked). */
  static fromBytes(bytes: Uint8Array): Rules {
    return new Rules(bytes.slice(), 'Rules.fromBytes');
  }

  /** A copy with some options changed; throws MUS_E_INVALID_RULES for values out of range. */
  with(overrides: Partial<RulesOptions>): Rules {
    const entries = Object.entries(overrides) as [keyof RulesOptions, number | boolean][];
    if (entries.length === 0) return this;
    const bytes = this.bytes.slice();
    const view = new DataView(bytes.buffer);
    for (const [key, value] of entries) {
      const field = FIELDS[key];
      if (field === undefined) throw new TypeError(`Rules.with: unknown option ${String(key)}`);
      const v = typeof value === 'boolean' ? Number(value) : value;
      if (!Number.isInteger(v)) throw new TypeError(`Rules.with: ${key} must be an integer`);
      view.setInt32(F[field][0], v, true);
    }
    return new Rules(bytes, 'Rules.with');
  }

  private field(key: keyof RulesOptions): number {
    return new DataView(this.bytes.buffer).getInt32(F[FIELDS[key]][0], true);
  }

  get kings(): number { return this.field('kings'); }
  get target(): number { return this.field('target'); }
  get gamesPerVaca(): number { return this.field('gamesPerVaca'); }
  get vacas(): number { return this.field('vacas'); }
  get minRaise(): number { return this.field('minRaise'); }
  get royal31(): number { return this.field('royal31'); }
  get zeroDiscard(): boolean { return this.field('zeroDiscard') !== 0; }
  get dejeEnds(): boolean { return this.field('dejeEnds') !== 0; }
  get musCorrido(): number { return this.field('musCorrido'); }
  get tioPerete(): boolean { return this.field('tioPerete') !== 0; }
  get answers(): number { return this.field('answers'); }
  get signals(): number { return this.field('signals'); }

  /** Every option as a plain object. */
  toJSON(): RulesOptions {
    const out: Record<string, number | boolean> = {};
    for (const key of Object.keys(FIELDS) as (keyof RulesOptions)[]) {
      out[key] = BOOLEAN.has(key) ? this.field(key) !== 0 : this.field(key);
    }
    return out as unknown as RulesOptions;
  }

  /** The rules text (mus_rules_format); Rules.parse() reads it back. */
  toString(): string {
    return frame((alloc) => {
      const p = cBytes(alloc, this.bytes);
      return formatted('Rules.toString', (b, cap, len) => fn('mus_rules_format')(p, b, cap, len), check);
    });
  }

  /** True when both have the same options. */
  equals(other: Rules): boolean {
    return this.bytes.every((b, i) => b === other.bytes[i]);
  }

  /** @internal Copies the rules into the current call frame. */
  toPointer(alloc: (n: number) => number): number {
    return cBytes(alloc, this.bytes);
  }
}
