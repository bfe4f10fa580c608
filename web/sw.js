// sw.js: the service worker that keeps this build of the page for play
// without a connection (docs/offline.md). It keeps every file of the app
// (sw-files.js lists them, with the build's version: scripts/web_app.py)
// in a cache named by that version, and answers the page's requests for
// them from it; anything else (the server's rooms, its API, the socket)
// goes to the network as if it were not here. A new build's worker is
// found at the next visit online (the browser compares this file and
// sw-files.js), keeps the new files, takes over at once and deletes the
// older caches.
importScripts('sw-files.js');

const CACHE = `partyfood-${self.PF_BUILD.version}`;
const SCOPE = new URL(self.registration.scope);
// Each kept file's address, and the page a navigation inside the scope opens.
const KEPT = new Set(self.PF_BUILD.files.map((f) => new URL(f, SCOPE).href));
const PAGE = new URL('index.html', SCOPE).href;

self.addEventListener('install', (e) => {
  e.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    // Past the browser's HTTP cache: a file of this build, not an older copy.
    await cache.addAll(self.PF_BUILD.files.map((f) => new Request(new URL(f, SCOPE), { cache: 'reload' })));
    await self.skipWaiting();
  })());
});

self.addEventListener('activate', (e) => {
  e.waitUntil((async () => {
    for (const name of await caches.keys())
      if (name.startsWith('partyfood-') && name !== CACHE) await caches.delete(name);
    await self.clients.claim();
  })());
});

self.addEventListener('fetch', (e) => {
  const req = e.request;
  if (req.method !== 'GET') return;
  const url = new URL(req.url);
  url.search = '';
  url.hash = '';
  const page = req.mode === 'navigate' && (url.href === SCOPE.href || url.href === PAGE);
  if (!page && !KEPT.has(url.href)) return;
  e.respondWith((async () => {
    const hit = await caches.match(page ? PAGE : url.href, { cacheName: CACHE });
    return hit || fetch(req);
  })());
});
