// lib.js: what the browser tests share: a server of their own (127.0.0.1,
// a free port, a temporary database), Debian's chromium driven by
// playwright-core, and helpers that play by clicking what a person sees.
'use strict';
const { spawn, execSync } = require('child_process');
const fs = require('fs');
const os = require('os');
const path = require('path');

// Skipped (77), not failed, where the browser or the npm packages are missing.
function skip(why) {
  console.log(`skipped: ${why}`);
  process.exit(77);
}
let chromium;
try { ({ chromium } = require('playwright-core')); require.resolve('axe-core'); } catch (e) {
  skip('the npm packages are not installed (cd tests/web && npm ci; `make` does it)');
}
let CHROMIUM = '';
try { CHROMIUM = execSync('command -v chromium', { shell: '/bin/sh' }).toString().trim(); } catch (e) {
  skip('Debian\'s chromium is not installed (apt-get install chromium; `make` does it)');
}

const BIN = process.env.PF_BIN;
if (!BIN) throw new Error('PF_BIN must name the partyfood program');
const SOURCE = path.resolve(__dirname, '..', '..');
// PF_WEB_DIR serves another copy of the client (to see a test fail on an
// older one: git archive main web | tar -x -C /tmp/old; PF_WEB_DIR=/tmp/old/web).
// Screenshots are the tests' artifacts (PF_WEB_SHOTS, else the build's folder).
const SHOTS = process.env.PF_WEB_SHOTS || path.join(process.cwd(), 'web-shots');

const running = new Set();
process.on('exit', () => { for (const p of running) p.kill('SIGKILL'); });

// A server of its own: a temporary SQLite database unless db names another
// (a PostgreSQL URL: a node among several), args added to its command line.
function startServer({ env = {}, db, args = [] } = {}) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pf-web-'));
  process.on('exit', () => fs.rmSync(dir, { recursive: true, force: true }));
  return new Promise((resolve, reject) => {
    const proc = spawn(BIN, ['serve', '--listen', '127.0.0.1:0', '--db', db || path.join(dir, 'db'),
      '--web', process.env.PF_WEB_DIR || path.join(SOURCE, 'web'), ...args], { stdio: ['ignore', 'pipe', 'inherit'],
      env: { ...process.env, ...env } });
    running.add(proc);
    let out = '';
    proc.logTail = (n) => out.slice(-n);
    const timer = setTimeout(() => reject(new Error('the server did not start')), 10000);
    proc.stdout.on('data', (d) => {
      out += d;
      const m = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(out);
      if (m && !proc.base) {
        clearTimeout(timer);
        proc.base = m[1];
        resolve({ proc, base: m[1] });
      }
    });
    proc.on('exit', (code, sig) => {
      running.delete(proc);
      if (!proc.base) reject(new Error(`exit ${code}`));
      else if (!proc.stopping) console.log(`# the server stopped by itself: ${code} ${sig}\n${out.slice(-2000)}`);
    });
  });
}

function stopServer(s) {
  s.proc.stopping = true;
  return new Promise((resolve) => { s.proc.on('exit', (code) => resolve(code)); s.proc.kill('SIGTERM'); });
}

async function launch() {
  return chromium.launch({ executablePath: CHROMIUM, headless: true,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'] });
}

// A new page of its own context (its own localStorage), errors collected.
// Its moves play at "faster" (a bot's step held 0.3 s, not 0.6 s) unless
// speed says 'normal' (web_motion checks both).
async function newPage(browser, { speed = 'faster', newcomer = false, ...opts } = {}) {
  const context = await browser.newContext({ viewport: { width: 1100, height: 900 }, ...opts });
  if (speed === 'faster') {
    await context.addInitScript(() => {
      try {
        if (!localStorage.getItem('partyfood.settings')) localStorage.setItem('partyfood.settings', '{"speed":"faster"}');
      } catch (e) { /* about:blank has no storage */ }
    });
  }
  // Every game was played here before, so "Play against bots" plays at
  // once, unless the page is a newcomer's (web_lesson: it suggests the lesson).
  if (!newcomer) {
    await context.addInitScript(() => {
      try {
        if (!localStorage.getItem('partyfood.played')) localStorage.setItem('partyfood.played', '["pizza","pancake","passfood","pakupaku"]');
      } catch (e) { /* about:blank has no storage */ }
    });
  }
  const page = await context.newPage();
  page.errors = [];
  page.on('pageerror', (e) => page.errors.push(String(e)));
  page.on('console', (m) => { if (m.type() === 'error') page.errors.push(m.text()); });
  return page;
}

function assert(cond, msg) { if (!cond) throw new Error(`assertion failed: ${msg}`); }

async function shot(page, name) {
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true });
}

// The game as the page shows it: over, or one of its choices to press (a
// hint is no move).
async function choices(page) {
  return page.evaluate(() => {
    const end = document.querySelector('.end');
    const over = end && !end.hidden;
    const buttons = [...document.querySelectorAll('.actions button:not(.hint), .board [role=button]')]
      .map((b, i) => ({ i, label: b.getAttribute('aria-label') || b.textContent }));
    const meter = document.querySelector('.meter');
    const board = document.querySelector('.board');
    return { over, buttons, meter: meter && !meter.hidden, step: board && board.dataset.step };
  });
}

// Plays to the end (or stopAfter moves) by clicking: each time one of the
// offered choices (the nth, cycling, so games move on), a meter stopped with
// its button.
async function playByClicking(page, { budgetMs = 120000, stopAfter = Infinity } = {}) {
  const until = Date.now() + budgetMs;
  let moves = 0;
  for (;;) {
    assert(Date.now() < until, `the game ended within ${budgetMs} ms (${moves} moves)`);
    const c = await choices(page);
    if (c.over || moves >= stopAfter) return moves;
    if (c.meter) {
      await page.waitForTimeout(150 + (moves % 5) * 90);
      await page.click('.meter .stop');
      moves++;
      continue;
    }
    if (!c.buttons.length) { await page.waitForTimeout(60); continue; }
    const pickIt = c.buttons[(moves * 7) % c.buttons.length];
    const el = (await page.$$('.actions button:not(.hint), .board [role=button]'))[pickIt.i];
    try {
      await el.click({ timeout: 2000 });
      moves++;
    } catch (e) { /* redrawn under the click: look again */ }
    await page.waitForTimeout(40);
  }
}

// Resolves once cond() (maybe async) holds, looked at every 50 ms; fails
// saying what it waited for after ms (generous: a loaded machine is slow).
async function waitUntil(cond, what, ms = 30000) {
  for (const until = Date.now() + ms; !(await cond());) {
    assert(Date.now() < until, `${what} (waited ${ms} ms)`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

// The room's step count, as the server tells it.
async function roomSteps(base, room) {
  return (await (await fetch(`${base}/rooms/${room}`)).json()).step_count;
}

// Waits until the table is drawn for the box it has (the page draws it
// again when the box changes).
function boardDrawn(page) {
  return page.waitForFunction(() => {
    const b = document.querySelector('.board');
    const svg = b && b.querySelector('svg');
    return svg && svg.dataset.drawnFor === `${b.clientWidth}x${b.clientHeight}`;
  }, null, { timeout: 30000 });
}

module.exports = { startServer, stopServer, launch, newPage, assert, shot, choices, playByClicking, waitUntil, roomSteps,
                   boardDrawn, SOURCE };

// Runs the named checks in order, each with its own line; a browser and a
// server are shared by them (the server started with opts, as startServer
// takes them). Exits 77 (skipped) when chromium or the npm packages are
// missing, 1 on a failure.
async function suite(checks, opts) {
  const t0 = Date.now();
  const server = await startServer(opts);
  const browser = await launch();
  let failed = 0;
  let passed = 0;
  let retried = 0;
  // PF_WEB_ONLY=text runs only the checks whose name holds it.
  const only = process.env.PF_WEB_ONLY;
  // A check that fails is run once more (PF_WEB_TRIES=1: never): a CI run
  // under load once failed web_replay's wait for a game of bots to end,
  // unexplained (docs/web.md). The first try's failure and the server's
  // log stay in the output, so a second-try pass is seen, not hidden.
  const tries = Number(process.env.PF_WEB_TRIES || 2);
  for (const [name, fn] of checks.filter(([n]) => !only || n.includes(only))) {
    for (let attempt = 1; attempt <= tries; attempt++) {
      const t = Date.now();
      try {
        await fn({ server, browser, base: server.base });
        passed++;
        const again = attempt > 1 ? `, on try ${attempt}: the failure above was not repeated` : '';
        console.log(`ok - ${name} (${((Date.now() - t) / 1000).toFixed(1)} s${again})`);
        break;
      } catch (e) {
        const last = attempt === tries;
        console.log(`${last ? 'not ok' : '# failed, tried again'} - ${name}: ${e.stack || e}`);
        // What the server logged last (a line per room event and refusal).
        console.log(`# the server's log, its end:\n${server.proc.logTail(3000).replace(/^/gm, '#   ')}`);
        if (last) failed++;
        else retried++;
      }
    }
  }
  await browser.close();
  // A clean stop (exit 0): under the sanitizers a leak or an error shows here.
  const code = await stopServer(server);
  if (code === 0) passed++;
  else { failed++; console.log(`not ok - the server stopped cleanly: exit ${code}`); }
  console.log(`${passed} passed, ${failed} failed, ${retried} tried again (${((Date.now() - t0) / 1000).toFixed(1)} s)`);
  process.exit(failed ? 1 : 0);
}

// Opens the lobby in a new context and starts a game against bots with one click.
async function quickGame(browser, base, game, opts = {}) {
  const page = await newPage(browser, opts);
  await page.goto(`${base}/`);
  await page.fill('#your-name', opts.name || 'ana');
  await page.click(`button[data-game=${game}]`);
  await page.waitForSelector('.board svg', { timeout: 10000 });
  return page;
}

// A room made over the HTTP API (spec as POST /rooms takes it); its code.
async function makeRoom(base, spec) {
  const made = await (await fetch(`${base}/rooms`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(spec) })).json();
  assert(made.room, `a room: ${JSON.stringify(made)}`);
  return made.room;
}

// A new page that opens a room's join link and takes a seat by the form
// (before: a hook given the page first, e.g. to route its requests).
async function joinRoom(browser, link, name, before) {
  const page = await newPage(browser);
  if (before) await before(page);
  await page.goto(link);
  await page.fill('#join-name', name);
  await page.click('button:has-text("Take a seat")');
  return page;
}

async function noErrors(page) {
  assert(page.errors.length === 0, `no errors in the page: ${page.errors.join(' | ')}`);
}

const AXE = fs.readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

// axe-core on the page: no serious or critical violation.
async function axe(page, what) {
  await page.evaluate(AXE); // evaluated by the driver: the page's CSP still allows only its own scripts
  const r = await page.evaluate(() => window.axe.run(document, { resultTypes: ['violations'] }));
  const bad = r.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  assert(bad.length === 0, `${what}: no serious violation: ${JSON.stringify(bad.map((v) => ({ id: v.id, nodes: v.nodes.slice(0, 3).map((n) => n.target) })))}`);
}

module.exports.axe = axe;

// Screenshots side by side at one height, captioned ([caption, name] of
// shots in the shots' folder): a contact sheet, saved as `name`.
async function contactSheet(browser, name, shots, height = 520) {
  const img = (f) => `data:image/png;base64,${fs.readFileSync(path.join(SHOTS, `${f}.png`)).toString('base64')}`;
  const page = await newPage(browser, { viewport: { width: 1200, height: height + 80 } });
  await page.setContent(`<body style="margin:0;background:#eee;font:14px sans-serif;display:flex;gap:8px;align-items:flex-end;width:max-content">${
    shots.map(([caption, f]) => `<figure style="margin:4px"><img src="${img(f)}" style="height:${height}px;border:1px solid #999"><figcaption>${caption}</figcaption></figure>`).join('')}</body>`);
  await shot(page, name);
  await page.context().close();
}
module.exports.contactSheet = contactSheet;
module.exports.suite = suite;
module.exports.quickGame = quickGame;
module.exports.noErrors = noErrors;
module.exports.makeRoom = makeRoom;
module.exports.joinRoom = joinRoom;

// ---- positions from committed replays -------------------------------------------

// A committed position file (tests/web/positions/GAME.json): a replay made
// by `partyfood engine`, the names of its seats and named move counts.
function position(game) {
  return JSON.parse(fs.readFileSync(path.join(__dirname, 'positions', `${game}.json`), 'utf8'));
}

// Debian's node-ws for the seats' own sockets (node 20 has no WebSocket).
module.paths.push('/usr/share/nodejs');

// One seat's socket, answering requests by id; every push is kept in pushes.
function seatSocket(base, room, token) {
  const WebSocket = require('ws');
  const ws = new WebSocket(`${base.replace(/^http/, 'ws')}/ws`);
  const waiting = new Map();
  const pushes = [];
  let next = 1;
  const opened = new Promise((resolve, reject) => {
    ws.on('error', reject);
    ws.on('message', (data) => {
      const m = JSON.parse(data);
      if (m.push) { pushes.push(m); return; }
      const w = waiting.get(m.id);
      if (w) { waiting.delete(m.id); w(m); }
    });
    ws.on('open', () => resolve());
  });
  const request = (msg) => new Promise((resolve) => {
    const id = next++;
    waiting.set(id, resolve);
    ws.send(JSON.stringify({ ...msg, id }));
  });
  return { opened, request, pushes, close: () => ws.close(),
    hello: async () => { await opened; return request({ cmd: 'hello', room, token }); } };
}

// An action ending in a number: a skill action when the server says so.
const SKILL = /^(.+) (-?\d+(?:\.\d+)?)$/;

// A skill action played by the server's meter (docs/server.md, "Skill by
// meter"): a meter, then its stop at the time whose value is the action's
// number, reached by waiting that long (the server checks that the time
// has passed). A stop refused for lag on a loaded machine plays nothing:
// it is tried again on a new meter.
async function meterAct(sock, action) {
  const [, name, number] = SKILL.exec(action);
  const want = Number(number);
  const { meterValue } = await import('../../web/js/meter.js');
  let a = null;
  for (let tries = 0; tries < 3; tries++) {
    const m = await sock.request({ cmd: 'meter' });
    assert(m.ok, `a meter for ${action}: ${JSON.stringify(m)}`);
    const got = performance.now();
    const { id, kind, period_ms: period } = m.meter;
    // The middle of the first run of times that read the number (clear of
    // the server's rounding at its ends).
    let first = 100;
    while (first < 100 + period && meterValue(kind, period, first) !== want) first++;
    assert(first < 100 + period, `the ${kind} meter reaches ${want}`);
    let last = first;
    while (meterValue(kind, period, last + 1) === want) last++;
    const stop = Math.round((first + last) / 2);
    await new Promise((r) => setTimeout(r, Math.max(0, stop - (performance.now() - got))));
    a = await sock.request({ cmd: 'act', action: name, meter: { id, stop_ms: stop } });
    if (a.ok || a.error.code !== 'late_meter') return a;
  }
  return a;
}

// A replay's move through a seat's socket; its answer. A skill number (a
// pancake's toss) comes from a person's socket by a meter only.
async function playMove(sock, action) {
  const a = await sock.request({ cmd: 'act', action });
  if (!a.ok && a.error.code === 'bad_action' && SKILL.test(action)) return meterAct(sock, action);
  return a;
}

// A room at move `upto` of a position: made with every seat a person's (in
// the replay's order, the names of the file), each seat joined and its
// moves sent through its own socket, one at a time. The server must run
// with PF_SERVE_TEST_SEED set to the replay's seed (positionEnv). Answers
// the room's code, each seat's token and the pushes each seat heard.
async function positionRoom(base, game, upto, { keep = false } = {}) {
  const pos = position(game);
  const rp = pos.replay;
  assert(upto <= rp.actions.length, `move ${upto} of ${rp.actions.length}`);
  const room = await makeRoom(base, { game: rp.game, seats: pos.names.map(() => 'person'), options: rp.options,
    fixed_order: true });
  const tokens = [];
  for (const name of pos.names) {
    const j = await (await fetch(`${base}/rooms/${room}/join`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name }) })).json();
    assert(j.token, `joined: ${JSON.stringify(j)}`);
    tokens.push(j.token);
  }
  const seats = tokens.map((t) => seatSocket(base, room, t));
  for (const s of seats) {
    const a = await s.hello();
    assert(a.ok, `hello: ${JSON.stringify(a)}`);
  }
  // Paku Paku's moves go at the server clock's pace (paku.js).
  const send = rp.game === 'pakupaku' ? require('./paku.js').pacer(playMove) : (sock, seat, action) => playMove(sock, action);
  for (const [seat, action] of rp.actions.slice(0, upto)) {
    const a = await send(seats[seat], seat, action);
    assert(a.ok, `move ${action} of seat ${seat} (is the server's seed the replay's?): ${JSON.stringify(a)}`);
  }
  // keep: the seats' sockets stay open, for the test to play on.
  if (!keep) seats.forEach((s) => s.close());
  return { room, tokens, pushes: seats.map((s) => s.pushes), names: pos.names, seats: keep ? seats : null,
    next: rp.actions.slice(upto) };
}

// The server's environment for a game's positions.
function positionEnv(game) {
  return { PF_SERVE_TEST_SEED: String(position(game).replay.seed) };
}

// Opens a room on page in a seat's place: its token kept as the page keeps
// it (a reload comes back to it), then the room's link.
async function openAs(page, base, room, token) {
  await page.goto(`${base}/`);
  await page.evaluate(([r, t]) => localStorage.setItem(`partyfood.room.${r}`, JSON.stringify({ token: t })), [room, token]);
  await page.goto(`${base}/#/room/${room}`);
}

// A page of its own in the position's room, in the seat's place, the table
// drawn (before: a hook given the page first, e.g. to route its socket).
async function openPosition(browser, base, pos, seat = 0, opts = {}, before = null) {
  const page = await newPage(browser, opts);
  if (before) await before(page);
  await openAs(page, base, pos.room, pos.tokens[seat]);
  await page.waitForSelector('.board svg');
  return page;
}

// A text a person should never read: a literal null, an engine's code, a
// seat counted from 0, a loser's "result 0".
const RAW = /\bnull\b|\bundefined\b|\bNaN\b|not_your_turn|illegal_action|hands_busy|game_over|\bresult 0\b|\b[Ss]eat 0\b/;

async function nothingRaw(page, what) {
  const text = await page.evaluate(() => document.body.innerText);
  assert(!RAW.test(text), `${what}: nothing raw on the page: "${RAW.exec(text)}"`);
}

module.exports.position = position;
module.exports.positionRoom = positionRoom;
module.exports.playMove = playMove;
module.exports.positionEnv = positionEnv;
module.exports.openPosition = openPosition;
module.exports.openAs = openAs;
module.exports.RAW = RAW;
module.exports.nothingRaw = nothingRaw;
