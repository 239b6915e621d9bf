// The production configuration's database for the API tests: PostgreSQL named by
// TEST_DATABASE_URL (a user that may create databases; `.ci/run` sets it). Each test file makes a
// database of its own and drops it at the end.
import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { after, before, describe } from 'node:test';
import { serverDir, startServer } from './server.mjs';
import { seededPostgresTemplate } from './templates.mjs';

const require = createRequire(join(serverDir, 'package.json'));

export const postgresAdminUrl = process.env.TEST_DATABASE_URL ?? null;

if (!postgresAdminUrl && process.env.CI) {
  throw new Error('CI must test the PostgreSQL configuration: TEST_DATABASE_URL is not set.');
}

/** `describe(…, { skip: skipWithoutPostgres }, …)`: runs where PostgreSQL is configured. */
export const skipWithoutPostgres = postgresAdminUrl
  ? false
  : 'TEST_DATABASE_URL is not set (.ci/run sets it)';

/** One statement on the database at `url`, on a connection of its own. */
export async function queryAt(url, sql, params) {
  const { Client } = require('pg');
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    return await client.query(sql, params);
  } finally {
    await client.end();
  }
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** CREATE DATABASE `name` as a copy of the seeded template (built on first use). */
async function copySeededTemplate(name) {
  const { Client } = require('pg');
  const admin = new Client({ connectionString: postgresAdminUrl });
  await admin.connect();
  try {
    const template = await seededPostgresTemplate(
      serverDir,
      admin,
      postgresAdminUrl,
      async (url) => {
        const first = await startServer({ databaseUrl: url });
        await first.stop();
      },
    );
    for (let attempt = 1; ; attempt += 1) {
      try {
        await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
        return;
      } catch (error) {
        // 55006: the template's last session (the build's server) is still closing.
        if (error.code !== '55006' || attempt === 20) throw error;
        await sleep(250);
      }
    }
  } finally {
    await admin.end();
  }
}

/** A database named `name` on the test server: its URL, a query on it, and drop(). */
const databaseNamed = (name) => {
  const url = new URL(postgresAdminUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    query: (sql, params) => queryAt(url.toString(), sql, params),
    drop: () => queryAt(postgresAdminUrl, `DROP DATABASE IF EXISTS ${name}`),
  };
};

/** A fresh, empty database (a first boot creates its schema): its URL, a query on it, and drop(). */
export async function createTestDatabase(prefix = 'portal_test') {
  const name = `${prefix}_${randomBytes(4).toString('hex')}`;
  await queryAt(postgresAdminUrl, `CREATE DATABASE ${name}`);
  return databaseNamed(name);
}

/**
 * A fresh database that starts as a copy of the seeded template: the schema and the demo
 * institute, as a restarted server finds them (helpers/templates.mjs). For servers booted with the
 * tests' default environment (the demo seed on, NODE_ENV=test).
 */
export async function createSeededDatabase(prefix = 'portal_test') {
  const name = `${prefix}_${randomBytes(4).toString('hex')}`;
  await copySeededTemplate(name);
  return databaseNamed(name);
}

/**
 * Rows of one statement (`?` placeholders) on the database a test server runs on: `db` (from
 * createTestDatabase) when it runs on PostgreSQL, else the server's own SQLite file. Both are
 * read when the query runs, so a file may boot them in `before`.
 */
export const databaseRows =
  (getServer, getDb) =>
  async (sql, params = []) => {
    const db = getDb();
    if (db) {
      let n = 0;
      return (
        await db.query(
          sql.replace(/\?/g, () => `$${(n += 1)}`),
          params,
        )
      ).rows;
    }
    return getServer()
      .database()
      .prepare(sql)
      .all(...params);
  };

/**
 * A file's cases again on PostgreSQL: a describe (skipped without TEST_DATABASE_URL) that makes a
 * database, `boot(db)`s the server on it (answering that server; a file whose SQLite server still
 * runs stops it there first), runs `cases()`, then stops the server and drops the database.
 */
export const describeOnPostgres = (name, boot, cases) =>
  describe(name, { skip: skipWithoutPostgres }, () => {
    let db;
    let server;
    before(async () => {
      db = await createSeededDatabase();
      server = await boot(db);
    });
    after(async () => {
      await server?.stop();
      await db?.drop();
    });
    cases();
  });
