// web_screen.js: one screen (issue 29, item 3) for Pizza Party and Paku
// Paku. At 1280x800,
// 1366x768, 1920x1080, a tablet (820x1180), a phone (390x844) and the phone
// turned (844x390), at the start, mid-game at a choice (an own-colour switch:
// a slice to pick) and at the end, loaded from a committed position
// (positions/pizza.json): the whole table (every cell, every slice and its
// toppings, the places, every seat's score) and every choice lie inside the
// viewport; on the phone no touch target is under 44x44 px; no text is under
// 12 px; every piece is a drawing with its name (and its letter where it
// shows one); nothing raw is written anywhere; axe-core finds nothing. A
// screenshot of each, and a contact sheet of the six sizes at each position.
// Paku Paku (positions/pakupaku-8.json, pakupaku.json): eight seats at the
// start and mid-game at a choice (a dish to stack), two at the end; every
// seat's place (its dice, its chips), the tower, the box's pieces; on a
// short screen the other seats fold to a strip.
'use strict';
const L = require('./lib.js');

const SIZES = [[1280, 800], [1366, 768], [1920, 1080], [820, 1180], [390, 844], [844, 390]];
const PHONE = (w, h) => Math.min(w, h) < 500;
const { RAW } = L;

// What each game's pieces must be: drawn (a sprite symbol), named, lettered.
const PIECES = {
  pizza: {
    drawn: '.board [data-piece^="cell:"][aria-label], .board [data-piece^="slice:"], .board [data-piece^="top:"]',
    named: '.board [data-piece^="cell:"][aria-label], .board [data-piece^="slice:"]',
    // A face shown (turned over, or seen before with the memory aid), and every slice.
    lettered: '.board [data-piece^="cell:"][aria-label]:has(use:not([href$="pizza-back"])), .board [data-piece^="slice:"]',
    least: 40,
  },
  pakupaku: {
    drawn: '.board [data-piece^="die:"], .board [data-piece^="tower:"], .board [data-piece^="supply:"], .board [data-piece^="pen:"]',
    // A seat's place names its dice and its points; a piece of the tower has its letter in its name.
    named: '.board [data-piece^="die:"], .board [data-piece^="tower:"], .board [data-piece^="supply:"], .board [data-piece^="seat:"]',
    lettered: '.board [data-piece^="die:"], .board [data-piece^="supply:"]',
    least: 12, // two seats: five dice, two places and their chips, the box's three pieces
  },
};

// Everything the checks need, read in the page once the table is drawn for its size.
function measure(page, game) {
  return page.evaluate((pieces) => {
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
    for (const el of document.querySelectorAll(pieces.drawn)) {
      const use = el.querySelector('use');
      const drawn = use && document.querySelector(`#sprite ${use.getAttribute('href')}`);
      if (!drawn) out.bare.push(`${el.dataset.piece}: no drawing`);
    }
    for (const el of document.querySelectorAll(pieces.named)) {
      if (!el.getAttribute('aria-label')) out.bare.push(`${el.dataset.piece}: no name`);
    }
    for (const el of document.querySelectorAll(pieces.lettered)) {
      if (!el.querySelector('.badge text')) out.bare.push(`${el.dataset.piece}: no letter`);
    }
    out.pieces = document.querySelectorAll('.board [data-piece]').length;
    out.text = document.body.innerText;
    return out;
  }, PIECES[game]);
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

async function sizes(browser, base, pos, where, expect, game = 'pizza') {
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
    L.assert(m.bare.length === 0 && m.pieces >= PIECES[game].least, `${at}: every piece drawn and named (${m.pieces}): ${m.bare.slice(0, 6).join(', ')}`);
    L.assert(!RAW.test(m.text), `${at}: nothing raw: "${RAW.exec(m.text)}"`);
    if (expect.each) await expect.each(page, at, w, h);
  }
  await page.setViewportSize({ width: 1280, height: 800 });
  await L.axe(page, `${game} ${where}`);
  await L.noErrors(page);
  await page.context().close();
  return shots;
}

const P = L.position('pizza').positions;

async function at(c, where, upto, expect, game = 'pizza', file = game) {
  const pos = await L.positionRoom(c.base, file, upto);
  const shots = await sizes(c.browser, c.base, pos, where, expect, game);
  await L.contactSheet(c.browser, `${game}-${where}-sizes`, shots);
}

const K = L.position('pakupaku').positions;
const K8 = L.position('pakupaku-8').positions;

// Paku Paku's table: every seat's place (its dice and penalty in its name),
// the mat; eight seats on a short screen fold to one strip under the table.
async function pakuTable(page, at, w, h) {
  const t = await page.evaluate(() => ({
    seats: [...document.querySelectorAll('.board [data-piece^="seat:"]')].map((g) => g.getAttribute('aria-label')),
    mat: !!document.querySelector('.board [data-piece="tower"] use[href$="paku-mat"]'),
    strip: [...document.querySelectorAll('.players li')].map((li) => Math.round(li.getBoundingClientRect().top)),
    folded: !!document.querySelector('.players.folded'),
    n: document.querySelectorAll('.players li').length,
  }));
  L.assert(t.mat && t.seats.length === t.n && t.seats.every((l) => /dice \(/.test(l) && /\d+ penalty points?\b/.test(l)),
    `${at}: the mat and every seat's place with its dice and points: ${t.seats.slice(0, 3).join(' | ')}`);
  if (h < 500 && t.n === 8) {
    L.assert(t.folded && new Set(t.strip).size === 1, `${at}: the other seats fold to one strip (${[...new Set(t.strip)]})`);
  }
}

L.suite([
  ['the start: the whole table and every cell to turn over, at six sizes', (c) => at(c, 'start', P.start, {
    choices: 32, ready: (p) => p.waitForSelector('.board [role=button]') })],
  ['mid-game, a slice to choose: the table and the slices to pick, at six sizes', (c) => at(c, 'mid', P.mid, {
    choices: 3, ready: (p) => p.waitForSelector('.board [data-piece^="slice:"][role=button]') })],
  ['the end: the table, who won, Play again and the replay, at six sizes', (c) => at(c, 'end', P.end, {
    choices: 3, ready: (p) => p.waitForSelector('.end:not([hidden]) h2') })],
  ['Paku Paku, eight seats, the start: every place and the roll, at six sizes', (c) => at(c, 'start', K8.start, {
    choices: 1, each: pakuTable, ready: (p) => p.waitForSelector('.actions button[data-key="a:roll"]') }, 'pakupaku', 'pakupaku-8')],
  ['Paku Paku, eight seats, mid-game: a tower of eight and a dish to stack, at six sizes', (c) => at(c, 'mid', K8.mid, {
    choices: 2, each: pakuTable, ready: (p) => p.waitForSelector('.actions button[data-key="a:stack cup"]') }, 'pakupaku', 'pakupaku-8')],
  ['Paku Paku, the end: the penalty roll, who won, Play again and the replay, at six sizes', (c) => at(c, 'end', K.end, {
    choices: 3, each: pakuTable, ready: (p) => p.waitForSelector('.end:not([hidden]) h2') }, 'pakupaku')],
], { env: L.positionEnv('pizza') });
