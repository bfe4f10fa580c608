// web_screen.js: one screen (issue 29, item 3) for Pizza Party and Pass the
// Party Food (4 players: five boards). At 1280x800,
// 1366x768, 1920x1080, a tablet (820x1180), a phone (390x844) and the phone
// turned (844x390), at the start, mid-game at a choice (Pizza Party: an
// own-colour switch, a slice to pick; Pass the Party Food: a row to score
// with Ziggy ahead, tokens, carry on) and at the end, loaded from a committed
// position (positions/GAME.json): the whole table (every cell, slice and
// topping, or the track, the pawns, the plates, every board's tiles, every
// seat's score) and every choice lie inside the
// viewport; on the phone no touch target is under 44x44 px; no text is under
// 12 px; every piece is a drawing with its name (and its letter where it
// shows one); nothing raw is written anywhere; axe-core finds nothing. A
// screenshot of each, and a contact sheet of the six sizes at each position.
'use strict';
const L = require('./lib.js');

const SIZES = [[1280, 800], [1366, 768], [1920, 1080], [820, 1180], [390, 844], [844, 390]];
const PHONE = (w, h) => Math.min(w, h) < 500;
const { RAW } = L;

// Everything the checks need, read in the page once the table is drawn for its size.
function measure(page, game) {
  return page.evaluate((game) => {
    const vw = innerWidth;
    const vh = innerHeight;
    const box = (el) => { const r = el.getBoundingClientRect(); return { x: r.x, y: r.y, r: r.right, b: r.bottom, w: r.width, h: r.height }; };
    const outside = (r) => r.x < -0.5 || r.y < -0.5 || r.r > vw + 0.5 || r.b > vh + 0.5;
    const shown = (el) => !el.closest('[hidden]') && getComputedStyle(el).visibility !== 'hidden' && el.getClientRects().length > 0;
    const name = (el) => el.getAttribute('aria-label') || el.textContent.trim().slice(0, 40);
    const out = { off: [], small: [], tiny: [], bare: [], scroll: document.documentElement.scrollHeight > vh + 1 };
    // The whole table: every piece, every slice, every place, the seats.
    const table = [...document.querySelectorAll('.board [data-piece]'), ...document.querySelectorAll('.players li')];
    for (const el of table) if (outside(box(el))) out.off.push(`table: ${el.dataset.piece || name(el)}`);
    // Every choice the person has now.
    const picks = [...document.querySelectorAll('.board [role=button], .actions button, .end button, .end a, .meter button')].filter(shown);
    out.choices = picks.length;
    for (const el of picks) if (outside(box(el))) out.off.push(`choice: ${name(el)}`);
    // Touch targets: the choices and every button or link of the room.
    const targets = [...picks, ...document.querySelectorAll('.top button, .tabs button, .players summary')].filter(shown);
    for (const el of targets) {
      const r = box(el);
      if (r.w < 44 - 0.5 || r.h < 44 - 0.5) out.small.push(`${name(el)} ${r.w.toFixed(0)}x${r.h.toFixed(0)}`);
    }
    // Text: HTML by its computed size, the table's by its size times the drawing's scale.
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const el = n.parentElement;
      if (!n.textContent.trim() || !shown(el) || el.closest('title')) continue;
      const px = el instanceof SVGElement
        ? parseFloat(getComputedStyle(el).fontSize) * el.ownerSVGElement.getScreenCTM().a
        : parseFloat(getComputedStyle(el).fontSize);
      if (px < 12 - 0.01) out.tiny.push(`"${n.textContent.trim().slice(0, 20)}" ${px.toFixed(1)} px`);
    }
    const drawing = (el) => { const use = el.querySelector('use'); return use && document.querySelector(`#sprite ${use.getAttribute('href')}`); };
    if (game === 'pizza') {
      // Pieces: a drawing from the sprite, a name, the letter where a face shows.
      for (const el of document.querySelectorAll('.board [data-piece^="cell:"][aria-label], .board [data-piece^="slice:"], .board [data-piece^="top:"]')) {
        const id = el.dataset.piece;
        if (!drawing(el)) out.bare.push(`${id}: no drawing`);
        if (!id.startsWith('top:') && !el.getAttribute('aria-label')) out.bare.push(`${id}: no name`);
        const faceUp = el.querySelector('use:not([href$="pizza-back"])') && id.startsWith('cell:');
        if ((faceUp || id.startsWith('slice:')) && !el.querySelector('.badge text')) out.bare.push(`${id}: no letter`);
      }
    } else {
      // Every piece a drawing; a tile named (by its column) with its food
      // and letter, the letter drawn over the column on every board but a
      // compact one; the tile drawn and the plates' tiles with their badge;
      // the pawns and Ziggy named with their number or letter.
      const letters = { snake: 'S', biscuit: 'B', 'fairy-bread': 'F', pikelet: 'P', lamington: 'L' };
      for (const el of document.querySelectorAll('.board [data-piece^="tile:"], .board [data-piece="drawn"], .board [data-piece^="plate-tile:"], .board [data-piece^="pawn:"], .board [data-piece="ziggy"], .board [data-piece="cake"], .board [data-piece^="space:"], .board [data-piece="bag"], .board [data-piece^="token:"]')) {
        const id = el.dataset.piece;
        if (!drawing(el)) out.bare.push(`${id}: no drawing`);
        const named = el.closest('[aria-label]');
        if (!named) out.bare.push(`${id}: no name`);
        const [kind, owner, food] = id.split(':');
        if (kind === 'tile') {
          const col = el.closest('[data-piece^="col:"]');
          const L = letters[food];
          if (!named || !named.getAttribute('aria-label').includes(`(${L})`)) out.bare.push(`${id}: its name has no letter`);
          const compact = !col.querySelector('text.letter');
          const board = el.closest('[data-piece^="board:"]');
          if (!compact && col.querySelector('text.letter').textContent !== L) out.bare.push(`${id}: the letter over its column`);
          if (compact && board.querySelector('text.letter')) out.bare.push(`${id}: a column without its letter`);
          if (compact && board.dataset.piece === 'board:0') out.bare.push(`${id}: the person's own board shows no letters`);
          void owner;
        }
        if ((kind === 'drawn' || kind === 'plate-tile') && !el.querySelector('.badge text')) out.bare.push(`${id}: no letter`);
        if (kind === 'pawn' && !/\(\d\)/.test(el.getAttribute('aria-label'))) out.bare.push(`${id}: no number in its name`);
        if (kind === 'ziggy' && !/\(Z\)/.test(el.getAttribute('aria-label'))) out.bare.push(`${id}: no letter in its name`);
      }
    }
    out.pieces = document.querySelectorAll('.board [data-piece]').length;
    out.text = document.body.innerText;
    return out;
  }, game);
}

// The table drawn for the viewport's size (its svg records the scale it chose).
async function resized(page, w, h) {
  const before = await page.getAttribute('.board svg', 'data-scale');
  await page.setViewportSize({ width: w, height: h });
  await page.waitForFunction(([bw, bh]) => {
    const b = document.querySelector('.board');
    const svg = b.querySelector('svg');
    return innerWidth === bw && innerHeight === bh && svg && svg.dataset.drawnFor === `${b.clientWidth}x${b.clientHeight}`;
  }, [w, h]);
  return before;
}

async function sizes(browser, base, pos, game, where, expect) {
  const page = await L.openPosition(browser, base, pos, 0, { viewport: { width: 1280, height: 800 } });
  await expect.ready(page);
  const shots = [];
  for (const [w, h] of SIZES) {
    await resized(page, w, h);
    const file = `${game}-${where}-${w}x${h}`;
    await L.shot(page, file);
    shots.push([`${w}x${h}`, file]);
    const m = await measure(page, game);
    const at = `${where} at ${w}x${h}`;
    L.assert(m.off.length === 0, `${at}: all on screen; off it: ${m.off.slice(0, 6).join(', ')}`);
    L.assert(!m.scroll, `${at}: nothing to scroll to`);
    L.assert(m.choices >= expect.choices, `${at}: every choice there (${m.choices})`);
    L.assert(m.tiny.length === 0, `${at}: no text under 12 px: ${m.tiny.slice(0, 6).join(', ')}`);
    if (PHONE(w, h)) L.assert(m.small.length === 0, `${at}: no touch target under 44x44 px: ${m.small.slice(0, 6).join(', ')}`);
    L.assert(m.bare.length === 0 && m.pieces >= expect.pieces, `${at}: every piece drawn and named (${m.pieces}): ${m.bare.slice(0, 6).join(', ')}`);
    L.assert(!RAW.test(m.text), `${at}: nothing raw: "${RAW.exec(m.text)}"`);
  }
  await page.setViewportSize({ width: 1280, height: 800 });
  await L.axe(page, `${game} ${where}`);
  await L.noErrors(page);
  await page.context().close();
  return shots;
}

async function at(c, game, where, upto, expect) {
  const pos = await L.positionRoom(c.base, game, upto);
  const shots = await sizes(c.browser, c.base, pos, game, where, expect);
  await L.contactSheet(c.browser, `${game}-${where}-sizes`, shots);
}

const P = L.position('pizza').positions;
const F = L.position('passfood').positions;
// The positions' servers share one seed (PF_SERVE_TEST_SEED).
L.assert(L.position('passfood').replay.seed === L.position('pizza').replay.seed, 'the positions share a seed');

L.suite([
  ['the start: the whole table and every cell to turn over, at six sizes', (c) => at(c, 'pizza', 'start', P.start, {
    choices: 32, pieces: 40, ready: (p) => p.waitForSelector('.board [role=button]') })],
  ['mid-game, a slice to choose: the table and the slices to pick, at six sizes', (c) => at(c, 'pizza', 'mid', P.mid, {
    choices: 3, pieces: 40, ready: (p) => p.waitForSelector('.board [data-piece^="slice:"][role=button]') })],
  ['the end: the table, who won, Play again and the replay, at six sizes', (c) => at(c, 'pizza', 'end', P.end, {
    choices: 3, pieces: 40, ready: (p) => p.waitForSelector('.end:not([hidden]) h2') })],
  ['Pass the Party Food, 4 players, the start: five boards, the track, the tokens and carry on, at six sizes', (c) => at(c, 'passfood', 'start', F.start, {
    choices: 3, pieces: 90, ready: (p) => p.waitForSelector('.actions button:has-text("Carry on")') })],
  ['Pass the Party Food mid-game: a row to score with Ziggy ahead, a swap, carry on, at six sizes', (c) => at(c, 'passfood', 'mid', F.mid, {
    choices: 3, pieces: 90, ready: (p) => p.waitForSelector('.board [data-key="r:0:1"][role=button], .actions button:has-text("Score row 1")') })],
  ['Pass the Party Food, the end: Ziggy on the cake, why, Play again and the replay, at six sizes', (c) => at(c, 'passfood', 'end', F.end, {
    choices: 3, pieces: 90, ready: (p) => p.waitForSelector('.end:not([hidden]) h2') })],
], { env: L.positionEnv('pizza') });
