// engine.js: the engine module (build-wasm/partyfood.wasm) in JavaScript,
// for a Web Worker (worker.js) or node (tests/wasm/). A Session answers the
// engine protocol (docs/protocol.md) exactly as `partyfood engine` does; a
// Solo is a room for one person and bots that speaks to the page as a
// server's room does (its answers and its sync and steps pushes,
// docs/server.md): the same C code behind each. Texts are JSON.
import { wasiImports } from './wasi.js';

const encoder = new TextEncoder();
const decoder = new TextDecoder();

// Owner of the table (every seat), a spectator: what `partyfood engine`
// is by default and with --spectator; a seat number binds to that seat.
export const OWNER = -2;
export const SPECTATOR = -1;

export class Engine {
  // The module's compiled code (WebAssembly.Module), or its bytes.
  static async load(code) {
    const module = code instanceof WebAssembly.Module ? code : await WebAssembly.compile(code);
    let instance = null;
    const imports = { wasi_snapshot_preview1: wasiImports(() => instance.exports.memory) };
    instance = await WebAssembly.instantiate(module, imports);
    instance.exports._initialize();
    return new Engine(instance.exports);
  }

  constructor(exports) {
    this.x = exports;
    // The protocol version: a page refuses a module that speaks another
    // version than its server.
    this.protocol = exports.pf_wasm_protocol();
  }

  // A solo room from its setup ({game, seating, options, seed?,
  // memory_aid?}: src/proto/solo.h), or from a save (resume), at the page's
  // time now (ms). A refused setup throws an Error whose answer is the
  // refusal (the protocol's error codes).
  solo(setup, now) { return this.openSolo('pf_wasm_solo_create', JSON.stringify(setup), now); }
  resume(save, now) { return this.openSolo('pf_wasm_solo_resume', save, now); }

  // A lesson (src/proto/lesson_room.h) from its file's text, at chapter
  // (from 0): spoken to as a solo room whose bots never move by themselves.
  lesson(text, chapter = 0) {
    const ptr = this.withBytes(text, (p, n) => this.x.pf_wasm_lesson_create(p, n, chapter));
    if (!ptr) throw new Error('the engine ran out of memory');
    if (this.x.pf_wasm_lesson_ok(ptr)) return new Lesson(this, ptr);
    const answer = this.text(this.x.pf_wasm_lesson_answer(ptr));
    this.x.pf_wasm_lesson_free(ptr);
    throw Object.assign(new Error(`refused: ${answer}`), { answer });
  }

  openSolo(fn, text, now) {
    const ptr = this.withBytes(text, (p, n) => this.x[fn](p, n, now));
    if (!ptr) throw new Error('the engine ran out of memory');
    if (this.x.pf_wasm_solo_ok(ptr)) return new Solo(this, ptr);
    const answer = this.text(this.x.pf_wasm_solo_answer(ptr));
    this.x.pf_wasm_solo_free(ptr);
    throw Object.assign(new Error(`refused: ${answer}`), { answer });
  }

  // A finished game's story (the replay viewer's: src/proto/story.h) from
  // its replay or save, as seat saw it (-1: everything shown): its text.
  // A file the engine refuses throws an Error whose answer is the refusal.
  story(text, seat) {
    const out = this.withBytes(text, (p, n) => this.text(this.x.pf_wasm_story(p, n, seat)));
    if (out.startsWith('{"ok":false')) throw Object.assign(new Error(`refused: ${out}`), { answer: out });
    return out;
  }

  session(bound = OWNER) {
    const ptr = this.x.pf_wasm_session_new(bound);
    if (!ptr) throw new Error('the engine ran out of memory');
    return new Session(this, ptr);
  }

  // The text at ptr, up to its NUL; null for a null pointer.
  text(ptr) {
    if (!ptr) return null;
    const mem = new Uint8Array(this.x.memory.buffer);
    let end = ptr;
    while (mem[end]) end++;
    return decoder.decode(mem.subarray(ptr, end));
  }

  // Calls f(ptr, len) with bytes (a string's UTF-8, or a Uint8Array as it
  // is) in the module's memory, NUL-terminated, and frees them after.
  withBytes(bytes, f) {
    const data = typeof bytes === 'string' ? encoder.encode(bytes) : bytes;
    const ptr = this.x.pf_wasm_alloc(data.length + 1);
    if (!ptr) throw new Error('the engine ran out of memory');
    try {
      const mem = new Uint8Array(this.x.memory.buffer, ptr, data.length + 1);
      mem.set(data);
      mem[data.length] = 0;
      return f(ptr, data.length);
    } finally {
      this.x.pf_wasm_free(ptr);
    }
  }
}

export class Session {
  constructor(engine, ptr) {
    this.e = engine;
    this.ptr = ptr;
  }

  // One request (a JSON line as text or bytes, or an object) in, its
  // answer's text out.
  handle(request) {
    const line = typeof request === 'object' && !(request instanceof Uint8Array)
      ? JSON.stringify(request) : request;
    return this.e.withBytes(line, (p, n) => this.e.text(this.e.x.pf_wasm_session_handle(this.ptr, p, n)));
  }

  close() {
    if (this.ptr) this.e.x.pf_wasm_session_free(this.ptr);
    this.ptr = 0;
  }
}

// What the engine answers when memory runs out (PF_ANSWER_NO_MEMORY).
const NO_MEMORY = '{"ok":false,"error":{"code":"no_memory","message":"the engine ran out of memory; the game is as it was"}}';

export class Solo {
  constructor(engine, ptr) {
    this.e = engine;
    this.ptr = ptr;
  }

  // The last call's answer and push (text, or null).
  get answer() { return this.e.text(this.e.x.pf_wasm_solo_answer(this.ptr)); }
  get pushed() { return this.e.text(this.e.x.pf_wasm_solo_push(this.ptr)); }

  // One request as the page sends a room (hello, act, undo, legal, view,
  // plan, result, games): {answer, push}; the push (a steps push, or the
  // sync a hello gets) goes to the page before the answer.
  handle(request, now) {
    const line = typeof request === 'object' ? JSON.stringify(request) : request;
    this.e.withBytes(line, (p, n) => this.e.x.pf_wasm_solo_handle(this.ptr, p, n, now));
    return { answer: this.answer || NO_MEMORY, push: this.pushed };
  }

  // The bots' moves due by now: their steps push, or null.
  tick(now) {
    this.e.x.pf_wasm_solo_tick(this.ptr, now);
    return this.pushed;
  }

  // The page's time of the next bot move (ms), or -1 when none is due.
  due() { return this.e.x.pf_wasm_solo_due(this.ptr); }

  // The sync push for the person's seat.
  sync(now) {
    this.e.x.pf_wasm_solo_sync(this.ptr, now);
    return this.pushed;
  }

  // The room's description, as a server's GET /rooms/CODE.
  room() {
    this.e.x.pf_wasm_solo_room(this.ptr);
    return this.answer;
  }

  // The save (it holds the seed: for the device's storage, never shown
  // to the player mid-game).
  save() {
    this.e.x.pf_wasm_solo_save(this.ptr);
    return this.answer;
  }

  close() {
    if (this.ptr) this.e.x.pf_wasm_solo_free(this.ptr);
    this.ptr = 0;
  }
}

// A lesson, with a solo room's calls (the worker's host holds either):
// its steps come only from the page's requests (next, act), so nothing is
// ever due, and nothing is kept.
export class Lesson {
  constructor(engine, ptr) {
    this.e = engine;
    this.ptr = ptr;
  }

  handle(request, now) {
    const line = typeof request === 'object' ? JSON.stringify(request) : request;
    this.e.withBytes(line, (p, n) => this.e.x.pf_wasm_lesson_handle(this.ptr, p, n, now));
    return { answer: this.e.text(this.e.x.pf_wasm_lesson_answer(this.ptr)) || NO_MEMORY,
      push: this.e.text(this.e.x.pf_wasm_lesson_push(this.ptr)) };
  }

  due() { return -1; }

  tick() { return null; }

  room() {
    this.e.x.pf_wasm_lesson_room(this.ptr);
    return this.e.text(this.e.x.pf_wasm_lesson_answer(this.ptr));
  }

  close() {
    if (this.ptr) this.e.x.pf_wasm_lesson_free(this.ptr);
    this.ptr = 0;
  }
}
