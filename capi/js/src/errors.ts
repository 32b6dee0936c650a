// Errors: every non-zero status of a C call becomes a MusError carrying the status, its name,
// the library's own description (mus_status_string(); the binding keeps no copy of the status
// table) and why the call failed in the library's words (mus_last_error()).

import { fn, text } from './wasm.js';

/** The library's description of a status code, e.g. "MUS_E_PARSE: text could not be parsed". */
export function statusString(status: number): string {
  return text(fn('mus_status_string')(status));
}

/**
 * Why the most recent failed libmus call failed, in the library's words (mus_last_error()), e.g.
 * "expected four cards at position 8"; "" before any failure. The module has one thread, so
 * this is the last failure of the module.
 */
export function lastError(): string {
  return text(fn('mus_last_error')());
}

/**
 * A libmus call that failed: `status` is the C status code, `statusName` its name
 * (`MUS_E_PARSE`), `reason` why (mus_last_error()). The message is
 * `function: NAME: reason (detail)`.
 */
export class MusError extends Error {
  /** The C status code (negative). */
  readonly status: number;
  /** The status's C name, e.g. `MUS_E_ILLEGAL_ACTION`, as mus_status_string() gives it. */
  readonly statusName: string;
  /** The library's description of the status (mus_status_string()). */
  readonly description: string;
  /**
   * Why the call failed, in the library's words (mus_last_error() read right after the call),
   * e.g. "kings must be 4 or 8 at position 15"; the description when there is nothing more
   * precise (and for the binding's own refusals).
   */
  readonly reason: string;
  /** The binding function that failed. */
  readonly function: string;
  /** What was being done, when the binding knows more (the text that did not parse, ...). */
  readonly detail: string | undefined;
  /** For parse errors that report one: the byte position where the text went wrong. */
  readonly position: number | undefined;

  constructor(status: number, fnName: string, detail?: string, position?: number, reason?: string) {
    const description = statusString(status);
    const colon = description.indexOf(':');
    const statusName = colon > 0 ? description.slice(0, colon) : description;
    const why = reason === undefined || reason === '' ? description : reason;
    // The descriptions start with the name already ("MUS_E_PARSE: text could not be parsed").
    const said = why.startsWith(statusName) ? why : `${statusName}: ${why}`;
    super(`${fnName}: ${said}${detail === undefined ? '' : ` (${detail})`}`);
    this.name = 'MusError';
    this.status = status;
    this.statusName = statusName;
    this.description = description;
    this.reason = why;
    this.function = fnName;
    this.detail = detail;
    this.position = position;
  }
}

/**
 * Throws a MusError when `status` is not MUS_OK, with the library's reason: call it right after
 * the C call that returned `status`.
 */
export function check(status: number, fnName: string, detail?: string, position?: number): void {
  if (status !== 0) throw new MusError(status, fnName, detail, position, lastError());
}
