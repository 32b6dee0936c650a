// The npm tarball installed into an empty project and used from an ES module, from CommonJS,
// and from strict TypeScript through the package's own types.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { buildDir, jsDir } from './support.mjs';

const tarball = readdirSync(buildDir).find((f) => /^libmus-.*\.tgz$/.test(f));

test('the tarball installs into an empty project and works from ESM, CJS and TypeScript', (t) => {
  assert.ok(tarball, `npm pack wrote a tarball into ${buildDir}`);
  const dir = mkdtempSync(join(tmpdir(), 'libmus-pack-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  writeFileSync(join(dir, 'package.json'), '{ "name": "consumer", "version": "1.0.0", "private": true }\n');
  execFileSync('npm', ['install', '--offline', '--no-audit', '--no-fund', '--silent', join(buildDir, tarball)], { cwd: dir, stdio: 'inherit' });

  const play = `
    await init();
    let s = State.new(Rules.preset('online'), 1).applyId(0, 2024n);
    while (s.handNumber === 1 && !s.isOver) { const ids = s.legalActionIds(); s = s.applyId([2, 19, 38].find((i) => ids.includes(i)) ?? ids[0], 1n); }
    const count = s.lastCount();
    console.log(versionString(), count.number, count.lines.length, s.score.join('-'));`;
  writeFileSync(join(dir, 'esm.mjs'), `import { init, State, Rules, versionString } from 'libmus';\n${play}\n`);
  writeFileSync(join(dir, 'cjs.cjs'), `const { init, State, Rules, versionString } = require('libmus');\n(async () => {${play}})();\n`);
  const esm = execFileSync(process.execPath, ['esm.mjs'], { cwd: dir, encoding: 'utf8' });
  const cjs = execFileSync(process.execPath, ['cjs.cjs'], { cwd: dir, encoding: 'utf8' });
  assert.match(esm, /^\d+\.\d+\.\d+ 1 4 \d+-\d+\n$/);
  assert.equal(cjs, esm, 'ESM and CJS give the same result');

  // Strict TypeScript against the installed types: a wrong call must not compile.
  writeFileSync(join(dir, 'use.ts'), `import { init, State, Rules, MusError, type View } from 'libmus';
export async function main(): Promise<number> {
  await init();
  const s: State = State.new(Rules.preset('standard'), 0).applyId(0, 1n);
  const v: View = s.view(0);
  try { s.applyId(55); } catch (e) { if (e instanceof MusError) return e.status; }
  return v.hand.ids.length;
}
`);
  writeFileSync(join(dir, 'bad.ts'), `import { State } from 'libmus';\nconst n: string = State.new('standard').phase;\nexport { n };\n`);
  const tsc = join(jsDir, 'node_modules', 'typescript', 'bin', 'tsc');
  const opts = ['--strict', '--noEmit', '--module', 'nodenext', '--moduleResolution', 'nodenext', '--target', 'es2020'];
  execFileSync(process.execPath, [tsc, ...opts, 'use.ts'], { cwd: dir, stdio: 'inherit' });
  assert.throws(() => execFileSync(process.execPath, [tsc, ...opts, 'bad.ts'], { cwd: dir, stdio: 'pipe' }), 'a type error is reported');
});
