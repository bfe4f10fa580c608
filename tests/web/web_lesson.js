// web_lesson.js: learning by playing in the browser (issue 30,
// docs/lessons.md). Each game's lesson is completed in the page: Pizza
// Party and Pass the Party Food by clicking at 1280x800, Yummy Yummy
// Pancake and Paku Paku with the keyboard only at 390x844 (Enter on what
// has the focus: the lesson moves it to the shining thing to touch, or to
// Next), each chapter to its end, and the last one says the lesson is over.
// At every moment it stops at, each word the step highlights and the
// person's move shine on pieces drawn whole inside the viewport, at
// 1280x800, at 390x844 and at 844x390 (a phone turned; the page resized
// there and back), with nothing to scroll (a lesson fits one screen), no
// star (the mark on the thing to touch) hides a text, and no text on the
// page lies over another (Pass the Party Food's plates' "you" and "thrown
// away" did at 390x844, its "70 left" and "drawn" at 844x390); a bot's move without a
// caption, played after a pause, highlights nothing.
// A move the lesson does not ask for is refused with the lesson's reason;
// the lobby offers the lessons, and the first game of one never played
// here suggests its lesson. In a game against bots (on the device, and in
// a server's room) the hint shows a move and says why (in Pizza Party only with the memory aid: the
// button says so). One browser; few pages.
'use strict';
const L = require('./lib.js');

// What the lesson's panel says it waits for.
function moment(page) {
  return page.evaluate(() => {
    const p = document.querySelector('.lesson-panel');
    const meter = document.querySelector('.meter');
    return p && { ...p.dataset, caption: document.getElementById('lesson-caption').textContent,
      where: document.querySelector('.lesson-where').textContent, meter: !!meter && !meter.hidden };
  });
}

// Waits until the moment differs from `was` (a step played, or a chapter begun).
async function changed(page, was) {
  await page.waitForFunction((w) => {
    const p = document.querySelector('.lesson-panel');
    const meter = document.querySelector('.meter');
    const now = p && [p.dataset.kind, p.dataset.act, document.getElementById('lesson-caption').textContent,
      document.querySelector('.lesson-where').textContent, !!meter && !meter.hidden].join('|');
    return now && now !== w;
  }, was, { timeout: 15000 });
}

async function key(page) {
  return page.evaluate(() => {
    const p = document.querySelector('.lesson-panel');
    const meter = document.querySelector('.meter');
    return [p.dataset.kind, p.dataset.act, document.getElementById('lesson-caption').textContent,
      document.querySelector('.lesson-where').textContent, !!meter && !meter.hidden].join('|');
  });
}

// The sizes the tables support (docs/web.md), and the narrowest phone.
const WIDE = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };
// A phone turned.
const TURNED = { width: 844, height: 390 };
const SIZES = (process.env.PF_LESSON_SIZES || '').split(',').filter(Boolean)
  .map((x) => { const [width, height] = x.split('x').map(Number); return { width, height }; });

// Every word the moment shows (docs/lessons.md, "What a lesson may
// highlight") names pieces of the table that shine, each drawn whole
// inside the viewport, with their rings inside the drawing: at the page's
// size and at each of `also` (the page is brought back after).
async function lit(page, game, also = []) {
  const size = page.viewportSize();
  for (const at of [size, ...also]) {
    if (at !== size) await resize(page, { width: at.width, height: at.height });
    await page.waitForFunction((g) => {
      // A lesson fits one screen: nothing to scroll.
      if (document.documentElement.scrollHeight > innerHeight + 1) {
        window.unlit = `${innerWidth}x${innerHeight}: the page scrolls`;
        return false;
      }
      const words = document.querySelector('.lesson-panel').dataset.show.split('|').filter(Boolean);
      const inside = (r, box) => r.width > 0 && r.height > 0 && r.left >= box.left - 1 && r.top >= box.top - 1
        && r.right <= box.right + 1 && r.bottom <= box.bottom + 1;
      const view = { left: 0, top: 0, right: innerWidth, bottom: innerHeight };
      // (The meter and the piece it swings show when the person starts it:
      // they are checked then; while it runs its stop stands for the
      // buttons, a stack's too.)
      const later = (el) => el.matches('.meter[hidden], [data-piece=swing][visibility=hidden] *');
      const running = !!document.querySelector('.meter:not([hidden])');
      const bad = words.filter((w) => !(running && /^(button|piece) /.test(w))).filter((w) => {
        const els = window.lessonTargets(document, g, { kind: 'note', show: [w] }, 0);
        if (els.length && els.every(later)) return false;
        return !els.length || els.some((el) => !el.classList.contains('shine') || !inside(el.getBoundingClientRect(), view));
      });
      // The thing to touch, at the person's move.
      const p = document.querySelector('.lesson-panel').dataset;
      if (p.kind === 'you' && !running) {
        const els = window.lessonTargets(document, g, { kind: 'you', act: p.act, aim: p.aim ? [] : null, show: [] }, 0);
        if (!els.length || els.some((el) => !el.classList.contains('shine') || !inside(el.getBoundingClientRect(), view))) {
          bad.push(`the move ${p.act}`);
        }
      }
      for (const ring of document.querySelectorAll('.shine-ring')) {
        const box = ring.ownerSVGElement.getBoundingClientRect();
        if (!inside(ring.getBoundingClientRect(), box) || !inside(box, view)) bad.push('a ring outside the drawing');
        // The star (the mark on what to touch) hides no text: a neighbour's number, a badge.
        for (const star of ring.querySelectorAll('text')) {
          const r = star.getBoundingClientRect();
          for (const t of ring.ownerSVGElement.querySelectorAll('text')) {
            const q = t.getBoundingClientRect();
            const x = Math.min(r.right, q.right) - Math.max(r.left, q.left);
            const y = Math.min(r.bottom, q.bottom) - Math.max(r.top, q.top);
            if (!t.closest('.shine-ring') && q.width > 0 && x > 1 && y > 1) bad.push(`a star over "${t.textContent}"`);
          }
        }
      }
      // No text over another anywhere on the page: the table's (but Ziggy's
      // letter, on his space's number, and the star, checked above) and the
      // page's (not a closed seat's details), each line's box cut to what
      // the boxes that clip it show (a name cut short with "…").
      const shown = (el) => !el.closest('title') && el.checkVisibility({ visibilityProperty: true });
      const clipped = (el, r) => {
        let { left, top, right, bottom } = r;
        for (let a = el; a && a !== document.body; a = a.parentElement) {
          if (getComputedStyle(a).overflow === 'visible') continue;
          const c = a.getBoundingClientRect();
          left = Math.max(left, c.left); top = Math.max(top, c.top); right = Math.min(right, c.right); bottom = Math.min(bottom, c.bottom);
        }
        return { left, top, right, bottom };
      };
      const lines = [];
      const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
      for (let n = walker.nextNode(); n; n = walker.nextNode()) {
        const el = n.parentElement;
        if (!n.textContent.trim() || !shown(el) || el.closest('.shine-ring, [data-piece="ziggy"]')) continue;
        const range = document.createRange();
        range.selectNodeContents(n);
        const rects = el instanceof SVGElement ? [el.getBoundingClientRect()] : [...range.getClientRects()];
        for (const r of rects) lines.push([n.textContent.trim().slice(0, 20), n, clipped(el, r)]);
      }
      for (let i = 0; i < lines.length; i++) {
        for (let j = i + 1; j < lines.length; j++) {
          const [[ta, na, a], [tb, nb, b]] = [lines[i], lines[j]];
          const x = Math.min(a.right, b.right) - Math.max(a.left, b.left);
          const y = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
          if (na !== nb && x > 1 && y > 1) bad.push(`"${ta}" over "${tb}"`);
        }
      }
      window.unlit = `${innerWidth}x${innerHeight}: ${bad.join(', ')}`;
      return !bad.length;
    }, game, { timeout: 20000 }).catch(async () => {
      throw new Error(`${game}: not shining whole in the viewport: ${await page.evaluate(() => window.unlit)} (${await key(page)})`);
    });
    // (once the game is over there is nothing to touch)
    if (game === 'passfood' && at.height < 500 && !(await page.$('.room.over'))) await fingerSized(page, at);
  }
  if (also.length) await resize(page, size);
}

// Pass the Party Food's lesson on a phone turned: the board to touch (the
// person's own, or Ziggy's when taking from it) has its columns at least
// 40 px apart, and every space of the table to press is at least 44x44 px
// (the panel took 42% of the width and the seats' empty strip a row under
// the table: the own board's columns were 23 px apart).
async function fingerSized(page, at) {
  const t = await page.evaluate(() => {
    const pitch = (owner) => {
      const x = [...document.querySelectorAll(`.board [data-piece^="col:${owner}:"]`)].map((el) => el.getBoundingClientRect().left);
      return x.length === 5 ? Math.min(...x.slice(1).map((v, i) => v - x[i])) : 0;
    };
    const small = [...document.querySelectorAll('.board [role=button]')].map((el) => [el.dataset.piece, el.getBoundingClientRect()])
      .filter(([, r]) => r.width < 44 - 0.5 || r.height < 44 - 0.5).map(([id, r]) => `${id} ${r.width.toFixed(0)}x${r.height.toFixed(0)}`);
    return { pitch: Math.max(pitch(0), pitch('z')), small };
  });
  const where = `passfood at ${at.width}x${at.height} (${await key(page)})`;
  L.assert(t.pitch >= 40, `${where}: the board to touch has its columns at least 40 px apart: ${t.pitch.toFixed(1)}`);
  L.assert(t.small.length === 0, `${where}: no space to press under 44x44 px: ${t.small.slice(0, 4).join(', ')}`);
  const want = { 'lesson-restart': 'Restart', 'lesson-skip': 'Skip', 'lesson-leave': 'Leave' };
  const said = await page.$$eval('.lesson-more > :not([hidden])', (els) => els.map((e) => [e.id, e.innerText]));
  L.assert(said.every(([id, text]) => want[id] === text), `${where}: the chapter's buttons by their first word: ${said}`);
}

// The page at another size, its table drawn again for it.
async function resize(page, size) {
  await page.setViewportSize(size);
  await page.waitForFunction(() => {
    const b = document.querySelector('.board');
    const svg = b && b.querySelector('svg');
    return svg && svg.dataset.drawnFor === `${b.clientWidth}x${b.clientHeight}`;
  });
}

// Completes the lesson open in page: by clicking what shines (and Next), or
// with the keyboard only (Enter on the focus, which must be what shines).
async function complete(page, game, keyboard, also = []) {
  await page.waitForSelector('.lesson-panel[data-kind]', { timeout: 20000 });
  // The page's own resolver of the words (lesson.js).
  await page.evaluate(async () => { window.lessonTargets = (await import('./js/lesson.js')).targets; });
  const chapters = new Set();
  for (let moves = 0; ; moves++) {
    L.assert(moves < 300, `the ${game} lesson ends`);
    const m = await moment(page);
    chapters.add(m.where.split(':')[0]);
    // (The last moment, the lesson's end and what to do next, is checked too.)
    if (m.kind === 'done' && m.last === 'true') {
      await lit(page, game, also);
      break;
    }
    // (The same instant as m: the page may move on meanwhile.)
    const was = [m.kind, m.act, m.caption, m.where, m.meter].join('|');
    // What has the focus once the table is drawn: the thing to touch, Next, the meter's stop.
    const focus = (test, what) => page.waitForFunction(test, was, { timeout: 10000 })
      .catch(async () => {
        const at = await page.evaluate(() => [document.activeElement.outerHTML.slice(0, 120),
          [...document.querySelectorAll('.shine')].map((e) => e.outerHTML.slice(0, 80)),
          document.querySelector('.actions').innerHTML.slice(0, 300), document.querySelector('.meter').hidden,
          document.querySelector('.board').dataset.step, document.querySelector('.turn').textContent]);
        throw new Error(`${game}: the focus is on ${what} (${JSON.stringify(m)}; focus and shines: ${JSON.stringify(at)})`);
      });
    if (m.meter) {
      await focus(() => document.activeElement.classList.contains('stop'), 'the meter\'s stop');
      await lit(page, game);
      // A stop sooner than a person's reaction after the meter's issue is
      // refused (bad_meter): the needle swings a little first.
      await page.evaluate(() => { window.meterSeen = performance.now(); });
      await page.waitForFunction(() => performance.now() - window.meterSeen >= 150, null, { polling: 'raf' });
      await (keyboard ? page.keyboard.press('Enter') : page.click('.meter .stop'));
    } else if (m.kind === 'you') {
      await lit(page, game, also);
      // A column to score is a button showing its letter and points: its
      // name must say them as shown (axe's label-content-name-mismatch,
      // which a random game against bots met only now and then).
      if (/^score column /.test(m.act || '')) await L.axe(page, `${game}: ${m.where}: a column to score`);
      // (The moment read above may be an instant old: the last press's
      // move can land now, and then the lesson has gone on: read it again.)
      await focus((w) => {
        const p = document.querySelector('.lesson-panel');
        const meter = document.querySelector('.meter');
        const now = [p.dataset.kind, p.dataset.act, document.getElementById('lesson-caption').textContent,
          document.querySelector('.lesson-where').textContent, !!meter && !meter.hidden].join('|');
        return document.activeElement.classList.contains('shine') || now !== w;
      }, 'the shining thing to touch');
      if (await key(page) !== was) continue;
      // The focused one. A move of several presses (a take, a swap) is
      // done when the moment changes; until then each press moves the
      // shine and the focus to the next thing to touch (a new element).
      await page.evaluate(() => { document.activeElement.dataset.pressed = 'yes'; });
      await (keyboard ? page.keyboard.press('Enter') : page.locator(':focus').click());
      await page.waitForFunction((w) => {
        const p = document.querySelector('.lesson-panel');
        const meter = document.querySelector('.meter');
        const now = [p.dataset.kind, p.dataset.act, document.getElementById('lesson-caption').textContent,
          document.querySelector('.lesson-where').textContent, !!meter && !meter.hidden].join('|');
        const a = document.activeElement;
        return now !== w || (a.classList.contains('shine') && !a.dataset.pressed);
      }, was, { timeout: 15000 });
      continue;
    } else if (m.kind === 'bot' && m.caption.endsWith('moves…')) {
      // A bot's move without words is played after a pause: nothing shines
      // then, for a highlight no caption explains only puzzles a child.
      L.assert(!m.show, `${game}: ${m.where}: a highlight (${m.show}) on a move without a caption`);
    } else {
      await lit(page, game, also);
      await focus(() => document.activeElement.id === 'lesson-next', 'Next');
      await (keyboard ? page.keyboard.press('Enter') : page.click('#lesson-next'));
    }
    await changed(page, was);
  }
  return chapters.size;
}

async function lessonPage(browser, base, size, opts = {}) {
  const page = await L.newPage(browser, { viewport: size, ...opts });
  await page.goto(`${base}/`);
  return page;
}

async function open(page, game) {
  await page.evaluate((g) => { location.hash = `#/learn/${g}`; }, game);
  await page.waitForSelector('.lesson-panel[data-kind]', { timeout: 20000 });
}

let wide = null;
let phone = null;

const checks = [
  ['the lobby offers each lesson, and the first game of one never played suggests it', async ({ browser, base }) => {
    wide = await lessonPage(browser, base, { width: 1280, height: 800 }, { newcomer: true });
    for (const g of ['pizza', 'pancake', 'passfood', 'pakupaku']) await wide.waitForSelector(`a[data-learn=${g}]`);
    await wide.click('button[data-game=pancake]');
    await wide.waitForSelector('.suggest:not([hidden]) a[data-learn=pancake]');
    L.assert(await wide.evaluate(() => document.activeElement.dataset.learn === 'pancake'), 'the focus is on the lesson');
  }],
  ['a move the lesson does not ask for is refused with its reason', async () => {
    await open(wide, 'pizza');
    while ((await moment(wide)).kind !== 'you') {
      const was = await key(wide);
      await wide.click('#lesson-next');
      await changed(wide, was);
    }
    const other = await wide.$('.board [role=button]:not(.shine)');
    await other.click();
    await wide.waitForFunction(() => /try the piece that shines/.test(document.querySelector('.alert').textContent));
    L.assert((await moment(wide)).kind === 'you', 'nothing changed');
    L.assert(!!(await wide.$('.shine-ring')), 'the piece to touch shines (a ring and a star)');
  }],
  ['Pizza Party: the lesson by clicking at 1280x800', async () => {
    await wide.click('#lesson-restart');
    await wide.waitForFunction(() => /step 1 of/.test(document.querySelector('.lesson-where').textContent));
    await complete(wide, 'pizza', false, [PHONE, TURNED, ...SIZES]);
    L.assert(await wide.isVisible('.lesson-done a:has-text("Play against bots")'), 'the end offers a game');
  }],
  ['Pass the Party Food: the lesson by clicking at 1280x800', async () => {
    await open(wide, 'passfood');
    await complete(wide, 'passfood', false, [PHONE, TURNED, ...SIZES]);
  }],
  ['Yummy Yummy Pancake: the lesson by keyboard at 390x844', async ({ browser, base }) => {
    phone = await lessonPage(browser, base, { width: 390, height: 844 });
    await open(phone, 'pancake');
    await complete(phone, 'pancake', true, [WIDE, TURNED, ...SIZES]);
  }],
  ['Paku Paku: the lesson by keyboard at 390x844, reduced motion', async ({ browser, base }) => {
    phone = await lessonPage(browser, base, { width: 390, height: 844, reducedMotion: 'reduce' });
    await open(phone, 'pakupaku');
    await complete(phone, 'pakupaku', true, [WIDE, TURNED, ...SIZES]);
  }],
  ['a hint in a game against bots shows its move and says why; the memory games need the aid', async ({ browser, base }) => {
    const game = await L.quickGame(browser, base, 'passfood', { viewport: { width: 1280, height: 800 } });
    await game.click('button.hint', { timeout: 20000 });
    await game.waitForFunction(() => /^Hint: \S/.test(document.querySelector('.alert').textContent));
    L.assert(!!(await game.$('.shine')), 'the hinted move shines');
    L.assert(/^Hint: \S/.test(await game.textContent('.hint-why')), 'the why is beside the button too');
    await game.goto(`${base}/`);
    await game.click('button[data-game=pizza]');
    await game.waitForSelector('button.hint[aria-disabled=true]', { timeout: 20000 });
    await game.focus('button.hint'); // aria-disabled: a click is not awaited, a press works
    await game.keyboard.press('Enter');
    await game.waitForFunction(() => /memory aid/.test(document.querySelector('.alert').textContent));
    await L.noErrors(game);
    await game.context().close();
    // A server's room against a bot answers `plan` too.
    const code = await L.makeRoom(base, { game: 'passfood', seats: ['person', 'bot:medium'], fixed_order: true });
    const there = await L.joinRoom(browser, `${base}/#/room/${code}`, 'ana');
    await there.click('button.hint', { timeout: 20000 });
    await there.waitForFunction(() => /^Hint: \S/.test(document.querySelector('.alert').textContent));
    await L.noErrors(there);
    await there.context().close();
  }],
  ['skipping a chapter; no errors, no serious accessibility violation', async () => {
    await open(phone, 'pizza');
    const was = await key(phone);
    await phone.click('#lesson-skip');
    await changed(phone, was);
    L.assert(/^Chapter 2 /.test(await phone.textContent('.lesson-where')), 'skip goes to chapter 2');
    // (The chapter's buttons as written: a word of a flex box's own span once lost its space.)
    const said = await phone.$$eval('.lesson-more > *', (els) => els.map((e) => e.innerText));
    L.assert(JSON.stringify(said) === '["Restart chapter","Skip chapter","Leave"]', `the chapter's buttons say so: ${said}`);
    await phone.waitForSelector('.board svg');
    await L.axe(phone, 'a lesson at 390x844');
    await L.noErrors(wide);
    await L.noErrors(phone);
  }],
];

L.suite(checks);
