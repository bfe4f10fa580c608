// server_overlap.js: the group commit while its batch is in flight. Each
// commit is made slow (PF_SERVE_TEST_COMMIT_DELAY_MS), so rooms keep
// changing while their batch is written, and batches hold several rooms:
// every room's every move must still be answered and pushed, and each game
// must finish. (A room changed while in flight once cut the batch's list
// after it: the rooms behind it never heard of their commit and hung.)
'use strict';
const { tempDir, startServer, stopServer, playRandom, roomWithClients, checkSecrecy,
        assert, run } = require('./lib.js');

run(async () => {
  const s = await startServer(`${tempDir()}/rooms.db`, { env: { PF_SERVE_TEST_COMMIT_DELAY_MS: '40' } });
  // Paku Paku changes in real time, while its batch is in flight; the turn-
  // based rooms share its batches.
  const rooms = [];
  for (let i = 0; i < 4; i++) {
    const paku = i % 2 === 0;
    const spec = paku ? { game: 'pakupaku', seats: ['person', 'person', 'bot:child'], options: { limit: '5' } }
                      : { game: 'pizza', seats: ['person', 'person', 'bot:easy'] };
    const r = await roomWithClients(s, spec, [`ana${i}`, `bo${i}`]);
    r.paku = paku;
    rooms.push(r);
  }
  const ends = await Promise.all(rooms.flatMap((r) => r.clients.map((c) => playRandom(c, r.paku, Infinity, 90000))));
  assert(ends.every((e) => e.over), 'every game finished');
  for (const r of rooms) checkSecrecy(r.clients);
  const commits = /partyfood_commit_seconds_count (\d+)/.exec(await (await fetch(`${s.base}/metrics`)).text());
  assert(commits, 'the metrics count the commits');
  await stopServer(s);
});
