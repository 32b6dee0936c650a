// The WebAssembly module and the calls into it.
//
// Emscripten 3.1.6 writes no TypeScript definitions, so the module's shape is declared here by
// hand (MusModule). Every C function the binding calls is listed in SIGNATURES with its C
// signature written as tests/abi/layout.txt writes it; test/manifest.test.mjs compares the two,
// so a function whose C signature changes, or a new function nobody bound, fails the tests.
//
// Memory: the binding never allocates on the WebAssembly heap. Each call takes a frame on the
// module's stack (stackSave/stackAlloc/stackRestore) for its arguments and results, and copies
// what it keeps (a state is 512 bytes) into JavaScript-owned arrays. Nothing needs freeing.

import { C, STRUCTS } from './layout.js';

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

/**
 * The C signature of every mus.h function that the binding calls, as the manifest
 * (tests/abi/layout.txt, `func` records) writes it: return type, then the parameter types.
 */
export const SIGNATURES = {
  mus_version: ['uint32_t', []],
  mus_version_string: ['const char*', []],
  mus_status_string: ['const char*', ['int32_t']],
  mus_last_error: ['const char*', []],
  mus_rules_preset: ['int32_t', ['mus_rules*', 'const char*']],
  mus_rules_parse: ['int32_t', ['mus_rules*', 'const char*']],
  mus_rules_format: ['int32_t', ['const mus_rules*', 'char*', 'size_t', 'size_t*']],
  mus_hand_parse: ['int32_t', ['const char*', 'uint8_t*']],
  mus_hand_format: ['int32_t', ['const uint8_t*', 'char*', 'size_t', 'size_t*']],
  mus_card_parse: ['int32_t', ['const char*', 'uint8_t*']],
  mus_card_format: ['int32_t', ['uint8_t', 'char*', 'size_t', 'size_t*']],
  mus_rules_validate: ['int32_t', ['const mus_rules*']],
  mus_lance_winner: ['int32_t', ['const mus_rules*', 'int32_t', 'const uint8_t*', 'int32_t', 'int32_t*']],
  mus_hand_tantos: ['int32_t', ['const mus_rules*', 'int32_t', 'const uint8_t*', 'int32_t*']],
  mus_hand_value: ['int32_t', ['const mus_rules*', 'const uint8_t*', 'int32_t*']],
  mus_state_size: ['size_t', []],
  mus_state_new: ['int32_t', ['const mus_rules*', 'int32_t', 'mus_state*']],
  mus_apply: ['int32_t', ['const mus_state*', 'const mus_action*', 'mus_state*']],
  mus_apply_events: ['int32_t', ['const mus_state*', 'const mus_action*', 'mus_state*', 'mus_event*', 'size_t', 'size_t*']],
  mus_legal_actions: ['int32_t', ['const mus_state*', 'mus_action*', 'size_t', 'size_t*']],
  mus_legal_mask: ['int32_t', ['const mus_state*', 'uint64_t*']],
  mus_legal_action_ids: ['int32_t', ['const mus_state*', 'int32_t*', 'size_t', 'size_t*']],
  mus_action_id: ['int32_t', ['const mus_state*', 'const mus_action*', 'int32_t*']],
  mus_action_from_id: ['int32_t', ['const mus_state*', 'int32_t', 'mus_action*']],
  mus_apply_id: ['int32_t', ['const mus_state*', 'int32_t', 'uint64_t', 'mus_state*']],
  mus_bet_ladder: ['int32_t', ['int32_t', 'int32_t*']],
  mus_state_info_get: ['int32_t', ['const mus_state*', 'mus_state_info*']],
  mus_state_hand: ['int32_t', ['const mus_state*', 'int32_t', 'uint8_t*']],
  mus_state_view: ['int32_t', ['const mus_state*', 'int32_t', 'mus_view*']],
  mus_state_last_count: ['int32_t', ['const mus_state*', 'mus_count*']],
  mus_state_rules: ['int32_t', ['const mus_state*', 'mus_rules*']],
  mus_state_validate: ['int32_t', ['const mus_state*']],
  mus_bet_limits: ['int32_t', ['const mus_state*', 'int32_t*', 'int32_t*']],
  mus_stacked_deal: ['int32_t', ['const uint8_t*', 'int32_t', 'const uint8_t*', 'size_t', 'mus_action*']],
  mus_seeded_order: ['int32_t', ['uint8_t*', 'size_t', 'uint64_t']],
  mus_signal_true: ['int32_t', ['const mus_rules*', 'int32_t', 'const uint8_t*', 'int32_t*']],
  mus_action_format: ['int32_t', ['const mus_action*', 'char*', 'size_t', 'size_t*']],
  mus_action_parse: ['int32_t', ['const char*', 'mus_action*', 'int32_t*']],
  mus_state_format: ['int32_t', ['const mus_state*', 'char*', 'size_t', 'size_t*']],
  mus_state_parse: ['int32_t', ['const char*', 'mus_state*', 'int32_t*']],
  mus_view_format: ['int32_t', ['const mus_state*', 'int32_t', 'char*', 'size_t', 'size_t*']],
  mus_view_parse: ['int32_t', ['const char*', 'mus_view*', 'int32_t*']],
  mus_step: ['int32_t', ['const mus_state*', 'int32_t', 'uint64_t', 'mus_state*', 'mus_step_info*']],
  mus_view_tensor: ['int32_t', ['const mus_state*', 'int32_t', 'float*', 'size_t']],
  mus_bot_config_default: ['int32_t', ['int32_t', 'mus_bot_config*']],
  mus_bot_choose: ['int32_t', ['const mus_state*', 'int32_t', 'const mus_bot_config*', 'uint64_t', 'int32_t*']],
  mus_bot_evaluate: ['int32_t', ['const mus_state*', 'int32_t', 'const mus_bot_config*', 'uint64_t', 'double*', 'size_t', 'uint64_t*']],
  mus_playouts: ['int32_t', ['const mus_state*', 'const mus_bot_config*', 'uint64_t', 'uint64_t', 'int32_t', 'int32_t', 'int32_t*']],
} as const satisfies Record<string, readonly [string, readonly string[]]>;

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
