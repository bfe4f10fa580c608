// hint.js: a hint in a game against bots (docs/lessons.md,
// "Hints"): the move a medium bot would make, shining on the table, and
// one sentence saying why (the engine's `plan` with `hint`), in the turn
// line's place and in the page's alert (for a screen reader). None in real
// time (Paku Paku); in the memory games only with the memory aid on, since
// there a hint is a memory aid: without it the button says why; in a
// server's room only where the host allows them.
import { h } from './dom.js';
import { moveTargets, shine, unshine } from './lesson.js';

// The hint button (and the last hint's sentence while it holds) for the
// room's choices, or null where the game gives none. page.hint: {view,
// action, text} of the last hint.
export function hintButton(page, ctx) {
  const facts = page.facts;
  // A game against bots: one person at the table (on this device, or a
  // server's room, whose `plan` answers as the engine's).
  const pub = page.state.pub || {};
  const seats = pub.seats || [];
  const people = seats.filter((x) => x.kind === 'person').length;
  const againstBots = people === 1 && seats.some((x) => x.kind === 'bot');
  // A server's room says whether its host allows hints (hints_on: off by
  // default where people play together): where not, no button at all, as at
  // any table of people; the host's controls offer to turn them on.
  const room = typeof pub.hints_on === 'boolean';
  const hint = page.hint && page.hint.view === ctx.view ? page.hint : null;
  showWhy(page, hint && ctx.mine ? hint.text : null);
  if (!(room ? pub.hints_on : againstBots) || facts.real_time || !ctx.mine) return null;
  const [why, label] = facts.memory_game && !ctx.memoryAid
    ? [`No hints here: in ${facts.title} remembering is the game, so a hint is a memory aid, and this game was started without it.`,
      'Hint (needs the memory aid)']
    : [null, 'Hint'];
  // The table drawn again for the same moment (a new size): the hint still shines.
  if (hint && hint.action) shineMove(page, hint.action);
  const button = h('button', { type: 'button', class: 'hint', 'data-key': 'hint', 'aria-disabled': why ? 'true' : null,
    onclick: () => (why ? tell(page, { view: ctx.view, action: null, text: why }) : ask(page)) }, label);
  return button;
}

// The hint's sentence for the eyes, in the turn line's place (the alert says
// it): beside the choices it took a row of its own on a phone and the page's
// alert another, and the table shrank by both while it showed.
function showWhy(page, text) {
  const root = page.p.root;
  let why = root.querySelector(':scope > .hint-why');
  root.classList.toggle('hinting', !!text);
  if (!text) { if (why) why.remove(); return; }
  if (!why) root.append(why = h('p', { class: 'hint-why', 'aria-hidden': 'true' }));
  why.textContent = text;
}

// Shines on the pieces and buttons that make the move: those found.
function shineMove(page, action) {
  const root = page.p.root;
  unshine(root);
  const found = moveTargets(root, page.state.game, action, page.state.seat);
  found.forEach((el) => shine(el));
  return found;
}

// Shows a hint (or why there is none): the choices drawn again with it.
function tell(page, hint) {
  page.hint = hint;
  if (page.shown) page.drawChoices(page.ctx(page.shown));
  page.say(hint.text);
  const again = page.p.actions.querySelector('button.hint'); // drawn anew: the focus stays on it
  if (again) again.focus();
}

// The engine's sentence names another seat by its number from 1 ("Seat 2
// needs a biscuit"): the page names it as the table does (its board says
// "medium 2", a child knows no seat numbers). name(i) names seat i from 0.
export function nameSeats(text, name, seats) {
  return text.replace(/\b[Ss]eat (\d+)\b/g, (said, n) => (n >= 1 && n <= seats ? name(n - 1) : said));
}

async function ask(page) {
  const a = await page.conn.request({ cmd: 'plan', hint: true });
  if (!a.ok) { page.say(a.error.message); return; }
  const ctx = page.ctx(page.state);
  const why = a.why ? nameSeats(a.why.text, ctx.name, ctx.names.length) : `a good move is ${a.action}.`;
  tell(page, { view: page.state.view, action: a.action, text: `Hint: ${why}` });
  const found = moveTargets(page.p.root, page.state.game, a.action, page.state.seat);
  const touch = found.find((el) => el.getAttribute('role') === 'button' || el.tagName === 'BUTTON');
  if (touch) touch.focus();
}
