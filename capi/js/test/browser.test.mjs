// The web table (examples/web) in headless Chromium (Debian's /usr/bin/chromium, driven by
// playwright-core, which never downloads a browser): load the page, refuse bad rules and bad
// bets with the library's message, play a whole hand by clicking, check the count on screen
// against the library's count of the same actions, play a whole match to its end and check the
// match-over screen (the last hand's dealer, mano, shown cards and count), and keep screenshots
// of the table (web-table.png and web-table-match-over.png in the build dir).
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { clickSomething, newPage as openPage, open as openTable, startWebTable } from './browser_support.mjs';
import { buildDir, mus } from './support.mjs';

let table;
before(async () => { table = await startWebTable(); });
after(async () => { await table?.close(); });
const newPage = (height = 900) => openPage(table.browser, 1280, height);
const open = (page, seed, target) => openTable(page, table.base, seed, target);
const base = () => table.base;

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
  await page.goto(`${base()}?seed=3&delay=0`);
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
      const ladder = await page.locator('#controls .moves button.ladder').count();
      assert.ok(ladder >= 1 && ladder <= 4, `a compact bet ladder (${ladder} buttons)`);
      for (const amount of [0, 5000]) {
        const e = refusal(() => s.apply(mus.Action.bet(0, amount)));
        await page.fill('#amount', String(amount));
        await page.locator('#raise-go').click();
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
  await page.goto(`${base()}?seed=9&delay=0`);
  await page.waitForSelector('body[data-ready="1"]');
  const kinds = await page.locator('#botkind option').evaluateAll((os) => os.map((o) => o.value));
  assert.ok(kinds.includes('8:1'), `the exploiter of the heuristic is offered (${kinds})`);
  // The levels come first, weakest first, by their Spanish names, the club level chosen.
  const levels = await page.locator('#levels option').evaluateAll((os) => os.map((o) => [o.value, o.textContent]));
  assert.deepEqual(levels.map(([v]) => v), ['level:0', 'level:1', 'level:2', 'level:3', 'level:4']);
  assert.deepEqual(levels.map(([, t]) => t), ['principiante', 'aficionado', 'jugador de club', 'fuerte', 'experto']);
  assert.equal(await page.locator('#botkind').inputValue(), 'level:2');
  for (const kind of kinds) {
    await page.goto(`${base()}?seed=9&delay=0`);
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

test('a raised (selected) card stays inside its seat, clear of the centre above', async () => {
  const page = await newPage();
  let checked = false;
  // The first deal, seed after seed, until the bots want mus too and the person discards.
  for (let seed = 1; seed <= 30 && !checked; seed++) {
    await open(page, seed);
    for (let i = 0; i < 100; i++) {
      await page.waitForSelector('body[data-turn="human"], body[data-turn="over"]');
      if (await page.locator('#count-body[data-hand="1"]').count()) break;
      if (await page.locator('#controls button[data-kind="discard"]').count()) {
        const card = page.locator('button.card.clickable').first();
        await card.click();
        await page.waitForSelector('button.card.selected');
        const [raised, seat, centre] = [await card.boundingBox(), await page.locator('#seat-0').boundingBox(), await page.locator('#centre').boundingBox()];
        assert.ok(raised.y >= seat.y, `the raised card (top ${raised.y}) stays in its seat (top ${seat.y})`);
        assert.ok(raised.y >= centre.y + centre.height, `the raised card (top ${raised.y}) is under the centre (bottom ${centre.y + centre.height})`);
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

test('every signal has its own name, gesture and meaning, in each language', async () => {
  const page = await newPage();
  await open(page, 5);
  const signs = await page.evaluate(() => window.musTable.signs);
  const values = Object.values(mus.Signal).sort((a, b) => a - b);
  for (const lang of ['es', 'en']) {
    assert.deepEqual(Object.keys(signs[lang]).map(Number), values, `one ${lang} entry per library signal`);
    for (const column of [0, 1, 2]) {
      const words = signs[lang].map((row) => row[column]);
      assert.equal(new Set(words).size, words.length, `no two signals share column ${column} in ${lang}`);
    }
    assert.notEqual(signs[lang][mus.Signal.CIEGO][1], signs[lang][mus.Signal.NEED_MUS][1]);
  }
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
  let ordagos = 0;
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
    if (l.status === mus.LanceStatus.ORDAGO) {
      // The accepted órdago decided the game itself (R27): that is its reason.
      ordagos++;
      assert.match(reason, /^órdago querido: (ganamos nosotros|ganan ellos) el juego/, `hand ${c.number}: "${reason}"`);
    } else if (!l.counted && l.status !== mus.LanceStatus.SKIPPED && l.status !== mus.LanceStatus.PENDING) {
      uncounted++;
      assert.match(reason, /no se contó: ya habí\w+ ganado el juego (nosotros|ellos)/, `hand ${c.number}: "${reason}"`);
      assert.equal(team, '—');
    }
    if (l.points > 0) assert.equal(team, ['Nosotros', 'Ellos'][l.winnerTeam]);
  }));
  assert.ok(refusedWithTantos > 0 && uncounted > 0 && ordagos > 0, 'the match had the three cases (seed 7)');
  await page.screenshot({ path: join(buildDir, 'web-table-match-over.png'), fullPage: true });
  assert.deepEqual(page.problems, []);
  await page.close();
});
