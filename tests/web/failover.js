// failover.js: a browser game through a node that dies (issue 18), run by
// scripts/with_pg.sh (PF_TEST_PG names the database). Two server nodes on
// one PostgreSQL behind a small TCP proxy that, like nginx with a second
// upstream, sends each connection to node a while it answers and to node b
// once it does not. The page plays a few moves at a, a is killed with
// SIGKILL, and the page, told `elsewhere` by b while a's lease lives,
// keeps its token, asks again, and plays the game to the end at b with
// every move it had made.
'use strict';
const net = require('net');
const { startServer, launch, newPage, assert, shot, playByClicking, makeRoom, noErrors } =
  require('./lib.js');

const PG = process.env.PF_TEST_PG;
const LEASE_MS = 2000;

// A TCP proxy on a free port of 127.0.0.1 over the upstream ports in order:
// each connection goes to the first one that accepts it.
function proxy(ports) {
  const sockets = new Set();
  const server = net.createServer((client) => {
    sockets.add(client);
    client.on('close', () => sockets.delete(client));
    client.pause();
    const tryPort = (i) => {
      if (i >= ports.length) { client.destroy(); return; }
      const up = net.connect(ports[i], '127.0.0.1');
      up.once('error', () => { up.destroy(); tryPort(i + 1); });
      up.once('connect', () => {
        sockets.add(up);
        up.on('close', () => { sockets.delete(up); client.destroy(); });
        client.on('close', () => up.destroy());
        up.on('error', () => client.destroy());
        client.on('error', () => up.destroy());
        client.pipe(up);
        up.pipe(client);
        client.resume();
      });
    };
    tryPort(0);
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve({
    base: `http://127.0.0.1:${server.address().port}`,
    close: () => { for (const s of sockets) s.destroy(); server.close(); },
  })));
}

// The moves in the page's log (its lines, as the page shows them).
function logLines(page) {
  return page.$$eval('.log li', (li) => li.map((x) => x.textContent));
}

async function main() {
  if (!PG) throw new Error('run me through scripts/with_pg.sh');
  const t0 = Date.now();
  const nodeArgs = { db: PG, args: ['--lease-ms', String(LEASE_MS)] };
  const a = await startServer(nodeArgs), b = await startServer(nodeArgs);
  const port = (s) => Number(new URL(s.base).port);
  const front = await proxy([port(a), port(b)]);
  const browser = await launch();
  try {
    const code = await makeRoom(front.base, { game: 'pizza', seats: ['person', 'bot:medium'] });
    const page = await newPage(browser);
    await page.goto(`${front.base}/#/room/${code}`);
    await page.fill('#join-name', 'ana');
    await page.click('button:has-text("Take a seat")');
    await page.waitForSelector('.board svg', { timeout: 10000 });
    const kept = (c) => page.evaluate((k) => JSON.parse(localStorage.getItem(`partyfood.room.${k}`) || '{}').token, c);
    const token = await kept(code);
    assert(token, 'the page keeps a token');
    await playByClicking(page, { stopAfter: 4, budgetMs: 30000 });
    await page.waitForTimeout(500); // the last move's push
    const before = await logLines(page);
    assert(before.length >= 4, `moves in the log before the kill: ${before.length}`);

    a.proc.stopping = true;
    a.proc.kill('SIGKILL');
    // The page's socket closes; b says elsewhere until a's lease has run out.
    await page.waitForFunction(() => /reconnecting/.test(document.querySelector('.conn').textContent),
                               null, { timeout: 5000 });
    await page.waitForFunction(() => document.querySelector('.conn').textContent === '',
                               null, { timeout: 20000 });
    const after = await logLines(page);
    assert(before.every((line, i) => after[i] === line),
           `the log after the move holds every line before it (${before.length} then ${after.length})`);
    const alert = await page.$eval('.alert', (x) => x.textContent);
    assert(!/gone/.test(alert), `the page kept its seat: "${alert}"`);
    assert(await kept(code) === token, 'the token is kept');
    const moves = await playByClicking(page, { budgetMs: 120000 });
    await page.waitForSelector('.end:not([hidden])', { timeout: 10000 });
    await shot(page, 'web-failover-end');
    await noErrors(page);
    console.log(`ok - a game played on at the other node after a SIGKILL (${before.length} log lines before, ${moves} moves after)`);
  } finally {
    await browser.close();
    front.close();
    b.proc.stopping = true;
    b.proc.kill('SIGTERM');
  }
  console.log(`1 passed, 0 failed (${((Date.now() - t0) / 1000).toFixed(1)} s)`);
}

main().catch((e) => { console.log(`not ok - ${e.stack || e}`); console.log('0 passed, 1 failed'); process.exit(1); });
