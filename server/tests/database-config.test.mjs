// The PostgreSQL connection settings of config/database.ts (issue 25): PostgreSQL's JIT compiler is
// off for the server's connections unless DATABASE_JIT=true. With it on, a never-analysed empty
// link table made the access-filtered test read of every exam start compile for ~1 s (a plan cost
// of 30 million for a 0.2 ms query), and two processes' starts queued behind it for 40 s.
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { afterEach, test } from 'node:test';
import { postgresAdminUrl, skipWithoutPostgres } from './helpers/postgres.mjs';
import { serverDir } from './helpers/server.mjs';

const require = createRequire(join(serverDir, 'package.json'));
const { env } = require('@strapi/utils');
const databaseConfig = require(join(serverDir, 'dist', 'config', 'database.js')).default;

const saved = { ...process.env };
afterEach(() => {
  for (const key of ['DATABASE_CLIENT', 'DATABASE_URL', 'DATABASE_JIT']) {
    if (saved[key] === undefined) delete process.env[key];
    else process.env[key] = saved[key];
  }
});

/** The pg connection options config/database.ts gives for a PostgreSQL URL. */
const pgConnection = (url, extra = {}) => {
  Object.assign(process.env, { DATABASE_CLIENT: 'postgres', DATABASE_URL: url, ...extra });
  return databaseConfig({ env }).connection.connection;
};

test('PostgreSQL connections start with the JIT compiler off', () => {
  const connection = pgConnection('postgres://u:p@127.0.0.1:5432/portal');
  assert.equal(connection.options, '-c jit=off');
  assert.equal(connection.database, 'portal');
});

test('DATABASE_JIT=true leaves PostgreSQL its own JIT setting', () => {
  const connection = pgConnection('postgres://u:p@127.0.0.1:5432/portal', { DATABASE_JIT: 'true' });
  assert.equal(connection.options, undefined);
});

test(
  'a connection made with those settings has jit off',
  { skip: skipWithoutPostgres },
  async () => {
    const { Client } = require('pg');
    const settings = pgConnection(postgresAdminUrl);
    const client = new Client({ ...settings, ssl: settings.ssl || undefined });
    await client.connect();
    try {
      const shown = await client.query('SHOW jit');
      assert.equal(shown.rows[0].jit, 'off');
    } finally {
      await client.end();
    }
  },
);
