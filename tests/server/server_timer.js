// server_timer.js: a turn timer. A person who lets the time run out is
// played by the fallback bot for that move, and everyone sees it.
'use strict';
const { tempDir, startServer, stopServer, roomWithClients, waitFor, assert, run } = require('./lib.js');

run(async () => {
  const s = await startServer(`${tempDir()}/rooms.db`);
  const { clients } = await roomWithClients(s, {
    game: 'pizza', seats: ['person', 'person'], turn_seconds: 1,
  }, ['ana', 'bo']);
  const first = clients[0].last;
  assert(typeof first.deadline === 'number', `a deadline is announced: ${JSON.stringify(first).slice(0, 200)}`);
  // Nobody acts: within a few seconds the fallback has played for the mover.
  const mover = first.to_act[0];
  await waitFor(() => clients.every((c) => c.last.step_count > 0), 'the fallback move');
  const pushes = clients.map((c) => c.frames.map((f) => JSON.parse(f)).filter((m) => m.push === 'steps'));
  for (const p of pushes) {
    assert(p.length > 0, 'everyone heard the fallback move');
    const st = p[0].steps[0];
    assert(st.seat === mover && st.by_bot === true, `the fallback's move: ${JSON.stringify(st)}`);
  }
  for (const c of clients) await c.close();
  await stopServer(s);
});
