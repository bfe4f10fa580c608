// games.js: the four games' modules by id.
import pizza from './games/pizza.js';
import pancake from './games/pancake.js';
import passfood from './games/passfood.js';
import pakupaku from './games/pakupaku.js';

export const GAMES = { pizza, pancake, passfood, pakupaku };
export const ORDER = ['pizza', 'pancake', 'passfood', 'pakupaku'];

// The bot levels every game has (docs/bots.md).
export const LEVELS = ['easy', 'medium', 'hard', 'expert'];

// "seat 2" and "Seat 2" in the engine's sentences (seats counted from 1
// there, docs/protocol.md), read with the names.
export function withNames(text, names, me) {
  return text.replace(/\b[Ss]eat (\d)\b/g, (m, d) => {
    const i = Number(d) - 1;
    if (!names || i < 0 || i >= names.length) return m;
    return i === me ? `${names[i]} (you)` : names[i];
  });
}
