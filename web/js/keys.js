// keys.js: the table by keyboard. The board's pieces are one Tab stop (a
// roving tabindex): the arrow keys move between them (left and right in
// reading order, up and down to the nearest piece above or below), Home
// and End to the first and last. A game's letter keys (Paku Paku: R rolls)
// work anywhere but in a text field.

// The pieces that are choices, as the board draws them.
function picks(board) {
  return [...board.querySelectorAll('[role=button]')];
}

// Gives the Tab stop to the piece of `key`, else the first.
export function rove(board, key) {
  const all = picks(board);
  const at = all.find((p) => p.dataset.key === key) || all[0];
  all.forEach((p) => p.setAttribute('tabindex', p === at ? '0' : '-1'));
}

// The piece nearest to from in the direction dir (-1 up, 1 down): the
// closest row that way, then the closest across.
function nearest(all, from, dir) {
  const at = (el) => { const r = el.getBoundingClientRect(); return [r.x + r.width / 2, r.y + r.height / 2]; };
  const [x0, y0] = at(from);
  let best = null;
  let score = Infinity;
  for (const p of all) {
    const [x, y] = at(p);
    const dy = (y - y0) * dir;
    if (dy < 4) continue;
    const sc = dy * 4 + Math.abs(x - x0);
    if (sc < score) { score = sc; best = p; }
  }
  return best;
}

export function arrows(board) {
  board.addEventListener('keydown', (e) => {
    const all = picks(board);
    const i = all.indexOf(document.activeElement);
    if (i < 0) return;
    let to = null;
    if (e.key === 'ArrowRight') to = all[(i + 1) % all.length];
    else if (e.key === 'ArrowLeft') to = all[(i + all.length - 1) % all.length];
    else if (e.key === 'Home') to = all[0];
    else if (e.key === 'End') to = all[all.length - 1];
    else if (e.key === 'ArrowUp' || e.key === 'ArrowDown') to = nearest(all, all[i], e.key === 'ArrowUp' ? -1 : 1);
    else return;
    e.preventDefault();
    if (!to) return;
    all.forEach((p) => p.setAttribute('tabindex', p === to ? '0' : '-1'));
    to.focus();
  });
}

// The letter keys: shortcuts() answers {key: run} for the choices now.
export function letters(shortcuts) {
  const onKey = (e) => {
    if (e.ctrlKey || e.metaKey || e.altKey || /^(INPUT|SELECT|TEXTAREA)$/.test(e.target.tagName)) return;
    const run = shortcuts()[e.key.toLowerCase()];
    if (run) { e.preventDefault(); run(); }
  };
  document.addEventListener('keydown', onKey);
  return () => document.removeEventListener('keydown', onKey);
}

// el when it can take the focus (a button, or a piece that is a choice).
export function focusable(el) {
  return el && (el.tagName === 'BUTTON' || el.hasAttribute('tabindex')) ? el : null;
}
