// The WebAssembly module and the calls into it.
//
// Emscripten 3.1.6 writes no TypeScript definitions, so the module's shape is declared here by
// hand (MusModule). The C signature of every function (SIGNATURES, in layout.ts) is generated
// from the manifest, capi/abi/layout.txt, by capi/abi/generate.py, and types fn(); the test
// test/manifest.test.mjs fails when layout.ts is stale, and when a function of mus.h is neither
// called here (fn('mus_x')) nor listed in UNBOUND with a reason.
//
// Memory: each call takes a frame on the module's stack (stackSave/stackAlloc/stackRestore) for
// its arguments and results, and copies what it keeps (a state is 512 bytes) into
// JavaScript-owned arrays: nothing needs freeing. The one exception is a Batch (batch.ts), which
// the library owns and whose arrays live on the heap (malloc) until its free().

import { C, SIGNATURES, STRUCTS } from './layout.js';

/** The Emscripten module object (the part of it this binding uses). */
export interface MusModule {
  readonly HEAPU8: Uint8Array;
  readonly HEAP32: Int32Array;
  readonly HEAPU32: Uint32Array;
  readonly HEAPF32: Float32Array;
  readonly HEAPU64: BigUint64Array;
  stackSave(): number;
  stackRestore(sp: number): void;
  stackAlloc(size: number): number;
  UTF8ToString(ptr: number, maxBytes?: number): string;
  stringToUTF8(text: string, ptr: number, maxBytes: number): void;
  lengthBytesUTF8(text: string): number;
  /** The C heap, for the arrays of a Batch only. */
  _malloc(bytes: number): number;
  _free(ptr: number): void;
  [exported: `_mus_${string}`]: ((...args: (number | bigint)[]) => number | bigint) | undefined;
}

/** Options of the module factory that Emscripten generates (the ones that apply here). */
export interface ModuleOptions {
  /** The bytes of mus.wasm, when the caller loads them itself. */
  wasmBinary?: ArrayBuffer | Uint8Array;
  /** Where the .wasm file is, given its name and the glue's own directory. */
  locateFile?: (path: string, prefix: string) => string;
}

/** The module factory of mus.mjs / mus_node.cjs (`-sMODULARIZE=1`). */
export type ModuleFactory = (options?: ModuleOptions) => Promise<MusModule>;

/** The C signature of every function of mus.h (generated into layout.ts from the manifest). */
export { SIGNATURES };

/** mus.h functions the binding deliberately does not call, each with the reason. */
export const UNBOUND: Readonly<Record<string, string>> = {};

/** The bound functions' names. */
export type FunctionName = keyof typeof SIGNATURES;

/** How a C type travels across the WebAssembly boundary (wasm32 with -sWASM_BIGINT). */
type JsOf<T extends string> = T extends 'uint64_t' | 'int64_t' ? bigint : number;
type JsArgs<P extends readonly string[]> = { [K in keyof P]: JsOf<P[K] & string> };
type Fn<N extends FunctionName> = (
  ...args: JsArgs<(typeof SIGNATURES)[N][1]>
) => JsOf<(typeof SIGNATURES)[N][0]>;

let loaded: MusModule | null = null;
const bound = new Map<string, unknown>();

/** Installs the instantiated module (init() does this). */
export function setModule(module: MusModule): void {
  for (const name of Object.keys(SIGNATURES)) {
    if (typeof module[`_${name}` as `_mus_${string}`] !== 'function') {
      throw new Error(`libmus: the WebAssembly module does not export ${name}`);
    }
  }
  loaded = module;
  bound.clear();
  const stateSize = fn('mus_state_size')();
  if (stateSize !== STRUCTS.mus_state.size) {
    loaded = null;
    throw new Error(`libmus: the module's states are ${stateSize} bytes, the binding's ${STRUCTS.mus_state.size}`);
  }
}

/** The module; throws when init() has not finished. */
export function mod(): MusModule {
  if (loaded === null) {
    throw new Error('libmus: call and await init() before using the library');
  }
  return loaded;
}

/** True once init() has loaded the module. */
export function isLoaded(): boolean {
  return loaded !== null;
}

/** The exported function `name`, typed from its C signature. */
export function fn<N extends FunctionName>(name: N): Fn<N> {
  let f = bound.get(name) as Fn<N> | undefined;
  if (f === undefined) {
    f = mod()[`_${name}`] as unknown as Fn<N>;
    bound.set(name, f);
  }
  return f;
}

/**
 * Runs `body` in a frame of the module's stack: whatever `alloc` hands out is released when
 * `body` returns or throws.
 */
export function frame<T>(body: (alloc: (bytes: number) => number) => T): T {
  const m = mod();
  const sp = m.stackSave();
  try {
    return body((bytes) => {
      const p = m.stackAlloc((bytes + 7) & ~7);
      m.HEAPU8.fill(0, p, p + bytes);
      return p;
    });
  } finally {
    m.stackRestore(sp);
  }
}

/** Writes `text` as NUL-terminated UTF-8 into a new block of the current frame. */
export function cString(alloc: (bytes: number) => number, text: string): number {
  const m = mod();
  const n = m.lengthBytesUTF8(text) + 1;
  const p = alloc(n);
  m.stringToUTF8(text, p, n);
  return p;
}

/** Copies `bytes` into a new block of the current frame. */
export function cBytes(alloc: (bytes: number) => number, bytes: Uint8Array | readonly number[]): number {
  const p = alloc(bytes.length);
  mod().HEAPU8.set(bytes, p);
  return p;
}

/** A copy of `n` bytes at `ptr`. */
export function readBytes(ptr: number, n: number): Uint8Array {
  return mod().HEAPU8.slice(ptr, ptr + n);
}

/** The int32 at byte address `ptr`. */
export function i32(ptr: number): number {
  return mod().HEAP32[ptr >> 2] as number;
}

/** Stores an int32 at byte address `ptr`. */
export function setI32(ptr: number, value: number): void {
  mod().HEAP32[ptr >> 2] = value;
}

/** The uint64 at byte address `ptr` (8-aligned). */
export function u64(ptr: number): bigint {
  return mod().HEAPU64[ptr >> 3] as bigint;
}

/** Stores a uint64 at byte address `ptr` (8-aligned). */
export function setU64(ptr: number, value: bigint): void {
  mod().HEAPU64[ptr >> 3] = BigInt.asUintN(64, value);
}

/** A `size_t*` result (wasm32: 4 bytes). */
export function size(ptr: number): number {
  return mod().HEAPU32[ptr >> 2] as number;
}

/** The NUL-terminated UTF-8 text at `ptr`. */
export function text(ptr: number): string {
  return mod().UTF8ToString(ptr);
}

/** Calls a `(..., char* buf, size_t cap, size_t* len_out)` formatter and returns the text. */
export function formatted(
  name: string,
  call: (buf: number, cap: number, lenOut: number) => number,
  check: (status: number, name: string) => void,
): string {
  return frame((alloc) => {
    const cap = C.MUS_STATE_TEXT_MAX + 1;
    const buf = alloc(cap);
    const len = alloc(4);
    check(call(buf, cap, len), name);
    return mod().UTF8ToString(buf, size(len));
  });
}
