// server_http.js: the HTTP API: health, creating rooms (and what is
// refused), the lobby, a room's public state, joining by name.
'use strict';
const { tempDir, startServer, stopServer, request, assert, run } = require('./lib.js');

// A create request refused with the error code.
async function refused(s, body, code, what) {
  const r = await request(s, 'POST', '/rooms', body);
  assert(r.status === 400 && r.body.ok === false && r.body.error.code === code,
         `${what}: ${r.status} ${JSON.stringify(r.body)}`);
}

run(async () => {
  const s = await startServer(`${tempDir()}/rooms.db`);
  assert((await request(s, 'GET', '/healthz')).body.ok === true, 'healthz');
  assert((await request(s, 'GET', '/readyz')).body.ready === true, 'readyz');
  const health = await request(s, 'GET', '/healthz');
  assert(/script-src 'self'/.test(health.headers['content-security-policy']), 'a security policy');

  // Chance fixed by an option or a seed is refused: nobody may know the deal.
  for (const [game, key] of [['pizza', 'grid'], ['passfood', 'bag'], ['passfood', 'boards'],
                             ['passfood', 'ziggy'], ['pancake', 'table'], ['pancake', 'tosses'],
                             ['pakupaku', 'dice'], ['pakupaku', 'jitter']])
    await refused(s, { game, seats: ['person', 'person'], options: { [key]: 'x' } }, 'bad_option',
                  `${game} ${key}`);
  await refused(s, { game: 'pizza', seats: ['person', 'person'], seed: 7 }, 'bad_option', 'a seed');
  await refused(s, { game: 'chess', seats: ['person', 'person'] }, 'unknown_game', 'no such game');
  await refused(s, { game: 'pizza', seats: ['person'] }, 'bad_seats', 'one seat');
  await refused(s, { game: 'pizza', seats: ['person', 'bot:nobody'] }, 'bad_seats', 'no such bot');
  await refused(s, { game: 'pizza', seats: ['person', 'person'], options: { kinds: '9' } },
                'bad_option', 'an option out of range');
  await refused(s, { game: 'pakupaku', seats: ['person', 'person'], turn_seconds: 30 },
                'bad_option', 'a turn timer in real time');
  const bad = await request(s, 'POST', '/rooms', '{"game":');
  assert(bad.status === 400 && bad.body.error.code === 'bad_json', 'a broken body');

  // A listed room is in the lobby, a private one is not.
  const listed = await request(s, 'POST', '/rooms',
                               { game: 'pizza', seats: ['person', 'person', 'bot:easy'], listed: true,
                                 turn_seconds: 60 });
  const priv = await request(s, 'POST', '/rooms', { game: 'pancake', seats: ['person', 'person'] });
  assert(listed.status === 201 && priv.status === 201, 'created');
  const code = listed.body.room;
  assert(/^[ACDEFGHJKMNPQRTUVWXY]{10}$/.test(code), `a code to read aloud: ${code}`);
  let lobby = (await request(s, 'GET', '/rooms')).body.rooms.map((r) => r.room);
  assert(lobby.includes(code) && !lobby.includes(priv.body.room), `the lobby: ${lobby}`);

  // Joining: a name is needed and checked; each person's seat once.
  const noName = await request(s, 'POST', `/rooms/${code}/join`, {});
  assert(noName.status === 400 && noName.body.error.code === 'bad_request', 'no name');
  const ctrl = await request(s, 'POST', `/rooms/${code}/join`, { name: 'a\u0007b' });
  assert(ctrl.status === 400, 'a control character in a name');
  const ana = await request(s, 'POST', `/rooms/${code.toLowerCase()}/join`, { name: 'ana' });
  assert(ana.status === 200 && /^[0-9a-f]{32}$/.test(ana.body.token) && !ana.body.started, 'ana joins');
  let state = (await request(s, 'GET', `/rooms/${code}`)).body;
  assert(state.seats.filter((x) => x.name === 'ana').length === 1 && !state.started, 'ana is seated');
  assert(!JSON.stringify(state).includes(ana.body.token), 'the state tells no token');
  const bo = await request(s, 'POST', `/rooms/${code}/join`, { name: 'bo' });
  assert(bo.status === 200 && bo.body.started && bo.body.token !== ana.body.token, 'bo joins, it starts');
  const late = await request(s, 'POST', `/rooms/${code}/join`, { name: 'cy' });
  assert(late.status === 400 && late.body.error.code === 'bad_seats', 'no free seat');
  state = (await request(s, 'GET', `/rooms/${code}`)).body;
  assert(state.started && state.view && state.turn_seconds === 60 && !/"seed"/.test(JSON.stringify(state)),
         `the started room: ${JSON.stringify(state).slice(0, 200)}`);
  lobby = (await request(s, 'GET', '/rooms')).body.rooms.map((r) => r.room);
  assert(!lobby.includes(code), 'a started room leaves the lobby');
  assert((await request(s, 'GET', '/rooms/ZZZZZZ')).status === 404, 'no such room');
  assert((await request(s, 'GET', '/nowhere')).status === 404, 'no such page');
  await stopServer(s);
});
