// facts.js: the games' facts as the server says them (GET /games, straight
// from the engine's descriptors, docs/protocol.md "The games answer"): each
// game's title, summary, seat range, options with their labels, sentences,
// kinds and ranges, bots by level, whether it is a memory game or played in
// real time, and its rules in brief. The page hard-codes none of them.
// Without a server they come from this device's engine, which answers the
// same (offline/device.js).
import { api } from './api.js';
import { deviceFacts } from './offline/device.js';

let asked = null;

// {id: facts} of every game, read once.
export function gameFacts() {
  if (!asked) {
    asked = api.games().then((a) => (a && a.games ? a : Promise.reject(new Error('no games answer'))))
      .catch(() => deviceFacts())
      .then((a) => Object.fromEntries(a.games.map((g) => [g.id, g])));
    asked.catch(() => { asked = null; });
  }
  return asked;
}

// The games in the lobby's order: the ones the page draws first (Pizza
// Party, the model, leads), then any other the server offers.
const FIRST = ['pizza', 'pancake', 'passfood', 'pakupaku'];
export function inOrder(facts) {
  return [...FIRST.filter((id) => facts[id]), ...Object.keys(facts).filter((id) => !FIRST.includes(id))];
}

// The options a person chooses in a menu (not those that script a table).
export function menuOptions(g) {
  return g.options.filter((o) => o.menu && !o.fixes_chance && o.key !== 'memory_aid');
}

// The values a menu offers for an option: its choices, or its range.
export function optionValues(o) {
  if (o.choices) return o.choices;
  if (o.kind === 'int') return Array.from({ length: o.max - o.min + 1 }, (_, i) => o.min + i);
  return [];
}

// One click against bots: the person and two bots (or as many as fit), of
// the middle level, or the easy one in real time (a person's hands against
// the bots' reactions).
export function quickSeats(g) {
  const level = g.real_time ? 'easy' : 'medium';
  const n = Math.min(3, g.max_seats);
  return ['person', ...Array.from({ length: n - 1 }, () => `bot:${level}`)];
}
