// server_remove_in_flight.js: a connection the server closes while its
// request is in the commit. The commit is made slow
// (PF_SERVE_TEST_COMMIT_DELAY_MS); a person sends her move and the host
// removes her before it is durable: her socket is closed (4001) and freed,
// and the commit's end must answer nobody. (It once answered the freed
// connection: under ASan a use after free, in a plain build a crash of the
// node at times; a lost room's 1012 on a shared database took the same
// path.) The move is still played, the other person hears it, and the
// server plays on and stops cleanly. The gauge partyfood_rooms_committing
// tells the test the move is in the commit before it removes her.
'use strict';
const { tempDir, startServer, stopServer, request, Client, waitFor, assert, run } =
  require('./lib.js');

run(async () => {
  const s = await startServer(`${tempDir()}/rooms.db`, { env: { PF_SERVE_TEST_COMMIT_DELAY_MS: '1000' } });
  const created = await request(s, 'POST', '/rooms', { game: 'pizza', seats: ['person', 'person'] });
  const room = created.body.room;
  const clients = [];
  for (const name of ['ana', 'bo']) {
    const j = (await request(s, 'POST', `/rooms/${room}/join`, { name })).body;
    const c = new Client(s, name);
    await c.connect();
    assert((await c.hello(room, j.token)).ok, `${name}'s hello`);
    clients.push(c);
  }
  await waitFor(() => clients.every((c) => c.last), 'the start');
  const mover = clients.find((c) => c.last.to_act.includes(c.seat));
  const other = clients.find((c) => c !== mover);
  const before = other.last.step_count;
  const legal = await mover.ask({ cmd: 'legal' });
  assert(legal.ok && legal.actions.length > 0, `legal: ${JSON.stringify(legal)}`);
  let answered = false;
  mover.ask({ cmd: 'act', action: legal.actions[0] }).then(() => { answered = true; }); // to nobody
  // The remove must come after the move reached the server (on a loaded
  // machine the HTTP request can be read first, and the move is then
  // rightly dropped): the room shows in the commit's backlog until it ends.
  const committing = async () =>
    /^partyfood_rooms_committing 1$/m.test((await request(s, 'GET', '/metrics')).body);
  while (!(await committing())) {
    assert(!answered, 'the move was durable before the remove could be sent: the test delay is too short');
    await new Promise((r) => setTimeout(r, 5));
  }
  const removed = await request(s, 'POST', `/rooms/${room}/host`,
                                { host_token: created.body.host_token, do: 'remove', seat: mover.seat });
  assert(removed.status === 200, `remove: ${JSON.stringify(removed.body)}`);
  const closed = await mover.closed;
  assert(closed.code === 4001, `closed with 4001: ${closed.code}`);
  await waitFor(() => other.last.step_count > before, 'the move made durable and pushed to the other seat');
  assert(/^partyfood_rooms_committing 0$/m.test((await request(s, 'GET', '/metrics')).body),
         'the backlog is empty once the move is durable');
  const state = await request(s, 'GET', `/rooms/${room}`);
  assert(state.status === 200, 'the server still answers');
  await other.close();
  await stopServer(s);
});
