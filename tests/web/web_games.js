// web_games.js: from the lobby, one click starts a game against bots, and a
// person plays each turn-based game to the end by clicking what the table
// offers (Yummy Yummy Pancake's flick by its meter); Paku Paku is played in
// real time for a while (rolls and stacks by the swinging piece). Screenshots
// of each table are written as artifacts. Yummy Yummy Pancake's ask
// choices land on the right player's pile.
'use strict';
const L = require('./lib.js');

async function wholeGame({ browser, base }, game) {
  const page = await L.quickGame(browser, base, game);
  await L.boardDrawn(page);
  await L.shot(page, `web-${game}`);
  const moves = await L.playByClicking(page, { budgetMs: 150000 });
  L.assert(moves > 0, `${game}: the person made moves (${moves})`);
  const end = await page.textContent('.end h2');
  L.assert(/win|won|Nobody|Ziggy/.test(end), `${game}: the end screen says who won: ${end}`);
  L.assert(await page.isVisible('.end a[href*="/replay"]'), `${game}: the end screen offers the replay`);
  await L.nothingRaw(page, `${game}'s end`);
  await L.shot(page, `web-${game}-end`);
  // Without the room's memory aid, remembering is the game: nothing marks a seen piece.
  L.assert(!(await page.$('.board [aria-label*="seen before"]')), `${game}: no memory aid unless the room has it`);
  await L.noErrors(page);
  await page.context().close();
}

async function pakuForAWhile({ browser, base }) {
  const page = await L.quickGame(browser, base, 'pakupaku');
  const until = Date.now() + 90000; // ends when rolled and stacked: the bound is for a loaded machine
  let rolls = 0;
  let stacks = 0;
  while (Date.now() < until && !(rolls >= 3 && stacks >= 1)) {
    if (await page.isVisible('.meter .stop')) {
      await page.waitForTimeout(200);
      await page.click('.meter .stop');
      stacks++;
    } else if (await page.isVisible('.actions button:has-text("Stack")')) {
      await page.click('.actions button:has-text("Stack")').catch(() => {});
    } else if (await page.isVisible('.actions button:has-text("Roll")')) {
      await page.click('.actions button:has-text("Roll")').catch(() => {});
      rolls++;
      await page.waitForTimeout(900);
    }
    await page.waitForTimeout(100);
  }
  // The last press's move reaches the log with its push: waited for, not read at once.
  const inLog = (re) => page.waitForFunction((src) => new RegExp(src).test(document.querySelector('.log').textContent),
    re.source, { timeout: 10000 }).then(() => true, () => false);
  L.assert(await inLog(/ana \(you\) rolls/), `the person's rolls are in the log: ${(await page.textContent('.log')).slice(-300)}`);
  L.assert(await inLog(/easy \d rolls/), 'the bots roll on their own, in real time');
  L.assert(stacks > 0 && await inLog(/ana \(you\) stacks a/),
    `the person stacked by the swing (${stacks}; ${await page.textContent('.alert')}): ${(await page.textContent('.log')).slice(-300)}`);
  await L.shot(page, 'web-pakupaku');
  await L.noErrors(page);
  await page.context().close();
}

// A short game (penalty limit 5) made with the lobby's form, to the end.
async function pakuToTheEnd({ browser, base }) {
  const page = await L.newPage(browser);
  await page.goto(`${base}/`);
  await page.fill('#your-name', 'ana');
  await page.selectOption('#new-game', 'pakupaku');
  await page.selectOption('#new-count', '2');
  await page.selectOption('#seat-1', 'bot:easy');
  await page.selectOption('#opt-limit', '5');
  await page.click('form button[type=submit]:has-text("Make the room")');
  await page.waitForSelector('.board svg');
  const until = Date.now() + 150000;
  let turn = 0;
  while (!(await L.choices(page)).over) {
    L.assert(Date.now() < until, 'the game ended in time');
    if (await page.isVisible('.meter .stop')) {
      await page.waitForTimeout(250);
      await page.keyboard.press('Enter'); // the Drop button has the focus
    } else {
      // The keys the buttons offer: R rolls, P, B or C start a stack.
      const keys = await page.$$eval('.actions [aria-keyshortcuts]', (els) => els.map((e) => e.getAttribute('aria-keyshortcuts')));
      if (keys.length) await page.keyboard.press(keys[turn++ % keys.length].toLowerCase());
    }
    await page.waitForTimeout(150);
  }
  const end = await page.textContent('.end h2');
  L.assert(/wins/.test(end), `the end screen names the winner: ${end}`);
  await L.nothingRaw(page, 'Paku Paku\'s end');
  // Once over, each seat's points, not a count towards the limit, and no busy hands.
  const table = await page.evaluate(() => document.querySelector('.board').textContent);
  L.assert(!/busy|\d+\/\d+/.test(table), `the end's table shows points only: ${/busy.{0,8}|\d+\/\d+/.exec(table)}`);
  await L.noErrors(page);
  await page.context().close();
}

// The meters the page draws read as the contract's formula (the server's):
// a toss sweeps 0.10 -> 0.90 -> 0.10 over its period, a swing is 30 sin.
async function meters({ browser, base }) {
  const page = await L.newPage(browser);
  await page.goto(`${base}/`);
  const got = await page.evaluate(async () => {
    const m = await import('/js/meter.js');
    return [[0, 600, 1200, 1800, 2400, 300].map((e) => m.meterValue('toss', 2400, e)),
      [0, 500, 1000, 1500, 2000 / 12].map((e) => m.meterValue('swing', 2000, e))];
  });
  const want = [[0.10, 0.50, 0.90, 0.50, 0.10, 0.30], [0, 30, 0, -30, 15]];
  L.assert(JSON.stringify(got.map((a) => a.map((x) => Math.round(x * 100) / 100 + 0))) === JSON.stringify(want),
    `the meters' values: ${JSON.stringify(got)}`);
  await page.context().close();
}

// Pass the Party Food's turn line offers a set to score only when there is
// one (the choices then are tokens and "carry on").
async function scoreLine({ browser, base }) {
  const page = await L.newPage(browser);
  await page.goto(`${base}/`);
  const said = await page.evaluate(async () => {
    const g = (await import('/js/games/passfood.js')).default;
    const ctx = (legal) => ({ view: { phase: 'score' }, mine: true, over: false, legal, name: String });
    return [g.status(ctx(['carry on', 'swap give snake to 2'])), g.status(ctx(['carry on', 'score column snake']))];
  });
  L.assert(!/score one set/.test(said[0]) && /score one set/.test(said[1]), `the turn line: ${JSON.stringify(said)}`);
  await page.context().close();
}

// Yummy Yummy Pancake's `ask N` counts seats from 1: when the person is
// the chef, the piles offered are the other two players' (not her own), each
// labelled with its player, and pressing the third seat's pile asks that
// player (a page counting from 0 would offer the wrong piles and ask the
// wrong player).
async function pancakeAsk({ browser, base }) {
  const room = await L.makeRoom(base, { game: 'pancake', seats: ['person', 'bot:medium', 'bot:medium'], fixed_order: true });
  const page = await L.joinRoom(browser, `${base}/#/room/${room}`, 'ana');
  await page.waitForSelector('.board svg');
  const until = Date.now() + 60000;
  // Play (flick, pick, guess; never stop sharing) until ana, the chef, asks.
  for (let n = 0; !(await page.$('.board [data-key^="p:"][role=button]')); n++) {
    L.assert(Date.now() < until && !(await L.choices(page)).over, 'ana gets to ask within a game');
    if (await page.isVisible('.meter .stop')) { await page.waitForTimeout(200); await page.click('.meter .stop'); continue; }
    const els = await page.$$('.board [role=button], .actions button:not(:has-text("Stop"))');
    if (els.length) await els[n % els.length].click({ timeout: 2000 }).catch(() => {});
    await page.waitForTimeout(50);
  }
  const names = await page.$$eval('.players li', (els) => els.map((e) => e.textContent.replace(/^\d+\. /, '').split(' · ')[0]));
  const piles = await page.$$eval('.board [data-key^="p:"][role=button]', (els) => els.map((e) => [e.dataset.key, e.getAttribute('aria-label')]));
  L.assert(JSON.stringify(piles.map((p) => p[0])) === '["p:1","p:2"]', `the other players' piles are offered, not ana's: ${JSON.stringify(piles)}`);
  piles.forEach(([key, label]) => {
    const seat = Number(key.slice(2));
    L.assert(label.startsWith(`Ask ${names[seat]}:`), `pile ${seat} is labelled with its player ${names[seat]}: ${label}`);
  });
  const buttons = await page.$$eval('.actions button:not(.hint)', (els) => els.map((e) => e.textContent));
  L.assert(JSON.stringify(buttons) === JSON.stringify([`Ask ${names[1]}`, `Ask ${names[2]}`]), `the buttons ask the same players: ${buttons}`);
  await page.click('.board [data-key="p:2"]');
  await page.waitForFunction((who) => document.querySelector('.log').textContent.includes(`asks ${who}`), names[2]);
  await L.noErrors(page);
  await page.context().close();
}

L.suite([
  ['the meters read as the contract says', meters],
  ['Pass the Party Food: a set to score is offered only when there is one', scoreLine],
  ['Yummy Yummy Pancake: the pile offered for "ask N" is seat N\'s (seats from 1)', pancakeAsk],
  ['Pizza Party against bots, to the end, by clicking', (c) => wholeGame(c, 'pizza')],
  ['Yummy Yummy Pancake against bots, to the end, by clicking', (c) => wholeGame(c, 'pancake')],
  ['Pass the Party Food against bots, to the end, by clicking', (c) => wholeGame(c, 'passfood')],
  ['Paku Paku in real time: rolls and a stack by the swing', pakuForAWhile],
  ['Paku Paku to the end by keys (R, and Enter to drop)', pakuToTheEnd],
]);
