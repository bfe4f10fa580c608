// web_screen.js: one screen (issue 29, item 3) for Pizza Party and Yummy
// Yummy Pancake. At 1280x800, 1366x768, 1920x1080, a tablet (820x1180), a
// phone (390x844) and the phone turned (844x390), at the start, mid-game at a
// choice and at the end, loaded from a committed position (positions/*.json):
// the whole table and every choice lie inside the viewport; on the phone no
// touch target is under 44x44 px; no text is under 12 px; every piece is a
// drawing with its name (and its letter where it shows one); nothing raw is
// written anywhere; axe-core finds nothing. A screenshot of each, and a
// contact sheet of the six sizes at each position.
// Pizza Party: every cell, every slice and its toppings, the places, every
// seat's score; mid-game an own-colour switch (a slice to pick).
// Yummy Yummy Pancake: the pan and its pancakes, the pancakes left to draw,
// the lifted one, the five toppings, every pile; at the start the person is
// the chef: "Flick the pan", then the flick's meter with the pan; mid-game
// the person guesses (the five toppings to pick).
// Paku Paku (positions/pakupaku-8.json, pakupaku.json): eight seats at the
// start and mid-game at a choice (a dish to stack), then with the swing's
// meter running; two seats at the end; every seat's place (its dice and
// points in its name), the mat, the box's pieces; on a short screen the
// eight seats fold to one strip.
// Pass the Party Food, 4 players (five boards): the track with every pawn
// and Ziggy, the bag, the plates, the discard pile, every board's tiles and
// tokens; mid-game a row to score with Ziggy ahead, a swap, carry on; on a
// phone the pawns and Ziggy big enough to see while playing, and the
// person's own board's columns big enough for a finger (passfoodTrack);
// while playing at a narrower phone too (360x740), its text at its least
// size or more in every box, and no text on its table over another;
// against bots, a hint's sentence shown without shrinking the table; at
// the end on a phone, what each player did in the end's list.
'use strict';
const L = require('./lib.js');

const SIZES = [[1280, 800], [1366, 768], [1920, 1080], [820, 1180], [390, 844], [844, 390]];
const PHONE = (w, h) => Math.min(w, h) < 500;
// Pass the Party Food's arrangement is searched for each box: a narrower
// phone (360x740) too, where a text size settled against a stale scale once
// drew texts over each other.
const PASSFOOD_SIZES = [...SIZES, [360, 740]];
const { RAW } = L;

// Everything the checks need, read in the page once the table is drawn for its size.
function measure(page, game) {
  return page.evaluate((g) => {
    const vw = innerWidth;
    const vh = innerHeight;
    const box = (el) => { const r = el.getBoundingClientRect(); return { x: r.x, y: r.y, r: r.right, b: r.bottom, w: r.width, h: r.height }; };
    const outside = (r) => r.x < -0.5 || r.y < -0.5 || r.r > vw + 0.5 || r.b > vh + 0.5;
    const shown = (el) => !el.closest('[hidden]') && getComputedStyle(el).visibility !== 'hidden' && el.getClientRects().length > 0;
    const name = (el) => el.getAttribute('aria-label') || el.textContent.trim().slice(0, 40);
    const out = { off: [], small: [], tiny: [], bare: [], overlap: [], scroll: document.documentElement.scrollHeight > vh + 1 };
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
    const drawing = (el) => {
      const use = el.querySelector('use');
      return use && document.querySelector(`#sprite ${use.getAttribute('href')}`);
    };
    // A pancake: every piece drawn, named (or inside its named pile), a
    // topping's face with its letter.
    if (g === 'pancake') {
      for (const el of document.querySelectorAll('.board [data-piece]')) {
        const id = el.dataset.piece;
        if (!drawing(el)) out.bare.push(`${id}: no drawing`);
        if (!el.closest('[aria-label]')) out.bare.push(`${id}: no name`);
        const face = /^pancake-(strawberry|kiwi|banana|blueberry|chocolate)$/.test(el.dataset.art || '');
        if (face && !el.querySelector('.badge text')) out.bare.push(`${id}: no letter`);
      }
    }
    // Paku Paku: every die, piece of the tower and of the box drawn and
    // named, every place named (its dice and points), the dice and the box's
    // pieces with their letters (a piece of the tower has it in its name).
    if (g === 'pakupaku') {
      for (const el of document.querySelectorAll('.board [data-piece^="die:"], .board [data-piece^="tower:"], .board [data-piece^="supply:"], .board [data-piece^="pen:"]')) {
        if (!drawing(el)) out.bare.push(`${el.dataset.piece}: no drawing`);
      }
      for (const el of document.querySelectorAll('.board [data-piece^="die:"], .board [data-piece^="tower:"], .board [data-piece^="supply:"], .board [data-piece^="seat:"]')) {
        if (!el.getAttribute('aria-label')) out.bare.push(`${el.dataset.piece}: no name`);
      }
      for (const el of document.querySelectorAll('.board [data-piece^="die:"], .board [data-piece^="supply:"]')) {
        if (!el.querySelector('.badge text')) out.bare.push(`${el.dataset.piece}: no letter`);
      }
    }
    // Pass the Party Food: every piece a drawing; a tile named (by its
    // column) with its food and letter, the letter drawn over the column on
    // every board but a compact one (never the person's own while playing); the tile
    // drawn and the plates' tiles with their badge; the pawns and Ziggy
    // named with their number or letter.
    if (g === 'passfood') {
      const letters = { snake: 'S', biscuit: 'B', 'fairy-bread': 'F', pikelet: 'P', lamington: 'L' };
      // (once the game is over, on a phone the person's board may be drawn as the others are)
      const ended = !document.querySelector('.end').hidden;
      for (const el of document.querySelectorAll('.board [data-piece^="tile:"], .board [data-piece="drawn"], .board [data-piece^="plate-tile:"], .board [data-piece^="pawn:"], .board [data-piece="ziggy"], .board [data-piece="cake"], .board [data-piece^="space:"], .board [data-piece="bag"], .board [data-piece^="token:"]')) {
        const id = el.dataset.piece;
        if (!drawing(el)) out.bare.push(`${id}: no drawing`);
        const named = el.closest('[aria-label]');
        if (!named) out.bare.push(`${id}: no name`);
        const [kind, , food] = id.split(':');
        if (kind === 'tile') {
          const letter = letters[food];
          const col = el.closest('[data-piece^="col:"]');
          const over = col.querySelector('text.letter');
          const board = el.closest('[data-piece^="board:"]');
          // (The letter as a word of its own: "snake column, S +5".)
          if (!named || !new RegExp(`(^|[ (])${letter}([ ):]|$)`).test(named.getAttribute('aria-label'))) out.bare.push(`${id}: its name has no letter`);
          if (over && over.textContent !== letter) out.bare.push(`${id}: the letter over its column`);
          if (!over && board.querySelector('text.letter')) out.bare.push(`${id}: a column without its letter`);
          if (!over && board.dataset.piece === 'board:0' && !ended) out.bare.push(`${id}: the person's own board shows no letters`);
        }
        if ((kind === 'drawn' || kind === 'plate-tile') && !el.querySelector('.badge text')) out.bare.push(`${id}: no letter`);
        if (kind === 'pawn' && !/\(\d\)/.test(el.getAttribute('aria-label'))) out.bare.push(`${id}: no number in its name`);
        if (kind === 'ziggy' && !/\(Z\)/.test(el.getAttribute('aria-label'))) out.bare.push(`${id}: no letter in its name`);
      }
    }
    const pizzaPieces = g === 'pizza' ? '.board [data-piece^="cell:"][aria-label], .board [data-piece^="slice:"], .board [data-piece^="top:"]' : ':not(*)';
    for (const el of document.querySelectorAll(pizzaPieces)) {
      const id = el.dataset.piece;
      const use = el.querySelector('use');
      const drawn = use && document.querySelector(`#sprite ${use.getAttribute('href')}`);
      if (!drawn) out.bare.push(`${id}: no drawing`);
      if (!id.startsWith('top:') && !el.getAttribute('aria-label')) out.bare.push(`${id}: no name`);
      const faceUp = el.querySelector('use:not([href$="pizza-back"])') && id.startsWith('cell:');
      if ((faceUp || id.startsWith('slice:')) && !el.querySelector('.badge text')) out.bare.push(`${id}: no letter`);
    }
    // Pass the Party Food's texts on the table never overlap (its arrangement
    // lays them out for the size it draws them at), but Ziggy's letter: he
    // stands on his space's number.
    if (g === 'passfood') {
      const texts = [...document.querySelectorAll('.board svg text')].filter((t) => t.textContent.trim() && shown(t)
        && !t.closest('[data-piece="ziggy"]'));
      const boxes = texts.map((t) => [t.textContent.trim().slice(0, 16), box(t)]);
      for (let i = 0; i < boxes.length; i++) {
        for (let j = i + 1; j < boxes.length; j++) {
          const [[ta, a], [tb, b]] = [boxes[i], boxes[j]];
          if (Math.min(a.r, b.r) - Math.max(a.x, b.x) > 1 && Math.min(a.b, b.b) - Math.max(a.y, b.y) > 1) out.overlap.push(`"${ta}" and "${tb}"`);
        }
      }
    }
    const svg = document.querySelector('.board svg');
    out.drawn = `${svg.dataset.drawnFor} px, scale ${svg.dataset.scale}`;
    out.squeezed = svg.dataset.squeezed === 'true';
    out.pieces = document.querySelectorAll('.board [data-piece]').length;
    out.meterOnPan = !!document.querySelector('.board circle.flick');
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

const TITLE = { pizza: 'Pizza Party', pancake: 'Yummy Yummy Pancake', passfood: 'Pass the Party Food', pakupaku: 'Paku Paku' };

// The checks at the six sizes of the page as it is now (shots named by game and where).
async function atSizes(page, game, where, expect) {
  const shots = [];
  for (const [w, h] of expect.sizes || SIZES) {
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
    // (squeezed: the box is too small for the least text in any arrangement, as
    // Pass the Party Food's end on a phone is under the end's panel)
    if (expect.roomy) L.assert(!m.squeezed, `${at} (${m.drawn}): the table holds its least text size`);
    if (!m.squeezed) L.assert(m.overlap.length === 0, `${at} (${m.drawn}): no text over another: ${m.overlap.slice(0, 6).join(', ')}`);
    if (PHONE(w, h)) L.assert(m.small.length === 0, `${at}: no touch target under 44x44 px: ${m.small.slice(0, 6).join(', ')}`);
    const least = typeof expect.pieces === 'function' ? expect.pieces(w, h) : expect.pieces;
    L.assert(m.bare.length === 0 && m.pieces >= least, `${at}: every piece drawn and named (${m.pieces}): ${m.bare.slice(0, 6).join(', ')}`);
    L.assert(!RAW.test(m.text), `${at}: nothing raw: "${RAW.exec(m.text)}"`);
    if (expect.meter) L.assert(m.meterOnPan, `${at}: the flick's strength shows on the pan`);
    if (expect.each) await expect.each(page, at, w, h);
  }
  return shots;
}

// A position at the six sizes, then (expect.then) after a press, again.
async function sizes(browser, base, pos, game, where, expect) {
  const page = await L.openPosition(browser, base, pos, 0, { viewport: { width: 1280, height: 800 } });
  await expect.ready(page);
  const sheets = [[where, await atSizes(page, game, where, expect)]];
  if (expect.then) {
    await page.setViewportSize({ width: 1280, height: 800 });
    await expect.then.press(page);
    sheets.push([expect.then.where, await atSizes(page, game, expect.then.where, expect.then)]);
  }
  await page.setViewportSize({ width: 1280, height: 800 });
  await L.axe(page, `${TITLE[game]} ${where}`);
  await L.noErrors(page);
  await page.context().close();
  return sheets;
}

// (expect.file: a position file other than the game's own.)
async function at(c, game, where, upto, expect) {
  const pos = await L.positionRoom(c.base, expect.file || game, upto);
  for (const [name, shots] of await sizes(c.browser, c.base, pos, game, where, expect)) {
    await L.contactSheet(c.browser, `${game}-${name}-sizes`, shots);
  }
}

const P = L.position('pizza').positions;
const Y = L.position('pancake').positions;
const F = L.position('passfood').positions;
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

// ...and while the meter runs, the piece swinging above the tower.
async function pakuSwing(page, at, w, h) {
  await pakuTable(page, at, w, h);
  L.assert(await page.getAttribute('.board [data-piece="swing"]', 'visibility') === 'visible', `${at}: the piece swings above the tower`);
}

// Pass the Party Food's track on a phone: a child sees where Ziggy and the
// team are. Drawn at the text's least size a pawn was 14x20 px and Ziggy
// 22 px wide; now the spaces are at least 27 px apart (passfood_layout.js).
async function passfoodTrack(page, at, w, h) {
  if (!PHONE(w, h)) return;
  const t = await page.evaluate(() => {
    const size = (el) => { const r = el.getBoundingClientRect(); return [Math.round(r.width), Math.round(r.height)]; };
    return { pawns: [...document.querySelectorAll('.board [data-piece^="pawn:"]')].map(size),
      ziggy: size(document.querySelector('.board [data-piece="ziggy"]')) };
  });
  L.assert(t.pawns.length === 4 && t.pawns.every(([pw, ph]) => pw >= 19 && ph >= 26), `${at}: every pawn at least 19x26 px: ${JSON.stringify(t.pawns)}`);
  L.assert(t.ziggy[0] >= 29, `${at}: Ziggy at least 29 px wide: ${t.ziggy}`);
  // The person's own board big enough for a finger and a child's eyes: its
  // columns 44 px apart (at 360x740 they were 25 px once).
  const cols = await page.evaluate(() => [...document.querySelectorAll('.board [data-piece^="col:0:"]')]
    .map((el) => el.getBoundingClientRect().left));
  const pitch = Math.min(...cols.slice(1).map((x, i) => x - cols[i]));
  L.assert(cols.length === 5 && pitch >= 44, `${at}: the own board's columns at least 44 px apart: ${pitch.toFixed(1)}`);
}

// A hint in a game against bots: its sentence takes the turn line's place,
// in its row. Over the table's top in portrait, a sentence of two lines hid
// the track's top and its pawns at 360x740 (from 57 to 111 px, the table's
// box from 101): now it lies over no part of the table, which gives up no
// more than the lines it has over the turn line's (beside the choices and
// in the page's alert it once took two rows of its own, 160 px at
// 360x740); in landscape the hidden turn line's height no longer stands
// between it and the choices (a blank of 100 px at 1280x800). The sentence
// is on screen, at least 12 px, over no choice, and names the seats as the
// table does.
async function passfoodHint({ browser, base }) {
  const page = await L.quickGame(browser, base, 'passfood', { viewport: { width: 360, height: 740 } });
  await page.waitForSelector('button.hint', { timeout: 20000 });
  const sizes = () => page.evaluate(() => {
    const b = document.querySelector('.board');
    return { w: b.clientWidth, h: b.clientHeight, turn: document.querySelector('.turn').getBoundingClientRect().height };
  });
  const before = {};
  for (const [w, h] of [[844, 390], [390, 844], [1280, 800], [360, 740]]) {
    await resized(page, w, h);
    before[`${w}x${h}`] = await sizes();
  }
  await page.click('button.hint');
  await page.waitForFunction(() => /^Hint: \S/.test(document.querySelector('.alert').textContent));
  for (const [w, h] of [[360, 740], [390, 844], [844, 390], [1280, 800]]) {
    const at = `a hint at ${w}x${h}`;
    await resized(page, w, h);
    await L.shot(page, `passfood-hint-${w}x${h}`);
    const m = await page.evaluate(() => {
      const why = document.querySelector('.hint-why');
      const r = why.getBoundingClientRect();
      const meets = (q) => Math.min(r.right, q.right) - Math.max(r.left, q.left) > 0.5 && Math.min(r.bottom, q.bottom) - Math.max(r.top, q.top) > 0.5;
      const over = [...document.querySelectorAll('.actions button, .board [role=button]')].filter((b) => meets(b.getBoundingClientRect()))
        .map((b) => b.textContent.trim().slice(0, 20));
      const board = document.querySelector('.board');
      const actions = document.querySelector('.actions').getBoundingClientRect();
      return { text: why.textContent, inside: r.top >= 0 && r.left >= 0 && r.bottom <= innerHeight && r.right <= innerWidth,
        px: parseFloat(getComputedStyle(why).fontSize), over, alert: document.querySelector('.alert').getBoundingClientRect().height,
        onTable: meets(board.getBoundingClientRect()), w: board.clientWidth, h: board.clientHeight, whyH: r.height,
        blank: actions.top - r.bottom };
    });
    const was = before[`${w}x${h}`];
    L.assert(/^Hint: \S/.test(m.text) && m.inside, `${at}: the sentence shows on screen: "${m.text}"`);
    L.assert(m.px >= 12 && m.over.length === 0, `${at}: readable (${m.px} px) and over no choice: ${m.over.join(', ')}`);
    L.assert(m.alert <= 1, `${at}: the alert says it unseen (${m.alert} px high)`);
    L.assert(!m.onTable, `${at}: the sentence lies over no part of the table`);
    const gives = Math.max(0, m.whyH - was.turn);
    L.assert(m.w === was.w && m.h >= was.h - gives - 1, `${at}: the table keeps its size but the sentence's extra lines `
      + `(${was.w}x${was.h}, now ${m.w}x${m.h}; the sentence ${m.whyH.toFixed(0)} px high, the turn line ${was.turn.toFixed(0)})`);
    // (in landscape the choices are the panel's next row shown, past the
    // gaps of the end's and the meter's empty rows: 17 px)
    if (w > h) L.assert(m.blank >= 0 && m.blank <= 24, `${at}: the choices follow the sentence (a blank of ${m.blank.toFixed(0)} px)`);
  }
  // The engine's sentence numbers another seat from 1 ("Seat 2 needs a
  // fairy bread"): the page names it as the table does.
  L.assert(!/\bseat \d/i.test(await page.textContent('.hint-why')), 'the hint names no seat by its number');
  const named = await page.evaluate(async () => (await import('/js/hint.js')).nameSeats(
    'Seat 2 needs a biscuit for a set. Giving seat 1 a snake helps them; seat 4 is no seat.', (i) => ['ana (you)', 'medium 2', 'cy'][i], 3));
  L.assert(named === 'medium 2 needs a biscuit for a set. Giving ana (you) a snake helps them; seat 4 is no seat.', `seats named: ${named}`);
  await L.noErrors(page);
  await page.context().close();
}

// Pass the Party Food's end on a phone: the boards were too small to read
// under the end's panel (a name strip with 3 px spaces at 360x740), so the
// end's list says what each player did: the sets they scored and the spaces
// those gained, and the table leaves the others' boards out (the person's
// own is drawn where it is readable); a bigger screen shows the boards themselves.
async function passfoodEndTally(page, at, w, h) {
  const boards = await page.evaluate(() => [...document.querySelectorAll('.board [data-piece^="board:"]')].map((b) => {
    const x = [...b.querySelectorAll('[data-piece^="col:"]')].map((c) => c.getBoundingClientRect().left);
    return [b.dataset.piece, Math.min(...x.slice(1).map((v, i) => v - x[i]))];
  }));
  if (PHONE(w, h)) {
    const bad = boards.filter(([id, pitch]) => id !== 'board:0' || pitch < 20);
    L.assert(bad.length === 0, `${at}: no board drawn too small to read: ${bad.map(([id, pitch]) => `${id} ${pitch.toFixed(0)} px a column`).join(', ')}`);
  } else L.assert(boards.length === 5, `${at}: every board drawn (${boards.length})`);
  const rows = await page.evaluate(() => [...document.querySelectorAll('.end .scores li')].map((li) => {
    const did = li.querySelector('.did');
    return { text: li.textContent, did: !!did && did.getClientRects().length > 0 };
  }));
  const said = /· scored \d+ sets? \(\d+ spaces?\)|· no sets scored/;
  L.assert(rows.length === 4, `${at}: four players in the end's list`);
  for (const r of rows) {
    if (PHONE(w, h)) L.assert(r.did && said.test(r.text), `${at}: the end says what each player did: "${r.text}"`);
    else L.assert(!r.did, `${at}: the boards say it: "${r.text}"`);
  }
}

// Pancake's memory aid (YYP-7): the table shows how many of each topping
// went face down this turn (the view's public_down, there for the bots)
// only with the room's aid; the same view drawn without it shows no count.
async function pancakeAid({ browser, base }) {
  const page = await L.newPage(browser);
  await page.goto(`${base}/`);
  const drawn = await page.evaluate(async () => {
    const g = (await import('/js/games/pancake.js')).default;
    const view = { seats: 3, phase: 'guess', chef: 2, guesser: 0, turn: 3, shared: 1, pan_up: { strawberry: 1, banana: 1 },
      face_down: 3, bonus_taken: true, picked: true, public_down: { kiwi: 1, banana: 1, blueberry: 3 }, table: 13, piles: [5, 6, 6] };
    const draw = (memoryAid) => {
      const svg = g.draw({ view, seat: 0, legal: [], name: (i) => ['ana', 'bo', 'cy'][i], memoryAid, over: false, box: { w: 800, h: 600 } });
      return [...svg.querySelectorAll('text')].map((t) => t.textContent).filter((t) => /^×\d$/.test(t));
    };
    return { off: draw(false), on: draw(true) };
  });
  L.assert(drawn.off.length === 0, `no counts without the aid: ${drawn.off}`);
  L.assert(JSON.stringify(drawn.on) === '["×0","×1","×1","×3","×0"]', `the counts with the aid, S K B L C: ${drawn.on}`);
  await page.context().close();
}

L.suite([
  ['the start: the whole table and every cell to turn over, at six sizes', (c) => at(c, 'pizza', 'start', P.start, {
    choices: 32, pieces: 40, ready: (p) => p.waitForSelector('.board [role=button]') })],
  ['mid-game, a slice to choose: the table and the slices to pick, at six sizes', (c) => at(c, 'pizza', 'mid', P.mid, {
    choices: 3, pieces: 40, ready: (p) => p.waitForSelector('.board [data-piece^="slice:"][role=button]') })],
  ['the end: the table, who won, Play again and the replay, at six sizes', (c) => at(c, 'pizza', 'end', P.end, {
    choices: 3, pieces: 40, ready: (p) => p.waitForSelector('.end:not([hidden]) h2') })],
  // Pancake: the pan with its eight pancakes, the heap to draw, the five toppings, three piles.
  ['Pancake, the start: the chef flicks the pan, then its meter with the pan, at six sizes', (c) => at(c, 'pancake', 'start', Y.start, {
    choices: 1, pieces: 17, ready: (p) => p.waitForSelector('.actions button:has-text("Flick the pan")'),
    then: { where: 'meter', choices: 1, pieces: 17, meter: true,
      press: async (p) => { await p.click('.actions button:has-text("Flick the pan")'); await p.waitForSelector('.meter .stop'); } } })],
  ['Pancake mid-game, guessing: the table and the five toppings to pick, at six sizes', (c) => at(c, 'pancake', 'mid', Y.mid, {
    choices: 5, pieces: 16, ready: (p) => p.waitForSelector('.board [data-piece^="guess:"][role=button]') })],
  ['Pancake: the face-down counts show only with the memory aid (YYP-7)', pancakeAid],
  ['Pancake, the end: the table, who won, Play again and the replay, at six sizes', (c) => at(c, 'pancake', 'end', Y.end, {
    choices: 3, pieces: 12, ready: (p) => p.waitForSelector('.end:not([hidden]) h2') })],
  // Pass the Party Food, 4 players: the track, five boards, the tokens.
  ['Pass the Party Food, the start: five boards, the track, the tokens and carry on, at six sizes', (c) => at(c, 'passfood', 'start', F.start, {
    choices: 3, pieces: 90, sizes: PASSFOOD_SIZES, roomy: true, each: passfoodTrack, ready: (p) => p.waitForSelector('.actions button:has-text("Carry on")') })],
  ['Pass the Party Food mid-game: a row to score with Ziggy ahead, a swap, carry on, at six sizes', (c) => at(c, 'passfood', 'mid', F.mid, {
    choices: 3, pieces: 90, sizes: PASSFOOD_SIZES, roomy: true, each: passfoodTrack, ready: (p) => p.waitForSelector('.board [data-key="r:0:1"][role=button], .actions button:has-text("Score row 1")') })],
  // (On a phone the end's words were cramped and the table's texts ran
  // together under them: now its texts are checked there too.)
  ['Pass the Party Food, the end: Ziggy on the cake, why, Play again and the replay, at six sizes', (c) => at(c, 'passfood', 'end', F.end, {
    choices: 3, pieces: (w, h) => (PHONE(w, h) ? 40 : 90), sizes: PASSFOOD_SIZES, roomy: true, each: passfoodEndTally, ready: (p) => p.waitForSelector('.end:not([hidden]) h2') })],
  ['Pass the Party Food against bots: a hint\'s sentence in the turn line\'s place, the table keeps its size', passfoodHint],
  // Paku Paku: every seat's place, five dice, the tower and the box.
  ['Paku Paku, eight seats, the start: every place and the roll, at six sizes', (c) => at(c, 'pakupaku', 'start', K8.start, {
    file: 'pakupaku-8', choices: 1, pieces: 20, each: pakuTable, ready: (p) => p.waitForSelector('.actions button[data-key="a:roll"]') })],
  ['Paku Paku, eight seats mid-game: a tower of eight and a dish to stack, then the swing, at six sizes', (c) => at(c, 'pakupaku', 'mid', K8.mid, {
    file: 'pakupaku-8', choices: 2, pieces: 28, each: pakuTable, ready: (p) => p.waitForSelector('.actions button[data-key="a:stack cup"]'),
    then: { where: 'swing', choices: 1, pieces: 28, each: pakuSwing,
      press: async (p) => { await p.click('.actions button[data-key="a:stack cup"]'); await p.waitForSelector('.meter .stop'); } } })],
  ['Paku Paku, the end: the penalty roll, who won, Play again and the replay, at six sizes', (c) => at(c, 'pakupaku', 'end', K.end, {
    choices: 3, pieces: 12, each: pakuTable, ready: (p) => p.waitForSelector('.end:not([hidden]) h2') })],
], { env: L.positionEnv('pizza') });
