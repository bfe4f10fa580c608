// app.js: the page's router: #/ the lobby, #/room/CODE a room (?watch to
// spectate), #/replay/CODE a finished game's replay.
import { lobby } from './lobby.js';
import { roomPage } from './room.js';
import { replayPage } from './replay.js';

const main = document.getElementById('main');
let leave = null;

function route() {
  if (leave) { leave(); leave = null; }
  const hash = location.hash.replace(/^#/, '');
  let m;
  if ((m = /^\/room\/([A-Za-z]{6})(\?watch)?$/.exec(hash))) leave = roomPage(main, m[1], !!m[2]);
  else if ((m = /^\/replay\/([A-Za-z]{6})$/.exec(hash))) leave = replayPage(main, m[1].toUpperCase());
  else lobby(main);
  main.focus({ preventScroll: true });
}

window.addEventListener('hashchange', route);
route();
