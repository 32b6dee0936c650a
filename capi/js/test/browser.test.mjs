// The web table (examples/web) in headless Chromium (Debian's /usr/bin/chromium, driven by
// playwright-core, which never downloads a browser): load the page, refuse bad rules and bad
// bets with the library's message, play a whole hand by clicking, check the count on screen
// against the library's count of the same actions, play a whole match to its end and check the
// match-over screen (the last hand's dealer, mano, shown cards and count), and keep screenshots
// of the table (web-table.png and web-table-match-over.png in the build dir).
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

// The person's choice, by clicking: cut (or, with `mus`, ask for mus), pass, refuse, and throw
// the first card when discarding. With `keys`, by the keyboard where it can: c cuts (m asks for
// mus), p passes, 1 picks a card, d discards.
async function clickSomething(page, keys = false, mus = false) {
  const first = mus ? ['Mus', 'm'] : ['Cortar (no hay mus)', 'c'];
  if (keys) {
    for (const [name, key] of [first, ['Paso', 'p']]) {
      if (await page.getByRole('button', { name, exact: true }).count()) return page.keyboard.press(key);
    }
    if (await page.getByRole('button', { name: 'Descartar', exact: true }).count()) {
      await page.keyboard.press('1');
      return page.keyboard.press('d');
    }
  }
  for (const name of [first[0], 'Paso', 'No quiero']) {
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

// Every count of the match the page played, as the library made it.
async function libraryCounts(page) {
  const t = await page.evaluate(() => window.musTable);
  let s = mus.State.new(mus.Rules.parse(t.rules), t.dealer);
  const counts = [];
  for (const a of t.log) {
    s = s.apply(mus.Action.parse(a));
    const c = s.lastCount();
    if (c && c.number !== counts.at(-1)?.number) counts.push(c);
  }
  return { rules: mus.Rules.parse(t.rules), counts, shown: t.counts };
}

// A new page that records uncaught errors and failed requests (a 404 is a bug: the favicon too).
async function newPage(height = 900) {
  const page = await browser.newPage({ viewport: { width: 1280, height } });
  page.problems = [];
  page.on('pageerror', (e) => page.problems.push(String(e)));
  page.on('response', (r) => { if (r.status() >= 400) page.problems.push(`${r.status()} ${r.url()}`); });
  return page;
}

async function open(page, seed, target) {
  await page.goto(`${base}?seed=${seed}&delay=0`);
  await page.waitForSelector('body[data-ready="1"]');
  await page.selectOption('#preset', 'standard');
  if (target) await page.fill('#target', String(target));
  await page.keyboard.press('Enter'); // the start button takes Enter too
  await page.waitForSelector('body[data-turn]');
}

// The library's refusal of `call` (a MusError): the page must show its reason (mus_last_error()).
function refusal(call) {
  try {
    call();
  } catch (e) {
    assert.ok(e instanceof mus.MusError);
    return e;
  }
  assert.fail('the library accepted it');
}

test('bad rules: the library\'s message under the form, and the match does not start', async () => {
  const page = await newPage();
  await page.goto(`${base}?seed=3&delay=0`);
  await page.waitForSelector('body[data-ready="1"]');
  await page.fill('#target', '0');
  await page.click('#start');
  const error = page.locator('#setup-error');
  await error.waitFor({ state: 'visible' });
  const e = refusal(() => mus.Rules.preset('standard', { target: 0 }));
  const text = await error.innerText();
  assert.ok(text.includes(e.reason), `"${text}" gives the library's reason "${e.reason}"`);
  assert.ok(await page.locator('#setup').isVisible(), 'the form stays');
  assert.equal(await page.getAttribute('body', 'data-turn'), null, 'no match started');
  await page.fill('#target', '40');
  await page.click('#start');
  await page.waitForSelector('body[data-turn]');
  assert.ok(await error.isHidden(), 'the message goes once the rules are accepted');
  assert.deepEqual(page.problems, []);
  await page.close();
});

test('a whole hand played by clicking; bad bets refused in words; the count on screen is the library\'s', async () => {
  const page = await newPage();
  await open(page, 42);
  let betsTried = false;
  for (let i = 0; i < 200; i++) {
    await page.waitForSelector('body[data-turn="human"], body[data-turn="over"]');
    if (await page.locator('#count-body[data-hand="1"]').count()) break;
    if (!betsTried && await page.locator('#amount').count()) {
      // A free bet of 0, then of 5000: the library refuses each, the page says why, the amount
      // stays as typed and the turn goes on.
      betsTried = true;
      const s = await replay(page);
      const ladder = await page.locator('#controls button.ladder').count();
      assert.ok(ladder >= 1 && ladder <= 4, `a compact bet ladder (${ladder} buttons)`);
      for (const amount of [0, 5000]) {
        const e = refusal(() => s.apply(mus.Action.bet(0, amount)));
        await page.fill('#amount', String(amount));
        await page.locator('#amount ~ button').first().click();
        const text = await page.locator('#play-error').innerText();
        assert.ok(text.includes(e.reason), `"${text}" gives the library's reason "${e.reason}"`);
        assert.equal(await page.inputValue('#amount'), String(amount), 'the amount stays as typed');
        assert.ok(await page.locator('#play-error').isVisible());
      }
      assert.equal((await replay(page)).toString(), s.toString(), 'nothing was played');
    }
    const before = await page.evaluate(() => window.musTable.log.length);
    await clickSomething(page, i % 2 === 1);
    // Every click or key press played an action.
    await page.waitForFunction((n) => window.musTable.log.length > n, before, { timeout: 5000 });
  }
  assert.ok(betsTried, 'the hand offered a free bet');
  await page.waitForSelector('#count-body[data-hand="1"]');
  const screen = await page.$$eval('#count-body tr[data-lance]', (rows) => rows.map((r) => Number(r.dataset.points)));
  const s = await replay(page, 1);
  const count = s.lastCount();
  assert.equal(count.number, 1);
  assert.deepEqual(screen, count.lines.map((l) => l.points));
  assert.ok(await page.locator('.badge', { hasText: 'reparte' }).count() === 1, 'the dealer is shown');
  assert.ok(await page.locator('.badge.mano').count() === 1, 'the mano is shown');
  assert.match(await page.locator('#scores').innerText(), /amarraco/);
  // The newest move of the log is in sight at the bottom of a 1280×900 window.
  const [log, last] = [await page.locator('#log-list').boundingBox(), await page.locator('#log-list li').last().boundingBox()];
  assert.ok(last.y + last.height <= log.y + log.height + 1 && log.y + log.height <= 900, 'the last move is visible');
  await page.screenshot({ path: join(buildDir, 'web-table.png'), fullPage: true });
  assert.deepEqual(page.problems, []);
  await page.close();
});

test('every level and bot kind of the menu plays against the person, the exploiter too', async () => {
  const page = await newPage();
  await page.goto(`${base}?seed=9&delay=0`);
  await page.waitForSelector('body[data-ready="1"]');
  const kinds = await page.locator('#botkind option').evaluateAll((os) => os.map((o) => o.value));
  assert.ok(kinds.includes('8:1'), `the exploiter of the heuristic is offered (${kinds})`);
  // The levels come first, weakest first, by their Spanish names, the club level chosen.
  const levels = await page.locator('#levels option').evaluateAll((os) => os.map((o) => [o.value, o.textContent]));
  assert.deepEqual(levels.map(([v]) => v), ['level:0', 'level:1', 'level:2', 'level:3', 'level:4']);
  assert.deepEqual(levels.map(([, t]) => t), ['principiante', 'aficionado', 'jugador de club (heurístico)',
    'fuerte (búsqueda)', 'experto']);
  assert.equal(await page.locator('#botkind').inputValue(), 'level:2');
  for (const kind of kinds) {
    await page.goto(`${base}?seed=9&delay=0`);
    await page.waitForSelector('body[data-ready="1"]');
    await page.selectOption('#preset', 'standard');
    await page.selectOption('#botkind', kind);
    await page.keyboard.press('Enter');
    // Ten of the person's turns: the three bots play in between, each by its kind.
    for (let i = 0; i < 10; i++) {
      await page.waitForSelector('body[data-turn="human"], body[data-turn="over"]');
      if (await page.locator('body[data-turn="over"]').count()) break;
      const before = (await page.evaluate(() => window.musTable.log.length));
      await clickSomething(page);
      await page.waitForFunction((n) => window.musTable.log.length > n, before);
    }
    const log = await page.evaluate(() => window.musTable.log);
    assert.ok(log.some((a) => /^[123] /.test(a)), `bots of kind ${kind} acted: ${log.slice(0, 8)}`);
    assert.ok(await page.locator('#play-error').isHidden(), `no error with bots of kind ${kind}`);
  }
  assert.deepEqual(page.problems, []);
  await page.close();
});

test('a raised (selected) card stays clear of the seat\'s name', async () => {
  const page = await newPage();
  let checked = false;
  // The first deal, seed after seed, until the bots want mus too and the person discards.
  for (let seed = 1; seed <= 30 && !checked; seed++) {
    await open(page, seed);
    for (let i = 0; i < 100; i++) {
      await page.waitForSelector('body[data-turn="human"], body[data-turn="over"]');
      if (await page.locator('#count-body[data-hand="1"]').count()) break;
      if (await page.getByRole('button', { name: 'Descartar', exact: true }).count()) {
        const card = page.locator('button.card.clickable').first();
        await card.click();
        await page.waitForSelector('button.card.selected');
        const [raised, name] = [await card.boundingBox(), await page.locator('#seat-0 .name').boundingBox()];
        assert.ok(raised.y >= name.y + name.height, `the raised card (top ${raised.y}) is under the name (bottom ${name.y + name.height})`);
        checked = true;
        break;
      }
      await clickSomething(page, false, true);
    }
  }
  assert.ok(checked, 'some deal reached a discard');
  assert.deepEqual(page.problems, []);
  await page.close();
});

test('every signal has its own Spanish name and gesture', async () => {
  const page = await newPage();
  await open(page, 5);
  const signs = await page.evaluate(() => window.musTable.signs);
  const values = Object.values(mus.Signal);
  assert.deepEqual(Object.keys(signs).map(Number).sort((a, b) => a - b), values.sort((a, b) => a - b), 'one entry per library signal');
  const gestures = Object.values(signs).map(([, g]) => g);
  const names = Object.values(signs).map(([n]) => n);
  assert.equal(new Set(gestures).size, gestures.length, 'no two signals share a gesture');
  assert.equal(new Set(names).size, names.length, 'no two signals share a name');
  assert.notEqual(signs[mus.Signal.CIEGO][1], signs[mus.Signal.NEED_MUS][1]);
  await page.close();
});

test('a whole match to its end: the match-over screen shows the last hand, its cards and its count', async () => {
  const page = await newPage();
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

  // The last hand as it ended: its dealer and mano, every seat's cards face up, nothing said.
  const last = s.lastCount();
  for (let seat = 0; seat < 4; seat++) {
    const el = page.locator(`#seat-${seat}`);
    assert.equal(await el.locator('.badge', { hasText: 'reparte' }).count(), seat === last.dealer ? 1 : 0, `dealer badge on seat ${seat}`);
    assert.equal(await el.locator('.badge.mano').count(), seat === last.mano ? 1 : 0, `mano badge on seat ${seat}`);
    const ids = await el.locator('.card.shown').evaluateAll((cards) => cards.map((c) => Number(c.dataset.card)));
    if (last.shown) assert.deepEqual(ids, [...last.shown[seat].ids], `seat ${seat} shows its cards`);
    else if (seat === 0) assert.equal(ids.length, 4, 'the person\'s own cards stay on the table');
    assert.equal(await el.locator('.said').innerText(), '', `no stale words under seat ${seat}`);
  }
  assert.ok(last.shown, 'this match ends with a showdown (seed 7)');
  const scores = await page.locator('#scores').innerText();
  for (const t of [0, 1]) assert.ok(scores.includes(`${last.scoreAfter[t]} punto`), `the final count ${last.scoreAfter[t]} is in "${scores}"`);
  const [winner, again] = [await page.locator('#winner').boundingBox(), await page.locator('#again').boundingBox()];
  assert.ok(Math.abs((winner.x + winner.width / 2) - (again.x + again.width / 2)) < 2, '"Otra partida" sits centred under the result');

  // The count's reasons, line by line, against the library's records: a refused bet's deje and
  // the tantos counted after it; a lance left uncounted because the game was already won.
  const { counts, shown: onScreen } = await libraryCounts(page);
  assert.deepEqual(onScreen.map((c) => c.number), counts.map((c) => c.number), 'one count on screen per hand');
  let refusedWithTantos = 0;
  let uncounted = 0;
  counts.forEach((c, k) => c.lines.forEach((l, i) => {
    const { reason, points, team } = onScreen[k].lines[i];
    assert.equal(points, l.points);
    if (l.status === mus.LanceStatus.REFUSED && l.counted) {
      assert.ok(reason.includes(`${l.stake} de deje`), `hand ${c.number}: "${reason}" names the deje of ${l.stake}`);
      if (l.tantos) {
        refusedWithTantos++;
        assert.ok(reason.includes(`${l.tantos} tanto`), `hand ${c.number}: "${reason}" names the ${l.tantos} tantos`);
      }
    }
    if (!l.counted && l.status !== mus.LanceStatus.SKIPPED && l.status !== mus.LanceStatus.PENDING) {
      uncounted++;
      assert.match(reason, /no se contó: ya habí\w+ ganado el juego (nosotros|ellos)/, `hand ${c.number}: "${reason}"`);
      assert.equal(team, '—');
    }
    if (l.points > 0) assert.equal(team, ['Nosotros', 'Ellos'][l.winnerTeam]);
  }));
  assert.ok(refusedWithTantos > 0 && uncounted > 0, 'the match had both cases (seed 7)');
  await page.screenshot({ path: join(buildDir, 'web-table-match-over.png'), fullPage: true });
  assert.deepEqual(page.problems, []);
  await page.close();
});
