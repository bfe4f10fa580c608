// web_offline.js: play anywhere (issue 33, docs/offline.md). A visit
// installs the page (its service worker keeps the page, the module and the
// drawings); with the server stopped the page opens from it, says that
// friends need the server, and plays each game against bots to the end on
// the device, Paku Paku in real time; a reload mid-game takes the game up
// again; the lobby lists the games kept on the device, a finished one is
// watched in the replay viewer and given out as a file that `partyfood
// replay` reads, deleted, and taken back in. `make web-static`'s folder,
// served by `python3 -m http.server`, plays too. The server serves the
// module as application/wasm and its policy allows the module, the worker
// and the manifest; a page whose engine speaks another protocol than the
// server's says so and plays on the server.
'use strict';
const { spawn, execFileSync } = require('child_process');
const fs = require('fs');
const os = require('os');
const path = require('path');
const L = require('./lib.js');

const BIN = process.env.PF_BIN;
const WEB = path.join(L.SOURCE, 'web');

if (!fs.existsSync(path.join(WEB, 'wasm', 'partyfood.wasm')) || !fs.existsSync(path.join(WEB, 'sw-files.js'))) {
  console.error('no engine module in web/wasm (or no web/sw-files.js): build them with `make wasm`');
  process.exit(1);
}

// A page of its own context (the service worker and the saves are the
// context's), played at the fastest pace. Without a server the page's
// questions to it fail, and the browser logs each: those are expected
// (GET /games, /rooms), any other file that fails is an error.
async function phonePage(browser, size) {
  const page = await L.newPage(browser, { viewport: size });
  const api = (url) => /^\/(games|rooms)(\/|$)/.test(new URL(url).pathname);
  page.on('requestfailed', (r) => { if (!api(r.url())) page.errors.push(`${r.url()}: ${r.failure().errorText}`); });
  page.on('response', (r) => { if (r.status() >= 400 && !api(r.url())) page.errors.push(`${r.url()}: ${r.status()}`); });
  page.apiFailures = () => { page.errors = page.errors.filter((e) => !/^Failed to load resource/.test(e)); };
  return page;
}

// Waits until the page is kept: the service worker controls it.
async function installed(page) {
  await page.waitForFunction(() => !!navigator.serviceWorker.controller, null, { timeout: 20000 });
}

// The lobby's form, on this device: a short game of `game` against one
// easy bot (2 players), with options that make it shorter.
async function shortGame(page, game, options = {}) {
  await page.waitForSelector('#new-game');
  L.assert(await page.textContent('#create-title') === 'A game against bots, your way', 'the form plays on this device');
  await page.selectOption('#new-game', game);
  await page.selectOption('#new-count', '2');
  await page.selectOption('#seat-1', 'bot:easy');
  for (const [key, value] of Object.entries(options)) {
    if (typeof value === 'boolean') await page.setChecked(`#opt-${key}`, value);
    else await page.selectOption(`#opt-${key}`, String(value));
  }
  await page.click('form button[type=submit]:has-text("Play")');
  await page.waitForSelector('.board svg', { timeout: 15000 });
  L.assert(/^#\/solo\/[0-9a-f]{12}$/.test(await page.evaluate(() => location.hash)), 'a game on this device');
}

// What moves on in Paku Paku (the table's step, the meter shown or not,
// the end), in the page: that moment, or with `was`, whether it moved on
// from it.
function pakuMoved(was) {
  const meter = document.querySelector('.meter');
  const end = document.querySelector('.end');
  const now = `${document.querySelector('.board').dataset.step} ${!!meter && !meter.hidden} ${!!end && !end.hidden}`;
  return was === undefined ? now : now !== was;
}

// Paku Paku by its keys (R rolls, P/B/C stack, Enter drops) to the end.
// A drop waits until the piece has swung a quarter's half (+15 of 30: at
// least 140 ms after the meter's issue, past a person's reaction, which the
// room checks); after each press, until something moves on (the bots play
// meanwhile; a press the room refused moves nothing, and is tried again).
async function pakuToTheEnd(page) {
  const until = Date.now() + 150000;
  let turn = 0;
  while (!(await L.choices(page)).over) {
    L.assert(Date.now() < until, 'Paku Paku ended in time');
    const was = await page.evaluate(pakuMoved);
    if (await page.isVisible('.meter .stop')) {
      await page.waitForFunction(() => document.querySelector('.meter').hidden
        || parseFloat(document.querySelector('.meter-value').textContent) >= 15, null, { polling: 'raf' });
      if (await page.isVisible('.meter .stop')) await page.keyboard.press('Enter');
    } else {
      const keys = await page.$$eval('.actions [aria-keyshortcuts]', (els) => els.map((e) => e.getAttribute('aria-keyshortcuts')));
      if (keys.length) await page.keyboard.press(keys[turn++ % keys.length].toLowerCase());
    }
    await page.waitForFunction(pakuMoved, was, { timeout: 10000 }).catch(() => {});
  }
}

// The table's step and the log, as a person sees them.
async function where(page) {
  return page.evaluate(() => ({ step: document.querySelector('.board').dataset.step,
    log: document.querySelector('.log').textContent }));
}

// The person's turn, the table at rest (it shows the step the log ends
// with): nothing moves until she does.
async function atRest(page) {
  await page.waitForFunction(() => {
    const lines = [...document.querySelectorAll('.log li[data-step]')].map((li) => Number(li.dataset.step));
    const shown = Number(document.querySelector('.board').dataset.step);
    return !document.querySelector('.sending') && document.querySelector('.board [role=button]')
      && lines.length && shown === Math.max(...lines) + 1;
  });
}

// The lobby's line of a kept game.
async function keptLines(page) {
  await page.waitForSelector('.kept li');
  return page.$$eval('.kept li', (els) => els.map((e) => ({ id: e.dataset.id, text: e.textContent })));
}

async function endOf(page, game) {
  const end = await page.textContent('.end h2');
  L.assert(/win|won|Nobody|Ziggy/.test(end), `${game}: the end screen says who won: ${end}`);
  await L.nothingRaw(page, `${game}'s end`);
}

// A visit installs the page; the server stops; the page opens from its
// service worker and plays each game to the end on the device; a reload
// mid-game goes on; the games are kept; a room's link says friends need
// the server; a lesson plays.
async function offline({ browser }) {
  const server = await L.startServer();
  const page = await phonePage(browser, { width: 1280, height: 800 });
  await page.goto(`${server.base}/`);
  await page.waitForSelector('button[data-game=pizza]');
  await installed(page);
  L.assert(await L.stopServer(server) === 0, 'the server stopped cleanly');

  await page.reload();
  await page.waitForSelector('.standing');
  const standing = await page.textContent('.standing');
  L.assert(/does not answer/.test(standing) && /friends/.test(standing), `the lobby says where it stands: ${standing}`);
  L.assert(!(await page.$('#join-code')), 'no joining by code without the server');
  await L.shot(page, 'offline-lobby');

  // Pizza Party, with a reload on the way: the same step, the same log.
  await shortGame(page, 'pizza', { switches: false, extra_slices: false, kinds: 2 });
  await L.shot(page, 'offline-pizza');
  await L.playByClicking(page, { stopAfter: 3 });
  await atRest(page);
  const before = await where(page);
  await page.reload();
  await page.waitForSelector('.board svg');
  await page.waitForFunction((step) => document.querySelector('.board').dataset.step === step, before.step);
  const after = await where(page);
  L.assert(after.log === before.log, `the reload took the game up where it was: ${after.log.slice(-120)} / ${before.log.slice(-120)}`);
  await L.playByClicking(page, { budgetMs: 90000 });
  await endOf(page, 'pizza');
  L.assert(await page.isVisible('.end a[href*="/replay"]'), 'the end screen offers the replay');

  // The other three, each to its end.
  for (const [game, options] of [['pancake', {}], ['passfood', {}], ['pakupaku', { limit: 5 }]]) {
    await page.goto(`${server.base}/#/`);
    await shortGame(page, game, options);
    if (game === 'pakupaku') await pakuToTheEnd(page);
    else await L.playByClicking(page, { budgetMs: 120000 });
    await endOf(page, game);
  }

  // The lobby lists them, finished, the latest first.
  await page.goto(`${server.base}/#/`);
  const lines = await keptLines(page);
  L.assert(lines.length === 4 && /^Paku Paku/.test(lines[0].text) && /^Pizza Party/.test(lines[3].text)
    && lines.every((x) => / won · |finished · /.test(x.text) && /Watch the replay/.test(x.text)), `the kept games: ${JSON.stringify(lines)}`);
  await L.shot(page, 'offline-kept');

  // A room of friends, offline: the page says what it needs.
  await page.context().setOffline(true);
  await page.goto(`${server.base}/#/room/WERJDJ`);
  await page.waitForSelector('text=playing with friends needs the partyfood server');
  await page.goto(`${server.base}/#/`);
  await page.waitForSelector('.standing');
  L.assert(/You are offline/.test(await page.textContent('.standing')), 'the lobby says the device is offline');
  // A lesson, offline too: its file kept, its runner in the module.
  await page.goto(`${server.base}/#/learn/pizza`);
  await page.waitForSelector('.lesson-panel[data-kind=note] #lesson-next:not([hidden])');
  const first = await page.textContent('#lesson-caption');
  await page.click('#lesson-next');
  await page.waitForFunction((was) => document.getElementById('lesson-caption').textContent !== was, first);
  await page.goto(`${server.base}/#/`);
  await page.waitForSelector('.standing');

  // A phone: the lobby, the kept games and a game going on.
  await page.setViewportSize({ width: 390, height: 844 });
  await L.shot(page, 'offline-lobby-phone');
  await page.click('button[data-game=pancake]');
  await page.waitForSelector('.board svg');
  // The shot once the table is still.
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'), null, { polling: 'raf' });
  await L.shot(page, 'offline-pancake-phone');
  page.apiFailures();
  await L.noErrors(page);
  await page.context().close();
}

// The kept games: one going on is listed (Resume), refused in a second
// tab, and deleted with two presses; a finished one is watched in the replay viewer, given out as a
// file that `partyfood replay` reads, deleted and taken back in; a file
// that is no game is refused in words.
async function kept({ browser, base }) {
  const page = await phonePage(browser, { width: 1280, height: 800 });
  await page.goto(`${base}/`);
  await page.waitForSelector('#new-game');
  // Online, the form makes rooms; the one-click button plays here.
  L.assert(await page.textContent('#create-title') === 'Make a room', 'online, the form makes a room');
  await page.fill('#your-name', 'ana');
  await page.click('button[data-game=pizza]');
  await page.waitForSelector('.board svg');
  L.assert(/^#\/solo\//.test(await page.evaluate(() => location.hash)), 'a game against bots plays on this device');
  // The same game in a second tab: refused in words, the first plays on.
  const second = await page.context().newPage();
  await second.goto(`${base}/${await page.evaluate(() => location.hash)}`);
  await second.waitForSelector('text=This game is open in another tab');
  await second.close();
  await page.goto(`${base}/#/`);
  let lines = await keptLines(page);
  L.assert(lines.length === 1 && /Resume/.test(lines[0].text) && /ana \(you\)/.test(lines[0].text), `a game going on is listed: ${JSON.stringify(lines)}`);
  await page.click('.kept button:has-text("Delete")');
  await page.click('.kept button:has-text("Press again to delete")');
  await page.waitForSelector('.kept li:has-text("No games yet")');

  // A short game to its end, made with the form (offline, it plays here).
  await page.context().setOffline(true);
  await page.evaluate(() => { location.hash = '#/solo-form'; });
  await page.evaluate(() => { location.hash = '#/'; });
  await shortGame(page, 'pizza', { switches: false, extra_slices: false, kinds: 2 });
  await page.context().setOffline(false);
  await L.playByClicking(page, { budgetMs: 90000 });
  await endOf(page, 'pizza');
  await page.click('.end a:has-text("Watch the replay")');
  await page.waitForFunction(() => Number((document.querySelector('#replay-step') || {}).max) > 4);
  await page.click('button[aria-label="last step"]');
  L.assert(/^Move \d+ of \d+/.test(await page.textContent('.replay .turn')), 'the viewer steps through the game');
  await L.shot(page, 'offline-replay');

  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pf-kept-'));
  try {
    // Its file: `partyfood replay` reads it.
    await page.goto(`${base}/#/`);
    await keptLines(page);
    const [download] = await Promise.all([page.waitForEvent('download'), page.click('.kept button:has-text("Save as a file")')]);
    L.assert(/^partyfood-pizza-\d{4}-\d\d-\d\d-[0-9a-f]{4}\.json$/.test(download.suggestedFilename()), `the file's name: ${download.suggestedFilename()}`);
    const file = path.join(dir, download.suggestedFilename());
    await download.saveAs(file);
    const told = execFileSync(BIN, ['replay', file, '--all']).toString();
    L.assert(/^Pizza Party, 2 seats/.test(told) && /Result: /.test(told), `partyfood replay reads it: ${told.slice(0, 200)}`);
    // Deleted, then taken back in from the file.
    await page.click('.kept button:has-text("Delete")');
    await page.click('.kept button:has-text("Press again to delete")');
    await page.waitForSelector('.kept li:has-text("No games yet")');
    await page.setInputFiles('#import-file', file);
    await page.click('.kept li a:has-text("Watch the replay")');
    await page.waitForFunction(() => Number((document.querySelector('#replay-step') || {}).max) > 4);
    // Not a game: refused, in words, and nothing added.
    await page.goto(`${base}/#/`);
    const bad = path.join(dir, 'bad.json');
    fs.writeFileSync(bad, fs.readFileSync(file, 'utf8').replace('"seed"', '"sEed"'));
    await page.setInputFiles('#import-file', bad);
    await page.waitForSelector('text=That file is not a partyfood game');
    L.assert((await keptLines(page)).length === 1, 'a refused file adds nothing');
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
  page.apiFailures();
  await L.noErrors(page);
  await page.context().close();
}

// `make web-static`'s folder (written here by the same script, into a
// temporary folder) served by `python3 -m http.server`: it plays.
async function staticBuild({ browser }) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pf-static-'));
  const out = path.join(dir, 'site');
  execFileSync('python3', [path.join(L.SOURCE, 'scripts', 'web_app.py'), WEB, '--static', out]);
  const http = spawn('python3', ['-m', 'http.server', '--bind', '127.0.0.1', '0', '--directory', out],
    { stdio: ['ignore', 'pipe', 'pipe'] });
  try {
    const base = await new Promise((resolve, reject) => {
      let said = '';
      const timer = setTimeout(() => reject(new Error(`http.server did not start: ${said}`)), 10000);
      http.stdout.on('data', (d) => {
        said += d;
        const m = /port (\d+)/.exec(said);
        if (m) { clearTimeout(timer); resolve(`http://127.0.0.1:${m[1]}`); }
      });
      http.on('exit', (code) => reject(new Error(`http.server exited ${code}: ${said}`)));
    });
    const page = await phonePage(browser, { width: 1280, height: 800 });
    await page.goto(`${base}/`);
    await page.waitForSelector('.standing');
    L.assert(/plays against bots on this device/.test(await page.textContent('.standing')), 'the static page says what it is');
    await installed(page);
    await shortGame(page, 'pizza', { switches: false, extra_slices: false, kinds: 2 });
    await L.playByClicking(page, { budgetMs: 90000 });
    await endOf(page, 'pizza');
    page.apiFailures();
  await L.noErrors(page);
    await page.context().close();
  } finally {
    http.kill('SIGTERM');
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

// What the server sends for it: the module as application/wasm, a content
// security policy allowing exactly the module, the worker and the manifest
// beyond the page's own files, the manifest's icons; and a page whose
// engine speaks another protocol than the server refuses to play with it.
async function served({ browser, base }) {
  const wasm = await fetch(`${base}/wasm/partyfood.wasm`);
  L.assert(wasm.headers.get('content-type') === 'application/wasm', `the module's type: ${wasm.headers.get('content-type')}`);
  const csp = wasm.headers.get('content-security-policy');
  L.assert(/script-src 'self' 'wasm-unsafe-eval';/.test(csp) && /worker-src 'self';/.test(csp) && /manifest-src 'self';/.test(csp)
    && /default-src 'none';/.test(csp) && !/unsafe-inline|'unsafe-eval'/.test(csp), `the policy: ${csp}`);
  for (const [name, value] of [['x-content-type-options', 'nosniff'], ['x-frame-options', 'deny'],
    ['referrer-policy', 'no-referrer']])
    L.assert(wasm.headers.get(name) === value, `${name}: ${wasm.headers.get(name)}`);
  const manifest = await (await fetch(`${base}/manifest.json`)).json();
  for (const icon of manifest.icons) {
    const r = await fetch(`${base}/${icon.src}`);
    L.assert(r.ok && r.headers.get('content-type') === icon.type, `the icon ${icon.src}: ${r.status} ${r.headers.get('content-type')}`);
  }
  const page = await L.newPage(browser);
  // The server of another protocol: the page says so, and plays on the server.
  await page.route('**/games', async (route) => {
    const real = await (await route.fetch()).json();
    await route.fulfill({ json: { ...real, protocol: real.protocol + 1 } });
  });
  await page.goto(`${base}/`);
  await page.waitForSelector('.standing');
  L.assert(/different versions/.test(await page.textContent('.standing')), 'the lobby says the versions differ');
  await page.click('button[data-game=pizza]');
  await page.waitForSelector('.board svg');
  L.assert(/^#\/room\/[A-Z]{10}$/.test(await page.evaluate(() => location.hash)), 'the game is the server\'s');
  await L.noErrors(page);
  await page.context().close();
}

// A new build replaces the kept one at the next visit online: a copy of
// the client is served, visited and kept; its page changes and its list is
// written again (a new version); the next visit finds the new service
// worker, which keeps the new files and deletes the old ones, and the
// lobby reloads into the new page by itself.
async function newBuild({ browser }) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pf-build-'));
  const web = path.join(dir, 'web');
  execFileSync('cp', ['-rp', WEB, web]);
  process.env.PF_WEB_DIR = web;
  const server = await L.startServer().finally(() => { delete process.env.PF_WEB_DIR; });
  try {
    const page = await phonePage(browser, { width: 1280, height: 800 });
    await page.goto(`${server.base}/`);
    await installed(page);
    const caches = () => page.evaluate(() => caches.keys());
    const before = await caches();
    L.assert(before.length === 1, `one build kept: ${before}`);
    const index = path.join(web, 'index.html');
    fs.writeFileSync(index, fs.readFileSync(index, 'utf8').replace('<title>partyfood:', '<title>partyfood, new:'));
    execFileSync('python3', [path.join(L.SOURCE, 'scripts', 'web_app.py'), web]);
    await page.reload(); // the visit online: the browser looks for a new service worker
    await page.waitForFunction(() => /^partyfood, new:/.test(document.title), null, { timeout: 20000 });
    const after = await caches();
    L.assert(after.length === 1 && after[0] !== before[0], `the new build replaced the old: ${before} -> ${after}`);
    page.apiFailures();
    await L.noErrors(page);
    await page.context().close();
  } finally {
    await L.stopServer(server);
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

L.suite([
  ['installed once, the page plays each game to the end with the server stopped; a reload goes on', offline],
  ['kept games: the replay, a file partyfood replay reads, deleted and taken back in', kept],
  ['make web-static\'s folder served by python3 -m http.server plays', staticBuild],
  ['the module, the policy and the manifest as served; another protocol refused', served],
  ['a new build replaces the kept one at the next visit', newBuild],
]);
