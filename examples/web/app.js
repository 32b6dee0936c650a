// The web table: one person (seat 0, "Tú") and the library's bots on the other three seats,
// thinking in a Web Worker (worker.js). The page is the referee: it keeps the match State and
// applies every action with the library; it draws the table from the person's own view (seat 0)
// and, after each hand, the count the library made, lance by lance. Every word on screen comes
// from words.js (the same words as the online page), in the person's language.
//
// The person makes a gesture (a signal, R33) at any moment from the faces their own face
// opens: the faces offered are the signals the library accepts from seat 0 now. A raise of
// any amount is chosen with a slider or a number within the library's bet limits.
//
// Query parameters (for tests and demos): ?seed=N fixes the deals and the bots' choices;
// ?delay=ms sets the pause after each bot action (default 450).
import {
  init, Action, ActionKind, Bot, BotKind, EventKind, HandEnd, Level, levelDisplayName, levelName, MusError, Phase,
  PRESETS, Rules, State,
} from '/libmus/esm/index.js';
import * as libmus from '/libmus/esm/index.js';
import { backSvg, cardSvg, NO_CARD } from './cards.js';
import { bubbleHtml, button, esc, faceHtml, fillFaces, GESTURE_MS, arrowHtml, marksHtml, mountShared, placeFaces, raiseRow, shownCardsHtml, TipsBox } from './ui.js';
import {
  agreeWords, amarracos, botWords, countReason, describeEvent, grammar, lanceWords, LANGUAGE_KEY, languageChooser, levelWords, moveWords,
  phaseWords, proposalWords, sayingWords, setLanguage, signWords, statusWords, translatePage, w, ACTION_BY_NUMBER, EVENT, SIGNS,
} from './words.js';

const HUMAN = 0;
const PARTNER = 2;
setLanguage(localStorage.getItem(LANGUAGE_KEY) ?? 'es');
mountShared(document);

// How the words speak of this page's seats: the person at seat 0, "Ane", "tu compañero", "Iker".
const PEOPLE = { name: (s) => w('offline.names')[s], me: HUMAN };
const seatLabel = (s) => w('offline.seat.names')[s];
const capital = (s) => s.charAt(0).toUpperCase() + s.slice(1);

const params = new URLSearchParams(location.search);
const delay = Number(params.get('delay') ?? 450);
const $ = (id) => document.getElementById(id);

let state = null;
let rules = null;
let seed = 0n;
let botKind = 1;
let botTarget = 0; // the exploiter's target kind (0 for the other kinds)
let botLevel = null; // the level chosen (Level.*), or null when a kind was
let shuffles = 0;
let selected = new Set();
let said = [null, null, null, null];       // what each seat said in this lance (an event)
let gestures = [null, null, null, null];   // each seat's gesture on its face: { signal, until }
let declared = [[], [], [], []];
let signs = [];                            // this hand's signals: [seat, signal]
let logEvents = [];                        // the move log, as events (it reads in either language)
let lastCountNumber = 0;
let lastCount = null;
let seenCount = 0; // the last hand whose count the person has looked at ("Siguiente mano")
let ownHand = null; // the person's last complete hand, for the table after a hand without showdown
let facesOpen = false;
let redraw = null; // draws the controls again (after a gesture, or a change of language)
const worker = new Worker(new URL('./worker.js', import.meta.url), { type: 'module' });
let ticket = 0;
const waiting = new Map();
worker.onmessage = ({ data }) => {
  const resolve = waiting.get(data.ticket);
  waiting.delete(data.ticket);
  resolve?.(data);
};

// What the tests read: the match's seed, rules, first dealer and every action applied, as text;
// each count as shown (points, reason and team of each line); the signal words.
window.musTable = { log: [], rules: '', dealer: 0, seed: '0', counts: [], signs: SIGNS };

// A library error as the person reads it: the library's own text, without the binding's
// function name in front.
function errorText(e) {
  if (!(e instanceof MusError)) return String(e);
  const prefix = `${e.function}: `;
  return e.message.startsWith(prefix) ? e.message.slice(prefix.length) : e.message;
}

function askBot(seat) {
  return new Promise((resolve) => {
    const t = ++ticket;
    waiting.set(t, resolve);
    worker.postMessage({ ticket: t, state: state.toString(), kind: botKind, target: botTarget, level: botLevel, seed: String(seed * 1000n + BigInt(window.musTable.log.length) * 7n + BigInt(seat)) });
  });
}

// The library's tips for a seat's decision (a package without mus_state_tips gives none).
function tipsFor(seat) {
  return libmus.tips ? libmus.tips(state, seat) : [];
}

function setTurn(turn) {
  document.body.dataset.turn = turn;
}

// The signals the library accepts from the person now (at the person's turn or not): those
// whose action it would apply.
function gesturesNow() {
  if (!state || state.isOver) return [];
  return SIGNS.es.map((_, k) => k).filter((k) => {
    try {
      state.apply(Action.signal(HUMAN, k));
      return true;
    } catch {
      return false;
    }
  });
}

function apply(action) {
  const { state: next, events } = state.applyWithEvents(action);
  state = next;
  window.musTable.log.push(action.toString());
  for (const e of events) {
    if (e.kind === EventKind.DEAL) {
      said = [null, null, null, null];
      declared = [[], [], [], []];
      signs = [];
      selected = new Set();
    }
    // What a seat said belongs to its lance: a new lance starts with nothing said.
    if (e.kind === EventKind.LANCE_START) said = [null, null, null, null];
    if (e.kind === EventKind.SIGNAL) {
      signs.push([e.seat, e.value]);
      gestures[e.seat] = { signal: e.value, until: Date.now() + GESTURE_MS };
      setTimeout(render, GESTURE_MS + 50);
    }
    if (e.kind === EventKind.DECLARE_PARES) declared[e.seat].push(['pares', e.value]);
    if (e.kind === EventKind.DECLARE_JUEGO) declared[e.seat].push(['juego', e.value]);
    if (e.seat !== null && sayingWords(e) !== null) said[e.seat] = e;
    logEvents.push(e);
  }
  const count = state.lastCount();
  if (count && count.number !== lastCountNumber) {
    lastCountNumber = count.number;
    said = [null, null, null, null];
    lastCount = count;
    renderCount(count, true);
  }
}

// The move log and the signals made this hand, in the language (again from the start after
// a change of language).
function renderLog() {
  const list = $('log-list');
  const lang = document.documentElement.lang;
  if (list.dataset.lang !== lang) {
    list.innerHTML = '';
    list.dataset.lang = lang;
    list.dataset.count = '0';
  }
  const p = { ...PEOPLE, signals: false };
  for (const e of logEvents.slice(Number(list.dataset.count))) {
    const words = describeEvent(e, p);
    if (words) list.insertAdjacentHTML('beforeend', `<li>${esc(words)}</li>`);
  }
  list.dataset.count = String(logEvents.length);
  $('signal-list').innerHTML = signs.map(([seat, k]) => {
    const whom = seat === HUMAN ? w('offline.sign.you') : seat === PARTNER ? w('offline.sign.partner') : w('offline.sign.other', seatLabel(seat));
    const sw = signWords(k);
    return `<li data-seat="${seat}" data-signal="${k}">${esc(w('offline.sign.made', whom, sw.name, sw.gesture))}</li>`;
  }).join('');
}

// The count of a hand, line by line with its reason (words.js's countReason, the tantos split
// partner by partner with the library's Hand.tantos). `record`: keep it for the tests.
function renderCount(count, record = false) {
  const end = count.end === HandEnd.DEJE ? w('count.deje.end') : count.end === HandEnd.ORDAGO ? w('count.ordago.end') : '';
  const g = grammar(PEOPLE);
  const lines = count.lines.map((l) => {
    const split = count.shown && l.winnerTeam !== null ?
      [l.winnerTeam, l.winnerTeam + 2].map((s) => [s, count.shown[s].tantos(rules, l.lance)]) : [];
    return {
      points: l.points,
      reason: countReason({ ...l, split }, count, PEOPLE),
      team: l.points > 0 && l.winnerTeam !== null ? g.teamLabel(l.winnerTeam) : '—',
    };
  });
  if (record) window.musTable.counts.push({ number: count.number, lines });
  const rows = count.lines.map((l, i) => `<tr data-lance="${i}" data-points="${l.points}" data-team="${l.winnerTeam ?? ''}" data-counted="${l.counted ? 1 : 0}">` +
    `<td>${esc(lanceWords(l.lance))}</td><td>${esc(statusWords(l.status))}</td>` +
    `<td class="reason">${esc(lines[i].reason)}</td><td class="points">${l.points}</td><td class="for">${esc(lines[i].team)}</td></tr>`).join('');
  const shown = count.shown ? shownCardsHtml(count.shown.flatMap((h) => [...h.ids]), seatLabel) : '';
  $('count-body').dataset.hand = String(count.number);
  const head = w('offline.count.head', capital(g.seatDoes(count.dealer, w('offline.dealt'), w('offline.dealt.other'))),
    g.seatDoes(count.mano, w('offline.was.mano'), w('offline.was.mano.other')));
  $('count-body').innerHTML = `<p>${esc(w('count.hand', count.number))}: ${esc(head)}${esc(end)}</p>` +
    `<table class="count"><tr><th>${esc(w('count.lance'))}</th><th>${esc(w('count.how'))}</th><th>${esc(w('count.why'))}</th>` +
    `<th>${esc(w('count.points'))}</th><th>${esc(w('count.for'))}</th></tr>${rows}</table>` +
    `<p id="tanteo">${esc(w('count.scores', g.teamLabel(0), g.teamLabel(1), count.scoreBefore, count.scoreAfter))}</p>` + shown;
}

function cardButton(id, i, text, clickable) {
  return `<button type="button" class="card${clickable ? ' clickable' : ''}${selected.has(id) ? ' selected' : ''}" data-card="${id}" data-index="${i + 1}" ` +
    `aria-pressed="${selected.has(id)}" ${clickable ? '' : 'tabindex="-1"'}>${cardSvg(id, text)}</button>`;
}

function faceUp(hand) {
  return hand.ids.map((id, i) => `<span class="card shown" data-card="${id}">${cardSvg(id, hand.cards[i]?.toString())}</span>`).join('');
}

// A seat's declarations (pares, juego) in words.
function declaredWords(seat) {
  return declared[seat].map(([what, yes]) => describeEvent({ kind: what === 'pares' ? EVENT.DECLARE_PARES : EVENT.DECLARE_JUEGO, seat: null, value: yes }, PEOPLE).replace(/^: /, '')).join(' · ');
}

// The table. During a hand: the person's view. After a hand (until "Siguiente mano") and at the
// end of the match: that hand as it ended — its dealer and mano, the cards shown at the count
// (or an órdago) face up on every seat, and the count.
function render() {
  if (!state) return;
  const view = state.view(HUMAN);
  const count = state.lastCount();
  const after = count !== null && count.number === view.handNumber && (view.phase === Phase.SHUFFLE || view.phase === Phase.MATCH_OVER);
  if (view.hand.complete) ownHand = view.hand;
  document.body.dataset.showdown = after ? String(count.number) : '';
  const dealer = after ? count.dealer : view.dealer;
  const mano = after ? count.mano : view.mano;
  const g = grammar(PEOPLE);
  for (let s = 0; s < 4; s++) {
    const el = $(`seat-${s}`);
    el.classList.toggle('to-act', view.toAct === s);
    el.classList.toggle('mine', s === HUMAN);
    const badges = marksHtml({ dealer: dealer === s, mano: mano === s });
    let cards = '';
    if (after && count.shown) {
      cards = faceUp(count.shown[s]);
    } else if (after && s === HUMAN && ownHand) {
      cards = faceUp(ownHand);
    } else if (s === HUMAN) {
      const clickable = view.phase === Phase.DISCARD && view.toAct === HUMAN;
      cards = view.hand.ids.map((id, i) => id === NO_CARD ? '<span class="card empty"></span>' : cardButton(id, i, view.hand.cards[i]?.toString(), clickable)).join('');
    } else {
      cards = backSvg().repeat(4).replace(/<svg/g, '<span class="card"><svg').replace(/<\/svg>/g, '</svg></span>');
    }
    const ges = gestures[s] && gestures[s].until > Date.now() ? gestures[s].signal : null;
    const face = faceHtml({ seat: s, name: seatLabel(s), gesture: ges, mine: s === HUMAN && !state.isOver && !after,
      forMe: s === PARTNER && ges !== null, target: s === PARTNER && facesOpen, open: facesOpen });
    const e = said[s];
    el.innerHTML = `<div class="cards">${cards}</div><div class="id-row">${face}<div class="id">${arrowHtml(view.toAct === s && !after)}<span class="name">${esc(seatLabel(s))} ` +
      `<small>(${esc(g.teamLabel(s % 2))})</small></span>${badges}<div class="decl">${esc(declaredWords(s))}</div></div></div>` +
      bubbleHtml(e ? sayingWords(e) : '', e?.kind === EVENT.PROPOSE).replace('class="bubble', 'class="said bubble');
  }
  $('lance').textContent = after ? (view.phase === Phase.MATCH_OVER ? w('offline.end.match') : w('offline.end.hand', count.number)) :
    view.lance === null ? w('phase.now', phaseWords(view.phase)) : w('lance.now', lanceWords(view.lance));
  $('alert').hidden = !(view.toAct === HUMAN && document.body.dataset.turn === 'human');
  $('bet').textContent = view.betOpen ? (view.betIsOrdago ? w('bet.ordago', g.team(view.betTeam)) :
    w('bet.open', g.team(view.betTeam), view.proposed, view.stakeBefore)) : '';
  $('bet').classList.toggle('stake', view.betOpen);
  // After a hand that won a game the scores are back at 0: the centre shows how the hand ended.
  const score = after && count.gameWinner !== null ? count.scoreAfter : view.score;
  $('scores').innerHTML = (after && count.gameWinner !== null ? `<div class="final">${esc(w('score.final', count.gameWinner === 0 ? w('score.we.won') : w('score.they.won')))}</div>` : '') +
    [0, 1].map((t) => `<div data-team="${t}"><span><strong>${esc(w('score.points', g.teamLabel(t), score[t]))}</strong></span> ` +
      `<span>(${esc(amarracos(score[t]))})</span> <span>· ${esc(w('score.games', view.games[t], view.vacas[t]))}</span></div>`).join('');
  if (view.matchWinner !== null) {
    $('controls').innerHTML = `<div class="over"><p class="winner" id="winner" data-team="${view.matchWinner}">${esc(view.matchWinner === 0 ? w('winner.we') : w('winner.they'))}</p></div>`;
    const again = button(w('offline.again'), () => location.reload(), '', { key: 'Enter' });
    again.id = 'again';
    $('controls').querySelector('.over').append(again);
  }
  renderLog();
  renderFaces();
  $('log-list').scrollTop = $('log-list').scrollHeight; // the newest move in sight, whatever the layout did
}

// The faces the person's own face opens: the signals the library accepts from seat 0 now.
function renderFaces() {
  const open = facesOpen && state && !state.isOver;
  $('faces').hidden = !open;
  if (!open) return;
  fillFaces($('faces-list'), gesturesNow(), HUMAN, (k) => {
    facesOpen = false;
    apply(Action.signal(HUMAN, k));
    render();
    redraw?.();
  });
  placeFaces($('faces'), document.querySelector('#seat-0'), $('table'));
}

// The amounts offered as buttons: the smallest legal bet and a few common ones; any other
// amount with the slider (or the number) beside them.
const COMMON_BETS = [2, 5, 10];
// Keys for the moves: m mus, c cut, d discard, p pass, e the first bet, o órdago, q quiero,
// n no quiero, t tío Perete.
const KEYS = { mus: 'm', cut: 'c', discard: 'd', pass: 'p', ordago: 'o', accept: 'q', reject: 'n', perete: 't' };

// The person's turn: a button for each legal move (signals are made with the faces), the
// partner's question first when there is one (R25a). `failed` is an action the library just
// refused: its error stays on screen, with the free amount as typed, until the next try.
function humanTurn(failed = null) {
  setTurn('human');
  redraw = () => humanTurn(failed);
  const legal = state.legalActions().filter((a) => a.kind !== ActionKind.SIGNAL);
  const view = state.view(HUMAN);
  const box = $('controls');
  box.innerHTML = '';
  const play = (a, typed) => {
    try {
      apply(a);
    } catch (e) {
      humanTurn({ message: errorText(e), typed });
      return;
    }
    redraw = null;
    box.innerHTML = '';
    tipsBox.show([]);
    loop();
  };
  const move = (a, label, cls = '') => button(label, () => play(a), `act${cls}`, { kind: ACTION_BY_NUMBER[a.kind], amount: String(a.amount) });
  // The partner's question (R25a): agreeing is the legal move that repeats it.
  if (view.proposal && view.proposer !== null && view.proposer !== HUMAN) {
    const agree = legal.find((a) => a.kind === view.proposal && (a.kind !== ActionKind.BET || a.amount === view.proposalAmount));
    const ask = document.createElement('div');
    ask.className = 'row proposal';
    ask.innerHTML = `<span>${esc(w('proposal.from', capital(PEOPLE.name(view.proposer))))}</span> <span class="bubble ask">${esc(proposalWords(view.proposal, view.proposalAmount))}</span>`;
    if (agree) ask.append(move(agree, agreeWords(), ' agree'));
    box.append(ask);
  }
  const row = document.createElement('div');
  row.className = 'row moves';
  const kinds = new Set(legal.map((a) => a.kind));
  const first = (kind) => legal.find((a) => a.kind === kind);
  for (const kind of [ActionKind.MUS, ActionKind.CUT, ActionKind.PASS]) {
    if (kinds.has(kind)) row.append(move(first(kind), moveWords({ kind })));
  }
  if (kinds.has(ActionKind.DISCARD)) row.append(discardButton(legal, play));
  const bets = legal.filter((a) => a.kind === ActionKind.BET);
  bets.filter((a, i) => i === 0 || COMMON_BETS.includes(a.amount)).forEach((a, i) => {
    const b = move(a, moveWords({ kind: 'bet', amount: a.amount }, view.betOpen), ' ladder');
    if (i === 0) b.dataset.key = 'e';
    row.append(b);
  });
  for (const kind of [ActionKind.ORDAGO, ActionKind.ACCEPT, ActionKind.REJECT, ActionKind.PERETE]) {
    if (kinds.has(kind)) row.append(move(first(kind), moveWords({ kind }), kind === ActionKind.ORDAGO ? ' ordago' : ''));
  }
  for (const b of row.querySelectorAll('button')) {
    const key = KEYS[b.dataset.kind];
    if (key && !b.dataset.key) b.dataset.key = key;
  }
  box.append(row);
  const limits = state.betLimits();
  // The slider stops at the bet (or raise over the open bet's stake) that gives the person's
  // team (team 0) what it still needs for the game, as the server's bet_limits.game.
  const game = state.rules.target - view.score[0] - (view.betOpen ? view.proposed : 0);
  if (limits) box.append(raiseRow({ min: limits.min, max: limits.max, game, open: view.betOpen, typed: failed?.typed, bet: (n, typed) => play(Action.bet(HUMAN, n), typed) }));
  if (failed) box.insertAdjacentHTML('beforeend', `<p class="error" id="play-error" role="alert">${esc(w('play.refused', failed.message))}</p>`);
  // The library's tips for this decision (the box opens by itself while the switch is on).
  tipsBox.show(tipsFor(HUMAN), { ...PEOPLE, open: view.betOpen });
  render();
  box.querySelector('button')?.focus();
}

// The discard of the cards chosen on the table (clicked, or keys 1–4): the button says how
// many, and the library's legal list says whether that discard is allowed.
function discardButton(legal, play) {
  const b = button('', () => {
    const a = Action.discard(HUMAN, [...selected]);
    if (!legal.some((l) => l.equals(a))) {
      $('status').textContent = w('discard.pick');
      return;
    }
    selected = new Set();
    play(a);
  }, 'act discard', { kind: 'discard', key: 'd' });
  b.id = 'discard';
  const say = () => { b.textContent = selected.size ? moveWords({ kind: 'discard', cards: [...selected] }) : w('discard.none'); };
  say();
  b.say = say;
  return b;
}

// After a hand: the table shows how it ended until the person asks for the next one.
function handOver(count) {
  setTurn('human');
  redraw = () => handOver(count);
  $('status').textContent = w('offline.hand.over', count.number);
  const box = $('controls');
  box.innerHTML = '';
  box.append(button(w('offline.next'), () => {
    seenCount = count.number;
    redraw = null;
    box.innerHTML = '';
    loop();
  }, 'next', { key: 'Enter' }));
  render();
  box.querySelector('button').focus();
}

async function loop() {
  for (;;) {
    render();
    if (state.isOver) {
      setTurn('over');
      $('status').textContent = w('status.over');
      redraw = () => { $('status').textContent = w('status.over'); };
      return;
    }
    const seat = state.toAct;
    if (seat === null) {
      const count = state.lastCount();
      if (count && count.number === state.handNumber && count.number !== seenCount) {
        handOver(count);
        return;
      }
      apply(Action.shuffle(seed * 1000003n + BigInt(++shuffles)));
      continue;
    }
    if (seat === HUMAN) {
      $('status').textContent = w('status.your.turn');
      humanTurn();
      return;
    }
    setTurn('bot');
    redraw = () => { $('status').textContent = w('offline.thinks', seatLabel(seat)); };
    redraw();
    const answer = await askBot(seat);
    if (answer.error) {
      $('status').textContent = w('offline.bot.error', answer.error);
      return;
    }
    if (delay > 0) await new Promise((r) => setTimeout(r, delay));
    apply(state.actionFromId(answer.id));
  }
}

// Starts a match with the rules chosen; the library checks them, and what it refuses is said
// under the form (the match does not start).
function start() {
  try {
    rules = Rules.preset($('preset').value, { target: Number($('target').value) });
  } catch (e) {
    $('setup-error').textContent = w('offline.cant.start', errorText(e));
    $('setup-error').hidden = false;
    return;
  }
  $('setup-error').hidden = true;
  // A value is "level:N" for a level, a kind, or "kind:target" for an exploiter of the target kind.
  const choice = $('botkind').value;
  botLevel = choice.startsWith('level:') ? Number(choice.slice('level:'.length)) : null;
  if (botLevel === null) [botKind, botTarget = 0] = choice.split(':').map(Number);
  seed = BigInt($('seed').value || Math.floor(Math.random() * 1e9));
  const dealer = Number(seed % 4n);
  state = State.new(rules, dealer);
  Object.assign(window.musTable, { rules: rules.toString(), dealer, seed: String(seed), log: [], counts: [] });
  $('setup').hidden = true;
  $('table').hidden = false;
  $('side').hidden = false;
  loop();
}

document.addEventListener('click', (ev) => {
  if (ev.target.closest?.('button.seat-face.mine')) {
    facesOpen = !facesOpen;
    render();
    if (facesOpen) $('faces-list').querySelector('button')?.focus();
    return;
  }
  const card = ev.target.closest?.('button.card.clickable');
  if (!card) return;
  const id = Number(card.dataset.card);
  if (selected.has(id)) selected.delete(id); else selected.add(id);
  card.classList.toggle('selected');
  card.setAttribute('aria-pressed', String(selected.has(id)));
  $('discard')?.say?.();
});
$('faces-close').onclick = () => { facesOpen = false; render(); };

document.addEventListener('keydown', (ev) => {
  if (ev.target instanceof HTMLInputElement && ev.key !== 'Enter') return;
  if (ev.key === 'Escape' && facesOpen) {
    facesOpen = false;
    render();
    return;
  }
  if (/^[1-4]$/.test(ev.key)) {
    document.querySelector(`button.card.clickable[data-index="${ev.key}"]`)?.click();
    return;
  }
  const key = ev.key === 'Enter' ? 'Enter' : ev.key.toLowerCase();
  if (key === 'Enter' && document.activeElement instanceof HTMLButtonElement) return; // the focused button takes Enter
  if (key === 's' && state && !state.isOver) {
    document.querySelector('#seat-0 button.seat-face.mine')?.click();
    return;
  }
  const b = [...document.querySelectorAll(`button[data-key="${key}"]`)].find((x) => x.offsetParent !== null);
  if (b) {
    ev.preventDefault();
    b.click();
  }
});

// The bots of the menu: first the levels, weakest first, by their names (words.js's levelWords:
// the library's own in Spanish), what each plays like and the bot behind it in its tooltip, the club level chosen at first; then the library's kinds (mus.h's MUS_BOT_*,
// named by words.js, the same words as the online page) and the exploiter of the heuristic.
function fillBotKinds() {
  const box = $('botkind');
  const chosen = box.value || `level:${Level.CLUB}`;
  const levels = Object.values(Level).sort((a, b) => a - b).map((level) => {
    const bot = Bot.forLevel(level);
    const words = levelWords({ id: levelName(level), name: levelDisplayName(level) });
    const tip = `${words.about} (${w('bots.level.title', botWords(bot.kind), bot.playouts)})`;
    return `<option value="level:${level}" title="${esc(tip)}">${esc(words.name)}</option>`;
  });
  const kinds = Object.values(BotKind).filter((k) => k !== BotKind.EXPLOITER).sort((a, b) => a - b);
  box.innerHTML = `<optgroup id="levels" label="${esc(w('bots.levels'))}">${levels.join('')}</optgroup>` +
    `<optgroup label="${esc(w('bots.kinds'))}">` +
    kinds.map((k) => `<option value="${k}">${esc(botWords(k))}</option>`).join('') +
    `<option value="${BotKind.EXPLOITER}:${BotKind.HEURISTIC}">${esc(botWords(BotKind.EXPLOITER, BotKind.HEURISTIC))}</option></optgroup>`;
  box.value = chosen;
}

// The labels in the person's language, and again after a change of language.
const tipsBox = new TipsBox(document, localStorage);
function relabel() {
  translatePage(document);
  document.title = w('page.offline.title');
  if (!lastCount) $('count-body').textContent = w('count.none');
  fillBotKinds();
  tipsBox.render();
}

await init();
for (const name of PRESETS) $('preset').insertAdjacentHTML('beforeend', `<option>${name}</option>`);
if (params.get('seed')) $('seed').value = params.get('seed');
$('preset').onchange = () => { $('target').value = Rules.preset($('preset').value).target; };
$('start').onclick = start;
languageChooser($('lang'), localStorage, () => {
  relabel();
  if (lastCount) renderCount(lastCount);
  if (redraw) redraw();
  else if (!state) $('status').textContent = w('offline.choose');
  render();
});
relabel();
$('status').textContent = w('offline.choose');
document.body.dataset.ready = '1';
