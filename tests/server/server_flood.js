// server_flood.js: a server strangers can reach keeps serving through a
// flood (issue 32). At its open-file limit it stops accepting and says so
// at most once a second (it used to retry accept in a loop, logging each
// failure: millions of lines in seconds, /healthz unanswered), keeps
// serving the connections it has, and takes new ones again once some close.
// Every connection counts against the per-address limit, a half-open HTTP
// request too (only WebSockets did). A connection that does not finish its
// request, or a WebSocket that never says hello, is closed after
// --hello-timeout (it never was).
'use strict';
const net = require('net');
const { spawn } = require('child_process');
const WebSocket = require('ws');
const { tempDir, request, roomWithClients, waitFor, assert, run } = require('./lib.js');

// Starts `partyfood serve` with args under an open-file limit of nofile
// (prlimit); resolves with { proc, port, base, wsBase, output() }.
function serve(db, args, nofile) {
  return new Promise((resolve, reject) => {
    const cmd = nofile ? 'prlimit' : process.env.PF_BIN;
    const argv = ['serve', '--listen', '127.0.0.1:0', '--db', db, ...args];
    const proc = spawn(cmd, nofile ? [`--nofile=${nofile}:${nofile}`, process.env.PF_BIN, ...argv] : argv,
                       { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    proc.stdout.on('data', (d) => { out += d; });
    proc.stderr.on('data', (d) => { if (out.length < 1 << 20) out += d; });
    proc.output = () => out;
    const timer = setTimeout(() => reject(new Error(`the server did not start: ${out}`)), 10000);
    const look = setInterval(() => {
      const m = /listening on http:\/\/127\.0\.0\.1:(\d+)/.exec(out);
      if (!m) return;
      clearTimeout(timer);
      clearInterval(look);
      const port = Number(m[1]);
      resolve({ proc, port, base: `http://127.0.0.1:${port}`, wsBase: `ws://127.0.0.1:${port}`,
                output: proc.output });
    }, 5);
    proc.on('exit', (code) => { clearTimeout(timer); clearInterval(look); reject(new Error(`exit ${code}: ${out}`)); });
  });
}

function stop(s) {
  return new Promise((resolve) => {
    s.proc.removeAllListeners('exit');
    s.proc.on('exit', resolve);
    s.proc.kill('SIGTERM');
  });
}

// A TCP connection from 127.0.0.from that begins an HTTP request and never
// ends it; resolves once connected, with the socket (its .ended once the
// server closes it).
function halfOpen(port, from) {
  return new Promise((resolve) => {
    const sock = net.connect({ port, host: '127.0.0.1', localAddress: `127.0.0.${from}` });
    sock.ended = false;
    sock.on('close', () => { sock.ended = true; });
    sock.on('error', () => {});
    sock.on('data', () => {});
    sock.on('connect', () => { sock.write('GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n'); resolve(sock); });
    sock.setTimeout(15000, () => resolve(sock));
  });
}

// Lines of the server's output that say it could not accept.
const acceptLines = (s) => s.output().split('\n').filter((l) => /accept|descriptors/.test(l)).length;

run(async () => {
  const dir = tempDir();

  // 1. At the open-file limit: 260 half-open requests against 200 descriptors.
  const s = await serve(`${dir}/a.db`, ['--max-connections', '0'], 200);
  const { clients } = await roomWithClients(s, { game: 'pizza', seats: ['person', 'person'], fixed_order: true }, ['ana', 'bo']);
  const flood = [];
  for (let i = 0; i < 260; i++) flood.push(halfOpen(s.port, 2 + (i % 200)));
  const started = Date.now();
  await waitFor(() => acceptLines(s) > 0, 'the server says it stopped accepting at the limit');
  // The room's clients are served meanwhile.
  const mover = clients.find((c) => c.last.to_act.includes(c.seat));
  const legal = await mover.ask({ cmd: 'legal' });
  const played = await mover.ask({ cmd: 'act', action: legal.actions[0] });
  assert(played.ok, `a room plays on at the limit: ${JSON.stringify(played)}`);
  const seconds = (Date.now() - started) / 1000;
  const lines = acceptLines(s);
  assert(lines <= seconds + 2, `at most a line a second about accepting: ${lines} in ${seconds} s`);
  // Once the flood goes, new connections are taken again.
  for (const p of flood) (await p).destroy();
  await waitFor(async () => (await request(s, 'GET', '/healthz').catch(() => ({}))).status === 200,
                '/healthz answered after the flood');
  for (const c of clients) await c.close();
  await stop(s);

  // 2. Every connection counts against its address, half-open ones too;
  // they are closed after the hello timeout (1 s here).
  const t = await serve(`${dir}/b.db`, ['--max-connections', '5', '--hello-timeout', '1'], 0);
  const mine = [];
  for (let i = 0; i < 5; i++) mine.push(await halfOpen(t.port, 3));
  const sixth = await halfOpen(t.port, 3);
  await waitFor(() => sixth.ended, 'a sixth connection from 127.0.0.3 closed at once');
  assert(mine.every((x) => !x.ended), 'the first five are held');
  const other = await halfOpen(t.port, 4);
  assert(!other.ended, 'another address is let in');
  other.destroy();
  await waitFor(() => mine.every((x) => x.ended), 'the half-open requests closed after the hello timeout');
  // A WebSocket that never says hello is closed too, saying why.
  const ws = new WebSocket(`${t.wsBase}/ws`);
  const closed = await new Promise((resolve) => ws.on('close', (code, reason) => resolve({ code, reason: String(reason) })));
  assert(closed.code === 1008 && /hello/.test(closed.reason), `a silent WebSocket: ${closed.code} ${closed.reason}`);
  assert((await request(t, 'GET', '/healthz')).status === 200, 'the server serves on');
  await stop(t);
});
