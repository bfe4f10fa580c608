// gallery.js: the review page of the drawn pieces: every symbol of the
// sprite at three sizes with its catalogue entry, then the pieces put
// together as a table would (a pizza, a pan, a tower, a track).
import { ART, href, drawing, PIZZA_COLOURS } from './art.js';
import { h, s } from './dom.js';

const SAMPLE_TINT = { handle: '#e5533d', piece: '#3f86d6', pawn: '#8e6bd1' };
const GROUPS = [['pizza', 'Pizza Party'], ['pancake', 'Yummy Yummy Pancake'],
  ['passfood', 'Pass the Party Food'], ['pakupaku', 'Paku Paku'], ['ui', 'The page']];

// One symbol at scale k of its natural size, placed at x, y (its box's
// top left) when given.
function use(id, k, attrs = {}) {
  const a = ART[id];
  return s('use', { href: href(id), width: a.w * k, height: a.h * k, ...attrs });
}

// A piece at px a 64-unit square, the big ones (the pizza's board, the pan)
// kept within twice that.
function picture(id, px) {
  const a = ART[id];
  const k = Math.min(px / 64, (2 * px) / Math.max(a.w, a.h));
  const svg = drawing(id, k, { 'data-id': id, 'data-px': px });
  if (a.tint) svg.setAttribute('color', SAMPLE_TINT[a.tint]);
  return svg;
}

function card(id, sizes) {
  const a = ART[id];
  return h('div', { class: 'card' },
    h('div', { class: 'sizes' }, sizes.map((px) => picture(id, px))),
    h('div', { class: 'name' }, h('code', { text: id }), ' · ', a.name,
      a.letter ? [' ', h('span', { class: 'letter', text: a.letter })] : null,
      a.tint ? ` · tint: ${a.tint}` : null));
}

// A pizza of four slices round its board, each slice's openings filled.
function pizza() {
  const base = ART['pizza-base'];
  const sl = ART['pizza-slice'];
  const k = 1.2;
  const size = base.w * k;
  const c = size / 2;
  const svg = s('svg', { width: size, height: size, 'data-scene': 'pizza' }, use('pizza-base', k));
  const tops = ['pizza-onion', 'pizza-pepper', 'pizza-mushroom', 'pizza-pepperoni'];
  PIZZA_COLOURS.forEach((colour, q) => {
    const x = c - sl.anchor[0] * sl.w * k;
    const y = c - sl.anchor[1] * sl.h * k;
    const g = s('g', { transform: `rotate(${q * 90} ${c} ${c})` }, use(`pizza-slice-${colour}`, k, { x, y }));
    sl.slots.slice(0, 2 + q).forEach(([sx, sy]) => {
      const b = sl.slotBox * k;
      g.append(s('use', { href: href(tops[q]), x: c + sx * k - b / 2, y: c + sy * k - b / 2, width: b, height: b }));
    });
    svg.append(g);
  });
  return svg;
}

// The pan with eight pancakes, two face down.
function pan() {
  const p = ART['pancake-pan'];
  const k = 1.5;
  const svg = s('svg', { width: p.w * k, height: p.h * k, 'data-scene': 'pan' }, use('pancake-pan', k));
  const ids = ['pancake-strawberry', 'pancake-kiwi', 'pancake-back', 'pancake-banana', 'pancake-blueberry',
    'pancake-back', 'pancake-chocolate', 'pancake-kiwi'];
  const { cx, cy, r } = p.well;
  ids.forEach((id, i) => {
    const ring = i === 7 ? 0 : r - 18;
    const ang = (i * 2 * Math.PI) / 7;
    const d = 28 * k;
    svg.append(s('use', { href: href(id), width: d, height: d,
      x: (cx + ring * Math.cos(ang)) * k - d / 2, y: (cy + ring * Math.sin(ang)) * k - d / 2 }));
  });
  return svg;
}

// A tower on the mat, by game units (6 px a unit).
function tower() {
  const unit = 6;
  const mat = ART['paku-mat'];
  const w = 180;
  const hgt = 230;
  const svg = s('svg', { width: w, height: hgt, 'data-scene': 'tower' });
  const mw = 30 * unit;
  const mh = (mat.h / mat.w) * mw;
  const surface = hgt - mh + mat.anchor[1] * mh;
  svg.append(s('use', { href: href('paku-mat'), x: 0, y: hgt - mh, width: mw, height: mh }));
  let y = surface;
  for (const piece of ['plate', 'bowl', 'cup', 'plate', 'cup', 'bowl']) {
    const a = ART[`paku-${piece}`];
    const pw = a.units.w * unit;
    const ph = a.units.h * unit;
    y -= ph;
    svg.append(s('use', { href: href(`paku-${piece}`), x: w / 2 - pw / 2, y, width: pw, height: ph }));
  }
  return svg;
}

// A bit of the score track: spaces, a lucky dip, pawns, Ziggy and the cake.
function track() {
  const d = 34;
  const svg = s('svg', { width: d * 8 + 30, height: 100, 'data-scene': 'track' });
  for (let i = 0; i < 7; i++) {
    svg.append(s('use', { href: href(i === 3 ? 'passfood-lucky-dip' : 'passfood-track'), x: i * d, y: 56, width: d, height: d }));
  }
  svg.append(s('use', { href: href('passfood-cake'), x: 7 * d, y: 36, width: 56, height: 56 }));
  svg.append(s('use', { href: href('passfood-ziggy'), x: 0, y: 22, width: 36, height: 36 }));
  ['#e5533d', '#3f86d6', '#4cae5b'].forEach((tint, k) => {
    svg.append(s('use', { href: href('passfood-pawn'), x: (3 + k * 1.3) * d - 4, y: 24, width: 40, height: 40, color: tint }));
  });
  return svg;
}

function main() {
  const root = document.getElementById('gallery');
  const one = Number(new URLSearchParams(location.search).get('size'));
  const sizes = one > 0 ? [one] : [32, 64, 128];
  for (const [game, title] of GROUPS) {
    const ids = Object.keys(ART).filter((id) => ART[id].game === game);
    root.append(h('h2', { text: title }), h('div', { class: 'group' }, ids.map((id) => card(id, sizes))));
  }
  root.append(h('h2', { text: 'Put together' }),
    h('div', { class: 'group' }, [pizza(), pan(), tower(), track()].map((svg) => h('div', { class: 'scene' }, svg))));
}

main();
