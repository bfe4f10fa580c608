// dom.js: building HTML and SVG elements without innerHTML (names and
// texts come from other players: they are always set as text).
const SVG_NS = 'http://www.w3.org/2000/svg';

function fill(el, attrs, children) {
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === undefined || v === null || v === false) continue;
    if (k === 'class') el.setAttribute('class', v);
    else if (k === 'text') el.textContent = v;
    else if (k.startsWith('on')) el.addEventListener(k.slice(2), v);
    else el.setAttribute(k, v === true ? '' : String(v));
  }
  for (const c of children.flat()) {
    if (c === undefined || c === null || c === false) continue;
    el.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return el;
}

// An HTML element: h('button', {class: 'x', onclick: f}, 'Play').
export function h(tag, attrs, ...children) {
  return fill(document.createElement(tag), attrs, children);
}

// An SVG element: s('circle', {cx: 1, cy: 2, r: 3}).
export function s(tag, attrs, ...children) {
  return fill(document.createElementNS(SVG_NS, tag), attrs, children);
}

export function clear(el) {
  while (el.firstChild) el.firstChild.remove();
  return el;
}

// An SVG group a person can click or reach with Tab and press with Enter or
// Space; label is what a screen reader says.
export function button(group, label, onpress) {
  group.setAttribute('role', 'button');
  group.setAttribute('tabindex', '0');
  group.setAttribute('aria-label', label);
  group.classList.add('pick');
  // The label says it all: the letters drawn inside are not read twice.
  group.querySelectorAll('text').forEach((t) => t.setAttribute('aria-hidden', 'true'));
  group.addEventListener('click', onpress);
  group.addEventListener('keydown', (e) => {
    if (e.key === 'Enter' || e.key === ' ') { e.preventDefault(); onpress(e); }
  });
  return group;
}

// Whether moves should animate (the person's system may ask for less motion).
export function calm() {
  return window.matchMedia && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}
