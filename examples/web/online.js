// The online table: the web table playing through mus-server (docs/protocol.md) instead of
// against bots in this page. The page decides nothing about the game: what a seat sees, which
// actions it may take, the gestures it may make, the bet limits, the events and the count all
// come in the server's messages (the library's answers), as ids and structured fields; the
// page draws them with the words of words.js and sends the id of the action the person
// clicks (or the amount of a raise, or a gesture's name) with the `seq` of the view it
// answers. It does not load the libmus package at all.
//
// Who you are: the server's resume token. It is kept per tab in sessionStorage, so that a
// reload of the tab comes back to the same seat and two tabs of one browser can be two players
// (partners, say); the last token is also kept in localStorage, so that a new tab (or the
// browser after a restart) can offer to come back as that player. The move log of each table
// is kept per tab too (as events, so it reads in either language), since a resumed player is
// sent only the events it has not been sent.
//
// The connection: one WebSocket at /ws. When it drops the page reconnects by itself, waiting
// 0.5 s, 1 s, 2 s, ... up to 15 s (with some jitter) between tries, and says so; the server
// gives back the seat, the current view, the events missed and the chat. A ping every 30 s,
// and a socket silent for 75 s counts as dropped. Behind a cluster (several servers behind a
// load balancer), a `moved` answer names the server of a table: the page connects again at
// once to /ws?table=<id>&node=<name>, which the balancer routes there, and asks again for the
// seat or the table it had asked for (after a second `moved` in a row it waits 0.25 s, 0.5 s,
// ... up to 2 s: the server named may have just died, and its table moves once its lease ends).
//
// Links: online.html#t=<table id> (a public table), online.html#code=<join code> (a private
// one). The share box under the table gives the link to send to a friend.
import { backSvg, cardSvg, NO_CARD } from './cards.js';
import { bubbleHtml, button, esc, faceHtml, fillFaces, GESTURE_MS, arrowHtml, marksHtml, mountShared, placeFaces, raiseRow, countHtml, TipsBox } from './ui.js';
import {
  agreeWords, botSeatWords, botWords, describeEvent, errorWords, EVENT, grammar, lanceWords, LANGUAGE_KEY, languageChooser, levelWords,
  moveWords, phaseWords, proposalWords, sayingWords, setLanguage, signalNumber, translatePage, w, ACTION_BY_NUMBER,
} from './words.js';

const TOKEN_KEY = 'mus.online.token';   // sessionStorage: this tab's player
const WATCH_KEY = 'mus.online.watch';   // sessionStorage: the table this tab watches
const RESULT_KEY = 'mus.online.result'; // sessionStorage: the last match this tab saw end
const LAST_KEY = 'mus.online.last';     // localStorage: the last player of this browser
const logKey = (id) => `mus.online.log.${id}`; // sessionStorage: a table's move log, for a reload
const MAX_LOG = 400;                    // events kept in the move log
const MAX_CHAT = 50;                    // chat lines kept (the server keeps as many)
// The bet amounts offered as buttons besides the slider: the smallest and a few common ones.
const COMMON_BETS = [2, 5, 10];

const $ = (id) => document.getElementById(id);
const capital = (s) => s.charAt(0).toUpperCase() + s.slice(1);
const readJson = (storage, key) => {
  try {
    return JSON.parse(storage.getItem(key) ?? 'null');
  } catch {
    return null;
  }
};

setLanguage(localStorage.getItem(LANGUAGE_KEY) ?? 'es');
mountShared(document);

const app = {
  ws: null,
  attempt: 0,        // reconnection attempts since the last welcome
  timer: 0,
  stopped: false,    // no reconnecting: after `replaced`, or a refused hello (until asked)
  token: sessionStorage.getItem(TOKEN_KEY),
  name: '',
  player: '',
  welcomed: false,
  tables: new Map(), // table id -> see table()
  levels: [],        // the server's levels of play (welcome.levels): { id, name, bot }
  current: null,     // the table shown
  expecting: false,  // a create/join/watch was sent: its table becomes the one shown
  pending: null,     // { seq } of the act sent, until the answer (the seat's move, or an error)
  failed: null,      // the last refused act: { message, typed }
  selected: new Set(), // the cards chosen to discard
  facesOpen: false,
  friends: [],
  lobbyByFetch: false, // a server without the `lobby` message: GET /tables instead
  lobbyTimer: 0,
  heard: 0,          // when the server was last heard from
  lastChat: '',      // the last chat line sent, given back to the field if refused
  info: null,        // the player card shown
  route: null,       // { table, node }: the cluster's node of the table shown (a `moved` named
                     // it, or the welcome of the node that sends its views)
  node: null,        // the node that welcomed this connection, of a cluster
  moves: 0,          // `moved` answers since the last view
  asked: null,       // the last join or watch sent, asked again after a `moved`
  retry: null,       // that message, to send once the next welcome arrives
};

// What the tests (and a curious person in the console) read.
window.musOnline = { player: '', name: '', table: null, seat: null, seq: null, text: null, hand: [], legal: [],
  moves: [], gestures: [], betLimits: null, view: null, tips: null, over: null, connected: false, welcomes: 0, errors: [], friends: [], info: null };

function table(id) {
  let t = app.tables.get(id);
  if (!t) {
    // After a reload the move log and what each seat said come back from this tab's storage
    // (the server sends only the events this player has not been sent yet).
    const saved = readJson(sessionStorage, logKey(id));
    t = { info: null, view: null, over: null, deadlineAt: null, code: null, lastSeq: -1,
      said: saved?.said ?? [null, null, null, null], events: saved?.events ?? [], total: saved?.total ?? 0,
      gestures: [null, null, null, null], chat: [], tips: null };
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
    showError({ code: 'offline', message: w('online.no.connection') });
    return false;
  }
  if (message.type === 'join' || message.type === 'watch') app.asked = message;
  app.ws.send(JSON.stringify(message));
  return true;
}

function connect() {
  clearTimeout(app.timer);
  if (app.ws) return;
  setConn('connecting', w('online.connecting'));
  const route = app.route ? `?${new URLSearchParams(app.route)}` : '';
  const ws = new WebSocket(`${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/ws${route}`);
  app.ws = ws;
  ws.onopen = () => {
    if (app.ws !== ws) return;
    app.heard = Date.now();
    // Views as deltas (docs/protocol.md, "view"): a quarter of the full form's bytes. Tips
    // only while the person wants them (the switch on, or the box open: the server's search
    // costs; tipsBox.onWant below says when that changes).
    const who = app.token ? { token: app.token } : { name: app.name };
    ws.send(JSON.stringify({ type: 'hello', v: 1, view: 'delta', tips: tipsBox.want, ...who }));
  };
  ws.onmessage = (ev) => {
    if (app.ws !== ws) return;
    app.heard = Date.now();
    let m;
    try {
      m = JSON.parse(ev.data);
    } catch {
      showError({ code: 'bad_json', message: w('online.not.json') });
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
    setConn('stopped', w('online.disconnected'));
    return;
  }
  const delay = Math.round(Math.min(15000, 500 * 2 ** app.attempt) * (0.75 + Math.random() * 0.5));
  app.attempt += 1;
  setConn('offline', w('online.offline.retry', Math.max(1, Math.round(delay / 1000))));
  app.timer = setTimeout(connect, delay);
  render();
}

// A ping every 30 s, and a connection that has heard nothing (not even a pong) for 75 s is
// taken for dead: a sleeping laptop or a changed network can leave a socket that never says
// it closed. The page then reconnects as after any drop.
// (?ping=ms&dead=ms change both, ?lobby=ms the lobby's refresh, for tests.)
const query = new URLSearchParams(location.search);
const PING_MS = Number(query.get('ping') ?? 30_000);
const DEAD_MS = Number(query.get('dead') ?? 75_000);
const LOBBY_MS = Number(query.get('lobby') ?? 5_000);
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
    case 'chat': return onChat(m);
    case 'chat_history': return onChatHistory(m);
    case 'player_info': return onPlayerInfo(m);
    case 'friends': return onFriends(m.friends);
    case 'lobby': return renderTables(m.tables ?? []);
    case 'error': return onError(m);
    case 'moved': return onMoved(m);
    case 'pong': return undefined;
    default:
      showError({ code: 'unknown', message: w('online.unknown.message', String(m.type)) });
      return undefined;
  }
}

function onWelcome(m) {
  app.welcomed = true;
  app.attempt = 0;
  app.token = m.token;
  app.player = m.player;
  app.name = m.name;
  app.node = m.node ?? null;
  sessionStorage.setItem(TOKEN_KEY, m.token);
  localStorage.setItem(LAST_KEY, JSON.stringify({ token: m.token, name: m.name }));
  window.musOnline.player = m.player;
  window.musOnline.name = m.name;
  window.musOnline.welcomes += 1;
  setConn('online', w('online.connected', m.name));
  app.levels = m.levels ?? [];
  fillBotKinds(m.bot_kinds ?? []);
  onFriends(m.friends ?? app.friends);
  const link = linkTarget();
  const seated = m.tables ?? [];
  if (app.retry) {
    // Asked again on the node a `moved` named.
    const again = app.retry;
    app.retry = null;
    if (!seated.includes(again.table)) {
      app.expecting = true;
      send(again);
      render();
      return;
    }
  }
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
    const watching = readJson(sessionStorage, WATCH_KEY);
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

// Whether a table the page knew has finished (its record is served): then its end is shown,
// with the link to the record, though its match_over was missed.
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

// Another server of the cluster serves this table: connect there (see the top of this file).
// A `moved` after the welcome about a table not shown (a player seated at two) is left: the
// lobby lists that table, and choosing it asks again.
function onMoved(m) {
  if (m.re === 'hello' && m.table !== app.current) return;
  const ws = app.ws;
  app.ws = null;
  app.welcomed = false;
  app.pending = null;
  app.route = { table: m.table, node: m.node };
  app.retry = m.re === 'join' || m.re === 'watch' ? app.asked : null;
  ws?.close();
  const delay = app.moves === 0 ? 0 : Math.min(2000, 125 * 2 ** app.moves);
  app.moves += 1;
  setConn('connecting', w('online.connecting'));
  clearTimeout(app.timer);
  app.timer = setTimeout(connect, delay);
}

function onView(m) {
  app.moves = 0;
  // The next connection asks for this node again (a node that took the table over included).
  if (app.node && m.table === app.current) app.route = { table: m.table, node: app.node };
  const t = table(m.table);
  if (m.seq < t.lastSeq) return; // an older view overtaken (cannot happen on one socket; harmless)
  t.lastSeq = m.seq;
  if (m.view_delta) m.view = applyDelta(t.view?.view ?? {}, m.view_delta);
  t.view = m;
  t.deadlineAt = m.deadline_ms == null ? null : Date.now() + m.deadline_ms;
  if (m.events_truncated) t.events.push({ note: 'missing' });
  for (const e of m.events ?? []) {
    if (!e.server && (e.kind === EVENT.DEAL || e.kind === EVENT.LANCE_START || e.kind === EVENT.COUNT)) {
      t.said = [null, null, null, null];
      if (e.kind === EVENT.DEAL) app.selected = new Set();
    }
    if (sayingWords(e) !== null && e.seat >= 0) t.said[e.seat] = e;
    if (e.kind === EVENT.SIGNAL && !e.server) {
      t.gestures[e.seat] = { signal: e.value, until: Date.now() + GESTURE_MS };
      setTimeout(render, GESTURE_MS + 50);
    }
    // The answer to this page's act: its own move (a signal is not one).
    if (app.current === m.table && e.seat === m.seat && !e.server && e.kind !== EVENT.SIGNAL) {
      app.pending = null;
      app.failed = null;
    }
    t.events.push(e);
    t.total += 1;
  }
  if (!m.legal?.length && app.current === m.table) app.pending = null;
  if (t.events.length > MAX_LOG) t.events.splice(0, t.events.length - MAX_LOG);
  try {
    sessionStorage.setItem(logKey(m.table), JSON.stringify({ said: t.said, events: t.events, total: t.total }));
  } catch {
    // Storage full or refused: the log just does not survive a reload.
  }
  // The tips of the seat to act follow its view, in a view of the same seq (docs/protocol.md,
  // "view"): until they come, the box keeps what it shows.
  const tipsFollow = m.legal?.length > 0 && m.tips === undefined && tipsBox.want;
  if (app.current === m.table && !tipsFollow) tipsBox.show(m.tips ?? [], { ...people(t), open: Boolean(m.view?.bet_open) });
  render();
}

function onMatchOver(m) {
  const t = table(m.table);
  t.over = m;
  t.deadlineAt = null;
  sessionStorage.setItem(RESULT_KEY, JSON.stringify({ ...m, mine: mySeat(t) === null ? null : mySeat(t) % 2, names: seatNames(t) }));
  if (readJson(sessionStorage, WATCH_KEY)) sessionStorage.removeItem(WATCH_KEY);
  tipsBox.show([]);
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

function onChat(m) {
  const t = table(m.table);
  if (t.chat.some((l) => l.n === m.n)) return;
  t.chat.push(m);
  if (t.chat.length > MAX_CHAT) t.chat.splice(0, t.chat.length - MAX_CHAT);
  if (app.current === m.table) renderChat(t);
}

function onChatHistory(m) {
  const t = table(m.table);
  t.chat = (m.lines ?? []).slice(-MAX_CHAT);
  if (app.current === m.table) renderChat(t);
}

function onFriends(list) {
  app.friends = Array.isArray(list) ? list : [];
  window.musOnline.friends = app.friends;
  renderFriends();
  if (app.info) renderInfo();
}

function onPlayerInfo(m) {
  app.info = m;
  window.musOnline.info = m;
  renderInfo();
  if (!$('info').open) $('info').showModal();
}

function onError(m) {
  if (m.re === 'act') {
    // A refused move is said where the person plays, with the server's reason (the rule).
    app.pending = null;
    app.failed = { message: m.message ?? errorWords(m.code), typed: app.failed?.typed };
    window.musOnline.errors.push({ code: m.code, message: m.message, re: m.re });
    render();
    return;
  }
  if (m.re === 'chat') {
    chatError(m);
    return;
  }
  if (m.re === 'lobby' && m.code === 'unknown_type') {
    app.lobbyByFetch = true; // an older server: the lobby comes from GET /tables
    refreshLobby();
    return;
  }
  showError(m);
  if (m.re === 'create' || m.re === 'join' || m.re === 'watch') app.expecting = false;
  if (m.code === 'unknown_token') {
    // The server does not know this token (a new database?): start again with a name.
    const last = readJson(localStorage, LAST_KEY);
    if (last?.token === app.token) localStorage.removeItem(LAST_KEY);
    sessionStorage.removeItem(TOKEN_KEY);
    app.token = null;
    app.stopped = true;
    app.ws?.close();
    app.ws = null;
    setConn('stopped', w('online.not.in'));
    showEntry();
  } else if (m.re === 'hello') {
    // The name (or the server: full, another version) refused: ask again, without retrying.
    app.stopped = true;
    app.ws?.close();
    app.ws = null;
    setConn('stopped', w('online.not.in'));
    showEntry();
  } else if (m.code === 'replaced') {
    // The same player opened elsewhere: reconnecting here would take the seat back and forth.
    app.stopped = true;
    app.ws?.close();
    app.ws = null;
    setConn('stopped', w('online.other.tab'));
    const b = button(w('online.play.here'), () => { app.stopped = false; hideError(); connect(); });
    b.id = 'take-back';
    $('online-error').append(' ', b);
  }
}

// Every error is said in words: the sentence for its code, then the server's own message.
function showError(m) {
  window.musOnline.errors.push({ code: m.code, message: m.message, re: m.re ?? null });
  const box = $('online-error');
  box.textContent = `${errorWords(m.code)} (${m.message ?? m.code})`;
  box.dataset.code = m.code;
  const close = button('×', hideError, 'close');
  close.title = w('online.close');
  close.setAttribute('aria-label', w('online.close'));
  box.append(' ', close);
  box.hidden = false;
}

function hideError() {
  $('online-error').hidden = true;
}

// ---- names ----

// The seat of this tab's player at a table: the view's seat once the match has started, else
// the seat whose player is this player.
function mySeat(t) {
  if (t.view) return t.view.seat >= 0 ? t.view.seat : null;
  const s = t.info?.seats.find((x) => x.kind === 'human' && (x.player_id ? x.player_id === app.player : x.player === app.name));
  return s ? s.seat : null;
}

// A seat's name as the others call it: the person's name, "Bot 1", "asiento 2 (libre)".
function nameOf(t, s) {
  const seat = t.info?.seats[s];
  if (!seat) return w('online.seat.n', s);
  if (seat.kind === 'bot') return w('online.bot.n', s);
  return seat.player ?? w('online.seat.free', s);
}

function seatNames(t) {
  return [0, 1, 2, 3].map((s) => nameOf(t, s));
}

// How the words speak of this table's seats (words.js's grammar): by name, and in the second
// person for this tab's own seat.
function people(t) {
  return { name: (s) => nameOf(t, s), me: mySeat(t) };
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

// ---- drawing the table ----

// The move log of the table shown, in the language: the lines it does not show yet (all of
// them for another table, or after a change of language).
function renderLog(id, t) {
  const list = $('log-list');
  const tag = `${id} ${document.documentElement.lang}`;
  if (list.dataset.table !== tag) {
    list.innerHTML = '';
    list.dataset.table = tag;
    list.dataset.total = String(t.total - t.events.length);
  }
  const fresh = t.total - Number(list.dataset.total);
  if (fresh <= 0) return;
  const p = { ...people(t), signals: true };
  for (const e of t.events.slice(Math.max(0, t.events.length - fresh))) {
    const words = e.note === 'missing' ? w('online.missing.events') : describeEvent(e, p);
    if (!words) continue;
    const li = document.createElement('li');
    li.textContent = words;
    if (e.server || e.note) li.className = 'note';
    if (e.kind === EVENT.SIGNAL) li.className = 'sign';
    list.append(li);
  }
  list.dataset.total = String(t.total);
  while (list.children.length > MAX_LOG) list.firstElementChild.remove();
  list.scrollTop = list.scrollHeight;
}

// A card drawn from its library id, named by its text; NO_CARD is an empty slot. The page's
// own cards are buttons while the seat discards.
function card(id, text, clickable = false) {
  if (id === NO_CARD || id === null || id === undefined) return '<span class="card empty"></span>';
  const picked = app.selected.has(id);
  if (clickable) {
    return `<button type="button" class="card face clickable${picked ? ' selected' : ''}" data-card="${esc(text ?? '')}" data-id="${id}" ` +
      `aria-pressed="${picked}">${cardSvg(id, esc(text ?? ''))}</button>`;
  }
  return `<span class="card face" data-card="${esc(text ?? '')}" data-id="${id}">${cardSvg(id, esc(text ?? ''))}</span>`;
}

// The four cards of `ids` and `texts` from position `from`.
function cards(ids, texts, from = 0, clickable = false) {
  return [0, 1, 2, 3].map((k) => card(ids[from + k], texts?.[from + k], clickable)).join('');
}

const BACKS = `<span class="card back">${backSvg()}</span>`.repeat(4);

function presence(seat) {
  if (seat.kind === 'bot') return ['bot', botSeatWords(seat, app.levels)];
  if (!seat.player) return seat.bot_playing ? ['bot-playing', w('online.presence.free.bot')] : ['free', w('online.presence.free')];
  if (seat.bot_playing) return ['bot-playing', w('online.presence.away.bot')];
  return seat.connected ? ['connected', w('online.presence.connected')] : ['away', w('online.presence.away')];
}

function discarding(t) {
  return t.view?.legal?.some((a) => a.kind === 'discard') ?? false;
}

function renderSeat(el, t, s) {
  const info = t.info;
  const v = t.view?.view;
  const seat = info.seats[s];
  const me = mySeat(t);
  const [pres, presWords] = presence(seat);
  // At the end of the match the table shows the last hand played: its dealer and mano.
  const ended = v && v.phase === 'match_over';
  const dealer = ended ? v.last?.dealer : v?.dealer;
  const mano = ended ? v.last?.mano : v?.mano;
  const toAct = v ? v.to_act : info.to_act;
  const acting = toAct === s && !t.over;
  let drawn = '';
  if (ended && v.last?.shown_ids) {
    drawn = cards(v.last.shown_ids, v.last.shown, 4 * s); // the last hand's showdown (R28a)
  } else if (v) {
    drawn = t.view.seat === s ? cards(v.hand_ids, v.hand, 0, discarding(t) && !app.pending) : BACKS;
  }
  const g = t.gestures[s];
  const gesture = g && g.until > Date.now() ? g.signal : null;
  const partner = me !== null && s === (me + 2) % 4;
  const name = s === me ? w('you.label', nameOf(t, s)) : nameOf(t, s);
  const person = seat.kind === 'human' && seat.player_id && s !== me;
  const nameHtml = person ? `<button type="button" class="who" data-player="${esc(seat.player_id)}">${esc(name)}</button>` : `<span class="who">${esc(name)}</span>`;
  const said = t.said[s];
  const ask = said && said.kind === EVENT.PROPOSE;
  el.dataset.seat = s;
  el.dataset.presence = pres;
  if (seat.kind === 'bot') el.dataset.bot = seat.bot ?? '';
  else delete el.dataset.bot;
  if (seat.level) el.dataset.level = seat.level;
  else delete el.dataset.level;
  el.classList.toggle('to-act', acting);
  el.classList.toggle('mine', me === s);
  el.classList.toggle('partner', partner);
  el.innerHTML = `<div class="cards">${drawn}</div>` +
    `<div class="id-row">${faceHtml({ seat: s, name: nameOf(t, s), gesture, mine: me === s && !t.over && Boolean(v), forMe: partner && gesture !== null,
      target: partner && app.facesOpen, open: app.facesOpen })}` +
    `<div class="id">${arrowHtml(acting)}<span class="name">${nameHtml} <small>(${esc(capital(grammar(people(t)).team(s % 2)))})</small></span>` +
    marksHtml({ dealer: v && dealer === s, mano: v && mano === s }) +
    `${acting ? '<span class="clock"></span>' : ''}<div class="presence">${esc(presWords)}</div></div></div>` +
    bubbleHtml(said ? sayingWords(said) : '', ask);
}

function renderCount(t) {
  const last = t.view?.view?.last;
  if (!last || !last.number) {
    $('count-body').textContent = w('count.none');
    return;
  }
  $('count-body').innerHTML = countHtml(last, people(t), { tableId: 'count-table' });
}

// The kind of a legal entry (the server's `kind`, a library name).
const kindOf = (a) => a.kind ?? '';

// The buttons of the person's turn: the server's legal list in words, one button per move
// (the bet ladder's smallest and common amounts; any amount with the slider), the discard of
// the cards chosen, and, when the partner asked (R25a), the question with "De acuerdo" first.
function renderControls(t) {
  const box = $('controls');
  box.innerHTML = '';
  if (t.over) {
    renderEnd(t, box);
    return;
  }
  const view = t.view;
  if (!view) return;
  if (view.seat < 0) {
    box.innerHTML = `<p class="watching">${esc(w('online.watching'))}</p>`;
    return;
  }
  const v = view.view;
  const legal = (view.legal ?? []).filter((a) => kindOf(a) !== 'signal');
  const open = Boolean(v.bet_open);
  const off = app.pending !== null;
  const proposal = v.proposal && v.proposer >= 0 ? { kind: v.proposal, amount: v.proposal_amount, seat: v.proposer } : null;
  if (proposal && proposal.seat === view.seat) {
    box.innerHTML = `<p class="asked">${esc(w('proposal.mine'))}</p>`;
  }
  if (!legal.length) return;
  const play = (a) => () => act(t, { action: a.id });
  const row = document.createElement('div');
  row.className = 'row moves';
  // The partner's question first: its agreement is the legal move that repeats it.
  if (proposal && proposal.seat !== view.seat) {
    const kind = ACTION_BY_NUMBER[proposal.kind];
    const agree = legal.find((a) => kindOf(a) === kind && (kind !== 'bet' || a.amount === proposal.amount));
    const ask = document.createElement('div');
    ask.className = 'row proposal';
    ask.innerHTML = `<span>${esc(w('proposal.from', nameOf(t, proposal.seat)))}</span> <span class="bubble ask">${esc(proposalWords(proposal.kind, proposal.amount))}</span>`;
    if (agree) {
      const b = button(agreeWords(), play(agree), 'act agree', { action: String(agree.id), kind: kindOf(agree) });
      b.disabled = off;
      ask.append(b);
    }
    box.append(ask);
  }
  const bets = legal.filter((a) => kindOf(a) === 'bet');
  const ladder = new Set(bets.filter((a, i) => i === 0 || COMMON_BETS.includes(a.amount)).map((a) => a.id));
  for (const a of legal) {
    const kind = kindOf(a);
    if (kind === 'discard' || (kind === 'bet' && !ladder.has(a.id))) continue;
    const label = a.kind === undefined ? a.text : moveWords(a, open);
    const cls = `act${kind === 'bet' ? ' ladder' : ''}${kind === 'ordago' ? ' ordago' : ''}`;
    const b = button(label, play(a), cls, { action: String(a.id), kind, amount: String(a.amount ?? '') });
    b.disabled = off;
    row.append(b);
  }
  // The discard of the cards chosen on the table: the legal entry with exactly those cards.
  if (legal.some((a) => kindOf(a) === 'discard')) {
    const chosen = [...app.selected].sort((x, y) => x - y);
    const match = legal.find((a) => kindOf(a) === 'discard' && a.cards &&
      a.cards.length === chosen.length && [...a.cards].sort((x, y) => x - y).every((c, i) => c === chosen[i]));
    const label = chosen.length || match ? moveWords({ kind: 'discard', cards: chosen }) : w('discard.none');
    const b = button(label, () => match && act(t, { action: match.id }), 'act discard', { kind: 'discard', action: String(match?.id ?? '') });
    b.disabled = off || !match;
    if (!match) b.title = w('discard.pick');
    row.append(b);
    if (!chosen.length && !match) {
      const hint = document.createElement('span');
      hint.className = 'hint';
      hint.textContent = w('discard.pick');
      row.append(hint);
    }
  }
  box.append(row);
  const limits = view.bet_limits ?? null;
  if (limits && limits.min > 0) {
    const raise = raiseRow({ min: limits.min, max: limits.max, game: limits.game, open, typed: app.failed?.typed,
      bet: (n, typed) => { app.failed = { ...(app.failed ?? {}), typed }; act(t, { bet: n }); } });
    raise.querySelectorAll('button, input').forEach((x) => { x.disabled = off; });
    box.append(raise);
  }
  if (app.failed?.message) {
    const p = document.createElement('p');
    p.className = 'error';
    p.id = 'play-error';
    p.setAttribute('role', 'alert');
    p.textContent = w('play.refused', app.failed.message);
    box.append(p);
  }
}

// The end of the match: who won, the links to the match's record and readable page.
function renderEnd(t, box) {
  const me = mySeat(t);
  const won = t.over.winner === null || t.over.winner === undefined ? w('winner.away') :
    me === null ? w('winner.team', grammar(people(t)).team(t.over.winner)) : t.over.winner === me % 2 ? w('winner.we') : w('winner.they');
  const record = t.over.record ?? t.over.replay;
  const links = [`<a id="replay-link" href="${esc(record)}" target="_blank" rel="noopener">${esc(t.over.record ? w('online.see.record') : w('online.see.replay', record))}</a>`];
  if (t.over.page) links.push(`<a id="page-link" href="${esc(t.over.page)}" target="_blank" rel="noopener">${esc(w('online.see.page'))}</a>`);
  box.innerHTML = `<div class="over"><p class="winner" id="winner" data-team="${t.over.winner ?? ''}">${esc(won)}</p>` +
    `<p class="links">${links.join(' · ')}</p></div>`;
  const again = button(w('online.back.lobby'), () => goLobby());
  again.id = 'again';
  box.querySelector('.over').append(again);
}

function act(t, what) {
  if (app.pending !== null) return;
  hideError();
  if (send({ type: 'act', table: t.info.table, seq: t.view.seq, ...what })) {
    app.pending = { seq: t.view.seq };
    if (what.action !== undefined) app.failed = null;
    app.selected = new Set();
    renderControls(t);
  }
}

// The faces to make a gesture (the view's `gestures`: the library's signals this seat may
// make now, at its turn or not), opened and closed by the person's own face.
function renderFaces(t) {
  const panel = $('faces');
  const open = app.facesOpen && t.view && t.view.seat >= 0 && !t.over;
  panel.hidden = !open;
  if (!open) return;
  const signals = (t.view.gestures ?? []).map(signalNumber).filter((x) => x !== undefined);
  fillFaces($('faces-list'), signals, t.view.seat, (s) => {
    app.facesOpen = false;
    send({ type: 'gesture', table: t.info.table, signal: t.view.gestures.find((x) => signalNumber(x) === s) });
    render();
  });
  placeFaces(panel, document.querySelector('#seat-bottom'), $('table'));
}

function renderChat(t) {
  const list = $('chat-list');
  list.innerHTML = '';
  for (const l of t.chat) {
    const li = document.createElement('li');
    li.dataset.n = String(l.n);
    const who = l.player && l.player !== app.player ? button(l.name ?? '?', () => askInfo(l.player), 'who', { player: l.player }) : document.createElement('strong');
    if (!(who instanceof HTMLButtonElement)) who.textContent = l.name ?? '?';
    const text = document.createElement('span');
    text.className = 'chat-text';
    text.textContent = l.text; // always text, never HTML
    li.append(who, ': ', text);
    list.append(li);
  }
  if (!t.chat.length) {
    const li = document.createElement('li');
    li.className = 'hint';
    li.textContent = w('chat.none');
    list.append(li);
  }
  list.scrollTop = list.scrollHeight;
  const watcher = mySeat(t) === null;
  $('chat-text').disabled = watcher;
  $('chat-send').disabled = watcher;
  $('chat-text').title = watcher ? w('chat.watcher') : '';
}

function chatError(m) {
  const words = m.code === 'bad_value' ? w('chat.bad') : m.code === 'rate_limited' ? w('chat.rate') :
    m.code === 'not_seated' ? w('chat.watcher') : `${errorWords(m.code)} (${m.message ?? m.code})`;
  $('chat-error').textContent = words;
  $('chat-error').dataset.code = m.code;
  $('chat-error').hidden = false;
  if (!$('chat-text').value) $('chat-text').value = app.lastChat;
  window.musOnline.errors.push({ code: m.code, message: m.message, re: 'chat' });
}

function renderTable(t) {
  const info = t.info;
  const me = mySeat(t);
  const bottom = me ?? 0;
  ['bottom', 'right', 'top', 'left'].forEach((pos, i) => renderSeat($(`seat-${pos}`), t, (bottom + i) % 4));
  const v = t.view?.view;
  const g = grammar(people(t));
  $('phase').textContent = !v ? '' : v.phase === 'betting' ? w('lance.now', lanceWords(v.lance)) : w('phase.now', phaseWords(v.phase));
  const myTurn = Boolean(t.view?.legal?.length) && !t.over;
  $('alert').hidden = !myTurn;
  $('bet').textContent = v && v.bet_open ? (v.is_ordago ? w('bet.ordago', g.team(v.bet_team)) : w('bet.open', g.team(v.bet_team), v.proposed, v.stake_before)) : '';
  $('bet').classList.toggle('stake', Boolean(v && v.bet_open));
  // The person's team first.
  const teams = me === null ? [0, 1] : [me % 2, 1 - (me % 2)];
  $('scores').innerHTML = v ? teams.map((team) => `<div data-team="${team}"><span><strong>${esc(w('score.points', g.teamLabel(team), v.score[team]))}</strong></span> ` +
    `<span>· ${esc(w('score.games', v.games[team], v.vacas[team]))}</span></div>`).join('') : '';
  const free = info.seats.filter((s) => s.kind === 'human' && !s.player).length;
  $('waiting').textContent = info.started ? w('online.rules.clock', info.rules, info.clock) : w('online.waiting', free, info.rules);
  renderCount(t);
  renderLog(info.table, t);
  renderControls(t);
  renderFaces(t);
  const share = me !== null && !t.over;
  $('share').hidden = !share;
  if (share) {
    $('share-what').textContent = free > 0 ? w('online.invite.partner') : w('online.table.link');
    $('share-link').value = shareLink(t);
    $('share-code-box').hidden = !t.code;
    $('share-code').textContent = t.code ?? '';
  }
  const toAct = v ? v.to_act : info.to_act;
  if (t.over) status(w('status.over'));
  else if (!info.started) status(w('online.waiting.players'));
  else if (myTurn) status(w('status.your.turn'));
  else if (toAct >= 0) status(w('status.turn.of', nameOf(t, toAct)));
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
  m.text = t?.view?.text ?? null; // (null: the page takes deltas, which carry no text)
  m.hand = t?.view?.view?.hand ?? [];
  m.legal = t?.view?.legal?.map((a) => a.id) ?? [];
  m.moves = t?.view?.legal ?? [];
  m.gestures = t?.view?.gestures ?? [];
  m.betLimits = t?.view?.bet_limits ?? null;
  m.view = t?.view?.view ?? null; // rebuilt from the deltas
  m.tips = t?.view?.tips ?? null;
  m.over = t?.over ?? null;
  if (shown) {
    $('lobby').hidden = true;
    $('entry').hidden = true;
    renderTable(t);
    if ($('chat-list').dataset.table !== app.current) {
      $('chat-list').dataset.table = app.current;
      $('chat-error').hidden = true;
      renderChat(t);
    }
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

// ---- the player card and friends ----

function askInfo(player) {
  if (player) send({ type: 'player_info', player });
}

function renderInfo() {
  const m = app.info;
  if (!m) return;
  const friend = app.friends.some((f) => f.player === m.player);
  $('info-name').textContent = w('info.of', m.name);
  const facts = [];
  if (m.since_ms) facts.push(w('info.since', new Date(m.since_ms).toLocaleDateString(document.documentElement.lang)));
  facts.push(w('info.matches', m.matches_played ?? 0, m.matches_won ?? 0), w('info.games', m.games_won ?? 0), w('info.ordagos', m.ordagos_won ?? 0));
  $('info-facts').innerHTML = facts.map((f) => `<li>${esc(f)}</li>`).join('');
  const self = m.player === app.player;
  $('info-friend').textContent = self ? w('info.you') : friend ? w('info.friend') : '';
  $('info-add').hidden = self || friend;
  $('info-remove').hidden = self || !friend;
  $('info').dataset.player = m.player;
}

function renderFriends() {
  const list = $('friends-list');
  list.innerHTML = '';
  if (!app.friends.length) {
    list.textContent = w('online.no.friends');
    return;
  }
  for (const f of app.friends) list.append(button(f.name, () => askInfo(f.player), 'who', { player: f.player }), ' ');
}

// ---- lobby, invitations, entry ----

function showEntry() {
  $('entry').hidden = false;
  $('lobby').hidden = true;
  $('invite').hidden = true;
  const last = readJson(localStorage, LAST_KEY);
  $('resume-box').hidden = !last;
  if (last) {
    $('resume-name').textContent = last.name;
    $('resume').textContent = w('online.resume', last.name);
  }
  document.body.dataset.mode = 'entry';
  status(w('online.type.name'));
  $('name').focus();
}

function showInvite(link) {
  $('lobby').hidden = true;
  $('entry').hidden = true;
  $('invite').hidden = false;
  $('invite-what').textContent = link.code ? w('online.invite.private', link.code) : w('online.invite.table', link.table);
  document.body.dataset.mode = 'invite';
  status(w('online.invite.status'));
}

function target(link) {
  return link.code ? { code: link.code } : { table: link.table };
}

// The lobby's tables: the server's `lobby` message (friends' tables first), or, from an older
// server, GET /tables.
async function refreshLobby() {
  if (!app.lobbyByFetch) {
    if (app.welcomed) send({ type: 'lobby' });
    return;
  }
  try {
    const r = await fetch('/tables', { cache: 'no-store' });
    if (!r.ok) throw new Error(`HTTP ${r.status}`);
    renderTables((await r.json()).tables ?? []);
  } catch (e) {
    $('tables-empty').textContent = w('online.tables.failed', e.message);
    $('tables-empty').hidden = false;
  }
}

function renderTables(list) {
  const body = $('tables-body');
  body.innerHTML = '';
  $('tables-empty').textContent = w('online.no.tables');
  $('tables-empty').hidden = list.length > 0;
  for (const t of list) {
    const tr = document.createElement('tr');
    tr.dataset.table = t.table;
    if (t.friends) tr.className = 'friend';
    const seats = t.seats.map((s, i) => `${i}: ${s.kind === 'bot' ? esc(botSeatWords(s, app.levels)) : s.player ? esc(s.player) : `<em>${esc(w('online.free'))}</em>`}`).join(' · ');
    tr.innerHTML = `<td><code>${esc(t.table)}</code>${t.friends ? ` <span class="badge friend">${esc(w('online.friend.table'))}</span>` : ''}</td>` +
      `<td>${esc(t.rules)}</td><td>${t.clock} s</td>` +
      `<td>${seats}${t.started ? esc(w('online.playing')) : ''}${t.spectators ? esc(w('online.watching.n', t.spectators)) : ''}</td><td class="actions"></td>`;
    const cell = tr.querySelector('.actions');
    t.seats.forEach((s, i) => {
      if (s.kind !== 'human' || s.player) return;
      cell.append(button(w('online.sit.at', i), () => { hideError(); app.expecting = true; sessionStorage.removeItem(WATCH_KEY); send({ type: 'join', table: t.table, seat: i }); }));
    });
    cell.append(button(w('online.watch'), () => watch({ table: t.table })));
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
  status(w('online.hello', app.name));
  const result = readJson(sessionStorage, RESULT_KEY);
  if (result) {
    if (!$('last-result')) $('lobby').insertAdjacentHTML('afterbegin', '<p id="last-result"></p>');
    const names = result.names ?? [];
    const how = result.winner === null || result.winner === undefined ? w('online.last.result.over', result.table) :
      result.mine === result.winner ? w('online.last.result.we') :
        w('online.last.result.they', result.mine === null || result.mine === undefined ? `${names[result.winner] ?? result.winner} · ${names[result.winner + 2] ?? ''}` : grammar({ name: (s) => names[s] ?? String(s), me: result.mine }).team(result.winner));
    $('last-result').innerHTML = `${esc(how)} · <a href="${esc(result.record ?? result.replay)}" target="_blank" rel="noopener">${esc(w('online.see.whole'))}</a>`;
  }
  const mine = [...app.tables].filter(([, t]) => t.info && !t.over && mySeat(t) !== null);
  $('my-tables').hidden = mine.length === 0;
  $('my-tables-list').innerHTML = '';
  for (const [id, t] of mine) {
    $('my-tables-list').append(button(w('online.back.to', id, mySeat(t)), () => { app.current = id; setHash({ t: id }); render(); }));
  }
  renderFriends();
  refreshLobby();
  clearInterval(app.lobbyTimer);
  app.lobbyTimer = setInterval(() => { if (!$('lobby').hidden) refreshLobby(); }, LOBBY_MS);
}

function goLobby() {
  if (app.current && app.tables.get(app.current)?.over) {
    app.tables.delete(app.current);
    sessionStorage.removeItem(logKey(app.current));
  }
  app.current = null;
  app.facesOpen = false;
  sessionStorage.removeItem(WATCH_KEY);
  setHash({});
  render();
}

$('entry-form').onsubmit = (ev) => {
  ev.preventDefault();
  const name = $('name').value.trim();
  $('entry-error').hidden = Boolean(name);
  if (!name) {
    $('entry-error').textContent = w('online.name.empty');
    $('name').focus();
    return;
  }
  hideError();
  app.name = name;
  app.token = null;
  app.stopped = false;
  $('entry').hidden = true;
  connect();
};

$('resume').onclick = () => {
  const last = readJson(localStorage, LAST_KEY);
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
    rules: $('rules').value.trim() || $('rules').defaultValue, // the form's default: online
    seats: [0, 1, 2, 3].map((s) => $(`kind-${s}`).value),
    // A bot seat's choice is a level ("level:ID") or a kind (its name).
    bots: [0, 1, 2, 3].map((s) => (botChoice(s).startsWith('level:') ? null : botChoice(s) || null)),
    levels: [0, 1, 2, 3].map((s) => (botChoice(s).startsWith('level:') ? botChoice(s).slice('level:'.length) : null)),
    clock: Number($('clock').value),
    private: $('private').checked,
  };
  if ($('my-seat').value !== '') msg.seat = Number($('my-seat').value);
  app.expecting = true;
  sessionStorage.removeItem(WATCH_KEY);
  send(msg);
};
// A field the browser refuses (a clock out of range) is a new problem: the old error goes.
$('create-form').addEventListener('invalid', hideError, true);

// The bot chosen for seat s: "level:ID" or a kind's name ('' for a person's seat).
function botChoice(s) {
  return $(`kind-${s}`).value === 'bot' ? $(`bot-${s}`).value : '';
}

// The create form's bots: the server's levels (the library's, weakest first, by their names for
// players, what each plays like under the seat, and the bot behind it in the tooltip), then its
// kinds (the library's). Each seat keeps its choice; the club level is first chosen (the
// heuristic, for a server without levels). A seat's bot is asked only when the seat is a bot's.
function fillBotKinds(kinds) {
  const levels = app.levels ?? [];
  const levelOptions = levels.map((l) => {
    const words = levelWords(l);
    const tip = `${words.about} (${w('bots.level.title', botWords(l.bot))})`;
    return `<option value="level:${esc(l.id)}" title="${esc(tip)}">${esc(words.name)}</option>`;
  }).join('');
  const kindOptions = kinds.map((k) => `<option value="${esc(k)}">${esc(botWords(k))}</option>`).join('');
  const values = [...levels.map((l) => `level:${l.id}`), ...kinds];
  for (const s of [0, 1, 2, 3]) {
    const box = $(`bot-${s}`);
    const chosen = box.value || (levels.some((l) => l.id === 'club') ? 'level:club' : 'heuristic');
    box.innerHTML = levels.length === 0 ? kindOptions
      : `<optgroup label="${esc(w('bots.levels'))}">${levelOptions}</optgroup><optgroup label="${esc(w('bots.kinds'))}">${kindOptions}</optgroup>`;
    box.value = values.includes(chosen) ? chosen : (values[0] ?? '');
    box.dataset.kinds = JSON.stringify(kinds);
    showBotKind(s);
  }
}
function showBotKind(s) {
  const box = $(`bot-${s}`);
  box.disabled = $(`kind-${s}`).value !== 'bot';
  box.hidden = box.disabled || box.options.length === 0;
  // Under a level, what it plays like; under a kind, nothing.
  const about = $(`bot-about-${s}`);
  const level = box.value.startsWith('level:') ? (app.levels ?? []).find((l) => `level:${l.id}` === box.value) : null;
  about.textContent = level ? levelWords(level).about : '';
  about.hidden = box.hidden || !level;
}
for (const s of [0, 1, 2, 3]) {
  $(`kind-${s}`).addEventListener('change', () => showBotKind(s));
  $(`bot-${s}`).addEventListener('change', () => showBotKind(s));
}

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
    status(w('online.copied'));
  } catch {
    $('share-link').select();
    status(w('online.copy.failed'));
  }
};
$('to-lobby').onclick = () => goLobby();
$('leave').onclick = () => {
  if (!app.current) return;
  hideError();
  send({ type: 'leave', table: app.current });
};

// The table's own clicks: a card to discard, the own face (the faces), a name (the card).
$('table').addEventListener('click', (ev) => {
  const t = app.current ? app.tables.get(app.current) : null;
  if (!t) return;
  const c = ev.target.closest?.('button.card.clickable');
  if (c) {
    const id = Number(c.dataset.id);
    if (app.selected.has(id)) app.selected.delete(id); else app.selected.add(id);
    render();
    return;
  }
  if (ev.target.closest?.('button.seat-face.mine')) {
    app.facesOpen = !app.facesOpen;
    render();
    if (app.facesOpen) $('faces-list').querySelector('button')?.focus();
    return;
  }
  const who = ev.target.closest?.('button.who[data-player]');
  if (who) askInfo(who.dataset.player);
});
$('faces-close').onclick = () => { app.facesOpen = false; render(); };
document.addEventListener('keydown', (ev) => {
  if (ev.key === 'Escape' && app.facesOpen) {
    app.facesOpen = false;
    render();
  }
});

$('chat-form').onsubmit = (ev) => {
  ev.preventDefault();
  const text = $('chat-text').value;
  $('chat-error').hidden = true;
  if (!text.trim()) {
    $('chat-error').textContent = w('chat.empty');
    $('chat-error').dataset.code = 'empty';
    $('chat-error').hidden = false;
    return;
  }
  if (!app.current) return;
  app.lastChat = text;
  if (send({ type: 'chat', table: app.current, text })) $('chat-text').value = '';
};

$('info-add').onclick = () => send({ type: 'add_friend', player: $('info').dataset.player });
$('info-remove').onclick = () => send({ type: 'remove_friend', player: $('info').dataset.player });
$('info-close').onclick = () => $('info').close();
$('info').addEventListener('close', () => { app.info = null; });

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

// The labels in the person's language, and again after a change of language.
const tipsBox = new TipsBox(document, localStorage);
// Tips turned on or off on this connection (docs/protocol.md, "tips"); a new connection says
// it in its hello.
tipsBox.onWant = (on) => {
  if (app.welcomed && app.ws?.readyState === WebSocket.OPEN) app.ws.send(JSON.stringify({ type: 'tips', on }));
};
function relabel() {
  translatePage(document);
  document.title = w('page.online.title');
  for (const s of [0, 1, 2, 3]) {
    $(`kind-${s}`).setAttribute('aria-label', w('online.seat.kind', s));
    $(`bot-${s}`).setAttribute('aria-label', w('online.bot.of.seat', s));
  }
  const kinds = $('bot-0').dataset.kinds;
  if (kinds) fillBotKinds(JSON.parse(kinds));
  tipsBox.render();
  if (app.welcomed) setConn($('conn').dataset.state, $('conn').dataset.state === 'online' ? w('online.connected', app.name) : $('conn').textContent);
  if (app.info) renderInfo();
  renderFriends();
}
languageChooser($('lang'), localStorage, () => {
  relabel();
  const t = app.current ? app.tables.get(app.current) : null;
  if (t) renderChat(t);
  render();
  if ($('entry').hidden === false) showEntry();
});
relabel();

if (app.token) {
  connect();
} else {
  setConn('stopped', '');
  showEntry();
}
document.body.dataset.ready = '1';
