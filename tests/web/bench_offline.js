// bench_offline.js: the offline page's figures in chromium (docs/offline.md,
// "In chromium"); a measurement, never a test:
//   PF_BIN=build/partyfood node tests/web/bench_offline.js [ROUNDS]
// 1. The time to the first game from a cold cache: a new browser context
//    (no HTTP cache, no service worker) opens the lobby served by
//    `partyfood serve` on 127.0.0.1 and presses "Play Pizza Party against
//    bots" as soon as it is drawn; the page's own clock (performance.now(),
//    from the navigation's start) at the lobby drawn and at the table drawn
//    with its first choices. Then a second visit from the service worker,
//    and one with the server stopped.
// 2. Random playouts (and ISMCTS iterations) a second: `partyfood bench`
//    natively and inside build-wasm/partyfood-bench.wasm in a chromium
//    page, taken in turns ROUNDS times, the best of each kept.
// 3. The expert bots' time per decision: 10 games of 3 expert seats a game
//    inside the page's module (engine.js, the page's own) beside the native
//    engine on the same games, by the wall clock (a page has no CPU time),
//    in turns ROUNDS times, the fastest round of each kept.
'use strict';
const fs = require('fs');
const path = require('path');
const os = require('os');
const readline = require('readline');
const { spawn, spawnSync } = require('child_process');
const L = require('./lib.js');

const ROUNDS = Number(process.argv[2] || 5);
const BIN = process.env.PF_BIN;
const BENCH = path.join(L.SOURCE, 'build-wasm', 'partyfood-bench.wasm');
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

// One visit of page to the lobby, then its first game: the page's clock at
// the lobby drawn and at the table drawn.
async function visit(page, base) {
  await page.goto(`${base}/`, { waitUntil: 'commit' });
  await page.waitForSelector('button[data-game=pizza]');
  const lobby = await page.evaluate(() => performance.now());
  await page.click('button[data-game=pizza]');
  const table = await page.waitForFunction(() => document.querySelector('.board svg')
    && performance.now(), null, { polling: 'raf' }).then((h) => h.jsonValue());
  return { lobby, table };
}

// The first visit of a new context (no cache, no service worker).
async function firstGame(browser, base) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  // Pizza Party played here before: the click plays (a newcomer is offered the lesson first).
  await context.addInitScript(() => localStorage.setItem('partyfood.played', '["pizza"]'));
  const page = await context.newPage();
  return { page, ...(await visit(page, base)) };
}

async function coldCache(browser) {
  const server = await L.startServer();
  const cold = [];
  const warm = [];
  const off = [];
  for (let i = 0; i < ROUNDS; i++) {
    const first = await firstGame(browser, server.base);
    cold.push(first);
    await first.page.waitForFunction(() => !!navigator.serviceWorker.controller);
    // The second visit, in the same context: from the service worker.
    warm.push(await visit(await first.page.context().newPage(), server.base));
    await first.page.context().close();
  }
  // With the server stopped: a context that visited once, then reloads.
  const first = await firstGame(browser, server.base);
  await first.page.waitForFunction(() => !!navigator.serviceWorker.controller);
  await L.stopServer(server);
  for (let i = 0; i < ROUNDS; i++) {
    const p = await first.page.context().newPage();
    off.push(await visit(p, server.base));
    await p.close();
  }
  await first.page.context().close();
  const row = (what, xs) => console.log(`| ${what} | ${median(xs.map((x) => x.lobby)).toFixed(0)} | ${median(xs.map((x) => x.table)).toFixed(0)} | ${Math.min(...xs.map((x) => x.table)).toFixed(0)}-${Math.max(...xs.map((x) => x.table)).toFixed(0)} |`);
  console.log(`\nThe first game, ms from the navigation's start (median of ${ROUNDS}; the table's range):\n`);
  console.log('| visit | lobby drawn | table drawn | table, range |');
  console.log('|---|---|---|---|');
  row('first, cold cache', cold);
  row('again, from the service worker', warm);
  row('the server stopped, from the service worker', off);
}

// `partyfood bench` inside the module in a page: a WASI command's few
// calls (its arguments, the clock, standard output) for this one program.
async function benchInPage(page) {
  return page.evaluate(async (b64) => {
    const bytes = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
    const args = ['bench', '--json', '--seconds', '1'].map((a) => new TextEncoder().encode(`${a}\0`));
    let memory = null;
    let out = '';
    const view = () => new DataView(memory.buffer);
    const wasi = {
      args_sizes_get(n, size) {
        view().setUint32(n, args.length, true);
        view().setUint32(size, args.reduce((s, a) => s + a.length, 0), true);
        return 0;
      },
      args_get(argv, buf) {
        let at = buf;
        args.forEach((a, i) => {
          view().setUint32(argv + 4 * i, at, true);
          new Uint8Array(memory.buffer, at, a.length).set(a);
          at += a.length;
        });
        return 0;
      },
      clock_time_get(id, precision, t) {
        view().setBigUint64(t, BigInt(Math.round((id === 0 ? Date.now() : performance.now()) * 1e6)), true);
        return 0;
      },
      fd_write(fd, iovs, n, written) {
        let total = 0;
        for (let i = 0; i < n; i++) {
          const p = view().getUint32(iovs + 8 * i, true), len = view().getUint32(iovs + 8 * i + 4, true);
          if (fd === 1) out += new TextDecoder().decode(new Uint8Array(memory.buffer, p, len));
          total += len;
        }
        view().setUint32(written, total, true);
        return 0;
      },
      fd_fdstat_get: () => 0,
      fd_close: () => 0,
      fd_seek: () => 70,
      proc_exit(code) { throw new Error(`exit ${code}`); },
    };
    const { instance } = await WebAssembly.instantiate(bytes, { wasi_snapshot_preview1: wasi });
    memory = instance.exports.memory;
    try { instance.exports._start(); } catch (e) { if (!/exit 0/.test(e.message)) throw e; }
    return out;
  }, fs.readFileSync(BENCH).toString('base64'));
}

async function playouts(browser) {
  const page = await (await browser.newContext()).newPage(); // about:blank: no policy to satisfy
  const best = { native: {}, wasm: {} };
  const keep = (kind, text) => {
    for (const line of text.trim().split('\n')) {
      const r = JSON.parse(line);
      const b = best[kind][r.game] ||= { actions: 0, iters: 0 };
      b.actions = Math.max(b.actions, r.actions_per_s);
      b.iters = Math.max(b.iters, r.ismcts_iters_per_s || 0);
    }
  };
  for (let i = 0; i < ROUNDS; i++) {
    keep('native', spawnSync(BIN, ['bench', '--json', '--seconds', '1'], { encoding: 'utf8' }).stdout);
    keep('wasm', await benchInPage(page));
  }
  await page.context().close();
  const m = (x) => (x / 1e6).toFixed(2);
  console.log(`\nRandom playouts a second (the best of ${ROUNDS} runs of each, taken in turns):\n`);
  console.log('| game | native actions/s | module in chromium | module / native | native ISMCTS iterations/s | module in chromium | module / native |');
  console.log('|---|---|---|---|---|---|---|');
  for (const [game, n] of Object.entries(best.native)) {
    const w = best.wasm[game];
    const iters = n.iters ? `${Math.round(n.iters)} | ${Math.round(w.iters)} | ${(w.iters / n.iters).toFixed(2)}` : '- | - | -';
    console.log(`| ${game} | ${m(n.actions)} M | ${m(w.actions)} M | ${(w.actions / n.actions).toFixed(2)} | ${iters} |`);
  }
}

// The native engine, each request timed by the wall clock.
function nativeEngine() {
  const child = spawn(BIN, ['engine'], { stdio: ['pipe', 'pipe', 'inherit'] });
  const lines = readline.createInterface({ input: child.stdout })[Symbol.asyncIterator]();
  return {
    async ask(req) {
      const t0 = performance.now();
      child.stdin.write(`${JSON.stringify(req)}\n`);
      const answer = (await lines.next()).value;
      return { answer, ms: performance.now() - t0 };
    },
    close: () => child.stdin.end(),
  };
}

// The wall clock on a machine others share: each side plays the same
// games ROUNDS times, in turns, and the fastest round of each is kept.
async function botDecisions(browser) {
  const server = await L.startServer();
  const page = await (await browser.newContext()).newPage();
  await page.goto(`${server.base}/`);
  await page.evaluate(async () => {
    const { Engine } = await import('/js/engine/engine.js');
    const bytes = await (await fetch('/wasm/partyfood.wasm')).arrayBuffer();
    window.bench = (await Engine.load(bytes)).session();
  });
  const native = nativeEngine();
  const games = JSON.parse((await native.ask({ cmd: 'games' })).answer).games;
  console.log(`\nThe expert bots' time per decision (10 games of 3 expert seats each, wall time, the fastest of ${ROUNDS} rounds):\n`);
  console.log('| game | decisions | native ms a decision | module in chromium | module / native |');
  console.log('|---|---|---|---|---|');
  for (const g of games) {
    const asks = [];
    for (let seed = 1; seed <= 10; seed++) {
      asks.push({ cmd: 'new', game: g.id, seed, seating: ['bot:expert', 'bot:expert', 'bot:expert'] });
      if (g.real_time) asks.push({ cmd: 'wait', t: 3600000 });
    }
    let nativeMs = Infinity, pageMs = Infinity, steps = 0;
    for (let round = 0; round < ROUNDS; round++) {
      let ms = 0;
      const answers = [];
      for (const req of asks) {
        const n = await native.ask(req);
        ms += n.ms;
        answers.push(n.answer);
      }
      nativeMs = Math.min(nativeMs, ms);
      const w = await page.evaluate((reqs) => {
        const t0 = performance.now();
        const out = reqs.map((r) => window.bench.handle(r));
        return { out, ms: performance.now() - t0 };
      }, asks);
      if (w.out.some((a, i) => a !== answers[i])) throw new Error(`the engines disagree on ${g.id}`);
      pageMs = Math.min(pageMs, w.ms);
      steps = answers.reduce((n, a) => n + JSON.parse(a).steps.filter((st) => st.step >= 0).length, 0);
    }
    console.log(`| ${g.id} | ${steps} | ${(nativeMs / steps).toFixed(4)} | ${(pageMs / steps).toFixed(4)} | ${(pageMs / nativeMs).toFixed(2)} |`);
  }
  native.close();
  await page.context().close();
  await L.stopServer(server);
}

(async () => {
  const browser = await L.launch();
  console.log(`chromium ${browser.version()}, ${os.cpus().length} cores, load average ${os.loadavg().map((x) => x.toFixed(1)).join(' ')}`);
  await coldCache(browser);
  await playouts(browser);
  await botDecisions(browser);
  console.log(`\nload average after: ${os.loadavg().map((x) => x.toFixed(1)).join(' ')}`);
  await browser.close();
})().catch((e) => { console.error(e); process.exit(1); });
