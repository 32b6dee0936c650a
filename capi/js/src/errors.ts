// Errors: every non-zero status of a C call becomes a MusError carrying the status, its name
// and the library's own description (mus_status_string(); the binding keeps no copy of the
// status table).

import { fn, text } from './wasm.js';

/** The library's description of a status code, e.g. "MUS_E_PARSE: text could not be parsed". */
export function statusString(status: number): string {
  return text(fn('mus_status_string')(status));
}

/** A libmus call that failed: `status` is the C status code, `statusName` its name (`MUS_E_PARSE`). */
export class MusError extends Error {
  /** The C status code (negative). */
  readonly status: number;
  /** The status's C name, e.g. `MUS_E_ILLEGAL_ACTION`, as mus_status_string() gives it. */
  readonly statusName: string;
  /** The library's description of the status. */
  readonly description: string;
  /** The binding function that failed. */
  readonly function: string;
  /** What was being done, when the binding knows more (the text that did not parse, ...). */
  readonly detail: string | undefined;
  /** For parse errors that report one: the byte position where the text went wrong. */
  readonly position: number | undefined;

  constructor(status: number, fnName: string, detail?: string, position?: number) {
    const description = statusString(status);
    const colon = description.indexOf(':');
    const statusName = colon > 0 ? description.slice(0, colon) : description;
    super(`${fnName}: ${description}${detail === undefined ? '' : ` (${detail})`}`);
    this.name = 'MusError';
    this.status = status;
    this.statusName = statusName;
    this.description = description;
    this.function = fnName;
    this.detail = detail;
    this.position = position;
  }
}

/** Throws a MusError when `status` is not MUS_OK. */
export function check(status: number, fnName: string, detail?: string, position?: number): void {
  if (status !== 0) throw new MusError(status, fnName, detail, position);
}
