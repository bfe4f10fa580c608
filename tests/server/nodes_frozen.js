// nodes_frozen.js (PostgreSQL only, as nodes_frozen_pg): a node frozen
// inside a commit stalls no other node (issue 32). A node writing a step
// holds its room's lease row locked (FOR SHARE) until its transaction ends;
// frozen there (the test gate PF_SERVE_TEST_COMMIT_STOP: the node stops
// itself, SIGSTOP, with the row held), another node taking that room over
// waited on the lock on its event loop, every room of its with it, until
// the frozen one went on (3.2 s when probed). Now:
//  1. with --db-lock-timeout 200 on node b and node a frozen and held
//     (its idle timeout off), b's unrelated room and /healthz answer before
//     a is let go, and the take-over is refused (storage not reachable now)
//     rather than waited for; a let go, its commit ends, and the room plays
//     on, at a (its run-out lease taken again) or at b, every step once;
//  2. a node frozen past --db-idle-timeout (1 s): the database ends its
//     session and frees the row, so b takes the room over while it is still
//     frozen; let go, its commit fails and nothing it wrote is doubled;
//  3. a node stopped past its lease with no other node wanting the room
//     keeps it (a CI run once lost a game to a late sweep: 1012 with
//     nobody to reconnect to).
'use strict';
const fs = require('fs');
const { spawnSync } = require('child_process');
const { tempDir, startServer, stopServer, request, roomWithClients, Client, waitFor, assert,
        run } = require('./lib.js');

const PG = process.env.PF_TEST_PG;

function sql(query) {
  const r = spawnSync('psql', [PG, '-Atc', query], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`psql: ${r.stderr}`);
  return r.stdout.trim();
}

// The process state letter of /proc (T: stopped).
const state = (s) => fs.readFileSync(`/proc/${s.proc.pid}/stat`, 'utf8').replace(/^.*\) /s, '')[0];
const acting = (clients) => clients.find((c) => c.last.to_act.includes(c.seat));

// p, or null when it has not settled within ms.
const within = (p, ms) => Promise.race([p, new Promise((r) => setTimeout(() => r(null), ms))]);

// A node frozen inside a commit of a step of a fresh room of its: resolves
// with the room, its clients and the act's answer to come.
async function freezeInCommit(a, gate) {
  const { room, clients } = await roomWithClients(a, { game: 'pizza', seats: ['person', 'person'], fixed_order: true },
                                                  ['ana', 'bo']);
  const c = acting(clients);
  fs.writeFileSync(gate, '');
  const answer = c.ask({ cmd: 'act', action: c.last.legal[0] });
  await waitFor(() => state(a) === 'T', 'the node stopped inside its commit');
  await waitFor(() => sql(`SELECT expires < now() FROM leases WHERE room = '${room}'`) === 't',
                'its lease ran out');
  return { room, clients, c, answer };
}

// A client back in room with its token at whichever of the nodes plays it,
// asking each again while the room cannot be had; resolves with the one let
// in and its resync.
async function rejoin(nodes, room, token) {
  const tries = [];
  for (const s of nodes) {
    const c = new Client(s, 'back');
    c.retryElsewhere = false;
    await c.connect();
    c.onPush = (m) => { if (m.push === 'sync') c.sync = m; };
    tries.push(c);
  }
  let back = null;
  await waitFor(async () => {
    for (const c of tries)
      if ((await c.ask({ cmd: 'hello', room, token })).ok) return (back = c);
    return false;
  }, `hello in ${room} at a node`);
  await waitFor(() => back.sync, 'the resync');
  for (const c of tries) if (c !== back) await c.close();
  return { c: back, sync: back.sync };
}

run(async () => {
  if (!PG) throw new Error('run me through scripts/with_pg.sh');
  const dir = tempDir();
  const db = `${dir}/unused.db`;
  const gate = `${dir}/stop`;
  const b = await startServer(db, { leaseMs: 2000, args: ['--db-lock-timeout', '200'] });
  const other = await roomWithClients(b, { game: 'pizza', seats: ['person', 'person'], fixed_order: true }, ['cy', 'di']);

  // 1. Frozen and held: b waits at most its lock timeout.
  const a = await startServer(db, { leaseMs: 2000, env: { PF_SERVE_TEST_COMMIT_STOP: gate },
                                    args: ['--db-idle-timeout', '0'] });
  try {
    const f = await freezeInCommit(a, gate);
    const steps = Number(sql(`SELECT count(*) FROM steps WHERE room = '${f.room}'`));
    const taker = new Client(b, 'taker');
    taker.retryElsewhere = false;
    await taker.connect();
    const take = taker.ask({ cmd: 'hello', room: f.room, token: f.c.token });
    const o = acting(other.clients);
    const t0 = Date.now();
    const played = await within(o.ask({ cmd: 'act', action: o.last.legal[0] }), 5000);
    const health = await within(request(b, 'GET', '/healthz'), 2000);
    const took = await within(take, 2000);
    assert(state(a) === 'T', 'node a still frozen throughout');
    assert(played && played.ok, `b's other room answered while a was frozen (${Date.now() - t0} ms): ${JSON.stringify(played)}`);
    assert(health && health.status === 200, 'b\'s /healthz answered');
    assert(took && !took.ok && took.error.code === 'io', `the take-over refused, not waited for: ${JSON.stringify(took)}`);
    process.kill(a.proc.pid, 'SIGCONT');
    // Its commit ends: the act answered, or (b took the run-out lease
    // first) the client told to reconnect. A lease that ran out while
    // nobody took it is taken again by a, which then plays on.
    const answered = await within(Promise.race([f.answer, f.c.closed]), 10000);
    assert(answered && (answered.ok || answered.code === 1012),
           `a's commit ended once let go: ${JSON.stringify(answered)}`);
    const back = await rejoin([b, a], f.room, f.c.token);
    const stored = Number(sql(`SELECT count(*) FROM steps WHERE room = '${f.room}'`));
    assert(stored <= steps + 1 && back.sync.step_count === stored,
           `every step once: ${steps} before, ${stored} stored, ${back.sync.step_count} at b`);
    await back.c.close();
    await taker.close();
    for (const c of f.clients) await c.close();
  } finally {
    if (a.proc.exitCode === null) process.kill(a.proc.pid, 'SIGCONT');
  }
  await stopServer(a);

  // 2. Frozen past its idle timeout: the database frees the row, b takes
  // the room while a is still frozen.
  const a2 = await startServer(db, { leaseMs: 2000, env: { PF_SERVE_TEST_COMMIT_STOP: gate },
                                     args: ['--db-idle-timeout', '1000'] });
  try {
    const f = await freezeInCommit(a2, gate);
    const steps = Number(sql(`SELECT count(*) FROM steps WHERE room = '${f.room}'`));
    const back = await rejoin([b], f.room, f.c.token);
    assert(state(a2) === 'T', 'taken over while a2 is still frozen');
    assert(back.sync.step_count === steps, `the frozen commit's step is not there: ${back.sync.step_count} vs ${steps}`);
    process.kill(a2.proc.pid, 'SIGCONT');
    const answer = await within(f.answer, 10000);
    assert(!answer || !answer.ok, `a2's act was not played: ${JSON.stringify(answer)}`);
    // The seat whose act was lost plays it at b.
    const legal = await back.c.ask({ cmd: 'legal' });
    assert(legal.ok && legal.actions.length, `the same seat to act at b: ${JSON.stringify(legal)}`);
    assert((await back.c.ask({ cmd: 'act', action: legal.actions[0] })).ok, 'the room plays on at b');
    const stored = Number(sql(`SELECT count(*) FROM steps WHERE room = '${f.room}'`));
    assert(stored === steps + 1, `no step doubled: ${stored} stored, ${steps} before`);
    await back.c.close();
    for (const c of f.clients) await c.close();
  } finally {
    if (a2.proc.exitCode === null) process.kill(a2.proc.pid, 'SIGCONT');
  }
  await stopServer(a2);
  for (const c of other.clients) await c.close();
  await stopServer(b);

  // 3. A node stopped past its lease while no other node wanted its room
  // (a loaded machine: the sweep came late): it takes the run-out lease
  // again and plays on; its clients are not sent away (1012).
  const a3 = await startServer(db, { leaseMs: 2000 });
  try {
    const { room, clients } = await roomWithClients(a3, { game: 'pizza', seats: ['person', 'person'], fixed_order: true },
                                                    ['ed', 'fay']);
    process.kill(a3.proc.pid, 'SIGSTOP');
    await waitFor(() => sql(`SELECT expires < now() FROM leases WHERE room = '${room}'`) === 't',
                  'its lease ran out while stopped');
    process.kill(a3.proc.pid, 'SIGCONT');
    await waitFor(() => sql(`SELECT expires > now() FROM leases WHERE room = '${room}'`) === 't',
                  'the lease held again after the next sweep');
    assert(clients.every((c) => !c.closedWith), `nobody sent away: ${clients.map((c) => c.closedWith)}`);
    const c = acting(clients);
    const played = await c.ask({ cmd: 'act', action: c.last.legal[0] });
    assert(played.ok, `the room plays on at a3: ${JSON.stringify(played)}`);
    for (const cl of clients) await cl.close();
  } finally {
    if (a3.proc.exitCode === null) process.kill(a3.proc.pid, 'SIGCONT');
  }
  await stopServer(a3);
  console.log('ok');
});
