// lesson.js: a lesson (docs/lessons.md) in the page. The lesson runs in
// this device's engine as a room (src/proto/lesson_room.h), so the room's
// page (table.js) draws its table with the game's own module, as any game;
// this file is the room's source and the lesson's panel: the caption (a
// live region), Next, restart, skip and leave, and the shine on the thing
// to touch, where the focus goes (a hint shines the same way: hint.js).
import { deviceEngine } from './offline/device.js';
import { deviceRoom } from './offline/solo.js';
import { h, s } from './dom.js';

const slug = (food) => food.replace(/ /g, '-'); // as passfood_layout.js names a column

// Each game's highlight words (docs/lessons.md) as the pieces its module
// draws: a word's pattern, and its selector from the match and the
// person's seat.
const TARGETS = {
  pizza: [[/^cell (\d+)$/, (m) => `[data-piece="cell:${m[1]}"]`], [/^slice (\w+)$/, (m) => `[data-piece="slice:${m[1]}"]`],
    [/^grid$/, () => '[data-piece^="cell:"]']],
  pancake: [[/^(pan|pancake .*)$/, () => '[data-piece="pan"]'], [/^(?:pile|seat) (\d+)$/, (m) => `[data-piece="pile:${m[1]}"]`],
    [/^counts$/, () => '[data-piece="counts"]'],
    [/^button (\w+)$/, (m) => `[data-key^="a:${m[1]}"]`], [/^meter$/, () => '.meter'],
    [/^topping (\w+)$/, (m) => `[data-piece="guess:${m[1]}"]`], [/^table$/, () => '[data-piece="stock"]']],
  passfood: [[/^plate (\w+)$/, (m) => `[data-key="pl:${m[1]}"]`], [/^button carry-on$/, () => '[data-key^="a:carry"]'],
    [/^column (.+)$/, (m, seat) => `[data-piece="col:${seat}:${slug(m[1])}"]`], [/^row (\d+)$/, (m, seat) => `[data-piece="row:${seat}:${m[1]}"]`],
    [/^ziggy column (.+)$/, (m) => `[data-piece="col:z:${slug(m[1])}"]`], [/^ziggy row (\d+)$/, (m) => `[data-piece="row:z:${m[1]}"]`],
    [/^ziggy$/, () => '[data-piece="board:z"]'], [/^board (\d+)$/, (m) => `[data-piece="board:${m[1]}"]`],
    [/^pawn (\d+)$/, (m) => `[data-piece="pawn:${m[1]}"]`], [/^pawn ziggy$/, () => '[data-piece="ziggy"]'],
    [/^track$/, () => '[data-piece="track"]'], [/^space (\d+)$/, (m) => `[data-piece="space:${m[1]}"]`],
    [/^cake$/, () => '[data-piece="cake"]'], [/^token (\w+)$/, (m, seat) => `[data-piece^="token:${seat}:${m[1]}:"]`],
    [/^bag$/, () => '[data-piece="bag"]'], [/^discard$/, () => '[data-piece="discard"]'],
    [/^drawn$/, (m, seat, root) => first(root, '[data-piece="drawn"]', '[data-piece="drawn-spot"]')]],
  pakupaku: [[/^dice (\d+)$/, (m) => `[data-piece="seat:${m[1]}"]`], [/^button (\w+)$/, (m) => `[data-key^="a:${m[1]}"]`],
    [/^piece (\w+)$/, (m) => `[data-key="a:stack ${m[1]}"]`], [/^swing$/, () => '[data-piece="swing"] .swinging'],
    [/^tower$/, () => '[data-piece="tower"]'], [/^penalty (\d+)$/, (m) => `[data-piece="pen:${m[1]}"]`]],
};

// Each game's moves as the pieces that make them (the buttons' keys are
// `a:` and the move's name, found without this). A take or a swap is
// pressed in steps (the token's button, the tile, the friend's board): the
// next one offered.
const MOVES = {
  pizza: [[/^flip (\d+)$/, (m) => `[data-piece="cell:${m[1]}"]`], [/^switch (\w+)$/, (m) => `[data-piece="slice:${m[1]}"]`]],
  pancake: [[/^pick$/, () => '[data-key="pan"]'], [/^guess (\w+)$/, (m) => `[data-piece="guess:${m[1]}"]`]],
  passfood: [[/^plate (\w+)$/, (m) => `[data-key="pl:${m[1]}"]`],
    [/^score column (.+)$/, (m, seat) => `[data-piece="col:${seat}:${slug(m[1])}"]`],
    [/^score row (\d+)$/, (m, seat) => `[data-piece="row:${seat}:${m[1]}"]`],
    [/^ziggy scores row (\d+)$/, (m) => `[data-piece="row:z:${m[1]}"]`],
    [/^take ziggy (.+)$/, (m, seat, root) => first(root, `[data-piece="col:z:${slug(m[1])}"][role=button]`,
      '[data-key^="a:Take"]')], // (on a phone: "Take")
    [/^swap answer give (.+)$/, (m, seat) => `[data-piece="col:${seat}:${slug(m[1])}"]`],
    [/^swap give (.+) to (\d+)$/, (m, seat, root) => first(root, `[data-piece="board:${Number(m[2]) - 1}"][role=button]`,
      `[data-piece="col:${seat}:${slug(m[1])}"][role=button]`, '[data-key^="a:Swap"]')]],
  pakupaku: [],
};

// The first of the selectors that finds something in root (else the last).
function first(root, ...sels) {
  return sels.find((x) => root.querySelector(x)) || sels[sels.length - 1];
}

// The elements of root that words name, by a game's table of patterns.
function found(root, table, words, seat) {
  const out = [];
  for (const word of words) {
    for (const [re, sel] of table || []) {
      const m = re.exec(word);
      if (m) root.querySelectorAll(sel(m, seat, root)).forEach((el) => { if (!out.includes(el)) out.push(el); });
    }
  }
  return out;
}

// The button or piece that makes move `act` (a meter's move by its words
// without the number: the button that starts the meter) for seat.
export function moveTargets(root, game, act, seat, aim = false) {
  const name = aim ? act.replace(/ \S+$/, '') : act;
  return [...root.querySelectorAll(`[data-key="a:${CSS.escape(name)}"]`), ...found(root, MOVES[game], [act], seat)];
}

// The elements a lesson's moment points at, in the room's root: for the
// person's move the button or piece that makes it, then its `show` words.
export function targets(root, game, moment, seat) {
  const out = moment.kind === 'you' && moment.act ? moveTargets(root, game, moment.act, seat, !!moment.aim) : [];
  for (const el of found(root, TARGETS[game], moment.show || [], seat)) if (!out.includes(el)) out.push(el);
  return out;
}

// The lesson of `game` as a room's source (offline/solo.js's shape), from
// chapter (from 0).
export function lessonRoom(game, chapter = 0) {
  const { open, connect } = deviceRoom(async (onPush) => {
    const engine = await deviceEngine();
    if (!engine) throw Object.assign(new Error('no engine on this device'), { status: 0 });
    const res = await fetch(new URL(`../lessons/${game}.json`, import.meta.url));
    if (!res.ok) throw Object.assign(new Error('no such lesson'), { status: 404 });
    return engine.lesson(await res.text(), chapter, onPush);
  });
  return {
    code: `lesson-${game}`,
    title: 'A lesson',
    where: 'a lesson',
    replay: null,
    gone: 'There is no lesson for that game.',
    unreachable: () => 'This browser cannot play the lesson by itself (it needs WebAssembly and workers).',
    chat: false,
    room: async () => (await open()).ask({ cmd: 'room' }),
    connect,
    lesson: (page) => new LessonPanel(page, game),
  };
}

// How long a bot's silent move waits before it is played (ms; the step's
// `after` counts in real time, slowed for the person to follow).
const BOT_PAUSE_MS = 700;

class LessonPanel {
  constructor(page, game) {
    this.page = page;
    this.game = game;
    this.caption = h('p', { class: 'caption', 'aria-live': 'polite', id: 'lesson-caption' });
    this.where = h('p', { class: 'lesson-where' });
    this.next = h('button', { type: 'button', class: 'primary', id: 'lesson-next', text: 'Next',
      onclick: () => this.go({ cmd: 'next' }) });
    // (Their word "chapter" steps aside where the panel is narrow, a phone
    // turned beside Pass the Party Food's table: the name keeps it.)
    // (One span for the words: a button of the panel is a flex box, where a
    // word's span of its own lost the space before it.)
    const words = (first) => h('span', {}, first, h('span', { class: 'chapter-word', text: ' chapter' }));
    this.restart = h('button', { type: 'button', id: 'lesson-restart', 'aria-label': 'Restart chapter',
      onclick: () => this.go({ cmd: 'restart' }) }, words('Restart'));
    this.skip = h('button', { type: 'button', id: 'lesson-skip', 'aria-label': 'Skip chapter',
      onclick: () => this.go({ cmd: 'goto', chapter: this.moment.chapter + 1 }) }, words('Skip'));
    this.done = h('p', { class: 'lesson-done', hidden: true },
      h('a', { class: 'button primary', href: '#/', text: 'Play against bots' }), ' ',
      h('a', { class: 'button', href: '#/', text: 'Back to the lobby' }));
    this.root = h('section', { class: 'lesson-panel', 'aria-label': 'the lesson' },
      this.where, this.caption, h('div', { class: 'lesson-buttons' }, this.next, this.done),
      h('div', { class: 'lesson-more' }, this.restart, this.skip,
        h('a', { class: 'button', href: '#/', id: 'lesson-leave', text: 'Leave' })));
    this.moment = null;
    this.drawn = null;
  }

  async go(req) {
    if (this.page.state.pending || !this.page.conn) return;
    this.page.say(null);
    const a = await this.page.conn.request(req);
    if (!a.ok) this.page.say(a.error.message);
  }

  // The caption and buttons, after every change of the state.
  update(s) {
    const m = s.lesson;
    if (!m || m === this.moment) return;
    this.moment = m;
    // What the lesson waits for, for the tests (the move is no secret: the caption asks for it).
    Object.assign(this.root.dataset, { kind: m.kind, act: m.act || '', aim: m.aim ? m.aim.join(' ') : '',
      show: (m.show || []).join('|'), last: String(!!m.last) });
    const pub = s.pub && s.pub.lesson;
    const chapters = pub ? pub.chapters : [];
    const title = chapters[m.chapter] ? chapters[m.chapter].title : '';
    this.where.textContent = `Chapter ${m.chapter + 1} of ${chapters.length}: ${title}`
      + (m.kind === 'done' ? '' : ` · step ${m.step + 1} of ${m.steps}`);
    let say = m.say || '';
    if (m.kind === 'done') {
      say = m.last ? 'Well done: you finished the lesson! Now play a whole game against bots.'
        : `Chapter done! Next: ${chapters[m.chapter + 1].title}.`;
    } else if (m.kind === 'you' && !say) say = 'Your move: the shining piece.';
    else if (m.kind === 'bot' && !say) say = `${s.names[m.seat] || 'Someone'} moves…`;
    this.caption.textContent = say;
    const waits = m.kind === 'note' || m.kind === 'done' || (m.kind === 'bot' && m.say);
    this.next.hidden = !waits || (m.kind === 'done' && m.last);
    this.next.textContent = m.kind === 'done' ? 'Next chapter' : m.kind === 'bot' ? `Watch ${s.names[m.seat] || ''}`.trim() : 'Next';
    this.done.hidden = !(m.kind === 'done' && m.last);
    this.skip.hidden = m.chapter + 1 >= chapters.length;
    if (m.kind === 'bot' && !m.say) this.page.later(() => this.go({ cmd: 'next' }), BOT_PAUSE_MS);
  }

  // After the table is drawn for state s: the shine on what the moment points at, and
  // the focus on the thing to touch (or on Next, when the lesson waits for it).
  shown(s) {
    const m = s.lesson; // the moment of the state drawn (the queue may draw an older one)
    const root = this.page.p.root;
    unshine(root);
    if (!m) return;
    const lit = targets(root, this.game, m, s.seat);
    // A word naming many pieces (Pizza Party's grid) rings each, the last with a star:
    // a star on every one covered its neighbour's number.
    const many = new Set((m.show || []).flatMap((w) => found(root, TARGETS[this.game], [w], s.seat).slice(0, -1)));
    const moves = m.kind === 'you' && m.act ? moveTargets(root, this.game, m.act, s.seat, !!m.aim) : [];
    lit.forEach((el) => shine(el, { star: !many.has(el) || moves.includes(el) }));
    // The focus moves once a moment, and again when a redraw left it on
    // another choice or nowhere while the lesson waits for the person's move.
    const a = document.activeElement;
    const astray = !a || a === document.body || !a.isConnected || !!a.closest('[hidden]')
      || (this.page.inPlay(a) && !a.classList.contains('shine'));
    if (this.drawn === m && !(m.kind === 'you' && astray)) return;
    const touch = lit.find((el) => el.getAttribute('role') === 'button' || el.tagName === 'BUTTON');
    // Not drawn yet (the table follows later): the focus moves when it is.
    if (m.kind === 'you' && !touch) return;
    this.drawn = m;
    if (m.kind === 'you' && touch) touch.focus();
    else if (!this.next.hidden) this.next.focus();
    else if (!this.done.hidden) this.done.querySelector('a').focus();
  }
}

// A shine on el: for a piece a dashed ring and a star beside it, for a
// button a dashed outline and a star (not colour alone; steady under
// reduced motion).
export function shine(el, { star = true } = {}) {
  el.classList.add('shine');
  if (!(el instanceof SVGGraphicsElement) || !el.ownerSVGElement) return;
  const b = el.getBBox();
  // (px: one screen pixel in el's units; a drawing in large units, as a
  // phone's Pass the Party Food, drew the ring hairline and the star 8 px)
  const ctm = el.getScreenCTM();
  const px = ctm && Math.hypot(ctm.a, ctm.b) > 0 ? 1 / Math.hypot(ctm.a, ctm.b) : 0;
  const pad = Math.max(2, Math.min(b.width, b.height, 60) * 0.08, 4 * px);
  const ring = s('g', { class: 'shine-ring', 'aria-hidden': 'true' },
    s('rect', { x: b.x - pad, y: b.y - pad, width: b.width + 2 * pad, height: b.height + 2 * pad,
      rx: pad * 2, fill: 'none', stroke: '#1b1b1b', 'stroke-width': pad * 0.6, 'stroke-dasharray': `${pad * 2} ${pad}` }));
  if (star) {
    ring.append(s('text', { x: b.x + b.width + pad, y: b.y + pad, 'font-size': Math.max(10, pad * 5, 18 * px), 'text-anchor': 'middle',
      fill: '#b8860b', stroke: '#1b1b1b', 'stroke-width': 0.6, text: '★' }));
  }
  const svg = el.ownerSVGElement;
  // A piece that moves by itself between draws (Paku Paku's swing) carries
  // its ring; any other's sits over the drawing, in its coordinates.
  if (el.classList.contains('swinging')) {
    el.append(ring);
    return;
  }
  const at = el.getCTM();
  const base = svg.getCTM();
  if (at) {
    const rel = base ? base.inverse().multiply(at) : at;
    ring.setAttribute('transform', `matrix(${rel.a} ${rel.b} ${rel.c} ${rel.d} ${rel.e} ${rel.f})`);
  }
  svg.append(ring);
  keepInside(ring, svg);
}

// The drawing clips what passes its edges: a piece at an edge keeps its
// ring (drawn smaller) and its star (moved in) whole.
function keepInside(ring, svg) {
  const box = svg.getBoundingClientRect();
  const ctm = ring.getScreenCTM();
  const k = ctm && Math.hypot(ctm.a, ctm.b);
  if (!k || !box.width || !box.height) return;
  const [rect, star] = ring.children;
  // How far el passes each edge, in the ring's units (with a margin m of them).
  const over = (el, m = 0) => {
    const r = el.getBoundingClientRect();
    return { l: Math.max(0, box.left - r.left + m * k) / k, r: Math.max(0, r.right - box.right + m * k) / k,
      t: Math.max(0, box.top - r.top + m * k) / k, b: Math.max(0, r.bottom - box.bottom + m * k) / k };
  };
  const o = over(rect, Number(rect.getAttribute('stroke-width')) / 2);
  const num = (a) => Number(rect.getAttribute(a));
  rect.setAttribute('x', num('x') + o.l);
  rect.setAttribute('y', num('y') + o.t);
  rect.setAttribute('width', Math.max(0, num('width') - o.l - o.r));
  rect.setAttribute('height', Math.max(0, num('height') - o.t - o.b));
  if (!star) return;
  placeStar(star, [num('x'), num('y'), num('width'), num('height')], svg, over);
}

// The star beside a ring (x, y, w, h in its units) where it hides no text
// of the drawing (a neighbour's number, the piece's own badge) and passes
// no edge: the ring's corners, its sides' middles, a little farther out
// from its corners, then inside its corners (on the piece's drawing, not
// its text), each tried in turn; where a crowded table (a phone turned)
// leaves no such spot, the same spots for a smaller star; else the one
// hiding least, moved in from the edges.
function placeStar(star, [x, y, w, h], svg, over) {
  const texts = [...svg.querySelectorAll('text')].filter((t) => !t.closest('.shine-ring'))
    .map((t) => t.getBoundingClientRect()).filter((r) => r.width > 0 && r.height > 0);
  const full = Number(star.getAttribute('font-size'));
  const hidden = () => {
    const r = star.getBoundingClientRect();
    const o = over(star);
    return texts.reduce((t, q) => t + Math.max(0, Math.min(r.right, q.right) - Math.max(r.left, q.left))
      * Math.max(0, Math.min(r.bottom, q.bottom) - Math.max(r.top, q.top)), 0) + 1e3 * (o.l + o.r + o.t + o.b);
  };
  // (x: the star's middle; y: its baseline, a third of its size under its middle)
  const put = (sx, sy, size) => {
    star.setAttribute('font-size', size);
    star.setAttribute('x', sx);
    star.setAttribute('y', sy + size * 0.33);
  };
  let best = null;
  for (const size of [full, full * 0.75, full * 0.55]) {
    const out = size * 0.5;
    const spots = [[x + w, y], [x, y], [x + w, y + h], [x, y + h], [x + w / 2, y], [x + w, y + h / 2],
      [x + w / 2, y + h], [x, y + h / 2],
      [x + w + out, y - out], [x - out, y - out], [x + w + out, y + h + out], [x - out, y + h + out],
      [x + w - out, y + h - out], [x + w - out, y + out], [x + out, y + h - out], [x + out, y + out]];
    for (const [sx, sy] of spots) {
      put(sx, sy, size);
      const cost = hidden();
      if (!best || cost < best.cost) best = { sx, sy, size, cost };
      if (cost < 1) break;
    }
    if (best.cost < 1) break;
  }
  put(best.sx, best.sy, best.size);
  const s2 = over(star);
  star.setAttribute('x', Number(star.getAttribute('x')) + s2.l - s2.r);
  star.setAttribute('y', Number(star.getAttribute('y')) + s2.t - s2.b);
}

export function unshine(root) {
  root.querySelectorAll('.shine').forEach((el) => el.classList.remove('shine'));
  root.querySelectorAll('.shine-ring').forEach((el) => el.remove());
}

// The lobby's line for a game: Learn to play.
export function learnLink(game, title) {
  return h('a', { class: 'button', href: `#/learn/${game}`, 'data-learn': game, text: `Learn to play ${title}` });
}

