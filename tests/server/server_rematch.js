// server_rematch.js: a rematch (docs/server.md "Rematch"): refused before
// the end and for spectators; once the game is over the first ask makes a
// new room with the same game, options, settings and bots, a place kept
// for each person, every connected person hears its new token and every
// spectator the new room (the old room's state names it too), with the
// new room's watch token (a private room is watched by link); a later
// ask is told the same room; the old replay stays; the host keeps its
// token.
'use strict';
const { tempDir, startServer, stopServer, request, Client, playRandom, roomWithClients, waitFor, assert, run } =
  require('./lib.js');

const rematchPush = (c) => c.frames.map((f) => JSON.parse(f)).filter((m) => m.push === 'rematch');

run(async () => {
  const s = await startServer(`${tempDir()}/rooms.db`);
  const spec = { game: 'pizza', seats: ['person', 'person', 'bot:easy'], options: { kinds: '3', extra_slices: 'false' },
                 memory_aid: true };
  const created = await request(s, 'POST', '/rooms', spec);
  const room = created.body.room, hostToken = created.body.host_token;
  const clients = [];
  for (const name of ['ana', 'bo']) {
    const j = (await request(s, 'POST', `/rooms/${room}/join`, { name })).body;
    const c = new Client(s, name);
    c.token = j.token;
    await c.connect();
    await c.hello(room, j.token);
    clients.push(c);
  }
  await waitFor(() => clients.every((c) => c.last), 'the start');
  const [ana, bo] = clients;
  const watcher = new Client(s, 'watcher');
  await watcher.connect();
  assert(!(await watcher.hello(room)).ok, 'a private room is not watched by its code');
  assert((await watcher.ask({ cmd: 'hello', room, watch: created.body.watch_token })).ok, 'watched by its link');

  const early = await ana.ask({ cmd: 'rematch' });
  assert(!early.ok && early.error.code === 'bad_request', `a rematch mid-game: ${JSON.stringify(early)}`);
  await Promise.all(clients.map((c) => playRandom(c, false)));
  const w = await watcher.ask({ cmd: 'rematch' });
  assert(!w.ok && w.error.code === 'not_your_seat', `a spectator's rematch: ${JSON.stringify(w)}`);

  // The first ask: everyone connected hears the new room and their token.
  const a = await ana.ask({ cmd: 'rematch' });
  assert(a.ok, `rematch: ${JSON.stringify(a)}`);
  await waitFor(() => rematchPush(ana).length === 1 && rematchPush(bo).length === 1, 'both heard');
  const [pa, pb] = [rematchPush(ana)[0], rematchPush(bo)[0]];
  assert(/^[A-Z]{10}$/.test(pa.room) && pa.room === pb.room && pa.room !== room, `the new room: ${pa.room}`);
  assert(/^[0-9a-f]{32}$/.test(pa.token) && /^[0-9a-f]{32}$/.test(pb.token) && pa.token !== pb.token &&
         pa.token !== ana.token, 'new tokens, one each');
  await waitFor(() => rematchPush(watcher).length === 1, 'the spectator heard');
  const pw = rematchPush(watcher)[0];
  assert(pw.room === pa.room && !('token' in pw) && /^[0-9a-f]{32}$/.test(pw.watch_token) &&
         pa.watch_token === pw.watch_token && pw.watch_token !== created.body.watch_token,
         `a spectator hears the room and its watch token, no seat's: ${JSON.stringify(pw)}`);
  const again = new Client(s, 'watcher2');
  await again.connect();
  assert((await again.ask({ cmd: 'hello', room: pa.room, watch: pw.watch_token })).ok, 'and watches it there');
  await again.close();
  const oldState = (await request(s, 'GET', `/rooms/${room}`)).body;
  assert(oldState.rematch === pa.room, `the old room says where the table plays again: ${oldState.rematch}`);

  // The new room: same game, options, settings and bots; every place kept, so it started.
  const nr = (await request(s, 'GET', `/rooms/${pa.room}`)).body;
  assert(nr.game === 'pizza' && nr.started && nr.seats.length === 3, `the new room: ${JSON.stringify(nr)}`);
  assert(nr.seats.map((x) => x.name).sort().join() === 'ana,bo,easy', `its seats: ${JSON.stringify(nr.seats)}`);
  assert(nr.view.kinds === 3, `the options kept (kinds=3, 4 by default): ${nr.view.kinds}`);
  const hello = new Client(s, 'ana2');
  await hello.connect();
  const h = await hello.hello(pa.room, pa.token);
  assert(h.ok && h.seat >= 0 && nr.seats[h.seat].name === 'ana', `ana's new seat: ${JSON.stringify(h)}`);
  const old = new Client(s, 'old');
  await old.connect();
  assert((await old.hello(pa.room, ana.token)).error.code === 'not_your_seat', 'an old token holds no new seat');

  // A later ask gets the same room and token again.
  assert((await bo.ask({ cmd: 'rematch' })).ok, 'a second ask');
  await waitFor(() => rematchPush(bo).length === 2, 'bo heard again');
  assert(rematchPush(bo)[1].room === pa.room && rematchPush(bo)[1].token === pb.token, 'the same room and token');
  assert(rematchPush(ana).length === 1, 'ana was not told twice');

  // The old replay stays; the host's token holds the new room too.
  assert((await request(s, 'GET', `/rooms/${room}/replay`)).status === 200, 'the old replay');
  const lock = await request(s, 'POST', `/rooms/${pa.room}/host`, { host_token: hostToken, do: 'lock' });
  assert(lock.status === 200 && lock.body.locked, 'the host of the new room');
  for (const c of [ana, bo, watcher, hello, old]) await c.close();
  await stopServer(s);
});
