// passfood_layout.js: where everything of Pass the Party Food's table lies:
// the score track, the middle of the table (the bag, the tile drawn, the
// plates, the discard pile) and the boards, the person's own board (and
// Ziggy's, where there is room or when it is the choice) drawn bigger than
// the others. Many arrangements are tried and the one drawn largest in the
// table's box wins, under two conditions: on a phone every space a person
// may choose (a column, a row's tag, a plate) is at least 44 px, and every
// text at least LEAST_TEXT_PX (draw.js). Positions are in drawing units.
import { LEAST_TEXT_PX } from '../draw.js';

// A food's name in a piece's id ("fairy bread": fairy-bread).
export const slug = (food) => food.replace(/ /g, '-');

export const CELL = 26;          // a small board's space
const GAP = 10;
const TOUCH_PX = 44;             // a touch target on a phone
// On a phone the track's spaces are at least this far apart (px), so a
// child sees where the pawns and Ziggy are (drawn at the text's least size
// a pawn was 14 px wide): as the text is never under LEAST_TEXT_PX, a
// space of this many texts' sizes is never under it.
const TRACK_PX = 27;
const BIG = [1.4, 1.6, 1.8, 2, 2.25, 2.5, 2.8, 3.2, 3.6, 4, 4.5, 5];
const TRACK_ROW = [8, 11, 16, 32];
// A big board's column is at least this many texts wide: its letter and
// its points ("+5") beside the next column's (at 1.7 the points under five
// columns read as one, "+5+5+5+5+5"). At the end, where no board grows for
// a finger, a little wider (while playing, 2 left no arrangement holding
// the least text in a lesson on a phone turned).
const COLUMN_FS = 1.85;
const COLUMN_FS_OVER = 2;
// A small board's space is at least this many texts (6 px at the least text size).
const SMALL_CELL_FS = 0.5;

function leaf(w, h, put) { return { w, h, put }; }

// Blocks side by side (h) or one over the other (v), centred across.
function stack(dir, gap, items) {
  const parts = items.filter(Boolean);
  const along = dir === 'h' ? 'w' : 'h';
  const across = dir === 'h' ? 'h' : 'w';
  const size = {
    [along]: parts.reduce((t, b) => t + b[along], 0) + gap * Math.max(0, parts.length - 1),
    [across]: Math.max(0, ...parts.map((b) => b[across])),
  };
  return {
    w: size.w, h: size.h,
    put(x, y, geo) {
      let at = 0;
      for (const b of parts) {
        const off = (size[across] - b[across]) / 2;
        if (dir === 'h') b.put(x + at, y + off, geo); else b.put(x + off, y + at, geo);
        at += b[along] + gap;
      }
    },
  };
}

// Blocks in rows of `cols`.
function grid(cols, gap, items) {
  const rows = [];
  for (let i = 0; i < items.length; i += cols) rows.push(stack('h', gap, items.slice(i, i + cols)));
  return stack('v', gap, rows);
}

// A board: a header (its owner and space), the foods' letters, the spaces
// (qw wide, qh high), each row's points at its end and each column's under
// it, and a player's tokens. A compact board (a small one whose letters
// would not fit its columns) keeps its header, spaces and tokens: the
// letters and points are the same on every board, and the big ones show them.
// A big board on a phone has its tokens in its header (tokHead): the row
// they had under the board is height a phone's columns need.
function board(owner, qw, qh, rows, fs, big, compact, tokHead) {
  const pad = Math.max(4, qw * 0.1);
  const tag = compact ? 0 : Math.max(fs * 2.2, big ? qw * 0.9 : qw * 0.9);
  const head = fs * 1.7;
  const lett = compact ? 0 : fs * 1.35;
  const pts = compact ? 0 : fs * 1.4;
  const tok = owner === 'z' || tokHead ? 0 : (compact ? qw * 0.75 : Math.max(fs * 1.5, qh * 0.55)) + pad;
  const w = Math.max(pad * 2 + 5 * qw + tag, fs * (compact ? 6.2 : tokHead ? 12 : 7));
  const h = pad * 2 + head + lett + rows * qh + pts + tok;
  return leaf(w, h, (x, y, geo) => {
    const gx = x + (w - 5 * qw - tag) / 2;
    geo.boards[owner] = { x, y, w, h, qw, qh, rows, pad, tag, head, lett, pts, tok, big, compact,
      tokHead: tokHead && owner !== 'z', gx, gy: y + pad + head + lett };
  });
}

// The score track: spaces 0..cake in rows of n, each row going back the way
// the last one came; a lane above each row where the pawns stand, and
// room over the first for the back two of four pawns on one space (all of
// them at the start). The cake is drawn half again as big, in its own
// slot, clear of the last space.
function track(n, cake, p) {
  const rows = Math.ceil((cake + 1) / n);
  const lane = p * 1.1;
  const rowH = lane + p;
  const top = p * 0.25;
  return leaf((n + 1) * p, top + rows * rowH, (x, y, geo) => {
    geo.track = { x, y: y + top, n, p, lane, rowH, rows, cake };
  });
}

// The middle of the table: the bag, the tile drawn, the plates and the
// discard pile, in one row or two.
function middle(plates, pl, fs, twoRows) {
  const lab = fs * 1.5;
  // Each slot as wide as its label ("70 left", "drawn", "to Sam", a count of
  // two digits under each food of the pile), and no wider: on a 360 px phone
  // the row is as wide as the screen.
  const bagW = Math.max(pl * 0.85, fs * 3.5);
  const drawnW = Math.max(pl * 0.8, fs * 3.3);
  const plateW = Math.max(pl * 1.05, fs * 3.5);
  const ds = Math.max(fs * 1.6, CELL * 0.9);
  const discW = 5 * ds;
  const h1 = pl + lab;
  const gap = GAP;
  const platesW = plates * plateW + (plates - 1) * gap * 0.5;
  const put = (bx, by, dx, dy, px, py, cx, cy) => (geo) => {
    geo.mid = { pl, lab, bag: { x: bx, y: by, w: bagW }, drawn: { x: dx, y: dy, w: drawnW },
      plates: { x: px, y: py, w: plateW, gap: gap * 0.5 }, discard: { x: cx, y: cy, w: discW, ds } };
  };
  if (!twoRows) {
    const w = bagW + drawnW + platesW + discW + 4 * gap;
    return leaf(w, h1, (x, y, geo) => put(x, y, x + bagW + gap, y, x + bagW + drawnW + 2.5 * gap, y,
      x + w - discW, y)(geo));
  }
  const top = bagW + drawnW + discW + 2 * gap;
  const w = Math.max(top, platesW);
  return leaf(w, 2 * h1 + gap, (x, y, geo) => {
    const l = x + (w - top) / 2;
    put(l, y, l + bagW + gap, y, x + (w - platesW) / 2, y + h1 + gap, l + top - discW, y)(geo);
  });
}

// Every arrangement tried: T the track, M the middle (M2 in two rows), S
// the small boards in a grid, B the big boards side by side (Bh) or one over
// the other (Bv).
const TEMPLATES = [
  (b) => stack('v', GAP, [b.T, b.M, b.S, b.Bh]),
  (b) => stack('v', GAP, [b.T, stack('h', GAP, [stack('v', GAP, [b.M, b.S]), b.Bv])]),
  (b) => stack('h', GAP, [stack('v', GAP, [b.T, b.M, b.S]), b.Bv]),
  (b) => stack('v', GAP, [b.T, stack('h', GAP, [b.Bh, b.M2]), b.S]),
  (b) => stack('v', GAP, [b.T, stack('h', GAP, [b.S, b.M2]), b.Bh]),
  (b) => stack('v', GAP, [b.T, stack('h', GAP, [b.S, stack('v', GAP, [b.M, b.Bh])])]),
  (b) => stack('h', GAP, [stack('v', GAP, [b.T, b.S]), stack('v', GAP, [b.M2, b.Bv])]),
  (b) => stack('v', GAP, [b.T, stack('h', GAP, [b.M2, b.Bh]), b.S]),
  (b) => stack('h', GAP, [stack('v', GAP, [b.T, b.M, b.Bh]), b.S]),
];

// Which boards are big: on a big screen Ziggy's and the person's own (not a
// spectator's); on a phone the person's own, or Ziggy's while the choice is
// there (two big boards leave no room for a finger's spaces).
export function bigBoards(ctx, ziggyChoice) {
  const own = ctx.seat >= 0 && ctx.seat < ctx.view.players.length ? [ctx.seat] : [];
  if (!ctx.phone) return ['z', ...own];
  return ziggyChoice ? ['z'] : own;
}

// The order of the small boards: Ziggy's first, then the players from the
// person's left neighbour round the table (the left plate's way).
function smallOrder(ctx, big) {
  const n = ctx.view.players.length;
  const me = ctx.seat >= 0 ? ctx.seat : n - 1;
  const out = [];
  if (!big.includes('z')) out.push('z');
  for (let k = 1; k <= n; k++) {
    const i = (me + k) % n;
    if (!big.includes(i)) out.push(i);
  }
  return out;
}

function blocks(ctx, big, fs, k, hr, n, g) {
  const v = ctx.view;
  const q = Math.max(CELL * k, fs * (ctx.over ? COLUMN_FS_OVER : COLUMN_FS));
  const p = Math.max(CELL * 1.15, fs * 1.75, ctx.phone ? fs * (TRACK_PX / LEAST_TEXT_PX) : 0);
  // A plate's row holds the discard pile's tiles and counts over its label: at
  // least 2.4 texts high, or on a phone (large text) the counts sat on the label.
  const pl = Math.max(CELL * 2.2, big.length ? q * 0.95 : 0, fs * 2.4);
  const plates = Object.keys(v.plates).length;
  const bigs = big.map((o) => board(o, q, q * hr, o === 'z' ? 3 : 4, fs, true, false, !!ctx.phone));
  const compact = fs > CELL * 0.8;
  // (a small board's spaces grow with the text where it is large: drawn by
  // the least text, they were 2 px in a lesson on a phone turned, the board
  // a strip; at the end, where the end's panel leaves a phone's table little
  // room, they stay as they are)
  const sq = ctx.over ? CELL : Math.max(CELL, fs * SMALL_CELL_FS);
  // At the end on a phone the small boards are left out: under the end's
  // panel they were a name strip with 3 px spaces, and the end's list says
  // what each player did (the person's own board keeps its place).
  const smalls = ctx.over && ctx.phone ? [] : smallOrder(ctx, big);
  const small = smalls.map((o) => board(o, sq, sq, o === 'z' ? 3 : 4, fs, false, compact));
  return {
    T: track(n, v.numbers.cake, p),
    M: middle(plates, pl, fs, false),
    M2: middle(plates, pl, fs, true),
    S: small.length ? grid(g, GAP, small) : null,
    Bh: bigs.length ? stack('h', GAP, bigs) : null,
    Bv: bigs.length ? stack('v', GAP, bigs) : null,
    q, qh: q * hr, pl,
  };
}

const cache = new Map();

// The arrangement drawn largest in the box: {w, h, scale, fs, geo}. geo
// holds the track, the middle and every board's place (see the leaves).
export function arrange(ctx, big) {
  const v = ctx.view;
  const box = ctx.box && ctx.box.w > 0 && ctx.box.h > 0 ? ctx.box : { w: 900, h: 700 };
  const key = JSON.stringify([box.w, box.h, !!ctx.phone, !!ctx.over, big, v.players.length, ctx.seat, v.numbers.cake,
    Object.keys(v.plates).length]);
  if (cache.has(key)) return cache.get(key);
  const PAD = 6;
  let best = null;
  let fallback = null;
  let tiny = null;
  // On a phone a big board's rows may be shorter than its columns are wide:
  // its rows' tags are then too small for a finger, and become buttons.
  const shorter = ctx.phone && big.length ? [1, 0.8, 0.66] : [1];
  // Where a finger's size matters the big boards grow until it fits (a
  // bigger one only draws the rest smaller); elsewhere they are the least big.
  const sizes = ctx.phone && big.length && !ctx.over ? BIG : [BIG[0]];
  for (const hr of shorter) {
    for (const n of TRACK_ROW.filter((x) => !ctx.phone || x < 32)) {
      for (const g of [1, 2, 3, 4]) {
        for (let t = 0; t < TEMPLATES.length; t++) {
          let fs = 13;
          let reach = 0;
          for (const [i, k] of sizes.entries()) {
            // Columns as wide as their text needs (not as k makes them) are the same board
            // as the next k's: that one is tried.
            if (i + 1 < sizes.length && CELL * sizes[i + 1] <= fs * COLUMN_FS) continue;
            // The text's size depends on the scale, the scale on the sizes: a few rounds settle
            // it, each aiming a little over the least size. Settled: the text at the scale of
            // the blocks built for that very size (one raised after the last round was never
            // laid out, and its texts would overlap).
            let b;
            let root;
            let scale = 0;
            let built = fs;
            let settled = false;
            const aim = LEAST_TEXT_PX * 1.02;
            for (let round = 0, last = null; round < 12 && !settled; round++) {
              built = fs;
              b = blocks(ctx, big, built, k, hr, n, g);
              root = TEMPLATES[t](b);
              scale = Math.min(box.w / (root.w + 2 * PAD), box.h / (root.h + 2 * PAD));
              const px = built * scale;
              settled = px >= LEAST_TEXT_PX - 1e-6;
              // A text drawn no larger than the last round's never reaches the least size here.
              if (settled || (last && px <= last.px)) break;
              // The next size: where the last two rounds' line reaches the aim (the first: as if
              // the scale stayed).
              const plain = aim / scale;
              fs = last ? built + ((aim - px) * (built - last.fs)) / (px - last.px) : plain;
              if (!(fs > built && fs < plain * 4)) fs = plain;
              last = { fs: built, px };
            }
            if (!settled) {
              // A box too small for the least text in any arrangement: the one whose text came
              // nearest, the text drawn at the least size all the same (squeezed, it may overlap).
              if (!tiny || built * scale > tiny.px) {
                tiny = { t, k, n, g, fs: LEAST_TEXT_PX / scale, px: built * scale, scale, root, q: b.q, pl: b.pl, rowsOnBoard: false };
              }
              continue;
            }
            // Bigger boards only draw it smaller: past the best, this one is done.
            if (best && scale * 1.12 <= best.score) break;
            const rowsOnBoard = !ctx.phone || (b.qh - 2) * scale >= TOUCH_PX;
            // Rows chosen on the board are worth a little of the size.
            const c = { t, k, n, g, fs: built, scale, root, q: b.q, pl: b.pl, rowsOnBoard, score: scale * (rowsOnBoard ? 1.12 : 1) };
            // On a phone the spaces a person chooses are big enough for a finger
            // (once the game is over there is nothing to choose).
            const fits = sizes.length === 1 || b.q * scale >= TOUCH_PX;
            if (!fallback || b.q * scale > fallback.q * fallback.scale) fallback = c;
            // A finger's size out of reach: bigger boards gain nothing more (but while the
            // columns are as wide as their text needs, not as k makes them, a bigger k may yet).
            if (!fits && b.q <= CELL * k && b.q * scale <= reach * 1.01) break;
            reach = b.q * scale;
            if (!fits) continue;
            if (!best || c.score > best.score + 1e-9) best = c;
            break;
          }
        }
      }
    }
  }
  const c = best || fallback || tiny;
  const geo = { boards: {} };
  c.root.put(PAD, PAD, geo);
  // squeezed: no arrangement holds the least text size in this box (the text,
  // drawn at that size all the same, may overlap).
  const a = { w: c.root.w + 2 * PAD, h: c.root.h + 2 * PAD, scale: c.scale, fs: c.fs, geo, big, rowsOnBoard: c.rowsOnBoard,
    squeezed: c === tiny };
  if (cache.size > 50) cache.clear();
  cache.set(key, a);
  return a;
}

// ---- where things are (drawing units; x, y the centre) ------------------------

// A space of the track (the cake's slot for i = cake).
export function spaceAt(a, i) {
  const t = a.geo.track;
  const r = Math.floor(i / t.n);
  const c = i % t.n;
  const col = r % 2 ? t.n - 1 - c : c;
  let x = t.x + t.p * (col + 1);
  const y = t.y + r * t.rowH + t.lane + t.p / 2;
  // The cake, half again as big, leans away from the space before it.
  if (i === t.cake && c > 0) x += (r % 2 ? -1 : 1) * t.p * 0.25;
  return { x, y };
}

// Where a pawn stands above space i: the k-th of `of` pawns there.
export function pawnAt(a, i, k = 0, of = 1) {
  const t = a.geo.track;
  const { x, y } = spaceAt(a, i);
  const cake = i === t.cake;
  const side = of > 1 ? (k % 2 ? 1 : -1) * t.p * (cake ? 0.34 : 0.27) : 0;
  const tier = Math.floor(k / 2) * t.p * 0.6;
  // the pawn's foot
  return { x: x + side, y: y - t.p * (cake ? 0.55 : 0.36) - tier };
}

// A board's space: its centre, its box (w x h) and the size of a tile in it.
export function cellAt(a, owner, col, row) {
  const b = a.geo.boards[owner];
  return { x: b.gx + (col + 0.5) * b.qw, y: b.gy + (row + 0.5) * b.qh, w: b.qw, h: b.qh,
    size: Math.min(b.qw, b.qh) * 0.94 };
}

// A plate's slot (index among the view's plates): its centre and size.
export function plateAt(a, j) {
  const m = a.geo.mid;
  const p = m.plates;
  return { x: p.x + j * (p.w + p.gap) + p.w / 2, y: p.y + m.pl / 2, size: m.pl };
}

export function bagAt(a) {
  const m = a.geo.mid;
  return { x: m.bag.x + m.bag.w / 2, y: m.bag.y + m.pl / 2, size: m.pl * 0.85 };
}

export function drawnAt(a) {
  const m = a.geo.mid;
  return { x: m.drawn.x + m.drawn.w / 2, y: m.drawn.y + m.pl / 2, size: m.pl * 0.72 };
}

// The discard pile's place for food f.
export function discardAt(a, f) {
  const m = a.geo.mid;
  const d = m.discard;
  return { x: d.x + d.ds * (f + 0.5), y: d.y + m.pl / 2, size: d.ds * 0.9 };
}

// Where each pawn is drawn: seat -> its foot (players sharing a space stand two by two).
export function pawnPlaces(v, a) {
  const at = {};
  const here = {};
  for (const p of v.players) (here[p.pos] = here[p.pos] || []).push(p.seat);
  for (const [pos, seats] of Object.entries(here)) {
    seats.forEach((seat, k) => { at[seat] = pawnAt(a, Number(pos), k, seats.length); });
  }
  return at;
}

// A pawn's drawing, and Ziggy's (his head lies on his space).
export function pawnSize(a) { return a.geo.track.p * 1.25; }
export function ziggySize(a) { return a.geo.track.p * 1.15; }
