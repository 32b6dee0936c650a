// capi/js/README.md's first example runs as written against the built package, and the
// comment after each console.log shows a line that call prints ("// GRANDE ACCEPTED 1 2"),
// so the README cannot show output the example does not give. One substitution: the import
// from 'libmus' becomes the package under test.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { pathToFileURL } from 'node:url';
import { buildDir, jsDir, packageDir } from './support.mjs';

test("the README's first example prints what its comments show", () => {
  const readme = readFileSync(join(jsDir, 'README.md'), 'utf8');
  const block = /```js\n([\s\S]*?)```/.exec(readme);
  assert.ok(block, 'README.md has a ```js block');
  const entry = pathToFileURL(join(packageDir, 'node', 'index.mjs')).href;
  const code = block[1].replace(/from 'libmus'/, `from '${entry}'`);
  assert.notEqual(code, block[1], "the example imports from 'libmus'");
  const dir = join(buildDir, 'readme-example');
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'example.mjs'), code);
  const printed = execFileSync(process.execPath, [join(dir, 'example.mjs')], { encoding: 'utf8', timeout: 60000 })
    .split('\n');
  const shown = [...block[1].matchAll(/console\.log\(.*\);\s*\/\/ (.+)$/gm)].map((m) => m[1].trim());
  assert.ok(shown.length >= 1, 'a console.log with the output it shows');
  for (const line of shown) assert.ok(printed.includes(line), `the example prints "${line}"; it printed:\n${printed.join('\n')}`);
});
