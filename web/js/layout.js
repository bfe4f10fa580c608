// layout.js: the room's one screen, the same for every game: the table (the
// game's SVG, fitted to the room it has), the turn line, the person's
// choices, the meter, the end screen, the seats, and a drawer of tabs (what
// happened, chat, how to play, the host's controls). The stylesheet places
// them: the table beside a panel on a landscape screen, over its choices on
// a portrait one, where the tabs open as a sheet; below 500 px of height the
// seats fold to one line each, opened by a tap (docs/web.md, "One screen").
import { h } from './dom.js';

export function roomLayout({ rules, legend = [], chat, host }) {
  const p = {};
  p.turn = h('p', { class: 'turn', 'aria-live': 'polite', id: 'turn' });
  p.board = h('div', { class: 'board', id: 'board', tabindex: '-1', role: 'region', 'aria-label': 'the table' });
  p.meter = h('div', { class: 'meter', hidden: true });
  p.actions = h('div', { class: 'actions', role: 'group', 'aria-label': 'your choices' });
  p.end = h('section', { class: 'end', hidden: true, 'aria-labelledby': 'end-title' });
  p.players = h('ul', { class: 'players', 'aria-label': 'players' });
  p.log = h('ol', { class: 'log', 'aria-label': 'what happened', tabindex: '0' });
  p.chatList = h('ol', { class: 'chat', 'aria-label': 'chat messages', tabindex: '0' });
  p.chatInput = h('input', { id: 'chat-text', maxlength: '280', autocomplete: 'off' });
  p.chatSend = h('button', { type: 'submit', text: 'Send' });
  p.chatForm = h('form', { class: 'chat-form' },
    h('label', { for: 'chat-text', text: 'Say ' }), p.chatInput, p.chatSend);
  chat && p.chatForm.addEventListener('submit', (e) => { e.preventDefault(); chat(); });
  p.host = h('details', { class: 'host' }, h('summary', { text: 'Host controls' }));

  // A game against bots on the device has nobody to chat with (chat: null).
  const tabs = [
    ['log', 'Log', [p.log]],
    chat ? ['chat', 'Chat', [p.chatList, p.chatForm]] : null,
    ['rules', 'Rules', [...rules.map((t) => h('p', { text: t })),
      legend.length ? h('ul', { class: 'legend', 'aria-label': 'the pieces' }, ...legend) : null]],
  ].filter(Boolean);
  if (host) tabs.push(['host', 'Host', [p.host]]);
  p.tabs = {};
  p.panes = {};
  const bar = h('div', { class: 'tabs', role: 'tablist', 'aria-label': 'more' });
  const panes = h('div', { class: 'panes' });
  for (const [key, label, content] of tabs) {
    const tab = h('button', { class: 'tab', role: 'tab', id: `tab-${key}`, 'data-tab': key,
      'aria-controls': `pane-${key}`, 'aria-selected': 'false', text: label });
    const pane = h('section', { class: 'pane', role: 'tabpanel', id: `pane-${key}`,
      'aria-labelledby': `tab-${key}`, hidden: true }, ...content);
    tab.addEventListener('click', () => p.open(p.shown === key && p.sheet() ? null : key));
    p.tabs[key] = tab;
    p.panes[key] = pane;
    bar.append(tab);
    panes.append(pane);
  }
  const close = h('button', { class: 'close-sheet', 'aria-label': 'close', text: '×',
    onclick: () => p.open(null) });
  panes.prepend(close);
  p.drawer = h('div', { class: 'drawer' }, bar, panes);

  // The log and the chat show their newest lines.
  p.bottom = () => { panes.scrollTop = panes.scrollHeight; };
  // Whether the tabs open as a sheet over the table (a portrait screen)
  // rather than inside the side panel.
  const SHEET = '(orientation: portrait), (max-height: 500px)';
  p.sheet = () => window.matchMedia(SHEET).matches;
  // Opens a tab (null: closes the sheet; beside the table one is always open).
  p.open = (key) => {
    if (!key && !p.sheet()) key = p.shown || 'log';
    p.shown = key;
    for (const k of Object.keys(p.tabs)) {
      p.tabs[k].setAttribute('aria-selected', String(k === key));
      p.panes[k].hidden = k !== key;
    }
    p.drawer.classList.toggle('open', !!key);
    p.bottom();
  };
  p.open(p.sheet() ? null : 'log');
  // Turned to portrait the sheet closes; to landscape a tab is open beside the table.
  window.matchMedia(SHEET).addEventListener('change', () => p.open(p.sheet() ? null : p.shown));

  p.root = h('div', { class: 'room', hidden: true },
    p.turn, p.board, p.meter, p.actions, p.end, p.players, p.drawer);
  return p;
}

// Whether the seats fold to one line each (a short screen, or a narrow one).
export const FOLD = '(max-height: 500px), (max-width: 600px)';
export function folded() {
  return window.matchMedia(FOLD).matches;
}
