// The web table (examples/web) in headless Chromium (Debian's /usr/bin/chromium, driven by
// playwright-core, which never downloads a browser): load the page, play a whole hand by
// clicking, check the count on screen against the library's count of the same actions, play a
// whole match to its end, and keep a screenshot of the table (web-table.png in the build dir).
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { pathToFileURL } from 'node:url';
import { buildDir, jsDir, mus, packageDir, sourceDir } from './support.mjs';

const { chromium } = await import(pathToFileURL(join(jsDir, 'node_modules', 'playwright-core', 'index.mjs')).href);
let server;
let base;
let browser;

before(async () => {
  server = spawn(process.execPath, [join(sourceDir, 'examples', 'web', 'server.mjs'), '0', packageDir], { stdio: ['ignore', 'pipe', 'inherit'] });
  base = await new Promise((resolve, reject) => {
    server.stdout.on('data', (d) => {
      const m = /http:\/\/[\d.]+:\d+\//.exec(String(d));
      if (m) resolve(m[0]);
    });
    server.on('exit', (code) => reject(new Error(`server exited ${code}`)));
  });
  browser = await chromium.launch({
    executablePath: process.env.MUS_CHROMIUM || '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run', '--disable-quic', '--disable-sync'],
  });
});

after(async () => {
  await browser?.close();
  server?.kill();
});

// The person's choice, by clicking: cut, pass, refuse, and throw the first card when discarding.
// With `keys`, by the keyboard where it can: c cuts, p passes, 1 picks a card, d discards.
async function clickSomething(page, keys = false) {
  if (keys) {
    for (const [name, key] of [['Cortar (no hay mus)', 'c'], ['Paso', 'p']]) {
      if (await page.getByRole('button', { name, exact: true }).count()) return page.keyboard.press(key);
    }
    if (await page.getByRole('button', { name: 'Descartar', exact: true }).count()) {
      await page.keyboard.press('1');
      return page.keyboard.press('d');
    }
  }
  for (const name of ['Cortar (no hay mus)', 'Paso', 'No quiero']) {
    const b = page.getByRole('button', { name, exact: true });
    if (await b.count()) return b.first().click();
  }
  if (await page.getByRole('button', { name: 'Descartar', exact: true }).count()) {
    await page.locator('button.card.clickable').first().click();
    return page.getByRole('button', { name: 'Descartar', exact: true }).click();
  }
  return page.locator('#controls button').first().click();
}

// Replays the page's actions with the library: the State they lead to, hand by hand.
async function replay(page, stopAtHand) {
  const t = await page.evaluate(() => window.musTable);
  let s = mus.State.new(mus.Rules.parse(t.rules), t.dealer);
  for (const a of t.log) {
    s = s.apply(mus.Action.parse(a));
    if (stopAtHand && s.lastCount()?.number === stopAtHand) break;
  }
  return s;
}

async function open(page, seed, target) {
  await page.goto(`${base}?seed=${seed}&delay=0`);
  await page.waitForSelector('body[data-ready="1"]');
  await page.selectOption('#preset', 'standard');
  if (target) await page.fill('#target', String(target));
  await page.keyboard.press('Enter'); // the start button takes Enter too
  await page.waitForSelector('body[data-turn]');
}

test('a whole hand played by clicking; the count on screen is the library\'s', async () => {
  const page = await browser.newPage({ viewport: { width: 1280, height: 860 } });
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  await open(page, 42);
  for (let i = 0; i < 200; i++) {
    await page.waitForSelector('body[data-turn="human"], body[data-turn="over"]');
    if (await page.locator('#count-body[data-hand="1"]').count()) break;
    const before = await page.evaluate(() => window.musTable.log.length);
    await clickSomething(page, i % 2 === 1);
    // Every click or key press played an action.
    await page.waitForFunction((n) => window.musTable.log.length > n, before, { timeout: 5000 });
  }
  await page.waitForSelector('#count-body[data-hand="1"]');
  const screen = await page.$$eval('#count-body tr[data-lance]', (rows) => rows.map((r) => Number(r.dataset.points)));
  const s = await replay(page, 1);
  const count = s.lastCount();
  assert.equal(count.number, 1);
  assert.deepEqual(screen, count.lines.map((l) => l.points));
  assert.ok(await page.locator('.badge', { hasText: 'reparte' }).count() === 1, 'the dealer is shown');
  assert.ok(await page.locator('.badge.mano').count() === 1, 'the mano is shown');
  assert.match(await page.locator('#scores').innerText(), /amarraco/);
  await page.screenshot({ path: join(buildDir, 'web-table.png'), fullPage: true });
  assert.deepEqual(errors, []);
  await page.close();
});

test('a whole match to its end', async () => {
  const page = await browser.newPage({ viewport: { width: 1280, height: 860 } });
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  await open(page, 7, 10);
  for (let i = 0; i < 3000; i++) {
    await page.waitForSelector('body[data-turn="human"], body[data-turn="over"]');
    if ((await page.getAttribute('body', 'data-turn')) === 'over') break;
    await clickSomething(page);
  }
  await page.waitForSelector('#winner');
  const shown = Number(await page.getAttribute('#winner', 'data-team'));
  const s = await replay(page);
  assert.ok(s.isOver, 'the library agrees the match is over');
  assert.equal(shown, s.matchWinner);
  await page.screenshot({ path: join(buildDir, 'web-table-match-over.png'), fullPage: true });
  assert.deepEqual(errors, []);
  await page.close();
});
