// Issue 18, the exam's integrity (points 3, 7 and 11):
// - 3: a save and the submit (or the expiry sweep) of one attempt are serialised: on PostgreSQL
//   with two processes on one database, saves flipping choices on process B while process A
//   submits never leave an answer marked by another choice than the stored one, and a save after
//   the close is refused with 409 (never acknowledged and then ignored); also on SQLite.
// - 7: the answer key of a multi-attempt test is not shown while the learner may still start or
//   continue an attempt (the test's review_answer_key option, default after_last_attempt).
// - 11: the Prelims result endpoint serves no Mains result (unpublished marks), the Prelims submit
//   does not close a Mains attempt, and a test of a deactivated course cannot be started.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { createSeededDatabase, skipWithoutPostgres } from './helpers/postgres.mjs';
import { mcq, testWithQuestions } from './helpers/fixtures.mjs';
import { PDF } from './helpers/mains.mjs';
import { asRoles } from './helpers/roles.mjs';
import { deploymentSecrets, startServer } from './helpers/server.mjs';

const ALREADY_SUBMITTED = 'This attempt has already been submitted.';
const KEY_FIELDS = [
  'correct_answer',
  'explanation',
  'points_correct_answer',
  'points_incorrect_answer',
];

/** Sign-in, calls and test building against one server (or two sharing one database). */
const client = (getServer) => {
  const { tokens, users, call, ok, signIn } = asRoles(getServer);
  /** A Prelims test for learner A (and B) with `questions` MCQ questions, correct answer 'a'. */
  const makeTest = async (data, questions = 3) => {
    const made = await testWithQuestions(
      ok,
      {
        MaximumMarks: questions,
        PassMark: 1,
        students: [users.A.student.documentId, users.B.student.documentId],
        ...data,
      },
      Array.from({ length: questions }, (_, i) =>
        mcq(`Q${i + 1} of ${data.TestName}?`, {
          explanation: `Because ${i + 1}.`,
          points_incorrect_answer: -0.5,
        }),
      ),
    );
    return made.test.documentId;
  };
  return { tokens, users, call, ok, signIn, makeTest };
};

const expectError = (res, status, message) => {
  assert.equal(res.status, status, res.text.slice(0, 400));
  assert.equal(res.json?.error?.status, status);
  if (message !== undefined) {
    assert.equal(res.json.error.message, message);
  }
};

/** The points a stored choice earns on the tests above (correct 'a': +1, else −0.5, none: 0). */
const pointsFor = (choice) => (choice === null ? 0 : choice === 'a' ? 1 : -0.5);

describe('SQLite: one process', () => {
  let server;
  const c = client(() => server);
  const f = {};

  before(async () => {
    server = await startServer();
    await c.signIn([
      ['A', 'student1'],
      ['B', 'student2'],
      ['priya', 'faculty'],
      ['admin', 'admin'],
    ]);
  });
  after(async () => {
    await server?.stop();
  });

  test('point 3: a save after the submit is refused with 409, and changes nothing', async () => {
    const t = await c.makeTest({ TestName: 'Sec late save', max_attempts: 1 });
    const d = await c.ok('A', 'POST', '/api/test/prelims/initialize', { testId: t });
    const [first] = d.answers;
    await c.ok('A', 'PUT', `/api/answers/${first.documentId}`, {
      data: { selected_answer: 'b', revision: 1 },
    });
    const submitted = await c.ok('A', 'POST', '/api/test/prelims/submit', {
      attemptId: d.attempt.documentId,
    });
    assert.equal(submitted.result.total_marks, -0.5);
    expectError(
      await c.call('A', 'PUT', `/api/answers/${first.documentId}`, {
        data: { selected_answer: 'a', revision: 2 },
      }),
      409,
      ALREADY_SUBMITTED,
    );
    const row = server
      .database()
      .prepare('SELECT selected_answer, points FROM answers WHERE document_id = ?')
      .get(first.documentId);
    assert.deepEqual({ ...row }, { selected_answer: 'b', points: -0.5 });
  });

  test('point 7: with max_attempts 2 the key stays hidden while attempt 2 can be taken', async () => {
    const t = await c.makeTest({ TestName: 'Sec two attempts', max_attempts: 2 });
    const take = async (choice) => {
      const d = await c.ok('A', 'POST', '/api/test/prelims/initialize', { testId: t });
      await c.ok('A', 'PUT', `/api/answers/${d.answers[0].documentId}`, {
        data: { selected_answer: choice, revision: 1 },
      });
      const s = await c.ok('A', 'POST', '/api/test/prelims/submit', {
        attemptId: d.attempt.documentId,
      });
      return s.result.documentId;
    };
    const first = await take('b');
    // Attempt 2 is open: the exact state of the issue.
    const second = await c.ok('A', 'POST', '/api/test/prelims/initialize', { testId: t });
    const review = await c.ok('A', 'GET', `/api/test/prelims/results/${first}`);
    for (const q of review.questions) {
      for (const field of [...KEY_FIELDS, 'points']) {
        assert.equal(q[field], null, `${field} is withheld: ${JSON.stringify(q)}`);
      }
    }
    assert.equal(review.result.total_marks, -0.5, 'the score is still shown');
    assert.equal(review.review.answerKeyShown, false);
    assert.match(review.review.message, /after your last attempt/);
    assert.deepEqual(
      review.questions.map((q) => q.selected_answer),
      ['b', null, null],
      'the learner still sees their own answers',
    );
    // No other channel gives the key either (REST populate, GraphQL).
    const rest = await c.call(
      'A',
      'GET',
      '/api/answers?populate=question&pagination[pageSize]=100',
    );
    assert.equal(rest.status, 200, rest.text);
    assert.doesNotMatch(rest.text, /correct_answer|Because 1\./);
    const questions = await c.call('A', 'GET', `/api/questions?filters[test][documentId]=${t}`);
    assert.equal(questions.status, 200, questions.text);
    assert.doesNotMatch(questions.text, /correct_answer|Because 1\./);
    const gql = await c.call('A', 'POST', '/api/graphql', {
      query: `{ tests { questions { correct_answer explanation } } }`,
    });
    assert.doesNotMatch(gql.text, /"correct_answer":"a"|Because 1\./);
    const fresh = await c.ok('admin', 'GET', `/api/tests/${t}`);
    assert.equal(fresh.review_answer_key, 'after_last_attempt', 'the default');
    // Attempt 2 over: the last attempt is used, the key is shown for both reviews.
    await c.ok('A', 'POST', '/api/test/prelims/submit', { attemptId: second.attempt.documentId });
    const later = await c.ok('A', 'GET', `/api/test/prelims/results/${first}`);
    assert.equal(later.review.answerKeyShown, true);
    assert.deepEqual(
      later.questions.map((q) => [q.correct_answer, q.explanation, q.points]),
      [
        ['a', 'Because 1.', -0.5],
        ['a', 'Because 2.', 0],
        ['a', 'Because 3.', 0],
      ],
    );
  });

  test('point 7: the options after_each_attempt, after_close and never', async () => {
    const keyShown = async (option, extra = {}) => {
      const t = await c.makeTest(
        { TestName: `Sec key ${option}`, max_attempts: 0, review_answer_key: option, ...extra },
        1,
      );
      const d = await c.ok('A', 'POST', '/api/test/prelims/initialize', { testId: t });
      const s = await c.ok('A', 'POST', '/api/test/prelims/submit', {
        attemptId: d.attempt.documentId,
      });
      const r = await c.ok('A', 'GET', `/api/test/prelims/results/${s.result.documentId}`);
      assert.equal(r.review.answerKeyShown, r.questions[0].correct_answer === 'a');
      return { t, shown: r.review.answerKeyShown, result: s.result.documentId };
    };
    assert.equal((await keyShown('after_each_attempt')).shown, true);
    assert.equal((await keyShown('never')).shown, false);
    // Unlimited attempts, still open: after_last_attempt and after_close wait for the close.
    assert.equal((await keyShown('after_last_attempt')).shown, false);
    const closing = await keyShown('after_close', {
      ValidTo: new Date(Date.now() + 60 * 60_000).toISOString(),
    });
    assert.equal(closing.shown, false);
    await c.ok('admin', 'PUT', `/api/tests/${closing.t}`, {
      data: { ValidTo: new Date(Date.now() - 1000).toISOString() },
    });
    const closed = await c.ok('A', 'GET', `/api/test/prelims/results/${closing.result}`);
    assert.equal(closed.review.answerKeyShown, true);
    expectError(
      await c.call('admin', 'POST', '/api/tests', {
        data: { TestName: 'Sec bad option', review_answer_key: 'sometimes' },
      }),
      400,
    );
  });

  /** A Mains test of the demo batch with one descriptive Indian Polity question. */
  const mainsTest = async (name) => {
    if (!f.batch) {
      const courses = await c.ok('admin', 'GET', '/api/courses?pagination[pageSize]=100');
      f.course = courses.find((x) => x.course_name === 'Civil Services Foundation').documentId;
      const batches = await c.ok('admin', 'GET', '/api/batches');
      f.batch = batches.find((b) => b.Batch === 'Foundation Batch 2026').documentId;
      const subjects = await c.ok('admin', 'GET', '/api/subjects');
      f.polity = subjects.find((x) => x.SubjectName === 'Indian Polity').documentId;
    }
    const mains = await c.ok('admin', 'POST', '/api/tests', {
      data: {
        TestName: name,
        TestDuration: 60,
        MaximumMarks: 10,
        batch: f.batch,
        course: f.course,
        subjects: [f.polity],
      },
    });
    await c.ok('admin', 'POST', '/api/questions', {
      data: {
        question: 'Discuss.',
        question_type: 'Descriptive',
        points_correct_answer: 10,
        subject: f.polity,
        test: mains.documentId,
      },
    });
    return c.ok('A', 'POST', '/api/mains/start', { kind: 'test', documentId: mains.documentId });
  };

  test('point 11a: unpublished Mains marks are not served by the Prelims result endpoint', async () => {
    const started = await mainsTest('Sec Mains marks');
    const up = await server.request(
      'POST',
      `/api/mains/answers/${started.answers[0].documentId}/documents`,
      { token: c.tokens.A, form: { files: [[PDF, 'answer.pdf', 'files', 'application/pdf']] } },
    );
    assert.equal(up.status, 200, up.text);
    const submitted = await c.ok('A', 'POST', '/api/mains/submit', {
      attemptId: started.attempt.documentId,
    });
    const resultId = submitted.result.documentId;
    const evaluation = await c.ok('priya', 'POST', '/api/mains/evaluations', {
      resultId,
      subjectId: f.polity,
    });
    await c.ok('priya', 'PUT', `/api/mains/evaluations/${evaluation.documentId}`, {
      total_marks: 6.5,
    });
    const staff = await c.ok('admin', 'GET', `/api/results/${resultId}`);
    assert.equal(Number(staff.total_marks), 6.5, 'the marks are set');
    const generic = await c.ok('A', 'GET', `/api/results/${resultId}`);
    assert.equal(generic.total_marks, undefined);
    const prelims = await c.call('A', 'GET', `/api/test/prelims/results/${resultId}`);
    assert.doesNotMatch(prelims.text, /6\.5/);
    expectError(
      prelims,
      400,
      'This is a Mains result: see it in your Mains work (GET /api/mains/scripts/:resultId).',
    );
  });

  test('point 11b: the Prelims submit does not close a Mains attempt', async () => {
    const started = await mainsTest('Sec Mains submit');
    expectError(
      await c.call('A', 'POST', '/api/test/prelims/submit', {
        attemptId: started.attempt.documentId,
      }),
      400,
      'This is a Mains attempt: submit it with POST /api/mains/submit (every answer document is checked there).',
    );
    const open = server
      .database()
      .prepare('SELECT end_date_time FROM attempts WHERE document_id = ?')
      .get(started.attempt.documentId);
    assert.equal(open.end_date_time, null, 'the attempt is still open');
    expectError(
      await c.call('A', 'POST', '/api/mains/submit', { attemptId: started.attempt.documentId }),
      400,
      'Upload at least one answer document before submitting.',
    );
  });

  test('point 11c: a test of a deactivated course cannot be started; a running attempt finishes', async () => {
    const course = await c.ok('admin', 'POST', '/api/courses', {
      data: { course_name: 'Sec closing course', is_public: true },
    });
    const t = await c.makeTest({ TestName: 'Sec course test', course: course.documentId }, 1);
    const other = await c.makeTest({ TestName: 'Sec course test 2', course: course.documentId }, 1);
    const running = await c.ok('B', 'POST', '/api/test/prelims/initialize', { testId: t });
    await c.ok('admin', 'PUT', `/api/courses/${course.documentId}`, { data: { is_active: false } });
    expectError(
      await c.call('A', 'POST', '/api/test/prelims/initialize', { testId: other }),
      403,
      'This course is not active: its tests cannot be started.',
    );
    // B's attempt, started before, can still be resumed, saved and submitted.
    const resumed = await c.call('B', 'POST', '/api/test/prelims/initialize', { testId: t });
    assert.equal(resumed.status, 200, resumed.text);
    await c.ok('B', 'PUT', `/api/answers/${running.answers[0].documentId}`, {
      data: { selected_answer: 'a', revision: 1 },
    });
    const done = await c.ok('B', 'POST', '/api/test/prelims/submit', {
      attemptId: running.attempt.documentId,
    });
    assert.equal(done.result.total_marks, 1);
  });
});

describe('PostgreSQL: two processes on one database', { skip: skipWithoutPostgres }, () => {
  let serverA;
  let serverB;
  const c = client(() => serverA);
  let db;

  before(async () => {
    db = await createSeededDatabase();
    // The same secrets in both processes: a learner's token is valid on either.
    const shared = deploymentSecrets();
    // Process A sweeps every second (the expiry rounds); B never does.
    serverA = await startServer({
      databaseUrl: db.url,
      extraEnv: { ...shared, EXAM_SWEEP_RULE: '* * * * * *' },
    });
    serverB = await startServer({
      databaseUrl: db.url,
      extraEnv: { ...shared, EXAM_SWEEP_RULE: '0 0 0 1 1 *' },
    });
    await c.signIn([
      ['A', 'student1'],
      ['B', 'student2'],
      ['admin', 'admin'],
    ]);
  });

  after(async () => {
    await serverB?.stop();
    await serverA?.stop();
    await db?.drop();
  });

  /**
   * One round: learner A's answers flip between 'b' (wrong) and 'a' (right) through process B,
   * one sequential chain of saves per answer (increasing revisions), while `close` ends the
   * attempt on process A. Then every answer's stored choice and awarded points must agree, and
   * the last save each answer had acknowledged with 200 must be its stored choice.
   */
  const round = async (testId, close) => {
    const d = await c.ok('A', 'POST', '/api/test/prelims/initialize', { testId }, serverA);
    const acknowledged = new Map();
    const refused = [];
    let closed = false;
    const chain = async (answer, offset) => {
      for (let revision = 1; revision < 500; revision += 1) {
        const choice = (revision + offset) % 2 === 0 ? 'a' : 'b';
        const res = await c.call(
          'A',
          'PUT',
          `/api/answers/${answer.documentId}`,
          { data: { selected_answer: choice, revision } },
          serverB,
        );
        if (res.status === 200) {
          assert.equal(res.json.data.selected_answer, choice, res.text);
          acknowledged.set(answer.documentId, choice);
          continue;
        }
        assert.equal(res.status, 409, res.text);
        refused.push(res.json.error.message);
        return;
      }
      assert.fail('the attempt was never closed');
    };
    const saving = Promise.all(d.answers.map((a, i) => chain(a, i)));
    await new Promise((r) => setTimeout(r, 150));
    const closing = close(d.attempt.documentId).then(() => {
      closed = true;
    });
    await Promise.all([saving, closing]);
    assert.ok(closed);
    const rows = (
      await db.query(
        `SELECT a.document_id, a.selected_answer, a.points::float AS points
            FROM answers a JOIN answers_attempt_lnk aa ON aa.answer_id = a.id
            JOIN attempts t ON t.id = aa.attempt_id WHERE t.document_id = $1`,
        [d.attempt.documentId],
      )
    ).rows;
    assert.equal(rows.length, d.answers.length);
    const wrong = rows.filter((r) => Number(r.points) !== pointsFor(r.selected_answer));
    assert.deepEqual(wrong, [], 'every answer is marked by its stored choice');
    for (const r of rows) {
      if (acknowledged.has(r.document_id)) {
        assert.equal(r.selected_answer, acknowledged.get(r.document_id), 'the acknowledged save');
      }
    }
    const total = rows.reduce((sum, r) => sum + pointsFor(r.selected_answer), 0);
    const result = (
      await db.query(
        `SELECT r.total_marks::float AS total FROM results r
            JOIN results_attempt_lnk ra ON ra.result_id = r.id
            JOIN attempts t ON t.id = ra.attempt_id WHERE t.document_id = $1`,
        [d.attempt.documentId],
      )
    ).rows;
    assert.equal(result.length, 1);
    assert.equal(result[0].total, Math.round(total * 100) / 100);
    assert.ok(refused.length > 0);
    return { refused };
  };

  test('point 3: ten rounds of saves on B racing the submit on A', async () => {
    const t = await c.makeTest({ TestName: 'PG race submit', max_attempts: 0 }, 20);
    for (let i = 0; i < 10; i += 1) {
      const { refused } = await round(t, async (attemptId) => {
        const res = await c.call('A', 'POST', '/api/test/prelims/submit', { attemptId }, serverA);
        assert.equal(res.status, 200, res.text);
      });
      assert.ok(
        refused.every((m) => m === ALREADY_SUBMITTED),
        `round ${i + 1}: ${JSON.stringify([...new Set(refused)])}`,
      );
    }
  });

  test('point 3: three rounds of saves on B racing the expiry sweep on A', async () => {
    const t = await c.makeTest({ TestName: 'PG race sweep', max_attempts: 0 }, 20);
    for (let i = 0; i < 3; i += 1) {
      await round(t, async (attemptId) => {
        // Expired 4.5 s ago: saves still count for the last 0.5 s of grace, then the sweep on
        // A (every second) closes the attempt while the saves keep coming.
        await db.query(
          `UPDATE attempts SET expires_at = now() - interval '4500 milliseconds'
              WHERE document_id = $1`,
          [attemptId],
        );
        for (let waited = 0; waited < 15_000; waited += 100) {
          const row = await db.query('SELECT end_date_time FROM attempts WHERE document_id = $1', [
            attemptId,
          ]);
          if (row.rows[0].end_date_time) {
            return;
          }
          await new Promise((r) => setTimeout(r, 100));
        }
        assert.fail('the sweep did not close the attempt');
      });
    }
  });
});
