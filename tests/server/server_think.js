// server_think.js: a bot's search runs off the event loop. The server holds
// every bot search at a gate (PF_SERVE_TEST_BOT_GATE, a test hook) until the
// test opens it: while an expert bot "thinks" in one room, another room's
// actions are answered, and the person's own step was committed and pushed
// before the bot's reply; a hint ("plan") from the expert waits at the gate
// too. If the search ran on the loop, the gate would stop the whole server
// and the other room would never be answered.
'use strict';
const fs = require('fs');
const { tempDir, startServer, stopServer, request, roomWithClients, waitFor, assert,
        run } = require('./lib.js');

const stepsBy = (c, seat) => c.frames.map((f) => JSON.parse(f)).filter((m) => m.push === 'steps')
  .flatMap((m) => m.steps).filter((st) => st.seat === seat);

// c's first legal move; fails (rather than waits forever) when the server
// does not answer within 20 s: a loop stopped by the bot's search.
async function actLegal(c) {
  const watchdog = new Promise((_, reject) => setTimeout(() => reject(new Error('no answer: the loop is blocked')), 20000).unref());
  const legal = await Promise.race([c.ask({ cmd: 'legal' }), watchdog]);
  assert(legal.ok && legal.actions.length > 0, `legal moves: ${JSON.stringify(legal)}`);
  return Promise.race([c.ask({ cmd: 'act', action: legal.actions[0] }), watchdog]);
}

run(async () => {
  const dir = tempDir();
  const gate = `${dir}/gate`;
  const s = await startServer(`${dir}/rooms.db`, { env: { PF_SERVE_TEST_BOT_GATE: gate } });

  // Room A: a person (seat 0, moving first) and an expert bot.
  const a = await roomWithClients(s, { game: 'pizza', seats: ['person', 'bot:expert'], fixed_order: true }, ['ana']);
  const ana = a.clients[0];
  assert(ana.seat === 0 && ana.last.to_act[0] === 0, `ana moves first: ${JSON.stringify(ana.last)}`);
  // She plays until the bot is to act (a switch of her own colour, rule e,
  // gives her a second action: the deal is chance).
  let mine;
  do {
    mine = await actLegal(ana);
    assert(mine.ok, `ana's act: ${JSON.stringify(mine)}`);
  } while (mine.to_act.length === 1 && mine.to_act[0] === 0);
  // Her steps alone were committed and pushed: the bot's reply is to come.
  assert(mine.to_act.length === 1 && mine.to_act[0] === 1, `the bot acts next: ${JSON.stringify(mine)}`);
  assert(stepsBy(ana, 0).length === mine.step_count, 'her steps were pushed before her answer');
  const metrics = await request(s, 'GET', '/metrics');
  assert(/^partyfood_bot_searches 1$/m.test(metrics.body), `a search waits: ${metrics.body}`);

  // Room B, while the bot of room A thinks: its people play and are answered.
  const b = await roomWithClients(s, { game: 'pizza', seats: ['person', 'person'], fixed_order: true }, ['bo', 'cy']);
  for (let i = 0; i < 3; i++) {
    const c = b.clients.find((x) => x.last.to_act.includes(x.seat));
    const ans = await actLegal(c);
    assert(ans.ok, `room B answered while A's bot thinks: ${JSON.stringify(ans)}`);
    await waitFor(() => b.clients.every((x) => x.last.step_count === i + 1), 'room B pushed');
  }
  assert(stepsBy(ana, 1).length === 0, 'the bot of room A is still thinking');

  // A hint from the expert ("plan") searches on the worker too: it waits at
  // the gate while the room's other seat is answered; on the loop it would
  // have come at once.
  const asker = b.clients.find((x) => x.last.to_act.includes(x.seat));
  const other = b.clients.find((x) => x !== asker);
  let hinted = false;
  const hint = asker.ask({ cmd: 'plan', bot: 'expert' }).then((h) => { hinted = true; return h; });
  const view = await other.ask({ cmd: 'view' });
  assert(view.ok, `the other seat is answered while the hint is searched: ${JSON.stringify(view)}`);
  // The worker holds it: a second search waits there (beside room A's bot).
  await waitFor(async () => /^partyfood_bot_searches 2$/m.test((await request(s, 'GET', '/metrics')).body),
                'the hint waiting at the worker');
  assert(!hinted, 'the hint waits for the worker');

  // The gate opens: the bot's move comes as a change of its own.
  fs.writeFileSync(gate, '');
  const h = await hint;
  const legal = await asker.ask({ cmd: 'legal' });
  assert(h.ok && legal.actions.includes(h.action), `the hint is a legal move: ${JSON.stringify(h)}`);
  await waitFor(() => stepsBy(ana, 1).length === 1, "the bot's reply");
  const reply = stepsBy(ana, 1)[0];
  assert(reply.by_bot && reply.step === mine.step_count, `the bot's step: ${JSON.stringify(reply)}`);
  await stopServer(s);
});
