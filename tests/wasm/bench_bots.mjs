// bench_bots.mjs: the bots' time per decision in the module (node) beside
// the native engine, on the same games:
//   node tests/wasm/bench_bots.mjs build/partyfood build-wasm/partyfood.wasm [GAMES]
// For each game, GAMES whole games of 3 seats, every seat the expert (then
// the plain tree search, `ismcts`, 1000 iterations a decision, in the
// turn-based games): the table's bots play the whole game inside "new"
// (and "wait", in real time), so every step is one bot decision. Times are
// CPU times, so other work on the machine moves them little: the module's
// from process.cpuUsage() around each request, the native engine's from
// /proc/PID/schedstat (its time on a CPU, in ns). A measurement for
// docs/offline.md, never a test.
import fs from 'node:fs';
import { spawn } from 'node:child_process';
import readline from 'node:readline';
import { Engine } from '../../web/js/engine/engine.js';

const [bin, modulePath, count = '20'] = process.argv.slice(2);
const games = Number(count);
const engine = await Engine.load(fs.readFileSync(modulePath));
const wasm = engine.session();

const child = spawn(bin, ['engine'], { stdio: ['pipe', 'pipe', 'inherit'] });
const lines = readline.createInterface({ input: child.stdout })[Symbol.asyncIterator]();
function nativeCpuMs() {
  return Number(fs.readFileSync(`/proc/${child.pid}/schedstat`, 'utf8').split(' ')[0]) / 1e6;
}
async function native(req) {
  child.stdin.write(JSON.stringify(req) + '\n');
  return (await lines.next()).value;
}

// Both engines answer req; the answer (the same: wasm_test_agree checks it),
// and the CPU milliseconds each spent.
async function both(req) {
  const c0 = nativeCpuMs();
  const n = await native(req);
  const nativeMs = nativeCpuMs() - c0;
  const u0 = process.cpuUsage();
  const w = wasm.handle(req);
  const u = process.cpuUsage(u0);
  if (n !== w) throw new Error(`the engines disagree on ${JSON.stringify(req)}`);
  return { answer: JSON.parse(n), nativeMs, wasmMs: (u.user + u.system) / 1000 };
}

console.log('| game | bot | games | decisions | native ms a decision | module in node, ms a decision | module / native |');
console.log('|---|---|---|---|---|---|---|');
const { answer: list } = await both({ cmd: 'games' });
for (const g of list.games) {
  for (const bot of g.real_time ? ['expert'] : ['expert', 'ismcts']) {
    let nativeMs = 0, wasmMs = 0, steps = 0;
    for (let seed = 1; seed <= games; seed++) {
      const seating = [1, 2, 3].map(() => `bot:${bot}`);
      const asks = [{ cmd: 'new', game: g.id, seed, seating }];
      if (g.real_time) asks.push({ cmd: 'wait', t: 3600000 });
      for (const req of asks) {
        const r = await both(req);
        nativeMs += r.nativeMs;
        wasmMs += r.wasmMs;
        steps += r.answer.steps.filter((st) => st.step >= 0).length;
      }
    }
    console.log(`| ${g.id} | ${bot} | ${games} | ${steps} | ${(nativeMs / steps).toFixed(4)} | ` +
                `${(wasmMs / steps).toFixed(4)} | ${(wasmMs / nativeMs).toFixed(2)} |`);
  }
}
child.stdin.end();
