// wasm_worker.mjs: the page's engine, its Web Worker's side (host.js) and
// the page's (client.js), over a stand-in for the worker's channel and a
// clock the test moves: a solo room of each game is played to the end
// against bots (Paku Paku's on the clock), saved mid-game and resumed as a
// reload would; a refused setup says why; a protocol session answers as
// `partyfood engine` does, with the same protocol version. A game kept on
// the device (a stand-in for IndexedDB) is saved after every change, taken
// up again by its id, and once over told as a story, given out as a file
// `partyfood replay` reads, and taken back in; a meter stops a flick.
//   node tests/wasm/wasm_worker.mjs   (PF_WASM_MODULE, PF_BIN: see test_agree.c)
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { EngineWorker } from '../../web/js/engine/client.js';
import { host } from '../../web/js/engine/host.js';

const modulePath = process.env.PF_WASM_MODULE || 'build-wasm/partyfood.wasm';
if (!fs.existsSync(modulePath)) {
  if (!fs.existsSync('/usr/include/wasm32-wasi/stdio.h')) {
    console.log('skipped: the WebAssembly toolchain (wasi-libc) is not installed');
    process.exit(77);
  }
  console.error(`no module at ${modulePath}: build it with \`make wasm\``);
  process.exit(1);
}

// The test's clock: timers run when it is moved past them.
const clock = {
  t: 1000, timers: [], seq: 0,
  now() { return this.t; },
  date() { return 1.7e12 + this.t; },
  later(f, ms) { const timer = { at: this.t + ms, f, n: this.seq++ }; this.timers.push(timer); return timer; },
  cancel(timer) { this.timers = this.timers.filter((x) => x !== timer); },
  next() { return this.timers.reduce((a, b) => (!a || b.at < a.at || (b.at === a.at && b.n < a.n) ? b : a), null); },
};
async function settle() { for (let i = 0; i < 20; i++) await new Promise((r) => setImmediate(r)); }
// Moves the clock to the next timer and runs it; false when none is set.
async function runNextTimer() {
  const timer = clock.next();
  if (!timer) return false;
  clock.cancel(timer);
  clock.t = Math.max(clock.t, timer.at);
  timer.f();
  await settle();
  return true;
}

// The worker's channel: messages copied and delivered later, as a worker's are.
const channel = {
  onmessage: null,
  postMessage(m) { const copy = structuredClone(m); setImmediate(() => receive(copy)); },
  terminate() {},
};
// The device's storage (offline/saves.js's keep): entries and saves by id.
const kept = new Map();
const keep = {
  async put(entry, save) { kept.set(entry.id, { entry: structuredClone(entry), save }); },
  async get(id) { return kept.get(id) || null; },
};
const receive = host((m) => { const copy = structuredClone(m); setImmediate(() => channel.onmessage({ data: copy })); }, clock, keep);
const engine = new EngineWorker('unused', { worker: channel, bytes: fs.readFileSync(modulePath) });

const { protocol } = await engine.ready;
if (process.env.PF_BIN) {
  const native = JSON.parse(execFileSync(process.env.PF_BIN, ['engine'], { input: '{"cmd":"games"}\n' }));
  assert.equal(protocol, native.protocol, 'the module speaks the native engine\'s protocol');
}
const session = await engine.session();
assert.equal((await session.ask({ cmd: 'games' })).protocol, protocol);
await session.close();

await assert.rejects(engine.solo({ game: 'pizza', seating: ['ana', 'bo'] }, () => {}),
  (e) => e.answer.error.code === 'bad_seats');

// A solo game to the end: the person acts at random whenever it may, the
// clock moves to the bots' moves otherwise. The steps arrive in order, once.
async function play(game, seed) {
  const state = { step: 0, over: false, toAct: [], seat: -1, syncs: 0 };
  const onPush = (m) => {
    if (m.push === 'sync') {
      state.syncs++;
      state.step = m.step_count;
    } else {
      for (const st of m.steps) assert.equal(st.step, state.step++, `${game}: steps in order`);
      assert.equal(m.step_count, state.step);
    }
    state.over = m.over;
    state.toAct = m.to_act;
  };
  const setup = { game, seed, fixed_order: true, seating: ['bot:medium', 'ana', 'bot:easy'] };
  let room = await engine.solo(setup, onPush);
  assert.deepEqual(room.pub.seats.map((x) => x.kind), ['bot', 'person', 'bot']);
  const hello = await room.ask({ cmd: 'hello' });
  assert.equal(hello.seat, 1);
  assert.equal(state.syncs, 1, 'the sync came before the hello\'s answer');
  let moves = 0, reloaded = false;
  while (!state.over) {
    assert.ok(moves++ < 5000, `${game}: the game ends`);
    clock.t += 50;
    if (!reloaded && state.step > 6) { // a reload: the save from the device, and on from it
      reloaded = true;
      const save = await room.save();
      await room.close();
      const step = state.step;
      room = await engine.resume(save, onPush);
      await room.ask({ cmd: 'hello' });
      assert.equal(state.step, step, `${game}: resumed where it stopped`);
      continue;
    }
    if (state.toAct.includes(1)) {
      const { actions } = await room.ask({ cmd: 'legal' });
      if (actions.length) {
        const before = state.step;
        const a = await room.ask({ cmd: 'act', action: actions[moves % actions.length] });
        if (a.ok) assert.ok(state.step > before, 'the steps push came before the act\'s answer');
        continue;
      }
    }
    if (!(await runNextTimer())) await settle();
  }
  assert.ok(reloaded, `${game}: reloaded on the way`);
  await room.close();
  return state.step;
}

for (const [i, game] of ['pakupaku', 'pancake', 'passfood', 'pizza'].entries()) {
  const steps = await play(game, 60 + i);
  console.log(`${game}: ${steps} steps against bots in the worker, in order, a reload on the way`);
}
assert.equal(clock.timers.length, 0, 'no timer left behind');

// A game kept on the device: saved after every change, its entry telling
// how far it got; taken up again by its id (a reload); once over, its story
// and its file, which `partyfood replay` reads and the device takes back in.
async function keptGame() {
  const setup = { game: 'pizza', seed: 21, seating: ['ana', 'bot:easy'],
    options: { switches: false, extra_slices: false, kinds: 2 } };
  let state = { over: false, toAct: [] };
  const onPush = (m) => { state = { over: m.over, toAct: m.to_act }; };
  let room = await engine.solo(setup, onPush, { keep: true });
  const id = room.id;
  assert.match(id, /^[0-9a-f]{12}$/);
  assert.equal(kept.get(id).entry.steps, 0);
  assert.deepEqual(kept.get(id).entry.setup, setup, 'the entry keeps the setup (to play again)');
  const hello = await room.ask({ cmd: 'hello' });
  await assert.rejects(engine.exportGame(id), (e) => e.answer.error.code === 'bad_request',
    'a game still on is not given out');
  for (let moves = 0; !state.over; moves++) {
    assert.ok(moves < 200, 'the kept game ends');
    clock.t += 10;
    if (moves === 3) { // a reload: the game from the device, by its id
      await room.close();
      assert.ok(kept.get(id).entry.steps > 0, 'saved as it went');
      room = await engine.open(id, onPush);
      assert.equal((await room.ask({ cmd: 'hello' })).seat, hello.seat);
    }
    const { actions } = await room.ask({ cmd: 'legal' });
    if (actions.length) await room.ask({ cmd: 'act', action: actions[0] });
    await settle();
    while (clock.next() && clock.next().at <= clock.t) await runNextTimer(); // the bot's reply
  }
  await room.close();
  const { entry, save } = kept.get(id);
  assert.ok(entry.over && entry.results.length === 2 && entry.steps > 4, `the entry: ${JSON.stringify(entry)}`);
  const story = await engine.story({ kept: id }, hello.seat);
  assert.equal(story.steps.length, entry.steps);
  assert.equal(story.seat, hello.seat);
  const file = await engine.exportGame(id);
  assert.equal(file, save);
  if (process.env.PF_BIN) {
    const where = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'pf-kept-')), 'game.json');
    fs.writeFileSync(where, file);
    const told = execFileSync(process.env.PF_BIN, ['replay', where, '--all']).toString();
    assert.match(told, new RegExp(`^Pizza Party, 2 seats, seed 21, ${entry.steps} actions`), '`partyfood replay` reads the file');
    assert.match(told, /Result: /);
    fs.rmSync(path.dirname(where), { recursive: true });
  }
  const back = await engine.importGame(file);
  assert.notEqual(back.id, id);
  assert.ok(back.over && back.imported && back.steps === entry.steps);
  assert.deepEqual(back.seats.map((x) => x.kind).sort(), ['bot', 'person']);
  const damaged = file.replace('"seed"', '"sEed"');
  await assert.rejects(engine.importGame(damaged), (e) => e.answer.error.code === 'bad_replay');
}
await keptGame();
console.log('a kept game: saved as it went, taken up again by its id, its story, its file read by partyfood replay and taken back in');

// A flick stopped on the room's meter (C-4), through the worker.
async function flick() {
  const played = [];
  const room = await engine.solo({ game: 'pancake', seed: 3, fixed_order: true, seating: ['ana', 'bot:easy'] },
    (m) => { if (m.push === 'steps') played.push(...m.steps.map((st) => st.action)); });
  await room.ask({ cmd: 'hello' });
  const { meter } = await room.ask({ cmd: 'meter' });
  assert.equal(meter.kind, 'toss');
  clock.t += 700;
  const a = await room.ask({ cmd: 'act', action: 'toss', meter: { id: meter.id, stop_ms: 600 } });
  assert.ok(a.ok, JSON.stringify(a));
  assert.equal(played[0], 'toss 0.50', 'the number read off the meter');
  await room.close();
}
await flick();
console.log('a flick stopped on the room\'s meter');
console.log('3 passed, 0 failed');
