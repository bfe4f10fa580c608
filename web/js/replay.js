// replay.js: a finished game's replay (GET /rooms/CODE/story): step back and
// forward, jump to any move, play at a chosen speed, from one seat's point
// of view or with every secret shown. The story goes through the room's
// reducer (room.js) as the pushes would have, and the game's module draws
// it and moves each step forward as at the table.
import { api } from './api.js';
import { h, clear, calm } from './dom.js';
import * as R from './room.js';
import { GAMES } from './games.js';
import { tableContext } from './table.js';
import { motion, snapshot } from './motion.js';
import * as store from './store.js';

// The state after step i (-1: the setup) of a story, seen from seat pov (-1: everything).
export function storyState(story, pov, i) {
  let s = R.initial(story.room || '', pov < 0);
  s = R.reduce(s, { type: 'room', pub: { game: story.game, seats: story.seats } });
  const last = story.steps.length - 1;
  const setup = (story.setup.events || []).map((e) => ({ ...e, step: -1 }));
  s = R.reduce(s, { type: 'push', message: { push: 'sync', seat: pov, started: true, view: story.setup.view,
    log: setup, to_act: [], over: last < 0, results: last < 0 ? story.results : null, step_count: 0, legal: [] } });
  for (let k = 0; k <= i; k++) {
    const st = story.steps[k];
    s = R.reduce(s, { type: 'push', message: { push: 'steps', steps: [{ ...st, step: k }], view: st.view, legal: [],
      to_act: [], over: k === last, results: k === last ? story.results : null, step_count: k + 1 } });
  }
  return s;
}

// A finished room's story from the server; a game kept on this device
// gives its own (offline/kept.js), in the same shape.
export function serverStory(code) {
  return {
    title: `Replay of room ${code}`, back: `#/room/${code}`, backText: 'back to the room',
    seat: store.room(code).seat, story: (pov) => api.story(code, pov),
  };
}

export function replayPage(main, code, source = serverStory(code)) {
  let story = null;
  let at = -1; // -1: the setup; then each step's index
  let timer = null;
  let moving = null;
  const mine = source.seat;
  let pov = Number.isInteger(mine) && mine >= 0 ? String(mine) : 'all';

  const alert = h('p', { class: 'alert', role: 'alert' });
  const board = h('div', { class: 'board' });
  const where = h('p', { class: 'turn', 'aria-live': 'polite' });
  const log = h('ol', { class: 'log', 'aria-label': 'what happened up to this step', tabindex: '0' });
  const slider = h('input', { type: 'range', min: '-1', max: '0', value: '-1', id: 'replay-step',
    'aria-label': 'jump to a step' });
  const speed = h('select', { id: 'replay-speed', 'aria-label': 'playing speed' },
    ...[['2000', 'slow'], ['1000', 'normal'], ['400', 'fast'], ['120', 'very fast']].map(([v, t]) => h('option', { value: v, text: t })));
  speed.value = '1000';
  const seatSel = h('select', { id: 'replay-seat', 'aria-label': 'whose point of view' });
  const play = h('button', { text: 'Play', class: 'primary' });

  // Draws step `at`; one step forward is played in motion (unless very fast).
  function show(forward) {
    const g = GAMES[story.game];
    const seat = pov === 'all' ? -1 : Number(pov);
    const before = forward ? snapshot(board) : null;
    const was = forward && board.state ? board.state.view : null;
    const s = storyState(story, seat, at);
    board.state = s;
    const step = at >= 0 ? s.steps[s.steps.length - 1] : null;
    const ctx = tableContext(s, board, { step, was });
    const svg = g.draw(ctx);
    const old = board.querySelector('svg');
    if (old) old.replaceWith(svg); else board.append(svg);
    if (moving) moving.finish();
    moving = null;
    if (forward && step && g.animate && Number(speed.value) > 200) {
      moving = motion(board, before, { speed: Math.min(1, Number(speed.value) / 1000), calm: calm() });
      g.animate(step, ctx, moving);
      const m = moving;
      m.finished().then(() => m.end());
    }
    clear(log);
    s.log.slice(-40).forEach((e) => log.append(h('li', { class: e.private ? 'private' : '', text: e.text })));
    log.scrollTop = log.scrollHeight;
    const f = story.steps[at];
    // The step in words, as the log says it to this point of view (the
    // action's own name, "flip 4", is the engine's, not a person's).
    const said = at >= 0 && s.log.find((e) => e.step === at);
    where.textContent = at < 0 ? 'The setup, before the first move.'
      : `Move ${at + 1} of ${story.steps.length}: ${said ? said.text : R.nameOf(s, f.seat)}${f.by_bot ? ' (bot)' : ''}`;
    slider.value = String(at);
    where.dataset.pov = pov;
  }

  function go(i) {
    if (!story) return;
    const to = Math.max(-1, Math.min(story.steps.length - 1, i));
    const forward = to === at + 1;
    at = to;
    show(forward);
  }

  function stopPlaying() { clearInterval(timer); timer = null; play.textContent = 'Play'; }
  play.addEventListener('click', () => {
    if (timer) { stopPlaying(); return; }
    if (at >= story.steps.length - 1) go(-1);
    play.textContent = 'Pause';
    timer = setInterval(() => { if (at >= story.steps.length - 1) stopPlaying(); else go(at + 1); }, Number(speed.value));
  });
  speed.addEventListener('change', () => { if (timer) { stopPlaying(); play.click(); } });
  slider.addEventListener('input', () => go(Number(slider.value)));

  async function load() {
    try {
      story = await source.story(pov);
      // A seat whose moves a bot played is a bot's (a turn timer's fallback aside).
      const bots = new Set(story.steps.filter((st) => st.by_bot).map((st) => st.seat));
      story.seats = story.names.map((n, i) => ({ seat: i, kind: bots.has(i) ? 'bot' : 'person', name: n }));
    } catch (e) {
      alert.textContent = e.status === 409 ? 'The replay opens once the game is over.' : 'The replay could not be read: try again in a moment.';
      return;
    }
    const names = R.seatNames(story.seats);
    clear(seatSel).append(h('option', { value: 'all', text: 'everything shown' }),
      ...names.map((n, i) => h('option', { value: String(i), text: `player ${i + 1}: ${n}` })));
    seatSel.value = pov;
    slider.max = String(story.steps.length - 1);
    at = Math.min(at, story.steps.length - 1);
    show(false);
  }
  seatSel.addEventListener('change', () => { pov = seatSel.value; load(); });

  clear(main).append(
    h('div', { class: 'replay' },
      h('div', { class: 'room-head' }, h('h2', { text: source.title }),
        h('a', { href: source.back, text: source.backText })),
      alert,
      h('div', { class: 'card replay-controls' },
        h('button', { text: '« First', 'aria-label': 'first step', onclick: () => go(-1) }),
        h('button', { text: '◀ Back', 'aria-label': 'step back', onclick: () => go(at - 1) }),
        play,
        h('button', { text: 'Next ▶', 'aria-label': 'step forward', onclick: () => go(at + 1) }),
        h('button', { text: 'Last »', 'aria-label': 'last step', onclick: () => go(story.steps.length - 1) }),
        slider,
        // Each label wraps its list, so a narrow screen keeps them together.
        h('label', { class: 'nowrap' }, 'Speed ', speed),
        h('label', { class: 'nowrap' }, 'Point of view ', seatSel)),
      where,
      h('div', { class: 'replay-table' }, board,
        h('section', { class: 'card' }, h('h2', { text: 'What happened' }), log))));
  load();
  return () => { stopPlaying(); if (moving) moving.finish(); };
}
