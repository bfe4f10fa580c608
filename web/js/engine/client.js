// client.js: the page's side of the engine's Web Worker (worker.js).
//
//   const engine = new EngineWorker('/wasm/partyfood.wasm');
//   const { protocol } = await engine.ready;   // refuse another protocol than the server's
//   const room = await engine.solo({ game: 'pizza', seating: ['ana', 'bot:medium'] },
//                                  (push) => reduce({ type: 'push', message: push }));
//   reduce({ type: 'room', pub: room.pub });
//   reduce({ type: 'hello', answer: await room.ask({ cmd: 'hello' }) }); // a sync push comes first
//   await room.ask({ cmd: 'act', action: 'flip 5' });  // the steps push comes before the answer
//   keep(await room.save());                           // the device's save: it holds the seed
//
// A solo room answers and pushes what a server's room does (docs/server.md;
// src/proto/solo.h), so the page's reducer reads both alike; its bots move
// on the worker's clock and their pushes come by themselves. A protocol
// session (engine.session(bound)) answers as `partyfood engine` does.
export class EngineWorker {
  // worker: a Worker-like object ({postMessage, onmessage}) in place of the
  // module worker, and bytes: the module's in place of fetching it (tests).
  constructor(moduleUrl, { worker, bytes } = {}) {
    this.worker = worker || new Worker(new URL('./worker.js', import.meta.url), { type: 'module' });
    this.next = 1;
    this.calls = new Map();
    this.listeners = new Map(); // solo id -> push handler
    this.worker.onmessage = (e) => this.receive(e.data);
    // A worker that could not start (no module workers here): every call fails.
    this.worker.onerror = (e) => {
      console.error(`the engine's worker: ${e.message}`);
      for (const call of this.calls.values()) call.reject(new Error(`the engine's worker failed: ${e.message || 'no module workers'}`));
      this.calls.clear();
    };
    this.ready = this.call('load', bytes ? { bytes } : { url: String(moduleUrl) });
  }

  receive(m) {
    if (m.push) {
      const listener = this.listeners.get(m.solo);
      if (listener) listener(JSON.parse(m.push));
      return;
    }
    const call = this.calls.get(m.id);
    if (!call) return; // failed already, with the worker
    this.calls.delete(m.id);
    if (m.ok) call.resolve(m.value);
    else call.reject(Object.assign(new Error(m.error), { answer: m.answer && JSON.parse(m.answer) }));
  }

  call(op, fields = {}) {
    const id = this.next++;
    return new Promise((resolve, reject) => {
      this.calls.set(id, { resolve, reject });
      this.worker.postMessage({ ...fields, id, op });
    });
  }

  // A protocol session: ask(request) answers as `partyfood engine` does.
  async session(bound = -2) {
    await this.ready;
    const id = await this.call('session', { bound });
    return {
      ask: async (request) => JSON.parse(await this.call('ask', { session: id, request: JSON.stringify(request) })),
      close: () => this.call('close', { session: id }),
    };
  }

  // A solo room from its setup, or from a save (resume); onPush gets each
  // push, parsed. A refused setup rejects with the engine's answer. With
  // keep, the game is kept on the device (host.js) under the answer's id,
  // and open(id) takes it up again, after a reload too.
  async solo(setup, onPush, { keep = false } = {}) { return this.openSolo('solo', { setup, keep }, onPush); }
  async resume(save, onPush) { return this.openSolo('resume', { save }, onPush); }
  async open(id, onPush) { return this.openSolo('open', { kept: id }, onPush); }
  // A lesson from its file's text at chapter (from 0), spoken to as a solo
  // room (src/proto/lesson_room.h): ask({cmd: 'next'}) and the like.
  async lesson(text, chapter, onPush) { return this.openSolo('lesson', { text, chapter }, onPush); }

  // A finished game's story for the replay viewer (parsed), from a kept
  // game ({kept: id}) or a file's text ({text}), as seat saw it (-1: everything).
  async story(from, seat) { await this.ready; return JSON.parse(await this.call('story', { ...from, seat })); }
  // A finished kept game's file (a replay `partyfood replay` reads).
  async exportGame(id) { await this.ready; return this.call('export', { kept: id }); }
  // Keeps a finished game's file on the device: its entry.
  async importGame(text) { await this.ready; return this.call('import', { text }); }

  async openSolo(op, fields, onPush) {
    await this.ready;
    const { solo, room, id } = await this.call(op, fields);
    this.listeners.set(solo, onPush);
    return {
      id,
      pub: JSON.parse(room),
      ask: async (request) => JSON.parse(await this.call('solo-ask', { solo, request: JSON.stringify(request) })),
      save: () => this.call('solo-save', { solo }),
      close: () => {
        this.listeners.delete(solo);
        return this.call('close', { solo });
      },
    };
  }

  terminate() { this.worker.terminate(); }
}
