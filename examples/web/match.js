// The page of a finished match (mus-server's GET /matches/<id>, opened in a browser): every
// hand, its moves and its count with the reason for each line and every seat's cards, in the
// person's language, chosen as on the online table (the same chooser, the same stored choice).
//
// The page decides nothing: the server replays the match with the library and gives each
// hand's events and count at /matches/<id>.json, in the form the online table gets them in a
// view; words.js names them (describeEvent, the count's reasons) and ui.js draws the count as
// the online table draws it. It loads no libmus.
import { countHtml, esc } from './ui.js';
import { describeEvent, LANGUAGE_KEY, languageChooser, setLanguage, translatePage, w } from './words.js';

setLanguage(localStorage.getItem(LANGUAGE_KEY) ?? 'es');

const $ = (id) => document.getElementById(id);
const id = decodeURIComponent(location.pathname.replace(/^\/matches\//, '').replace(/\/$/, ''));
// A finished match is watched by nobody: the seats are named by number, the teams by their seats.
const people = { name: (s) => w('online.seat.n', s), me: null, signals: true };
let match = null;

/** For the tests: the match as the page drew it. */
window.musMatch = { id, hands: null, error: null };

function render() {
  translatePage(document);
  document.title = w('page.match.title', id);
  $('match-record').href = `/replays/${encodeURIComponent(id)}`;
  if (!match) return;
  $('match-rules').textContent = w('match.rules', match.rules);
  $('match').innerHTML = match.hands.map((h, i) => {
    const moves = h.events.map((e) => describeEvent(e, people)).filter(Boolean)
      .map((line) => `<li>${esc(line)}</li>`).join('');
    return `<section class="hand" data-hand="${i + 1}"><h2>${esc(w('count.hand', i + 1))}</h2>` +
      `<h3>${esc(w('match.moves'))}</h3><ol class="moves">${moves}</ol>` +
      `<h3>${esc(w('count.title'))}</h3><div class="count-body">${h.count.number ? countHtml(h.count, people, { head: false }) : ''}</div></section>`;
  }).join('');
  window.musMatch.hands = match.hands.length;
}

async function load() {
  try {
    const r = await fetch(`/matches/${encodeURIComponent(id)}.json`, { cache: 'no-store' });
    if (!r.ok) throw new Error(String(r.status));
    match = await r.json();
  } catch (e) {
    window.musMatch.error = String(e.message ?? e);
    $('match-error').textContent = w('match.none');
    $('match-error').hidden = false;
  }
  render();
}

languageChooser($('lang'), localStorage, render);
render();
load();
