// server_meter.js: ruling C-4 over the network (docs/server.md "Skill by
// meter"): a person's toss (Yummy Yummy Pancake) or stacking offset (Paku
// Paku) is read off a meter the server issued, at the stop time the client
// measured, never a number the client chooses. Checked: the meter's answer;
// a free number refused with bad_action; a stop too fast, later than the
// server's own time, used twice or of an unknown meter refused with
// bad_meter, and one older than the lag cap with late_meter; no refusal
// changes the game; and the step played is the meter's value at the stop
// time, by the documented formula.
'use strict';
const { tempDir, startServer, stopServer, request, Client, roomWithClients, skillKind, lateStop, assert, run } =
  require('./lib.js');

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const lround = (x) => Math.sign(x) * Math.round(Math.abs(x)); // C's lround: half away from zero
const hundredths = (h) => `${h < 0 ? '-' : ''}${Math.floor(Math.abs(h) / 100)}.${String(Math.abs(h) % 100).padStart(2, '0')}`;

// The meter's number after e ms, as docs/server.md states it.
function meterValue(meter, e) {
  const phase = (e % meter.period_ms) / meter.period_ms;
  if (meter.kind === 'toss') return hundredths(lround(100 * (0.10 + 0.80 * (1 - Math.abs(2 * phase - 1)))));
  return hundredths(lround(3000 * Math.sin(2 * Math.PI * phase)));
}

async function refused(c, req, code, pattern, what) {
  const a = await c.ask(req);
  assert(!a.ok && a.error.code === code && pattern.test(a.error.message), `${what}: ${JSON.stringify(a)}`);
}

// A meter's stop after waiting ms: the action played and the one expected.
async function stopAfter(c, kind, ms) {
  const m = await c.ask({ cmd: 'meter' });
  assert(m.ok, `a meter: ${JSON.stringify(m)}`);
  const received = Date.now();
  await sleep(ms);
  const e = Date.now() - received;
  const a = await c.ask({ cmd: 'act', action: kind, meter: { id: m.meter.id, stop_ms: e } });
  return { a, expected: `${kind} ${meterValue(m.meter, e)}` };
}

// A stop after ms that the rules judge: one the server read past its lag
// cap (a loaded machine's round trip, not the client's doing) is made
// again with a new meter, a few times.
async function judgedStop(c, kind, ms) {
  let stopped;
  for (let tries = 0; tries < 5 && (!stopped || lateStop(stopped.a)); tries++) stopped = await stopAfter(c, kind, ms);
  return stopped;
}

async function pancake(s) {
  const { room, clients } = await roomWithClients(s, { game: 'pancake', spectators: true, seats: ['person', 'person'] }, ['ana', 'bo']);
  const chef = clients.find((c) => c.last.to_act.includes(c.seat));
  const other = clients.find((c) => c !== chef);
  const spec = new Client(s, 'spec');
  await spec.connect();
  await spec.hello(room);
  const steps = () => request(s, 'GET', `/rooms/${room}`).then((r) => r.body.step_count);
  const before = await steps();

  await refused(other, { cmd: 'meter' }, 'not_your_turn', /nothing to toss/, 'a meter for a seat with no toss');
  await refused(spec, { cmd: 'meter' }, 'not_your_seat', /spectator/, 'a spectator\'s meter');
  // A free number, or a toss without its meter.
  await refused(chef, { cmd: 'act', action: 'toss 0.63' }, 'bad_action', /use a meter/, 'a free number');
  await refused(chef, { cmd: 'act', action: 'toss 0.9' }, 'bad_action', /use a meter/, 'a free number');
  await refused(chef, { cmd: 'act', action: 'toss' }, 'bad_action', /use a meter/, 'a toss without a meter');

  const m = await chef.ask({ cmd: 'meter' });
  assert(m.ok && /^[0-9a-f]{16}$/.test(m.meter.id) && m.meter.kind === 'toss' && m.meter.period_ms > 0 &&
         typeof m.meter.issued === 'number', `the meter: ${JSON.stringify(m)}`);
  const stop = (id, e, action = 'toss') => ({ cmd: 'act', action, meter: { id, stop_ms: e } });
  await refused(chef, stop(m.meter.id, 10), 'bad_meter', /faster than a person reacts/, 'a stop after 10 ms');
  await refused(chef, stop(m.meter.id, 300), 'bad_meter', /was used/, 'a meter used twice');
  await refused(chef, stop('0123456789abcdef', 300), 'bad_meter', /unknown meter/, 'an unknown meter');
  await refused(chef, { cmd: 'act', action: 'toss', meter: { id: m.meter.id } }, 'bad_request', /stop_ms/, 'no stop time');
  let n = (await chef.ask({ cmd: 'meter' })).meter;
  await refused(chef, stop(n.id, 5000), 'bad_meter', /issued only/, 'a stop later than the server\'s time');
  n = (await chef.ask({ cmd: 'meter' })).meter;
  await sleep(900); // the meter runs past the stop (150 ms) and the lag cap (500 ms): load only lengthens it
  await refused(chef, stop(n.id, 150), 'late_meter', /lag cap/, 'a stop older than the lag cap');
  n = (await chef.ask({ cmd: 'meter' })).meter;
  await refused(chef, stop(n.id, 300, 'toss 0.50'), 'bad_action', /without its number/, 'a meter and a number');
  n = (await chef.ask({ cmd: 'meter' })).meter;
  await refused(chef, stop(n.id, 300, 'pick'), 'bad_action', /without its number/, 'a meter with another action');
  // A newer meter replaces the older.
  const older = (await chef.ask({ cmd: 'meter' })).meter;
  await chef.ask({ cmd: 'meter' });
  await sleep(200); // a stop at 150 ms would be one the older meter could judge
  await refused(chef, stop(older.id, 150), 'bad_meter', /unknown meter/, 'a replaced meter');
  assert(await steps() === before, 'no refusal played a step');
  assert(!other.frames.some((f) => f.includes('"push":"steps"')), 'nobody heard a step');

  // A good stop: the meter's value at the stop time is played.
  const { a, expected } = await judgedStop(chef, 'toss', 400);
  assert(a.ok && a.action === expected, `the toss played: ${a.action || JSON.stringify(a)}, expected ${expected}`);
  for (const c of [...clients, spec]) await c.close();
}

// A stack by a swing in Paku Paku; true once one was played. Rolls until
// a dish asks for a stack; a game that ends first (chance) gives false.
async function pakuStack(s) {
  const { room, clients } = await roomWithClients(s, { game: 'pakupaku', seats: ['person', 'person'], options: { limit: '5' } },
                                                  ['cy', 'dee']);
  const steps = () => request(s, 'GET', `/rooms/${room}`).then((r) => r.body.step_count);
  const done = async (played) => { for (const x of clients) await x.close(); return played; };
  for (let i = 0; i < 600 && !clients[0].last.over; i++) {
    for (const c of clients) {
      const l = await c.ask({ cmd: 'legal' });
      if (!l.ok) continue;
      const stack = l.actions.find((x) => x.startsWith('stack') && skillKind(x));
      if (stack) {
        const kind = skillKind(stack);
        const before = await steps();
        await refused(c, { cmd: 'act', action: `${kind} 1.00` }, 'bad_action', /use a meter/, 'a free offset');
        await refused(c, { cmd: 'act', action: kind }, 'bad_action', /use a meter/, 'a stack without a meter');
        assert(await steps() === before, 'no refusal played a step');
        const m = await c.ask({ cmd: 'meter' });
        assert(m.ok && m.meter.kind === 'swing', `a swing: ${JSON.stringify(m)}`);
        for (let tries = 0; tries < 20; tries++) {
          const { a, expected } = await judgedStop(c, kind, 200);
          if (a.ok) {
            assert(a.action === expected, `the stack played: ${a.action}, expected ${expected}`);
            return done(true);
          }
          assert(['hands_busy', 'illegal_action', 'not_your_turn'].includes(a.error.code), `a stack: ${JSON.stringify(a)}`);
          await sleep(300);
        }
      } else if (l.actions.includes('roll')) {
        await c.ask({ cmd: 'act', action: 'roll' });
      }
    }
    await sleep(100);
  }
  return done(false);
}

async function pakupaku(s) {
  for (let game = 0; game < 3; game++) if (await pakuStack(s)) return;
  throw new Error('no dish to stack for came up in 3 games');
}

run(async () => {
  const s = await startServer(`${tempDir()}/rooms.db`);
  await pancake(s);
  await pakupaku(s);
  await stopServer(s);
});
