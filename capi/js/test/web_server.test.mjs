// examples/web/server.mjs, the web table's file server, when its port is taken: it says so in
// words (no stack trace) and exits; and its default port is not mus-server's, so the README's
// two servers run side by side.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { test } from 'node:test';
import { buildDir, sourceDir } from './support.mjs';

const server = join(sourceDir, 'examples', 'web', 'server.mjs');

/** A directory that looks like a built package to server.mjs (the files it checks for). */
function fakePackage() {
  const dir = join(buildDir, 'web-server-test', 'package');
  rmSync(dir, { recursive: true, force: true });
  for (const f of ['esm/index.js', 'wasm/mus.mjs', 'wasm/mus.wasm']) {
    mkdirSync(join(dir, f, '..'), { recursive: true });
    writeFileSync(join(dir, f), '');
  }
  return dir;
}

test('a port in use is said in words, without a stack trace', async () => {
  const holder = createServer();
  await new Promise((resolve) => holder.listen(0, '127.0.0.1', resolve));
  const { port } = holder.address();
  try {
    const run = spawnSync(process.execPath, [server, String(port), fakePackage()], { encoding: 'utf8', timeout: 20000 });
    assert.equal(run.status, 1, `exit status (stderr: ${run.stderr})`);
    assert.match(run.stderr, new RegExp(`port ${port} on 127\\.0\\.0\\.1 is in use`));
    assert.match(run.stderr, /give another port: node examples\/web\/server\.mjs 0 /);
    assert.doesNotMatch(run.stderr, /^\s+at /m, 'no stack trace');
  } finally {
    holder.close();
  }
});

test('a port that is not a number is refused with the usage', () => {
  const run = spawnSync(process.execPath, [server, 'http', fakePackage()], { encoding: 'utf8', timeout: 20000 });
  assert.equal(run.status, 2);
  assert.match(run.stderr, /the port must be a number 0\.\.65535/);
});

test("the README's web table and mus-server do not share a port", () => {
  const readme = readFileSync(join(sourceDir, 'README.md'), 'utf8');
  const web = /^node examples\/web\/server\.mjs (\d+) /m.exec(readme);
  const mus = /^scripts\/serve\.sh .*http:\/\/127\.0\.0\.1:(\d+)\//m.exec(readme);
  assert.ok(web && mus, 'the README has both commands');
  assert.notEqual(web[1], mus[1]);
  const defaultPort = /process\.env\.PORT \?\? '(\d+)'/.exec(readFileSync(server, 'utf8'));
  assert.ok(defaultPort, "server.mjs's default port");
  assert.equal(defaultPort[1], web[1], "the README's port is server.mjs's default");
  assert.notEqual(defaultPort[1], mus[1]);
});
