// The exam's write gate (src/platform/http/write-gate.ts) and the listen queue (src/platform/http/listen-backlog.ts),
// on the compiled modules without booting Strapi: starts and submits run one at a time in arrival
// order, each in a later turn of the event loop, and not while connections are still being
// accepted; Strapi's listen(port, host, callback) gets the backlog.
import assert from 'node:assert/strict';
import { EventEmitter } from 'node:events';
import http from 'node:http';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { before, test } from 'node:test';
import { ensureCompiled } from '../scripts/lib/compile.mjs';
import { serverDir } from './helpers/server.mjs';

const require = createRequire(import.meta.url);
let gate;
let backlog;

before(async () => {
  await ensureCompiled(serverDir);
  gate = require(join(serverDir, 'dist', 'src', 'platform', 'http', 'write-gate.js'));
  backlog = require(join(serverDir, 'dist', 'src', 'platform', 'http', 'listen-backlog.js'));
});

const turn = () => new Promise((resolve) => setImmediate(resolve));

test('one at a time, in arrival order, each in a later turn of the event loop', async () => {
  const g = new gate.WriteGate(1);
  const order = [];
  let running = 0;
  let most = 0;
  const work = (name) => async () => {
    running += 1;
    most = Math.max(most, running);
    order.push(`${name} start`);
    await turn();
    order.push(`${name} end`);
    running -= 1;
    return name;
  };
  let saveRead = false;
  setImmediate(() => {
    saveRead = true; // e.g. a save read in the meantime
  });
  const first = g.run(async () => {
    assert.equal(saveRead, true, 'the work waited for a later turn');
    return work('a')();
  });
  const rest = [g.run(work('b')), g.run(work('c'))];
  assert.equal(g.queued, 2);
  assert.deepEqual(await Promise.all([first, ...rest]), ['a', 'b', 'c']);
  assert.equal(most, 1);
  assert.deepEqual(order, ['a start', 'a end', 'b start', 'b end', 'c start', 'c end']);
  // A failure frees the slot for the next one.
  const failed = g.run(async () => {
    throw new Error('refused');
  });
  const after = g.run(async () => 'next');
  await assert.rejects(failed, /refused/);
  assert.equal(await after, 'next');
});

test('the next start waits while connections are still being accepted', async () => {
  const server = new EventEmitter();
  gate.watchConnections(server);
  let turns = 0;
  let stop = false;
  const tick = () => {
    turns += 1;
    if (turns <= 3) server.emit('connection'); // three learners connecting, one per turn
    if (!stop) setImmediate(tick);
  };
  setImmediate(tick);
  const startedAt = await new gate.WriteGate(1).run(async () => turns);
  stop = true;
  // Turns 1–3 each accepted a connection; the work runs in the first turn without one.
  assert.equal(startedAt, 4);
});

test('listen(port, host, callback) gets the backlog; other forms are left alone', () => {
  assert.equal(backlog.listenBacklog(undefined), backlog.DEFAULT_LISTEN_BACKLOG);
  assert.equal(backlog.DEFAULT_LISTEN_BACKLOG, 4096);
  assert.equal(backlog.listenBacklog('1024'), 1024);
  assert.equal(backlog.listenBacklog('0'), 4096);
  assert.equal(backlog.listenBacklog('many'), 4096);
  const server = http.createServer();
  const calls = [];
  server.listen = (...args) => {
    calls.push(args);
    return server;
  };
  backlog.installListenBacklog(server, 2048);
  const done = () => {};
  server.listen(1337, '127.0.0.1', done);
  server.listen('/tmp/portal.sock', done);
  assert.deepEqual(calls, [
    [1337, '127.0.0.1', 2048, done],
    ['/tmp/portal.sock', done],
  ]);
});
