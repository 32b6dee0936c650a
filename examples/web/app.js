// The web table: one person (seat 0, "Tú") and the library's bots on the other three seats,
// thinking in a Web Worker (worker.js). The page is the referee: it keeps the match State and
// applies every action with the library; it draws the table from the person's own view (seat 0)
// and, after each hand, the count the library made, lance by lance.
//
// Query parameters (for tests and demos): ?seed=N fixes the deals and the bots' choices;
// ?delay=ms sets the pause after each bot action (default 450).
import {
  init, Action, ActionKind, Bot, EventKind, HandEnd, Lance, LanceStatus, Level, levelDisplayName, MusError, Phase,
  PRESETS, Rules, State,
} from '/libmus/esm/index.js';
import { backSvg, cardSvg, NO_CARD } from './cards.js';
import { describeEvent, isSaying, lanceWords, phaseWords, statusWords, SIGNS } from './words.js';

const HUMAN = 0;
// Seat labels on the table, and the same seats inside a sentence.
const SEATS = ['Tú', 'Ane', 'Compañero', 'Iker'];
const NAMES = ['tú', 'Ane', 'tu compañero', 'Iker'];
const TEAMS = ['Nosotros', 'Ellos'];

// Spanish agreement: a seat as the subject, in the second person for the person at the table
// ("repartiste tú") and the third for the others ("repartió Ane").
function seatDoes(seat, you, other) {
  return seat === HUMAN ? `${you} tú` : `${other} ${NAMES[seat]}`;
}
// A team as the subject: first person plural for ours ("ganamos nosotros"), third for theirs.
function teamDoes(team, we, they) {
  return team === 0 ? `${we} nosotros` : `${they} ellos`;
}
// Whose cards: "tus cartas", "las cartas de Ane".
function cardsOf(seat) {
  return seat === HUMAN ? 'tus cartas' : `las cartas de ${NAMES[seat]}`;
}
const capital = (s) => s.charAt(0).toUpperCase() + s.slice(1);
const plural = (n, one, many) => `${n} ${n === 1 ? one : many}`;

const params = new URLSearchParams(location.search);
const delay = Number(params.get('delay') ?? 450);
const $ = (id) => document.getElementById(id);
const esc = (s) => String(s).replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]);

let state = null;
let rules = null;
let seed = 0n;
let botKind = 1;
let botTarget = 0; // the exploiter's target kind (0 for the other kinds)
let botLevel = null; // the level chosen (Level.*), or null when a kind was
let shuffles = 0;
let selected = new Set();
let said = ['', '', '', ''];
let declared = [[], [], [], []];
let lastCountNumber = 0;
let seenCount = 0; // the last hand whose count the person has looked at ("Siguiente mano")
let ownHand = null; // the person's last complete hand, for the table after a hand without showdown
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

function setTurn(turn) {
  document.body.dataset.turn = turn;
}

// "de pareja: ladea la cabeza" (after "la seña").
function signWords(signal) {
  const [name, gesture] = SIGNS[signal] ?? [String(signal), '?'];
  return `de ${name}: ${gesture}`;
}

function teamOf(seat) {
  return seat % 2;
}

// How the move log speaks of seats and teams (words.js's describeEvent): "repartes tú",
// "reparte Ane", "ganamos nosotros". Signals have their own list.
const GRAMMAR = {
  seat: (s) => SEATS[s],
  seatDoes,
  team: (t) => TEAMS[t],
  teamDoes,
  cardsOf,
  isMe: (s) => s === HUMAN,
  signals: false,
};
const describe = (e) => describeEvent(e, GRAMMAR);

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
    // What a seat said belongs to its lance: a new lance starts with nothing said.
    if (e.kind === EventKind.LANCE_START) said = ['', '', '', ''];
    if (e.kind === EventKind.SIGNAL) {
      const whom = e.seat === HUMAN ? 'Haces' : e.seat === 2 ? 'Tu compañero hace' : `${SEATS[e.seat]} hace`;
      $('signal-list').insertAdjacentHTML('beforeend', `<li data-seat="${e.seat}" data-signal="${action.amount}">${esc(whom)} la seña <strong>${esc(signWords(action.amount))}</strong></li>`);
    }
    if (e.kind === EventKind.DECLARE_PARES) declared[e.seat].push(`pares: ${e.value ? 'sí' : 'no'}`);
    if (e.kind === EventKind.DECLARE_JUEGO) declared[e.seat].push(`juego: ${e.value ? 'sí' : 'no'}`);
    const words = describe(e);
    if (e.seat !== null && words && isSaying(e)) {
      said[e.seat] = words.slice(words.indexOf(':') + 2);
    }
    if (words) $('log-list').insertAdjacentHTML('beforeend', `<li>${esc(words)}</li>`);
  }
  const count = state.lastCount();
  if (count && count.number !== lastCountNumber) {
    lastCountNumber = count.number;
    said = ['', '', '', ''];
    renderCount(count);
  }
}

function amarracos(points) {
  const a = Math.floor(points / 5);
  const p = points % 5;
  return `${a} amarraco${a === 1 ? '' : 's'}${p ? ` y ${p} piedra${p === 1 ? '' : 's'}` : ''}`;
}

// The tantos of a line, named partner by partner from the cards shown at the count:
// "2 tantos de pares (tú 1, tu compañero 1)".
function tantosWords(line, count) {
  if (!line.tantos) return '';
  const lance = lanceWords(line.lance).toLowerCase();
  const parts = [];
  if (count.shown && line.winnerTeam !== null) {
    for (const seat of [line.winnerTeam, line.winnerTeam + 2]) {
      const n = count.shown[seat].tantos(rules, line.lance);
      if (n) parts.push(`${NAMES[seat]} ${n}`);
    }
  }
  return `${plural(line.tantos, 'tanto', 'tantos')} de ${lance}${parts.length ? ` (${parts.join(', ')})` : ''}`;
}

// Why a line of the count scored what it did, from the library's record of it: how the lance
// was played (status), the stake, the tantos, whether the count reached it, and who won it.
function reason(line, count) {
  const t = line.winnerTeam;
  const tantos = tantosWords(line, count);
  const extra = tantos || (line.lance === Lance.PUNTO ? '1 de punto' : '');
  const cards = line.winnerSeat === null ? '' : ` con ${cardsOf(line.winnerSeat)}`;
  if (!line.counted && line.status !== LanceStatus.SKIPPED && line.status !== LanceStatus.PENDING) {
    // The count stopped before this lance (R29): say how it went and why it scored nothing.
    const won = count.gameWinner === 0 ? 'ya habíamos ganado el juego nosotros' : count.gameWinner === 1 ? 'ya habían ganado el juego ellos' : 'el juego ya estaba ganado';
    const deje = line.status === LanceStatus.REFUSED ? ` (${teamDoes(t, 'cobramos', 'cobraron')} ${line.stake} de deje al momento)` : '';
    const had = t === null ? '' : `, ${teamDoes(t, 'lo llevábamos', 'lo llevaban')}${cards}`;
    return `${statusWords(line.status)}${deje}${had}; no se contó: ${won}`;
  }
  switch (line.status) {
    case LanceStatus.ACCEPTED:
      return `envite de ${line.stake} querido: ${teamDoes(t, 'ganamos', 'ganan')}${cards}${extra ? `; más ${extra}` : ''}`;
    case LanceStatus.REFUSED:
      return `no querido: ${teamDoes(t, 'cobramos', 'cobraron')} ${line.stake} de deje al momento` +
        (extra ? `, y en la cuenta ${extra}` : ', y nada más en la cuenta');
    case LanceStatus.EN_PASO:
      return `en paso: ${teamDoes(t, 'ganamos', 'ganan')}${cards}${tantos ? `: ${tantos}` : ', 1 punto'}`;
    case LanceStatus.ONE_TEAM:
      return `sólo ${teamDoes(t, 'llevamos', 'llevan')} ${lanceWords(line.lance).toLowerCase()}${tantos ? `: ${tantos}` : ''}`;
    case LanceStatus.ORDAGO:
      return `órdago querido: ${teamDoes(t, 'ganamos', 'ganan')} el juego${cards}`;
    case LanceStatus.SKIPPED:
      return 'nadie lleva: no se juega';
    default:
      return 'no se llegó a jugar';
  }
}

function renderCount(count) {
  const end = count.end === HandEnd.DEJE ? ' La mano terminó al llegar a los tantos con un no querido.' :
    count.end === HandEnd.ORDAGO ? ' Terminó con un órdago.' : '';
  const lines = count.lines.map((l) => ({
    points: l.points,
    reason: reason(l, count),
    team: l.points > 0 && l.winnerTeam !== null ? TEAMS[l.winnerTeam] : '—',
  }));
  window.musTable.counts.push({ number: count.number, lines });
  const rows = count.lines.map((l, i) => `<tr data-lance="${i}" data-points="${l.points}" data-team="${l.winnerTeam ?? ''}" data-counted="${l.counted ? 1 : 0}">` +
    `<td>${lanceWords(l.lance)}</td><td>${statusWords(l.status)}</td>` +
    `<td class="reason">${esc(lines[i].reason)}</td><td class="points">${l.points}</td><td class="for">${lines[i].team}</td></tr>`).join('');
  const shown = count.shown ? '<p>Cartas mostradas: ' + count.shown.map((h, s) => `${SEATS[s]} ${esc(h.toString())}`).join(' · ') + '</p>' : '';
  $('count-body').dataset.hand = String(count.number);
  $('count-body').innerHTML = `<p>Mano nº ${count.number}: ${seatDoes(count.dealer, 'repartiste', 'repartió')}, ` +
    `${seatDoes(count.mano, 'fuiste mano', 'fue mano')}.${end}</p>` +
    `<table class="count"><tr><th>Lance</th><th>Cómo</th><th>Por qué</th><th>Puntos</th><th>Para</th></tr>${rows}</table>` +
    `<p id="tanteo">Tanteo: ${TEAMS[0]} ${count.scoreBefore[0]} → ${count.scoreAfter[0]}, ${TEAMS[1]} ${count.scoreBefore[1]} → ${count.scoreAfter[1]}</p>` + shown;
}

function cardButton(id, i, text, clickable) {
  return `<button class="card${clickable ? ' clickable' : ''}${selected.has(id) ? ' selected' : ''}" data-card="${id}" data-index="${i + 1}" ` +
    `aria-pressed="${selected.has(id)}" ${clickable ? '' : 'tabindex="-1"'}>${cardSvg(id, text)}</button>`;
}

function faceUp(hand) {
  return hand.ids.map((id, i) => `<span class="card shown" data-card="${id}">${cardSvg(id, hand.cards[i]?.toString())}</span>`).join('');
}

// The table. During a hand: the person's view. After a hand (until "Siguiente mano") and at the
// end of the match: that hand as it ended — its dealer and mano, the cards shown at the count
// (or an órdago) face up on every seat, and the count.
function render() {
  const view = state.view(HUMAN);
  const count = state.lastCount();
  const after = count !== null && count.number === view.handNumber && (view.phase === Phase.SHUFFLE || view.phase === Phase.MATCH_OVER);
  if (view.hand.complete) ownHand = view.hand;
  document.body.dataset.showdown = after ? String(count.number) : '';
  const dealer = after ? count.dealer : view.dealer;
  const mano = after ? count.mano : view.mano;
  for (let s = 0; s < 4; s++) {
    const el = $(`seat-${s}`);
    el.classList.toggle('to-act', view.toAct === s);
    const badges = (dealer === s ? '<span class="badge">reparte</span>' : '') + (mano === s ? '<span class="badge mano">mano</span>' : '');
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
    el.innerHTML = `<div class="name">${SEATS[s]} <small>(${TEAMS[teamOf(s)]})</small>${badges}</div>` +
      `<div class="cards">${cards}</div><div class="said">${esc(said[s])}</div><div class="decl">${esc(declared[s].join(' · '))}</div>`;
  }
  $('lance').textContent = after ? (view.phase === Phase.MATCH_OVER ? 'Fin de la partida' : `Fin de la mano nº ${count.number}`) :
    view.lance === null ? `Fase: ${phaseWords(view.phase)}` : `Lance: ${lanceWords(view.lance)}`;
  $('bet').textContent = view.betOpen ? (view.betIsOrdago ? `Órdago de ${TEAMS[view.betTeam]}` :
    `Envite de ${TEAMS[view.betTeam]}: ${view.proposed} (si no se quiere: ${view.stakeBefore})`) : '';
  // After a hand that won a game the scores are back at 0: the centre shows how the hand ended.
  const score = after && count.gameWinner !== null ? count.scoreAfter : view.score;
  $('scores').innerHTML = (after && count.gameWinner !== null ? `<div class="final">Así acabó el juego (${esc(count.gameWinner === 0 ? 'lo ganamos nosotros' : 'lo ganaron ellos')}):</div>` : '') +
    [0, 1].map((t) => `<div data-team="${t}"><strong>${TEAMS[t]}</strong>: ${score[t]} punto${score[t] === 1 ? '' : 's'} — ${amarracos(score[t])}` +
    ` · juegos ${view.games[t]} · vacas ${view.vacas[t]}</div>`).join('');
  if (view.matchWinner !== null) {
    $('controls').innerHTML = `<div class="over"><p class="winner" id="winner" data-team="${view.matchWinner}">¡${capital(teamDoes(view.matchWinner, 'ganamos', 'ganan'))} la partida!</p>` +
      '<button id="again" data-key="Enter">Otra partida</button></div>';
    $('again').onclick = () => location.reload();
  }
  $('log-list').scrollTop = $('log-list').scrollHeight; // the newest move in sight, whatever the layout did
}

function button(label, key, onClick, cls = '') {
  const b = document.createElement('button');
  b.textContent = label;
  if (key) b.dataset.key = key;
  if (cls) b.className = cls;
  b.onclick = onClick;
  return b;
}

// The amounts offered as buttons: the smallest legal bet and a few common ones; any other
// amount goes in the free field beside them.
const COMMON_BETS = [2, 5, 10];

// The person's turn: a button for each kind of legal action. `failed` is an action the library
// just refused: its error stays on screen, with the free amount as typed, until the next try.
function humanTurn(failed = null) {
  setTurn('human');
  const legal = state.legalActions();
  const box = $('controls');
  box.innerHTML = '';
  const play = (a, typed) => {
    try {
      apply(a);
    } catch (e) {
      humanTurn({ message: errorText(e), typed });
      return;
    }
    box.innerHTML = '';
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
  const view = state.view(HUMAN);
  const bets = legal.filter((a) => a.kind === ActionKind.BET);
  bets.filter((a, i) => i === 0 || COMMON_BETS.includes(a.amount)).forEach((a, i) =>
    box.append(button(view.betOpen ? `${a.amount} más` : a.amount === 2 ? 'Envido' : `Envido ${a.amount}`, i === 0 ? 'e' : '', () => play(a), 'ladder')));
  const limits = state.betLimits();
  if (limits) {
    const input = document.createElement('input');
    Object.assign(input, { type: 'number', min: limits.min, max: limits.max, value: failed?.typed ?? limits.min, id: 'amount' });
    input.setAttribute('aria-label', 'envite libre');
    input.title = `de ${limits.min} a ${limits.max}`;
    box.append(input, button(view.betOpen ? 'Subir lo que digo' : 'Envidar lo que digo', 'a', () => play(Action.bet(HUMAN, Number(input.value)), input.value)));
  }
  if (kinds.has(ActionKind.ORDAGO)) box.append(button('Órdago', 'o', () => play(Action.ordago(HUMAN)), 'ordago'));
  if (kinds.has(ActionKind.ACCEPT)) box.append(button('Quiero', 'q', () => play(Action.accept(HUMAN))));
  if (kinds.has(ActionKind.REJECT)) box.append(button('No quiero', 'n', () => play(Action.reject(HUMAN))));
  if (kinds.has(ActionKind.PERETE)) box.append(button('¡Tío Perete!', 't', () => play(Action.perete(HUMAN))));
  const signals = legal.filter((a) => a.kind === ActionKind.SIGNAL);
  signals.forEach((a, i) => box.append(button(`Seña ${signWords(a.amount)}`, i === 0 ? 's' : '', () => play(a), 'sign')));
  if (failed) box.insertAdjacentHTML('beforeend', `<p class="error" id="play-error" role="alert">No se puede: ${esc(failed.message)}</p>`);
  render();
  box.querySelector('button')?.focus();
}

// After a hand: the table shows how it ended until the person asks for the next one.
function handOver(count) {
  setTurn('human');
  $('status').textContent = `Mano nº ${count.number} terminada: mira la cuenta.`;
  const box = $('controls');
  box.innerHTML = '';
  box.append(button('Siguiente mano', 'Enter', () => {
    seenCount = count.number;
    box.innerHTML = '';
    loop();
  }, 'next'));
  render();
  box.querySelector('button').focus();
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
      const count = state.lastCount();
      if (count && count.number === state.handNumber && count.number !== seenCount) {
        handOver(count);
        return;
      }
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

// Starts a match with the rules chosen; the library checks them, and what it refuses is said
// under the form (the match does not start).
function start() {
  try {
    rules = Rules.preset($('preset').value, { target: Number($('target').value) });
  } catch (e) {
    $('setup-error').textContent = `No se puede empezar: ${errorText(e)}`;
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
// The levels first, weakest first, by their Spanish names from the library; the kind behind
// each (the menu's own word for it) in brackets and in the tooltip. The club level is chosen.
for (const level of Object.values(Level)) {
  const bot = Bot.forLevel(level);
  const kind = $('botkind').querySelector(`option[value="${bot.kind}"]`)?.textContent;
  const option = new Option(kind ? `${levelDisplayName(level)} (${kind})` : levelDisplayName(level), `level:${level}`);
  option.title = `nivel ${levelDisplayName(level)}` + (kind ? `: el bot ${kind}` : '') +
    (bot.playouts ? `, ${bot.playouts} jugadas simuladas por decisión` : '');
  option.selected = level === Level.CLUB;
  $('levels').append(option);
}
for (const name of PRESETS) $('preset').insertAdjacentHTML('beforeend', `<option>${name}</option>`);
if (params.get('seed')) $('seed').value = params.get('seed');
$('preset').onchange = () => { $('target').value = Rules.preset($('preset').value).target; };
$('start').onclick = start;
$('status').textContent = 'Elige las reglas y empieza.';
document.body.dataset.ready = '1';
