#!/usr/bin/env node
// Reports (issue 22) over one test of 100 questions with --learners (50,000) results, i.e. 5
// million answers, on the production server (NODE_ENV=production): a throw-away SQLite file, and
// with --db postgres (or both) a throw-away PostgreSQL database.
//  1. Seeds, straight into the database once the server has made the schema, in set-based
//     INSERT … SELECT statements (the same SQL on both databases; SQLite in one transaction): 4
//     subjects, a test of 100 four-option questions (a key, 2 marks right, −0.5 wrong, 25 per
//     subject), a batch of learners with user accounts, one completed attempt each with 100
//     answers (blanks, varied right and wrong options, some marked important) and its result
//     (total, counts, time taken, passed), with every link the exam's submit writes. Checks the
//     seeded data with real calls (every count is --learners) before timing anything.
//  2. Times each report call at the client on 127.0.0.1 (p50/p99 over --requests calls, as an
//     administrator; My progress as a learner), the statistics and the item analysis of
//     GET /api/test-data alone (the report module's own functions, compiled by the server, on a
//     connection of their own), next to GET /api/users/me and a raw SELECT COUNT(*) FROM answers
//     on the same database (the baselines). Target: every report under 1 s.
//  Before 2, in the same run: the calls the reports' summary serves (modules/report-summary)
//  timed as they were without it (the server runs with its summary worker off, so the seeded
//  test is not summarised: the reports compute from every answer), then the summary's backfill
//  (the module's own backfill and fold, on the bench's connection) is timed, and the answers of
//  GET /api/test-data and the subjects before and after it must be identical. --no-before skips
//  the slow from-scratch timings (the backfill and the identity check still run).
//
//   node bench/reports/run.mjs [--db sqlite|postgres|both] [--learners 50000] [--requests 20]
//     [--no-before]
//
// PostgreSQL: BENCH_DATABASE_URL, else TEST_DATABASE_URL, else
// postgres://portal_ci:portal_ci@127.0.0.1:5432/postgres (a role that may create databases); the
// bench's database is dropped at the end (kept, as the SQLite file is, with KEEP_TEST_SERVER_FILES).
import { statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { serverDir, startServer } from '../../server/tests/helpers/server.mjs';
import { CHOICES, QUESTIONS, signJwt } from '../exam-load/lib.mjs';
import { FIRST, LAST, ms, pct, seedLearners, timeGets } from '../people/seed.mjs';

const require = createRequire(join(serverDir, 'package.json'));
const { createId } = require('@paralleldrive/cuid2');

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 && args[i + 1] !== undefined ? args[i + 1] : fallback;
};
const LEARNERS = Number(option('learners', '50000'));
const REQUESTS = Number(option('requests', '20'));
const DATABASES = { sqlite: ['sqlite'], postgres: ['postgres'], both: ['sqlite', 'postgres'] }[
  option('db', 'sqlite')
];
if (!DATABASES) throw new Error('--db must be sqlite, postgres or both.');
const BEFORE = !args.includes('--no-before');
const TARGET_MS = 1000;
const SLOW_RUNS = 3;
const Q = QUESTIONS;
const SUBJECTS = ['Physics', 'Chemistry', 'Mathematics', 'Biology'];
const POSTGRES_URL =
  process.env.BENCH_DATABASE_URL ??
  process.env.TEST_DATABASE_URL ??
  'postgres://portal_ci:portal_ci@127.0.0.1:5432/postgres';

/** One SQL connection of the bench's own: all(sql) → rows, on either database. */
const sqliteConnection = (db) => ({
  kind: 'sqlite',
  all: async (sql) => {
    const statement = db.prepare(sql);
    if (statement.reader) return statement.all();
    statement.run();
    return [];
  },
  ts: (msExpr) => `(${msExpr})`,
  close: async () => {},
});

const postgresConnection = async (url) => {
  const { Client } = require('pg');
  const client = new Client({ connectionString: url });
  await client.connect();
  return {
    kind: 'postgres',
    all: async (sql) => {
      const t = performance.now();
      const { rows } = await client.query(sql);
      if (process.env.BENCH_VERBOSE) {
        console.log(
          `  ${(performance.now() - t).toFixed(0)} ms: ${sql.replace(/\s+/g, ' ').slice(0, 90)}`,
        );
      }
      return rows;
    },
    ts: (msExpr) => `to_timestamp((${msExpr}) / 1000.0)`,
    close: () => client.end(),
  };
};

/**
 * PostgreSQL bulk load: the link tables' secondary indexes and foreign keys are dropped while
 * `fill` writes their millions of rows and made again after (one index build and one validating
 * join each, instead of a check and three index updates per row), as PostgreSQL's "populating a
 * database" advises. The same indexes and constraints as Strapi made, by their own definitions.
 */
const withoutIndexes = async (c, tables, fill) => {
  if (c.kind !== 'postgres') return fill();
  const list = tables.map((t) => `'${t}'`).join(', ');
  const constraints = await c.all(
    `SELECT conrelid::regclass::text AS t, conname AS name, pg_get_constraintdef(oid) AS def
     FROM pg_constraint WHERE contype IN ('f', 'u') AND conrelid::regclass::text IN (${list})`,
  );
  const indexes = await c.all(
    `SELECT i.indexname AS name, i.indexdef AS def FROM pg_indexes i
     WHERE i.schemaname = current_schema() AND i.tablename IN (${list})
       AND i.indexname NOT IN (SELECT conname FROM pg_constraint WHERE contype IN ('p', 'u'))`,
  );
  for (const k of constraints) await c.all(`ALTER TABLE ${k.t} DROP CONSTRAINT "${k.name}"`);
  for (const i of indexes) await c.all(`DROP INDEX "${i.name}"`);
  await fill();
  for (const i of indexes) await c.all(i.def);
  for (const k of constraints)
    await c.all(`ALTER TABLE ${k.t} ADD CONSTRAINT "${k.name}" ${k.def}`);
};

/** `name(n)`: 0 … count − 1 (a recursive CTE: the same on SQLite and PostgreSQL). */
const series = (name, count) =>
  `${name}(n) AS (SELECT 0 UNION ALL SELECT n + 1 FROM ${name} WHERE n < ${count - 1})`;
const one = async (c, sql) => (await c.all(sql))[0];
const maxId = async (c, table) =>
  Number((await one(c, `SELECT COALESCE(MAX(id), 0) AS m FROM ${table}`)).m);

/**
 * PostgreSQL: the learners, their user accounts and one batch, set-based (seedLearners writes
 * them row by row into SQLite); answers the administrator's user id.
 */
const seedLearnersPostgres = async (c, n) => {
  const now = c.ts(String(Date.now()));
  const hash = '$2a$10$benchbenchbenchbenchbenchbenchbenchbenchbenchbenchbe';
  const role = async (type) =>
    Number((await one(c, `SELECT id FROM up_roles WHERE type = '${type}'`)).id);
  const studentRole = await role('student');
  const adminRole = await role('administrator');
  const [batch] = await c.all(
    `INSERT INTO batches (document_id, batch, created_at, updated_at, published_at)
     VALUES ('${createId()}', 'Batch 1', ${now}, ${now}, ${now}) RETURNING id`,
  );
  const names = (list) => `(ARRAY[${list.map((s) => `'${s}'`).join(', ')}])`;
  await c.all(
    `WITH RECURSIVE ${series('ls', n)}
     INSERT INTO students (document_id, student_name, roll_number, student_email, created_at,
       updated_at, published_at)
     SELECT 'benchs' || n, ${names(FIRST)}[n % 10 + 1] || ' ' || ${names(LAST)}[(n / 10) % 10 + 1]
       || ' ' || n, 'R-' || n, 'learner' || n || '@example.org', ${now}, ${now}, ${now} FROM ls`,
  );
  await c.all(
    `WITH RECURSIVE ${series('ls', n)}
     INSERT INTO up_users (document_id, username, email, provider, password, confirmed, blocked,
       user_role, created_at, updated_at, published_at)
     SELECT 'benchu' || n, 'learner' || n || '@example.org', 'learner' || n || '@example.org',
       'local', '${hash}', true, false, 'Student', ${now}, ${now}, ${now} FROM ls`,
  );
  await c.all(
    `INSERT INTO up_users_role_lnk (user_id, role_id, user_ord)
     SELECT id, ${studentRole}, id FROM up_users WHERE document_id LIKE 'benchu%'`,
  );
  await c.all(
    `INSERT INTO up_users_student_lnk (user_id, student_id)
     SELECT u.id, s.id FROM up_users u JOIN students s ON s.student_email = u.email
     WHERE u.document_id LIKE 'benchu%'`,
  );
  await c.all(
    `INSERT INTO batches_students_lnk (batch_id, student_id, student_ord, batch_ord)
     SELECT ${batch.id}, id, id, 1 FROM students WHERE document_id LIKE 'benchs%'`,
  );
  const [admin] = await c.all(
    `INSERT INTO up_users (document_id, username, email, provider, password, confirmed, blocked,
       user_role, created_at, updated_at, published_at)
     VALUES ('${createId()}', 'bench-admin', 'bench-admin@example.org', 'local', '${hash}', true,
       false, 'Admin', ${now}, ${now}, ${now}) RETURNING id`,
  );
  await c.all(
    `INSERT INTO up_users_role_lnk (user_id, role_id, user_ord) VALUES (${admin.id}, ${adminRole}, 1)`,
  );
  return Number(admin.id);
};

/**
 * The test, its questions and subjects, and one completed attempt with 100 answers and a result
 * for every learner of `batchId`; explicit ids (offset by what the tables hold), so every link is
 * one INSERT … SELECT from the same generator. Answers the test's documentId.
 */
const seedResults = async (c, batchId) => {
  const NOW = Date.now();
  const START = NOW - 3 * 86_400_000;
  const now = c.ts(String(NOW));
  const subjectIds = [];
  for (const name of SUBJECTS) {
    const [row] = await c.all(
      `INSERT INTO subjects (document_id, subject_name, created_at, updated_at, published_at)
       VALUES ('${createId()}', '${name}', ${now}, ${now}, ${now}) RETURNING id`,
    );
    subjectIds.push(Number(row.id));
  }
  const [test] = await c.all(
    `INSERT INTO tests (document_id, test_name, test_duration, enable_practice_test, attempts,
       max_attempts, maximum_marks, pass_mark, pass_mark_unit, created_at, updated_at, published_at)
     VALUES ('${createId()}', 'Bench reports test', 120, (1 = 0), 0, 1, ${Q * 2}, 40, 'percent',
       ${now}, ${now}, ${now}) RETURNING id, document_id`,
  );
  const testId = Number(test.id);
  await c.all(`INSERT INTO tests_batch_lnk (test_id, batch_id) VALUES (${testId}, ${batchId})`);
  const off = {};
  for (const t of ['questions', 'attempts', 'answers', 'results']) off[t] = await maxId(c, t);

  await c.all(
    `WITH RECURSIVE ${series('qs', Q)}
     INSERT INTO questions (id, document_id, question, option_a, option_b, option_c, option_d,
       correct_answer, points_correct_answer, points_incorrect_answer, question_type, created_at,
       updated_at, published_at)
     SELECT ${off.questions} + n + 1, 'benchq' || n, 'Bench question ' || (n + 1) || '?',
       'Option A', 'Option B', 'Option C', 'Option D', substr('${CHOICES.join('')}', n % 4 + 1, 1),
       2, -0.5, 'MCQ', ${now}, ${now}, ${now} FROM qs`,
  );
  await c.all(
    `INSERT INTO questions_test_lnk (question_id, test_id)
     SELECT id, ${testId} FROM questions WHERE id > ${off.questions}`,
  );
  const per = Math.ceil(Q / SUBJECTS.length);
  await c.all(
    `INSERT INTO questions_subject_lnk (question_id, subject_id)
     SELECT id, CASE ${subjectIds
       .map((s, k) => `WHEN id - ${off.questions} - 1 < ${(k + 1) * per} THEN ${s}`)
       .join(' ')} END FROM questions WHERE id > ${off.questions}`,
  );

  const learners = `learners AS (SELECT bs.student_id AS sid,
    ROW_NUMBER() OVER (ORDER BY bs.student_id) - 1 AS i
    FROM batches_students_lnk bs WHERE bs.batch_id = ${batchId})`;
  // Seconds taken by learner i, and when their attempt started.
  const seconds = (i) => `(600 + (${i} * 7919) % 6600)`;
  const started = (i) => `(${START} + ${i} * 1000)`;
  const attempt = (i) => `(${off.attempts} + ${i} + 1)`;
  const answer = `(${off.answers} + i * ${Q} + n + 1)`;
  await c.all(
    `WITH ${learners}
     INSERT INTO attempts (id, document_id, start_date_time, end_date_time, expires_at,
       is_practice_test, closed_by, created_at, updated_at, published_at)
     SELECT ${attempt('i')}, 'bencha' || i, ${c.ts(started('i'))},
       ${c.ts(`${started('i')} + ${seconds('i')} * 1000`)},
       ${c.ts(`${started('i')} + 7200000`)}, (1 = 0),
       CASE WHEN i % 20 = 0 THEN 'expiry' ELSE 'learner' END, ${now}, ${now}, ${now} FROM learners`,
  );
  for (const [table, column, value] of [
    ['attempts_test_lnk', 'test_id', String(testId)],
    ['attempts_student_lnk', 'student_id', 'sid'],
  ]) {
    await c.all(
      `WITH ${learners} INSERT INTO ${table} (attempt_id, ${column})
       SELECT ${attempt('i')}, ${value} FROM learners`,
    );
  }
  // Learner i's ability (25–94 %), question n's difficulty (−25…24): right when the hash r is
  // under ability − difficulty; 4 % blank; question 14 is "broken" (the weaker learners get it
  // right: negative discrimination); every tenth question has a distractor nobody chooses.
  const key = 'n % 4';
  const ability = '(25 + (i * 37) % 70)';
  const choice = `CASE WHEN r % 25 = 0 THEN -1
      WHEN n = 13 THEN CASE WHEN r % 100 < 100 - ${ability} THEN ${key}
        ELSE (${key} + 1 + r % 3) % 4 END
      WHEN r % 100 < ${ability} - ((n * 17) % 50 - 25) THEN ${key}
      WHEN n % 10 = 9 THEN (${key} + 1 + r % 2) % 4
      ELSE (${key} + 1 + r % 3) % 4 END`;
  const result = (i) => `(${off.results} + ${i} + 1)`;
  // An attempt's 100 answers and links lie together, as the exam's start writes them (SQLite's
  // CROSS JOIN already runs learner by learner; PostgreSQL's plan may not).
  const inOrder = c.kind === 'postgres' ? ' ORDER BY i, n' : '';
  const answerLinks = [
    ['answers_attempt_lnk', 'answer_id, attempt_id', `${answer}, ${attempt('i')}`],
    ['answers_question_lnk', 'answer_id, question_id', `${answer}, ${off.questions} + n + 1`],
    ['answers_test_lnk', 'answer_id, test_id', `${answer}, ${testId}`],
    ['answers_student_lnk', 'answer_id, student_id', `${answer}, sid`],
    ['results_answers_lnk', 'result_id, answer_id, answer_ord', `${result('i')}, ${answer}, n + 1`],
  ];
  await withoutIndexes(c, ['answers', ...answerLinks.map(([table]) => table)], async () => {
    await c.all(
      `WITH RECURSIVE ${series('qs', Q)}, ${learners},
         gen AS (SELECT i, n, (i * 7919 + n * 104729 + i * n * 31) % 997 AS r
           FROM learners CROSS JOIN qs),
         pick AS (SELECT i, n, r, ${choice} AS c FROM gen)
         INSERT INTO answers (id, document_id, selected_answer, mark_as_important, points, revision,
           start_date_time, end_date_time, created_at, updated_at, published_at)
         SELECT ${answer}, 'benchan' || i || '-' || n,
           CASE WHEN c < 0 THEN NULL ELSE substr('abcd', CAST(c + 1 AS INTEGER), 1) END,
           (r % 50 = 7), CASE WHEN c < 0 THEN 0 WHEN c = ${key} THEN 2 ELSE -0.5 END, 1,
           ${c.ts(started('i'))}, ${c.ts(`${started('i')} + 60000`)}, ${now}, ${now}, ${now}
         FROM pick${inOrder}`,
    );
    await c.all(
      `INSERT INTO results (id, document_id, total_marks, is_published, passed, correct_count,
       incorrect_count, unanswered_count, time_taken_seconds, created_at, updated_at, published_at)
     SELECT ${result('g.i')}, 'benchr' || g.i, g.total, (1 = 0), (g.total >= ${Q * 2 * 0.4}),
       g.correct, ${Q} - g.correct - g.blank, g.blank, ${seconds('g.i')}, ${now}, ${now}, ${now}
     FROM (SELECT (an.id - ${off.answers} - 1) / ${Q} AS i, SUM(an.points) AS total,
         SUM(CASE WHEN an.points > 0 THEN 1 ELSE 0 END) AS correct,
         SUM(CASE WHEN an.selected_answer IS NULL THEN 1 ELSE 0 END) AS blank
       FROM answers an WHERE an.id > ${off.answers} GROUP BY (an.id - ${off.answers} - 1) / ${Q}) g`,
    );
    for (const [table, columns, values] of answerLinks) {
      await c.all(
        `WITH RECURSIVE ${series('qs', Q)}, ${learners}
       INSERT INTO ${table} (${columns}) SELECT ${values} FROM learners CROSS JOIN qs${inOrder}`,
      );
    }
  });
  for (const [table, column, value] of [
    ['results_attempt_lnk', 'attempt_id', attempt('i')],
    ['results_test_lnk', 'test_id', String(testId)],
    ['results_student_lnk', 'student_id', 'sid'],
  ]) {
    await c.all(
      `WITH ${learners} INSERT INTO ${table} (result_id, ${column})
       SELECT ${result('i')}, ${value} FROM learners`,
    );
  }
  if (c.kind === 'postgres') {
    for (const t of ['questions', 'attempts', 'answers', 'results']) {
      await c.all(
        `SELECT setval(pg_get_serial_sequence('${t}', 'id'), (SELECT MAX(id) FROM ${t}))`,
      );
    }
  }
  return String(test.document_id);
};

const timeSql = async (run, count) => {
  const times = [];
  let out = null;
  for (let i = 0; i < count; i += 1) {
    const t = performance.now();
    out = await run();
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  return { p50: pct(times, 50), p99: pct(times, 99), out };
};

const check = (what, actual, expected) => {
  if (actual !== expected) {
    throw new Error(`seeded data check: ${what} is ${actual}, expected ${expected}`);
  }
};

const benchOne = async (kind) => {
  let pgDatabase = null;
  if (kind === 'postgres') {
    process.env.TEST_DATABASE_URL ??= POSTGRES_URL;
    const { createTestDatabase } = await import('../../server/tests/helpers/postgres.mjs');
    pgDatabase = await createTestDatabase('portal_bench_reports');
  }
  const server = await startServer({
    databaseUrl: pgDatabase?.url ?? null,
    // The summary's worker off: the seeded test stays unsummarised until the bench backfills it.
    extraEnv: {
      NODE_ENV: 'production',
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
      SUMMARY_WORKER_MS: '0',
    },
  });
  const c =
    kind === 'sqlite'
      ? sqliteConnection(server.database())
      : await postgresConnection(pgDatabase.url);
  const knex = require('knex')(
    kind === 'sqlite'
      ? {
          client: 'better-sqlite3',
          connection: { filename: server.env.DATABASE_FILENAME },
          useNullAsDefault: true,
        }
      : { client: 'pg', connection: pgDatabase.url, pool: { min: 1, max: 2 } },
  );
  try {
    const t0 = Date.now();
    let adminId;
    let batchId;
    if (kind === 'sqlite') {
      const db = server.database();
      db.pragma('cache_size = -1000000');
      db.exec('BEGIN');
      adminId = seedLearners(db, LEARNERS, () => 0, 1);
      batchId = Number(db.prepare('SELECT MAX(id) AS id FROM batches').get().id);
      await seedResults(c, batchId);
      db.exec('COMMIT');
    } else {
      await c.all('BEGIN');
      adminId = await seedLearnersPostgres(c, LEARNERS);
      batchId = Number((await one(c, 'SELECT MAX(id) AS id FROM batches')).id);
      await seedResults(c, batchId);
      await c.all('COMMIT');
    }
    const seedMs = Date.now() - t0;
    // PostgreSQL: what autovacuum does to a table after a bulk load (statistics, visibility map).
    await c.all(kind === 'postgres' ? 'VACUUM ANALYZE' : 'ANALYZE');
    const testDocumentId = String(
      (await one(c, "SELECT document_id FROM tests WHERE test_name = 'Bench reports test'"))
        .document_id,
    );
    const answers = Number((await one(c, 'SELECT COUNT(*) AS n FROM answers')).n);
    let size;
    if (kind === 'sqlite') {
      server.database().pragma('wal_checkpoint(TRUNCATE)');
      size = statSync(server.env.DATABASE_FILENAME).size;
    } else {
      size = Number((await one(c, 'SELECT pg_database_size(current_database()) AS s')).s);
    }
    console.log(
      `[${kind}] seeded ${LEARNERS} learners, ${LEARNERS} results, ${answers} answers in ${(seedMs / 1000).toFixed(1)} s (+ ${kind === 'postgres' ? 'VACUUM ANALYZE' : 'ANALYZE'}); database ${(size / 2 ** 30).toFixed(2)} GiB`,
    );

    // A learner in the middle of the list: their user id and student documentId.
    const learner = await one(
      c,
      `SELECT s.document_id, us.user_id FROM students s
       JOIN up_users_student_lnk us ON us.student_id = s.id
       WHERE s.roll_number = 'R-${Math.floor(LEARNERS / 2)}'`,
    );
    const admin = signJwt(adminId, server.env.JWT_SECRET);
    const learnerToken = signJwt(Number(learner.user_id), server.env.JWT_SECRET);
    const deepPage = Math.max(1, Math.floor(LEARNERS / 25 / 2));
    const results = `/api/reports/tests/${testDocumentId}/results`;
    const reports = require(join(serverDir, 'dist', 'src', 'modules', 'reports', 'index.js'));
    const summary = require(
      join(serverDir, 'dist', 'src', 'modules', 'report-summary', 'index.js'),
    );
    const caller = { kind: 'user', role: 'administrator', facultyId: null, studentId: null };
    const { test, scope } = await reports.reportTarget(knex, caller, testDocumentId, undefined);
    const testDataPath = `/api/test-data?testId=${testDocumentId}&attempt=best`;
    const subjectsPath = `/api/reports/tests/${testDocumentId}/subjects`;
    const resultsPath = `/api/reports/tests/${testDocumentId}/results?page=1&pageSize=25&sort=score:desc`;
    // Before the summary: the same calls from every answer (and their answers, compared below).
    const before = [];
    const scratch = {
      testData: (await timeGets(server.baseUrl, admin, testDataPath, 1)).body,
      subjects: (await timeGets(server.baseUrl, admin, subjectsPath, 1)).body,
      results: (await timeGets(server.baseUrl, admin, resultsPath, 1)).body,
    };
    if (BEFORE) {
      before.push([
        'GET results, page 1 by score, no summary',
        await timeGets(server.baseUrl, admin, resultsPath, REQUESTS),
        false,
      ]);
      for (const [name, path] of [
        ['test-data (statistics + items)', testDataPath],
        ['subjects', subjectsPath],
      ]) {
        before.push([
          `GET ${name}, no summary`,
          { ...(await timeGets(server.baseUrl, admin, path, SLOW_RUNS)), n: SLOW_RUNS },
          false,
        ]);
      }
      before.push([
        'item analysis alone (module), no summary',
        {
          ...(await timeSql(
            () => reports.itemAnalysis(knex, test, scope, 'best', { fromScratch: true }),
            SLOW_RUNS,
          )),
          n: SLOW_RUNS,
        },
        false,
      ]);
    }
    const tb = performance.now();
    await summary.backfillMissing(knex);
    const folded = await summary.drainPending(knex, 0);
    const backfillMs = performance.now() - tb;
    const [counted] = await c.all('SELECT COUNT(*) AS n FROM app_report_summary_counts');
    console.log(
      `[${kind}] summary backfilled: ${folded} learners folded in ${(backfillMs / 1000).toFixed(1)} s (batches of ${summary.FOLD_BATCH ?? 250}); ${Number(counted.n)} counter rows`,
    );
    const summarised = {
      testData: (await timeGets(server.baseUrl, admin, testDataPath, 1)).body,
      subjects: (await timeGets(server.baseUrl, admin, subjectsPath, 1)).body,
      results: (await timeGets(server.baseUrl, admin, resultsPath, 1)).body,
    };
    for (const key of ['testData', 'subjects', 'results']) {
      if (JSON.stringify(scratch[key]) !== JSON.stringify(summarised[key])) {
        throw new Error(
          `${key}: the summary's answer differs from the one computed from every answer`,
        );
      }
    }
    console.log(
      `[${kind}] check: test-data, subjects and results page 1 identical with and without the summary`,
    );
    const calls = [
      ['results, page 1 by score', admin, `${results}?page=1&pageSize=25&sort=score:desc`],
      [
        `results, page ${deepPage} by score`,
        admin,
        `${results}?page=${deepPage}&pageSize=25&sort=score:desc`,
      ],
      ['results, by name', admin, `${results}?page=1&pageSize=25&sort=name:asc`],
      ['results, search "iyer"', admin, `${results}?page=1&pageSize=25&search=iyer`],
      ['test-data (statistics + items)', admin, testDataPath],
      ['subjects', admin, subjectsPath],
      ['learner progress (staff)', admin, `/api/reports/learners/${learner.document_id}/progress`],
      ['my-progress (learner)', learnerToken, '/api/reports/my-progress'],
      ['leaderboard', admin, `/api/reports/leaderboard?tests=${testDocumentId}`],
    ];

    // The seeded data, as the reports see it, before anything is timed.
    const first = {};
    const firstMs = {};
    for (const [name, token, path] of calls) {
      const once = await timeGets(server.baseUrl, token, path, 1);
      first[name] = once.body;
      firstMs[name] = once.p50;
      console.log(`[${kind}] first call: ${name} ${ms(once.p50)}`);
    }
    // A call that takes seconds is timed over at most SLOW_RUNS calls (the run stays minutes).
    const runs = (name) => (firstMs[name] > 2000 ? Math.min(REQUESTS, SLOW_RUNS) : REQUESTS);
    check('results total', first['results, page 1 by score'].meta.pagination.total, LEARNERS);
    check('results rows', first['results, page 1 by score'].data.length, 25);
    check('search rows', first['results, search "iyer"'].meta.pagination.total, LEARNERS / 10);
    const data = first['test-data (statistics + items)'].data;
    check('statistics count', data.statistics.count, LEARNERS);
    check('item analysis learners', data.groups.learners, LEARNERS);
    check('items', data.items.length, Q);
    check('takers of question 1', data.items[0].takers, LEARNERS);
    check('subjects', first.subjects.data?.subjects?.length ?? first.subjects.subjects?.length, 4);
    check('progress results', first['learner progress (staff)'].data.results.length, 1);
    check('my-progress results', first['my-progress (learner)'].data.results.length, 1);
    const board = first.leaderboard.data ?? first.leaderboard;
    check('leaderboard total', board.total, LEARNERS);
    const top = first['results, page 1 by score'].data[0];
    const s = data.statistics;
    const flags = data.items.flatMap((i) => i.flags);
    console.log(
      `[${kind}] check: ${LEARNERS} results; top ${top.learner.name} ${top.score} (rank ${top.rank}, percentile ${top.percentile}); mean ${s.mean}, median ${s.median}, sd ${s.standardDeviation}, pass rate ${s.passRate}; flags ${[...new Set(flags)].join(', ')} (${flags.length})`,
    );

    // The statistics and the item analysis alone: the report module's functions on a connection
    // of the bench's own (the server's compiled dist/), as GET /api/test-data calls them.
    const rows = [...before];
    await timeGets(server.baseUrl, admin, '/api/users/me', 5);
    rows.push([
      'baseline: GET /api/users/me',
      await timeGets(server.baseUrl, admin, '/api/users/me', REQUESTS),
      false,
    ]);
    rows.push([
      'baseline: SELECT COUNT(*) FROM answers (SQL)',
      await timeSql(() => c.all('SELECT COUNT(*) AS n FROM answers'), REQUESTS),
      false,
    ]);
    for (const [name, token, path] of calls) {
      const n = runs(name);
      rows.push([`GET ${name}`, { ...(await timeGets(server.baseUrl, token, path, n)), n }, true]);
    }
    rows.push([
      'statistics alone (module, SQL)',
      await timeSql(() => reports.statistics(knex, test, scope, 'best'), REQUESTS),
      true,
    ]);
    rows.push([
      'item analysis alone (module, SQL)',
      {
        ...(await timeSql(
          () => reports.itemAnalysis(knex, test, scope, 'best'),
          runs('test-data (statistics + items)'),
        )),
        n: runs('test-data (statistics + items)'),
      },
      true,
    ]);
    const width = Math.max(...rows.map((r) => r[0].length));
    console.log(
      `[${kind}] ${LEARNERS} results × ${Q} questions, ${REQUESTS} requests each, at the client on 127.0.0.1:`,
    );
    console.log(
      `  ${'call'.padEnd(width)}  ${'p50'.padStart(10)}  ${'p99'.padStart(10)}  target   `,
    );
    let missed = 0;
    for (const [name, t, timed] of rows) {
      const pass = t.p99 < TARGET_MS;
      if (timed && !pass) missed += 1;
      console.log(
        `  ${name.padEnd(width)}  ${String(t.n ?? REQUESTS).padStart(3)}  ${ms(t.p50).padStart(10)}  ${ms(t.p99).padStart(10)}  ${timed ? `< 1 s    ${pass ? 'pass' : 'FAIL'}` : name.includes('no summary') ? '(before)' : '(baseline)'}`,
      );
    }
    return missed;
  } finally {
    await knex.destroy();
    await c.close();
    await server.stop();
    if (process.env.KEEP_TEST_SERVER_FILES) {
      if (pgDatabase) console.log(`[${kind}] kept database ${pgDatabase.url}`);
    } else {
      await pgDatabase?.drop();
    }
  }
};

const main = async () => {
  let missed = 0;
  for (const kind of DATABASES) missed += await benchOne(kind);
  if (missed > 0) {
    console.log(`${missed} call(s) missed the 1 s target`);
    process.exitCode = 1;
  }
};

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
