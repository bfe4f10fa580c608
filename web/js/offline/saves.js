// saves.js: the games kept on this device, in IndexedDB ("partyfood"): for
// each game its entry (what the lobby lists: the game, its seats, its setup,
// how far it got, when) and its save (the module's, which holds the seed).
// The engine's worker writes both after every change and reads saves
// (engine/host.js); the page reads entries only, and deletes games. Where
// the browser keeps nothing (IndexedDB refused), a game lasts as long as
// its worker and the list is empty.
const NAME = 'partyfood';
const ENTRIES = 'entries';
const SAVES = 'saves';

let opened = null;

function db() {
  if (!opened) {
    opened = new Promise((resolve) => {
      let req;
      try { req = indexedDB.open(NAME, 1); } catch (e) { resolve(null); return; }
      req.onupgradeneeded = () => {
        req.result.createObjectStore(ENTRIES, { keyPath: 'id' });
        req.result.createObjectStore(SAVES);
      };
      req.onsuccess = () => resolve(req.result);
      req.onerror = () => resolve(null);
      req.onblocked = () => resolve(null);
    });
  }
  return opened;
}

// Runs fn(stores) in one transaction; resolves once it is done with what
// fn's requests gave (one request: its result; an array of them: theirs).
async function transaction(mode, fn) {
  const d = await db();
  if (!d) return undefined;
  return new Promise((resolve, reject) => {
    const tx = d.transaction([ENTRIES, SAVES], mode);
    const reqs = fn({ entries: tx.objectStore(ENTRIES), saves: tx.objectStore(SAVES) });
    tx.oncomplete = () => resolve(Array.isArray(reqs) ? reqs.map((r) => r.result) : reqs && reqs.result);
    tx.onerror = () => reject(tx.error);
    tx.onabort = () => reject(tx.error || new Error('the device refused to keep the game'));
  });
}

const memory = new Map(); // where IndexedDB is refused: this worker's games only

// The worker's side (host.js): put(entry, save), get(id) -> {entry, save} or null.
export const keep = {
  async put(entry, save) {
    if (!(await db())) { memory.set(entry.id, { entry, save }); return; }
    await transaction('readwrite', (s) => { s.entries.put(entry); return s.saves.put(save, entry.id); });
  },
  async get(id) {
    if (!(await db())) return memory.get(id) || null;
    const [entry, save] = await transaction('readonly', (s) => [s.entries.get(id), s.saves.get(id)]);
    return entry && save ? { entry, save } : null;
  },
};

// Whether games are kept between visits here.
export async function kept() { return !!(await db()); }

// Every kept game's entry, the latest played first.
export async function entries() {
  const all = (await transaction('readonly', (s) => s.entries.getAll())) || [];
  return all.sort((a, b) => b.updated - a.updated);
}

export async function entry(id) {
  return (await transaction('readonly', (s) => s.entries.get(id))) || null;
}

export async function remove(id) {
  await transaction('readwrite', (s) => { s.entries.delete(id); return s.saves.delete(id); });
}
