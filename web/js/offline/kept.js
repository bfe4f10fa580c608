// kept.js: the games kept on this device, as the lobby lists them: a game
// still on goes on (Resume), a finished one is watched again in the replay
// viewer and given out as a file (a replay `partyfood replay` reads), any
// is deleted; a finished game's file is taken back in.
import { h, clear } from '../dom.js';
import { seatNames } from '../room.js';
import * as saves from './saves.js';

// A finished kept game's story for the replay viewer (replay.js's source).
export function keptStory(engine, id, entry) {
  const people = entry ? entry.seats.filter((x) => x.kind === 'person') : [];
  return {
    title: 'Replay of a game on this device', back: '#/', backText: 'back to the lobby',
    seat: people.length === 1 ? people[0].seat : null,
    story: async (pov) => {
      try { return await engine.story({ kept: id }, pov === 'all' ? -1 : Number(pov)); } catch (e) {
        const code = e.answer && e.answer.error.code;
        throw Object.assign(e, { status: code === 'bad_request' ? 409 : 0 });
      }
    },
  };
}

// How long ago `at` (ms since the epoch) was, in words.
function ago(at) {
  const s = Math.max(0, (Date.now() - at) / 1000);
  if (s < 90) return 'just now';
  if (s < 5400) return `${Math.round(s / 60)} minutes ago`;
  if (s < 36 * 3600) return `${Math.round(s / 3600)} hours ago`;
  return new Date(at).toLocaleDateString();
}

function line(facts, e) {
  const names = seatNames(e.seats);
  const alone = e.seats.filter((x) => x.kind === 'person').length === 1;
  const who = names.map((n, i) => (alone && e.seats[i].kind === 'person' ? `${n} (you)` : n));
  let how;
  if (!e.over) how = `move ${e.steps + 1}`;
  else {
    const top = Math.max(...(e.results || [0]));
    const won = names.filter((n, i) => e.results && e.results[i] === top && top > 0);
    how = won.length ? `${won.join(' and ')} won` : 'finished';
  }
  const title = facts[e.game] ? facts[e.game].title : e.game;
  return `${title} · ${who.join(', ')} · ${how} · ${ago(e.updated)}`;
}

// The file name a finished game is given out as.
function fileName(e) {
  const d = new Date(e.updated);
  const day = `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
  return `partyfood-${e.game}-${day}-${e.id.slice(0, 4)}.json`;
}

// What the page says when a file is refused (never the engine's code).
function refusal(e) {
  const code = e.answer && e.answer.error.code;
  if (code === 'bad_request') return 'That game is not over: only finished games can be watched here.';
  return 'That file is not a partyfood game, or it was changed.';
}

// The lobby's section: the kept games, and a finished game's file taken in.
export function keptSection(facts, engine) {
  const list = h('ul', { class: 'kept', 'aria-live': 'polite' });
  const said = h('p', { class: 'alert', role: 'status' });
  const fileInput = h('input', { type: 'file', id: 'import-file', accept: '.json,application/json' });

  async function draw() {
    const all = await saves.entries();
    clear(list);
    if (!(await saves.kept())) list.append(h('li', { text: 'This browser keeps no games between visits (a private window?).' }));
    else if (!all.length) list.append(h('li', { text: 'No games yet: a game against bots is kept here as you play.' }));
    for (const e of all) {
      const del = h('button', { type: 'button', 'data-kept': `delete:${e.id}`, text: 'Delete' });
      // A second press deletes, so a slip of the finger loses nothing.
      del.addEventListener('click', async () => {
        if (del.dataset.sure !== 'yes') {
          del.dataset.sure = 'yes';
          del.textContent = 'Press again to delete';
          setTimeout(() => { del.dataset.sure = ''; del.textContent = 'Delete'; }, 4000);
          return;
        }
        await saves.remove(e.id);
        said.textContent = 'The game was deleted.';
        draw();
      });
      const give = h('button', { type: 'button', 'data-kept': `export:${e.id}`, text: 'Save as a file' });
      give.addEventListener('click', async () => {
        const text = await engine.exportGame(e.id);
        const url = URL.createObjectURL(new Blob([text], { type: 'application/json' }));
        const a = h('a', { href: url, download: fileName(e), hidden: true });
        document.body.append(a);
        a.click();
        a.remove();
        setTimeout(() => URL.revokeObjectURL(url), 10000);
      });
      list.append(h('li', { class: 'kept-game', 'data-id': e.id },
        h('span', { class: 'what', text: line(facts, e) }),
        h('span', { class: 'do' },
          e.over ? h('a', { class: 'button', href: `#/solo/${e.id}/replay`, text: 'Watch the replay' })
            : h('a', { class: 'button primary', href: `#/solo/${e.id}`, text: 'Resume' }),
          e.over ? give : null, del)));
    }
  }

  fileInput.addEventListener('change', async () => {
    const file = fileInput.files[0];
    if (!file) return;
    try {
      await engine.importGame(await file.text());
      said.textContent = 'The game was added to this device\'s games.';
      draw();
    } catch (e) { said.textContent = refusal(e); }
    fileInput.value = '';
  });

  draw();
  return h('section', { class: 'card', 'aria-labelledby': 'kept-title' },
    h('h2', { id: 'kept-title', text: 'Games on this device' }), list, said,
    h('label', { for: 'import-file', text: 'Watch a finished game from a file: ' }), fileInput);
}
