// web_keys.js: the turn-based games from the lobby to the end screen by the
// keyboard alone: Tab and Shift+Tab, Enter and Space, the arrow keys (no
// click, no focus set by the test). Each key press lands on something that
// shows its focus; the table is one Tab from the top of the room's page and
// keeps the focus, so a move costs at most a few Tabs (docs/web.md,
// "Accessibility").
'use strict';
const L = require('./lib.js');

// What has the focus: whether it is one of the table's choices, and whether
// it shows (an outline on HTML, the dashed ring on a piece of the SVG).
function focusInfo(page) {
  return page.evaluate(() => {
    const a = document.activeElement;
    if (!a || a === document.body) return { none: true, choice: false, shown: false, label: '(nothing)' };
    const piece = a.getAttribute('role') === 'button' && !!a.closest('.board');
    // A move's piece or button (the Hint button asks, it does not move).
    const choice = piece || (a.tagName === 'BUTTON' && !a.classList.contains('hint') && !!a.closest('.actions, .meter'));
    let shown;
    if (piece) {
      const ring = a.querySelector('.hot');
      shown = !!ring && getComputedStyle(ring).strokeDasharray !== 'none';
    } else {
      const st = getComputedStyle(a);
      shown = a.matches(':focus-visible') && st.outlineStyle !== 'none' && parseFloat(st.outlineWidth) >= 2;
    }
    // Where Tab may go on from a button among the choices without leaving them.
    const buttons = [...document.querySelectorAll('.actions button:not(.hint)')];
    const after = buttons.indexOf(a) >= 0 ? buttons.length - 1 - buttons.indexOf(a) : 0;
    return { choice, piece, shown, after, id: a.id, game: a.dataset.game, table: a === document.querySelector('.board'),
      label: a.getAttribute('aria-label') || a.textContent.trim().slice(0, 60) };
  });
}

// Presses Tab until want(focus) holds, at most max times; every stop shows
// its focus. While the table holds the focus waiting for the person's turn,
// it gives it to the first choice when the turn comes (docs/web.md): a
// person waits for that rather than pressing Tab (a Tab pressed then took
// the focus away from the table, and the move was 14 Tabs away). Still
// waiting after a while: null (the caller looks again).
async function tabTo(page, want, max, what) {
  let f = await focusInfo(page);
  let tabs = 0;
  while (!want(f)) {
    if (f.table) {
      await page.waitForFunction(() => document.activeElement !== document.querySelector('.board'), null, { timeout: 2000 })
        .catch(() => {});
      f = await focusInfo(page);
      if (f.table) return null;
      continue;
    }
    L.assert(tabs < max, `${what}: reached within ${max} Tabs (at ${f.label})`);
    await page.keyboard.press('Tab');
    tabs++;
    f = await focusInfo(page);
    L.assert(f.shown || !f.choice, `${what}: the focus shows on ${f.label}`);
  }
  L.assert(f.shown, `${what}: the focus shows on ${f.label}`);
  return tabs;
}

// From wherever the focus is, plays to the end by keys: Tab to a choice
// when the focus is not on one (at most `maxTabs`, the first move too),
// a few arrows or Tabs among the choices so the game moves on, then Enter
// or Space; a meter is stopped with Enter (its button has the focus).
async function playByKeys(page, { budgetMs = 90000, maxTabs = 3 } = {}) {
  const until = Date.now() + budgetMs;
  let moves = 0;
  let worst = 0;
  for (;;) {
    L.assert(Date.now() < until, `the game ended within ${budgetMs} ms (${moves} moves)`);
    const c = await L.choices(page);
    if (c.over) break;
    if (c.meter) {
      const f = await focusInfo(page);
      L.assert(/Flick|Drop/.test(f.label) && f.shown, `the meter's button has the focus, shown: ${f.label}`);
      await page.waitForTimeout(150 + (moves % 5) * 90); // the needle moves: a person's timing
      await page.keyboard.press('Enter');
      await page.waitForFunction(() => document.querySelector('.meter').hidden);
      moves++;
      continue;
    }
    if (!c.buttons.length) {
      await page.waitForFunction(() => document.querySelector('.actions button, .board [role=button]')
        || !document.querySelector('.end').hidden || !document.querySelector('.meter').hidden, null, { timeout: 20000 });
      continue;
    }
    const tabs = await tabTo(page, (f) => f.choice, 40, `move ${moves}`);
    if (tabs === null) continue; // the table still waits for the turn: look again
    worst = Math.max(worst, tabs);
    let f = await focusInfo(page);
    // Another choice now and then: arrows on the board, Tab among the buttons.
    for (let k = moves % 3; k > 0; k--) {
      if (f.piece) await page.keyboard.press(k % 2 ? 'ArrowRight' : 'ArrowDown');
      else if (f.after > 0) await page.keyboard.press('Tab');
      f = await focusInfo(page);
    }
    if (!f.choice) continue; // redrawn meanwhile: look again
    L.assert(f.shown, `the focus shows on ${f.label}`);
    const step = c.step;
    await page.evaluate(() => { window.pressedOn = document.querySelector('.board svg'); });
    await page.keyboard.press(moves % 2 ? ' ' : 'Enter');
    moves++;
    // The move is in (a new step), a meter opened, the game ended, or the
    // table was drawn anew for a choice of the page's own (Pass the Party
    // Food's token, then its tile); a press on a piece redrawn under it
    // just looks again.
    await page.waitForFunction((s) => document.querySelector('.board').dataset.step !== s
      || !document.querySelector('.meter').hidden || !document.querySelector('.end').hidden
      || document.querySelector('.board svg') !== window.pressedOn, step, { timeout: 5000 })
      .catch(() => {});
  }
  L.assert(worst <= maxTabs, `the table is near the top and keeps the focus: at most ${maxTabs} Tabs a move (${worst})`);
  console.log(`# ${moves} moves by keys, at most ${worst} Tabs to a choice`);
  return moves;
}

// The end screen takes the focus, and Tab goes on to "Play again".
async function endByKeys(page, game) {
  const end = await page.textContent('.end h2');
  L.assert(/win|won|Nobody|Ziggy/.test(end), `${game}: the end screen says who won: ${end}`);
  L.assert(await page.evaluate(() => document.activeElement.id === 'end-title'), `${game}: the focus moved to the end screen`);
  await tabTo(page, (f) => /Play again/.test(f.label), 3, `${game}: "Play again"`);
  await L.noErrors(page);
}

// The lobby's one-click game by keys: type the name, Tab to the game's button, Enter.
async function quickByKeys({ browser, base }, game) {
  const page = await L.newPage(browser);
  await page.goto(`${base}/`);
  await page.waitForSelector('.quick button');
  await tabTo(page, (f) => f.id === 'your-name', 5, 'the name field');
  await page.keyboard.type('ana');
  await tabTo(page, (f) => f.game === game, 8, `the one-click ${game}`);
  await page.keyboard.press('Enter');
  await page.waitForSelector('.board svg');
  const moves = await playByKeys(page);
  L.assert(moves > 0, `${game}: the person made moves (${moves})`);
  await endByKeys(page, game);
  await page.context().close();
}

// Pizza Party made with the lobby's form by keys (2 players, no spare
// slices, 2 topping kinds: a short game), then played to the end.
async function pizzaByKeys({ browser, base }) {
  const page = await L.newPage(browser);
  await page.goto(`${base}/`);
  await page.waitForSelector('.quick button');
  await tabTo(page, (f) => f.id === 'your-name', 5, 'the name field');
  await page.keyboard.type('ana');
  // Past the one-click games, their lessons, the kept games and the form's game.
  await tabTo(page, (f) => f.id === 'new-count', 14, 'the number of players');
  await page.keyboard.press('ArrowUp'); // 3 -> 2
  L.assert(await page.inputValue('#new-count') === '2', 'two players, chosen by an arrow key');
  await tabTo(page, (f) => f.id === 'opt-extra_slices', 10, 'the spare slices');
  await page.keyboard.press(' ');
  L.assert(!(await page.isChecked('#opt-extra_slices')), 'Space turned the spare slices off');
  await tabTo(page, (f) => f.id === 'opt-kinds', 3, 'the topping kinds');
  await page.keyboard.press('End'); // 4, 3, 2: the last
  L.assert(await page.inputValue('#opt-kinds') === '2', 'two topping kinds');
  await tabTo(page, (f) => f.label === 'Make the room', 10, 'the form\'s button');
  await page.keyboard.press('Enter');
  await page.waitForSelector('.board svg');
  const moves = await playByKeys(page);
  L.assert(moves > 0, `pizza: the person made moves (${moves})`);
  await endByKeys(page, 'pizza');
  await page.context().close();
}

// The board's pieces are one Tab stop: the arrows move among them.
async function arrowsOnTheBoard({ browser, base }) {
  const page = await L.quickGame(browser, base, 'pizza');
  await page.waitForSelector('.board [role=button]', { timeout: 15000 });
  const stops = await page.$$eval('.board [role=button]', (els) => els.filter((e) => e.getAttribute('tabindex') === '0').length);
  L.assert(stops === 1, `one piece of the board takes Tab (${stops})`);
  await tabTo(page, (f) => f.piece, 5, 'the board');
  const first = (await focusInfo(page)).label;
  await page.keyboard.press('ArrowRight');
  const second = (await focusInfo(page)).label;
  L.assert(first !== second && /Turn over/.test(second), `ArrowRight moves to the next piece: ${first} -> ${second}`);
  await page.keyboard.press('ArrowDown');
  const below = await page.evaluate(() => document.activeElement.getBoundingClientRect().y);
  await page.keyboard.press('ArrowUp');
  const back = await page.evaluate(() => document.activeElement.getBoundingClientRect().y);
  L.assert(below > back, 'ArrowDown goes to a piece below, ArrowUp back up');
  await page.keyboard.press('Home');
  L.assert((await focusInfo(page)).label === first, 'Home goes back to the first piece');
  await L.noErrors(page);
  await page.context().close();
}

L.suite([
  ['the board\'s pieces: one Tab stop, arrow keys between them', arrowsOnTheBoard],
  ['Pizza Party from the lobby\'s form to the end by keys alone', pizzaByKeys],
  ['Yummy Yummy Pancake from the lobby to the end by keys alone', (c) => quickByKeys(c, 'pancake')],
  ['Pass the Party Food from the lobby to the end by keys alone', (c) => quickByKeys(c, 'passfood')],
]);
