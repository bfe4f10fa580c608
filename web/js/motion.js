// motion.js: the moves a game's drawing makes when a step is played, with
// the Web Animations API on the table's SVG, so each runs on the element of
// the piece it moves: a 3D turn (rotateY), a slide from where a piece was, a
// landing. Under prefers-reduced-motion nothing moves: the piece that
// changed is outlined for a moment instead (a class, no animation).
//
// A game's module gets one of these per step (its animate(step, ctx, m)):
// m.el(id) finds a piece by its data-piece, m.was(id) is where that piece
// was before the step was drawn, and every motion started here is awaited
// by the queue.

// Durations at normal speed, in ms (docs/web.md; LOOK.md: a move 250-450,
// a turn 300-400).
export const TURN_MS = 380;
export const SLIDE_MS = 420;
export const HIGHLIGHT_MS = 700;
// Less than this (px on the screen) is not a move.
const STAYED_PX = 6;

const EASE_OUT = 'cubic-bezier(0.2, 0.8, 0.3, 1)';
// A landing with a short overshoot.
const LAND = 'cubic-bezier(0.3, 1.35, 0.5, 1)';

// A piece's box on the screen: its part marked data-anchor when it has one
// (a slice's drawing, not its outline or badge, which come and go).
function boxOf(el) {
  return (el.querySelector('[data-anchor]') || el).getBoundingClientRect();
}

// Where each piece of the board is now: data-piece -> its box on the screen.
export function snapshot(board) {
  const at = new Map();
  board.querySelectorAll('[data-piece]').forEach((el) => at.set(el.dataset.piece, boxOf(el)));
  return at;
}

function centre(r) { return [r.x + r.width / 2, r.y + r.height / 2]; }

export function motion(board, before, { speed = 1, calm = false } = {}) {
  const anims = [];
  // Temporary elements (a piece's old face) go once the step is over.
  const cleanups = [];
  const svg = board.querySelector('svg');
  const scale = () => (svg && svg.getScreenCTM() ? svg.getScreenCTM().a : 1);
  const run = (el, frames, ms, { origin = 'center', ...opts } = {}) => {
    el.style.transformBox = 'fill-box';
    el.style.transformOrigin = origin;
    const a = el.animate(frames, { duration: ms * speed, easing: EASE_OUT, fill: 'backwards', ...opts,
      delay: (opts.delay || 0) * speed });
    anims.push(a);
    return a;
  };
  const m = {
    calm,
    anims,
    speed,
    el: (id) => (svg ? svg.querySelector(`[data-piece="${CSS.escape(id)}"]`) : null),
    was: (id) => before.get(id) || null,

    // Under reduced motion: an outline for a moment on what changed.
    mark(el) {
      if (!el) return;
      el.classList.add('changed');
      setTimeout(() => el.classList.remove('changed'), HIGHLIGHT_MS);
    },

    // A piece turning over (a 3D turn about its upright axis): `was`, an
    // element drawn as the piece looked before (its back, or its face), is
    // put over it and turns away; then the piece as it is now turns in.
    turn(el, was, { delay = 0 } = {}) {
      if (!el) return;
      if (calm) { m.mark(el); return; }
      const half = TURN_MS / 2;
      if (was) {
        el.parentNode.insertBefore(was, el.nextSibling);
        run(was, [{ transform: 'rotateY(0deg)' }, { transform: 'rotateY(90deg)' }], half,
          { delay, fill: 'both', easing: 'ease-in' });
        cleanups.push(() => was.remove());
      }
      run(el, [{ transform: 'rotateY(90deg)' }, { transform: 'rotateY(0deg)' }], half,
        { delay: delay + half, easing: 'ease-out' });
    },

    // Where `from` (a box, or a piece's id) is from the piece `el` now: the
    // CSS transform that puts el there ('' when it stayed), for a module's
    // own frames (a die tumbling on its way to the neighbour).
    offset(el, from) {
      const box = typeof from === 'string' ? m.was(from) : from;
      if (!el || !box) return '';
      const now = boxOf(el);
      const [x0, y0] = centre(box);
      const [x1, y1] = centre(now);
      if (Math.hypot(x0 - x1, y0 - y1) < STAYED_PX) return '';
      const k = scale();
      const grow = now.width > 0 && box.width > 0 ? box.width / now.width : 1;
      return `translate(${(x0 - x1) / k}px, ${(y0 - y1) / k}px) scale(${grow})`;
    },

    // A piece arriving from where `from` was (a box from m.was, or a
    // piece's id): it slides there, landing with a little overshoot, growing
    // or shrinking from the size it had. With turn, it first turns over
    // where it was (a piece turned over and taken to a slice); big pieces
    // crossing the table take longer (ms). A piece that stayed (its box
    // moved by a few pixels: an outline gone) does not move.
    slide(el, from, { delay = 0, turn = false, ms = SLIDE_MS } = {}) {
      if (!el) return;
      if (calm) { m.mark(el); return; }
      const there = m.offset(el, from);
      if (!there) return;
      const frames = turn
        ? [{ transform: `${there} rotateY(90deg)` }, { transform: `${there} rotateY(0deg)`, offset: 0.3 },
          { transform: there, offset: 0.45 }, { transform: 'translate(0px, 0px) scale(1)' }]
        : [{ transform: there }, { transform: 'translate(0px, 0px) scale(1)' }];
      run(el, frames, turn ? TURN_MS + ms : ms, { delay, easing: turn || ms > SLIDE_MS ? 'ease-in-out' : LAND });
    },

    // A piece that just came (or changed) pops in.
    land(el, { delay = 0 } = {}) {
      if (!el) return;
      if (calm) { m.mark(el); return; }
      run(el, [{ transform: 'scale(0.4)', opacity: 0.3 }, { transform: 'scale(1)', opacity: 1 }], SLIDE_MS * 0.7,
        { delay, easing: LAND });
    },

    // A piece leaving the table (a used switch piece): it fades and shrinks.
    leave(el, { delay = 0 } = {}) {
      if (!el) return;
      if (calm) { m.mark(el); return; }
      run(el, [{ opacity: 1, transform: 'scale(1)' }, { opacity: 0, transform: 'scale(0.5)' }], SLIDE_MS,
        { delay, fill: 'forwards' });
    },

    // A motion of the game's own (Web Animations keyframes: a pan tossed, a
    // pancake flying up, a die's tumble, a tower's wobble about a joint:
    // origin is the CSS transform-origin in the piece's box), at the page's
    // speed; under reduced motion the piece is outlined instead.
    move(el, frames, { ms = SLIDE_MS, delay = 0, easing = EASE_OUT, fill = 'backwards', origin = 'center' } = {}) {
      if (!el) return;
      if (calm) { m.mark(el); return; }
      run(el, frames, ms, { delay, easing, fill, origin });
    },

    // A drawing shown only while the step plays (an old face flying off),
    // put on top of the table and gone when the step is over; none under
    // reduced motion (answers null then).
    ghost(el) {
      if (calm || !svg || !el) return null;
      svg.append(el);
      cleanups.push(() => el.remove());
      return el;
    },

    // Everything started, finished (or cut short).
    finished() {
      return Promise.all(anims.map((a) => a.finished.catch(() => {})));
    },
    finish() {
      anims.forEach((a) => { try { a.finish(); } catch (e) { /* already gone */ } });
    },
    // The step is over: temporary pieces go.
    end() {
      cleanups.splice(0).forEach((f) => f());
    },
  };
  return m;
}
