// bench_compare.mjs: random playouts (and ISMCTS iterations) a second in
// the module, in node, beside the native program: `partyfood bench --json`
// and the same inside partyfood-bench.wasm, taken in turns ROUNDS times,
// the best of each kept (the machine is shared: the best run is the one
// least slowed by others' work).
//   node tests/wasm/bench_compare.mjs build/partyfood build-wasm/partyfood-bench.wasm [ROUNDS]
// A measurement for docs/offline.md, never a test.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const [bin, benchWasm, rounds = '5'] = process.argv.slice(2);
const runner = fileURLToPath(new URL('./bench.mjs', import.meta.url));
const best = { native: {}, wasm: {} };
function run(kind, cmd, args) {
  const out = spawnSync(cmd, args, { encoding: 'utf8' });
  if (out.status !== 0) throw new Error(`${cmd} failed: ${out.stderr}`);
  for (const line of out.stdout.trim().split('\n')) {
    const r = JSON.parse(line);
    const b = best[kind][r.game] ||= { actions: 0, iters: 0 };
    b.actions = Math.max(b.actions, r.actions_per_s);
    b.iters = Math.max(b.iters, r.ismcts_iters_per_s || 0);
  }
}
for (let i = 0; i < Number(rounds); i++) {
  run('native', bin, ['bench', '--json', '--seconds', '1']);
  run('wasm', 'node', ['--no-warnings', runner, benchWasm, '--json', '--seconds', '1']);
}
const m = (x) => (x / 1e6).toFixed(2);
console.log('| game | native actions/s | module actions/s | module / native | native ISMCTS iterations/s | module | module / native |');
console.log('|---|---|---|---|---|---|---|');
for (const [game, n] of Object.entries(best.native)) {
  const w = best.wasm[game];
  const iters = n.iters ? `${Math.round(n.iters)} | ${Math.round(w.iters)} | ${(w.iters / n.iters).toFixed(2)}` : '- | - | -';
  console.log(`| ${game} | ${m(n.actions)} M | ${m(w.actions)} M | ${(w.actions / n.actions).toFixed(2)} | ${iters} |`);
}
