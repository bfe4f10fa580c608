// pieces.js: the look of every food, topping and die face: a fill colour and
// a letter, so nothing depends on colour alone (the letter is always drawn
// in dark ink on a light fill, WCAG AA).
import { s } from './dom.js';

export const INK = '#1b1b1b';

export const PIZZA_TOPPINGS = {
  onion: { letter: 'ON', fill: '#f3e6f7', label: 'onion' },
  pepper: { letter: 'PE', fill: '#b9e4a8', label: 'pepper' },
  mushroom: { letter: 'MU', fill: '#e7d3bd', label: 'mushroom' },
  pepperoni: { letter: 'PP', fill: '#f6b3a7', label: 'pepperoni' },
};

// Slice handles and switch pieces, by colour.
export const HANDLES = {
  red: { letter: 'R', fill: '#f28b82', label: 'red' },
  yellow: { letter: 'Y', fill: '#fde293', label: 'yellow' },
  green: { letter: 'G', fill: '#a8dab5', label: 'green' },
  blue: { letter: 'B', fill: '#aecbfa', label: 'blue' },
};

export const PANCAKES = {
  strawberry: { letter: 'S', fill: '#f7a8b8', label: 'strawberry' },
  kiwi: { letter: 'K', fill: '#c5e1a5', label: 'kiwi' },
  banana: { letter: 'B', fill: '#fff59d', label: 'banana' },
  blueberry: { letter: 'L', fill: '#b3c7f7', label: 'blueberry' },
  chocolate: { letter: 'C', fill: '#d7b899', label: 'chocolate' },
};

export const PARTY_FOODS = {
  snake: { letter: 'S', fill: '#b9f6ca', label: 'snake' },
  biscuit: { letter: 'B', fill: '#ffe0b2', label: 'biscuit' },
  'fairy bread': { letter: 'F', fill: '#f8bbd0', label: 'fairy bread' },
  pikelet: { letter: 'P', fill: '#fff9c4', label: 'pikelet' },
  lamington: { letter: 'L', fill: '#d7ccc8', label: 'lamington' },
};

export const DIE_FACES = {
  P: { letter: 'P', fill: '#ffffff', label: 'panda' },
  D: { letter: 'D', fill: '#ffe0b2', label: 'dish' },
  1: { letter: '1', fill: '#e3f2fd', label: 'one' },
  2: { letter: '2', fill: '#e3f2fd', label: 'two' },
  '-': { letter: '?', fill: '#eeeeee', label: 'not rolled yet' },
};

// Seats' colours for pawns and names (with the seat's number drawn on them).
export const SEAT_FILLS = ['#90caf9', '#ffcc80', '#a5d6a7', '#f48fb1', '#ce93d8', '#80deea',
  '#e6ee9c', '#bcaaa4'];

// A round token with a letter: a topping, a pancake, a tile. The position is
// an inner group's, so an animation's CSS transform on the outer one (extra's
// class) does not move it.
export function token(x, y, r, look, extra = {}) {
  return s('g', { class: 'token', ...extra }, s('g', { transform: `translate(${x} ${y})` },
    s('circle', { r, fill: look.fill, stroke: INK, 'stroke-width': Math.max(0.6, r / 10) }),
    s('text', { class: 'glyph', 'font-size': r * (look.letter.length > 1 ? 0.8 : 1.1),
      y: r * 0.36, 'text-anchor': 'middle', fill: INK, text: look.letter })));
}

// A square tile with a letter (boards, plates, dice).
export function tile(x, y, size, look, extra = {}) {
  return s('g', { class: 'tile', ...extra }, s('g', { transform: `translate(${x} ${y})` },
    s('rect', { width: size, height: size, rx: size / 6, fill: look.fill, stroke: INK,
      'stroke-width': Math.max(0.6, size / 20) }),
    s('text', { class: 'glyph', x: size / 2, y: size * 0.75, 'font-size': size * 0.7,
      'text-anchor': 'middle', fill: INK, text: look.letter })));
}
