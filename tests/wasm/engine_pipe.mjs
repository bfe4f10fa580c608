// engine_pipe.mjs: `partyfood engine` run by the WebAssembly module, for
// the agreement tests: node engine_pipe.mjs MODULE [--seat N | --spectator]
// reads one request a line on stdin and answers each on stdout, through
// the page's own glue (web/js/engine/engine.js). Lines are passed on as
// bytes, so text that is not UTF-8 reaches the engine as it was sent.
//
// With --solo it drives solo rooms (engine.js's Solo) instead: each line
// is {"op", "now", "text"}, op one of create, resume (text: the setup or
// the save), hello and handle (text: the request), tick, due, sync, room,
// save; each is answered with two lines, the answer and the push (the
// text, or null; due's time as the answer).
import fs from 'node:fs';
import { Engine, OWNER, SPECTATOR } from '../../web/js/engine/engine.js';

const [modulePath, flag, value] = process.argv.slice(2);
const bound = flag === '--seat' ? Number(value) : flag === '--spectator' ? SPECTATOR : OWNER;
const engine = await Engine.load(fs.readFileSync(modulePath));
const session = flag === '--solo' ? null : engine.session(bound);

let solo = null;
function soloOp({ op, now, text }) {
  if (op === 'create' || op === 'resume') {
    if (solo) solo.close();
    solo = null;
    try {
      solo = op === 'create' ? engine.solo(JSON.parse(text), now) : engine.resume(text, now);
      return ['null', 'null'];
    } catch (e) {
      if (!e.answer) throw e;
      return [e.answer, 'null'];
    }
  }
  if (op === 'handle') {
    const { answer, push } = solo.handle(text, now);
    return [answer, push ?? 'null'];
  }
  if (op === 'tick') return ['null', solo.tick(now) ?? 'null'];
  if (op === 'due') return [String(solo.due()), 'null'];
  if (op === 'sync') return ['null', solo.sync(now)];
  if (op === 'room') return [solo.room(), 'null'];
  if (op === 'save') return [solo.save(), 'null'];
  throw new Error(`no op ${op}`);
}

// Lines as partyfood engine reads them: split at '\n', a '\r' before it
// dropped, empty lines skipped.
let pending = Buffer.alloc(0);
const out = [];
function answer(line) {
  if (line.length && line[line.length - 1] === 0x0d) line = line.subarray(0, line.length - 1);
  if (!line.length) return;
  if (session) out.push(session.handle(new Uint8Array(line)) + '\n');
  else out.push(soloOp(JSON.parse(line.toString())).join('\n') + '\n');
}
process.stdin.on('data', (chunk) => {
  pending = Buffer.concat([pending, chunk]);
  let nl;
  while ((nl = pending.indexOf(0x0a)) >= 0) {
    answer(pending.subarray(0, nl));
    pending = pending.subarray(nl + 1);
  }
  if (out.length) process.stdout.write(out.splice(0).join(''));
});
process.stdin.on('end', () => {
  answer(pending);
  process.stdout.write(out.join(''));
  if (session) session.close();
  if (solo) solo.close();
});
