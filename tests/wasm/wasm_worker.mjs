// wasm_worker.mjs: the page's engine, its Web Worker's side (host.js) and
// the page's (client.js), over a stand-in for the worker's channel and a
// clock the test moves: a solo room of each game is played to the end
// against bots (Paku Paku's on the clock), saved mid-game and resumed as a
// reload would; a refused setup says why; a protocol session answers as
// `partyfood engine` does, with the same protocol version.
//   node tests/wasm/wasm_worker.mjs   (PF_WASM_MODULE, PF_BIN: see test_agree.c)
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
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
const receive = host((m) => { const copy = structuredClone(m); setImmediate(() => channel.onmessage({ data: copy })); }, clock);
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
  const setup = { game, seed, seating: ['bot:medium', 'ana', 'bot:easy'] };
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
console.log('1 passed, 0 failed');
