// paku_position.js: makes a Paku Paku position for the browser tests
// (tests/web/positions/NAME.json) with `partyfood engine`: every seat a
// person's (nothing plays by itself), each move the one the medium bot
// plans, the earliest first, as a real-time driver plays them. A room
// measures a stack's aim by a meter, so each planned aim is moved to the
// nearest number the server's meter can give (meter.c: 30 sin over 1.7 s,
// hundredths): a test replays the stack by stopping the meter at that time.
//   PF_BIN=build/partyfood node tests/web/paku_position.js SEATS LIMIT NAME...
// (prints the position's JSON; the "about" and "positions" are written by hand).
'use strict';
const { spawn } = require('child_process');
const readline = require('readline');

const [seats, limit, ...names] = process.argv.slice(2);
const SEED = 3; // the seed of every position (PF_SERVE_TEST_SEED: one server serves them all)
const PERIOD = 1700; // the swing meter's period, as the server issues it (src/server/meter.c)

(async () => {
  // Every number the meter gives (in hundredths), once each.
  const { meterValue } = await import('../../web/js/meter.js');
  const reachable = [...new Set(Array.from({ length: PERIOD }, (_, e) => Math.round(meterValue('swing', PERIOD, e) * 100)))];
  const nearest = (h) => reachable.reduce((best, v) => (Math.abs(v - h) < Math.abs(best - h) ? v : best));
  const text = (h) => `${h < 0 ? '-' : ''}${Math.floor(Math.abs(h) / 100)}.${String(Math.abs(h) % 100).padStart(2, '0')}`;
  const engine = spawn(process.env.PF_BIN, ['engine'], { stdio: ['pipe', 'pipe', 'inherit'] });
  const lines = readline.createInterface({ input: engine.stdout })[Symbol.asyncIterator]();
  const ask = async (req) => {
    engine.stdin.write(`${JSON.stringify(req)}\n`);
    const a = JSON.parse((await lines.next()).value);
    if (!a.ok) throw new Error(`${JSON.stringify(req)}: ${JSON.stringify(a)}`);
    return a;
  };
  let state = await ask({ cmd: 'new', game: 'pakupaku', seats: Number(seats), seed: SEED, options: { limit: Number(limit) } });
  while (!state.over) {
    const plans = [];
    for (const seat of state.to_act) plans.push({ seat, ...(await ask({ cmd: 'plan', seat, bot: 'medium' })) });
    plans.sort((a, b) => a.t - b.t || a.seat - b.seat);
    const { seat, t } = plans[0];
    let { action } = plans[0];
    const m = /^(stack \w+) (-?\d+\.\d+)$/.exec(action);
    if (m) action = `${m[1]} ${text(nearest(Math.round(Number(m[2]) * 100)))}`;
    state = await ask({ cmd: 'act', seat, action, t });
  }
  const { replay } = await ask({ cmd: 'save' });
  engine.stdin.end();
  console.log(JSON.stringify({ about: '', names, positions: {}, replay }, null, 1));
})().catch((e) => { console.error(e); process.exit(1); });
