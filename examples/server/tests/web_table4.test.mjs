// The online table (examples/web/online.html) as issue 28 makes it, in headless Chromium
// through a real mus-server: four browser contexts are four people at one table of the
// `online` preset, and they play a whole match in which
//   - a gesture is made out of turn (need_mus, from the faces the own face opens) and every
//     page shows it on the gesturer's face (marked in red on the partner's page);
//   - a chat line `<b>hola</b>` arrives on every page as text;
//   - an amount below the least bet is refused with the server's reason (the rule), and a
//     raise off the bet ladder (13) is chosen with the slider;
//   - the partner answers a proposal bubble (R25a) with "De acuerdo";
//   - an órdago accepted ends the match;
//   - no button, log line or count line shows engine text, in Spanish and in English;
//   - the server's tips (hello.tips) follow each view of the seat to act and show in the tips
//     box in words, at the seat to act only; turned off, none come until "?" asks;
//     tips are turned off and stay off after a reload;
//   - a player's card shows the finished match and a friend is added;
//   - the end screen's record link (match_over.record) opens in `mus-cli replay`, whose
//     output is the match's readable page (match_over.page).
// A second case: in the lobby (refreshed fast), a table whose creator closes the tab
// disappears after the server's grace window (`--grace 1`); the small things of the forms
// (a name of spaces, an empty rules field, a clock error after a rules error).
// Screenshots at 1280×900 and 390×844 in MUS_WORKDIR (web-table4-*.png).
//
// Run by ctest (server.web_table4, label server) as `node web_table4.test.mjs` with the
// environment of web_support.mjs and MUS_CLI (mus-cli, to read the match record). Every wait
// is bounded.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { pathToFileURL } from 'node:url';
import { boundedWaits, env, freshWorkdir, launchBrowser, startServer, stopServer, webDir } from './web_support.mjs';

const { engineTextOn } = await import(pathToFileURL(join(webDir, '..', '..', 'capi', 'js', 'test', 'engine_text.mjs')).href);
const { timeLeft, waitFor } = boundedWaits(150_000);
// What the words scan reads on the online page: every place a move, an event or a count shows.
const SHOWN = ['#controls button', '#controls .row', '#log-list li', '#count-body', '.seat .bubble', '.seat .name', '.seat .badge',
  '.seat .presence', '#phase', '#bet', '#scores', '#status', '#faces', '#chat-list li'];

let workdir;
let browser;
const servers = [];

// A mus-server over a fresh database of its own, with `grace` seconds of grace; its URL.
async function serve(name, grace) {
  const { child, url } = await startServer(join(workdir, `${name}.sqlite3`), ['--test-seed', '5', '--clock', '120', '--grace', String(grace)]);
  servers.push(child);
  return url;
}

before(async () => {
  workdir = freshWorkdir('web-table4');
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
  for (const child of servers) await stopServer(child);
});

async function person(base, name, width = 1280, height = 900, query = '') {
  const ctx = await browser.newContext({ viewport: { width, height } });
  const page = await ctx.newPage();
  page.problems = [];
  page.on('pageerror', (e) => page.problems.push(`${name}: ${e.message}`));
  // The online page loads no libmus: the server gives the words' facts and the tips.
  page.on('request', (r) => { if (new URL(r.url()).pathname.startsWith('/libmus/')) page.problems.push(`${name}: loaded ${r.url()}`); });
  await page.goto(`${base}online.html${query}`);
  await page.locator('#name').fill(name);
  await page.getByRole('button', { name: 'Entrar' }).click();
  await waitFor(page, () => window.musOnline.welcomes > 0, null, `${name}'s welcome`);
  return page;
}

const stateOf = (p) => p.evaluate(() => ({ seq: window.musOnline.seq, over: window.musOnline.over !== null, view: window.musOnline.view,
  moves: window.musOnline.moves.map((a) => a.kind) }));

test('four people play a match: gestures, chat, a raise off the ladder, a partner\'s question, tips, a friend', async () => {
  const base = await serve('table4', 120);
  const names = ['Ana', 'Bea', 'Carla', 'Dani'];
  const pages = [];
  pages[0] = await person(base, names[0]);
  await pages[0].locator('#rules').fill('online target=40 games_per_vaca=1 vacas=1');
  for (const s of [1, 2, 3]) await pages[0].locator(`#kind-${s}`).selectOption('human');
  await pages[0].locator('#private').check();
  await pages[0].locator('#create').click();
  await waitFor(pages[0], () => !document.getElementById('share').hidden, null, 'the share box');
  const link = await pages[0].locator('#share-link').inputValue();
  for (const s of [1, 2, 3]) {
    pages[s] = await person(base, names[s]);
    await pages[s].goto(link);
    await waitFor(pages[s], () => !document.getElementById('invite').hidden, null, `${names[s]}'s invitation`);
    await pages[s].getByRole('button', { name: 'Sentarme en esta mesa' }).click();
    await waitFor(pages[s], (seat) => window.musOnline.seat === seat, s, `${names[s]} at seat ${s}`);
  }
  for (const p of pages) await waitFor(p, () => window.musOnline.seq !== null, null, 'the first view');

  // A gesture out of turn: a seat that is not to act opens the faces from its own face; the
  // library's gestures for it now include need_mus (the online set, the mus phase).
  await waitFor(pages[0], () => window.musOnline.view?.phase === 'mus', null, 'the mus phase');
  const toAct = (await stateOf(pages[0])).view.to_act;
  const g = [0, 1, 2, 3].find((s) => s !== toAct);
  const gp = pages[g];
  await gp.locator('#seat-bottom button.seat-face.mine').click();
  await waitFor(gp, () => !document.getElementById('faces').hidden, null, 'the faces');
  const offered = await gp.locator('#faces .face-pick').evaluateAll((bs) => bs.map((b) => [Number(b.dataset.signal), b.title]));
  const needMus = 14;
  assert.ok(offered.some(([s]) => s === needMus), `need_mus among the faces (${JSON.stringify(offered)})`);
  for (const [, title] of offered) assert.match(title, /: /, 'each face explains its gesture on hover');
  assert.equal(await gp.locator('#seat-top .seat-face.target').count(), 1, 'the partner\'s face marked while the faces are open');
  await gp.locator(`#faces .face-pick[data-signal="${needMus}"]`).click();
  for (const [s, p] of pages.entries()) {
    const pos = ['bottom', 'right', 'top', 'left'][(g - s + 4) % 4];
    await waitFor(p, (sel) => document.querySelector(sel)?.dataset.gesture === '14', `#seat-${pos} .seat-face`, `the gesture on ${names[s]}'s page`);
    if ((g + 2) % 4 === s) assert.equal(await p.locator(`#seat-${pos} .seat-face.for-me`).count(), 1, 'marked for the partner');
    assert.match(await p.locator('#log-list').innerText(), /seña de «¡quiero mus!»/);
  }
  assert.equal((await stateOf(pages[0])).view.to_act, toAct, 'the gesture did not change the turn');

  // A chat line with markup arrives as text on every page.
  await pages[1].locator('#chat-text').fill('<b>hola</b>');
  await pages[1].locator('#chat-send').click();
  for (const p of pages) {
    await waitFor(p, () => [...document.querySelectorAll('#chat-list .chat-text')].some((x) => x.textContent === '<b>hola</b>'), null, 'the chat line');
    assert.equal(await p.locator('#chat-list b').count(), 0, 'no markup from the chat');
  }
  // After a reload the chat comes back (chat_history).
  await pages[2].reload();
  await waitFor(pages[2], () => window.musOnline.welcomes > 0 && window.musOnline.seq !== null, null, 'Carla back');
  await waitFor(pages[2], () => [...document.querySelectorAll('#chat-list .chat-text')].some((x) => x.textContent === '<b>hola</b>'), null, 'the chat after a reload');
  // The server's limits said in words: a line of spaces is not sent; more than 5 lines in 10 s.
  await pages[1].locator('#chat-text').fill('   ');
  await pages[1].locator('#chat-send').click();
  assert.match(await pages[1].locator('#chat-error').innerText(), /no sólo espacios/);
  for (let i = 0; i < 6; i++) {
    await pages[1].locator('#chat-text').fill(`línea ${i}`);
    await pages[1].locator('#chat-send').click();
  }
  await waitFor(pages[1], () => document.getElementById('chat-error').dataset.code === 'rate_limited', null, 'the chat rate said');
  assert.match(await pages[1].locator('#chat-error').innerText(), /Demasiados mensajes seguidos/);

  // The match: everyone cuts; at grande the first seat raises 13 with the slider, the other
  // team's first answerer proposes "no quiero" and its partner agrees from the bubble; at
  // chica the first seat calls órdago and the other team accepts.
  let raised = false;
  let agreed = false;
  let ordago = false;
  let scannedEnglish = false;
  let tipsShown = 0;
  let offPage = -1; // the page whose tips are off for its next decision (-2: tested)
  let offSeq = -1;
  for (let round = 0; round < 400; round++) {
    assert.ok(timeLeft() > 0, 'the match did not end in time');
    const states = await Promise.all(pages.map(stateOf));
    if (states.every((x) => x.over)) break;
    const s = states.findIndex((x) => x.moves.length > 0);
    if (s < 0) {
      await new Promise((r) => setTimeout(r, 40));
      continue;
    }
    const p = pages[s];
    const { view, moves, seq } = states[s];
    const bad = await engineTextOn(p, SHOWN);
    assert.deepEqual(bad, [], `engine text on ${names[s]}'s page`);
    if (offPage === s && seq !== offSeq) {
      // Tips turned off (the `tips` message): the server sends none for this decision; the
      // "?" button asks for them, and they show.
      await new Promise((r) => setTimeout(r, 300));
      assert.equal(await p.evaluate(() => window.musOnline.tips), null, 'no tips while they are off');
      await p.locator('#tips-open').click();
      await waitFor(p, () => window.musOnline.tips !== null, null, 'the tips "?" asked for', 5_000);
      assert.equal(await p.locator('#tips').isHidden(), false, 'the box shows them');
      await p.locator('#tips-on').check();
      offPage = -2;
    }
    // The tips of the server: only on the page of the seat to act, in words. They follow the
    // view, in a second view of the same seq (docs/protocol.md, "view").
    await waitFor(p, (q) => window.musOnline.seq !== q || window.musOnline.tips !== null, seq, 'the tips of this decision', 5_000);
    const tips = await p.evaluate(() => ({ n: (window.musOnline.tips ?? []).length, text: document.getElementById('tips-text').textContent,
      count: document.getElementById('tips').dataset.count }));
    if (tips.n > 0) {
      tipsShown += 1;
      assert.equal(tips.count, String(tips.n));
      assert.ok(tips.text.length > 10 && !/sin palabras|undefined|NaN|\?»/.test(tips.text), `a tip in words: ${tips.text}`);
      if (offPage === -1 && tipsShown > 1) {
        await p.locator('#tips-on').uncheck();  // off until this page's next decision
        offPage = s;
        offSeq = seq;
      }
    }
    for (const [k, q] of pages.entries()) {
      if (k !== s) assert.equal(await q.evaluate(() => (window.musOnline.tips ?? []).length), 0, 'tips only for the seat to act');
    }
    const click = (sel) => p.locator(sel).first().click();
    if (view.phase === 'mus') {
      await click('#controls button.act[data-kind="cut"]');
    } else if (view.lance === 'grande' && !view.bet_open && !raised && await p.locator('#raise-range').count()) {
      // An amount the library refuses (below the least bet) shows the server's reason, the rule.
      await p.locator('#amount').fill('1');
      await p.locator('#raise-go').click();
      await waitFor(p, () => document.getElementById('play-error') !== null, null, 'the refused amount');
      assert.match(await p.locator('#play-error').innerText(), /^No se puede: R2\d/);
      assert.equal(await p.inputValue('#amount'), '1', 'the amount stays as typed');
      // The slider stops at what the team needs for the game; the words say so, not 986.
      const limits = await p.evaluate(() => window.musOnline.betLimits);
      assert.ok(limits.game < limits.max, JSON.stringify(limits));
      assert.equal(await p.locator('#raise-range').getAttribute('max'), String(limits.game));
      assert.equal(await p.locator('.raise-range-words').innerText(),
        `de ${limits.min} a ${limits.game}, lo que os falta para el juego (para más, el órdago)`);
      await p.locator('#raise-range').fill('13');
      assert.equal(await p.inputValue('#amount'), '13');
      assert.equal(await p.locator('#raise-go').innerText(), 'Envido 13');
      await p.locator('#raise-go').click();
      raised = true;
      await waitFor(p, () => /Tú: envido 13/.test(document.getElementById('log-list').innerText), null, 'the raise of 13');
    } else if (await p.locator('#controls .row.proposal button.agree').count()) {
      assert.match(await p.locator('#controls .row.proposal .bubble').innerText(), /^¿No quiero\?$/);
      assert.equal(await p.locator('#seat-top .bubble.ask').innerText(), '¿No quiero?', 'the partner\'s bubble asks');
      await p.screenshot({ path: join(workdir, 'web-table4-1280.png') });
      // At 1280 px the score lines and "Dejar la mesa" take one line each.
      const line = await p.locator('#scores > div').first().evaluate((el) => parseFloat(getComputedStyle(el).lineHeight) || 20);
      for (const box of await p.locator('#scores > div').evaluateAll((els) => els.map((el) => el.getBoundingClientRect().height))) {
        assert.ok(box < 1.5 * line, `a score line of one line (${box} px)`);
      }
      const [leave, lobby] = [await p.locator('#leave').boundingBox(), await p.locator('#to-lobby').boundingBox()];
      assert.ok(leave.height < 40 && Math.abs(leave.y - lobby.y) < 2, `"Dejar la mesa" on one line (${JSON.stringify(leave)})`);
      if (!scannedEnglish) {
        // The same table in English, then back.
        scannedEnglish = true;
        await p.selectOption('#lang', 'en');
        await waitFor(p, () => document.documentElement.lang === 'en', null, 'English');
        assert.deepEqual(await engineTextOn(p, SHOWN), [], 'engine text on the English page');
        assert.equal(await p.locator('#controls .row.proposal button.agree').innerText(), 'Agree');
        await p.screenshot({ path: join(workdir, 'web-table4-1280-en.png') });
        await p.selectOption('#lang', 'es');
      }
      await click('#controls .row.proposal button.agree');
      agreed = true;
    } else if (view.bet_open && view.is_ordago) {
      await click('#controls button.act[data-kind="accept"]');
    } else if (view.bet_open && view.lance === 'grande') {
      await click('#controls button.act[data-kind="reject"]');
    } else if (view.lance === 'chica' && !view.bet_open && moves.includes('ordago')) {
      await click('#controls button.act[data-kind="ordago"]');
      ordago = true;
    } else if (moves.includes('pass')) {
      await click('#controls button.act[data-kind="pass"]');
    } else if (moves.includes('discard')) {
      await p.locator('#seat-bottom button.card.clickable').first().click();
      await click('#controls button.act[data-kind="discard"]');
    } else {
      await click('#controls button.act');
    }
    await waitFor(p, (q) => window.musOnline.seq !== q || window.musOnline.over !== null, seq, `the view after ${names[s]}'s move`);
  }
  assert.ok(raised && agreed && ordago, `the match had the raise (${raised}), the agreement (${agreed}) and the órdago (${ordago})`);
  assert.ok(tipsShown > 3, `the server's tips were shown (${tipsShown} decisions)`);
  assert.equal(offPage, -2, 'tips turned off, then asked for with "?"');
  for (const p of pages) await waitFor(p, () => document.getElementById('winner') !== null, null, 'the end');
  // The end shows the last hand's dealer and mano (not the next, never-played hand's).
  const last = (await stateOf(pages[0])).view.last;
  assert.equal(await pages[0].locator('.seat .badge.mano').count(), 1);
  const manoPos = ['bottom', 'right', 'top', 'left'][(last.mano + 4) % 4];
  assert.equal(await pages[0].locator(`#seat-${manoPos} .badge.mano`).count(), 1, 'the mano of the last hand');
  assert.match(await pages[0].locator('#log-list').innerText(), /Estás de acuerdo|está de acuerdo/);
  // The count says why: the órdago won the game, and the grande's deje was paid at once.
  assert.match(await pages[0].locator('#count-body tr[data-lance="chica"] .reason').innerText(), /^órdago querido: gan(amos nosotros|an ellos) el juego/);
  assert.match(await pages[0].locator('#count-body tr[data-lance="grande"] .reason').innerText(), /de deje al momento/);

  // The record of the match opens in mus-cli replay, which prints the readable page.
  const over = await pages[0].evaluate(() => window.musOnline.over);
  const href = await pages[0].locator('#replay-link').getAttribute('href');
  assert.equal(href, over.record);
  assert.equal(over.replay, over.record, 'replay: the older name of record');
  assert.equal(await pages[0].locator('#page-link').getAttribute('href'), over.page);
  const got = await fetch(new URL(href, base));
  assert.match(got.headers.get('content-type'), /^text\/plain/);
  const record = await got.text();
  assert.match(record, /^mus-record 3\n/);
  const page = await (await fetch(new URL(over.page, base))).text();
  assert.ok(env.MUS_CLI, 'MUS_CLI names mus-cli');
  const file = join(workdir, 'match.record');
  writeFileSync(file, record);
  const out = execFileSync(env.MUS_CLI, ['replay', file], { encoding: 'utf8', timeout: 20_000 });
  assert.equal(out, page, 'mus-cli replay of the record prints the match\'s page');
  await pages[0].screenshot({ path: join(workdir, 'web-table4-end-1280.png') });

  // Tips off, and still off after a reload.
  const tp = pages[3];
  await tp.locator('#tips-open').click();
  await waitFor(tp, () => !document.getElementById('tips').hidden, null, 'the tips box');
  await tp.locator('#tips-on').uncheck();
  assert.equal(await tp.locator('#tips').isHidden(), true, 'turning tips off closes the box');
  await tp.reload();
  await waitFor(tp, () => window.musOnline.welcomes > 0, null, 'the reload');
  await tp.locator('#tips-open').click();
  assert.equal(await tp.locator('#tips-on').isChecked(), false, 'tips stay off after a reload');
  await tp.locator('#tips-close').click();

  // A player's card: Ana opens Bea's (the seat on her right), which counts the match; she
  // adds Bea as a friend.
  const ap = pages[0];
  await ap.locator('#seat-right button.who').click();
  await waitFor(ap, () => document.getElementById('info').open, null, 'Bea\'s card');
  assert.match(await ap.locator('#info-name').innerText(), /Bea/);
  assert.match(await ap.locator('#info-facts').innerText(), /Partidas: 1/);
  await ap.locator('#info-add').click();
  await waitFor(ap, () => window.musOnline.friends.some((f) => f.name === 'Bea'), null, 'Bea a friend');
  assert.match(await ap.locator('#info-friend').innerText(), /amigo/);
  await ap.locator('#info-close').click();
  await ap.setViewportSize({ width: 390, height: 844 });
  await ap.screenshot({ path: join(workdir, 'web-table4-390.png'), fullPage: true });
  await ap.setViewportSize({ width: 1280, height: 900 });

  // The lobby lists a friend's table first, marked: Carla opens a public table, then Bea.
  for (const s of [2, 1]) {
    await pages[s].locator('#again').click();
    await waitFor(pages[s], () => document.body.dataset.mode === 'lobby', null, `${names[s]} in the lobby`);
    await pages[s].locator('#kind-2').selectOption('human');
    await pages[s].locator('#create').click();
    await waitFor(pages[s], () => !document.getElementById('share').hidden, null, `${names[s]}'s public table`);
  }
  const beaTable = await pages[1].evaluate(() => window.musOnline.table);
  await ap.locator('#again').click();
  await waitFor(ap, () => document.body.dataset.mode === 'lobby', null, 'Ana in the lobby');
  await waitFor(ap, () => document.querySelectorAll('#tables-body tr').length === 2, null, 'two tables listed');
  assert.equal(await ap.locator('#tables-body tr').first().getAttribute('data-table'), beaTable, 'the friend\'s table first');
  assert.equal(await ap.locator('#tables-body tr.friend').count(), 1);
  assert.match(await ap.locator('#friends-list').innerText(), /Bea/);
  await ap.screenshot({ path: join(workdir, 'web-table4-lobby.png') });
  for (const p of pages) assert.deepEqual(p.problems, []);
  for (const p of pages) await p.context().close();
});

test('the lobby: a creator who closes the tab loses the table after the grace window; the forms', async () => {
  const base = await serve('lobby', 1);
  const x = await person(base, 'Xabi', 1280, 900, '?lobby=300');
  // An empty rules field is the form's default (online).
  await x.locator('#rules').fill('');
  for (const s of [1, 2, 3]) await x.locator(`#kind-${s}`).selectOption(s === 2 ? 'human' : 'bot');
  await x.locator('#create').click();
  await waitFor(x, () => !document.getElementById('share').hidden, null, 'Xabi\'s table');
  const id = await x.evaluate(() => window.musOnline.table);
  assert.match(await x.locator('#waiting').innerText(), /Reglas: online/);
  const y = await person(base, 'Yone', 1280, 900, '?lobby=300');
  await y.locator(`#tables-body tr[data-table="${id}"]`).waitFor({ timeout: 10_000 });
  await y.screenshot({ path: join(workdir, 'web-table4-lobby.png') });
  await x.context().close(); // the creator closes the tab
  await waitFor(y, (t) => !document.querySelector(`#tables-body tr[data-table="${t}"]`), id, 'the table gone from the lobby', 15_000);

  // A name of spaces is said, not sent.
  const ctx = await browser.newContext();
  const z = await ctx.newPage();
  await z.goto(`${base}online.html`);
  await z.locator('#name').fill('   ');
  await z.getByRole('button', { name: 'Entrar' }).click();
  assert.equal(await z.locator('#entry-error').isVisible(), true);
  assert.match(await z.locator('#entry-error').innerText(), /no sólo espacios/);
  // A clock error after a rules error: the old error goes.
  await y.locator('#rules').fill('online target=5000');
  await y.locator('#create').click();
  await waitFor(y, () => document.getElementById('online-error').dataset.code === 'bad_rules' && !document.getElementById('online-error').hidden, null, 'the rules refused');
  await y.locator('#rules').fill('online');
  await y.locator('#clock').fill('0');
  await y.locator('#create').click();
  assert.equal(await y.locator('#online-error').isHidden(), true, 'the rules error is gone');
  assert.deepEqual(y.problems, []);
  await ctx.close();
  await y.context().close();
});
