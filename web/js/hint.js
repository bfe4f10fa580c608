// hint.js: a hint in a game against bots on this device (docs/lessons.md,
// "Hints"): the move a medium bot would make, shining on the table, and
// one sentence saying why (the engine's `plan` with `hint`). None in real
// time (Paku Paku); in the memory games only with the memory aid on, since
// there a hint is a memory aid: without it the button says why.
import { h } from './dom.js';
import { moveTargets, shine, unshine } from './lesson.js';

// The hint button for the room's page, or null where the game gives none.
export function hintButton(page, ctx) {
  const facts = page.facts;
  if (!page.source.hints || facts.real_time || !ctx.mine) return null;
  // The table drawn again (a new size) for the same moment: the hint still shines.
  if (page.hint && page.hint.view === ctx.view) shineMove(page, page.hint.action);
  const off = facts.memory_game && !ctx.memoryAid;
  return h('button', { type: 'button', class: 'hint', 'data-key': 'hint', 'aria-disabled': off ? 'true' : null,
    onclick: () => (off
      ? page.say(`No hints here: in ${facts.title} remembering is the game, so a hint is a memory aid, and this game was started without the memory aid.`)
      : ask(page)) }, off ? 'Hint (needs the memory aid)' : 'Hint');
}

// Shines on the pieces and buttons that make the move: those found.
function shineMove(page, action) {
  const root = page.p.root;
  unshine(root);
  const found = moveTargets(root, page.state.game, action);
  found.forEach(shine);
  return found;
}

async function ask(page) {
  const a = await page.conn.request({ cmd: 'plan', hint: true });
  if (!a.ok) { page.say(a.error.message); return; }
  page.hint = { action: a.action, view: page.state.view };
  const found = shineMove(page, a.action);
  page.say(`Hint: ${a.why ? a.why.text : `a good move is ${a.action}.`}`);
  const touch = found.find((el) => el.getAttribute('role') === 'button' || el.tagName === 'BUTTON');
  if (touch) touch.focus();
}
