// Hand-written types of mus.mjs, the ES module Emscripten 3.1.6 writes (it writes none).
import type { ModuleFactory } from '../src/wasm.js';
declare const createMusModule: ModuleFactory;
export default createMusModule;
