// replay.js: a finished game's replay (GET /rooms/CODE/story): step back and
// forward, jump to any move, play at a chosen speed, from one seat's point
// of view or with every secret shown.
import { api } from './api.js';
import { h, clear } from './dom.js';
import { seatNames } from './room.js';
import { GAMES, withNames } from './games.js';
import * as store from './store.js';

export function replayPage(main, code) {
  let story = null;
  let at = -1; // -1: the setup; then each step's index
  let timer = null;
  const mine = store.room(code).seat;
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

  function frame(i) { return i < 0 ? story.setup : story.steps[i]; }

  function show() {
    const g = GAMES[story.game];
    const f = frame(at);
    const seat = pov === 'all' ? -1 : Number(pov);
    const name = (i) => (i === seat ? `${story.names[i]} (you)` : story.names[i] || `seat ${i + 1}`);
    const events = [];
    for (let i = -1; i <= at; i++) frame(i).events.forEach((e) => events.push(e));
    const memory = {};
    if (g.remember) events.forEach((e) => g.remember(memory, e));
    const ctx = { view: f.view, seat, names: story.names, legal: [], toAct: [], over: at === story.steps.length - 1,
      results: story.results, memory, fresh: f.events, animate: false, now: () => f.t || 0, mine: false,
      act: () => {}, meter: () => {}, name, memoryAid: false };
    clear(board).append(g.render(ctx));
    clear(log);
    events.slice(-40).forEach((e) => log.append(h('li', { class: e.private ? 'private' : '' },
      withNames(e.text, story.names, seat))));
    log.scrollTop = log.scrollHeight;
    where.textContent = at < 0 ? 'The setup, before the first move.'
      : `Move ${at + 1} of ${story.steps.length}: ${name(f.seat)} — ${f.action}${f.by_bot ? ' (bot)' : ''}`;
    slider.value = String(at);
    where.dataset.pov = pov;
  }

  function go(i) {
    if (!story) return;
    at = Math.max(-1, Math.min(story.steps.length - 1, i));
    show();
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
      story = await api.story(code, pov);
      // A seat whose moves a bot played is a bot's (a turn timer's fallback aside).
      const bots = new Set(story.steps.filter((st) => st.by_bot).map((st) => st.seat));
      story.names = seatNames(story.names.map((n, i) => ({ seat: i, kind: bots.has(i) ? 'bot' : 'person', name: n })));
    } catch (e) {
      alert.textContent = e.status === 409 ? 'The replay opens once the game is over.' : `The replay could not be read: ${e.message}`;
      return;
    }
    clear(seatSel).append(h('option', { value: 'all', text: 'everything shown' }),
      ...story.names.map((n, i) => h('option', { value: String(i), text: `seat ${i + 1}: ${n}` })));
    seatSel.value = pov;
    slider.max = String(story.steps.length - 1);
    go(Math.min(at, story.steps.length - 1));
  }
  seatSel.addEventListener('change', () => { pov = seatSel.value; load(); });

  clear(main).append(
    h('div', { class: 'room-head' }, h('h2', { text: `Replay of room ${code}` }),
      h('a', { href: `#/room/${code}`, text: 'back to the room' })),
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
    h('div', { class: 'table' }, board,
      h('section', { class: 'card' }, h('h2', { text: 'What happened' }), log)));
  load();
  return () => stopPlaying();
}
