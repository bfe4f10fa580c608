// record.js: records what a seat's socket hears while a committed position
// (tests/web/positions/GAME.json) is played to its end, for web_state.js
// (the reducer fed in node). Run again when the server's pushes change:
//   PF_BIN=build/partyfood node tests/web/record.js pizza
'use strict';
const fs = require('fs');
const path = require('path');
const L = require('./lib.js');

(async () => {
  const game = process.argv[2] || 'pizza';
  const server = await L.startServer({ env: L.positionEnv(game) });
  const end = L.position(game).positions.end;
  const pos = await L.positionRoom(server.base, game, end);
  // The last move's push reaches seat 0 after the mover's answer, maybe.
  const heard = pos.pushes[0];
  for (let i = 0; i < 100 && !heard.some((m) => m.over); i++) await new Promise((r) => setTimeout(r, 50));
  const out = path.join(__dirname, 'fixtures', `${game}-pushes.json`);
  fs.writeFileSync(out, `${JSON.stringify({ about: `what seat 0 heard while ${game}'s position was played to its end (tests/web/record.js)`,
    names: pos.names, pushes: heard })}\n`);
  console.log(`${out}: ${heard.length} pushes`);
  await L.stopServer(server);
})().catch((e) => { console.error(e); process.exit(1); });
