// The words of the online table (online.js): how the server's numbers and names read in
// Spanish. Nothing here decides anything about the game: the server sends the view, the legal
// action ids with their texts and the events, all of them the library's; this module only
// names them. It has no DOM, so the online test imports it and checks every number below
// against include/mus/mus.h (MUS_EVENT_*, MUS_LANCE_*, MUS_SIGNAL_*): they cannot drift.

/** Event kinds by their numbers in the protocol (`kind`), which are mus.h's MUS_EVENT_*. */
export const EVENT = Object.freeze({
  DEAL: 1, REFILL: 2, MUS: 3, CUT: 4, DISCARD: 5, REPLACE: 6, PERETE: 7, SIGNAL: 8,
  DECLARE_PARES: 9, DECLARE_JUEGO: 10, LANCE_START: 11, PASS: 12, BET: 13, ORDAGO: 14,
  ACCEPT: 15, REJECT: 16, DEJE: 17, EN_PASO: 18, SHOWDOWN: 19, COUNT: 20, GAME: 21, VACA: 22,
  MATCH: 23, PROPOSE: 24, AGREE: 25,
});

/** An event's `lance` number (mus.h's MUS_LANCE_*) as the library's lance name. */
export const LANCE_BY_NUMBER = Object.freeze(['grande', 'chica', 'pares', 'juego', 'punto']);

/** The library's lance names (mus::lance_name, the view's `lance`) in Spanish. */
export const LANCE_WORDS = Object.freeze({
  grande: 'Grande', chica: 'Chica', pares: 'Pares', juego: 'Juego', punto: 'Punto',
});

/** The library's lance status names (mus::lance_status_name) in Spanish. */
export const STATUS_WORDS = Object.freeze({
  pending: 'sin jugar', skipped: 'nadie lleva', one_team: 'sólo un equipo lleva',
  en_paso: 'en paso', accepted: 'querido', refused: 'no querido', ordago: 'órdago querido',
});

/** The library's phase names (mus::phase_name) in Spanish. */
export const PHASE_WORDS = Object.freeze({
  shuffle: 'barajando', mus: 'mus', discard: 'descartes', betting: 'envites',
  match_over: 'fin de la partida', perete: 'tío Perete',
});

/** Signal numbers (mus.h's MUS_SIGNAL_*, an event's `value`) by their Spanish names. */
export const SIGNAL_WORDS = Object.freeze([
  'dos reyes', 'tres reyes', 'dos ases', 'tres ases', 'pareja', 'medias', 'duples',
  'la una (31)', '30 de punto', '29 de punto', '28 de punto', 'ciego (ni pares ni juego)',
  '31 real', 'solomillo (tres reyes y as)', '«¡quiero mus!»',
]);

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

/** The server's own notes in a view's events (`server`). */
export const NOTE_WORDS = Object.freeze({
  timeout: 'se le acabó el tiempo: el bot jugó por él',
  bot_for_away: 'está ausente: el bot jugó por él',
});

/**
 * One event of a view as a line of the move log, or null for those the log leaves out.
 * @param e the event as the server sends it (`kind` or `server`, `seat`, `team`, `lance`,
 *   `amount`, `value`).
 * @param seatName seat number -> the name to show.
 * @param teamName team number (0: seats 0 and 2) -> the name to show.
 */
export function describeEvent(e, seatName, teamName) {
  const who = e.seat >= 0 && e.seat <= 3 ? seatName(e.seat) : '';
  if (e.server) return `${who}: ${NOTE_WORDS[e.server] ?? e.server}`;
  const lance = LANCE_WORDS[LANCE_BY_NUMBER[e.lance]] ?? '';
  switch (e.kind) {
    case EVENT.DEAL: return `Reparte ${who}; es mano ${seatName(e.value)} (mano nº ${e.amount})`;
    case EVENT.REFILL: return `Se rehace el mazo con ${e.amount} descartes`;
    case EVENT.MUS: return `${who}: mus`;
    case EVENT.CUT: return `${who}: corto, no hay mus`;
    case EVENT.DISCARD: return `${who}: descarta ${e.amount}`;
    case EVENT.PERETE: return `${who}: ¡tío Perete! (1 para ${teamName(e.team)})`;
    case EVENT.SIGNAL: return `${who} hace la seña de ${SIGNAL_WORDS[e.value] ?? e.value}`;
    case EVENT.DECLARE_PARES: return `${who}: pares ${e.value ? 'sí' : 'no'}`;
    case EVENT.DECLARE_JUEGO: return `${who}: juego ${e.value ? 'sí' : 'no'}`;
    case EVENT.LANCE_START: return `— ${lance} —`;
    case EVENT.PASS: return `${who}: paso`;
    case EVENT.BET: return e.value === e.amount ? `${who}: envido ${e.amount}` : `${who}: ${e.amount} más (van ${e.value})`;
    case EVENT.ORDAGO: return `${who}: ¡órdago!`;
    case EVENT.ACCEPT: return `${who}: quiero`;
    case EVENT.REJECT: return `${who}: no quiero`;
    case EVENT.DEJE: return `No querido: ${e.amount} de deje en ${lance} para ${teamName(e.team)}`;
    case EVENT.EN_PASO: return `${lance}: en paso`;
    case EVENT.SHOWDOWN: return `Órdago querido a ${lance}: ganan las cartas de ${who}`;
    case EVENT.COUNT: return e.amount ? `Cuenta: ${lance}, ${e.amount} para ${teamName(e.team)}` : `Cuenta: ${lance}, nada`;
    case EVENT.GAME: return `¡Juego para ${teamName(e.team)}!`;
    case EVENT.VACA: return `¡Vaca para ${teamName(e.team)}!`;
    case EVENT.MATCH: return `¡Partida para ${teamName(e.team)}!`;
    case EVENT.PROPOSE: return `${who} propone a su compañero`;
    case EVENT.AGREE: return `${who} está de acuerdo`;
    default: return null;
  }
}

/** Whether an event is something a seat said (shown under its name until the lance ends). */
export function isSaying(e) {
  return !e.server && [EVENT.MUS, EVENT.CUT, EVENT.DISCARD, EVENT.PASS, EVENT.BET, EVENT.ORDAGO,
    EVENT.ACCEPT, EVENT.REJECT, EVENT.PERETE].includes(e.kind);
}
