// failover.js: a browser game through a node that dies (issue 18), run by
// scripts/with_pg.sh (PF_TEST_PG names the database). Two server nodes on
// one PostgreSQL behind a small proxy that routes as the nginx example of
// docs/server.md does: each request by its room code's hash, passed to the
// other node when the first does not answer. The page plays a few moves,
// the room's node is killed with SIGKILL, and the page, told `elsewhere`
// by the other node while the dead one's lease lives, keeps its token,
// asks again, and plays the game to the end there with every move it had
// made. The page's WebSocket names its room (/ws?room=CODE), or the proxy
// could not send it to the room's node.
'use strict';
const http = require('http');
const net = require('net');
const { startServer, launch, newPage, assert, shot, playByClicking, makeRoom, noErrors, waitUntil } =
  require('./lib.js');

const PG = process.env.PF_TEST_PG;
const LEASE_MS = 2000;

// A proxy like the nginx example of docs/server.md, on a free port of
// 127.0.0.1: each request's room code (its path /rooms/CODE..., or a
// WebSocket's /ws?room=CODE) picks a node by its hash, and a node that does
// not answer passes the request to the next one. Every request is routed on
// its own, as nginx does, so a connection kept alive for the page's files
// carries nothing to the wrong node.
function roomOf(url) {
  const m = /^\/rooms\/([A-Z]{10})/.exec(url) || /^\/ws\?(?:.*&)?room=([A-Z]{10})/.exec(url);
  return m ? m[1] : '';
}

function hashOf(code) {
  let h = 7;
  for (const ch of code) h = (h * 31 + ch.charCodeAt(0)) >>> 0;
  return h;
}

function proxy(ports) {
  const order = (url) => ports.map((_, i) => ports[(hashOf(roomOf(url)) + i) % ports.length]);
  const sockets = new Set();
  const track = (x) => { sockets.add(x); x.on('close', () => sockets.delete(x)); };
  const server = http.createServer((req, res) => {
    const body = [];
    req.on('data', (d) => body.push(d));
    req.on('end', () => {
      const tryPort = ([port, ...rest]) => {
        if (!port) { res.writeHead(502); res.end(); return; }
        const up = http.request({ host: '127.0.0.1', port, method: req.method, path: req.url,
                                  headers: req.headers }, (answer) => {
          res.writeHead(answer.statusCode, answer.headers);
          answer.pipe(res);
        });
        up.on('error', () => { if (!res.headersSent) tryPort(rest); else res.destroy(); });
        up.end(Buffer.concat(body));
      };
      tryPort(order(req.url));
    });
  });
  server.on('connection', track);
  server.on('upgrade', (req, client, head) => {
    const lines = [`${req.method} ${req.url} HTTP/1.1`];
    for (let i = 0; i < req.rawHeaders.length; i += 2) lines.push(`${req.rawHeaders[i]}: ${req.rawHeaders[i + 1]}`);
    const tryPort = ([port, ...rest]) => {
      if (!port) { client.destroy(); return; }
      const up = net.connect(port, '127.0.0.1');
      up.once('error', () => { up.destroy(); tryPort(rest); });
      up.once('connect', () => {
        track(up);
        up.on('error', () => client.destroy());
        client.on('error', () => up.destroy());
        up.on('close', () => client.destroy());
        client.on('close', () => up.destroy());
        up.write(`${lines.join('\r\n')}\r\n\r\n`);
        if (head.length) up.write(head);
        client.pipe(up);
        up.pipe(client);
      });
    };
    tryPort(order(req.url));
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve({
    base: `http://127.0.0.1:${server.address().port}`,
    nodeOf: (code) => order(code ? `/rooms/${code}` : '/')[0],
    close: () => { for (const x of sockets) x.destroy(); server.close(); },
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
    // A room played by the node that requests naming no room do not reach,
    // so that a socket not naming its room would be sent to the wrong node.
    let code;
    do code = await makeRoom(front.base, { game: 'pizza', seats: ['person', 'bot:medium'] });
    while (front.nodeOf(code) === front.nodeOf(''));
    const page = await newPage(browser);
    await page.goto(`${front.base}/#/room/${code}`);
    await page.fill('#join-name', 'ana');
    await page.click('button:has-text("Take a seat")');
    await page.waitForSelector('.board svg', { timeout: 10000 });
    const kept = (c) => page.evaluate((k) => JSON.parse(localStorage.getItem(`partyfood.room.${k}`) || '{}').token, c);
    const token = await kept(code);
    assert(token, 'the page keeps a token');
    await playByClicking(page, { stopAfter: 4, budgetMs: 30000 });
    // The moves reach the log with their pushes.
    await waitUntil(async () => (await logLines(page)).length >= 4, 'moves in the log before the kill');
    const before = await logLines(page);

    // The room's node, as the proxy picks it, dies.
    const owner = front.nodeOf(code) === port(a) ? a : b;
    owner.proc.stopping = true;
    owner.proc.kill('SIGKILL');
    // The page's socket closes; b says elsewhere until a's lease has run out.
    await page.waitForFunction(() => /reconnecting/.test(document.querySelector('.conn').textContent),
                               null, { timeout: 20000 });
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
    for (const s of [a, b]) {
      s.proc.stopping = true;
      s.proc.kill('SIGTERM');
    }
  }
  console.log(`1 passed, 0 failed (${((Date.now() - t0) / 1000).toFixed(1)} s)`);
}

main().catch((e) => { console.log(`not ok - ${e.stack || e}`); console.log('0 passed, 1 failed'); process.exit(1); });
