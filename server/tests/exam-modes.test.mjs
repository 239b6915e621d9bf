// Exam delivery (issue 23), this slice: practice and scored attempts apart (the learner's choice at
// the start; practice never counted, ranked or in staff results/statistics; its own optional
// limit), the review options for the score, the answers and the rank, the per-test negative total
// (keep or floor), a deactivated course's tests refused. One boot of the real server on SQLite,
// then (with TEST_DATABASE_URL) one on PostgreSQL for practice-not-counted and negative totals.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { describeOnPostgres } from './helpers/postgres.mjs';
import { mcq, testWithQuestions } from './helpers/fixtures.mjs';
import { PDF } from './helpers/mains.mjs';
import { asRoles } from './helpers/roles.mjs';
import { EXAM_ROLES, startServer } from './helpers/server.mjs';

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
/** The exam's grace for a late network (access/facts/attempt-deadlines.ts GRACE_MS). */
const GRACE = 5000;

let server;
const { tokens, users, call, ok, signIn: signInAs } = asRoles(() => server);

const expectError = (res, status, message) => {
  assert.equal(res.status, status, res.text.slice(0, 400));
  assert.equal(res.json?.error?.status, status);
  if (message !== undefined) {
    assert.equal(res.json.error.message, message);
  }
};

/** Uploads a PDF (essay.pdf) as a learner's answer document. */
const addEssay = (role, answerId) =>
  server.request('POST', `/api/mains/answers/${answerId}/documents`, {
    token: tokens[role],
    form: { files: [[PDF, 'essay.pdf', 'files', 'application/pdf']] },
  });
const start = (role, testId, mode) =>
  call(role, 'POST', '/api/test/prelims/initialize', { testId, mode });
const save = (role, answerId, selected) =>
  ok(role, 'PUT', `/api/answers/${answerId}`, {
    data: { selected_answer: selected, revision: 1 },
  });
const submit = (role, attemptId) => ok(role, 'POST', '/api/test/prelims/submit', { attemptId });

/** Two questions: a (2 / −1) and b (2 / −1.5); MaximumMarks 4, pass mark 1 mark. */
const makeTest = async (data) => {
  const made = await testWithQuestions(
    ok,
    {
      MaximumMarks: 4,
      PassMark: 1,
      students: [users.A.student.documentId, users.B.student.documentId],
      ...data,
    },
    [
      ['a', -1],
      ['b', -1.5],
    ].map(([correct, wrong], i) =>
      mcq(`Q${i + 1} of ${data.TestName}?`, {
        correct_answer: correct,
        points_correct_answer: 2,
        points_incorrect_answer: wrong,
      }),
    ),
  );
  return made.test.documentId;
};

/** Starts, answers (one choice per question, in order) and submits; returns the submit answer. */
const sit = async (role, testId, choices, mode) => {
  const res = await start(role, testId, mode);
  assert.equal(res.status, 201, res.text.slice(0, 400));
  const d = res.json.data;
  for (const [i, choice] of choices.entries()) {
    if (choice) await save(role, d.answers[i].documentId, choice);
  }
  return submit(role, d.attempt.documentId);
};

const myTest = async (role, testId) =>
  (await ok(role, 'GET', '/api/test/prelims/my-tests?pageSize=100')).find(
    (t) => t.documentId === testId,
  );

const signIn = () => signInAs(EXAM_ROLES);

before(async () => {
  // The expiry sweeps run every second here, so a test can watch them close timed-out work.
  server = await startServer({ extraEnv: { EXAM_SWEEP_RULE: '* * * * * *' } });
  await signIn();
});

after(async () => {
  await server?.stop();
});

describe('practice and scored attempts', () => {
  test('the mode is checked: practice refused where the test has none; unknown mode 400', async () => {
    const t = await makeTest({ TestName: 'Modes no practice' });
    expectError(
      await start('A', t, 'practice'),
      400,
      'This test has no practice mode: start the test itself.',
    );
    expectError(await start('A', t, 'exam'), 400, "mode must be 'practice' or 'scored'.");
    // Nothing was made by the refusals.
    assert.equal((await myTest('A', t)).attemptsUsed, 0);
    const scored = await start('A', t);
    assert.equal(scored.status, 201);
    assert.equal(scored.json.data.attempt.is_practice_test, false);
  });

  test('practice is not counted, not ranked and not in staff results or statistics', async () => {
    const t = await makeTest({ TestName: 'Modes practice', enable_practice_test: true });
    // A practises twice (all right: 4 marks), then B and A sit the test for a score.
    const p1 = await sit('A', t, ['a', 'b'], 'practice');
    assert.equal(p1.result.total_marks, 4);
    await sit('A', t, ['a', 'b'], 'practice');
    const practiceReview = await ok(
      'A',
      'GET',
      `/api/test/prelims/results/${p1.result.documentId}`,
    );
    assert.equal(practiceReview.attempt.is_practice_test, true);
    assert.equal(practiceReview.rank, null);
    assert.equal(practiceReview.percentile, null);
    assert.equal((await ok('admin', 'GET', `/api/tests/${t}`)).Attempts, 0);
    let mine = await myTest('A', t);
    assert.deepEqual(
      [mine.attemptsUsed, mine.attemptsLeft, mine.practiceAttemptsUsed, mine.practiceAttemptsLeft],
      [0, 1, 2, null],
    );

    const b = await sit('B', t, ['a', null]);
    assert.equal(b.result.total_marks, 2);
    // The default mode is scored, and is counted against max_attempts (1).
    const a = await sit('A', t, ['c', null]);
    assert.equal(a.result.total_marks, -1);
    expectError(await start('A', t), 403, 'You have used all 1 attempt(s) of this test.');
    // Practice stays open after the scored attempts are used.
    assert.equal((await start('A', t, 'practice')).status, 201);
    assert.equal((await ok('admin', 'GET', `/api/tests/${t}`)).Attempts, 2);
    mine = await myTest('A', t);
    assert.deepEqual([mine.attemptsUsed, mine.attemptsLeft, mine.practiceAttemptsUsed], [1, 0, 3]);
    assert.equal(mine.openAttemptPractice, true);

    // A's rank is among scored attempts only: B's 2 beats A's −1 (A's practice 4 is left out).
    const review = await ok('A', 'GET', `/api/test/prelims/results/${a.result.documentId}`);
    assert.deepEqual([review.rank, review.outOf], [2, 2]);
    const rows = await ok('admin', 'GET', `/api/reports/tests/${t}/results`);
    assert.deepEqual(
      rows.map((r) => r.score).sort((x, y) => x - y),
      [-1, 2],
    );
    const data = await ok('admin', 'GET', `/api/test-data?testId=${t}`);
    assert.equal(data.statistics.count, 2);
    assert.equal(data.statistics.highest, 2);
  });

  test('one attempt at a time; practice has its own optional limit', async () => {
    const t = await makeTest({
      TestName: 'Modes limited practice',
      enable_practice_test: true,
      max_practice_attempts: 1,
      max_attempts: 2,
    });
    const scored = (await start('B', t)).json.data;
    expectError(
      await start('B', t, 'practice'),
      409,
      'You have a test attempt in progress: submit it before you practise.',
    );
    // The same mode resumes.
    assert.equal((await start('B', t, 'scored')).status, 200);
    await submit('B', scored.attempt.documentId);
    await sit('B', t, [null, null], 'practice');
    expectError(
      await start('B', t, 'practice'),
      403,
      'You have used all 1 practice attempt(s) of this test.',
    );
    const mine = await myTest('B', t);
    assert.deepEqual([mine.attemptsUsed, mine.attemptsLeft, mine.practiceAttemptsLeft], [1, 1, 0]);
    // The limit is a whole number of 0 or more.
    expectError(
      await call('admin', 'PUT', `/api/tests/${t}`, { data: { max_practice_attempts: -1 } }),
      400,
    );
  });
});

describe('review options', () => {
  test('defaults: score and answers at once, rank shown, negative totals kept', async () => {
    const t = await makeTest({ TestName: 'Modes defaults' });
    const fresh = await ok('admin', 'GET', `/api/tests/${t}`);
    assert.deepEqual(
      [
        fresh.review_score,
        fresh.review_answers,
        fresh.show_rank,
        fresh.negative_total,
        fresh.max_practice_attempts,
      ],
      ['after_each_attempt', 'after_each_attempt', true, 'keep', null],
    );
    expectError(
      await call('admin', 'PUT', `/api/tests/${t}`, { data: { review_score: 'sometimes' } }),
      400,
    );
    expectError(
      await call('admin', 'PUT', `/api/tests/${t}`, { data: { negative_total: 'zero' } }),
      400,
    );
    // A learner cannot set them.
    const denied = await call('A', 'PUT', `/api/tests/${t}`, { data: { show_rank: false } });
    assert.ok([403, 404].includes(denied.status), denied.text);
    assert.equal((await ok('admin', 'GET', `/api/tests/${t}`)).show_rank, true);
  });

  test('score and answers "never": totals, answers, points and rank withheld, with the reason', async () => {
    const t = await makeTest({
      TestName: 'Modes hidden',
      review_score: 'never',
      review_answers: 'never',
      review_answer_key: 'after_each_attempt',
    });
    const s = await sit('A', t, ['a', 'c']);
    assert.equal(s.result.total_marks, null);
    assert.equal(s.result.passed, null);
    assert.equal(s.result.correct_count, null);
    assert.equal(s.review.scoreShown, false);
    assert.equal(s.review.scoreMessage, 'Your score is not shown to learners for this test.');
    const r = await ok('A', 'GET', `/api/test/prelims/results/${s.result.documentId}`);
    assert.equal(r.result.total_marks, null);
    assert.equal(r.rank, null);
    assert.equal(r.percentile, null);
    assert.equal(r.review.scoreShown, false);
    assert.equal(r.review.answersShown, false);
    assert.equal(r.review.answersMessage, 'Your answers are not shown to learners for this test.');
    assert.equal(r.review.answerKeyShown, true);
    assert.ok(r.questions.every((q) => q.selected_answer === null && q.points === null));
    assert.equal(r.questions[0].correct_answer, 'a');
    // My progress follows the same option: the result is listed without its score or rank.
    const mine = await ok('A', 'GET', '/api/reports/my-progress');
    const listed = mine.results.find((x) => x.work.name === 'Modes hidden');
    assert.ok(listed);
    assert.deepEqual(
      [listed.score, listed.percent, listed.rank, listed.percentile],
      [null, null, null, null],
    );
    // The generic channels withhold the same figures (REST and GraphQL), and refuse a filter on them.
    const generic = await ok('A', 'GET', `/api/results/${s.result.documentId}`);
    for (const field of ['total_marks', 'passed', 'correct_count', 'incorrect_count']) {
      assert.equal(generic[field], undefined, field);
    }
    const gql = await call('A', 'POST', '/api/graphql', {
      query: `query($id: ID!) { result(documentId: $id) { documentId total_marks passed correct_count } }`,
      variables: { id: s.result.documentId },
    });
    assert.equal(gql.status, 200, gql.text);
    assert.deepEqual(gql.json.data.result, {
      documentId: s.result.documentId,
      total_marks: null,
      passed: null,
      correct_count: null,
    });
    const probe = await call('A', 'GET', '/api/results?filters[correct_count][$gte]=1');
    assert.equal(probe.status, 400, probe.text);
    // Staff see everything of the same result.
    const adminGeneric = await ok('admin', 'GET', `/api/results/${s.result.documentId}`);
    assert.equal(adminGeneric.total_marks, 0.5);
    const staff = await ok('admin', 'GET', `/api/test/prelims/results/${s.result.documentId}`);
    assert.equal(staff.result.total_marks, 0.5);
    assert.deepEqual(
      staff.questions.map((q) => q.selected_answer),
      ['a', 'c'],
    );
  });

  test('score after the last attempt says when; rank hidden by show_rank', async () => {
    const t = await makeTest({
      TestName: 'Modes later',
      max_attempts: 2,
      review_score: 'after_last_attempt',
    });
    const first = await sit('A', t, ['a', 'b']);
    assert.equal(first.result.total_marks, null);
    assert.match(first.review.scoreMessage, /^Your score is shown after your last attempt/);
    const second = await sit('A', t, ['a', null]);
    assert.equal(second.result.total_marks, 2);
    const r = await ok('A', 'GET', `/api/test/prelims/results/${first.result.documentId}`);
    assert.equal(r.result.total_marks, 4);
    assert.equal(r.rank, 1);

    const noRank = await makeTest({ TestName: 'Modes no rank', show_rank: false });
    const s = await sit('A', noRank, ['a', null]);
    assert.equal(s.result.total_marks, 2);
    const rr = await ok('A', 'GET', `/api/test/prelims/results/${s.result.documentId}`);
    assert.deepEqual(
      [rr.rank, rr.outOf, rr.percentile, rr.review.rankShown],
      [null, null, null, false],
    );
    assert.equal(rr.result.total_marks, 2);
    assert.equal(rr.questions[0].selected_answer, 'a');
    // My progress: the score once allowed, no rank where the test hides it.
    const mine = await ok('A', 'GET', '/api/reports/my-progress');
    const later = mine.results.find((x) => x.work.name === 'Modes later');
    const hidden = mine.results.find((x) => x.work.name === 'Modes no rank');
    assert.equal(later.score, 4);
    assert.equal(later.rank, 1);
    assert.deepEqual([hidden.score, hidden.rank, hidden.percentile], [2, null, null]);
  });
});

describe('negative totals', () => {
  test("'keep' lets a total below zero stand; 'floor' raises it to 0 (pass follows)", async () => {
    const keep = await makeTest({ TestName: 'Modes keep' });
    const floor = await makeTest({ TestName: 'Modes floor', negative_total: 'floor' });
    const kept = await sit('B', keep, ['c', 'c']);
    assert.equal(kept.result.total_marks, -2.5);
    assert.equal(kept.result.passed, false);
    const floored = await sit('B', floor, ['c', 'c']);
    assert.equal(floored.result.total_marks, 0);
    assert.equal(floored.result.passed, false);
    // The answers keep their own (negative) points; only the total is floored.
    const r = await ok('B', 'GET', `/api/test/prelims/results/${floored.result.documentId}`);
    assert.deepEqual(
      r.questions.map((q) => q.points),
      [-1, -1.5],
    );
    // A positive total is the same under both.
    const practiceFloor = await makeTest({
      TestName: 'Modes floor positive',
      negative_total: 'floor',
    });
    assert.equal((await sit('B', practiceFloor, ['a', 'c'])).result.total_marks, 0.5);
  });
});

describe('a deactivated course', () => {
  test('its tests cannot be started, in either mode, and the message says why', async () => {
    const course = await ok('admin', 'POST', '/api/courses', {
      data: { course_name: 'Modes course', is_public: true },
    });
    const t = await makeTest({
      TestName: 'Modes course test',
      course: course.documentId,
      enable_practice_test: true,
    });
    await ok('admin', 'PUT', `/api/courses/${course.documentId}`, { data: { is_active: false } });
    for (const mode of ['scored', 'practice']) {
      expectError(
        await start('A', t, mode),
        403,
        'This course is not active: its tests cannot be started.',
      );
    }
  });
});

describe('an assignment with a duration (Mains)', () => {
  const makeAssignment = async (name, data) => {
    const created = await ok('admin', 'POST', '/api/assignments', {
      data: {
        assignment_name: name,
        MaximumMarks: 10,
        students: [users.A.student.documentId],
        assignment_submission_date: new Date(Date.now() + 2 * 86_400_000).toISOString(),
        ...data,
      },
    });
    await ok('admin', 'POST', '/api/questions', {
      data: {
        question: `Write (${name}).`,
        question_type: 'Descriptive',
        points_correct_answer: 10,
        assignment: created.documentId,
      },
    });
    return created;
  };
  const startedAgo = (attemptDocumentId, ms) =>
    server
      .database()
      .prepare('UPDATE attempts SET start_date_time = ? WHERE document_id = ?')
      .run(Date.now() - ms, attemptDocumentId);

  test("the server's clock ends it at start + duration; after that, changes and submit are refused", async () => {
    const timed = await makeAssignment('Modes timed essay', { assignment_duration: 30 });
    const started = await ok('A', 'POST', '/api/mains/start', {
      kind: 'assignment',
      documentId: timed.documentId,
    });
    const start = Date.parse(started.attempt.start_date_time);
    assert.equal(Date.parse(started.attempt.expires_at) - start, 30 * 60_000);
    // 31 minutes later (the start moved back): the time is up.
    startedAgo(started.attempt.documentId, 31 * 60_000);
    const read = await ok('A', 'GET', `/api/mains/attempts/${started.attempt.documentId}`);
    const ended = read.attempt.expires_at;
    const message = `Your time for this assignment ended at ${ended}.`;
    expectError(
      await call('A', 'POST', '/api/mains/submit', { attemptId: started.attempt.documentId }),
      403,
      message,
    );
    expectError(
      await call('A', 'PUT', `/api/answers/${started.answers[0].documentId}`, {
        data: { answer_documents: [] },
      }),
      403,
      message,
    );
  });

  test('the server submits what was uploaded when the time is up; nothing uploaded: time ended', async () => {
    const uploaded = await makeAssignment('Modes auto essay', { assignment_duration: 20 });
    const empty = await makeAssignment('Modes empty essay', { assignment_duration: 20 });
    const first = await ok('A', 'POST', '/api/mains/start', {
      kind: 'assignment',
      documentId: uploaded.documentId,
    });
    const sent = await addEssay('A', first.answers[0].documentId);
    assert.equal(sent.status, 200, sent.text);
    const second = await ok('A', 'POST', '/api/mains/start', {
      kind: 'assignment',
      documentId: empty.documentId,
    });
    // Not yet: the sweep leaves work whose time is still running.
    await sleep(1500);
    let mine = await ok('A', 'GET', '/api/mains/my-work?kind=assignment&pageSize=100');
    const stateOf = (list, id) => list.find((w) => w.documentId === id);
    assert.equal(stateOf(mine, uploaded.documentId).state, 'in-progress');
    // The time is up (the starts moved back 21 minutes): the sweep closes both within seconds.
    startedAgo(first.attempt.documentId, 21 * 60_000 + GRACE);
    startedAgo(second.attempt.documentId, 21 * 60_000 + GRACE);
    const deadline = Date.now() + 10_000;
    do {
      await sleep(500);
      mine = await ok('A', 'GET', '/api/mains/my-work?kind=assignment&pageSize=100');
    } while (
      Date.now() < deadline &&
      (stateOf(mine, uploaded.documentId).state === 'in-progress' ||
        stateOf(mine, empty.documentId).state === 'in-progress')
    );
    const auto = stateOf(mine, uploaded.documentId);
    assert.equal(auto.state, 'submitted');
    assert.ok(auto.resultId);
    assert.equal(auto.status, 'Not Started'); // evaluation not started yet
    const row = server
      .database()
      .prepare(
        'SELECT closed_by, end_date_time, start_date_time FROM attempts WHERE document_id = ?',
      )
      .get(first.attempt.documentId);
    assert.equal(row.closed_by, 'expiry');
    // Closed at its deadline (start + 20 minutes), not at the sweep's time.
    assert.equal(Number(row.end_date_time) - Number(row.start_date_time), 20 * 60_000);
    const none = stateOf(mine, empty.documentId);
    assert.deepEqual(
      [none.state, none.resultId, none.canStart, none.reason],
      ['time-ended', null, false, 'Your time for this work ended before anything was uploaded.'],
    );
    expectError(
      await call('A', 'POST', '/api/mains/start', {
        kind: 'assignment',
        documentId: empty.documentId,
      }),
      409,
      'Your time for this work ended before anything was uploaded.',
    );
    // Staff see the submitted script in the assignment's results; the empty one is not there.
    const results = await ok(
      'admin',
      'GET',
      `/api/mains/results?kind=assignment&documentId=${uploaded.documentId}`,
    );
    assert.equal(results.rows.length, 1);
  });

  test('without a duration it keeps to its submission date, as before', async () => {
    const closes = new Date(Date.now() + 2 * 86_400_000);
    const open = await makeAssignment('Modes untimed essay', {
      assignment_submission_date: closes.toISOString(),
    });
    const started = await ok('A', 'POST', '/api/mains/start', {
      kind: 'assignment',
      documentId: open.documentId,
    });
    assert.equal(Date.parse(started.attempt.expires_at), closes.getTime());
    startedAgo(started.attempt.documentId, 3 * 60 * 60_000);
    // Still open: the upload rule ("at least one document") answers, not the clock.
    expectError(
      await call('A', 'POST', '/api/mains/submit', { attemptId: started.attempt.documentId }),
      400,
      'Upload at least one answer document before submitting.',
    );
  });
});

let db;
describeOnPostgres(
  'PostgreSQL',
  async (made) => {
    db = made;
    // The SQLite server has done its part: this describe runs after the others.
    await server.stop();
    server = null;
    server = await startServer({
      databaseUrl: db.url,
      extraEnv: { EXAM_SWEEP_RULE: '* * * * * *' },
    });
    await signIn();
    return server;
  },
  () => {
    test('practice is not counted, not ranked; scored is counted', async () => {
      const t = await makeTest({ TestName: 'PG modes practice', enable_practice_test: true });
      const p = await sit('A', t, ['a', 'b'], 'practice');
      await sit('A', t, [null, null], 'practice');
      const a = await sit('A', t, ['a', null]);
      expectError(await start('A', t), 403, 'You have used all 1 attempt(s) of this test.');
      const b = await sit('B', t, ['a', 'b']);
      assert.equal((await ok('admin', 'GET', `/api/tests/${t}`)).Attempts, 2);
      const mine = await myTest('A', t);
      assert.deepEqual(
        [mine.attemptsUsed, mine.attemptsLeft, mine.practiceAttemptsUsed],
        [1, 0, 2],
      );
      const practiceReview = await ok(
        'A',
        'GET',
        `/api/test/prelims/results/${p.result.documentId}`,
      );
      assert.equal(practiceReview.rank, null);
      const review = await ok('A', 'GET', `/api/test/prelims/results/${a.result.documentId}`);
      assert.deepEqual([review.rank, review.outOf], [2, 2]);
      assert.equal(b.result.total_marks, 4);
      const data = await ok('admin', 'GET', `/api/test-data?testId=${t}`);
      assert.equal(data.statistics.count, 2);
    });

    test('a score not out yet is withheld from the generic REST and GraphQL reads', async () => {
      const t = await makeTest({ TestName: 'PG modes later', review_score: 'after_close' });
      const s = await sit('A', t, ['a', 'b']);
      const generic = await ok('A', 'GET', `/api/results/${s.result.documentId}`);
      assert.equal(generic.total_marks, undefined);
      assert.equal(generic.passed, undefined);
      const gql = await call('A', 'POST', '/api/graphql', {
        query: `query($id: ID!) { result(documentId: $id) { total_marks correct_count } }`,
        variables: { id: s.result.documentId },
      });
      assert.deepEqual(
        gql.json?.data?.result,
        { total_marks: null, correct_count: null },
        gql.text,
      );
      assert.equal(
        (await ok('admin', 'GET', `/api/results/${s.result.documentId}`)).total_marks,
        4,
      );
    });

    test('timed Mains work is submitted by the server when its time is up', async () => {
      const created = await ok('admin', 'POST', '/api/assignments', {
        data: {
          assignment_name: 'PG auto essay',
          MaximumMarks: 10,
          assignment_duration: 20,
          students: [users.A.student.documentId],
          assignment_submission_date: new Date(Date.now() + 2 * 86_400_000).toISOString(),
        },
      });
      await ok('admin', 'POST', '/api/questions', {
        data: {
          question: 'Write (PG).',
          question_type: 'Descriptive',
          points_correct_answer: 10,
          assignment: created.documentId,
        },
      });
      const started = await ok('A', 'POST', '/api/mains/start', {
        kind: 'assignment',
        documentId: created.documentId,
      });
      const sent = await addEssay('A', started.answers[0].documentId);
      assert.equal(sent.status, 200, sent.text);
      await db.query('UPDATE attempts SET start_date_time = $1 WHERE document_id = $2', [
        new Date(Date.now() - 21 * 60_000 - GRACE),
        started.attempt.documentId,
      ]);
      let item;
      const deadline = Date.now() + 10_000;
      do {
        await sleep(500);
        const mine = await ok('A', 'GET', '/api/mains/my-work?kind=assignment&pageSize=100');
        item = mine.find((w) => w.documentId === created.documentId);
      } while (Date.now() < deadline && item.state === 'in-progress');
      assert.equal(item.state, 'submitted');
      assert.ok(item.resultId);
      const { rows } = await db.query('SELECT closed_by FROM attempts WHERE document_id = $1', [
        started.attempt.documentId,
      ]);
      assert.equal(rows[0].closed_by, 'expiry');
    });

    test("negative totals: 'keep' stands, 'floor' is 0", async () => {
      const keep = await makeTest({ TestName: 'PG modes keep' });
      const floor = await makeTest({ TestName: 'PG modes floor', negative_total: 'floor' });
      assert.equal((await sit('B', keep, ['c', 'c'])).result.total_marks, -2.5);
      assert.equal((await sit('B', floor, ['c', 'c'])).result.total_marks, 0);
    });
  },
);
