// web_rooms.js: two people in one room from two browsers (two contexts,
// each its own storage): one makes the room with the form, the other joins
// by the link; each sees only its own secrets and may act only for its own
// seat; a spectator watches without choices or secrets; a reload mid-game
// rejoins the same seat and resyncs; an act whose answer was lost is sent
// again with its key and played once.
'use strict';
const L = require('./lib.js');

async function makeRoom(page, base) {
  await page.goto(`${base}/`);
  await page.fill('#your-name', 'ana');
  await page.selectOption('#new-game', 'pancake');
  await page.selectOption('#new-count', '3');
  await page.selectOption('#seat-1', 'person');
  await page.selectOption('#seat-2', 'bot:medium');
  await page.check('#new-fixed');
  await page.click('form button[type=submit]:has-text("Make the room")');
  await page.waitForSelector('.big-code');
  return (await page.textContent('.big-code')).trim();
}

// One move by whichever page may act; false when neither may.
async function oneMove(pages, n) {
  for (const p of pages) {
    const c = await L.choices(p);
    if (c.meter) { await p.waitForTimeout(120 + (n % 4) * 100); await p.click('.meter .stop'); return true; }
    if (c.buttons.length) {
      // Looked up again: the page may have redrawn since (no choice left).
      const els = await p.$$('.actions button, .board [role=button]');
      if (!els.length) return false;
      await els[(n * 7) % els.length].click({ timeout: 2000 }).catch(() => {});
      return true;
    }
  }
  return false;
}

async function twoPeople({ browser, base }) {
  const ana = await L.newPage(browser);
  const code = await makeRoom(ana, base);
  L.assert(/^[A-Z]{10}$/.test(code), `a room code to read aloud: ${code}`);
  const link = await ana.getAttribute('.join-link', 'href');
  L.assert(link.endsWith(`#/room/${code}`), `the join link names the room: ${link}`);

  const bo = await L.newPage(browser);
  await bo.goto(link);
  await bo.fill('#join-name', 'bo');
  await bo.click('button:has-text("Take a seat")');
  await Promise.all([ana.waitForSelector('.board svg'), bo.waitForSelector('.board svg')]);
  L.assert((await ana.textContent('.players li:first-child')).includes('ana (you)'), 'ana sees herself, first: the order was kept');
  L.assert((await bo.textContent('.players')).includes('bo (you)'), 'bo sees himself');
  // A spectator by the lobby's Watch link: the table, no choices, no secrets.
  const watcher = await L.newPage(browser);
  await watcher.goto(`${base}/#/room/${code}?watch`);
  await watcher.waitForSelector('.board svg');
  L.assert(/You are watching/.test(await watcher.textContent('.turn')), 'the spectator is told so');

  let reloaded = false;
  const until = Date.now() + 150000;
  for (let n = 0; Date.now() < until; n++) {
    // Only one page ever offers choices: a seat acts only for itself.
    const [ca, cb] = [await L.choices(ana), await L.choices(bo)];
    if (ca.step === cb.step && ca.step === (await L.choices(ana)).step) {
      const offered = [ca, cb].filter((c) => c.buttons.length || c.meter);
      L.assert(offered.length <= 1, `never both pages offer a choice at once (step ${ca.step})`);
    }
    // Secrets: a peek reaches the chef's page only.
    for (const [me, other] of [[ana, bo], [bo, ana]]) {
      const lines = (page, sel) => page.$$eval(sel, (els) => els.map((e) => `${e.dataset.step}:${e.lastChild.textContent}`));
      const mine = await lines(me, '.log li.private');
      const theirs = await lines(other, '.log li');
      for (const line of mine) L.assert(!theirs.includes(line), `a private line stays private: ${line}`);
    }
    if (!reloaded && n === 12) {
      const before = await ana.$$eval('.log li', (els) => els.length);
      await ana.reload();
      await ana.waitForSelector('.board svg');
      await ana.waitForFunction((k) => document.querySelectorAll('.log li').length >= k, Math.min(before, 60));
      L.assert((await ana.textContent('.players')).includes('ana (you)'), 'the reload rejoined ana\'s seat');
      reloaded = true;
    }
    if ((await L.choices(ana)).over && (await L.choices(bo)).over) break;
    if (!(await oneMove([ana, bo], n))) await ana.waitForTimeout(80);
  }
  L.assert(reloaded, 'the reload was tried');
  // The spectator's table plays every step in motion: it may end a moment later.
  await watcher.waitForSelector('.end:not([hidden])');
  const w = await L.choices(watcher);
  L.assert(w.over && w.buttons.length === 0, 'the spectator saw the end and was never offered a choice');
  L.assert((await watcher.$$('.log li.private')).length === 0, 'the spectator got no private line');
  L.assert(!(await watcher.textContent('.end')).includes('Play again'), 'no rematch for a spectator');
  await L.noErrors(watcher);
  await watcher.context().close();
  L.assert((await L.choices(ana)).over && (await L.choices(bo)).over, 'both see the end');
  const privateAna = await ana.$$eval('.log li.private', (e) => e.length);
  const privateBo = await bo.$$eval('.log li.private', (e) => e.length);
  L.assert(privateAna + privateBo > 0, 'someone peeked during the game');
  await L.noErrors(ana);
  await L.noErrors(bo);
  await ana.context().close();
  await bo.context().close();
}

async function badCode({ browser, base }) {
  const p = await L.newPage(browser);
  await p.goto(`${base}/#/room/QQQQQQ`);
  await p.waitForSelector('text=No room has that code');
  await p.context().close();
}

async function staleToken({ browser, base }) {
  const room = await L.makeRoom(base, { game: 'pizza', seats: ['person', 'bot:medium'] });
  const p = await L.newPage(browser);
  await p.goto(`${base}/`);
  await p.evaluate((c) => localStorage.setItem(`partyfood.room.${c}`, JSON.stringify({ token: '0'.repeat(32) })), room);
  await p.goto(`${base}/#/room/${room}`);
  await p.waitForSelector('text=Your old seat is gone');
  L.assert(await p.isVisible('button:has-text("Take a seat")'), 'a token the room does not know: the join form again');
  await p.fill('#join-name', 'cy');
  await p.click('button:has-text("Take a seat")');
  await p.waitForSelector('.board svg');
  L.assert((await p.textContent('.players')).includes('cy (you)'), 'joined afresh');
  await p.context().close();
}

async function turnTimer({ browser, base }) {
  const room = await L.makeRoom(base, { game: 'pizza', seats: ['person', 'bot:medium'], fixed_order: true, turn_seconds: 2 });
  const p = await L.joinRoom(browser, `${base}/#/room/${room}`, 'dee');
  await p.waitForSelector('.board svg');
  await p.waitForFunction(() => /\(\d s left\)/.test(document.querySelector('.turn').textContent));
  // Nobody clicks: when the time is up a bot plays dee's move, and everyone sees it.
  await p.waitForFunction(() => /dee \(you\) turned over cell/.test(document.querySelector('.log').textContent), null, { timeout: 10000 });
  L.assert(/time ran out/.test(await p.textContent('.log')), 'the log says the time ran out');
  await L.noErrors(p);
  await p.context().close();
}

// Pizza Party with the memory aid: a piece seen and put back shows in its cell.
async function memoryAid({ browser, base }) {
  const room = await L.makeRoom(base, { game: 'pizza', seats: ['person', 'bot:medium'], memory_aid: true });
  const p = await L.joinRoom(browser, `${base}/#/room/${room}`, 'eve');
  await p.waitForSelector('.board svg');
  const until = Date.now() + 60000;
  let n = 0;
  while (!(await p.$('.board [aria-label*="seen before"]'))) {
    L.assert(Date.now() < until && !(await L.choices(p)).over, 'a piece put back is remembered within a game');
    const cells = await p.$$('.board [role=button]');
    if (cells.length) await cells[(n++ * 5) % cells.length].click().catch(() => {});
    await p.waitForTimeout(60);
  }
  await L.noErrors(p);
  await p.context().close();
}

// A connection dropped mid-game (not a reload): the page reconnects by
// itself with its token and the server's sync brings what it missed (the
// pushes of its own move and the bot's answer, cut before the drop).
async function dropped({ browser, base }) {
  // No switch pieces: gus's one move always ends his turn, so the bot moves
  // next (an own-colour switch, 2 of the 32 pieces, left gus a slice to
  // pick, the bot never moved, and the check below waited in vain).
  const room = await L.makeRoom(base, { game: 'pizza', seats: ['person', 'bot:medium'], fixed_order: true,
    options: { switches: 'off' } });
  let cut = false;
  const sockets = [];
  const p = await L.joinRoom(browser, `${base}/#/room/${room}`, 'gus', (page) => page.routeWebSocket(/\/ws(\?|$)/, (ws) => {
    const server = ws.connectToServer();
    server.onMessage((m) => { if (!cut) ws.send(m); });
    sockets.push(ws);
  }));
  await p.waitForSelector('.board [role=button]');
  const mine = () => p.$$eval('.log li', (els) => els.filter((e) => /gus \(you\) turned over/.test(e.textContent)).length);
  L.assert(await mine() === 0, 'gus has not moved yet');
  cut = true;
  const at = await L.roomSteps(base, room);
  await p.click('.board [role=button]');
  // The bot answers meanwhile (the witness: both steps at the server); then the connection drops.
  await L.waitUntil(async () => await L.roomSteps(base, room) >= at + 2, 'gus\'s move and the bot\'s answer at the server');
  L.assert(await mine() === 0, 'the pushes were cut');
  cut = false;
  await sockets[0].close({ code: 1001, reason: 'gone away' });
  await p.waitForFunction(() => /reconnecting/.test(document.querySelector('.conn').textContent));
  await p.waitForFunction(() => /bot medium turned over/.test(document.querySelector('.log').textContent), null, { timeout: 10000 });
  L.assert(sockets.length === 2, `one reconnection (${sockets.length} sockets)`);
  L.assert(await mine() === 1, 'the sync brought gus\'s own move');
  L.assert((await p.textContent('.players')).includes('gus (you)'), 'the same seat');
  L.assert((await p.textContent('.conn')) === '', 'the page no longer says it is reconnecting');
  await L.playByClicking(p, { budgetMs: 120000 });
  await L.noErrors(p);
  await p.context().close();
}

// An act whose answer is lost with the socket (the server played it; the
// answer and the pushes after it never reach the page) is sent again with
// the same key once the page has reconnected: the server answers the
// repeat with the first answer, and the move is played once.
async function actSentAgain({ browser, base }) {
  const room = await L.makeRoom(base, { game: 'pizza', seats: ['person', 'bot:medium'], fixed_order: true,
    options: { switches: 'off' } });
  const acts = []; // every act the page sent: its socket and key
  const answers = []; // the answers of the acts on the second socket
  const sockets = [];
  const p = await L.joinRoom(browser, `${base}/#/room/${room}`, 'gus', (page) => page.routeWebSocket(/\/ws(\?|$)/, (ws) => {
    const n = sockets.length;
    sockets.push(ws);
    const server = ws.connectToServer();
    let lostId = null;
    ws.onMessage((m) => {
      const msg = JSON.parse(m);
      if (msg.cmd === 'act') {
        acts.push({ n, key: msg.key, id: msg.id });
        if (n === 0) lostId = msg.id;
      }
      server.send(m);
    });
    server.onMessage((m) => {
      const msg = JSON.parse(m);
      if (n === 0 && lostId !== null) { // the act is in: nothing more reaches the page
        if (msg.id === lostId) ws.close({ code: 1001, reason: 'gone away' });
        return;
      }
      if (n > 0 && acts.some((a) => a.n === n && a.id === msg.id)) answers.push(msg);
      ws.send(m);
    });
  }));
  await p.waitForSelector('.board [role=button]');
  const mine = () => p.$$eval('.log li', (els) => els.filter((e) => /gus \(you\) turned over/.test(e.textContent)).length);
  await p.click('.board [role=button]');
  await p.waitForFunction(() => /bot medium turned over/.test(document.querySelector('.log').textContent), null, { timeout: 10000 });
  await p.waitForFunction(() => !document.querySelector('.sending'), null, { timeout: 10000 });
  L.assert(sockets.length === 2, `one reconnection (${sockets.length} sockets)`);
  L.assert(acts.length === 2 && acts[0].n === 0 && acts[1].n === 1 && acts[0].key && acts[1].key === acts[0].key,
           `the act sent again with its key: ${JSON.stringify(acts)}`);
  L.assert(answers.length === 1 && answers[0].ok && answers[0].repeat === true,
           `the repeat answered with the first answer: ${JSON.stringify(answers)}`);
  L.assert(await mine() === 1, 'gus\'s move played once');
  L.assert(!(await p.textContent('.note, [role=alert]').catch(() => '')), 'no error said');
  await L.noErrors(p);
  await p.context().close();
}

// The lobby's "Join by code" (typed in small letters) opens the room, and
// the name typed on an earlier visit is there already.
async function byCode({ browser, base }) {
  const room = await L.makeRoom(base, { game: 'pizza', seats: ['person', 'bot:medium'] });
  const p = await L.newPage(browser);
  await p.goto(`${base}/`);
  await p.fill('#your-name', 'hal');
  await p.dispatchEvent('#your-name', 'change');
  await p.goto('about:blank');
  await p.goto(`${base}/`);
  L.assert(await p.inputValue('#your-name') === 'hal', 'the name is remembered between visits');
  await p.fill('#join-code', room.toLowerCase());
  await p.click('button:has-text("Go")');
  await p.waitForSelector('#join-name');
  L.assert(await p.inputValue('#join-name') === 'hal', 'the join form has the name');
  await p.click('button:has-text("Take a seat")');
  await p.waitForSelector('.board svg');
  L.assert((await p.textContent('.players')).includes('hal (you)'), 'joined by the code');
  await L.noErrors(p);
  await p.context().close();
}

L.suite([
  ['two browsers in one room: own seat, own secrets, a reload rejoins', twoPeople],
  ['a dropped connection reconnects by itself and resyncs', dropped],
  ['an act whose answer was lost is sent again with its key, played once', actSentAgain],
  ['join by code from the lobby, the name remembered', byCode],
  ['an unknown room code says so', badCode],
  ['a seat the room no longer knows: join again', staleToken],
  ['a turn timer counts down, then a bot moves for the person', turnTimer],
  ['Pizza Party\'s memory aid shows the pieces seen and put back', memoryAid],
]);
