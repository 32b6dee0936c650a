// The web table's online mode (examples/web/online.html) in headless Chromium, through a real
// mus-server on a free loopback port with a fresh database: two pages (two browser contexts,
// so two players) sit as partners at seats 0 and 2 of a private table, seats 1 and 3 bots; one
// creates it and the other opens its share link; a third watches by the code. Both play by
// clicking the move buttons (by the server's kinds, in words) until the match ends; one page
// reloads mid-hand and goes on where it was (same seat, same view, same move log); the server
// is killed and restarted, and every page reconnects by itself; at the end every page shows
// the result and a link to /replays/<id>, which answers 200 with the match record. A second case
// covers the lobby (a public table listed and joined, a seat left to the bot) and refusals
// shown in words; a first checks words.js (its numbers against mus.h, both languages, every
// key the pages use); a last
// freezes the server (SIGSTOP) under a page that pings fast, which must give the silent
// socket up and come back once the server runs again (SIGCONT).
//
// Run by ctest (server.web_online, label server) as `node web_online.test.mjs` with the
// environment of web_support.mjs and MUS_HEADER (include/mus/mus.h). Every wait is bounded.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { pathToFileURL } from 'node:url';
import { boundedWaits, env, freshWorkdir, launchBrowser, serverLog, startServer, stopServer, webDir } from './web_support.mjs';

// A short match, so that the test stays well under two minutes: one game to 5 points.
const RULES = 'online target=5 games_per_vaca=1 vacas=1';
const TOTAL_MS = 200_000;
const { timeLeft, waitFor } = boundedWaits(TOTAL_MS);

let workdir;
let server;
let base;
let browser;

// Starts the test's mus-server on `port` (0: any free one) over its database.
async function startOurs(port) {
  const started = await startServer(join(workdir, 'web.sqlite3'), ['--test-seed', '11', '--clock', '120', '--grace', '120'], port);
  server = started.child;
  return started.url;
}

// Kills the server as a crash would (SIGKILL) and waits for it to be gone.
const killServer = () => stopServer(server, true);

before(async () => {
  workdir = freshWorkdir('web-online');
  base = await startOurs(0);
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
  await stopServer(server);
});

// The numbers the pages name (words.js) are mus.h's; the two languages have the same words;
// every key the pages use has words.
test('the web table\'s words name mus.h numbers, in both languages, for every key the pages use', async () => {
  const words = await import(pathToFileURL(join(webDir, 'words.js')).href);
  const header = readFileSync(env.MUS_HEADER ?? join(webDir, '..', '..', 'include', 'mus', 'mus.h'), 'utf8');
  const define = (name) => {
    const m = new RegExp(`#define ${name} (\\d+)`).exec(header);
    assert.ok(m, `${name} in mus.h`);
    return Number(m[1]);
  };
  for (const [name, n] of Object.entries(words.EVENT)) assert.equal(n, define(`MUS_EVENT_${name}`), name);
  const events = [...header.matchAll(/#define MUS_EVENT_([A-Z_]+) \d+/g)].map((m) => m[1]);
  assert.deepEqual(events.sort(), Object.keys(words.EVENT).sort(), 'every MUS_EVENT_* has a name');
  words.LANCE_BY_NUMBER.forEach((l, i) => assert.equal(define(`MUS_LANCE_${l.toUpperCase()}`), i));
  words.STATUS_BY_NUMBER.forEach((l, i) => assert.equal(define(`MUS_LANCE_STATUS_${l.toUpperCase()}`), i));
  words.PHASE_BY_NUMBER.forEach((l, i) => l && assert.equal(define(`MUS_PHASE_${l.toUpperCase()}`), i));
  words.ACTION_BY_NUMBER.forEach((l, i) => l && assert.equal(define(`MUS_ACTION_${l.toUpperCase()}`), i));
  words.BOT_BY_NUMBER.forEach((l, i) => assert.equal(define(`MUS_BOT_${l.toUpperCase()}`), i));
  const signals = [...header.matchAll(/#define MUS_SIGNAL_([A-Z0-9_]+) (\d+)/g)].filter((m) => !m[1].startsWith('S_'));
  assert.deepEqual(words.SIGNAL_BY_NUMBER, signals.map((m) => m[1].toLowerCase()), 'one name per MUS_SIGNAL_*, in order');
  for (const lang of Object.keys(words.LANGUAGES)) {
    words.setLanguage(lang);
    assert.equal(words.SIGNS[lang].length, signals.length, `one ${lang} sign per MUS_SIGNAL_*`);
    for (const l of words.LANCE_BY_NUMBER) assert.notEqual(words.lanceWords(l), l, `${lang} words for ${l}`);
    for (const l of words.STATUS_BY_NUMBER) assert.notEqual(words.statusWords(l), l, `${lang} words for ${l}`);
    for (const k of words.BOT_BY_NUMBER) assert.ok(words.botWords(k), `${lang} words for the bot kind ${k}`);
    assert.deepEqual(Object.keys(words.ERROR_WORDS[lang]).sort(), Object.keys(words.ERROR_WORDS.es).sort(), `${lang} has every error`);
  }
  // Every tip kind of mus.h (MUS_TIP_*) has words in both languages, free of engine text.
  const tipKinds = [...header.matchAll(/#define MUS_TIP_([A-Z0-9_]+) (\d+)/g)].map((m) => [m[1].toLowerCase(), Number(m[2])]);
  assert.ok(tipKinds.length >= 22, 'mus.h lists the tip kinds');
  for (const [name, n] of tipKinds) assert.equal(words.TIP_BY_NUMBER[n], name, `tip kind ${n}`);
  const { ENGINE_TEXT } = await import(pathToFileURL(join(webDir, '..', '..', 'capi', 'js', 'test', 'engine_text.mjs')).href);
  for (const lang of Object.keys(words.LANGUAGES)) {
    words.setLanguage(lang);
    for (const [name, n] of tipKinds) {
      // A tip as the server writes it (names, bit sets) and as the JS binding gives it (numbers, lists).
      for (const tip of [
        { kind: name, lance: 'grande', seat: 1, count: 2, amount: 3, score: [36, 12], signals: 5, hand: [9, 19, 0, 33], pares: 299,
          value: 31, real31_beats: true, beaten_by: [32, 40, 0], cards: '3', action: { kind: 'bet', amount: 5 }, other: { kind: 'pass' },
          points: 1.25, other_points: -0.4, chance: 0.62 },
        { kind: n, lance: 0, seat: 1, count: 2, amount: 3, score: [36, 12], signals: [0, 2], hand: { ids: [9, 19, 0, 33] }, pares: 105,
          value: 28, real31Beats: false, beatenBy: [], cards: [{ id: 0 }, { id: 1 }], action: { kind: 6, amount: 5, cards: 0n },
          other: null, points: 1.25, otherPoints: 0, chance: 0.62 },
      ]) {
        const text = words.tipWords(tip, { name: (s) => `Ane${s}`, me: 0 });
        assert.ok(text.length > 10 && !/undefined|NaN|\?\?|\[object/.test(text), `${lang} words for the tip ${name}: ${text}`);
        for (const re of ENGINE_TEXT) assert.ok(!re.test(text), `${lang} tip ${name} in words: ${text}`);
      }
    }
  }
  words.setLanguage('es');
  assert.deepEqual([...words.UI_KEYS.en].sort(), [...words.UI_KEYS.es].sort(), 'both languages have the same labels');
  // Every key the pages name (data-w* in the HTML, w('…') in the scripts) has words.
  const used = new Set();
  for (const file of ['index.html', 'online.html', 'match.html', 'app.js', 'online.js', 'match.js', 'ui.js']) {
    const text = readFileSync(join(webDir, file), 'utf8');
    for (const m of text.matchAll(/data-w(?:-[a-z]+)?="([^"]+)"/g)) used.add(m[1]);
    for (const m of text.matchAll(/\bw\('([^']+)'/g)) used.add(m[1]);
  }
  assert.ok(used.size > 100, `the pages use their labels (${used.size})`);
  for (const key of used) assert.ok(words.UI_KEYS.es.includes(key), `words for the key ${key}`);
  // Every error code of docs/protocol.md has its sentence.
  const protocol = readFileSync(join(webDir, '..', '..', 'docs', 'protocol.md'), 'utf8');
  const codes = [...protocol.matchAll(/^\| `([a-z_]+)` \| /gm)].map((m) => m[1]).filter((c) => /^[a-z_]+$/.test(c));
  const table = protocol.slice(protocol.indexOf('The codes:'));
  for (const code of codes) if (table.includes(`| \`${code}\` |`)) assert.ok(words.ERROR_WORDS.es[code], `words for ${code}`);
});

async function enter(page, name) {
  await page.locator('#name').fill(name);
  await page.getByRole('button', { name: 'Entrar' }).click();
  await waitFor(page, () => window.musOnline.welcomes > 0, null, `${name}'s welcome`);
}

// The person's choice among the move buttons, by their kinds (data-kind, the server's `kind`):
// cut, pass, refuse, accept, a discard of the first card; never a gesture (those are faces).
// Returns the kind played, or null when the page has nothing to click.
async function playOne(p) {
  const kinds = await p.$$eval('#controls button.act:not([disabled])', (bs) => bs.map((x) => x.dataset.kind));
  for (const kind of ['cut', 'pass', 'reject', 'accept', 'discard']) {
    if (!kinds.includes(kind)) continue;
    if (kind === 'discard') await p.locator('#seat-bottom button.card.clickable').first().click();
    await p.locator(`#controls button.act[data-kind="${kind}"]:not([disabled])`).first().click();
    return kind;
  }
  if (!kinds.length) return null;
  await p.locator('#controls button.act:not([disabled])').first().click();
  return kinds[0];
}

test('two pages play a match online as partners, one reloads mid-hand', async () => {
  const ctxA = await browser.newContext();
  const ctxB = await browser.newContext();
  const a = await ctxA.newPage();
  const b = await ctxB.newPage();
  const pageErrors = [];
  for (const [p, who] of [[a, 'A'], [b, 'B']]) p.on('pageerror', (e) => pageErrors.push(`${who}: ${e.message}`));

  // Ana creates a private table: she sits at 0, her partner's seat 2 waits for a person.
  await a.goto(`${base}online.html`);
  await enter(a, 'Ana');
  await a.locator('#rules').fill(RULES);
  await a.locator('#clock').fill('120'); // room for a loaded machine: the clock never runs out here
  await a.locator('#private').check();
  await a.locator('#create').click();
  await waitFor(a, () => !document.getElementById('share').hidden, null, 'the share box');
  const link = await a.locator('#share-link').inputValue();
  const code = await a.locator('#share-code').textContent();
  assert.match(link, /online\.html#code=[A-Z0-9]{6}$/);
  assert.ok(link.endsWith(code));
  assert.equal(await a.evaluate(() => window.musOnline.seat), 0);
  assert.match(await a.locator('#waiting').textContent(), /falta 1 persona/);

  // Bea enters, tries a wrong code (the refusal is shown in words), then opens the link.
  await b.goto(`${base}online.html`);
  await enter(b, 'Bea');
  const tables = await (await fetch(`${base}tables`)).json();
  assert.ok(!tables.tables.some((t) => t.rules.includes('target=5')), 'a private table is not in the lobby');
  await b.locator('#code').fill('ZZZZZZ');
  await b.locator('#code-join').click();
  await waitFor(b, () => !document.getElementById('online-error').hidden, null, 'the error banner');
  assert.equal(await b.locator('#online-error').getAttribute('data-code'), 'unknown_table');
  assert.match(await b.locator('#online-error').textContent(), /No existe esa mesa/);
  await b.goto(link);
  await waitFor(b, () => !document.getElementById('invite').hidden, null, 'the invitation');
  await b.getByRole('button', { name: 'Sentarme en esta mesa' }).click();
  await waitFor(b, () => window.musOnline.seat === 2 && window.musOnline.seq !== null, null, 'Bea at seat 2 with a view');
  await waitFor(a, () => window.musOnline.seq !== null, null, 'Ana\'s first view');

  // Who sits where, as both pages show it: two people connected, two bots.
  await waitFor(b, () => document.querySelector('#seat-top').dataset.presence === 'connected', null, 'Ana connected on Bea\'s page');
  assert.equal(await b.locator('#seat-top .name').textContent().then((t) => t.startsWith('Ana')), true);
  assert.equal(await b.locator('#seat-left').getAttribute('data-presence'), 'bot');
  assert.equal(await b.locator('#seat-right').getAttribute('data-presence'), 'bot');
  // Ana's four cards are drawn (cards.js's pictures) from the view's card ids, named by their
  // texts; the other seats' are backs.
  const faces = await a.locator('#seat-bottom .cards .card.face').evaluateAll((els) => els.map((e) => ({
    id: Number(e.dataset.id), text: e.dataset.card, label: e.querySelector('svg.card-svg')?.getAttribute('aria-label') })));
  assert.equal(faces.length, 4, 'four card pictures');
  for (const f of faces) {
    // mus.h's table: id = suit * 10 + rank, suits o c e b, ranks A 2 .. 7 J Q K.
    assert.equal(f.text, 'A234567JQK'[f.id % 10] + 'oceb'[Math.floor(f.id / 10)], `card id ${f.id} is ${f.text}`);
    assert.equal(f.label, f.text, 'the picture is named by the card\'s text');
  }
  assert.deepEqual(faces.map((f) => f.text), await a.evaluate(() => window.musOnline.hand), 'Ana\'s hand, in order');
  assert.equal(await a.locator('#seat-top .cards .card.back svg').count(), 4, 'the partner\'s cards face down');
  // The bots' kind (the heuristic: none chosen) shows at the table.
  assert.equal(await b.locator('#seat-left').getAttribute('data-bot'), 'heuristic');

  // Carla watches the private table by its code: the public view, no cards, no buttons.
  const ctxC = await browser.newContext();
  const c = await ctxC.newPage();
  c.on('pageerror', (e) => pageErrors.push(`C: ${e.message}`));
  await c.goto(`${base}online.html`);
  await enter(c, 'Carla');
  await c.locator('#code').fill(code);
  await c.getByRole('button', { name: 'Mirar', exact: true }).click();
  await waitFor(c, () => window.musOnline.table !== null && window.musOnline.seq !== null, null, 'Carla watching');
  assert.equal(await c.evaluate(() => window.musOnline.seat), null);
  assert.match(await c.locator('#controls').textContent(), /Estás mirando/);
  assert.equal(await c.locator('.card.face').count(), 0, 'a spectator sees no card faces');
  assert.equal(await c.locator('.card.back svg').count(), 16, 'a spectator sees every hand face down');

  // The match is short (test seed 11's, made by Ana: 8 clicks of the two people), so the
  // reload comes at the third click or later and the restart at the sixth.
  let clicks = 0;
  let reloaded = false;
  let restarted = false;
  const over = new Set();
  for (let round = 0; round < 2000 && over.size < 2; round++) {
    assert.ok(timeLeft() > 0, `the match did not end in ${TOTAL_MS / 1000} s (${clicks} clicks)`);
    let acted = false;
    for (const [p, who] of [[a, 'A'], [b, 'B']]) {
      if (over.has(who)) continue;
      if (await p.evaluate(() => window.musOnline.over !== null)) {
        over.add(who);
        continue;
      }
      const buttons = await p.$$eval('#controls button.act:not([disabled])', (bs) => bs.map((x) => x.dataset.kind));
      if (!buttons.length) continue;
      // Once, mid-hand and at Ana's turn (so nothing moves meanwhile): reload, and find the
      // same seat, the same seq and the same view, with the same legal buttons.
      if (who === 'A' && !reloaded && clicks >= 3) {
        reloaded = true;
        const clock = /^(\d+) s$/.exec(await p.locator('.seat.to-act .clock').textContent());
        assert.ok(clock && Number(clock[1]) > 0 && Number(clock[1]) <= 120, `the clock of the seat to act: ${clock}`);
        // The page takes views as deltas: `view` before is rebuilt from every delta of the match
        // so far, after it is the new connection's first (whole) one.
        const before = await p.evaluate(() => ({ seat: window.musOnline.seat, seq: window.musOnline.seq, view: window.musOnline.view, legal: window.musOnline.legal }));
        assert.ok(before.view && before.view.hand_ids.length === 4, 'the rebuilt view');
        const logBefore = await p.$$eval('#log-list li', (ls) => ls.map((l) => l.textContent));
        assert.ok(logBefore.length > 0);
        await p.reload();
        await waitFor(p, (seq) => window.musOnline.seq === seq, before.seq, 'Ana\'s view after the reload');
        const afterReload = await p.evaluate(() => ({ seat: window.musOnline.seat, seq: window.musOnline.seq, view: window.musOnline.view, legal: window.musOnline.legal }));
        assert.deepEqual(afterReload, before);
        assert.deepEqual(await p.$$eval('#log-list li', (ls) => ls.map((l) => l.textContent)), logBefore, 'the move log after the reload');
        assert.equal(await p.evaluate(() => window.musOnline.welcomes), 1, 'one welcome on the reloaded page');
        await waitFor(p, () => document.querySelectorAll('#controls button.act').length > 0, null, 'the buttons after the reload');
        acted = true;
        break;
      }
      // Once, later: the server dies (SIGKILL) and comes back on the same port and database;
      // every page reconnects by itself and finds the table where it was.
      if (reloaded && !restarted && clicks >= 6) {
        restarted = true;
        const seqs = await Promise.all([a, b, c].map((x) => x.evaluate(() => [window.musOnline.seq, window.musOnline.welcomes])));
        const port = new URL(base).port;
        await killServer();
        for (const x of [a, b, c]) await waitFor(x, () => !window.musOnline.connected, null, 'the pages see the drop');
        assert.match(await a.locator('#conn').textContent(), /sin conexión: reintento en \d+ s/);
        base = await startOurs(port);
        for (const [i, x] of [a, b, c].entries()) {
          await waitFor(x, ([seq, welcomes]) => window.musOnline.connected && window.musOnline.welcomes > welcomes &&
            window.musOnline.seq === seq, seqs[i], 'a page back after the restart', 30_000);
        }
        acted = true;
        break;
      }
      const seq = await p.evaluate(() => window.musOnline.seq);
      await playOne(p);
      clicks += 1;
      await waitFor(p, (s) => window.musOnline.seq !== s || window.musOnline.over !== null, seq, `the view after ${who}'s click`);
      acted = true;
    }
    if (!acted) await new Promise((r) => setTimeout(r, 50));
  }
  assert.equal(over.size, 2, `both pages saw the end (${clicks} clicks)`);
  assert.ok(reloaded, 'the reload happened');
  assert.ok(restarted, `the server restart happened (${clicks} clicks)`);
  await waitFor(c, () => document.getElementById('winner') !== null, null, 'the end on the spectator\'s page');

  // Both pages show the result and the link to the match record, which the server serves.
  const results = [];
  for (const p of [a, b]) {
    await waitFor(p, () => document.getElementById('winner') !== null, null, 'the result');
    const winner = Number(await p.locator('#winner').getAttribute('data-team'));
    const href = await p.locator('#replay-link').getAttribute('href');
    results.push([winner, href]);
    assert.match(await p.locator('#winner').textContent(), /^¡(Ganamos|Ganan ellos) la partida!$/);
  }
  assert.deepEqual(results[0], results[1]);
  const [, replay] = results[0];
  assert.match(replay, /^\/replays\/t[0-9a-f]{16}$/);
  const r = await fetch(new URL(replay, base));
  assert.equal(r.status, 200);
  const record = await r.text();
  assert.match(record, /^mus-record 3\n/);
  assert.match(record, /^rules /m);
  assert.match(record, /^end over$/m);
  assert.ok(clicks > 0);
  await a.screenshot({ path: join(workdir, 'web-online.png') });

  // The match's page (the end's other link): in a browser, the match hand by hand in the words
  // and the language of the online table, which the page's chooser shares; for any other
  // client, the text mus-cli replay prints.
  const pageHref = await a.locator('#page-link').getAttribute('href');
  assert.equal(pageHref, replay.replace('/replays/', '/matches/'));
  assert.match(await (await fetch(new URL(pageHref, base))).text(), /^Hand 1 /m, 'the text for a client that is no browser');
  const m = await ctxA.newPage();
  m.on('pageerror', (x) => pageErrors.push(`match page: ${x.message}`));
  m.on('request', (x) => { if (new URL(x.url()).pathname.startsWith('/libmus/')) pageErrors.push(`match page loaded ${x.url()}`); });
  await m.goto(new URL(pageHref, base).href);
  await waitFor(m, () => window.musMatch?.hands !== null || window.musMatch?.error !== null, null, 'the match page');
  assert.equal(await m.evaluate(() => window.musMatch.error), null);
  const hands = await m.evaluate(() => window.musMatch.hands);
  assert.ok(hands >= 1, `the match page shows ${hands} hands`);
  assert.equal(await m.locator('section.hand').count(), hands);
  const { ENGINE_TEXT } = await import(pathToFileURL(join(webDir, '..', '..', 'capi', 'js', 'test', 'engine_text.mjs')).href);
  const shown = {};
  // Who played, by name: Ana and Bea, the bots (seats 1 and 3, the club level the form chose)
  // as the lobby names them, each with its seat where the two share a name, and their team as
  // the two bots of that level. (A team may head a line, the score's, as "Los de Ana y Bea":
  // in test seed 11's match it scores nothing, and that line alone names it.)
  const players = {
    es: ['Ana y Bea (asientos 0 y 2) contra los dos bots jugador de club (asientos 1 y 3)',
      /^Bot jugador de club \(asiento [13]\): /m, /(^|\n)(Ana|Bea): /, /los de Ana y Bea/i, /los dos bots jugador de club/i],
    en: ['Ana and Bea (seats 0 and 2) against both club player bots (seats 1 and 3)',
      /^Club player bot \(seat [13]\): /m, /(^|\n)(Ana|Bea): /, /Ana and Bea/, /both club player bots/i],
  };
  for (const [lang, words] of [['es', [/^La partida mano a mano$/, /^Mano nº 1\n/, /Repart/, /\nCuenta: /, /\nTanteo: /, /Cartas mostradas:/, /la partida!/]],
    ['en', [/^The match hand by hand$/, /^Hand 1\n/, /deals/, /\nCount: /, /\nScore: /, /Cards shown:/, /the match!/]]]) {
    if (lang === 'en') await m.locator('#lang').selectOption('en');
    await waitFor(m, (l) => document.documentElement.lang === l, lang, `the match page in ${lang}`);
    shown[lang] = await m.locator('#match').innerText();
    const [h1, ...rest] = words;
    assert.match(await m.locator('h1').textContent(), h1);
    assert.match(await m.locator('section.hand[data-hand="1"]').innerText(), rest[0]);
    for (const re of rest.slice(1)) assert.match(shown[lang], re, `${lang}: ${re}`);
    const [team, ...named] = players[lang];
    assert.equal(await m.locator('#match-players').innerText(), team);
    for (const re of named) assert.match(shown[lang], re, `${lang}: the players by name, ${re}`);
    // A person is named, never numbered; a bot by its seat only beside its name.
    assert.ok(!/(^|\n)(asiento|seat) \d/i.test(shown[lang]), `${lang}: a seat by its number alone`);
    for (const re of ENGINE_TEXT) assert.ok(!re.test(shown[lang]), `${lang}: engine text ${re} on the match page`);
    assert.ok(!/⟦/.test(shown[lang]), `${lang}: a key without words on the match page`);
    await m.screenshot({ path: join(workdir, `web-match-${lang}.png`) });
  }
  assert.equal(shown.es.split('\n').length, shown.en.split('\n').length, 'the same lines in both languages');
  // The choice is the online table's: kept where online.html reads it.
  assert.equal(await m.evaluate(() => localStorage.getItem('mus.lang')), 'en');
  await m.close();
  assert.deepEqual(pageErrors, []);
  await ctxA.close();
  await ctxB.close();
  await ctxC.close();
});

test('the lobby: a refused name and table are said in words, a public table is listed and joined', async () => {
  const ctxD = await browser.newContext();
  const ctxE = await browser.newContext();
  const d = await ctxD.newPage();
  const e = await ctxE.newPage();
  const pageErrors = [];
  for (const [p, who] of [[d, 'D'], [e, 'E']]) p.on('pageerror', (x) => pageErrors.push(`${who}: ${x.message}`));
  await d.goto(`${base}online.html`);
  // A name of 34 bytes (17 letters ñ) passes the form's 32 letters but not the server's 32
  // bytes: the refusal is shown and the name asked again.
  await d.locator('#name').fill('ñ'.repeat(17));
  await d.getByRole('button', { name: 'Entrar' }).click();
  await waitFor(d, () => !document.getElementById('online-error').hidden, null, 'the refusal of the name');
  assert.equal(await d.locator('#online-error').getAttribute('data-code'), 'bad_value');
  assert.equal(await d.locator('#entry').isVisible(), true);
  await enter(d, 'Dani');
  await d.locator('#rules').fill('standard target=1000');
  await d.locator('#create').click();
  await waitFor(d, () => !document.getElementById('online-error').hidden, null, 'the refusal of the rules');
  assert.equal(await d.locator('#online-error').getAttribute('data-code'), 'bad_rules');
  assert.match(await d.locator('#online-error').textContent(), /El servidor no acepta esas reglas\. \(target must be 1\.\.999/);

  await d.locator('#rules').fill('standard target=7');
  await d.locator('#create').click();
  await waitFor(d, () => !document.getElementById('share').hidden, null, 'the public table');
  const link = await d.locator('#share-link').inputValue();
  const id = /#t=(t[0-9a-f]{16})$/.exec(link)?.[1];
  assert.ok(id, link);
  assert.equal(await d.locator('#online-error').isHidden(), true, 'the old refusal is gone');

  await e.goto(`${base}online.html`);
  await enter(e, 'Eli');
  const row = e.locator(`#tables-body tr[data-table="${id}"]`);
  await row.waitFor({ timeout: 10_000 });
  assert.match(await row.textContent(), /0: Dani/);
  await row.getByRole('button', { name: 'Sentarme en 2' }).click();
  await waitFor(e, () => window.musOnline.seat === 2 && window.musOnline.seq !== null, null, 'Eli at seat 2');
  await waitFor(d, () => window.musOnline.seq !== null, null, 'the match started for Dani');

  // A second tab of Eli's browser offers to come back as Eli (the last player, kept in
  // localStorage); taking it moves Eli there, and the first tab stops and says why, until
  // "Jugar aquí" takes the player back.
  const e2 = await ctxE.newPage();
  e2.on('pageerror', (x) => pageErrors.push(`E2: ${x.message}`));
  await e2.goto(`${base}online.html`);
  await e2.getByRole('button', { name: 'Volver como Eli' }).click();
  await waitFor(e2, () => window.musOnline.seat === 2 && window.musOnline.seq !== null, null, 'Eli in the second tab');
  await waitFor(e, () => document.getElementById('online-error').dataset.code === 'replaced', null, 'the first tab told');
  assert.equal(await e.evaluate(() => window.musOnline.connected), false);
  const welcomes = await e.evaluate(() => window.musOnline.welcomes);
  await e.getByRole('button', { name: 'Jugar aquí' }).click();
  await waitFor(e, (w) => window.musOnline.welcomes > w && window.musOnline.seat === 2, welcomes, 'Eli back in the first tab');
  await waitFor(e2, () => document.getElementById('online-error').dataset.code === 'replaced', null, 'the second tab told');
  await e2.close();

  // Dani leaves: the bot plays the seat, and Eli's page says so.
  await d.getByRole('button', { name: 'Dejar la mesa' }).click();
  await waitFor(d, () => document.body.dataset.mode === 'lobby', null, 'Dani back in the lobby');
  await waitFor(e, () => document.getElementById('seat-top').dataset.presence === 'bot-playing', null, 'the bot on Dani\'s seat');
  assert.deepEqual(pageErrors, []);
  await ctxD.close();
  await ctxE.close();
});

test('a server that stops answering is given up, and the page comes back when it answers', async () => {
  const ctx = await browser.newContext();
  const f = await ctx.newPage();
  const pageErrors = [];
  f.on('pageerror', (x) => pageErrors.push(x.message));
  // Pings every 300 ms, and 1.5 s of silence is a dead connection (30 s and 75 s by default).
  await f.goto(`${base}online.html?ping=300&dead=1500`);
  await enter(f, 'Fran');
  for (const s of [1, 2, 3]) await f.locator(`#kind-${s}`).selectOption('bot');
  // The bots offered are the library's levels, by their names for players and weakest first,
  // then its kinds, through the server; the club level is chosen at first, and under a level
  // the page says what it plays like. Fran picks a level and a kind.
  const offered = await f.locator('#bot-1 option').evaluateAll((os) => os.map((o) => [o.value, o.textContent]));
  assert.deepEqual(offered.filter(([v]) => v.startsWith('level:')), [['level:beginner', 'principiante'],
    ['level:amateur', 'aficionado'], ['level:club', 'jugador de club'], ['level:strong', 'fuerte'], ['level:expert', 'experto']]);
  for (const k of ['random', 'heuristic', 'search', 'tight', 'loose', 'station', 'ordago', 'careful']) assert.ok(offered.some(([v]) => v === k), `${k} offered`);
  assert.equal(await f.locator('#bot-1').inputValue(), 'level:club', 'the club level by default');
  assert.match(await f.locator('#bot-about-1').textContent(), /compañero/);
  await f.locator('#bot-1').selectOption('level:expert');
  assert.match(await f.locator('#bot-about-1').textContent(), /órdagos/);
  await f.locator('#bot-2').selectOption('careful');
  assert.equal(await f.locator('#bot-about-2').isHidden(), true, 'no level, no description');
  await f.screenshot({ path: join(workdir, 'web-online-create.png') });
  await f.locator('#create').click();
  await waitFor(f, () => window.musOnline.seq !== null, null, 'Fran\'s match against three bots');
  // The chosen level and kind show at the table (Fran sits at 0: seat 1 right, 2 top, 3 left)
  // and in the lobby: a level by its name, its kind still in data-bot.
  assert.equal(await f.locator('#seat-right').getAttribute('data-level'), 'expert');
  assert.equal(await f.locator('#seat-right').getAttribute('data-bot'), 'expert');
  assert.match(await f.locator('#seat-right .presence').textContent(), /bot experto/);
  assert.equal(await f.locator('#seat-top').getAttribute('data-bot'), 'careful');
  assert.equal(await f.locator('#seat-top').getAttribute('data-level'), null);
  assert.equal(await f.locator('#seat-left').getAttribute('data-level'), 'club');
  assert.match(await f.locator('#seat-left .presence').textContent(), /bot jugador de club/);
  const franTable = await f.evaluate(() => window.musOnline.table);
  const listed = (await (await fetch(`${base}tables`)).json()).tables.find((x) => x.table === franTable);
  assert.deepEqual(listed?.seats.map((x) => x.bot ?? null), [null, 'expert', 'careful', 'heuristic']);
  assert.deepEqual(listed?.seats.map((x) => x.level ?? null), [null, 'expert', null, 'club']);
  // The bots play until it is Fran's turn (slower in sanitizer builds): stop the server only
  // then, so the match cannot move on while the page is away.
  await waitFor(f, () => document.querySelectorAll('#controls button.act').length > 0, null, 'Fran to act', 30_000);
  const [seq, welcomes] = await f.evaluate(() => [window.musOnline.seq, window.musOnline.welcomes]);
  server.kill('SIGSTOP'); // the socket stays open, but nothing answers
  try {
    await waitFor(f, () => !window.musOnline.connected, null, 'the silent connection given up', 10_000);
    assert.match(await f.locator('#conn').textContent(), /sin conexión/);
  } finally {
    server.kill('SIGCONT');
  }
  await waitFor(f, ([s, w]) => window.musOnline.connected && window.musOnline.welcomes > w && window.musOnline.seq === s, [seq, welcomes], 'Fran back', 30_000);
  assert.ok(await f.locator('#controls button.act').count() > 0, 'Fran can play on');
  assert.deepEqual(pageErrors, []);
  await ctx.close();
});

test('a match that ends while the page is away shows its end on return', async () => {
  const ctx = await browser.newContext();
  const g = await ctx.newPage();
  const pageErrors = [];
  g.on('pageerror', (x) => pageErrors.push(x.message));
  await g.goto(`${base}online.html`);
  await enter(g, 'Gabi');
  // A one-second clock: away, Gabi's decisions are the bot's when each runs out.
  await g.locator('#rules').fill('online target=3');
  await g.locator('#clock').fill('1');
  for (const s of [1, 2, 3]) await g.locator(`#kind-${s}`).selectOption('bot');
  await g.locator('#create').click();
  await waitFor(g, () => window.musOnline.seq !== null, null, 'Gabi\'s match');
  const id = await g.evaluate(() => window.musOnline.table);
  await g.goto('about:blank');
  let status = 0;
  for (let i = 0; i < 240 && status !== 200 && timeLeft() > 0; i++) {
    await new Promise((r) => setTimeout(r, 250));
    status = (await fetch(`${base}replays/${id}`)).status;
  }
  assert.equal(status, 200, 'the match ended with Gabi away');
  await g.goto(`${base}online.html#t=${id}`); // as the browser's back button would
  await waitFor(g, () => document.getElementById('last-result') !== null, null, 'the end shown on return');
  assert.match(await g.locator('#last-result').textContent(), /ha terminado · verla entera/);
  assert.equal(await g.locator('#last-result a').getAttribute('href'), `/replays/${id}`);
  assert.deepEqual(pageErrors, []);
  await ctx.close();
});
