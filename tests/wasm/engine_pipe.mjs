// engine_pipe.mjs: `partyfood engine` run by the WebAssembly module, for
// the agreement tests: node engine_pipe.mjs MODULE [--seat N | --spectator]
// reads one request a line on stdin and answers each on stdout, through
// the page's own glue (web/js/engine/engine.js). Lines are passed on as
// bytes, so text that is not UTF-8 reaches the engine as it was sent.
import fs from 'node:fs';
import { Engine, OWNER, SPECTATOR } from '../../web/js/engine/engine.js';

const [modulePath, flag, value] = process.argv.slice(2);
const bound = flag === '--seat' ? Number(value) : flag === '--spectator' ? SPECTATOR : OWNER;
const engine = await Engine.load(fs.readFileSync(modulePath));
const session = engine.session(bound);

// Lines as partyfood engine reads them: split at '\n', a '\r' before it
// dropped, empty lines skipped.
let pending = Buffer.alloc(0);
const out = [];
function answer(line) {
  if (line.length && line[line.length - 1] === 0x0d) line = line.subarray(0, line.length - 1);
  if (line.length) out.push(session.handle(new Uint8Array(line)) + '\n');
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
  session.close();
});
