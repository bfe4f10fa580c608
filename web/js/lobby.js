// lobby.js: the first page: a game against bots in one click, a room made to
// measure, the open rooms, joining by code, the games kept on this device.
// Every game's facts (titles, seats, options, bots) are the server's, or
// this device's engine's (facts.js). Games against bots play on this
// device (offline/, docs/offline.md); rooms made with the form are the
// server's, and without a server the form makes a game against bots here.
import { api } from './api.js';
import { h, clear } from './dom.js';
import { gameFacts, inOrder, menuOptions, optionValues, quickSeats } from './facts.js';
import { where } from './offline/device.js';
import { soloSetup, startSolo } from './offline/solo.js';
import { learnLink } from './lesson.js';
import { keptSection } from './offline/kept.js';
import * as store from './store.js';

function nameOrDefault(input) {
  const name = input.value.trim() || 'Player';
  store.setName(name);
  return name;
}

// Makes a room, takes the first person's place in it, and opens it.
export async function createAndJoin(req, name, say) {
  try {
    const room = await api.create(req);
    store.setRoom(room.room, { host_token: room.host_token || null });
    if (req.seats.includes('person')) {
      const j = await api.join(room.room, name);
      store.setRoom(room.room, { token: j.token });
    }
    location.hash = `#/room/${room.room}`;
  } catch (e) {
    say(`The room was not made: ${e.message}`);
  }
}

// A person's name for a game on this device, where a seat named as one of
// the game's bots would be that bot: "child" plays as "Child".
function personName(name, g) {
  const bots = [...g.levels.map((l) => l.name), ...g.bots.map((b) => b.name)];
  const plain = name.replace(/^bot:/, '');
  return bots.includes(plain) ? plain.charAt(0).toUpperCase() + plain.slice(1) : plain;
}

// Plays the room request (seats of "person" and bots) on this device.
async function playHere(req, name, say) {
  try {
    location.hash = `#/solo/${await startSolo(soloSetup(req, name))}`;
  } catch (e) {
    say('The game could not start on this device: reload the page and try again.');
  }
}

// A seat of the form: on this device the first is the person's and the
// others are bots.
function seatsRow(i, levels, here) {
  if (here && i === 0) return h('li', { 'data-seat': 'person', text: 'Seat 1: you' });
  const kind = h('select', { id: `seat-${i}`, 'data-seat': '' },
    here ? null : h('option', { value: 'person', text: 'a person' }),
    ...levels.map((l) => h('option', { value: `bot:${l.name}`, text: `a bot (${l.name})` })));
  kind.value = i === 0 ? 'person' : 'bot:medium';
  return h('li', {}, h('label', { for: `seat-${i}`, text: `Seat ${i + 1}: ` }), kind);
}

function optionField(o) {
  const id = `opt-${o.key}`;
  let input;
  if (o.kind === 'bool') {
    input = h('input', { type: 'checkbox', id, 'aria-describedby': `${id}-help` });
    input.checked = o.default;
  } else {
    input = h('select', { id, 'aria-describedby': `${id}-help` },
      ...optionValues(o).map((c) => h('option', { value: String(c), text: String(c) })));
    input.value = String(o.default);
  }
  input.dataset.key = o.key;
  return h('div', { class: 'option' },
    o.kind === 'bool' ? h('label', { for: id }, input, ` ${o.label}`)
      : [h('label', { for: id, text: `${o.label} ` }), input],
    h('p', { class: 'help', id: `${id}-help`, text: o.help }));
}

// The form: a room made to measure on the server, or (here) a game against
// bots on this device.
function createForm(facts, nameInput, say, here) {
  const gameSel = h('select', { id: 'new-game' },
    ...inOrder(facts).map((id) => h('option', { value: id, text: facts[id].title })));
  const count = h('select', { id: 'new-count' });
  const seatList = h('ol', { class: 'seats' });
  const options = h('div', { class: 'options' });
  const about = h('p', { class: 'help' });
  const timer = h('select', { id: 'new-timer' },
    h('option', { value: '0', text: 'no timer' }),
    ...[30, 60, 120].map((t) => h('option', { value: String(t), text: `${t} seconds a turn` })));
  const listed = h('input', { type: 'checkbox', id: 'new-listed' });
  const spect = h('input', { type: 'checkbox', id: 'new-spectators' });
  spect.checked = true;
  const hints = h('input', { type: 'checkbox', id: 'new-hints' });
  const hintsRow = h('div', { class: 'option' }, h('label', { for: 'new-hints' }, hints,
    ' Hints for everyone (a person alone with bots always has them)'));
  const fixed = h('input', { type: 'checkbox', id: 'new-fixed' });
  const aid = h('input', { type: 'checkbox', id: 'new-aid' });
  const aidRow = h('div', { class: 'option' }, h('label', { for: 'new-aid' }, aid,
    ' Memory aid: the table shows what was turned over before'));

  // What each level of bot plays in this game, in the game's own words.
  const bots = h('details', { class: 'help bots' }, h('summary', { text: 'About the bots' }));
  const botList = h('ul', {});
  bots.append(botList);

  function redrawSeats() {
    clear(seatList);
    for (let i = 0; i < Number(count.value); i++) seatList.append(seatsRow(i, facts[gameSel.value].levels, here));
  }
  function redrawGame() {
    const g = facts[gameSel.value];
    clear(count);
    for (let n = g.min_seats; n <= g.max_seats; n++) count.append(h('option', { value: String(n), text: String(n) }));
    count.value = String(Math.min(3, g.max_seats));
    clear(options);
    menuOptions(g).forEach((o) => options.append(optionField(o)));
    about.textContent = g.summary;
    clear(botList);
    g.levels.forEach((l) => botList.append(h('li', {}, h('b', { text: `${l.name}: ` }), l.about)));
    timer.disabled = g.real_time;
    if (g.real_time) timer.value = '0';
    aidRow.hidden = !g.memory_game;
    hintsRow.hidden = g.real_time; // no hints in real time
    redrawSeats();
  }
  gameSel.addEventListener('change', redrawGame);
  count.addEventListener('change', redrawSeats);
  redrawGame();

  const serverOnly = (...parts) => (here ? null : parts);
  const form = h('form', { class: 'card', 'aria-labelledby': 'create-title' },
    h('h2', { id: 'create-title', text: here ? 'A game against bots, your way' : 'Make a room' }),
    h('label', { for: 'new-game', text: 'Game ' }), gameSel, about,
    h('label', { for: 'new-count', text: 'Players ' }), count,
    seatList, bots,
    h('div', { class: 'option' }, h('label', { for: 'new-fixed' }, fixed,
      ' Keep this order (otherwise who plays first is drawn when the game starts)')),
    h('fieldset', {}, h('legend', { text: 'Options' }), options),
    serverOnly(h('label', { for: 'new-timer', text: 'Turn timer ' }), timer,
      h('p', { class: 'help', text: 'When a person runs out of time, a bot plays that one move for them.' }),
      h('div', { class: 'option' }, h('label', { for: 'new-listed' }, listed, ' List it under "Open rooms" (otherwise only the code lets people in)')),
      h('div', { class: 'option' }, h('label', { for: 'new-spectators' }, spect, ' Let others watch')),
      hintsRow),
    aidRow,
    h('button', { type: 'submit', class: 'primary', text: here ? 'Play' : 'Make the room' }));
  form.addEventListener('submit', (e) => {
    e.preventDefault();
    const g = facts[gameSel.value];
    const opts = {};
    options.querySelectorAll('[data-key]').forEach((el) => {
      opts[el.dataset.key] = el.type === 'checkbox' ? el.checked : el.value;
    });
    const seats = [...seatList.querySelectorAll('[data-seat]')].map((el) => el.dataset.seat || el.value);
    const req = { game: g.id, seats, options: opts, listed: listed.checked,
      spectators: spect.checked, fixed_order: fixed.checked, memory_aid: g.memory_game ? aid.checked : false };
    if (here) { playHere(req, personName(nameOrDefault(nameInput), g), say); return; }
    if (Number(timer.value) > 0) req.turn_seconds = Number(timer.value);
    if (hints.checked && !g.real_time) req.hints = true;
    createAndJoin(req, nameOrDefault(nameInput), say);
  });
  return form;
}

function roomLine(facts, r) {
  const g = facts[r.game];
  const free = r.seats.filter((x) => x.kind === 'person' && !x.name).length;
  const who = r.seats.map((x) => (x.kind === 'bot' ? `bot ${x.name}` : x.name || 'free')).join(', ');
  return h('li', { class: 'room-line' },
    h('span', { text: `${g ? g.title : r.game} · ${r.room} · ${who} ` }),
    free > 0 ? h('a', { class: 'button', href: `#/room/${r.room}`, text: `Join (${free} free)` }) : null,
    r.spectators ? h('a', { class: 'button', href: `#/room/${r.room}?watch`, text: 'Watch' }) : null);
}

// What the page says of where it stands, or nothing when all is well.
function standing(w) {
  if (w.mismatch) {
    return 'This page and the server are of different versions: reload the page to update it. '
      + 'Until then, games against bots are played on the server.';
  }
  if (w.server) return '';
  if (w.why === 'offline') {
    return 'You are offline. Games against bots play on this device; playing with friends needs the partyfood server.';
  }
  if (w.why === 'static') {
    return 'This copy of partyfood plays against bots on this device. Playing with friends needs a partyfood server.';
  }
  return 'The partyfood server does not answer right now. Games against bots play on this device; playing with friends waits for the server.';
}

// The first game of one never played on this device: the lesson first?
function suggestLesson(box, id, title, play) {
  clear(box).append(
    h('p', { text: `New to ${title}? A short lesson teaches it by playing, one rule at a time.` }),
    learnLink(id, title), ' ',
    h('button', { type: 'button', 'data-play-anyway': id, text: 'Play now', onclick: play }));
  box.hidden = false;
  box.querySelector('a').focus();
}

// shown() says whether the lobby is still the page shown once its facts
// are read (a link followed meanwhile has drawn its own page).
export async function lobby(main, shown = () => true) {
  let facts;
  const [w] = await Promise.all([where(), gameFacts().catch(() => null)]);
  try { facts = await gameFacts(); } catch (e) {
    if (!shown()) return;
    clear(main).append(h('p', { role: 'alert', class: 'alert', text: 'The games could not be read: reload the page in a moment.' }));
    return;
  }
  if (!shown()) return;
  const say = (t) => { status.textContent = t; };
  const status = h('p', { class: 'alert', role: 'alert' });
  const nameInput = h('input', { id: 'your-name', maxlength: '23', autocomplete: 'nickname',
    value: store.getName(), placeholder: 'your name' });
  nameInput.addEventListener('change', () => store.setName(nameInput.value.trim()));

  const suggest = h('div', { class: 'suggest', hidden: true });
  const quick = h('div', { class: 'quick' }, ...inOrder(facts).map((id) => {
    const g = facts[id];
    const req = { game: id, seats: quickSeats(g), options: {} };
    const play = () => {
      store.setPlayed(id);
      return w.engine ? playHere(req, personName(nameOrDefault(nameInput), g), say)
        : createAndJoin(req, nameOrDefault(nameInput), say);
    };
    return h('button', { class: 'primary', 'data-game': id,
      onclick: () => (w.engine && !store.played(id) ? suggestLesson(suggest, id, g.title, play) : play()) },
      `Play ${g.title} against bots`);
  }));
  const learn = w.engine ? h('section', { class: 'card', 'aria-labelledby': 'learn-title' },
    h('h2', { id: 'learn-title', text: 'Learn to play' }),
    h('p', { class: 'help', text: 'A short game where each rule shows up when it first matters: you learn by playing.' }),
    h('div', { class: 'quick' }, ...inOrder(facts).map((id) => learnLink(id, facts[id].title)))) : null;

  const code = h('input', { id: 'join-code', maxlength: '10', autocomplete: 'off',
    placeholder: 'e.g. WERJDKMPQA', class: 'code-input' });
  const joinForm = h('form', { class: 'card' },
    h('h2', { text: 'Join by code' }),
    h('label', { for: 'join-code', text: 'Room code ' }), code,
    h('button', { type: 'submit', text: 'Go' }));
  joinForm.addEventListener('submit', (e) => {
    e.preventDefault();
    const c = code.value.trim().toUpperCase();
    if (/^([A-Z]{10}|[A-Z]{6})$/.test(c)) location.hash = `#/room/${c}`;
    else say('A room code is ten letters (six for an older room).');
  });

  const list = h('ul', { class: 'rooms', 'aria-live': 'polite' });
  async function refresh() {
    try {
      const r = await api.rooms();
      clear(list);
      if (!r.rooms.length) list.append(h('li', { text: 'No open rooms right now: make one!' }));
      r.rooms.forEach((x) => list.append(roomLine(facts, x)));
    } catch (e) { clear(list).append(h('li', { text: `The list could not be read: ${e.message}` })); }
  }
  if (w.server) {
    refresh();
    const timer = setInterval(() => { if (!document.body.contains(list)) clearInterval(timer); else refresh(); }, 3000);
  }

  // Without a server: the form plays here, and friends wait for the server.
  const friends = w.server
    ? h('div', {}, joinForm,
      h('section', { class: 'card', 'aria-labelledby': 'open-title' },
        h('h2', { id: 'open-title', text: 'Open rooms' }), list))
    : h('section', { class: 'card', 'aria-labelledby': 'friends-title' },
      h('h2', { id: 'friends-title', text: 'Playing with friends' }),
      h('p', { text: w.why === 'static'
        ? 'Rooms for friends, joining by code and the open rooms need a partyfood server: this copy has none.'
        : 'Rooms for friends, joining by code and the open rooms need the partyfood server. They come back when it can be reached.' }));
  const note = standing(w);
  clear(main).append(
    h('section', { class: 'card intro' },
      h('h2', { text: 'Party food, with friends anywhere' }),
      h('p', { text: 'Four party games for the family. Play against the computer in one click, or make a room and send its code to friends.' }),
      note ? h('p', { class: 'standing', role: 'status', text: note }) : null,
      h('label', { for: 'your-name', text: 'Your name ' }), nameInput),
    status,
    h('section', { class: 'card', 'aria-labelledby': 'quick-title' },
      h('h2', { id: 'quick-title', text: 'Play now against bots' }), quick, suggest,
      w.engine ? h('p', { class: 'help', text: 'These games play on this device, even without a connection, and are kept here until they end.' }) : null),
    learn,
    w.engine ? keptSection(facts, w.engine) : null,
    h('div', { class: 'columns' },
      w.server || w.engine ? createForm(facts, nameInput, say, !w.server) : null,
      friends));
}
