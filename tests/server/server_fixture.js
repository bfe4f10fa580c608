// server_fixture.js: nothing stored is lost (issue 31). The rooms a server
// of the 0.2 line stored (tests/server/fixtures: made by that release's
// program, SQLite or, under scripts/with_pg.sh, PostgreSQL) are served by
// this one: each room's state, its seats by their tokens, the host's token,
// the chat; the games mid-way play on to their end, the finished one gives
// its replay, and the room waiting for a person starts when she joins.
'use strict';
const fs = require('fs');
const path = require('path');
const { spawnSync } = require('child_process');
const { tempDir, startServer, stopServer, request, Client, playRandom, waitFor, assert, run } =
  require('./lib.js');

run(async () => {
  const pg = process.env.PF_TEST_PG;
  const name = pg ? 'rooms-0.2-pg' : 'rooms-0.2';
  const fixtures = path.join(__dirname, 'fixtures');
  const rooms = JSON.parse(fs.readFileSync(path.join(fixtures, `${name}.json`), 'utf8'));
  const db = path.join(tempDir(), 'rooms.db');
  if (pg) {
    const load = spawnSync('psql', ['-q', '-v', 'ON_ERROR_STOP=1', '-f', path.join(fixtures, `${name}.sql`), pg],
                           { encoding: 'utf8' });
    assert(load.status === 0, `the dump loads: ${load.stderr}`);
  } else {
    fs.copyFileSync(path.join(fixtures, `${name}.db`), db);
  }
  const s = await startServer(db);
  for (const r of rooms) {
    const state = (await request(s, 'GET', `/rooms/${r.room}`)).body;
    assert(state.game === r.game, `${r.what}: the game of ${r.room}`);
    const names = state.seats.filter((x) => x.kind === 'person' && x.name).map((x) => x.name).sort();
    assert(JSON.stringify(names) === JSON.stringify([...r.names].sort()), `${r.what}: its people ${names}`);
    if (r.over) {
      const replay = await request(s, 'GET', `/rooms/${r.room}/replay`);
      assert(replay.status === 200 && replay.body.actions.length === r.steps, `${r.what}: the replay`);
      continue;
    }
    if (!r.tokens.length) { // waiting for a person: she joins, the game starts
      const joined = await request(s, 'POST', `/rooms/${r.room}/join`, { name: 'late' });
      assert(joined.status === 200 && joined.body.started, `${r.what}: the last place starts it`);
      continue;
    }
    assert(state.step_count >= r.steps, `${r.what}: its ${r.steps} steps (${state.step_count} now)`);
    if (r.host) {
      const host = await request(s, 'POST', `/rooms/${r.room}/host`, { host_token: r.host, do: 'unlock' });
      assert(host.status === 200 && host.body.locked === false, `${r.what}: the host's token and lock`);
    }
    const clients = [];
    for (const token of r.tokens) {
      const c = new Client(s, token.slice(0, 4));
      await c.connect();
      const h = await c.hello(r.room, token);
      assert(h.ok, `${r.what}: a seat's token: ${JSON.stringify(h)}`);
      clients.push(c);
    }
    await waitFor(() => clients.every((c) => c.last), `${r.what}: every seat's sync`);
    if (r.what.includes('chat')) {
      const sync = clients[0].frames.map((f) => JSON.parse(f)).find((m) => m.push === 'sync');
      assert(sync.chat.some((m) => m.text === 'stored before 0.3'), `${r.what}: the chat kept`);
    }
    const ends = await Promise.all(clients.map((c) => playRandom(c, r.game === 'pakupaku')));
    assert(ends.every((e) => e.over), `${r.what}: played to its end`);
    for (const c of clients) await c.close();
  }
  await stopServer(s);
});
