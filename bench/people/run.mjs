#!/usr/bin/env node
// People scale (issue 9) and lists at 50,000 (issue 25): 50,000 learners (each with a user
// account, spread over 20 batches) and 50,000 question-pool questions on the production server
// (scripts/serve.mjs, NODE_ENV=production) with a throw-away SQLite file. Prints the first page
// and a search of the learners, users and question-pool lists (p50/p99 over --requests calls,
// measured at the client on 127.0.0.1; the target is under 100 ms), and the streamed export of all
// learners: duration, bytes, rows read back with exceljs, and the server's RSS before and at its
// peak during the export.
//
//   node bench/people/run.mjs [--learners 50000] [--questions 50000] [--requests 50] [--db postgres]
//   --db postgres: a fresh database on TEST_DATABASE_URL's server (default the CI's local one),
//   seeded set-based (pg-seed.mjs) and dropped at the end.
//
// Rows are written straight into the database; the administrator's JWT is signed with the
// server's secret in the users-permissions format ({ id }).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { serverDir, startServer } from '../../server/tests/helpers/server.mjs';
import { signJwt } from '../exam-load/lib.mjs';
import { seedPeoplePostgres } from './pg-seed.mjs';
import { ms, seedLearners, seedQuestionPool, timeGets } from './seed.mjs';

const require = createRequire(join(serverDir, 'package.json'));
const ExcelJS = require('exceljs');

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 && args[i + 1] !== undefined ? args[i + 1] : fallback;
};
const LEARNERS = Number(option('learners', '50000'));
const REQUESTS = Number(option('requests', '50'));
const QUESTIONS = Number(option('questions', '50000'));
const TARGET_MS = 100;
const BATCHES = 20;
/** --db sqlite|postgres */
const DB = option('db', 'sqlite');

const rssKb = (pid) => {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Number(match[1]) : 0;
};
const mb = (kb) => `${(kb / 1024).toFixed(1)} MB`;

const verdict = (timing) => (timing.p99 < TARGET_MS ? 'within' : 'OVER');

/** The users and question-pool lists, as their screens ask for them (first page, a search). */
const timeLists = async (baseUrl, token) => {
  const pool = (extra) =>
    `/api/question-pools?${extra}populate=subject&sort=createdAt:desc&pagination[page]=1&pagination[pageSize]=25`;
  const organised = (extra) => `/api/questionPool-search?${extra}&page=1&pageSize=25`;
  const poolSearch = [
    'question',
    'option_a',
    'option_b',
    'option_c',
    'option_d',
    'explanation',
    'question_type',
    'subject][SubjectName',
  ]
    .map((field, i) => `filters[$or][${i}][${field}][$containsi]=monsoon&`)
    .join('');
  const lists = [
    ['users: first page', '/api/custom-users?page=1&pageSize=25', (b) => b.meta?.pagination?.total],
    [
      'users: search "learner4242"',
      '/api/custom-users?search=learner4242&page=1&pageSize=25',
      (b) => b.meta?.pagination?.total,
    ],
    ['question pool: first page', pool(''), (b) => b.meta?.pagination?.total],
    ['question pool: search "monsoon"', pool(poolSearch), (b) => b.meta?.pagination?.total],
    // Issue 26: the pool screen's own list (filters, facility, use count).
    ['pool list: first page', organised(''), (b) => b.meta?.pagination?.total],
    ['pool list: search "monsoon"', organised('search=monsoon'), (b) => b.meta?.pagination?.total],
    [
      'pool list: search "question 4242" (rare: every row read)',
      organised('search=question%204242'),
      (b) => b.meta?.pagination?.total,
    ],
    [
      'pool list: hard + tag "chapter 7"',
      organised('difficulty=hard&tag=chapter%207'),
      (b) => b.meta?.pagination?.total,
    ],
    ['pool list: never used', organised('used=unused'), (b) => b.meta?.pagination?.total],
  ];
  for (const [name, path, totalOf] of lists) {
    await timeGets(baseUrl, token, path, 3); // warm-up
    const timing = await timeGets(baseUrl, token, path, REQUESTS);
    console.log(
      `${name} (${totalOf(timing.body)} rows): p50 ${ms(timing.p50)}, p99 ${ms(timing.p99)} (${verdict(timing)} ${TARGET_MS} ms)`,
    );
  }
};

/** PostgreSQL: a fresh database on TEST_DATABASE_URL's server (or the CI default), dropped after. */
const freshPostgres = async () => {
  process.env.TEST_DATABASE_URL ??= 'postgres://portal_ci:portal_ci@127.0.0.1:5432/postgres';
  const { createTestDatabase } = await import('../../server/tests/helpers/postgres.mjs');
  return createTestDatabase('portal_bench_people');
};

/** Seeds the rows (SQLite: the server's file; PostgreSQL: its database); the admin's user id. */
const seed = async (server, database) => {
  if (!database) {
    const db = server.database();
    const adminId = seedLearners(db, LEARNERS, (i) => i % BATCHES, BATCHES);
    seedQuestionPool(db, QUESTIONS);
    db.exec('ANALYZE');
    return adminId;
  }
  const { Client } = createRequire(join(serverDir, 'package.json'))('pg');
  const client = new Client({ connectionString: database.url });
  await client.connect();
  try {
    return await seedPeoplePostgres(client, {
      learners: LEARNERS,
      batches: BATCHES,
      questions: QUESTIONS,
    });
  } finally {
    await client.end();
  }
};

const main = async () => {
  const database = DB === 'postgres' ? await freshPostgres() : null;
  const server = await startServer({
    databaseUrl: database?.url ?? null,
    extraEnv: { NODE_ENV: 'production', SEED_DEMO: 'false', LOG_LEVEL: 'warn' },
  });
  try {
    console.log(`database: ${database ? `PostgreSQL (${database.name})` : 'SQLite'}`);
    const t0 = Date.now();
    const adminId = await seed(server, database);
    console.log(
      `seeded ${LEARNERS} learners with user accounts in ${BATCHES} batches and ${QUESTIONS} pool questions in ${Date.now() - t0} ms`,
    );
    const token = signJwt(adminId, server.env.JWT_SECRET);

    // Warm-up (first request compiles routes and caches statements).
    await timeGets(server.baseUrl, token, '/api/students-custom/paginated?page=1&pageSize=25', 3);
    const first = await timeGets(
      server.baseUrl,
      token,
      '/api/students-custom/paginated?page=1&pageSize=25',
      REQUESTS,
    );
    console.log(
      `first page (25 of ${first.body.meta.pagination.total}): p50 ${ms(first.p50)}, p99 ${ms(first.p99)} over ${REQUESTS} requests`,
    );
    const search = await timeGets(
      server.baseUrl,
      token,
      '/api/students-custom/paginated?search=kavya%20reddy&page=1&pageSize=25',
      REQUESTS,
    );
    console.log(
      `name search "kavya reddy" (${search.body.meta.pagination.total} matches): p50 ${ms(search.p50)}, p99 ${ms(search.p99)} over ${REQUESTS} requests`,
    );
    const deep = await timeGets(
      server.baseUrl,
      token,
      '/api/students-custom/paginated?page=1000&pageSize=25',
      Math.min(REQUESTS, 20),
    );
    console.log(`page 1000: p50 ${ms(deep.p50)}, p99 ${ms(deep.p99)}`);
    await timeLists(server.baseUrl, token);

    const rssBefore = rssKb(server.pid);
    let peak = rssBefore;
    const sampler = setInterval(() => {
      peak = Math.max(peak, rssKb(server.pid));
    }, 20);
    const t = performance.now();
    const res = await fetch(`${server.baseUrl}/api/learners-export`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const bytes = Buffer.from(await res.arrayBuffer());
    const duration = performance.now() - t;
    clearInterval(sampler);
    peak = Math.max(peak, rssKb(server.pid));
    if (res.status !== 200)
      throw new Error(`export: ${res.status} ${bytes.toString().slice(0, 300)}`);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(bytes);
    const rows = workbook.worksheets[0].rowCount - 1;
    console.log(
      `export: ${ms(duration)}, ${(bytes.length / 1024 / 1024).toFixed(2)} MB, ${rows} learner rows read back (${rows === LEARNERS ? 'all' : 'MISSING ROWS'})`,
    );
    console.log(
      `server RSS: ${mb(rssBefore)} before the export, ${mb(peak)} at its peak (+${mb(peak - rssBefore)})`,
    );
  } finally {
    await server.stop();
    await database?.drop();
  }
};

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
