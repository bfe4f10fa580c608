// passfood.js: Pass the Party Food's table (docs/web.md, "A game's module"):
// the score track with every pawn and Ziggy the dog (the spaces he has
// covered shaded, so his catching up shows), the lucky dips and the cake;
// the bag, the tile drawn, the plates with who gets each, the discard pile;
// Ziggy's board and every player's board, the person's own drawn bigger,
// each column a food (its letter over it, its points under it, each row's
// at its end), the tokens left. The tokens are two-step choices: a token's
// button says what it does, then the board's columns (and, for a swap, the
// friends' boards) are the choices. Every step moves (passfood_motion.js).
import { s, button } from '../dom.js';
import { ART, PARTY_FOOD } from '../art.js';
import { use, badge, INK } from '../draw.js';
import * as L from './passfood_layout.js';
import { play } from './passfood_motion.js';

// The pawns' colours (each pawn also carries its seat's number).
const PAWN_COLOURS = ['#e5533d', '#3f86d6', '#4cae5b', '#f2b705'];
const HOT = '#0b57d0';
const PLURAL = { snake: 'snakes', biscuit: 'biscuits', 'fairy bread': 'fairy bread', pikelet: 'pikelets',
  lamington: 'lamingtons' };
// What the tokens do, whenever the turn line offers them.
const TOKENS = 'a swap trades one of your tiles for a friend\'s, a take grabs a tile back from Ziggy';

const artOf = (food) => PARTY_FOOD[food];
const letterOf = (food) => ART[artOf(food)].letter;
const many = (n, food) => `${n} ${n === 1 ? food : PLURAL[food]}`;

// ---- the person's choices, read from the legal actions -----------------------

function parse(legal) {
  const c = { carry: false, plates: [], scoreCol: [], scoreRow: [], zCol: [], zRow: [], take: [], swap: {},
    answer: [], decline: false };
  for (const a of legal) {
    let m;
    if (a === 'carry on') c.carry = true;
    else if (a === 'swap decline') c.decline = true;
    else if ((m = /^plate (\w+)$/.exec(a))) c.plates.push(m[1]);
    else if ((m = /^score column (.+)$/.exec(a))) c.scoreCol.push(m[1]);
    else if ((m = /^score row (\d)$/.exec(a))) c.scoreRow.push(Number(m[1]));
    else if ((m = /^ziggy scores column (.+)$/.exec(a))) c.zCol.push(m[1]);
    else if ((m = /^ziggy scores row (\d)$/.exec(a))) c.zRow.push(Number(m[1]));
    else if ((m = /^take ziggy (.+)$/.exec(a))) c.take.push(m[1]);
    // the seat in an action's name counts from 1
    else if ((m = /^swap give (.+) to (\d)$/.exec(a))) (c.swap[m[1]] = c.swap[m[1]] || []).push(Number(m[2]) - 1);
    else if ((m = /^swap answer give (.+)$/.exec(a))) c.answer.push(m[1]);
  }
  return c;
}

// A token's choice in two steps (which tile, then to whom) is the page's
// own: kept in the page's memory for the state it was made in, and
// forgotten when the state changes.
function modeOf(ctx) {
  const mem = ctx.memory ? (ctx.memory.passfood = ctx.memory.passfood || {}) : {};
  const key = ctx.view && `${ctx.view.turn}:${ctx.view.phase}:${(ctx.legal || []).join('|')}`;
  if (mem.key !== key) { mem.key = key; mem.mode = null; mem.food = null; }
  return mem;
}

function setMode(ctx, mode, food = null) {
  const mem = modeOf(ctx);
  mem.mode = mode;
  mem.food = food;
  if (ctx.redraw) ctx.redraw();
}

function choicesOf(ctx) {
  const c = parse(ctx.legal || []);
  const mem = modeOf(ctx);
  c.mode = mem.mode;
  c.food = mem.food;
  return c;
}

// Whether Ziggy's board is where the person chooses now.
function ziggyChoice(c) {
  return c.zCol.length > 0 || c.zRow.length > 0 || c.mode === 'take';
}

export function layout(ctx) {
  const a = L.arrange(ctx, L.bigBoards(ctx, ziggyChoice(choicesOf(ctx))));
  // Once the game is over nothing is chosen on the person's board: where the
  // end's panel leaves too little room for the table's least text, the board
  // is drawn as the others are, or on a phone not at all (the end lists what
  // every seat did).
  return a.squeezed && ctx.over && a.big.length ? L.arrange(ctx, []) : a;
}

// ---- facts of the view ------------------------------------------------------------

function plateTarget(v, plate) {
  const a = v.active;
  const n = v.players.length;
  if (plate === 'centre') return a;
  if (plate === 'x') return -1;
  if (plate === 'left') return (a + 1) % n;
  return (a + n - 1) % n;
}

// Ziggy's complete sets now (he scores one at his step 2).
function ziggySets(v) {
  const b = v.ziggy.board;
  return b.filter((n) => n >= 3).length + [1, 2, 3].filter((k) => b.every((n) => n >= k)).length;
}

// How far Ziggy is behind a player (negative: level or ahead: caught at the
// end of that player's own turn).
function lead(v, i) {
  return v.players[i].pos - v.ziggy.pos;
}

function leadText(v, i) {
  const p = v.players[i];
  if (p.on_cake) return 'on the cake';
  const d = lead(v, i);
  if (d > 0) return `Ziggy ${d} behind`;
  return d === 0 ? 'Ziggy level with it!' : `Ziggy ${-d} ahead!`;
}

// ---- drawing --------------------------------------------------------------------

function text(x, y, str, fs, attrs = {}) {
  return s('text', { x, y, 'font-size': fs, fill: INK, text: str, ...attrs });
}

// A name cut to fit `room` units at font size fs.
function fitName(name, room, fs) {
  const most = Math.max(3, Math.floor(room / (fs * 0.58)));
  return name.length <= most ? name : `${name.slice(0, most - 1)}…`;
}

// A board's space, empty (the look of the sprite's passfood-cell).
function space(x, y, k) {
  return s('rect', { x: x + k * 0.06, y: y + k * 0.06, width: k * 0.88, height: k * 0.88, rx: k * 0.16,
    fill: '#fbf5e9', stroke: '#c9b99c', 'stroke-width': Math.max(1, k * 0.03), 'stroke-dasharray': `${k * 0.09} ${k * 0.08}`,
    'aria-hidden': 'true' });
}

// A tile: its drawing, named by its column (tiles are aria-hidden parts of it).
function tile(id, food, x, y, size) {
  return s('g', { class: 'piece', 'data-piece': id, 'data-art': artOf(food), 'aria-hidden': 'true' },
    use(artOf(food), x, y, size));
}

function drawTrack(svg, ctx, a) {
  const v = ctx.view;
  const t = a.geo.track;
  const n = v.numbers;
  const fs = a.fs;
  const dips = new Set(n.lucky_dips);
  const who = v.players.map((p) => `${ctx.name(p.seat)} ${p.on_cake ? 'on the cake' : `on ${p.pos}`}`);
  const g = s('g', { 'data-piece': 'track', role: 'img', 'aria-label': `The score track: spaces 0 to ${n.cake - 1}, `
    + `lucky dips (*) on ${n.lucky_dips.join(', ')}, the birthday cake on ${n.cake}. Ziggy is on ${v.ziggy.pos}`
    + `${v.ziggy.pos > 0 ? ` (the shaded spaces are behind him)` : ''}; ${who.join(', ')}.` });
  // The path, under the spaces.
  const pts = [];
  for (let i = 0; i <= n.cake; i++) { const c = L.spaceAt(a, i); pts.push(`${c.x.toFixed(1)},${c.y.toFixed(1)}`); }
  g.append(s('polyline', { points: pts.join(' '), fill: 'none', stroke: '#ead7b4', 'stroke-width': t.p * 0.62,
    'stroke-linejoin': 'round', 'stroke-linecap': 'round' }),
  s('polyline', { points: pts.join(' '), fill: 'none', stroke: '#d9c29a', 'stroke-width': 1.5, 'stroke-dasharray': '4 5' }));
  const r = t.p * 0.45;
  for (let i = 0; i < n.cake; i++) {
    const c = L.spaceAt(a, i);
    const dip = dips.has(i);
    const sp = s('g', { 'data-piece': `space:${i}`, 'data-art': dip ? 'passfood-lucky-dip' : 'passfood-track' },
      use(dip ? 'passfood-lucky-dip' : 'passfood-track', c.x - r, c.y - r, 2 * r));
    // What Ziggy has covered: a pawn there at the end of its turn is caught.
    if (i <= v.ziggy.pos) sp.append(s('circle', { cx: c.x, cy: c.y, r: r * 0.9, fill: '#5b4a3c', 'fill-opacity': 0.3 }));
    sp.append(text(c.x, c.y + fs * 0.36, String(i), fs, { 'text-anchor': 'middle', class: 'num',
      stroke: '#fffaf2', 'stroke-width': fs * 0.2, 'paint-order': 'stroke' }));
    g.append(sp);
  }
  const cake = L.spaceAt(a, n.cake);
  const cs = t.p * 1.55;
  g.append(s('g', { 'data-piece': 'cake', 'data-art': 'passfood-cake' }, use('passfood-cake', cake.x - cs / 2, cake.y - cs * 0.62, cs)));
  svg.append(g);
  drawPawns(svg, ctx, a);
}

function drawPawns(svg, ctx, a) {
  const v = ctx.view;
  const fs = a.fs;
  // Ziggy lies on his space; the pawns stand above theirs.
  const z = L.spaceAt(a, v.ziggy.pos);
  const zs = L.ziggySize(a);
  svg.append(s('g', { 'data-piece': 'ziggy', 'data-art': 'passfood-ziggy', class: 'piece', role: 'img',
    'aria-label': `Ziggy the dog (Z) on ${v.ziggy.pos === v.numbers.cake ? 'the cake' : `space ${v.ziggy.pos}`}` },
  use('passfood-ziggy', z.x - zs / 2, z.y - zs / 2, zs),
  badge('Z', z.x + zs * 0.55, z.y + zs * 0.42, fs))); // (inside his row: the next block starts under it)
  const ps = L.pawnSize(a);
  const at = L.pawnPlaces(v, a);
  for (const p of v.players) {
    const f = at[p.seat];
    const num = String(p.seat + 1);
    const w = fs * (0.45 + 0.62 * num.length);
    svg.append(s('g', { 'data-piece': `pawn:${p.seat}`, 'data-art': 'passfood-pawn', class: 'piece', role: 'img',
      'aria-label': `${ctx.name(p.seat)}'s pawn (${num}) ${p.on_cake ? 'on the cake' : `on space ${p.pos}, ${leadText(v, p.seat)}`}` },
    use('passfood-pawn', f.x - ps / 2, f.y - ps * (52 / 64), ps, ps, { color: PAWN_COLOURS[p.seat % 4] }),
    badge(num, f.x + w / 2, f.y - ps * 0.02, fs)));
  }
}

function drawMiddle(svg, ctx, a, c) {
  const v = ctx.view;
  const m = a.geo.mid;
  const fs = a.fs;
  const under = (part) => part.y + m.pl + fs * 1.1;
  // The bag: how many tiles are left in it (what is in it is known to all).
  const bag = L.bagAt(a);
  const inBag = v.foods.map((f, i) => v.bag.contents[i] && many(v.bag.contents[i], f)).filter(Boolean).join(', ');
  svg.append(s('g', { 'data-piece': 'bag', 'data-art': 'passfood-bag', class: 'piece', role: 'img',
    'aria-label': `The bag: ${v.bag.count} ${v.bag.count === 1 ? 'tile' : 'tiles'}${inBag ? ` (${inBag})` : ''}` },
  use('passfood-bag', bag.x - bag.size / 2, bag.y - bag.size / 2, bag.size),
  text(bag.x, under(m.bag), `${v.bag.count} left`, fs, { 'text-anchor': 'middle' })));
  // The tile drawn, waiting for a plate.
  const d = L.drawnAt(a);
  const dg = s('g', { 'data-piece': 'drawn-spot', role: 'img',
    'aria-label': v.drawn ? `The tile drawn: a ${v.drawn} (${letterOf(v.drawn)}), waiting for a plate` : 'No tile drawn now' },
  use('passfood-cell', d.x - d.size / 2, d.y - d.size / 2, d.size),
  text(d.x, under(m.drawn), 'drawn', fs, { 'text-anchor': 'middle' }));
  if (v.drawn) {
    const hot = c.plates.length > 0;
    if (hot) dg.append(s('rect', { x: d.x - d.size / 2 - 3, y: d.y - d.size / 2 - 3, width: d.size + 6, height: d.size + 6,
      rx: 8, fill: '#fff3d6', stroke: '#8a2b06', 'stroke-width': 2.5, 'stroke-dasharray': '5 3' }));
    const t = tile('drawn', v.drawn, d.x - d.size / 2, d.y - d.size / 2, d.size);
    t.append(badge(letterOf(v.drawn), d.x + d.size / 2 + fs * 0.3, d.y + d.size / 2 + fs * 0.3, fs));
    dg.append(t);
  }
  svg.append(dg);
  // The plates, each with who gets it.
  Object.keys(v.plates).forEach((p, j) => {
    const at = L.plateAt(a, j);
    const food = v.plates[p];
    const to = plateTarget(v, p);
    const slotW = m.plates.w;
    const choice = c.plates.includes(p);
    const where = p === 'x' ? 'the X space' : `the ${p} plate`;
    const g = s('g', { 'data-piece': `plate:${p}`, 'data-key': `pl:${p}`, 'data-art': p === 'x' ? 'passfood-discard' : 'passfood-plate' },
      s('rect', { x: at.x - slotW / 2, y: at.y - at.size / 2 - 2, width: slotW, height: at.size + m.lab + 2, rx: 10,
        fill: choice ? '#fff3d6' : 'none', stroke: choice ? HOT : 'none', class: choice ? 'hot' : '' }),
      use(p === 'x' ? 'passfood-discard' : 'passfood-plate', at.x - at.size * 0.48, at.y - at.size * 0.48, at.size * 0.96));
    if (food) {
      const ts = at.size * 0.6;
      const t = tile(`plate-tile:${p}`, food, at.x - ts / 2, at.y - ts / 2, ts);
      t.append(badge(letterOf(food), at.x + ts / 2 + fs * 0.3, at.y + ts / 2 + fs * 0.2, fs));
      g.append(t);
    }
    // who gets it: a name that fits, else the seat's number (on its pawn
    // too); the X space's tile is thrown away (in the bin, where that is too long)
    const name = to >= 0 ? ctx.name(to) : '';
    const room = slotW + m.plates.gap - fs * 0.4;
    const fits = (words) => words.length * fs * 0.58 <= room;
    const shown = to < 0 ? (fits('thrown away') ? 'thrown away' : 'bin') : to === ctx.seat ? 'you'
      : (fits(`to ${name}`) ? `to ${name}` : `to ${to + 1}`);
    g.append(text(at.x, under(m.plates), shown, fs, { 'text-anchor': 'middle' }));
    const label = `${where} (${to < 0 ? 'its tile is thrown away' : `it goes to ${ctx.name(to)}`})${food ? `: a ${food} (${letterOf(food)})` : ', empty'}`;
    if (choice) button(g, `Put the ${v.drawn} (${letterOf(v.drawn)}) on ${label}: ${shown}`, () => ctx.act(`plate ${p}`));
    else { g.setAttribute('role', 'img'); g.setAttribute('aria-label', `${label}: ${shown}`); }
    svg.append(g);
  });
  // The discard pile, by food.
  const dd = m.discard;
  const total = v.discard.reduce((x, y) => x + y, 0);
  const parts = v.foods.map((f, i) => v.discard[i] && `${many(v.discard[i], f)} (${letterOf(f)})`).filter(Boolean);
  const dg2 = s('g', { 'data-piece': 'discard', role: 'img',
    'aria-label': `The discard pile: ${total ? parts.join(', ') : 'empty'}` },
  s('rect', { x: dd.x, y: dd.y + m.pl * 0.12, width: dd.w, height: m.pl * 0.76, rx: 8, fill: '#efe6d6', stroke: '#b5a78f' }),
  text(dd.x + dd.w / 2, under(dd), `discard ${total}`, fs, { 'text-anchor': 'middle' }));
  v.foods.forEach((f, i) => {
    const at = L.discardAt(a, i);
    const n = v.discard[i];
    if (!n) return;
    for (let k = Math.min(n, 3) - 1; k >= 0; k--) {
      dg2.append(use(artOf(f), at.x - at.size / 2, at.y - at.size * 0.8 + k * at.size * 0.14, at.size, at.size,
        { 'aria-hidden': 'true' }));
    }
    dg2.append(text(at.x, at.y + at.size * 0.75, String(n), fs, { 'text-anchor': 'middle', class: 'num' }));
  });
  svg.append(dg2);
}

// What a column of a board offers the person now: {action, say} or null.
function columnChoice(ctx, c, owner, food, colPts) {
  const z = owner === 'z';
  const mine = owner === ctx.seat;
  const L1 = letterOf(food);
  if (z && c.mode === 'take' && c.take.includes(food)) return { action: `take ziggy ${food}`, say: `Take Ziggy's ${food} (${L1}) onto your board` };
  if (z && !c.mode && c.zCol.includes(food)) return { action: `ziggy scores column ${food}`, say: `Let Ziggy score his ${food} column (${L1}): ${colPts} spaces forward` };
  if (mine && !c.mode && c.scoreCol.includes(food)) return { action: `score column ${food}`, say: `Score your ${food} column (${L1}): ${colPts} spaces forward` };
  if (mine && !c.mode && c.answer.includes(food)) return { action: `swap answer give ${food}`, say: `Give a ${food} (${L1}) back to ${ctx.name(ctx.view.swap.from)}` };
  if (mine && c.mode === 'swap' && !c.food && c.swap[food]) return { pick: food, say: `Swap your ${food} (${L1}): choose it, then the friend who gets it` };
  return null;
}

// What a row's tag offers: a row scored (the person's, or Ziggy's choice).
function rowChoice(c, owner, k, mine) {
  if (owner === 'z' && !c.mode && c.zRow.includes(k)) return `ziggy scores row ${k}`;
  if (mine && !c.mode && c.scoreRow.includes(k)) return `score row ${k}`;
  return null;
}

// One board: Ziggy's (owner 'z') or a player's (owner = seat).
function drawBoard(svg, ctx, a, owner, c) {
  const v = ctx.view;
  const b = a.geo.boards[owner];
  const fs = a.fs;
  const z = owner === 'z';
  const p = z ? null : v.players[owner];
  const counts = z ? v.ziggy.board : p.board;
  const mine = owner === ctx.seat;
  const colPts = z ? v.numbers.ziggy_columns : v.numbers.player_columns;
  const rowPts = z ? v.numbers.ziggy_rows : v.numbers.player_rows;
  const whose = z ? 'Ziggy\'s' : mine ? 'your' : `${ctx.name(owner)}'s`;
  // A friend to swap with, in a swap's second step: the whole board is the choice.
  const partner = !z && c.mode === 'swap' && c.food && (c.swap[c.food] || []).includes(owner);
  const active = !z && v.active === owner && !ctx.over;
  const g = s('g', { 'data-piece': `board:${owner}`, 'data-key': `b:${owner}` });
  g.append(s('rect', { x: b.x, y: b.y, width: b.w, height: b.h, rx: 10,
    fill: partner ? '#fff3d6' : z ? '#e6ecf5' : mine ? '#fffdf7' : '#fffaf0',
    stroke: partner ? HOT : mine ? '#8a2b06' : active ? '#1e6b2f' : '#b9a88f',
    'stroke-width': partner ? 4 : mine || active ? 3 : 1.5, class: partner ? 'hot' : '' }));
  // The header: who, and the space of their pawn (red when Ziggy is level or ahead).
  const ic = fs * 1.45;
  const hy = b.y + b.pad;
  if (z) g.append(use('passfood-ziggy', b.x + b.pad, hy, ic));
  else {
    // the pawn with its seat's number, as on the track
    g.append(use('passfood-pawn', b.x + b.pad, hy, ic, ic, { color: PAWN_COLOURS[owner % 4] }),
      text(b.x + b.pad + ic / 2, hy + ic * 0.86, String(owner + 1), fs, { 'text-anchor': 'middle', class: 'glyph',
        fill: '#fff', stroke: INK, 'stroke-width': fs * 0.22, 'paint-order': 'stroke' }));
  }
  // (a pawn on the cake: the cake's drawing, as narrow as a number, where the word ran into the name)
  const onCake = !z && p.on_cake;
  const where = z ? String(v.ziggy.pos) : String(p.pos);
  const whereW = fs * (0.7 + 0.6 * (onCake ? 2 : where.length));
  // (tokens in the header: the room they take, at the header's right, before the space)
  const headTok = b.tokHead ? fs * 1.35 : 0;
  const headToks = b.tokHead ? (p.swaps + p.takes) * headTok * 1.12 + fs * 0.3 : 0;
  const nameRoom = b.w - 2 * b.pad - ic - whereW - fs * 0.5 - headToks;
  const title = z ? (b.compact ? 'Ziggy' : 'Ziggy (Z)') : ctx.name(owner);
  g.append(text(b.x + b.pad + ic + fs * 0.3, hy + fs * 1.12, fitName(title, nameRoom, fs), fs, { class: 'num' }));
  const wx = b.x + b.w - b.pad - whereW;
  const danger = !z && !p.on_cake && lead(v, owner) <= 0;
  g.append(s('rect', { x: wx, y: hy, width: whereW, height: fs * 1.45, rx: fs * 0.72,
    fill: danger ? '#f9d3cc' : '#fff8e6', stroke: danger ? '#b3261e' : '#b9a88f', 'stroke-width': danger ? 2 : 1 }),
  onCake ? use('passfood-cake', wx + (whereW - fs * 1.35) / 2, hy + fs * 0.02, fs * 1.35)
    : text(wx + whereW / 2, hy + fs * 1.08, where, fs, { 'text-anchor': 'middle', class: 'num' }));
  const tokens = z ? '' : `; ${p.swaps} swap ${p.swaps === 1 ? 'token' : 'tokens'} and ${p.takes} take ${p.takes === 1 ? 'token' : 'tokens'} left`;
  const place = z ? `space ${v.ziggy.pos}` : p.on_cake ? 'on the cake' : `space ${p.pos}, ${leadText(v, owner)}`;
  if (partner) {
    button(g, `Give your ${c.food} (${letterOf(c.food)}) to ${ctx.name(owner)}: ${ctx.name(owner)} gives you a tile back`,
      () => ctx.act(`swap give ${c.food} to ${owner + 1}`));
  } else {
    g.setAttribute('role', 'group');
    g.setAttribute('aria-label', `${z ? 'Ziggy\'s board' : `${ctx.name(owner)}'s board`} (${place})${tokens}`);
  }
  const inner = partner ? { 'aria-hidden': 'true' } : {};
  // The columns: the food's letter, its spaces, its points.
  v.foods.forEach((food, col) => {
    const x = b.gx + col * b.qw;
    const n = counts[col];
    const ch = columnChoice(ctx, c, owner, food, colPts[col]);
    const chosen = mine && c.mode === 'swap' && c.food === food;
    const offered = v.swap && v.phase === 'answer' && v.swap.from === owner && v.swap.food === food;
    const top = b.gy - b.lett;
    const hgt = b.lett + b.rows * b.qh + b.pts;
    const cg = s('g', { 'data-piece': `col:${owner}:${L.slug(food)}`, 'data-key': `c:${owner}:${L.slug(food)}`, ...inner },
      s('rect', { x: x + 1, y: top, width: b.qw - 2, height: hgt, rx: 6,
        fill: ch || chosen ? '#fff3d6' : offered ? '#e3f0ff' : 'transparent',
        stroke: ch ? HOT : chosen || offered ? '#8a2b06' : 'none', 'stroke-width': ch ? 2.5 : 3,
        'stroke-dasharray': offered ? '5 3' : null, class: ch ? 'hot' : '' }));
    if (!b.compact) cg.append(text(x + b.qw / 2, b.gy - b.lett * 0.28, letterOf(food), fs, { 'text-anchor': 'middle', class: 'glyph letter' }));
    for (let r = 0; r < b.rows; r++) {
      const cell = L.cellAt(a, owner, col, r);
      const k = cell.size;
      // Every space is drawn (a tile arriving lands on it; plain shapes, as
      // a board has hundreds); an empty one on a big board shows its food
      // faintly, as a board does.
      cg.append(space(cell.x - k / 2, cell.y - k / 2, k));
      if (r < n) cg.append(tile(`tile:${owner}:${L.slug(food)}:${r}`, food, cell.x - k / 2, cell.y - k / 2, k));
      else if (!b.compact) cg.append(use(artOf(food), cell.x - k * 0.3, cell.y - k * 0.3, k * 0.6, k * 0.6, { opacity: 0.22, 'aria-hidden': 'true' }));
    }
    if (!b.compact) cg.append(text(x + b.qw / 2, b.gy + b.rows * b.qh + b.pts * 0.78, `+${colPts[col]}`, fs, { 'text-anchor': 'middle', class: 'num' }));
    // The letter and points drawn on the column, together as drawn: a
    // person using voice control names a button by what it shows.
    const label = `${whose} ${food} column, ${letterOf(food)} +${colPts[col]}: ${n} of ${b.rows}${offered ? ', offered for a swap' : ''}${chosen ? ', chosen for a swap' : ''}`;
    if (ch && ch.pick) button(cg, `${ch.say}. ${label}`, () => setMode(ctx, 'swap', ch.pick));
    else if (ch) button(cg, `${ch.say}. ${label}`, () => ctx.act(ch.action));
    else if (!partner) { cg.setAttribute('role', 'img'); cg.setAttribute('aria-label', label); }
    g.append(cg);
  });
  // The rows: each one's points at its end (its tag is the choice; on a phone
  // where rows are too short for a finger, the row is outlined and its
  // choice is a button).
  for (let r = 0; !b.compact && r < b.rows; r++) {
    const k = r + 1;
    const y = b.gy + r * b.qh;
    const tx = b.gx + 5 * b.qw + b.tag * 0.08;
    const tw = b.tag * 0.9;
    const action = rowChoice(c, owner, k, mine);
    const have = counts.filter((x) => x > r).length;
    const rg = s('g', { 'data-piece': `row:${owner}:${k}`, 'data-key': `r:${owner}:${k}`, ...inner });
    // A row to choose takes a press anywhere on it (over its columns).
    if (action) rg.append(s('rect', { x: b.gx - 1, y: y + 1, width: tx + tw - b.gx + 2, height: b.qh - 2, rx: 8,
      fill: a.rowsOnBoard ? 'transparent' : 'none', stroke: HOT, 'stroke-width': 2.5, class: 'hot' }));
    const th = Math.min(b.qh * 0.9, fs * 1.8);
    rg.append(s('rect', { x: tx, y: y + (b.qh - th) / 2, width: tw, height: th, rx: 8,
      fill: action ? '#fff3d6' : '#f4ead8', stroke: action ? HOT : '#c9b99c' }),
    text(tx + tw / 2, y + b.qh * 0.5 + fs * 0.36, `+${rowPts[r]}`, fs, { 'text-anchor': 'middle', class: 'num' }));
    const label = `${whose} row ${k}: ${have} of 5 foods, +${rowPts[r]}`;
    if (action && a.rowsOnBoard) button(rg, `${rowSay(ctx, action, rowPts[r])}. ${label}`, () => ctx.act(action));
    else if (!partner) { rg.setAttribute('role', 'img'); rg.setAttribute('aria-label', `${label}${action ? ': can be scored' : ''}`); }
    g.append(rg);
  }
  // A small board has no row tags, but its rows are there to point at (a lesson's).
  for (let r = 0; b.compact && r < b.rows; r++) {
    g.append(s('g', { 'data-piece': `row:${owner}:${r + 1}`, 'aria-hidden': 'true' },
      s('rect', { x: b.gx, y: b.gy + r * b.qh, width: v.foods.length * b.qw, height: b.qh, fill: 'none' })));
  }
  // A player's tokens left.
  if (!z) {
    const ts = b.compact ? b.qw * 0.7 : b.tokHead ? headTok : Math.max(fs * 1.35, b.qh * 0.5);
    const ty = b.tokHead ? hy + (fs * 1.45 - ts) / 2 : b.gy + b.rows * b.qh + b.pts + (b.tok - b.pad - ts) / 2;
    let tx = b.tokHead ? wx - headToks + fs * 0.1 : b.gx;
    const tg = s('g', { 'data-piece': `tokens:${owner}`, ...(partner ? {} : { role: 'img',
      'aria-label': `${whose} tokens: ${p.swaps} swap and ${p.takes} take` }), ...inner });
    for (let k = 0; k < p.swaps; k++, tx += ts * 1.12) {
      tg.append(s('g', { 'data-piece': `token:${owner}:swap:${k}`, 'data-art': 'passfood-swap', class: 'piece' }, use('passfood-swap', tx, ty, ts)));
    }
    for (let k = 0; k < p.takes; k++, tx += ts * 1.12) {
      tg.append(s('g', { 'data-piece': `token:${owner}:take:${k}`, 'data-art': 'passfood-take', class: 'piece' }, use('passfood-take', tx, ty, ts)));
    }
    if (!p.swaps && !p.takes && !b.compact && !b.tokHead) tg.append(text(b.gx, ty + ts * 0.7, 'no tokens left', fs, { fill: '#4a4a4a' }));
    g.append(tg);
  }
  svg.append(g);
}

function rowSay(ctx, action, pts) {
  const k = action.slice(-1);
  return action.startsWith('ziggy') ? `Let Ziggy score his row ${k}: ${pts} spaces forward`
    : `Score row ${k} of your board, one of each food: ${pts} spaces forward`;
}

// ---- what the person reads -----------------------------------------------------------

// A text for a big screen, and a shorter one for a phone's.
const say = (ctx, long, short) => (ctx.phone ? short : long);

function carryLabel(ctx, c) {
  const v = ctx.view;
  if (ctx.phone) return v.phase === 'end' ? 'End your turn' : 'Carry on';
  if (v.phase === 'start') return 'Carry on: Ziggy grabs a tile';
  if (v.phase === 'ziggy') return ziggySets(v) ? 'Carry on: Ziggy scores his set' : 'Carry on: draw three tiles';
  if (v.phase === 'score') return c.scoreCol.length || c.scoreRow.length ? 'Carry on without scoring' : 'Carry on';
  if (v.phase === 'end') return 'End your turn';
  return 'Carry on';
}

// Ziggy level with or ahead of the person's pawn: caught at the end of the turn.
function dangerText(ctx) {
  const v = ctx.view;
  if (!v.players || !v.ziggy || ctx.seat < 0 || !v.players[ctx.seat]) return '';
  const p = v.players[ctx.seat];
  if (p.on_cake || lead(v, ctx.seat) > 0) return '';
  const how = lead(v, ctx.seat) === 0 ? 'level with' : 'ahead of';
  return ` Careful: Ziggy is on ${v.ziggy.pos}, ${how} your pawn (${p.pos}): move on this turn or he catches you!`;
}

function status(ctx) {
  const v = ctx.view;
  if (ctx.over) return v.result === 'won' ? 'Everyone reached the cake: you all win!' : 'Ziggy won this time.';
  const c = choicesOf(ctx);
  if (ctx.mine) {
    if (c.mode === 'take') return say(ctx, 'Take: press the tile on Ziggy\'s board you want on yours.', 'Press the tile of Ziggy\'s you take.');
    if (c.mode === 'swap' && c.food) {
      return say(ctx, `Swap your ${c.food}: press the board of the friend who gets it (they give you a tile back).`,
        `Press the board of the friend who gets your ${c.food}.`);
    }
    if (c.mode === 'swap') return say(ctx, 'Swap: press the tile on your board you will give.', 'Press the tile of yours you give.');
    if (v.phase === 'answer') {
      return say(ctx, `${ctx.name(v.swap.from)} offers you a ${v.swap.food} for a swap: press the tile of your board you give back, or say no.`,
        `${ctx.name(v.swap.from)} offers a ${v.swap.food}: press a tile to give back, or say no.`);
    }
    if (v.phase === 'plate') {
      const n = Object.values(v.plates).filter(Boolean).length;
      return say(ctx, `Put the ${v.drawn} on a plate (tile ${n + 1} of 3): each plate says who gets it.`,
        `Put the ${v.drawn} on a plate (${n + 1} of 3).`);
    }
    if (c.zCol.length || c.zRow.length) return say(ctx, 'Ziggy has more than one set: choose the one he scores.', 'Choose the set Ziggy scores.');
    if (v.phase === 'score') {
      const sets = c.scoreCol.length || c.scoreRow.length;
      const danger = dangerText(ctx);
      if (ctx.phone && danger) return sets ? 'Score a set, or Ziggy catches you!' : 'No set to score, and Ziggy is ahead!';
      return (sets
        ? say(ctx, 'You may score one set: press the glowing column or row of your board, or carry on.', 'You may score one set, or carry on.')
        : say(ctx, `No set to score yet: use a token (${TOKENS}), or carry on.`, 'No set to score: use a token, or carry on.'))
        + danger;
    }
    if (v.phase === 'start') return say(ctx, `Your turn: use a token (${TOKENS}), or carry on and Ziggy grabs a tile.`, 'Your go: use a token, or carry on.');
    return say(ctx, `You may use a token (${TOKENS}), or carry on.`, 'Use a token, or carry on.');
  }
  const who = ctx.name(ctx.toAct && ctx.toAct.length ? ctx.toAct[0] : v.active);
  if (v.phase === 'answer') return `${who} is answering ${ctx.name(v.swap.from)}'s swap.`;
  if (v.phase === 'plate') return `${who} is putting tiles on plates.`;
  return `${who}'s turn.`;
}

function choices(ctx) {
  const c = choicesOf(ctx);
  const v = ctx.view;
  const out = [];
  if (c.mode) {
    out.push({ label: c.mode === 'swap' && c.food ? say(ctx, 'Back: choose another tile', 'Back') : 'Back', run: () => setMode(ctx, null) });
    return out;
  }
  // Rows too short for a finger on this screen: their choices are buttons.
  if (!layout(ctx).rowsOnBoard) {
    for (const k of c.scoreRow) out.push({ action: `score row ${k}`, label: `Score row ${k}`, primary: true });
    for (const k of c.zRow) out.push({ action: `ziggy scores row ${k}`, label: `Ziggy's row ${k}` });
  }
  // Carrying on first: on a narrow screen it shares a line with a token.
  if (c.carry) out.push({ action: 'carry on', label: carryLabel(ctx, c), primary: !c.scoreCol.length && !c.scoreRow.length });
  const me = v.players[ctx.seat];
  if (Object.keys(c.swap).length) {
    // (on a phone a word and the token's drawing: the row holds the hint's button too)
    out.push({ label: say(ctx, `Swap a tile with a friend (${me.swaps} swap ${me.swaps === 1 ? 'token' : 'tokens'})`, 'Swap'),
      icon: ctx.phone ? 'passfood-swap' : null, run: () => setMode(ctx, 'swap') });
  }
  if (c.take.length) {
    out.push({ label: say(ctx, 'Take a tile from Ziggy (your take token)', 'Take'), icon: ctx.phone ? 'passfood-take' : null,
      run: () => setMode(ctx, 'take') });
  }
  if (c.decline) out.push({ action: 'swap decline', label: 'Say no to the swap' });
  return out;
}

// The team's best moment: the first pawn on the cake (the end screen lists
// every seat's space; a line each keeps four seats on one screen).
function bestMoments(ctx) {
  const first = ctx.log.find((e) => e.kind === 'cake' && e.fields);
  return ctx.view.players.map((p) => (first && first.fields.seat === p.seat ? 'first on the cake' : null));
}

// What each player did, for the end's list: the sets they scored and the
// spaces those gained (on a phone the end leaves their boards too small to tell).
function tallies(ctx) {
  return ctx.view.players.map((p) => {
    const sets = ctx.log.filter((e) => e.kind === 'score' && e.fields && e.fields.seat === p.seat);
    const spaces = sets.reduce((n, e) => n + e.fields.to - e.fields.from, 0);
    return sets.length ? `scored ${sets.length} ${sets.length === 1 ? 'set' : 'sets'} (${spaces} ${spaces === 1 ? 'space' : 'spaces'})` : 'no sets scored';
  });
}

function end(ctx) {
  const v = ctx.view;
  const lost = [...ctx.log].reverse().find((e) => e.kind === 'lost');
  const best = bestMoments(ctx);
  const did = tallies(ctx);
  if (v.result === 'won') return { headline: 'You all win: every pawn is on the cake!', why: 'The whole team got there before Ziggy caught anyone.', best, did };
  if (v.reason === 'caught') {
    const seat = lost && lost.fields ? lost.fields.seat : null;
    const p = seat !== null && seat !== undefined ? v.players[seat] : null;
    return { headline: 'Ziggy wins: he caught a pawn.',
      why: p ? `At the end of ${ctx.name(seat)}'s turn Ziggy was on ${v.ziggy.pos}, ${v.ziggy.pos === p.pos ? 'level with' : 'ahead of'} that pawn (${p.pos}).`
        : 'Ziggy caught up with a pawn at the end of its turn.', best, did };
  }
  if (v.reason === 'ziggy_cake') {
    const z = [...ctx.log].reverse().find((e) => e.kind === 'zscore');
    return { headline: 'Ziggy wins: he reached the cake first.',
      why: z && z.fields ? `He scored ${z.fields.set === 'row' ? 'a row' : `his ${z.fields.food} column`} (+${z.fields.points}) from space ${z.fields.from}.`
        : 'He got to the birthday cake before every pawn did.', best, did };
  }
  return { headline: 'Ziggy wins: the party went on too long.', why: 'The game reached its last turn.', best, did };
}

export default {
  id: 'passfood',
  oneScreen: true,
  // Every board has its owner's name, space and tokens (the seats' strip says no more).
  seatsOnTable: true,
  sounds: { zdraw: 'place', draw: 'turn', plate: 'place', share: 'place', score: 'stack', zscore: 'back', dip: 'turn',
    cake: 'win', take: 'swap', swap: 'swap', refill: 'roll', discard: 'back', lost: 'fall' },
  legend: ['food-snake', 'food-biscuit', 'food-fairy-bread', 'food-pikelet', 'food-lamington', 'passfood-lucky-dip',
    'passfood-cake', 'passfood-ziggy', 'passfood-swap', 'passfood-take', 'passfood-discard'],

  pieceOf(e) {
    const f = e.fields;
    if (!f) return null;
    if (f.food && PARTY_FOOD[f.food] && ['zdraw', 'draw', 'plate', 'dip', 'take', 'discard'].includes(e.kind)) return PARTY_FOOD[f.food];
    if (e.kind === 'zscore' || e.kind === 'lost') return 'passfood-ziggy';
    if (e.kind === 'cake' || e.kind === 'won') return 'passfood-cake';
    if (e.kind === 'swap') return 'passfood-swap';
    return null;
  },

  draw(ctx) {
    const v = ctx.view;
    const c = ctx.mine ? choicesOf(ctx) : parse([]);
    const a = layout(ctx);
    const svg = s('svg', { viewBox: `0 0 ${a.w.toFixed(1)} ${a.h.toFixed(1)}`, role: 'group',
      'aria-label': 'the Pass the Party Food table', 'data-scale': a.scale.toFixed(3), 'data-squeezed': String(a.squeezed) });
    svg.append(s('title', { text: 'Pass the Party Food: the score track, the plates and every board' }));
    drawTrack(svg, ctx, a);
    drawMiddle(svg, ctx, a, c);
    // (the boards the arrangement has: at the end on a phone, only the person's own)
    for (const owner of ['z', ...v.players.map((p) => p.seat)]) if (a.geo.boards[owner]) drawBoard(svg, ctx, a, owner, c);
    // Pieces in flight during a step are drawn here, over everything.
    svg.append(s('g', { class: 'fx', 'aria-hidden': 'true' }));
    return svg;
  },

  animate(step, ctx, m) {
    play(step, ctx, m, layout(ctx));
  },

  seat(ctx, i) {
    const v = ctx.view;
    const p = v.players[i];
    const tokens = `${p.swaps} swap, ${p.takes} take`;
    const more = p.on_cake || ctx.over ? `tokens: ${tokens}` : `${leadText(v, i)} · ${tokens}`;
    return { score: p.on_cake ? 'on the cake' : `space ${p.pos}`, more };
  },

  end,
  status,
  choices,
};
