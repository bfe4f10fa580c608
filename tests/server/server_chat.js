// server_chat.js: a room's chat (docs/server.md "Chat"): seated people talk
// to everyone in the room, spectators read; every refusal (before the
// hello, a spectator, empty, too long, control characters, not text, too
// fast, chat turned off) is an error that changes nothing; the chat is
// stored with the room and comes back in the sync after a restart.
'use strict';
const { tempDir, startServer, stopServer, request, Client, roomWithClients, stepsAtRest, waitFor, assert, run } =
  require('./lib.js');

const pushes = (c) => c.frames.map((f) => JSON.parse(f)).filter((m) => m.push === 'chat');

async function refusedWith(c, req, code, what) {
  const a = await c.ask(req);
  assert(!a.ok && a.error.code === code, `${what}: ${JSON.stringify(a)}`);
}

run(async () => {
  const dir = tempDir();
  let s = await startServer(`${dir}/rooms.db`);
  const created = await request(s, 'POST', '/rooms', { game: 'pizza', spectators: true, seats: ['person', 'person', 'bot:medium'] });
  const room = created.body.room, host = created.body.host_token;
  const joined = [];
  for (const name of ['ana', 'bo']) joined.push((await request(s, 'POST', `/rooms/${room}/join`, { name })).body);
  const connect = async (token) => {
    const c = new Client(s, token ? 'person' : 'spectator');
    await c.connect();
    assert((await c.hello(room, token)).ok, 'hello');
    await waitFor(() => c.frames.some((f) => f.includes('"push":"sync"')), 'a sync');
    return c;
  };
  let [ana, bo, spec] = [await connect(joined[0].token), await connect(joined[1].token), await connect()];
  const sync = JSON.parse(ana.frames.find((f) => f.includes('"push":"sync"')));
  assert(Array.isArray(sync.chat) && sync.chat.length === 0 && sync.chat_on === true, `sync: ${JSON.stringify(sync)}`);
  const steps = await stepsAtRest(s, room);

  // Before the hello there is no seat to speak for.
  const early = new Client(s, 'early');
  await early.connect();
  await refusedWith(early, { cmd: 'chat', text: 'hi' }, 'bad_request', 'a chat before the hello');
  await early.close();

  // Refusals: a spectator, empty, too long, control characters, not text.
  await refusedWith(spec, { cmd: 'chat', text: 'hi' }, 'not_your_seat', 'a spectator');
  await refusedWith(ana, { cmd: 'chat', text: '   ' }, 'bad_request', 'blank text');
  await refusedWith(ana, { cmd: 'chat' }, 'bad_request', 'no text');
  await refusedWith(ana, { cmd: 'chat', text: 5 }, 'bad_request', 'a number');
  await refusedWith(ana, { cmd: 'chat', text: 'é'.repeat(281) }, 'bad_request', '281 characters');
  await refusedWith(ana, { cmd: 'chat', text: 'a\u0007b' }, 'bad_request', 'a bell');
  await refusedWith(ana, { cmd: 'chat', text: 'two\nlines' }, 'bad_request', 'a line break');
  await refusedWith(ana, { cmd: 'chat', text: 'a\u0085b' }, 'bad_request', 'a C1 control');
  assert(pushes(bo).length === 0, 'no refused message reached anyone');

  // A message: trimmed, 280 characters (not bytes) allowed, to everyone.
  const ok = await ana.ask({ cmd: 'chat', text: '  hello all  ' });
  assert(ok.ok && Object.keys(ok).sort().join() === 'id,ok', `answer: ${JSON.stringify(ok)}`);
  assert((await bo.ask({ cmd: 'chat', text: 'é'.repeat(280) })).ok, '280 two-byte characters');
  for (const c of [ana, bo, spec]) {
    await waitFor(() => pushes(c).length === 2, `${c.name} heard both`);
    const [first, second] = pushes(c);
    assert(first.seat === ana.seat && first.name === 'ana' && first.text === 'hello all' &&
           typeof first.t === 'number' && first.t >= 0, `push: ${JSON.stringify(first)}`);
    assert(second.seat === bo.seat && second.name === 'bo' && second.text === 'é'.repeat(280), 'the long one');
  }

  // Too fast: five at once, then rate_limited.
  for (let i = 0; i < 4; i++) assert((await ana.ask({ cmd: 'chat', text: `n${i}` })).ok, `message ${i}`);
  await refusedWith(ana, { cmd: 'chat', text: 'one too many' }, 'rate_limited', 'a sixth message at once');
  assert(!pushes(bo).some((m) => m.text === 'one too many'), 'the refused message went nowhere');

  // The host turns the chat off and on; everyone hears it in a sync.
  const syncs = bo.frames.length;
  const off = await request(s, 'POST', `/rooms/${room}/host`, { host_token: host, do: 'chat_off' });
  assert(off.status === 200 && off.body.chat_on === false, `chat_off: ${JSON.stringify(off.body)}`);
  await waitFor(() => bo.frames.slice(syncs).some((f) => f.includes('"chat_on":false')), 'a sync with chat_on false');
  await refusedWith(bo, { cmd: 'chat', text: 'anyone?' }, 'chat_off', 'chat while off');
  assert((await request(s, 'GET', `/rooms/${room}`)).body.chat_on === false, 'GET says chat_on false');
  await request(s, 'POST', `/rooms/${room}/host`, { host_token: host, do: 'chat_on' });
  assert((await bo.ask({ cmd: 'chat', text: 'back' })).ok, 'chat on again');

  // No refusal changed the game.
  assert((await request(s, 'GET', `/rooms/${room}`)).body.step_count === steps, 'no step from the chat');

  // Stored with the room: after a restart the sync carries it.
  for (const c of [ana, bo, spec]) await c.close();
  await stopServer(s, 'SIGKILL');
  s = await startServer(`${dir}/rooms.db`);
  ana = await connect(joined[0].token);
  const after = JSON.parse(ana.frames.find((f) => f.includes('"push":"sync"')));
  const texts = after.chat.map((m) => m.text);
  assert(texts.join('|') === ['hello all', 'é'.repeat(280), 'n0', 'n1', 'n2', 'n3', 'back'].join('|'),
         `the chat after a restart: ${JSON.stringify(texts)}`);
  assert(after.chat[0].name === 'ana' && after.chat_on === true, 'names and chat_on kept');
  await ana.close();
  await stopServer(s);
});
