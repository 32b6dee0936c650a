// The Node entry (CommonJS; the package's ES module entry for Node re-exports it): loads
// mus_node.cjs and passes it the bytes of mus.wasm, read from the package.
export * from './api.js';
import { setModule, type ModuleFactory, type ModuleOptions, isLoaded } from './wasm.js';

declare const require: (id: string) => unknown;
declare const __dirname: string;

let loading: Promise<void> | null = null;

/** Loads the WebAssembly module; await it once before anything else. Later calls return at once. */
export function init(options: ModuleOptions = {}): Promise<void> {
  if (isLoaded()) return Promise.resolve();
  if (loading === null) {
    const fs = require('fs') as { readFileSync(path: string): Uint8Array };
    const path = require('path') as { join(...parts: string[]): string };
    const factory = require(path.join(__dirname, '..', 'wasm', 'mus_node.cjs')) as ModuleFactory;
    const wasmBinary = options.wasmBinary ?? fs.readFileSync(path.join(__dirname, '..', 'wasm', 'mus.wasm'));
    loading = factory({ ...options, wasmBinary }).then(setModule);
  }
  return loading;
}
