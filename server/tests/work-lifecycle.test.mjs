// Draft → published → closed (issue 23): learners never see a draft through any channel (REST list
// and findOne, GraphQL, a course's populate, questions, their test list, starting it); publishing
// names what is missing and tells the learners when it succeeds; a client's generic write cannot
// publish; a duplicate is a draft; closing ends the window and the open attempts with it. One boot
// of the real server on the demo institute.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { mcq } from './helpers/fixtures.mjs';
import { startServer } from './helpers/server.mjs';
import { asRoles, expectError } from './helpers/roles.mjs';

let server;
const { users, call, ok, gql, signIn } = asRoles(() => server);
const f = {};

const hour = 3_600_000;
const question = (work, points = 2) => ({
  data: mcq('Which?', { points_correct_answer: points, ...work }),
});

/** Which channels show the test to the learner A (each true when it is visible there). */
const seenByLearner = async (documentId) => {
  const list = await ok('A', 'GET', '/api/tests?pagination[pageSize]=100');
  const one = await call('A', 'GET', `/api/tests/${documentId}`);
  const graph = await gql(
    'A',
    `query($id: ID!) { tests(pagination: { limit: 100 }) { documentId } test(documentId: $id) { documentId } }`,
    { id: documentId },
  );
  assert.equal(graph.json.errors, undefined, graph.text);
  const course = await ok(
    'A',
    'GET',
    `/api/courses/${f.course}?populate[tests][fields][0]=TestName`,
  );
  const mine = await ok('A', 'GET', '/api/test/prelims/my-tests?pageSize=100');
  const questions = await ok('A', 'GET', `/api/questions?filters[test][documentId]=${documentId}`);
  return {
    list: list.some((t) => t.documentId === documentId),
    findOne: one.status === 200,
    graphList: graph.json.data.tests.some((t) => t.documentId === documentId),
    graphOne: graph.json.data.test !== null,
    populate: course.tests.some((t) => t.documentId === documentId),
    myTests: mine.some((t) => t.documentId === documentId),
    questions: questions.length > 0,
  };
};

const notices = (documentId) =>
  server
    .database()
    .prepare(`SELECT id FROM notifications WHERE kind = 'work-available' AND about_id = ?`)
    .all(documentId).length;

before(async () => {
  server = await startServer();
  await signIn([
    ['admin', 'admin'],
    ['faculty', 'faculty'],
    ['A', 'student1'],
  ]);
  const courses = await ok('admin', 'GET', '/api/courses?pagination[pageSize]=100');
  f.course = courses.find((c) => c.course_name === 'Civil Services Foundation').documentId;
  f.A = users.A.student.documentId;
});

after(async () => {
  await server?.stop();
});

describe('a draft test', () => {
  test('is invisible to learners in every channel; starting it is a 404', async () => {
    const draft = await ok('faculty', 'POST', '/api/tests', {
      data: { TestName: 'Half made', course: f.course, students: [f.A], status: 'draft' },
    });
    f.draft = draft.documentId;
    assert.equal(draft.status, 'draft');
    await ok('admin', 'POST', '/api/questions', question({ test: f.draft }, 0));
    const seen = await seenByLearner(f.draft);
    assert.deepEqual(seen, {
      list: false,
      findOne: false,
      graphList: false,
      graphOne: false,
      populate: false,
      myTests: false,
      questions: false,
    });
    expectError(await call('A', 'POST', '/api/test/prelims/initialize', { testId: f.draft }), 404);
    // Nobody was told about a draft.
    assert.equal(notices(f.draft), 0);
    // Staff see it, with its status, and can filter the list by status.
    const staffList = await ok('faculty', 'GET', '/api/tests?filters[status][$eq]=draft');
    assert.ok(staffList.some((t) => t.documentId === f.draft));
    assert.ok(staffList.every((t) => t.status === 'draft'));
  });

  test('a generic write cannot publish it; publishing names everything missing', async () => {
    const put = await ok('admin', 'PUT', `/api/tests/${f.draft}`, {
      data: { status: 'published', Description: 'Still half made' },
    });
    assert.equal(put.status, 'draft');
    const graph = await gql(
      'admin',
      `mutation($id: ID!) { updateTest(documentId: $id, data: { status: published }) { status } }`,
      { id: f.draft },
    );
    assert.notEqual(graph.json.data?.updateTest?.status, 'published', graph.text);
    assert.equal((await ok('admin', 'GET', `/api/tests/${f.draft}`)).status, 'draft');

    const error = expectError(await call('faculty', 'POST', `/api/tests/${f.draft}/publish`), 400);
    assert.equal(
      error.message,
      'The test cannot be published yet. It needs the duration; the window start (valid from); ' +
        'the window end (valid to); the maximum marks; marks above 0 for a correct answer on every ' +
        'question (1 has none).',
    );
    assert.deepEqual(error.details.missing.length, 5);
    assert.equal((await ok('admin', 'GET', `/api/tests/${f.draft}`)).status, 'draft');
  });

  test('a test with no questions is named (a pass mark in percent is not compared with marks)', async () => {
    const t = await ok('admin', 'POST', '/api/tests', {
      data: {
        TestName: 'No questions',
        status: 'draft',
        TestDuration: 30,
        ValidFrom: new Date(Date.now() - hour).toISOString(),
        ValidTo: new Date(Date.now() + hour).toISOString(),
        MaximumMarks: 10,
        pass_mark_unit: 'percent',
        PassMark: 50,
      },
    });
    // Percent pass marks are checked against 100 by the form rules, not the maximum.
    const error = expectError(
      await call('admin', 'POST', `/api/tests/${t.documentId}/publish`),
      400,
    );
    assert.equal(
      error.message,
      'The test cannot be published yet. It needs at least one question.',
    );
  });

  test('publishing a complete draft shows it in every channel and tells its learners', async () => {
    const questions = await ok(
      'admin',
      'GET',
      `/api/questions?filters[test][documentId]=${f.draft}`,
    );
    await ok('admin', 'PUT', `/api/questions/${questions[0].documentId}`, {
      data: { points_correct_answer: 2 },
    });
    await ok('faculty', 'PUT', `/api/tests/${f.draft}`, {
      data: {
        TestDuration: 30,
        ValidFrom: new Date(Date.now() - hour).toISOString(),
        ValidTo: new Date(Date.now() + hour).toISOString(),
        MaximumMarks: 2,
        PassMark: 1,
      },
    });
    assert.equal(notices(f.draft), 0);
    const published = await ok('faculty', 'POST', `/api/tests/${f.draft}/publish`);
    assert.equal(published.status, 'published');
    assert.ok(notices(f.draft) >= 1, 'the learners are told on publish');
    const seen = await seenByLearner(f.draft);
    assert.ok(Object.values(seen).every(Boolean), JSON.stringify(seen));
    // Publishing again changes nothing and tells nobody again.
    const told = notices(f.draft);
    assert.equal(
      (await ok('faculty', 'POST', `/api/tests/${f.draft}/publish`)).status,
      'published',
    );
    assert.equal(notices(f.draft), told);
  });

  test('unknown or hidden tests are 404; learners may not publish or close', async () => {
    expectError(await call('admin', 'POST', '/api/tests/nope/publish'), 404);
    expectError(await call('A', 'POST', `/api/tests/${f.draft}/publish`), 403);
    expectError(await call('A', 'POST', `/api/tests/${f.draft}/close`), 403);
  });
});

describe('duplicate and close', () => {
  test('a duplicate is a draft named "Copy of …", invisible to learners', async () => {
    const copy = await ok('faculty', 'POST', '/api/duplicate-tests', { testId: f.draft });
    assert.equal(copy.TestName, 'Copy of Half made');
    assert.equal(copy.status, 'draft');
    expectError(await call('A', 'GET', `/api/tests/${copy.documentId}`), 404);
    expectError(await call('admin', 'POST', `/api/tests/${copy.documentId}/close`), 400);
  });

  test('closing ends the window now and the open attempts with it; learners still see it', async () => {
    const started = await ok('A', 'POST', '/api/test/prelims/initialize', { testId: f.draft });
    const attemptId = started.attempt.documentId;
    const before = Date.now();
    const closed = await ok('admin', 'POST', `/api/tests/${f.draft}/close`);
    assert.equal(closed.status, 'closed');
    assert.ok(new Date(closed.ValidTo).getTime() <= Date.now());
    assert.ok(new Date(closed.ValidTo).getTime() >= before - 1000);
    const row = server
      .database()
      .prepare('SELECT expires_at FROM attempts WHERE document_id = ?')
      .get(attemptId);
    assert.ok(Number(new Date(row.expires_at).getTime() || row.expires_at) <= Date.now());
    // The learner still sees the closed test (results, review) but cannot start it again.
    const seen = await ok('A', 'GET', `/api/tests/${f.draft}`);
    assert.equal(seen.status, 'closed');
    const again = await call('A', 'POST', '/api/test/prelims/initialize', { testId: f.draft });
    assert.ok(again.status >= 400 && again.status < 500, again.text);
    // Publishing a closed test is refused.
    expectError(await call('admin', 'POST', `/api/tests/${f.draft}/publish`), 400);
  });
});

describe('assignments', () => {
  test('a draft assignment is invisible; publish names what is missing, then shows it', async () => {
    const draft = await ok('faculty', 'POST', '/api/assignments', {
      data: { assignment_name: 'Draft essay', course: f.course, students: [f.A], status: 'draft' },
    });
    expectError(await call('A', 'GET', `/api/assignments/${draft.documentId}`), 404);
    const list = await ok('A', 'GET', '/api/assignments?pagination[pageSize]=100');
    assert.ok(!list.some((a) => a.documentId === draft.documentId));
    // Nor through the Mains calls (their own reads use the same scope).
    expectError(
      await call('A', 'POST', '/api/mains/start', {
        kind: 'assignment',
        documentId: draft.documentId,
      }),
      404,
    );
    const error = expectError(
      await call('faculty', 'POST', `/api/assignments/${draft.documentId}/publish`),
      400,
    );
    assert.equal(
      error.message,
      'The assignment cannot be published yet. It needs the duration or the submission date; ' +
        'the maximum marks.',
    );
    await ok('faculty', 'PUT', `/api/assignments/${draft.documentId}`, {
      data: { assignment_duration: 60, MaximumMarks: 50 },
    });
    assert.equal(
      (await ok('faculty', 'POST', `/api/assignments/${draft.documentId}/publish`)).status,
      'published',
    );
    assert.equal(
      (await ok('A', 'GET', `/api/assignments/${draft.documentId}`)).status,
      'published',
    );
    const closed = await ok('admin', 'POST', `/api/assignments/${draft.documentId}/close`);
    assert.equal(closed.status, 'closed');
    assert.ok(new Date(closed.assignment_submission_date).getTime() <= Date.now());
  });

  test('rows made without a status (today’s clients, old rows) stay published', async () => {
    const made = await ok('admin', 'POST', '/api/assignments', {
      data: { assignment_name: 'Old style', course: f.course, students: [f.A] },
    });
    assert.equal(made.status, 'published');
    assert.equal((await ok('A', 'GET', `/api/assignments/${made.documentId}`)).status, 'published');
    // A row whose status is null (made before the column) is published for learners.
    server
      .database()
      .prepare('UPDATE assignments SET status = NULL WHERE document_id = ?')
      .run(made.documentId);
    await ok('A', 'GET', `/api/assignments/${made.documentId}`);
  });
});
