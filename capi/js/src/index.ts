// The ES module entry for browsers, bundlers and workers: loads mus.mjs + mus.wasm (found
// beside mus.mjs through import.meta.url, or wherever options.locateFile says).
export * from './api.js';
import createMusModule from '../wasm/mus.mjs';
import { setModule, type ModuleOptions, isLoaded } from './wasm.js';

let loading: Promise<void> | null = null;

/** Loads the WebAssembly module; await it once before anything else. Later calls return at once. */
export function init(options: ModuleOptions = {}): Promise<void> {
  if (isLoaded()) return Promise.resolve();
  loading ??= createMusModule(options).then(setModule);
  return loading;
}
