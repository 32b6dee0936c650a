// Shared by the online table's browser tests (web_online.test.mjs, web_table4.test.mjs):
// their environment, a real mus-server on a free loopback port over a fresh database, Debian's
// chromium driven by playwright-core (which never downloads a browser), and bounded waits.
//
// The environment (ctest sets it):
//   MUS_SERVER     the mus-server binary
//   MUS_WEB_DIR    examples/web
//   MUS_PLAYWRIGHT capi/js/node_modules/playwright-core (npm ci in capi/js installs it)
//   MUS_CHROMIUM   Debian's chromium
//   MUS_WORKDIR    a directory for the databases and the screenshots
// Without MUS_SERVER or MUS_WEB_DIR the test exits 2; without chromium or playwright-core it
// exits 77 (skipped).
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

export const env = process.env;
export const serverBin = env.MUS_SERVER;
export const webDir = env.MUS_WEB_DIR;
const chromiumPath = env.MUS_CHROMIUM || '/usr/bin/chromium';
const playwrightDir = env.MUS_PLAYWRIGHT ?? '';
if (!serverBin || !webDir) {
  console.error(`${process.argv[1]}: set MUS_SERVER and MUS_WEB_DIR (ctest does)`);
  process.exit(2);
}
const skip = !existsSync(chromiumPath) ? `no chromium at ${chromiumPath}` :
  !existsSync(join(playwrightDir, 'index.mjs')) ? `no playwright-core at ${playwrightDir} (run npm ci in capi/js)` : '';
if (skip) {
  console.log(`SKIPPED: ${skip}`);
  process.exit(77);
}
const { chromium } = await import(pathToFileURL(join(playwrightDir, 'index.mjs')).href);

/** What every server of the test wrote on stderr (shown when a wait fails). */
export const serverLog = [];

/** A fresh, empty `MUS_WORKDIR` (or `name` under the current directory). */
export function freshWorkdir(name) {
  const dir = env.MUS_WORKDIR ?? join(process.cwd(), name);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  return dir;
}

/**
 * Starts mus-server over the database `db` with the options `args` (besides host, port, db and
 * web files); resolves with { child, url }. `port` 0 is any free one.
 */
export function startServer(db, args, port = 0) {
  const child = spawn(serverBin, ['--host', '127.0.0.1', '--port', String(port), '--db', db, '--web', webDir, ...args],
    { stdio: ['ignore', 'pipe', 'pipe'] });
  child.stderr.on('data', (d) => serverLog.push(String(d)));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('mus-server did not say where it listens in 10 s')), 10_000);
    child.stdout.on('data', (d) => {
      const m = /http:\/\/127\.0\.0\.1:\d+\//.exec(String(d));
      if (m) {
        clearTimeout(timer);
        resolve({ child, url: m[0] });
      }
    });
    child.on('exit', (code) => { clearTimeout(timer); reject(new Error(`mus-server exited ${code}: ${serverLog.join('')}`)); });
  });
}

/** Stops a server: SIGTERM, and SIGKILL after 3 s; `crash`: SIGKILL at once, as a crash would. */
export function stopServer(child, crash = false) {
  if (!child || child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), 3000);
    child.on('exit', () => { clearTimeout(timer); resolve(); });
    child.kill(crash ? 'SIGKILL' : 'SIGTERM');
  });
}

/** Headless chromium with the flags of the project's browser tests. */
export function launchBrowser() {
  return chromium.launch({
    executablePath: chromiumPath,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update',
      '--no-first-run', '--disable-quic', '--disable-sync'],
  });
}

/**
 * The bounded wait of a test whose whole run may take `totalMs`: waitFor(page, fn, arg, what,
 * ms) waits for fn(arg) in the page, at most `ms` and never past the run's end, and on failure
 * says what it waited for, with the end of the servers' log.
 */
export function boundedWaits(totalMs) {
  const started = Date.now();
  const timeLeft = () => totalMs - (Date.now() - started);
  const waitFor = async (page, fn, arg, what, ms = 20_000) => {
    try {
      await page.waitForFunction(fn, arg, { timeout: Math.max(1000, Math.min(ms, timeLeft())), polling: 50 });
    } catch (e) {
      throw new Error(`waiting for ${what}: ${e.message}\nserver: ${serverLog.join('').slice(-2000)}`);
    }
  };
  return { timeLeft, waitFor };
}
