// The web table: one person (seat 0, "Tú") and the library's bots on the other three seats,
// thinking in a Web Worker (worker.js). The page is the referee: it keeps the match State and
// applies every action with the library; it draws the table from the person's own view (seat 0)
// and, after each hand, the count the library made, lance by lance.
//
// Query parameters (for tests and demos): ?seed=N fixes the deals and the bots' choices;
// ?delay=ms sets the pause after each bot action (default 450).
import {
  init, Action, ActionKind, EventKind, HandEnd, LanceStatus, MusError, Phase, PRESETS, Rules, State,
} from '/libmus/esm/index.js';
import { backSvg, cardSvg } from './cards.js';

const HUMAN = 0;
const SEATS = ['Tú', 'Ane', 'Compañero', 'Iker'];
const TEAMS = ['Nosotros', 'Ellos'];
const LANCES = ['Grande', 'Chica', 'Pares', 'Juego', 'Punto'];
// The gestures of the signals (R33), in Spanish, by the library's signal names (action text).
const GESTURES = {
  two_kings: 'se muerde el centro del labio (dos reyes)',
  three_kings: 'se muerde un lado del labio (tres reyes)',
  two_aces: 'saca la punta de la lengua (dos ases)',
  three_aces: 'saca la lengua a un lado (tres ases)',
  pareja: 'ladea la cabeza (pareja)',
  medias: 'tuerce los labios a un lado (medias)',
  duples: 'levanta las cejas (duples)',
  juego_31: 'guiña un ojo (31)',
  punto_30: 'encoge los dos hombros (30)',
  punto_29: 'levanta el hombro derecho (29)',
  punto_28: 'levanta el hombro izquierdo (28)',
  ciego: 'cierra los ojos (ciego)',
  real_31: 'se toca la oreja (31 real)',
  solomillo: 'lanza un beso (solomillo)',
  need_mus: 'cierra los ojos: «¡quiero mus!»',
};
const STATUS_WORDS = {
  [LanceStatus.PENDING]: 'sin jugar',
  [LanceStatus.SKIPPED]: 'nadie lleva',
  [LanceStatus.ONE_TEAM]: 'sólo un equipo lleva',
  [LanceStatus.EN_PASO]: 'en paso',
  [LanceStatus.ACCEPTED]: 'querido',
  [LanceStatus.REFUSED]: 'no querido',
  [LanceStatus.ORDAGO]: 'órdago querido',
};

const params = new URLSearchParams(location.search);
const delay = Number(params.get('delay') ?? 450);
const $ = (id) => document.getElementById(id);
const esc = (s) => String(s).replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]);

let state = null;
let seed = 0n;
let botKind = 1;
let shuffles = 0;
let selected = new Set();
let said = ['', '', '', ''];
let declared = [[], [], [], []];
let lastCountNumber = 0;
const worker = new Worker(new URL('./worker.js', import.meta.url), { type: 'module' });
let ticket = 0;
const waiting = new Map();
worker.onmessage = ({ data }) => {
  const resolve = waiting.get(data.ticket);
  waiting.delete(data.ticket);
  resolve?.(data);
};

// What the tests read: the match's seed, rules, first dealer and every action applied, as text.
window.musTable = { log: [], rules: '', dealer: 0, seed: '0', counts: [] };

function askBot(seat) {
  return new Promise((resolve) => {
    const t = ++ticket;
    waiting.set(t, resolve);
    worker.postMessage({ ticket: t, state: state.toString(), kind: botKind, seed: String(seed * 1000n + BigInt(window.musTable.log.length) * 7n + BigInt(seat)) });
  });
}

function setTurn(turn) {
  document.body.dataset.turn = turn;
}

function signalName(action) {
  return action.toString().split(' ').pop();
}

function teamOf(seat) {
  return seat % 2;
}

function describe(e) {
  const who = e.seat === null ? '' : SEATS[e.seat];
  const lance = e.lance === null ? '' : LANCES[e.lance];
  const team = e.team === null ? '' : TEAMS[e.team];
  switch (e.kind) {
    case EventKind.DEAL: return `Reparte ${who}; es mano ${SEATS[e.value]} (mano nº ${e.amount})`;
    case EventKind.REFILL: return `Se rehace el mazo con ${e.amount} descartes`;
    case EventKind.MUS: return `${who}: mus`;
    case EventKind.CUT: return `${who}: corto, no hay mus`;
    case EventKind.DISCARD: return `${who}: descarta ${e.amount}`;
    case EventKind.REPLACE: return null;
    case EventKind.PERETE: return `${who}: ¡tío Perete! (1 para ${team})`;
    case EventKind.SIGNAL: return null;
    case EventKind.DECLARE_PARES: return `${who}: pares ${e.value ? 'sí' : 'no'}`;
    case EventKind.DECLARE_JUEGO: return `${who}: juego ${e.value ? 'sí' : 'no'}`;
    case EventKind.LANCE_START: return `— ${lance} —`;
    case EventKind.PASS: return `${who}: paso`;
    case EventKind.BET: return e.value === e.amount ? `${who}: envido ${e.amount}` : `${who}: ${e.amount} más (van ${e.value})`;
    case EventKind.ORDAGO: return `${who}: ¡órdago!`;
    case EventKind.ACCEPT: return `${who}: quiero`;
    case EventKind.REJECT: return `${who}: no quiero`;
    case EventKind.DEJE: return `${team} se lleva ${e.amount} de ${lance} (no querido)`;
    case EventKind.EN_PASO: return `${lance}: en paso`;
    case EventKind.SHOWDOWN: return `Órdago querido a ${lance}: ganan las cartas de ${who}`;
    case EventKind.COUNT: return `Cuenta: ${lance}, ${e.amount} para ${team}`;
    case EventKind.GAME: return `¡${team} ganan el juego!`;
    case EventKind.VACA: return `¡${team} ganan la vaca!`;
    case EventKind.MATCH: return `¡${team} ganan la partida!`;
    case EventKind.PROPOSE: return `${who} propone a su compañero`;
    case EventKind.AGREE: return `${who} está de acuerdo`;
    default: return null;
  }
}

function apply(action) {
  const { state: next, events } = state.applyWithEvents(action);
  state = next;
  window.musTable.log.push(action.toString());
  for (const e of events) {
    if (e.kind === EventKind.DEAL) {
      said = ['', '', '', ''];
      declared = [[], [], [], []];
      selected = new Set();
      $('signal-list').innerHTML = '';
    }
    if (e.kind === EventKind.SIGNAL) {
      const gesture = GESTURES[signalName(action)] ?? signalName(action);
      const whom = e.seat === HUMAN ? 'Tú haces' : e.seat === 2 ? 'Tu compañero hace' : `${SEATS[e.seat]} hace`;
      $('signal-list').insertAdjacentHTML('beforeend', `<li data-seat="${e.seat}">${esc(whom)} una seña: <strong>${esc(gesture)}</strong></li>`);
    }
    if (e.kind === EventKind.DECLARE_PARES) declared[e.seat].push(`pares: ${e.value ? 'sí' : 'no'}`);
    if (e.kind === EventKind.DECLARE_JUEGO) declared[e.seat].push(`juego: ${e.value ? 'sí' : 'no'}`);
    const words = describe(e);
    if (e.seat !== null && words && [EventKind.MUS, EventKind.CUT, EventKind.DISCARD, EventKind.PASS, EventKind.BET, EventKind.ORDAGO, EventKind.ACCEPT, EventKind.REJECT, EventKind.PERETE].includes(e.kind)) {
      said[e.seat] = words.slice(words.indexOf(':') + 2);
    }
    if (words) $('log-list').insertAdjacentHTML('beforeend', `<li>${esc(words)}</li>`);
  }
  $('log-list').scrollTop = $('log-list').scrollHeight;
  const count = state.lastCount();
  if (count && count.number !== lastCountNumber) {
    lastCountNumber = count.number;
    window.musTable.counts.push(count.lines.map((l) => l.points));
    renderCount(count);
  }
}

function amarracos(points) {
  const a = Math.floor(points / 5);
  const p = points % 5;
  return `${a} amarraco${a === 1 ? '' : 's'}${p ? ` y ${p} piedra${p === 1 ? '' : 's'}` : ''}`;
}

function reason(line) {
  const team = line.winnerTeam === null ? '' : TEAMS[line.winnerTeam];
  const who = line.winnerSeat === null ? '' : ` (cartas de ${SEATS[line.winnerSeat]})`;
  const tantos = line.tantos ? ` + ${line.tantos} de tantos` : '';
  switch (line.status) {
    case LanceStatus.ACCEPTED: return `envite de ${line.stake} querido${tantos}: ${team}${who}`;
    case LanceStatus.REFUSED: return `no querido: ${line.stake} para ${team}, cobrado al momento`;
    case LanceStatus.EN_PASO: return `en paso: ${team}${who} gana el lance${tantos}`;
    case LanceStatus.ONE_TEAM: return `sólo ${team} lleva${tantos}`;
    case LanceStatus.ORDAGO: return `órdago querido: ${team}${who} gana el juego`;
    case LanceStatus.SKIPPED: return 'nadie lleva: no se juega';
    default: return 'no se llegó a jugar';
  }
}

function renderCount(count) {
  const end = count.end === HandEnd.DEJE ? ' (la mano terminó al llegar a los tantos con un no querido)' :
    count.end === HandEnd.ORDAGO ? ' (terminó con un órdago)' : '';
  const rows = count.lines.map((l, i) => `<tr data-lance="${i}" data-points="${l.points}" data-team="${l.winnerTeam ?? ''}">` +
    `<td>${LANCES[l.lance]}</td><td>${STATUS_WORDS[l.status] ?? l.status}</td>` +
    `<td>${esc(reason(l))}</td><td class="points">${l.points}${l.counted || l.points === 0 ? '' : ''}</td>` +
    `<td>${l.winnerTeam === null ? '' : TEAMS[l.winnerTeam]}</td></tr>`).join('');
  const shown = count.shown ? '<p>Cartas mostradas: ' + count.shown.map((h, s) => `${SEATS[s]} ${esc(h.toString())}`).join(' · ') + '</p>' : '';
  $('count-body').dataset.hand = String(count.number);
  $('count-body').innerHTML = `<p>Mano nº ${count.number}: repartió ${SEATS[count.dealer]}, fue mano ${SEATS[count.mano]}${end}.</p>` +
    `<table class="count"><tr><th>Lance</th><th>Cómo</th><th>Por qué</th><th>Puntos</th><th>Para</th></tr>${rows}</table>` +
    `<p>Tanteo: ${TEAMS[0]} ${count.scoreBefore[0]} → ${count.scoreAfter[0]}, ${TEAMS[1]} ${count.scoreBefore[1]} → ${count.scoreAfter[1]}</p>` + shown;
}

function render() {
  const view = state.view(HUMAN);
  for (let s = 0; s < 4; s++) {
    const el = $(`seat-${s}`);
    el.classList.toggle('to-act', view.toAct === s);
    const badges = (view.dealer === s ? '<span class="badge">reparte</span>' : '') + (view.mano === s ? '<span class="badge mano">mano</span>' : '');
    let cards = '';
    if (s === HUMAN) {
      const clickable = view.phase === Phase.DISCARD && view.toAct === HUMAN;
      cards = view.hand.ids.map((id, i) => id === 255 ? '<span class="card"></span>' :
        `<button class="card${clickable ? ' clickable' : ''}${selected.has(id) ? ' selected' : ''}" data-card="${id}" data-index="${i + 1}" ` +
        `aria-pressed="${selected.has(id)}" ${clickable ? '' : 'tabindex="-1"'}>${cardSvg(id, view.hand.cards[i]?.toString())}</button>`).join('');
    } else {
      cards = backSvg().repeat(4).replace(/<svg/g, '<span class="card"><svg').replace(/<\/svg>/g, '</svg></span>');
    }
    el.innerHTML = `<div class="name">${SEATS[s]} <small>(${TEAMS[teamOf(s)]})</small>${badges}</div>` +
      `<div class="cards">${cards}</div><div class="said">${esc(said[s])}</div><div class="decl">${esc(declared[s].join(' · '))}</div>`;
  }
  const phaseWords = { [Phase.SHUFFLE]: 'barajando', [Phase.MUS]: 'mus', [Phase.DISCARD]: 'descartes', [Phase.BETTING]: 'envites', [Phase.MATCH_OVER]: 'fin de la partida', [Phase.PERETE]: 'tío Perete' };
  $('lance').textContent = view.lance === null ? `Fase: ${phaseWords[view.phase] ?? view.phase}` : `Lance: ${LANCES[view.lance]}`;
  $('bet').textContent = view.betOpen ? (view.betIsOrdago ? `Órdago de ${TEAMS[view.betTeam]}` :
    `Envite de ${TEAMS[view.betTeam]}: ${view.proposed} (si no se quiere: ${view.stakeBefore})`) : '';
  $('scores').innerHTML = [0, 1].map((t) => `<div data-team="${t}"><strong>${TEAMS[t]}</strong>: ${view.score[t]} punto${view.score[t] === 1 ? '' : 's'} — ${amarracos(view.score[t])}` +
    ` · juegos ${view.games[t]} · vacas ${view.vacas[t]}</div>`).join('');
  if (view.matchWinner !== null) {
    $('controls').innerHTML = `<p class="winner" id="winner" data-team="${view.matchWinner}">¡${TEAMS[view.matchWinner]} ganan la partida!</p>` +
      '<button id="again" data-key="Enter">Otra partida</button>';
    $('again').onclick = () => location.reload();
  }
}

function button(label, key, onClick, cls = '') {
  const b = document.createElement('button');
  b.textContent = label;
  if (key) b.dataset.key = key;
  if (cls) b.className = cls;
  b.onclick = onClick;
  return b;
}

function humanTurn() {
  setTurn('human');
  const legal = state.legalActions();
  const box = $('controls');
  box.innerHTML = '';
  const play = (a) => {
    box.innerHTML = '';
    try {
      apply(a);
    } catch (e) {
      box.innerHTML = `<p class="error">${esc(e instanceof MusError ? e.message : String(e))}</p>`;
    }
    loop();
  };
  const kinds = new Set(legal.map((a) => a.kind));
  if (kinds.has(ActionKind.MUS)) box.append(button('Mus', 'm', () => play(Action.mus(HUMAN))));
  if (kinds.has(ActionKind.CUT)) box.append(button('Cortar (no hay mus)', 'c', () => play(Action.cut(HUMAN))));
  if (kinds.has(ActionKind.DISCARD)) {
    const b = button('Descartar', 'd', () => {
      const a = Action.discard(HUMAN, [...selected]);
      if (!legal.some((l) => l.equals(a))) {
        $('status').textContent = 'Elige qué cartas tiras (haz clic en ellas o pulsa 1–4).';
        return;
      }
      selected = new Set();
      play(a);
    });
    box.append(b);
  }
  if (kinds.has(ActionKind.PASS)) box.append(button('Paso', 'p', () => play(Action.pass(HUMAN))));
  const bets = legal.filter((a) => a.kind === ActionKind.BET);
  const view = state.view(HUMAN);
  bets.forEach((a, i) => box.append(button(view.betOpen ? `${a.amount} más` : a.amount === 2 ? 'Envido' : `Envido ${a.amount}`, i === 0 ? 'e' : '', () => play(a), 'ladder')));
  const limits = state.betLimits();
  if (limits) {
    const input = document.createElement('input');
    Object.assign(input, { type: 'number', min: limits.min, max: limits.max, value: limits.min, id: 'amount' });
    input.setAttribute('aria-label', 'envite libre');
    box.append(input, button(view.betOpen ? 'Subir lo que digo' : 'Envidar lo que digo', 'a', () => play(Action.bet(HUMAN, Number(input.value)))));
  }
  if (kinds.has(ActionKind.ORDAGO)) box.append(button('Órdago', 'o', () => play(Action.ordago(HUMAN)), 'ordago'));
  if (kinds.has(ActionKind.ACCEPT)) box.append(button('Quiero', 'q', () => play(Action.accept(HUMAN))));
  if (kinds.has(ActionKind.REJECT)) box.append(button('No quiero', 'n', () => play(Action.reject(HUMAN))));
  if (kinds.has(ActionKind.PERETE)) box.append(button('¡Tío Perete!', 't', () => play(Action.perete(HUMAN))));
  const signals = legal.filter((a) => a.kind === ActionKind.SIGNAL);
  signals.forEach((a, i) => box.append(button(`Seña: ${GESTURES[signalName(a)] ?? signalName(a)}`, i === 0 ? 's' : '', () => play(a))));
  render();
  box.querySelector('button')?.focus();
}

async function loop() {
  for (;;) {
    render();
    if (state.isOver) {
      setTurn('over');
      $('status').textContent = 'Partida terminada.';
      return;
    }
    const seat = state.toAct;
    if (seat === null) {
      apply(Action.shuffle(seed * 1000003n + BigInt(++shuffles)));
      continue;
    }
    if (seat === HUMAN) {
      $('status').textContent = 'Te toca.';
      humanTurn();
      return;
    }
    setTurn('bot');
    $('status').textContent = `Piensa ${SEATS[seat]}…`;
    const answer = await askBot(seat);
    if (answer.error) {
      $('status').textContent = `Error del bot: ${answer.error}`;
      return;
    }
    if (delay > 0) await new Promise((r) => setTimeout(r, delay));
    apply(state.actionFromId(answer.id));
  }
}

function start() {
  const rules = Rules.preset($('preset').value, { target: Number($('target').value) });
  botKind = Number($('botkind').value);
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
  const card = ev.target.closest?.('button.card.clickable');
  if (!card) return;
  const id = Number(card.dataset.card);
  if (selected.has(id)) selected.delete(id); else selected.add(id);
  card.classList.toggle('selected');
  card.setAttribute('aria-pressed', String(selected.has(id)));
});

document.addEventListener('keydown', (ev) => {
  if (ev.target instanceof HTMLInputElement && ev.key !== 'Enter') return;
  if (/^[1-4]$/.test(ev.key)) {
    document.querySelector(`button.card.clickable[data-index="${ev.key}"]`)?.click();
    return;
  }
  const key = ev.key === 'Enter' ? 'Enter' : ev.key.toLowerCase();
  if (key === 'Enter' && document.activeElement instanceof HTMLButtonElement) return; // the focused button takes Enter
  const b = [...document.querySelectorAll(`button[data-key="${key}"]`)].find((x) => x.offsetParent !== null);
  if (b) {
    ev.preventDefault();
    b.click();
  }
});

await init();
for (const name of PRESETS) $('preset').insertAdjacentHTML('beforeend', `<option>${name}</option>`);
if (params.get('seed')) $('seed').value = params.get('seed');
$('preset').onchange = () => { $('target').value = Rules.preset($('preset').value).target; };
$('start').onclick = start;
$('status').textContent = 'Elige las reglas y empieza.';
document.body.dataset.ready = '1';
