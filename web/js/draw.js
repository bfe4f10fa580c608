// draw.js: what every game's drawing shares: a piece from the sprite with
// its letter badge, text that stays readable at the scale the table is
// drawn, and the choice of an arrangement that fits the table's box.
import { s } from './dom.js';
import { ART, SPRITE } from './art.js';

// The sprite, read once into the page: a <use> of a symbol in the page
// itself draws at once, where one of the file's (/img/pieces.svg#id) was
// fetched again each time the table was drawn anew, and the pieces blinked
// out. (The sprite has no classes, styles or text of its own, and the
// stylesheet no rule that could reach into it.)
export async function loadSprite() {
  if (document.getElementById('sprite')) return;
  const text = await (await fetch(SPRITE)).text();
  const svg = document.importNode(new DOMParser().parseFromString(text, 'image/svg+xml').documentElement, true);
  svg.id = 'sprite';
  svg.setAttribute('aria-hidden', 'true');
  svg.setAttribute('width', '0');
  svg.setAttribute('height', '0');
  svg.style.position = 'absolute';
  document.body.prepend(svg);
}

function href(id) {
  return `#${id}`;
}

export const INK = '#1b1b1b';
// The seats' colours (each with the seat's number on it, never alone).
export const SEAT_FILLS = ['#90caf9', '#ffcc80', '#a5d6a7', '#f48fb1', '#ce93d8', '#80deea',
  '#e6ee9c', '#bcaaa4'];
// No text on the screen is smaller than this (CSS px).
export const LEAST_TEXT_PX = 12.5;

// Picks the arrangement whose drawing is largest in a box of w x h px: each
// candidate has its size in drawing units (w, h). Answers the candidate
// with its scale (px a unit) and a font size in units that is never under
// LEAST_TEXT_PX on the screen (at least `font` units).
export function fit(box, candidates, font = 13) {
  let best = null;
  for (const c of candidates) {
    const scale = Math.min(box.w / c.w, box.h / c.h);
    if (!best || scale > best.scale + 1e-9) best = { ...c, scale };
  }
  const scale = best.scale > 0 && Number.isFinite(best.scale) ? best.scale : 1;
  return { ...best, scale, fs: Math.max(font, LEAST_TEXT_PX / scale) };
}

// A <use> of a symbol filling x, y, w, h.
export function use(id, x, y, w, h = w, attrs = {}) {
  return s('use', { href: href(id), x, y, width: w, height: h, ...attrs });
}

// A letter badge: dark ink on a light pill, its text fs units tall, its
// corner at x, y (the pill grows to the left and up from there).
export function badge(text, x, y, fs) {
  const w = fs * (0.45 + 0.62 * text.length);
  const hgt = fs * 1.2;
  return s('g', { class: 'badge', 'aria-hidden': 'true' },
    s('rect', { x: x - w, y: y - hgt, width: w, height: hgt, rx: hgt / 2, fill: '#fffaf2', stroke: INK, 'stroke-width': 1 }),
    s('text', { x: x - w / 2, y: y - hgt * 0.26, 'text-anchor': 'middle', 'font-size': fs, class: 'glyph', fill: INK, text }));
}

// A piece of the table: its drawing from the sprite in a size x size square
// at x, y, its letter badge in the bottom right corner (unless badge is
// false), as a group named `id` for the animations (data-piece).
export function piece(art, x, y, size, { id, fs = 13, badge: withBadge = true, attrs = {} } = {}) {
  const a = ART[art];
  const g = s('g', { class: 'piece', 'data-piece': id, 'data-art': art, ...attrs }, use(art, x, y, size));
  if (withBadge && a && a.letter) g.append(badge(a.letter, x + size + fs * 0.2, y + size + fs * 0.2, fs));
  return g;
}

// A piece as a small picture of its own for the page's text (the log, the
// rules): its drawing, named for a screen reader, its letter beside it.
export function icon(art) {
  const svg = s('svg', { class: 'icon', viewBox: `0 0 ${ART[art].w} ${ART[art].h}`, role: 'img', 'aria-label': ART[art].name },
    use(art, 0, 0, ART[art].w, ART[art].h));
  return svg;
}
