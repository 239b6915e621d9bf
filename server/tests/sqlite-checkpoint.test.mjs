// The SQLite checkpoint worker (src/platform/db/sqlite-checkpoint-worker.ts), on the compiled module
// without booting Strapi: with automatic checkpoints off on the writer's connection, the worker
// copies the WAL's pages into the database file, and stops when asked.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { Worker } from 'node:worker_threads';
import { ensureCompiled } from '../scripts/lib/compile.mjs';
import { serverDir } from './helpers/server.mjs';

const require = createRequire(join(serverDir, 'package.json'));
const Database = require('better-sqlite3');
const dir = mkdtempSync(join(tmpdir(), 'portal-checkpoint-'));

before(async () => {
  await ensureCompiled(serverDir);
});

after(() => rmSync(dir, { recursive: true, force: true }));

test('the worker checkpoints the WAL the server writes, and stops when asked', async () => {
  const filename = join(dir, 'data.db');
  const db = new Database(filename);
  db.pragma('journal_mode = WAL');
  db.pragma('wal_autocheckpoint = 0'); // as config/database.ts sets it when the worker runs
  db.exec('CREATE TABLE answers (id INTEGER PRIMARY KEY, body TEXT)');
  const insert = db.prepare('INSERT INTO answers (body) VALUES (?)');
  db.transaction(() => {
    for (let i = 0; i < 2000; i += 1) insert.run('x'.repeat(1000));
  })();
  const before = statSync(filename).size;
  assert.ok(statSync(`${filename}-wal`).size > 1_000_000, 'the pages are in the WAL');

  const worker = new Worker(
    join(serverDir, 'dist', 'src', 'platform', 'db', 'sqlite-checkpoint-worker.js'),
    {
      workerData: { filename, intervalMs: 20 },
    },
  );
  const deadline = Date.now() + 5000;
  while (statSync(filename).size <= before && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  assert.ok(statSync(filename).size > before + 1_000_000, 'the pages were copied into the file');
  // The writer goes on while the worker runs; its rows are all there.
  insert.run('after');
  assert.equal(db.prepare('SELECT COUNT(*) AS n FROM answers').get().n, 2001);

  const exited = new Promise((resolve) => worker.once('exit', resolve));
  worker.postMessage('stop');
  await exited;
  db.close();
});
