// The offline web table (examples/web/index.html) as issue 28 makes it, in headless Chromium:
// every button, log line and count line in words (words.js), never the engine's text, in
// Spanish and in English (the choice remembered by the browser); the bot kinds named as on the
// online page; a gesture made from the person's own face while a bot thinks, shown on that
// face and in the signals list; a raise off the bet ladder chosen with the slider; the
// partner's question (R25a, the online preset) answered with "De acuerdo"; the library's tips
// in their box, turned off and still off after a reload. Screenshots of the
// table at 1280×900 and 390×844 (web-table-1280.png, web-table-390.png in the build dir).
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { after, before, test } from 'node:test';
import { clickSomething, newPage, open, startWebTable } from './browser_support.mjs';
import { engineTextOn } from './engine_text.mjs';
import { buildDir, mus, sourceDir } from './support.mjs';

const words = await import(pathToFileURL(join(sourceDir, 'examples', 'web', 'words.js')).href);
// What the words scan reads: every place a move, an event or a count line shows.
const SHOWN = ['#controls button', '#controls .row', '#log-list li', '#count-body', '.seat .bubble', '.seat .name', '.seat .badge',
  '#lance', '#bet', '#scores', '#signal-list li', '#status', '#faces'];

let table;
before(async () => { table = await startWebTable(); });
after(async () => { await table?.close(); });

// Plays until `done()` (a function of the page) or `turns` of the person's turns; `choose` picks.
async function playUntil(page, done, turns, choose = (p) => clickSomething(p)) {
  for (let i = 0; i < turns; i++) {
    await page.waitForSelector('body[data-turn="human"], body[data-turn="over"]');
    if (await done()) return true;
    if ((await page.getAttribute('body', 'data-turn')) === 'over') return false;
    const before = await page.evaluate(() => window.musTable.log.length);
    await choose(page);
    await page.waitForFunction((n) => window.musTable.log.length > n || document.body.dataset.turn === 'over', before, { timeout: 5000 });
  }
  return done();
}

test('the words: no engine text on any button, log line or count line, in Spanish and in English', async () => {
  const page = await newPage(table.browser);
  await open(page, table.base, 11, 0, 'online');
  const seen = new Set();
  const scan = async (lang) => {
    const bad = await engineTextOn(page, SHOWN);
    assert.deepEqual(bad, [], `engine text on the ${lang} page`);
    for (const t of await page.$$eval('#controls button', (bs) => bs.map((b) => b.textContent))) seen.add(t);
  };
  await playUntil(page, async () => { await scan('es'); return (await page.locator('#count-body[data-hand="1"]').count()) > 0; }, 80);
  for (const t of ['Paso', 'Corto (no hay mus)']) assert.ok(seen.has(t), `the button "${t}" was shown (${[...seen]})`);
  assert.match(await page.locator('#log-list').innerText(), /— Grande —/);
  // English: the page's labels, the log and the count again; the browser remembers it.
  await page.selectOption('#lang', 'en');
  await page.waitForFunction(() => document.documentElement.lang === 'en');
  await scan('en');
  assert.match(await page.locator('#log-list').innerText(), /— Grande \(high\) —/);
  assert.match(await page.locator('#count-body').innerText(), /Why/);
  await page.reload();
  await page.waitForSelector('body[data-ready="1"]');
  assert.equal(await page.locator('#start').innerText(), 'Start the match', 'English after a reload');
  // The bot kinds: the library's, in the words the online page uses too (words.js's botWords).
  const options = await page.locator('#botkind option').evaluateAll((os) => os.map((o) => [o.value, o.textContent]));
  words.setLanguage('en');
  // The levels first, by their names in the page's language (words.js's levelWords: in Spanish
  // the library's own, levelDisplayName), then the library's kinds.
  const levelOptions = options.filter(([value]) => value.startsWith('level:'));
  const kindOptions = options.filter(([value]) => !value.startsWith('level:'));
  assert.deepEqual(levelOptions.map(([value]) => value),
    Object.values(mus.Level).sort((a, b) => a - b).map((level) => `level:${level}`), 'every level, weakest first');
  for (const [value, text] of levelOptions) {
    const level = Number(value.slice('level:'.length));
    const library = { id: mus.levelName(level), name: mus.levelDisplayName(level) };
    assert.equal(text, words.levelWords(library).name, `level ${value}`);
    assert.ok(words.levelWords(library).about.length > 0, `what level ${value} plays like`);
    words.setLanguage('es');
    assert.equal(words.levelWords(library).name, library.name, 'in Spanish, the library\'s name');
    words.setLanguage('en');
  }
  assert.deepEqual(options.slice(0, levelOptions.length), levelOptions, 'the levels come first');
  for (const [value, text] of kindOptions) {
    const [kind, target] = value.split(':').map(Number);
    assert.equal(text, words.botWords(kind, target), `bot kind ${value}`);
  }
  assert.equal(kindOptions.length, Object.keys(mus.BotKind).length, 'every library kind (the exploiter of the heuristic too)');
  await page.selectOption('#lang', 'es');
  assert.equal(await page.locator('#start').innerText(), 'Empezar partida');
  assert.deepEqual(page.problems, []);
  await page.close();
});

test('a gesture made from the own face while a bot thinks; the slider raises off the ladder', async () => {
  const page = await newPage(table.browser);
  await page.goto(`${table.base}?seed=21&delay=400`);
  await page.waitForSelector('body[data-ready="1"]');
  await page.selectOption('#preset', 'online');
  await page.click('#start');
  // The faces open from the person's own face at any moment: here while a bot thinks.
  await page.waitForSelector('body[data-turn="bot"]');
  await page.locator('#seat-0 button.seat-face.mine').click();
  await page.waitForSelector('#faces:not([hidden]) .face-pick');
  const picks = await page.locator('#faces .face-pick').evaluateAll((bs) => bs.map((b) => [Number(b.dataset.signal), b.title]));
  assert.ok(picks.some(([s]) => s === mus.Signal.NEED_MUS), `need_mus is offered in the mus phase (${JSON.stringify(picks)})`);
  for (const [, title] of picks) assert.match(title, /: /, 'each face says its gesture and meaning on hover');
  assert.ok(await page.locator('#seat-2 .seat-face.target').count(), 'the partner\'s face is marked while the faces are open');
  const [signal] = picks[0];
  await page.locator(`#faces .face-pick[data-signal="${signal}"]`).click();
  await page.waitForSelector(`#signal-list li[data-seat="0"][data-signal="${signal}"]`);
  assert.equal(await page.locator('#seat-0 .seat-face').getAttribute('data-gesture'), String(signal), 'the gesture on the own face');
  assert.ok((await page.evaluate(() => window.musTable.log)).includes(mus.Action.signal(0, signal).toString()), 'the library applied it');
  assert.equal(await page.locator('#controls [data-kind="signal"]').count(), 0, 'no signal among the move buttons');
  // A raise off the ladder (1..10, 12, 15, 20, ...): 13, with the slider.
  const raised = await playUntil(page, async () => (await page.locator('#raise-range').count()) > 0, 60);
  assert.ok(raised, 'a bet was possible');
  await page.locator('#raise-range').fill('13');
  assert.equal(await page.inputValue('#amount'), '13', 'the number follows the slider');
  assert.match(await page.locator('#raise-go').innerText(), /^(Envido 13|13 más)$/);
  await page.locator('#raise-go').click();
  await page.waitForFunction(() => window.musTable.log.some((a) => a === '0 bet 13'));
  assert.match(await page.locator('#log-list').innerText(), /Tú: (envido 13|13 más)/);
  assert.deepEqual(page.problems, []);
  await page.close();
});

test('the partner asks (R25a): the question in a bubble, "De acuerdo" first, and the answer agreed', async () => {
  const page = await newPage(table.browser);
  let asked = false;
  for (let seed = 1; seed <= 12 && !asked; seed++) {
    await open(page, table.base, seed, 0, 'online');
    asked = await playUntil(page, async () => (await page.locator('#controls .row.proposal button.agree').count()) > 0, 120);
  }
  assert.ok(asked, 'some match had the partner ask first');
  const question = await page.locator('#controls .row.proposal .bubble').innerText();
  assert.match(question, /^¿.+\?$/);
  assert.equal(await page.locator('#seat-2 .bubble.ask').innerText(), question, 'the partner\'s bubble asks the same');
  assert.equal(await page.locator('#controls button.act').first().innerText(), 'De acuerdo');
  await page.screenshot({ path: join(buildDir, 'web-table-1280.png') });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: join(buildDir, 'web-table-390.png') });
  await page.setViewportSize({ width: 1280, height: 900 });
  const before = await page.evaluate(() => window.musTable.log.length);
  await page.locator('#controls .row.proposal button.agree').click();
  await page.waitForFunction((n) => window.musTable.log.length > n, before);
  assert.match(await page.locator('#log-list').innerText(), /Estás de acuerdo/);
  assert.deepEqual(page.problems, []);
  await page.close();
});

test('tips: the library\'s tips in a box at the person\'s turn; turned off, they stay off after a reload',
  { skip: !mus.tips && 'this package has no tips function' }, async () => {
  const page = await newPage(table.browser);
  await open(page, table.base, 4, 0, 'online');
  await page.waitForSelector('body[data-turn="human"]');
  // The box shows the library's tips for this decision, in words.
  const t = await page.evaluate(() => window.musTable);
  let s = mus.State.new(mus.Rules.parse(t.rules), t.dealer);
  for (const a of t.log) s = s.apply(mus.Action.parse(a));
  const expected = mus.tips(s, 0);
  assert.ok(expected.length > 0, 'the library has tips for the first decision');
  await page.waitForSelector('#tips:not([hidden])');
  assert.equal(await page.getAttribute('#tips', 'data-count'), String(expected.length));
  for (let i = 0; i < expected.length; i++) {
    assert.notEqual(await page.locator('#tips-text').innerText(), '');
    assert.deepEqual(await engineTextOn(page, ['#tips-text', '#tips-count']), [], 'a tip in words');
    if (expected.length > 1) await page.locator('#tips-next').click();
  }
  // Off: the box closes, and after a reload it does not open by itself; "?" opens it, with
  // the switch off, and turns tips back on.
  await page.locator('#tips-on').uncheck();
  assert.ok(await page.locator('#tips').isHidden());
  await open(page, table.base, 4, 0, 'online');
  await page.waitForSelector('body[data-turn="human"]');
  await page.waitForTimeout(200);
  assert.ok(await page.locator('#tips').isHidden(), 'tips stay off after a reload');
  await page.locator('#tips-open').click();
  await page.waitForSelector('#tips:not([hidden])');
  assert.equal(await page.locator('#tips-on').isChecked(), false);
  await page.locator('#tips-on').check();
  assert.equal(await page.evaluate(() => localStorage.getItem('mus.tips')), null, 'tips on again');
  assert.deepEqual(page.problems, []);
  await page.close();
});
