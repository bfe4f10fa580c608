// server_web.js: the browser client's files at / (web/): served with the
// security headers (a policy that allows only the server's own scripts),
// nothing outside the folder, and a connection closed before its first
// request (browsers open such spare ones) does not stop the server.
'use strict';
const net = require('net');
const http = require('http');
const { tempDir, startServer, stopServer, request, assert, run } = require('./lib.js');

function get(s, path) {
  return new Promise((resolve, reject) => {
    http.get(`${s.base}${path}`, (res) => {
      let body = '';
      res.on('data', (d) => { body += d; });
      res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, body }));
    }).on('error', reject);
  });
}

run(async () => {
  // --web names a folder with the client's index.html, or is refused before serving.
  const { spawnSync } = require('child_process');
  const dir = tempDir();
  const bad = spawnSync(process.env.PF_BIN, ['serve', '--listen', '127.0.0.1:0', '--db', `${dir}/x.db`, '--web', dir], { encoding: 'utf8' });
  assert(bad.status === 1 && /--web .*: no index.html there/.test(bad.stderr), `a --web without the client refused: ${bad.status} ${bad.stderr}`);

  const s = await startServer(`${dir}/db`);
  for (let i = 0; i < 3; i++) {
    await new Promise((resolve) => {
      const sock = net.connect(s.port, '127.0.0.1', () => sock.destroy());
      sock.on('close', resolve);
    });
  }
  assert((await request(s, 'GET', '/healthz')).body.ok === true, 'the server serves on after idle connections closed');

  const page = await get(s, '/');
  assert(page.status === 200 && /text\/html/.test(page.headers['content-type']), 'the lobby page at /');
  assert(/<script type="module" src="\/?js\/app.js">/.test(page.body), 'the page loads its own module');
  const csp = page.headers['content-security-policy'];
  assert(/script-src 'self'/.test(csp) && !/unsafe-inline/.test(csp), `only the server's own scripts: ${csp}`);
  const js = await get(s, '/js/app.js');
  assert(js.status === 200 && /javascript/.test(js.headers['content-type']), 'a module as JavaScript');
  const css = await get(s, '/css/style.css');
  assert(css.status === 200 && /text\/css/.test(css.headers['content-type']), 'the style sheet');
  for (const bad of ['/../CMakeLists.txt', '/js/../../README.md', '/%2e%2e/README.md', '/nothing.html', '/js/app.exe', '/Index.html']) {
    const r = await get(s, bad);
    assert(r.status === 404 && !/partyfood VERSION/.test(r.body), `${bad} refused (${r.status})`);
  }
  assert((await request(s, 'POST', '/index.html', {})).status === 404, 'no POST to a file');
  // The room's public state says whether the memory aid is on (the browser draws it).
  for (const aid of [true, false]) {
    const made = await request(s, 'POST', '/rooms', { game: 'pizza', seats: ['person', 'bot:medium'], memory_aid: aid });
    const pub = await request(s, 'GET', `/rooms/${made.body.room}`);
    assert(pub.body.memory_aid === aid, `memory_aid ${aid} in the room's state`);
  }
  await stopServer(s);
});
