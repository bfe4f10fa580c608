// app.js: the page's router (#/ the lobby, #/room/CODE a room, ?watch to
// spectate, #/replay/CODE a finished game's replay, #/solo/ID a game on
// this device and #/solo/ID/replay its replay, #/learn/GAME a lesson) and the header's controls:
// the animation speed and the sound, both remembered. It also installs the
// page for offline use (offline/install.js).
import { lobby } from './lobby.js';
import { roomPage, speedName } from './table.js';
import { replayPage } from './replay.js';
import { soloRoom } from './offline/solo.js';
import { lessonRoom } from './lesson.js';
import { keptStory } from './offline/kept.js';
import { deviceEngine } from './offline/device.js';
import * as saves from './offline/saves.js';
import { install } from './offline/install.js';
import { h } from './dom.js';
import { use, loadSprite } from './draw.js';
import * as sound from './sound.js';
import * as store from './store.js';

const main = document.getElementById('main');
let leave = null;

let routes = 0; // which visit of a page: one drawn late checks it is still the page shown

function route() {
  if (leave) { leave(); leave = null; }
  const visit = ++routes;
  const hash = location.hash.replace(/^#/, '');
  let m;
  if ((m = /^\/room\/([A-Za-z]{10}|[A-Za-z]{6})(\?watch)?$/.exec(hash))) leave = roomPage(main, m[1], !!m[2]);
  else if ((m = /^\/replay\/([A-Za-z]{10}|[A-Za-z]{6})$/.exec(hash))) leave = replayPage(main, m[1].toUpperCase());
  else if ((m = /^\/solo\/([0-9a-f]{12})$/.exec(hash))) leave = roomPage(main, m[1], false, soloRoom(m[1]));
  else if ((m = /^\/solo\/([0-9a-f]{12})\/replay$/.exec(hash))) soloReplay(m[1]);
  else if ((m = /^\/learn\/([a-z]+)$/.exec(hash))) leave = roomPage(main, `lesson-${m[1]}`, false, lessonRoom(m[1]));
  else lobby(main, () => visit === routes);
  main.focus({ preventScroll: true });
}

// A kept game's replay, read by this device's engine.
async function soloReplay(id) {
  const [engine, entry] = await Promise.all([deviceEngine(), saves.entry(id)]);
  if (location.hash !== `#/solo/${id}/replay`) return; // moved on meanwhile
  leave = replayPage(main, id, keptStory(engine, id, entry));
}

// "Faster" halves every step's motion and the time a bot's step stays in view.
function speedButton() {
  const b = h('button', { class: 'tool', id: 'speed', type: 'button', title: 'The moves play twice as fast' });
  const show = () => {
    const fast = speedName() === 'faster';
    b.setAttribute('aria-pressed', String(fast));
    b.textContent = fast ? 'Faster ▸▸' : 'Faster ▸';
  };
  b.addEventListener('click', () => { store.setSetting('speed', speedName() === 'faster' ? 'normal' : 'faster'); show(); });
  show();
  return b;
}

function muteButton() {
  const b = h('button', { class: 'tool', id: 'mute', type: 'button' });
  const show = () => {
    const off = sound.muted();
    b.setAttribute('aria-pressed', String(off));
    b.setAttribute('aria-label', off ? 'Sound off' : 'Sound on');
    const icon = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
    icon.setAttribute('viewBox', '0 0 64 64');
    icon.setAttribute('aria-hidden', 'true');
    icon.append(use(off ? 'ui-sound-off' : 'ui-sound-on', 0, 0, 64));
    b.replaceChildren(icon);
  };
  b.addEventListener('click', () => { sound.setMuted(!sound.muted()); show(); });
  show();
  return b;
}

sound.listen();
// The engine's worker starts at once, beside the sprite (the lobby and a
// game on the device wait for it); the app is kept once the page is up.
deviceEngine();
window.addEventListener('load', install);
loadSprite().catch(() => {}).then(() => {
  document.getElementById('tools').append(speedButton(), muteButton());
  window.addEventListener('hashchange', route);
  route();
});
