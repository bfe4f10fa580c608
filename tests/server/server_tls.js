// server_tls.js: `partyfood serve --cert --key` serves HTTPS and wss with a
// self-signed certificate made here by openssl: a room made over HTTPS and
// played over wss, the Origin check with https, plain HTTP refused on the
// TLS port, and --cert without --key (or an unreadable file) refused at
// the start with a message.
'use strict';
const { execFileSync, spawnSync } = require('child_process');
const fs = require('fs');
const http = require('http');
const WebSocket = require('ws');
const { tempDir, startServer, stopServer, request, roomWithClients, assert, run } = require('./lib.js');

run(async () => {
  const dir = tempDir();
  const cert = `${dir}/cert.pem`, key = `${dir}/key.pem`;
  execFileSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1', '-subj', '/CN=127.0.0.1',
                           '-addext', 'subjectAltName=IP:127.0.0.1', '-keyout', key, '-out', cert], { stdio: 'ignore' });

  // Half a TLS setup is refused at the start.
  for (const args of [['--cert', cert], ['--cert', cert, '--key', `${dir}/missing.pem`]]) {
    const r = spawnSync(process.env.PF_BIN, ['serve', '--listen', '127.0.0.1:0', '--db', `${dir}/x.db`, ...args],
                        { encoding: 'utf8', timeout: 10000 });
    assert(r.status === 2 && /--key|cannot read/.test(r.stderr), `refused: ${r.status} ${r.stderr}`);
  }

  const s = await startServer(`${dir}/rooms.db`, { args: ['--cert', cert, '--key', key], ca: fs.readFileSync(cert) });
  assert(s.base.startsWith('https://') && s.wsBase.startsWith('wss://'), `served over TLS: ${s.base}`);
  assert((await request(s, 'GET', '/healthz')).body.ok, 'healthz over HTTPS');

  // A room over HTTPS, played over wss.
  const { room, clients } = await roomWithClients(s, { game: 'pizza', seats: ['person', 'person'] }, ['ana', 'bo']);
  const p = clients.find((c) => c.last.to_act.includes(c.seat));
  const legal = await p.ask({ cmd: 'legal' });
  const a = await p.ask({ cmd: 'act', action: legal.actions[0] });
  assert(a.ok && a.step === 0, `an act over wss: ${JSON.stringify(a)}`);
  assert((await request(s, 'GET', `/rooms/${room}`)).body.step_count === 1, 'the step is there');

  // The Origin check knows it is https now.
  const opened = (origin) => new Promise((res) => {
    const w = new WebSocket(`${s.wsBase}/ws`, { origin, ca: s.ca });
    w.on('open', () => { w.close(); res(true); });
    w.on('error', () => res(false));
  });
  assert(await opened(`https://127.0.0.1:${s.port}`), 'the own https origin let in');
  assert(!(await opened(`http://127.0.0.1:${s.port}`)), 'an http origin refused on https');

  // Plain HTTP gets no answer of the API.
  const plain = await new Promise((res) => {
    const req = http.get(`http://127.0.0.1:${s.port}/healthz`, (r) => { r.resume(); res(r.statusCode); });
    req.on('error', () => res('error'));
    req.setTimeout(3000, () => { req.destroy(); res('timeout'); });
  });
  assert(plain !== 200, `plain HTTP on the TLS port: ${plain}`);

  for (const c of clients) await c.close();
  await stopServer(s);
});
