// host.js: what the engine's Web Worker does (worker.js runs it; node's
// tests run it with a clock of their own). It loads the module, keeps the
// page's protocol sessions and solo rooms, answers the page's calls, and
// plays a solo room's bots when their time comes, pushing their steps to
// the page by itself.
//
// The page's messages: {id, op, ...}; the answers: {id, ok: true, value}
// or {id, ok: false, error, answer} (answer: the engine's refusal, when it
// refused); a push: {solo, push} (text), always before the answer of the
// call that caused it.
//   load {bytes | url}       -> {protocol}
//   session {bound}          -> session id     (a protocol session)
//   ask {session, request}   -> the answer's text
//   solo {setup}             -> {solo, room}   (solo.h; room: its text)
//   resume {save}            -> {solo, room}
//   solo-ask {solo, request} -> the answer's text (a room's request)
//   solo-save {solo}         -> the save's text (for the device's storage)
//   close {session | solo}
import { Engine } from './engine.js';

const defaultClock = {
  now: () => performance.now(),
  later: (f, ms) => setTimeout(f, ms),
  cancel: (timer) => clearTimeout(timer),
};

export function host(post, clock = defaultClock) {
  let engine = null;
  let next = 1;
  const sessions = new Map();
  const solos = new Map(); // id -> {room, timer}

  // The room's next bot move, on the clock.
  function schedule(id) {
    const s = solos.get(id);
    if (!s) return;
    if (s.timer !== null) clock.cancel(s.timer);
    s.timer = null;
    const due = s.room.due();
    if (due < 0) return;
    s.timer = clock.later(() => {
      s.timer = null;
      const push = s.room.tick(clock.now());
      if (push) post({ solo: id, push });
      schedule(id);
    }, Math.max(0, due - clock.now()));
  }

  function open(room) {
    const id = next++;
    solos.set(id, { room, timer: null });
    schedule(id);
    return { solo: id, room: room.room() };
  }

  function solo(id) {
    const s = solos.get(id);
    if (!s) throw new Error(`no solo room ${id}`);
    return s;
  }

  const ops = {
    async load({ bytes, url }) {
      const code = bytes || (WebAssembly.compileStreaming
        ? await WebAssembly.compileStreaming(fetch(url))
        : await (await fetch(url)).arrayBuffer());
      engine = await Engine.load(code);
      return { protocol: engine.protocol };
    },
    session({ bound }) {
      const id = next++;
      sessions.set(id, engine.session(bound));
      return id;
    },
    ask({ session, request }) { return sessions.get(session).handle(request); },
    solo({ setup }) { return open(engine.solo(setup, clock.now())); },
    resume({ save }) { return open(engine.resume(save, clock.now())); },
    'solo-ask'({ solo: id, request }) {
      const { answer, push } = solo(id).room.handle(request, clock.now());
      if (push) post({ solo: id, push });
      schedule(id);
      return answer;
    },
    'solo-save'({ solo: id }) { return solo(id).room.save(); },
    close({ session, solo: id }) {
      if (sessions.has(session)) sessions.get(session).close();
      sessions.delete(session);
      const s = solos.get(id);
      if (s) {
        if (s.timer !== null) clock.cancel(s.timer);
        s.room.close();
        solos.delete(id);
      }
      return null;
    },
  };

  return async function receive(msg) {
    try {
      if (!ops[msg.op]) throw new Error(`no op ${msg.op}`);
      if (!engine && msg.op !== 'load') throw new Error('the engine is not loaded');
      post({ id: msg.id, ok: true, value: await ops[msg.op](msg) });
    } catch (e) {
      post({ id: msg.id, ok: false, error: e.message, answer: e.answer || null });
    }
  };
}
