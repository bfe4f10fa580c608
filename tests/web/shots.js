// shots.js: the README's pictures of each table, mid-game: Pizza Party, Yummy
// Yummy Pancake and Pass the Party Food at their committed middle positions
// (at 1280x800, Pizza Party on a 390x844 phone too, and the six sizes of
// docs/web.md "One screen" side by side; Paku Paku's six sizes at its eight
// seats' middle), the others against bots (Paku Paku's piece caught
// swinging):
//   PF_BIN=build/partyfood node tests/web/shots.js docs/img
// (not a test: the tests write their own screenshots as artifacts).
'use strict';
const path = require('path');

const out = path.resolve(process.argv[2] || 'docs/img');
process.env.PF_WEB_SHOTS = out;
const L = require('./lib.js');

const plan = { pakupaku: 0 };
const SIZES = [[1280, 800], [1366, 768], [1920, 1080], [820, 1180], [390, 844], [844, 390]];

// A game at its committed middle position (file: its position's name): the
// six sizes side by side, the README's picture at 1280x800 (unless picture
// is false) and, for phone, the picture at 390x844.
async function middle(browser, base, game, phone, { file = game, picture = true } = {}) {
  const pos = await L.positionRoom(base, file, L.position(file).positions.mid);
  const page = await L.openPosition(browser, base, pos, 0, { viewport: { width: 1280, height: 800 } });
  const sheet = [];
  for (const [w, h] of SIZES) {
    await page.setViewportSize({ width: w, height: h });
    await L.boardDrawn(page);
    const name = `web-${game}-${w}x${h}`;
    await page.screenshot({ path: path.join(out, `${name}.png`) });
    sheet.push([`${w}x${h}`, name]);
    if (w === 1280 && picture) await page.screenshot({ path: path.join(out, `web-${game}.png`) });
    if (w === 390 && phone) await page.screenshot({ path: path.join(out, phone) });
  }
  await L.contactSheet(browser, `web-${game}-sizes`, sheet, 300);
  for (const [, name] of sheet) require('fs').rmSync(path.join(out, `${name}.png`));
  await page.context().close();
}

(async () => {
  // One seed serves every position (docs/web.md, "Positions").
  const server = await L.startServer({ env: L.positionEnv('pizza') });
  const browser = await L.launch();
  await middle(browser, server.base, 'pizza', 'web-phone.png');
  await middle(browser, server.base, 'pancake', null);
  await middle(browser, server.base, 'passfood', null);
  await middle(browser, server.base, 'pakupaku', null, { file: 'pakupaku-8', picture: false });
  for (const [game, moves] of Object.entries(plan)) {
    const page = await L.quickGame(browser, server.base, game, { viewport: { width: 1000, height: 800 } });
    if (game === 'pakupaku') {
      // Roll; stack each dish, dropped over the middle, until the tower has
      // three pieces; then catch the next piece swinging. (By the keys: in
      // real time the buttons are drawn again at every push.)
      for (let i = 0; i < 80; i++) {
        const keys = await page.$$eval('.actions [aria-keyshortcuts]', (els) => els.map((e) => e.getAttribute('aria-keyshortcuts').toLowerCase()));
        const stack = keys.find((k) => k !== 'r');
        if (stack) {
          const tall = await page.$$eval('.board [data-piece^="tower:"]', (els) => els.length >= 3);
          await page.keyboard.press(stack);
          if (!await page.waitForSelector('.meter .stop', { timeout: 3000 }).catch(() => null)) continue;
          if (tall) { await page.waitForTimeout(500); break; }
          await page.waitForFunction(() => Math.abs(parseFloat(document.querySelector('.meter-value').textContent)) < 2);
          await page.keyboard.press('Enter');
          await page.waitForTimeout(300);
          continue;
        }
        if (keys.includes('r')) await page.keyboard.press('r');
        await page.waitForTimeout(500);
      }
    } else {
      await L.playByClicking(page, { budgetMs: 60000, stopAfter: moves });
    }
    if (game !== 'pakupaku') await page.waitForTimeout(700);
    await page.locator('#main').screenshot({ path: path.join(out, `web-${game}.png`) });
    await page.context().close();
  }
  const lobby = await L.newPage(browser, { viewport: { width: 1000, height: 800 } });
  await lobby.goto(`${server.base}/`);
  await lobby.waitForSelector('.rooms li');
  await lobby.screenshot({ path: path.join(out, 'web-lobby.png') });
  await browser.close();
  await L.stopServer(server);
})().catch((e) => { console.error(e); process.exit(1); });
