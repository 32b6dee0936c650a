// Match records (mus_record_*): one text format for a whole match, the rules, the first dealer
// and every action (shuffles included), optionally the state after each, and an end line. The
// library reads it (MatchRecord.parse, a line at a time), writes it (MatchRecord.format) and
// replays it (replay); the format's contract is the records page of the documentation.

import { check, MusError } from './errors.js';
import { RecordLine } from './enums.js';
import { C, STRUCTS } from './layout.js';
import { Action, State } from './match.js';
import { Rules } from './rules.js';
import { cBytes, cString, fn, frame, i32, mod, readBytes, size } from './wasm.js';

const R = STRUCTS.mus_record_reader;
const A = STRUCTS.mus_action;
const STATE_SIZE = STRUCTS.mus_state.size;
const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** One action of a record, its line (from 1), and the state text recorded after it, or null. */
export interface RecordStep {
  readonly action: Action;
  readonly line: number;
  readonly state: string | null;
  readonly stateLine: number;
}

/** A match record read by the library's reader (MatchRecord.parse). */
export class MatchRecord {
  /** The text, as given. */
  readonly text: string;
  /** 3, 2, 1, or 0 for the transcript form of libmus 0.2. */
  readonly version: number;
  /** The rules of the match. */
  readonly rules: Rules;
  /** The first dealer. */
  readonly dealer: number;
  /** The new match's state text, or null. */
  readonly initialState: string | null;
  /** Every action, in order. */
  readonly steps: readonly RecordStep[];
  /** A RecordEnd value (NONE in versions 0 to 2). */
  readonly end: number;

  private constructor(fields: Omit<MatchRecord, 'replay'>) {
    this.text = fields.text;
    this.version = fields.version;
    this.rules = fields.rules;
    this.dealer = fields.dealer;
    this.initialState = fields.initialState;
    this.steps = fields.steps;
    this.end = fields.end;
    Object.freeze(this);
  }

  /**
   * Reads a record a line at a time with the library's reader (mus_record_reader_read_line). Throws
   * MUS_E_PARSE (or MUS_E_INVALID_RULES) for a bad line or a truncated record: its reason names
   * the line ("line 6: unknown action ... at position 2"), its position is the byte in the line.
   */
  static parse(text: string): MatchRecord {
    let reader = frame((alloc) => {
      const p = alloc(R.size);
      check(fn('mus_record_reader_init')(p), 'MatchRecord.parse');
      return readBytes(p, R.size);
    });
    let initial: string | null = null;
    const steps: RecordStep[] = [];
    const lines = text.split('\n');
    if (lines.length > 0 && lines[lines.length - 1] === '') lines.pop();
    for (const line of lines) {
      const bytes = encoder.encode(line);
      const got = frame((alloc) => {
        const r = cBytes(alloc, reader);
        const l = alloc(bytes.length + 1);
        mod().HEAPU8.set(bytes, l);
        const item = alloc(4);
        const action = alloc(A.size);
        const pos = alloc(4);
        const status = fn('mus_record_reader_read_line')(r, l, item, action, pos);
        const lineNo = i32(r + R.fields.line[0]);
        check(status, 'MatchRecord.parse', `line ${lineNo}`, i32(pos) >= 0 ? i32(pos) : undefined);
        return {
          reader: readBytes(r, R.size),
          item: i32(item),
          action: i32(item) === RecordLine.ACTION ? Action.read(action) : null,
          pos: i32(pos),
          line: lineNo,
        };
      });
      reader = got.reader;
      if (got.item === RecordLine.ACTION && got.action !== null) {
        steps.push({ action: got.action, line: got.line, state: null, stateLine: 0 });
      } else if (got.item === RecordLine.STATE) {
        const state = decoder.decode(bytes.subarray(got.pos)).replace(/[ \t\r]+$/, '');
        const last = steps[steps.length - 1];
        if (last === undefined) initial = state;
        else steps[steps.length - 1] = { ...last, state, stateLine: got.line };
      }
    }
    return frame((alloc) => {
      const r = cBytes(alloc, reader);
      const f = R.fields;
      check(fn('mus_record_reader_finish')(r), 'MatchRecord.parse', `line ${i32(r + f.line[0]) + 1}`);
      return new MatchRecord({
        text,
        version: i32(r + f.version[0]),
        rules: Rules.fromBytes(readBytes(r + f.rules[0], STRUCTS.mus_rules.size)),
        dealer: i32(r + f.dealer[0]),
        initialState: initial,
        steps: Object.freeze(steps.map((s) => Object.freeze(s))),
        end: i32(r + f.end[0]),
      });
    });
  }

  /**
   * The version-3 record of the match played from a new match by `actions` (mus_record_format):
   * every state line when `states`, the lines of `comment` as comments after the tag, and the
   * end line the replay gives. Throws the reducer's error for an action it refuses.
   */
  static format(
    rules: Rules | string,
    firstDealer: number,
    actions: readonly Action[],
    options: { states?: boolean; comment?: string } = {},
  ): string {
    const r = typeof rules === 'string' ? Rules.parse(rules) : rules;
    const flags = options.states === true ? C.MUS_RECORD_WITH_STATES : 0;
    return frame((alloc) => {
      const rp = r.toPointer(alloc);
      const list = alloc(Math.max(1, actions.length) * A.size);
      actions.forEach((a, i) => {
        const p = a.toPointer(alloc);
        mod().HEAPU8.copyWithin(list + i * A.size, p, p + A.size);
      });
      const comment = options.comment === undefined ? 0 : cString(alloc, options.comment);
      const len = alloc(4);
      const call = (buf: number, cap: number): number =>
        fn('mus_record_format')(rp, firstDealer, list, actions.length, flags, comment, buf, cap, len);
      const status = call(0, 0);
      if (status !== C.MUS_E_BUFFER_TOO_SMALL) check(status, 'MatchRecord.format');
      const n = size(len);
      const buf = alloc(n + 1);
      check(call(buf, n + 1), 'MatchRecord.format');
      return decoder.decode(readBytes(buf, n));
    });
  }

  /** The last state of the record's match: replay(this.text). */
  replay(): State {
    return replay(this.text);
  }
}

/**
 * The last state of a record's match, read and replayed by the library (mus_record_replay),
 * every state line checked byte for byte. Throws the reducer's error for a refused action,
 * MUS_E_INVALID_STATE for a state or end line the replay contradicts, MUS_E_PARSE for a bad
 * line; the reason names the line.
 */
export function replay(text: string): State {
  if (typeof text !== 'string') throw new MusError(C.MUS_E_INVALID_ARGUMENT, 'replay', 'a record text');
  return frame((alloc) => {
    const out = alloc(STATE_SIZE);
    const line = alloc(4);
    check(fn('mus_record_replay')(cString(alloc, text), out, line), 'replay', `line ${i32(line)}`);
    return State.fromBytes(readBytes(out, STATE_SIZE));
  });
}
