// shots.js: the README's pictures of each table, mid-game: Pizza Party at
// its committed middle position (at 1280x800, on a 390x844 phone, and the
// six sizes of docs/web.md "One screen" side by side), the others against
// bots:
//   PF_BIN=build/partyfood node tests/web/shots.js docs/img
// (not a test: the tests write their own screenshots as artifacts).
'use strict';
const path = require('path');

const out = path.resolve(process.argv[2] || 'docs/img');
process.env.PF_WEB_SHOTS = out;
const L = require('./lib.js');

const plan = { pancake: 7, passfood: 6, pakupaku: 0 };
const SIZES = [[1280, 800], [1366, 768], [1920, 1080], [820, 1180], [390, 844], [844, 390]];

(async () => {
  const server = await L.startServer({ env: L.positionEnv('pizza') });
  const browser = await L.launch();
  const pos = await L.positionRoom(server.base, 'pizza', L.position('pizza').positions.mid);
  const pizza = await L.openPosition(browser, server.base, pos, 0, { viewport: { width: 1280, height: 800 } });
  const sheet = [];
  for (const [w, h] of SIZES) {
    await pizza.setViewportSize({ width: w, height: h });
    await pizza.waitForFunction(() => {
      const b = document.querySelector('.board');
      return b.querySelector('svg').dataset.drawnFor === `${b.clientWidth}x${b.clientHeight}`;
    });
    const name = `web-pizza-${w}x${h}`;
    await pizza.screenshot({ path: path.join(out, `${name}.png`) });
    sheet.push([`${w}x${h}`, name]);
    if (w === 1280) await pizza.screenshot({ path: path.join(out, 'web-pizza.png') });
    if (w === 390) await pizza.screenshot({ path: path.join(out, 'web-phone.png') });
  }
  await L.contactSheet(browser, 'web-pizza-sizes', sheet, 300);
  for (const [, name] of sheet) require('fs').rmSync(path.join(out, `${name}.png`));
  await pizza.context().close();
  for (const [game, moves] of Object.entries(plan)) {
    const page = await L.quickGame(browser, server.base, game, { viewport: { width: 1000, height: 800 } });
    if (game === 'pakupaku') {
      // Roll until a dish asks for a stack, then catch the piece swinging.
      for (let i = 0; i < 40; i++) {
        const stack = page.locator('.actions button:has-text("Stack a bowl")');
        if (await stack.count()) { await stack.click(); await page.waitForSelector('.meter .stop'); await page.waitForTimeout(500); break; }
        const roll = page.locator('.actions button:has-text("Roll")');
        if (await roll.count()) await roll.click().catch(() => {});
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
