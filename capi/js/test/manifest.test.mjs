// The binding against the manifest (tests/abi/layout.txt): every C function of mus.h is bound
// with the same signature or listed in UNBOUND with a reason; the mirrored structs and
// constants equal the manifest's; the module exports the mus_* functions and nothing else.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { buildDir, layoutPath, mus, packageDir } from './support.mjs';

const records = readFileSync(layoutPath, 'utf8').split('\n').filter((l) => l && !l.startsWith('#'));

function manifestFunctions() {
  const funcs = new Map();
  for (const line of records) {
    const m = /^func (\S+) (.+?) \((.*)\)$/.exec(line);
    if (m) funcs.set(m[1], [m[2], m[3] === 'void' ? [] : m[3].split(', ')]);
  }
  return funcs;
}

test('the manifest lists functions', () => {
  assert.ok(manifestFunctions().size >= 40, 'tests/abi/layout.txt has func records');
});

test('every manifest function is bound with its signature, or listed with a reason', () => {
  const problems = [];
  for (const [name, [ret, params]] of manifestFunctions()) {
    const bound = mus.SIGNATURES[name];
    const reason = mus.UNBOUND[name];
    if (bound === undefined && reason === undefined) problems.push(`${name}: neither bound nor listed in UNBOUND`);
    if (bound !== undefined && reason !== undefined) problems.push(`${name}: both bound and in UNBOUND`);
    if (reason !== undefined && reason.trim().length < 10) problems.push(`${name}: UNBOUND without a real reason`);
    if (bound !== undefined) {
      const [bret, bparams] = bound;
      if (bret !== ret || bparams.join(', ') !== params.join(', ')) {
        problems.push(`${name}: bound as ${bret} (${bparams.join(', ')}), mus.h says ${ret} (${params.join(', ')})`);
      }
    }
  }
  assert.deepEqual(problems, []);
});

test('the binding names no function the manifest lacks', () => {
  const funcs = manifestFunctions();
  const stale = [...Object.keys(mus.SIGNATURES), ...Object.keys(mus.UNBOUND)].filter((n) => !funcs.has(n));
  assert.deepEqual(stale, []);
});

test('mirrored structs equal the manifest', () => {
  const expected = {};
  for (const line of records) {
    const f = line.split(' ');
    if (f[0] === 'struct') expected[f[1]] = { size: +f[2], align: +f[3], fields: {} };
    if (f[0] === 'field') expected[f[1]].fields[f[2]] = [+f[3], +f[4]];
  }
  assert.deepEqual(JSON.parse(JSON.stringify(mus.STRUCTS)), expected);
});

test('mirrored constants equal the manifest', () => {
  const expected = {};
  for (const line of records) {
    const f = line.split(' ');
    if (f[0] === 'const') expected[f[1]] = f[2];
  }
  const actual = Object.fromEntries(Object.entries(mus.C).map(([k, v]) => [k, String(v)]));
  assert.deepEqual(actual, expected);
});

test('the WebAssembly module exports the manifest functions and nothing else of C', () => {
  const funcs = [...manifestFunctions().keys()].map((n) => `_${n}`).sort();
  const exportList = readFileSync(join(buildDir, 'wasm', 'capi', 'js', 'exports.txt'), 'utf8').trim().split('\n').sort();
  assert.deepEqual(exportList, funcs, 'exports.txt (read from mus.h) equals the manifest');
  // The instantiated wasm: its function exports are the mus_* ones plus Emscripten's own
  // runtime entries (constructors and the stack), never another C function of the library.
  const wasm = readFileSync(join(packageDir, 'wasm', 'mus.wasm'));
  const mod = new WebAssembly.Module(wasm);
  const glue = readFileSync(join(packageDir, 'wasm', 'mus.mjs'), 'utf8');
  const named = new Set();
  for (const m of glue.matchAll(/Module\["(_[A-Za-z0-9_]+)"\]\s*=/g)) named.add(m[1]);
  const cExports = [...named].filter((n) => !/^_+(wasm_call_ctors|errno_location|stack(Save|Restore|Alloc)|emscripten_stack_\w+)$/.test(n));
  assert.deepEqual(cExports.sort(), funcs);
  assert.ok(WebAssembly.Module.exports(mod).length <= funcs.length + 8, 'no other exports in mus.wasm');
});

test('package.json version is the library version', () => {
  const pkg = JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8'));
  assert.equal(pkg.version, mus.versionString());
});
