// wasi.js: the WASI calls the engine module imports, for a page, a Web
// Worker or node: the clocks (ISMCTS's time budgets), random bytes for
// fresh seeds (crypto.getRandomValues), and writes to standard output and
// error, which go to the console. The module opens no file and imports
// nothing else; a module that did would fail to instantiate, loudly.
const ESUCCESS = 0;
const EBADF = 8;
const ESPIPE = 70;
const CLOCK_REALTIME = 0;
const RANDOM_CHUNK = 65536; // the most getRandomValues fills at once

// The imports of module `wasi_snapshot_preview1`; memory() gives the
// instance's memory once it exists.
export function wasiImports(memory) {
  const view = () => new DataView(memory().buffer);
  const bytes = (ptr, len) => new Uint8Array(memory().buffer, ptr, len);
  const text = { 1: '', 2: '' }; // a line being written to fd 1 or 2
  const decoder = new TextDecoder();
  return {
    clock_time_get(id, precision, out) {
      const ms = id === CLOCK_REALTIME ? Date.now() : performance.now();
      view().setBigUint64(out, BigInt(Math.round(ms * 1e6)), true);
      return ESUCCESS;
    },
    random_get(ptr, len) {
      for (let i = 0; i < len; i += RANDOM_CHUNK)
        crypto.getRandomValues(bytes(ptr + i, Math.min(RANDOM_CHUNK, len - i)));
      return ESUCCESS;
    },
    fd_write(fd, iovs, n, written) {
      if (fd !== 1 && fd !== 2) return EBADF;
      const v = view();
      let total = 0;
      for (let i = 0; i < n; i++) {
        const ptr = v.getUint32(iovs + 8 * i, true), len = v.getUint32(iovs + 8 * i + 4, true);
        text[fd] += decoder.decode(bytes(ptr, len));
        total += len;
      }
      const lines = text[fd].split('\n');
      text[fd] = lines.pop();
      for (const line of lines) (fd === 1 ? console.log : console.warn)(line);
      view().setUint32(written, total, true);
      return ESUCCESS;
    },
    fd_close: () => ESUCCESS,
    fd_seek: () => ESPIPE, // standard output and error are no files to seek in
  };
}
