#!/usr/bin/env node
// Fills the database with a realistic institute, idempotently.
//   npm --prefix server run seed         the demo institute (accounts: src/bootstrap/demo-accounts.json)
//   npm --prefix server run seed:scale   the demo plus large data for benchmarks, by default
//                                        50,000 learners in 200 batches, 300 tests of 100 questions
// Options (with --scale): --learners=N --batches=N --tests=N --questions=N --courses=N
// The database is the server's (DATABASE_CLIENT, DATABASE_FILENAME / DATABASE_URL …; the
// repository's .env is read when present). Running it again adds only what is missing. Learners'
// sign-ins: learner00001@scale.test … with the password printed at the end (one shared hash).
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs, parseEnv } from 'node:util';
import { ensureCompiled } from './lib/compile.mjs';

const appDir = resolve(dirname(fileURLToPath(import.meta.url)), '..');
process.chdir(appDir);
const require = createRequire(join(appDir, 'package.json'));

const { values: args } = parseArgs({
  options: {
    scale: { type: 'boolean', default: false },
    learners: { type: 'string', default: '50000' },
    batches: { type: 'string', default: '200' },
    tests: { type: 'string', default: '300' },
    questions: { type: 'string', default: '100' },
    courses: { type: 'string', default: '10' },
  },
});
const count = (name) => {
  const value = Number(args[name]);
  if (!Number.isInteger(value) || value < 1)
    throw new Error(`--${name} must be a positive integer`);
  return value;
};
const SCALE = {
  learners: count('learners'),
  batches: count('batches'),
  tests: count('tests'),
  questions: count('questions'),
  courses: count('courses'),
};
const SCALE_PASSWORD = 'Learner@12345';
/** Learners per transaction. */
const CHUNK = 1000;

// The repository's .env (as `npm start` uses it); variables already set win.
const rootEnv = join(appDir, '..', '.env');
if (existsSync(rootEnv)) {
  for (const [key, value] of Object.entries(parseEnv(readFileSync(rootEnv, 'utf8')))) {
    process.env[key] ??= value;
  }
}
// No server listens here: secrets only need to exist (random ones are never stored).
for (const key of [
  'API_TOKEN_SALT',
  'ADMIN_JWT_SECRET',
  'TRANSFER_TOKEN_SALT',
  'JWT_SECRET',
  'ENCRYPTION_KEY',
]) {
  process.env[key] ||= randomBytes(24).toString('base64');
}
process.env.APP_KEYS ||= `${randomBytes(16).toString('base64')},${randomBytes(16).toString('base64')}`;
process.env.SEED_DEMO ||= 'true';
process.env.LOG_LEVEL ||= 'warn';
process.env.LOG_STARTUP_BANNER = 'false';

const say = (message) => process.stdout.write(`[seed] ${message}\n`);
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;
const pad = (n, width) => String(n).padStart(width, '0');

const ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';
/** A documentId in Strapi's shape (24 lower-case letters and digits, starting with a letter). */
const documentId = () => {
  const bytes = randomBytes(24);
  let id = ALPHABET[bytes[0] % 26];
  for (let i = 1; i < 24; i += 1) id += ALPHABET[bytes[i] % 36];
  return id;
};

const FIRST = [
  'Aarav',
  'Diya',
  'Ishaan',
  'Kavya',
  'Rohan',
  'Meera',
  'Vikram',
  'Ananya',
  'Kabir',
  'Priya',
  'Arjun',
  'Sara',
  'Nikhil',
  'Tara',
  'Zoya',
  'Dev',
];
const LAST = [
  'Sharma',
  'Iyer',
  'Khan',
  'Patel',
  'Reddy',
  'Das',
  'Menon',
  'Singh',
  'Gupta',
  'Nair',
  'Joshi',
  'Bose',
  'Rao',
  'Mehta',
  'Ali',
  'Kapoor',
];

const seedScale = async (strapi) => {
  const knex = strapi.db.connection;
  const meta = (uid) => strapi.db.metadata.get(uid);
  const tableOf = (uid) => meta(uid).tableName;
  const columnOf = (uid, attribute) => meta(uid).attributes[attribute].columnName ?? attribute;
  const linkOf = (uid, attribute) => {
    const join = meta(uid).attributes[attribute].joinTable;
    return {
      table: join.name,
      column: join.joinColumn.name,
      inverse: join.inverseJoinColumn.name,
      order: join.orderColumnName,
      inverseOrder: join.inverseOrderColumnName,
    };
  };
  // SQLite: one INSERT holds at most 500 rows (compound SELECT limit); Strapi stores datetimes
  // as milliseconds and booleans as 0/1 there.
  const sqlite = strapi.db.dialect.client === 'sqlite';
  const ROWS_PER_INSERT = sqlite ? 400 : 1000;
  const value = (v) => {
    if (!sqlite) return v;
    if (v instanceof Date) return v.getTime();
    if (typeof v === 'boolean') return v ? 1 : 0;
    return v;
  };
  const now = new Date();
  /** A row of `uid` from attribute values, with Strapi's system columns. */
  const row = (uid, values) => {
    const out = {
      document_id: documentId(),
      created_at: value(now),
      updated_at: value(now),
      published_at: value(now),
    };
    for (const [key, v] of Object.entries(values)) out[columnOf(uid, key)] = value(v);
    return out;
  };
  /** Inserts rows and returns their ids in the same order. */
  const insert = async (trx, uid, rows) => {
    const ids = new Map();
    for (let i = 0; i < rows.length; i += ROWS_PER_INSERT) {
      const part = rows.slice(i, i + ROWS_PER_INSERT);
      const inserted = await trx(tableOf(uid)).insert(part).returning(['id', 'document_id']);
      for (const r of inserted) ids.set(r.document_id, r.id);
    }
    return rows.map((r) => ids.get(r.document_id));
  };
  const link = async (trx, uid, attribute, pairs) => {
    const l = linkOf(uid, attribute);
    const rows = pairs.map(([from, to, order = 1]) => ({
      [l.column]: from,
      [l.inverse]: to,
      ...(l.order ? { [l.order]: order } : {}),
      ...(l.inverseOrder ? { [l.inverseOrder]: 1 } : {}),
    }));
    for (let i = 0; i < rows.length; i += ROWS_PER_INSERT) {
      await trx(l.table).insert(rows.slice(i, i + ROWS_PER_INSERT));
    }
  };
  /** Existing rows of `uid` whose `attribute` starts with `prefix`: value → id. */
  const existing = async (uid, attribute, prefix, db = knex) => {
    const column = columnOf(uid, attribute);
    const rows = await db(tableOf(uid)).where(column, 'like', `${prefix}%`).select('id', column);
    return new Map(rows.map((r) => [r[column], r.id]));
  };

  const timings = [];
  const phase = async (label, fn) => {
    const started = Date.now();
    const result = await fn();
    timings.push(`${label} ${seconds(Date.now() - started)}`);
    return result;
  };

  const hash = (
    await strapi
      .plugin('users-permissions')
      .service('user')
      .ensureHashedPasswords({ password: SCALE_PASSWORD })
  ).password;
  const studentRole = await strapi.db
    .query('plugin::users-permissions.role')
    .findOne({ where: { type: 'student' } });
  if (!studentRole) throw new Error('The Student role is missing (did the bootstrap run?)');

  // Catalogue: subjects, courses, batches (few rows).
  const { subjectIds, courseIds, batchIds } = await phase('catalogue', () =>
    knex.transaction(async (trx) => {
      const ensure = async (uid, attribute, names, values = () => ({})) => {
        const found = await existing(uid, attribute, names[0].replace(/\d+$/, ''), trx);
        const missing = names.filter((name) => !found.has(name));
        const ids = await insert(
          trx,
          uid,
          missing.map((name, i) => row(uid, { [attribute]: name, ...values(name, i) })),
        );
        missing.forEach((name, i) => found.set(name, ids[i]));
        return { ids: names.map((name) => found.get(name)), created: new Set(missing) };
      };
      const subjects = await ensure(
        'api::subject.subject',
        'SubjectName',
        Array.from({ length: 5 }, (_, i) => `Scale Subject ${i + 1}`),
        (_, i) => ({ subject_code: `SCL${i + 1}` }),
      );
      const courses = await ensure(
        'api::course.course',
        'course_name',
        Array.from({ length: SCALE.courses }, (_, i) => `Scale Course ${pad(i + 1, 3)}`),
        () => ({ course_description: 'Benchmark course.', is_public: false, is_active: true }),
      );
      const batchNames = Array.from(
        { length: SCALE.batches },
        (_, i) => `Scale Batch ${pad(i + 1, 4)}`,
      );
      const batches = await ensure('api::batch.batch', 'Batch', batchNames, () => ({
        batch_start_date: now.toISOString().slice(0, 10),
      }));
      // New batches join a course (round robin).
      await link(
        trx,
        'api::course.course',
        'batches',
        batchNames
          .map((name, i) => [courses.ids[i % courses.ids.length], batches.ids[i], i + 1, name])
          .filter(([, , , name]) => batches.created.has(name))
          .map(([course, batch, order]) => [course, batch, order]),
      );
      return { subjectIds: subjects.ids, courseIds: courses.ids, batchIds: batches.ids };
    }),
  );

  // Learners: a Student and its User per learner, in batches (round robin), chunk by chunk.
  const learnerWidth = Math.max(5, String(SCALE.learners).length);
  const learners = await phase(`${SCALE.learners} learners`, async () => {
    const rolls = await existing('api::student.student', 'Roll_Number', 'SCALE-');
    let created = 0;
    for (let start = 0; start < SCALE.learners; start += CHUNK) {
      const indices = [];
      for (let i = start; i < Math.min(start + CHUNK, SCALE.learners); i += 1) {
        if (!rolls.has(`SCALE-${pad(i + 1, learnerWidth)}`)) indices.push(i);
      }
      if (indices.length === 0) continue;
      await knex.transaction(async (trx) => {
        const students = indices.map((i) =>
          row('api::student.student', {
            StudentName: `${FIRST[i % FIRST.length]} ${LAST[Math.floor(i / FIRST.length) % LAST.length]}`,
            Roll_Number: `SCALE-${pad(i + 1, learnerWidth)}`,
            student_email: `learner${pad(i + 1, learnerWidth)}@scale.test`,
            student_mobile_number: `9${pad(i + 1, 9)}`,
            student_enrollment_date: now.toISOString().slice(0, 10),
          }),
        );
        const studentIds = await insert(trx, 'api::student.student', students);
        const users = indices.map((i) => {
          const email = `learner${pad(i + 1, learnerWidth)}@scale.test`;
          return row('plugin::users-permissions.user', {
            username: email,
            email,
            provider: 'local',
            password: hash,
            confirmed: true,
            blocked: false,
            UserRole: 'Student',
          });
        });
        const userIds = await insert(trx, 'plugin::users-permissions.user', users);
        await link(
          trx,
          'plugin::users-permissions.user',
          'student',
          userIds.map((u, k) => [u, studentIds[k]]),
        );
        await link(
          trx,
          'plugin::users-permissions.user',
          'role',
          userIds.map((u) => [u, studentRole.id]),
        );
        await link(
          trx,
          'api::batch.batch',
          'students',
          indices.map((i, k) => [
            batchIds[i % batchIds.length],
            studentIds[k],
            Math.floor(i / batchIds.length) + 1,
          ]),
        );
      });
      created += indices.length;
    }
    return created;
  });

  // Tests of 100 questions (MCQ), each in a course and a batch; a test's questions are written
  // in the same transaction as the test, so a test is either complete or absent.
  const testWidth = Math.max(3, String(SCALE.tests).length);
  const tests = await phase(`${SCALE.tests} tests of ${SCALE.questions} questions`, async () => {
    const found = await existing('api::test.test', 'TestName', 'Scale Test ');
    let created = 0;
    const perTransaction = Math.max(1, Math.floor(10_000 / SCALE.questions));
    const missing = Array.from({ length: SCALE.tests }, (_, j) => j).filter(
      (j) => !found.has(`Scale Test ${pad(j + 1, testWidth)}`),
    );
    for (let start = 0; start < missing.length; start += perTransaction) {
      const group = missing.slice(start, start + perTransaction);
      await knex.transaction(async (trx) => {
        const testIds = await insert(
          trx,
          'api::test.test',
          group.map((j) =>
            row('api::test.test', {
              TestName: `Scale Test ${pad(j + 1, testWidth)}`,
              Description: 'Benchmark test.',
              TestDuration: 60,
              enable_practice_test: j % 5 === 0,
              Attempts: 0,
              MaximumMarks: SCALE.questions * 2,
              PassMark: SCALE.questions,
              pass_mark_unit: 'marks',
              ValidFrom: now,
              ValidTo: new Date(now.getTime() + 365 * 24 * 3600 * 1000),
            }),
          ),
        );
        await link(
          trx,
          'api::test.test',
          'course',
          group.map((j, k) => [testIds[k], courseIds[j % courseIds.length], j + 1]),
        );
        await link(
          trx,
          'api::test.test',
          'batch',
          group.map((j, k) => [testIds[k], batchIds[j % batchIds.length]]),
        );
        await link(
          trx,
          'api::test.test',
          'subjects',
          group.map((j, k) => [testIds[k], subjectIds[j % subjectIds.length]]),
        );
        const questions = [];
        const owners = [];
        group.forEach((j, k) => {
          for (let q = 0; q < SCALE.questions; q += 1) {
            questions.push(
              row('api::question.question', {
                question: `Scale test ${j + 1}, question ${q + 1}: which option is right?`,
                option_a: 'Option A',
                option_b: 'Option B',
                option_c: 'Option C',
                option_d: 'Option D',
                correct_answer: 'abcd'[q % 4],
                points_correct_answer: 2,
                points_incorrect_answer: -0.5,
                question_type: 'MCQ',
                explanation: 'Benchmark question.',
              }),
            );
            owners.push([testIds[k], subjectIds[(j + q) % subjectIds.length]]);
          }
        });
        const questionIds = await insert(trx, 'api::question.question', questions);
        await link(
          trx,
          'api::question.question',
          'test',
          questionIds.map((id, k) => [id, owners[k][0]]),
        );
        await link(
          trx,
          'api::question.question',
          'subject',
          questionIds.map((id, k) => [id, owners[k][1]]),
        );
      });
      created += group.length;
    }
    return created;
  });

  return { learners, tests, timings };
};

const started = Date.now();
const { appContext, compiledMs } = await ensureCompiled(appDir);
const { createStrapi } = require('@strapi/strapi');
const strapi = createStrapi({ ...appContext, autoReload: false });
await strapi.load();
say(
  `Strapi loaded in ${seconds(Date.now() - started)} (compile ${seconds(compiledMs)}); demo institute in place`,
);
try {
  if (args.scale) {
    const scaleStarted = Date.now();
    const result = await seedScale(strapi);
    const total = async (uid) => strapi.db.query(uid).count();
    say(
      `scale data: ${result.learners} learners and ${result.tests} tests added (${result.timings.join(', ')})`,
    );
    say(
      `totals: ${await total('plugin::users-permissions.user')} users, ${await total('api::student.student')} students, ` +
        `${await total('api::batch.batch')} batches, ${await total('api::test.test')} tests, ${await total('api::question.question')} questions`,
    );
    say(
      `scale seed finished in ${seconds(Date.now() - scaleStarted)}; learners sign in with ${SCALE_PASSWORD}`,
    );
  }
} catch (error) {
  process.exitCode = 1;
  process.stderr.write(`[seed] failed: ${String(error?.message ?? error).slice(0, 2000)}\n`);
} finally {
  await strapi.destroy();
}
say(`${process.exitCode ? 'stopped' : 'done'} in ${seconds(Date.now() - started)}`);
