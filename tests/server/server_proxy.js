// server_proxy.js: behind a reverse proxy (docs/server.md "TLS and a
// reverse proxy"): with --behind-proxy the limits count the address the
// proxy saw (the last item of X-Forwarded-For, so a client cannot pass
// for another by sending the header itself), and a browser's https Origin
// of the server's own Host is let in; without it, neither.
'use strict';
const WebSocket = require('ws');
const { tempDir, startServer, stopServer, assert, run } = require('./lib.js');

// Opens a socket with these headers; resolves with 'open' once the server
// answers a request on it (a socket it refuses is closed at its first
// write and reads nothing more), or with its close code.
function open(s, headers, origin) {
  return new Promise((resolve) => {
    const w = new WebSocket(`${s.wsBase}/ws`, { headers, origin });
    let opened = false;
    w.on('open', () => { opened = true; w.send(JSON.stringify({ cmd: 'games', id: 1 })); });
    w.on('message', () => resolve({ result: 'open', w }));
    w.on('close', (code) => { if (opened) resolve({ result: code, w }); });
    w.on('error', () => resolve({ result: 'refused', w }));
  });
}

run(async () => {
  const dir = tempDir();
  const s = await startServer(`${dir}/a.db`, { args: ['--behind-proxy', '--max-connections', '1'] });
  const a = await open(s, { 'X-Forwarded-For': '192.0.2.1' });
  const b = await open(s, { 'X-Forwarded-For': '192.0.2.2' });
  assert(a.result === 'open' && b.result === 'open', `two addresses, one socket each: ${a.result} ${b.result}`);
  const again = await open(s, { 'X-Forwarded-For': '192.0.2.1' });
  assert(again.result === 1008, `a second socket from 192.0.2.1: ${again.result}`);
  // The proxy appends the address it saw: what the client wrote before it does not count.
  const spoof = await open(s, { 'X-Forwarded-For': '198.51.100.7, 192.0.2.2' });
  assert(spoof.result === 1008, `a spoofed first item: ${spoof.result}`);
  const own = await open(s, { 'X-Forwarded-For': '192.0.2.3' }, `https://127.0.0.1:${s.port}`);
  assert(own.result === 'open', `an https page of our own Host behind the proxy: ${own.result}`);
  const other = await open(s, { 'X-Forwarded-For': '192.0.2.4' }, 'https://evil.example');
  assert(other.result === 'refused', `another site: ${other.result}`);
  for (const x of [a, b, own]) x.w.close();
  await stopServer(s);

  // Without --behind-proxy the header is nobody's word and an https page is not ours.
  // (The second is closed as soon as taken: every connection counts, at
  // the door, by the address it comes from.)
  const t = await startServer(`${dir}/b.db`, { args: ['--max-connections', '1'] });
  const first = await open(t, { 'X-Forwarded-For': '192.0.2.1' });
  const second = await open(t, { 'X-Forwarded-For': '192.0.2.2' });
  assert(first.result === 'open' && second.result === 'refused', `one address without the flag: ${second.result}`);
  await new Promise((r) => { first.w.on('close', r); first.w.close(); }); // the server closed it too
  const https = await open(t, {}, `https://127.0.0.1:${t.port}`);
  assert(https.result === 'refused', `an https Origin on a plain server: ${https.result}`);
  await stopServer(t);
});
