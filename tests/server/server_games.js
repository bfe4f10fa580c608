// server_games.js: a whole game of each of the four games in one room each,
// two people's clients and a bot, a spectator watching; Paku Paku in real
// time on the server's clock. Every frame passes the fair-play checks; the
// replay is given once the game is over.
'use strict';
const { tempDir, startServer, stopServer, request, Client, playRandom, roomWithClients,
        checkSecrecy, waitFor, assert, run } = require('./lib.js');

const games = [
  { game: 'pizza', bot: 'bot:medium' },
  { game: 'pancake', bot: 'bot:medium' },
  { game: 'passfood', bot: 'bot:medium' },
  { game: 'pakupaku', bot: 'bot:child', options: { limit: '5' }, realTime: true },
];

async function playOne(s, g) {
  const t0 = Date.now();
  const { room, clients } = await roomWithClients(s, {
    game: g.game, spectators: true, seats: ['person', 'person', g.bot], options: g.options || {},
  }, ['ana', 'bo']);
  const watcher = new Client(s, 'watcher');
  await watcher.connect();
  const h = await watcher.hello(room);
  assert(h.ok && h.seat === -1, `a spectator's hello: ${JSON.stringify(h)}`);
  const seats = clients.map((c) => c.seat).sort();
  assert(seats[0] !== seats[1] && seats.every((x) => x >= 0 && x < 3), `seats ${seats}`);
  const ends = await Promise.all(clients.map((c) => playRandom(c, g.realTime)));
  // The spectator hears the end too, then everyone agrees on the result.
  await waitFor(() => watcher.last && watcher.last.over, `${g.game}: the spectator sees the end`);
  for (const e of ends) {
    assert(e.over && JSON.stringify(e.results) === JSON.stringify(watcher.last.results),
           `${g.game}: same results`);
    assert(e.step_count === watcher.last.step_count, `${g.game}: same step count`);
  }
  const state = await request(s, 'GET', `/rooms/${room}`);
  assert(state.body.over === true && state.body.step_count === watcher.last.step_count, `${g.game}: room state`);
  // Once over, the replay: every step, and the seed that was kept secret.
  const replay = await request(s, 'GET', `/rooms/${room}/replay`);
  assert(replay.status === 200 && replay.body.actions.length === watcher.last.step_count &&
         replay.body.seed !== undefined, `${g.game}: the replay`);
  checkSecrecy([...clients, watcher]);
  for (const c of [...clients, watcher]) await c.close();
  console.log(`${g.game}: ${Date.now() - t0} ms, ${watcher.last.step_count} steps, results ${JSON.stringify(watcher.last.results)}`);
}

run(async () => {
  const s = await startServer(`${tempDir()}/rooms.db`);
  await Promise.all(games.map((g) => playOne(s, g)));
  await stopServer(s);
});
