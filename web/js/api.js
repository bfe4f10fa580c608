// api.js: the server's HTTP API (docs/server.md) and one WebSocket per room
// that reconnects by itself with the seat's token and resyncs.

async function call(method, path, body) {
  const res = await fetch(path, {
    method,
    headers: body ? { 'content-type': 'application/json' } : {},
    body: body ? JSON.stringify(body) : undefined,
  });
  let data = null;
  try { data = await res.json(); } catch (e) { /* not JSON */ }
  if (!res.ok || (data && data.ok === false)) {
    const err = new Error((data && data.error && data.error.message) || `HTTP ${res.status}`);
    err.code = data && data.error && data.error.code;
    err.status = res.status;
    throw err;
  }
  return data;
}

export const api = {
  rooms: () => call('GET', '/rooms'),
  room: (code) => call('GET', `/rooms/${encodeURIComponent(code)}`),
  create: (req) => call('POST', '/rooms', req),
  join: (code, name) => call('POST', `/rooms/${encodeURIComponent(code)}/join`, { name }),
  host: (code, body) => call('POST', `/rooms/${encodeURIComponent(code)}/host`, body),
  story: (code, seat) => call('GET', `/rooms/${encodeURIComponent(code)}/story?seat=${seat}`),
  games: () => call('GET', '/games'),
};

// A room on the server as a room's page reads it (table.js): what to call
// it, its public state, and a connection that answers requests and pushes.
// A game on this device has the same shape (offline/solo.js).
export function serverRoom(code) {
  return {
    code,
    title: `Room ${code}`,
    where: `room ${code}`,
    replay: `#/replay/${code}`,
    gone: 'No room has that code. Check the letters with whoever sent it.',
    // Playing with friends needs the server: offline, the page says so.
    unreachable: () => (navigator.onLine ? 'The room could not be opened: try again in a moment.'
      : 'You are offline, and playing with friends needs the partyfood server. Games against bots still play on this device: go back to the lobby.'),
    chat: true,
    room: () => api.room(code),
    connect: (token, handlers) => new Conn(code, token, handlers),
  };
}

// Waits between tries to reconnect: the first, then doubling up to the
// most while the page is in view, or out of view.
const FIRST_RETRY_MS = 500;
const VISIBLE_RETRY_MS = 2000;
const HIDDEN_RETRY_MS = 10000;
// An act with a key sent again: at most this many times, and this long
// after the server said its first is still being played.
const KEYED_TRIES = 20;
const COMMITTING_RETRY_MS = 100;

// A key for an act (docs/protocol.md "Sending an act again"): random, so
// no two acts of a seat share one, from any page or connection.
export function actKey() {
  const b = crypto.getRandomValues(new Uint8Array(12));
  return Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
}

// The room's socket. handlers: hello(answer), push(message), status(text),
// closed(code, reason) for a close that must not be retried.
export class Conn {
  constructor(room, token, handlers) {
    this.room = room;
    this.token = token;
    this.h = handlers;
    this.next = 1;
    this.pending = new Map();
    this.helloWaits = []; // resolved by the next hello taken, or when the socket is given up
    this.delay = FIRST_RETRY_MS;
    this.stopped = false;
    this.ended = false; // closed for good by the server (removed, refused)
    // Back online, or back in view: try again at once.
    this.now = () => { if (this.waiting) this.reopen(); };
    this.seen = () => { if (!document.hidden) this.now(); };
    window.addEventListener('online', this.now);
    document.addEventListener('visibilitychange', this.seen);
    this.open();
  }

  reopen() {
    clearTimeout(this.waiting);
    this.waiting = null;
    if (!this.stopped) this.open();
  }

  open() {
    const scheme = location.protocol === 'https:' ? 'wss' : 'ws';
    // The room in the query is for a proxy in front of several server nodes,
    // which sends each room to its node (docs/server.md); the server reads
    // the room from the hello.
    const ws = new WebSocket(`${scheme}://${location.host}/ws?room=${encodeURIComponent(this.room.toUpperCase())}`);
    this.ws = ws;
    ws.onopen = () => {
      const hello = { cmd: 'hello', room: this.room, id: 0 };
      if (this.token) hello.token = this.token;
      ws.send(JSON.stringify(hello));
    };
    ws.onmessage = (e) => {
      let m;
      try { m = JSON.parse(e.data); } catch (err) { return; }
      if (m.push) { this.h.push(m); return; }
      if (m.id === 0) {
        if (m.ok) this.delay = FIRST_RETRY_MS; // backs off until a hello is taken, not just a socket
        this.h.hello(m);
        if (m.ok) this.helloed();
        return;
      }
      const p = this.pending.get(m.id);
      if (p) { this.pending.delete(m.id); p(m); }
    };
    ws.onclose = (e) => {
      for (const p of this.pending.values())
        p({ ok: false, error: { code: 'closed', message: 'the connection closed' } });
      this.pending.clear();
      if (this.stopped) return;
      // 4001: the host removed this person; 1008/1003/1009: a refusal.
      if (e.code === 4001 || e.code === 1003 || e.code === 1009) {
        this.ended = true;
        this.helloed();
        this.h.closed(e.code, e.reason);
        return;
      }
      this.h.status('reconnecting…');
      // While the page is in view a try is never more than 2 s away; a page
      // out of view waits longer, and tries at once when it is seen again.
      this.waiting = setTimeout(() => this.reopen(), this.delay);
      this.delay = Math.min(this.delay * 2, document.hidden ? HIDDEN_RETRY_MS : VISIBLE_RETRY_MS);
    };
  }

  // Resolves whoever waits for the next hello.
  helloed() {
    for (const w of this.helloWaits.splice(0)) w();
  }

  // One request; resolves with its answer (ok or not). An act with a "key"
  // is not lost with the socket: when it closes before the answer, the act
  // is sent again with the same key once the seat's hello is taken again
  // (the server answers a repeat with the first answer and plays nothing),
  // and again a moment later while the first is still being played.
  async request(msg) {
    for (let tries = 1; ; tries++) {
      const a = await this.once(msg);
      const err = !a.ok && a.error ? a.error : {};
      const lost = err.code === 'closed';
      const committing = err.code === 'rate_limited' && /still being played/.test(err.message || '');
      if (!msg.key || !(lost || committing) || tries >= KEYED_TRIES || this.stopped || this.ended) return a;
      await new Promise((resolve) => {
        if (committing) setTimeout(resolve, COMMITTING_RETRY_MS);
        else this.helloWaits.push(resolve);
      });
    }
  }

  once(msg) {
    return new Promise((resolve) => {
      if (!this.ws || this.ws.readyState !== WebSocket.OPEN) {
        resolve({ ok: false, error: { code: 'closed', message: 'not connected: reconnecting' } });
        return;
      }
      const id = this.next++;
      this.pending.set(id, resolve);
      this.ws.send(JSON.stringify({ ...msg, id }));
    });
  }

  // Closes this socket and opens another after the back-off delay.
  retry() {
    if (this.ws) this.ws.close();
  }

  close() {
    this.stopped = true;
    this.helloed();
    clearTimeout(this.waiting);
    window.removeEventListener('online', this.now);
    document.removeEventListener('visibilitychange', this.seen);
    if (this.ws) this.ws.close();
  }
}
