// server_guess.js: room codes a stranger cannot guess (issue 32). Before,
// codes were six letters of 20 (26 bits) and lookups that missed were never
// limited: 3,000 GET /rooms/CODE in 1.4 s and 1,000 joins, all 404, no 429;
// a room found was watched at once (spectators were on by default). Now:
//  - a new code is ten letters of the same 20 (43 bits);
//  - an address's lookups that miss (GET, join, hello) are limited
//    (--max-misses a minute); past them every lookup of its is refused
//    for a while, a room that exists too (429 with Retry-After, a hello's
//    rate_limited with retry_after), so a guess that hits is not told apart;
//    other addresses are served;
//  - a private room is watched with its watch link only (the creator's
//    watch_token) unless the host allows watching by code
//    (spectators: true); a listed one by code; spectators: false, nobody.
'use strict';
const http = require('http');
const WebSocket = require('ws');
const { tempDir, startServer, stopServer, request, Client, assert, run } = require('./lib.js');

// An HTTP request from address `from` (127.0.0.x).
function from(s, addr, method, path, body) {
  return new Promise((resolve, reject) => {
    const data = body ? JSON.stringify(body) : undefined;
    const req = http.request({ host: '127.0.0.1', port: s.port, path, method, localAddress: addr,
                               headers: data ? { 'content-type': 'application/json',
                                                 'content-length': Buffer.byteLength(data) } : {} },
                             (res) => {
      let text = '';
      res.on('data', (d) => { text += d; });
      res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, body: JSON.parse(text) }));
    });
    req.on('error', reject);
    if (data) req.write(data);
    req.end();
  });
}

// A hello from address `addr`: its answer.
function helloFrom(s, addr, req) {
  return new Promise((resolve, reject) => {
    const w = new WebSocket(`${s.wsBase}/ws`, { localAddress: addr });
    w.on('open', () => w.send(JSON.stringify({ cmd: 'hello', id: 1, ...req })));
    w.on('message', (d) => { const m = JSON.parse(String(d)); if (m.id === 1) { w.close(); resolve(m); } });
    w.on('error', reject);
  });
}

const LETTERS = 'ACDEFGHJKMNPQRTUVWXY';

run(async () => {
  const s = await startServer(`${tempDir()}/rooms.db`, { args: ['--max-misses', '5'] });
  const made = await request(s, 'POST', '/rooms', { game: 'pizza', seats: ['person', 'person'] });
  const code = made.body.room;
  assert(made.status === 201 && new RegExp(`^[${LETTERS}]{10}$`).test(code), `a ten-letter code: ${code}`);
  assert(/^[0-9a-f]{32}$/.test(made.body.watch_token), 'a private room\'s creator gets its watch link');

  // Five misses from 127.0.0.7, of each kind; then every lookup refused.
  const guess = (i) => Array.from({ length: 10 }, (_, k) => LETTERS[(i * 7 + k * 3) % 20]).join('');
  const misses = [await from(s, '127.0.0.7', 'GET', `/rooms/${guess(1)}`),
                  await from(s, '127.0.0.7', 'GET', `/rooms/${guess(2)}/story?seat=0`),
                  await from(s, '127.0.0.7', 'POST', `/rooms/${guess(3)}/join`, { name: 'eve' }),
                  await from(s, '127.0.0.7', 'POST', `/rooms/${guess(4)}/join`, { name: 'eve' })];
  assert(misses.every((r) => r.status === 404), `misses: ${misses.map((r) => r.status)}`);
  const h = await helloFrom(s, '127.0.0.7', { room: guess(5) });
  assert(!h.ok && h.error.code === 'bad_request', `a hello that misses: ${JSON.stringify(h)}`);
  const hit = await from(s, '127.0.0.7', 'GET', `/rooms/${code}`);
  assert(hit.status === 429 && Number(hit.headers['retry-after']) >= 1 && hit.body.error.code === 'rate_limited' &&
         hit.body.error.retry_after === Number(hit.headers['retry-after']),
         `a hit after the misses is refused like a miss: ${hit.status} ${JSON.stringify(hit.body)}`);
  const join = await from(s, '127.0.0.7', 'POST', `/rooms/${code}/join`, { name: 'eve' });
  assert(join.status === 429, `a join too: ${join.status}`);
  const wsHit = await helloFrom(s, '127.0.0.7', { room: code });
  assert(!wsHit.ok && wsHit.error.code === 'rate_limited' && wsHit.error.retry_after >= 1,
         `a hello too: ${JSON.stringify(wsHit)}`);
  assert((await from(s, '127.0.0.8', 'GET', `/rooms/${code}`)).status === 200, 'another address is served');
  assert((await request(s, 'GET', `/rooms/${code}`)).body.room === code, 'and the room\'s people');
  assert(/event=refused reason=misses/.test(s.log()), 'the refusal is logged');

  // Watching: a private room by its link only; by code when the host says so.
  const spectator = async (room, extra = {}) => {
    const c = new Client(s, 'watcher');
    await c.connect();
    const a = await c.ask({ cmd: 'hello', room, ...extra });
    await c.close();
    return a;
  };
  const byCode = await spectator(code);
  assert(!byCode.ok && byCode.error.code === 'not_your_seat' && /watch link/.test(byCode.error.message),
         `a private room's code alone: ${JSON.stringify(byCode)}`);
  assert((await spectator(code, { watch: made.body.watch_token })).seat === -1, 'its watch link');
  assert(!(await spectator(code, { watch: '0'.repeat(32) })).ok, 'another watch token');
  const open = await request(s, 'POST', '/rooms', { game: 'pizza', seats: ['person', 'person'], spectators: true });
  assert((await spectator(open.body.room)).seat === -1, 'watching by code, when the host allows it');
  const listed = await request(s, 'POST', '/rooms', { game: 'pizza', seats: ['person', 'person'], listed: true });
  assert((await spectator(listed.body.room)).seat === -1, 'a listed room by code');
  const closed = await request(s, 'POST', '/rooms', { game: 'pizza', seats: ['person', 'person'], spectators: false });
  assert(!('watch_token' in closed.body) && !(await spectator(closed.body.room)).ok, 'nobody, when the host says so');
  const state = (await request(s, 'GET', `/rooms/${code}`)).body;
  assert(!('watch_token' in state) && state.spectators === false, 'the watch link is the creator\'s alone');
  await stopServer(s);
});
