// pakupaku.js: Paku Paku's table in real time (docs/web.md, "A game's
// module"): the mat with the tableware tower drawn to scale in the middle,
// each piece where it landed (so it leans as it leans), the piece swinging
// above it while the person's meter runs; round it every seat's place, the
// person's at the bottom and the others clockwise from their left (where
// the pandas go): each place's dice, penalty chips and busy hands. Every
// step moves: dice tumble and pandas pass, a piece drops and the tower
// wobbles by its margin or falls piece by piece, the unlucky panda's
// penalty roll and chips, the deal.
import { s } from '../dom.js';
import { ART, PAKU_PIECE, PAKU_FACE } from '../art.js';
import { use, badge, INK, SEAT_FILLS, LEAST_TEXT_PX } from '../draw.js';
import { meterValue } from '../meter.js';

const FS = 13;          // the text's size in drawing units (a unit is a px at scale 1)
const PAD = 6;
const GAP = 8;
const DIE = 34;         // another seat's die
const MY_DIE = 42;      // the person's own
const CHIP = 20;
const TOKEN = 11;       // a seat's numbered token (radius)
const NAME_CHARS = 9;
const CHAR = 0.6;       // a letter's width, in font sizes
// The swing meter's reach each side of the top piece (table units: 30).
const REACH = meterValue('swing', 4, 1);
const MAT = 32;         // the mat's width, table units
const MAT_ART = ART['paku-mat'];
const FACE_NAME = { '-': 'not rolled yet', P: 'panda', D: 'dish', 1: 'one', 2: 'two' };
const FACE_OF = { panda: 'P', dish: 'D', 1: '1', 2: '2', new: '-' };
const CHIPS = [5, 3, 2, 1];

const points = (n) => `${n} penalty ${n === 1 ? 'point' : 'points'}`;
const short = (name) => (name.length > NAME_CHARS ? `${name.slice(0, NAME_CHARS - 1)}…` : name);
const unitsOf = (piece) => ART[PAKU_PIECE[piece]].units;
const dieArt = (d) => (d.waiting ? 'paku-die-waiting' : PAKU_FACE[d.face]);
const dieName = (d) => (d.waiting ? 'dish, waiting to be stacked' : d.face === 'P' ? 'panda, passed on'
  : d.face === 'D' ? 'dish, stacked for' : FACE_NAME[d.face]);

// A penalty in the chips of the box (values 5, 3, 2 and 1), largest first.
function chipsOf(n) {
  const out = [];
  let left = n;
  for (const c of CHIPS) while (left >= c) { out.push(c); left -= c; }
  return out;
}

// ---- the arrangement ----------------------------------------------------------------

// The tower's room in table units: wide enough for the swing either side of
// its top, tall enough for the tower and a piece above it; in steps, so the
// scale changes seldom while it grows.
function towerRoom(view) {
  let at = 0;
  let lo = -MAT / 2;
  let hi = MAT / 2;
  let height = 0;
  for (const p of view.tower) {
    const u = unitsOf(p.piece);
    at = p.at;
    lo = Math.min(lo, p.at - u.w / 2);
    hi = Math.max(hi, p.at + u.w / 2);
    height += u.h;
  }
  const half = Math.max(-lo, hi, Math.abs(at) + REACH + unitsOf('plate').w / 2);
  return { w: Math.max(80, Math.ceil((2 * half) / 8) * 8), h: Math.max(48, Math.ceil((height + 22) / 16) * 16) };
}

// A place's size: "full" (the name and chips beside the dice) or "compact"
// (the token, the dice and the total on a chip).
function cardSize(kind, die, cap, chips) {
  const diceW = cap * (die + 3) - 3;
  if (kind === 'compact') {
    return { w: 2 * PAD + 2 * TOKEN + 4 + diceW + 6 + CHIP * 1.35, h: 2 * PAD + Math.max(die, 2 * TOKEN, CHIP * 1.35), die, cap };
  }
  const left = Math.max(2 * TOKEN + 4 + NAME_CHARS * CHAR * FS, CHIP * (1 + 0.4 * (chips - 1)) + 4 + 2 * CHAR * FS);
  return { w: 2 * PAD + left + GAP + diceW, h: 2 * PAD + Math.max(FS * 1.4 + CHIP + 4, die), die, cap, left };
}

// Where everything goes for a box of W x H units: the others' places in a
// block on top and columns at the sides (clockwise from the person's left),
// the person's place at the bottom, the tower's zone in the middle. Null
// when it does not fit.
function layout(W, H, kind, ctx, room) {
  const v = ctx.view;
  const n = v.penalties.length;
  const me = ctx.seat >= 0 ? ctx.seat : 0;
  // Room for the dice a place may hold before the round stops (more, at the end, shrink).
  const cap = Math.max(2, Math.min(5, v.threshold - 1));
  const chips = Math.max(1, ...v.penalties.map((p) => chipsOf(p).length));
  const card = cardSize(kind, DIE, cap, chips);
  const mine = cardSize('full', MY_DIE, cap, chips);
  const others = Array.from({ length: n - 1 }, (_, i) => (me + 1 + i) % n);
  const head = FS * 1.6;
  if (mine.w > W - 2 * PAD) return null;
  let best = null;
  // As many at each side (a lone place at one side would tip the picture).
  for (let top = others.length; top >= 0; top -= 2) {
    const side = (others.length - top) / 2;
    const cols = Math.max(1, Math.min(top, Math.floor((W - 2 * PAD + GAP) / (card.w + GAP))));
    if (top && card.w > W - 2 * PAD) continue;
    const rows = top ? Math.ceil(top / cols) : 0;
    const topH = rows ? rows * card.h + rows * GAP : 0;
    const midY = PAD + head + topH;
    const midH = H - midY - GAP - mine.h - PAD;
    const colH = side * (card.h + GAP) - GAP;
    const zoneX = PAD + (side ? card.w + GAP : 0);
    const zoneW = W - 2 * zoneX;
    if (midH < Math.max(colH, 4 * FS) || zoneW < 6 * FS) continue;
    const unit = Math.min(zoneW / room.w, midH / room.h);
    if (best && unit <= best.unit) continue;
    const at = {};
    // The block on top, row by row, each row centred.
    const block = others.slice(side, side + top);
    block.forEach((seat, i) => {
      const r = Math.floor(i / cols);
      const inRow = Math.min(cols, top - r * cols);
      const x0 = (W - (inRow * card.w + (inRow - 1) * GAP)) / 2;
      at[seat] = { x: x0 + (i % cols) * (card.w + GAP), y: PAD + head + r * (card.h + GAP), ...card };
    });
    // The left column from the bottom up, the right one from the top down.
    const colY = midY + (midH - colH) / 2;
    others.slice(0, side).forEach((seat, i) => {
      at[seat] = { x: PAD, y: colY + (side - 1 - i) * (card.h + GAP), ...card };
    });
    others.slice(side + top).forEach((seat, i) => {
      at[seat] = { x: W - PAD - card.w, y: colY + i * (card.h + GAP), ...card };
    });
    // (A spectator sees the first seat there, by its name.)
    at[me] = { x: (W - mine.w) / 2, y: H - PAD - mine.h, ...mine, bottom: true, me: ctx.seat >= 0 };
    best = { unit, at, kind, zone: { x: zoneX, y: midY, w: zoneW, h: midH } };
  }
  return best;
}

// The arrangement for the table's box: the drawing's scale k (px a unit,
// never text under LEAST_TEXT_PX) and the places' kind that draw the tower
// largest up to 7 px a table unit, then the places largest (a phone's
// places stay small, a big screen's grow).
function arrange(ctx) {
  const box = ctx.box && ctx.box.w > 0 ? ctx.box : { w: 800, h: 600 };
  const room = towerRoom(ctx.view);
  const least = LEAST_TEXT_PX / FS;
  const most = Math.max(least, Math.min(1.5, Math.min(box.w, box.h) / 450));
  const worth = (a) => (Math.min(a.unit * a.k, 7) * a.k ** 1.5 + a.unit * a.k * 0.01) * (a.kind === 'full' ? 1.35 : 1);
  let best = null;
  for (let k = most; k >= least - 1e-9; k = k > least ? Math.max(least, k * 0.92) : 0) {
    for (const kind of ['full', 'compact']) {
      const a = layout(box.w / k, box.h / k, kind, ctx, room);
      if (a && (!best || worth({ ...a, k }) > worth(best))) best = { ...a, k };
    }
  }
  // Nothing fits at a readable size (a box smaller than any phone): shrink.
  for (let k = least / 2; !best; k /= 2) {
    const a = layout(box.w / k, box.h / k, 'compact', ctx, room);
    if (a) best = { ...a, k };
  }
  return finish(best, box, room);
}

function finish(a, box, room) {
  const W = box.w / a.k;
  const H = box.h / a.k;
  const z = a.zone;
  // The mat at the zone's foot, the tower's middle over the mat's.
  const matW = MAT * a.unit;
  const matH = (matW * MAT_ART.h) / MAT_ART.w;
  const cx = z.x + z.w / 2;
  const surface = z.y + z.h - matH * (1 - MAT_ART.anchor[1]);
  return { ...a, W, H, room, cx, surface, matW, matH };
}

// ---- drawing ----------------------------------------------------------------------------

function token(i, x, y, label) {
  return s('g', { 'aria-hidden': 'true' },
    s('circle', { cx: x, cy: y, r: TOKEN, fill: SEAT_FILLS[i], stroke: INK, 'stroke-width': 1.2 }),
    s('text', { x, y: y + FS * 0.36, 'text-anchor': 'middle', 'font-size': FS, class: 'glyph', fill: INK, text: label }));
}

// A die: its face from the sprite, its letter badge inside the corner that
// no pip covers (bottom left), named by its face.
function die(d, index, x, y, size) {
  const art = dieArt(d);
  const g = s('g', { class: 'piece die', 'data-piece': `die:${index}`, 'data-art': art, role: 'img', 'aria-label': `die: ${dieName(d)} (${ART[art].letter})` },
    use(art, x, y, size, size, { 'data-anchor': '' }));
  g.append(badge(ART[art].letter, x + size * 0.06 + FS * 1.07, y + size * 0.94, FS));
  return g;
}

function drawPlace(svg, ctx, a, i) {
  const v = ctx.view;
  const c = a.at[i];
  const dice = v.dice.map((d, k) => ({ ...d, k })).filter((d) => d.seat === i);
  const pen = v.penalties[i];
  const over = ctx.over;
  const duel = v.duel && v.duel.seats.includes(i);
  const out = v.phase === 'duel' && !duel;
  const who = ctx.name(i);
  const label = `${who}: dice (${dice.map(dieName).join(', ') || 'none'}), ${points(pen)}`
    + `${v.unlucky === i ? ', the last unlucky panda' : ''}${over && v.winner === i ? ', the winner' : ''}`
    + `${v.phase === 'duel' && v.duel.turn === i ? ', to stack in the duel' : ''}`;
  const g = s('g', { class: 'place', 'data-piece': `seat:${i}`, role: 'group', 'aria-label': label });
  g.append(s('rect', { x: c.x, y: c.y, width: c.w, height: c.h, rx: 10, 'data-anchor': '',
    fill: c.me ? '#fff3d6' : '#fffaf2', stroke: (v.phase === 'duel' && v.duel.turn === i) ? '#8a2b06' : c.me ? INK : '#b5aa9c',
    'stroke-width': c.me ? 2 : 1.2, opacity: out ? 0.55 : 1 }));
  const ty = c.y + PAD + TOKEN;
  const tx = c.x + PAD + TOKEN;
  // The hands busy for a moment after each action (PAKU-10): a ring round
  // the token that runs out (live redraws it).
  if (!over) {
    g.append(s('circle', { cx: tx, cy: ty, r: TOKEN + 2.5, fill: 'none', stroke: '#8a2b06', 'stroke-width': 3,
      'stroke-dasharray': `${(2 * Math.PI * (TOKEN + 2.5)).toFixed(1)}`, 'stroke-dashoffset': `${(2 * Math.PI * (TOKEN + 2.5)).toFixed(1)}`,
      transform: `rotate(-90 ${tx} ${ty})`, 'data-busy': i, 'aria-hidden': 'true' }));
  }
  g.append(token(i, tx, ty, String(i + 1)));
  let diceX;
  if (a.kind === 'compact' && !c.bottom) {
    diceX = tx + TOKEN + 6;
    // The total on a blank chip, after the dice.
    const cs = CHIP * 1.35;
    const chx = c.x + c.w - PAD - cs;
    const chy = c.y + (c.h - cs) / 2;
    g.append(s('g', { class: 'piece chips', 'data-piece': `pen:${i}`, 'data-art': 'paku-chip', 'aria-hidden': 'true' },
      use('paku-chip', chx, chy, cs, cs, { 'data-anchor': '' }),
      s('text', { x: chx + cs / 2, y: chy + cs / 2 + FS * 0.36, 'text-anchor': 'middle', 'font-size': FS, class: 'glyph', fill: INK, text: String(pen) })));
  } else {
    diceX = c.x + PAD + c.left + GAP;
    const name = c.me ? 'you' : short(ctx.names[i] || `player ${i + 1}`);
    g.append(s('text', { x: tx + TOKEN + 5, y: ty + FS * 0.36, 'font-size': FS, class: 'label', fill: INK, text: name, 'aria-hidden': 'true' }));
    // The penalty chips, overlapping, and their total.
    const cy = ty + TOKEN + 4;
    const pile = s('g', { class: 'piece chips', 'data-piece': `pen:${i}`, 'data-art': 'paku-chip', 'aria-hidden': 'true' });
    const list = chipsOf(pen);
    list.forEach((value, k) => pile.append(use(`paku-chip-${value}`, c.x + PAD + k * CHIP * 0.4, cy, CHIP, CHIP, k === 0 ? { 'data-anchor': '' } : {})));
    // No points yet: a faint empty chip.
    if (!list.length) pile.append(use('paku-chip', c.x + PAD, cy, CHIP, CHIP, { opacity: 0.3, 'data-anchor': '' }));
    const after = c.x + PAD + (Math.max(1, list.length) - 1) * CHIP * 0.4 + CHIP + 4;
    pile.append(s('text', { x: after, y: cy + CHIP / 2 + FS * 0.36, 'font-size': FS, class: 'num', fill: INK, text: String(pen) }));
    g.append(pile);
  }
  // The dice, centred in the place's height; more than fit shrink.
  const size = Math.min(c.die, (c.cap * (c.die + 3) - 3 + 3) / Math.max(1, dice.length) - 3);
  const dy = c.y + (c.h - size) / 2;
  dice.forEach((d, k) => g.append(die(d, d.k, diceX + k * (size + 3), dy, size)));
  // The last round's unlucky panda, and the winner, marked on their place.
  const mark = over && v.winner === i ? 'ui-trophy' : v.unlucky === i ? 'paku-panda' : null;
  if (mark) g.append(use(mark, c.x + c.w - FS * 1.5, c.y - FS * 0.45, FS * 1.7, FS * 1.7, { 'aria-hidden': 'true' }));
  svg.append(g);
}

// The piece `piece` (plate, bowl, cup) side on, its foot's middle at x, y.
function tablewareAt(piece, x, y, unit, attrs = {}) {
  const u = unitsOf(piece);
  return use(PAKU_PIECE[piece], x - (u.w * unit) / 2, y - u.h * unit, u.w * unit, u.h * unit, attrs);
}

// Where each piece of the tower stands: its foot's middle, bottom first.
function towerPlaces(view, a) {
  let y = a.surface;
  return view.tower.map((p) => {
    const place = { x: a.cx + p.at * a.unit, y, piece: p.piece };
    y -= unitsOf(p.piece).h * a.unit;
    return place;
  });
}

function drawTower(svg, ctx, a) {
  const v = ctx.view;
  const tower = s('g', { class: 'tower', 'data-piece': 'tower', role: 'group',
    'aria-label': v.tower.length ? `the tower: ${v.tower.length} ${v.tower.length === 1 ? 'piece' : 'pieces'}${typeof v.margin === 'number' ? `, ${v.margin.toFixed(1)} from falling` : ''}` : 'the mat: no tower yet' });
  tower.append(use('paku-mat', a.cx - a.matW / 2, a.surface - a.matH * MAT_ART.anchor[1], a.matW, a.matH, { 'aria-hidden': 'true' }));
  const places = towerPlaces(v, a);
  // The pieces above the weakest joint wobble together (animate).
  const weak = typeof v.weak === 'number' ? v.weak : places.length;
  const load = s('g', { class: 'load', 'data-piece': 'load' });
  let lastBadge = Infinity;
  places.forEach((p, k) => {
    const u = unitsOf(p.piece);
    const art = PAKU_PIECE[p.piece];
    const g = s('g', { class: 'piece', 'data-piece': `tower:${k}`, 'data-art': art, role: 'img',
      'aria-label': `${p.piece} (${ART[art].letter}), piece ${k + 1} of the tower` }, tablewareAt(p.piece, p.x, p.y, a.unit, { 'data-anchor': '' }));
    // Its letter beside its left edge, where it does not run into the one below.
    const by = p.y - (u.h * a.unit) / 2 + FS * 0.6;
    if (by <= lastBadge - FS * 1.25) {
      g.append(badge(ART[art].letter, p.x - (u.w * a.unit) / 2 - 3, by, FS));
      lastBadge = by;
    }
    (k >= weak ? load : tower).append(g);
  });
  tower.append(load);
  svg.append(tower);
  // The piece swinging above the top while the person's meter runs
  // (meterFrame moves it); its dashed line drops to where it would land.
  const top = places.length ? places[places.length - 1] : { x: a.cx, y: a.surface };
  const topH = places.length ? unitsOf(top.piece).h * a.unit : 0;
  const piece = ctx.swingPiece || 'cup';
  const sy = top.y - topH - 4 * a.unit;
  const swing = s('g', { 'data-piece': 'swing', class: 'swing', visibility: ctx.meterOn ? 'visible' : 'hidden', 'aria-hidden': 'true' });
  const inner = s('g', { class: 'swinging' },
    s('line', { x1: top.x, x2: top.x, y1: sy, y2: top.y - topH, stroke: '#8a2b06', 'stroke-width': 1.5, 'stroke-dasharray': '4 3' }),
    tablewareAt(piece, top.x, sy, a.unit, { 'data-anchor': '' }));
  swing.append(inner);
  svg.append(swing);
}

// What is left in the box, at the right of the line over the table (where
// neither the tower nor the swing reaches): each piece, its letter, how many.
const SUPPLY_ITEM = FS * 1.5 + 2 + FS * 1.07 + 3 + FS * 1.9;
const SUPPLY = ['plate', 'bowl', 'cup'];
// The middle of a kind's picture there.
function supplyAt(a, piece) {
  return { x: a.W - PAD - (3 - SUPPLY.indexOf(piece)) * (SUPPLY_ITEM + GAP) + GAP + FS * 0.75, y: PAD + FS * 0.9 };
}

function drawSupply(svg, ctx, a) {
  const size = FS * 1.5;
  SUPPLY.forEach((p) => {
    const x = supplyAt(a, p).x - size / 2;
    const y = supplyAt(a, p).y - size / 2;
    const left = ctx.view.supply[p];
    const art = PAKU_PIECE[p];
    svg.append(s('g', { class: 'piece supply', 'data-piece': `supply:${p}`, 'data-art': `${art}-icon`, role: 'img',
      'aria-label': `${left} ${left === 1 ? p : `${p}s`} (${ART[art].letter}) left in the box` },
    use(`${art}-icon`, x, y, size, size, { 'data-anchor': '' }),
    badge(ART[art].letter, x + size + 2 + FS * 1.07, y + size / 2 + FS * 0.6, FS),
    s('text', { x: x + size + 2 + FS * 1.07 + 3, y: PAD + FS * 0.9 + FS * 0.36, 'font-size': FS, class: 'num', fill: INK, text: `×${left}`, 'aria-hidden': 'true' })));
  });
}

// The line over the table: the round, when it stops, when the game ends.
function heading(ctx, a) {
  const v = ctx.view;
  const names = (list) => list.map((i) => ctx.name(i)).join(' and ');
  const lines = v.phase === 'duel'
    ? [`Duel: ${names(v.duel.seats)} stack in turn; who topples it is out`, `Duel: ${names(v.duel.seats)}`, 'Duel']
    : [`Round ${v.round} · ${v.threshold} dice stop the round · ${v.limit} points end the game`,
      `Round ${v.round} · ${v.threshold} dice stop it · ${v.limit} points end it`, `Round ${v.round} · stop at ${v.threshold} dice`, `Round ${v.round}`];
  const room = a.W - 2 * PAD - 3 * (SUPPLY_ITEM + GAP);
  return lines.find((t) => t.length * CHAR * FS <= room) || lines[lines.length - 1];
}

// ---- the story -------------------------------------------------------------------------

// Each seat's best moment, from the game's events.
function bestMoments(ctx) {
  const n = ctx.view.penalties.length;
  const best = Array.from({ length: n }, () => ({ pandas: 0, height: 0, lucky: false }));
  for (const e of ctx.log) {
    const f = e.fields;
    if (!f || !(f.seat >= 0 && f.seat < n)) continue;
    if (e.kind === 'roll') best[f.seat].pandas = Math.max(best[f.seat].pandas, f.passed);
    if (e.kind === 'stack') best[f.seat].height = Math.max(best[f.seat].height, f.height);
    if (e.kind === 'stop' && f.points === 0) best[f.seat].lucky = true;
  }
  return best.map((b) => {
    if (b.height >= 6) return `stacked piece ${b.height} of a tower`;
    if (b.pandas >= 3) return `passed ${b.pandas} pandas in one roll`;
    if (b.lucky) return 'a penalty roll with no numbers: no points';
    if (b.pandas === 2) return 'passed 2 pandas in one roll';
    if (b.height >= 3) return `stacked piece ${b.height} of a tower`;
    return null;
  });
}

// ---- motion ---------------------------------------------------------------------------

// A die's tumble where it lies (from: where it comes from, a transform).
function tumble(m, el, from, delay = 0) {
  if (from) {
    m.move(el, [{ transform: `${from} rotate(0deg)` }, { transform: `${from} rotate(-200deg)`, offset: 0.35 },
      { transform: 'translate(0px, 0px) scale(1) rotate(-360deg)' }], { ms: 620, delay, easing: 'ease-in-out' });
  } else {
    m.move(el, [{ transform: 'translate(0px, 0px) rotate(0deg) scale(1)' }, { transform: 'translate(0px, -30%) rotate(-200deg) scale(1.12)', offset: 0.45 },
      { transform: 'translate(0px, 0px) rotate(-360deg) scale(1)' }], { ms: 420, delay });
  }
}

// A screen box (from the table drawn before the step) in the drawing's units.
function toUnits(svg, box) {
  const ctm = svg.getScreenCTM();
  if (!ctm || !box) return null;
  return { x: (box.x - ctm.e) / ctm.a, y: (box.y - ctm.f) / ctm.d, w: box.width / ctm.a, h: box.height / ctm.d };
}

// The tower before the step, as temporary pieces where they stood; the one
// that made it fall (`extra`: its piece and offset) on top.
function oldTower(m, svg, was, extra) {
  const out = [];
  (was.tower || []).forEach((p, k) => {
    const b = toUnits(svg, m.was(`tower:${k}`));
    if (b) out.push({ piece: p.piece, ...b });
  });
  if (extra && out.length) {
    const top = out[out.length - 1];
    const per = top.w / unitsOf(top.piece).w;
    const u = unitsOf(extra.piece);
    out.push({ piece: extra.piece, x: top.x + top.w / 2 + extra.at * per - (u.w * per) / 2, y: top.y - u.h * per, w: u.w * per, h: u.h * per });
  }
  return out.map((p) => m.ghost(s('g', { class: 'temp', 'aria-hidden': 'true' }, use(PAKU_PIECE[p.piece], p.x, p.y, p.w, p.h))))
    .map((el, k) => ({ el, ...out[k] }));
}

// The tower falls, piece by piece from the top, towards the way it leaned.
function fall(m, pieces, a, dir) {
  pieces.slice().reverse().forEach((p, i) => {
    if (!p.el) return;
    const drop = a.surface - (p.y + p.h) + p.h * 0.5;
    const side = dir * (p.w * 0.4 + i * 6);
    m.move(p.el, [{ transform: 'translate(0px, 0px) rotate(0deg)', opacity: 1 },
      { transform: `translate(${side}px, ${drop}px) rotate(${dir * (55 + i * 7)}deg)`, opacity: 1, offset: 0.8 },
      { transform: `translate(${side * 1.2}px, ${drop}px) rotate(${dir * (70 + i * 7)}deg)`, opacity: 0 }],
    { ms: 560, delay: i * 90, easing: 'ease-in', origin: dir > 0 ? 'right bottom' : 'left bottom', fill: 'both' });
  });
}

// The tower's pieces go back to the box (a round ended by too many dice).
function putAway(m, pieces, a) {
  pieces.slice().reverse().forEach((p, i) => {
    if (!p.el) return;
    const to = supplyAt(a, p.piece);
    const dx = to.x - (p.x + p.w / 2);
    const dy = to.y - (p.y + p.h / 2);
    m.move(p.el, [{ transform: 'translate(0px, 0px) scale(1)', opacity: 1 },
      { transform: `translate(${dx}px, ${dy}px) scale(0.3)`, opacity: 0 }], { ms: 480, delay: i * 50, easing: 'ease-in', fill: 'both' });
  });
}

// The tower wobbles above its weakest joint, about the end of the support
// nearer to where it leans, by how close it is to falling.
function wobble(m, ctx, a, delay) {
  const v = ctx.view;
  const el = m.el('load');
  if (!el || typeof v.margin !== 'number' || !el.childNodes.length) return;
  const places = towerPlaces(v, a);
  const k = v.weak;
  const below = places[k - 1];
  const above = places[k];
  const wb = unitsOf(below.piece).w / 2;
  const wa = unitsOf(above.piece).w / 2;
  const lean = Math.sign(places[places.length - 1].x - below.x) || 1;
  const edge = lean > 0 ? Math.min(below.x + wb * a.unit, above.x + wa * a.unit) : Math.max(below.x - wb * a.unit, above.x - wa * a.unit);
  const bb = el.getBBox();
  const origin = `${(edge - bb.x).toFixed(1)}px ${(above.y - bb.y).toFixed(1)}px`;
  const deg = lean * Math.min(7, 0.4 + 6 * Math.exp(-v.margin / 1.5));
  const r = (f) => ({ transform: `rotate(${(deg * f).toFixed(2)}deg)` });
  m.move(el, [r(0), r(1), r(-0.6), r(0.35), r(-0.15), r(0)], { ms: 900, delay, easing: 'ease-in-out', origin });
}

// The unlucky panda's penalty roll in the middle of the table, its points
// going to the place's chips.
function penalty(m, svg, ctx, a, stop) {
  const z = a.zone;
  const size = Math.min(MY_DIE, z.w / 7);
  const faces = stop.faces.map((f) => FACE_OF[f]);
  const w = faces.length * (size + 4) - 4;
  const x0 = z.x + (z.w - w) / 2;
  const y0 = z.y + z.h * 0.3;
  const who = ctx.name(stop.seat);
  const said = `Paku stop! ${short(who)}: +${stop.points}`;
  const fs = Math.min(FS * 1.5, (z.w * 0.95) / (said.length * CHAR));
  const banner = m.ghost(s('g', { class: 'temp', 'aria-hidden': 'true' },
    s('rect', { x: z.x + z.w * 0.05, y: y0 - fs * 2.1, width: z.w * 0.9, height: size + fs * 2.6, rx: 12, fill: '#fffaf2', stroke: '#8a2b06', 'stroke-width': 2, opacity: 0.95 }),
    s('text', { x: z.x + z.w / 2, y: y0 - fs * 0.6, 'text-anchor': 'middle', 'font-size': Math.max(fs, FS), class: 'glyph', fill: INK, text: said })));
  if (banner) {
    m.move(banner, [{ opacity: 0 }, { opacity: 1, offset: 0.15 }, { opacity: 1, offset: 0.8 }, { opacity: 0 }], { ms: 1300, fill: 'both' });
    faces.forEach((f, k) => {
      const el = m.ghost(s('g', { class: 'temp', 'aria-hidden': 'true' }, use(PAKU_FACE[f], x0 + k * (size + 4), y0, size)));
      tumble(m, el, '', k * 40);
      m.move(el, [{ opacity: 1 }, { opacity: 1, offset: 0.8 }, { opacity: 0 }], { ms: 1300, fill: 'both' });
    });
  }
  // The chips come from the middle of the table.
  const pile = m.el(`pen:${stop.seat}`);
  if (pile && stop.points > 0) {
    const ctm = svg.getScreenCTM();
    const from = ctm && { x: ctm.e + (z.x + z.w / 2) * ctm.a, y: ctm.f + (y0 + size / 2) * ctm.d, width: CHIP * ctm.a, height: CHIP * ctm.d };
    const there = m.offset(pile, from);
    m.move(pile, [{ transform: there || 'none' }, { transform: there || 'none', offset: 0.4 }, { transform: 'translate(0px, 0px) scale(1)' }],
      { ms: 1000, delay: 150, easing: 'ease-in-out' });
  } else if (pile) {
    m.move(pile, [{ opacity: 0.4 }, { opacity: 1 }], { ms: 600 });
  }
  return { x: z.x + z.w / 2, y: y0 + size / 2 };
}

export default {
  id: 'pakupaku',
  oneScreen: true,
  // Below 500 px of height the seats' strip runs under the table: the panel
  // keeps its room for the turn, the meter and the choices.
  stripBelow: true,
  sounds: { roll: 'roll', stack: 'stack', collapse: 'fall', stop: 'place' },
  // The pieces, drawn, in the rules in brief: what each means on this table.
  legend: [
    ['paku-die-panda', 'passes that die at once to the player on the left; one in front of you came from your right: roll it'],
    ['paku-die-waiting', 'the die waits until its player stacks a piece on the tower'],
    ['paku-die-dish', 'stacked for already: roll it again'],
    ['paku-die-1', 'nothing happens: roll again; a penalty roll adds up the 1s and 2s'],
    ['paku-die-2', 'nothing happens either; 2 points in a penalty roll'],
    ['paku-die-blank', 'dealt this round: roll it'],
    ['paku-plate-icon', 'wide and flat, the steadiest'],
    ['paku-bowl-icon', 'deeper and narrower'],
    ['paku-cup-icon', 'tall and narrow, the wobbliest'],
    ['paku-chip-5', 'chips of 1, 2, 3 and 5 penalty points: the fewest points wins'],
    ['paku-panda', 'marks the last round\'s unlucky panda (too many dice, or the tower fell)'],
  ],

  // The piece a log line shows.
  pieceOf(e) {
    const f = e.fields;
    if (!f) return null;
    if (e.kind === 'stack' || e.kind === 'collapse') return `${PAKU_PIECE[f.piece]}-icon`;
    if (e.kind === 'stop') return 'paku-panda';
    if (e.kind === 'roll') return f.passed ? 'paku-die-panda' : f.dishes ? 'paku-die-dish' : null;
    if (e.kind === 'win') return 'ui-trophy';
    return null;
  },

  draw(ctx) {
    const a = arrange(ctx);
    const svg = s('svg', { viewBox: `0 0 ${a.W.toFixed(1)} ${a.H.toFixed(1)}`, role: 'group', 'aria-label': 'the Paku Paku table',
      'data-scale': a.k.toFixed(3), 'data-unit': a.unit.toFixed(3) });
    svg.append(s('title', { text: 'Paku Paku: the tower on the mat, every player\'s dice and penalty chips round it' }),
      s('text', { x: PAD, y: PAD + FS, 'font-size': FS, class: 'label', fill: INK, text: heading(ctx, a) }));
    drawTower(svg, ctx, a);
    drawSupply(svg, ctx, a);
    for (let i = 0; i < ctx.view.penalties.length; i++) drawPlace(svg, ctx, a, i);
    return svg;
  },

  // The hands busy for a moment: each place's ring runs out, from its full
  // length when the seat last acted (or, idle, got a die) to nothing.
  live(board, ctx) {
    const v = ctx.view;
    board.querySelectorAll('[data-busy]').forEach((el) => {
      const i = Number(el.getAttribute('data-busy'));
      const left = ctx.busyLeft(i);
      const busy = Math.max(left, v.busy_until[i] - v.since[i], 1);
      const ring = Number(el.getAttribute('stroke-dasharray'));
      el.setAttribute('stroke-dashoffset', (ring * (1 - left / busy)).toFixed(1));
    });
  },

  // One step in motion, on the table as it is after the step.
  animate(step, ctx, m) {
    const fields = (kind) => { const e = step.events.find((x) => x.kind === kind); return e && e.fields; };
    const roll = fields('roll');
    const stacked = fields('stack') || fields('collapse');
    const fell = fields('collapse');
    const stop = fields('stop');
    const dealt = fields('deal');
    const was = ctx.was;
    const v = ctx.view;
    const svg = m.el('tower') && m.el('tower').ownerSVGElement;
    if (!svg) return;
    const a = arrange(ctx);
    if (roll && was) {
      // The dice it rolled tumble; pandas tumble on to the neighbour.
      was.dice.forEach((d, k) => {
        if (d.seat !== roll.seat || d.waiting || stop) return;
        const el = m.el(`die:${k}`);
        tumble(m, el, v.dice[k].seat !== d.seat ? m.offset(el, `die:${k}`) : '');
      });
    }
    if (stacked) {
      const mine = step.seat === ctx.seat;
      const el = m.el(`tower:${stacked.height - 1}`);
      if (el && stacked.stands) {
        // It drops from where it swung (the person's), or from above.
        const box = el.getBoundingClientRect();
        const above = { x: box.x, y: box.y - box.height * 3 - 40, width: box.width, height: box.height };
        const swung = mine && m.was('swing');
        const from = m.offset(el, swung && swung.width ? swung : above);
        m.move(el, [{ transform: from || 'translate(0px, -40px)' }, { transform: 'translate(0px, 0px) scale(1)' }],
          { ms: 380, easing: 'cubic-bezier(0.5, 0, 0.7, 1.4)' });
        wobble(m, ctx, a, 360);
      }
    }
    let middle = null;
    // A tower that fell falls; one cleared (the round's end, a full tower in
    // the duel, the game's end) goes back to the box.
    if (was && (fell || (!v.tower.length && was.tower.length))) {
      const pieces = oldTower(m, svg, was, fell);
      const top = was.tower.length ? was.tower[was.tower.length - 1].at + (fell ? fell.at : 0) : 0;
      if (fell) fall(m, pieces, a, Math.sign(top) || 1);
      else putAway(m, pieces, a);
      if (m.calm) m.mark(m.el('tower'));
    }
    if (stop) middle = penalty(m, svg, ctx, a, stop);
    if (middle) {
      // The dice from the middle of the table: dealt one at a time from the
      // unlucky panda's left (die k goes to the k-th seat from there), or,
      // at the end, back to the unlucky panda.
      const ctm = svg.getScreenCTM();
      const from = ctm && { x: ctm.e + middle.x * ctm.a, y: ctm.f + middle.y * ctm.d, width: DIE * ctm.a, height: DIE * ctm.d };
      v.dice.forEach((d, k) => {
        if (!dealt && d.seat !== stop.seat) return;
        const el = m.el(`die:${k}`);
        const there = m.offset(el, from);
        m.move(el, [{ transform: there || 'none', opacity: 0 }, { transform: there || 'none', opacity: 1, offset: 0.1 },
          { transform: 'translate(0px, 0px) scale(1)', opacity: 1 }], { ms: 420, delay: 600 + k * 70, easing: 'ease-out' });
      });
    }
    // The duel: who is out fades; the winner's place pops up.
    const out = fields('out');
    if (out) m.move(m.el(`seat:${out.seat}`), [{ opacity: 1 }, { opacity: 0.4 }, { opacity: 1 }], { ms: 700, delay: 500 });
    const won = fields('win');
    if (won) m.land(m.el(`seat:${won.seat}`), { delay: 900 });
    if (fields('full')) m.move(m.el('tower'), [{ opacity: 1 }, { opacity: 0.3 }, { opacity: 1 }], { ms: 600 });
  },

  seat(ctx, i) {
    const held = ctx.view.dice.filter((d) => d.seat === i).length;
    const p = ctx.view.penalties[i];
    return { score: `${p} ${p === 1 ? 'point' : 'points'}${ctx.over ? '' : ` · ${held} ${held === 1 ? 'die' : 'dice'}`}` };
  },

  end(ctx) {
    const v = ctx.view;
    const best = bestMoments(ctx);
    if (v.winner === undefined || v.winner === null) return { best };
    const duel = ctx.log.some((e) => e.kind === 'duel');
    const reached = v.penalties.map((p, i) => ({ p, i })).filter((x) => x.p >= v.limit).map((x) => ctx.name(x.i));
    const why = duel
      ? `${ctx.name(v.winner)} won the duel on the tower after a tie on ${v.penalties[v.winner]} ${v.penalties[v.winner] === 1 ? 'point' : 'points'}.`
      : `${ctx.name(v.winner)} has the fewest penalty points (${v.penalties[v.winner]})${reached.length ? `; ${reached.join(' and ')} reached the limit of ${v.limit}` : ''}.`;
    return { why, best };
  },

  status(ctx) {
    const v = ctx.view;
    if (ctx.seat < 0) return 'Everyone rolls at once.';
    if (v.phase === 'duel') {
      if (ctx.mine) return 'Duel: stack a piece without toppling the tower!';
      return `A duel on a fresh tower decides the tie: ${ctx.name(v.duel.turn)} stacks.`;
    }
    const mine = v.dice.filter((d) => d.seat === ctx.seat);
    const waiting = mine.filter((d) => d.waiting).length;
    if (!mine.length) return 'No dice: wait for a panda from your right.';
    if (waiting) return mine.length > waiting ? 'A dish: stack a piece, or roll the others.' : `A dish: stack a piece to free your ${waiting > 1 ? 'dice' : 'die'}.`;
    return `Roll! You hold ${mine.length} ${mine.length > 1 ? 'dice' : 'die'}; ${v.threshold} is too many.`;
  },

  choices(ctx) {
    const out = [];
    // A press while the hands are busy goes once they are free (a person's
    // shortest reaction after), on the newest state then.
    const later = (fn) => () => {
      const wait = ctx.busyLeft(ctx.seat);
      if (wait > 0) setTimeout(fn, wait + 150); else fn();
    };
    if (ctx.legal.includes('roll')) out.push({ action: 'roll', label: 'Roll', key: 'r', primary: true, run: later(() => ctx.act('roll')) });
    const kinds = [];
    for (const a of ctx.legal) {
      const m = /^stack (plate|bowl|cup) /.exec(a);
      if (m && !kinds.includes(m[1])) kinds.push(m[1]);
    }
    // A running meter is the stack on its way: no other starts meanwhile.
    for (const k of ctx.meterOn ? [] : kinds) {
      out.push({ action: `stack ${k}`, label: `Stack a ${k}`, key: k[0], primary: ctx.view.phase === 'duel',
        run: later(() => { ctx.memory.swingPiece = k; ctx.meter('swing', `stack ${k}`); }) });
    }
    return out;
  },

  // The meter: the piece swings x table units from the top's middle.
  meterFrame(board, kind, x) {
    const swing = board.querySelector('[data-piece="swing"]');
    const svg = board.querySelector('svg');
    if (!swing || !svg) return;
    swing.setAttribute('visibility', 'visible');
    swing.querySelector('.swinging').setAttribute('transform', `translate(${(x * Number(svg.dataset.unit)).toFixed(1)} 0)`);
  },
};
