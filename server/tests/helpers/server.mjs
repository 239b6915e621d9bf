// Boots the real server (scripts/serve.mjs: compile + start) once, in a child process, on a
// throw-away SQLite file with fresh secrets, and talks to it over HTTP.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  closeSync,
  copyFileSync,
  existsSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';
import { seededSqliteFile } from './templates.mjs';

export const serverDir = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const require = createRequire(join(serverDir, 'package.json'));

const secret = () => randomBytes(24).toString('base64');

/** The demo institute's accounts (what the seed creates), by key: admin, faculty, student1, … */
export const DEMO = JSON.parse(
  readFileSync(join(serverDir, 'src', 'bootstrap', 'demo-accounts.json'), 'utf8'),
);

/**
 * Fresh secrets of one deployment. Pass the same to several processes (`extraEnv`) and a sign-in
 * on one is valid on the others, as behind a load balancer.
 */
export const deploymentSecrets = () => ({
  APP_KEYS: `${secret()},${secret()}`,
  API_TOKEN_SALT: secret(),
  ADMIN_JWT_SECRET: secret(),
  TRANSFER_TOKEN_SALT: secret(),
  JWT_SECRET: secret(),
  ENCRYPTION_KEY: secret(),
  VITE_DEFAULT_API_TOKEN: randomBytes(32).toString('hex'),
});

const freePort = () =>
  new Promise((ok, fail) => {
    const probe = createServer();
    probe.unref();
    probe.on('error', fail);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => ok(port));
    });
  });

export const SPA_INDEX =
  '<!doctype html><html><body><div id="root">portal-spa-test-index</div></body></html>';
export const SPA_ASSET = 'console.log("portal-spa-test-asset");';

/** A multipart body: `fields` (name → text) and `files` ([bytes, fileName, field = 'file', type]). */
const formOf = ({ fields = {}, files = [] }) => {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  for (const [bytes, fileName, field = 'file', type] of files) {
    form.append(field, new Blob([bytes], type ? { type } : {}), fileName);
  }
  return form;
};

/** A fetch response read whole: {status, headers, text, json (null when not JSON)}. */
export const readResponse = async (res) => {
  const text = await res.text();
  let json = null;
  try {
    json = JSON.parse(text);
  } catch {
    // not JSON
  }
  return { status: res.status, headers: res.headers, text, json };
};

/**
 * `request(method, path, {token, body, form, headers})` against `baseUrl`: {status, headers,
 * text, json}. `body` is sent as JSON; `form` ({fields, files}, formOf) as multipart.
 */
export const requester =
  (baseUrl) =>
  async (method, path, { token, body, form, headers = {} } = {}) => {
    const res = await fetch(`${baseUrl}${path}`, {
      method,
      headers: {
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...headers,
      },
      body: form ? formOf(form) : body !== undefined ? JSON.stringify(body) : undefined,
    });
    return readResponse(res);
  };

/** The exam tests' three roles: two learners of the demo batch and the administrator. */
export const EXAM_ROLES = [
  ['A', 'student1'],
  ['B', 'student2'],
  ['admin', 'admin'],
];

/** One administrator, one faculty member (Indian Polity) and one learner. */
export const ONE_OF_EACH = [
  ['admin', 'admin'],
  ['faculty', 'faculty'],
  ['student', 'student1'],
];

/** The Mains tests' roles: the administrator, two faculty (priya: Polity, arjun: Economy), A, B. */
export const MAINS_ROLES = [
  ['admin', 'admin'],
  ['priya', 'faculty'],
  ['arjun', 'faculty2'],
  ['A', 'student1'],
  ['B', 'student2'],
];

/**
 * Signs demo accounts in: `[[role, demoKey], …]` (e.g. ['A', 'student1']) → the role's JWT and
 * user in `tokens` and `users` (the test file's own objects, filled in place).
 */
export async function signInDemo(server, accounts, tokens, users) {
  for (const [role, key] of accounts) {
    const res = await server.request('POST', '/api/login', {
      body: { email: DEMO[key].email, password: DEMO[key].password },
    });
    assert.equal(res.status, 200, res.text);
    tokens[role] = res.json.jwt;
    users[role] = res.json.user;
  }
}

/** Variables that change what a first boot writes: a server given one of them boots fresh. */
const FIRST_BOOT_ENV = ['SEED_DEMO', 'NODE_ENV', 'TZ', 'DATABASE_CLIENT', 'DATABASE_FILENAME'];

/**
 * Boots the server. By default on a throw-away SQLite file; with `databaseUrl`, on that
 * PostgreSQL database instead (the production configuration). The SQLite file starts as a copy of
 * the seeded template (helpers/templates.mjs), as a restarted server's would; `fresh: true`, or an
 * `extraEnv` that changes the first boot, starts on an empty file and seeds it.
 */
export async function startServer({
  timeoutMs = 180_000,
  databaseUrl = null,
  extraEnv = {},
  nodeArgs = [],
  fresh = false,
} = {}) {
  const workDir = join(
    tmpdir(),
    `portal-server-test-${process.pid}-${randomBytes(4).toString('hex')}`,
  );
  const spaDir = join(workDir, 'spa');
  mkdirSync(join(spaDir, 'assets'), { recursive: true });
  writeFileSync(join(spaDir, 'index.html'), SPA_INDEX);
  writeFileSync(join(spaDir, 'assets', 'app-3f2a1b.js'), SPA_ASSET);

  const port = await freePort();
  const env = {
    ...process.env,
    NODE_ENV: 'test',
    HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    ...deploymentSecrets(),
    DATABASE_CLIENT: 'sqlite',
    DATABASE_FILENAME: join(workDir, 'data.db'),
    SEED_DEMO: 'true',
    SPA_DIST_DIR: spaDir,
    EMAIL_PROVIDER: 'outbox',
    EMAIL_OUTBOX_DIR: join(workDir, 'outbox'),
    LOG_LEVEL: 'warn',
    LOG_STARTUP_BANNER: 'false',
    SERVE_ADMIN_PANEL: 'false',
    // A submit answers the result, not 202 "marking", unless a marking takes 30 s (a loaded
    // machine): the tests read the result from the submit; exam-submit.test.mjs sets 0 to test the
    // 202 path, and the bench passes the production default (modules/exam/marking-queue.ts).
    EXAM_SUBMIT_WAIT_MS: '30000',
    ...extraEnv,
  };
  delete env.DATABASE_URL;
  if (databaseUrl) {
    env.DATABASE_CLIENT = 'postgres';
    env.DATABASE_URL = databaseUrl;
    env.DATABASE_POOL_MIN = extraEnv.DATABASE_POOL_MIN ?? '1';
    // The tests' small pool; a bench passes its own (extraEnv) as a deployment would.
    env.DATABASE_POOL_MAX = extraEnv.DATABASE_POOL_MAX ?? '5';
  }

  if (!databaseUrl && !fresh && !FIRST_BOOT_ENV.some((name) => name in extraEnv)) {
    const template = await seededSqliteFile(serverDir, async (saveTo) => {
      const first = await startServer({ fresh: true, timeoutMs });
      await first.stop({ saveDatabaseTo: saveTo });
    });
    copyFileSync(template, env.DATABASE_FILENAME);
  }

  // The server writes its log straight into the file: through a pipe, a busy test or bench process
  // that reads the pipe late would block the server's writes (pipes are synchronous on Linux).
  const logFile = join(workDir, 'server.log');
  const log = openSync(logFile, 'a');
  const child = spawn(process.execPath, [...nodeArgs, join(serverDir, 'scripts', 'serve.mjs')], {
    cwd: serverDir,
    env,
    stdio: ['ignore', log, log],
  });
  closeSync(log); // the child has its own copy
  let exited = null;
  child.on('exit', (code, signal) => {
    exited = { code, signal };
  });

  const baseUrl = `http://127.0.0.1:${port}`;
  const started = Date.now();
  for (;;) {
    if (exited) {
      throw new Error(
        `server exited during start (${JSON.stringify(exited)}):\n${readFileSync(logFile, 'utf8')}`,
      );
    }
    if (Date.now() - started > timeoutMs) {
      child.kill('SIGKILL');
      throw new Error(
        `server did not start within ${timeoutMs} ms:\n${readFileSync(logFile, 'utf8')}`,
      );
    }
    try {
      const res = await fetch(`${baseUrl}/_health`);
      if (res.status === 204) break;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  const bootMs = Date.now() - started;

  let db = null;
  /** Direct access to the test database (better-sqlite3), for arranging rare states. */
  const database = () => {
    if (!db) {
      const Database = require('better-sqlite3');
      db = new Database(env.DATABASE_FILENAME);
      db.pragma('busy_timeout = 5000');
    }
    return db;
  };

  const request = requester(baseUrl);

  /** The outbox's messages to `to` (EMAIL_PROVIDER=outbox), oldest first, each with its file name. */
  const mailsTo = (to) => {
    const dir = env.EMAIL_OUTBOX_DIR;
    if (!existsSync(dir)) return [];
    return readdirSync(dir)
      .filter((name) => name.endsWith('.json'))
      .sort()
      .map((name) => ({ name, ...JSON.parse(readFileSync(join(dir, name), 'utf8')) }))
      .filter((message) => message.to === to);
  };

  /** Stops the server; `saveDatabaseTo` keeps a copy of its SQLite file (the template's build). */
  const stop = async ({ saveDatabaseTo = null } = {}) => {
    db?.close();
    if (!exited) {
      const done = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await done;
      clearTimeout(timer);
    }
    if (saveDatabaseTo) {
      const Database = require('better-sqlite3');
      const file = new Database(env.DATABASE_FILENAME);
      file.pragma('wal_checkpoint(TRUNCATE)');
      file.close();
      copyFileSync(env.DATABASE_FILENAME, saveDatabaseTo);
    }
    if (!process.env.KEEP_TEST_SERVER_FILES) {
      rmSync(workDir, { recursive: true, force: true });
    }
  };

  return {
    baseUrl,
    env,
    bootMs,
    request,
    database,
    mailsTo,
    stop,
    logFile,
    workDir,
    pid: child.pid,
  };
}
