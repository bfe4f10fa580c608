// engine.js: the engine module (build-wasm/partyfood.wasm) in JavaScript,
// for a Web Worker (worker.js) or node (tests/wasm/). A session answers
// the engine protocol (docs/protocol.md) exactly as `partyfood engine`
// does: the same C code behind both. Requests and answers are JSON text.
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

  session(bound = OWNER) {
    const ptr = this.x.pf_wasm_session_new(bound);
    if (!ptr) throw new Error('the engine ran out of memory');
    return new Session(this, ptr);
  }

  // The text at ptr, up to its NUL.
  text(ptr) {
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
