// web_replay.js: the replay viewer steps through a finished game: the
// setup, forward and back, a jump with the slider, the last move, a seat's
// point of view against everything shown, playing by itself; and it waits
// for the end of a game that is still on.
'use strict';
const L = require('./lib.js');

async function post(base, path, body) {
  const r = await fetch(`${base}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return r.json();
}

async function stepThrough({ browser, base }) {
  // Every seat a bot's: the game is played at once.
  const room = await post(base, '/rooms', { game: 'pancake', seats: ['bot:medium', 'bot:hard', 'bot:easy'] });
  const page = await L.newPage(browser);
  await page.goto(`${base}/#/replay/${room.room}`);
  await page.waitForSelector('.board svg');
  const where = () => page.textContent('.turn');
  L.assert(/setup/.test(await where()), 'it opens at the setup');
  const total = Number(await page.getAttribute('#replay-step', 'max')) + 1;
  L.assert(total > 5, `a whole game: ${total} moves`);
  await page.click('button[aria-label="step forward"]');
  L.assert((await where()).startsWith(`Move 1 of ${total}`), 'one step forward');
  const said = (await where()).replace(/^Move 1 of \d+: /, '').replace(/ \(bot\)$/, '');
  const lines = await page.$$eval('.log li', (e) => e.map((li) => li.textContent));
  L.assert(lines.includes(said), `the move in the log's words, not the engine's: "${said}"`);
  await page.click('button[aria-label="step forward"]');
  await page.click('button[aria-label="step back"]');
  L.assert((await where()).startsWith(`Move 1 of ${total}`), 'and back');
  await page.fill('#replay-step', '4');
  await page.dispatchEvent('#replay-step', 'input');
  L.assert((await where()).startsWith(`Move 5 of ${total}`), 'a jump with the slider');
  await page.click('button[aria-label="last step"]');
  L.assert((await where()).startsWith(`Move ${total} of ${total}`), 'the last move');
  // Everything shown: the chef's secrets are in the log; seat 1's point of
  // view holds only the private lines of seat 1's own moves.
  const everything = await page.$$eval('.log li.private', (e) => e.length);
  L.assert(everything > 0, 'everything shown: the chefs\' peeks are there');
  await page.selectOption('#replay-seat', '1');
  await page.waitForSelector('.turn[data-pov="1"]');
  await page.click('button[aria-label="last step"]');
  const mine = await page.$$eval('.log li.private', (e) => e.length);
  L.assert(mine < everything, `a seat sees fewer secrets (${mine}) than everything (${everything})`);
  // Played by itself, fast.
  await page.click('button[aria-label="first step"]');
  await page.selectOption('#replay-speed', '120');
  await page.click('.replay-controls button.primary');
  await page.waitForFunction(() => /^Move [3-9]/.test(document.querySelector('.turn').textContent));
  await L.shot(page, 'web-replay');
  await L.noErrors(page);
  await page.context().close();
}

async function notYet({ browser, base }) {
  const room = await post(base, '/rooms', { game: 'pizza', seats: ['person', 'bot:medium'] });
  const page = await L.newPage(browser);
  await page.goto(`${base}/#/replay/${room.room}`);
  await page.waitForSelector('text=The replay opens once the game is over.');
  await page.context().close();
}

L.suite([
  ['the replay viewer steps through a finished game', stepThrough],
  ['no replay while the game is on', notYet],
]);
