// server_story.js: GET /rooms/CODE/story (the replay viewer's game): refused
// while the game is on; once over, every step with the events and the view
// a seat had, so a seat's story holds none of another seat's secrets, and
// "all" shows everything.
'use strict';
const { tempDir, startServer, stopServer, request, playRandom, roomWithClients,
        assert, run } = require('./lib.js');

run(async () => {
  const s = await startServer(`${tempDir()}/db`);
  const { room, clients } = await roomWithClients(s, {
    game: 'pancake', seats: ['person', 'person', 'bot:medium'],
  }, ['ana', 'bo']);
  const early = await request(s, 'GET', `/rooms/${room}/story?seat=0`);
  assert(early.status === 409, `no story while the game is on: ${early.status}`);
  await Promise.all(clients.map((c) => playRandom(c, false)));

  for (const bad of ['3', '-1', 'x', '']) {
    const r = await request(s, 'GET', `/rooms/${room}/story?seat=${bad}`);
    assert(r.status === 400 && r.body.error.code === 'bad_seat', `seat=${bad} refused: ${r.status}`);
  }
  const replay = (await request(s, 'GET', `/rooms/${room}/replay`)).body;
  const all = (await request(s, 'GET', `/rooms/${room}/story?seat=all`)).body;
  assert(all.game === 'pancake' && all.seats === 3 && all.names.length === 3, 'the story names the game and seats');
  assert(all.steps.length === replay.actions.length, 'one story step per replay action');
  all.steps.forEach((st, i) => {
    const [seat, name] = replay.actions[i];
    assert(st.step === i && st.seat === seat && st.action === name, `step ${i} is the replay's`);
  });
  assert(all.steps.some((st) => st.view.down_order), 'everything shown: the god view');
  assert(JSON.stringify(all.results) === JSON.stringify(clients[0].last.results), 'the results');

  for (let seat = 0; seat < 3; seat++) {
    const mine = (await request(s, 'GET', `/rooms/${room}/story?seat=${seat}`)).body;
    assert(mine.steps.length === all.steps.length, `seat ${seat}: every step`);
    mine.steps.forEach((st, i) => {
      assert(!st.view.down_order && !st.view.table_order, `seat ${seat}, step ${i}: no hidden order`);
      const chef = all.steps[i].view.chef;
      if (seat !== chef) assert(!st.view.peek && !st.view.bonus, `seat ${seat}, step ${i}: not the chef's secrets`);
      // A private event reaches its seat only: the chef's peeks and bonuses.
      const privates = st.events.filter((e) => e.private);
      if (privates.length) assert(st.seat === seat, `seat ${seat}, step ${i}: only its own private events`);
      const everything = all.steps[i].events.length;
      assert(st.events.length <= everything, `seat ${seat}, step ${i}: a part of all events`);
    });
    // The seat saw its own private events: they are in its story.
    const client = clients.find((c) => c.seat === seat);
    if (client) {
      const heard = client.frames.map((f) => JSON.parse(f)).filter((m) => m.push === 'steps')
        .flatMap((m) => m.steps).filter((st) => st.events).flatMap((st) => st.events).filter((e) => e.private).length;
      const told = mine.steps.flatMap((st) => st.events).filter((e) => e.private).length;
      assert(told === heard, `seat ${seat}: ${told} private events in the story, ${heard} heard in play`);
    }
  }
  await stopServer(s);
});
