// server_abuse.js: bad input gets an error or a close, never a crash and
// never a change to the game: malformed JSON, binary frames, oversized
// messages, a flood of requests, WebSockets elsewhere than /ws or from
// another site's page, a huge HTTP body. The server keeps serving the
// room's other clients throughout.
'use strict';
const WebSocket = require('ws');
const { tempDir, startServer, stopServer, request, Client, roomWithClients, assert, run } =
  require('./lib.js');

// The first frame c receives after sending text.
function answerTo(c, text) {
  return new Promise((resolve) => {
    const n = c.frames.length;
    c.ws.send(text);
    const poll = () => (c.frames.length > n ? resolve(JSON.parse(c.frames[n])) : setTimeout(poll, 5));
    poll();
  });
}

run(async () => {
  const s = await startServer(`${tempDir()}/rooms.db`);
  const { room, clients } = await roomWithClients(s, { game: 'pancake', spectators: true, seats: ['person', 'person'] },
                                                  ['ana', 'bo']);
  const [ana, bo] = clients;
  const steps = ana.last.step_count;

  // Malformed requests: an error answer each, the connection kept.
  for (const text of ['{"cmd":', 'nonsense', '[1,2]', '"act"', '{"cmd":42}', '{"cmd":"act","action":7}',
                      '{"cmd":"act","seat":"zero","action":"x"}', '{"cmd":"fly"}'])
    assert((await answerTo(ana, text)).ok === false, `an error for ${text}`);

  // A flood: every request answered, in order, past the rate limit with
  // rate_limited (fewer than close the connection; server_limits checks
  // the limits themselves).
  const flood = await Promise.all(Array.from({ length: 240 }, () => ana.ask({ cmd: 'result' })));
  assert(flood.every((a) => (a.ok && a.over === false) || a.error.code === 'rate_limited'),
         'every request of a flood answered');
  await new Promise((r) => setTimeout(r, 2000)); // the connection's allowance refills

  // A binary frame and an oversized message each close their connection.
  const bin = new Client(s, 'bin');
  await bin.connect();
  await bin.hello(room);
  bin.ws.send(Buffer.from([1, 2, 3]), { binary: true });
  const binClose = await bin.closed;
  assert(binClose.code === 1003, `binary: closed ${binClose.code} ${binClose.reason}`);
  const big = new Client(s, 'big');
  await big.connect();
  big.ws.send(JSON.stringify({ cmd: 'hello', room, pad: 'x'.repeat(70 * 1024) }));
  const bigClose = await big.closed;
  assert(bigClose.code === 1009, `oversized: closed ${bigClose.code} ${bigClose.reason}`);

  // A WebSocket elsewhere than /ws is closed.
  const elsewhere = new WebSocket(`ws://127.0.0.1:${s.port}/other`);
  const shut = await new Promise((res) => {
    elsewhere.on('close', (c, why) => res({ code: c, why: String(why) }));
    elsewhere.on('error', () => {});
  });
  assert(shut.code === 1008 && /at \/ws/.test(shut.why), `elsewhere: ${shut.code} ${shut.why}`);

  // A page of another site may not open a socket (its visitor's token would
  // act for it); the server's own pages may.
  const opened = (origin) => new Promise((res) => {
    const w = new WebSocket(`ws://127.0.0.1:${s.port}/ws`, { origin });
    w.on('open', () => { w.close(); res(true); });
    w.on('error', () => res(false));
  });
  assert(!(await opened('http://evil.example')), 'another origin refused');
  assert(await opened(`http://127.0.0.1:${s.port}`), 'the own origin let in');

  // A huge HTTP body is refused.
  const huge = await request(s, 'POST', '/rooms', JSON.stringify({ game: 'pizza', pad: 'x'.repeat(100000) }));
  assert(huge.status === 413, `a huge body: ${huge.status}`);

  // Nothing changed, and the room's clients are still served.
  const st = (await request(s, 'GET', `/rooms/${room}`)).body;
  assert(st.step_count === steps, 'no step from bad input');
  const view = await bo.ask({ cmd: 'view' });
  assert(view.ok && view.view, 'the other client is served');
  assert((await request(s, 'GET', '/healthz')).body.ok, 'healthy');
  for (const c of clients) await c.close();
  await stopServer(s);
});
