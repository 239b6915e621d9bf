// Learners take tests (issue 7): start or resume an attempt (answers made in bulk), the lean
// answer save (revision, expiry, ownership), submit and server-side marking (one result under
// concurrent submits, negative marks), abandoned attempts closed at expiry (lazily and by the
// cron sweep), attempts limit, validity window, practice checks, the review with rank and
// percentile, the learner's test list. Time is made testable by moving an attempt's expires_at
// into the past directly in the database. One boot of the real server.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { mcq } from './helpers/fixtures.mjs';
import { asRoles, expectError } from './helpers/roles.mjs';
import { EXAM_ROLES, startServer } from './helpers/server.mjs';

const ANSWER_KEY = [
  'correct_answer',
  'explanation',
  'points_correct_answer',
  'points_incorrect_answer',
];

let server;
const { tokens, users, call, ok, signIn } = asRoles(() => server);
const f = {};

const start = (role, testId, mode) =>
  call(role, 'POST', '/api/test/prelims/initialize', { testId, mode });
const save = (role, answerId, data) => call(role, 'PUT', `/api/answers/${answerId}`, { data });
const submit = (role, attemptId) => call(role, 'POST', '/api/test/prelims/submit', { attemptId });

const makeTest = async (data, questions = f.questionSpecs) => {
  const test = await ok('admin', 'POST', '/api/tests', {
    data: {
      TestDuration: 30,
      MaximumMarks: 6,
      PassMark: 50,
      pass_mark_unit: 'percent',
      students: [users.A.student.documentId, users.B.student.documentId],
      ...data,
    },
  });
  for (const [i, q] of questions.entries()) {
    await ok('admin', 'POST', '/api/questions', {
      data: mcq(`Q${i + 1} of ${data.TestName}?`, {
        explanation: `Because ${i + 1}.`,
        ...q,
        test: test.documentId,
      }),
    });
  }
  return test.documentId;
};

/** Moves an attempt's expiry into the past (the database stores SQLite datetimes as epoch ms). */
const expire = (attemptDocumentId, msAgo = 60_000) =>
  server
    .database()
    .prepare('UPDATE attempts SET expires_at = ? WHERE document_id = ?')
    .run(Date.now() - msAgo, attemptDocumentId);

const resultsOfAttempt = (attemptDocumentId) =>
  server
    .database()
    .prepare(
      `SELECT COUNT(*) AS n FROM results_attempt_lnk ra JOIN attempts a ON a.id = ra.attempt_id
       WHERE a.document_id = ?`,
    )
    .get(attemptDocumentId).n;

before(async () => {
  // The sweep runs every second here, so a test can watch it close an abandoned attempt.
  // The cross-origin saves below come from Vite's origin, allowed here as a configured origin (the
  // development origins are allowed by default only when NODE_ENV is development).
  server = await startServer({
    extraEnv: { EXAM_SWEEP_RULE: '* * * * * *', CORS_ORIGINS: 'http://localhost:5173' },
  });
  await signIn([...EXAM_ROLES, ['faculty', 'faculty']]);
  f.questionSpecs = [
    { correct_answer: 'a', points_correct_answer: 2, points_incorrect_answer: -1 },
    { correct_answer: 'b', points_correct_answer: 2, points_incorrect_answer: -1 },
    { correct_answer: 'c', points_correct_answer: 2, points_incorrect_answer: -0.5 },
  ];
  // The key after each attempt: the default (after the last one) is tests/security-exam.test.mjs's.
  f.main = await makeTest({
    TestName: 'Exam main',
    max_attempts: 2,
    review_answer_key: 'after_each_attempt',
  });
  f.hidden = await ok('admin', 'POST', '/api/tests', {
    data: { TestName: 'Exam hidden', TestDuration: 10 },
  });
});

after(async () => {
  await server?.stop();
});

describe('start, save, submit, review', () => {
  test('initialize creates the attempt with one answer per question and no answer key', async () => {
    const res = await start('A', f.main);
    assert.equal(res.status, 201, res.text);
    const d = res.json.data;
    assert.equal(d.resumed, false);
    assert.equal(d.test.documentId, f.main);
    assert.equal(d.test.TestDuration, 30);
    assert.equal(d.attempt.is_practice_test, false);
    const started = Date.parse(d.attempt.start_date_time);
    assert.equal(Date.parse(d.attempt.expires_at) - started, 30 * 60_000);
    assert.ok(Math.abs(Date.parse(d.serverTime) - Date.now()) < 60_000);
    assert.equal(d.questions.length, 3);
    assert.equal(d.answers.length, 3);
    for (const q of d.questions) {
      for (const key of ANSWER_KEY) {
        assert.ok(!(key in q), `question has ${key}`);
      }
    }
    assert.deepEqual(
      d.answers.map((a) => a.question),
      d.questions.map((q) => q.documentId),
    );
    assert.ok(d.answers.every((a) => a.selected_answer === null && a.revision === 0));
    f.attempt = d.attempt.documentId;
    f.answers = d.answers.map((a) => a.documentId);
    f.questions = d.questions.map((q) => q.documentId);

    // Issue 25: the rows are written lazily (a question's first save, or the close); the start
    // wrote none, and the learner's handles are the rows' future documentIds.
    const mine = await ok('A', 'GET', `/api/answers?filters[attempt][documentId]=${f.attempt}`);
    assert.equal(mine.length, 0);
    assert.ok(f.answers.every((id, i) => id === `${f.attempt}-${i}`));
    const qs = await ok('A', 'GET', `/api/questions?filters[test][documentId]=${f.main}`);
    assert.equal(qs.length, 3);
    assert.ok(qs.every((q) => ANSWER_KEY.every((key) => !(key in q))));
    const tests = await ok('admin', 'GET', `/api/tests/${f.main}`);
    assert.equal(tests.Attempts, 1);
  });

  test('a second initialize resumes the open attempt', async () => {
    const res = await start('A', f.main);
    assert.equal(res.status, 200, res.text);
    assert.equal(res.json.data.resumed, true);
    assert.equal(res.json.data.attempt.documentId, f.attempt);
    const read = await ok('A', 'GET', `/api/test/prelims/attempts/${f.attempt}`);
    assert.equal(read.resumed, true);
    assert.equal(read.answers.length, 3);
  });

  test('saves: revision order, validation, ownership', async () => {
    const [a1, a2] = f.answers;
    let res = await save('A', a1, { selected_answer: 'a', revision: 1 });
    assert.equal(res.status, 200, res.text);
    assert.deepEqual(res.json.data, {
      documentId: a1,
      selected_answer: 'a',
      mark_as_important: false,
      revision: 1,
    });
    res = await save('A', a2, { selected_answer: 'c', revision: 1 });
    assert.equal(res.status, 200);
    res = await save('A', a2, { selected_answer: 'a', mark_as_important: true, revision: 3 });
    assert.equal(res.json.data.selected_answer, 'a');
    // A retried older save does not overwrite the newer one: the stored state comes back.
    res = await save('A', a2, { selected_answer: 'd', revision: 2 });
    assert.equal(res.status, 200);
    assert.deepEqual(res.json.data, {
      documentId: a2,
      selected_answer: 'a',
      mark_as_important: true,
      revision: 3,
    });
    expectError(
      await save('A', a1, { selected_answer: 'e', revision: 9 }),
      400,
      'The answer must be a, b, c or d.',
    );
    expectError(await save('A', a1, { selected_answer: 'b' }), 400);
    expectError(await save('B', a1, { selected_answer: 'b', revision: 9 }), 404);
    expectError(await save('A', 'no-such-answer', { selected_answer: 'b', revision: 9 }), 404);
    // The generic path cannot set the server's fields.
    res = await call('A', 'PUT', `/api/answers/${a1}`, {
      data: { points: 100, end_date_time: new Date().toISOString() },
    });
    const stored = server
      .database()
      .prepare('SELECT points, end_date_time, selected_answer FROM answers WHERE document_id = ?')
      .get(a1);
    assert.equal(stored.points, null, res.text);
    assert.equal(stored.end_date_time, null);
    assert.equal(stored.selected_answer, 'a');
  });

  test('the exam calls without the generic authentication refuse like it (src/modules/exam/learner-auth.ts)', async () => {
    const [a1] = f.answers;
    const data = { selected_answer: 'b', revision: 50 };
    const db = server.database();
    const unchanged = () =>
      assert.equal(
        db.prepare('SELECT selected_answer FROM answers WHERE document_id = ?').get(a1)
          .selected_answer,
        'a',
      );
    expectError(await server.request('PUT', `/api/answers/${a1}`, { body: { data } }), 401);
    expectError(
      await server.request('PUT', `/api/answers/${a1}`, {
        token: server.env.VITE_DEFAULT_API_TOKEN,
        body: { data },
      }),
      403,
    );
    const forged = `${tokens.A.slice(0, -4)}AAAA`;
    expectError(
      await server.request('PUT', `/api/answers/${a1}`, { token: forged, body: { data } }),
      401,
    );
    db.prepare('UPDATE up_users SET blocked = 1 WHERE id = ?').run(users.A.id);
    try {
      expectError(await save('A', a1, data), 401);
      expectError(await call('A', 'GET', '/api/test/prelims/my-tests'), 401);
    } finally {
      db.prepare('UPDATE up_users SET blocked = 0 WHERE id = ?').run(users.A.id);
    }
    unchanged();
    // Staff have no generic answer write (issue 18: an answer's points are the marking's).
    const res = await call('faculty', 'PUT', `/api/answers/${a1}`, { data });
    assert.equal(res.status, 403, res.text);
    unchanged();
  });

  test('a save is the same in front of Strapi (src/modules/exam/fast-calls.ts) and through it', async () => {
    const [a1] = f.answers;
    const db = server.database();
    const stored = () =>
      db.prepare('SELECT selected_answer, revision FROM answers WHERE document_id = ?').get(a1);
    const base = Number(stored().revision) + 1;
    // Same origin: answered in front of Strapi's stack (no X-Powered-By, which Strapi adds).
    const fast = await save('A', a1, { selected_answer: 'c', revision: base });
    assert.equal(fast.status, 200, fast.text);
    assert.equal(fast.headers.get('x-powered-by'), null);
    assert.equal(fast.headers.get('x-content-type-options'), 'nosniff');
    assert.deepEqual(fast.json.data, {
      documentId: a1,
      selected_answer: 'c',
      mark_as_important: false,
      revision: base,
    });
    // Another origin (the Vite dev server): Strapi's stack with CORS, the same save.
    const cors = await server.request('PUT', `/api/answers/${a1}`, {
      token: tokens.A,
      headers: { origin: 'http://localhost:5173' },
      body: { data: { selected_answer: 'd', revision: base + 1 } },
    });
    assert.equal(cors.status, 200, cors.text);
    assert.match(cors.headers.get('x-powered-by') ?? '', /Strapi/);
    assert.equal(cors.headers.get('access-control-allow-origin'), 'http://localhost:5173');
    assert.equal(cors.json.data.selected_answer, 'd');
    assert.deepEqual(stored(), { selected_answer: 'd', revision: base + 1 });
    // The same refusals, in Strapi's error shape, on both paths.
    expectError(await save('A', a1, { selected_answer: 'x', revision: base + 2 }), 400);
    const refused = await server.request('PUT', `/api/answers/${a1}`, {
      token: tokens.A,
      headers: { origin: 'http://localhost:5173' },
      body: { data: { selected_answer: 'x', revision: base + 2 } },
    });
    expectError(refused, 400, 'The answer must be a, b, c or d.');
    // Not JSON: Strapi's body parser answers.
    const broken = await fetch(`${server.baseUrl}/api/answers/${a1}`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${tokens.A}` },
      body: '{"data": {"selected_answer": ',
    });
    assert.equal(broken.status, 400, await broken.text());
    assert.deepEqual(stored(), { selected_answer: 'd', revision: base + 1 });
    // Back to the choice the marking tests below expect.
    assert.equal((await save('A', a1, { selected_answer: 'a', revision: base + 3 })).status, 200);
  });

  test('a start and a submit are the same in front of Strapi (fast-calls.ts) and through it', async () => {
    const testId = await makeTest({ TestName: 'Exam two paths', max_attempts: 1 });
    const viaStrapi = (path, body) =>
      server.request('POST', path, {
        token: tokens.B,
        headers: { origin: 'http://localhost:5173' },
        body,
      });
    const strip = (data) => ({ ...data, serverTime: undefined, resumed: undefined });
    // Started through Strapi's stack (another origin: CORS), resumed in front of it and through it.
    const first = await viaStrapi('/api/test/prelims/initialize', { testId });
    assert.equal(first.status, 201, first.text);
    assert.match(first.headers.get('x-powered-by') ?? '', /Strapi/);
    const fast = await start('B', testId);
    assert.equal(fast.status, 200, fast.text);
    assert.equal(fast.headers.get('x-powered-by'), null);
    assert.equal(fast.json.data.resumed, true);
    const again = await viaStrapi('/api/test/prelims/initialize', { testId });
    assert.equal(again.status, 200, again.text);
    assert.deepEqual(strip(fast.json.data), strip(again.json.data));
    assert.deepEqual(strip(fast.json.data), strip(first.json.data));
    for (const q of fast.json.data.questions) {
      for (const key of ANSWER_KEY) assert.equal(key in q, false, key);
    }
    // The same refusals on both paths, in Strapi's error shape.
    expectError(await start('B', 'nope'), 404, 'Unknown test.');
    expectError(await viaStrapi('/api/test/prelims/initialize', { testId: 'nope' }), 404);
    expectError(await start('B', undefined), 400);
    expectError(await viaStrapi('/api/test/prelims/initialize', {}), 400);
    const other = await submit('A', first.json.data.attempt.documentId);
    assert.ok(other.status === 403 || other.status === 404, other.text);
    // Submitted through Strapi; the same result again in front of it.
    const attemptId = first.json.data.attempt.documentId;
    const done = await viaStrapi('/api/test/prelims/submit', { attemptId });
    assert.equal(done.status, 200, done.text);
    const twice = await submit('B', attemptId);
    assert.equal(twice.status, 200, twice.text);
    assert.equal(twice.headers.get('x-powered-by'), null);
    assert.deepEqual(twice.json.data, done.json.data);
    assert.equal(resultsOfAttempt(attemptId), 1);
    // Not JSON: Strapi's body parser answers.
    const broken = await fetch(`${server.baseUrl}/api/test/prelims/submit`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${tokens.B}` },
      body: '{"attemptId": ',
    });
    assert.equal(broken.status, 400, await broken.text());
  });

  test('learners cannot create attempts or results, nor close an attempt, generically', async () => {
    expectError(await call('A', 'POST', '/api/results', { data: { attempt: f.attempt } }), 403);
    expectError(await call('A', 'POST', '/api/attempts', { data: { test: f.main } }), 403);
    expectError(
      await call('A', 'PUT', `/api/attempts/${f.attempt}`, { data: { end_date_time: 'now' } }),
      403,
    );
  });

  test('two concurrent submits produce one result; marks include the negative mark', async () => {
    const [r1, r2] = await Promise.all([submit('A', f.attempt), submit('A', f.attempt)]);
    assert.equal(r1.status, 200, r1.text);
    assert.equal(r2.status, 200, r2.text);
    assert.equal(r1.json.data.result.documentId, r2.json.data.result.documentId);
    assert.equal(resultsOfAttempt(f.attempt), 1);
    const result = r1.json.data.result;
    // Q1 'a' correct (+2), Q2 'a' wrong (-1), Q3 unanswered (0).
    assert.equal(result.total_marks, 1);
    assert.equal(result.correct_count, 1);
    assert.equal(result.incorrect_count, 1);
    assert.equal(result.unanswered_count, 1);
    assert.equal(result.passed, false); // 1 / 6 = 16.7 % < 50 %
    assert.ok(result.time_taken_seconds >= 0);
    f.result = result.documentId;
    // The close wrote the never-saved question's blank row: one row per question, each with its
    // own question, as eager rows were; the generic endpoint reads them, without the key.
    const rows = server
      .database()
      .prepare(
        `SELECT a.document_id AS id, a.selected_answer AS choice, a.points AS points,
            COUNT(aq.question_id) AS questions
          FROM answers a JOIN answers_attempt_lnk aa ON aa.answer_id = a.id
          JOIN attempts t ON t.id = aa.attempt_id
          LEFT JOIN answers_question_lnk aq ON aq.answer_id = a.id
          WHERE t.document_id = ? GROUP BY a.id ORDER BY a.document_id`,
      )
      .all(f.attempt);
    assert.deepEqual(
      rows.map((r) => [r.id, r.choice, r.points, r.questions]),
      [
        [f.answers[0], 'a', 2, 1],
        [f.answers[1], 'a', -1, 1],
        [f.answers[2], null, 0, 1],
      ],
    );
    const listed = await ok('A', 'GET', `/api/answers?filters[attempt][documentId]=${f.attempt}`);
    assert.equal(listed.length, 3);
    // Submitting again answers the same result.
    const again = await submit('A', f.attempt);
    assert.equal(again.json.data.result.documentId, f.result);
  });

  test('after submit: saves are refused, the attempt reads as ended, the review has the key', async () => {
    expectError(
      await save('A', f.answers[2], { selected_answer: 'c', revision: 10 }),
      409,
      'This attempt has already been submitted.',
    );
    const read = await ok('A', 'GET', `/api/test/prelims/attempts/${f.attempt}`);
    assert.equal(read.ended, true);
    assert.equal(read.resultId, f.result);
    assert.equal(read.attempt.closed_by, 'learner');
    const review = await ok('A', 'GET', `/api/test/prelims/results/${f.result}`);
    assert.equal(review.result.total_marks, 1);
    assert.equal(review.test.TestName, 'Exam main');
    assert.equal(review.attempt.is_practice_test, false);
    assert.equal(review.rank, 1);
    assert.equal(review.outOf, 1);
    assert.equal(review.percentile, 50);
    assert.deepEqual(
      review.questions.map((q) => [q.correct_answer, q.selected_answer, q.points]),
      [
        ['a', 'a', 2],
        ['b', 'a', -1],
        ['c', null, 0],
      ],
    );
    assert.equal(review.questions[0].explanation, 'Because 1.');
    // Staff read it, with whose it is (the reports open it); another learner does not.
    const staffView = await ok('admin', 'GET', `/api/test/prelims/results/${f.result}`);
    assert.equal(staffView.learner.name, review.learner.name);
    assert.ok(staffView.learner.name.length > 0);
    assert.equal(staffView.questions[0].correct_answer, 'a');
    await ok('admin', 'GET', `/api/test/prelims/attempts/${f.attempt}`);
    expectError(await call('B', 'GET', `/api/test/prelims/results/${f.result}`), 404);
    expectError(await call('B', 'GET', `/api/test/prelims/attempts/${f.attempt}`), 404);
  });

  test('attempts limit: max_attempts 2', async () => {
    const second = await start('A', f.main);
    assert.equal(second.status, 201, second.text);
    const id = second.json.data.attempt.documentId;
    const answers = second.json.data.answers.map((a) => a.documentId);
    await save('A', answers[0], { selected_answer: 'a', revision: 1 });
    await save('A', answers[1], { selected_answer: 'b', revision: 1 });
    await save('A', answers[2], { selected_answer: 'c', revision: 1 });
    const result = (await submit('A', id)).json.data.result;
    assert.equal(result.total_marks, 6);
    assert.equal(result.passed, true);
    expectError(await start('A', f.main), 403, 'You have used all 2 attempt(s) of this test.');
    const tests = await ok('admin', 'GET', `/api/tests/${f.main}`);
    assert.equal(tests.Attempts, 2);
  });

  test('rank and percentile use each learner’s best total', async () => {
    const b = (await start('B', f.main)).json.data;
    await save('B', b.answers[0].documentId, { selected_answer: 'a', revision: 1 });
    const result = (await submit('B', b.attempt.documentId)).json.data.result;
    assert.equal(result.total_marks, 2);
    const review = await ok('B', 'GET', `/api/test/prelims/results/${result.documentId}`);
    // A's best is 6, B has 2: B ranks 2 of 2, below nobody: (0 + 0.5) / 2 = 25 %.
    assert.equal(review.rank, 2);
    assert.equal(review.outOf, 2);
    assert.equal(review.percentile, 25);
  });
});

describe('rules of starting', () => {
  test('unknown or invisible test → 404; staff cannot start', async () => {
    expectError(await start('A', f.hidden.documentId), 404, 'Unknown test.');
    expectError(await start('A', 'nope'), 404, 'Unknown test.');
    expectError(await start('admin', f.main), 403);
    expectError(await start('faculty', f.main), 403);
  });

  test('max_attempts is a whole number of 0 or more', async () => {
    for (const value of [-1, 1.5, 'many']) {
      const res = await call('admin', 'POST', '/api/tests', {
        data: { TestName: 'Exam bad limit', max_attempts: value },
      });
      expectError(res, 400);
    }
    const unlimited = await ok('admin', 'POST', '/api/tests', {
      data: { TestName: 'Exam unlimited', max_attempts: 0 },
    });
    assert.equal(unlimited.max_attempts, 0);
    const byDefault = await ok('admin', 'POST', '/api/tests', {
      data: { TestName: 'Exam default' },
    });
    assert.equal(byDefault.max_attempts, 1);
  });

  test('validity window', async () => {
    const later = new Date(Date.now() + 86_400_000).toISOString();
    const future = await makeTest({ TestName: 'Exam future', ValidFrom: later });
    expectError(await start('A', future), 403, `This test opens on ${later}.`);
    const earlier = new Date(Date.now() - 86_400_000).toISOString();
    const past = await makeTest({
      TestName: 'Exam past',
      ValidFrom: new Date(Date.now() - 2 * 86_400_000).toISOString(),
      ValidTo: earlier,
    });
    expectError(await start('A', past), 403, `This test closed on ${earlier}.`);
  });

  test('expiry is capped at ValidTo; a test without questions → 409', async () => {
    const soon = new Date(Date.now() + 5 * 60_000).toISOString();
    const capped = await makeTest({ TestName: 'Exam capped', ValidTo: soon });
    const d = (await start('A', capped)).json.data;
    assert.equal(d.attempt.expires_at, soon);
    const empty = await makeTest({ TestName: 'Exam empty' }, []);
    expectError(await start('A', empty), 409, 'This test has no questions yet.');
  });

  test('a Mains test is not started here (its answers are uploaded and evaluated)', async () => {
    const mains = await makeTest({ TestName: 'Exam descriptive' }, [
      {
        question_type: 'Descriptive',
        option_a: null,
        option_b: null,
        option_c: null,
        option_d: null,
        correct_answer: null,
        points_correct_answer: 10,
        points_incorrect_answer: 0,
      },
    ]);
    expectError(
      await start('A', mains),
      409,
      'This is a Mains test: open it from your Mains tests.',
    );
  });

  test('double-click: concurrent starts make one attempt', async () => {
    const t = await makeTest({ TestName: 'Exam double click', max_attempts: 0 });
    const all = await Promise.all([start('B', t), start('B', t), start('B', t)]);
    assert.deepEqual(
      all.map((r) => r.status).sort(),
      [200, 200, 201],
      all.map((r) => r.text.slice(0, 200)).join('\n'),
    );
    assert.equal(new Set(all.map((r) => r.json.data.attempt.documentId)).size, 1);
  });
});

describe('abandoned attempts', () => {
  test('an expired attempt is closed at its expiry with its saved answers (lazy path)', async () => {
    const t = await makeTest({ TestName: 'Exam abandoned', max_attempts: 0 });
    const d = (await start('B', t)).json.data;
    await save('B', d.answers[0].documentId, { selected_answer: 'a', revision: 1 });
    await save('B', d.answers[1].documentId, { selected_answer: 'a', revision: 1 });
    expire(d.attempt.documentId);
    // A save after expiry (past the grace) is refused and closes the attempt.
    expectError(
      await save('B', d.answers[2].documentId, { selected_answer: 'c', revision: 1 }),
      409,
      'This attempt is over.',
    );
    const read = await ok('B', 'GET', `/api/test/prelims/attempts/${d.attempt.documentId}`);
    assert.equal(read.ended, true);
    assert.equal(read.attempt.closed_by, 'expiry');
    const expiresAt = server
      .database()
      .prepare('SELECT expires_at, end_date_time FROM attempts WHERE document_id = ?')
      .get(d.attempt.documentId);
    assert.equal(expiresAt.end_date_time, expiresAt.expires_at);
    const review = await ok('B', 'GET', `/api/test/prelims/results/${read.resultId}`);
    assert.equal(review.result.total_marks, 1); // +2 - 1
    assert.equal(review.result.unanswered_count, 1);
  });

  test('the cron sweep closes an abandoned attempt without any request', async () => {
    const t = await makeTest({ TestName: 'Exam swept', max_attempts: 0 });
    const d = (await start('B', t)).json.data;
    await save('B', d.answers[0].documentId, { selected_answer: 'a', revision: 1 });
    expire(d.attempt.documentId);
    const deadline = Date.now() + 15_000;
    while (resultsOfAttempt(d.attempt.documentId) === 0 && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 250));
    }
    assert.equal(resultsOfAttempt(d.attempt.documentId), 1);
    const row = server
      .database()
      .prepare('SELECT closed_by FROM attempts WHERE document_id = ?')
      .get(d.attempt.documentId);
    assert.equal(row.closed_by, 'expiry');
  });

  test('a save within the grace period after expiry still counts', async () => {
    const t = await makeTest({ TestName: 'Exam grace', max_attempts: 0 });
    const d = (await start('A', t)).json.data;
    expire(d.attempt.documentId, 1000);
    const res = await save('A', d.answers[0].documentId, { selected_answer: 'a', revision: 1 });
    assert.equal(res.status, 200, res.text);
    const result = (await submit('A', d.attempt.documentId)).json.data.result;
    assert.equal(result.total_marks, 2);
  });
});

describe('practice tests', () => {
  test('check locks one answer and reveals only its key; practice is not counted', async () => {
    const t = await makeTest({ TestName: 'Exam practice', enable_practice_test: true });
    const d = (await start('A', t, 'practice')).json.data;
    assert.equal(d.attempt.is_practice_test, true);
    await save('A', d.answers[0].documentId, { selected_answer: 'b', revision: 1 });
    const checked = await ok('A', 'POST', '/api/test/prelims/check', {
      answerId: d.answers[0].documentId,
    });
    assert.deepEqual(checked, {
      correct_answer: 'a',
      explanation: 'Because 1.',
      is_correct: false,
      points: -1,
    });
    expectError(
      await save('A', d.answers[0].documentId, { selected_answer: 'a', revision: 2 }),
      409,
      'This answer has been checked.',
    );
    expectError(
      await call('B', 'POST', '/api/test/prelims/check', { answerId: d.answers[1].documentId }),
      404,
    );
    const result = (await submit('A', d.attempt.documentId)).json.data.result;
    assert.equal(result.total_marks, -1);
    // Not counted: a new practice attempt starts although max_attempts is 1.
    assert.equal((await start('A', t, 'practice')).status, 201);
    assert.equal((await ok('admin', 'GET', `/api/tests/${t}`)).Attempts, 0);
    const review = await ok('A', 'GET', `/api/test/prelims/results/${result.documentId}`);
    assert.equal(review.attempt.is_practice_test, true);
    assert.equal(review.rank, null);
  });

  test('check on a non-practice answer → 403', async () => {
    const t = await makeTest({ TestName: 'Exam no practice' });
    const d = (await start('A', t)).json.data;
    expectError(
      await call('A', 'POST', '/api/test/prelims/check', { answerId: d.answers[0].documentId }),
      403,
    );
  });
});

describe('my tests', () => {
  test('the list shows visible tests with attempts, status and results', async () => {
    const res = await call('A', 'GET', '/api/test/prelims/my-tests?pageSize=100');
    assert.equal(res.status, 200, res.text);
    const main = res.json.data.find((t) => t.documentId === f.main);
    assert.ok(main);
    assert.equal(main.status, 'attempted');
    assert.equal(main.attemptsUsed, 2);
    assert.equal(main.attemptsLeft, 0);
    assert.equal(main.max_attempts, 2);
    assert.equal(main.openAttemptId, null);
    assert.equal(typeof main.lastResultId, 'string');
    assert.equal(main.isOpen, true);
    assert.ok(!res.json.data.some((t) => t.documentId === f.hidden.documentId));
    const future = res.json.data.find((t) => t.TestName === 'Exam future');
    assert.equal(future.isOpen, false);
    assert.equal(future.status, 'unattempted');
    assert.equal(res.json.meta.pagination.total, res.json.data.length);
    const paged = await ok('A', 'GET', '/api/test/prelims/my-tests?page=1&pageSize=2');
    assert.equal(paged.length, 2);
    expectError(await call('admin', 'GET', '/api/test/prelims/my-tests'), 403);
  });
});
