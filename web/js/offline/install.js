// install.js: the page kept for play without a connection. The service
// worker (sw.js) keeps this build's page, module and drawings; where the
// browser has none (a page over plain http from another machine: service
// workers need HTTPS or localhost), the page still plays against bots on
// the device while it is open. A new build's worker takes over at the next
// visit online; the lobby then reloads into the new build at once (a game
// going on keeps the page it started with until the next page load).
export function install() {
  if (!('serviceWorker' in navigator)) return;
  const had = !!navigator.serviceWorker.controller;
  navigator.serviceWorker.addEventListener('controllerchange', () => {
    const lobby = location.hash === '' || location.hash === '#/';
    if (had && lobby && !document.querySelector('main :focus')) location.reload();
  });
  navigator.serviceWorker.register(new URL('../../sw.js', import.meta.url), { updateViaCache: 'none' })
    .catch(() => { /* not kept: the page still plays while it is open */ });
}
