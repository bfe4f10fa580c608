// web_access.js: everyone can play. axe-core finds no serious or critical
// violation on the lobby and each table; a few moves of Pizza Party by
// keyboard alone, with the focus visible; a phone-sized window (360 px)
// has no sideways scrolling and plays a whole game.
'use strict';
const fs = require('fs');
const L = require('./lib.js');

const AXE = fs.readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

async function axe(page, what) {
  await page.evaluate(AXE); // evaluated by the driver: the page's CSP still allows only its own scripts
  const r = await page.evaluate(() => window.axe.run(document, { resultTypes: ['violations'] }));
  const bad = r.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  L.assert(bad.length === 0, `${what}: no serious violation: ${JSON.stringify(bad.map((v) => ({ id: v.id, nodes: v.nodes.slice(0, 3).map((n) => n.target) })))}`);
}

async function lobbyAndTables({ browser, base }) {
  const page = await L.newPage(browser);
  await page.goto(`${base}/`);
  await page.waitForSelector('.rooms li');
  await axe(page, 'the lobby');
  await page.context().close();
  for (const game of ['pizza', 'pancake', 'passfood', 'pakupaku']) {
    const p = await L.quickGame(browser, base, game);
    await p.waitForTimeout(300);
    await axe(p, `the ${game} table`);
    await L.noErrors(p);
    await p.context().close();
  }
}

async function keyboardOnly({ browser, base }) {
  const page = await L.newPage(browser);
  await page.goto(`${base}/`);
  // From the top of the page by Tab alone to the Pizza Party button.
  for (let i = 0; i < 40; i++) {
    await page.keyboard.press('Tab');
    if (await page.evaluate(() => document.activeElement.dataset.game === 'pizza')) break;
  }
  L.assert(await page.evaluate(() => document.activeElement.dataset.game === 'pizza'), 'Tab reaches the one-click game');
  await page.keyboard.press('Enter');
  await page.waitForSelector('.board svg');
  for (let move = 0; move < 3; move++) {
    await page.waitForSelector('.board [role=button]', { timeout: 10000 });
    let found = false;
    for (let i = 0; i < 80 && !found; i++) {
      await page.keyboard.press('Tab');
      found = await page.evaluate(() => {
        const a = document.activeElement;
        return !!a && a.getAttribute('role') === 'button' && !!a.closest('.board');
      });
    }
    L.assert(found, `move ${move}: Tab reaches a piece of the table`);
    const focus = await page.evaluate(() => {
      const a = document.activeElement;
      const ring = a.querySelector('.hot');
      return { label: a.getAttribute('aria-label'), dash: ring && getComputedStyle(ring).strokeDasharray };
    });
    // A piece to turn over, or (after one's own colour's switch) a slice to swap with.
    L.assert(/^(Turn over|Swap slices with) the /.test(focus.label), `a spoken label on the piece: ${focus.label}`);
    L.assert(focus.dash && focus.dash !== 'none', 'the focused piece shows its focus');
    const before = await page.$$eval('.log li', (e) => e.length);
    await page.keyboard.press(move % 2 ? ' ' : 'Enter');
    await page.waitForFunction((n) => document.querySelectorAll('.log li').length > n, before);
    const log = await page.textContent('.log');
    L.assert(/\(you\) (turned over cell|now has the)/.test(log), 'the key press played the move');
    if ((await L.choices(page)).over) break;
  }
  await L.noErrors(page);
  await page.context().close();
}

async function noSideways(page, what) {
  const w = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
  L.assert(w[0] <= w[1], `${what}: no sideways scrolling at ${w[1]} px (${w[0]} px wide)`);
}

async function phone({ browser, base }) {
  const size = { viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true };
  const page = await L.newPage(browser, size);
  await page.goto(`${base}/`);
  await page.waitForSelector('.rooms li');
  await noSideways(page, 'the lobby');
  await page.context().close();
  for (const game of ['pancake', 'passfood', 'pakupaku']) {
    const p = await L.quickGame(browser, base, game, size);
    await p.waitForTimeout(300);
    await noSideways(p, `the ${game} table`);
    await L.shot(p, `web-${game}-360`);
    await p.context().close();
  }
  const p = await L.quickGame(browser, base, 'pizza', size);
  await noSideways(p, 'the pizza table');
  await L.shot(p, 'web-pizza-360');
  await L.playByClicking(p, { budgetMs: 150000 });
  await noSideways(p, 'the end screen');
  await L.noErrors(p);
  await p.context().close();
}

L.suite([
  ['axe-core: no serious violation on the lobby and each table', lobbyAndTables],
  ['Pizza Party by keyboard alone, focus visible', keyboardOnly],
  ['a phone (360 px): no sideways scrolling, a whole game', phone],
]);
