// passfood.js: Pass the Party Food's table: the score track with the pawns,
// Ziggy behind them, the lucky dips and the cake; the plates as the food is
// passed; every board with its columns and rows; the tokens left.
import { s, button } from '../dom.js';
import { PARTY_FOODS, INK, SEAT_FILLS, tile } from '../pieces.js';
import { use } from '../draw.js';

const PER_ROW = 16;
// What the tokens do, for the turn line that offers them.
const TOKENS = 'a swap trades one of your tiles for a friend\'s, a take grabs a tile back from Ziggy';
const STEP = 23.5;
// The first row of spaces, low enough for three rows of pawns above it.
const TRACK_Y = 58;

function spaceAt(i) {
  const row = Math.floor(i / PER_ROW);
  const col = i % PER_ROW;
  const x = 20 + (row % 2 === 0 ? col : PER_ROW - 1 - col) * STEP;
  return [x, TRACK_Y + row * 42];
}

function drawTrack(svg, ctx) {
  const v = ctx.view;
  const n = v.numbers;
  const dips = new Set(n.lucky_dips);
  for (let i = 0; i <= n.cake; i++) {
    const [x, y] = spaceAt(i);
    if (i < n.cake) {
      const [nx, ny] = spaceAt(i + 1);
      svg.append(s('line', { x1: x, y1: y, x2: nx, y2: ny, stroke: '#b5aa9c', 'stroke-width': 2 }));
    }
  }
  for (let i = 0; i <= n.cake; i++) {
    const [x, y] = spaceAt(i);
    if (i === n.cake) {
      // The cake, drawn within its own space (the spaces are STEP apart).
      svg.append(s('g', { role: 'img', 'aria-label': `space ${i}: the birthday cake` },
        use('passfood-cake', x - 11, y - 14, 22)));
    } else {
      svg.append(s('circle', { cx: x, cy: y, r: 9, fill: dips.has(i) ? '#ffe082' : '#fff', stroke: INK }),
        s('text', { x, y: y + 4, 'text-anchor': 'middle', class: 'small', text: dips.has(i) ? '*' : String(i) }));
    }
  }
  // pawns: Ziggy (Z) and each player's number; pawns sharing a space stand
  // two by two above it, so every number shows
  const count = {};
  [v.ziggy, ...v.players].forEach((p) => { count[p.pos] = (count[p.pos] || 0) + 1; });
  const here = {};
  const moved = ctx.memory.pawns || {};
  const now = {};
  const pawn = (id, pos, look, label) => {
    const k = (here[pos] = (here[pos] || 0) + 1) - 1;
    const [x, y] = spaceAt(pos);
    now[id] = pos;
    const dx = count[pos] > 1 ? (k % 2) * 14 - 7 : 0;
    const hop = ctx.animate && moved[id] !== undefined && moved[id] !== pos ? 'fresh' : null;
    svg.append(s('g', { role: 'img', 'aria-label': label, class: hop }, s('g', { transform: `translate(${x + dx} ${y - 16 - Math.floor(k / 2) * 14})` },
      s('circle', { r: 7, fill: look.fill, stroke: INK, 'stroke-width': 1.2 }),
      s('text', { y: 4, 'text-anchor': 'middle', class: 'small', text: look.letter }))));
  };
  pawn('z', v.ziggy.pos, { fill: '#bcaaa4', letter: 'Z' }, `Ziggy the dog on space ${v.ziggy.pos}`);
  v.players.forEach((p) => pawn(p.seat, p.pos, { fill: SEAT_FILLS[p.seat], letter: String(p.seat + 1) },
    `${ctx.name(p.seat)}'s pawn on ${p.on_cake ? 'the cake' : `space ${p.pos}`}`));
  ctx.memory.pawns = now;
}

function plateTarget(v, plate) {
  const a = v.active;
  const n = v.players.length;
  if (plate === 'centre') return a;
  if (plate === 'x') return -1;
  if (plate === 'left') return (a + 1) % n;
  return (a + n - 1) % n;
}

function drawPlates(svg, ctx, top) {
  const v = ctx.view;
  const legal = new Set(ctx.legal);
  const plates = Object.keys(v.plates);
  svg.append(s('text', { x: 10, y: top + 10, class: 'label', text: `Turn ${v.turn}: ${ctx.name(v.active)}'s plates` }));
  if (v.drawn) {
    svg.append(s('text', { x: 300, y: top + 10, class: 'label', text: 'drawn:' }),
      tile(345, top - 8, 26, PARTY_FOODS[v.drawn], { role: 'img', 'aria-label': `drawn tile: ${v.drawn}` }));
  }
  plates.forEach((p, k) => {
    // 110 apart: the names under them do not run into each other
    const x = 50 + k * 110;
    const y = top + 48;
    const food = v.plates[p];
    const to = plateTarget(v, p);
    const g = s('g', { 'data-key': `pl:${p}`, class: food && ctx.animate && ctx.fresh.some((e) => e.kind === 'plate') ? 'fresh' : null },
      s('ellipse', { cx: x, cy: y, rx: 36, ry: 20, fill: '#fff', stroke: INK, 'stroke-width': 1.5,
        class: legal.has(`plate ${p}`) ? 'hot' : '' }));
    if (food) g.append(tile(x - 13, y - 13, 26, PARTY_FOODS[food]));
    g.append(s('text', { x, y: y + 32, 'text-anchor': 'middle', class: 'small', text: p === 'x' ? 'X space' : `${p} plate` }),
      s('text', { x, y: y + 45, 'text-anchor': 'middle', class: 'small',
        text: `→ ${to < 0 ? 'discard' : ctx.name(to).slice(0, 13)}` }));
    const label = `the ${p === 'x' ? 'X space' : `${p} plate`} (goes to ${to < 0 ? 'the discard pile' : ctx.name(to)})${food ? `: ${food}` : ', empty'}`;
    if (legal.has(`plate ${p}`)) button(g, `Put the ${v.drawn} on ${label}`, () => ctx.act(`plate ${p}`));
    else { g.setAttribute('role', 'img'); g.setAttribute('aria-label', label); }
    svg.append(g);
  });
}

function drawBoard(svg, ctx, x, y, who, board, rows, opts) {
  const v = ctx.view;
  const legal = new Set(ctx.legal);
  const C = 22;
  svg.append(s('text', { x, y: y - 4, class: 'label', text: opts.title }));
  v.foods.forEach((food, c) => {
    const look = PARTY_FOODS[food];
    const colAction = opts.colAction && opts.colAction(food);
    const hot = colAction && legal.has(colAction);
    svg.append(s('rect', { x: x + c * C, y, width: C - 1, height: rows * C, fill: '#fafafa', stroke: '#9e9e9e' }));
    for (let r = 0; r < rows; r++) {
      if (r < board[c]) svg.append(tile(x + c * C + 1, y + r * C + 1, C - 3, look));
      else svg.append(s('text', { x: x + c * C + C / 2, y: y + r * C + 15, 'text-anchor': 'middle', class: 'small', fill: '#6d6d6d', text: look.letter.toLowerCase() }));
    }
    // The column itself, over its tiles: a picture, or a button when it may be chosen.
    const g = s('g', { 'data-key': `b:${who}:${food}` },
      s('rect', { x: x + c * C, y, width: C - 1, height: rows * C, fill: 'transparent', stroke: hot ? '#0b57d0' : 'none', class: hot ? 'hot' : '' }));
    const label = `${opts.owner}'s ${food} column: ${board[c]} of ${rows}`;
    if (hot) button(g, `${opts.colVerb} ${label}`, () => ctx.act(colAction));
    else { g.setAttribute('role', 'img'); g.setAttribute('aria-label', label); }
    svg.append(g);
  });
  (opts.footer || []).forEach((line, k) => svg.append(s('text', { x, y: y + rows * C + 14 + k * 13, class: 'small', text: line })));
}

export default {
  id: 'passfood',

  draw(ctx) {
    const v = ctx.view;
    const rowsOfTrack = Math.ceil((v.numbers.cake + 1) / PER_ROW);
    const top = TRACK_Y + rowsOfTrack * 42;
    const boardsTop = top + 120;
    const n = v.players.length + 1;
    const perRow = 3;
    const height = boardsTop + Math.ceil(n / perRow) * 140 + 10;
    const svg = s('svg', { viewBox: `0 0 400 ${height}`, role: 'group', 'aria-label': 'the Pass the Party Food table' });
    svg.append(s('title', { text: 'The score track, the plates and every board' }));
    drawTrack(svg, ctx);
    drawPlates(svg, ctx, top);
    const zig = v.ziggy;
    drawBoard(svg, ctx, 8, boardsTop, 'z', zig.board, 3, {
      title: 'Ziggy (Z)', owner: 'Ziggy',
      colAction: (f) => (ctx.legal.includes(`take ziggy ${f}`) ? `take ziggy ${f}` : `ziggy scores column ${f}`),
      colVerb: 'Choose', footer: [`bag ${v.bag.count}`, `discard ${v.discard.reduce((a, b) => a + b, 0)}`] });
    v.players.forEach((p, k) => {
      const slot = k + 1;
      drawBoard(svg, ctx, 8 + (slot % perRow) * 130, boardsTop + Math.floor(slot / perRow) * 140, `p${p.seat}`, p.board, 4, {
        title: `${p.seat + 1}. ${ctx.name(p.seat).slice(0, 13)}`, owner: ctx.name(p.seat),
        colAction: p.seat === ctx.seat ? (f) => `score column ${f}` : null, colVerb: 'Score',
        footer: [`swap ${p.swaps} · take ${p.takes}`, p.on_cake ? 'on the cake' : `space ${p.pos}`] });
    });
    return svg;
  },

  seat(ctx, i) {
    const p = ctx.view.players[i];
    return { score: p.on_cake ? 'on the cake' : `space ${p.pos}`, more: `swap tokens ${p.swaps} · take tokens ${p.takes}` };
  },

  end(ctx) {
    const v = ctx.view;
    const why = { caught: 'Ziggy caught a pawn', ziggy_cake: 'Ziggy reached the cake first',
      turn_limit: 'the party went on too long', all_on_cake: 'every pawn is on the cake' }[v.reason] || '';
    return { headline: v.result === 'won' ? `You all win: ${why}!` : `Ziggy wins: ${why}.` };
  },

  status(ctx) {
    const v = ctx.view;
    if (ctx.over) return v.result === 'won' ? 'Everyone reached the cake: you all win!' : 'Ziggy won this time.';
    if (ctx.mine) {
      if (v.phase === 'answer') return `${ctx.name(v.swap.from)} offers you a ${v.swap.food}: give a tile back, or decline.`;
      if (v.phase === 'plate') return `Put the ${v.drawn} on a plate.`;
      if (v.phase === 'ziggy') return 'Ziggy has more than one set: choose which one he scores.';
      if (v.phase === 'score') {
        return ctx.legal.some((a) => a.startsWith('score'))
          ? 'You may score one set (or carry on).' : `No set to score yet: use a token (${TOKENS}), or carry on.`;
      }
      return `You may use a token (${TOKENS}), or carry on.`;
    }
    return `${ctx.name(ctx.toAct[0] ?? v.active)} is playing.`;
  },

  choices(ctx) {
    const v = ctx.view;
    return ctx.legal.map((a) => {
      let label = a;
      let m;
      if (a === 'carry on') label = 'Carry on';
      else if ((m = /^plate (.+)$/.exec(a))) label = `${m[1] === 'x' ? 'X space' : `${m[1]} plate`} (to ${plateTarget(v, m[1]) < 0 ? 'discard' : ctx.name(plateTarget(v, m[1]))})`;
      else if ((m = /^score column (.+)$/.exec(a))) label = `Score your ${m[1]} column`;
      else if ((m = /^score row (\d)$/.exec(a))) label = `Score your row ${m[1]}`;
      else if ((m = /^ziggy scores column (.+)$/.exec(a))) label = `Ziggy scores his ${m[1]} column`;
      else if ((m = /^ziggy scores row (\d)$/.exec(a))) label = `Ziggy scores his row ${m[1]}`;
      else if ((m = /^take ziggy (.+)$/.exec(a))) label = `Take Ziggy's ${m[1]}`;
      else if ((m = /^swap give (.+) to (\d)$/.exec(a))) label = `Offer your ${m[1]} to ${ctx.name(Number(m[2]) - 1)}`; // seats from 1
      else if ((m = /^swap answer give (.+)$/.exec(a))) label = `Give back a ${m[1]}`;
      else if (a === 'swap decline') label = 'Decline the swap';
      return { action: a, label, primary: a.startsWith('plate') || a.startsWith('score') };
    });
  },
};
