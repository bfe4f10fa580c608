// pakupaku.js: Paku Paku's table in real time: every seat's dice, the
// pandas passed along, the tableware tower drawn to scale (leaning as it
// leans, falling when it falls) and the piece swinging above it until the
// player drops it.
import { s } from '../dom.js';
import { DIE_FACES, INK, SEAT_FILLS, tile } from '../pieces.js';

const PIECES = {
  plate: { w: 20, h: 2, fill: '#e3f2fd', letter: 'P' },
  bowl: { w: 14, h: 6, fill: '#ffe0b2', letter: 'B' },
  cup: { w: 8, h: 9, fill: '#f8bbd0', letter: 'C' },
};
const UNIT = 2.6;
const TOWER_X = 290;
const ROW = 40;

// "1 penalty point", "3 penalty points".
function points(n) {
  return `${n} penalty ${n === 1 ? 'point' : 'points'}`;
}

// A name that ends before the row's dice (at most 9 letters).
function short(name) {
  return name.length > 9 ? `${name.slice(0, 8)}…` : name;
}

// The line under a seat's name: its points towards the limit and, while the
// game is on, how long its hands stay busy; at the end, just its points.
function penaltyLine(ctx, i) {
  const v = ctx.view;
  if (ctx.over) return points(v.penalties[i]);
  const left = ctx.busyLeft(i);
  return `penalty ${v.penalties[i]}/${v.limit}${left > 0 ? ` · busy ${(left / 1000).toFixed(1)} s` : ''}`;
}

function towerHeight(tower) {
  return tower.reduce((a, p) => a + PIECES[p.piece].h, 0);
}

function drawPiece(g, piece, at, bottom, extra = {}) {
  const look = PIECES[piece];
  const w = look.w * UNIT;
  const hgt = look.h * UNIT;
  const x = TOWER_X + at * UNIT - w / 2;
  const y = bottom - hgt;
  g.append(s('g', extra,
    s('rect', { x, y, width: w, height: hgt, rx: Math.min(4, hgt / 2), fill: look.fill, stroke: INK, 'stroke-width': 1 }),
    hgt >= 12 ? s('text', { x: x + w / 2, y: y + hgt / 2 + 4, 'text-anchor': 'middle', class: 'small', text: look.letter }) : null));
  return y;
}

function drawTower(svg, ctx, mat) {
  const v = ctx.view;
  const g = s('g', { role: 'img', 'aria-label': v.tower.length
    ? `the tower: ${v.tower.length} pieces, ${v.tower.map((p) => `${p.piece} at ${p.at.toFixed(1)}`).join(', ')}`
    : 'the tower: no pieces yet' });
  g.append(s('line', { x1: TOWER_X - 90, y1: mat, x2: TOWER_X + 90, y2: mat, stroke: INK, 'stroke-width': 3 }),
    s('text', { x: TOWER_X - 88, y: mat + 14, class: 'small', text: 'the mat' }));
  let bottom = mat;
  const collapsed = ctx.fresh.some((e) => e.kind === 'collapse');
  // A tower that just fell: the pieces it had, falling.
  const fallen = collapsed && ctx.animate && ctx.memory.lastTower ? ctx.memory.lastTower : null;
  const list = fallen || v.tower;
  list.forEach((p, i) => {
    bottom = drawPiece(g, p.piece, p.at, bottom, fallen ? { class: 'falling' }
      : i === list.length - 1 && ctx.fresh.some((e) => e.kind === 'stack') && ctx.animate ? { class: 'fresh' } : {});
  });
  ctx.memory.lastTower = v.tower;
  // the piece swinging above the top, while this player's meter runs
  const top = v.tower.length ? v.tower[v.tower.length - 1].at : 0;
  const swing = s('g', { id: 'swing', 'data-top': top, visibility: 'hidden' });
  // where to drop it: over the top piece's centre
  swing.append(s('line', { x1: TOWER_X + top * UNIT, x2: TOWER_X + top * UNIT, y1: bottom - 40, y2: bottom,
    stroke: '#8a2b06', 'stroke-width': 1.5, 'stroke-dasharray': '4 3' }));
  const piece = s('g', { class: 'swinging' });
  swing.append(piece);
  drawPiece(piece, ctx.swingPiece || 'cup', top, bottom - 14);
  g.append(swing);
  svg.append(g);
  const sup = v.supply;
  svg.append(s('text', { x: TOWER_X - 100, y: mat + 28, class: 'small', text: `left: plates ${sup.plate} · bowls ${sup.bowl} · cups ${sup.cup}` }));
}

function drawSeats(svg, ctx) {
  const v = ctx.view;
  const n = v.penalties.length;
  for (let i = 0; i < n; i++) {
    const y = 40 + i * ROW;
    const dice = v.dice.filter((d) => d.seat === i);
    const acting = ctx.toAct.includes(i);
    const g = s('g', { role: 'img', 'aria-label': `${ctx.name(i)}: ${dice.length} dice (${dice.map((d) => (d.waiting ? 'dish waiting' : DIE_FACES[d.face].label)).join(', ') || 'none'}), ${points(v.penalties[i])}` });
    g.append(s('rect', { x: 4, y: y - 19, width: 196, height: ROW - 3, rx: 6, fill: i === ctx.seat ? '#fff3e0' : '#fafafa', stroke: acting ? INK : '#bdbdbd' }),
      s('circle', { cx: 16, cy: y - 1, r: 8, fill: SEAT_FILLS[i], stroke: INK }),
      s('text', { x: 16, y: y + 3, 'text-anchor': 'middle', class: 'small', text: String(i + 1) }),
      s('text', { x: 28, y: y - 3, class: 'label', text: short(i === ctx.seat ? 'you' : ctx.names[i]) }),
      s('text', { x: 28, y: y + 14, class: 'small', text: penaltyLine(ctx, i), 'data-busy': i }));
    // The dice of a seat that just rolled, and of its neighbour that got its pandas, pop.
    const rolled = ctx.animate && ctx.fresh.some((e) => e.kind === 'roll' && (e.seat === i || (e.seat + 1) % n === i));
    dice.forEach((d, k) => {
      const look = d.waiting ? { ...DIE_FACES.D, fill: '#ffab91' } : DIE_FACES[d.face];
      g.append(tile(108 + k * 19, y - 17, 18, look, rolled ? { class: 'fresh' } : {}));
    });
    svg.append(g);
  }
}

function stackable(ctx) {
  const kinds = [];
  for (const a of ctx.legal) {
    const m = /^stack (plate|bowl|cup) /.exec(a);
    if (m && !kinds.includes(m[1])) kinds.push(m[1]);
  }
  return kinds;
}

export default {
  id: 'pakupaku',
  live(board, ctx) {
    board.querySelectorAll('[data-busy]').forEach((el) => {
      el.textContent = penaltyLine(ctx, Number(el.getAttribute('data-busy')));
    });
  },

  draw(ctx) {
    const v = ctx.view;
    const n = v.penalties.length;
    const th = towerHeight(v.tower) * UNIT;
    const height = Math.max(50 + n * ROW, th + 150, 260);
    const svg = s('svg', { viewBox: `0 0 400 ${height}`, role: 'group', 'aria-label': 'the Paku Paku table' });
    svg.append(s('title', { text: 'Every player\'s dice on the left, the tableware tower on the right' }),
      s('text', { x: 4, y: 12, class: 'label', text: `Round ${v.round}${v.phase === 'duel' ? ' · duel!' : ''} · too many dice: ${v.threshold}` }));
    drawSeats(svg, ctx);
    drawTower(svg, ctx, height - 40);
    return svg;
  },

  seat(ctx, i) { return { score: points(ctx.view.penalties[i]) }; },

  status(ctx) {
    const v = ctx.view;
    if (ctx.seat < 0) return 'Everyone rolls at once.';
    if (v.phase === 'duel') return ctx.mine ? 'Duel: stack a piece without toppling the tower!' : 'A duel on a fresh tower decides the tie.';
    const mine = v.dice.filter((d) => d.seat === ctx.seat);
    const waiting = mine.filter((d) => d.waiting).length;
    if (!mine.length) return 'You hold no dice: wait for a panda to come your way.';
    if (waiting) return `A dish: stack a piece on the tower to free ${waiting > 1 ? 'your dice' : 'your die'}${mine.length > waiting ? ', or roll the others' : ''}.`;
    return `Roll! You hold ${mine.length} ${mine.length > 1 ? 'dice' : 'die'}; ${v.threshold} is too many.`;
  },

  choices(ctx) {
    const out = [];
    const later = (fn) => () => {
      const wait = ctx.busyLeft(ctx.seat);
      if (wait > 0) setTimeout(fn, wait + 150); else fn();
    };
    if (ctx.legal.includes('roll')) out.push({ action: 'roll', label: 'Roll', key: 'r', primary: true, run: later(() => ctx.act('roll')) });
    for (const k of stackable(ctx)) {
      out.push({ action: `stack ${k}`, label: `Stack a ${k}`, key: k[0], primary: ctx.view.phase === 'duel',
        run: later(() => { ctx.memory.swingPiece = k; ctx.meter('swing', `stack ${k}`); }) });
    }
    return out;
  },

  meterFrame(board, kind, x) {
    const swing = board.querySelector('#swing');
    if (!swing) return;
    swing.setAttribute('visibility', 'visible');
    swing.querySelector('.swinging').setAttribute('transform', `translate(${(x * UNIT).toFixed(1)} 0)`);
  },
};
