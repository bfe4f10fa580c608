// paku.js: Paku Paku's positions in a room, replayed honestly. The server
// stamps every action with its own clock and seats only people in a
// position's room (no bots, nothing that moves by itself), and no client
// may fix the dice: the room's seed is the test server's
// (PF_SERVE_TEST_SEED), so the same actions in the same order roll the same
// faces and draw the same table jitter. Each action goes through its seat's
// own socket as a person's would, in the replay's order, at the server
// clock's pace: a seat acts once its hands are free (PAKU-10: 800 ms after
// a roll, 600 ms after a stack, on the server's clock, learnt from each
// answer's time), a stack by the swing meter (lib.js playMove).
// tests/web/paku_position.js makes such replays.
'use strict';

const HANDS_MS = { roll: 800, stack: 600 };
const until = (ms) => new Promise((r) => setTimeout(r, Math.max(0, ms)));

// A sender for one room: act(socket, seat, action) plays the action by
// play(socket, action) once the seat's hands are free, and again after a
// hands_busy's `until`. Answers the act's answer.
function pacer(play) {
  const busy = {}; // seat -> game ms its hands are busy until
  let offset = null; // the game clock minus Date.now(), from the last answer
  const free = (seat) => until(offset === null || !busy[seat] ? 0 : busy[seat] - (Date.now() + offset) + 2);
  return async function act(sock, seat, action) {
    for (;;) {
      await free(seat);
      const a = await play(sock, action);
      if (a.ok) {
        offset = a.t - Date.now();
        busy[seat] = a.t + HANDS_MS[action.split(' ')[0]];
        return a;
      }
      if (a.error.code !== 'hands_busy') return a;
      busy[seat] = a.error.until;
    }
  };
}

module.exports = { pacer };
