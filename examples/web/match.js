// The page of a finished match (mus-server's GET /matches/<id>, opened in a browser): who
// played, every hand, its moves and its count with the reason for each line and every seat's
// cards, in the person's language, chosen as on the online table (the same chooser, the same
// stored choice).
//
// The page decides nothing: the server replays the match with the library and gives the seats
// (as the lobby lists them) and each hand's events and count at /matches/<id>.json, in the
// form the online table gets them in a view; words.js names them (describeEvent, the count's
// reasons) and ui.js draws the count as the online table draws it. It loads no libmus.
import { countHtml, esc } from './ui.js';
import { botSeatKind, botSeatWords, describeEvent, LANGUAGE_KEY, languageChooser, setLanguage, translatePage, w } from './words.js';

setLanguage(localStorage.getItem(LANGUAGE_KEY) ?? 'es');

const $ = (id) => document.getElementById(id);
const id = decodeURIComponent(location.pathname.replace(/^\/matches\//, '').replace(/\/$/, ''));
let match = null;

// Who played each seat, from the server's `seats` (as the lobby lists them): a person by their
// name, a bot by its level's or kind's words, a seat nobody holds by its number.
function seatNames() {
  return [0, 1, 2, 3].map((s) => {
    const seat = match.seats?.[s];
    if (seat?.kind === 'bot') return botSeatWords(seat, match.levels);
    return seat?.player ?? w('online.seat.n', s);
  });
}

// A finished match is watched by nobody: the moves name each seat by who played it, with the
// seat where two share a name (two bots of one level); each team by its two players, or as
// "the two bots experto" where they are two bots of one level or kind.
function people(names) {
  const shared = (n) => names.filter((x) => x === n).length > 1;
  const bot = (s) => (match.seats?.[s]?.kind === 'bot' ? botSeatKind(match.seats[s], match.levels) : null);
  return {
    name: (s) => (shared(names[s]) ? w('match.seat.name', names[s], s) : names[s]),
    team: (t) => (bot(t) !== null && bot(t) === bot(t + 2) ? w('match.bots.team', bot(t)) : null),
    me: null,
    signals: true,
  };
}

// The two teams under the title: "Ana y Bea (asientos 0 y 2) contra los dos bots …".
function playersHtml(names, who) {
  const words = (t) => (who.team(t) !== null ? w('match.team.named', who.team(t), t, t + 2) : w('match.team', names[t], names[t + 2], t, t + 2));
  const team = (t) => `<span class="team" data-team="${t}">${esc(words(t))}</span>`;
  return `${team(0)} ${esc(w('match.versus'))} ${team(1)}`;
}

/** For the tests: the match as the page drew it. */
window.musMatch = { id, hands: null, error: null };

function render() {
  translatePage(document);
  document.title = w('page.match.title', id);
  $('match-record').href = `/replays/${encodeURIComponent(id)}`;
  if (!match) return;
  $('match-rules').textContent = w('match.rules', match.rules);
  const names = seatNames();
  const who = people(names);
  $('match-players').innerHTML = playersHtml(names, who);
  $('match').innerHTML = match.hands.map((h, i) => {
    const moves = h.events.map((e) => describeEvent(e, who)).filter(Boolean)
      .map((line) => `<li>${esc(line)}</li>`).join('');
    return `<section class="hand" data-hand="${i + 1}"><h2>${esc(w('count.hand', i + 1))}</h2>` +
      `<h3>${esc(w('match.moves'))}</h3><ol class="moves">${moves}</ol>` +
      `<h3>${esc(w('count.title'))}</h3><div class="count-body">${h.count.number ? countHtml(h.count, who, { head: false }) : ''}</div></section>`;
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
