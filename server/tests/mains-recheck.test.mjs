// Issue 27 (re-check requests): after publication, within the test's window, a learner asks for a
// re-check of one question with a reason (limits, one open request per question, their own result
// only); the faculty member who marked it (or an administrator) keeps or changes the mark with a
// comment (bounds as in marking); the result's total follows, the learner is notified, and the
// history (who, when, old → new, comment) is kept, visible to staff and to the learner for their own
// requests only, never through the generic REST or GraphQL. The core also on PostgreSQL.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { skipWithoutPostgres } from './helpers/postgres.mjs';
import { harness } from './helpers/mains.mjs';

const RECHECKS = '/api/mains/rechecks';

/** A's script marked (Polity 7 + 4 by Priya, Economy 6 by Arjun), completed and published. */
const publishedScript = async (h) => {
  const { f } = h;
  const p = await h.start('priya', f.resultA, f.polity);
  await h.ok('priya', 'PUT', `/api/mains/evaluations/${p}`, {
    questions: [
      { questionId: f.q1, marks: 7 },
      { questionId: f.q2, marks: 4 },
    ],
    complete: true,
    confirmTotal: 11,
  });
  const e = await h.start('arjun', f.resultA, f.economy);
  await h.ok('arjun', 'PUT', `/api/mains/evaluations/${e}`, {
    questions: [{ questionId: f.q3, marks: 6 }],
    complete: true,
    confirmTotal: 6,
  });
  const res = await h.ok('admin', 'POST', '/api/result-bulk', {
    resultIds: [f.resultA],
    is_published: true,
  });
  assert.deepEqual(res.updated, [f.resultA]);
};

const recheckScenario = async (h) => {
  const { f } = h;
  const ask = (role, body) => h.call(role, 'POST', RECHECKS, body);
  const reason = 'The second half of my answer was not counted.';
  // Not before publication, not someone else's, not without a real reason.
  await h.refused(ask('B', { resultId: f.resultB, questionId: f.q1, reason }), 409);
  await h.refused(ask('B', { resultId: f.resultA, questionId: f.q1, reason }), 404);
  await h.refused(
    ask('A', { resultId: f.resultA, questionId: f.q1, reason: 'short' }),
    400,
    'Give your reason (10 to 1000 characters).',
  );
  await h.refused(
    ask('A', { resultId: f.resultA, questionId: f.q1, reason: 'x'.repeat(1001) }),
    400,
  );
  await h.refused(ask('A', { resultId: f.resultA, questionId: 'nope', reason }), 400);
  await h.refused(ask('priya', { resultId: f.resultA, questionId: f.q1, reason }), 403);
  const request = await h.ok('A', 'POST', RECHECKS, {
    resultId: f.resultA,
    questionId: f.q1,
    reason,
  });
  assert.equal(request.status, 'open');
  assert.equal(request.marks, 7);
  await h.refused(
    ask('A', { resultId: f.resultA, questionId: f.q1, reason }),
    409,
    'A re-check of this question is already open.',
  );

  // Who sees it: the learner (own), the marker, administrators; not B, not Arjun.
  const list = async (role) => (await h.call(role, 'GET', RECHECKS)).json.data;
  assert.equal((await list('A')).length, 1);
  assert.equal((await list('B')).length, 0);
  assert.equal((await list('priya')).length, 1);
  assert.equal((await list('arjun')).length, 0);
  assert.equal((await list('admin')).length, 1);
  assert.equal((await h.call('B', 'GET', '/api/recheck-requests')).status >= 400, true);
  const graph = await h.call('B', 'POST', '/api/graphql', {
    query: '{ recheckRequests { reason } }',
  });
  assert.ok(!graph.json?.data?.recheckRequests, 'GraphQL gives no re-check rows');
  assert.ok(graph.json?.errors?.length > 0, 'GraphQL refuses the query');
  const staffGraph = await h.call('admin', 'POST', '/api/graphql', {
    query: '{ recheckRequests { reason } mainsAllocations { role } }',
  });
  assert.ok(!staffGraph.json?.data?.recheckRequests, 'no generic grant, staff included');

  // Answering: only the marker or an administrator; bounds as in marking; a comment.
  const answer = (role, body) =>
    h.call(role, 'POST', `${RECHECKS}/${request.documentId}/answer`, body);
  await h.refused(answer('arjun', { decision: 'change', marks: 9, comment: 'Recounted.' }), 404);
  await h.refused(answer('A', { decision: 'change', marks: 9, comment: 'Recounted.' }), 403);
  await h.refused(
    answer('priya', { decision: 'change', marks: 11, comment: 'Recounted.' }),
    400,
    'Marks for question 1 must be between 0 and 10.',
  );
  await h.refused(answer('priya', { decision: 'change', marks: 9 }), 400);
  await h.refused(answer('priya', { decision: 'maybe', comment: 'Recounted.' }), 400);
  const before = await h.ok('A', 'GET', `/api/mains/scripts/${f.resultA}`);
  assert.equal(before.result.total_marks, 17, 'nothing changed by the refusals');
  const answered = await h.ok('priya', 'POST', `${RECHECKS}/${request.documentId}/answer`, {
    decision: 'change',
    marks: 9,
    comment: 'The second part earns two more marks.',
  });
  assert.equal(answered.status, 'changed');
  assert.equal(answered.marks, 9);
  await h.refused(answer('priya', { decision: 'keep', comment: 'Again.' }), 409);
  const script = await h.ok('A', 'GET', `/api/mains/scripts/${f.resultA}`);
  assert.equal(script.result.total_marks, 19, 'the total follows');
  const polity = script.evaluations.find((e) => e.subject.documentId === f.polity);
  assert.equal(polity.total_marks, 13);

  // The learner's own history, staff names withheld; the notification.
  const [mine] = await list('A');
  assert.equal(mine.history.length, 2);
  assert.deepEqual(
    [mine.history[1].action, mine.history[1].old, mine.history[1].new, mine.history[1].by],
    ['changed', 7, 9, 'Staff'],
  );
  assert.equal(mine.history[1].comment, 'The second part earns two more marks.');
  const [staffView] = await list('admin');
  assert.notEqual(staffView.history[1].by, 'Staff');
  const bell = await h.ok('A', 'GET', '/api/notifications?filters[kind][$eq]=recheck-answered');
  assert.equal(bell.length, 1);
  assert.match(bell[0].message, /from 7 to 9/);

  // A second question; "keep" leaves the mark; then the window closes (0 days).
  const second = await h.ok('A', 'POST', RECHECKS, {
    resultId: f.resultA,
    questionId: f.q3,
    reason: 'Please look at the data I cited again.',
  });
  const kept = await h.ok('arjun', 'POST', `${RECHECKS}/${second.documentId}/answer`, {
    decision: 'keep',
    comment: 'The data was not relevant.',
  });
  assert.equal(kept.status, 'kept');
  assert.equal((await h.ok('A', 'GET', `/api/mains/scripts/${f.resultA}`)).result.total_marks, 19);
  await h.ok('admin', 'PUT', `/api/tests/${f.test}`, { data: { recheck_days: 0 } });
  await h.refused(ask('A', { resultId: f.resultA, questionId: f.q2, reason }), 409);
};

describe('re-check requests (SQLite)', () => {
  const h = harness();
  h.setUp(async () => {
    await h.makeScripts('Re-check Mains');
    await publishedScript(h);
  });

  test('ask, answer, totals, history and who sees it', async () => {
    await recheckScenario(h);
  });
});

describe('re-check requests on PostgreSQL', { skip: skipWithoutPostgres }, () => {
  const h = harness();
  h.setUp(
    async () => {
      await h.makeScripts('Re-check Mains PG');
      await publishedScript(h);
    },
    { postgres: true },
  );

  test('ask, answer, totals, history and who sees it', async () => {
    await recheckScenario(h);
  });
});
