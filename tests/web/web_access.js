// web_access.js: everyone can play. axe-core finds no serious or critical
// violation on the lobby, the waiting page and each table; a phone-sized window (360 px)
// has no sideways scrolling, readable text, and plays a whole game; with
// prefers-reduced-motion nothing moves. (Playing by keyboard
// alone is web_keys.)
'use strict';
const L = require('./lib.js');

const { axe } = L;

async function lobbyAndTables({ browser, base }) {
  const page = await L.newPage(browser);
  await page.goto(`${base}/`);
  await page.waitForSelector('.rooms li');
  await axe(page, 'the lobby');
  // A room made to wait for a second person: the code, the link, the host's controls.
  await page.fill('#your-name', 'ana');
  await page.selectOption('#seat-1', 'person');
  await page.click('form button[type=submit]:has-text("Make the room")');
  await page.waitForSelector('.big-code');
  await page.click('.host summary');
  await page.waitForSelector('.host button:has-text("Lock the room")');
  await axe(page, 'the waiting page with the host\'s controls');
  await page.context().close();
  for (const game of ['pizza', 'pancake', 'passfood', 'pakupaku']) {
    const p = await L.quickGame(browser, base, game);
    await L.boardDrawn(p);
    await axe(p, `the ${game} table`);
    await L.noErrors(p);
    await p.context().close();
  }
}

async function noSideways(page, what) {
  const w = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
  L.assert(w[0] <= w[1], `${what}: no sideways scrolling at ${w[1]} px (${w[0]} px wide)`);
}

// The smallest text the table draws, in screen pixels (its font size times
// the SVG's scale), with what it says.
async function smallestText(page) {
  return page.evaluate(async () => {
    // A piece popping in is small for a moment: measured once it landed (or
    // its motion was cut short by the next redraw).
    await Promise.all(document.getAnimations().map((a) => a.finished.catch(() => {})));
    let least = [Infinity, ''];
    for (const t of document.querySelectorAll('.board svg text')) {
      if (!t.textContent.trim() || t.closest('[visibility=hidden]')) continue;
      // The drawing's scale (its root's), not a piece's pop of the moment.
      const px = parseFloat(getComputedStyle(t).fontSize) * t.ownerSVGElement.getScreenCTM().a;
      if (px < least[0]) least = [px, t.textContent];
    }
    return least;
  });
}

// Readable on a phone: no text on the table under 10 px.
async function readable(page, what) {
  const [px, text] = await smallestText(page);
  L.assert(px >= 10, `${what}: the smallest text is ${px.toFixed(1)} px ("${text}"), not under 10`);
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
    await L.boardDrawn(p);
    await noSideways(p, `the ${game} table`);
    await readable(p, `the ${game} table`);
    await L.shot(p, `web-${game}-360`);
    await p.context().close();
  }
  const p = await L.quickGame(browser, base, 'pizza', size);
  await noSideways(p, 'the pizza table');
  await readable(p, 'the pizza table');
  await L.shot(p, 'web-pizza-360');
  await L.playByClicking(p, { budgetMs: 150000 });
  await noSideways(p, 'the end screen');
  await readable(p, 'the pizza table at the end');
  await L.noErrors(p);
  await p.context().close();
}

// Paku Paku's dice pop as they are rolled (the bots roll all the time);
// with prefers-reduced-motion nothing on the table moves.
async function calm({ browser, base }) {
  const moving = (p) => p.evaluate(() => document.getAnimations().length);
  const lively = await L.quickGame(browser, base, 'pakupaku');
  await lively.waitForFunction(() => document.getAnimations().length > 0, null, { timeout: 10000 });
  await lively.context().close();
  const p = await L.quickGame(browser, base, 'pakupaku', { reducedMotion: 'reduce' });
  // Looked at 30 times, and until the bots rolled (the witness: a roll moves the table).
  const rolled = async () => /rolls/.test(await p.textContent('.log'));
  for (let i = 0; i < 30 || !(await rolled()); i++) {
    L.assert(await moving(p) === 0, 'no animation with prefers-reduced-motion');
    L.assert(i < 300, 'the bots rolled meanwhile (looked 300 times)');
    await p.waitForTimeout(100);
  }
  await L.noErrors(p);
  await p.context().close();
}

L.suite([
  ['axe-core: no serious violation on the lobby, the waiting page and each table', lobbyAndTables],
  ['a phone (360 px): no sideways scrolling, a whole game', phone],
  ['prefers-reduced-motion: nothing moves', calm],
]);
