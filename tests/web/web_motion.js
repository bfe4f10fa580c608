// web_motion.js: every step in motion, and sound (issue 29, items 1, 2 and
// 4), on Pizza Party (Yummy Yummy Pancake's, Pass the Party Food's and Paku
// Paku's below): after a move an animation runs on the element of the
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

// Every outline the table shows, whenever it shows: window.outlined.
function watchOutlines(page) {
  return page.evaluate(() => {
    window.outlined = [];
    new MutationObserver((list) => list.forEach((m) => {
      const el = m.target;
      if (el.classList && el.classList.contains('changed')) window.outlined.push(el.dataset.piece || '');
    })).observe(document.querySelector('.board'), { attributes: true, attributeFilter: ['class'], subtree: true });
  });
}

async function calmMoves({ browser, base }) {
  const pos = await L.positionRoom(base, 'pizza', 0, { keep: true });
  const page = await L.openPosition(browser, base, pos, 0, { reducedMotion: 'reduce', speed: 'normal' });
  await watchOutlines(page);
  const cell = cellOf(P.replay.actions[0][1]);
  await page.click(`.board [data-key="c:${cell}"]`);
  await page.waitForFunction(() => document.querySelector('.board').dataset.step === '1');
  L.assert((await moving(page)).length === 0, 'nothing moves under reduced motion');
  await page.waitForFunction((c) => window.outlined.some((id) => id === `cell:${c}` || /^top:/.test(id)), cell);
  // The next seat's move, heard from the server: no motion either, at any time.
  const [seat, action] = P.replay.actions[1];
  await pos.seats[seat].request({ cmd: 'act', action });
  for (const until = Date.now() + 30000; await page.getAttribute('.board', 'data-step') !== '2' && Date.now() < until;) {
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
    await L.waitUntil(async () => await L.roomSteps(base, room) >= at + 3, 'both bots moved');
    L.assert(await L.roomSteps(base, room) === at + 3, 'both bots moved');
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

// ---- Yummy Yummy Pancake -----------------------------------------------------------

const Y = L.position('pancake');
const FACE = /pancake-(strawberry|kiwi|banana|blueberry|chocolate)$/;

// The chef's flick: "Flick the pan", then the meter's button once the
// needle has run a moment (a stop under 0.1 s is refused: faster than a person).
async function flick(page) {
  await page.click('.actions button:has-text("Flick the pan")');
  await page.waitForSelector('.meter .stop');
  await page.waitForTimeout(250);
  await page.click('.meter .stop');
}

// The person's toss: the pan's pancakes land spinning (a 3D turn on each
// one's element), the face-down ones drawn as backs all the way (YYP-7:
// which toppings went down never shows without the memory aid); once they
// have landed no face is left on the table but the face-up pancakes, the
// five toppings and the chef's own bonus, nor named in the log.
async function pancakeToss({ browser, base }) {
  const pos = await L.positionRoom(base, 'pancake', Y.positions.start);
  const page = await L.openPosition(browser, base, pos, 0, { speed: 'normal' });
  L.assert((await moving(page)).length === 0, 'nothing moves when the table opens');
  await flick(page);
  await page.waitForFunction(() => document.getAnimations().some((a) => {
    const el = a.effect.target.closest('[data-piece]');
    return el && /^pan:down:/.test(el.dataset.piece);
  }));
  const now = await moving(page);
  L.assert(now.some((m) => /^pan:down:/.test(m.id) && m.turn), `a face-down pancake lands turning: ${JSON.stringify(now.slice(0, 12))}`);
  const backs = await page.$$eval('.board [data-piece^="pan:down:"] use', (els) => els.map((u) => u.getAttribute('href')));
  L.assert(backs.length >= 2 && backs.every((h) => h === '#pancake-back'), `the face-down pancakes are backs: ${backs}`);
  await page.waitForFunction(() => document.getAnimations().length === 0);
  const faces = await page.$$eval('.board use', (els, re) => els.filter((u) => new RegExp(re).test(u.getAttribute('href')))
    .filter((u) => !u.closest('[data-piece^="pan:up:"], [data-piece^="guess:"], [data-piece="bonus"]'))
    .map((u) => u.getAttribute('href')), FACE.source);
  L.assert(faces.length === 0, `no other face on the table once landed: ${faces}`);
  // Nor in the log: the draw is out of sight once tossed, the toss says how
  // many, only the chef's own bonus line names one (only you).
  const named = await page.$$eval('.log li:not(.private)', (els) => els.map((li) => li.textContent)
    .filter((t) => /strawberry|kiwi|banana|blueberry|chocolate/.test(t)));
  L.assert(named.length === 0, `no topping named in the log: ${named}`);
  await L.noErrors(page);
  await page.context().close();
}

// Under reduced motion the toss moves nothing: the pan's pancakes are outlined.
async function pancakeCalm({ browser, base }) {
  const pos = await L.positionRoom(base, 'pancake', Y.positions.start);
  const page = await L.openPosition(browser, base, pos, 0, { reducedMotion: 'reduce', speed: 'normal' });
  await watchOutlines(page);
  await flick(page);
  for (let i = 0; i < 100 && await page.getAttribute('.board', 'data-step') !== '1'; i++) {
    L.assert((await moving(page)).length === 0, 'nothing moves while the toss shows');
    await page.waitForTimeout(20);
  }
  L.assert((await moving(page)).length === 0, 'nothing moves under reduced motion');
  await page.waitForFunction(() => window.outlined.some((id) => /^pan:/.test(id)));
  await L.noErrors(page);
  await page.context().close();
}

// The person's guess: the lifted pancake goes to its taker's pile, whose
// new top pancake lands (an animation on that piece's element).
async function pancakeGuess({ browser, base }) {
  const pos = await L.positionRoom(base, 'pancake', Y.positions.mid);
  const page = await L.openPosition(browser, base, pos, 0, { speed: 'normal' });
  const piles = () => page.$$eval('.board [data-piece^="pile:"][data-key]', (els) => els.map((g) => g.querySelectorAll('[data-piece^="pile:"]').length));
  const before = await piles();
  const [seat, action] = pos.next[0];
  L.assert(seat === 0 && action.startsWith('guess '), `the position's next move is ana's guess: ${action}`);
  await page.click(`.board [data-key="g:${action.slice(6)}"]`);
  await page.waitForFunction((n) => Number(document.querySelector('.board').dataset.step) === n, Y.positions.mid + 1);
  const after = await piles();
  const taker = after.findIndex((n, i) => n === before[i] + 1);
  L.assert(taker >= 0, `a pile grew: ${before} -> ${after}`);
  const top = `pile:${taker}:${after[taker] - 1}`;
  await page.waitForFunction((id) => document.getAnimations().some((a) => {
    const el = a.effect.target.closest('[data-piece]');
    return el && el.dataset.piece === id;
  }), top);
  await L.noErrors(page);
  await page.context().close();
}

// ---- Paku Paku, in real time ----------------------------------------------------

const K = L.position('pakupaku');
const { pacer } = require('./paku.js');

// What moves now, and how: each animation's piece (data-piece, or 'temp' for
// a drawing shown only while its step plays) and its frames' transforms.
function movingPaku(page) {
  return page.evaluate(() => document.getAnimations().map((a) => {
    const t = a.effect && a.effect.target;
    const el = t && (t.closest('[data-piece]') || t);
    const frames = a.effect.getKeyframes().map((k) => k.transform || '').join(' ');
    return { id: el && el.dataset && el.dataset.piece ? el.dataset.piece : (el && el.classList.contains('temp') ? 'temp' : null),
      rotate: /rotate\(/.test(frames), travel: /translate\((?!0px, 0px)/.test(frames) };
  }));
}

// The room at move `upto` of the two-seat game, a page in ana's place, and
// a sender for the seats' sockets (bo's moves, or ana's as the test plays them).
async function pakuAt({ browser, base }, upto, opts = {}) {
  const pos = await L.positionRoom(base, 'pakupaku', upto, { keep: true });
  const page = await L.openPosition(browser, base, pos, 0, { speed: 'normal', ...opts });
  await page.waitForFunction((n) => document.querySelector('.board').dataset.step === String(n), upto);
  const act = pacer(L.playMove);
  return { pos, page, send: (seat, action) => act(pos.seats[seat], seat, action),
    close: async () => { pos.seats.forEach((x) => x.close()); await L.noErrors(page); await page.context().close(); } };
}

// ana's roll by her button: her dice tumble on their own elements, and the
// panda she rolled tumbles over to bo.
async function pakuRoll(c) {
  const t = await pakuAt(c, 1);
  const [seat, action] = K.replay.actions[1];
  L.assert(seat === 0 && action === 'roll', 'the position\'s next move is ana\'s roll');
  const before = await t.page.evaluate(() => [...document.querySelectorAll('.board [data-piece^="seat:0"] [data-piece^="die:"]')].map((d) => d.dataset.piece));
  await t.page.click('.actions button[data-key="a:roll"]');
  await t.page.waitForFunction(() => document.getAnimations().some((a) => /^die:/.test((a.effect.target.closest('[data-piece]') || {}).dataset.piece || '')));
  const now = await movingPaku(t.page);
  const dice = now.filter((m) => before.includes(m.id));
  L.assert(dice.length === before.length && dice.every((m) => m.rotate), `each of ana's dice tumbles (${before}): ${JSON.stringify(now)}`);
  const passed = await t.page.evaluate(() => [...document.querySelectorAll('.board [data-piece="seat:1"] [data-piece^="die:"]')].map((d) => d.dataset.piece));
  L.assert(dice.some((m) => m.travel && passed.includes(m.id)), `the panda travels to bo's place (${passed}): ${JSON.stringify(dice)}`);
  L.assert(await t.page.getAttribute('.board', 'data-step') === '2', 'the table shows the roll');
  await t.close();
}

// bo's stack (his socket, by the meter): the piece drops onto the tower and
// the tower wobbles above its weakest joint.
async function pakuStack(c) {
  const t = await pakuAt(c, 5);
  const [seat, action] = K.replay.actions[5];
  L.assert(seat === 1 && /^stack plate/.test(action), 'the position\'s next move is bo\'s stack');
  const sent = t.send(seat, action);
  await t.page.waitForFunction(() => document.getAnimations().some((a) => (a.effect.target.closest('[data-piece]') || {}).dataset.piece === 'load'));
  const now = await movingPaku(t.page);
  L.assert(now.some((m) => m.id === 'tower:1' && m.travel), `the plate drops onto the tower: ${JSON.stringify(now)}`);
  L.assert(now.some((m) => m.id === 'load' && m.rotate), `the tower wobbles: ${JSON.stringify(now)}`);
  L.assert((await sent).ok, 'the stack was taken');
  await t.close();
}

// bo drops his plate at the far end of the swing instead: the tower falls
// piece by piece, bo's penalty roll shows in the middle, his chips come to
// his place and the dice are dealt again.
async function pakuFall(c) {
  const t = await pakuAt(c, 5);
  const sent = t.send(1, 'stack plate 30.00');
  await t.page.waitForFunction(() => document.getAnimations().some((a) => a.effect.target.closest('.temp')));
  const now = await movingPaku(t.page);
  const falling = now.filter((m) => m.id === 'temp' && m.rotate && m.travel);
  L.assert(falling.length >= 2, `the tower's two pieces fall: ${JSON.stringify(now)}`);
  const a = await sent;
  L.assert(a.ok && a.events.some((e) => e.kind === 'collapse') && a.events.some((e) => e.kind === 'stop'), `the tower fell: ${JSON.stringify(a.events)}`);
  const points = a.events.find((e) => e.kind === 'stop').fields.points;
  if (points > 0) L.assert(now.some((m) => m.id === 'pen:1' && m.travel), `bo's chips come to his place: ${JSON.stringify(now)}`);
  L.assert(now.filter((m) => /^die:/.test(m.id) && m.travel).length === 5, `the five dice are dealt: ${JSON.stringify(now)}`);
  await t.page.waitForFunction(() => !document.querySelector('.board .temp'));
  await L.nothingRaw(t.page, 'after the fall');
  await t.close();
}

// Reduced motion: ana's roll and bo's stack move nothing; what changed is outlined.
async function pakuCalm(c) {
  const t = await pakuAt(c, 1, { reducedMotion: 'reduce' });
  await watchOutlines(t.page);
  await t.page.click('.actions button[data-key="a:roll"]');
  await t.page.waitForFunction(() => window.outlined.some((id) => /^die:/.test(id)));
  L.assert((await movingPaku(t.page)).length === 0, 'nothing moves under reduced motion');
  for (const [seat, action] of K.replay.actions.slice(2, 4)) {
    L.assert((await t.send(seat, action)).ok, `${action} taken`);
  }
  await t.page.waitForFunction(() => document.querySelector('.board').dataset.step === '4');
  L.assert((await movingPaku(t.page)).length === 0 && !(await t.page.$('.board .temp')), 'nothing moves, nothing is added');
  await t.close();
}

// Real time stays real: with the page's clock standing still, bo's roll
// holds the table (a step of another seat stays in view), until ana's next
// move arrives: the page jumps to it at once, as the clock never moved.
async function pakuJumps(c) {
  const pos = await L.positionRoom(c.base, 'pakupaku', 0, { keep: true });
  const page = await L.newPage(c.browser, { speed: 'normal' });
  await page.clock.install();
  await L.openAs(page, c.base, pos.room, pos.tokens[0]);
  await page.waitForSelector('.board svg');
  await page.clock.pauseAt(await page.evaluate(() => Date.now() + 1000));
  const act = pacer(L.playMove);
  const [[s1, a1], [s2, a2]] = K.replay.actions;
  L.assert((await act(pos.seats[s1], s1, a1)).ok && s1 === 1, 'bo rolls');
  for (let i = 0; i < 200 && await page.getAttribute('.board', 'data-step') !== '1'; i++) await page.waitForTimeout(25);
  L.assert(await page.getAttribute('.board', 'data-step') === '1', 'the page shows bo\'s roll');
  L.assert((await act(pos.seats[s2], s2, a2)).ok && s2 === 0, 'ana rolls (from her other connection)');
  for (let i = 0; i < 200 && await page.getAttribute('.board', 'data-step') !== '2'; i++) await page.waitForTimeout(25);
  L.assert(await page.getAttribute('.board', 'data-step') === '2', 'the newest step shows though bo\'s had not had its time');
  await page.clock.resume();
  pos.seats.forEach((x) => x.close());
  await L.noErrors(page);
  await page.context().close();
}

// The replay of a finished game draws the same table at its size, and a
// step forward moves as at the table (the dice of a roll tumble).
async function pakuReplay({ browser, base }) {
  const pos = await L.positionRoom(base, 'pakupaku', K.positions.end);
  const page = await L.newPage(browser, { speed: 'normal' });
  await page.goto(`${base}/#/replay/${pos.room}`);
  await page.waitForSelector('.board svg [data-piece="tower"]');
  const box = await page.evaluate(() => { const r = document.querySelector('.board svg').getBoundingClientRect(); return [r.width, r.height]; });
  L.assert(box[0] > 300 && box[1] > 200, `the replay's table has its room: ${box}`);
  await page.click('button[aria-label="step forward"]');
  await page.waitForFunction(() => document.getAnimations().some((a) => /^die:/.test((a.effect.target.closest('[data-piece]') || {}).dataset.piece || '')));
  await L.nothingRaw(page, 'the replay');
  await L.noErrors(page);
  await page.context().close();
}

// ---- Pass the Party Food ---------------------------------------------------------

const F = L.position('passfood');

// A passfood page at move `upto`, in seat 0's place, the others' sockets kept.
async function passfoodAt(c, upto, opts = {}) {
  const pos = await L.positionRoom(c.base, 'passfood', upto, { keep: true });
  const page = await L.openPosition(c.browser, c.base, pos, 0, { speed: 'normal', viewport: { width: 1280, height: 800 }, ...opts });
  await page.evaluate(() => { window.drawn = document.querySelector('.board svg'); });
  return { pos, page };
}

// Once the step's table is drawn and moving: every animation on it paused
// at `t` ms, each with the piece it moves, its keyframes' count, and where
// that piece is on the screen then.
async function frozen(page, t = 0) {
  await page.waitForFunction(() => document.querySelector('.board svg') !== window.drawn
    && document.getAnimations().length > 0);
  return page.evaluate((at) => document.getAnimations().map((a) => {
    a.pause();
    a.currentTime = at;
    const target = a.effect.target;
    const el = target.closest('[data-piece]');
    const r = target.getBoundingClientRect();
    return { id: el ? el.dataset.piece : null, ghost: !!target.closest('.fx'), frames: a.effect.getKeyframes().length,
      box: { x: r.x + r.width / 2, y: r.y + r.height / 2 } };
  }), t);
}

// A piece's box on the screen now (its centre, its sides).
const boxOf = (page, id) => page.evaluate((i) => {
  const r = document.querySelector(`.board [data-piece="${i}"]`).getBoundingClientRect();
  return { x: r.x + r.width / 2, y: r.y + r.height / 2, l: r.x, t: r.y, r: r.right, b: r.bottom };
}, id);
const inside = (p, b) => p.x > b.l && p.x < b.r && p.y > b.t && p.y < b.b;

async function passfoodEnd(pos, page) {
  pos.seats.forEach((x) => x.close());
  await L.nothingRaw(page, 'the table in motion');
  await L.noErrors(page);
  await page.context().close();
}

// Every piece of the table holds a drawing of the sprite.
async function allDrawn(page) {
  const bare = await page.$$eval('.board [data-piece^="tile:"], .board [data-piece^="pawn:"], .board [data-piece="ziggy"], .board [data-piece^="token:"], .board [data-piece^="space:"], .board [data-piece="cake"], .board [data-piece="bag"]',
    (els) => els.filter((e) => { const u = e.querySelector('use'); return !u || !document.querySelector(`#sprite ${u.getAttribute('href')}`); }).map((e) => e.dataset.piece));
  L.assert(bare.length === 0, `every piece holds a drawing: ${bare.join(', ')}`);
}

// ana scores row 1 (14 to 22): its five tiles fly to the discard pile, the
// snake under it slides up, the pawn hops space by space.
async function passfoodScore(c) {
  const { pos, page } = await passfoodAt(c, F.positions.mid);
  await allDrawn(page);
  await page.click('.board [data-key="r:0:1"]');
  const now = await frozen(page);
  const pawn = now.find((a) => a.id === 'pawn:0');
  L.assert(pawn && pawn.frames >= 2 * 8, `ana's pawn steps along the track space by space (${pawn && pawn.frames} keyframes)`);
  L.assert(now.filter((a) => a.ghost && a.id === null).length >= 5, 'the row\'s five tiles fly to the discard pile');
  L.assert(now.some((a) => a.id === 'tile:0:snake:0'), 'the snake below the row slides up, on its own element');
  await allDrawn(page);
  await passfoodEnd(pos, page);
}

async function passfoodCalm(c) {
  const { pos, page } = await passfoodAt(c, F.positions.mid, { reducedMotion: 'reduce' });
  await watchOutlines(page);
  await page.click('.board [data-key="r:0:1"]');
  await page.waitForFunction(() => document.querySelector('.board svg') !== window.drawn);
  L.assert((await moving(page)).length === 0, 'nothing moves under reduced motion');
  await page.waitForFunction(() => window.outlined.includes('pawn:0'));
  L.assert((await moving(page)).length === 0, 'nothing moves while the step shows');
  await passfoodEnd(pos, page);
}

// Another seat carries on: Ziggy, holding a full biscuit column, scores it
// and catches up space by space (15 to 17).
async function ziggyCatchesUp(c) {
  const { pos, page } = await passfoodAt(c, 87);
  const [seat, action] = F.replay.actions[87];
  const was = await boxOf(page, 'ziggy');
  await pos.seats[seat].request({ cmd: 'act', action });
  const now = await frozen(page);
  const z = now.find((a) => a.id === 'ziggy');
  L.assert(z && z.frames >= 2 * 2 + 1, `Ziggy steps along the track (${z && z.frames} keyframes)`);
  L.assert(Math.hypot(z.box.x - was.x, z.box.y - was.y) < 3, 'Ziggy starts from where he was');
  L.assert(now.filter((a) => a.ghost && a.id === null).length >= 3, 'his three biscuits fly to the discard pile');
  await passfoodEnd(pos, page);
}

// A take: the tile leaves Ziggy's board for ana's. A swap: two tiles cross.
async function takeAndSwap(c) {
  let { pos, page } = await passfoodAt(c, 28);
  // a tile of a column is its last one (the column closes up)
  const snakes = await page.$$eval('.board [data-piece^="tile:z:snake:"]', (els) => els.length);
  const from = await boxOf(page, `tile:z:snake:${snakes - 1}`);
  await page.click('.actions button:has-text("Take a tile from Ziggy")');
  await page.click('.board [data-key="c:z:snake"]');
  let now = await frozen(page);
  const took = now.find((a) => a.id && a.id.startsWith('tile:0:snake:'));
  L.assert(took && Math.hypot(took.box.x - from.x, took.box.y - from.y) < 40,
    `the taken snake starts on Ziggy's board: ${JSON.stringify(took && took.box)}, ${JSON.stringify(from)}`);
  await passfoodEnd(pos, page);
  ({ pos, page } = await passfoodAt(c, F.positions.mid));
  await page.click('.actions button:has-text("Swap a tile")');
  await page.click('.board [data-key="c:0:biscuit"]');
  await page.click('.board [data-key="b:1"]');
  await page.waitForFunction(() => /answering/.test(document.querySelector('.turn').textContent));
  const mine = await boxOf(page, 'board:0');
  const bos = await boxOf(page, 'board:1');
  await page.evaluate(() => { window.drawn = document.querySelector('.board svg'); });
  await pos.seats[1].request({ cmd: 'act', action: 'swap answer give snake' });
  now = await frozen(page, 150);
  const given = now.find((a) => a.id === 'tile:1:biscuit:2');
  const back = now.find((a) => a.id === 'tile:0:snake:2');
  L.assert(given && inside(given.box, mine), `ana's biscuit leaves her board for bo's: ${JSON.stringify(given)}`);
  L.assert(back && inside(back.box, bos), `bo's snake leaves his board for ana's: ${JSON.stringify(back)}`);
  await passfoodEnd(pos, page);
}

// The last move: Ziggy scores a row and reaches the cake; then the end says so.
async function ziggyOnTheCake(c) {
  const last = F.positions.end - 1;
  const { pos, page } = await passfoodAt(c, last);
  const [seat, action] = F.replay.actions[last];
  await pos.seats[seat].request({ cmd: 'act', action });
  const now = await frozen(page);
  const z = now.find((a) => a.id === 'ziggy');
  L.assert(z && z.frames >= 2 * 7, `Ziggy steps to the cake (${z && z.frames} keyframes)`);
  L.assert(await page.isHidden('.end'), 'the end waits for the step');
  await page.evaluate(() => document.getAnimations().forEach((a) => a.finish()));
  await page.waitForSelector('.end:not([hidden]) h2');
  L.assert(/Ziggy wins: he reached the cake/.test(await page.textContent('.end h2')), 'the end says Ziggy reached the cake');
  await passfoodEnd(pos, page);
}

L.suite([
  ['a move turns its piece over in 3D, on that piece\'s element', pieceMoves],
  ['prefers-reduced-motion: no motion, an outline on what changed', calmMoves],
  ['a page opened mid-game jumps to the state', syncJumps],
  ['a bot\'s step stays 0.6 s, 0.3 s at "faster" (fake clock)', botStepsStay],
  ['sound only after a click, none while muted; mute and speed remembered', sound],
  ['Pancake: a toss lands the pancakes turning, the face-down ones as backs (YYP-7)', pancakeToss],
  ['Pancake: prefers-reduced-motion, a toss moves nothing, the pancakes outlined', pancakeCalm],
  ['Pancake: a guessed pancake goes to its taker\'s pile', pancakeGuess],
  ['Paku Paku: a roll tumbles the dice on their elements, a panda travels to the left', pakuRoll],
  ['Paku Paku: a stack drops its piece and the tower wobbles', pakuStack],
  ['Paku Paku: the tower falls piece by piece, the penalty roll, the chips, the deal', pakuFall],
  ['Paku Paku: prefers-reduced-motion moves nothing, outlines what changed', pakuCalm],
  ['Paku Paku: real time, a push while a step holds the table jumps to it (fake clock)', pakuJumps],
  ['Paku Paku: the replay draws the table at its size and a step forward moves', pakuReplay],
  ['Pass the Party Food: a row scored flies to the discard, the pawn steps space by space', passfoodScore],
  ['Pass the Party Food under reduced motion: nothing moves, the pawn is outlined', passfoodCalm],
  ['Pass the Party Food: Ziggy catching up steps along the track', ziggyCatchesUp],
  ['Pass the Party Food: a take\'s tile leaves Ziggy\'s board, a swap\'s two tiles cross', takeAndSwap],
  ['Pass the Party Food: Ziggy reaches the cake, then the end says so', ziggyOnTheCake],
], { env: L.positionEnv('pizza') });
