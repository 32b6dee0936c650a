// The Spanish words of the web table, for both pages: how the library's numbers and names
// read (event kinds, lances, lance statuses, phases, signals), every event as a line of the
// move log, and (for the online page) the server's error codes and notes. Nothing here decides
// anything about the game: the offline page (app.js) gets its events from the library, the
// online page (online.js) from the server, which gets them from the library; this module only
// names them. It has no DOM and no libmus, so the online page can use it without the
// WebAssembly package and the online test imports it in Node and checks every number below
// against include/mus/mus.h (MUS_EVENT_*, MUS_LANCE_*, MUS_SIGNAL_*): they cannot drift.

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

const LANCE_WORDS = { grande: 'Grande', chica: 'Chica', pares: 'Pares', juego: 'Juego', punto: 'Punto' };
const STATUS_WORDS = {
  pending: 'sin jugar', skipped: 'nadie lleva', one_team: 'sólo un equipo lleva',
  en_paso: 'en paso', accepted: 'querido', refused: 'no querido', ordago: 'órdago querido',
};
const PHASE_WORDS = {
  shuffle: 'barajando', mus: 'mus', discard: 'descartes', betting: 'envites',
  match_over: 'fin de la partida', perete: 'tío Perete',
};
// A number (the binding's enums) or a library name (the server's JSON) as its name.
const named = (x, byNumber) => (typeof x === 'number' ? byNumber[x] : x);

/** A lance, by number or name, in Spanish ("Grande"); the input itself when unknown. */
export function lanceWords(l) {
  return LANCE_WORDS[named(l, LANCE_BY_NUMBER)] ?? String(l);
}
/** A lance status, by number or name, in Spanish ("no querido"). */
export function statusWords(st) {
  return STATUS_WORDS[named(st, STATUS_BY_NUMBER)] ?? String(st);
}
/** A phase, by number or name, in Spanish ("descartes"). */
export function phaseWords(p) {
  return PHASE_WORDS[named(p, PHASE_BY_NUMBER)] ?? String(p);
}

/**
 * The signals (R33) by their numbers (mus.h's MUS_SIGNAL_*, the JS binding's `Signal`, an
 * event's `value`): the Spanish name and the gesture, one gesture each. `need_mus` (the
 * online set's "Need Mus!" face) is a wish, not a fact about the cards; its gesture is
 * pleading hands, so that it never reads as `ciego`'s closed eyes.
 */
export const SIGNS = Object.freeze({
  0: ['dos reyes', 'se muerde el centro del labio'],
  1: ['tres reyes', 'se muerde un lado del labio'],
  2: ['dos ases', 'saca la punta de la lengua'],
  3: ['tres ases', 'saca la lengua a un lado'],
  4: ['pareja', 'ladea la cabeza'],
  5: ['medias', 'tuerce la boca a un lado'],
  6: ['duples', 'levanta las cejas'],
  7: ['la una (31)', 'guiña un ojo'],
  8: ['30 de punto', 'encoge los dos hombros'],
  9: ['29 de punto', 'levanta el hombro derecho'],
  10: ['28 de punto', 'levanta el hombro izquierdo'],
  11: ['ciego (ni pares ni juego)', 'cierra los ojos'],
  12: ['31 real', 'se toca el lóbulo de la oreja'],
  13: ['solomillo (tres reyes y as)', 'lanza un beso'],
  14: ['«¡quiero mus!»', 'junta las manos pidiendo mus'],
});

/**
 * Every error code of docs/protocol.md, as a sentence for the person; the server's own message
 * follows it on screen, so a code missing here still shows (never silent).
 */
export const ERROR_WORDS = Object.freeze({
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
  store_failed: 'El servidor no pudo guardar la jugada: no cambió nada, prueba otra vez.',
  server_error: 'Error del servidor: no cambió nada.',
});

/**
 * How the library's bot kinds read (their names, mus::bot_kind_name, which the server lists
 * in `welcome.bot_kinds`). Only words: the list of kinds is the server's, and a kind without
 * words here is shown by its name.
 */
export const BOT_WORDS = Object.freeze({
  random: 'al azar',
  heuristic: 'de club (heurístico)',
  search: 'de búsqueda',
  tight: 'prudente',
  loose: 'suelto y agresivo',
  station: 'que lo quiere todo',
  ordago: 'amigo del órdago',
  careful: 'calculador',
});

/** The words for bot kind `kind` (a library name), or the name itself. */
export function botWords(kind) {
  return BOT_WORDS[kind] ?? String(kind);
}

/** The server's own notes in a view's events (`server`). */
export const NOTE_WORDS = Object.freeze({
  timeout: 'se le acabó el tiempo: el bot jugó por él',
  bot_for_away: 'está ausente: el bot jugó por él',
});

const capital = (s) => s.charAt(0).toUpperCase() + s.slice(1);
const given = (x) => x !== null && x !== undefined && x >= 0; // the binding says null, the server -1

/**
 * One event as a line of the move log, or null for those the log leaves out.
 * @param e the event: `kind` (or, from the server, `server` for its notes), `seat`, `team`,
 *   `lance`, `amount`, `value` as the library reports them.
 * @param g how the page speaks of seats and teams:
 *   - `seat(s)`: the seat's name as a subject at the start of a line ("Ane", "Ana (tú)");
 *   - `seatDoes(s, you, other)`: the seat doing something, in the second person for the
 *     page's own seat ("repartes tú") and the third for the others ("reparte Ane");
 *   - `team(t)`: the team after "para" ("nosotros", "ellos", "los de Ana y Bea");
 *   - `teamDoes(t, we, they)`: the team doing something ("ganamos nosotros", "ganan ellos");
 *   - `cardsOf(s)`: whose cards ("tus cartas", "las cartas de Ane");
 *   - `isMe(s)`: whether the seat is the page's own;
 *   - `signals`: whether signals go in the log (the offline page lists them apart).
 */
export function describeEvent(e, g) {
  const who = given(e.seat) ? g.seat(e.seat) : '';
  if (e.server) return `${who}: ${NOTE_WORDS[e.server] ?? e.server}`;
  const lance = given(e.lance) ? lanceWords(e.lance) : '';
  switch (e.kind) {
    case EVENT.DEAL: return `${capital(g.seatDoes(e.seat, 'repartes', 'reparte'))}; ${g.seatDoes(e.value, 'eres mano', 'es mano')} (mano nº ${e.amount})`;
    case EVENT.REFILL: return `Se rehace el mazo con ${e.amount} descartes`;
    case EVENT.MUS: return `${who}: mus`;
    case EVENT.CUT: return `${who}: corto, no hay mus`;
    case EVENT.DISCARD: return `${who}: descarta ${e.amount}`;
    case EVENT.REPLACE: return null;
    case EVENT.PERETE: return `${who}: ¡tío Perete! (1 para ${g.team(e.team)})`;
    case EVENT.SIGNAL: return g.signals ? `${capital(g.seatDoes(e.seat, 'haces', 'hace'))} la seña de ${SIGNS[e.value]?.[0] ?? e.value}` : null;
    case EVENT.DECLARE_PARES: return `${who}: pares ${e.value ? 'sí' : 'no'}`;
    case EVENT.DECLARE_JUEGO: return `${who}: juego ${e.value ? 'sí' : 'no'}`;
    case EVENT.LANCE_START: return `— ${lance} —`;
    case EVENT.PASS: return `${who}: paso`;
    case EVENT.BET: return e.value === e.amount ? `${who}: envido ${e.amount}` : `${who}: ${e.amount} más (van ${e.value})`;
    case EVENT.ORDAGO: return `${who}: ¡órdago!`;
    case EVENT.ACCEPT: return `${who}: quiero`;
    case EVENT.REJECT: return `${who}: no quiero`;
    case EVENT.DEJE: return `${capital(g.teamDoes(e.team, 'nos llevamos', 'se llevan'))} ${e.amount} de ${lance} (no querido)`;
    case EVENT.EN_PASO: return `${lance}: en paso`;
    case EVENT.SHOWDOWN: return `Órdago querido a ${lance}: ganan ${g.cardsOf(e.seat)}`;
    case EVENT.COUNT: return e.amount ? `Cuenta: ${lance}, ${e.amount} para ${g.team(e.team)}` : `Cuenta: ${lance}, nada`;
    case EVENT.GAME: return `¡${capital(g.teamDoes(e.team, 'ganamos', 'ganan'))} el juego!`;
    case EVENT.VACA: return `¡${capital(g.teamDoes(e.team, 'ganamos', 'ganan'))} la vaca!`;
    case EVENT.MATCH: return `¡${capital(g.teamDoes(e.team, 'ganamos', 'ganan'))} la partida!`;
    case EVENT.PROPOSE: return g.isMe(e.seat) ? 'Propones a tu compañero' : `${who} propone a su compañero`;
    case EVENT.AGREE: return `${capital(g.seatDoes(e.seat, 'estás', 'está'))} de acuerdo`;
    default: return null;
  }
}

/** Whether an event is something a seat said (shown under its name until the lance ends). */
export function isSaying(e) {
  return !e.server && [EVENT.MUS, EVENT.CUT, EVENT.DISCARD, EVENT.PASS, EVENT.BET, EVENT.ORDAGO,
    EVENT.ACCEPT, EVENT.REJECT, EVENT.PERETE].includes(e.kind);
}
