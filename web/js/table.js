// table.js: a room's page: joining, waiting for the others, and the table.
// What the page knows is the reducer's state (room.js); the table shows the
// state the animation queue reached (each step the server tells of is
// played in order, then the next), while the log, the chat and the
// connection follow the newest state at once. The game's module draws
// (games/<id>.js); the layout is the same for every game (layout.js).
import { api, serverRoom, actKey } from './api.js';
import { h, clear, calm } from './dom.js';
import { GAMES } from './games.js';
import { gameFacts } from './facts.js';
import * as R from './room.js';
import { Queue } from './queue.js';
import { motion, snapshot } from './motion.js';
import { icon } from './draw.js';
import { ART } from './art.js';
import { roomLayout, folded, FOLD } from './layout.js';
import { endScreen } from './end.js';
import * as keys from './keys.js';
import * as sound from './sound.js';
import { startMeter, meterNow, stopRequest } from './meter.js';
import * as store from './store.js';
import { hintButton } from './hint.js';

// The hello refusals that leave the seat this token's, so it is asked again:
// the room plays at another server node for now, or storage was out of reach.
const RETRY_HELLO = new Set(['elsewhere', 'io', 'no_memory']);
// A press without an answer for this long says the page is connecting.
const SLOW_MS = 1000;
// How long another seat's step stays in view at least, at normal speed and
// at "faster" (a person follows every bot's move).
const STEP_MS = { normal: 600, faster: 300 };

// source: where the room is (api.js serverRoom: a room on the server, by
// default; offline/solo.js: a game on this device), read and spoken to
// alike.
// A choice's drawing beside its words (which name it: the drawing is hidden from a screen reader).
function buttonIcon(art) {
  const svg = icon(art);
  svg.removeAttribute('role');
  svg.removeAttribute('aria-label');
  svg.setAttribute('aria-hidden', 'true');
  return svg;
}

export function roomPage(main, code, watch, source = serverRoom(code.toUpperCase())) {
  let page = null;
  // A token the room no longer knows starts the page over, saying why.
  const open = (why) => {
    page = new RoomPage(main, source, watch, open, why);
    page.start();
  };
  open();
  return () => page.stop();
}

// The page's speed: "normal" or "faster" (remembered).
export function speedName() { return store.setting('speed') === 'faster' ? 'faster' : 'normal'; }

// What a game's module draws from (docs/web.md, "A game's module"): the
// state's view and the seat's choices, names, the log as the person may see
// it, the table's box in px; more for the room's page (act, meter...).
export function tableContext(s, board, { step = null, ...more } = {}) {
  return {
    view: s.view, seat: s.seat, names: s.names, name: (i) => R.nameOf(s, i),
    legal: R.choices(s), toAct: s.toAct, over: s.over, results: s.results, mine: R.mine(s),
    memoryAid: s.memoryAid, log: R.visibleLog(s), fresh: step ? step.events : [], was: null,
    box: { w: board.clientWidth, h: board.clientHeight }, phone: Math.min(innerWidth, innerHeight) < 500,
    animate: !calm(), memory: {}, act: () => {}, redraw: () => {}, meter: () => {}, meterOn: false,
    now: () => 0, busyLeft: () => 0,
    ...more,
  };
}

class RoomPage {
  constructor(main, source, watch, reopen, why) {
    this.main = main;
    this.source = source;
    this.code = source.code;
    this.watch = watch;
    this.reopen = reopen;
    this.why = why;
    this.state = R.initial(this.code, watch);
    this.shown = null;
    this.played = 0;
    this.syncs = 0;
    this.timers = new Set();
    this.queue = new Queue((item) => this.play(item));
    this.queue.onIdle = () => this.settled();
  }

  stop() {
    this.stopped = true;
    if (this.offKeys) this.offKeys();
    if (this.conn) this.conn.close();
    if (this.resize) this.resize.disconnect();
    this.timers.forEach((t) => clearTimeout(t));
    this.queue.jump();
    cancelAnimationFrame(this.frame);
    document.body.classList.remove('in-room', 'room-page');
    const place = document.getElementById('place');
    if (place) place.textContent = '';
  }

  later(fn, ms) {
    const t = setTimeout(() => { this.timers.delete(t); fn(); }, ms);
    this.timers.add(t);
    return t;
  }

  dispatch(msg) {
    this.state = R.reduce(this.state, msg);
    this.update();
  }

  say(text) { this.dispatch({ type: 'note', note: text ? { text } : null }); }

  async start() {
    clear(this.main).append(h('p', { text: `Opening ${this.source.where}…` }));
    let pub;
    try {
      pub = await this.readRoom();
      this.facts = (await gameFacts())[pub.game];
    } catch (e) {
      clear(this.main).append(h('section', { class: 'card' },
        h('h2', { text: this.source.title }),
        h('p', { role: 'alert', text: e.status === 404 ? this.source.gone : this.source.unreachable(e) }),
        h('a', { href: '#/', class: 'button', text: 'Back to the lobby' })));
      return;
    }
    this.dispatch({ type: 'room', pub });
    this.game = GAMES[pub.game];
    this.queue.realTime = this.facts.real_time;
    const place = document.getElementById('place');
    if (place) place.textContent = `${this.facts.title} · ${this.source.where}`;
    const mine = store.room(this.code);
    if (mine.token || this.watch) { this.connect(mine.token); return; }
    // A free place: before the start, or mid-game where the host removed someone.
    const free = pub.seats.some((x) => x.kind === 'person' && !x.name);
    if (free) this.joinForm(this.why);
    else this.connect(null);
  }

  // The room's public state. While the room moves to another server node
  // (elsewhere, a redirect to a node that is gone) or its storage is out of
  // reach (503), it is asked for again for a while: the room is still there.
  async readRoom() {
    for (let wait = 500, waited = 0; ; waited += wait, wait = Math.min(wait * 2, 2000)) {
      try { return await this.source.room(); } catch (e) {
        const passing = e.status === 503 || e.code === 'elsewhere' || e.status === undefined;
        if (!passing || waited >= 20000 || this.stopped) throw e;
        clear(this.main).append(h('p', { text: `Room ${this.code} is moving to another server: trying again…` }));
        await new Promise((r) => setTimeout(r, wait));
      }
    }
  }

  joinForm(why) {
    const name = h('input', { id: 'join-name', maxlength: '23', value: store.getName(),
      autocomplete: 'nickname' });
    const alert = h('p', { role: 'alert', class: 'alert', text: why || '' });
    const form = h('form', { class: 'card' },
      h('h2', { text: `Join ${this.facts.title} in room ${this.code}` }),
      h('label', { for: 'join-name', text: 'Your name ' }), name,
      h('button', { type: 'submit', class: 'primary', text: 'Take a seat' }),
      this.state.pub.spectators ? h('button', { type: 'button', text: 'Just watch',
        onclick: () => this.connect(null) }) : null,
      alert);
    form.addEventListener('submit', async (e) => {
      e.preventDefault();
      const n = name.value.trim() || 'Player';
      store.setName(n);
      try {
        const j = await api.join(this.code, n);
        store.setRoom(this.code, { token: j.token });
        this.connect(j.token);
      } catch (err) {
        // The server's sentence says why (the room is full, or locked).
        alert.textContent = err.status ? `You could not join: ${err.message}.` : 'You could not join: try again in a moment.';
      }
    });
    clear(this.main).append(form);
    name.focus();
  }

  connect(token) {
    this.token = token;
    this.layout();
    this.conn = this.source.connect(token, {
      hello: (m) => this.hello(m),
      push: (m) => this.pushed(m),
      status: () => this.dispatch({ type: 'conn', status: 'retrying' }),
      closed: (c) => {
        if (c === 4001) store.setRoom(this.code, { token: null });
        this.dispatch({ type: 'conn', status: 'closed', gone: c === 4001 ? 'removed' : 'refused' });
      },
    });
  }

  hello(m) {
    if (!m.ok && RETRY_HELLO.has(m.error.code)) {
      // The seat is still this token's: the room is moving to another server
      // node, or its storage is out of reach for a moment. Ask again.
      this.conn.retry();
      return;
    }
    if (!m.ok && this.token) {
      // A token the room no longer knows: forget it and start over (join
      // again, or watch).
      store.setRoom(this.code, { token: null });
      this.stop();
      this.reopen('Your old seat is gone: take a seat again.');
      return;
    }
    this.dispatch({ type: 'hello', answer: m });
    if (this.token && m.ok) store.setRoom(this.code, { seat: m.seat });
  }

  // Pushes are handled one at a time, in the order they came: handling a
  // sync waits for the room's public state (the names), and a later push
  // handled meanwhile would be overwritten by the older one.
  pushed(m) {
    this.inbox = this.inbox || [];
    this.inbox.push({ m, at: performance.now() });
    if (this.draining) return;
    this.draining = true;
    (async () => {
      while (this.inbox.length && !this.stopped) {
        const { m: msg, at } = this.inbox.shift();
        // A sync also follows the host's changes (a seat given to a bot, a
        // person removed): the names are read again first.
        if (msg.push === 'sync') await this.refreshPublic();
        if (msg.push === 'rematch') { this.rematch(msg); continue; }
        this.dispatch({ type: 'push', message: msg, at });
      }
      this.draining = false;
    })();
  }

  rematch(m) {
    if (!m.token) { location.hash = `#/room/${m.room}?watch`; return; } // a spectator watches the next game too
    // The host's token works for the rematch's room too.
    store.setRoom(m.room, { token: m.token, host_token: store.room(this.code).host_token || null });
    location.hash = `#/room/${m.room}`;
  }

  async refreshPublic() {
    try {
      this.dispatch({ type: 'room', pub: await this.source.room() });
      this.fillHost();
    } catch (e) { /* kept as it was */ }
  }

  // ---- the page's parts ----------------------------------------------------

  layout() {
    const host = !!store.room(this.code).host_token;
    // An entry is a sprite id, or [id, what it means on this table].
    const legend = (this.game.legend || []).map((e) => [].concat(e)).map(([id, means]) => h('li', {}, icon(id), ` ${ART[id].name}`,
      ART[id].letter ? h('span', { class: 'letter', text: ` ${ART[id].letter}` }) : null, means ? `: ${means}` : null));
    this.p = roomLayout({ rules: this.facts.brief, legend, chat: this.source.chat ? () => this.sendChat() : null, host });
    this.waiting = h('section', { class: 'card waiting', hidden: true });
    this.alert = h('p', { class: 'alert', role: 'alert' });
    keys.arrows(this.p.board);
    this.keepFocus();
    this.offKeys = keys.letters(() => this.shortcuts || {});
    // A lesson's panel (lesson.js) takes the turn line's place.
    if (this.source.lesson) {
      this.lesson = this.source.lesson(this);
      this.p.root.prepend(this.lesson.root);
      this.p.root.classList.add('lesson');
    }
    clear(this.main).append(this.alert, this.waiting, this.p.root);
    document.body.classList.add('room-page');
    // A new size: the table is drawn again for its room (once the queue rests).
    let size = '';
    this.resize = new ResizeObserver(() => {
      const now = `${this.p.board.clientWidth}x${this.p.board.clientHeight}`;
      if (now === size) return;
      size = now;
      if (this.shown && this.queue.idle) this.show(this.shown);
    });
    this.resize.observe(this.p.board);
    window.matchMedia(FOLD).addEventListener('change', () => this.drawPlayers());
    this.fillHost();
  }

  // After each change of the state: the queue gets the new steps (or jumps
  // to a sync), and what follows the newest state is drawn.
  update() {
    const s = this.state;
    if (!this.p) return;
    if (this.lesson) this.lesson.update(s);
    this.drawConn();
    if (this.gone !== s.gone && s.gone) this.drawGone();
    if (!s.started) {
      if (s.heard) this.showWaiting();
      return;
    }
    if (!this.started) {
      this.started = true;
      this.waiting.hidden = true;
      this.p.root.hidden = false;
      // A game drawn for the screen's room fills it; an older drawing keeps
      // its own shape and the page scrolls.
      if (this.game.oneScreen) document.body.classList.add('in-room');
      else this.p.root.classList.add('scrolls');
      // On a short screen its seats' strip runs under the table (a panel of buttons and a meter).
      if (this.game.stripBelow) this.p.root.classList.add('strip-below');
      // A table that shows every seat (its module's seatsOnTable): on a narrow screen the strip steps aside.
      if (this.game.seatsOnTable) this.p.root.classList.add('seats-on-table');
      this.p.bottom();
      // The host's controls go from the waiting page to their tab.
      if (this.p.panes.host) this.p.panes.host.append(this.p.host);
      clearInterval(this.waitTimer);
    }
    if (s.syncs !== this.syncs) {
      // A sync (the first, or after a reconnection): straight to the state.
      this.syncs = s.syncs;
      this.played = s.seq;
      this.queue.jump();
      this.show(s);
      this.drawEnd(s);
    } else if (s.seq > this.played) {
      const fresh = s.steps.filter((st) => st.seq > this.played);
      this.played = s.seq;
      fresh.forEach((st, i) => this.queue.add({ step: st, state: i === fresh.length - 1 ? s : null }));
    } else if (this.queue.idle && this.shown && this.drawnFor !== this.keyOf(s)) {
      this.show(s);
    }
    this.drawLog();
    this.drawChat();
    this.markPending();
  }

  // What in a state the table shows (a change in anything else leaves the drawing).
  keyOf(s) {
    return [s.view, s.legal, s.toAct, s.over, s.names, s.memoryAid, s.seat, s.lesson];
  }

  // The queue rests: the table catches up with the newest state, and the end shows.
  settled() {
    if (this.stopped || !this.started) return;
    // (A new size while the pieces moved: drawn again for it now.)
    const svg = this.p.board.querySelector('svg');
    const resized = svg && svg.dataset.drawnFor !== `${this.p.board.clientWidth}x${this.p.board.clientHeight}`;
    if (this.shown !== this.state || resized) this.show(this.state);
    this.drawEnd(this.state);
  }

  // One step from the queue: the table is drawn as it is after the step
  // (when the step is its push's last), then the game's module moves the
  // pieces that step moved from where they were.
  play(item) {
    let cut;
    const cutShort = new Promise((r) => { cut = r; });
    const before = snapshot(this.p.board);
    const was = this.shown && this.shown.view;
    if (item.state) this.show(item.state, item.step);
    const m = motion(this.p.board, before, { speed: speedName() === 'faster' ? 0.5 : 1, calm: calm() });
    if (this.game.animate && this.shown) this.game.animate(item.step, { ...this.ctx(this.shown, item.step), was }, m);
    this.sounds(item.step);
    const others = item.step.seat !== this.state.seat;
    const least = others ? STEP_MS[speedName()] : 0;
    const seen = least ? new Promise((r) => this.later(r, least)) : null;
    const done = Promise.race([Promise.all([m.finished(), seen]), cutShort]).then(() => m.end());
    return { done, finish: () => { m.finish(); cut(); } };
  }

  sounds(step) {
    const map = this.game.sounds || {};
    const names = new Set(step.events.map((e) => map[e.kind]).filter(Boolean));
    names.forEach((n) => sound.play(n));
  }

  ctx(s, step) {
    this.memory = this.memory || {};
    return tableContext(s, this.p.board, {
      step, memory: this.memory, swingPiece: this.memory.swingPiece,
      act: (a) => this.act(a), meter: (k, a) => this.meter(k, a), meterOn: !!this.meterOn,
      // A choice that is not a move yet (a token's first step) draws the table again.
      redraw: () => { if (this.shown && !this.state.pending) this.show(this.shown); },
      now: () => R.clockAt(this.state, performance.now()), busyLeft: (i) => this.busyLeft(i),
    });
  }

  // ---- drawing a state -------------------------------------------------------

  show(s, step) {
    this.shown = s;
    this.drawnFor = this.keyOf(s);
    if (!s.view) return;
    const ctx = this.ctx(s, step);
    const board = this.p.board;
    const active = document.activeElement;
    const focused = active && active.dataset ? active.dataset.key : null;
    const roving = board.querySelector('[role=button][tabindex="0"]');
    const roveKey = focused || (roving && roving.dataset.key);
    const svg = this.game.draw(ctx);
    svg.dataset.drawnFor = `${ctx.box.w}x${ctx.box.h}`; // the box it was drawn for (tests wait on it)
    const old = board.querySelector('svg');
    if (old) old.replaceWith(svg); else board.append(svg);
    board.dataset.step = s.stepCount;
    this.p.root.classList.toggle('over', s.over);
    this.drawChoices(ctx);
    this.p.turn.textContent = this.turnText(s, ctx);
    keys.rove(board, roveKey);
    const again = keys.focusable(focused && this.p.root.querySelector(`[data-key="${CSS.escape(focused)}"]`));
    if (again) again.focus();
    this.drawPlayers();
    if (!s.over) {
      this.p.end.hidden = true;
      this.p.actions.hidden = false;
    }
    this.refocus(focused);
    this.markPending();
    this.countdown(s);
    if (this.game.live) this.liveLoop();
    if (this.lesson) this.lesson.shown(s);
  }

  drawChoices(ctx) {
    clear(this.p.actions);
    this.shortcuts = {};
    for (const c of this.game.choices(ctx)) {
      const run = c.run || (() => this.act(c.action));
      if (c.key) this.shortcuts[c.key] = run;
      this.p.actions.append(h('button', { class: c.primary ? 'primary' : '', 'data-key': `a:${c.action || c.label}`,
        'aria-keyshortcuts': c.key ? c.key.toUpperCase() : null, onclick: run },
      c.icon ? buttonIcon(c.icon) : null, c.label, c.key ? h('kbd', { text: ` ${c.key.toUpperCase()}` }) : null));
    }
    const hint = hintButton(this, ctx);
    if (hint) this.p.actions.append(hint);
  }

  turnText(s, ctx) {
    if (s.over) return 'The game is over.';
    const tip = this.game.status(ctx);
    return s.seat < 0 ? `You are watching. ${tip}` : tip;
  }

  countdown(s) {
    clearInterval(this.deadlineTimer);
    if (typeof s.deadline !== 'number' || s.over) return;
    const base = this.p.turn.textContent;
    const tick = () => {
      const left = Math.max(0, Math.ceil((s.deadline - R.clockAt(this.state, performance.now())) / 1000));
      this.p.turn.textContent = `${base} (${left} s left)`;
    };
    tick();
    this.deadlineTimer = setInterval(tick, 1000);
  }

  // Real-time games redraw their moving parts (busy hands) between pushes.
  liveLoop() {
    if (this.looping) return;
    this.looping = true;
    const step = () => {
      if (this.stopped || !this.shown) { this.looping = false; return; }
      this.game.live(this.p.board, this.ctx(this.shown));
      this.later(step, 100);
    };
    step();
  }

  // The seats: each one's name, whether it is to play, its score and what it
  // holds (the game's module says); on a short screen one line each, opened by a tap.
  drawPlayers() {
    const s = this.shown || this.state;
    if (!s.view) return;
    const ctx = this.ctx(s);
    const fold = folded();
    clear(this.p.players);
    this.p.players.classList.toggle('folded', fold);
    s.names.forEach((n, i) => {
      const about = this.game.seat ? this.game.seat(ctx, i) : {};
      const acting = s.toAct.includes(i) && !s.over;
      const row = h('details', { class: 'seat', open: !fold },
        h('summary', {}, h('span', { class: 'who', text: `${i + 1}. ${R.nameOf(s, i)}` }),
          acting ? h('span', { class: 'to-play', text: ' · to play' }) : null,
          about.score ? h('span', { class: 'score' }, h('span', { class: 'sep', text: ' · ' }), about.score) : null),
        about.more ? h('p', { class: 'more', text: about.more }) : null);
      this.p.players.append(h('li', { class: `${i === s.seat ? 'me' : ''} ${acting ? 'acting' : ''}` }, row));
    });
  }

  drawLog() {
    const s = this.state;
    const key = [s.log, s.memoryAid, s.names, s.over];
    if (this.loggedFor && key.every((x, i) => x === this.loggedFor[i])) return;
    this.loggedFor = key;
    clear(this.p.log);
    for (const e of R.visibleLog(s).slice(-60)) {
      this.p.log.append(h('li', { class: e.private ? 'private' : '', 'data-step': e.step },
        e.private ? h('span', { class: 'badge', text: 'only you' }) : null,
        this.iconOf(e),
        e.hidden ? this.forgotten(e, s) : e.text,
        this.timedOut(e) ? h('em', { text: ' (time ran out: a bot played this move)' }) : null));
    }
    this.p.bottom();
  }

  // The drawing of the piece a log line shows, when the game's module names
  // one (never for a line whose reveal is face down again: it has no fields).
  iconOf(e) {
    const art = !e.hidden && this.game.pieceOf && this.game.pieceOf(e);
    return art && ART[art] ? icon(art) : null;
  }

  // A line whose reveal is face down again (no memory aid): what the game's
  // module says of it without the reveal.
  forgotten(e, s) {
    const said = this.game.forgotten && this.game.forgotten(e, R.nameOf(s, e.seat));
    return said || `${R.nameOf(s, e.seat)}: (face down again: remembering is the game)`;
  }

  // A person's move that a bot played: that person's turn timer ran out.
  timedOut(e) {
    const seats = this.state.pub && this.state.pub.seats;
    return e.by_bot && seats && seats[e.seat] && seats[e.seat].kind === 'person';
  }

  drawChat() {
    const s = this.state;
    this.p.chatInput.disabled = s.seat < 0 || !s.chatOn;
    this.p.chatSend.disabled = this.p.chatInput.disabled;
    if (this.chatFor === s.chat) return;
    this.chatFor = s.chat;
    clear(this.p.chatList);
    for (const c of s.chat.slice(-50))
      this.p.chatList.append(h('li', {}, h('b', { text: `${c.name}: ` }), c.text));
    this.p.bottom();
  }

  // The connection's line in the header, and what the page tells the person.
  drawConn() {
    const s = this.state;
    const el = document.querySelector('.conn');
    if (el) {
      el.textContent = s.conn === 'retrying' ? 'reconnecting…' : this.slow && s.pending ? 'connecting…' : '';
    }
    const text = R.noteText(s.note);
    if (this.alert.textContent !== text) this.alert.textContent = text;
    // A hint's sentence shows in the turn line's place (hint.js): the alert only says it.
    this.alert.classList.toggle('unseen', !!text && !!this.hint && text === this.hint.text);
  }

  drawGone() {
    this.gone = this.state.gone;
    this.say(this.gone === 'removed' ? 'The host removed you from this room.' : 'The server closed the connection.');
  }

  showWaiting() {
    const pub = this.state.pub;
    if (!pub || this.waitingDrawn) return;
    this.waitingDrawn = true;
    const link = `${location.origin}/#/room/${this.code}`;
    const seats = h('ul', {});
    const fill = () => {
      clear(seats);
      (this.state.pub.seats || []).forEach((x) => seats.append(h('li', {
        text: x.kind === 'bot' ? `bot (${x.name})` : x.name || 'a free place for a person' })));
    };
    fill();
    const copy = h('button', { text: 'Copy the link', onclick: async () => {
      try { await navigator.clipboard.writeText(link); copy.textContent = 'Copied'; } catch (e) { copy.textContent = 'Select the link and copy it'; }
    } });
    clear(this.waiting).append(
      h('h2', { text: 'Waiting for everyone to join' }),
      h('p', { text: 'Read this code aloud, or send the link:' }),
      h('p', { class: 'big-code', 'aria-label': `room code ${this.code.split('').join(' ')}`, text: this.code }),
      h('p', {}, h('a', { href: link, class: 'join-link', text: link }), ' ', copy),
      seats,
      h('p', { class: 'help', text: 'The game starts by itself when the last person takes a seat.' }));
    if (store.room(this.code).host_token) this.waiting.append(this.p.host);
    this.waiting.hidden = false;
    this.waitTimer = setInterval(async () => {
      if (this.started || this.stopped) { clearInterval(this.waitTimer); return; }
      await this.refreshPublic();
      fill();
    }, 2000);
  }

  fillHost() {
    const host = store.room(this.code).host_token;
    if (!host || !this.p) return;
    const box = this.p.host;
    this.hostOut = this.hostOut || h('p', { role: 'status' });
    const run = async (body, what) => {
      try {
        this.dispatch({ type: 'room', pub: await api.host(this.code, { host_token: host, ...body }) });
        this.hostOut.textContent = `${what}: done.`;
        this.fillHost();
      } catch (e) { this.hostOut.textContent = `${what}: ${e.status === 403 ? 'only the host may do that' : 'it did not work, try again'}.`; }
    };
    const pub = this.state.pub || {};
    // Drawn again only when something changed (the waiting page reads the
    // room every 2 s), and the focus stays on the button of the same name.
    const drawn = JSON.stringify([pub.locked, pub.chat_on, pub.hints_on, pub.seats]);
    if (drawn === this.hostDrawn) return;
    this.hostDrawn = drawn;
    const focused = box.contains(document.activeElement) ? document.activeElement.dataset.key : null;
    while (box.children.length > 1) box.lastChild.remove();
    const button = (key, text, body, what) => h('button', { 'data-key': key, text, onclick: () => run(body, what) });
    box.append(
      button('h:lock', pub.locked ? 'Unlock the room' : 'Lock the room', { do: pub.locked ? 'unlock' : 'lock' }, pub.locked ? 'Unlock' : 'Lock'),
      button('h:chat', pub.chat_on === false ? 'Turn chat on' : 'Turn chat off', { do: pub.chat_on === false ? 'chat_on' : 'chat_off' }, 'Chat'),
      this.facts && this.facts.real_time ? null // no hints in real time
        : button('h:hints', pub.hints_on ? 'Turn hints off' : 'Turn hints on', { do: pub.hints_on ? 'hints_off' : 'hints_on' }, 'Hints'),
      h('ul', {}, ...(pub.seats || []).filter((x) => x.kind === 'person').map((x) => h('li', {},
        `Seat ${x.seat + 1}: ${x.name || 'free'} `,
        x.name ? button(`h:remove:${x.seat}`, 'Remove', { do: 'remove', seat: x.seat }, `Remove ${x.name}`) : null,
        button(`h:bot:${x.seat}`, 'Give to a bot', { do: 'bot', seat: x.seat, level: 'medium' }, 'Bot')))),
      this.hostOut);
    const again = focused && box.querySelector(`[data-key="${CSS.escape(focused)}"]`);
    if (again) again.focus();
  }

  drawEnd(s) {
    if (!s.over || !this.p.end.hidden || this.lesson) return; // a lesson's panel says it
    endScreen(this.p.end, {
      state: s, game: this.game, ctx: this.ctx(s), replay: this.source.replay,
      again: s.seat >= 0 ? () => this.conn.request({ cmd: 'rematch' }).then((a) => {
        if (!a.ok) this.dispatch({ type: 'note', note: { code: a.error.code } });
      }) : null,
    });
    this.p.end.hidden = false;
    this.p.actions.hidden = true;
    this.refocus(null);
  }

  // ---- acting ----------------------------------------------------------------------

  // One press: it shows at once that it is on its way; after a second
  // without an answer the header says the page is connecting.
  // A press acts on the newest state the server sent: a move no longer
  // possible there is not sent (after the end, silently).
  async act(action, retried = false) {
    if (this.state.over) return;
    if (!R.choices(this.state).includes(action)) {
      this.dispatch({ type: 'note', note: { code: 'illegal_action' } });
      return;
    }
    await this.send({ cmd: 'act', action }, action, retried);
  }

  async send(req, action, retried = false) {
    if (this.state.pending || !this.conn) return;
    const active = document.activeElement;
    this.pressed = active && active.dataset && active.dataset.key;
    this.dispatch({ type: 'press', action, at: performance.now() });
    this.slow = false;
    const slow = this.later(() => { this.slow = true; this.drawConn(); }, SLOW_MS);
    // An act carries a key: sent again after a dropped socket, it is
    // answered, not played twice (api.js Conn.request).
    const a = await this.conn.request(req.cmd === 'act' ? { ...req, key: actKey() } : req);
    clearTimeout(slow);
    this.timers.delete(slow);
    this.slow = false;
    this.dispatch({ type: 'answer', action, answer: a, retried });
    // A stop that reached the server past its lag cap: a slow connection,
    // no fault of the person's. The note says so; a fresh meter to stop again.
    if (!a.ok && a.error.code === 'late_meter' && req.meter) this.meterAgain(action);
    const held = this.state.held;
    if (held) {
      // Hands still busy (Paku Paku): the press is held and sent once they
      // are free, unless the game ended or the move is gone meanwhile (a
      // meter's stop, its meter spent, by a new one: stopAgain).
      this.later(() => {
        this.dispatch({ type: 'release' });
        if (req.meter) this.stopAgain(req.meter.stop_ms, held.action);
        else if (R.choices(this.state).includes(held.action)) this.act(held.action, true);
      }, Math.max(0, held.due - R.clockAt(this.state, performance.now())));
    }
  }

  // Whether the skill action (a meter's "toss", "stack cup") is still the person's to make.
  skillOpen(action) {
    return R.choices(this.state).some((a) => a.startsWith(`${action} `));
  }

  // A fresh meter for a stop that came too late, while the move is still
  // there (else the note says it is gone).
  meterAgain(action) {
    if (this.skillOpen(action)) this.meter(this.meterKind, action);
    else this.dispatch({ type: 'note', note: { code: 'illegal_action' } });
  }

  // A meter's stop held for busy hands: a new meter, stopped at the point
  // of its swing where the person stopped the first (the same number).
  async stopAgain(stopped, action) {
    if (!this.skillOpen(action)) return;
    let m;
    try { m = await startMeter(this.conn, this.meterKind); } catch (e) { this.dispatch({ type: 'note', note: { code: e.code || 'io' } }); return; }
    const phase = stopped % m.period;
    const e = phase >= R.REACTION_MS ? phase : phase + m.period;
    this.later(() => this.send(stopRequest(m, action, e), action, true), Math.max(0, e - (performance.now() - m.start)));
  }

  // The piece or button pressed shows that its move is on its way.
  markPending() {
    const root = this.p.root;
    root.querySelectorAll('.sending').forEach((el) => { el.classList.remove('sending'); el.removeAttribute('aria-busy'); });
    if (!this.state.pending) return;
    const key = this.pressed || `a:${this.state.pending.action}`;
    const el = root.querySelector(`[data-key="${CSS.escape(key)}"]`);
    if (el) { el.classList.add('sending'); el.setAttribute('aria-busy', 'true'); }
  }

  // How long seat's hands stay busy (Paku Paku's busy_until), on the game clock.
  busyLeft(seat) {
    const b = this.state.view && this.state.view.busy_until;
    return b ? Math.max(0, b[seat] - R.clockAt(this.state, performance.now())) : 0;
  }

  async meter(kind, action) {
    if (this.meterOn) return;
    let m;
    try { m = await startMeter(this.conn, kind); } catch (e) { this.dispatch({ type: 'note', note: { code: e.code || 'io' } }); return; }
    this.meterOn = { m, action };
    this.meterKind = kind;
    const box = this.p.meter;
    const label = kind === 'toss' ? 'Flick strength' : 'Where the piece swings';
    const value = h('span', { class: 'meter-value' });
    const needle = h('div', { class: 'meter-needle' });
    const bar = h('div', { class: 'meter-track' }, needle);
    const stop = h('button', { class: 'primary stop', text: kind === 'toss' ? 'Flick!' : 'Drop it!',
      onclick: () => this.stopMeter() });
    clear(box).append(h('p', {}, `${label}: `, value), bar, stop,
      h('p', { class: 'help', text: kind === 'toss'
        ? 'The needle sweeps from weak to strong and back: stop it when it is where you want it. Strong flicks turn more pancakes face down.'
        : 'The piece swings over the tower: drop it when it is above the middle.' }));
    box.hidden = false;
    this.show(this.shown);
    stop.focus();
    const tick = () => {
      if (!this.meterOn) return;
      const v = meterNow(m);
      value.textContent = kind === 'toss' ? `${Math.round(v * 100)}%` : `${v > 0 ? '+' : ''}${v.toFixed(1)}`;
      const frac = kind === 'toss' ? (v - 0.1) / 0.8 : (v + 30) / 60;
      needle.style.left = `${(frac * 100).toFixed(1)}%`;
      if (this.game.meterFrame) this.game.meterFrame(this.p.board, kind, v);
      this.frame = requestAnimationFrame(tick);
    };
    tick();
  }

  async stopMeter() {
    const on = this.meterOn;
    if (!on) return;
    this.meterOn = null;
    cancelAnimationFrame(this.frame);
    const req = stopRequest(on.m, on.action);
    // The stop button goes: the focus waits at the table for the redraw.
    if (this.p.meter.contains(document.activeElement)) this.p.board.focus();
    this.p.meter.hidden = true;
    // The choices a running meter set aside come back (the answer may bring no push).
    if (this.shown) this.drawChoices(this.ctx(this.shown));
    await this.send(req, on.action);
  }

  sendChat() {
    const text = this.p.chatInput.value.trim();
    if (!text) return;
    this.conn.request({ cmd: 'chat', text }).then((a) => {
      if (a.ok) this.p.chatInput.value = '';
      else this.dispatch({ type: 'note', note: { code: a.error.code } });
    });
  }

  // ---- the focus ---------------------------------------------------------------------

  // Whether the person's focus is at the table (the board, the meter, the
  // choices, the end). A redraw replaces the pieces: when the focused one is
  // gone, the focus stays at the table instead of falling back to the page's
  // top (dozens of Tabs away). Moving it elsewhere (Tab, a click) ends that.
  inPlay(el) {
    return !!el && [this.p.board, this.p.meter, this.p.actions, this.p.end].some((x) => x.contains(el));
  }

  keepFocus() {
    const root = this.p.root;
    root.addEventListener('focusin', (e) => { this.focusInPlay = this.inPlay(e.target); });
    root.addEventListener('focusout', (e) => {
      if (e.relatedTarget && !this.inPlay(e.relatedTarget)) this.focusInPlay = false;
    });
  }

  // After a redraw: the same piece or button if it is still a choice, else
  // the first choice, else the table itself (the next Tab reaches the
  // choices); the end screen's headline once the game is over.
  refocus(key) {
    if (!this.focusInPlay) return;
    const a = document.activeElement;
    const lost = !a || a === document.body || a === this.main || !a.isConnected || !!a.closest('[hidden]');
    const waiting = a === this.p.board;
    if (!lost && !waiting) return;
    const endTitle = this.p.end.hidden ? null : this.p.end.querySelector('#end-title');
    if (endTitle) {
      this.focusInPlay = false;
      endTitle.focus();
      return;
    }
    const again = keys.focusable(key && this.p.root.querySelector(`[data-key="${CSS.escape(key)}"]`));
    const first = this.p.board.querySelector('[role=button][tabindex="0"]') || this.p.actions.querySelector('button');
    const to = again || first;
    if (to) to.focus();
    else if (lost) this.p.board.focus();
  }
}
