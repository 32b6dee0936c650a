// The Spanish deck drawn in SVG (our own drawing): oros (coins), copas (cups), espadas (swords),
// bastos (clubs); 1 to 7, sota (10), caballo (11) and rey (12). A card id is suit * 10 + rank
// index (mus.h); the page only draws it, the library names it.

/** The id of no card (mus.h's MUS_NO_CARD): an empty slot, or a card the seat may not see. */
export const NO_CARD = 255;

const SUIT_COLOURS = ['#c99a06', '#c0392b', '#2c5aa0', '#2e7d32'];
const INDEX = ['1', '2', '3', '4', '5', '6', '7', '10', '11', '12'];
const FIGURE = ['', '', '', '', '', '', '', 'Sota', 'Caballo', 'Rey'];

// One suit symbol centred at (x, y), size s.
function pip(suit, x, y, s) {
  const c = SUIT_COLOURS[suit];
  switch (suit) {
    case 0: // oros: a coin
      return `<g><circle cx="${x}" cy="${y}" r="${s * 0.5}" fill="${c}" stroke="#7a5c00" stroke-width="1"/>` +
        `<circle cx="${x}" cy="${y}" r="${s * 0.28}" fill="none" stroke="#fff3b0" stroke-width="1.2"/></g>`;
    case 1: // copas: a cup
      return `<path d="M${x - s * 0.45} ${y - s * 0.45} h${s * 0.9} q0 ${s * 0.55} ${-s * 0.35} ${s * 0.6} ` +
        `v${s * 0.2} h${s * 0.2} v${s * 0.15} h${-s * 0.7} v${-s * 0.15} h${s * 0.2} v${-s * 0.2} ` +
        `q${-s * 0.35} ${-s * 0.05} ${-s * 0.35} ${-s * 0.6} z" fill="${c}" stroke="#6e1a12" stroke-width="0.8"/>`;
    case 2: // espadas: a sword
      return `<g stroke="#1b3a6b" stroke-width="0.8"><path d="M${x} ${y - s * 0.6} l${s * 0.1} ${s * 0.85} h${-s * 0.2} z" fill="${c}"/>` +
        `<rect x="${x - s * 0.3}" y="${y + s * 0.25}" width="${s * 0.6}" height="${s * 0.1}" fill="${c}"/>` +
        `<rect x="${x - s * 0.05}" y="${y + s * 0.35}" width="${s * 0.1}" height="${s * 0.25}" fill="#8d6e63"/></g>`;
    default: // bastos: a club
      return `<g stroke="#1b5e20" stroke-width="0.8"><path d="M${x - s * 0.12} ${y + s * 0.6} l${-s * 0.05} ${-s * 1.0} ` +
        `q${s * 0.17} ${-s * 0.3} ${s * 0.34} 0 l${-s * 0.05} ${s * 1.0} z" fill="${c}"/>` +
        `<circle cx="${x - s * 0.1}" cy="${y - s * 0.2}" r="${s * 0.06}" fill="#a5d6a7"/>` +
        `<circle cx="${x + s * 0.08}" cy="${y + s * 0.1}" r="${s * 0.06}" fill="#a5d6a7"/></g>`;
  }
}

// Where the pips of 1..7 go on a 60 x 92 card.
const LAYOUTS = [
  [[30, 46]],
  [[30, 26], [30, 66]],
  [[30, 22], [30, 46], [30, 70]],
  [[18, 26], [42, 26], [18, 66], [42, 66]],
  [[18, 24], [42, 24], [30, 46], [18, 68], [42, 68]],
  [[18, 22], [42, 22], [18, 46], [42, 46], [18, 70], [42, 70]],
  [[18, 20], [42, 20], [30, 33], [18, 46], [42, 46], [18, 72], [42, 72]],
];

// A figure: a person (sota standing, caballo on a horse, rey crowned) holding the suit.
function figure(suit, rank) {
  const c = SUIT_COLOURS[suit];
  let body = `<circle cx="30" cy="30" r="7" fill="#f2d0a9" stroke="#6d4c41" stroke-width="0.8"/>` +
    `<path d="M19 68 L23 40 h14 L41 68 z" fill="${c}" opacity="0.85" stroke="#333" stroke-width="0.8"/>`;
  if (rank === 9) body += `<path d="M22 24 l2 -7 l3 4 l3 -6 l3 6 l3 -4 l2 7 z" fill="#f4c430" stroke="#7a5c00" stroke-width="0.6"/>`;
  if (rank === 8) body += `<path d="M12 78 q4 -14 18 -12 q14 -2 18 12 M16 78 v6 M44 78 v6" fill="#8d6e63" stroke="#4e342e" stroke-width="1.2"/>`;
  if (rank === 7) body += `<rect x="24" y="19" width="12" height="4" fill="#5d4037"/>`;
  return body + pip(suit, 44, 52, 14);
}

/** The SVG of card `id` (0..39), `label` its text for screen readers. */
export function cardSvg(id, label = '') {
  const suit = Math.floor(id / 10);
  const rank = id % 10;
  const c = SUIT_COLOURS[suit];
  const inner = rank < 7 ? LAYOUTS[rank].map(([x, y]) => pip(suit, x, y, rank === 0 ? 26 : 13)).join('') : figure(suit, rank);
  const title = FIGURE[rank] ? `${FIGURE[rank]}` : INDEX[rank];
  return `<svg class="card-svg" viewBox="0 0 60 92" role="img" aria-label="${label || title}">` +
    `<rect x="1" y="1" width="58" height="90" rx="5" fill="#fffdf6" stroke="#555" stroke-width="1"/>` +
    `<rect x="4" y="4" width="52" height="84" rx="3" fill="none" stroke="${c}" stroke-width="1" stroke-dasharray="${suit === 1 ? '0' : suit === 0 ? '2 1' : suit === 2 ? '4 2' : '6 2'}"/>` +
    `<text x="7" y="14" font-size="10" font-family="Georgia, serif" fill="${c}">${INDEX[rank]}</text>` +
    `<text x="53" y="86" font-size="10" font-family="Georgia, serif" fill="${c}" text-anchor="end">${INDEX[rank]}</text>` +
    inner + '</svg>';
}

/** The back of a card. */
export function backSvg() {
  return '<svg class="card-svg" viewBox="0 0 60 92" role="img" aria-label="carta boca abajo">' +
    '<defs><pattern id="b" width="8" height="8" patternUnits="userSpaceOnUse">' +
    '<path d="M0 4 L4 0 L8 4 L4 8 z" fill="#8e1b1b"/></pattern></defs>' +
    '<rect x="1" y="1" width="58" height="90" rx="5" fill="#b71c1c" stroke="#555"/>' +
    '<rect x="5" y="5" width="50" height="82" rx="3" fill="url(#b)" stroke="#f5d76e"/></svg>';
}
