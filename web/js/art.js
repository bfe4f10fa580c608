// art.js: the catalogue of the drawn pieces in /img/pieces.svg: for every
// symbol its accessible name, the letter the table already shows for it (so
// nothing depends on colour), its game and its natural size (the viewBox, in
// CSS pixels at 1x). Some add what a page needs to place them:
//   tint: parts filled with currentColor (set `color` on the <use>);
//   anchor: the point, as fractions of the box, that sits on the table's
//     point (a slice's tip at the pizza's centre, the pan's middle);
//   slots / well: where things sit inside it, in viewBox units;
//   units: the game's own size (Paku Paku's tower pieces).
// Beside the page wherever it is served (a static copy may live in a sub-folder).
export const SPRITE = new URL('../img/pieces.svg', import.meta.url).href;

// The href of a symbol, for <use href>.
export function href(id) {
  return `${SPRITE}#${id}`;
}

// A piece as an <svg> of its own (an image with the piece's name), k times
// its natural size; a <use> needs its width and height, as here.
export function drawing(id, k = 1, attrs = {}) {
  const a = ART[id];
  const ns = 'http://www.w3.org/2000/svg';
  const svg = document.createElementNS(ns, 'svg');
  const use = document.createElementNS(ns, 'use');
  const box = { width: a.w * k, height: a.h * k };
  for (const [n, v] of Object.entries({ ...box, role: 'img', 'aria-label': a.name, ...attrs })) svg.setAttribute(n, v);
  for (const [n, v] of Object.entries({ href: href(id), ...box })) use.setAttribute(n, v);
  svg.append(use);
  return svg;
}

const sq = (game, name, letter, extra = {}) => ({ game, name, letter, w: 64, h: 64, ...extra });

// The six openings of a slice, from the tip out (viewBox units; the tip is
// at 0,0 and the slice opens up and to the right), each of radius 11: a
// topping piece (its disc 29 of its 64) fills one at slotBox units square.
const SLICE_SLOTS = [[19.8, -19.8], [25, -43.3], [43.3, -25], [21.3, -69.8], [51.6, -51.6], [69.8, -21.3]];
const slice = (colour, letter) => ({ game: 'pizza', name: colour ? `${colour} slice` : 'slice', letter,
  w: 104, h: 104, viewBox: [-2, -102, 104, 104], anchor: [2 / 104, 100 / 104], radius: 99,
  slots: SLICE_SLOTS, slotRadius: 11, slotBox: 24.3, ...(colour ? {} : { tint: 'handle' }) });

export const ART = {
  // Pizza Party
  'pizza-onion': sq('pizza', 'onion', 'ON'),
  'pizza-pepper': sq('pizza', 'pepper', 'PE'),
  'pizza-mushroom': sq('pizza', 'mushroom', 'MU'),
  'pizza-pepperoni': sq('pizza', 'pepperoni', 'PP'),
  'pizza-switch': sq('pizza', 'switch piece', 'S', { tint: 'piece' }),
  'pizza-switch-red': sq('pizza', 'red switch', 'SR'),
  'pizza-switch-yellow': sq('pizza', 'yellow switch', 'SY'),
  'pizza-switch-green': sq('pizza', 'green switch', 'SG'),
  'pizza-switch-blue': sq('pizza', 'blue switch', 'SB'),
  'pizza-back': sq('pizza', 'face-down piece', null),
  'pizza-base': { game: 'pizza', name: 'pizza board', letter: null, w: 240, h: 240, anchor: [0.5, 0.5], radius: 117 },
  'pizza-slice': slice(null, null),
  'pizza-slice-red': slice('red', 'R'),
  'pizza-slice-yellow': slice('yellow', 'Y'),
  'pizza-slice-green': slice('green', 'G'),
  'pizza-slice-blue': slice('blue', 'B'),

  // Yummy Yummy Pancake
  'pancake-pan': { game: 'pancake', name: 'frying pan', letter: null, w: 192, h: 128,
    anchor: [64 / 192, 0.5], well: { cx: 64, cy: 64, r: 52 } },
  'pancake-back': sq('pancake', 'face-down pancake', '?'),
  'pancake-strawberry': sq('pancake', 'strawberry', 'S'),
  'pancake-kiwi': sq('pancake', 'kiwi', 'K'),
  'pancake-banana': sq('pancake', 'banana', 'B'),
  'pancake-blueberry': sq('pancake', 'blueberry', 'L'),
  'pancake-chocolate': sq('pancake', 'chocolate', 'C'),
  'pancake-side': { game: 'pancake', name: 'pancake', letter: null, w: 64, h: 13 },
  'pancake-stack': { game: 'pancake', name: 'pile of pancakes', letter: null, w: 64, h: 56 },
  'pancake-chef': sq('pancake', 'chef', null),

  // Pass the Party Food
  'food-snake': sq('passfood', 'green snake', 'S'),
  'food-biscuit': sq('passfood', 'biscuit', 'B'),
  'food-fairy-bread': sq('passfood', 'fairy bread', 'F'),
  'food-pikelet': sq('passfood', 'pikelet', 'P'),
  'food-lamington': sq('passfood', 'lamington', 'L'),
  'passfood-plate': sq('passfood', 'plate', null),
  'passfood-bag': sq('passfood', 'bag', null),
  'passfood-cell': sq('passfood', 'empty space', null),
  'passfood-bunting': { game: 'passfood', name: 'bunting', letter: null, w: 160, h: 28 },
  'passfood-track': sq('passfood', 'space', null),
  'passfood-lucky-dip': sq('passfood', 'lucky dip', '*'),
  'passfood-cake': sq('passfood', 'birthday cake', null),
  'passfood-pawn': sq('passfood', 'pawn', null, { tint: 'pawn', anchor: [0.5, 52 / 64] }),
  'passfood-ziggy': sq('passfood', 'Ziggy the dog', 'Z'),
  'passfood-swap': sq('passfood', 'swap token', null),
  'passfood-take': sq('passfood', 'take token', null),
  'passfood-token-back': sq('passfood', 'used token', null),
  'passfood-discard': sq('passfood', 'X space', 'X'),

  // Paku Paku: the tower's pieces side on (4 viewBox units a game unit,
  // anchored at the middle of their foot)
  'paku-plate': { game: 'pakupaku', name: 'plate', letter: 'P', w: 80, h: 8, units: { w: 20, h: 2 }, anchor: [0.5, 1] },
  'paku-bowl': { game: 'pakupaku', name: 'bowl', letter: 'B', w: 56, h: 24, units: { w: 14, h: 6 }, anchor: [0.5, 1] },
  'paku-cup': { game: 'pakupaku', name: 'cup', letter: 'C', w: 32, h: 36, units: { w: 8, h: 9 }, anchor: [0.5, 1] },
  'paku-plate-icon': sq('pakupaku', 'plate', 'P'),
  'paku-bowl-icon': sq('pakupaku', 'bowl', 'B'),
  'paku-cup-icon': sq('pakupaku', 'cup', 'C'),
  // the pieces stand on the middle of its top face (y 7 of 16)
  'paku-mat': { game: 'pakupaku', name: 'the mat', letter: null, w: 128, h: 16, anchor: [0.5, 7 / 16] },
  'paku-die-1': sq('pakupaku', 'one', '1'),
  'paku-die-2': sq('pakupaku', 'two', '2'),
  'paku-die-panda': sq('pakupaku', 'panda', 'P'),
  'paku-die-dish': sq('pakupaku', 'dish', 'D'),
  'paku-die-blank': sq('pakupaku', 'not rolled yet', '?'),
  'paku-die-waiting': sq('pakupaku', 'dish, waiting to be stacked', 'D'),
  'paku-chip': sq('pakupaku', 'penalty chip', null),
  'paku-chip-1': sq('pakupaku', '1 penalty point', '1'),
  'paku-chip-2': sq('pakupaku', '2 penalty points', '2'),
  'paku-chip-3': sq('pakupaku', '3 penalty points', '3'),
  'paku-chip-5': sq('pakupaku', '5 penalty points', '5'),
  'paku-panda': sq('pakupaku', 'panda', null),

  // The page's own
  'ui-sound-on': sq('ui', 'sound on', null),
  'ui-sound-off': sq('ui', 'sound off', null),
  'ui-trophy': sq('ui', 'trophy', null),
  'ui-star': sq('ui', 'star', null),
  'ui-confetti-ribbon': { game: 'ui', name: 'confetti', letter: null, w: 24, h: 24 },
  'ui-confetti-dot': { game: 'ui', name: 'confetti', letter: null, w: 24, h: 24 },
  'ui-confetti-star': { game: 'ui', name: 'confetti', letter: null, w: 24, h: 24 },
  'ui-confetti-square': { game: 'ui', name: 'confetti', letter: null, w: 24, h: 24 },
};

// The symbol of a game's piece, by the name the game's views use.
export const PIZZA_TOPPING = { onion: 'pizza-onion', pepper: 'pizza-pepper', mushroom: 'pizza-mushroom', pepperoni: 'pizza-pepperoni' };
export const PIZZA_COLOURS = ['red', 'yellow', 'green', 'blue'];
export const PANCAKE_TOPPING = { strawberry: 'pancake-strawberry', kiwi: 'pancake-kiwi', banana: 'pancake-banana',
  blueberry: 'pancake-blueberry', chocolate: 'pancake-chocolate' };
export const PARTY_FOOD = { snake: 'food-snake', biscuit: 'food-biscuit', 'fairy bread': 'food-fairy-bread',
  pikelet: 'food-pikelet', lamington: 'food-lamington' };
export const PAKU_PIECE = { plate: 'paku-plate', bowl: 'paku-bowl', cup: 'paku-cup' };
export const PAKU_FACE = { 1: 'paku-die-1', 2: 'paku-die-2', P: 'paku-die-panda', D: 'paku-die-dish', '-': 'paku-die-blank' };
export const CONFETTI = ['ui-confetti-ribbon', 'ui-confetti-dot', 'ui-confetti-star', 'ui-confetti-square'];
