// web_state.js: the room's reducer (web/js/room.js) in node, without a
// browser: the pushes seat 0 heard in a whole game of Pizza Party
// (fixtures/pizza-pushes.json, recorded by record.js from a committed
// position) go in one by one, and the state that comes out is checked; then
// the person's presses and their answers, a reconnection's sync, busy hands
// and the end, and the memory aid's part of the log.
'use strict';
const fs = require('fs');
const path = require('path');

const recorded = JSON.parse(fs.readFileSync(path.join(__dirname, 'fixtures', 'pizza-pushes.json'), 'utf8'));
let failed = 0;
let passed = 0;

function assert(cond, msg) { if (!cond) throw new Error(`assertion failed: ${msg}`); }

async function check(name, fn) {
  try {
    await fn();
    passed++;
    console.log(`ok - ${name}`);
  } catch (e) {
    failed++;
    console.log(`not ok - ${name}: ${e.stack || e}`);
  }
}

const pub = { game: 'pizza', memory_aid: false, seats: recorded.names.map((name, seat) => ({ seat, kind: 'person', name })) };

(async () => {
  const R = await import('../../web/js/room.js');
  const feed = (s, pushes) => pushes.reduce((st, m, i) => R.reduce(st, { type: 'push', message: m, at: 1000 + i }), s);
  const start = () => R.reduce(R.initial('ABCDEF'), { type: 'room', pub });
  const pushes = recorded.pushes;
  const sync = pushes[0];
  const steps = pushes.slice(1);
  const pos = JSON.parse(fs.readFileSync(path.join(__dirname, 'positions', 'pizza.json'), 'utf8'));
  const flips = pos.replay.actions.filter(([, a]) => a.startsWith('flip ')).length;
  // Steps up to the position's middle: seat 0 chooses a slice.
  const mid = pos.positions.mid - 1;

  await check('a sync starts the table: the seat, the view, the choices, no steps to play', () => {
    assert(sync.push === 'sync' && sync.started, 'the recording opens with the sync of a started game');
    const s = feed(start(), [sync]);
    assert(s.started && s.seat === 0 && s.syncs === 1, `started in seat 0 (${s.seat}), one sync`);
    assert(s.view === sync.view && s.legal.length === sync.legal.length, 'the sync\'s view and legal actions');
    assert(R.mine(s) && R.choices(s).length === s.view.cells, `seat 0 may act, every cell a choice (${R.choices(s).length})`);
    assert(s.steps.length === 0 && s.log.length === 0, 'nothing to play yet');
    assert(R.nameOf(s, 0) === 'ana (you)' && R.nameOf(s, 1) === 'bo', 'names from the room, the seat\'s own marked');
    assert(s.clockBase === sync.clock - 1000, 'the game clock from the sync\'s clock and when it came');
  });

  await check('each steps push adds its steps for the queue, its events to the log, its view', () => {
    let s = feed(start(), [sync]);
    let events = 0;
    let seq = 0;
    for (const m of steps) {
      const before = s;
      s = feed(s, [m]);
      events += m.steps.reduce((n, st) => n + st.events.length, 0);
      seq += m.steps.length;
      assert(s.view === m.view, `the view of step ${s.stepCount}`);
      assert(s.seq === seq && s.steps.length === Math.min(seq, 200), `the steps kept for the queue (${s.seq})`);
      assert(s.steps[s.steps.length - 1].step === m.steps[m.steps.length - 1].step, 'the newest step last');
      assert(before.log !== s.log && before.view !== s.view, 'a new state, the old one untouched');
      assert(s.toAct === m.to_act || JSON.stringify(s.toAct) === JSON.stringify(m.to_act), 'who acts');
    }
    assert(s.log.length === events, `every event in the log (${s.log.length} of ${events})`);
    assert(s.over && s.results[0] === 1 && !R.mine(s) && R.choices(s).length === 0, 'the end: seat 0 won, no choice');
    assert(s.syncs === 1, 'no jump: only steps');
  });

  await check('the events carry their facts as fields (a flip\'s cell and piece)', () => {
    const s = feed(start(), pushes);
    const flipped = s.log.filter((e) => e.kind === 'flip');
    assert(flipped.length === flips, `a flip a "flip" action (${flipped.length} of ${flips})`);
    assert(flipped.every((e) => Number.isInteger(e.fields.cell) && typeof e.fields.piece === 'string' && e.memory), 'cell, piece, memory');
    assert(flipped.every((e) => Number.isInteger(e.step) && e.seat === e.fields.seat), 'each with its step and seat');
  });

  await check('without the memory aid the log blanks earlier reveals, keeping the last step\'s', () => {
    const s = feed(start(), [sync, ...steps.slice(0, mid + 1)]);
    assert(s.legal.some((a) => a.startsWith('switch ')), 'the middle: seat 0 chooses a slice');
    const log = R.visibleLog(s);
    const last = s.log[s.log.length - 1].step;
    const shown = log.filter((e) => e.memory);
    assert(shown.length > 0 && shown.every((e) => e.step === last), 'only the last reveal shows');
    const hidden = log.filter((e) => e.hidden);
    assert(hidden.length > 10, `older reveals are blanked (${hidden.length})`);
    assert(hidden.every((e) => e.text === undefined && e.fields === undefined && Number.isInteger(e.seat)),
      'a blanked line keeps whose step it was, never its text or fields');
    const aided = R.visibleLog(R.reduce(s, { type: 'room', pub: { ...pub, memory_aid: true } }));
    assert(aided === s.log, 'with the aid, every line as it was');
    const end = feed(s, steps.slice(mid + 1));
    assert(end.over && R.visibleLog(end) === end.log, 'once over, all of it');
  });

  await check('a sync after a reconnection jumps: steps dropped, the log as the sync says', () => {
    const s = feed(start(), [sync, ...steps.slice(0, 5)]);
    assert(s.steps.length === 5, 'five steps waiting');
    const again = { ...steps[4], push: 'sync', seat: 0, started: true, log: s.log, chat: [] };
    delete again.steps;
    const t = feed(s, [again]);
    assert(t.syncs === 2 && t.steps.length === 0, 'a second sync, nothing left to play');
    assert(t.log.length === s.log.length && t.view === again.view, 'the log and the view of the sync');
  });

  await check('a press is pending until its answer; a refusal says what happened in words', () => {
    let s = feed(start(), [sync]);
    s = R.reduce(s, { type: 'press', action: 'flip 3', at: 5 });
    assert(s.pending && s.pending.action === 'flip 3', 'on its way');
    const ok = R.reduce(s, { type: 'answer', action: 'flip 3', answer: { ok: true } });
    assert(ok.pending === null && ok.note === null, 'answered');
    const no = R.reduce(s, { type: 'answer', action: 'flip 3', answer: { ok: false, error: { code: 'not_your_turn', message: 'seat 0 may not act now' } } });
    const text = R.noteText(no.note);
    assert(no.pending === null && text && !/not_your_turn|seat \d/.test(text), `a sentence, no code, no seat number: ${text}`);
  });

  await check('busy hands hold the press until they are free; the end drops it, and any refusal after it', () => {
    let s = feed(start(), [sync]);
    s = R.reduce(s, { type: 'press', action: 'roll', at: 5 });
    s = R.reduce(s, { type: 'answer', action: 'roll', answer: { ok: false, error: { code: 'hands_busy', until: 4000, message: 'busy' } } });
    assert(s.held && s.held.action === 'roll' && s.held.due === 4000 + R.REACTION_MS, 'held until the hands are free');
    assert(s.note === null, 'nothing to say');
    const over = feed(s, steps);
    assert(over.over && over.held === null, 'the game ended: the held press never goes');
    const late = R.reduce(R.reduce(over, { type: 'press', action: 'roll', at: 9 }),
      { type: 'answer', action: 'roll', answer: { ok: false, error: { code: 'not_your_turn', message: 'seat 2 may not act now' } } });
    assert(late.note === null && late.pending === null, 'a refusal after the end is dropped, never shown');
    // A refusal that came just before the end (a press that lost the race)
    // goes with it.
    const refused = R.reduce(R.reduce(feed(start(), [sync]), { type: 'press', action: 'roll', at: 5 }),
      { type: 'answer', action: 'roll', answer: { ok: false, error: { code: 'illegal_action', message: 'gone' } } });
    assert(refused.note && refused.note.code === 'illegal_action', 'refused in words while the game goes on');
    assert(feed(refused, steps).note === null, 'the end does not repeat it');
  });

  await check('every refusal the page may meet reads as a sentence', () => {
    for (const code of ['not_your_turn', 'illegal_action', 'hands_busy', 'closed', 'io', 'rate_limited', 'no_such_code']) {
      const t = R.noteText({ code });
      assert(t && !t.includes(code) && !/\bnull\b|\bundefined\b/.test(t), `${code}: ${t}`);
    }
  });

  await check('an undo takes its step\'s lines out of the log', () => {
    let s = feed(start(), [sync, ...steps.slice(0, 3)]);
    const step = s.log[s.log.length - 1].step;
    s = feed(s, [{ push: 'steps', steps: [{ undo: step, seat: 0, t: 0 }], view: steps[1].view, legal: [], to_act: [0] }]);
    assert(s.log.every((e) => e.step < step), 'the step\'s lines are gone');
    assert(s.steps[s.steps.length - 1].undo === step, 'the queue hears of the undo');
  });

  await check('names: repeated ones numbered, bots by level', () => {
    const n = R.seatNames([{ seat: 0, kind: 'person', name: 'ana' }, { seat: 1, kind: 'bot', name: 'medium' },
      { seat: 2, kind: 'bot', name: 'medium' }, { seat: 3, kind: 'person', name: null }]);
    assert(JSON.stringify(n) === '["ana","medium 1","medium 2","player 4"]', JSON.stringify(n));
  });

  const { Queue } = await import('../../web/js/queue.js');
  // An item that plays until the test (or a jump) ends it.
  const player = (log) => (item) => {
    let end;
    const done = new Promise((r) => { end = r; });
    log.push(`play ${item}`);
    return { done, finish: () => { log.push(`finish ${item}`); end(); }, end };
  };
  const tick = () => new Promise((r) => setImmediate(r));

  await check('the queue plays steps one after another, in order; a jump drops what waits', async () => {
    const log = [];
    const runs = [];
    const q = new Queue((item) => { const r = player(log)(item); runs.push(r); return r; });
    let idle = 0;
    q.onIdle = () => { idle++; };
    q.add(1); q.add(2); q.add(3);
    assert(JSON.stringify(log) === '["play 1"]', `one at a time: ${log}`);
    runs[0].end(); await tick();
    assert(log[log.length - 1] === 'play 2' && idle === 0, `then the next: ${log}`);
    q.jump(); await tick();
    assert(!log.includes('play 3') && log.includes('finish 2') && q.idle && idle === 1, `a jump ends the running one and drops the rest: ${log}`);
  });

  await check('in real time the queue never falls behind: a new step ends the running one and plays at once', async () => {
    const log = [];
    const q = new Queue(player(log));
    q.realTime = true;
    q.add('a');
    q.add('b');
    q.add('c');
    await tick();
    assert(log.join() === 'play a,finish a,play c', `a ends, b is dropped, the newest plays: ${log}`);
  });

  console.log(`${passed} passed, ${failed} failed`);
  process.exit(failed ? 1 : 0);
})();
