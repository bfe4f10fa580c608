// server_seats.js: the seat comes from the token, never from the request:
// acting or asking for another seat is refused, a spectator only watches,
// a wrong token holds no seat, and the engine's commands that do not fit a
// room are refused; the game is unchanged by every refusal. A clean stop
// asks every client to reconnect.
'use strict';
const { tempDir, startServer, stopServer, request, Client, roomWithClients, assert, run } =
  require('./lib.js');

function refusedWith(a, code, what) {
  assert(a.ok === false && a.error.code === code, `${what}: ${JSON.stringify(a)}`);
}

run(async () => {
  const s = await startServer(`${tempDir()}/rooms.db`);
  const { room, clients } = await roomWithClients(s, {
    game: 'pizza', spectators: true, seats: ['person', 'person'], fixed_order: true,
  }, ['ana', 'bo']);
  const [ana, bo] = clients;
  assert(ana.seat === 0 && bo.seat === 1, `fixed order: ${ana.seat} ${bo.seat}`);
  const mover = ana.last.to_act.includes(0) ? ana : bo;
  const other = mover === ana ? bo : ana;
  const legal = await mover.ask({ cmd: 'legal' });
  assert(legal.ok && legal.actions.length > 0, 'the mover has moves');

  // The other seat names the mover's seat: refused, nothing played.
  refusedWith(await other.ask({ cmd: 'act', seat: mover.seat, action: legal.actions[0] }),
              'not_your_seat', 'acting for another seat');
  refusedWith(await other.ask({ cmd: 'legal', seat: mover.seat }), 'not_your_seat',
              'legal for another seat');
  refusedWith(await other.ask({ cmd: 'view', seat: mover.seat }), 'not_your_seat',
              'the view of another seat');
  refusedWith(await other.ask({ cmd: 'act', action: legal.actions[0] }), 'not_your_turn',
              'acting out of turn');
  for (const cmd of ['new', 'load', 'save', 'bot', 'wait', 'hello'])
    refusedWith(await mover.ask({ cmd, game: 'pizza' }), 'unknown_command', `"${cmd}" in a room`);
  const early = await request(s, 'GET', `/rooms/${room}/replay`);
  assert(early.status === 409 && !/"seed"/.test(JSON.stringify(early.body)), 'no replay mid-game');
  const state = (await request(s, 'GET', `/rooms/${room}`)).body;
  assert(state.step_count === 0, `nothing was played: ${state.step_count}`);

  // A spectator sees the public view and may not act.
  const watcher = new Client(s, 'watcher');
  await watcher.connect();
  assert((await watcher.hello(room)).seat === -1, 'a spectator');
  const pub = await watcher.ask({ cmd: 'view' });
  assert(pub.ok && (pub.view.you === undefined || pub.view.you === -1), `a public view: ${JSON.stringify(pub).slice(0, 100)}`);
  refusedWith(await watcher.ask({ cmd: 'act', action: legal.actions[0] }), 'not_your_seat',
              'a spectator acting');
  refusedWith(await watcher.ask({ cmd: 'view', seat: 0 }), 'not_your_seat', 'a spectator peeking');

  // A wrong token holds no seat; a room without spectators refuses them.
  const stranger = new Client(s, 'stranger');
  await stranger.connect();
  refusedWith(await stranger.hello(room, '0'.repeat(32)), 'not_your_seat', 'a wrong token');
  refusedWith(await stranger.ask({ cmd: 'legal' }), 'bad_request', 'no hello yet');
  const closed = await request(s, 'POST', '/rooms', { game: 'pizza', seats: ['person', 'bot:easy'], spectators: false });
  refusedWith(await stranger.hello(closed.body.room), 'not_your_seat', 'no spectators');

  // The mover's own move goes through, its answer names it.
  const done = await mover.ask({ cmd: 'act', action: legal.actions[0] });
  assert(done.ok && done.step === 0 && typeof done.action === 'string' && Array.isArray(done.events) &&
         done.events.length > 0 && Array.isArray(done.to_act) && done.over === false,
         `the move, answered as the engine answers: ${JSON.stringify(done)}`);
  // A clean stop tells every client in a room to reconnect.
  await stranger.close();
  await stopServer(s);
  for (const c of [ana, bo, watcher]) {
    const closed = await c.closed;
    assert(closed.code === 1012 && /reconnect/.test(closed.reason), `${c.name}: ${JSON.stringify(closed)}`);
  }
});
