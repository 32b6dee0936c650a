// The words of the web tables, for both pages (index.html and online.html), in Spanish and in
// English: how the library's numbers and names read (event kinds, lances, lance statuses,
// phases, action kinds, signals, bot kinds, tips), every move as a button and as a speech
// bubble, every event as a line of the move log, every line of the count with its reason,
// the server's error codes and notes, and every label of the pages.
//
// Nothing here decides anything about the game: the offline page (app.js) gets its actions,
// events and counts from the library, the online page (online.js) from the server, which gets
// them from the library; this module only names them. It touches no DOM except in
// translatePage(), and loads no libmus, so the online page can use it without the WebAssembly
// package, and the tests import it in Node: they check every number below against
// include/mus/mus.h (MUS_EVENT_*, MUS_LANCE_*, MUS_ACTION_*, MUS_SIGNAL_*, MUS_BOT_*), that the
// two languages have the same keys, and that every key the pages use exists.
//
// The language: setLanguage('es' | 'en'); the pages keep the person's choice in localStorage
// (LANGUAGE_KEY). Spanish is the default.

// ---- the library's numbers and names ---------------------------------------------------------

/** Event kinds by their numbers in the protocol (`kind`), which are mus.h's MUS_EVENT_*. */
export const EVENT = Object.freeze({
  DEAL: 1, REFILL: 2, MUS: 3, CUT: 4, DISCARD: 5, REPLACE: 6, PERETE: 7, SIGNAL: 8,
  DECLARE_PARES: 9, DECLARE_JUEGO: 10, LANCE_START: 11, PASS: 12, BET: 13, ORDAGO: 14,
  ACCEPT: 15, REJECT: 16, DEJE: 17, EN_PASO: 18, SHOWDOWN: 19, COUNT: 20, GAME: 21, VACA: 22,
  MATCH: 23, PROPOSE: 24, AGREE: 25,
});

/** Lance numbers (mus.h's MUS_LANCE_*) as the library's lance names (mus::lance_name). */
export const LANCE_BY_NUMBER = Object.freeze(['grande', 'chica', 'pares', 'juego', 'punto']);
/** Lance status numbers (MUS_LANCE_STATUS_*) as the library's names (mus::lance_status_name). */
export const STATUS_BY_NUMBER = Object.freeze(['pending', 'skipped', 'one_team', 'en_paso', 'accepted', 'refused', 'ordago']);
/** Phase numbers (MUS_PHASE_*, from 1) as the library's names (mus::phase_name). */
export const PHASE_BY_NUMBER = Object.freeze([null, 'shuffle', 'mus', 'discard', 'betting', 'match_over', 'perete']);
/** Action kind numbers (MUS_ACTION_*, from 1) as the library's names (mus::action_kind_name). */
export const ACTION_BY_NUMBER = Object.freeze([null, 'shuffle', 'mus', 'cut', 'discard', 'pass', 'bet', 'ordago', 'accept', 'reject', 'signal', 'perete']);
/** Signal numbers (MUS_SIGNAL_*) as the library's names (mus::signal_name). */
export const SIGNAL_BY_NUMBER = Object.freeze(['two_kings', 'three_kings', 'two_aces', 'three_aces', 'pareja', 'medias',
  'duples', 'juego_31', 'punto_30', 'punto_29', 'punto_28', 'ciego', 'real_31', 'solomillo', 'need_mus']);
/** Bot kind numbers (MUS_BOT_*) as the library's names (mus::bot_kind_name). */
export const BOT_BY_NUMBER = Object.freeze(['random', 'heuristic', 'search', 'tight', 'loose', 'station', 'ordago', 'careful', 'exploiter',
  'beginner', 'amateur', 'expert']);

// A number (the binding's enums) or a library name (the server's JSON) as its name.
const named = (x, byNumber) => (typeof x === 'number' ? byNumber[x] : x);
/** Whether a seat, team or lance field holds one: the binding says null for none, the server -1. */
export const given = (x) => x !== null && x !== undefined && x >= 0;
/** A signal, by number or library name, as its number (undefined when unknown). */
export function signalNumber(x) {
  if (typeof x === 'number') return x;
  const i = SIGNAL_BY_NUMBER.indexOf(x);
  return i < 0 ? undefined : i;
}

// ---- the language ----------------------------------------------------------------------------

/** The languages of the pages, each named in itself. */
export const LANGUAGES = Object.freeze({ es: 'Español', en: 'English' });
/** Where the pages keep the person's language (localStorage). */
export const LANGUAGE_KEY = 'mus.lang';
let lang = 'es';
/** Chooses the language of every word below ('es' or 'en'; anything else is Spanish). */
export function setLanguage(l) {
  lang = Object.hasOwn(LANGUAGES, l) ? l : 'es';
  return lang;
}
/** The language in use. */
export function language() {
  return lang;
}

const capital = (s) => s.charAt(0).toUpperCase() + s.slice(1);
const pick = (table) => table[lang];

// ---- lances, statuses, phases ------------------------------------------------------------------

const LANCE_WORDS = {
  es: { grande: 'Grande', chica: 'Chica', pares: 'Pares', juego: 'Juego', punto: 'Punto' },
  en: { grande: 'Grande (high)', chica: 'Chica (low)', pares: 'Pares (pairs)', juego: 'Juego (game)', punto: 'Punto (point)' },
};
const STATUS_WORDS = {
  es: { pending: 'sin jugar', skipped: 'nadie lleva', one_team: 'sólo un equipo lleva', en_paso: 'en paso',
    accepted: 'querido', refused: 'no querido', ordago: 'órdago querido' },
  en: { pending: 'not played', skipped: 'nobody has it', one_team: 'only one team has it', en_paso: 'all passed',
    accepted: 'seen', refused: 'folded', ordago: 'órdago seen' },
};
const PHASE_WORDS = {
  es: { shuffle: 'barajando', mus: 'mus', discard: 'descartes', betting: 'envites', match_over: 'fin de la partida', perete: 'tío Perete' },
  en: { shuffle: 'shuffling', mus: 'mus', discard: 'discards', betting: 'betting', match_over: 'match over', perete: 'tío Perete' },
};

/** A lance, by number or name ("Grande"); the input itself when unknown. */
export function lanceWords(l) {
  return pick(LANCE_WORDS)[named(l, LANCE_BY_NUMBER)] ?? String(l);
}
/** A lance status, by number or name ("no querido"). */
export function statusWords(st) {
  return pick(STATUS_WORDS)[named(st, STATUS_BY_NUMBER)] ?? String(st);
}
/** A phase, by number or name ("descartes"). */
export function phaseWords(p) {
  return pick(PHASE_WORDS)[named(p, PHASE_BY_NUMBER)] ?? String(p);
}

// ---- signals (gestures) ------------------------------------------------------------------------

/**
 * The signals (R33) by their numbers (mus.h's MUS_SIGNAL_*): the name, the gesture (one
 * gesture each), and what the gesture says to the partner. `need_mus` (the online set's
 * "Need Mus!" face) is a wish, not a fact about the cards; its gesture is pleading hands, so
 * that it never reads as `ciego`'s closed eyes. faces.js draws each gesture.
 */
export const SIGNS = Object.freeze({
  es: Object.freeze([
    ['dos reyes', 'se muerde el centro del labio', '«¡Tengo dos reyes!»'],
    ['tres reyes', 'se muerde un lado del labio', '«¡Tengo tres reyes!»'],
    ['dos ases', 'saca la punta de la lengua', '«¡Tengo dos ases!»'],
    ['tres ases', 'saca la lengua a un lado', '«¡Tengo tres ases!»'],
    ['pareja', 'ladea la cabeza', '«Tengo pareja»'],
    ['medias', 'tuerce la boca a un lado', '«¡Tengo medias!»'],
    ['duples', 'levanta las cejas', '«¡Tengo duples!»'],
    ['la una (31)', 'guiña un ojo', '«¡Tengo 31!»'],
    ['30 de punto', 'encoge los dos hombros', '«Tengo 30 de punto»'],
    ['29 de punto', 'levanta el hombro derecho', '«Tengo 29 de punto»'],
    ['28 de punto', 'levanta el hombro izquierdo', '«Tengo 28 de punto»'],
    ['ciego (ni pares ni juego)', 'cierra los ojos', '«No llevo ni pares ni juego»'],
    ['31 real', 'se toca el lóbulo de la oreja', '«¡Tengo 31 real!»'],
    ['solomillo (tres reyes y as)', 'lanza un beso', '«¡Tengo tres reyes y un as!»'],
    ['«¡quiero mus!»', 'junta las manos pidiendo mus', '«¡Necesito mus!»'],
  ]),
  en: Object.freeze([
    ['two kings', 'bites the middle of the lower lip', '"Got 2 Kings!"'],
    ['three kings', 'bites one side of the lower lip', '"Got 3 Kings!"'],
    ['two aces', 'sticks the tongue out', '"Got 2 Aces!"'],
    ['three aces', 'sticks the tongue out to one side', '"Got 3 Aces!"'],
    ['a pair', 'tilts the head', '"Got a pair"'],
    ['three of a kind (medias)', 'purses the lips to one side', '"Got Three-of-a-Kind!"'],
    ['two pairs (duples)', 'raises the eyebrows', '"Got Two Pairs!"'],
    ['31', 'winks', '"Got 31!"'],
    ['30 points', 'shrugs both shoulders', '"Got 30 points"'],
    ['29 points', 'raises the right shoulder', '"Got 29 points"'],
    ['28 points', 'raises the left shoulder', '"Got 28 points"'],
    ['blind (no pairs, no game)', 'closes the eyes', '"No pairs and no game"'],
    ['31 real', 'touches the earlobe', '"Got 31 real!"'],
    ['solomillo (three kings and an ace)', 'blows a kiss', '"Got 3 Kings and an Ace!"'],
    ['"need mus!"', 'joins the hands begging for mus', '"Need Mus!"'],
  ]),
});

/** A signal (number or library name): its `name`, `gesture` and `meaning` in the language. */
export function signWords(x) {
  const row = pick(SIGNS)[signalNumber(x)];
  return row ? { name: row[0], gesture: row[1], meaning: row[2] } : { name: String(x), gesture: '?', meaning: '' };
}

// ---- bot kinds ----------------------------------------------------------------------------------

const BOT_WORDS = {
  es: { random: 'al azar', heuristic: 'de club (heurístico)', search: 'de búsqueda', tight: 'prudente',
    loose: 'suelto y agresivo', station: 'que lo quiere todo', ordago: 'amigo del órdago', careful: 'calculador',
    exploiter: 'explotador', beginner: 'principiante', amateur: 'aficionado', expert: 'experto' },
  en: { random: 'random', heuristic: 'club player (heuristic)', search: 'search', tight: 'tight',
    loose: 'loose and aggressive', station: 'calling station', ordago: 'órdago lover', careful: 'careful',
    exploiter: 'exploiter', beginner: 'beginner', amateur: 'amateur', expert: 'expert' },
};

// The levels of play (mus::levels), by the library's ids: their English names (in Spanish the
// page shows the library's own names for players, mus::level_display_name) and what each level
// plays like, in one line (docs/bots.md, "Levels").
const LEVEL_NAMES_EN = { beginner: 'beginner', amateur: 'amateur', club: 'club player', strong: 'strong', expert: 'expert' };
const LEVEL_ABOUT = {
  es: {
    beginner: 'Juega sus cartas, no la mesa: pide mus con buena mano, descarta mal y quiere órdagos de más.',
    amateur: 'Conoce el juego y comete los errores del principiante menos a menudo; apuesta algo suelto.',
    club: 'Juego sólido: corta, descarta y apuesta según sus opciones, y hace señas a su compañero.',
    strong: 'Antes de cada apuesta reparte unas cuantas veces las cartas que no ve; castiga a quien quiere de más.',
    expert: 'Como el fuerte, pero mira más repartos, pesa también el mus y los descartes, y lee mejor las apuestas y los órdagos: rechaza más los que le ganarían.',
  },
  en: {
    beginner: 'Plays its cards, not the table: asks for mus with good hands, discards badly, accepts too many órdagos.',
    amateur: 'Knows the game and makes the beginner\'s mistakes less often; bets a little loosely.',
    club: 'Sound play: cuts, discards and bets by its chances, and signals to its partner.',
    strong: 'Deals the unseen cards a few dozen times before each bet; punishes players who accept too much.',
    expert: 'Like the strong level, but looks at more deals, weighs its mus and discards too, and reads bets and órdagos better: refuses more of those that would beat it.',
  },
};

/**
 * The words for a level of play: `level` is the library's `{ id, name }` (mus::level_id and
 * mus::level_display_name, as the server's welcome and the wasm library give them). Returns
 * its name in the page's language and a one-line description ('' for a level unknown here).
 */
export function levelWords(level) {
  const name = lang === 'es' ? level.name : LEVEL_NAMES_EN[level.id] ?? level.name;
  return { name: name ?? String(level.id), about: pick(LEVEL_ABOUT)[level.id] ?? '' };
}

/**
 * The words for a bot kind (a library name or a MUS_BOT_* number), or the name itself; with
 * `target` (the exploiter's target kind), whom it exploits. The same words on both pages.
 */
export function botWords(kind, target) {
  const name = named(kind, BOT_BY_NUMBER);
  const words = pick(BOT_WORDS)[name] ?? String(name);
  if (name !== 'exploiter' || target === undefined || target === null) return words;
  return lang === 'es' ? `${words} del bot ${botWords(target)}` : `${words} of the ${botWords(target)} bot`;
}

/**
 * What plays a bot's seat as the server lists it (`{ kind: 'bot', bot, level }`): its level's
 * name where the table's creator chose a level, else its kind's ("experto"). `levels`: the
 * server's levels (`{ id, name }`, as its welcome lists them).
 */
export function botSeatKind(seat, levels) {
  const level = seat.level ? levels?.find((l) => l.id === seat.level) ?? { id: seat.level } : null;
  return level ? levelWords(level).name : botWords(seat.bot ?? 'heuristic');
}

/** The words for a bot's seat ("bot experto"); `seat` and `levels` as for botSeatKind(). */
export function botSeatWords(seat, levels) {
  return w('online.bot.kind', botSeatKind(seat, levels));
}

// ---- how a page speaks of its seats and teams ----------------------------------------------------

/**
 * The grammar of a page's seats, from the facts the page gives (`people`):
 *   - `name(s)`: the seat's name as others call it ("Ana", "Bot 1", "tu compañero");
 *   - `me`: the page's own seat, or null (a spectator);
 *   - `team(t)`, optional, for a spectator: team t's name where the page has one of its own
 *     ("los dos bots experto"), or null; else the team is named by its two seats' names.
 * Sentences speak of the page's own seat in the second person ("repartes tú", "you deal") and
 * of its team in the first person plural ("ganamos nosotros", "we win").
 */
export function grammar(people) {
  const me = given(people.me) ? people.me : null;
  const isMe = (s) => me !== null && s === me;
  const mine = (t) => me !== null && t === me % 2;
  const name = (s) => people.name(s);
  if (lang === 'en') {
    const team = (t) => (me === null ? people.team?.(t) ?? `${name(t)} and ${name(t + 2)}` : mine(t) ? 'us' : 'them');
    return {
      isMe, mine, name, team,
      who: (s) => (isMe(s) ? 'You' : capital(name(s))),
      seatDoes: (s, you, other) => (isMe(s) ? `you ${you}` : `${name(s)} ${other}`),
      teamDoes: (t, we, they) => (mine(t) ? `we ${we}` : me === null ? `${team(t)} ${we}` : `they ${they}`),
      cardsOf: (s) => (isMe(s) ? 'your cards' : `${name(s)}'s cards`),
      teamLabel: (t) => capital(team(t)),
    };
  }
  const team = (t) => (me === null ? people.team?.(t) ?? `los de ${name(t)} y ${name(t + 2)}` : mine(t) ? 'nosotros' : 'ellos');
  return {
    isMe, mine, name, team,
    who: (s) => (isMe(s) ? 'Tú' : capital(name(s))),
    seatDoes: (s, you, other) => (isMe(s) ? `${you} tú` : `${other} ${name(s)}`),
    teamDoes: (t, we, they) => (mine(t) ? `${we} nosotros` : `${they} ${team(t)}`),
    cardsOf: (s) => (isMe(s) ? 'tus cartas' : `las cartas de ${name(s)}`),
    teamLabel: (t) => capital(team(t)),
  };
}

// ---- moves: the buttons, and what a seat says ----------------------------------------------------

/**
 * A legal move as its button's words: `a` has `kind` (the library's name or number) and, as
 * the kind needs, `amount` (a bet's points), `cards` (a discard's cards; their number) or
 * `signal`. `open`: whether a bet is open (a bet is then a raise: "2 más").
 */
export function moveWords(a, open) {
  const kind = named(a.kind, ACTION_BY_NUMBER);
  const n = a.amount ?? 0;
  const cards = a.cards?.length ?? n;
  const es = lang === 'es';
  switch (kind) {
    case 'mus': return 'Mus';
    case 'cut': return es ? 'Corto (no hay mus)' : 'No mus (cut)';
    case 'discard': return cards ? (es ? `Descarto ${cards}` : `Discard ${cards}`) : (es ? 'Servido' : 'Keep all (servido)');
    case 'pass': return es ? 'Paso' : 'Pass';
    case 'bet': return open ? (es ? `${n} más` : `${n} more`) : (es ? `Envido ${n}` : `Bet ${n}`);
    case 'ordago': return es ? '¡Órdago!' : 'Órdago!';
    case 'accept': return es ? 'Quiero' : 'See';
    case 'reject': return es ? 'No quiero' : 'Fold';
    case 'perete': return es ? '¡Tío Perete!' : 'Tío Perete!';
    case 'signal': return es ? `Seña de ${signWords(a.signal ?? n).name}` : `Signal: ${signWords(a.signal ?? n).name}`;
    default: return String(kind);
  }
}

/** The words of an agreement to the partner's proposal (R25a). */
export function agreeWords() {
  return lang === 'es' ? 'De acuerdo' : 'Agree';
}

/**
 * A partner's proposal (R25a) as the question in its bubble: `kind` is the proposed answer
 * (an ActionKind number or name: bet = a raise, accept, reject), `amount` the raise "más".
 */
export function proposalWords(kind, amount) {
  const move = moveWords({ kind, amount }, true);
  return lang === 'es' ? `¿${move}?` : `${move}?`;
}

/**
 * What a seat says with an event, in its speech bubble ("Paso", "Envido 2", "2 más",
 * "¿No quiero?", "De acuerdo"), or null for events that are not said.
 */
export function sayingWords(e) {
  if (e.server) return null;
  const es = lang === 'es';
  switch (e.kind) {
    case EVENT.MUS: return 'Mus';
    case EVENT.CUT: return es ? 'No hay mus' : 'No mus';
    case EVENT.DISCARD: return moveWords({ kind: 'discard', amount: e.amount });
    case EVENT.PASS: return moveWords({ kind: 'pass' });
    case EVENT.BET: return moveWords({ kind: 'bet', amount: e.amount }, e.value !== e.amount);
    case EVENT.ORDAGO: return moveWords({ kind: 'ordago' });
    case EVENT.ACCEPT: return moveWords({ kind: 'accept' });
    case EVENT.REJECT: return moveWords({ kind: 'reject' });
    case EVENT.PERETE: return moveWords({ kind: 'perete' });
    case EVENT.PROPOSE: return proposalWords(e.value, e.amount);
    case EVENT.AGREE: return agreeWords();
    default: return null;
  }
}

/** Whether an event is something a seat said (shown in its bubble until the lance ends). */
export function isSaying(e) {
  return sayingWords(e) !== null;
}

// ---- the move log ----------------------------------------------------------------------------

const NOTE_WORDS = {
  es: { timeout: 'se le acabó el tiempo: el bot jugó por él', bot_for_away: 'está ausente: el bot jugó por él' },
  en: { timeout: 'ran out of time: the bot played for them', bot_for_away: 'is away: the bot played for them' },
};

/**
 * One event as a line of the move log, or null for those the log leaves out.
 * @param e the event: `kind` (or, from the server, `server` for its notes), `seat`, `team`,
 *   `lance`, `amount`, `value` as the library reports them.
 * @param people the page's seats (see grammar()); `signals: false` leaves signals out of the
 *   log (a page that lists them apart).
 */
export function describeEvent(e, people) {
  const g = grammar(people);
  const who = given(e.seat) ? g.who(e.seat) : '';
  if (e.server) return `${who}: ${pick(NOTE_WORDS)[e.server] ?? e.server}`;
  const said = sayingWords(e);
  const lance = given(e.lance) ? lanceWords(e.lance) : '';
  const sign = () => signWords(e.value);
  if (lang === 'en') {
    switch (e.kind) {
      case EVENT.DEAL: return `${capital(g.seatDoes(e.seat, 'deal', 'deals'))}; ${g.seatDoes(e.value, 'are mano', 'is mano')} (hand ${e.amount})`;
      case EVENT.REFILL: return `The deck is made again from ${e.amount} discards`;
      case EVENT.REPLACE: return null;
      case EVENT.PERETE: return `${who}: tío Perete! (1 for ${g.team(e.team)})`;
      case EVENT.SIGNAL: return people.signals === false ? null : `${g.isMe(e.seat) ? 'You make' : `${who} makes`} the sign of ${sign().name} (${sign().gesture})`;
      case EVENT.DECLARE_PARES: return `${who}: pairs ${e.value ? 'yes' : 'no'}`;
      case EVENT.DECLARE_JUEGO: return `${who}: game ${e.value ? 'yes' : 'no'}`;
      case EVENT.LANCE_START: return `— ${lance} —`;
      case EVENT.BET: return e.value === e.amount ? `${who}: ${said}` : `${who}: ${said} (${e.value} in all)`;
      case EVENT.DEJE: return `${capital(g.teamDoes(e.team, 'take', 'take'))} ${e.amount} for ${lance} (folded)`;
      case EVENT.EN_PASO: return `${lance}: all passed`;
      case EVENT.SHOWDOWN: return `Órdago seen at ${lance}: ${g.cardsOf(e.seat)} win`;
      case EVENT.COUNT: return e.amount ? `Count: ${lance}, ${e.amount} for ${g.team(e.team)}` : `Count: ${lance}, nothing`;
      case EVENT.GAME: return `${capital(g.teamDoes(e.team, 'win', 'win'))} the game!`;
      case EVENT.VACA: return `${capital(g.teamDoes(e.team, 'win', 'win'))} the vaca!`;
      case EVENT.MATCH: return `${capital(g.teamDoes(e.team, 'win', 'win'))} the match!`;
      case EVENT.PROPOSE: return g.isMe(e.seat) ? `You ask your partner: ${said}` :
        g.isMe((e.seat + 2) % 4) ? `${who} asks you: ${said}` : `${who} asks their partner: ${said}`;
      case EVENT.AGREE: return `${capital(g.seatDoes(e.seat, 'agree', 'agrees'))}`;
      default: return said ? `${who}: ${said}` : null;
    }
  }
  switch (e.kind) {
    case EVENT.DEAL: return `${capital(g.seatDoes(e.seat, 'repartes', 'reparte'))}; ${g.seatDoes(e.value, 'eres mano', 'es mano')} (mano nº ${e.amount})`;
    case EVENT.REFILL: return `Se rehace el mazo con ${e.amount} descartes`;
    case EVENT.REPLACE: return null;
    case EVENT.PERETE: return `${who}: ¡tío Perete! (1 para ${g.team(e.team)})`;
    case EVENT.SIGNAL: return people.signals === false ? null : `${g.isMe(e.seat) ? 'Haces' : `${who} hace`} la seña de ${sign().name} (${sign().gesture})`;
    case EVENT.DECLARE_PARES: return `${who}: pares ${e.value ? 'sí' : 'no'}`;
    case EVENT.DECLARE_JUEGO: return `${who}: juego ${e.value ? 'sí' : 'no'}`;
    case EVENT.LANCE_START: return `— ${lance} —`;
    case EVENT.BET: return e.value === e.amount ? `${who}: ${said.toLowerCase()}` : `${who}: ${said} (van ${e.value})`;
    case EVENT.ORDAGO: return `${who}: ¡órdago!`;
    case EVENT.DEJE: return `${capital(g.teamDoes(e.team, 'nos llevamos', 'se llevan'))} ${e.amount} de ${lance} (no querido)`;
    case EVENT.EN_PASO: return `${lance}: en paso`;
    case EVENT.SHOWDOWN: return `Órdago querido a ${lance}: ganan ${g.cardsOf(e.seat)}`;
    case EVENT.COUNT: return e.amount ? `Cuenta: ${lance}, ${e.amount} para ${g.team(e.team)}` : `Cuenta: ${lance}, nada`;
    case EVENT.GAME: return `¡${capital(g.teamDoes(e.team, 'ganamos', 'ganan'))} el juego!`;
    case EVENT.VACA: return `¡${capital(g.teamDoes(e.team, 'ganamos', 'ganan'))} la vaca!`;
    case EVENT.MATCH: return `¡${capital(g.teamDoes(e.team, 'ganamos', 'ganan'))} la partida!`;
    case EVENT.PROPOSE: return g.isMe(e.seat) ? `Preguntas a tu compañero: ${said}` :
      g.isMe((e.seat + 2) % 4) ? `${who} te pregunta: ${said}` : `${who} pregunta a su compañero: ${said}`;
    case EVENT.AGREE: return g.isMe(e.seat) ? 'Estás de acuerdo' : `${who} está de acuerdo`;
    default: return said ? `${who}: ${said.toLowerCase()}` : null;
  }
}

// ---- the count ---------------------------------------------------------------------------------

/** Points as the table counts them with amarracos (5 points) and piedras. */
export function amarracos(points) {
  const a = Math.floor(points / 5);
  const p = points % 5;
  if (lang === 'en') return `${a} amarraco${a === 1 ? '' : 's'}${p ? ` and ${p} stone${p === 1 ? '' : 's'}` : ''}`;
  return `${a} amarraco${a === 1 ? '' : 's'}${p ? ` y ${p} piedra${p === 1 ? '' : 's'}` : ''}`;
}

const plural = (n, one, many) => `${n} ${n === 1 ? one : many}`;

/**
 * Why a line of a hand's count scored what it did, from the library's record of it: how the
 * lance was played (status), the stake, the tantos, whether the count reached it, and who won.
 * @param line `lance`, `status` (numbers or names), `stake`, `tantos`, `counted`,
 *   `winnerTeam`, `winnerSeat` (null or -1 for none) and, where the page knows them, `split`:
 *   the tantos partner by partner, as [seat, n] pairs.
 * @param count `gameWinner` (null or -1): the team that had won the game before this line.
 * @param people the page's seats (see grammar()).
 */
export function countReason(line, count, people) {
  const g = grammar(people);
  const t = given(line.winnerTeam) ? line.winnerTeam : null;
  const status = named(line.status, STATUS_BY_NUMBER);
  const lanceName = named(line.lance, LANCE_BY_NUMBER);
  const low = lanceWords(lanceName).toLowerCase();
  const es = lang === 'es';
  const parts = (line.split ?? []).filter(([, n]) => n).map(([s, n]) => `${g.isMe(s) ? (es ? 'tú' : 'you') : g.name(s)} ${n}`);
  const tantos = !line.tantos ? '' : es ? `${plural(line.tantos, 'tanto', 'tantos')} de ${low}${parts.length ? ` (${parts.join(', ')})` : ''}` :
    `${plural(line.tantos, 'tanto', 'tantos')} of ${low}${parts.length ? ` (${parts.join(', ')})` : ''}`;
  const extra = tantos || (lanceName === 'punto' ? (es ? '1 de punto' : '1 for punto') : '');
  const cards = given(line.winnerSeat) ? (es ? ` con ${g.cardsOf(line.winnerSeat)}` : ` with ${g.cardsOf(line.winnerSeat)}`) : '';
  const gw = given(count.gameWinner) ? count.gameWinner : null;
  // An accepted órdago decides the game itself (R27): the count after it is never reached.
  if (status === 'ordago') {
    return es ? `órdago querido: ${g.teamDoes(t, 'ganamos', 'ganan')} el juego${cards}` : `órdago seen: ${g.teamDoes(t, 'win', 'win')} the game${cards}`;
  }
  if (!line.counted && status !== 'skipped' && status !== 'pending') {
    // The count stopped before this lance (R29): say how it went and why it scored nothing.
    if (es) {
      const won = gw === null ? 'el juego ya estaba ganado' : g.mine(gw) ? 'ya habíamos ganado el juego nosotros' :
        people.me === null || people.me === undefined ? `ya habían ganado el juego ${g.team(gw)}` : 'ya habían ganado el juego ellos';
      const deje = status === 'refused' && t !== null ? ` (${g.teamDoes(t, 'cobramos', 'cobraron')} ${line.stake} de deje al momento)` : '';
      const had = t === null ? '' : `, ${g.teamDoes(t, 'lo llevábamos', 'lo llevaban')}${cards}`;
      return `${statusWords(status)}${deje}${had}; no se contó: ${won}`;
    }
    const won = gw === null ? 'the game was already won' : g.mine(gw) ? 'we had already won the game' : `${g.team(gw) === 'them' ? 'they' : g.team(gw)} had already won the game`;
    const deje = status === 'refused' && t !== null ? ` (${g.teamDoes(t, 'took', 'took')} ${line.stake} at once for the fold)` : '';
    const had = t === null ? '' : `, ${g.teamDoes(t, 'had it', 'had it')}${cards}`;
    return `${statusWords(status)}${deje}${had}; not counted: ${won}`;
  }
  if (es) {
    switch (status) {
      case 'accepted': return `envite de ${line.stake} querido: ${g.teamDoes(t, 'ganamos', 'ganan')}${cards}${extra ? `; más ${extra}` : ''}`;
      case 'refused': return `no querido: ${g.teamDoes(t, 'cobramos', 'cobraron')} ${line.stake} de deje al momento` +
        (extra ? `, y en la cuenta ${extra}` : ', y nada más en la cuenta');
      case 'en_paso': return `en paso: ${g.teamDoes(t, 'ganamos', 'ganan')}${cards}${tantos ? `: ${tantos}` : ', 1 punto'}`;
      case 'one_team': return `sólo ${g.teamDoes(t, 'llevamos', 'llevan')} ${low}${tantos ? `: ${tantos}` : ''}`;
      case 'skipped': return 'nadie lleva: no se juega';
      default: return 'no se llegó a jugar';
    }
  }
  switch (status) {
    case 'accepted': return `bet of ${line.stake} seen: ${g.teamDoes(t, 'win', 'win')}${cards}${extra ? `; plus ${extra}` : ''}`;
    case 'refused': return `folded: ${g.teamDoes(t, 'took', 'took')} ${line.stake} at once` +
      (extra ? `, and in the count ${extra}` : ', and nothing more in the count');
    case 'en_paso': return `all passed: ${g.teamDoes(t, 'win', 'win')}${cards}${tantos ? `: ${tantos}` : ', 1 point'}`;
    case 'one_team': return `only ${g.teamDoes(t, 'have', 'have')} ${low}${tantos ? `: ${tantos}` : ''}`;
    case 'skipped': return 'nobody has it: not played';
    default: return 'not reached';
  }
}

// ---- cards -------------------------------------------------------------------------------------

const RANK_WORDS = {
  es: ['as', 'dos', 'tres', 'cuatro', 'cinco', 'seis', 'siete', 'sota', 'caballo', 'rey'],
  en: ['ace', 'two', 'three', 'four', 'five', 'six', 'seven', 'jack', 'knight', 'king'],
};
const SUIT_WORDS = { es: ['oros', 'copas', 'espadas', 'bastos'], en: ['coins', 'cups', 'swords', 'clubs'] };
const RANKS_WORDS = {
  es: ['ases', 'doses', 'treses', 'cuatros', 'cincos', 'seises', 'sietes', 'sotas', 'caballos', 'reyes'],
  en: ['aces', 'twos', 'threes', 'fours', 'fives', 'sixes', 'sevens', 'jacks', 'knights', 'kings'],
};

/**
 * A hand's pares as the library encodes them (kind × 100 + high rank × 10 + low rank; kind 1
 * pareja, 2 medias, 3 duples; ranks 0 ace .. 9 king as they play, R4) in words: "medias de
 * reyes", "duples de reyes y sotas"; null without pares.
 */
export function paresWords(code) {
  const kind = Math.floor(code / 100);
  if (kind < 1 || kind > 3) return null;
  const [hi, lo] = [pick(RANKS_WORDS)[Math.floor(code / 10) % 10], pick(RANKS_WORDS)[code % 10]];
  if (lang === 'es') return kind === 3 ? `duples de ${hi} y ${lo}` : `${kind === 1 ? 'pareja' : 'medias'} de ${hi}`;
  return kind === 3 ? `two pairs (duples), ${hi} and ${lo}` : kind === 1 ? `a pair of ${hi}` : `three ${hi} (medias)`;
}

/** A card by its library id (mus.h: suit × 10 + rank index) in words: "rey de oros". */
export function cardWords(id) {
  const rank = pick(RANK_WORDS)[id % 10];
  const suit = pick(SUIT_WORDS)[Math.floor(id / 10)];
  return lang === 'es' ? `${rank} de ${suit}` : `${rank} of ${suit}`;
}

// Card ids from a list (of ids, or of the binding's Cards), a Hand (its `ids`), or a bit set
// (bit = card id: a number, a bigint or its decimal text).
function cardIds(x) {
  if (x && typeof x === 'object' && !Array.isArray(x) && x.ids) return cardIds([...x.ids]);
  if (Array.isArray(x)) return x.map((c) => (typeof c === 'object' && c !== null ? c.id : c)).filter((c) => Number.isInteger(c) && c >= 0 && c < 40);
  if (x === undefined || x === null || x === '') return [];
  const bits = BigInt(x);
  return Array.from({ length: 40 }, (_, i) => i).filter((i) => (bits >> BigInt(i)) & 1n);
}

// A list in words: "a, b y c" / "a, b and c".
function listWords(items) {
  if (items.length < 2) return items.join('');
  return `${items.slice(0, -1).join(', ')} ${lang === 'es' ? 'y' : 'and'} ${items.at(-1)}`;
}

// ---- tips ------------------------------------------------------------------------------------

/** Tip kind numbers (mus.h's MUS_TIP_*) as the library's names (mus::tip_kind_name). */
export const TIP_BY_NUMBER = Object.freeze(['none', 'search_choice', 'club_cut', 'club_mus', 'club_discard', 'grande_kings',
  'grande_no_king', 'chica_aces', 'chica_no_ace', 'pares', 'juego', 'punto', 'ciego', 'hand', 'partner_signal', 'opponent_signal',
  'deje_wins_game', 'reject_loses_game', 'raise_deje_wins', 'they_need_little', 'we_need_little', 'perete', 'lance_chance']);

// A tip's action (an object with `kind`, `amount`, `cards`) as a move's words (`open`: a bet
// is open, so a bet is a raise), or null.
function tipMove(a, open) {
  if (!a || typeof a !== 'object' || !named(a.kind, ACTION_BY_NUMBER)) return null;
  return moveWords({ kind: a.kind, amount: a.amount, cards: a.cards === undefined ? undefined : cardIds(a.cards) }, open);
}

// The signals of a list (numbers or names) or a bit set (bit k = signal k) as their names.
const signalList = (x) => listWords((Array.isArray(x) ? x.map(signalNumber) : SIGNAL_BY_NUMBER.map((_, k) => k).filter((k) => (Number(x) >> k) & 1))
  .map((k) => signWords(k).name));
const fixed = (x) => (Math.round(Number(x) * 10) / 10).toLocaleString(lang);
// A search estimate (the team's points minus the opponents') as what the team wins or loses:
// "ganaría unos 2 puntos", "perdería unos 9,3" / "would win about 2 points".
const gain = (x) => {
  const n = Number(x);
  const es = lang === 'es';
  if (Math.abs(n) < 0.05) return es ? 'quedaría igual' : 'would break even';
  const how = n > 0 ? (es ? 'ganaría' : 'would win') : (es ? 'perdería' : 'would lose');
  const k = fixed(Math.abs(n));
  const one = k === '1';
  return `${how} ${es ? (one ? 'un' : 'unos') : 'about'} ${one && es ? '' : `${k} `}${es ? (one ? 'punto' : 'puntos') : (one ? 'point' : 'points')}`;
};
// A tip's game score, the seat's team first: "39 a 20", "39–20".
const score = (t) => `${t.score?.[0] ?? 0}${lang === 'es' ? ' a ' : '–'}${t.score?.[1] ?? 0}`;

// The words of each tip kind (the library's table of kinds, include/mus/tips.hpp), as
// functions of the tip's fields and the page's seats (`people`, see grammar()).
const TIP_WORDS = {
  es: {
    search_choice: (t, b, g) => `El bot de búsqueda jugaría «${tipMove(t.action, g.open) ?? '?'}»: así tu pareja ${gain(t.points)} hasta el final de la mano` +
      (tipMove(t.other, g.open) ? `; con «${tipMove(t.other, g.open)}», ${gain(t.other_points ?? t.otherPoints)}.` : '.'),
    club_cut: () => 'Un jugador de club cortaría aquí: no hay mus.',
    club_mus: () => 'Mano floja para un jugador de club: pide mus y descarta.',
    club_discard: (t) => `Un jugador de club tiraría ${listWords(cardIds(t.cards).map(cardWords))} y se quedaría con el resto.`,
    grande_kings: (t) => `Llevas ${t.count} reyes: buena mano a grande.`,
    grande_no_king: () => 'Sin reyes: la grande no es tu lance.',
    chica_aces: (t) => `Llevas ${t.count} ases: buena mano a chica.`,
    chica_no_ace: () => 'Sin ases: la chica no es tu lance.',
    pares: (t) => `Llevas ${paresWords(t.pares) ?? ['pares', 'pareja', 'medias', 'duples'][t.count] ?? 'pares'}: ${plural(t.count, 'tanto', 'tantos')} si tu pareja gana los pares.`,
    juego: (t, b) => `Llevas juego de ${t.value}${b.length ? `; te ganan ${listWords(b)}` : ': es el mejor juego'}.`,
    punto: (t) => (t.value === 30 ? 'Llevas 30 de punto: el mejor punto.' : `Llevas ${t.value} de punto (el mejor es 30).`),
    ciego: () => 'Ni pares ni juego: vas ciego.',
    hand: (t) => `Tu mano: ${listWords(cardIds(t.hand_ids ?? t.hand).map(cardWords))}${paresWords(t.pares) ? `; ${paresWords(t.pares)}` : ''}; ${t.value > 30 ? `juego de ${t.value}` : `${t.value} de punto`}.`,
    partner_signal: (t) => `Tu compañero te ha hecho la seña de ${signalList(t.signals)}.`,
    opponent_signal: (t, b, g) => `${capital(g.name(t.seat))} ha hecho la seña de ${signalList(t.signals)}.`,
    deje_wins_game: (t) => `Vais ${score(t)}: si envidas, o lo quieren o el deje os da el juego.`,
    reject_loses_game: (t) => `Vais ${score(t)}: si no lo quieres, les das ${t.amount} y con ello el juego.`,
    raise_deje_wins: (t) => `Vais ${score(t)}: sube, y si no lo quieren el deje de ${t.amount} os da el juego.`,
    they_need_little: (t) => `Vais ${score(t)}: a ellos les faltan ${t.amount}, así que un órdago os cuesta poco.`,
    we_need_little: (t) => `Vais ${score(t)}: os faltan ${t.amount}, no hace falta jugárselo a un órdago.`,
    perete: () => '¡Tío Perete! Declararlo vale 1 punto en el acto.',
    lance_chance: (t) => `Con lo que sabes, tu pareja gana ${lanceWords(t.lance).toLowerCase()} unas ${t.count} de cada 100 veces.`,
  },
  en: {
    search_choice: (t, b, g) => `The search bot would play "${tipMove(t.action, g.open) ?? '?'}": so your team ${gain(t.points)} to the end of the hand` +
      (tipMove(t.other, g.open) ? `; with "${tipMove(t.other, g.open)}", ${gain(t.other_points ?? t.otherPoints)}.` : '.'),
    club_cut: () => 'A club player would cut here: no mus.',
    club_mus: () => 'A weak hand for a club player: ask for mus and discard.',
    club_discard: (t) => `A club player would throw ${listWords(cardIds(t.cards).map(cardWords))} and keep the rest.`,
    grande_kings: (t) => `You hold ${t.count} kings: strong at grande.`,
    grande_no_king: () => 'No king: grande is not your lance.',
    chica_aces: (t) => `You hold ${t.count} aces: strong at chica.`,
    chica_no_ace: () => 'No ace: chica is not your lance.',
    pares: (t) => `You hold ${paresWords(t.pares) ?? ['pairs', 'a pair', 'three of a kind (medias)', 'two pairs (duples)'][t.count] ?? 'pairs'}: ${plural(t.count, 'tanto', 'tantos')} if your team wins pares.`,
    juego: (t, b) => `You hold juego ${t.value}${b.length ? `; beaten by ${listWords(b)}` : ': the best juego'}.`,
    punto: (t) => (t.value === 30 ? 'You hold punto 30: the best punto.' : `You hold ${t.value} for punto (30 is the best).`),
    ciego: () => 'No pairs and no game: you play blind.',
    hand: (t) => `Your hand: ${listWords(cardIds(t.hand_ids ?? t.hand).map(cardWords))}${paresWords(t.pares) ? `; ${paresWords(t.pares)}` : ''}; ${t.value > 30 ? `juego ${t.value}` : `punto ${t.value}`}.`,
    partner_signal: (t) => `Your partner signalled ${signalList(t.signals)}.`,
    opponent_signal: (t, b, g) => `${capital(g.name(t.seat))} signalled ${signalList(t.signals)}.`,
    deje_wins_game: (t) => `The score is ${score(t)}: if you bet, they must see it or the fold wins you the game.`,
    reject_loses_game: (t) => `The score is ${score(t)}: folding gives them ${t.amount}, and with it the game.`,
    raise_deje_wins: (t) => `The score is ${score(t)}: raise, and if they fold the ${t.amount} wins you the game.`,
    they_need_little: (t) => `The score is ${score(t)}: they need only ${t.amount}, so an órdago costs you little.`,
    we_need_little: (t) => `The score is ${score(t)}: you need only ${t.amount}, no need to gamble on an órdago.`,
    perete: () => 'Tío Perete! Declaring it scores 1 point at once.',
    lance_chance: (t) => `From what you know, your team wins ${lanceWords(t.lance).toLowerCase()} about ${t.count} times in 100.`,
  },
};

/**
 * A tip of the library's tip function (mus_state_tips: a kind and the facts it needs, see
 * include/mus/tips.hpp) as a sentence in the language. The fields keep the library's names;
 * `kind` and `lance` may be numbers or names, cards ids or bit sets.
 * @param tip the tip.
 * @param people the page's seats (see grammar()), for a tip that names a seat; `open`: a bet
 *   is open (an advised bet is then a raise).
 */
export function tipWords(tip, people = { name: (s) => String(s), me: null }) {
  const kind = named(tip?.kind, TIP_BY_NUMBER);
  const say = pick(TIP_WORDS)[kind];
  if (!say) return lang === 'es' ? 'Consejo sin palabras.' : 'A tip without words.';
  // What beats a juego: a 31 real first, then the totals.
  const beaten = [...(tip.real31_beats ?? tip.real31Beats ? [lang === 'es' ? '31 real' : '31 real'] : []),
    ...(tip.beaten_by ?? tip.beatenBy ?? []).filter((x) => x > 0).map(String)];
  return say(tip, beaten, { ...grammar(people), open: Boolean(people.open) });
}

// ---- errors ------------------------------------------------------------------------------------

/**
 * Every error code of docs/protocol.md, as a sentence for the person; the server's own message
 * follows it on screen, so a code missing here still shows (never silent).
 */
export const ERROR_WORDS = Object.freeze({
  es: Object.freeze({
    bad_json: 'El servidor no entendió el mensaje.',
    bad_message: 'El servidor no entendió el mensaje.',
    missing_field: 'Falta un dato en el mensaje.',
    wrong_type: 'Un dato del mensaje tiene un tipo equivocado.',
    bad_value: 'Un dato no es válido (nombre, asiento, reloj o asientos).',
    unknown_type: 'El servidor no conoce ese mensaje.',
    unsupported_version: 'El servidor habla otra versión del protocolo.',
    hello_first: 'Aún no te has presentado al servidor.',
    already_welcomed: 'Esta conexión ya se presentó.',
    unknown_token: 'El servidor no te reconoce: entra de nuevo con tu nombre.',
    replaced: 'Has abierto tu sitio en otra pestaña o ventana: esta ya no juega.',
    too_large: 'El mensaje es demasiado largo.',
    rate_limited: 'Demasiados mensajes seguidos: espera un momento.',
    server_full: 'El servidor está lleno.',
    too_many_tables: 'Hay demasiadas mesas abiertas (en el servidor o tuyas).',
    bad_rules: 'El servidor no acepta esas reglas.',
    unknown_bot_kind: 'El servidor no tiene esa clase de bot.',
    unknown_table: 'No existe esa mesa (o ese código).',
    wrong_code: 'Es una mesa privada: hace falta su código.',
    seat_taken: 'Ese asiento ya está ocupado.',
    table_full: 'No queda ningún asiento libre en esa mesa.',
    already_seated: 'Ya estás sentado en otro asiento de esa mesa.',
    not_seated: 'No estás sentado en esa mesa.',
    not_started: 'La partida aún no ha empezado.',
    match_over: 'Esa partida ya ha terminado.',
    not_your_turn: 'No es tu turno.',
    stale_seq: 'La mesa ya había cambiado: mira la jugada nueva.',
    illegal_action: 'Esa jugada no vale ahora.',
    unknown_player: 'No existe ese jugador.',
    store_failed: 'El servidor no pudo guardar la jugada: no cambió nada, prueba otra vez.',
    server_error: 'Error del servidor: no cambió nada.',
    offline: 'Sin conexión con el servidor: se reintenta sola.',
    unknown: 'El servidor envió un mensaje que esta página no conoce.',
  }),
  en: Object.freeze({
    bad_json: 'The server did not understand the message.',
    bad_message: 'The server did not understand the message.',
    missing_field: 'A field is missing from the message.',
    wrong_type: 'A field of the message has the wrong type.',
    bad_value: 'A value is not valid (name, seat, clock or seats).',
    unknown_type: 'The server does not know that message.',
    unsupported_version: 'The server speaks another version of the protocol.',
    hello_first: 'You have not introduced yourself to the server yet.',
    already_welcomed: 'This connection has introduced itself already.',
    unknown_token: 'The server does not know you: enter again with your name.',
    replaced: 'You opened your seat in another tab or window: this one no longer plays.',
    too_large: 'The message is too long.',
    rate_limited: 'Too many messages in a row: wait a moment.',
    server_full: 'The server is full.',
    too_many_tables: 'Too many open tables (on the server, or yours).',
    bad_rules: 'The server does not accept those rules.',
    unknown_bot_kind: 'The server has no such kind of bot.',
    unknown_table: 'There is no such table (or code).',
    wrong_code: 'A private table: it needs its code.',
    seat_taken: 'Somebody sits there already.',
    table_full: 'No seat is free at that table.',
    already_seated: 'You sit at another seat of that table.',
    not_seated: 'You do not sit at that table.',
    not_started: 'The match has not started yet.',
    match_over: 'That match is over.',
    not_your_turn: 'It is not your turn.',
    stale_seq: 'The table had moved on: look at the new move.',
    illegal_action: 'That move is not allowed now.',
    unknown_player: 'There is no such player.',
    store_failed: 'The server could not store the move: nothing changed, try again.',
    server_error: 'Server error: nothing changed.',
    offline: 'No connection to the server: it retries by itself.',
    unknown: 'The server sent a message this page does not know.',
  }),
});

/** The sentence for an error code (`error.code`), or a plain "Error" for an unknown one. */
export function errorWords(code) {
  return pick(ERROR_WORDS)[code] ?? (lang === 'es' ? 'Error' : 'Error');
}

// ---- the pages' labels -------------------------------------------------------------------------

// Every label of the pages, by key: a string, or a function of the label's values. The HTML
// names its labels with data-w (text), data-w-title, data-w-label (aria-label) and
// data-w-placeholder; the scripts with w(key, ...).
const UI = {
  es: {
    // both pages
    'lang.label': 'Idioma',
    'page.offline.title': 'Mus — libmus, mesa web',
    'page.online.title': 'Mus en línea — libmus, mesa web',
    'you': 'tú',
    'you.label': (name) => `${name} (tú)`,
    'status.your.turn': 'Te toca.',
    'status.turn.of': (name) => `Le toca a ${name}.`,
    'status.over': 'Partida terminada.',
    'count.title': 'Cuenta',
    'count.last.title': 'Cuenta de la última mano',
    'count.none': 'Aún no se ha contado ninguna mano.',
    'count.lance': 'Lance', 'count.how': 'Cómo', 'count.why': 'Por qué', 'count.points': 'Puntos', 'count.for': 'Para',
    'count.shown': 'Cartas mostradas:',
    'count.hand': (n) => `Mano nº ${n}`,
    'count.deje.end': ' La mano terminó al llegar a los tantos con un no querido.',
    'count.ordago.end': ' Terminó con un órdago.',
    'count.scores': (a, b, before, after) => `Tanteo: ${a} ${before[0]} → ${after[0]}, ${b} ${before[1]} → ${after[1]}`,
    'log.title': 'Jugadas',
    'signals.title': 'Señas',
    'lance.now': (l) => `Lance: ${l}`,
    'phase.now': (p) => `Fase: ${p}`,
    'bet.ordago': (team) => `Órdago de ${team}`,
    'bet.open': (team, n, before) => `Envite de ${team}: ${n} (si no se quiere: ${before})`,
    'bet.stake': 'Lo que se juega',
    'score.points': (team, n) => `${team}: ${n} punto${n === 1 ? '' : 's'}`,
    'score.games': (g, v) => `juegos ${g} · vacas ${v}`,
    'score.final': (who) => `Así acabó el juego (${who}):`,
    'score.we.won': 'lo ganamos nosotros', 'score.they.won': 'lo ganaron ellos',
    'winner.we': '¡Ganamos la partida!', 'winner.they': '¡Ganan ellos la partida!',
    'winner.team': (team) => `¡Partida para ${team}!`,
    'winner.away': 'La partida ha terminado mientras no estabas.',
    'dealer': 'reparte', 'dealer.title': 'reparte esta mano',
    'mano': 'mano', 'mano.title': 'es mano: habla primero y gana los empates',
    'turn': 'le toca', 'turn.title': 'le toca jugar',
    'your.turn': '¡Te toca!',
    'face.title': (name) => `Cara de ${name}`,
    'face.mine.title': 'Tu cara: haz clic para hacer una seña a tu compañero',
    'face.shows': (name, gesture, meaning) => `${name} ${gesture}: ${meaning}`,
    'faces.title': 'Señas para tu compañero',
    'faces.none': 'Ahora no puedes hacer ninguna seña.',
    'faces.close': 'Cerrar',
    'faces.hint': 'Todos ven la seña; tu compañero la ve marcada en rojo.',
    'face.partner': 'tu compañero: para él son tus señas',
    'raise.label': 'Cuánto',
    'raise.slider': 'Elige cuánto envidas',
    'raise.free': 'Envite libre',
    'raise.range': (min, max) => `de ${min} a ${max}`,
    'raise.range.game': (min, top) => `de ${min} a ${top}, lo que os falta para el juego (para más, el órdago)`,
    'discard.pick': 'Elige qué cartas tiras (haz clic en ellas o pulsa 1–4).',
    'discard.none': 'Descarto…',
    'play.refused': (why) => `No se puede: ${why}`,
    'proposal.from': (name) => `${name} te pregunta:`,
    'proposal.mine': 'Has preguntado a tu compañero: decide él.',
    'tips.title': 'Consejos',
    'tips.show': '¿Mostrar consejos?',
    'tips.next': 'Siguiente consejo',
    'tips.prev': 'Consejo anterior',
    'tips.close': 'Cerrar los consejos',
    'tips.off': 'No mostrar más consejos',
    'tips.open': 'Consejos (?)',
    'tips.none': 'Ahora no hay consejos.',
    'tips.count': (i, n) => `${i} de ${n}`,
    'tips.later': 'Puedes volver a verlos con el botón «?» de arriba.',
    'keys.hint': 'Teclado: m mus · c cortar · 1–4 elegir cartas · d descartar · p paso · e envido · q quiero · n no quiero · o órdago · s señas · Intro siguiente mano',
    // the offline page
    'offline.h1': 'Mus',
    'offline.loading': 'cargando libmus…',
    'offline.no.libmus': 'No se pudo cargar libmus (falta el paquete WebAssembly en este servidor). Puedes jugar en línea.',
    'offline.to.online': 'Jugar en línea (con mus-server)',
    'offline.rules': 'Reglas',
    'offline.target': 'Puntos por juego',
    'offline.bots': 'Bots',
    'bots.levels': 'Nivel',
    'bots.kinds': 'Clase de bot',
    'bots.level.title': (kind, playouts) => `el bot ${kind}` + (playouts ? `, ${playouts} jugadas simuladas por decisión` : ''),
    'offline.seed': 'Semilla',
    'offline.start': 'Empezar partida',
    'offline.cant.start': (why) => `No se puede empezar: ${why}`,
    'offline.choose': 'Elige las reglas y empieza.',
    'offline.seat.names': ['Tú', 'Ane', 'Compañero', 'Iker'],
    'offline.names': ['tú', 'Ane', 'tu compañero', 'Iker'],
    'offline.thinks': (name) => `Piensa ${name}…`,
    'offline.bot.error': (e) => `Error del bot: ${e}`,
    'offline.hand.over': (n) => `Mano nº ${n} terminada: mira la cuenta.`,
    'offline.next': 'Siguiente mano',
    'offline.again': 'Otra partida',
    'offline.end.hand': (n) => `Fin de la mano nº ${n}`,
    'offline.end.match': 'Fin de la partida',
    'offline.count.head': (dealer, mano) => `${dealer}, ${mano}.`,
    'offline.dealt': 'repartiste', 'offline.dealt.other': 'repartió',
    'offline.was.mano': 'fuiste mano', 'offline.was.mano.other': 'fue mano',
    'offline.sign.made': (whom, name, gesture) => `${whom} la seña de ${name}: ${gesture}`,
    'offline.sign.you': 'Haces', 'offline.sign.partner': 'Tu compañero hace', 'offline.sign.other': (n) => `${n} hace`,
    // the online page
    'online.h1': 'Mus en línea',
    'online.to.offline': 'Jugar contra bots (sin conexión)',
    'online.connecting': 'conectando…',
    'online.connected': (name) => `conectado como ${name}`,
    'online.offline.retry': (s) => `sin conexión: reintento en ${s} s`,
    'online.disconnected': 'desconectado',
    'online.not.in': 'sin entrar',
    'online.other.tab': 'juegas en otra pestaña',
    'online.play.here': 'Jugar aquí',
    'online.close': 'cerrar',
    'online.enter.title': 'Entrar',
    'online.name': 'Tu nombre',
    'online.enter': 'Entrar',
    'online.name.empty': 'Escribe tu nombre (no sólo espacios).',
    'online.played.as': 'En este navegador jugaste como',
    'online.resume': (name) => `Volver como ${name}`,
    'online.tab.hint': 'Cada pestaña es un jugador: el token de tu sitio se guarda en esta pestaña (sessionStorage), y recargarla te devuelve a tu asiento. El último se guarda también en el navegador para volver desde otra pestaña.',
    'online.type.name': 'Escribe tu nombre para entrar.',
    'online.invited': 'Te han invitado a una mesa',
    'online.invite.private': (code) => `mesa privada, código ${code}`,
    'online.invite.table': (id) => `mesa ${id}`,
    'online.invite.join': 'Sentarme en esta mesa',
    'online.invite.watch': 'Sólo mirar',
    'online.invite.lobby': 'Ir a las mesas',
    'online.invite.status': 'Te han invitado a una mesa.',
    'online.lobby.title': 'Mesas',
    'online.my.tables': 'Tus mesas:',
    'online.back.to': (id, seat) => `Volver a la mesa ${id} (asiento ${seat})`,
    'online.friends': 'Tus amigos:',
    'online.no.friends': 'Aún no tienes amigos: haz clic en el nombre de un jugador y «Añadir amigo».',
    'online.public.tables': 'Mesas públicas abiertas',
    'online.refresh': 'Actualizar',
    'online.th.table': 'Mesa', 'online.th.rules': 'Reglas', 'online.th.clock': 'Reloj', 'online.th.seats': 'Asientos',
    'online.no.tables': 'No hay mesas públicas abiertas.',
    'online.tables.failed': (why) => `No se pudo leer la lista de mesas (${why}).`,
    'online.free': 'libre',
    'online.playing': ' (jugando)',
    'online.watching.n': (n) => ` · ${n} mirando`,
    'online.friend.table': 'mesa de un amigo',
    'online.sit.at': (i) => `Sentarme en ${i}`,
    'online.watch': 'Mirar',
    'online.private.title': 'Mesa privada',
    'online.code': 'Código',
    'online.sit': 'Sentarme',
    'online.create.title': 'Crear una mesa',
    'online.rules': 'Reglas',
    'online.rules.title': 'un preset y cambios clave=valor, p. ej. «online target=30»; vacío: online',
    'online.seats.legend': 'Asientos (0 y 2 son pareja; 1 y 3, la otra) y el nivel de cada bot',
    'online.person': 'persona', 'online.bot': 'bot',
    'online.bot.of.seat': (s) => `bot del asiento ${s}`,
    'online.seat.kind': (s) => `asiento ${s}: persona o bot`,
    'online.my.seat': 'Me siento en',
    'online.no.seat': 'ninguno',
    'online.clock': 'Reloj (segundos por jugada)',
    'online.private': 'Privada (sólo con código)',
    'online.create': 'Crear mesa',
    'online.hello': (name) => `Hola, ${name}: elige una mesa o crea una.`,
    'online.invite.partner': 'Invita a tu compañero:',
    'online.table.link': 'Enlace de la mesa (para mirarla):',
    'online.copy': 'Copiar enlace',
    'online.code.is': '· código',
    'online.to.lobby': 'Mesas',
    'online.leave': 'Dejar la mesa',
    'online.copied': 'Enlace copiado.',
    'online.copy.failed': 'Selecciona el enlace y cópialo (el navegador no dejó copiarlo).',
    'online.controls': 'Tus jugadas',
    'online.watching': 'Estás mirando esta mesa.',
    'online.waiting': (free, rules) => `Esperando a que se sienten todos: ${free === 1 ? 'falta 1 persona' : `faltan ${free} personas`}. Reglas: ${rules}.`,
    'online.rules.clock': (rules, clock) => `Reglas: ${rules} · reloj ${clock} s`,
    'online.waiting.players': 'Esperando jugadores…',
    'online.seat.n': (s) => `asiento ${s}`,
    'online.seat.free': (s) => `asiento ${s} (libre)`,
    'online.bot.n': (s) => `Bot ${s}`,
    'online.bot.kind': (k) => `bot ${k}`,
    'online.presence.free.bot': 'libre: juega el bot',
    'online.presence.free': 'asiento libre',
    'online.presence.away.bot': 'ausente: juega el bot',
    'online.presence.connected': 'conectado',
    'online.presence.away': 'desconectado',
    'online.missing.events': '(faltan jugadas anteriores)',
    'online.see.record': 'El registro de la partida',
    'online.see.page': 'La partida mano a mano',
    'page.match.title': (id) => `Partida ${id} — libmus, mesa web`,
    'match.h1': 'La partida mano a mano',
    'match.rules': (r) => `Reglas: ${r}`,
    'match.record': 'El registro (mus-cli replay)',
    'match.to.online': 'Mus en línea',
    'match.moves': 'Jugadas',
    'match.none': 'No hay ninguna partida terminada con este número.',
    'match.team': (a, b, s, t) => `${a} y ${b} (asientos ${s} y ${t})`,
    'match.team.named': (team, s, t) => `${team} (asientos ${s} y ${t})`,
    'match.versus': 'contra',
    'match.seat.name': (name, s) => `${name} (asiento ${s})`,
    'match.bots.team': (k) => `los dos bots ${k}`,
    'online.see.replay': (path) => `Ver la partida entera (${path})`,
    'online.back.lobby': 'Volver a las mesas',
    'online.last.result.we': 'Tu última partida: la ganamos',
    'online.last.result.they': (team) => `Tu última partida: ganaron ${team}`,
    'online.last.result.over': (id) => `La partida de la mesa ${id} ha terminado`,
    'online.see.whole': 'verla entera',
    'online.unknown.message': (type) => `mensaje desconocido del servidor: ${type}`,
    'online.not.json': 'el servidor envió algo que no es JSON',
    'online.no.connection': 'sin conexión con el servidor; se reintenta sola',
    'chat.title': 'Charla',
    'chat.label': 'Escribe a la mesa',
    'chat.send': 'Enviar',
    'chat.empty': 'Escribe algo (no sólo espacios).',
    'chat.bad': 'El mensaje no vale: de 1 a 200 letras, sin caracteres de control.',
    'chat.rate': 'Demasiados mensajes seguidos: espera unos segundos.',
    'chat.watcher': 'Quien mira lee la charla pero no escribe.',
    'chat.none': 'Nadie ha escrito aún.',
    'chat.hint': 'Haz clic en un nombre para ver la ficha del jugador y añadirlo como amigo.',
    'info.title': 'Jugador',
    'info.button': 'Info. del jugador',
    'info.of': (name) => `Info. de ${name}`,
    'info.since': (d) => `Juega desde el ${d}`,
    'info.matches': (n, won) => `Partidas: ${n} (ganadas ${won})`,
    'info.games': (n) => `Juegos ganados: ${n}`,
    'info.ordagos': (n) => `Órdagos ganados: ${n}`,
    'info.friend': 'Es tu amigo.',
    'info.add': 'Añadir amigo',
    'info.remove': 'Quitar de amigos',
    'info.close': 'Cerrar',
    'info.you': 'Eres tú.',
  },
  en: {
    'lang.label': 'Language',
    'page.offline.title': 'Mus — libmus web table',
    'page.online.title': 'Mus online — libmus web table',
    'you': 'you',
    'you.label': (name) => `${name} (you)`,
    'status.your.turn': 'Your turn.',
    'status.turn.of': (name) => `${name}'s turn.`,
    'status.over': 'Match over.',
    'count.title': 'Count',
    'count.last.title': 'Count of the last hand',
    'count.none': 'No hand has been counted yet.',
    'count.lance': 'Lance', 'count.how': 'How', 'count.why': 'Why', 'count.points': 'Points', 'count.for': 'For',
    'count.shown': 'Cards shown:',
    'count.hand': (n) => `Hand ${n}`,
    'count.deje.end': ' The hand ended when a fold reached the target.',
    'count.ordago.end': ' It ended with an órdago.',
    'count.scores': (a, b, before, after) => `Score: ${a} ${before[0]} → ${after[0]}, ${b} ${before[1]} → ${after[1]}`,
    'log.title': 'Moves',
    'signals.title': 'Signs',
    'lance.now': (l) => `Lance: ${l}`,
    'phase.now': (p) => `Phase: ${p}`,
    'bet.ordago': (team) => `Órdago by ${team}`,
    'bet.open': (team, n, before) => `Bet by ${team}: ${n} (if folded: ${before})`,
    'bet.stake': 'At stake',
    'score.points': (team, n) => `${team}: ${n} point${n === 1 ? '' : 's'}`,
    'score.games': (g, v) => `games ${g} · vacas ${v}`,
    'score.final': (who) => `How the game ended (${who}):`,
    'score.we.won': 'we won it', 'score.they.won': 'they won it',
    'winner.we': 'We win the match!', 'winner.they': 'They win the match!',
    'winner.team': (team) => `Match to ${team}!`,
    'winner.away': 'The match ended while you were away.',
    'dealer': 'deals', 'dealer.title': 'deals this hand',
    'mano': 'mano', 'mano.title': 'mano: speaks first and wins ties',
    'turn': 'to play', 'turn.title': 'to play',
    'your.turn': 'Your turn!',
    'face.title': (name) => `${name}'s face`,
    'face.mine.title': 'Your face: click to make a sign to your partner',
    'face.shows': (name, gesture, meaning) => `${name} ${gesture}: ${meaning}`,
    'faces.title': 'Signs for your partner',
    'faces.none': 'You cannot make any sign now.',
    'faces.close': 'Close',
    'faces.hint': 'Everybody sees the sign; your partner sees it marked in red.',
    'face.partner': 'your partner: your signs are for them',
    'raise.label': 'How much',
    'raise.slider': 'Choose how much you bet',
    'raise.free': 'Any bet',
    'raise.range': (min, max) => `${min} to ${max}`,
    'raise.range.game': (min, top) => `${min} to ${top}, what your team needs for the game (for more, the órdago)`,
    'discard.pick': 'Choose the cards you throw (click them or press 1–4).',
    'discard.none': 'Discard…',
    'play.refused': (why) => `Not allowed: ${why}`,
    'proposal.from': (name) => `${name} asks you:`,
    'proposal.mine': 'You asked your partner: they decide.',
    'tips.title': 'Tips',
    'tips.show': 'Show tips?',
    'tips.next': 'Next tip',
    'tips.prev': 'Previous tip',
    'tips.close': 'Close the tips',
    'tips.off': 'Show no more tips',
    'tips.open': 'Tips (?)',
    'tips.none': 'No tips right now.',
    'tips.count': (i, n) => `${i} of ${n}`,
    'tips.later': 'The "?" button at the top shows them again.',
    'keys.hint': 'Keys: m mus · c cut · 1–4 pick cards · d discard · p pass · e bet · q see · n fold · o órdago · s signs · Enter next hand',
    'offline.h1': 'Mus',
    'offline.loading': 'loading libmus…',
    'offline.no.libmus': 'libmus could not be loaded (this server lacks the WebAssembly package). You can play online.',
    'offline.to.online': 'Play online (with mus-server)',
    'offline.rules': 'Rules',
    'offline.target': 'Points per game',
    'offline.bots': 'Bots',
    'bots.levels': 'Level',
    'bots.kinds': 'Bot kind',
    'bots.level.title': (kind, playouts) => `the ${kind} bot` + (playouts ? `, ${playouts} playouts per decision` : ''),
    'offline.seed': 'Seed',
    'offline.start': 'Start the match',
    'offline.cant.start': (why) => `Cannot start: ${why}`,
    'offline.choose': 'Choose the rules and start.',
    'offline.seat.names': ['You', 'Ane', 'Partner', 'Iker'],
    'offline.names': ['you', 'Ane', 'your partner', 'Iker'],
    'offline.thinks': (name) => `${name} is thinking…`,
    'offline.bot.error': (e) => `Bot error: ${e}`,
    'offline.hand.over': (n) => `Hand ${n} over: look at the count.`,
    'offline.next': 'Next hand',
    'offline.again': 'Another match',
    'offline.end.hand': (n) => `End of hand ${n}`,
    'offline.end.match': 'End of the match',
    'offline.count.head': (dealer, mano) => `${dealer}, ${mano}.`,
    'offline.dealt': 'dealt', 'offline.dealt.other': 'dealt',
    'offline.was.mano': 'were mano', 'offline.was.mano.other': 'was mano',
    'offline.sign.made': (whom, name, gesture) => `${whom} the sign of ${name}: ${gesture}`,
    'offline.sign.you': 'You make', 'offline.sign.partner': 'Your partner makes', 'offline.sign.other': (n) => `${n} makes`,
    'online.h1': 'Mus online',
    'online.to.offline': 'Play against bots (offline)',
    'online.connecting': 'connecting…',
    'online.connected': (name) => `connected as ${name}`,
    'online.offline.retry': (s) => `offline: retrying in ${s} s`,
    'online.disconnected': 'disconnected',
    'online.not.in': 'not signed in',
    'online.other.tab': 'you play in another tab',
    'online.play.here': 'Play here',
    'online.close': 'close',
    'online.enter.title': 'Enter',
    'online.name': 'Your name',
    'online.enter': 'Enter',
    'online.name.empty': 'Write your name (not only spaces).',
    'online.played.as': 'In this browser you played as',
    'online.resume': (name) => `Back as ${name}`,
    'online.tab.hint': 'Each tab is a player: your seat\'s token is kept in this tab (sessionStorage), and reloading it brings you back to your seat. The last one is also kept in the browser, to come back from another tab.',
    'online.type.name': 'Write your name to enter.',
    'online.invited': 'You are invited to a table',
    'online.invite.private': (code) => `private table, code ${code}`,
    'online.invite.table': (id) => `table ${id}`,
    'online.invite.join': 'Sit at this table',
    'online.invite.watch': 'Just watch',
    'online.invite.lobby': 'Go to the tables',
    'online.invite.status': 'You are invited to a table.',
    'online.lobby.title': 'Tables',
    'online.my.tables': 'Your tables:',
    'online.back.to': (id, seat) => `Back to table ${id} (seat ${seat})`,
    'online.friends': 'Your friends:',
    'online.no.friends': 'No friends yet: click a player\'s name and "Add friend".',
    'online.public.tables': 'Open public tables',
    'online.refresh': 'Refresh',
    'online.th.table': 'Table', 'online.th.rules': 'Rules', 'online.th.clock': 'Clock', 'online.th.seats': 'Seats',
    'online.no.tables': 'No open public tables.',
    'online.tables.failed': (why) => `The list of tables could not be read (${why}).`,
    'online.free': 'free',
    'online.playing': ' (playing)',
    'online.watching.n': (n) => ` · ${n} watching`,
    'online.friend.table': 'a friend\'s table',
    'online.sit.at': (i) => `Sit at ${i}`,
    'online.watch': 'Watch',
    'online.private.title': 'Private table',
    'online.code': 'Code',
    'online.sit': 'Sit',
    'online.create.title': 'Create a table',
    'online.rules': 'Rules',
    'online.rules.title': 'a preset and key=value changes, e.g. "online target=30"; empty: online',
    'online.seats.legend': 'Seats (0 and 2 are partners; 1 and 3, the others) and each bot\'s level',
    'online.person': 'person', 'online.bot': 'bot',
    'online.bot.of.seat': (s) => `bot of seat ${s}`,
    'online.seat.kind': (s) => `seat ${s}: person or bot`,
    'online.my.seat': 'I sit at',
    'online.no.seat': 'none',
    'online.clock': 'Clock (seconds per move)',
    'online.private': 'Private (code only)',
    'online.create': 'Create table',
    'online.hello': (name) => `Hello, ${name}: choose a table or create one.`,
    'online.invite.partner': 'Invite your partner:',
    'online.table.link': 'Link to the table (to watch it):',
    'online.copy': 'Copy link',
    'online.code.is': '· code',
    'online.to.lobby': 'Tables',
    'online.leave': 'Leave the table',
    'online.copied': 'Link copied.',
    'online.copy.failed': 'Select the link and copy it (the browser did not allow copying).',
    'online.controls': 'Your moves',
    'online.watching': 'You are watching this table.',
    'online.waiting': (free, rules) => `Waiting for everybody to sit: ${free === 1 ? '1 person missing' : `${free} people missing`}. Rules: ${rules}.`,
    'online.rules.clock': (rules, clock) => `Rules: ${rules} · clock ${clock} s`,
    'online.waiting.players': 'Waiting for players…',
    'online.seat.n': (s) => `seat ${s}`,
    'online.seat.free': (s) => `seat ${s} (free)`,
    'online.bot.n': (s) => `Bot ${s}`,
    'online.bot.kind': (k) => `${k} bot`,
    'online.presence.free.bot': 'free: the bot plays',
    'online.presence.free': 'free seat',
    'online.presence.away.bot': 'away: the bot plays',
    'online.presence.connected': 'connected',
    'online.presence.away': 'disconnected',
    'online.missing.events': '(earlier moves missing)',
    'online.see.record': 'The match record',
    'online.see.page': 'The match hand by hand',
    'page.match.title': (id) => `Match ${id} — libmus web table`,
    'match.h1': 'The match hand by hand',
    'match.rules': (r) => `Rules: ${r}`,
    'match.record': 'The record (mus-cli replay)',
    'match.to.online': 'Mus online',
    'match.moves': 'Moves',
    'match.none': 'There is no finished match with this id.',
    'match.team': (a, b, s, t) => `${a} and ${b} (seats ${s} and ${t})`,
    'match.team.named': (team, s, t) => `${team} (seats ${s} and ${t})`,
    'match.versus': 'against',
    'match.seat.name': (name, s) => `${name} (seat ${s})`,
    'match.bots.team': (k) => `both ${k} bots`,
    'online.see.replay': (path) => `See the whole match (${path})`,
    'online.back.lobby': 'Back to the tables',
    'online.last.result.we': 'Your last match: we won it',
    'online.last.result.they': (team) => `Your last match: ${team} won`,
    'online.last.result.over': (id) => `The match of table ${id} is over`,
    'online.see.whole': 'see it all',
    'online.unknown.message': (type) => `unknown message from the server: ${type}`,
    'online.not.json': 'the server sent something that is not JSON',
    'online.no.connection': 'no connection to the server; it retries by itself',
    'chat.title': 'Chat',
    'chat.label': 'Write to the table',
    'chat.send': 'Send',
    'chat.empty': 'Write something (not only spaces).',
    'chat.bad': 'That line is not allowed: 1 to 200 characters, no control characters.',
    'chat.rate': 'Too many lines in a row: wait a few seconds.',
    'chat.watcher': 'Spectators read the chat but do not write.',
    'chat.none': 'Nobody has written yet.',
    'chat.hint': 'Click a name to see the player\'s card and add them as a friend.',
    'info.title': 'Player',
    'info.button': 'Player info',
    'info.of': (name) => `${name}'s info`,
    'info.since': (d) => `Playing since ${d}`,
    'info.matches': (n, won) => `Matches: ${n} (won ${won})`,
    'info.games': (n) => `Games won: ${n}`,
    'info.ordagos': (n) => `Órdagos won: ${n}`,
    'info.friend': 'A friend of yours.',
    'info.add': 'Add friend',
    'info.remove': 'Remove friend',
    'info.close': 'Close',
    'info.you': 'That is you.',
  },
};

/** The keys of the pages' labels (the tests check both languages have each of them). */
export const UI_KEYS = Object.freeze({ es: Object.keys(UI.es), en: Object.keys(UI.en) });

/**
 * A label of the pages in the language: `w('status.turn.of', 'Ana')`. A key that does not
 * exist reads as itself in brackets, so that it shows (and the words test finds it).
 */
export function w(key, ...args) {
  const v = UI[lang][key] ?? UI.es[key];
  if (v === undefined) return `⟦${key}⟧`;
  return typeof v === 'function' ? v(...args) : v;
}

/**
 * Writes the labels of a page in the language: every element's data-w (its text),
 * data-w-title, data-w-label (aria-label) and data-w-placeholder, and the page's lang.
 */
export function translatePage(doc) {
  doc.documentElement.lang = lang;
  for (const el of doc.querySelectorAll('[data-w]')) el.textContent = w(el.dataset.w);
  for (const el of doc.querySelectorAll('[data-w-title]')) el.title = w(el.dataset.wTitle);
  for (const el of doc.querySelectorAll('[data-w-label]')) el.setAttribute('aria-label', w(el.dataset.wLabel));
  for (const el of doc.querySelectorAll('[data-w-placeholder]')) el.placeholder = w(el.dataset.wPlaceholder);
}

/**
 * The language chooser of a page (a <select>): filled with LANGUAGES, set to the one in use,
 * and on change remembered in `storage` and handed to `changed`.
 */
export function languageChooser(select, storage, changed) {
  select.innerHTML = '';
  for (const [code, name] of Object.entries(LANGUAGES)) {
    const o = select.ownerDocument.createElement('option');
    o.value = code;
    o.textContent = name;
    select.append(o);
  }
  select.value = lang;
  select.onchange = () => {
    setLanguage(select.value);
    try {
      storage.setItem(LANGUAGE_KEY, lang);
    } catch {
      // A browser that keeps nothing: the choice lasts for this page only.
    }
    changed();
  };
}
