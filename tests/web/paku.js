// paku.js: Paku Paku's positions in a room, replayed honestly. The server
// stamps every action with its own clock and seats only people in a
// position's room (no bots, nothing that moves by itself), and no client
// may fix the dice: the room's seed is the test server's
// (PF_SERVE_TEST_SEED), so the same actions in the same order roll the same
// faces and the same table jitter. Each action goes through its seat's own
// socket as a person's would, in the replay's order, at the server clock's
// pace: a seat acts once its hands are free (PAKU-10), and a stack is made
// by the swing meter (src/server/meter.c, ruling C-4), stopped at the time
// that gives the replay's aim. tests/web/paku_position.js makes such
// replays (its aims are all numbers the meter gives).
'use strict';

// The period the server issues (its meter answer says it too) and the
// earliest stop the tests make (the server takes 100 ms and later).
const SWING = { period: 1700, least: 150 };

// C's lround: halves away from zero.
const lround = (x) => Math.sign(x) * Math.round(Math.abs(x));

// The meter's aim in hundredths e ms after its issue, as meter.c reads it.
function swingValue(e, period = SWING.period) {
  return lround(3000 * Math.sin((2 * Math.PI * (e % period)) / period));
}

// The first stop time from `least` on whose aim is `hundredths`.
function stopFor(hundredths, period = SWING.period) {
  for (let e = SWING.least; e < SWING.least + period; e++) if (swingValue(e, period) === hundredths) return e;
  throw new Error(`no stop of the meter gives ${hundredths / 100}`);
}

const until = (ms) => new Promise((r) => setTimeout(r, Math.max(0, ms)));

// A sender for one room: act(socket, seat, action) sends the action once
// the seat's hands are free on the server's clock (learnt from each
// answer's time), a stack by its meter. Answers the act's answer.
function pacer() {
  const busy = {}; // seat -> game ms its hands are busy until
  let offset = null; // the game clock minus Date.now(), from the last answer
  const free = (seat) => until(offset === null || !busy[seat] ? 0 : busy[seat] - (Date.now() + offset) + 2);
  return async function act(sock, seat, action) {
    const stack = /^(stack \w+) (-?\d+\.\d+)$/.exec(action);
    for (;;) {
      await free(seat);
      let req = { cmd: 'act', action };
      if (stack) {
        const m = await sock.request({ cmd: 'meter' });
        if (!m.ok) return m;
        const e = stopFor(Math.round(Number(stack[2]) * 100), m.meter.period_ms);
        const issued = Date.now();
        await until(e - (Date.now() - issued));
        req = { cmd: 'act', action: stack[1], meter: { id: m.meter.id, stop_ms: e } };
      }
      const a = await sock.request(req);
      if (a.ok) {
        offset = a.t - Date.now();
        busy[seat] = a.t + (stack ? 600 : 800);
        return a;
      }
      if (a.error.code !== 'hands_busy') return a;
      busy[seat] = a.error.until;
    }
  };
}

module.exports = { SWING, swingValue, stopFor, pacer };
