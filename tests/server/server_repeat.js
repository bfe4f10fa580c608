// server_repeat.js: an act sent again with its key (docs/protocol.md
// "Sending an act again", issue 32) over the real socket. A seat that got
// its answer, reconnects and sends the act again (its request ids counted
// from 1 again) gets the first answer marked "repeat": nothing is played
// twice, the other seat hears the step once. An act whose connection
// dropped before its answer (every commit slowed by a test delay, so it is
// still committing) is sent again after reconnecting until answered: the
// step is played once, whether the server had read the first or not, and
// a repeat while it commits is told to wait ("busy"). A different key
// plays; a key is the seat's, not another seat's.
'use strict';
const { tempDir, startServer, stopServer, request, Client, roomWithClients, waitFor,
        checkSecrecy, assert, run } = require('./lib.js');

// A new connection for the seat of token, its ids from 1 again (the hello 1).
async function reconnect(s, room, name, token) {
  const c = new Client(s, name);
  c.token = token;
  await c.connect();
  const h = await c.hello(room, token);
  assert(h.ok, `hello again: ${JSON.stringify(h)}`);
  await waitFor(() => c.last, `${name} synced`);
  return c;
}

const steps = async (s, room) => (await request(s, 'GET', `/rooms/${room}`)).body.step_count;

// The first legal action of c's seat, once it is its turn. A Pizza Party
// turn may hold more than one step (a slice to choose after a flip), so
// while another seat is to act, that seat plays its first legal action.
async function firstLegal(c, others) {
  const toAct = (x) => x.last && x.last.to_act.includes(x.seat);
  for (;;) {
    await waitFor(() => toAct(c) || others.some(toAct), `${c.name}'s turn`);
    if (toAct(c)) break;
    const o = others.find(toAct);
    const legal = await o.ask({ cmd: 'legal' });
    assert(legal.ok && legal.actions.length, `legal: ${JSON.stringify(legal)}`);
    const played = await o.ask({ cmd: 'act', action: legal.actions[0] });
    assert(played.ok, `${o.name} plays on: ${JSON.stringify(played)}`);
    await waitFor(() => c.last && c.last.step_count === played.step_count, `${c.name} heard ${o.name}'s step`);
  }
  const legal = await c.ask({ cmd: 'legal' });
  assert(legal.ok && legal.actions.length, `legal: ${JSON.stringify(legal)}`);
  return legal.actions[0];
}

run(async () => {
  const dir = tempDir();
  const s = await startServer(`${dir}/rooms.db`, { env: { PF_SERVE_TEST_COMMIT_DELAY_MS: '300' } });
  const { room, clients } = await roomWithClients(
    s, { game: 'pizza', seats: ['person', 'person'], fixed_order: true }, ['ana', 'bo']);
  let [ana, bo] = clients;
  const heard = [];
  bo.onPush = (m) => { if (m.push === 'steps') for (const st of m.steps) heard.push(st.step); };

  // An answer received; the same act again on a new connection: the first answer.
  const action = await firstLegal(ana, [bo]);
  const first = await ana.ask({ cmd: 'act', action, key: 'ana-1' });
  assert(first.ok && !first.repeat, `the act: ${JSON.stringify(first)}`);
  const after = await steps(s, room);
  await ana.close();
  ana = await reconnect(s, room, 'ana', ana.token);
  const again = await ana.ask({ cmd: 'act', action, key: 'ana-1' });
  assert(again.ok && again.repeat === true && again.id === ana.nextId - 1 && again.step === first.step &&
         again.action === first.action, `sent again: ${JSON.stringify(again)}`);
  assert(await steps(s, room) === after, 'nothing played by the repeat');
  // The same key from the other seat is its own: bo plays.
  const boAction = await firstLegal(bo, [ana]);
  const boAct = await bo.ask({ cmd: 'act', action: boAction, key: 'ana-1' });
  assert(boAct.ok && !boAct.repeat, `bo's own key: ${JSON.stringify(boAct)}`);

  // An answer lost: the connection dropped while the act commits.
  const lostAction = await firstLegal(ana, [bo]);
  const before = await steps(s, room);
  ana.ws.send(JSON.stringify({ cmd: 'act', action: lostAction, key: 'ana-2', id: 99 }));
  ana.ws.terminate();
  ana = await reconnect(s, room, 'ana', ana.token);
  // Asked again until the commit ends, under the request allowance (10 a
  // second: past it the answer would be another refusal), for 30 s at most.
  const answers = [];
  for (const until = Date.now() + 30000; Date.now() < until;) {
    const a = await ana.ask({ cmd: 'act', action: lostAction, key: 'ana-2' });
    answers.push(a);
    if (a.ok) break;
    assert(a.error.code === 'rate_limited' && /busy/.test(a.error.message), `while it commits: ${JSON.stringify(a)}`);
    await new Promise((r) => setTimeout(r, 150));
  }
  const last = answers[answers.length - 1];
  assert(last.ok, `answered at last (asked for 30 s): ${JSON.stringify(answers)}`);
  await waitFor(async () => (await steps(s, room)) === before + 1, 'the act played');
  // Played once: another repeat changes nothing; bo heard each step once.
  const third = await ana.ask({ cmd: 'act', action: lostAction, key: 'ana-2' });
  assert(third.ok && third.repeat && third.step === before, `a third time: ${JSON.stringify(third)}`);
  await waitFor(() => heard.includes(before), 'bo heard the step');
  assert(await steps(s, room) === before + 1, 'played once');
  assert(new Set(heard).size === heard.length, `bo heard each step once: ${heard}`);

  // A key not seen plays (the same action now refused: not its turn).
  const fresh = await ana.ask({ cmd: 'act', action: lostAction, key: 'ana-3' });
  assert(!fresh.ok && fresh.error.code !== 'rate_limited', `a new key plays: ${JSON.stringify(fresh)}`);
  checkSecrecy([ana, bo]);
  await stopServer(s);
});
