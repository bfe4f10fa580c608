// end.js: the end screen: who won and why, each seat's score and best
// moment (when the game's module knows one), "Play again", the replay, and
// a short celebration when the person won (none under prefers-reduced-motion).
import { h, clear, calm } from './dom.js';
import * as sound from './sound.js';

// game.end(ctx), when the module has it, answers {headline?, why?, best?:
// [a sentence or null per seat], did?: [what each seat did, in a few words]};
// game.seat(ctx, i).score is the score.
export function endScreen(box, { state, game, ctx, replay, again }) {
  const story = (game.end && game.end(ctx)) || {};
  const res = state.results || [];
  const top = Math.max(...res);
  const winners = res.map((r, i) => (r === top && top > 0 ? i : -1)).filter((i) => i >= 0);
  const names = winners.map((i) => ctx.name(i));
  const headline = story.headline || (winners.length
    ? `${names.join(' and ')} ${winners.length > 1 ? 'win' : 'wins'}!` : 'Nobody won this time.');
  const rows = state.names.map((n, i) => {
    const score = game.seat ? game.seat(ctx, i).score : null;
    const best = story.best && story.best[i];
    return h('li', { class: winners.includes(i) ? 'winner' : '' },
      h('b', { text: ctx.name(i) }),
      winners.includes(i) ? h('span', { class: 'crown', text: ' · won' }) : null,
      score ? ` · ${score}` : null,
      story.did ? h('span', { class: 'did', text: ` · ${story.did[i]}` }) : null,
      best ? h('span', { class: 'best', text: ` · best moment: ${best}` }) : null);
  });
  const pub = state.pub || {};
  // (Element.append writes a null as the text "null": the parts go through h().)
  clear(box).append(...h('div', {},
    h('h2', { id: 'end-title', tabindex: '-1', text: headline }),
    story.why ? h('p', { class: 'why', text: story.why }) : null,
    h('ol', { class: 'scores' }, ...rows),
    h('div', { class: 'end-buttons' },
      again ? h('button', { class: 'primary', text: 'Play again', onclick: again }) : null,
      // Opened after the table started again: where the next game is.
      pub.rematch ? h('a', { class: 'button', href: `#/room/${pub.rematch}?watch`,
        text: `Watch the next game (room ${pub.rematch})` }) : null,
      h('a', { class: 'button', href: replay, text: 'Watch the replay' }),
      h('a', { class: 'button', href: '#/', text: 'Back to the lobby' }))).childNodes);
  // The celebration is the winner's: a person who lost to a bot is not
  // showered in confetti (a watcher sees every win's).
  if (winners.length && (state.seat < 0 || winners.includes(state.seat))) {
    sound.play('win');
    if (!calm()) celebrate();
  }
}

// Confetti for a moment, over everything, touching nothing.
const COLOURS = ['#e8543c', '#f2b705', '#3e9e4f', '#3b7dd8', '#b05fc9'];

function celebrate() {
  const layer = h('div', { class: 'confetti', 'aria-hidden': 'true' });
  document.body.append(layer);
  const bits = [];
  for (let i = 0; i < 36; i++) {
    const bit = h('span', { class: 'bit' });
    bit.style.left = `${(i * 37) % 100}%`;
    bit.style.background = COLOURS[i % COLOURS.length];
    layer.append(bit);
    const drift = ((i * 53) % 120) - 60;
    bits.push(bit.animate([
      { transform: 'translate(0, -5vh) rotate(0deg)', opacity: 1 },
      { transform: `translate(${drift}px, 105vh) rotate(${360 + i * 40}deg)`, opacity: 0.8 },
    ], { duration: 1400 + (i % 6) * 150, delay: (i % 9) * 60, easing: 'ease-in', fill: 'both' }));
  }
  Promise.all(bits.map((b) => b.finished.catch(() => {}))).then(() => layer.remove());
  // Leaving the end screen (the lobby, the replay) ends it at once.
  window.addEventListener('hashchange', () => layer.remove(), { once: true });
}
