// lib.js: what the server tests share: a server of their own on 127.0.0.1
// (a free port, a temporary database), HTTP calls, and a WebSocket client
// that records every frame it receives and plays random legal moves.
'use strict';
const { spawn } = require('child_process');
const fs = require('fs');
const http = require('http');
const https = require('https');
const os = require('os');
const path = require('path');
const WebSocket = require('ws');

const BIN = process.env.PF_BIN;
if (!BIN) throw new Error('PF_BIN must name the partyfood program');

// A temporary folder for the test's database, removed at exit.
function tempDir() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pf-server-'));
  process.on('exit', () => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
}

const running = new Set();
process.on('exit', () => { for (const p of running) p.kill('SIGKILL'); });

// Starts `partyfood serve` on a free port with more arguments (args),
// environment variables (env) and, for TLS, the certificate the clients
// trust (ca); resolves with { proc, port, base, wsBase, ca, log() (its
// output so far) }. Under scripts/with_pg.sh (PF_TEST_PG set) the database
// is that PostgreSQL instead of the SQLite file db, with leases of leaseMs
// (the server's default: a node stalled longer than that on a loaded
// machine lets its rooms go; the tests of taking over ask for short ones).
function startServer(db, { args = [], env = {}, ca, leaseMs = 5000 } = {}) {
  return new Promise((resolve, reject) => {
    const where = process.env.PF_TEST_PG ? [process.env.PF_TEST_PG, '--lease-ms', String(leaseMs)] : [db];
    const proc = spawn(BIN, ['serve', '--listen', '127.0.0.1:0', '--db', ...where, ...args],
                       { stdio: ['ignore', 'pipe', 'inherit'], env: { ...process.env, ...env } });
    running.add(proc);
    let out = '';
    const timer = setTimeout(() => reject(new Error('the server did not start')), 10000);
    proc.log = () => out;
    proc.stdout.on('data', (d) => {
      out += d;
      const m = /listening on (https?):\/\/127\.0\.0\.1:(\d+)/.exec(out);
      if (m && !proc.port) {
        clearTimeout(timer);
        proc.port = Number(m[2]);
        resolve({ proc, port: proc.port, base: `${m[1]}://127.0.0.1:${proc.port}`,
                  wsBase: `${m[1] === 'https' ? 'wss' : 'ws'}://127.0.0.1:${proc.port}`, ca,
                  log: proc.log });
      }
    });
    proc.on('exit', (code) => { running.delete(proc); if (!proc.port) reject(new Error(`exit ${code}`)); });
  });
}

// Stops it: SIGTERM (a clean stop, checked) or SIGKILL.
function stopServer(s, signal = 'SIGTERM') {
  return new Promise((resolve, reject) => {
    s.proc.on('exit', (code, sig) => {
      if (signal === 'SIGTERM' && code !== 0) reject(new Error(`the server exited ${code} ${sig}`));
      else resolve();
    });
    s.proc.kill(signal);
  });
}

// One HTTP request; resolves with { status, body (parsed JSON; a text/plain
// page as text), headers }.
function request(s, method, url, body) {
  return new Promise((resolve, reject) => {
    const data = body === undefined ? undefined
      : typeof body === 'string' ? body : JSON.stringify(body);
    const lib = s.base.startsWith('https') ? https : http;
    const req = lib.request(`${s.base}${url}`, { method, ca: s.ca, headers: data ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(data) } : {} }, (res) => {
      let text = '';
      res.on('data', (d) => { text += d; });
      res.on('end', () => {
        let parsed = text;
        if (!/^text\/plain/.test(res.headers['content-type'] || '')) {
          try { parsed = JSON.parse(text); } catch (e) { return reject(new Error(`not JSON: ${text}`)); }
        }
        resolve({ status: res.statusCode, body: parsed, headers: res.headers });
      });
    });
    req.on('error', reject);
    if (data) req.write(data);
    req.end();
  });
}

// Whether answer a refuses a meter's stop for arriving past the lag cap.
const lateStop = (a) => !a.ok && a.error.code === 'late_meter';

// A WebSocket client of one room: answers by id, pushes, every frame kept.
class Client {
  constructor(s, name) {
    this.s = s;
    this.name = name;
    this.frames = []; // every text frame received
    this.pending = new Map();
    this.nextId = 1;
    this.seat = null;
    this.last = null; // the latest push: to_act, over, steps...
    this.onPush = null;
    this.retryElsewhere = true;
  }

  connect() {
    return new Promise((resolve, reject) => {
      this.ws = new WebSocket(`${this.s.wsBase}/ws`, { ca: this.s.ca });
      this.closed = new Promise((res) => this.ws.on('close', (code, reason) => {
        this.closedWith = `${code} ${reason}`;
        res({ code, reason: String(reason) });
      }));
      this.ws.on('open', resolve);
      this.ws.on('error', reject);
      this.ws.on('message', (data, binary) => {
        const text = String(data);
        this.frames.push(text);
        const m = JSON.parse(text);
        if (m.push) {
          if (m.push === 'sync') this.seat = m.seat;
          if (m.push === 'steps' || m.started) this.last = m;
          if (this.onPush) this.onPush(m);
        } else if (m.id !== undefined && this.pending.has(m.id)) {
          this.pending.get(m.id)(m);
          this.pending.delete(m.id);
        }
      });
    });
  }

  // Sends a request and resolves with its answer.
  ask(req) {
    const id = this.nextId++;
    return new Promise((resolve) => {
      this.pending.set(id, resolve);
      this.ws.send(JSON.stringify({ ...req, id }));
    });
  }

  // Plays a skill action by meter (ruling C-4): asks for a meter, lets it
  // run waitMs (more than a person's reaction) and stops it there. A stop
  // the server read past its lag cap (a loaded machine's round trip, not
  // the client's doing) is made again with a new meter, a few times.
  async actByMeter(kind, waitMs = 150) {
    let a;
    for (let tries = 0; tries < 5 && (!a || lateStop(a)); tries++) {
      const m = await this.ask({ cmd: 'meter' });
      if (!m.ok) return m;
      const received = Date.now();
      await new Promise((r) => setTimeout(r, waitMs));
      a = await this.ask({ cmd: 'act', action: kind, meter: { id: m.meter.id, stop_ms: Date.now() - received } });
    }
    return a;
  }

  // Says hello; while the room's lease is held by a node that died
  // (elsewhere, on a shared database), asks again as a real client would.
  async hello(room, token) {
    const req = { cmd: 'hello', room };
    if (token) req.token = token;
    let a = await this.ask(req);
    for (let i = 0; !a.ok && a.error.code === 'elsewhere' && this.retryElsewhere && i < 100; i++) {
      await new Promise((r) => setTimeout(r, 100));
      a = await this.ask(req);
    }
    if (a.ok) this.seat = a.seat;
    return a;
  }

  close() { this.ws.close(); return this.closed; }
}

// A skill action's kind ("toss", "stack cup") when its name ends in its
// skill number, which a person's client gets from a meter (C-4); else null.
function skillKind(action) {
  const m = /^(toss|stack \S+) -?\d+(\.\d+)?$/.exec(action);
  return m ? m[1] : null;
}

const limited = (answer) => answer && !answer.ok && answer.error.code === 'rate_limited';

// Plays random legal moves for c's seat until the game is over (or has
// untilSteps steps); resolves
// with the last push. Real time: plays the child bot's hint (clumsy: a short game) as soon as it
// may, retrying busy hands.
function playRandom(c, realTime, untilSteps = Infinity, limitMs = 120000) {
  return new Promise((resolve, reject) => {
    let busy = false;
    const deadline = setTimeout(() => reject(new Error(`${c.name}: the game did not end${c.closedWith ? ` (its connection closed: ${c.closedWith})` : ''}: ${JSON.stringify(c.last).slice(0, 300)}`)), limitMs);
    const done = () => { clearTimeout(deadline); c.onPush = null; resolve(c.last); };
    const step = async () => {
      if (busy || !c.last) return;
      if (c.last.over || c.last.step_count >= untilSteps) return done();
      if (!c.last.to_act.includes(c.seat)) return;
      busy = true;
      // Real time: the child bot's hint (clumsy: a short game), as a bot author's program would.
      const plan = realTime ? await c.ask({ cmd: 'plan', bot: 'child' }) : null;
      const legal = plan && plan.ok ? { ok: true, actions: [plan.action] } : await c.ask({ cmd: 'legal' });
      // Over the server's request rate: back off, as a well-behaved client does.
      if ([plan, legal].some(limited)) { busy = false; setTimeout(step, 500); return; }
      if (!legal.ok) { busy = false; return; }
      if (legal.actions.length === 0) {
        busy = false;
        if (realTime) setTimeout(step, 50);
        return;
      }
      const action = legal.actions[Math.floor(Math.random() * legal.actions.length)];
      const kind = skillKind(action);
      const a = kind ? await c.actByMeter(kind) : await c.ask({ cmd: 'act', action });
      busy = false;
      if (limited(a)) { setTimeout(step, 500); return; }
      if (!a.ok && !['not_your_turn', 'hands_busy', 'illegal_action', 'game_over'].includes(a.error.code))
        return reject(new Error(`${c.name}: ${JSON.stringify(a)}`));
      if (realTime) setTimeout(step, 30);
      else step();
    };
    c.onPush = (m) => {
      if (m.push === 'steps' || m.push === 'sync') step();
      if (c.last && (c.last.over || c.last.step_count >= untilSteps)) done();
    };
    step();
  });
}

// Resolves once cond() holds (checked every 5 ms, for 30 s at most: a
// loaded machine under the sanitizers is slow); cond may be async.
async function waitFor(cond, what) {
  for (const until = Date.now() + 30000; Date.now() < until;) {
    if (await cond()) return;
    await new Promise((r) => setTimeout(r, 5));
  }
  throw new Error(`timed out waiting (30 s): ${what}`);
}

// A room's step count once only people are to act. Its bots play off the
// loop on their own time, and with the seats shuffled one may hold the first
// turn: until a person must act, the count can still move by itself.
async function stepsAtRest(s, room) {
  let r;
  await waitFor(async () => {
    r = (await request(s, 'GET', `/rooms/${room}`)).body;
    return r.to_act.every((seat) => r.seats[seat].kind === 'person');
  }, `a person to act in ${room}`);
  return r.step_count;
}

// Creates a room and seats a client for each of its person seats.
async function roomWithClients(s, spec, names) {
  const created = await request(s, 'POST', '/rooms', spec);
  if (created.status !== 201) throw new Error(`create: ${JSON.stringify(created.body)}`);
  const room = created.body.room;
  const clients = [];
  for (const name of names) {
    const joined = await request(s, 'POST', `/rooms/${room}/join`, { name });
    if (joined.status !== 200) throw new Error(`join: ${JSON.stringify(joined.body)}`);
    const c = new Client(s, name);
    c.token = joined.body.token;
    await c.connect();
    const h = await c.hello(room, c.token);
    if (!h.ok) throw new Error(`hello: ${JSON.stringify(h)}`);
    clients.push(c);
  }
  // Every person's seat is taken: each client hears the start.
  await waitFor(() => clients.every((c) => c.last), 'every client heard the start');
  return { room, clients };
}

// The fair-play checks on every frame a room's clients received: no seed,
// no other seat's view, no private event or action offered to a spectator,
// and no private event of a step at two seats (a seat's private events are
// its own alone).
function checkSecrecy(clients) {
  const seen = new Map(); // step -> text -> seat
  for (const c of clients) {
    for (const text of c.frames) {
      if (/"seed"/.test(text)) throw new Error(`a frame to ${c.name} names a seed: ${text}`);
      const m = JSON.parse(text);
      const events = [];
      if (m.push === 'steps') for (const st of m.steps) for (const e of st.events || []) events.push([st.step, e]);
      if (m.push === 'sync' || m.push === 'steps') {
        if (m.view && c.seat >= 0 && m.view.you !== undefined && m.view.you !== c.seat)
          throw new Error(`${c.name} got seat ${m.view.you}'s view`);
        if (c.seat < 0 && m.legal && m.legal.length)
          throw new Error(`spectator ${c.name} was offered actions: ${text}`);
      }
      if (m.push === 'sync') for (const e of m.log || []) events.push([e.step, e]);
      for (const [step, e] of events) {
        if (!e.private) continue;
        if (c.seat < 0) throw new Error(`spectator ${c.name} got a private event: ${text}`);
        const key = `${step}\u0000${e.kind}\u0000${e.text}`;
        const other = seen.get(key);
        if (other !== undefined && other !== c.seat)
          throw new Error(`seats ${other} and ${c.seat} both got the private event ${key}`);
        seen.set(key, c.seat);
      }
    }
  }
}

// Every event client c was told of (pushed steps and syncs' logs), as
// "step kind text": what a resync must still hold.
function toldEvents(c) {
  const keys = new Set();
  for (const f of c.frames) {
    const m = JSON.parse(f);
    if (m.push === 'steps')
      for (const st of m.steps) for (const e of st.events || []) keys.add(`${st.step} ${e.kind} ${e.text}`);
    if (m.push === 'sync') for (const e of m.log || []) keys.add(`${e.step} ${e.kind} ${e.text}`);
  }
  return keys;
}

function assert(cond, what) {
  if (!cond) throw new Error(`check failed: ${what}`);
}

// Runs the test's main; exit status 0 only when it resolved.
function run(main) {
  main().then(() => { console.log('ok'); process.exit(0); },
              (e) => { console.error(e.stack || e); process.exit(1); });
}

module.exports = { tempDir, startServer, stopServer, request, Client, playRandom, toldEvents, skillKind, lateStop,
                   roomWithClients, stepsAtRest, checkSecrecy, waitFor, assert, run };
