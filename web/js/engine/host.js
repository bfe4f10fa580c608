// host.js: what the engine's Web Worker does (worker.js runs it; node's
// tests run it with a clock and a keep of their own). It loads the module,
// keeps the page's protocol sessions and solo rooms, answers the page's
// calls, and plays a solo room's bots when their time comes, pushing their
// steps to the page by itself.
//
// A solo game the page keeps on the device is saved here after every
// change (keep: offline/saves.js): the save holds the seed, so it stays
// on this side; the page reads only what the list shows (the game, its
// seats, how far it got), and a game's file only once it is over.
//
// The page's messages: {id, op, ...}; the answers: {id, ok: true, value}
// or {id, ok: false, error, answer} (answer: the engine's refusal, when it
// refused); a push: {solo, push} (text), always before the answer of the
// call that caused it.
//   load {bytes | url}       -> {protocol}
//   session {bound}          -> session id     (a protocol session)
//   ask {session, request}   -> the answer's text
//   solo {setup, keep}       -> {solo, room, id} (solo.h; room: its text;
//                               keep: saved on the device under a new id)
//   resume {save}            -> {solo, room}
//   open {kept}              -> {solo, room, id}  (a kept game by its id, going on)
//   lesson {text, chapter}   -> {solo, room}    (a lesson, spoken to as a solo room)
//   solo-ask {solo, request} -> the answer's text (a room's request)
//   solo-save {solo}         -> the save's text
//   story {kept | text, seat} -> the story's text (a finished game, for the replay viewer)
//   export {kept}            -> a finished kept game's file (its save: a replay)
//   import {text}            -> the kept game's entry (a finished game's file)
//   close {session | solo}
import { Engine } from './engine.js';

const defaultClock = {
  now: () => performance.now(),
  later: (f, ms) => setTimeout(f, ms),
  cancel: (timer) => clearTimeout(timer),
  date: () => Date.now(),
};

// A new id for a kept game: 12 random hex digits.
function newId() {
  const b = crypto.getRandomValues(new Uint8Array(6));
  return Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
}

// The module compiled as it streams in, or from its bytes where the host
// serves it as something else than application/wasm (a plain file host).
async function fetchModule(url) {
  const res = await fetch(url);
  if (!res.ok) throw new Error(`the engine module: HTTP ${res.status}`);
  const wasm = /^application\/wasm/.test(res.headers.get('content-type') || '');
  return wasm && WebAssembly.compileStreaming ? WebAssembly.compileStreaming(res) : res.arrayBuffer();
}

function refused(answer) {
  return Object.assign(new Error(`refused: ${answer}`), { answer });
}

// A kept game plays in one tab at a time: its lock (the Web Locks API,
// where the browser has it) is held while it is open, and a second tab is
// refused (busy) rather than both saving over each other. Resolves with
// the lock's release.
async function hold(id) {
  const locks = globalThis.navigator && navigator.locks;
  if (!locks) return () => {};
  let release;
  const held = new Promise((r) => { release = r; });
  const got = await new Promise((resolve) => {
    locks.request(`partyfood-game-${id}`, { ifAvailable: true }, (lock) => {
      resolve(!!lock);
      return lock ? held : null;
    });
  });
  if (!got) throw refused('{"ok":false,"error":{"code":"busy","message":"this game is open in another tab"}}');
  return release;
}

export function host(post, clock = defaultClock, keep = null) {
  let engine = null;
  let next = 1;
  const sessions = new Map();
  const solos = new Map(); // id -> {room, timer, kept, saving, dirty, closed}

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
      if (push) pushed(id, push);
      schedule(id);
    }, Math.max(0, due - clock.now()));
  }

  // A push to the page; a kept game's entry follows it and the game is saved.
  function pushed(id, push) {
    post({ solo: id, push });
    const s = solos.get(id);
    if (!s.kept) return;
    const p = JSON.parse(push);
    Object.assign(s.kept, { steps: p.step_count, over: !!p.over, results: p.results || null,
      updated: clock.date() });
    persist(s);
  }

  // Saves a kept game: at once, or after the save on its way (one at a time,
  // the newest state last).
  function persist(s) {
    if (!s.kept || s.closed) return;
    s.dirty = true;
    if (!s.saving) s.saving = drain(s);
  }

  async function drain(s) {
    while (s.dirty && !s.closed) {
      s.dirty = false;
      await keep.put({ ...s.kept }, s.room.save());
    }
    s.saving = null;
  }

  function open(room, kept = null, release = null) {
    const id = next++;
    solos.set(id, { room, timer: null, kept, release, saving: null, dirty: false, closed: false });
    schedule(id);
    return { solo: id, room: room.room(), id: kept ? kept.id : null };
  }

  function solo(id) {
    const s = solos.get(id);
    if (!s) throw new Error(`no solo room ${id}`);
    return s;
  }

  async function close(id) {
    const s = solos.get(id);
    if (!s) return;
    solos.delete(id);
    if (s.timer !== null) clock.cancel(s.timer);
    const last = s.kept && s.dirty ? s.room.save() : null;
    s.closed = true;
    s.room.close();
    await s.saving;
    if (last) await keep.put({ ...s.kept }, last);
    if (s.release) s.release();
  }

  // A kept game's file, or a refusal the page can say.
  async function kept(id) {
    const k = keep && await keep.get(id);
    if (!k) throw refused('{"ok":false,"error":{"code":"no_game","message":"no game of that name is kept on this device"}}');
    return k;
  }

  const ops = {
    async load({ bytes, url }) {
      engine = await Engine.load(bytes || await fetchModule(url));
      return { protocol: engine.protocol };
    },
    session({ bound }) {
      const id = next++;
      sessions.set(id, engine.session(bound));
      return id;
    },
    ask({ session, request }) { return sessions.get(session).handle(request); },
    async solo({ setup, keep: keeping }) {
      const room = engine.solo(setup, clock.now());
      if (!keeping) return open(room);
      const pub = JSON.parse(room.room());
      const at = clock.date();
      const entry = { id: newId(), game: pub.game, seats: pub.seats, setup, steps: 0, over: false,
        results: null, started: at, updated: at };
      await keep.put(entry, room.save());
      return open(room, entry, await hold(entry.id));
    },
    resume({ save }) { return open(engine.resume(save, clock.now())); },
    lesson({ text, chapter }) { return open(engine.lesson(text, chapter)); },
    async open({ kept: id }) {
      const release = await hold(id);
      try {
        const k = await kept(id);
        return open(engine.resume(k.save, clock.now()), { ...k.entry }, release);
      } catch (e) {
        release();
        throw e;
      }
    },
    'solo-ask'({ solo: id, request }) {
      const { answer, push } = solo(id).room.handle(request, clock.now());
      if (push) pushed(id, push);
      schedule(id);
      return answer;
    },
    'solo-save'({ solo: id }) { return solo(id).room.save(); },
    async story({ kept: id, text, seat }) {
      return engine.story(id ? (await kept(id)).save : text, seat);
    },
    async export({ kept: id }) {
      const k = await kept(id);
      if (!k.entry.over) throw refused('{"ok":false,"error":{"code":"bad_request","message":"a game still on is not given out: its file tells every hidden piece"}}');
      return k.save;
    },
    // A finished game's file from elsewhere (an export, a server's replay,
    // `partyfood engine`'s save), kept to be watched again.
    async import({ text }) {
      const story = JSON.parse(engine.story(text, -1));
      const file = JSON.parse(text);
      const seating = Array.isArray(file.seating) ? file.seating : [];
      const seats = story.names.map((name, seat) => ({ seat, name,
        kind: String(seating[seat] || '').startsWith('bot:') ? 'bot' : 'person' }));
      const at = clock.date();
      const entry = { id: newId(), game: story.game, seats, setup: null, steps: story.steps.length,
        over: true, results: story.results, started: at, updated: at, imported: true };
      await keep.put(entry, text);
      return entry;
    },
    async close({ session, solo: id }) {
      if (sessions.has(session)) sessions.get(session).close();
      sessions.delete(session);
      await close(id);
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
