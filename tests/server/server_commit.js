// server_commit.js: a commit that fails (a trigger planted in the database
// with the sqlite3 tool refuses every new step) leaves the room as it was:
// the requester gets an `io` error, nobody hears of the step, the room's
// state does not have it; once the database works again play goes on, and
// every step acknowledged is there after a SIGKILL.
'use strict';
const { execFileSync } = require('child_process');
const { tempDir, startServer, stopServer, request, roomWithClients, waitFor, assert,
        run } = require('./lib.js');

const sql = (db, text) => execFileSync('sqlite3', [db, text]);

run(async () => {
  const db = `${tempDir()}/rooms.db`;
  let s = await startServer(db);
  const { room, clients } = await roomWithClients(s, { game: 'pizza', seats: ['person', 'person'], fixed_order: true }, ['ana', 'bo']);
  const [ana, bo] = clients;
  const legal0 = await ana.ask({ cmd: 'legal' });
  const first = await ana.ask({ cmd: 'act', action: legal0.actions[0] });
  assert(first.ok && first.step === 0, `the first step: ${JSON.stringify(first)}`);
  await waitFor(() => bo.last.step_count === 1, 'bo heard the first step');

  sql(db, "CREATE TRIGGER planted BEFORE INSERT ON steps BEGIN SELECT RAISE(ABORT, 'planted failure'); END;");
  const next = bo.last.to_act.includes(ana.seat) ? ana : bo;
  const other = next === ana ? bo : ana;
  const legal1 = await next.ask({ cmd: 'legal' });
  const frames = other.frames.length;
  const failed = await next.ask({ cmd: 'act', action: legal1.actions[0] });
  assert(!failed.ok && failed.error.code === 'io', `an io error: ${JSON.stringify(failed)}`);
  const state = await request(s, 'GET', `/rooms/${room}`);
  assert(state.body.step_count === 1, `the room kept its one step: ${state.body.step_count}`);
  const again = await next.ask({ cmd: 'legal' });
  assert(JSON.stringify(again.actions) === JSON.stringify(legal1.actions), 'the same moves are legal');
  assert(other.frames.length === frames, 'nobody heard of the failed step');
  const metrics = await request(s, 'GET', '/metrics');
  assert(/^partyfood_commit_failures_total 1$/m.test(metrics.body), `a failure counted: ${metrics.body}`);

  sql(db, 'DROP TRIGGER planted;');
  const ok = await next.ask({ cmd: 'act', action: legal1.actions[0] });
  assert(ok.ok && ok.step === 1, `the step once the database works: ${JSON.stringify(ok)}`);
  await waitFor(() => other.last.step_count === 2, 'the other seat heard it');

  await stopServer(s, 'SIGKILL');
  s = await startServer(db);
  const back = await request(s, 'GET', `/rooms/${room}`);
  assert(back.body.step_count === 2, `both acknowledged steps survive SIGKILL: ${back.body.step_count}`);
  await stopServer(s);
});
