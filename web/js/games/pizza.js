// pizza.js: Pizza Party's table, the model for every game's drawing module
// (docs/web.md, "A game's module"): the grid of pieces (face down, the piece
// just turned over face up, empty cells) and the pizza, each slice in front
// of the place of the seat holding it (the person's own at the bottom), its
// handle's colour and letter, its toppings; every step in motion.
import { s, button } from '../dom.js';
import { ART, PIZZA_TOPPING } from '../art.js';
import { fit, piece, badge, use, INK, SEAT_FILLS } from '../draw.js';

const CELL = 48;          // a grid cell, in drawing units
const PIECE = 42;         // a piece in its cell
const PAD = 6;
const GAP = 12;
const SLICE = ART['pizza-slice'];
const BASE = ART['pizza-base'];
const PIZZA = 2 * (BASE.radius + 30); // the pizza with its places' tags round it
const PLURAL = { onion: 'onions', pepper: 'peppers', mushroom: 'mushrooms', pepperoni: 'pepperoni' };
const LETTER = { red: 'R', yellow: 'Y', green: 'G', blue: 'B' };

// The sprite's id for a piece as the view names it ("onion", "red switch").
function artOf(name) {
  if (PIZZA_TOPPING[name]) return PIZZA_TOPPING[name];
  return `pizza-switch-${name.split(' ')[0]}`;
}

function toppings(n, kind) {
  if (!kind || n === 0) return 'no toppings yet';
  return `${n} ${n === 1 ? kind : PLURAL[kind]}`;
}

// The arrangement that draws the table largest in its box: the grid over
// the pizza or beside it, the grid 4 to 8 columns wide.
function arrange(ctx) {
  const cells = ctx.view.cells;
  const options = [];
  for (let cols = 8; cols >= 4; cols--) {
    const rows = Math.ceil(cells / cols);
    options.push({ cols, rows, beside: false, w: Math.max(cols * CELL, PIZZA) + 2 * PAD, h: 2 * PAD + rows * CELL + GAP + PIZZA });
    options.push({ cols, rows, beside: true, w: 2 * PAD + cols * CELL + GAP + PIZZA, h: Math.max(rows * CELL, PIZZA) + 2 * PAD });
  }
  const box = ctx.box && ctx.box.w > 0 ? ctx.box : { w: 400, h: 560 };
  const a = fit(box, options, 13);
  a.gridX = a.beside ? PAD : (a.w - a.cols * CELL) / 2;
  a.gridY = a.beside ? (a.h - a.rows * CELL) / 2 : PAD;
  a.cx = a.beside ? PAD + a.cols * CELL + GAP + PIZZA / 2 : a.w / 2;
  a.cy = a.beside ? a.h / 2 : PAD + a.rows * CELL + GAP + PIZZA / 2;
  return a;
}

// What earlier reveals showed, for the memory aid: cell -> piece, built from
// the flip events the seat was told (ctx.log holds them only with the aid).
function seen(ctx) {
  const out = {};
  if (!ctx.memoryAid) return out;
  for (const e of ctx.log) if (e.kind === 'flip' && e.fields) out[e.fields.cell] = e.fields.piece;
  return out;
}

function cellAt(a, i) {
  return [a.gridX + (i % a.cols) * CELL, a.gridY + Math.floor(i / a.cols) * CELL];
}

// The back every face-down piece shares, at cell i.
function back(a, i) {
  const [x, y] = cellAt(a, i);
  const off = (CELL - PIECE) / 2;
  return s('g', { class: 'piece', 'data-art': 'pizza-back' }, use('pizza-back', x + off, y + off, PIECE));
}

// The piece `name` face up at cell i, with its badge.
function face(a, i, name) {
  const [x, y] = cellAt(a, i);
  const off = (CELL - PIECE) / 2;
  return piece(artOf(name), x + off, y + off, PIECE, { fs: a.fs });
}

function drawGrid(svg, ctx, a) {
  const v = ctx.view;
  const legal = new Set(ctx.legal);
  const memo = seen(ctx);
  for (let i = 0; i < v.cells; i++) {
    const [x, y] = cellAt(a, i);
    const down = v.grid[i] === 'down';
    // The piece just turned over shows in its cell, unless it went onto a slice.
    const last = v.last && v.last.cell === i && (down || !PIZZA_TOPPING[v.last.piece]);
    const choice = down && legal.has(`flip ${i}`);
    const g = s('g', { 'data-piece': `cell:${i}`, 'data-key': `c:${i}`, class: 'cell' });
    // The outline a choice shows (and the focus ring), under the piece.
    g.append(s('rect', { x: x + 1, y: y + 1, width: CELL - 2, height: CELL - 2, rx: 10,
      fill: choice ? '#fff3d6' : 'none', stroke: choice ? '#0b57d0' : 'none', class: choice ? 'hot' : '' }));
    let label;
    if (last) {
      const off = (CELL - PIECE) / 2;
      g.append(use(artOf(v.last.piece), x + off, y + off, PIECE),
        badge(ART[artOf(v.last.piece)].letter, x + CELL - 1, y + CELL - 1, a.fs));
      label = `cell ${i}: the ${v.last.piece} just turned over${down ? ', going back face down' : ''}`;
    } else if (down) {
      const off = (CELL - PIECE) / 2;
      g.append(use('pizza-back', x + off, y + off, PIECE));
      const mark = memo[i];
      if (mark) {
        // A piece seen before (with the memory aid): its drawing in the corner.
        const k = a.fs * 1.5;
        g.append(use(artOf(mark), x + CELL - k - 1, y + 1, k),
          badge(ART[artOf(mark)].letter, x + CELL - 1, y + CELL - 1, a.fs));
      }
      // Every letter drawn is in the name too (WCAG's label in name).
      label = `cell ${i}: a face-down piece${mark ? ` (seen before: ${mark}, ${ART[artOf(mark)].letter})` : ''}`;
    } else {
      g.append(s('circle', { cx: x + CELL / 2, cy: y + CELL / 2, r: PIECE / 2 - 2, fill: 'none',
        stroke: '#b5aa9c', 'stroke-dasharray': '3 3' }));
      g.removeAttribute('data-key');
      svg.append(g);
      continue;
    }
    // The cell's number, top left, on a light patch so it reads over the drawing.
    const fs = a.fs;
    const num = String(i);
    g.append(s('rect', { x: x + 1, y: y + 1, width: fs * (0.4 + 0.6 * num.length), height: fs * 1.15, rx: 4,
      fill: '#fffaf2', opacity: 0.9, 'aria-hidden': 'true' }),
    s('text', { x: x + 1 + fs * 0.2, y: y + fs * 0.98, 'font-size': fs, class: 'num', fill: INK, text: num, 'aria-hidden': 'true' }));
    if (choice) button(g, `Turn over the ${label.replace(/^cell \d+: (a |the )?/, '')} in cell ${i}`, () => ctx.act(`flip ${i}`));
    else { g.setAttribute('role', 'img'); g.setAttribute('aria-label', label); }
    svg.append(g);
  }
}

// Where each slice lies: in front of the place of the seat holding it (the
// imaginary seats' places after the players'), the person's own place at
// the bottom, the others round the pizza clockwise. Answers colour -> quarter turn.
function places(ctx) {
  const v = ctx.view;
  const n = v.slices.length;
  const players = v.seats;
  const free = [];
  for (let p = players; p < n; p++) free.push(p);
  const me = ctx.seat >= 0 ? ctx.seat : 0;
  const at = {};
  let k = 0;
  for (const sl of v.slices) {
    const place = sl.seat === null ? free[k++] : sl.seat;
    // Fewer than four slices spread over the four quarters.
    at[sl.colour] = Math.round((((place - me + n) % n) * 4) / n);
  }
  return at;
}

function drawPizza(svg, ctx, a) {
  const v = ctx.view;
  const legal = new Set(ctx.legal);
  const { cx, cy } = a;
  const r = BASE.radius;
  svg.append(use('pizza-base', cx - BASE.w / 2, cy - BASE.h / 2, BASE.w, BASE.h, { 'aria-hidden': 'true' }));
  const at = places(ctx);
  for (const sl of v.slices) {
    // A quarter turn q: the bottom quarter is 135 degrees from the sprite's (up and right).
    const turn = 135 + at[sl.colour] * 90;
    const mid = ((turn - 45) * Math.PI) / 180;
    const holder = sl.seat === null ? 'nobody (a spare slice)' : ctx.name(sl.seat);
    const g = s('g', { 'data-piece': `slice:${sl.colour}`, 'data-key': `s:${sl.colour}`, class: 'slice' });
    const choice = legal.has(`switch ${sl.colour}`);
    const inner = s('g', { transform: `rotate(${turn} ${cx} ${cy})` });
    inner.append(use(`pizza-slice-${sl.colour}`, cx + SLICE.viewBox[0], cy + SLICE.viewBox[1], SLICE.w, SLICE.h,
      { 'data-anchor': '' }));
    if (choice) {
      // A slice to pick: tinted, and ringed (the focus ring is this ring, dashed).
      inner.append(s('path', { d: `M ${cx} ${cy} L ${cx} ${cy - r - 2} A ${r + 2} ${r + 2} 0 0 1 ${cx + r + 2} ${cy} Z`,
        fill: '#0b57d0', 'fill-opacity': 0.12, stroke: '#0b57d0', 'stroke-width': 4, 'stroke-linejoin': 'round', class: 'hot' }));
    }
    g.append(inner);
    // The toppings, upright, in the slice's openings from the tip out.
    const cos = Math.cos(((turn) * Math.PI) / 180);
    const sin = Math.sin(((turn) * Math.PI) / 180);
    const box = SLICE.slotBox * 1.05;
    for (let k = 0; k < sl.count; k++) {
      const [sx, sy] = SLICE.slots[k];
      const x = cx + sx * cos - sy * sin;
      const y = cy + sx * sin + sy * cos;
      g.append(s('g', { class: 'piece', 'data-piece': `top:${sl.colour}:${k}`, 'data-art': artOf(sl.topping), 'aria-hidden': 'true' },
        use(artOf(sl.topping), x - box / 2, y - box / 2, box)));
    }
    // The handle's letter and how many toppings, on the crust beside the handle.
    const side = mid + 0.3;
    const hx = cx + (r - 4) * Math.cos(side);
    const hy = cy + (r - 4) * Math.sin(side);
    const text = `${LETTER[sl.colour]}${sl.count ? ` ${sl.count}` : ''}`;
    g.append(badge(text, hx + a.fs * 0.5 * (0.45 + 0.62 * text.length), hy + a.fs * 0.6, a.fs));
    const label = `the ${sl.colour} slice, ${text}: ${holder}, ${toppings(sl.count, sl.topping)}`;
    if (choice) button(g, `Swap slices with ${label}`, () => ctx.act(`switch ${sl.colour}`));
    else { g.setAttribute('role', 'img'); g.setAttribute('aria-label', label); }
    svg.append(g);
  }
  // Each place's tag: the seat's number (you: "you"), outside the crust.
  const n = v.slices.length;
  const me = ctx.seat >= 0 ? ctx.seat : 0;
  for (let p = 0; p < n; p++) {
    const q = Math.round((((p - me + n) % n) * 4) / n);
    const ang = ((90 + q * 90) * Math.PI) / 180;
    const player = p < v.seats;
    // "you" is always the bottom place: the sides' tags are one letter wide.
    const text = !player ? '–' : p === ctx.seat ? 'you' : String(p + 1);
    const w = a.fs * (0.8 + 0.6 * text.length);
    // Outside the board's rim: by half its width at the sides, half its height above and below.
    const d = BASE.radius + 3 + (q % 2 ? w / 2 : a.fs * 0.7);
    const tx = cx + d * Math.cos(ang);
    const ty = cy + d * Math.sin(ang);
    svg.append(s('g', { class: 'place', 'data-piece': `place:${p}`, 'aria-hidden': 'true' },
      s('rect', { x: tx - w / 2, y: ty - a.fs * 0.7, width: w, height: a.fs * 1.4, rx: a.fs * 0.7,
        fill: player ? SEAT_FILLS[p] : '#eeeeee', stroke: INK }),
      s('text', { x: tx, y: ty + a.fs * 0.35, 'text-anchor': 'middle', 'font-size': a.fs, class: 'glyph', fill: INK, text })));
  }
}

// A best moment of each seat, from the game's events: a run of toppings
// placed turn after turn, or a switch that brought a well-filled slice.
function bestMoments(ctx) {
  const n = ctx.view.seats;
  const turns = Array.from({ length: n }, () => []);
  const swaps = Array.from({ length: n }, () => null);
  const bySteps = new Map();
  for (const e of ctx.log) {
    if (!bySteps.has(e.step)) bySteps.set(e.step, []);
    bySteps.get(e.step).push(e);
  }
  for (const events of bySteps.values()) {
    const seat = events[0].seat;
    if (!(seat >= 0 && seat < n)) continue;
    const placed = events.find((e) => e.kind === 'place');
    if (events.some((e) => e.kind === 'flip')) turns[seat].push(placed ? placed.fields.piece : null);
    const sw = events.find((e) => e.kind === 'switch');
    if (sw && (!swaps[seat] || sw.fields.count > swaps[seat].count)) swaps[seat] = sw.fields;
  }
  return turns.map((t, i) => {
    let run = 0;
    let best = 0;
    let kind = null;
    for (const p of t) { run = p ? run + 1 : 0; if (run > best) { best = run; kind = p; } }
    const sw = swaps[i];
    if (best >= 3 || (best >= 2 && !(sw && sw.count >= 3))) return `${best} ${PLURAL[kind]} in ${best} turns running`;
    if (sw && sw.count >= 2) return `a switch brought the ${sw.to} slice with ${sw.count} toppings`;
    return null;
  });
}

export default {
  id: 'pizza',
  oneScreen: true,
  sounds: { flip: 'turn', place: 'place', back: 'back', switch: 'swap' },
  // The pieces, drawn, in the rules in brief.
  legend: ['pizza-back', 'pizza-onion', 'pizza-pepper', 'pizza-mushroom', 'pizza-pepperoni', 'pizza-switch-red'],

  // The piece a log line shows (a reveal, a topping placed).
  pieceOf(e) {
    return e.fields && e.fields.piece && (e.kind === 'flip' || e.kind === 'place') ? artOf(e.fields.piece) : null;
  },

  draw(ctx) {
    const a = arrange(ctx);
    const svg = s('svg', { viewBox: `0 0 ${a.w} ${a.h}`, role: 'group', 'aria-label': 'the Pizza Party table',
      'data-scale': a.scale.toFixed(3) });
    svg.append(s('title', { text: 'Pizza Party: the grid of pieces and the pizza' }));
    drawGrid(svg, ctx, a);
    drawPizza(svg, ctx, a);
    return svg;
  },

  // One step in motion, on the table as it is after the step (m: motion.js).
  animate(step, ctx, m) {
    const field = (kind) => { const e = step.events.find((x) => x.kind === kind); return e && e.fields; };
    const flip = field('flip');
    const placed = field('place');
    const was = ctx.was;
    const a = arrange(ctx);
    // The piece shown before goes back face down (unless it was taken off).
    if (flip && was && was.last && was.last.cell !== flip.cell && ctx.view.grid[was.last.cell] === 'down') {
      m.turn(m.el(`cell:${was.last.cell}`), face(a, was.last.cell, was.last.piece));
    }
    if (flip && placed) {
      // Turned over and onto the slice: it turns in its cell, then slides there.
      const top = m.el(`top:${placed.colour}:${placed.count - 1}`);
      if (top) top.dataset.from = `cell:${flip.cell}`;
      m.slide(top, m.was(`cell:${flip.cell}`), { turn: true });
    } else if (flip) {
      m.turn(m.el(`cell:${flip.cell}`), back(a, flip.cell));
    }
    // Slices changing hands: each slides to its new holder's place.
    if (step.events.some((e) => e.kind === 'switch')) {
      for (const sl of ctx.view.slices) m.slide(m.el(`slice:${sl.colour}`), `slice:${sl.colour}`, { delay: flip ? 400 : 0, ms: 650 });
    }
  },

  // The seats' line: their slice and its toppings.
  seat(ctx, i) {
    const sl = ctx.view.slices.find((x) => x.seat === i);
    if (!sl) return { score: 'no slice' };
    return { score: `${sl.count}/6`, more: `the ${sl.colour} slice: ${toppings(sl.count, sl.topping)}` };
  },

  end(ctx) {
    const v = ctx.view;
    const best = bestMoments(ctx);
    if (v.winner === null || v.winner === undefined) return { why: 'Nobody filled a slice in time.', best };
    const sl = v.slices.find((x) => x.seat === v.winner);
    return { why: `${ctx.name(v.winner)} filled the ${sl.colour} slice with six ${PLURAL[sl.topping]}.`, best };
  },

  // A log line whose piece is face down again, without the memory aid.
  forgotten(e, who) {
    if (e.kind === 'flip') return `${who} turned over a piece`;
    if (e.kind === 'back') return `${who} put it back face down`;
    return null;
  },

  status(ctx) {
    const v = ctx.view;
    if (ctx.mine && v.phase === 'switch') return 'You turned over your own colour: choose a slice to swap with.';
    if (ctx.mine) return 'Your turn: turn over a face-down piece.';
    const who = ctx.name(v.to_move);
    return v.phase === 'switch' ? `${who} is choosing a slice to swap with.` : `${who} is turning over a piece.`;
  },

  // Every choice is a piece of the table (a cell, a slice): no buttons.
  choices() {
    return [];
  },
};

