// nodes.js: several server nodes on one PostgreSQL (issue 18), run by
// scripts/with_pg.sh (PF_TEST_PG names the database). Each room is played
// by one node; the other sends clients there; the lobby is the same from
// both; a node killed with SIGKILL mid-game (a game of each game) loses
// nothing: its rooms go on at the other node once its lease ran out, clients
// reconnecting with their tokens; a node stopped with SIGSTOP past its
// leases writes nothing more to the rooms it lost; a node stopped cleanly
// gives its leases back.
'use strict';
const { spawnSync } = require('child_process');
const http = require('http');
const { tempDir, startServer, stopServer, request, playRandom, roomWithClients, checkSecrecy,
        waitFor, assert, run, toldEvents, Client } = require('./lib.js');

const PG = process.env.PF_TEST_PG;

// One value from the database, through psql.
function sql(query) {
  const r = spawnSync('psql', [PG, '-Atc', query], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`psql: ${r.stderr}`);
  return r.stdout.trim();
}

// A GET whose redirect is not followed.
function getRaw(base, path) {
  return new Promise((resolve, reject) => {
    http.get(`${base}${path}`, (res) => {
      let text = '';
      res.on('data', (d) => { text += d; });
      res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, body: JSON.parse(text) }));
    }).on('error', reject);
  });
}

// Moves c to node s: a new socket, hello with its token (retried while the
// old node's lease lives), and the resync.
async function moveTo(c, s) {
  c.s = s;
  c.last = null;
  await c.connect();
  const h = await c.hello(c.room, c.token);
  assert(h.ok, `hello at the new node: ${JSON.stringify(h)}`);
  await waitFor(() => c.last && c.last.push === 'sync', 'the resync');
}

run(async () => {
  if (!PG) throw new Error('run me through scripts/with_pg.sh');
  const db = `${tempDir()}/unused.db`;
  const a = await startServer(db, { leaseMs: 2000 }), b = await startServer(db, { leaseMs: 2000 });

  // The lobby is the same from both nodes.
  const listed = await request(a, 'POST', '/rooms', { game: 'pizza', seats: ['person', 'person'], listed: true });
  assert(listed.status === 201, `create: ${JSON.stringify(listed.body)}`);
  const lobbyA = await request(a, 'GET', '/rooms'), lobbyB = await request(b, 'GET', '/rooms');
  const codes = (l) => l.body.rooms.map((r) => r.room).sort().join(',');
  assert(codes(lobbyA) === listed.body.room && codes(lobbyB) === codes(lobbyA),
         `one lobby: ${codes(lobbyA)} / ${codes(lobbyB)}`);

  // A game of each game on node a, half played (Paku Paku in real time).
  const games = [{ game: 'pizza', bot: 'bot:medium' }, { game: 'pancake', bot: 'bot:medium' },
                 { game: 'passfood', bot: 'bot:medium' },
                 { game: 'pakupaku', bot: 'bot:child', options: { limit: '5' }, realTime: true }];
  const rooms = [];
  for (const g of games) {
    const r = await roomWithClients(a, { game: g.game, seats: ['person', 'person', g.bot], options: g.options },
                                    ['ana', 'bo']);
    for (const c of r.clients) c.room = r.room;
    rooms.push({ ...r, ...g });
  }
  const r = rooms[0];
  // Node b sends a room's requests to a: HTTP with a 307, the socket's hello
  // with the error elsewhere naming a.
  const moved = await getRaw(b.base, `/rooms/${r.room}`);
  assert(moved.status === 307 && moved.headers.location === `${a.base}/rooms/${r.room}`,
         `b redirects to a: ${moved.status} ${moved.headers.location}`);
  assert(moved.body.node === a.base && moved.body.error.code === 'elsewhere', 'the redirect names a');
  const probe = new Client(b, 'probe');
  probe.retryElsewhere = false;
  await probe.connect();
  const no = await probe.hello(r.room);
  assert(!no.ok && no.error.code === 'elsewhere' && no.node === a.base, `hello at b: ${JSON.stringify(no)}`);
  await probe.close();

  for (const g of rooms) {
    await Promise.all(g.clients.map((c) => playRandom(c, g.realTime, 8)));
    g.told = Math.max(...g.clients.map((c) => c.last.step_count));
    g.clients.forEach((c) => { c.told = toldEvents(c); });
  }

  // Node a dies: b takes each room over when a client comes back.
  await stopServer(a, 'SIGKILL');
  for (const g of rooms) {
    for (const c of g.clients) {
      await c.closed;
      await moveTo(c, b);
      assert(c.last.step_count >= g.told, `${g.game}: nothing acknowledged lost: ${c.last.step_count} of ${g.told}`);
      const log = new Set(c.last.log.map((e) => `${e.step} ${e.kind} ${e.text}`));
      for (const k of c.told) assert(log.has(k), `${g.game}: the resync's log has "${k}"`);
    }
    // A game over before the kill needs no node: its room is read, not played.
    const lease = sql(`SELECT node || ' ' || epoch FROM leases WHERE room = '${g.room}'`);
    assert(g.clients[0].last.over || lease === `${b.base} 2`,
           `b holds the ${g.game} room at epoch 2: ${lease}`);
  }
  for (const g of rooms) {
    const ends = await Promise.all(g.clients.map((c) => playRandom(c, g.realTime)));
    assert(ends.every((e) => e.over), `the ${g.game} game finished at b`);
    checkSecrecy(g.clients);
    for (const c of g.clients) await c.close();
    const replay = await request(b, 'GET', `/rooms/${g.room}/replay`);
    assert(replay.status === 200 && replay.body.actions.length === ends[0].step_count, `the ${g.game} replay at b`);
  }

  // Node c is paused past its leases: b takes its room over; c, continued,
  // writes nothing more to it.
  const c3 = await startServer(db, { leaseMs: 2000 });
  const p = await roomWithClients(c3, { game: 'pizza', seats: ['person', 'person'] }, ['cy', 'di']);
  for (const c of p.clients) c.room = p.room;
  await Promise.all(p.clients.map((c) => playRandom(c, false, 4)));
  const before = Number(sql(`SELECT count(*) FROM steps WHERE room = '${p.room}'`));
  c3.proc.kill('SIGSTOP');
  await waitFor(() => sql(`SELECT expires < now() FROM leases WHERE room = '${p.room}'`) === 't',
                'c\'s lease on its room ran out');
  // stay is the seat to act: its move is the write c must not make.
  const stay = p.clients.find((c) => c.last.to_act.includes(c.seat));
  const go = p.clients.find((c) => c !== stay);
  // stay still speaks to c (the kernel keeps its message for the paused node).
  const late = stay.ask({ cmd: 'legal' }).then((l) => stay.ask({ cmd: 'act', action: l.actions[0] }));
  await moveTo(go, b);
  assert(sql(`SELECT epoch FROM leases WHERE room = '${p.room}'`) === '2', 'b took the room over');
  c3.proc.kill('SIGCONT');
  const outcome = await Promise.race([late, stay.closed.then((cl) => ({ closed: cl.code }))]);
  assert(outcome.closed === 1012 || (!outcome.ok && outcome.error.code === 'elsewhere'),
         `c refused to play the room it lost: ${JSON.stringify(outcome)}`);
  const closed = await stay.closed;
  assert(closed.code === 1012, `c sent its client away to reconnect: ${closed.code}`);
  assert(Number(sql(`SELECT count(*) FROM steps WHERE room = '${p.room}' AND epoch = 1`)) === before,
         'c wrote no step after it lost the room');
  // The moved player plays on at b, and so does the one c sent away.
  await moveTo(stay, b);
  const done = await Promise.all(p.clients.map((c) => playRandom(c)));
  assert(done.every((e) => e.over), 'the second game finished at b');
  assert(Number(sql(`SELECT count(*) FROM steps WHERE room = '${p.room}' AND epoch = 1`)) === before,
         'still nothing from c');
  checkSecrecy(p.clients);
  for (const c of p.clients) await c.close();
  await stopServer(c3);

  // A clean stop ends the node's leases at once: no wait for a take-over.
  const open = await request(b, 'POST', '/rooms', { game: 'pizza', seats: ['person', 'person'] });
  const live = `SELECT count(*) FROM leases WHERE room = '${open.body.room}' AND expires > now()`;
  // The witness, a room b was asked for: a sweep renews its lease meanwhile.
  const asked = await request(b, 'POST', '/rooms', { game: 'pizza', seats: ['person', 'person'] });
  await request(b, 'GET', `/rooms/${asked.body.room}`);
  const expires = `SELECT expires FROM leases WHERE room = '${asked.body.room}'`;
  const held = sql(expires);
  assert(held !== '', 'b holds the witness room it was asked for');
  await waitFor(() => sql(expires) !== held, 'a sweep renewed the lease of the room b was asked for');
  assert(sql(live) === '0', 'a new room is held by no node until a client asks for it');
  await request(b, 'GET', `/rooms/${open.body.room}`);
  assert(sql(live) === '1', 'b holds the room it was asked for');
  await stopServer(b);
  assert(sql(live) === '0', 'the lease ended with the clean stop');
});
