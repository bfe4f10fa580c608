// web_order.js: the page applies the server's pushes in the order they
// came, even when handling one waits for the network. A bot's move pushed
// while the page still handles the first sync (it reads the room's public
// state) must not be undone by that sync: before, the page went back to
// "the bot is turning over a piece" and the person never got a choice.
'use strict';
const fs = require('fs');
const os = require('os');
const path = require('path');
const L = require('./lib.js');

// The bots' searches wait for this file (the server's test gate).
const GATE = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'pf-gate-')), 'go');
process.on('exit', () => fs.rmSync(path.dirname(GATE), { recursive: true, force: true }));

async function botMoveDuringSync({ browser, base }) {
  const room = await L.makeRoom(base, { game: 'pizza', seats: ['bot:medium', 'person'], fixed_order: true });
  // The first read of the room (before joining) goes through; a later one
  // (the sync's) lets the bot think and answers only once its move is pushed.
  let reads = 0;
  let answered = false;
  const page = await L.joinRoom(browser, `${base}/#/room/${room}`, 'ana', (p) => p.route((url) => url.pathname === `/rooms/${room}`, async (route) => {
    const late = ++reads > 1;
    if (late) {
      fs.writeFileSync(GATE, '');
      await new Promise((r) => setTimeout(r, 1500));
    }
    await route.continue();
    if (late) answered = true;
  }));
  const until = Date.now() + 30000; // generous: a loaded machine is slow
  while (!answered) {
    L.assert(Date.now() < until, 'the page read the room again once it was in play');
    await page.waitForTimeout(100);
  }
  await page.waitForTimeout(500); // the sync's handling, once its read came back
  while (!(await L.choices(page)).buttons.length) {
    L.assert(Date.now() < until, `the person's turn shows: the page says "${await page.textContent('#turn')}"`);
    await page.waitForTimeout(100);
  }
  L.assert(/turned over/.test(await page.textContent('.log')), 'the bot\'s move is in the log');
  await L.noErrors(page);
  await page.context().close();
}

L.suite([
  ['a bot\'s move pushed during the first sync is kept', botMoveDuringSync],
], { env: { PF_SERVE_TEST_BOT_GATE: GATE } });
