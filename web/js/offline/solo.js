// solo.js: a game against bots on this device, as a room's page reads a
// room (api.js serverRoom has the same shape): the room's public state
// comes from the engine's solo room, and its connection sends the requests
// a server's socket sends and hears the same pushes, through the engine's
// Web Worker. The game is kept on the device after every change (the
// worker saves it: engine/host.js), so a reload takes it up again.
import { deviceEngine } from './device.js';
import * as saves from './saves.js';

// A game's setup for the engine's solo room (solo.h) from a room request
// as the lobby makes one (game, seats of "person" or "bot:LEVEL", options,
// fixed_order, memory_aid) and the person's name.
export function soloSetup(req, name) {
  return { game: req.game, seating: req.seats.map((x) => (x === 'person' ? name : x)),
    options: req.options || {}, fixed_order: !!req.fixed_order, memory_aid: !!req.memory_aid };
}

// A new game kept on the device: its id.
export async function startSolo(setup) {
  const engine = await deviceEngine();
  const room = await engine.solo(setup, () => {}, { keep: true });
  await room.close();
  return room.id;
}

function failed(status, message) {
  return Object.assign(new Error(message), { status });
}

// A room in this device's engine (a solo game, a lesson), as the room's
// page reads one: open() opens it once (openWith(onPush) gives the
// engine's room), and connect() is its connection: a hello once it is
// open, then requests (own(msg) may answer one first: a promise, or null).
export function deviceRoom(openWith, own = () => null) {
  let opening = null;
  let listen = null; // the connection's push handler
  // Pushes before the connection's hello are dropped: its sync holds them.
  const open = () => opening || (opening = openWith((m) => listen && listen(m)));
  const connect = (token, handlers) => {
    let room = null;
    let closed = false;
    open().then(async (r) => {
      if (closed) return;
      room = r;
      listen = (m) => handlers.push(m);
      handlers.hello(await r.ask({ cmd: 'hello', id: 0 }));
    }, () => handlers.closed(0, 'the game could not be opened'));
    return {
      async request(msg) {
        const mine = own(msg);
        if (mine) return mine;
        if (!room) return { ok: false, error: { code: 'closed', message: 'the game is opening' } };
        return room.ask(msg);
      },
      retry() {}, // nothing to lose on the way
      close() {
        closed = true;
        listen = null;
        if (room) room.close();
      },
    };
  };
  return { open, connect };
}

export function soloRoom(id) {
  // "Play again" starts the same setup again as a new game on the device.
  const { open, connect } = deviceRoom(async (onPush) => {
    const engine = await deviceEngine();
    if (!engine) throw failed(0, 'no engine on this device');
    try {
      return await engine.open(id, onPush);
    } catch (e) {
      const code = e.answer && e.answer.error.code;
      throw failed(code === 'no_game' ? 404 : code === 'busy' ? 409 : 0, e.message);
    }
  }, (msg) => (msg.cmd === 'rematch' ? rematch() : null));

  async function rematch() {
    const entry = await saves.entry(id);
    if (!entry || !entry.setup) return { ok: false, error: { code: 'bad_request', message: 'this game cannot be played again' } };
    location.hash = `#/solo/${await startSolo(entry.setup)}`;
    return { ok: true };
  }

  return {
    code: id,
    title: 'A game on this device',
    where: 'on this device',
    replay: `#/solo/${id}/replay`,
    gone: 'This game is not kept on this device any more.',
    unreachable: (e) => (e.status === 409
      ? 'This game is open in another tab or window: play it there, or close that one and come back.'
      : 'This browser cannot play the game by itself (it needs WebAssembly and workers).'),
    chat: false,
    room: async () => (await open()).pub,
    connect,
  };
}
