// pizza.js: Pizza Party's table: the grid of face-down pieces, the piece just
// turned over, and the pizza's slices with their handle colours and toppings.
import { s, button } from '../dom.js';
import { PIZZA_TOPPINGS, HANDLES, INK, token } from '../pieces.js';

const CELL = 46;
const GRID_X = 16;
const GRID_Y = 14;

function pieceLook(piece) {
  if (PIZZA_TOPPINGS[piece]) return PIZZA_TOPPINGS[piece];
  const colour = piece.split(' ')[0];
  const h = HANDLES[colour];
  return { letter: `S${h.letter}`, fill: h.fill, label: `${colour} switch` };
}

// With the memory aid: what an earlier reveal showed in a cell still face down.
function seenNote(ctx, i) {
  const seen = ctx.memoryAid && ctx.memory.seen && ctx.memory.seen[i];
  return seen ? ` (seen before: ${pieceLook(seen).label})` : '';
}

function drawGrid(svg, ctx) {
  const v = ctx.view;
  const legal = new Set(ctx.legal);
  for (let i = 0; i < v.cells; i++) {
    const x = GRID_X + (i % v.columns) * CELL;
    const y = GRID_Y + Math.floor(i / v.columns) * CELL;
    const state = v.grid[i];
    const last = v.last && v.last.cell === i;
    const key = `c:${i}`;
    let g;
    if (last) {
      const look = pieceLook(v.last.piece);
      g = s('g', { 'data-key': key, class: ctx.fresh.some((e) => e.kind === 'flip') ? 'fresh' : '' },
        s('rect', { x: x + 2, y: y + 2, width: CELL - 4, height: CELL - 4, rx: 8, fill: '#fff',
          stroke: '#8a2b06', 'stroke-width': 3, class: 'hot' }),
        token(x + CELL / 2, y + CELL / 2, 16, look));
      if (!ctx.animate) g.removeAttribute('class');
    } else if (state === 'down') {
      const seen = ctx.memoryAid && ctx.memory.seen && ctx.memory.seen[i];
      g = s('g', { 'data-key': key },
        s('rect', { x: x + 2, y: y + 2, width: CELL - 4, height: CELL - 4, rx: 8, fill: '#c9a27e',
          stroke: INK, 'stroke-width': 1, class: legal.has(`flip ${i}`) ? 'hot' : '' }),
        // A piece seen before: its mark top right, big enough to read on a
        // phone, and the cell's number bottom left.
        seen ? s('text', { x: x + 7, y: y + CELL - 6, class: 'small', text: String(i) })
          : s('text', { x: x + CELL / 2, y: y + CELL / 2 + 4, 'text-anchor': 'middle', class: 'label', text: String(i) }),
        seen ? token(x + CELL - 17, y + 17, 14, pieceLook(seen)) : null);
    } else {
      g = s('rect', { x: x + 4, y: y + 4, width: CELL - 8, height: CELL - 8, rx: 8, fill: 'none',
        stroke: '#b5aa9c', 'stroke-dasharray': '3 3' });
    }
    if (state === 'down' && legal.has(`flip ${i}`)) {
      const what = last ? `the ${pieceLook(v.last.piece).label} just put back in cell ${i}` : `face-down piece in cell ${i}${seenNote(ctx, i)}`;
      button(g, `Turn over the ${what}`, () => ctx.act(`flip ${i}`));
    } else if (state === 'down') {
      g.setAttribute('role', 'img');
      g.setAttribute('aria-label', last ? `cell ${i}: the ${pieceLook(v.last.piece).label}, put back face down`
        : `cell ${i}: a face-down piece${seenNote(ctx, i)}`);
    } else if (last) {
      g.setAttribute('role', 'img');
      g.setAttribute('aria-label', `cell ${i}: the ${pieceLook(v.last.piece).label} just turned over`);
    }
    svg.append(g);
  }
}

function wedge(cx, cy, r, a0, a1) {
  const p = (a) => `${(cx + r * Math.cos(a)).toFixed(1)} ${(cy + r * Math.sin(a)).toFixed(1)}`;
  return `M ${cx} ${cy} L ${p(a0)} A ${r} ${r} 0 ${a1 - a0 > Math.PI ? 1 : 0} 1 ${p(a1)} Z`;
}

function drawPizza(svg, ctx, top) {
  const v = ctx.view;
  const legal = new Set(ctx.legal);
  const cx = 200;
  const r = 150;
  const cy = top + r + 30;
  svg.append(s('circle', { cx, cy, r: r + 8, fill: '#f3d7a4', stroke: INK, 'stroke-width': 1.5 }));
  const n = v.slices.length;
  v.slices.forEach((sl, k) => {
    const a0 = -Math.PI / 2 + (k * 2 * Math.PI) / n;
    const a1 = a0 + (2 * Math.PI) / n;
    const mid = (a0 + a1) / 2;
    const handle = HANDLES[sl.colour];
    const holder = sl.seat === null ? 'nobody (a spare slice)' : ctx.name(sl.seat);
    const g = s('g', { 'data-key': `s:${sl.colour}` },
      s('path', { d: wedge(cx, cy, r, a0, a1), fill: '#fff3d6', stroke: INK, 'stroke-width': 1.5,
        class: legal.has(`switch ${sl.colour}`) ? 'hot' : '' }));
    // the handle: the crust's colour tab with its letter
    const hx = cx + (r + 18) * Math.cos(mid);
    const hy = cy + (r + 18) * Math.sin(mid);
    g.append(s('rect', { x: hx - 14, y: hy - 11, width: 28, height: 22, rx: 6, fill: handle.fill, stroke: INK }),
      s('text', { x: hx, y: hy + 5, 'text-anchor': 'middle', class: 'glyph', 'font-size': 13, fill: INK, text: handle.letter }));
    const look = sl.topping ? PIZZA_TOPPINGS[sl.topping] : null;
    for (let t = 0; t < 6; t++) {
      // two rows of three along the slice, from the centre out (tokens
      // big enough for their letters to be read on a phone)
      const rad = 60 + (t % 3) * 32;
      const ang = mid + (t < 3 ? -1 : 1) * Math.min(0.36, Math.PI / n / 2.2) * (72 / rad);
      const tx = cx + rad * Math.cos(ang);
      const ty = cy + rad * Math.sin(ang);
      if (look && t < sl.count) g.append(token(tx, ty, 15, look));
      else g.append(s('circle', { cx: tx, cy: ty, r: 14, fill: 'none', stroke: '#b5aa9c', 'stroke-dasharray': '2 2' }));
    }
    const label = `${handle.label} slice: ${holder}, ${sl.count} of 6${look ? ` ${look.label}` : ', empty'}`;
    if (legal.has(`switch ${sl.colour}`)) button(g, `Swap slices with the ${label}`, () => ctx.act(`switch ${sl.colour}`));
    else { g.setAttribute('role', 'img'); g.setAttribute('aria-label', label); }
    svg.append(g);
    // the holder's name under the pizza
    const ly = cy + r + 40 + k * 16;
    svg.append(s('text', { x: 20, y: ly, class: 'label', text: `${handle.letter} ${handle.label}: ${holder} · ${sl.count}/6 ${look ? look.label : 'empty'}` }));
  });
  return cy + r + 40 + n * 16;
}

export default {
  id: 'pizza',
  title: 'Pizza Party',
  players: [2, 4],
  memoryAid: true,
  blurb: 'Memory: turn over pieces one at a time and fill your slice with six toppings of one kind.',
  options: [
    { key: 'switches', type: 'bool', def: true, label: 'Switch pieces', help: 'Coloured switch pieces swap your slice with another one, toppings and all.' },
    { key: 'extra_slices', type: 'bool', def: true, label: 'Spare slices', help: 'With 2 or 3 players the slices nobody holds stay on the pizza: their toppings block yours and switches can trade with them.' },
    { key: 'kinds', type: 'choice', choices: [4, 3, 2], def: 4, label: 'Topping kinds', help: 'Fewer kinds make a shorter game (needs "Spare slices" off and at most that many players).' },
  ],
  quick: () => ({ game: 'pizza', seats: ['person', 'bot:medium', 'bot:medium'], options: {} }),
  rules: [
    'Everyone has a pizza slice with a coloured handle. The toppings and switch pieces lie face down in a grid.',
    'On your turn, turn over one piece; everybody sees it. A topping goes on your slice when your slice is empty and no other slice has that kind, or when it is the kind your slice already has. Otherwise it goes back face down in the same place: remember where it is!',
    'A switch piece of another colour swaps your slice with that slice. A switch of your own colour lets you choose any other slice to swap with.',
    'The first player to put a sixth topping on their slice wins.',
  ],

  remember(mem, e) {
    const m = /turned over cell (\d+): (.+)$/.exec(e.text);
    if (e.kind === 'flip' && m) (mem.seen = mem.seen || {})[Number(m[1])] = m[2];
  },

  render(ctx) {
    const v = ctx.view;
    const rows = Math.ceil(v.cells / v.columns);
    const top = GRID_Y + rows * CELL + 30;
    const svg = s('svg', { role: 'group',
      'aria-label': 'the Pizza Party table' });
    svg.append(s('title', { text: 'Pizza Party: the grid of face-down pieces above, the pizza below' }));
    drawGrid(svg, ctx);
    svg.setAttribute('viewBox', `0 0 400 ${drawPizza(svg, ctx, top) + 8}`);
    return svg;
  },

  score(ctx, i) {
    const sl = ctx.view.slices.find((x) => x.seat === i);
    return sl ? `${sl.count} of 6 on the ${sl.colour} slice` : 'no slice';
  },

  status(ctx) {
    const v = ctx.view;
    if (ctx.mine && v.phase === 'switch') return 'You turned over your own colour: pick a slice to swap with.';
    if (ctx.mine) return 'Your turn: turn over a face-down piece (click it, or Tab to it and press Enter).';
    const who = ctx.name(v.to_move);
    return v.phase === 'switch' ? `${who} is choosing a slice to swap with.` : `${who} is turning over a piece.`;
  },

  actions(ctx) {
    return ctx.legal.filter((a) => a.startsWith('switch ')).map((a) => ({
      action: a, label: `Swap with the ${a.slice(7)} slice`, primary: true }));
  },
};
