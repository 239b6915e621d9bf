// Issue 27 (grading): per-question marks within each question's maximum, whole marks unless the
// test allows halves, the subject total as the server's sum, completion only with every question
// marked and the total confirmed, completed evaluations locked until an administrator reopens
// them with a reason (recorded), faculty limited to their subject, the progress board and the
// faculty queue, publishing refused with what is missing, and learners seeing per-question marks
// and comments only after publication (my-work, script, REST, GraphQL). The core also on PostgreSQL.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { skipWithoutPostgres } from './helpers/postgres.mjs';
import { DEMO } from './helpers/server.mjs';
import { harness } from './helpers/mains.mjs';

/** The rules both databases must keep: marks within bounds, summed, confirmed, reopened. */
const coreScenario = async (h) => {
  const { f } = h;
  f.evalP = await h.start('priya', f.resultA, f.polity);
  await h.refused(
    h.put('priya', f.evalP, { questions: [{ questionId: f.q1, marks: 11 }] }),
    400,
    'Marks for question 1 must be between 0 and 10.',
  );
  await h.refused(
    h.put('priya', f.evalP, { questions: [{ questionId: f.q1, marks: 4.5 }] }),
    400,
    'Marks for question 1 must be a whole number (this test does not allow half marks).',
  );
  const first = await h.ok('priya', 'PUT', `/api/mains/evaluations/${f.evalP}`, {
    questions: [{ questionId: f.q1, marks: 7, comment: '  Good structure.  ' }],
  });
  assert.equal(first.total_marks, 7);
  assert.deepEqual(first.questions, [{ question: f.q1, marks: 7, comment: 'Good structure.' }]);
  await h.refused(
    h.put('priya', f.evalP, { complete: true, confirmTotal: 7 }),
    400,
    'Mark every question of Indian Polity before completing (missing: question 2).',
  );
  const both = await h.ok('priya', 'PUT', `/api/mains/evaluations/${f.evalP}`, {
    questions: [{ questionId: f.q2, marks: 4 }],
  });
  assert.equal(both.total_marks, 11, 'the sum of 7 and 4, the comment of question 1 kept');
  assert.equal(both.questions[0].comment, 'Good structure.');
  await h.refused(
    h.put('priya', f.evalP, { complete: true }),
    409,
    'Confirm the total of Indian Polity: it is 11 (send confirmTotal: 11).',
  );
  await h.refused(h.put('priya', f.evalP, { complete: true, confirmTotal: 7 }), 409);
  const done = await h.ok('priya', 'PUT', `/api/mains/evaluations/${f.evalP}`, {
    complete: true,
    confirmTotal: 11,
  });
  assert.ok(done.end_date_time);
  await h.refused(
    h.put('priya', f.evalP, { questions: [{ questionId: f.q1, marks: 9 }] }),
    409,
    'Indian Polity is completed: an administrator can reopen it.',
  );

  // Reopening: administrators only, with a reason; the faculty member then marks again.
  for (const role of ['priya', 'A']) {
    await h.refused(
      h.call(role, 'POST', `/api/mains/evaluations/${f.evalP}/reopen`, { reason: 'Recount' }),
      403,
    );
  }
  await h.refused(
    h.call('admin', 'POST', `/api/mains/evaluations/${f.evalP}/reopen`, { reason: ' ' }),
    400,
    'Give the reason for reopening (3 to 500 characters).',
  );
  const reopened = await h.ok('admin', 'POST', `/api/mains/evaluations/${f.evalP}/reopen`, {
    reason: 'Question 2 was not counted.',
  });
  assert.equal(reopened.end_date_time, null);
  assert.equal(reopened.total_marks, 11, 'the marks stay');
  assert.equal(reopened.reopenings.length, 1);
  assert.equal(reopened.reopenings[0].reason, 'Question 2 was not counted.');
  assert.equal(reopened.reopenings[0].by, DEMO.admin.username);
  assert.ok(reopened.reopenings[0].at);
  await h.refused(
    h.call('admin', 'POST', `/api/mains/evaluations/${f.evalP}/reopen`, { reason: 'Again' }),
    409,
    'This evaluation is not completed.',
  );
  const again = await h.ok('priya', 'PUT', `/api/mains/evaluations/${f.evalP}`, {
    questions: [{ questionId: f.q2, marks: 5 }],
  });
  assert.equal(again.total_marks, 12);
  await h.ok('priya', 'PUT', `/api/mains/evaluations/${f.evalP}`, {
    complete: true,
    confirmTotal: 12,
  });
  const script = await h.ok('admin', 'GET', `/api/mains/scripts/${f.resultA}`);
  const polity = script.evaluations.find((e) => e.documentId === f.evalP);
  assert.equal(polity.reopenings.length, 1, 'the reopening is kept after completing again');
  assert.equal(script.result.total_marks, 12, 'the result total follows the per-question sum');
};

describe('per-question marks, reopen, progress board (SQLite)', () => {
  const h = harness();
  const { f } = h;
  h.setUp(async () => {
    await h.makeScripts('Grading per question');
  });

  test('faculty mark only their subject, per question, and cannot send both kinds', async () => {
    await h.refused(
      h.call('arjun', 'POST', '/api/mains/evaluations', {
        resultId: f.resultA,
        subjectId: f.polity,
      }),
      403,
    );
    await coreScenario(h);
    await h.refused(h.put('arjun', f.evalP, { questions: [{ questionId: f.q1, marks: 1 }] }), 403);
    f.evalE = await h.start('arjun', f.resultA, f.economy);
    await h.refused(
      h.put('arjun', f.evalE, { questions: [{ questionId: f.q1, marks: 1 }] }),
      400,
      `Question ${f.q1} is not a question of Indian Economy in this work.`,
    );
    await h.refused(
      h.put('arjun', f.evalE, { questions: [{ questionId: f.q3, marks: 1 }], total_marks: 1 }),
      400,
      'Send either questions (per-question marks) or total_marks, not both.',
    );
    await h.refused(
      h.put('arjun', f.evalE, { questions: [{ questionId: f.q3, comment: 'x'.repeat(2001) }] }),
      400,
      'The comment on question 3 is longer than 2000 characters.',
    );
    await h.refused(h.put('arjun', f.evalE, { questions: [] }), 400);
    await h.ok('arjun', 'PUT', `/api/mains/evaluations/${f.evalE}`, {
      questions: [{ questionId: f.q3, marks: 6 }],
    });
    await h.refused(
      h.put('arjun', f.evalE, { total_marks: 3 }),
      400,
      'Indian Economy is marked per question: send questions.',
    );
    // Nothing a client sends as a total changes the sum.
    const row = await h.ok('admin', 'GET', `/api/mains/scripts/${f.resultA}`);
    assert.equal(row.evaluations.find((e) => e.documentId === f.evalE).total_marks, 6);
  });

  test('half marks only where the test allows them', async () => {
    await h.refused(
      h.put('arjun', f.evalE, { questions: [{ questionId: f.q3, marks: 6.5 }] }),
      400,
    );
    await h.ok('admin', 'PUT', `/api/tests/${f.test}`, { data: { allow_half_marks: true } });
    const half = await h.ok('arjun', 'PUT', `/api/mains/evaluations/${f.evalE}`, {
      questions: [{ questionId: f.q3, marks: 6.5, comment: 'Cite data.' }],
    });
    assert.equal(half.total_marks, 6.5);
    await h.refused(
      h.put('arjun', f.evalE, { questions: [{ questionId: f.q3, marks: 6.25 }] }),
      400,
      'Marks for question 3 must be a whole or half number (like 2.5).',
    );
  });

  test('an evaluation of one total (no per-question marks) keeps working as before', async () => {
    const evalB = await h.start('priya', f.resultB, f.polity);
    const done = await h.ok('priya', 'PUT', `/api/mains/evaluations/${evalB}`, {
      total_marks: 9,
      complete: true,
    });
    assert.equal(done.total_marks, 9);
    assert.deepEqual(done.questions, []);
    f.evalBP = evalB;
  });

  test('the progress board: admin all, faculty their subjects and queue; learners refused', async () => {
    const path = `/api/mains/progress?kind=test&documentId=${f.test}`;
    const board = await h.ok('admin', 'GET', path);
    assert.deepEqual(board.totals, { scripts: 2, complete: 0, percent: 0 });
    const polity = board.subjects.find((s) => s.subject.documentId === f.polity);
    assert.equal(polity.waiting, 0);
    assert.deepEqual(
      polity.faculty.map((r) => [r.inProgress, r.done]),
      [[0, 2]],
    );
    const economy = board.subjects.find((s) => s.subject.documentId === f.economy);
    assert.equal(economy.waiting, 1);
    assert.ok(economy.oldestWaitingAt);
    assert.deepEqual(
      economy.faculty.map((r) => [r.inProgress, r.done]),
      [[1, 0]],
    );
    assert.deepEqual(board.queue, []);
    assert.deepEqual(
      board.missing.map((m) => [m.resultId, m.pendingSubjects]),
      [
        [f.resultB, ['Indian Economy']],
        [f.resultA, ['Indian Economy']],
      ],
    );
    const mine = await h.ok('arjun', 'GET', path);
    assert.deepEqual(
      mine.subjects.map((s) => s.subject.name),
      ['Indian Economy'],
    );
    assert.deepEqual(
      mine.queue.map((q) => [q.resultId, q.state]),
      [
        [f.resultA, 'in-progress'],
        [f.resultB, 'waiting'],
      ],
      'their own script in progress first, then the waiting ones',
    );
    const priya = await h.ok('priya', 'GET', path);
    assert.deepEqual(priya.queue, [], 'Polity is done: nothing waits for Priya');
    for (const role of ['A', 'B']) await h.refused(h.call(role, 'GET', path), 403);
    await h.refused(h.server.request('GET', path), 401);
  });

  test('publishing lists what is missing; before it, learners see no marks anywhere', async () => {
    const refused = await h.ok('admin', 'POST', '/api/result-bulk', {
      resultIds: [f.resultA, f.resultB],
      is_published: true,
    });
    assert.deepEqual(refused.updated, []);
    assert.deepEqual(refused.refused, [
      { resultId: f.resultA, reason: 'Not completed: In Progress', missing: ['Indian Economy'] },
      { resultId: f.resultB, reason: 'Not completed: Pending', missing: ['Indian Economy'] },
    ]);
    await h.ok('arjun', 'PUT', `/api/mains/evaluations/${f.evalE}`, {
      complete: true,
      confirmTotal: 6.5,
    });
    const items = await h.ok('A', 'GET', '/api/mains/my-work?kind=test');
    assert.deepEqual(items.find((w) => w.documentId === f.test).evaluations, []);
    assert.deepEqual((await h.ok('A', 'GET', `/api/mains/scripts/${f.resultA}`)).evaluations, []);
    assert.deepEqual(await h.ok('A', 'GET', '/api/evaluations'), []);
    await h.refused(h.call('A', 'GET', `/api/evaluations/${f.evalP}`), 404);
    const graph = await h.call('A', 'POST', '/api/graphql', {
      query: `{ evaluations { question_marks } results { documentId evaluations { question_marks } } }`,
    });
    assert.equal(graph.status, 200, graph.text);
    assert.deepEqual(graph.json.data.evaluations, []);
    const mine = graph.json.data.results.find((r) => r.documentId === f.resultA);
    assert.deepEqual(mine.evaluations, []);
    const populated = await h.ok('A', 'GET', `/api/results/${f.resultA}?populate=evaluations`);
    assert.equal(populated.evaluations, undefined);
  });

  test('after publication the learner sees per-question marks and comments, no reopenings', async () => {
    const published = await h.ok('admin', 'POST', '/api/result-bulk', {
      resultIds: [f.resultA],
      is_published: true,
    });
    assert.deepEqual(published.updated, [f.resultA]);
    await h.refused(
      h.call('admin', 'POST', `/api/mains/evaluations/${f.evalP}/reopen`, { reason: 'Late' }),
      409,
      'This result is published: unpublish it before reopening.',
    );
    const items = await h.ok('A', 'GET', '/api/mains/my-work?kind=test');
    const item = items.find((w) => w.documentId === f.test);
    assert.equal(item.totalMarks, 18.5);
    const polity = item.evaluations.find((e) => e.subject.documentId === f.polity);
    assert.deepEqual(polity.questions, [
      { question: f.q1, marks: 7, comment: 'Good structure.' },
      { question: f.q2, marks: 5, comment: null },
    ]);
    const script = await h.ok('A', 'GET', `/api/mains/scripts/${f.resultA}`);
    const economy = script.evaluations.find((e) => e.subject.documentId === f.economy);
    assert.deepEqual(economy.questions, [{ question: f.q3, marks: 6.5, comment: 'Cite data.' }]);
    assert.ok(
      script.evaluations.every((e) => !('reopenings' in e)),
      'staff-only record',
    );
    const rest = await h.ok('A', 'GET', '/api/evaluations');
    const restPolity = rest.find((e) => e.documentId === f.evalP);
    assert.equal(restPolity.question_marks.length, 2);
    const graph = await h.call('A', 'POST', '/api/graphql', {
      query: `{ evaluations { documentId question_marks } }`,
    });
    assert.equal(
      graph.json.data.evaluations.find((e) => e.documentId === f.evalE).question_marks[0].marks,
      6.5,
    );
    // The generic create never takes per-question marks (only /api/mains/evaluations writes them).
    const generic = await h.ok('priya', 'POST', '/api/evaluations', {
      data: { subject: h.f.polity, question_marks: [{ question: f.q1, marks: 10 }] },
    });
    assert.equal(generic.question_marks ?? null, null);
    // B, unpublished, still sees nothing; and nothing of A's.
    assert.deepEqual(await h.ok('B', 'GET', '/api/evaluations'), []);
    await h.refused(h.call('B', 'GET', `/api/mains/scripts/${f.resultA}`), 404);
  });
});

describe('per-question marks and reopen (PostgreSQL)', { skip: skipWithoutPostgres }, () => {
  const h = harness();
  h.setUp(
    async () => {
      await h.makeScripts('Grading per question (PG)', ['A']);
    },
    { postgres: true },
  );

  test('bounds, sum, confirmation, lock and reopen with its reason', async () => {
    await coreScenario(h);
    const board = await h.ok(
      'admin',
      'GET',
      `/api/mains/progress?kind=test&documentId=${h.f.test}`,
    );
    assert.deepEqual(
      board.missing.map((m) => m.pendingSubjects),
      [['Indian Economy']],
    );
  });
});
