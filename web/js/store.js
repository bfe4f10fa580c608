// store.js: what the browser remembers between visits (localStorage): the
// person's name, the page's settings (speed, sound), and for each room the
// seat's token and the host's token, so a reload rejoins the same seat;
// and which games were played here.
const NAME = 'partyfood.name';
const ROOM = 'partyfood.room.';

function read(key) {
  try { return JSON.parse(localStorage.getItem(key)); } catch (e) { return null; }
}

function write(key, value) {
  try { localStorage.setItem(key, JSON.stringify(value)); } catch (e) { /* private mode: not kept */ }
}

export function getName() { return read(NAME) || ''; }
export function setName(name) { write(NAME, name); }

// {token, host_token} of a room, or {}.
export function room(code) { return read(ROOM + code.toUpperCase()) || {}; }
export function setRoom(code, fields) {
  write(ROOM + code.toUpperCase(), { ...room(code), ...fields });
}

// The page's settings (the animation speed, the sound's mute).
const SETTINGS = 'partyfood.settings';
export function setting(key) { return (read(SETTINGS) || {})[key]; }
export function setSetting(key, value) { write(SETTINGS, { ...(read(SETTINGS) || {}), [key]: value }); }

// The games played on this device (the first game of one suggests its lesson).
const PLAYED = 'partyfood.played';
export function played(game) { return (read(PLAYED) || []).includes(game); }
export function setPlayed(game) { if (!played(game)) write(PLAYED, [...(read(PLAYED) || []), game]); }
