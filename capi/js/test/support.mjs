// Shared by the tests: where things are (set by ctest, see capi/js/CMakeLists.txt) and the
// package under test, loaded through its Node ES module entry.
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
export const sourceDir = process.env.MUS_SOURCE_DIR ?? join(here, '..', '..', '..');
export const packageDir = process.env.MUS_JS_PACKAGE ?? join(here, '..', 'build', 'package');
export const buildDir = process.env.MUS_JS_BUILD ?? dirname(packageDir);
export const layoutPath = join(sourceDir, 'capi', 'abi', 'layout.txt');
export const transcriptsDir = process.env.MUS_TRANSCRIPTS_DIR ?? join(sourceDir, 'tests', 'transcripts');
export const jsDir = join(here, '..');

if (!existsSync(join(packageDir, 'node', 'index.mjs'))) {
  throw new Error(`no built package at ${packageDir}: run ctest -R js_package_build (or set MUS_JS_PACKAGE)`);
}
export const mus = await import(pathToFileURL(join(packageDir, 'node', 'index.mjs')).href);
await mus.init();

/** A small seeded generator (splitmix32-style) for the property tests' choices. */
export function rng(seed) {
  let x = seed >>> 0;
  return (n) => {
    x = (x + 0x9e3779b9) >>> 0;
    let z = x;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b) >>> 0;
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35) >>> 0;
    z = (z ^ (z >>> 16)) >>> 0;
    return z % n;
  };
}

/** The set bits of a legal mask, as ids. */
export function maskIds(mask) {
  const ids = [];
  for (let i = 0; i < 64; i++) if ((mask >> BigInt(i)) & 1n) ids.push(i);
  return ids;
}
