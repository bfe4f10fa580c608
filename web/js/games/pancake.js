// pancake.js: Yummy Yummy Pancake's table (docs/web.md, "A game's module"):
// the frying pan seen from above with its face-up pancakes and the
// face-down ones (all alike: backs), the pancakes left to draw, the lifted
// pancake (its face for the chef alone), the five toppings to guess from,
// and every player's pile growing towards 12, the chef in the hat with
// their secret bonus. Every step moves: pancakes drawn onto the pan, the
// pan tossed as hard as the flick and the pancakes landing, a pancake
// lifted, a guess going to its taker's pile.
//
// Memory (YYP-7): without the memory aid nothing here shows which toppings
// went face down: the toss's old faces fly into one heap in the air and
// the pan's pancakes land from it, face-up ones with their faces and the
// others as backs, so no face is ever seen turning into a back.
import { s, button } from '../dom.js';
import { ART, PANCAKE_TOPPING } from '../art.js';
import { fit, piece, badge, use, INK, SEAT_FILLS } from '../draw.js';

const ORDER = ['strawberry', 'kiwi', 'banana', 'blueberry', 'chocolate'];
const LETTER = Object.fromEntries(ORDER.map((t) => [t, ART[PANCAKE_TOPPING[t]].letter]));

// The pan, drawn at twice the sprite's size: its well holds eight pancakes,
// seven in a ring and one in the middle; beside the well, above the handle,
// the pancakes left to draw, and below it the lifted one.
const PAN = ART['pancake-pan'];
const K = 2;
const PAN_W = PAN.w * K;
const PAN_H = PAN.h * K;
const WELL = { x: PAN.well.cx * K, y: PAN.well.cy * K, r: PAN.well.r * K };
const CAKE = 56;
const RING = 70;
const STOCK = { x: 318, y: 52, size: 46 };
const LIFT = { x: 318, y: 204, size: 66 };
// The five toppings to guess from, in a row.
const CELL = 64;
const TRAY_W = 5 * CELL;
const TRAY_H = 122;
// A player's pile: their name, the stack (up to 12 pancakes side on), the count.
const COL_W = 124;
const COL_H = 182;
const COL_GAP = 8;
const SIDE = ART['pancake-side'];
const LAYER = 8;
const GOAL = 12;
const GAP = 14;
const PAD = 6;
// A guess, from what was said to the pancake on its pile (ms at normal speed).
const REVEAL_MS = 1000;

// The places of the pan's pancakes, relative to the pan's corner.
function spotAt(i) {
  if (i === 7) return [WELL.x, WELL.y];
  const ang = -Math.PI / 2 + (i * 2 * Math.PI) / 7;
  return [WELL.x + RING * Math.cos(ang), WELL.y + RING * Math.sin(ang)];
}

// Tossed pancakes lie anywhere: the spots in an order of the turn's own.
function scattered(turn) {
  const order = [0, 1, 2, 3, 4, 5, 6, 7];
  let x = (turn * 2654435761 + 12345) >>> 0;
  for (let i = order.length - 1; i > 0; i--) {
    x = (Math.imul(x, 1103515245) + 12345) >>> 0;
    const j = (x >>> 8) % (i + 1);
    [order[i], order[j]] = [order[j], order[i]];
  }
  return order;
}

// The pan's pancakes in a view: the face-up ones by topping, then the
// face-down ones, each at a spot. Before a toss the pan is tidy; after it
// the spots are scattered, and a pancake lifted out leaves its spot empty
// (the last face-down one: they are all alike).
function panItems(v) {
  const items = [];
  for (const t of ORDER) for (let k = 0; k < (v.pan_up[t] || 0); k++) items.push({ id: `pan:up:${t}:${k}`, topping: t });
  for (let j = 0; j < v.face_down; j++) items.push({ id: `pan:down:${j}`, topping: null });
  const order = v.face_down ? scattered(v.turn) : [0, 1, 2, 3, 4, 5, 6, 7];
  return items.map((it, i) => ({ ...it, spot: order[i % 8] }));
}

// The arrangement that draws the table largest in its box: the pan over the
// toppings over the piles, the pan and toppings beside the piles, or the
// pan beside the piles over the toppings; the piles in one row or two.
function arrange(ctx) {
  const n = ctx.view.seats;
  const options = [];
  for (const rows of n > 2 ? [1, 2] : [1]) {
    const cols = Math.ceil(n / rows);
    const pw = cols * COL_W + (cols - 1) * COL_GAP;
    const ph = rows * COL_H + (rows - 1) * COL_GAP;
    const base = { rows, cols, pw, ph };
    options.push({ ...base, kind: 'column', w: Math.max(PAN_W, TRAY_W, pw) + 2 * PAD,
      h: PAN_H + TRAY_H + ph + 2 * GAP + 2 * PAD });
    options.push({ ...base, kind: 'beside', w: PAN_W + GAP + pw + 2 * PAD,
      h: Math.max(PAN_H + GAP + TRAY_H, ph) + 2 * PAD });
    options.push({ ...base, kind: 'wide', w: PAN_W + GAP + Math.max(pw, TRAY_W) + 2 * PAD,
      h: Math.max(PAN_H, ph + GAP + TRAY_H) + 2 * PAD });
  }
  const box = ctx.box && ctx.box.w > 0 ? ctx.box : { w: 720, h: 600 };
  const a = fit(box, options, 13);
  if (a.kind === 'column') {
    a.pan = [(a.w - PAN_W) / 2, PAD];
    a.tray = [(a.w - TRAY_W) / 2, PAD + PAN_H + GAP];
    a.piles = [(a.w - a.pw) / 2, PAD + PAN_H + GAP + TRAY_H + GAP];
  } else if (a.kind === 'beside') {
    const top = (a.h - (PAN_H + GAP + TRAY_H)) / 2;
    a.pan = [PAD, top];
    a.tray = [PAD + (PAN_W - TRAY_W) / 2, top + PAN_H + GAP];
    a.piles = [PAD + PAN_W + GAP, (a.h - a.ph) / 2];
  } else {
    const x = PAD + PAN_W + GAP;
    const rw = Math.max(a.pw, TRAY_W);
    const top = (a.h - (a.ph + GAP + TRAY_H)) / 2;
    a.pan = [PAD, (a.h - PAN_H) / 2];
    a.piles = [x + (rw - a.pw) / 2, top];
    a.tray = [x + (rw - TRAY_W) / 2, top + a.ph + GAP];
  }
  return a;
}

// Where a spot of the pan is on the table.
function spotXY(a, spot) {
  const [x, y] = spotAt(spot);
  return [a.pan[0] + x, a.pan[1] + y];
}

function pileXY(a, i) {
  const c = i % a.cols;
  const r = Math.floor(i / a.cols);
  return [a.piles[0] + c * (COL_W + COL_GAP), a.piles[1] + r * (COL_H + COL_GAP)];
}

// The bottom of a pile's stack and its left side.
function stackBase(a, i) {
  const [x, y] = pileXY(a, i);
  return [x + (COL_W - SIDE.w) / 2, y + COL_H - a.fs * 1.55 - 4];
}

const plural = (n, one, many) => `${n} ${n === 1 ? one : many}`;

function upText(v) {
  const parts = ORDER.filter((t) => v.pan_up[t]).map((t) => `${v.pan_up[t]} ${t} (${LETTER[t]})`);
  return parts.length ? parts.join(', ') : 'none';
}

// A pancake of the pan, face up (its drawing and letter) or a back.
function panCake(a, item) {
  const [x, y] = spotXY(a, item.spot);
  const art = item.topping ? PANCAKE_TOPPING[item.topping] : 'pancake-back';
  const g = piece(art, x - CAKE / 2, y - CAKE / 2, CAKE, { id: item.id, fs: a.fs, badge: !!item.topping,
    attrs: { role: 'img', 'aria-label': item.topping ? `a ${item.topping} pancake, face up (${LETTER[item.topping]})` : 'a face-down pancake' } });
  return g;
}

function drawPan(svg, ctx, a) {
  const v = ctx.view;
  const [px, py] = a.pan;
  const down = v.face_down;
  svg.append(s('g', { 'data-piece': 'pan', class: 'piece', 'data-art': 'pancake-pan', role: 'img',
    'aria-label': `the frying pan: face up ${upText(v)}; ${plural(down, 'pancake', 'pancakes')} face down` },
  use('pancake-pan', px, py, PAN_W, PAN_H)));
  // The flick's strength, round the rim while the meter runs (meterFrame).
  if (ctx.meterOn) {
    const r = WELL.r + 12;
    svg.append(s('circle', { class: 'flick', cx: px + WELL.x, cy: py + WELL.y, r, fill: 'none', stroke: '#e8543c',
      'stroke-width': 9, 'stroke-linecap': 'round', 'stroke-dasharray': `0 ${2 * Math.PI * r}`,
      transform: `rotate(-90 ${px + WELL.x} ${py + WELL.y})`, 'aria-hidden': 'true' }));
  }
  for (const item of panItems(v)) svg.append(panCake(a, item));
  // Lifting a pancake: the whole well is the choice (they are all alike).
  if (ctx.legal.includes('pick')) {
    const g = s('g', { 'data-key': 'pan' },
      s('circle', { cx: px + WELL.x, cy: py + WELL.y, r: WELL.r - 2, fill: '#fff', 'fill-opacity': 0.01,
        stroke: '#0b57d0', 'stroke-width': 4, class: 'hot' }));
    button(g, `Lift one of the ${plural(down, 'face-down pancake', 'face-down pancakes')} from the pan and peek at it`, () => ctx.act('pick'));
    svg.append(g);
  }
  drawStock(svg, a, v);
  drawLifted(svg, ctx, a);
}

// The pancakes left to draw: a heap of backs with their count.
function drawStock(svg, a, v) {
  const x = a.pan[0] + STOCK.x;
  const y = a.pan[1] + STOCK.y;
  const z = STOCK.size;
  const g = s('g', { 'data-piece': 'stock', class: 'piece', 'data-art': 'pancake-back', role: 'img',
    'aria-label': `${plural(v.table, 'pancake', 'pancakes')} left to draw, face down` });
  if (v.table === 0) {
    g.append(s('circle', { cx: x, cy: y, r: z / 2 - 2, fill: 'none', stroke: '#b5aa9c', 'stroke-dasharray': '4 4' }));
  } else {
    for (let k = Math.min(v.table, 3) - 1; k >= 0; k--) g.append(use('pancake-back', x - z / 2 - k * 6, y - z / 2 + k * 5, z));
  }
  g.append(badge(String(v.table), x + z / 2 + a.fs * 0.6, y + z / 2 + a.fs * 0.3, a.fs));
  svg.append(g);
}

// The lifted pancake: for the chef its face (they peeked), for everyone
// else a back with a question mark.
function drawLifted(svg, ctx, a) {
  const v = ctx.view;
  if (!v.picked) return;
  const x = a.pan[0] + LIFT.x;
  const y = a.pan[1] + LIFT.y;
  const z = LIFT.size;
  const art = v.peek ? PANCAKE_TOPPING[v.peek] : 'pancake-back';
  // Only the chef sees it (a replay with everything shown too).
  const who = ctx.seat === v.chef ? 'only you' : 'chef only';
  const label = v.peek ? `the lifted pancake: ${v.peek} (${LETTER[v.peek]}), ${who} can see it` : 'the lifted pancake, face down (?): which topping is it?';
  const g = piece(art, x - z / 2, y - z / 2, z, { id: 'picked', fs: a.fs, attrs: { role: 'img', 'aria-label': label } });
  g.prepend(s('ellipse', { cx: x + 6, cy: y + z / 2 + 2, rx: z * 0.42, ry: z * 0.1, fill: '#000', opacity: 0.18 }));
  if (v.peek) {
    g.append(s('text', { x, y: y - z / 2 - a.fs * 0.35, 'text-anchor': 'middle', 'font-size': a.fs, class: 'glyph',
      fill: INK, text: who }));
  }
  svg.append(g);
}

// The five toppings: the guesser's choice; with the memory aid, how many
// of each are still face down this turn.
function drawTray(svg, ctx, a) {
  const v = ctx.view;
  const [x0, y0] = a.tray;
  const fs = a.fs;
  const guessing = ctx.legal.some((x) => x.startsWith('guess '));
  const aid = ctx.memoryAid && !ctx.over && v.public_down;
  const caption = guessing ? 'Which topping is it?' : aid ? 'Face down, not shown yet:' : 'The five toppings';
  svg.append(s('text', { x: x0 + TRAY_W / 2, y: y0 + fs, 'text-anchor': 'middle', 'font-size': fs,
    class: guessing ? 'glyph' : '', fill: INK, text: caption }));
  const top = y0 + fs * 1.4;
  // The memory aid's counts, one row under the toppings (a lesson points at it).
  const counts = aid && s('g', { 'data-piece': 'counts', 'aria-hidden': 'true' });
  ORDER.forEach((t, i) => {
    const x = x0 + i * CELL;
    const choice = guessing && ctx.legal.includes(`guess ${t}`);
    const g = s('g', { 'data-piece': `guess:${t}`, 'data-key': `g:${t}`, class: 'piece', 'data-art': PANCAKE_TOPPING[t] });
    g.append(s('rect', { x: x + 2, y: top, width: CELL - 4, height: CELL, rx: 12,
      fill: choice ? '#fff3d6' : '#fffaf2', stroke: choice ? '#0b57d0' : '#e2d5bf', class: choice ? 'hot' : '' }));
    const z = CELL - 12;
    g.append(use(PANCAKE_TOPPING[t], x + 6, top + 4, z), badge(LETTER[t], x + CELL - 2, top + CELL - 1, fs));
    let label = `${t} (${LETTER[t]})`;
    if (aid) {
      const n = v.public_down[t] || 0;
      counts.append(s('text', { x: x + CELL / 2, y: top + CELL + fs * 1.1, 'text-anchor': 'middle', 'font-size': fs,
        class: 'glyph', fill: INK, text: `×${n}` }));
      label += `: ${n} face down, not shown yet`;
    }
    if (choice) button(g, `Guess ${label}`, () => ctx.act(`guess ${t}`));
    else { g.setAttribute('role', 'img'); g.setAttribute('aria-label', label); }
    svg.append(g);
  });
  if (counts) svg.append(counts);
}

// The action that asks seat i: action names count seats from 1.
function askSeat(i) {
  return `ask ${i + 1}`;
}

// A name in the room a pile's column has: cut short with an ellipsis.
function fitName(name, room, fs) {
  const most = Math.max(1, Math.floor(room / (fs * 0.56)));
  return name.length <= most ? name : `${name.slice(0, most - 1)}…`;
}

function drawPiles(svg, ctx, a) {
  const v = ctx.view;
  const fs = a.fs;
  v.piles.forEach((n, i) => {
    const [x, y] = pileXY(a, i);
    const chef = i === v.chef && !ctx.over;
    const asked = v.phase === 'guess' && i === v.guesser && !ctx.over;
    const choice = ctx.legal.includes(askSeat(i));
    const g = s('g', { 'data-piece': `pile:${i}`, 'data-key': `p:${i}`, class: 'pile' });
    g.append(s('rect', { x: x + 1, y: y + 1, width: COL_W - 2, height: COL_H - 2, rx: 12,
      fill: choice ? '#fff3d6' : chef ? '#fff1dc' : '#fffaf2', stroke: choice ? '#0b57d0' : asked ? '#2e7d32' : '#e2d5bf',
      'stroke-width': asked ? 3 : 1.5, class: choice ? 'hot' : '' }));
    // The name (you: "you"), the seat's colour and number, the chef's hat.
    const hat = chef ? fs * 1.9 : 0;
    if (chef) g.append(s('g', { 'data-piece': 'hat', class: 'piece', 'data-art': 'pancake-chef', 'aria-hidden': 'true' },
      use('pancake-chef', x + 4, y + 2, hat)));
    const dot = fs * 0.75;
    g.append(s('circle', { cx: x + 6 + hat + dot, cy: y + fs * 0.95, r: dot, fill: SEAT_FILLS[i], stroke: INK }),
      s('text', { x: x + 6 + hat + dot, y: y + fs * 1.3, 'text-anchor': 'middle', 'font-size': fs, class: 'glyph', fill: INK, text: String(i + 1) }));
    const nx = x + 10 + hat + 2 * dot;
    const name = i === ctx.seat ? 'you' : ctx.name(i);
    g.append(s('text', { x: nx, y: y + fs * 1.3, 'font-size': fs, class: i === ctx.seat ? 'glyph' : '', fill: INK,
      text: fitName(name, x + COL_W - 4 - nx, fs) }));
    // The stack, over the outline of the twelve that win.
    const [sx, base] = stackBase(a, i);
    const full = (GOAL - 1) * LAYER + SIDE.h;
    g.append(s('rect', { x: sx - 1, y: base - full - 1, width: SIDE.w + 2, height: full + 2, rx: 7, fill: 'none',
      stroke: '#c9b79c', 'stroke-dasharray': '4 4', 'aria-hidden': 'true' }));
    // An empty pile: a faint pancake where the first one will lie.
    if (!n) g.append(use('pancake-side', sx, base - SIDE.h, SIDE.w, SIDE.h, { opacity: 0.3, 'aria-hidden': 'true' }));
    for (let k = 0; k < n; k++) {
      g.append(s('g', { 'data-piece': `pile:${i}:${k}`, class: 'piece', 'data-art': 'pancake-side', 'aria-hidden': 'true' },
        use('pancake-side', sx, base - SIDE.h - k * LAYER, SIDE.w, SIDE.h)));
    }
    g.append(s('text', { x: x + COL_W / 2, y: y + COL_H - fs * 0.45, 'text-anchor': 'middle', 'font-size': fs * 1.1,
      class: 'glyph', fill: INK, text: `${n}/${GOAL}` }));
    // The chef's bonus: its face for the chef, a back for everyone else.
    let bonus = '';
    if (chef && v.bonus_taken) {
      const z = Math.max(42, fs * 2.6);
      const art = v.bonus ? PANCAKE_TOPPING[v.bonus] : 'pancake-back';
      const top = base - SIDE.h - Math.max(0, n - 1) * LAYER;
      const chip = piece(art, x + COL_W - z - fs * 0.6, top - z * 0.8, z, { id: 'bonus', fs, attrs: { 'aria-hidden': 'true' } });
      // A star: the bonus a strong flick won.
      chip.append(use('ui-star', x + COL_W - z - fs * 0.6 - z * 0.2, top - z * 0.8 - z * 0.15, z * 0.5));
      g.append(chip);
      bonus = v.bonus ? `, a secret bonus pancake: ${v.bonus} (${LETTER[v.bonus]})${i === ctx.seat ? ', only you know' : ''}` : ', a secret bonus pancake (?)';
    }
    const label = `${ctx.name(i)}: ${n} of ${GOAL} pancakes${chef ? ', the chef' : ''}${bonus}${asked ? ', guessing' : ''}`;
    if (choice) button(g, `Ask ${label}`, () => ctx.act(askSeat(i)));
    else { g.setAttribute('role', 'img'); g.setAttribute('aria-label', label); }
    svg.append(g);
  });
}

// ---- motion ------------------------------------------------------------------------------

// The toss: the pan jerks up as hard as the flick; its old pancakes fly up
// into one heap (their faces vanish edge on) and the pan's pancakes now
// land from it, spinning more the harder the flick; a re-toss hops twice.
function tossMotion(step, ctx, m, a) {
  const toss = step.events.find((e) => e.kind === 'toss');
  const p = toss && toss.fields ? toss.fields.p : 0.5;
  const again = step.events.some((e) => e.kind === 'retoss');
  const [hx, hy] = [a.pan[0] + WELL.x, a.pan[1] + WELL.y];
  const lift = 30 + 70 * p;
  const up = 1.25 + 0.5 * p;
  m.move(m.el('pan'), again
    ? [{ transform: 'none' }, { transform: `translateY(-12px) rotate(-4deg)`, offset: 0.15 }, { transform: 'none', offset: 0.4 },
      { transform: `translateY(-12px) rotate(-4deg)`, offset: 0.6 }, { transform: 'none' }]
    : [{ transform: 'none' }, { transform: `translateY(${-6 - 10 * p}px) rotate(-4deg)`, offset: 0.3 }, { transform: 'none' }],
  { ms: again ? 800 : 450, easing: 'ease-in-out' });
  const flyOff = again ? 800 : 320;
  // The old faces (the pan as it was drawn, before the toss) into the heap.
  if (ctx.was) {
    for (const item of panItems(ctx.was)) {
      const [x, y] = spotXY(a, item.spot);
      const ghost = m.ghost(panCake(a, item));
      if (!ghost) continue;
      ghost.removeAttribute('data-piece');
      ghost.setAttribute('aria-hidden', 'true');
      const to = `translate(${hx - x}px, ${hy - y - lift}px) scale(${up})`;
      const frames = again
        ? [{ transform: 'none' }, { transform: `translate(0px, ${-lift / 2}px) scale(1.1)`, offset: 0.22 },
          { transform: 'none', offset: 0.45 }, { transform: `${to} rotateY(90deg)`, opacity: 0.6 }]
        : [{ transform: 'none' }, { transform: `${to} rotateY(90deg)`, opacity: 0.6 }];
      m.move(ghost, frames, { ms: flyOff, easing: 'ease-in', fill: 'both' });
    }
  }
  // Every pancake in the pan now lands from the heap.
  const turns = 1 + Math.round(p * 3);
  let k = 0;
  for (const item of panItems(ctx.view)) {
    const [x, y] = spotXY(a, item.spot);
    const from = `translate(${hx - x}px, ${hy - y - lift}px) scale(${up})`;
    m.move(m.el(item.id), [
      { transform: `${from} rotateY(90deg)` },
      { transform: `translate(${(hx - x) / 3}px, ${(hy - y - lift) / 3}px) scale(${1 + (up - 1) / 3}) rotateY(${turns * 360 - 40}deg)`, offset: 0.75 },
      { transform: 'translate(0px, 0px) scale(1) rotateY(360deg)' }],
    { ms: 460 + 40 * turns, delay: flyOff + 20 * k++, easing: 'cubic-bezier(0.3, 0.6, 0.5, 1.1)' });
  }
  return { heap: [hx, hy - lift], landing: flyOff, done: flyOff + 460 + 40 * turns + 20 * k };
}

// The pan filled up (after delay ms): the face-down pancakes left at the
// end of the turn turn over where they lay, new ones come from the heap
// left to draw, turning face up; the rest slide to their places.
function fillMotion(step, ctx, m, delay) {
  const fields = (kind) => { const e = step.events.find((x) => x.kind === kind); return e && e.fields; };
  const drawn = fields('draw');
  const turned = fields('turn_up');
  const v = ctx.view;
  const was = ctx.was;
  if (!was) return;
  const count = (list, t) => (list || []).filter((x) => x === t).length;
  let downAt = 0;
  let k = 0;
  for (const t of ORDER) {
    const now = v.pan_up[t] || 0;
    const fresh = drawn ? count(drawn.toppings, t) : 0;
    const up = turned ? count(turned.toppings, t) : 0;
    const kept = now - fresh - up;
    for (let i = 0; i < now; i++) {
      const el = m.el(`pan:up:${t}:${i}`);
      if (i < kept) m.slide(el, `pan:up:${t}:${i}`, { delay });
      else if (i < kept + up) m.slide(el, m.was(`pan:down:${downAt++}`), { turn: true, delay });
      else m.slide(el, 'stock', { turn: true, delay: delay + (turned ? 500 : 0) + 90 * k++ });
    }
  }
}

// The middle of the top pancake of pile i when it holds n.
function pileTop(a, i, n) {
  const [sx, base] = stackBase(a, i);
  return [sx + SIDE.w / 2, base - SIDE.h / 2 - Math.max(0, n - 1) * LAYER];
}

// A pancake (a ghost drawn w x h at x, y) flying to the top of pile i,
// which holds n now, flattening to a pancake side on; that top lands.
function toPile(m, a, i, n, { art, x, y, w, h, delay = 0 }) {
  const [tx, ty] = pileTop(a, i, n);
  const ghost = m.ghost(s('g', { 'aria-hidden': 'true' }, use(art, x - w / 2, y - h / 2, w, h)));
  if (ghost) {
    m.move(ghost, [{ transform: 'none', opacity: 0 }, { transform: 'none', opacity: 1, offset: 0.1 },
      { transform: `translate(${tx - x}px, ${ty - y}px) scale(${SIDE.w / w}, ${SIDE.h / h})`, opacity: 0.9 }],
    { ms: 650, delay, easing: 'ease-in-out', fill: 'both' });
  }
  m.land(m.el(`pile:${i}:${n - 1}`), { delay: delay + 600 });
}

// A short nod: a pile asked, a guess said, the chef stopping.
function nod(m, el, delay = 0) {
  m.move(el, [{ transform: 'scale(1)' }, { transform: 'scale(1.08)', offset: 0.4 }, { transform: 'scale(1)' }], { ms: 450, delay });
}

// A guess: what the guesser said shows over their pile, the lifted
// pancake turns face up (the chef had seen it already) and goes to the
// taker's pile. Answers when it is there.
function revealMotion(f, ctx, m, a) {
  const x = a.pan[0] + LIFT.x;
  const y = a.pan[1] + LIFT.y;
  const z = LIFT.size;
  const [gx, gy] = pileXY(a, f.guesser);
  const said = m.ghost(s('g', { 'aria-hidden': 'true' },
    s('rect', { x: gx + COL_W / 2 - 34, y: gy - 6, width: 68, height: 60, rx: 14, fill: '#fff', stroke: INK, 'stroke-width': 2 }),
    use(PANCAKE_TOPPING[f.guess], gx + COL_W / 2 - 24, gy, 48),
    badge(LETTER[f.guess], gx + COL_W / 2 + 34 + a.fs * 0.3, gy + 54 + a.fs * 0.3, a.fs)));
  m.move(said, [{ transform: 'scale(0.3)', opacity: 0 }, { transform: 'scale(1)', opacity: 1, offset: 0.2 },
    { transform: 'scale(1)', opacity: 1, offset: 0.8 }, { transform: 'scale(1)', opacity: 0 }], { ms: REVEAL_MS, fill: 'both' });
  nod(m, m.el(`guess:${f.guess}`));
  const seen = !!ctx.was && ctx.was.peek === f.topping;
  if (!seen) {
    const back = m.ghost(s('g', { 'aria-hidden': 'true' }, use('pancake-back', x - z / 2, y - z / 2, z)));
    m.move(back, [{ transform: 'rotateY(0deg)' }, { transform: 'rotateY(90deg)', offset: 0.2 },
      { transform: 'rotateY(90deg)', opacity: 0, offset: 0.21 }, { transform: 'rotateY(90deg)', opacity: 0 }], { ms: REVEAL_MS, fill: 'both' });
  }
  const face = m.ghost(s('g', { 'aria-hidden': 'true' }, use(PANCAKE_TOPPING[f.topping], x - z / 2, y - z / 2, z),
    badge(LETTER[f.topping], x + z / 2 + a.fs * 0.2, y + z / 2 + a.fs * 0.2, a.fs)));
  const n = ctx.view.piles[f.taker];
  const [tx, ty] = pileTop(a, f.taker, n);
  const turn = seen ? 'none' : 'rotateY(90deg)';
  // Turned over, shown a moment, carried over the pile and laid on it.
  m.move(face, [{ transform: turn }, { transform: turn, offset: 0.2 }, { transform: 'none', offset: 0.38 },
    { transform: 'none', offset: 0.5, easing: 'ease-in-out' },
    { transform: `translate(${tx - x}px, ${ty - y - z * 0.4}px) scale(0.8)`, offset: 0.85, easing: 'ease-in' },
    { transform: `translate(${tx - x}px, ${ty - y}px) scale(${SIDE.w / z}, ${SIDE.h / z})`, opacity: 0.8 }],
  { ms: REVEAL_MS, easing: 'linear', fill: 'both' });
  m.land(m.el(`pile:${f.taker}:${n - 1}`), { delay: REVEAL_MS - 150 });
  return REVEAL_MS;
}

export default {
  id: 'pancake',
  oneScreen: true,
  sounds: { draw: 'place', toss: 'toss', bonus: 'stack', pick: 'back', reveal: 'turn', gamble: 'swap', turn_up: 'turn' },
  // The pieces, drawn, in the rules in brief.
  legend: ['pancake-strawberry', 'pancake-kiwi', 'pancake-banana', 'pancake-blueberry', 'pancake-chocolate',
    'pancake-back', 'pancake-chef'],

  // The piece a log line shows: a topping shown (never one of a memory).
  pieceOf(e) {
    const f = e.fields;
    if (!f || e.memory) return null;
    if ((e.kind === 'reveal' || e.kind === 'peek' || e.kind === 'bonus') && f.topping) return PANCAKE_TOPPING[f.topping];
    if (e.kind === 'gamble') return 'pancake-stack';
    return null;
  },

  draw(ctx) {
    const a = arrange(ctx);
    const svg = s('svg', { viewBox: `0 0 ${a.w} ${a.h}`, role: 'group', 'aria-label': 'the Yummy Yummy Pancake table',
      'data-scale': a.scale.toFixed(3) });
    svg.append(s('title', { text: 'Yummy Yummy Pancake: the pan, the toppings and every player\'s pile' }));
    drawPan(svg, ctx, a);
    drawTray(svg, ctx, a);
    drawPiles(svg, ctx, a);
    return svg;
  },

  // One step in motion, on the table as it is after the step (m: motion.js).
  animate(step, ctx, m) {
    if (!m.el('pan')) return;
    const a = arrange(ctx);
    const v = ctx.view;
    const has = (kind) => step.events.find((e) => e.kind === kind && e.fields);
    let t = 0;
    const bonus = has('bonus');
    if (has('toss')) {
      const toss = tossMotion(step, ctx, m, a);
      t = toss.done;
      // The bonus flies from the heap in the air to the chef's pile.
      if (bonus) {
        const chef = bonus.fields.chef;
        const [x, y] = toss.heap;
        toPile(m, a, chef, v.piles[chef], { art: 'pancake-back', x, y, w: CAKE, h: CAKE, delay: toss.landing + 150 });
        m.land(m.el('bonus'), { delay: toss.landing + 700 });
      }
    }
    // The last face-down spot empties: that pancake is lifted out (and,
    // for the chef, turned over to peek).
    if (has('pick')) m.slide(m.el('picked'), `pan:down:${v.face_down}`, { turn: !!v.peek, ms: 500 });
    const ask = has('ask');
    if (ask) nod(m, m.el(`pile:${ask.fields.guesser}`));
    const reveal = has('reveal');
    if (reveal) t = revealMotion(reveal.fields, ctx, m, a);
    // The chocolate gamble: a pancake from one pile to the other.
    const gamble = has('gamble');
    if (gamble) {
      const { seat, to } = gamble.fields;
      const [x, y] = pileTop(a, seat, v.piles[seat] + 1);
      toPile(m, a, to, v.piles[to], { art: 'pancake-side', x, y, w: SIDE.w, h: SIDE.h, delay: t });
      t += 600;
    }
    if (has('stop')) nod(m, m.el('hat'));
    // The turn's end: the pan filled up for the next chef.
    if (has('turn_up') || has('draw')) fillMotion(step, ctx, m, t);
    const win = has('win');
    if (win) nod(m, m.el(`pile:${win.fields.seat}`), t);
  },

  // While the flick's meter runs: its strength round the pan's rim.
  meterFrame(board, kind, value) {
    const arc = board.querySelector('circle.flick');
    if (!arc) return;
    const len = 2 * Math.PI * Number(arc.getAttribute('r'));
    const frac = Math.max(0, Math.min(1, (value - 0.1) / 0.8));
    arc.setAttribute('stroke-dasharray', `${(frac * len).toFixed(1)} ${len.toFixed(1)}`);
  },

  seat(ctx, i) {
    const v = ctx.view;
    let more = null;
    if (!ctx.over && i === v.chef) more = v.bonus_taken ? 'the chef, with a secret bonus pancake' : 'the chef';
    else if (!ctx.over && v.phase === 'guess' && i === v.guesser) more = 'guessing';
    return { score: plural(v.piles[i], 'pancake', 'pancakes'), more };
  },

  end(ctx) {
    const v = ctx.view;
    const n = v.seats;
    const win = ctx.log.find((e) => e.kind === 'win' && e.fields);
    let why;
    if (win) why = `${ctx.name(win.fields.seat)} reached ${win.fields.pancakes} pancakes first.`;
    else {
      const top = Math.max(...v.piles);
      const who = v.piles.map((p, i) => (p === top ? ctx.name(i) : null)).filter(Boolean);
      why = `The pan could not be filled again: ${who.join(' and ')} had the most pancakes (${top}).`;
    }
    // A best moment: the most toppings guessed right, or the flick that
    // turned the most pancakes face down.
    const right = Array(n).fill(0);
    const flick = Array(n).fill(0);
    for (const e of ctx.log) {
      const f = e.fields;
      if (!f) continue;
      if (e.kind === 'reveal' && f.taker === f.guesser) right[f.guesser]++;
      if (e.kind === 'toss' && f.down) flick[f.chef] = Math.max(flick[f.chef], f.down.length);
    }
    const best = right.map((r, i) => {
      if (r >= 3 || (r >= 1 && flick[i] < 6)) return `guessed ${plural(r, 'topping', 'toppings')} right`;
      if (flick[i] >= 5) return `a flick that turned ${flick[i]} pancakes face down`;
      return null;
    });
    return { why, best };
  },

  // A log line whose pancakes went out of sight, without the memory aid.
  forgotten(e) {
    if (e.kind === 'draw') return 'The pan was filled up, face up (remembering is the game)';
    if (e.kind === 'toss') return 'The chef tossed the pan (remembering is the game)';
    if (e.kind === 'turn_up') return 'The face-down pancakes were turned face up (remembering is the game)';
    return null;
  },

  status(ctx) {
    const v = ctx.view;
    const chef = ctx.name(v.chef);
    if (ctx.mine) {
      if (v.phase === 'toss') return ctx.meterOn ? 'Stop the meter to flick the pan!'
        : 'You are the chef: flick the pan!';
      if (v.phase === 'share') return v.shared ? 'Lift another face-down pancake to share, or stop.' : 'Lift a face-down pancake from the pan and peek at it.';
      if (v.phase === 'ask') return `You peeked: ${v.peek} (${LETTER[v.peek]}). Who do you ask? Tap their pile.`;
      if (v.phase === 'guess') return `${chef} asks you: which topping is the lifted pancake?`;
    }
    if (v.phase === 'toss') return `${chef} is the chef and flicks the pan.`;
    if (v.phase === 'share') return `${chef} is the chef and lifts a pancake.`;
    if (v.phase === 'ask') return `${chef} peeks at the lifted pancake and picks who to ask.`;
    if (v.phase === 'guess') return `${ctx.name(v.guesser)} is guessing the topping.`;
    return `${chef} is the chef.`;
  },

  choices(ctx) {
    const out = [];
    for (const a of ctx.legal) {
      if (a.startsWith('toss')) {
        if (!ctx.meterOn && !out.some((o) => o.action === 'toss')) {
          out.push({ label: 'Flick the pan', primary: true, action: 'toss', run: () => ctx.meter('toss', 'toss') });
        }
      } else if (a === 'pick') out.push({ action: a, label: 'Lift a pancake and peek', primary: true });
      else if (a === 'stop') out.push({ action: a, label: 'Stop sharing' });
      else if (a.startsWith('ask ')) out.push({ action: a, label: `Ask ${ctx.name(Number(a.slice(4)) - 1)}` });
      // A guess is one of the five toppings drawn on the table.
    }
    return out;
  },
};
