// shots.js: the README's pictures of each table, mid-game against bots:
//   PF_BIN=build/partyfood node tests/web/shots.js docs/img
// (not a test: the tests write their own screenshots as artifacts).
'use strict';
const path = require('path');
const L = require('./lib.js');

const out = path.resolve(process.argv[2] || 'docs/img');
process.env.PF_WEB_SHOTS = out;

const plan = { pizza: 9, pancake: 7, passfood: 6, pakupaku: 0 };

(async () => {
  const server = await L.startServer();
  const browser = await L.launch();
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
  const phone = await L.quickGame(browser, server.base, 'pancake', { viewport: { width: 360, height: 740 }, isMobile: true });
  await phone.waitForTimeout(600);
  await phone.screenshot({ path: path.join(out, 'web-phone.png') });
  await phone.context().close();
  const lobby = await L.newPage(browser, { viewport: { width: 1000, height: 800 } });
  await lobby.goto(`${server.base}/`);
  await lobby.waitForSelector('.rooms li');
  await lobby.screenshot({ path: path.join(out, 'web-lobby.png') });
  await browser.close();
  await L.stopServer(server);
})().catch((e) => { console.error(e); process.exit(1); });
