// server_queued.js: requests that arrive while their connection waits for
// an answer are answered later, each once and in order. A burst of hints
// (`plan`, each held on the bot worker) and queries sent in one go, more
// of them than a connection may keep waiting (256): the server stops
// reading the connection once a request waits (lws's rx flow control) and
// reads on when the answer is out, so a client's burst is slowed down,
// never refused. libwebsockets fixed a case of its flow control in
// 2026 (an unread buffer kept twice when reading was paused again while it
// was handing that buffer back); this test did not hit it on 4.1.6.
'use strict';
const { tempDir, startServer, stopServer, roomWithClients, assert, run } = require('./lib.js');

const BURST = 400;

run(async () => {
  const s = await startServer(`${tempDir()}/rooms.db`, { args: ['--max-requests', '0'] });
  const { clients: [ana] } = await roomWithClients(
    s, { game: 'pizza', seats: ['person', 'person'], fixed_order: true }, ['ana', 'bo']);
  assert(ana.last.to_act.includes(ana.seat), 'ana acts first');
  const answers = [];
  const sent = [];
  // All in one go: ws queues them on the socket before any answer comes.
  for (let i = 0; i < BURST; i++) {
    // Sizes that straddle the server's 256-byte reads.
    const pad = 'x'.repeat((i * 97) % 700);
    const req = i % 3 === 2 ? { cmd: 'legal', pad } : { cmd: 'plan', bot: 'medium', pad };
    sent.push(req.cmd);
    answers.push(ana.ask(req));
  }
  const got = await Promise.race([
    Promise.all(answers),
    ana.closed.then((c) => { throw new Error(`closed with ${c.code} ${c.reason}`); }),
    new Promise((_, reject) => setTimeout(() => reject(new Error('answers missing after 20 s')), 20000)),
  ]);
  got.forEach((a, i) => assert(a.ok, `request ${i + 1} (${sent[i]}): ${JSON.stringify(a)}`));
  // Each answer once, in the order asked.
  const ids = ana.frames.map((f) => JSON.parse(f)).filter((m) => !m.push && m.id > 1).map((m) => m.id);
  const first = ids[0];
  assert(ids.length === BURST, `${BURST} answers, not ${ids.length}`);
  ids.forEach((id, k) => assert(id === first + k, `answer ${k + 1} has id ${id}, not ${first + k}`));
  // The connection is still good: ana plays the hint she was given.
  const act = await ana.ask({ cmd: 'act', action: got[0].action });
  assert(act.ok, `the hinted move is played: ${JSON.stringify(act)}`);
  await stopServer(s);
});
