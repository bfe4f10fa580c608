// server_restart.js: nothing acknowledged is lost. Games are played part
// way (Paku Paku in real time among them), the server is killed with SIGKILL, restarted on the same database:
// every step a client was told of is there, the clients reconnect with
// their tokens, get a full resync, and the games finish.
'use strict';
const { tempDir, startServer, stopServer, playRandom, roomWithClients, checkSecrecy,
        waitFor, assert, run, toldEvents } = require('./lib.js');

run(async () => {
  const db = `${tempDir()}/rooms.db`;
  let s = await startServer(db);
  const rooms = [];
  for (const [game, bot, realTime] of [['pancake', 'bot:medium', false], ['pizza', 'bot:medium', false],
                                       ['pakupaku', 'bot:child', true]]) {
    const r = await roomWithClients(s, { game, seats: ['person', 'person', bot] }, ['ana', 'bo']);
    r.realTime = realTime;
    await Promise.all(r.clients.map((c) => playRandom(c, realTime, 8)));
    // What the clients were told: the steps pushed to them.
    r.told = Math.max(...r.clients.map((c) => c.last.step_count));
    r.clients.forEach((c) => { c.told = toldEvents(c); });
    rooms.push(r);
  }
  await stopServer(s, 'SIGKILL');
  for (const r of rooms) await Promise.all(r.clients.map((c) => c.closed));

  s = await startServer(db);
  for (const r of rooms) {
    for (const c of r.clients) {
      const seat = c.seat;
      c.s = s;
      c.last = null;
      await c.connect();
      const h = await c.hello(r.room, c.token);
      assert(h.ok && h.seat === seat, `the token keeps its seat: ${JSON.stringify(h)}`);
      await waitFor(() => c.last, 'the resync');
      assert(c.last.push === 'sync' && c.last.step_count >= r.told,
             `resync after the restart: ${c.last.step_count} steps, ${r.told} told`);
      const log = new Set(c.last.log.map((e) => `${e.step} ${e.kind} ${e.text}`));
      for (const k of c.told) assert(log.has(k), `the resync's log has "${k}"`);
    }
  }
  for (const r of rooms) {
    const ends = await Promise.all(r.clients.map((c) => playRandom(c, r.realTime)));
    assert(ends.every((e) => e.over), 'the game finished after the restart');
    checkSecrecy(r.clients);
    for (const c of r.clients) await c.close();
  }
  await stopServer(s);
});
