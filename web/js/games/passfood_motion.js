// passfood_motion.js: a step of Pass the Party Food in motion, from its
// events' fields, on the table drawn as it is after the step. The step is
// played again on a model of the table as it was (the boards' columns as
// lists of tiles, the plates, the tile drawn, the pawns), event after event
// on one clock: tiles leave the bag for Ziggy's board, the tile drawn and
// the plates, then for the boards; a set scored flies to the discard pile
// and the column or the row closes up; the pawn (or Ziggy) steps along the
// track space by space, the spaces it gains floating above it; a lucky dip's
// tile comes out of the bag; a take's tile leaves Ziggy's board, a swap's
// two tiles cross; a used token turns over and goes. Each tile that is on
// the table after the step moves on its own element; a tile gone by then
// (scored, thrown away) moves as a copy drawn for the step. Under reduced
// motion nothing moves: what changed is outlined (m.mark).
import { s } from '../dom.js';
import { PARTY_FOOD } from '../art.js';
import { use, INK } from '../draw.js';
import * as L from './passfood_layout.js';
import { slug, pawnPlaces, pawnSize } from './passfood_layout.js';

// Durations in ms at normal speed (m.speed halves them at "faster").
const FLY = 340;
const CLOSE = 220;
const HOP = 115;
const PAUSE = 40;
const STAGGER = 50;
// A step of many events (the plates handed out, Ziggy's grab, his set, the
// next draw) plays faster, so that no step lasts longer than this.
const LONGEST = 1500;
// The next event of a step sets off as a tile flying lands.
const NEXT = FLY * 0.7;

const centreOf = (c) => ({ x: c.x + c.size / 2, y: c.y + c.size / 2, size: c.size });

class Model {
  constructor(ctx, m, a) {
    this.ctx = ctx;
    this.m = m;
    this.a = a;
    this.was = ctx.was;
    this.v = ctx.view;
    this.n = this.v.players.length;
    this.svg = m.el('track') && m.el('track').ownerSVGElement;
    this.tiles = [];
    this.cols = {};
    const owners = ['z', ...this.was.players.map((p) => p.seat)];
    for (const o of owners) {
      const counts = o === 'z' ? this.was.ziggy.board : this.was.players[o].board;
      this.cols[o] = this.was.foods.map((food, f) => Array.from({ length: counts[f] }, (_, r) =>
        this.tile(food, `tile:${o}:${slug(food)}:${r}`, this.cell(o, f, r))));
    }
    this.plates = {};
    for (const [p, food] of Object.entries(this.was.plates)) {
      this.plates[p] = food ? this.tile(food, `plate-tile:${p}`, this.plateSpot(p)) : null;
    }
    this.drawn = this.was.drawn ? this.tile(this.was.drawn, 'drawn', centreOf(this.drawnSpot())) : null;
    this.pos = { z: this.was.ziggy.pos };
    this.was.players.forEach((p) => { this.pos[p.seat] = p.pos; });
    this.walks = {};
    this.extra = [];
    this.changed = new Set();
    this.end = 0;
  }

  // ---- places (drawing units; centres) ---------------------------------------------

  // Where a piece was before the step, on the screen, in this drawing's units.
  before(id) {
    return this.unitsOf(this.m.was(id));
  }

  cell(o, f, r) {
    // A board not drawn (the others' at the end on a phone): its tiles go to
    // its owner on the track.
    if (!this.a.geo.boards[o]) {
      const p = o === 'z' ? L.spaceAt(this.a, this.v.ziggy.pos) : this.pawnHome(o);
      return { x: p.x, y: p.y, size: pawnSize(this.a) * 0.5 };
    }
    const c = L.cellAt(this.a, o, f, r);
    return { x: c.x, y: c.y, size: c.size };
  }

  plateSpot(p) {
    const j = Object.keys(this.v.plates).indexOf(p);
    const c = L.plateAt(this.a, j);
    return { x: c.x, y: c.y, size: c.size * 0.6 };
  }

  drawnSpot() {
    const d = L.drawnAt(this.a);
    return { x: d.x - d.size / 2, y: d.y - d.size / 2, size: d.size };
  }

  bag() {
    const b = L.bagAt(this.a);
    return { x: b.x, y: b.y, size: b.size * 0.5 };
  }

  pile(f) {
    const d = L.discardAt(this.a, f);
    return { x: d.x, y: d.y - d.size * 0.3, size: d.size };
  }

  owner(seat) { return seat < 0 ? 'z' : seat; }
  cap(o) { return o === 'z' ? 3 : 4; }
  food(name) { return this.v.foods.indexOf(name); }

  // ---- tiles -----------------------------------------------------------------------

  // A tile of the model: where it was (its element's place before the step, or
  // the layout's), and the waypoints of its path on the step's clock.
  tile(food, id, at) {
    const was = id && this.before(id);
    const t = { food, id, path: [{ t: 0, ...(was || at), o: 1, box: !!was }] };
    this.tiles.push(t);
    return t;
  }

  last(t) { return t.path[t.path.length - 1]; }

  // The tile goes to `to` between time `at` and at + ms (held where it is before).
  move(t, at, ms, to, extra = {}) {
    const here = this.last(t);
    if (at > here.t) t.path.push({ ...here, t: at });
    t.path.push({ t: at + ms, x: to.x, y: to.y, size: to.size, o: 1, box: false, ...extra });
    this.end = Math.max(this.end, at + ms);
  }

  // A tile out of the bag at time `at`.
  fromBag(food, at) {
    const b = this.bag();
    const t = { food, id: null, path: [{ t: 0, ...b, o: 0 }] };
    if (at > 0) t.path.push({ t: at, ...b, o: 0 });
    t.path.push({ t: at + 60, ...b, o: 1 });
    this.tiles.push(t);
    return t;
  }

  // A tile received by owner o (PPF-1: the top free space, else the discard pile).
  give(t, o, at, ms = FLY) {
    const f = this.food(t.food);
    const col = this.cols[o][f];
    if (col.length < this.cap(o)) {
      col.push(t);
      this.move(t, at, ms, this.cell(o, f, col.length - 1));
    } else {
      this.move(t, at, ms, this.pile(f), { o: 0.2 });
    }
    this.changed.add(`board:${o}`);
  }

  // Tiles leaving column f of owner o at `rows` go to the discard pile, and
  // the column closes up.
  discard(o, f, rows, at) {
    const col = this.cols[o][f];
    const gone = rows.filter((r) => r < col.length).map((r) => col[r]);
    gone.forEach((t, k) => {
      this.move(t, at + k * 40, 140, { ...this.last(t), size: this.last(t).size * 1.18 });
      this.move(t, at + k * 40 + 160, FLY, this.pile(f), { o: 0.2 });
    });
    this.cols[o][f] = col.filter((t) => !gone.includes(t));
    this.cols[o][f].forEach((t, r) => {
      const to = this.cell(o, f, r);
      const here = this.last(t);
      if (Math.hypot(here.x - to.x, here.y - to.y) > 0.5) this.move(t, at + 160 + FLY * 0.6, CLOSE, to);
    });
    return gone.length;
  }

  // ---- pawns -----------------------------------------------------------------------

  walkOf(who) {
    if (!this.walks[who]) {
      const id = who === 'z' ? 'ziggy' : `pawn:${who}`;
      const was = this.before(id);
      const from = was || this.stand(who, this.pos[who]);
      this.walks[who] = { id, path: [{ t: 0, x: from.x, y: from.y, s: 1, r: 0, box: !!was }] };
    }
    return this.walks[who];
  }

  // Where Ziggy lies on space i, or a pawn stands above it (the centre of its drawing).
  stand(who, i) {
    if (who === 'z') return L.spaceAt(this.a, i);
    const f = L.pawnAt(this.a, i);
    return { x: f.x, y: f.y - pawnSize(this.a) * 0.41 };
  }

  // Space by space from `from` to `to`, a hop each, the points floating over it.
  walk(who, from, to, points, at) {
    const w = this.walkOf(who);
    const p = this.a.geo.track.p;
    const hop = Math.max(75, HOP - 3 * (to - from));
    let t = at;
    for (let i = from + 1; i <= to; i++, t += hop) {
      const a0 = this.stand(who, i - 1);
      const a1 = this.stand(who, i);
      if (i === from + 1) w.path.push({ ...this.last(w), t });
      else w.path.push({ t, x: a0.x, y: a0.y, s: 1, r: 0 });
      w.path.push({ t: t + hop / 2, x: (a0.x + a1.x) / 2, y: Math.min(a0.y, a1.y) - p * 0.35, s: 1.08, r: 0 });
      w.path.push({ t: t + hop, x: a1.x, y: a1.y, s: 1, r: 0 });
    }
    this.pos[who] = to;
    this.float(`+${points}`, this.stand(who, from), at, t - at + 300);
    this.end = Math.max(this.end, t);
    return t;
  }

  // A pawn's little dance: a bounce (cake, won) or a shake (caught, lost).
  dance(who, at, kind) {
    const w = this.walkOf(who);
    const h = this.last(w);
    const p = this.a.geo.track.p;
    const frames = kind === 'bounce'
      ? [[0, 0, 1, 0], [120, -p * 0.5, 1.15, 0], [240, 0, 1, 0], [360, -p * 0.3, 1.08, 0], [480, 0, 1, 0]]
      : [[0, 0, 1, 0], [90, 0, 1.1, -18], [180, 0, 1.1, 18], [270, 0, 1.1, -14], [360, 0, 1.05, 10], [480, 0, 1, 0]];
    for (const [dt, dy, sc, r] of frames) w.path.push({ t: at + dt, x: h.x, y: h.y + dy, s: sc, r, box: h.box });
    this.end = Math.max(this.end, at + 480);
  }

  // A few words floating up and away (the spaces gained).
  float(words, at, t0, ms) {
    const fs = this.a.fs * 1.3;
    const p = this.a.geo.track.p;
    const el = s('text', { x: at.x, y: Math.max(at.y - p * 0.3, fs), 'font-size': fs, 'text-anchor': 'middle',
      class: 'glyph', fill: INK, stroke: '#fffaf2', 'stroke-width': fs * 0.25, 'paint-order': 'stroke', text: words });
    this.extra.push({ el, frames: [[0, 0, 0], [t0, 0, 0], [t0 + 120, 0, 1], [t0 + ms * 0.8, -p * 0.4, 1], [t0 + ms, -p * 0.5, 0]] });
  }

  // ---- the events --------------------------------------------------------------------

  event(e, at) {
    const f = e.fields || {};
    const v = this.v;
    switch (e.kind) {
      case 'zdraw': {
        this.give(this.fromBag(f.food, at), 'z', at);
        return at + NEXT;
      }
      case 'draw': {
        const t = this.fromBag(f.food, at);
        this.move(t, at, FLY, centreOf(this.drawnSpot()));
        this.drawn = t;
        return at + NEXT;
      }
      case 'plate': {
        const t = this.drawn;
        this.drawn = null;
        if (!t) return at;
        this.move(t, at, FLY * 0.8, this.plateSpot(f.plate));
        this.plates[f.plate] = t;
        return at + NEXT;
      }
      case 'share': {
        // The last tile drawn goes to the last free plate by itself.
        let t0 = at;
        const empty = Object.keys(this.plates).find((p) => !this.plates[p] && f[p]);
        if (this.drawn && empty) {
          this.move(this.drawn, at, FLY * 0.7, this.plateSpot(empty));
          this.plates[empty] = this.drawn;
          this.drawn = null;
          t0 = at + FLY * 0.7;
        }
        const a = f.seat;
        const to = { left: (a + 1) % this.n, centre: a, right: (a + this.n - 1) % this.n, x: -2 };
        let k = 0;
        for (const p of Object.keys(this.plates)) {
          const t = this.plates[p];
          if (!t) continue;
          this.plates[p] = null;
          if (to[p] === -2) this.move(t, t0 + k * STAGGER, FLY, this.pile(this.food(t.food)), { o: 0.2 });
          else this.give(t, to[p], t0 + k * STAGGER);
          k++;
        }
        return t0 + NEXT + k * STAGGER;
      }
      case 'zscore':
      case 'score': {
        const o = e.kind === 'zscore' ? 'z' : f.seat;
        if (f.set === 'column') this.discard(o, this.food(f.food), [0, 1, 2, 3], at);
        else v.foods.forEach((food, i) => this.discard(o, i, [f.row], at));
        // the pawn sets off as the set flies to the discard pile
        const walked = this.walk(o, f.from, f.to, f.points, at + 160);
        return Math.max(walked, at + 160 + FLY + CLOSE) + PAUSE;
      }
      case 'dip': {
        this.give(this.fromBag(f.food, at), this.owner(f.seat), at);
        return at + NEXT;
      }
      case 'take': {
        const col = this.cols.z[this.food(f.food)];
        const t = col.pop();
        this.spend(f.seat, 'take', at);
        if (t) this.give(t, f.seat, at + 150);
        return at + 150 + FLY + PAUSE;
      }
      case 'swap': {
        if (f.back === undefined) return at + PAUSE; // an offer: the tiles stay until the answer
        const give = this.cols[f.seat][this.food(f.food)].pop();
        this.spend(f.seat, 'swap', at);
        if (give) this.give(give, f.to, at + 150, FLY * 1.3);
        const back = this.cols[f.to][this.food(f.back)].pop();
        if (back) this.give(back, f.seat, back === give ? at + 150 + FLY * 1.3 : at + 150, FLY * 1.3);
        return at + 150 + FLY * (back === give ? 2.6 : 1.3) + PAUSE;
      }
      case 'refill': {
        for (let k = 0; k < Math.min(f.tiles || 0, 6); k++) {
          const food = v.foods[k % 5];
          const t = this.tile(food, null, this.pile(k % 5));
          this.move(t, at + k * 50, FLY, { ...this.bag(), size: this.bag().size * 0.6 }, { o: 0 });
        }
        return at + FLY + 300 + PAUSE;
      }
      case 'cake':
        this.dance(f.seat, at, 'bounce');
        return at + 500;
      case 'won':
        v.players.forEach((p) => this.dance(p.seat, at, 'bounce'));
        return at + 500;
      case 'lost':
        if (f.cause === 'caught') { this.dance(f.seat, at, 'shake'); this.dance('z', at, 'bounce'); }
        else this.dance('z', at, 'shake');
        return at + 500;
      default:
        return at;
    }
  }

  // A token used: it turns over and goes.
  spend(seat, kind, at) {
    const p = this.was.players[seat];
    const k = (kind === 'swap' ? p.swaps : p.takes) - 1;
    const from = this.before(`token:${seat}:${kind}:${k}`);
    if (!from) return;
    const art = kind === 'swap' ? 'passfood-swap' : 'passfood-take';
    const el = s('g', {}, use(art, from.x - from.size / 2, from.y - from.size / 2, from.size));
    const back = s('g', {}, use('passfood-token-back', from.x - from.size / 2, from.y - from.size / 2, from.size));
    this.extra.push({ el, frames: [[0, 0, 1, 0], [at, 0, 1, 0], [at + 180, 0, 1, 90]], turn: true });
    this.extra.push({ el: back, frames: [[0, 0, 0, 90], [at + 180, 0, 1, 90], [at + 360, 0, 1, 0], [at + 700, 0, 0, 0]], turn: true });
    this.end = Math.max(this.end, at + 700);
    this.changed.add(`tokens:${seat}`);
  }

  // ---- the step played ------------------------------------------------------------------

  // The step's clock squeezed to `most` ms when it is longer.
  fit(most) {
    if (this.end <= most) return;
    const k = most / this.end;
    for (const p of [...this.tiles, ...Object.values(this.walks)]) p.path.forEach((w) => { w.t *= k; });
    for (const x of this.extra) x.frames.forEach((f) => { f[0] *= k; });
    this.end = most;
  }

  // Where each tile of the model is on the table drawn after the step.
  settle() {
    const home = new Map();
    for (const [o, cols] of Object.entries(this.cols)) {
      cols.forEach((col, f) => col.forEach((t, r) => home.set(t, `tile:${o}:${slug(this.v.foods[f])}:${r}`)));
    }
    for (const [p, t] of Object.entries(this.plates)) if (t) home.set(t, `plate-tile:${p}`);
    if (this.drawn) home.set(this.drawn, 'drawn');
    return home;
  }

  // Whether the model ends as the view does (else the step is only outlined).
  agrees() {
    const v = this.v;
    const same = (o, counts) => this.cols[o].every((col, f) => col.length === counts[f]);
    return same('z', v.ziggy.board) && v.players.every((p) => same(p.seat, p.board))
      && Object.entries(this.plates).every(([p, t]) => !!t === !!v.plates[p]) && !!this.drawn === !!v.drawn;
  }

  run() {
    const m = this.m;
    const home = this.settle();
    const ok = this.agrees();
    const total = Math.max(this.end, 1);
    const fx = this.svg && this.svg.querySelector('.fx');
    const moved = [];
    for (const t of this.tiles) {
      if (t.path.length < 2) continue;
      const id = home.get(t);
      const el = id ? m.el(id) : null;
      if (id) moved.push(id);
      if (m.calm || !ok) continue;
      if (el) this.along(el, t.path, this.homeOf(id), total);
      else if (fx) this.ghost(fx, t, total);
    }
    for (const [who, w] of Object.entries(this.walks)) {
      if (w.path.length < 2) continue;
      moved.push(w.id);
      if (m.calm) continue;
      const el = m.el(w.id);
      const home2 = who === 'z' ? L.spaceAt(this.a, this.v.ziggy.pos) : this.pawnHome(Number(who));
      if (el) this.walkAlong(el, w.path, home2, total);
    }
    if (m.calm || !ok) {
      for (const id of [...moved, ...this.changed]) m.mark(m.el(id));
      return;
    }
    for (const x of this.extra) if (fx) this.effect(fx, x, total);
  }

  homeOf(id) {
    const parts = id.split(':');
    if (parts[0] === 'tile') {
      const o = parts[1] === 'z' ? 'z' : Number(parts[1]);
      return this.cell(o, this.v.foods.map(slug).indexOf(parts[2]), Number(parts[3]));
    }
    if (parts[0] === 'plate-tile') return this.plateSpot(parts[1]);
    return centreOf(this.drawnSpot());
  }

  pawnHome(seat) {
    const f = pawnPlaces(this.v, this.a)[seat];
    return { x: f.x, y: f.y - pawnSize(this.a) * 0.41 };
  }

  animateEl(el, frames, total) {
    el.style.transformBox = 'fill-box';
    el.style.transformOrigin = 'center';
    const anim = el.animate(frames, { duration: total * this.m.speed, fill: 'backwards', easing: 'linear' });
    this.m.anims.push(anim);
    return anim;
  }

  // How far an element's box centre is from its place (a badge makes a box
  // bigger on one side): places measured as boxes (before the step) are
  // put back by it.
  offset(el, home) {
    const now = this.unitsOf(el.getBoundingClientRect());
    return now ? { x: now.x - home.x, y: now.y - home.y } : { x: 0, y: 0 };
  }

  unitsOf(box) {
    const ctm = this.svg && this.svg.getScreenCTM();
    if (!box || !ctm || !box.width) return null;
    return { x: (box.x + box.width / 2 - ctm.e) / ctm.a, y: (box.y + box.height / 2 - ctm.f) / ctm.d, size: box.width / ctm.a };
  }

  placed(path, off) {
    return path.map((w) => (w.box ? { ...w, x: w.x - off.x, y: w.y - off.y } : w));
  }

  // A tile's element along its path, relative to where it is drawn now.
  along(el, path0, home, total) {
    const path = this.placed(path0, this.offset(el, home));
    const frames = path.map((w) => ({
      offset: Math.min(1, w.t / total),
      transform: `translate(${(w.x - home.x).toFixed(2)}px, ${(w.y - home.y).toFixed(2)}px) scale(${(w.size / home.size).toFixed(3)})`,
      opacity: w.o,
      easing: 'ease-in-out',
    }));
    this.tail(frames);
    this.animateEl(el, frames, total);
  }

  walkAlong(el, path0, home, total) {
    const path = this.placed(path0, this.offset(el, home));
    const frames = path.map((w) => ({
      offset: Math.min(1, w.t / total),
      transform: `translate(${(w.x - home.x).toFixed(2)}px, ${(w.y - home.y).toFixed(2)}px) scale(${w.s}) rotate(${w.r}deg)`,
      easing: 'ease-in-out',
    }));
    this.tail(frames);
    this.animateEl(el, frames, total);
  }

  // Keyframes end where the element is drawn (at its last offset, and 1).
  tail(frames) {
    frames.sort((x, y) => x.offset - y.offset);
    const last = frames[frames.length - 1];
    last.transform = 'translate(0px, 0px) scale(1)';
    if ('opacity' in last) last.opacity = 1;
    if (last.offset < 1) frames.push({ ...last, offset: 1 });
    frames[0].offset = 0;
  }

  // A copy of a tile gone by the end of the step (scored, thrown away, back in the bag).
  ghost(fx, t, total) {
    const end = this.last(t);
    const el = s('g', {}, use(PARTY_FOOD[t.food], end.x - end.size / 2, end.y - end.size / 2, end.size));
    fx.append(el);
    const frames = t.path.map((w) => ({
      offset: Math.min(1, w.t / total),
      transform: `translate(${(w.x - end.x).toFixed(2)}px, ${(w.y - end.y).toFixed(2)}px) scale(${(w.size / end.size).toFixed(3)})`,
      opacity: w.o,
    }));
    frames.sort((x, y) => x.offset - y.offset);
    frames[0].offset = 0;
    const lastF = frames[frames.length - 1];
    if (lastF.offset < 1) frames.push({ ...lastF, offset: 1, opacity: 0 });
    else lastF.opacity = 0;
    this.animateEl(el, frames, total).finished.then(() => el.remove(), () => el.remove());
  }

  // Words floating, a token turning over: [t, dy, opacity, rotateY] frames.
  effect(fx, x, total) {
    fx.append(x.el);
    const frames = x.frames.map(([t, dy, o, ry]) => ({
      offset: Math.min(1, t / total),
      transform: `translateY(${dy}px)${x.turn ? ` rotateY(${ry || 0}deg)` : ''}`,
      opacity: o,
    }));
    frames.sort((p, q) => p.offset - q.offset);
    frames[0].offset = 0;
    if (frames[frames.length - 1].offset < 1) frames.push({ ...frames[frames.length - 1], offset: 1, opacity: 0 });
    else frames[frames.length - 1].opacity = 0;
    this.animateEl(x.el, frames, total).finished.then(() => x.el.remove(), () => x.el.remove());
  }
}

export function play(step, ctx, m, a) {
  if (!ctx.was || !ctx.was.players || !m.el('track')) return;
  const model = new Model(ctx, m, a);
  let at = 0;
  for (const e of step.events || []) at = model.event(e, at);
  model.fit(LONGEST);
  model.run();
}
