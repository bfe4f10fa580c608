// room.js: one room: joining, waiting for the others, and the table: the
// game's SVG (driven only by this seat's view and the pushes), whose turn it
// is, the legal choices, the log as this seat sees it, chat, the rules in
// brief, the host's controls and the end screen.
import { api, Conn } from './api.js';
import { h, clear, calm } from './dom.js';
import { GAMES, withNames } from './games.js';
import { startMeter, meterNow, stopRequest } from './meter.js';
import * as store from './store.js';

// A person's shortest reaction (the bots' floor, PF_REACTION_MIN_MS).
const REACTION_MS = 150;

// The hello refusals that leave the seat this token's, so it is asked again:
// the room plays at another server node for now, or storage was out of reach.
const RETRY_HELLO = new Set(['elsewhere', 'io', 'no_memory']);

// Display names: a person's own, a bot's level; repeated names get numbers
// ("medium 1", "medium 2") so the log can tell them apart: the names the
// server writes into event texts (pf_seating_names).
export function seatNames(seats) {
  const raw = seats.map((x) => (x.kind === 'bot' ? `bot ${x.name}` : x.name || `seat ${x.seat + 1}`));
  const seen = {};
  return raw.map((n, i) => {
    if (raw.filter((m) => m === n).length < 2) return n;
    seen[n] = (seen[n] || 0) + 1;
    return `${seats[i].kind === 'bot' ? seats[i].name : n} ${seen[n]}`;
  });
}

export function roomPage(main, code, watch) {
  code = code.toUpperCase();
  const page = new RoomPage(main, code, watch);
  page.start();
  return () => page.stop();
}

class RoomPage {
  constructor(main, code, watch) {
    this.main = main;
    this.code = code;
    this.watch = watch;
    this.seat = -1;
    this.names = [];
    this.log = [];
    this.chat = [];
    this.legal = [];
    this.progress = null;
    this.view = null;
    this.memory = {};
    this.timers = [];
  }

  stop() {
    this.stopped = true;
    if (this.onKey) document.removeEventListener('keydown', this.onKey);
    if (this.conn) this.conn.close();
    this.timers.forEach(clearInterval);
    cancelAnimationFrame(this.frame);
  }

  say(text) { if (this.alert) this.alert.textContent = text; }

  async start() {
    clear(this.main).append(h('p', { text: `Opening room ${this.code}…` }));
    let pub;
    try { pub = await this.readRoom(); } catch (e) {
      clear(this.main).append(h('section', { class: 'card' },
        h('h2', { text: `Room ${this.code}` }),
        h('p', { role: 'alert', text: e.status === 404 ? 'No room has that code. Check the letters with whoever sent it.' : e.message }),
        h('a', { href: '#/', class: 'button', text: 'Back to the lobby' })));
      return;
    }
    this.pub = pub;
    this.game = GAMES[pub.game];
    const mine = store.room(this.code);
    if (mine.token || this.watch) { this.connect(mine.token); return; }
    // A free place: before the start, or mid-game where the host removed someone.
    const free = pub.seats.some((x) => x.kind === 'person' && !x.name);
    if (free) this.joinForm();
    else this.connect(null);
  }

  // The room's public state. While the room moves to another server node
  // (elsewhere, a redirect to a node that is gone) or its storage is out of
  // reach (503), it is asked for again for a while: the room is still there.
  async readRoom() {
    for (let wait = 500, waited = 0; ; waited += wait, wait = Math.min(wait * 2, 2000)) {
      try { return await api.room(this.code); } catch (e) {
        const passing = e.status === 503 || e.code === 'elsewhere' || e.status === undefined;
        if (!passing || waited >= 20000 || this.stopped) throw e;
        clear(this.main).append(h('p', { text: `Room ${this.code} is moving to another server: trying again…` }));
        await new Promise((r) => setTimeout(r, wait));
      }
    }
  }

  joinForm() {
    const name = h('input', { id: 'join-name', maxlength: '23', value: store.getName(),
      autocomplete: 'nickname' });
    const alert = h('p', { role: 'alert', class: 'alert' });
    this.alert = alert;
    const form = h('form', { class: 'card' },
      h('h2', { text: `Join ${this.game.title} in room ${this.code}` }),
      h('label', { for: 'join-name', text: 'Your name ' }), name,
      h('button', { type: 'submit', class: 'primary', text: 'Take a seat' }),
      this.pub.spectators ? h('button', { type: 'button', text: 'Just watch',
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
      } catch (err) { alert.textContent = `You could not join: ${err.message}`; }
    });
    clear(this.main).append(form);
    name.focus();
  }

  connect(token) {
    this.token = token;
    this.layout();
    this.conn = new Conn(this.code, token, {
      hello: (m) => this.hello(m),
      push: (m) => this.pushed(m),
      status: (t) => { this.connStatus.textContent = t; },
      closed: (c, reason) => {
        this.connStatus.textContent = '';
        this.say(c === 4001 ? 'The host removed you from this room.' : `Disconnected: ${reason}`);
        if (c === 4001) store.setRoom(this.code, { token: null });
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
    if (!m.ok) {
      // A token the room no longer knows: forget it and start over (join
      // again, or watch).
      if (this.token) {
        store.setRoom(this.code, { token: null });
        this.conn.close();
        this.start().then(() => this.say(`Your old seat is gone (${m.error.message}).`));
        return;
      }
      this.say(m.error.message);
      return;
    }
    this.connStatus.textContent = '';
    this.seat = m.seat;
    if (this.token) store.setRoom(this.code, { seat: m.seat });
  }

  // ---- the page's parts ----------------------------------------------------

  layout() {
    const g = this.game;
    this.alert = h('p', { class: 'alert', role: 'alert' });
    this.connStatus = h('span', { class: 'conn', 'aria-live': 'polite' });
    this.statusLine = h('p', { class: 'turn', 'aria-live': 'polite', id: 'turn' });
    this.board = h('div', { class: 'board', id: 'board' });
    this.actions = h('div', { class: 'actions', role: 'group', 'aria-label': 'your choices' });
    this.meterBox = h('div', { class: 'meter', hidden: true });
    this.players = h('ul', { class: 'players', 'aria-label': 'players' });
    this.logList = h('ol', { class: 'log', 'aria-label': 'what happened', tabindex: '0' });
    this.chatList = h('ol', { class: 'chat', 'aria-label': 'chat messages', tabindex: '0' });
    this.chatInput = h('input', { id: 'chat-text', maxlength: '280', autocomplete: 'off' });
    this.chatSend = h('button', { type: 'submit', text: 'Send' });
    const chatForm = h('form', { class: 'chat-form' },
      h('label', { for: 'chat-text', text: 'Say ' }), this.chatInput, this.chatSend);
    chatForm.addEventListener('submit', (e) => { e.preventDefault(); this.sendChat(); });
    this.waiting = h('section', { class: 'card waiting' });
    this.endBox = h('section', { class: 'card end', hidden: true, 'aria-labelledby': 'end-title' });
    this.hostBox = h('details', { class: 'card host', hidden: !store.room(this.code).host_token },
      h('summary', { text: 'Host controls' }));
    this.play = h('div', { class: 'play', tabindex: '-1', role: 'region', 'aria-label': 'the table' },
      this.statusLine, this.board, this.meterBox, this.actions);
    this.keepFocusInPlay();
    this.board.addEventListener('keydown', (e) => this.arrowKey(e));
    this.table = h('div', { class: 'table', hidden: true },
      this.play,
      h('aside', { class: 'side' },
        h('section', { class: 'card' }, h('h2', { text: 'Players' }), this.players),
        h('section', { class: 'card' }, h('h2', { text: 'What happened' }), this.logList),
        h('section', { class: 'card' }, h('h2', { text: 'Chat' }), this.chatList, chatForm),
        h('details', { class: 'card rules' }, h('summary', { text: `How to play ${g.title}` }),
          ...g.rules.map((p) => h('p', { text: p })))));
    // A game's letter keys (Paku Paku: R rolls), anywhere but in a text field.
    this.onKey = (e) => {
      if (e.ctrlKey || e.metaKey || e.altKey || /^(INPUT|SELECT|TEXTAREA)$/.test(e.target.tagName)) return;
      const run = this.shortcuts && this.shortcuts[e.key.toLowerCase()];
      if (run) { e.preventDefault(); run(); }
    };
    document.addEventListener('keydown', this.onKey);
    clear(this.main).append(
      h('div', { class: 'room-head' },
        h('h2', { text: `${g.title} · room ${this.code}` }), this.connStatus),
      this.alert, this.waiting, this.endBox, this.table, this.hostBox);
    this.fillHost();
  }

  fillHost() {
    const host = store.room(this.code).host_token;
    if (!host) return;
    const box = this.hostBox;
    this.hostOut = this.hostOut || h('p', { role: 'status' });
    const run = async (body, what) => {
      try { this.pub = await api.host(this.code, { host_token: host, ...body }); this.hostOut.textContent = `${what}: done.`; this.fillHost(); }
      catch (e) { this.hostOut.textContent = `${what}: ${e.message}`; }
    };
    const pub = this.pub || {};
    // Drawn again only when something changed (the waiting page reads the
    // room every 2 s), and the focus stays on the button of the same name.
    const drawn = JSON.stringify([pub.locked, pub.chat_on, pub.seats]);
    if (drawn === this.hostDrawn) return;
    this.hostDrawn = drawn;
    const focused = box.contains(document.activeElement) ? document.activeElement.dataset.key : null;
    while (box.children.length > 1) box.lastChild.remove();
    const button = (key, text, body, what) => h('button', { 'data-key': key, text, onclick: () => run(body, what) });
    box.append(
      button('h:lock', pub.locked ? 'Unlock the room' : 'Lock the room', { do: pub.locked ? 'unlock' : 'lock' }, pub.locked ? 'Unlock' : 'Lock'),
      button('h:chat', pub.chat_on === false ? 'Turn chat on' : 'Turn chat off', { do: pub.chat_on === false ? 'chat_on' : 'chat_off' }, 'Chat'),
      h('ul', {}, ...(pub.seats || []).filter((x) => x.kind === 'person').map((x) => h('li', {},
        `Seat ${x.seat + 1}: ${x.name || 'free'} `,
        x.name ? button(`h:remove:${x.seat}`, 'Remove', { do: 'remove', seat: x.seat }, `Remove ${x.name}`) : null,
        button(`h:bot:${x.seat}`, 'Give to a bot', { do: 'bot', seat: x.seat, level: 'medium' }, 'Bot')))),
      this.hostOut);
    const again = focused && box.querySelector(`[data-key="${CSS.escape(focused)}"]`);
    if (again) again.focus();
  }

  async refreshPublic() {
    try {
      this.pub = await api.room(this.code);
      this.names = seatNames(this.pub.seats);
      this.fillHost();
    } catch (e) { /* kept as it was */ }
  }

  showWaiting() {
    const link = `${location.origin}/#/room/${this.code}`;
    const seats = h('ul', {});
    const fill = () => {
      clear(seats);
      (this.pub.seats || []).forEach((x) => seats.append(h('li', {
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
    this.waiting.hidden = false;
    clearInterval(this.waitTimer);
    const t = setInterval(async () => {
      if (this.started || this.stopped) { clearInterval(t); return; }
      await this.refreshPublic();
      fill();
    }, 2000);
    this.waitTimer = t;
    this.timers.push(t);
  }

  // ---- pushes ------------------------------------------------------------------

  // Pushes are handled one at a time, in the order they came: handling a
  // sync can wait for the network (the room's public state), and a later
  // push handled meanwhile would be overwritten by the older one.
  pushed(m) {
    this.inbox = this.inbox || [];
    this.inbox.push(m);
    if (this.draining) return;
    this.draining = true;
    (async () => {
      while (this.inbox.length && !this.stopped) {
        try { await this.push(this.inbox.shift(), this.inbox.length > 0); } catch (e) { this.say(e.message); }
      }
      this.draining = false;
    })();
  }

  // One push; more: others wait behind it (a steps push then only logs and
  // keeps its view: the last one draws).
  async push(m, more) {
    if (m.push === 'sync') {
      this.seat = m.seat;
      if (m.chat) { this.chat = m.chat; this.drawChat(); }
      this.chatInput.disabled = this.seat < 0 || m.chat_on === false;
      this.chatSend.disabled = this.chatInput.disabled;
      // A sync also follows the host's changes (a seat given to a bot, a
      // person removed): the names are read again.
      await this.refreshPublic();
      if (!m.started) { this.showWaiting(); return; }
      this.started = true;
      if (this.token) store.setRoom(this.code, { seat: m.seat });
      this.waiting.hidden = true;
      this.table.hidden = false;
      this.log = m.log || [];
      this.memory = {};
      this.game.remember && this.log.forEach((e) => this.game.remember(this.memory, e));
      this.progress = m;
      this.clockAt(m);
      this.view = m.view;
      this.fresh = [];
      this.unseen = [];
      this.drawLog();
      this.legal = this.mine() ? m.legal || [] : [];
      this.draw();
    } else if (m.push === 'steps') {
      this.progress = m;
      this.clockAt(m);
      const fresh = [];
      for (const st of m.steps) {
        if (st.undo !== undefined) {
          this.log = this.log.filter((e) => e.step < st.undo);
          continue;
        }
        for (const e of st.events) {
          const ev = { ...e, step: st.step, seat: st.seat, by_bot: st.by_bot };
          this.log.push(ev);
          fresh.push(ev);
          this.game.remember && this.game.remember(this.memory, ev);
        }
      }
      this.unseen = (this.unseen || []).concat(fresh);
      this.drawLog();
      // The push carries this seat's view and legal actions after the steps.
      this.view = m.view;
      this.legal = this.mine() ? m.legal || [] : [];
      if (more) return;
      this.fresh = this.unseen;
      this.unseen = [];
      this.draw();
    } else if (m.push === 'chat') {
      this.chat.push(m);
      this.drawChat();
    } else if (m.push === 'rematch' && !m.token) {
      location.hash = `#/room/${m.room}?watch`; // a spectator watches the next game too
    } else if (m.push === 'rematch') {
      // The host's token works for the rematch's room too.
      store.setRoom(m.room, { token: m.token, host_token: store.room(this.code).host_token || null });
      location.hash = `#/room/${m.room}`;
    }
  }

  clockAt(m) {
    if (typeof m.clock === 'number') this.clockBase = m.clock - performance.now();
  }

  // The game clock now, as far as this client can tell.
  now() { return performance.now() + (this.clockBase || 0); }

  mine() {
    return this.seat >= 0 && this.progress && !this.progress.over && this.progress.to_act.includes(this.seat);
  }

  // ---- acting ----------------------------------------------------------------------

  async act(action, retried = false) {
    if (this.busy) return;
    this.busy = true;
    this.say('');
    const a = await this.conn.request({ cmd: 'act', action });
    this.busy = false;
    // Hands still busy (Paku Paku): the press is held and sent once they
    // are free, after a person's shortest reaction, as the terminal does.
    const until = !a.ok && a.error.code === 'hands_busy' && /until t=(\d+)/.exec(a.error.message);
    if (until && !retried) {
      setTimeout(() => this.act(action, true), Math.max(0, Number(until[1]) - this.now()) + REACTION_MS);
      return;
    }
    if (!a.ok) this.say(a.error.message);
  }

  // How long seat's hands stay busy (Paku Paku's busy_until), on the game clock.
  busyLeft(seat) {
    const b = this.view && this.view.busy_until;
    return b ? Math.max(0, b[seat] - this.now()) : 0;
  }

  async meter(kind, action) {
    if (this.meterOn) return;
    let m;
    try { m = await startMeter(this.conn, kind); } catch (e) { this.say(e.message); return; }
    this.meterOn = { m, action };
    const label = kind === 'toss' ? 'Flick strength' : 'Where the piece swings';
    const value = h('span', { class: 'meter-value' });
    const bar = h('div', { class: 'meter-track' });
    const needle = h('div', { class: 'meter-needle' });
    bar.append(needle);
    const stop = h('button', { class: 'primary stop', text: kind === 'toss' ? 'Flick!' : 'Drop it!',
      onclick: () => this.stopMeter() });
    clear(this.meterBox).append(h('p', {}, `${label}: `, value), bar, stop,
      h('p', { class: 'help', text: kind === 'toss'
        ? 'The needle sweeps from weak to strong and back: stop it when it is where you want it. Strong flicks turn more pancakes face down.'
        : 'The piece swings over the tower: drop it when it is above the middle.' }));
    this.meterBox.hidden = false;
    this.draw();
    stop.focus();
    const tick = () => {
      if (!this.meterOn) return;
      const v = meterNow(m);
      value.textContent = kind === 'toss' ? `${Math.round(v * 100)}%` : `${v > 0 ? '+' : ''}${v.toFixed(1)}`;
      const frac = kind === 'toss' ? (v - 0.1) / 0.8 : (v + 30) / 60;
      needle.style.left = `${(frac * 100).toFixed(1)}%`;
      this.game.meterFrame && this.game.meterFrame(this.board, kind, v);
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
    if (this.meterBox.contains(document.activeElement)) this.play.focus();
    this.meterBox.hidden = true;
    const a = await this.conn.request(req);
    if (!a.ok) this.say(a.error.message);
  }

  sendChat() {
    const text = this.chatInput.value.trim();
    if (!text) return;
    this.conn.request({ cmd: 'chat', text }).then((a) => {
      if (a.ok) this.chatInput.value = '';
      else this.say(a.error.code === 'unknown_command' ? 'This server has no chat yet.' : a.error.message);
    });
  }

  ctx() {
    return {
      view: this.view, seat: this.seat, names: this.names, legal: this.legal,
      toAct: this.progress ? this.progress.to_act : [], over: this.progress && this.progress.over,
      results: this.progress && this.progress.results, memory: this.memory, fresh: this.fresh || [],
      animate: !calm(), now: () => this.now(), mine: this.mine(),
      act: (a) => this.act(a), meter: (k, a) => this.meter(k, a), meterOn: !!this.meterOn,
      name: (i) => this.nameOf(i), memoryAid: !!(this.pub && this.pub.memory_aid),
      swingPiece: this.memory.swingPiece, busyLeft: (i) => this.busyLeft(i),
    };
  }

  nameOf(i) {
    if (i < 0 || i >= this.names.length) return `seat ${i + 1}`;
    return i === this.seat ? `${this.names[i]} (you)` : this.names[i];
  }

  // ---- the keyboard ----------------------------------------------------------------

  // Whether the person's focus is at the table (the board, the meter, the
  // buttons). A redraw replaces the pieces: when the focused one is gone,
  // the focus stays at the table instead of falling back to the page's top
  // (dozens of Tabs away). Moving it elsewhere (Tab, a click) ends that.
  keepFocusInPlay() {
    this.play.addEventListener('focusin', () => { this.focusInPlay = true; });
    this.play.addEventListener('focusout', (e) => {
      if (e.relatedTarget && !this.play.contains(e.relatedTarget)) this.focusInPlay = false;
    });
  }

  // After a redraw: the same piece or button if it is still a choice, else
  // the first choice, else the table itself (the next Tab reaches the
  // choices); the end screen's headline once the game is over.
  refocus(key) {
    if (!this.focusInPlay) return;
    const a = document.activeElement;
    const lost = !a || a === document.body || a === this.main || !a.isConnected || a.closest('[hidden]');
    const waiting = a === this.play;
    if (!lost && !waiting) return;
    if (this.progress && this.progress.over && !this.endBox.hidden) {
      this.focusInPlay = false;
      this.endTitle.focus();
      return;
    }
    const again = focusable(key && this.play.querySelector(`[data-key="${CSS.escape(key)}"]`));
    const first = this.board.querySelector('[role=button][tabindex="0"]') || this.actions.querySelector('button');
    const to = again || first;
    if (to) to.focus();
    else if (lost) this.play.focus();
  }

  // The board's pieces are one stop for Tab (a roving tabindex): the arrow
  // keys move between them (left and right in reading order, up and down to
  // the nearest piece above or below), Home and End to the first and last.
  rove(key) {
    const picks = [...this.board.querySelectorAll('[role=button]')];
    const at = picks.find((p) => p.dataset.key === key) || picks[0];
    picks.forEach((p) => p.setAttribute('tabindex', p === at ? '0' : '-1'));
  }

  arrowKey(e) {
    const picks = [...this.board.querySelectorAll('[role=button]')];
    const i = picks.indexOf(document.activeElement);
    if (i < 0) return;
    let to = null;
    if (e.key === 'ArrowRight') to = picks[(i + 1) % picks.length];
    else if (e.key === 'ArrowLeft') to = picks[(i + picks.length - 1) % picks.length];
    else if (e.key === 'Home') to = picks[0];
    else if (e.key === 'End') to = picks[picks.length - 1];
    else if (e.key === 'ArrowUp' || e.key === 'ArrowDown') to = nearest(picks, picks[i], e.key === 'ArrowUp' ? -1 : 1);
    else return;
    e.preventDefault();
    if (!to) return;
    picks.forEach((p) => p.setAttribute('tabindex', p === to ? '0' : '-1'));
    to.focus();
  }

  // ---- drawing ------------------------------------------------------------------

  draw() {
    if (!this.view) return;
    const ctx = this.ctx();
    const focused = document.activeElement && document.activeElement.dataset
      ? document.activeElement.dataset.key : null;
    const roving = this.board.querySelector('[role=button][tabindex="0"]');
    const roveKey = focused || (roving && roving.dataset.key);
    clear(this.board).append(this.game.render(ctx));
    this.board.dataset.step = this.progress ? this.progress.step_count : 0;
    clear(this.actions);
    const choices = this.game.actions(ctx);
    this.shortcuts = {};
    choices.forEach((c) => {
      const run = c.run || (() => this.act(c.action));
      if (c.key) this.shortcuts[c.key] = run;
      this.actions.append(h('button', { class: c.primary ? 'primary' : '', 'data-key': `a:${c.action || c.label}`,
        'aria-keyshortcuts': c.key ? c.key.toUpperCase() : null, onclick: run },
      c.label, c.key ? h('kbd', { text: ` ${c.key.toUpperCase()}` }) : null));
    });
    this.statusLine.textContent = this.turnText(ctx);
    this.rove(roveKey);
    const again = focusable(focused && this.play.querySelector(`[data-key="${CSS.escape(focused)}"]`));
    if (again) again.focus();
    this.drawPlayers();
    this.drawEnd();
    this.refocus(focused);
    clearInterval(this.deadlineTimer);
    if (this.progress && typeof this.progress.deadline === 'number' && !this.progress.over) this.countdown();
    if (this.game.live) this.liveLoop();
  }

  turnText(ctx) {
    if (ctx.over) return 'The game is over.';
    const tip = this.game.status(ctx);
    if (this.seat < 0) return `You are watching. ${tip}`;
    return tip;
  }

  // Real-time games redraw their moving parts (busy hands, the clock) between pushes.
  liveLoop() {
    if (this.looping) return;
    this.looping = true;
    const step = () => {
      if (this.stopped || !this.view) { this.looping = false; return; }
      this.game.live(this.board, this.ctx());
      this.frame2 = setTimeout(step, 100);
    };
    step();
  }

  countdown() {
    const d = this.progress.deadline;
    const show = () => {
      const left = Math.max(0, Math.ceil((d - this.now()) / 1000));
      const base = this.turnText(this.ctx());
      this.statusLine.textContent = `${base} (${left} s left)`;
    };
    show();
    this.deadlineTimer = setInterval(show, 1000);
    this.timers.push(this.deadlineTimer);
  }

  drawPlayers() {
    clear(this.players);
    const res = this.progress && this.progress.results;
    this.names.forEach((n, i) => this.players.append(h('li', {
      class: `${i === this.seat ? 'me' : ''} ${this.progress && this.progress.to_act.includes(i) ? 'acting' : ''}` },
      `${i + 1}. ${this.nameOf(i)}`,
      this.progress && this.progress.to_act.includes(i) && !this.progress.over ? ' · to play' : '',
      res ? ` · ${res[i] > 0 ? 'wins' : 'result ' + res[i]}` : '')));
  }

  drawLog() {
    clear(this.logList);
    const recent = this.log.slice(-60);
    for (const e of recent) {
      this.logList.append(h('li', { class: e.private ? 'private' : '', 'data-step': e.step },
        e.private ? h('span', { class: 'badge', text: 'only you' }) : null,
        withNames(e.text, this.names, this.seat),
        this.timedOut(e) ? h('em', { text: ' (time ran out: a bot played this move)' }) : null));
    }
    this.logList.scrollTop = this.logList.scrollHeight;
  }

  // A person's move that a bot played: that person's turn timer ran out.
  timedOut(e) {
    const seats = this.pub && this.pub.seats;
    return e.by_bot && seats && seats[e.seat] && seats[e.seat].kind === 'person';
  }

  drawChat() {
    clear(this.chatList);
    for (const c of this.chat.slice(-50))
      this.chatList.append(h('li', {}, h('b', { text: `${c.name}: ` }), c.text));
    this.chatList.scrollTop = this.chatList.scrollHeight;
  }

  drawEnd() {
    const p = this.progress;
    if (!p || !p.over) { this.endBox.hidden = true; return; }
    if (!this.endBox.hidden) return;
    const res = p.results || [];
    const best = Math.max(...res);
    const winners = res.map((r, i) => (r === best && best > 0 ? i : -1)).filter((i) => i >= 0);
    const headline = this.game.endText ? this.game.endText(this.ctx(), winners)
      : winners.length ? `${winners.map((i) => this.nameOf(i)).join(' and ')} ${winners.length > 1 ? 'win' : 'wins'}!` : 'Nobody won this time.';
    const again = h('button', { class: 'primary', text: 'Play again', onclick: async () => {
      const a = await this.conn.request({ cmd: 'rematch' });
      if (!a.ok) this.say(a.error.code === 'unknown_command' ? 'This server cannot start a rematch yet: make a new room from the lobby.' : a.error.message);
    } });
    this.endTitle = h('h2', { id: 'end-title', tabindex: '-1', text: headline });
    clear(this.endBox).append(
      this.endTitle,
      h('ol', {}, ...res.map((r, i) => h('li', { text: `${this.nameOf(i)}: ${r > 0 ? 'won' : 'did not win'}${
        this.game.score ? ` (${this.game.score(this.ctx(), i)})` : ''}` }))),
      this.seat >= 0 ? again : null,
      // Opened after the table started again: where the next game is.
      this.pub.rematch ? h('a', { class: 'button', href: `#/room/${this.pub.rematch}?watch`,
        text: `Watch the next game (room ${this.pub.rematch})` }) : null,
      h('a', { class: 'button', href: `#/replay/${this.code}`, text: 'Watch the replay' }),
      h('a', { class: 'button', href: '#/', text: 'Back to the lobby' }));
    this.endBox.hidden = false;
  }
}

// el when it can take the focus (a button, or a piece that is a choice).
function focusable(el) {
  return el && (el.tagName === 'BUTTON' || el.hasAttribute('tabindex')) ? el : null;
}

// The piece nearest to from in the direction dir (-1 up, 1 down): the
// closest row that way, then the closest across.
function nearest(picks, from, dir) {
  const at = (el) => { const r = el.getBoundingClientRect(); return [r.x + r.width / 2, r.y + r.height / 2]; };
  const [x0, y0] = at(from);
  let best = null;
  let score = Infinity;
  for (const p of picks) {
    const [x, y] = at(p);
    const dy = (y - y0) * dir;
    if (dy < 4) continue;
    const sc = dy * 4 + Math.abs(x - x0);
    if (sc < score) { score = sc; best = p; }
  }
  return best;
}
