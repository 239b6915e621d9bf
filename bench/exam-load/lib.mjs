// Shared by the benches that play examinees (bench/exam-load, bench/security-load): a keep-alive
// HTTP client that records latency per kind of call, learners and a test seeded straight into
// SQLite, JWTs signed with the server's secret, percentiles, and a watcher of the host's pauses.
import { spawn } from 'node:child_process';
import { createHmac, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { serverDir } from '../../server/tests/helpers/server.mjs';

const require = createRequire(join(serverDir, 'package.json'));
const { createId } = require('@paralleldrive/cuid2');
/** A Strapi documentId (cuid2), for rows seeded straight into the database. */
export { createId };

export const QUESTIONS = 100;
export const CHOICES = ['a', 'b', 'c', 'd'];

const b64url = (value) => Buffer.from(value).toString('base64url');
/** A users-permissions JWT (HS256, payload { id }), as POST /api/login issues. */
export const signJwt = (id, secret) => {
  const now = Math.floor(Date.now() / 1000);
  const head = b64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));
  const body = b64url(JSON.stringify({ id, iat: now, exp: now + 86_400 }));
  const sig = createHmac('sha256', secret).update(`${head}.${body}`).digest('base64url');
  return `${head}.${body}.${sig}`;
};

export class Semaphore {
  constructor(size) {
    this.free = size;
    this.waiting = [];
  }
  async acquire() {
    if (this.free > 0) {
      this.free -= 1;
      return;
    }
    await new Promise((resolve) => this.waiting.push(resolve));
  }
  release() {
    const next = this.waiting.shift();
    if (next) next();
    else this.free += 1;
  }
}

export const percentile = (values, p) => {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};
export const fmt = (ms) => (Number.isNaN(ms) ? '-' : `${ms.toFixed(1)}`);
export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
/** CPU time (user + system, ms) the process has used so far (Linux /proc), or NaN. */
export const cpuMs = (pid) => {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // clock ticks of 10 ms
  } catch {
    return NaN;
  }
};

export function makeClient(baseUrl, concurrency, { timeline = false } = {}) {
  const url = new URL(baseUrl);
  const agent = new http.Agent({
    keepAlive: true,
    maxSockets: concurrency,
    maxFreeSockets: concurrency,
  });
  const gate = new Semaphore(concurrency);
  const stats = new Map();
  /** --timeline: [kind, sent at (ms), latency (ms)] of every call. */
  const sent = [];
  let requests = 0;
  let retries = 0;
  const record = (kind, ms, status) => {
    let s = stats.get(kind);
    if (!s) {
      s = { times: [], errors: {} };
      stats.set(kind, s);
    }
    if (status >= 200 && status < 300) s.times.push(ms);
    else s.errors[status] = (s.errors[status] ?? 0) + 1;
  };
  const send = (method, path, token, body) =>
    new Promise((resolve) => {
      const payload = body === undefined ? null : Buffer.from(JSON.stringify(body));
      const req = http.request(
        {
          host: url.hostname,
          port: url.port,
          method,
          path,
          agent,
          headers: {
            ...(token ? { authorization: `Bearer ${token}` } : {}),
            ...(payload
              ? { 'content-type': 'application/json', 'content-length': payload.length }
              : {}),
          },
        },
        (res) => {
          const chunks = [];
          res.on('data', (c) => chunks.push(c));
          res.on('end', () => {
            const text = Buffer.concat(chunks).toString('utf8');
            let json = null;
            try {
              json = text ? JSON.parse(text) : null;
            } catch {
              // not JSON
            }
            resolve({ status: res.statusCode, json });
          });
        },
      );
      req.setTimeout(120_000, () => req.destroy(new Error('timeout')));
      req.on('error', () => resolve({ status: 0, json: null }));
      if (payload) req.write(payload);
      req.end();
    });
  return {
    stats,
    sent,
    get requests() {
      return requests;
    },
    get retries() {
      return retries;
    },
    /**
     * One call, retried (up to 3 times) when the connection fails (status 0: e.g. a keep-alive
     * socket the server closed as it was reused), as the SPA retries: every exam call is safe to
     * repeat (initialize resumes, a save carries its revision, submit returns the one result).
     */
    async call(kind, method, path, token, body) {
      // Timed from when the learner sends: a wait for a free socket is part of the latency.
      const t0 = performance.now();
      for (let attempt = 0; ; attempt += 1) {
        await gate.acquire();
        let res;
        try {
          res = await send(method, path, token, body);
        } finally {
          gate.release();
        }
        requests += 1;
        if (res.status === 0 && attempt < 3) {
          retries += 1;
          continue;
        }
        record(kind, performance.now() - t0, res.status);
        if (timeline) sent.push([kind, t0, performance.now() - t0]);
        return res;
      }
    },
    /**
     * Records a figure measured outside one call (e.g. 'result ready' over several submits); a
     * status outside 2xx counts as an error of that kind.
     */
    note(kind, ms, status = 200) {
      record(kind, ms, status);
    },
    close: () => agent.destroy(),
  };
}

/** How long a learner waits for the result after submitting before the bench gives up on it. */
export const RESULT_WAIT_MS = 120_000;

/**
 * A submit as the SPA sends it (issue 25, the submit split): on 202 "marking" it asks again after
 * the server's `retryAfterMs` until the result comes. 'submit' times the first answer (the attempt
 * is closed by then); 'result ready' the wait from the first send until the result. A result not
 * there after RESULT_WAIT_MS (a marking that keeps failing answers 202 to every ask) is counted as
 * a 'result ready' error (504) instead of being asked for forever.
 */
export async function submitUntilMarked(client, token, body) {
  const t0 = performance.now();
  const path = '/api/test/prelims/submit';
  let res = await client.call('submit', 'POST', path, token, body);
  while (res.status === 202) {
    const waitMs = res.json?.data?.retryAfterMs ?? 1000;
    if (performance.now() - t0 + waitMs > RESULT_WAIT_MS) {
      client.note('result ready', performance.now() - t0, 504);
      return res;
    }
    await sleep(waitMs);
    res = await client.call('submit (asked again)', 'POST', path, token, {
      attemptId: body.attemptId,
    });
  }
  if (res.status === 200) client.note('result ready', performance.now() - t0);
  else client.note('result ready', performance.now() - t0, res.status);
  return res;
}

/**
 * The test's delivery settings of issue 23 for `seed(db, n, { delivery })`: questions and options
 * shuffled, two sections by subject (the first 50 questions Physics, the rest Chemistry) with
 * their own timers in fixed order; the section minutes add up to the test's duration.
 */
export const DELIVERY_SUBJECTS = ['Physics', 'Chemistry'];
export const TEST_MINUTES = 30;
export const deliverySections = (firstMinutes) => [
  { name: 'Physics', minutes: firstMinutes, subjects: ['Physics'] },
  { name: 'Chemistry', minutes: TEST_MINUTES - firstMinutes, subjects: ['Chemistry'] },
];

/**
 * Sections whose first one lasts `seconds` (less than a minute is allowed): the minutes are
 * written as weights in seconds (`seconds` + the rest of the test's 30 minutes). The server
 * shares the learner's duration in proportion to the minutes (section-plan.ts newPlan), so the
 * first section gets exactly `seconds`. Publishing would refuse minutes that do not add up to the
 * duration; the bench seeds the test straight into the database.
 */
export const deliverySectionsBySeconds = (seconds) => [
  { name: 'Physics', minutes: seconds, subjects: ['Physics'] },
  { name: 'Chemistry', minutes: TEST_MINUTES * 60 - seconds, subjects: ['Chemistry'] },
];

/**
 * N learners in one batch, and a 100-question test of that batch, straight into SQLite. With
 * `delivery` ({ firstMinutes } or { firstSeconds }): the test shuffles questions and options and has two sections
 * (deliverySections), and each question is linked to its subject as the schema does
 * (questions_subject_lnk).
 */
export function seed(db, n, { delivery = null } = {}) {
  const now = Date.now();
  const sys = () => ({
    document_id: createId(),
    created_at: now,
    updated_at: now,
    published_at: now,
  });
  const insert = (table, row) => {
    const keys = Object.keys(row);
    return db
      .prepare(`INSERT INTO ${table} (${keys.join(',')}) VALUES (${keys.map(() => '?').join(',')})`)
      .run(...keys.map((k) => row[k])).lastInsertRowid;
  };
  // A table's columns, so the rows written fit what this schema version has (e.g. ordering
  // columns of a link table).
  const columns = (table) =>
    new Set(
      db
        .prepare(`PRAGMA table_info(${table})`)
        .all()
        .map((c) => c.name),
    );
  const insertFitting = (table, row) => {
    const have = columns(table);
    const fitting = Object.fromEntries(Object.entries(row).filter(([k]) => have.has(k)));
    for (const k of have) if (k.endsWith('_ord') && !(k in fitting)) fitting[k] = 1;
    return insert(table, fitting);
  };
  const studentRole = db.prepare("SELECT id FROM up_roles WHERE type = 'student'").get().id;
  const users = [];
  db.transaction(() => {
    const batch = insert('batches', { ...sys(), batch: `Bench batch ${n}` });
    const tag = randomBytes(3).toString('hex');
    const student = db.prepare(
      'INSERT INTO students (document_id, student_name, roll_number, student_email, created_at, updated_at, published_at) VALUES (?,?,?,?,?,?,?)',
    );
    const user = db.prepare(
      "INSERT INTO up_users (document_id, username, email, provider, password, confirmed, blocked, user_role, created_at, updated_at, published_at) VALUES (?,?,?,'local','$2a$10$benchbenchbenchbenchbenchbenchbenchbenchbenchbenchbe',1,0,'Student',?,?,?)",
    );
    const roleLink = db.prepare(
      'INSERT INTO up_users_role_lnk (user_id, role_id, user_ord) VALUES (?,?,?)',
    );
    const studentLink = db.prepare(
      'INSERT INTO up_users_student_lnk (user_id, student_id) VALUES (?,?)',
    );
    const batchLink = db.prepare(
      'INSERT INTO batches_students_lnk (batch_id, student_id, student_ord, batch_ord) VALUES (?,?,?,1)',
    );
    for (let i = 0; i < n; i += 1) {
      const email = `bench-${tag}-${i}@example.org`;
      const s = student.run(
        createId(),
        `Bench ${i}`,
        `B-${tag}-${i}`,
        email,
        now,
        now,
        now,
      ).lastInsertRowid;
      const u = user.run(createId(), `bench-${tag}-${i}`, email, now, now, now).lastInsertRowid;
      roleLink.run(u, studentRole, i + 1);
      studentLink.run(u, s);
      batchLink.run(batch, s, i + 1);
      users.push(Number(u));
    }
    const test = insert('tests', {
      ...sys(),
      test_name: `Bench test ${n}`,
      test_duration: TEST_MINUTES,
      enable_practice_test: 0,
      attempts: 0,
      max_attempts: 1,
      maximum_marks: QUESTIONS * 2,
      pass_mark: 40,
      pass_mark_unit: 'percent',
      ...(delivery
        ? {
            shuffle_questions: 1,
            shuffle_options: 1,
            sections: JSON.stringify(
              delivery.firstSeconds
                ? deliverySectionsBySeconds(delivery.firstSeconds)
                : deliverySections(delivery.firstMinutes),
            ),
            sections_fixed_order: 1,
          }
        : {}),
    });
    const subjectIds = delivery
      ? DELIVERY_SUBJECTS.map((name) =>
          insertFitting('subjects', {
            ...sys(),
            subject_name: name,
            subject_code: name.slice(0, 3),
          }),
        )
      : [];
    db.prepare('INSERT INTO tests_batch_lnk (test_id, batch_id) VALUES (?,?)').run(test, batch);
    for (let q = 0; q < QUESTIONS; q += 1) {
      const question = insert('questions', {
        ...sys(),
        question: `Bench question ${q + 1}?`,
        option_a: 'A',
        option_b: 'B',
        option_c: 'C',
        option_d: 'D',
        correct_answer: CHOICES[q % 4],
        points_correct_answer: 2,
        points_incorrect_answer: -0.5,
        question_type: 'MCQ',
      });
      db.prepare('INSERT INTO questions_test_lnk (question_id, test_id) VALUES (?,?)').run(
        question,
        test,
      );
      if (delivery) {
        const subject = subjectIds[q < QUESTIONS / 2 ? 0 : 1];
        insertFitting('questions_subject_lnk', { question_id: question, subject_id: subject });
      }
    }
    users.testId = Number(test);
  })();
  const testDocumentId = db
    .prepare('SELECT document_id FROM tests WHERE id = ?')
    .get(users.testId).document_id;
  return { userIds: users, testId: users.testId, testDocumentId };
}

/**
 * An idle process beside the exam: how late its 10 ms timer fires. On a quiet machine never by
 * more than a few ms; when the virtual machine is paused or its cores are taken (steal), this
 * process stalls like the server and the bench, and the run's tail is the machine's.
 */
export function watchHost() {
  const code = `let last = performance.now();
setInterval(() => { const now = performance.now(); const late = now - last - 10; last = now;
  if (late > 20) process.stdout.write(late.toFixed(1) + '\\n'); }, 10);`;
  const child = spawn(process.execPath, ['-e', code], { stdio: ['ignore', 'pipe', 'inherit'] });
  let text = '';
  child.stdout.on('data', (chunk) => {
    text += chunk;
  });
  return {
    stop: () =>
      new Promise((resolve) => {
        child.on('exit', () => resolve(text.split('\n').filter(Boolean).map(Number)));
        child.kill();
      }),
  };
}
