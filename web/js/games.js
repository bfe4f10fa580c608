// games.js: the drawing module of each game, by id (their facts: facts.js).
import pizza from './games/pizza.js';
import pancake from './games/pancake.js';
import passfood from './games/passfood.js';
import pakupaku from './games/pakupaku.js';

export const GAMES = { pizza, pancake, passfood, pakupaku };
