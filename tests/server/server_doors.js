// server_doors.js: requests only from the server's own pages (issue 32,
// item 5 and the small ones): a Host or Origin the server does not serve
// gets a 403 naming --allow-host (a DNS-rebinding page included), a POST
// whose body is not said to be JSON a 415, OPTIONS no cross-site grant, the
// server's own content security policy with connect-src 'self', a long
// path 414 and a long query 431, a fragmented message too large 1009.
'use strict';
const http = require('http');
const net = require('net');
const WebSocket = require('ws');
const { tempDir, startServer, stopServer, request, assert, run } = require('./lib.js');

// A raw HTTP request with these headers (a string body as it is).
function raw(s, method, path, headers, body) {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port: s.port, method, path, headers }, (res) => {
      let text = '';
      res.on('data', (d) => { text += d; });
      res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, text }));
    });
    req.on('error', reject);
    if (body !== undefined) req.write(body);
    req.end();
  });
}

// What the server writes to a raw connection sent text, until it closes it
// (or 30 s pass: a request left hanging; a loaded machine is slow, not that slow).
function rawSocket(s, text) {
  return new Promise((resolve) => {
    const c = net.connect(s.port, '127.0.0.1', () => c.write(text));
    let got = '';
    const timer = setTimeout(() => { c.destroy(); resolve({ got, closed: false }); }, 30000);
    c.on('data', (d) => { got += d; });
    c.on('close', () => { clearTimeout(timer); resolve({ got, closed: true }); });
    c.on('error', () => {});
  });
}

// A WebSocket opened with these options: 'open', or the HTTP status refusing it.
function socket(s, opts) {
  return new Promise((resolve) => {
    const w = new WebSocket(`${s.wsBase}/ws`, opts);
    w.on('open', () => { w.close(); resolve('open'); });
    w.on('unexpected-response', (req, res) => { res.resume(); req.destroy(); resolve(res.statusCode); });
    w.on('error', (e) => resolve(`error ${e.message}`));
  });
}

run(async () => {
  const dir = tempDir();
  const s = await startServer(`${dir}/rooms.db`, { args: ['--allow-host', 'play.example'] });
  const own = `127.0.0.1:${s.port}`;

  // Host: the address listened on, localhost, and what --allow-host names.
  for (const host of [own, `localhost:${s.port}`, 'play.example', `PLAY.example:${s.port}`])
    assert((await raw(s, 'GET', '/healthz', { host })).status === 200, `Host ${host} answered`);
  // A page of another name pointed at this machine (DNS rebinding) sends its own Host.
  const rebound = await raw(s, 'GET', '/rooms', { host: `evil.example:${s.port}` });
  assert(rebound.status === 403 && /--allow-host/.test(JSON.parse(rebound.text).error.message),
         `a foreign Host: ${rebound.status} ${rebound.text}`);

  // Origin: a page of this server's own host and scheme only.
  const origin = (o, host = own) => raw(s, 'GET', '/rooms', { host, origin: o });
  assert((await origin(`http://${own}`)).status === 200, 'our own page');
  assert((await origin(`http://play.example`, 'play.example')).status === 200, 'our page by its allowed name');
  for (const o of ['http://evil.example', `https://${own}`, `http://127.0.0.1:${s.port + 1}`, 'null']) {
    const r = await origin(o);
    assert(r.status === 403 && /--allow-host/.test(r.text), `Origin ${o}: ${r.status} ${r.text}`);
  }
  assert((await origin(`http://evil.example:${s.port}`, `evil.example:${s.port}`)).status === 403,
         'a rebinding page, Host and Origin alike');
  assert(await socket(s, { origin: `http://${own}` }) === 'open', 'a socket of our own page');
  assert(await socket(s, { origin: 'http://evil.example' }) === 403, 'a socket of another site: 403');
  assert(await socket(s, { headers: { host: 'evil.example' } }) === 403, 'a socket for another host: 403');

  // Only JSON bodies: no cross-site form can post (text/plain, a form's encoding, none).
  const spec = JSON.stringify({ game: 'pizza', seats: ['person', 'person'] });
  for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', undefined]) {
    const headers = { host: own, 'content-length': Buffer.byteLength(spec) };
    if (type) headers['content-type'] = type;
    const r = await raw(s, 'POST', '/rooms', headers, spec);
    assert(r.status === 415 && /application\/json/.test(r.text), `a ${type} body: ${r.status} ${r.text}`);
  }
  const made = await raw(s, 'POST', '/rooms', { host: own, 'content-type': 'application/json; charset=utf-8',
                                                'content-length': Buffer.byteLength(spec) }, spec);
  assert(made.status === 201 && JSON.parse(made.text).room, `a JSON body: ${made.status} ${made.text}`);
  const metrics = (await request(s, 'GET', '/metrics')).body;
  assert(/^partyfood_rooms\{state="waiting"\} 1$/m.test(metrics), `one room made, by the JSON body: ${metrics}`);

  // A body in chunks (no Content-Length): 411 with a JSON reason, the
  // connection closed (its chunks are not read); so for a join.
  const chunked = (path) => `POST ${path} HTTP/1.1\r\nHost: ${own}\r\nContent-Type: application/json\r\n` +
    `Transfer-Encoding: chunked\r\n\r\n${spec.length.toString(16)}\r\n${spec}\r\n0\r\n\r\n`;
  for (const path of ['/rooms', `/rooms/${JSON.parse(made.text).room}/join`]) {
    const r = await rawSocket(s, chunked(path));
    const body = r.got.slice(r.got.indexOf('\r\n\r\n') + 4);
    assert(/^HTTP\/1\.1 411 /.test(r.got) && /Content-Length/.test(JSON.parse(body || '{}').error?.message),
           `a chunked POST ${path}: ${JSON.stringify(r.got)}`);
    assert(r.closed, `a chunked POST ${path}: the connection closed`);
  }
  const metricsAfter = (await request(s, 'GET', '/metrics')).body;
  assert(/^partyfood_rooms\{state="waiting"\} 1$/m.test(metricsAfter), 'no room made by a chunked body');

  // OPTIONS: what the server takes, with no cross-site grant.
  const pre = await raw(s, 'OPTIONS', '/rooms', { host: own, origin: `http://${own}`,
                                                 'access-control-request-method': 'POST' });
  assert(pre.status === 204 && /POST/.test(pre.headers.allow), `OPTIONS: ${pre.status} ${pre.headers.allow}`);
  assert(!Object.keys(pre.headers).some((h) => h.startsWith('access-control-')), 'no CORS grant');
  assert((await raw(s, 'DELETE', '/rooms', { host: own })).status === 405, 'DELETE: 405');

  // The server's own security policy on pages and answers alike.
  for (const path of ['/', '/healthz']) {
    const h = (await raw(s, 'GET', path, { host: own })).headers;
    const csp = h['content-security-policy'];
    assert(/connect-src 'self'/.test(csp) && !/ws:|wss:/.test(csp) && /frame-ancestors 'none'/.test(csp),
           `${path}: ${csp}`);
    assert(h['x-content-type-options'] === 'nosniff', `${path}: nosniff`);
  }

  // A long path and a long query are answered, not dropped.
  assert((await raw(s, 'GET', `/${'a'.repeat(5000)}`, { host: own })).status === 414, 'a 5 KB path: 414');
  assert((await raw(s, 'GET', `/rooms?q=${'a'.repeat(8000)}`, { host: own })).status === 431, 'an 8 KB query: 431');
  assert((await raw(s, 'GET', '/healthz', { host: own })).status === 200, 'served on after them');

  // A message too large in fragments closes with 1009, not a reset.
  const w = new WebSocket(`${s.wsBase}/ws`);
  await new Promise((res, rej) => { w.on('open', res); w.on('error', rej); });
  const closed = new Promise((res) => w.on('close', (code) => res(code)));
  w.on('error', () => {});
  const part = 'x'.repeat(16 * 1024);
  for (let i = 0; i < 10; i++) w.send(part, { fin: i === 9 });
  assert(await closed === 1009, 'a fragmented 160 KB message: 1009');

  await stopServer(s);
});
