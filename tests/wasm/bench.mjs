// bench.mjs: `partyfood bench` inside the WebAssembly module, in node:
//   node tests/wasm/bench.mjs build-wasm/partyfood-bench.wasm [bench's arguments]
// prints what `partyfood bench` prints natively (docs/offline.md puts the
// two side by side). A measurement, never a test.
import fs from 'node:fs';
import { WASI } from 'node:wasi';

const [path, ...args] = process.argv.slice(2);
const wasi = new WASI({ version: 'preview1', args: ['bench', ...args], env: {} });
const module = await WebAssembly.compile(fs.readFileSync(path));
const instance = await WebAssembly.instantiate(module, wasi.getImportObject());
process.exitCode = wasi.start(instance);
