// games.js: the four games' modules by id.
import pizza from './games/pizza.js';
import pancake from './games/pancake.js';
import passfood from './games/passfood.js';
import pakupaku from './games/pakupaku.js';

export const GAMES = { pizza, pancake, passfood, pakupaku };
export const ORDER = ['pizza', 'pancake', 'passfood', 'pakupaku'];

// The bot levels every game has (docs/bots.md).
export const LEVELS = ['easy', 'medium', 'hard', 'expert'];
