// server_facts.js: the server tells the engine's facts: GET /games is the
// engine's `games` answer, byte for byte (one encoder, src/proto/games.c),
// and so is the WebSocket's; events come with their fields and their texts
// read with the room's names (each seat's own with "(you)"); a refusal
// counts seats from 1 in words and carries the seat as a number.
'use strict';
const { spawn } = require('child_process');
const { tempDir, startServer, stopServer, request, Client, roomWithClients, waitFor, assert, run } =
  require('./lib.js');

// The engine's answer to one request line, as the text it printed.
function engineAnswer(line) {
  return new Promise((resolve, reject) => {
    const p = spawn(process.env.PF_BIN, ['engine'], { stdio: ['pipe', 'pipe', 'inherit'] });
    let out = '';
    p.stdout.on('data', (d) => { out += d; });
    p.on('exit', (code) => (code === 0 ? resolve(out.trim()) : reject(new Error(`engine ${code}`))));
    p.stdin.end(`${line}\n`);
  });
}

run(async () => {
  const s = await startServer(`${tempDir()}/rooms.db`);
  const engine = await engineAnswer('{"cmd":"games"}');
  const http = await request(s, 'GET', '/games');
  assert(http.status === 200 && /^application\/json/.test(http.headers['content-type']), 'GET /games');
  assert(JSON.stringify(http.body) === engine, `GET /games is the engine's answer:\n${JSON.stringify(http.body)}\n${engine}`);
  const pizza = http.body.games.find((g) => g.id === 'pizza');
  assert(pizza.title === 'Pizza Party' && pizza.memory_game && pizza.options.some((o) => o.key === 'kinds'
    && o.kind === 'int' && o.min === 2 && o.max === 4), 'pizza\'s facts');

  // Two people, so whoever is not to act is refused.
  const { room, clients } = await roomWithClients(s, { game: 'pizza', spectators: true, seats: ['person', 'person'],
    options: { switches: false } }, ['ana', 'bo']);
  const games = await clients[0].ask({ cmd: 'games' });
  delete games.id;
  assert(JSON.stringify(games) === engine, 'the WebSocket\'s games answer is the engine\'s');
  const turn = clients[0].last.to_act[0];
  const mover = clients.find((c) => c.seat === turn), other = clients.find((c) => c.seat !== turn);
  const no = await other.ask({ cmd: 'act', action: 'flip 0' });
  assert(!no.ok && no.error.code === 'not_your_turn' && no.error.seat === other.seat
         && no.error.message === `seat ${other.seat + 1} may not act now`, `refused: ${JSON.stringify(no)}`);

  const yes = await mover.ask({ cmd: 'act', action: 'flip 0' });
  assert(yes.ok, `the move: ${JSON.stringify(yes)}`);
  const flip = yes.events.find((e) => e.kind === 'flip');
  assert(flip.fields.seat === mover.seat && flip.fields.cell === 0 && typeof flip.fields.piece === 'string'
         && flip.memory === true, `the flip's fields: ${JSON.stringify(flip)}`);
  assert(flip.text === `${mover.name} (you) turned over cell 0: ${flip.fields.piece}`, `mover's text: ${flip.text}`);
  // The other seat hears the step with the mover's name, without "(you)".
  await waitFor(() => other.last.step_count >= 1, 'the other seat hears the step');
  const heard = other.last.steps.flatMap((st) => st.events).find((e) => e.kind === 'flip');
  assert(heard.text === `${mover.name} turned over cell 0: ${flip.fields.piece}`
         && heard.fields.cell === 0, `the other's text: ${JSON.stringify(heard)}`);
  // A spectator's sync log: the same names, nobody's "(you)".
  const eve = new Client(s, 'eve');
  await eve.connect();
  assert((await eve.hello(room)).ok, 'a spectator says hello');
  await waitFor(() => eve.frames.some((f) => JSON.parse(f).push === 'sync'), 'the spectator\'s sync');
  const log = JSON.parse(eve.frames.find((f) => JSON.parse(f).push === 'sync')).log;
  assert(log.some((e) => e.kind === 'flip' && e.text === heard.text && e.step === 0), `the log: ${JSON.stringify(log)}`);
  for (const c of [...clients, eve]) await c.close();
  await stopServer(s);
});
