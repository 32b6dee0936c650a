// Shared by the offline web table's browser tests (browser*.test.mjs): the page served by
// examples/web/server.mjs with the built package, Debian's chromium driven by playwright-core
// (which never downloads a browser), a page that records its problems, and the person's
// choices by clicking.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { jsDir, packageDir, sourceDir } from './support.mjs';

const { chromium } = await import(pathToFileURL(join(jsDir, 'node_modules', 'playwright-core', 'index.mjs')).href);

/** Starts the web table's server and a browser: { base, browser, close() }. */
export async function startWebTable() {
  const server = spawn(process.execPath, [join(sourceDir, 'examples', 'web', 'server.mjs'), '0', packageDir], { stdio: ['ignore', 'pipe', 'inherit'] });
  const base = await new Promise((resolve, reject) => {
    server.stdout.on('data', (d) => {
      const m = /http:\/\/[\d.]+:\d+\//.exec(String(d));
      if (m) resolve(m[0]);
    });
    server.on('exit', (code) => reject(new Error(`server exited ${code}`)));
  });
  const browser = await chromium.launch({
    executablePath: process.env.MUS_CHROMIUM || '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run', '--disable-quic', '--disable-sync'],
  });
  return { base, browser, close: async () => { await browser.close(); server.kill(); } };
}

/** A new page that records uncaught errors and failed requests (a 404 is a bug: the favicon too). */
export async function newPage(browser, width = 1280, height = 900) {
  const page = await browser.newPage({ viewport: { width, height } });
  page.problems = [];
  page.on('pageerror', (e) => page.problems.push(String(e)));
  page.on('response', (r) => { if (r.status() >= 400) page.problems.push(`${r.status()} ${r.url()}`); });
  return page;
}

/** Opens the table with seed `seed` and starts a match of `preset` (to `target` points). */
export async function open(page, base, seed, target, preset = 'standard') {
  await page.goto(`${base}?seed=${seed}&delay=0`);
  await page.waitForSelector('body[data-ready="1"]');
  await page.selectOption('#preset', preset);
  if (target) await page.fill('#target', String(target));
  await page.keyboard.press('Enter'); // the start button takes Enter too
  await page.waitForSelector('body[data-turn]');
}

/**
 * The person's choice, by clicking: cut (or, with `mus`, ask for mus), pass, refuse, and throw
 * the first card when discarding. With `keys`, by the keyboard where it can: c cuts (m asks
 * for mus), p passes, 1 picks a card, d discards. The moves' buttons carry the library's kind
 * names (data-kind); their words are words.js's.
 */
export async function clickSomething(page, keys = false, mus = false) {
  const first = mus ? ['mus', 'm'] : ['cut', 'c'];
  const move = (kind) => page.locator(`#controls button.act[data-kind="${kind}"]`);
  if (keys) {
    for (const [kind, key] of [first, ['pass', 'p']]) {
      if (await move(kind).count()) return page.keyboard.press(key);
    }
    if (await move('discard').count()) {
      await page.keyboard.press('1');
      return page.keyboard.press('d');
    }
  }
  for (const kind of [first[0], 'pass', 'reject']) {
    if (await move(kind).count()) return move(kind).first().click();
  }
  if (await move('discard').count()) {
    await page.locator('button.card.clickable').first().click();
    return move('discard').click();
  }
  return page.locator('#controls button').first().click();
}
