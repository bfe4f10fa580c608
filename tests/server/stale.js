// stale.js (PostgreSQL only, as stale_pg): a room whose copy in a server
// is behind the database. Here a step is written behind the server's back,
// as a node that took the room over while this one was stalled would have
// written it. The server's next step for that room collides with it: that
// room is let go (its clients told to reconnect, the move refused with
// "elsewhere") and read again, the written step included, while the other
// rooms play on (before, its failing commit failed theirs with it, again and
// again: the load tool's fail-over run saw 1,887 refusals from one room).
'use strict';
const { execFileSync } = require('child_process');
const { tempDir, startServer, stopServer, Client, roomWithClients, waitFor, assert,
        run } = require('./lib.js');

const psql = (text) => execFileSync('psql', [process.env.PF_TEST_PG, '-qAt', '-c', text]);
const acting = (clients) => clients.find((c) => c.last.to_act.includes(c.seat));

run(async () => {
  if (!process.env.PF_TEST_PG) throw new Error('run me with scripts/with_pg.sh');
  const s = await startServer(`${tempDir()}/unused.db`);
  const spec = { game: 'pizza', seats: ['person', 'person'], fixed_order: true };
  const behind = await roomWithClients(s, spec, ['ana', 'bo']);
  const other = await roomWithClients(s, spec, ['cy', 'di']);

  // The step the server does not know of, a legal one for the seat to act.
  const c = acting(behind.clients);
  const steps = c.last.step_count;
  const planted = c.last.legal[0];
  psql(`INSERT INTO steps (room, idx, seat, name, t) VALUES ('${behind.room}', ${steps}, ` +
       `${c.seat}, '${planted}', ${c.last.clock})`);

  const refused = await c.ask({ cmd: 'act', action: c.last.legal[c.last.legal.length - 1] });
  assert(!refused.ok && refused.error.code === 'elsewhere', `refused: ${JSON.stringify(refused)}`);
  const closed = await c.closed;
  assert(closed.code === 1012, `told to reconnect: ${closed.code} ${closed.reason}`);

  // The other room played on meanwhile.
  const o = acting(other.clients);
  const played = await o.ask({ cmd: 'act', action: o.last.legal[0] });
  assert(played.ok, `the other room plays: ${JSON.stringify(played)}`);

  // Back with its token: the room as the database has it.
  const again = new Client(s, 'ana again');
  again.token = c.token;
  await again.connect();
  let sync = null;
  again.onPush = (m) => { if (m.push === 'sync') sync = m; };
  const h = await again.hello(behind.room, c.token);
  assert(h.ok, `hello: ${JSON.stringify(h)}`);
  await waitFor(() => sync, 'the resync');
  assert(sync.step_count === steps + 1, `the written step is there: ${sync.step_count} vs ${steps + 1}`);
  assert(s.log().includes(`event=lost room=${behind.room}`), 'the room was let go');
  await again.close();
  for (const x of [...behind.clients.filter((y) => y !== c), ...other.clients]) await x.close();
  await stopServer(s);
  console.log('ok');
});
