// The start lock (src/bootstrap/start-lock.ts) on PostgreSQL: a process whose start finds the lock
// held by another process's start waits for it, however long that start takes, and is not cut off
// by the pool's statement timeout (DATABASE_STATEMENT_TIMEOUT_MS).
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { createSeededDatabase, skipWithoutPostgres } from './helpers/postgres.mjs';
import { pathToFileURL } from 'node:url';
import { ensureCompiled } from '../scripts/lib/compile.mjs';
import { serverDir, startServer } from './helpers/server.mjs';

const require = createRequire(join(serverDir, 'package.json'));
/** The lock's key, the server's own (read from its compiled module in `before`). */
let START_LOCK_KEY;

describe('the start lock on PostgreSQL', { skip: skipWithoutPostgres }, () => {
  let db;
  let holder;
  let server;

  before(async () => {
    await ensureCompiled(serverDir);
    const lock = join(serverDir, 'dist/src/bootstrap/start-lock.js');
    ({ START_LOCK_KEY } = await import(pathToFileURL(lock).href));
    db = await createSeededDatabase('portal_lock');
    const { Client } = require('pg');
    holder = new Client({ connectionString: db.url });
    await holder.connect();
  });

  after(async () => {
    await server?.stop();
    await holder?.end().catch(() => {});
    await db?.drop();
  });

  test('a start waits longer than the statement timeout for another start to finish', async () => {
    // "Another process's start": holds the lock for 5 s, more than twice the 2 s timeout.
    await holder.query('SELECT pg_advisory_lock($1)', [START_LOCK_KEY]);
    const heldMs = 5000;
    const release = new Promise((resolve) => setTimeout(resolve, heldMs)).then(() =>
      holder.query('SELECT pg_advisory_unlock($1)', [START_LOCK_KEY]),
    );
    const began = Date.now();
    try {
      server = await startServer({
        databaseUrl: db.url,
        extraEnv: { DATABASE_STATEMENT_TIMEOUT_MS: '2000' },
      });
    } finally {
      await release;
    }
    assert.ok(Date.now() - began >= heldMs, 'the server started before the lock was released');

    // It serves, and it released the lock at the end of its own start.
    const ready = await server.request('GET', '/api/readiness');
    assert.equal(ready.status, 200, ready.text);
    const free = await holder.query('SELECT pg_try_advisory_lock($1) AS taken', [START_LOCK_KEY]);
    assert.equal(free.rows[0].taken, true);
    await holder.query('SELECT pg_advisory_unlock($1)', [START_LOCK_KEY]);
  });
});
