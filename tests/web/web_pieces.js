// web_pieces.js: the drawn pieces (web/img/pieces.svg) and their catalogue
// (web/js/art.js) agree: every catalogued id is a symbol of the sprite with
// the catalogue's viewBox, every symbol is catalogued, each one draws
// something in chromium (alone, and through the gallery's external <use>),
// and the sprite holds no script, event handler or external reference.
// Leaves the gallery's contact sheet as pieces.png among the screenshots
// (docs/img/pieces.png is a copy of it).
'use strict';
const fs = require('fs');
const path = require('path');
const L = require('./lib.js');

const SPRITE = path.join(L.SOURCE, 'web', 'img', 'pieces.svg');
const BUDGET = 60 * 1024;

// The symbols of the sprite and the ids of its shared parts, read in the
// browser (its own XML parser); the catalogue, imported as the page does.
async function readBoth(page, base) {
  await page.goto(`${base}/gallery.html`);
  return page.evaluate(async () => {
    const text = await (await fetch('/img/pieces.svg')).text();
    const doc = new DOMParser().parseFromString(text, 'image/svg+xml');
    const err = doc.querySelector('parsererror');
    const symbols = {};
    for (const sym of doc.querySelectorAll('symbol')) symbols[sym.id] = sym.getAttribute('viewBox');
    const ids = [...doc.querySelectorAll('[id]')].map((e) => e.id);
    const refs = [...doc.querySelectorAll('use')].map((u) => u.getAttribute('href'));
    const { ART } = await import('/js/art.js');
    const art = {};
    for (const [id, a] of Object.entries(ART)) art[id] = { w: a.w, h: a.h, viewBox: a.viewBox || null, name: a.name };
    return { parseError: err && err.textContent, symbols, ids, refs, art };
  });
}

L.suite([
  ['the sprite holds no script, handler, bitmap or external reference, within its budget', async () => {
    const file = fs.readFileSync(SPRITE, 'utf8');
    L.assert(file.length < BUDGET, `the sprite is under ${BUDGET} bytes (${file.length})`);
    // its comments may show how to use it; they draw nothing
    const text = file.replace(/<!--[\s\S]*?-->/g, '');
    L.assert(!/<script/i.test(text), 'no <script>');
    L.assert(!/\son[a-z]+\s*=/i.test(text), 'no event handler attribute');
    L.assert(!/<(image|foreignObject|iframe|a)[\s>]/i.test(text), 'no <image>, <foreignObject>, <iframe> or <a>');
    L.assert(!/@import|<style/i.test(text), 'no style sheet');
    for (const m of text.matchAll(/\b(?:xlink:)?href\s*=\s*"([^"]*)"/g)) {
      L.assert(m[1].startsWith('#'), `every href is inside the sprite: ${m[1]}`);
    }
    for (const m of text.matchAll(/url\(([^)]*)\)/g)) L.assert(m[1].startsWith('#'), `every url() is inside the sprite: ${m[0]}`);
    const links = text.replace('xmlns="http://www.w3.org/2000/svg"', '').match(/(https?:|data:|javascript:)/g);
    L.assert(!links, `no address outside the sprite: ${links}`);
  }],

  ['the catalogue and the sprite list the same symbols, with the same boxes', async ({ browser, base }) => {
    const page = await L.newPage(browser);
    const { parseError, symbols, ids, refs, art } = await readBoth(page, base);
    L.assert(!parseError, `the sprite parses: ${parseError}`);
    const dup = ids.filter((id, i) => ids.indexOf(id) !== i);
    L.assert(!dup.length, `every id once: ${dup}`);
    for (const r of refs) L.assert(ids.includes(r.slice(1)), `the sprite's own ${r} exists`);
    for (const [id, a] of Object.entries(art)) {
      L.assert(id in symbols, `the catalogue's ${id} is a symbol of the sprite`);
      L.assert(symbols[id], `${id} has a viewBox`);
      const box = symbols[id].trim().split(/[\s,]+/).map(Number);
      const want = a.viewBox || [0, 0, a.w, a.h];
      L.assert(box.join(' ') === want.join(' '), `${id}'s viewBox is ${want.join(' ')} (the sprite says ${symbols[id]})`);
      L.assert(typeof a.name === 'string' && a.name.length > 0, `${id} has an accessible name`);
    }
    for (const id of Object.keys(symbols)) L.assert(id in art, `the sprite's ${id} is in the catalogue`);
    await L.noErrors(page);
    await page.context().close();
  }],

  ['every symbol draws, alone and in the gallery', async ({ browser, base }) => {
    const page = await L.newPage(browser);
    await page.goto(`${base}/gallery.html`);
    // Alone: each symbol drawn into a canvas from a document of its own (the
    // sprite with one <use>), its painted pixels counted.
    const painted = await page.evaluate(async () => {
      const text = await (await fetch('/img/pieces.svg')).text();
      const { ART } = await import('/js/art.js');
      const out = {};
      for (const [id, a] of Object.entries(ART)) {
        const doc = text.replace(/<\/svg>\s*$/, `<use href="#${id}" width="${a.w}" height="${a.h}"/></svg>`)
          .replace('<svg ', `<svg width="${a.w}" height="${a.h}" `);
        const img = new Image();
        img.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(doc)}`;
        await img.decode();
        const c = document.createElement('canvas');
        c.width = a.w;
        c.height = a.h;
        const g = c.getContext('2d');
        g.drawImage(img, 0, 0);
        const px = g.getImageData(0, 0, a.w, a.h).data;
        let n = 0;
        for (let i = 3; i < px.length; i += 4) if (px[i] > 0) n++;
        out[id] = n / (a.w * a.h);
      }
      return out;
    });
    for (const [id, share] of Object.entries(painted)) {
      // a tenth of its box at least: a symbol that lost its drawing paints nothing
      L.assert(share > 0.1, `${id} paints its box (${(share * 100).toFixed(1)} % of it)`);
    }
    // In the gallery: the page's own external <use>, each with a box.
    await page.waitForFunction(() => [...document.querySelectorAll('svg[data-id] use')]
      .every((u) => { const b = u.getBBox(); return b.width > 0 && b.height > 0; }), null, { timeout: 10000 })
      .catch(async () => {
        const empty = await page.evaluate(() => [...document.querySelectorAll('svg[data-id]')]
          .filter((svg) => { const b = svg.querySelector('use').getBBox(); return !(b.width > 0 && b.height > 0); })
          .map((svg) => `${svg.dataset.id}@${svg.dataset.px}`));
        throw new Error(`every piece in the gallery has a box; empty: ${empty.join(', ')}`);
      });
    const shown = await page.locator('svg[data-id]').count();
    L.assert(shown === 3 * Object.keys(painted).length, `every piece at three sizes (${shown})`);
    await L.shot(page, 'pieces-gallery');
    await page.goto(`${base}/gallery.html?size=64`);
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.waitForFunction(() => [...document.querySelectorAll('svg use')]
      .every((u) => u.getBBox().width > 0), null, { timeout: 10000 });
    await L.shot(page, 'pieces');
    await L.noErrors(page);
    await page.context().close();
  }],
]);
