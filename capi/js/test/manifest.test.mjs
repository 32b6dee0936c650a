// The binding against the manifest of mus.h (capi/abi/layout.txt). src/layout.ts (struct
// offsets, constants, every function's signature) is generated from it by capi/abi/generate.py:
// the first test regenerates it and compares ("stale: run ..."). The others check that every C
// function of mus.h is called by the binding (fn('mus_x')) or listed in UNBOUND with a reason,
// that the mirrored structs and constants equal the manifest's, and that the module exports the
// mus_* functions and nothing else.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { buildDir, jsDir, layoutPath, mus, packageDir, sourceDir } from './support.mjs';

const records = readFileSync(layoutPath, 'utf8').split('\n').filter((l) => l && !l.startsWith('#'));

function manifestFunctions() {
  const funcs = new Map();
  for (const line of records) {
    const m = /^func (\S+) (.+?) \((.*)\)$/.exec(line);
    // Each parameter is "<type> <name>": the signature is the types.
    if (m) funcs.set(m[1], [m[2], m[3] === 'void' ? [] : m[3].split(', ').map((p) => p.replace(/ ?[A-Za-z_]\w*$/, ''))]);
  }
  return funcs;
}

/** Problems of the rule "every function is called as fn('name') or listed in UNBOUND". */
export function unboundProblems(funcs, sourceText, unbound) {
  const problems = [];
  for (const name of funcs) {
    const called = sourceText.includes(`fn('${name}')`);
    const reason = unbound[name];
    if (called && reason !== undefined) problems.push(`${name}: called, and listed in UNBOUND`);
    if (!called && reason === undefined) problems.push(`${name}: in mus.h but neither called (fn('${name}')) nor listed in UNBOUND with a reason`);
    if (reason !== undefined && reason.trim().length < 10) problems.push(`${name}: UNBOUND without a real reason`);
  }
  for (const name of Object.keys(unbound)) if (!funcs.includes(name)) problems.push(`${name}: in UNBOUND but not in mus.h`);
  return problems;
}

test('src/layout.ts is what capi/abi/generate.py writes from the manifest', () => {
  const python = process.env.MUS_PYTHON || 'python3';
  const generator = join(sourceDir, 'capi', 'abi', 'generate.py');
  let out;
  try {
    out = execFileSync(python, [generator, 'check', 'js'], { encoding: 'utf8', env: { ...process.env, PYTHONDONTWRITEBYTECODE: '1' } });
  } catch (e) {
    assert.fail(`${e.stdout ?? ''}${e.stderr ?? ''}`.trim() || String(e));
  }
  assert.match(out, /^current: capi\/js\/src\/layout\.ts/);
});

test('the manifest lists functions', () => {
  assert.ok(manifestFunctions().size >= 40, 'capi/abi/layout.txt has func records');
});

test('every manifest function has its signature', () => {
  const expected = Object.fromEntries([...manifestFunctions()].map(([name, [ret, params]]) => [name, [ret, params]]));
  assert.deepEqual(JSON.parse(JSON.stringify(mus.SIGNATURES)), expected);
});

test('every manifest function is called by the binding, or listed with a reason', () => {
  const srcDir = join(jsDir, 'src');
  const sources = readdirSync(srcDir).filter((f) => f.endsWith('.ts') && f !== 'layout.ts').map((f) => readFileSync(join(srcDir, f), 'utf8'));
  assert.deepEqual(unboundProblems([...manifestFunctions().keys()], sources.join('\n'), mus.UNBOUND), []);
});

test('the called-or-unbound rule reports each kind of problem', () => {
  const src = "fn('mus_f')(1); fn('mus_g')();";
  assert.deepEqual(unboundProblems(['mus_f', 'mus_g'], src, {}), []);
  assert.equal(unboundProblems(['mus_f', 'mus_g', 'mus_h'], src, {}).length, 1);
  assert.deepEqual(unboundProblems(['mus_f', 'mus_g', 'mus_h'], src, { mus_h: 'not useful from JavaScript' }), []);
  assert.equal(unboundProblems(['mus_f', 'mus_g', 'mus_h'], src, { mus_h: ' ' }).length, 1);
  assert.equal(unboundProblems(['mus_f', 'mus_g'], src, { mus_f: 'a real reason here' }).length, 1);
  assert.equal(unboundProblems(['mus_f', 'mus_g'], src, { mus_gone: 'a real reason here' }).length, 1);
  assert.equal(unboundProblems(['mus_h'], '// see mus_h()', {}).length, 1);
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
  // runtime entries (constructors, the stack, and malloc and free for a batch's arrays), never
  // another C function of the library.
  const wasm = readFileSync(join(packageDir, 'wasm', 'mus.wasm'));
  const mod = new WebAssembly.Module(wasm);
  const glue = readFileSync(join(packageDir, 'wasm', 'mus.mjs'), 'utf8');
  const named = new Set();
  for (const m of glue.matchAll(/Module\["(_[A-Za-z0-9_]+)"\]\s*=/g)) named.add(m[1]);
  const cExports = [...named].filter((n) => !/^_+(wasm_call_ctors|errno_location|stack(Save|Restore|Alloc)|emscripten_stack_\w+|malloc|free)$/.test(n));
  assert.deepEqual(cExports.sort(), funcs);
  assert.ok(WebAssembly.Module.exports(mod).length <= funcs.length + 10, 'no other exports in mus.wasm');
});

test('package.json version is the library version', () => {
  const pkg = JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8'));
  assert.equal(pkg.version, mus.versionString());
});
