// web_screen.js: one screen (issue 29, item 3) for Pizza Party. At 1280x800,
// 1366x768, 1920x1080, a tablet (820x1180), a phone (390x844) and the phone
// turned (844x390), at the start, mid-game at a choice (an own-colour switch:
// a slice to pick) and at the end, loaded from a committed position
// (positions/pizza.json): the whole table (every cell, every slice and its
// toppings, the places, every seat's score) and every choice lie inside the
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
function measure(page) {
  return page.evaluate(() => {
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
    // Pieces: a drawing from the sprite, a name, the letter where a face shows.
    for (const el of document.querySelectorAll('.board [data-piece^="cell:"][aria-label], .board [data-piece^="slice:"], .board [data-piece^="top:"]')) {
      const id = el.dataset.piece;
      const use = el.querySelector('use');
      const drawn = use && document.querySelector(`#sprite ${use.getAttribute('href')}`);
      if (!drawn) out.bare.push(`${id}: no drawing`);
      if (!id.startsWith('top:') && !el.getAttribute('aria-label')) out.bare.push(`${id}: no name`);
      const faceUp = el.querySelector('use:not([href$="pizza-back"])') && id.startsWith('cell:');
      if ((faceUp || id.startsWith('slice:')) && !el.querySelector('.badge text')) out.bare.push(`${id}: no letter`);
    }
    out.pieces = document.querySelectorAll('.board [data-piece]').length;
    out.text = document.body.innerText;
    return out;
  });
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

async function sizes(browser, base, pos, where, expect) {
  const page = await L.openPosition(browser, base, pos, 0, { viewport: { width: 1280, height: 800 } });
  await expect.ready(page);
  const shots = [];
  for (const [w, h] of SIZES) {
    await resized(page, w, h);
    const file = `pizza-${where}-${w}x${h}`;
    await L.shot(page, file);
    shots.push([`${w}x${h}`, file]);
    const m = await measure(page);
    const at = `${where} at ${w}x${h}`;
    L.assert(m.off.length === 0, `${at}: all on screen; off it: ${m.off.slice(0, 6).join(', ')}`);
    L.assert(!m.scroll, `${at}: nothing to scroll to`);
    L.assert(m.choices >= expect.choices, `${at}: every choice there (${m.choices})`);
    L.assert(m.tiny.length === 0, `${at}: no text under 12 px: ${m.tiny.slice(0, 6).join(', ')}`);
    if (PHONE(w, h)) L.assert(m.small.length === 0, `${at}: no touch target under 44x44 px: ${m.small.slice(0, 6).join(', ')}`);
    L.assert(m.bare.length === 0 && m.pieces >= 40, `${at}: every piece drawn and named (${m.pieces}): ${m.bare.slice(0, 6).join(', ')}`);
    L.assert(!RAW.test(m.text), `${at}: nothing raw: "${RAW.exec(m.text)}"`);
  }
  await page.setViewportSize({ width: 1280, height: 800 });
  await L.axe(page, `Pizza Party ${where}`);
  await L.noErrors(page);
  await page.context().close();
  return shots;
}

const P = L.position('pizza').positions;

async function at(c, where, upto, expect) {
  const pos = await L.positionRoom(c.base, 'pizza', upto);
  const shots = await sizes(c.browser, c.base, pos, where, expect);
  await L.contactSheet(c.browser, `pizza-${where}-sizes`, shots);
}

L.suite([
  ['the start: the whole table and every cell to turn over, at six sizes', (c) => at(c, 'start', P.start, {
    choices: 32, ready: (p) => p.waitForSelector('.board [role=button]') })],
  ['mid-game, a slice to choose: the table and the slices to pick, at six sizes', (c) => at(c, 'mid', P.mid, {
    choices: 3, ready: (p) => p.waitForSelector('.board [data-piece^="slice:"][role=button]') })],
  ['the end: the table, who won, Play again and the replay, at six sizes', (c) => at(c, 'end', P.end, {
    choices: 3, ready: (p) => p.waitForSelector('.end:not([hidden]) h2') })],
], { env: L.positionEnv('pizza') });
