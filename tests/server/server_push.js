// server_push.js: a steps push carries what its seat would get by asking:
// the view and the legal actions after the steps (a spectator: the public
// view and no actions). Two people, no bot and no timer, so nothing changes
// between an act's answer and the questions asked after it.
'use strict';
const { tempDir, startServer, stopServer, Client, roomWithClients, skillKind, waitFor,
        checkSecrecy, assert, run } = require('./lib.js');

const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);

run(async () => {
  const s = await startServer(`${tempDir()}/db`);
  const { room, clients } = await roomWithClients(s, {
    game: 'pancake', spectators: true, seats: ['person', 'person'], fixed_order: true,
  }, ['ana', 'bo']);
  const watcher = new Client(s, 'watcher');
  await watcher.connect();
  await watcher.hello(room);
  const everyone = [...clients, watcher];
  let checked = 0;
  // The step count everyone must have heard: the last act's answer's (an
  // actor can hear its answer before another connection hears the push).
  let expected = clients[0].last.step_count;
  for (let move = 0; move < 12; move++) {
    for (const c of everyone) {
      await waitFor(() => c.last && c.last.step_count === expected, `${c.name} heard step ${expected}`);
      const view = await c.ask({ cmd: 'view' });
      assert(view.ok && same(c.last.view, view.view), `${c.name}: the push's view is the one asked (${move})`);
      if (c.seat >= 0) {
        const legal = await c.ask({ cmd: 'legal' });
        assert(legal.ok && same(c.last.legal, legal.actions), `${c.name}: the push's legal actions are those asked: ${JSON.stringify(c.last.legal)} / ${JSON.stringify(legal.actions)}`);
      } else {
        assert(same(c.last.legal, []), 'a spectator is offered no action');
      }
      checked++;
    }
    const last = clients[0].last;
    if (last.over) break;
    const actor = clients.find((c) => last.to_act.includes(c.seat));
    const action = actor.last.legal[0];
    const kind = skillKind(action);
    const a = kind ? await actor.actByMeter(kind) : await actor.ask({ cmd: 'act', action });
    assert(a.ok, `${actor.name} plays ${action}: ${JSON.stringify(a)}`);
    expected = a.step_count;
  }
  assert(checked >= 12, `pushes compared: ${checked}`);
  checkSecrecy(everyone);
  for (const c of everyone) await c.close();
  await stopServer(s);
});
