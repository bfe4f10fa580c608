// room.js: a room's state as a pure reducer. Everything the page learns goes
// in as a message: the room's public state, the hello's answer, the server's
// pushes, the person's presses and their answers, the connection's changes;
// a new state comes out. No DOM, no clock, no network here: the page
// (table.js) draws the state, and tests/web/web_state.js feeds recorded
// pushes to it in node.

// A person's shortest reaction (the bots' floor, PF_REACTION_MIN_MS): a press
// held while the hands are busy goes this long after they are free.
export const REACTION_MS = 150;
// The steps kept for the animation queue (a page far behind jumps instead).
const KEEP_STEPS = 200;

export function initial(code, watch = false) {
  return {
    code, watch, game: null, seat: -1, pub: null, names: [], memoryAid: false, heard: false,
    started: false, view: null, legal: [], toAct: [], over: false, results: null,
    stepCount: 0, clockBase: null, deadline: null, log: [], chat: [], chatOn: true,
    // Steps for the animation queue, numbered by seq; a sync counts in syncs
    // (the page then jumps straight to the state).
    steps: [], seq: 0, syncs: 0,
    conn: 'connecting', pending: null, held: null, note: null, rematch: null, gone: null,
    // A lesson's moment (src/proto/lesson_room.h): its caption, what to show, who moves.
    lesson: null,
  };
}

// Display names: a person's own, a bot's level; repeated names get numbers
// ("medium 1", "medium 2") so the log can tell them apart: the names the
// server writes into event texts (pf_seating_names).
export function seatNames(seats) {
  const raw = seats.map((x) => (x.kind === 'bot' ? `bot ${x.name}` : x.name || `player ${x.seat + 1}`));
  const seen = {};
  return raw.map((n, i) => {
    if (raw.filter((m) => m === n).length < 2) return n;
    seen[n] = (seen[n] || 0) + 1;
    return `${seats[i].kind === 'bot' ? seats[i].name : n} ${seen[n]}`;
  });
}

// The progress fields every sync and steps push carries.
function progress(s, m, at) {
  return {
    ...s,
    toAct: m.to_act || [], over: !!m.over, results: m.results || null,
    stepCount: m.step_count ?? s.stepCount,
    clockBase: typeof m.clock === 'number' ? m.clock - at : s.clockBase,
    deadline: typeof m.deadline === 'number' ? m.deadline : null,
    // A press held for busy hands never goes once the game is over, and a
    // refusal of the last moments is not said over the end.
    held: m.over ? null : s.held,
    note: m.over ? null : s.note,
  };
}

// A log line: the event (its kind, text, fields, memory mark) with its step
// and the seat whose step it was (a sync's log says it by the fields).
function line(e, step, seat, byBot) {
  return { ...e, step, seat: seat ?? (e.fields ? e.fields.seat : undefined), by_bot: !!byBot };
}

function sync(s, m, at) {
  const base = { ...s, heard: true, seat: m.seat, chat: m.chat || s.chat, chatOn: m.chat_on !== false,
    started: !!m.started, game: m.game || s.game };
  if (!m.started) return base;
  const next = progress(base, m, at);
  return { ...next, lesson: m.lesson || s.lesson, view: m.view, legal: m.legal || [], log: (m.log || []).map((e) => line(e, e.step)),
    steps: [], syncs: s.syncs + 1, pending: null };
}

function steps(s, m, at) {
  let log = s.log;
  const fresh = [];
  let seq = s.seq;
  for (const st of m.steps || []) {
    if (st.undo !== undefined) {
      log = log.filter((e) => e.step < st.undo);
      fresh.push({ seq: ++seq, undo: st.undo, seat: st.seat, events: [] });
      continue;
    }
    const events = (st.events || []).map((e) => line(e, st.step, st.seat, st.by_bot));
    log = log.concat(events);
    fresh.push({ seq: ++seq, step: st.step, seat: st.seat, action: st.action, by_bot: !!st.by_bot, t: st.t, events });
  }
  const next = progress(s, m, at);
  return { ...next, lesson: m.lesson || s.lesson, log, view: m.view || s.view, legal: m.legal || [], seq,
    steps: s.steps.concat(fresh).slice(-KEEP_STEPS) };
}

function pushed(s, m, at) {
  if (m.push === 'sync') return sync(s, m, at);
  if (m.push === 'steps') return steps(s, m, at);
  if (m.push === 'chat') return { ...s, chat: s.chat.concat([m]).slice(-50) };
  if (m.push === 'rematch') return { ...s, rematch: { room: m.room, token: m.token || null } };
  return s;
}

// An act's answer. Busy hands (Paku Paku) hold the press until they are
// free; any refusal once the game is over is dropped (a press from before
// the end that lost the race), never shown.
function answered(s, msg) {
  const a = msg.answer;
  const base = { ...s, pending: null };
  if (a.ok) return base;
  const err = a.error || {};
  if (s.over || err.code === 'game_over') return base;
  // A lesson says gently why it wants another move.
  if (s.lesson && err.code === 'illegal_action') return { ...base, note: { text: err.message } };
  if (err.code === 'hands_busy' && typeof err.until === 'number' && !msg.retried)
    return { ...base, held: { action: msg.action, due: err.until + REACTION_MS } };
  return { ...base, note: { code: err.code || 'io' } };
}

export function reduce(s, msg) {
  switch (msg.type) {
    case 'room':
      return { ...s, pub: msg.pub, game: msg.pub.game, names: seatNames(msg.pub.seats),
        memoryAid: !!msg.pub.memory_aid };
    case 'hello':
      if (msg.answer.ok) return { ...s, seat: msg.answer.seat, conn: 'open' };
      return { ...s, note: { code: msg.answer.error.code } };
    case 'push':
      return pushed(s, msg.message, msg.at || 0);
    case 'press':
      return { ...s, pending: { action: msg.action, at: msg.at }, note: null };
    case 'answer':
      return answered(s, msg);
    case 'release': // a held press, due now: sent or dropped by the page
      return { ...s, held: null };
    case 'note':
      return { ...s, note: msg.note };
    case 'conn':
      return { ...s, conn: msg.status, gone: msg.gone || s.gone };
    default:
      return s;
  }
}

// ---- what the page reads off a state -------------------------------------------

export function mine(s) {
  return s.seat >= 0 && s.started && !s.over && s.toAct.includes(s.seat);
}

// The seat's legal actions, only while it may act.
export function choices(s) {
  return mine(s) ? s.legal : [];
}

// The game clock at the page's time `at` (performance.now()).
export function clockAt(s, at) {
  return s.clockBase === null ? 0 : at + s.clockBase;
}

export function nameOf(s, i) {
  if (i < 0 || i >= s.names.length) return `player ${i + 1}`;
  // A lesson names the person's seat "You" already.
  return i === s.seat && s.names[i] !== 'You' ? `${s.names[i]} (you)` : s.names[i];
}

// The log as a person may look at it. Without the memory aid, what a
// reveal showed (an event marked `memory`) is shown only until the next
// one (the events of that step): remembering is the game (PIZ-7, YYP-7,
// C-3). An older one keeps its kind, step and seat but neither its text nor
// its fields, and says `hidden`. With the aid, or once over, everything.
export function visibleLog(s) {
  if (s.memoryAid || s.over) return s.log;
  let last = null;
  for (let i = s.log.length - 1; i >= 0 && last === null; i--) if (s.log[i].memory) last = s.log[i].step;
  return s.log.map((e) => (e.memory && e.step !== last
    ? { kind: e.kind, step: e.step, seat: e.seat, private: e.private, by_bot: e.by_bot, hidden: true }
    : e));
}

// What the page tells the person after a refusal: never a raw code, never a
// seat counted from 0.
const NOTES = {
  not_your_turn: 'That move came too late: it is no longer your turn.',
  illegal_action: 'That move is not possible any more.',
  unknown_action: 'That move is not possible here.',
  hands_busy: 'Your hands are still busy: try again in a moment.',
  time_backwards: 'That move came too late.',
  closed: 'Not connected: trying again…',
  chat_off: 'The host turned the chat off.',
  rate_limited: 'Too fast: wait a moment and try again.',
  bad_meter: 'The meter ran out: try again.',
  late_meter: 'Your stop arrived too late (a slow connection): here is a new meter, stop it again.',
  not_your_seat: 'You are watching: only players may act.',
  no_game: 'The game has not started yet.',
  no_memory: 'The server is busy: try again.',
  io: 'The server could not save that: try again.',
  elsewhere: 'The room is moving to another server: trying again…',
  bad_seats: 'That seat is taken.',
  unknown_command: 'This server cannot do that yet.',
};

export function noteText(note) {
  if (!note) return '';
  if (note.text) return note.text;
  return NOTES[note.code] || 'Something went wrong: try again.';
}
