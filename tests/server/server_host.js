// server_host.js: the host's controls (docs/server.md "The host's
// controls"): the host token only in the creator's answer; a wrong token
// refused with 403 not_host and nothing changed; lock and unlock; remove a
// person (closed with 4001, the old token dead, the seat free to join);
// give an empty or abandoned seat to a bot, which then plays it; each
// change a sync push to the room; the settings kept over a restart; a
// fixed seat order.
'use strict';
const { tempDir, startServer, stopServer, request, Client, stepsAtRest, waitFor, assert, run } =
  require('./lib.js');

const host = (s, room, body) => request(s, 'POST', `/rooms/${room}/host`, body);
const syncs = (c) => c.frames.filter((f) => f.includes('"push":"sync"')).length;

run(async () => {
  const dir = tempDir();
  let s = await startServer(`${dir}/rooms.db`);

  // The token: 32 hex digits, in the creator's answer only.
  const created = await request(s, 'POST', '/rooms', { game: 'pizza', seats: ['person', 'person', 'person'], listed: true });
  const room = created.body.room, token = created.body.host_token;
  assert(/^[0-9a-f]{32}$/.test(token), `host_token: ${token}`);
  const state = await request(s, 'GET', `/rooms/${room}`);
  assert(!JSON.stringify(state.body).includes(token) && state.body.locked === false && state.body.chat_on === true,
         `public state: ${JSON.stringify(state.body)}`);
  assert(!JSON.stringify((await request(s, 'GET', '/rooms')).body).includes(token), 'not in the lobby');

  // A wrong or missing token changes nothing.
  for (const body of [{ do: 'lock' }, { host_token: 'f'.repeat(32), do: 'lock' }, { host_token: 7, do: 'lock' }]) {
    const a = await host(s, room, body);
    assert(a.status === 403 && a.body.error.code === 'not_host', `not the host: ${JSON.stringify(a.body)}`);
  }
  assert((await request(s, 'GET', `/rooms/${room}`)).body.locked === false, 'still unlocked');
  const bad = await host(s, room, { host_token: token, do: 'dance' });
  assert(bad.status === 400 && bad.body.error.code === 'bad_request', 'an unknown action');

  // Lock: no new joins; unlock: joins again.
  const ana = (await request(s, 'POST', `/rooms/${room}/join`, { name: 'ana' })).body;
  const anaC = new Client(s, 'ana');
  await anaC.connect();
  await anaC.hello(room, ana.token);
  await waitFor(() => syncs(anaC) === 1, 'the first sync');
  const locked = await host(s, room, { host_token: token, do: 'lock' });
  assert(locked.status === 200 && locked.body.locked === true && locked.body.room === room, `lock: ${JSON.stringify(locked.body)}`);
  await waitFor(() => syncs(anaC) === 2, 'a sync after the lock');
  const refused = await request(s, 'POST', `/rooms/${room}/join`, { name: 'bo' });
  assert(refused.status === 400 && refused.body.error.code === 'bad_seats' && /locked/.test(refused.body.error.message),
         `a join while locked: ${JSON.stringify(refused.body)}`);
  assert((await host(s, room, { host_token: token, do: 'unlock' })).body.locked === false, 'unlock');

  // Settings survive a restart, and the host token still works.
  await host(s, room, { host_token: token, do: 'lock' });
  await anaC.close();
  await stopServer(s, 'SIGKILL');
  s = await startServer(`${dir}/rooms.db`);
  assert((await request(s, 'GET', `/rooms/${room}`)).body.locked === true, 'locked after a restart');
  assert((await host(s, room, { host_token: token, do: 'unlock' })).status === 200, 'the token after a restart');

  // A started game: remove a person, let someone else take the seat.
  const g = await request(s, 'POST', '/rooms', { game: 'pancake', seats: ['person', 'person', 'bot:medium'] });
  const gt = g.body.host_token;
  const r2 = g.body.room, clients = [];
  for (const name of ['ana', 'bo']) {
    const j = (await request(s, 'POST', `/rooms/${r2}/join`, { name })).body;
    const c = new Client(s, name);
    c.token = j.token;
    await c.connect();
    await c.hello(r2, j.token);
    clients.push(c);
  }
  await waitFor(() => clients.every((c) => c.last), 'the start');
  const [a, b] = clients;
  const botSeat = [0, 1, 2].find((i) => i !== a.seat && i !== b.seat);
  const steps = await stepsAtRest(s, r2);
  // A bot's seat, a seat out of range and a connected person's seat are refused.
  for (const [body, code] of [[{ do: 'remove', seat: botSeat }, 'bad_seat'], [{ do: 'remove', seat: 9 }, 'bad_seat'],
                              [{ do: 'bot', seat: a.seat, level: 'medium' }, 'bad_seat'],
                              [{ do: 'bot', seat: a.seat, level: 'genius' }, 'unknown_bot']]) {
    const x = await host(s, r2, { host_token: gt, ...body });
    assert(x.status === 400 && x.body.error.code === code, `${JSON.stringify(body)}: ${JSON.stringify(x.body)}`);
  }
  const removed = await host(s, r2, { host_token: gt, do: 'remove', seat: a.seat });
  assert(removed.status === 200 && removed.body.seats[a.seat].name === null, `remove: ${JSON.stringify(removed.body)}`);
  const closed = await a.closed;
  assert(closed.code === 4001 && closed.reason === 'removed by the host', `closed ${closed.code} ${closed.reason}`);
  const old = new Client(s, 'old');
  await old.connect();
  assert((await old.hello(r2, a.token)).error.code === 'not_your_seat', 'the old token is dead');
  await old.close();
  const heard = syncs(b);
  const cy = (await request(s, 'POST', `/rooms/${r2}/join`, { name: 'cy' })).body;
  assert(cy.token && cy.place === a.seat && cy.started === true, `cy takes the seat: ${JSON.stringify(cy)}`);
  // The others hear of the newcomer at once (a sync: their pages read the names again).
  await waitFor(() => syncs(b) > heard, 'bo hears of cy');
  const cyC = new Client(s, 'cy');
  await cyC.connect();
  assert((await cyC.hello(r2, cy.token)).seat === a.seat, 'cy plays the seat');
  assert((await request(s, 'GET', `/rooms/${r2}`)).body.seats[a.seat].name === 'cy', 'named cy');
  assert((await request(s, 'GET', `/rooms/${r2}`)).body.step_count === steps, 'no step from the host');

  // An abandoned seat (nobody connected) goes to a bot, which plays it.
  await b.close();
  const given = await host(s, r2, { host_token: gt, do: 'bot', seat: b.seat, level: 'medium' });
  assert(given.status === 200 && given.body.seats[b.seat].kind === 'bot' && given.body.seats[b.seat].name === 'medium',
         `bot: ${JSON.stringify(given.body)}`);
  // Only cy is a person now: the bots play whenever it is not cy's turn.
  await waitFor(() => cyC.last && (cyC.last.over || cyC.last.to_act.includes(cyC.seat)), 'the bots played up to cy');
  const st = (await request(s, 'GET', `/rooms/${r2}`)).body;
  assert(st.over || st.to_act.every((i) => i === cyC.seat), `only cy is waited for: ${JSON.stringify(st.to_act)}`);
  // An empty place before the start goes to a bot too; the last one starts the game.
  const e = await request(s, 'POST', '/rooms', { game: 'pizza', seats: ['person', 'person'] });
  await request(s, 'POST', `/rooms/${e.body.room}/join`, { name: 'dee' });
  const last = await host(s, e.body.room, { host_token: e.body.host_token, do: 'bot', seat: 1, level: 'easy' });
  assert(last.status === 200 && last.body.started === true, `the last place to a bot starts: ${JSON.stringify(last.body)}`);
  await cyC.close();

  // The host may fix the order: the seats are as given.
  const f = await request(s, 'POST', '/rooms', { game: 'pizza', seats: ['bot:easy', 'person', 'person'], fixed_order: true });
  for (const name of ['eve', 'fay']) await request(s, 'POST', `/rooms/${f.body.room}/join`, { name });
  const fs = (await request(s, 'GET', `/rooms/${f.body.room}`)).body;
  assert(fs.started && fs.fixed_order && fs.seats.map((x) => x.name).join() === 'easy,eve,fay',
         `fixed order: ${JSON.stringify(fs.seats)}`);
  await stopServer(s);
});
