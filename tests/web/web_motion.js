// web_motion.js: every step in motion, and sound (issue 29, items 1, 2 and
// 4), on Pizza Party: after a move an animation runs on the element of the
// piece that step moved (a 3D turn, or a turn and a slide onto the slice),
// none under prefers-reduced-motion (an outline instead); a page opened
// mid-game (a sync) jumps straight to the state; a bot's step stays in view
// 0.6 s at normal speed and 0.3 s at "faster" (on Playwright's fake clock,
// not by waiting); sound starts only after the person's first click, stops
// when muted, and the mute and the speed are remembered.
'use strict';
const L = require('./lib.js');

const P = L.position('pizza');

// The cell of a move "flip N".
const cellOf = (action) => Number(/^flip (\d+)$/.exec(action)[1]);

// The ids (data-piece, or the cell a topping came from) of what is moving now.
function moving(page) {
  return page.evaluate(() => document.getAnimations().map((a) => {
    const el = a.effect && a.effect.target && a.effect.target.closest('[data-piece]');
    const frames = a.effect.getKeyframes().map((k) => k.transform || '').join(' ');
    return { id: el ? el.dataset.piece : null, from: el ? el.dataset.from || null : null, turn: /rotateY/.test(frames) };
  }));
}

async function pieceMoves({ browser, base }) {
  const pos = await L.positionRoom(base, 'pizza', 0);
  const page = await L.openPosition(browser, base, pos, 0, { speed: 'normal' });
  L.assert((await moving(page)).length === 0, 'nothing moves when the table opens');
  const cell = cellOf(P.replay.actions[0][1]);
  await page.click(`.board [data-key="c:${cell}"]`);
  // The step's piece turns over in its cell, or turns and slides to the slice.
  await page.waitForFunction((c) => document.getAnimations().some((a) => {
    const el = a.effect.target.closest('[data-piece]');
    return el && (el.dataset.piece === `cell:${c}` || el.dataset.from === `cell:${c}`);
  }), cell);
  const now = await moving(page);
  L.assert(now.some((m) => (m.id === `cell:${cell}` || m.from === `cell:${cell}`) && m.turn),
    `a 3D turn on the piece of cell ${cell}: ${JSON.stringify(now)}`);
  L.assert(await page.getAttribute('.board', 'data-step') === '1', 'the table shows the move');
  await L.noErrors(page);
  await page.context().close();
}

async function calmMoves({ browser, base }) {
  const pos = await L.positionRoom(base, 'pizza', 0, { keep: true });
  const page = await L.openPosition(browser, base, pos, 0, { reducedMotion: 'reduce', speed: 'normal' });
  // Every outline the table shows, whenever it shows.
  await page.evaluate(() => {
    window.outlined = [];
    new MutationObserver((list) => list.forEach((m) => {
      const el = m.target;
      if (el.classList && el.classList.contains('changed')) window.outlined.push(el.dataset.piece || '');
    })).observe(document.querySelector('.board'), { attributes: true, attributeFilter: ['class'], subtree: true });
  });
  const cell = cellOf(P.replay.actions[0][1]);
  await page.click(`.board [data-key="c:${cell}"]`);
  await page.waitForFunction(() => document.querySelector('.board').dataset.step === '1');
  L.assert((await moving(page)).length === 0, 'nothing moves under reduced motion');
  await page.waitForFunction((c) => window.outlined.some((id) => id === `cell:${c}` || /^top:/.test(id)), cell);
  // The next seat's move, heard from the server: no motion either, at any time.
  const [seat, action] = P.replay.actions[1];
  await pos.seats[seat].request({ cmd: 'act', action });
  for (let i = 0; i < 100 && await page.getAttribute('.board', 'data-step') !== '2'; i++) {
    L.assert((await moving(page)).length === 0, 'nothing moves while the step shows');
    await page.waitForTimeout(20);
  }
  L.assert(await page.getAttribute('.board', 'data-step') === '2', 'the other seat\'s move shows');
  pos.seats.forEach((s) => s.close());
  await L.noErrors(page);
  await page.context().close();
}

async function syncJumps({ browser, base }) {
  const pos = await L.positionRoom(base, 'pizza', P.positions.mid);
  const page = await L.openPosition(browser, base, pos, 0, { speed: 'normal' });
  L.assert((await moving(page)).length === 0, 'a page opened mid-game jumps to the state: nothing replays');
  L.assert(await page.getAttribute('.board', 'data-step') === String(P.positions.mid), 'straight at the position');
  await page.context().close();
}

// Waits (from here, not in the page: its clock stands still) for the table's step.
async function shows(page, n) {
  for (let i = 0; i < 400; i++) {
    if (Number(await page.getAttribute('.board', 'data-step')) === n) return;
    await page.waitForTimeout(25);
  }
  throw new Error(`the table showed step ${n}`);
}

// The room's step count, as the server tells it.
async function steps(base, room) {
  return (await (await fetch(`${base}/rooms/${room}`)).json()).step_count;
}

// A person and two bots; with the page's clock standing still, a bot's step
// holds the table for its time before the next one shows.
async function botStepsStay({ browser, base }) {
  const room = await L.makeRoom(base, { game: 'pizza', seats: ['person', 'bot:easy', 'bot:easy'], fixed_order: true,
    options: { switches: false } });
  const page = await L.newPage(browser, { speed: 'normal' });
  await page.clock.install();
  const j = await (await fetch(`${base}/rooms/${room}/join`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name: 'ana' }) })).json();
  await L.openAs(page, base, room, j.token);
  for (const [speed, ms] of [['normal', 600], ['faster', 300]]) {
    if (speed === 'faster') await page.click('#speed');
    await page.waitForSelector('.board [role=button]');
    const at = Number(await page.getAttribute('.board', 'data-step'));
    await page.clock.pauseAt(await page.evaluate(() => Date.now() + 1000));
    await page.click('.board [role=button]');
    // Both bots have moved at the server; the page shows the first one's step and holds it.
    for (let i = 0; i < 400 && await steps(base, room) < at + 3; i++) await page.waitForTimeout(25);
    L.assert(await steps(base, room) === at + 3, 'both bots moved');
    await shows(page, at + 2);
    // The first bot's motion (real time) is over before the clock moves.
    for (let i = 0; i < 200 && await page.evaluate(() => document.getAnimations().length); i++) await page.waitForTimeout(25);
    await page.clock.runFor(ms - 20);
    L.assert(Number(await page.getAttribute('.board', 'data-step')) === at + 2, `${speed}: a bot's step stays ${ms} ms`);
    await page.clock.runFor(40);
    await shows(page, at + 3);
    await page.clock.runFor(1000);
    await page.clock.resume();
  }
  await L.noErrors(page);
  await page.context().close();
}

// Counts the page's sound: AudioContexts made and sources started.
function countSounds(page) {
  return page.addInitScript(() => {
    window.sounds = { contexts: 0, starts: 0 };
    const Orig = window.AudioContext;
    window.AudioContext = class extends Orig {
      constructor(...a) { super(...a); window.sounds.contexts++; }
    };
    const start = AudioScheduledSourceNode.prototype.start;
    AudioScheduledSourceNode.prototype.start = function counted(...a) { window.sounds.starts++; return start.apply(this, a); };
  });
}

async function sound({ browser, base }) {
  const pos = await L.positionRoom(base, 'pizza', 0, { keep: true });
  const page = await L.openPosition(browser, base, pos, 1, { speed: 'normal' }, countSounds);
  const heard = () => page.evaluate(() => window.sounds);
  const play = async (k) => {
    const [seat, action] = P.replay.actions[k];
    L.assert(seat !== 1, 'the others\' moves');
    await pos.seats[seat].request({ cmd: 'act', action });
    await page.waitForFunction((n) => Number(document.querySelector('.board').dataset.step) === n, k + 1);
  };
  // ana moves before bo (the page) has touched anything: silence.
  await play(0);
  L.assert(JSON.stringify(await heard()) === '{"contexts":0,"starts":0}', `no sound before a click: ${JSON.stringify(await heard())}`);
  // bo's own move by a click: the turn sounds.
  const [, action] = P.replay.actions[1];
  await page.click(`.board [data-key="c:${cellOf(action)}"]`);
  await page.waitForFunction(() => window.sounds.starts > 0);
  // Muted: what sounds stops, nothing starts.
  await page.click('#mute');
  L.assert(await page.getAttribute('#mute', 'aria-pressed') === 'true', 'the mute shows');
  const before = (await heard()).starts;
  await play(2);
  await play(3);
  L.assert((await heard()).starts === before, `nothing sounds while muted (${(await heard()).starts - before} started)`);
  // Remembered, with the speed.
  await page.click('#speed');
  await page.reload();
  await page.waitForSelector('.board svg');
  L.assert(await page.getAttribute('#mute', 'aria-pressed') === 'true', 'the mute is remembered');
  L.assert(await page.getAttribute('#speed', 'aria-pressed') === 'true', 'the speed is remembered');
  pos.seats.forEach((s) => s.close());
  await L.noErrors(page);
  await page.context().close();
}

L.suite([
  ['a move turns its piece over in 3D, on that piece\'s element', pieceMoves],
  ['prefers-reduced-motion: no motion, an outline on what changed', calmMoves],
  ['a page opened mid-game jumps to the state', syncJumps],
  ['a bot\'s step stays 0.6 s, 0.3 s at "faster" (fake clock)', botStepsStay],
  ['sound only after a click, none while muted; mute and speed remembered', sound],
], { env: L.positionEnv('pizza') });
