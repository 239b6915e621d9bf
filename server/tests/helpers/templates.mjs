// A seeded database made once and copied for each test server (CI time, docs/decisions.md).
//
// A first boot creates the schema, the roles, the permissions and the demo institute: about half
// of a test server's start-up CPU. Most test servers want exactly that state, so the first one to
// ask boots once on an empty database, stops, and keeps the result as a template; every later
// server starts on a copy, as a restarted server would (every start-up step is idempotent, the
// seed skips an institute that exists). A template belongs to one version of the server's sources
// and lives an hour (the demo data's dates are relative to the day it was made). Test processes run
// side by side: a lock (a folder on disk, an advisory lock on PostgreSQL) lets one of them build
// while the others wait for it.
import { createHash } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const MAX_AGE_MS = 60 * 60 * 1000;
const BUILD_TIMEOUT_MS = 5 * 60 * 1000;

let key = null;

/** A short hash of the server's sources and dependencies: a template is valid for these only. */
export function templateKey(serverDir) {
  if (key) return key;
  const hash = createHash('sha1');
  const add = (path) => {
    const stat = statSync(path);
    if (stat.isDirectory()) {
      for (const entry of readdirSync(path).sort()) add(join(path, entry));
    } else {
      hash.update(path.slice(serverDir.length));
      hash.update(readFileSync(path));
    }
  };
  for (const part of ['src', 'config', 'package.json', 'package-lock.json']) {
    const path = join(serverDir, part);
    if (existsSync(path)) add(path);
  }
  key = hash.digest('hex').slice(0, 12);
  return key;
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

const isFresh = (path) => existsSync(path) && Date.now() - statSync(path).mtimeMs < MAX_AGE_MS;

/**
 * The path of a seeded SQLite file for this version of the server, built with `boot(saveTo)` (a
 * first boot that leaves its database at `saveTo` when it stops) unless a fresh one exists.
 */
export async function seededSqliteFile(serverDir, build) {
  const dir = join(tmpdir(), 'portal-test-templates');
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `sqlite-${templateKey(serverDir)}.db`);
  const lock = `${file}.lock`;
  const started = Date.now();
  for (;;) {
    if (isFresh(file)) return file;
    try {
      mkdirSync(lock);
    } catch (error) {
      if (error.code !== 'EEXIST') throw error;
      // Another test process builds it; a lock older than a build's limit was left by a crash.
      if (Date.now() - statSync(lock).mtimeMs > BUILD_TIMEOUT_MS)
        rmSync(lock, { force: true, recursive: true });
      if (Date.now() - started > BUILD_TIMEOUT_MS)
        throw new Error(`no SQLite template after ${BUILD_TIMEOUT_MS} ms`);
      await sleep(250);
      continue;
    }
    try {
      if (isFresh(file)) return file;
      // Templates too old to use (another version's fresh one may be in use by its own run).
      for (const old of readdirSync(dir)) {
        const path = join(dir, old);
        if (old.startsWith('sqlite-') && old.endsWith('.db') && !isFresh(path))
          rmSync(path, { force: true });
      }
      const partial = `${file}.${process.pid}.partial`;
      await build(partial);
      renameSync(partial, file);
      return file;
    } finally {
      rmSync(lock, { force: true, recursive: true });
    }
  }
}

/**
 * The name of a seeded PostgreSQL database to copy (`CREATE DATABASE … TEMPLATE`), built once
 * under an advisory lock: `build(url)` boots a server on the empty database at `url` and stops it.
 * `admin` is a connected pg Client as the test user (who may create databases).
 */
export async function seededPostgresTemplate(serverDir, admin, adminUrl, build) {
  const prefix = `portal_tpl_${templateKey(serverDir)}_`;
  await admin.query('SELECT pg_advisory_lock(74210011)');
  try {
    const { rows } = await admin.query(
      `SELECT datname FROM pg_database WHERE datname LIKE 'portal_tpl_%' ORDER BY datname DESC`,
    );
    const now = Math.floor(Date.now() / 1000);
    // portal_tpl_<key>_<seconds since 1970>; a build that crashed is named …_partial (NaN: old).
    const young = (name) => now - Number(name.slice(name.lastIndexOf('_') + 1)) < MAX_AGE_MS / 1000;
    const names = rows.map((row) => row.datname);
    const current = names.find((name) => name.startsWith(prefix) && young(name));
    if (current) return current;
    for (const name of names.filter((n) => !young(n))) {
      // Too old to use; one still being copied fails to drop and is left for a later run.
      await admin.query(`DROP DATABASE IF EXISTS ${name}`).catch(() => undefined);
    }
    const name = `${prefix}${now}`;
    const building = `${name}_partial`;
    await admin.query(`CREATE DATABASE ${building}`);
    const url = new URL(adminUrl);
    url.pathname = `/${building}`;
    try {
      await build(url.toString());
      await admin.query(`ALTER DATABASE ${building} RENAME TO ${name}`);
    } catch (error) {
      await admin.query(`DROP DATABASE IF EXISTS ${building}`).catch(() => undefined);
      throw error;
    }
    return name;
  } finally {
    await admin.query('SELECT pg_advisory_unlock(74210011)');
  }
}
