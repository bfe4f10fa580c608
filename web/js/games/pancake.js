// pancake.js: Yummy Yummy Pancake's table: the pan with its face-up and
// face-down pancakes, the flick meter, the pancakes left on the table and
// every player's pile.
import { s, button } from '../dom.js';
import { PANCAKES, INK, SEAT_FILLS, token } from '../pieces.js';

const ORDER = ['strawberry', 'kiwi', 'banana', 'blueberry', 'chocolate'];
const DOWN = { letter: '?', fill: '#a1887f', label: 'face-down pancake' };

function drawPan(svg, ctx) {
  const v = ctx.view;
  const legal = new Set(ctx.legal);
  const cx = 160;
  const cy = 125;
  // the handle, then the pan
  svg.append(s('rect', { x: 10, y: cy - 9, width: 60, height: 18, rx: 9, fill: '#5d4037', stroke: INK }),
    s('circle', { cx, cy, r: 100, fill: '#616161', stroke: INK, 'stroke-width': 2 }),
    s('circle', { cx, cy, r: 90, fill: '#9e9e9e' }));
  const up = [];
  ORDER.forEach((t) => { for (let i = 0; i < (v.pan_up[t] || 0); i++) up.push(t); });
  const total = up.length + v.face_down;
  let k = 0;
  const spot = () => {
    const ring = k < 7 ? 62 : 0;
    const ang = (k * 2 * Math.PI) / Math.min(Math.max(total, 1), 7) - Math.PI / 2;
    k++;
    return [cx + ring * Math.cos(ang), cy + ring * Math.sin(ang)];
  };
  // A fresh pan (a draw) or a toss: the pancakes land again.
  const landed = ctx.animate && ctx.fresh.some((e) => e.kind === 'draw' || e.kind === 'toss') ? 'fresh' : null;
  for (const t of up) {
    const [x, y] = spot();
    const g = token(x, y, 22, PANCAKES[t], { role: 'img', class: landed,
      'aria-label': `face-up ${t} pancake` });
    svg.append(g);
  }
  const pick = legal.has('pick');
  for (let i = 0; i < v.face_down; i++) {
    const [x, y] = spot();
    const g = token(x, y, 22, DOWN, { 'data-key': `d:${i}`, class: landed });
    if (pick) {
      g.querySelector('circle').setAttribute('class', 'hot');
      button(g, `Pick face-down pancake ${i + 1} of ${v.face_down} and look at it`, () => ctx.act('pick'));
    } else {
      g.setAttribute('role', 'img');
      g.setAttribute('aria-label', 'a face-down pancake');
    }
    svg.append(g);
  }
  if (v.picked) {
    const look = v.peek ? { ...PANCAKES[v.peek] } : { ...DOWN };
    svg.append(s('text', { x: 285, y: 60, class: 'label', text: v.peek ? 'You peeked:' : 'Picked:' }),
      token(310, 90, 22, look, { role: 'img', 'aria-label': v.peek ? `the picked pancake: ${v.peek} (only you know)` : 'the picked pancake, face down' }));
  }
  if (v.bonus) {
    svg.append(s('text', { x: 285, y: 140, class: 'label', text: 'Your bonus:' }),
      token(310, 168, 18, PANCAKES[v.bonus], { role: 'img', 'aria-label': `your secret bonus pancake: ${v.bonus}` }));
  }
  svg.append(s('text', { x: 20, y: 246, class: 'label', text: `Face down in the pan: ${v.face_down} · on the table: ${v.table} to draw` }));
  if (v.memory_aid) {
    const went = ORDER.filter((t) => v.public_down[t]).map((t) => `${v.public_down[t]} ${PANCAKES[t].letter}`).join(', ');
    svg.append(s('text', { x: 20, y: 264, class: 'label', text: `Memory aid: face down this turn: ${went || 'none'}` }));
  }
}

// The action that asks seat i: action names count seats from 1.
function askSeat(i) {
  return `ask ${i + 1}`;
}

function drawPiles(svg, ctx, top) {
  const v = ctx.view;
  const legal = new Set(ctx.legal);
  const w = 380 / v.seats;
  v.piles.forEach((n, i) => {
    const x = 10 + i * w;
    const role = i === v.chef ? 'chef' : i === v.guesser && v.phase === 'guess' ? 'guessing' : '';
    const grew = ctx.animate && ctx.memory.piles && ctx.memory.piles[i] < n;
    const g = s('g', { 'data-key': `p:${i}`, class: grew ? 'grew' : null });
    g.append(s('rect', { x: x + 2, y: top, width: w - 4, height: 100, rx: 8, fill: i === v.chef ? '#fff3e0' : '#fafafa',
      stroke: INK, class: legal.has(askSeat(i)) ? 'hot' : '' }));
    for (let c = 0; c < Math.min(n, 12); c++)
      g.append(s('ellipse', { cx: x + w / 2, cy: top + 88 - c * 3.6, rx: 18, ry: 5, fill: '#d7a86e', stroke: INK, 'stroke-width': 0.6 }));
    g.append(s('circle', { cx: x + 14, cy: top + 14, r: 8, fill: SEAT_FILLS[i], stroke: INK }),
      s('text', { x: x + 14, y: top + 18, 'text-anchor': 'middle', class: 'small', text: String(i + 1) }),
      s('text', { x: x + 26, y: top + 18, class: 'label', text: ctx.name(i).slice(0, Math.floor((w - 30) / 7.5)) }),
      s('text', { x: x + 10, y: top + 34, class: 'small', text: `${n}/12` }),
      role ? s('text', { x: x + 10, y: top + 48, class: 'small', text: role }) : null);
    const label = `${ctx.name(i)}: ${n} of 12 pancakes${i === v.chef ? ', the chef' : ''}`;
    if (legal.has(askSeat(i))) button(g, `Ask ${label}`, () => ctx.act(askSeat(i)));
    else { g.setAttribute('role', 'img'); g.setAttribute('aria-label', label); }
    svg.append(g);
  });
  ctx.memory.piles = v.piles.slice();
}

export default {
  id: 'pancake',

  draw(ctx) {
    const svg = s('svg', { viewBox: '0 0 400 400', role: 'group', 'aria-label': 'the Yummy Yummy Pancake table' });
    svg.append(s('title', { text: 'The pan with its pancakes, and every player\'s pile' }));
    drawPan(svg, ctx);
    drawPiles(svg, ctx, 285);
    return svg;
  },

  seat(ctx, i) { return { score: `${ctx.view.piles[i]} ${ctx.view.piles[i] === 1 ? 'pancake' : 'pancakes'}` }; },

  status(ctx) {
    const v = ctx.view;
    const chef = ctx.name(v.chef);
    if (ctx.mine) {
      if (v.phase === 'toss') return 'You are the chef: flick the pan (the meter decides how strong).';
      if (v.phase === 'share') return v.shared ? 'Pick another face-down pancake to share, or stop.' : 'Pick a face-down pancake and look at it.';
      if (v.phase === 'ask') return `You peeked: ${v.peek}. Ask another player what it is.`;
      if (v.phase === 'guess') return `${chef} asks you: what topping is the picked pancake?`;
    }
    if (v.phase === 'guess') return `${ctx.name(v.guesser)} is guessing the topping.`;
    return `${chef} is the chef.`;
  },

  choices(ctx) {
    const out = [];
    for (const a of ctx.legal) {
      if (a.startsWith('toss') && !out.some((o) => o.label.startsWith('Flick'))) {
        out.push({ label: 'Flick the pan', primary: true, action: 'toss', run: () => ctx.meter('toss', 'toss') });
      } else if (a === 'pick') out.push({ action: a, label: 'Pick a pancake and look', primary: true });
      else if (a === 'stop') out.push({ action: a, label: 'Stop sharing' });
      else if (a.startsWith('ask ')) out.push({ action: a, label: `Ask ${ctx.name(Number(a.slice(4)) - 1)}` });
      else if (a.startsWith('guess ')) {
        const t = a.slice(6);
        out.push({ action: a, label: `${PANCAKES[t].letter} · ${t}`, primary: true });
      }
    }
    return out;
  },
};
