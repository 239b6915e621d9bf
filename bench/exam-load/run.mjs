#!/usr/bin/env node
// Exam load: N learners sit one 100-question test on the production server (scripts/serve.mjs,
// NODE_ENV=production) on a throw-away SQLite file and port. Per N: all start within a window,
// each saves an answer every few seconds for a fixed period, then submits. Prints start, save and
// submit latency (p50/p99), requests/s, errors by status, a baseline measured in the same run
// (GET /_health: no Strapi route; GET /api/users/me: JWT check + user lookup, the per-request cost
// every authenticated call pays), the check that no acknowledged answer was lost, and how late an
// idle process's timer fired meanwhile (the machine's own pauses, not the server's).
//
//   node bench/exam-load/run.mjs [--learners 500,2000,5000] [--duration 60] [--start-window 10]
//        [--concurrency <in flight, default one per learner>] [--min-gap 3] [--max-gap 5] [--log-level http]
//        [--profile <dir>] [--query-stats <file>] [--serial] [--timeline]
//   --serial: no load; the N learners start one after another, then save once each, then submit,
//   one call at a time: the server's CPU and the time per call of each kind, alone.
//   BENCH_NODE_ARGS="--require <file>" adds Node options to the server (e.g. an event-loop monitor).
//
// Learners and the test are written straight into the database (fast); each learner's JWT is
// signed with the server's secret in the users-permissions format ({ id }), no bcrypt sign-in.
import { spawn } from 'node:child_process';
import { createHmac, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { serverDir, startServer } from '../../server/tests/helpers/server.mjs';

const require = createRequire(join(serverDir, 'package.json'));
const { createId } = require('@paralleldrive/cuid2');

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 && args[i + 1] !== undefined ? args[i + 1] : fallback;
};
const LEARNERS = option('learners', '500,2000')
  .split(',')
  .map((n) => Number.parseInt(n, 10))
  .filter((n) => n > 0);
const DURATION_S = Number(option('duration', '60'));
const START_WINDOW_S = Number(option('start-window', '10'));
/** Requests in flight at most (default: one per learner, as each learner's browser has its own). */
const CONCURRENCY_OPTION = option('concurrency', '');
const MIN_GAP_S = Number(option('min-gap', '3'));
const MAX_GAP_S = Number(option('max-gap', '5'));
const LOG_LEVEL = option('log-level', 'http');
/** --profile <dir>: the server writes a V8 CPU profile there (summarise: bench/exam-load/profile.mjs). */
const PROFILE_DIR = option('profile', '');
/** --query-stats <file>: the server times every SQLite statement; the top ones are printed. */
const QUERY_STATS = option('query-stats', '');
const SERIAL = args.includes('--serial');
/** --timeline: per second of the exam, the calls sent and the p99 of the saves sent then. */
const TIMELINE = args.includes('--timeline');
const QUESTIONS = 100;
const CHOICES = ['a', 'b', 'c', 'd'];

// ---------------------------------------------------------------------------------------------

const b64url = (value) => Buffer.from(value).toString('base64url');
/** A users-permissions JWT (HS256, payload { id }), as POST /api/login issues. */
const signJwt = (id, secret) => {
  const now = Math.floor(Date.now() / 1000);
  const head = b64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));
  const body = b64url(JSON.stringify({ id, iat: now, exp: now + 86_400 }));
  const sig = createHmac('sha256', secret).update(`${head}.${body}`).digest('base64url');
  return `${head}.${body}.${sig}`;
};

class Semaphore {
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

const percentile = (values, p) => {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};
const fmt = (ms) => (Number.isNaN(ms) ? '-' : `${ms.toFixed(1)}`);
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
/** CPU time (user + system, ms) the process has used so far (Linux /proc), or NaN. */
const cpuMs = (pid) => {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // clock ticks of 10 ms
  } catch {
    return NaN;
  }
};
const jitter = () => (MIN_GAP_S + Math.random() * (MAX_GAP_S - MIN_GAP_S)) * 1000;

function makeClient(baseUrl, concurrency) {
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
        if (TIMELINE) sent.push([kind, t0, performance.now() - t0]);
        return res;
      }
    },
    close: () => agent.destroy(),
  };
}

// ---------------------------------------------------------------------------------------------

/** N learners in one batch, and a 100-question test of that batch, straight into SQLite. */
function seed(db, n) {
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
      test_duration: 30,
      enable_practice_test: 0,
      attempts: 0,
      max_attempts: 1,
      maximum_marks: QUESTIONS * 2,
      pass_mark: 40,
      pass_mark_unit: 'percent',
    });
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
    }
    users.testId = Number(test);
  })();
  const testDocumentId = db
    .prepare('SELECT document_id FROM tests WHERE id = ?')
    .get(users.testId).document_id;
  return { userIds: users, testId: users.testId, testDocumentId };
}

async function baseline(client, path, tokens, seconds) {
  const until = Date.now() + seconds * 1000;
  const kind = `baseline ${path}`;
  const workers = Array.from({ length: 64 }, async () => {
    while (Date.now() < until) {
      const token = path.startsWith('/api')
        ? tokens[Math.floor(Math.random() * tokens.length)]
        : null;
      await client.call(kind, 'GET', path, token);
    }
  });
  const t0 = Date.now();
  await Promise.all(workers);
  const s = client.stats.get(kind);
  return { kind, rps: (s?.times.length ?? 0) / ((Date.now() - t0) / 1000) };
}

async function runOnce(n) {
  console.log(`\n=== ${n} learners: booting the production server on a throw-away SQLite file`);
  const server = await startServer({
    extraEnv: {
      NODE_ENV: 'production',
      SEED_DEMO: 'false',
      LOG_LEVEL: LOG_LEVEL,
      ...(QUERY_STATS ? { DATABASE_QUERY_STATS: QUERY_STATS } : {}),
    },
    nodeArgs: [
      ...(PROFILE_DIR ? ['--cpu-prof', `--cpu-prof-dir=${PROFILE_DIR}`] : []),
      ...(process.env.BENCH_NODE_ARGS ? process.env.BENCH_NODE_ARGS.split(' ') : []),
    ],
  });
  try {
    const db = server.database();
    const t0 = Date.now();
    const { userIds, testId, testDocumentId } = seed(db, n);
    console.log(`seeded ${n} learners and a ${QUESTIONS}-question test in ${Date.now() - t0} ms`);
    const tokens = userIds.map((id) => signJwt(id, server.env.JWT_SECRET));
    const client = makeClient(server.baseUrl, CONCURRENCY_OPTION ? Number(CONCURRENCY_OPTION) : n);
    const me = await client.call('check', 'GET', '/api/users/me', tokens[0]);
    if (me.status !== 200) throw new Error(`a signed token is refused: ${me.status}`);

    const baselines = [
      await baseline(client, '/_health', tokens, 5),
      await baseline(client, '/api/users/me', tokens, 5),
    ];

    if (SERIAL) {
      await serialCosts(client, server, tokens, testDocumentId);
      client.close();
      return { n, lost: 0, results: n };
    }

    // Learners: start within the window, save every MIN–MAX s for DURATION s, then submit.
    const acked = new Map(); // answer documentId → { revision, value }
    const phaseStart = Date.now();
    const phaseStartMs = performance.now();
    const saveUntil = phaseStart + (START_WINDOW_S + DURATION_S) * 1000;
    let results = 0;
    // Saves sent while some learner still waits for their start compete with the bulk inserts of
    // the starts; "save (steady)" are those sent after every start was answered.
    let startsPending = userIds.length;
    const learner = async (i) => {
      await sleep(Math.random() * START_WINDOW_S * 1000);
      const token = tokens[i];
      const started = await client.call('start', 'POST', '/api/test/prelims/initialize', token, {
        testId: testDocumentId,
      });
      startsPending -= 1;
      if (started.status !== 201 && started.status !== 200) return;
      const { attempt, answers } = started.json.data;
      let revision = 0;
      while (Date.now() + MIN_GAP_S * 1000 < saveUntil) {
        await sleep(jitter());
        if (Date.now() >= saveUntil) break;
        const answer = answers[Math.floor(Math.random() * answers.length)];
        const value = CHOICES[Math.floor(Math.random() * 4)];
        revision += 1;
        const kind = startsPending > 0 ? 'save (while starting)' : 'save (steady)';
        const res = await client.call(kind, 'PUT', `/api/answers/${answer.documentId}`, token, {
          data: { selected_answer: value, revision },
        });
        if (res.status === 200 && res.json?.data?.revision === revision) {
          acked.set(answer.documentId, { revision, value });
        }
      }
      const done = await client.call('submit', 'POST', '/api/test/prelims/submit', token, {
        attemptId: attempt.documentId,
      });
      if (done.status === 200) results += 1;
    };
    const requestsBefore = client.requests;
    const cpuBefore = cpuMs(server.pid);
    const clientCpuBefore = process.cpuUsage();
    let cpuAfterStarts = NaN;
    // The bench's own event loop: a late timer here delays sends and reads, and would be counted
    // as the server's latency.
    const clientLag = [];
    let tick = performance.now();
    const lagTimer = setInterval(() => {
      const now = performance.now();
      clientLag.push(now - tick - 50);
      tick = now;
    }, 50);
    const host = watchHost();
    const learners = userIds.map((_, i) => learner(i));
    const watchStarts = (async () => {
      while (startsPending > 0) await sleep(50);
      cpuAfterStarts = cpuMs(server.pid);
    })();
    await Promise.all(learners);
    clearInterval(lagTimer);
    const hostLate = await host.stop();
    await watchStarts;
    const cpuAfter = cpuMs(server.pid);

    const elapsed = (Date.now() - phaseStart) / 1000;
    const requests = client.requests - requestsBefore;

    // The check: every acknowledged save is in the database; one result per learner.
    const stored = db
      .prepare(
        `SELECT a.document_id, a.selected_answer, a.revision FROM answers a
         JOIN answers_test_lnk l ON l.answer_id = a.id WHERE l.test_id = ?`,
      )
      .all(testId);
    const byId = new Map(stored.map((r) => [r.document_id, r]));
    let lost = 0;
    for (const [id, { revision, value }] of acked) {
      const row = byId.get(id);
      if (!row || Number(row.revision) < revision) lost += 1;
      else if (Number(row.revision) === revision && row.selected_answer !== value) lost += 1;
    }
    const resultRows = db
      .prepare('SELECT COUNT(*) AS n FROM results_test_lnk WHERE test_id = ?')
      .get(testId).n;

    console.log(
      `\n${n} learners — ${elapsed.toFixed(1)} s, ${requests} requests, ${(requests / elapsed).toFixed(0)} requests/s`,
    );
    console.log('kind                     count      p50 ms     p99 ms   errors');
    const during = client.stats.get('save (while starting)') ?? { times: [], errors: {} };
    const steady = client.stats.get('save (steady)') ?? { times: [], errors: {} };
    const merged = { times: [...during.times, ...steady.times], errors: { ...during.errors } };
    for (const [status, count] of Object.entries(steady.errors)) {
      merged.errors[status] = (merged.errors[status] ?? 0) + count;
    }
    client.stats.set('save (all)', merged);
    for (const kind of [
      'start',
      'save (all)',
      'save (while starting)',
      'save (steady)',
      'submit',
      ...baselines.map((b) => b.kind),
    ]) {
      const s = client.stats.get(kind) ?? { times: [], errors: {} };
      const errors = Object.entries(s.errors)
        .map(([status, count]) => `${status}×${count}`)
        .join(' ');
      console.log(
        `${kind.padEnd(24)} ${String(s.times.length).padStart(6)} ${fmt(percentile(s.times, 50)).padStart(10)} ${fmt(percentile(s.times, 99)).padStart(10)}   ${errors || '-'}`,
      );
    }
    for (const b of baselines) {
      console.log(`${b.kind}: ${b.rps.toFixed(0)} requests/s alone (before the exam)`);
    }
    console.log(`connection errors retried: ${client.retries}`);
    console.log(
      `server CPU: ${((cpuAfter - cpuBefore) / 1000).toFixed(1)} s in the exam phase, of which ${((cpuAfterStarts - cpuBefore) / 1000).toFixed(1)} s until every start was answered (${((cpuAfterStarts - cpuBefore) / n).toFixed(1)} ms per learner then)`,
    );
    console.log(
      `check: ${acked.size} answers with an acknowledged save, ${lost} lost; results ${resultRows}/${n} (submits acknowledged ${results})`,
    );
    if (LOG_LEVEL === 'http') printServerTimes(server.logFile);
    if (TIMELINE) printTimeline(client.sent, phaseStartMs);
    const clientCpu = process.cpuUsage(clientCpuBefore);
    console.log(
      `bench client CPU: ${((clientCpu.user + clientCpu.system) / 1e6).toFixed(1)} s in the exam phase (it shares the 2 cores with the server); its event-loop delay p99 ${fmt(percentile(clientLag, 99))} ms, max ${fmt(Math.max(...clientLag))} ms`,
    );
    const hostMax = hostLate.length ? Math.max(...hostLate) : 0;
    console.log(
      `host: an idle process's 10 ms timer was late by more than 50 ms ${hostLate.filter((ms) => ms > 50).length} times, at most ${hostMax.toFixed(0)} ms (on a quiet machine it is not; when it is, the machine paused or had no core free, for the server too)`,
    );
    client.close();
    return { n, lost, results: resultRows };
  } finally {
    await server.stop();
    if (QUERY_STATS) printQueryStats(QUERY_STATS);
  }
}

/**
 * An idle process beside the exam: how late its 10 ms timer fires. On a quiet machine never by
 * more than a few ms; when the virtual machine is paused or its cores are taken (steal), this
 * process stalls like the server and the bench, and the run's tail is the machine's.
 */
function watchHost() {
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

/** --serial: each kind of exam call alone, one at a time: wall time and server CPU per call. */
async function serialCosts(client, server, tokens, testDocumentId) {
  const attempts = [];
  const phase = async (kind, call) => {
    const cpu0 = cpuMs(server.pid);
    const t0 = performance.now();
    for (let i = 0; i < tokens.length; i += 1) {
      const res = await call(i);
      if (res.status < 200 || res.status >= 300) throw new Error(`${kind} ${i}: ${res.status}`);
    }
    const wall = (performance.now() - t0) / tokens.length;
    const cpu = (cpuMs(server.pid) - cpu0) / tokens.length;
    const s = client.stats.get(kind);
    console.log(
      `${kind.padEnd(8)} ${tokens.length} calls one at a time: ${wall.toFixed(2)} ms each (p50 ${fmt(percentile(s.times, 50))}, p99 ${fmt(percentile(s.times, 99))}), server CPU ${cpu.toFixed(2)} ms per call`,
    );
  };
  await phase('start', async (i) => {
    const res = await client.call('start', 'POST', '/api/test/prelims/initialize', tokens[i], {
      testId: testDocumentId,
    });
    attempts[i] = res.json?.data;
    return res;
  });
  await phase('save', (i) =>
    client.call(
      'save',
      'PUT',
      `/api/answers/${attempts[i].answers[i % QUESTIONS].documentId}`,
      tokens[i],
      {
        data: { selected_answer: CHOICES[i % 4], revision: 1 },
      },
    ),
  );
  await phase('submit', (i) =>
    client.call('submit', 'POST', '/api/test/prelims/submit', tokens[i], {
      attemptId: attempts[i].attempt.documentId,
    }),
  );
}

/**
 * The server's own time per exam call, from its request log ("PUT /api/answers/… (12 ms) 200"):
 * from the moment the server read the request to its answer. The client's figures add the time a
 * request waited to be read (the server busy with others) and the network.
 */
function printServerTimes(logFile) {
  const kinds = [
    ['start', /^POST \/api\/test\/prelims\/initialize$/],
    ['save', /^PUT \/api\/answers\//],
    ['submit', /^POST \/api\/test\/prelims\/submit$/],
  ];
  const times = new Map(kinds.map(([k]) => [k, []]));
  for (const line of readFileSync(logFile, 'utf8').split('\n')) {
    const m = / ((?:POST|PUT) \S+) \((\d+) ms\) \d+/.exec(line);
    if (!m) continue;
    const kind = kinds.find(([, re]) => re.test(m[1]));
    if (kind) times.get(kind[0]).push(Number(m[2]));
  }
  const parts = [...times].map(
    ([k, t]) => `${k} ${fmt(percentile(t, 50))} / ${fmt(percentile(t, 99))} ms (${t.length})`,
  );
  console.log(`server-side p50 / p99 (request log): ${parts.join('; ')}`);
}

/** --timeline: per second of the exam phase, the calls sent by kind and the saves' p99 then. */
function printTimeline(sent, from) {
  const seconds = new Map();
  for (const [kind, at, ms] of sent) {
    if (at < from) continue;
    const second = Math.floor((at - from) / 1000);
    const s = seconds.get(second) ?? { save: [], start: 0, submit: 0 };
    if (kind.startsWith('save')) s.save.push(ms);
    else if (kind === 'start' || kind === 'submit') s[kind] += 1;
    seconds.set(second, s);
  }
  console.log(
    `second  starts  submits  saves  save p50  save p99  save max (by when sent; second 0 = ${new Date(performance.timeOrigin + from).toISOString()})`,
  );
  for (const [second, s] of [...seconds].sort((a, b) => a[0] - b[0])) {
    console.log(
      `${String(second).padStart(6)} ${String(s.start).padStart(7)} ${String(s.submit).padStart(8)} ${String(s.save.length).padStart(6)} ${fmt(percentile(s.save, 50)).padStart(9)} ${fmt(percentile(s.save, 99)).padStart(9)} ${fmt(s.save.length ? Math.max(...s.save) : NaN).padStart(9)}`,
    );
  }
}

/** The statements that took the most SQLite time (written by the server at exit). */
function printQueryStats(file) {
  const rows = JSON.parse(readFileSync(file, 'utf8'));
  const total = rows.reduce((sum, r) => sum + r.ms, 0);
  console.log(`SQLite time by statement (${(total / 1000).toFixed(1)} s in all):`);
  for (const r of rows.slice(0, 15)) {
    const per = r.calls ? (r.ms / r.calls).toFixed(3) : '-';
    console.log(
      `${String(r.ms).padStart(8)} ms ${String(r.calls).padStart(8)} calls ${per.padStart(8)} ms, max ${String(r.max).padStart(5)} ms  ${r.sql.replace(/\s+/g, ' ').slice(0, 150)}`,
    );
  }
}

let failed = false;
for (const n of LEARNERS) {
  const outcome = await runOnce(n);
  if (outcome.lost > 0 || outcome.results !== n) failed = true;
}
console.log(
  `\nserver: ${serverDir}; log level ${LOG_LEVEL}; requests in flight at most: ${CONCURRENCY_OPTION || 'one per learner'}`,
);
process.exit(failed ? 1 : 0);
