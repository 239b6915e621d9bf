// The production configuration: the same server on PostgreSQL (DATABASE_CLIENT=postgres).
// Needs TEST_DATABASE_URL, a PostgreSQL URL whose user may create databases; `.ci/run` installs
// PostgreSQL from Debian's packages, starts it on 127.0.0.1 and sets it. Each run uses a database
// of its own, dropped at the end.
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { createTestDatabase, skipWithoutPostgres } from './helpers/postgres.mjs';
import { LEARNER_SHEET_HEADER, mcq, QUESTION_SHEET_HEADER, xlsx } from './helpers/fixtures.mjs';
import { DEMO, serverDir, startServer } from './helpers/server.mjs';
import { openEventStream } from './helpers/event-stream.mjs';

const require = createRequire(join(serverDir, 'package.json'));

describe('PostgreSQL (production configuration)', { skip: skipWithoutPostgres }, () => {
  let db;
  let server;

  before(async () => {
    db = await createTestDatabase();
    server = await startServer({
      databaseUrl: db.url,
      extraEnv: {
        NOTIFICATION_STREAM_POLL_MS: '200',
        NOTIFICATION_SWEEP_RULE: '*/2 * * * * *',
        ZOOM_SDK_KEY: 'pg-sdk-key',
        ZOOM_SDK_SECRET: 'pg-sdk-secret',
      },
    });
  });

  after(async () => {
    await server?.stop();
    await db?.drop();
  });

  /** A query on the test's own database. */
  const database = (sql) => db.query(sql);

  /** The options of the questions made here. */
  const DIGITS = { option_a: '1', option_b: '2', option_c: '3', option_d: '4' };
  /** Signs a demo account in (by its DEMO key): its `jwt` and `user`. */
  const login = async (key) => {
    const res = await server.request('POST', '/api/login', {
      body: { email: DEMO[key].email, password: DEMO[key].password },
    });
    assert.equal(res.status, 200, res.text);
    return res.json;
  };
  /** Calls with `token`: the raw response. */
  const as = (token) => (method, path, body) => server.request(method, path, { token, body });
  /**
   * A double click: `start()` three times at once makes one attempt (one 201, two 200 that resume
   * it). Answers the made start's data.
   */
  const startedOnce = async (start) => {
    const starts = await Promise.all([1, 2, 3].map(start));
    assert.deepEqual(
      starts.map((r) => r.status).sort(),
      [200, 200, 201],
      starts.map((r) => r.text.slice(0, 200)).join('\n'),
    );
    assert.equal(new Set(starts.map((r) => r.json.data.attempt.documentId)).size, 1);
    return starts.find((r) => r.status === 201).json.data;
  };
  /**
   * Signs the administrator and learner student1 in (their calls: `staff`, `me`) and makes a
   * 20-minute test of that learner, attempts unlimited, with one question a `questions` entry.
   */
  const learnerTest = async (data, questions) => {
    const admin = await login('admin');
    const learner = await login('student1');
    const staff = as(admin.jwt);
    const made = await staff('POST', '/api/tests', {
      data: {
        TestDuration: 20,
        max_attempts: 0,
        students: [learner.user.student.documentId],
        ...data,
      },
    });
    assert.equal(made.status, 201, made.text);
    const testId = made.json.data.documentId;
    for (const question of questions) {
      const q = await staff('POST', '/api/questions', { data: { ...question, test: testId } });
      assert.equal(q.status, 201, q.text);
    }
    return { staff, me: as(learner.jwt), testId };
  };
  /** Calls with `token`; the call must succeed (2xx); the whole body. */
  const okAs = (token) => async (method, path, body) => {
    const res = await as(token)(method, path, body);
    assert.ok(res.status < 300, `${method} ${path}: ${res.status} ${res.text.slice(0, 300)}`);
    return res.json;
  };

  test('boots, creates the schema and seeds the demo institute', async () => {
    const users = await database('SELECT count(*)::int AS n FROM up_users');
    const tests = await database('SELECT count(*)::int AS n FROM tests');
    assert.equal(users.rows[0].n, Object.keys(DEMO).length);
    assert.equal(tests.rows[0].n, 2);
  });

  test('signs the demo administrator in', async () => {
    const res = await server.request('POST', '/api/login', {
      body: { email: DEMO.admin.email, password: DEMO.admin.password },
    });
    assert.equal(res.status, 200, res.text);
    assert.deepEqual(res.json.authorities, ['ROLE_ADMIN']);
  });

  test('refuses a wrong password with the same message and counts it in the database', async () => {
    const res = await server.request('POST', '/api/login', {
      body: { email: DEMO.admin.email, password: 'wrong' },
    });
    assert.equal(res.status, 400);
    assert.equal(res.json.error.message, 'Invalid Email or Password');
    const counted = await database('SELECT count(*)::int AS n FROM app_rate_limit_events');
    assert.ok(counted.rows[0].n >= 1, 'the failure is kept in PostgreSQL, not in memory');
  });

  test('applies the row and field rules on PostgreSQL too', async () => {
    const { jwt: token } = await login('student1');
    const courses = await server.request('GET', '/api/courses?populate=*', { token });
    assert.equal(courses.status, 200, courses.text);
    assert.ok(courses.json.data.length >= 2, 'the demo course (batch) and the public one');
    const classes = await server.request('GET', '/api/classes', { token });
    assert.equal(classes.status, 200, classes.text);
    const questions = await server.request('POST', '/api/graphql', {
      token,
      body: { query: '{ questions { question correct_answer } }' },
    });
    assert.ok(questions.json.data.questions.length > 0, questions.text);
    assert.ok(questions.json.data.questions.every((q) => q.correct_answer === null));
    const students = await server.request('GET', '/api/students', { token });
    assert.equal(students.json.data.length, 1);
  });

  test('notifications on PostgreSQL: top 5, read-all, own rows, preferences, stream, retention', async () => {
    const admin = await login('admin');
    const learner = await login('student1');
    const other = await login('student2');
    const as = (who, method, path, body) => server.request(method, path, { token: who.jwt, body });
    await as(learner, 'PUT', '/api/read-all-notifications', {});
    const stream = await openEventStream(server.baseUrl, '/api/notifications/stream', learner.jwt);
    try {
      assert.equal(JSON.parse((await stream.next('notifications')).data).unread, 0);
      for (let i = 1; i <= 6; i += 1) {
        const sent = await as(admin, 'POST', '/api/notifications', {
          data: { message: `PG notice ${i}`, to_user: learner.user.id, link: '/course' },
        });
        assert.equal(sent.status, 201, sent.text);
      }
      let unread = 0;
      for (let tries = 0; tries < 10 && unread < 6; tries += 1) {
        unread = JSON.parse((await stream.next('notifications', 5_000)).data).unread;
      }
      assert.equal(unread, 6);
    } finally {
      stream.close();
    }
    const top = await as(
      learner,
      'GET',
      `/api/top-notifications?userId=${learner.user.id}&unread=true`,
    );
    assert.equal(top.status, 200, top.text);
    assert.deepEqual(
      top.json.data.map((n) => n.message),
      ['PG notice 6', 'PG notice 5', 'PG notice 4', 'PG notice 3', 'PG notice 2'],
    );
    assert.equal(top.json.meta.unread, 6);
    assert.equal(
      (await as(other, 'GET', `/api/notifications/${top.json.data[0].documentId}`)).status,
      404,
    );
    assert.equal(
      (await as(other, 'PUT', '/api/read-all-notifications', { userId: learner.user.id })).status,
      403,
    );
    const all = await as(learner, 'PUT', '/api/read-all-notifications', {
      userId: learner.user.id,
    });
    assert.equal(all.json.data.updated, 6);
    const saved = await as(learner, 'PUT', '/api/notification-preferences', {
      data: { kinds: [{ kind: 'message', inApp: false, email: false }] },
    });
    assert.equal(saved.status, 200, saved.text);
    assert.equal(saved.json.data.kinds.find((k) => k.kind === 'message').inApp, false);
    const silent = await as(admin, 'POST', '/api/notifications', {
      data: { message: 'x', to_user: learner.user.id },
    });
    assert.equal(silent.json.data.notified, 0);
    await database(
      "UPDATE notifications SET created_at = now() - interval '200 days' WHERE message = 'PG notice 1'",
    );
    let left = 1;
    for (let waited = 0; waited < 10_000 && left > 0; waited += 250) {
      left = (
        await database("SELECT count(*)::int AS n FROM notifications WHERE message = 'PG notice 1'")
      ).rows[0].n;
      if (left > 0) await new Promise((r) => setTimeout(r, 250));
    }
    assert.equal(left, 0, 'pruned past the retention');
  });

  test('creates the lookup indexes', async () => {
    const indexes = await database(
      "SELECT indexname FROM pg_indexes WHERE indexname IN ('courses_course_name_idx', 'up_users_email_lower_uq', 'students_student_name_idx')",
    );
    assert.equal(indexes.rows.length, 3);
    // The lists' "contains" searches (issue 25): trigram indexes a LIKE '%…%' can use.
    const trigram = await database(
      "SELECT indexname FROM pg_indexes WHERE indexname LIKE '%\\_trgm\\_idx' ORDER BY indexname",
    );
    assert.deepEqual(
      trigram.rows.map((r) => r.indexname),
      [
        ...['explanation', 'option_a', 'option_b', 'option_c', 'option_d', 'question'].map(
          (column) => `question_pools_${column}_trgm_idx`,
        ),
        'students_roll_number_trgm_idx',
        'students_student_email_trgm_idx',
        'students_student_name_trgm_idx',
        'up_users_email_trgm_idx',
        'up_users_user_role_trgm_idx',
        'up_users_username_trgm_idx',
      ],
    );
    // One connection per call: the setting and the plan go in one string (two results).
    const [, plan] = await database(
      "SET enable_seqscan = off; EXPLAIN SELECT id FROM students WHERE LOWER(student_name) LIKE '%kavya reddy%'",
    );
    assert.match(
      plan.rows.map((r) => r['QUERY PLAN']).join('\n'),
      /students_student_name_trgm_idx/,
    );
    // One row per answer slot (issue 25: the first save's one-statement insert relies on it), and
    // room on the exam tables' pages for updates in place.
    const slot = await database(
      "SELECT indexdef FROM pg_indexes WHERE indexname = 'answers_slot_document_uidx'",
    );
    assert.match(slot.rows[0]?.indexdef ?? '', /UNIQUE INDEX .* \(document_id\) WHERE/);
    const storage = await database(
      "SELECT relname, reloptions FROM pg_class WHERE relname IN ('answers', 'attempts') ORDER BY relname",
    );
    assert.deepEqual(
      storage.rows.map((r) => [r.relname, r.reloptions]),
      [
        ['answers', ['fillfactor=85']],
        ['attempts', ['fillfactor=85']],
      ],
    );
  });

  test('keeps the default visitor token least-privileged', async () => {
    const token = server.env.VITE_DEFAULT_API_TOKEN;
    const reset = await server.request('POST', '/api/auth/forgot-password', {
      token,
      body: { email: DEMO.student1.email },
    });
    assert.equal(reset.status, 200, reset.text);
    const users = await server.request('GET', '/api/users', { token });
    assert.ok([401, 403].includes(users.status));
  });

  test('stamps reset codes, refuses expired ones and counts requests in PostgreSQL', async () => {
    const token = server.env.VITE_DEFAULT_API_TOKEN;
    const email = DEMO.student2.email;
    const res = await server.request('POST', '/api/auth/forgot-password', {
      token,
      body: { email },
    });
    assert.equal(res.status, 200, res.text);
    let code = null;
    for (let waited = 0; !code && waited < 10_000; waited += 50) {
      const row = await database(
        `SELECT reset_password_token AS code FROM up_users WHERE email = '${email}'`,
      );
      code = row.rows[0]?.code ?? null;
      if (!code) await new Promise((r) => setTimeout(r, 50));
    }
    assert.ok(code, 'a reset code was issued');
    const issued = await database(
      `SELECT extract(epoch FROM now() - reset_password_token_issued_at) AS age FROM up_users WHERE email = '${email}'`,
    );
    assert.ok(Math.abs(Number(issued.rows[0].age)) < 60, 'issued just now');
    await database(
      `UPDATE up_users SET reset_password_token_issued_at = now() - interval '61 minutes' WHERE email = '${email}'`,
    );
    const expired = await server.request('POST', '/api/auth/reset-password', {
      token,
      body: { code, password: 'Renewed@2026', passwordConfirmation: 'Renewed@2026' },
    });
    assert.equal(expired.status, 400, expired.text);
    assert.equal(expired.json.error.message, 'This reset link has expired. Ask for a new one.');
    const counted = await database(
      "SELECT bucket, count(*)::int AS n FROM app_rate_limit_events WHERE bucket IN ('forgot-password', 'reset-password') GROUP BY bucket ORDER BY bucket",
    );
    assert.deepEqual(counted.rows, [
      { bucket: 'forgot-password', n: 2 },
      { bucket: 'reset-password', n: 1 },
    ]);
  });

  test('imports, duplicates, copies from the pool and unlinks on PostgreSQL too', async () => {
    const { jwt: token } = await login('faculty');
    const ok = okAs(token);
    const sub = (await ok('POST', '/api/test-sub-categories', { data: { TestSubCategory: 'PG' } }))
      .data.documentId;
    const course = (await ok('POST', '/api/courses', { data: { course_name: 'PG course' } })).data
      .documentId;
    const testId = (
      await ok('POST', '/api/tests', {
        data: {
          TestName: 'PG test',
          MaximumMarks: 10,
          PassMark: 4,
          course,
          test_sub_category: sub,
        },
      })
    ).data.documentId;
    const bytes = await xlsx(
      [
        // The template's columns without Question Type and Explanation.
        QUESTION_SHEET_HEADER.filter((c) => c !== 'Question Type' && c !== 'Explanation'),
        ['One?', 'a', 'b', 'c', 'd', 'A', 2, -0.5, 'POL101'],
        ['Two?', 'a', 'b', 'c', '', 'b', 2, -0.5, ''],
      ],
      { sheet: 'Q' },
    );
    const imported = await server.request('POST', '/api/questions-import', {
      token,
      form: { fields: { testId }, files: [[bytes, 'q.xlsx']] },
    });
    assert.equal(imported.status, 200, imported.text);
    const body = imported.json;
    assert.equal(body.createdQuestions.length, 1);
    assert.deepEqual(body.skippedRows, [{ row: 3, reasons: ['Option D is missing'] }]);
    const pool = (await ok('GET', '/api/question-pools?pagination[pageSize]=2')).data;
    const bulk = await ok('POST', '/api/questions-bulk', {
      testId,
      questionPoolIds: pool.map((q) => q.documentId),
    });
    assert.equal(bulk.meta.created, 2);
    const copy = await server.request('POST', '/api/duplicate-tests', {
      token,
      body: { testId },
    });
    assert.equal(copy.status, 201, copy.text);
    assert.equal(copy.json.meta.questions, 3);
    assert.equal(Number(copy.json.data.PassMark), 4);
    await ok('DELETE', `/api/test-sub-categories/${sub}`);
    const tests = (await ok('GET', `/api/courses/${course}?populate=tests`)).data.tests;
    assert.deepEqual(tests, []);
  });

  test('question files on PostgreSQL: one transaction per import, duplicates refused, export round trip (issue 26)', async () => {
    const { jwt: token } = await login('faculty');
    const ok = okAs(token);
    const post = async (fields, text, name) => {
      const form = new FormData();
      for (const [key, value] of Object.entries(fields)) form.append(key, value);
      form.append('file', new Blob([text]), name);
      const res = await fetch(`${server.baseUrl}/api/questions-import`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}` },
        body: form,
      });
      return { status: res.status, json: await res.json() };
    };
    const testId = (await ok('POST', '/api/tests', { data: { TestName: 'PG GIFT' } })).data
      .documentId;
    const count = async (id) =>
      (await ok('GET', `/api/questions?filters[test][documentId][$eq]=${id}`)).meta.pagination
        .total;
    const gift = [
      '// points: 2, -0.5',
      '::A:: First? {=a ~b ~c ~d}',
      '',
      '::B:: Second? {~a =b ~c ~d ####Why}',
      '',
      // Issue 26 imports true/false now: a matching question is the one skipped.
      '::C:: Third? {=a -> 1 =b -> 2 =c -> 3}',
      '',
      '::D:: Essay? {}',
    ].join('\n');
    const first = await post({ testId }, gift, 'q.gift');
    assert.equal(first.status, 200, JSON.stringify(first.json));
    assert.equal(first.json.createdQuestions.length, 3);
    assert.deepEqual(
      first.json.skippedRows.map((r) => [r.row, r.type]),
      [[6, 'Matching']],
    );
    assert.equal(await count(testId), 3);
    const again = await post({ testId }, gift, 'q.gift');
    assert.equal(again.status, 400);
    assert.equal(again.json.error.details.duplicateRows.length, 3);
    assert.equal(await count(testId), 3);

    const exported = await fetch(
      `${server.baseUrl}/api/questions-export?testId=${testId}&format=moodle`,
      { headers: { authorization: `Bearer ${token}` } },
    );
    assert.equal(exported.status, 200);
    const copy = (await ok('POST', '/api/tests', { data: { TestName: 'PG GIFT copy' } })).data
      .documentId;
    const back = await post({ testId: copy }, await exported.text(), 'q.xml');
    assert.equal(back.status, 200, JSON.stringify(back.json));
    const fields = (list) =>
      list.data.map((q) => [
        q.question,
        q.correct_answer,
        Number(q.points_correct_answer),
        Number(q.points_incorrect_answer),
        q.question_type,
        q.explanation,
      ]);
    const list = (id) =>
      ok('GET', `/api/questions?filters[test][documentId][$eq]=${id}&sort=id:asc`);
    assert.deepEqual(fields(await list(copy)), fields(await list(testId)));
    assert.deepEqual(fields(await list(copy))[0], ['First?', 'a', 2, -0.5, 'MCQ', null]);
  });

  test('takes a test on PostgreSQL: one attempt per double click, saves, one result per concurrent submit, expiry', async () => {
    const { me, testId } = await learnerTest(
      { TestName: 'PG exam', MaximumMarks: 4, PassMark: 1 },
      [
        ['a', -1],
        ['b', -0.5],
      ].map(([correct, wrong]) =>
        mcq(`PG ${correct}?`, {
          ...DIGITS,
          correct_answer: correct,
          points_correct_answer: 2,
          points_incorrect_answer: wrong,
        }),
      ),
    );
    const d = await startedOnce(() => me('POST', '/api/test/prelims/initialize', { testId }));
    assert.equal(d.answers.length, 2);
    assert.ok(d.questions.every((q) => !('correct_answer' in q)));
    const [a1, a2] = d.answers.map((a) => a.documentId);
    let res = await me('PUT', `/api/answers/${a1}`, {
      data: { selected_answer: 'a', revision: 2 },
    });
    assert.equal(res.status, 200, res.text);
    res = await me('PUT', `/api/answers/${a1}`, { data: { selected_answer: 'c', revision: 1 } });
    assert.equal(res.json.data.selected_answer, 'a');
    assert.equal(res.json.data.revision, 2);
    res = await me('PUT', `/api/answers/${a2}`, { data: { selected_answer: 'c', revision: 1 } });
    assert.equal(res.status, 200, res.text);
    const submits = await Promise.all(
      [1, 2, 3].map(() =>
        me('POST', '/api/test/prelims/submit', { attemptId: d.attempt.documentId }),
      ),
    );
    assert.ok(
      submits.every((r) => r.status === 200),
      submits.map((r) => r.text).join('\n'),
    );
    assert.equal(new Set(submits.map((r) => r.json.data.result.documentId)).size, 1);
    const result = submits[0].json.data.result;
    assert.equal(result.total_marks, 1.5);
    assert.equal(result.passed, true);
    const count = await database(
      `SELECT count(*)::int AS n FROM results_attempt_lnk ra JOIN attempts a ON a.id = ra.attempt_id WHERE a.document_id = '${d.attempt.documentId}'`,
    );
    assert.equal(count.rows[0].n, 1);
    const review = await me('GET', `/api/test/prelims/results/${result.documentId}`);
    assert.equal(review.status, 200, review.text);
    assert.deepEqual(
      [review.json.data.rank, review.json.data.outOf, review.json.data.percentile],
      [1, 1, 50],
    );

    // An abandoned attempt is closed at its expiry with its saved answer.
    const again = (await me('POST', '/api/test/prelims/initialize', { testId })).json.data;
    await me('PUT', `/api/answers/${again.answers[0].documentId}`, {
      data: { selected_answer: 'a', revision: 1 },
    });
    await database(
      `UPDATE attempts SET expires_at = now() - interval '1 minute' WHERE document_id = '${again.attempt.documentId}'`,
    );
    const late = await me('PUT', `/api/answers/${again.answers[1].documentId}`, {
      data: { selected_answer: 'b', revision: 1 },
    });
    assert.equal(late.status, 409, late.text);
    const read = await me('GET', `/api/test/prelims/attempts/${again.attempt.documentId}`);
    assert.equal(read.json.data.ended, true, read.text);
    assert.equal(read.json.data.attempt.closed_by, 'expiry');
    const closed = await me('GET', `/api/test/prelims/results/${read.json.data.resultId}`);
    assert.equal(closed.json.data.result.total_marks, 2);
    const list = await me('GET', '/api/test/prelims/my-tests');
    const mine = list.json.data.find((t) => t.documentId === testId);
    assert.equal(mine.status, 'attempted');
    assert.equal(mine.attemptsUsed, 2);
    assert.equal(mine.attemptsLeft, null);
  });

  test('integrity log (issue 23) on PostgreSQL: events with saves and submit, bounded, IP change, staff timeline and count', async () => {
    const { staff, me, testId } = await learnerTest({ TestName: 'PG integrity', MaximumMarks: 2 }, [
      mcq('PG integrity?', { ...DIGITS, points_correct_answer: 2 }),
    ]);
    const started = (await me('POST', '/api/test/prelims/initialize', { testId })).json.data;
    const answerId = started.answers[0].documentId;
    const at = new Date().toISOString();
    for (let revision = 1; revision <= 28; revision += 1) {
      const res = await me('PUT', `/api/answers/${answerId}`, {
        data: {
          selected_answer: 'a',
          revision,
          events: [
            { kind: 'tab-hidden', at, detail: `save ${revision}` },
            { kind: 'bogus', at },
            ...Array.from({ length: 19 }, () => ({ kind: 'copy', at })),
          ],
        },
      });
      assert.equal(res.status, 200, res.text);
    }
    const bad = await me('PUT', `/api/answers/${answerId}`, {
      data: { selected_answer: 'b', revision: 29, events: {} },
    });
    assert.equal(bad.status, 400);
    const result = (
      await me('POST', '/api/test/prelims/submit', {
        attemptId: started.attempt.documentId,
        events: [{ kind: 'offline', at, detail: '3 s' }],
      })
    ).json.data.result;
    const counts = await database(
      `SELECT i.total, (SELECT count(*)::int FROM app_attempt_events e
         WHERE e.attempt_id = i.attempt_id) AS stored
       FROM app_attempt_integrity i JOIN attempts a ON a.id = i.attempt_id
       WHERE a.document_id = '${started.attempt.documentId}'`,
    );
    // 28 saves × 20 entries read, the bogus one dropped: 19 each, 532, + the submit's 1 = 533;
    // 500 stored.
    assert.equal(Number(counts.rows[0].total), 533);
    assert.equal(counts.rows[0].stored, 500);
    const log = await staff('GET', `/api/reports/results/${result.documentId}/events`);
    assert.equal(log.status, 200, log.text);
    assert.equal(log.json.data.length, 500);
    assert.equal(log.json.meta.total, 533);
    assert.equal(log.json.data[0].kind, 'tab-hidden');
    assert.equal((await me('GET', `/api/reports/results/${result.documentId}/events`)).status, 403);
    const list = await staff('GET', `/api/reports/tests/${testId}/results`);
    assert.equal(list.json.data[0].integrityEvents, 533);
  });

  test('reports (issue 22) on PostgreSQL: statistics, item analysis, results with ranks, scope', async () => {
    const [admin, faculty, learnerA, learnerB] = await Promise.all(
      ['admin', 'faculty', 'student1', 'student2'].map(login),
    );
    const staff = as(admin.jwt);
    const testId = (
      await staff('POST', '/api/tests', {
        data: {
          TestName: 'PG reports',
          TestDuration: 10,
          MaximumMarks: 2,
          PassMark: 1,
          students: [learnerA.user.student.documentId, learnerB.user.student.documentId],
        },
      })
    ).json.data.documentId;
    for (const key of ['a', 'b']) {
      const q = await staff('POST', '/api/questions', {
        data: mcq(`PG report ${key}?`, {
          ...DIGITS,
          correct_answer: key,
          test: testId,
        }),
      });
      assert.equal(q.status, 201, q.text);
    }
    // A answers a, b (total 2); B answers a, c and marks the second important (total 1).
    for (const [learner, choices] of [
      [learnerA, ['a', 'b']],
      [learnerB, ['a', 'c']],
    ]) {
      const me = as(learner.jwt);
      const d = (await me('POST', '/api/test/prelims/initialize', { testId })).json.data;
      for (const [i, answer] of d.answers.entries()) {
        const data = { selected_answer: choices[i], revision: 1 };
        if (learner === learnerB && i === 1) data.mark_as_important = true;
        const res = await me('PUT', `/api/answers/${answer.documentId}`, { data });
        assert.equal(res.status, 200, res.text);
      }
      const done = await me('POST', '/api/test/prelims/submit', {
        attemptId: d.attempt.documentId,
      });
      assert.equal(done.status, 200, done.text);
    }
    const report = await staff('GET', `/api/test-data?testId=${testId}`);
    assert.equal(report.status, 200, report.text);
    const { statistics: s, items, groups } = report.json.data;
    // Totals 2 and 1: mean 1.5, median 1.5, sd 0.5; both pass (PassMark 1 mark).
    assert.deepEqual(
      [s.count, s.mean, s.median, s.standardDeviation, s.highest, s.lowest, s.passRate],
      [2, 1.5, 1.5, 0.5, 2, 1, 1],
    );
    assert.deepEqual(groups, { learners: 2, groupSize: 1 });
    // Q1: both right: facility 1 (too easy), discrimination 0, no point-biserial. Q2: A right,
    // B wrong: facility 0.5, discrimination 1, r = (2 − 1)/0.5 × √(.5 × .5) = 1.
    assert.deepEqual(
      items.map((i) => [i.facility, i.discrimination, i.pointBiserial, i.markedImportant, i.flags]),
      [
        [1, 0, null, 0, ['too-easy', 'unused-distractor']],
        [0.5, 1, 1, 1, ['unused-distractor']],
      ],
    );
    const results = await staff('GET', `/api/reports/tests/${testId}/results?sort=score:desc`);
    assert.equal(results.status, 200, results.text);
    assert.deepEqual(
      results.json.data.map((r) => [r.score, r.rank, r.percentile, r.correct, r.wrong]),
      [
        [2, 1, 75, 2, 0],
        [1, 2, 25, 1, 1],
      ],
    );
    // The demo faculty member's batch holds both learners: they see both.
    const theirs = await as(faculty.jwt)('GET', `/api/test-data?testId=${testId}&attempt=last`);
    assert.equal(theirs.status, 200, theirs.text);
    assert.equal(theirs.json.data.statistics.count, 2);
    const refused = await as(learnerA.jwt)('GET', `/api/test-data?testId=${testId}`);
    assert.equal(refused.status, 403);
    // A learner's progress (dates, ranks and attendance compared as PostgreSQL types) and the export.
    const progress = await as(learnerA.jwt)('GET', '/api/reports/my-progress');
    assert.equal(progress.status, 200, progress.text);
    const pg = progress.json.data.results.find((r) => r.work.documentId === testId);
    assert.ok(pg, progress.text);
    assert.equal(typeof pg.rank, 'number');
    assert.equal(typeof progress.json.data.attendance.total, 'number');
    const learnerId = progress.json.data.learner.documentId;
    const seen = await staff('GET', `/api/reports/learners/${learnerId}/progress`);
    assert.equal(seen.status, 200, seen.text);
    const exported = await fetch(`${server.baseUrl}/api/reports/tests/${testId}/results/export`, {
      headers: { authorization: `Bearer ${admin.jwt}` },
    });
    assert.equal(exported.status, 200);
    assert.match(exported.headers.get('content-type') ?? '', /spreadsheetml/);
    await exported.arrayBuffer();
    // Subject-wise figures and the leaderboard (window functions) on PostgreSQL.
    const subjects = await staff('GET', `/api/reports/tests/${testId}/subjects`);
    assert.equal(subjects.status, 200, subjects.text);
    assert.ok(subjects.json.data.subjects.length >= 1, subjects.text);
    const board = await staff('GET', `/api/reports/leaderboard?tests=${testId}`);
    assert.equal(board.status, 200, board.text);
    assert.deepEqual(
      board.json.data.rows.map((r) => r.rank),
      [1, 2],
    );
    const mine = await as(learnerB.jwt)('GET', `/api/reports/leaderboard?tests=${testId}`);
    assert.equal(mine.status, 200, mine.text);
    assert.equal(typeof mine.json.data.me?.rank, 'number');
    // A chosen set of tests publishes no names to learners (issue 22, publish_leaderboard).
    assert.ok(mine.json.data.rows.every((r) => r.learner === null));
  });

  test('Mains on PostgreSQL: one attempt per double click, upload, evaluate, publish, withheld marks', async () => {
    const [admin, learner, priya, arjun] = await Promise.all(
      ['admin', 'student2', 'faculty', 'faculty2'].map(login),
    );
    const me = as(learner.jwt);
    const tests = (await as(admin.jwt)('GET', '/api/tests?pagination[pageSize]=100')).json.data;
    const documentId = tests.find((t) => t.TestName === 'Mains Answer Writing 1').documentId;
    const d = await startedOnce(() => me('POST', '/api/mains/start', { kind: 'test', documentId }));
    const form = new FormData();
    form.append('files', new Blob([Buffer.from('%PDF-1.4\n%%EOF\n')]), 'a.pdf');
    const uploaded = await fetch(
      `${server.baseUrl}/api/mains/answers/${d.answers[0].documentId}/documents`,
      { method: 'POST', headers: { authorization: `Bearer ${learner.jwt}` }, body: form },
    );
    assert.equal(uploaded.status, 200, await uploaded.text());
    const submitted = await me('POST', '/api/mains/submit', { attemptId: d.attempt.documentId });
    assert.equal(submitted.status, 200, submitted.text);
    const resultId = submitted.json.data.result.documentId;
    for (const [faculty, subject, marks] of [
      [priya, 'Indian Polity', 6],
      [arjun, 'Indian Economy', 7.5],
    ]) {
      const subjectId = d.questions.find((q) => q.subject?.name === subject).subject.documentId;
      const created = await as(faculty.jwt)('POST', '/api/mains/evaluations', {
        resultId,
        subjectId,
      });
      assert.equal(created.status, 201, created.text);
      const done = await as(faculty.jwt)(
        'PUT',
        `/api/mains/evaluations/${created.json.data.documentId}`,
        { total_marks: marks, complete: true },
      );
      assert.equal(done.status, 200, done.text);
    }
    const hidden = await me('GET', `/api/results/${resultId}`);
    assert.equal(hidden.json.data.total_marks, undefined, hidden.text);
    const rows = await as(admin.jwt)(
      'GET',
      `/api/mains/results?kind=test&documentId=${documentId}`,
    );
    const row = rows.json.data.rows.find((r) => r.result?.documentId === resultId);
    assert.equal(row.status, 'Completed');
    assert.equal(row.result.total_marks, 13.5);
    const published = await as(admin.jwt)('POST', '/api/result-bulk', {
      resultIds: [resultId],
      is_published: true,
    });
    assert.deepEqual(published.json.data.updated, [resultId], published.text);
    const shown = await me('GET', `/api/results/${resultId}`);
    assert.equal(Number(shown.json.data.total_marks), 13.5);
    const notes = await me('GET', '/api/notifications');
    assert.ok(notes.json.data.some((n) => n.message.includes('Mains Answer Writing 1')));
  });
  test('people on PostgreSQL: learner import, search with LIKE escapes, move, streamed export', async () => {
    const ExcelJS = require('exceljs');
    const { jwt: token } = await login('admin');
    const ok = okAs(token);
    const from = (await ok('POST', '/api/batches', { data: { Batch: 'PG from' } })).data.documentId;
    const to = (await ok('POST', '/api/batches', { data: { Batch: 'PG to' } })).data.documentId;
    const dup = await server.request('POST', '/api/batches', {
      token,
      body: { data: { Batch: 'pg FROM' } },
    });
    assert.equal(dup.status, 400, dup.text);
    const bytes = await xlsx(
      [
        LEARNER_SHEET_HEADER,
        ['Pg 100% One', 'pg1@example.com', '9000000001', 'P_1', '2026-06-01', 'PG from'],
        ['=Pg Two', 'PG2@example.com', '', '', '', 'pg from'],
        ['Pg Dup', 'pg2@example.com', '', '', '', ''],
      ],
      { sheet: 'L' },
    );
    const imported = await server.request('POST', '/api/learners-bulk', {
      token,
      form: { files: [[bytes, 'l.xlsx']] },
    });
    assert.equal(imported.status, 200, imported.text);
    const body = imported.json;
    assert.equal(body.message, '2 learner(s) imported successfully');
    assert.deepEqual(Object.keys(body.skippedRecords), ['Duplicate email in the file']);
    const percent = await ok('GET', '/api/students-custom/paginated?search=100%25');
    assert.deepEqual(
      percent.data.map((l) => l.StudentName),
      ['Pg 100% One'],
    );
    const underscore = await ok('GET', '/api/students-custom/paginated?search=p_1');
    assert.equal(underscore.meta.pagination.total, 1);
    const moved = await ok('POST', '/api/batches-custom/move', {
      fromBatchId: from,
      toBatchId: to,
      studentIds: body.data.map((l) => l.documentId),
    });
    assert.deepEqual(moved, { data: { moved: 2 } });
    const inTo = await ok('GET', `/api/students-custom/paginated?batchId=${to}`);
    assert.equal(inTo.meta.pagination.total, 2);
    const batches = await ok('GET', '/api/batches-custom/paginated?search=pg');
    assert.deepEqual(
      batches.data.map((b) => [b.Batch, b.studentCount]),
      [
        ['PG to', 2],
        ['PG from', 0],
      ],
    );
    const res = await fetch(`${server.baseUrl}/api/learners-export?batchId=${to}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    assert.equal(res.status, 200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(Buffer.from(await res.arrayBuffer()));
    const names = [];
    book.worksheets[0].eachRow((row, n) => {
      if (n > 1) names.push(String(row.getCell(1).value));
    });
    assert.deepEqual(names.sort(), ["'=Pg Two", 'Pg 100% One']);
  });

  test('people on PostgreSQL: one create and edit flow for learners and faculty, emails unique everywhere', async () => {
    const { jwt: token } = await login('admin');
    const call = (method, path, body) => server.request(method, path, { token, body });
    const learner = await call('POST', '/api/students-custom', {
      StudentName: 'Pg Flow',
      student_email: 'pg.flow@example.com',
    });
    assert.equal(learner.status, 201, learner.text);
    assert.equal(learner.json.data.user.username, 'pg.flow@example.com');
    const faculty = await call('POST', '/api/faculties-custom', {
      FacultyName: 'Pg Teacher',
      faculty_email_id: 'pg.teacher@example.com',
    });
    assert.equal(faculty.status, 201, faculty.text);
    // The email is checked case-blind against learners, faculty and accounts (email and username).
    for (const email of ['PG.TEACHER@example.com', DEMO.faculty.email.toUpperCase()]) {
      const taken = await call('PUT', `/api/students-custom/${learner.json.data.documentId}`, {
        student_email: email,
      });
      assert.equal(taken.status, 400, taken.text);
      assert.equal(taken.json.error.message, 'This email is already registered.');
    }
    // Keeping one's own email is not a clash; a new one moves the account with it.
    const same = await call('PUT', `/api/faculties-custom/${faculty.json.data.documentId}`, {
      faculty_email_id: 'PG.teacher@example.com',
      FacultyName: 'Pg Teacher Renamed',
    });
    assert.equal(same.status, 200, same.text);
    const moved = await call('PUT', `/api/students-custom/${learner.json.data.documentId}`, {
      student_email: 'pg.flow.new@example.com',
    });
    assert.equal(moved.status, 200, moved.text);
    const account = await database(
      "SELECT username, email FROM up_users WHERE email = 'pg.flow.new@example.com'",
    );
    assert.deepEqual(account.rows, [
      { username: 'pg.flow.new@example.com', email: 'pg.flow.new@example.com' },
    ]);
    const page = await call('GET', '/api/students-custom/paginated?search=pg.flow&pageSize=1');
    assert.equal(page.json.meta.pagination.total, 1);
    assert.equal(page.json.data[0].StudentName, 'Pg Flow');
  });

  test('notification events on PostgreSQL: a batch, a test for it, opens soon once, a live class', async () => {
    const [admin, a, b] = await Promise.all(['admin', 'student1', 'student2'].map(login));
    const users = { A: a.user, B: b.user };
    const ok = async (method, path, body) => (await okAs(admin.jwt)(method, path, body)).data;
    const told = async (kind, aboutId) =>
      (
        await database(
          `SELECT l.user_id, n.message, n.link, n.read FROM notifications n
             JOIN notifications_to_user_lnk l ON l.notification_id = n.id
            WHERE n.kind = '${kind}' AND n.about_id = '${aboutId}' ORDER BY n.id`,
        )
      ).rows;
    const batch = await ok('POST', '/api/batches', {
      data: { Batch: 'PG Notice Batch', students: [users.A.student.documentId] },
    });
    assert.deepEqual(
      (await told('added-to-batch', batch.documentId)).map((r) => Number(r.user_id)),
      [users.A.id],
    );
    const quiz = await ok('POST', '/api/tests', {
      data: {
        TestName: 'PG Soon Quiz',
        batch: batch.documentId,
        ValidFrom: new Date(Date.now() + 3_600_000).toISOString(),
      },
    });
    const available = await told('work-available', quiz.documentId);
    assert.deepEqual(
      available.map((r) => Number(r.user_id)),
      [users.A.id],
    );
    assert.equal(available[0].message, 'New test: PG Soon Quiz is available');
    assert.equal(available[0].read, false);
    let soon = [];
    for (let i = 0; i < 60 && soon.length === 0; i += 1) {
      await new Promise((r) => setTimeout(r, 250));
      soon = await told('work-opens-soon', quiz.documentId);
    }
    assert.equal(soon.length, 1, 'one opens-soon notice within 15 s');
    await new Promise((r) => setTimeout(r, 4500));
    assert.equal((await told('work-opens-soon', quiz.documentId)).length, 1);
    const courses = await ok('GET', '/api/courses?pagination[pageSize]=100');
    const course = courses.find((c) => c.course_name === 'Civil Services Foundation');
    const live = await ok('POST', '/api/classes', {
      data: {
        name: 'PG Live',
        date: '2030-01-02T09:30:00.000Z',
        join_url: 'https://meet.example.org/pg',
        course: course.documentId,
      },
    });
    const liveRows = await told('live-class', live.documentId);
    const learners = liveRows.map((r) => Number(r.user_id));
    assert.ok(learners.includes(users.A.id) && learners.includes(users.B.id));
    assert.equal(liveRows[0].message, 'Live class scheduled: PG Live on 2030-01-02 09:30 UTC.');
  });
  test('live classes (issue 21): scope, validation, signature rules and attendance', async () => {
    const jwt = require('jsonwebtoken');
    const [admin, faculty, faculty2, a, b] = await Promise.all(
      ['admin', 'faculty', 'faculty2', 'student1', 'student2'].map(login),
    );
    const as = (who, method, path, body) => server.request(method, path, { token: who.jwt, body });
    const made = async (who, path, body) => {
      const res = await as(who, 'POST', path, body);
      assert.ok(res.status < 300, `${path}: ${res.status} ${res.text.slice(0, 300)}`);
      return res.json.data;
    };
    const batchX = await made(admin, '/api/batches', {
      data: {
        Batch: 'PG Live X',
        students: [a.user.student.documentId],
        faculties: [faculty.user.faculty.documentId],
      },
    });
    const batchY = await made(admin, '/api/batches', {
      data: { Batch: 'PG Live Y', students: [b.user.student.documentId] },
    });
    const soon = (extra = {}) => ({
      data: {
        name: 'PG Zoom',
        date: new Date(Date.now() + 5 * 60_000).toISOString(),
        duration_minutes: 30,
        provider: 'zoom',
        meeting_number: '1234567890',
        passcode: 'pgpass',
        batches: [batchX.documentId],
        ...extra,
      },
    });
    const live = await made(faculty, '/api/classes', soon());
    const refused = await as(
      faculty,
      'POST',
      '/api/classes',
      soon({ batches: [batchY.documentId] }),
    );
    assert.equal(refused.status, 403, refused.text);
    assert.equal(
      refused.json.error.message,
      'You can schedule classes only for your own courses and batches.',
    );
    const invalid = await as(admin, 'POST', '/api/classes', soon({ meeting_number: '12' }));
    assert.equal(invalid.json.error.message, 'A Zoom meeting number has 9 to 11 digits.');
    assert.equal((await as(faculty2, 'GET', `/api/classes/${live.documentId}`)).status, 404);
    const seen = await as(a, 'GET', '/api/classes?populate=*&pagination[pageSize]=100');
    const mine = seen.json.data.find((c) => c.documentId === live.documentId);
    assert.ok(mine && !('passcode' in mine) && !('meeting_number' in mine));
    assert.ok(
      !(await as(b, 'GET', '/api/classes?pagination[pageSize]=100')).json.data.some(
        (c) => c.documentId === live.documentId,
      ),
    );
    const signature = await as(a, 'POST', '/api/zoom/signature', { classId: live.documentId });
    assert.equal(signature.status, 200, signature.text);
    assert.equal(jwt.verify(signature.json.data.signature, 'pg-sdk-secret').mn, '1234567890');
    assert.equal(signature.json.data.passcode, 'pgpass');
    const asHost = await as(a, 'POST', '/api/zoom/signature', {
      classId: live.documentId,
      role: 1,
    });
    assert.equal(asHost.status, 403);
    assert.equal(
      (await as(b, 'POST', '/api/zoom/signature', { classId: live.documentId })).status,
      404,
    );
    const ended = await made(admin, '/api/classes', soon({ name: 'PG ended' }));
    await database(
      `UPDATE classes SET date = now() - interval '2 hours' WHERE document_id = '${ended.documentId}'`,
    );
    const late = await as(a, 'POST', '/api/zoom/signature', { classId: ended.documentId });
    assert.equal(late.status, 403);
    assert.equal(late.json.error.message, 'This class has ended.');
    const off = await made(admin, '/api/classes', soon({ name: 'PG off' }));
    await as(admin, 'PUT', `/api/classes/${off.documentId}`, { data: { cancelled: true } });
    const cancelled = await as(a, 'POST', '/api/zoom/signature', { classId: off.documentId });
    assert.equal(cancelled.status, 409);
    const roll = await as(faculty, 'GET', `/api/live-classes/${live.documentId}/attendance`);
    assert.equal(roll.status, 200, roll.text);
    assert.deepEqual(roll.json.meta, { present: 1, absent: 0, total: 1 });
    const history = await as(a, 'GET', '/api/my-attendance');
    assert.equal(history.json.data[0].class.documentId, live.documentId);
    const upcoming = await as(a, 'GET', '/api/live-classes/upcoming');
    assert.equal(upcoming.json.data.find((c) => c.documentId === live.documentId).canJoinNow, true);
  });
});
