// The README's path to the web table, as a new user follows it: the commands of the block the
// top-level README.md marks (the one after the comment naming this file) run in order, from the
// repository root, in a fresh build directory; the last one serves the web table, which must
// load in headless Chromium. Read from the README itself, so the test breaks when it drifts.
// Two substitutions only: the build directory `build-js` becomes one of the test's own (under
// the ctest build dir, emptied first), and the server's port becomes 0 (any free port).
// Also: the server refuses to start, saying how to build the package, when there is none.
import assert from 'node:assert/strict';
import { execFileSync, spawn } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { pathToFileURL } from 'node:url';
import { buildDir, jsDir, sourceDir } from './support.mjs';

const MARK = '<!-- capi/js/test/browser_readme.test.mjs runs the next block';
const server = join(sourceDir, 'examples', 'web', 'server.mjs');

/** The commands of the marked block of README.md, comments dropped. */
function readmeCommands() {
  const readme = readFileSync(join(sourceDir, 'README.md'), 'utf8');
  const at = readme.indexOf(MARK);
  assert.ok(at >= 0, `README.md has the marked block (${MARK} ...)`);
  const block = /```sh\n([\s\S]*?)```/.exec(readme.slice(at));
  assert.ok(block, 'a ```sh block follows the mark');
  return block[1].split('\n').map((l) => l.replace(/\s+#.*$/, '').trim()).filter((l) => l && !l.startsWith('#'));
}

test('the server refuses to start without a built package, and says how to build it', () => {
  let failure;
  try {
    execFileSync(process.execPath, [server, '0', join(buildDir, 'no-such-package')], { stdio: 'pipe', timeout: 20000 });
  } catch (e) {
    failure = e;
  }
  assert.ok(failure, 'the server did not start');
  assert.equal(failure.status, 1);
  const message = String(failure.stderr);
  assert.match(message, /no built libmus package/);
  assert.match(message, /cmake --build build-js --target js_package/);
});

test('the README\'s commands, in order, on a fresh build directory, end with the web table loaded', async () => {
  const commands = readmeCommands();
  assert.ok(commands.length >= 2, `the block has commands: ${JSON.stringify(commands)}`);
  const serve = commands.at(-1);
  assert.match(serve, /^node examples\/web\/server\.mjs /, 'the block ends by serving the web table');
  const work = join(buildDir, 'readme');
  rmSync(work, { recursive: true, force: true });
  mkdirSync(work, { recursive: true });
  const local = (c) => c.replace(/(^|[\s=])build-js(?=\/|\s|$)/g, `$1${join(work, 'build-js')}`);

  for (const c of commands.slice(0, -1)) {
    console.log(`$ ${local(c)}`);
    execFileSync('sh', ['-c', local(c)], { cwd: sourceDir, stdio: 'inherit', timeout: 1500 * 1000 });
  }

  const served = spawn('sh', ['-c', `exec ${local(serve).replace(/^(node examples\/web\/server\.mjs) \d+(?=\s|$)/, '$1 0')}`], { cwd: sourceDir, stdio: ['ignore', 'pipe', 'inherit'] });
  const { chromium } = await import(pathToFileURL(join(jsDir, 'node_modules', 'playwright-core', 'index.mjs')).href);
  let browser;
  try {
    const base = await new Promise((resolve, reject) => {
      served.stdout.on('data', (d) => {
        const m = /http:\/\/[\d.]+:\d+\//.exec(String(d));
        if (m) resolve(m[0]);
      });
      served.on('exit', (code) => reject(new Error(`the server exited (${code})`)));
    });
    browser = await chromium.launch({
      executablePath: process.env.MUS_CHROMIUM || '/usr/bin/chromium',
      headless: true,
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
    });
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const problems = [];
    page.on('pageerror', (e) => problems.push(String(e)));
    page.on('response', (r) => { if (r.status() >= 400) problems.push(`${r.status()} ${r.url()}`); });
    await page.goto(`${base}?seed=1&delay=0`);
    await page.waitForSelector('body[data-ready="1"]', { timeout: 30000 });
    assert.notEqual(await page.locator('#status').innerText(), 'cargando libmus…');
    await page.click('#start');
    await page.waitForSelector('body[data-turn="human"]', { timeout: 30000 });
    assert.deepEqual(problems, []);
  } finally {
    await browser?.close();
    served.kill();
  }
});
