// device.js: playing without a server. The engine module in a Web Worker
// (engine/client.js), started once a page, and where the page stands:
// whether a server answers (and why not), and whether this device's engine
// may play, which it may only in the server's protocol (a page kept by an
// older visit refuses a server of another version, and says so).
import { EngineWorker } from '../engine/client.js';
import { api } from '../api.js';

const MODULE_URL = new URL('../../wasm/partyfood.wasm', import.meta.url);

let started = null;

// A promise of the ready engine, or of null where it cannot run here (no
// WebAssembly or workers, or the module could not be had).
export function deviceEngine() {
  if (!started) {
    started = (async () => {
      if (typeof WebAssembly !== 'object' || typeof Worker !== 'function') return null;
      let engine = null;
      try {
        engine = new EngineWorker(MODULE_URL);
        engine.protocol = (await engine.ready).protocol;
        return engine;
      } catch (e) {
        if (engine) engine.terminate();
        return null;
      }
    })();
  }
  return started;
}

// Where the page stands: {server: the server's games answer, or null; why
// there is none: 'offline' (the browser says so), 'static' (the page came
// from a plain file host: no game server behind it) or 'unreachable';
// engine: this device's engine when it may play, else null; mismatch:
// {module, server} when their protocols differ}.
export async function where() {
  const [server, engine] = await Promise.all([api.games().catch((e) => e), deviceEngine()]);
  const up = !!(server && server.games);
  const mismatch = up && engine && server.protocol !== engine.protocol;
  let why = null;
  // A host that answers with something else (a 404, a page) serves files only.
  if (!up) why = !navigator.onLine ? 'offline' : !(server instanceof Error) || server.status ? 'static' : 'unreachable';
  return {
    server: up ? server : null, why, engine: mismatch ? null : engine,
    mismatch: mismatch ? { module: engine.protocol, server: server.protocol } : null,
  };
}

// The games' facts from this device's engine (its `games` answer is the
// server's GET /games, byte for byte).
export async function deviceFacts() {
  const engine = await deviceEngine();
  if (!engine) throw new Error('no engine on this device');
  const session = await engine.session(-1);
  const answer = await session.ask({ cmd: 'games' });
  session.close();
  return answer;
}
