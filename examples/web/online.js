// The online table: the web table playing through mus-server (docs/protocol.md) instead of
// against bots in this page. The page decides nothing about the game: what a seat sees, which
// actions it may take and what they are called, the events and the count all come in the
// server's messages (the library's answers), and the page only draws them and sends the id of
// the action the person clicks, with the `seq` of the view it answers. It does not load the
// libmus package at all.
//
// Who you are: the server's resume token. It is kept per tab in sessionStorage, so that a
// reload of the tab comes back to the same seat and two tabs of one browser can be two players
// (partners, say); the last token is also kept in localStorage, so that a new tab (or the
// browser after a restart) can offer to come back as that player. The move log of each table
// is kept per tab too, since a resumed player is sent only the events it has not been sent.
//
// The connection: one WebSocket at /ws. When it drops the page reconnects by itself, waiting
// 0.5 s, 1 s, 2 s, ... up to 15 s (with some jitter) between tries, and says so; the server
// gives back the seat, the current view and the events missed. A ping every 30 s, and a
// socket silent for 75 s counts as dropped.
//
// Links: online.html#t=<table id> (a public table), online.html#code=<join code> (a private
// one). The share box under the table gives the link to send to a friend.
//
// Cards are drawn from the ids the views carry beside the texts (`hand_ids`, `shown_ids`),
// with the offline page's drawing (cards.js), and named by the texts. The bot kinds of the
// create form are the server's list (`welcome.bot_kinds`, the library's kinds).
import { backSvg, cardSvg, NO_CARD } from './cards.js';
import { botWords, describeEvent, isSaying, lanceWords, phaseWords, statusWords, ERROR_WORDS, EVENT } from './words.js';

const TOKEN_KEY = 'mus.online.token';   // sessionStorage: this tab's player
const WATCH_KEY = 'mus.online.watch';   // sessionStorage: the table this tab watches
const RESULT_KEY = 'mus.online.result'; // sessionStorage: the last match this tab saw end
const LAST_KEY = 'mus.online.last';     // localStorage: the last player of this browser
const logKey = (id) => `mus.online.log.${id}`; // sessionStorage: a table's move log, for a reload
const MAX_LOG = 400;                    // lines kept in the move log

const $ = (id) => document.getElementById(id);
const esc = (s) => String(s).replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]);
const capital = (s) => s.charAt(0).toUpperCase() + s.slice(1);

const app = {
  ws: null,
  attempt: 0,        // reconnection attempts since the last welcome
  timer: 0,
  stopped: false,    // no reconnecting: after `replaced`, or a refused hello (until asked)
  token: sessionStorage.getItem(TOKEN_KEY),
  name: '',
  player: '',
  welcomed: false,
  tables: new Map(), // table id -> { info, view, said, over, deadlineAt, code, lastSeq, lines, total }
  current: null,     // the table shown
  expecting: false,  // a create/join/watch was sent: its table becomes the one shown
  pending: null,     // the action id sent, until the next view of the table
  lobbyTimer: 0,
  heard: 0,          // when the server was last heard from
};

// What the tests (and a curious person in the console) read.
window.musOnline = { player: '', name: '', table: null, seat: null, seq: null, view: null, text: null,
  hand: [], legal: [], over: null, connected: false, welcomes: 0, errors: [] };

function table(id) {
  let t = app.tables.get(id);
  if (!t) {
    // After a reload the move log and what each seat said come back from this tab's storage
    // (the server sends only the events this player has not been sent yet).
    const saved = JSON.parse(sessionStorage.getItem(logKey(id)) ?? 'null');
    t = { info: null, view: null, over: null, deadlineAt: null, code: null, lastSeq: -1,
      said: saved?.said ?? ['', '', '', ''], lines: saved?.lines ?? [], total: saved?.total ?? 0 };
    app.tables.set(id, t);
  }
  return t;
}

// ---- the connection ----

function setConn(state, words) {
  $('conn').dataset.state = state;
  $('conn').textContent = words;
  window.musOnline.connected = state === 'online';
}

function status(words) {
  $('status').textContent = words;
}

function send(message) {
  if (!app.ws || app.ws.readyState !== WebSocket.OPEN) {
    showError({ code: 'offline', message: 'sin conexión con el servidor; se reintenta sola' });
    return false;
  }
  app.ws.send(JSON.stringify(message));
  return true;
}

function connect() {
  clearTimeout(app.timer);
  if (app.ws) return;
  setConn('connecting', 'conectando…');
  const ws = new WebSocket(`${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/ws`);
  app.ws = ws;
  ws.onopen = () => {
    if (app.ws !== ws) return;
    app.heard = Date.now();
    // Views as deltas (docs/protocol.md, "view"): a quarter of the full form's bytes.
    const who = app.token ? { token: app.token } : { name: app.name };
    ws.send(JSON.stringify({ type: 'hello', v: 1, view: 'delta', ...who }));
  };
  ws.onmessage = (ev) => {
    if (app.ws !== ws) return;
    app.heard = Date.now();
    let m;
    try {
      m = JSON.parse(ev.data);
    } catch {
      showError({ code: 'bad_json', message: 'el servidor envió algo que no es JSON' });
      return;
    }
    handle(m);
  };
  ws.onclose = () => dropped(ws);
}

// The socket `ws` closed (or was given up for dead): retry after the backoff, unless stopped.
function dropped(ws) {
  if (app.ws !== ws) return;
  app.ws = null;
  app.welcomed = false;
  app.pending = null;
  if (app.stopped) {
    setConn('stopped', 'desconectado');
    return;
  }
  const delay = Math.round(Math.min(15000, 500 * 2 ** app.attempt) * (0.75 + Math.random() * 0.5));
  app.attempt += 1;
  setConn('offline', `sin conexión: reintento en ${Math.max(1, Math.round(delay / 1000))} s`);
  app.timer = setTimeout(connect, delay);
  render();
}

// A ping every 30 s, and a connection that has heard nothing (not even a pong) for 75 s is
// taken for dead: a sleeping laptop or a changed network can leave a socket that never says
// it closed. The page then reconnects as after any drop.
// (?ping=ms&dead=ms change both, for tests.)
const query = new URLSearchParams(location.search);
const PING_MS = Number(query.get('ping') ?? 30_000);
const DEAD_MS = Number(query.get('dead') ?? 75_000);
setInterval(() => {
  const ws = app.ws;
  if (!ws || ws.readyState !== WebSocket.OPEN) return;
  if (Date.now() - app.heard > DEAD_MS) {
    ws.close();
    dropped(ws);
    return;
  }
  ws.send(JSON.stringify({ type: 'ping' }));
}, PING_MS);

// Back on the network, or back to the tab: try at once instead of waiting out the backoff.
window.addEventListener('online', () => { if (!app.ws && !app.stopped && (app.token || app.name)) connect(); });

// ---- messages from the server ----

function handle(m) {
  switch (m.type) {
    case 'welcome': return onWelcome(m);
    case 'table': return onTable(m);
    case 'view': return onView(m);
    case 'match_over': return onMatchOver(m);
    case 'left': return onLeft(m);
    case 'error': return onError(m);
    case 'pong': return undefined;
    default:
      showError({ code: 'unknown', message: `mensaje desconocido del servidor: ${String(m.type)}` });
      return undefined;
  }
}

function onWelcome(m) {
  app.welcomed = true;
  app.attempt = 0;
  app.token = m.token;
  app.player = m.player;
  app.name = m.name;
  sessionStorage.setItem(TOKEN_KEY, m.token);
  localStorage.setItem(LAST_KEY, JSON.stringify({ token: m.token, name: m.name }));
  window.musOnline.player = m.player;
  window.musOnline.name = m.name;
  window.musOnline.welcomes += 1;
  setConn('online', `conectado como ${m.name}`);
  fillBotKinds(m.bot_kinds ?? []);
  const link = linkTarget();
  const seated = m.tables ?? [];
  // A link to a table other than the player's own (a friend's invitation) is offered first;
  // the player's tables stay a click away in the lobby.
  const otherLink = Boolean(link.code) || Boolean(link.table && !seated.includes(link.table));
  if (seated.length && !otherLink) {
    // The server sends table and view of each right after the welcome.
    app.current = link.table ?? (app.current && seated.includes(app.current) ? app.current : seated[0]);
    setHash({ t: app.current });
  } else if (seated.length) {
    app.current = null;
  } else {
    const watching = JSON.parse(sessionStorage.getItem(WATCH_KEY) ?? 'null');
    if (watching) {
      app.expecting = true;
      send({ type: 'watch', ...watching });
    } else if (app.current && app.tables.get(app.current)?.over) {
      // The match ended and we saw it: its result stays on screen.
    } else if (app.current) {
      // Not seated there any more: the match may have ended while we were away.
      const id = app.current;
      app.current = null;
      checkFinished(id);
    }
  }
  // A reload after the end: the address still names the table.
  if (link.table && !seated.includes(link.table) && link.table !== app.current) checkFinished(link.table);
  render();
}

// Whether a table the page knew has finished (its transcript is served): then its end is
// shown, with the link to the transcript, though its match_over was missed.
async function checkFinished(id) {
  let r;
  try {
    r = await fetch(`/replays/${encodeURIComponent(id)}`, { cache: 'no-store' });
  } catch {
    return;
  }
  if (!r.ok) return;
  const over = { table: id, winner: null, replay: `/replays/${id}` };
  const t = app.tables.get(id);
  if (t?.info) {
    t.over = t.over ?? over;
    t.deadlineAt = null;
    if (app.current === null && !app.expecting) app.current = id;
  } else {
    sessionStorage.setItem(RESULT_KEY, JSON.stringify(over));
    if (linkTarget().table === id) setHash({});
  }
  render();
}

function onTable(m) {
  const t = table(m.table);
  t.info = m;
  if (m.code) t.code = m.code;
  t.deadlineAt = m.deadline_ms == null ? null : Date.now() + m.deadline_ms;
  if (app.expecting) {
    // The answer to this page's create, join or watch: the table to show. A seated player's
    // address names the table, so that a reload comes back to it.
    app.expecting = false;
    app.current = m.table;
    if (mySeat(t) !== null) setHash({ t: m.table });
  }
  render();
}

// Applies a view_delta to a copy of the view it follows (docs/protocol.md, "view"): a field
// given replaces the old one, except an object, applied field by field to the object (or entry
// by entry, keys "0".."3", to the array) it follows. A connection's first delta is whole.
function applyDelta(base, delta) {
  const out = Array.isArray(base) ? base.slice() : { ...base };
  for (const [k, d] of Object.entries(delta)) {
    const old = out[k];
    const isObject = (x) => x !== null && typeof x === 'object';
    out[k] = isObject(d) && !Array.isArray(d) && isObject(old) ? applyDelta(old, d) : d;
  }
  return out;
}

function onView(m) {
  const t = table(m.table);
  if (m.seq < t.lastSeq) return; // an older view overtaken (cannot happen on one socket; harmless)
  t.lastSeq = m.seq;
  if (m.view_delta) m.view = applyDelta(t.view?.view ?? {}, m.view_delta);
  t.view = m;
  t.deadlineAt = m.deadline_ms == null ? null : Date.now() + m.deadline_ms;
  if (app.current === m.table) app.pending = null;
  const g = grammar(t);
  const line = (words, note) => {
    t.lines.push({ words, note });
    t.total += 1;
  };
  if (m.events_truncated) line('(faltan jugadas anteriores)', true);
  for (const e of m.events ?? []) {
    if (!e.server && (e.kind === EVENT.DEAL || e.kind === EVENT.LANCE_START)) t.said = ['', '', '', ''];
    const words = describeEvent(e, g);
    if (isSaying(e) && words) t.said[e.seat] = words.slice(words.indexOf(':') + 2);
    if (words) line(words, Boolean(e.server));
  }
  if (t.lines.length > MAX_LOG) t.lines.splice(0, t.lines.length - MAX_LOG);
  try {
    sessionStorage.setItem(logKey(m.table), JSON.stringify({ said: t.said, lines: t.lines, total: t.total }));
  } catch {
    // Storage full or refused: the log just does not survive a reload.
  }
  render();
}

function onMatchOver(m) {
  const t = table(m.table);
  t.over = m;
  t.deadlineAt = null;
  sessionStorage.setItem(RESULT_KEY, JSON.stringify({ ...m, teams: [teamName(t, 0), teamName(t, 1)] }));
  if (JSON.parse(sessionStorage.getItem(WATCH_KEY) ?? 'null')) sessionStorage.removeItem(WATCH_KEY);
  render();
}

function onLeft(m) {
  app.tables.delete(m.table);
  sessionStorage.removeItem(logKey(m.table));
  sessionStorage.removeItem(WATCH_KEY);
  if (app.current === m.table) {
    app.current = null;
    setHash({});
  }
  render();
}

function onError(m) {
  showError(m);
  if (m.re === 'act') {
    app.pending = null;
    render();
  }
  if (m.re === 'create' || m.re === 'join' || m.re === 'watch') app.expecting = false;
  if (m.code === 'unknown_token') {
    // The server does not know this token (a new database?): start again with a name.
    const last = JSON.parse(localStorage.getItem(LAST_KEY) ?? 'null');
    if (last?.token === app.token) localStorage.removeItem(LAST_KEY);
    sessionStorage.removeItem(TOKEN_KEY);
    app.token = null;
    app.stopped = true;
    app.ws?.close();
    app.ws = null;
    setConn('stopped', 'sin entrar');
    showEntry();
  } else if (m.re === 'hello') {
    // The name (or the server: full, another version) refused: ask again, without retrying.
    app.stopped = true;
    app.ws?.close();
    app.ws = null;
    setConn('stopped', 'sin entrar');
    showEntry();
  } else if (m.code === 'replaced') {
    // The same player opened elsewhere: reconnecting here would take the seat back and forth.
    app.stopped = true;
    app.ws?.close();
    app.ws = null;
    setConn('stopped', 'juegas en otra pestaña');
    const b = document.createElement('button');
    b.textContent = 'Jugar aquí';
    b.id = 'take-back';
    b.onclick = () => { app.stopped = false; hideError(); connect(); };
    $('online-error').append(' ', b);
  }
}

// Every error is said in words: the sentence for its code, then the server's own message.
function showError(m) {
  window.musOnline.errors.push({ code: m.code, message: m.message, re: m.re ?? null });
  const box = $('online-error');
  box.textContent = `${ERROR_WORDS[m.code] ?? 'Error'} (${m.message ?? m.code})`;
  box.dataset.code = m.code;
  const close = document.createElement('button');
  close.textContent = '×';
  close.title = 'cerrar';
  close.className = 'close';
  close.onclick = hideError;
  box.append(' ', close);
  box.hidden = false;
}

function hideError() {
  $('online-error').hidden = true;
}

// ---- names ----

// The seat of this tab's player at a table: the view's seat once the match has started, else
// the seat whose player has this player's name (the table message names people, not ids).
function mySeat(t) {
  if (t.view) return t.view.seat >= 0 ? t.view.seat : null;
  const s = t.info?.seats.find((x) => x.kind === 'human' && x.player === app.name);
  return s ? s.seat : null;
}

function seatName(t, s) {
  const seat = t.info?.seats[s];
  const mine = mySeat(t) === s;
  if (!seat) return `asiento ${s}`;
  if (seat.kind === 'bot') return `Bot ${s}`;
  return mine ? `${seat.player ?? 'tú'} (tú)` : (seat.player ?? `asiento ${s} (libre)`);
}

function teamName(t, team) {
  const me = mySeat(t);
  if (me === null) return `los de ${seatName(t, team)} y ${seatName(t, team + 2)}`;
  return team === me % 2 ? 'nosotros' : 'ellos';
}

// How the move log speaks of this table's seats and teams (words.js's describeEvent): in
// the second person for this tab's own seat, by name for the others.
function grammar(t) {
  const isMe = (s) => s >= 0 && mySeat(t) === s;
  return {
    seat: (s) => seatName(t, s),
    seatDoes: (s, you, other) => (isMe(s) ? `${you} tú` : `${other} ${seatName(t, s)}`),
    team: (team) => teamName(t, team),
    teamDoes: (team, we, they) => (mySeat(t) !== null && team === mySeat(t) % 2 ? `${we} nosotros` : `${they} ${teamName(t, team)}`),
    cardsOf: (s) => (isMe(s) ? 'tus cartas' : `las cartas de ${seatName(t, s)}`),
    isMe,
    signals: true,
  };
}

// ---- links ----

function linkTarget() {
  const h = new URLSearchParams(location.hash.slice(1));
  return { table: h.get('t'), code: h.get('code') };
}

function setHash(what) {
  const h = new URLSearchParams(what).toString();
  history.replaceState(null, '', h ? `#${h}` : location.pathname + location.search);
}

function shareLink(t) {
  const base = `${location.origin}${location.pathname}`;
  return t.code ? `${base}#code=${t.code}` : `${base}#t=${t.info.table}`;
}

// ---- drawing ----

// The move log of the table shown: the lines it does not show yet (all of them for another table).
function renderLog(id, t) {
  const list = $('log-list');
  if (list.dataset.table !== id) {
    list.innerHTML = '';
    list.dataset.table = id;
    list.dataset.total = '0';
  }
  const fresh = t.total - Number(list.dataset.total);
  if (fresh <= 0) return;
  for (const l of t.lines.slice(Math.max(0, t.lines.length - fresh))) {
    const li = document.createElement('li');
    li.textContent = l.words;
    if (l.note) li.className = 'note';
    list.append(li);
  }
  list.dataset.total = String(t.total);
  while (list.children.length > MAX_LOG) list.firstElementChild.remove();
  list.scrollTop = list.scrollHeight;
}

// A card drawn from its library id, named by its text; NO_CARD is an empty slot.
function card(id, text) {
  if (id === NO_CARD || id === null || id === undefined) return '<span class="card empty"></span>';
  return `<span class="card face" data-card="${esc(text ?? '')}" data-id="${id}">${cardSvg(id, esc(text ?? ''))}</span>`;
}

// The four cards of `ids` and `texts` from position `from`.
function cards(ids, texts, from = 0) {
  return [0, 1, 2, 3].map((k) => card(ids[from + k], texts?.[from + k])).join('');
}

const BACKS = `<span class="card back">${backSvg()}</span>`.repeat(4);

function presence(seat) {
  if (seat.kind === 'bot') return ['bot', `bot ${botWords(seat.bot)}`];
  if (!seat.player) return seat.bot_playing ? ['bot-playing', 'libre: juega el bot'] : ['free', 'asiento libre'];
  if (seat.bot_playing) return ['bot-playing', 'ausente: juega el bot'];
  return seat.connected ? ['connected', 'conectado'] : ['away', 'desconectado'];
}

function renderSeat(el, t, s) {
  const info = t.info;
  const v = t.view?.view;
  const seat = info.seats[s];
  const [pres, presWords] = presence(seat);
  const badges = [];
  if (v && v.dealer === s) badges.push('<span class="badge">reparte</span>');
  if (v && v.mano === s) badges.push('<span class="badge mano">mano</span>');
  const toAct = v ? v.to_act : info.to_act;
  if (toAct === s && !t.over) badges.push('<span class="badge turn">le toca <span class="clock"></span></span>');
  let drawn = '';
  if (v && v.phase === 'match_over' && v.last?.shown_ids) {
    drawn = cards(v.last.shown_ids, v.last.shown, 4 * s); // the last hand's showdown (R28a)
  } else if (v) {
    drawn = t.view.seat === s ? cards(v.hand_ids, v.hand) : BACKS;
  }
  el.dataset.seat = s;
  el.dataset.presence = pres;
  if (seat.kind === 'bot') el.dataset.bot = seat.bot ?? '';
  else delete el.dataset.bot;
  el.classList.toggle('to-act', toAct === s && !t.over);
  el.classList.toggle('mine', mySeat(t) === s);
  el.innerHTML = `<div class="name">${esc(seatName(t, s))} <small>(${esc(capital(teamName(t, s % 2)))})</small>${badges.join('')}</div>` +
    `<div class="presence">${esc(presWords)}</div><div class="cards">${drawn}</div><div class="said">${esc(t.said[s])}</div>`;
}

function renderCount(t) {
  const last = t.view?.view?.last;
  if (!last || !last.number) {
    $('count-body').textContent = 'Aún no se ha contado ninguna mano.';
    return;
  }
  const rows = last.lances.map((l) => `<tr data-lance="${esc(l.lance)}" data-points="${l.points}">` +
    `<td>${esc(lanceWords(l.lance))}</td><td>${esc(statusWords(l.status))}</td>` +
    `<td class="points">${l.points}</td><td>${l.points > 0 && l.winner_team >= 0 ? esc(capital(teamName(t, l.winner_team))) : '—'}</td></tr>`).join('');
  let shown = '';
  if (last.shown) {
    shown = '<p>Cartas mostradas: ' + [0, 1, 2, 3].map((s) => `${esc(seatName(t, s))} ${last.shown.slice(4 * s, 4 * s + 4).map((c) => esc(c ?? '·')).join(' ')}`).join(' · ') + '</p>';
  }
  const score = (sc) => `${sc[0]}–${sc[1]}`;
  $('count-body').innerHTML = `<p>Mano nº ${last.number}: de ${score(last.score_before)} a ${score(last.score_after)}` +
    ` (${esc(capital(teamName(t, 0)))}–${esc(capital(teamName(t, 1)))})</p>` +
    `<table class="count" id="count-table"><tr><th>Lance</th><th>Cómo</th><th>Puntos</th><th>Para</th></tr>${rows}</table>${shown}`;
}

function renderControls(t) {
  const box = $('controls');
  box.innerHTML = '';
  if (t.over) {
    const won = t.over.winner === null ? 'La partida ha terminado mientras no estabas.' : `¡Partida para ${teamName(t, t.over.winner)}!`;
    box.innerHTML = `<div class="over"><p class="winner" id="winner" data-team="${t.over.winner ?? ''}">${esc(won)}</p>` +
      `<a id="replay-link" href="${esc(t.over.replay)}" target="_blank">Ver la partida entera (${esc(t.over.replay)})</a>` +
      '<button id="again" type="button">Volver a las mesas</button></div>';
    $('again').onclick = () => goLobby();
    return;
  }
  const view = t.view;
  if (!view) return;
  if (view.seat < 0) {
    box.innerHTML = '<p class="watching">Estás mirando esta mesa.</p>';
    return;
  }
  if (!view.legal.length) return;
  // One row of buttons per verb of the server's texts (the second word: "2 bet 5").
  const rows = new Map();
  for (const a of view.legal) {
    const verb = a.text.split(' ')[1] ?? '';
    if (!rows.has(verb)) rows.set(verb, []);
    rows.get(verb).push(a);
  }
  for (const [verb, actions] of rows) {
    const row = document.createElement('div');
    row.className = `row verb-${verb.replace(/[^a-z]/g, '')}`;
    for (const a of actions) {
      const b = document.createElement('button');
      b.type = 'button';
      b.className = 'act';
      b.textContent = a.text;
      b.dataset.action = a.id;
      b.disabled = app.pending !== null;
      b.onclick = () => act(t, a.id);
      row.append(b);
    }
    box.append(row);
  }
}

function act(t, id) {
  if (app.pending !== null) return;
  hideError();
  if (send({ type: 'act', table: t.info.table, action: id, seq: t.view.seq })) {
    app.pending = id;
    renderControls(t);
  }
}

function renderTable(t) {
  const info = t.info;
  const me = mySeat(t);
  const bottom = me ?? 0;
  ['bottom', 'right', 'top', 'left'].forEach((pos, i) => renderSeat($(`seat-${pos}`), t, (bottom + i) % 4));
  const v = t.view?.view;
  $('phase').textContent = !v ? '' : v.phase === 'betting' ? `Lance: ${lanceWords(v.lance)}` : `Fase: ${phaseWords(v.phase)}`;
  $('bet').textContent = v && v.bet_open ? (v.is_ordago ? `Órdago de ${teamName(t, v.bet_team)}` :
    `Envite de ${teamName(t, v.bet_team)}: ${v.proposed} (si no se quiere: ${v.stake_before})`) : '';
  $('scores').innerHTML = v ? [0, 1].map((team) => `<div data-team="${team}"><strong>${esc(capital(teamName(t, team)))}</strong>: ` +
    `${v.score[team]} punto${v.score[team] === 1 ? '' : 's'} · juegos ${v.games[team]} · vacas ${v.vacas[team]}</div>`).join('') : '';
  const free = info.seats.filter((s) => s.kind === 'human' && !s.player).length;
  $('waiting').textContent = info.started ? `Reglas: ${info.rules} · reloj ${info.clock} s` :
    `Esperando a que se sienten todos: ${free === 1 ? 'falta 1 persona' : `faltan ${free} personas`}. Reglas: ${info.rules}.`;
  renderCount(t);
  renderLog(info.table, t);
  renderControls(t);
  const share = me !== null && !t.over;
  $('share').hidden = !share;
  if (share) {
    $('share-what').textContent = free > 0 ? 'Invita a tu compañero:' : 'Enlace de la mesa (para mirarla):';
    $('share-link').value = shareLink(t);
    $('share-code-box').hidden = !t.code;
    $('share-code').textContent = t.code ?? '';
  }
  const toAct = v ? v.to_act : info.to_act;
  if (t.over) status('Partida terminada.');
  else if (!info.started) status('Esperando jugadores…');
  else if (t.view?.legal.length) status('Te toca.');
  else if (toAct >= 0) status(`Le toca a ${seatName(t, toAct)}.`);
  tickClock();
}

function render() {
  const t = app.current ? app.tables.get(app.current) : null;
  const shown = Boolean(t && t.info);
  $('table').hidden = !shown;
  $('side').hidden = !shown;
  if (!shown) $('share').hidden = true;
  $('invite').hidden = true;
  const m = window.musOnline;
  m.table = shown ? app.current : null;
  m.seat = shown ? mySeat(t) : null;
  m.seq = t?.view?.seq ?? null;
  m.view = t?.view?.view ?? null; // rebuilt from the deltas
  m.text = t?.view?.text ?? null; // (null: the page takes deltas, which carry no text)
  m.hand = t?.view?.view?.hand ?? [];
  m.legal = t?.view?.legal.map((a) => a.id) ?? [];
  m.over = t?.over ?? null;
  if (shown) {
    $('lobby').hidden = true;
    $('entry').hidden = true;
    renderTable(t);
    document.body.dataset.mode = 'table';
    return;
  }
  if (!app.welcomed) return; // the entry form, or waiting for the connection
  const link = linkTarget();
  if ((link.table || link.code) && !app.expecting) {
    showInvite(link);
    return;
  }
  showLobby();
}

// The clock of the seat to act, counted down here from the server's `deadline_ms`.
function tickClock() {
  const t = app.current ? app.tables.get(app.current) : null;
  const el = document.querySelector('.seat.to-act .clock');
  if (!t || !el) return;
  if (t.deadlineAt === null) {
    el.textContent = '';
    return;
  }
  const left = Math.max(0, t.deadlineAt - Date.now());
  el.textContent = `${Math.ceil(left / 1000)} s`;
  el.classList.toggle('short', left < 10000);
}
setInterval(tickClock, 250);

// ---- lobby, invitations, entry ----

function showEntry() {
  $('entry').hidden = false;
  $('lobby').hidden = true;
  $('invite').hidden = true;
  const last = JSON.parse(localStorage.getItem(LAST_KEY) ?? 'null');
  $('resume-box').hidden = !last;
  if (last) {
    $('resume-name').textContent = last.name;
    $('resume-name2').textContent = last.name;
  }
  document.body.dataset.mode = 'entry';
  status('Escribe tu nombre para entrar.');
  $('name').focus();
}

function showInvite(link) {
  $('lobby').hidden = true;
  $('entry').hidden = true;
  $('invite').hidden = false;
  $('invite-what').textContent = link.code ? `mesa privada, código ${link.code}` : `mesa ${link.table}`;
  document.body.dataset.mode = 'invite';
  status('Te han invitado a una mesa.');
}

function target(link) {
  return link.code ? { code: link.code } : { table: link.table };
}

async function refreshLobby() {
  let list;
  try {
    const r = await fetch('/tables', { cache: 'no-store' });
    if (!r.ok) throw new Error(`HTTP ${r.status}`);
    list = (await r.json()).tables ?? [];
  } catch (e) {
    $('tables-empty').textContent = `No se pudo leer la lista de mesas (${e.message}).`;
    $('tables-empty').hidden = false;
    return;
  }
  const body = $('tables-body');
  body.innerHTML = '';
  $('tables-empty').textContent = 'No hay mesas públicas abiertas.';
  $('tables-empty').hidden = list.length > 0;
  for (const t of list) {
    const tr = document.createElement('tr');
    tr.dataset.table = t.table;
    const seats = t.seats.map((s, i) => `${i}: ${s.kind === 'bot' ? `bot ${esc(botWords(s.bot))}` : s.player ? esc(s.player) : '<em>libre</em>'}`).join(' · ');
    tr.innerHTML = `<td><code>${esc(t.table)}</code></td><td>${esc(t.rules)}</td><td>${t.clock} s</td>` +
      `<td>${seats}${t.started ? ' (jugando)' : ''}${t.spectators ? ` · ${t.spectators} mirando` : ''}</td><td class="actions"></td>`;
    const cell = tr.querySelector('.actions');
    t.seats.forEach((s, i) => {
      if (s.kind !== 'human' || s.player) return;
      const b = document.createElement('button');
      b.type = 'button';
      b.textContent = `Sentarme en ${i}`;
      b.onclick = () => { hideError(); app.expecting = true; sessionStorage.removeItem(WATCH_KEY); send({ type: 'join', table: t.table, seat: i }); };
      cell.append(b);
    });
    const w = document.createElement('button');
    w.type = 'button';
    w.textContent = 'Mirar';
    w.onclick = () => watch({ table: t.table });
    cell.append(w);
    body.append(tr);
  }
}

function watch(what) {
  hideError();
  app.expecting = true;
  sessionStorage.setItem(WATCH_KEY, JSON.stringify(what));
  send({ type: 'watch', ...what });
}

function showLobby() {
  $('lobby').hidden = false;
  $('entry').hidden = true;
  document.body.dataset.mode = 'lobby';
  status(`Hola, ${app.name}: elige una mesa o crea una.`);
  const result = JSON.parse(sessionStorage.getItem(RESULT_KEY) ?? 'null');
  if (result) {
    if (!$('last-result')) $('lobby').insertAdjacentHTML('afterbegin', '<p id="last-result" class="lobby-col"></p>');
    const how = result.winner === null ? `La partida de la mesa ${result.table} ha terminado` :
      `Tu última partida: ${result.teams?.[result.winner] === 'nosotros' ? 'la ganamos' : `ganaron ${result.teams?.[result.winner] ?? `la pareja ${result.winner}`}`}`;
    $('last-result').innerHTML = `${esc(how)} · <a href="${esc(result.replay)}" target="_blank">verla entera</a>`;
  }
  const mine = [...app.tables].filter(([, t]) => t.info && !t.over && mySeat(t) !== null);
  $('my-tables').hidden = mine.length === 0;
  $('my-tables-list').innerHTML = '';
  for (const [id, t] of mine) {
    const b = document.createElement('button');
    b.type = 'button';
    b.textContent = `Volver a la mesa ${id} (asiento ${mySeat(t)})`;
    b.onclick = () => { app.current = id; setHash({ t: id }); render(); };
    $('my-tables-list').append(b);
  }
  refreshLobby();
  clearInterval(app.lobbyTimer);
  app.lobbyTimer = setInterval(() => { if (!$('lobby').hidden) refreshLobby(); }, 5000);
}

function goLobby() {
  if (app.current && app.tables.get(app.current)?.over) {
    app.tables.delete(app.current);
    sessionStorage.removeItem(logKey(app.current));
  }
  app.current = null;
  sessionStorage.removeItem(WATCH_KEY);
  setHash({});
  render();
}

$('entry-form').onsubmit = (ev) => {
  ev.preventDefault();
  const name = $('name').value.trim();
  if (!name) return;
  hideError();
  app.name = name;
  app.token = null;
  app.stopped = false;
  $('entry').hidden = true;
  connect();
};

$('resume').onclick = () => {
  const last = JSON.parse(localStorage.getItem(LAST_KEY) ?? 'null');
  if (!last) return;
  hideError();
  app.token = last.token;
  app.stopped = false;
  $('entry').hidden = true;
  connect();
};

$('create-form').onsubmit = (ev) => {
  ev.preventDefault();
  hideError();
  const msg = {
    type: 'create',
    rules: $('rules').value.trim() || 'standard',
    seats: [0, 1, 2, 3].map((s) => $(`kind-${s}`).value),
    bots: [0, 1, 2, 3].map((s) => ($(`kind-${s}`).value === 'bot' ? $(`bot-${s}`).value || null : null)),
    clock: Number($('clock').value),
    private: $('private').checked,
  };
  if ($('my-seat').value !== '') msg.seat = Number($('my-seat').value);
  app.expecting = true;
  sessionStorage.removeItem(WATCH_KEY);
  send(msg);
};

// The create form's bot kinds: the server's list (the library's kinds), each seat keeping its
// choice; the heuristic first chosen. A seat's kind is asked only when the seat is a bot's.
function fillBotKinds(kinds) {
  for (const s of [0, 1, 2, 3]) {
    const box = $(`bot-${s}`);
    const chosen = box.value || 'heuristic';
    box.innerHTML = kinds.map((k) => `<option value="${esc(k)}">${esc(botWords(k))}</option>`).join('');
    box.value = kinds.includes(chosen) ? chosen : (kinds[0] ?? '');
    showBotKind(s);
  }
}
function showBotKind(s) {
  const box = $(`bot-${s}`);
  box.disabled = $(`kind-${s}`).value !== 'bot';
  box.hidden = box.disabled || box.options.length === 0;
}
for (const s of [0, 1, 2, 3]) $(`kind-${s}`).addEventListener('change', () => showBotKind(s));

$('code-form').onsubmit = (ev) => {
  ev.preventDefault();
  hideError();
  app.expecting = true;
  sessionStorage.removeItem(WATCH_KEY);
  send({ type: 'join', code: $('code').value.trim().toUpperCase() });
};
$('code-watch').onclick = () => watch({ code: $('code').value.trim().toUpperCase() });
$('refresh').onclick = () => refreshLobby();

$('invite-join').onclick = () => {
  hideError();
  app.expecting = true;
  sessionStorage.removeItem(WATCH_KEY);
  send({ type: 'join', ...target(linkTarget()) });
};
$('invite-watch').onclick = () => watch(target(linkTarget()));
$('invite-lobby').onclick = () => { setHash({}); render(); };

$('copy').onclick = async () => {
  try {
    await navigator.clipboard.writeText($('share-link').value);
    status('Enlace copiado.');
  } catch {
    $('share-link').select();
    status('Selecciona el enlace y cópialo (el navegador no dejó copiarlo).');
  }
};
$('to-lobby').onclick = () => goLobby();
$('leave').onclick = () => {
  if (!app.current) return;
  hideError();
  send({ type: 'leave', table: app.current });
};

// A link opened in a tab already on this page (only the #... part changed).
window.addEventListener('hashchange', () => {
  const link = linkTarget();
  const t = app.current ? app.tables.get(app.current) : null;
  if (link.table && link.table === app.current) return;
  if (link.code && t?.code === link.code) return;
  if ((link.table || link.code) && t && t.view?.seat >= 0 && !t.over) return; // seated: the table stays
  if (t && (t.over || !t.view || t.view.seat < 0)) app.current = null;
  render();
});

if (app.token) {
  connect();
} else {
  setConn('stopped', '');
  showEntry();
}
document.body.dataset.ready = '1';
