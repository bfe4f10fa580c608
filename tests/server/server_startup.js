// server_startup.js: what stops `partyfood serve` from starting says what
// and how to fix it, in one line on stderr, with exit status 1, never a
// crash: a taken port (it crashed with SIGSEGV: lws made no vhost and the
// server asked it for its port), an address not this machine's, one that
// is no address, a database it cannot open or that is not a database, and
// a web folder without the client. And --listen 127.0.0.1 means this
// machine only: lws bound an IPv6 socket to every address whatever its
// interface said, so a server on 127.0.0.1 answered on 127.0.0.2 and on
// the machine's network addresses.
'use strict';
const fs = require('fs');
const net = require('net');
const { spawnSync } = require('child_process');
const { tempDir, startServer, stopServer, request, assert, run } = require('./lib.js');

// Runs `partyfood serve ARGS` to its end (it must not start serving).
function serve(args) {
  return spawnSync(process.env.PF_BIN, ['serve', ...args], { encoding: 'utf8', timeout: 20000 });
}

// Its status is 1, by exit not by a signal, and stderr is one line that
// matches what.
function refused(r, what, label) {
  const lines = r.stderr.split('\n').filter((l) => l !== '');
  assert(r.signal === null, `${label}: ended by ${r.signal}, not an exit`);
  assert(r.status === 1, `${label}: exit status ${r.status} (1 wanted): ${r.stderr}`);
  assert(lines.length === 1, `${label}: ${lines.length} lines on stderr, one wanted: ${r.stderr}`);
  assert(what.test(lines[0]) && /^partyfood serve: /.test(lines[0]), `${label}: ${lines[0]}`);
  assert(!/listening on/.test(r.stdout), `${label}: it said it listens: ${r.stdout}`);
}

// Resolves with whether a TCP connection to host:port is accepted.
function connects(host, port) {
  return new Promise((resolve) => {
    const sock = net.connect(port, host, () => { sock.destroy(); resolve(true); });
    sock.on('error', () => resolve(false));
  });
}

run(async () => {
  const dir = tempDir();
  const s = await startServer(`${dir}/a.db`);

  refused(serve(['--listen', `127.0.0.1:${s.port}`, '--db', `${dir}/b.db`]),
          /port is taken.*--listen 127\.0\.0\.1:PORT/, 'a taken port');
  refused(serve(['--listen', '203.0.113.7:0', '--db', `${dir}/b.db`]),
          /203\.0\.113\.7 is not an address of this machine.*--listen/, 'an address not ours');
  refused(serve(['--listen', 'party.example:0', '--db', `${dir}/b.db`]),
          /not an IP address.*--listen/, 'a name that is no address');

  fs.mkdirSync(`${dir}/folder`);
  refused(serve(['--listen', '127.0.0.1:0', '--db', `${dir}/folder`]),
          /cannot open the database .*folder.*--db names the database/, 'a folder as the database');
  fs.writeFileSync(`${dir}/garbage.db`, 'not a database, only text '.repeat(100));
  refused(serve(['--listen', '127.0.0.1:0', '--db', `${dir}/garbage.db`]),
          /garbage\.db.*not a database.*--db names the database/, 'a file that is not a database');
  refused(serve(['--listen', '127.0.0.1:0', '--db', `${dir}/no/such/folder/x.db`]),
          /cannot open the database .*--db names the database/, 'a database in a missing folder');
  refused(serve(['--listen', '127.0.0.1:0', '--db', `${dir}/b.db`, '--web', `${dir}/no-client`]),
          /--web .*no-client: no index\.html there.*web\//, 'a web folder without the client');

  // The server on 127.0.0.1 is this machine's only: 127.0.0.2 is the
  // loopback too, but not the address it listens on.
  assert(await connects('127.0.0.1', s.port), 'the server answers on 127.0.0.1');
  assert(!(await connects('127.0.0.2', s.port)), 'a server on 127.0.0.1 does not answer on 127.0.0.2');
  assert((await request(s, 'GET', '/healthz')).body.ok === true, 'the first server serves on');
  await stopServer(s);
});
