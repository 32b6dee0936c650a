// The faces beside each seat's name, drawn in SVG (our own drawing): a straight face, and one
// face per signal (R33) making that signal's gesture (words.js's SIGNS names each gesture).
// A face is only a picture: which signals a seat may make is the library's answer (the view's
// `gestures` online; the library's refusal offline), and the page draws the faces it is told.

const SKIN = '#f2d0a9';
const LINE = '#5d4037';
const LIP = '#b03a2e';

// The parts of a face on a 64 x 64 canvas: the head is centred at (32, 28).
const eyes = {
  open: '<circle cx="25" cy="26" r="2.2" fill="#222"/><circle cx="39" cy="26" r="2.2" fill="#222"/>',
  closed: `<path d="M21.5 26 q3.5 3 7 0 M35.5 26 q3.5 3 7 0" fill="none" stroke="${LINE}" stroke-width="1.6"/>`,
  wink: `<circle cx="25" cy="26" r="2.2" fill="#222"/><path d="M35.5 26 q3.5 3 7 0" fill="none" stroke="${LINE}" stroke-width="1.6"/>`,
};
const brows = {
  flat: `<path d="M21 20.5 h8 M35 20.5 h8" stroke="${LINE}" stroke-width="1.6"/>`,
  raised: `<path d="M20.5 17 q4.5 -6 9 0 M34.5 17 q4.5 -6 9 0" fill="none" stroke="${LINE}" stroke-width="1.8"/>`,
  pleading: `<path d="M21 21 q4 -3 8 -2 M35 19 q4 -1 8 2" fill="none" stroke="${LINE}" stroke-width="1.6"/>`,
};
const mouths = {
  straight: `<path d="M26 37 h12" stroke="${LINE}" stroke-width="1.8" stroke-linecap="round"/>`,
  biteCentre: `<path d="M25 36 q7 3 14 0" fill="none" stroke="${LIP}" stroke-width="2.4" stroke-linecap="round"/>` +
    '<rect x="29.5" y="34.5" width="2.4" height="2.6" fill="#fff" stroke="#999" stroke-width="0.4"/>' +
    '<rect x="32.1" y="34.5" width="2.4" height="2.6" fill="#fff" stroke="#999" stroke-width="0.4"/>',
  biteSide: `<path d="M25 36 q7 3 14 0" fill="none" stroke="${LIP}" stroke-width="2.4" stroke-linecap="round"/>` +
    '<rect x="34" y="34" width="2.4" height="2.6" fill="#fff" stroke="#999" stroke-width="0.4"/>' +
    '<rect x="36.6" y="34.2" width="2.2" height="2.4" fill="#fff" stroke="#999" stroke-width="0.4"/>',
  tongueCentre: `<path d="M26 36 h12" stroke="${LINE}" stroke-width="1.8" stroke-linecap="round"/>` +
    '<path d="M29 36 v3 q3 5 6 0 v-3 z" fill="#e57373" stroke="#b71c1c" stroke-width="0.7"/>',
  tongueSide: `<path d="M26 36 q6 -1 12 0" fill="none" stroke="${LINE}" stroke-width="1.8" stroke-linecap="round"/>` +
    '<path d="M35 36 q6 0 7 4 q-4 3 -7 -1 z" fill="#e57373" stroke="#b71c1c" stroke-width="0.7"/>',
  pursedSide: `<ellipse cx="37" cy="36.5" rx="2.6" ry="2" fill="${LIP}"/><path d="M28 37 q4 -1 7 -0.5" fill="none" stroke="${LINE}" stroke-width="1.4"/>`,
  kiss: `<ellipse cx="32" cy="37" rx="2.4" ry="2.8" fill="${LIP}"/>` +
    '<path d="M55 14 c-2 -3 -6 -1 -3 3 l3 3 l3 -3 c3 -4 -1 -6 -3 -3 z" fill="#e91e63"/>',
  smile: `<path d="M26 35.5 q6 4 12 0" fill="none" stroke="${LINE}" stroke-width="1.8" stroke-linecap="round"/>`,
};

// The shoulders (a shirt) at the bottom: `left` and `right` raise the viewer's left or right.
function shoulders(shirt, left = 0, right = 0) {
  return `<path d="M4 64 V${54 - left} Q6 ${48 - left} 18 ${47 - left} L26 46 H38 L46 ${47 - right} Q58 ${48 - right} 60 ${54 - right} V64 Z" ` +
    `fill="${shirt}" stroke="${LINE}" stroke-width="1"/>`;
}

// A hand (a rounded skin shape) at (x, y).
const hand = (x, y, r = 0) => `<g transform="translate(${x} ${y}) rotate(${r})"><rect x="-3.5" y="-5" width="7" height="10" rx="3.5" fill="${SKIN}" stroke="${LINE}" stroke-width="0.9"/></g>`;

// Each signal's face, by number (mus.h's MUS_SIGNAL_*): eyes, brows, mouth, and what else.
// The person's right is the viewer's left.
const FACES = [
  { mouth: 'biteCentre' },                        // two_kings: bites the middle of the lip
  { mouth: 'biteSide' },                          // three_kings: bites one side of the lip
  { mouth: 'tongueCentre' },                      // two_aces: tongue out
  { mouth: 'tongueSide' },                        // three_aces: tongue out to one side
  { tilt: -16 },                                  // pareja: head tilted
  { mouth: 'pursedSide' },                        // medias: lips pursed to one side
  { brows: 'raised' },                            // duples: raised eyebrows
  { eyes: 'wink', mouth: 'smile' },               // juego_31: wink
  { left: 6, right: 6 },                          // punto_30: both shoulders raised
  { left: 7 },                                    // punto_29: right shoulder raised
  { right: 7 },                                   // punto_28: left shoulder raised
  { eyes: 'closed' },                             // ciego: eyes closed
  { extra: hand(50, 30, -10) },                   // real_31: touches the earlobe
  { mouth: 'kiss', eyes: 'closed' },              // solomillo: a kiss
  { brows: 'pleading', extra: hand(28.5, 50, 12) + hand(35.5, 50, -12) }, // need_mus: joined hands
];

/**
 * The SVG of a face: `signal` a signal number making its gesture, or null for a straight face.
 * @param opts `label` (the picture's name for screen readers), `shirt` (a colour).
 */
export function faceSvg(signal = null, opts = {}) {
  const f = (signal === null || signal === undefined ? null : FACES[signal]) ?? {};
  const head = `<circle cx="32" cy="28" r="17" fill="${SKIN}" stroke="${LINE}" stroke-width="1.2"/>` +
    `<path d="M15.5 24 q2 -14 16.5 -14 q14.5 0 16.5 14 q-5 -8 -16.5 -8 q-11.5 0 -16.5 8 z" fill="#4e342e"/>` +
    `<ellipse cx="15" cy="29" rx="2" ry="3.2" fill="${SKIN}" stroke="${LINE}" stroke-width="0.9"/>` +
    `<ellipse cx="49" cy="29" rx="2" ry="3.2" fill="${SKIN}" stroke="${LINE}" stroke-width="0.9"/>` +
    brows[f.brows ?? 'flat'] + eyes[f.eyes ?? 'open'] + `<path d="M32 28 v4 h-1.5" fill="none" stroke="${LINE}" stroke-width="1"/>` +
    mouths[f.mouth ?? 'straight'];
  const tilted = f.tilt ? `<g transform="rotate(${f.tilt} 32 40)">${head}</g>` : head;
  const label = opts.label ? ` aria-label="${opts.label}"` : ' aria-hidden="true"';
  return `<svg class="face-svg" viewBox="0 0 64 64" role="img"${label}>` +
    shoulders(opts.shirt ?? '#5d6d7e', f.left ?? 0, f.right ?? 0) +
    `<rect x="28" y="42" width="8" height="8" fill="${SKIN}"/>` + tilted + (f.extra ?? '') + '</svg>';
}
