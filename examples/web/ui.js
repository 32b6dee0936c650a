// The pieces both tables draw the same way (index.html with app.js, online.html with
// online.js): a seat's face and its gestures, the faces to choose a gesture from, the raise
// of any amount (a slider and a number), a speech bubble, and the box of tips. They decide
// nothing about the game: each page gives them what the library (or the server) said — the
// signals a seat may make, the bet limits, the tips — and what to do with the choice.
import { cardSvg, NO_CARD } from './cards.js';
import { faceSvg } from './faces.js';
import { cardWords, countReason, grammar, lanceWords, moveWords, signWords, statusWords, tipWords, w } from './words.js';

/** The shirt of each team's faces. */
const SHIRTS = ['#2874a6', '#b9770e'];
/** How long a gesture stays on a face (ms). */
export const GESTURE_MS = 6000;
/** Where the pages keep whether the person wants tips (localStorage): 'off' or nothing. */
export const TIPS_KEY = 'mus.tips';

const esc = (s) => String(s).replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]);
export { esc };

/**
 * Adds the parts both tables share to the page: the faces panel (inside the table `main`) and
 * the tips box (at the end of the body), their labels named by words.js keys (translatePage
 * writes them). Call it before looking them up.
 */
export function mountShared(doc) {
  doc.getElementById('table').insertAdjacentHTML('beforeend', `
  <div id="faces" role="dialog" data-w-label="faces.title" hidden>
    <p class="faces-head"><strong data-w="faces.title"></strong> <button id="faces-close" type="button" class="round" data-w-title="faces.close" data-w-label="faces.close">×</button></p>
    <div id="faces-list"></div>
    <p class="hint" data-w="faces.hint"></p>
  </div>`);
  doc.body.insertAdjacentHTML('beforeend', `
<section id="tips" data-w-label="tips.title" hidden>
  <div class="tips-head">
    <button id="tips-prev" type="button" class="round" data-w-title="tips.prev" data-w-label="tips.prev">‹</button>
    <button id="tips-next" type="button" class="round" data-w-title="tips.next" data-w-label="tips.next">›</button>
    <strong data-w="tips.title"></strong> <span id="tips-count"></span>
    <button id="tips-close" type="button" class="round close-tips" data-w-title="tips.close" data-w-label="tips.close">×</button>
  </div>
  <p id="tips-text"></p>
  <label class="tips-switch"><input id="tips-on" type="checkbox" checked> <span data-w="tips.show"></span></label>
</section>`);
}

/** A button with `label`, running `onClick`; `cls` its class, `data` its data- attributes. */
export function button(label, onClick, cls = '', data = {}) {
  const b = document.createElement('button');
  b.type = 'button';
  b.textContent = label;
  if (cls) b.className = cls;
  Object.assign(b.dataset, data);
  b.onclick = onClick;
  return b;
}

/**
 * A seat's face, as HTML: straight, or making `gesture` (a signal number) for a while.
 * @param o `seat`, `name` (the seat's name), `gesture` (a signal number or null), `mine`
 *   (the page's own seat: a button that opens the faces), `forMe` (the gesture is the page's
 *   partner's: marked in red), `target` (the page's partner while the faces are open).
 */
export function faceHtml(o) {
  const g = o.gesture ?? null;
  const words = g === null ? null : signWords(g);
  const title = words ? w('face.shows', o.name, words.gesture, words.meaning) : o.mine ? w('face.mine.title') :
    o.target ? `${w('face.title', o.name)} — ${w('face.partner')}` : w('face.title', o.name);
  const cls = `seat-face${o.mine ? ' mine' : ''}${g !== null ? ' gesturing' : ''}${o.forMe ? ' for-me' : ''}${o.target ? ' target' : ''}`;
  const svg = faceSvg(g, { shirt: SHIRTS[o.seat % 2] });
  const data = `data-gesture="${g === null ? '' : g}"`;
  const face = o.mine ?
    `<button type="button" class="${cls}" ${data} title="${esc(title)}" aria-label="${esc(title)}" aria-controls="faces" aria-expanded="${Boolean(o.open)}">${svg}</button>` :
    `<span class="${cls}" ${data} title="${esc(title)}" role="img" aria-label="${esc(title)}">${svg}</span>`;
  const caption = words ? `<span class="gesture-caption">${esc(words.gesture)}</span>` : '';
  return `<span class="face-box">${face}${caption}</span>`;
}

// The mano's leaf (seed 002's pink leaf) and the turn's arrow, drawn small.
const LEAF = '<svg viewBox="0 0 16 16" aria-hidden="true"><path d="M2 14 C2 6 7 2 14 2 C14 9 10 14 2 14 Z" fill="#f48fb1" stroke="#ad1457"/><path d="M3 13 L11 5" stroke="#ad1457"/></svg>';
const ARROW = '<svg viewBox="0 0 16 16" aria-hidden="true"><path d="M1 6 H9 V2 L15 8 L9 14 V10 H1 Z" fill="#2ecc71" stroke="#145a32"/></svg>';

/** The turn's green arrow before the name of the seat to act (empty for the others). */
export function arrowHtml(acting) {
  return acting ? `<span class="turn-arrow" title="${esc(w('turn.title'))}">${ARROW}</span>` : '';
}

/** The marks after a seat's name, as HTML: the dealer's badge and the mano's pink leaf. */
export function marksHtml({ dealer, mano }) {
  return (dealer ? `<span class="badge dealer" title="${esc(w('dealer.title'))}">${esc(w('dealer'))}</span>` : '') +
    (mano ? `<span class="badge mano" title="${esc(w('mano.title'))}">${LEAF}${esc(w('mano'))}</span>` : '');
}

/**
 * The cards shown at a hand's count, seat by seat, as small pictures named in words ("rey de
 * oros"): `ids` the 16 card ids (4 a seat, mus.h's ids), `name(s)` each seat's name.
 */
export function shownCardsHtml(ids, name) {
  const seat = (s) => ids.slice(4 * s, 4 * s + 4).filter((id) => id !== NO_CARD && id !== null)
    .map((id) => `<span class="mini-card">${cardSvg(id, esc(cardWords(id)))}</span>`).join('');
  return `<p class="shown">${esc(w('count.shown'))}</p><ul class="shown">` +
    [0, 1, 2, 3].map((s) => `<li><span>${esc(name(s))}</span> ${seat(s)}</li>`).join('') + '</ul>';
}

/**
 * A hand's count as the server writes it (a view's `last`, or a hand of /matches/<id>.json):
 * the hand's number and how it ended, a table of the lances with the reason for each, the
 * score before and after and the cards shown. `people`: the seats (words.js's grammar());
 * `tableId`: the table's id attribute, if any; `head`: false leaves the hand's number out (a
 * page that heads the hand itself), keeping how it ended.
 */
export function countHtml(last, people, { tableId = '', head = true } = {}) {
  const g = grammar(people);
  const count = { gameWinner: last.game_winner };
  const rows = last.lances.map((l) => {
    const line = { lance: l.lance, status: l.status, stake: l.stake, tantos: l.tantos, counted: l.counted, winnerTeam: l.winner_team, winnerSeat: l.winner_seat };
    return `<tr data-lance="${esc(l.lance)}" data-points="${l.points}" data-counted="${l.counted ? 1 : 0}">` +
      `<td>${esc(lanceWords(l.lance))}</td><td>${esc(statusWords(l.status))}</td><td class="reason">${esc(countReason(line, count, people))}</td>` +
      `<td class="points">${l.points}</td><td>${l.points > 0 && l.winner_team >= 0 ? esc(g.teamLabel(l.winner_team)) : '—'}</td></tr>`;
  }).join('');
  const shown = last.shown_ids ? shownCardsHtml(last.shown_ids, people.name) : '';
  const end = last.end === 2 ? w('count.deje.end') : last.end === 3 ? w('count.ordago.end') : '';
  const first = head ? `<p>${esc(w('count.hand', last.number))}.${esc(end)}</p>` : end ? `<p>${esc(end.trim())}</p>` : '';
  return first +
    `<table class="count"${tableId ? ` id="${esc(tableId)}"` : ''}><tr><th>${esc(w('count.lance'))}</th><th>${esc(w('count.how'))}</th><th>${esc(w('count.why'))}</th>` +
    `<th>${esc(w('count.points'))}</th><th>${esc(w('count.for'))}</th></tr>${rows}</table>` +
    `<p class="tanteo">${esc(w('count.scores', g.teamLabel(0), g.teamLabel(1), last.score_before, last.score_after))}</p>${shown}`;
}

/** A speech bubble's HTML (empty when nothing is said); `ask` for a question to the partner. */
export function bubbleHtml(words, ask = false) {
  return words ? `<div class="bubble${ask ? ' ask' : ''}">${esc(words)}</div>` : '<div class="bubble empty"></div>';
}

/**
 * Fills the faces panel with the gestures `signals` (numbers) a seat may make now, each a
 * button showing its face, its name, and on hover what it says; `pick(signal)` makes one.
 */
export function fillFaces(list, signals, seat, pick) {
  list.innerHTML = '';
  if (!signals.length) {
    const p = document.createElement('p');
    p.className = 'faces-none';
    p.textContent = w('faces.none');
    list.append(p);
    return;
  }
  for (const s of signals) {
    const words = signWords(s);
    const b = button('', () => pick(s), 'face-pick', { signal: String(s) });
    b.innerHTML = `${faceSvg(s, { shirt: SHIRTS[seat % 2] })}<span>${esc(words.name)}</span>`;
    b.title = `${words.gesture}: ${words.meaning}`;
    b.setAttribute('aria-label', `${words.name} (${words.gesture})`);
    list.append(b);
  }
}

/**
 * Places the faces panel `panel` beside the seat `seat` (its own face's seat) inside
 * `container`: to its right when there is room (the table's empty corner), else above it; on
 * a narrow screen the style keeps it at the bottom of the window.
 */
export function placeFaces(panel, seat, container) {
  panel.style.left = '';
  panel.style.top = '';
  panel.style.width = '';
  if (!seat || window.innerWidth < 700) return;
  const c = container.getBoundingClientRect();
  const s = seat.getBoundingClientRect();
  const room = c.right - s.right - 16;
  if (room >= 250) {
    panel.style.left = `${s.right - c.left + container.scrollLeft + 8}px`;
    panel.style.top = `${s.top - c.top + container.scrollTop}px`;
    panel.style.width = `${Math.min(room, 420)}px`;
    return;
  }
  panel.style.left = `${Math.max(0, s.left - c.left + container.scrollLeft)}px`;
  panel.style.top = `${Math.max(0, s.top - c.top + container.scrollTop - panel.offsetHeight - 6)}px`;
}

/**
 * The raise of any amount: a slider and a number field over the bet limits [min, max] (the
 * library's), and a button that says the amount ("Envido 13", "13 más"). The slider reaches
 * the amounts a person usually says (up to 40, or the limit); the number field any of them.
 * @param o `min`, `max`, `open` (a bet is open: a raise), `typed` (the amount to show first),
 *   `bet(amount, typed)`.
 */
export function raiseRow(o) {
  const row = document.createElement('div');
  row.className = 'row raise';
  // The slider goes up to the bet that gives the team what it still needs for the game
  // (`game`): a bigger bet is what the órdago is for. The number field takes any legal amount
  // up to `max`.
  const top = Math.max(o.min, Math.min(o.max, o.game ?? o.max));
  const first = Number(o.typed ?? o.min);
  const label = document.createElement('label');
  label.className = 'raise-label';
  label.textContent = w('raise.label');
  label.htmlFor = 'raise-range';
  const range = Object.assign(document.createElement('input'), { type: 'range', id: 'raise-range', min: o.min, max: top, step: 1 });
  range.value = String(Math.min(top, Math.max(o.min, first)));
  range.setAttribute('aria-label', w('raise.slider'));
  const amount = Object.assign(document.createElement('input'), { type: 'number', id: 'amount', min: o.min, max: o.max, step: 1 });
  amount.value = o.typed ?? String(o.min);
  amount.setAttribute('aria-label', w('raise.free'));
  const words = top < o.max ? w('raise.range.game', o.min, top) : w('raise.range', o.min, o.max);
  amount.title = words;
  const go = button('', () => o.bet(Number(amount.value), amount.value), 'ladder raise-go', { kind: 'bet', key: 'a' });
  go.id = 'raise-go';
  const say = () => { go.textContent = moveWords({ kind: 'bet', amount: amount.value === '' ? '…' : Number(amount.value) }, o.open); };
  range.oninput = () => { amount.value = range.value; say(); };
  amount.oninput = () => { if (amount.value !== '') range.value = String(Math.min(top, Math.max(o.min, Number(amount.value)))); say(); };
  amount.onkeydown = (ev) => { if (ev.key === 'Enter') { ev.preventDefault(); go.click(); } };
  say();
  const hint = document.createElement('span');
  hint.className = 'raise-range-words';
  hint.textContent = words;
  row.append(label, range, amount, go, hint);
  return row;
}

/**
 * The box of tips (up to three, from the library's tip function): previous and next, a close
 * cross, and the switch "¿Mostrar consejos?" the browser remembers. New tips open the box by
 * themselves only while the switch is on; the "?" button opens it always (and can turn the
 * switch back on). `onWant(on)`, when set, hears whether tips are wanted now (the switch on,
 * or the box open): the online page asks the server for tips only then.
 */
export class TipsBox {
  constructor(doc, storage) {
    this.doc = doc;
    this.storage = storage;
    this.tips = [];
    this.key = '';
    this.index = 0;
    const $ = (id) => doc.getElementById(id);
    this.box = $('tips');
    this.text = $('tips-text');
    this.count = $('tips-count');
    this.switch = $('tips-on');
    $('tips-prev').onclick = () => this.step(-1);
    $('tips-next').onclick = () => this.step(1);
    $('tips-close').onclick = () => { this.box.hidden = true; this.wantChanged(); };
    $('tips-open').onclick = () => this.open();
    this.switch.checked = this.on;
    this.switch.onchange = () => {
      try {
        if (this.switch.checked) storage.removeItem(TIPS_KEY);
        else storage.setItem(TIPS_KEY, 'off');
      } catch {
        // A browser that keeps nothing: the switch lasts for this page only.
        this.forcedOff = !this.switch.checked;
      }
      if (!this.switch.checked) this.box.hidden = true;
      this.wantChanged();
    };
    this.wanted = this.want;
  }

  /** Whether tips are wanted now: the switch on, or the box open. */
  get want() {
    return this.on || !this.box.hidden;
  }

  wantChanged() {
    const want = this.want;
    if (want === this.wanted) return;
    this.wanted = want;
    this.onWant?.(want);
  }

  /** Whether the person wants tips (the switch, as the browser remembers it). */
  get on() {
    try {
      return this.storage.getItem(TIPS_KEY) !== 'off';
    } catch {
      return !this.forcedOff;
    }
  }

  /**
   * The tips of the situation now (an array, maybe empty): a new set opens the box if on.
   * `people`: the page's seats (words.js's grammar()), for a tip that names a seat.
   */
  show(tips, people) {
    if (people) this.people = people;
    const list = Array.isArray(tips) ? tips.slice(0, 3) : [];
    const key = JSON.stringify(list, (k, v) => (typeof v === 'bigint' ? String(v) : v)); // the binding's card sets are bigints
    if (key === this.key) return;
    this.key = key;
    this.tips = list;
    this.index = 0;
    if (!list.length) {
      if (!this.opened) this.box.hidden = true;
      this.render();
      this.wantChanged();
      return;
    }
    this.opened = false;
    if (this.on) this.box.hidden = false;
    this.render();
    this.wantChanged();
  }

  /** The "?" button: the box with the tips of now (or a word that there are none). */
  open() {
    this.opened = true;
    this.switch.checked = this.on;
    this.box.hidden = false;
    this.render();
    this.wantChanged();
  }

  step(d) {
    if (!this.tips.length) return;
    this.index = (this.index + d + this.tips.length) % this.tips.length;
    this.render();
  }

  /** Writes the box again (after a change of language too). */
  render() {
    const n = this.tips.length;
    this.text.textContent = n ? tipWords(this.tips[this.index], this.people) : w('tips.none');
    this.count.textContent = n > 1 ? w('tips.count', this.index + 1, n) : '';
    this.doc.getElementById('tips-prev').hidden = n < 2;
    this.doc.getElementById('tips-next').hidden = n < 2;
    this.switch.checked = this.on;
    this.box.dataset.count = String(n);
  }
}
