// server_idle.js: rooms after they end, and idle rooms. With
// --idle-seconds 1 a game nobody changes lets its table go: the whole room
// when nobody is connected (read back from storage when a client comes),
// the table alone when clients stay (rebuilt when one asks); either way
// play goes on where it was. A room that never started and had nobody in it
// for --expire-seconds is dropped. A finished game's replay is still there
// after a restart.
'use strict';
const { execFileSync } = require('child_process');
const { tempDir, startServer, stopServer, request, Client, playRandom, roomWithClients,
        waitFor, assert, run } = require('./lib.js');

const sql = (db, text) => execFileSync('sqlite3', [db, text]);
const playSteps = (clients, n) => Promise.all(clients.map((c) => playRandom(c, false, n)));
const logged = (s, line) => waitFor(() => s.log().includes(line), line);

run(async () => {
  const db = `${tempDir()}/rooms.db`;
  const args = ['--idle-seconds', '1', '--expire-seconds', '2'];
  let s = await startServer(db, { args });
  const spec = { game: 'pancake', seats: ['person', 'person'], fixed_order: true };

  // Nobody stays: the whole room goes, and comes back for a hello.
  const gone = await roomWithClients(s, spec, ['ana', 'bo']);
  await playSteps(gone.clients, 3);
  const seen = gone.clients[0].last.step_count;
  for (const c of gone.clients) await c.close();
  await logged(s, `event=unloaded room=${gone.room}`);
  const metrics = await request(s, 'GET', '/metrics');
  assert(/^partyfood_rooms_unloaded_total [1-9]/m.test(metrics.body), `counted: ${metrics.body}`);
  // Storage that cannot be read says so (io, 503), not "no such room": a
  // client keeps its token and asks again.
  sql(db, 'ALTER TABLE steps RENAME TO steps_away');
  const probe = gone.clients[0];
  await probe.connect();
  const unread = await probe.hello(gone.room, probe.token);
  assert(!unread.ok && unread.error.code === 'io', `hello while the steps cannot be read: ${JSON.stringify(unread)}`);
  const page = await request(s, 'GET', `/rooms/${gone.room}`);
  assert(page.status === 503 && page.body.error.code === 'io', `GET while they cannot be read: ${page.status}`);
  await probe.close();
  sql(db, 'ALTER TABLE steps_away RENAME TO steps');
  for (const c of gone.clients) {
    c.last = null;
    await c.connect();
    const h = await c.hello(gone.room, c.token);
    assert(h.ok, `hello after the room was let go: ${JSON.stringify(h)}`);
    await waitFor(() => c.last, 'the resync');
    assert(c.last.step_count === seen && c.last.log.length > 0, `the game as it was: ${JSON.stringify(c.last).slice(0, 200)}`);
  }
  assert(s.log().includes(`event=restored room=${gone.room}`), 'read back from storage');
  await playSteps(gone.clients, seen + 2);

  // Clients stay: the table goes, and is rebuilt for their next request.
  const kept = await roomWithClients(s, spec, ['cy', 'di']);
  await playSteps(kept.clients, 2);
  await logged(s, `event=unloaded room=${kept.room} game=pancake kept=true`);
  const legal = await kept.clients[0].ask({ cmd: 'view' });
  assert(legal.ok, `a request after the table went: ${JSON.stringify(legal)}`);
  assert(s.log().includes(`event=loaded room=${kept.room}`), 'the table was rebuilt');
  await playSteps(kept.clients, 4);

  // Nobody ever joined: the room expires, from storage too.
  const waiting = await request(s, 'POST', '/rooms', spec);
  await logged(s, `event=expired room=${waiting.body.room}`);
  assert((await request(s, 'GET', `/rooms/${waiting.body.room}`)).status === 404, 'expired');

  // A finished game's replay survives a restart.
  const done = await roomWithClients(s, spec, ['ed', 'flo']);
  await playSteps(done.clients, Infinity);
  const replay = await request(s, 'GET', `/rooms/${done.room}/replay`);
  assert(replay.status === 200, `the replay: ${JSON.stringify(replay.body)}`);
  for (const c of [...done.clients, ...gone.clients, ...kept.clients]) await c.close();
  await stopServer(s);
  s = await startServer(db, { args });
  const again = await request(s, 'GET', `/rooms/${done.room}/replay`);
  assert(again.status === 200 && JSON.stringify(again.body) === JSON.stringify(replay.body),
         `the same replay after a restart: ${again.status}`);
  assert((await request(s, 'GET', `/rooms/${waiting.body.room}`)).status === 404, 'still expired');
  await stopServer(s);
});
