// server_limits.js: the limits that keep the server standing (docs/server.md
// "Limits"), set low on the command line: rooms created per address per
// minute (429 rate_limited), connections per address (HTTP and WebSockets
// alike: one more is closed as soon as it is taken), requests per second
// per connection (rate_limited answers, then
// a close 1008 when the flood goes on). Every refusal is logged and none
// changes the game; the room's other clients are served throughout.
'use strict';
const http = require('http');
const WebSocket = require('ws');
const { tempDir, startServer, stopServer, request, Client, roomWithClients, stepsAtRest, waitFor, assert, run } =
  require('./lib.js');

run(async () => {
  const s = await startServer(`${tempDir()}/rooms.db`,
                              { args: ['--max-requests', '10', '--max-rooms', '3', '--max-connections', '4'] });

  // Rooms: three a minute from this address, then 429.
  const { room, clients } = await roomWithClients(s, { game: 'pizza', spectators: true, seats: ['person', 'person', 'bot:medium'] },
                                                  ['ana', 'bo']);
  const [ana, bo] = clients;
  for (let i = 0; i < 2; i++)
    assert((await request(s, 'POST', '/rooms', { game: 'pizza', seats: ['person', 'person'] })).status === 201, `room ${i + 2}`);
  const fourth = await request(s, 'POST', '/rooms', { game: 'pizza', seats: ['person', 'person'] });
  assert(fourth.status === 429 && fourth.body.error.code === 'rate_limited' && /3 new rooms a minute/.test(fourth.body.error.message),
         `the fourth room: ${fourth.status} ${JSON.stringify(fourth.body)}`);

  // Connections: four from 127.0.0.9, WebSockets or HTTP, then the next is
  // closed as soon as it is taken; other addresses are served meanwhile.
  const from9 = (n) => Array.from({ length: n }, () => new Promise((resolve) => {
    const w = new WebSocket(`${s.wsBase}/ws`, { localAddress: '127.0.0.9' });
    w.on('open', () => resolve(w));
    w.on('error', () => resolve(null));
  }));
  const held = await Promise.all(from9(4));
  assert(held.every((w) => w), 'four connections from one address');
  const [fifth] = await Promise.all(from9(1));
  assert(fifth === null, 'the fifth from that address is refused');
  const page = await new Promise((resolve) => {
    http.get({ host: '127.0.0.1', port: s.port, path: '/healthz', localAddress: '127.0.0.9' },
             (res) => resolve(res.statusCode)).on('error', () => resolve('refused'));
  });
  assert(page === 'refused', `an HTTP request from it too: ${page}`);
  assert((await request(s, 'GET', '/healthz')).status === 200, 'another address is served');
  held[0].close();
  await waitFor(async () => (await Promise.all(from9(1)).then(([w]) => { if (w) w.close(); return !!w; })),
                'a place again once one closed');
  for (const w of held.slice(1)) w.close();
  const more = [new Client(s, 'c3')];
  await more[0].connect();
  await more[0].hello(room);
  const again = more[0];

  // Requests: 10 a second with 2 s of burst; past it rate_limited, in order, with the id.
  const steps = await stepsAtRest(s, room);
  const answers = await Promise.all(Array.from({ length: 40 }, () => more[0].ask({ cmd: 'games' })));
  const limited = answers.filter((a) => !a.ok);
  assert(answers.slice(0, 19).every((a) => a.ok), 'the burst answered (one request went to the hello)');
  assert(limited.length >= 15 && limited.every((a) => a.error.code === 'rate_limited' && typeof a.id === 'number'),
         `past the burst: ${JSON.stringify(limited[0])}`);
  // A flood that goes on is closed. The close frame says why, unless the
  // client's unread flood made the server's TCP stack reset the connection
  // first (1006: closed without a frame); the server counts it either way.
  for (let i = 0; i < 200; i++) more[0].ws.send('{"cmd":"games"}');
  const flood = await more[0].closed;
  assert((flood.code === 1008 && /too many requests/.test(flood.reason)) || flood.code === 1006,
         `the flood: ${flood.code} ${flood.reason}`);
  const metrics = (await request(s, 'GET', '/metrics')).body;
  assert(/^partyfood_refusals_total\{reason="flood"\} 1$/m.test(metrics), `the flood counted: ${metrics}`);

  // A refused act changes nothing, and would have: the same act is played
  // once the allowance refilled.
  const p = [ana, bo].find((c) => c.last.to_act.includes(c.seat));
  const other = p === ana ? bo : ana;
  const legal = await p.ask({ cmd: 'legal' });
  // The act rides right behind the requests that empty the allowance, in
  // the same burst: awaiting their answers first let a loaded machine refill
  // it (10 a second) before the act arrived (seen in a full run at load 15).
  const before = other.frames.length;
  const burst = Array.from({ length: 25 }, () => p.ask({ cmd: 'games' }));
  const act = await p.ask({ cmd: 'act', action: legal.actions[0] });
  await Promise.all(burst);
  assert(!act.ok && act.error.code === 'rate_limited', `an act past the limit: ${JSON.stringify(act)}`);
  assert((await request(s, 'GET', `/rooms/${room}`)).body.step_count === steps, 'no step from a refusal');
  assert(!other.frames.slice(before).some((f) => f.includes('"push":"steps"')), 'nobody heard a step');
  assert((await other.ask({ cmd: 'view' })).ok, 'the other client is served');
  await new Promise((r) => setTimeout(r, 1500));
  assert((await p.ask({ cmd: 'act', action: legal.actions[0] })).ok, 'the same act, later, is played');

  // Each refusal is logged.
  for (const reason of ['rooms_per_minute', 'connections_per_address', 'rate', 'flood'])
    assert(s.log().includes(`event=refused reason=${reason}`) || s.log().includes(`reason=${reason}\n`),
           `a log line for ${reason}`);
  for (const c of [ana, bo]) await c.close();
  await stopServer(s);
});
